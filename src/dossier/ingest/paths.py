"""The paths a build reads, checked before anything heavy is loaded: a mistyped
corpus folder or questionnaire is reported at once (the embedding model, the
index and the PDF renderer load afterwards). The readers check the same again.
"""

from __future__ import annotations

from pathlib import Path

from dossier.errors import CorpusError, QuestionnaireError

CORPUS_SUFFIXES = (".md", ".markdown", ".txt", ".pdf")
QUESTIONNAIRE_SUFFIXES = (".csv", ".yaml", ".yml", ".xlsx", ".xlsm")


def suffixes(names: tuple[str, ...]) -> str:
    """'.csv, .yaml, .yml, .xlsx or .xlsm'."""
    return ", ".join(names[:-1]) + f" or {names[-1]}"


def check_corpus_folder(root: Path) -> None:
    if not root.exists():
        raise CorpusError(f"{root}: corpus folder does not exist")
    if not root.is_dir():
        raise CorpusError(f"{root}: corpus is not a folder")


def check_questionnaire_file(path: Path) -> None:
    if not path.exists():
        raise QuestionnaireError(f"{path}: questionnaire not found")
    if path.is_dir():
        raise QuestionnaireError(f"{path}: is a folder, not a questionnaire file")
    suffix = path.suffix.lower()
    if suffix not in QUESTIONNAIRE_SUFFIXES:
        raise QuestionnaireError(
            f"{path}: unsupported questionnaire format '{suffix}' "
            f"(use {suffixes(QUESTIONNAIRE_SUFFIXES)})"
        )
