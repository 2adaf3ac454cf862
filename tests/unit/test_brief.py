"""Unit tests for dossier.research.brief: sentences, preamble, facts, asks, identifiers,
normalised."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.common.textutil import stem
from dossier.records import Brief, Question
from dossier.research.brief import _brief, asks_for, make_brief, sentences


def brief(text: str, qid: str = "Q1") -> Brief:
    return make_brief(Question(qid, text))


# --- sentences ------------------------------------------------------------------------


def test_sentences_split_on_ends() -> None:
    assert sentences("Keys matter. Do you rotate them? Yes! Explain.") == [
        "Keys matter.",
        "Do you rotate them?",
        "Yes!",
        "Explain.",
    ]


def test_eg_and_etc_do_not_split() -> None:
    text = "List your SIEM tools, e.g. Splunk or Sentinel, etc. and describe them. Also explain."
    assert sentences(text) == [
        "List your SIEM tools, e.g. Splunk or Sentinel, etc. and describe them.",
        "Also explain.",
    ]


@pytest.mark.parametrize(
    "abbreviation", ["e.g.", "i.e.", "E.g.", "etc.", "vs.", "incl.", "approx."]
)
def test_abbreviations_protected(abbreviation: str) -> None:
    text = f"Name the tools ({abbreviation} Okta) used for SSO?"
    assert sentences(text) == [text]


def test_lowercase_sentence_start_splits_but_decimal_does_not() -> None:
    assert sentences("Version 2.1 applies. then review") == ["Version 2.1 applies.", "then review"]


# --- preamble, query -------------------------------------------------------------------------


def test_preamble_is_dropped_when_a_question_exists() -> None:
    b = brief(
        "Policies are most valuable if kept current. Reviews matter to auditors. "
        "How often do you review your security policies?"
    )
    assert b.query == "How often do you review your security policies?"
    assert "auditor" not in b.terms and "valuabl" not in b.terms
    assert b.terms == ("review", "secur")
    assert len(b.facts) == 1
    assert b.facts[0].asks == "frequency"


def test_everything_kept_when_no_sentence_asks() -> None:
    b = brief("Describe your backup process. Include offsite copies in the description.")
    assert b.query == "Describe your backup process. Include offsite copies in the description."
    assert "offsit" in b.terms


def test_note_sentence_is_dropped() -> None:
    b = brief("Describe your backup process. Note: include offsite copies.")
    assert b.query == "Describe your backup process."
    assert "offsit" not in b.terms


def test_note_with_capital_after_colon_is_dropped() -> None:
    b = brief("Describe your backup process. Note: Include offsite copies.")
    assert b.query == "Describe your backup process."
    assert len(b.facts) == 1


def test_whitespace_is_folded() -> None:
    b = brief("  How   often\n are keys\trotated?  ")
    assert b.query == "How often are keys rotated?"
    assert b.question == "  How   often\n are keys\trotated?  "  # kept as asked
    assert b.question_id == "Q1"


# --- asks ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("How often are backups tested?", "frequency"),
        ("How frequently are access reviews performed?", "frequency"),
        ("At what interval are keys rotated?", "frequency"),
        ("What is the review frequency for firewall rules?", "frequency"),
        ("How long are audit logs retained?", "duration"),
        ("If so, what is the timeout?", "duration"),
        ("After how long without activity does the application end a session?", "duration"),
        ("What is the idle session time-out for administrators?", "duration"),
        ("What is the retention period for audit logs?", "duration"),
        # a recurring practice's period is how often it recurs ("every 90 days")
        ("What is the rotation period for key encryption keys?", "frequency"),
        ("What is the review cycle for firewall rules?", "frequency"),
        ("Confirm the maximum time to revoke logical access for leavers.", "duration"),
        ("Please state the maximum time to remediate critical vulnerabilities.", "duration"),
        ("Confirm the time to market for new features is tracked.", None),
        ("What is the response time for a critical (SEV1) incident?", "duration"),
        ("What is your uptime SLA?", None),
        ("What is your remediation SLA for critical findings?", "duration"),
        ("Within what time are incidents reported?", "duration"),
        ("How many people are on the security team?", "number"),
        ("How much budget goes to security?", "number"),
        ("What percentage of staff completed training?", "number"),
        ("What are your remediation timeframes for critical vulnerabilities?", "duration"),
        ("What SLAs apply to patching high severity findings?", "duration"),
        ("Do you encrypt data at rest?", None),
        ("Do you have SLAs for incident response?", None),
        ("What is the recovery time objective (RTO) for Tier 1 systems?", "duration"),
        ("What is your RPO for the billing database?", "duration"),
        ("Please provide the RTO.", "duration"),
        # two objectives asked at once are no one period, however joined
        ("Specify your RTO and RPO.", None),
        ("Specify your RTO & RPO.", None),
        ("Please state the RTO and recovery point objective.", None),
    ],
)
def test_asks(question: str, asks: str | None) -> None:
    facts = brief(question).facts
    assert len(facts) == 1
    assert facts[0].asks == asks


# --- facts -----------------------------------------------------------------------------


def test_coordinated_question_gives_two_facts() -> None:
    b = brief("What is the log retention period, and how long are backups kept?")
    assert [f.text for f in b.facts] == [
        "What is the log retention period",
        "how long are backups kept?",
    ]
    assert [f.asks for f in b.facts] == ["duration", "duration"]
    assert "backup" in b.facts[1].terms and "backup" not in b.facts[0].terms


def test_a_coordinated_part_may_open_with_a_preposition() -> None:
    b = brief(
        "How many failed login attempts trigger an account lockout, "
        "and for how long is the account locked?"
    )
    assert [f.text for f in b.facts] == [
        "How many failed login attempts trigger an account lockout",
        "for how long is the account locked?",
    ]
    assert [f.asks for f in b.facts] == ["number", "duration"]


def test_a_preposition_before_which_opens_a_relative_clause_not_a_part() -> None:
    b = brief("Is there a data retention schedule, under which records are deleted?")
    assert len(b.facts) == 1


def test_coordinated_with_semicolon_and_different_asks() -> None:
    b = brief("How many people are on the team; how often do they train?")
    assert [f.asks for f in b.facts] == ["number", "frequency"]
    assert "|number,frequency|" in b.normalised


def test_if_so_how_often_merges_into_previous_fact() -> None:
    b = brief("Do you rotate keys? If so, how often?")
    assert len(b.facts) == 1
    fact = b.facts[0]
    assert fact.asks == "frequency"
    assert fact.terms == ("rotat", "key")
    assert fact.text.startswith("Do you rotate keys?") and fact.text.endswith("how often?")


@pytest.mark.parametrize(
    "question",
    [
        "Are passwords required to have a minimum length? If so, what is it?",
        "Is there a maximum session timeout? If yes, what is the value?",
    ],
)
def test_if_so_what_is_it_asks_the_number_the_question_names(question: str) -> None:
    """SIG's "... a minimum length? If so, what is it?" was answered "Yes" without the
    length: the follow-up asks the number the part before names."""
    b = brief(question)
    assert len(b.facts) == 1
    assert b.facts[0].asks == "number"


def test_if_so_what_is_it_of_a_time_frame_asks_the_period() -> None:
    """ "Is there a defined time frame for notifying clients of a security incident? If so,
    what is it?" was answered a bare "Yes" beside a quote stating 72 hours."""
    b = brief(
        "Is there a defined time frame for notifying clients of a security incident affecting "
        "their data? If so, what is it?"
    )
    assert len(b.facts) == 1
    assert b.facts[0].asks == "duration"
    # a time frame for something recurring may be a frequency ("reviewed quarterly")
    review = brief("Is there a defined time frame for reviewing user access? If so, what is it?")
    assert review.facts[0].asks != "duration"


