"""Uploaded molecule files: CSV/TSV, SMILES lists, SDF, FASTA, XLSX (model_zoo.chem.files)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rdkit import Chem

import model_zoo.chem.uploads.xlsx as xlsx
from agent.settings import DEFAULTS
from model_zoo.chem.files import FileRejected, ParsedFile, parse_molecule_file, pool_key
from tests_support import raw_xlsx

DATA_DIR = Path(os.environ.get("DRUGPILOT_DATA_DIR", Path(__file__).resolve().parents[3] / "shared" / "data"))
needs_data = pytest.mark.skipif(not (DATA_DIR / "moleculenet").is_dir(), reason="shared data folder not available")

# The first rows of MoleculeNet ESOL (moleculenet/delaney.csv), verbatim.
DELANEY_HEAD = """smiles,logp
OCC3OC(OCC2OC(OC(C#N)c1ccccc1)C(O)C(O)C2O)C(O)C(O)C3O,-0.77
Cc1occc1C(=O)Nc2ccccc2,-3.3
CC(C)=CCCC(C)=CC(=O),-2.06
c1ccc2c(c1)ccc3c2ccc4c5ccccc5ccc43,-7.87
c1ccsc1,-1.33
c2ccc1scnc1c2,-1.5
"""
DELANEY_SMILES = [line.split(",")[0] for line in DELANEY_HEAD.splitlines()[1:]]
# TESK1 from DAVIS (davis/proteins.csv).
TESK1 = (
    "LKMNKLPSNRGNTLREVQLMNRLRHPNILRFMGVCVHQGQLHALTEYMNGGTLEXLLSSPEPLSWPVRLHLALDIARGLRYLHSKGVFHRDLTSKNCLV"
    "RREDRGFTAVVGDFGLAEKIPVYREGARKEPLAVVGSPYWMAPEVLRGELYDEKADVFAFGIVLCELIARVPADPDYLPRTEDFGLDVPAFRTLVGDD"
    "CPLPFLLLAIHCCNLEPSTRAPFTEITQHLEWILEQLPEPAPLTXTA"
)


def read(tmp_path: Path, name: str, content: bytes | str, **kwargs: int) -> ParsedFile:
    """Write the upload to disk first, as the bot's download step does, then parse its bytes."""
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return parse_molecule_file(name, path.read_bytes(), **{"max_bytes": DEFAULTS.max_file_bytes, **kwargs})


# --- tables -------------------------------------------------------------------------------------

def test_delaney_csv(tmp_path: Path) -> None:
    parsed = read(tmp_path, "solubility_set_A.csv", DELANEY_HEAD)
    assert parsed.kind == "smiles_list"
    assert parsed.values == DELANEY_SMILES
    assert parsed.source_column == "smiles"
    assert parsed.rows == [2, 3, 4, 5, 6, 7]
    assert parsed.rejected == [] and parsed.names is None
    assert parsed.key == "upload_solubility_set_A.csv"
    assert parsed.summary() == "read 6 molecules from column 'smiles' of solubility_set_A.csv"


def test_bad_rows_are_rejected_with_line_numbers(tmp_path: Path) -> None:
    lines = DELANEY_HEAD.splitlines()
    content = "\n".join([lines[0], lines[1], "C1CC,0.5", "", lines[2], ",1.0", "notasmiles,2"]) + "\n"
    parsed = read(tmp_path, "plate3.csv", content)
    assert parsed.values == DELANEY_SMILES[:2]
    assert parsed.rows == [2, 5]
    assert [(r.row, r.text) for r in parsed.rejected] == [(3, "C1CC,0.5"), (6, ",1.0"), (7, "notasmiles,2")]
    assert "unclosed ring" in parsed.rejected[0].reason
    assert "no SMILES" in parsed.rejected[1].reason
    assert parsed.summary().endswith("3 rows rejected")


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("a.tsv", DELANEY_HEAD.replace(",", "\t")),
        ("a.csv", DELANEY_HEAD.replace(",", ";")),
        ("a.csv", "\ufeff" + DELANEY_HEAD),  # UTF-8 with BOM, as Excel writes it
        ("a.csv", DELANEY_HEAD.replace("\n", "\r\n")),
        ("a.txt", DELANEY_HEAD),  # a CSV saved as .txt
        ("a.csv", "sep=;\n" + DELANEY_HEAD.replace(",", ";")),
    ],
    ids=["tsv", "semicolon", "bom", "crlf", "txt-csv", "excel-sep-line"],
)
def test_delimiters_and_encodings(tmp_path: Path, name: str, content: str) -> None:
    assert read(tmp_path, name, content).values == DELANEY_SMILES


def test_utf16_tab_export(tmp_path: Path) -> None:
    content = DELANEY_HEAD.replace(",", "\t").encode("utf-16")  # Excel "Unicode text"
    assert read(tmp_path, "export.txt", content).values == DELANEY_SMILES


def test_latin1_names_column_and_header_synonyms(tmp_path: Path) -> None:
    content = "Compound Name;Canonical_SMILES;pIC50\nCaféine;Cn1cnc2c1c(=O)n(C)c(=O)n2C;5.1\nÉthanol;CCO;3\n"
    parsed = read(tmp_path, "latin.csv", content.encode("latin-1"))
    assert parsed.values == ["Cn1cnc2c1c(=O)n(C)c(=O)n2C", "CCO"]
    assert parsed.names == ["Caféine", "Éthanol"]
    assert parsed.source_column == "Canonical_SMILES"
    assert any("Latin-1" in note for note in parsed.notes)


def test_smiles_column_found_by_content(tmp_path: Path) -> None:
    content = "id,structure_text,value\n" + "".join(f"{i},{s},{i}.5\n" for i, s in enumerate(DELANEY_SMILES))
    parsed = read(tmp_path, "noheader_name.csv", content)
    assert parsed.values == DELANEY_SMILES and parsed.source_column == "structure_text"


def test_bace_style_mol_column(tmp_path: Path) -> None:
    content = "mol,CID,Class\nCCO,BACE_1,1\nc1ccccc1,BACE_2,0\n"
    parsed = read(tmp_path, "bace.csv", content)
    assert parsed.values == ["CCO", "c1ccccc1"] and parsed.source_column == "mol"
    assert parsed.names == ["BACE_1", "BACE_2"]


def test_headerless_single_column_csv(tmp_path: Path) -> None:
    parsed = read(tmp_path, "list.csv", "\n".join(DELANEY_SMILES) + "\n")
    assert parsed.values == DELANEY_SMILES
    assert parsed.rows == [1, 2, 3, 4, 5, 6]
    assert parsed.source_column == "column 1"


def test_no_smiles_column_lists_headers(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match=r"no SMILES column found in assay\.csv; columns seen: 'id', 'name'"):
        read(tmp_path, "assay.csv", "id,name,value\n1,aspirin,3\n2,CCO,4\n3,caffeine,5\n")


def test_no_valid_molecule_shows_reasons(tmp_path: Path) -> None:
    with pytest.raises(FileRejected) as err:
        read(tmp_path, "bad.csv", "smiles\nC1CC\nXX\nfoo\nbar\n")
    message = str(err.value)
    assert message.startswith("no valid molecule in bad.csv: row 2 'C1CC': unclosed ring")
    assert "row 3 'XX'" in message and "(4 rejected in all)" in message


def test_header_only(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match="header but no data rows"):
        read(tmp_path, "h.csv", "smiles,logp\n")


@needs_data
def test_real_delaney_file(tmp_path: Path) -> None:
    head = (DATA_DIR / "moleculenet" / "delaney.csv").read_text().splitlines()[:21]
    parsed = read(tmp_path, "delaney.csv", "\n".join(head) + "\n")
    assert len(parsed.values) == 20 and not parsed.rejected
    assert parsed.values[:6] == DELANEY_SMILES


# --- SMILES lists -------------------------------------------------------------------------------

def test_headerless_smi_with_names_and_a_bad_row(tmp_path: Path) -> None:
    content = "CCO ethanol\nC1CC broken ring\n\n# a comment\nc1ccccc1\tbenzene\nCC(=O)O\n"
    parsed = read(tmp_path, "set.smi", content)
    assert parsed.values == ["CCO", "c1ccccc1", "CC(=O)O"]
    assert parsed.rows == [1, 5, 6]
    assert parsed.names == ["ethanol", "benzene", ""]
    assert [(r.row, r.text) for r in parsed.rejected] == [(2, "C1CC broken ring")]
    assert "unclosed ring" in parsed.rejected[0].reason


def test_smi_header_line_is_skipped(tmp_path: Path) -> None:
    parsed = read(tmp_path, "set.smiles", "SMILES Name\nCCO ethanol\n")
    assert parsed.values == ["CCO"] and parsed.rows == [2] and not parsed.rejected


# --- SDF ----------------------------------------------------------------------------------------

def _sdf(smiles: list[str]) -> str:
    buffer = io.StringIO()
    writer = Chem.SDWriter(buffer)
    for i, smi in enumerate(smiles):
        mol = Chem.MolFromSmiles(smi)
        mol.SetProp("_Name", f"cmpd-{i + 1}")
        mol.SetProp("logS", "1.0")
        writer.write(mol)
    writer.close()
    return buffer.getvalue()


def test_sdf_written_by_rdkit(tmp_path: Path) -> None:
    parsed = read(tmp_path, "library.sdf", _sdf(DELANEY_SMILES[:3]))
    assert parsed.values == [Chem.CanonSmiles(s) for s in DELANEY_SMILES[:3]]
    assert parsed.names == ["cmpd-1", "cmpd-2", "cmpd-3"]
    assert parsed.rows == [1, 2, 3] and parsed.key == "upload_library.sdf"


def test_sdf_bad_record_is_rejected_by_record_number(tmp_path: Path) -> None:
    pentavalent = Chem.MolFromSmiles("CC(C)(C)(C)(C)C", sanitize=False)
    pentavalent.SetProp("_Name", "bad-carbon")
    bad_block = Chem.MolToMolBlock(pentavalent, kekulize=False) + "$$$$\n"
    good = _sdf(DELANEY_SMILES[:2])
    first, second = good.split("$$$$\n")[:2]
    parsed = read(tmp_path, "mixed.sdf", first + "$$$$\n" + bad_block + second + "$$$$\n")
    assert len(parsed.values) == 2 and parsed.rows == [1, 3]
    assert [(r.row, r.text) for r in parsed.rejected] == [(2, "bad-carbon")]
    assert "valence" in parsed.rejected[0].reason.lower()
    assert parsed.row_unit == "record"


# --- FASTA --------------------------------------------------------------------------------------

def _fasta(seq: str, header: str) -> str:
    return f">{header}\n" + "\n".join(seq[i:i + 60] for i in range(0, len(seq), 60)) + "\n"


def test_fasta_single_record(tmp_path: Path) -> None:
    parsed = read(tmp_path, "jak2.fasta", _fasta(TESK1, "TESK1 davis"))
    assert parsed.kind == "protein_seq"
    assert parsed.values == [TESK1] and parsed.names == ["TESK1 davis"]
    assert parsed.key == "upload_jak2.fasta"


def test_fasta_several_records_and_a_bad_one(tmp_path: Path) -> None:
    content = _fasta(TESK1, "a") + ">short\nMKT\n" + _fasta(TESK1.lower(), "b")
    parsed = read(tmp_path, "set.fa", content)
    assert parsed.values == [TESK1, TESK1] and parsed.names == ["a", "b"]
    assert [(r.row, r.text) for r in parsed.rejected] == [(7, ">short")]  # TESK1 takes lines 2-6
    assert "3 residues" in parsed.rejected[0].reason


@needs_data
def test_fasta_from_davis(tmp_path: Path) -> None:
    import csv

    with (DATA_DIR / "davis" / "proteins.csv").open(newline="") as fh:
        rows = list(csv.DictReader(fh))[:3]
    content = "".join(_fasta(r["sequence"], r["target_id"]) for r in rows)
    parsed = read(tmp_path, "davis.faa", content)
    assert parsed.values == [r["sequence"] for r in rows]
    assert parsed.names == [r["target_id"] for r in rows]


# --- XLSX ---------------------------------------------------------------------------------------

def _xlsx(rows: list[list[object]]) -> bytes:
    openpyxl = pytest.importorskip("openpyxl")
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_xlsx(tmp_path: Path) -> None:
    rows: list[list[object]] = [["Name", "SMILES", "logS"]]
    rows += [[f"m{i}", s, -1.5] for i, s in enumerate(DELANEY_SMILES)] + [["broken", "C1CC", 0]]
    parsed = read(tmp_path, "plate.xlsx", _xlsx(rows))
    assert parsed.values == DELANEY_SMILES
    assert parsed.names == [f"m{i}" for i in range(6)]
    assert [r.row for r in parsed.rejected] == [8]


def test_xlsx_zip_bomb_guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = _xlsx([["smiles"], ["CCO"]])
    monkeypatch.setattr(xlsx, "MAX_XLSX_UNPACKED", 1_000)
    with pytest.raises(FileRejected, match="unpacks to"):
        read(tmp_path, "bomb.xlsx", data)


def test_xlsx_row_limit(tmp_path: Path) -> None:
    data = _xlsx([["smiles"]] + [["CCO"]] * 10)
    with pytest.raises(FileRejected, match="more than 5 rows"):
        read(tmp_path, "big.xlsx", data, max_rows=5)


def test_broken_xlsx(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match="not a valid .xlsx"):
        read(tmp_path, "broken.xlsx", b"PK\x03\x04 this is not really a zip")


# --- whole-file rejections ----------------------------------------------------------------------

def test_size_limit(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match=r"^huge\.csv is 12\.3 MB; the limit is 10 MB$"):
        parse_molecule_file("huge.csv", b"C" * 12_300_000, DEFAULTS.max_file_bytes)
    with pytest.raises(FileRejected, match="the limit is 1 MB"):
        parse_molecule_file("big.smi", b"CCO\n" * 300_000, max_bytes=1_000_000)


def test_row_limit(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match="more than 3 rows"):
        read(tmp_path, "rows.csv", DELANEY_HEAD, max_rows=3)
    assert len(read(tmp_path, "rows.csv", DELANEY_HEAD, max_rows=6).values) == 6


def test_unknown_extension_lists_supported(tmp_path: Path) -> None:
    with pytest.raises(FileRejected) as err:
        read(tmp_path, "notes.docx", b"anything")
    assert "'.docx'" in str(err.value) and ".sdf" in str(err.value) and ".xlsx" in str(err.value)
    with pytest.raises(FileRejected, match="old-style .xls"):
        read(tmp_path, "old.xls", b"anything")


@pytest.mark.parametrize("content", [b"", b"   \n\n", "\ufeff".encode()])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    with pytest.raises(FileRejected, match="empty"):
        read(tmp_path, "empty.csv", content)


def test_binary_garbage(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match="binary"):
        read(tmp_path, "data.csv", bytes(range(256)) * 20)
    with pytest.raises(FileRejected, match="gzip"):
        read(tmp_path, "data.sdf", b"\x1f\x8b\x08\x00rest")


@pytest.mark.parametrize(
    ("filename", "key"),
    [
        ("plate3.csv", "upload_plate3.csv"),
        ("solubility set A.csv", "upload_solubility_set_A.csv"),
        ("jak2.fasta", "upload_jak2.fasta"),
        ("../../etc/passwd", "upload_passwd"),
        ("C:\\Users\\me\\hits (final).sdf", "upload_hits__final_.sdf"),
        ("", "upload_file"),
        ("ургамал.smi", "upload_ургамал.smi"),  # letters of any script are kept
    ],
)
def test_pool_key(filename: str, key: str) -> None:
    assert pool_key(filename) == key


# --- robustness ---------------------------------------------------------------------------------

EXTENSIONS = ["csv", "tsv", "txt", "smi", "sdf", "mol", "fasta", "xlsx", "", "docx"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.binary(max_size=2_000), ext=st.sampled_from(EXTENSIONS))
def test_random_bytes_only_raise_file_rejected(data: bytes, ext: str) -> None:
    try:
        parse_molecule_file(f"upload.{ext}" if ext else "upload", data, DEFAULTS.max_file_bytes)
    except FileRejected:
        pass


_TEXTISH = st.text(alphabet=st.sampled_from(list("CcNnOo()=#[]@+-123\t,; \n>$MENDSH|\"'")), max_size=400)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=_TEXTISH, ext=st.sampled_from(EXTENSIONS))
def test_random_chemistry_like_text_only_raises_file_rejected(text: str, ext: str) -> None:
    try:
        parsed = parse_molecule_file(f"upload.{ext}" if ext else "upload", text.encode(), DEFAULTS.max_file_bytes)
    except FileRejected:
        return
    assert parsed.values
    assert len(parsed.values) == len(parsed.rows)
    assert parsed.names is None or len(parsed.names) == len(parsed.values)


