#!/usr/bin/env python3
"""Differential fuzzing of `dday2 check` against the real engine (a dev tool; run from the
repository root with TripleA 1.9 installed).

Game XMLs are mutated (an attribute or option value mistyped, recased, swapped for another
name of the game or given an extra `:part`; an element removed or given twice; an attribute
dropped) and each mutant is put to two judges: the installed TripleA 1.9, parsing it in one
long-lived JVM (scripts/java/ParseOracle.java), and `dday2 check`. They agree when 1.9 loads
the game and the check reports nothing of a rule that says the engine refuses it
(`beyond_engine=False`), or when 1.9 refuses it and the check reports such a finding. The
disagreements are what this is for:

- a gap: 1.9 refuses and the check is silent, so a map maker learns of the fault from the
  engine, without a line;
- a claim: the check says the engine refuses and 1.9 loads the game.

The check follows TripleA 2.x where the two engines differ, so many disagreements are known
differences; each is labelled with the reason (KNOWN_GAPS, KNOWN_CLAIMS), and the others are
listed as unexplained, two examples each. Every disagreement goes to --out/disagreements.jsonl.

    python3 scripts/fuzz_engine.py --minutes 5 --seed 1 --out /tmp/fuzz-engine
    python3 scripts/fuzz_engine.py --xml ../shared/reference/map-xmls/cold_war.xml --minutes 2
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from contextlib import ExitStack
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "tests" / "check"))

from lxml import etree  # noqa: E402

from converter.check.engine import ENGINE_JAR, load_engine  # noqa: E402
from converter.check.inputs import resolve  # noqa: E402
from converter.check.rule import REGISTRY  # noqa: E402
from converter.check.runner import check_target  # noqa: E402
from converter.paths import SHARED_DIR  # noqa: E402
from converter.xmlsafe import hardened_parser  # noqa: E402

JAVA_SOURCE = REPO_ROOT / "scripts" / "java" / "ParseOracle.java"
REFUSED = frozenset(rule.code for rule in REGISTRY if not rule.beyond_engine)
NAME_ATTRIBUTES = ("name", "attachTo", "value", "t1", "t2", "territory", "owner", "unitType", "player", "resource",
                   "frontier", "delegate", "resourceOrUnit", "type", "player1", "player2")
# 1.9 refuses, the check is silent, and rightly: (the engine's message, or the mutation, as a
# pattern; why)
KNOWN_GAPS = (
    (r"^SAXParseException", "1.9 validates by its DTD; 2.x reads none (X004 reports it as a warning)"),
    (r"Editable properties must have exactly 1 child", "2.x infers a property's type from its value"),
    (r"No child called loader|Too many children named loader|\| (deleted )?loader@", "2.x reads no <loader>"),
    (r"deleted option@value|option@value: .* -> ''", "2.x skips an option with no value or an empty one"),
    (r"Map already contains", "S201 reports the territory declared twice (an error the engine's parser also stops at)"),
    (r"either misspelled or exist only in a future version.*Setter: (?![a-z]*[a-z]{2}[A-Z])[A-Za-z]+ \|",
     "2.x maps old option names in any letter case (LegacyPropertyMapper)"),
    (r"deleted \w+@quantity|deleted relationship@roundValue", "2.x reads a missing number as 0"),
    (r"^[^|]*No child called info", "2.x reads no <info>: the game's name is map.yml's (X004 warns)"),
    (r"invalid version string", "2.x reads no game version from <info>"),
    (r"EngineVersionException", "2.x reads no <triplea minimumVersion>; 1.9 refused a game asking for a later engine"),
    (r"maxRunCount must be positive", "2.x ignores a step's maxRunCount below 1 (S239 warns); 1.9 refused it"),
    (r'For input string: "".*\| (deleted number@m(in|ax)|property@value: .* -> \'\')',
     "2.x reads an editable property's missing bound as none and an empty value as text; 1.9 read both as numbers"),
    (r"String cannot be cast to class java.lang.Boolean|ClassCastException.*\| removed <boolean",
     "2.x infers a property's type from its value"),
    (r'For input string: .*\| (deleted property@value|property@value: )',
     "2.x infers an editable property's type from its value: one not a whole number is text (S210 warns)"),
    (r"cause: GameParseException: land units cannot have certain properties",
     "1.9's validation forbade land units more options than 2.x's (transportCapacity)"),
    (r"something wrong with bombingBonus or bombingMaxDieSides", "2.x does not validate bombingBonus"),
    (r"\| recased <", "2.x reads tags in any letter case; 1.9 only in theirs (X004 warns of the others)"),
    (r"property:victoryCity.*\| option@value: .* -> '(?i:true|false)'", "2.x reads an old victoryCity of true or "
     "false as 1 or 0 (LegacyPropertyMapper)"),
)
# the check says the engine refuses, 1.9 loads: 2.x refuses (the finding's text, or the mutation)
KNOWN_CLAIMS = (
    (r"TripleA 2\.x refuses", "2.x's validation refuses it; 1.9 did not validate that"),
    (r"-> '[^']*[ ]'|-> ' [^']*'", "1.9's DTD strips the blanks around a name (IDREF); 2.x keeps them"),
    (r"names an undefined [a-z ]+ ''|-> '[^']*:' \(line", "2.x keeps an empty last part after a colon; 1.9 dropped it"),
    (r"<number (min|max)=|<property (min|max)=",
     "2.x's XML reader reads every min and max; 1.9 only an editable one's"),
    (r"<step player=", "2.x refuses a step naming an unknown player; 1.9 left the step with none"),
    (r"<unitPlacement owner=", "2.x gives units placed for an unknown owner no owner; 1.9 made them neutral"),
    (r"option 'bonusType'=.* is not \[<number>:\]<bonus type>",
     "2.x refuses a support's bonusType of more than count:type; 1.9 read it whole"),
    (r"\| recased <", "2.x reads a tag in any letter case, and refuses what it holds; 1.9 passed over the element"),
)


class Oracle:
    """TripleA 1.9's GameParser in one JVM: `verdict(path)` is "ok" or its exception."""

    def __init__(self, scratch: Path) -> None:
        subprocess.run(["javac", "-nowarn", "-cp", str(ENGINE_JAR), "-d", str(scratch), str(JAVA_SOURCE)],
                       check=True, capture_output=True)
        shutil.copy(ENGINE_JAR.parent / "game_engine.properties", scratch)
        self.process = subprocess.Popen(
            ["java", f"-Duser.home={scratch}", f"-Djava.util.prefs.userRoot={scratch}", "-cp",
             f"{ENGINE_JAR}:{scratch}", "ParseOracle"], cwd=scratch, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)

    def verdict(self, path: Path) -> str:
        self.process.stdin.write(f"{path}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the engine's JVM ended")
        return answer.rstrip("\n")

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(30)


