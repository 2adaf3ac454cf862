"""The offline engine over the demo corpus (built once per session)."""

from __future__ import annotations

import pytest

from dossier.build import BuildResult
from dossier.common.textutil import stem
from dossier.config import Config
from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.output.trace import read_trace
from dossier.records import Answer, Chunk, Evidence, Fact, MissingFact, Question, Selection
from dossier.research.brief import make_brief
from dossier.research.qualifiers import qualifiers_named
from dossier.research.values import (
    as_days,
    demand_met,
    demand_shortfall,
    document_named,
    frequencies,
    holds_value,
    lead_answers_part,
    names_another_document,
    names_antecedent,
    names_what_part_asks,
    names_whole_subject,
    opens_on_another_case,
    other_objective_column,
    own_subject,
    stated_value,
    states_definite_value,
    states_value,
    subject_run,
    value_about,
    value_quoted_with,
    with_asked_subject,
)
from dossier.steps import DecideStep

SUPERSEDED = "policies/password-policy-2023.md"
ARCHIVED = "policies/remote-work-2019.md"
UNANSWERABLE = ("Q24", "Q25", "Q26", "Q27")


def _answer(result: BuildResult, qid: str) -> Answer:
    return next(a for a in result.dossier.answers if a.question_id == qid)


def test_every_quote_is_the_exact_slice_of_its_document(demo_build: BuildResult) -> None:
    texts = {d.path: d.text for d in demo_build.dossier.documents}
    quotes = [q for a in demo_build.dossier.answers for c in a.claims for q in c.quotes]
    assert quotes
    for quote in quotes:
        assert texts[quote.document][quote.start : quote.end] == quote.text


@pytest.mark.parametrize(
    "quoted",
    [
        "|Audit logs are kept|for one year|\n|Backups are kept|for 90 days|",
        "Audit logs | kept for one year\nBackups | kept for 90 days",
    ],
)
def test_a_value_is_read_from_its_own_table_row(quoted: str) -> None:
    """The period of backups is the one in the backups row: the row before ran on
    into it, and its period was read as the backups' ("for one year")."""
    (fact,) = make_brief(Question("Q1", "How long are backups kept?")).facts
    assert value_about(fact, quoted) == "for 90 days"


def test_identifier_question_quotes_that_control_only(demo_build: BuildResult) -> None:
    answer = _answer(demo_build, "Q03")
    assert answer.verdict == "grounded"
    quoted = " ".join(q.text for c in answer.claims for q in c.quotes)
    assert "AC-2(3)" in quoted and "AC-2(7)" not in quoted


def test_questions_the_corpus_does_not_answer_abstain_and_say_why(demo_build: BuildResult) -> None:
    for qid in UNANSWERABLE:
        answer = _answer(demo_build, qid)
        assert answer.verdict == "unsupported", qid
        assert answer.claims == ()
        assert answer.missing_facts, qid
        assert answer.searches, qid
        assert "do not" in answer.answer


def test_a_neighbouring_topic_does_not_answer(demo_build: BuildResult, demo_config: Config) -> None:
    """Q10 asks whether customers can bring their own keys; the corpus says only
    where the company keeps its own keys, close in meaning but another topic. Its
    best sentence names none of the ask's key terms, so the engine abstains and
    its trace says why."""
    answer = _answer(demo_build, "Q10")
    assert answer.verdict == "unsupported"
    assert answer.short_answer == "Not covered"
    steps = read_trace(demo_config.out, "Q10").steps
    decision = next(s for s in steps if isinstance(s, DecideStep))
    assert not decision.grounded
    assert "names none of the ask's key terms" in decision.reason


def test_the_lead_keeps_its_neighbours_and_a_further_quote_is_its_sentence(
    demo_build: BuildResult,
) -> None:
    """Q09 asks where keys are stored and how often they are rotated: the lead
    (storage) reads with the sentence after it; the rotation sentence is quoted
    alone (support_window_chars = 0), not with the sentence that follows it in its
    passage."""
    quotes = [q.text for c in _answer(demo_build, "Q09").claims for q in c.quotes]
    assert quotes[0].startswith("5.1 Encryption keys are generated and stored in AWS")
    assert "Key material never leaves AWS KMS" in quotes[0]
    assert "5.3 KMS keys are rotated yearly using AWS KMS automatic key rotation." in quotes
    assert not any("Earlier key versions are retained" in q for q in quotes)


def test_grounded_answers_have_claims_with_quotes(demo_build: BuildResult) -> None:
    for answer in demo_build.dossier.answers:
        if answer.verdict == "grounded":
            assert answer.claims and all(claim.quotes for claim in answer.claims)


def test_superseded_and_archived_documents_never_ground_a_claim(demo_build: BuildResult) -> None:
    cited = {q.document for a in demo_build.dossier.answers for c in a.claims for q in c.quotes}
    assert SUPERSEDED not in cited and ARCHIVED not in cited


def test_lockout_question_cites_the_current_policy_and_shows_the_old_one_discarded(
    demo_build: BuildResult,
) -> None:
    answer = _answer(demo_build, "Q06")
    quoted = " ".join(q.text for c in answer.claims for q in c.quotes)
    assert "5 consecutive failed login attempts" in quoted
    assert any(
        d.document == SUPERSEDED and "superseded" in d.reason for d in answer.discarded_quotes
    )


def test_searches_are_recorded_in_order_without_duplicates(demo_build: BuildResult) -> None:
    for answer in demo_build.dossier.answers:
        queries = [s.query for s in answer.searches]
        brief = make_brief(Question(answer.question_id, answer.question))
        assert queries[0] == (brief.core or brief.query)  # the core ask first
        assert len(set(queries)) == len(queries)


def test_a_value_counts_only_where_the_passage_speaks_of_the_subject() -> None:
    fact = make_brief(Question("Q", "How long do you retain invoice records?")).facts[0]
    unrelated = (
        "Customer data is deleted within 30 days of contract termination. Invoice records "
        "are retained under the schedule above and are not used for any other purpose."
    )
    assert states_value(fact, unrelated) and not holds_value(fact, unrelated)
    assert holds_value(fact, "| Invoices and invoice records | 7 years from invoice date |")
    # retained, yes, but backups are not invoice records: the verb is not the subject
    assert not holds_value(fact, "Backups are retained for 35 days.")
    # the sentence before may name the subject ("... invoices. They are kept 7 years.")
    assert holds_value(fact, "Invoice records are archived in S3. They are kept for 7 years.")


def test_a_word_naming_stuff_alone_does_not_name_whose_it_is() -> None:
    """ "record" names no CCTV recordings: the change record's retention is not theirs.
    A subject that is stuff alone is still named by its word."""
    fact = make_brief(Question("Q", "How long are CCTV recordings retained?")).facts[0]
    change = "The pull request and deployment record are retained for at least 12 months."
    assert not holds_value(fact, change)
    assert holds_value(fact, "CCTV footage is kept for 30 days.")
    data = make_brief(Question("Q", "How long is data retained?")).facts[0]
    assert holds_value(data, "Customer data is retained for 90 days after termination.")
    # a figure before the word for stuff is the answer, not another kind of it
    staff = make_brief(Question("Q", "How many full-time employees do you have?")).facts[0]
    assert holds_value(staff, "The company has 250 employees.")
    # another word for stuff, or the thesaurus' word for one the question names
    hr = make_brief(Question("Q", "How long are HR records retained?")).facts[0]
    assert holds_value(hr, "Employee records are retained for 7 years.")
    recordings = make_brief(Question("Q", "How long are CCTV recordings retained?")).facts[0]
    assert holds_value(recordings, "Recordings are retained for 30 days.")
    # "The recordings" after the sentence about the ceremonies are theirs
    ceremony = make_brief(Question("Q", "How long are recordings of key ceremonies kept?"))
    recorded = "Each key ceremony is video recorded. The recordings are retained for 7 years."
    assert holds_value(ceremony.facts[0], recorded)


def test_each_quote_of_an_answer_comes_from_its_own_passage(demo_build: BuildResult) -> None:
    """A sentence beside a quoted one is already in that quote's window, so a further
    quote is evidence from another passage, and an answer has at most max_quotes (a
    calculator's result cites its operands' quotes again, so it is not counted)."""
    several = 0
    for answer in demo_build.dossier.answers:
        quotes = [q for claim in answer.claims if claim.kind == "fact" for q in claim.quotes]
        passages = [q.chunk_id for q in quotes]
        assert len(passages) == len(set(passages)), answer.question_id
        assert len(quotes) <= 3, answer.question_id
        several += len(quotes) > 1
    assert several > 0  # the rule is exercised: some answers rest on two passages


def test_a_value_counts_where_its_sentence_names_the_subject_in_other_words() -> None:
    fact = make_brief(Question("q", "How often are credentials rotated?")).facts[0]
    # "authenticators" is the thesaurus's alternative for "credentials"
    assert holds_value(fact, "Authenticators shall be refreshed every 90 days.")
    assert not holds_value(fact, "Backups are copied to a second region every 90 days.")


def test_a_part_the_lead_sentence_answers_is_neither_missing_nor_quoted_twice(
    demo_build: BuildResult,
) -> None:
    """Q06 asks how many failed attempts lock an account, and for how long: the
    current policy's one sentence states both, so nothing is missing and the short
    answer gives both values in the order asked."""
    answer = next(a for a in demo_build.dossier.answers if a.question_id == "Q06")
    assert answer.verdict == "grounded"
    assert answer.missing_facts == ()
    assert len(answer.claims) == 1 and len(answer.claims[0].quotes) == 1  # quoted once
    assert answer.short_answer == "5 consecutive failed login attempts; for 15 minutes"


def test_a_further_part_asking_a_value_is_answered_where_a_sentence_states_it(
    demo_build: BuildResult,
) -> None:
    """Q18 asks how often backups are taken, and how long they are kept: the policy's
    next numbered sentence states the period ("retained for 35 days"). Reporting that
    part as not covered would be a false statement about the vendor."""
    answer = next(a for a in demo_build.dossier.answers if a.question_id == "Q18")
    assert answer.verdict == "grounded" and answer.missing_facts == ()
    assert answer.short_answer == "daily; for 35 days"
    quotes = [" ".join(q.text.split()) for c in answer.claims for q in c.quotes]
    assert any("retained for 35 days" in q for q in quotes[1:]), quotes


def test_how_long_something_is_kept_asks_about_retention() -> None:
    """ "kept" is questionnaire filler ("kept up to date") but in "how long ... kept"
    it is the practice asked about."""
    facts = make_brief(
        Question("q", "How often are backups taken, and how long are they kept?")
    ).facts
    assert facts[1].asks == "duration" and "retain" in facts[1].terms
    assert "retain" in make_brief(Question("q", "How long are logs kept?")).facts[0].terms
    assert "retain" not in make_brief(Question("q", "Is the inventory kept up to date?")).terms


def _demand(question: str) -> Fact:
    brief = make_brief(Question("q", question))
    return next(f for f in brief.facts if f.text in brief.demands)


@pytest.mark.parametrize(
    ("question", "text", "met"),
    [
        ("Are backups retained for at least 30 days?", "Backups are retained for 35 days.", True),
        ("Are backups retained for at least 60 days?", "Backups are retained for 35 days.", False),
        (
            "Are logs kept for at least six months?",
            "Logs are kept for a minimum of 90 days.",
            False,
        ),
        ("Are logs retained for at least 90 days?", "Logs are retained indefinitely.", True),
        ("Is access reviewed at least annually?", "User access is reviewed quarterly.", True),
        ("Is access reviewed at least quarterly?", "User access is reviewed annually.", False),
        ("Is the plan tested at least annually?", "The plan is tested every two years.", False),
        ("Is the plan tested at least once a year?", "The plan is tested once per year.", True),
        ("Are keys rotated at least every 90 days?", "Keys are rotated every 60 days.", True),
        ("Are keys rotated at least every 90 days?", "Keys are rotated every 180 days.", False),
        # a time limit is met by a shorter time
        ("Is access revoked within 24 hours?", "Access is revoked within 4 hours.", True),
        ("Is access revoked within 24 hours?", "Access is revoked within 48 hours.", False),
        (
            "Are customers notified no later than 72 hours after a breach?",
            "Customers are notified of a breach within 3 days.",
            True,
        ),
        # numbers in words, compound ones too ("thirty-five" is 35, not five)
        (
            "Are backups retained for at least 30 days?",
            "Backups are retained for thirty-five days.",
            True,
        ),
        (
            "Are backups retained for at least 90 days?",
            "Backups are retained for thirty-five days.",
            False,
        ),
        (
            "Are tickets retained for at least six months?",
            "Tickets are retained for one hundred and eighty days.",
            False,
        ),
        # a range meets a demand only by its end that could fall short
        (
            "Are customers notified within 7 days?",
            "Customers are notified within 5-10 days.",
            False,
        ),
        (
            "Are customers notified within 14 days?",
            "Customers are notified within 5-10 days.",
            True,
        ),
        (
            "Are recordings kept for at least 45 days?",
            "Recordings are kept for between 30 and 60 days.",
            False,
        ),
        (
            "Are recordings kept for at least 30 days?",
            "Recordings are kept for between 30 and 60 days.",
            True,
        ),
        # no measure to compare, or a value about something else: no judgement
        ("Is access reviewed at least quarterly?", "User access is reviewed regularly.", None),
        (
            "Are backups retained for at least 30 days?",
            "Passwords are changed every 90 days.",
            None,
        ),
    ],
)
def test_a_stated_value_meets_or_falls_short_of_the_questions_demand(
    question: str, text: str, met: bool | None
) -> None:
    assert demand_met(_demand(question), text) is met


