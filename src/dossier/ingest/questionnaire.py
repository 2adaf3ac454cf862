"""Read a questionnaire (CSV, YAML or XLSX) into questions with ids and locations."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

import yaml

from dossier.common.textutil import undecodable
from dossier.errors import QuestionnaireError
from dossier.ingest.columns import (
    holds_identifiers,
    id_column,
    identifier_column,
    name_index,
    question_column,
)
from dossier.ingest.paths import check_questionnaire_file
from dossier.ingest.workbook import WORKBOOK_SUFFIXES, read_xlsx, section_title
from dossier.records import ColumnSettings, Question


def read_questionnaire(
    path: Path, columns: ColumnSettings | None = None, notes: list[str] | None = None
) -> list[Question]:
    """The questions of ``path``; sheets of a workbook that hold no question
    column are skipped and named in ``notes``."""
    check_questionnaire_file(path)
    suffix = path.suffix.lower()
    data = path.read_bytes()
    skipped: list[str] = []
    if suffix == ".csv":
        questions = parse_csv(_decode(path, data), str(path), columns)
    elif suffix in (".yaml", ".yml"):
        questions = parse_yaml(_decode(path, data), str(path))
    elif suffix in WORKBOOK_SUFFIXES:
        questions, skipped = read_xlsx(path, columns or ColumnSettings())
        if notes is not None:
            notes += skipped
    else:  # check_questionnaire_file refused every other suffix
        raise AssertionError(suffix)
    if not questions:
        raise QuestionnaireError(f"{path}: holds no questions" + _why_none(skipped))
    _check_unique(questions, path)
    return questions


def _why_none(notes: list[str]) -> str:
    """For a workbook: what each skipped sheet had (its headers), and what to set."""
    return ("; " + "; ".join(notes)) if notes else ""


def _decode(path: Path, data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark) or UTF-16 with its mark (what Excel's
    "Unicode text" writes); anything else is named, with the line it fails on."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return _without_nul(data.decode("utf-16"), path)
        except UnicodeDecodeError:
            raise QuestionnaireError(f"{path}: not valid UTF-16 text") from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise QuestionnaireError(
            f"{path}:{line}: not UTF-8 text ({undecodable(data, error.start)}); save it as UTF-8 "
            "(in Excel: CSV UTF-8)"
        ) from None
    return _without_nul(text, path)


def _without_nul(text: str, path: Path) -> str:
    """A NUL character is no part of a question: the file is damaged or not text."""
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise QuestionnaireError(
            f"{path}:{line}: holds a NUL character; the file is damaged or not a text file"
        )
    return text


def parse_csv(text: str, name: str, columns: ColumnSettings | None = None) -> list[Question]:
    columns = columns or ColumnSettings()
    delimiter = _delimiter(text)
    reader = csv.reader(  # an open quote is an error
        io.StringIO(text, newline=""), strict=True, delimiter=delimiter
    )
    try:
        rows = [(reader.line_num, row) for row in reader]
    except csv.Error as error:
        raise QuestionnaireError(f"{name}:{reader.line_num}: malformed CSV ({error})") from None
    if not rows:
        raise QuestionnaireError(
            f"{name}: empty file, expected a header row with 'id' and 'question'"
        )
    header = [h.strip() for h in rows[0][1]]
    question_col, id_col = _csv_columns(header, [row for _, row in rows[1:]], columns, name)
    questions = []
    for line, row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue
        while len(row) > len(header) and not row[-1].strip():
            row = row[:-1]  # empty cells after the last column: a trailing separator
        if len(row) != len(header):
            hint = _quoting_hint(delimiter) if len(row) > len(header) else ""
            raise QuestionnaireError(
                f"{name}:{line}: {len(row)} cells, header has {len(header)}{hint}"
            )
        qid, text = row[id_col].strip(), row[question_col].strip()
        if _section_row(qid, text):
            continue  # a section's row: "1. Information Security Governance","",""
        if not qid:
            raise QuestionnaireError(
                f"{name}:{line}: empty id for the question '{_shortened(text)}'; give every "
                "question an id (a section's title without an id is passed over)"
            )
        if not text:
            raise QuestionnaireError(f"{name}:{line}: question {qid} has no text")
        fields = {
            h: v
            for i, (h, v) in enumerate(zip(header, row, strict=True))
            if i not in (id_col, question_col)
        }
        questions.append(Question(qid, text, fields, f"{name}:{line}"))
    return questions


def _section_row(qid: str, text: str) -> bool:
    """Whether a CSV row is a section's, not a question: no id and no question, a
    title without an id (short, no end punctuation, no request: a statement such as
    "The Supplier encrypts all data." is a question without an id), or a title in the
    id column over an empty question ("1. Governance", "")."""
    if not qid:
        return not text or (section_title(text) and not text.rstrip().endswith((".", "?")))
    return not text and len(qid.split()) >= 2 and any(c.isalpha() for c in qid)


def _shortened(text: str, words: int = 8) -> str:
    said = text.split()
    return " ".join(said[:words]) + (" ..." if len(said) > words else "")


_SEPARATOR_NAMES = {",": "comma", ";": "semicolon", "\t": "tab"}


def _quoting_hint(delimiter: str) -> str:
    """How to write a question that holds the file's own separator."""
    name = _SEPARATOR_NAMES.get(delimiter, repr(delimiter))
    example = f'Q7{delimiter}"Do you encrypt backups{delimiter} and how?"'
    if delimiter == "\t":
        example = 'Q7<tab>"Do you encrypt backups<tab>and how?"'
    return f"; a question holding a {name} must be in double quotes ({example})"


