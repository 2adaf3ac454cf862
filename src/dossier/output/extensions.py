"""The vendor's sheet extensions carried into the answered copy.

openpyxl writes a workbook without the extension list (``extLst``) that closes
each sheet's XML, where Excel keeps the dropdowns whose list is on another sheet
(x14 data validations), sparklines, x14 conditional formats and more. After
openpyxl has written the copy, each sheet's list is put back, as the vendor's
workbook has it, as the last child of the worksheet (where the schema wants it):

- each ``ext`` is copied byte for byte; one that names a part of the package by a
  relationship (a slicer, a timeline) is left out, since openpyxl keeps neither
  the part nor the relationship and Excel would call the file damaged;
- the namespaces the list's prefixes were declared with on the vendor's worksheet
  element are declared on the copy's (as is its ``mc:Ignorable``), so every prefix
  is bound as it was.

The splicing reads byte offsets off the standard library's expat parser: nothing
but the list and the declarations is touched, and the same input gives the same bytes.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from xml.parsers import expat
from xml.sax.saxutils import escape

from dossier.ingest.extensions import MAIN, RELATIONSHIPS, sheet_extensions, sheet_parts

MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_SEP = "\x01"  # between a name's namespace, local name and prefix, as expat reports them


@dataclass
class _Sheet:
    """What splicing needs to know of a worksheet's XML: byte offsets and the root's
    declarations."""

    declarations: list[tuple[str, str]] = field(default_factory=list)  # (prefix, uri)
    ignorable: str | None = None  # the root's mc:Ignorable
    start_tag_end: int = 0  # the offset of the root start tag's closing ">"
    end_tag: int = 0  # the offset of the root's end tag
    ext_list: str = ""  # the root's extLst, as qualified there ("" for none)
    exts: list[tuple[int, int, bool]] = field(default_factory=list)  # start, end, names a part


def carry_extensions(source: bytes, written: bytes) -> dict[str, bytes]:
    """The parts of the package ``written`` to replace: the XML of each sheet whose
    counterpart in ``source`` has an extension list, with that list put back."""
    lists = sheet_extensions(source)
    if not lists:
        return {}
    with zipfile.ZipFile(io.BytesIO(written)) as archive:
        parts = sheet_parts(archive)
        targets = {p: archive.read(p) for t, p in parts.items() if t in lists}
    replaced = {}
    for title, xml in lists.items():
        part = parts.get(title)
        if part is None:
            continue
        spliced = splice(xml, targets[part])
        if spliced is not None:
            replaced[part] = spliced
    return replaced


def splice(source: bytes, target: bytes) -> bytes | None:
    """``target`` (a sheet's XML) closed by ``source``'s extension list; None when
    there is nothing to carry, or either cannot be read as UTF-8 XML."""
    if source.startswith((b"\xff\xfe", b"\xfe\xff")):
        return None  # UTF-16: its bytes are not the copy's UTF-8
    there, here = _scan(source), _scan(target)
    if there is None or here is None or not there.ext_list or here.ext_list:
        return None
    kept = [source[start:end] for start, end, names_a_part in there.exts if not names_a_part]
    if not kept:
        return None
    bound = dict(here.declarations)
    on_root = [(p, u) for p, u in there.declarations if p not in bound]
    clashing = [(p, u) for p, u in there.declarations if p in bound and bound[p] != u]
    name = there.ext_list
    block = f"<{name}{_declare(clashing)}>".encode() + b"".join(kept) + f"</{name}>".encode()
    attributes = _declare(on_root) + _ignorable(there, here, on_root, clashing)
    return (
        target[: here.start_tag_end]
        + attributes.encode()
        + target[here.start_tag_end : here.end_tag]
        + block
        + target[here.end_tag :]
    )


def _declare(declarations: list[tuple[str, str]]) -> str:
    return "".join(
        f' xmlns{":" + p if p else ""}="{escape(u, {chr(34): "&quot;"})}"' for p, u in declarations
    )


def _ignorable(
    there: _Sheet, here: _Sheet, added: list[tuple[str, str]], clashing: list[tuple[str, str]]
) -> str:
    """The source root's mc:Ignorable for the copy's root, naming only prefixes bound
    there as in the source, when the copy's root has none."""
    if there.ignorable is None or here.ignorable is not None:
        return ""
    bound = dict(here.declarations + added)
    mc = next((p for p, u in bound.items() if u == MC and p), None)
    unbound = {p for p, _ in clashing}
    prefixes = [p for p in there.ignorable.split() if p in bound and p not in unbound]
    if mc is None or not prefixes:
        return ""
    return f' {mc}:Ignorable="{" ".join(prefixes)}"'


def _scan(xml: bytes) -> _Sheet | None:
    """The offsets and declarations of a worksheet's XML; None when it does not parse
    as one."""
    sheet = _Sheet()
    depth = 0
    pending: list[tuple[str, str]] = []
    opened: list[int] = []  # the start offset of the open ext element
    inside: list[bool] = []  # within the root's extLst
    parser = expat.ParserCreate(namespace_separator=_SEP)
    parser.namespace_prefixes = True

    def declared(prefix: str | None, uri: str | None) -> None:
        pending.append((prefix or "", uri or ""))

    def started(name: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        at = parser.CurrentByteIndex
        uri, local, prefix = _parts(name)
        if depth == 0:
            sheet.declarations = list(pending)
            sheet.start_tag_end = _tag_end(xml, at) - 1
            sheet.ignorable = next(
                (v for k, v in attributes.items() if k.startswith(f"{MC}{_SEP}Ignorable")), None
            )
        elif depth == 1 and (uri, local) == (MAIN, "extLst"):
            sheet.ext_list = f"{prefix}:extLst" if prefix else "extLst"
            inside.append(True)
        elif depth == 2 and inside and not opened:
            opened.append(at)
            sheet.exts.append((at, at, False))
        if opened and any(k.startswith(f"{RELATIONSHIPS}{_SEP}") for k in attributes):
            start, end, _ = sheet.exts[-1]
            sheet.exts[-1] = (start, end, True)
        pending.clear()
        depth += 1

    def ended(name: str) -> None:
        nonlocal depth
        depth -= 1
        at = parser.CurrentByteIndex
        if depth == 1:
            inside.clear()
        elif depth == 2 and opened:
            start, _, names_a_part = sheet.exts[-1]
            opening = _tag_end(xml, start)  # an empty ext (<ext .../>) ends with its tag
            end = opening if xml[opening - 2 : opening] == b"/>" else _tag_end(xml, at)
            sheet.exts[-1] = (start, end, names_a_part)
            opened.clear()
        elif depth == 0:
            sheet.end_tag = at

    parser.StartNamespaceDeclHandler = declared
    parser.StartElementHandler = started
    parser.EndElementHandler = ended
    try:
        parser.Parse(xml, True)
    except expat.ExpatError:
        return None
    if sheet.end_tag <= sheet.start_tag_end or xml[sheet.end_tag : sheet.end_tag + 2] != b"</":
        return None  # an empty root, or offsets that are not where they should be
    return sheet


def _parts(name: str) -> tuple[str, str, str]:
    """An expat name's namespace, local name and prefix ("" where it has none)."""
    parts = name.split(_SEP)
    if len(parts) == 1:
        return "", name, ""
    return parts[0], parts[1], parts[2] if len(parts) > 2 else ""


def _tag_end(xml: bytes, start: int) -> int:
    """The offset just after the tag that opens at ``start`` (a ">" inside a quoted
    attribute value does not close it)."""
    quote = 0
    for index in range(start, len(xml)):
        byte = xml[index]
        if quote:
            quote = 0 if byte == quote else quote
        elif byte in (0x22, 0x27):
            quote = byte
        elif byte == 0x3E:
            return index + 1
    return len(xml)
