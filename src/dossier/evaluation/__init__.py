"""Scoring a built dossier against labels, beside a naive single-shot baseline."""
