"""Structural alerts: PAINS, Brenk and NIH (reactive/unstable groups) from RDKit's FilterCatalog, plus a few
reactive patterns those catalogs miss (allenes, aminals and hemiaminals on or next to a ring, N-N and N-O single
bonds in rings, exocyclic double bonds on 3-rings).

Generated and optimised molecules are screened with one shared catalog. An alert is named "<set>: <entry>"
(e.g. "Brenk: hydrazine", "NIH: primary_halide_sulfate", "PAINS: azo_A(324)"), so a reply can say why a
molecule was removed.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterable

from rdkit import Chem
from rdkit.Chem.FilterCatalog import FilterCatalog, FilterCatalogEntry, FilterCatalogParams, SmartsMatcher

from model_zoo.results import FileArtifact
from model_zoo.tables import rows_to_csv

CATALOGS = ("PAINS", "BRENK", "NIH")  # RDKit FilterCatalogs used
# Reactive or unstable groups not covered by the catalogs above (kept from the generation search's own list).
EXTRA_SMARTS: dict[str, str] = {
    "peroxide": "[OX2][OX2]",
    "disulfide": "[SX2][SX2]",
    "N/O/S-halogen": "[#7,#8,#16]-[F,Cl,Br,I]",
    "acyl or imidoyl halide": "[#6](=[#7,#8,#16])[F,Cl,Br,I]",
    "diazo / cumulated N": "[N;X2]=[N;X2]=*",
    "allene": "C=C=C",
    "acyclic N/O/S chain of three": "[#7,#8,#16;R0]-[#7,#8,#16;R0]-[#7,#8,#16;R0]",
    # an sp3 carbon on two N/O (not amide-like), unless both bonds are ring bonds (dioxolane, imidazolidine)
    "aminal / hemiaminal / hemiacetal": "[CX4;!$(C(F)F);!$(C(@[#7,#8])@[#7,#8])]([#7,#8;!$(*C=[O,N,S])])"
                                        "[#7,#8;!$(*C=[O,N,S])]",
    "N-N or N-O single bond (hydrazine, hydroxylamine)": "[#7,#8;!a;+0]-[#7;!a;+0]",  # Brenk's is acyclic only
    "alpha-halo amine / ether": "[CX4;!$(C(F)(F))]([F,Cl,Br,I])[NX3,OX2]",  # not CF3-O / CF2-N (stable)
    "double bond on a 3-ring": "[r3]=*",
    "perfluoro chain": "[C;!R](F)(F)(F)[C;!R](F)(F)F",
}
EXTRA_SET = "reactive"
MAX_KEPT = 200  # removed molecules listed (with their alerts) in a reply's CSV
# Brenk entries that flag shape or size, not reactivity or instability, and that approved kinase inhibitors carry
# (gefitinib's and erlotinib's alkoxy chains, erlotinib's and ponatinib's alkynes, 7-membered rings): not alerts here.
BRENK_NOT_ALERTS = frozenset({"Aliphatic_long_chain", "triple_bond", "isolated_alkene", "azepane", "azocane",
                              "cycloheptane_1", "cycloheptane_2", "cyclooctane_1", "cyclooctane_2"})
_SET_NAMES = {"PAINS_A": "PAINS", "PAINS_B": "PAINS", "PAINS_C": "PAINS", "Brenk": "Brenk", "NIH": "NIH"}

_catalog: FilterCatalog | None = None
_lock = threading.Lock()


def catalog() -> FilterCatalog:
    """The shared catalog, built once per process (about 770 entries)."""
    global _catalog
    with _lock:
        if _catalog is None:
            params = FilterCatalogParams()
            for name in CATALOGS:
                params.AddCatalog(getattr(FilterCatalogParams.FilterCatalogs, name))
            full = FilterCatalog(params)
            built = FilterCatalog()
            for i in range(full.GetNumEntries()):
                entry = full.GetEntryWithIdx(i)
                if not (entry.GetProp("FilterSet") == "Brenk" and entry.GetDescription() in BRENK_NOT_ALERTS):
                    built.AddEntry(entry)
            for name, smarts in EXTRA_SMARTS.items():
                entry = FilterCatalogEntry(name, SmartsMatcher(name, smarts, 1))
                entry.SetProp("FilterSet", EXTRA_SET)
                built.AddEntry(entry)
            _catalog = built
        return _catalog


def _name(entry: object) -> str:
    filter_set = entry.GetProp("FilterSet") if "FilterSet" in entry.GetPropList() else EXTRA_SET  # type: ignore[attr-defined]
    return f"{_SET_NAMES.get(filter_set, filter_set)}: {entry.GetDescription()}"  # type: ignore[attr-defined]


def alerts_in(mol: Chem.Mol) -> frozenset[str]:
    """The names of every alert the molecule matches (empty when it is clean)."""
    found = catalog()
    if not found.HasMatch(mol):
        return frozenset()
    return frozenset(_name(entry) for entry in found.GetMatches(mol))


class AlertScreen:
    """Removes molecules with alerts and counts why, for the reply: "12 removed for structural alerts
    (Brenk: hydrazine 5, …)". ``allowed`` alerts do not remove (an optimised analogue may keep its starting
    molecule's liabilities; it may not add new ones)."""

    def __init__(self, allowed: Iterable[str] = (), keep: int = MAX_KEPT) -> None:
        self.allowed = frozenset(allowed)
        self.removed = 0
        self.by_alert: Counter[str] = Counter()
        self.examples: list[tuple[str, frozenset[str]]] = []  # (SMILES, alerts) of the first ``keep`` removed
        self._keep = keep

    def passes(self, mol: Chem.Mol, smiles: str = "") -> bool:
        """True when the molecule has no alert beyond the allowed ones; else counts it and why."""
        new = alerts_in(mol) - self.allowed
        if new:
            self.removed += 1
            self.by_alert.update(new)
            if len(self.examples) < self._keep:
                self.examples.append((smiles or Chem.MolToSmiles(mol), new))
        return not new

    def summary(self, noun: str = "candidate", where: str = "", top: int = 5) -> str:
        """One sentence for the reply ("12 analogues near the target were removed …"); empty when none was."""
        if not self.removed:
            return ""
        common = ", ".join(f"{name} {n}" for name, n in self.by_alert.most_common(top))
        more = f" and {len(self.by_alert) - top} other alerts" if len(self.by_alert) > top else ""
        one = self.removed == 1
        return (f"{self.removed} {noun}{'' if one else 's'}{where} {'was' if one else 'were'} removed for structural "
                f"alerts (PAINS, Brenk, NIH reactive/unstable groups; most frequent: {common}{more}).")


def describe(alerts: Iterable[str]) -> str:
    """'; '-joined, sorted: how a table cell lists a molecule's alerts."""
    return "; ".join(sorted(alerts))


def removed_artifact(screen: AlertScreen, name: str) -> list[FileArtifact]:
    """A CSV of the molecules removed for structural alerts, with the alerts of each (none when nothing was)."""
    if not screen.examples:
        return []
    rows = [{"smiles": smiles, "alerts": describe(alerts)} for smiles, alerts in screen.examples]
    return [FileArtifact(name, "text/csv", rows_to_csv(rows, ["smiles", "alerts"]))]
