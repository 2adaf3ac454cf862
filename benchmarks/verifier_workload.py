"""A fixed, seeded workload for the quote verifier: synthetic policy-like chunks
and the quotes a model would cite from them.

Everything is generated from a seed by ``random.Random``, so the same scale
gives the same bytes on every machine. Per 10,000 chunks (1-2 KB each, grouped
twenty to a document) there are 2,000 quotes, each citing its own chunk: half
are present slices typed with re-flowed whitespace (a newline or a double space
where the source has one space, a space where it has a newline or a run), half
are reworded (one word changed, and re-flowed the same way). Each quote also
carries its *source form*: the text as it stands in the chunk (for a reworded
quote, the source's whitespace with the changed word), which is what the
``str.find`` baseline searches for.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from dossier.records import Chunk

CHUNKS_PER_SCALE = 10_000
QUOTES_PER_SCALE = 2_000
CHUNKS_PER_DOCUMENT = 20

SUBJECTS = [
    "The Company", "The security team", "Each system owner", "The IT department",
    "The data protection officer", "Every employee", "The incident response team",
    "Each service provider", "The change advisory board", "The internal audit function",
]  # fmt: skip
ROLES = [
    "Chief Information Security Officer", "Head of Engineering", "data owner",
    "system administrator", "compliance manager", "risk committee", "line manager",
]  # fmt: skip
VERBS = [
    "reviews", "approves", "monitors", "documents", "tests", "encrypts", "restricts",
    "retains", "revokes", "classifies", "patches", "backs up", "audits", "logs",
]  # fmt: skip
OBJECTS = [
    "access rights to production systems", "privileged accounts", "customer data at rest",
    "firewall rules", "vendor contracts", "encryption keys", "backup media",
    "audit logs", "user accounts of leavers", "security incidents", "change requests",
    "remote access sessions", "mobile devices", "source code repositories",
    "personal data", "disaster recovery plans", "vulnerability scan results",
]  # fmt: skip
PERIODS = [
    "every 90 days", "at least annually", "quarterly", "within 24 hours", "monthly",
    "every six months", "within 5 business days", "before each release", "weekly",
]  # fmt: skip
CONTROLS = [
    "AES-256", "TLS 1.2 or higher", "multi-factor authentication", "role-based access control",
    "hardware security modules", "a centralised logging platform", "single sign-on",
]  # fmt: skip
DOCTYPES = ["policy", "standard", "procedure", "guideline", "plan"]
SYSTEMS = ["the ticketing system", "the risk register", "the asset inventory", "the GRC tool"]
HEADINGS = [
    "Access Control", "Encryption", "Logging and Monitoring", "Incident Response",
    "Business Continuity", "Vendor Management", "Change Management", "Data Retention",
    "Human Resources Security", "Physical Security", "Vulnerability Management",
]  # fmt: skip
REPLACEMENTS = ["system", "annual", "records", "approved", "control", "reviewed", "data"]


@dataclass(frozen=True)
class Workload:
    chunks: list[Chunk]
    typed: list[tuple[str, Chunk]]  # what the verifier is given: (quote, cited chunk)
    source_form: list[tuple[str, str]]  # what str.find is given: (quote, cited chunk's text)
    present: int  # how many quotes are in their chunk

    def documents(self) -> dict[str, tuple[Chunk, ...]]:
        """Each document's chunks, as a build hands them to the verifier (its siblings)."""
        by_document: dict[str, list[Chunk]] = {}
        for chunk in self.chunks:
            by_document.setdefault(chunk.document, []).append(chunk)
        return {path: tuple(chunks) for path, chunks in by_document.items()}


def _sentence(rng: random.Random) -> str:
    pick = rng.choice
    n = rng.randrange(1, 400)
    templates = [
        f"{pick(SUBJECTS)} {pick(VERBS)} {pick(OBJECTS)} {pick(PERIODS)}.",
        f"All {pick(OBJECTS)} must be protected using {pick(CONTROLS)}.",
        f"The {pick(ROLES)} {pick(VERBS)} {pick(OBJECTS)} {pick(PERIODS)} and records "
        f"the results in {pick(SYSTEMS)}.",
        f"Exceptions to this {pick(DOCTYPES)} require written approval from the {pick(ROLES)}.",
        f"Logs are retained for {n} days; at least {rng.randrange(2, 30)} copies are kept "
        f"off-site (see Section {rng.randrange(1, 12)}.{rng.randrange(1, 9)}).",
        f"Where {pick(OBJECTS)} are affected, {pick(SUBJECTS).lower()} notifies the "
        f"{pick(ROLES)} {pick(PERIODS)}, and no later than {n} hours after discovery.",
        f"{pick(SUBJECTS)} must not share {pick(OBJECTS)} with third parties unless a "
        f"signed agreement is in place.",
    ]
    return pick(templates)


