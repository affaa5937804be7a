"""Drug names written in the Malayalam script, as Kerala's pharmacists and pharmacologists write them ("പാരസെറ്റമോൾ"
paracetamol, "ഇമാറ്റിനിബ്" imatinib, "മെറ്റ്ഫോർമിനെ" metformin as an object, "വാർഫറിനുമായി" with warfarin).

Malayalam is an abugida written with spaces between its words: a consonant carries the vowel a unless a vowel sign
follows it ("ി" i, "െ" e, "ോ" o …) or the chandrakkala "്" silences it; a word's last n, l, r or k is mostly a chillu,
a letter that says its consonant alone ("ൻ", "ൽ", "ൾ", "ർ", "ൺ", "ൿ": "ആസ്പിരിൻ"), or, in older text, the consonant,
the chandrakkala and a zero-width joiner. Its anusvara "ം" says m ("ഡയസെപാം": diazepam). It writes a borrowed t as
"റ്റ" ("ഇമാറ്റിനിബ്") and nt as "ന്റ", a soft c and a z as s ("സിസ്പ്ലാറ്റിൻ", "ഒമെപ്രസോൾ"), a first i as "ഐ", and
joins its case suffixes to a name, its chillu given back to the full letter ("-നെ", "-ിനെ" the object, "-ന്", "-ിന്"
to, "-ന്റെ", "-ിന്റെ" of, "-ുമായി", "-ോട്" with, "-ിൽ" in, "-ും" and). Its words are read by
``model_zoo.names.indic``.
"""

from __future__ import annotations

import re

from model_zoo.names.indic import Script, names_by_sound

# the Malayalam block, U+0D00-U+0D7F (its digits, U+0D66-U+0D6F, are read as ASCII ones by agent.vocabulary)
MALAYALAM_BLOCK = "\u0d00-\u0d7f"
_MALAYALAM_LETTERS = "\u0d00-\u0d63\u0d7a-\u0d7f\u200c\u200d"
_WORD = re.compile(f"[{_MALAYALAM_LETTERS}]{{3,}}")
# its vowels, the anusvara and visarga, and the chillus and dot reph: each a sound without an a of its own
_VOWELS = {"അ": "a", "ആ": "a", "ഇ": "i", "ഈ": "i", "ഉ": "u", "ഊ": "u", "ഋ": "ri", "ൠ": "ri", "എ": "e", "ഏ": "e",
           "ഐ": "ai", "ഒ": "o", "ഓ": "o", "ഔ": "au", "ം": "m", "ഁ": "n", "ഃ": "h", "ൺ": "n", "ൻ": "n", "ർ": "r",
           "ൽ": "l", "ൾ": "l", "ൿ": "k", "ൎ": "r"}
# the consonants as Latin letters (aspirated and plain as one; "ഫ" as f, which loans write it for)
_CONSONANTS = {"ക": "k", "ഖ": "k", "ഗ": "g", "ഘ": "g", "ങ": "n", "ച": "ch", "ഛ": "ch", "ജ": "j", "ഝ": "j", "ഞ": "n",
               "ട": "t", "ഠ": "t", "ഡ": "d", "ഢ": "d", "ണ": "n", "ത": "t", "ഥ": "t", "ദ": "d", "ധ": "d", "ന": "n",
               "ഩ": "n", "പ": "p", "ഫ": "f", "ബ": "b", "ഭ": "b", "മ": "m", "യ": "y", "ര": "r", "റ": "r", "ല": "l",
               "ള": "l", "ഴ": "l", "വ": "v", "ശ": "sh", "ഷ": "sh", "സ": "s", "ഹ": "h", "ഺ": "t"}
_SIGNS = {"ാ": "a", "ി": "i", "ീ": "i", "ു": "u", "ൂ": "u", "ൃ": "ri", "ൄ": "ri", "െ": "e", "േ": "e", "ൈ": "ai",
          "ൊ": "o", "ോ": "o", "ൌ": "au", "ൗ": "au", "്": ""}
# the letters it writes a loan's t and nt with, read as those sounds first ("ഇമാറ്റിനിബ്": imatinib, the chillu n's
# form too: "ൻ്റ"), and its doubled ch and sh said once ("കോൾച്ചിസിൻ": colchicine)
_RESPELT = (("ൻ്റ", "ന്ട"), ("ന്റ", "ന്ട"), ("റ്റ", "ട്ട"), ("ച്ച", "ച"), ("ശ്ശ", "ശ"), ("ഷ്ഷ", "ഷ"))
# a name's case suffixes, longest first, each as it follows the name's last consonant (its chillu given back to the
# full letter: "വാർഫറിനെ", "ഇമാറ്റിനിബിനെ"; "വാർഫറിന്റെ", "വാർഫറിൻ്റെ" of warfarin)
SUFFIXES = ("ിൽനിന്ന്", "ിനുവേണ്ടി", "ിനുമായി", "ിന്റെയും", "ിനെക്കാൾ", "ിന്റെ", "ിനോട്", "ിനായി", "യുമായി",
            "ുമായി", "ിലുള്ള", "്റെയും", "ിനെയും", "ിനെ", "ിന്", "ിനു", "ിനും", "ിലെ", "ിലും", "ിൽ", "യുടെ", "ുടെ",
            "യോട്", "ോട്", "യിൽ", "യെ", "്റെ", "ാണ്", "ും", "െ", "്", "ോ")
# the sounds it writes with other letters than English does, each read both ways (in the sounds of
# ``model_zoo.names.sounds``): a first "kl", "kr" for a Greek chl, chr ("ക്ലോറോക്വിൻ": chloroquine), a first j for
# a soft g ("ജെഫിറ്റിനിബ്": gefitinib), a later j for a z, a said first i ("ഐബുപ്രൊഫെൻ": ibuprofen, "ക്വിനൈൻ":
# quinine; "പയോഗ്ലിറ്റസോൺ": pioglitazone), an s for a soft c ("സിസ്പ്ലാറ്റിൻ": cisplatin) and for a z between vowels
# ("പയോഗ്ലിറ്റസോൺ"), its doubled consonants said once, and the anusvara's m as the n it says before a k, g, t, d or s
_READ_AS = ((re.compile(r"^k(?=[lr])"), "kg"), (re.compile(r"^j"), "g"), (re.compile(r"(?<=.)j"), "z"),
            (re.compile(r"ai"), "i"), (re.compile(r"s(?=[ei])"), "ts"),
            (re.compile(r"(?<=[aeiou])s(?=[aeiou])"), "z"), (re.compile(r"m(?=[kgtds])"), "n"))
MALAYALAM = Script(_VOWELS, _CONSONANTS, _SIGNS, "", {}, "ംഁ", SUFFIXES, _READ_AS,
                   with_suffixes=("ിനുമായി", "യുമായി", "ുമായി", "ിനോട്", "യോട്", "ോട്"), respelt=_RESPELT)


def english_name(word: str) -> str | None:
    """The table name a Malayalam word spells, as written or with a suffix ("മെറ്റ്ഫോർമിനെ": metformin), or None."""
    return MALAYALAM.english_name(word)


def from_malayalam(text: str, words: frozenset[str] = frozenset()) -> str:
    """``text`` with drug names written in the Malayalam script written in Latin letters; the language's own
    ``words`` stay as written."""
    return names_by_sound(text, _WORD, MALAYALAM, words)
