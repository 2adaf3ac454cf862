"""Unit tests for dossier.review.library: the answer library's file and its entries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dossier.records import (
    Answer,
    BuildInfo,
    Claim,
    Document,
    Dossier,
    LibraryUse,
    Quote,
)
from dossier.review.decisions import Decision
from dossier.review.library import (
    HEADER,
    Entry,
    LibraryError,
    LibraryQuote,
    load_library,
    new_entry,
    own_prose,
    remember,
    remove_entry,
    update_library,
)

DOC = Document(
    path="policies/access.md",
    sha256="f" * 64,
    text_sha256="a" * 64,
    text="User access is reviewed quarterly by each system owner.",
    title="Access Policy",
    metadata={},
    effective_date=None,
    status=None,
    supersedes=(),
)
QUOTE = Quote("User access is reviewed quarterly", DOC.path, "c1", 0, 33)


def entry(question: str = "How often is user access reviewed?", **fields: object) -> Entry:
    values: dict[str, object] = {
        "kind": "approved",
        "question": question,
        "question_id": "Q1",
        "questionnaire": "first.csv",
        "core": question.rstrip("?"),
        "normalised": "",
        "verdict": "grounded",
        "short_answer": "quarterly",
        "answer": "quarterly. The documents state: ...",
        "quotes": [LibraryQuote(DOC.path, QUOTE.text, DOC.text_sha256)],
        "reviewer": "Ada",
        "at": "2026-01-02T10:00:00Z",
    }
    values.update(fields)
    return new_entry(**values)


def test_entries_round_trip_through_a_sorted_versioned_file(tmp_path: Path) -> None:
    path = tmp_path / "library.jsonl"
    later = entry("Is MFA required?", at="2026-03-01T00:00:00Z", short_answer="Yes")
    earlier = entry()
    update_library(path, [later, earlier])
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == HEADER
    assert [json.loads(line)["id"] for line in lines[1:]] == [earlier.id, later.id]  # by core ask
    assert load_library(path).entries == (earlier, later)


def test_an_id_is_made_from_the_content(tmp_path: Path) -> None:
    assert entry().id == entry().id
    assert entry().id != entry(reviewer="Grace").id
    assert entry().id.startswith("L") and len(entry().id) == 13


def test_two_reviewers_entries_for_the_same_ask_are_both_kept(tmp_path: Path) -> None:
    path = tmp_path / "library.jsonl"
    ada = entry()
    grace = entry(reviewer="Grace", at="2026-05-01T00:00:00Z", questionnaire="second.csv")
    update_library(path, [ada])
    update_library(path, [grace])
    kept = load_library(path).entries
    assert {(e.reviewer, e.at) for e in kept} == {("Ada", ada.at), ("Grace", grace.at)}


def test_a_missing_or_empty_file_is_an_empty_library(tmp_path: Path) -> None:
    assert load_library(tmp_path / "none.jsonl").entries == ()
    (tmp_path / "empty.jsonl").write_text("")
    assert load_library(tmp_path / "empty.jsonl").entries == ()


def _library_with(tmp_path: Path, bad: str) -> Path:
    path = tmp_path / "library.jsonl"
    update_library(path, [entry(), entry("Is MFA required?")])
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines[:2], bad, *lines[2:]]) + "\n")
    return path


@pytest.mark.parametrize(
    ("bad", "said"),
    [
        ('{"id": "L1", "kind": "approved", "question": ', "not valid JSON"),
        ('["a", "list"]', "must be a JSON object"),
        ('{"id": "L1", "kind": "approved", "question": "Q?"}', "entry without reviewer, at"),
        (
            '{"id": 3, "kind": "approved", "question": "Q?", "reviewer": "A", "at": "t"}',
            "id must be text",
        ),
        (
            '{"id": "L1", "kind": "maybe", "question": "Q?", "reviewer": "A", "at": "t"}',
            "unknown kind 'maybe'",
        ),
        (
            '{"id": "L1", "kind": "hint", "question": "Q?", "reviewer": "A", "at": "t", '
            '"colour": "red"}',
            "not a library entry",
        ),
    ],
)
def test_a_malformed_line_is_an_error_naming_it(tmp_path: Path, bad: str, said: str) -> None:
    path = _library_with(tmp_path, bad)
    with pytest.raises(LibraryError) as error:
        load_library(path)
    assert f"{path}:3: " in str(error.value)
    assert said in str(error.value)
    assert error.value.exit_code == 2


def test_an_entry_changed_by_hand_is_refused_naming_its_line(tmp_path: Path) -> None:
    """An entry's id is a hash of its content: a short answer or prose edited in
    the file (here "quarterly" made "monthly") would otherwise be proposed as a
    reviewer's approved answer."""
    path = tmp_path / "library.jsonl"
    update_library(path, [entry(), entry("Is MFA required?")])
    lines = path.read_text().splitlines()
    row = json.loads(lines[1])
    row["answer"] = row["answer"] + " Every admin is re-certified weekly."
    path.write_text("\n".join([lines[0], json.dumps(row), *lines[2:]]) + "\n")
    with pytest.raises(LibraryError) as error:
        load_library(path)
    assert f"{path}:2: entry {row['id']} does not match its content" in str(error.value)
    assert error.value.exit_code == 2


def test_a_malformed_library_is_never_rewritten(tmp_path: Path) -> None:
    path = _library_with(tmp_path, "not json")
    before = path.read_bytes()
    with pytest.raises(LibraryError):
        update_library(path, [entry(reviewer="Grace")])
    with pytest.raises(LibraryError):
        remove_entry(path, entry().id)
    assert path.read_bytes() == before


