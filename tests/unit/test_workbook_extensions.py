"""Dropdowns Excel keeps in a sheet's x14 extension (a list on another sheet), which
openpyxl drops on load: read as a choice column, and kept in the answered copy."""

from __future__ import annotations

import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import openpyxl
import pytest

from dossier.ingest.columns import find_layout
from dossier.ingest.workbook import load_workbook, read_xlsx
from dossier.output.extensions import splice
from dossier.output.workbook import write_answered
from dossier.records import Answer, ColumnSettings, ReviewStatus
from tests.unit.test_workbook import TITLES, WRITTEN_AT, reply
from tests.vendor_workbooks import (
    X14,
    X14_VALIDATIONS,
    XM,
    sig_lite_x14,
    with_extensions,
    x14_list,
)

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
SPARKLINES = "{05C60535-1F16-4fd2-B633-F4F36F0B64E0}"
SLICERS = "{A8765BA9-456A-4dab-B4F3-ACF838C121DE}"
SPARKLINE_EXT = (
    f'<ext uri="{SPARKLINES}" xmlns:x14="{X14}"><x14:sparklineGroups xmlns:xm="{XM}">'
    '<x14:sparklineGroup displayEmptyCellsAs="gap"><x14:colorSeries rgb="FF376092"/>'
    "<x14:sparklines><x14:sparkline><xm:f>Lists!A1:A3</xm:f><xm:sqref>E3</xm:sqref>"
    "</x14:sparkline></x14:sparklines></x14:sparklineGroup></x14:sparklineGroups></ext>"
)
# A slicer names its part by a relationship, which openpyxl does not carry over.
SLICER_EXT = (
    f'<ext uri="{SLICERS}" xmlns:x14="{X14}"><x14:slicerList><x14:slicer '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" r:id="rId9"/>'
    "</x14:slicerList></ext>"
)


def sheet_xml(path: Path, title: str) -> ET.Element:
    """The sheet's XML, parsed (an unbound prefix or a cut tag fails here)."""
    index = openpyxl.load_workbook(path).sheetnames.index(title) + 1
    with zipfile.ZipFile(path) as archive:
        return ET.fromstring(archive.read(f"xl/worksheets/sheet{index}.xml"))


def shape(element: ET.Element) -> Any:
    """An element as names, attributes, text and children: where a namespace is
    declared, and by which prefix, is not part of it."""
    text = (element.text or "").strip()
    return (element.tag, sorted(element.attrib.items()), text, [shape(c) for c in element])


def exts(path: Path, title: str) -> list[ET.Element]:
    root = sheet_xml(path, title)
    assert root[-1].tag == f"{{{MAIN}}}extLst"  # the last child of worksheet
    assert len(root.findall(f"{{{MAIN}}}extLst")) == 1
    return list(root[-1])


# The order of a worksheet's children in the schema (CT_Worksheet): extLst closes it.
WORKSHEET_ORDER = (
    "sheetPr dimension sheetViews sheetFormatPr cols sheetData sheetCalcPr sheetProtection "
    "protectedRanges scenarios autoFilter sortState dataConsolidate customSheetViews "
    "mergeCells phoneticPr conditionalFormatting dataValidations hyperlinks printOptions "
    "pageMargins pageSetup headerFooter rowBreaks colBreaks customProperties cellWatches "
    "ignoredErrors smartTags drawing legacyDrawing legacyDrawingHF drawingHF picture "
    "oleObjects controls webPublishItems tableParts extLst"
).split()


def in_schema_order(root: ET.Element) -> list[str]:
    names = [child.tag.removeprefix(f"{{{MAIN}}}") for child in root]
    positions = [WORKSHEET_ORDER.index(n) for n in names]  # an unknown name fails here
    assert positions == sorted(positions), names
    return names


def every_part_parses(path: Path) -> None:
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if name.endswith((".xml", ".rels", ".vml")):
                ET.fromstring(archive.read(name))


def lite_answers(status: ReviewStatus = "approved") -> list[Answer]:
    shorts = ("Yes", "No", "Not covered")
    return [reply(f"A.{i + 1}", 4 + i, s, status, "Lite") for i, s in enumerate(shorts)]


