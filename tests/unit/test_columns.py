"""Which column takes what, in the layouts vendors receive (issue 14, items 1 and 3)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.worksheet.datavalidation import DataValidation

from dossier.ingest.columns import SheetLayout, find_layout, yes_or_no
from dossier.ingest.workbook import read_xlsx
from dossier.records import ColumnSettings
from tests.vendor_workbooks import CAIQ_HEADERS, caiq_v4, hecvat, sig_lite


def layout_of(path: Path, sheet: str, columns: ColumnSettings | None = None) -> SheetLayout:
    found = find_layout(openpyxl.load_workbook(path)[sheet], columns or ColumnSettings())
    assert found is not None
    return found


def test_caiq_answer_is_a_choice_column_and_the_description_takes_the_prose(
    tmp_path: Path,
) -> None:
    layout = layout_of(caiq_v4(tmp_path / "caiq.xlsx"), "CAIQv4")
    assert (layout.header_row, layout.id_col, layout.question_col) == (3, 1, 2)
    assert layout.choice_col == 3 and layout.choices == ("Yes", "No", "NA")
    assert layout.header(layout.text_col) == CAIQ_HEADERS[4]  # CSP Implementation Description
    roles = {layout.choice_col, layout.text_col, layout.verdict_col, layout.citations_col}
    assert not roles & {4, 6}  # SSRM Control Ownership, CSC Responsibilities: never written


def test_caiq_answer_without_a_validation_list_takes_the_published_values(
    tmp_path: Path,
) -> None:
    layout = layout_of(caiq_v4(tmp_path / "caiq.xlsx", validation=False), "CAIQv4")
    assert layout.choice_col == 3 and layout.choices == ("Yes", "No", "NA")


def test_sig_lite_response_list_is_read_from_a_range_of_another_sheet(tmp_path: Path) -> None:
    layout = layout_of(sig_lite(tmp_path / "sig.xlsx"), "Lite")
    assert layout.choice_col == 3 and layout.choices == ("Yes", "No", "N/A")
    assert layout.header(layout.text_col) == "Additional Information"
    assert layout.id_col == 1  # "Ques Num"


def test_hecvat_answer_list_is_read_from_a_named_range(tmp_path: Path) -> None:
    layout = layout_of(hecvat(tmp_path / "hecvat.xlsx"), "Security")
    assert layout.choice_col == 3 and layout.choices == ("Yes", "No", "N/A")
    assert layout.header(layout.text_col) == "Additional Information"


def _sheet(tmp_path: Path, headers: list[str], validation: tuple[str, str] | None = None) -> Path:
    book = openpyxl.Workbook()
    book.active.append(headers)
    book.active.append(["Q1", "Are backups encrypted?"])
    if validation is not None:
        listed = DataValidation(type="list", formula1=validation[1])
        book.active.add_data_validation(listed)
        listed.add(validation[0])
    path = tmp_path / "q.xlsx"
    book.save(path)
    return path


@pytest.mark.parametrize(
    ("header", "choices"),
    [
        ("Yes/No", ("Yes", "No")),
        ("Y/N", ("Y", "N")),
        ("Yes / No / N/A", ("Yes", "No", "N/A")),
        ("Response (Yes/No/NA)", ("Yes", "No", "NA")),
    ],
)
def test_a_header_that_says_yes_or_no_is_a_choice_column(
    tmp_path: Path, header: str, choices: tuple[str, ...]
) -> None:
    path = _sheet(tmp_path, ["ID", "Question", header, "Comments"])
    layout = layout_of(path, "Sheet")
    assert (layout.choice_col, layout.choices, layout.text_col) == (3, choices, 4)


def test_a_free_text_answer_column_takes_the_prose_and_leaves_comments_alone(
    tmp_path: Path,
) -> None:
    layout = layout_of(_sheet(tmp_path, ["ID", "Question", "Response", "Comments"]), "Sheet")
    assert (layout.choice_col, layout.text_col) == (None, 3)


def test_a_yes_no_list_marks_the_choice_column_when_no_header_names_one(tmp_path: Path) -> None:
    path = _sheet(tmp_path, ["ID", "Question", "Vendor Reply", "Notes"], ("C2:C9", '"Yes,No"'))
    layout = layout_of(path, "Sheet")
    assert (layout.choice_col, layout.choices, layout.text_col) == (3, ("Yes", "No"), 4)


def test_a_list_on_an_ownership_column_does_not_make_it_the_answer(tmp_path: Path) -> None:
    path = _sheet(tmp_path, ["ID", "Question", "Control Ownership", "Notes"], ("C2:C9", '"Yes,No"'))
    layout = layout_of(path, "Sheet")
    assert (layout.choice_col, layout.text_col) == (None, 4)


def test_configured_columns_win(tmp_path: Path) -> None:
    path = _sheet(
        tmp_path, ["ID", "Question", "Vendor Status", "Detail"], ("C2:C9", '"Yes,No,N/A"')
    )
    columns = ColumnSettings(answer_column="Vendor Status", text_column="detail")
    layout = layout_of(path, "Sheet", columns)
    assert (layout.choice_col, layout.choices, layout.text_col) == (3, ("Yes", "No", "N/A"), 4)


def test_a_verdict_column_named_on_the_choice_column_is_not_written_twice(
    tmp_path: Path,
) -> None:
    columns = ColumnSettings(verdict_column="CSP CAIQ Answer")
    layout = layout_of(caiq_v4(tmp_path / "caiq.xlsx"), "CAIQv4", columns)
    assert layout.choice_col == 3 and layout.verdict_col is None


@pytest.mark.parametrize(
    ("choices", "short", "value"),
    [
        (("Yes", "No", "NA"), "Yes", "Yes"),
        (("Yes", "No", "NA"), "No", "No"),
        (("Y", "N"), "No", "N"),
        (("yes", "no"), "Yes", "yes"),  # the list's own spelling
        (("Yes", "No", "NA"), "Not covered", None),  # never No, never NA
        (("Yes", "No", "NA"), "Needs review", None),
        (("Yes", "No", "NA"), "quarterly", None),
        (("Yes", "No", "NA"), "Yes; yearly", "Yes"),  # a further part's value follows
        (("Implemented", "Planned"), "Yes", None),
    ],
)
def test_yes_and_no_map_to_the_list_values_and_nothing_else_does(
    choices: tuple[str, ...], short: str, value: str | None
) -> None:
    assert yes_or_no(choices, short) == value


def test_a_sheet_with_questions_but_nowhere_to_write_is_named_with_its_headers(
    tmp_path: Path,
) -> None:
    headers = list(CAIQ_HEADERS)
    headers[2], headers[4] = "Provider Statement", "Provider Detail"
    path = caiq_v4(tmp_path / "caiq.xlsx", headers=headers, validation=False)
    questions, notes = read_xlsx(path)
    assert len(questions) == 4
    [note] = [n for n in notes if "CAIQv4" in n]
    assert note.startswith("caiq.xlsx: sheet 'CAIQv4': 4 questions but no column to write")
    assert "'Provider Statement'" in note and "'SSRM Control Ownership'" in note
    assert "[questionnaire] answer_column" in note and "text_column" in note


def test_a_choice_column_without_a_column_for_the_prose_is_named(tmp_path: Path) -> None:
    _, notes = read_xlsx(_sheet(tmp_path, ["ID", "Question", "Y/N"]))
    assert notes == [
        "q.xlsx: sheet 'Sheet': no description or comments column beside 'Y/N' (headers found: "
        "'ID', 'Question', 'Y/N'): only Yes or No is written, the quotes are in the dossier; "
        "set [questionnaire] text_column = '<header>' in dossier.toml for the prose"
    ]


def test_a_second_answer_column_is_named_with_the_one_chosen(tmp_path: Path) -> None:
    """'Response' and 'Answer' both read as the answer column: the one that takes
    the answers is named, and how to choose the other."""
    _, notes = read_xlsx(_sheet(tmp_path, ["ID", "Question", "Response", "Answer"]))
    assert notes == [
        "q.xlsx: sheet 'Sheet': answers go in 'Response', not in 'Answer', which also reads "
        "as an answer column; to choose, set [questionnaire] answer_column = '<header>' in "
        "dossier.toml"
    ]
    _, chosen = read_xlsx(
        _sheet(tmp_path, ["ID", "Question", "Response", "Answer"]),
        ColumnSettings(answer_column="Answer"),
    )
    assert chosen == []


def test_a_choice_list_without_yes_and_no_is_named(tmp_path: Path) -> None:
    path = _sheet(
        tmp_path,
        ["ID", "Question", "Answer", "Comments"],
        ("C2:C9", '"Implemented,Partially,Planned"'),
    )
    _, notes = read_xlsx(path)
    assert notes == [
        "q.xlsx: sheet 'Sheet': the choice column 'Answer' lists Implemented, Partially, "
        "Planned, without Yes and No; it is left empty"
    ]


def test_a_bank_workbooks_evidence_and_comments_column_takes_the_prose(tmp_path: Path) -> None:
    """ "Evidence / Comments" beside "Response (Yes/No/N/A)": one of its parts is a usual
    name, so the value and the quotes are written there."""
    headers = ["Ref", "Control Area", "Question", "Response (Yes/No/N/A)", "Evidence / Comments"]
    layout = layout_of(_sheet(tmp_path, headers), "Sheet")
    assert (layout.choice_col, layout.text_col) == (4, 5)


def test_a_banks_supporting_comments_column_takes_the_prose(tmp_path: Path) -> None:
    """An Australian bank's "Response (Yes/No/Partial)" beside "Supporting Comments":
    only Yes went in, and the comments column stayed empty."""
    path = _sheet(
        tmp_path,
        ["Ref", "Question", "Response (Yes/No/Partial)", "Supporting Comments"],
        ("C2:C9", '"Yes,No,Partial"'),
    )
    layout = layout_of(path, "Sheet")
    assert (layout.choice_col, layout.text_col) == (3, 4)


@pytest.mark.parametrize(
    "answer", ["Provider response", "Service Provider Response", "Bidder Response"]
)
def test_a_banks_provider_response_column_takes_the_answers(tmp_path: Path, answer: str) -> None:
    """A DORA workbook's "Provider response" beside "Supporting document": no column
    was found to write in, and the answered workbook held no answers."""
    headers = ["Ref", "Area", "Question", answer, "Supporting document"]
    layout = layout_of(_sheet(tmp_path, headers), "Sheet")
    assert (layout.text_col, layout.citations_col) == (4, 5)


def test_an_evidence_provided_column_takes_the_citations(tmp_path: Path) -> None:
    """A buyer's "Supplier Comments" beside "Evidence Provided": the evidence column was
    left empty."""
    headers = ["Ref", "Domain", "Question", "Supplier Comments", "Evidence Provided"]
    layout = layout_of(_sheet(tmp_path, headers), "Sheet")
    assert (layout.text_col, layout.citations_col) == (4, 5)

    # a yes/no column of that name takes no titles
    headers = ["Ref", "Question", "Supplier Response", "Evidence Provided (Y/N)"]
    assert layout_of(_sheet(tmp_path, headers), "Sheet").citations_col is None
