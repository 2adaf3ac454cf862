"""Unit tests for dossier.ingest.hand_answers and dossier.review.hints: an earlier
questionnaire answered by hand, imported into the answer library as hints."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path

import openpyxl
import pytest

from dossier.errors import QuestionnaireError
from dossier.ingest.authority import Authority
from dossier.ingest.hand_answers import HandAnswer, read_hand_answers
from dossier.records import Chunk, Corpus, Document
from dossier.review.hints import hint_entries

SENTENCE = "Security awareness training is completed within 30 days of hire and annually."


def test_a_csv_answer_and_its_comment_are_read_and_an_empty_answer_is_passed_over(
    tmp_path: Path,
) -> None:
    path = tmp_path / "answered.csv"
    path.write_text(
        "id,question,answer,comments\n"
        "H1,Do you train staff?,Yes,Every new hire is trained.\n"
        "H2,Do you offer escrow?,,\n"
    )
    assert read_hand_answers(path) == [
        HandAnswer("H1", "Do you train staff?", "Yes\nEvery new hire is trained.")
    ]


def test_a_questionnaire_without_an_answer_column_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "blank.csv"
    path.write_text("id,question,section\nH1,Do you train staff?,People\n")
    with pytest.raises(QuestionnaireError, match="no answer column"):
        read_hand_answers(path)


def test_a_workbook_answer_is_read_from_its_choice_and_description_columns(
    tmp_path: Path,
) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "CAIQ"
    sheet.append(["Acme questionnaire"])
    sheet.append(["Question ID", "Question", "CSP CAIQ Answer", "CSP Implementation Description"])
    sheet.append(["A&A-01.1", "Is staff trained in security?", "Yes", SENTENCE])
    sheet.append(["A&A-01.2", "Is there escrow?", None, None])
    path = tmp_path / "caiq.xlsx"
    book.save(path)
    assert read_hand_answers(path) == [
        HandAnswer("A&A-01.1", "Is staff trained in security?", f"Yes\n{SENTENCE}")
    ]


def _corpus(*documents: tuple[str, str, str | None]) -> tuple[Corpus, Authority]:
    docs = tuple(
        Document(
            path=path,
            sha256=hashlib.sha256(text.encode()).hexdigest(),
            text_sha256=hashlib.sha256(text.encode()).hexdigest(),
            text=text,
            title=path,
            metadata={},
            effective_date=None,
            status=status,
            supersedes=(),
        )
        for path, text, status in documents
    )
    chunks = tuple(Chunk(f"c{i}", d.path, 0, len(d.text), d.text, "") for i, d in enumerate(docs))
    corpus = Corpus(docs, chunks, ())
    return corpus, Authority.of(corpus, today=dt.date(2026, 6, 1))


def test_a_hand_answer_is_a_hint_and_its_sentences_in_the_corpus_become_quotes() -> None:
    corpus, authority = _corpus(("hr/people.md", "# People\n\n5.1 " + SENTENCE + " More.", None))
    hand = HandAnswer("H1", "How often is awareness training?", f"Yes. {SENTENCE} We love it.")
    (hint,) = hint_entries([hand], "acme-2024.xlsx", corpus, authority, "2026-06-01T00:00:00Z")
    assert hint.kind == "hint"
    assert hint.answer == hand.answer
    assert hint.questionnaire == "acme-2024.xlsx"
    assert [(q.document, q.text) for q in hint.quotes] == [("hr/people.md", SENTENCE)]
    assert hint.quotes[0].text_sha256 == corpus.documents[0].text_sha256
    assert hint.reviewer == ""  # no person approved it


def test_a_passage_in_quotation_marks_is_found_as_a_quote() -> None:
    """An answered workbook's prose quotes documents as '- “...” (Title)': the
    sentence with its marks and title is in no document, the quoted passage is."""
    corpus, authority = _corpus(("hr/people.md", "# People\n\n5.1 " + SENTENCE + " More.", None))
    answer = f"Yes. The documents state:\n- “{SENTENCE}” (People Policy)"
    hand = HandAnswer("H1", "How often is awareness training?", answer)
    (hint,) = hint_entries([hand], "acme.answered.xlsx", corpus, authority, "2026-06-01T00:00:00Z")
    assert [(q.document, q.text) for q in hint.quotes] == [("hr/people.md", SENTENCE)]


def test_a_sentence_only_in_a_superseded_document_is_not_a_quote() -> None:
    corpus, authority = _corpus(("hr/old.md", SENTENCE, "superseded"))
    hand = HandAnswer("H1", "How often is awareness training?", SENTENCE)
    (hint,) = hint_entries([hand], "acme.csv", corpus, authority, "2026-06-01T00:00:00Z")
    assert hint.quotes == ()
