"""Optimisation masks from a core the user names: a ring system ("the quinazoline", from
``model_zoo/data/core_scaffolds.json``), a SMILES/SMARTS substructure, or the Murcko scaffold.

The mask has one 0/1 per heavy atom in RDKit order: 0 on the core's atoms (kept), 1 elsewhere (may change).
A core that is not in the molecule, or that matches it in several places, is an error that says so and names
the places, so that the person can choose; nothing is picked for them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rdkit import Chem, rdBase
from rdkit.Chem.Scaffolds import MurckoScaffold

from model_zoo.errors import UserFacingError

SCAFFOLDS_PATH = Path(__file__).resolve().parent.parent / "data" / "core_scaffolds.json"
GROUPS_PATH = Path(__file__).resolve().parent.parent / "data" / "functional_groups.json"
MURCKO = "Murcko scaffold"
MURCKO_WORDS = ("murcko scaffold", "murcko", "scaffold", "bemis-murcko scaffold", "ring system", "ring systems")
MAX_MATCHES = 50  # distinct placements listed at most; symmetric cores can match many ways
MAX_CORE_CHARS = 500  # a typed SMILES/SMARTS core longer than this is refused before parsing


class CoreError(UserFacingError):
    """A core that cannot become a mask; the message is written for the person who named it."""


@dataclass(frozen=True)
class Core:
    name: str  # how replies name it: "quinazoline", "c1ccncc1", "Murcko scaffold"
    smarts: str  # "" for the Murcko scaffold (computed per molecule)
    loose: str = ""  # SMILES of a part named without locants ("difluorophenylsulfonyl"): matched wherever it sits


@lru_cache(maxsize=1)
def scaffolds() -> dict[str, str]:
    """Ring-system name (lower case) -> SMARTS."""
    table = json.loads(SCAFFOLDS_PATH.read_text(encoding="utf-8"))
    return {name: smarts for name, smarts in table.items() if not name.startswith("_")}


@lru_cache(maxsize=1)
def _groups_table() -> dict[str, dict[str, str]]:
    table: dict[str, dict[str, str]] = json.loads(GROUPS_PATH.read_text(encoding="utf-8"))
    return table


@lru_cache(maxsize=1)
def functional_groups() -> dict[str, str]:
    """Functional-group name or other spelling (lower case) -> SMARTS ("tert-butyl", "CF3", "sulfonamide"); a
    spelling may name a ring system ("thf")."""
    groups, spellings = _groups_table()["groups"], _groups_table()["spellings"]
    return {**groups, **{spelling: groups.get(name) or scaffolds()[name] for spelling, name in spellings.items()}}


@lru_cache(maxsize=1)
def _foreign_spellings() -> tuple[tuple[re.Pattern[str], str], ...]:
    table = _groups_table()["foreign_spellings"]
    return tuple((re.compile(pattern), english) for pattern, english in table.items())


def english_spelling(words: str) -> str:
    """A part's name as a Spanish, Portuguese, Italian, French or Turkish chemist writes it, spelt in English
    ("metoxietoxi" -> "methoxyethoxy", "morfolinopropoksi" -> "morpholinopropoxy"); accents dropped."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", words.lower()) if not unicodedata.combining(c))
    for pattern, english in _foreign_spellings():
        plain = pattern.sub(english, plain)
    return plain


@lru_cache(maxsize=1)
def part_descriptors() -> tuple[str, ...]:
    """Words that describe a part without naming it ("solubilising", "terminal")."""
    return tuple(_groups_table()["descriptors"])


def group_name(words: str) -> str:
    """The group's own name for one of its spellings ("cf3" -> "trifluoromethyl")."""
    return _groups_table()["spellings"].get(words, words)


# substituent shorthand in a part's name: "N-Me-piperazine" is N-methylpiperazine
_ABBREVIATIONS = {"me": "methyl", "et": "ethyl", "ph": "phenyl", "ac": "acetyl", "bn": "benzyl", "ipr": "isopropyl",
                  "tbu": "tert-butyl", "cf3": "trifluoromethyl", "ocf3": "trifluoromethoxy", "ome": "methoxy"}
# ("3-CF3-phenyl", "CF3-phenyl": the substituent written before the ring it is on)
_ABBREVIATED = re.compile(rf"(?:^|(?<=-))({'|'.join(_ABBREVIATIONS)})-(?=[a-z]{{3}})")


