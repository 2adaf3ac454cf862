"""Unit tests for dossier.ingest.files: front-matter, decoding, reading, scanning, PDFs."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from dossier.common.canonical import canonical_json
from dossier.common.dates import stated_dates
from dossier.errors import CorpusError, UnreadableDocument
from dossier.ingest.authority import Authority
from dossier.ingest.files import (
    OUTPUT_FOLDER,
    OUTSIDE_LINK,
    corpus_digest,
    decode_text,
    extract_pdf_text,
    ingest,
    read_document,
    scan_corpus,
    sha256_hex,
)
from dossier.ingest.files import _title as title_of
from dossier.ingest.frontmatter import split_front_matter
from dossier.records import Corpus, SourceFile


def source(path: str, content: str | bytes) -> SourceFile:
    data = content.encode("utf-8") if isinstance(content, str) else content
    return SourceFile(path, data, hashlib.sha256(data).hexdigest())


# --- split_front_matter -------------------------------------------------------------


def test_standard_front_matter_block() -> None:
    meta, body = split_front_matter("---\ntitle: Keys\nstatus: current\n---\n# Keys\n\nBody.\n")
    assert meta == {"title": "Keys", "status": "current"}
    assert body == "# Keys\n\nBody.\n"


@pytest.mark.parametrize("opening", ["---  ", "---\t", "--- \t "])
def test_an_opening_line_with_trailing_spaces_still_opens_the_block(opening: str) -> None:
    meta, body = split_front_matter(f"{opening}\nstatus: superseded\n---  \nBody text.\n")
    assert meta == {"status": "superseded"}
    assert body == "Body text.\n"


def test_standard_block_closed_by_dots() -> None:
    meta, body = split_front_matter("---\nowner: security\n...\nBody text.")
    assert meta == {"owner": "security"}
    assert body == "Body text."


def test_empty_standard_block() -> None:
    assert split_front_matter("---\n---\nBody text.") == ({}, "Body text.")


def test_bare_mapping_closed_by_rule() -> None:
    text = (
        "title: Access Control\nversion: 2\neffective_date: 2024-03-01\n---\n"
        "\nUsers must use MFA.\n"
    )
    meta, body = split_front_matter(text)
    assert meta == {"title": "Access Control", "version": 2, "effective_date": "2024-03-01"}
    assert body == "\nUsers must use MFA.\n"


def test_front_matter_is_plain_json_data_at_any_depth() -> None:
    block = (
        "revision_history:\n  2024-01-10: Initial version\n  2024-06-01 09:30:00: Retention\n"
        "nested:\n  a:\n    1: one\n    b: two\n  when: [2024-02-01]\n"
        "tags: !!set {b, a}\nlimit: .inf\n"
    )
    meta, _ = split_front_matter(f"---\n{block}---\nBody.")
    assert meta == {
        "revision_history": {
            "2024-01-10": "Initial version",
            "2024-06-01T09:30:00": "Retention",
        },
        "nested": {"a": {"1": "one", "b": "two"}, "when": ["2024-02-01"]},
        "tags": ["a", "b"],
        "limit": "inf",
    }
    assert json.loads(json.dumps(meta, sort_keys=True, allow_nan=False)) == meta


def test_no_front_matter() -> None:
    text = "# Policy\n\nJust text: with a colon.\n"
    assert split_front_matter(text) == ({}, text)


@pytest.mark.parametrize(
    "text",
    [
        "Title\n---\nBody text follows.",
        "Access Control Policy\n---\n\nUsers must use MFA.",
        "Summary: covers access\ncontrol for all staff.\n---\nBody.",  # not a valid mapping
        "owner: security\n\nSome paragraph text.\n\nHeading\n---\nBody.",  # mapping then prose
    ],
)
def test_setext_heading_is_not_front_matter(text: str) -> None:
    meta, body = split_front_matter(text)
    assert meta == {}
    assert body == text


def test_bare_mapping_needs_dash_rule_not_dots() -> None:
    text = "title: X\n...\nBody."
    assert split_front_matter(text) == ({}, text)


def test_bare_mapping_without_closing_rule_is_body() -> None:
    text = "Scope: all staff.\n\nMore text."
    assert split_front_matter(text) == ({}, text)


def test_unclosed_front_matter_is_unreadable() -> None:
    with pytest.raises(UnreadableDocument, match="never closed"):
        split_front_matter("---\ntitle: Keys\n\nBody without a closing rule.\n")


@pytest.mark.parametrize(
    "text",
    [
        "\n\n---\n\nBackups are retained for 35 days.\n",  # a rule, never closed
        "\n---\nBackups are retained for 35 days.\n\n---\n\nMore text.\n",  # two rules
        "\n---\nPurpose: Backups are retained for 35 days.\n---\nMore text.\n",  # no metadata key
    ],
)
def test_a_rule_after_blank_lines_is_text_not_front_matter(text: str) -> None:
    assert split_front_matter(text) == ({}, text)


@pytest.mark.parametrize(
    "block",
    ["title: [unclosed\n", "a: b\n  c: d\n bad indent: x\n", "key: 'open quote\n"],
)
def test_invalid_yaml_front_matter_is_unreadable(block: str) -> None:
    with pytest.raises(UnreadableDocument, match="bad front-matter"):
        split_front_matter(f"---\n{block}---\nBody.")


def test_invalid_yaml_error_names_the_line() -> None:
    with pytest.raises(UnreadableDocument, match=r"bad front-matter at line \d+"):
        split_front_matter("---\ntitle: ok\nlist: [a, b\n---\nBody.")


def _laughs(levels: int) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{n}: &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, levels + 1)]
    return "\n".join(lines) + "\n"


def test_front_matter_aliases_are_refused_naming_the_alias() -> None:
    with pytest.raises(UnreadableDocument, match=r"at line 3: YAML alias \*a0 is not read"):
        split_front_matter(f"---\n{_laughs(3)}---\nBody.")


def test_a_billion_laughs_document_is_listed_as_failed_and_the_rest_is_read() -> None:
    corpus = ingest([source("laughs.md", f"---\n{_laughs(6)}---\nBody."), source("ok.md", "Ok.")])
    assert [d.path for d in corpus.documents] == ["ok.md"]
    assert corpus.failures[0].path == "laughs.md"
    assert "YAML alias *a0" in corpus.failures[0].reason


def test_a_bare_header_with_an_alias_is_body_text() -> None:
    text = "title: &t Backups\nowner: *t\n---\nBody."
    assert split_front_matter(text) == ({}, text)


def test_front_matter_nested_too_deeply_is_unreadable() -> None:
    with pytest.raises(UnreadableDocument, match="nested too deeply"):
        split_front_matter("---\na: " + "[" * 5000 + "]" * 5000 + "\n---\nBody.")


def test_front_matter_that_is_not_a_mapping_is_unreadable() -> None:
    with pytest.raises(UnreadableDocument, match="key: value"):
        split_front_matter("---\n- a\n- b\n---\nBody.")


# --- decode_text ----------------------------------------------------------------------


def test_decode_text_rejects_nul_bytes() -> None:
    with pytest.raises(UnreadableDocument, match="binary"):
        decode_text(b"PK\x03\x04\x00\x00zip")


@pytest.mark.parametrize(
    ("encoding", "detected"),
    [
        ("utf-16", "byte-order mark"),
        ("utf-16-le", "NUL bytes"),
        ("utf-16-be", "NUL bytes"),
        ("utf-32", "byte-order mark"),
    ],
)
def test_decode_text_names_a_utf16_file_as_not_utf8(encoding: str, detected: str) -> None:
    data = "Backups are retained for 35 days.\n".encode(encoding)
    with pytest.raises(UnreadableDocument, match="not UTF-8 text") as raised:
        decode_text(data)
    assert detected in str(raised.value) and "save it as UTF-8" in str(raised.value)
    assert "binary" not in str(raised.value)


def test_decode_text_rejects_invalid_utf8_with_position() -> None:
    with pytest.raises(UnreadableDocument, match=r"not UTF-8 text \(byte 0xff at offset 3"):
        decode_text(b"abc\xff\xfe")


def test_a_windows_1252_file_is_named_as_one() -> None:
    """ "not UTF-8 text (byte 48)" read like a byte's value and did not say why: a file
    saved as Windows-1252 ("ANSI") is named as one, with the character it holds."""
    with pytest.raises(UnreadableDocument) as raised:
        decode_text("Staff\u2019s laptops are encrypted.".encode("cp1252"))
    message = str(raised.value)
    assert "byte 0x92 at offset 5" in message and "Windows-1252" in message
    assert "save it as UTF-8" in message


def test_decode_text_normalises_newlines_and_bom() -> None:
    assert decode_text("\ufeffa\r\nb\rc\n".encode()) == "a\nb\nc\n"


def test_decode_text_keeps_unicode() -> None:
    assert decode_text("Zugriffsprüfung – jährlich".encode()) == "Zugriffsprüfung – jährlich"


# --- read_document --------------------------------------------------------------------


def test_read_document_fields_and_hashes() -> None:
    raw = "---\ntitle: Key Management\nstatus: Current\n---\nKeys rotate yearly.\r\n"
    doc = read_document(source("crypto/keys.md", raw))
    assert doc.path == "crypto/keys.md"
    assert doc.text == "Keys rotate yearly.\n"
    assert doc.sha256 == hashlib.sha256(raw.encode()).hexdigest()
    assert doc.text_sha256 == hashlib.sha256(b"Keys rotate yearly.\n").hexdigest()
    assert doc.sha256 != doc.text_sha256
    assert doc.title == "Key Management"
    assert doc.status == "current"
    assert doc.metadata == {"title": "Key Management", "status": "Current"}
    assert doc.effective_date is None
    assert doc.supersedes == ()


def test_effective_date_as_yaml_date() -> None:
    doc = read_document(source("a.md", "---\neffective_date: 2024-01-15\n---\nBody text."))
    assert doc.effective_date == "2024-01-15"


@pytest.mark.parametrize(
    ("text", "date"),
    [
        # a control table under the title, a British date
        (
            "# BCP-01 Business Continuity Plan\n\n| Document control | |\n|---|---|\n"
            "| Owner | Head of Service Delivery |\n| Effective date | 12 March 2025 |\n\n"
            "## 1. Purpose\n\nText.",
            "2025-03-12",
        ),
        ("# Asset policy\n\n**Effective Date**: Feb 1, 2022\n\nText.", "2022-02-01"),
        ("Owner: Sam\nEffective: 2025-01-31\n\nText.", "2025-01-31"),
        # an approval date is no effective date; nor is a date in the text
        ("# Policy\n\n**Approved by:** Daniel, CEO \u2014 14 March 2024\n\nText.", None),
        ("# Policy\n\nAs of this policy's effective date all staff are checked.", None),
        # a date in the text, or a version history's first row, is no effective date
        (
            "# Passwords\n\nThe passphrase rule becomes effective 1 January 2027; until then "
            "the rules below apply.\n",
            None,
        ),
        (
            "# Logging\n\n| Version | Effective date | Change |\n|---|---|---|\n"
            "| 1.0 | 2019-03-01 | First |\n| 3.0 | 2025-10-01 | Rewrite |\n",
            None,
        ),
        # of several, the latest (a revised one)
        (
            "# Handbook\n\nOriginal effective date: 1 March 2015\nRevised effective date: 1 "
            "June 2025\n\nText.",
            "2025-06-01",
        ),
        # front-matter comes first
        ("---\neffective_date: 2024-01-15\n---\nEffective date: 3 March 2023\n", "2024-01-15"),
        # a PDF's cover table flattened: two fields a line, no separator
        (
            "Access Standard\nDocument control\nDocument ID AS-002 Version 3.1\n"
            "Status Approved Effective date 15 July 2024\nOwner IAM Manager Approved by CISO\n",
            "2024-07-15",
        ),
        # without "date", a capitalised "Effective" and a date may be a heading's
        ("New Requirements Effective 1 July 2026\n\nText.\n", None),
        # a version history's header flattened the same way is no field, nor is its row, nor
        # a sentence opening with a date
        ("Version history\nVersion Effective date Change\n1.0 1 March 2019 First\n", None),
        ("Version history\nEffective Date 2 June 2023 Update\n", None),
        (
            "Effective date: 1 March 2024\n"
            "Effective 1 January 2027, all staff must use passkeys.\n",
            "2024-03-01",
        ),
        ("Owner CISO\nEffective date 1 February 2024 Last reviewed January 2025\n", "2024-02-01"),
        ("Owner CISO\nEffective date 1 March 2024 Page 1 of 12\n", "2024-03-01"),
    ],
)
def test_an_effective_date_in_the_documents_own_header_is_read(text: str, date: str | None) -> None:
    """Documents without front-matter state their effective date in a control block:
    the documents table showed none for them (and authority could not date them),
    while their quotes' freshness read the same date."""
    assert read_document(source("a.md", text)).effective_date == date


def test_effective_date_as_string() -> None:
    doc = read_document(source("a.md", "---\neffective_date: '2023-07-04'\n---\nBody text."))
    assert doc.effective_date == "2023-07-04"


def test_effective_date_as_datetime() -> None:
    doc = read_document(source("a.md", "---\neffective_date: 2024-01-15 10:30:00\n---\nBody."))
    assert doc.effective_date == "2024-01-15"


@pytest.mark.parametrize("key", ["effective", "Effective-On", "effective_from"])
def test_the_date_a_document_took_effect_is_read_under_its_usual_keys(key: str) -> None:
    """ "effective: 2025-08-20" dates the document as effective_date does; under such a
    key a value that is no date ("on approval") states none, and the document is read."""
    doc = read_document(source("a.md", f"---\n{key}: 2025-08-20\n---\nBody text."))
    assert doc.effective_date == "2025-08-20"
    undated = read_document(source("a.md", f"---\n{key}: on approval\n---\nBody text."))
    assert undated.effective_date is None and undated.text.strip() == "Body text."


@pytest.mark.parametrize("value", ["next week", "15/01/2024", "'2024-13-01'", "yes", "2024"])
def test_bad_effective_date_names_the_key(value: str) -> None:
    with pytest.raises(UnreadableDocument, match="effective_date") as info:
        read_document(source("a.md", f"---\neffective_date: {value}\n---\nBody text."))
    assert "ISO date" in str(info.value)