def test_if_so_what_is_it_of_a_recovery_objective_asks_its_period() -> None:
    """ "Is there a defined recovery time objective (RTO) ...? If so, what is it?" was
    answered a bare "Yes" (the follow-up was dropped): a recovery objective is a period."""
    b = brief(
        "Is there a defined recovery time objective (RTO) for critical systems? If so, what is it?"
    )
    assert len(b.facts) == 1
    assert b.facts[0].asks == "duration"
    # both objectives asked at once: not one period (one of them was given as both)
    both = brief("Do you have a defined RTO and RPO? If so, what are they?")
    assert all(f.asks != "duration" for f in both.facts)


def test_within_how_many_hours_asks_a_period() -> None:
    """ "..., without undue delay? Within how many hours?" asked a number: the 36 hours
    stated were no answer to it."""
    b = brief(
        "Do you notify the controller of a breach without undue delay? Within how many hours?"
    )
    assert [f.asks for f in b.facts] == [None, "duration"]


def test_when_is_a_leavers_access_revoked_asks_a_period() -> None:
    assert [f.asks for f in brief("When is access revoked for employees who leave?").facts] == [
        "duration"
    ]


def test_a_condition_opening_with_where_stays_with_the_ask() -> None:
    """ "Where breach notification is delegated to you, within what timeframe ...?" was
    cut into a part asking nothing and the period asked; "Where are ...?" asks."""
    delegated = brief(
        "Where breach notification is delegated to you, within what timeframe do you "
        "notify HHS of a breach?"
    )
    assert [f.asks for f in delegated.facts] == ["duration"]
    two = brief("Where are backups stored, how long are they kept?")
    assert [f.asks for f in two.facts] == [None, "duration"]


def test_what_is_it_of_a_period_is_not_read_as_a_length_of_time() -> None:
    """ "Is there an access review period? If so, what is it?" is as often answered
    "quarterly" as by a length of time: read as one, "retained for 3 years" was given."""
    b = brief("Is there an access review period? If so, what is it?")
    assert all(f.asks is None for f in b.facts)


@pytest.mark.parametrize(
    "question",
    [
        "Is there a limit on liability in your contract? If so, what is it?",
        "Is there a minimum background check standard? If so, what is it?",
    ],
)
def test_what_is_it_of_a_limit_or_standard_asks_no_number(question: str) -> None:
    """ "a limit on liability" is stated in words: read as a number asked, "Yes; 12
    months" was given off "limited to the fees paid in the preceding 12 months"."""
    assert all(f.asks != "number" for f in brief(question).facts)


def test_what_is_the_value_of_a_part_naming_no_kind_stays_a_part() -> None:
    """No number named ("a session timeout"): the follow-up stays a part of its own,
    reported missing when nothing answers it, not dropped."""
    b = brief("Is there a session timeout? If yes, what is the value?")
    assert [f.text for f in b.facts] == ["Is there a session timeout?", "what is the value?"]


