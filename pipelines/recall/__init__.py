"""Recall: the SQL pre-filter, hybrid lexical + vector search in rounds, and the rerank."""