def core_from_text(text: str) -> Core:
    """The core a phrase names: a ring system or functional group from the tables, the Murcko scaffold, or a
    SMILES/SMARTS."""
    words = _ABBREVIATED.sub(lambda m: _ABBREVIATIONS[m.group(1)], text.strip().lower())  # "n-me-piperazine"
    words = re.sub(r"(?<=yl)\s+(?=carbonyl\b|sulfonyl\b)", "", words)  # "cyclopropyl carbonyl": cyclopropylcarbonyl
    if words not in scaffolds() and words not in functional_groups() and words.replace("-", "") in functional_groups():
        words = words.replace("-", "")  # "methyl-amide" is the table's "methylamide"
    if words in scaffolds():
        return Core(words, scaffolds()[words])
    if words in functional_groups():
        return Core(group_name(words), functional_groups()[words])
    amide = _ALKYL_AMIDE.fullmatch(words)  # "isopropylamide": the C(=O)NH-iPr of a med-chem series, not iPrNH⁻
    # "methylsulfonyl-ethyl-aminomethyl": one substituent's name broken by hyphens, read whole first
    joined = re.sub(r"(?<=[a-z]{3})-(?=[a-z]{3})", "", words)
    named = (fragment_from_name(joined) if joined != words and not amide else None) or \
        fragment_from_name(f"{amide.group('alkyl')}formamide" if amide else words)
    if named is not None:
        return Core(words, _chain_and_ring_smarts(named), "" if re.search(r"\d", words) else Chem.MolToSmiles(named))
    if words in MURCKO_WORDS:
        return Core(MURCKO, "")
    english = english_spelling(words)
    if english != words and _NAME_WORD.fullmatch(english):
        try:
            return core_from_text(english)  # "metoxietoxi", "ciclopropil-carbonile"
        except CoreError:
            pass
    on_an_atom = _ON_AN_ATOM.fullmatch(words)
    if on_an_atom:  # "the N-benzyl": the benzyl on its nitrogen
        return core_from_text(on_an_atom.group("substituent"))
    if len(text) > MAX_CORE_CHARS:
        raise CoreError(f"the core is {len(text)} characters long; give at most {MAX_CORE_CHARS}")
    if _query(text.strip()) is None:
        known = ", ".join(sorted(scaffolds()))
        raise CoreError(f"I don't know the core '{text.strip()}'{_why_names_unread(words)}: give it as SMILES or "
                        f"SMARTS, or name a ring system ({known})")
    return Core(text.strip(), text.strip())


_ON_AN_ATOM = re.compile(r"[nos]-(?P<substituent>[a-z]{3,}yl)")
_ALKYL_AMIDE = re.compile(r"(?:n-)?(?P<alkyl>[a-z-]*(?:methyl|ethyl|propyl|butyl|pentyl|hexyl|benzyl|phenyl))\s?amide")
_NAME_WORD = re.compile(r"(?:\d+(?:,\d+)*-)?[a-z][a-z0-9(),'\[\]-]{4,80}(?: acid)?")  # "glutamic acid"


def _why_names_unread(words: str) -> str:
    """" (systematic names need OPSIN: …)" when a name-like part could not be read because OPSIN cannot run."""
    from model_zoo.names import opsin

    if not _NAME_WORD.fullmatch(words) or opsin.available():
        return ""
    return f" ({opsin.status()}, which reads systematic names)"


def fragment_from_name(words: str) -> Chem.Mol | None:
    """The part named systematically ("morpholinopropoxy", "cyclopropylcarbonyl-piperazine",
    "methoxyethoxy"), read by OPSIN as a molecule or, for a substituent, as that substituent on silane (whose Si is
    then removed); None when OPSIN is unavailable or does not read it."""
    from model_zoo.names import opsin

    if not _NAME_WORD.fullmatch(words) or not opsin.available():
        return None
    joined = re.sub(r"ine-(?=[a-z])", "ino", words)  # "morpholine-propoxy" -> "morpholinopropoxy"
    for name in dict.fromkeys([words, joined, joined.replace("-", ""), f"{joined}silane", f"({joined})silane"]):
        smiles = opsin.to_smiles(name)
        mol = Chem.MolFromSmiles(smiles) if smiles else None
        if mol is None:
            continue
        editable = Chem.RWMol(mol)
        for atom in sorted((a.GetIdx() for a in mol.GetAtoms() if a.GetSymbol() == "Si"), reverse=True):
            editable.RemoveAtom(atom)
        fragment = editable.GetMol()
        if fragment.GetNumAtoms() >= 2 and len(Chem.GetMolFrags(fragment)) == 1:
            return fragment
    return None


