"""What the Markdown and the PDF's HTML call a missing fact: NOT COVERED when the
documents were searched and do not establish it; ESCALATED when the model could
not be used (found by an adversarial review: "NOT COVERED. No answer: the model
could not be used (...)", though nothing had read the documents)."""

from __future__ import annotations

import dataclasses
import io
import re

import pdfplumber

from dossier.output.pdf import Part
from dossier.output.render import gap_word, html_renderer, render_markdown, render_pdf
from dossier.records import Answer, Finding, RelatedPassage
from tests.unit.test_decisions import _answer, _dossier

UNREACHABLE = "No answer: the model could not be used (plan: cannot reach the server)"
NOT_ESTABLISHED = "The documents do not establish: who reviews access"


def _gap(missing: str, *findings: Finding) -> Answer:
    return dataclasses.replace(
        _answer(),
        verdict="escalate" if findings else "unsupported",
        claims=(),
        missing_facts=(missing,),
        findings=findings,
    )


MODEL_FAILED = Finding("model", -1, "the model could not be used; the documents were not read")


def test_a_fact_the_model_could_not_answer_is_escalated_not_not_covered() -> None:
    assert gap_word(_gap(UNREACHABLE, MODEL_FAILED)) == "ESCALATED"
    assert gap_word(_gap(NOT_ESTABLISHED)) == "NOT COVERED"
    markdown = render_markdown(_dossier(_gap(UNREACHABLE, MODEL_FAILED)))
    assert f"- **ESCALATED.** {UNREACHABLE}" in markdown
    assert "NOT COVERED" not in markdown
    assert f"- **NOT COVERED.** {NOT_ESTABLISHED}" in render_markdown(
        _dossier(_gap(NOT_ESTABLISHED))
    )


def test_the_pdf_calls_it_escalated_too() -> None:
    failed = _gap(UNREACHABLE, MODEL_FAILED)
    html = html_renderer(_dossier(failed))(Part(answers=((1, failed),)))
    assert f"<li><strong>ESCALATED.</strong> {UNREACHABLE}</li>" in html
    assert "NOT COVERED" not in html


def _quoting(text: str, path: str = "policies/access.md") -> str:
    """The Markdown of a dossier whose one answer quotes ``text`` from ``path``."""
    quote = dataclasses.replace(_answer().claims[0].quotes[0], text=text, document=path)
    claim = dataclasses.replace(_answer().claims[0], quotes=(quote,))
    document = dataclasses.replace(_dossier().documents[0], path=path)
    return render_markdown(_dossier(_answer(claims=(claim,)), documents=(document,)))


def test_tildes_and_dollars_in_a_quote_make_no_strikethrough_or_maths() -> None:
    """GitHub's Markdown strikes ~through~ text and typesets $x$ as maths: a quote
    that holds them must show them as they are (found by an adversarial review:
    "~~struck~~" in a policy rendered struck through)."""
    markdown = _quoting("Old rules ~~struck~~ and ~gone~; cover is $40 or $5 a month.")
    assert r"> Old rules \~\~struck\~\~ and \~gone\~; cover is \$40 or \$5 a month." in markdown


def test_a_document_path_with_a_pipe_keeps_the_documents_table_whole() -> None:
    """In a GFM table a | ends the cell even inside a code span unless escaped
    (found by an adversarial review: a document named 'a|b.md' split its row)."""
    markdown = _quoting("User access is reviewed quarterly.", path="policies/a|b.md")
    (row,) = [line for line in markdown.splitlines() if line.startswith("| `policies/")]
    assert row.startswith(r"| `policies/a\|b.md` | Access |"), row
    cells = [c for c in re.split(r"(?<!\\)\|", row)[1:-1]]
    assert len(cells) == 7, row
    assert "`policies/a|b.md`" in markdown  # outside the table a code span shows it as it is


def test_a_backtick_in_a_document_path_is_shown_not_replaced() -> None:
    """A code span holding a backtick is fenced with a longer run of backticks;
    it was shown with an apostrophe instead, which names no file of the corpus."""
    markdown = _quoting("User access is reviewed quarterly.", path="policies/`odd`.md")
    assert "`` policies/`odd`.md ``" in markdown
    assert "policies/'odd'.md" not in markdown


