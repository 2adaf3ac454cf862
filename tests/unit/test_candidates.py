"""Candidate sentences: the answer gate on the lead (it must name what is asked
about), and ranking."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import numpy as np
import pytest

from dossier.common.textutil import content_terms, stem
from dossier.index.hybrid import HybridIndex, update_index
from dossier.ingest.authority import Authority
from dossier.ingest.files import ingest
from dossier.ingest.sentences import Sentence
from dossier.records import Question, SourceFile
from dossier.research.brief import make_brief
from dossier.research.candidates import (
    NOT_KEY,
    Ask,
    Candidate,
    CandidateScorer,
    TermStats,
    _repeats_title,
    lone_terms,
    names_the_ask,
)
from dossier.research.engine import EngineSettings
from dossier.research.offline import (
    KEY_LEAD_MARGIN,
    OfflineEngine,
    _key_terms_first,
    _missing_part,
    _most_of_subject,
    _needs_before,
    _Ranking,
    _Research,
    _statements_first,
    _subject_heads,
    defers_to_document,
    first_queries,
    heading_line,
    points_to_another_place,
    value_first,
)
from dossier.research.scoring import SENTENCE_FEATURES, load_scorer
from tests.fakes import HashingEmbedder


def _ask(key: tuple[str, ...]) -> Ask:
    vector = np.zeros(4, dtype=np.float32)
    return Ask(
        terms=("key", "customer", *key),
        key=key,
        kind=None,
        about_document=False,
        core=vector,
        question=vector,
    )


def _lead(
    key_coverage: float,
    text: str = "Encryption keys are stored in the key management service.",
    coverage: float = 0.0,
) -> Candidate:
    features = [0.0] * len(SENTENCE_FEATURES)
    features[SENTENCE_FEATURES.index("key_coverage")] = key_coverage
    features[SENTENCE_FEATURES.index("coverage")] = coverage
    sentence = Sentence("doc.md#0", "doc.md", 0, len(text), text)
    return Candidate(sentence, 0, tuple(features), 2.0)


def test_a_lead_naming_no_key_term_does_not_answer() -> None:
    assert not names_the_ask(_ask(("byok", "bring")), _lead(0.0))


def test_a_lead_naming_one_key_term_may_answer() -> None:
    assert names_the_ask(_ask(("byok", "bring")), _lead(0.4))


def _plain_ask() -> Ask:
    """ "Are shared or generic user accounts prohibited?": key terms the rarest words."""
    return dataclasses.replace(
        _ask(("generic", "prohibit", "user")),
        terms=("share", "generic", "user", "account", "prohibit"),
    )


def test_a_plain_sentence_stating_two_weighty_ask_terms_names_the_ask() -> None:
    lead = _lead(0.0, "Accounts must not be shared.", coverage=0.45)
    assert names_the_ask(_plain_ask(), lead)


def test_two_ask_terms_of_little_weight_do_not_name_the_ask() -> None:
    lead = _lead(0.0, "Accounts must not be shared.", coverage=0.3)
    assert not names_the_ask(_plain_ask(), lead)


def test_one_weighty_ask_term_does_not_name_the_ask() -> None:
    lead = _lead(0.0, "Accounts are reviewed quarterly.", coverage=0.45)
    assert not names_the_ask(_plain_ask(), lead)


def test_an_ask_without_key_terms_is_not_gated() -> None:
    assert names_the_ask(_ask(()), _lead(0.0))


DOCUMENTS = {
    "access.md": "# Access\n\nAccess to production is reviewed quarterly by owners.\n\n"
    "Multi-factor authentication is required for all workforce accounts.\n",
    "backup.md": "# Backups\n\nBackups are taken daily.\n\nBackup media is encrypted.\n",
}


def _scorer(
    tmp_path: Path, documents: dict[str, str] = DOCUMENTS
) -> tuple[CandidateScorer, list[str], HybridIndex]:
    corpus = ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in sorted(documents.items())
    )
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    return CandidateScorer(index, titles, load_scorer()), [c.chunk_id for c in corpus.chunks], index


def _asking(
    index: HybridIndex, text: str, kind: str | None = None, about_document: bool = False
) -> Ask:
    terms = tuple(content_terms(text))
    vector = index.embed_query(text)
    return Ask(terms, terms[:3], kind, about_document, vector, vector)


def test_ranking_again_gives_the_ranking_a_fresh_scorer_gives(tmp_path: Path) -> None:
    """The word features of a sentence are kept per ask: ranking again (after
    reformulating) or for another ask must give what a fresh scorer gives."""
    scorer, passages, index = _scorer(tmp_path)
    fresh, _, _ = _scorer(tmp_path / "fresh")
    backups = _asking(index, "Are backups encrypted?")
    access = _asking(index, "Is production access reviewed quarterly?")
    first = scorer.rank(backups, passages)
    assert scorer.rank(backups, passages) == first
    assert scorer.rank(access, passages) == fresh.rank(access, passages)
    assert scorer.rank(backups, passages[::-1]) == fresh.rank(backups, passages[::-1])
    how_often = _asking(index, "Is production access reviewed quarterly?", kind="frequency")
    assert scorer.rank(how_often, passages) == fresh.rank(how_often, passages)
    policy = _asking(index, "Is production access reviewed quarterly?", about_document=True)
    assert scorer.rank(policy, passages) == fresh.rank(policy, passages)
    lead = scorer.rank(access, passages)[0]
    assert "reviewed quarterly" in lead.sentence.text
    assert lead.feature("coverage") != next(
        c.feature("coverage") for c in first if c.sentence == lead.sentence
    ), "the same sentence covers the two asks differently"


SELECTION_DOCUMENTS = {
    "policy.md": "# Backup policy\n\nBackups are encrypted with AES-256.\n\n"
    "Backup encryption keys are held in the key service.\n",
    "procedure.md": "# Backup procedure\n\nThe backup job encrypts each snapshot before upload.\n",
}


def _candidate(index: HybridIndex, document: str, text: str, score: float) -> Candidate:
    chunk = next(c for c in index.chunks if c.document == document and text in c.text)
    start = chunk.text.index(text)
    sentence = Sentence(chunk.chunk_id, document, start, start + len(text), text)
    features = [0.0] * len(SENTENCE_FEATURES)
    features[SENTENCE_FEATURES.index("key_coverage")] = 1.0  # names a key term
    return Candidate(sentence, 0, tuple(features), score)


def _engine(tmp_path: Path, documents: dict[str, str]) -> tuple[OfflineEngine, HybridIndex]:
    corpus = ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in sorted(documents.items())
    )
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    return OfflineEngine(index, Authority.of(corpus), titles, EngineSettings()), index


def test_a_further_quote_comes_from_a_document_not_quoted_yet_when_one_is_close(
    tmp_path: Path,
) -> None:
    """The one more quote an answer may take adds a passage; between a close passage
    of the lead's own document and a slightly lower one of another document (a
    policy and its procedure), the other document's is quoted. Beyond the margin,
    it is not."""
    engine, index = _engine(tmp_path, SELECTION_DOCUMENTS)
    research = _Research(engine, make_brief(Question("Q1", "Are backups encrypted?")))
    lead = _candidate(index, "policy.md", "Backups are encrypted with AES-256.", 1.0)
    same = _candidate(
        index, "policy.md", "Backup encryption keys are held in the key service.", 0.9
    )
    margin = engine.scorer.support_margin
    other = _candidate(
        index, "procedure.md", "The backup job encrypts each snapshot before upload.", 1.0 - margin
    )
    chosen, _ = research._supports(_Ranking([lead, same, other], 0.9), lead)
    assert [c.sentence.document for _, c in chosen] == ["policy.md", "procedure.md"]
    far = dataclasses.replace(other, score=1.0 - margin - 0.01)
    chosen, _ = research._supports(_Ranking([lead, same, far], 0.9), lead)
    assert [c.sentence.text for _, c in chosen][1] == same.sentence.text


def test_a_value_stated_only_far_below_the_best_leads_nothing(tmp_path: Path) -> None:
    """The best sentence stated the period in a form not read as one; a session
    timeout five points below it led the answer about destroying data. A table row
    some three points below the sentence naming its table still leads."""
    documents = {
        "addendum.md": "# Addendum\n\nInstitutional data is destroyed once the contract ends.\n",
        "security.md": "# Security\n\nUser sessions are terminated after 20 minutes.\n",
    }
    engine, index = _engine(tmp_path, documents)
    question = "Within how many days after contract termination is institutional data destroyed?"
    research = _Research(engine, make_brief(Question("Q", question)))
    best = _candidate(index, "addendum.md", "Institutional data is destroyed once", 2.0)
    timeout = "User sessions are terminated after 20 minutes."
    margin = engine.scorer.support_margin
    far = _candidate(index, "security.md", timeout, 2.0 - 3 * margin - 0.01)
    assert research._lead(_Ranking([best, far], 0.9)) is None
    near = dataclasses.replace(far, score=2.0 - 3 * margin + 0.01)  # a table row's distance
    lead = research._lead(_Ranking([best, near], 0.9))
    assert lead is not None and lead.sentence.text == timeout


NOTIFY_DOCUMENTS = {
    "ir.md": "# Incident response\n\nCard brands are notified within 24 hours of a compromise. "
    "Affected customers are notified no later than 72 hours after a breach.\n",
    "logging.md": "# Logging\n\nSecurity alerts are triaged within 30 minutes.\n",
}


def test_a_further_part_the_leads_quote_answers_is_not_sought_elsewhere(tmp_path: Path) -> None:
    """The customers' deadline is the sentence after the lead, in its quote: the part
    is answered there, and the alert-triage time of another document ("alerts" is a
    thesaurus word for "notified") is not quoted for it."""
    engine, index = _engine(tmp_path, NOTIFY_DOCUMENTS)
    question = (
        "Within what time frame are card brands notified of a compromise, and within what "
        "time frame are affected customers notified?"
    )
    research = _Research(engine, make_brief(Question("Q1", question)))
    lead = _candidate(
        index, "ir.md", "Card brands are notified within 24 hours of a compromise.", 1.0
    )
    alerts = _candidate(index, "logging.md", "Security alerts are triaged within 30 minutes.", 0.9)
    chosen, missing = research._supports(_Ranking([lead, alerts], 0.9), lead)
    assert [c.sentence.document for _, c in chosen] == ["ir.md"]
    assert missing == []


LOGS = (
    "# Audit trails\n\nReports summarizing audit activities shall be retained for seven years. "
    "Audit log data is retained for one month. Staff are trained yearly. "
    "This training covers phishing.\n"
)


def test_a_value_question_leads_with_the_sentence_naming_its_whole_subject(
    tmp_path: Path,
) -> None:
    """ "How long are audit logs retained?": of two close sentences stating a period,
    the one about audit logs leads, not the better-scored one about reports of audit
    activities; beyond the lead's margin, the better-scored one stays the lead."""
    engine, index = _engine(tmp_path, {"logs.md": LOGS})
    research = _Research(engine, make_brief(Question("Q1", "How long are audit logs retained?")))
    reports = _candidate(
        index,
        "logs.md",
        "Reports summarizing audit activities shall be retained for seven years.",
        1.0,
    )
    logs = _candidate(index, "logs.md", "Audit log data is retained for one month.", 0.5)
    assert research._lead(_Ranking([reports, logs], 0.9)) is logs
    far = dataclasses.replace(logs, score=1.0 - engine.scorer.support_margin - 0.01)
    assert research._lead(_Ranking([reports, far], 0.9)) is reports


def test_a_quote_starts_at_its_sentence_unless_it_leans_on_the_one_before(
    tmp_path: Path,
) -> None:
    """The lead quote takes the sentences after it; the one before only when the
    sentence opens with a pronoun or connective ("This training ..."), or when the one
    before is itself close to answering: a reader reads the chosen sentence first."""
    engine, index = _engine(tmp_path, {"logs.md": LOGS})
    logs = _candidate(index, "logs.md", "Audit log data is retained for one month.", 1.0)
    quote = engine.quote_of(logs.sentence)
    assert quote.startswith("Audit log data is retained for one month.")
    assert "This training covers phishing." in quote
    leaning = _candidate(index, "logs.md", "This training covers phishing.", 1.0)
    assert (
        engine.quote_of(leaning.sentence)
        == "Staff are trained yearly. This training covers phishing."
    )
    reports = _candidate(
        index,
        "logs.md",
        "Reports summarizing audit activities shall be retained for seven years.",
        1.0,
    )
    close = {(reports.sentence.chunk_id, reports.sentence.start)}
    assert engine.quote_of(logs.sentence, close=close).startswith("Reports summarizing")


TABLE = (
    "# Retention\n\n| Record | Kept for |\n| --- | --- |\n"
    "| Audit logs | one year |\n| Backups | 90 days |\n| Invoices | seven years |\n"
)


def test_a_table_row_is_quoted_alone(tmp_path: Path) -> None:
    """A quote grown over the next rows would state their values too: "How long are
    backups kept?" is answered by the backups row, not by it and the invoices row."""
    engine, index = _engine(tmp_path, {"retention.md": TABLE})
    backups = _candidate(index, "retention.md", "| Backups | 90 days |", 1.0)
    assert engine.quote_of(backups.sentence) == "| Backups | 90 days |"


def test_a_sentence_cut_after_an_abbreviation_leans_on_the_one_before() -> None:
    """A sentence "... Northwind Ledger, Inc. selects vendors" is split after "Inc."; a quote of
    the second half reads it whole. A list item under a lead-in reads with it."""
    assert _needs_before("selects and monitors vendors.", "This policy describes how Acme, Inc.")
    assert _needs_before("* a minimum length of 12 characters;", "Passwords must have:")
    assert not _needs_before("Backups are encrypted.", "Staff are trained yearly.")
    # an item of a list reads alone: the item before it is another item
    assert not _needs_before("account lockout after 5 attempts.", "a history of 24;", True)


REPEATED = (
    "# Change management\n\nOnce reviewed, changes are deployed to staging.\n\n"
    "## Releases\n\nOnce reviewed, changes are deployed to staging.\n\n"
    "Code reviews are part of every pull request.\n"
)


def test_a_sentence_a_document_repeats_is_quoted_once(tmp_path: Path) -> None:
    """A document that repeats a paragraph gave an answer the same quote twice."""
    engine, index = _engine(tmp_path, {"change.md": REPEATED})
    question = "Are changes reviewed before they are deployed?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    first, second = [
        _candidate(index, "change.md", "Once reviewed, changes are deployed to staging.", 1.0)
        for _ in range(2)
    ]
    chunks = [c for c in index.chunks if "Once reviewed" in c.text]
    assert len(chunks) == 2
    start = chunks[1].text.index("Once reviewed")
    text = "Once reviewed, changes are deployed to staging."
    second = dataclasses.replace(
        second, sentence=Sentence(chunks[1].chunk_id, "change.md", start, start + len(text), text)
    )
    other = _candidate(index, "change.md", "Code reviews are part of every pull request.", 0.9)
    chosen, _ = research._supports(_Ranking([first, second, other], 0.9), first)
    assert [c.sentence.text for _, c in chosen] == [text, other.sentence.text]


def _scored(text: str, score: float) -> Candidate:
    sentence = Sentence("doc.md#0", "doc.md", 0, len(text), text)
    return Candidate(sentence, 0, (0.0,) * len(SENTENCE_FEATURES), score)


def test_a_value_question_is_judged_on_the_best_sentence_stating_its_value() -> None:
    """A table's lead-in ("... according to the following service levels:") outscored
    its rows and states no value: the answer was judged on it and the question
    abstained. Within the margin, the best sentence stating the value comes first;
    beyond it, or for a question asking no value, the order stands."""
    fact = make_brief(
        Question("Q", "What is the remediation timeframe for high severity vulnerabilities?")
    ).facts[0]
    lead_in = _scored("Vulnerabilities are remediated according to these service levels:", 1.0)
    row = _scored("High severity vulnerabilities | 30 days", 0.2)
    assert value_first(fact, [lead_in, row], margin=1.5) == [row, lead_in]
    assert value_first(fact, [lead_in, row], margin=0.5) == [lead_in, row]
    yes_no = make_brief(Question("Q", "Are vulnerabilities remediated?")).facts[0]
    assert value_first(yes_no, [lead_in, row], margin=1.5) == [lead_in, row]


