"""Train the intent model and write its weights and card.

    python -m agent.intent.train --out agent/intent/weights

Steps: generate the corpus (deterministic for --seed); measure generalisation by holding out whole
template families (--folds groups, each held out once; seen-family accuracy is measured on 20 % of
the examples of the families trained on, kept out of training); train the shipped model on every
family; write ``intent.npz`` and ``card.json``. Needs scikit-learn (``pip install -e .[train]``), no
data outside the repository.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import zlib
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from agent.intent.corpus import DDI, FAMILIES, PROPERTY, TOOL_LABELS, Example, generate
from agent.intent.model import CARD_FILE, WEIGHTS_FILE, IntentModel, fit

DEFAULTS = {"seed": 0, "per_cell": 160, "c": 8.0, "folds": 5}


def family_folds(families: Sequence[str], folds: int, seed: int) -> list[list[str]]:
    order = sorted(families)
    random.Random(seed).shuffle(order)
    return [sorted(order[i::folds]) for i in range(folds)]


def tally(model: IntentModel, examples: Sequence[Example], mistakes: Counter | None = None) -> Counter[str]:
    """Raw counts: examples, right tools, right none-vs-call, property examples with the right set, ddi examples
    with the right task. Wrong tools are added to ``mistakes`` as (gold, predicted)."""
    counts: Counter[str] = Counter()
    for e in examples:
        intent = model.predict(e.text)
        tool = intent.tool
        counts["n"] += 1
        counts["tool"] += tool == e.tool
        counts["none_vs_call"] += (tool == "none") == (e.tool == "none")
        if mistakes is not None and tool != e.tool:
            mistakes[(e.tool, tool)] += 1
        if e.tool == PROPERTY:
            counts["n_property"] += 1
            counts["property"] += set(intent.chosen_properties()) == set(e.properties)
        if e.tool == DDI:
            counts["n_ddi"] += 1
            counts["ddi_task"] += max(intent.ddi_task, key=lambda task: intent.ddi_task[task]) == e.ddi_task
    return counts


def rates(counts: Counter[str]) -> dict[str, float | int]:
    return {
        "n": counts["n"],
        "tool_accuracy": round(counts["tool"] / max(counts["n"], 1), 4),
        "none_vs_call_accuracy": round(counts["none_vs_call"] / max(counts["n"], 1), 4),
        "property_set_accuracy": round(counts["property"] / max(counts["n_property"], 1), 4),
        "ddi_task_accuracy": round(counts["ddi_task"] / max(counts["n_ddi"], 1), 4),
    }


def score(model: IntentModel, examples: Sequence[Example]) -> dict[str, float | int]:
    return rates(tally(model, examples))


def _run_fold(job: tuple[list[Example], dict[str, list[Example]], float]) -> tuple[dict[str, Counter], Counter]:
    """Fit on the job's training examples; tally each named test group. Runs in a worker process."""
    train, tests, c = job
    model = fit(train, c=c)
    mistakes: Counter[tuple[str, str]] = Counter()
    return {name: tally(model, es, mistakes if name != "seen" else None) for name, es in tests.items()}, mistakes


def _cross_validate(jobs: list[tuple[list[Example], dict[str, list[Example]], float]], workers: int):
    if workers <= 1:
        return [_run_fold(job) for job in jobs]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(_run_fold, jobs))


def evaluate_by_family(examples: Sequence[Example], folds: int, seed: int, c: float,
                       workers: int = 1) -> dict[str, object]:
    """Each fold's families are held out once; the other families train a model, less 20 % of their examples
    that measure seen-family accuracy."""
    families = sorted({e.family for e in examples})
    split = family_folds(families, folds, seed)
    jobs = []
    for k, held in enumerate(split):
        rng = random.Random(f"{seed}:fold{k}")
        train: list[Example] = []
        seen_test: list[Example] = []
        for e in examples:
            if e.family not in held:
                (seen_test if rng.random() < 0.2 else train).append(e)
        tests = {family: [e for e in examples if e.family == family] for family in held}
        jobs.append((train, {**tests, "seen": seen_test}, c))
    held_counts: Counter[str] = Counter()
    seen_counts: Counter[str] = Counter()
    mistakes: Counter[tuple[str, str]] = Counter()
    per_family: dict[str, float] = {}
    for tallies, wrong in _cross_validate(jobs, workers):
        seen_counts += tallies.pop("seen")
        for family, counts in tallies.items():
            per_family[family] = rates(counts)["tool_accuracy"]
            held_counts += counts
        mistakes += wrong
    return {
        "folds": split,
        "held_out_families": rates(held_counts),
        "seen_families": rates(seen_counts),
        "held_out_tool_accuracy_per_family": dict(sorted(per_family.items(), key=lambda kv: kv[1])),
        "held_out_confusions": [{"gold": g, "predicted": p, "count": n} for (g, p), n in mistakes.most_common(12)],
    }


