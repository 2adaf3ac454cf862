"""What a Yes would state that the lead quote does not: a figure stated otherwise."""

from __future__ import annotations

import pytest

from dossier.evidence.overstatement import overstated


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Are passwords required to be at least 12 characters?",
            "Passwords must be at least 8 characters long.",
        ),
        ("Is data at rest encrypted with AES-256?", "Data at rest is encrypted with AES-128."),
        ("Do you use TLS 1.2 or higher for data in transit?", "Connections use TLS 1.0."),
        (
            "Are accounts locked after no more than 5 failed login attempts?",
            "Accounts are locked after 10 failed login attempts.",
        ),
        ("Are RSA keys at least 3072 bits long?", "RSA keys are 2048 bits."),
        # "not more than" is at most, not "more than"
        (
            "Are accounts locked after no more than 5 failed login attempts?",
            "Accounts are locked after not more than 10 failed login attempts.",
        ),
        # no figure of that unit stated: Yes would state the figure the lead does not
        ("Are passwords required to be at least 12 characters?", "Passwords must be complex."),
        (
            "Do you carry cyber liability insurance with coverage of at least $5M?",
            "We hold cyber liability insurance with sufficient coverage for our risk profile.",
        ),
        ("Do you use TLS 1.2 or higher?", "All traffic is encrypted in transit with TLS."),
        # one of the figures stated falls short: Yes would claim it for all
        ("Is data at rest encrypted with AES-256?", "We use AES-256, and AES-128 for backups."),
        (
            "Are passwords required to be at least 12 characters?",
            "Passwords are at least 8 characters for users and 14 characters for administrators.",
        ),
    ],
)
def test_a_figure_the_lead_states_otherwise_is_for_a_person(question: str, lead: str) -> None:
    found = overstated(question, lead)
    assert found is not None and found.check == "number"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Are passwords required to be at least 12 characters?",
            "Passwords must be at least 14 characters long.",
        ),
        ("Do you use TLS 1.2 or higher for data in transit?", "Connections require TLS 1.3."),
        (
            "Are accounts locked after no more than 5 failed login attempts?",
            "Accounts are locked after 3 failed login attempts.",
        ),
        (
            "Are accounts locked after no more than 10 failed login attempts?",
            "Accounts are locked after not more than 6 failed login attempts.",
        ),
        # "not less than" is at least, not "less than"
        (
            "Are passwords required to be at least 12 characters?",
            "Passwords must be not less than 14 characters long.",
        ),
        # a figure the lead refuses is not one it states of the practice
        (
            "Do you use TLS 1.2 or higher?",
            "TLS 1.2 is required for all connections; TLS 1.0 and 1.1 are disabled.",
        ),
        (
            "Do you carry cyber insurance with coverage of at least $5M?",
            "We hold cyber liability insurance with $10 million in coverage.",
        ),
    ],
)
def test_a_figure_the_lead_meets_keeps_the_yes(question: str, lead: str) -> None:
    assert overstated(question, lead) is None


@pytest.mark.parametrize(
    "lead",
    [
        "Suppliers must encrypt customer data at rest.",
        "If third parties store sensitive data, their controls should follow best practice.",
        "All service providers are required to encrypt data at rest.",
        # asked of them in the lead's first clause, or of providers and contractors
        "We require our suppliers to encrypt customer data at rest.",
        "Our cloud provider encrypts all customer data at rest.",
        "Contractors must encrypt customer data at rest.",
        # a phrase saying which of them, between them and their verb
        "Suppliers handling customer data must encrypt it at rest.",
        "Vendors storing customer data carry encryption at rest as a contract term.",
        # which of them the organisation asks it of: a kind, a relative clause
        "We require Tier 1 vendors to encrypt customer data at rest.",
        "We require suppliers that host customer data to encrypt it at rest.",
        "We require Tier-1 vendors, which host customer data, to encrypt it at rest.",
        # after a long clause saying when: a college's vendor review gave "Yes" to "Have
        # you undergone a SOC 2 audit?"
        "3.2 Before the College contracts for a hosted service that will store or process "
        "Level 3 data, the vendor must encrypt customer data at rest.",
    ],
)
def test_a_practice_stated_of_third_parties_is_not_the_vendors_own(lead: str) -> None:
    found = overstated("Is customer data encrypted at rest?", lead)
    assert found is not None and found.check == "subject"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Do you assess the security of your suppliers?", "Suppliers are assessed annually."),
        ("Is customer data encrypted at rest?", "Customer data is encrypted by our platform."),
        (
            "Is customer data encrypted at rest?",
            "We require that vendors and our own systems encrypt customer data at rest.",
        ),
    ],
)
def test_a_question_about_third_parties_or_a_lead_of_ones_own_keeps_the_yes(
    question: str, lead: str
) -> None:
    assert overstated(question, lead) is None


