"""Quotable sentences of a passage: exact slices, markup trimmed, HTML blocks apart."""

from __future__ import annotations

import pytest

from dossier.ingest.sentences import (
    a_dated_record,
    a_reference,
    about_definitions,
    aligned_cells,
    breadcrumb,
    byline,
    contents_entry,
    faq_question,
    in_glossary_table,
    in_revision_history,
    is_list_item,
    is_question,
    is_table_header,
    list_lead_in,
    only_links,
    passage_sentences,
    points_elsewhere,
    routes_a_question,
    table_cells,
    table_header,
    table_lead_in,
    template_guidance,
    under_a_draft_heading,
)
from dossier.records import Chunk


def _chunk(text: str) -> Chunk:
    return Chunk("c1", "doc.md", 100, 100 + len(text), text, "")


def test_each_sentence_is_the_exact_slice_of_its_passage() -> None:
    chunk = _chunk(
        "Backups run daily. They are kept for 35 days (e.g. in S3). Restores are tested."
    )
    sentences = passage_sentences(chunk)
    assert [s.text for s in sentences] == [
        "Backups run daily.",
        "They are kept for 35 days (e.g. in S3).",
        "Restores are tested.",
    ]
    for s in sentences:
        assert chunk.text[s.start : s.end] == s.text


def test_list_markers_and_emphasis_are_not_quoted() -> None:
    chunk = _chunk("- **Laptops must be encrypted at rest.**")
    (sentence,) = passage_sentences(chunk)
    assert sentence.text == "Laptops must be encrypted at rest."


@pytest.mark.parametrize("box", ["[ ]", "[x]", "\\[ \\]", "[X]"])
def test_a_checklist_box_is_no_part_of_the_quote(box: str) -> None:
    """An onboarding checklist's "- [ ] Complete ..." is quoted from its first word."""
    chunk = _chunk(f"- {box} Complete security awareness training in the first week.")
    (sentence,) = passage_sentences(chunk)
    assert sentence.text == "Complete security awareness training in the first week."


def test_a_bracket_that_is_no_box_stays() -> None:
    (sentence,) = passage_sentences(_chunk("- [Company] encrypts all laptops at rest."))
    assert sentence.text.startswith("[Company]")


def test_html_cells_and_list_items_are_sentences_of_their_own() -> None:
    chunk = _chunk(
        "<li>Reviews access quarterly for all systems\n</li>\n"
        "<li>Keeps the register up to date</li>"
    )
    assert [s.text for s in passage_sentences(chunk)] == [
        "Reviews access quarterly for all systems",
        "Keeps the register up to date",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "|Record|Retention|\n|---|---|\n|Audit logs are kept|for one year|\n"
        "|Backups are kept|for 90 days|\n",
        "Record | Retention\n--- | ---\nAudit logs are kept | for one year\n"
        "Backups are kept | for 90 days\n",
        "<table><tr><td>Audit logs are kept for one year</td></tr>\n"
        "<tr><td>Backups are kept for 90 days</td></tr></table>",
    ],
)
def test_a_table_row_is_a_sentence_of_its_own(text: str) -> None:
    """A sentence quoted from a table row stops at the row: it ran on into the next
    row's cells, so the quote mixed two rows. Each is still the source's text."""
    chunk = _chunk(text)
    sentences = passage_sentences(chunk)
    assert [("Audit" in s.text, "Backups" in s.text) for s in sentences] == [
        (True, False),
        (False, True),
    ]
    for s in sentences:
        assert chunk.text[s.start : s.end] == s.text


def test_fragments_under_three_words_are_not_candidates() -> None:
    assert [s.text for s in passage_sentences(_chunk("Done. Backups are tested quarterly."))] == [
        "Backups are tested quarterly."
    ]


TABLE = (
    "Vulnerabilities are remediated within these service levels:\n\n"
    "| Severity | CVSS score | Remediation deadline |\n"
    "|----------|-----------|----------------------|\n"
    "| Critical | 9.0-10.0 | 7 days |\n"
    "| High | 7.0-8.9 | 30 days |\n"
)


def test_a_table_row_is_read_under_its_column_headers() -> None:
    row = TABLE.index("High")
    assert table_header(TABLE, row) == ("Severity", "CVSS score", "Remediation deadline")
    assert table_header(TABLE, TABLE.index("Severity")) == ()  # the header itself
    assert table_header(TABLE, 0) == ()  # no table row
    assert table_header("| a | b |\n| c | d |\n", 12) == ()  # no delimiter row: no header


LIST = (
    "Findings must be remediated within the following periods:\n\n"
    "- Critical: 48 hours.\n"
    "- High: 15 days.\n"
)


def test_a_list_item_is_read_under_its_lead_in() -> None:
    high = LIST.index("High")
    assert is_list_item(LIST, high)
    assert list_lead_in(LIST, high) == LIST.splitlines()[0]
    assert not is_list_item(LIST, 0)
    assert list_lead_in(LIST, 0) == ""
    assert list_lead_in("Intro text.\n- High: 15 days.\n", 14) == ""  # no colon: no lead-in


