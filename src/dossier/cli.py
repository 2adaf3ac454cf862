"""The command line: parse, call the library, report. The only module that imports click."""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from dossier import __version__
from dossier.common.atomic import output_lock
from dossier.errors import DossierError
from dossier.records import Answer, ReviewStatus

DEFAULT_CONFIG = Path("dossier.toml")


@dataclass(frozen=True)
class Hooks:
    """What a program that runs the commands may inject, as ``main(obj=Hooks(...))``:
    tests pass a checkpoint that stops the process at a named point of the build.
    Without it the commands run as a user runs them."""

    checkpoint: Callable[[str], None] | None = None


def _config_file(given: Path | None) -> Path | None:
    """The --config file, else ./dossier.toml when there is one, else none."""
    if given is not None:
        return given
    return DEFAULT_CONFIG if DEFAULT_CONFIG.exists() else None


class TerminalReporter:
    """Progress bars on a terminal (stderr); when stderr is redirected (a CI log, a
    file), a line per tenth of a long stage (``LineProgress``)."""

    def __init__(self) -> None:
        self._bar: Any = None
        self._interactive = sys.stderr.isatty()

    def stage(self, name: str, total: int) -> Callable[[int], None]:
        self.close()
        if total == 0:
            return lambda advance: None
        if not self._interactive:
            return LineProgress(name, total, lambda line: _echo(line, err=True)).advance
        self._bar = click.progressbar(length=total, label=name, file=sys.stderr)
        self._bar.__enter__()
        return self._bar.update  # type: ignore[no-any-return]

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None


LONG_STAGE = 200  # items: a stage this long reports progress in a redirected log


