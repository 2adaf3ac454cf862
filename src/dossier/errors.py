"""Errors that dossier reports to its user.

    DossierError                 exit 1: the build could not be done
    ├── BuildError               exit 1: a stage failed (index, render, ...), or no call
    │                            to the model server succeeded (the dossier is written)
    └── InputError               exit 2: bad usage or an input file in a bad format
        ├── ConfigError          dossier.toml is missing a key or holds a bad value
        ├── QuestionnaireError   the questionnaire cannot be read or is malformed
        └── CorpusError          the corpus folder is missing or holds no documents

The CLI prints ``Error: <message>`` and exits with ``exit_code``; messages name
the file and the problem. A document that fails to read is *not* an error: it is
recorded in ``build.documents_failed`` and the build goes on.
"""

from __future__ import annotations


class DossierError(Exception):
    exit_code = 1


class BuildError(DossierError):
    exit_code = 1


class InputError(DossierError):
    exit_code = 2


class ConfigError(InputError):
    pass


class QuestionnaireError(InputError):
    pass


class CorpusError(InputError):
    pass


class UnreadableDocument(Exception):
    """Why one document of the corpus cannot be read. Not a DossierError: ingest
    turns it into a ``DocumentFailure`` (``build.documents_failed``) and goes on."""
