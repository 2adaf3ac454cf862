"""Unit tests for dossier.common.textutil: identifiers, the light stemmer, content terms."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.common.textutil import (
    QUESTION_FILLER,
    STOPWORDS,
    asked_identifiers,
    brackets_masked,
    content_terms,
    fold_whitespace,
    identifier_key,
    identifiers,
    one_family,
    opens_clause,
    question_terms,
    sentence_spans,
    split_outside_brackets,
    stem,
    us_spelled,
    us_spelling,
    without_label,
    words,
)
from dossier.index.hybrid import embedding_text
from dossier.records import Chunk

# --- identifiers ---------------------------------------------------------------


def test_identifiers_keep_enhancement_numbers_distinct() -> None:
    found = identifiers("Implement AC-2(3) but not AC-2(7).")
    assert found == ["ac-2(3)", "ac-2(7)"]
    assert found[0] != found[1]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mapped to CC6.1 in SOC 2.", ["cc6.1"]),
        ("See ISO 27001 Annex A.9.2.3 for details", ["a.9.2.3"]),
        ("AC-2 and IA-5(1)", ["ac-2", "ia-5(1)"]),
        ("SOC-2 report", ["soc-2"]),
        ("Ends a sentence with CC6.1.", ["cc6.1"]),
    ],
)
def test_identifiers_found(text: str, expected: list[str]) -> None:
    assert identifiers(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "xAC-2(3) glued to a word",
        "AC-2(3)b glued after",
        "the word Access alone",
        "plain lowercase ac-2(3) is not an identifier",
        "hyphen-AC-2 inside a compound",
        "",
    ],
)
def test_identifiers_do_not_match_inside_words(text: str) -> None:
    assert identifiers(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We patched CVE\u20112024\u20113094.", ["cve-2024-3094"]),  # Word's non-breaking hyphen
        ("AC\u20102(3) and IA\u20135(1)", ["ac-2(3)", "ia-5(1)"]),  # hyphen, en dash
        ("SHA\u2212256", ["sha-256"]),  # minus sign
        ("ＡＣ－２（３）", ["ac-2(3)"]),  # full-width forms
        ("hyphen\u2011AC\u20112 inside a compound", []),
    ],
)
def test_identifiers_read_any_hyphen_as_the_hyphen(text: str, expected: list[str]) -> None:
    """Word and PDFs write AC-2(3) with a non-breaking hyphen or a dash: it is the same
    identifier (it was none, so a question on AC-2(3) found no passage naming it)."""
    assert identifiers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("NIST CSF PR.AC-1 and SP 800-53 AC-1", ["pr.ac-1", "ac-1"]),
        ("CSF 2.0 GV.OC-01, ID.AM-1", ["gv.oc-01", "id.am-1"]),
    ],
)
def test_a_csf_subcategory_is_not_the_control_its_tail_names(
    text: str, expected: list[str]
) -> None:
    """NIST CSF's PR.AC-1 is not SP 800-53's AC-1 (it was read as AC-1, so a question
    on PR.AC-1 was answered from a passage on AC-1, as naming it)."""
    assert identifiers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("AC-2 (3) and AC-2\u00a0(7), as SP 800-53 Rev. 4 writes them", ["ac-2(3)", "ac-2(7)"]),
        ("AC-2 (a) and AC-3 (3 accounts)", ["ac-2", "ac-3"]),
    ],
)
def test_an_enhancement_after_a_space_is_part_of_the_identifier(
    text: str, expected: list[str]
) -> None:
    """'AC-2 (3)' is AC-2(3) (it was read as AC-2, so a passage on it did not name the
    enhancement asked about, and named AC-2)."""
    assert identifiers(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("SHA256, SHA-256, AES256 and SOC2", ["sha-256", "sha-256", "aes-256", "soc-2"]),
        ("CC6.1, IA5 and ISO27001", ["cc6.1", "ia5", "iso-27001"]),  # a short prefix: as written
    ],
)
def test_a_name_and_its_number_are_one_identifier_with_or_without_the_hyphen(
    text: str, expected: list[str]
) -> None:
    """SHA256 is SHA-256 (a question on SHA256 answered from a passage on SHA-256
    escalated: 'no cited passage names SHA256')."""
    assert [identifier_key(name) for name in identifiers(text)] == expected


def test_identifiers_are_lowercased_and_in_order() -> None:
    assert identifiers("CC7.2, then AC-17, then CC6.1") == ["cc7.2", "ac-17", "cc6.1"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How is ac-2(3) implemented?", ["ac-2(3)"]),
        ("Do you meet ia-5 (1) and AC-2?", ["ia-5(1)", "ac-2"]),
        ("How do you meet pr.ac-1 and gv.oc-01?", ["pr.ac-1", "gv.oc-01"]),
        ("Is sc\u20117 met, as for CC6.1?", ["sc-7", "cc6.1"]),
        ("How do you meet cc6.1 and cc7.2?", ["cc6.1", "cc7.2"]),
        ("Is a1.2 (availability) or pi1.3 or p4.2 covered?", ["a1.2", "pi1.3", "p4.2"]),
        ("How is ISO 27001 a.9.2.3 met, and a.5.15?", ["a.9.2.3", "a.5.15"]),
    ],
)
def test_a_question_names_a_control_typed_in_lower_case(text: str, expected: list[str]) -> None:
    """People type "ac-2(3)" and "pr.ac-1" in lower case: the question names AC-2(3) and
    PR.AC-1 (it named nothing, so no passage was found or answered as naming them)."""
    assert asked_identifiers(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Do you hash with sha-256 over tls-1 links?",
        "Did covid-19 change your top-10 risks or the x-2 plan?",
        "Is mac-2 or ac-2b or ac-2.3 or ac-2(a) or xpr.ac-1 named?",
        "Do you use aes-256?",
        "Is tls v1.2 or python3.11 or a.b.c or cc6 or cc6.1.2.3.4 in use?",
    ],
)
def test_lower_case_words_with_digits_are_not_controls(text: str) -> None:
    assert asked_identifiers(text) == []


def test_documents_lower_case_stays_prose() -> None:
    assert identifiers("plain lowercase ac-2(3) and pr.ac-1") == []


# --- stem ------------------------------------------------------------------------


def test_stem_rotate_family_is_consistent() -> None:
    forms = ["rotate", "rotates", "rotated", "rotating", "rotation", "rotations"]
    stems = {stem(form) for form in forms}
    assert stems == {"rotat"}


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("policy", "policies"),
        ("encrypt", "encrypted"),
        ("encrypt", "encryption"),
        ("backup", "backups"),
        ("key", "keys"),
        ("process", "processes"),
        ("access", "accesses"),
        ("service", "services"),
        ("update", "updates"),
    ],
)
def test_stem_matches_inflections(a: str, b: str) -> None:
    assert stem(a) == stem(b)


@pytest.mark.parametrize(
    ("a", "b"),
    [("rule", "rules"), ("file", "files"), ("role", "roles"), ("apply", "applies")],
)
def test_stem_matches_short_plurals_bug(a: str, b: str) -> None:
    assert stem(a) == stem(b)


def test_stem_is_snowball_english_as_tantivy_en_stem() -> None:
    # Porter2 as Tantivy's en_stem tokenizer applies it to the index: the engine's
    # terms and the index's terms are the same terms
    assert stem("access") == "access"
    assert stem("status") == "status"
    assert stem("policies") == stem("policy") == "polici"
    assert stem("configurations") == stem("configuration") == "configur"
    assert stem("red") == "red"


def test_stem_words_the_old_suffix_stripper_left_apart() -> None:
    # the hand-written stripper kept these apart (and its thesaurus keys never matched)
    assert stem("terminate") == stem("termination")
    assert stem("delete") == stem("deleted") == stem("deletion")
    assert stem("vulnerability") == stem("vulnerabilities")


# --- words, content_terms, fold_whitespace -----------------------------------------------


def test_words_lowercases_and_splits_on_punctuation() -> None:
    assert words("STOP-now, Ok? CC6.1 x2") == ["stop", "now", "ok", "cc6", "1", "x2"]


def test_content_terms_drop_stopwords_and_filler() -> None:
    terms = content_terms("Please describe how often the company rotates its encryption keys")
    assert terms == ["rotat", "encrypt", "key"]


@pytest.mark.parametrize("written", ["24/7", "24x7", "24 x 7", "24x7x365", "24/7/365"])
def test_round_the_clock_is_one_term_however_written(written: str) -> None:
    """ "We don't have a 24/7 SOC" named "24" and "soc", not the question's "24x7"."""
    assert content_terms(f"a {written} SOC") == ["24x7", "soc"]


