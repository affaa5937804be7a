"""Drug names as Finnish, Hungarian, Romanian, Danish, Catalan, Croatian, Afrikaans, Icelandic, Estonian, Lithuanian,
Latvian, Slovak, Slovenian, Welsh, Uzbek, Azerbaijani, Macedonian, Irish, Hausa, isiZulu, Somali, Albanian and Basque
chemists write and decline them
("imatinibin", "metotreksaattia", "ciszplatinnal", "szorafenibre", "imatinibului", "cisplatină", "tamoxifens",
"cisplatí", "varfarinom", "rifampisien", "warfaríni", "imatiniibiga", "gefitinibą", "ibuprofēnu", "amiodarónu",
"imatinibom", "ei gaffein", "imatinibni", "varfarinot", "bparaicéiteamól", "asfirin", "newarfarin",
"warfarinarekin").

These languages spell an international name by its sounds (Finnish "karbamatsepiini", Hungarian "szelegilin") and
add case endings or an article to it ("-n" of, "-lla" with, "-nal" with, "-ra" onto, "-ul" the, "-ului" of the).
A word of a message written in one of them is tried as written, without each ending of its language and without a
final vowel the language adds ("imatinibi", "metotreksaatti", "temozolomida"), and matched by sound
(``model_zoo.names.sounds``); it stays as written when no name is close, or two are as close.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from model_zoo.names.sounds import closest_by_sound, english_sounds, named_without_structure


@dataclass(frozen=True)
class Inflection:
    """A language's noun endings (longest first) and the letters it writes a sound with that English writes
    another way."""

    endings: tuple[str, ...]
    letters: tuple[tuple[str, str], ...] = ()
    # only words with an ending or letter of the language are matched: the language writes most names as English
    # does, and its other words ("constant") must not be heard as a brand ("Constant-T")
    marked_only: bool = False
    # an s where English writes a c before e, i or y ("sisplatiini": cisplatin, "sitalopraami": citalopram)
    s_for_soft_c: bool = False
    # a final t voiced to d before an ending ("metotreksaadi": methotrexate's, "fulvestrandile": to fulvestrant)
    voiced_final_t: bool = False
    # the first letters a mutation writes for a name's own (Welsh "ei gaffein": his caffeine; "a pharasetamol": and
    # paracetamol), tried undone beside the word as written; an empty one a letter the mutation dropped
    mutations: tuple[tuple[str, str], ...] = ()
    # a letter written for a sound the language lacks, tried beside the word as written (Hausa f for p: "asfirin")
    for_lacking: tuple[tuple[str, str], ...] = ()
    # those letters tried undone one by one and together, not only all of one at once (Somali "efafirens": efavirenz,
    # its first f an f; "baarasitamool": paracetamol, its b a p and its si a ce)
    each_lacking: bool = False
    # with ``marked_only``, a word with no mark still read where a drug's own name sounds all but the same (Somali
    # "Lopinafir", "efafirens": lopinavir, efavirenz, with neither a doubled vowel nor an ending)
    unmarked_close: float | None = None


FINNISH = Inflection(("iksi", "ille", "ista", "issa", "illa", "ineen", "lla", "llä", "lta", "ltä", "lle", "ssa", "ssä",
                      "sta", "stä", "ksi", "iin", "aan", "ään", "een", "ta", "tä", "na", "nä", "a", "ä", "n"),
                     (("ts", "z"),), s_for_soft_c=True)  # "omepratsoli": omeprazole
HUNGARIAN = Inflection(("nak", "nek", "nal", "nel", "val", "vel", "ban", "ben", "ról", "ről", "hoz", "hez", "höz",
                        "ból", "ből", "tól", "től", "ra", "re", "ba", "be", "ot", "et", "at", "öt", "on", "en", "ön",
                        "t"),
                       (("sz", "s"), ("cs", "ch"), ("zs", "zh")))
ROMANIAN = Inflection(("ului", "ilor", "elor", "ul", "ei", "ii", "le", "a", "ă", "e"),
                      (("ș", "s"), ("ş", "s"), ("ț", "ts"), ("ţ", "ts")))

DANISH = Inflection(("ernes", "erne", "ens", "ets", "en", "et", "s"))  # "tamoxifens": tamoxifen's
# "imatiniba", "cisplatinom", "doksorubicinu", "varfarinom"
CROATIAN = Inflection(("ima", "om", "em", "u", "a", "e", "i"), (("č", "ch"), ("ć", "ch"), ("š", "sh"), ("ž", "zh")))
# "rifampisien", "isoniasied", "kafeïen", "doksorubisien": ie for a long i
AFRIKAANS = Inflection(("e",), (("ie", "i"), ("ï", "i")), marked_only=True)
CATALAN = Inflection(("a",), (("í", "in"), ("è", "en"), ("é", "en")), marked_only=True)  # "cisplatí", "warfarina"
# "warfaríni", "imatinibs", "parasetamóli", "íbúprófen": accents on the long vowels, case endings after the name
ICELANDIC = Inflection(("inu", "ins", "ið", "um", "i", "s", "a", "u"),
                       (("þ", "th"), ("ð", "d"), ("æ", "ae"), ("á", "a"), ("é", "e"), ("í", "i"), ("ó", "o"),
                        ("ú", "u"), ("ý", "y"), ("ö", "o")), marked_only=True)
# "imatiniibiga", "tsisplatiini", "paratsetamool": long vowels doubled, ts for a soft c, case endings after the name
ESTONIAN = Inflection(("idega", "iga", "ile", "ini", "ina", "iks", "ist", "iss", "ilt", "il", "ga", "le", "ni", "na",
                       "ks", "st", "is", "l", "s", "i", "d", "t"), (("š", "sh"), ("ž", "zh")), voiced_final_t=True)
# "imatinibas", "imatinibo", "gefitinibą", "paracetamolio", "cisplatinos": the nominative's ending and the cases'
LITHUANIAN = Inflection(("iui", "yje", "oje", "iai", "ams", "ais", "as", "is", "io", "ui", "os", "ai", "iu", "ą", "į",
                         "o", "u", "e", "a"),
                        (("š", "sh"), ("ž", "zh"), ("č", "ch"), ("ė", "e"), ("į", "i"), ("ų", "u"), ("ū", "u"),
                         ("ą", "a"), ("ę", "e")))
# "amiodarónu", "simvastatínom", "chlórpyrifosu": long vowels accented, case endings after the name
SLOVAK = Inflection(("ami", "och", "om", "ou", "ov", "mi", "u", "a", "e", "y", "i"),
                    (("ä", "a"), ("ô", "o"), ("č", "ch"), ("š", "sh"), ("ž", "zh"), ("ľ", "l"), ("ĺ", "l"), ("ň", "n"),
                     ("ť", "t"), ("ď", "d"), ("ŕ", "r")))
# "ibuprofēns", "varfarīnu", "paracetamolam", "cisplatīnā", "hlorokvīns": the nominative's -s and the cases' endings
# after the name, long vowels with a macron, and ch written h before l or r ("hlorambucils")
LATVIAN = Inflection(("iem", "ām", "ēm", "am", "ai", "ei", "im", "um", "us", "os", "as", "es", "ās", "ēs", "is",
                      "s", "š", "a", "u", "ā", "i", "e", "ē", "ī", "ū"),
                     (("hl", "chl"), ("hr", "chr"), ("ā", "a"), ("ē", "e"), ("ī", "i"), ("ū", "u"), ("ķ", "k"),
                      ("ģ", "g"), ("ļ", "l"), ("ņ", "n"), ("š", "sh"), ("ž", "zh"), ("č", "ch")))
# "imatinibom", "cisplatina", "paracetamolu", "varfarinom"
SLOVENIAN = Inflection(("ima", "om", "em", "ov", "u", "a", "e", "i", "o"), (("č", "ch"), ("š", "sh"), ("ž", "zh")))
# "ei gaffein", "a pharasetamol", "fy nhamoxifen", "ei efitinib", "ei fetformin": no endings, but a name's first
# letter mutated after the word before it (soft c→g, p→b, t→d, g dropped, b→f, d→dd, m→f; nasal c→ngh, p→mh, t→nh,
# g→ng, b→m, d→n; aspirate c→ch, p→ph, t→th), and ff for an f
WELSH = Inflection((), (("ff", "f"), ("ŵ", "w"), ("ŷ", "y")),
                   mutations=(("ngh", "c"), ("mh", "p"), ("nh", "t"), ("ng", "g"), ("ch", "c"), ("ph", "p"),
                              ("th", "t"), ("dd", "d"), ("g", "c"), ("b", "p"), ("d", "t"), ("f", "b"), ("f", "m"),
                              ("m", "b"), ("n", "d"), ("", "g")))
# "imatinibni", "varfarinning", "sisplatinga", "ibuprofenlarni": the cases' suffixes after the name, an s for a soft
# c, x for the ch of chl- and chr- ("xlorokin"), o‘ and g‘ as o and g
UZBEK = Inflection(("larining", "larning", "laridan", "lardagi", "lardan", "larini", "larni", "larga", "larda", "ning",
                    "dagi", "niki", "dan", "lar", "ni", "ga", "ka", "qa", "da"),
                   (("xl", "chl"), ("xr", "chr"), ("o‘", "o"), ("o'", "o"), ("oʻ", "o"), ("g‘", "g"), ("g'", "g"),
                    ("gʻ", "g")), s_for_soft_c=True)
# Azerbaijani: "imatinibin", "doksorubisinlə", "varfarini", "parasetamolun": the cases' suffixes after the name, an s
# for a soft c, x for the ch of chl- and chr- and k for qu ("xlorokin": chloroquine), its letters ə, ı, ş, ç, ğ, ö, ü
# as English writes their sounds
AZERBAIJANI = Inflection(("lərinin", "larının", "lərindən", "larından", "lərini", "larını", "lərin", "ların", "ləri",
                          "ları", "lərə", "lara", "lər", "lar", "nin", "nın", "nun", "nün", "dən", "dan", "tən", "tan",
                          "ilə", "ylə", "yla", "nı", "ni", "nu", "nü", "də", "da", "tə", "ta", "lə", "la", "yə", "ya",
                          "in", "ın", "un", "ün", "ə", "a", "i", "ı", "u", "ü"),
                         (("xl", "chl"), ("xr", "chr"), ("ə", "e"), ("ı", "i"), ("ş", "sh"), ("ç", "ch"), ("ğ", "g"),
                          ("ö", "o"), ("ü", "u")), s_for_soft_c=True, for_lacking=(("kin", "quin"), ("q", "g")))
# Macedonian typed in Latin letters: its articles after the name ("ibuprofenot": the ibuprofen, "varfarinot",
# "lekovite"), and its letters kj, gj for ќ, ѓ
MACEDONIAN = Inflection(("ite", "ata", "ot", "ta", "to", "te", "ov", "on"),
                        (("ќ", "k"), ("ѓ", "g"), ("kj", "k"), ("gj", "g"), ("č", "ch"), ("š", "sh"), ("ž", "zh")))
# Irish: "paraicéiteamól", "aspairín", "caiféin", "ibuprofein": its spellings of the sounds (ai, ea, ei written for
# one vowel beside a broad or slender consonant), and a name's first letter mutated after the word before it
# (eclipsis "bparacetamól", "gcaiféin", "bhfentanyl"; lenition "pharacetamól", "chaiféin"; t before s "an tsimvastatin";
# h before a vowel "a hibuprofen"; "n-", "t-" and "h-" before a vowel are dropped by agent.vocabulary)
IRISH = Inflection(("anna", "a"),
                   (("eai", "a"), ("ea", "a"), ("ai", "a"), ("ei", "e"), ("io", "i"), ("ui", "u"), ("oi", "o")),
                   mutations=(("bhf", "f"), ("mb", "b"), ("gc", "c"), ("nd", "d"), ("ng", "g"), ("bp", "p"),
                              ("dt", "t"), ("ts", "s"), ("bh", "b"), ("ch", "c"), ("dh", "d"), ("fh", "f"), ("gh", "g"),
                              ("mh", "m"), ("ph", "p"), ("sh", "s"), ("th", "t"), ("h", "")))
# Hausa: its hooked letters ƙ, ɗ, ɓ, ƴ as k, d, b, y, and an f where English writes a p, which it lacks ("asfirin":
# aspirin, "fanadol": Panadol), a k where English writes the ch of a Greek chl ("kloroquin": chloroquine), an s for a
# soft c ("siprofloksasin"); no endings on a name
HAUSA = Inflection((), (("ƙ", "k"), ("ɗ", "d"), ("ɓ", "b"), ("ƴ", "y")), s_for_soft_c=True,
                   for_lacking=(("f", "p"), ("kl", "chl")))
# isiZulu: the class and joined prefixes it writes before a borrowed name ("i-", "ama-", "ne-" and, "nge-" with, "ku-"
# to, "ye-" of, "yi-" it is), tried undone beside the word as written when they are joined without a hyphen
# ("iwarfarin", "neaspirin", "ngeimatinib"; after a hyphen agent.vocabulary reads them), and a final vowel it adds
# ("i-aspirini"); no endings on a name
ZULU = Inflection((), mutations=tuple((prefix, "") for prefix in (
    "ngama", "nama", "nezi", "kuma", "kwe", "kwa", "nge", "ngo", "nga", "ngu", "ama", "izi", "ne", "na", "no", "ku",
    "ye", "ya", "we", "wa", "se", "sa", "le", "la", "ze", "za", "yi", "i", "e", "u")))

# Somali: "asbiriinka" (the aspirin), "warfariinta", "baarasitamoolka", "metformiinkii": its articles and
# demonstratives after the name ("-ka", "-ga", "-ha", "-ta", "-da" the; "-kii", "-tii" the (remote); "-kan", "-tan"
# this; "-ku", "-tu" the (subject); "-kiisa", "-keeda" its), its long vowels doubled, a b and an f where English
# writes a p and a v, which it lacks ("asbiriin": aspirin, "efafirens": efavirenz), k for the ch of chl- and chr-
# ("kloorokwiin": chloroquine), kw for qu, j for a soft g, an s for a soft c; only words with a doubled vowel or an
# ending are read (its c and x write other sounds, ʕ and ħ, and its other words must not be heard as names)
SOMALI = Inflection(("kiisa", "keeda", "kooda", "gooda", "tooda", "tiisa", "teeda", "kaasi", "taasi", "kaas", "taas",
                     "kani", "tani", "kuna", "kana", "tana", "kan", "tan", "kii", "tii", "dii", "gii", "hii", "kee",
                     "tee", "ka", "ga", "ha", "ta", "da", "ku", "tu", "du", "gu", "na"),
                    (("aa", "a"), ("ee", "e"), ("ii", "i"), ("oo", "o"), ("uu", "u")), marked_only=True,
                    s_for_soft_c=True, for_lacking=(("b", "p"), ("f", "v"), ("si", "ce"), ("kl", "chl"),
                                                    ("kr", "chr"), ("kw", "qu"), ("ki", "qui"), ("j", "g")),
                    each_lacking=True, unmarked_close=0.88)

# Albanian: "ibuprofeni" (the ibuprofen), "imatinibit" (of the imatinib), "imatinibin" (the imatinib, object),
# "varfarina", "varfarinës", "varfarinën" (the warfarin: subject, of, object), "me aspirinë" (with aspirin),
# "diklofenaku", "diklofenakut": its definite articles and case endings after the name, its ç, xh, gj and q for ch, j,
# a soft g and a ky said as English ch ("çaj"), its y an ü said as i, k for the ch of chl- and chr- and for a qu
# ("klorokinë": chloroquine, "kininë": quinine)
ALBANIAN = Inflection(("ëve", "ave", "eve", "ës", "ën", "it", "in", "ut", "un", "së", "ja", "në", "ë", "a", "i",
                       "u", "e"),
                      (("xh", "j"), ("gj", "g"), ("ç", "ch"), ("q", "ch"), ("y", "i")),
                      for_lacking=(("kl", "chl"), ("kr", "chr"), ("kin", "quin")), each_lacking=True)

# Basque: "ibuprofenoa" (the ibuprofen, its name as Spanish writes it, "ibuprofeno", with the article "-a"),
# "ibuprofenoaren" (of the ibuprofen), "gefitinibarena" (the gefitinib's one), "warfarinarekin" (with the warfarin),
# "imatinibak" (the imatinib, the subject of a verb), "aspirinari" (to the aspirin), "A549an" (in), "-ko" (of a place),
# "-rako", "-rentzat" (for): its articles and case endings after the name, its tz and tx for ts and ch, its z for a
# soft c and its k for a hard one (both tried undone one by one: "zisplatinoa": cisplatin, "parazetamola":
# paracetamol, "omeprazola" keeps its z), k for the ch of chl- and chr- and for a qu ("klorokina": chloroquine,
# "kinina": quinine), b for a v ("atorbastatina"), and n for the m before a p or b ("rifanpizina": rifampicin)
BASQUE = Inflection(("arentzat", "rentzat", "entzat", "arekin", "rekin", "arena", "ekin", "aren", "arik", "rena",
                     "rako", "etik", "ren", "ari", "rik", "tik", "eko", "ean", "ak", "an", "az", "ko", "ra", "ri",
                     "ik", "en", "ek", "ez", "ei", "a", "k", "n"),
                    (("tz", "ts"), ("tx", "ch")),
                    for_lacking=(("z", "c"), ("kl", "chl"), ("kr", "chr"), ("kin", "quin"), ("b", "v"), ("np", "mp"),
                                 ("nb", "mb")),
                    each_lacking=True)

_WORD = re.compile(r"(?<![\w-])[^\W\d_]{6,}(?![\w])")
_ADDED_VOWEL = re.compile(r"(?<=[^aeiou])[aeio]$")  # "imatinibi", "metotreksaatti", "temozolomida"
_SOFT_C = re.compile(r"^s(?=[eiy])")
_CLOSE = 0.85
# a synonym (often a brand: "discuția" sounds like Diskets) only when it sounds the same ("rifampicina": rifampicine)
_SYNONYM_CLOSE = 0.95


def _plain(word: str, inflection: Inflection) -> str:
    """``word`` in plain Latin letters, the language's letters for a sound as English writes it."""
    for written, sound in inflection.letters:
        word = word.replace(written, sound)
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _each_undone(forms: set[str], lacking: tuple[tuple[str, str], ...], most: int = 64) -> set[str]:
    """``forms`` with each letter written for a lacking sound kept or undone, one occurrence at a time (at most
    ``most`` forms of each)."""
    out = set()
    for form in forms:
        variants = {form}
        for written, sound in lacking:
            for variant in list(variants):
                starts = [m.start() for m in re.finditer(re.escape(written), variant)]
                for start in starts:
                    if len(variants) >= most:
                        break
                    variants |= {v[:start] + sound + v[start + len(written):] for v in list(variants)
                                 if v[start:start + len(written)] == written}
        out |= variants
    return out


