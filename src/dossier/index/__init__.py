"""Stage 2, index: embed passages and search them (Tantivy BM25 + FAISS vectors, fused)."""