INTRODUCED = (
    "## 5. Remediation timelines\n\n"
    "Vulnerabilities, however found, must be\nremediated within these periods:\n\n"
    "| Severity | Time |\n| --- | --- |\n| Critical | 7 days |\n| High | 30 days |\n"
)


def test_a_table_row_is_read_under_the_line_introducing_its_table() -> None:
    """A row names its subject through the sentence that introduces its table too:
    "Critical | 7 days" is a remediation period of vulnerabilities (a question about
    critical vulnerabilities' remediation was "not covered" without it)."""
    high = INTRODUCED.index("| High")
    assert table_lead_in(INTRODUCED, high) == (
        "Vulnerabilities, however found, must be remediated within these periods:"
    )
    assert table_lead_in(INTRODUCED, 0) == ""  # no table row
    assert table_lead_in(INTRODUCED.replace("periods:", "periods."), high) == ""  # no colon


def test_a_tables_header_row_is_told_from_its_rows() -> None:
    from dossier.ingest.sentences import is_table_header

    text = "Intro.\n| System | RTO |\n|---|---|\n| Payroll | 2 hours |\n"
    assert is_table_header(text, text.index("| System"))
    assert not is_table_header(text, text.index("| Payroll"))
    assert not is_table_header(text, text.index("Intro"))


FAQ = (
    "## Certifications\n\n"
    "**Are you ISO 27001 certified?**\n\n"
    "Not at this time. Certification is on our roadmap.\n"
    "We expect it in 2027.\n\n"
    "Q: Can I bring my own encryption key?\n\n"
    "No. Keys are managed by the provider.\n\n"
    "Customers often ask about keys. Is that all?\n"
    "This paragraph follows a paragraph of two lines.\n"
)


def test_a_question_line_asks_and_states_nothing() -> None:
    assert is_question("**Are you ISO 27001 certified?**")
    assert is_question("Q: Can I bring my own encryption key?")
    assert not is_question("Not at this time.")
    assert not is_question("Is it encrypted? Yes, with AES-256.")  # an answer follows


def test_a_faq_answer_reads_under_the_question_above_it() -> None:
    assert faq_question(FAQ, FAQ.index("Not at this time")) == "Are you ISO 27001 certified?"
    assert faq_question(FAQ, FAQ.index("We expect it")) == "Are you ISO 27001 certified?"
    assert faq_question(FAQ, FAQ.index("No. Keys")) == "Can I bring my own encryption key?"
    # a paragraph of several lines above, or a heading, is no FAQ question
    assert faq_question(FAQ, FAQ.index("This paragraph")) == ""
    assert faq_question(FAQ, FAQ.index("Customers often")) == ""
    assert faq_question(FAQ, FAQ.index("**Are you")) == ""


def test_a_glossary_or_a_section_of_definitions_defines_words() -> None:
    assert about_definitions("Information Security Glossary", "Terms")
    assert about_definitions("Access Control Policy", "Access Control Policy > 2. Definitions")
    assert about_definitions("ISMS Manual", "ISMS Manual > 3 Terms and definitions")
    # numbered as a GRC tool's export numbers its sections: a definition row had led
    assert about_definitions(
        "Risk Management Policy", "Risk Management Policy > \u00a7 3 Definitions"
    )
    assert about_definitions("Access Standard", "Access Standard > Section 2 - Definitions")
    assert not about_definitions("Vendor Policy", "Vendor Policy > Payment terms")
    assert not about_definitions("Data Policy", "Data Policy > Data classification definitions")
    assert not about_definitions("Access Control Policy", "Access Control Policy > Reviews")


def test_a_row_naming_a_documents_path_points_elsewhere() -> None:
    assert points_elsewhere("Suppliers | policies/third-party-risk.md")
    assert points_elsewhere("Access control | `policies/access.pdf` | Security team")
    assert not points_elsewhere("High | 7.0-8.9 | 30 days")
    assert not points_elsewhere("Logs are shipped to logs.example.com nightly.")


def test_a_numbered_heading_line_is_no_sentence() -> None:
    # "4. Selected Controls Tested" ran into a quote as its last sentence
    text = (
        "Its controls were not tested by the auditor.\n4. Selected Controls Tested\n"
        "The first control was tested in March."
    )
    chunk = Chunk("c1", "report.pdf", 0, len(text), text, "")
    texts = [s.text for s in passage_sentences(chunk)]
    assert texts == [
        "Its controls were not tested by the auditor.",
        "The first control was tested in March.",
    ]