def _pdf_text(answer: Answer) -> str:
    """The text pdfplumber extracts from the PDF of a dossier of ``answer``."""
    dossier = _dossier(answer)
    built = dataclasses.replace(dossier.build, finished_at="2026-11-16T09:30:00Z")
    pdf = render_pdf(dataclasses.replace(dossier, build=built))
    with pdfplumber.open(io.BytesIO(pdf)) as read:
        return " ".join(" ".join((page.extract_text() or "").split()) for page in read.pages)


def test_a_character_no_font_holds_is_shown_by_its_code_point_and_the_pdf_stays_readable() -> None:
    """A character no installed font holds (an emoji on a machine without an emoji
    font; U+0378, which Unicode leaves unassigned) was drawn as an empty box, and
    WeasyPrint then writes the font's encoding as a CMap that pdfplumber and pypdf
    cannot read: every word of the PDF in that font was lost to a reader extracting
    its text (found by an adversarial review: 'Hello 🔐' left a PDF whose text was
    the hashes and page numbers). Such a character is shown by its code point."""
    text = _pdf_text(_answer(question="Is access reviewed \u0378 quarterly?"))
    assert "Security questionnaire dossier" in text
    assert "Q1. Is access reviewed [U+0378] quarterly?" in text
    assert "User access is reviewed quarterly by each system owner." in text


RLO, PDF_MARK, RLI, PDI = "\u202e", "\u202c", "\u2067", "\u2069"


def test_a_bidi_override_in_a_document_title_stays_inside_the_title() -> None:
    """A right-to-left override in a title (front-matter: the document's text) ran
    on through the rest of its line: the PDF showed 'Access632–81 sretcarahc ·
    dm.ssecca/seicilop', the quote's offsets and path reversed (found by an
    adversarial review). Each shown text closes the embeddings, overrides and
    isolates it opens, so they end with it; its own characters are all kept."""
    document = dataclasses.replace(_dossier().documents[0], title=f"Access{RLO}")
    dossier = _dossier(_answer(), documents=(document,))
    markdown = render_markdown(dossier)
    assert f"> — *Access{RLO}{PDF_MARK}*, `policies/access.md`, characters" in markdown
    html = html_renderer(dossier)(Part(answers=((1, dossier.answers[0]),)))
    assert f'<p class="source">Access{RLO}{PDF_MARK} · <span class="mono">' in html


def test_a_shown_text_closes_only_what_it_leaves_open() -> None:
    shown = _dossier(_answer(question=f"{PDI}{PDF_MARK}Is it {RLI}a{PDI} and {RLI}{RLO}b?"))
    heading = next(line for line in render_markdown(shown).splitlines() if "Is it" in line)
    assert heading.endswith(f"{RLI}a{PDI} and {RLI}{RLO}b?{PDF_MARK}{PDI}"), repr(heading)
    plain = next(
        line for line in render_markdown(_dossier(_answer())).splitlines() if "###" in line
    )
    assert plain == "### Q1. How often is user access reviewed?"


def test_control_characters_in_a_quote_are_shown_by_their_code_point_in_the_markdown() -> None:
    """A quote's escape sequences went into dossier.md raw: invisible where Markdown
    is rendered, live where it is printed to a terminal ('\\x1b[8m' hides what
    follows). They are shown as the PDF shows them, by code point."""
    markdown = _quoting("Reviewed \x1b[8mquarterly\x07 by owners.", path="policies/a\x1b.md")
    assert r"> Reviewed \[U+001B\]\[8mquarterly\[U+0007\] by owners." in markdown
    assert "`policies/a[U+001B].md`" in markdown
    assert "\x1b" not in markdown and "\x07" not in markdown


def test_a_quote_that_opens_like_a_list_item_or_a_rule_is_shown_as_text() -> None:
    """A quote is its own line of a blockquote in dossier.md: one cut from a list
    ('- SEV-1 (Critical): ...') showed a bullet for its hyphen, '2) Encrypt ...'
    became '2.', and '---' a rule with no text at all."""
    for text, shown in [
        ("- SEV-1 (Critical): customer data exposed.", r"> \- SEV-1 (Critical): customer data"),
        ("+ High: internal systems.", r"> \+ High: internal systems."),
        ("2) Encrypt data at rest.", r"> 2\) Encrypt data at rest."),
        ("10. Review access.", r"> 10\. Review access."),
        ("---", r"> \---"),
        ("3.1 Passwords must be long.", "> 3.1 Passwords must be long."),
    ]:
        assert shown in _quoting(text), text