def test_a_table_rows_column_headers_are_read_as_its_heading(tmp_path: Path) -> None:
    """ "High | 7.0-8.9 | 30 days" names the ask's key terms only through its headers."""
    table = (
        "# Vulnerability management\n\n"
        "| Severity | CVSS score | Remediation deadline |\n"
        "|---|---|---|\n"
        "| High | 7.0-8.9 | 30 days |\n"
    )
    engine, index = _engine(tmp_path, {"vuln.md": table})
    ask = _asking(index, "remediation deadline severity")
    (row,) = [
        c
        for c in engine.scoring.rank(ask, [c.chunk_id for c in index.chunks])
        if c.sentence.text.startswith("High")
    ]
    assert row.feature("key_coverage") > 0


def test_a_table_row_is_read_under_the_line_introducing_its_table(tmp_path: Path) -> None:
    """A table is a passage of its own; the paragraph introducing it (wrapped over two
    lines) ends the passage before. "Critical | 7 days" names vulnerabilities only
    through it ("What is your remediation timeframe for critical vulnerabilities?" was
    not covered without it)."""
    document = (
        "# Secure development\n\n## 5. Remediation timelines\n\n"
        "Vulnerabilities in our code and infrastructure, however found, must be\n"
        "remediated within these periods from discovery:\n\n"
        "| Severity | Remediation time |\n| --- | --- |\n| Critical | 7 days |\n"
    )
    engine, index = _engine(tmp_path, {"vuln.md": document})
    table = next(c for c in index.chunks if c.text.startswith("| Severity"))
    assert "Vulnerabilities" not in table.text  # the passages are apart
    ask = _asking(index, "critical vulnerabilities")
    (row,) = [
        c
        for c in engine.scoring.rank(ask, [c.chunk_id for c in index.chunks])
        if c.sentence.text.startswith("Critical")
    ]
    assert row.feature("key_coverage") == 1.0


def test_a_tables_header_row_is_no_candidate(tmp_path: Path) -> None:
    """ "Service | Recovery Time Objective (RTO) | Recovery Point Objective (RPO)" was the
    lead quote of "What is your RTO?": it names the columns and states no value."""
    table = (
        "# Recovery objectives\n\n"
        "| Service | Recovery Time Objective (RTO) | Recovery Point Objective (RPO) |\n"
        "|---|---|---|\n"
        "| Web application | 4 hours | 1 hour |\n"
    )
    engine, index = _engine(tmp_path, {"bcdr.md": table})
    ask = _asking(index, "recovery time objective service")
    ranked = engine.scoring.rank(ask, [c.chunk_id for c in index.chunks])
    texts = [c.sentence.text for c in ranked]
    assert not any(t.startswith("| Service") or t.startswith("Service |") for t in texts)
    assert any("4 hours" in t for t in texts)


@pytest.mark.parametrize(
    ("columns", "holds"),
    [
        ("| Service | Recovery time objective (RTO) |\n|---|---|\n", False),
        ("| Service | RPO |\n|---|---|\n", True),
        ("| Service | Maximum data loss |\n|---|---|\n", True),
        ("| Service | RTO | RPO |\n|---|---|---|\n", True),  # the row's cells say which
    ],
)
def test_a_row_under_the_other_recovery_objective_holds_no_value(
    tmp_path: Path, columns: str, holds: bool
) -> None:
    """The 24 hours of a row under "Recovery time objective (RTO)" answered "What is
    the recovery point objective (RPO) for client backups?"."""
    row = "| Hosted client servers | 24 hours |" + (
        " 1 hour |" if "RPO |" in columns and "RTO" in columns else ""
    )
    engine, index = _engine(tmp_path, {"bcp.md": f"# Continuity\n\n{columns}{row}\n"})
    question = "What is the recovery point objective (RPO) for client backups?"
    research = _Research(engine, make_brief(Question("Q", question)))
    candidate = _candidate(index, "bcp.md", row, 1.0)
    assert research._holds_value(research.brief.facts[0], candidate) is holds


def test_an_acronym_spelled_out_in_the_question_is_one_key_term(tmp_path: Path) -> None:
    """ "MFA for customer users is optional" named none of the key terms of "Is
    multi-factor authentication required for customer users?" (multi, factor, ...)."""
    engine, _index = _engine(
        tmp_path, {"access.md": "# Access\n\nMFA for customer users is optional.\n"}
    )
    ask, ranked = engine.first_round(
        make_brief(Question("Q", "Is multi-factor authentication required for customer users?"))
    )
    assert "mfa" in ask.terms and "multi" not in ask.terms
    assert names_the_ask(ask, ranked[0])


def test_a_line_of_links_is_a_candidate_only_for_a_question_asking_for_one(
    tmp_path: Path,
) -> None:
    """A link list answered "Do you have a DPIA?" Yes; "Provide the URL" is answered by
    the link."""
    line = "- [Subprocessor list](https://example.com/subprocessors)"
    docs = {"vendors.md": f"# Vendors\n\nVendors are reviewed yearly.\n\n{line}\n"}
    engine, _index = _engine(tmp_path, docs)
    for question, offered in [
        ("Do you maintain a list of subprocessors?", False),
        ("Do you maintain a list of subprocessors? Provide the URL.", True),
    ]:
        _ask, ranked = engine.first_round(make_brief(Question("Q", question)))
        assert any("Subprocessor list" in c.sentence.text for c in ranked) is offered


def test_a_faq_question_line_is_no_candidate_and_its_answer_reads_under_it(
    tmp_path: Path,
) -> None:
    """ "**Can Tallyhawk be deployed on-premises?**" was the lead quote of a Yes; the
    answer under it ("No. It is only available as a cloud service.") is its own
    passage, and reads under the question above it."""
    faq = (
        "# Security FAQ\n\n"
        "**Can Tallyhawk be deployed on-premises?**\n\n"
        "No. Tallyhawk is only available as a multi-tenant cloud service.\n\n"
        "**Do you have a bug bounty?**\n\n"
        "Yes, we run a private programme on HackerOne with invited researchers.\n"
    )
    engine, index = _engine(tmp_path, {"faq.md": faq})
    ask = _asking(index, "bug bounty deployed premises")
    ranked = engine.scoring.rank(ask, [c.chunk_id for c in index.chunks])
    assert not any(c.sentence.text.rstrip("*").endswith("?") for c in ranked)
    (answer,) = [c for c in ranked if "HackerOne" in c.sentence.text]
    assert answer.feature("heading_coverage") > 0  # "bug bounty" only in the question


def test_a_glossary_definition_is_no_candidate(tmp_path: Path) -> None:
    """ "Data loss prevention (DLP): Technology that inspects data ..." gave Yes to "Do
    you use DLP?": a glossary says what a word means, not what the organisation does."""
    documents = {
        "glossary.md": "# Information Security Glossary\n\n"
        "**Data loss prevention (DLP)**: Technology that inspects data in email and "
        "blocks sensitive information from leaving.\n",
        "policy.md": "# Data Policy\n\n## Definitions\n\n"
        "Data loss prevention means tools that block sensitive data leaving the network.\n\n"
        "## Controls\n\nData loss prevention tools block sensitive data in email.\n",
    }
    engine, index = _engine(tmp_path, documents)
    ask = _asking(index, "data loss prevention sensitive data")
    texts = [c.sentence.text for c in engine.scoring.rank(ask, [c.chunk_id for c in index.chunks])]
    assert texts == ["Data loss prevention tools block sensitive data in email."]


PASSWORDS = (
    "# Passwords\n\n| Setting | Value |\n| --- | --- |\n"
    "| Minimum length | 14 characters |\n| Reuse | last 10 passwords refused |\n"
)


def test_a_length_question_leads_with_the_row_naming_the_length(tmp_path: Path) -> None:
    """ "How long must passwords be?" was answered "10 passwords" off the reuse row, which
    names passwords; the row naming the length asked leads when both are close."""
    engine, index = _engine(tmp_path, {"passwords.md": PASSWORDS})
    research = _Research(engine, make_brief(Question("Q1", "How long must passwords be?")))
    reuse = _candidate(index, "passwords.md", "Reuse | last 10 passwords refused", 1.0)
    length = _candidate(index, "passwords.md", "Minimum length | 14 characters", 0.8)
    assert research._lead(_Ranking([reuse, length], 0.9)) is length


CLAUSES = (
    "# Training\n\n6.3 Staff in customer-facing roles receive additional training on social "
    "engineering.\n7. Compliance and Assurance\n7.1 The company holds Cyber Essentials Plus "
    "certification, renewed every year.\n"
)


def test_a_lead_quote_stops_at_the_next_numbered_clause_or_heading(tmp_path: Path) -> None:
    """Numbered clauses set one per line (plain text, PDF) are separate statements:
    the lead quote of clause 6.3 does not run on into the heading "7. Compliance and
    Assurance" and clause 7.1, which a reader would read as part of the answer."""
    engine, index = _engine(tmp_path, {"training.md": CLAUSES})
    sentence = (
        "6.3 Staff in customer-facing roles receive additional training on social engineering."
    )
    training = _candidate(index, "training.md", sentence, 1.0)
    assert engine.quote_of(training.sentence) == sentence


def test_key_terms_name_the_practice_not_the_kind_of_value_asked() -> None:
    """However rare "timeframe" or "frequency" is in a corpus, a sentence need not
    name them to answer: a period or a frequency answers, and the key terms are the
    rarest of the others."""
    stats = TermStats([{"breach", "notifi"}, {"breach"}, {"custom"}, {"custom", "breach"}])
    assert stats.rarest(("timefram", "notifi", "breach", "custom"), 2) == ("notifi", "custom")
    assert stats.rarest(("timefram", "frequenc")) == ("frequenc", "timefram")  # nothing else
    # "within what time frame are they answered?" (a data subject request) asks a period
    asked = ("frame", "answer", "respond", "subject", "request")
    assert set(stats.rarest(asked, 3)) == {"respond", "subject", "request"}


def test_a_prefix_a_hyphen_leaves_alone_is_no_key_term() -> None:
    """ "non" of "non-disclosure agreements" was a key term: "Staff sign an NDA ..." was
    refused for naming none of (non, disclosur, agreement) with "non" the rarest."""
    stats = TermStats([{"agreement"}, {"agreement", "disclosur"}, {"disclosur"}, {"staff"}])
    assert "non" not in stats.rarest(("non", "disclosur", "agreement"))
    assert "pre" not in stats.rarest(("pre", "employ", "screen"))


def test_a_nested_list_item_is_quoted_under_the_item_it_sits_under(tmp_path: Path) -> None:
    """ "Production: quarterly" says what is quarterly only under "Access reviews:"
    above it, which is no sentence of its own (too short): the quote starts there."""
    docs = {
        "access.md": (
            "# Access\n\n- Access reviews:\n  - Production: quarterly.\n"
            "  - Corporate apps: twice a year.\n"
        )
    }
    engine, index = _engine(tmp_path, docs)
    production = _candidate(index, "access.md", "Production: quarterly.", 1.0)
    quote = engine.quote_of(production.sentence)
    assert quote.startswith("Access reviews:\n  - Production: quarterly.")


CONTROLS = {
    "soa.md": (
        "# Statement of Applicability\n\n| Control | Name | Applicable |\n|---|---|---|\n"
        "| A.5.15 | Access control | Y |\n| A.8.24 | Use of cryptography | Y |\n"
    ),
    "crypto.md": (
        "# Cryptography Policy\n\n## A.8.24 Use of cryptography\n\n"
        "Data at rest is encrypted using AES-256.\n"
    ),
}


def test_a_control_asked_by_its_identifier_leads_with_its_own_clauses(tmp_path: Path) -> None:
    """ "Describe how control A.8.24 is implemented." quoted the first row of a table
    naming A.8.24 among others (another control's row): the clauses under a heading
    naming the control come first, then sentences naming it, each by score."""
    engine, index = _engine(tmp_path, CONTROLS)
    research = _Research(
        engine, make_brief(Question("Q1", "Describe how control A.8.24 is implemented."))
    )
    other_row = _candidate(index, "soa.md", "| A.5.15 | Access control | Y |", 2.0)
    own_row = _candidate(index, "soa.md", "| A.8.24 | Use of cryptography | Y |", 1.0)
    clause = _candidate(index, "crypto.md", "Data at rest is encrypted using AES-256.", 0.5)
    ordered = research._identified_first([other_row, own_row, clause])
    assert [c.sentence.text for c in ordered] == [
        clause.sentence.text,
        own_row.sentence.text,
        other_row.sentence.text,
    ]
    assert research._names_identifiers(clause)  # its heading names the control
    plain = _Research(engine, make_brief(Question("Q2", "How is data encrypted at rest?")))
    assert plain._identified_first([other_row, clause]) == [other_row, clause]


def test_the_most_severe_grade_asked_leads_with_the_critical_sentence(tmp_path: Path) -> None:
    """ "How quickly must the most severe vulnerabilities be fixed?" asks critical, or
    high where a scheme has none: of close sentences stating a period, the critical
    one leads ("within 30 days" for High was given)."""
    engine, index = _engine(
        tmp_path,
        {
            "vuln.md": "# Vulnerabilities\n\nCritical vulnerabilities are remediated within 7 "
            "days. High vulnerabilities are remediated within 30 days.\n"
        },
    )
    question = "How quickly must the most severe vulnerabilities be fixed?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    high = _candidate(index, "vuln.md", "High vulnerabilities are remediated within 30 days.", 1.0)
    critical = _candidate(
        index, "vuln.md", "Critical vulnerabilities are remediated within 7 days.", 0.9
    )
    lead = research._lead(_Ranking([high, critical], 0.9))
    assert lead is not None and lead.sentence.text.startswith("Critical")


def test_a_value_asked_of_a_grade_leads_with_a_sentence_naming_the_grade(tmp_path: Path) -> None:
    """A table row naming the grade asked ("Critical 9.0-10.0 7 days") leads over a
    close, higher-scored sentence naming no grade (a catalogue's 72 hours)."""
    engine, index = _engine(
        tmp_path,
        {
            "vuln.md": "# Vulnerabilities\n\nKnown exploited vulnerabilities are patched within "
            "72 hours.\n\n| Severity | SLA |\n| --- | --- |\n| Critical | 7 days |\n"
        },
    )
    question = "What is your remediation timeframe for critical-severity vulnerabilities?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    known = _candidate(
        index, "vuln.md", "Known exploited vulnerabilities are patched within 72 hours.", 1.0
    )
    row = _candidate(index, "vuln.md", "| Critical | 7 days |", 0.9)
    lead = research._lead(_Ranking([known, row], 0.9))
    assert lead is not None and lead.sentence.text == row.sentence.text


def test_a_close_sentence_naming_more_key_terms_leads(tmp_path: Path) -> None:
    """ "Are inactive accounts disabled after a defined period?": the sentence on
    inactivity leads over a higher-scored one on deleting disabled accounts (its 90
    days were given for the 35 days asked). Beyond the margin it does not lead, and
    the best, naming no key term, leads nothing either: the lead names the ask."""
    text = (
        "Okta disables user accounts after 35 days of inactivity. Disabled accounts are "
        "deleted after 90 days."
    )
    engine, index = _engine(tmp_path, {"ac.md": f"# Accounts\n\n{text}\n"})
    question = "Are inactive accounts disabled after a defined period?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    named = _candidate(index, "ac.md", "Disabled accounts are deleted after 90 days.", 1.0)
    features = list(named.features)
    features[SENTENCE_FEATURES.index("key_coverage")] = 0.0  # names no key term
    deleted = dataclasses.replace(named, features=tuple(features))
    inactive = _candidate(
        index, "ac.md", "Okta disables user accounts after 35 days of inactivity.", 0.7
    )
    assert research._lead(_Ranking([deleted, inactive], 0.9)) is inactive
    far = dataclasses.replace(inactive, score=1.0 - KEY_LEAD_MARGIN - 0.1)
    assert research._lead(_Ranking([deleted, far], 0.9)) is None