@pytest.mark.parametrize(
    ("kind", "text", "value"),
    [
        ("duration", "Backups are retained for thirty-five days.", "for thirty-five days"),
        ("duration", "Archives are kept for twenty-four months.", "for twenty-four months"),
        (
            "duration",
            "Tickets are retained for one hundred and eighty days.",
            "for one hundred and eighty days",
        ),
        (
            "duration",
            "Customers are notified within 5-10 business days.",
            "within 5-10 business days",
        ),
        ("duration", "Recordings are kept for between 30 and 60 days.", "between 30 and 60 days"),
        ("duration", "Invoices are kept for 7 to 10 years.", "for 7 to 10 years"),
        ("frequency", "Servers are patched every twenty-one days.", "every twenty-one days"),
        (  # was cut to "at least once every twelve": no period, so no demand met
            "frequency",
            "Policies are reviewed at least once every twelve months.",
            "at least once every twelve months",
        ),
    ],
)
def test_a_value_is_read_whole(kind: str, text: str, value: str) -> None:
    """Compound numbers in words and ranges were cut: "thirty-five days" read "five
    days", "5-10 business days" read "10 business days", "every twenty-one days" read
    "every twenty"."""
    assert stated_value(kind, text) == value


def test_a_value_short_of_the_demand_is_for_a_person_not_a_yes() -> None:
    """ "Are logs kept for at least six months?" over "a minimum of 90 days": a Yes
    would tell the customer the practice meets a demand the documents fall short of."""
    question = "Are logs kept for at least six months?"
    quote = "Logs are kept for a minimum of 90 days."
    found = Evidence(
        make_brief(Question("Q", question)),
        (),
        (Selection("c1", (quote,), 0, 1.0),),
        (),
        (),
    )
    chunk = Chunk("c1", "log.md", 0, len(quote), quote, "Logging")
    answer = compose_answer(
        Question("Q", question), found, ComposeContext({"c1": chunk}.get, {"log.md": "Log"})
    )
    assert answer.verdict == "escalate" and answer.short_answer == "Needs review"
    assert [(f.check, f.detail) for f in answer.findings] == [
        (
            "demand",
            "the documents state a minimum of 90 days; the question asks at least six months",
        )
    ]


def _fact(question: str) -> Fact:
    return make_brief(Question("Q", question)).facts[0]


def test_a_sentence_names_the_whole_subject_only_with_every_subject_term() -> None:
    fact = _fact("How long are audit logs retained?")
    assert names_whole_subject(fact, "Audit log data is retained for one month.")
    assert not names_whole_subject(
        fact, "Reports summarizing audit activities shall be retained for seven years."
    )
    # a thesaurus alternative names a term ("audit trail" for logs)
    assert names_whole_subject(_fact("How long are logs kept?"), "The audit trail is kept 1 year.")


def test_a_definite_frequency_states_its_period() -> None:
    fact = _fact("How often are backups performed?")
    assert states_definite_value(fact, "Backups are performed daily.")
    assert states_definite_value(fact, "Backups are performed every 4 hours.")
    assert not states_definite_value(fact, "The company performs regular full backups.")
    assert not states_definite_value(fact, "Backups are performed on an ongoing basis.")
    assert not states_definite_value(fact, "Backups are encrypted.")


def test_a_value_the_sentence_denies_is_not_the_value_it_states() -> None:
    text = "All employees receive security awareness training not annually, but monthly."
    assert stated_value("frequency", text) == "monthly"
    assert stated_value("frequency", "Reviews happen not only annually but also ad hoc.") == (
        "annually"
    )
    assert stated_value("frequency", "The review is not performed monthly.") is None


def _composed(question: str, quote: str) -> Answer:
    found = Evidence(
        make_brief(Question("Q", question)), (), (Selection("c1", (quote,), 0, 1.0),), (), ()
    )
    chunk = Chunk("c1", "a.md", 0, len(quote), quote, "Access")
    return compose_answer(
        Question("Q", question), found, ComposeContext({"c1": chunk}.get, {"a.md": "Access"})
    )


def test_a_measured_demand_no_quote_states_is_for_a_person_not_a_yes() -> None:
    """ "Are access rights revoked within 24 hours?" over "revoked within the defined
    timeframe" said Yes: the documents state no period at all."""
    answer = _composed(
        "Are terminated employees' access rights revoked within 24 hours?",
        "Upon termination, all system access must be revoked within the defined timeframe.",
    )
    assert answer.short_answer == "Needs review"
    assert [(f.check, f.detail) for f in answer.findings] == [
        ("demand", "the question asks within 24 hours; no quote states such a period")
    ]
    # how often asked and not stated: Yes would tell the customer it meets "annually"
    plain = _composed("Is user access reviewed at least annually?", "User access is reviewed.")
    assert plain.short_answer == "Needs review"
    assert [(f.check, f.detail) for f in plain.findings] == [
        ("demand", "the question asks at least annually; no quote states such a frequency")
    ]
    # a demand naming no measure ("regularly") stays a missing fact, not a finding
    vague = _composed("Is user access reviewed regularly?", "User access is reviewed.")
    assert vague.short_answer == "Yes" and vague.findings == ()


def test_a_demand_of_a_practice_the_documents_say_is_not_followed_is_moot() -> None:
    """ "Do you conduct third-party penetration tests at least annually?" over "The
    College does not currently commission external penetration tests." went to a
    person for the unmet "at least annually"; the documents answer No."""
    answer = _composed(
        "Do you conduct third-party penetration tests at least annually?",
        "The College does not currently commission external penetration tests.",
    )
    assert (answer.short_answer, answer.verdict, answer.findings) == ("No", "grounded", ())


def test_a_frequency_named_before_the_practice_is_a_demand_checked() -> None:
    """ "Do you perform annual penetration testing?" was answered Yes off "at least
    every two years": a frequency written before the practice is demanded as one
    closing the question is."""
    short = _composed(
        "Do you perform annual penetration testing?",
        "External penetration tests are performed at least every two years.",
    )
    assert short.short_answer == "Needs review"
    assert [f.check for f in short.findings] == ["demand"]
    met = _composed(
        "Do you perform annual penetration testing?",
        "An external penetration test is performed annually.",
    )
    assert met.short_answer == "Yes" and met.findings == ()


@pytest.mark.parametrize(
    ("question", "quote", "met"),
    [
        ("Do you retain security logs for at least one year?", "Logs are kept for 90 days.", False),
        ("Do you retain security logs for at least one year?", "Logs are kept for 2 years.", True),
        ("Are backups retained for a minimum of 30 days?", "Backups are kept for 7 days.", False),
    ],
)
def test_a_least_period_in_any_wording_is_checked_against_the_quote(
    question: str, quote: str, met: bool
) -> None:
    answer = _composed(question, quote)
    assert (answer.short_answer == "Needs review") is not met
    assert any(f.check == "demand" for f in answer.findings) is not met


_NO_PASSAGES: dict[str, Chunk] = {}


@pytest.mark.parametrize(
    "question",
    [
        "Have you experienced a data breach in the last 12 months?",
        "Have you ever been fined by a regulator?",
    ],
)
def test_a_question_about_what_happened_is_for_a_person_even_unquoted(question: str) -> None:
    """Policies state rules, not events: with no quote, "Not covered" would still be
    read by a customer as a statement about the vendor."""
    brief = make_brief(Question("Q", question))
    answer = compose_answer(
        Question("Q", question),
        Evidence(brief, (), (), (), (MissingFact("No passage addresses it"),)),
        ComposeContext(_NO_PASSAGES.get, {}),
    )
    assert (answer.verdict, answer.short_answer) == ("escalate", "Needs review")
    assert [f.check for f in answer.findings] == ["event"]


def test_a_question_about_a_practice_with_no_quote_is_not_covered() -> None:
    question = "Do you encrypt backups?"
    answer = compose_answer(
        Question("Q", question),
        Evidence(make_brief(Question("Q", question)), (), (), (), (MissingFact("No passage"),)),
        ComposeContext(_NO_PASSAGES.get, {}),
    )
    assert (answer.verdict, answer.short_answer) == ("unsupported", "Not covered")


def test_the_noun_naming_the_value_asked_is_not_its_subject() -> None:
    """ "Within what timeframe must vendors notify you of a security incident?": the
    sentence that states the vendors' period names the whole subject, whatever it
    calls the period; the customers' does not."""
    fact = make_brief(
        Question("Q", "Within what timeframe must vendors notify you of a security incident?")
    ).facts[0]
    assert names_whole_subject(
        fact, "Vendors must notify us of a security incident affecting our data within 48 hours."
    )
    assert not names_whole_subject(
        fact, "Affected customers are notified within 72 hours of a confirmed security incident."
    )


@pytest.mark.parametrize(
    ("question", "text", "met"),
    [
        # one business day may end after a weekend: three days
        (
            "Are customers notified within 24 hours?",
            "Affected customers are notified within one business day.",
            False,
        ),
        (
            "Are customers notified within 5 days?",
            "Customers are notified within 3 business days.",
            True,
        ),
        (
            "Are customers notified within 5 days?",
            "Customers are notified within 4 business days.",
            False,
        ),
        (
            "Are customers notified within 72 hours?",
            "Customers are notified within 2 calendar days.",
            True,
        ),
    ],
)
def test_a_count_of_business_days_meets_a_time_limit_only_over_a_weekend(
    question: str, text: str, met: bool
) -> None:
    assert demand_met(_demand(question), text) is met


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How often are contractor access rights reviewed?", "monthly"),
        ("How often are employee access rights reviewed?", "quarterly"),
    ],
)
def test_the_clause_about_the_group_asked_gives_the_value_after_any_conjunction(
    question: str, value: str
) -> None:
    text = (
        "Access rights of employees are reviewed quarterly, and access rights of contractors"
        " are reviewed monthly."
    )
    fact = make_brief(Question("Q", question)).facts[0]
    assert value_about(fact, text) == value


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How often are full system backups performed?", "weekly"),
        ("How often are incremental database backups taken?", "daily"),
    ],
)
def test_a_second_subject_with_its_own_passive_verb_is_its_own_clause(
    question: str, value: str
) -> None:
    text = (
        "Incremental database backups are taken daily and full system backups are performed weekly."
    )
    assert value_about(make_brief(Question("Q", question)).facts[0], text) == value


def test_a_second_predicate_with_its_own_value_is_its_own_clause() -> None:
    """ "Contain ... within 4 hours and will provide a report to customers within one
    business day": the customers' period is the second, not the first."""
    text = (
        "The security team will contain confirmed incidents within 4 hours and will provide"
        " an initial report to affected customers within one business day."
    )
    notified = make_brief(Question("Q", "Within what time are customers sent an incident report?"))
    assert value_about(notified.facts[0], text) == "within one business day"
    demand = _demand("Should customers expect notification of incidents within 24 hours?")
    assert demand_met(demand, text) is False


