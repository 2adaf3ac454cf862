"""OpenSSH signatures (PROTOCOL.sshsig), so a recipient without dossier can check
a signed dossier with ``ssh-keygen -Y verify`` and ``sha256sum -c``."""

from __future__ import annotations

import base64
import hashlib
import struct
from fnmatch import fnmatchcase

from cryptography.exceptions import InvalidSignature
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


def verifies(
    key: Ed25519PublicKey, message: bytes, armored: str, namespace: str = NAMESPACE
) -> bool:
    """Whether ``armored`` is an SSH signature of ``message`` by ``key`` in the
    namespace (what ``ssh-keygen -Y verify`` checks of the files ``sign`` writes)."""
    body = armored.strip()
    head, tail = "-----BEGIN SSH SIGNATURE-----", "-----END SSH SIGNATURE-----"
    if not (body.startswith(head) and body.endswith(tail)):
        return False
    try:
        blob = base64.b64decode("".join(body[len(head) : -len(tail)].split()), validate=True)
        fields = _fields(blob[len(_MAGIC) + 4 :], 5) if blob.startswith(_MAGIC) else None
    except ValueError:
        return False
    if fields is None or blob[len(_MAGIC) : len(_MAGIC) + 4] != struct.pack(">I", 1):
        return False
    public, space, reserved, algorithm, signature = fields
    if public != public_key_blob(key) or space != namespace.encode() or algorithm != b"sha512":
        return False
    inner = _fields(signature, 2)
    if inner is None or inner[0] != _KEY_TYPE:
        return False
    signed = (
        _MAGIC
        + _string(space)
        + _string(reserved)
        + _string(b"sha512")
        + _string(hashlib.sha512(message).digest())
    )
    try:
        key.verify(inner[1], signed)
    except InvalidSignature:
        return False
    return True


def _fields(data: bytes, count: int) -> list[bytes] | None:
    """``count`` length-prefixed strings making up all of ``data``, or None."""
    out, at = [], 0
    for _ in range(count):
        if at + 4 > len(data):
            return None
        (size,) = struct.unpack(">I", data[at : at + 4])
        if at + 4 + size > len(data):
            return None
        out.append(data[at + 4 : at + 4 + size])
        at += 4 + size
    return out if at == len(data) else None


def allows(line: str, principal: str, key: Ed25519PublicKey, namespace: str = NAMESPACE) -> bool:
    """Whether one line of an allowed_signers file lets ``key`` sign as ``principal``
    in ``namespace``, as ``ssh-keygen -Y verify`` reads it: ``principals [options]
    ssh-ed25519 KEY [comment]``, principals and namespaces as patterns (``*``,
    ``?``, ``!`` negates). A line with an option dossier does not check
    (cert-authority, valid-after, valid-before) allows nothing here."""
    fields = _split_unquoted(line.strip(), " \t")
    if not fields or fields[0].startswith("#"):
        return False
    with_options = len(fields) > 3 and not fields[1].startswith(("ssh-", "ecdsa-", "sk-"))
    options = _split_unquoted(fields[1], ",") if with_options else []
    rest = fields[2:] if with_options else fields[1:]
    return (
        len(rest) >= 2
        and rest[0] == _KEY_TYPE.decode()
        and rest[1] == base64.b64encode(public_key_blob(key)).decode()
        and _matches(principal, fields[0])
        and all(_option_allows(option, namespace) for option in options)
    )


def _option_allows(option: str, namespace: str) -> bool:
    name, _, value = option.partition("=")
    return name.lower() == "namespaces" and _matches(namespace, value)


def _matches(name: str, patterns: str) -> bool:
    """OpenSSH's pattern list: a negated pattern that matches refuses, else any match."""
    listed = _split_unquoted(patterns.strip('"'), ",")
    if any(fnmatchcase(name, p[1:]) for p in listed if p.startswith("!")):
        return False
    return any(fnmatchcase(name, p) for p in listed if not p.startswith("!"))


def _split_unquoted(text: str, separators: str) -> list[str]:
    """``text`` split at ``separators`` outside double quotes (kept), empty parts dropped."""
    parts, current, quoted = [], "", False
    for char in text:
        if char in separators and not quoted:
            parts.append(current)
            current = ""
            continue
        quoted = quoted != (char == '"')
        current += char
    return [part for part in [*parts, current] if part]