def test_a_nested_list_item_reads_under_the_item_it_sits_under() -> None:
    """A wiki export states rules as nested bullets: "Production: quarterly" is about
    access reviews only by the bullet above it."""
    text = (
        "- Access reviews:\n  - Production: quarterly\n  - Corporate apps: twice a year\n"
        "- Leavers\n  - Access is removed within 24 hours.\n"
    )
    assert list_lead_in(text, text.index("Production")) == "Access reviews:"
    assert list_lead_in(text, text.index("Corporate")) == "Access reviews:"
    assert list_lead_in(text, text.index("Access is")) == "Leavers"
    assert list_lead_in(text, text.index("Leavers")) == ""


@pytest.mark.parametrize(
    ("sentence", "elsewhere"),
    [
        ("- [Data Protection Impact Assessment](https://example.com/dpia)", True),
        ("[Pen test summary 2024](pentest.pdf) | [DPIA](dpia.md)", True),
        ("See also: [Access policy](access.md).", True),
        ("[Report an incident](mailto:security@example.org)", True),
        ("We run a DPIA for every new processing activity; see [DPIA](dpia.md).", False),
        ("Backups are encrypted.", False),
    ],
)
def test_a_line_of_nothing_but_links_is_only_links(sentence: str, elsewhere: bool) -> None:
    """A link list answered "Do you have a DPIA?" Yes off "[Data Protection Impact
    Assessment](...)": it names a document, it states nothing done."""
    assert only_links(sentence) is elsewhere


@pytest.mark.parametrize(
    ("line", "trail"),
    [
        ("Security / Policies / Bug Fix Timelines", True),
        ("Home > IT > Laptops", True),
        ("Home › Information Security › Accounts & Passwords › Passwords", True),
        ("**Security / Policies / Identity Standard (2021)**", True),
        ("Data is encrypted in transit / at rest / in backups.", False),
        ("Input / Output", False),
        ("TLS 1.2 / 1.3", False),
        ("Engineering / Security / Access is reviewed quarterly by the security team.", False),
    ],
)
def test_a_wiki_breadcrumb_trail_is_read_as_one(line: str, trail: bool) -> None:
    """A Confluence export's "Security / Policies / ..." line was quoted as the evidence
    of a policy."""
    assert breadcrumb(line) is trail


ALIGNED = (
    "RECOVERY OBJECTIVES\n\n"
    "  Tier    Systems          RPO         RTO\n"
    "  ------  ---------------  ----------  ---------\n"
    "  Tier 1  Banner, Workday  15 minutes  8 hours\n"
    "  Tier 2  Canvas, email    24 hours    24 hours\n"
)


def test_a_table_set_out_with_spaces_has_a_header_and_cells() -> None:
    """A plain-text table underlined with dashes: its header row states nothing (it was
    quoted as the answer to "What is the RTO for Tier 1 systems?") and its rows' cells
    are what the columns say."""
    header = ALIGNED.index("  Tier    Systems")
    second = ALIGNED.index("Tier 2")
    assert is_table_header(ALIGNED, header)
    assert not is_table_header(ALIGNED, second)
    assert table_header(ALIGNED, second) == ("Tier", "Systems", "RPO", "RTO")
    assert table_cells("  Tier 1  Banner, Workday  15 minutes  8 hours") == (
        "Tier 1",
        "Banner, Workday",
        "15 minutes",
        "8 hours",
    )


def test_aligned_lines_without_dashes_under_a_header_are_no_table() -> None:
    text = "Name      Role      Site\nAda       Admin     Leeds\n"
    assert table_header(text, text.index("Ada")) == ()
    assert not is_table_header(text, 0)


TABBED = (
    "3.2\tRecovery objectives are set out in the table below.\n\n"
    "Service tier\tServices\tRecovery Time Objective (RTO)\tRecovery Point Objective (RPO)\n"
    "Tier 1\tAnalytics platform (dashboards, APIs)\t4 hours\t15 minutes\n"
    "Tier 2\tEmail, service desk\t24 hours\t24 hours\n\n"
    "Version\t3.0\nStatus\tApproved\n"
)


def test_a_table_set_out_with_tabs_has_a_header_and_cells() -> None:
    """A Word table saved as plain text parts its cells with tabs and has no dashes: its
    header row was quoted as the answer to "What is your RTO?", and its rows' "4 hours"
    was read under no column."""
    second = TABBED.index("Tier 2")
    assert is_table_header(TABBED, TABBED.index("Service tier"))
    assert not is_table_header(TABBED, second)
    assert table_header(TABBED, second) == (
        "Service tier",
        "Services",
        "Recovery Time Objective (RTO)",
        "Recovery Point Objective (RPO)",
    )
    assert aligned_cells(TABBED, TABBED.index("Tier 1")) == (
        "Tier 1",
        "Analytics platform (dashboards, APIs)",
        "4 hours",
        "15 minutes",
    )
    # a label and its value, or a numbered clause, are no table
    assert table_header(TABBED, TABBED.index("Status")) == ()
    assert not is_table_header(TABBED, TABBED.index("Version"))
    assert table_header(TABBED, 0) == ()