def test_the_header_names_the_format_and_version(tmp_path: Path) -> None:
    path = tmp_path / "library.jsonl"
    path.write_text('{"answers": []}\n')
    with pytest.raises(LibraryError, match=r":1: not an answer library"):
        load_library(path)
    path.write_text('{"format": "dossier-library", "version": 2}\n')
    with pytest.raises(LibraryError, match="format version 2; this dossier reads version 1"):
        load_library(path)


def test_remove_by_id_or_unique_prefix(tmp_path: Path) -> None:
    path = tmp_path / "library.jsonl"
    first, second = entry(), entry("Is MFA required?")
    update_library(path, [first, second])
    assert remove_entry(path, first.id[:8]) == first
    assert load_library(path).entries == (second,)
    with pytest.raises(LibraryError, match="no entry with id 'Lnothing'"):
        remove_entry(path, "Lnothing")
    update_library(path, [first])
    with pytest.raises(LibraryError, match="2 entries have ids starting 'L'; give more"):
        remove_entry(path, "L")


def _dossier(*answers: Answer) -> Dossier:
    info = BuildInfo("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "offline", 1, 0, 1, 1, ())
    return Dossier("1.0", info, (DOC,), answers, "c" * 64, "first.csv", "d" * 64, "0.2.0")


def _answer(question_id: str = "Q1", **fields: object) -> Answer:
    values: dict[str, object] = {
        "question_id": question_id,
        "question": "How often is user access reviewed?",
        "verdict": "grounded",
        "answer": "quarterly. The documents state:\n- “User access is reviewed quarterly”",
        "claims": (Claim(QUOTE.text, (QUOTE,)),),
        "discarded_quotes": (),
        "missing_facts": (),
        "searches": (),
        "short_answer": "quarterly",
    }
    values.update(fields)
    return Answer(**values)  # type: ignore[arg-type]


def _decision(status: str, **fields: object) -> Decision:
    values: dict[str, object] = {
        "question_id": "Q1",
        "status": status,
        "reviewer": "Ada",
        "at": "2026-01-02T10:00:00Z",
        "reason": None,
        "answer_sha256": "e" * 64,
    }
    values.update(fields)
    return Decision(**values)  # type: ignore[arg-type]


def test_an_approval_keeps_the_question_its_ask_the_answer_and_each_quote_with_its_hash(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.jsonl"
    (made,) = remember(path, _dossier(_answer()), [_decision("approved")])
    assert (made.kind, made.reviewer, made.at, made.questionnaire) == (
        "approved",
        "Ada",
        "2026-01-02T10:00:00Z",
        "first.csv",
    )
    assert made.question == "How often is user access reviewed?"
    assert made.core == "How often is user access reviewed"
    assert made.normalised.startswith("access review user|frequency|")
    assert made.short_answer == "quarterly"
    assert made.quotes == (LibraryQuote(DOC.path, QUOTE.text, DOC.text_sha256),)
    assert load_library(path).entries == (made,)


def test_an_edit_keeps_the_reviewers_words_and_quotes(tmp_path: Path) -> None:
    path = tmp_path / "library.jsonl"
    edited_quote = Quote("each system owner", DOC.path, "c1", 37, 54)
    text = "Yes: “each system owner” reviews it."
    answer = _answer(answer=text)
    decision = _decision("edited", edited_answer=text, edited_quotes=(edited_quote,))
    (made,) = remember(path, _dossier(answer), [decision])
    assert made.kind == "edited"
    assert made.answer == text
    assert made.short_answer == "Yes"  # the edit opens with it
    assert [q.text for q in made.quotes] == ["each system owner"]


def test_a_rejection_keeps_its_reason_and_withdraws_the_entry_of_the_answer_it_rejects(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.jsonl"
    dossier = _dossier(_answer())
    (approved,) = remember(path, dossier, [_decision("approved")])
    (other,) = remember(path, dossier, [_decision("approved", answer_sha256="0" * 64)])
    (rejected,) = remember(
        path, dossier, [_decision("rejected", reason="wrong system", at="2026-02-01T00:00:00Z")]
    )
    assert rejected.kind == "rejected"
    assert rejected.reason == "wrong system"
    assert rejected.quotes == ()
    assert rejected.withdraws == (approved.id,)  # not the entry of another answer
    assert load_library(path).withdrawn() == {approved.id}
    assert other.id not in load_library(path).withdrawn()


def test_rejecting_an_answer_proposed_from_the_library_withdraws_that_entry(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.jsonl"
    earlier = entry(questionnaire="older.csv")
    update_library(path, [earlier])
    use = LibraryUse(earlier.id, "Ada", earlier.at, "older.csv")
    proposed = _answer(answer="quarterly.\n" + use.provenance, library=use)
    (rejected,) = remember(path, _dossier(proposed), [_decision("rejected", reason="stale")])
    assert rejected.withdraws == (earlier.id,)
    assert rejected.from_entry == earlier.id


def test_an_answer_from_the_library_is_stored_without_its_provenance_line() -> None:
    use = LibraryUse("Labc", "Ada", "2026-01-02T10:00:00Z", "first.csv")
    assert use.provenance == "From the library: approved by Ada on 2026-01-02 for first.csv."
    answer = _answer(answer="quarterly.\n" + use.provenance, library=use)
    assert own_prose(answer) == "quarterly."
    assert own_prose(_answer(answer="as is")) == "as is"