def test_a_url_in_a_quote_is_shown_as_text_not_a_link() -> None:
    """GitHub links a bare "https://..." or "www...." in Markdown without markup: a
    URL quoted from a document became a live link in dossier.md (found by an
    adversarial review). The ":" and the "." that make it one are escaped, so it
    reads as written and links nowhere; other colons and dots are left alone."""
    text = (
        "Report issues at https://evil.example/x, HTTP://EVIL.example or "
        "(www.evil.example); see ftp://files.example. Note: sub.www.example and awww.x."
    )
    shown = (
        r"Report issues at https\://evil.example/x, HTTP\://EVIL.example or "
        r"(www\.evil.example); see ftp\://files.example. Note: sub.www\.example and awww.x."
    )
    assert f"> {shown}\n" in _quoting(text)
    assert re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", shown) == text  # reads as written


def test_a_policy_citation_is_dated_as_of_its_date_not_called_effective() -> None:
    """A citation's date is the document's effective date or the later date it says it
    was reviewed; calling a "Last reviewed" date "effective" contradicted the documents
    table, which shows only effective dates."""
    from dossier.output.render import freshness_words
    from dossier.records import Freshness

    dated = Freshness("policy_review", 365, "2024-11-18", "2025-11-18", "stale", "policy")
    words = freshness_words(dated)
    assert "as of 2024-11-18, review due 2025-11-18" in words
    assert "effective" not in words


def test_an_answer_with_nothing_proposed_says_so_not_a_row_of_zeros() -> None:
    """ "Checked: 0 statements, 0 supported, 0 dropped, 0 quotes discarded" under every
    unanswered question, and a header counting 0 placeholder passages, read as noise."""
    markdown = render_markdown(_dossier(_gap(NOT_ESTABLISHED)))
    assert "Checked: no statement was proposed, so none was verified." in markdown
    assert "0 statements" not in markdown
    assert "- Unfilled template placeholders: none in any quote" in markdown
    answered = render_markdown(_dossier(_answer()))
    assert "Checked: 0 statements" not in answered


def test_a_related_passage_shows_its_best_sentence_for_a_reviewer_to_read() -> None:
    """Related passages were listed as passage ids and scores only: a reviewer could not
    tell what they said without opening the record."""
    sentence = "Access reviews are performed quarterly by system owners."
    related = RelatedPassage("c9", "policies/access.md", -1.25, sentence)
    answer = dataclasses.replace(_answer(), related=(related,))
    markdown = render_markdown(_dossier(answer))
    (line,) = [line for line in markdown.splitlines() if line.startswith("Related passages")]
    assert "passage `c9`, score -1.25): “Access reviews are performed quarterly" in line
    html = html_renderer(_dossier(answer))(Part(research=((1, answer),)))
    assert f"score -1.25 · “{sentence}”" in html
    long = dataclasses.replace(related, sentence="Retained " * 40)
    shown = render_markdown(_dossier(dataclasses.replace(answer, related=(long,))))
    (line,) = [line for line in shown.splitlines() if line.startswith("Related passages")]
    assert line.endswith("Retained…”.") and len(line) < 400  # cut for the list, at a word's end
    bare = dataclasses.replace(related, sentence="")  # a record from before 0.5.35
    shown = render_markdown(_dossier(dataclasses.replace(answer, related=(bare,))))
    assert "score -1.25)." in shown


def test_the_documents_table_shows_the_date_quotes_are_dated_from() -> None:
    """New users read Effective "—" for documents whose citations were dated ("as of
    2024-03-04", from a review date): the table now shows that date beside it."""
    document = dataclasses.replace(_dossier().documents[0], effective_date=None, dated="2024-03-04")
    markdown = render_markdown(_dossier(documents=(document,)))
    (row,) = [line for line in markdown.splitlines() if line.startswith(f"| `{document.path}`")]
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[2:4] == ["—", "2024-03-04"], row
    undated = dataclasses.replace(document, dated=None)
    (row,) = [
        line
        for line in render_markdown(_dossier(documents=(undated,))).splitlines()
        if line.startswith(f"| `{document.path}`")
    ]
    assert [c.strip() for c in row.strip("|").split("|")][3] == "undated", row
