"""OpenSSH signatures (PROTOCOL.sshsig), so a recipient without dossier can check
a signed dossier with ``ssh-keygen -Y verify`` and ``sha256sum -c``."""

from __future__ import annotations

import base64
import hashlib
import struct

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

NAMESPACE = "dossier"
_MAGIC = b"SSHSIG"
_KEY_TYPE = b"ssh-ed25519"


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


def public_key_blob(key: Ed25519PublicKey) -> bytes:
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return _string(_KEY_TYPE) + _string(raw)


def openssh_public_key(key: Ed25519PublicKey, comment: str = "") -> str:
    line = f"ssh-ed25519 {base64.b64encode(public_key_blob(key)).decode()}"
    return f"{line} {comment}".strip()


def sign(key: Ed25519PrivateKey, message: bytes, namespace: str = NAMESPACE) -> str:
    """An armored SSH signature of ``message`` (hash sha512), as ssh-keygen -Y sign writes."""
    digest = hashlib.sha512(message).digest()
    signed = (
        _MAGIC + _string(namespace.encode()) + _string(b"") + _string(b"sha512") + _string(digest)
    )
    signature = _string(_KEY_TYPE) + _string(key.sign(signed))
    blob = (
        _MAGIC
        + struct.pack(">I", 1)
        + _string(public_key_blob(key.public_key()))
        + _string(namespace.encode())
        + _string(b"")
        + _string(b"sha512")
        + _string(signature)
    )
    encoded = base64.b64encode(blob).decode()
    lines = [encoded[i : i + 70] for i in range(0, len(encoded), 70)]
    return "-----BEGIN SSH SIGNATURE-----\n" + "\n".join(lines) + "\n-----END SSH SIGNATURE-----\n"
