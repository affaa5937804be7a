import pytest

from agent.fefo import FeFoError, check_call
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

GEFITINIB = "COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4"  # 31 heavy atoms
SEQ = "MAKQYDSVECPFCDEVSKYEKLAKIGQGTFGEVFKARHRKTGQKVALKKVLMENEKEGFPITALREIKILQLL"


@pytest.fixture
def pool() -> ThreadPool:
    return ThreadPool(InMemoryPoolStore(), "t")


def check(name: str, args: dict, pool: ThreadPool):
    return check_call(name, args, list(TOOLS), pool)


def test_valid_call_is_normalised(pool: ThreadPool) -> None:
    checked = check("drug_property_prediction", {"drug_smiles": "CCO", "property": "solubility"}, pool)
    assert checked.arguments == {"drug_smiles": ["CCO"], "property": "logSolubility"}
    assert checked.literals == {"drug_smiles": "CCO", "property": "solubility"}


def test_alias_tool_names_map_to_the_canonical_tool(pool: ThreadPool) -> None:
    checked = check("drug_target_classification_prediction", {"drug_smiles": ["CCO"], "target_seq": SEQ}, pool)
    assert checked.spec.name == "drug_target_classification_predict"


def test_pool_references_resolve_and_are_not_literals(pool: ThreadPool) -> None:
    pool.put("upload_hits.csv", ["CCO", "CCN"], "smiles_list", "u", "file")
    for ref in ("(upload_hits.csv)", ["(upload_hits.csv)"]):
        checked = check("drug_property_prediction", {"drug_smiles": ref, "property": "p_np"}, pool)
        assert checked.arguments["drug_smiles"] == ["CCO", "CCN"]
        assert "drug_smiles" not in checked.literals


def test_a_reference_to_an_empty_upload_is_refused(pool: ThreadPool) -> None:
    pool.put("upload_plate9.csv", [], "smiles_list", "u", "file")
    with pytest.raises(FeFoError) as info:
        check("drug_property_prediction", {"drug_smiles": "(upload_plate9.csv)", "property": "p_np"}, pool)
    assert "'upload_plate9.csv' is empty: it holds no molecules" in str(info.value)


@pytest.mark.parametrize(
    ("name", "args", "message"),
    [
        ("drug_magic", {}, "unknown tool 'drug_magic'; the available tools are: drug_property_prediction"),
        ("drug_property_prediction", {"drug_smiles": ["CCO"]}, "missing property"),
        ("drug_property_prediction", {"drug_smiles": ["C1CC(C"], "property": "p_np"}, "invalid SMILES 'C1CC(C'"),
        ("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "melting point"},
         "unsupported value 'melting point'; supported: logSolubility, freesolv, lipo, p_np, Class"),
        ("drug_property_prediction", {"drug_smiles": "(nope)", "property": "p_np"},
         "no key nope in this thread's pool; keys are: (the pool is empty)"),
        ("drug_property_prediction", {"drug_smiles": ["CCO"], "property": "p_np", "extra": 1},
         "unexpected parameter(s) extra"),
        ("drug_cell_response_regression_predict", {"drug_smiles": ["CCO"], "cell_name": "NOTACELL-9"},
         "unknown cell line 'NOTACELL-9'"),
        ("drug_target_affinity_regression_predict", {"drug_smiles": ["CCO"], "target_seq": "hello world"},
         "target_seq:"),
        ("drug_cell_response_regression_generation", {"cell_line": "A549", "zscore": "nan"}, "finite number"),
        ("drug_cell_response_regression_optimization",
         {"zscore": -2, "cell_line": "A549", "gt": GEFITINIB, "mask": [0, 1] * 5},
         "mask: 10 atom flags for 'COC1=C(C=C2C(=C1)N=CN=C2NC3=CC(=C(C=C3)F)Cl)OCCCN4CCOCC4', which has 31 atoms"),
        ("drug_drug_response_predict", {"smiles_pairs": [["CCO"]]}, "expected a list of [SMILES, SMILES] pairs"),
    ],
)
def test_bad_calls_get_precise_messages(pool: ThreadPool, name: str, args: dict, message: str) -> None:
    with pytest.raises(FeFoError) as info:
        check(name, args, pool)
    assert message in str(info.value)


def test_mask_of_the_right_length_passes_and_default_task_is_filled(pool: ThreadPool) -> None:
    checked = check("drug_cell_response_regression_optimization",
                    {"zscore": "-2", "cell_line": 906855, "gt": [GEFITINIB], "mask": "0" * 21 + "1" * 10}, pool)
    assert checked.arguments["zscore"] == -2.0 and checked.arguments["cell_line"] == "906855"
    assert checked.arguments["gt"] == GEFITINIB and len(checked.arguments["mask"]) == 31
    ddi = check("drug_drug_response_predict", {"smiles_pairs": [["CCO", "CCN"]]}, pool)
    assert ddi.arguments["task"] == "drugbank"


def test_molecule_limit(pool: ThreadPool) -> None:
    with pytest.raises(FeFoError, match="the limit per request is 2"):
        check_call("drug_property_prediction", {"drug_smiles": ["C", "CC", "CCC"], "property": "lipo"},
                   list(TOOLS), pool, max_molecules=2)