def _delimiter(text: str) -> str:
    """The separator of the header line: a comma, or the semicolon of a European
    Excel export or the tab of a tab-separated file when the line holds no comma."""
    header = text.split("\n", 1)[0]
    if "," in header:
        return ","
    return next((d for d in (";", "\t") if d in header), ",")


def _csv_columns(
    header: list[str], rows: list[list[str]], columns: ColumnSettings, name: str
) -> tuple[int, int]:
    """The question and id columns of a CSV header, as ``dossier.toml`` names them or
    as questionnaires usually do; without a usual id header, the first column holding
    identifiers (``holds_identifiers``)."""
    names = name_index(dict(enumerate(header)))
    written = [row for row in rows if any(cell.strip() for cell in row)]

    def cells(column: int) -> list[str]:
        return [row[column] if column < len(row) else "" for row in written]

    question = question_column(
        names, columns.question_column, lambda c: holds_identifiers(cells(c))
    )
    found = id_column(names, columns.id_column, question)
    if found is None and question is not None and not columns.id_column:
        others = [i for i in range(len(header)) if i != question]  # the left first
        index = identifier_column([cells(i) for i in others])
        found = None if index is None else others[index]
    if found is None:
        raise _no_column("id", header, name)
    if question is None:
        raise _no_column("question", header, name)
    return question, found


def _no_column(role: str, header: list[str], name: str) -> QuestionnaireError:
    return QuestionnaireError(
        f"{name}: no '{role}' column in the header (found: {', '.join(header) or 'nothing'}); "
        f'name it in dossier.toml: [questionnaire] {role}_column = "..."'
    )