@pytest.mark.parametrize("on_root", [False, True])
def test_an_x14_list_on_another_sheet_makes_a_choice_column(tmp_path: Path, on_root: bool) -> None:
    source = sig_lite_x14(tmp_path / "sig.xlsx", on_root=on_root)
    layout = find_layout(load_workbook(source)["Lite"])
    assert layout is not None
    assert layout.choice_col == 3 and layout.choices == ("Yes", "No", "N/A")
    assert layout.header(layout.text_col) == "Additional Information"
    questions, notes = read_xlsx(source)
    assert [q.question_id for q in questions] == ["A.1", "A.2", "A.3"]
    assert not [n for n in notes if "'Lite'" in n]


def test_an_x14_yes_no_list_marks_the_choice_column_when_no_header_names_one(
    tmp_path: Path,
) -> None:
    book = openpyxl.Workbook()
    book.active.title = "Controls"
    book.active.append(["ID", "Question", "Status", "Comments"])
    book.active.append(["C1", "Are backups encrypted?"])
    book.create_sheet("Values").append(["Yes"])
    book["Values"].append(["No"])
    book.save(tmp_path / "q.xlsx")
    list_ext = tmp_path / "q.xlsx"
    with_extensions(list_ext, "Controls", [x14_list("'Values'!$A$1:$A$2", "C2:C50")])
    layout = find_layout(load_workbook(list_ext)["Controls"])
    assert layout is not None and layout.choice_col == 3 and layout.choices == ("Yes", "No")
    assert layout.text_col == 4


def test_the_answered_copy_keeps_the_x14_dropdowns_and_holds_the_answers(tmp_path: Path) -> None:
    source = sig_lite_x14(tmp_path / "sig.xlsx")
    target = tmp_path / "sig.answered.xlsx"
    write_answered(source, lite_answers(), target, ColumnSettings(), WRITTEN_AT, TITLES)
    sheet = openpyxl.load_workbook(target)["Lite"]
    assert [sheet[f"C{r}"].value for r in (4, 5, 6)] == ["Yes", "No", None]
    assert [sheet[f"D{r}"].value.split("\n")[0] for r in (4, 5, 6)] == [
        "Yes.",
        "No.",
        "Not covered.",
    ]
    assert [shape(e) for e in exts(target, "Lite")] == [shape(e) for e in exts(source, "Lite")]
    (ext,) = exts(target, "Lite")
    assert ext.get("uri") == X14_VALIDATIONS
    assert ext.findtext(f".//{{{X14}}}formula1/{{{XM}}}f") == "Lists!$A$1:$A$3"
    assert ext.findtext(f".//{{{XM}}}sqref") == "C3:C6"
    assert sheet_xml(target, "Lite").find(f"{{{MAIN}}}dataValidations") is None  # not doubled
    every_part_parses(target)
    assert in_schema_order(sheet_xml(target, "Lite"))[-2:] == ["pageMargins", "extLst"]
    # the copy reads as the vendor's workbook does: the dropdown is still the choice column
    layout = find_layout(load_workbook(target)["Lite"])
    assert layout is not None and layout.choices == ("Yes", "No", "N/A")


def test_x14_namespaces_declared_on_the_worksheet_are_declared_in_the_copy(
    tmp_path: Path,
) -> None:
    source = sig_lite_x14(tmp_path / "sig.xlsx", on_root=True)
    target = tmp_path / "out.xlsx"
    drafts = lite_answers("pending")  # their comments: a legacyDrawing before extLst
    write_answered(source, drafts, target, ColumnSettings(), WRITTEN_AT, TITLES)
    assert [shape(e) for e in exts(target, "Lite")] == [shape(e) for e in exts(source, "Lite")]
    assert openpyxl.load_workbook(target)["Lite"]["C4"].value == "Yes"
    every_part_parses(target)
    assert in_schema_order(sheet_xml(target, "Lite"))[-2:] == ["legacyDrawing", "extLst"]
    root = sheet_xml(target, "Lite")
    assert root.get("{http://schemas.openxmlformats.org/markup-compatibility/2006}Ignorable") == (
        "x14"
    )


def test_other_sheet_extensions_are_kept_and_those_naming_a_lost_part_are_not(
    tmp_path: Path,
) -> None:
    source = sig_lite_x14(tmp_path / "sig.xlsx", more=[SPARKLINE_EXT, SLICER_EXT])
    target = tmp_path / "out.xlsx"
    write_answered(source, lite_answers(), target, ColumnSettings(), WRITTEN_AT, TITLES)
    kept = exts(target, "Lite")
    assert [e.get("uri") for e in kept] == [X14_VALIDATIONS, SPARKLINES]
    assert [shape(e) for e in kept] == [shape(e) for e in exts(source, "Lite")[:2]]


