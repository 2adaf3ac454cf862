"""Unit tests for dossier.config.load_config with a dossier.toml in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from dossier.config import Config, load_config
from dossier.errors import ConfigError, InputError
from dossier.index.hybrid import RetrievalSettings
from dossier.ingest.chunking import ChunkSettings
from dossier.research.engine import EngineSettings

BASIC = 'corpus = "docs"\nquestions = "q/sig.csv"\n'


def write_config(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "project"
    folder.mkdir(exist_ok=True)
    path = folder / "dossier.toml"
    path.write_text(text, encoding="utf-8")
    return path


def config_error(path: Path | None, overrides: dict[str, object] | None = None) -> str:
    with pytest.raises(ConfigError) as info:
        load_config(path, overrides)
    assert info.value.exit_code == 2
    assert isinstance(info.value, InputError)
    return str(info.value)


def test_relative_paths_resolve_against_the_file_folder(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC + 'out = "../build-out"\n')
    config = load_config(path)
    assert config.corpus == path.parent / "docs"
    assert config.questions == path.parent / "q" / "sig.csv"
    assert config.out == path.parent / "../build-out"


def test_defaults(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC)
    config = load_config(path)
    assert config.out == path.parent / "build"
    assert config.engine == "offline"
    assert config.jobs == 1
    assert config.chunking == ChunkSettings()
    assert config.retrieval == RetrievalSettings()
    assert config.research == EngineSettings()


def test_absolute_paths_are_kept(tmp_path: Path) -> None:
    corpus = tmp_path / "elsewhere"
    path = write_config(tmp_path, f'corpus = "{corpus}"\nquestions = "q.csv"\n')
    assert load_config(path).corpus == corpus


def test_sections_are_read(tmp_path: Path) -> None:
    path = write_config(
        tmp_path,
        BASIC
        + 'engine = "openai"\njobs = 4\n'
        + "[chunking]\nmax_chars = 500\n"
        + "[retrieval]\nrrf_k = 60\ndense_weight = 2\n"
        + "[research]\nanswer_threshold = 0.5\nmax_quotes = 2\n",
    )
    config = load_config(path)
    assert config.engine == "openai"
    assert config.jobs == 4
    assert config.chunking == ChunkSettings(max_chars=500)
    assert config.retrieval.rrf_k == 60
    assert config.retrieval.dense_weight == 2.0
    assert isinstance(config.retrieval.dense_weight, float)  # an int given for a float is widened
    assert config.research.answer_threshold == 0.5
    assert config.research.max_quotes == 2


def test_overrides_win(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC + 'engine = "openai"\njobs = 2\n')
    config = load_config(
        path,
        {"corpus": Path("/abs/corpus"), "engine": "offline", "jobs": 8, "out": None},
    )
    assert config.corpus == Path("/abs/corpus")
    assert config.engine == "offline"
    assert config.jobs == 8
    assert config.out == path.parent / "build"  # a None override leaves the file's value


def test_no_file_overrides_only() -> None:
    config = load_config(None, {"corpus": "c", "questions": "q.yaml"})
    assert config == Config(corpus=Path("c"), questions=Path("q.yaml"), out=Path.cwd() / "build")


def test_no_file_and_nothing_set() -> None:
    message = config_error(None)
    assert message.startswith("command line: ")
    assert "'corpus' is not set" in message
    assert "'questions' is not set" in message


def test_unknown_top_key(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC + "corpse = 'typo'\n"))
    assert "unknown key 'corpse'" in message
    assert "dossier.toml" in message


def test_unknown_section_key(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC + "[retrieval]\nrrf_kk = 3\n"))
    assert "unknown key 'retrieval.rrf_kk'" in message
    assert "rrf_k" in message.split("known:")[1]


def test_unknown_section(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC + "[searching]\ndepth = 3\n"))
    assert "unknown key 'searching'" in message


def test_wrong_type_names_the_key(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC + '[retrieval]\nrrf_k = "x"\n'))
    assert "'retrieval.rrf_k' must be int, not 'x'" in message


@pytest.mark.parametrize(
    ("section", "body", "expected"),
    [
        ("retrieval", "rrf_k = 10.0", "'retrieval.rrf_k' must be int"),
        ("chunking", "max_chars = true", "'chunking.max_chars' must be int"),
        ("research", "answer_threshold = '0.7'", "'research.answer_threshold' must be float"),
        ("retrieval", "lexical_depth = -1", "'retrieval.lexical_depth' must be at least 0, not -1"),
        (
            "research",
            "max_answer_chars = -5",
            "'research.max_answer_chars' must be at least 1, not -5",
        ),
        (
            "research",
            "answer_threshold = nan",
            "'research.answer_threshold' must be a finite number, not nan",
        ),
        ("research", "answer_threshold = inf", "'research.answer_threshold' must be a finite"),
        ("research", "max_searches = 0", "'research.max_searches' must be at least 1, not 0"),
        ("research", "max_quotes = 0", "'research.max_quotes' must be at least 1"),
        (
            "research",
            "answer_threshold = 1.5",
            "'research.answer_threshold' must be -1 to 1, not 1.5",
        ),
        ("research", "min_score = 0.5", "unknown key 'research.min_score'"),
        ("chunking", "max_chars = 0", "'chunking.max_chars' must be at least 1"),
        ("freshness", "access_review = 0", "'freshness.access_review' must be at least 1"),
        ("freshness", "fresh_share = 2.0", "'freshness.fresh_share' must be 0 to 1"),
        ("engine", "temperature = 9", "'engine.temperature' must be 0 to 2, not 9.0"),
        ("engine", "call_budget = 0", "'engine.call_budget' must be at least 1"),
        ("engine", "breaker_threshold = 0", "'engine.breaker_threshold' must be at least 1"),
        ("engine", "timeout_seconds = 0", "'engine.timeout_seconds' must be at least 0.001"),
        # found by an adversarial review: a depth of 2**63 - 1 stopped the build in the
        # lexical index with a Rust panic and its backtrace (exit 1)
        (
            "retrieval",
            "lexical_depth = 9223372036854775807",
            "'retrieval.lexical_depth' must be at most 1000000, not 9223372036854775807",
        ),
        ("retrieval", "dense_depth = 1000001", "'retrieval.dense_depth' must be at most 1000000"),
        (
            "retrieval",
            "surfaced_depth = 10000000",
            "'retrieval.surfaced_depth' must be at most 1000000",
        ),
        (
            "research",
            "hits_per_search = 2000000",
            "'research.hits_per_search' must be at most 1000000",
        ),
    ],
)
def test_bad_section_values(tmp_path: Path, section: str, body: str, expected: str) -> None:
    message = config_error(write_config(tmp_path, BASIC + f"[{section}]\n{body}\n"))
    assert expected in message


def test_section_that_is_not_a_table(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC + "chunking = 5\n"))
    assert "[chunking] must be a table" in message


def test_several_errors_reported_together(tmp_path: Path) -> None:
    path = write_config(
        tmp_path,
        'questions = 3\nengine = "gpt"\njobs = 0\nbogus = 1\n'
        '[retrieval]\nrrf_k = "x"\n[chunking]\nnope = 1\n',
    )
    message = config_error(path)
    assert message.startswith(f"{path}: ")
    for part in (
        "'questions' must be a path",
        "'retrieval.rrf_k' must be int",
        "unknown key 'chunking.nope'",
        "unknown key 'bogus'",
        "'corpus' is not set",
        "'engine' must be one of offline, openai, not 'gpt'",
        "'jobs' must be a whole number of at least 1, not 0",
    ):
        assert part in message
    assert message.count("; ") >= 6  # one message, every problem in it


def test_invalid_toml(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, 'corpus = "unterminated\n'))
    assert "not valid TOML" in message
    assert "dossier.toml" in message


def test_not_utf8_toml(tmp_path: Path) -> None:
    path = write_config(tmp_path, "")
    path.write_bytes(b'corpus = "\xff"\n')
    assert "not valid TOML" in config_error(path)


def test_missing_file(tmp_path: Path) -> None:
    message = config_error(tmp_path / "absent.toml")
    assert "absent.toml" in message
    assert "config file not found" in message


@pytest.mark.parametrize("engine", ['"gpt-4"', '"OFFLINE"', "3"])
def test_bad_engine(tmp_path: Path, engine: str) -> None:
    message = config_error(write_config(tmp_path, BASIC + f"engine = {engine}\n"))
    assert "'engine' must be one of offline, openai" in message


def test_bad_engine_override(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC), {"engine": "claude"})
    assert "not 'claude'" in message


@pytest.mark.parametrize("jobs", ["0", "-2", "1.5", '"4"', "true"])
def test_bad_jobs(tmp_path: Path, jobs: str) -> None:
    message = config_error(write_config(tmp_path, BASIC + f"jobs = {jobs}\n"))
    assert "'jobs' must be a whole number of at least 1" in message


def test_jobs_zero_override(tmp_path: Path) -> None:
    message = config_error(write_config(tmp_path, BASIC), {"jobs": 0})
    assert "'jobs' must be a whole number of at least 1, not 0" in message


@pytest.mark.parametrize("value", ['""', "   ", "5"])
def test_empty_or_non_string_path(tmp_path: Path, value: str) -> None:
    text = f'corpus = {value if value.strip() else repr(value)}\nquestions = "q.csv"\n'
    message = config_error(write_config(tmp_path, text))
    assert "'corpus' must be a path (a string)" in message


def test_fingerprint_reflects_settings(tmp_path: Path) -> None:
    a = load_config(write_config(tmp_path, BASIC))
    b = load_config(write_config(tmp_path, BASIC + "[retrieval]\nrrf_k = 60\n"))
    assert a.fingerprint(100) != b.fingerprint(100)
    assert a.fingerprint(100)["retrieval"]["rrf_k"] == 10
    assert b.fingerprint(100)["retrieval"]["rrf_k"] == 60
    assert set(a.fingerprint(100)) == {"engine", "chunking", "retrieval", "research", "scorer"}


def test_fingerprint_names_the_dense_scope_in_effect_not_the_limit(tmp_path: Path) -> None:
    """Answers are keyed by which passages have vectors: a limit the corpus is far
    from changes no answer, crossing it changes them all."""
    a = load_config(write_config(tmp_path, BASIC))
    b = load_config(write_config(tmp_path, BASIC + "[retrieval]\ndense_all_up_to = 500\n"))
    assert a.fingerprint(100) == b.fingerprint(100)
    assert a.fingerprint(100)["retrieval"]["dense"] == "all passages"
    assert b.fingerprint(501)["retrieval"]["dense"] == "surfaced passages"
    assert a.fingerprint(501) != b.fingerprint(501)


def test_an_engine_table_chooses_the_engine_and_sets_the_model(tmp_path: Path) -> None:
    from dossier.research.llm import ModelSettings

    path = write_config(
        tmp_path,
        BASIC + '[engine]\nkind = "openai"\nmodel = "qwen2.5-7b"\ntimeout_seconds = 20\n'
        "call_budget = 300\nmax_repair_rounds = 1\n",
    )
    config = load_config(path)
    assert config.engine == "openai"
    assert config.model == ModelSettings(
        model="qwen2.5-7b", timeout_seconds=20.0, call_budget=300, max_repair_rounds=1
    )
    assert config.fingerprint(100)["model"]["model"] == "qwen2.5-7b"
    assert load_config(path, {"engine": "offline"}).engine == "offline"  # the flag wins


def test_the_engine_may_still_be_a_plain_name(tmp_path: Path) -> None:
    config = load_config(write_config(tmp_path, BASIC + 'engine = "openai"\n'))
    assert config.engine == "openai"
    assert config.model.max_repair_rounds == 2 and config.model.temperature == 0.0


def test_engine_table_errors_name_their_keys(tmp_path: Path) -> None:
    message = config_error(
        write_config(
            tmp_path,
            BASIC + '[engine]\nkind = "gpt"\ntimeout_seconds = "soon"\napi_key = "sk-x"\n',
        )
    )
    assert "'engine' must be one of offline, openai, not 'gpt'" in message
    assert "'engine.timeout_seconds' must be float" in message
    assert "unknown key 'engine.api_key'" in message


def test_encoder_is_read_and_checked(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC + '[retrieval]\nencoder = "int8"\n')
    assert load_config(path).retrieval.encoder == "int8"
    path = write_config(tmp_path, BASIC + '[retrieval]\nencoder = "fp16"\n')
    assert "'retrieval.encoder' must be one of auto, fp32, bf16, int8" in config_error(path)


def test_the_library_path_is_relative_to_the_file_and_the_flag_overrides_it(
    tmp_path: Path,
) -> None:
    path = write_config(tmp_path, BASIC + '[library]\npath = "answers/library.jsonl"\n')
    assert load_config(path).library == path.parent / "answers" / "library.jsonl"
    given = tmp_path / "other.jsonl"
    assert load_config(path, {"library": given}).library == given  # --library FILE
    assert load_config(write_config(tmp_path, BASIC)).library is None  # none: none is read


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('library = "x.jsonl"\n', "[library] must be a table with 'path'"),
        ("[library]\npath = 3\n", "'library.path' must be a path (a string)"),
        ('[library]\npath = "x.jsonl"\nformat = 2\n', "unknown key 'library.format'"),
    ],
)
def test_a_bad_library_table_names_the_key(tmp_path: Path, body: str, expected: str) -> None:
    assert expected in config_error(write_config(tmp_path, BASIC + body))


@pytest.mark.parametrize(
    ("out", "said"),
    [
        ('"docs"', "is the corpus folder"),
        ('"docs/"', "is the corpus folder"),
        ('"."', "holds the corpus folder"),
        ('".."', "holds the corpus folder"),
    ],
)
def test_an_output_folder_equal_to_or_above_the_corpus_is_refused(
    tmp_path: Path, out: str, said: str
) -> None:
    path = write_config(tmp_path, BASIC + f"out = {out}\n")
    (path.parent / "docs").mkdir()
    message = config_error(path)
    assert said in message and "choose an output folder outside the corpus" in message


def test_an_output_folder_inside_the_corpus_or_beside_it_is_fine(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC + 'out = "docs/build"\n')
    assert load_config(path).out == path.parent / "docs" / "build"
    assert load_config(path, {"out": path.parent / "docs-out"}).out == path.parent / "docs-out"


def test_the_critic_model_is_an_engine_setting(tmp_path: Path) -> None:
    path = write_config(tmp_path, BASIC + '[engine]\nkind = "openai"\ncritic_model = "checker"\n')
    config = load_config(path)
    assert config.model.critic_model == "checker"
    assert config.fingerprint(100)["model"]["critic_model"] == "checker"  # answers keyed by it
    assert "critic_model" in config_error(
        write_config(tmp_path, BASIC + "[engine]\ncritic_model = 3\n")
    )


def test_an_empty_model_name_is_refused(tmp_path: Path) -> None:
    """It built as engine "openai:" with every answer refused by the server."""
    path = write_config(tmp_path, BASIC + '[engine]\nkind = "openai"\nmodel = " "\n')
    assert "'engine.model' must name the model the server knows" in config_error(path)
