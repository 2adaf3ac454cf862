"""Qualifiers (grades of severity, risk or priority; states of data): a question about
one is not answered by a sentence (or table row) about a sibling."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from dossier.index.hybrid import update_index
from dossier.ingest.authority import Authority
from dossier.ingest.files import ingest
from dossier.records import Question, SourceFile
from dossier.research.brief import make_brief
from dossier.research.engine import EngineSettings
from dossier.research.offline import OfflineEngine, _Research
from dossier.research.qualifiers import (
    CUSTOMER_USERS,
    EXTERNAL_TESTS,
    another_qualifier,
    qualifiers_asked,
    qualifiers_named,
)
from tests.fakes import HashingEmbedder


@pytest.mark.parametrize(
    ("text", "qualifiers"),
    [
        ("How quickly are critical vulnerabilities remediated?", {"critical"}),
        (
            "What are your remediation timeframes for critical and high severity vulnerabilities?",
            {"critical", "high"},
        ),
        ("High-risk findings are closed within 7 days.", {"high"}),
        ("Critical security patches are applied within 48 hours.", {"critical"}),
        ("Severity: Moderate", {"medium"}),
        ("| P2 | Medium | 30 days |", {"medium", "p 2"}),
        ("Low priority alerts are reviewed weekly.", {"low"}),
        ("Is customer data encrypted at rest?", {"at rest"}),
        ("Data at-rest and in-transit is encrypted.", {"at rest", "in transit"}),
        ("Data transmitted over public networks uses TLS 1.2.", {"in transit"}),
        ("Do you encrypt stored data?", {"at rest"}),
        ("What is the acknowledgement time for SEV-1 incidents?", {"sev 1"}),
        ("Are contractors required to sign an NDA?", {"contractors"}),
        ("Employees sign a confidentiality agreement at hire.", {"employees", "joiners"}),
        ("All workforce members complete training.", {"employees", "contractors"}),
        ("All personnel complete training.", {"employees", "contractors"}),
        ("Are checks performed on third-party personnel?", {"third parties"}),
        ("Subcontractor personnel are escorted.", {"contractors"}),
        ("Do you assess your suppliers annually?", {"third parties"}),
        ("- High: 15 days.", {"high"}),
        ("Critical - 48 hours", {"critical"}),
        ("| P2 | 1 hour | 3 days |", {"p 2"}),
        ("Priority 2 tickets are resolved in 3 days.", {"p 2"}),
        ("Are high-risk findings in data in motion tracked?", {"high", "in transit"}),
    ],
)
def test_a_qualifier_is_named_where_the_word_qualifies_something(
    text: str, qualifiers: set[str]
) -> None:
    assert qualifiers_named(text) == qualifiers


@pytest.mark.parametrize(
    "text",
    [
        "Is MFA required for staff on other critical systems?",
        "The service is deployed for high availability.",
        "Business-critical equipment is kept in a locked room.",
        "Backups are kept at low cost on tape.",
        "Databases are encrypted with AES-256.",
        "Does the vendor encrypt backups?",  # the vendor answering names no third party
    ],
)
def test_a_word_that_grades_nothing_names_no_grade(text: str) -> None:
    assert not {q for q in qualifiers_named(text) if q in ("critical", "high", "medium", "low")}
    assert qualifiers_named(text) <= {"employees"}  # staff, nothing else


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Do you perform background checks on contractors and temporary staff?", {"contractors"}),
        ("Agency workers and temps sign an NDA.", {"contractors"}),
        ("Staff complete training; all staff means both.", {"employees", "contractors"}),
        ("Office staff complete training.", {"employees"}),
    ],
)
def test_temporary_staff_are_not_the_employees(text: str, named: set[str]) -> None:
    """ "All employees undergo a background check" said Yes to background checks on
    "contractors and temporary staff": "staff" was read as the employees."""
    assert qualifiers_named(text) == named


def test_a_sentence_is_about_another_qualifier_only_when_it_names_none_asked() -> None:
    asked = frozenset({"critical"})
    assert another_qualifier(asked, "| P2 | Medium | 30 days |")
    assert not another_qualifier(asked, "| P0 | Critical | 3 days |")
    assert not another_qualifier(asked, "Critical and high vulnerabilities are fixed in 7 days.")
    assert not another_qualifier(asked, "Vulnerabilities are remediated within 30 days.")
    assert not another_qualifier(frozenset(), "| P2 | Medium | 30 days |")
    at_rest = frozenset({"at rest"})
    assert another_qualifier(at_rest, "Customer data in transit is encrypted with TLS 1.2.")
    assert not another_qualifier(at_rest, "Data is encrypted at rest and in transit.")
    assert not another_qualifier(at_rest, "Databases are encrypted with AES-256.")
    assert another_qualifier(frozenset({"sev 1"}), "| SEV-2 | Partial outage | 1 hour | 3 days |")
    assert not another_qualifier(frozenset({"sev 1"}), "| SEV-1 | Outage | 15 minutes | 24 hours |")
    assert not another_qualifier(frozenset({"sev 1"}), "| P2 | 1 hour |")  # another scheme
    contractors = frozenset({"contractors"})
    assert another_qualifier(contractors, "Employees sign a confidentiality agreement at hire.")
    assert not another_qualifier(contractors, "Employees and contractors sign an NDA.")
    assert not another_qualifier(contractors, "All personnel sign an NDA before access.")
    both = frozenset({"critical", "at rest"})
    assert another_qualifier(both, "Medium findings about data at rest are fixed in 30 days.")


SLA = (
    "# Vulnerability remediation\n\n"
    "Vulnerabilities are remediated within these timeframes.\n\n"
    "| Priority | Severity | Timeframe |\n"
    "| --- | --- | --- |\n"
    "| P1 | Critical | 7 days |\n"
    "| P2 | Medium | 30 days |\n"
    "| P3 | Low | 90 days |\n"
)


def test_a_question_about_one_grade_is_not_answered_from_another_qualifiers_row(
    tmp_path: Path,
) -> None:
    """ "Within what timeframe are critical vulnerabilities remediated?": the Medium
    and Low rows are not candidates (quoted, they state the wrong deadline about
    the vendor); the Critical row and the sentence naming no grade are."""
    corpus = ingest([SourceFile("vuln.md", SLA.encode(), hashlib.sha256(SLA.encode()).hexdigest())])
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    engine = OfflineEngine(index, Authority.of(corpus), titles, EngineSettings())
    question = "Within what timeframe are critical vulnerabilities remediated?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    assert research.ask.qualifiers == {"critical"}
    ranked = engine.scoring.rank(research.ask, [c.chunk_id for c in index.chunks])
    texts = [c.sentence.text for c in ranked]
    assert any("Critical" in t and "7 days" in t for t in texts)
    assert any(t.startswith("Vulnerabilities are remediated") for t in texts)
    assert not any("Medium" in t or "90 days" in t for t in texts)


CRYPTO = (
    "# Cryptography standard\n\n"
    "Customer data in transit over public networks is encrypted with TLS 1.2 or higher.\n\n"
    "Encryption keys are rotated annually.\n"
)


def test_data_at_rest_is_not_answered_by_a_sentence_about_data_in_transit(
    tmp_path: Path,
) -> None:
    """ "Is customer data encrypted at rest?" was answered Yes from the TLS sentence."""
    corpus = ingest(
        [SourceFile("crypto.md", CRYPTO.encode(), hashlib.sha256(CRYPTO.encode()).hexdigest())]
    )
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    engine = OfflineEngine(index, Authority.of(corpus), titles, EngineSettings())
    for question, quoted in [
        ("Is customer data encrypted at rest?", False),
        ("Is customer data encrypted in transit?", True),
    ]:
        research = _Research(engine, make_brief(Question("Q1", question)))
        ranked = engine.scoring.rank(research.ask, [c.chunk_id for c in index.chunks])
        assert any("TLS" in c.sentence.text for c in ranked) is quoted, question


def test_a_quote_does_not_grow_over_a_sentence_about_a_sibling(tmp_path: Path) -> None:
    """ "- Critical: 48 hours." was quoted with the High and Medium items after it, and the
    short answer saw two values; a quote stops before a sentence about another grade."""
    text = (
        "# Vulnerability standard\n\nFindings must be remediated within these periods:\n\n"
        "- Critical: 48 hours.\n- High: 15 days.\n- Medium: 60 days.\n"
    )
    corpus = ingest([SourceFile("v.md", text.encode(), hashlib.sha256(text.encode()).hexdigest())])
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    engine = OfflineEngine(index, Authority.of(corpus), titles, EngineSettings())
    (critical,) = [
        s
        for c in index.chunks
        for s in index.sentences(c.chunk_id)[0]
        if s.text.startswith("Critical")
    ]
    assert engine.quote_of(critical) == "Critical: 48 hours."


def test_the_services_customer_users_are_not_the_workforce() -> None:
    """ "MFA is required for all workforce access" answered Yes to whether customer end
    users must use MFA."""
    from dossier.research.qualifiers import another_qualifier, qualifiers_named

    asked = qualifiers_named("Is MFA required for customer end users of the application?")
    assert asked == frozenset({"customer users"})
    assert another_qualifier(asked, "MFA is required for all workforce access to Okta.")
    assert not another_qualifier(asked, "MFA for customer users is optional.")
    assert "customer users" not in qualifiers_named("Is customer data encrypted at rest?")
    cardholders = qualifiers_named("Is MFA required for cardholders when paying?")
    assert cardholders == frozenset({"customer users"})
    assert another_qualifier(cardholders, "MFA is required for all workforce access.")
    assert qualifiers_named("Must students enrol in MFA?") == frozenset({"customer users"})


def test_production_and_the_other_environments_are_siblings() -> None:
    """A sentence about production systems does not answer for non-production ones;
    "all systems" names both."""
    assert qualifiers_named("non-production systems") == {"non-production"}
    assert qualifiers_named("production systems") == {"production"}
    assert another_qualifier(
        qualifiers_named("Are non-production systems reviewed quarterly?"),
        "User access to production systems is reviewed quarterly",
    )
    assert not another_qualifier(
        qualifiers_named("Are all systems, including staging environments, scanned?"),
        "Vulnerability scanning covers production systems only.",
    )


def test_grades_a_period_is_given_for_are_named() -> None:
    # the sentence answering critical vulnerabilities was left out as about medium only
    text = (
        "Vulnerabilities shall be remediated within 14 days for critical, 30 days for high "
        "and 90 days for medium severity."
    )
    assert qualifiers_named(text) == {"critical", "high", "medium"}
    assert not another_qualifier(frozenset({"critical"}), text)
    # "for high" in a sentence about nothing graded is no grade
    assert qualifiers_named("Clusters are built for high availability.") == frozenset()


def test_privileged_accounts_do_not_answer_for_user_accounts() -> None:
    asked = qualifiers_named("What is the minimum password length for user accounts?")
    assert another_qualifier(
        asked, "Privileged accounts must use a password of at least 20 characters."
    )
    assert not another_qualifier(asked, "Passwords must be at least 14 characters long.")
    assert not another_qualifier(asked, "All accounts must use a password of 12 characters.")
    both = qualifiers_named(
        "Are privileged (administrator) accounts separated from standard user accounts?"
    )
    assert not another_qualifier(both, "Administrators are given a separate admin account.")
    assert not another_qualifier(
        qualifiers_named("Are shared or generic user accounts prohibited?"),
        "Shared accounts are prohibited except for documented break-glass accounts.",
    )


def test_user_accounts_in_a_statement_name_every_account() -> None:
    asked = qualifiers_named("Do privileged accounts require MFA?")
    assert not another_qualifier(asked, "MFA is required for user accounts.")
    assert another_qualifier(asked, "MFA is required for standard accounts.")


def test_the_most_severe_are_the_top_grade() -> None:
    """ "How quickly must the most severe software vulnerabilities be fixed?" asks the
    top grade: critical, or high where a scheme has no critical; medium and low are
    siblings."""
    asked = qualifiers_named("How quickly must the most severe vulnerabilities be fixed?")
    assert asked == {"critical", "high"}
    assert qualifiers_named("Are findings of the highest severity fixed first?") == asked
    assert qualifiers_named("We run the highest quality checks.") == frozenset()


def test_who_is_notified_sets_a_deadline_apart() -> None:
    """A breach deadline stated for customers is no deadline for regulators (nor for
    affected individuals): deadlines are set per recipient."""
    asked = qualifiers_named("What is the maximum time to notify regulators of a breach?")
    assert asked == {"notify authorities"}
    assert another_qualifier(
        asked, "Halcyon will notify Customer without undue delay, and in any event within 48 hours."
    )
    assert not another_qualifier(asked, "The supervisory authority is notified within 72 hours.")
    assert not another_qualifier(asked, "Breaches are notified within 72 hours.")  # no one named
    individuals = qualifiers_named("Within what time are affected individuals notified?")
    assert another_qualifier(individuals, "We report incidents to CISA within 1 hour.")
    assert qualifiers_named("Will customers be told when an incident occurs?") == {
        "notify customers"
    }


def test_a_third_party_that_notifies_notifies_the_organisation() -> None:
    assert another_qualifier(
        qualifiers_named("Do you notify customers of a breach?"),
        "Vendors must notify Copperline within 48 hours of a breach.",
    )
    assert qualifiers_named("Customer data is reported on monthly.") == frozenset()


def test_the_recovery_time_objective_is_not_the_recovery_point_objective() -> None:
    rto = qualifiers_named("What is the recovery time objective (RTO) for the platform?")
    assert rto == {"recovery time objective"}
    assert another_qualifier(rto, "The recovery point objective (RPO) is 15 minutes.")
    assert not another_qualifier(rto, "The RTO is 4 hours and the RPO is 1 hour.")
    assert another_qualifier(qualifiers_named("What is the RPO?"), "The RTO is 8 hours.")


def test_a_table_row_as_pdf_text_names_its_grade() -> None:
    assert qualifiers_named("High 7.0-8.9 30 days") == {"high"}
    assert qualifiers_named("High availability is 99.9%") == frozenset()


def test_an_office_is_no_data_centre() -> None:
    """CCTV retention stated for the London office was given for the data centres."""
    asked = qualifiers_named("How long is CCTV footage at the data centres retained?")
    assert asked == {"data centres"}
    assert another_qualifier(asked, "CCTV footage (London office) | 30 days")
    assert not another_qualifier(asked, "CCTV footage at the colocation facility: 90 days.")
    assert not another_qualifier(asked, "CCTV footage is retained for 30 days.")
    assert qualifiers_named("The Information Security Office reviews access.") == frozenset()


def test_standard_user_access_is_the_other_accounts_than_privileged_ones() -> None:
    asked = qualifiers_named("How often are privileged access rights reviewed?")
    assert another_qualifier(
        asked, "Standard user access should be reviewed every six months by the data owner."
    )
    assert not another_qualifier(asked, "Privileged access must be reviewed quarterly.")


def test_recipients_named_far_from_their_verb_or_after_notification_to() -> None:
    customers = (
        "Customers affected by a confirmed security incident involving their data are "
        "notified within 72 hours of confirmation."
    )
    assert qualifiers_named(customers) == frozenset({"notify customers"})
    assert qualifiers_named(
        "Notification to regulators and law enforcement will be made as required by law."
    ) == frozenset({"notify authorities"})
    asked = qualifiers_named("Within what timeframe are regulators notified of a data breach?")
    assert another_qualifier(asked, customers)


def test_regular_access_and_a_recipient_in_another_clause_name_no_group() -> None:
    assert not qualifiers_named("Regular access reviews are performed quarterly.") & {
        "user accounts"
    }
    assert (
        qualifiers_named(
            "Customer data incidents must be escalated and the CISO notified within one hour."
        )
        == frozenset()
    )
    assert (
        qualifiers_named(
            "Regulators require that the Data Protection Officer is notified within 24 hours."
        )
        == frozenset()
    )


@pytest.mark.parametrize(
    ("text", "recipient"),
    [
        ("Disclosure to the supervisory authority is made within 72 hours.", "notify authorities"),
        ("Communications to affected individuals are sent within 30 days.", "notify individuals"),
        ("Breaches are reported to the ICO within 72 hours.", "notify authorities"),
    ],
)
def test_the_noun_of_telling_names_its_recipient_after_to(text: str, recipient: str) -> None:
    """ "Disclosure to", "communications to" tell as "reported to" does: a deadline stated
    for that recipient is no deadline for another."""
    assert qualifiers_named(text) == {recipient}
    assert another_qualifier(qualifiers_named("How soon are customers notified?"), text)


def test_a_recipient_is_not_read_across_a_relative_clause() -> None:
    """The on-call engineer is alerted, not the clients whose tickets are triaged."""
    assert (
        qualifiers_named(
            "Client tickets are triaged by the on-call engineer who is alerted within 5 minutes."
        )
        == frozenset()
    )


def test_a_leavers_deadline_is_not_a_movers_or_a_joiners() -> None:
    """Access is removed on a transfer and on leaving with deadlines of their own."""
    asked = qualifiers_named("How quickly is system access removed when an employee leaves?")
    assert "leavers" in asked
    transfer = (
        "When an employee transfers to a new role, access not needed in the new role is "
        "removed within 5 business days."
    )
    assert another_qualifier(asked, transfer)
    assert another_qualifier(asked, "New hires receive access within 1 business day.")
    move = "When an employee moves to another role, access is removed within 5 business days."
    assert another_qualifier(asked, move)
    departing = "Accounts of departing personnel are disabled within 4 hours of separation."
    assert not another_qualifier(asked, departing)
    assert "leavers" not in qualifiers_named("TLS termination happens at the load balancer.")
    assert "movers" not in qualifiers_named("Data transfers use TLS 1.2.")


@pytest.mark.parametrize(
    "text",
    [
        "Sessions are terminated after 15 minutes of inactivity.",
        "Vendor onboarding includes a security review.",
        "File transfers are approved by the security team.",
        "TLS termination happens at the load balancer.",
        "Workloads move to the new data centre in 2026.",
    ],
)
def test_words_of_leaving_joining_or_moving_said_of_other_things_name_no_moment(
    text: str,
) -> None:
    assert not qualifiers_named(text) & {"joiners", "movers", "leavers"}


def test_the_information_commissioner_is_an_authority() -> None:
    """The ICO's 72 hours were given as the deadline for telling affected individuals."""
    ico = "Breaches are reported to the Information Commissioner's Office within 72 hours."
    assert qualifiers_named(ico) == {"notify authorities"}
    assert another_qualifier(qualifiers_named("How soon are affected individuals notified?"), ico)


