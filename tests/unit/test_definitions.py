"""A document's own short names: read where it defines them, glossed where it uses them."""

from __future__ import annotations

import pytest

from dossier.ingest.definitions import document_definitions, glossed, spelled_in


@pytest.mark.parametrize(
    ("text", "short", "full"),
    [
        (
            "1.1 This Incident Response Plan (IRP) defines how we respond.",
            "IRP",
            "Incident Response Plan",
        ),
        (
            "the National Institute of Standards and Technology (NIST) framework",
            "NIST",
            "National Institute of Standards and Technology",
        ),
        ("agreed Recovery Time Objectives (RTOs) per service", "RTO", "Recovery Time Objectives"),
        (
            "protects Personally-Identifiable Information (PII) at rest",
            "PII",
            "Personally Identifiable Information",
        ),
        ("Risk Analysis (RA) | An accurate and thorough assessment", "RA", "Risk Analysis"),
        (
            "a signed business associate agreement (BAA) is required",
            "BAA",
            "business associate agreement",
        ),
        (
            'This Business Continuity and Disaster Recovery Plan (the "BCP/DR Plan") sets out',
            "BCP/DR Plan",
            "Business Continuity and Disaster Recovery Plan",
        ),
        ("Acme Cloud Services Ltd (“Company”) provides", "Company", "Acme Cloud Services Ltd"),
    ],
)
def test_a_defined_short_name_stands_for_the_full_name_before_it(
    text: str, short: str, full: str
) -> None:
    assert document_definitions([text]) == {short: full}


@pytest.mark.parametrize(
    "text",
    [
        "Logs go to our security tool (Splunk) for review.",  # a product name, no initialism
        "Intrusion Detection and Prevention System (IDS/IPS) alerts",  # initials do not spell it
        "an Information Security Manager (CISO) owns it",  # one initial short
        'Send it to the team (the "owners") by Friday',  # no capitalised name before
        "as required (see Section 4)",
    ],
)
def test_parentheses_that_define_nothing_are_not_read_as_a_definition(text: str) -> None:
    assert document_definitions([text]) == {}


def test_the_first_definition_of_a_short_name_is_kept() -> None:
    texts = ["Incident Response Plan (IRP) first.", "Internal Review Panel (IRP) later."]
    assert document_definitions(texts) == {"IRP": "Incident Response Plan"}


def test_a_sentence_using_a_defined_short_name_is_glossed_with_the_full_name() -> None:
    definitions = {"IRP": "Incident Response Plan", "BCP/DR Plan": "Business Continuity Plan"}
    assert glossed("The IRP is tested at least annually.", definitions) == "Incident Response Plan"
    assert glossed("The BCP/DR Plan is exercised.", definitions) == "Business Continuity Plan"
    assert glossed("All IRPs are kept current.", definitions) == "Incident Response Plan"


@pytest.mark.parametrize(
    "text",
    [
        "The IRPX system is separate.",  # inside a longer name
        "Owners see the irp tool.",  # not the name as the document writes it
        "This Incident Response Plan (IRP) is owned by the CISO.",  # the full name is there
        "Access reviews are quarterly.",
    ],
)
def test_a_sentence_not_using_a_short_name_on_its_own_is_not_glossed(text: str) -> None:
    assert glossed(text, {"IRP": "Incident Response Plan"}) == ""


def test_checks_read_the_full_name_after_each_use_of_a_short_name() -> None:
    definitions = {"IRP": "Incident Response Plan"}
    assert (
        spelled_in("The IRP is tested; all IRPs are kept.", definitions)
        == "The IRP (Incident Response Plan) is tested; all IRPs (Incident Response Plan) are kept."
    )
    defining = "This Incident Response Plan (IRP) is owned by the CISO."
    assert spelled_in(defining, definitions) == defining