def test_backed_up_names_backups() -> None:
    """ "Files on laptops are not backed up" names backups; "back" alone did not. "Logs
    in the SIEM" are logs, no login."""
    assert content_terms("Files are not backed up") == [stem("file"), stem("backup")]
    assert content_terms("Logs in the SIEM are kept") == [stem("logs"), "siem"]
    assert content_terms("Roll back the change") == [stem("roll"), stem("back"), stem("change")]


def test_content_terms_drop_single_letters() -> None:
    assert content_terms("x y z firewall") == [stem("firewall")]


# ("process" is filler as a noun, a term as a verb: "we do not process", "to process")
@given(st.lists(st.sampled_from(sorted(STOPWORDS | QUESTION_FILLER - {"process"})), max_size=20))
def test_content_terms_of_only_stopwords_is_empty(tokens: list[str]) -> None:
    assert content_terms(" ".join(tokens)) == []


@given(st.text())
def test_fold_whitespace_has_no_runs_or_edges(text: str) -> None:
    folded = fold_whitespace(text)
    assert folded == folded.strip()
    assert "  " not in folded
    assert folded.split() == text.split()


def test_words_read_through_zero_width_characters() -> None:
    """Text copied from web pages and Word holds zero-width spaces and joiners inside
    words: "authen\u200btication" is the word "authentication" (it was two words)."""
    text = "Multi-factor authen\u200btication, pass\u200cwords, en\u200dcryption, log\u2060ging"
    assert words("\ufeff" + text) == [
        "multi", "factor", "authentication", "passwords", "encryption", "logging"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("multi-factor authen-\ntication", ["multi", "factor", "authentication"]),  # a PDF
        ("is re\u00ad\n  viewed", ["is", "reviewed"]),
        ("Zu\u0308rich", ["zürich"]),  # decomposed: the letter and its accent
        ("ＭＦＡ ｉｓ ｒｅｑｕｉｒｅｄ", ["mfa", "is", "required"]),  # full-width forms
        ("a list -\nitem, TLS 1.2-\n1.3, AWS-\nmanaged", ["a", "list", "item", "tls", "1", "2", "1",
                                                        "3", "aws", "managed"]),
    ],
)  # fmt: skip
def test_words_are_read_as_the_text_is_read(text: str, expected: list[str]) -> None:
    """A word hyphenated at a line end, a decomposed accent and a full-width letter
    are read as the word a reader sees, by the index and the engine alike ("authen-\n
    tication" was two words, so "Is authentication required?" went unanswered)."""
    assert words(text) == expected


