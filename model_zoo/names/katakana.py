"""Drug and solvent names written in katakana, as Japanese chemists write them ("イマチニブ" imatinib, "トルエン"
toluene, "クラリスロマイシン" clarithromycin).

Katakana renders an English name by its sounds: a vowel after each consonant, l and r as one sound, "ti" as chi,
"di" and "z" as ji, "th" as s or t. A katakana word is read into Latin letters and compared with the tables' names by
consonant skeleton (the consonants in order, those sounds merged); it becomes the one name with the same skeleton and
the closest spelling, and stays as written when none matches, or when two match equally well.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import SoundTable

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


# brands and synonyms in other languages are too many and too close to loanwords ("データ"); "th" is heard as s
# (clarithromycin: "su") or t (methanol: "ta")
_TABLE = SoundTable(frozenset({"name", "gdsc", "iupac"}), lambda name: (_english_sounds(name, "s"),
                                                                         _english_sounds(name, "t")), _skeleton, 0.1)


def english_name(word: str) -> str | None:
    """The table name a katakana word spells, or None when it spells none, or two as well."""
    sounds = _romaji(word)
    for written, sound in _SOUNDS:
        sounds = sounds.replace(written, sound)
    # the same first sound, and close in spelling: loanwords share skeletons with drug names ("リスト", list, and
    # orlistat; "アルコール", alcohol, and alachlor score 0.62-0.71; the names read here 0.78 and more)
    found = _TABLE.closest(sounds, _CLOSE)
    return found[2] if found else None


def from_katakana(text: str) -> str:
    """``text`` with katakana drug and solvent names written in Latin letters (spaced from their neighbours)."""
    if not _KATAKANA_WORD.search(text):
        return text

    def latin(match: re.Match[str]) -> str:
        name = english_name(match.group(0))
        return f" {name} " if name else match.group(0)
    return _KATAKANA_WORD.sub(latin, text)