def test_with_x14_dropdowns_the_same_answers_give_the_same_bytes_from_either_copy(
    tmp_path: Path,
) -> None:
    """Approving over the draft copy gives what writing the approved answers into
    the vendor's workbook gives, x14 block and all."""
    source = sig_lite_x14(tmp_path / "sig.xlsx", on_root=True, more=[SPARKLINE_EXT])
    draft, approved = tmp_path / "draft.xlsx", tmp_path / "approved.xlsx"
    write_answered(source, lite_answers("pending"), draft, ColumnSettings(), WRITTEN_AT, TITLES)
    write_answered(source, lite_answers(), approved, ColumnSettings(), WRITTEN_AT, TITLES)
    write_answered(
        draft, lite_answers(), draft, ColumnSettings(), WRITTEN_AT, TITLES, earlier_is_ours=True
    )
    assert draft.read_bytes() == approved.read_bytes()
    again = tmp_path / "again.xlsx"
    write_answered(source, lite_answers(), again, ColumnSettings(), WRITTEN_AT, TITLES)
    assert again.read_bytes() == approved.read_bytes()


def test_a_workbook_without_extensions_is_written_as_before(tmp_path: Path) -> None:
    source = sig_lite_x14(tmp_path / "sig.xlsx")
    book = openpyxl.load_workbook(source)
    book.save(source)  # openpyxl drops the extension: nothing to keep
    target = tmp_path / "out.xlsx"
    write_answered(source, lite_answers(), target, ColumnSettings(), WRITTEN_AT, TITLES)
    assert sheet_xml(target, "Lite").find(f"{{{MAIN}}}extLst") is None


def test_splice_puts_back_the_list_as_excel_wrote_it_prolog_and_empty_ext_included() -> None:
    """Excel's own form: a prolog, the namespaces and mc:Ignorable on the root, an
    xr:uid on the validation, a '>' inside an attribute value, an empty ext."""
    xr = "http://schemas.microsoft.com/office/spreadsheetml/2014/revision"
    source = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'
        f'<worksheet xmlns="{MAIN}" xmlns:mc="http://schemas.openxmlformats.org/'
        f'markup-compatibility/2006" xmlns:xr="{xr}" mc:Ignorable="xr" xr:uid="{{1}}">'
        '<sheetData/><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" '
        'header="0.3" footer="0.3"/><extLst>'
        f'<ext uri="{X14_VALIDATIONS}" xmlns:x14="{X14}"><x14:dataValidations count="1" '
        f'xmlns:xm="{XM}"><x14:dataValidation type="list" xr:uid="{{2}}" '
        'promptTitle="a &gt; b >"><x14:formula1><xm:f>Lists!$A$1:$A$3</xm:f></x14:formula1>'
        "<xm:sqref>C3:C9</xm:sqref></x14:dataValidation></x14:dataValidations></ext>"
        '<ext uri="{00000000-0000-0000-0000-000000000000}"/></extLst></worksheet>'
    ).encode()
    target = (
        f'<worksheet xmlns="{MAIN}"><sheetData><row r="3"><c r="C3" t="inlineStr"><is><t>Yes'
        '</t></is></c></row></sheetData><pageMargins left="0.7" right="0.7" top="0.75" '
        'bottom="0.75" header="0.3" footer="0.3" /></worksheet>'
    ).encode()
    spliced = splice(source, target)
    assert spliced is not None
    root, original = ET.fromstring(spliced), ET.fromstring(source)
    assert [shape(e) for e in root[-1]] == [shape(e) for e in original[-1]]
    assert root.findtext(f".//{{{MAIN}}}t") == "Yes"
    assert root.get("{http://schemas.openxmlformats.org/markup-compatibility/2006}Ignorable") == (
        "xr"
    )
    assert in_schema_order(root) == ["sheetData", "pageMargins", "extLst"]
    assert source[source.index(b"<ext ") : source.index(b"</extLst>")] in spliced  # as written
    assert splice(spliced, spliced) is None  # a sheet that has its list already is left alone


def test_an_x14_list_whose_cells_are_not_references_is_passed_over(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Status"])
    book.active.append(["C1", "Are backups encrypted?"])
    book.save(tmp_path / "q.xlsx")
    with_extensions(tmp_path / "q.xlsx", "Sheet", [x14_list('"Yes,No"', "C2:C9 not-a-range")])
    layout = find_layout(load_workbook(tmp_path / "q.xlsx")["Sheet"])
    assert layout is not None and layout.choice_col is None