def test_an_item_of_a_list_of_related_pages_is_a_reference() -> None:
    """ "* Incident Response Plan" under "Related pages:" was quoted as the evidence
    that an incident response plan is documented."""
    text = "Servers are patched monthly.\n\nRelated pages:\n  * Incident Response Plan\n"
    assert a_reference(text, text.index("Incident"))
    course = "The annual course covers:\n\n* Recognising phishing.\n"
    assert not a_reference(course, course.index("Recognising"))


def test_a_row_set_out_with_spaces_is_cut_at_its_columns() -> None:
    """An empty cell stays in its column (the RTO's 8 hours is no RPO), and prose with
    two spaces between its sentences under such a table is no row."""
    text = (
        "  Tier    Systems          RPO         RTO\n"
        "  ------  ---------------  ----------  ---------\n"
        "  2       Email                        8 hours\n"
        "  Note: Tier 2 data is replicated.  Backups are tested quarterly.  See the plan.\n"
    )
    assert aligned_cells(text, text.index("2       Email")) == ("2", "Email", "", "8 hours")
    assert table_header(text, text.index("Note:")) == ()
    assert aligned_cells(text, text.index("Note:")) == ()


def test_a_change_log_as_a_pdf_gives_it_is_no_evidence() -> None:
    # pdfplumber runs a history table's cells together; the row gave "30 days" as the
    # current patch deadline
    text = (
        "4.1 Unsupported software must be removed.\n\nDocument history\n"
        "Version Date Changes\n"
        "1.3 March 2022 Critical patch deadline reduced from 30 days to 14 days\n"
        "1.4 Feb 2024 Unsupported software section added\n"
    )
    assert in_revision_history(text, text.index("1.3 March"))
    assert in_revision_history(text, text.index("1.4 Feb"))
    assert not in_revision_history(text, text.index("4.1 Unsupported"))
    clauses = "## Access\n\n3.2 1 January 2024 marks the start of quarterly reviews.\n"
    assert not in_revision_history(clauses, clauses.index("3.2"))
    # the log's sentence opening on its heading, as the PDF's lines run together: it led
    # an answer on log retention ("... retention extended from 6 to 13 months")
    joined = (
        "5.2 The plan is exercised annually.\nRevision history\nVersion Date Author Change\n"
        "2.0 20.01.2025 DPO Security log retention extended from 6 to 13 months\n"
    )
    assert in_revision_history(joined, joined.index("Revision history"))
    heading = "## Revision history\n\nWe keep a history of every change to this policy.\n"
    assert not in_revision_history(heading, heading.index("## Revision"))


@pytest.mark.parametrize(
    ("line", "guidance"),
    [
        ("*Guidance: Describe why the organisation needs a policy. Delete this.*", True),
        ("[Guidance: Describe how log integrity is protected.]", True),
        ("Guidance note - describe each retention period agreed with Legal.", True),
        ("- *Guidance:* Describe how keys are rotated.", True),
        ("Guidance: Remove access within 24 hours of a leaver's last day.", False),
        ("**Guidance:** Passwords should be at least 14 characters.", False),
        ("Drafting note: align with ISO 27005.", True),
        ("Note to template users: replace the bracketed text.", True),
        ("Guidance from the NCSC is followed for password length.", False),
        ("Backups are encrypted. Guidance: none.", False),
        ("Guidance: staff should lock their screens when away.", False),  # a real rule
        ("Guidance-level controls are reviewed yearly.", False),
        ("Note to users: report lost laptops at once.", False),  # a note to staff
        ("Instructions for use: scan the badge at the door.", False),
    ],
)
def test_a_templates_guidance_is_no_evidence(line: str, guidance: bool) -> None:
    text = f"## Policy\n\n{line}\n"
    assert template_guidance(text, text.index(line)) is guidance
    assert template_guidance(text, text.index(line) + len(line) - 5) is guidance  # same line


def test_a_row_of_a_change_log_is_no_evidence() -> None:
    """A Google Docs export's revision table ("2.3<TAB>01/28/2025<TAB>D. Reyes<TAB>Password
    length raised to 14; removed 90-day rotation") was quoted for password rotation."""
    text = (
        "3.2 Password Requirements\nPasswords must be at least 14 characters long.\n\n"
        "Revision History\nVersion\tDate\tAuthor\tDescription\n"
        "2.3\t01/28/2025\tD. Reyes\tPassword length raised to 14; removed 90-day rotation\n"
    )
    assert in_revision_history(text, text.index("2.3\t"))
    assert not in_revision_history(text, text.index("Passwords must"))
    markdown = "## Version history\n\n| Version | Change |\n| --- | --- |\n| 1.1 | Added MFA |\n"
    assert in_revision_history(markdown, markdown.index("| 1.1"))
    reviews = "## Access reviews\n\n| System | Frequency |\n| --- | --- |\n| Prod | quarterly |\n"
    assert not in_revision_history(reviews, reviews.index("| Prod"))
    control = "## Document control\n\nThis policy is reviewed annually by the CISO.\n"
    assert not in_revision_history(control, control.index("This policy"))