def test_a_part_referring_back_needs_a_sentence_naming_its_antecedent() -> None:
    brief = make_brief(Question("Q", "Are backups encrypted, and how often are they tested?"))
    first, part = brief.facts[0], brief.facts[1]
    assert not names_antecedent(part, first, "External penetration tests are run yearly.")
    assert names_antecedent(part, first, "Backup restoration tests are performed monthly.")
    plain = make_brief(Question("Q", "Are backups encrypted, and how often is DR tested?"))
    assert names_antecedent(plain.facts[1], plain.facts[0], "DR tests are run yearly.")
    plan = make_brief(
        Question("Q", "Do you have a disaster recovery plan, and how often is it tested?")
    )
    other_plan = "The incident response plan is exercised once a year."
    assert not names_antecedent(plan.facts[1], plan.facts[0], other_plan)
    assert names_antecedent(plan.facts[1], plan.facts[0], "The recovery plan is tested yearly.")


def test_a_yes_no_part_the_lead_states_word_for_word_is_answered_by_it() -> None:
    """ "The Business Continuity Plan is tested at least annually" was quoted as the
    lead of "Is there a documented business continuity plan, and is it tested at least
    annually?" and the dossier then said the part "is it tested at least annually" was
    not established, under the quote stating it."""
    brief = make_brief(
        Question(
            "Q",
            "Is there a documented business continuity plan, and is it tested at least annually?",
        )
    )
    first, part = brief.facts[0], brief.facts[1]
    lead = "The Business Continuity Plan is tested at least annually through a tabletop."
    assert lead_answers_part(part, first, lead)
    assert not lead_answers_part(part, first, "The Business Continuity Plan is approved.")
    assert not lead_answers_part(part, first, "The incident response plan is tested yearly.")


def test_a_part_naming_only_its_value_besides_the_first_parts_subject_is_read_with_it() -> None:
    """ "Is there a process to notify clients of a significant business disruption?
    Within what time frame are clients notified?": the lead stating "within 1 hour"
    answers the part ("time frame" names the value asked, no subject of its own); a
    leaver's "within 4 hours of the termination time notified by People Operations"
    was read for it and given as the answer."""
    brief = make_brief(
        Question(
            "Q",
            "Is there a process to notify clients of a significant business disruption? "
            "Within what time frame are clients notified?",
        )
    )
    first, part = brief.facts[0], brief.facts[1]
    lead = (
        "Affected customers shall be notified via the status page within 1 hour of "
        "declaring a major disruption."
    )
    assert lead_answers_part(part, first, lead)
    leaver = (
        "On termination of employment, all logical access shall be revoked within 4 hours "
        "of the termination time notified by People Operations."
    )
    assert not lead_answers_part(part, first, leaver)


def test_a_frequency_the_sentence_does_not_require_is_no_value() -> None:
    """ "Passwords shall not be required to expire on a periodic basis" answered how
    often service account credentials are rotated: "on a periodic basis"."""
    assert (
        stated_value("frequency", "Passwords shall not be required to expire on a periodic basis.")
        is None
    )
    assert stated_value("frequency", "Keys are not required to be rotated every 90 days.") is None
    bounded = "Passwords are not required to be changed more often than every 90 days."
    assert stated_value("frequency", bounded) == "every 90 days"
    beyond = "Logs are not required to be kept beyond 90 days."
    assert stated_value("duration", beyond) == "90 days"


def test_a_frequency_the_sentence_denies_is_no_value() -> None:
    """ "Annual refresher training is not required" states no annual training."""
    assert stated_value("frequency", "Annual refresher training is not required.") is None
    assert stated_value("frequency", "Annual refresher training is required.") == "Annual"
    assert stated_value("frequency", "Quarterly reviews are never skipped.") == "Quarterly"


def test_a_demand_is_read_off_the_clause_about_the_environment_asked() -> None:
    """ "Are user access reviews for non-production systems performed at least
    quarterly?" was answered Yes off the production clause's "quarterly"."""
    text = (
        "User access to production systems is reviewed quarterly; access to other "
        "systems is reviewed every six months."
    )
    question = "Are user access reviews for non-production systems performed at least quarterly?"
    demand = next(f for f in make_brief(Question("Q", question)).facts if f.asks)
    assert demand_shortfall(demand, [text], qualifiers_named(question)) == "every six months"
    production = question.replace("non-production", "production")
    assert demand_shortfall(demand, [text], qualifiers_named(production)) is None


def test_every_is_a_frequency_only_before_a_time_that_recurs() -> None:
    # "every centrally hosted server" and "every such access" name no period
    text = (
        "WDS takes an incremental backup of every centrally hosted server each night "
        "and a full backup every Saturday."
    )
    assert stated_value("frequency", text) == "each night"
    assert stated_value("frequency", "Every such access is logged in the audit log.") is None
    assert stated_value("frequency", "Keys are rotated every other week.") == "every other week"
    assert as_days("frequency", "each night") == 1.0
    assert as_days("frequency", "every Saturday") == 7.0
    assert as_days("frequency", "nightly") == 1.0


def test_a_count_in_words_after_another_figure_is_the_count_asked() -> None:
    # "15 minutes after ten ..." was read as one figure's words: "ten" was never met
    about = ("fail", "login", "attempt", "account", "lock")
    text = "Accounts are locked for 15 minutes after ten consecutive failed sign-in attempts."
    assert stated_value("number", text, about) == "ten consecutive failed sign-in attempts"


def test_a_count_in_other_words_is_the_count_asked() -> None:
    # "After 10 wrong tries in a row, Okta locks the account for 30 minutes." gave the
    # lockout's duration as the number of attempts: "tries" are attempts
    about = ("fail", "login", "attempt", "account", "lock")
    text = "After 10 wrong tries in a row, Okta locks the account for 30 minutes."
    assert stated_value("number", text, about) == "10 wrong tries"


def test_a_changed_value_is_the_new_one() -> None:
    # a document's history row: 30 days is what the change replaced
    row = "1.3 March 2022 Critical patch deadline reduced from 30 days to 14 days"
    assert stated_value("duration", row) == "14 days"
    assert stated_value("frequency", "Reviews moved from quarterly to monthly") == "monthly"
    # a range is no change: its first bound stands
    assert stated_value("duration", "Patches are applied from 30 days to 60 days") == "30 days"
    # a memo's change in the present tense, the range's "to" taken in by the count
    memo = "The minimum password length increases from 8 characters to 12 characters."
    assert stated_value("number", memo, ("minimum", "password", "length")) == "12 characters"
    # (review) a change to come, and a range, state the value in force
    about = ("minimum", "password", "length")
    coming = "Minimum length is changing from 12 characters to 14 characters on 1 January 2027."
    assert stated_value("number", coming, about) == "12 characters"
    later = "The RTO reduces from 24 hours to 4 hours when the second region goes live in 2027."
    assert stated_value("duration", later) == "24 hours"
    ranged = "RTOs go from 4 hours to 72 hours by tier, with critical systems at 4 hours."
    assert stated_value("duration", ranged) == "4 hours"


def test_a_figure_alone_on_its_line_counts_nothing() -> None:
    # a PDF table read line by line: "1" ends one line, "customer SFTP" is a cell below
    about: tuple[str, ...] = ("recoveri", "time", "object", "tier")
    text = "Analytics Platform web application, 4 hours 15 minutes\n1\ncustomer SFTP\nTier"
    assert stated_value("number", text, about) != "1 customer SFTP Tier"
    assert stated_value("number", "Tier 1 has 3 customer tiers", ("tier",)) == "3 customer tiers"
    # a hard-wrapped sentence's count goes on to its next line
    wrapped = "Accounts are locked after 5 failed login\nattempts within 15 minutes."
    about = ("fail", "login", "attempt")
    assert stated_value("number", wrapped, about) == "5 failed login attempts"


def test_a_later_quote_meeting_a_demand_does_not_outweigh_the_lead_falling_short() -> None:
    """ "Is security awareness training required at least annually?": the lead says all
    staff repeat it every two years; a further quote that a few staff take another
    module annually does not make the answer meet the demand."""
    question = "Is security awareness training required for all employees at least annually?"
    demand = next(f for f in make_brief(Question("Q", question)).facts if f.asks)
    lead = "All staff must complete the security module and must repeat it every two years."
    further = "Staff who handle payment data must also complete a second module annually."
    assert demand_shortfall(demand, [lead, further]) == "every two years"
    assert demand_shortfall(demand, [further, lead]) is None


def test_a_subject_named_by_a_phrase_is_named_by_another_entry_of_its_group() -> None:
    """ "the supervisory authority" is named by "the Information Commissioner's Office"
    (one thesaurus group), though neither "supervisory" nor "authority" is there."""
    fact = make_brief(
        Question(
            "Q", "Within what timeframe are data breaches notified to the supervisory authority?"
        )
    ).facts[0]
    ico = "The DPO notifies the Information Commissioner's Office of a data breach within 72 hours."
    supplier = "Suppliers must notify the company of a data breach within 24 hours."
    assert names_whole_subject(fact, ico)
    assert not names_whole_subject(fact, supplier)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Claim files are kept for six years after the claim ends.",
            "for six years after the claim ends",
        ),
        (
            "Research data is retained for at least ten years after the end of the study, "
            "and then destroyed.",
            "at least ten years after the end of the study",
        ),
        ("Logs are kept for 30 days, after which they are deleted.", "for 30 days"),
        ("Logs are kept for 30 days after which they are deleted.", "for 30 days"),
        ("Backups are kept for 35 days.", "for 35 days"),
    ],
)
def test_a_period_keeps_the_event_it_runs_from(text: str, value: str) -> None:
    """ "for six years" of "six years after the claim ends" says less than the text."""
    assert stated_value("duration", text) == value


def test_a_sentence_stating_only_the_other_bound_holds_no_value_asked() -> None:
    """ "Passwords may be up to 128 characters long" was quoted beside the minimum
    length asked once "characters long" named a length."""
    fact = Fact(
        "What is your minimum password length?", ("minimum", "password", "length"), "number"
    )
    assert not holds_value(fact, "Passwords may be up to 128 characters long.")
    assert holds_value(fact, "Passwords must be at least 14 characters long.")
    assert holds_value(fact, "Passwords must be 14 to 128 characters long.")


def test_a_row_continuing_a_table_past_a_passage_break_is_read_under_its_header() -> None:
    """A Statement of Applicability cut into passages: the row "A.7.4 | ... | No | ..."
    opened its passage, so its header ("Applicable (Yes/No)") was not found and "Is
    A.7.4 applicable?" went to a person for the "No" in it."""
    head = (
        "| Annex A control | Name | Applicable (Yes/No) | Justification |\n"
        "|---|---|---|---|\n| A.5.1 | Policies | Yes | Baseline |"
    )
    row = "| A.7.4 | Physical security monitoring | No | No server rooms of our own |"
    first = Chunk("c0", "soa.md", 0, len(head), head, "Statement of Applicability")
    second = Chunk("c1", "soa.md", len(head) + 1, len(head) + 1 + len(row), row, "")
    question = Question("Q", "Is A.7.4 Physical security monitoring applicable?")
    found = Evidence(make_brief(question), (), (Selection("c1", (row,), 0, 1.0),), (), ())
    context = ComposeContext(
        {"c0": first, "c1": second}.get,
        {"soa.md": "Statement of Applicability"},
        siblings=lambda document: (first, second),
    )
    answer = compose_answer(question, found, context)
    assert (answer.verdict, answer.short_answer) == ("grounded", "No")


def test_a_row_passages_after_its_tables_header_is_read_under_it() -> None:
    """A Statement of Applicability of many rows cut into several passages: the row of
    A.8.28 three passages below the header went to a person for its "No"."""
    head = (
        "| Annex A control | Name | Applicable (Yes/No) | Justification |\n"
        "|---|---|---|---|\n| A.5.1 | Policies | Yes | Baseline |"
    )
    middle = ["| A.6.1 | Screening | Yes | HR |", "| A.7.1 | Perimeters | Yes | Office |"]
    row = "| A.8.28 | Secure coding | No | Excluded: scripts are controlled under A.8.32 |"
    texts = [head, *middle, row]
    chunks, start = [], 0
    for n, text in enumerate(texts):
        chunks.append(Chunk(f"c{n}", "soa.md", start, start + len(text), text, ""))
        start += len(text) + 1
    question = Question("Q", "Is A.8.28 Secure coding applicable to the organisation?")
    last = chunks[-1].chunk_id
    found = Evidence(make_brief(question), (), (Selection(last, (row,), 0, 1.0),), (), ())
    context = ComposeContext(
        {c.chunk_id: c for c in chunks}.get,
        {"soa.md": "Statement of Applicability"},
        siblings=lambda document: tuple(chunks),
    )
    answer = compose_answer(question, found, context)
    assert (answer.verdict, answer.short_answer) == ("grounded", "No")