def test_words_read_through_extraction_artefacts() -> None:
    """A PDF's "conﬁdential" and "back\u00adups" are found by "confidential" and "backups"."""
    assert words("Conﬁdential print\u00adouts and back\u00adups") == [
        "confidential",
        "printouts",
        "and",
        "backups",
    ]


def test_the_indexed_text_reads_through_extraction_artefacts() -> None:
    chunk = Chunk("c1", "scan.pdf", 0, 24, "Conﬁdential back\u00adups.", "Media")
    assert embedding_text(chunk, "Media Policy") == "Media Policy > Media: Confidential backups."
    plain = Chunk("c2", "a.md", 0, 10, "Plain text", "")
    assert embedding_text(plain, "") == "Plain text"  # other text is left as it is


def test_words_keep_accented_letters() -> None:
    assert words("Les données sont conservées") == ["les", "données", "sont", "conservées"]


@pytest.mark.parametrize(
    "text",
    [
        "|Audit logs are kept|for one year|\n|Backups are kept|for 90 days|",
        "| Audit logs are kept | for one year\n|Backups are kept | for 90 days |",
        "Audit logs are kept | for one year\nBackups are kept | for 90 days",
        "<tr><td>Audit logs are kept</td><td>for one year</td></tr>"
        "<tr><td>Backups are kept</td><td>for 90 days</td></tr>",
    ],
)
def test_a_table_row_ends_a_sentence(text: str) -> None:
    """A sentence in a table row ends with the row: it ran on into the next row's cells,
    so a row's subject was read with the next row's value."""
    rows = [text[a:b] for a, b in sentence_spans(text)]
    assert len(rows) == 2
    assert "Audit logs" in rows[0] and "90 days" not in rows[0]
    assert "Backups" in rows[1] and "one year" not in rows[1]


def test_a_pipe_in_a_wrapped_paragraph_ends_no_sentence() -> None:
    text = "Run the export piped as a | b to the archive\nbucket each night."
    assert sentence_spans(text) == [(0, len(text))]


def test_an_acronym_opening_a_wrapped_line_is_no_list_item() -> None:
    """ "approved by the\nCTO." was cut before "CTO." as if it were an item "a." or "iv."."""
    text = "Changes must be approved by the\nCTO. Emergency changes are reviewed later."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Changes must be approved by the\nCTO.",
        "Emergency changes are reviewed later.",
    ]
    items = "Rules:\na. first rule\nB. second rule\nc. third rule"
    assert len(sentence_spans(items)) == 4


def test_one_sentence_splitter_keeps_abbreviations_whole() -> None:
    text = "Use a manager (e.g. Vault) for secrets. Rotate keys yearly."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Use a manager (e.g. Vault) for secrets.",
        "Rotate keys yearly.",
    ]


def test_a_faq_question_in_bold_ends_its_sentence() -> None:
    """ "**Do you do penetration testing?**" over its answer was read as one sentence
    with the answer: the quote began with the FAQ's question and its stray "**"."""
    text = "**Do you do penetration testing?**\nAn assessor tests a sample every year.\n"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "**Do you do penetration testing?**",
        "An assessor tests a sample every year.",
    ]