# --- limits checked before parsing (issue 15) and names/pairs (issue 13) --------------------------------------


def test_xlsx_cell_with_a_3_million_character_smiles_is_refused_before_rdkit(tmp_path: Path) -> None:
    data = raw_xlsx(["smiles", "CCO", "C" * 3_000_000])
    assert len(data) < 10_000  # it compresses to almost nothing
    parsed = read(tmp_path, "huge.xlsx", data)
    assert parsed.values == ["CCO"]
    [bad] = parsed.rejected
    assert bad.row == 3 and bad.reason == "3,000,000 characters, over the limit of 3,000 for one SMILES"
    assert len(bad.text) <= 200 and bad.text.endswith("…")


def test_xlsx_that_declares_too_many_cells_is_refused_before_any_cell_is_read(tmp_path: Path) -> None:
    with pytest.raises(FileRejected, match=r"1,000,000 rows x 3 columns; the limit is 500,000 cells"):
        read(tmp_path, "big.xlsx", raw_xlsx(["smiles", "CCO"], dimension="A1:C1000000"), max_rows=2_000_000)
    with pytest.raises(FileRejected, match=r"has 1,000 columns in sheet 'Sheet1'; the limit is 500"):
        read(tmp_path, "wide.xlsx", raw_xlsx(["smiles", "CCO"], dimension="A1:ALL2"))


