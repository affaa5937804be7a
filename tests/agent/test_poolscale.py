from pathlib import Path

from agent.backends.planner import OfflinePlanner
from agent.evaluation.poolscale import molecules, plot, study
from model_zoo.chem.mols import parse_smiles


def test_generated_molecules_are_distinct_and_valid() -> None:
    sample = molecules(3000)
    assert len(set(sample)) == 3000
    for smiles in sample[::7]:
        parse_smiles(smiles)


def test_prompt_stays_flat_while_inline_values_grow(tmp_path: Path) -> None:
    rows = study(OfflinePlanner(), (1, 1000))
    assert rows[1]["prompt_chars_pool"] - rows[0]["prompt_chars_pool"] < 100  # the preview shows up to 3 items
    assert rows[1]["prompt_chars_inline"] > 10 * rows[0]["prompt_chars_inline"]
    assert [r["acc_p"] for r in rows] == [100.0, 100.0]
    plot(rows, tmp_path / "p.png", "offline")
    assert (tmp_path / "p.png").read_bytes()[:4] == b"\x89PNG"