def test_a_faqs_short_answer_stays_with_its_question() -> None:
    """ "Not today." alone is too short to be a sentence: split from its question it was
    no candidate, and the FAQ's plain answer was lost (a false "Not covered")."""
    text = "**Can customers bring their own keys?**\nNot today. It is on the roadmap.\n"
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "**Can customers bring their own keys?**\nNot today.",
        "It is on the roadmap.",
    ]
    faq = (
        "**Do you offer SAML SSO?**\nNot at this time.\n\n**Do you pentest?**\nYes, yearly by NCC."
    )
    assert [faq[a:b] for a, b in sentence_spans(faq)] == [
        "**Do you offer SAML SSO?**\nNot at this time.",
        "**Do you pentest?**\nYes, yearly by NCC.",
    ]


def test_a_revision_number_ends_no_sentence() -> None:
    """ "NIST SP 800-88 Rev. 1" is one reference: cut at "Rev.", the quote began "1 before
    reuse or disposal"."""
    text = "Media is sanitized per NIST SP 800-88 Rev. 1 before reuse. Logs are kept."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Media is sanitized per NIST SP 800-88 Rev. 1 before reuse.",
        "Logs are kept.",
    ]


def test_a_telephone_extension_ends_no_sentence() -> None:
    """ "Report it to the Service Desk (ext. 4000, or ...) within 1 hour" was cut at
    "ext.": the deadline lost its sentence and the question was not covered."""
    text = "Report it to the Service Desk (ext. 4000, or by email) within 1 hour. Logs are kept."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Report it to the Service Desk (ext. 4000, or by email) within 1 hour.",
        "Logs are kept.",
    ]


@pytest.mark.parametrize("reference", ["Req. 8.3.6", "Sect. 4", "Cl. 5.2", "Std. 12"])
def test_a_numbered_reference_ends_no_sentence(reference: str) -> None:
    """ "Req. 8.3.6: Passwords shall be ..." was cut at "Req.": the quote lost its
    requirement's reference and began "8.3.6: ..."."""
    text = f"{reference}: Passwords shall be at least 12 characters. Logs are kept."
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        f"{reference}: Passwords shall be at least 12 characters.",
        "Logs are kept.",
    ]


def test_stems_of_one_word_are_one_family() -> None:
    assert one_family("certifi", "certif")  # certified, certification
    assert one_family("encrypt", "encrypt")
    assert not one_family("test", "testimoni")
    assert not one_family("use", "user")  # too short to tell


def test_vendors_are_a_subject_the_vendor_is_the_one_answering() -> None:
    """ "Does the vendor ..." names the respondent (wording); "must vendors notify you"
    names third parties, what the question is about."""
    assert "vendor" in question_terms("Within what timeframe must vendors notify you?")
    assert "vendor" not in question_terms("Does the vendor encrypt backups?")


def test_a_prefix_split_at_its_hyphen_is_no_term() -> None:
    """ "re-certified" asked for "re" as well as "certified": no passage names "re". "De-"
    undoes the word after it, so it is joined, never dropped: "de-provisioned" is
    deprovisioned (a thesaurus word for revoking), not its opposite."""
    assert content_terms("access is de-provisioned and re-certified") == [
        stem("access"),
        stem("deprovisioned"),
        stem("certified"),
    ]
    assert stem("non") in content_terms("non-production systems")  # a prefix that negates


def test_a_numbered_heading_line_of_a_pdf_ends_before_the_text_under_it() -> None:
    # "People New joiners complete ..." was quoted: the heading's word opened the sentence
    text = (
        "2. People\nNew joiners complete security training in their first week.\n"
        "3. Hosting\nParse runs on AWS in the London region; data does not leave the United\n"
        "Kingdom.\n4. Customer data must be encrypted\nat rest."
    )
    pieces = [text[a:b] for a, b in sentence_spans(text)]
    assert "New joiners complete security training in their first week." in pieces
    assert any(p.startswith("Parse runs on AWS") and p.endswith("Kingdom.") for p in pieces)
    # a list item wrapped onto a line in lower case goes on
    assert "Customer data must be encrypted\nat rest." in pieces


def test_a_line_opening_a_numbered_clause_starts_a_sentence() -> None:
    """PDF and plain text set clauses one per line: "Patching" (a heading) is not the
    first word of clause 4.1, and clause 4.2 is not the end of 4.1's sentence."""
    text = (
        "Patching\n4.1 Operating system patches are applied within 14 days of release\n"
        "4.2 Browser updates are applied within 7 days.\nLogs are kept for\n30 days."
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Patching",
        "4.1 Operating system patches are applied within 14 days of release",
        "4.2 Browser updates are applied within 7 days.",
        "Logs are kept for\n30 days.",
    ]
    assert opens_clause("7.1 The company holds Cyber Essentials Plus certification.")
    assert opens_clause("7. Compliance and Assurance")
    assert not opens_clause("30 days after termination, data is deleted.")