class Mutator:
    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def mutate(self, root: etree._Element) -> str:
        """Changes the tree in place; says what it did, with the line."""
        rng = self.rng
        elements = [element for element in root.iter() if isinstance(element.tag, str) and element is not root]
        element = rng.choice(elements)
        roll = rng.random()
        if roll < 0.6:
            options = [each for each in elements if each.tag == "option" and each.attrib]
            element = rng.choice(options) if roll < 0.3 and options else element
            if not element.attrib:
                return ""
            key = rng.choice(sorted(element.attrib))
            old = element.get(key)
            if key == "value" and element.tag == "option" and rng.random() < 0.25:  # another option's value
                element.set(key, rng.choice(options).get("value", ""))
            else:
                element.set(key, self._text(old, self._names(root)))
            return f"{element.tag}@{key}: {old!r} -> {element.get(key)!r} (line {element.sourceline})"
        if roll < 0.75:
            element.getparent().remove(element)
            return f"removed <{element.tag} {dict(element.attrib)}> (line {element.sourceline})"
        if roll < 0.83:  # elsewhere among its siblings: where the order matters (attachments named before use)
            parent = element.getparent()
            siblings = [each for each in parent if isinstance(each.tag, str)]
            if len(siblings) < 2:
                return ""
            parent.remove(element)
            parent.insert(rng.randrange(len(parent) + 1), element)
            return f"moved <{element.tag} {dict(element.attrib)}> (line {element.sourceline}) to place " \
                   f"{parent.index(element)} of <{parent.tag}>"
        if roll < 0.87:  # 2.x reads tags in any letter case, 1.9 and the DTD in theirs
            old = element.tag
            element.tag = old.swapcase() if rng.random() < 0.5 else old[:1].upper() + old[1:]
            return f"recased <{old}> as <{element.tag}> (line {element.sourceline})" if element.tag != old else ""
        if roll < 0.90:  # an option of another attachment, of its class or another: setters refuse by class
            options = [each for each in elements if each.tag == "option"]
            attachments = [each for each in elements if each.tag == "attachment"]
            if not options or not attachments:
                return ""
            moved, into = copy.deepcopy(rng.choice(options)), rng.choice(attachments)
            into.append(moved)
            return f"transplanted <option {dict(moved.attrib)}> into <attachment {dict(into.attrib)}> " \
                   f"(line {into.sourceline})"
        if roll < 0.93:
            element.addnext(copy.deepcopy(element))
            return f"duplicated <{element.tag} {dict(element.attrib)}> (line {element.sourceline})"
        if not element.attrib:
            return ""
        key = rng.choice(sorted(element.attrib))
        del element.attrib[key]
        return f"deleted {element.tag}@{key} (line {element.sourceline})"

    def _names(self, root: etree._Element) -> list[str]:
        return [value for element in root.iter() if isinstance(element.tag, str)
                for key, value in element.attrib.items() if key in NAME_ATTRIBUTES] or ["x"]

    def _text(self, text: str, names: list[str]) -> str:
        rng, roll = self.rng, self.rng.randrange(6)
        if roll == 0 and text:
            at = rng.randrange(len(text))
            return text[:at] + text[at + 1:]
        if roll == 1:
            at = rng.randrange(len(text) + 1)
            return text[:at] + rng.choice("aeXz_ -:1") + text[at:]
        if roll == 2:
            return text.swapcase() if rng.random() < 0.5 else text.lower()
        if roll == 3:
            return rng.choice(names)
        if roll == 4 and ":" in text:
            parts = text.split(":")
            parts[rng.randrange(len(parts))] = rng.choice(names).split(":")[0]
            return ":".join(parts)
        return text + rng.choice((" ", ":", ":x", "s"))