def test_the_kind_of_bound_asked_is_no_key_term() -> None:
    """ "What is the minimum TLS version ...?": "TLS 1.2 or higher" states the minimum
    without the word; "minimum", the rarest word, made the ask's key term and the right
    sentence was refused."""
    stats = TermStats([{"tls", "encrypt"}, {"tls"}, {"network"}, {"password", "minimum"}])
    assert stem("minimum") not in stats.rarest((stem("minimum"), "tls", "version"))
    assert {stem("minimum"), stem("maximum")} <= NOT_KEY


RETENTION = (
    "# Retention\n\n"
    "Application debug logs are retained for 30 days and must not contain student names.\n\n"
    "Backups are retained for 35 days in a second region.\n"
)


def test_a_value_leads_from_the_sentence_naming_the_thing_it_is_asked_of(
    tmp_path: Path,
) -> None:
    """ "The retention period for backups containing student data" is asked of backups:
    a close sentence about debug logs that must not contain student names names two
    words of what restricts the subject, none of the subject, and does not lead."""
    engine, index = _engine(tmp_path, {"retention.md": RETENTION})
    brief = make_brief(
        Question("Q1", "State the retention period for backups containing student data.")
    )
    research = _Research(engine, brief)
    logs = _candidate(
        index,
        "retention.md",
        "Application debug logs are retained for 30 days and must not contain student names.",
        1.0,
    )
    backups = _candidate(
        index, "retention.md", "Backups are retained for 35 days in a second region.", 0.9
    )
    assert research._lead(_Ranking([logs, backups], 0.9)) is backups


ACCESS_REVIEWS = (
    "# Privileged access\n\n"
    "- Privileged access must be reviewed quarterly by the Security Lead.\n"
    "- Standard user access to client data environments should be reviewed every six "
    "months by the data owner.\n"
)


def test_a_list_items_quote_stops_before_the_item_about_the_other_accounts(
    tmp_path: Path,
) -> None:
    """The next item sets the review of standard users' access: quoted with the one on
    privileged access, it states a second frequency for what is asked."""
    engine, index = _engine(tmp_path, {"access.md": ACCESS_REVIEWS})
    sentence = "Privileged access must be reviewed quarterly by the Security Lead."
    privileged = _candidate(index, "access.md", sentence, 1.0)
    assert engine.quote_of(privileged.sentence) == sentence


PASSWORD_RULES = (
    "# Passwords\n\n"
    "- NetID passwords must be at least 12 characters long.\n"
    "- Passwords for privileged or administrator accounts must be at least 16 characters "
    "long.\n"
)


def test_a_question_naming_no_group_leads_with_the_general_rule_quoted_alone(
    tmp_path: Path,
) -> None:
    """ "What is the minimum password length?" asks the general rule: the privileged
    accounts' rule scored higher does not lead, and the general rule's quote stops before
    it (quoted together, they stated two lengths for what is asked)."""
    engine, index = _engine(tmp_path, {"passwords.md": PASSWORD_RULES})
    research = _Research(engine, make_brief(Question("Q1", "What is the minimum password length?")))
    general = "NetID passwords must be at least 12 characters long."
    privileged = _candidate(
        index,
        "passwords.md",
        "Passwords for privileged or administrator accounts must be at least 16 characters long.",
        1.0,
    )
    netid = _candidate(index, "passwords.md", general, 0.8)
    assert research._lead(_Ranking([privileged, netid], 0.9)) is netid
    assert engine.quote_of(netid.sentence) == general


def test_a_line_of_document_control_fields_is_no_candidate() -> None:
    from dossier.ingest.control_block import only_control_fields

    assert only_control_fields(
        "**Standard number:** ITS-STD-010 **Related policy:** [Acceptable Use](aup.md)"
    )
    assert only_control_fields("**Owner:** Security Lead   **Parent policy:** Security Policy")
    assert not only_control_fields("**Review frequency:** Annually **Owner:** CISO")
    assert not only_control_fields("**Info:** We do not offer customer-managed keys.")


def test_a_pdf_covers_document_control_table_is_no_candidate() -> None:
    """A PDF policy's cover (its control table read as lines of a name and a value)
    was quoted as evidence of how often the plan is exercised."""
    from dossier.ingest.control_block import a_control_table

    cover = (
        "Northfield Council\nBusiness Continuity Policy\nDocument reference: BC-004\n"
        "Document Control\nVersion 1.4\nStatus Approved\nAuthor Resilience Lead\n"
        "Approving Committee Audit and Risk Committee\nDate Ratified 3 March 2025\n"
        "Review Date March 2027"
    )
    assert a_control_table(cover)
    prose = (
        "Status of each exercise is reported to the board\nOwner reviews follow the "
        "exercise\nVersion control is kept for every plan"
    )
    assert not a_control_table(prose)  # sentences opening with those words
    assert not a_control_table("Version 2 of the plan\nwas exercised in May 2025.")


def test_a_cover_is_kept_for_a_question_asking_its_approval_or_review(tmp_path: Path) -> None:
    """Who approved a policy and when it is reviewed is what its cover states: kept for
    those questions, set aside for the others."""
    cover = (
        "Version 1.4\nStatus Approved\nApproving Committee Audit and Risk Committee\n"
        "Date Ratified 3 March 2025\nReview Date March 2027"
    )
    text = f"# Business Continuity Policy\n\n{cover}\n\nThe plan is exercised every year.\n"
    engine, _ = _engine(tmp_path, {"bc.pdf.md": text})
    for question, kept in (
        ("Is the business continuity policy approved by a committee?", True),
        ("Is the business continuity plan exercised annually?", False),
    ):
        research = _Research(engine, make_brief(Question("Q", question)))
        research.search(question)
        ranked = engine.scoring.rank(research.ask, research.passages())
        texts = [c.sentence.text for c in ranked]
        assert any(t.startswith("Version 1.4") for t in texts) is kept, question


def test_a_property_tables_row_naming_the_document_is_no_candidate() -> None:
    """ "| **Supersedes** | Password Standard (IT-OPS-004, 2021) |" was quoted for
    whether strong passwords are required (a sentence of a table reads without its
    outer pipe); who approved or owns a document, its status and review stay evidence,
    as do rows about what it covers."""
    from dossier.ingest.control_block import only_control_fields

    assert only_control_fields("| **Supersedes** | Password Standard (IT-OPS-004, 2021) |")
    assert only_control_fields("Supersedes** | Password Standard (IT-OPS-004, 2021)")
    assert only_control_fields("| Document ID | RW-STD-010 v3.1 |")
    for kept in (
        "| **Approved by** | Dana Whitfield, CISO |",
        "| **Owner** | Security Engineering Manager |",
        "| Next review | 2025-06-18 |",
        "| Minimum length | 14 characters |",
        "| Applies to | All staff and contractors |",
        "| Revision | Reviewed annually by the CISO |",
        "| Classification | Confidential data must be encrypted at rest |",
    ):
        assert not only_control_fields(kept), kept


def test_a_rule_for_everyone_is_not_a_narrower_groups() -> None:
    from dossier.research.offline import _narrow_only
    from dossier.research.qualifiers import qualifiers_named

    assert not _narrow_only(qualifiers_named("All personnel must complete training annually."))
    assert not _narrow_only(qualifiers_named("MFA is enforced for all accounts."))
    assert _narrow_only(qualifiers_named("Privileged accounts must use 16 characters."))


PATCH_AND_INCIDENT = {
    "patching.md": (
        "# Patch Management Runbook\n\n## Patching windows\n\n"
        "| Client tier | Window | Critical patch deadline |\n| --- | --- | --- |\n"
        "| Tier 1 | Sunday 01:00 | 72 hours of vendor release |\n"
    ),
    "incidents.md": (
        "# Incident Management\n\n"
        "| Severity | Description | Client notification |\n| --- | --- | --- |\n"
        "| Severity 1 | Loss of a Tier 1 service or a security breach | Within 1 hour |\n"
    ),
}


def test_a_table_rows_headers_say_what_its_value_is_about(tmp_path: Path) -> None:
    """The patch deadline's row names no patch in its cells; its column headers do. A
    close row of the incident table naming "security" does not lead for it."""
    engine, index = _engine(tmp_path, PATCH_AND_INCIDENT)
    brief = make_brief(
        Question(
            "Q1",
            "Provide the maximum timeframe for applying critical security patches to Tier 1 "
            "client systems.",
        )
    )
    research = _Research(engine, brief)
    incident = _candidate(
        index,
        "incidents.md",
        "| Severity 1 | Loss of a Tier 1 service or a security breach | Within 1 hour |",
        1.0,
    )
    patch = _candidate(
        index, "patching.md", "| Tier 1 | Sunday 01:00 | 72 hours of vendor release |", 0.9
    )
    assert research._lead(_Ranking([incident, patch], 0.9)) is patch


def test_a_question_about_user_accounts_is_not_answered_by_privileged_accounts(
    tmp_path: Path,
) -> None:
    rules = {
        "p.md": (
            "# Passwords\n\n- Passwords for privileged accounts must be at least 16 characters.\n"
            "- User account passwords must be at least 12 characters.\n"
        )
    }
    engine, index = _engine(tmp_path, rules)
    research = _Research(
        engine, make_brief(Question("Q1", "What is the minimum password length for user accounts?"))
    )
    privileged = _candidate(
        index, "p.md", "Passwords for privileged accounts must be at least 16 characters.", 1.0
    )
    user = _candidate(index, "p.md", "User account passwords must be at least 12 characters.", 0.9)
    assert research._lead(_Ranking([privileged, user], 0.9)) is user


def test_a_rules_own_scope_after_it_is_quoted_with_it(tmp_path: Path) -> None:
    """ "This applies to API keys ... and third-party integration tokens" leans on the rule
    before it: it states the rule's scope, not a narrower group's rule."""
    text = (
        "# Keys\n\nAuthenticators shall be refreshed every 90 days. This applies to API keys "
        "and third-party integration tokens used by service accounts.\n"
    )
    engine, index = _engine(tmp_path, {"keys.md": text})
    rule = _candidate(index, "keys.md", "Authenticators shall be refreshed every 90 days.", 1.0)
    assert "This applies to API keys" in engine.quote_of(rule.sentence)


SUBJECT_DOCUMENTS = {
    "access.md": "# Access control\n\nAccess should be restricted to what job duties need. "
    "Our IAM enforces least privilege and segregation of duties.\n",
    "vulns.md": "# Vulnerability handling\n\nWhether a vulnerability comes from a bug bounty "
    "or from automated tooling, the Security team assesses its impact.\n",
}


def test_a_yes_no_item_is_led_by_a_close_sentence_naming_its_subject(tmp_path: Path) -> None:
    """ "Is the separation of duties principle employed?": the close sentence naming
    segregation of duties (the thesaurus' word for it) leads, not the better-scored one
    about job duties; beyond the margin, none leads."""
    engine, index = _engine(tmp_path, SUBJECT_DOCUMENTS)
    question = "Is the separation of duties principle employed when granting access?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    duties = _candidate(
        index, "access.md", "Access should be restricted to what job duties need.", 1.0
    )
    segregation = _candidate(
        index, "access.md", "Our IAM enforces least privilege and segregation of duties.", 0.4
    )
    assert research._lead(_Ranking([duties, segregation], 0.9)) is segregation
    far = dataclasses.replace(segregation, score=1.0 - engine.scorer.support_margin - 0.01)
    assert research._lead(_Ranking([duties, far], 0.9)) is None


def test_an_item_about_remediation_is_not_answered_by_a_sentence_about_triage(
    tmp_path: Path,
) -> None:
    """A sentence sharing the item's other words ("vulnerability", "automated") but
    saying nothing of its subject (remediation) leads no answer; the decision says
    which word was missing."""
    engine, index = _engine(tmp_path, SUBJECT_DOCUMENTS)
    question = "Is the remediation of application security vulnerabilities automated?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    triage = _candidate(
        index,
        "vulns.md",
        "Whether a vulnerability comes from a bug bounty or from automated tooling, "
        "the Security team assesses its impact.",
        1.0,
    )
    assert research.ask.subject == (("remedi",),)
    assert research._lead(_Ranking([triage], 0.9)) is None
    assert "no close sentence names “remediation”" in research._decision_reason(
        _Ranking([triage], 0.9), True, None
    )
    fixed = "Are application security vulnerabilities fixed automatically?"
    assert _Research(engine, make_brief(Question("Q2", fixed))).ask.subject == (
        ("applic", "secur", "vulner"),
    )


def test_this_plan_is_the_plan_its_title_names(tmp_path: Path) -> None:
    """ "This plan is tested at least annually" in the incident response plan was refused
    for naming no "response" (the item asked whether the incident response plan is
    tested); the same sentence under another title names no incident response plan."""
    tested = "This plan is tested at least annually through a tabletop exercise."
    engine, index = _engine(
        tmp_path,
        {
            "irp.txt": f"Incident Response Plan\n\n{tested}\n",
            "bcp.txt": f"Business Continuity Plan\n\n{tested}\n",
        },
    )
    question = "Is the security incident response plan tested and updated for effectiveness?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    assert research._names(_candidate(index, "irp.txt", tested, 1.0))
    assert not research._names(_candidate(index, "bcp.txt", tested, 1.0))


def test_a_period_is_no_subject_a_sentence_must_name(tmp_path: Path) -> None:
    """ "Are audit log retention periods defined and adhered to?": "Security audit logs
    are retained for 13 months" states the period; it was refused as naming no
    "periods" (the kind of value, which a value answers, not the word)."""
    engine, _ = _engine(tmp_path, SUBJECT_DOCUMENTS)
    question = "Are audit log retention periods defined and adhered to?"
    subject = _Research(engine, make_brief(Question("Q1", question))).ask.subject
    assert subject and all(phrase[-1] != stem("periods") for phrase in subject)
    assert subject[0][-1] == stem("retention")
    # "adhered to" says no more than that the periods are followed
    predicate = _Research(engine, make_brief(Question("Q1", question))).ask.predicate
    assert stem("adhered") not in predicate


def test_an_item_is_led_by_a_sentence_stating_what_it_says_is_done(tmp_path: Path) -> None:
    """ "Is the remediation of vulnerabilities automated?" is not answered by a sentence
    naming remediation that says nothing of automating it; a close one that does leads.
    "performed" says no more than that it is done: no word a sentence must state."""
    documents = {
        "vulns.md": "# Vulnerabilities\n\nSecurity fixes are remediated in scheduled "
        "releases. Remediation of dependency vulnerabilities is automated by Dependabot.\n"
    }
    engine, index = _engine(tmp_path, documents)
    question = "Is the remediation of vulnerabilities automated?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    assert research.ask.predicate == (stem("automated"),)
    scheduled = _candidate(
        index, "vulns.md", "Security fixes are remediated in scheduled releases.", 1.0
    )
    automated = _candidate(
        index,
        "vulns.md",
        "Remediation of dependency vulnerabilities is automated by Dependabot.",
        0.5,
    )
    assert research._lead(_Ranking([scheduled], 0.9)) is None
    assert "states “automated”" in research._decision_reason(_Ranking([scheduled], 0.9), True, None)
    assert research._lead(_Ranking([scheduled, automated], 0.9)) is automated
    performed = "Are background checks performed on new employees?"
    assert _Research(engine, make_brief(Question("Q2", performed))).ask.predicate == ()


