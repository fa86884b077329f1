"""The game XML parsed once, by the DTD kernel, and adopted by lxml (`dtdvalid.parse_and_validate`)
against lxml's own hardened parse, its oracle: what the check context ends up with (the tree, or
the refusal and its message) is the same, node for node, line for line, on every real XML, on
mutated ones and on hostile input; a capsule lxml never adopts is freed without harm."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from check_mapkit import base_files, inserted_after_tags, reference_game_xmls, write_tree
from converter.check import dtdvalid
from converter.check.accel import accelerator
from converter.check.context import CheckContext, Target
from converter.check.engine import ENGINE_JAR
from converter.check.runner import check_target
from converter.paths import REPO_ROOT
from converter.xmlsafe import UnsafeXmlError, parse_xml, refuse_entities

KERNEL = accelerator("_dtdvalid")
pytestmark = [
    pytest.mark.skipif(KERNEL is None, reason="_dtdvalid is not built (python3 setup.py build_ext --inplace) "
                       "or DDAY2_PURE is set"),
    pytest.mark.skipif(not ENGINE_JAR.is_file(), reason=f"needs game.dtd from the engine jar {ENGINE_JAR}"),
]


def _shape(tree: etree._ElementTree) -> tuple:
    """Everything a rule can read: nodes with their lines, the serialisation, the doctype."""
    info = tree.docinfo
    nodes = [(str(node.tag), node.sourceline, dict(node.attrib) if isinstance(node.tag, str) else None,
              node.text, node.tail, node.nsmap if isinstance(node.tag, str) else None)
             for node in tree.getroot().iter()]
    return (etree.tostring(tree), nodes, info.doctype, info.encoding, info.xml_version, info.standalone,
            info.URL, info.root_name, info.public_id, info.system_url, info.internalDTD is None)


def _outcome(tree_or_error) -> tuple:
    return ("refused", str(tree_or_error)) if isinstance(tree_or_error, Exception) else ("tree", _shape(tree_or_error))


def _lxml(data: bytes):
    try:
        return parse_xml(data, keep_blanks=False)
    except UnsafeXmlError as error:
        return error


def _adopted(data: bytes, dtd_bytes: bytes):
    """As CheckContext.tree takes it: the adopted tree (entities refused), else lxml's parse."""
    tree, _report = dtdvalid.parse_and_validate(data, dtd_bytes)
    try:
        return refuse_entities(tree) if tree is not None else parse_xml(data, keep_blanks=False)
    except UnsafeXmlError as error:
        return error


def _assert_same(data: bytes, dtd_bytes: bytes) -> bool:
    """Same outcome both ways; True when the kernel's own tree was used."""
    tree, pending = dtdvalid.parse_and_validate(data, dtd_bytes)
    assert _outcome(_adopted(data, dtd_bytes)) == _outcome(_lxml(data))
    if tree is not None and isinstance(_lxml(data), etree._ElementTree) and tree.getroot().tag == "game":
        report = dtdvalid.result(pending)
        assert report is None or report == dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), dtd_bytes)
    return tree is not None


@pytest.mark.parametrize("path", reference_game_xmls(), ids=lambda path: path.name)
def test_adopted_tree_is_lxmls_on_real_xmls(path: Path, dtd: bytes) -> None:
    assert _assert_same(path.read_bytes(), dtd)  # and the kernel's tree was the one used


_INSERTS = st.sampled_from(["<bogus/>", "<é attr='ü'/>", "text", "<![CDATA[x]]>", "<!-- c -->", "<?pi x?>",
                            "&undeclared;", "&amp;", "&#233;", "<p:x/>", "<x xmlns:p='not a uri'/>",
                            "<x xmlns='urn:a'><y/></x>", "<x a='1' a='2'/>", "\x01", "</game>", "<",
                            "\n" * 70000])


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), _INSERTS), max_size=5))
def test_adopted_tree_is_lxmls_on_mutated_xml(dtd: bytes, edits: list[tuple[int, str]]) -> None:
    _assert_same(inserted_after_tags(base_files()["map/games/tiny.xml"], edits).encode(), dtd)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=4), st.integers(0, 3)), min_size=1, max_size=4))
def test_adopted_tree_is_lxmls_on_byte_mutations(dtd: bytes, edits: list[tuple[int, bytes, int]]) -> None:
    data = base_files()["map/games/tiny.xml"].encode()
    for position, insert, removed in edits:
        cut = position % (len(data) + 1)
        data = data[:cut] + insert + data[cut + removed:]
    _assert_same(data, dtd)


