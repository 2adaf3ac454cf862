"""Unit tests for dossier.ingest.chunking: offsets, headings, stable ids, splitting."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dossier.ingest.chunking import ChunkSettings, chunk_document
from dossier.records import Chunk, Document


def make_doc(text: str, path: str = "policies/access.md") -> Document:
    return Document(
        path=path,
        sha256="0" * 64,
        text_sha256="1" * 64,
        text=text,
        title="Access",
        metadata={},
        effective_date=None,
        status=None,
        supersedes=(),
    )


def assert_offsets(doc: Document, chunks: list[Chunk]) -> None:
    for chunk in chunks:
        assert doc.text[chunk.start : chunk.end] == chunk.text
        assert chunk.document == doc.path


POLICY = """# Access Control Policy

Intro paragraph about the scope of this policy.

## Passwords

Passwords must be at least 14 characters long.

Passwords are rotated when compromise is suspected.

### Storage

Passwords are stored with bcrypt.

## Reviews

During onboarding:

Managers approve access for new staff.

Access is reviewed every quarter by owners.
"""


def test_every_chunk_slices_the_document_exactly() -> None:
    doc = make_doc(POLICY)
    chunks = chunk_document(doc)
    assert len(chunks) == 6
    assert_offsets(doc, chunks)


def test_headings_are_context_not_chunks() -> None:
    chunks = chunk_document(make_doc(POLICY))
    texts = [c.text for c in chunks]
    assert not any(t.startswith("#") for t in texts)
    by_text = {c.text: c.heading for c in chunks}
    assert by_text["Intro paragraph about the scope of this policy."] == "Access Control Policy"
    assert by_text["Passwords must be at least 14 characters long."] == (
        "Access Control Policy > Passwords"
    )
    assert by_text["Passwords are stored with bcrypt."] == (
        "Access Control Policy > Passwords > Storage"
    )
    # a heading of the same level replaces its sibling and drops deeper ones
    assert by_text["Access is reviewed every quarter by owners."].startswith(
        "Access Control Policy > Reviews"
    )


def test_lead_in_line_becomes_context() -> None:
    chunks = chunk_document(make_doc(POLICY))
    assert "During onboarding:" not in [c.text for c in chunks]
    approve = next(c for c in chunks if c.text.startswith("Managers approve"))
    assert approve.heading == "Access Control Policy > Reviews > During onboarding:"


def test_lead_in_strips_emphasis_and_resets_at_heading() -> None:
    doc = make_doc("**Scope:**\n\nApplies to all staff.\n\n# Next\n\nOther text here.")
    chunks = chunk_document(doc)
    assert [c.heading for c in chunks] == ["Scope:", "Next"]


def test_short_blocks_are_not_passages() -> None:
    doc = make_doc("Intro words here.\n\n---\n\n*\n\nOne\n\nTwo words")
    texts = [c.text for c in chunk_document(doc)]
    assert texts == ["Intro words here.", "Two words"]
    assert [c.text for c in chunk_document(doc, ChunkSettings(min_words=1))] == [
        "Intro words here.",
        "One",
        "Two words",
    ]


def test_a_faqs_short_answer_is_one_passage_with_its_question() -> None:
    """A trust FAQ's "Yes." under its bold question was too short to be a passage: the
    question was found, its answer never (four false "Not covered", and a wrong Yes from
    another sentence where the FAQ says "Not at this time.")."""
    text = (
        "**Do you carry cyber liability insurance?**\n\nYes.\n\n"
        "**Are you ISO 27001 certified?**\n\nNot at this time.\n\n"
        "**Where is customer data stored?**\n\nIn the United States, in two regions of our "
        "cloud provider.\n"
    )
    doc = make_doc(text)
    chunks = chunk_document(doc)
    assert [c.text for c in chunks] == [
        "**Do you carry cyber liability insurance?**\n\nYes.",
        "**Are you ISO 27001 certified?**\n\nNot at this time.",
        "**Where is customer data stored?**",  # a long answer stands alone
        "In the United States, in two regions of our cloud provider.",
    ]
    assert_offsets(doc, chunks)


def test_blank_lines_with_spaces_separate_paragraphs() -> None:
    doc = make_doc("First paragraph here.\n  \t\nSecond paragraph here.\n")
    chunks = chunk_document(doc)
    assert [c.text for c in chunks] == ["First paragraph here.", "Second paragraph here."]
    assert_offsets(doc, chunks)


def test_editing_one_paragraph_keeps_other_ids() -> None:
    before = make_doc("Alpha paragraph one.\n\nBeta paragraph two.\n\nGamma paragraph three.")
    after = make_doc("Alpha paragraph one.\n\nBeta paragraph 2, edited.\n\nGamma paragraph three.")
    ids_before = [c.chunk_id for c in chunk_document(before)]
    ids_after = [c.chunk_id for c in chunk_document(after)]
    assert ids_before[0] == ids_after[0]
    assert ids_before[2] == ids_after[2]
    assert ids_before[1] != ids_after[1]


def test_ids_do_not_depend_on_position_or_whitespace() -> None:
    base = chunk_document(make_doc("Alpha paragraph one.\n\nBeta paragraph two."))
    moved = chunk_document(
        make_doc(
            "# New heading\n\nInserted paragraph first.\n\nAlpha paragraph one.\n\n"
            "Beta   paragraph\ntwo."
        )
    )
    assert [c.chunk_id for c in base] == [c.chunk_id for c in moved[1:]]
    assert moved[1].start != base[0].start


def test_ids_depend_on_document_path() -> None:
    a = chunk_document(make_doc("Same words in both.", "a.md"))
    b = chunk_document(make_doc("Same words in both.", "b.md"))
    assert a[0].chunk_id != b[0].chunk_id


def test_duplicate_paragraphs_get_distinct_ids() -> None:
    doc = make_doc(
        "Keys are rotated.\n\nOther text here.\n\nKeys are rotated.\n\nKeys are rotated."
    )
    chunks = chunk_document(doc)
    dup = [c for c in chunks if c.text == "Keys are rotated."]
    assert len(dup) == 3
    ids = [c.chunk_id for c in dup]
    assert len(set(ids)) == 3
    assert ids[1] == f"{ids[0]}-2" and ids[2] == f"{ids[0]}-3"
    assert_offsets(doc, chunks)


def test_chunking_is_deterministic() -> None:
    doc = make_doc(POLICY)
    assert chunk_document(doc) == chunk_document(doc)


def test_long_paragraph_splits_at_sentence_ends_under_max_chars() -> None:
    sentences = [f"Sentence number {i} says something about access control." for i in range(12)]
    paragraph = " ".join(sentences)
    doc = make_doc("Short intro paragraph.\n\n" + paragraph)
    chunks = chunk_document(doc, ChunkSettings(max_chars=150))
    long_chunks = chunks[1:]
    assert len(long_chunks) > 1
    assert_offsets(doc, chunks)
    for chunk in long_chunks:
        assert len(chunk.text) <= 150
        assert chunk.text.endswith(".")
        assert chunk.text.startswith("Sentence number")
    # together the pieces are the whole paragraph, in order, nothing lost
    assert " ".join(c.text for c in long_chunks) == paragraph
    assert long_chunks[0].start == doc.text.index(paragraph)
    assert long_chunks[-1].end == len(doc.text)


def test_long_paragraph_splits_at_line_ends() -> None:
    lines = [f"- item {i} must be enforced by the platform team" for i in range(10)]
    doc = make_doc("\n".join(lines))
    chunks = chunk_document(doc, ChunkSettings(max_chars=120))
    assert len(chunks) > 1
    assert_offsets(doc, chunks)
    for chunk in chunks:
        assert len(chunk.text) <= 120
        assert chunk.text.startswith("- item")


def test_an_overlong_sentence_is_cut_at_spaces_under_max_chars() -> None:
    """A passage never exceeds max_chars, however the text is punctuated: a 20 MB
    one-line file once made one passage of 20 MB."""
    sentence = "This sentence " + "goes on " * 40 + "and ends here."
    doc = make_doc(f"Short first. {sentence} Short last.")
    chunks = chunk_document(doc, ChunkSettings(max_chars=60))
    assert_offsets(doc, chunks)
    assert all(len(c.text) <= 60 for c in chunks)
    assert " ".join(c.text for c in chunks) == doc.text
    assert all(not c.text.endswith("goe") for c in chunks)  # cut between words


def test_a_line_without_spaces_or_sentence_ends_is_cut_at_max_chars() -> None:
    line = "x" * 250 + " tail words"
    doc = make_doc(line)
    chunks = chunk_document(doc, ChunkSettings(max_chars=100, min_words=1))
    assert_offsets(doc, chunks)
    assert [len(c.text) for c in chunks] == [100, 100, 61]


def test_a_long_unpunctuated_one_line_text_is_cut_quickly() -> None:
    import time

    text = "word " * 400_000  # 2 MB on one line, no sentence end
    doc = make_doc(text)
    started = time.perf_counter()
    chunks = chunk_document(doc, ChunkSettings(max_chars=900))
    assert time.perf_counter() - started < 20
    assert max(len(c.text) for c in chunks) <= 900
    assert sum(len(c.text) for c in chunks) + len(chunks) - 1 == len(text.strip())


def test_heading_without_blank_line_is_context() -> None:
    doc = make_doc("# Access\nUsers must use MFA for all logins.\n")
    chunks = chunk_document(doc)
    assert [c.text for c in chunks] == ["Users must use MFA for all logins."]
    assert chunks[0].heading == "Access"


def test_setext_heading_is_context() -> None:
    doc = make_doc("Access Control\n--------------\n\nUsers must use MFA for all logins.\n")
    chunks = chunk_document(doc)
    assert [c.text for c in chunks] == ["Users must use MFA for all logins."]
    assert chunks[0].heading == "Access Control"


# --- property ------------------------------------------------------------------------

WORD = st.sampled_from(
    ["access", "keys", "MFA", "rotated", "every", "90", "days", "AC-2(3)", "staff", "the", "é"]
)
SENTENCE = st.builds(
    lambda ws, end: " ".join(ws) + end,
    st.lists(WORD, min_size=1, max_size=12),
    st.sampled_from([".", "?", "!", ";", "", ":"]),
)
PARAGRAPH = st.one_of(
    st.lists(SENTENCE, min_size=1, max_size=8).map(" ".join),
    st.lists(SENTENCE, min_size=1, max_size=6).map("\n".join),
    st.builds(lambda n, s: "#" * n + " " + s, st.integers(1, 6), SENTENCE),
    st.builds(lambda s: s + ":", SENTENCE),
    st.sampled_from(["---", "*", "", "   "]),
)
SEPARATOR = st.sampled_from(["\n\n", "\n \n", "\n\t\n\n", "\n\n\n"])


@settings(max_examples=150, deadline=None)
@given(
    paragraphs=st.lists(PARAGRAPH, min_size=0, max_size=12),
    separators=st.lists(SEPARATOR, min_size=12, max_size=12),
    lead=st.sampled_from(["", "\n", "  \n\n"]),
    max_chars=st.integers(min_value=20, max_value=400),
    min_words=st.integers(min_value=1, max_value=3),
)
def test_chunk_offsets_slice_exactly_and_do_not_overlap(
    paragraphs: list[str], separators: list[str], lead: str, max_chars: int, min_words: int
) -> None:
    text = lead + "".join(p + s for p, s in zip(paragraphs, separators, strict=False))
    doc = make_doc(text)
    chunks = chunk_document(doc, ChunkSettings(max_chars=max_chars, min_words=min_words))
    previous_end = 0
    for chunk in chunks:
        assert 0 <= chunk.start < chunk.end <= len(text)
        assert text[chunk.start : chunk.end] == chunk.text
        assert chunk.start >= previous_end  # ordered, no overlap
        previous_end = chunk.end
        assert chunk.text == chunk.text.strip()
        assert not re.search(r"\n[ \t]*\n", chunk.text)  # never spans a blank line
        assert len(re.findall(r"\w+", chunk.text)) >= min_words
        assert len(chunk.text) <= max_chars
        assert not chunk.text.startswith("#")
    assert len({c.chunk_id for c in chunks}) == len(chunks)
    assert chunk_document(doc, ChunkSettings(max_chars=max_chars, min_words=min_words)) == chunks


def test_a_markdown_comment_is_not_a_passage_but_text_around_it_is() -> None:
    text = "# Access\n\n<!-- internal note: update in Q3 -->\n\nMFA is required for all staff.\n"
    passages = [c.text for c in chunk_document(make_doc(text))]
    assert passages == ["MFA is required for all staff."]
    plain = [c.text for c in chunk_document(make_doc(text, path="notes/access.txt"))]
    assert "<!-- internal note: update in Q3 -->" in plain  # in a .txt it is text


def test_a_lead_in_that_states_something_is_a_passage_too() -> None:
    """A line ending in a colon introduces what follows; when it also states a
    practice, it must stay quotable (else a stated retention reads as not covered)."""
    doc = make_doc(
        "# Backup Standard\n\nBackups are retained for 35 days; the schedule is:\n\n"
        "- daily incrementals\n- weekly full backups\n"
    )
    chunks = chunk_document(doc)
    stated = next(c for c in chunks if c.text.startswith("Backups are retained"))
    assert stated.text == "Backups are retained for 35 days; the schedule is:"
    assert stated.heading == "Backup Standard"
    listed = next(c for c in chunks if c.text.startswith("- daily"))
    assert listed.heading == "Backup Standard > Backups are retained for 35 days; the schedule is:"


def test_a_numbered_heading_line_in_plain_text_is_the_context_of_its_section() -> None:
    """ "7. Multi-factor authentication" on a line of its own over its section's lines
    heads that section; a numbered list's items are no headings, and neither is a
    Markdown list item."""
    text = (
        "MATURITY STATEMENT\n\n"
        "7. Multi-factor authentication\nMaturity level: Maturity Level Two.\n\n"
        "Steps to follow when access is removed:\n\n"
        "1. Disable the account\n2. Recover the laptop from the employee\n"
    )
    chunks = chunk_document(make_doc(text, "statement.txt"))
    level = next(c for c in chunks if "Maturity Level Two" in c.text)
    assert level.heading.endswith("7. Multi-factor authentication")
    assert "Maturity level" in level.text and "7. Multi" not in level.text
    steps = next(c for c in chunks if "Disable the account" in c.text)
    assert "1. Disable the account" in steps.text
    markdown = chunk_document(make_doc(text, "statement.md"))
    assert any("7. Multi-factor authentication" in c.text for c in markdown)


def test_a_wrapped_numbered_item_or_a_date_line_heads_nothing() -> None:
    text = (
        "Rules\n\n1. All laptops use full disk encryption\nwith BitLocker or FileVault.\n\n"
        "14 February 2026\nThe policy applies to all staff.\n"
    )
    chunks = chunk_document(make_doc(text, "rules.txt"))
    assert all(c.heading == "" for c in chunks)
    assert any(c.text.startswith("1. All laptops use full disk encryption") for c in chunks)


def test_a_table_as_text_keeps_its_first_row() -> None:
    """A table's rows in plain text or a PDF ("1 Critical 24 hours" over "2 High 7
    days") are rows, not a heading over the others: the critical row stays a passage
    of its own and names no other row's context."""
    text = "Remediation deadlines\n\n1 Critical 24 hours\n2 High 7 days\n3 Medium 30 days\n"
    chunks = chunk_document(make_doc(text, "deadlines.txt"))
    assert any("1 Critical 24 hours" in c.text for c in chunks)
    assert all("Critical" not in c.heading for c in chunks)
    headed = chunk_document(make_doc("4 Access control\nAccess is reviewed quarterly.\n", "a.txt"))
    assert headed[0].heading.endswith("4 Access control")
    dotted = "7. Remediation Timelines\n1 Critical vulnerabilities are fixed within 7 days.\n"
    assert chunk_document(make_doc(dotted, "r.txt"))[0].heading.endswith("7. Remediation Timelines")