def test_sigs_scoped_data_is_data() -> None:
    """SIG writes "scoped data" and "scoped systems" for the data and systems in scope:
    "scoped" was a term a sentence had to state ("Is scoped data encrypted both at rest
    and in transit?" went not covered beside "encrypted with AES-256")."""
    assert content_terms("Is scoped data encrypted at rest?") == ["data", "encrypt", "rest"]


def test_a_pdf_tables_rows_one_a_line_are_sentences_of_their_own() -> None:
    """pdfplumber gives a table's rows one a line, cells joined by single spaces: the
    whole table was one sentence and the Critical row's "7 days" was read for High."""
    text = (
        "Vulnerabilities must be remediated within the following timeframes:\n"
        "Severity CVSS Remediation SLA\nCritical 9.0-10.0 7 days\nHigh 7.0-8.9 30 days\n"
        "Medium 4.0-6.9 90 days\nExceptions require approval and are reviewed within 30\n"
        "days of the request."
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Vulnerabilities must be remediated within the following timeframes:",
        "Severity CVSS Remediation SLA",
        "Critical 9.0-10.0 7 days",
        "High 7.0-8.9 30 days",
        "Medium 4.0-6.9 90 days",
        "Exceptions require approval and are reviewed within 30\ndays of the request.",
    ]
    wrapped = "Keys are rotated every 90\ndays and retired after 2\nyears of use."
    assert len(sentence_spans(wrapped)) == 1


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        ("AC-2(3): Are inactive accounts disabled?", "Are inactive accounts disabled?"),
        (
            "[IR-6] Within what time are incidents reported?",
            "Within what time are incidents reported?",
        ),
        ("DSP-15.1 - Is production data used in test?", "Is production data used in test?"),
        ("A.9.2.3 Is access reviewed?", "Is access reviewed?"),
        ("Are AC-2(3) accounts disabled?", "Are AC-2(3) accounts disabled?"),  # asked, no label
        ("SHA-256 is used for hashing?", "SHA-256 is used for hashing?"),
    ],
)
def test_an_identifier_labelling_a_question_is_no_part_of_the_ask(
    question: str, asked: str
) -> None:
    """ "SC-13: Does the system use FIPS-validated modules?" was answered "Documented"
    (no yes/no question once labelled), and "IR-6: Within what time ...?" was sent to a
    person because no policy named IR-6."""
    assert without_label(question) == asked


def test_a_google_docs_bullet_starts_a_sentence() -> None:
    """ "●" and "○" bullets of a Google Docs export did not end the line before them: a
    quote ran on into the next items (a denial among them sent a Yes to a person)."""
    text = (
        "MFA is required for all remote access\n\u25cb SMS codes are not an accepted factor\n"
        "\u25cf Hardware keys are issued to administrators"
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "MFA is required for all remote access",
        "\u25cb SMS codes are not an accepted factor",
        "\u25cf Hardware keys are issued to administrators",
    ]


@pytest.mark.parametrize(
    "question",
    [
        "ISO27001: Are you certified?",
        "SOC-2 Type II: Do you have a current report?",
        "TLS1.2: Is it enforced?",
        "CVE-2021-44228 Are you affected?",
        "IPv6 Is it supported?",
    ],
)
def test_a_standard_opening_a_question_is_its_subject_not_a_label(question: str) -> None:
    assert without_label(question) == question


def test_units_and_words_like_abbreviations_still_end_sentences() -> None:
    text = "Latency stays below 200 ms. Failover is tested quarterly."
    assert len(sentence_spans(text)) == 2
    wrapped = (
        "Backups are copied every 4 hours to\nAWS S3 in region eu-west-1 and kept\n"
        "35 days before deletion by the\nLifecycle policy."
    )
    assert len(sentence_spans(wrapped)) == 1  # prose in a narrow column, not table rows


def test_an_agent_noun_is_not_its_verbs_family() -> None:
    assert not one_family("process", "processor")
    assert not one_family("audit", "auditor")


def test_a_buyers_names_for_itself_and_the_one_answering_are_read_as_theirs() -> None:
    """ "Bank data" and "Supplier staff" were words a sentence had to name: a false
    Not covered on a TLS version, a Needs review on MFA."""
    from dossier.common.textutil import question_terms, stem

    terms = question_terms("Is MFA enforced for all Supplier staff accessing Bank data?")
    assert stem("supplier") not in terms and stem("bank") not in terms
    assert stem("customer") in terms
    assert stem("supplier") in question_terms("Do you assess your suppliers annually?")
    assert stem("bank") in question_terms("Bank statements are kept for how long?")


def test_a_school_districts_lea_is_the_customer() -> None:
    from dossier.common.textutil import question_terms, stem

    terms = question_terms("Will the Provider notify the LEA within 72 hours?")
    assert stem("lea") not in terms and stem("customer") in terms