@pytest.mark.parametrize("data", [b"", b"\x00\x00\x00", b"garbage", b"<game>", b"<game></other>",
                                  "<game/>".encode("utf-16"), b"\xef\xbb\xbf<game/>",
                                  b"<?xml version='1.0' encoding='ISO-8859-1'?><game a='\xe9'/>",
                                  b"<?xml version='1.0'?><!DOCTYPE game [<!ENTITY a 'b'>]><game>&a;</game>",
                                  b"<?xml version='1.0'?><!DOCTYPE game SYSTEM 'http://x/game.dtd'><game/>",
                                  b"<game>\xff\xfe</game>", b"<game/>" + b" " * 100_000, b"<other/>"])
def test_hostile_xml_gives_lxmls_outcome(data: bytes, dtd: bytes) -> None:
    _assert_same(data, dtd)


def test_a_refused_document_is_refused_with_lxmls_message(dtd: bytes) -> None:
    entities = b"<?xml version='1.0'?><!DOCTYPE game [<!ENTITY a 'b'>]><game>&a;</game>"
    adopted, parsed = _adopted(entities, dtd), _lxml(entities)
    assert isinstance(adopted, UnsafeXmlError) and str(adopted) == str(parsed)
    broken = b"<game><territory></game>"
    assert dtdvalid.parse_and_validate(broken, dtd)[0] is None  # left to lxml, for its error message
    assert str(_adopted(broken, dtd)) == str(_lxml(broken))


def test_unadopted_and_twice_adopted_capsules_are_harmless() -> None:
    """In a child process: a crash or a double free there fails this test, not the suite."""
    script = (
        "from lxml import etree\n"
        "from converter.check.accel import accelerator\n"
        "from converter.check.engine import load_engine\n"
        "kernel, dtd = accelerator('_dtdvalid'), load_engine().dtd\n"
        "xml = b\"<?xml version='1.0'?><game><info name='a' version='1'/></game>\"\n"
        "for _ in range(2000):\n"
        "    kernel.parse_and_validate(xml, dtd, 5)  # never adopted: the capsule frees it\n"
        "answer, capsule = kernel.parse_and_validate(xml, dtd, 5)\n"
        "tree = etree.adopt_external_document(capsule)\n"
        "try:\n"
        "    etree.adopt_external_document(capsule)\n"
        "    raise SystemExit('adopted twice')\n"
        "except TypeError:\n"
        "    pass\n"
        "del capsule\n"
        "assert tree.getroot().find('info').get('name') == 'a'\n"
        "print('ok')\n")
    completed = subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, capture_output=True, text=True,
                               timeout=120)
    assert completed.returncode == 0 and completed.stdout.strip() == "ok", completed.stderr


def test_context_with_map_files_uses_the_kernels_tree_and_finds_the_same(tmp_path: Path, dtd: bytes) -> None:
    files = base_files()
    files["map/games/tiny.xml"] = files["map/games/tiny.xml"].replace("<resourceList>", "<resourceList><bogus/>")
    root = write_tree(tmp_path, files)
    xml = root / "map" / "games" / "tiny.xml"
    target = Target(xml=xml, map_dir=root / "map", repo_root=root, display_root=root, label=str(root))
    context = CheckContext(target)
    context.prefetch_map_files()
    tree = context.tree
    assert context._dtd_early.done()  # answered with the parse, not queued behind the map files
    context.wait_for_prefetch()
    assert tree is not None and _shape(tree) == _shape(parse_xml(xml.read_bytes(), keep_blanks=False))
    assert context.dtd_report is not None and not context.dtd_report.valid
    adopted = check_target(target).findings
    assert adopted == check_target(target, early_dtd=False).findings  # lxml parses, lxml validates
    assert "X004" in {finding.code for finding in adopted}


def test_a_document_lxml_cannot_adopt_is_parsed_by_lxml(monkeypatch, dtd: bytes) -> None:
    def refuse(capsule):
        raise MemoryError("no room to adopt")

    monkeypatch.setattr(dtdvalid, "_ADOPT", refuse)
    data = base_files()["map/games/tiny.xml"].encode()
    tree, pending = dtdvalid.parse_and_validate(data, dtd)
    assert tree is None and dtdvalid.result(pending) == dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), dtd)
    assert _outcome(_adopted(data, dtd)) == _outcome(_lxml(data))
