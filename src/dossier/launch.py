"""The ``dossier`` console script and ``python -m dossier``: Ctrl-C, from the first
moment, is ``Interrupted.`` and exit status 130, never a traceback.

The command line's own handling (``cli._reported``) is in place only once click,
the records and the command's modules are imported, which takes a noticeable
part of a second; a Ctrl-C before it printed a Python traceback. So this module
imports nothing but ``sys`` (even ``signal`` takes 10 ms, for enum) before it
catches ``KeyboardInterrupt`` around the import of the command line and its run;
and once the exit status is known, no Ctrl-C changes it (``_exit``).
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False  # not typing's: each module imported here is imported before Ctrl-C is caught
if TYPE_CHECKING:
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
        import signal  # noqa: F401  for _exit, imported while Ctrl-C is caught

        status = _status(command)
    except KeyboardInterrupt:
        status = INTERRUPTED
        _say("Interrupted.")
    _exit(status)


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
    except KeyboardInterrupt:  # Ctrl-C again as the line is written: the same end
        pass


def _exit(status: int) -> NoReturn:
    """Exit with ``status``, which no Ctrl-C from now on changes. Two made it -2
    (ended by SIGINT) in about 3 runs in 100:

    - CPython remembers a KeyboardInterrupt that left an ``exec`` of a string (a
      dataclass or a namedtuple being made while a module is imported), even one the
      program caught and reported, and under ``python -m`` ends the process by SIGINT
      at exit, whatever status it exits with. Each ``exec`` of a string starts by
      forgetting it (CPython 3.11 to 3.13), so one is run last.
    - At exit Python stops handling SIGINT before it frees the modules (a tenth of a
      second with torch loaded), and a Ctrl-C then ended the process. The command
      is over: SIGINT is ignored instead (Ctrl-\\ still quits a hung exit).
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exec("")  # forgets a KeyboardInterrupt caught earlier (see above)
    sys.exit(status)
