"""Stage 3, research: turn a question into a brief, search, and select the passages that
may ground it (the offline engine, or a language model behind the same protocol)."""
