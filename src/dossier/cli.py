"""The command line: parse, call the library, report. The only module that imports click."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from dossier import __version__
from dossier.errors import DossierError

DEFAULT_CONFIG = Path("dossier.toml")


class TerminalReporter:
    """Progress bars on a terminal (stderr); nothing when output is redirected."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._interactive = sys.stderr.isatty()

    def stage(self, name: str, total: int) -> Callable[[int], None]:
        self.close()
        if not self._interactive or total == 0:
            return lambda advance: None
        self._bar = click.progressbar(length=total, label=name, file=sys.stderr)
        self._bar.__enter__()
        return self._bar.update  # type: ignore[no-any-return]

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


def _run(debug: bool, action: Callable[[], None]) -> None:
    try:
        action()
    except DossierError as error:
        if debug:
            traceback.print_exc()
        click.echo(f"Error: {error}", err=True)
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        click.echo("Interrupted.", err=True)
        sys.exit(130)
    except Exception as error:  # an internal error: one line, traceback with --debug
        if debug:
            raise
        click.echo(
            f"Internal error: {type(error).__name__}: {error} (run with --debug for details)",
            err=True,
        )
        sys.exit(1)


@click.group()
@click.version_option(__version__, prog_name="dossier")
def main() -> None:
    """Answer security questionnaires from your own documents, with verified quotes."""


@main.command()
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path),
    help="Settings file (default: ./dossier.toml if present).",
)
@click.option(
    "--corpus",
    type=click.Path(path_type=Path),
    help="Folder of documents (.md, .txt, .pdf), read recursively.",
)
@click.option(
    "--questions", type=click.Path(path_type=Path), help="Questionnaire file (.csv or .yaml)."
)
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    help="Output folder (dossier.json, dossier.md, manifest.json, cache/).",
)
@click.option(
    "--engine",
    type=click.Choice(["offline", "openai"]),
    help="Answering engine (default: offline).",
)
@click.option("--jobs", type=click.IntRange(min=1), help="Questions answered in parallel.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def build(config_path: Path | None, debug: bool, **overrides: Any) -> None:
    """Build the dossier: index the corpus and answer every question."""

    def action() -> None:
        from dossier.build import build as run_build
        from dossier.config import load_config
        from dossier.embed import MiniLMEmbedder

        path = (
            config_path
            if config_path is not None
            else (DEFAULT_CONFIG if DEFAULT_CONFIG.exists() else None)
        )
        config = load_config(path, overrides)
        reporter = TerminalReporter()
        try:
            result = run_build(config, embedder=MiniLMEmbedder(), reporter=reporter)
        finally:
            reporter.close()
        _report_build(result)

    _run(debug, action)


def _report_build(result: Any) -> None:
    dossier = result.dossier
    counts: dict[str, int] = {}
    for answer in dossier.answers:
        counts[answer.verdict] = counts.get(answer.verdict, 0) + 1
    click.echo(
        f"Built {len(dossier.answers)} answers from {dossier.build.documents} documents: "
        + ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
    )
    for failure in dossier.build.documents_failed:
        click.echo(f"  could not read {failure.path}: {failure.reason}")
    click.echo(f"Wrote {', '.join(str(p) for p in result.paths.values())}")
