"""Ed25519 keys, the signed manifest, and its verification.

The manifest lists the SHA-256 of every artefact, the corpus snapshot (each
document's path and hash), the questionnaire's hash, the tool version, every
review decision and the signer's public key; ``manifest.sig`` is the Ed25519
signature of ``manifest.json``'s exact bytes (canonical JSON), base64-encoded.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from dossier import __version__
from dossier.common.atomic import interrupt_deferred, write_atomic
from dossier.errors import DossierError, InputError
from dossier.ingest.paths import check_corpus_folder
from dossier.output.manifest import (
    ALLOWED_SIGNERS,
    CHECKSUMS,
    CHECKSUMS_SIGNATURE,
    MANIFEST,
    SIGNATURE,
    SIGNED_ARTEFACTS,
    build_manifest,
    manifest_bytes,
    signed_artefacts,
)
from dossier.output.render import write_outputs
from dossier.output.serialise import read_dossier
from dossier.output.workbook import ANSWERED_SUFFIX, KEPT_SOURCES, answers_written, kept_path
from dossier.records import Dossier
from dossier.review import sshsig
from dossier.review.decisions import pending
from dossier.review.reverify import corpus_problems, markdown_problem, reviewed_dossier

SIGNER_IDENTITY = "dossier-signer"


class SigningError(DossierError):
    """Signing refused, or verification failed: exit 1."""


def keygen(path: Path) -> tuple[Path, Path, Path]:
    """Write an Ed25519 private key (PEM, 0600) to ``path``, and its public key beside
    it twice: ``path.pub`` (PEM) and ``path.ssh.pub`` (OpenSSH). Returns the three."""
    public_path = path.with_name(path.name + ".pub")
    ssh_path = path.with_name(path.name + ".ssh.pub")
    for existing in (path, public_path, ssh_path):
        if existing.exists():
            raise InputError(f"{existing}: already exists; refusing to overwrite a key")
    key = Ed25519PrivateKey.generate()
    private_pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(private_pem)
    public_path.write_bytes(public_pem(key.public_key()))
    ssh_path.write_text(sshsig.openssh_public_key(key.public_key(), SIGNER_IDENTITY) + "\n")
    return path, public_path, ssh_path


def unignored_in_git(path: Path) -> Path | None:
    """The git working tree that holds ``path`` without ignoring it, or None: a
    private key there is one ``git add .`` from being published."""
    import shutil
    import subprocess

    folder = path.resolve().parent
    root = next((p for p in (folder, *folder.parents) if (p / ".git").exists()), None)
    if root is None or shutil.which("git") is None:
        return root
    ignored = subprocess.run(
        ["git", "-C", str(root), "check-ignore", "-q", str(path.resolve())],
        capture_output=True,
        check=False,
    )
    return None if ignored.returncode == 0 else root


def public_pem(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def fingerprint(key: Ed25519PublicKey) -> str:
    """OpenSSH's fingerprint of the key (as ssh-keygen -l prints it)."""
    digest = hashlib.sha256(sshsig.public_key_blob(key)).digest()
    return "SHA256:" + base64.b64encode(digest).decode().rstrip("=")


