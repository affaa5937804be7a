"""Errors whose message is shown to the person in the chat form one family (model_zoo.errors.UserFacingError).

Every exception class defined in bot/, worker/, agent/ and model_zoo/ is listed here, either in the family or as
internal with the reason, so a new one cannot be left out of the family silently.
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

from agent.dispatch import ToolFailed
from agent.fefo import FeFoError
from agent.pool.entry import PoolError
from agent.pool.store import StorageFull
from bot.slack.files import FileProblem
from bot.teams.handlers import _NotRead
from model_zoo.chem.cells import UnknownCellLine
from model_zoo.chem.cores import CoreError
from model_zoo.chem.mols import InvalidSmiles
from model_zoo.chem.proteins import InvalidSequence
from model_zoo.chem.uploads.parsed import FileRejected
from model_zoo.errors import UserFacingError
from model_zoo.cell_models import NoGenomicFeatures

REPO = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "worker", "agent", "model_zoo")

FAMILY = (InvalidSmiles, CoreError, UnknownCellLine, InvalidSequence, FileRejected, NoGenomicFeatures, PoolError,
          StorageFull, FeFoError, ToolFailed, FileProblem, _NotRead)
INTERNAL = {
    "agent.artifacts.ArtifactMissing": "a KeyError of the store; callers word the reply (file no longer kept)",
    "agent.backends.base.BackendUnavailable": "the LLM is down, not the person's doing; the loop falls back",
    "model_zoo.registry.UnknownTool": "a KeyError for a programming mistake; Fe-Fo refuses unknown tools first",
    "bot.slack.guard.Refused": "an HTTP refusal (status + reason) for Slack's servers, not a chat message",
    "bot.slack.modal.FormRefused": "a forged or stale form; logged, the person sees a fixed text",
    "bot.teams.links.LinkRefused": "a bad or expired file link; mapped to fixed HTTP texts",
}


def _is_exception_base(name: str, known: set[str]) -> bool:
    builtin = getattr(builtins, name, None)
    return (name in known or name.endswith(("Error", "Exception", "Warning"))
            or isinstance(builtin, type) and issubclass(builtin, BaseException))


def defined_exceptions() -> set[str]:
    """Dotted names of the exception classes our packages define (a base that is one, by name, to a fixpoint)."""
    classes: list[tuple[str, str, list[str]]] = []
    for package in PACKAGES:
        for path in (REPO / package).rglob("*.py"):
            module = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.ClassDef):
                    bases = [ast.unparse(b).rsplit(".", 1)[-1] for b in node.bases]
                    classes.append((module, node.name, bases))
    found: dict[str, str] = {}
    while True:
        more = {f"{m}.{n}": n for m, n, bases in classes
                if f"{m}.{n}" not in found and any(_is_exception_base(b, set(found.values())) for b in bases)}
        if not more:
            return set(found)
        found.update(more)


def test_the_family_derives_from_user_facing_error_and_stays_a_value_error() -> None:
    assert [c.__name__ for c in FAMILY if not issubclass(c, UserFacingError)] == []
    assert issubclass(UserFacingError, ValueError)  # handlers that catch ValueError keep catching the family
    assert issubclass(ToolFailed, RuntimeError)


def test_every_exception_class_is_in_the_family_or_listed_as_internal() -> None:
    family = {f"{c.__module__}.{c.__qualname__}" for c in FAMILY} | {"model_zoo.errors.UserFacingError"}
    assert defined_exceptions() - family - set(INTERNAL) == set()
    assert set(INTERNAL) - defined_exceptions() == set()  # a removed class leaves no stale entry
