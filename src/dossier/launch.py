"""The ``dossier`` console script and ``python -m dossier``: Ctrl-C, from the first
moment, is ``Interrupted.`` and exit status 130, never a traceback.

The command line's own handling (``cli._reported``) is in place only once click,
the records and the command's modules are imported, which takes a noticeable
part of a second; a Ctrl-C before it printed a Python traceback. So this module
imports nothing but the standard library's already loaded modules, and catches
``KeyboardInterrupt`` around the import of the command line and its run.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NoReturn

INTERRUPTED = 130  # as a shell reports a process ended by SIGINT


def main() -> NoReturn:
    """Run ``dossier`` as its user does."""
    launch(_command_line)


def _command_line() -> int:
    from dossier.cli import run

    return run()


def launch(command: Callable[[], int]) -> NoReturn:
    """Run ``command`` (imports included) and exit with its status; Ctrl-C at any
    point is one line on stderr and 130."""
    try:
        status = _status(command)
    except KeyboardInterrupt:
        _say("Interrupted.")
        status = INTERRUPTED
    sys.exit(status)


def _status(command: Callable[[], int]) -> int:
    """The exit status ``command`` returns, or the one it exits with."""
    try:
        return command()
    except SystemExit as done:
        if done.code is None or isinstance(done.code, int):
            return done.code or 0
        _say(str(done.code))  # sys.exit("message"), as Python reports it
        return 1


def _say(line: str) -> None:
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):  # stderr closed, or a pipe whose reader left
        pass