def test_a_controls_status_line_is_one_passage_with_its_statement() -> None:
    from dossier.ingest.chunking import _blocks

    text = (
        "## 3.1.18 Control connection of mobile devices.\n\nStatus: Partially implemented\n\n"
        "Implementation: Company iPhones are enrolled in Intune.\n\nStatus: Open tickets\n\nMore."
    )
    blocks = [text[a:b] for a, b in _blocks(text)]
    assert "Status: Partially implemented\n\nImplementation: Company iPhones" in blocks[1]
    assert "Status: Open tickets" in blocks  # a status naming no implementation stays alone
    # a status under its statement is that one's: never joined to the next control
    below = (
        "## 3.1.18 Mobile devices\n\nImplementation: Devices are enrolled.\n\n"
        "Status: Not implemented\n\n## 3.1.19 Encrypt CUI on mobile devices\n\n"
        "Implementation: Laptops are encrypted.\n\nStatus: Implemented\n"
    )
    blocks = [below[a:b] for a, b in _blocks(below)]
    assert "Status: Not implemented" in blocks
    assert "## 3.1.19 Encrypt CUI on mobile devices" in blocks
    # nor a status right under a heading to a heading after it
    bare = "## 3.1.20 Control\n\nStatus: Planned\n\n## 3.1.21 Next\n\nText."
    assert "## 3.1.21 Next" in [bare[a:b] for a, b in _blocks(bare)]