def _chain_and_ring_smarts(mol: Chem.Mol) -> str:
    """SMARTS whose chain atoms match only chain atoms and ring atoms only ring atoms: "methoxyethoxy" is a chain,
    never a run of atoms that reaches into the ring it hangs from."""
    Chem.GetSymmSSSR(mol)
    symbols = [f"[#{a.GetAtomicNum()};{'a' if a.GetIsAromatic() else 'A'};{'R' if a.IsInRing() else '!R'}]"
               for a in mol.GetAtoms()]
    bonds = {Chem.BondType.SINGLE: "-", Chem.BondType.DOUBLE: "=", Chem.BondType.TRIPLE: "#",
             Chem.BondType.AROMATIC: ":"}
    bond_symbols = [bonds.get(b.GetBondType(), "~") for b in mol.GetBonds()]
    return Chem.MolFragmentToSmiles(mol, atomsToUse=list(range(mol.GetNumAtoms())), atomSymbols=symbols,
                                    bondSymbols=bond_symbols, allBondsExplicit=True, canonical=False)


def _query(smarts: str) -> Chem.Mol | None:
    with rdBase.BlockLogs():
        query = Chem.MolFromSmarts(smarts)
        if query is None:
            query = Chem.MolFromSmiles(smarts)
    return query if query is not None and query.GetNumAtoms() else None


def placements(mol: Chem.Mol, core: Core) -> list[tuple[int, ...]]:
    """The distinct atom sets (sorted, 0-based) where the core sits in the molecule."""
    if not core.smarts:
        return [murcko_atoms(mol)]
    query = _query(core.smarts)
    if query is None:
        raise CoreError(f"the core '{core.name}' is not valid SMILES or SMARTS")
    found = {tuple(sorted(m)) for m in mol.GetSubstructMatches(query, uniquify=True, maxMatches=10 * MAX_MATCHES)}
    if not found and core.loose:
        found = set(_loose_placements(mol, core.loose))
    return _whole_parts(mol, sorted(found))


