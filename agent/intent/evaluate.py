"""Measure the shipped intent model on a TCDD/ShareGPT benchmark file, and its latency.

    python -m agent.intent.evaluate --dev toolcall_dev.json [--card agent/intent/weights/card.json]

Measurement only: nothing here trains or tunes. Each human turn whose gold is one call (or a gold
``{"name": null}``) is converted with ``to_placeholders`` (the trailing ``MemoryPool(...)`` line
stripped first) and scored on the tool chosen. With ``--card`` the numbers are written into the
card under ``dev_measurement``.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from agent.intent.model import shipped_model
from agent.intent.placeholders import to_placeholders
from model_zoo.specs import canonical_tool_name

_POOL_LINE = re.compile(r"\n?MemoryPool\(arguments=dict_keys\(\[.*?\]\)\)\s*$", re.S)


def single_step_turns(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Text, gold tool (or "none"), gold property, category and position (first or later human turn: a later
    one may lean on the thread's history, which the model does not see) of human turns followed by exactly
    one gold call."""
    turns = []
    for record in records:
        conv = record["conversations"]
        first = True
        for i, message in enumerate(conv):
            if message["from"] != "human":
                continue
            position, first = ("first_turn" if first else "later_turn"), False
            calls = []
            for later in conv[i + 1:]:
                if later["from"] == "human":
                    break
                if later["from"] == "function_call":
                    calls.append(json.loads(later["value"]))
            if len(calls) != 1:
                continue
            name = calls[0].get("name")
            tool = (canonical_tool_name(name) or name) if name else "none"
            prop = (calls[0].get("arguments") or {}).get("property") if tool == "drug_property_prediction" else None
            turns.append({"text": _POOL_LINE.sub("", message["value"]), "gold": tool, "property": prop,
                          "category": record.get("category", ""), "position": position})
    return turns


def measure_dev(path: Path) -> dict[str, Any]:
    model = shipped_model()
    turns = single_step_turns(json.loads(path.read_text(encoding="utf-8")))
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    confused: Counter[tuple[str, str]] = Counter()
    wrong: list[dict[str, str]] = []
    for turn in turns:
        placeholder_text = to_placeholders(turn["text"])
        intent = model.predict(placeholder_text)
        ok = intent.tool == turn["gold"]
        kind = "gold_none" if turn["gold"] == "none" else "gold_call"
        for key in ("all", turn["category"], kind, f"{kind}_{turn['position']}"):
            total[key] += 1
            right[key] += ok
        if turn["property"]:
            total["property"] += 1
            right["property"] += intent.chosen_properties()[0] == turn["property"]
        if not ok:
            confused[(turn["gold"], intent.tool)] += 1
            wrong.append({"text": placeholder_text[:160], "gold": turn["gold"], "predicted": intent.tool})
    return {
        "file": path.name,
        "turns": total["all"],
        "tool_accuracy": {key: round(right[key] / total[key], 4) for key in total if key != "property"},
        "counts": dict(total),
        "property_top1_accuracy_on_property_turns": round(right["property"] / max(total["property"], 1), 4),
        "confusions": [{"gold": g, "predicted": p, "count": n} for (g, p), n in confused.most_common(12)],
        "mistakes": wrong,
    }


LATENCY_TEXTS = (
    "how soluble is <mol>?",
    "does <mols> cross the bbb and what is their logd?",
    "pkd of <drug> <mol> against <target> <seq>",
    "optimise <mol> for <cell> with ln(ic50) <num>, mask <mask>",
    "Hi team, could you please check whether <drug> and <drug> are safe to co-prescribe? Thanks in advance",
)


def measure_latency(calls: int = 1000) -> dict[str, float]:
    model = shipped_model()
    times = []
    for i in range(calls):
        text = LATENCY_TEXTS[i % len(LATENCY_TEXTS)]
        start = time.perf_counter()
        model.predict(text)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    p95 = times[int(0.95 * calls)]
    return {"calls": calls, "median_ms": round(statistics.median(times), 3), "p95_ms": round(p95, 3)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dev", type=Path, help="TCDD/ShareGPT JSON benchmark to measure on")
    parser.add_argument("--card", type=Path, help="write the measurements into this card.json")
    parser.add_argument("--show-mistakes", action="store_true")
    args = parser.parse_args(argv)
    result: dict[str, Any] = {"latency": measure_latency()}
    if args.dev:
        result["dev"] = measure_dev(args.dev)
    shown = json.loads(json.dumps(result))
    if not args.show_mistakes and "dev" in shown:
        shown["dev"].pop("mistakes")
    print(json.dumps(shown, indent=1))
    if args.card:
        card = json.loads(args.card.read_text(encoding="utf-8"))
        card["latency"] = result["latency"]
        if "dev" in result:
            dev = dict(result["dev"])
            dev.pop("mistakes")
            dev["note"] = ("measured only, never trained or tuned on: human turns whose gold is one call or none, "
                           "one message at a time without the thread's history")
            card["dev_measurement"] = dev
        args.card.write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