def parse_yaml(text: str, name: str) -> list[Question]:
    try:
        loaded = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader
    except (yaml.YAMLError, ValueError) as error:  # ValueError: an impossible date
        raise QuestionnaireError(f"{name}: not valid YAML ({_yaml_problem(error)})") from None
    except RecursionError:
        raise QuestionnaireError(f"{name}: not valid YAML (nested too deeply)") from None
    items: Any = loaded.get("questions") if isinstance(loaded, dict) else loaded
    if not isinstance(items, list):
        raise QuestionnaireError(f"{name}: expected a list of questions (or a 'questions:' list)")
    questions = []
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict) or "id" not in item or "question" not in item:
            raise QuestionnaireError(f"{name}: item {number} needs 'id' and 'question'")
        if isinstance(item["id"], float):
            raise QuestionnaireError(
                f"{name}: item {number}: id {item['id']!r} reads as a decimal number, which "
                "loses digits (1.10 reads as 1.1): put the id in quotes"
            )
        if not _scalar_id(item["id"]) or not isinstance(item["question"], str | None):
            raise QuestionnaireError(
                f"{name}: item {number}: 'id' must be text or a number and 'question' text "
                f"(found {type(item['id']).__name__} and {type(item['question']).__name__})"
            )
        qid, text = str(item["id"]).strip(), (item["question"] or "").strip()
        if not qid or not text:
            raise QuestionnaireError(f"{name}: item {number} has an empty id or question")
        fields = {
            str(k): _plain(v, f"{name}: item {number}: field {str(k)!r}")
            for k, v in item.items()
            if k not in ("id", "question")
        }
        questions.append(Question(qid, text, fields, f"{name}#{number}"))
    return questions


def _yaml_problem(error: Exception) -> str:
    """A YAML error in one line: where, and what (PyYAML's own text spans lines and
    names an internal "<unicode string>")."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or str(error)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    return where + " ".join(str(problem).split())


FIELD_CHARS = 10_000  # an item's other field, as text, at most


def _plain(value: Any, where: str) -> str:
    """A field's value as text. A nested value is written out only while short: a
    few aliased lists expand to billions of items ("billion laughs")."""
    if not isinstance(value, list | dict):
        return str(value)
    budget = [FIELD_CHARS]
    within: set[int] = set()  # the containers being spent, to find one holding itself

    def spend(item: Any) -> None:
        if isinstance(item, list | dict):
            if id(item) in within:
                raise QuestionnaireError(f"{where}: a value that holds itself (a YAML alias)")
            within.add(id(item))
            budget[0] -= 2
            for inner in item.items() if isinstance(item, dict) else item:
                if budget[0] < 0:
                    raise QuestionnaireError(
                        f"{where}: longer than {FIELD_CHARS:,} characters as text "
                        "(aliases expanding without end?)"
                    )
                spend(inner)
            within.discard(id(item))
        elif isinstance(item, tuple):
            for inner in item:
                spend(inner)
        else:
            budget[0] -= len(str(item)) + 2

    spend(value)
    if budget[0] < 0:
        raise QuestionnaireError(f"{where}: longer than {FIELD_CHARS:,} characters as text")
    return str(value)


def _scalar_id(value: Any) -> bool:
    return isinstance(value, str | int) and not isinstance(value, bool)


class _UniqueKeyLoader(yaml.SafeLoader):
    """The safe loader, refusing a mapping that names one key twice (which would
    otherwise keep the last value without a word), and a number YAML reads other
    than as written (``010`` is 8, ``0x1A`` 26, ``1:30`` 90); merge keys
    (``<<: *base``) are read as YAML defines them."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue  # flattened by the safe loader; its keys may be overridden
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} appears twice", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        written = str(node.value)
        if not _DECIMAL.match(written):
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"{written} reads as the number {super().construct_yaml_int(node)}, "
                "not as written: put it in quotes",
                node.start_mark,
            )
        return int(super().construct_yaml_int(node))


_DECIMAL = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", _UniqueKeyLoader.construct_yaml_int)


def _check_unique(questions: list[Question], path: Path) -> None:
    seen: dict[str, str] = {}
    for question in questions:
        if question.question_id in seen:
            raise QuestionnaireError(
                f"{path}: duplicate id '{question.question_id}' "
                f"({seen[question.question_id]} and {question.location})"
            )
        seen[question.question_id] = question.location