@pytest.mark.parametrize(
    "text",
    [
        "Are third-party vendors assessed for security before onboarding?",
        "After termination of a contract, for how long do you keep the customer's data?",
        "Users transfer files to customers via SFTP only.",
    ],
)
def test_a_vendors_onboarding_or_a_contracts_end_is_no_moment_of_employment(text: str) -> None:
    assert not qualifiers_named(text) & {"joiners", "movers", "leavers"}


@pytest.mark.parametrize(
    "text",
    [
        "Is a background check run on every new employee before they join?",
        "Do you perform background checks on employees before hire?",
        "Training is completed upon joining.",
    ],
)
def test_joining_is_named_in_its_usual_wordings(text: str) -> None:
    assert "joiners" in qualifiers_named(text)


def test_the_one_answering_named_by_the_buyer_is_no_third_party() -> None:
    """ "Will the Supplier notify the Bank ...?" asked of a supplier notifying the
    organisation: every sentence about notifying clients was set aside as another
    recipient's, and the answer was a false "Not covered"."""
    question = "Within what time will the Supplier notify the Bank of a security incident?"
    asked = qualifiers_asked(question)
    assert asked == frozenset({"notify customers"})  # the Bank is the customer
    assert not another_qualifier(asked, "Affected clients are notified within 24 hours.")
    assert another_qualifier(asked, "The regulator is notified within 72 hours.")
    # a question naming third parties keeps them; a sentence is read as written
    third = "Do subcontractors notify the organisation of breaches?"
    assert qualifiers_asked(third) == qualifiers_named(third) != frozenset()
    assert qualifiers_named("The Supplier shall notify the Company within 24 hours.") != frozenset()