def test_a_headings_pandoc_attributes_are_no_context() -> None:
    text = (
        "# Access Control Standard {#main-content}\n\n## Reviews {#reviews .section}\n\n"
        "Access is reviewed every quarter by owners.\n"
    )
    (chunk,) = chunk_document(make_doc(text))
    assert chunk.heading == "Access Control Standard > Reviews"


PDF_PAGE = (
    "Security Incident Management Policy\n1. Purpose\nThis policy sets out how incidents are "
    "handled.\n2. Reporting\nStaff must report suspected incidents to the Service Desk\n"
    "immediately.\nSeverity Description Initial response\nP1 - Critical Ransomware 15 minutes\n"
    "3. Response\nThe Incident Response Team coordinates containment.\n"
    "4. Post-Incident Review\nA review must be completed within 10 business days of closure.\n"
    "Steps:\n1. Collect the timeline.\n2. Record the lessons\nLearned items are tracked.\n"
    "Acme Health - Page 1"
)


def test_a_pdf_pages_numbered_headings_cut_its_block_into_sections() -> None:
    """A PDF's page comes out without blank lines: a section's heading and its first
    sentence were glued to the paragraph before it ("... retained for 90 days. 5.
    Environmental Controls"), and the page's footer to the last."""
    doc = make_doc(PDF_PAGE, "policies/incidents.pdf")
    chunks = chunk_document(doc, ChunkSettings(min_words=3))
    assert_offsets(doc, chunks)
    by_heading = {c.heading: c.text for c in chunks}
    assert by_heading["2. Reporting"].startswith("Staff must report")
    assert "3. Response" not in by_heading["2. Reporting"]  # after a table's row, in sequence
    assert by_heading["3. Response"] == "The Incident Response Team coordinates containment."
    review = by_heading["4. Post-Incident Review"]
    assert review.startswith("A review must be completed") and "Page 1" not in review
    # a numbered list is no heading: its items stay in their section
    assert "2. Record the lessons" in review
    assert not any(c.heading.endswith("Record the lessons") for c in chunks)