def label(verdict: str, refused_findings: list[str], changes: list[str]) -> tuple[str, str]:
    """(kind, reason) of a mutant's result: kind is agree, gap or claim; the reason names a
    known difference between the engines, else "unexplained" (with the engine's words for a gap)."""
    loads = verdict == "ok"
    if loads != bool(refused_findings):
        return "agree", ""
    if not loads:
        said = verdict + " | " + " | ".join(changes)
        for pattern, reason in KNOWN_GAPS:
            if re.search(pattern, said):
                return "gap", reason
        return "gap", "unexplained: " + _shape(verdict)
    said = " | ".join(refused_findings) + " | " + " | ".join(changes)
    for pattern, reason in KNOWN_CLAIMS:
        if re.search(pattern, said):
            return "claim", reason
    return "claim", "unexplained: " + " ".join(sorted({finding.split()[0] for finding in refused_findings}))


def _shape(message: str) -> str:
    """The engine's message with names and paths taken out, to group alike ones."""
    message = re.sub(r"MapName: \S+, |game: [^,]+, |line: \d+, column: \d+", "", message)
    message = re.sub(r"(name:|named:|called:|Setter:|string:|contains|to:|for:).*", r"\1 ...", message)
    return re.sub(r"'[^']*'|\"[^\"]*\"", "'...'", message)[:120]


