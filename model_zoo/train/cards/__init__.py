"""Model-card templates, one per kind of model (``string.Template``: ``$name`` placeholders, ``$$`` for a dollar)."""