def test_a_yes_no_questions_list_item_is_quoted_without_the_next_items(tmp_path: Path) -> None:
    """The MFA bullet was quoted with the production-access and break-glass bullets after
    it; a yes/no question's item is quoted alone, a value question's with the items."""
    text = (
        "# Access\n\nRules for engineers:\n\n- MFA is required for all accounts.\n"
        "- Production access needs a ticket.\n- Break-glass accounts are sealed.\n"
    )
    engine, index = _engine(tmp_path, {"access.md": text})
    mfa = _candidate(index, "access.md", "MFA is required for all accounts.", 1.0)
    assert engine.quote_of(mfa.sentence, item_alone=True) == "MFA is required for all accounts."
    assert "Production access" in engine.quote_of(mfa.sentence)
    research = _Research(engine, make_brief(Question("Q1", "Is MFA required?")))
    evidence = research._evidence([(0, mfa)], [])
    assert evidence.selections[0].quotes == ("MFA is required for all accounts.",)


def test_a_sentence_inside_a_list_item_is_quoted_without_the_next_items(tmp_path: Path) -> None:
    """The item's second sentence answered whether shared administrator accounts are
    permitted; the break-glass bullet after it (vault names) went out with it."""
    text = (
        "# Access\n\n- Every person has a named account. Shared administrator accounts are"
        " not permitted.\n- Break-glass credentials are sealed in the vault.\n"
        "- Access is reviewed\n  quarterly by owners. Reviews are logged.\n- Leavers lose access.\n"
    )
    engine, index = _engine(tmp_path, {"access.md": text})
    shared = _candidate(index, "access.md", "Shared administrator accounts are not permitted.", 1.0)
    quote = engine.quote_of(shared.sentence, item_alone=True)
    assert "Shared administrator" in quote and "Break-glass" not in quote
    assert "Break-glass" in engine.quote_of(shared.sentence)  # a value's reads on
    logged = _candidate(index, "access.md", "Reviews are logged.", 1.0)
    quote = engine.quote_of(logged.sentence, item_alone=True)  # an item wrapped over lines
    assert "Reviews are logged." in quote and "Leavers" not in quote


def test_a_lead_is_quoted_with_its_controls_status_above_it(tmp_path: Path) -> None:
    text = (
        "# System Security Plan\n\n## 3.1.18 Control connection of mobile devices.\n\n"
        "Status: Partially implemented\n\nImplementation: Company iPhones are enrolled in "
        "Intune before they can connect.\n"
    )
    engine, index = _engine(tmp_path, {"ssp.md": text})
    lead = _candidate(
        index,
        "ssp.md",
        "Implementation: Company iPhones are enrolled in Intune before they can connect.",
        1.0,
    )
    assert engine.quote_of(lead.sentence).startswith("Status: Partially implemented")
    # a lead further down its statement, the quote grown back over the sentence above it
    text = (
        "# System Security Plan\n\n## 3.1.18 Mobile devices.\n\nStatus: Partially implemented"
        "\n\nImplementation: Company iPhones are enrolled in Intune. Personal devices can "
        "still reach webmail.\n"
    )
    engine, index = _engine(tmp_path / "second", {"ssp.md": text})
    second = _candidate(index, "ssp.md", "Personal devices can still reach webmail.", 1.0)
    first = _candidate(
        index, "ssp.md", "Implementation: Company iPhones are enrolled in Intune.", 1.0
    )
    close = {(first.sentence.chunk_id, first.sentence.start)}
    assert engine.quote_of(second.sentence, close=close).startswith("Status: Partially")


@pytest.mark.parametrize(
    "question",
    [
        "Is customer data encrypted in transit?",
        "Is production data used in test environments?",
        "Are end users allowed local admin rights?",
    ],
)
def test_whose_stuff_an_item_names_is_no_subject_a_sentence_must_name(question: str) -> None:
    """ "All data in transit is encrypted using TLS 1.2" answers for customer data: a
    subject ending in data, information or users sets no word a sentence must name."""
    assert _subject_heads(make_brief(Question("Q1", question))) == ()


def test_a_yes_no_items_own_nested_items_and_a_checklist_item_stay_in_its_quote(
    tmp_path: Path,
) -> None:
    """An item introducing nested items keeps them; a checked item is an item too."""
    text = (
        "# Remote\n\nRules:\n\n- Remote access to the network requires:\n"
        "  - multi-factor authentication for every login\n  - a managed, encrypted device\n"
        "- Guests use the guest network only.\n\nChecklist:\n\n"
        "- [x] MFA is enforced for all administrator accounts.\n"
        "- [ ] Audit logs are shipped to the SIEM daily.\n"
    )
    engine, index = _engine(tmp_path, {"remote.md": text})
    lead_in = _candidate(index, "remote.md", "Remote access to the network requires:", 1.0)
    quote = engine.quote_of(lead_in.sentence, item_alone=True)
    assert "a managed, encrypted device" in quote and "Guests" not in quote
    checked = _candidate(index, "remote.md", "MFA is enforced for all administrator accounts.", 1.0)
    assert engine.quote_of(checked.sentence, item_alone=True) == (
        "MFA is enforced for all administrator accounts."
    )


def test_a_line_naming_only_a_topic_does_not_lead_a_statement_within_the_margin() -> None:
    """ "Where backup media is to be stored and secured, as well as how access is
    maintained." (a plan's list of what it must say) states nothing of off-site backups;
    the statement scoring within the margin leads. Beyond the margin, or when the best
    states something ("Where possible, ..." has a main clause), the order stands."""
    topic = _scored(
        "Where backup media is to be stored and secured, as well as how access is maintained.",
        1.0,
    )
    stated = _scored("Backups are stored off-site with multiple points of redundancy.", 0.2)
    assert _statements_first([topic, stated], margin=1.5) == [stated]
    assert _statements_first([topic, stated], margin=0.5) == [topic, stated]
    asking = _scored("Who may remove backup media and transfer it to storage.", 1.0)
    assert _statements_first([asking, stated], margin=1.5) == [stated]
    numbered = _scored("4.2 Where backup media is stored, as well as how it is labelled.", 1.0)
    assert _statements_first([numbered, stated], margin=1.5) == [stated]
    # a statement first keeps its place; a topic line after it is dropped
    assert _statements_first([stated, topic], margin=1.5) == [stated]
    for text in (
        "Where possible, backups are stored off-site.",
        "Where possible backups are stored off-site.",
        "Where technically feasible MFA is enforced for remote access.",
        "Who has access to production is reviewed quarterly by the CISO.",
        "Whether a vendor is critical is determined by the risk team.",
        "How: backups are encrypted and stored off-site.",
        "Where a vendor processes personal data a DPA is signed.",
        "Where MFA cannot be enforced compensating controls are implemented.",
        "Where supported MFA is enforced for all users.",
    ):
        statement = _scored(text, 1.0)
        assert _statements_first([statement, stated], margin=1.5) == [statement, stated], text


def test_a_sentence_a_template_left_unfilled_does_not_lead_a_completed_one() -> None:
    """ "Access must be revoked within [X] hours of termination." led the completed
    checklist's "within 4 hours" (a placeholder for a figure states none)."""
    unfilled = _scored("Access must be revoked within [X] hours of an employee's termination.", 1.0)
    filled = _scored("Okta accounts are deactivated within 4 hours of the termination time.", 0.5)
    assert _statements_first([unfilled, filled], margin=1.5) == [filled]
    assert _statements_first([unfilled, filled], margin=0.2) == [unfilled, filled]
    ticked = _scored("- [x] Access is revoked on the last working day.", 1.0)
    assert _statements_first([ticked, filled], margin=1.5) == [ticked, filled]  # a ticked box


LEAVERS = (
    "# Separation\n\n"
    "1. For a voluntary separation, HR enters the separation five business days ahead.\n"
    "2. All accounts of a separating employee are disabled within four (4) hours of the "
    "separation time.\n"
    "3. For involuntary terminations, accounts are disabled immediately, before the employee "
    "is informed.\n"
    "4. Badges are deactivated by the end of the last day worked.\n"
)
RECOVERY = "# Recovery\n\nThe recovery time objective for Tier 2 systems is 24 hours.\n"
LEAVER_QUESTION = "Are a departing employee's accounts disabled, and within what time?"
RULE = (
    "All accounts of a separating employee are disabled within four (4) hours of the "
    "separation time."
)
EXCEPTION = (
    "For involuntary terminations, accounts are disabled immediately, before the employee "
    "is informed."
)


def _leavers(tmp_path: Path) -> tuple[_Research, HybridIndex]:
    engine, index = _engine(tmp_path, {"leavers.md": LEAVERS})
    return _Research(engine, make_brief(Question("Q1", LEAVER_QUESTION))), index


def test_the_rule_leads_not_the_exception_for_a_case_the_question_does_not_name(
    tmp_path: Path,
) -> None:
    """ "For involuntary terminations, accounts are disabled immediately" states an
    exception: of two close sentences, the rule ("within four (4) hours") leads, and a
    part asking when ("..., and within what time?") is answered by it. Beyond
    ``KEY_LEAD_MARGIN`` the better-scored exception still leads."""
    research, index = _leavers(tmp_path)
    exception = _candidate(index, "leavers.md", EXCEPTION, 1.0)
    rule = _candidate(index, "leavers.md", RULE, 1.0 - KEY_LEAD_MARGIN + 0.1)
    assert research._lead(_Ranking([exception, rule], 0.9)) is rule
    chosen, missing = research._supports(_Ranking([exception, rule], 0.9), rule)
    assert [c for _, c in chosen][:1] == [rule] and missing == []  # it states the time
    far = dataclasses.replace(rule, score=1.0 - KEY_LEAD_MARGIN - 0.1)
    assert research._lead(_Ranking([exception, far], 0.9)) is exception


MOVERS = (
    "# Access changes\n\n"
    "5.2 When a workforce member changes roles, access not needed for the new role is removed "
    "within 5 business days.\n\n"
    "5.3 Access for terminated workforce members is revoked within four (4) hours of "
    "notification from People Operations.\n"
)


def test_a_value_for_another_case_does_not_lead_a_value_question(tmp_path: Path) -> None:
    """Of two close sentences stating a period, the one opening on a case the question
    does not name ("When a workforce member changes roles, ...") does not lead, however
    fully it names the subject: the terminated employee's four hours do."""
    engine, index = _engine(tmp_path, {"access.md": MOVERS})
    question = "Within what timeframe is system access removed when an employee is terminated?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    role_change = _candidate(
        index,
        "access.md",
        "5.2 When a workforce member changes roles, access not needed for the new role is "
        "removed within 5 business days.",
        1.0,
    )
    terminated = _candidate(
        index,
        "access.md",
        "5.3 Access for terminated workforce members is revoked within four (4) hours of "
        "notification from People Operations.",
        0.9,
    )
    assert research._lead(_Ranking([terminated, role_change], 0.9)) is terminated
    assert research._lead(_Ranking([role_change, terminated], 0.9)) is terminated


def test_a_list_item_stating_the_value_a_part_asks_is_quoted_alone(tmp_path: Path) -> None:
    """A yes/no ask with a part asking when: the item that states the period of
    disabling accounts is quoted without the next items (other rules, an exception read
    as the answer); an item that states no period of it (a period of HR's notice) is
    read with the items after it, where the period may be."""
    research, index = _leavers(tmp_path)
    rule = _candidate(index, "leavers.md", RULE, 1.0)
    assert research._quote(rule.sentence, True, set()) == rule.sentence.text
    notice = _candidate(
        index,
        "leavers.md",
        "For a voluntary separation, HR enters the separation five business days ahead.",
        1.0,
    )
    assert research._quote(notice.sentence, True, set()) != notice.sentence.text


def test_a_part_naming_only_the_value_asks_it_of_the_first_parts_subject(
    tmp_path: Path,
) -> None:
    """ "..., and within what time?" names no subject: the recovery objective of another
    document states a period about something else and is not quoted for it; the part is
    reported missing, tied to the part it is about."""
    engine, index = _engine(tmp_path, {"leavers.md": LEAVERS, "recovery.md": RECOVERY})
    question = "Are a departing employee's accounts deleted, and within what time?"
    brief = make_brief(Question("Q1", question))
    research = _Research(engine, brief)
    for query in research.queries():
        research.search(query)  # the part's candidates are the searched passages'
    lead = _candidate(
        index, "leavers.md", "Badges are deactivated by the end of the last day worked.", 1.0
    )
    rto = _candidate(
        index, "recovery.md", "The recovery time objective for Tier 2 systems is 24 hours.", 0.9
    )
    chosen, missing = research._supports(_Ranking([lead, rto], 0.9), lead)
    assert [part for part, _ in chosen if part == 1] == []  # nothing quoted for the part
    assert [m.part for m in missing] == [brief.facts[1].text]


PLANS = (
    "# Plans\n\nThe incident response plan shall be tested at least annually.\n\n"
    "## Business continuity plan\n\nThe plan is tested every six months.\n"
)


def test_a_value_asked_of_a_plan_is_read_from_a_sentence_naming_which_plan(
    tmp_path: Path,
) -> None:
    """ "How often is the business continuity plan tested?": the incident response
    plan's test states another plan's frequency and does not lead; a sentence under a
    heading naming the business continuity plan does. With none, there is no lead."""
    engine, index = _engine(tmp_path, {"plans.md": PLANS})
    question = "How often is the business continuity plan tested?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    other = _candidate(
        index, "plans.md", "The incident response plan shall be tested at least annually.", 1.0
    )
    named = _candidate(index, "plans.md", "The plan is tested every six months.", 0.9)
    assert research._lead(_Ranking([other, named], 0.9)) is named
    assert research._lead(_Ranking([other], 0.9)) is None


def test_a_demand_without_a_measure_is_settled_by_any_value_of_its_kind(
    tmp_path: Path,
) -> None:
    """ "Do you provide periodic security reminders?" of "... sends a security reminder
    ... monthly": the answer said "Yes; monthly" and, below it, that the documents do
    not state how often for "periodic"."""
    reminder = "The security team sends a security reminder to all workforce members monthly."
    engine, index = _engine(tmp_path, {"training.md": f"# Training\n\n{reminder}\n"})
    question = "Do you provide periodic security reminders to your workforce?"
    research = _Research(engine, make_brief(Question("Q", question)))
    lead = _candidate(index, "training.md", reminder, 1.0)
    _, missing = research._supports(_Ranking([lead], 0.9), lead)
    assert missing == []


def test_a_part_naming_no_subject_is_answered_for_the_part_before_it(tmp_path: Path) -> None:
    """ "... Is a lessons-learned review carried out, and within what time?": the time
    was sought for the first part's incidents, and the reporting deadline ("within 1
    hour") was quoted for it."""
    review = "A lessons-learned review is carried out for every incident within 10 working days."
    report = "Staff must report suspected incidents within 1 hour after discovery."
    engine, index = _engine(tmp_path, {"ir.md": f"# Incidents\n\n{review} {report}\n"})
    question = (
        "Are security incidents followed up? Is a lessons-learned review carried out, and "
        "within what time?"
    )
    research = _Research(engine, make_brief(Question("Q", question)))
    lead = _candidate(index, "ir.md", review, 1.0)
    reporting = _candidate(index, "ir.md", report, 0.95)
    chosen, missing = research._supports(_Ranking([lead, reporting], 0.9), lead)
    assert [c.sentence.text for _, c in chosen] == [review]
    assert missing == []


def test_a_value_question_leads_with_the_rule_before_a_case_naming_the_qualifier(
    tmp_path: Path,
) -> None:
    """ "Within what timeframe is system access revoked upon an employee's termination?"
    was answered "immediately" by "For involuntary terminations, access is revoked
    immediately, at the time the employee is notified": it names "employee", and the
    rule ("within 24 hours") was set aside before the other case was."""
    rule = "All system access is revoked within 24 hours of termination."
    case = (
        "For involuntary terminations, access is revoked immediately, at the time the "
        "employee is notified."
    )
    engine, index = _engine(tmp_path, {"hr.md": f"# Leavers\n\n{rule} {case}\n"})
    question = "Within what timeframe is system access revoked upon an employee's termination?"
    research = _Research(engine, make_brief(Question("Q", question)))
    first = _candidate(index, "hr.md", rule, 1.36)
    second = _candidate(index, "hr.md", case, 1.15)
    lead = research._lead(_Ranking([first, second], 0.9))
    assert lead is not None and lead.sentence.text == rule