def test_wide_xlsx_is_stopped_while_read(tmp_path: Path) -> None:
    data = _xlsx([["smiles"] + [f"c{i}" for i in range(600)], ["CCO"] + [1] * 600])
    with pytest.raises(FileRejected, match=r"has 601 columns in sheet 'Sheet'; the limit is 500"):
        read(tmp_path, "wide.xlsx", data)


def test_wide_csv_is_refused_from_its_first_line(tmp_path: Path) -> None:
    line = ",".join(["CCO"] + ["0.5"] * 39_999)
    with pytest.raises(FileRejected, match=r"wide.csv has 40,000 columns in its first row; the limit is 500"):
        read(tmp_path, "wide.csv", "\n".join([line] * 4))
    ragged = "smiles,name\nCCO,ethanol\n" + ",".join(["CCN"] + ["x"] * 600) + "\n"
    with pytest.raises(FileRejected, match=r"has 601 columns in row 3; the limit is 500"):
        read(tmp_path, "ragged.csv", ragged)


def test_over_long_cells_reject_their_row_and_are_never_echoed_whole(tmp_path: Path) -> None:
    content = f"smiles,note\nCCO,short\nCCN,{'x' * 20_000}\n{'C' * 5_000},fine\n"
    parsed = read(tmp_path, "cells.csv", content)
    assert parsed.values == ["CCO"]
    assert [(r.row, r.reason) for r in parsed.rejected] == [
        (3, "a cell of 20,000 characters, over the limit of 10,000"),
        (4, "5,000 characters, over the limit of 3,000 for one SMILES")]
    assert all(len(r.text) <= 200 for r in parsed.rejected)
    with pytest.raises(FileRejected) as refused:
        read(tmp_path, "all_bad.smi", "C" * 1_000_000 + " name\n")
    assert "over the limit of 3,000" in str(refused.value) and len(str(refused.value)) < 300


