"""Structural checks of the rendered PDF: text, pages, internal links, paper size."""

from __future__ import annotations

import contextlib
import dataclasses
import io
import os
import re
import time
from collections.abc import Iterator
from typing import Any

import pdfplumber
import pytest
from pypdf import PdfReader

from dossier.build import BuildResult
from dossier.config import Config
from dossier.output import pdf as pdf_module
from dossier.output.pdf import Part, cut
from dossier.output.render import html_renderer, render_markdown, render_pdf


@dataclasses.dataclass(frozen=True)
class ReadPdf:
    pages: list[str]
    links: list[Any]
    width: float
    height: float


@pytest.fixture(scope="module")
def demo_pdf(demo_build: BuildResult, demo_config: Config) -> ReadPdf:
    """The PDF the demo build wrote, read once for the tests of its layout."""
    with pdfplumber.open(demo_config.out / "dossier.pdf") as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
        links = [a["data"].get("NM") for page in pdf.pages for a in page.annots]
        return ReadPdf(pages, links, pdf.pages[0].width, pdf.pages[0].height)


def test_demo_pdf_holds_every_answer_and_the_front_page(
    demo_build: BuildResult, demo_pdf: ReadPdf
) -> None:
    dossier = demo_build.dossier
    pages, links, width, height = demo_pdf.pages, demo_pdf.links, demo_pdf.width, demo_pdf.height
    text = "\n".join(pages)
    assert "Security questionnaire dossier" in pages[0] and "Corpus snapshot" in pages[0]
    assert "not legal advice" in " ".join(pages[0].split())
    for answer in dossier.answers:
        assert f"{answer.question_id}." in text
    assert "Appendix: how this was researched" in text
    assert f"Page 1 of {len(pages)}" in pages[0] or f"of {len(pages)}" in pages[-1]
    targets = {link.decode() if isinstance(link, bytes) else str(link) for link in links}
    assert {f"q-{i}" for i in range(1, len(dossier.answers) + 1)} <= targets, (
        "TOC links every answer"
    )
    assert round(width) == 595 and round(height) == 842  # A4 in points


@pytest.mark.slow
def test_letter_paper(demo_build: BuildResult) -> None:
    letter = dataclasses.replace(demo_build.dossier, paper="Letter")
    with pdfplumber.open(io.BytesIO(render_pdf(letter))) as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)


def test_quotes_appear_in_the_pdf(demo_pdf: ReadPdf) -> None:
    folded = " ".join(" ".join(demo_pdf.pages).split())
    assert "Authenticators shall be refreshed every 90 days." in folded


def test_parts_cover_every_answer_and_appendix_entry_once_in_order(
    demo_build: BuildResult,
) -> None:
    answers = demo_build.dossier.answers
    every = list(range(1, len(answers) + 1))

    def size(part: Part) -> int:
        entries = 3_000 * len(part.answers) + 1_000 * len(part.research)
        return 2_000 + entries + 500 * part.front + 9_000 * part.documents

    for characters in (1_000_000, 20_000, 5_000):
        with _part_size(characters):
            parts = cut(answers, size)
        assert [n for part in parts for n, _ in part.answers] == every
        assert [n for part in parts for n, _ in part.research] == every
        assert parts[0].front and not any(p.front for p in parts[1:])
        assert sum(p.documents for p in parts) == 1
        assert sum(p.answers_heading for p in parts) == 1
        heading = next(p for p in parts if p.answers_heading)
        assert heading.answers[0][0] == 1
        documents = next(i for i, p in enumerate(parts) if p.documents)
        assert all(not p.research for p in parts[:documents])  # the appendix follows them
        assert all(not p.answers for p in parts[documents + 1 :])
    with _part_size(20_000):
        total = len(answers) * (3_000 + 1_000) + 500 + 9_000
        assert len(cut(answers, size)) == round(total / 20_000)


def test_a_long_appendix_is_shared_out_among_parts(demo_build: BuildResult) -> None:
    """The appendix is about as long as the answers: laid out as one part it kept
    one core busy long after the other had finished (a 1,000-answer dossier: one
    part of 699 pages). Each part holds about the same share of the whole."""
    answers = demo_build.dossier.answers

    def size(part: Part) -> int:
        return 100 + 1_000 * len(part.answers) + 1_000 * len(part.research)

    with _part_size(4_000):
        parts = cut(answers, size)
    sizes = [size(p) - 100 for p in parts]
    assert sum(bool(p.research) for p in parts) >= len(answers) * 1_000 // 4_000 - 1
    assert max(sizes) <= 2 * sum(sizes) / len(sizes)


def test_a_dossier_without_answers_is_one_part_with_every_section() -> None:
    parts = cut([], lambda part: 1_000)
    assert parts == [Part(front=True, answers_heading=True, documents=True)]