def test_numbered_lines_inside_a_markdown_or_text_paragraph_are_left() -> None:
    text = "Intro sentence here.\n2. Reporting\nStaff must report incidents promptly."
    for path in ("a.md", "a.txt"):
        chunks = chunk_document(make_doc(text, path), ChunkSettings(min_words=3))
        assert [c.text for c in chunks] == [text]


def _pdf_chunks(text: str) -> list[tuple[str, str]]:
    doc = make_doc(text, "policies/a.pdf")
    chunks = chunk_document(doc, ChunkSettings(min_words=1))
    assert_offsets(doc, chunks)
    return [(c.heading, c.text) for c in chunks]


def test_lines_that_only_look_numbered_cut_no_pdf_page() -> None:
    """A review found layouts the heading cut misread: a wrapped clause, a line a
    sentence goes on into, an address, a table's last row, a numbered list under a
    section (each must stay in its passage)."""
    wrapped = (
        "Training Standard\n3. Awareness\n3.1 Training is mandatory for all staff.\n3.2 All "
        "staff must complete annual training on\nInformation Security and Data Protection."
    )
    assert all("training on\nInformation Security" in t for h, t in _pdf_chunks(wrapped)[-1:])
    going_on = (
        "Access Policy\n1. Purpose\nThis policy covers access.\n2. Scope\nThe policy applies "
        "to all staff and contractors in\n3 Regional Offices\nAll sites follow it."
    )
    assert not any(h.startswith("3 Regional") for h, _ in _pdf_chunks(going_on))
    address = (
        "Contact\n1. Purpose\nWrite to the Data Protection Officer at the address below.\n"
        "25 Market Street\nLeeds LS1 6DT"
    )
    assert not any("Market Street" in h for h, _ in _pdf_chunks(address))
    table = (
        "Incident Policy\n1. Purpose\nThis policy sets out handling.\n6. Response Times\n"
        "Response targets are below.\nPriority Target\n1 Critical 1 hour (24x7)\n"
        "2 High 4 hours (24x7)\n3 Medium Next business day\nAll tickets are logged."
    )
    times = dict(_pdf_chunks(table))["6. Response Times"]
    assert "3 Medium Next business day" in times
    listed = (
        "Data Policy\n1. Purpose\nThis policy covers data.\n4. Data Classification\nData is "
        "classified into the following levels.\n1. Public\nInformation approved for release."
        "\n2. Confidential\nInformation restricted to named staff.\nSeverity Time\n"
        "P1 Critical 15 minutes\n5. Handling\nConfidential data is encrypted at rest."
    )
    chunks = dict(_pdf_chunks(listed))
    assert "1. Public" in chunks["4. Data Classification"]
    assert chunks["5. Handling"] == "Confidential data is encrypted at rest."


