"""Unit tests for dossier.ingest.authority: which documents may ground current practice."""

from __future__ import annotations

import dataclasses
import datetime as dt

import pytest

from dossier.ingest.authority import Authority
from dossier.records import Corpus, Document


def doc(path: str, status: str | None = None, supersedes: tuple[str, ...] = ()) -> Document:
    return Document(
        path=path,
        sha256="0" * 64,
        text_sha256="1" * 64,
        text="Some policy text.",
        title=path,
        metadata={},
        effective_date=None,
        status=status,
        supersedes=supersedes,
    )


def authority(*docs: Document) -> Authority:
    return Authority.of(Corpus(tuple(docs), (), ()))


def test_current_and_unmarked_documents_are_current() -> None:
    a = authority(doc("a.md"), doc("b.md", "current"))
    assert a.is_current("a.md") and a.is_current("b.md")
    assert a.reason("a.md") == "" and a.reason("b.md") == ""
    assert a.reasons == {}


def test_non_current_statuses() -> None:
    a = authority(
        doc("draft.md", "draft"),
        doc("old.md", "archived"),
        doc("replaced.md", "superseded"),
        doc("live.md", "current"),
    )
    assert not a.is_current("draft.md")
    assert not a.is_current("old.md")
    assert not a.is_current("replaced.md")
    assert a.is_current("live.md")
    assert a.reason("draft.md") == "draft.md has status 'draft'"
    assert a.reason("old.md") == "old.md has status 'archived'"
    assert a.reason("replaced.md") == "replaced.md has status 'superseded'"


def test_document_named_in_supersedes_is_not_current() -> None:
    a = authority(doc("v1/keys.md"), doc("v2/keys.md", "current", ("v1/keys.md",)))
    assert not a.is_current("v1/keys.md")
    assert a.reason("v1/keys.md") == "v1/keys.md is superseded by v2/keys.md"
    assert a.is_current("v2/keys.md")


def test_supersedes_list_marks_every_named_document() -> None:
    a = authority(doc("a.md"), doc("b.md"), doc("c.md"), doc("new.md", None, ("a.md", "b.md")))
    paths = ("a.md", "b.md", "c.md", "new.md")
    assert [p for p in paths if not a.is_current(p)] == ["a.md", "b.md"]


def test_supersedes_from_non_current_document_is_ignored() -> None:
    a = authority(
        doc("live.md"),
        doc("proposal.md", "draft", ("live.md",)),
        doc("ancient.md", "archived", ("live.md",)),
    )
    assert a.is_current("live.md")
    assert not a.is_current("proposal.md")


def test_supersession_reason_wins_over_status() -> None:
    a = authority(doc("old.md", "archived"), doc("new.md", "current", ("old.md",)))
    assert a.reason("old.md") == "old.md is superseded by new.md"


def test_unknown_path_is_current() -> None:
    a = authority(doc("a.md", "draft"))
    assert a.is_current("never-seen.md")
    assert a.reason("never-seen.md") == ""


def test_rank_or_order_does_not_matter() -> None:
    docs = [doc("v1.md"), doc("v2.md", None, ("v1.md",)), doc("d.md", "draft")]
    assert authority(*docs).reasons == authority(*reversed(docs)).reasons


def dated(path: str, effective: str, supersedes: tuple[str, ...] = ()) -> Document:
    return dataclasses.replace(doc(path, supersedes=supersedes), effective_date=effective)


def test_a_document_not_yet_in_force_grounds_nothing_and_supersedes_nothing() -> None:
    corpus = Corpus(
        (dated("policy-2027.md", "2027-01-01", ("policy.md",)), dated("policy.md", "2025-01-01")),
        (),
        (),
    )
    before = Authority.of(corpus, today=dt.date(2026, 11, 30))
    assert before.reason("policy-2027.md") == (
        "policy-2027.md takes effect on 2027-01-01, after this build"
    )
    assert before.is_current("policy.md")  # the old policy is in force until then
    after = Authority.of(corpus, today=dt.date(2027, 1, 1))
    assert after.is_current("policy-2027.md")
    assert after.reason("policy.md") == "policy.md is superseded by policy-2027.md"
    assert Authority.of(corpus).is_current("policy-2027.md")  # no date given: no date rule