@pytest.mark.parametrize(
    ("question", "sentence", "another"),
    [
        # a screen lock is no session timeout (it was answered "after 10 minutes")
        (
            "After how many minutes of inactivity is a user session in the application terminated?",
            "Workstations lock automatically after 10 minutes of inactivity.",
            True,
        ),
        (
            "Are workstations configured to lock after a period of inactivity?",
            "Application sessions expire after 30 minutes of inactivity.",
            True,
        ),
        (
            "After how many minutes of inactivity is a user session terminated?",
            "Sessions time out after 15 minutes of inactivity.",
            False,
        ),
        # a session timeout of devices asks of their screens too
        (
            "How long is the idle session timeout for workstations?",
            "Workstations lock automatically after 10 minutes of inactivity.",
            False,
        ),
        (
            "How long is the idle session timeout for workstations?",
            "Application sessions time out after 30 minutes of inactivity.",
            True,
        ),
        # an account locked after failed attempts is neither
        (
            "Do screens lock after inactivity?",
            "Accounts are locked after 5 failed attempts.",
            False,
        ),
    ],
)
def test_a_session_timeout_and_a_screen_lock_are_told_apart(
    question: str, sentence: str, another: bool
) -> None:
    assert another_qualifier(qualifiers_asked(question), sentence) is another


