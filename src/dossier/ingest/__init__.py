"""Stage 1, ingest: find the corpus files, read their text and front-matter, cut passages;
read the questionnaire; decide which documents are in force (authority)."""