@pytest.mark.parametrize(
    "value",
    ["'{{effectiveDate}}'", "'${EFFECTIVE_DATE}'", "'[Effective Date]'", "<date>", "TBD", "''"],
)
def test_unfilled_template_date_leaves_the_document_undated(value: str) -> None:
    """A template adopted without filling in its date states no date: the document
    is read (undated), not refused, and its text can be quoted."""
    doc = read_document(
        source("a.md", f"---\neffective_date: {value}\nstatus: '{{{{status}}}}'\n---\nBody text.")
    )
    assert (doc.effective_date, doc.status, doc.text) == (None, None, "Body text.")


def test_bad_effective_date_says_what_to_do() -> None:
    with pytest.raises(UnreadableDocument, match=r"write the date .* or remove the field"):
        read_document(source("a.md", "---\neffective_date: next week\n---\nBody text."))


BAD_DATE_REASON = (
    "BUG ingest._parse_front_matter: an unquoted impossible date (2024-13-01, 2024-02-30) makes "
    "yaml.safe_load raise ValueError, which is not a yaml.YAMLError, so it escapes "
    "read_document/ingest and aborts the whole build instead of becoming a DocumentFailure"
)


@pytest.mark.parametrize(
    "text",
    [
        "---\neffective_date: 2024-13-01\n---\nBody text.",
        "---\nreviewed: 2024-02-30\n---\nBody text.",
    ],
)
def test_impossible_unquoted_date_is_a_document_failure(text: str) -> None:
    corpus = ingest([source("a.md", text), source("b.md", "Good text here.")])
    assert [d.path for d in corpus.documents] == ["b.md"]
    assert [f.path for f in corpus.failures] == ["a.md"]
    assert "front-matter" in corpus.failures[0].reason


def test_impossible_unquoted_date_in_bare_header_does_not_abort_ingest() -> None:
    corpus = ingest([source("a.md", "effective_date: 2024-02-30\n---\nBody text.")])
    handled = [d.path for d in corpus.documents] + [f.path for f in corpus.failures]
    assert handled == ["a.md"]


@pytest.mark.parametrize("value", ["draft", "ARCHIVED", " superseded ", "current"])
def test_status_values(value: str) -> None:
    doc = read_document(source("a.md", f"---\nstatus: '{value}'\n---\nBody text."))
    assert doc.status == value.strip().lower()


@pytest.mark.parametrize(
    ("value", "status"),
    [
        ("Approved", "current"),
        ("Active", "current"),
        ("Published", "current"),
        ("In Review", "draft"),
        ("Not approved", "draft"),
        ("Pending approval", "draft"),
        ("Retired", "archived"),
        ("Withdrawn", "archived"),
        ("Replaced", "superseded"),
        ("Superseded (approved 2021)", "superseded"),
        # a template kit's page never adopted (it failed to load, then was in force)
        ("template", "draft"),
        ("TEMPLATE - not adopted", "draft"),
        ("Not adopted", "draft"),
        # a template adopted or approved is in force
        ("Adopted (based on the SANS template)", "current"),
        ("Approved template", "current"),
    ],
)
def test_a_status_as_registers_write_it(value: str, status: str) -> None:
    """`status: Approved` made nine of fifteen documents of a template pack unreadable:
    the build answered from the six left, superseded ones among them."""
    doc = read_document(source("a.md", f"---\nstatus: '{value}'\n---\nBody text."))
    assert doc.status == status


# A document-control block in the text itself, as wiki exports, plain text and PDF
# policies carry one: a page its header marks superseded or a draft had answered
# questions ("8 characters" from a 2021 standard beside the current 12).
@pytest.mark.parametrize(
    ("text", "status"),
    [
        (
            "# Identity Standard (2021)\n\nOwner: IT lead\nLast edited: Mar 3, 2021\n"
            "Status: Superseded\n\nPasswords need 8 characters.",
            "superseded",
        ),
        (
            "# Logs\n\n| Property | Value |\n|---|---|\n| Owner | Marcus |\n"
            "| Status | Draft |\n\n- Logs are kept.",
            "draft",
        ),
        (
            "# Password Standard\n\n| Field | Value |\n|---|---|\n| Policy Number | PW-9 |\n"
            "| Policy Owner | ITS |\n| Status | Superseded by IT-STD-201 |\n\nText.",
            "superseded",
        ),
        (
            "ISP-013 PHYSICAL SECURITY POLICY\nStatus: SUPERSEDED (replaced 2023)\n\n1. OFFICES",
            "superseded",
        ),
        (
            "ISP-003 CRYPTO POLICY\nStatus: Approved    Version: 1.6    Owner: CISO\n\n"
            "1.1 Data is encrypted.",
            "current",
        ),
        (
            "DISTRICT PROCEDURE AP 3720-05\n\nPolicy Owner: ISO Effective Date: March 1, 2024\n"
            "Last Reviewed: February 18, 2025 Status: DRAFT - Not Approved\n\n1.1 Text.",
            "draft",
        ),
        ("# Keys\n\n**Owner:** Sam\n**Status:** Archived\n\nKeys rotate yearly.", "archived"),
        # a banner in capitals under the title
        (
            "MFA STANDARD VERSION 1\nOBSOLETE: withdrawn on 1 February 2025. Do not use.\n\n"
            "SMS codes may be used.",
            "archived",
        ),
        ("# Plan\n\n**DRAFT**\n\nThe plan is tested yearly.", "draft"),
        # a wiki page kept for history
        (
            "# Backups (old)\n\n**OUTDATED** \u2014 written before the move; see the new page."
            "\n\n- Nightly dumps, kept 14 days.",
            "archived",
        ),
        # a wiki callout opening with its icon (a draft was quoted as a commitment)
        (
            "# Data retention\n\n> \U0001f6a7 **DRAFT \u2014 not yet approved.** Please don't"
            " quote this.\n\n## Customer data\n\nDeleted within 30 days.",
            "draft",
        ),
        ("# Crypto\n\n**DRAFT v0.3 \u2013 for comment, not approved**\n\nText.", "draft"),
        (
            "# Passwords (2021)\n\n> \u26a0\ufe0f **ARCHIVED \u2014 superseded by the Access"
            " Control Policy v2.0.**\n\n- The last 6 passwords cannot be reused.",
            "archived",
        ),
        (  # the callout's word before a colon, the page named after it
            "# Password Policy (2019)\n\n> \u26a0\ufe0f **ARCHIVED:** This page is no longer"
            " in force.\n\n1. Passwords must be changed every 90 days.",
            "archived",
        ),
        (  # a status stated with words about it, hard-wrapped (its 90 days were quoted)
            "# Data Retention Policy (2021)\n\nStatus: SUPERSEDED by the Data Retention "
            "Schedule v3.0 (May 2024). Retained for audit\nhistory only. Do not use.\n\n"
            "Owner: Operations Manager\n\n## Periods\n\nBackups are retained for 90 days.",
            "superseded",
        ),
        (  # a banner with a full stop, the page named after it
            "# Password Guidance (2019)\n\n> **SUPERSEDED.** This page was replaced by the "
            "Access Control Standard.\n\n- Accounts are locked after 3 attempts.",
            "superseded",
        ),
        (  # a template kit's page left unfilled answered two questions as policy
            "# Secure Development Policy\n\n**TEMPLATE - NOT ADOPTED**\n\nDocument owner: "
            "[Name, Role]\n\n## 2. Requirements\n\n2.1 Developers complete training.",
            "draft",
        ),
        (
            "# Secure Development Policy\n\nDocument owner: [Name, Role]\nStatus: Not adopted"
            "\n\n## 2. Requirements\n\n2.1 Developers complete training.",
            "draft",
        ),
        (
            "# Wiki page\n\nSecurity / Policies / Wiki page\n\nCreated by Mei, last modified"
            " on Nov 15, 2023\n\nOwner: Mei\nStatus: Current\n\nText.",
            "current",
        ),
    ],
)
def test_a_status_in_the_documents_own_header_is_read(text: str, status: str) -> None:
    assert read_document(source("a.md", text)).status == status


@pytest.mark.parametrize(
    ("value", "status"),
    [
        # an aside on the next review says nothing of the status
        ("Current (annual review due March 2024 \u2014 *review in progress*)", "current"),
        ("Approved; next review 2025", "current"),
        ("Approved, pending board ratification", "current"),
        # the status first, whatever its aside says
        ("Superseded (approved 2021)", "superseded"),
        ("Not approved (draft)", "draft"),
        ("In review (version 1 applies)", "draft"),
        # (the review's) a stage that is over, wherever it is said
        ("Final - Superseded by ISP-001 v4.0", "superseded"),
        ("Approved; superseded 2024-01-10", "superseded"),
        ("Published - Retired", "archived"),
        ("Approved, expired 2023-12-31", "archived"),
    ],
)
def test_the_words_before_an_aside_state_the_status(value: str, status: str) -> None:
    """A backup standard's "Status: Current (annual review due March 2024 - review in
    progress)" made it a draft: its recovery objectives were set aside."""
    text = f"# Backup Standard\n\nOwner: IT\nStatus: {value}\n\n## 1. Backups\n\nDaily."
    assert read_document(source("a.md", text)).status == status
    front = f"---\nstatus: {value}\n---\n# Backup Standard\n\nDaily backups."
    assert read_document(source("b.md", front)).status == status


@pytest.mark.parametrize(
    "text",
    [
        # a status field inside the text, under a section heading
        "# Incident report\n\n## Timeline\n\nOwner: Sam\nStatus: Superseded\n",
        # a paragraph that is not only fields
        "# Plan\n\nOwner: Sam. This plan is superseded by nothing.\nStatus: draft\n",
        # an icon callout warning of a thing, not of the page
        "# Cryptography Standard\n\n> \u26a0\ufe0f **DEPRECATED: TLS 1.0 and SHA-1 must not be "
        "used anywhere.**\n\nTLS 1.2 is required.",
        "# Cryptography Standard\n\n> \u26a0\ufe0f **DEPRECATED \u2014 TLS 1.0 must not be "
        "used.**\n\nTLS 1.2 is required.",
        # ... or of a part of the page, after a colon
        "# Key Management Standard\n\n> \u26a0\ufe0f **DEPRECATED:** The procedure for manual key"
        " rotation was replaced by KMS.\n\nKeys rotate yearly.",
        # a status naming no state
        "# Ticket\n\nOwner: Sam\nStatus: Open\n\nText.",
        "# Ticket\n\nStatus: Open. The fix ships on Friday.\n\nText.",
        # a word in capitals before a full stop and other words
        "# Cryptography Standard\n\n**DEPRECATED.** TLS 1.0 must not be used.\n\nText.",
        # fields that are no document control
        "# Runbook\n\nStep: one\nStatus: superseded\n\nText.",
        # a table of more than two columns (a revision history)
        "# P\n\n| Version | Date | Status |\n|---|---|---|\n| 1.0 | 2021 | Superseded |\n",
        # a word in capitals opening a sentence is no banner
        "# Plan\n\nDRAFT RECOVERY PROCEDURES are listed below.\n\nText.",
        # a status beyond the document's opening lines
        "# P\n\n" + "Line of text.\n\n" * 8 + "Owner: Sam\nStatus: Superseded\n",
    ],
)
def test_a_status_line_that_is_no_control_block_is_text(text: str) -> None:
    assert read_document(source("a.md", text)).status is None


def test_front_matter_status_comes_before_the_texts_header() -> None:
    text = "---\nstatus: current\n---\n# P\n\nOwner: Sam\nStatus: Superseded\n\nText."
    assert read_document(source("a.md", text)).status == "current"


def test_a_header_marking_a_page_superseded_keeps_it_from_grounding() -> None:
    old = read_document(source("old.md", "# Old\n\nOwner: IT\nStatus: Superseded\n\nText."))
    new = read_document(source("new.md", "# New\n\nOwner: IT\nStatus: Published\n\nText."))
    authority = Authority.of(Corpus((old, new), (), ()))
    assert not authority.is_current("old.md")
    assert authority.is_current("new.md")


def test_bad_status_names_the_key() -> None:
    with pytest.raises(UnreadableDocument, match="status") as info:
        read_document(source("a.md", "---\nstatus: green\n---\nBody text."))
    assert "'green'" in str(info.value)
    assert "current" in str(info.value)


def test_supersedes_as_string() -> None:
    doc = read_document(source("new.md", "---\nsupersedes: ./old/keys.md\n---\nBody text."))
    assert doc.supersedes == ("old/keys.md",)


@pytest.mark.parametrize(
    ("written", "normalised"),
    [
        ("./policies/password-policy.md", "policies/password-policy.md"),
        ("policies//old/../password-policy.md", "policies/password-policy.md"),
        # A path that leaves the corpus keeps its "..": lstrip("./") once made the
        # first of these the real password policy, silently superseded.
        ("./../../policies/password-policy.md", "../../policies/password-policy.md"),
        ("../../../etc/passwd", "../../../etc/passwd"),
        ("/etc/passwd", "/etc/passwd"),
    ],
)
def test_supersedes_is_normalised_as_a_path(written: str, normalised: str) -> None:
    doc = read_document(source("new.md", f"---\nsupersedes: {written}\n---\nBody text."))
    assert doc.supersedes == (normalised,)


def test_supersedes_as_list() -> None:
    doc = read_document(
        source("new.md", "---\nsupersedes:\n  - old/a.md\n  - ' b.md '\n---\nBody text.")
    )
    assert doc.supersedes == ("old/a.md", "b.md")


@pytest.mark.parametrize("value", ["3", "[a.md, 4]", "['']", "{a: b}"])
def test_bad_supersedes(value: str) -> None:
    with pytest.raises(UnreadableDocument, match="supersedes"):
        read_document(source("new.md", f"---\nsupersedes: {value}\n---\nBody text."))


def test_title_from_heading_then_path() -> None:
    assert read_document(source("x.md", "Intro.\n\n# The Heading\n\nText.")).title == "The Heading"
    assert read_document(source("dir/incident_response-plan.txt", "Text.")).title == (
        "incident response plan"
    )
    assert read_document(source("x.md", "---\nname: Named\n---\n# Heading\n")).title == "Named"


