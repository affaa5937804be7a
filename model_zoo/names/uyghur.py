"""Drug names written in the Arabic script as Uyghur writes it (Uyghur Ereb Yéziqi: "پاراسېتامول" paracetamol,
"ئىماتىنىب" imatinib, "ۋارفارىن" warfarin, "ئاسپىرىننى" aspirin as an object).

Uyghur writes every vowel: "ا" a, "ە" ä (also a loan's e), "ې" é, "ى" i, "و" o, "ۇ" u, "ۆ" ö, "ۈ" ü, a word's first
vowel carried by "ئ", which says nothing ("ئىماتىنىب"); "ۋ" is its v and w, "ي" its y, "ڭ" its ng, "ق" and "ك" its
k's, "خ" its kh (a loan's ch of chl- and its qu, as Russian hears them: "خلوروخىن" chloroquine, "خىنىن" quinine), and
it writes a soft c as s or, after Russian, as "تس" ("سىسپلاتىن", "دوكسورۇبىتسىن"). It joins its case suffixes to a
name ("-نى" the object, "-غا", "-قا", "-گە", "-كە" to, "-نىڭ" of, "-دا", "-دە" in, "-دىن" from; "بىلەن", with, is
written apart). A word of the script is read in the reduced alphabet of ``model_zoo.names.pashto`` (three vowels;
letters that sound alike written one way), tried as written and without each suffix, and matched against the tables'
names by its consonant skeleton and how close its sounds are; it stays as written when no name is close, or two drugs
fit as well.
"""

from __future__ import annotations

import dataclasses
import itertools
import re

from model_zoo.names.pashto import ARABIC_SCRIPT
from model_zoo.names.sounds import closest_in_script, names_spelt_out, once

# Uyghur's own letters (no other language a lab writes in the Arabic script has them): ۇ, ۈ, ۋ, ڭ; and its "ى" inside
# a word, where Arabic writes "ي" and Persian, Pashto and Sorani "ی"
UYGHUR_LETTERS = "ۇۈۋڭ"
_LETTERS = "\u0620-\u064a\u0671-\u06d5"
UYGHUR_TEXT = f"[{UYGHUR_LETTERS}]|ى(?=[{_LETTERS}])"
_WORD = re.compile(f"[{_LETTERS}]{{4,}}")
_MARKS = re.compile("[\u064b-\u065f\u0670\u0640\u200c]")
# its letters in the reduced alphabet: its consonants (its "خ" also as the kg the tables' sounds write a loan's ch
# with: "كولخىتسىن", colchicine), and its vowels (a, i for i, e and y, o for o and u; "ە" also as the a it writes for
# a loan's a)
_LETTERS_READ: dict[str, tuple[str, ...]] = {
    "ب": ("b",), "پ": ("p",), "ت": ("t",), "ج": ("g",), "چ": ("k",), "خ": ("k", "kg"), "د": ("d",), "ر": ("r",),
    "ز": ("s",), "ژ": ("s",), "س": ("s",), "ش": ("s",), "غ": ("g",), "ف": ("f",), "ق": ("k",), "ك": ("k",),
    "ک": ("k",), "گ": ("g",), "ڭ": ("n",), "ل": ("l",), "م": ("m",), "ن": ("n",), "ۋ": ("v",), "ي": ("i",),
    "ا": ("a",), "ە": ("i", "a"), "ې": ("i",), "ى": ("i",), "و": ("o",), "ۇ": ("o",), "ۆ": ("o",), "ۈ": ("o",)}
# the tables' names as ``model_zoo.names.pashto`` hears them, their systematic ones too ("caffeine" is one)
_TABLE = dataclasses.replace(ARABIC_SCRIPT, kinds=ARABIC_SCRIPT.kinds | {"iupac"})
# its suffixes after a borrowed name, longest first
SUFFIXES = ("لارنىڭ", "لەرنىڭ", "لارنى", "لەرنى", "نىڭكى", "نىڭمۇ", "نىمۇ", "دىكى", "تىكى", "غىچە", "دىن", "تىن",
            "نىڭ", "لار", "لەر", "نى", "غا", "قا", "گە", "كە", "دا", "دە", "تا", "تە", "مۇ", "چۇ")
_CLOSE = 0.8
# a synonym (brands among them) only where it sounds all but the same
_SYNONYM_CLOSE = 0.95
_MOST = 16
_GREEK_CH = re.compile(r"^k(?=[lr])")


