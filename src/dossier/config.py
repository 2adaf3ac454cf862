"""Load ``dossier.toml`` once into a typed, validated ``Config``.

Every problem is collected and reported together, each naming its key.
Paths in the file are relative to the file; flags on the command line
override the file.
"""

from __future__ import annotations

import dataclasses
import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from dossier.common.clock import check_source_date_epoch
from dossier.errors import ConfigError, InputError
from dossier.evidence.freshness import FreshnessSettings
from dossier.index.dense import SCOPES as DENSE_SCOPES
from dossier.index.dense import resolve_scope
from dossier.index.embed import ENCODERS
from dossier.index.hybrid import RetrievalSettings
from dossier.ingest.chunking import ChunkSettings
from dossier.ingest.paths import check_corpus_folder, check_questionnaire_file
from dossier.records import ColumnSettings
from dossier.research.engine import EngineSettings
from dossier.research.llm import ModelSettings
from dossier.research.scoring import load_scorer

ENGINES = ("offline", "openai")
_TOP_KEYS = {"corpus", "questions", "out", "engine", "jobs", "paper", "library"}
PAPERS = ("A4", "Letter")
_SECTIONS: dict[str, type] = {
    "chunking": ChunkSettings,
    "retrieval": RetrievalSettings,
    "research": EngineSettings,
    "questionnaire": ColumnSettings,
    "freshness": FreshnessSettings,
}


@dataclass(frozen=True)
class Config:
    corpus: Path
    questions: Path
    out: Path
    engine: str = "offline"
    jobs: int = 1
    paper: str = "A4"
    chunking: ChunkSettings = field(default_factory=ChunkSettings)
    retrieval: RetrievalSettings = field(default_factory=RetrievalSettings)
    research: EngineSettings = field(default_factory=EngineSettings)
    questionnaire: ColumnSettings = field(default_factory=ColumnSettings)
    freshness: FreshnessSettings = field(default_factory=FreshnessSettings)
    model: ModelSettings = field(default_factory=ModelSettings)  # [engine], for engine "openai"
    library: Path | None = None  # [library] path: the answer library (None: none is used)

    def fingerprint(self, passages: int) -> dict[str, Any]:
        """The settings that change answers (for the record and cache keys), for a
        corpus of ``passages`` passages: which passages have vectors, rather than the
        settings that choose it (a limit the corpus is far from changes no answer)."""
        retrieval = dataclasses.asdict(self.retrieval)
        del retrieval["dense_scope"], retrieval["dense_all_up_to"]
        retrieval["dense"] = self.dense_scope(passages)
        return {
            "engine": self.engine,
            "chunking": dataclasses.asdict(self.chunking),
            "retrieval": retrieval,
            "research": dataclasses.asdict(self.research),
            "scorer": load_scorer().version,  # fitted weights: new weights, new answers
            **({"model": dataclasses.asdict(self.model)} if self.engine == "openai" else {}),
        }

    def dense_scope(self, passages: int) -> str:
        """Which passages have vectors for a corpus of ``passages`` passages."""
        settings = self.retrieval
        return resolve_scope(settings.dense_scope, passages, settings.dense_all_up_to)


def load_config(path: Path | None, overrides: dict[str, Any] | None = None) -> Config:
    """Read ``path`` (may be None: defaults and overrides only) and apply overrides."""
    raw: dict[str, Any] = {}
    base = Path.cwd()
    name = "command line"
    if path is not None:
        name = str(path)
        raw = _read_toml(path)
        base = path.parent
    errors: list[str] = []
    values = _top_level(raw, base, errors)
    model = _engine_table(raw, values, errors)
    values["library"] = _library_table(raw, base, errors)
    values.update({k: v for k, v in (overrides or {}).items() if v is not None})
    sections = {key: _section(raw, key, cls, errors) for key, cls in _SECTIONS.items()}
    errors += [f"unknown key '{key}'" for key in sorted(set(raw) - _TOP_KEYS - set(_SECTIONS))]
    for key in ("corpus", "questions"):
        if key not in values:
            errors.append(f"'{key}' is not set (add it to the file or pass --{key})")
    if sections["retrieval"].encoder not in ENCODERS:
        errors.append(f"'retrieval.encoder' must be one of {', '.join(ENCODERS)}")
    if sections["retrieval"].dense_scope not in DENSE_SCOPES:
        errors.append(f"'retrieval.dense_scope' must be one of {', '.join(DENSE_SCOPES)}")
    if values.get("engine", "offline") not in ENGINES:
        errors.append(f"'engine' must be one of {', '.join(ENGINES)}, not {values['engine']!r}")
    jobs = values.get("jobs", 1)
    if not isinstance(jobs, int) or isinstance(jobs, bool) or jobs < 1:
        errors.append(f"'jobs' must be a whole number of at least 1, not {jobs!r}")
    if values.get("paper", "A4") not in PAPERS:
        errors.append(f"'paper' must be one of {', '.join(PAPERS)}, not {values['paper']!r}")
    out = Path(values.get("out", base / "build"))
    if "corpus" in values:
        errors += [p for p in [output_over_corpus(Path(values["corpus"]), out)] if p]
    if errors:
        raise ConfigError(f"{name}: " + "; ".join(errors))
    return Config(
        corpus=Path(values["corpus"]),
        questions=Path(values["questions"]),
        out=out,
        engine=values.get("engine", "offline"),
        jobs=jobs,
        paper=values.get("paper", "A4"),
        model=model,
        library=Path(values["library"]) if values.get("library") is not None else None,
        **sections,
    )


