"""Drug names written in Cyrillic, as Russian, Ukrainian, Bulgarian, Macedonian, Kazakh, Kyrgyz, Mongolian and Tajik
chemists write them ("иматиниба" imatinib, "цисплатин" cisplatin, "варфарином" warfarin, "гефітиніб" gefitinib,
"ибупрофенът", "варфаринот", "ибупрофеннің", "аспириндин", "аспиринтай", "варфаринро").

Russian and Ukrainian write an international name by its sounds (c before e, i or y as "ц", x as "кс", w as "в", h
as "г", ph as "ф", th as "т", a final silent e dropped) and decline it ("иматиниба": of imatinib; "варфарином": with
warfarin). A Cyrillic word is read into Latin letters, tried as written and without each case ending, and matched by
sound (``model_zoo.names.sounds``); a word stays as written when no name is close, or two are equally close.
"""

from __future__ import annotations

import difflib
import re
from functools import cache

from model_zoo.names.sounds import closest_by_sound, english_sounds, named_without_structure, once

_CYRILLIC_WORD = re.compile(r"[\u0400-\u04ff]{5,}")
# a language's letters read as other sounds too: each pattern of a word's Latin letters, and the sounds tried for it
Sounds = tuple[tuple[re.Pattern[str], str], ...]
_LETTERS = {
    "а": "a", "б": "b", "в": "v", "г": "g", "ґ": "g", "д": "d", "е": "e", "ё": "e", "є": "e", "ж": "zh", "з": "z",
    "и": "i", "і": "i", "ї": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
    "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "i",
    "ь": "", "э": "e", "ю": "yu", "я": "ya",
    # Macedonian's letters (and Serbian's ј, љ, њ, џ): "кодеинот", "литијум"
    "ѓ": "g", "ќ": "k", "ѕ": "dz", "ј": "i", "љ": "l", "њ": "n", "џ": "dzh",
    # Kazakh's: "кофеинге", "ақуыз"
    "ә": "a", "ғ": "g", "қ": "k", "ң": "n", "ө": "o", "ұ": "u", "ү": "u", "һ": "h",
    # Tajik's (its ғ and қ are Kazakh's too): "ҳалшавандагӣ", "кӯдак", "ҷигар"
    "ӣ": "i", "ӯ": "u", "ҳ": "h", "ҷ": "j",
}
# Russian and Ukrainian case endings of a noun, Bulgarian's article ("ибупрофенът": the ibuprofen) and Macedonian's
# ("варфаринот": the warfarin), longest first ("-ами" with, "-ом" with, "-а" of, "-у" to, "-е" in); not the articles
# Bulgarian and Macedonian share with Russian endings ("-та"), which would read Russian words as names ("препарата":
# of the drug)
_ENDINGS = ("ами", "ями", "ого", "ому", "ом", "ем", "ой", "ей", "ым", "им", "ах", "ях", "ов", "ев", "ът", "ят", "от",
            "а", "я", "у", "ю", "е", "ы", "і", "и")
# Macedonian's other articles of a name ("-то", "-те", "-ите": the; "-он": that one), read only in a message written
# in it; not its "-та", which a Russian genitive ends in ("препарата")
MACEDONIAN_ARTICLES = ("ите", "то", "те", "он")
# Kazakh's case and plural suffixes on a name, as its vowel harmony and the last sound choose them ("ибупрофеннің": of
# ibuprofen, "иматинибті": imatinib (object), "варфаринмен": with warfarin, "аспириннен": from aspirin, "кофеинге": to
# caffeine), read only in a message written in it
KAZAKH_ABLATIVE = ("дан", "ден", "тан", "тен", "нан", "нен")  # ("аспириннен басқа": except aspirin)
KAZAKH_SUFFIXES = ("ларының", "лерінің", "ларында", "лерінде", "лардың", "лердің", "лармен", "лермен", "лардан",
                   "лерден", "ларды", "лерді", "ларға", "лерге", "ларда", "лерде", "дағы", "дегі", "тағы", "тегі",
                   "ның", "нің", "дың", "дің", "тың", "тің", *KAZAKH_ABLATIVE, "мен", "бен", "пен", "лар", "лер",
                   "дар", "дер", "тар", "тер", "ны", "ні", "ды", "ді", "ты", "ті", "ға", "ге", "қа", "ке", "на", "не",
                   "да", "де", "та", "те")
