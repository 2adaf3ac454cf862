"""Unit tests for dossier.ingest.questionnaire: CSV and YAML questionnaires and their errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from dossier.errors import InputError, QuestionnaireError
from dossier.ingest.questionnaire import parse_csv, parse_yaml, read_questionnaire
from dossier.records import ColumnSettings, Question


def write(tmp_path: Path, name: str, content: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def brief_view(questions: list[Question]) -> list[tuple[str, str, dict[str, str], str]]:
    """Questions with their location reduced to the file name (the folder part is not
    under test: ``read_questionnaire`` may report the file by name or by path)."""
    return [(q.question_id, q.question, q.fields, q.location.rsplit("/", 1)[-1]) for q in questions]


def read_error(path: Path) -> QuestionnaireError:
    with pytest.raises(QuestionnaireError) as info:
        read_questionnaire(path)
    assert info.value.exit_code == 2
    assert isinstance(info.value, InputError)
    return info.value


# --- CSV -----------------------------------------------------------------------------


def test_csv_with_id_question_section(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "sig.csv",
        "id,question,section\nQ1,Do you encrypt data at rest?,Crypto\n"
        'Q2,"How often, if at all, are keys rotated?",Crypto\n',
    )
    assert brief_view(read_questionnaire(path)) == [
        ("Q1", "Do you encrypt data at rest?", {"section": "Crypto"}, "sig.csv:2"),
        ("Q2", "How often, if at all, are keys rotated?", {"section": "Crypto"}, "sig.csv:3"),
    ]


def test_csv_header_names_are_case_insensitive(tmp_path: Path) -> None:
    path = write(tmp_path, "q.csv", " ID , Question Text ,Domain\n A1 , Is MFA used? ,IAM\n")
    (question,) = read_questionnaire(path)
    assert question.question_id == "A1"
    assert question.question == "Is MFA used?"
    assert question.fields == {"Domain": "IAM"}  # other columns kept as read


def test_csv_alternative_column_names(tmp_path: Path) -> None:
    path = write(tmp_path, "q.csv", "Ref,Control Question\nCC6.1,Is access reviewed?\n")
    assert brief_view(read_questionnaire(path)) == [("CC6.1", "Is access reviewed?", {}, "q.csv:2")]


def test_csv_vda_isa_column_names(tmp_path: Path) -> None:
    """A VDA ISA export ("Control number", "Control question") stopped the build."""
    text = "Control number,Control question,Objective,Answer\n1.2.1,Is access reviewed?,x,\n"
    path = write(tmp_path, "isa.csv", text)
    (question,) = read_questionnaire(path)
    assert (question.question_id, question.question) == ("1.2.1", "Is access reviewed?")


def test_csv_bom_is_handled(tmp_path: Path) -> None:
    path = write(tmp_path, "bom.csv", "\ufeffid,question\nQ1,Do you log access?\n".encode())
    (question,) = read_questionnaire(path)
    assert question.question_id == "Q1"


def test_csv_blank_rows_are_skipped(tmp_path: Path) -> None:
    path = write(tmp_path, "q.csv", "id,question\n\nQ1,One?\n,\nQ2,Two?\n")
    questions = read_questionnaire(path)
    assert [q.question_id for q in questions] == ["Q1", "Q2"]
    assert [loc for *_, loc in brief_view(questions)] == ["q.csv:3", "q.csv:5"]


def test_csv_missing_question_column_names_the_file(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "vendor.csv", "id,prompt\nQ1,Do you?\n"))
    assert "vendor.csv" in str(error)
    assert "no 'question' column" in str(error)
    assert "id, prompt" in str(error)


def test_csv_missing_id_column(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "vendor.csv", "question,section\nDo you?,A\n"))
    assert "no 'id' column" in str(error)
    assert "[questionnaire] id_column" in str(error)  # how to name it


def test_a_government_forms_item_and_requirement_columns_are_read(tmp_path: Path) -> None:
    """ "Item,Requirement,Vendor Response" (a state agency's form) exited with "no 'id'
    column"."""
    path = write(tmp_path, "form.csv", "Item,Requirement,Vendor Response\nDS-01,Do you?,\n")
    (question,) = read_questionnaire(path)
    assert (question.question_id, question.question) == ("DS-01", "Do you?")


def test_pci_saqs_requirement_numbers_and_question_column_are_read(tmp_path: Path) -> None:
    """PCI DSS SAQ D's "Requirement,PCI DSS Question,...": the build stopped with "no
    'id' column", and naming only the id column read the requirement numbers as the
    questions ("10.4.1" answered with a sentence holding "10")."""
    path = write(
        tmp_path,
        "saq.csv",
        "Requirement,PCI DSS Question,Expected Testing,Response\n"
        "8.3.6,Are passwords at least 12 characters?,Examine settings.,\n"
        "10.4.1,Are audit logs reviewed at least once daily?,Examine logs.,\n",
    )
    questions = read_questionnaire(path)
    assert [(q.question_id, q.question) for q in questions] == [
        ("8.3.6", "Are passwords at least 12 characters?"),
        ("10.4.1", "Are audit logs reviewed at least once daily?"),
    ]
    configured = read_questionnaire(path, ColumnSettings(id_column="Requirement"))
    assert [q.question for q in configured] == [q.question for q in questions]


@pytest.mark.parametrize(
    "header", ["Question No.", "Req. No", "Requirement #", "Control Ref", "Q#"]
)
def test_numbered_id_headers_are_read(tmp_path: Path, header: str) -> None:
    path = write(tmp_path, "q.csv", f"{header},Question,Answer\nA4.1,Do you?,\n")
    (question,) = read_questionnaire(path)
    assert question.question_id == "A4.1"


@pytest.mark.parametrize(
    "content",
    [
        "Topic,PCI DSS Question\nAccess control,Do you?\n",
        # figures right of the question, or repeated section numbers, are no ids
        "Question,Score\nDo you?,5\nAre you?,10\n",
        "Section,Question\n1,Do you?\n1,Are you?\n",
    ],
)
def test_a_column_that_gives_no_ids_is_no_id_column(tmp_path: Path, content: str) -> None:
    assert "no 'id' column" in str(read_error(write(tmp_path, "q.csv", content)))


def test_a_requirement_column_of_text_stays_the_question(tmp_path: Path) -> None:
    """A header ending in "Question" is the question column only beside a
    "Requirement" column of identifiers."""
    path = write(
        tmp_path,
        "q.csv",
        "ID,Requirement,Follow-up Question\n1,Supplier must review access.,How often?\n",
    )
    (question,) = read_questionnaire(path)
    assert question.question == "Supplier must review access."


def test_a_workbooks_question_no_column_gives_the_ids(tmp_path: Path) -> None:
    """Cyber Essentials' "Question No." was no id column: every id became the sheet's
    row ("Self-Assessment!R5") and the questionnaire's numbers were nowhere."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Self-Assessment"
    sheet.append(["Question No.", "Question", "Answer", "Notes"])
    sheet.append(["A4.1", "Do you have firewalls at the boundaries?", None, None])
    book.save(tmp_path / "ce.xlsx")
    (question,) = read_questionnaire(tmp_path / "ce.xlsx")
    assert question.question_id == "A4.1"


def test_a_workbooks_unnamed_identifier_column_gives_the_ids(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Requirement", "PCI DSS Question", "Response"])
    sheet.append(["8.3.6", "Are passwords at least 12 characters?", None])
    sheet.append(["11.3.1.1", "Are other vulnerabilities managed?", None])
    book.save(tmp_path / "saq.xlsx")
    questions = read_questionnaire(tmp_path / "saq.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [
        ("8.3.6", "Are passwords at least 12 characters?"),
        ("11.3.1.1", "Are other vulnerabilities managed?"),
    ]


def test_csv_columns_named_in_the_settings_are_read(tmp_path: Path) -> None:
    path = write(tmp_path, "own.csv", "Line,Ask,Reply\n7,Do you encrypt backups?,\n")
    (question,) = read_questionnaire(path, ColumnSettings(id_column="Line", question_column="ask"))
    assert (question.question_id, question.question) == ("7", "Do you encrypt backups?")
    assert "no 'id' column" in str(read_error(path))  # not by the usual names


def test_csv_duplicate_ids_name_both_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "dup.csv", "id,question\nQ1,First?\nQ2,Second?\nQ1,Third?\n")
    error = read_error(path)
    message = str(error)
    assert "duplicate id 'Q1'" in message
    assert "dup.csv:2 and " in message
    assert message.endswith("dup.csv:4)")


def test_csv_empty_question_text(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", "id,question\nQ1,Fine?\nQ2,   \n"))
    assert "q.csv:3" in str(error)
    assert "Q2 has no text" in str(error)


def test_csv_empty_id(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", "id,question\n ,Orphan question?\n"))
    assert "q.csv:2: empty id" in str(error)


def test_a_csv_sections_row_is_passed_over(tmp_path: Path) -> None:
    """A questionnaire exported from Word carries its sections as rows: the build
    stopped at the first with "empty id"."""
    text = (
        "Section,No.,Question\n"
        '"1. Governance","",""\n'
        '"1. Governance","","1. Information Security Governance"\n'
        '"1. Governance","1.1","Do you have a security policy?"\n'
    )
    questions = read_questionnaire(write(tmp_path, "q.csv", text))
    assert [(q.question_id, q.question) for q in questions] == [
        ("1.1", "Do you have a security policy?")
    ]


@pytest.mark.parametrize("row", ["Q1,Too,many,cells", "Q1"])
def test_csv_wrong_cell_count(tmp_path: Path, row: str) -> None:
    error = read_error(write(tmp_path, "q.csv", f"id,question,section\nQ0,Ok?,S\n{row}\n"))
    cells = len(row.split(","))
    assert f"q.csv:3: {cells} cells, header has 3" in str(error)


def test_csv_empty_file(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", ""))
    assert "empty file" in str(error)


def test_csv_header_only_holds_no_questions(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", "id,question\n"))
    assert "holds no questions" in str(error)


def test_csv_not_utf8(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", "id,question\nQ1,Schlüssel?\n".encode("latin-1")))
    assert "not UTF-8" in str(error)


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16"])
def test_a_nul_character_names_its_line(tmp_path: Path, encoding: str) -> None:
    text = "id,question\nQ1,Is data encrypted?\nQ2,Are backups\x00 tested?\n"
    error = read_error(write(tmp_path, "q.csv", text.encode(encoding)))
    assert "q.csv:3: holds a NUL character" in str(error)


def test_a_yaml_questionnaire_with_a_nul_character_is_refused(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.yaml", "- id: Q1\n  question: Is it\x00 so?\n"))
    assert "q.yaml:2: holds a NUL character" in str(error)


def test_parse_csv_multiline_cell_keeps_text() -> None:
    questions = parse_csv('id,question\nQ1,"first line\nsecond line"\n', "q.csv")
    assert questions[0].question == "first line\nsecond line"


def test_csv_location_after_multiline_cell_is_the_file_line() -> None:
    questions = parse_csv('id,question\nQ1,"first line\nsecond line"\nQ2,Next?\n', "q.csv")
    assert questions[1].location == "q.csv:4"


# --- YAML ------------------------------------------------------------------------------


def test_yaml_list(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "q.yaml",
        "- id: Q1\n  question: Do you use MFA?\n  section: IAM\n- id: 2\n  question: Logs?\n",
    )
    assert brief_view(read_questionnaire(path)) == [
        ("Q1", "Do you use MFA?", {"section": "IAM"}, "q.yaml#1"),
        ("2", "Logs?", {}, "q.yaml#2"),
    ]


def test_yaml_questions_mapping(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "q.yml",
        "title: Vendor review\nquestions:\n  - id: A\n    question: Is data encrypted?\n",
    )
    assert brief_view(read_questionnaire(path)) == [("A", "Is data encrypted?", {}, "q.yml#1")]


def test_yaml_invalid(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.yaml", "- id: Q1\n  question: [unclosed\n"))
    assert "q.yaml" in str(error)
    assert "not valid YAML (line 3, column 1: expected" in str(error)
    assert "\n" not in str(error) and "<unicode string>" not in str(error)  # one line


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("just a string\n", "expected a list of questions"),
        ("questions: 3\n", "expected a list of questions"),
        ("", "expected a list of questions"),
        ("- id: Q1\n", "item 1 needs 'id' and 'question'"),
        ("- id: Q1\n  question: Ok?\n- plain string\n", "item 2 needs 'id' and 'question'"),
        ("- id: Q1\n  question:\n", "item 1 has an empty id or question"),
        ("- id: ''\n  question: Ok?\n", "item 1 has an empty id or question"),
        ("[]\n", "holds no questions"),
        ("- id:\n  question: Ok?\n", "item 1: 'id' must be text or a number"),
        ("- id: [1, 2]\n  question: Ok?\n", "found list and str"),
        ("- id: Q1\n  question: [a, b]\n", "'question' text (found str and list)"),
        ("- id: true\n  question: Ok?\n", "found bool"),
        ("- id: 1.10\n  question: Ok?\n", "id 1.1 reads as a decimal number"),
        ("- id: Q1\n  question: A?\n  question: B?\n", "key 'question' appears twice"),
    ],
)
def test_yaml_malformed(tmp_path: Path, content: str, expected: str) -> None:
    error = read_error(write(tmp_path, "q.yaml", content))
    assert expected in str(error)


def test_yaml_duplicate_ids(tmp_path: Path) -> None:
    path = write(tmp_path, "q.yaml", "- id: Q1\n  question: A?\n- id: Q1\n  question: B?\n")
    error = read_error(path)
    assert "duplicate id 'Q1'" in str(error)
    assert "q.yaml#1 and " in str(error)
    assert str(error).endswith("q.yaml#2)")


def test_yaml_impossible_date_is_a_questionnaire_error() -> None:
    with pytest.raises(QuestionnaireError):
        parse_yaml("- id: 2024-02-30\n  question: Do you?\n", "q.yaml")


# --- files ----------------------------------------------------------------------------


def test_unsupported_suffix(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "vendor.numbers", b"PK\x03\x04"))
    assert "unsupported questionnaire format '.numbers'" in str(error)
    assert "vendor.numbers" in str(error)


def test_corrupt_workbook(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "vendor.xlsx", b"PK\x03\x04 truncated"))
    assert "vendor.xlsx: not a readable .xlsx workbook" in str(error)
    assert error.exit_code == 2


def _damaged(tmp_path: Path, part: str, damage: object) -> Path:
    """A valid workbook whose ``part`` is rewritten by ``damage`` (text -> text)."""
    import io
    import zipfile

    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["ID", "Question"])
    book.active.append(["Q1", "Is MFA required?"])
    buffer = io.BytesIO()
    book.save(buffer)
    out = io.BytesIO()
    with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == part:
                data = damage(data.decode()).encode()  # type: ignore[operator]
            target.writestr(item, data)
    return write(tmp_path, "vendor.xlsx", out.getvalue())


@pytest.mark.parametrize(
    ("part", "damage"),
    [
        ("xl/worksheets/sheet1.xml", lambda x: x[: len(x) // 2]),  # XML cut short
        ("xl/styles.xml", lambda x: "<styleSheet"),
        (  # a shared string that is not there
            "xl/worksheets/sheet1.xml",
            lambda x: x.replace('t="inlineStr"><is><t>Q1</t></is>', 't="s"><v>99</v>'),
        ),
    ],
)
def test_a_damaged_workbook_part_is_one_clear_line(
    tmp_path: Path, part: str, damage: object
) -> None:
    """These were "Internal error: ParseError" (exit 1) with no file named."""
    error = read_error(_damaged(tmp_path, part, damage))
    assert "vendor.xlsx: not a readable .xlsx workbook" in str(error)
    assert error.exit_code == 2 and "\n" not in str(error)


def test_password_protected_workbook(tmp_path: Path) -> None:
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 512
    error = read_error(write(tmp_path, "vendor.xlsx", ole))
    assert "password-protected" in str(error) and "vendor.xlsx" in str(error)


def test_missing_file(tmp_path: Path) -> None:
    error = read_error(tmp_path / "absent.csv")
    assert "absent.csv" in str(error)
    assert "not found" in str(error)


def test_folder_is_not_a_questionnaire(tmp_path: Path) -> None:
    (tmp_path / "q.csv").mkdir()
    error = read_error(tmp_path / "q.csv")
    assert "is a folder" in str(error)


def test_uppercase_suffix(tmp_path: Path) -> None:
    path = write(tmp_path, "Q.CSV", "id,question\nQ1,Ok?\n")
    assert read_questionnaire(path)[0].location.endswith("Q.CSV:2")


def test_csv_with_a_quote_left_open_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_text('id,question\nQ1,Is data encrypted?\nQ2,"unterminated\n')
    with pytest.raises(QuestionnaireError, match=r"q\.csv:\d+: malformed CSV"):
        read_questionnaire(path)


def test_an_unquoted_comma_in_a_question_hints_at_quoting(tmp_path: Path) -> None:
    text = "id,question\nQ1,Do you encrypt backups, and how?\n"
    error = read_error(write(tmp_path, "q.csv", text))
    assert "q.csv:2: 3 cells, header has 2" in str(error)
    assert "a question holding a comma must be in double quotes" in str(error)


def test_an_unquoted_semicolon_hint_names_the_semicolon(tmp_path: Path) -> None:
    text = "id;question\nQ1;Do you encrypt backups; and how?\n"
    error = str(read_error(write(tmp_path, "q.csv", text)))
    assert "q.csv:2: 3 cells, header has 2" in error
    assert "a question holding a semicolon must be in double quotes" in error
    assert 'Q7;"Do you encrypt backups; and how?"' in error
    assert "comma" not in error


def test_a_short_row_gets_no_quoting_hint(tmp_path: Path) -> None:
    error = read_error(write(tmp_path, "q.csv", "id,question,section\nQ1,Why?\n"))
    assert "double quotes" not in str(error)


def test_a_workbook_without_a_question_column_names_the_headers_it_has(tmp_path: Path) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Controls"
    sheet.append(["Vendor security review"])
    sheet.append(["Ref", "Control statement", "Vendor response"])
    sheet.append(["C1", "Is MFA enforced?", None])
    book.save(tmp_path / "vendor.xlsx")
    error = read_error(tmp_path / "vendor.xlsx")
    message = str(error)
    assert "holds no questions" in message
    assert "sheet 'Controls' skipped" in message
    assert "'Ref', 'Control statement', 'Vendor response'" in message
    assert "[questionnaire] question_column" in message


@pytest.mark.parametrize("suffix", [".yml", ".xlsm"])
def test_every_suffix_the_readme_names_is_accepted_in_the_message(
    tmp_path: Path, suffix: str
) -> None:
    error = read_error(write(tmp_path, "q.docx", "x"))
    assert suffix in str(error)


BILLION_LAUGHS = """- id: Q1
  question: Is MFA required?
  a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]
  b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]
  c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]
  d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]
  e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]
  f: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]
  g: &g [*f, *f, *f, *f, *f, *f, *f, *f, *f]
  h: &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]
