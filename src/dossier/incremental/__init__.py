"""What makes a rebuild cost what changed: the cache, the run ledger, the plan of `dossier
status`, the history of builds, and the executor the answers are mapped through."""