@pytest.mark.parametrize(
    ("heading", "title"),
    [
        ("# **Data Management Policy**", "Data Management Policy"),
        ("# __Backup Standard__", "Backup Standard"),
        ("## ***Access Policy***", "Access Policy"),
        ("# `sshd` Hardening Guide #", "`sshd` Hardening Guide"),
        ("# Policy: *draft* and *final*", "Policy: *draft* and *final*"),
        ("# **Part A** and **Part B**", "**Part A** and **Part B**"),
        # Pandoc's attributes after a converted page's heading are no words of it
        ("# ISS-AC Access Control Standard {#main-content}", "ISS-AC Access Control Standard"),
        ("## Scope {.unnumbered}", "Scope"),
        ("# Use of {placeholders}", "Use of {placeholders}"),
    ],
)
def test_a_headings_emphasis_is_not_part_of_the_title(heading: str, title: str) -> None:
    """A document titled by a bold heading was shown and cited as "**Data Management
    Policy**"; emphasis around the whole heading goes, emphasis inside it stays."""
    assert read_document(source("x.md", f"{heading}\n\nText.")).title == title


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "BACKUPS - WHAT YOU NEED TO KNOW\nBackups run nightly.",
            "BACKUPS - WHAT YOU NEED TO KNOW",
        ),
        ("Working from home\n\nUse the VPN.", "Working from home"),
        ("Backups run nightly.\nThey are kept for 35 days.", "backup guide"),
        ("Use the VPN when\nworking from home.", "backup guide"),
    ],
)
def test_a_plain_text_documents_title_line_is_its_title(text: str, title: str) -> None:
    """A .txt page opening with a title line was titled by its file name ("your it
    account"), and the title line ranked as a sentence."""
    assert read_document(source("guides/backup_guide.txt", text)).title == title


def test_empty_document_is_unreadable() -> None:
    with pytest.raises(UnreadableDocument, match="no text"):
        read_document(source("a.md", "---\ntitle: Only metadata\n---\n   \n"))


def test_bare_front_matter_read() -> None:
    doc = read_document(source("a.md", "title: Bare\nstatus: draft\n---\nBody text here."))
    assert doc.title == "Bare"
    assert doc.status == "draft"
    assert doc.text == "Body text here."


# --- ingest ---------------------------------------------------------------------------


def test_ingest_records_failures_and_keeps_good_documents() -> None:
    files = [
        source("good.md", "# Good\n\nKeys are rotated every year.\n"),
        source("binary.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00"),
        source("corrupt.pdf", b"%PDF-1.4 this is not really a pdf"),
        source("badfm.md", "---\ntitle: [unclosed\n---\nBody text."),
        source("latin1.txt", "Schlüssel".encode("latin-1")),
        source("notes.txt", "Plain notes about backups taken nightly."),
    ]
    corpus = ingest(files)
    assert [d.path for d in corpus.documents] == ["good.md", "notes.txt"]
    reasons = {f.path: f.reason for f in corpus.failures}
    assert list(reasons) == ["binary.md", "corrupt.pdf", "badfm.md", "latin1.txt"]
    assert "binary" in reasons["binary.md"]
    assert reasons["corrupt.pdf"].startswith("cannot read PDF")
    assert "bad front-matter" in reasons["badfm.md"]
    assert "UTF-8" in reasons["latin1.txt"]
    assert {c.document for c in corpus.chunks} == {"good.md", "notes.txt"}
    assert corpus.document("good.md").title == "Good"
    with pytest.raises(KeyError):
        corpus.document("binary.md")


def test_ingest_chunks_match_document_text() -> None:
    corpus = ingest([source("a.md", "# A\n\nFirst paragraph text.\n\nSecond paragraph text.\n")])
    assert len(corpus.chunks) == 2
    for chunk in corpus.chunks:
        doc = corpus.document(chunk.document)
        assert doc.text[chunk.start : chunk.end] == chunk.text
        assert chunk.heading == "A"


def test_corpus_digest_changes_with_content_only() -> None:
    a = ingest([source("a.md", "Alpha text here."), source("b.md", "Beta text here.")])
    reordered = ingest([source("b.md", "Beta text here."), source("a.md", "Alpha text here.")])
    changed = ingest([source("a.md", "Alpha text here!"), source("b.md", "Beta text here.")])
    assert corpus_digest(a) == corpus_digest(reordered)
    assert corpus_digest(a) != corpus_digest(changed)


# --- scan_corpus ------------------------------------------------------------------------


def test_scan_corpus_recursive_and_filtered(tmp_path: Path) -> None:
    (tmp_path / "sub" / "deeper").mkdir(parents=True)
    (tmp_path / ".git").mkdir()
    (tmp_path / "a.md").write_text("A text.")
    (tmp_path / "sub" / "b.txt").write_text("B text.")
    (tmp_path / "sub" / "deeper" / "c.markdown").write_text("C text.")
    (tmp_path / "sub" / "D.PDF").write_bytes(b"%PDF")
    (tmp_path / ".hidden.md").write_text("hidden")
    (tmp_path / ".git" / "notes.md").write_text("hidden dir")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    (tmp_path / "sheet.docx").write_bytes(b"PK")
    (tmp_path / "noext").write_text("no suffix")
    (tmp_path / "folder.md").mkdir()  # a folder with a document suffix is not a file

    files = scan_corpus(tmp_path)
    assert [f.path for f in files] == ["a.md", "sub/D.PDF", "sub/b.txt", "sub/deeper/c.markdown"]
    first = files[0]
    assert first.data == b"A text."
    assert first.sha256 == sha256_hex(b"A text.") == hashlib.sha256(b"A text.").hexdigest()


def test_scan_corpus_missing_folder(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="does not exist") as info:
        scan_corpus(tmp_path / "nope")
    assert info.value.exit_code == 2
    assert "nope" in str(info.value)


def test_scan_corpus_file_not_folder(tmp_path: Path) -> None:
    path = tmp_path / "a.md"
    path.write_text("x")
    with pytest.raises(CorpusError, match="not a folder"):
        scan_corpus(path)


def test_scan_corpus_empty_folder(tmp_path: Path) -> None:
    (tmp_path / "photo.jpg").write_bytes(b"\xff\xd8")
    (tmp_path / ".draft.md").write_text("hidden")
    with pytest.raises(CorpusError, match=r"no \.md, \.txt or \.pdf documents"):
        scan_corpus(tmp_path)


def test_scan_corpus_leaves_out_the_output_folder_inside_it(tmp_path: Path) -> None:
    """A dossier built into a folder of its corpus must not quote itself next time."""
    (tmp_path / "policy.md").write_text("Policy text.")
    (tmp_path / "build").mkdir()
    (tmp_path / "build" / "dossier.md").write_text("Last build's answers.")
    assert [f.path for f in scan_corpus(tmp_path, leave_out=tmp_path / "build")] == ["policy.md"]
    assert len(scan_corpus(tmp_path)) == 2


@pytest.mark.parametrize(
    "left",
    [(".dossier.lock",), ("dossier.json", "manifest.json")],
    ids=["a build's lock", "a copied dossier"],
)
def test_scan_corpus_names_another_dossiers_output_folder_and_does_not_read_it(
    tmp_path: Path, left: tuple[str, ...]
) -> None:
    """An output folder left inside the corpus by another build (or copied there)
    holds dossier.md and dossier.pdf: read, a dossier would quote an earlier dossier."""
    (tmp_path / "policy.md").write_text("Policy text.")
    old = tmp_path / "policies" / "old-build"
    old.mkdir(parents=True)
    (old / "dossier.md").write_text("Last build's answers.")
    for name in left:
        (old / name).write_text("{}")
    files = scan_corpus(tmp_path)
    assert [(f.path, f.unreadable) for f in files] == [
        ("policies/old-build/", OUTPUT_FOLDER),
        ("policy.md", None),
    ]


def test_scan_corpus_reads_a_folder_holding_only_a_manifest(tmp_path: Path) -> None:
    """A manifest.json alone is many tools' file, not a dossier's output."""
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "manifest.json").write_text("{}")
    (tmp_path / "web" / "readme.md").write_text("Web app notes.")
    assert [f.path for f in scan_corpus(tmp_path)] == ["web/readme.md"]


def test_scan_corpus_refuses_an_output_folder_as_the_corpus(tmp_path: Path) -> None:
    (tmp_path / "dossier.md").write_text("Answers.")
    (tmp_path / ".dossier.lock").write_text("")
    with pytest.raises(CorpusError, match="output folder, not a document folder"):
        scan_corpus(tmp_path)


def test_scan_corpus_reads_a_linked_file_once(tmp_path: Path) -> None:
    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "access.md").write_text("Access policy.")
    (tmp_path / "access-link.md").symlink_to(tmp_path / "policies" / "access.md")
    outside = tmp_path.parent / f"{tmp_path.name}-shared.md"
    outside.write_text("Shared policy kept elsewhere.")
    (tmp_path / "shared.md").symlink_to(outside)
    files = scan_corpus(tmp_path)
    assert [f.path for f in files] == ["policies/access.md", "shared.md"]
    assert files[0].unreadable is None and files[0].data == b"Access policy."
    # A link out of the corpus is never followed: listed, with the reason, unread.
    assert files[1].unreadable == OUTSIDE_LINK and files[1].data == b""


def test_scan_corpus_never_follows_a_link_out_of_the_corpus(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    (corpus / "policies").mkdir(parents=True)
    (corpus / "policies" / "access.md").write_text("Access policy.")
    secrets = tmp_path / "secrets"
    secrets.mkdir()
    (secrets / "root.txt").write_text("The production root password is hunter2.")
    (corpus / "policies" / "root.txt").symlink_to(secrets / "root.txt")
    (corpus / "vault").symlink_to(secrets, target_is_directory=True)
    (corpus / "hop.md").symlink_to(corpus / "policies" / "root.txt")  # a link to the link
    corpus_read = ingest(scan_corpus(corpus))
    assert [d.path for d in corpus_read.documents] == ["policies/access.md"]
    assert {(f.path, f.reason) for f in corpus_read.failures} == {
        ("hop.md", OUTSIDE_LINK),
        ("policies/root.txt", OUTSIDE_LINK),
        ("vault/", OUTSIDE_LINK),
    }
    assert not any("hunter2" in c.text for c in corpus_read.chunks)


def test_scan_corpus_lists_a_symbolic_link_loop_as_failed(tmp_path: Path) -> None:
    (tmp_path / "policy.md").write_text("Backups are kept 35 days.")
    (tmp_path / "self.md").symlink_to("self.md")
    (tmp_path / "a.md").symlink_to("b.md")
    (tmp_path / "b.md").symlink_to("a.md")
    corpus = ingest(scan_corpus(tmp_path))
    assert [d.path for d in corpus.documents] == ["policy.md"]
    assert [f.path for f in corpus.failures] == ["a.md", "b.md", "self.md"]
    assert all("symbolic link loop" in f.reason for f in corpus.failures)


def test_scan_corpus_lists_a_file_whose_name_is_not_utf8_as_failed(tmp_path: Path) -> None:
    (tmp_path / "policy.md").write_text("Backups are kept 35 days.")
    (tmp_path / "docs").mkdir()
    with open(os.fsencode(tmp_path / "docs") + b"/caf\xe9-policy.md", "wb") as file:
        file.write(b"# Cafe\n\nBackups are encrypted.\n")
    corpus = ingest(scan_corpus(tmp_path))
    assert [d.path for d in corpus.documents] == ["policy.md"]
    [failure] = corpus.failures
    assert failure.path == "docs/caf\\xe9-policy.md"
    assert "is not UTF-8 text" in failure.reason and "rename it" in failure.reason
    assert canonical_json([failure.path, failure.reason])  # writable as UTF-8 anywhere


def test_scan_corpus_reports_what_it_cannot_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unreadable file or folder is listed with the reason, never skipped in
    silence, and never stops the scan (chmod does not stop root, so the disk's
    refusals are simulated)."""
    (tmp_path / "hr").mkdir()
    (tmp_path / "hr" / "leave.md").write_text("Leave policy.")
    (tmp_path / "locked.md").write_text("Locked.")
    (tmp_path / "open.md").write_text("Open.")
    real_read, real_walk = Path.read_bytes, os.walk

    def read_bytes(path: Path) -> bytes:
        if path.name == "locked.md":
            raise PermissionError(13, "Permission denied", str(path))
        return real_read(path)

    def walk(top: Path, onerror: Callable[[OSError], None]) -> Iterator[Any]:
        for folder, subfolders, names in real_walk(top):
            if Path(folder).name == "hr":
                onerror(PermissionError(13, "Permission denied", folder))
                subfolders[:] = []
                continue
            yield folder, subfolders, names

    monkeypatch.setattr(Path, "read_bytes", read_bytes)
    monkeypatch.setattr("dossier.ingest.files.os.walk", walk)
    files = {f.path: f for f in scan_corpus(tmp_path)}
    assert sorted(files) == ["hr/", "locked.md", "open.md"]
    assert files["locked.md"].unreadable == "cannot be read (Permission denied)"
    assert files["hr/"].unreadable == "folder cannot be read (Permission denied)"
    corpus = ingest(files.values())
    assert [d.path for d in corpus.documents] == ["open.md"]
    assert {f.path: f.reason for f in corpus.failures} == {
        "hr/": "folder cannot be read (Permission denied)",
        "locked.md": "cannot be read (Permission denied)",
    }


# --- PDFs -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def pdf_bytes(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from weasyprint import HTML

    path = tmp_path_factory.mktemp("pdf") / "policy.pdf"
    HTML(string="<p>Hello policy text</p><p>Backups are tested every quarter.</p>").write_pdf(path)
    return path.read_bytes()


def test_extract_pdf_text(pdf_bytes: bytes) -> None:
    text = extract_pdf_text(pdf_bytes)
    assert "Hello policy text" in text
    assert "Backups are tested every quarter." in text


def test_a_pdfs_text_is_pdfplumbers_own_even_with_a_ruled_table() -> None:
    """The contract fixes a PDF's text as pdfplumber extracts it, pages joined by a blank
    line: quotes' offsets index that text, so a table is never rewritten as rows (0.5.39's
    first cut wrote ruled tables as Markdown rows and broke every offset past them)."""
    import io

    import pdfplumber
    from weasyprint import HTML

    html = (
        "<style>td{border:1px solid #000}</style><p>Requirements</p><table>"
        "<tr><td>Minimum password length</td><td>12 characters</td></tr>"
        "<tr><td>Lockout</td><td>5 failed attempts</td></tr></table>"
        "<p style='page-break-before:always'>Page two text.</p>"
    )
    data = HTML(string=html).write_pdf()
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        expected = "\n\n".join(page.extract_text() or "" for page in pdf.pages)
    assert extract_pdf_text(data) == expected
    assert "|" not in expected


def test_pdf_through_scan_and_ingest(tmp_path: Path, pdf_bytes: bytes) -> None:
    (tmp_path / "policies").mkdir()
    (tmp_path / "policies" / "backup.pdf").write_bytes(pdf_bytes)
    corpus = ingest(scan_corpus(tmp_path))
    assert corpus.failures == ()
    (doc,) = corpus.documents
    assert doc.path == "policies/backup.pdf"
    assert doc.metadata == {}
    assert doc.sha256 == sha256_hex(pdf_bytes)
    assert doc.text_sha256 == sha256_hex(doc.text.encode("utf-8"))
    assert doc.title == "Hello policy text"  # a PDF is titled by its first line
    assert any("Hello policy text" in c.text for c in corpus.chunks)


@pytest.mark.parametrize(
    ("heading", "after", "title"),
    [
        # a title wrapped onto a second line is read whole (it was cut short)
        (
            "Business Continuity and Disaster Recovery Policy",
            "Kestrel Issuing Ltd",
            "Business Continuity and Disaster Recovery Policy",
        ),
        # a company's name under a whole title is not part of it
        ("Information Security Policy", "Acme Corporation", "Information Security Policy"),
    ],
)
def test_a_pdfs_title_wrapped_onto_two_lines_is_read_whole(
    tmp_path: Path, heading: str, after: str, title: str
) -> None:
    from weasyprint import HTML

    path = tmp_path / "policy.pdf"
    html = f"<h1 style='width: 500px'>{heading}</h1><p>{after}</p><p>1 Purpose of the policy.</p>"
    HTML(string=html).write_pdf(path)
    (doc,) = ingest([source("policy.pdf", path.read_bytes())]).documents
    assert doc.title == title


def test_a_text_files_title_under_its_organisations_name() -> None:
    """Eleven policies of one organisation were all titled with its name, the line above
    their titles; and a status under "Policy No.: ..." was not read (a superseded
    revision's values answered)."""
    text = (
        "CEDAR VALLEY HEALTH NETWORK\n\nPASSWORD STANDARD\n\n"
        "Policy No.: IT-SEC-009 / Revision: B / Effective: 02/01/2020 /\n"
        "Supersedes: IT-SEC-009 Rev A\nStatus: SUPERSEDED by IT-SEC-009 Rev C\n"
        "Owner: IT Security Manager\n\n1. PURPOSE\n\nPasswords expire every sixty (60) days.\n"
    )
    doc = read_document(source("IT-SEC-009.txt", text))
    assert doc.title == "PASSWORD STANDARD"
    assert doc.status == "superseded"
    plain = read_document(source("a.txt", "INFORMATION SECURITY POLICY\n\nAcme Corp\n\nText."))
    assert plain.title == "INFORMATION SECURITY POLICY"


def test_pdf_without_text_is_unreadable(tmp_path: Path) -> None:
    from weasyprint import HTML

    path = tmp_path / "blank.pdf"
    HTML(string="<div style='height: 10px'></div>").write_pdf(path)
    with pytest.raises(UnreadableDocument, match="no extractable text"):
        extract_pdf_text(path.read_bytes())


def test_encrypted_pdf_is_a_document_failure_naming_the_password() -> None:
    import io

    from pypdf import PdfReader, PdfWriter
    from weasyprint import HTML

    plain = HTML(string="<p>Secret policy text.</p>").write_pdf()
    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(plain)).pages:
        writer.add_page(page)
    writer.encrypt(user_password="pw", owner_password="owner", algorithm="AES-128")
    encrypted = io.BytesIO()
    writer.write(encrypted)
    corpus = ingest(
        [source("locked.pdf", encrypted.getvalue()), source("ok.md", "Fine text here.")]
    )
    assert [d.path for d in corpus.documents] == ["ok.md"]
    assert corpus.failures[0].path == "locked.pdf"
    assert "encrypted PDF" in corpus.failures[0].reason