def english_name(word: str, inflection: Inflection) -> str | None:
    """The table name ``word`` spells, as written or declined, or None."""
    lowered = word.lower()
    stems = [lowered] + [lowered[:-len(ending)] for ending in inflection.endings
                         if lowered.endswith(ending) and len(lowered) - len(ending) >= 5]
    unmarked = inflection.marked_only and len(stems) == 1 and not any(written in lowered
                                                                      for written, _ in inflection.letters)
    if unmarked and inflection.unmarked_close is None:
        return None
    stems += [radical + stem[len(mutated):] for stem in list(stems) for mutated, radical in inflection.mutations
              if stem.startswith(mutated) and len(stem) - len(mutated) >= 5]
    forms = {_plain(stem, inflection) for stem in stems}
    forms |= {_ADDED_VOWEL.sub("", form) for form in forms}
    if inflection.each_lacking:
        forms = _each_undone(forms, inflection.for_lacking)
    else:
        forms |= {form.replace(written, sound) for form in forms for written, sound in inflection.for_lacking}
    forms |= {form[:-2] + "ene" for form in forms if form.endswith("ol")}  # "toluolam", "benzola": German -ol solvents
    if inflection.s_for_soft_c:
        forms |= {_SOFT_C.sub("c", form) for form in forms}
    if inflection.voiced_final_t:
        forms |= {form[:-1] + "t" for form in forms if form.endswith("d")}
    close = inflection.unmarked_close if unmarked and inflection.unmarked_close is not None else _CLOSE
    found = [m for m in (closest_by_sound(english_sounds(form), close) for form in forms if len(form) >= 5)
             if m is not None and (m[1] or m[0] >= _SYNONYM_CLOSE) and not (unmarked and not m[1])]
    name = max(found)[2] if found else None
    if name is None and not unmarked:  # "vonoprazanit": a drug the tables know without a structure, asked about
        name = next((known for stem in stems[1:] if (known := named_without_structure(stem))), None)
    return None if unmarked and name == lowered else name  # (an English name written as English writes it)


def from_inflected(text: str, inflection: Inflection, words: frozenset[str] = frozenset()) -> str:
    """``text`` with the drug names it writes in a language's spelling in their English spelling; the language's own
    ``words`` (lower case) stay as written (Icelandic "töluna", the number, is no toluene)."""
    def english(match: re.Match[str]) -> str:
        if match.group(0).lower() in words:
            return match.group(0)
        return english_name(match.group(0), inflection) or match.group(0)
    return _WORD.sub(english, text)