class LineProgress:
    """Progress as plain lines for a log: "Answering questions: 500/5000 (10%)" at
    each tenth of a stage of at least ``LONG_STAGE`` items; a short stage says
    nothing (its end is seconds away)."""

    def __init__(self, name: str, total: int, write: Callable[[str], None]) -> None:
        self._name, self._total, self._write = name, total, write
        self._done = 0
        self._tenths = 0

    def advance(self, count: int) -> None:
        self._done += count
        if self._total < LONG_STAGE:
            return
        tenths = min(10, self._done * 10 // self._total)
        if tenths > self._tenths:
            self._tenths = tenths
            share = self._done * 100 // self._total
            self._write(f"{self._name}: {self._done}/{self._total} ({share}%)")


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and newline


def _echo(message: object = "", **options: Any) -> None:
    """click.echo, with control characters shown as \\xNN: a document, a question or
    a file name may hold escape sequences, which printed raw could hide or rewrite
    what a reviewer reads on the terminal, or set its title or clipboard."""
    click.echo(_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", str(message)), **options)


@contextmanager
def _reported(debug: bool) -> Iterator[None]:
    """What a command raises, as its user sees it: one line and an exit status
    (a traceback too with --debug)."""
    try:
        yield
    except DossierError as error:
        if debug:
            traceback.print_exc()
        _echo(f"Error: {error}", err=True)
        sys.exit(error.exit_code)
    except BrokenPipeError:  # the reader left ("dossier diff | head"): nothing to report
        _quiet_stdout()
        sys.exit(141)  # as a shell reports a process ended by SIGPIPE
    except OSError as error:  # the disk refused: a read-only folder, a path that is a file
        if debug:
            traceback.print_exc()
        where = f"{error.filename}: " if error.filename else ""
        _echo(f"Error: {where}{error.strerror or error}", err=True)
        sys.exit(1)
    except KeyboardInterrupt as interrupted:
        detail = str(interrupted)
        _echo(f"Interrupted: {detail}" if detail else "Interrupted.", err=True)
        sys.exit(130)
    except Exception as error:  # an internal error: one line, traceback with --debug
        if debug:
            raise
        _echo(
            f"Internal error: {type(error).__name__}: {error} (run with --debug for details)",
            err=True,
        )
        sys.exit(1)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that flushing it at exit does
    not fail again on the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (a test's captured output)
        pass


@click.group()
@click.version_option(__version__, prog_name="dossier")
def main() -> None:
    """Answer security questionnaires from your own documents, with verified quotes."""


def run(args: list[str] | None = None, obj: Any = None) -> int:
    """The command line as its user runs it (``dossier.launch``): click's own
    handling but for Ctrl-C, which is raised (to be "Interrupted." and 130) even
    while click parses the arguments, where click would print "Aborted!" and exit 1."""
    try:
        status = main.main(args, standalone_mode=False, obj=obj)
    except click.Abort as aborted:
        if isinstance(aborted.__cause__, KeyboardInterrupt):
            raise aborted.__cause__ from None
        _echo("Aborted!", err=True)  # the end of input at a prompt
        return 1
    except click.ClickException as error:
        error.show()
        return error.exit_code
    return status if isinstance(status, int) else 0  # an int: what click.exceptions.Exit held


class _PathGiven(click.Path):
    """A path that is not the empty string (which would mean the current folder)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and not value.strip():
            self.fail("an empty path; name a file or folder", param, ctx)
        return super().convert(value, param, ctx)


def _project_options(command: Callable[..., None]) -> Callable[..., None]:
    """--config, --corpus, --questions, --out: what a build reads and where it writes."""
    options = [
        click.option(
            "--config",
            "config_path",
            type=_PathGiven(path_type=Path),
            help="Settings file (default: ./dossier.toml if present).",
        ),
        click.option(
            "--corpus",
            type=_PathGiven(path_type=Path),
            help="Folder of documents (.md, .markdown, .txt, .pdf), read recursively.",
        ),
        click.option(
            "--questions",
            type=_PathGiven(path_type=Path),
            help="Questionnaire file (.csv, .yaml, .yml, .xlsx or .xlsm).",
        ),
        click.option(
            "--out",
            type=_PathGiven(path_type=Path),
            help="Output folder (dossier.json, dossier.md, manifest.json, cache/).",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _folder_options(command: Callable[..., None]) -> Callable[..., None]:
    """--config and --out for the commands that work on a built output folder:
    --out, else `out` in the settings file, else ./build (where build writes)."""
    command = click.option(
        "--out",
        type=_PathGiven(path_type=Path),
        help="The output folder (default: 'out' in dossier.toml, else ./build).",
    )(command)
    return click.option(
        "--config",
        "config_path",
        type=_PathGiven(path_type=Path),
        help="Settings file naming the output folder (default: ./dossier.toml if present).",
    )(command)


def _folder(config_path: Path | None, out: Path | None) -> Path:
    from dossier.config import output_folder

    return output_folder(_config_file(config_path), out)


def _built_folder(config_path: Path | None, out: Path | None) -> Path:
    """The output folder, which must hold a built dossier (checked before it is locked,
    so that a mistyped folder is not created)."""
    from dossier.common.atomic import lock_holder
    from dossier.errors import InputError

    folder = _folder(config_path, out)
    if not (folder / "dossier.json").is_file():
        holder = lock_holder(folder)
        if holder is not None:
            raise InputError(f"{folder}: no dossier yet; {holder} is building it")
        raise InputError(f"{folder}: no dossier here (run 'dossier build' first, or name --out)")
    return folder


@main.command()
@_project_options
@click.option(
    "--engine",
    type=click.Choice(["offline", "openai"]),
    help="Answering engine (default: offline).",
)
@click.option("--jobs", type=click.IntRange(min=1), help="Questions answered in parallel.")
@click.option(
    "--library",
    type=_PathGiven(path_type=Path),
    help="Answer library (JSON Lines) to start from (default: [library] path).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.pass_context
def build(ctx: click.Context, /, config_path: Path | None, debug: bool, **overrides: Any) -> None:
    """Build the dossier: index the corpus and answer every question."""
    hooks = ctx.find_object(Hooks) or Hooks()

    with _reported(debug):
        from dossier.config import check_paths, load_config

        config = load_config(_config_file(config_path), overrides)
        check_paths(config)  # before the heavy imports: a mistyped path is reported at once

        from dossier.build import answers_kept, no_checkpoint
        from dossier.build import build as run_build
        from dossier.index.embed import LazyEmbedder, MiniLMEmbedder

        reporter = TerminalReporter()
        checkpoint = hooks.checkpoint or no_checkpoint
        try:
            with output_lock(config.out, keep=answers_kept):
                embedder = LazyEmbedder(MiniLMEmbedder, config.retrieval.encoder)
                result = run_build(
                    config, embedder=embedder, reporter=reporter, checkpoint=checkpoint
                )
        finally:
            reporter.close()
        _report_build(result)


def _report_build(result: Any) -> None:
    from dossier.output.render import counted
    from dossier.review.workflow import change_lines

    dossier = result.dossier
    counts: dict[str, int] = {}
    for answer in dossier.answers:
        counts[answer.verdict] = counts.get(answer.verdict, 0) + 1
    _echo(
        f"Built {counted(len(dossier.answers), 'answer')} from "
        f"{counted(dossier.build.documents, 'document')}: "
        + ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
    )
    if dossier.build.model_calls:
        _echo(f"  {dossier.build.model_calls} model calls ({dossier.build.engine})")
    trouble = result.model_trouble
    if trouble is not None:
        _echo(
            f"Model server {trouble.server} could not be used: {trouble.failed} of "
            f"{trouble.calls} model calls failed (first: {trouble.first}); those answers "
            "escalate, and the next build asks again"
        )
    if dossier.build.library:
        from dossier.review.recall import library_summary

        _echo(f"  {library_summary(dossier)}")
    for failure in dossier.build.documents_failed:
        _echo(f"  could not read {failure.path}: {failure.reason}")
    for note in (*dossier.build.corpus_notes, *dossier.build.questionnaire_notes):
        _echo(f"  {note}")
    for line in _trust_lines(result):
        _echo(line)
    for line in change_lines(result.changes, dossier):
        _echo(line)
    if result.restored:
        _echo(
            f"Restored {', '.join(result.restored)}: changed since it was written; written "
            "again from the record, byte for byte as manifest.json lists it (a signature holds)"
        )
    if result.up_to_date:
        _echo(
            f"Up to date: nothing changed since the build of {dossier.build.finished_at}; "
            f"kept {', '.join(str(p) for p in result.paths.values())}"
        )
    else:
        _echo(f"Wrote {', '.join(str(p) for p in result.paths.values())}")
    for step in result.changes.next_steps:
        _echo(f"Next: {step}")
    if trouble is not None and trouble.none_succeeded:
        from dossier.errors import BuildError

        raise BuildError(
            f"no model call succeeded: the model server {trouble.server} could not be used "
            f"({trouble.first}); every answer it was asked for escalates. Check the server "
            "(OPENAI_BASE_URL) and build again"
        )


def _trust_lines(result: Any) -> list[str]:
    """Passages that read as instructions to a model, and cache entries discarded."""
    lines = [
        f"  {p.document} (characters {p.start}–{p.end}) reads as instructions to a language "
        f"model (“{p.cue}”): flagged wherever it is quoted"
        for p in result.dossier.build.instruction_passages
    ]
    lines += [f"  cache: discarded {d.entry} ({d.kind}): {d.reason}" for d in result.discarded]
    return lines


@main.command()
@_folder_options
@click.option("--reviewer", required=True, help="Who decides (recorded with a UTC time).")
@click.option(
    "--approve-all",
    is_flag=True,
    help="Approve every pending answer but the escalated ones (listed, with why).",
)
@click.option(
    "--include-escalated",
    is_flag=True,
    help="With --approve-all: approve the escalated answers too.",
)
@click.option("--approve", "approve", is_flag=True, help="Approve the answers named by QID.")
@click.option(
    "--reject", "reject", is_flag=True, help="Reject the answers named by QID (needs --reason)."
)
@click.option(
    "--edit",
    "edit",
    is_flag=True,
    help="Replace one answer's text (QID, --text); quotes are re-verified.",
)
@click.option(
    "--interactive",
    is_flag=True,
    help="Walk the pending answers: approve, edit, reject, skip; lays out the PDF at the end.",
)
@click.option("--reason", help="Why the answers are rejected (or edited).")
@click.option("--text", help="The new answer text, with --edit.")
@click.option(
    "--library",
    type=_PathGiven(path_type=Path),
    help="Answer library to add the decisions to (default: [library] path, else the build's).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.argument("question_ids", nargs=-1)
def review(
    config_path: Path | None,
    out: Path | None,
    reviewer: str,
    approve_all: bool,
    include_escalated: bool,
    approve: bool,
    reject: bool,
    edit: bool,
    interactive: bool,
    reason: str | None,
    text: str | None,
    library: Path | None,
    debug: bool,
    question_ids: tuple[str, ...],
) -> None:
    """Record review decisions: --approve-all [--include-escalated] | --approve QID...
    | --reject QID... --reason TEXT | --edit QID --text TEXT | --interactive.
    --approve-all leaves each escalated answer pending (naming it and its findings)
    unless --include-escalated. Each decision rewrites dossier.json,
    dossier.md, review.json and the manifest at once; dossier.pdf is laid out when
    needed (end of --interactive, dossier render, dossier sign)."""

    with _reported(debug):
        from dossier.errors import InputError
        from dossier.review.workflow import escalated_lines

        if sum([approve_all, approve, reject, edit, interactive]) != 1:
            raise InputError(
                "choose one of --approve-all, --approve QID..., --reject QID... --reason TEXT, "
                "--edit QID --text TEXT, --interactive"
            )
        if (approve or reject or edit) and not question_ids:
            raise InputError("name the questions to decide (QID...)")
        if (approve_all or interactive) and question_ids:
            raise InputError("--approve-all and --interactive take no QID")
        if edit and (len(question_ids) != 1 or text is None):
            raise InputError("--edit takes one QID and --text")
        if text is not None and not edit:
            raise InputError("--text needs --edit (it is the new text of the answer edited)")
        if include_escalated and not approve_all:
            raise InputError("--include-escalated goes with --approve-all")
        folder = _built_folder(config_path, out)
        library = _review_library(config_path, folder, library)
        if interactive:
            with output_lock(folder):
                _interactive_session(folder, reviewer, library)
            return
        status: ReviewStatus = "rejected" if reject else "edited" if edit else "approved"
        chosen = None if approve_all else question_ids
        with output_lock(folder):
            recorded = _record(
                folder, reviewer, status, chosen, reason, text, library, include_escalated
            )
        for line in escalated_lines(recorded.escalated_left):
            _echo(line)
        for step in recorded.next_steps:
            _echo(f"Next: {step}")


def _review_library(config_path: Path | None, out: Path, given: Path | None) -> Path | None:
    """The library a review adds its decisions to (see ``library.library_for``)."""
    from dossier.config import configured_library
    from dossier.review.library import library_for

    return library_for(out, given, configured_library(_config_file(config_path)))


def _record(
    out: Path,
    reviewer: str,
    status: ReviewStatus,
    question_ids: tuple[str, ...] | None,
    reason: str | None,
    text: str | None = None,
    library: Path | None = None,
    include_escalated: bool = False,
) -> Any:
    from dossier.output.render import counted
    from dossier.review.workflow import record_decisions

    recorded = record_decisions(
        out,
        reviewer,
        status,
        question_ids,
        reason,
        text,
        library,
        include_escalated=include_escalated,
    )
    if recorded.unchanged:
        _echo(
            f"Already recorded: {', '.join(recorded.unchanged)} {status} by {reviewer}, "
            "on the answer as it stands; not recorded again"
        )
    if not recorded.decided:
        _echo(
            f"Nothing to record: {_nothing_why(question_ids, recorded)}"
            + (f"; added {recorded.remembered} to the library {library}" if library else "")
        )
        return recorded
    _echo(
        f"Recorded {recorded.decided} {status} by {reviewer}; "
        f"{counted(recorded.pending, 'answer')} still pending."
        + (f" Added {recorded.remembered} to the library {library}." if library else "")
    )
    if recorded.signature_removed:
        _echo(
            f"Signature removed: {', '.join(recorded.signature_removed)} (the decision "
            "changed the dossier; a signature covers only the files it signed)"
        )
    return recorded


def _nothing_why(question_ids: tuple[str, ...] | None, recorded: Any) -> str:
    if question_ids is None and not recorded.pending:
        return "no answer awaits review"
    if question_ids is None and recorded.pending == len(recorded.escalated_left):
        return "only escalated answers await review (above)"
    return "nothing changed; the folder is left as it was"


def _interactive_session(out: Path, reviewer: str, library: Path | None) -> None:
    """Decide pending answers one at a time (each saved at once), then lay out the
    PDF once, however the session ends (q, the end of input, Ctrl-C at a prompt)."""
    from dossier.review.workflow import next_steps, render_final

    decided: list[str] = []
    try:
        _review_interactively(out, reviewer, decided, library)
    except click.Abort:  # end of input, or Ctrl-C at a prompt
        _echo("\nStopped; every decision made so far is saved.")
    if decided:
        _echo("Laying out dossier.pdf with the decisions made ...")
        dossier = render_final(out)
        _echo(f"Wrote {out / 'dossier.pdf'}")
        for step in next_steps(dossier, out):
            _echo(f"Next: {step}")


def _review_interactively(
    out: Path, reviewer: str, decided: list[str], library: Path | None
) -> None:
    """One pending answer at a time; each decision is saved at once (and named in
    ``decided``), so a person can stop (q) and resume later."""
    from dossier.review.recall import note_lines
    from dossier.review.workflow import decision_lines, pending_answers

    for answer in pending_answers(out):
        _echo()
        for line in decision_lines(answer):
            _echo(line)
        _echo()
        for line in note_lines(answer):  # what the answer library says beside it
            _echo(line)
        outcome = _decide_one(out, reviewer, answer, library)
        if outcome == "q":
            return
        if outcome == "decided":
            decided.append(answer.question_id)


def _decide_one(out: Path, reviewer: str, answer: Answer, library: Path | None) -> str:
    """Ask until one answer is decided ("decided"), skipped ("s") or the session
    quit ("q"). A refused decision asks again; a refused edit's text is kept, and
    the next edit starts from it, so that nothing typed is lost."""
    from dossier.errors import InputError

    draft = answer.answer
    while True:
        choice = click.prompt(
            "approve (a), edit (e), reject (r), skip (s), quit (q)",
            type=click.Choice(["a", "e", "r", "s", "q"]),
        )
        if choice in ("q", "s"):
            return choice
        try:
            if choice == "a":
                _record(out, reviewer, "approved", (answer.question_id,), None, None, library)
            elif choice == "r":
                reason = click.prompt("reason")
                _record(out, reviewer, "rejected", (answer.question_id,), reason, None, library)
            else:
                draft = _read_edit(draft)
                _record(out, reviewer, "edited", (answer.question_id,), None, draft, library)
            return "decided"
        except InputError as error:
            _echo(f"Not recorded: {error}")
            if choice == "e":
                _echo(f"Your text, kept for the next edit (e):\n{draft}\n")


def _read_edit(current: str) -> str:
    if sys.stdin.isatty():
        edited = click.edit(current)
        return edited if edited is not None else current
    _echo("New answer text; end with a line holding only '.':")
    lines = []
    for line in sys.stdin:
        if line.rstrip("\n") == ".":
            break
        lines.append(line)
    return "".join(lines)


@main.group()
def library() -> None:
    """The answer library: list, show or remove entries; import hand answers."""


def _library_options(command: Callable[..., None]) -> Callable[..., None]:
    """--library and --config: which library file (default: [library] path)."""
    command = click.option("--debug", is_flag=True, help="Show tracebacks.")(command)
    command = click.option(
        "--config",
        "config_path",
        type=_PathGiven(path_type=Path),
        help="Settings file (default: ./dossier.toml if present).",
    )(command)
    return click.option(
        "--library",
        "library_path",
        type=_PathGiven(path_type=Path),
        help="The library file (default: [library] path in dossier.toml).",
    )(command)


def _library_file(given: Path | None, config_path: Path | None) -> Path:
    from dossier.config import configured_library
    from dossier.errors import InputError

    found = given or configured_library(_config_file(config_path))
    if found is None:
        raise InputError("no answer library: pass --library FILE or set [library] path")
    return found


@library.command("list")
@_library_options
def library_list(library_path: Path | None, config_path: Path | None, debug: bool) -> None:
    """One line per entry: id, kind, date, reviewer, questionnaire, short answer, question."""
    with _reported(debug):
        from dossier.review.library import load_library, summary_line

        book = load_library(_library_file(library_path, config_path))
        for entry in book.entries:
            _echo(summary_line(entry))
        _echo(f"{len(book.entries)} entries in {book.path}")


@library.command("show")
@_library_options
@click.argument("entry_id")
def library_show(
    library_path: Path | None, config_path: Path | None, debug: bool, entry_id: str
) -> None:
    """Show one entry (ID, or a unique prefix of it)."""
    with _reported(debug):
        from dossier.review.library import describe, load_library

        entry = load_library(_library_file(library_path, config_path)).get(entry_id)
        for line in describe(entry):
            _echo(line)


@library.command("remove")
@_library_options
@click.argument("entry_id")
def library_remove(
    library_path: Path | None, config_path: Path | None, debug: bool, entry_id: str
) -> None:
    """Remove one entry (ID, or a unique prefix of it)."""
    with _reported(debug):
        from dossier.review.library import remove_entry

        path = _library_file(library_path, config_path)
        gone = remove_entry(path, entry_id)
        _echo(f"Removed {gone.id} ({gone.kind}, {gone.question_id}) from {path}")


@library.command("import")
@_library_options
@click.option(
    "--corpus",
    type=_PathGiven(path_type=Path),
    help="Folder of documents to find the hand answers' sentences in (default: corpus).",
)
@click.argument("answered", type=_PathGiven(path_type=Path))
def library_import(
    library_path: Path | None,
    config_path: Path | None,
    debug: bool,
    corpus: Path | None,
    answered: Path,
) -> None:
    """Import a questionnaire answered by hand (CSV or XLSX): each answer a hint
    shown to the reviewer, never evidence; its sentences found word for word in
    the corpus become verified quotes."""
    with _reported(debug):
        from dossier.common.clock import utc_iso
        from dossier.config import load_config
        from dossier.review.hints import import_hand_answers
        from dossier.review.library import update_library

        path = _library_file(library_path, config_path)
        overrides = {"corpus": corpus, "questions": answered}
        config = load_config(_config_file(config_path), overrides)
        entries = import_hand_answers(
            answered, config.corpus, config.chunking, config.questionnaire, utc_iso()
        )
        update_library(path, entries)
        quoted = sum(len(e.quotes) for e in entries)
        _echo(
            f"Imported {len(entries)} hand answers from {answered} into {path} as hints; "
            f"{quoted} of their sentences are, word for word, in the corpus"
        )


@main.command()
@_folder_options
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def render(config_path: Path | None, out: Path | None, debug: bool) -> None:
    """Render every artefact again from dossier.json and its decisions, laying out
    dossier.pdf (a review decision leaves it to be laid out). A signed dossier is
    left as it is."""

    with _reported(debug):
        from dossier.output.manifest import SIGNATURE
        from dossier.review.signing import signed_artefact_problems
        from dossier.review.workflow import next_steps, render_final

        folder = _built_folder(config_path, out)
        if (folder / SIGNATURE).exists():
            changed = signed_artefact_problems(folder)
            if changed:  # a signed folder altered since: say so, render nothing
                _echo(
                    f"{folder} is signed, but {'; '.join(changed)}: nothing rendered; "
                    "dossier verify names every difference",
                    err=True,
                )
                sys.exit(1)
            _echo(
                f"{folder} is signed: nothing to render (rendering again would remove the "
                "signature); dossier verify checks it"
            )
            return
        with output_lock(folder):
            dossier = render_final(folder)
        _echo(f"Rendered {folder}: dossier.json, dossier.md, dossier.pdf, manifest.json")
        for step in next_steps(dossier, folder):
            _echo(f"Next: {step}")


@main.command()
@click.option(
    "--out",
    "key_path",
    type=_PathGiven(path_type=Path),
    required=True,
    help="Private key file to write (keep it outside any repository, e.g. "
    "~/.config/dossier/signer.pem); FILE.pub and FILE.ssh.pub are written beside it.",
)
def keygen(key_path: Path) -> None:
    """Write an Ed25519 key pair: FILE (private key, PEM, mode 0600), FILE.pub (public
    key, PEM: dossier verify --pubkey) and FILE.ssh.pub (public key, OpenSSH: for
    recipients who check with ssh-keygen)."""

    with _reported(False):
        from dossier.review.signing import fingerprint, keygen, load_public_key, unignored_in_git

        private, public, ssh = keygen(key_path)
        _echo(f"Wrote {private} (the private key: keep it secret)")
        _echo(f"Wrote {public} (public key, PEM: dossier verify --pubkey {public})")
        _echo(f"Wrote {ssh} (public key, OpenSSH: give it to recipients)")
        _echo(f"Fingerprint: {fingerprint(load_public_key(public))}")
        repository = unignored_in_git(private)
        if repository is not None:
            _echo(
                f"Warning: {private} is inside the git working tree {repository} and not "
                "ignored: add it to .gitignore, or keep keys outside the repository",
                err=True,
            )


@main.command()
@_folder_options
@click.option(
    "--key",
    "key_path",
    type=_PathGiven(path_type=Path),
    required=True,
    help="Ed25519 private key (PEM), as dossier keygen writes it.",
)
@click.option(
    "--corpus",
    type=_PathGiven(path_type=Path),
    help="The corpus to re-verify every quote against (default: the folder the build read).",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def sign(
    config_path: Path | None, out: Path | None, key_path: Path, corpus: Path | None, debug: bool
) -> None:
    """Sign the built, fully reviewed dossier: re-verify every quote against the
    corpus, render every artefact again from the final decisions (laying out
    dossier.pdf), then write manifest.json, manifest.sig, SHA256SUMS, SHA256SUMS.sig
    and allowed_signers."""

    with _reported(debug):
        from dossier.common.clock import utc_iso
        from dossier.review.signing import sign as sign_dossier
        from dossier.review.workflow import SIGNED_FILES

        folder = _built_folder(config_path, out)
        with output_lock(folder):
            signed = sign_dossier(folder, key_path, utc_iso(), corpus)
        for name in signed.rendered_anew:
            _echo(
                f"  {name}: differed from what dossier.json and review.json render to "
                "(edited by hand, or left stale); rendered again and signed"
            )
        _echo(f"Signed {folder} with {signed.fingerprint}: wrote {', '.join(SIGNED_FILES)}")


@main.command()
@_folder_options
@click.option(
    "--pubkey",
    type=_PathGiven(path_type=Path),
    help="The signer's public key to check against: PEM (FILE.pub) or OpenSSH (FILE.ssh.pub).",
)
@click.option(
    "--corpus",
    type=_PathGiven(path_type=Path),
    help="The corpus documents: also check every quote against them.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def verify(
    config_path: Path | None,
    out: Path | None,
    pubkey: Path | None,
    corpus: Path | None,
    debug: bool,
) -> None:
    """Check every artefact against the signed manifest, and dossier.md against
    dossier.json (with --corpus, every quote too); exit 1 naming what failed."""

    with _reported(debug):
        from dossier.review.signing import SigningError
        from dossier.review.signing import verify as verify_dossier

        result = verify_dossier(_folder(config_path, out), pubkey, corpus)
        if result.problems:
            raise SigningError(
                "verification failed:\n" + "\n".join(f"  {p}" for p in result.problems)
            )
        checked = "; every quote is in its document" if corpus is not None else ""
        _echo(f"OK: every artefact matches the manifest signed by {result.signer}{checked}")
        for note in result.notes:
            _echo(f"Note: {note}")
        if result.key_from_manifest:
            _echo(
                "Note: checked against the key named in the manifest; "
                "pass --pubkey to check who signed."
            )


@main.command("eval")
@_folder_options
@click.option(
    "--labels",
    type=click.Path(path_type=Path),
    required=True,
    help="labels.jsonl: id, answerable, documents, anchors.",
)
@click.option(
    "--corpus",
    type=click.Path(path_type=Path),
    help="The corpus (default: the one the build read).",
)
@click.option(
    "--baseline/--no-baseline", default=True, help="Also score the naive single-shot baseline."
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def evaluate(
    config_path: Path | None,
    out: Path | None,
    labels: Path,
    corpus: Path | None,
    baseline: bool,
    debug: bool,
) -> None:
    """Score a built dossier against labels, beside a naive baseline; writes eval.json."""

    with _reported(debug):
        out = _built_folder(config_path, out)

        from dossier.config import configured_encoder
        from dossier.evaluation.evaluate import FIGURES, evaluate_build, shown
        from dossier.index.embed import LazyEmbedder, MiniLMEmbedder

        # the build's encoder, read as build reads it: the baseline reuses its vectors
        encoder = configured_encoder(_config_file(config_path))
        embedder = LazyEmbedder(MiniLMEmbedder, encoder) if baseline else None
        report = evaluate_build(out, labels, corpus, embedder)
        columns = ["dossier", "baseline"] if baseline else ["dossier"]
        _echo(f"{'figure':<56}" + "".join(f"{c:>10}" for c in columns))
        for name, title in FIGURES:
            _echo(f"{title:<56}" + "".join(f"{shown(report[c][name]):>10}" for c in columns))
        missed = [
            r
            for r in report["dossier"]["questions"]
            if r["outcome"] not in ("answered", "correct abstention")
        ]
        for row in missed:
            _echo(
                f"  {row['id']}: {row['outcome']} (cited {', '.join(row['cited']) or 'nothing'}; "
                f"labelled {', '.join(row['labelled']) or 'none'})"
            )
        scenario = report["dossier"].get("scenario")
        if scenario:
            _echo(
                f"scenarios: route accuracy {scenario['route_accuracy']}, unnecessary tool calls "
                f"{scenario['unnecessary_tool_calls']}, duplicate retrievals "
                f"{scenario['duplicate_retrievals']}"
            )
        _unscored(report["labels_not_in_dossier"], "labels for ids this dossier does not ask")
        _unscored(report["questions_not_labelled"], "questions of this dossier without a label")
        _echo(f"Wrote {out / 'eval.json'}")


def _unscored(ids: list[str], what: str) -> None:
    """A note for what the figures leave out where labels and dossier disagree."""
    if ids:
        shown = ", ".join(ids[:5]) + (f" and {len(ids) - 5} more" if len(ids) > 5 else "")
        _echo(f"Not scored, {what} ({len(ids)}): {shown}")


@main.command()
@_folder_options
@click.option(
    "--build",
    "kept",
    metavar="SHA256",
    help="An earlier build: a sha256 prefix from <out>/history (as for diff), "
    "or a dossier.json; told from its record, since traces are of the latest build.",
)
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.argument("question_id")
def explain(
    config_path: Path | None, out: Path | None, kept: str | None, debug: bool, question_id: str
) -> None:
    """Print how one question was researched and decided, from its stored trace
    (from what dossier.json records when the cache was deleted)."""

    with _reported(debug):
        from dossier.output.trace import explain as describe
        from dossier.output.trace import explain_record, read_trace, trace_path, trace_problems

        folder = _folder(config_path, out)
        if kept is not None:
            _explain_kept(folder, kept, question_id)
            return
        answer = _recorded_answer(folder, question_id)
        if answer is not None and not trace_path(folder, question_id).is_file():
            _echo(explain_record(answer))  # the cache was deleted: the record remains
            return
        trace = read_trace(folder, question_id)
        _echo(describe(trace))
        problems = trace_problems(trace, answer) if answer is not None else []
        if problems:
            raise DossierError(
                f"{folder}: the stored trace of {question_id} does not match dossier.json "
                f"({'; '.join(problems)}): the cache was edited, or the trace is of another "
                "build; build again to trace it afresh"
            )


def _explain_kept(folder: Path, kept: str, question_id: str) -> None:
    """Explain a question of an earlier build from the record history/ keeps of it."""
    from dossier.errors import InputError
    from dossier.incremental.history import load_build
    from dossier.output.trace import explain_record

    label, dossier = load_build(folder, kept, -1)
    answer = next((a for a in dossier.answers if a.question_id == question_id), None)
    if answer is None:
        raise InputError(f"{folder}: build {label} asks no question '{question_id}'")
    _echo(f"Build {label}")
    _echo(explain_record(answer, "traces are of the latest build"))


def _recorded_answer(folder: Path, question_id: str) -> Any:
    """The answer dossier.json holds for the question (None without a readable record)."""
    from dossier.output.serialise import read_dossier

    try:
        dossier = read_dossier(folder)
    except DossierError:
        return None
    return next((a for a in dossier.answers if a.question_id == question_id), None)


@main.command()
@_project_options
@click.option("--debug", is_flag=True, help="Show tracebacks.")
def status(config_path: Path | None, debug: bool, **overrides: Any) -> None:
    """Say what the next build would redo and why (like make -n); writes nothing."""

    with _reported(debug):
        from dossier.config import check_paths, load_config
        from dossier.incremental.status import plan_build
        from dossier.index.embed import MiniLMEmbedder

        config = load_config(_config_file(config_path), overrides)
        check_paths(config)  # what the build would refuse, status refuses too
        embedder_name = MiniLMEmbedder.name_for(config.retrieval.encoder)
        for line in plan_build(config, embedder_name).lines():
            _echo(line)


@main.command()
@_folder_options
@click.option("--debug", is_flag=True, help="Show tracebacks.")
@click.argument("old", required=False)
@click.argument("new", required=False)
def diff(
    config_path: Path | None, out: Path | None, debug: bool, old: str | None, new: str | None
) -> None:
    """Show what changed between two builds: OLD and NEW are sha256 prefixes from
    <out>/history or paths to dossier.json files (default: the previous and the latest)."""

    with _reported(debug):
        from dossier.incremental.history import diff_dossiers, load_build

        out = _folder(config_path, out)
        old_label, old_dossier = load_build(out, old, -2)
        new_label, new_dossier = load_build(out, new, -1)
        _echo(f"From {old_label} to {new_label}")
        for line in diff_dossiers(old_dossier, new_dossier):
            _echo(f"  {line}")