def _library_table(raw: dict[str, Any], base: Path, errors: list[str]) -> Path | None:
    """``[library] path``: the answer library's file, relative to dossier.toml."""
    table = raw.get("library")
    if table is None:
        return None
    if not isinstance(table, dict):
        errors.append("[library] must be a table with 'path'")
        return None
    unknown = sorted(set(table) - {"path"})
    errors += [f"unknown key 'library.{key}' (known: path)" for key in unknown]
    path = table.get("path")
    if path is None:
        return None
    if not isinstance(path, str) or not path.strip():
        errors.append("'library.path' must be a path (a string)")
        return None
    return base / path


def configured_library(path: Path | None) -> Path | None:
    """The ``[library] path`` of a dossier.toml (None without one), for the commands
    that read nothing else of it (review, library)."""
    if path is None:
        return None
    errors: list[str] = []
    library = _library_table(_read_toml(path), path.parent, errors)
    if errors:
        raise ConfigError(f"{path}: " + "; ".join(errors))
    return library


def configured_encoder(path: Path | None) -> str:
    """The ``[retrieval] encoder`` of a dossier.toml as a build reads it (the default
    without one), for ``eval``: its baseline embeds the passages the build embedded,
    and only the same encoder finds their vectors in the build's cache."""
    if path is None:
        return RetrievalSettings().encoder
    errors: list[str] = []
    retrieval = _section(_read_toml(path), "retrieval", RetrievalSettings, errors)
    if retrieval.encoder not in ENCODERS:
        errors.append(f"'retrieval.encoder' must be one of {', '.join(ENCODERS)}")
    if errors:
        raise ConfigError(f"{path}: " + "; ".join(errors))
    encoder: str = retrieval.encoder
    return encoder


def output_over_corpus(corpus: Path, out: Path) -> str | None:
    """Why the output folder cannot be used with this corpus, or None: a build writes
    its dossier, cache and history into the output folder, so one equal to the
    corpus folder, or holding it, would put the dossier among the documents it is
    built from (an output folder inside the corpus is left out of it instead)."""
    corpus_at, out_at = corpus.resolve(), out.resolve()
    if out_at == corpus_at:
        where = "is the corpus folder"
    elif out_at in corpus_at.parents:
        where = f"holds the corpus folder {corpus}"
    else:
        return None
    return (
        f"the output folder {out} {where}: the build would write its dossier among the "
        "documents it is built from; choose an output folder outside the corpus"
    )


def output_folder(path: Path | None, given: Path | None = None) -> Path:
    """The output folder a command works on: ``--out`` (``given``), else ``out`` in
    the settings file (relative to it), else ``build`` beside it (or in the
    current folder): the folder ``dossier build`` writes by default."""
    if given is not None:
        return check_output_folder(given)
    if path is None:
        return check_output_folder(Path("build"))
    raw = _read_toml(path)
    out = raw.get("out")
    if out is not None and not (isinstance(out, str) and out.strip()):
        raise ConfigError(f"{path}: 'out' must be a path (a string)")
    return check_output_folder(path.parent / (out or "build"))


def check_paths(config: Config) -> None:
    """What a build reads exists and is of a kind it reads, and the output folder
    is not a file: checked before anything heavy loads, so a mistyped path is
    reported at once (and so is a SOURCE_DATE_EPOCH the PDF's layout would fail on)."""
    check_source_date_epoch(os.environ)
    check_corpus_folder(config.corpus)
    check_questionnaire_file(config.questions)
    check_output_folder(config.out)


