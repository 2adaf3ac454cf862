"""The output folder's lock: a failed command leaves nothing it created (issue 15);
files written together, Ctrl-C held back until all are."""

from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

import pytest

from dossier.common.atomic import LOCK_FILE, interrupt_deferred, lock_holder, output_lock
from dossier.errors import InputError


def test_a_failed_command_removes_the_folder_it_created(tmp_path: Path) -> None:
    out = tmp_path / "m1"
    with pytest.raises(InputError), output_lock(out):
        (out / "cache").mkdir()
        raise InputError("bad corpus")
    assert not out.exists()


def test_a_failed_command_leaves_a_folder_that_was_there_without_its_lock(
    tmp_path: Path,
) -> None:
    out = tmp_path / "kept"
    out.mkdir()
    (out / "dossier.json").write_text("{}")
    with pytest.raises(InputError), output_lock(out):
        raise InputError("refused")
    assert sorted(p.name for p in out.iterdir()) == ["dossier.json"]


def test_a_lock_file_that_was_there_stays(tmp_path: Path) -> None:
    out = tmp_path / "built"
    with output_lock(out):
        pass
    assert (out / LOCK_FILE).exists()  # a command that succeeded keeps its lock file
    with pytest.raises(InputError), output_lock(out):
        raise InputError("refused")
    assert (out / LOCK_FILE).exists()


def test_ctrl_c_keeps_what_was_made(tmp_path: Path) -> None:
    out = tmp_path / "new"
    with pytest.raises(KeyboardInterrupt), output_lock(out):
        (out / "cache").mkdir()
        raise KeyboardInterrupt
    assert (out / "cache").is_dir()


def test_a_review_decision_loads_no_pdf_machinery() -> None:
    """A decision is recorded without laying out the PDF, so it does not import the
    modules that do (pypdf, WeasyPrint): part of keeping a decision under 2 s."""
    import subprocess
    import sys

    probe = (
        "import sys, dossier.review.workflow, dossier.cli; "
        "print(sorted(m for m in ('pypdf', 'weasyprint', 'dossier.output.pdf', 'torch') "
        "if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert done.stdout.strip() == "[]", done.stderr


def test_a_durable_write_reaches_the_disk_before_its_rename_and_a_cache_entry_need_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import os

    from dossier.common.atomic import write_atomic

    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_atomic(tmp_path / "record.json", b"{}")
    assert len(synced) == 1
    write_atomic(tmp_path / "entry.json", b"[]", durable=False)
    assert len(synced) == 1
    assert (tmp_path / "record.json").read_bytes() == b"{}"
    assert (tmp_path / "entry.json").read_bytes() == b"[]"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["entry.json", "record.json"]


def test_a_passage_is_stored_as_its_fields() -> None:
    import dataclasses

    from dossier.records import Chunk

    chunk = Chunk("c1", "policies/a.md", 3, 9, "Backups", "Policy > Backups")
    assert chunk.row() == dataclasses.asdict(chunk)


def test_the_lock_holder_is_named_while_it_holds_the_lock(tmp_path: Path) -> None:
    out = tmp_path / "building"
    assert lock_holder(out) is None  # no folder: no one, and nothing is created
    assert not out.exists()
    with output_lock(out):
        assert lock_holder(out) == f"dossier (pid {os.getpid()})"
    assert lock_holder(out) is None


def _ctrl_c() -> None:
    os.kill(os.getpid(), signal.SIGINT)


@pytest.mark.usefixtures("ctrl_c_raises")
def test_ctrl_c_in_a_deferred_block_is_raised_when_the_block_ends() -> None:
    before = signal.getsignal(signal.SIGINT)
    written = []
    with pytest.raises(KeyboardInterrupt), interrupt_deferred():
        written.append("review.json")
        _ctrl_c()
        written.append("dossier.json")
    assert written == ["review.json", "dossier.json"]
    assert signal.getsignal(signal.SIGINT) is before


def test_a_deferred_block_without_ctrl_c_raises_nothing() -> None:
    before = signal.getsignal(signal.SIGINT)
    with interrupt_deferred():
        pass
    assert signal.getsignal(signal.SIGINT) is before


@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_deferred_block_that_fails_is_interrupted_after_it() -> None:
    with pytest.raises(KeyboardInterrupt) as stopped, interrupt_deferred():
        _ctrl_c()
        raise OSError("disk full")
    assert isinstance(stopped.value.__context__, OSError)


def test_outside_the_main_thread_a_deferred_block_runs_as_it_is() -> None:
    ran = []

    def block() -> None:
        with interrupt_deferred():
            ran.append(signal.getsignal(signal.SIGINT))

    thread = threading.Thread(target=block)
    thread.start()
    thread.join()
    assert ran == [signal.getsignal(signal.SIGINT)]
