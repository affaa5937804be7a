"""Drug names written in the Myanmar script, as Burmese chemists and pharmacists write them ("ဝါဖာရင်" warfarin,
"ပါရာစီတမော" paracetamol, "ကလိုရိုကွင်း" chloroquine), with the particles Burmese joins to them ("ဝါဖာရင်နဲ့":
with warfarin, "အီမာတီနစ်ရဲ့": of imatinib).

Myanmar is an abugida: a consonant carries the vowel a unless a vowel sign follows it ("ိ" i, "ု" u, "ေ" e, "ော" o,
"ို" o …), a consonant killed by the asat "်" closes the syllable before it ("နစ်": nit), and the virama "္" stacks
a consonant under the one that closes a syllable. Burmese writes no spaces between words, so a run of its letters is
cut into syllables and every stretch of two syllables or more is read into Latin letters and matched by sound
(``model_zoo.names.sounds``), longest first; a stretch that holds one of the language's own words is none. It writes
an international name by its sounds: f as "ဖ", a consonant cluster with the vowel a between ("ကလို": clo), a final
stop by any of its stops ("နစ်": nib), and no final l ("ပါရာစီတမော": paracetamol), so each is read both ways.
"""

from __future__ import annotations

import itertools
import re
from functools import cache
from model_zoo.names.text import alternation
from model_zoo.names.sounds import closest_plainly, names_in_runs, once, with_soft_c

# the Myanmar block, U+1000-U+109F, and its extensions (U+A9E0-U+A9FF, U+AA60-U+AA7F)
MYANMAR_BLOCK = "\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f"
# the letters of a Burmese word (not its digits and punctuation, U+1040-U+104F)
_LETTERS = "\u1000-\u103f\u1050-\u109f"
_RUN = re.compile(f"[{_LETTERS}]+")
_ASAT, _VIRAMA = "\u103a", "\u1039"
# the consonants as the English sounds of ``model_zoo.names.sounds`` write them (aspirated and plain as one, w as v,
# y as i, h as g); "" for the vowel carrier "အ"
_CONSONANTS = {"က": "k", "ခ": "k", "ဂ": "g", "ဃ": "g", "င": "n", "စ": "s", "ဆ": "s", "ဇ": "z", "ဈ": "z", "ဉ": "n",
               "ည": "n", "ဋ": "t", "ဌ": "t", "ဍ": "d", "ဎ": "d", "ဏ": "n", "တ": "t", "ထ": "t", "ဒ": "d", "ဓ": "d",
               "န": "n", "ပ": "p", "ဖ": "f", "ဗ": "v", "ဘ": "b", "မ": "m", "ယ": "i", "ရ": "r", "လ": "l", "ဝ": "v",
               "သ": "s", "ဟ": "g", "ဠ": "l", "အ": "", "ဿ": "s"}
_INDEPENDENT = {"ဣ": "i", "ဤ": "i", "ဥ": "u", "ဦ": "u", "ဧ": "e", "ဩ": "o", "ဪ": "o"}
# the medials: y (after k and g the sound of ch and j: "ဂျ" j), r, w, and h (unsaid)
_MEDIALS = {"\u103b": "i", "\u103c": "r", "\u103d": "v", "\u103e": ""}
_PALATAL = {"k": "kg", "g": "j", "b": "b", "v": "v"}
# a killed consonant as the sounds it may stand for as a final: a stop as any stop of a borrowed name, or as none
# where it only doubles the next ("နစ်": nib, "မက်ဖော်": metfor, "ဂျက်ဖီ": gefi); "ည်" for a vowel only; a
# "ိုင်" for the vowel ai, its n unsaid ("အိုင်ဆို": iso)
_FINALS = {"k": ("k", "t", ""), "s": ("s", "t", "b", "d", ""), "t": ("t", "d", "b", ""), "d": ("d", "t"),
           "p": ("p", "b", ""), "b": ("b", "p"), "i": ("",), "v": ("",)}
# the vowel a bare consonant says before its final ("မက်": met, "နစ်": nit, "ရင်": rin; "ည်": i)
_BEFORE_FINAL = {"က": "e", "ခ": "e", "စ": "i", "င": "i", "ည": "i", "ဉ": "i"}
_SIGNS = (("\u102b", "a"), ("\u102c", "a"), ("\u102d", "i"), ("\u102e", "i"), ("\u102f", "u"), ("\u1030", "u"),
          ("\u1031", "e"), ("\u1032", "e"))
# its "ဗ" is v and b, its "သ" s and th, and its "ဂျ" j and a soft g
_ONSETS_AS = {"ဗ": ("v", "b"), "သ": ("s", "t")}
_CLOSE = 0.85
# a stretch inside a run of words it does not know (not between its own words) is read only where it sounds all but
# the same ("ထမင်း" rice and thiamine, a run of everyday words and lopinavir come near)
_CLOSE_INSIDE = 0.95
# the particles Burmese joins after a noun (with, and, of, in, the plural, the topic, between, instead
# of, the question), which no name is read across
PARTICLES = ("နဲ့", "နှင့်", "ရဲ့", "၏", "မှာ", "တွင်", "တွေ", "များ", "ဟာ", "ကြား", "အစား", "လား", "သလား", "လဲ")
# the sounds it writes with other letters than English does, each read both ways: a Greek ch before l or r as k
# ("ကလိုရိုကွင်း": chloroquine; kg as the English sounds write ch), qu before i as k or kw ("ကွီနိုင်း": quinine),
# a soft g as j ("ဂျက်ဖီတီနစ်": gefitinib), and a first er as a long a ("အာလိုတီနစ်": erlotinib); its vowels
# and an r after one are heard plainly (``model_zoo.names.sounds.plain_vowels``)
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"kv?(?=i)"), "kv"),
            (re.compile(r"^j"), "g"), (re.compile(r"^a(?=[^aeiou])"), "e"))


