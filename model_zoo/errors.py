"""The one family of errors whose message is written for the person in the chat."""

from __future__ import annotations


class UserFacingError(ValueError):
    """Its message is written for the person who asked and may be shown as is.

    A ValueError because most of the family reject something the person gave (a SMILES, a cell line, a file);
    handlers that catch ValueError keep catching them. Errors that are not the person's to act on (a crash, an
    unreachable LLM, a bad signature) stay outside the family.
    """
