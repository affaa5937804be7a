"""Memory-pool scale study: does the agent stay accurate and fast as the pool grows?

For pools of 1 … 100,000 molecules it measures the prompt the LLM would get (characters, with the
pool view) against the prompt without a pool (values pasted inline, as a plain chat would), Acc.P
of a fixed set of requests that refer to the pooled molecules, and the latency of each decision.
The analogue of the PMP figure in the DrugPilot paper.
"""

from __future__ import annotations

import itertools
import json
import statistics
import time
from pathlib import Path
from collections.abc import Callable
from typing import Any

from agent.backends.base import Backend, PlanContext
from agent.entities import extract
from agent.evaluation.scoring import params_ok
from agent.loop import Decider, Limits, initial_messages
from agent.pool.store import InMemoryPoolStore
from agent.pool.thread_pool import ThreadPool
from model_zoo.specs import TOOLS

SIZES = (1, 10, 100, 1_000, 10_000, 100_000)
KEY = "upload_screen.csv"
SEQ = ("MGMACLTMTEMEGTSTSSIYQNGDISGNANSMKQIDPVLQVYLYHSLGKSEADYLTFPSGEYVAEEICIAASKACGITPVYHNMFALMSETERIWYPPNHVFHIDE"
       "STRHNVLYRIRFYFPRWYCSGSNRAYRHGISRGAEAPLLDDFVMSYLFAQWRHDFVHGWIKVPVTHETQEECLGMAVLDMMRIAKENDQTPLAIYNSISYKTFLPKC")
REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("predict the aqueous solubility of the uploaded compounds",
     {"name": "drug_property_prediction", "arguments": {"drug_smiles": f"({KEY})", "property": "logSolubility"}}),
    ("which of the compounds in screen.csv would cross the blood-brain barrier?",
     {"name": "drug_property_prediction", "arguments": {"drug_smiles": f"({KEY})", "property": "p_np"}}),
    ("lipophilicity (logD) for everything in the uploaded file",
     {"name": "drug_property_prediction", "arguments": {"drug_smiles": f"({KEY})", "property": "lipo"}}),
    (f"do the uploaded compounds bind this kinase? {SEQ}",
     {"name": "drug_target_classification_predict", "arguments": {"drug_smiles": f"({KEY})", "target_seq": SEQ}}),
    (f"binding affinity (pKd) of the uploaded compounds for {SEQ}",
     {"name": "drug_target_affinity_regression_predict", "arguments": {"drug_smiles": f"({KEY})",
                                                                       "target_seq": SEQ}}),
    ("how sensitive is A549 to the compounds in the uploaded file? ln(IC50) please",
     {"name": "drug_cell_response_regression_predict", "arguments": {"drug_smiles": f"({KEY})",
                                                                     "cell_name": "A549"}}),
    ("suggest precursors for the uploaded compounds",
     {"name": "Retrosynthetic_reaction_pathway_prediction", "arguments": {"smiles_list": f"({KEY})"}}),
    ("hydration free energy of the uploaded molecules",
     {"name": "drug_property_prediction", "arguments": {"drug_smiles": f"({KEY})", "property": "freesolv"}}),
]


def molecules(n: int) -> list[str]:
    """n distinct, valid SMILES assembled from drug-like fragments (no data files needed)."""
    heads = ["c1ccccc1", "c1ccncc1", "C1CCNCC1", "c1ccc2ccccc2c1", "C1CCOCC1", "c1ccsc1", "c1cc[nH]c1", "C1CC1"]
    links = ["C", "CC", "O", "N", "C(=O)N", "C(=O)O", "S(=O)(=O)N", "OC", "NC(=O)", "CCN"]
    tails = ["C", "CC", "CCC", "F", "Cl", "OC", "N", "C#N", "C(F)(F)F", "O", "Br", "C(C)C", "CO", "C(=O)C",
             "NC", "SC", "C1CC1", "c1ccccc1", "N(C)C", "C=C"]
    combos = ("".join(parts) for parts in itertools.product(heads, links, heads, links, tails))
    return list(itertools.islice(dict.fromkeys(combos), n))


def _reader(pool: ThreadPool) -> Callable[[str], Any]:
    return lambda key: pool.require(key).value


def study(backend: Backend, sizes: tuple[int, ...] = SIZES) -> list[dict[str, Any]]:
    rows = []
    offered = list(TOOLS)
    for n in sizes:
        values = molecules(n)
        pool = ThreadPool(InMemoryPoolStore(), f"scale:{n}")
        started = time.perf_counter()
        pool.put(KEY, values, "smiles_list", "bench", "file")
        store_s = time.perf_counter() - started
        correct, seconds, prompt_chars = 0, [], []
        for text, gold in REQUESTS:
            ctx = PlanContext(request=text, pool=pool.list(), offered=offered,
                              read=_reader(pool))
            ctx.messages = initial_messages(text, ctx)
            prompt_chars.append(sum(len(str(m.get("content", ""))) for m in ctx.messages))
            decider = Decider(backend, pool, offered, Limits())
            t0 = time.perf_counter()
            decision = decider.decide(ctx, extract(text), time.monotonic() + 120)
            seconds.append(time.perf_counter() - t0)
            predicted = ({"name": decision.action.name, "arguments": decision.action.arguments}
                         if decision.action else None)
            correct += params_ok(gold, predicted, pool)
        inline_chars = statistics.mean(prompt_chars) + len(json.dumps(values))
        rows.append({"molecules": n, "prompt_chars_pool": round(statistics.mean(prompt_chars)),
                     "prompt_chars_inline": round(inline_chars), "acc_p": round(100 * correct / len(REQUESTS), 1),
                     "median_decision_s": round(statistics.median(seconds), 4), "store_s": round(store_s, 4)})
    return rows


def plot(rows: list[dict[str, Any]], path: Path, backend: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = [r["molecules"] for r in rows]
    fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
    axes[0].loglog(n, [r["prompt_chars_pool"] for r in rows], "o-", label="memory pool (keys + preview)")
    axes[0].loglog(n, [r["prompt_chars_inline"] for r in rows], "s--", label="values inline")
    axes[0].axhline(8192 * 3.5, color="grey", lw=0.8, ls=":", label="≈ 8k-token context")
    axes[0].set(xlabel="molecules in the pool", ylabel="prompt characters", title="Prompt size")
    axes[0].legend(fontsize=8)
    axes[1].semilogx(n, [r["acc_p"] for r in rows], "o-")
    axes[1].set(xlabel="molecules in the pool", ylabel="Acc.P (%)", ylim=(0, 105), title=f"Accuracy ({backend})")
    axes[2].loglog(n, [max(r["median_decision_s"], 1e-4) for r in rows], "o-")
    axes[2].set(xlabel="molecules in the pool", ylabel="seconds", title="Median decision latency")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def render(rows: list[dict[str, Any]]) -> str:
    header = "| molecules | prompt chars (pool) | prompt chars (inline) | Acc.P % | median decision s |"
    lines = [header, "|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['molecules']:,} | {r['prompt_chars_pool']:,} | {r['prompt_chars_inline']:,} | {r['acc_p']} | "
              f"{r['median_decision_s']} |" for r in rows]
    return "\n".join(lines)
