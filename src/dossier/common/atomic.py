"""Crash-safe writes: a temporary file, fsync, then rename over the target; and
files written together, with Ctrl-C held back until all are (``interrupt_deferred``)."""

from __future__ import annotations

import os
import shutil
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from dossier.errors import BuildError, InputError


def write_if_changed(path: Path, data: bytes) -> Path:
    """``write_atomic``, except that a file already holding ``data`` is left alone."""
    try:
        if path.read_bytes() == data:
            return path
    except OSError:
        pass
    return write_atomic(path, data)


def write_atomic(path: Path, data: bytes, *, durable: bool = True) -> Path:
    """``path`` holds ``data`` or what it held before, never a mix. ``durable``: the
    data reaches the disk before the rename (fsync), so a power cut cannot leave an
    empty or torn file under the name either; without it (a cache entry that is
    checked when read back, and rebuilt when it fails) a power cut may."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # One temporary name per thread: two threads may write the same content-addressed entry.
    tmp = path.with_name(f".{path.name}.{threading.get_ident()}.tmp")
    with tmp.open("wb") as handle:
        handle.write(data)
        if durable:
            handle.flush()
            os.fsync(handle.fileno())
    os.replace(tmp, path)
    return path


@contextmanager
def interrupt_deferred() -> Iterator[None]:
    """Ctrl-C (SIGINT) held back until the block ends, then raised as it would have
    been: the files a block writes together are all written, or (interrupted
    before it) none. Only the main thread receives signals; in another the block
    runs as it is, and so it does where SIGINT's handler was not set from Python."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is None:
        yield
        return
    pressed: list[int] = []
    signal.signal(signal.SIGINT, lambda signum, frame: pressed.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if pressed:
            signal.raise_signal(signal.SIGINT)  # KeyboardInterrupt here, as a rule


LOCK_FILE = ".dossier.lock"


@contextmanager
def output_lock(out: Path, keep: Callable[[Path], bool] = lambda out: False) -> Iterator[None]:
    """Hold the output folder's lock, or refuse at once: two builds (or a build and
    a review) writing one folder would corrupt it. The kernel releases the lock
    when the process ends, however it ends, so a killed build leaves no stale lock.
    A command that fails leaves nothing it created: the folder, when it made it
    (unless ``keep`` says it holds work to keep), else the lock file (Ctrl-C keeps
    what was made: a build's answers are reused)."""
    import fcntl

    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file; --out (or 'out') names the output folder")
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    path = out / LOCK_FILE
    fresh = not path.exists()
    with path.open("a+") as handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            raise BuildError(f"{out}: in use by {holder}; wait for it to finish") from None
        handle.seek(0)
        handle.truncate()
        handle.write(f"dossier (pid {os.getpid()})")
        handle.flush()
        try:
            yield
        except Exception:
            _leave_nothing(out, path, created=created and not keep(out), fresh=fresh)
            raise
        finally:
            handle.truncate(0)
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def lock_holder(out: Path) -> str | None:
    """Who holds the output folder's lock now ("dossier (pid 123)"), or None when
    no one does; creates nothing."""
    import fcntl

    try:
        handle = (out / LOCK_FILE).open("r")
    except OSError:
        return None
    with handle:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return handle.read().strip() or "another process"
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
        return None


def _leave_nothing(out: Path, lock: Path, *, created: bool, fresh: bool) -> None:
    """After a failed command: remove the folder it created, or the lock file it
    created in a folder that was there (still holding the lock, so no other
    process is between)."""
    if created:
        shutil.rmtree(out, ignore_errors=True)
    elif fresh:
        lock.unlink(missing_ok=True)