def syllables(run: str) -> list[str]:
    """A run of Myanmar letters cut into its written syllables, each from a consonant or vowel that is not a killed
    final ("်") or a stacked one's top ("္") up to the next."""
    starts = [0]
    for i, letter in enumerate(run):
        if i == 0 or (letter not in _CONSONANTS and letter not in _INDEPENDENT):
            continue
        after = run[i + 1:i + 3]
        if after[:1] not in (_ASAT, _VIRAMA) and after != "\u1037" + _ASAT:
            starts.append(i)
    return [run[a:b] for a, b in itertools.pairwise([*starts, len(run)])]


def _vowel(signs: str, final: str) -> str:
    if "\u1031" in signs and ("\u102c" in signs or "\u102b" in signs):
        return "o"
    if "\u102d" in signs and "\u102f" in signs:
        return "ai" if final else "o"
    if final and "\u102f" in signs and "\u102d" not in signs:
        return "o"
    return next((vowel for sign, vowel in _SIGNS if sign in signs), "")


def _syllable(syllable: str) -> list[str]:
    """The Latin spellings a syllable may stand for: its onset (with its medials), its vowel and its finals."""
    letters = syllable.replace("\u1037", "").replace("\u1038", "")
    # (a short o or a with the creaky tone and no final for a borrowed k: "ဒေါ့စီ" doxy, "အမော့စီ" amoxi)
    stopped = "\u1037" in syllable and _ASAT not in syllable
    onsets, signs, finals, last = [""], "", [], ""
    for i, letter in enumerate(letters):
        killed = letters[i + 1:i + 2] in (_ASAT, _VIRAMA)
        if i and killed and letter in _CONSONANTS:
            finals.append(_CONSONANTS[letter])
            last = last or letter
        elif i == 0 and letter in _CONSONANTS:
            onsets = list(_ONSETS_AS.get(letter, (_CONSONANTS[letter],)))
        elif letter in _INDEPENDENT:
            signs += {"i": "\u102d", "u": "\u102f", "e": "\u1031", "o": "\u1031\u102c"}[_INDEPENDENT[letter]]
        elif letter in _MEDIALS:
            onsets = [_PALATAL[o] if letter == "\u103b" and o in _PALATAL else o + _MEDIALS[letter] for o in onsets]
        elif letter == "\u1036":
            finals = finals or ["n"]
        elif "\u102b" <= letter <= "\u1035":
            signs += letter
    vowel = _vowel(signs, "".join(finals))
    bare = not vowel
    vowel = vowel or (_BEFORE_FINAL.get(last, "a") if finals else "a")
    vowels = ("a", "") if bare and not finals else ("e", "a") if vowel == "e" and bare else (vowel,)
    if vowel == "ai" and finals == ["n"]:
        finals = []
    ends = ["", "k"] if stopped and not finals else [""]
    for final in finals:
        ends = [end + option for end in ends for option in _FINALS.get(final, (final,))]
    return [first + v + end for first in onsets for v in vowels for end in ends]


def _spellings(parts: list[list[str]]) -> set[str]:
    """The Latin spellings of a stretch of syllables (at most 256), and with the final l it does not write
    ("ပါရာစီတမော": paracetamol)."""
    spellings = set()
    for spelt in itertools.islice(itertools.product(*parts), 256):
        latin = once("".join(spelt))
        spellings |= {latin, latin + "l"} if latin[-1:] in ("o", "a") else {latin}
    for pattern, sound in _READ_AS:
        spellings |= {pattern.sub(sound, spelling) for spelling in spellings}
    return spellings


@cache
def _particles() -> re.Pattern[str]:
    """The particles, each a whole written syllable at either end."""
    return re.compile(rf"(?<!\u1039)(?:{alternation(PARTICLES)})"
                      r"(?![\u102b-\u103e]|[\u1000-\u1021\u103f]\u1037?[\u103a\u1039])")


def english_name(word: str, close: float = _CLOSE) -> str | None:
    """The table name a stretch of Myanmar letters spells ("ဝါဖာရင်": warfarin), or None."""
    parts = [_syllable(s) for s in syllables(word)]
    if len(parts) < 2:
        return None
    latin = [spelling for spelling in _spellings(parts) if len(spelling) >= 5]
    return closest_plainly([s for spelling in latin for s in with_soft_c(spelling)], close)


def _stretch_name(word: str, between_words: bool) -> str | None:
    return english_name(word, _CLOSE if between_words else _CLOSE_INSIDE)


def from_burmese(text: str, words: re.Pattern[str] | None = None,
                 longer: re.Pattern[str] | None = None) -> str:
    """``text`` with drug names written in the Myanmar script written in Latin letters, each set apart from the
    particles joined to it ("ဝါဖာရင်နဲ့" -> " warfarin နဲ့"); none is read across one of the language's ``longer`` words
    or a particle, and none ends with one of its ``words`` it spells the same name without."""
    return names_in_runs(text, _RUN, _particles(), syllables, _stretch_name, words, longer)
