"""What a name resolves to: a value with its provenance, or what did not resolve and the closest options."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Resolved:
    kind: str  # "drug" | "target" | "cell_line"
    written: str  # as the user wrote it
    name: str  # canonical name ("ibuprofen", "ABL1", "A549")
    value: str  # SMILES (drug), amino-acid sequence (target), GDSC cell-line name (cell_line)
    source: str  # one short line: "DrugBank DB01050", "OPSIN (IUPAC name)", "GDSC A549, COSMIC 905949"
    fuzzy: bool  # matched by spelling correction: show the match to the user
    start: int = -1  # span in the text it was found in (-1 when resolved from a bare name)
    end: int = -1

    def line(self) -> str:
        """One line for a reply: "Gleevec → imatinib (DrugBank DB00619)"."""
        fix = " (spelling corrected)" if self.fuzzy else ""
        if self.written.casefold() == self.name.casefold():
            return f"{self.written} ({self.source}){fix}"
        return f"{self.written} → {self.name} ({self.source}){fix}"


@dataclass(frozen=True)
class Unresolved:
    kind: str
    written: str
    closest: tuple[str, ...]  # up to ~5 nearest known names
    start: int = -1
    end: int = -1
    note: str = ""  # why, when more than "unknown": "known drug (DrugBank DB00072), but no structure is shipped"

    def line(self) -> str:
        """One line for asking back: "unknown drug 'zorbatinib'; closest: lorlatinib, …"."""
        what = {"drug": "drug", "target": "target", "cell_line": "cell line"}.get(self.kind, self.kind)
        text = f"{what} {self.written!r} did not resolve"
        if self.note:
            text += f": {self.note}"
        if self.closest:
            text += f"; closest known: {', '.join(self.closest)}"
        return text
