"""Running headers and footers of a PDF's text (pages joined by a blank line)."""

from __future__ import annotations

from dossier.ingest.page_edges import PAGE_BREAK, line_shape, running_spans, without_spans


def _pages(*pages: str) -> str:
    return PAGE_BREAK.join(pages)


def test_a_line_at_the_top_of_every_page_is_running() -> None:
    text = _pages(
        "ACME Handbook\nBackups run nightly.\nPage 1 of 3",
        "ACME Handbook\nRestores are tested.\nPage 2 of 3",
        "ACME Handbook\nLogs are kept.\nPage 3 of 3",
    )
    found = {text[a:b] for a, b in running_spans(text)}
    assert found == {"ACME Handbook", "Page 1 of 3", "Page 2 of 3", "Page 3 of 3"}


def test_a_line_on_fewer_than_half_the_pages_is_body_text() -> None:
    text = _pages("Intro\nBody one.", "Other\nBody two.", "Intro again\nBody three.")
    assert running_spans(text) == ()


def test_a_page_number_shaped_line_inside_a_page_stays() -> None:
    first = "Retention\nRecord Period (days)\nAccess logs\n30\nVisitor logs\n90\nend of table"
    second = "Backups\nBackups run\n7\ntimes a week\nand are kept\nfor weeks"
    text = _pages(f"1\n{first}\n1", f"2\n{second}\n2")
    spans = running_spans(text)
    assert all(text[a:b] in ("1", "2") for a, b in spans)
    assert not any(text[a:b] == "30" for a, b in spans)


def test_cutting_a_span_splits_a_block_around_it() -> None:
    text = "a sentence cut by\nFooter 1\nHeader\nthe page break."
    footer = text.index("Footer 1")
    header_end = text.index("Header") + len("Header")
    pieces = list(without_spans(text, [(0, len(text))], ((footer, header_end),)))
    assert [text[a:b] for a, b in pieces] == ["a sentence cut by", "the page break."]


def test_numbers_do_not_change_a_lines_shape() -> None:
    assert line_shape("Page 3  of 7") == line_shape("Page 12 of 7") == "Page # of #"


def test_a_page_number_at_a_pages_edge_is_running_on_a_single_page() -> None:
    """A one-page policy's footer "St. Brendan's Community Health - Page 1" ended up
    inside the quote of its last paragraph."""
    text = "Title\nLessons learned are reported.\nSt. Brendan's Community Health - Page 1"
    assert [text[a:b] for a, b in running_spans(text)] == [
        "St. Brendan's Community Health - Page 1"
    ]
    page = "Intro\nBody.\nMore.\nIT-POL-001 v3.2 Page 1 of 1"
    assert [page[a:b] for a, b in running_spans(page)] == ["IT-POL-001 v3.2 Page 1 of 1"]
    # a second page under an unnumbered cover is its page 1
    two = _pages("Cover\nAcme Policy", "Body.\nMore.\nText.\nAcme - Page 1")
    assert [two[a:b] for a, b in running_spans(two)] == ["Acme - Page 1"]
    # a line mentioning a page, or another page's number, is text
    assert running_spans("Intro\nSee page 3\nBody text.\nThe last line.") == ()
    handbook = "Rules\nAll visitors sign in.\nThe procedure is in the Handbook - page 12"
    assert running_spans(handbook) == ()
