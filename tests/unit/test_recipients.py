"""Who is told: a deadline for telling one party answers nothing about another."""

from __future__ import annotations

import pytest

from dossier.evidence.recipients import another_recipient

CARD_SCHEMES = "Within what time must the card schemes be notified of a suspected compromise?"
CUSTOMERS = "Within what time do you notify customers of a data breach?"
REPORTED = "Within what time are security incidents reported to customers?"
INSTITUTION = "Within what time will the institution be notified of a breach?"


@pytest.mark.parametrize(
    ("question", "lead", "other"),
    [
        (
            CARD_SCHEMES,
            "Personal data breaches shall be notified to the Autoriteit Persoonsgegevens "
            "within 72 hours of becoming aware of the breach.",
            "Autoriteit Persoonsgegevens",
        ),
        (
            CUSTOMERS,
            "Personal data breaches are notified to the supervisory authority within 72 hours.",
            "supervisory authority",
        ),
        (REPORTED, "Security incidents are reported to the CISO within one hour.", "CISO"),
        (
            "Are customers notified of security incidents?",
            "Incidents are reported to the CISO.",
            "CISO",
        ),
        (INSTITUTION, "Breaches are reported to the ICO within 72 hours.", "ICO"),
        # a buyer's questionnaire names itself: "the Authority" is the buyer, no regulator
        (
            "Within what time will the Supplier notify the Authority of a breach?",
            "Personal data breaches are notified to the ICO within 72 hours.",
            "ICO",
        ),
        (
            "Within what time will the Supplier notify the Authority of a breach?",
            "Personal data breaches are notified to the supervisory authority within 72 hours.",
            "supervisory authority",
        ),
        # a department is no buyer's self-name: "of Health" names another party
        (
            "Are incidents reported to the Department of Health?",
            "Security incidents are reported to customers within 24 hours.",
            "customers",
        ),
        (
            "Within what time are data subjects notified of a personal data breach?",
            "Reportable breaches are reported by the data protection officer to the "
            "supervisory authority within 72 hours.",
            "supervisory authority",
        ),
        # "us" is the one asking: the customer
        (
            "Will you notify us of a breach?",
            "Breaches are notified to the supervisory authority within 72 hours.",
            "supervisory authority",
        ),
    ],
)
def test_a_lead_telling_another_party_names_it(question: str, lead: str, other: str) -> None:
    assert another_recipient(question, lead) == other


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # the party asked is named, in its words or another word for it
        (CUSTOMERS, "Affected customers are notified within 72 hours."),
        (CUSTOMERS, "We notify affected clients within 48 hours of confirming a breach."),
        (REPORTED, "Customers are informed within 24 hours."),
        (INSTITUTION, "We will notify the affected institution within 72 hours."),
        # no one told is named: other checks read the lead
        (CUSTOMERS, "Breaches are notified within 72 hours."),
        # the one answering is told ("you", "us", "the Company"): no other party
        (
            "Within what timeframe must vendors notify you of a breach?",
            "Vendors must notify us within 24 hours.",
        ),
        (
            "Within what timeframe must vendors notify you of a breach?",
            "Vendors must notify the Company within 24 hours.",
        ),
        # another name of the same kind of party
        ("Are customers notified of outages?", "Outages are notified to account owners by email."),
        (
            "Are customers notified of planned maintenance?",
            "Planned maintenance is communicated to subscribers 7 days in advance.",
        ),
        (
            "Is senior management informed of audit findings?",
            "Audit findings are reported to the executive leadership team quarterly.",
        ),
        ("Will you notify us of a breach?", "We will notify affected customers within 72 hours."),
        # the party asked after what is told ("changes ... notified to customers"), or
        # with a name opening on a stop word ("Information Security Officer")
        (
            "Are changes to subprocessors notified to customers?",
            "We notify customers of any new sub-processor at least 30 days in advance.",
        ),
        (
            "Must the Information Security Officer be notified of incidents?",
            "Incidents are reported to the Information Security Officer within 1 hour.",
        ),
        # "alerts" the noun tells no one
        ("Are customers notified of security alerts?", "Security alerts are reviewed by the SOC."),
        # a policy communicated to its readers tells no one of an event
        (
            "Is there an information security policy approved by management and "
            "communicated to appropriate constituents?",
            "The policy is approved by the CEO and communicated to all workforce members.",
        ),
        # a bank's questionnaire names itself "the Bank"; its clients are banks
        (
            "Provide the timeframe within which the Supplier will notify the Bank of a "
            "security incident.",
            "We notify affected Client Banks of a confirmed security incident within 24 hours.",
        ),
        # no party asked
        (
            "How quickly must staff report suspected incidents?",
            "Staff must report incidents to the service desk immediately.",
        ),
    ],
)
def test_a_lead_telling_the_party_asked_or_no_one_is_read_on(question: str, lead: str) -> None:
    assert another_recipient(question, lead) is None


