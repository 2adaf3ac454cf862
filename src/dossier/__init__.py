"""dossier: answer security questionnaires from your own documents, with verified quotes."""

__version__ = "0.5.42"