def test_names_from_every_format(tmp_path: Path) -> None:
    assert read(tmp_path, "a.csv", "Compound ID,SMILES\nX-1,CCO\nX-2,CCN\n").names == ["X-1", "X-2"]
    assert read(tmp_path, "a.smi", "CCO ethanol\nCCN ethylamine\n").names == ["ethanol", "ethylamine"]
    assert read(tmp_path, "a.xlsx", _xlsx([["name", "smiles"], ["ethanol", "CCO"]])).names == ["ethanol"]
    mol = Chem.MolFromSmiles("CCO")
    mol.SetProp("_Name", "")
    mol.SetProp("Catalog ID", "Z-123")
    sdf = io.StringIO()
    writer = Chem.SDWriter(sdf)
    writer.write(mol)
    writer.close()
    assert read(tmp_path, "a.sdf", sdf.getvalue()).names == ["Z-123"]  # no title: an ID property
    fasta = read(tmp_path, "a.fasta", f">sp|Q15569|TESK1\n{TESK1}\n>second\n{TESK1[:50]}\n")
    assert fasta.names == ["sp|Q15569|TESK1", "second"] and len(fasta.values) == 2


@pytest.mark.parametrize("header", ["smiles_1,smiles_2", "Drug1,Drug2", "drug_a_smiles,drug_b_smiles",
                                    "SMILES 1;SMILES 2"])