@pytest.mark.parametrize(
    "question",
    [
        "Do you comply with the Bank Secrecy Act?",
        "Is data shared with the World Bank?",
        "Is data stored in the District of Columbia?",
        "Does your Cloud Service Provider encrypt data?",
    ],
)
def test_a_buyers_word_inside_a_longer_name_is_left_as_written(question: str) -> None:
    from dossier.common.textutil import as_the_vendor

    assert as_the_vendor(question) == question


def test_a_clause_wrapped_after_its_semicolon_stays_in_its_sentence() -> None:
    """A PDF's "... does not require periodic password changes;" / "passwords are changed
    only when ..." was cut in two: the denial became "another quote" beside its own
    lead. A list's items in lower case stay apart."""
    from dossier.common.textutil import sentence_spans

    wrapped = (
        "Consistent with NIST SP 800-63B, Tessaract does not require periodic password "
        "changes;\npasswords are changed only when there is evidence of compromise."
    )
    assert len(sentence_spans(wrapped)) == 1
    listed = "Prohibited:\nsharing passwords with anyone, including colleagues;\nusing email;"
    assert len(sentence_spans(listed)) == 3
    items = "- Use strong passwords for every system you sign in to;\nlock screens."
    assert len(sentence_spans(items)) == 2
    # items in lower case after a first in a capital: the next ends in ";" too
    clauses = (
        "Production data is not used in development or test environments;\nchanges to "
        "production are reviewed by a second engineer before deployment;\nemergency changes "
        "are documented within 24 hours."
    )
    assert len(sentence_spans(clauses)) == 3
    numbered = (
        "4.2 Consistent with NIST SP 800-63B, Tessaract does not require periodic password "
        "changes;\npasswords are changed only when there is evidence of compromise."
    )
    assert len(sentence_spans(numbered)) == 1


def test_process_as_a_verb_is_a_term_and_the_filler_noun_is_not() -> None:
    """ "does not store, process, or transmit customer data" lost "process", and a
    question asking whether data is "stored, processed, or transmitted" outside the
    country found no sentence stating it."""
    assert stem("process") in content_terms("We do not store, process, or transmit card data")
    assert stem("process") in content_terms("We process personal data only on instructions.")
    assert stem("process") not in content_terms("Is there a process for access reviews?")
    assert stem("process") not in content_terms("Is there a policy and process to revoke access?")
    assert stem("process") not in content_terms("A formal, documented process is followed.")


def test_a_block_quotes_wrapped_sentence_is_one_sentence() -> None:
    """A Markdown block quote wraps its sentence over lines each opening with ">": the
    first line alone ("For the policy position see QL-ISMS-09 (Business Continuity and")
    was a sentence. Its items and a sentence ending at the line's end stay apart."""
    text = (
        "> For the policy position see the Continuity Plan (Business Continuity and\n"
        "> Disaster Recovery Plan). It is owned.\n> - item one\n> - item two"
    )
    said = [text[a:b] for a, b in sentence_spans(text)]
    assert said == [
        "> For the policy position see the Continuity Plan (Business Continuity and\n"
        "> Disaster Recovery Plan).",
        "It is owned.",
        "> - item one",
        "> - item two",
    ]


def test_an_o_bullet_opens_a_sentence() -> None:
    text = "Leavers:\no Access is disabled within 24 hours\no Laptops are returned"
    said = [text[a:b] for a, b in sentence_spans(text)]
    assert said[1:] == ["o Access is disabled within 24 hours", "o Laptops are returned"]


@pytest.mark.parametrize(
    "sentence",
    [
        "An on-call engineer is available 24 hours a day, 7 days a week, 365 days a year.",
        "The SOC monitors alerts around the clock.",
        "Alerts are triaged 24/7.",
    ],
)
def test_round_the_clock_spelled_out_is_the_term_24x7(sentence: str) -> None:
    """ "24x7x365" of a question was not matched by a sentence spelling it out."""
    assert "24x7" in content_terms(sentence)
    assert "24x7" not in content_terms("Logs are kept for 24 hours and then deleted.")


def test_a_company_suffix_before_its_defined_short_name_ends_no_sentence() -> None:
    """'Ledgerline Inc. ("Ledgerline") provides ...' was cut after "Inc.": the purpose
    statement was quoted from its bracket."""
    text = (
        'Ledgerline Inc. ("Ledgerline") provides a lending platform. We use Acme Inc. Backups run.'
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        'Ledgerline Inc. ("Ledgerline") provides a lending platform.',
        "We use Acme Inc.",
        "Backups run.",
    ]