def test_a_further_quote_for_a_value_names_the_whole_subject(tmp_path: Path) -> None:
    """ "After how many minutes of inactivity must mobile devices lock?" took a FAQ's
    "Laptops lock automatically after 10 minutes of inactivity" as a further quote, and
    the two values were reported as a conflict."""
    mobile = "Mobile devices must lock automatically after 5 minutes of inactivity."
    laptops = "Laptops lock automatically after 10 minutes of inactivity."
    engine, index = _engine(
        tmp_path, {"mdm.md": f"# Mobile\n\n{mobile}\n", "faq.md": f"# FAQ\n\n{laptops}\n"}
    )
    question = "After how many minutes of inactivity must mobile devices lock automatically?"
    research = _Research(engine, make_brief(Question("Q", question)))
    lead = _candidate(index, "mdm.md", mobile, 1.0)
    other = _candidate(index, "faq.md", laptops, 0.95)
    chosen, _ = research._supports(_Ranking([lead, other], 0.9), lead)
    assert [c.sentence.text for _, c in chosen] == [mobile]


def test_a_lettered_questions_key_terms_are_its_first_parts(tmp_path: Path) -> None:
    """ "(a) Are access rights reviewed? (b) How often? (c) Who performs the review and
    how is it evidenced?": the rarest words of the whole were the last part's
    ("evidenced"), which the sentence answering the first part never names, and an
    informal handbook's answers were refused. Parts of one sentence stay one ask."""
    engine, _ = _engine(
        tmp_path,
        {
            "a.md": "# Access\n\nMarco reviews AWS IAM and GitHub membership quarterly.\n",
            "b.md": "# Logs\n\nWe log the review in the infra channel.\n",
        },
    )
    lettered = (
        "(a) Are user access rights to production systems formally reviewed? "
        "(b) How often are these reviews performed? (c) Who performs the review and how "
        "is it evidenced?"
    )
    ask = _Research(engine, make_brief(Question("Q1", lettered))).ask
    assert stem("evidenced") not in ask.key
    assert set(ask.key) <= set(content_terms("user access rights production systems formally"))
    joined = "Are access rights reviewed, and how is the review evidenced?"
    assert stem("evidenced") in _Research(engine, make_brief(Question("Q2", joined))).ask.key


def test_all_systems_puts_no_one_environments_sentence_first(tmp_path: Path) -> None:
    """ "... is the individual's access to all systems revoked?" names every
    environment: a sentence naming production ("we delete your data from our
    production systems within 30 days") is no more the one asked than the best,
    which names none ("Revoke ... access within 24 hours of the last day")."""
    revoke = (
        "Revoke Google Workspace, Slack, GitHub and AWS access within 24 hours of the last day."
    )
    delete = (
        "When you delete your account, we delete your data from our production systems "
        "within 30 days."
    )
    engine, index = _engine(
        tmp_path, {"off.md": f"# Offboarding\n\n{revoke}\n", "p.md": f"# Privacy\n\n{delete}\n"}
    )
    question = (
        "Upon termination of employment, within what timeframe is the individual's access "
        "to all systems revoked?"
    )
    research = _Research(engine, make_brief(Question("Q1", question)))
    best = _candidate(index, "off.md", revoke, 1.0)
    production = _candidate(index, "p.md", delete, 0.5)
    lead = research._lead(_Ranking([best, production], 0.9))
    assert lead is not None and lead.sentence.text == revoke


def test_a_close_sentence_naming_the_ask_decides_and_leads(tmp_path: Path) -> None:
    """ "Are shared or group user IDs permitted?": "Each user shall be assigned a unique
    user ID" scored best and names none of the key terms; "Shared or generic accounts
    are prohibited", just below it, names them: the question is answered, led by it.
    Beyond the key-lead margin it decides nothing."""
    unique = "Each user shall be assigned a unique user ID."
    shared = "Shared or generic accounts are prohibited."
    engine, index = _engine(tmp_path, {"ac.md": f"# Access Control\n\n{unique} {shared}\n"})
    research = _Research(
        engine, make_brief(Question("Q1", "Are shared or group user IDs permitted?"))
    )
    best = _candidate(index, "ac.md", unique, 1.0)
    features = list(best.features)
    features[SENTENCE_FEATURES.index("key_coverage")] = 0.0
    best = dataclasses.replace(best, features=tuple(features))
    naming = _candidate(index, "ac.md", shared, 1.0 - KEY_LEAD_MARGIN + 0.01)
    ranking = _Ranking([best, naming], 0.9)
    assert research._answers(ranking)
    assert research._lead(ranking) is naming
    far = dataclasses.replace(naming, score=1.0 - KEY_LEAD_MARGIN - 0.01)
    assert not research._answers(_Ranking([best, far], 0.9))


def test_questionnaire_wording_is_no_key_term() -> None:
    """CAIQ's "associated with changing assets", "to effectively adopt ...": rare in a
    corpus, so they were the key terms, and the page stating the practice was refused
    for not saying "associated". A word of the practice sharing a stem with none of them
    stays a key term ("application" is not "applicable")."""
    terms = tuple(content_terms("risk management associated with changing infrastructure"))
    stats = TermStats([{"risk"}, {"manag", "risk"}, {stem("changing")}, {"infrastructur"}])
    assert stem("associated") not in stats.rarest(terms)
    assert stem("adopt") in NOT_KEY and stem("associated") in NOT_KEY
    assert stem("effectiveness") not in NOT_KEY  # "the effectiveness of training" is asked
    assert stem("application") not in NOT_KEY and stem("factors") not in NOT_KEY
    # HECVAT's "well-documented" leaves "well", which a page stating it never says
    assert stem("well") in NOT_KEY


def test_a_permission_names_no_ask() -> None:
    """ "Do you permit customers to conduct their own penetration tests of your service?"
    was answered Yes from "Customer data must only be used ... as permitted by the
    Business Associate Agreement": the permission is the question's frame, the tests
    its ask."""
    terms = tuple(content_terms("permit customers to conduct their own penetration tests"))
    stats = TermStats([{"custom", "data"}, {"penetr", "test"}, {"permit", "custom"}, {"test"}])
    assert stem("permit") in NOT_KEY and stem("allowed") in NOT_KEY
    assert stem("permit") not in stats.rarest(terms)
    assert stem("penetration") in stats.rarest(terms)


def test_an_associated_subject_is_no_predicate_to_state(tmp_path: Path) -> None:
    """ "Are risk management policies and procedures associated with changing assets
    ...?": "associated" joins the subject to what it is about; no sentence need state
    it ("no close sentence states 'associated'" refused the answer)."""
    engine, _ = _engine(tmp_path, {"c.md": "# Change\n\nChanges are risk assessed.\n"})
    question = (
        "Are risk management policies and procedures associated with changing organizational "
        "assets established, documented, approved, communicated, applied, evaluated and "
        "maintained?"
    )
    ask = _Research(engine, make_brief(Question("Q1", question))).ask
    assert stem("associated") not in ask.predicate


def test_obtained_is_no_predicate_a_sentence_must_state(tmp_path: Path) -> None:
    """ "Is a certificate of destruction obtained when media is destroyed by a third
    party?": "The vendor shall provide a certificate of destruction" states it from the
    other side, and was refused for not saying "obtained"."""
    engine, _ = _engine(tmp_path, {"m.md": "# Media\n\nMedia are shredded.\n"})
    question = "Is a certificate of destruction obtained when media is destroyed by a third party?"
    ask = _Research(engine, make_brief(Question("Q1", question))).ask
    assert stem("obtained") not in ask.predicate


def test_a_technology_named_with_a_number_is_no_control_identifier(tmp_path: Path) -> None:
    """A meeting note's "Proposal: FIDO2 keys for all engineers" answered whether
    employees use FIDO2 keys, below the threshold, because it named "FIDO2" as a
    control identifier is named; "AC-2(3)" still is one."""
    note = "Proposal: FIDO2 keys for all engineers, to be discussed."
    control = "AC-2(3) Inactive accounts are disabled after 35 days."
    engine, index = _engine(
        tmp_path, {"note.md": f"# Meeting note\n\n{note}\n", "ac.md": f"# Access\n\n{control}\n"}
    )
    keys = "Do employees use hardware security keys (e.g. FIDO2/U2F) as their second factor?"
    research = _Research(engine, make_brief(Question("Q1", keys)))
    assert not research._names_identifiers(_candidate(index, "note.md", note, 1.0))
    accounts = _Research(
        engine, make_brief(Question("Q2", "AC-2(3): Are inactive accounts disabled?"))
    )
    assert accounts._names_identifiers(_candidate(index, "ac.md", control, 1.0))


def test_a_change_event_the_lead_states_meets_the_demand(tmp_path: Path) -> None:
    """ "Are all relevant organizational policies ... reviewed at least annually or when a
    substantial organizational change occurs?": the answer quoted "reviewed at least
    annually and whenever a substantial change occurs in the organization" and said the
    documents did not establish the change event. A lead stating no change event leaves
    it missing."""
    stated = (
        "Policies are reviewed at least annually and whenever a substantial change occurs "
        "in the organization."
    )
    silent = "Policies are reviewed at least annually by their owners."
    engine, index = _engine(
        tmp_path, {"a.md": f"# Governance\n\n{stated}\n", "b.md": f"# Policy review\n\n{silent}\n"}
    )
    question = (
        "Are all relevant organizational policies and associated procedures reviewed at least "
        "annually or when a substantial organizational change occurs?"
    )
    research = _Research(engine, make_brief(Question("Q1", question)))
    lead = _candidate(index, "a.md", stated, 1.0)
    _, missing = research._supports(_Ranking([lead], 0.9), lead)
    assert not any("change" in m.part for m in missing)
    other = _candidate(index, "b.md", silent, 1.0)
    _, missing = research._supports(_Ranking([other], 0.9), other)
    assert any("change" in m.part for m in missing)


def test_the_kind_of_place_asked_is_no_key_term() -> None:
    """ "Where is customer data hosted (countries/regions)?": "hosted exclusively in AWS
    data centres in Frankfurt" names the place, not the word; it was refused for
    lacking "countries" and "regions"."""
    assert {stem("countries"), stem("regions"), stem("location")} <= NOT_KEY
    assert stem("physical") not in NOT_KEY  # physical security is a practice


def test_a_table_row_names_its_subject_in_its_headers_and_headings(tmp_path: Path) -> None:
    """ "| AWS production accounts | Quarterly | System owner |" under "Access reviews"
    states how often user access is reviewed, though the row's own cells name neither;
    a risk assessment's "annually" (assessing is reviewing) had led instead."""
    table = (
        "## Access reviews\n\n| Systems | Review frequency | Reviewer |\n| --- | --- | --- |\n"
        "| AWS production accounts | Quarterly | System owner |\n"
    )
    engine, index = _engine(tmp_path, {"ac.md": f"# Access Control\n\n{table}"})
    research = _Research(engine, make_brief(Question("Q1", "How often is user access reviewed?")))
    row = _candidate(index, "ac.md", "| AWS production accounts | Quarterly | System owner |", 1.0)
    assert research._holds_value(research.brief.facts[0], row)


def test_a_passage_naming_the_control_asked_keeps_its_lead(tmp_path: Path) -> None:
    """A question citing a control ("AC-2(3): ...") is answered by the passage naming it,
    whatever the lead's key terms: the lead is not dropped for naming none."""
    text = "Accounts not used for 35 days are locked by Okta."
    engine, index = _engine(tmp_path, {"ac.md": f"# AC-2(3) Disable accounts\n\n{text}\n"})
    research = _Research(
        engine, make_brief(Question("Q1", "AC-2(3): Are inactive accounts disabled?"))
    )
    lead = _candidate(index, "ac.md", text, 1.0)
    features = list(lead.features)
    features[SENTENCE_FEATURES.index("key_coverage")] = 0.0
    lead = dataclasses.replace(lead, features=tuple(features))
    ranking = _Ranking([lead], 0.01)
    assert research._answers(ranking)
    assert research._lead(ranking) is lead


SUBJECTS = (
    "# Exercises\n\n"
    "A tabletop exercise of the business continuity plan is held every year.\n\n"
    "Red team exercises against the platform are run twice a year.\n"
)


def test_a_value_of_a_subject_of_many_words_needs_more_than_one_of_them(
    tmp_path: Path,
) -> None:
    """ "The frequency of red team exercises" was answered "every year" off a business
    continuity tabletop exercise: one word of three names no red team exercise."""
    engine, index = _engine(tmp_path, {"exercises.md": SUBJECTS})
    question = "Specify the frequency of red team exercises performed against the service."
    research = _Research(engine, make_brief(Question("Q", question)))
    line = "A tabletop exercise of the business continuity plan is held every year."
    tabletop = _candidate(index, "exercises.md", line, 1.0)
    assert research._lead(_Ranking([tabletop], 0.9)) is None
    line = "Red team exercises against the platform are run twice a year."
    red = _candidate(index, "exercises.md", line, 0.9)
    assert research._lead(_Ranking([tabletop, red], 0.9)) is red
    # a subject of one word ("backups containing ...": backups) is named by it
    brief = make_brief(Question("Q", "How often are exercises held?"))
    assert _Research(engine, brief)._lead(_Ranking([tabletop], 0.9)) is tabletop


POLICY = (
    "# Information Security Policy\n\n"
    "New starters acknowledge the Information Security Policy as part of onboarding.\n\n"
    "This policy is approved by the Executive Leadership Team, communicated to all "
    "personnel through the intranet, and owned by the Head of Information Security.\n"
)


def test_a_question_asking_approval_is_led_by_the_approval_line(tmp_path: Path) -> None:
    """SIG's "Is there an information security policy that has been approved by
    management, communicated ... and an owner ...?" was led by an onboarding line naming
    the policy; the line stating its approval, communication and owner came fifth."""
    engine, index = _engine(tmp_path, {"isp.md": POLICY})
    onboarding = _candidate(index, "isp.md", "New starters acknowledge the Information", 1.0)
    approval = _candidate(index, "isp.md", "This policy is approved by the Executive", 0.2)
    ranking = _Ranking([onboarding, approval], 0.9)
    question = (
        "Is there an information security policy that has been approved by management, "
        "communicated to appropriate constituents and an owner to maintain and review the "
        "policy?"
    )
    assert _Research(engine, make_brief(Question("Q", question)))._lead(ranking) is approval
    plain = "Is there an information security policy?"  # approval not asked
    assert _Research(engine, make_brief(Question("Q", plain)))._lead(ranking) is onboarding


@pytest.mark.parametrize(
    ("line", "states"),
    [
        ("This policy is approved by the Board.", True),
        (  # its owner named first
            "5.1 This policy is owned by the Chief Information Security Officer, approved by "
            "the Managing Director and communicated to all personnel.",
            True,
        ),
        ("This policy is owned by the CISO.", False),  # no approval
        ("Exceptions to this policy must be approved by the CISO.", False),
        (  # the owner's clause runs on to another approval
            "This policy is owned by the CISO and any exception to it must be approved by the "
            "Security Steering Group.",
            False,
        ),
        # a committee's review named before the approval; the approver named first
        (
            "This Policy has been reviewed by the Technology Risk Committee and approved by "
            "the Board of Directors.",
            True,
        ),
        ("3.1.1 The Management Board shall approve this policy and any change to it.", True),
        ("Managers must approve this policy exception.", False),
        ("The Board will approve this policy at its next meeting.", False),  # (review)
        ("The CISO must approve the policy exception before it is granted.", False),
    ],
)
def test_a_documents_own_approval_line_is_read_with_its_owner_first(
    line: str, states: bool
) -> None:
    """ "This policy is owned by the CISO, approved by the Managing Director and
    communicated ..." was not read as the policy's approval line, and the SIG question
    asking its approval, communication and owner was led by its scope line."""
    from dossier.research.offline import _OWN_APPROVAL

    assert (_OWN_APPROVAL.search(line) is not None) is states


