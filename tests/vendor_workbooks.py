"""Workbooks in the layouts of the questionnaires vendors receive (CSA CAIQ v4,
SIG Lite, HECVAT), built with openpyxl. The questions are generic ones written
for these tests, not copied from any questionnaire."""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

Row = tuple[str, str]  # (id, question); an id alone is a section row

CAIQ_HEADERS = (
    "Question ID",
    "Question",
    "CSP CAIQ Answer",
    "SSRM Control Ownership",
    "CSP Implementation Description (Optional/Recommended)",
    "CSC Responsibilities (Optional/Recommended)",
)
OWNERSHIP_LIST = "CSP-owned,CSC-owned,Shared CSP and CSC,Third-party outsourced"

CAIQ_QUESTIONS: tuple[Row, ...] = (
    ("Identity and access", ""),
    ("IAM-01.1", "Is multi-factor authentication required for workforce accounts?"),
    ("IAM-02.1", "Is user access to production systems reviewed periodically?"),
    ("Data protection", ""),
    ("DSP-01.1", "Are customer databases encrypted at rest?"),
    ("DSP-02.1", "Do you offer source code escrow for your products?"),
)


def _header(sheet: Any, row: int, names: Sequence[str]) -> None:
    for column, text in enumerate(names, start=1):
        cell = sheet.cell(row=row, column=column, value=text)
        cell.font = Font(bold=True, color="FFFFFF")
        cell.fill = PatternFill("solid", fgColor="1F4E78")
        cell.alignment = Alignment(wrap_text=True)


def _rows(sheet: Any, first: int, rows: Sequence[Row]) -> int:
    """Question and section rows from ``first``; the last row written."""
    row = first - 1
    for row, (qid, question) in enumerate(rows, start=first):
        sheet.cell(row=row, column=1, value=qid)
        if question:
            sheet.cell(row=row, column=2, value=question)
        else:
            sheet.cell(row=row, column=1).font = Font(bold=True)
    return row


def caiq_v4(
    path: Path,
    questions: Sequence[Row] = CAIQ_QUESTIONS,
    headers: Sequence[str] = CAIQ_HEADERS,
    validation: bool = True,
) -> Path:
    """Two title rows, the CAIQ v4 header, section rows, a Yes,No,NA list on the
    answer column, a list on the ownership column, frozen panes, an Instructions sheet."""
    book = openpyxl.Workbook()
    intro = book.active
    intro.title = "Instructions"
    intro["A1"] = "Answer each question in the CAIQ sheet; choose an answer from the list."
    sheet = book.create_sheet("CAIQv4")
    sheet["A1"] = "Consensus Assessments Initiative Questionnaire (test layout)"
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.merge_cells("A1:F1")
    sheet["A2"] = "Cloud service provider: Example Cloud"
    _header(sheet, 3, headers)
    last = _rows(sheet, 4, questions)
    if validation:
        answers = DataValidation(type="list", formula1='"Yes,No,NA"', allow_blank=True)
        sheet.add_data_validation(answers)
        answers.add(f"C4:C{last}")
    owners = DataValidation(type="list", formula1=f'"{OWNERSHIP_LIST}"', allow_blank=True)
    sheet.add_data_validation(owners)
    owners.add(f"D4:D{last}")
    sheet.freeze_panes = "C4"
    book.save(path)
    return path


SIG_QUESTIONS: tuple[Row, ...] = (
    ("A. Risk management", ""),
    ("A.1", "Is there a documented information security policy?"),
    ("A.2", "Are employees trained in security awareness at hire?"),
    ("A.3", "Do you hold a cyber liability insurance policy with a named carrier?"),
)


def sig_lite(path: Path, questions: Sequence[Row] = SIG_QUESTIONS) -> Path:
    """A SIG Lite-like sheet: Ques Num | Question/Request | Response | Additional
    Information, the Response list read from a range of a hidden Lists sheet."""
    book = openpyxl.Workbook()
    book.active.title = "Instructions"
    book.active["A1"] = "Complete the Lite tab."
    sheet = book.create_sheet("Lite")
    sheet["A1"] = "Standardized questionnaire (test layout)"
    _header(sheet, 2, ("Ques Num", "Question/Request", "Response", "Additional Information"))
    last = _rows(sheet, 3, questions)
    lists = book.create_sheet("Lists")
    for row, value in enumerate(("Yes", "No", "N/A"), start=1):
        lists.cell(row=row, column=1, value=value)
    lists.sheet_state = "hidden"
    response = DataValidation(type="list", formula1="Lists!$A$1:$A$3", allow_blank=True)
    sheet.add_data_validation(response)
    response.add(f"C3:C{last}")
    book.save(path)
    return path