def default_bases(oracle: Oracle, scratch: Path) -> list[Path]:
    """The tiny map of the rule cases, the D-Day2 XML `dday2 build` writes (when built), and the
    reference XMLs 1.9 loads as they are."""
    from check_mapkit import base_xml

    tiny = scratch / "tiny.xml"
    tiny.write_text(base_xml())
    bases = [tiny, *sorted((REPO_ROOT / "build").glob("d-day2/map/games/*.xml"))]
    bases += sorted(SHARED_DIR.glob("reference/dday2-community-map/map/games/*.xml"))
    bases += sorted(SHARED_DIR.glob("reference/map-xmls/*.xml"))
    return [base for base in bases if oracle.verdict(base) == "ok"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=5.0, help="how long to fuzz (default 5)")
    parser.add_argument("--seed", type=int, default=None, help="random seed (default: from the clock)")
    parser.add_argument("--out", type=Path, default=None, help="folder for disagreements.jsonl (default: a temp one)")
    parser.add_argument("--xml", type=Path, action="append", default=None, help="a game XML to mutate (repeatable)")
    args = parser.parse_args(argv)
    if not ENGINE_JAR.is_file() or shutil.which("javac") is None:
        print(f"needs TripleA 1.9 ({ENGINE_JAR}) and javac", file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int(time.time())
    with ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="dday2-fuzz-engine-")))
        out = args.out or scratch
        out.mkdir(parents=True, exist_ok=True)
        oracle = Oracle(scratch)
        stack.callback(oracle.close)
        bases = args.xml or default_bases(oracle, scratch)
        if not bases:
            print("no game XML that 1.9 loads to start from", file=sys.stderr)
            return 2
        print(f"seed {seed}; {len(bases)} base XMLs; {args.minutes:g} minutes", flush=True)
        counts, examples = campaign(bases, oracle, Mutator(random.Random(seed)), args.minutes, scratch,
                                     out / "disagreements.jsonl")
    report(counts, examples, out)
    return 0


def campaign(bases: list[Path], oracle: Oracle, mutator: Mutator, minutes: float, scratch: Path,
              log_path: Path) -> tuple[Counter, dict]:
    engine, parser = load_engine(), hardened_parser()
    sources = [(base, base.read_bytes()) for base in bases]
    counts: Counter = Counter()
    examples: dict[tuple[str, str], list[dict]] = defaultdict(list)
    end, made = time.monotonic() + minutes * 60, 0
    with log_path.open("w") as log:
        while time.monotonic() < end:
            base, data = mutator.rng.choice(sources)
            tree = etree.ElementTree(etree.fromstring(data, parser))
            changes = [change for change in (mutator.mutate(tree.getroot())
                                             for _ in range(mutator.rng.choice((1, 1, 1, 2)))) if change]
            if not changes:
                continue
            made += 1
            mutant = scratch / f"mutant{made % 20}.xml"
            mutant.write_bytes(etree.tostring(tree, xml_declaration=True, encoding="UTF-8",
                                              doctype='<!DOCTYPE game SYSTEM "game.dtd">'))
            verdict = oracle.verdict(mutant)
            with ExitStack() as targets:
                findings = [finding for target in resolve(mutant, targets)
                            for finding in check_target(target, engine=engine).findings]
            refused = [f"{finding.code} {finding.line} {finding.message}" for finding in findings
                       if finding.code in REFUSED]
            kind, reason = label(verdict, refused, changes)
            counts[kind, reason] += 1
            if kind != "agree":
                entry = {"kind": kind, "reason": reason, "base": base.name, "changes": changes,
                         "engine": verdict[:500], "check": refused[:5]}
                log.write(json.dumps(entry) + "\n")
                if len(examples[kind, reason]) < 2:
                    examples[kind, reason].append(entry)
    return counts, examples


def report(counts: Counter, examples: dict, out: Path) -> None:
    total = sum(counts.values())
    agree = sum(count for (kind, _), count in counts.items() if kind == "agree")
    print(f"{total} mutants: {agree} agree, {total - agree} disagree (details: {out / 'disagreements.jsonl'})")
    for (kind, reason), count in sorted(counts.items(), key=lambda item: (item[0][0], -item[1])):
        if kind == "agree":
            continue
        print(f"  {count:5d}  {kind:5s}  {reason}")
        if reason.startswith("unexplained"):
            for entry in examples[kind, reason]:
                print(f"           {entry['base']}: {'; '.join(entry['changes'])}")
                print(f"             1.9: {entry['engine'][:160]}")
                print(f"             check: {entry['check'][:2]}")


if __name__ == "__main__":
    sys.exit(main())
