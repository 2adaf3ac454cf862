"""Helpers every stage uses: text folding and stemming, crash-safe writes, canonical
JSON, the clock."""