def test_a_change_control_table_is_policy_not_a_change_log() -> None:
    text = (
        "## 5. Change Control\n\n| Change | Approval |\n| --- | --- |\n"
        "| Emergency | CISO within 24 hours |\n"
    )
    assert not in_revision_history(text, text.index("| Emergency"))


def test_an_emphasised_label_opening_a_sentence_is_kept_whole() -> None:
    """ "> **Info:** ...": stripping the opening "**" alone left "Info:** ..." quoted."""
    chunk = _chunk("> **Info:** We do not offer customer-managed keys at this time.")
    (sentence,) = passage_sentences(chunk)
    assert sentence.text == "**Info:** We do not offer customer-managed keys at this time."
    numbered = _chunk("7. **Account lockout.** Accounts are locked after 5 failed attempts.")
    texts = [sentence.text for sentence in passage_sentences(numbered)]
    assert not any(t.startswith("Account lockout.**") for t in texts)  # "**" not left half
    assert any("**Account lockout.**" in t for t in texts)


def test_a_templates_section_tag_opening_a_paragraph_is_not_quoted() -> None:
    """ "{{#hipaa}}" on the line above a sentence is the template's, not the sentence's:
    the quote starts at the sentence, inside the section, so the critic finds it there."""
    chunk = _chunk("{{#hipaa}}\nBreaches of PHI are reported within 60 days.\n{{/hipaa}}")
    (sentence,) = passage_sentences(chunk)
    assert sentence.text == "Breaches of PHI are reported within 60 days."


def test_a_faq_answer_reads_under_the_bold_question_on_the_line_above_it() -> None:
    """A FAQ written without blank lines: the bold question on the answer paragraph's
    first line; a plain line ending in "?" is no FAQ question."""
    faq = (
        "**Do you sell our data?**\nNo. We don't sell customer data.\n**Is it encrypted?**\n"
        "Yes. It is encrypted at rest.\n\nWhy?\nWe never have."
    )
    assert faq_question(faq, faq.index("No. We")) == "Do you sell our data?"
    assert faq_question(faq, faq.index("It is encrypted")) == "Is it encrypted?"  # the nearest
    assert faq_question(faq, faq.index("We never")) == ""


def test_an_item_under_a_related_documents_heading_is_a_reference() -> None:
    """ "* Information Security Policy" under "## Related documents" led the answer to
    whether a documented information security policy is approved."""
    text = "* Information Security Policy\n* HR Security Procedure (joiners, movers, leavers)\n"
    at = text.index("Information")
    assert a_reference(text, at, "Access Review Procedure > Related documents")
    assert a_reference(text, at, "Procedure > 7. References")
    assert not a_reference(text, at, "Access Review Procedure > Scope")
    prose = "The policy applies to all staff."
    assert not a_reference(prose, 0, "Procedure > Related documents")


@pytest.mark.parametrize(
    ("item", "heading"),
    [
        ("- Two professional references are obtained for every new hire.", "Hiring > References"),
        ("- All WAN links are encrypted with IPsec.", "Network Security > Links"),
        (
            "1. Employees must also comply with the Acceptable Use Policy.",
            "Policy > Related policies",
        ),
    ],
)
def test_a_statement_listed_under_such_a_heading_is_no_reference(item: str, heading: str) -> None:
    """(review) Every item under "References" or "Links" was a reference, requirements
    too: "Do you obtain references for new hires?" became Not covered."""
    assert not a_reference(item, item.index(item.split()[1]), heading)


def test_a_companys_suffix_ends_no_sentence_that_goes_on_in_lower_case() -> None:
    """ "3.1 Pellucid Health Data Inc. shall maintain a plan." was cut after "Inc.", and
    the quote lost its subject; "Acme Inc. All data ..." still ends one."""
    from dossier.common.textutil import sentence_spans

    def cut(text: str) -> list[str]:
        return [text[a:b] for a, b in sentence_spans(text)]

    text = "3.1 Pellucid Health Data Inc. shall maintain a plan. 3.2 The plan is tested."
    assert cut(text) == [
        "3.1 Pellucid Health Data Inc. shall maintain a plan.",
        "3.2 The plan is tested.",
    ]
    assert cut("Hosted by Acme Ltd. is our provider.") == ["Hosted by Acme Ltd. is our provider."]
    assert len(cut("Devices are managed by Jamf Software LLC. iOS devices are enrolled.")) == 2
    assert cut("Provided by Acme Inc. All data is encrypted.") == [
        "Provided by Acme Inc.",
        "All data is encrypted.",
    ]


