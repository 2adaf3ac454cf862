"""A section a document in force marks as no longer in effect ("Archived answers (do not
use)", "Appendix B: Superseded settings") grounds no claim about current practice: its
passages are set aside as a not-in-force document's are, and a value it states against
the current one is disclosed as superseded."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from dossier.index.hybrid import HybridIndex, update_index
from dossier.ingest.authority import Authority, set_aside_heading
from dossier.ingest.files import ingest
from dossier.records import Chunk, Question, SourceFile
from dossier.research.brief import make_brief
from dossier.research.engine import EngineSettings
from dossier.research.offline import OfflineEngine
from tests.fakes import HashingEmbedder


@pytest.mark.parametrize(
    "heading",
    [
        "FAQ > Archived answers (do not use)",
        "Authentication Procedure > Appendix B: Superseded settings (kept for audit trail)",
        "Backup schedule [ARCHIVED]",
        "Password rules (superseded)",
        "VPN access - superseded",
        "Policy (superseded by v3)",
        "Section 9: No longer in effect",
        "No longer in force",
    ],
)
def test_a_heading_marking_its_section_out_of_effect_sets_it_aside(heading: str) -> None:
    assert set_aside_heading(heading) == heading.split(" > ")[-1]


@pytest.mark.parametrize(
    "heading",
    [
        # the topic: what is done with such things
        "Document Control > Superseded documents",
        "Superseded versions",
        "Version control (superseded versions)",
        "Logging > Retention (archived logs)",
        "Retention of archived logs",
        "Archived records",
        # a state of the things the section is about, not of the section
        "Weak ciphers (deprecated)",
        "TLS 1.0 and 1.1 (deprecated)",
        "Deprecated cryptographic algorithms (do not use)",
        "End of life software (obsolete)",
        "Decommissioned systems (retired)",
        "Inactive accounts - no longer in use",
        "Asset disposal: retired",
        "Consent - withdrawn",
        "Acceptable Use > Do not use shared accounts",  # a rule, not a status
        "Version history",
    ],
)
def test_a_heading_naming_such_things_as_its_topic_sets_nothing_aside(heading: str) -> None:
    """A review's cases: "Is the use of MD5 and SHA-1 prohibited?" lost its answer under
    "MD5 and SHA-1 (deprecated)", a retention question its answer under "Superseded
    versions", an inactive-account question under "Inactive accounts - no longer in use"."""
    assert set_aside_heading(heading) == ""


def test_a_passage_under_a_set_aside_heading_is_not_current_though_its_document_is() -> None:
    authority = Authority({})
    archived = Chunk("c1", "faq.md", 0, 5, "A: 14", "FAQ > Archived answers (do not use)")
    current = Chunk("c2", "faq.md", 0, 5, "A: 35", "FAQ > Backups")
    assert authority.is_current("faq.md")
    assert not authority.passage_current(archived)
    assert authority.passage_superseded(archived)
    assert "Archived answers (do not use)" in authority.passage_reason(archived)
    assert authority.passage_current(current)
    assert authority.passage_reason(current) == ""


FAQ = (
    "# Security FAQ\n\n"
    "## Backups\n\n"
    "Q: How long are backups kept?\n\n"
    "A: Nightly database backups are retained for 35 days in a separate account.\n\n"
    "## Archived answers (do not use)\n\n"
    "These answers were correct once and are kept because older questionnaires quoted them.\n\n"
    "A: Nightly database backups are retained for 14 days in S3.\n"
)
OTHER = "# Access Control\n\nAccess rights are reviewed quarterly by system owners.\n"


def _engine(tmp_path: Path) -> OfflineEngine:
    documents = {"faq.md": FAQ, "access.md": OTHER}
    corpus = ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in sorted(documents.items())
    )
    index: HybridIndex
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    return OfflineEngine(index, Authority.of(corpus), titles, EngineSettings())


def test_an_archived_answer_is_never_quoted_and_its_value_is_disclosed(tmp_path: Path) -> None:
    """A wiki FAQ's "Archived answers (do not use)" section stated 14 days; the answer
    quoted it as current practice beside the current 35 days."""
    engine = _engine(tmp_path)
    evidence = engine.research(make_brief(Question("Q", "How long are backups retained?")))
    quoted = [q for s in evidence.selections for q in s.quotes]
    assert any("35 days" in q for q in quoted)
    assert not any("14 days" in q for q in quoted)
    assert any("14 days" in d for d in evidence.disclosures)