def test_a_pdf_heading_over_bullets_a_subheading_or_a_page_break_heads_its_section() -> None:
    bullets = (
        "Security Policy\n1. Purpose\nThis policy protects data.\n2. Joiners and Leavers\n"
        "\u2022 Leavers lose all access within 24 hours."
    )
    assert dict(_pdf_chunks(bullets))["2. Joiners and Leavers"].startswith("\u2022 Leavers")
    nested = (
        "ICT Security Policy\n1 Purpose\nThis policy protects data.\n2 Policy statements\n"
        "2.1 Information classification\n2.1.1 All information must be classified.\n"
        "2.2 Asset management\n2.2.1 Assets are recorded in the register."
    )
    headings = [h for h, _ in _pdf_chunks(nested)]
    assert "2 Policy statements" in headings and "2 Policy statements" not in dict(
        _pdf_chunks(nested)
    ).get("1 Purpose", "")
    assert "2 Policy statements > 2.2 Asset management" in headings
    page_end = (
        "Security Policy\n1. Purpose\nThis policy protects data.\n2. Backups\n\nBackups "
        "are taken daily and kept for 35 days."
    )
    assert dict(_pdf_chunks(page_end))["2. Backups"].startswith("Backups are taken daily")


def test_a_plain_text_heading_in_capitals_heads_its_section() -> None:
    """A wiki page or a Word document saved as text sets its headings in capitals:
    "TERMINATION AND TRANSFERS" was quoted as the first words of the section's first
    item. A marking in capitals heads nothing; neither does a line in capitals over a
    line going on in lower case, nor one in a PDF (a table's header over its rows)."""
    text = (
        "ACCESS REVIEWS\nUser access is reviewed quarterly by system owners.\n\n"
        "TERMINATION AND TRANSFERS\no All access is disabled within 24 hours.\n\n"
        "CONFIDENTIAL\nThis page is shared with customers under NDA only.\n"
    )
    chunks = chunk_document(make_doc(text, "policies/access-control.txt"))
    assert [(c.heading, c.text.split("\n")[0]) for c in chunks] == [
        ("ACCESS REVIEWS", "User access is reviewed quarterly by system owners."),
        ("TERMINATION AND TRANSFERS", "o All access is disabled within 24 hours."),
        (
            "TERMINATION AND TRANSFERS",
            "CONFIDENTIAL",
        ),
    ]
    pdf = chunk_document(
        make_doc("TIER RTO\nTier 1 4 hours 1 hour\nTier 2 8 hours 4 hours\n", "plan.pdf")
    )
    assert all(c.heading == "" for c in pdf)
    markdown = chunk_document(make_doc("ACCESS REVIEWS\nUser access is reviewed quarterly.\n"))
    assert markdown[0].text.startswith("ACCESS REVIEWS")