HECVAT_QUESTIONS: tuple[Row, ...] = (
    ("Documentation", ""),
    ("DOCU-01", "Do you have a written incident response plan?"),
    ("DOCU-02", "Is the plan tested at least annually?"),
    ("Data", ""),
    ("DATA-01", "Is institutional data stored only in the United States?"),
)


def hecvat(path: Path, questions: Sequence[Row] = HECVAT_QUESTIONS) -> Path:
    """A HECVAT-like sheet: ID | Question | Answer | Additional Information, the
    Answer list a named range."""
    book = openpyxl.Workbook()
    book.active.title = "START HERE"
    book.active["A1"] = "Vendors: fill in the Security tab."
    sheet = book.create_sheet("Security")
    _header(sheet, 1, ("ID", "Question", "Answer", "Additional Information"))
    last = _rows(sheet, 2, questions)
    lists = book.create_sheet("Values")
    for row, value in enumerate(("Yes", "No", "N/A"), start=1):
        lists.cell(row=row, column=1, value=value)
    book.defined_names["YesNoNA"] = DefinedName("YesNoNA", attr_text="Values!$A$1:$A$3")
    answer = DataValidation(type="list", formula1="YesNoNA", allow_blank=True)
    sheet.add_data_validation(answer)
    answer.add(f"C2:C{last}")
    book.save(path)
    return path


# Excel keeps a list on another sheet in the sheet's x14 extension, which openpyxl
# drops on load: written here by hand in the x14 form Excel 2010 and later save.
X14_VALIDATIONS = "{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def x14_list(formula: str, sqref: str, *, declare: bool = True) -> str:
    """An ext holding one x14 list validation, its namespaces declared where Excel
    declares them (on ext and dataValidations), or left to the root (``declare``)."""
    x14 = f' xmlns:x14="{X14}"' if declare else ""
    xm = f' xmlns:xm="{XM}"' if declare else ""
    return (
        f'<ext uri="{X14_VALIDATIONS}"{x14}><x14:dataValidations count="1"{xm}>'
        '<x14:dataValidation type="list" allowBlank="1" showInputMessage="1" '
        f'showErrorMessage="1"><x14:formula1><xm:f>{formula}</xm:f></x14:formula1>'
        f"<xm:sqref>{sqref}</xm:sqref></x14:dataValidation></x14:dataValidations></ext>"
    )


def with_extensions(path: Path, sheet: str, exts: Sequence[str], *, root: str = "") -> Path:
    """The workbook at ``path`` with an extLst of ``exts`` closing ``sheet``'s XML
    (its last child, as the schema orders it); ``root``: attributes added to the
    worksheet element (namespace declarations)."""
    index = openpyxl.load_workbook(path).sheetnames.index(sheet) + 1
    part = f"xl/worksheets/sheet{index}.xml"
    with zipfile.ZipFile(path) as archive:
        parts = {info: archive.read(info) for info in archive.infolist()}
    for info in parts:
        if info.filename == part:
            xml = parts[info].decode()
            assert xml.endswith("</worksheet>") and "<extLst>" not in xml
            if root:
                xml = xml.replace("<worksheet ", f"<worksheet {root} ", 1)
            parts[info] = (xml[: -len("</worksheet>")] + "<extLst>" + "".join(exts)).encode()
            parts[info] += b"</extLst></worksheet>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for info, data in parts.items():
            archive.writestr(info, data)
    return path


def sig_lite_x14(
    path: Path,
    questions: Sequence[Row] = SIG_QUESTIONS,
    *,
    on_root: bool = False,
    more: Sequence[str] = (),
) -> Path:
    """SIG Lite as Excel saves it: the Response list (Lists!$A$1:$A$3) in the x14
    extension instead of a classic data validation; ``on_root``: its namespaces
    declared on the worksheet element (with mc:Ignorable), as some programs write
    them; ``more``: further ext elements after it."""
    sig_lite(path, questions)
    book = openpyxl.load_workbook(path)
    book["Lite"].data_validations.dataValidation.clear()
    book.save(path)
    last = 2 + len(questions)
    listed = x14_list("Lists!$A$1:$A$3", f"C3:C{last}", declare=not on_root)
    root = f'xmlns:mc="{MC}" xmlns:x14="{X14}" xmlns:xm="{XM}" mc:Ignorable="x14"'
    return with_extensions(path, "Lite", [listed, *more], root=root if on_root else "")