def test_each_question_sentence_is_a_fact() -> None:
    b = brief("Is there an incident response plan? Is it tested yearly?")
    asked = [f for f in b.facts if f.text not in b.demands]
    assert len(asked) == 2
    assert all(f.terms for f in asked)
    assert b.demands == ("yearly",)  # the frequency it closes with, to check


def test_question_of_only_stopwords_still_has_one_fact() -> None:
    b = brief("How is it done?")
    assert len(b.facts) == 1
    assert b.facts[0].terms == ()
    assert b.terms == ()


# --- identifiers -----------------------------------------------------------------------


def test_identifiers_extracted() -> None:
    b = brief("Background: see the SOC 2 mapping. How do you meet AC-2(3) and CC6.1?")
    assert b.identifiers == ("ac-2(3)", "cc6.1")


def test_identifiers_typed_in_lower_case_are_the_controls() -> None:
    assert brief("How do you meet ac-2(3) and pr.ac-1?").identifiers == ("ac-2(3)", "pr.ac-1")
    assert brief("How is ac-2(3) met?").normalised == brief("How is AC-2(3) met?").normalised


def test_identifiers_from_preamble_kept_and_unique() -> None:
    b = brief("For AC-2(3): accounts expire. Is AC-2(3) implemented for AC-2(7) too?")
    assert b.identifiers == ("ac-2(3)", "ac-2(7)")


# --- normalised --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("Do you rotate encryption keys?", "do you ROTATE encryption keys"),
        ("Do you rotate encryption keys?", "Do you rotate encryption keys!!"),
        ("Do you rotate encryption keys?", "Are encryption keys rotated?"),
        ("Do you rotate encryption keys?", "Does the company rotate its encryption key?"),
        ("Do you rotate encryption keys?", "Please describe: do you rotate encryption keys?"),
        ("Do you rotate encryption keys?", "Is encryption key rotation documented?"),
        ("How often are backups tested?", "How frequently is the backup tested?"),
        ("How often are backups tested?", "Backups matter. How often are backups tested?"),
    ],
)
def test_same_question_same_normalised(a: str, b: str) -> None:
    assert brief(a).normalised == brief(b).normalised


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("How often are backups tested?", "How long are backups tested?"),
        ("Do you rotate encryption keys?", "Do you rotate API tokens?"),
        ("Do you encrypt backups?", "Do you encrypt backups, and how long are they kept?"),
    ],
)
def test_different_questions_different_normalised(a: str, b: str) -> None:
    assert brief(a).normalised != brief(b).normalised


def test_different_identifiers_different_normalised() -> None:
    a = brief("Describe how you implement AC-2(3).")
    b = brief("Describe how you implement AC-2(7).")
    assert a.identifiers != b.identifiers
    assert a.normalised != b.normalised


def test_plural_inflection_same_normalised() -> None:
    assert (
        brief("Do you review firewall rules?").normalised
        == brief("Do you review the firewall rule?").normalised
    )


def test_lowercase_preamble_same_normalised() -> None:
    assert (
        brief("Policies are important. How often do you review them?").normalised
        == brief("policies are important. how often do you review them?").normalised
    )


QUESTIONS = [
    "Do you rotate encryption keys?",
    "How often are backups tested?",
    "What is the log retention period, and how long are backups kept?",
    "Do you rotate keys? If so, how often?",
    "Is MFA required for administrators (e.g. VPN access)?",
]


@given(question=st.sampled_from(QUESTIONS), data=st.data())
def test_normalised_ignores_case_and_spacing(question: str, data: st.DataObject) -> None:
    flips = data.draw(st.lists(st.booleans(), min_size=len(question), max_size=len(question)))
    # keep the first letter of each sentence capital: sentence detection needs it
    varied = "".join(
        ch.swapcase() if flip and i > 0 and question[i - 2 : i] not in ("? ", ". ") else ch
        for i, (ch, flip) in enumerate(zip(question, flips, strict=True))
    )
    spaced = data.draw(st.sampled_from(["  ", "\n", "\t ", " "])).join(varied.split(" "))
    assert brief(spaced).normalised == brief(question).normalised


@pytest.mark.parametrize(
    "question",
    ["How long are backups kept?", "How often are backups tested?", "How many backups exist?"],
)
def test_asking_words_are_not_subject_terms(question: str) -> None:
    """'long', 'often', 'many' say what kind of value is asked for, not what about."""
    brief = make_brief(Question("Q", question))
    assert brief.facts[0].terms[0] == "backup" and not {"long", "often", "many"} & set(brief.terms)
    assert "long" not in brief.terms and "often" not in brief.terms


def test_a_pronoun_part_takes_the_subject_but_not_the_asking_words() -> None:
    brief = make_brief(
        Question("Q", "How frequently are backups taken, and how long are they kept?")
    )
    assert [f.asks for f in brief.facts] == ["frequency", "duration"]
    assert "long" not in brief.facts[1].terms and "backup" in brief.facts[1].terms


def test_a_second_question_joined_by_and_without_a_comma_is_its_own_fact() -> None:
    brief = make_brief(
        Question("Q", "How often are offsite tape backups rotated and when are tapes destroyed?")
    )
    assert [f.text for f in brief.facts] == [
        "How often are offsite tape backups rotated",
        "when are tapes destroyed?",
    ]
    single = make_brief(Question("Q", "Do you encrypt data at rest and in transit?"))
    assert len(single.facts) == 1  # "and" joining two objects asks one thing