def test_a_web_application_and_mobile_apps_are_told_apart() -> None:
    """The apps' 15 minutes answered the web portal's idle timeout."""
    web = qualifiers_asked("What is the idle session timeout enforced by the clinician web portal?")
    apps = "Both apps end the session automatically after 15 minutes of inactivity."
    assert another_qualifier(web, apps)
    mobile = qualifiers_asked("Does the mobile application automatically terminate sessions?")
    assert not another_qualifier(mobile, apps)
    assert not another_qualifier(web, "Sessions end after 30 minutes of inactivity.")


def test_a_services_users_named_by_their_accounts_are_not_the_staff() -> None:
    for question in (
        "What is the minimum password length for patient accounts?",
        "Is SCIM provisioning supported for institutional users?",
    ):
        asked = qualifiers_asked(question)
        assert another_qualifier(asked, "Staff passwords must be at least 14 characters long.")


def test_fourth_parties_are_not_the_third_parties() -> None:
    asked = qualifiers_asked(
        "Do you maintain a register of fourth parties (your service providers' subcontractors)?"
    )
    assert asked == frozenset({"fourth parties"})
    assert another_qualifier(asked, "The Company maintains a register of all service providers.")
    assert not another_qualifier(asked, "Vendors' subcontractors are listed in the register.")


