"""Write the dossier's artefacts: JSON (the contract), Markdown, PDF, the answered
workbook and the manifest. ``write_outputs`` is the one entry point a build, a
review, ``dossier render`` and ``dossier sign`` call; ``rendered`` gives the
dossier's own artefacts as bytes, for a check that the files in a folder are what
the record renders to. The PDF module (pypdf, WeasyPrint) is imported only when a
PDF is laid out, so a review decision does not pay for loading it."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
import markupsafe

from dossier.common.atomic import interrupt_deferred, write_atomic
from dossier.errors import InputError
from dossier.evidence.critic import PLACEHOLDER, placeholders
from dossier.output.manifest import MANIFEST, SIGNATURE_FILES, build_manifest, manifest_bytes
from dossier.output.serialise import dossier_bytes
from dossier.output.workbook import ANSWERED_SUFFIX, keep_source, kept_source, write_answered
from dossier.records import (
    Answer,
    AnsweredWorkbook,
    Document,
    Dossier,
    Freshness,
    Quote,
)

if TYPE_CHECKING:
    from dossier.output import pdf

JSON, MARKDOWN, PDF = "dossier.json", "dossier.md", "dossier.pdf"

VERDICT_WORDS = {
    "grounded": "Answered from the documents",
    "unsupported": "Not answered: the documents do not cover this",
    "escalate": "Needs a person: evidence in doubt, or a question the engine cannot answer",
}


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("dossier.output", "templates"),
        autoescape=jinja2.select_autoescape(["html.j2"]),  # questions and model text are text
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        finalize=closed_bidi,  # no shown text reorders what follows it
    )
    environment.filters["fold"] = lambda text: " ".join(str(text).split())
    environment.filters["freshness"] = freshness_words
    environment.filters["css_string"] = css_string
    environment.filters["md"] = markdown_text
    environment.filters["code"] = code_span
    environment.filters["cell"] = lambda text: str(text).replace("|", "\\|")  # in a table row
    environment.filters["plural"] = counted
    return environment


def counted(count: int, word: str, plural: str | None = None) -> str:
    """'1 statement', '2 statements' ('1 search', '3 searches' with ``plural``)."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def css_string(text: object) -> markupsafe.Markup:
    """Text for a CSS string inside <style>, where HTML entities mean nothing: every
    character but ASCII letters, digits, spaces and . - _ as a CSS escape."""
    return markupsafe.Markup(
        "".join(
            ch if (ch.isascii() and ch.isalnum()) or ch in " .-_" else f"\\{ord(ch):06x}"
            for ch in closed_bidi(str(text))
        )
    )


EMBEDDINGS = frozenset("\u202a\u202b\u202d\u202e")  # LRE, RLE, LRO, RLO: closed by PDF
ISOLATES = frozenset("\u2066\u2067\u2068")  # LRI, RLI, FSI: closed by PDI
POP_EMBEDDING, POP_ISOLATE = "\u202c", "\u2069"


def closed_bidi(value: Any) -> Any:
    """A text that opens a bidirectional embedding, override or isolate and leaves it
    open, with the marks that close it added at its end: it would otherwise reorder
    what follows it on the line (a right-to-left override in a document's title
    showed the quote's offsets and path reversed). Its own characters are all kept;
    anything but text is returned as it is."""
    if not isinstance(value, str) or not any(ch in EMBEDDINGS or ch in ISOLATES for ch in value):
        return value
    open_marks: list[str] = []  # the closing mark of each one still open, innermost last
    for ch in value:
        if ch in EMBEDDINGS or ch in ISOLATES:
            open_marks.append(POP_EMBEDDING if ch in EMBEDDINGS else POP_ISOLATE)
        elif ch == POP_EMBEDDING and open_marks and open_marks[-1] == POP_EMBEDDING:
            open_marks.pop()  # never across an isolate (Unicode's bidi rule X7)
        elif ch == POP_ISOLATE and POP_ISOLATE in open_marks:
            while open_marks.pop() != POP_ISOLATE:  # closes what the isolate holds (X6a)
                pass
    return value + "".join(reversed(open_marks))


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>&!|#~$])")


