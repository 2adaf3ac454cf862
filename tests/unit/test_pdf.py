"""Structural checks of the rendered PDF: text, pages, internal links, paper size."""

from __future__ import annotations

import dataclasses
import io

import pdfplumber

from dossier.build import BuildResult
from dossier.render import render_pdf


def test_demo_pdf_holds_every_answer_and_the_front_page(demo_build: BuildResult) -> None:
    dossier = demo_build.dossier
    with pdfplumber.open(io.BytesIO(render_pdf(dossier))) as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
        links = [a["data"].get("Dest") for page in pdf.pages for a in page.annots]
        width, height = pdf.pages[0].width, pdf.pages[0].height
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


def test_letter_paper(demo_build: BuildResult) -> None:
    letter = dataclasses.replace(demo_build.dossier, paper="Letter")
    with pdfplumber.open(io.BytesIO(render_pdf(letter))) as pdf:
        assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == (612, 792)


def test_quotes_appear_in_the_pdf(demo_build: BuildResult) -> None:
    with pdfplumber.open(io.BytesIO(render_pdf(demo_build.dossier))) as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    folded = " ".join(text.split())
    assert "Authenticators shall be refreshed every 90 days." in folded