def test_a_question_in_another_language_is_recognised() -> None:
    assert not brief("Les données sont-elles conservées plus de trente jours ?").english
    assert not brief("¿Se cifran los datos en reposo?").english
    assert brief("Is MFA enforced?").english
    assert not brief("Werden die Daten verschlüsselt gespeichert?").english
    assert not brief("I dati sono cifrati a riposo?").english


@pytest.mark.parametrize(
    "question",
    [
        "Can customers bring their own encryption keys?",
        "Must vendors sign an NDA?",
        "Should passwords expire?",
        "Encryption at rest enforced?",
        "Data retention period for logs?",
    ],
)
def test_an_english_question_without_the_commonest_words_is_english(question: str) -> None:
    """Questions opening with "Can" or "Must" were refused as not English, unsearched."""
    assert brief(question).english


def test_the_wordings_demands_become_facts_to_check() -> None:
    b = brief("Are incident response plans tested at least annually and upon significant changes?")
    assert b.demands == ("at least annually", "upon significant changes")
    assert [f.asks for f in b.facts] == [None, "frequency", None]


def test_a_part_that_is_only_a_demand_of_the_wording_names_no_subject() -> None:
    """ "..., or when a substantial change occurs within the organization?" was a part of
    its own whose words (substantial, change, occurs) every answer had to name."""
    b = brief(
        "Are all relevant organizational policies and associated procedures reviewed at "
        "least annually, or when a substantial change occurs within the organization?"
    )
    assert b.terms == (stem("review"),)
    assert "when a substantial change occurs within the organization" in b.demands


def test_periodic_is_a_demand_of_the_wording() -> None:
    """ "periodic, independent, third-party penetration testing" asked every answer to
    name "periodic"; "annually" meets it."""
    b = brief(
        "Are processes, procedures, and technical measures defined, implemented, and "
        "evaluated for periodic, independent, third-party penetration testing?"
    )
    assert "periodic" in b.demands
    assert stem("periodic") not in b.terms


def test_the_core_ask_drives_the_terms() -> None:
    b = brief(
        "Are data retention policies and procedures established, documented, approved, "
        "communicated, applied, evaluated, and maintained?"
    )
    assert b.about_document
    assert "approv" not in b.terms and "evalu" not in b.terms
    assert {"data", "retent"} <= set(b.terms)


def test_a_brief_is_read_from_the_questions_id_and_text_alone() -> None:
    asked = "Is MFA required for all staff?"
    brief = make_brief(Question("Q1", asked, fields={"Answer": ""}))
    assert make_brief(Question("Q1", asked)) == brief
    assert _brief.__wrapped__("Q1", asked) == brief  # read afresh, not from the memo
    other = make_brief(Question("Q2", asked))
    assert other.question_id == "Q2" and other.terms == brief.terms
    assert make_brief(Question("Q1", "Are backups encrypted?")).terms != brief.terms


def test_an_opening_that_sets_the_context_is_not_a_part_of_the_question() -> None:
    """ "Under your risk management process, how often ...?" was two parts: the first,
    "Under your risk management process", became the core ask and asked nothing, so
    the answer said "Documented" over a quote stating "once per year"."""
    brief = make_brief(
        Question("Q", "Under your risk management process, how often are risks reviewed?")
    )
    assert [(f.asks, "risk" in f.terms) for f in brief.facts] == [("frequency", True)]
    brief = make_brief(
        Question(
            "Q", "In the event of a breach, how fast are customers told, and how is it logged?"
        )
    )
    assert len(brief.facts) == 2 and brief.facts[0].text.startswith("In the event of a breach")


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        # a condition, not a part: the value asked is the question's own
        ("When a customer closes their account, how long is their data retained?", "duration"),
        ("If a breach is confirmed, within what timeframe are customers notified?", "duration"),
        ("In the event of a breach, within what time are customers notified?", "duration"),
        ("Once an employee leaves, how quickly is their access revoked?", "duration"),
        ("If your application supports logins, are session cookies marked secure?", None),
    ],
)
def test_a_condition_opening_the_question_is_its_context(question: str, asks: str | None) -> None:
    """ "When X, how long ...?" was two parts: the first, "When X", asked nothing, so the
    question was read as asking no value and a sentence stating none could lead."""
    facts = make_brief(Question("Q", question)).facts
    assert [f.asks for f in facts] == [asks]


def test_if_so_is_a_follow_up_not_a_condition() -> None:
    facts = make_brief(Question("Q", "Do you test backups? If so, how often?")).facts
    assert [f.asks for f in facts] == ["frequency"] and "backup" in facts[0].terms


