"""OpenSSH signatures: what ``sign`` writes, ``verifies`` accepts, and nothing else."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dossier.review.sshsig import allows, openssh_public_key, sign, verifies

KEY = Ed25519PrivateKey.from_private_bytes(bytes(range(32)))
OTHER = Ed25519PrivateKey.from_private_bytes(bytes(range(1, 33)))
SUMS = b"0123abcd  dossier.json\n4567ef01  manifest.json\n"


def test_a_signature_verifies_against_its_message_and_key_only() -> None:
    armored = sign(KEY, SUMS)
    assert verifies(KEY.public_key(), SUMS, armored)
    assert not verifies(KEY.public_key(), SUMS.replace(b"0123", b"0124"), armored)
    assert not verifies(OTHER.public_key(), SUMS, armored)
    assert not verifies(KEY.public_key(), SUMS, armored, namespace="file")


def test_a_damaged_signature_does_not_verify() -> None:
    armored = sign(KEY, SUMS)
    body = armored.splitlines()
    body[1] = body[1][:10] + ("A" if body[1][10] != "A" else "B") + body[1][11:]
    assert not verifies(KEY.public_key(), SUMS, "\n".join(body))
    assert not verifies(KEY.public_key(), SUMS, "not a signature")
    assert not verifies(KEY.public_key(), SUMS, armored.replace("-----END", "-----FIN"))


# allowed_signers lines: whether one lets a key sign as dossier-signer in the
# dossier namespace, as ssh-keygen -Y verify reads them (found by an adversarial
# review: dossier verify never read the file, so it passed where ssh-keygen failed).
_BLOB = openssh_public_key(KEY.public_key())  # "ssh-ed25519 AAAA..."
_OTHER_BLOB = openssh_public_key(OTHER.public_key())


@pytest.mark.parametrize(
    ("line", "allowed"),
    [
        (f"dossier-signer {_BLOB}", True),
        (f"dossier-signer {_BLOB} signer@example", True),
        (f"ada,dossier-signer {_BLOB}", True),
        (f"dossier-* {_BLOB}", True),
        (f'dossier-signer namespaces="dossier,file" {_BLOB}', True),
        (f"dossier-signer {_OTHER_BLOB}", False),  # another key
        (f"someone-else {_BLOB}", False),  # another principal
        (f"*,!dossier-signer {_BLOB}", False),  # negated
        (f'dossier-signer namespaces="file" {_BLOB}', False),  # another namespace
        (f"dossier-signer cert-authority {_BLOB}", False),  # a CA key, not the signer
        (f"# dossier-signer {_BLOB}", False),
        ("dossier-signer ssh-ed25519", False),
        ("", False),
    ],
)
def test_an_allowed_signers_line_allows_the_key_it_names(line: str, allowed: bool) -> None:
    assert allows(line, "dossier-signer", KEY.public_key()) is allowed


@pytest.mark.skipif(shutil.which("ssh-keygen") is None, reason="ssh-keygen is not installed")
@pytest.mark.parametrize(
    "line",
    [
        f"dossier-signer {_BLOB}",
        f"dossier-signer {_OTHER_BLOB}",
        f"someone-else {_BLOB}",
        f'dossier-signer namespaces="file" {_BLOB}',
        f'dossier-signer namespaces="dossier" {_BLOB}',
    ],
)
def test_allows_gives_ssh_keygens_verdict(line: str, tmp_path: Path) -> None:
    (tmp_path / "allowed_signers").write_text(line + "\n")
    (tmp_path / "sums.sig").write_text(sign(KEY, SUMS))
    command = "ssh-keygen -Y verify -f allowed_signers -I dossier-signer -n dossier -s sums.sig"
    checked = subprocess.run(
        command.split(),
        input=SUMS,
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    assert (checked.returncode == 0) is allows(line, "dossier-signer", KEY.public_key())