@pytest.mark.parametrize(
    "sentence",
    [
        "Phone support is available 24 hours a day, 5 days a week.",
        "The service desk is staffed 24 hours a day, Monday to Friday.",
    ],
)
def test_round_the_clock_on_working_days_only_is_not_24x7(sentence: str) -> None:
    """(review) A bare "24 hours a day" read a 24x5 service as round the clock."""
    assert "24x7" not in content_terms(sentence)


@pytest.mark.parametrize(
    "text",
    [
        "> Recovery time objective (RTO): 4 hours\n> Recovery point objective (RPO): 1 hour",
        "> [!IMPORTANT]\n> All access is revoked within 24 hours of termination.",
        "> **Backups are encrypted with AES-256.**\n> Restores are tested quarterly.",
        "> Backups run daily\n> Restores are tested quarterly",
    ],
)
def test_a_quoted_line_complete_in_itself_stays_apart(text: str) -> None:
    """(review) A label and its value, an alert's marker, a line closing its emphasis,
    a short line: each is its own sentence, not the start of the next line's ("What is
    the RPO?" was answered 4 hours)."""
    first, second = text.split("\n")
    assert [text[a:b] for a, b in sentence_spans(text)] == [first, second]


@pytest.mark.parametrize(
    "text",
    [
        "> Important: backups of the customer database are kept for\n> 35 days and then deleted.",
        "> Data is deleted within 30 days of contract end\n> unless a legal hold applies.",
    ],
)
def test_a_wrapped_quoted_sentence_with_a_label_or_short_lines_is_one(text: str) -> None:
    """(review) An early "Important:" read the line as a label and its value, and a short
    line going on in lower case was cut from its exception."""
    assert [text[a:b] for a, b in sentence_spans(text)] == [text]


def test_a_two_part_company_suffix_ends_no_sentence_between_its_parts() -> None:
    """Every Singapore company's name ends "Pte. Ltd.": quotes began "Ltd. was assessed
    as a Level 1 Service Provider"."""
    text = (
        "Harbour Pay Pte. Ltd. was assessed as a Level 1 Service Provider. "
        "The QSA was Straits Audit Pte. Ltd. Kuala Data Sdn. Bhd. hosts backups."
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Harbour Pay Pte. Ltd. was assessed as a Level 1 Service Provider.",
        "The QSA was Straits Audit Pte. Ltd.",
        "Kuala Data Sdn. Bhd. hosts backups.",
    ]


def test_an_indian_company_suffix_and_a_title_before_a_name_end_no_sentence() -> None:
    """ "Pvt. Ltd." cut "This policy sets out the commitment of Kaveri Digital Services
    Pvt." from its sentence, and "Dr." cut an approver's name; "the DR." still ends one."""
    text = (
        'This policy binds Kaveri Digital Services Pvt. Ltd. (hereinafter "KDS") and its staff. '
        "It was approved by Dr. Markus Brennecke, Managing Director. "
        "Failover goes to the DR. The site is in Frankfurt."
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        'This policy binds Kaveri Digital Services Pvt. Ltd. (hereinafter "KDS") and its staff.',
        "It was approved by Dr. Markus Brennecke, Managing Director.",
        "Failover goes to the DR.",
        "The site is in Frankfurt.",
    ]
    # (review) a street's "Dr." ends one
    street = "Tapes go to 1200 Commerce Dr. Visitors are escorted."
    assert [street[a:b] for a, b in sentence_spans(street)] == [
        "Tapes go to 1200 Commerce Dr.",
        "Visitors are escorted.",
    ]


def test_a_clause_break_inside_brackets_splits_nothing() -> None:
    text = "Card data (track data, codes, and PINs) is never stored; logs are kept."
    pattern = re.compile(r";\s+|,?\s+and\s+")
    assert split_outside_brackets(pattern, text) == [
        "Card data (track data, codes, and PINs) is never stored",
        "logs are kept.",
    ]
    assert len(brackets_masked(text)) == len(text)


@pytest.mark.parametrize(
    ("british", "us"),
    [
        ("authorised", "authorized"),
        ("organisation", "organization"),
        ("categorised", "categorized"),
        ("analyse", "analyze"),
        ("centre", "center"),
        ("programme", "program"),
        ("licence", "license"),
        ("behaviour", "behavior"),
    ],
)
def test_a_british_spelling_stems_as_the_us_one(british: str, us: str) -> None:
    """A UK policy's "access is authorised by the organisation" did not name the
    authorization a US questionnaire asks about: Snowball stems the two apart."""
    assert stem(british) == stem(us)


@pytest.mark.parametrize(
    "word",
    [
        "premises",
        "otherwise",
        "compromised",
        "exercise",
        "advised",
        "revised",
        "analysis",
        "liaise",
    ],
)
def test_a_word_spelled_ise_in_us_english_too_keeps_its_spelling(word: str) -> None:
    assert us_spelling(word) == word


