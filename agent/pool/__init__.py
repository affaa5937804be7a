"""The parameterized memory pool: one per chat thread, shared by everyone in it."""