def markdown_text(text: object) -> str:
    """Text shown as itself in Markdown: the characters that would make markup,
    links, images, raw HTML, strikethrough (~) or maths ($, on GitHub) of it are
    backslash-escaped, and control characters shown by code point. So is the mark
    of a list item or a rule it opens with, for where it starts a line ('- a',
    '2) b', '---'; not '3.1 Passwords'), and what GitHub makes a link of unasked
    (``_BARE_LINK``)."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", code_points(" ".join(str(text).split())))
    escaped = _BARE_LINK.sub(r"\\\g<0>", escaped)
    return _LINE_START.sub(r"\1\\", escaped, count=1)


# A bare URL, which GitHub's Markdown links without markup (GFM's autolinks): the
# ":" of "https://" and the "." of "www.". Escaped ("https\://", "www\."), each reads
# as it is written and links nowhere: a quoted document's URL is not a live link.
# (An e-mail address is linked whatever is escaped in it: it stays a mailto: link.)
_BARE_LINK = re.compile(r"(?<=[A-Za-z]):(?=//)|(?<=(?<![A-Za-z0-9])[wW]{3})\.")


_LINE_START = re.compile(r"^(\d{1,9}(?=[.)](?:\s|$))|(?=[-+](?:\s|$)|---))")


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline


def code_points(text: str) -> str:
    """``text`` with each control character but tab and newline as '[U+001B]', as
    the PDF shows a character it has no glyph for: raw, an escape sequence is
    invisible where Markdown is rendered and live where it is printed."""
    return _CONTROL.sub(lambda m: f"[U+{ord(m.group()):04X}]", text)


def code_span(text: object) -> str:
    """Text as a Markdown code span, shown as it is: fenced with one backtick more
    than its longest run of them (and a space inside each fence when it holds one,
    which CommonMark strips)."""
    text = code_points(str(text))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence, pad = "`" * (longest + 1), " " if longest else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _context(dossier: Dossier) -> dict[str, Any]:
    quotes = [q for a in dossier.answers for c in a.claims for q in c.quotes]
    dated = sorted(
        q.freshness.evidence_date for q in quotes if q.freshness and q.freshness.evidence_date
    )
    listed = listed_documents(dossier)
    return {
        "d": dossier,
        "listed_documents": listed,
        "unlisted_documents": len(dossier.documents) - len(listed),
        "counts": {v: sum(a.verdict == v for a in dossier.answers) for v in VERDICT_WORDS},
        "verdict_words": VERDICT_WORDS,
        "titles": {d.path: d.title for d in dossier.documents},
        "dates": {d.path: d.effective_date for d in dossier.documents if d.effective_date},
        "oldest_evidence": dated[0] if dated else None,
        "citations": _freshness_counts(quotes),
        "evidence": {a.question_id: _evidence_age(a) for a in dossier.answers},
        "reviewed": sum(a.review.status != "pending" for a in dossier.answers),
        "reviewers": sorted({a.review.reviewer for a in dossier.answers if a.review.reviewer}),
        "quote_counts": {
            a.question_id: sum(len(c.quotes) for c in a.claims) for a in dossier.answers
        },
        "paper": dossier.paper,
        "kind_words": KIND_WORDS,
        "gap_words": {a.question_id: gap_word(a) for a in dossier.answers},
        "class_words": CLASS_WORDS,
        "placeholders": sum(f.check == PLACEHOLDER for a in dossier.answers for f in a.findings),
        "placeholder_example": placeholder_example(dossier),
    }


def placeholder_example(dossier: Dossier) -> str | None:
    """The first unfilled placeholder a quote of this dossier holds (one a
    ``placeholder`` finding is about), for the front page to show; None when none."""
    for answer in dossier.answers:
        for finding in answer.findings:
            if finding.check != PLACEHOLDER or not 0 <= finding.claim < len(answer.claims):
                continue
            for quote in answer.claims[finding.claim].quotes:
                found = placeholders(quote.text)
                if found:
                    return found[0]
    return None


KIND_WORDS = {"fact": "FACT", "assessment": "ASSESSMENT"}


def gap_word(answer: Answer) -> str:
    """The label of an answer's missing facts: NOT COVERED when the documents were
    searched and do not establish them; ESCALATED when the model could not be used
    (the documents were not read, so nothing says they do not cover it)."""
    return "ESCALATED" if any(f.check == "model" for f in answer.findings) else "NOT COVERED"


DOCUMENTS_LISTED = 200  # a larger corpus lists the documents answers cite


def listed_documents(dossier: Dossier) -> tuple[Document, ...]:
    """The documents the Markdown and PDF list: every one of a corpus of up to
    ``DOCUMENTS_LISTED``; of a larger one, those an answer quotes or discards a quote
    from (a list of thousands is for verifying, and dossier.json and manifest.json
    hold every document with its hash)."""
    if len(dossier.documents) <= DOCUMENTS_LISTED:
        return dossier.documents
    cited = {q.document for a in dossier.answers for c in a.claims for q in c.quotes}
    cited |= {q.document for a in dossier.answers for q in a.discarded_quotes}
    return tuple(d for d in dossier.documents if d.path in cited)


def _freshness_counts(quotes: list[Quote]) -> dict[str, int]:
    """Quotes by freshness; ``unassessed``: quotes the build did not date (a
    reviewer's, added by an edit), so that the states add up to ``all``."""
    counts = {"all": len(quotes), "fresh": 0, "ageing": 0, "stale": 0, "undated": 0}
    counts["unassessed"] = 0
    for quote in quotes:
        counts[quote.freshness.state if quote.freshness else "unassessed"] += 1
    return counts


def _evidence_age(answer: Answer) -> dict[str, Any]:
    """An answer's oldest evidence date and how many of its citations are past review."""
    quotes = [q for c in answer.claims for q in c.quotes if q.freshness]
    dated = sorted(
        q.freshness.evidence_date for q in quotes if q.freshness and q.freshness.evidence_date
    )
    return {
        "oldest": dated[0] if dated else None,
        "stale": sum(q.freshness is not None and q.freshness.state == "stale" for q in quotes),
        "citations": len(quotes),
    }


def freshness_words(freshness: Freshness | None) -> str:
    """How a citation is dated, in words, never colour: 'ageing: a policy statement,
    dated against its review every 365 days; as of 2026-03-01, review due
    2027-03-01' (its effective date, or the later date it says it was reviewed), or
    'stale: evidence of a penetration test (every 365 days), dated 2025-05-20, due
    again 2026-05-20'."""
    if freshness is None:
        return "freshness not assessed"
    family = freshness.family.replace("_", " ")
    every = f"every {freshness.interval_days} days"
    if freshness.document_class == "policy":
        what = f"a policy statement, dated against its review {every}"
        when = f"as of {freshness.evidence_date}, review due {freshness.review_due}"
    elif freshness.document_class == "evidence":
        activity = "an activity not recognised" if family == "unrecognised" else f"a {family}"
        what = f"evidence of {activity} ({every})"
        when = f"dated {freshness.evidence_date}, due again {freshness.review_due}"
    else:  # a record written before documents were classed
        what = f"{family} {every}"
        when = f"evidence dated {freshness.evidence_date}, review due {freshness.review_due}"
    if freshness.state == "undated":
        return f"undated: the document states no effective or review date ({what})"
    return f"{freshness.state}: {what}; {when}"


CLASS_WORDS = {"policy": "policy", "evidence": "evidence of an activity"}


def render_markdown(dossier: Dossier) -> str:
    return _environment().get_template("dossier.md.j2").render(**_context(dossier))


@dataclass(frozen=True)
class HtmlRenderer:
    """The HTML of each part of one dossier's PDF (see ``pdf``)."""

    template: jinja2.Template
    context: dict[str, Any]

    def __call__(self, part: pdf.Part) -> str:
        return self.template.render(**self.context, part=part)


def html_renderer(dossier: Dossier) -> pdf.HtmlOf:
    """The HTML of one part of the dossier's PDF (see ``pdf``)."""
    from dossier.output import pdf

    template = _environment().get_template("dossier.html.j2")
    return HtmlRenderer(template, {**_context(dossier), **pdf.page_css()})


def render_pdf(dossier: Dossier) -> bytes:
    from dossier.output import pdf

    return pdf.render_pdf(dossier.answers, html_renderer(dossier), _built(dossier))


def rendered(dossier: Dossier, *, lay_out_pdf: bool = True) -> dict[str, bytes]:
    """The dossier's own artefacts as bytes: ``dossier.json``, ``dossier.md`` and,
    unless ``lay_out_pdf`` is false, ``dossier.pdf``. The same record gives the
    same bytes."""
    files = {JSON: dossier_bytes(dossier), MARKDOWN: render_markdown(dossier).encode()}
    if lay_out_pdf:
        files[PDF] = render_pdf(dossier)
    return files


def write_outputs(
    dossier: Dossier,
    out: Path,
    questionnaire: Path | None = None,
    *,
    lay_out_pdf: bool = True,
    before_writing: Callable[[], None] = lambda: None,
) -> dict[str, Path]:
    """Write the artefacts and an unsigned manifest. Any earlier signature no
    longer covers them, so it is removed: a re-render always needs a new signature.
    With ``lay_out_pdf`` false (a review decision) the PDF is not laid out and the
    old one is removed, since it no longer says what the record says; the manifest
    then lists no PDF until one is rendered.
    A workbook questionnaire's answered copy is filled from ``questionnaire`` (the
    build's input, whose copy is kept in ``out``) or, when re-rendering after a
    review, from that copy (from the answered copy in ``out`` when there is none).
    Everything is laid out before anything in ``out`` changes (the PDF takes
    seconds to minutes): interrupted then, the folder is as it was, its signature
    included. ``before_writing`` runs between the two (the build and a review save
    their decisions there, to review.json). Then Ctrl-C is held back until every
    file is written: review.json and the artefacts never disagree."""
    artefacts = rendered(dossier, lay_out_pdf=lay_out_pdf)
    out.mkdir(parents=True, exist_ok=True)
    with interrupt_deferred():
        before_writing()
        return _write(dossier, out, questionnaire, artefacts, lay_out_pdf=lay_out_pdf)


def _write(
    dossier: Dossier,
    out: Path,
    questionnaire: Path | None,
    artefacts: dict[str, bytes],
    *,
    lay_out_pdf: bool,
) -> dict[str, Path]:
    """The artefacts laid out, the answered workbook and the manifest written over
    what ``out`` held, its signature removed."""
    for stale in SIGNATURE_FILES:
        (out / stale).unlink(missing_ok=True)
    _remove_answered_copies_of_another_questionnaire(dossier, out)
    if not lay_out_pdf:
        (out / PDF).unlink(missing_ok=True)
    paths = {name: write_atomic(out / name, data) for name, data in artefacts.items()}
    if dossier.workbook is not None:
        paths[dossier.workbook.file] = _write_workbook(
            dossier, dossier.workbook, out, questionnaire
        )
    manifest = build_manifest(dossier, out)
    paths[MANIFEST] = write_atomic(out / MANIFEST, manifest_bytes(manifest))
    return paths


def _remove_answered_copies_of_another_questionnaire(dossier: Dossier, out: Path) -> None:
    """An answered workbook that an earlier build of this folder wrote for another
    questionnaire (the last manifest lists it; this dossier does not) is removed:
    left, it would hold that build's answers, perhaps approved, outside the manifest
    and the signature, for someone to send."""
    ours = dossier.workbook.file if dossier.workbook is not None else None
    for name in _manifest_artefacts(out):
        if name.endswith(ANSWERED_SUFFIX) and name != ours and "/" not in name:
            (out / name).unlink(missing_ok=True)


def _manifest_artefacts(out: Path) -> list[str]:
    """The artefacts the folder's last manifest lists (none when it has none, or
    one that cannot be read)."""
    try:
        listed = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["artefacts"]
    except (OSError, ValueError, KeyError, TypeError):
        return []
    return [name for name in listed if isinstance(name, str)] if isinstance(listed, dict) else []


def _write_workbook(
    dossier: Dossier, workbook: AnsweredWorkbook, out: Path, questionnaire: Path | None
) -> Path:
    target = out / workbook.file
    if questionnaire is not None:
        keep_source(questionnaire, out)
    kept = kept_source(out, dossier.questionnaire, dossier.questionnaire_sha256)
    source = questionnaire or kept or target  # the vendor's workbook, when there is one
    if not source.exists():
        raise InputError(
            f"{target}: missing, so the answers cannot be written into it again; "
            "run dossier build to write it from the questionnaire"
        )
    titles = {document.path: document.title for document in dossier.documents}
    return write_answered(
        source,
        dossier.answers,
        target,
        workbook.columns,
        _built(dossier),
        titles,
        earlier_is_ours=source == target,  # the previous answered copy: its answers are ours
    )


def _built(dossier: Dossier) -> dt.datetime:
    return dt.datetime.fromisoformat(dossier.build.finished_at.replace("Z", "+00:00"))
