"""Validation of the game XML by the engine's game.dtd, as lxml's error log reports it.

lxml's `DTD.validate` holds the GIL for most of its time (each error is a Python callback),
so beside the other checks it only slows them down. The optional C kernel `_dtdvalid`
validates the XML bytes with lxml's own libxml2 and without the GIL: `start` runs it in a
background thread as soon as the bytes are read, and `DtdReport`s from both paths are
identical (tests compare them). `parse_and_validate` runs it in the calling thread and also
hands the document it parsed to lxml, which then need not parse the bytes again. Without
the kernel (unbuilt, DDAY2_PURE) or when it cannot answer, `validate_tree` is the lxml path.
"""

from __future__ import annotations

import io
from concurrent.futures import Future
from dataclasses import dataclass
from functools import lru_cache

from lxml import etree

from converter.check import switching
from converter.check.accel import accelerator
from converter.check.worker import background

SHOWN_ERRORS = 21  # X004 shows 20 errors and the line of the 21st; error_count covers the rest


_UNKNOWN_ID = etree.ErrorTypes.DTD_UNKNOWN_ID  # libxml2's XML_DTD_UNKNOWN_ID (536, as in _dtdvalid.c)
_NOT_DETERMINISTIC = etree.ErrorTypes.DTD_CONTENT_NOT_DETERMINIST


@dataclass(frozen=True)
class DtdError:
    line: int  # 0 when libxml2 knows none
    message: str


@dataclass(frozen=True)
class DtdReport:
    valid: bool
    error_count: int
    errors: tuple[DtdError, ...]  # the first SHOWN_ERRORS, in lxml's error-log order


def validate_tree(tree: etree._ElementTree, dtd_bytes: bytes) -> DtdReport:
    """The lxml path (and the oracle of the kernel)."""
    dtd = _dtd(dtd_bytes)
    valid = dtd.validate(tree)
    log = dtd.error_log
    if any(entry.type == _NOT_DETERMINISTIC for entry in log):
        # libxml2 reports a content model only when it compiles it, once per DTD object:
        # the next validation needs a fresh DTD to report it again (as the kernel does)
        _dtd.cache_clear()
    return DtdReport(bool(valid), len(log), tuple(DtdError(entry.line, entry.message)
                                                  for entry in canonical_order(list(log))[:SHOWN_ERRORS]))


def canonical_order(entries: list) -> list:
    """lxml's log entries with the unknown-ID errors last, sorted by (line, message). libxml2
    reports those in a final pass over its IDREF hash table, whose seed is random per table:
    in their own order the errors shown (the first SHOWN_ERRORS) changed from run to run
    (found by fuzzing). The tree walk's errors keep their order. The kernel orders alike."""
    unknown_ids = [entry for entry in entries if entry.type == _UNKNOWN_ID]
    if not unknown_ids:
        return entries
    return [entry for entry in entries if entry.type != _UNKNOWN_ID] + \
        sorted(unknown_ids, key=lambda entry: (entry.line, entry.message))


def validate_bytes(xml_bytes: bytes, dtd_bytes: bytes) -> DtdReport | None:
    """The kernel's answer for the XML these bytes parse to; None when it has none (no kernel,
    or input it leaves to lxml: then use `validate_tree`). Releases the GIL for its bulk."""
    kernel = _kernel(dtd_bytes)
    return None if kernel is None else _report(kernel.validate(xml_bytes, dtd_bytes, SHOWN_ERRORS))


def start(xml_bytes: bytes, dtd_bytes: bytes) -> Future | None:
    """`validate_bytes` in the background thread (read it with `result`); None without a kernel.
    The thread runs the C function alone: it needs the GIL only to start and to return, and
    with the switch interval shortened meanwhile (`switching`) it returns while the XML rules
    run, not when X004 waits for it (measured: a small map's check up to 8% quicker)."""
    kernel = _kernel(dtd_bytes)
    if kernel is None:
        return None
    switching.shorten()
    try:
        pending = background().submit(kernel.validate, xml_bytes, dtd_bytes, SHOWN_ERRORS)
    except BaseException:
        switching.restore()
        raise
    pending.add_done_callback(switching.restore)
    return pending


def parse_and_validate(xml_bytes: bytes, dtd_bytes: bytes) -> tuple[etree._ElementTree | None, Future | None]:
    """Parse and validate in this thread in one GIL-free pass: the tree lxml's hardened parser
    would build (adopted by lxml, not parsed again; None when the bytes are left to lxml,
    e.g. not well-formed, so that its error message is the one shown) and `start`'s answer,
    already done. (None, None) without a kernel."""
    kernel = _kernel(dtd_bytes)
    if kernel is None or _ADOPT is None:
        return None, None
    done: Future = Future()
    try:
        answer, document = kernel.parse_and_validate(xml_bytes, dtd_bytes, SHOWN_ERRORS)
    except Exception as error:  # noqa: BLE001 - as the thread's: `result` then leaves it to lxml
        done.set_exception(error)
        return None, done
    done.set_result(answer)
    return _adopted(document), done


def _adopted(document) -> etree._ElementTree | None:
    if document is None:
        return None
    try:
        return _ADOPT(document)
    except Exception:  # noqa: BLE001 - e.g. MemoryError: lxml's own parse then gives the tree
        return None  # (the capsule, or lxml when it took the document, frees it)


_ADOPT = getattr(etree, "adopt_external_document", None)  # lxml 3.3 on


def result(pending: Future) -> DtdReport | None:
    """What `validate_bytes` would have answered; None also when the kernel failed."""
    try:
        return _report(pending.result())
    except Exception:  # noqa: BLE001 - e.g. MemoryError in the thread: lxml gives the same answer
        return None


def _kernel(dtd_bytes: bytes):
    kernel = accelerator("_dtdvalid")
    return None if b"<!ENTITY" in dtd_bytes else kernel  # a DTD with entities might load files


def _report(answer) -> DtdReport | None:
    if answer is None:
        return None
    valid, count, entries = answer
    return DtdReport(valid, count, tuple(DtdError(line, _message(raw)) for line, raw in entries))


@lru_cache(maxsize=2)
def _dtd(data: bytes) -> etree.DTD:
    return etree.DTD(io.BytesIO(data))


def _message(raw: bytes | None) -> str:
    """As lxml's `_LogEntry.message` turns libxml2's message into text."""
    if not raw or raw == b"\n":
        return "unknown error"
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    try:
        return raw.decode("utf8")
    except UnicodeDecodeError:
        return raw.decode("ascii", "backslashreplace")