def test_two_structure_columns_are_drug_pairs(tmp_path: Path, header: str) -> None:
    sep = ";" if ";" in header else ","
    parsed = read(tmp_path, "pairs.csv", f"{header}\nCCO{sep}CCN\nc1ccccc1O{sep}xyz\n")
    assert parsed.kind == "smiles_pairs" and parsed.values == [["CCO", "CCN"]]
    assert parsed.rejected[0].row == 3 and parsed.rejected[0].reason.startswith("second drug:")
    assert "drug pair" in parsed.summary()


def test_tdc_style_pairs_take_structures_and_ids(tmp_path: Path) -> None:
    content = "Drug1_ID,Drug1,Drug2_ID,Drug2,Y\nDB001,CCO,DB002,CCN,46\n"
    parsed = read(tmp_path, "ddi.csv", content)
    assert parsed.values == [["CCO", "CCN"]] and parsed.names == [["DB001", "DB002"]]


def test_pairs_of_drug_names_are_resolved_never_guessed(tmp_path: Path) -> None:
    parsed = read(tmp_path, "pairs.csv", "drug1,drug2\nwarfarin,aspirin\nwarfarn,aspirin\n")
    assert parsed.names == [["warfarin", "aspirin"]] and len(parsed.values) == 1
    assert parsed.values[0][1] == "CC(=O)OC1=CC=CC=C1C(O)=O"
    [bad] = parsed.rejected
    assert "did you mean warfarin?" in bad.reason


def test_numbered_id_columns_beside_a_smiles_column_are_not_pairs(tmp_path: Path) -> None:
    parsed = read(tmp_path, "ids.csv", "id1,id2,smiles\nA,B,CCO\n")
    assert parsed.kind == "smiles_list" and parsed.values == ["CCO"]