def test_words_near_an_interface_or_a_move_that_name_none() -> None:
    assert "web application" not in qualifiers_named("A web application firewall filters traffic.")
    assert "mobile apps" not in qualifiers_named("Android devices are enrolled in MDM.")
    assert "movers" not in qualifiers_named("Systems that move to another team keep their tags.")
    # a workforce member's account is the staff's, not a service user's
    assert "customer users" not in qualifiers_named("Workforce member accounts require MFA.")


def test_an_idle_accounts_deadline_is_no_session_timeout() -> None:
    asked = qualifiers_asked("After what period of inactivity are user sessions terminated?")
    assert another_qualifier(asked, "2.5 Accounts inactive for 45 days are disabled.")
    assert not another_qualifier(asked, "Sessions end after 15 minutes of inactivity.")
    idle = qualifiers_asked("After how many days are inactive accounts disabled?")
    assert not another_qualifier(idle, "Accounts unused for 90 days are disabled.")
    assert another_qualifier(idle, "Sessions end after 15 minutes of inactivity.")


def test_a_contract_requiring_a_supplier_to_notify_is_the_organisation_notified() -> None:
    named = qualifiers_named(
        "Contracts must require the service provider to notify the Company within 24 hours."
    )
    assert "notify the organisation" in named


def test_teacher_accounts_are_the_services_users_not_the_workforce() -> None:
    asked = qualifiers_asked("Do teacher and administrator accounts in the app require MFA?")
    assert "customer users" in asked
    assert another_qualifier(asked, "MFA is required for all workforce access to production.")