def test_an_opening_purpose_paragraph_is_body_not_front_matter() -> None:
    from dossier.ingest.frontmatter import split_front_matter

    text = "Purpose: This policy sets the rules for backups.\n\nBackups run daily.\n\n---\nMore."
    metadata, body = split_front_matter(text)
    assert metadata == {}
    assert body == text  # the purpose sentence stays quotable


def test_a_bare_yaml_header_closed_by_a_rule_is_still_front_matter() -> None:
    from dossier.ingest.frontmatter import split_front_matter

    metadata, body = split_front_matter("name: Backup Policy\nacronym: BP\n---\n# Purpose\n")
    assert metadata == {"name": "Backup Policy", "acronym": "BP"}
    assert body == "# Purpose\n"


@pytest.mark.parametrize(
    "text",
    [
        "Purpose: Backups are retained for 35 days and encrypted at rest with AES-256.\n"
        "Scope: All production systems.\n---\nBackup Policy\n\nBackups are tested.\n",
        "Purpose: Backups are retained for 35 days.\n---\n\n# Backups\n\nTested yearly.\n",
        "title: Backups\nPurpose: Backups are retained for 35 days.\n---\nMore.\n",
    ],
)
def test_a_bare_header_with_a_key_that_is_not_metadata_is_body_text(text: str) -> None:
    assert split_front_matter(text) == ({}, text)
    assert "retained for 35 days" in read_document(source("backup.txt", text)).text


def test_a_bare_header_of_metadata_keys_in_any_case_is_front_matter() -> None:
    text = "Title: Backups\nOwner: IT\nmajorRevisions:\n  - date: Jun 1 2018\n---\nBody.\n"
    metadata, body = split_front_matter(text)
    assert len(metadata) == 3
    assert body == "Body.\n"


@pytest.mark.parametrize(
    "text",
    [
        "\n---\nstatus: archived\neffective_date: 2015-01-01\n---\n# Old\n\nKept 7 days.\n",
        " \n\n---\nstatus: archived\neffective_date: 2015-01-01\n---\n# Old\n\nKept 7 days.\n",
        "---\nStatus: Archived\nEffective_Date: 2015-01-01\n---\n# Old\n\nKept 7 days.\n",
        "---\nSTATUS: archived\nEffective-Date: 2015-01-01\n---\n# Old\n\nKept 7 days.\n",
    ],
)
def test_authority_front_matter_after_blank_lines_or_in_any_case_is_read(text: str) -> None:
    from dossier.ingest.authority import Authority

    doc = read_document(source("old.md", text))
    assert (doc.status, doc.effective_date) == ("archived", "2015-01-01")
    assert doc.text == "# Old\n\nKept 7 days.\n"
    assert not Authority.of(ingest([source("old.md", text)])).is_current("old.md")


def test_a_key_written_twice_in_two_cases_is_bad_front_matter() -> None:
    with pytest.raises(UnreadableDocument, match="'Status' and 'status' are one key"):
        split_front_matter("---\nStatus: draft\nstatus: current\n---\nBody.")


def test_a_yaml_error_after_blank_lines_names_the_line_of_the_file() -> None:
    block = "---\ntitle: ok\nlist: [a, b\n---\nBody."
    with pytest.raises(UnreadableDocument, match="bad front-matter at line 4"):
        split_front_matter(block)
    with pytest.raises(UnreadableDocument, match="bad front-matter at line 6"):
        split_front_matter("\n\n" + block)


# --- A PDF exported from a word processor: running header and footer, a cover table ---

_WORD_EXPORT_CSS = """
@page { size: A6; margin: 22mm 10mm 18mm 10mm;
  @top-center { content: "POL-7 Rev 3 Access Standard"; font-size: 8pt }
  @bottom-center { content: "Company Confidential - Page " counter(page) " of " counter(pages);
                   font-size: 8pt } }
body { font-size: 9pt }
"""
_COVER = (
    "<h1>Access Standard</h1><table>"
    "<tr><td>Document No.</td><td>POL-7</td></tr><tr><td>Revision</td><td>2</td></tr>"
    "<tr><td>Owner</td><td>Head of IT</td></tr>"
    "<tr><td>Status</td><td>Superseded by POL-7 Revision 3</td></tr></table>"
)