def _wrap(paragraph: str, rng: random.Random) -> str:
    """Hard-wrap a paragraph as a Markdown source would, at 70-100 columns."""
    width = rng.randrange(70, 100)
    lines, line = [], ""
    for word in paragraph.split(" "):
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return "\n".join([*lines, line])


def _chunk_text(rng: random.Random) -> str:
    target = rng.randrange(1000, 2000)
    heading = f"## {rng.randrange(1, 12)}.{rng.randrange(1, 9)} {rng.choice(HEADINGS)}"
    blocks, size = [heading], len(heading)
    while size < target:
        sentences = [_sentence(rng) for _ in range(rng.randrange(2, 5))]
        joiner = "  " if rng.random() < 0.1 else " "  # some authors put two spaces
        paragraph = joiner.join(sentences)
        if rng.random() < 0.2:
            paragraph = "\n".join(f"- {s}" for s in sentences)
        else:
            paragraph = _wrap(paragraph, rng)
        blocks.append(paragraph)
        size += len(paragraph) + 2
    text = "\n\n".join(blocks)
    roll = rng.random()
    if roll < 0.1:  # typographic quotes and dashes, as a word processor writes them
        text = text.replace("The Company", "the Company’s “Security Team”", 1).replace(
            " and ", " – and ", 1
        )
    elif roll < 0.11:  # text extracted from a PDF: ligatures and soft hyphens
        text = text.replace("fi", "ﬁ").replace("tion", "\u00adtion", 2)
    return text[:2000]


def _quote_span(text: str, rng: random.Random) -> tuple[int, int]:
    """A slice of 40-250 characters from a word start to a word end."""
    words = [m.span() for m in re.finditer(r"\S+", text)]
    first = rng.randrange(0, len(words) - 8)
    start = words[first][0]
    want = start + rng.randrange(40, 250)
    last = first
    while last + 1 < len(words) and words[last + 1][1] <= want:
        last += 1
    return start, words[last][1]


def _reflow(piece: str, rng: random.Random) -> str:
    """Re-type the whitespace: about one run in five changes, at least one does."""
    parts = re.split(r"(\s+)", piece)
    runs = [i for i, p in enumerate(parts) if p[:1].isspace()]
    changed = set(rng.sample(runs, max(1, len(runs) // 5))) if runs else set()
    for i in changed:
        parts[i] = rng.choice(["\n", "  ", " \n"]) if parts[i] == " " else " "
    return "".join(parts)


def _reword(piece: str, rng: random.Random) -> str:
    words = [m for m in re.finditer(r"[A-Za-z]{4,}", piece)]
    word = rng.choice(words)
    replacement = rng.choice([w for w in REPLACEMENTS if w != word.group()])
    return piece[: word.start()] + replacement + piece[word.end() :]


def make_workload(scale: int = 1, seed: int = 7) -> Workload:
    rng = random.Random(seed * 1000 + scale)
    chunks: list[Chunk] = []
    offset = 0
    for i in range(CHUNKS_PER_SCALE * scale):
        if i % CHUNKS_PER_DOCUMENT == 0:
            offset = 0
        text = _chunk_text(rng)
        document = f"policies/policy-{i // CHUNKS_PER_DOCUMENT:05d}.md"
        chunks.append(Chunk(f"c{i:06d}", document, offset, offset + len(text), text, "Policy"))
        offset += len(text) + 2
    typed: list[tuple[str, Chunk]] = []
    source_form: list[tuple[str, str]] = []
    present = 0
    for n, index in enumerate(rng.sample(range(len(chunks)), QUOTES_PER_SCALE * scale)):
        chunk = chunks[index]
        start, end = _quote_span(chunk.text, rng)
        piece = chunk.text[start:end]
        if n % 2:
            piece = _reword(piece, rng)
            folded_piece, folded_chunk = " ".join(piece.split()), " ".join(chunk.text.split())
            if folded_piece in folded_chunk:  # the new word happens to read as the old text
                continue
        else:
            present += 1
        typed.append((_reflow(piece, rng), chunk))
        source_form.append((piece, chunk.text))
    return Workload(chunks, typed, source_form, present)