def test_supersedes_lines_that_name_no_document_or_each_other_are_noted() -> None:
    a = authority(
        doc("self.md", supersedes=("self.md",)),
        doc("new.md", supersedes=("gone.md",)),
        doc("one.md", supersedes=("two.md",)),
        doc("two.md", supersedes=("one.md",)),
    )
    assert a.is_current("self.md") and a.is_current("new.md")
    assert not a.is_current("one.md") and not a.is_current("two.md")
    assert a.notes == (
        "self.md: supersedes itself; ignored",
        "new.md: supersedes gone.md, which is not in the corpus",
        "one.md and two.md supersede each other: neither grounds an answer until one is corrected",
    )


def test_a_supersedes_path_that_leaves_the_corpus_is_reported_and_supersedes_nothing() -> None:
    a = authority(
        doc("policies/password-policy.md"),
        doc("archive/old.md", supersedes=("../../policies/password-policy.md",)),
        doc("archive/etc.md", supersedes=("/etc/passwd",)),
    )
    assert a.is_current("policies/password-policy.md")
    assert a.notes == (
        "archive/old.md: supersedes ../../policies/password-policy.md, a path that leaves "
        "the corpus folder; ignored",
        "archive/etc.md: supersedes /etc/passwd, a path that leaves the corpus folder; ignored",
    )


def test_supersedes_naming_a_document_id_is_read_as_that_documents_path() -> None:
    """ "supersedes: IT-STD-020 (2020)" was reported as naming no document of the corpus,
    beside "IT-STD-020_Backup_Standard_2020.md"."""
    old = doc("standards/IT-STD-020_Backup_Standard_2020.md")
    new = doc(
        "standards/IT-STD-120_Backup_and_Recovery_Standard.md", supersedes=("IT-STD-020 (2020)",)
    )
    a = authority(old, new)
    assert not a.is_current(old.path)
    assert a.superseded(old.path)
    assert any("read as standards/IT-STD-020_Backup_Standard_2020.md" in n for n in a.notes)
    by_metadata = dataclasses.replace(doc("b/retention.md"), metadata={"document_id": "POL-7"})
    a = authority(by_metadata, doc("c/retention-v2.md", supersedes=("POL-7",)))
    assert not a.is_current("b/retention.md")
    versioned = dataclasses.replace(doc("log-2018.md"), metadata={"doc_id": "ISP-014"})
    a = authority(versioned, doc("log.md", supersedes=("ISP-014 v1.2 (Log Management, 2018)",)))
    assert a.superseded("log-2018.md")  # its version and a gloss after the id
    unknown = authority(doc("c/new.md", supersedes=("POL-9",)))
    assert any("POL-9, which is not in the corpus" in n for n in unknown.notes)


def test_supersedes_naming_a_file_without_its_extension_is_that_file() -> None:
    """ "supersedes: logging-standard-v1" was reported as not in the corpus beside
    logging-standard-v1.md, whose 90-day retention then answered as current."""
    old = doc("logging-standard-v1.md")
    a = authority(old, doc("logging-monitoring.md", supersedes=("logging-standard-v1",)))
    assert a.superseded(old.path)
    assert any("read as logging-standard-v1.md (its file name)" in n for n in a.notes)
    nested = authority(doc("old/backup.md"), doc("new.md", supersedes=("old/backup",)))
    assert nested.superseded("old/backup.md")
    # a name two files share names neither
    twice = authority(doc("a/backup.md"), doc("b/backup.txt"), doc("c.md", supersedes=("backup",)))
    assert twice.is_current("a/backup.md") and twice.is_current("b/backup.txt")
    # the superseding page's own name is not the old one's
    own = authority(
        doc("archive/2021/access-control.pdf"),
        doc("policies/access-control.md", supersedes=("access-control",)),
    )
    assert own.superseded("archive/2021/access-control.pdf")
    assert own.is_current("policies/access-control.md")


def titled(path: str, title: str, version: str, supersedes: tuple[str, ...] = ()) -> Document:
    return dataclasses.replace(
        doc(path, supersedes=supersedes), title=title, metadata={"version": version}
    )