@pytest.mark.parametrize(
    "text",
    [
        # a statement in capitals wrapped onto a second line
        "ALL STAFF MUST REPORT SUSPECTED SECURITY INCIDENTS\nWITHIN 1 HOUR OF DISCOVERY.\n",
        # a label over its value
        "PENETRATION TEST\nAnnual, by an external firm\n",
        # a table's header over its rows, single-spaced
        "TIER RTO RPO\nTier 1 4 hours 1 hour\nTier 2 8 hours 4 hours\n",
        # markings and a call-out's label
        "COMMERCIAL IN CONFIDENCE\nThis page is shared with customers under NDA only.\n",
        "NOTE\nPasswords must be at least 14 characters long.\n",
    ],
)
def test_a_line_in_capitals_that_heads_no_section_stays_its_text(text: str) -> None:
    """(review) Lines in capitals that are statements, labels, a table's header,
    markings or a call-out's label were read as headings: their words left the text."""
    chunks = chunk_document(make_doc(text, "notes.txt"))
    assert chunks[0].heading == ""
    assert chunks[0].text.startswith(text.split("\n")[0])


def test_a_heading_in_capitals_falls_under_a_numbered_one() -> None:
    text = (
        "1. Access control\nThese rules apply to every system we run.\n\n"
        "REVIEWS\nUser access is reviewed quarterly by system owners.\n\n"
        "2. Backups\nBackups are taken daily.\n"
    )
    headings = [c.heading for c in chunk_document(make_doc(text, "policy.txt"))]
    assert headings == ["1. Access control", "1. Access control > REVIEWS", "2. Backups"]


