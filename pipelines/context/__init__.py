"""Context: the token budget, history compaction, and the bounded memory block the model reads."""