@pytest.fixture(scope="module")
def word_export(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from weasyprint import HTML

    body = "".join(
        f"<p>{n}.1 Passwords of service number {n} are rotated by the owning team and are "
        "checked at the time they are set against a list of known-compromised passwords "
        "kept by the security team.</p>"
        for n in range(1, 13)
    )
    html = f"<style>{_WORD_EXPORT_CSS}</style>{_COVER}{body}"
    return HTML(string=html).write_pdf()


def test_a_running_header_and_footer_are_in_no_passage(word_export: bytes) -> None:
    corpus = ingest([source("access.pdf", word_export)])
    (doc,) = corpus.documents
    assert doc.text.count("Company Confidential") >= 3  # the text stays as extracted
    assert doc.text.count("POL-7 Rev 3 Access Standard") >= 3
    for chunk in corpus.chunks:
        assert "Company Confidential" not in chunk.text
        assert "POL-7 Rev 3 Access Standard" not in chunk.text
        assert doc.text[chunk.start : chunk.end] == chunk.text
    assert doc.title == "Access Standard"  # the header on every page is not the title


def test_a_flattened_cover_table_gives_the_status(word_export: bytes) -> None:
    """The cover table extracts as "Status Superseded by ..." lines without a colon."""
    (doc,) = ingest([source("access.pdf", word_export)]).documents
    assert "Status Superseded by POL-7 Revision 3" in doc.text
    assert doc.status == "superseded"


def test_a_single_page_pdf_keeps_its_first_and_last_lines() -> None:
    from weasyprint import HTML

    data = HTML(string="<p>Access Standard</p><p>Accounts are reviewed quarterly.</p>").write_pdf()
    corpus = ingest([source("one.pdf", data)])
    assert "Access Standard" in corpus.chunks[0].text
    assert corpus.documents[0].title == "Access Standard"


def test_a_pdfs_line_of_fields_is_not_its_title() -> None:
    """A PDF opening with a header of fields ("... | Version 4.1 | Effective March 1,",
    wrapped onto "2024 | Confidential") was titled by it, cut mid-date."""
    text = (
        "Meridian Care Systems, Inc. | Policy MCS-SEC-001 | Version 4.1 | Effective January\n"
        "15, 2024\nHIPAA Security Policy\n1 Purpose\nThis policy sets the safeguards."
    )
    assert title_of({}, text, "hipaa.pdf") == "HIPAA Security Policy"
    assert title_of({}, "2024 Annual Security Report\nText.", "report.pdf") == (
        "2024 Annual Security Report"
    )


def test_a_title_with_one_pipe_is_a_title() -> None:
    assert title_of({}, "Information Security Policy | Acme Inc.\nVersion 2.0\nText.", "p.pdf") == (
        "Information Security Policy | Acme Inc."
    )


def test_a_letterhead_naming_the_company_is_not_the_title() -> None:
    """A plain-text statement opening with its company's name in capitals, then its
    title: the title names what the document is."""
    text = "WATTLE & GUM ANALYTICS PTY LTD\nESSENTIAL EIGHT MATURITY STATEMENT\nAssessed: 2026.\n"
    assert title_of({}, text, "e8.txt") == "ESSENTIAL EIGHT MATURITY STATEMENT"
    assert title_of({}, "Acme Inc.\nSecurity Policy\n\nText.", "p.pdf") == "Security Policy"


def test_a_marking_and_a_series_over_a_cover_are_not_the_title() -> None:
    """A bank's Word-made PDFs all opened with "CONFIDENTIAL – Internal Use Only", then
    the bank, the programme's name and the policy's title over its fields: every
    document was titled by the marking."""
    cover = (
        "CONFIDENTIAL \u2013 Internal Use Only\nThree Rivers Community Bank, N.A.\n"
        "Information Security Program\n{title}\nPolicy Number IS-POL-002\nVersion 4.0\n"
    )
    assert title_of({}, cover.format(title="Access Control Policy"), "ac.pdf") == (
        "Access Control Policy"
    )
    wrapped = cover.format(title="Business Continuity and Disaster\nRecovery Plan")
    assert title_of({}, wrapped, "bc.pdf") == "Business Continuity and Disaster Recovery Plan"
    banner = cover.format(
        title="SUPERSEDED \u2013 This version was\nreplaced by Version 4.0.\nAccess Control Policy"
    )
    assert title_of({}, banner, "old.pdf") == "Access Control Policy"
    # the series' line printed twice: the title's first line
    twice = cover.format(title="Information Security Program\nPolicy")
    assert title_of({}, twice, "isp.pdf") == "Information Security Program Policy"
    # no fields under it: the programme's line is the title
    plain = "Acme Inc.\nInformation Security Program\nAccess Control Policy\n1. Purpose\n"
    assert title_of({}, plain, "p.pdf") == "Information Security Program"
    # a title, then another line naming a document, over the fields: the title stays
    for below in ("Information Security Program", "Appendix B Escalation Procedure"):
        text = f"Acme Inc.\nAcceptable Use Policy\n{below}\nPolicy Number IS-POL-002\n"
        assert title_of({}, text, "a.pdf") == "Acceptable Use Policy"
    for marking in (
        "Confidential \u2013 Do not distribute externally",
        "Confidential - Do not share outside Acme",
    ):
        assert title_of({}, f"{marking}\nAcme Inc.\nPassword Standard\nVersion 2.0\n", "p.pdf") == (
            "Password Standard"
        )


def test_an_underlined_marking_or_letterhead_is_not_the_title() -> None:
    text = "CONFIDENTIAL\n============\nRemote Access Standard\nVersion 1\n"
    assert title_of({}, text, "r.txt") == "Remote Access Standard"
    markdown = "Remote Access Standard\n=====\n\n## 1. Purpose\nText.\n"
    assert title_of({}, markdown, "r.md") == "Remote Access Standard"


def test_an_underlined_title_is_the_title_and_a_banner_over_it_is_not() -> None:
    """Confluence's plain-text export underlines its title; an "OUTDATED – see new
    version" line over it named the page, and the file's name stood in for the title."""
    text = "SEC-STD-005 Remote Access Standard\n==================\n\nSecurity > Standards\n"
    assert title_of({}, text, "s.txt") == "SEC-STD-005 Remote Access Standard"
    outdated = "OUTDATED \u2013 see new version: SOP-3\n\nSOP-2 Backup Procedure\n=====\n\nText.\n"
    assert title_of({}, outdated, "b.txt") == "SOP-2 Backup Procedure"


def test_an_institutions_letterhead_is_not_the_title() -> None:
    """A hospital's or a university's name over the policy's title (every policy of
    the corpus opens with it): the title names what the document is. A line naming an
    institution with a document word, or with no title under it, is the title."""
    text = "RIVERBEND REGIONAL MEDICAL CENTER\nACCESS CONTROL POLICY\n\nPolicy Number: 1\n"
    assert title_of({}, text, "ac.txt") == "ACCESS CONTROL POLICY"
    northfield = "Northfield University\nINFORMATION SECURITY POLICY\n\nText.\n"
    assert title_of({}, northfield, "is.txt") == "INFORMATION SECURITY POLICY"
    soc = "Security Operations Center\n\nThe SOC runs around the clock.\n"
    assert title_of({}, soc, "soc.txt") == "Security Operations Center"
    named = "POLICY RESEARCH CENTER\nANNUAL REVIEW\n\nText.\n"
    assert title_of({}, named, "c.txt") == "POLICY RESEARCH CENTER"
    ohio = "The Ohio State University\nAcceptable Use Policy\n\nText.\n"
    assert title_of({}, ohio, "aup.txt") == "Acceptable Use Policy"
    trust = "LEEDS TEACHING HOSPITALS NHS TRUST\nINFORMATION GOVERNANCE POLICY\n\nText.\n"
    assert title_of({}, trust, "ig.txt") == "INFORMATION GOVERNANCE POLICY"
    assert title_of({}, "ZERO TRUST\nNETWORK ACCESS\n\nText.\n", "z.txt") == "ZERO TRUST"
    phrase = "ACCESS TO THE DATA CENTER\nVISITOR RULES\n\nText.\n"
    assert title_of({}, phrase, "d.txt") == "ACCESS TO THE DATA CENTER"


def test_a_title_naming_its_company_or_over_a_version_line_is_the_title() -> None:
    """ "Remote Access Policy - Acme Corp" is a title that names its company; a company
    name over "Version 1.2" or an effective date has no title under it to prefer."""
    text = "Remote Access Policy - Acme Corp\nVersion 1.2\n\nText."
    assert title_of({}, text, "r.pdf") == "Remote Access Policy - Acme Corp"
    assert title_of({}, "Acme Ltd\nEffective 1 March 2024\n\nText.", "r.pdf") == "Acme Ltd"


def test_a_company_named_with_a_document_word_is_still_a_letterhead() -> None:
    assert title_of({}, "Standard Chartered PLC\nRemote Access Policy\n\nText.", "p.pdf") == (
        "Remote Access Policy"
    )
    assert title_of({}, "Acme Corp\nVersion Control Policy\n\nText.", "p.pdf") == (
        "Version Control Policy"
    )
    assert title_of({}, "Acme Corp\nClassification Policy\n\nText.", "p.pdf") == (
        "Classification Policy"
    )


@pytest.mark.parametrize(
    ("second", "title"),
    [
        ("Approved by: Board of Directors", "ACME HOLDINGS LTD"),
        ("Version: v1.2", "ACME HOLDINGS LTD"),
        ("Effective as of 1 March 2024", "ACME HOLDINGS LTD"),
        ("Approved Software Standard", "Approved Software Standard"),
    ],
)
def test_a_field_line_under_a_letterhead_is_no_title(second: str, title: str) -> None:
    assert title_of({}, f"ACME HOLDINGS LTD\n{second}\n\nText.", "p.pdf") == title


@pytest.mark.parametrize(
    "text",
    [
        "# Incident INC-204 postmortem\n\nStatus: Draft response sent to the customer. Awaiting "
        "their reply.\n\nText.",
        "# Servers\n\nStatus: Retired three servers this month. Two remain.\n\nText.",
    ],
)
def test_a_status_line_of_words_about_something_else_is_no_status(text: str) -> None:
    """(review) A status word anywhere in a first sentence gave the page a status."""
    assert read_document(source("a.md", text)).status is None


ONE_PAGE_PDF_TEXT = (
    "Keystone Core Services, Inc. CONFIDENTIAL\nRemote Access Standard v1\n"
    "Document ID: RA-STD-01\nVersion: 1.0\nOwner: IT Infrastructure Manager\n"
    "Effective Date: May 1, 2019\nStatus: Superseded by ISP-001 Section 6\n\n"
    "1. Purpose\nThis standard sets the rules for remote access."
)


def test_a_one_page_pdfs_running_header_is_neither_its_title_nor_ends_its_fields() -> None:
    """A one-page PDF opening with its running header ("... CONFIDENTIAL") was titled by
    it and its "Status: Superseded" went unread: its old values were quoted."""
    from dossier.ingest.control_block import control_status
    from dossier.ingest.files import _title

    assert control_status(ONE_PAGE_PDF_TEXT) == "superseded"
    assert _title({}, ONE_PAGE_PDF_TEXT, "ra-std-01.pdf") == "Remote Access Standard v1"
    plain = "Confidential Information Handling Policy\nOwner: IT\n\nText."
    assert _title({}, plain, "cih.pdf") == "Confidential Information Handling Policy"


@pytest.mark.parametrize(
    ("value", "status"),
    [
        ("Under review. Do not rely on this version.", "draft"),
        ("Pending approval. Circulated for comment.", "draft"),
        ("Not approved. Draft for discussion.", "draft"),
        ("Final. Approved by the Board.", "current"),
        ("In force. Reviewed annually.", "current"),
    ],
)
def test_a_status_with_words_after_it_opens_with_its_word(value: str, status: str) -> None:
    """(review) Only a few status words were read before a sentence about them."""
    text = f"# Policy\n\nStatus: {value}\n\nText."
    assert read_document(source("a.md", text)).status == status


def test_a_title_ending_in_a_marking_word_in_its_own_case_is_the_title() -> None:
    """(review) "Information Security Policy - Internal" was passed over as a running
    header and the next line taken for the title."""
    from dossier.ingest.files import _title

    text = "Information Security Policy - Internal\nVersion 2.0\n\nThis policy applies to staff."
    assert _title({}, text, "isp.pdf") == "Information Security Policy - Internal"


@pytest.mark.parametrize(
    ("value", "status"), [("accepted", "current"), ("Proposed", "draft"), ("rejected", "archived")]
)
def test_an_architecture_decision_records_status_is_read(value: str, status: str) -> None:
    """An ADR's "status: accepted" refused the whole document as bad front-matter."""
    text = f"---\nstatus: {value}\n---\n# ADR-021: Sign release artifacts\n\nText."
    assert read_document(source("adr.md", text)).status == status


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("# Business Continuity Plan (SUPERSEDED)\n\nVersion 1.6\n", "superseded"),
        ("# Access Policy [Draft]\n\nText.\n", "draft"),
        ("# Backup Standard - ARCHIVED\n\nText.\n", "archived"),
        ("# [ARCHIVED] Hosting & Patching Standard (2019)\n\nText.\n", "archived"),
        ("# DRAFT – Business Continuity Improvements 2025\n\nText.\n", "draft"),
        (
            "# Plan\n\n> This document was superseded by LP-BCM-002 (Plan, v3.1) in 2024. "
            "Kept for reference only.\n\nText.\n",
            "superseded",
        ),
        (
            "# Hosting\n\n> **Warning:** SUPERSEDED. This page was replaced by the Cloud "
            "Standard in 2022.\n\nText.\n",
            "superseded",
        ),
        ("# Ideas\n\n> **Note:** DRAFT for discussion at the steering group.\n\nText.\n", "draft"),
        ("# Draft Policy Template Guide\n\nText.\n", None),
        ("# Handling of superseded documents\n\nText.\n", None),
        ("# Plan\n\nThis plan replaces the Business Continuity Plan v1.6 of 2022.\n", None),
        ("# Media\n\n> **Note:** Drafts must be approved before release.\n\nText.\n", None),
        ("# Records\n\nThis document is archived in SharePoint for seven years.\n\nText.\n", None),
        ("# BCP\n\nThe plan was replaced by version 3.0 in 2024; this is version 3.0.\n", None),
        ("# Crypto\n\n> **Warning:** DEPRECATED \u2013 see the approved algorithm list.\n", None),
        (
            "# Access Policy (Draft)\n\nStatus: Approved\nOwner: CISO\nVersion: 2.0\n\nText.\n",
            "current",
        ),
        ("# P\n\nThis policy is superseded by any applicable local law.\n", None),
        ("# P\n\nThis document is archived by Document Control for seven years.\n", None),
        ("# P\n\nThis policy was replaced on 25 May 2018 to reflect the GDPR.\n", None),
        ("# P\n\nThis page was replaced by the Vulnerability Management Standard.\n", "superseded"),
        ("# ISP\nVersion 2.0\n\nRevision history\nv0.1 DRAFT - 2022-01-10 - J. Smith\n", None),
        ("# C\n\n> **Warning:** DEPRECATED - no longer in force for new systems: SHA-1.\n", None),
        ("Supersedes: Information Security Policy v2.1 (withdrawn)\n\n# Policy v3.0\n", None),
        (  # a banner naming its successor, and a plain-text notice's status line
            "# Logging Standard (v1)\n\n> SUPERSEDED by logging-monitoring.md (v2.0). Kept for "
            "audit history only. Do not use.\n\n- Logs are retained for 90 days.\n",
            "superseded",
        ),
        (
            "ACME COLLEGE - IT SERVICES\n\nIT-STD-002  PASSWORD STANDARD\nVersion 1.3\n\n"
            "*** STATUS: SUPERSEDED by IT-STD-002 Password and Authentication Standard\n"
            "    v2.0, effective July 1, 2023. Retained for reference only. ***\n\n1. PURPOSE\n",
            "superseded",
        ),
        ("# Keys\n\n> DEPRECATED by the vendor in 2021: RC4 must not be used.\n", None),
        # a successor field left empty, the page superseding another, a warning of a thing
        ("| Field | Value |\n|---|---|\n| Status | Approved |\n| SUPERSEDED BY | - |\n", "current"),
        ("VERSION: 3.0\nSTATUS: APPROVED\nSUPERSEDED BY : N/A\n", "current"),
        (
            "ACCEPTABLE USE POLICY v3.0\n\nNOTE: THE ACCEPTABLE USE POLICY V2.1 (2021) IS\n"
            "SUPERSEDED BY THIS POLICY AND MUST NOT BE USED.\n",
            None,
        ),
        ("# K\n\nWARNING: SUPERSEDED by NIST SP 800-131A, the 3DES cipher is disallowed.\n", None),
        ("# K\n\n- SUPERSEDED by AES-256: 3DES and DES are no longer permitted.\n", None),
        # a status line alone is a field, read only among document control's fields
        ("# Vendor Register\n\nVendor: Acme Cloud\nStatus: SUPERSEDED by Contoso (2023)\n", None),
        ("Risk ID: R-12\nStatus: WITHDRAWN\n", None),
        (  # a flattened cover's status before the next cell's name ("review" is no draft)
            "Disaster Recovery Plan\nDocument No. TS-DRP-01 Version 4.0\nPlan Owner Director\n"
            "Approved June 18, 2025 Effective date July 1, 2025\nStatus Current Next review July "
            "2026\n1. Purpose\n",
            "current",
        ),
        ("DRAFT TEMPLATE \u2013 NOT ADOPTED\n\nACME DISTRICT\nDATA AGREEMENT\n", "draft"),
        (  # a site generator's alert box, in the page's own words
            '{{% alert title="Deprecated" %}}\nThis page is **deprecated** and is kept for '
            "historical reference only.\n{{% /alert %}}\n\n## Storage\n",
            "archived",
        ),
        ("# Hydra Cluster (Decommissioned)\n\nHydra ran from 2016.\n", "archived"),
        (
            "> **SUPERSEDED.** This version was replaced by SEC-POL-001 version 2.0 on "
            "2024-06-10.\n\n# Security Policy\n",
            "superseded",
        ),
        # not a page's state: what a rule does with a thing, a precedence, a retention
        ("# Keys\n\nThis standard is retired each year and reissued.\n", None),
        ("This policy is superseded by the Group Policy wherever the two conflict.\n", None),
        ("This policy is archived and kept in SharePoint for seven years.\n", None),
        ("This version is replaced in 2027.\n", None),
        ("This standard is now retired.\n\n# Old Standard\n", "archived"),
        ("This document is superseded by IT-POL-002 Information Security Policy.\n", "superseded"),
        ("This page was **deprecated**.\n\n# Old\n", "archived"),
        ("> **Warning:** DEPRECATED. This version of the SDK must not be used.\n", None),
    ],
)
def test_a_title_or_a_banner_in_words_states_the_pages_status(
    text: str, status: str | None
) -> None:
    """A title "(SUPERSEDED)", a wiki panel "**Warning:** SUPERSEDED." and a line "This
    document was superseded by ..." left old pages current: a 2022 plan's RTO was
    given for the current plan's, a 2019 page's scan frequency for today's."""
    from dossier.ingest.control_block import control_status

    assert control_status(text) == status


@pytest.mark.parametrize(
    ("text", "path", "title"),
    [
        (
            "Managed Services Agreement - Schedule C:\nInformation Security\nDocument No.: MSA-C\n",
            "msa.pdf",
            "Managed Services Agreement - Schedule C: Information Security",
        ),
        (
            "BRACKENRIDGE IT SERVICES\nCLIENT ONBOARDING CHECKLIST\n\n1. Create the accounts.\n",
            "onboarding.txt",
            "CLIENT ONBOARDING CHECKLIST",
        ),
    ],
)
def test_a_subtitle_after_a_colon_and_a_checklist_under_a_letterhead_title_it(
    text: str, path: str, title: str
) -> None:
    assert title_of({}, text, path) == title


def test_a_status_field_among_a_pdfs_fields_and_text_states_the_status() -> None:
    """A PDF page has no blank line between its letterhead, title, fields and text: its
    "STATUS: UNGÜLTIG / SUPERSEDED – replaced by version 3.0" left a superseded policy
    in force, and its three-level classification and 8-character passwords led answers
    the current version states otherwise."""
    from dossier.ingest.control_block import control_status

    fields = (
        "Kestrel Gearworks GmbH · Werkstraße 3 · 70173 Stuttgart\n"
        "Information Security Policy\n"
        "Document-ID: ISP-01 Version: 2.1 Classification: internal\n"
        "Approved: Management Board, 14.09.2021\n"
    )
    body = "Revision history\nRev. Date Change\n1.0 02.11.2017 First version\n"
    status = "STATUS: UNGÜLTIG / SUPERSEDED – replaced by version 3.0 valid from 15.03.2024.\n"
    assert control_status(fields + status + "Kept for documentation only.\n" + body) == (
        "superseded"
    )
    assert control_status(fields + body) is None
    # a report's finding has an owner and a status too: no field only a document has
    finding = (
        "Northwind Ledger\nExternal Penetration Test Report 2025\nPrepared by Tern Security\n"
        "Finding ID: NW-01 Severity: High\nOwner: Platform team\nStatus: Remediation pending\n"
        "The login form allows account enumeration.\n"
    )
    assert control_status(finding) is None