def test_a_few_emphasised_words_alone_head_their_section() -> None:
    """A word processor's export sets a minor heading as a bold paragraph ("**Revision
    history**"): it was no heading, so its table's rows were not known as a change log
    ("log retention extended from 6 to 13 months" was quoted as the retention). A bold
    statement stays text."""
    text = (
        "# Policy\n\n**Revision history**\n\n| Version | Date | Change |\n| --- | --- | --- |\n"
        "| 3.1 | 2025-01-15 | Log retention extended from 6 to 13 months |\n\n## 1. Scope\n\n"
        "This applies to all staff.\n\n**All laptops are encrypted**\n\nMore text of the scope.\n"
    )
    chunks = chunk_document(make_doc(text))
    assert [(c.heading, c.text.split("\n")[0]) for c in chunks] == [
        ("Policy > Revision history", "| Version | Date | Change |"),
        ("Policy > 1. Scope", "This applies to all staff."),
        ("Policy > 1. Scope", "**All laptops are encrypted**"),
        ("Policy > 1. Scope", "More text of the scope."),
    ]


def test_a_heading_in_capitals_naming_a_kind_of_data_heads_its_section() -> None:
    """(review) "SENSITIVE DATA HANDLING" and "INCIDENTS NOT INVOLVING PERSONAL DATA" hold
    a marking's or a negation's word but are headings; a line of marking words is none."""
    text = (
        "SENSITIVE DATA HANDLING\nSensitive data is encrypted at rest.\n\n"
        "INCIDENTS NOT INVOLVING PERSONAL DATA\nThese are handled by IT Operations.\n\n"
        "COMMERCIAL IN CONFIDENCE\nThis page is shared with customers under NDA.\n"
    )
    assert [c.heading for c in chunk_document(make_doc(text, "p.txt"))] == [
        "SENSITIVE DATA HANDLING",
        "INCIDENTS NOT INVOLVING PERSONAL DATA",
        "INCIDENTS NOT INVOLVING PERSONAL DATA",
    ]


def test_a_numbered_or_titled_bold_caption_heads_its_table_and_a_bold_statement_does_not() -> None:
    """(review) "**Appendix A: Log retention periods**" was no heading, so its table stayed
    under "Revision history"; "**MFA enforced for all remote access**" is a statement."""
    text = (
        "# P\n\n## 2. Revision history\n\n| Version | Date | Change |\n| --- | --- | --- |\n"
        "| 3.1 | 2025-01-15 | x |\n\n**Appendix A: Log retention periods**\n\n| Log | Kept |\n"
        "| --- | --- |\n| Security event logs | 12 months |\n\n"
        "**MFA enforced for all remote access**\n\nText of the appendix here.\n"
    )
    chunks = chunk_document(make_doc(text))
    assert [c.heading.rsplit(" > ", 1)[-1] for c in chunks] == [
        "2. Revision history",
        "Appendix A: Log retention periods",
        "Appendix A: Log retention periods",
        "Appendix A: Log retention periods",
    ]
    assert chunks[2].text == "**MFA enforced for all remote access**"