def test_a_table_under_another_heading_lends_no_header() -> None:
    """Reading back for a long table's header stops at another section's passages."""
    soa = "| Control | Title | Applicable | Notes |\n|---|---|---|---|\n| A.5.1 | P | Yes | B |"
    rows = "| A.6.1 | Screening | Yes | HR |"
    other = "| High | 30 days |"
    chunks = [
        Chunk("c0", "d.md", 0, len(soa), soa, "Statement of Applicability"),
        Chunk(
            "c1", "d.md", len(soa) + 1, len(soa) + 1 + len(rows), rows, "Statement of Applicability"
        ),
        Chunk("c2", "d.md", 400, 400 + len(other), other, "Other"),
        Chunk("c3", "d.md", 500, 500 + len(other), other, "Other"),
    ]
    context = ComposeContext(
        {c.chunk_id: c for c in chunks}.get, {}, siblings=lambda document: tuple(chunks)
    )
    from dossier.evidence.compose import _header_before

    assert _header_before(chunks[1], 0, context) == ("Control", "Title", "Applicable", "Notes")
    assert _header_before(chunks[3], 0, context) == ()


def test_a_further_parts_value_quoted_with_the_lead_is_about_its_own_subject() -> None:
    brief = make_brief(
        Question(
            "Q",
            "Within what time frame are card brands notified of a compromise, and within "
            "what time frame are affected customers notified?",
        )
    )
    first, part = brief.facts[0], brief.facts[1]
    lead = "Card brands are notified within 24 hours of a compromise."
    customers = "Affected customers are notified no later than 72 hours after a breach."
    quoted = f"{lead} {customers}"
    assert value_quoted_with(part, first, lead, quoted) is not None
    assert "72 hours" in (value_quoted_with(part, first, lead, quoted) or "")
    assert value_quoted_with(part, first, lead, lead) is None  # the lead is not read again
    alerts = f"{lead} Security alerts are triaged within 30 minutes."
    assert value_quoted_with(part, first, lead, alerts) is None  # "alerts" names no customer


def test_the_time_asked_is_no_part_of_the_subject_a_sentence_must_name() -> None:
    """ "Within what time frame are card brands notified of a cardholder data
    compromise ...?": the sentence naming card brands and the compromise names the
    whole subject ("time" names the period asked), and was passed over for a sentence
    about customers' notice."""
    fact = make_brief(
        Question(
            "Q",
            "Within what time frame are card brands notified of a cardholder data compromise?",
        )
    ).facts[0]
    brands = (
        "In the event of a confirmed compromise of cardholder data, we notify the affected "
        "card brands within 24 hours of confirmation."
    )
    assert names_whole_subject(fact, brands)
    assert not names_whole_subject(fact, "Affected customers are notified within 72 hours.")


def test_hours_a_day_are_no_period() -> None:
    """ "monitored by the provider's CCTV 24 hours a day" gave "24 hours" for how long
    CCTV recordings are retained."""
    assert stated_value("duration", "The centre is monitored by CCTV 24 hours a day.") is None
    assert stated_value("duration", "Staffed 24 hours a day, 7 days a week.") is None
    assert stated_value("duration", "CCTV recordings are retained for 30 days.") == "for 30 days"


def test_a_part_asking_which_algorithm_is_answered_where_the_quote_names_one() -> None:
    """ "..., and if so, which algorithm and protocol versions are used?" was reported not
    established under a quote naming AES-256 and TLS 1.2."""
    brief = make_brief(
        Question(
            "Q",
            "Is customer data encrypted at rest and in transit, and if so, which algorithm "
            "and protocol versions are used?",
        )
    )
    part = brief.facts[1]
    quote = "Data at rest is encrypted using AES-256. Data in transit uses TLS 1.2 or higher."
    assert names_what_part_asks(part, quote)
    assert not names_what_part_asks(part, "Customer data is encrypted at rest and in transit.")


def test_a_yes_no_part_is_answered_by_the_lead_only_as_its_predicate() -> None:
    brief = make_brief(Question("Q", "Do you have an incident response plan, and is it tested?"))
    first, part = brief.facts[0], brief.facts[1]
    unrelated = "The incident response plan defines how penetration test findings are escalated."
    assert not lead_answers_part(part, first, unrelated)
    assert lead_answers_part(part, first, "The incident response plan is tested every year.")


def test_a_further_parts_value_is_not_the_first_subjects() -> None:
    brief = make_brief(
        Question("Q", "How long are audit logs retained, and how long are backups retained?")
    )
    first, part = brief.facts[0], brief.facts[1]
    lead = "Audit logs are retained for 1 year."
    assert (
        value_quoted_with(part, first, lead, f"{lead} Logs of backup jobs are kept 30 days.")
        is None
    )
    assert value_quoted_with(part, first, lead, f"{lead} Backups are retained for 30 days.") == (
        "for 30 days"
    )


def test_a_part_asking_which_tls_versions_is_not_answered_by_a_refused_one_or_another_family() -> (
    None
):
    part = Fact("and which TLS versions are supported?", ("tls", "version", "support"), None)
    assert not names_what_part_asks(part, "TLS 1.0 and 1.1 are disabled on all endpoints.")
    assert not names_what_part_asks(part, "Data at rest is encrypted with AES-256.")
    assert names_what_part_asks(part, "TLS 1.2 or higher is required.")


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("We hold cyber insurance with a coverage limit of $5,000,000 per claim.", "$5,000,000"),
        ("Cyber insurance coverage is USD 2 million in aggregate.", "USD 2 million"),
    ],
)
def test_an_amount_of_money_is_the_number_a_limit_asks(sentence: str, value: str) -> None:
    fact = make_brief(Question("Q", "What is the coverage limit of your cyber insurance?")).facts[0]
    assert value_about(fact, sentence) == value
    assert value_about(fact, "We maintain cyber liability insurance.") is None


def test_the_retention_asked_is_no_subject_of_the_value() -> None:
    """ "State the retention period for backups ...": "retention" named the subject, so
    "Application debug logs are retained for 30 days" held the period asked."""
    fact = make_brief(Question("Q", "State the retention period for backups.")).facts[0]
    assert not holds_value(fact, "Application debug logs are retained for 30 days.")
    assert value_about(fact, "Backups are retained for 35 days.") == "for 35 days"


def test_a_quorum_is_stated_whole() -> None:
    fact = make_brief(Question("Q", "How many key shares are required to sign?")).facts[0]
    text = "Withdrawals require approval by 3 of 5 key shares held by separate custodians."
    assert value_about(fact, text) == "3 of 5 key shares"


def test_a_measured_count_comes_before_an_amount_of_money() -> None:
    fact = make_brief(Question("Q", "What is the account lockout threshold?")).facts[0]
    text = "Accounts lock after 5 failed attempts, and the $1M cyber policy covers lockouts."
    assert value_about(fact, text) == "5 failed attempts"


@pytest.mark.parametrize(
    ("question", "run"),
    [
        ("State the retention period for backups containing student data.", ("backup",)),
        ("How long are audit logs retained?", ("audit", "log")),
        ("How long is customer data retained after termination?", ("custom",)),
        (
            "Under your risk management process, how often are risk assessments reviewed?",
            ("risk", "assess"),
        ),
        (
            "Within what timeframe are the user accounts of departing employees disabled?",
            ("user", "account"),
        ),
    ],
)
def test_the_subject_run_is_the_thing_a_value_is_asked_of(
    question: str, run: tuple[str, ...]
) -> None:
    """The words written together after the value asked, up to what restricts them
    ("containing ...", "of ...") and a generic head ("data") aside."""
    assert subject_run(make_brief(Question("Q", question)).facts[0]) == run


def test_a_value_is_read_from_the_sentence_naming_the_subject_not_its_neighbour() -> None:
    """The sentence before states another deadline (staff changing role); the one about
    departing staff states theirs as the end of a day."""
    fact = make_brief(
        Question(
            "Q", "Within what timeframe are the user accounts of departing employees disabled?"
        )
    ).facts[0]
    text = (
        "When a staff member changes role, access that is no longer needed must be removed "
        "within five business days. The accounts of departing staff must be disabled by the "
        "end of their last working day."
    )
    assert value_about(fact, text) == "by the end of their last working day"


def test_a_deadline_for_another_action_is_no_retention_period() -> None:
    """ "Complete training within 30 days of hire" is when training is done, not how
    long its records are kept; a deletion deadline does say how long data is kept."""
    records = make_brief(
        Question("Q", "How long are security awareness training completion records retained?")
    ).facts[0]
    assert not holds_value(
        records, "All employees complete security awareness training within 30 days of hire."
    )
    data = make_brief(Question("Q", "How long is customer data retained after termination?"))
    assert holds_value(
        data.facts[0], "Customer data is deleted within 30 days of contract termination."
    )


@pytest.mark.parametrize("said", ["fortnightly", "bi-weekly", "biweekly"])
def test_a_frequency_of_two_weeks_in_one_word_is_a_frequency(said: str) -> None:
    fact = make_brief(Question("Q", "How frequently are internal vulnerability scans run?")).facts[
        0
    ]
    text = f"Internal vulnerability scans are run {said} using Nessus."
    assert value_about(fact, text) == said


def test_a_deadline_for_an_assessment_is_no_notification_deadline() -> None:
    fact = make_brief(
        Question("Q", "Within what timeframe are customers notified of a security incident?")
    ).facts[0]
    assert not holds_value(
        fact,
        "Where a breach is suspected, the Security Lead must complete an assessment "
        "within 30 days.",
    )
    assert holds_value(fact, "Affected customers are notified within 72 hours of confirmation.")


@pytest.mark.parametrize(
    ("question", "sentence", "holds"),
    [
        (
            "How frequently does the vendor test its disaster recovery plan?",
            "The disaster recovery plan is reviewed and updated annually.",
            False,
        ),
        (
            "How frequently does the vendor test its disaster recovery plan?",
            "The disaster recovery plan is exercised annually.",
            True,
        ),
        (
            "How frequently are vulnerability scans performed on infrastructure?",
            "An independent penetration test of the application is performed annually.",
            False,
        ),
        ("How often are access rights reviewed?", "User access is audited quarterly.", True),
        (
            "How frequently are backups of data stored on servers performed?",
            "Backup job failures are reviewed every business day.",
            False,
        ),
        (
            "How frequently are backups of data stored on servers performed?",
            "Backups are taken nightly and tested quarterly.",
            True,
        ),
    ],
)
def test_a_frequency_of_another_recurring_action_is_not_the_one_asked(
    question: str, sentence: str, holds: bool
) -> None:
    """Reviewing a plan is not testing it, a penetration test is no vulnerability scan;
    an exercise is a test and an audit of access a review of it."""
    assert holds_value(make_brief(Question("Q", question)).facts[0], sentence) is holds


def test_a_period_stating_no_notification_is_no_notification_deadline() -> None:
    fact = make_brief(
        Question("Q", "Within what timeframe are customers notified of a security incident?")
    ).facts[0]
    rto = "The recovery time objective for client-facing platforms is one business day."
    assert not holds_value(fact, rto)
    assert holds_value(fact, "Customers are told of a confirmed security incident within 24 hours.")


def test_a_server_that_stores_data_asks_no_retention() -> None:
    """ "... servers that store or process Restricted data" asks how soon patches are
    applied, not how long anything is kept."""
    fact = make_brief(
        Question(
            "Q",
            "Within what time frame must critical security patches be applied to servers "
            "that store or process Restricted data?",
        )
    ).facts[0]
    assert holds_value(fact, "Critical security patches must be applied within 7 days of release.")