def test_a_demand_on_documents_is_met_by_a_clause_about_documents(tmp_path: Path) -> None:
    """ "Are all policies ... reviewed at least annually ...?" was led by a roles table's
    "Steering Group | Approves policies, ... reviews ISMS performance each quarter": its
    quarter is the performance review's; the policies' own review line leads."""
    text = (
        "# Roles\n\n| Role | Duties |\n|---|---|\n| Security Forum | Approves policies, "
        "accepts risk, reviews security metrics each quarter |\n\n# Review\n\n"
        "All policies are reviewed at least annually and after any major change.\n"
    )
    engine, index = _engine(tmp_path, {"isms.md": text})
    duties = (
        "Security Forum | Approves policies, accepts risk, reviews security metrics each quarter"
    )
    row = _candidate(index, "isms.md", duties, 1.0)
    review = _candidate(index, "isms.md", "All policies are reviewed at least annually", 0.9)
    question = (
        "Are all relevant organizational policies and associated procedures reviewed at "
        "least annually, or when a substantial change occurs within the organization?"
    )
    research = _Research(engine, make_brief(Question("Q", question)))
    assert research._lead(_Ranking([row, review], 0.9)) is review
    from dossier.research.offline import _DOCUMENTS_ASKED

    for core, documents in (
        (make_brief(Question("Q", question)).core, True),
        ("systems hardened to industry standards and reviewed", False),
        ("all standards reviewed", True),
    ):
        assert (_DOCUMENTS_ASKED.match(core) is not None) is documents, core
    metrics = "Are security metrics reviewed at least annually?"  # not about documents
    research = _Research(engine, make_brief(Question("Q", metrics)))
    assert research._demand_stated_first([row, review]) is row


def test_the_organisations_own_practice_leads_a_row_about_its_vendors(tmp_path: Path) -> None:
    """ "Have you undergone a SSAE 18/SOC 2 audit?" was led by a vendor-tier table's row
    "High | ... | SOC 2 Type II report review" (the vendors' reports, read by the
    organisation) above "Acme undergoes an annual SOC 2 Type II examination"."""
    vendors = (
        "# Vendor Risk Management Policy\n\n## Risk tiering\n\n| Tier | Criteria | Assessment |"
        "\n|---|---|---|\n| High | Stores customer data | SOC 2 Type II report review |\n"
    )
    own = "# Information Security Policy\n\nAcme undergoes an annual SOC 2 Type II examination.\n"
    engine, index = _engine(tmp_path, {"vendors.md": vendors, "security.md": own})
    row = _candidate(index, "vendors.md", "High | Stores customer data | SOC 2 Type II", 1.0)
    audit = _candidate(index, "security.md", "Acme undergoes an annual SOC 2 Type II", 0.8)
    asked = _Research(engine, make_brief(Question("Q", "Have you undergone a SOC 2 audit?")))
    assert asked._own_practice_first([row, audit]) == [audit, row]
    far = dataclasses.replace(audit, score=1.0 - engine.scorer.support_margin - 0.01)
    assert asked._own_practice_first([row, far]) == [row, far]  # beyond the margin
    for of_vendors in (
        "Do you review the SOC 2 reports of your vendors?",
        "Is a SOC 2 report reviewed for a new vendor before onboarding?",
        "Is the vendor risk management policy reviewed by management?",
    ):
        research = _Research(engine, make_brief(Question("Q", of_vendors)))
        assert research._own_practice_first([row, audit]) == [row, audit]
    # naming more of the ask, a sentence about the vendors' reports does not take the lead
    # from the organisation's own audit
    reviewed = dataclasses.replace(
        row,
        features=tuple(
            1.0 if f == "coverage" else v
            for f, v in zip(SENTENCE_FEATURES, row.features, strict=True)
        ),
    )
    assert asked._key_terms_lead([dataclasses.replace(audit, score=1.0), reviewed]) is not reviewed
    for text, theirs in (
        ("Acme has not yet completed an independent third-party audit.", False),
        ("Third-party security reviews (HECVAT, SOC reports) | Security Office | 7 years", True),
    ):
        said = dataclasses.replace(audit, sentence=dataclasses.replace(audit.sentence, text=text))
        assert asked._about_third_parties(said) is theirs, text
    for of_us in (  # the vendor answering
        "Does your SOC 2 report cover the services provided to us as a vendor?",
        "Does Vendor have a SOC 2 report?",
    ):
        research = _Research(engine, make_brief(Question("Q", of_us)))
        assert research._own_practice_first([row, audit]) == [audit, row]


PLAN = (
    "# Incident Response Plan\n\n"
    "This plan describes how Acme detects, responds to, and recovers from security "
    "incidents.\n\nThis plan is exercised at least annually through a tabletop exercise.\n"
)


def test_a_question_whether_a_plan_exists_is_led_by_the_plans_statement_of_purpose(
    tmp_path: Path,
) -> None:
    """ "Do you have a formal incident response plan?" was led by "This plan is exercised
    at least annually", a line about the plan's testing, above the plan's own statement
    of what it is for."""
    engine, index = _engine(tmp_path, {"irp.md": PLAN})
    exercised = _candidate(index, "irp.md", "This plan is exercised at least annually", 1.0)
    purpose = _candidate(index, "irp.md", "This plan describes how Acme detects", 0.0)
    question = "Do you have a formal incident response plan?"
    research = _Research(engine, make_brief(Question("Q", question)))
    assert research._lead(_Ranking([exercised, purpose], 0.9)) is purpose
    margin = engine.scorer.support_margin
    far = dataclasses.replace(purpose, score=1.0 - 2 * margin - 0.01)  # beyond two margins
    assert research._lead(_Ranking([exercised, far], 0.9)) is exercised
    asked = "How often is the incident response plan exercised?"  # not whether it exists
    assert (
        _Research(engine, make_brief(Question("Q", asked)))._lead(
            _Ranking([exercised, purpose], 0.9)
        )
        is not purpose
    )


def test_a_statement_of_purpose_leads_only_when_it_names_the_ask_and_none_says_it_is_kept(
    tmp_path: Path,
) -> None:
    """A policy's "This policy sets out how Acme protects ..." led an information
    governance programme's sponsorship and, naming none of it, left the answer Not
    covered; a procedure's purpose led above "Acme maintains a documented third-party
    risk management program"."""
    text = (
        "# Vendor Management\n\nAcme maintains a documented third-party risk management "
        "program covering selection and oversight.\n\nThis procedure sets out how Acme "
        "selects, assesses and monitors its vendors.\n\nThis policy sets out how Acme "
        "protects information.\n"
    )
    engine, index = _engine(tmp_path, {"tprm.md": text})
    kept = _candidate(
        index, "tprm.md", "Acme maintains a documented third-party risk management program", 1.0
    )
    purpose = _candidate(index, "tprm.md", "This procedure sets out how Acme selects", 0.5)
    question = "Is there a documented third party risk management program in place?"
    research = _Research(engine, make_brief(Question("Q", question)))
    assert research._purpose_stated_first([kept, purpose]) is None
    assert research._purpose_stated_first([purpose, kept]) is purpose
    unnamed = _candidate(index, "tprm.md", "This policy sets out how Acme protects", 0.9)
    unnamed = dataclasses.replace(unnamed, features=(0.0,) * len(SENTENCE_FEATURES))
    governance = "Is there an information governance program sponsored by leadership?"
    research = _Research(engine, make_brief(Question("Q", governance)))
    assert research._purpose_stated_first([unnamed]) is None  # it names no key term
    for asked in (  # its approval or owner asked, a value, or what it includes: those lead
        "Is there a third party risk management program that includes fourth parties?",
        "Is there a third party risk management program approved by management?",
        "Is there a third party risk management program? If so, how often are vendors assessed?",
    ):
        research = _Research(engine, make_brief(Question("Q", asked)))
        assert research._purpose_stated_first([purpose, kept]) is None


@pytest.mark.parametrize(
    "line",
    [
        "Exceptions to this policy must be approved by the CISO.",  # another's approval
        "This policy will be approved by the Board at its next meeting.",  # not yet
    ],
)
def test_an_approval_not_of_the_document_or_not_given_leads_nothing(
    tmp_path: Path, line: str
) -> None:
    text = f"# Information Security Policy\n\nNew starters acknowledge the policy.\n\n{line}\n"
    engine, index = _engine(tmp_path, {"isp.md": text})
    onboarding = _candidate(index, "isp.md", "New starters acknowledge the policy.", 1.0)
    other = _candidate(index, "isp.md", line, 0.8)
    question = "Is there an information security policy that has been approved by management?"
    research = _Research(engine, make_brief(Question("Q", question)))
    assert research._lead(_Ranking([onboarding, other], 0.9)) is onboarding


ACCESS_POLICY = (
    "# Access Control Policy\n\n## 2. Review\n\n"
    "The policy owner shall review this policy at least annually.\n\n"
    "## 5. Access reviews\n\n"
    "Access rights to production systems shall be reviewed on a quarterly basis.\n\n"
    "Access granted under the access control policy is reviewed by managers.\n"
)


def test_a_question_whether_a_policy_is_reviewed_is_led_by_its_own_review(
    tmp_path: Path,
) -> None:
    """ "Is the access control policy reviewed at least annually?" was led by access
    rights reviewed quarterly; the policy's own review line came fifth."""
    engine, index = _engine(tmp_path, {"access.md": ACCESS_POLICY})
    rights = _candidate(index, "access.md", "Access rights to production systems", 1.0)
    own = _candidate(index, "access.md", "The policy owner shall review this policy", 0.3)
    ranking = _Ranking([rights, own], 0.9)
    question = "Is the access control policy reviewed at least annually?"
    assert _Research(engine, make_brief(Question("Q", question)))._lead(ranking) is own
    rights_asked = "Are access rights reviewed at least annually?"
    assert _Research(engine, make_brief(Question("Q", rights_asked)))._lead(ranking) is rights
    two_years = ACCESS_POLICY.replace("at least annually", "every two years")
    engine2, index2 = _engine(tmp_path / "two", {"access.md": two_years})
    rights2 = _candidate(index2, "access.md", "Access rights to production systems", 1.0)
    own2 = _candidate(index2, "access.md", "The policy owner shall review this policy", 0.3)
    research2 = _Research(engine2, make_brief(Question("Q", question)))
    assert research2._lead(_Ranking([rights2, own2], 0.9)) is own2  # not the quarterly rights
    under = _candidate(index, "access.md", "Access granted under the access control", 0.3)
    unranked = _Ranking([rights, under], 0.9)  # the policy named, no review of it
    assert _Research(engine, make_brief(Question("Q", question)))._lead(unranked) is rights


TIERS = (
    "# Third-Party Risk Management Procedure\n\n## 1. Tiering\n\n"
    "| Tier | Definition | Review |\n| --- | --- | --- |\n"
    "| Medium | No sensitive data, business-important | Every 2 years |\n\n"
    "Data owners classify the data each vendor will hold.\n\n## 2. Related\n\n"
    "| Document | Version | Owner |\n| --- | --- | --- |\n"
    "| Data Classification Policy | 2.1 | CISO |\n"
)


def test_a_policy_asked_of_is_not_led_by_a_row_of_another_documents_table(
    tmp_path: Path,
) -> None:
    """ "Are data classification policies and procedures established ...?" was led by a
    vendor-tier row naming "data" (the only classification policy was a draft)."""
    engine, index = _engine(tmp_path, {"tprm.md": TIERS})
    row = _candidate(index, "tprm.md", "| Medium | No sensitive data, business-important |", 1.0)
    line = _candidate(index, "tprm.md", "Data owners classify the data each vendor", 0.5)
    question = (
        "Are data classification policies and procedures established, documented, "
        "approved, communicated, applied, evaluated, and maintained?"
    )
    research = _Research(engine, make_brief(Question("Q", question)))
    assert research._lead(_Ranking([row], 0.9)) is None
    assert research._lead(_Ranking([row, line], 0.9)) is line
    # a question asking no document is answered by the row as before
    plain = make_brief(Question("Q", "Is sensitive data handled by medium-tier vendors?"))
    assert _Research(engine, plain)._lead(_Ranking([row], 0.9)) is row
    # a row naming the policy asked (a register's) may lead; another naming its words
    # (the real scorer reads "sensitive" as classification) does not
    register = _candidate(index, "tprm.md", "| Data Classification Policy | 2.1 | CISO |", 1.0)
    register = dataclasses.replace(register, features=_with(register.features, coverage=0.8))
    assert research._lead(_Ranking([register], 0.9)) is register
    covered = dataclasses.replace(row, features=_with(row.features, coverage=0.8))
    assert research._lead(_Ranking([covered], 0.9)) is None


def _with(features: tuple[float, ...], **values: float) -> tuple[float, ...]:
    changed = list(features)
    for name, value in values.items():
        changed[SENTENCE_FEATURES.index(name)] = value
    return tuple(changed)


def test_a_programme_and_a_clause_of_occurrence_are_no_key_terms() -> None:
    """ "Is an approved exception process mandated by the governance program ... whenever
    a deviation from an established policy occurs?": "program", "whenever" and "occurs"
    were three of the ask's rarest words, and "Exceptions to any security policy must be
    approved by the CISO" was refused for naming none of them."""
    for word in ("program", "programme", "regardless", "whenever", "occurs"):
        assert stem(word) in NOT_KEY, word
    assert stem("exception") not in NOT_KEY and stem("deviation") not in NOT_KEY


def test_not_covered_says_when_passages_of_documents_not_in_force_ranked_first(
    tmp_path: Path,
) -> None:
    """The only sentence stating the deadline is in a plan whose status reads as a draft:
    "not covered" must say it means not by a document in force, naming the documents set
    aside (it named only the closest current passage, another standard's)."""
    documents = {
        "ir-plan.md": "---\nstatus: In review\n---\n# Incident Response Plan\n\n"
        "Affected customers are notified of a confirmed breach within 48 hours.\n",
        "retention.md": "# Data Retention Standard\n\n"
        "Customer data is deleted within 60 days after the contract ends.\n",
    }
    engine, _ = _engine(tmp_path, documents)
    question = "Within what timeframe are affected customers notified of a confirmed breach?"
    evidence = _Research(engine, make_brief(Question("Q1", question))).run()
    assert not evidence.selections
    (missing,) = evidence.missing_facts
    assert "documents not in force (Incident Response Plan (draft))" in missing.text
    assert [d.document for d in evidence.discarded] == ["ir-plan.md"]


def test_a_plan_is_named_by_what_sets_it_apart(tmp_path: Path) -> None:
    """ "Is the disaster response plan exercised annually ...?" was led by "The Incident
    Response Plan is tested at least annually" (it says "response"), with the disaster
    recovery plan's sentence second: a plan's subject is the word that says which plan,
    and a sentence naming another plan leads nothing while one names the plan asked."""
    question = "Is the disaster response plan exercised annually?"
    brief = make_brief(Question("Q1", question))
    disaster, response = stem("disaster"), stem("response")
    # the phrase's last word or the word that says which plan names it
    assert _subject_heads(brief) == ((disaster, response), (disaster,))
    documents = {
        "bcdr.md": "# Continuity\n\nThe disaster recovery plan is tested twice a year with a "
        "failover exercise.\n",
        "irp.md": "# Incidents\n\nThe Incident Response Plan is tested at least annually "
        "through a tabletop exercise.\n",
    }
    engine, index = _engine(tmp_path, documents)
    research = _Research(engine, brief)
    other = _candidate(index, "irp.md", "The Incident Response Plan is tested at least", 1.0)
    own = _candidate(index, "bcdr.md", "The disaster recovery plan is tested twice a year", 0.5)
    assert research._of_the_plan_asked([other, own]) == [own]
    assert research._of_the_plan_asked([other]) == [other]  # none names it: all stay


