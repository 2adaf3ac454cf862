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
from dossier.records import ReviewStatus

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


@main.command()
@click.option(
    "--out", type=click.Path(path_type=Path), required=True, help="The built output folder."
)
@click.option("--reviewer", required=True, help="Who decides (recorded with a UTC time).")
@click.option("--approve-all", is_flag=True, help="Approve every pending answer.")
@click.option("--approve", "approve", is_flag=True, help="Approve the answers named by QID.")
@click.option(
    "--reject", "reject", is_flag=True, help="Reject the answers named by QID (needs --reason)."
)
@click.option("--reason", help="Why the answers are rejected.")
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.argument("question_ids", nargs=-1)
def review(
    out: Path,
    reviewer: str,
    approve_all: bool,
    approve: bool,
    reject: bool,
    reason: str | None,
    debug: bool,
    question_ids: tuple[str, ...],
) -> None:
    """Record review decisions: --approve-all | --approve QID... | --reject QID... --reason TEXT."""

    def action() -> None:
        from dossier.build import utc_iso
        from dossier.errors import InputError
        from dossier.render import read_dossier, write_atomic, write_outputs
        from dossier.review import (
            DECISIONS_FILE,
            apply_decisions,
            decide,
            decisions_json,
            load_decisions,
            pending,
        )

        modes = [approve_all, approve, reject]
        if sum(modes) != 1:
            raise InputError(
                "choose one of --approve-all, --approve QID..., --reject QID... --reason TEXT"
            )
        if (approve or reject) and not question_ids:
            raise InputError("name the questions to decide (QID...)")
        if approve_all and question_ids:
            raise InputError("--approve-all takes no QID")
        dossier = read_dossier(out)
        status: ReviewStatus = "rejected" if reject else "approved"
        chosen = None if approve_all else question_ids
        new = decide(dossier, chosen, status, reviewer, utc_iso(), reason)
        decisions = {**load_decisions(out), **{d.question_id: d for d in new}}
        write_atomic(out / DECISIONS_FILE, decisions_json(decisions))
        reviewed = apply_decisions(dossier, decisions)
        write_outputs(reviewed, out)
        left = pending(reviewed)
        click.echo(
            f"Recorded {len(new)} {status} by {reviewer}; {len(left)} answers still pending."
        )

    _run(debug, action)


@main.command()
@click.option(
    "--out",
    "key_path",
    type=click.Path(path_type=Path),
    required=True,
    help="Private key file to write.",
)
def keygen(key_path: Path) -> None:
    """Write an Ed25519 private key (PEM) and its public key beside it (FILE.pub)."""

    def action() -> None:
        from dossier.signing import fingerprint, keygen, load_public_key

        private, public = keygen(key_path)
        click.echo(
            f"Wrote {private} (keep it secret) and {public} "
            f"({fingerprint(load_public_key(public))})"
        )

    _run(False, action)


@main.command()
@click.option(
    "--out", type=click.Path(path_type=Path), required=True, help="The reviewed output folder."
)
@click.option(
    "--key",
    "key_path",
    type=click.Path(path_type=Path),
    required=True,
    help="Ed25519 private key (PEM).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def sign(out: Path, key_path: Path, debug: bool) -> None:
    """Sign the built, fully reviewed dossier (manifest.json + manifest.sig)."""

    def action() -> None:
        from dossier.build import utc_iso
        from dossier.render import read_dossier
        from dossier.signing import sign as sign_dossier

        signer = sign_dossier(read_dossier(out), out, key_path, utc_iso())
        click.echo(f"Signed {out / 'manifest.json'} with {signer}")

    _run(debug, action)


@main.command()
@click.option(
    "--out", type=click.Path(path_type=Path), required=True, help="The signed output folder."
)
@click.option(
    "--pubkey",
    type=click.Path(path_type=Path),
    help="The signer's public key (PEM) to check against.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def verify(out: Path, pubkey: Path | None, debug: bool) -> None:
    """Check every artefact against the signed manifest; exit 1 naming what failed."""

    def action() -> None:
        from dossier.signing import SigningError
        from dossier.signing import verify as verify_dossier

        result = verify_dossier(out, pubkey)
        if result.problems:
            raise SigningError(
                "verification failed:\n" + "\n".join(f"  {p}" for p in result.problems)
            )
        click.echo(f"OK: every artefact matches the manifest signed by {result.signer}")
        if result.key_from_manifest:
            click.echo(
                "Note: checked against the key named in the manifest; "
                "pass --pubkey to check who signed."
            )

    _run(debug, action)