def test_supersedes_naming_a_title_and_version_is_that_document() -> None:
    """ "supersedes: Password Policy v1.0" was reported as not in the corpus beside
    password-policy-v1-SUPERSEDED.md, titled "Password Policy", version "1.0"."""
    old = titled("password-policy-v1-SUPERSEDED.md", "Password Policy", "1.0")
    new = titled("password-policy.md", "Password Policy", "2.0", ("Password Policy v1.0",))
    a = authority(old, new)
    assert a.superseded(old.path) and a.is_current(new.path)
    assert any("read as password-policy-v1-SUPERSEDED.md (its title)" in n for n in a.notes)
    assert not any("not in the corpus" in n for n in a.notes)
    spelled = titled("new.md", "Backup Policy", "3", ("backup  policy, version 2",))
    assert authority(titled("old.md", "Backup Policy", "v2"), spelled).superseded("old.md")
    # a title two documents share, without a version, names neither
    bare = titled("p3.md", "Password Policy", "3.0", ("Password Policy",))
    a = authority(old, new, bare)
    assert a.is_current(new.path)
    assert any("Password Policy, which is not in the corpus" in n for n in a.notes)
    # a version the corpus lacks names nothing
    a = authority(old, titled("p.md", "Password Policy", "3.0", ("Password Policy v0.9",)))
    assert a.is_current(old.path)


def test_supersedes_naming_an_id_two_versions_share_is_the_version_named() -> None:
    """ "supersedes: KP-STD-004 v3.2" was reported as not in the corpus: both versions
    carry the id in their first heading, and front-matter versions 3.2 and 4.0."""

    def standard(path: str, version: str, supersedes: tuple[str, ...] = ()) -> Document:
        text = "# Access Control Standard (KP-STD-004)\n\nAccess is reviewed."
        return dataclasses.replace(titled(path, "Access Control", version, supersedes), text=text)

    old = standard("acs-v3.md", "3.2")
    new = standard("acs.md", "4.0", ("KP-STD-004 v3.2",))
    a = authority(old, new)
    assert a.superseded(old.path) and a.is_current(new.path)
    assert any("read as acs-v3.md (its document id)" in n for n in a.notes)
    # a version the corpus lacks names no other version of the id
    other = dataclasses.replace(titled("iam.md", "IAM", "1.0", ("KP-STD-004 v3.1",)), text="# IAM")
    a = authority(standard("acs.md", "4.0"), other)
    assert a.is_current("acs.md")
    assert any("KP-STD-004 v3.1, which is not in the corpus" in n for n in a.notes)
    # without a version, an id two documents share names neither
    a = authority(old, standard("acs-v5.md", "5.0", ("KP-STD-004",)), new)
    assert any("KP-STD-004, which is not in the corpus" in n for n in a.notes)


def test_a_document_naming_its_successor_in_front_matter_is_superseded() -> None:
    """ "superseded_by: security/policy.md" on the old page: it grounds no answer (the
    reader learns why), whatever its status says."""
    old = dataclasses.replace(
        doc("archive/policy-2022.md", status="current"),
        metadata={"superseded_by": "security/policy.md"},
    )
    result = authority(old, doc("security/policy.md"))
    assert not result.is_current("archive/policy-2022.md")
    assert result.superseded("archive/policy-2022.md")
    assert "superseded by security/policy.md" in result.reason("archive/policy-2022.md")


@pytest.mark.parametrize("value", ["", None, "none", "N/A", "TBD", "[Successor]"])
def test_an_empty_successor_field_supersedes_nothing(value: object) -> None:
    """A template's unfilled or empty ``superseded_by`` says no successor exists."""
    page = dataclasses.replace(doc("policy.md"), metadata={"superseded_by": value})
    assert authority(page).is_current("policy.md")


@pytest.mark.parametrize(
    "value",
    [
        "None (current version)",
        "not applicable",
        "\u2014",
        "n.a.",
        "None yet",
        "Not yet superseded",
        "N/A - current",
    ],
)
def test_a_successor_field_saying_there_is_none_supersedes_nothing(value: str) -> None:
    page = dataclasses.replace(doc("security/x.md"), metadata={"superseded_by": value})
    assert authority(page).is_current("security/x.md")


@pytest.mark.parametrize(
    ("successor", "status"),
    [("security/v3.md", "draft"), ("security/missing.md", None), ("security/v2.md", None)],
)
def test_a_successor_not_in_force_or_missing_supersedes_nothing_and_is_noted(
    successor: str, status: str | None
) -> None:
    """A successor still in draft, missing from the corpus, or the page itself: the page
    stays in force (else the topic is left with nothing), and the reader is told."""
    page = dataclasses.replace(doc("security/v2.md"), metadata={"superseded_by": successor})
    result = authority(page, doc("security/v3.md", status=status))
    assert result.is_current("security/v2.md")
    assert any("superseded_by" in note for note in result.notes)
