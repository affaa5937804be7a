"""A short scripted thread: two colleagues, a question, an upload, a follow-up, pool edits, a re-run."""

from __future__ import annotations

from importlib.resources import as_file, files

from bot.console import ConsoleThread

SCRIPT: list[tuple[str, str, str | None]] = [
    ("alice", "What is the aqueous solubility of CCO, c1ccccc1O and CC(=O)Oc1ccccc1C(=O)O?", None),
    ("bob", "here are our CNS candidates", "cns_candidates.csv"),
    ("bob", "Predict BBB permeability for the uploaded compounds", None),
    ("alice", "pool list", None),
    ("alice", "pool set user_smiles Cn1cnc2c1c(=O)n(C)c(=O)n2C, CC(C)Cc1ccc(cc1)C(C)C(=O)O", None),
    ("alice", "pool history user_smiles", None),
    ("bob", "how soluble are these?", None),
]


def play(thread: ConsoleThread) -> None:
    print(f"Demo thread {thread.ref.thread!r}; files are written under {thread.output_dir}\n")
    for user, text, upload in SCRIPT:
        shown = f"{text}  [uploads {upload}]" if upload else text
        print(f"{user}> {shown}")
        if upload:
            with as_file(files("bot.demo_data") / upload) as path:
                thread.say(user, text, files=[path])
        else:
            thread.say(user, text)