@pytest.mark.parametrize(
    ("sentence", "routes"),
    [
        ("For encryption at rest, send the question to Security.", True),
        ("Please route insurance questions to Legal.", True),
        ("Please refer these questions to the Finance team.", True),
        ("Forward such inquiries to the CISO.", True),
        ("Send all access requests to the IT service desk.", False),  # a practice
        ("Send privacy questions to our Data Protection Officer.", False),  # names who
        ("Direct all law enforcement inquiries to the General Counsel.", False),
        ("Please send security questions to security@example.com; we reply in 2 days.", False),
        ("Access requests are sent to the line manager for approval.", False),
        ("Customers may send deletion requests to privacy@example.com.", False),
        ("Questions about this policy go to the CISO.", False),  # says who owns it
    ],
)
def test_a_sentence_routing_a_question_states_nothing(sentence: str, routes: bool) -> None:
    assert routes_a_question(sentence) is routes


@pytest.mark.parametrize(
    ("line", "is_byline"),
    [
        ("Created by Priya Raman, last modified by Dana Whitfield on Jun 18, 2024", True),
        ("Created by Lena Okafor, last modified on Aug 20, 2024", True),
        ("Created by Jo Barker (Service Desk Team Lead), last edited 4 November 2025", True),
        ("Access is modified by the service desk when people move teams.", False),
        ("Updated by the CISO annually.", False),  # how often the policy is updated
        ("Created by the CISO, this policy applies to all staff and contractors.", False),
        ("Accounts created by HR are reviewed quarterly.", False),
        ("Written by the Information Security Officer and approved by the Board.", False),
        ("Written by the ISO, updated by the CISO at least annually.", False),
    ],
)
def test_a_wiki_pages_byline_is_no_evidence(line: str, is_byline: bool) -> None:
    """A Confluence byline was quoted for whether access is modified when people move."""
    assert byline(line) is is_byline


@pytest.mark.parametrize(
    ("line", "entry"),
    [
        ("4.2 Multi-factor authentication......................................", True),
        ("3 Reporting an incident\u2026\u2026\u2026", True),
        ("1 Purpose . . . . . . . . 3", True),
        ("Backups are kept for 30 days... and then deleted.", False),
        ("See sections 4.1.2.3 and 5.", False),
        ("Remediation SLAs: Critical ..... 7 days; High ..... 30 days", False),
        ("4.2 MFA ........ 7 4.3 Passwords ........ 8", True),
    ],
)
def test_a_table_of_contents_entry_is_read_as_one(line: str, entry: bool) -> None:
    """A PDF's contents line "3 2 Reporting an incident......" was the lead quote of a
    breach-reporting answer."""
    assert contents_entry(line) is entry


def test_a_long_run_of_dots_is_read_at_once() -> None:
    """The first pattern took about a minute on a run of 20,000 dots (quadratic)."""
    assert contents_entry("x" + "." * 20_000 + "y") is False
    assert contents_entry("." * 20_000) is True


def test_clauses_set_out_with_tabs_are_no_table_and_a_table_may_have_an_empty_cell() -> None:
    """A Word export's "5.1<TAB>Password length<TAB>Passwords must ..." is a clause with its
    run-in heading: read as a table header, the requirement could never be quoted. A row
    with an empty cell keeps its header, cut at tabs as the row is."""
    clauses = (
        "5.1\tPassword length\tPasswords must be at least 14 characters long.\n"
        "5.2\tAccount lockout\tAccounts lock after 5 failed attempts.\n"
    )
    assert not is_table_header(clauses, 0)
    assert table_header(clauses, clauses.index("5.2")) == ()
    table = (
        "Tier\tSystems\tRecovery Time Objective  (RTO)\tRPO\n"
        "Tier 1\tPlatform\t\t15 minutes\nTier 2\tEmail\t24 hours\t24 hours\n"
    )
    header = ("Tier", "Systems", "Recovery Time Objective (RTO)", "RPO")
    assert is_table_header(table, 0)
    assert table_header(table, table.index("Tier 2")) == header
    assert aligned_cells(table, table.index("Tier 1")) == ("Tier 1", "Platform", "", "15 minutes")


def test_a_tab_table_numbering_its_rows_keeps_its_header() -> None:
    table = "Severity\tResponse time\tResolution target\n1\t1 hour\t4 hours\n2\t4 hours\t1 day\t\n"
    assert is_table_header(table, 0)
    assert table_header(table, table.index("2\t")) == (
        "Severity",
        "Response time",
        "Resolution target",
    )


WIKI_TABLE = (
    "Recovery objectives by tier:\n\n||Tier||Services||RTO||RPO||\n"
    "|Tier 1|Loan origination platform|4 hours|15 minutes|\n"
    "|Tier 2|Borrower portal|24 hours|4 hours|\n"
)


