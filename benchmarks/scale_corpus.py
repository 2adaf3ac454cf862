"""A large corpus and questionnaire made at run time from the real evaluation sets.

The corpus is copies of policies-a, policies-b and policies-d (../shared/eval, about
0.9 MB of real policy text together), each copy in its own folder with every body
line ending in a marker of its copy (``(copy 7)``), so that every passage is new to
the embedder, until the corpus holds the bytes asked for. Front-matter is kept as it
is. The questionnaire cycles through the real questions of policies-a and
policies-d, each asked of one copy (``... (copy 7)``), so that no two questions are
the same text. Nothing here is committed: it is written into a temporary folder.
"""

from __future__ import annotations

import csv
from pathlib import Path

from dossier.ingest.frontmatter import split_front_matter

SOURCES = ("policies-a", "policies-b", "policies-d")
QUESTION_SETS = ("policies-a", "policies-d")
SUFFIXES = (".md", ".markdown", ".txt")


def marked(text: str, copy: int) -> str:
    """The document with each non-blank body line ending in its copy's marker."""
    _, body = split_front_matter(text)
    head = text[: len(text) - len(body)]
    lines = [f"{line} (copy {copy})" if line.strip() else line for line in body.split("\n")]
    return head + "\n".join(lines)


def write_corpus(shared_eval: Path, into: Path, megabytes: float) -> tuple[int, int]:
    """Copies until the corpus holds ``megabytes`` (10^6 bytes); returns (copies, bytes)."""
    sources = [
        (name, path)
        for name in SOURCES
        for path in sorted((shared_eval / name / "corpus").rglob("*"))
        if path.is_file() and path.suffix in SUFFIXES
    ]
    texts = [(name, path, path.read_text(encoding="utf-8")) for name, path in sources]
    written, copy = 0, 0
    while written < megabytes * 1e6:
        copy += 1
        for name, path, text in texts:
            relative = path.relative_to(shared_eval / name / "corpus")
            target = into / f"copy-{copy:03d}" / name / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            data = marked(text, copy).encode("utf-8")
            target.write_bytes(data)
            written += len(data)
    return copy, written


def real_questions(shared_eval: Path) -> list[tuple[str, str]]:
    """(id, question) of every question of the labelled public sets."""
    questions = []
    for name in QUESTION_SETS:
        with (shared_eval / name / "questions.csv").open(encoding="utf-8") as handle:
            questions += [(row["id"], row["question"]) for row in csv.DictReader(handle)]
    return questions


def write_questions(shared_eval: Path, path: Path, count: int, copies: int) -> int:
    """``count`` questions: the real ones in turn, each asked of one copy (as they are
    when ``copies`` is 0); returns how many distinct texts they are (all of them
    when there are enough copies)."""
    questions = real_questions(shared_eval)
    texts = set()
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "question"])
        for n in range(count):
            qid, text = questions[n % len(questions)]
            if copies:
                text = f"{text} (copy {1 + (n // len(questions) + n) % copies})"
            texts.add(text)
            writer.writerow([f"{qid}-{n:04d}", text])
    return len(texts)
