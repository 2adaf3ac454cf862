"""Scale: a cold build of a 50 MB corpus, then 1,000 questions answered after indexing.

The corpus and questionnaire are made at run time from the real public sets
(``benchmarks/scale_corpus.py``: copies of policies-a, -b and -d, every passage
distinct). Each build runs as ``dossier build`` in its own process, as a user runs
it, so that its peak memory (the largest resident set of the build's processes)
is its own; its seconds per stage come from its run ledger.

1. ``test_cold_build_at_scale``: the corpus with the 162 real questions of
   policies-a and -d as they are: seconds per stage, passages, the dense arm's scope
   (``[retrieval] dense_scope``: above ``dense_all_up_to`` passages only the passages
   searches surface are embedded, while answering), what was embedded at indexing and
   while answering, the raw model's batched fp32 throughput
   (``SentenceTransformer.encode``) on a sample of the same passages in the same run,
   and peak memory.
2. ``test_thousand_questions_after_indexing``: a second build into the same folder
   with 1,000 questions: nothing is embedded again but the questions' queries, the
   sentences and (surfaced scope) the passages their searches reach first;
   questions/s outside embedding (the answer stage's seconds less its embedding
   seconds) and the render stage's seconds.

Building the corpus and embedding takes tens of minutes at 50 MB, so this runs only
when asked: ``make bench-scale`` (``DOSSIER_BENCH_SCALE_MB=50``); a smaller
figure (``DOSSIER_BENCH_SCALE_MB=0.5``: one copy, 1 MB) checks the benchmark itself in
minutes (with one copy the 1,000 questions are 162 distinct texts: the others reuse answers).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL, needs_shared
from benchmarks.scale_corpus import real_questions, write_corpus, write_questions
from dossier.index.embed import load_model
from dossier.index.hybrid import embedding_text
from dossier.ingest.files import ingest, scan_corpus

MEGABYTES = float(os.environ.get("DOSSIER_BENCH_SCALE_MB", "0"))
QUESTIONS = 1000
RAW_SAMPLE = 2000  # passages the raw model embeds, spread over the corpus

pytestmark = [
    needs_shared("policies-d"),
    pytest.mark.skipif(
        MEGABYTES <= 0,
        reason="about an hour on two fp32 cores: set DOSSIER_BENCH_SCALE_MB=50 (make bench-scale)",
    ),
]


class Project:
    def __init__(self, root: Path) -> None:
        self.root = root
        self.corpus = root / "corpus"
        self.out = root / "out"
        self.copies, self.bytes = write_corpus(SHARED_EVAL, self.corpus, MEGABYTES)
        self.questions = root / "questions.csv"
        self.thousand = root / "thousand.csv"
        self.distinct = write_questions(SHARED_EVAL, self.thousand, QUESTIONS, self.copies)
        write_questions(SHARED_EVAL, self.questions, len(real_questions(SHARED_EVAL)), 0)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    return Project(tmp_path_factory.mktemp("scale"))


def _dossier_build(project: Project, questions: Path) -> tuple[float, int]:
    """``dossier build`` in its own process: wall seconds and peak resident MB."""
    command = [
        str(Path(sys.executable).parent / "dossier"),
        *("build", "--corpus", str(project.corpus), "--questions", str(questions)),
        *("--out", str(project.out)),
    ]
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    assert os.waitstatus_to_exitcode(status) == 0, process.stderr.read() if process.stderr else ""
    return seconds, usage.ru_maxrss // 1024  # kilobytes on Linux


def _stages(out: Path) -> dict[str, dict[str, Any]]:
    """The newest run ledger's row per stage."""
    newest = max((out / "cache" / "ledger").glob("*.jsonl"), key=os.path.getmtime)
    rows = map(json.loads, newest.read_text().splitlines())
    return {row["stage"]: row for row in rows if "stage" in row}