def _whole_parts(mol: Chem.Mol, found: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """One placement per site: of overlapping placements, those with the fewest bonds to the rest of the molecule.
    In imatinib "methylpiperazine" also matches with the benzylic CH2 as its methyl (two bonds out); the
    N-methylpiperazine that hangs on that CH2 (one bond out) is the part. Ties stay, to be asked about."""
    def bonds_out(atoms: tuple[int, ...]) -> int:
        inside = set(atoms)
        return sum((b.GetBeginAtomIdx() in inside) != (b.GetEndAtomIdx() in inside) for b in mol.GetBonds())

    kept = []
    for atoms in found:
        rivals = [other for other in found if set(other) & set(atoms)]
        if bonds_out(atoms) == min(bonds_out(other) for other in rivals):
            kept.append(atoms)
    return kept


def _loose_placements(mol: Chem.Mol, smiles: str) -> list[tuple[int, ...]]:
    """Substituents of the molecule (cut off by one acyclic single bond) with the named part's atoms, bonds and
    ring systems wherever its substituents sit: a name without locants ("difluorophenylsulfonyl") says nothing
    about them, while OPSIN had to pick some (2,3-difluoro)."""
    part = Chem.MolFromSmiles(smiles)
    if part is None:
        return []
    wanted = _composition(part, tuple(range(part.GetNumAtoms())))
    found = []
    for bond in mol.GetBonds():
        if bond.IsInRing() or bond.GetBondType() != Chem.BondType.SINGLE:
            continue
        pieces = Chem.FragmentOnBonds(mol, [bond.GetIdx()], addDummies=False)
        for atoms in Chem.GetMolFrags(pieces):
            if len(atoms) == part.GetNumAtoms() and _composition(mol, tuple(atoms)) == wanted:
                found.append(tuple(sorted(atoms)))
    return found


def _composition(mol: Chem.Mol, atoms: tuple[int, ...]) -> tuple[object, ...]:
    """What a part is made of, positions on its rings aside: its atoms (element, aromatic, in a ring), its bonds
    (the elements and order) and its rings (element sequence)."""
    inside = set(atoms)
    elements = sorted((mol.GetAtomWithIdx(i).GetAtomicNum(), mol.GetAtomWithIdx(i).GetIsAromatic(),
                       mol.GetAtomWithIdx(i).IsInRing()) for i in atoms)
    bonds = sorted((*sorted((b.GetBeginAtom().GetAtomicNum(), b.GetEndAtom().GetAtomicNum())), str(b.GetBondType()))
                   for b in mol.GetBonds() if b.GetBeginAtomIdx() in inside and b.GetEndAtomIdx() in inside)
    rings = sorted(tuple(sorted(mol.GetAtomWithIdx(i).GetAtomicNum() for i in ring))
                   for ring in mol.GetRingInfo().AtomRings() if set(ring) <= inside)
    return tuple(elements), tuple(bonds), tuple(rings)


def widened(mol: Chem.Mol, atoms: tuple[int, ...], reach: str) -> tuple[int, ...]:
    """A part with what its words add: "chain" (tail, arm, side chain) takes the substituent up to the ring it hangs
    on (gefitinib's "morpholine chain" is the morpholine and its propoxy linker), "ether" the ether oxygens on it
    ("the THF ether"). A chain between two rings is not one substituent and stays as named."""
    part = set(atoms)
    if reach == "ether":
        part |= {n.GetIdx() for i in atoms for n in mol.GetAtomWithIdx(i).GetNeighbors()
                 if n.GetSymbol() == "O" and not n.IsInRing() and n.GetDegree() == 2}
    elif reach == "chain":
        grown, edge = set(part), list(part)
        while edge:
            for n in mol.GetAtomWithIdx(edge.pop()).GetNeighbors():
                if n.GetIdx() not in grown and not n.IsInRing():
                    grown.add(n.GetIdx())
                    edge.append(n.GetIdx())
        hangs_on = {(i, n.GetIdx()) for i in grown for n in mol.GetAtomWithIdx(i).GetNeighbors()
                    if n.GetIdx() not in grown}
        if len(hangs_on) == 1:
            part = grown
    return tuple(sorted(part))


def murcko_atoms(mol: Chem.Mol) -> tuple[int, ...]:
    """The atoms of the molecule's Bemis-Murcko scaffold (ring systems and the chains linking them)."""
    scaffold = MurckoScaffold.GetScaffoldForMol(mol)
    if scaffold.GetNumAtoms() == 0:
        raise CoreError("the molecule has no ring, so it has no scaffold to keep")
    match = mol.GetSubstructMatch(scaffold)
    return tuple(sorted(match))


def core_mask(mol: Chem.Mol, core: Core) -> list[int]:
    """0 on the core's atoms, 1 on the others; a CoreError when the core is absent, in several places, or the
    whole molecule."""
    found = placements(mol, core)
    smiles = Chem.MolToSmiles(mol)
    if not found:
        raise CoreError(f"the {core.name} is not in {smiles}" + _present(mol))
    if len(found) > 1:
        shown = " or ".join(atom_text(atoms) for atoms in found[:5])
        more = f" or {len(found) - 5} other places" if len(found) > 5 else ""
        raise CoreError(f"the {core.name} occurs {len(found)} times in {smiles}: {shown}{more} (numbered from 1 as "
                        f"RDKit draws them). Which one should stay? Say e.g. 'keep atoms {_ranges(found[0])}', or give "
                        "the core with a neighbouring atom as SMILES")
    kept = set(found[0])
    if len(kept) == mol.GetNumAtoms():
        raise CoreError(f"the {core.name} is the whole of {smiles}, so nothing could change")
    return [0 if i in kept else 1 for i in range(mol.GetNumAtoms())]


def ring_systems_in(mol: Chem.Mol) -> list[str]:
    """Names from the table that occur in the molecule, largest first, skipping those inside a larger one found."""
    found: list[tuple[str, frozenset[int]]] = []
    for name, smarts in sorted(scaffolds().items(), key=lambda kv: -(_query(kv[1]) or Chem.Mol()).GetNumAtoms()):
        query = _query(smarts)
        if query is None or name == "phenyl":
            continue
        for match in mol.GetSubstructMatches(query, uniquify=True):
            atoms = frozenset(match)
            if not any(atoms <= other for _, other in found):
                found.append((name, atoms))
    return list(dict.fromkeys(name for name, _ in found))


def _present(mol: Chem.Mol) -> str:
    names = ring_systems_in(mol)
    return f"; its ring systems are: {', '.join(names)}" if names else ""


def _ranges(atoms: tuple[int, ...]) -> str:
    """'3-12, 15' for 0-based atoms 2..11 and 14 (shown 1-based)."""
    numbers = sorted(a + 1 for a in atoms)
    spans: list[str] = []
    start = prev = numbers[0]
    for n in numbers[1:] + [None]:  # type: ignore[list-item]
        if n is not None and n == prev + 1:
            prev = n
            continue
        spans.append(f"{start}-{prev}" if prev > start else str(start))
        if n is not None:
            start = prev = n
    return ", ".join(spans)


def atom_text(atoms: tuple[int, ...]) -> str:
    return f"atoms {_ranges(atoms)}"