@pytest.mark.parametrize(
    ("text", "named", "not_named"),
    [
        ("When an employee moves to another department, access is reviewed.", "movers", ""),
        ("Systems that move to another team keep their tags.", "", "movers"),
        ("Browser sessions time out after 30 minutes.", "web application", ""),
        ("On iOS and Android the app locks after 5 minutes.", "mobile apps", ""),
        ("Android devices are enrolled in MDM.", "", "mobile apps"),
        ("Accounts are disabled after 90 days of inactivity.", "idle accounts", ""),
        ("Subcontractors of our critical vendors are assessed.", "fourth parties", ""),
        ("We engage vendors to notify impacted individuals.", "", "notify the organisation"),
        ("Parent and child accounts are linked in AWS Organizations.", "", "customer users"),
    ],
)
def test_what_a_sentence_names_in_its_usual_wordings(text: str, named: str, not_named: str) -> None:
    found = qualifiers_named(text)
    assert (not named or named in found) and (not not_named or not_named not in found)


def test_a_national_regulator_named_by_its_acronym_is_an_authority() -> None:
    asked = qualifiers_asked("Within what timeframe will you notify the OAIC of a data breach?")
    assert asked == frozenset({"notify authorities"})
    supplier = "Contracts must require the service provider to notify the Company within 24 hours."
    assert another_qualifier(asked, supplier)