@pytest.mark.parametrize(
    ("lead", "stated"),
    [
        ("USB storage devices may be used with manager approval.", False),
        ("USB storage devices are tracked in the asset inventory.", False),
        ("USB storage devices must not be used.", True),
        ("The use of USB storage devices is prohibited.", True),
        ("Only encrypted USB storage devices may be used.", True),
        ("USB ports are disabled on all laptops.", True),
    ],
)
def test_a_prohibition_asked_needs_a_lead_that_states_one(lead: str, stated: bool) -> None:
    found = overstated("Is the use of USB storage devices prohibited?", lead)
    assert (found is None) is stated
    assert found is None or found.check == "negation"


@pytest.mark.parametrize(
    ("lead", "flagged"),
    [
        ("All internal business records are stored outside employee laptops.", True),
        ("Laptops holding customer data must use full disk encryption.", True),
        ("Customer data is never stored on unencrypted laptops.", False),
    ],
)
def test_an_absence_asked_is_yes_only_from_a_lead_naming_that_absence(
    lead: str, flagged: bool
) -> None:
    """Yes to "Is customer data ever stored on unencrypted laptops?" admits a gap:
    a lead that says nothing of encryption must not give it."""
    found = overstated("Is customer data ever stored on unencrypted laptops?", lead)
    assert (found is not None) is flagged


@pytest.mark.parametrize(
    ("lead", "held"),
    [
        ("Examples of certifications that require this include PCI and ISO 27001.", False),
        ("Our controls are aligned with ISO 27001.", False),
        ("We are ISO 27001 certified.", True),
        ("The ISO 27001 certificate is renewed every three years.", True),
        ("The company holds ISO 27001 and SOC 2 certifications.", True),
        # sought, not held
        ("ISO 27001 is on our target list to be compliant with or certified to.", False),
        ("We are working towards ISO 27001 certification.", False),
    ],
)
def test_a_certification_asked_needs_one_held(lead: str, held: bool) -> None:
    found = overstated("Is your organization ISO 27001 certified?", lead)
    assert (found is None) is held


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        (
            "Do you require a minimum password length of 8 characters?",
            "Passwords must contain at least 12 characters.",
        ),
        (
            "Is data in transit encrypted with TLS 1.2?",
            "Data in transit is encrypted with TLS 1.3.",
        ),
        ("Is data encrypted at rest using AES-256?", "Data is encrypted using 256-bit AES."),
        ("Has your company been certified to ISO 27001?", "The company is ISO 27001 certified."),
        (
            "Has your security policy been approved by management?",
            "This policy is approved by the executive leadership team.",
        ),
        (
            "Do you have a SOC 2 Type II attestation?",
            "An independent auditor issues a SOC 2 Type II report annually.",
        ),
        (
            "Do you enforce MFA for administrators?",
            "MFA is mandatory for administrators and optional for standard users.",
        ),
        (
            "Is data encrypted at rest?",
            "All data is encrypted at rest; customers may optionally supply their own keys.",
        ),
        ("Is MFA available for customer accounts?", "Customers can enable MFA in their settings."),
        (
            "Is an annual penetration test performed?",
            "Third-party assessors perform an annual penetration test of our platform.",
        ),
        ("Are backups stored off-site?", "Vendor-hosted backups are stored in a separate region."),
        ("Is access to customer data logged?", "Partner access to customer data is logged."),
        (
            "Is it possible to restore data from backups in an unexpected outage?",
            "Data can be restored from backups within 4 hours.",
        ),
    ],
)
def test_common_questions_answered_by_their_lead_keep_the_yes(question: str, lead: str) -> None:
    """False alarms a review of realistic question and lead pairs found: a bare figure
    is a minimum, "Has ... been approved" is no event, a second clause or a thing of a
    third party's is not the practice asked, "unexpected" names no lacking control."""
    assert overstated(question, lead) is None


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("Do you use unencrypted protocols?", "All traffic is encrypted with TLS 1.2."),
        ("Do you store passwords in plaintext?", "Passwords are hashed with bcrypt."),
        ("Are passwords transmitted in clear text?", "All traffic is encrypted with TLS."),
        ("Are there any systems that do not enforce MFA?", "MFA is enforced on all systems."),
        ("Are there any accounts lacking MFA?", "Accounts use single sign-on."),
        ("Do any servers run unsupported operating systems?", "Servers run Ubuntu LTS."),
    ],
)
def test_a_lack_asked_of_what_is_used_or_exists_is_for_a_person(question: str, lead: str) -> None:
    """Yes to "Do you use unencrypted protocols?" or "Are there any systems that do not
    enforce MFA?" admits a gap; a lead stating the control says the opposite, and one
    that names no lack says nothing of it."""
    found = overstated(question, lead)
    assert found is not None and found.check == "negation"


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        # the lead names the lack itself
        ("Do you use unencrypted protocols?", "Legacy systems use unencrypted FTP."),
        ("Are there any systems that do not enforce MFA?", "Legacy systems are exempt from MFA."),
        # a control acting on the lack: the question asks about the control
        ("Do you use tools to detect unauthorized access?", "An IDS monitors the network."),
        ("Is unauthorized software prevented from running?", "Allow-listing is enforced."),
        ("Are unsupported systems removed from the network?", "Old systems are retired."),
        # "without" followed by no control the lead states
        ("Can the service be restored without downtime?", "Backups run hourly."),
    ],
)
def test_a_lack_the_lead_names_or_a_control_acts_on_keeps_the_yes(question: str, lead: str) -> None:
    assert overstated(question, lead) is None