def test_a_wiki_markup_tables_rows_read_under_its_header() -> None:
    """A Confluence page saved as text writes a table as "||Tier||RTO||" over
    "|Tier 1|4 hours|", with no delimiter row: its rows were read under no column (the
    RTO row was never found), its header quoted as a statement."""
    row = WIKI_TABLE.index("|Tier 1|")
    header = WIKI_TABLE.index("||Tier||")
    assert table_header(WIKI_TABLE, row) == ("Tier", "Services", "RTO", "RPO")
    assert table_header(WIKI_TABLE, WIKI_TABLE.index("|Tier 2|")) == (
        "Tier",
        "Services",
        "RTO",
        "RPO",
    )
    assert is_table_header(WIKI_TABLE, header)
    assert not is_table_header(WIKI_TABLE, row)
    assert table_cells("||Tier||Services||RTO||RPO||") == ("Tier", "Services", "RTO", "RPO")
    assert table_cells("|Tier 1|Loan origination platform|4 hours|15 minutes|") == (
        "Tier 1",
        "Loan origination platform",
        "4 hours",
        "15 minutes",
    )
    plain = "| Tier 1 | 4 hours |\n| Tier 2 | 24 hours |\n"
    assert table_header(plain, plain.index("| Tier 2")) == ()  # no header, no columns


def test_a_word_processors_o_bullets_are_list_items_apart() -> None:
    """A nested list saved as plain text marks its items with "o": the items ran into
    one sentence with their heading, and a second item's period stood beside the first's
    as a rival value."""
    text = (
        "o People Operations notifies IT on or before a member's last day.\n"
        "o All access is disabled within 24 hours of termination.\n"
        "o On internal transfer, access is removed within 5 business days."
    )
    said = [s.text for s in passage_sentences(_chunk(text))]
    assert said == [
        "People Operations notifies IT on or before a member's last day.",
        "All access is disabled within 24 hours of termination.",
        "On internal transfer, access is removed within 5 business days.",
    ]
    assert is_list_item(text, text.index("All access"))
    prose = "Reviews cover o365 tenants.\nSo the team checks them."
    assert not is_list_item(prose, 0)


@pytest.mark.parametrize(
    ("sentence", "withdrawn"),
    [
        (
            "Note: earlier versions of this FAQ (before February 2025) quoted a recovery time "
            "objective of 24 hours; that figure has been superseded.",
            True,
        ),
        ("The previous 90-day target was replaced in 2024; the target is now 30 days.", False),
        ("That figure is no longer in force.", True),
        (
            "Session tokens expire after 12 hours, after which the values are no longer valid.",
            False,
        ),
        # (review) a withdrawn figure is never the answer, even beside the one in force
        ("This target was replaced by a recovery time objective of 4 hours.", True),
        (
            "Earlier versions of this standard stated an 8-character minimum; the minimum "
            "password length is now 14 characters.",
            True,
        ),
        ("The previous retention was 90 days; that period has been withdrawn.", True),
        ("Earlier versions quoted 24 hours; that figure has now been superseded.", True),
        ("Previous versions of this policy stated a 90-day rotation.", True),
        ("The recovery time objective is 8 hours.", False),
        ("Superseded documents are kept for seven years.", False),
    ],
)
def test_a_sentence_taking_back_its_value_is_told(sentence: str, withdrawn: bool) -> None:
    from dossier.ingest.sentences import withdraws_its_value

    assert withdraws_its_value(sentence) is withdrawn


def test_a_breadcrumb_naming_a_long_page_is_a_breadcrumb() -> None:
    """A Confluence trail whose page's name is six words long was read as the title."""
    assert breadcrumb(
        "Ledgerline Confluence > Engineering (ENG) > Reliability > Business Continuity & "
        "Disaster Recovery Plan"
    )
    assert not breadcrumb("Backups > restores, and restores > nothing at all in this sentence.")
    # (review) a list item whose names are joined by slashes is a statement
    assert not breadcrumb("AWS / Azure / GCP workloads are backed up daily")


def test_a_docs_sites_call_out_marker_is_not_quoted_and_its_title_is() -> None:
    """MkDocs' "!!! note" opened the quote of the call-out's text ("note Any employee
    who suspects ..."). (review) Its title is text: "??? question \"Do you support SAML
    single sign-on?\"" over "Yes." answers it; a title stating something is a sentence
    of its own ("Report immediately" was glued to "... within 24 hours": "immediately")."""
    text = (
        "!!! note\n    Any employee who suspects a security incident must report it at once."
        '\n\n??? question "Do you support SAML single sign-on?"\n    Yes.\n\n'
        '!!! info "Not available on the Starter plan"\n    Customer keys are supported.'
    )
    said = [s.text for s in passage_sentences(_chunk(text))]
    assert said[0] == "Any employee who suspects a security incident must report it at once."
    assert said[1].startswith('"Do you support SAML single sign-on?"')
    assert said[1].endswith("Yes.")
    assert said[2:] == ['"Not available on the Starter plan"', "Customer keys are supported."]


