"""Reading one attribute, or the source line, of many lxml elements at once.

What `[element.get(name) for element in elements]` and `[element.sourceline ...]` give;
the optional C kernel `_columns` reads them through the same libxml2 calls lxml makes,
several times faster (a small map's check is mostly these reads). Without the kernel
(unbuilt, DDAY2_PURE), or for anything it leaves to lxml (a comment among the elements, a
namespaced name), the Python comprehension is both the path and the oracle.

`select` and `scatter` find the elements themselves: the kernel as node pointers (its
`Nodes`), making no lxml element per node unless one is asked for; `ElementNodes`, the
same reads over lxml elements found by XPath and `iter`, is its twin and oracle.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

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
        found = kernel.select(sample, (b"b",))
        if found.elements() != elements or found.column(b"x", "-") != ["1", "", "-"] \
                or kernel.scatter(sample, (b"b",))[0] != found:
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


class ElementNodes:
    """The elements at one place as lxml elements, read by lxml: the twin of the kernel's
    `Nodes` (the same methods, the same answers)."""

    __slots__ = ("_elements",)
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, elements: list) -> None:
        self._elements = elements

    def __len__(self) -> int:
        return len(self._elements)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ElementNodes) and self._elements == other._elements

    def column(self, name: bytes, default: str | None = None, at: list[int] | None = None) -> list:
        key, elements = name.decode(), self._elements
        return [element.get(key, default) for element in (elements if at is None else map(elements.__getitem__, at))]

    def lines(self) -> list:
        return [element.sourceline for element in self._elements]

    def elements(self) -> list:
        return list(self._elements)

    def owners(self, parents: "ElementNodes") -> list[int]:
        index = {element: number for number, element in enumerate(parents._elements)}
        return [index.get(element.getparent(), -1) for element in self._elements]


def plain_name(name: str) -> bool:
    """A name the kernel reads as lxml does: ASCII, printable, no namespace."""
    return name.isascii() and name.isprintable() and "{" not in name


@lru_cache(maxsize=None)
def _steps(path: str) -> tuple[bytes, ...]:
    steps = path.split("/")
    if not all(_PLAIN_TAG.fullmatch(step) for step in steps):
        raise ValueError(f"not a path of plain tags: {path!r}")
    return tuple(step.encode() for step in steps)


@lru_cache(maxsize=None)
def _child_path(path: str) -> etree.XPath:
    _steps(path)  # refuses anything but plain tags
    return etree.XPath(path)


def select(root: etree._Element, path: str):
    """The elements at a child path of plain tags such as "map/territory", in document order
    (what `root.findall(path)` finds), as `Nodes` or `ElementNodes`."""
    kernel = _kernel()
    if kernel is not None:
        found = kernel.select(root, _steps(path))
        if found is not None:
            return found
    # a compiled XPath: libxml2 walks the tree in C, several times faster than findall
    return ElementNodes(_child_path(path)(root))


def scatter(root: etree._Element, tags: tuple[str, ...]) -> dict:
    """Every element of each tag (plain tags, no namespace) wherever it stands, the root
    included, in document order (what `root.iter(*tags)` finds): tag -> nodes."""
    kernel = _kernel()
    if kernel is not None and all(map(_PLAIN_TAG.fullmatch, tags)):
        found = kernel.scatter(root, tuple(tag.encode() for tag in tags))
        if found is not None:
            return dict(zip(tags, found))
    elements: dict[str, list] = {tag: [] for tag in tags}
    for element in root.iter(*tags):  # one walk of the whole tree
        elements[element.tag].append(element)
    return {tag: ElementNodes(found) for tag, found in elements.items()}


def tag_names(root: etree._Element) -> set[str]:
    """The distinct tags of the elements at and below `root` (a namespaced one as lxml
    spells it, `{uri}name`)."""
    kernel = _kernel()
    if kernel is not None:
        found = kernel.tag_names(root)
        if found is not None:
            return set(found)
    return {element.tag for element in root.iter() if isinstance(element.tag, str)}


_PLAIN_TAG = re.compile(r"[A-Za-z_][\w.-]*")