def test_a_figure_binds_beside_immediately() -> None:
    text = (
        "Suspected incidents must be reported to the Security Office immediately, and in any "
        "case within one hour of discovery."
    )
    assert stated_value("duration", text) == "within one hour"
    assert stated_value("duration", "Access is revoked immediately upon termination.") == (
        "immediately"
    )


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        (
            "How long are incident reports retained?",
            "Incident records are retained for seven years.",
            "for seven years",
        ),
        (
            "How quickly are customers notified of a data breach?",
            "Breaches are disclosed to affected customers within 72 hours.",
            "within 72 hours",
        ),
        (
            "How quickly must incidents be reported to management?",
            "Security incidents must be escalated to the CISO within one hour.",
            "within one hour",
        ),
        (
            "How often is the incident response plan tested?",
            "The incident response plan is rehearsed annually and reviewed by the CISO.",
            "annually",
        ),
        (
            "How often are backups tested?",
            "Backup restores are verified monthly and the backup logs reviewed weekly.",
            "monthly",
        ),
        (
            "How long is customer data retained?",
            "Customer data is retained indefinitely unless the customer requests deletion, "
            "which is completed within 30 days.",
            "indefinitely",
        ),
        (  # a notice before it is no time for it
            "Within what timeframe is system access removed for leavers?",
            "Accounts of leavers must be disabled no later than the end of their last working "
            "day. HR will notify the service desk of all leavers at least five working days in "
            "advance where possible.",
            "no later than the end of their last working day",
        ),
        (  # how it is deleted, not for how long it is kept
            "What is your data retention period after contract termination?",
            "All customer data is permanently deleted within 30 days of contract termination.",
            "within 30 days",
        ),
    ],
)
def test_rules_on_actions_keep_what_states_the_action_asked(
    question: str, sentence: str, value: str
) -> None:
    """Found by reading the change: a report retained is no notification asked; other
    words for notifying and testing; a figure for another action is no bound."""
    assert value_about(make_brief(Question("Q", question)).facts[0], sentence) == value


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("by the end of their last working day", 1.0),
        ("the same day", 1.0),
        ("by the end of the month", 31.0),
    ],
)
def test_a_deadline_at_the_end_of_a_period_is_measured(text: str, days: float) -> None:
    assert as_days("duration", text) == days
    assert as_days("frequency", "fortnightly") == 14.0


def test_a_time_is_no_length() -> None:
    """ "What is the minimum password length?" is not answered by a lockout's 30 minutes."""
    fact = make_brief(
        Question("Q", "What is the minimum password length enforced for user accounts?")
    ).facts[0]
    locked = "After 5 wrong inputs of the password the user account is locked for 30 minutes."
    assert not holds_value(fact, locked)
    assert holds_value(fact, "Passwords must be at least 12 characters long.")


def test_a_clause_number_is_no_number_stated() -> None:
    fact = make_brief(
        Question("Q", "What is the minimum password length enforced for user accounts?")
    ).facts[0]
    assert not holds_value(fact, "3.5 Shared user accounts (group accounts) are not allowed.")
    assert value_about(fact, "1.1 The passwords must have minimum 12 signs.") == "12 signs"


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "What is the maximum session length?",
            "Sessions time out after 15 minutes of inactivity.",
        ),
        (
            "What is the RTO for critical systems?",
            "4.5 hours is the recovery time objective for critical systems.",
        ),
        (  # "check" is no generic doing: its own action, in other words than "reviewed"
            "At what interval do you check who has access to applications and production systems?",
            "User access to production systems and all applications is reviewed monthly.",
        ),
    ],
)
def test_rules_for_lengths_clause_numbers_and_other_actions_leave_these_alone(
    question: str, sentence: str
) -> None:
    assert holds_value(make_brief(Question("Q", question)).facts[0], sentence)


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        (
            "What is the remediation SLA for reported critical vulnerabilities?",
            "Critical vulnerabilities are remediated within 7 days.",
            "within 7 days",
        ),
        (
            "How quickly are security alerts triaged?",
            "Critical security events are triaged within 15 minutes.",
            "within 15 minutes",
        ),
        (
            "How quickly do you respond to customer-reported security incidents?",
            "Security incidents are acknowledged within 1 hour.",
            "within 1 hour",
        ),
        (
            "How soon are incidents disclosed to affected clients?",
            "Affected clients are advised of incidents within 48 hours.",
            "within 48 hours",
        ),
        (
            "How quickly are affected customers notified of a breach?",
            "Affected customers will be made aware of a breach within 72 hours.",
            "within 72 hours",
        ),
        (
            "How soon do you alert customers of a breach?",
            "Breaches are contained in 4 hours.",
            None,
        ),
        (
            "How quickly are breaches reported upon detection?",
            "Incidents are triaged in 4 hours.",
            None,
        ),
        (
            "How quickly are reported vulnerabilities remediated?",
            "Critical vulnerabilities are remediated within 15 days.",
            "within 15 days",
        ),
        (
            "How soon will you alert the institution of a breach?",
            "Breaches are contained in 4 hours.",
            None,
        ),
    ],
)
def test_only_a_question_asking_who_is_told_wants_a_telling_deadline(
    question: str, sentence: str, value: str | None
) -> None:
    """ "reported vulnerabilities" and "security alerts" name things, not a telling: their
    deadlines need no notifying word. "Advised" and "made aware" are tellings."""
    assert value_about(_fact(question), sentence) == value


@pytest.mark.parametrize(
    "sentence",
    [
        "After 5 failed password attempts, the account is locked for 30 minutes.",
        "Passwords must be changed every 90 days and must contain 3 character classes.",
        "The last 10 passwords may not be reused.",
    ],
)
def test_a_time_or_another_count_beside_no_length_is_no_length(sentence: str) -> None:
    """A figure counting attempts, classes or remembered passwords, or a time, is no
    password length; one in characters is."""
    fact = _fact("What is the minimum password length?")
    assert value_about(fact, sentence) is None
    assert value_about(
        fact, "Passwords must be at least 12 characters; accounts lock for 30 minutes."
    )
    for stated in (
        "Passwords are a minimum of 12 printable characters and are changed every 90 days.",
        "Passwords have a minimum of 8 alphanumeric characters; lockout after 5 failed attempts.",
    ):
        assert holds_value(fact, stated)


def test_the_unit_a_question_counts_in_is_not_its_subject() -> None:
    """ "How many days are application logs retained?" asks of application logs, as
    "How long are application logs retained?" does."""
    fact = _fact("How many days are application logs retained?")
    assert subject_run(fact) == ("applic", "log")
    both = "Audit logs are retained for 90 days. Application logs are retained for 400 days."
    assert value_about(fact, both) == "400 days"


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        ("How often are firewall rules reviewed?", "Firewall rules are verified every six months."),
        ("How often are backups verified?", "Backups are checked daily."),
        ("How often are backups tested?", "Backups are verified monthly."),
    ],
)
def test_verifying_is_testing_and_reviewing_alike(question: str, sentence: str) -> None:
    assert value_about(_fact(question), sentence) is not None


@pytest.mark.parametrize(
    ("sentence", "days"),
    [
        ("Access is revoked by the end of the employee's last working day.", 1.0),
        ("Access is revoked by end of day.", 1.0),
        ("Access is revoked by the end of the following week.", 7.0),
    ],
)
def test_an_end_of_day_deadline_is_read_in_its_usual_wordings(sentence: str, days: float) -> None:
    value = value_about(_fact("How quickly is access revoked when an employee leaves?"), sentence)
    assert value is not None and as_days("duration", value) == days


def test_a_counted_thing_is_the_subject_of_how_many() -> None:
    assert subject_run(_fact("How many attempts are allowed before lockout?")) == ("attempt",)


def test_a_character_class_rule_is_no_password_length() -> None:
    fact = _fact("What is the minimum password length?")
    lead = (
        "Accounts lock for 30 minutes after 5 failed attempts; passwords need 2 special characters."
    )
    assert not holds_value(fact, lead)


def test_a_part_asking_how_many_minutes_is_answered_by_the_leads_period() -> None:
    """ "..., and after how many minutes?" names its unit, not a subject: the lead that
    states the lock after 15 minutes answers it, as the question asked alone is."""
    brief = make_brief(
        Question(
            "Q", "Do workstations lock automatically after inactivity, and after how many minutes?"
        )
    )
    first, part = brief.facts
    lead = "5.1 Workstations shall automatically lock after fifteen (15) minutes of inactivity."
    assert lead_answers_part(part, first, lead)


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        (
            "Passwords must be changed every 90 days and be at least 12 characters long.",
            "at least 12 characters",
        ),
        (
            "A password history of 24 passwords is enforced and passwords must be at least 12 "
            "characters.",
            "at least 12 characters",
        ),
        ("Passwords must be a minimum of 14 characters in length.", "a minimum of 14 characters"),
    ],
)
def test_a_length_asked_is_the_figure_of_characters(sentence: str, value: str) -> None:
    """The minimum password length was "90 days" (the expiry before it) and "24
    passwords" (the history)."""
    for question in (
        "What is the minimum password length?",
        "Are passwords required to have a minimum length? If so, what is it?",
    ):
        assert value_about(make_brief(Question("Q", question)).facts[0], sentence) == value


@pytest.mark.parametrize(
    ("question", "sentence", "value"),
    [
        (
            "How often are security requirements reviewed?",
            "Security logs are reviewed daily, while security requirements are reviewed annually.",
            "annually",
        ),
        (
            "How long are required records retained?",
            "Operational records are retained for 12 months, while records required by law "
            "are retained for seven years.",
            "for seven years",
        ),
    ],
)
def test_required_and_requirements_name_the_subject(
    question: str, sentence: str, value: str
) -> None:
    """ "requirements" and "required" name what a value is of."""
    assert value_about(make_brief(Question("Q", question)).facts[0], sentence) == value


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        ("HR will notify the service desk of all leavers five working days in advance.", False),
        ("IT disables the access of leavers within 24 hours of being notified by HR.", True),
        ("Access of leavers is removed within 24 hours after HR notifies IT.", True),
        ("Access of leavers is terminated within 24 hours of HR notification.", True),
        (  # a notice beside the action's own period
            "Access of leavers is removed within 24 hours of termination; line managers must "
            "notify IT in advance of planned departures.",
            True,
        ),
    ],
)
def test_a_notice_period_is_no_time_for_the_action_asked(sentence: str, holds: bool) -> None:
    """HR's five days' notice of leavers was given as the time for removing their access."""
    fact = make_brief(Question("Q", "Within what timeframe is system access removed for leavers?"))
    assert holds_value(fact.facts[0], sentence) is holds


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        (
            "Customers are notified of breaking API changes at least 90 days in advance, "
            "through the changelog.",
            False,
        ),
        ("Customers are notified of planned maintenance at least 7 days in advance.", True),
        ("Maintenance windows are announced 5 days ahead on the status page.", True),
        # other words for a service's interruption, or no event named, are read as before
        ("Customers receive at least 7 days notice of any scheduled service interruption.", True),
        ("Planned downtime is announced to customers at least 7 days in advance.", True),
    ],
)
def test_a_notice_of_another_event_is_no_notice_of_the_event_asked(
    sentence: str, holds: bool
) -> None:
    """A fintech's 90 days' notice of breaking API changes was given as its notice of
    scheduled maintenance windows."""
    question = (
        "How much advance notice is given to cloud service customers before scheduled "
        "maintenance windows?"
    )
    assert holds_value(make_brief(Question("Q", question)).facts[0], sentence) is holds


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        ("Backup copies are retained for 90 days unless a longer period is agreed.", False),
        ("Client backups run every 24 hours, giving an RPO of 24 hours.", True),
        ("Backups are taken hourly so that no more than one hour of data can be lost.", True),
        ("| Client backups | 4 hours | 24 hours |", True),  # under its column headers
        ("Our RPO is defined per tier for client backups. Tier 1 backups: 15 minutes.", True),
    ],
)
def test_a_retention_period_is_no_recovery_point_objective(sentence: str, holds: bool) -> None:
    """ "What is the recovery point objective (RPO) for client backups?" was answered
    "for 90 days", how long backup copies are kept."""
    question = "What is the recovery point objective (RPO) for client backups?"
    assert holds_value(make_brief(Question("Q", question)).facts[0], sentence) is holds
    rto = make_brief(Question("Q", "What is the recovery time objective (RTO) for the platform?"))
    platform = "The platform will be back online within 4 hours of a declared disaster."
    assert holds_value(rto.facts[0], platform)  # a recovery time in other words