# Kyrgyz's case and plural suffixes on a name, as its vowel harmony (four ways: а, е, о, ө) and the last sound choose
# them ("аспириндин": of aspirin, "варфаринди": warfarin (object), "метформинге": to metformin, "ибупрофенден": from
# ibuprofen, "кофеинде": in caffeine, "аспиринменен": with aspirin), read only in a message written in it
KYRGYZ_ABLATIVE = ("дан", "ден", "дон", "дөн", "тан", "тен", "тон", "төн", "нан", "нен", "нон", "нөн")  # ("… башка")
KYRGYZ_SUFFIXES = ("лардын", "лердин", "лордун", "лөрдүн", "ларды", "лерди", "лорду", "лөрдү", "ларга", "лерге",
                   "лорго", "лөргө", "ларда", "лерде", "лордо", "лөрдө", "менен", "дагы", "деги", "догу", "дөгү",
                   "тагы", "теги", "тогу", "төгү", "дын", "дин", "дун", "дүн", "тын", "тин", "тун", "түн", "нын",
                   "нин", "нун", "нүн", *KYRGYZ_ABLATIVE, "лар", "лер", "лор", "лөр", "ды", "ди", "ду", "дү", "ты",
                   "ти", "ту", "тү", "ны", "ни", "ну", "нү", "га", "ге", "го", "гө", "ка", "ке", "ко", "кө", "да",
                   "де", "до", "дө", "та", "те", "то", "тө")
# Tajik's suffixes on a name: "-ро" the object ("варфаринро"), its plural "-ҳо" and their forms ("-ҳоро", "-ҳои"),
# "-аш" its and "-ӣ" (of, as an adjective), read only in a message written in it; its izofat "-и" ("аспирини": the
# aspirin of) and "-е" (a) are Russian's endings too
TAJIK_SUFFIXES = ("ҳоро", "ҳои", "ашро", "ҳо", "ро", "аш", "ӣ")
# the sounds Tajik writes with other letters than Russian does, as its alphabet has no ц and a loan's qu and Greek chl
# are heard as its х: each tried beside the word as written ("сисплатин": cisplatin, "сипрофлоксасин": ciprofloxacin,
# "хинин": quinine, "хлорохин": chloroquine; the ch of English sounds is "kg")
TAJIK_SOUNDS = ((re.compile(r"s(?=[eiy])"), "ts"), (re.compile(r"kh(?=i)"), "kv"), (re.compile(r"^kh(?=[lr])"), "kg"))
# Mongolian's case suffixes on a name, as its vowel harmony and the last sound choose them, and their forms after a
# vowel ("иматинибын", "аспирины": of; "варфаринд": to, in; "кофеинтой": with; "ибупрофенээр": by; "аспиринаас":
# from; "иматинибыг": the object; "-ууд", "-үүд": the plural), read only in a message written in it
MONGOLIAN_ABLATIVE = ("гаас", "гээс", "гоос", "гөөс", "иас", "иос", "аас", "ээс", "оос", "өөс")  # ("… бусад": except)
MONGOLIAN_SUFFIXES = ("уудын", "үүдийн", "уудыг", "үүдийг", "уудад", "үүдэд", "уудтай", "үүдтэй", "ууд", "үүд",
                      "гийн", "гаар", "гээр", "гоор", "гөөр", *MONGOLIAN_ABLATIVE, "ийн", "ний", "ын", "иар", "иор",
                      "аар", "ээр", "оор", "өөр", "тай", "тэй", "той", "ийг", "ыг", "анд", "энд", "онд", "өнд", "ад",
                      "эд", "од", "өд", "ий", "ы", "н", "г", "д", "т")
_CLOSE = 0.85
# a name's part that Russian and Kazakh write with its own chemical word, not by its sounds ("фторурацил":
# fluorouracil, as "фтор" is fluorine), tried beside the sounds
_OWN_WORDS = (("ftor", "fluor"),)


def _latin(word: str) -> str:
    return once("".join(_LETTERS.get(letter, "") for letter in word.lower()))


def _spellings(latin: str, sounds: Sounds) -> list[str]:
    spellings = [latin] + [latin.replace(own, international) for own, international in _OWN_WORDS if own in latin]
    for pattern, sound in sounds:
        spellings += [pattern.sub(sound, spelling) for spelling in spellings if pattern.search(spelling)]
    return spellings


