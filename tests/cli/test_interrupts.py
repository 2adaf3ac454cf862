"""Ctrl-C as a user presses it: at start-up, while click parses, and as the process
exits; always one line and exit status 130, never a traceback (dossier.launch)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from dossier.cli import main as command_line
from dossier.launch import main

ROOT = Path(__file__).resolve().parents[2]

# Sends this process SIGINT when `module` is imported, as Ctrl-C pressed at that moment.
CTRL_C_WHILE_IMPORTING = """
import importlib.abc, os, signal, sys

class CtrlC(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == {module!r}:
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, CtrlC())
"""


def _python(code: str, *args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args] if not code else [sys.executable, "-c", code, *args],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=120,
        # As a terminal has it (a background job ignores SIGINT; see test_incremental).
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _console_script() -> str:
    """What `dossier` runs: the code pip writes for pyproject's console script."""
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, function = scripts["dossier"].split(":")
    return f"import sys\nfrom {module} import {function}\nsys.exit({function}())\n"


RUN_AS_MODULE = "import runpy\nrunpy.run_module('dossier', run_name='__main__', alter_sys=True)\n"


@pytest.mark.parametrize("entry", ["console script", "python -m dossier"])
@pytest.mark.parametrize("module", ["click", "dossier.cli", "dossier.records"])
def test_ctrl_c_while_starting_is_one_line_and_130(entry: str, module: str) -> None:
    """Found by an adversarial review: Ctrl-C in the first half second, while the
    command line was imported (before its own handling of Ctrl-C), printed a traceback."""
    start = _console_script() if entry == "console script" else RUN_AS_MODULE
    done = _python(CTRL_C_WHILE_IMPORTING.format(module=module) + start, "--version")
    assert (done.returncode, done.stderr, done.stdout) == (130, "Interrupted.\n", "")


@pytest.fixture
def keeps_ctrl_c() -> Iterator[None]:
    """The test process's handling of SIGINT, as it was after the test."""
    before = signal.getsignal(signal.SIGINT)
    yield
    signal.signal(signal.SIGINT, before)


@pytest.mark.usefixtures("keeps_ctrl_c")
def test_ctrl_c_while_click_parses_is_interrupted_not_aborted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Click turned it into "Aborted!" and exit status 1."""

    def ctrl_c(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(command_line, "make_context", ctrl_c)
    monkeypatch.setattr(sys, "argv", ["dossier", "--version"])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 130
    assert capsys.readouterr().err.strip() == "Interrupted."


@pytest.mark.usefixtures("keeps_ctrl_c")
@pytest.mark.parametrize(
    ("args", "status", "shown"),
    [
        (["--version"], 0, "dossier, version"),
        (["no-such-command"], 2, "No such command"),
        (["verify", "--out", "/nonexistent/dossier-out"], 2, "Error: /nonexistent"),
    ],
)
def test_the_entry_keeps_the_exit_statuses(
    args: list[str],
    status: int,
    shown: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(sys, "argv", ["dossier", *args])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == status
    captured = capsys.readouterr()
    assert shown in captured.out + captured.err


# Commands run by dossier.launch under `python -m`, as `python -m dossier` runs them.
CAUGHT_WHILE_A_DATACLASS_IS_MADE = """
import os, signal, sys
from dossier.launch import launch

def command():
    try:  # Ctrl-C while exec() makes a dataclass's __init__, as a module is imported
        exec("import os, signal; os.kill(os.getpid(), signal.SIGINT)")
    except KeyboardInterrupt:  # reported as cli._reported does
        print("Interrupted.", file=sys.stderr)
        return 130
    return 0

launch(command)
"""

LATE = """
import atexit, os, signal
from dossier.launch import launch

class CtrlC:
    def __del__(self):
        os.kill(os.getpid(), signal.SIGINT)

{setup}
launch(lambda: {status})
"""
# Ctrl-C as Python frees the modules at exit (it handles SIGINT no more by then)
AS_MODULES_ARE_FREED = "late = CtrlC()"
# Ctrl-C as the functions registered to run at exit run
AT_EXIT = "atexit.register(lambda: os.kill(os.getpid(), signal.SIGINT))"


def _run_as_module(code: str, folder: Path) -> subprocess.CompletedProcess[str]:
    (folder / "interrupted_command.py").write_text(code)
    return _python("", "-m", "interrupted_command", cwd=folder)


def test_a_caught_interrupt_exits_130_not_by_sigint(tmp_path: Path) -> None:
    """Found by an adversarial review: about 3 in 100 interrupted runs ended by
    SIGINT (-2) after printing "Interrupted.". CPython remembered the interrupt
    that left an exec() (a dataclass being made during an import) though
    cli._reported caught it, and under `python -m` ended the process by SIGINT."""
    done = _run_as_module(CAUGHT_WHILE_A_DATACLASS_IS_MADE, tmp_path)
    assert (done.returncode, done.stderr) == (130, "Interrupted.\n")


@pytest.mark.parametrize("when", [AS_MODULES_ARE_FREED, AT_EXIT])
@pytest.mark.parametrize("status", [0, 130])
def test_ctrl_c_as_the_process_exits_changes_nothing(
    when: str, status: int, tmp_path: Path
) -> None:
    """Once the command is over, Ctrl-C neither ends the process by SIGINT (-2) nor
    prints a traceback from an exit handler."""
    done = _run_as_module(LATE.format(setup=when, status=status), tmp_path)
    assert (done.returncode, done.stderr) == (status, "")
