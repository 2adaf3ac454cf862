"""Stage 5, output: the record as JSON, the Markdown and PDF renderings, the answered
workbook, the manifest, and the per-question traces."""