def test_a_row_under_a_change_log_heading_is_in_the_revision_history() -> None:
    """The heading may be above the passage: a table alone under "Revision history"."""
    table = (
        "| Version | Date | Change |\n| --- | --- | --- |\n"
        "| 3.1 | 2025-01-15 | Retention 13 months |"
    )
    row = table.index("| 3.1")
    assert in_revision_history(table, row, "Policy > Revision history")
    assert not in_revision_history(table, row, "Policy > Retention")
    assert not in_revision_history("Logs are kept for 13 months.", 0, "Policy > Revision history")


def test_only_a_row_opening_on_a_version_or_date_is_a_change_log_row_by_its_heading() -> None:
    """(review) A retention table under a "Revision history" section's heading was read
    as its change log."""
    table = (
        "| Log | Kept |\n| --- | --- |\n| Security event logs | 12 months |\n"
        "| v2.0 | 2024-01-20 | Rewritten |"
    )
    assert not in_revision_history(table, table.index("| Security"), "P > Revision history")
    assert in_revision_history(table, table.index("| v2.0"), "P > Revision history")


def test_a_table_of_abbreviations_states_no_practice() -> None:
    """A PDF's abbreviations table read as rows led an answer on whether a disaster
    recovery plan is tested: "DRP | Disaster Recovery Plan" says what a word means."""
    text = (
        "Abbreviations\n| Abbreviation | Expansion |\n| --- | --- |\n"
        "| DRP | Disaster Recovery Plan |\n| BCP | Business Continuity Plan |\n"
    )
    assert in_glossary_table(text, text.index("DRP"))
    tiers = "| Tier | Recovery plan |\n| --- | --- |\n| Tier 1 | Failover to the DR site |\n"
    assert not in_glossary_table(tiers, tiers.index("Tier 1"))
    # (review) a contract's terms are no glossary
    terms = "| Term | Description |\n| --- | --- |\n| Breach notice | Within 24 hours |\n"
    assert not in_glossary_table(terms, terms.index("Breach notice"))


@pytest.mark.parametrize(
    ("sentence", "heading", "draft"),
    [
        (
            "Appendix C \u2013 Proposed Changes (DRAFT \u2013 not approved)\nC.1 The committee "
            "has proposed reducing the Tier 0 RTO to 2 hours.",
            "6. Testing",
            True,
        ),
        ("The RTO would be 2 hours.", "Policy > Appendix B (Draft)", True),
        ("The RTO would be 2 hours.", "Appendix D (Proposed)", True),
        # (review) a change process's proposed changes, a wrapped rule's first line
        ("Rollback plans are required.", "2. Proposed Changes", False),
        (
            "All proposed changes to production systems must be reviewed and\napproved by "
            "the Change Advisory Board.",
            "",
            False,
        ),
        (
            "Code that is not approved in peer review cannot be merged; every pull\nrequest "
            "needs one approval.",
            "",
            False,
        ),
        # a section about drafts, and a sentence that is no heading, are in force
        ("Draft documents are marked as such.", "4.3 Draft documents", False),
        ("This plan was not approved in 2019.\nIt was approved in 2020.", "", False),
    ],
)
def test_what_a_section_not_in_force_says(sentence: str, heading: str, draft: bool) -> None:
    """A BCP's "Appendix C - Proposed Changes (DRAFT - not approved)" gave the RTO asked as
    2 hours; the plan's own table said 4."""
    assert under_a_draft_heading(sentence, heading) is draft


def test_a_row_opening_with_a_date_is_a_record_not_a_rule() -> None:
    """(pass) "What is the RTO for the student information system?" was answered "41
    hours" from a test log's row; the tier table's "48 hours" is the objective."""
    assert a_dated_record("April 12, 2023 | SIS restore | Completed in 41 hours; RTO met")
    assert a_dated_record("2024-03-01 | Annual failover test | Passed")
    assert not a_dated_record("Tier 1 | Student information system | 48 hours | 24 hours")
    assert not a_dated_record("Backups completed in 41 hours on April 12, 2023.")


def test_a_change_logs_list_items_are_no_evidence() -> None:
    """A wiki's "### Change log" as a list: "3.0 (2023-09-01): privileged access review
    frequency increased to monthly" led the answer on how often privileged access is
    reviewed, over the procedure's own table."""
    text = (
        "- 3.2 (2024-11-18): no change.\n"
        "- 3.0 (2023-09-01): privileged access review frequency increased to monthly.\n"
        "- 2023-01-10: first version.\n"
    )
    for item in ("3.2 (", "3.0 (", "2023-01-10"):
        assert in_revision_history(text, text.index(item), "Access Review > Change log")
    # the same items under another heading are a list of steps or facts
    assert not in_revision_history(text, text.index("3.0 ("), "Access Review > Frequencies")
    rules = "- 3.1 Access is reviewed quarterly.\n"
    assert not in_revision_history(rules, 2, "Access Review > Change log")
    # a change-management policy's numbered clauses under its "Change log" carry no date
    clause = "- 4.2 - Emergency changes are reviewed by the CAB within 2 working days.\n"
    assert not in_revision_history(clause, 2, "Change Management > Change log")