"""


def test_yaml_aliases_that_expand_without_end_are_refused_at_once() -> None:
    """A 10-line file took over a minute and 6.8 GB before an internal error."""
    with pytest.raises(QuestionnaireError, match="field 'd': longer than 10,000 characters"):
        parse_yaml(BILLION_LAUGHS, "bomb.yaml")
    with pytest.raises(QuestionnaireError, match="nested too deeply"):
        parse_yaml("- id: Q1\n  question: x\n  f: " + "[" * 5000 + "]" * 5000, "deep.yaml")


def test_yaml_merge_keys_are_read_as_yaml_defines_them() -> None:
    text = (
        "- &base\n  id: Q1\n  section: Access\n  question: Is MFA required?\n"
        "- <<: *base\n  id: Q2\n  question: How often is access reviewed?\n"
    )
    questions = parse_yaml(text, "q.yaml")
    assert [(q.question_id, q.fields) for q in questions] == [
        ("Q1", {"section": "Access"}),
        ("Q2", {"section": "Access"}),
    ]


@pytest.mark.parametrize(("written", "number"), [("010", "8"), ("0x1A", "26"), ("1:30", "90")])
def test_a_yaml_number_read_other_than_written_is_refused(written: str, number: str) -> None:
    """The ids became '8', '26' and '90' without a word."""
    with pytest.raises(QuestionnaireError, match=f"{written} reads as the number {number}"):
        parse_yaml(f"- id: {written}\n  question: Is MFA required?\n", "q.yaml")
    assert parse_yaml("- id: 12\n  question: Is MFA required?\n", "q.yaml")[0].question_id == "12"


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("semicolons.csv", b"id;question\nQ1;Is MFA required?\n"),  # European Excel
        ("tabs.csv", b"id\tquestion\nQ1\tIs MFA required?\n"),
        ("unicode.csv", "id,question\nQ1,Is MFA required?\n".encode("utf-16")),  # with its mark
        ("trailing.csv", b"id,question\nQ1,Is MFA required?,\n"),  # a separator at the end
    ],
)
def test_csv_as_spreadsheet_programs_write_it(tmp_path: Path, name: str, data: bytes) -> None:
    questions = read_questionnaire(write(tmp_path, name, data))
    assert [(q.question_id, q.question) for q in questions] == [("Q1", "Is MFA required?")]


def test_text_in_another_encoding_names_its_line_and_the_fix(tmp_path: Path) -> None:
    data = "id,question\nQ1,Is MFA required?\nQ2,Is the naïve path logged?\n".encode("cp1252")
    error = read_error(write(tmp_path, "legacy.csv", data))
    assert "legacy.csv:3: not UTF-8 text" in str(error) and "CSV UTF-8" in str(error)


@pytest.mark.parametrize(
    "field", ["notes: &a [*a]", "notes: &a {self: *a}", "notes: &a [1, [2, *a]]"]
)
def test_a_yaml_value_that_holds_itself_is_refused(tmp_path: Path, field: str) -> None:
    path = write(tmp_path, "q.yaml", f"- id: Q1\n  question: Is data encrypted?\n  {field}\n")
    assert "a value that holds itself" in str(read_error(path))


def test_a_bilingual_header_names_the_question_column_in_one_part() -> None:
    (question,) = parse_csv('"ID","Frage/Question"\n"Q1","Is MFA required?"\n', "q.csv")
    assert (question.question_id, question.question) == ("Q1", "Is MFA required?")


def test_a_yes_no_header_is_no_id_column() -> None:
    with pytest.raises(QuestionnaireError, match="no 'id' column"):
        parse_csv("Question,Yes/No\nDo you encrypt data?,Yes\n", "q.csv")


def test_of_two_bilingual_question_columns_the_first_is_the_question() -> None:
    """ "Frage/Question" before "Folgefrage/Question" (a follow-up): the first is read."""
    text = (
        '"ID","Frage/Question","Antwort/Answer","Folgefrage/Question"\n'
        '"Q1","Is MFA required?","",""\n'
    )
    (question,) = parse_csv(text, "q.csv")
    assert question.question == "Is MFA required?"


def test_a_title_in_the_id_column_is_a_section_and_a_statement_without_an_id_an_error(
    tmp_path: Path,
) -> None:
    text = 'No.,Question\n"1. Information Security Governance",""\n"1.1","Do you have a policy?"\n'
    assert [q.question_id for q in read_questionnaire(write(tmp_path, "q.csv", text))] == ["1.1"]
    statement = 'No.,Question\n"1.1","Ok?"\n,"The Supplier encrypts all Bank data at rest."\n'
    error = read_error(write(tmp_path, "s.csv", statement))
    assert "s.csv:3: empty id for the question 'The Supplier encrypts" in str(error)
