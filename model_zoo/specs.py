"""The eight tools, declared once as plain data (TCDD-compatible names and parameters).

Every consumer reads these objects: LLM backends send ``to_json_schema()``, the offline planner
fills parameters by ``kind``, Fe-Fo validates against them, and ``model_zoo.registry`` finds a tool's
implementation, weights, trainer and ``drugpilot zoo`` name from its ``model``. Importing this module
must stay cheap: no torch, no rdkit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

ParamKind = Literal[
    "smiles_list",  # list of SMILES (a lone SMILES is accepted as a one-element list)
    "smiles",  # one SMILES
    "protein_seq",  # amino-acid sequence
    "cell_line",  # GDSC COSMIC id or cell-line name
    "number",  # float
    "mask",  # list of 0/1, one per heavy atom of another parameter's molecule
    "smiles_pairs",  # list of [SMILES, SMILES]
    "enum",  # one of ``enum``
]

POOL_REF_HINT = 'or a memory-pool key in parentheses such as "(user_smiles)"'


@dataclass(frozen=True)
class Param:
    name: str
    kind: ParamKind
    description: str
    required: bool = True
    enum: tuple[str, ...] = ()
    default: Any = None
    save_as: str | None = None  # pool key a literal value is saved under (DrugPilot convention)
    mask_of: str | None = None  # for kind "mask": the parameter holding the molecule
    bounds: tuple[float, float] | None = None  # for kind "number": the range the models were trained on

    def json_schema(self) -> dict[str, Any]:
        items: dict[str, Any]
        if self.kind in ("smiles_list",):
            schema: dict[str, Any] = {"type": "array", "items": {"type": "string"}}
        elif self.kind == "smiles_pairs":
            items = {"type": "array", "items": {"type": "string"}, "minItems": 2, "maxItems": 2}
            schema = {"type": "array", "items": items}
        elif self.kind == "mask":
            schema = {"type": "array", "items": {"type": "integer", "enum": [0, 1]}}
        elif self.kind == "number":
            schema = {"type": "number"}
        else:
            schema = {"type": "string"}
        if self.bounds:
            schema["minimum"], schema["maximum"] = self.bounds
        if self.enum:
            schema["enum"] = list(self.enum)
        if self.default is not None:
            schema["default"] = self.default
        schema["description"] = self.description
        return schema


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    params: tuple[Param, ...]
    result_key: str  # pool key the tool's output is saved under
    aliases: tuple[str, ...] = ()  # other tool names TCDD/DrugPilot use
    value_aliases: dict[str, dict[str, str]] = field(default_factory=dict)  # param -> word -> enum
    # The tool's short name, which names all its parts (see model_zoo.registry): model_zoo/tools/<model>.py runs it,
    # model_zoo/weights/<model>/ holds its weights and card, model_zoo.train.<model> builds or re-scores them, and
    # `drugpilot zoo list|evaluate|train <model>` addresses it.
    model: str = ""

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    @property
    def required(self) -> list[str]:
        return [p.name for p in self.params if p.required]

    def to_json_schema(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "parameters": {
                "type": "object",
                "properties": {p.name: p.json_schema() for p in self.params},
                "required": self.required,
            },
        }


# --- properties --------------------------------------------------------------------------------

CLINTOX_NAMES: tuple[str, ...] = ("FDA_APPROVED", "CT_TOX")
TOX21_NAMES: tuple[str, ...] = ("NR-AR", "NR-AR-LBD", "NR-AhR", "NR-Aromatase", "NR-ER", "NR-ER-LBD", "NR-PPAR-gamma",
                                "SR-ARE", "SR-ATAD5", "SR-HSE", "SR-MMP", "SR-p53")
# Computed exactly with RDKit (model_zoo.chem.descriptors), not predicted by a model.
COMPUTED_NAMES: tuple[str, ...] = ("MW", "cLogP", "TPSA", "HBD", "HBA", "rotatable_bonds", "QED", "Lipinski", "Veber")
# The predicted properties whose answer is a value (the others predicted are probabilities)
REGRESSION_PROPERTIES: tuple[str, ...] = ("logSolubility", "freesolv", "lipo")
PROPERTY_NAMES: tuple[str, ...] = (REGRESSION_PROPERTIES + ("p_np", "Class") + CLINTOX_NAMES + TOX21_NAMES
                                   + COMPUTED_NAMES)

PROPERTY_WORDS: dict[str, str] = {
    # word or phrase (lower case) -> enum value
    "logsolubility": "logSolubility",
    "log solubility": "logSolubility",
    "solubility": "logSolubility",
    "sol": "logSolubility",
    "aq sol": "logSolubility",
    "soluble": "logSolubility",
    "solubilities": "logSolubility",
    "logs": "logSolubility",
    "esol": "logSolubility",
    "aqueous": "logSolubility",
    "freesolv": "freesolv",
    "hydration free energy": "freesolv",
    "hydration energy": "freesolv",
    "solvation free energy": "freesolv",
    "hydration": "freesolv",
    # the free energy's symbol with its subscript ("ΔG_hyd (kcal/mol)", "dG_hyd"); Greek letters are read spelt out
    "deltag_hyd": "freesolv",
    "deltag hyd": "freesolv",
    "deltaghyd": "freesolv",
    "deltag(hyd)": "freesolv",
    "dg_hyd": "freesolv",
    "deltag_solv": "freesolv",
    "dg_solv": "freesolv",
    "lipo": "lipo",
    "lipophilicity": "lipo",
    "lipophilic": "lipo",
    "fat-soluble": "lipo",  # (not solubility in water: "fat-soluble vitamins")
    "fat soluble": "lipo",
    "lipid-soluble": "lipo",
    "oil-soluble": "lipo",
    "fat-loving": "lipo",
    "fat loving": "lipo",
    "logd": "lipo",
    "p_np": "p_np",
    "bbb": "p_np",
    "bbbp": "p_np",
    "blood-brain": "p_np",
    "blood brain": "p_np",
    "brain penetration": "p_np",
    "brain penetrant": "p_np",
    "brain": "p_np",
    "into the cns": "p_np",
    "cns exposure": "p_np",
    "cns penetra": "p_np",
    "central nervous": "p_np",
    "class": "Class",
    "bace": "Class",
    "bace1": "Class",
    "bace-1": "Class",
    "beta-secretase": "Class",
    # ClinTox
    "fda_approved": "FDA_APPROVED",
    "fda approved": "FDA_APPROVED",
    "fda-approved": "FDA_APPROVED",
    "fda approval": "FDA_APPROVED",
    "probability of approval": "FDA_APPROVED",
    "chance of approval": "FDA_APPROVED",
    "likelihood of approval": "FDA_APPROVED",
    "approval probability": "FDA_APPROVED",
    "ct_tox": "CT_TOX",
    "ct-tox": "CT_TOX",
    "ct tox": "CT_TOX",
    "clinical toxicity": "CT_TOX",
    "clinical tox": "CT_TOX",
    "clinical-tox": "CT_TOX",
    "clinical-trial toxicity": "CT_TOX",
    "clinical trial toxicity": "CT_TOX",
    "toxicity in clinical trials": "CT_TOX",
    "trial toxicity": "CT_TOX",  # "the ClinTox trial-toxicity probability"
    "trial-toxicity": "CT_TOX",
    "failed clinical trials": "CT_TOX",
    "fail clinical trials": "CT_TOX",
    "clinically toxic": "CT_TOX",
    # "the chance of it being toxic", "toxicity chance": a probability of toxicity, the ClinTox label
    "of being toxic": "CT_TOX",
    "it being toxic": "CT_TOX",
    "them being toxic": "CT_TOX",
    "toxicity chance": "CT_TOX",
    "toxicty chance": "CT_TOX",
    "chance of toxicity": "CT_TOX",
    # "ClinTox for both", "ClinTox score for dapsone?": the dataset named before its molecules, its toxicity label
    "clintox score": "CT_TOX",
    "clintox for": "CT_TOX",
    "clintox on": "CT_TOX",
    "clintox of": "CT_TOX",
    # Tox21 (the assay names, and the receptor or stress pathway each one reads)
    "nr-ar": "NR-AR",
    "nr ar": "NR-AR",
    "androgen receptor": "NR-AR",
    "androgen": "NR-AR",
    "androgenic": "NR-AR",
    "nr-ar-lbd": "NR-AR-LBD",
    "ar-lbd": "NR-AR-LBD",
    "androgen receptor lbd": "NR-AR-LBD",
    "androgen receptor ligand-binding domain": "NR-AR-LBD",
    "androgen receptor ligand binding domain": "NR-AR-LBD",
    "ar lbd": "NR-AR-LBD",
    "ar ligand-binding domain": "NR-AR-LBD",
    "ar ligand binding domain": "NR-AR-LBD",
    "ar ligand-binding-domain": "NR-AR-LBD",
    "androgen receptor ligand-binding-domain": "NR-AR-LBD",
    "nr-ahr": "NR-AhR",
    "ahr": "NR-AhR",
    "aryl hydrocarbon receptor": "NR-AhR",
    "dioxin receptor": "NR-AhR",
    "nr-aromatase": "NR-Aromatase",
    "aromatase": "NR-Aromatase",
    "cyp19": "NR-Aromatase",
    "cyp19a1 inhibition": "NR-Aromatase",
    "nr-er": "NR-ER",
    "nr er": "NR-ER",
    "estrogen receptor": "NR-ER",
    "er-alpha": "NR-ER",
    "er alpha": "NR-ER",
    "eralpha": "NR-ER",
    "er-α": "NR-ER",
    "erα": "NR-ER",
    "estrogen receptor alpha": "NR-ER",
    "oestrogen receptor": "NR-ER",
    "estrogen": "NR-ER",
    "oestrogen": "NR-ER",
    "estrogenic": "NR-ER",
    "esr1 agonist": "NR-ER",
    "esr1 agonism": "NR-ER",
    "esr1 activation": "NR-ER",
    "oestrogenic": "NR-ER",
    "nr-er-lbd": "NR-ER-LBD",
    "er-lbd": "NR-ER-LBD",
    "estrogen receptor lbd": "NR-ER-LBD",
    "estrogen receptor ligand-binding domain": "NR-ER-LBD",
    "estrogen receptor ligand binding domain": "NR-ER-LBD",
    "er lbd": "NR-ER-LBD",
    "er ligand-binding domain": "NR-ER-LBD",
    "er ligand binding domain": "NR-ER-LBD",
    "er ligand-binding-domain": "NR-ER-LBD",
    "er-alpha ligand-binding-domain": "NR-ER-LBD",
    "er-alpha ligand-binding domain": "NR-ER-LBD",
    "er-alpha ligand binding domain": "NR-ER-LBD",
    "er alpha ligand binding domain": "NR-ER-LBD",
    "er-alpha lbd": "NR-ER-LBD",
    "estrogen receptor ligand-binding-domain": "NR-ER-LBD",
    "nr-ppar-gamma": "NR-PPAR-gamma",
    "ppar": "NR-PPAR-gamma",
    "ppar-gamma": "NR-PPAR-gamma",
    "ppar gamma": "NR-PPAR-gamma",
    "pparg": "NR-PPAR-gamma",
    "ppar-g": "NR-PPAR-gamma",
    "sr-are": "SR-ARE",
    "antioxidant response element": "SR-ARE",
    "antioxidant response": "SR-ARE",
    "are assay": "SR-ARE",
    "are-bla": "SR-ARE",
    "oxidative stress": "SR-ARE",
    "nrf2": "SR-ARE",
    "nfe2l2 activation": "SR-ARE",
    "sr-atad5": "SR-ATAD5",
    "atad5": "SR-ATAD5",
    "sr-hse": "SR-HSE",
    "heat shock": "SR-HSE",
    "heat-shock": "SR-HSE",
    "heat shock response": "SR-HSE",
    "hsf1 activation": "SR-HSE",
    "sr-mmp": "SR-MMP",
    "mitochondrial membrane potential": "SR-MMP",
    "mitochondrial toxicity": "SR-MMP",
    "mitotox": "SR-MMP",
    "mito toxicity": "SR-MMP",
    "membrane potential": "SR-MMP",
    "sr-p53": "SR-p53",
    "p53 pathway": "SR-p53",
    "p53 assay": "SR-p53",
    "p53 stress": "SR-p53",
    "p53 activation": "SR-p53",
    "tp53 activation": "SR-p53",
    # computed descriptors
    "mw": "MW",
    "molecular weight": "MW",
    "molecular mass": "MW",
    "mol weight": "MW",
    "mol. weight": "MW",
    "clogp": "cLogP",
    "crippen logp": "cLogP",
    "crippen": "cLogP",
    "tpsa": "TPSA",
    "psa": "TPSA",
    "polar surface area": "TPSA",
    "topological polar surface area": "TPSA",
    "hbd": "HBD",
    "h-bond donors": "HBD",
    "hydrogen bond donors": "HBD",
    "hydrogen-bond donors": "HBD",
    "hbd count": "HBD",
    "hba": "HBA",
    "h-bond acceptors": "HBA",
    "hydrogen bond acceptors": "HBA",
    "hydrogen-bond acceptors": "HBA",
    "rotatable bonds": "rotatable_bonds",
    "rotatable bond count": "rotatable_bonds",
    "rotb": "rotatable_bonds",
    "nrotb": "rotatable_bonds",
    "rotatable_bonds": "rotatable_bonds",
    "qed": "QED",
    "drug-likeness": "QED",
    "druglikeness": "QED",
    "drug likeness": "QED",
    "lipinski": "Lipinski",
    "rule of five": "Lipinski",
    "rule of 5": "Lipinski",
    "ro5": "Lipinski",
    "lipinski's rule": "Lipinski",
    "veber": "Veber",
    "veber rules": "Veber",
    "veber's rules": "Veber",
}

SMILES_LIST_DESC = "SMILES of the molecules (a single SMILES is accepted as a one-element list), " + POOL_REF_HINT + "."
TARGET_DESC = (
    "Amino-acid sequence of the target protein (one-letter codes, no FASTA header), " + POOL_REF_HINT + "."
)
CELL_DESC = 'GDSC cancer cell line: a COSMIC id such as "906855" or a cell-line name such as "A549".'
LN_IC50_RANGE = (-9.0, 14.0)  # GDSC2 ln(IC50/µM) values lie in this range
ZSCORE_DESC = (
    "Target drug response on the GDSC ln(IC50) scale (natural log of IC50 in micromolar; lower = more potent; "
    "GDSC2 values lie between about -9 and 14). DrugPilot calls this value a z-score; the model maps it through "
    "sigmoid(x/10) as GraphDRP does."
)


def _drugs(save_as: str = "user_smiles") -> Param:
    return Param("drug_smiles", "smiles_list", SMILES_LIST_DESC, save_as=save_as)


def _target() -> Param:
    return Param("target_seq", "protein_seq", TARGET_DESC, save_as="user_target_seq")


PROPERTY = ToolSpec(
    name="drug_property_prediction",
    description=(
        "Predict a molecular property for one or more molecules. logSolubility: aqueous solubility, log10(mol/L), "
        "ESOL-trained. freesolv: hydration free energy, kcal/mol, FreeSolv-trained. lipo: lipophilicity, logD at "
        "pH 7.4 (Lipophilicity set). p_np: probability of crossing the blood-brain barrier (BBBP). Class: "
        "probability of being a BACE-1 inhibitor (BACE). ClinTox: FDA_APPROVED: probability of FDA approval; "
        "CT_TOX: probability of failing clinical trials for toxicity. Tox21 assays, probability of being active: "
        "NR-AR androgen receptor, NR-AR-LBD androgen receptor ligand-binding domain, NR-AhR aryl hydrocarbon "
        "receptor, NR-Aromatase aromatase inhibition, NR-ER estrogen receptor alpha, NR-ER-LBD estrogen receptor "
        "ligand-binding domain, NR-PPAR-gamma PPAR-gamma, SR-ARE antioxidant response element (oxidative "
        "stress), SR-ATAD5 genotoxic stress, SR-HSE heat shock response, SR-MMP mitochondrial membrane "
        "potential disruption, SR-p53 p53 DNA-damage response. Computed exactly with RDKit, not predicted: MW "
        "molecular weight (g/mol), cLogP Crippen logP, TPSA topological polar surface area, HBD / HBA hydrogen-bond "
        "donors / acceptors, rotatable_bonds, QED drug-likeness, Lipinski rule-of-five and Veber pass/fail. Returns "
        "one row per input molecule in input order; invalid SMILES are reported per row."
    ),
    params=(
        _drugs(),
        Param("property", "enum", "Property to predict (see tool description).", enum=PROPERTY_NAMES,
              save_as="user_property"),
    ),
    result_key="drug_property_prediction_result",
    model="property",
    value_aliases={"property": PROPERTY_WORDS},
)

AFFINITY = ToolSpec(
    name="drug_target_affinity_regression_predict",
    description=(
        "Predict drug-target binding affinity as pKd (= -log10 Kd[M]) for each molecule against one protein "
        "sequence. Trained on DAVIS kinase data."
    ),
    params=(_drugs(), _target()),
    result_key="drug_target_affinity_regression_predict_result",
    model="affinity",
)

TARGET_CLASSIFICATION = ToolSpec(
    name="drug_target_classification_predict",
    description=(
        "Predict whether each molecule interacts with a protein (binary drug-target interaction), returning an "
        "interaction probability. Aliases: drug_target_classification_prediction, "
        "drug_target_affinity_classification_predict."
    ),
    params=(_drugs(), _target()),
    result_key="drug_target_classification_predict_result",
    model="target_interaction",
    aliases=("drug_target_classification_prediction", "drug_target_affinity_classification_predict"),
)

CELL_RESPONSE = ToolSpec(
    name="drug_cell_response_regression_predict",
    description=(
        "Predict the response of a cancer cell line to each molecule as GDSC ln(IC50) (IC50 in micromolar). "
        "Trained on GDSC2."
    ),
    params=(_drugs(), Param("cell_name", "cell_line", CELL_DESC, save_as="user_cell_line")),
    result_key="drug_cell_response_regression_predict_result",
    model="cell_response",
)

DRUG_DRUG = ToolSpec(
    name="drug_drug_response_predict",
    description=(
        "Predict drug-drug interactions for pairs of molecules. task=drugbank: the most likely of 86 DrugBank "
        "interaction types with probabilities; task=twosides: TWOSIDES side effects (UMLS CUIs) with probabilities."
    ),
    params=(
        Param("smiles_pairs", "smiles_pairs",
              "List of [SMILES of drug 1, SMILES of drug 2] pairs, " + POOL_REF_HINT + ".",
              save_as="user_smiles_pairs"),
        Param("task", "enum", "Which interaction model to use.", required=False, enum=("drugbank", "twosides"),
              default="drugbank"),
    ),
    result_key="drug_drug_response_predict_result",
    model="drug_drug",
    value_aliases={"task": {"twosides": "twosides", "side effect": "twosides", "side-effect": "twosides",
                            "drugbank": "drugbank"}},
)

GENERATION = ToolSpec(
    name="drug_cell_response_regression_generation",
    description=(
        "Generate new molecules predicted to reach a target response (GDSC ln(IC50)) in a given cancer cell line. "
        "Returns the generated SMILES with their predicted ln(IC50); they are saved to the pool as generated_smiles."
    ),
    params=(
        Param("cell_line", "cell_line", CELL_DESC, save_as="user_cell_line"),
        Param("zscore", "number", ZSCORE_DESC, save_as="user_zscore", bounds=LN_IC50_RANGE),
    ),
    result_key="generated_smiles",
    model="generation",
)

OPTIMIZATION = ToolSpec(
    name="drug_cell_response_regression_optimization",
    description=(
        "Optimize a starting molecule towards a target response (GDSC ln(IC50)) in a cancer cell line, changing "
        "only the atoms the mask allows. Returns analogues with predicted ln(IC50); they are saved to the pool as "
        "optimized_smiles."
    ),
    params=(
        Param("zscore", "number", ZSCORE_DESC, save_as="user_zscore", bounds=LN_IC50_RANGE),
        Param("cell_line", "cell_line", CELL_DESC, save_as="user_cell_line"),
        Param("gt", "smiles", "SMILES of the starting molecule, " + POOL_REF_HINT + ".", save_as="user_smiles"),
        Param("mask", "mask",
              "One 0/1 per heavy atom of gt in RDKit atom order: 1 = may change, 0 = keep. Its length must equal "
              "the heavy-atom count of gt.", save_as="user_mask", mask_of="gt"),
    ),
    result_key="optimized_smiles",
    model="optimization",
)

RETROSYNTHESIS = ToolSpec(
    name="Retrosynthetic_reaction_pathway_prediction",
    description="Single-step retrosynthesis: ranked precursor sets with scores for each product SMILES.",
    params=(Param("smiles_list", "smiles_list", "SMILES of the target products, " + POOL_REF_HINT + ".",
                  save_as="user_smiles"),),
    result_key="Retrosynthetic_reaction_pathway_prediction_result",
    model="retrosynthesis",
)

TOOLS: tuple[ToolSpec, ...] = (
    PROPERTY, AFFINITY, TARGET_CLASSIFICATION, CELL_RESPONSE, DRUG_DRUG, GENERATION, OPTIMIZATION, RETROSYNTHESIS,
)

_BY_NAME: dict[str, ToolSpec] = {}
for _spec in TOOLS:
    _BY_NAME[_spec.name.lower()] = _spec
    for _alias in _spec.aliases:
        _BY_NAME[_alias.lower()] = _spec
    _BY_NAME.setdefault(_spec.result_key.lower(), _spec)  # small models call a tool by its pool result key


def get_spec(name: str) -> ToolSpec | None:
    """The spec for a tool name or one of its aliases (case-insensitive), else None."""
    return _BY_NAME.get(str(name).strip().lower())


def canonical_tool_name(name: str) -> str | None:
    spec = get_spec(name)
    return spec.name if spec else None


def canonical_enum(spec: ToolSpec, param: str, value: Any) -> str | None:
    """Map an enum value or one of its words ("solubility", "BBB") to the enum member, else None."""
    p = spec.param(param)
    if p is None or not p.enum or not isinstance(value, str):
        return None
    text = value.strip()
    for member in p.enum:
        if text.lower() == member.lower():
            return member
    return spec.value_aliases.get(param, {}).get(text.lower())