def test_a_version_line_marked_draft_states_the_status() -> None:
    """ "Version 0.3 DRAFT - for consultation - NOT APPROVED" under a letterhead left a
    draft password standard current: its proposed 30-minute timeout was given."""
    from dossier.ingest.control_block import control_status

    text = (
        "SEVERNVALE COMMUNITY NHS TRUST\nPASSWORD AND AUTHENTICATION STANDARD\n\n"
        "Version 0.3 DRAFT - for consultation - NOT APPROVED\nAuthor: IT Security Lead\n"
    )
    assert control_status(text) == "draft"
    assert control_status("# Policy\n\nVersion 2.0 APPROVED\n\nText.\n") is None


def test_a_pdfs_logo_and_organisation_name_are_not_its_title() -> None:
    """An NHS policy PDF opens with its logo's letters ("NHS") and the trust's name over
    two lines: every document was titled "NHS"."""
    text = (
        "NHS\nSevernvale Community\nNHS Trust\nRecords Management Policy and Retention\n"
        "Schedule\nPolicy reference: IG-05\nVersion: 5.0\n\n1. Introduction\nText."
    )
    assert title_of({}, text, "ig-05.pdf") == "Records Management Policy and Retention Schedule"
    plain = "Acceptable Use\nOwner: IT\n\nStaff must use systems responsibly."
    assert title_of({}, plain, "aup.pdf") == "Acceptable Use"
    for related in (
        "Remote Working Guidance\nThis guidance supplements the\nInformation Security Policy\n",
        "Vulnerability Management\nVersion 3.1\nRelated Documents:\nPatch Management Standard\n",
        "Acceptable Use of IT Assets\nSee also\nInformation Security Policy\n",
    ):  # a document named below is not the title
        assert title_of({}, related, "x.pdf") == related.split("\n", 1)[0]


def test_a_masthead_and_a_letterheads_address_are_not_the_title() -> None:
    """A PDF opening "WESTMOOR STATE UNIVERSITY · UNIVERSITY POLICY LIBRARY" was cited by
    its masthead, and a bridge letter by its company's name over its address, not as
    "SOC 2 Type II Bridge Letter"."""
    masthead = (
        "WESTMOOR STATE UNIVERSITY \u00b7 UNIVERSITY POLICY LIBRARY\nInformation Security Policy\n"
        "Policy number: ISP-01\n\n1. Purpose\n"
    )
    assert title_of({}, masthead, "isp.pdf") == "Information Security Policy"
    series = (
        "Information Technology Services \u00b7 Standard ITS-STD-04\n"
        "Vulnerability Management Standard\n"
    )
    assert title_of({}, series, "vm.pdf") == "Vulnerability Management Standard"
    letter = (
        "Quillstone Learning, Inc.\n1450 Larimer Street, Suite 300\nDenver, CO 80202\n"
        "SOC 2 Type II Bridge Letter\nDate: November 16, 2026\n"
    )
    assert title_of({}, letter, "bridge.pdf") == "SOC 2 Type II Bridge Letter"
    # a title with its version after a dot, and a numbered section under a title, stay
    versioned = "Information Security Policy \u00b7 v3.2\nOwner: CISO\n\nText.\n"
    assert title_of({}, versioned, "isp.pdf") == "Information Security Policy \u00b7 v3.2"
    numbered = (
        "Acme Corp\nRemote Working\nVersion 3.1\n3 Acceptable Use Policy Alignment\n\nText.\n"
    )
    assert not title_of({}, numbered, "rw.pdf").startswith("3 ")


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (
            "National Statistics Office\nAccess Control Standard\nISF-02 \u2013 Version 2.1\n"
            "Status: Superseded\nDocument owner: IT Security Manager\n",
            "superseded",
        ),
        (  # a title wrapped over two lines above the number and version
            "National Statistics Office\nAccess Control and Authentication\nStandard\n"
            "ISF-02 \u2013 Version 3.0\nStatus: Approved\nDocument owner: Head of IAM\n",
            "current",
        ),
    ],
)
def test_a_covers_number_and_version_line_leaves_its_status_read(text: str, status: str) -> None:
    """A PDF cover's "ISF-02 \u2013 Version 2.1" line between the title and "Status:" left
    every PDF of a corpus without a status, a superseded standard's old values current."""
    from dossier.ingest.control_block import control_status

    assert control_status(text) == status


def test_a_version_field_marked_draft_or_superseded_states_the_status() -> None:
    """ "Version: 0.3 DRAFT - for consultation, not approved" among a letterhead's
    fields left a draft endpoint standard current: its proposed 5-minute screen lock
    was quoted."""
    from dossier.ingest.control_block import control_status

    fields = "WYVERN VALLEY WATER\nEndpoint Security Standard\nDocument reference: WVW-11\n"
    draft = f"{fields}Version: 0.3 DRAFT - for consultation, not approved\nAuthor: K. Pryce\n"
    assert control_status(draft) == "draft"
    old = "Backup Standard\nOwner: IT\nVersion: 2.1 (Superseded)\nApproved by: CIO\n\nText."
    assert control_status(old) == "superseded"
    later = "Backup Standard\nOwner: IT\nVersion: 3.0 - replaces the draft of 2023\n\nText."
    assert control_status(later) is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # a tagline under the organisation, the title wrapped after a comma
            "Wyvern Valley Water\nA statutory water undertaker serving the Wyvern valley\n"
            "ICT Resilience, Backup and\nDisaster Recovery Standard\nVersion 2.0\n",
            "ICT Resilience, Backup and Disaster Recovery Standard",
        ),
        (  # over three lines
            "Wyvern Valley Water\nA statutory water undertaker serving the Wyvern valley\n"
            "Security Monitoring and\nVulnerability Management\nStandard\nVersion 1.1\n",
            "Security Monitoring and Vulnerability Management Standard",
        ),
        (  # an acronym in parentheses
            "Wyvern Valley Water\nA statutory water undertaker serving the Wyvern valley\n"
            "Operational Technology (OT)\nSecurity Standard\nVersion 1.2\n",
            "Operational Technology (OT) Security Standard",
        ),
        (  # a gloss in parentheses after the kind of document
            "Rheinwerk Sensorik GmbH\nInformation Security Management\n"
            "System Manual (ISMS-Handbuch)\nDocument No. RS-ISMS-001\n",
            "Information Security Management System Manual (ISMS-Handbuch)",
        ),
        (  # a browser's print header over a web page
            "11/08/2025, 14:32 Report a security vulnerability | Wyvern Valley Water\n"
            "Skip to main content | Accessibility\nReport a security vulnerability\n",
            "Report a security vulnerability",
        ),
    ],
)
def test_a_pdfs_title_under_a_tagline_wrapped_or_printed_from_the_web_is_read(
    text: str, title: str
) -> None:
    """Two of a water utility's PDFs were titled with its tagline, one with its title's
    last two lines, and a printed web page with the browser's date and time."""
    assert title_of({}, text, "doc.pdf") == title


def test_a_pdfs_title_under_its_letterhead_and_a_block_of_fields_is_read() -> None:
    """A hospital's thirteen PDFs were all titled with its name: the title comes after
    the department's line and the policy's fields."""
    text = (
        "St. Brendan's Community Health\nInformation Technology Department\n"
        "Policy Number: IT-POL-001\nVersion: 3.2\nEffective Date: 1 March 2024\n"
        "Approved By: Dr. Helen Marsh, Chief Information Officer\n"
        "Policy Owner: Chief Information Security Officer\nAcceptable Use Policy\n"
        "1. Purpose\nThis policy sets out the acceptable use of systems.\n"
    )
    assert title_of({}, text, "doc.pdf") == "Acceptable Use Policy"
    draft = text.replace(
        "Acceptable Use Policy\n",
        "DRAFT - for consultation, not approved\nMedical Device Security Policy\n",
    )
    assert title_of({}, draft, "doc.pdf") == "Medical Device Security Policy"
    # after the fields, a section or a sentence is no title: the name stays
    fields = "Acme Health\nPolicy Number: IT-1\nVersion: 2\n"
    assert title_of({}, f"{fields}1. Purpose\nText.\n", "d.pdf") == "Acme Health"
    assert title_of({}, f"{fields}All staff must comply with this.\n", "d.pdf") == "Acme Health"


@pytest.mark.parametrize(
    "text",
    [
        "# Secure Development Policy\n\n**TEMPLATE - ADOPTED 1 May 2024**\n\nText.",
        "# Incident Reporting Procedure\n\nTEMPLATE - Incident Report Form\n\nStaff complete "
        "the form below.",
        "# Secure Development Policy\n\nTEMPLATE: adapted from the SANS policy template and "
        "adopted by the Board.\n\nOwner: CISO\nStatus: Approved\n\nText here.",
    ],
)
def test_a_template_banner_marks_no_draft_unless_it_says_not_adopted(text: str) -> None:
    assert read_document(source("a.md", text)).status != "draft"


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (  # a related document's name under the fields is no title
            "Password Management\nDocument No: IT-STD-004\nVersion: 2.0\nRelated Documents:\n"
            "Access Control Policy\nInformation Security Policy\n1. Purpose\nText.\n",
            "Password Management",
        ),
        (  # a protective marking between the fields and the title is passed over
            "Acme Health\nPolicy Number: IT-POL-001\nVersion: 3\nINTERNAL USE ONLY\n"
            "Acceptable Use Policy\n1. Purpose\nText.\n",
            "Acceptable Use Policy",
        ),
        (  # a section's heading under the fields is no title
            "Acme Health\nPolicy Number: IT-1\nVersion: 2\nOwner: CISO\nReview Schedule\n"
            "This policy is reviewed annually.\n",
            "Acme Health",
        ),
        (  # a two-column header read line by line: its fields and letterhead interleaved
            "Policy Number: IT-0412\nHarrow Valley Community College\nEffective: 08/15/2023\n"
            "Office of Information Technology\nLast Reviewed: 06/01/2024\nRemote Access Policy\n"
            "1. Purpose\nThis policy defines remote access.\n",
            "Remote Access Policy",
        ),
        (  # the unit right above the title is no part of it
            "Policy Number: IT-0412\nHarrow Valley Community College\nEffective: 08/15/2023\n"
            "Office of Information Technology\nRemote Access Policy\n1. Purpose\nText.\n",
            "Remote Access Policy",
        ),
        (  # a section's heading without a kind of document is no unit to pass over
            "Acme Health\nPolicy Number: IT-1\nVersion: 2\nAccess Control\nSee also: Password "
            "Standard\nUser Access Management Procedure\n1. Purpose\nText.\n",
            "Acme Health",
        ),
        (  # a field first and no title under the block: the first line stays
            "Policy Number: IT-0412\nOffice of Information Technology\nEffective: 08/15/2023\n"
            "All staff must use the VPN.\n",
            "Policy Number: IT-0412",
        ),
        (  # an authority's name is no part of the title under it
            "Kestrel Borough Council\nPhysical Security Policy\nDocument reference "
            "KBC-FM-003\nVersion 1.3\n",
            "Physical Security Policy",
        ),
    ],
)
def test_a_title_after_fields_is_the_line_a_document_opens_under(text: str, title: str) -> None:
    assert title_of({}, text, "doc.pdf") == title


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "HARLOW STATE COLLEGE\nOffice of Information Technology Services (ITS)\n\n"
            "=========\nPOLICY IT-POL-001\nACCEPTABLE USE OF INFORMATION TECHNOLOGY RESOURCES\n"
            "=========\n\nPolicy Number:  IT-POL-001\n",
            "POLICY IT-POL-001 ACCEPTABLE USE OF INFORMATION TECHNOLOGY RESOURCES",
        ),
        (
            "HARLOW STATE COLLEGE\nOffice of Information Technology Services\n\n"
            "POLICY IT-POL-012: DATA BACKUP AND IT DISASTER RECOVERY\n\nVersion: 2.0\n",
            "POLICY IT-POL-012: DATA BACKUP AND IT DISASTER RECOVERY",
        ),
        (  # a sentence under the unit is no title: the unit stays
            "HARLOW STATE COLLEGE\nOffice of Information Technology Services\n\n"
            "All staff must read this.\n",
            "Office of Information Technology Services",
        ),
        (  # a marking or a banner under the unit is no title
            "HARLOW STATE COLLEGE\nOffice of Information Technology Services\n\nDRAFT\n\nText.\n",
            "Office of Information Technology Services",
        ),
        # a title in title words naming no kind of document is no unit
        ("Acceptable Use\n\nPURPOSE\nText.\n", "Acceptable Use"),
        ("Remote Working\n\nINTERNAL USE ONLY\n\nText.\n", "Remote Working"),
        (  # a status banner over the page is no title
            "DRAFT TEMPLATE \u2013 NOT ADOPTED\n\nPINE HOLLOW UNIFIED SCHOOL DISTRICT\n"
            "STUDENT DATA PRIVACY AGREEMENT (TEMPLATE)\n\nText.\n",
            "STUDENT DATA PRIVACY AGREEMENT (TEMPLATE)",
        ),
    ],
)
def test_a_plain_text_title_under_the_unit_publishing_it_is_read(text: str, title: str) -> None:
    """Three of a college's plain-text policies were titled "Office of Information
    Technology Services": their citations could not be told apart."""
    assert title_of({}, text, "policy.txt") == title


def test_a_title_opening_on_its_kind_and_number_under_a_letterhead_is_read() -> None:
    """Two plain-text standards were titled by their letterhead, "ASHFORD COUNTY
    INFORMATION TECHNOLOGY SERVICES", over "STANDARD ITS-STD-003: ENCRYPTION STANDARD"."""
    text = (
        "ASHFORD COUNTY INFORMATION TECHNOLOGY SERVICES\n"
        "STANDARD ITS-STD-003: ENCRYPTION STANDARD\nVersion: 2.2\n"
        "Owner: Chief Information Security Officer\n\n1. PURPOSE\n\n1.1 Text.\n"
    )
    assert title_of({}, text, "std.txt") == "STANDARD ITS-STD-003: ENCRYPTION STANDARD"
    fields = "ACME HEALTH NETWORK\nPOLICY OWNER: CISO\nData handling applies.\n"
    assert title_of({}, fields, "p.txt") != "POLICY OWNER: CISO"  # a field is no title


