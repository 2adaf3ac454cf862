"""Review decisions hold while what the reviewer judged is unchanged (issue 15).

What a reviewer judges: the question, the verdict, the short answer, the prose,
each statement and each quote (its text, its document and that document's
authority), and the missing facts. An edit holds while its own quotes verify.
The expectations come from that list, not from the code's output."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from dossier.common.canonical import canonical_key
from dossier.errors import InputError
from dossier.records import (
    Answer,
    BuildInfo,
    Chunk,
    Claim,
    Document,
    Dossier,
    LapseCause,
    Quote,
    Review,
)
from dossier.review.decisions import (
    Decision,
    apply_decisions,
    decide,
    decisions_json,
    engine_view,
    legacy_fingerprint,
    load_decisions,
    newly_lapsed,
    reassess,
)
from dossier.review.edits import edit_decision

AT = "2026-01-01T00:00:00Z"
POLICY_TEXT = "Intro line.\n\nUser access is reviewed quarterly by each system owner.\n"
START = POLICY_TEXT.index("User")
SENTENCE = "User access is reviewed quarterly by each system owner."


def _document(status: str | None = "current") -> Document:
    return Document("policies/access.md", "s", "t", "", "Access", {}, "2026-03-01", status, ())


def _quote(start: int = START, chunk: str = "c1", text: str = SENTENCE) -> Quote:
    return Quote(text, "policies/access.md", chunk, start, start + len(text))


def _answer(**changes: object) -> Answer:
    answer = Answer(
        "Q1",
        "How often is user access reviewed?",
        "grounded",
        "Quarterly: “User access is reviewed quarterly by each system owner.”",
        (Claim(SENTENCE, (_quote(),)),),
        (),
        (),
        (),
        short_answer="quarterly",
    )
    return dataclasses.replace(answer, **changes)  # type: ignore[arg-type]


def _dossier(*answers: Answer, documents: tuple[Document, ...] | None = None) -> Dossier:
    return Dossier(
        "1.0",
        BuildInfo("t", "t", "offline", len(answers), 0, len(answers), 1, ()),
        documents if documents is not None else (_document(),),
        answers,
        "",
        "q.csv",
        "",
        "0",
    )


def _approved(answer: Answer | None = None) -> dict[str, Decision]:
    (decision,) = decide(_dossier(answer or _answer()), ["Q1"], "approved", "Ada", AT)
    return {"Q1": decision}


def _passages(text: str = POLICY_TEXT) -> list[Chunk]:
    start = text.index("User")
    end = text.index("\n", start)
    return [Chunk("c1", "policies/access.md", start, end, text[start:end], "")]


def test_a_recomputed_answer_that_comes_out_the_same_keeps_its_decision() -> None:
    """The evidence around it moved: a paragraph inserted above shifts every offset
    and the passage id; what the reviewer judged is the same."""
    decisions = _approved()
    moved = _answer(claims=(Claim(SENTENCE, (_quote(start=START + 40, chunk="c9"),)),))
    kept = reassess(decisions, _dossier(moved), _passages())
    assert kept == decisions
    review = apply_decisions(_dossier(moved), kept).answers[0].review
    assert review == Review("approved", "Ada", AT, None)


def test_the_same_words_reflowed_over_two_lines_are_the_same_quote() -> None:
    decisions = _approved()
    reflowed = SENTENCE.replace("reviewed ", "reviewed\n")
    answer = _answer(claims=(Claim(SENTENCE, (_quote(text=reflowed),)),))
    assert reassess(decisions, _dossier(answer), _passages()) == decisions


def _causes(decisions: dict[str, Decision], answer: Answer, **dossier: object) -> tuple:  # type: ignore[type-arg]
    kept = reassess(decisions, _dossier(answer, **dossier), _passages())  # type: ignore[arg-type]
    lapse = kept["Q1"].lapsed
    assert lapse is not None
    return lapse.causes


def test_a_changed_verdict_short_answer_or_prose_lapses_with_typed_causes() -> None:
    decisions = _approved()
    assert _causes(decisions, _answer(verdict="escalate")) == (LapseCause.VERDICT,)
    assert _causes(decisions, _answer(short_answer="monthly")) == (LapseCause.SHORT_ANSWER,)
    assert _causes(decisions, _answer(answer="Monthly.")) == (LapseCause.PROSE,)
    assert _causes(decisions, _answer(question="Who reviews access?")) == (LapseCause.QUESTION,)
    assert _causes(decisions, _answer(missing_facts=("who reviews",))) == (
        LapseCause.MISSING_FACTS,
    )


def test_a_quote_changed_or_added_lapses_as_quotes() -> None:
    decisions = _approved()
    other = Quote("Access is removed.", "policies/other.md", "c2", 0, 18)
    added = _answer(claims=(Claim(SENTENCE, (_quote(), other)),))
    assert _causes(decisions, added) == (LapseCause.QUOTES,)
    reworded = _answer(claims=(Claim("Reviews are quarterly.", (_quote(),)),))
    assert _causes(decisions, reworded) == (LapseCause.STATEMENTS,)


def test_a_quoted_documents_authority_changing_lapses_the_decision() -> None:
    decisions = _approved()
    superseded = (dataclasses.replace(_document(), status="superseded"),)
    assert _causes(decisions, _answer(), documents=superseded) == (LapseCause.AUTHORITY,)
    newer = Document("policies/new.md", "s", "t", "", "New", {}, None, "current", ())
    newer = dataclasses.replace(newer, supersedes=("policies/access.md",))
    lapse = reassess(decisions, _dossier(_answer(), documents=(_document(), newer)), [])
    assert lapse["Q1"].lapsed is not None
    assert "now superseded by policies/new.md" in lapse["Q1"].lapsed.message


def test_a_lapse_says_who_decided_what_and_why_and_is_listed_once() -> None:
    decisions = _approved()
    kept = reassess(decisions, _dossier(_answer(verdict="unsupported")), _passages())
    lapse = kept["Q1"].lapsed
    assert lapse is not None and lapse.details == ("grounded → unsupported",)
    assert lapse.message == f"was approved by Ada at {AT}; verdict changed (grounded → unsupported)"
    (listed,) = newly_lapsed(decisions, kept)
    assert (listed.question_id, listed.status, listed.causes) == (
        "Q1",
        "approved",
        (LapseCause.VERDICT,),
    )
    assert newly_lapsed(kept, kept) == []  # not again at the next build
    # a lapsed decision never comes back by itself, even when the answer does
    again = reassess(kept, _dossier(_answer()), _passages())
    assert again == kept
    assert apply_decisions(_dossier(_answer()), again).answers[0].review == Review(
        reason=lapse.message
    )


def test_a_rejection_holds_and_lapses_like_an_approval() -> None:
    (rejected,) = decide(_dossier(_answer()), ["Q1"], "rejected", "Ada", AT, "not ours")
    decisions = {"Q1": rejected}
    assert reassess(decisions, _dossier(_answer()), _passages()) == decisions
    assert _causes(decisions, _answer(answer="Other.")) == (LapseCause.PROSE,)


def _edited() -> dict[str, Decision]:
    text = f"Yes, every quarter: “{SENTENCE}”"
    edit = edit_decision(_dossier(_answer()), "Q1", text, "Ada", AT, _passages())
    return {"Q1": edit}


def test_an_edit_holds_while_its_quotes_verify_even_when_the_engine_answer_changes() -> None:
    decisions = _edited()
    shifted_text = "A new first paragraph.\n\n" + POLICY_TEXT
    engine = _answer(answer="Not covered.", verdict="unsupported", claims=())
    kept = reassess(decisions, _dossier(engine), _passages(shifted_text))
    edit = kept["Q1"]
    assert edit.lapsed is None
    assert edit.edited_quotes[0].start == shifted_text.index("User")  # re-anchored
    assert edit.engine_answer == "Not covered."  # taken back out against the new prose
    reviewed = apply_decisions(_dossier(engine), kept).answers[0]
    assert reviewed.review.status == "edited" and reviewed.answer.startswith("Yes, every quarter")
    assert engine_view(_dossier(reviewed), kept).answers[0].answer == "Not covered."


def test_an_edit_lapses_when_its_quote_is_no_longer_in_its_document() -> None:
    decisions = _edited()
    changed = POLICY_TEXT.replace("quarterly", "monthly")
    kept = reassess(decisions, _dossier(_answer()), _passages(changed))
    lapse = kept["Q1"].lapsed
    assert lapse is not None and lapse.causes == (LapseCause.EDIT_QUOTE,)
    assert "is no longer in policies/access.md" in lapse.details[0]


def test_a_decision_of_an_earlier_version_is_upgraded_while_its_answer_holds() -> None:
    answer = _answer()
    legacy = Decision("Q1", "approved", "Ada", AT, None, legacy_fingerprint(answer))
    kept = reassess({"Q1": legacy}, _dossier(answer), _passages())
    assert kept["Q1"].lapsed is None and kept["Q1"].judged is not None
    lapsed = reassess({"Q1": legacy}, _dossier(_answer(answer="No.")), _passages())
    assert lapsed["Q1"].lapsed is not None
    assert lapsed["Q1"].lapsed.causes == (LapseCause.EARLIER_VERSION,)


def test_review_json_keeps_what_was_judged_and_typed_lapses(tmp_path: Path) -> None:
    decisions = reassess(_approved(), _dossier(_answer(verdict="escalate")), _passages())
    (tmp_path / "review.json").write_bytes(decisions_json(decisions))
    row = json.loads((tmp_path / "review.json").read_text())[0]
    assert row["lapsed"]["causes"] == ["verdict"]
    assert row["judged"]["short_answer"] == "quarterly"
    assert row["answer_sha256"] == canonical_key(row["judged"])
    assert load_decisions(tmp_path) == decisions


def test_an_earlier_versions_lapse_reason_is_read_as_such(tmp_path: Path) -> None:
    row: dict[str, object] = {
        "question_id": "Q1",
        "status": "approved",
        "reviewer": "Ada",
        "at": AT,
        "reason": None,
        "answer_sha256": "0" * 64,
        "edited_answer": None,
        "edited_quotes": [],
        "engine_answer": None,
        "lapsed": "was approved by Ada; evidence changed: +1 passage (a.md)",
    }
    (tmp_path / "review.json").write_text(json.dumps([row]))
    lapse = load_decisions(tmp_path)["Q1"].lapsed
    assert lapse is not None and lapse.causes == (LapseCause.EARLIER_VERSION,)
    assert lapse.message == row["lapsed"]


def test_an_edit_with_an_unclosed_or_unpaired_quotation_mark_is_refused() -> None:
    """Found by an adversarial review: an opening “ with no closing mark, or a pair
    the pattern did not know ("…”, ‘…’, «…»), let words the corpus does not hold
    into the record as the reviewer's verified quote."""
    made_up = "User access is reviewed every 30 days."
    for text in (
        f"Yes: “{made_up} By everyone.",
        f'Yes: "{made_up}”',
        f"Yes: ‘{made_up}’",
        f"Yes: «{made_up}»",
        f"Yes: {made_up}”",
    ):
        with pytest.raises(InputError, match=r"Q1: edit refused: the (quote|quotation mark)"):
            edit_decision(_dossier(_answer()), "Q1", text, "Ada", AT, _passages())
    for opening, closing in (('"', "”"), ("‘", "’"), ("«", "»"), ("“", '"')):
        text = f"Yes, the owner's review: {opening}{SENTENCE}{closing}"
        edit = edit_decision(_dossier(_answer()), "Q1", text, "Ada", AT, _passages())
        assert [q.text for q in edit.edited_quotes] == [SENTENCE]


def _archived_copy() -> tuple[Document, list[Chunk]]:
    """policies/old.md, archived, holding the same sentence as policies/access.md."""
    old = Document("policies/old.md", "s", "t", "", "Old", {}, "2019-01-01", "archived", ())
    start = POLICY_TEXT.index("User")
    chunk = Chunk("c0", "policies/old.md", start, start + len(SENTENCE), SENTENCE, "")
    return old, [chunk]


def test_an_edit_quoting_only_a_document_not_in_force_is_refused_naming_it() -> None:
    """Found by an adversarial review: a quote of an archived document was recorded
    as a verified fact, with nothing saying the document is archived."""
    old, chunks = _archived_copy()
    dossier = _dossier(_answer(), documents=(_document(), old))
    text = f"Yes: “{SENTENCE}”"
    with pytest.raises(InputError) as refused:
        edit_decision(dossier, "Q1", text, "Ada", AT, chunks)
    assert "is only in documents not in force" in str(refused.value)
    assert "policies/old.md has status 'archived'" in str(refused.value)
    superseding = dataclasses.replace(_document(), supersedes=("policies/old.md",))
    dossier = _dossier(_answer(), documents=(superseding, dataclasses.replace(old, status=None)))
    with pytest.raises(InputError, match=r"policies/old\.md is superseded by policies/access\.md"):
        edit_decision(dossier, "Q1", text, "Ada", AT, chunks)


def test_an_edit_quoting_only_a_section_set_aside_is_refused_naming_it() -> None:
    """A document in force may set a section aside ("Archived answers (do not use)"): a
    reviewer's quote found only there is refused as a superseded document's is."""
    start = POLICY_TEXT.index("User")
    heading = "Access > Archived answers (do not use)"
    chunk = Chunk("c1", "policies/access.md", start, start + len(SENTENCE), SENTENCE, heading)
    with pytest.raises(InputError) as refused:
        edit_decision(_dossier(_answer()), "Q1", f"Yes: “{SENTENCE}”", "Ada", AT, [chunk])
    assert "is only in documents not in force" in str(refused.value)
    assert "Archived answers (do not use)" in str(refused.value)


def test_an_edit_quoting_text_also_in_a_document_in_force_cites_that_one() -> None:
    old, chunks = _archived_copy()
    cited_old = Quote(SENTENCE, "policies/old.md", "c0", START, START + len(SENTENCE))
    answer = _answer(claims=(Claim(SENTENCE, (cited_old,)),))  # the answer cites the old one
    dossier = _dossier(answer, documents=(_document(), old))
    edit = edit_decision(dossier, "Q1", f"Yes: “{SENTENCE}”", "Ada", AT, chunks + _passages())
    assert [q.document for q in edit.edited_quotes] == ["policies/access.md"]


def test_an_edit_lapses_when_its_question_changes() -> None:
    """Found by an adversarial review: an edit stayed approved, and was signed,
    under a question the reviewer never saw; an approval lapses (cause question)."""
    decisions = _edited()
    asked_anew = _answer(question="How often are privileged accounts reviewed?")
    kept = reassess(decisions, _dossier(asked_anew), _passages())
    lapse = kept["Q1"].lapsed
    assert lapse is not None and lapse.causes == (LapseCause.QUESTION,)
    assert "question changed" in lapse.message
    assert apply_decisions(_dossier(asked_anew), kept).answers[0].review.status == "pending"
    # the question in other line breaks is the same question
    reflowed = _answer(question="How often is user access\nreviewed?")
    assert reassess(decisions, _dossier(reflowed), _passages())["Q1"].lapsed is None


def test_an_edit_applied_to_another_question_is_not_the_one_judged() -> None:
    decisions = _edited()
    asked_anew = _answer(question="How often are privileged accounts reviewed?")
    review = apply_decisions(_dossier(asked_anew), decisions).answers[0].review
    assert review.status == "pending" and "not the one judged" in (review.reason or "")


def test_an_edit_recorded_without_its_question_is_upgraded_while_it_holds() -> None:
    """Edits recorded before the question was kept hold, and take the question."""
    edit = _edited()["Q1"]
    assert edit.judged is not None and edit.judged["question"] == _answer().question
    earlier = {k: v for k, v in edit.judged.items() if k != "question"}
    old = dataclasses.replace(edit, judged=earlier, answer_sha256=canonical_key(earlier))
    kept = reassess({"Q1": old}, _dossier(_answer()), _passages())
    assert kept["Q1"].lapsed is None and kept["Q1"].judged == edit.judged
    changed = POLICY_TEXT.replace("quarterly", "monthly")
    assert reassess({"Q1": old}, _dossier(_answer()), _passages(changed))["Q1"].lapsed is not None