def evaluate_by_template(examples: Sequence[Example], folds: int, c: float, workers: int = 1) -> dict[str, object]:
    """Stricter: every phrasing template (an imperative, a question, a slang line, ...) falls in one of ``folds``
    groups by its CRC32; a fold trains on the examples that use none of its templates and is scored on the
    examples that use at least one: requests phrased in ways the model never saw, in any family."""
    fold_of = {t: zlib.crc32(t.encode()) % folds for e in examples for t in e.templates}
    jobs = []
    for k in range(folds):
        train = [e for e in examples if all(fold_of[t] != k for t in e.templates)]
        test = [e for e in examples if any(fold_of[t] == k for t in e.templates)]
        jobs.append((train, {"held": test}, c))
    held_counts: Counter[str] = Counter()
    mistakes: Counter[tuple[str, str]] = Counter()
    for tallies, wrong in _cross_validate(jobs, workers):
        held_counts += tallies["held"]
        mistakes += wrong
    return {
        "templates": len(fold_of),
        "held_out_templates": rates(held_counts),
        "held_out_confusions": [{"gold": g, "predicted": p, "count": n} for (g, p), n in mistakes.most_common(12)],
    }


def _previous_evaluation(card_path: Path) -> dict[str, object] | None:
    """With --skip-eval the card keeps the last held-out measurement, marked as made on an earlier corpus until a
    run without --skip-eval replaces it."""
    if not card_path.exists():
        return None
    old = json.loads(card_path.read_text(encoding="utf-8"))
    evaluation = old.get("evaluation")
    if not evaluation:
        return None
    evaluation = dict(evaluation)
    evaluation.setdefault("stale", f"measured on an earlier corpus ({old['corpus']['size']} examples, "
                                   f"{len(old['corpus']['families'])} families); rerun without --skip-eval")
    return evaluation


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="directory for intent.npz and card.json")
    parser.add_argument("--seed", type=int, default=DEFAULTS["seed"])
    parser.add_argument("--per-cell", type=int, default=DEFAULTS["per_cell"],
                        help="examples per (family, label) before weighting and deduplication")
    parser.add_argument("--c", type=float, default=DEFAULTS["c"], help="inverse L2 strength of every head")
    parser.add_argument("--folds", type=int, default=DEFAULTS["folds"],
                        help="family (and template) folds for the held-out measurement")
    parser.add_argument("--skip-eval", action="store_true", help="train the shipped model only")
    parser.add_argument("--workers", type=int, default=2,
                        help="processes for the evaluation folds (results do not depend on it)")
    args = parser.parse_args(argv)

    started = time.monotonic()
    examples = generate(seed=args.seed, per_cell=args.per_cell)
    print(f"corpus: {len(examples)} examples, {len(FAMILIES)} families", file=sys.stderr)
    evaluation = None
    if not args.skip_eval:
        evaluation = evaluate_by_family(examples, args.folds, args.seed, args.c, args.workers)
        evaluation["by_template"] = evaluate_by_template(examples, args.folds, args.c, args.workers)
    previous = _previous_evaluation(args.out / CARD_FILE) if args.skip_eval else None
    model = fit(examples, c=args.c)
    path = model.save(args.out)
    command = (f"python -m agent.intent.train --out {args.out.as_posix()} --seed {args.seed} "
               f"--per-cell {args.per_cell} --c {args.c} --folds {args.folds}")
    command += " --skip-eval" if args.skip_eval else ""
    card = {
        "model": "intent: hashed word 1-2-grams + char 3-5-grams + value-shape cues -> logistic regression "
                 "(multinomial tool head incl. 'none', one-vs-rest property heads, binary drug-drug task head)",
        "weights": WEIGHTS_FILE,
        "weights_bytes": path.stat().st_size,
        "seed": args.seed,
        "c": args.c,
        "training_command": command,
        "corpus": {
            "size": len(examples),
            "families": sorted(FAMILIES),
            "per_label": dict(Counter(e.tool for e in examples)),
        },
        "labels": {"tools": list(TOOL_LABELS), "properties": list(model.properties),
                   "ddi_task": ["drugbank", "twosides"]},
        "evaluation": evaluation or previous,
        "train_seconds": round(time.monotonic() - started, 1),
    }
    (args.out / CARD_FILE).write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    print(json.dumps({k: card[k] for k in ("weights_bytes", "corpus")}, indent=1), file=sys.stderr)
    if evaluation:
        print(json.dumps({k: evaluation[k] for k in ("held_out_families", "seen_families", "by_template")}, indent=1),
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