@pytest.mark.parametrize(
    ("question", "demands"),
    [
        ("Do engineers complete secure coding training annually?", ("annually",)),
        ("Are backups performed daily?", ("daily",)),
        ("Is access reviewed at least annually?", ("at least annually",)),
        ("How often is access reviewed?", ()),
        # a frequency named before the practice is demanded too
        ("Are annual reviews documented?", ("annual",)),
        ("Do you perform quarterly access reviews?", ("quarterly",)),
        ("Is annual leave recorded?", ()),
    ],
)
def test_a_frequency_closing_a_yes_no_question_is_a_demand_to_check(
    question: str, demands: tuple[str, ...]
) -> None:
    """ "Do engineers complete secure coding training annually?" was answered Yes off
    "training at hire", beside "Annual refresher training is not required"."""
    assert make_brief(Question("Q", question)).demands == demands


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("What is the minimum password length for privileged accounts?", "number"),
        ("What is your maximum session timeout?", "number"),
        # two measures at once are read apart, not as one number
        ("What are the minimum password length and the lockout threshold?", None),
        ("What is the minimum password length and the lockout threshold?", None),
        ("What is the minimum TLS version supported?", None),
        # asked without "is", and over the standard wording's "policies and procedures"
        (
            "What minimum password length is enforced by the organization's password policies "
            "and procedures for user accounts?",
            "number",
        ),
        ("What minimum length and complexity do passwords need?", None),
        ("What minimum security requirements must vendors meet?", None),
        ("What maximum privileges are granted to contractors?", None),
        ("What is the minimum password length and procedures for resetting it?", None),
        ("What minimum TLS version is accepted?", None),
        ("What is the minimum password length required by your policies and procedures?", "number"),
        ("What maximum idle time is allowed before a session is terminated?", "number"),
        ("How fast will you tell us about a breach?", "duration"),
        ("When do you delete our data after we cancel?", "duration"),
        ("When is the access review performed?", None),
        ("What is the account lockout duration after the threshold is reached?", "duration"),
        ("What is the retention period for audit logs?", "duration"),
        # a recurring practice's period is how often it recurs ("every 90 days")
        ("What is the rotation period for key encryption keys?", "frequency"),
        ("What is the review cycle for firewall rules?", "frequency"),
        ("What is the response time for a critical (SEV1) incident?", "duration"),
        ("What is your uptime SLA?", None),
        ("What is your remediation SLA for critical findings?", "duration"),
    ],
)
def test_a_minimum_or_maximum_asked_is_a_number(question: str, asks: str | None) -> None:
    assert asks_for(question) == asks


def test_how_long_a_thing_must_be_asks_its_length() -> None:
    # "How long must passwords be?" was answered "10 passwords" off the reuse row
    (fact,) = make_brief(Question("Q", "How long must passwords be?")).facts
    assert fact.asks == "number" and stem("length") in fact.terms
    (kept,) = make_brief(Question("Q", "How long must logs be retained?")).facts
    assert kept.asks == "duration" and stem("length") not in kept.terms


def test_a_frequency_commensurate_with_risk_is_a_frequency_demanded() -> None:
    """CAIQ's "with a frequency that is commensurate with organizational risk
    tolerance" asks how often; its words are no terms of the practice asked."""
    brief = make_brief(
        Question(
            "Q",
            "Are user access rights reviewed and revalidated for least privilege with a "
            "frequency that is commensurate with organizational risk tolerance?",
        )
    )
    assert brief.core == "user access rights reviewed and revalidated"  # (what for: wording)
    demanded = [f for f in brief.facts if f.text in brief.demands]
    assert [f.asks for f in demanded] == ["frequency"]
    assert stem("commensurate") not in brief.facts[0].terms


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        (
            "Are user access rights reviewed for least privilege? Specify the frequency.",
            "frequency",
        ),
        ("Are strong password policies approved? State the minimum length.", "number"),
        ("Is customer data backed up? If yes, provide the retention period.", "duration"),
        ("Do you have a SOC 2 Type II report? Provide the report period.", None),
        ("Do you require MFA for all employees? If yes, describe the systems covered.", None),
        # a university's CAIQ answers: the instruction was dropped, "Yes" without the value
        (
            "Can backups be restored appropriately for resiliency? Specify how frequently "
            "backup restoration is tested.",
            "frequency",
        ),
        (
            "Are processes defined to terminate application sessions after a period of "
            "inactivity? Specify the session timeout.",
            "duration",
        ),
        (
            "Are continuity criteria established based on risk impacts? Specify the recovery "
            "time objective (RTO) for critical systems.",
            "duration",
        ),
        ("Is access revoked for leavers? Specify how many days it takes.", "duration"),
        # a key's cryptoperiod is how often it is rotated ("period" within it was never read)
        (
            "Are encryption keys rotated based on a cryptoperiod? Specify the cryptoperiod.",
            "frequency",
        ),
        ("Are cryptographic keys rotated? State the rotation period.", "frequency"),
        ("Are administrator accounts inventoried? Specify how many exist.", "number"),
        # the document asked for is no period
        ("Do you have a data retention policy? Please provide the retention policy.", None),
    ],
)
def test_an_instruction_after_the_question_asks_for_its_value(
    question: str, asks: str | None
) -> None:
    """HECVAT, SIG and CAIQ items follow the question with an instruction ("Specify the
    frequency."): a further part asking for a value of the question's practice (the
    question itself is still answered Yes or No), and no part of the core ask. An
    instruction to describe asks for no value."""
    brief = make_brief(Question("Q", question))
    assert brief.facts[0].asks is None
    assert [f.asks for f in brief.facts[1:] if f.asks] == ([asks] if asks else [])
    assert all(set(brief.facts[0].terms) <= set(f.terms) for f in brief.facts[1:])
    assert brief.terms == brief.facts[0].terms  # the instruction's words are no terms of the ask
    assert "Specify" not in brief.core and "State" not in brief.core
    assert "?" not in brief.core