def test_a_practice_of_ones_own_before_what_is_asked_of_suppliers_keeps_the_yes() -> None:
    lead = "We encrypt customer data at rest and require our suppliers to do the same."
    assert overstated("Is customer data encrypted at rest?", lead) is None


def test_a_practice_the_customer_may_enable_is_left_to_the_customer() -> None:
    found = overstated("Is customer data encrypted at rest?", "Customers may enable encryption.")
    assert found is not None and found.check == "scope"


def test_all_of_a_whole_class_holds_its_kinds() -> None:
    """ "All employees undergo a background check before their start date" is all of the
    "all new employees" asked; "all laptops" is not all servers."""
    question = "Are background checks completed for all new employees?"
    assert (
        overstated(question, "All employees undergo a background check before their start date.")
        is None
    )
    finding = overstated("Are all servers hardened?", "All laptops are hardened.")
    assert finding is not None and finding.check == "scope"


def test_all_relevant_leaves_which_ones_to_the_reader() -> None:
    """ "all relevant stakeholders" names no whole a sentence can fall short of; "all
    stakeholders" does."""
    lead = "Communications shall take place over Slack, email and phone."
    question = "Are communication channels with all relevant stakeholders maintained?"
    assert overstated(question, lead) is None
    the = "Are communication channels with all of the relevant stakeholders maintained?"
    assert overstated(the, lead) is None
    finding = overstated("Are communication channels with all stakeholders maintained?", lead)
    assert finding is not None and finding.check == "scope"


def test_sigs_constituents_are_the_workforce() -> None:
    """SIG asks of "all constituents": "All personnel must complete ..." names them (it
    went to a person, with the garbled reason "all constituents upon hire and")."""
    question = (
        "Is security awareness training required for all constituents upon hire and at "
        "least annually thereafter?"
    )
    lead = "All personnel must complete security awareness training within 30 days of hire."
    assert overstated(question, lead) is None


def test_the_reason_names_what_all_is_of_as_asked() -> None:
    found = overstated(
        "Are all servers and workstations upon hire patched?", "All personnel are trained."
    )
    assert found is not None
    assert "all servers and workstations;" in found.detail


def test_a_figure_not_met_is_named_as_the_question_writes_it() -> None:
    """It read "the question asks 2 (soc type)"."""
    from dossier.evidence.overstatement import _figure

    found = _figure("Do you hold a SOC 2 Type II report?", "We hold a SOC 2 Type I report.")
    assert found is not None
    assert found.detail.startswith(
        "the question asks SOC 2 Type II; the lead quote states SOC 2 Type I"
    )
    found = _figure("Are passwords at least 12 characters?", "Passwords are at least 8 characters.")
    assert (
        found is not None
        and "asks 12 characters; the lead quote states 8 characters" in found.detail
    )


def test_all_associates_are_all_employees_but_business_associates_are_not() -> None:
    """An Indian IT services firm's "All associates complete the ... training annually"
    was sent to a person for not naming employees."""
    question = "Are all employees required to complete security awareness training?"
    lead = "All associates complete the security awareness refresher training annually."
    assert overstated(question, lead) is None
    vendors = "All business associates complete security awareness training annually."
    assert overstated(question, vendors) is not None
    narrowed = "All associates in the delivery unit complete security awareness training."
    assert overstated(question, narrowed) is not None
