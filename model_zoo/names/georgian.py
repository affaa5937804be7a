"""Drug names written in the Georgian script (Mkhedruli), as Georgian chemists and pharmacists write them
("იმატინიბი" imatinib, "ვარფარინის" of warfarin, "ასპირინთან" with aspirin, "ციპროფლოქსაცინით" with ciprofloxacin).

Georgian writes an international name by its sounds (c before e, i or y as "ც", x as "ქს", ph and f as "ფ", w as
"ვ", a final silent e dropped), adds the nominative "-ი" to a name that ends in a consonant ("იმატინიბი") and
declines it with case endings and the postpositions it joins to a noun ("-ის" of, "-ით" with, "-ს" to, "-ში" in,
"-ზე" on, "-თან" with, "-სთვის" for, "-დან" from; "-ც" also). A Georgian word is read into Latin letters, tried as
written and without each ending, and matched by sound (``model_zoo.names.sounds``); a word stays as written when no
name is close, or two are equally close.
"""

from __future__ import annotations

import re

from model_zoo.names.sounds import closest_by_sound, once

# Mkhedruli letters, U+10D0-U+10F0 (Mtavruli capitals, U+1C90-U+1CB0, are the same letters 0x0BC0 higher)
GEORGIAN_LETTERS = "\u10d0-\u10f0\u1c90-\u1cb0"
_GEORGIAN_WORD = re.compile(f"[{GEORGIAN_LETTERS}]{{5,}}")
# each letter as the English sounds of ``model_zoo.names.sounds`` write it: its two t's, two k's (and q), two p's,
# ts's and ch's as one; "ფ" is what Georgian writes for f and ph ("მეტფორმინი"), "ჰ" an h, which those sounds write
# as g (as Russian does)
_LETTERS = {
    "ა": "a", "ბ": "b", "გ": "g", "დ": "d", "ე": "e", "ვ": "v", "ზ": "z", "თ": "t", "ი": "i", "კ": "k", "ლ": "l",
    "მ": "m", "ნ": "n", "ო": "o", "პ": "p", "ჟ": "zh", "რ": "r", "ს": "s", "ტ": "t", "უ": "u", "ფ": "f", "ქ": "k",
    "ღ": "g", "ყ": "k", "შ": "sh", "ჩ": "ch", "ც": "ts", "ძ": "dz", "წ": "ts", "ჭ": "ch", "ხ": "kh", "ჯ": "j",
    "ჰ": "g", "ჱ": "ei", "ჲ": "i", "ჳ": "v", "ჴ": "kh", "ჵ": "o", "ჶ": "f", "ჷ": "e", "ჸ": "", "ჹ": "", "ჺ": "",
}
# a name's case endings and the postpositions joined to it, longest first (plural "-ები", "-ებს", "-ების"; "-ც" and
# "-აც" also, after any of them: "იმატინიბიც", "ასპირინსაც")
_ENDINGS = ("ებისთვის", "ებისგან", "ისათვის", "ისთვის", "ისაგან", "სთვის", "ისგან", "ებთან", "ებში", "ებზე", "ებით",
            "ების", "ისას", "იდან", "თვის", "ებს", "ები", "თან", "დან", "ის", "ით", "ად", "მა", "ში", "ზე", "სა", "ს",
            "ი")
_ALSO = ("აც", "ც")
# a name's "chl" and "chr" as Georgian writes them, by a k ("ქლოროქინი": chloroquine), and "qu" as k ("ქინინი"),
# tried beside the sounds
_RESPELT = (("kl", "khl"), ("kr", "khr"), ("kin", "kvin"))
_CLOSE = 0.85


def _latin(word: str) -> str:
    return once("".join(_LETTERS.get(letter, "") for letter in word.lower()))


def _spellings(latin: str) -> list[str]:
    return [latin] + [latin.replace(written, sound) for written, sound in _RESPELT if written in latin]


def _forms(word: str) -> list[str]:
    """``word`` as written and without each ending it may carry (a stem of four letters at least)."""
    stems = [word] + [word[:-len(also)] for also in _ALSO if word.endswith(also) and len(word) - len(also) >= 4]
    return stems + [stem[:-len(ending)] for stem in stems for ending in _ENDINGS
                    if stem.endswith(ending) and len(stem) - len(ending) >= 4]


def english_name(word: str) -> str | None:
    """The table name a Georgian word spells, as written or declined ("ვარფარინის": warfarin), or None."""
    found = [m for m in (closest_by_sound(spelling, _CLOSE) for form in _forms(word.lower())
                         for spelling in _spellings(_latin(form))) if m is not None]
    return max(found)[2] if found else None


def from_georgian(text: str) -> str:
    """``text`` with drug names written in the Georgian script written in Latin letters."""
    if not _GEORGIAN_WORD.search(text):
        return text
    return _GEORGIAN_WORD.sub(lambda m: english_name(m.group(0)) or m.group(0), text)