def test_a_follow_up_naming_only_the_kind_of_value_asks_it_of_the_part_before() -> None:
    """ "If so, within what timeframe?" names nothing but the kind of value: no fact of
    its own (searched alone it found patching deadlines), the first part asks it."""
    facts = make_brief(
        Question("Q", "Is awareness training required for new hires? If so, within what timeframe?")
    ).facts
    assert len(facts) == 1
    assert facts[0].asks == "duration"
    assert "hire" in facts[0].terms


def test_and_with_which_after_a_comma_is_a_part_of_its_own() -> None:
    facts = make_brief(Question("Q", "Is data at rest encrypted, and with which algorithm?")).facts
    assert [f.text for f in facts] == ["Is data at rest encrypted", "with which algorithm?"]
    relative = make_brief(Question("Q", "Is there a policy under which access is reviewed?")).facts
    assert len(relative) == 1


@pytest.mark.parametrize(
    "question",
    [
        "What is the coverage limit of your cyber liability insurance policy?",
        "What is the account lockout threshold?",
    ],
)
def test_a_limit_or_threshold_asked_is_a_number(question: str) -> None:
    """ "What is the coverage limit ...?" was answered "Documented" from "Meridian
    maintains cyber liability insurance": a limit asked is a number to state."""
    assert asks_for(question) == "number"


@pytest.mark.parametrize(
    "question",
    [
        "State the vendor's data breach notification timeline to the LEA.",
        "What is your breach notification timeline?",
        "Provide the retention period for backups of student data.",
    ],
)
def test_a_timeline_or_period_requested_is_a_duration(question: str) -> None:
    """A government form's "State the vendor's ... timeline" was answered "Documented"."""
    assert asks_for(question) == "duration"


def test_a_limit_named_as_a_modifier_asks_no_number() -> None:
    assert asks_for("What is the budget approval process for security tools?") != "number"


def test_a_request_for_an_amount_asks_a_number() -> None:
    """ "State the amount of cyber liability insurance coverage": a figure, so a sentence
    saying only that insurance is held states none."""
    (fact,) = make_brief(
        Question("Q", "State the amount of cyber liability insurance coverage maintained.")
    ).facts
    assert fact.asks == "number"


def test_a_request_for_a_minimum_version_asks_no_count() -> None:
    """ "State the minimum version of TLS supported": the version is named ("TLS 1.2"),
    not counted, so the part is read as a statement, not a number."""
    brief = make_brief(
        Question(
            "Q",
            "Vendor shall encrypt all student data in transit. "
            "State the minimum version of TLS supported.",
        )
    )
    assert [f.asks for f in brief.facts] == [None, None]


def test_a_request_for_a_recovery_objective_asks_a_period() -> None:
    (fact,) = make_brief(
        Question("Q", "Provide the Recovery Time Objective (RTO) for Tier 1 services.")
    ).facts
    assert fact.asks == "duration"


def test_to_what_extent_asks_whether() -> None:
    brief = make_brief(
        Question("Q", "To what extent is video surveillance used at the data centre?")
    )
    assert [f.text for f in brief.facts] == ["Is video surveillance used at the data centre?"]
    assert stem("extent") not in brief.terms
    assert [f.asks for f in brief.facts] == [None]


def test_to_what_extent_before_a_question_of_its_own_is_its_heading() -> None:
    """ "To what extent is information classified ...? How many classification levels
    are used?" went to a person: the heading was read as the yes/no question asked,
    and the lead had to name "information"."""
    brief = make_brief(
        Question(
            "Q",
            "To what extent is information classified according to its protection need? "
            "How many classification levels are used?",
        )
    )
    assert [f.text for f in brief.facts] == ["How many classification levels are used?"]
    assert [f.asks for f in brief.facts] == ["number"]


@pytest.mark.parametrize(
    "question",
    [
        "To what extent are security incidents followed up? Within what time?",
        "To what extent are security incidents followed up? How often are they reviewed?",
    ],
)
def test_to_what_extent_stays_when_what_follows_asks_of_it(question: str) -> None:
    """A following question naming no subject, or naming it by a pronoun, asks of the
    heading."""
    brief = make_brief(Question("Q", question))
    assert brief.facts[0].text == "Are security incidents followed up?"
    assert len(brief.facts) == 2


def test_a_condition_before_the_auxiliary_is_read_after_the_question() -> None:
    """ "For students under 13, does ...?" was no yes/no question: "Documented"."""
    brief = make_brief(
        Question("Q", "For students under 13, does the Provider obtain parental consent?")
    )
    assert [f.text for f in brief.facts] == [
        "Does the Provider obtain parental consent for students under 13?"
    ]


def test_a_compound_questions_lettered_parts_are_its_parts() -> None:
    """ "(a) Does ...?" was no yes/no question (it opens with its label), and the
    lettered parts went into the core ask."""
    brief = make_brief(
        Question(
            "Q",
            "(a) Do you have an independent penetration test performed?\n"
            "(b) How often is such testing performed?\n(c) Can a summary be shared?",
        )
    )
    assert [f.text for f in brief.facts] == [
        "Do you have an independent penetration test performed?",
        "How often is such testing performed?",
        "Can a summary be shared?",
    ]
    assert "(" not in brief.core