@pytest.mark.slow
def test_a_dossier_laid_out_in_parts_is_numbered_linked_and_outlined(
    demo_build: BuildResult,
) -> None:
    """The demo cut into several parts (laid out in parallel where there are
    cores): pages numbered through, each contents line numbered with the page its
    answer starts on and linked there, one outline."""
    dossier = demo_build.dossier
    with _part_size(12_000):
        parts = cut(dossier.answers, lambda part: len(html_renderer(dossier)(part)))
        data = render_pdf(dossier)
    assert len(parts) >= 3
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
        links = [(i, a["data"]) for i, page in enumerate(pdf.pages) for a in page.annots]
    for number, text in enumerate(pages, start=1):
        assert f"Page {number} of {len(pages)}" in text
    folded = [" ".join(text.split()) for text in pages]
    # the contents end with their line for the appendix
    contents_end = next(n for n, text in enumerate(folded) if "how this was researched" in text)
    contents = "\n".join(pages[: contents_end + 1]).splitlines()
    for answer in dossier.answers:
        heading = f"{answer.question_id}. {' '.join(answer.question.split())[:30]}"
        starts_on = next(
            n for n, text in enumerate(folded, start=1) if n > contents_end + 1 and heading in text
        )
        line = next(line for line in contents if line.startswith(f"{answer.question_id}."))
        assert line.split()[-1] == str(starts_on), line
    targets = {
        data["NM"].decode() if isinstance(data["NM"], bytes) else data["NM"] for _, data in links
    }
    assert {f"q-{i}" for i in range(1, len(dossier.answers) + 1)} <= targets
    outline = _flat(PdfReader(io.BytesIO(data)).outline)
    assert outline[0] == (0, "Security questionnaire dossier")
    answers_at = outline.index((1, "Answers"))
    first_question = f"{dossier.answers[0].question_id}. "
    assert outline[answers_at + 1][0] == 2 and outline[answers_at + 1][1].startswith(first_question)
    assert (1, "Appendix: how this was researched") in outline


def _flat(outline: list[Any], depth: int = 0) -> list[tuple[int, str]]:
    items: list[tuple[int, str]] = []
    for item in outline:
        items += _flat(item, depth + 1) if isinstance(item, list) else [(depth, item["/Title"])]
    return items


@contextlib.contextmanager
def _part_size(characters: int) -> Iterator[None]:
    saved = pdf_module.PART_CHARACTERS
    pdf_module.PART_CHARACTERS = characters
    try:
        yield
    finally:
        pdf_module.PART_CHARACTERS = saved