def _raw_passages_per_second(corpus: Path) -> tuple[float, int]:
    """The raw model's batched fp32 throughput on passages spread over the corpus."""
    read = ingest(scan_corpus(corpus))
    titles = {doc.path: doc.title for doc in read.documents}
    step = max(1, len(read.chunks) // RAW_SAMPLE)
    texts = [embedding_text(c, titles[c.document]) for c in read.chunks[::step]][:RAW_SAMPLE]
    model = load_model()
    model.encode(texts[:32])  # warm-up
    start = time.perf_counter()
    model.encode(texts)
    return len(texts) / (time.perf_counter() - start), len(read.chunks)


def _load() -> str:
    return " ".join(f"{v:.1f}" for v in os.getloadavg())


def test_cold_build_at_scale(benchmark, project: Project) -> None:
    load_before = _load()
    seconds, peak_mb = benchmark.pedantic(
        _dossier_build, args=(project, project.questions), rounds=1
    )
    stages = _stages(project.out)
    index, answer = stages["index"], stages["answer"]
    raw, passages = _raw_passages_per_second(project.corpus)
    if index["dense"] == "all passages":  # every passage distinct, all embedded now
        assert index["embedded"] > 0.9 * passages
    else:  # only those the questions' searches surfaced, while answering
        assert index["embedded"] == 0 < answer["passages_embedded"] < passages
    RESULTS[f"scale: cold build, {project.bytes / 1e6:.1f} MB"] = {
        "copies": project.copies,
        "passages": passages,
        "dense arm": index["dense"],
        "seconds": round(seconds, 1),
        **{f"{name} s": round(row["seconds"], 1) for name, row in stages.items()},
        "embedding at indexing s": round(index["embedding_seconds"], 1),
        "passages embedded at indexing": index["embedded"],
        "passages/s at indexing": round(
            index["embedded"] / max(index["embedding_seconds"], 1e-9), 1
        ),
        "embedding in answering s": round(answer["embedding_seconds"], 1),
        "passages embedded in answering": answer["passages_embedded"],
        "sentences embedded in answering": answer["sentences_embedded"],
        "texts embedded in answering": answer["embedded_texts"],
        "raw model passages/s": round(raw, 1),
        "peak MB": peak_mb,
        "load before / after": f"{load_before} / {_load()}",
    }


def test_thousand_questions_after_indexing(benchmark, project: Project) -> None:
    if not (project.out / "cache").exists():
        pytest.skip("needs the cold build of test_cold_build_at_scale")
    seconds, peak_mb = benchmark.pedantic(
        _dossier_build, args=(project, project.thousand), rounds=1
    )
    stages = _stages(project.out)
    answer = stages["answer"]
    # Every text is new (with seven copies or more all 1,000 are distinct), but the copy
    # marker after a question's "?" is not part of what it asks: a question whose brief and
    # retrieved evidence match a stored answer's reuses it (more often when only the
    # passages searches surface have vectors, as the dense arm then ranks the same BM25
    # hits). Questions/s counts those researched.
    assert answer["recomputed"] + answer["reused"] == QUESTIONS
    assert answer["recomputed"] >= project.distinct // 2
    assert stages["index"]["embedded"] == 0  # the index was built by the cold build
    outside = answer["seconds"] - answer["embedding_seconds"]
    RESULTS[f"scale: {QUESTIONS} questions after indexing"] = {
        "seconds": round(seconds, 1),
        **{f"{name} s": round(row["seconds"], 1) for name, row in stages.items()},
        "answer embedding s": round(answer["embedding_seconds"], 1),
        "texts embedded (queries, sentences, passages)": answer["embedded_texts"],
        "passages embedded": answer["passages_embedded"],
        "questions researched": answer["recomputed"],
        "answers reused": answer["reused"],
        "questions/s outside embedding": round(answer["recomputed"] / outside, 1),
        "peak MB": peak_mb,
        "load": _load(),
    }
