"""Readers for uploaded molecule files, one module per format; ``model_zoo.chem.files`` is the entry point."""
