"""The manifest: the SHA-256 of every artefact the signature covers, the corpus
snapshot, the questionnaire's hash, the tool version and every review decision.
A build writes it unsigned; ``dossier.review.signing`` adds the signer and signs
its exact bytes. The names of the signature's files are here too, since a build
that rewrites the artefacts removes them."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from dossier.common.canonical import canonical_json
from dossier.records import Dossier

MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
CHECKSUMS = "SHA256SUMS"  # for sha256sum -c
CHECKSUMS_SIGNATURE = "SHA256SUMS.sig"  # for ssh-keygen -Y verify
ALLOWED_SIGNERS = "allowed_signers"
SIGNATURE_FILES = (SIGNATURE, CHECKSUMS, CHECKSUMS_SIGNATURE, ALLOWED_SIGNERS)
SIGNED_ARTEFACTS = ("dossier.json", "dossier.md", "dossier.pdf", "review.json")


def signed_artefacts(dossier: Dossier) -> tuple[str, ...]:
    """The files in the output folder that the manifest lists and the signature covers."""
    answered = (dossier.workbook.file,) if dossier.workbook is not None else ()
    return (*SIGNED_ARTEFACTS, *answered)


def build_manifest(dossier: Dossier, out: Path) -> dict[str, Any]:
    """The unsigned manifest of the artefacts in ``out``."""
    artefacts = {
        name: hashlib.sha256((out / name).read_bytes()).hexdigest()
        for name in signed_artefacts(dossier)
        if (out / name).exists()
    }
    return {
        "schema_version": dossier.schema_version,
        "tool_version": dossier.tool_version,
        "artefacts": artefacts,
        "corpus_sha256": dossier.corpus_sha256,
        "documents": {d.path: d.sha256 for d in dossier.documents},
        "questionnaire": {"file": dossier.questionnaire, "sha256": dossier.questionnaire_sha256},
        "reviews": [
            {
                "question_id": a.question_id,
                "status": a.review.status,
                "reviewer": a.review.reviewer,
                "at": a.review.at,
            }
            for a in dossier.answers
        ],
    }


def manifest_bytes(manifest: dict[str, Any]) -> bytes:
    """The manifest as written: canonical JSON and a newline (the bytes a signature signs)."""
    return canonical_json(manifest) + b"\n"
