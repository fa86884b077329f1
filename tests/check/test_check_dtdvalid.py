"""The C DTD validator (_dtdvalid) against lxml, its oracle: the same verdict, error count and
first errors on every real XML, on mutated ones and on hostile input; no crash and no changed
result when it runs in threads while the main thread parses and validates with lxml."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import etree

from check_mapkit import base_files, inserted_after_tags, reference_game_xmls
from converter.check import dtdvalid
from converter.check.accel import accelerator
from converter.check.context import CheckContext, Target
from converter.check.engine import ENGINE_JAR
from converter.xmlsafe import UnsafeXmlError, parse_xml

KERNEL = accelerator("_dtdvalid")
needs_kernel = pytest.mark.skipif(KERNEL is None, reason="_dtdvalid is not built (python3 setup.py build_ext "
                                  "--inplace) or DDAY2_PURE is set")
pytestmark = [needs_kernel, pytest.mark.skipif(not ENGINE_JAR.is_file(),
                                               reason=f"needs game.dtd from the engine jar {ENGINE_JAR}")]


def _oracle(data: bytes, dtd_bytes: bytes) -> dtdvalid.DtdReport | None:
    try:
        tree = parse_xml(data, keep_blanks=False)
    except UnsafeXmlError:
        return None
    return dtdvalid.validate_tree(tree, dtd_bytes)


def _assert_same(data: bytes, dtd_bytes: bytes, background: bool = False) -> dtdvalid.DtdReport | None:
    expected = _oracle(data, dtd_bytes)
    found = dtdvalid.result(dtdvalid.start(data, dtd_bytes)) if background else dtdvalid.validate_bytes(data, dtd_bytes)
    if expected is None:  # refused by parse_xml: the context never reads the kernel's answer then
        if b"<!ENTITY" not in data:
            assert found is None  # not well-formed: the kernel must not answer either
    elif found is not None:  # None is allowed (lxml answers), a different answer is not
        assert found == expected
    return found


@pytest.mark.parametrize("path", reference_game_xmls(), ids=lambda path: path.name)
@pytest.mark.parametrize("background", [False, True], ids=["main-thread", "background"])
def test_kernel_matches_lxml_on_real_xmls(path: Path, background: bool, dtd: bytes) -> None:
    assert _assert_same(path.read_bytes(), dtd, background) is not None


def test_real_xmls_are_present() -> None:
    if not reference_game_xmls():
        pytest.skip("../shared/reference/map-xmls is absent")
    assert len(reference_game_xmls()) >= 40


def test_many_errors_count_all_and_keep_the_first(dtd: bytes) -> None:
    xml = base_files()["map/games/tiny.xml"]
    broken = xml.replace("<resourceList>", "<resourceList>" + "<bogus a='1'/>\n" * 300)
    report = _assert_same(broken.encode(), dtd)
    assert report is not None and not report.valid
    assert report.error_count > 300 and len(report.errors) == dtdvalid.SHOWN_ERRORS
    assert "bogus" in report.errors[0].message and report.errors[0].line > 0


def test_valid_tiny_xml(dtd: bytes) -> None:
    report = _assert_same(base_files()["map/games/tiny.xml"].encode(), dtd)
    assert report == dtdvalid.DtdReport(True, 0, ())


_INSERTS = st.sampled_from(["<bogus/>", "<unit name='x'/>", "<é attr='ü'/>", "text", "<![CDATA[x]]>",
                            "<!-- c -->", "<info/>", "<territory name='T' water='maybe'/>", "\n" * 70000])


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), _INSERTS), max_size=6))
def test_kernel_matches_lxml_on_mutated_xml(dtd: bytes, edits: list[tuple[int, str]]) -> None:
    _assert_same(inserted_after_tags(base_files()["map/games/tiny.xml"], edits).encode(), dtd)


@pytest.mark.parametrize("data", [b"", b"\x00\x00\x00", b"garbage", b"<game>", b"<game></other>",
                                  "<game/>".encode("utf-16"), b"\xff\xfe\x00\x00<\x00\x00\x00",
                                  b"<?xml version='1.0'?><!DOCTYPE game [<!ENTITY a 'b'>]><game>&a;</game>",
                                  b"<game>\xff\xfe</game>", b"<game/>" + b" " * 100_000])
def test_hostile_xml_never_crashes(data: bytes, dtd: bytes) -> None:
    _assert_same(data, dtd)


@pytest.mark.parametrize("bad_dtd", [b"", b"garbage", b"<!ELEMENT", b"\x00" * 10, b"<!ELEMENT game (x)>" * 1000])
def test_hostile_dtd_is_left_to_lxml_or_agrees(bad_dtd: bytes) -> None:
    data = base_files()["map/games/tiny.xml"].encode()
    try:
        expected = _oracle(data, bad_dtd)
    except etree.DTDParseError:
        expected = None  # lxml cannot even parse it: the kernel must give no answer
    found = dtdvalid.validate_bytes(data, bad_dtd)
    assert found is None or found == expected


@pytest.mark.parametrize("keep", [-1, 0, 1, 10**12])
def test_keep_bounds(keep: int, dtd: bytes) -> None:
    broken = base_files()["map/games/tiny.xml"].replace("<resourceList>", "<resourceList><bogus/><bogus/>")
    answer = KERNEL.validate(broken.encode(), dtd, keep)
    if keep < 0 or keep > 10**6:
        assert answer is None
    else:
        valid, count, entries = answer
        assert not valid and count >= 2 and len(entries) == min(keep, count)


def test_concurrent_with_lxml_in_main_thread(dtd: bytes) -> None:
    """Kernels in threads while the main thread parses and validates with lxml: every result
    as when run alone, and lxml's own error log in the main thread untouched."""
    tiny = base_files()["map/games/tiny.xml"]
    inputs = [tiny.replace("<resourceList>", "<resourceList>" + "<bogus/>" * n).encode() for n in range(0, 40, 3)]
    expected = [dtdvalid.validate_bytes(data, dtd) for data in inputs]
    main_expected = [_oracle(data, dtd) for data in inputs]
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = [pool.submit(dtdvalid.validate_bytes, inputs[i % len(inputs)], dtd) for i in range(400)]
        rounds = 0
        while not all(future.done() for future in futures) or rounds < 20:
            for data, report in zip(inputs, main_expected):
                assert _oracle(data, dtd) == report
            rounds += 1
        for i, future in enumerate(futures):
            assert future.result() == expected[i % len(inputs)]