def english_name(word: str, articles: tuple[str, ...] = (), sounds: Sounds = ()) -> str | None:
    """The table name a Cyrillic word spells, as written or declined ("варфарина": warfarin, not the synonym
    "warfarina"), or with one of the ``articles`` of its language, its letters also read as the ``sounds`` its language
    writes them for, or None."""
    lowered = word.lower()
    forms = [lowered] + [lowered[:-len(ending)] for ending in _ENDINGS + articles
                         if lowered.endswith(ending) and len(lowered) - len(ending) >= 5]
    found = [m for m in (closest_by_sound(spelling, _CLOSE) for form in forms
                         for spelling in _spellings(_latin(form), sounds)) if m is not None]
    if not found:  # "Сутезолид": a drug the tables know without a structure, asked about
        return next((known for form in forms if (known := named_without_structure(_latin(form)))), None)
    return max(found)[2]


# a part of a molecule named in Cyrillic ("морфолиновия пръстен": the morpholine ring, "метоксиетокси вериги",
# "N-метилпиперазинът"): its chemical morphemes, and the adjective or article endings it is written with
_PART_MORPHEME = re.compile(r"metil|etil|propil|butil|fenil|benzil|metoks|etoks|propoks|morfolin|piperazin|piperidin|"
                            r"pirolidin|pirid|pirimid|khinazolin|khinolin|anilin|indol|imidazol|tiazol|pirazol|triazol|"
                            r"tsiklo|akrilamid|sulfonamid|etinil|khidroksi|fluoro|khloro")
# (after the morpheme's own end: "morfolinoviya", "metilpiperazint", "etinilt"; Mongolian "пиперазины",
# "пиперазиныг", "метилийг", "метилтэй": "piperazini", "piperazinig", "metilig", "metiltei")
_PART_ENDING = re.compile(r"(?<=in|ol|il|id)(?:ov(?:iya|ata|oto|ite|iyat|ia|a|o|i)?|t|ta|to|te|ite|ot|on|a|u|"
                          r"ig|i|tei|tai|toi)$")


def _part_name(word: str) -> str | None:
    """The Latin spelling of a molecule's part named in Cyrillic ("морфолиновия" -> "morfolin", "метоксиетокси"), which
    the part tables spell in English (model_zoo.chem.cores), or None."""
    latin = _latin(word)
    if not _PART_MORPHEME.search(latin):
        return None
    return _PART_ENDING.sub("", latin).replace("khin", "quin").replace("kh", "h")


@cache
def _second_words() -> dict[str, tuple[str, ...]]:
    """The first word of each name of two words in the tables -> the second words it is named with ("tenofovir":
    alafenamide, disoproxil …)."""
    from model_zoo.names.drugs import tables

    seconds: dict[str, list[str]] = {}
    for key in tables().names:
        first, _, second = key.partition(" ")
        if second.isalpha() and first.isalpha() and len(second) >= 5:
            seconds.setdefault(first, []).append(second)
    return {first: tuple(words) for first, words in seconds.items()}


def _second_word(name: str, word: str, articles: tuple[str, ...]) -> str | None:
    """The second word of a two-word table name opening with ``name`` that a Cyrillic ``word`` after it spells, as
    written or declined ("алафенамид" after tenofovir: alafenamide, another drug), or None."""
    lowered = word.lower()
    forms = [lowered] + [lowered[:-len(ending)] for ending in _ENDINGS + articles
                         if lowered.endswith(ending) and len(lowered) - len(ending) >= 5]
    spellings = {english_sounds(_latin(form)) for form in forms}
    scored = [(difflib.SequenceMatcher(None, spelling, english_sounds(second)).ratio(), second)
              for second in _second_words().get(name.lower(), ()) for spelling in spellings]
    best = max(scored, default=None)
    return best[1] if best is not None and best[0] >= _CLOSE else None


def from_cyrillic(text: str, articles: tuple[str, ...] = (), sounds: Sounds = ()) -> str:
    """``text`` with Cyrillic drug names written in Latin letters, read with the ``articles`` and ``sounds`` of its
    language too; a name of two words the tables know is read whole ("Тенофовир алафенамид": tenofovir alafenamide, not
    tenofovir)."""
    if not _CYRILLIC_WORD.search(text):
        return text
    out, at, named = [], 0, ""
    for match in _CYRILLIC_WORD.finditer(text):
        between = text[at:match.start()]
        second = _second_word(named, match.group(0), articles) if named and between.isspace() else None
        name = second or english_name(match.group(0), articles, sounds)
        out += [between, name or match.group(0)]
        at, named = match.end(), "" if second else name or ""
    return "".join(out) + text[at:]


def parts_from_cyrillic(text: str) -> str:
    """``text`` with the parts of a molecule it names in Cyrillic written in Latin letters (after a language's own
    words for them were read: "морфолиновия пръстен" is "the morpholine ring" in the Bulgarian table)."""
    return _CYRILLIC_WORD.sub(lambda m: _part_name(m.group(0)) or m.group(0), text)