def test_a_credit_unions_members_are_its_customers_users() -> None:
    """A password length for members accessing online banking was answered by the
    workforce's ("Workforce passwords must be at least 14 characters")."""
    asked = qualifiers_asked(
        "What is the minimum password length required for members accessing online banking?"
    )
    assert CUSTOMER_USERS in asked
    assert another_qualifier(asked, "Workforce passwords must be at least 14 characters long.")
    assert CUSTOMER_USERS not in qualifiers_asked("Are staff members accessing production trained?")


def test_internal_scans_are_not_answered_by_external_ones() -> None:
    """ "How frequently are internal network vulnerability scans performed?" was
    answered "monthly" by the external scans of internet-facing systems."""
    asked = qualifiers_asked("How frequently are internal network vulnerability scans performed?")
    external = "External vulnerability scans of all internet-facing systems are performed monthly."
    assert another_qualifier(asked, external)
    assert not another_qualifier(asked, "Internal vulnerability scans are performed quarterly.")
    assert not another_qualifier(asked, "Vulnerability scans are performed monthly.")


def test_internal_and_external_scans_together_name_both() -> None:
    """(review) "Internal and external vulnerability scans are performed quarterly" was
    read as external only and set aside for the internal scans asked."""
    internal = qualifiers_asked("How often are internal vulnerability scans performed?")
    both = "Internal and external vulnerability scans are performed quarterly."
    assert not another_qualifier(internal, both)
    assert not another_qualifier(internal, "Vulnerability scanning of internal systems is weekly.")


