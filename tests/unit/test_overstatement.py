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
        ("Is data at rest encrypted with AES-256?", "We use AES-256 and AES-128 for backups."),
        ("Do you use TLS 1.2 or higher for data in transit?", "Connections require TLS 1.3."),
        (
            "Are accounts locked after no more than 5 failed login attempts?",
            "Accounts are locked after 3 failed login attempts.",
        ),
        # the lead states no figure of that unit: nothing to compare
        ("Are passwords required to be at least 12 characters?", "Passwords must be complex."),
    ],
)
def test_a_figure_the_lead_meets_or_does_not_state_keeps_the_yes(question: str, lead: str) -> None:
    assert overstated(question, lead) is None


@pytest.mark.parametrize(
    "lead",
    [
        "Suppliers must encrypt customer data at rest.",
        "If third parties store sensitive data, their controls should follow best practice.",
        "All service providers are required to encrypt data at rest.",
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


def test_a_version_asked_and_a_family_named_without_one_is_for_a_person() -> None:
    found = overstated("Do you use TLS 1.2 or higher?", "Data in transit is secured via TLS.")
    assert found is not None and found.check == "number"


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
    ],
)
def test_a_certification_asked_needs_one_held(lead: str, held: bool) -> None:
    found = overstated("Is your organization ISO 27001 certified?", lead)
    assert (found is None) is held
