"""Stage 4, evidence: verify every quote, calculate, criticise, validate and compose the
answer; date each citation."""