def test_a_status_banners_further_lines_are_no_title() -> None:
    """A superseded policy's Documents row read "*** Replaced by DoIT-POL-02 version 3.0
    (March 2023) ***", the banner's second line, for its title."""
    text = (
        "*** SUPERSEDED - retained for audit purposes only ***\n"
        "*** Replaced by DoIT-POL-02 version 3.0 (March 2023) ***\n\n"
        "NORTHFIELD STATE UNIVERSITY\nDIVISION OF INFORMATION TECHNOLOGY\n\n"
        "ACCESS CONTROL POLICY\n\n1. PURPOSE\nText.\n"
    )
    assert title_of({}, text, "acp-v2.txt") == "ACCESS CONTROL POLICY"
    decorated = "*** SUPERSEDED - retained ***\n===== ACCESS CONTROL POLICY =====\n\nText.\n"
    assert title_of({}, decorated, "acp-v2.txt") == "===== ACCESS CONTROL POLICY ====="


def test_a_plain_text_title_under_a_letterhead_in_capitals_is_read() -> None:
    text = "WYVERN VALLEY WATER\nData Handling and Endpoint Security Standard\nVersion: 0.3\n"
    assert title_of({}, text, "draft.txt") == "Data Handling and Endpoint Security Standard"


@pytest.mark.parametrize(
    ("text", "path", "title"),
    [
        (  # a paragraph under the name is no tagline: no other document's name as title
            "Wyvern Valley Water\nAll employees and contractors must comply with\n"
            "the Information Security Policy and\nthe Acceptable Use Standard at all times.\n",
            "a.pdf",
            "Wyvern Valley Water",
        ),
        (  # a title in sentence case is the title, not a tagline
            "Wyvern Valley Water\nData protection policy\nInformation Governance Framework\n",
            "a.pdf",
            "Data protection policy",
        ),
        (
            "Wyvern Valley Water\nWorking from Home Policy\nPolicy Owner Head of People\n",
            "a.pdf",
            "Working from Home Policy",
        ),
        (  # an address line glues onto no title
            "Acme Water\nLondon, United Kingdom\nAccess Control Policy\n",
            "a.pdf",
            "Access Control Policy",
        ),
        (  # a line placing the document under another is no title
            "ENCRYPTION\nSupporting Document to the Information Security Policy\n\nText.",
            "a.txt",
            "ENCRYPTION",
        ),
        (  # a print header: the page's title up to the last separator
            "11/08/2025, 14:32 Security – Incident Response – Acme\nText\n",
            "a.pdf",
            "Security – Incident Response",
        ),
    ],
)
def test_titles_under_a_name_are_not_taken_from_paragraphs_addresses_or_other_documents(
    text: str, path: str, title: str
) -> None:
    """Cases a review of the tagline and wrapped-title rules found."""
    assert title_of({}, text, path) == title


def test_a_tagline_pattern_does_not_backtrack_on_long_hyphenated_runs() -> None:
    from dossier.ingest import files

    assert files._TAGLINE.match("Aa" + "-b" * 5000 + "!") is None  # returns at once


def test_a_policy_tools_export_names_its_title_version_state_and_approval() -> None:
    """A policy tool's plain-text export ("Policy: ... / Owner: ... / Version: 1.2
    (Superseded) / Last approved: ...") was titled by its file name, read as current (its
    superseded 8-character minimum and lockout of 5 answered) and undated."""
    from dossier.common.dates import stated_dates

    text = (
        "Policy: Password Standard\nOwner: Daniel Okafor, Head of Security & IT\n"
        "Version: 1.2 (Superseded)\nLast approved: 2022-06-14 by Daniel Okafor\n\n"
        "1. All passwords must be a minimum of 8 characters.\n"
    )
    document = read_document(source("policies/password-standard-v1.2.txt", text))
    assert document.title == "Password Standard"
    assert document.status == "superseded"
    assert stated_dates(text) == ["2022-06-14"]
    current = text.replace("1.2 (Superseded)", "3.1")
    assert read_document(source("policies/password.txt", current)).status is None
    # a sentence's field is no title, nor a field over no other field
    note = "Policy: All employees must use MFA for remote access.\n\nMore text.\n"
    assert read_document(source("note.txt", note)).title == "note"
    cover = "Standard: ISO 27001 Annex A\nAccess Control Policy\n\n1. Purpose\n"
    assert title_of({}, cover, "a.pdf") == "Access Control Policy"


CONFLUENCE_PAGE = (
    "Ledgerline Confluence > Engineering (ENG) > Reliability > Business Continuity & "
    "Disaster Recovery Plan\n\nBusiness Continuity & Disaster Recovery Plan\n"
    "Created by Tomás Reyes, last modified by Tomás Reyes on May 14, 2026\n\n"
    "Title: Business Continuity and Disaster Recovery Plan\nVersion: 1.6\n\n"
    "PURPOSE\nThis plan sets out how Ledgerline restores its services.\n"
)


def test_a_wiki_page_saved_as_text_is_titled_by_its_page_name() -> None:
    """Confluence pages saved as text open with their breadcrumb trail, then the page's
    name over its byline: the trail was the title (or, when longer, the file name)."""
    doc = read_document(source("business-continuity-dr.txt", CONFLUENCE_PAGE))
    assert doc.title == "Business Continuity & Disaster Recovery Plan"
    short = (
        "Home > IT > Vendor Management Policy\n\nVendor Management Policy\n"
        "Created by Ana Bell, last modified on Jun 02, 2026\n\nText."
    )
    assert read_document(source("vendor.txt", short)).title == "Vendor Management Policy"


def test_a_pdfs_title_under_its_organisation_repeated_from_the_running_header() -> None:
    """Each PDF of a series was titled by its organisation's name: the cover's
    "Quillmark Learning Ltd" over "Information Security Policy" was looked up where the
    running header ("Quillmark Learning Ltd QL-ISMS-01 · Version 3.1") opens with the
    same words, and the lines after those are no title."""
    from dossier.ingest.files import _title

    text = (
        "Quillmark Learning Ltd QL-ISMS-01 · Version 3.1\nQuillmark Learning Ltd\n"
        "Information Security Policy\nQL-ISMS-01 · Version 3.1\nDocument control\n"
        "Document reference QL-ISMS-01\nVersion 3.1\nStatus Approved\n\n"
        "Quillmark Learning Ltd QL-ISMS-01 · Version 3.1\n1. Purpose\nThis policy sets out ...\n"
    )
    assert _title({}, text, "QL-ISMS-01.pdf") == "Information Security Policy"


def test_a_memos_title_is_its_subject() -> None:
    """A DPO's memo was titled "MEMORANDUM", as every memo would be; its "Re:" line says
    what it is. A memo without one keeps its heading."""
    text = (
        "MEMORANDUM\n\nTo:      Executive Leadership Team\nFrom:    Data Protection Officer\n"
        "Date:    12 March 2025\nRe:      Data protection position for 2025\n\n"
        "This memo replaces my memo of 3 April 2023.\n"
    )
    assert read_document(source("dpo-memo.txt", text)).title == "Data protection position for 2025"
    plain = "MEMORANDUM\n\nTo: All staff\n\nPlease read the attached policy.\n"
    assert read_document(source("memo.txt", plain)).title == "MEMORANDUM"


def test_a_status_banners_sentence_is_no_title() -> None:
    """A superseded PDF was titled by its banner, cut mid-sentence: "SUPERSEDED - This
    version was superseded by version 3.2 on 14 March"; a draft's plain text by the unit
    above its banner, "Information Technology Services"."""
    pdf = (
        "Harbour University Information Security Policy (SUPERSEDED)\n"
        "SUPERSEDED - This version was superseded by version 3.2 on 14 March\n"
        "2024 and is retained for record-keeping purposes only.\n"
        "Information Security Policy\nDocument control\n1. Purpose\nThis policy sets rules."
        "\n\nHarbour University Information Security Policy (SUPERSEDED)\n2. Scope\nAll staff.\n"
    )
    assert title_of({}, pdf, "isp.pdf") == "Information Security Policy"
    draft = (
        "HARBOUR UNIVERSITY\nInformation Technology Services\n\n"
        "*** DRAFT - NOT APPROVED - FOR CONSULTATION ONLY ***\n\n"
        "PATCH MANAGEMENT PROCEDURE\n\nDocument number:\tITS-PRO-014\n"
    )
    assert title_of({}, draft, "patch.txt") == "PATCH MANAGEMENT PROCEDURE"


def test_a_pdf_title_wrapped_after_its_subtitles_colon_keeps_its_last_word() -> None:
    """ "HIPAA Security Rule Risk Analysis: Summary of" / "Results" was titled without
    its last word in every citation."""
    text = (
        "HIPAA Security Rule Risk Analysis: Summary of\nResults\n"
        "Organization Kestrel Health, Inc.\n1. Executive Summary\nWe performed an analysis."
    )
    assert title_of({}, text, "risk.pdf") == "HIPAA Security Rule Risk Analysis: Summary of Results"


def test_a_text_policys_letterhead_and_tabbed_control_block() -> None:
    """A Word document saved as text: "Pvt. Ltd." over the title in capitals, and a
    document-control block whose cells a tab parts ("Effective Date<tab>01-Apr-2024")
    was titled by its file name and undated."""
    text = (
        "Kaveri Digital Services Pvt. Ltd.\nINFORMATION SECURITY POLICY\n\nDocument Control\n"
        "Document ID\tKDS-ISMS-POL-01\nApproved By\tManaging Director\n"
        "Effective Date\t01-Apr-2024\nNext Review Date\t31-Mar-2025\n\n1.\tPurpose\n"
        "This policy sets out the commitment of Kaveri Digital Services Pvt. Ltd. "
        '(hereinafter "KDS") to protect information.\n'
    )
    doc = read_document(source("KDS-ISMS-POL-01 Information Security Policy v3.1.txt", text))
    assert doc.title == "INFORMATION SECURITY POLICY"
    assert doc.effective_date == "2024-04-01"  # not the next review


def test_a_policy_offices_title_field_names_the_document() -> None:
    """A university's policy office heads every document "UNIVERSITY POLICY" or
    "INFORMATION TECHNOLOGY STANDARD" over its fields: seven documents were titled
    alike. The "Policy Title:" field names each."""
    text = (
        "KESTREL BAY UNIVERSITY\nINFORMATION TECHNOLOGY STANDARD\n\n"
        "Standard Title:       Logging and Monitoring Standard\nPolicy Number:        IT-05\n"
        "Effective Date:       October 1, 2023\n\n1. PURPOSE\n\n1.1 Logs are kept.\n"
    )
    doc = read_document(source("IT-05.txt", text))
    assert doc.title == "Logging and Monitoring Standard"
    assert doc.effective_date == "2023-10-01"
    titled = read_document(source("a.txt", "ACCESS CONTROL STANDARD\n\nTitle: Other name\n\nText."))
    assert titled.title == "ACCESS CONTROL STANDARD"  # a title of its own is kept
    # (review) a title naming its subject is its own; a signatory's title names no document
    signed = (
        "INFORMATION SECURITY POLICY\n\nApproved: J. Doe\n"
        "Title: Chief Information Security Officer\n\n1. Purpose\n\nText."
    )
    assert read_document(source("isp.txt", signed)).title == "INFORMATION SECURITY POLICY"


@pytest.mark.parametrize(
    ("cover", "date"),
    [
        (
            "| Status | Released |\n| Valid from | 20.02.2025 |\n| Next review | 20.02.2026 |",
            "2025-02-20",
        ),
        ("Valid from: 15.03.2025\nNext review: 15.03.2026", "2025-03-15"),
        ("Effective Date: 05-Feb-2021", "2021-02-05"),
    ],
)
def test_a_validity_date_as_registers_write_it(cover: str, date: str) -> None:
    doc = read_document(source("policy.txt", f"Backup Policy\n\n{cover}\n\n1 Scope\n\nText.\n"))
    assert doc.effective_date == date


def test_front_matter_valid_from_in_the_documents_own_spelling() -> None:
    text = "---\ntitle: Client Setup\nvalid_from: 03.06.2025\n---\n\nClients are hardened.\n"
    assert read_document(source("wi.md", text)).effective_date == "2025-06-03"


def test_a_policy_tools_header_lines_over_the_title() -> None:
    """(pass) A hospital's policy-tool exports open with "Status Active PolicyStat ID
    ...", "Effective 02/2024", "Owner ...": every document was titled by its status
    line and undated."""
    text = (
        "Status Active PolicyStat ID 13402201\n\nOrigination 04/2013\nEffective 02/2024\n"
        "Last Approved 02/2024\nNext Review 02/2025\nOwner Dana Whitfield: Security Officer\n"
        "Area Information Technology - Security\n\nInformation Security Program\n\nPURPOSE:\n\n"
        "To establish the program.\n"
    )
    doc = read_document(source("IT-001.txt", text))
    assert doc.title == "Information Security Program"
    assert doc.effective_date == "2024-02-01"
    heading = "New Requirements Effective 1 July 2026\n\nText.\n"  # a heading's date, no field
    assert read_document(source("n.txt", heading)).effective_date is None


@pytest.mark.parametrize(
    ("cover", "date"),
    [
        ("| Established | 2018/04/01 |\n| Last revised | 2024/04/01 |", "2024-04-01"),
        ("Last revised: 2024.04.01", "2024-04-01"),
    ],
)
def test_a_date_written_year_first(cover: str, date: str) -> None:
    """(pass) A Japanese company's documents write "2024/04/01": all were undated."""
    assert stated_dates(cover)[-1] == date


def test_a_covers_status_row_under_its_title_page_lines(tmp_path: Path) -> None:
    """(pass) A superseded standard's cover table ("| Status | SUPERSEDED - replaced by
    version 2.0 |") under three lines of its title page was not read: its old values
    answered."""
    text = (
        "Calder Reach Software Ltd CRS-STD-03 | Password Standard\nPassword Standard\n"
        "Calder Reach Software Ltd\nInformation Security Management System\n"
        "| Document ID | CRS-STD-03 |\n| Version | 1.4 |\n"
        "| Status | SUPERSEDED \u2013 replaced by version 2.0 on 3 March 2025 |\n"
        "| Document owner | IT Manager |\n\n1. Purpose\n1.1 Passwords are 8 characters.\n"
    )
    assert read_document(source("std.txt", text)).status == "superseded"