def test_a_document_asked_for_that_exists_only_as_a_draft_is_not_found_elsewhere(
    tmp_path: Path,
) -> None:
    """A hospital's only medical device security policy was a draft (set aside), and
    "Is there a medical device security policy ...?" was answered Yes from the patch
    policy's "Networked medical devices are patched ...": a document asked for that is
    titled so only where not in force leads nothing elsewhere unless that passage's own
    title or headings name it."""
    documents = {
        "draft.md": "---\nstatus: draft\n---\n# Medical Device Security Policy\n\nThis draft "
        "policy will set security requirements for networked medical devices.\n",
        "patch.md": "# Patch Management Policy\n\n## Exceptions\n\nNetworked medical devices are "
        "patched only after the manufacturer has validated the patch.\n",
        "devices.md": "# Clinical Systems Standard\n\n## Medical Device Security\n\nNetworked "
        "medical devices are segmented on their own VLAN.\n",
    }
    engine, index = _engine(tmp_path, documents)
    question = "Is there a medical device security policy that has been approved by management?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    patched = _candidate(index, "patch.md", "Networked medical devices are patched", 1.0)
    assert research._asked_document_not_in_force(patched) == (
        "Medical Device Security Policy (draft)"
    )
    # a section headed with all of it, in force, stands
    section = _candidate(index, "devices.md", "Networked medical devices are segmented", 1.0)
    assert research._asked_document_not_in_force(section) == ""
    # a sentence naming it itself stands
    documents["manual.md"] = (
        "# Clinical Engineering Manual\n\nOur medical device security policy is approved by "
        "the Board.\n"
    )
    engine, index = _engine(tmp_path / "a", documents)
    research = _Research(engine, make_brief(Question("Q1", question)))
    said = _candidate(index, "manual.md", "Our medical device security policy is approved", 1.0)
    assert research._asked_document_not_in_force(said) == ""
    # with a document in force titled so, nothing is set aside
    documents["policy.md"] = "# Medical Device Security Policy\n\nDevices are inventoried.\n"
    engine, index = _engine(tmp_path / "b", documents)
    research = _Research(engine, make_brief(Question("Q1", question)))
    patched = _candidate(index, "patch.md", "Networked medical devices are patched", 1.0)
    assert research._asked_document_not_in_force(patched) == ""


def test_granted_says_no_more_than_that_access_is_given() -> None:
    """ "Is standing (always-on) remote access ... granted to third-party suppliers?" found
    no close sentence stating "granted" beside "Suppliers are not given standing remote
    access": like "given" and "provided", "granted" says only that it is done."""
    from dossier.research.offline import _predicate

    question = "Is standing remote access to organizational systems granted to suppliers?"
    assert stem("granted") not in _predicate(make_brief(Question("Q1", question)))


def test_the_security_aims_named_as_one_phrase_name_no_practice() -> None:
    """A clean-desk question ("... requiring unattended workspaces to conceal confidential
    data ...") was answered Yes by a policy's purpose: "... protects the confidentiality,
    integrity and availability of that information"."""
    from dossier.research.candidates import practice_terms

    purpose = (
        "This policy sets out how Acme protects the confidentiality, integrity and "
        "availability of data."
    )
    assert stem("confidential") not in practice_terms(purpose)
    assert stem("availability") not in practice_terms(purpose)
    agreement = "All staff sign a confidentiality agreement; integrity checks run nightly."
    assert stem("confidentiality") in practice_terms(agreement)
    assert stem("integrity") in practice_terms(agreement)


TRAINING = (
    "# Security Awareness Training Policy\n\n"
    "2.1 Northfold maintains a security awareness training program for all employees, which "
    "is approved by the steering committee.\n\n"
    "2.2 New employees complete security awareness training within 30 days of hire.\n"
)


def test_a_sentence_of_all_the_people_asked_leads_one_of_some_of_them(tmp_path: Path) -> None:
    """ "Is a security awareness training program for all employees ... established ...?"
    was led by "2.2 New employees complete security awareness training ..." (a person had
    to decide whether it answers for all); the program's own sentence for all employees,
    close behind, leads. Beyond ``KEY_LEAD_MARGIN`` the better-scored one still leads."""
    engine, index = _engine(tmp_path, {"training.md": TRAINING})
    question = (
        "Is a security awareness training program for all employees of the organization "
        "established, documented, approved, communicated, applied, evaluated and maintained?"
    )
    research = _Research(engine, make_brief(Question("Q1", question)))
    new = _candidate(
        index,
        "training.md",
        "2.2 New employees complete security awareness training within 30 days of hire.",
        1.0,
    )
    whole = _candidate(
        index,
        "training.md",
        "2.1 Northfold maintains a security awareness training program for all employees, "
        "which is approved by the steering committee.",
        0.6,
    )
    assert research._lead(_Ranking([new, whole], 0.9)) is whole
    far = dataclasses.replace(whole, score=1.0 - KEY_LEAD_MARGIN - 0.1)
    assert research._lead(_Ranking([new, far], 0.9)) is new


def test_assigned_says_no_more_than_that_an_owner_is_named() -> None:
    """ "Is an owner assigned who is responsible for the maintenance and review of the
    Disaster Recovery Plan?" went Not covered ("no close sentence states 'assigned'")
    beside "The Director of Infrastructure Services is the owner of the IT Disaster
    Recovery Plan and is responsible for its maintenance and annual review"."""
    from dossier.research.offline import _predicate

    question = (
        "Is an owner assigned who is responsible for the maintenance and review of the "
        "Disaster Recovery Plan?"
    )
    assert stem("assigned") not in _predicate(make_brief(Question("Q1", question)))
    audit = "Have you undergone an independent security audit?"
    assert stem("undergone") not in _predicate(make_brief(Question("Q1", audit)))


def test_questionnaire_wording_is_never_a_key_term() -> None:
    """CAIQ's "all relevant interoperable endpoints" names no practice a page would state,
    nor "rotated based on a cryptoperiod" nor "timeframes ... based on criticality" (the
    rarest word of two asks, which no sentence stating the period says)."""
    assert stem("interoperable") in NOT_KEY
    assert stem("based") in NOT_KEY


@pytest.mark.parametrize(
    ("text", "points"),
    [
        ("Audit log retention is defined in the Logging & Monitoring Standard.", True),
        ("Recovery objectives\nare defined in business-continuity.md.", True),
        ("i. Recovery time and data loss limits are defined in Table 3.", True),
        (
            "Security requirements are defined in the Secure Development Policy (reference (d)).",
            True,
        ),
        ("Backup procedures are documented in the Backup Runbook and tested monthly.", False),
        ("Audit logs are retained for 13 months as defined in the Logging Standard.", False),
        ("All steps taken must be documented in the incident log, and must contain:", False),
        # a sentence sending the reader to a table for its values
        ("Workforce passwords must meet the parameters in the table below.", True),
        ("6.2 Keys are rotated according to the cryptoperiods in Table 2.", True),
        ("Access reviews are performed on the following schedule; results are kept.", True),
        ("4.1 Access rights are reviewed by system owners at the intervals below.", True),
        # ... but one stating its value itself states
        ("Passwords are at least 12 characters long, as set out in Table 2.", False),
        ("Backups are taken daily, as shown in the table below.", False),
        ("MFA is required for all remote access, as set out in Table 2.", False),
    ],
)
def test_a_sentence_only_saying_where_a_practice_is_written_points_elsewhere(
    text: str, points: bool
) -> None:
    assert points_to_another_place(text) is points


def test_a_sentence_pointing_to_another_document_does_not_lead_a_statement_within_the_margin() -> (
    None
):
    """ "Audit log retention is defined in the Logging Standard." tells where to read; the
    statement scoring within the margin leads. Beyond the margin, the order stands."""
    pointer = _scored("Audit log retention is defined in the Logging & Monitoring Standard.", 1.0)
    stated = _scored("Audit logs are kept in a dedicated archive account for 13 months.", 0.2)
    assert _statements_first([pointer, stated], margin=1.5) == [stated]
    assert _statements_first([pointer, stated], margin=0.5) == [pointer, stated]


@pytest.mark.parametrize(
    ("text", "defers"),
    [
        ("8.3 Logs are retained in accordance with the Records Retention Schedule (RS-001).", True),
        ("Access is reviewed per the schedule in Table 2.", True),
        ("Backups are kept as set out in section 4.", True),
        (
            "Logs are retained for 13 months in accordance with the Records Retention Schedule.",
            False,
        ),
        ("Backups are taken according to need.", False),  # no document named
        # a value stated, in words or in the place's brackets
        ("Logs are retained for one year in accordance with the Retention Policy.", False),
        ("Logs are retained in accordance with the Retention Schedule (13 months).", False),
    ],
)
def test_a_sentence_leaving_its_values_to_a_named_document_defers_them(
    text: str, defers: bool
) -> None:
    assert defers_to_document(text) is defers


def test_a_further_part_asking_a_value_sets_a_deferring_sentence_aside_in_the_lead(
    tmp_path: Path,
) -> None:
    text = (
        "# Logging\n\nLogs are retained in accordance with the Records Retention Schedule.\n\n"
        "Security event and audit logs are kept for 13 months.\n"
    )
    engine, index = _engine(tmp_path, {"logging.md": text})
    deferring = _candidate(
        index,
        "logging.md",
        "Logs are retained in accordance with the Records Retention Schedule.",
        1.0,
    )
    kept = _candidate(
        index, "logging.md", "Security event and audit logs are kept for 13 months.", 0.9
    )
    ranking = _Ranking([deferring, kept], 0.9)
    asked = "Are audit logs retained for a defined period? If yes, what is the retention period?"
    assert _Research(engine, make_brief(Question("Q", asked)))._lead(ranking) is kept
    plain = "Are audit logs retained for a defined period?"
    assert _Research(engine, make_brief(Question("Q", plain)))._lead(ranking) is deferring


def test_a_sentence_deferring_to_a_document_does_not_lead_when_a_value_is_asked() -> None:
    """ "Are logs retained for a defined period? If yes, what is the retention period?" was
    led by "Logs are retained in accordance with the Records Retention Schedule", the
    schedule's row naming 13 months second. A yes/no question alone keeps the order."""
    deferring = _scored("Logs are retained in accordance with the Records Retention Schedule.", 1.0)
    row = _scored("2.1 Security event and audit logs 13 months Automatic purge", 0.2)
    assert _statements_first([deferring, row], margin=1.5, values_asked=True) == [row]
    assert _statements_first([deferring, row], margin=1.5) == [deferring, row]


def test_only_a_short_line_repeating_the_title_is_dropped_not_a_sentence_made_title() -> None:
    names = {"incident response plan", "customer data is encrypted at rest using aes-256."}
    assert _repeats_title("Incident Response Plan", names)
    assert not _repeats_title("Customer data is encrypted at rest using AES-256.", names)


def test_questionnaire_wording_names_no_subject_a_sentence_must_name() -> None:
    """ "Are all relevant interoperable devices configured to require an automatic lock
    screen?": "interoperable" is CAIQ's wording; no sentence need name it."""
    question = (
        "Are all relevant interoperable devices configured to require an automatic lock screen?"
    )
    assert _subject_heads(make_brief(Question("Q", question))) == ()


def test_a_part_worded_as_a_question_is_reported_as_one() -> None:
    """ "The documents do not establish: are all employees required to complete it ..."
    read as a broken sentence; a part asked as a question is quoted as one."""
    brief = make_brief(
        Question(
            "Q",
            "Is there a security awareness training program, and are all employees required "
            "to complete it upon hire and at least annually thereafter?",
        )
    )
    missing = _missing_part(brief.facts[1])
    assert missing.text == (
        "The documents do not answer this part: “Are all employees required to complete it "
        "upon hire and at least annually thereafter?”"
    )
    stated = make_brief(Question("Q", "Encryption of backups at rest."))
    assert _missing_part(stated.facts[0]).text == (
        "The documents do not establish: Encryption of backups at rest"
    )


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ("1. PURPOSE", True),
        ("2.3 Access Reviews", True),
        ("ROLES", True),
        ("1.1 This Incident Response Plan defines how DoIT detects incidents.", False),
        ("Retention: 7 years", False),
        ("Access is reviewed quarterly", False),
        ("4.1 Passwords | 12", False),
        ("1. PURPOSE\n\n1.1 This plan defines how incidents are handled.", False),
        # a long run of capitals is read at once (no backtracking without end)
        ("2 PASSWORD_MINIMUM_LENGTH_FOR_PRIVILEGED_SERVICE_ACCOUNTS_AND_ADMINISTRATORS=14", False),
        ("1 " + "A" * 80 + ".", False),
    ],
)
def test_a_passage_that_is_only_a_headings_line_is_recognised(text: str, heading: bool) -> None:
    """A plain-text plan's "1. PURPOSE", "2. ROLES" and "5. EVIDENCE" lines, each a passage
    of its own, filled the passages considered (the title's words made them match), and
    "1.1 This Incident Response Plan defines how ..." was never a candidate for a formal
    incident response plan."""
    assert heading_line(text) is heading


def test_heading_lines_take_no_place_among_the_passages_considered(tmp_path: Path) -> None:
    """The passages research reads are the clauses, not the section lines between them."""
    names = "PURPOSE SCOPE ROLES DETECTION TRIAGE CONTAINMENT ERADICATION RECOVERY".split()
    names += "NOTIFICATION EVIDENCE TESTING REVIEW RECORDS TRAINING".split()
    sections = "\n\n".join(
        f"{n}. {name}\n\n{n}.1 Incident response step {n} is followed by the team."
        for n, name in enumerate(names, start=1)
    )
    plan = "INCIDENT RESPONSE PLAN\n\n" + sections + "\n"
    engine, index = _engine(tmp_path, {"plan.txt": plan})
    research = _Research(engine, make_brief(Question("Q1", "Is there an incident response plan?")))
    for query in research.queries():
        research.search(query)
    considered = [index.chunk(c).text for c in research.passages()]
    assert considered, "the plan's clauses are found"
    assert not [text for text in considered if heading_line(text)]
    assert all("Incident response step" in text for text in considered)


@pytest.mark.parametrize(
    ("question", "searched", "unsearched"),
    [
        (  # SIG's approval, owner and review: the policy's approval line is what leads
            "Is there an information security policy that has been approved by management, "
            "communicated to appropriate constituents and an owner to maintain and review the "
            "policy?",
            {"approved", "owner", "review"},
            set(),
        ),
        (  # CAIQ's closing list of participles asks no approval line of its own
            "Are access control policies and procedures established, documented, approved, "
            "communicated, applied, evaluated and maintained?",
            set(),
            {"approved"},
        ),
        (  # ... but a list ending "approved by management" does
            "Is there an access control policy established, documented and approved by management?",
            {"approved"},
            set(),
        ),
        (  # a programme is no document with an approval line: a cover page's "Document
            # owner ... Approved" of another document answered a hard negative
            "Is there a physical security program that has been approved by management, "
            "communicated to appropriate constituents and an owner to maintain and review the "
            "program?",
            set(),
            {"approved", "owner"},
        ),
        (  # a follow-up asking it of the document
            "Do you have an information security policy? If so, is it approved by management?",
            {"approved"},
            set(),
        ),
        (  # another sentence's approval is the changes', not the procedure's
            "Do you have a change management procedure? Are changes approved before deployment?",
            set(),
            {"approved"},
        ),
    ],
)
def test_a_documents_approval_asked_is_searched_with_the_core_ask(
    question: str, searched: set[str], unsearched: set[str]
) -> None:
    """The core alone ("information security policy") found twelve passages of the policy,
    none of them its approval clause, and the answer quoted a disciplinary line."""
    query = first_queries(make_brief(Question("Q", question)), ())[0].lower().split()
    assert searched <= set(query) and not unsearched & set(query)
    assert len(query) == len(set(query))  # no word twice


