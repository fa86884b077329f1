"""Reading one attribute, or the source line, of many lxml elements at once.

What `[element.get(name) for element in elements]` and `[element.sourceline ...]` give;
the optional C kernel `_columns` reads them through the same libxml2 calls lxml makes,
several times faster (a small map's check is mostly these reads). Without the kernel
(unbuilt, DDAY2_PURE), or for anything it leaves to lxml (a comment among the elements, a
namespaced name), the Python comprehension is both the path and the oracle.
"""

from __future__ import annotations

from functools import cache

from lxml import etree

from converter.check.accel import accelerator


@cache
def _kernel():
    """The bound kernel, or None; also None if it disagrees with lxml on a sample (a
    different lxml build whose element struct we do not know)."""
    kernel = accelerator("_columns")
    if kernel is None:
        return None
    try:
        kernel.bind(etree._Element)
        sample = etree.fromstring(b'<a>\n<b x="1" y="&#233;&amp;"/><b x=""/>\n\n<b/></a>')
        elements = list(sample)
        expected = ([e.get("x") for e in elements], [e.get("y") for e in elements], [e.sourceline for e in elements])
        if (kernel.column(elements, b"x"), kernel.column(elements, b"y"), kernel.lines(elements)) != expected:
            return None
    except Exception:  # noqa: BLE001 - any doubt: lxml reads
        return None
    return kernel


def read_column(elements: list, attribute: str) -> list:
    """`element.get(attribute)` of each element (None where absent)."""
    kernel = _kernel()
    # (lxml raises ValueError for a name with control characters: it reads those itself)
    if kernel is not None and attribute.isascii() and attribute.isprintable() and "{" not in attribute:
        values = kernel.column(elements, attribute.encode())
        if values is not None:
            return values
    return [element.get(attribute) for element in elements]


def read_lines(elements: list) -> list:
    """`element.sourceline` of each element."""
    kernel = _kernel()
    if kernel is not None:
        values = kernel.lines(elements)
        if values is not None:
            return values
    return [element.sourceline for element in elements]
