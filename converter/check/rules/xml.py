"""X0xx: the game XML itself — readable, well-formed, safe, the right root, valid by the DTD."""

from __future__ import annotations

from converter.check.dtdvalid import SHOWN_ERRORS
from converter.check.rule import hit, rule
from converter.findings import Severity

_ENTITIES = "declares entities"
MAX_DTD_FINDINGS = SHOWN_ERRORS - 1  # a 2.x XML can break the 1.9 DTD hundreds of times; the first ones say enough


@rule("X001", "xml.not-well-formed", Severity.ERROR, "the game XML cannot be read: {reason}", beyond_engine=False)
def not_well_formed(context):
    if context.target.xml is not None and context.tree is None and _ENTITIES not in (context.xml_error or ""):
        reason = context.xml_error or "unknown"
        line = _line_of(reason)
        yield hit(line=line, reason=reason.split(" (line")[0][:200])


@rule("X002", "xml.entity-declaration", Severity.ERROR,
      "the game XML declares entities; refused unexpanded (XXE and entity-expansion attacks)")
def entity_declaration(context):
    if context.target.xml is not None and _ENTITIES in (context.xml_error or ""):
        yield hit(line=1)


@rule("X003", "xml.wrong-root", Severity.ERROR, "the root element is <{tag}>, not <game>", beyond_engine=False)
def wrong_root(context):
    tree = context.tree
    if tree is not None and tree.getroot().tag != "game":
        yield hit(line=tree.getroot().sourceline, tag=tree.getroot().tag)


@rule("X004", "xml.dtd-invalid", Severity.WARNING, "not valid by the engine's game.dtd: {message}")
def dtd_invalid(context):
    """The 1.9 engine validates against game.dtd but only logs what it finds (2.x ignores the DTD)."""
    report = context.dtd_report
    if report is None or report.valid:
        return
    for error in report.errors[:MAX_DTD_FINDINGS]:
        yield hit(line=error.line or None, message=error.message[:200])
    if report.error_count > MAX_DTD_FINDINGS:
        yield hit(line=report.errors[MAX_DTD_FINDINGS].line or None,
                  message=f"and {report.error_count - MAX_DTD_FINDINGS} more DTD errors not shown")


@rule("X005", "xml.doctype", Severity.INFO, "the game XML {problem}; the engine expects "
      "<!DOCTYPE game SYSTEM \"game.dtd\">")
def doctype(context):
    tree = context.tree
    if tree is None or tree.getroot().tag != "game":
        return
    info = tree.docinfo
    if not info.doctype:
        yield hit(line=1, problem="has no DOCTYPE")
    elif info.system_url and info.system_url != "game.dtd":
        yield hit(line=1, problem=f"names DTD {info.system_url!r}")


def _line_of(reason: str) -> int | None:
    marker = "line "
    if marker not in reason:
        return None
    digits = reason.split(marker, 1)[1].split(",")[0].split(")")[0].strip()
    return int(digits) if digits.isdigit() else None