@pytest.mark.parametrize(
    "question",
    [
        "For how long, are logs retained?",
        "If yes, is it documented?",
        "When did you last test, is it documented?",
        "Explain to what extent are backups tested?",
    ],
)
def test_questions_that_only_look_fronted_or_extent_are_left_as_written(question: str) -> None:
    assert make_brief(Question("Q", question)).facts[0].text == question


@pytest.mark.parametrize(
    "question",
    [
        "Per AC-2(3), are inactive accounts disabled?",
        "Under GDPR Art. 30(2), are inactive accounts disabled?",
        "As required by §164.308(a)(5), are inactive accounts disabled?",
    ],
)
def test_a_cited_reference_before_the_question_is_its_label(question: str) -> None:
    """ "Per AC-2(3), are ...?" made "Per AC-2(3)" a fact the documents had to show
    ("nothing in the answer is about: Per IA-2(12)"), and the answer was "Documented"."""
    brief = make_brief(Question("Q", question))
    assert [f.text for f in brief.facts] == ["Are inactive accounts disabled?"]


def test_a_condition_named_per_a_document_is_read_after_the_question() -> None:
    brief = make_brief(Question("Q", "Per the contract, does the vendor notify the customer?"))
    assert [f.text for f in brief.facts] == [
        "Does the vendor notify the customer per the contract?"
    ]


def test_the_risk_assessments_your_practice_is_the_one_answering() -> None:
    """HIPAA SRA's "Does your practice ...?": "practice" was a word the answering
    sentence had to hold, and two answers the corpus states were Not covered."""
    brief = make_brief(Question("Q", "Does your practice review audit logs at least quarterly?"))
    assert stem("practice") not in brief.terms
    kept = make_brief(Question("Q", "Is the practice of sharing passwords prohibited?"))
    assert stem("practice") in kept.terms


@pytest.mark.parametrize(
    ("requirement", "asked"),
    [
        (
            "Supplier must encrypt personal data in transit using TLS 1.2 or higher.",
            "Does the organisation encrypt personal data in transit using TLS 1.2 or higher?",
        ),
        (
            "Backups shall be retained for at least 30 days.",
            "Are backups retained for at least 30 days?",
        ),
        ("MFA must be enforced for administrators.", "Is MFA enforced for administrators?"),
        # a prohibition, an instruction, a question: as written
        ("Supplier must not sell Customer data.", "Supplier must not sell Customer data."),
        (
            "Vendor shall state the minimum password length.",
            "Vendor shall state the minimum password length.",
        ),
        ("Does the Supplier encrypt data?", "Does the Supplier encrypt data?"),
    ],
)
def test_a_requirement_stated_is_asked_as_a_yes_no_question(requirement: str, asked: str) -> None:
    brief = make_brief(Question("Q", requirement))
    assert brief.facts[0].text == asked
    assert stem("supplier") not in brief.facts[0].terms


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "Where key-management operations are performed by personnel, are they managed "
            "using dual control?",
            "Are they managed using dual control?",
        ),
        (
            "If a user session has been idle for more than 15 minutes, is the user required to "
            "re-authenticate?",
            "Is the user required to re-authenticate?",
        ),
        (
            "For service providers, if segmentation is used, are segmentation controls tested?",
            "Are segmentation controls tested for service providers?",
        ),
        # a question before the comma is none
        (
            "When were you last audited, was the audit independent?",
            "When were you last audited, was the audit independent?",
        ),
    ],
)
def test_a_condition_clause_before_the_auxiliary_is_dropped_from_what_is_asked(
    question: str, asked: str
) -> None:
    """PCI DSS SAQ's "Where ..., are they ...?" was no yes/no question: "Documented", and
    the answer then said the documents did not establish what its quote stated. Its
    condition's words are no terms a sentence must state (review: "If a laptop is lost,
    is the incident reported ...?" was Yes of "Laptops are encrypted")."""
    assert make_brief(Question("Q", question)).facts[0].text == asked


@pytest.mark.parametrize(
    "statement",
    [
        "Responses shall be submitted in English.",
        "Evidence must be provided for each control.",
        "The supplier will receive a copy of the audit findings.",
        "Supplier will have 30 days to respond to this RFP.",
        "Upon termination data must be deleted.",
        "The contract shall be governed by English law.",
        "Vendor shall have a CISO and shall report incidents.",
    ],
)
def test_what_a_questionnaire_asks_of_its_answers_is_no_requirement_asked(statement: str) -> None:
    """(review) Instructions, descriptions and two requirements in one were rewritten
    into yes/no questions ("Are responses submitted in English?")."""
    assert make_brief(Question("Q", statement)).facts[0].text == statement


def test_a_requirements_verb_agrees_with_its_head() -> None:
    brief = make_brief(Question("Q", "Policies for information security shall be approved."))
    assert brief.facts[0].text == "Are policies for information security approved?"


@pytest.mark.parametrize(
    "question",
    [
        "Under 18s, is parental consent obtained?",
        "Consistent with PCI DSS 4.0, do you scan quarterly?",
        "Does your practice management system log access?",
    ],
)
def test_a_figure_or_a_compound_is_no_label_nor_the_one_answering(question: str) -> None:
    """(review) "Under 18s, ..." lost its condition as a cited reference; "your practice
    management system" was the organisation."""
    brief = make_brief(Question("Q", question))
    said = " ".join(f.text for f in brief.facts).lower()
    assert any(w in said for w in ("18s", "pci", "practice management"))