def test_a_controller_told_is_not_the_data_subjects_asked() -> None:
    """A processor's 24 hours to its controllers was given for how soon data subjects
    are told; a controller is the processor's customer."""
    question = "Within how many hours does the processor notify affected data subjects of a breach?"
    lead = "Tallyroll notifies affected controllers of a personal data breach within 24 hours."
    assert another_recipient(question, lead) is not None
    to_controller = "Within how many hours does the processor notify the controller of a breach?"
    assert another_recipient(to_controller, lead) is None
    customers = "Tallyroll notifies affected customers of a personal data breach within 24 hours."
    assert another_recipient(to_controller, customers) is None
    assert another_recipient(question, customers) is None  # customers may be the people


def test_a_party_reported_to_after_its_object_is_read() -> None:
    """ "Within how many days are individuals whose PII was affected ... notified?" was
    answered "within one hour" by a sentence reporting incidents to CISA."""
    question = "Within how many days are individuals whose PII was affected by a breach notified?"
    lead = "Tessellate reports confirmed incidents to CISA (US-CERT) within one hour."
    assert another_recipient(question, lead) == "CISA"
    same = "Tessellate reports confirmed breaches to affected individuals within 30 days."
    assert another_recipient(question, same) is None


def test_an_infinitive_after_to_is_no_party() -> None:
    """(review) "escalates incidents to determine severity" named "determine severity"."""
    question = "Within what time are customers notified of a security incident?"
    lead = "The team reports each incident promptly to ensure notification within 24 hours."
    assert another_recipient(question, lead) is None


@pytest.mark.parametrize(
    "lead",
    [
        "Personal data breaches are reported to the Autoriteit Persoonsgegevens within 72 hours.",
        "Breaches are reported to the Datenschutzbehörde within 72 hours of discovery.",
        "Breaches are reported to Datatilsynet within 72 hours.",
    ],
)
def test_a_national_data_protection_authority_is_the_supervisory_authority(lead: str) -> None:
    """A Dutch company's "reported to the Autoriteit Persoonsgegevens within 72 hours"
    was read as telling another party than the supervisory authority asked."""
    question = "Within what timeframe are breaches reported to the supervisory authority?"
    assert another_recipient(question, lead) is None
    assert another_recipient("Within what time are customers notified of a breach?", lead)


@pytest.mark.parametrize(
    "lead",
    [
        "Where a personal data breach has occurred, we will notify the Office of the Data "
        "Protection Commissioner (ODPC) within 72 hours of becoming aware of the breach.",
        "Breaches are notified to the Office of the Australian Information Commissioner "
        "within 72 hours.",
    ],
)
def test_an_office_named_past_of_is_named_whole(lead: str) -> None:
    """A Kenyan company's "notify the Office of the Data Protection Commissioner" was
    read as telling "Office", another party than the data protection authority asked."""
    question = "Within how many hours do you notify the relevant data protection authority?"
    assert another_recipient(question, lead) is None
    assert another_recipient("Within what time are customers notified of a breach?", lead)


@pytest.mark.parametrize(
    ("lead", "other"),
    [
        ("Breaches are reported to the Office of the CISO within 72 hours.", "Office of the CISO"),
        (
            "Breaches are reported to the CISO of the affected business unit within 72 hours.",
            "CISO",
        ),
    ],
)
def test_an_internal_office_stays_another_party(lead: str, other: str) -> None:
    question = "Within how many hours do you notify the relevant data protection authority?"
    assert another_recipient(question, lead) == other


def test_the_customers_own_contacts_are_the_customer() -> None:
    """A whitepaper addressed to customers: "we will notify your registered security
    contacts" tells the bank that asks (it was read as another party)."""
    question = "Within what timeframe will the supplier notify the bank of a security incident?"
    lead = (
        "If an incident affects your data, we will notify your registered security "
        "contacts within 24 hours."
    )
    assert another_recipient(question, lead) is None
    assert another_recipient("Are incidents reported to the CISO?", lead)