def test_a_numbered_heading_over_a_list_numbered_again_from_one_heads_its_section() -> None:
    """A word processor's text export numbers each section's list from 1 under the
    section's numbered heading: "7. Access Reviews" over "1. System owners review ...
    quarterly" was read as an item, and the review sentence fell under "5. Passwords"."""
    items = "1. Access is reviewed quarterly by system owners.\n2. Evidence is kept in Vanta.\n"
    text = (
        "Access Control Policy\n\n"
        "5. Passwords\na. Passwords are at least 14 characters long.\n\n"
        f"7. Access Reviews\n{items}\n"
        "Steps\n\n1. Disable the account\n2. Recover the laptop\n3. Close the ticket\n"
    )
    for name in ("policy.txt", "policy.pdf"):
        chunks = chunk_document(make_doc(text, name), ChunkSettings(min_words=3))
        review = next(c for c in chunks if "reviewed quarterly" in c.text)
        assert review.heading.endswith("7. Access Reviews"), name
    # a list going on is no heading: "3. Close the ticket" is the third step
    chunks = chunk_document(make_doc(text, "policy.txt"), ChunkSettings(min_words=3))
    assert not any(c.heading.endswith("Close the ticket") for c in chunks)
    # in one block, as a PDF's page comes out, a list's item before the heading
    page = f"4. Scope\n1. All staff are in scope.\n2. Contractors too.\n7. Access Reviews\n{items}"
    chunks = chunk_document(make_doc(page, "page.pdf"), ChunkSettings(min_words=3))
    review = next(c for c in chunks if "reviewed quarterly" in c.text)
    assert review.heading.endswith("7. Access Reviews")


def test_a_step_in_sentence_case_over_its_sub_list_is_no_heading() -> None:
    """(review) "3. Order equipment" over "1. Laptop" / "2. Hardware token" headed the
    procedure's next steps and an unrelated sentence."""
    text = (
        "Onboarding\n\n1. Create the account\n2. Assign the role\n\n"
        "3. Order equipment\n1. Laptop (encrypted with BitLocker)\n2. Hardware token\n\n"
        "4. Schedule the security briefing\n\n"
        "All new hires sign the acceptable use policy before access is granted.\n"
    )
    chunks = chunk_document(make_doc(text, "onboard.txt"), ChunkSettings(min_words=3))
    assert not any("Order equipment" in c.heading for c in chunks)
    assert any("3. Order equipment" in c.text for c in chunks)


def test_a_numbered_paragraph_wrapped_with_a_hanging_indent_heads_nothing() -> None:
    """An intranet export wraps numbered paragraphs at 72 columns with a hanging indent:
    "3.2.2 An independent third-party penetration test of the Quillmark" is the first
    line of a sentence (the next word would not fit on it), not a heading over
    "Campus application ... is performed at least annually"."""
    text = (
        "3.0 TESTING\n\n"
        "3.2.2 An independent third-party penetration test of the Quillmark\n"
        "      Campus application and its supporting infrastructure is performed\n"
        "      at least annually and after any major architectural change.\n\n"
        "3.3 Scanning of containers\n"
        "      All container images are scanned before they are deployed to any\n"
        "      production cluster.\n"
    )
    chunks = chunk_document(make_doc(text, "standard.txt"), ChunkSettings(min_words=1))
    test = next(c for c in chunks if "performed" in c.text)
    assert "penetration test of the Quillmark" in test.text
    assert "Quillmark" not in test.heading
    scanning = next(c for c in chunks if "container images" in c.text)
    assert scanning.heading.endswith("3.3 Scanning of containers")


def test_a_long_heading_over_a_flush_paragraph_stays_a_heading() -> None:
    """(review) A heading about as long as the body's lines is no wrapped line when the
    body is not indented under it."""
    text = (
        "7. ACCESS CONTROL\n\n"
        "7.2 Privileged access management, session recording and break-glass use\n"
        "Privileged sessions to production are brokered through the CyberArk vault\n"
        "and recorded; recordings are retained for 12 months and reviewed monthly.\n"
    )
    chunks = chunk_document(make_doc(text, "standard.txt"), ChunkSettings(min_words=1))
    recorded = next(c for c in chunks if "CyberArk" in c.text)
    assert recorded.heading.endswith(
        "7.2 Privileged access management, session recording and break-glass use"
    )