def check_output_folder(out: Path) -> Path:
    """``out``, which is not a file and is not under one."""
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file; --out (or 'out') names the output folder")
    blocked = next((p for p in out.parents if p.exists() and not p.is_dir()), None)
    if blocked is not None:
        raise InputError(
            f"{out}: cannot be an output folder, since {blocked} is a file; "
            "--out (or 'out') names the output folder"
        )
    return out


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError(f"{path}: not valid TOML ({error})") from None
    except OSError as error:  # a folder, or not readable
        raise ConfigError(f"{path}: cannot be read as a config file ({error.strerror})") from None


def _top_level(raw: dict[str, Any], base: Path, errors: list[str]) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key in ("corpus", "questions", "out"):
        if key in raw:
            if isinstance(raw[key], str) and raw[key].strip():
                values[key] = base / raw[key]
            else:
                errors.append(f"'{key}' must be a path (a string)")
    for key in ("engine", "jobs", "paper"):
        if key in raw and not (key == "engine" and isinstance(raw[key], dict)):
            values[key] = raw[key]
    return values


def _engine_table(raw: dict[str, Any], values: dict[str, Any], errors: list[str]) -> ModelSettings:
    """``engine`` is either the engine's name or an ``[engine]`` table: ``kind``
    (the name) and the model's settings."""
    table = raw.get("engine")
    if not isinstance(table, dict):
        return ModelSettings()
    settings = {k: v for k, v in table.items() if k != "kind"}
    if "kind" in table:
        values["engine"] = table["kind"]
    model: ModelSettings = _section({"engine": settings}, "engine", ModelSettings, errors)
    if "model" in settings and isinstance(settings["model"], str) and not settings["model"].strip():
        errors.append("'engine.model' must name the model the server knows (it is empty)")
    return model


# Settings that count something a build cannot do without (0 would mean no passages,
# no searches, no quotes), and settings that are shares of a whole.
_AT_LEAST_ONE = {
    "chunking.max_chars",
    "retrieval.rrf_k",
    "research.max_searches",
    "research.hits_per_search",
    "research.max_quotes",
    "research.max_answer_chars",
    "research.passages_considered",
    "engine.breaker_threshold",
    "engine.call_budget",
    *(f"freshness.{f.name}" for f in dataclasses.fields(FreshnessSettings) if f.type == "int"),
}
_SHARES = {
    "freshness.fresh_share",
}
_RANGES: dict[str, tuple[float, float]] = {
    "research.answer_threshold": (-1.0, 1.0),  # a probability; below 0: the fitted one
    "engine.temperature": (0.0, 2.0),  # what OpenAI-compatible servers accept
    "engine.timeout_seconds": (0.001, math.inf),
}
# How many hits a search asks the indexes for: far more passages than any corpus has
# (the 50 MB benchmark corpus has about 211,000) is a mistyped number, and the lexical index
# panics on one near 2**63.
_AT_MOST = {
    name: 1_000_000
    for name in (
        "retrieval.lexical_depth",
        "retrieval.dense_depth",
        "retrieval.surfaced_depth",
        "research.hits_per_search",
    )
}


def _out_of_range(name: str, value: Any) -> str | None:
    """Why a numeric setting's value is not usable, or None."""
    if not isinstance(value, int | float) or isinstance(value, bool):
        return None
    if not math.isfinite(value):
        return "must be a finite number"
    low, high = _RANGES.get(name, (0.0, 1.0) if name in _SHARES else (0.0, math.inf))
    if name in _AT_LEAST_ONE:
        low = 1
    if not low <= value <= high:
        return f"must be at least {low:g}" if high == math.inf else f"must be {low:g} to {high:g}"
    if name in _AT_MOST and value > _AT_MOST[name]:
        return f"must be at most {_AT_MOST[name]}"
    return None


def _section(raw: dict[str, Any], key: str, cls: type, errors: list[str]) -> Any:
    table = raw.get(key, {})
    if not isinstance(table, dict):
        errors.append(f"[{key}] must be a table")
        return cls()
    known = {f.name: f for f in dataclasses.fields(cls)}
    values: dict[str, Any] = {}
    for name, value in table.items():
        if name not in known:
            errors.append(f"unknown key '{key}.{name}' (known: {', '.join(sorted(known))})")
            continue
        default: Any = known[name].default
        expected = type(default)
        if expected is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if type(value) is not expected:
            errors.append(f"'{key}.{name}' must be {expected.__name__}, not {value!r}")
            continue
        problem = _out_of_range(f"{key}.{name}", value)
        if problem:
            errors.append(f"'{key}.{name}' {problem}, not {value!r}")
            continue
        values[name] = value
    return cls(**values)