def test_a_text_is_read_in_us_spelling_for_the_lexical_index() -> None:
    assert us_spelled("Access is Authorised by the Organisation's data centre.") == (
        "Access is authorized by the organization's data center."
    )


def test_a_soc_report_by_its_number_is_one_term_and_a_security_operations_centre_another() -> None:
    """ "Have you undergone a SSAE 18/SOC 2 audit?" was answered Yes from "Alerts ... are
    reviewed by the managed SOC provider": both read as the term "soc"."""
    assert "soc2" in content_terms("We complete an annual SOC 2 Type II examination.")
    assert "soc2" in content_terms("Our SOC2 report is available under NDA.")
    assert "soc2" not in content_terms("Alerts are reviewed by the managed SOC provider.")
    assert "soc2" in question_terms("Have you undergone a SSAE 18/SOC 2 audit?")


def test_an_appraisal_is_no_british_spelling() -> None:
    """(review) "appraise" read as a British "-ise" word no longer met "appraisals"."""
    assert us_spelling("appraised") == "appraised"
    assert stem("appraised")[:6] == stem("appraisals")[:6]


def test_a_company_suffix_then_limited_as_a_word_ends_the_sentence() -> None:
    """(review) "DataSafe Ltd. Limited access ..." was read as one sentence."""
    text = (
        "Backups are hosted by DataSafe Ltd. Limited access to backups is granted to two engineers."
    )
    assert len(sentence_spans(text)) == 2


def test_a_semicolon_joins_the_clauses_of_one_sentence() -> None:
    """ "Password rules ... apply to every tenant; Courseworks does not support
    institution-defined password complexity rules." was cut at the semicolon: its first
    half led a Yes, and the quote left the denial out."""
    text = (
        "Password rules are set by the vendor and apply to every tenant; the platform does "
        "not support institution-defined rules. Sessions expire after 30 minutes."
    )
    assert [text[a:b] for a, b in sentence_spans(text)] == [
        "Password rules are set by the vendor and apply to every tenant; the platform does "
        "not support institution-defined rules.",
        "Sessions expire after 30 minutes.",
    ]
    items = "Steps:\n- Disable the account;\n- Recover the laptop;\n- Close the ticket."
    assert len(sentence_spans(items)) == 4


@pytest.mark.parametrize(
    "text",
    [
        "Our custodian is Goldman Sachs & Co. LLC which holds the assets.",
        "Acme Inc. Ltd. provides hosting.",
    ],
)
def test_a_us_two_part_company_suffix_is_one_name(text: str) -> None:
    """(review) "Co. LLC" and "Inc. Ltd." were cut into two sentences."""
    assert len(sentence_spans(text)) == 1


@pytest.mark.parametrize(
    "question",
    [
        "What is the RTO for the supplier's core hosting platform?",
        "Describe the supplier's process for the secure destruction of paper records.",
        "Is the supplier certified to ISO/IEC 27001?",
        "Are supplier systems scanned for vulnerabilities monthly?",
    ],
)
def test_a_bank_questionnaires_lower_case_supplier_is_the_one_answering(question: str) -> None:
    """A bank's questionnaire that never says "you" names the one answering "the
    supplier" in lower case too: "supplier" was a term the company's ISO certificate
    sentence had to name. ("supplier personnel" stays a third party's people: SIG asks
    of them so.)"""
    from dossier.common.textutil import question_terms, stem

    assert stem("supplier") not in question_terms(question)
    core = "the supplier certified to ISO/IEC 27001"  # a core ask, its verb taken off
    assert stem("supplier") not in question_terms(core)


@pytest.mark.parametrize(
    "question",
    [
        "Do you review the supplier's SOC report?",
        "Are critical suppliers reassessed annually?",
        "Do you require supplier personnel to sign confidentiality agreements?",
        "How often is access for supplier personnel reviewed?",
    ],
)
def test_suppliers_of_one_asking_you_stay_third_parties(question: str) -> None:
    from dossier.common.textutil import question_terms, stem

    assert stem("supplier") in question_terms(question)


def test_a_bank_questionnaires_lower_case_bank_is_the_customer() -> None:
    from dossier.common.textutil import question_terms, stem

    terms = question_terms(
        "Will the supplier notify the bank of an incident affecting the bank's data?"
    )
    assert stem("bank") not in terms and stem("customer") in terms
    assert stem("bank") in question_terms("Are the bank account details encrypted?")


def test_a_compound_broken_at_its_own_hyphen_keeps_both_words() -> None:
    """A credit union's PDF broke "personally-owned" at its hyphen: joined, it read as
    one word "personallyowned", and no sentence named "personally" (Not covered)."""
    from dossier.common.textutil import content_terms, read_text, stem

    assert {stem("personally"), stem("owned")} <= set(content_terms("personally-\nowned devices"))
    assert read_text("authen-\ntication") == "authentication"  # a word split by justification