@pytest.mark.parametrize(
    ("question", "columns", "other"),
    [
        ("What is the RPO for client backups?", "Service Recovery time objective (RTO)", True),
        ("What is the RPO for client backups?", "Service RTO RPO", False),
        ("What is the RPO for client backups?", "Service Maximum data loss", False),
        ("What is the RTO for the platform?", "Tier Recovery point objective", True),
        ("What is the RTO for the platform?", "Tier Recovery time objective", False),
        ("What are your RTO and RPO?", "Tier Recovery point objective", False),  # both asked
        ("How often are backups taken?", "Service RTO", False),  # neither asked
    ],
)
def test_column_headers_naming_only_the_other_recovery_objective(
    question: str, columns: str, other: bool
) -> None:
    fact = make_brief(Question("Q", question)).facts[0]
    assert other_objective_column(fact, columns) is other


@pytest.mark.parametrize(
    ("sentence", "holds"),
    [
        ("Accounts will be locked after 10 consecutive failed logon attempts.", False),
        ("Screens lock after fifteen (15) minutes of inactivity.", True),
        ("Screens lock after a 15-minute idle period.", True),
        ("Screens lock after 15 min of inactivity.", True),
        ("Screens lock after 15 idle minutes.", True),
        ("The screen lock API accepts 100 requests per minute.", False),  # a rate
        ("Screens lock after 1 hour of inactivity.", True),  # another unit of time
    ],
)
def test_how_many_minutes_is_answered_by_a_period_not_by_another_count(
    sentence: str, holds: bool
) -> None:
    """ "If so, after how many minutes?" of a screen lock was answered by the account
    lockout's "10 consecutive failed logon attempts", and nothing was reported missing."""
    brief = make_brief(
        Question(
            "Q",
            "Is an automatic screen lock enforced after a period of inactivity? If so, after "
            "how many minutes?",
        )
    )
    _, part = brief.facts
    assert holds_value(with_asked_subject(part, brief.facts), sentence) is holds


def test_a_part_naming_only_the_value_needs_a_sentence_naming_the_first_parts_subject() -> None:
    """ "..., and within what time?" asks of the accounts: a recovery objective is a
    period of something else."""
    brief = make_brief(Question("Q", "Are a leaver's accounts disabled, and within what time?"))
    first, part = brief.facts
    rto = "The recovery time objective for Tier 2 systems shall be twenty-four (24) hours."
    assert not names_antecedent(part, first, rto)
    assert names_antecedent(part, first, "Accounts are disabled within four (4) hours.")


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Are a departing employee's accounts disabled, and within what time?",
            "Departing employees return their laptops within 5 days and their accounts are "
            "disabled.",
        ),
        (
            "Do workstations lock automatically after inactivity, and after how many minutes?",
            "Workstations are patched within 30 days.",
        ),
    ],
)
def test_a_period_of_another_action_does_not_answer_a_part_naming_only_the_value(
    question: str, lead: str
) -> None:
    """ "..., and within what time?" asks when the first part's practice is done: a
    period in another clause, or of another action on the same subject, is not it."""
    first, part = make_brief(Question("Q", question)).facts
    assert not lead_answers_part(part, first, lead)


@pytest.mark.parametrize(
    ("sentence", "another"),
    [
        ("For involuntary terminations, accounts are disabled immediately.", True),
        ("In the case of contractors, access is removed the same day.", True),
        ("For example, accounts are disabled within a day.", False),
        ("For security reasons, accounts are disabled within a day.", False),
        ("For contractors and employees alike, accounts are disabled within a day.", False),
        ("For all leavers, accounts are disabled within a day.", False),
        ("For interns and contractors, accounts are disabled within 30 days.", True),
        ("For employees and contractors, accounts are disabled within a day.", False),
        ("For audit purposes, accounts are disabled within a day.", False),
        ("For departing employees, accounts are disabled within a day.", False),
        # the rest of what another sentence names
        ("All other accounts are disabled within 30 days.", True),
        ("For all other staff, accounts are disabled within 30 days.", True),
        ("Other than that, accounts are disabled within a day.", False),
    ],
)
def test_a_sentence_opening_on_a_case_the_question_does_not_name(
    sentence: str, another: bool
) -> None:
    fact = _fact("Are a departing employee's accounts disabled?")
    assert opens_on_another_case(fact, sentence) is another


def test_the_rest_is_the_case_asked_when_the_question_asks_of_the_rest() -> None:
    fact = _fact("How often are other suppliers reassessed?")
    assert not opens_on_another_case(fact, "All other Suppliers are reassessed every two years.")


@pytest.mark.parametrize(
    ("sentence", "another"),
    [
        # a condition naming mostly what the question does not: another case
        (
            "When a workforce member changes roles, access not needed for the new role is "
            "removed within 5 business days.",
            True,
        ),
        ("When an employee is terminated, access is revoked within 4 hours.", False),
        ("When an employee leaves, access is revoked within 4 hours.", False),
        ("If an employee is terminated, access is revoked within 4 hours.", False),
        # a condition of the rule itself, not a case
        ("Where feasible, access is revoked within 4 hours.", False),
        ("When possible, access is revoked within 4 hours.", False),
    ],
)
def test_a_sentence_opening_on_a_condition_the_question_does_not_name(
    sentence: str, another: bool
) -> None:
    """A role change's 5 business days led the answer to how soon a terminated
    employee's access is removed (the right sentence, "within four (4) hours", second)."""
    fact = _fact("Within what timeframe is system access removed when an employee is terminated?")
    assert opens_on_another_case(fact, sentence) is another


@pytest.mark.parametrize(
    ("question", "named"),
    [
        ("How often is the business continuity plan tested?", ("busi", "continu")),
        ("How often is the incident response plan reviewed?", ("incid", "respons")),
        ("How often are backups tested?", ()),
        ("How often is the plan tested?", ()),
    ],
)
def test_the_words_naming_which_plan_a_value_is_asked_of(
    question: str, named: tuple[str, ...]
) -> None:
    assert document_named(_fact(question)) == named


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Are a departing employee's accounts disabled, and within what time?",
            "Upon termination, all user accounts are deactivated within 24 hours.",
        ),
        (
            "Are a departing employee's accounts disabled, and within what time?",
            "Access of departing employees is revoked within 24 hours.",
        ),
        (
            "Are vulnerabilities remediated, and within what time?",
            "Critical vulnerabilities are patched within 7 days.",
        ),
    ],
)
def test_a_part_naming_only_the_value_is_answered_by_a_practice_in_other_words(
    question: str, lead: str
) -> None:
    """The first part's participle in other words ("deactivated", "revoked", "patched")
    leaves the sentence whole to be read for the value."""
    first, part = make_brief(Question("Q", question)).facts
    assert lead_answers_part(part, first, lead)


@pytest.mark.parametrize(
    ("question", "sentence", "another"),
    [
        (
            "How often is the business continuity plan tested?",
            "The incident response plan shall be tested at least annually.",
            True,
        ),
        ("How often is the business continuity plan tested?", "The BCP is tested yearly.", False),
        ("How often is the business continuity plan tested?", "This plan is tested yearly.", False),
        (
            "How often is the business continuity plan tested?",
            "Business continuity and disaster recovery plans are tested annually.",
            False,
        ),
        ("How often is the DR plan tested?", "The disaster recovery plan is tested yearly.", False),
        (
            "How often is the IR plan tested?",
            "The business continuity plan is tested yearly.",
            True,
        ),
        (
            "How often is the security awareness program reviewed?",
            "The vendor management program is reviewed annually.",
            True,
        ),
        ("How often are backups tested?", "The incident response plan is tested yearly.", False),
        (  # "response" is the incident response plan's word too: "disaster" sets it apart
            "How often is the disaster response plan exercised?",
            "The Incident Response Plan is tested at least annually.",
            True,
        ),
        (
            "How often is the disaster response plan exercised?",
            "The disaster recovery plan is tested twice a year.",
            False,
        ),
        (  # "security" names the field, not which plan
            "How often is the security incident response plan tested?",
            "The incident response plan is tested annually.",
            False,
        ),
        (  # a plan named by fewer of its words is the plan asked
            "How often is the business continuity plan tested?",
            "The Continuity Plan is exercised each year.",
            False,
        ),
        (
            "How often is the supplier risk management programme reviewed?",
            "The Vendor Risk Management Programme is reviewed annually.",
            False,
        ),
    ],
)
def test_a_sentence_naming_another_plan_states_another_plans_value(
    question: str, sentence: str, another: bool
) -> None:
    assert names_another_document(_fact(question), sentence) is another


@pytest.mark.parametrize(
    ("kind", "text", "value", "days"),
    [
        ("duration", "Access is removed within 24h of offboarding.", "within 24h", 1.0),
        ("duration", "Snapshots are kept for 35d.", "for 35d", 35.0),
        ("duration", "Sessions expire after 15 mins of inactivity.", "after 15 mins", 15 / 1440),
        ("duration", "Audit logs: retained for 1yr.", "for 1yr", 365.25),
        ("frequency", "We rotate DB creds every 30d via Vault.", "every 30d", 30.0),
        ("frequency", "Backups run every 4h.", "every 4h", 4 / 24),
    ],
)
def test_a_period_in_engineers_shorthand_is_a_period(
    kind: str, text: str, value: str, days: float
) -> None:
    """Runbooks write "24h" and "30d": the value is read as written and measured in
    days (it was no value at all, and the sentence no answer to "how long?")."""
    assert stated_value(kind, text) == value
    assert as_days(kind, value) == pytest.approx(days)


@pytest.mark.parametrize(
    "text",
    [
        "Card payments use 3D Secure for every purchase.",  # a name, capital D
        "See advisory GHSA-4r7x-477h-xgwv for details.",  # part of an identifier
        "Release 2.30d fixed the login page.",  # part of a version
    ],
)
def test_a_letter_after_a_figure_in_a_name_is_no_period(text: str) -> None:
    assert stated_value("duration", text) is None


def test_a_demand_is_judged_against_a_period_in_shorthand() -> None:
    assert (
        demand_met(_demand("Are logs retained for at least 90 days?"), "Logs kept for 30d.")
        is False
    )
    assert (
        demand_met(_demand("Is access revoked within 24 hours?"), "Access revoked within 4h.")
        is True
    )


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Customers may audit us once per calendar year.", "once per calendar year"),
        ("Backups are made each 4 hours.", "each 4 hours"),
    ],
)
def test_a_frequency_in_other_words_is_read_whole(text: str, value: str) -> None:
    """ "once per calendar year" was cut to "once per calendar"; "each 4 hours" was no
    frequency (a false "Not covered")."""
    assert stated_value("frequency", text) == value


def test_a_deadline_on_the_last_working_day_is_a_period() -> None:
    """ "The access is revoked at the latest on the last working day" answered "When is
    access revoked for employees who leave?" with "Documented"."""
    text = "6.3 The access is revoked at the latest on the last working day of the employee."
    value = stated_value("duration", text)
    assert value == "at the latest on the last working day"
    assert as_days("duration", value) == 1.0


def test_a_bound_added_with_and_in_any_case_is_the_same_acts() -> None:
    """ "... without undue delay and in any case within 36 hours" states the time asked
    by "..., without undue delay? Within how many hours?" (a bare "Yes" was given)."""
    first, part = make_brief(
        Question(
            "Q",
            "Do you notify the controller of a personal data breach without undue delay? "
            "Within how many hours?",
        )
    ).facts
    lead = (
        "7.1 The Processor notifies the Controller of a Personal Data Breach without undue "
        "delay and in any case within 36 hours after the Processor became aware of it."
    )
    assert lead_answers_part(part, first, lead)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Backups are replicated to two regions, each one encrypted, daily.", "daily"),
        ("Four environments, each 1 scanned in turn every month.", "every month"),
        ("Passwords expire every ninety (90) days.", "every ninety (90) days"),
        ("Reviews happen every 6 (six) months.", "every 6 (six) months"),
    ],
)
def test_each_counts_a_frequency_only_with_its_unit(text: str, value: str) -> None:
    """ "each one encrypted" was read as a frequency; "every ninety (90) days" lost its
    unit ("every ninety")."""
    assert stated_value("frequency", text) == value


def test_a_figure_beside_another_cells_unit_is_no_value() -> None:
    """A PDF table's wrapped cells are extracted line by line: "Tier 3 ... corporate wiki
    3 hours hours" put Tier 3's figure beside another cell's "hours", and "3 hours" was
    given as the RTO (the table states 72)."""
    garbled_row = "Tier 3 Internal tools, corporate wiki 3 hours hours"
    assert stated_value("duration", garbled_row) is None
    assert stated_value("duration", "Tier 3 systems are restored within 72 hours.") == (
        "within 72 hours"
    )


