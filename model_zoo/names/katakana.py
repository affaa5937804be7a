"""Drug and solvent names written in katakana, as Japanese chemists write them ("イマチニブ" imatinib, "トルエン"
toluene, "クラリスロマイシン" clarithromycin).

Katakana renders an English name by its sounds: a vowel after each consonant, l and r as one sound, "ti" as chi,
"di" and "z" as ji, "th" as s or t. A katakana word is read into Latin letters and compared with the tables' names by
consonant skeleton (the consonants in order, those sounds merged); it becomes the one name with the same skeleton and
the closest spelling, and stays as written when none matches, or when two match equally well.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

_KATAKANA_WORD = re.compile(r"[\u30a1-\u30fa\u30fc]{4,}")
_ROWS = {  # one kana -> its sound
    "ア": "a", "イ": "i", "ウ": "u", "エ": "e", "オ": "o", "カ": "ka", "キ": "ki", "ク": "ku", "ケ": "ke", "コ": "ko",
    "サ": "sa", "シ": "shi", "ス": "su", "セ": "se", "ソ": "so", "タ": "ta", "チ": "chi", "ツ": "tsu", "テ": "te",
    "ト": "to", "ナ": "na", "ニ": "ni", "ヌ": "nu", "ネ": "ne", "ノ": "no", "ハ": "ha", "ヒ": "hi", "フ": "fu",
    "ヘ": "he", "ホ": "ho", "マ": "ma", "ミ": "mi", "ム": "mu", "メ": "me", "モ": "mo", "ヤ": "ya", "ユ": "yu",
    "ヨ": "yo", "ラ": "ra", "リ": "ri", "ル": "ru", "レ": "re", "ロ": "ro", "ワ": "wa", "ヲ": "o", "ン": "n",
    "ガ": "ga", "ギ": "gi", "グ": "gu", "ゲ": "ge", "ゴ": "go", "ザ": "za", "ジ": "ji", "ズ": "zu", "ゼ": "ze",
    "ゾ": "zo", "ダ": "da", "ヂ": "ji", "ヅ": "zu", "デ": "de", "ド": "do", "バ": "ba", "ビ": "bi", "ブ": "bu",
    "ベ": "be", "ボ": "bo", "パ": "pa", "ピ": "pi", "プ": "pu", "ペ": "pe", "ポ": "po", "ヴ": "vu",
    "ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "ya", "ュ": "yu", "ョ": "yo", "ッ": "", "ー": "",
}
# consonant sounds katakana merges or spells another way, in the order they are applied
_SOUNDS = (("shi", "s"), ("chi", "t"), ("tsu", "t"), ("sh", "s"), ("ch", "t"), ("ji", "d"), ("j", "d"), ("fu", "f"),
           ("l", "r"), ("v", "b"), ("z", "d"))
_ENGLISH = (("ph", "f"), ("ch", "k"), ("ck", "k"), ("qu", "k"), ("x", "ks"), ("c(?=[eiy])", "s"), ("c", "k"),
            ("l", "r"), ("v", "b"), ("z", "d"), ("j", "d"), ("w(?=[^aeiou]|$)", ""), ("y", "i"))
_VOWELS = re.compile(r"[aeiouy]")
_CLOSE = 0.75


def _romaji(word: str) -> str:
    return "".join(_ROWS.get(kana, "") for kana in word)


def _skeleton(sounds: str) -> str:
    consonants = _VOWELS.sub("", sounds)
    return re.sub(r"(.)\1+", r"\1", consonants)


def _english_sounds(name: str, th: str) -> str:
    for written, sound in ((r"th", th), *_ENGLISH):
        name = re.sub(written, sound, name)
    return re.sub(r"(.)\1+", r"\1", name)


@cache
def _index() -> dict[str, dict[str, tuple[str, str]]]:
    """Consonant skeleton -> drug id -> (its name, that name as sounds). Only names, GDSC names and IUPAC names
    with a structure: brands and synonyms in other languages are too many and too close to loanwords ("データ")."""
    from model_zoo.names.drugs import tables

    t = tables()
    by_skeleton: dict[str, dict[str, tuple[str, str]]] = {}
    for key, rows in t.names.items():
        if not key.isalpha() or len(key) < 5:
            continue
        for i, kind, _ in rows:
            drug = t.drugs.get(i)
            if kind in ("name", "gdsc", "iupac") and drug is not None and drug.smiles:
                for th in ("s", "t"):  # clarithromycin: "su"; methanol: "ta"
                    sounds = _english_sounds(key, th)
                    by_skeleton.setdefault(_skeleton(sounds), {}).setdefault(i, (key, sounds))
    return by_skeleton


def english_name(word: str) -> str | None:
    """The table name a katakana word spells, or None when it spells none, or two as well."""
    romaji = _romaji(word)
    sounds = romaji
    for written, sound in _SOUNDS:
        sounds = sounds.replace(written, sound)
    candidates = _index().get(_skeleton(sounds), {})
    # the same first sound, and close in spelling: loanwords share skeletons with drug names ("リスト", list, and
    # orlistat; "アルコール", alcohol, and alachlor score 0.62-0.71; the names read here 0.78 and more)
    scored = sorted(((difflib.SequenceMatcher(None, sounds, spelt).ratio(), name)
                     for name, spelt in candidates.values() if spelt[:1] == sounds[:1]), reverse=True)
    if not scored or scored[0][0] < _CLOSE or (len(scored) > 1 and scored[0][0] - scored[1][0] < 0.1):
        return None
    return scored[0][1]


def from_katakana(text: str) -> str:
    """``text`` with katakana drug and solvent names written in Latin letters (spaced from their neighbours)."""
    if not _KATAKANA_WORD.search(text):
        return text

    def latin(match: re.Match[str]) -> str:
        name = english_name(match.group(0))
        return f" {name} " if name else match.group(0)
    return _KATAKANA_WORD.sub(latin, text)