def test_context_reports_the_same_with_and_without_background(tmp_path: Path, dtd: bytes) -> None:
    xml = tmp_path / "tiny.xml"
    xml.write_text(base_files()["map/games/tiny.xml"].replace("<resourceList>", "<resourceList><bogus/>"))
    target = Target(xml=xml, map_dir=None, repo_root=None, display_root=tmp_path, label=str(xml))
    early, late = CheckContext(target), CheckContext(target, early_dtd=False)
    assert early.tree is not None and early._dtd_early is not None
    assert late.tree is not None and late._dtd_early is None
    assert early.dtd_report == late.dtd_report and not early.dtd_report.valid


def test_lines_beyond_65535_as_lxml(dtd: bytes) -> None:
    xml = base_files()["map/games/tiny.xml"]
    broken = xml.replace("<resourceList>", "<resourceList>" + "\n" * 70_000 + "<bogus/>\n<bogus/>")
    report = _assert_same(broken.encode(), dtd)
    assert report is not None and max(error.line for error in report.errors) > 65_535



def _fresh_oracle(data: bytes, dtd_bytes: bytes) -> dtdvalid.DtdReport:
    """lxml with a DTD parsed for this validation alone (validate_tree keeps its DTDs, and a
    content model compiles once per DTD)."""
    dtdvalid._dtd.cache_clear()
    return dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), dtd_bytes)


_AMBIGUOUS_DTD = b"<!ELEMENT game (a | (b, c) | (b, d))><!ELEMENT a EMPTY><!ELEMENT b EMPTY>" \
                 b"<!ELEMENT c EMPTY><!ELEMENT d EMPTY>"
_PLAIN_DTD = b"<!ELEMENT game (a | b)*><!ELEMENT a EMPTY><!ELEMENT b EMPTY><!ATTLIST a id ID #IMPLIED>"


def test_a_content_model_that_does_not_compile_is_reported_by_every_validation() -> None:
    """The kernel keeps the last DTD between validations (its content models compile once);
    one whose model is not deterministic must not be kept: lxml with a fresh DTD reports
    that model on every validation, and so must the kernel, not only on the first."""
    data = b"<game><b/><c/></game>"
    expected = _fresh_oracle(data, _AMBIGUOUS_DTD)
    assert any("not deterministic" in error.message for error in expected.errors)
    for _ in range(3):
        assert dtdvalid.validate_bytes(data, _AMBIGUOUS_DTD) in (None, expected)
        assert dtdvalid.validate_tree(parse_xml(data, keep_blanks=False), _AMBIGUOUS_DTD) == expected  # the lxml path alike


def test_validations_alternating_between_dtds_each_match_lxml(dtd: bytes) -> None:
    tiny = base_files()["map/games/tiny.xml"].encode()
    broken = tiny.replace(b"<resourceList>", b"<resourceList><bogus/>")
    small = (b'<game><a id="x"/><b/><a id="x"/></game>', b"<game><c/></game>")
    for _ in range(2):
        for data, dtd_bytes in ((tiny, dtd), (broken, dtd), *((each, _PLAIN_DTD) for each in small)):
            found = dtdvalid.validate_bytes(data, dtd_bytes)
            assert found is not None and found == _fresh_oracle(data, dtd_bytes)