@pytest.mark.parametrize(
    ("sentence", "value"),
    [
        ("Support completes the deletion within 10 business days.", "within 10 business days"),
        ("Reviews are closed within\n    10 working days.", "within 10 working days"),
        ("Requests are answered within 5 calendar days.", "within 5 calendar days"),
    ],
)
def test_a_figure_of_business_days_is_stated_with_its_unit(sentence: str, value: str) -> None:
    """ "within 10 business days" was given as "10 business" for a time asked."""
    assert stated_value("number", " ".join(sentence.split()), ("time",)) == value


def test_at_least_once_daily_is_a_daily_frequency() -> None:
    """ "reviewed at least once daily" was read as "at least once" (no period), and the
    SAQ's "at least once daily" demand was reported as stated by no quote."""
    demand = Fact("at least once daily", ("audit", "log", "review"), "frequency")
    sentence = "Audit logs are reviewed at least once daily by the SOC."
    assert value_about(demand, sentence) == "at least once daily"
    assert demand_met(demand, sentence) is True
    assert demand_met(demand, "Audit logs are reviewed at least once weekly.") is False


def test_a_sum_counted_per_year_is_no_frequency() -> None:
    """ "annual turnover of more than $3 million" was read as how often an incident
    response plan is tested."""
    assert (
        frequencies("Entities with an annual turnover of more than $3 million must report.") == []
    )
    assert frequencies("An annual penetration test is performed.") == [("annual", 365.25)]


def test_a_case_naming_the_qualifier_asked_is_the_one_asked() -> None:
    """(review) "For administrator accounts, passwords must be at least 15 characters"
    was another case for the administrators' password length."""
    brief = make_brief(Question("Q", "What is the minimum password length for administrators?"))
    whole = Fact(brief.question, brief.facts[0].terms, None)
    case = "For administrator accounts, passwords must be at least 15 characters."
    assert not opens_on_another_case(whole, case)
    general = make_brief(Question("Q", "What is the minimum password length?"))
    assert opens_on_another_case(Fact(general.question, general.facts[0].terms, None), case)


def test_a_count_ending_on_a_modifier_takes_its_noun() -> None:
    """ "How many approving reviews are required?" was answered "two approving"."""
    sentence = "Pull requests to main require two approving reviews from code owners."
    assert stated_value("number", sentence, ("approv", "requir")) == "two approving reviews"
    attempts = "The account locks after 5 failed attempts."
    assert stated_value("number", attempts, ("fail", "attempt")) == "5 failed attempts"


def test_a_period_that_is_no_recovery_time_holds_no_rto() -> None:
    """ "What is the recovery time objective (RTO)...?" was answered "for 14 days after
    creation" from backups locked in a "Recovery Services vault": the words of the
    product's name are no recovery time."""
    fact = Fact(
        "What is the recovery time objective (RTO) for the services?",
        (stem("recovery"), stem("time"), stem("objective"), "rto", stem("services")),
        "duration",
    )
    locked = (
        "Backups in the Azure Recovery Services vault have immutability enabled so that they "
        "cannot be deleted for 14 days after creation."
    )
    assert not holds_value(fact, locked)
    assert holds_value(fact, "Client services are restored within 8 hours of a declared disaster.")


def test_how_often_policies_are_reviewed_is_stated_of_a_document() -> None:
    """ "How often are information security policies reviewed?" is not answered
    "quarterly" from "Privileged access rights are reviewed quarterly by the
    Information Security Manager": the manager's title named the subject."""
    fact = Fact(
        "How often are information security policies reviewed?",
        (stem("information"), stem("security"), stem("reviewed")),
        "frequency",
    )
    manager = (
        "7.3 Privileged access rights are reviewed quarterly by the Information Security Manager."
    )
    assert not holds_value(fact, manager)
    assert holds_value(
        fact, "All topic-specific policies are reviewed at least annually by their owner."
    )


def test_a_company_reviewing_its_policies_up_to_date_asks_a_documents_review() -> None:
    """VSAQ's "How often does your company review its security and privacy policies to
    ensure they are up to date?" was answered "every Monday" from a dashboard's review:
    "review its ... policies" asks of documents, and "up to date" is no upper bound."""
    fact = _fact(
        "How often does your company review its security and privacy policies to ensure "
        "they are up to date?"
    )
    assert stem("date") not in fact.terms
    policy = "Policies are reviewed at least once a year by the Security Officer."
    assert holds_value(fact, policy)
    assert not holds_value(
        fact, "The security engineer reviews the security dashboard every Monday."
    )
    # a schedule's item done per a policy is no review of it
    schedule = (
        "Apply OS Patches [monthly] - Verify Data Disposal per Retention Policy [quarterly] - "
        "Review Security Monitoring and Alerting Configuration [quarterly]"
    )
    assert not holds_value(fact, schedule)
    # the verb's object must be the documents: access reviewed per a policy is no review of it
    other = _fact("How often do you review user access according to your policies?")
    assert holds_value(other, "User access is reviewed quarterly by managers.")


@pytest.mark.parametrize(
    "sentence",
    [
        "Recovery of Tier 1 critical systems shall be completed within 4 hours of a disaster.",
        "Critical systems must be operational again within 4 hours of a declared disaster.",
    ],
)
def test_a_recovery_in_other_words_holds_the_rto(sentence: str) -> None:
    fact = Fact(
        "What is the recovery time objective (RTO) for critical systems?",
        (
            stem("recovery"),
            stem("time"),
            stem("objective"),
            "rto",
            stem("critical"),
            stem("systems"),
        ),
        "duration",
    )
    assert holds_value(fact, sentence)


def test_a_policy_review_is_read_with_the_sentence_before_and_a_named_subject_stays_its_own() -> (
    None
):
    """ "The Information Security Policy is approved by the CEO. It is reviewed at least
    annually." states the policy's review; a question naming its own subject ("firewall
    rule sets and configuration standards", "the incident response plan") is read as
    before."""
    policies = Fact(
        "How often are information security policies reviewed?",
        (stem("information"), stem("security"), stem("reviewed")),
        "frequency",
    )
    two = (
        "The Information Security Policy is approved by the CEO. It is reviewed at least annually."
    )
    assert holds_value(policies, two)
    rules = Fact(
        "How often are firewall rule sets and configuration standards reviewed?",
        (stem("firewall"), stem("rule"), stem("sets"), stem("configuration"), stem("reviewed")),
        "frequency",
    )
    assert holds_value(rules, "Firewall rule sets are reviewed every six months.")
    plan = Fact(
        "How often is the incident response plan reviewed?",
        (stem("incident"), stem("response"), stem("reviewed")),
        "frequency",
    )
    assert not holds_value(plan, "The vendor management program is reviewed quarterly.")


def test_a_deletion_deadline_after_an_exit_is_no_retention_period() -> None:
    """ "For how long are backups of the financial entity's data retained?" was answered
    "within 60 days" from "After the end of the transition period, all customer data,
    including backups, is securely deleted within 60 days" once the financial entity
    was read as the customer. A question about that exit is answered by it."""
    fact = Fact(
        "For how long are backups of the financial entity's data retained?",
        (stem("backups"), stem("financial"), stem("entity"), stem("data"), stem("retained")),
        "duration",
    )
    exit_deadline = (
        "After the end of the transition period, all customer data, including backups, is "
        "securely deleted within 60 days."
    )
    assert not holds_value(fact, exit_deadline)
    assert holds_value(fact, "Backups are encrypted and retained for 35 days.")
    after = Fact(
        "How long is customer data retained after contract termination?",
        (stem("customer"), stem("data"), stem("retained"), stem("contract"), stem("termination")),
        "duration",
    )
    assert holds_value(
        after, "Upon termination of the contract, all customer data is deleted within 30 days."
    )


@pytest.mark.parametrize(
    ("question", "sentence", "holds"),
    [
        (
            "What is the recovery time objective (RTO) for critical systems?",
            "Critical systems are failed over to the secondary region within 2 hours.",
            True,
        ),
        (
            "What is the recovery time objective (RTO) for critical systems?",
            "Tier 1 critical systems shall be reinstated within 4 hours.",
            True,
        ),
        (
            "How long are audit logs retained?",
            "Audit logs are retained for 12 months; on closure of an account, logs are deleted "
            "within 90 days.",
            True,
        ),
        (
            "How often are information security policies reviewed?",
            "Vendor risk assessments are reviewed annually under the Third-Party Risk Management "
            "Program.",
            False,
        ),
    ],
)
def test_second_review_cases(question: str, sentence: str, holds: bool) -> None:
    """A recovery in other words ("failed over", "reinstated") is a recovery time; a
    retention period beside an exit's deadline is still one; a programme a review is
    done under is no policy reviewed."""
    brief = make_brief(Question("Q", question))
    assert holds_value(brief.facts[0], sentence) is holds


def test_a_figure_counted_per_minute_is_a_rate_not_a_count() -> None:
    """ "Login endpoints are rate limited to 10 attempts per minute per IP address"
    answered after how many failed attempts an account is locked: "10 attempts"."""
    lockout = ("fail", "login", "attempt", "user", "account", "lock")
    rate = "Login endpoints are rate limited to 10 attempts per minute per IP address."
    assert stated_value("number", rate, lockout) is None
    locked = "Accounts are locked after 5 failed login attempts per 15 minutes."
    assert stated_value("number", locked, lockout) == "5 failed login attempts"
    window = "Accounts are locked for 30 minutes after 5 failed login attempts per hour."
    assert stated_value("number", window, lockout) == "5 failed login attempts"
    minimum = (
        "Accounts are locked for a minimum lockout of 30 minutes after 5 failed login attempts."
    )
    assert stated_value("number", minimum, lockout) == "5 failed login attempts"
    asked = ("request", "minut", "api", "allow")  # "How many requests per minute ...?"
    api = "The API is rate limited to 100 requests per minute per token."
    assert stated_value("number", api, asked) == "100 requests"


def test_a_part_naming_its_subject_by_a_pronoun_is_answered_by_the_lead() -> None:
    """ "how frequently must employees complete it?" asks of the training before it."""
    from dossier.records import Question
    from dossier.research.brief import make_brief
    from dossier.research.values import lead_answers_part, subject_part

    brief = make_brief(
        Question(
            "Q",
            "Is there a security awareness training program, and how frequently must "
            "employees complete it?",
        )
    )
    part = brief.facts[1]
    lead = "All staff must complete security awareness training on joining and annually thereafter."
    assert lead_answers_part(part, subject_part(part, brief.facts), lead)


def _further_part(question: str) -> Fact:
    """A two-part question's second part, with the subject it is asked of."""
    brief = make_brief(Question("Q", question))
    return own_subject(brief.facts[1], brief.facts[0])


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "| Account lockout threshold | 5 consecutive failed attempts |",
            "5 consecutive failed attempts",
        ),
        ("Accounts lock after five unsuccessful tries.", "five unsuccessful tries"),
        ("The threshold is 5 failed.", "5 failed"),  # no noun after it: as written
    ],
)
def test_a_count_ends_on_its_noun_not_its_modifier(text: str, value: str) -> None:
    """ "What is the lockout threshold?" was answered "Yes; 5 consecutive failed"."""
    assert stated_value("number", text, [stem("lockout"), stem("threshold")]) == value


def test_a_flattened_tables_value_is_read_from_the_row_naming_the_subject() -> None:
    """A PDF's retention table flattened to lines gave "Yes; 10 years" (its first row,
    financial statements) for "Are security event logs retained ...? If so, what is the
    retention period?", whose row says 12 months."""
    part = _further_part(
        "Are security event logs retained for a defined period? If so, what is the "
        "retention period?"
    )
    table = (
        "Table 1 - Retention periods by record type\nRecord type Retention period Remarks\n"
        "Annual financial statements, 10 years HGB\naccounting records\n"
        "Security event logs (SIEM) 12 months Longer where subject to an investigation\n"
        "Firewall and VPN connection logs 6 months"
    )
    assert value_about(part, table) == "12 months"
    # prose over several lines ending in sentences is no table: its sentence's value
    prose = "Security event logs are kept\nfor 12 months. Firewall logs\nare kept for 6 months."
    assert value_about(part, prose) == "for 12 months"