def test_a_translation_notice_and_a_marked_running_header_are_no_title(tmp_path: Path) -> None:
    """(pass) A Japanese company's PDFs open with their running header ("... ISMS-P-01 |
    Internal Use Only") and a translation notice over the title: one-page documents were
    titled by the header, the others by their file names."""
    from weasyprint import HTML

    html = (
        "<p>Hoshizora Payments K.K. ISMS-P-01 | Internal Use Only</p>"
        "<p style='width:700px'>This document is an English translation of the Japanese "
        "original and is provided for reference purposes only. In the event of any "
        "discrepancy between the Japanese original and this English translation, the "
        "Japanese original shall prevail.</p><h1>Information Security Basic Policy</h1>"
        "<p>Article 1 (Purpose) These rules set out the policy.</p>"
    )
    doc = read_document(source("ISMS-P-01.pdf", HTML(string=html).write_pdf()))
    assert doc.title == "Information Security Basic Policy"


def test_a_kind_of_document_over_its_name_in_capitals() -> None:
    """(pass) A college's procedures were all titled "ADMINISTRATIVE PROCEDURE", the
    letterhead's second line."""
    text = (
        "ARROYO VERDE COMMUNITY COLLEGE DISTRICT\nADMINISTRATIVE PROCEDURE\n"
        "Chapter 3 \u2013 General Institution\n\nAP 3310 RECORDS RETENTION AND DESTRUCTION\n\n"
        "References:\nTitle 5 Sections 59020 et seq.\n\nThe Chancellor shall classify records.\n"
    )
    doc = read_document(source("AP 3310.txt", text))
    assert doc.title == "AP 3310 RECORDS RETENTION AND DESTRUCTION"


def test_a_letterhead_with_a_dotted_company_form_is_no_paragraph() -> None:
    """ "Harbourlight Custody Pte. Ltd. · Policy · Classification: Internal" read as
    prose ("Pte. Ltd." as a sentence's end), so every line down to the first full stop
    was skipped: seven policies were titled by a section ("2. Scope")."""
    text = (
        "Lumen Trust Pte. Ltd. \u00b7 Board-approved policy \u00b7 Classification: Internal\n"
        "Access Control Policy\nPolicy ID ACP-002 Version 3.1\n"
        "Policy owner Head of IT Effective date 1 February 2024\n1. Purpose\n"
        "1.1 This Policy sets the rules for logical access.\n2. Scope\n2.1 All systems.\n"
    )
    assert title_of({}, text, "acp.pdf") == "Access Control Policy"


def test_a_banners_sentence_below_it_is_no_title() -> None:
    """A superseded PDF was titled "Retained for audit reference only.", its banner's
    second line, a sentence with no marks around it."""
    text = (
        "SUPERSEDED \u2014 replaced by ACP-002 v3.1 effective 1 February 2024.\n"
        "Retained for audit reference only.\n"
        "Lumen Trust Limited \u00b7 Policy \u00b7 Classification: Internal\nAccess Control Policy\n"
        "Policy ID ACP-002 Version 2.0\n1. Purpose\n1.1 This Policy sets the rules.\n"
    )
    assert title_of({}, text, "acp-old.pdf") == "Access Control Policy"


def test_a_plain_text_header_between_rule_lines_is_read() -> None:
    """A text policy opening with a line of "=" over its letterhead and title was titled
    by its file name ("CLM ISP 001 information security policy")."""
    rule = "=" * 74
    text = (
        f"{rule}\nCOURSEWELL TRAINING LTD\nINFORMATION SECURITY POLICY\n{rule}\n\n"
        "Document reference : ISP-001\nVersion            : 4.1\n\n1. PURPOSE\nText.\n"
    )
    assert title_of({}, text, "ISP-001_information_security_policy.txt") == (
        "INFORMATION SECURITY POLICY"
    )


def test_a_companys_name_ruled_off_above_the_title_is_no_title() -> None:
    """ "HOLLERER ANTRIEBSTECHNIK GMBH" over a rule over the standard's name titled the
    standard; a letterhead naming the department after the company ("... GMBH - IT
    DEPARTMENT") titled a superseded guideline."""
    rule = "=" * 72
    ruled = (
        f"LINDQVIST DRIVES GMBH\n{rule}\nSTD-070  Standard for Vulnerability and Patch "
        f"Management\n{rule}\nVersion 2.1 | Owner: Head of IT\n\n1. SCOPE\nText.\n"
    )
    assert title_of({}, ruled, "STD-070.txt") == (
        "STD-070  Standard for Vulnerability and Patch Management"
    )
    department = (
        "*** SUPERSEDED - replaced by GL-020 v4.0 from 01.12.2023 ***\n\n"
        "LINDQVIST DRIVES GMBH - IT DEPARTMENT\nRL-03  PASSWORD GUIDELINE\n\n"
        "Version 1.3, 15.04.2019\n\n1. Scope\n   This guideline is valid for all users.\n"
    )
    assert title_of({}, department, "RL-03.txt") == "RL-03  PASSWORD GUIDELINE"
    # (review) a title after the company's name is no department
    titled = "Northwind Ltd - Acceptable Use Policy\n\nVersion 1.3, 15.04.2019\n\n1. Scope\n"
    assert title_of({}, titled, "aup.txt") == "Northwind Ltd - Acceptable Use Policy"


@pytest.mark.parametrize(
    ("text", "path", "title"),
    [
        (  # a wiki page exported to PDF: its breadcrumb trail, then its title
            "Security & Compliance / Policies & Standards / Access Control Standard\n"
            "Access Control Standard\nCreated by Priya Raman, last updated on Dec 04, 2023\n",
            "acs.pdf",
            "Access Control Standard",
        ),
        (  # a PDF has no Markdown: "# ..." is a table's header row with a "#" column
            "Essential Eight Maturity Self-Assessment - FY2024\nCreated by Dan Okafor\n"
            "Target maturity for FY2024: Maturity Level Two.\n"
            "# Mitigation Target Assessed Observations Owner Due\n1 Patch applications ML2\n",
            "e8.pdf",
            "Essential Eight Maturity Self-Assessment - FY2024",
        ),
        (  # a classification field with a note in brackets is no title
            "CLASSIFICATION: PUBLIC (for distribution to clients under NDA)\n"
            "Orion Digital \u2014 Client Security Whitepaper\nDocument No. ODS-004\n",
            "whitepaper.pdf",
            "Orion Digital \u2014 Client Security Whitepaper",
        ),
        (  # a title with a comma wrapped before its kind of document
            "CLASSIFICATION: INTERNAL\nISP-08: Data Classification, Handling and Retention\n"
            "Policy\nDocument No. ISP-08 Version 1.4\n",
            "isp08.pdf",
            "ISP-08: Data Classification, Handling and Retention Policy",
        ),
        (  # a masthead over a concept (a German "Konzept")
            "Kestrel Gearworks GmbH · Werkstraße 3 · 70173 Stuttgart\n"
            "Business Continuity Concept (Notfallkonzept)\nDocument-ID: BCM-01 Version: 2.0\n",
            "bcm.pdf",
            "Business Continuity Concept (Notfallkonzept)",
        ),
    ],
)
def test_a_pdfs_trail_table_header_and_marking_are_not_its_title(
    text: str, path: str, title: str
) -> None:
    """Twelve wiki pages exported to PDF were titled by their breadcrumb trail, two by a
    table's header row, a whitepaper by its classification line, a policy "Policy"."""
    assert title_of({}, text, path) == title


@pytest.mark.parametrize(
    "letterhead",
    ["Risk Assessment Partners LLP", "Concept Digital Ltd", "Register Healthcare Inc."],
)
def test_a_company_named_with_a_kind_of_document_is_no_title(letterhead: str) -> None:
    text = f"{letterhead}\nInformation Security Policy\nVersion 2\n"
    assert title_of({}, text, "isp.pdf") == "Information Security Policy"


def test_a_pdf_opening_on_a_markdown_heading_is_titled_by_it() -> None:
    assert title_of({}, "# Access Control Policy\nText here.\n", "acp.pdf") == (
        "Access Control Policy"
    )


def test_a_series_manual_heading_gives_way_to_the_title_field() -> None:
    """A legacy system's export heads every policy "POLICY AND PROCEDURE MANUAL" under
    the company's name: the "Title:" field below names each."""
    text = (
        "HARBOR CLAIMS SERVICES, LLC\nPOLICY AND PROCEDURE MANUAL\n" + "=" * 40 + "\n\n"
        "Policy No.:        HSP-210\nTitle:             RISK ANALYSIS AND RISK MANAGEMENT\n"
        "Revision:          5\nEffective Date:    03/01/2024\n\n1.0 PURPOSE\n\n1.1 Text.\n"
    )
    source = SourceFile("hsp-210.txt", text.encode(), hashlib.sha256(text.encode()).hexdigest())
    assert read_document(source).title == "RISK ANALYSIS AND RISK MANAGEMENT"


def test_a_text_exports_title_line_over_its_fields_titles_it() -> None:
    """A word processor's export sets the title over its fields with no blank line
    between: fourteen policies were titled by their file names ("06 Incident Response
    Plan" for "Security Incident Response Plan")."""
    text = (
        "Security Incident Response Plan\nDocument ID: BF-POL-006\nOwner: Head of Security\n"
        "Last reviewed: March 14, 2025\n\n1. Purpose\n\nThis plan sets out ...\n"
    )
    assert title_of({}, text, "06_Incident_Response_Plan.txt") == "Security Incident Response Plan"
    # a sentence over fields is no title
    prose = "Backups are taken daily and kept for 35 days\nOwner: IT\n"
    assert title_of({}, prose, "backups.txt") == "backups"


@pytest.mark.parametrize(
    ("text", "own"),
    [
        (
            "ACCESS CONTROL POLICY\n\n*  SUPERSEDED -- RETAINED FOR AUDIT PURPOSES ONLY.  *\n"
            "*  The current version is ACP-002 v3.1 (effective November 6, 2023).  *\n\n"
            "Document No.: ACP-002  Version: 2.0\nEffective: May 2, 2019\n",
            "2019-05-02",
        ),
        (
            "# Password Standard\n\n**SUPERSEDED. Replaced by Access Control Standard v3.0, "
            "effective 1 December 2023.**\n\nVersion: 1.3\n"
            "Approved: IT Steering Group, 3 May 2019\n",
            "2019-05-03",
        ),
        (
            "# Vendor Management Policy\n\n> **SUPERSEDED.** Replaced by the Supplier Risk "
            "Management Policy\n> version 2.0, effective 2024-04-01. Do not use.\n\n"
            "Version 1.2 \u2014 Effective 2021-05-10\n",
            "2021-05-10",
        ),
    ],
)
def test_a_date_of_the_successor_named_in_a_banner_dates_no_superseded_page(
    text: str, own: str
) -> None:
    """Three new-user passes: a superseded page was dated by its banner's "The current
    version is ... (effective November 6, 2023)", its successor's date."""
    assert stated_dates(text) == [own]


def test_a_page_replacing_another_keeps_its_own_effective_date() -> None:
    assert stated_dates(
        "This policy supersedes the 2019 policy and is effective 1 March 2024."
    ) == ["2024-03-01"]


@pytest.mark.parametrize(
    ("text", "title"),
    [
        (
            "Northwind Health Inc. ISP-001 v5.0\n"
            "northwind.sharepoint.com/sites/GRC/Policies/ISP-001_Information_Security_Policy.aspx"
            " \u00b7 Exported from SharePoint\nOnline 2024-05-14 09:12 by jt@northwind.example\n"
            "Information Security Policy\nDocument ID ISP-001 Version 5.0\n"
            "Status Approved \u2013 Published Classification Internal\n1. Purpose\n"
            "This policy sets out the commitment of Northwind to protect information.\n"
            "2. Scope\nThis policy applies to all personnel.",
            "Information Security Policy",
        ),
        (
            "Northwind Health Inc. BCP-004 v2.0\n"
            "https://northwind.sharepoint.com/sites/GRC/Plans/BCP-004.pdf \u00b7 Exported from "
            "SharePoint Online 2024-05-14\n09:12 by jt@northwind.example\n"
            "Business Continuity and Disaster Recovery Plan\nDocument ID BCP-004 Version 2.0\n"
            "1. Purpose and scope\nThis plan describes how Northwind restores services.",
            "Business Continuity and Disaster Recovery Plan",
        ),
    ],
)
def test_a_pdfs_export_line_is_no_title(text: str, title: str) -> None:
    """A Canadian company's twelve SharePoint exports were titled by their running
    header, a section heading ("2. Scope") or a sentence: the export line (the page's
    address, "Exported from SharePoint Online ... by ...") read as a notice's prose."""
    assert title_of({}, text, "policy.pdf") == title


def test_a_heading_under_the_organisations_own_heading_titles_the_page() -> None:
    text = (
        "# Halvorsen Mercer Federal Solutions, Inc.\n"
        "# HMFS-POL-001 \u2014 Information Security Policy\n\nText."
    )
    assert title_of({}, text, "p.md") == "HMFS-POL-001 \u2014 Information Security Policy"
    other = "# Halvorsen Mercer Federal Solutions, Inc.\n# Offices and people\n\nText."
    assert title_of({}, other, "p.md") == "Halvorsen Mercer Federal Solutions, Inc."


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("IT STEERING GROUP - MINUTES\nMeeting date: 18/09/2024   Location: Cork\n", "2024-09-18"),
        (
            "# Restore runbook\n\nOwner: @ana   Last verified: 2024-09-12\n\n## Steps\n",
            "2024-09-12",
        ),
    ],
)
def test_a_meetings_date_and_a_runbooks_last_check_date_the_page(text: str, day: str) -> None:
    """Committee minutes and five runbooks were "undated" beside "Meeting date:" and
    "Last verified:" lines."""
    assert stated_dates(text) == [day]


@pytest.mark.parametrize(
    "text",
    [
        "INFORMATION SECURITY POLICY\nSupersedes: ISP-001 v2.1\nSuperseded by: N/A\n"
        "Issue date: 14 March 2025\nOwner: CISO\n",
        "INFORMATION SECURITY POLICY\nSuperseded by: ISP-002\nIssue date: 14 March 2025\n",
    ],
)
def test_a_successor_field_leaves_the_next_fields_date(text: str) -> None:
    """(review) "Superseded by: N/A" over "Issue date: 14 March 2025" left the policy
    undated: a line of fields ends at its line."""
    assert stated_dates(text) == ["2025-03-14"]


def test_a_version_and_year_is_no_export_line() -> None:
    text = (
        "Information Security Policy v2.1/2024\nDocument ID ISP-001\n1. Purpose\n"
        "This policy sets out the rules.\n"
    )
    assert title_of({}, text, "policy.pdf") == "Information Security Policy v2.1/2024"
