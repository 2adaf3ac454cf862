"""A document's own short names: read where it defines them, glossed where it uses them."""

from __future__ import annotations

import pytest

from dossier.ingest.definitions import document_definitions, glossed, spelled_in, unspelled


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
        (
            "3.1 “Business Associate Agreement” or “BAA” means a contract",
            "BAA",
            "Business Associate Agreement",
        ),
        ('"Recovery Time Objective" ("RTO") means the time', "RTO", "Recovery Time Objective"),
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
        # a plain word quoted stands for a party or the document: no initialism, no name
        'between Acme Cloud Services Ltd ("Company") and the Customer ("Customer")',
        'This Incident Response Plan (the "Plan") sets out',
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
        "This Incident Response Plan (IRP) is owned by the CISO.",  # where it is defined
        "Access reviews are quarterly.",
    ],
)
def test_a_sentence_not_using_a_short_name_on_its_own_is_not_glossed(text: str) -> None:
    assert glossed(text, {"IRP": "Incident Response Plan"}) == ""


def test_checks_read_the_full_name_after_each_use_of_a_short_name() -> None:
    definitions = {"IRP": "Incident Response Plan"}
    assert (
        spelled_in("The IRP is tested; all IRPs are kept.", definitions)
        == "The IRP ⟨Incident Response Plan⟩ is tested; all IRPs ⟨Incident Response Plan⟩ are kept."
    )
    defining = "This Incident Response Plan (IRP) is owned by the CISO."
    assert spelled_in(defining, definitions) == defining


def test_a_full_name_does_not_run_back_over_another_sentence_or_line() -> None:
    texts = [
        'Approved By CISO\nThis Business Continuity and Disaster Recovery Plan (the "BCP/DR Plan")',
        "Version 2. Effective January. Acme Corp Incident Response Plan (IRP) applies.",
    ]
    assert document_definitions(texts) == {
        "BCP/DR Plan": "Business Continuity and Disaster Recovery Plan",
        "IRP": "Incident Response Plan",
    }


def test_a_short_name_inside_an_identifier_is_not_glossed() -> None:
    definitions = {"SOC": "Security Operations Center", "ISO": "Information Security Officer"}
    text = "We hold SOC 2 Type II and ISO 27001; the SOC team reports to the ISO."
    assert spelled_in(text, definitions) == (
        "We hold SOC 2 Type II and ISO 27001; the SOC ⟨Security Operations Center⟩ team "
        "reports to the ISO ⟨Information Security Officer⟩."
    )


def test_each_use_is_glossed_alone_so_a_sentence_reads_the_same_inside_its_passage() -> None:
    """The defining use is left; a later use in the same quote is glossed, as it is when
    the sentence is read on its own; what was added can be taken back."""
    definitions = {"IRP": "Incident Response Plan"}
    sentence = "The IRP is tested annually."
    passage = f"This Incident Response Plan (IRP) is reviewed every two years. {sentence}"
    assert spelled_in(sentence, definitions) in spelled_in(passage, definitions)
    assert unspelled(spelled_in(passage, definitions)) == passage


def test_a_full_names_words_of_time_are_not_read_as_what_the_sentence_states() -> None:
    """ "ALE" stands for "Annual Loss Expectancy": a sentence using it states no annual
    schedule."""
    definitions = {"ALE": "Annual Loss Expectancy"}
    text = "The risk assessment calculates the ALE for each risk."
    assert spelled_in(text, definitions) == (
        "The risk assessment calculates the ALE ⟨Loss Expectancy⟩ for each risk."
    )
    assert glossed(text, definitions) == "Loss Expectancy"


def test_what_was_spelled_out_is_taken_back_whole_or_cut_short_and_nothing_else() -> None:
    source = "The IRP (Incident Response Plan) is tested; the ISM approves."
    read = spelled_in(source, {"ISM": "Information Security Manager"})
    assert unspelled(read) == source
    assert unspelled(read[: read.index("Security") + 3]) == source[: source.index("approves") - 1]


def test_a_quoted_initialism_is_spelled_by_the_words_before_it_not_every_capital() -> None:
    texts = [
        'Systems Hosted on Amazon Web Services ("AWS") are covered.',
        'two providers, Microsoft Azure and Google Cloud Platform ("GCP")',
    ]
    assert document_definitions(texts) == {
        "AWS": "Amazon Web Services",
        "GCP": "Google Cloud Platform",
    }


def test_a_table_of_abbreviations_defines_its_short_names() -> None:
    """ "The BCP and DRP shall be tested at least once a year" named no disaster recovery
    plan: the document's abbreviations table spells both out."""
    text = (
        "Abbreviation\tExpansion\nCISO\tChief Information Security Officer\n"
        "| DRP | Disaster Recovery Plan |\n| BCP | Business Continuity Plan |\n"
        "| RTO | 4 hours |\n| Tier | Critical systems only |\n"
    )
    assert document_definitions([text]) == {
        "CISO": "Chief Information Security Officer",
        "DRP": "Disaster Recovery Plan",
        "BCP": "Business Continuity Plan",
    }
