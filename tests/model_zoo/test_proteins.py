"""Protein sequence normalization and detection in free text (model_zoo.chem.proteins)."""

from __future__ import annotations

import csv
import os
from pathlib import Path

import pytest

from model_zoo.chem.proteins import InvalidSequence, find_sequences, normalize_sequence

# TESK1 from DAVIS (davis/proteins.csv, target_idx 406), the shortest DAVIS target; it contains X.
TESK1 = (
    "LKMNKLPSNRGNTLREVQLMNRLRHPNILRFMGVCVHQGQLHALTEYMNGGTLEXLLSSPEPLSWPVRLHLALDIARGLRYLHSKGVFHRDLTSKNCLV"
    "RREDRGFTAVVGDFGLAEKIPVYREGARKEPLAVVGSPYWMAPEVLRGELYDEKADVFAFGIVLCELIARVPADPDYLPRTEDFGLDVPAFRTLVGDD"
    "CPLPFLLLAIHCCNLEPSTRAPFTEITQHLEWILEQLPEPAPLTXTA"
)
DATA_DIR = Path(os.environ.get("DRUGPILOT_DATA_DIR", Path(__file__).resolve().parents[3] / "shared" / "data"))
needs_data = pytest.mark.skipif(not (DATA_DIR / "davis").is_dir(), reason="shared data folder not available")


def fasta(seq: str, header: str = ">TESK1 davis", width: int = 60) -> str:
    return header + "\n" + "\n".join(seq[i:i + width] for i in range(0, len(seq), width)) + "\n"


def groups_of_ten(seq: str) -> str:
    return " ".join(seq[i:i + 10] for i in range(0, len(seq), 10))


def genbank(seq: str) -> str:
    lines = []
    for i in range(0, len(seq), 60):
        lines.append(f"{i + 1:>9} " + groups_of_ten(seq[i:i + 60]).lower())
    return "\n".join(lines)


@pytest.mark.parametrize(
    "text",
    [
        TESK1,
        "  " + TESK1 + "\n",
        TESK1.lower(),
        TESK1 + ".",
        TESK1 + "*",
        fasta(TESK1),
        fasta(TESK1, width=80),
        groups_of_ten(TESK1),
        groups_of_ten(TESK1.lower()) + ".",
        genbank(TESK1),
        "\r\n".join(fasta(TESK1).splitlines()),
    ],
    ids=["one-line", "padded", "lower", "period", "stop", "fasta60", "fasta80", "groups", "groups-lower",
         "genbank", "crlf"],
)
def test_normalize_accepts_common_layouts(text: str) -> None:
    assert normalize_sequence(text) == TESK1


def test_normalize_rejects_smiles_with_a_hint() -> None:
    with pytest.raises(InvalidSequence) as err:
        normalize_sequence("CC(=O)Oc1ccccc1C(=O)O")
    message = str(err.value)
    assert "'('" in message and "'='" in message and "SMILES" in message


def test_normalize_names_bad_letters_and_position() -> None:
    with pytest.raises(InvalidSequence, match="'J' is not amino-acid") as err:
        normalize_sequence(TESK1[:30] + "J" + TESK1[30:])
    assert "position 31" in str(err.value)


def test_normalize_too_short() -> None:
    with pytest.raises(InvalidSequence, match="12 residues; a protein target needs at least 20"):
        normalize_sequence("MKTAYIAKQRQI")


def test_normalize_empty_and_non_text() -> None:
    with pytest.raises(InvalidSequence, match="empty"):
        normalize_sequence(">header only\n")
    with pytest.raises(InvalidSequence):
        normalize_sequence(None)  # type: ignore[arg-type]


def test_normalize_rejects_dna() -> None:
    with pytest.raises(InvalidSequence, match="DNA/RNA"):
        normalize_sequence("ATGGCGTACGATCGATCGATCGTAGCTAGCTAGC")


def test_normalize_rejects_several_fasta_records() -> None:
    with pytest.raises(InvalidSequence, match="2 FASTA records"):
        normalize_sequence(fasta(TESK1, ">a") + fasta(TESK1, ">b"))


def test_find_in_sentence_groups_and_fasta() -> None:
    text = (
        "Can you predict the affinity of imatinib (CC1=C(C=C(C=C1)NC(=O)C2=CC=C(C=C2)CN3CCN(CC3)C)NC4=NC=CC(=N4)"
        f"C5=CN=CC=C5) for this kinase: {groups_of_ten(TESK1)}. Thanks!"
    )
    assert find_sequences(text) == [TESK1]
    block = "target below\n" + fasta(TESK1) + "and a second one MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQ, please"
    assert find_sequences(block) == [TESK1, "MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQ"]


def test_find_keeps_order_and_drops_duplicates() -> None:
    short = "MKTAYIAKQRQISFVKSHFSRQLEERLGLIEVQ"
    text = f"first {short} then\n{fasta(TESK1)}\nagain {short}"
    assert find_sequences(text) == [short, TESK1]


@pytest.mark.parametrize(
    "text",
    [
        "",
        "Please predict the binding affinity of aspirin against EGFR and HER2 in A549 cells",
        "PLEASE PREDICT THE AFFINITY FOR THIS MOLECULE AGAINST THE KINASE TARGET DOMAIN RIGHT NOW",
        "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC",  # a long alkane, not a protein
        "CC(=O)Nc1ccc(O)cc1 and c1ccc2ccccc2c1 and CN1C=NC2=C(C1=O)N(C(=O)N2C)C",
        "> quoted slack text that is not a FASTA header at all",
        "MKTAYIAKQRQISFV",  # too short for free text
        "ATGGCGTACGATCGATCGATCGTAGCTAGCTAGCATCGATCG",  # DNA
    ],
)
def test_find_ignores_non_proteins(text: str) -> None:
    assert find_sequences(text) == []


def test_find_lowercase_needs_standard_letters() -> None:
    assert find_sequences(TESK1.lower().replace("x", "a")) == [TESK1.replace("X", "A")]
    # an ordinary long lower-case word run is never 30 letters of the 20-letter alphabet
    assert find_sequences("this is an ordinary sentence written in lower case letters only") == []


@needs_data
def test_all_davis_targets_round_trip() -> None:
    with (DATA_DIR / "davis" / "proteins.csv").open(newline="") as fh:
        seqs = [row["sequence"] for row in csv.DictReader(fh)]
    assert len(seqs) > 400
    for seq in seqs:
        assert normalize_sequence(fasta(seq)) == seq
        assert normalize_sequence(groups_of_ten(seq.lower())) == seq
    text = "targets:\n" + "".join(fasta(s, f">t{i}") for i, s in enumerate(seqs[:20]))
    assert find_sequences(text) == list(dict.fromkeys(seqs[:20]))
