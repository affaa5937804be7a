"""Features of a placeholder text: hashed word uni/bi-grams, character n-grams and value-shape cues.

Pure Python + numpy, deterministic (CRC32 hashing, no salted ``hash()``), about 0.1 ms per request.
The same function featurises training examples and live requests.
"""

from __future__ import annotations

import re
import zlib

import numpy as np

N_FEATURES = 1 << 18
PLACEHOLDERS = ("mol", "mols", "seq", "cell", "num", "mask", "drug", "target", "key", "file")
_TOKEN = re.compile(r"<(?:" + "|".join(PLACEHOLDERS) + r")>|[a-z0-9]+(?:['.\-/][a-z0-9]+)*|[?]")
_CHAR_NS = (3, 4, 5)
# Weight of each block after its own L2 normalisation.
_BLOCK_WEIGHT = {"w": 1.0, "c": 1.0, "s": 0.5}


def tokens(text: str) -> list[str]:
    return _TOKEN.findall(text.lower())


def feature_names(text: str) -> dict[str, list[str]]:
    """The features of a text by block: w (words and word pairs), c (character n-grams), s (shape)."""
    toks = tokens(text)
    words = ["^"] + toks + ["$"]
    w = toks + [a + " " + b for a, b in zip(words, words[1:])]
    c: list[str] = []
    for tok in toks:
        if tok.startswith("<") or tok == "?":
            continue
        padded = f" {tok} "
        for n in _CHAR_NS:
            c += [padded[i:i + n] for i in range(len(padded) - n + 1)]
    counts = {p: toks.count(f"<{p}>") for p in PLACEHOLDERS}
    molish = counts["mol"] + counts["drug"] + 3 * counts["mols"]
    s = [f"molish={min(molish, 3)}", f"n_tokens={min(len(toks) // 4, 6)}",
         "no_values" if not any(counts.values()) else "values", "ends_q" if toks[-1:] == ["?"] else "no_q"]
    s += [f"{p}>0" for p, n in counts.items() if n]
    if counts["mol"] + counts["drug"] == 2 and not counts["mols"]:
        s.append("exactly_two_molecules")
    return {"w": w, "c": c, "s": s}


def featurise(text: str) -> tuple[np.ndarray, np.ndarray]:
    """Sorted unique hashed feature indices and their values (each block L2-normalised, then weighted)."""
    acc: dict[int, float] = {}
    for block, names in feature_names(text).items():
        if not names:
            continue
        unique = set(names)
        value = _BLOCK_WEIGHT[block] / len(unique) ** 0.5
        for name in unique:
            index = zlib.crc32(f"{block}:{name}".encode()) & (N_FEATURES - 1)
            acc[index] = acc.get(index, 0.0) + value
    indices = np.fromiter(sorted(acc), dtype=np.int64, count=len(acc))
    values = np.fromiter((acc[i] for i in indices.tolist()), dtype=np.float64, count=len(acc))
    return indices, values


def matrix(texts: list[str]):  # -> scipy.sparse.csr_matrix (training only; scipy comes with scikit-learn)
    from scipy.sparse import csr_matrix

    indptr = [0]
    all_indices: list[np.ndarray] = []
    all_values: list[np.ndarray] = []
    for text in texts:
        indices, values = featurise(text)
        all_indices.append(indices)
        all_values.append(values)
        indptr.append(indptr[-1] + len(indices))
    return csr_matrix((np.concatenate(all_values), np.concatenate(all_indices), np.asarray(indptr)),
                      shape=(len(texts), N_FEATURES))