def test_a_length_asked_again_of_some_accounts_is_the_first_parts_length() -> None:
    """HECVAT's "... require a minimum password/passphrase length, and if so, what is the
    minimum length for user accounts?" was answered "Yes; two business days" from "Employee
    accounts are activated ... normally two business days before your start date"."""
    part = _further_part(
        "Does your password policy require a minimum password/passphrase length, and if "
        "so, what is the minimum length for user accounts?"
    )
    faq = "Employee accounts are activated normally two business days before your start date."
    assert not holds_value(part, faq)
    assert value_about(part, "Minimum length | 12 characters | 16 characters") == "12 characters"


def test_the_row_of_the_control_a_question_names_gives_its_value() -> None:
    """A standard's parameter table flattened: "... (AC-2(3))? If so, after how many
    days?" was answered "2(2) Time" (a control's number read as a count), and "...
    (AC-11)? ... what is the inactivity timeout?" "72 hours" (AC-2(2)'s row)."""
    table = (
        "AC-2(2) Time period after which temporary and 72 hours\n"
        "emergency accounts are removed\n"
        "AC-2(3) Time period of inactivity after which 35 days\n"
        "accounts are disabled\n"
        "AC-11(a) Inactivity period before session lock 15 minutes\n"
        "AC-2(1) Automated System Account Management"
    )
    days = _further_part(
        "Are user accounts disabled after a period of inactivity (NIST SP 800-53 AC-2(3))? If "
        "so, after how many days?"
    )
    assert value_about(days, table) == "35 days"
    lock = _further_part(
        "Is a session lock enforced after a period of inactivity (AC-11)? If so, what is the "
        "inactivity timeout?"
    )
    assert value_about(lock, table) == "15 minutes"
    assert stated_value("number", "AC-2(2) Time period of review") is None


@pytest.mark.parametrize(
    ("question", "text", "value"),
    [
        (  # prose wrapped over lines is no table: its sentence's value
            "Are audit logs retained, and what is the retention period?",
            "Operational logs are kept for 30 days and audit\nlogs are retained for one year, "
            "after which audit\nlogs are archived to cold storage for a further six years.",
            "for one year",
        ),
        (  # the first part's practice is not what the period is asked of
            "Are audit logs protected from tampering, and what is the retention period?",
            "Audit logs are protected from tampering by write-once storage with a 7 day object "
            "lock. Audit logs are retained for one year.",
            "for one year",
        ),
        (
            "Are backups encrypted, and what is the retention period?",
            "Backup encryption keys are destroyed 30 days after a customer leaves. Backups are "
            "retained for 35 days.",
            "for 35 days",
        ),
        (  # a control named at a sentence's end, another beside it
            "Is a session lock enforced (AC-11)? If so, what is the inactivity timeout?",
            "Remote desktop sessions are disconnected after 60 minutes (AC-12). Workstation "
            "sessions lock after 15 minutes of inactivity per AC-11.",
            "after 15 minutes",
        ),
        (  # an enhancement written with a space
            "Are user accounts disabled after inactivity (AC-2(3))? If so, after how many days?",
            "AC-2 (2) Time period after which temporary 72 hours\nemergency accounts are "
            "removed\nAC-2 (3) Time period of inactivity after which 35 days\naccounts are "
            "disabled\nAC-11 Lock 15 minutes",
            "35 days",
        ),
        (  # "AES-256" names no control
            "Are backups encrypted with AES-256 and retained for a defined period? If so, what "
            "is the retention period?",
            "Backups are retained for 35 days. Audit logs are encrypted with AES-256 and "
            "retained for one year.",
            "for 35 days",
        ),
        (  # a length asked again of another thing is its own
            "Do you enforce a minimum password length, and what is the maximum session length?",
            "Passwords must be at least 12 characters long. Sessions expire after a maximum of "
            "12 hours.",
            "a maximum of 12 hours",
        ),
    ],
)
def test_a_further_parts_value_is_its_own_subjects(question: str, text: str, value: str) -> None:
    assert value_about(_further_part(question), text) == value


@pytest.mark.parametrize(
    ("question", "text", "value"),
    [
        (  # technical policies are no documents reviewed
            "How often do you review all firewall rules and policies?",
            "All policies are reviewed annually by their owners. Firewall rules are reviewed "
            "every six months.",
            "every six months",
        ),
        (
            "How often do you review your IAM policies for least privilege?",
            "All policies are reviewed annually by their owners. IAM policies are reviewed "
            "quarterly.",
            "quarterly",
        ),
        (  # a policy complied with and reviewed is named
            "How often are policies reviewed?",
            "All personnel must comply with the Acceptable Use Policy, which is reviewed and "
            "approved annually by the CISO.",
            "annually",
        ),
        (  # a policy a practice follows is not reviewed
            "How often does your company review its security and privacy policies to ensure "
            "they are up to date?",
            "User access is reviewed quarterly in accordance with the access control policy.",
            None,
        ),
    ],
)
def test_how_often_documents_are_reviewed_is_read_of_documents(
    question: str, text: str, value: str | None
) -> None:
    assert value_about(make_brief(Question("Q", question)).facts[0], text) == value


def test_records_of_a_thing_are_the_things_records() -> None:
    """ "Do you retain records of security incidents, and if so, for how long?" was
    answered "Yes; 5 years" from a schedule's "Security awareness training completion
    records" row (it names "records") beside "Security incident files ... 6 years"."""
    fact = make_brief(
        Question("Q", "Do you retain records of security incidents, and if so, for how long?")
    ).facts[-1]
    assert subject_run(fact) == (stem("security"), stem("incidents"))
    kinds = make_brief(
        Question("Q", "How long is data of any kind retained after contract termination?")
    ).facts[-1]
    assert subject_run(kinds) == (stem("data"),)  # "of any kind" restricts, names no thing


def test_a_count_of_months_joined_to_monthly_is_its_own_frequency() -> None:
    """ "changed from six-monthly to quarterly" was answered "monthly": the word was cut
    out of "six-monthly", which is every six months."""
    assert stated_value("frequency", "Privileged access is reviewed six-monthly.") == "six-monthly"
    assert as_days("frequency", "six-monthly") == pytest.approx(365.25 / 2)
    assert as_days("frequency", "three-monthly") == pytest.approx(365.25 / 4)
    assert as_days("frequency", "twice-yearly") == pytest.approx(365.25 / 2)
    assert as_days("frequency", "12-monthly") == pytest.approx(365.25)
    assert [said for said, _ in frequencies("Reviews moved from six-monthly to quarterly.")] == [
        "six-monthly",
        "quarterly",
    ]
    assert as_days("frequency", "bi-monthly") == pytest.approx(365.25 / 6)
    assert stated_value("frequency", "Logs are reviewed monthly.") == "monthly"


@pytest.mark.parametrize(
    ("said", "days"),
    [
        ("half-yearly", 365.25 / 2),
        ("semi-monthly", 365.25 / 24),
        ("bi-annually", 365.25 / 2),
        ("six\u2011monthly", 365.25 / 2),  # a word processor's non-breaking hyphen
    ],
)
def test_a_frequency_joined_by_a_hyphen_is_read_whole(said: str, days: float) -> None:
    """(review) "half-yearly" was answered "yearly" before, and nothing once "monthly"
    after a hyphen was no longer read alone."""
    assert stated_value("frequency", f"Privileged access is reviewed {said}.") == said
    assert as_days("frequency", said) == pytest.approx(days)


def test_a_change_from_one_period_to_another_states_the_new_one() -> None:
    """ "log retention extended from 6 to 13 months" was read as the range "6 to 13
    months" (the longest, 13 months, by luck); a range stays a range."""
    said = "Annual review; log retention extended from 6 to 13 months."
    assert stated_value("duration", said) == "13 months"
    assert stated_value("duration", "Logs are kept 6 to 13 months.") == "6 to 13 months"


def test_a_range_from_one_period_to_another_stays_a_range() -> None:
    """(review) "anywhere from 6 to 13 months" is a range; only a change ("extended
    from ... to ...") states the second period alone."""
    said = "Audit logs are retained for anywhere from 6 to 13 months, depending on the source."
    assert stated_value("duration", said) == "6 to 13 months"


def test_a_period_named_as_the_measure_of_something_else_is_no_retention_period() -> None:
    """ "What is the retention period for security event logs?" was answered "4 hours"
    from "downtime ... should not exceed 4 hours in any rolling 12-month period": the
    word "period" named the part's subject."""
    from dossier.research.values import states_part_value, subject_part

    brief = make_brief(
        Question(
            "Q", "Are audit logs retained? What is the retention period for security event logs?"
        )
    )
    part = brief.facts[1]
    first = subject_part(part, brief.facts)
    downtime = (
        "Downtime of the payment switch should not exceed 4 hours in any rolling 12-month period."
    )
    assert not states_part_value(part, first, downtime)
    security = "Security event logs are retained for 12 months."
    assert states_part_value(part, first, security)


def test_a_policys_review_of_itself_meets_the_demand_of_a_question_asking_it_be_reviewed() -> None:
    """ "Is the information security policy reviewed at least annually?" went to a
    person beside "This policy is reviewed at least once every twelve months": the
    critic found "no quote states such a frequency" (the policy, its own subject, names
    none of the question's terms); a review of something else still meets nothing."""

    policy = _demand("Is the information security policy reviewed at least annually?")
    twelve = "This policy is reviewed at least once every twelve months, or sooner after a change."
    assert demand_met(policy, twelve) is True
    assert demand_met(policy, "This policy is reviewed every two years.") is False
    assert demand_met(policy, "Access rights are reviewed annually.") is None
    access = _demand("Are user access rights reviewed at least annually?")
    assert demand_met(access, "This policy is reviewed annually by the CISO.") is None


def test_a_review_under_a_policy_is_not_the_policys_review() -> None:
    """(review) "Under this policy, user access rights are reviewed annually" was read as
    the information security policy's own review."""

    policy = _demand("Is the information security policy reviewed at least annually?")
    under = "Under this policy, user access rights are reviewed annually by system owners."
    assert demand_met(policy, under) is None
    assert demand_met(policy, "All policies are reviewed at least annually.") is True


@pytest.mark.parametrize(
    ("question", "text", "value"),
    [
        ("What is the data retention period?", "The retention period is 7 years.", "7 years"),
        ("What is the idle timeout?", "The session timeout is 15 minutes.", "15 minutes"),
    ],
)
def test_a_value_named_by_its_own_name_is_still_stated(
    question: str, text: str, value: str
) -> None:
    """(review) Dropping "period" and "timeout" from the subject lost these values."""
    fact = make_brief(Question("Q", question)).facts[0]
    found = value_about(fact, text)
    assert found is not None and value in found


def test_a_demand_on_all_policies_is_met_by_their_review_line() -> None:
    """(passes) CAIQ's "Are all relevant organizational policies and associated
    procedures reviewed at least annually ...?" went to a person beside "6.1 All policies
    in the ISMS policy framework, and their supporting procedures, are reviewed at least
    annually": the policies added to the demand's subject were asked of the sentence."""
    question = (
        "Are all relevant organizational policies and associated procedures reviewed at least "
        "annually, or when a substantial change occurs within the organization?"
    )
    brief = make_brief(Question("Q", question))
    yearly = next(f for f in brief.facts if f.text == "at least annually")
    line = (
        "6.1 All policies in the ISMS policy framework, and their supporting procedures, are "
        "reviewed at least annually and whenever a significant organisational change occurs."
    )
    assert demand_met(yearly, line) is True


@pytest.mark.parametrize(
    "text",
    [
        "All user access under this policy is reviewed quarterly.",
        "The IT team reviews the standard access requests daily.",
    ],
)
def test_a_review_of_something_under_a_policy_is_not_its_own_review(text: str) -> None:
    """(review) Both read as the policy's own review."""
    brief = make_brief(Question("Q", "Is the information security policy reviewed annually?"))
    demand = next(f for f in brief.facts if f.text in brief.demands)
    assert demand_met(demand, text) is None


def test_a_review_and_update_of_the_policies_asks_their_review() -> None:
    """ "Do you review and update your information security policies at least
    annually?" (two verbs before the documents) was not read as asking the policies'
    review: a weekly change board's meeting led the answer."""
    from dossier.research.values import documents_review_asked

    assert documents_review_asked(
        "Do you review and update your information security policies at least annually?"
    )
    assert not documents_review_asked("Do you review and update access rights annually?")