def test_of_sentences_naming_the_key_terms_alike_the_one_naming_more_of_the_ask_leads() -> None:
    """ "Have you designated a HIPAA Security Officer?" was led by "... is the designated
    HIPAA Privacy Officer" (both name the key terms; "security" is too common to be one)
    above "... is the designated HIPAA Security Officer"; beyond the margin the order
    stands."""

    def scored(text: str, score: float, key: float, coverage: float) -> Candidate:
        features = [0.0] * len(SENTENCE_FEATURES)
        features[SENTENCE_FEATURES.index("key_coverage")] = key
        features[SENTENCE_FEATURES.index("coverage")] = coverage
        return dataclasses.replace(_scored(text, score), features=tuple(features))

    privacy = scored("Priya is the designated HIPAA Privacy Officer.", 1.0, 1.0, 0.75)
    security = scored("Maya is the designated HIPAA Security Officer.", 0.9, 1.0, 1.0)
    assert _key_terms_first([privacy, security]) is security
    far = dataclasses.replace(security, score=1.0 - KEY_LEAD_MARGIN - 0.01)
    assert _key_terms_first([privacy, far]) is privacy
    fewer_keys = scored("Maya is the security lead.", 0.9, 0.5, 1.0)  # key terms count first
    assert _key_terms_first([privacy, fewer_keys]) is privacy


def test_a_sentence_taking_back_its_value_is_no_candidate_for_a_value(tmp_path: Path) -> None:
    """An FAQ's note that "earlier versions ... quoted a recovery time objective of 24
    hours; that figure has been superseded" was quoted as the RTO. It may still answer
    whether the figure changed (a question asking no value)."""
    corpus = ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in {
            "faq.md": "# FAQ\n\nNote: earlier versions of this FAQ quoted a recovery time "
            "objective of 24 hours; that figure has been superseded.\n\n"
            "The recovery time objective of the hosted service is 8 hours.\n",
        }.items()
    )
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    scorer = CandidateScorer(index, {"faq.md": "FAQ"}, load_scorer())
    passages = [c.chunk_id for c in corpus.chunks]
    asked = "What is the recovery time objective?"
    valued = {c.sentence.text for c in scorer.rank(_asking(index, asked, "duration"), passages)}
    plain = {c.sentence.text for c in scorer.rank(_asking(index, asked), passages)}
    withdrawn = next(s for s in plain if "superseded" in s)
    assert withdrawn not in valued
    assert "The recovery time objective of the hosted service is 8 hours." in valued


@pytest.mark.parametrize("filler", ["potentially", "corresponding", "strong", "structured"])
def test_a_word_qualifying_the_ask_is_never_one_of_its_key_terms(filler: str) -> None:
    """ "traffic that potentially carries sensitive information", "security events and
    their corresponding metrics", "a strong security program": the rare qualifier was
    chosen as a key term a sentence stating the practice has no reason to name."""
    assert stem(filler) in NOT_KEY
    stats = TermStats([{"alert", "event"}, {"alert"}, {"event"}, {"log"}])
    assert stem(filler) not in stats.rarest(["alert", "event", stem(filler)])


def test_a_control_block_answers_only_of_its_own_document(tmp_path: Path) -> None:
    """An Access Control Standard's fields ("Owner: ...", "Approver: ...", "Parent policy:
    Information Security Policy") led the answer to whether an information security
    policy is approved and owned: they say who approved the standard. The policy's own
    block may answer; no block answers a question not asking about approval."""
    documents = {
        "access-control.txt": "Access Control Standard\n\nTitle: Access Control Standard\n"
        "Document ID: SEC-STD-004\nVersion: 3.2\nOwner: Priya Raman, Director of Security\n"
        "Approver: Dana Whitfield, CTO\nApproved: February 11, 2026\n"
        "Parent policy: Information Security Policy (LL-POL-001)\n\n"
        "Access to production is reviewed quarterly by system owners.\n",
        "isp.txt": "Information Security Policy\n\nDocument ID: LL-POL-001\nVersion: 4.0\n"
        "Owner: Director of Security\nApproved by: Board of Directors\n"
        "Next review: March 2027\n\nThe information security program protects customer data.\n",
    }
    scorer, passages, index = _scorer(tmp_path, documents)
    asked = _asking(index, "Is there an information security policy approved by management?")
    approval = dataclasses.replace(asked, wants_control=True)
    documents_quoted = {
        c.sentence.document
        for c in scorer.rank(approval, passages)
        if "Version:" in c.sentence.text
    }
    assert documents_quoted == {"isp.txt"}
    assert not any("Version:" in c.sentence.text for c in scorer.rank(asked, passages))


LOG_TABLE = {
    "logging.md": "# Logging standard\n\nLogs are retained as set out in the table below.\n\n"
    "| Log type | Retention period |\n|---|---|\n| Security event logs (SIEM) | 12 months |\n"
    "| Customer portal audit trail | 24 months |\n",
}


def test_a_further_parts_value_is_taken_from_the_row_naming_what_it_is_asked_of(
    tmp_path: Path,
) -> None:
    """ "Are security event logs retained? If so, what is the retention period?" was
    answered 24 months from the portal audit trail's row (an audit trail is a log too),
    ranked above the security event logs' row."""
    engine, index = _engine(tmp_path, LOG_TABLE)
    brief = make_brief(
        Question("Q", "Are security event logs retained? If so, what is the retention period?")
    )
    research = _Research(engine, brief)
    portal = _candidate(index, "logging.md", "Customer portal audit trail | 24 months", 1.0)
    siem = _candidate(index, "logging.md", "Security event logs (SIEM) | 12 months", 0.9)
    part, asked_of = brief.facts[1], brief.facts[0]
    assert part.asks == "duration"
    read = {c.sentence.text: research._row_read(c) for c in (portal, siem)}
    pairs = [(c, read[c.sentence.text]) for c in (portal, siem)]
    assert _most_of_subject(pairs, asked_of) is siem
    assert _most_of_subject(pairs[:1], asked_of) is portal
    assert _most_of_subject([], asked_of) is None


RTO_TABLE = {
    "continuity.md": "# Continuity policy\n\nRecovery time objectives (RTO) and recovery point "
    "objectives (RPO) are set per service:\n\n| Service | RTO | RPO |\n|---|---|---|\n"
    "| Managed Private Cloud (customer workloads) | 4 hours | 1 hour |\n"
    "| Corporate website | 5 working days | 1 week |\n",
}


def test_a_row_states_a_further_parts_value_by_its_columns(tmp_path: Path) -> None:
    """ "Has an RTO been defined ...? If so, what is the RTO?": the row "Managed Private
    Cloud (customer workloads) | 4 hours | 1 hour" names the RTO only in its column
    header; read without it, no sentence stated the part's value."""
    engine, index = _engine(tmp_path, RTO_TABLE)
    question = (
        "Has a Recovery Time Objective (RTO) been defined for the services provided to "
        "clients? If so, what is the RTO?"
    )
    research = _Research(engine, make_brief(Question("Q", question)))
    lead_in = (
        "Recovery time objectives (RTO) and recovery point objectives (RPO) are set per service:"
    )
    lead = _candidate(index, "continuity.md", lead_in, 1.0)
    row = _candidate(
        index, "continuity.md", "Managed Private Cloud (customer workloads) | 4 hours | 1 hour", 0.9
    )
    from dossier.research.offline import _answers_part

    brief = research.brief
    part, asked_of = brief.facts[1], brief.facts[0]
    assert part.asks == "duration"
    assert _answers_part(part, asked_of, row, [(0, lead)], research._row_read(row))
    assert not _answers_part(part, asked_of, row, [(0, lead)], research._read(row))


def test_a_control_block_answers_of_its_document_named_by_initials_or_its_title_field(
    tmp_path: Path,
) -> None:
    """(review) "Who approved the BCP?" lost the Business Continuity Plan's block (the
    title names no "BCP"), and a block whose document's title was misread lost its own
    "Title: Incident Response Plan"."""
    documents = {
        "bcp.txt": "Business Continuity Plan\n\nDocument ID: BCP-01\nVersion: 2.0\n"
        "Owner: Head of IT\nApprover: Managing Director\nNext review: June 2026\n\n"
        "The plan keeps services running through outages of any kind.\n",
        "irp.txt": "1. Purpose\n\nTitle: Incident Response Plan\nVersion: 1.1\n"
        "Owner: CISO\nApprover: CEO\n\nThe plan sets out how incidents are handled.\n",
    }
    scorer, passages, index = _scorer(tmp_path, documents)

    def blocks(question: str) -> set[str]:
        asked = dataclasses.replace(_asking(index, question), wants_control=True)
        ranked = scorer.rank(asked, passages)
        return {c.sentence.document for c in ranked if "Version:" in c.sentence.text}

    assert blocks("Who approved the BCP?") == {"bcp.txt"}
    assert blocks("Who approved the incident response plan?") == {"irp.txt"}


def test_a_word_of_a_compound_the_corpus_never_says_leaves_its_partner_naming_nothing() -> None:
    """ "Is there a clean desk policy?" was answered Yes from "users must lock their
    screen when leaving their desk": no document says "clean", and "desk" alone names
    another thing. A word the corpus says, a coordinated kind ("security and privacy
    training") and the examples a question gives name no compound."""
    stats = TermStats(
        [{"desk", "lock", "screen"}, {"train", "secur"}, {"drive", "encrypt", "remov", "media"}]
    )
    terms = ("clean", "desk")
    assert lone_terms("Is there a clean desk policy?", terms, stats) == {"desk"}
    assert (
        lone_terms("Is there a clean desk policy?", terms, TermStats([{"clean", "desk"}])) == set()
    )
    coordinated = "How often do staff take security and privacy training?"
    assert lone_terms(coordinated, ("secur", "privaci", "train"), stats) == set()
    examples = "Do you encrypt removable media such as thumb drives?"
    assert lone_terms(examples, ("encrypt", "remov", "media", "thumb", "drive"), stats) == set()
    ask = dataclasses.replace(_ask(("clean", "desk")), terms=terms, lone=frozenset({"desk"}))
    leaving = _lead(0.5, "Users must lock their screen when leaving their desk.", coverage=0.5)
    assert not names_the_ask(ask, leaving)
    assert names_the_ask(dataclasses.replace(ask, lone=frozenset()), leaving)


def test_a_quality_the_corpus_describes_in_other_words_leaves_its_noun_naming_the_ask() -> None:
    """(review) "Are complex passwords enforced?" went Not covered beside "Passwords must
    ... include upper case letters, digits and symbols": no document says "complex"."""
    stats = TermStats([{"password", "upper", "digit"}, {"media", "shred"}])
    assert lone_terms("Are complex passwords enforced?", ("complex", "password"), stats) == set()
    disposal = ("secur", "media", "dispos")
    assert lone_terms("Is there a secure media disposal process?", disposal, stats) == set()


@pytest.mark.parametrize(
    ("line", "states"),
    [
        (
            "7.1 This policy and the subordinate policies and standards listed in Section 5 "
            "are reviewed at least annually by their owners.",
            True,
        ),
        ("This policy and all supporting standards are reviewed every year.", True),
        ("This policy is reviewed annually by the CISO.", True),
        ("This policy and the systems it covers are monitored; logs are reviewed weekly.", False),
    ],
)
def test_a_documents_own_review_line_may_name_the_documents_under_it(
    line: str, states: bool
) -> None:
    """ "This policy and the subordinate policies and standards listed in Section 5 are
    reviewed at least annually" was not read as the policy's own review (more than four
    words between it and its verb): a patching deadline led the review question."""
    from dossier.research.offline import _OWN_REVIEW

    assert (_OWN_REVIEW.search(line) is not None) is states


HSM_RUNBOOK = (
    "# Key Ceremony Runbook\n\n"
    "This runbook describes how signing keys are generated and encrypted and how the hardware "
    "security modules (HSMs) that hold them are operated.\n\n"
    "Signing keys are generated and stored only within FIPS 140-2 Level 3 validated "
    "hardware security modules.\n\n"
    "Signing keys in transit to the backup vault are encrypted with TLS 1.2.\n"
)


def test_a_practice_question_is_led_by_the_practice_not_the_documents_purpose(
    tmp_path: Path,
) -> None:
    """ "Are keys stored in HSMs?" was led by the runbook's "This runbook describes how
    ... the hardware security modules (HSMs) ... are operated" while the rule stating it
    scored close; a question about the document itself keeps its purpose first, and a
    close sentence about another state of data does not lead."""
    engine, index = _engine(tmp_path, {"km.md": HSM_RUNBOOK})
    purpose = _candidate(
        index,
        "km.md",
        "This runbook describes how signing keys are generated and encrypted and how the "
        "hardware security modules (HSMs) that hold them are operated.",
        1.0,
    )
    rule = _candidate(index, "km.md", "Signing keys are generated and stored only", 0.8)
    ranking = _Ranking([purpose, rule], 0.9)
    asked = "Are signing keys stored in hardware security modules?"
    assert _Research(engine, make_brief(Question("Q", asked)))._lead(ranking) is rule
    far = _candidate(index, "km.md", "Signing keys are generated and stored only", 0.2)
    ranking = _Ranking([purpose, far], 0.9)  # (out of the margin: the purpose leads)
    assert _Research(engine, make_brief(Question("Q", asked)))._lead(ranking) is purpose
    transit = _candidate(index, "km.md", "Signing keys in transit to the backup vault", 0.9)
    at_rest = "Are signing keys encrypted at rest?"
    ranking = _Ranking([purpose, transit], 0.9)
    assert _Research(engine, make_brief(Question("Q", at_rest)))._lead(ranking) is purpose


def test_a_wiki_pages_exported_header_is_no_candidate_sentence() -> None:
    """A Confluence page exported to PDF opens with its trail, title, byline and fields,
    no full stop among them: read as one sentence, it led the answer on testing the
    incident response plan."""
    from dossier.research.candidates import _page_header

    header = (
        "Security & Compliance / Policies & Standards / Incident Response Plan\n"
        "Incident Response Plan\n"
        "Created by Priya Raman, last updated by Priya Raman on Mar 11, 2024 • 9 min read\n"
        "Document ID IRP-007 Version 3.2\nStatus APPROVED Owner Head of Security"
    )
    names = {"incident response plan"}
    assert _page_header(header, names)
    # the title over a statement without a full stop is no header: it states something
    assert not _page_header("Incident Response Plan\nThe plan is tested annually", names)
    assert not _page_header("Incident Response Plan\nThe plan is tested annually.", names)


def test_a_title_in_capitals_between_rules_repeats_the_title() -> None:
    """An intranet export's "==== / SECURITY INCIDENT RESPONSE PLAN / ====" led the
    answer to whether an incident response plan exists (the file's name titled it)."""
    names = {"irp 004 security incident response plan", ""}
    rule = "=" * 72
    assert _repeats_title(f"{rule}\n      SECURITY INCIDENT RESPONSE PLAN\n{rule}", names)
    assert not _repeats_title(f"{rule}\n      BACKUPS\n{rule}", names)
    assert not _repeats_title(rule, names)


def test_a_buyers_name_for_the_one_answering_is_no_subject_to_name() -> None:
    """A bank's "Is the supplier certified to ISO/IEC 27001?" was Not covered beside
    "Kallbacken's ISMS is certified to ISO/IEC 27001:2022": no sentence named "supplier"."""
    asked = "Is the supplier certified to ISO/IEC 27001? Please provide the certificate number."
    assert _subject_heads(make_brief(Question("Q", asked))) == ()
    assert _subject_heads(make_brief(Question("Q", "Are supplier contracts reviewed annually?")))