def _spellings(word: str) -> list[str]:
    """A word of the script in the reduced alphabet, each way it may be read ("ە" as i or a; "تس" as the s of a soft
    c; "ئاي" as the i it may say: "ئايبۇپروفېن", ibuprofen; a first "كل", "كر" as a Greek chl, chr: "كلوروكىن",
    chloroquine; its "فتور", Russian's фтор, as a fluor: "فتورۇراتسىل", fluorouracil)."""
    parts = [_LETTERS_READ.get(letter, ("",)) for letter in word]
    read = {once("".join(p).replace("ts", "s").replace("ftor", "flor"))
            for p in itertools.islice(itertools.product(*parts), _MOST)}
    return sorted(read | {spelling.replace("ai", "i") for spelling in read} | {_GREEK_CH.sub("kg", s) for s in read})


def english_name(word: str) -> str | None:
    """The table name a word of the script spells, as written or with one of Uyghur's suffixes off ("ئىماتىنىب":
    imatinib, "ۋارفارىننى": warfarin), or None."""
    word = _MARKS.sub("", word)
    forms = [word] + [word[:-len(suffix)] for suffix in SUFFIXES
                      if word.endswith(suffix) and len(word) - len(suffix) >= 4]
    return closest_in_script(forms, _spellings, _TABLE, _CLOSE, _SYNONYM_CLOSE)


def from_uyghur(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in Uyghur's Arabic script in Latin letters; the language's own ``words`` stay as
    written."""
    return names_spelt_out(text, _WORD, _MARKS, english_name, words)


# its letters as the Uyghur Latin script (Uyghur Latin Yéziqi) writes them, its accents dropped, for the parts of a
# molecule it names by their international names ("مېتوكسىئېتوكسى": metoksietoksi, "پىرىمىدىن": pirimidin,
# "خىنازولىن": khinazolin, a quinazoline as Russian hears it), spelt in English as the part tables read a Turkish
# chemist's spelling (model_zoo.chem.cores)
_LATIN = str.maketrans({"ا": "a", "ە": "e", "ې": "e", "ى": "i", "و": "o", "ۇ": "u", "ۆ": "o", "ۈ": "u", "ئ": "",
                        "ب": "b", "پ": "p", "ت": "t", "ج": "j", "چ": "ch", "خ": "kh", "د": "d", "ر": "r", "ز": "z",
                        "ژ": "zh", "س": "s", "ش": "sh", "غ": "gh", "ف": "f", "ق": "q", "ك": "k", "گ": "g", "ڭ": "ng",
                        "ل": "l", "م": "m", "ن": "n", "ھ": "h", "ۋ": "v", "ي": "y"})
_PART_MORPHEME = re.compile(r"metil|etil|propil|butil|fenil|benzil|metoks|etoks|propoks|morfolin|piperazin|piperidin|"
                            r"pirolidin|pirid|pirimid|khinazolin|khinolin|anilin|indol|imidazol|tiazol|pirazol|"
                            r"triazol|siklo|akrilamid|sulfonamid|sulfonil|etinil|hidroksi|ftor|fluor|khlor|amino")
# (its suffixes after the part's own end: "پىرىمىدىننى", "مورفولىننىڭ", "ئېتىنىلنى")
_PART_ENDING = re.compile(r"(?<=in|ol|il|id)(?:ning|ni|din|tin|ge|ke|gha|qa|da|de|la|i)$")


def _part_name(word: str) -> str | None:
    latin = _MARKS.sub("", word).translate(_LATIN)
    if not _PART_MORPHEME.search(latin) or not latin.isascii():
        return None
    from model_zoo.chem.cores import english_spelling  # (the part tables, read only for such a word)

    return english_spelling(_PART_ENDING.sub("", latin).replace("khin", "quin").replace("ftor", "fluor")
                            .replace("kh", "ch"))


def parts_from_uyghur(text: str) -> str:
    """``text`` with the parts of a molecule it names in Uyghur's Arabic script in English (after its own words and
    its drug names were read: "پىرىمىدىن ھالقىسى" is "pyrimidine ring", "مېتوكسىئېتوكسى" methoxyethoxy)."""
    return _WORD.sub(lambda m: _part_name(m.group(0)) or m.group(0), text)