def test_a_requirement_with_an_instruction_in_it_is_read_as_written() -> None:
    """ "Supplier must assist ... and state the time within which ..." became "Does the
    organisation assist ... and state the time ...?", answered "Yes" without the time."""
    item = (
        "Supplier must assist the Customer in responding to data subject requests and state "
        "the time within which it completes a deletion requested by the Customer."
    )
    assert make_brief(Question("Q", item)).facts[0].text == item


@pytest.mark.parametrize(
    ("requirement", "asked"),
    [
        (
            "The Supplier must return or delete all Customer Data upon termination.",
            "Does the organisation return or delete all Customer Data upon termination?",
        ),
        (
            "Documents containing personal data must be encrypted.",
            "Are documents containing personal data encrypted?",
        ),
        (
            "Evidence of testing shall be retained for 12 months.",
            "Is evidence of testing retained for 12 months?",
        ),
        # two requirements in one, an instruction: as written
        (
            "Supplier shall maintain an ISMS and must be certified to ISO 27001.",
            "Supplier shall maintain an ISMS and must be certified to ISO 27001.",
        ),
        (
            "Evidence must be provided for each control.",
            "Evidence must be provided for each control.",
        ),
    ],
)
def test_requirements_read_after_review(requirement: str, asked: str) -> None:
    """(review) A requirement's subject held a second modal and was garbled; "return"
    and a subject opening "Documents" or "Evidence" kept real requirements as written."""
    assert make_brief(Question("Q", requirement)).facts[0].text == asked


def test_a_timescale_asked_is_a_period() -> None:
    """A tender's "State the timescale within which the Supplier will notify the
    Authority of a personal data breach" got "Documented": no period was asked."""
    question = (
        "State the timescale within which the Supplier will notify the Authority of a "
        "personal data breach affecting the Authority's data."
    )
    assert make_brief(Question("Q", question)).facts[0].asks == "duration"


def test_a_demand_naming_a_frequency_asks_whether_not_how_often() -> None:
    """CAIQ's "... completed with a frequency commensurate with organizational risk
    tolerance?" asks whether; its demand is a fact of its own (the short answer was
    "annually", which a Yes/No column cannot take)."""
    facts = brief(
        "Are user access rights reviewed for least privilege with a frequency commensurate "
        "with organizational risk tolerance?"
    ).facts
    assert facts[0].asks is None
    assert [f.asks for f in facts[1:]] == ["frequency"]
    assert brief("What is the frequency of user access reviews?").facts[0].asks == "frequency"


def test_a_frequency_before_a_further_demand_is_a_demand() -> None:
    """ "Is the plan exercised annually or when significant changes occur?": both are
    demands (the frequency was left in the core, never checked)."""
    found = brief(
        "Is the disaster response plan exercised annually or when significant changes occur?"
    )
    assert "annually" in found.demands
    assert "annually" not in (found.core or "")
    assert any(f.text == "annually" and f.asks == "frequency" for f in found.facts)


@pytest.mark.parametrize(
    ("question", "demand"),
    [
        (
            "Are threat signatures and compromise indicators updated weekly (or more "
            "frequent) basis?",
            "weekly (or more frequent) basis",
        ),
        ("Are antivirus signatures updated on a weekly basis?", "on a weekly basis"),
    ],
)
def test_a_frequency_closing_the_question_with_its_basis_is_a_demand(
    question: str, demand: str
) -> None:
    """CAIQ's "... weekly (or more frequent) basis?" was never checked: "updated
    monthly" answered Yes."""
    found = brief(question)
    assert found.demands == (demand,)
    assert "weekly" not in (found.core or "")


def test_a_frequency_before_a_comma_and_a_further_demand_is_a_demand() -> None:
    found = brief("Are risk assessments performed annually, or upon significant change?")
    assert "annually" in found.demands


def test_a_demand_holding_the_ask_keeps_it() -> None:
    """ "..., commensurate with risk, and at what frequency?": the demand ran to the end
    and took the ask with it (the short answer was a bare Yes)."""
    facts = brief(
        "Are access rights reviewed, commensurate with risk, and at what frequency?"
    ).facts
    assert facts[0].asks == "frequency"


@pytest.mark.parametrize(
    "question",
    [
        "Are procedures for customers to take part, where applicable, in granting access to "
        "privileged roles defined and evaluated?",
        "Is data protected at rest and in transit, and where applicable in use, with "
        "certified cryptographic libraries?",
    ],
)
def test_a_hedge_set_off_by_commas_opens_no_part(question: str) -> None:
    """ "..., where applicable, in granting access ..." was split at "where" as if it
    asked where: "customers to take part" became a fact of its own, answered by any
    sentence about customers."""
    brief = make_brief(Question("Q", question))
    assert len(brief.facts) == 1
    assert stem("applicable") not in brief.terms


def test_where_and_when_asking_still_open_a_part() -> None:
    brief = make_brief(Question("Q", "Are backups encrypted, and where are they stored?"))
    assert len(brief.facts) == 2
    hedged = make_brief(Question("Q", "Is MFA enforced, and when necessary can it be bypassed?"))
    assert len(hedged.facts) == 2