@pytest.mark.slow
def test_parts_are_laid_out_here_when_no_worker_can_start(
    demo_build: BuildResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    class NoWorkers:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise OSError("fork: resource temporarily unavailable")

    dossier = demo_build.dossier
    with _part_size(12_000):
        in_parallel = _page_texts(render_pdf(dossier))
        monkeypatch.setattr(pdf_module, "ProcessPoolExecutor", NoWorkers)
        here = _page_texts(render_pdf(dossier))
    assert here == in_parallel and len(here) > 10


def _page_texts(data: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [page.extract_text() or "" for page in pdf.pages]


@pytest.mark.slow
def test_the_same_dossier_gives_the_same_pdf_bytes(
    demo_build: BuildResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    first = render_pdf(demo_build.dossier)
    time.sleep(1.1)  # font subsets would otherwise carry the second they were written
    assert render_pdf(demo_build.dossier) == first
    assert "SOURCE_DATE_EPOCH" not in os.environ  # set only while rendering


INJECTED = (
    "<style>body{display:none}</style> Is <b>MFA</b> & SSO required? "
    '<img src="http://127.0.0.1:9/beacon.png"> `![x](http://evil.example/x.png)` | # *'
)


def _injected(demo_build: BuildResult, answers: int | None = None) -> Any:
    """The demo dossier (its first ``answers`` answers) with the first question injected."""
    first = dataclasses.replace(
        demo_build.dossier.answers[0], question_id='<script>Q"1</script>', question=INJECTED
    )
    return dataclasses.replace(
        demo_build.dossier,
        answers=(first, *demo_build.dossier.answers[1:answers]),
        questionnaire='vendor "2026" </style>.csv',
    )


def test_questionnaire_text_is_shown_as_text_in_the_pdf(
    demo_build: BuildResult, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Questions are the vendor's text, not markup: a tag in one must neither hide
    the dossier nor make the renderer fetch anything."""
    fetched: list[str] = []
    monkeypatch.setattr("urllib.request.OpenerDirector.open", lambda *a, **k: fetched.append(a))
    dossier = _injected(demo_build, answers=3)  # three answers lay out quicker than 27
    reader = PdfReader(io.BytesIO(render_pdf(dossier)))
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    sections = ("Contents", "Answers", "Documents", "Appendix: how this was researched")
    assert all(s in text for s in sections), "a <style> in a question must not blank the PDF"
    assert "<style>body{display:none}</style> Is <b>MFA</b> & SSO required?" in text
    assert '<script>Q"1</script>' in text
    assert 'vendor "2026" </style>.csv' in text  # the page footer, a CSS string
    assert fetched == []


def test_questionnaire_text_is_shown_as_text_in_the_markdown(demo_build: BuildResult) -> None:
    markdown = render_markdown(_injected(demo_build))
    heading = next(line for line in markdown.splitlines() if "MFA" in line and "###" in line)
    assert heading.startswith(r'### \<script\>Q"1\</script\>. \<style\>body{display:none}')
    unescaped = re.findall(r"(?<!\\)[<>\[\]!`*|#&]", heading.removeprefix("### "))
    assert unescaped == [], heading  # no markup, link, image or raw HTML can start


def _front_page(dossier: Any) -> str:
    html = html_renderer(dossier)(pdf_module.Part(front=True))
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_front_page_never_calls_an_unsigned_dossier_signed(demo_build: BuildResult) -> None:
    """Issue 15: an unsigned dossier's front page said "Signature: Signed separately"."""
    from dossier.records import Review

    pending = _front_page(demo_build.dossier)
    assert "Signed separately" not in pending
    count = len(demo_build.dossier.answers)
    assert f"Signature Not signed: {count} answers await review" in pending
    decided = dataclasses.replace(
        demo_build.dossier,
        answers=tuple(
            dataclasses.replace(a, review=Review("approved", "Ada", "2026-01-01T00:00:00Z"))
            for a in demo_build.dossier.answers
        ),
    )
    assert "Without those files beside it this PDF is unsigned" in _front_page(decided)


def test_the_front_page_counts_unfilled_placeholders_and_documents_show_their_class(
    demo_build: BuildResult,
) -> None:
    from dossier.records import Finding

    first = demo_build.dossier.answers[0]
    found = Finding("placeholder", 0, "the quote holds an unfilled template placeholder")
    marked = dataclasses.replace(
        demo_build.dossier,
        answers=(dataclasses.replace(first, findings=(found,)), *demo_build.dossier.answers[1:]),
    )
    assert (
        "Unfilled template placeholders 1 quoted passage holds one or lies in a conditional"
        in _front_page(marked)
    )
    assert (
        "Unfilled template placeholders: 1 quoted passage holds one or lies in a conditional"
        in render_markdown(marked)
    )
    markdown = render_markdown(demo_build.dossier)
    # no effective date, dated by its "Summary date: May 20, 2025"
    soc2 = "| `reports/soc2-summary.pdf` | SOC 2 Type II Report Summary | — | 2025-05-20 | — |"
    assert f"{soc2} evidence of an activity |" in markdown
    assert (
        "| `policies/access-control.md` | Access Control Policy | 2026-03-01 | 2026-03-01 "
        "| current | policy |" in markdown
    )


def test_a_large_corpus_lists_the_documents_answers_cite(demo_build: BuildResult) -> None:
    """A list of thousands of documents is for verifying (dossier.json and manifest.json
    hold each with its hash): the Markdown and the PDF list those answers quote from."""
    dossier = demo_build.dossier
    extra = tuple(
        dataclasses.replace(dossier.documents[0], path=f"archive/note-{i:04d}.md", title=f"N{i}")
        for i in range(300)
    )
    large = dataclasses.replace(dossier, documents=dossier.documents + extra)
    cited = {q.document for a in dossier.answers for c in a.claims for q in c.quotes}
    cited |= {q.document for a in dossier.answers for q in a.discarded_quotes}
    text = render_markdown(large)
    listing = text[text.index("## Documents") :]
    assert "archive/note-" not in listing
    assert all(f"`{path}`" in listing for path in cited)
    corpus = len(large.documents)
    listed = sum(1 for d in large.documents if d.path in cited)
    assert f"The corpus holds {corpus} documents: those {listed} that answers quote" in listing
    assert f"the {corpus - listed} others" in listing
    small = render_markdown(dossier)
    assert all(f"`{d.path}`" in small[small.index("## Documents") :] for d in dossier.documents)
    assert "The corpus holds" not in small


def test_the_front_page_shows_a_placeholder_this_dossier_quotes() -> None:
    """Found by a new-user review: the example was {{.Name}}, written into the
    template, whatever the quotes held; it is one a quote holds, or none."""
    from dossier.records import Claim, Finding, Quote
    from tests.unit.test_decisions import _answer, _dossier

    text = "Access is granted by {{companyShortName}} IT on request."
    quote = Quote(text, "policies/access.md", "c1", 0, len(text))
    found = Finding("placeholder", 0, "the quote holds an unfilled template placeholder")
    marked = _answer(claims=(Claim(text, (quote,)),), findings=(found,))
    front = _front_page(_dossier(marked))
    assert (
        "1 quoted passage holds one or lies in a conditional section left unrendered "
        "(e.g. {{companyShortName}}): critic findings" in front
    )
    assert ".Name" not in front
    plain = _front_page(_dossier(_answer()))
    assert "Unfilled template placeholders none in any quote" in plain
    assert "critic findings" not in plain
