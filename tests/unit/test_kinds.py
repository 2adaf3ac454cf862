"""Another kind of the thing a value question asks about (``evidence.kinds``)."""

from __future__ import annotations

import pytest

from dossier.evidence.kinds import another_compound, another_kind
from dossier.records import Question
from dossier.research.brief import make_brief
from dossier.research.values import subject_terms


def _another(question: str, sentence: str) -> tuple[str, str, str] | None:
    brief = make_brief(Question("Q", question))
    things = frozenset(subject_terms(brief.facts[0]))
    found = another_kind(brief.core or question, sentence, things)
    return (found.thing, found.asked, found.stated) if found else None


def test_a_sibling_named_by_another_word_of_kind_is_another_kind() -> None:
    # a tabletop exercise's "twice a year" answered how often phishing simulations run
    question = "How often are phishing simulation exercises conducted?"
    sentence = "The incident response plan is exercised twice a year with a tabletop exercise."
    assert _another(question, sentence) == ("exercise", "phishing simulation", "tabletop")
    assert _another("How long are audit logs retained?", "Application logs are kept 90 days.") == (
        "logs",
        "audit",
        "application",
    )


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        # the thing with no word of kind, or the kind asked
        ("How long are audit logs retained?", "Logs are kept for one year."),
        ("How long are audit logs retained?", "Audit logs and application logs are kept a year."),
        ("How often are phishing simulation exercises run?", "Phishing simulations run monthly."),
        # a quality, not a kind
        ("How often are user access reviews performed?", "Quarterly access reviews are held."),
        (
            "How often is external penetration testing done?",
            "Independent penetration tests run yearly.",
        ),
        # words that say which in no distinguishing way, or another word for the kind
        (
            "How quickly are critical patches applied?",
            "Security patches are applied within 14 days.",
        ),
        (
            "How often do employees complete training?",
            "All staff complete awareness training yearly.",
        ),
        # a word the question says too ("remotely")
        (
            "How many days per year may Firm staff work remotely from abroad?",
            "Remote Working from abroad is limited to 20 working days a year.",
        ),
        # a product's or a place's name says which one, not another kind
        ("How often are vulnerability scans run?", "Weekly Qualys scans are run on all hosts."),
        ("How long are audit logs retained?", "AWS CloudTrail logs are retained for 1 year."),
        # an owner is no kind of what it owns
        (
            "How often does your practice review workforce members' access rights?",
            "System owners review user access rights every 90 days.",
        ),
    ],
)
def test_no_other_kind(question: str, sentence: str) -> None:
    assert _another(question, sentence) is None


def test_only_the_clause_stating_the_value_is_read_for_another_kind() -> None:
    question = "How frequently are business continuity plans tested?"
    sentence = (
        "The business continuity plan is tested at least once a year; call-tree tests "
        "are conducted every six months."
    )
    brief = make_brief(Question("Q", question))
    things = frozenset(subject_terms(brief.facts[0]))
    clause = "The business continuity plan is tested at least once a year"
    assert another_kind(brief.core, sentence, things, clause) is None
    # the sentence names the kind asked elsewhere ("workforce member ... accounts")
    question = "What is the minimum password length for workforce member accounts?"
    sentence = "Passwords for workforce member and partner clinic user accounts must be 12 long."
    brief = make_brief(Question("Q", question))
    things = frozenset(subject_terms(brief.facts[0]))
    clause = "partner clinic user accounts must be 12 long."
    assert another_kind(brief.core, sentence, things, clause) is None


def test_a_bulleted_sentences_first_word_is_no_name() -> None:
    question = "How long are audit logs retained?"
    assert _another(question, "- Application logs are retained for 90 days.") == (
        "logs",
        "audit",
        "application",
    )


def test_a_clauses_the_thing_is_its_sentences() -> None:
    # "the key" of the clause stating the value is the service account key before it
    question = "How often are the encryption keys protecting institutional data rotated?"
    sentence = (
        "Service account keys are avoided; where one is unavoidable, the key is rotated yearly."
    )
    brief = make_brief(Question("Q", question))
    things = frozenset(subject_terms(brief.facts[0]))
    clause = "the key is rotated yearly."
    found = another_kind(brief.core or question, sentence, things, clause)
    assert found is not None and found.stated == "account"
    same = "Encryption keys are generated in KMS; the key is rotated yearly."
    assert another_kind(brief.core or question, same, things, clause) is None


def test_a_manner_is_no_kind() -> None:
    # "automatic key rotation" is how KMS keys are rotated, not another kind of key
    question = "How frequently does the supplier rotate the encryption keys?"
    sentence = "Customer-managed keys are rotated annually using automatic key rotation."
    assert _another(question, sentence) is None


@pytest.mark.parametrize(
    ("sentence", "stated"),
    [
        (
            "The incident response plan is tested through tabletop exercises twice a year.",
            "incident",
        ),
        (
            "5.2 The Cyber Security Incident Response Plan is exercised at least annually.",
            "incident",
        ),
        ("The disaster recovery plan is exercised annually.", None),  # its first word said
        ("The response plan is exercised every year.", None),  # no other word of kind
        ("The plan is exercised annually.", None),
    ],
)
def test_a_compound_set_apart_by_its_first_word(sentence: str, stated: str | None) -> None:
    # the shared "response" sets neither plan apart: the first word of kind does
    found = another_compound("disaster response plan", sentence)
    assert (found.stated.split()[0] if found else None) == stated


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("cloud data", "Backups of user-level and system-level data are performed daily."),
        ("client data", "Restricted data is encrypted at rest, including secondary data stores."),
        ("storage encryption", "All laptops are protected by full disk encryption."),
        ("private signing keys", "Certificate authority keys are held in an HSM."),
    ],
)
def test_no_other_compound_without_a_shared_word_next_to_the_thing(
    question: str, sentence: str
) -> None:
    # a word of kind alone before "data" or "keys" says which of them, not another kind
    assert another_compound(question, sentence) is None


@pytest.mark.parametrize(
    ("question", "sentence", "stated"),
    [
        (
            "disaster recovery plan",
            "The incident response plan is tested annually.",
            "incident response",
        ),
        (
            "business continuity plan",
            "The incident response plan is tested yearly.",
            "incident response",
        ),
        (
            "disaster recovery plan",
            "The business continuity and disaster recovery plan is tested.",
            None,
        ),
        (
            "production database backups",
            "Amazon RDS database backups are encrypted.",
            None,
        ),  # a name
        (
            "network intrusion detection system",
            "The Suricata intrusion detection system is monitored.",
            None,
        ),
    ],
)
def test_plans_of_other_kinds_share_no_word_and_names_are_no_kind(
    question: str, sentence: str, stated: str | None
) -> None:
    found = another_compound(question, sentence)
    assert (found.stated if found else None) == stated