def load_private_key(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except FileNotFoundError:
        raise InputError(f"{path}: key file not found") from None
    except OSError as error:  # a folder, or not readable
        raise InputError(f"{path}: cannot be read as a key file ({error.strerror})") from None
    except (ValueError, TypeError) as error:
        raise InputError(f"{path}: not an unencrypted PEM private key ({error})") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise InputError(f"{path}: not an Ed25519 key")
    return key


def load_public_key(path: Path) -> Ed25519PublicKey:
    """The signer's public key: PEM (``FILE.pub``) or OpenSSH (``FILE.ssh.pub``, the
    one recipients are given), as ``dossier keygen`` writes them."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{path}: public key file not found") from None
    except OSError as error:  # a folder, or not readable
        raise InputError(f"{path}: cannot be read as a key file ({error.strerror})") from None
    try:
        if data.lstrip().startswith(b"ssh-"):
            key: Any = serialization.load_ssh_public_key(data.strip())
        else:
            key = serialization.load_pem_public_key(data)
    except (ValueError, UnsupportedAlgorithm):
        raise InputError(
            f"{path}: not a public key: expected a PEM public key (FILE.pub) or an OpenSSH "
            "'ssh-ed25519 ...' line (FILE.ssh.pub), as dossier keygen writes them"
        ) from None
    if not isinstance(key, Ed25519PublicKey):
        raise InputError(f"{path}: not an Ed25519 public key")
    return key


def signer_entry(signer: Ed25519PublicKey, signed_at: str) -> dict[str, Any]:
    """Who signed the manifest, and when: its ``signer`` entry."""
    raw = signer.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return {
        "algorithm": "ed25519",
        "public_key": base64.b64encode(raw).decode(),
        "fingerprint": fingerprint(signer),
        "signed_at": signed_at,
    }


@dataclass(frozen=True)
class Signed:
    """What ``sign`` did: who signed, and which files it rendered anew that differed
    from those it found (edited by hand, or left stale by a review)."""

    fingerprint: str
    rendered_anew: tuple[str, ...]


def sign(out: Path, key_path: Path, signed_at: str, corpus: Path | None = None) -> Signed:
    """Check, render and sign. The record must be what the engine's answers and the
    review decisions make, every answer decided, and every quote its document's
    text at its offsets in the corpus (``corpus``, default: the folder the build
    read). Then dossier.json, dossier.md, dossier.pdf and the answered workbook are
    rendered again through the one render entry point and exactly those bytes are
    signed: a file edited by hand, or left stale, is never what is signed."""
    key = load_private_key(key_path)
    if corpus is not None:  # a mistyped --corpus is a usage error, not a reason to refuse
        check_corpus_folder(corpus)
    dossier, problems = reviewed_dossier(out)
    waiting = pending(dossier)
    if waiting:
        shown = ", ".join(waiting[:8]) + (" ..." if len(waiting) > 8 else "")
        waits = "1 answer awaits" if len(waiting) == 1 else f"{len(waiting)} answers await"
        raise SigningError(f"{out}: cannot sign: {waits} review ({shown})")
    problems += corpus_problems(dossier, corpus or Path(dossier.build.corpus))
    problems += _kept_questionnaire_problems(dossier, out)
    if problems:
        listed = "\n".join(f"  {p}" for p in problems[:20])
        more = f"\n  and {len(problems) - 20} more" if len(problems) > 20 else ""
        raise SigningError(f"{out}: cannot sign:\n{listed}{more}")
    before = _digests(out, signed_artefacts(dossier))
    write_outputs(dossier, out)  # also the unsigned manifest, and any old signature removed
    after = _digests(out, signed_artefacts(dossier))
    _require_answers_in_workbook(dossier, out)
    manifest = build_manifest(dossier, out) | {"signer": signer_entry(key.public_key(), signed_at)}
    signed = manifest_bytes(manifest)
    with interrupt_deferred():  # the signed manifest and the signature files: all or none
        write_atomic(out / MANIFEST, signed)
        write_atomic(out / SIGNATURE, base64.b64encode(key.sign(signed)) + b"\n")
        _write_openssh_signature(out, key, [*manifest["artefacts"], MANIFEST])
    anew = tuple(n for n in RENDERED if n in before and before[n] != after.get(n))
    anew += tuple(n for n in _workbook(dossier) if n in before and before[n] != after.get(n))
    return Signed(fingerprint(key.public_key()), anew)


RENDERED = ("dossier.md", "dossier.pdf")


def _workbook(dossier: Dossier) -> tuple[str, ...]:
    return (dossier.workbook.file,) if dossier.workbook is not None else ()


def _digests(out: Path, names: Iterable[str]) -> dict[str, str]:
    return {
        name: hashlib.sha256((out / name).read_bytes()).hexdigest()
        for name in names
        if (out / name).is_file()
    }


def _kept_questionnaire_problems(dossier: Dossier, out: Path) -> list[str]:
    """The answered workbook is written again into the vendor's own workbook, as the
    build read it (kept under the output folder, checked by its hash), never into
    the answered copy found in the folder."""
    if dossier.workbook is None:
        return []
    built = dossier.questionnaire_sha256
    kept = kept_path(out, dossier.questionnaire, built)
    if not kept.is_file():
        return [
            f"{KEPT_SOURCES}: the questionnaire the build read ({dossier.questionnaire}, sha256 "
            f"{built[:12]}…) is not kept there; build again"
        ]
    found = hashlib.sha256(kept.read_bytes()).hexdigest()
    if found == built:
        return []
    return [
        f"{kept}: modified after the build: this copy of the questionnaire the build read "
        f"({dossier.questionnaire}) has sha256 {found[:12]}…, not {built[:12]}… as built; "
        "build again"
    ]


def _require_answers_in_workbook(dossier: Dossier, out: Path) -> None:
    """An answered workbook that holds no answer is not signed as one."""
    if dossier.workbook is None or not (out / dossier.workbook.file).exists():
        return
    path = out / dossier.workbook.file
    if answers_written(path, dossier.answers, dossier.workbook.columns) == 0:
        raise SigningError(
            f"{path}: cannot sign: no answer was written into the answered workbook "
            "(no sheet has a column the answers can go to, or every answer was rejected; "
            "see the notes of dossier build); name the column in dossier.toml "
            "([questionnaire] answer_column or text_column) and build again"
        )


def _write_openssh_signature(out: Path, key: Ed25519PrivateKey, names: list[str]) -> None:
    """SHA256SUMS (every artefact and the manifest) signed in OpenSSH's format,
    and the signer's key as an allowed_signers line, for checks without dossier."""
    sums = "".join(
        f"{_sha256((out / name).read_bytes())}  {name}\n" for name in sorted(names)
    ).encode()
    write_atomic(out / CHECKSUMS, sums)
    write_atomic(out / CHECKSUMS_SIGNATURE, sshsig.sign(key, sums).encode())
    line = f"{SIGNER_IDENTITY} {sshsig.openssh_public_key(key.public_key())}\n"
    write_atomic(out / ALLOWED_SIGNERS, line.encode())


@dataclass(frozen=True)
class Verification:
    signer: str
    problems: tuple[str, ...]
    key_from_manifest: bool
    notes: tuple[str, ...] = ()  # what was not checked, and why


def verify(out: Path, public_key_path: Path | None, corpus: Path | None = None) -> Verification:
    """The signature (by the given key, or the one the manifest names), every signed
    artefact's hash, dossier.md against what dossier.json renders to, and with
    ``corpus`` every quote against the documents there (a ``corpus`` that is not a
    folder is a usage error, not a failed check)."""
    if not out.is_dir():  # a mistyped folder: a usage error, not a failed check
        raise InputError(f"{out}: no such folder (no dossier was built there)")
    if corpus is not None:
        check_corpus_folder(corpus)
    signed, signature = _read_signed(out)
    manifest = _manifest(signed, out)
    entry = manifest.get("signer")
    signer: dict[str, Any] = entry if isinstance(entry, dict) else {}
    embedded = _signer_key(signer)
    if public_key_path is None and embedded is None:
        raise SigningError(
            f"{out / MANIFEST}: names no signer's key, so {SIGNATURE} is not its signature "
            "(a signature kept from another signing?); sign the dossier again"
        )
    key = load_public_key(public_key_path) if public_key_path else embedded
    assert key is not None
    problems = []
    if fingerprint(key) != signer.get("fingerprint"):
        problems.append(
            f"{SIGNATURE}: signed by {signer.get('fingerprint', 'no named signer')}, "
            f"not by the given key {fingerprint(key)}"
        )
    try:
        key.verify(signature, signed)
    except InvalidSignature:
        problems.append(
            f"{MANIFEST}: the signature does not match "
            "(manifest or signature altered, or another key)"
        )
    artefacts = manifest.get("artefacts", {})
    signed_names = artefacts if isinstance(artefacts, dict) else {}
    problems += _artefact_problems(out, signed_names)
    problems += _openssh_problems(out, key, {**signed_names, MANIFEST: _sha256(signed)})
    problems += _allowed_signers_problems(out, key)
    content, notes = _content_problems(out, manifest, corpus)
    return Verification(
        signer.get("fingerprint", "?"),
        tuple(dict.fromkeys(problems + content)),
        public_key_path is None,
        tuple(notes),
    )


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _openssh_problems(out: Path, key: Ed25519PublicKey, digests: dict[str, str]) -> list[str]:
    """The files a recipient without dossier checks (``sha256sum -c SHA256SUMS``,
    ``ssh-keygen -Y verify``) say what the signed manifest says (``digests``: its
    artefacts' hashes and its own): both checks must give this one's verdict."""
    try:
        sums = (out / CHECKSUMS).read_bytes()
        armored = (out / CHECKSUMS_SIGNATURE).read_text(encoding="ascii")
    except FileNotFoundError as error:
        return [f"{Path(str(error.filename)).name}: missing"]
    except (OSError, UnicodeDecodeError):
        return [f"{CHECKSUMS_SIGNATURE}: not an SSH signature"]
    problems = []
    listed = "".join(f"{digests[name]}  {name}\n" for name in sorted(digests)).encode()
    if sums != listed:
        problems.append(f"{CHECKSUMS}: not the hashes of the signed files")
    if not sshsig.verifies(key, sums, armored):
        problems.append(f"{CHECKSUMS_SIGNATURE}: not a signature of {CHECKSUMS} by the key")
    return problems


def _allowed_signers_problems(out: Path, key: Ed25519PublicKey) -> list[str]:
    """``allowed_signers`` must name the key that verifies the signature for
    ``dossier-signer``, as ``ssh-keygen -Y verify -f allowed_signers -I dossier-signer
    -n dossier`` reads it: otherwise that check fails while this one would pass."""
    try:
        lines = (out / ALLOWED_SIGNERS).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return [f"{ALLOWED_SIGNERS}: missing (ssh-keygen -Y verify reads the signer's key there)"]
    except (OSError, UnicodeDecodeError):
        return [f"{ALLOWED_SIGNERS}: cannot be read"]
    if any(sshsig.allows(line, SIGNER_IDENTITY, key) for line in lines):
        return []
    return [
        f"{ALLOWED_SIGNERS}: does not name the signing key {fingerprint(key)} for "
        f"{SIGNER_IDENTITY} (ssh-keygen -Y verify with it would fail)"
    ]


def _manifest(signed: bytes, out: Path) -> dict[str, Any]:
    manifest = json.loads(signed)
    if not isinstance(manifest, dict):
        raise SigningError(f"{out / MANIFEST}: not a dossier manifest")
    return manifest


def _signer_key(signer: dict[str, Any]) -> Ed25519PublicKey | None:
    """The public key the manifest's signer entry names, or None (none, or malformed)."""
    try:
        raw = base64.b64decode(str(signer["public_key"]), validate=True)
        return Ed25519PublicKey.from_public_bytes(raw)
    except (KeyError, ValueError, TypeError):
        return None


def _content_problems(
    out: Path, manifest: dict[str, Any], corpus: Path | None
) -> tuple[list[str], list[str]]:
    """What the signed files say, checked: dossier.md is what dossier.json renders to
    (when this version of dossier rendered it), and with ``corpus`` every quote."""
    try:
        dossier = read_dossier(out)
    except InputError as error:
        return [str(error)], []
    problems: list[str] = []
    notes: list[str] = []
    if manifest.get("tool_version") == __version__:
        problems += [p for p in [markdown_problem(out, dossier)] if p]
    else:
        notes.append(
            f"dossier.md was rendered by dossier {manifest.get('tool_version')}, not "
            f"{__version__}: it was not rendered again to compare"
        )
    if corpus is not None:
        problems += corpus_problems(dossier, corpus)
    else:
        notes.append("quotes not checked against the documents: pass --corpus DIR to check them")
    return problems, notes


def signed_artefact_problems(out: Path) -> list[str]:
    """What no longer matches the hashes the folder's manifest lists (the signature
    itself unchecked: ``verify`` does that)."""
    try:
        artefacts = json.loads((out / MANIFEST).read_bytes()).get("artefacts", {})
    except (OSError, ValueError, AttributeError):
        return [f"{MANIFEST}: unreadable"]
    return _artefact_problems(out, artefacts if isinstance(artefacts, dict) else {})


def _artefact_problems(out: Path, signed: dict[str, str]) -> list[str]:
    problems = []
    for name, digest in sorted(signed.items()):
        path = out / name
        if not path.exists():
            problems.append(f"{name}: missing")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            problems.append(f"{name}: changed since signing")
    written = [*SIGNED_ARTEFACTS, *(p.name for p in sorted(out.glob(f"*{ANSWERED_SUFFIX}")))]
    for name in written:
        if name not in signed and (out / name).exists():
            problems.append(f"{name}: not covered by the signature (written after signing)")
    return problems


def _read_signed(out: Path) -> tuple[bytes, bytes]:
    try:
        signed = (out / MANIFEST).read_bytes()
        signature_text = (out / SIGNATURE).read_bytes()
    except FileNotFoundError as error:
        raise SigningError(f"{error.filename}: missing; the dossier is not signed") from None
    try:
        json.loads(signed)
    except json.JSONDecodeError as error:
        raise SigningError(
            f"{out / MANIFEST}: not valid JSON ({error.msg} at line {error.lineno} column "
            f"{error.colno}): not the manifest dossier sign writes"
        ) from None
    except ValueError:  # bytes that are not UTF-8
        raise SigningError(f"{out / MANIFEST}: not valid JSON (not UTF-8 text)") from None
    try:
        signature = base64.b64decode(signature_text.strip(), validate=True)
    except ValueError:
        raise SigningError(f"{out / SIGNATURE}: not a dossier signature") from None
    return signed, signature
