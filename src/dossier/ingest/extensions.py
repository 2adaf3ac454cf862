"""What openpyxl drops from a workbook's sheets: the extension list (``extLst``)
that closes each sheet's XML, where Excel keeps, among others, a dropdown whose
list is on another sheet (x14 data validations), sparklines and x14 conditional
formats. Read here from the package itself, with the standard library:

- ``list_validations``: the x14 list validations of each sheet, as formula and
  cells, so that such a dropdown is read as a choice column like a classic one;
- ``sheet_extensions``: each sheet's extension list as written, so that the
  answered copy can carry it (``dossier.output.workbook``).

openpyxl worksheets are not ours to extend: the lists found for a sheet are kept
beside it (``remember``, ``extension_lists``) while it lives.
"""

from __future__ import annotations

import io
import posixpath
import weakref
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from xml.etree import ElementTree as ET

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE_RELATIONSHIPS = "http://schemas.openxmlformats.org/package/2006/relationships"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
X14_VALIDATIONS = "{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}"  # the ext uri, upper case
OFFICE_DOCUMENT = "/officeDocument"  # the end of the package relationship's type
WORKSHEET = "/worksheet"


@dataclass(frozen=True)
class ListValidation:
    """A list dropdown: its formula (a range, a named range or "Yes,No") and cells."""

    formula: str
    sqref: str


def sheet_parts(archive: zipfile.ZipFile) -> dict[str, str]:
    """Each worksheet's title and the name of its part in the package; empty when the
    package does not say (it is then not read further here)."""
    try:
        book = _target(archive, "", OFFICE_DOCUMENT)
        if book is None:
            return {}
        folder, name = posixpath.split(book)
        rels = _relationships(archive, posixpath.join(folder, "_rels", f"{name}.rels"))
        root = ET.fromstring(archive.read(book))
    except (KeyError, ET.ParseError):
        return {}
    parts = {}
    for sheet in root.iter(f"{{{MAIN}}}sheet"):
        target = rels.get(sheet.get(f"{{{RELATIONSHIPS}}}id", ""))
        if target is not None and target[0].endswith(WORKSHEET):
            parts[sheet.get("name", "")] = _resolve(folder, target[1])
    return parts


def _target(archive: zipfile.ZipFile, folder: str, kind: str) -> str | None:
    rels = _relationships(archive, posixpath.join(folder, "_rels", ".rels"))
    return next((_resolve(folder, t) for k, t in rels.values() if k.endswith(kind)), None)


def _relationships(archive: zipfile.ZipFile, part: str) -> dict[str, tuple[str, str]]:
    """A relationships part: each id's type and target."""
    root = ET.fromstring(archive.read(part))
    return {
        r.get("Id", ""): (r.get("Type", ""), r.get("Target", ""))
        for r in root.iter(f"{{{PACKAGE_RELATIONSHIPS}}}Relationship")
    }


def _resolve(folder: str, target: str) -> str:
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target))


def sheet_extensions(data: bytes) -> dict[str, bytes]:
    """Each worksheet's XML, by title, for the sheets whose XML holds an extension
    list (read whole: the caller takes the list out)."""
    found = {}
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            for title, part in sheet_parts(archive).items():
                xml = archive.read(part)
                if b"extLst" in xml:
                    found[title] = xml
    except (zipfile.BadZipFile, KeyError, OSError):
        return {}
    return found


def list_validations(xml: bytes) -> tuple[ListValidation, ...]:
    """The x14 list validations of a sheet's XML."""
    try:
        root = ET.fromstring(xml)
    except ET.ParseError:
        return ()
    found = []
    for ext in root.findall(f"{{{MAIN}}}extLst/{{{MAIN}}}ext"):
        if ext.get("uri", "").upper() != X14_VALIDATIONS:
            continue
        for validation in ext.iter(f"{{{X14}}}dataValidation"):
            formula = validation.findtext(f"{{{X14}}}formula1/{{{XM}}}f")
            sqref = validation.findtext(f"{{{XM}}}sqref")
            if validation.get("type") == "list" and formula and sqref:
                found.append(ListValidation(formula.strip(), sqref.strip()))
    return tuple(found)


_LISTS: weakref.WeakKeyDictionary[Any, tuple[ListValidation, ...]] = weakref.WeakKeyDictionary()


def remember(book: Any, sheets: Mapping[str, bytes]) -> None:
    """Keep beside each worksheet of ``book`` the x14 lists of its XML in ``sheets``."""
    for sheet in book.worksheets:
        if sheet.title in sheets:
            _LISTS[sheet] = list_validations(sheets[sheet.title])


def extension_lists(sheet: Any) -> tuple[ListValidation, ...]:
    """The x14 list validations of a worksheet loaded by ``ingest.workbook.load_workbook``."""
    return _LISTS.get(sheet, ())