def test_externally_facing_systems_are_not_answered_by_internal_scans() -> None:
    """ "How often do you perform vulnerability scans of your externally facing systems?"
    was answered "once a month" by the scans of internal servers; the weekly scan of
    what is internet-facing, scanned in the passive, named no side."""
    asked = qualifiers_asked(
        "How often do you perform vulnerability scans of your externally facing systems?"
    )
    assert EXTERNAL_TESTS in asked
    internal = (
        "Authenticated vulnerability scans of all internal servers shall be performed monthly."
    )
    assert another_qualifier(asked, internal)
    weekly = "All internet-facing IP addresses and applications shall be scanned once every week."
    assert EXTERNAL_TESTS in qualifiers_named(weekly)
    assert not another_qualifier(asked, weekly)


@pytest.mark.parametrize(
    "text",
    [
        "Faculty members using university systems must use MFA.",
        "Crew members using company laptops must lock them.",
    ],
)
def test_members_of_a_named_group_are_not_the_services_users(text: str) -> None:
    assert CUSTOMER_USERS not in qualifiers_named(text)


def test_a_session_named_where_nothing_times_out_is_no_timeouts_family() -> None:
    """ "Describe how remote control sessions to our workstations are authorized and
    recorded" was read as asking a screen lock: every sentence about sessions ("Every
    remote control session must be linked to an open ticket") was set aside."""
    asked = qualifiers_asked(
        "Describe how remote control sessions to our workstations are authorized and recorded."
    )
    assert not asked
    assert not another_qualifier(asked, "Every remote control session must be linked to a ticket.")
    assert "sessions" not in qualifiers_named("All remote sessions are recorded.")
    assert "sessions" in qualifiers_named("Remote sessions are disconnected after 30 idle minutes.")
    timeout = qualifiers_asked("After how long are remote sessions to workstations timed out?")
    assert timeout == frozenset({"screens"})


def test_a_session_ended_after_a_time_is_of_the_timeouts_family() -> None:
    # "closed" after "minutes without user activity" times out: a screen lock is no answer
    asked = qualifiers_asked(
        "After how many minutes without user activity are sessions automatically closed?"
    )
    assert asked == frozenset({"sessions"})
    screens = "Workstation screens are automatically locked after 15 minutes without user activity."
    assert another_qualifier(asked, screens)


def test_a_grade_glossed_in_parentheses_asks_of_the_first_grade() -> None:
    """ "critical (high-risk) third parties" was read as asking of high ones: the lead
    "Critical vendors are reassessed annually; High vendors every two years" went to a
    person for two values."""
    assert qualifiers_asked("Are critical (high-risk) vulnerabilities patched within 7 days?") == {
        "critical"
    }
    assert "high" not in qualifiers_asked(
        "How frequently are critical (high-risk) third parties reassessed?"
    )
    assert qualifiers_asked("How quickly are critical and high vulnerabilities fixed?") == {
        "critical",
        "high",
    }


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (  # the customer's staff, by example: not the organisation's employees
            "Does your application support multi-factor authentication (MFA) for institutional "
            "end users (e.g., students, faculty, and staff)?",
            {"customer users"},
        ),
        (
            "Do all personnel (e.g., employees and contractors) complete training?",
            {"employees", "contractors"},
        ),
        ("Do third parties (e.g., contractors) sign NDAs?", {"third parties", "contractors"}),
        ("Do staff (employees) complete training?", {"employees"}),  # no examples
    ],
)
def test_examples_of_the_people_asked_name_no_other_people(question: str, asked: set[str]) -> None:
    """MFA for "institutional end users (e.g., students, faculty, and staff)" was answered
    Yes by "All workforce access ... requires multi-factor authentication": the examples'
    "staff" made the question ask of employees too."""
    assert qualifiers_asked(question) == asked
