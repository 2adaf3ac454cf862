"""OpenSSH signatures: what ``sign`` writes, ``verifies`` accepts, and nothing else."""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from dossier.review.sshsig import sign, verifies

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
