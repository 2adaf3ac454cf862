"""Stage 6, review: decisions of a person on each answer, and the signed manifest."""
