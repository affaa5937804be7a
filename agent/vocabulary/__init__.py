"""Vocabulary the agent reads as data, not code."""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from model_zoo.names.armenian import ARMENIAN_LETTERS, ENDINGS as ARMENIAN_ENDINGS, from_armenian
from model_zoo.names.burmese import MYANMAR_BLOCK, from_burmese, syllables as myanmar_syllables
from model_zoo.names.dictation import from_dictation
from model_zoo.names.ethiopic import ETHIOPIC_LETTERS, TIGRINYA, from_ethiopic
from model_zoo.names.georgian import GEORGIAN_LETTERS, from_georgian
from model_zoo.names.gujarati import GUJARATI_BLOCK, from_gujarati
from model_zoo.names.hebrew import from_hebrew
from model_zoo.names.cyrillic import (KAZAKH_ABLATIVE, KAZAKH_SUFFIXES, KYRGYZ_ABLATIVE, KYRGYZ_SUFFIXES,
                                      MACEDONIAN_ARTICLES, MONGOLIAN_ABLATIVE, MONGOLIAN_SUFFIXES, TAJIK_SOUNDS,
                                      TAJIK_SUFFIXES, from_cyrillic, parts_from_cyrillic)
from model_zoo.names.inflected import (AFRIKAANS, ALBANIAN, AZERBAIJANI, BASQUE, CATALAN, CROATIAN, DANISH, ESTONIAN,
                                       FINNISH, HAUSA, HUNGARIAN, ICELANDIC, IRISH, LATVIAN, LITHUANIAN, MACEDONIAN,
                                       ROMANIAN, SLOVAK, SLOVENIAN, SOMALI, UZBEK, WELSH, ZULU, Inflection,
                                       from_inflected)
from model_zoo.names.kannada import KANNADA_BLOCK, from_kannada
from model_zoo.names.katakana import from_katakana
from model_zoo.names.khmer import KHMER_BLOCK, from_khmer, syllables as khmer_syllables
from model_zoo.names.lao import LAO_BLOCK, from_lao, syllables as lao_syllables
from model_zoo.names.malayalam import MALAYALAM_BLOCK, from_malayalam
from model_zoo.names.pashto import from_pashto
from model_zoo.names.sinhala import SINHALA_BLOCK, from_sinhala
from model_zoo.names.sorani import SORANI_LETTERS, from_sorani
from model_zoo.names.telugu import TELUGU_BLOCK, from_telugu
from model_zoo.names.text import alternation
from model_zoo.names.uyghur import UYGHUR_TEXT, from_uyghur, parts_from_uyghur


@cache
def load(name: str) -> dict[str, Any]:
    """A JSON vocabulary file of this package, without its ``_about`` note."""
    text = resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


def words(name: str) -> list[str]:
    """A list of ``cues.json``."""
    listed: list[str] = load("cues.json")[name]
    return listed


def phrases(name: str) -> str:
    """A regex alternation of a ``cues.json`` list: escaped, longest first (so "forget about" wins over "forget"),
    spaces matching any whitespace; the caller adds the boundaries and flags."""
    return "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in sorted(words(name), key=len, reverse=True))


def ordinals() -> dict[str, int]:
    """Place words ("second", "3rd", "last") and their 1-based positions; the last is -1."""
    places: dict[str, int] = load("cues.json")["ordinals"]
    return places


def number_words() -> dict[str, int]:
    """Counts written as words ("the two best", "all four"), two to ten."""
    counts: dict[str, int] = load("cues.json")["number_words"]
    return counts


def count_pattern() -> str:
    """A regex alternation of a count: one or two digits, or a number word."""
    return r"\d{1,2}|" + "|".join(number_words())


@cache
def request_words() -> frozenset[str]:
    """The single words of every language's request vocabulary ("varten", "kelarutan", "mallin"): words a message
    says, never a misspelt drug name."""
    return frozenset().union(*(_said_words(name) for name in load("translations.json") if name.endswith("words")))


@cache
def _said_words(table: str) -> frozenset[str]:
    """The single words of one table of ``translations.json``, less names it only respells ("toluol": toluene)."""
    return frozenset(word for word, english in load("translations.json")[table].items()
                     if word.isalpha() and difflib.SequenceMatcher(None, word.lower(), english.lower()).ratio() < 0.6)


@cache
def _foreign_words() -> tuple[re.Pattern[str], dict[str, str]]:
    vocabulary = load("translations.json")
    table: dict[str, str] = {**vocabulary["words"], **vocabulary["drug_names"]}
    # Latin-script words stand as whole words; Chinese ones have no spaces around them ("N-甲基哌嗪那一块": a
    # boundary only on a side that is Latin)
    alternation = "|".join((r"(?<![\w-])" if re.match(r"[a-zà-ÿ¿]", w) else "") + re.escape(w)
                           + (r"(?![\w-])" if re.search(r"[a-zà-ÿ.]$", w) else "")
                           for w in sorted(table, key=len, reverse=True))
    return re.compile(alternation, re.I), table


@cache
def _gated_words(language: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """The request words of a language read only in a message written in it (``polish_words``, ``turkish_words``)."""
    table: dict[str, str] = load("translations.json")[f"{language}_words"]
    return re.compile(rf"(?<![\w-])(?:{alternation(table)})(?![\w-])", re.I), table


@dataclass(frozen=True)
class _Language:
    """What makes a message read as one language: its letters, one word only it has, or two of its small words; and
    the letters of another language that shares its script, which say it is not (``unless``)."""

    letters: re.Pattern[str]
    words: re.Pattern[str]
    small_words: re.Pattern[str]
    unless: re.Pattern[str] = re.compile(r"(?!)")

    @classmethod
    def of(cls, letters: str, words: str, small_words: str, unless: str = "") -> _Language:
        """From a character class (case as written: Turkish "ı" must not match "i"), two alternations of whole
        words, any case (empty: none), and a character class of letters it never writes (empty: none)."""
        def whole(alternation: str) -> re.Pattern[str]:
            return re.compile(rf"(?<![\w'’-])(?:{alternation})(?![\w'’-])" if alternation else r"(?!)", re.I)
        return cls(re.compile(letters or r"(?!)"), whole(words), whole(small_words), re.compile(unless or r"(?!)"))

    def reads(self, text: str) -> bool:
        if self.unless.search(text):
            return False
        return bool(self.letters.search(text) or self.words.search(text)) or len(self.small_words.findall(text)) >= 2


_POLISH = _Language.of(
    r"[ąęłśźżńćĄĘŁŚŹŻŃĆ]",
    r"dla|proszę|dzięki|najbardziej|najmniej|rozpuszczalny|wygenerowanych|zamiast|tabelki|"
    r"retrosynteza|optymalizuj|pierwszego|drugiego|trzeciego|zestawu",
    r"czy|jest|oraz|też|tylko|razem|obu|oba|pliku|samo|tych|lepszy|gorszy|najlepszy|ten")
# dotless i, s or g with cedilla or breve; small words not also French, Portuguese, Italian or Spanish ("de", "da",
# "mi", "ya"); its case endings follow an apostrophe ("EGFR'a", "HCC827'de", "Gefitinib'i")
_TURKISH = _Language.of(
    r"[ıİşŞğĞ]",
    r"için|lütfen|hocam|merhaba|misin|mısın|musun|istiyorum|olarak|nedir|tahmini|hattı|"
    r"hatlarında|değil|acaba|yapar|edelim|bakar|retrosentez(?:i|ini)?|hedef(?:i)?|hücre\w*|molekül\w*|"
    r"etkileşim\w*|çözünürlü\w*",
    r"ve|bu|şu|ile|veya|mı|bir")
# ă, đ, ơ, ư and the tone-marked vowels (Latin Extended Additional): no other language a lab writes in has them
_VIETNAMESE = _Language.of(r"[ăđơưĂĐƠƯ\u1ea0-\u1ef9]", "", "")
# Cyrillic letters, or Ukrainian words typed in Latin letters that no other language has ("dlya", "rozchynnist")
_EAST_SLAVIC = _Language.of(
    r"[\u0400-\u04ff]",
    r"dlya|tsyeyi|tsiyeyi|rozchynn\w*|spoluk[auy]?|zgeneru\w*|zgenerovan\w*|optymiz\w*|"
    r"generatsiya|til'?ky|dyakuyu|bud'?\s+laska|potrib\w*|mishen'?|prekursor\w*|vybach\w*|pryvit|"
    r"shvydko|nayvyshch\w*|nayrozchynn\w*|vzayemodi\w*|zvyazu\w*|ymovirn\w*|lipofil'?nist|sekvensiya|faylu",
    r"chy|tse|shche|potim|dobre|todi|teper")
# Bulgarian: its ъ where Russian never writes it (before a consonant or at a word's end: "със", "съединение", the
# article of "ибупрофенът"), its ѝ, a word only it has ("моля", "какво", "разтворимост"), in Cyrillic or in the Latin
# letters people type ("molq", "raztvorimost"), or two of its small words; not "благодаря", which Russian writes for
# "thanks to", nor "ще", "може", "добре", "тези", which Ukrainian has. Read before the Russian and Ukrainian words,
# which read some of its words otherwise ("на": of, not on)
_BULGARIAN = _Language.of(
    r"[ъЪ](?![еёюяЕЁЮЯ])|[ѝЍ]",
    r"моля|какво|каква|какви|колко|това|този|тази|защо|нещо|искам|трябва\w*|няма|сега|тогава|освен|"
    r"отново|всички|всеки|всяко|поотделно|здравейте|извинете|извинявай|разтворим\w*|липофилност(?:та)?|"
    r"токсичност(?:та)?|вероятност(?:та)?|чувствителност(?:та)?|стойност(?:та)?|мишена(?:та)?|лекарството|"
    r"лекарствата|молекулата|молекулите|клетките|изчисли\w*|пресметни\w*|генерирай\w*|оптимизирай\w*|"
    r"прогнозирай\w*|провери|проверете|сравнете|пусни|пуснете|стартирай|използвай\w*|преминава\w*|"
    r"molya|molq|blagodarya|blagodarq|zdraveyte|izvinete|raztvorim\w*|saedinen\w*|sadinen\w*|suedinen\w*|"
    r"lekarstvoto|molekulata|molekulite|tryabva|izchisli|presmetni|vsichki|vseki|otnovo|togava|shte|"
    r"svarzva\w*|preminava\w*|kletachn\w*|zashto|sashto|sashtata|vsashtnost|някой|някои|минава\w*|"
    r"оптимизираните|генерираните|хематоенцефалната|хидратационната",
    r"е|са|ги")
# Indonesian and Malay: plain Latin letters, so a word only they have ("tolong", "senyawa", "kelarutan", "yg",
# Malay "boleh", "sebatian", "ubat") or two small words
_INDONESIAN = _Language.of(
    "",
    r"tolong|senyawa(?:-senyawa)?|kelarutan\w*|apakah|berapa|gimana|nggak|makasih|prediksi|"
    r"sawar|afinitas\w*|lipofilisitas\w*|retrosintesis|berinteraksi|sekaligus|saja|utk|dgn|yg|galur|"
    r"optimasi|rancang|terima\s+kasih|boleh|sebatian\w*|keterlarutan|kebolehlarutan|ubat|titisan|ramalkan|ramalan|"
    r"jangkaan|camne|jugak|pastu|kebarangkalian|ketoksikan|optimumkan|kekalkan|sahaja|alamak|guna|pulak|cuba|dlm",
    r"yang|untuk|dengan|ini|itu|dari|juga|atau|dan|nak|lah|kat")
# Hindi typed in Latin letters: a word only it has ("chahiye", "karo", "batao") or two of its small words
_HINGLISH = _Language.of(
    "",
    r"hai|hain|karo|kar\s+do|karna|chahiye|batao|kitna|kitni|sabse|nahi|wala|wale|wali|sirf|bhai|yaar|kya|mujhe|"
    r"kaisa|accha|achha|theek|dobara|nikalo|dono|teeno|teenon|paanchon|inme|uska|iska|isko|usko|baaki|hissa|naye",
    r"ka|ki|ke|ko|mein|pe|aur|bhi")
# Swahili mixed into English: a word only it has ("tafadhali", "kila moja")
_SWAHILI = _Language.of("", r"tafadhali|asante|habari|mgonjwa|mtoto|dawa|kila|pamoja|hapana|ndiyo", "")
# Tagalog mixed into English (Taglish): a word only it has ("pa-check", "yung", "salamat") or two of its small words
_TAGALOG = _Language.of("", r"paki\w*|pa-check|pa-predict|pa-run|yung|naman|salamat|sige|ngayon|kasi|niya|namin|natin|"
                            r"lahat|bawat|pinaka\w*|ipalit|isa-isa|unahin", r"po|ang|mga|ng|sa")
# Egyptian Arabic typed in Latin letters, some letters as digits (Arabizi): a word only it has
_ARABIZI = _Language.of("", r"3ayez|3ayza|3awez|a3raf|momken|sama7t|beta3\w*|lewa7d\w*|wa7da|e3mel\S*|ma3ada|na7yet|"
                            r"khally|so2al|a2al|anhy|fehom|ya3ni|3andena|3andy", "")
# Czech: its letters ě, ř, ů (no other language a lab writes in has them) or a word only it has
_CZECH = _Language.of(r"[ěřůĚŘŮ]", r"prosím|spusť|látky|látku|tyhle|tuhle|predikuj|predikci|vygeneruj|optimalizuj|"
                                  r"rozpustnost|lipofility|lipofilitu|jejich|citlivost|buněk|prostup\w*|zbytek|"
                                  r"jaká|jaký|děkuji|díky", "")
# Nigerian Pidgin mixed into English: a word only it has
_PIDGIN = _Language.of("", r"abeg|wetin|wey|dey|sabi|shey|oya|una|dem\s+start|don\s+start|wan\s+start|go\s+clash|"
                          r"run\s+am|check\s+am", "")
# Persian typed in Latin letters (Finglish): a word only it has ("lotfan", "pishbini") or two of its small words
_PERSIAN = _Language.of("", r"lotfan|baraye|pishbini|hallaliat\w*|tadakhol\w*|molekool\w*|behine|bebakhshid|hamoon|"
                            r"mikham|besaz|selluli|faghat|vasl|mohkam|ghadr|daroo\w*|lipofilisite|hidrasion|mikromolar|"
                            r"konid|mishe|bashe|joft|hodud|chande|roozane", r"ro|va|ba|dar|az|ham|kon")
# the ezafe or possessive after a hyphen ("IC50-e doksorubisin", "amlodipin-e", "CH3-ash"), dropped before the words
# are read
_PERSIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:e|ye|ash)(?![\w-])")
# Swedish: its letter å, or a word only it has ("och", "tack", "snälla", "löslighet")
_SWEDISH = _Language.of(r"[åÅ]", r"och|tack|snälla|löslighet\w*|lösliga?|också|hjärnan|molekylerna|föreningar\w*|"
                                 r"optimera|generera|retrosyntes|sannolikhet\w*|kör|hur|vilken|istället|alltså|taget|"
                                 r"inget|ja/nej\S*|här|är|rätt", "")
# the definite "the file" after a file's name ("serie7-filen": the serie7 file)
_SWEDISH_FILE = re.compile(r"(?<=[\w)\]])-filen(?![\w-])")
# Finnish: a word only it has ("kiitos", "kuinka", "ennusta", "liukoisuus"); its case endings after a colon or hyphen
# ("EGFR:ään", "A549:ssä", "A2780-linjassa", "ABL1-kinaasiin") are dropped or read as the noun they end
_FINNISH = _Language.of(r"(?<=[\w)]):(?:een|ään|aan|iin|ssa|ssä|sta|stä|lle|lla|llä|n)\b",
                        r"kiitos|kuinka|mikä|mitä|ennusta|ennustettu|ennuste\w*|laske|liukoisuu\w*|"
                            r"vesiliukoisuu\w*|lipofiilis\w*|veri-aivoeste\w*|yhteisvaikutu\w*|sitoutu\w*|"
                            r"retrosyntee\w*|esiaste\w*|optimoi|generoi\w*|soluissa|soluille|tarvitsen|anteeksi|"
                            r"tarkoitin|selvä|entä|myös|sitten|tilalle|molemm\w*|kinaasi\w*|potilas\w*|malli\w*|"
                            r"sanoo|kysyi|tarvitsisin|lipofiil\w*|vertailen|luennolla|kiitos",
                        # two words in its case endings ("gefitinibille, erlotinibille")
                        r"\w{3,}(?:ille|ista|issa|illa|iin|ssä|stä|llä)")
_FINNISH_SUFFIX = re.compile(r"(?<=[\w)\]]):[a-zäö]{1,4}(?![\w-])|(?<=[\w)\]])-(?=(?:linja|solu|kinaasi)\w*)", re.I)
# Hungarian: its letters ő, ű, or a word only it has; its case endings after a hyphen ("ABL1-hez", "A549-en",
# "NCI-H1975-re", "ln(IC50)-t", "MCF7-sejtekben") are dropped
_HUNGARIAN = _Language.of(r"[őűŐŰ]", r"kérnék|kérem|kérlek|köszi|köszönöm|kötődik\S*|oldhatóság\w*|"
                                    r"vízoldhatóság\w*|lipofilitás\w*|kölcsönhat\S*|becslés\w*|szeretném|"
                                    r"optimalizál\w*|retroszintézis\w*|sejtekben|bocsi|mekkora|mennyire|kötési|"
                                    r"affinitás\w*|akkor|jó|oké|legyen|futtasd|cseréld|kérném|váz|gyűrű",
                          r"az|és|egy|meg|csak|vagy")
_HUNGARIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:hez|hoz|höz|re|ra|en|on|ön|n|ban|ben|t|et|at|ot|val|vel|nak|nek|"
                               r"sejtekben|sejteken)(?![\w-])", re.I)
# Romanian: its letters ș, ț (not ă, which Vietnamese has, nor î, which French has, nor ş, which Turkish has), its
# article after a hyphen, or a word only it has; that article ("pKd-ul", "logD-ul") is dropped
_ROMANIAN = _Language.of(r"[șțȘȚţŢ]|(?<=\w)-(?:ul|ului)\b",
                         r"pentru|vreau|doar|mersi|atunci|dintre|compusul|retrosinteza|retrosinteză|solubilitatea|"
                         r"afinitatea|interacționează|prezice\S*|acelasi|același|să|că|până|această|bine|rog",
                         r"pe|cu|sau|și|nu|ăsta|asta")
_ROMANIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:ul|ului|urile)(?![\w-])", re.I)
# Danish and Norwegian: their letters æ, ø, or a word only they have ("hvad", "forudsig", "opløselighed", Norwegian
# "hva", "løselighet"), or two of their small words; a noun joined to a line or value by a hyphen ("HepG2-celler",
# "pKd-værdierne") is read apart
_DANISH = _Language.of(r"[æøÆØ]", r"hvad|hvilken|hvilke|hvor|hvorfor|forudsig\w*|opløselighed\w*|vandopløselighed\w*|"
                                  r"jeres|mellem|venligst|undskyld|krydser|interagerer|generér|optimér|sandsynlighed|"
                                  r"kørsel|kørsler|nogle|retrosyntesetrin|i\s+stedet|tastefejl|kopieringsfejl|"
                                  r"tak(?=[.!]?\s*$)|hva|hvordan|løselighet\w*|vannløselighet\w*|forutsi\w*|takk|"
                                  r"interaksjon\w*|mellom|sannsynlighet\w*|beklager|unnskyld|optimaliser\w*|samme|"
                                  r"lipofilisitet\w*|vannløslighet\w*|løslighet\w*|treffer|kjør|bør|hvor\s+mye",
                       r"og|jeg|af|av|ikke|vil|skal")
_DANISH_SUFFIX = re.compile(r"(?<=[\w)\]])-(?=(?:celler|linje|lungecancerlinje|værdi|dos)\w*)", re.I)
# Catalan: its "l·l", or a word only it has ("si us plau", "vull", "amb", "només", "gràcies"); Spanish words it shares
# are read by the table of all languages
_CATALAN = _Language.of(r"l·l", r"si\s+us\s+plau|gràcies|podries|vull|tinc|amb|només|línia|molècules|solubilitat|"
                                r"lipofília|interacció|interaccions|interaccionen|interacciona|travessa|diana|dianes|"
                                r"doncs|aleshores|després|perdó|fes-ne|fes-ho|agafa|prediu\S*|genera'm|calcula'm|"
                                r"calcula'n|dona'm|s'uneix|optimitza|optimitzar|mateix\w*|aquest\w*|quina|quins|"
                                r"retrosíntesi|semivida|optimitzades|generades", "")
# Croatian (and Serbian or Bosnian in Latin letters): a word only it has ("molim", "hvala", "topljivost", "veže"); not
# its letters, which Czech, Polish and Vietnamese share, nor its small words, which Spanish, French, Czech, Tagalog and
# Hinglish have ("se", "je", "sa"); drug names with its case endings
# ("imatiniba", "cisplatinom") are read by model_zoo.names.inflected
_CROATIAN = _Language.of("", r"molim|hvala|koliko|kolika|koliki|topljiv\w*|najtopljivij\w*|veže|vežu|stanič\w*|"
                             r"predvidi|izračunaj|procijeni|spoj(?:a|evi|eve|eva)|lijek\w*|krvno-možd\w*|vjerojatnost\w*|umjesto|"
                             r"između|lipofilnost\w*|generiraj|optimiziraj|pokreni|također|interagira\w*|retrosintez\w*|"
                             r"oprosti|zapravo|ovaj|ovih|trebam|stanicama|provjeri|najbolj\w*|najpotentnij\w*|"
                             r"najniž\w*|najviš\w*|rastavi|retrosintetski|prsten|ostatak|skupina|njih|istu|smije|"
                             r"mijenjati|energija|hidratacije|interakcij\w*|pacijent\w*|dobio|dobila|obiteljsk\w*|"
                             # and the words Serbian writes otherwise ("rastvorljivost", "vezuje", "da li")
                             r"rastvorljiv\w*|najrastvorljivij\w*|vezuj\w*|vezivanj\w*|lekovi|lekova|lekove|lekovima|"
                             r"lekom|ćelij\w*|celijsk\w*|celije|celijama|jedinjenj\w*|umesto|izmedju|verovatnoć\w*|"
                             r"verovatnoc\w*|takođe|takodje|proveri|proverite|proceni|procenite|generiši\w*|"
                             r"generisi\w*|optimizuj\w*|uporedi|uporedite|ponovo|hoću|hocu|šta|osetljiv\w*|"
                             r"hematoencefaln\w*|da\s+li|generisan\w*|hidratacion\w*|rastvorljivot", "")
# Afrikaans: a word only it has ("asseblief", "dankie", "hierdie", "oplosbaarheid") or two of its small words (German,
# Spanish, Dutch and English share others: "die", "en", "met", "net"; "watter" is a typed "water")
_AFRIKAANS = _Language.of("", r"asseblief|asb|dankie|hierdie|daardie|voorspel\w*|oplosbaar\w*|wateroplosbaarheid|"
                              r"wisselwerking\w*|verbindings?|molekules|sel-?lyne?|hoeveel|albei|elkeen|behalwe|"
                              r"lipofilisiteit|waarskynlikheid|bloed-?brein\S*|retrosintese|voorlopers?|oukei|jammer|"
                              r"bedoel|bereken|teiken|lêer|interaksie\w*|tussen|sensitief|optimaliseer|"
                              r"deurlaatbaarheid|mees|voorgangers?|roete|skans|eenstap\S*|hoe\s+sterk|"
                              r"eerste|genoeg",
                          r"vir|nie|ook|ons")
# Icelandic: its letters þ, ð, or a word only it has ("í": in, "á": on, "vinsamlegast", "leysni", "hversu"); not æ,
# which Danish and Norwegian have, nor "takk" and "bara", which Norwegian and Swedish have; a noun joined to a name by
# a hyphen ("PARP-hemlinum": the PARP inhibitor) is read apart
_ICELANDIC = _Language.of(r"[þðÞÐ]|\w{3,}íbs?\b",  # its letters, or a drug name it accents ("ólaparíbs")
                          r"í|á|vinsamlegast|leysni|leysanleg\w*|vatnsleysni|fitusækni\w*|milliverk\w*|"
                          r"binst|bindst|bindist|bindisækni|frumulín\w*|sameind\w*|efnasamb\w*|hversu|hvaða|einnig|"
                          r"ekki|fyrir|líka|eða|sjúkling\w*|afsakið|reyndar", "")
# Estonian: a word only it has ("palun", "aitäh", "lahustuvus", "seondub", "siis": then) or a case ending after a
# hyphen ("ERBB2-ga": with ERBB2); not õ, which Portuguese has, nor its small words, which Finnish, German and English
# share ("ja", "on", "see", "need")
_ESTONIAN = _Language.of(r"(?<=[\w)])-(?:i?ga|ile|st)\b",
                         r"palun|aitäh|siis|jah|või|kasuta|interaktsioon\w*|järjestus\w*|tänan|lahustuv\w*|"
                         r"rakkud\w*|toksilisus\w*|mis\s+on|lipofiilsus\w*|seondu\w*|koostoime\w*|rakuliin\w*|"
                         r"ühend\w*|genereeri|optimeeri|retrosüntees\w*|lähteaine\w*|sihtmär\w*|tõenäosus\w*|"
                         r"ainult|mõlema\w*|kõik|milline|millised|kuidas|vabandust|tegelikult|jaoks|seejärel|"
                         r"ravimi\w*|patsient\w*|läbib|kinaas\w*", "")
# Lithuanian: its letters ė, į, ų (not ą, ę, which Polish has, nor ū, which Latvian has), or a word only it has
# ("prašau", "ačiū", "tirpumas")
_LITHUANIAN = _Language.of(r"[ėįųĖĮŲ]", r"prašau|prasau|ačiū|aciu|dėkoju|dekoju|tirpum\w*|tirpus|tirpsta|junginy\w*|"
                                          r"junginio|junginių|junginiai|junginius|vaista[is]?|vaisto|vaistų|ląstel\w*|"
                                          r"lasteliu|linijoje|prognozuok\w*|apskaičiuok\w*|numatyk\w*|sąveik\w*|"
                                          r"saveik\w*|kiek|kokia|kuris|kurie|abiejų|abieju|išskyrus|vietoj|"
                                          r"lipofiliškum\w*|molekulių|jungiasi|kimba|prisijungia|reikia|koks|kokie|"
                                          r"gerai|tada|atsiprašau|paleisk\w*|patikrink|palygink|pirmų|pirmąj\w*|"
                                          r"dviejų|trijų|mažiausiai|labiausiai|apskritai|taikin\w*|tikimyb\w*|"
                                          r"pirmtak\w*|skaičiaus|skaičių|atsakymo|tirpiausi\w*|kodėl|sugeneruot\w*|"
                                          r"optimizuok|keičiam\w*|arba|irgi", "")
# Slovak: its letters ľ, ĺ, ŕ (not ô or ä, which French and German have, nor the letters it shares with Czech), or a
# word only it has ("ďakujem", "rozpustnosť", "zlúčenina", "ktorý"); Czech words it shares are read by the Czech
# table
# Latvian: its letters ā, ē, ī, ķ, ļ, ņ, ģ (not ū, which Lithuanian has, nor č, š, ž, which five gated languages share),
# or a word only it has ("lūdzu", "paldies", "šķīdība", "savienojums"), written without its accents too ("ludzu",
# "skidiba"), or two of its small words ("cik", "uz", "ari", "nav")
_LATVIAN = _Language.of(
    r"[āēīķļņģĀĒĪĶĻŅĢ]",
    r"ludzu|paldies|labdien|atvainojos|atvainojiet|skidib\w*|skistos\w*|šķīd\w*|šķīst\w*|savienojum\w*|"
    r"mijiedarb\w*|saistas|saistisan\w*|varbutib\w*|toksiskum\w*|hematoencefalisk\w*|smadzenu|aprekin\w*|"
    r"paredzi|paredziet|salidzin\w*|parbaud\w*|palaidiet|vajag|vajadzig\w*|tikai|iznemot|pec\s+tam|kurš|"
    r"šūn\w*|sunu\s+linij\w*|medikamentu|medikamentus|medikamentiem|prognozejiet|nemaini|"
    r"drikst|otrais|tresais|pedejais|labakais|atseviski|velreiz|patiesiba|kopa\s+ar",
    r"cik|uz|ari|nav")
_SLOVAK = _Language.of(r"[ľĺŕĽĹŔ]", r"ďakujem\w*|dakujem|vďaka|rozpustnosť\w*|rozpustný|rozpustná|rozpustné|"
                                      r"predpovedz|predpovedaj|vypočítaj\w*|väzb\w*|viaže|viažu|bunkov\w*|líniu|"
                                      r"línii|lieky|liekov\w*|zlúčenin\w*|zluceniny|koľko|ktorý|ktorá|"
                                      r"ktoré|ktorú|ktorých|aký|aká|aké|tiež|namiesto|oboch|všetky|pravdepodobnosť\w*|"
                                      r"potrebujem\w*|chcela|chcel|netreba|skús|predikovan\w*|ďalej|zvyšok|"
                                      r"nechaj|ponechaj|zachovaj|meniť|smie|"
                                      r"okrem|alebo|porovnaj|skontroluj|spusti|prechádza\w*|predikuješ|"
                                      r"pečeňov\w*|obličkov\w*|prečo|koncentráciách|relevantné|relevantný|relevantná",
                                      r"pre|aj|sú|mňa|či|som")
# Slovenian: a word only it has ("topnost", "spojina", "zdravilo", "tudi", "lahko"); not its letters, which Croatian and
# Czech share, nor "prosim", which Czech and Slovak write without the accent
_SLOVENIAN = _Language.of("", r"topnost\w*|topen|topna|topni|napovej|spojin\w*|zdravil\w*|celičn\w*|celicn\w*|"
                              r"celicah|kateri|katera|katero|katere|namesto|tudi|najbolj|verjetnost\w*|možgan\w*|"
                              r"živjo|lahko|bolnik\w*|tarč\w*|izboljšaj|načrtuj|vezavn\w*|kakšen|"
                              r"kakšna|kakšno|tališč\w*|hidracijsk\w*|preveri|primerjaj|zaženi|pokaži|odmerek|"
                              r"zgolj|pravzaprav|dejansko|spreminja\w*|ohrani|obdrži|najmanj|prehajanj\w*", "")
# Welsh: its letters ŵ, ŷ (no other language has them), or a word only it has ("diolch", "hydoddedd", "rhagfynegi",
# "gyda", "os gwelwch yn dda"), also as a mutation writes it ("ragfynegi", "nghelloedd"), or two of its small words;
# not "beth", "olaf", "faint", "ail", "hon", "dwi", "eto" or "yr", which are English names, words or abbreviations
# or Latin-typed Russian, nor its "targed", a typed "target"
_WELSH = _Language.of(
    r"[ŵŷŴŶ]",
    r"diolch|gwelwch|hydoddedd\w*|rhagfyneg\w*|ragfyneg\w*|nghyfrif\w*|cyfrif[iwo]\w*|gyfrif[iwo]\w*|gyda|"
    r"yn\s+lle|cyffur\w*|gyffur\w*|nghyffur\w*|moleciwl\w*|foleciwl\w*|cyfansodd\w*|gyfansodd\w*|gwenwyn\w*|"
    r"wenwyn\w*|celloedd|gelloedd|nghelloedd|llinell|linell|rhwymo|rwymo|rhwymiad|rhyngweith\w*|ryngweith\w*|"
    r"tebygolrwydd|debygolrwydd|ymennydd|lipoffil\w*|hydradu|affinedd|heblaw|eithrio|hefyd|cyntaf|gyntaf|"
    r"uchaf|isaf|gorau|ffeil|dilyniant|ddilyniant|ydy|ydyn|ydych|gwiri\w*|wiriwch|cymhar\w*|gymhar\w*|"
    r"dangos\w*|ddangos\w*|rhedwch|rhedeg|redeg|defnyddi\w*|ddefnyddi\w*|cynhyrch\w*|gynhyrch\w*|"
    r"optimeiddi\w*|rhagflaen\w*|ragflaen\w*|sensitifrwydd|ymateb|hoffwn|rhowch|rhaid|angen|rydw|"
    r"ddau|ddwy|pa\s+un|pob\s+un|i\s+gyd|dim\s+ond|eto\s+fyth|unwaith\s+eto|uwchlwyth\w*|lanlwyth\w*|"
    r"gwerth|rhain|rheini|rheiny|hwn|honno|hwnnw|hynny|felly|nawr|dylai|ddylai|claf|cleifion|golygu|erbyn|"
    r"beth\s+yw|be['’]?\s+di",
    r"yn|mae|a'r|a’r|i'r|i’r|o'r|o’r|ac|sydd|ei")
# Uzbek in Latin letters: its o‘ and g‘ written with a turned comma, or a word only it has ("iltimos", "eruvchanlik",
# "hisoblang", "o'rniga", "bilan", "uchun"), or two of its small words; not "faqat", "ta'sir", "rahmat", "emas",
# "va" or "ham", which Persian, Indonesian, Malay or Spanish also write, nor Turkish's "bu", "bir"
_UZBEK = _Language.of(
    r"[oOgG][ʻ‘]",
    r"iltimos|eruvchan\w*|hisobla\w*|o'rniga|o’rniga|bo'yicha|bo’yicha|bilan|uchun|qancha\w*|qaysi\w*|nima|"
    r"nimani|nimadir|barcha\w*|ikkala\w*|birinchi\w*|ikkinchi\w*|uchinchi\w*|oxirgi\w*|yuqori\w*|yaxshi\w*|ushbu|"
    r"yuklang\w*|yuklag\w*|hujayra\w*|ketma-ketlig?\w*|birikma\w*|dorilar\w*|dorining|dorini|dorida|"
    r"(?:toksik|zaharli|lipofil|moyil|sezgir)li[kg]\w*|qon-miya|bashorat\w*|"
    r"yarating|yaratish|optimallashtir\w*|solishtir\w*|tekshir\w*|tushiring|tashqari|bormi|qanday\w*|menga|"
    r"ko'rsat\w*|ko’rsat\w*|bog'lan\w*|bog’lan\w*|o'zaro|o’zaro|to'siq\w*|to’siq\w*|xuddi|qiling|qilib|"
    r"qilish\w*|qiladi\w*|qilsa|kerakmi|nechta|hammasi|bering|ayting|beradimi|o'tadimi|o’tadimi|o'tishi|o’tishi|"
    r"qiymat\w*|ko['’]ray\w*|kuchi|bo['’]ladi|erkin|gidratats\w*|sxema\w*",
    r"shu|eng|yoki")
# Azerbaijani: its letter ə (no other language a lab writes in has it), or a word only it has ("xahiş", "üçün",
# "hansı", "hesabla", "yoxla", "sələflər", "uşaq"); never Turkish, whose ı, ş, ğ it writes too, nor Uzbek (Turkish
# "için", "hesapla", Uzbek "uchun", "hisobla" are theirs)
_AZERBAIJANI = _Language.of(r"[əƏ]", r"xahiş|üçün|hansı|hansını|yoxla|yoxlayın|hesabla|hesablayın|optimallaşdır\w*|"
                                     r"sələf\w*|uşaq|uşağa|dozası|dozasını|göstərin|hüceyr\w*|yaradın", "")
# its suffixes after a hyphen or an apostrophe ("EGFR-ə": to EGFR, "metformin'in": of metformin, "A549-da": in A549,
# "logP-si": its logP) are dropped; after a name's letters they are read by model_zoo.names.inflected
_AZERBAIJANI_ENDING = "|".join(sorted((*AZERBAIJANI.endings, "sinin", "sının", "sini", "sını", "si", "sı", "su", "sü"),
                                      key=len, reverse=True))
_AZERBAIJANI_SUFFIX = re.compile(rf"(?<=[\w)\]])['’-](?:{_AZERBAIJANI_ENDING})(?![\w'’-])", re.I)
# it puts "instead of" after what it governs ("imatinibin əvəzinə nilotinib": nilotinib instead of imatinib), and
# "replace X with Y" as "X-i Y ilə əvəz et"
_AZERBAIJANI_INSTEAD = re.compile(r"(?<![\w'’-])([\w'’()-]+)\s+əvəzinə\s+([\w'’()-]+)", re.I)
_AZERBAIJANI_REPLACE = re.compile(r"(?<![\w'’-])([\w'’()-]+)\s+([\w'’()-]+?)(?:\s+ilə|-?y?l[aə])\s+əvəz\s+"
                                  r"(?:et|edin|edək)(?![\w'’-])", re.I)
# Somali: a word only it has ("fadlan", "mahadsanid", "saadaali", "xisaabi", "unugyada", "molikiyuul", "halkii",
# "imisa", "sidee", "mar kale"), or two of its small words ("waa", "ayaa", "iyo", "ee"); not "iyo" alone, nor "oo",
# which Tagalog writes (yours, yes), nor "ka", "ku", "ma", "la", which Hinglish, French, Spanish and others write
_SOMALI = _Language.of(
    "",
    r"fadlan|mahadsanid|mahadsantahay|saadaali\w*|xisaabi\w*|hubi|hubso|isticmaal\w*|adeegso|unugyad\w*|unugyo|"
    r"unugga|molikiyuul\w*|daawo\w*|daawada|sidee|imisa|intee|halkii|kaliya|keliya|labad\w*|kuwan|kuwaan|kuwaas|"
    r"milm\w*|milanka|sunta|sumowga|isdhexgal\w*|xirm\w*|xirnaanta|cusub|samee|hagaaji|horumari|bartilmaameed\w*|"
    r"shaybaar\w*|dhakhtar\w*|bukaan\w*|qiyaasta|ilmaha|carruurta|maskaxda|dhiigga|xannibaadda|qiimaha|"
    r"koowaad|labaad|saddexaad|dhammaan|ammaan\s+ma|uur\s+leh|ma\s+jiraa|isku|beddel|beddelkii|mar\s+kale|orod|"
    r"ii\s+(?:sheeg|tus|saadaali|xisaabi|hubi)|yahay|waayahay|markaa|itimaal\w*|firfircoon\w*|tallaabo\w*|jidka",
    r"waa|ayaa|ayuu|ayay|iyo|ee|waxa|wuxuu|waxay|miyuu|miyay")
# its articles after a hyphen or an apostrophe ("IC50-ka": the IC50, "A549-ta", "gefitinib-ka", "EGFR-ka") are
# dropped; after a name's letters they are read by model_zoo.names.inflected
_SOMALI_SUFFIX = re.compile(r"(?<=[\w)\]])['’-](?:kiisa|keeda|[kgtdh]ooda|kaas|taas|kan|tan|kii|tii|dii|gii|hii|ka|ga|"
                            r"ha|ta|da|ku|tu|du|gu)(?:na)?(?![\w'’-])", re.I)
# it writes "replace X with Y" as "X ku beddel Y" ("gefitinib ku beddel erlotinib")
_SOMALI_REPLACE = re.compile(r"(?<![\w'’-])([\w'’()-]+)\s+ku\s+beddel\s+([\w'’()-]+)", re.I)
# Albanian: a word only it has ("ju lutem", "faleminderit", "tretshmëria", "parashiko", "llogarit", "ndërvepron",
# "vetëm", "përveç", "është"), or two of its small words ("të", "në", "një", "që", "dhe", "për"); not its ë alone, which
# Afrikaans, Dutch and French write too, nor "toksiciteti", "pacienti", "doza", which Danish, Czech, Polish, Croatian
# or Romanian write alike
_ALBANIAN = _Language.of(
    "",
    r"ju\s+lutem|të\s+lutem|faleminderit|përshëndetje|tretshmëri\w*|tretshëm|tretshme|tretet|parashiko\w*|"
    r"llogarit\w*|krahaso\w*|kontrollo\w*|ndërvepr\w*|vetëm|përveç|është|janë|qeliz\w*|molekulat|molekulave|"
    r"molekulës|lipofilicitet\w*|gjenero\w*|barrierën|shënjestër|lidhet|cili|cilat|çfarë|këto|këtyre|shtatzënë|"
    r"fëmijë\w*|çmimi|kushton|sintetizohet|prekursorët|përdor\w*|mjek\w*|ilaç\w*|barnat|përsëri|hidratimit",
    r"të|në|një|që|së|dhe|për|nëse|edhe")
# its articles after a code's or a name's hyphen ("EGFR-in": the EGFR, "A549-ën", "IC50-në", "HER2-it") are dropped;
# after a name's letters they are read by model_zoo.names.inflected
_ALBANIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:it|in|ja|në|ës|ën|së|ut|un|ë|i|a|u)(?![\w-])", re.I)
# Basque (euskara): a word only it has ("mesedez", "eskerrik asko", "disolbagarritasuna", "kalkulatu", "iragarri",
# "elkarrekintza", "zenbat", "bakarrik", "ordez", "ezik"), or two of its small words ("eta", "edo", "ere", "baina");
# not "nahi", "botika" or "bien", which Hinglish, Tagalog, Spanish and French write, nor "da", which Portuguese and
# Italian write, nor "aurka" (against), which the Aurora A kinase's symbol AURKA writes
_BASQUE = _Language.of(
    "",
    r"mesedez|eskerrik|kaixo|barkatu|disolbagarri\w*|kalkulatu|kalkula|iragarri|iragar|aurreikusi|aurreikus|"
    r"egiaztatu|egiazta|alderatu|erakutsi\w*|esadazu|emadazu|elkarrekintza\w*|elkarreragi\w*|zelula-lerro\w*|"
    r"zelulet\w*|zelulen|molekul(?:en|aren|a\s+berri\w*)|sendagai\w*|bakarrik|soilik|ordez|beharrean|ezik|zenbat\w*|"
    r"zergatik|zeintzuk|nola|zein|hauek|hauen|honen|lotzen|lotura\w*|toxikotasun\w*|lipofilikotasun\w*|"
    r"hematoentzefaliko\w*|garun\w*|zeharkatzen|optimizatu|optimiza|hobetu|sortu|erabili|erabil|ezazu|itzazu|"
    r"dezakezu|badago|dago|daude|dira|dute|berriro|berriz|lehenengo\w*|bigarren\w*|hirugarren\w*|guztiak|guztien|"
    r"bakoitz\w*|biak|gaixo\w*|haurdun\w*|haurrentzat|umeentzat|dosia|prezioa|segurua|laborategi\w*|fitxategi\w*|"
    r"aitzindari\w*|erretrosintesi\w*|sintesi-bide\w*|urrats\w*|bikote\w*|eraztun\w*|taldea|gaur|atzo|noa|naiz|"
    r"dut|dugu|daukagu|eguraldi\w*|lagunekin|ospitale\w*|unibertsitate\w*|ikasle\w*|irakasle\w*|emaitz\w*|"
    r"horiek|horien|zeharkatu\w*|odol-garun\w*|hartzaile\w*|berarekin|berberak|sailkapen\w*|ditugu",
    r"eta|edo|ere|baina|edota")
# its case endings after a code's hyphen ("EGFR-arekin": with EGFR, "A549-an": in A549, "IC50-a": the IC50, "HER2-ren":
# of HER2) are dropped, and "for" after one ("A549-rako", "A549-rentzat") put before it; after a name's letters they
# are read by model_zoo.names.inflected
_BASQUE_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:arentzat|rentzat|entzat|arekin|rekin|ekin|aren|ren|ari|ri|rako|ako|eko|"
                            r"ko|etik|tik|ean|an|ra|ak|az|ez|ek|en|ei|a|i|k|n|z)(?![\w-])", re.I)
_BASQUE_FOR = re.compile(r"(?<![\w-])([\w()-]+?)-(?:a?rentzat|entzat|rako|ako)(?![\w-])", re.I)
# (and those endings joined to a code's capitals or digits without the hyphen, in lower case: "EGFRri" to EGFR,
# "EGFRrekin" with EGFR, "A549rako" for A549)
_BASQUE_CODE_JOINED = re.compile(r"(?<![\w-])([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*[A-Z0-9])(arentzat|rentzat|arekin|rekin|"
                                 r"arako|rako|aren|ren|ari|ri|ean|an|ak|ek)(?![\w-])")
# its words of lipophilicity and solubility not listed read by their stems, however their long suffixes are spelt
# ("lipofilizitateak", "lipofiliztatea", "disolbagaritasuna")
_BASQUE_LIPOPHILICITY = re.compile(r"(?<![\w-])lipofili(?:zi|z|k[oa]|s)?ta(?:sun|te)\w*(?![\w-])", re.I)
_BASQUE_SOLUBILITY = re.compile(r"(?<![\w-])disolbagar{1,2}i?tasun\w*(?![\w-])", re.I)
# it puts "instead of", "except" and "only" after what they govern: "gefitinibaren ordez erlotiniba" (erlotinib
# instead of gefitinib), "aspirina izan ezik" (except aspirin; not "hori izan ezik": besides that), "morfolina taldea
# bakarrik" (only the morpholine group; not "bat bakarrik": only one)
_BASQUE_INSTEAD = re.compile(r"(?<![\w'’-])([\w()'’-]+)\s+(?:ordez|beharrean)(?![\w'’-])", re.I)
_BASQUE_EXCEPT = re.compile(r"(?<![\w'’-])(?!(?:hau|hori|hura|hauek|horiek)\s)([\w()'’-]+)\s+"
                            r"(?:izan\s+ezik|ezik|kenduta|salbu(?=\s*(?:[.,;:!?]|$)))(?![\w'’-])", re.I)
_BASQUE_ONLY = re.compile(r"(?<![\w-])(?!bat\s)((?:(?:bi|hiru|lau)\s+)?[\w()=-]+"
                          r"(?:\s+(?:taldeak?|zatiak?|eraztunak?|kateak?))?)\s+"
                          r"(?:bakarrik|soilik)(?![\w-])", re.I)
# Macedonian: its letters ѓ, ќ, ѕ, ј (ј also Serbian's, whose Cyrillic no other gate reads and whose words it mostly
# shares; not љ, њ, џ), or a word only it has, in Cyrillic or in the
# Latin letters people type ("молам", "колку", "растворливост", "пресметај", "наместо"; "molam", "kolku"), or its
# article on a word Bulgarian writes with ъ or Serbian otherwise ("лекот", "соединението", "токсичноста"); not "само",
# "со", "дали", "сега", "освен", "повторно", which Bulgarian, Serbian or Russian share, nor Latin "namesto", which
# Slovenian writes. Read before Bulgarian, whose small words ("е", "ги") and some words it shares
_MACEDONIAN = _Language.of(
    r"[ѓќѕјЃЌЅЈ]",
    r"молам|пациентот|префрлен\w*|врзува\w*|ретросинтетск\w*|чекор\w*|замениме|вообичаен\w*|нека|останатото|"
    r"менува\w*|растворувач\w*|благодарам|колку|растворлив\w*|најрастворлив\w*|пресмета\w*|наместо|зошто|сакам|"
    r"дека|сите|овие|нив|"
    r"лекот|лековите|соединението|соединенија\w*|токсичноста|липофилноста|веројатност\w*|"
    r"интеракцијата|интеракциите|клеточната|клеточните|клеточни|мозочн\w*|најдобр\w*|највисок\w*|најниск\w*|"
    r"најмногу|најмалку|"
    r"секој|секоја|секое|првиот|првата|првото|вториот|третиот|последниот|спореди|споредете|"
    r"генерирај\w*|оптимизирај\w*|уште|таргетот|протеинот|ензимот|рецепторот|фајлот|датотеката|"
    r"molam|blagodaram|kolku|rastvorliv\w*|najrastvorliv\w*|presmeta\w*|zošto|zosto|sakam|lekot|lekovite|"
    r"soedinenieto|toksičnosta|toksicnosta|lipofilnosta|verojatnost\w*|interakcijata|najdobr\w*|prviot|vtoriot|"
    r"posledniot|sporedi|sporedete|sekoj|ovie|fajlot|targetot|proteinot",
    "")
# Irish: a word only it has ("le do thoil", "go raibh maith agat", "intuaslagthacht", "idirghníomhaíocht", "agus",
# "conas", "seachas"), also as a mutation writes it ("hintuaslagthachta", "gcealla", "mbacainn"), or two of its small
# words; not its fadas, which Spanish, Icelandic and Hungarian write, nor "an", "is", "do", "go", "sin", "gin", "cad",
# "ag", "tuar", "druga", which are English words, a symbol (Ag) or another language's words (Polish "druga")
_IRISH = _Language.of(
    "",
    r"le\s+do\s+thoil|le\s+bhur\s+dtoil|go\s+raibh\s+(?:míle\s+)?maith\s+agaibh?|buíochas|h?intuaslag\w*|"
    r"tuaslagtha\w*|dothuaslagtha|h?idirghníomha\w*|tocsaineach\w*|nimhiúl\w*|ch?leamhnas\w*|ch?leamhnais|"
    r"g?ceanglaíonn|ceangail|gceangal|dóchúlacht\w*|íogaireacht\w*|fhreagairt|freagairt\w*|réamhinis|"
    r"réamhaithris\w*|ríomh|optamaigh|optamaithe|ginigh|gineadh|cruthaigh|seiceáil|gcomparáid|comparáid|"
    r"taispeáin|tabhair\s+dom|ba\s+mhaith\s+liom|teastaíonn|aisshintéis\w*|cúlshintéis\w*|réamhtheachta\w*|"
    r"g?ch?omhdhúil\w*|mh?óilín\w*|n?drugaí|g?ch?ealla|cille|línte|sprioc\w*|próitéin\w*|seicheamh|othar|"
    r"dáileog\w*|g?ch?omhad|uaslódáil\w*|uaslódáladh|seachas|amháin|in\s+ionad|in\s+áit|le\s+haghaidh|freisin|"
    r"arís|anois|agus|conas|atá|cé\s+acu|c[éá]\s+mhéad|cén|díobh|eatarthu|deireanach|an\s+chéad|is\s+airde|"
    r"is\s+ísle|is\s+fearr|m?bh?acainn\w*|inchinn\w*|fuil-inchinne|d?trasnaíonn|th?rasnú|uisce|fuinneamh|"
    r"hiodráiti\w*|gach|go\s+léir|céanna|"
    # its verbs "téann trasna" (crosses), "déan" (do), "coinnigh" (keep), its "ina áit" (instead), "mar atá" (as it
    # is), "ceart go leor" (all right), and its words for a molecule's parts ("fáinne", "croí", "morfailín")
    r"d?th?éann|trasna|déan|coinnigh|ina\s+(?:h|n-)?áit|mar\s+atá|ceart\s+go\s+leor|(?:bh)?fh?áinne|fáinní|"
    r"(?:g?c|ch)roí|g?ch?uinasóilín|h?anailín|mh?orfailín|nicitín",
    r"ach|nó|sna|iad|ann")
# Hausa: its letters ƙ, ɗ, ɓ, ƴ, or a word only it has ("don Allah", "nawa", "yaya", "maganin", "kwayoyin halitta",
# "narkewa", "kwatanta", "bincika"), or two of its small words ("kuma", "zai", "cikin"); not "da", "na", "a", "ba",
# "ka", "ko", "ne", "ce", "su", "ta", "mai", which English, Yoruba, Swahili, Pidgin, Indonesian, Malay, Spanish or
# Italian also write, nor "wane", "duba", "samar", "banda", "wanda", "iya", "akan", "ina", "shin", "manufa", "zuwa",
# which are English words or names, or Indonesian, Malay, Tagalog or Swahili words
_HAUSA = _Language.of(
    r"[ƙɗɓƴƘƊƁƳ]",
    r"don\s+allah|na\s+gode|nagode|mun\s+gode|nawa|yaya|maganin|magani|magunguna\w*|kwayoyin|halitta|narkewa\w*|"
    r"kwatanta|bincika|binciki|wannan|wadannan|tsakanin|maimakon|hasashe\w*|lissafa|inganta\w*|fayil|kwakwalwa|"
    r"hulda\w*|daurewa|dangantaka|yiwuwa\w*|sinadar\w*|menene|mene\s+ne|wanne|kowanne|kowane|dukansu|farko|"
    r"karshe|mafi|majiyyaci|akwai|sannan|yanzu|"
    # "mu'amala" (interaction), "mara lafiya" (patient), "yana shan" (is taking), "ya kamata" (should), "matsala"
    # (problem), "gyara" (modify), "canza" (change), "zoben" (the ring of), "kawai" (only), "komai" (everything)
    r"mu['’]amala\w*|mara\s+lafiya|[yt]ana\s+shan|ya\s+kamata|matsala|gyara|canza|zoben|kawai|komai|sauran",
    r"kuma|zai|yake|cikin|wace")
# Kazakh: its letters ә, ғ, қ, ң, ө, ұ, ү, һ (not і, which Ukrainian writes), or a word only it has ("рахмет",
# "жасуша", "ерігіштік", "болжаңыз", "салыстыр", "орнына"), or two of its small words ("мен", "бен", "пен": and, with;
# "ма": the question); not "тек", which Macedonian writes, nor "бар", "не", "да", "осы", "ме", which Russian,
# Bulgarian or Macedonian write
_KAZAKH = _Language.of(
    r"[әғқңөұүһӘҒҚҢӨҰҮҺ]",
    r"рахмет|жасуша\w*|ерігіштік\w*|ерігіштіг\w*|еритін|ерімейтін|болжа\w*|салыстыр\w*|есепте\w*|тексер\w*|"
    r"орнына|неше|бойынша|немесе|бірінші|екінші|уыттылы\w*|улылы\w*|липофильділі\w*|липофилділі\w*|мына|"
    # its verb made of a Russian noun ("оптимизациялайық": let's optimize; not Russian "оптимизация") and its "ше?"
    # (and what about …?)
    r"оптимизациял\w*|ше(?=\s*\?)",
    r"мен|бен|пен|ма")
# Mongolian (Cyrillic): a word only it has ("уусах чанар", "тооцоолно уу", "харилцан үйлчлэл", "баярлалаа", "зөвхөн",
# "оронд", "хувьд"), or two of its small words ("уу", "үү", "вэ", "бэ", "ба", "нь"); never a message with a letter
# Kazakh, Ukrainian or Belarusian writes and it does not (ә, ғ, қ, ң, ұ, һ, і, ї, є, ў): its ө and ү are Kazakh's too,
# so they are no sign of it alone
_MONGOLIAN = _Language.of(
    "",
    r"уусах|уусамтгай\w*|уусалт\w*|уусдаг\w*|тооцоол\w*|таамагла\w*|харьцуул\w*|шалга|шалгана|шалгаач|шалгах|"
    r"харилцан|үйлчл\w*|хооронд\w*|эсийн|эсүүд\w*|хоруу|хорт|холбогдо\w*|холбогддог|баярлалаа|уучлаарай|гуйя|"
    r"зөвхөн|оронд|хувьд|эдгээр\w*|нэгдэл|нэгдл\w*|уураг\w*|уургийн|дараалал\w*|дараалл\w*|болон|нэвтр\w*|"
    r"нэвтэр\w*|тархин\w*|тархины|сайжруул\w*|оновчл\w*|өөрчл\w*|өөрчил\w*|хадгал\w*|хэвээр|ямар|юу|эсэх\w*|"
    r"байна\s+уу|байгаа\s+юу|үүсгэ\w*|урьдчилан|эмийн|эмүүд\w*|бусад|хамгийн|магадлал\w*|"
    # its "нийлэгжүүлэх зам" (synthesis route), "санал болгооч" (suggest), "алхам" (step), "тэгвэл" (then),
    # "бууруулах" (reduce), "харуулаач" (show), "гарах" (come out), "гаргаарай" (give), "хоёулангийнх" (of both of
    # them), "дээр" (on), and its suffixes after a code's hyphen ("PDGFRB-ийг": the PDGFRB, "EGFR-тэй": with EGFR)
    r"нийлэгжүүл\w*|санал\s+болго\w*|алхм\w*|алхам\w*|манай|тэгвэл|настай|бууруул\w*|сонирхолтой|харуула\w*|"
    r"гарах|гаргаарай|гаргаж|гаргасан|хоёулан\w*|өгөөч|дээр|дээрх|зорилго|хүчийг|харъя|"
    r"[\w()\[\]]*[A-Za-z0-9)\]]-(?:ийг|ыг|ийн|ын|тэй|той|ээс|аас|оос|өөс|иас)",
    r"уу|үү|вэ|бэ|ба|нь",
    r"[әғқңұһіїєўӘҒҚҢҰҺІЇЄЎ]")
# Kyrgyz: its ң where none of Kazakh's own letters stands (it shares ң, ө, ү with Kazakh, ө and ү with Mongolian), or
# a word only it has ("сураныч", "рахмат", "эригичтик", "болжолдо", "ордуна", "менен", "үчүн", "эң"); never a message
# with a letter Kazakh, Ukrainian or Belarusian writes and it does not (ә, ғ, қ, ұ, һ, і, ї, є, ў)
_KYRGYZ = _Language.of(
    r"[ңҢ]",
    r"сураныч|суранам|өтүнөм|рахмат|ыраазымын|кечиресиз|эригичтиг?\w*|уулуулу\w*|токсиндүүлү\w*|липофилдүүлү\w*|"
    r"болжолдо\w*|эсепте\w*|салыштыр\w*|текшери\w*|ордуна|үчүн|менен|ортосунда\w*|аракеттен\w*|байланыш\w*|"
    r"клеткалар\w*|клетка\s+линия\w*|канчалык|кантип|эмне\w*|кайсы\w*|жана|барбы|ооба|кошулма\w*|түзүңүз|"
    r"көрсөтүңүз|жакшырт\w*|оптималдаштыр\w*|дарынын|дарылар\w*|экөө\w*|биринчи\w*|экинчи\w*|акыркы\w*|бул|"
    r"булар|ушул|гана|кайра|бейтап\w*|эң|тосмо\w*|мээ\w*|кошпогондо|ыктымалды\w*|сезгичти\w*|баары|чейин",
    "",
    r"[әғқұһіїєўӘҒҚҰҺІЇЄЎ]")
# Tajik (Cyrillic): its letters ӣ, ӯ, ҳ, ҷ (its ғ and қ are Kazakh's too), or a word only it has ("лутфан",
# "ташаккур", "барои", "мебошад", "кунед", "намоед", "кадом", "истифода"), or two of its small words ("ва", "бо",
# "аст"; not "аз", which Bulgarian writes for "I"); never a message with a letter Kazakh, Kyrgyz, Mongolian, Ukrainian
# or Belarusian writes and it does not (ә, ң, ө, ү, ұ, һ, і, ї, є, ў), and a message read as Tajik is read as none of
# them
_TAJIK = _Language.of(
    r"[ӣӯҳҷӢӮҲҶ]",
    r"лутфан|илтимос|ташаккур|бубахшед|барои|мебошад|мебошанд|кунед|намоед|кадом\w*|чанд|истифода|нишон|байни|"
    r"тафтиш|дору\w*|бемор\w*|нарх\w*|бехатар|тақрибан|фақат|ғайр|пайвастшав\w*|муқоиса|озмоишгоҳ\w*",
    r"ва|бо|аст",
    r"[әңөүұһіїєўӘҢӨҮҰҺІЇЄЎ]")
# isiZulu: a word only it has ("ngicela", "ngiyabonga", "yini", "ingabe", "kukhona", "ukuncibilika", "ubuthi",
# "ukusebenzisana", "phakathi", "esikhundleni", "kuphela", "futhi"), or two of its small words ("noma", "kodwa",
# "ukuthi", "nje"); not its prefixes ("i-", "ne-", "ku-"), which a hyphenated English word or code may begin with, nor
# "na", "ne", "ku", "le", "cha", "bala", "dala", which English, Polish, Russian, Croatian, Irish, Hausa, Tamil, Nepali
# or Spanish also write
_ZULU = _Language.of(
    "",
    r"ngicela|sicela|ngiyacela|ngiyabonga|siyabonga|ngiyaxolisa|sawubona|sanibonani|yini|iyini|kuyini|ingabe|ngabe|"
    r"kukhona|ukuncibilika\w*|kuncibilika|iyancibilika|emanzini|ubuthi|inobuthi|ubushefu|ukusebenzisana|"
    r"ziyasebenzisana|ayasebenzisana|ukubopha|ukubophana|iyabopha|iyabophana|amandla|phakathi|esikhundleni|"
    r"ngaphandle|kuphela|futhi|zonke|konke|lezi|lokhu|amaseli|emaselini|kumaseli|iseli|umuthi|imithi|yomuthi|"
    r"kwemithi|isidakamizwa|izidakamizwa|bikezela|ubikezele|qhathanisa|uqhathanise|hlola|uhlole|ubale|ebuchosheni|"
    r"ubuchopho|thuthukisa|uthuthukise|khiqiza|ukhiqize|shintsha|ushintshe|ungashintshi|gcina|ugcine|"
    r"inhlanganisela|izinhlanganisela|bengiqonde|bengisho|ukulandelana|ifayela|efayeleni|kanjani|ingakanani|"
    r"zingaki|zombili|okwesibili|okwesithathu|okokuqala|owokuqala|izandulela|isandulela|iphrotheni|ithagethi|"
    r"ikhinase|impendulo|ukuzwela|isiguli|umthamo|okusele|"
    # its "bheka" (check), "xabana" (clash: interact; not Portuguese "rivaroxabana"), "iqine" (strong), "kuthiwani"
    # (what about), "-fanayo" (the same), "yakha" (make), "thatha" (take), "khulula" (free), "kulungile" (all right),
    # its "yi-" (it is) before a borrowed name of seven letters at least, in small letters ("Yi-carbamazepine."; not a
    # name such as "Yi-Ling", "Yi-fan", whose syllables are shorter), and a reply that is only a gene's code after its
    # "i-" ("I-PDGFRB."; not "I-TASSER" or "I-SPY" in a sentence)
    r"u?bheke|bheka|(?:iya|ziya|kuya|aya|inga|zinga|kunga|uku)?xabana|iqine|kangakanani|kuthiwani|ngomuthi|[oea]fanayo|n?eyesibili|"
    r"n?eyokugcina|eyokuqala|kulolu|yazo|yakha|amasha|thatha|kulezo|ozenzile|ezenziwe|u?sebenzise|sebenzisa|"
    r"kulungile|nginike|egazini|khulula|kugcinwe|usaphuza|sisadla|unikwe|sishintshile|"
    r"(?-i:[Yy]i-[a-z][a-z0-9-]{6,})|(?-i:(?<![\s\S])[Ii]-[A-Z][A-Z0-9]{2,}(?=[.!?]*\s*$))",
    r"noma|kodwa|ukuthi|nje")
# Georgian: its script (Mkhedruli), which no other language writes
_GEORGIAN = _Language.of(f"[{GEORGIAN_LETTERS}]", "", "")
# Armenian, Amharic and Sinhala: their scripts (Armenian, Ethiopic, Sinhala), which no other language a lab writes
# in has
_ARMENIAN = _Language.of(f"[{ARMENIAN_LETTERS}]", "", "")
_AMHARIC = _Language.of(f"[{ETHIOPIC_LETTERS}]", "", "")
# Tigrinya: the Ethiopic script with its "ቐ" row, which Amharic does not write, or a word only it has ("በጃኻ": please,
# "የቐንየለይ": thanks, "እንታይ": what, "ክንደይ": how much, "ኣብ": in, "ናይ": of, "እዩ": is, "ድዩ": is it, "እዞም": these),
# which Amharic writes otherwise; a message read as Tigrinya is not read as Amharic
_TIGRINYA = _Language.of(
    "[\u1250-\u125d]",
    "በጃኻ|በጃኺ|በጃኹም|ብኽብረትካ|ብኽብረትኩም|የቐንየለይ|የቐንየልና|ይቕረታ|እንታይ|ከመይ|ክንደይ|ንምንታይ|ስለምንታይ|ኣየናይ|ኣየኖት|ኣብ|ናይ|"
    "ናብ|ምስ|ካብ|እዩ|እያ|እዮም|ድዩ|ዲዩ|ኣሎ|ኣሎዶ|ኣለዉ|የለን|እዞም|እዘን|እዚኦም|ክልቲኦም|ኩሎም|ብዘይካ|ብጀካ|ሕሰብ|ተጠቐም|"
    "ኣርእየኒ|ኣመሓይሽ|ሓደስቲ|ሞለኪውላት|ምሕቃቕ|መርዛምነት|ሓንጎል|ጥራይ|ከኣ|ድማ|ሕጂ",
    "")
_SINHALA = _Language.of(f"[{SINHALA_BLOCK}]", "", "")
# Burmese and Khmer: their scripts (Myanmar, Khmer), which no other language a lab writes in has; both write no
# spaces between their words
_BURMESE = _Language.of(f"[{MYANMAR_BLOCK}]", "", "")
_KHMER = _Language.of(f"[{KHMER_BLOCK}]", "", "")
# Pashto: the Arabic script with letters of its own (ټ, ډ, ړ, ږ, ښ, ګ, ڼ, ۍ, ې, ځ, څ), which Persian, Arabic and Urdu
# do not write (Urdu's retroflex letters are others: ٹ, ڈ, ڑ), a word only it has ("لپاره": for, "خوندي": safe,
# "درمل": drug, "شته": there is), or two of its small words ("د": of, "په": in, "سره": with, "ته": to, "دی": is)
_PASHTO = _Language.of("[ټډړږښګڼۍېځڅ]", "لپاره|خوندي|درمل|درملو|ناروغ|ناروغان|مننه|موږ|مونږ|زموږ|تاسو|شته|"
                       "لري|کوي|وکړه|وکړئ", "د|په|دی|ده|یې|ته|سره|کې",
                       f"[{SORANI_LETTERS}]")  # (never a message with Sorani's letters)
# Central Kurdish (Sorani): the Arabic script with letters of its own (ێ, ۆ, ڵ, ڕ, ە), which Persian, Arabic, Urdu and
# Pashto do not write
_SORANI = _Language.of(f"[{SORANI_LETTERS}]", "", "")
# Uyghur: the Arabic script with letters of its own (ۇ, ۈ, ۋ, ڭ) and its ى inside a word, which Arabic, Persian, Urdu,
# Pashto and Sorani do not write, or a word of a short reply only it has ("ھەئە": yes, "ياق": no, "رەھمەت": thanks);
# a message read as Uyghur is read neither as Pashto, whose ې it writes, nor as Sorani, whose ۆ and ە it writes
_UYGHUR = _Language.of(UYGHUR_TEXT, "ھەئە|ياق|رەھمەت|ئەمەس|ياخشى|قانچە|نېمە", "")
# Gujarati, Telugu, Kannada and Malayalam: their scripts, which no other language a lab writes in has
_GUJARATI = _Language.of(f"[{GUJARATI_BLOCK}]", "", "")
_TELUGU = _Language.of(f"[{TELUGU_BLOCK}]", "", "")
_KANNADA = _Language.of(f"[{KANNADA_BLOCK}]", "", "")
_MALAYALAM = _Language.of(f"[{MALAYALAM_BLOCK}]", "", "")
# Lao: its script (no other language a lab writes in has it; not Thai's, U+0E01-U+0E5B), written without spaces
_LAO = _Language.of(f"[{LAO_BLOCK}]", "", "")
_NO_SUFFIX = re.compile(r"(?!)")
# Irish's "n-", "t-" and "h-" before a name's vowel ("ár n-ibuprofen", "an t-aspairín", "na h-imatinib") are dropped;
# a name's other mutations are read by model_zoo.names.inflected
_IRISH_PREFIX = re.compile(r"(?:^|\s)[nth]-(?=[aeiouáéíóúAEIOUÁÉÍÓÚ])")
# its "do" (to, for) elided before a vowel or fh ("lig d'fháinne an mhorfailín athrú": let the morpholine ring change)
_IRISH_ELIDED_DO = re.compile(r"(?<![\w'’])([dD])['’](?=[aeiouáéíóúAEIOUÁÉÍÓÚ]|fh)")
# Irish and Hausa name a part after the word for it ("fáinne an mhorfailín": the ring of the morpholine, "croí
# cuinasóilín", Hausa "zoben morpholine", "ƙungiyar dimethylamino") and put "only" after it ("… amháin", "… kawai"):
# read in English, "ring the morpholine only" is "only the morpholine ring"
_PART_NAMED_AFTER = re.compile(r"(?<![\w-])(?:the\s+)?(?P<noun>ring|core|group|chain)\s+(?:the\s+)?"
                               r"(?P<name>[a-z][\w-]*?(?:ine|ole|yl|ino|oxy|ene|ane|ide|ether|ester))"
                               r"(?P<only>\s+only)?(?![\w-])", re.I)
# Kazakh's suffixes after a hyphen ("A549-да": in A549, "EGFR-ге": to EGFR, "ABL1-мен": with ABL1) are dropped; after
# a name's Cyrillic letters they are read by model_zoo.names.cyrillic
_KAZAKH_SUFFIX = re.compile(rf"(?<=[\w)\]])-(?:{'|'.join(KAZAKH_SUFFIXES)})(?![\w-])", re.I)
# Mongolian's suffixes after a hyphen ("A549-д": in A549, "EGFR-тэй": with EGFR, "IC50-ийг": the IC50) are dropped;
# after a name's Cyrillic letters they are read by model_zoo.names.cyrillic
_MONGOLIAN_SUFFIX = re.compile(rf"(?<=[A-Za-z0-9)\]])-(?:{'|'.join(MONGOLIAN_SUFFIXES)})(?![\w-])", re.I)
# Georgian's case endings and postpositions after a hyphen ("A549-ში": in A549, "EGFR-თან": with EGFR, "IC50-ის": of
# the IC50) are dropped; after a name's Georgian letters they are read by model_zoo.names.georgian
_GEORGIAN_SUFFIX = re.compile(r"(?<=[A-Za-z0-9)\]])-(?:ებისთვის|ისთვის|სთვის|ებში|ებზე|ებთან|ების|ისგან|იდან|დან|"
                              r"თან|ში|ზე|ის|ით|ს|ი|მა|ად)(?:ც|აც)?(?![\w-])")
# isiZulu's prefixes before a borrowed word, after which it writes a hyphen ("i-warfarin", "ne-aspirin": and aspirin,
# "nge-imatinib": with imatinib, "ku-A549": in A549, "ye-gefitinib": of gefitinib, "yi-IC50": it is the IC50), read
# as the English word they stand for; its "phakathi kwe-" (between), "esikhundleni se-" (instead of), "ngaphandle
# kwe-" (except), "kanye ne-" (together with) and "okufanayo ku-" (the same for) as one, and the locative "-ini"
# after a hyphen ("e-A549-ini") dropped
_ZULU_JOINED = {"phakathi": "between", "esikhundleni": "instead of", "ngaphandle": "except", "kanye": "and",
               "okufanayo": "the same for", "suka": "from", "isuka": "from", "usuka": "from", "sisuka": "from"}
_ZULU_PREFIXES = {"ne": "and", "na": "and", "no": "and", "nama": "and", "nezi": "and", "nge": "with", "ngo": "with",
                  "nga": "with", "ngama": "with", "ngi": "with", "ane": "with", "ene": "with", "ku": "in", "kuma": "in",
                  "kwi": "in", "e": "in", "kwe": "of", "kwa": "of", "ye": "of", "ya": "of", "we": "of", "wa": "of",
                  "se": "of", "sa": "of", "le": "of", "la": "of", "lwe": "of", "ze": "of", "za": "of", "be": "of",
                  "ka": "of", "i": "", "ama": "", "u": "", "izi": "", "isi": "", "yi": "", "ngu": "", "o": ""}
_ZULU_PREFIX = re.compile(rf"(?<![\w'’-])(?:(?P<joined>{'|'.join(_ZULU_JOINED)})\s+)?"
                          rf"(?P<prefix>{alternation(_ZULU_PREFIXES)})-(?=[A-Za-z0-9(])", re.I)
_ZULU_LOCATIVE = re.compile(r"(?<=[A-Za-z0-9)\]])-ini(?![\w-])")
# its suffixes after a hyphen, an apostrophe or a number ("A549-da": in A549, "K562ga", "ABL1 ga": to ABL1) are
# dropped; after a name's letters they are read by model_zoo.names.inflected
_UZBEK_ENDING = "|".join(sorted(UZBEK.endings, key=len, reverse=True))
_UZBEK_SUFFIX = re.compile(rf"(?:(?<=[\w)\]])[-'’]|(?<=\d)\s?)(?:{_UZBEK_ENDING})(?![\w'’-])|"
                           # (and in lower case after a symbol's capitals: "EGFRga", "BRAFning")
                           rf"(?-i:(?<=[A-Z])(?:{_UZBEK_ENDING}))(?![\w'’-])", re.I)
# Macedonian's articles after a hyphen ("A549-та": the A549 line, "EGFR-от") are dropped
_MACEDONIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:ите|от|та|то|те|ot|ta|to|te|ite)(?![\w-])", re.I)
_ICELANDIC_SUFFIX = re.compile(r"(?<=[\w)\]])-(?=(?:heml|hemil|hring|hóp|kjarn)\w*)", re.I)
# its case endings after a hyphen ("EGFR-iga": with EGFR, "A549-s": in A549, "DAVIS-e ABL1": DAVIS's ABL1) are dropped
_ESTONIAN_SUFFIX = re.compile(r"(?<=[\w)\]])-(?:iga|ga|ile|le|is|s|ist|st|il|l|i|d|e)(?![\w-])|"
                              r"(?<=[A-Za-z0-9]{3})i(?=\s+rakuliin)", re.I)  # "Jurkati rakuliinis": in the Jurkat line
# (Azerbaijani first, its words read before Uzbek's, Persian's and Hinglish's gates see them; then Somali, Albanian and
# Basque, whose "ka", "ku", "ke", "hain" Hinglish would read; then Irish, Hausa and
# isiZulu: their "í", "á" no longer read as Icelandic, nor their "ka", "ki", "ko" as Hinglish or Bengali; then Welsh,
# Uzbek and Macedonian: their suffixes and words gone, the Estonian "-ga" and the Croatian and Slovenian words they
# share no longer read as those languages)
_INFLECTED: tuple[tuple[_Language, str, Inflection, re.Pattern[str]], ...] = (
    (_AZERBAIJANI, "azerbaijani", AZERBAIJANI, _AZERBAIJANI_SUFFIX), (_SOMALI, "somali", SOMALI, _SOMALI_SUFFIX),
    (_ALBANIAN, "albanian", ALBANIAN, _ALBANIAN_SUFFIX), (_BASQUE, "basque", BASQUE, _BASQUE_SUFFIX),
    (_IRISH, "irish", IRISH, _IRISH_PREFIX),
    (_HAUSA, "hausa", HAUSA, _NO_SUFFIX), (_ZULU, "zulu", ZULU, _NO_SUFFIX),
    (_WELSH, "welsh", WELSH, _NO_SUFFIX), (_UZBEK, "uzbek", UZBEK, _UZBEK_SUFFIX),
    (_MACEDONIAN, "macedonian", MACEDONIAN, _MACEDONIAN_SUFFIX),
    (_FINNISH, "finnish", FINNISH, _FINNISH_SUFFIX), (_HUNGARIAN, "hungarian", HUNGARIAN, _HUNGARIAN_SUFFIX),
    (_ROMANIAN, "romanian", ROMANIAN, _ROMANIAN_SUFFIX), (_DANISH, "danish", DANISH, _DANISH_SUFFIX),
    (_CATALAN, "catalan", CATALAN, _NO_SUFFIX), (_CROATIAN, "croatian", CROATIAN, _NO_SUFFIX),
    (_AFRIKAANS, "afrikaans", AFRIKAANS, _NO_SUFFIX), (_ICELANDIC, "icelandic", ICELANDIC, _ICELANDIC_SUFFIX),
    (_ESTONIAN, "estonian", ESTONIAN, _ESTONIAN_SUFFIX), (_LITHUANIAN, "lithuanian", LITHUANIAN, _NO_SUFFIX),
    (_LATVIAN, "latvian", LATVIAN, _NO_SUFFIX), (_SLOVAK, "slovak", SLOVAK, _NO_SUFFIX),
    (_SLOVENIAN, "slovenian", SLOVENIAN, _NO_SUFFIX))
# Tamil typed in Latin letters (Tanglish): a word only it has ("enna", "epdi", "pannunga", "venum")
_TAMIL = _Language.of("", r"enna|yenna|epdi|eppadi|evlo|evvalavu|pannunga|pannu|panni|pannanum|pannalam|mudiyuma|"
                          r"irukka|irukku|iruku|irukkum|venum|vendum|venam|vendam|sollunga|konjam|illa|illai|illaya|ithu|idhu|"
                          r"athu|adhu|ellaam|ellam|rendu|moonu|mattum|kooda|paarunga|podunga|thaan|dhaan|apram|appuram|"
                          r"aprom|romba|nandri|aaguma|kudunga|kodunga|maathunga|vechu|ovvoru|machan|macha|thaniya", "")
# Bengali typed in Latin letters (Banglish): a word only it has ("ektu", "dekho", "koro", "jonno") or two of its small
# words ("aspirin er solubility koto?"); not "ache" (is), which AChE is written as
_BENGALI = _Language.of("", r"ektu|dekho|dekhen|dekhun|kori|koro|koren|korun|naki|theke|shathe|sathe|songe|"
                            r"jonno|kemon|kivabe|konta|konti|kontar|kongulo|shob|sobgulo|duto|dutoi|tinte|tinteri|shudhu|"
                            r"sudhu|dhonnobad|hobe|bolun|chalao|egulo|eigulo|egula|oigulo|kintu|tahole|tarpor|beshi|"
                            r"shobcheye|sobcheye|lagbe|dorkar|amader|apnar|jodi|bodlao|niye|diye|hocche|eita|oita|kore",
                        r"ki|ar|er|te|ei|koto|kon|sob")
# Nepali typed in Latin letters: a word only it has ("kripaya", "garnus", "dhanyabad", "kati") or two of its small words
# ("yo ko solubility kati cha", not Hindi's "ko", "ke")
_NEPALI = _Language.of("", r"kripaya|kripya|dhanyabaa?d|dhanyawad|garnus|garnuhos|garidinus|gardinus|herdinus|hernus|"
                           r"bhannus|bhandinus|chalaunus|banaunus|chahiyo|kati|kasto|kasari|chha|chhaina|chaina|hunchha|"
                           r"huncha|sabai|matrai?|sanga|bhanda|sabbhanda|yiniharu|haru|dubai|pahilo|pheri|bahek|"
                           r"aushadhi|ausadhi|satta", r"lai|ra|yo|cha|chan")
# Yoruba mixed into English: its letter ṣ, or a word only it has ("ẹ jọ̀ọ́", "àti", "pẹ̀lú"), with or without tone marks
_YORUBA = _Language.of(r"[ṣṢ]", r"jọ̀ọ́|jọ̀wọ́|jowo|dákun|dakun|àti|pẹ̀lú|pelu|tàbí|ṣùgbọ́n|sugbon|gbogbo|méjèèjì|mejeeji|"
                                r"mélòó|meloo|oògùn|oogun|egbogi|aláìsàn|alaisan|wọ̀nyí|wonyi|nìkan|dípò|bẹ́ẹ̀ni|rárá|"
                                r"e\s+ku\s+ise|e\s+kaaro", "")
# Hebrew and Thai: their letters. A Hebrew word may carry prefix letters ("והמסיסות": and the solubility; "ל-EGFR": for
# EGFR); Thai writes no spaces between its words, so they are read wherever they stand
_HEBREW = _Language.of(r"[\u05d0-\u05ea]", "", "")
_THAI = _Language.of(r"[\u0e01-\u0e5b]", "", "")
# Greek words (three Greek letters in a row), not a Greek letter naming an isoform ("PDGFR-β", "p38α")
_GREEK_TEXT = _Language.of(r"[\u0370-\u03ff\u1f00-\u1fff]{3}", "", "")
# Malagasy mixed with English and French: a word only it has ("azafady", "misaotra", "inona", "ohatrinona",
# "fanafody", "molekiola", "vinavinao" …), or two of its small words ("ny", "ve", "sy", "amin'ny", "an'ny"; not "ao",
# "dia", "no", which Portuguese writes)
_MALAGASY = _Language.of("", r"azafady|misaotra|inona|ohatrinona|ahoana|nahoana|maninona|vinavinao|vinaniao|kajio|"
                             r"hamarino|jereo|zahao|ampitahao|asehoy|ampiasao|mamor[oò]na|hatsarao|avereno|fanafody|"
                             r"molekiola|fifandraisana|mifamatotra|fifamatorana|fahalevonana|fahapoizinana|poizina|"
                             r"ati-doha|anaty|anelanelan['’]ny|miaraka|fanamboarana|akora|faharoa|voalohany|fatra|"
                             r"fatrany|bevohoka|tazomoka|homamiadana|tsipika|solon['’]ny|afa-tsy|ankoatra|rehetra|"
                             r"vidiny|vidin['’]ny|tokony|ireo|ireto|soloy|ovay",
                         r"ny|ve|sy|amin['’]ny|an['’]ny|izay")
# its "-ny" (its, the) joined to a code or a name by a hyphen ("ny IC50-ny": its IC50) dropped, and its curly
# apostrophe ("amin’ny") read as the straight one its words are listed with
# "soloy X ny Y", "ovay ho X ny Y" (replace Y by X, change Y into X): X instead of Y
_MALAGASY_REPLACE = re.compile(r"(?<![\w'’-])(?:soloy|ovay\s+ho)\s+(?:ny\s+)?([\w()-]+)\s+ny\s+([\w()-]+)", re.I)
_MALAGASY_NY = re.compile(r"(?<=[\w)\]])-ny\b", re.I)
_MALAGASY_APOSTROPHE = re.compile(r"(?<=[a-z])’(?=[a-z])", re.I)
# the gated languages read as words between spaces, in the order they are read
_GATED = ((_VIETNAMESE, "vietnamese"), (_BULGARIAN, "bulgarian"), (_EAST_SLAVIC, "east_slavic"),
          (_INDONESIAN, "indonesian"), (_HINGLISH, "hinglish"), (_SWAHILI, "swahili"), (_GREEK_TEXT, "greek"),
          (_TAGALOG, "tagalog"), (_ARABIZI, "arabizi"), (_PERSIAN, "persian"), (_CZECH, "czech"), (_PIDGIN, "pidgin"),
          (_SWEDISH, "swedish"), (_TAMIL, "tamil"), (_BENGALI, "bengali"), (_NEPALI, "nepali"), (_YORUBA, "yoruba"),
          (_MALAGASY, "malagasy"))
_NYA = re.compile(r"(?<=\w)-nya\b", re.I)  # "pKd-nya", "ln(IC50)-nya": its pKd
# Latvian puts "instead of" after what it governs: "gefitinibu erlotiniba vietā" (gefitinib instead of erlotinib)
_LATVIAN_INSTEAD = re.compile(r"([\w-]+)\s+vietā\b", re.I)
# and its "ar" (with) in lower case only, which in capitals is the androgen receptor (AR)
_LATVIAN_WITH = re.compile(r"(?<=\s)ar(?=\s)")
# Estonian puts "for" after what it governs: "KELLY jaoks" (for KELLY)
_ESTONIAN_FOR = re.compile(r"([\w-]+)\s+jaoks\b", re.I)
# Uzbek puts "instead of", "with", "for" and "except" after what they govern: "imatinib o'rniga nilotinib" (nilotinib
# instead of imatinib), "varfarinni aspirin bilan" (warfarin with aspirin), "A549 uchun" (for A549), "aspirindan
# tashqari" (except aspirin); its "bilan" between two names ("aspirin bilan varfarin") joins them as English does
_UZBEK_INSTEAD = re.compile(r"([\w'’-]+)\s+o['’ʻ‘]rniga\s+([\w'’-]+)", re.I)
_UZBEK_WITH = re.compile(r"(?<![\w'’-])([\w'’-]+)(\s+)([\w'’-]+)\s+bilan(?![\w'’-])", re.I)
_UZBEK_FOR = re.compile(r"([\w'’-]+)\s+uchun(?![\w'’-])", re.I)
# Kazakh puts "instead of", "for" and "except" after what they govern: "гефитинибтің орнына эрлотиниб" (erlotinib
# instead of gefitinib), "A549 үшін" (for A549), "аспириннен басқа" (except aspirin; not "бұдан басқа": besides)
_KAZAKH_INSTEAD = re.compile(r"([\w-]+)\s+орнына\s+([\w-]+)", re.I)
_KAZAKH_FOR = re.compile(r"([\w-]+)\s+үшін(?![\w-])", re.I)
_KAZAKH_EXCEPT = re.compile(rf"(?<![\w-])(?!(?:бұ|о|мұ|осы|со)(?:дан|нан)\s)([\w-]+?)-?(?:{'|'.join(KAZAKH_ABLATIVE)})"
                            r"\s+басқа(?![\w-])", re.I)
# and "what about" after what it asks about: "Ал KIT-ке ше?" (and what about KIT?)
_KAZAKH_WHAT_ABOUT = re.compile(r"(?<![\w-])(?P<and>ал\s+)?(?P<what>[\w-]+)\s+ше(?=\s*\?)", re.I)
# Kyrgyz puts "instead of", "for" and "except" after what they govern: "гефитинибдин ордуна эрлотиниб" (erlotinib
# instead of gefitinib), "A549 үчүн" (for A549), "аспиринден башка" (except aspirin; not "мындан башка": besides
# this); its suffixes after a hyphen ("A549-да": in A549, "EGFR-ге": to EGFR) are dropped, and after a name's Cyrillic
# letters read by model_zoo.names.cyrillic
_KYRGYZ_SUFFIX = re.compile(rf"(?<=[\w)\]])-(?:{'|'.join(KYRGYZ_SUFFIXES)})(?![\w-])", re.I)
_KYRGYZ_INSTEAD = re.compile(r"([\w-]+)\s+ордуна\s+([\w-]+)", re.I)
_KYRGYZ_FOR = re.compile(r"([\w-]+)\s+үчүн(?![\w-])", re.I)
_KYRGYZ_EXCEPT = re.compile(rf"(?<![\w-])(?!(?:мын|ошон|бун|ан|мун|алар|булар)(?:дан|нан|дын)?\s)([\w-]+?)-?"
                            rf"(?:{'|'.join(KYRGYZ_ABLATIVE)})\s+башка(?![\w-])", re.I)
# and "only" after what it restricts, a part with the word for its group or ring between: "метиламид тобун гана" (only
# the methylamide group), "фторфенил шакекчесин гана" (only the fluorophenyl ring); not "бир гана" (only one) nor "…
# гана эмес" (not only …)
_KYRGYZ_ONLY = re.compile(r"(?<![\w-])(?!бир\s)([\w()=-]+(?:\s+(?:топ|тоб\w*|шакек\w*|бөлүг\w*|бөлүк\w*|чынжыр\w*|"
                          r"фрагмент\w*))?)\s+гана(?!\s+эмес)(?![\w-])", re.I)
# Tajik puts "instead of", "except", "for" and "between" before what they govern, as English does ("ба ҷои гефитиниб",
# "ғайр аз аспирин", "барои A549", "байни варфарин ва аспирин"), and "replace X with Y" as "X-ро бо Y иваз кунед"
# (use Y instead of X); its suffixes after a hyphen ("EGFR-ро": EGFR as the object, "IC50-и": the IC50 of) are
# dropped, and after a name's Cyrillic letters read by model_zoo.names.cyrillic
_TAJIK_SUFFIX = re.compile(rf"(?<=[\w)\]])-(?:{'|'.join(TAJIK_SUFFIXES)}|и)(?![\w-])", re.I)
_TAJIK_REPLACE = re.compile(r"(?<![\w-])([\w-]+?)(?:-?ро)?\s+бо\s+([\w-]+)\s+иваз\s+(?:кунед|намоед|кун)(?![\w-])",
                            re.I)
# Mongolian puts "instead of", "for", "except" and "between" after what they govern: "гефитинибын оронд эрлотиниб"
# (erlotinib instead of gefitinib), "A549-ийн хувьд" (for A549), "аспиринаас бусад" (except aspirin; not "үүнээс
# бусад": besides this), "варфарин ба аспирины хоорондын" (between warfarin and aspirin)
_MONGOLIAN_INSTEAD = re.compile(r"([\w-]+)\s+оронд(?:\s+нь)?\s+([\w-]+)", re.I)
_MONGOLIAN_FOR = re.compile(r"([\w-]+)\s+хувьд(?![\w-])", re.I)
_MONGOLIAN_EXCEPT = re.compile(rf"(?<![\w-])(?!(?:үүн|түүн|эн|эдн|тэдн|тэрн)ээс\s)([\w-]+?)-?"
                               rf"(?:{'|'.join(MONGOLIAN_ABLATIVE)})\s+бусад(?![\w-])", re.I)
_MONGOLIAN_BETWEEN = re.compile(r"(?<![\w-])([\w-]+\s+(?:ба|болон)\s+[\w-]+)\s+хооронд(?:ын)?(?![\w-])", re.I)
# Georgian puts "instead of", "except" and "between" after what they govern: "გეფიტინიბის ნაცვლად ერლოტინიბი"
# (erlotinib instead of gefitinib), "ასპირინის გარდა" (except aspirin; not "ამის გარდა": besides this), "ვარფარინსა
# და ასპირინს შორის" (between warfarin and aspirin)
_GEORGIAN_INSTEAD = re.compile(r"([\w-]+)\s+ნაცვლად\s+([\w-]+)")
_GEORGIAN_EXCEPT = re.compile(r"(?<![\w-])(?!(?:ამის|მის|ამას|ამათ|მათ|ყველაფრის)\s)([\w-]+)\s+გარდა(?![\w-])")
_GEORGIAN_BETWEEN = re.compile(r"(?<![\w-])([\w-]+\s+და\s+[\w-]+)\s+შორის(?![\w-])")
# Armenian writes its question and emphasis marks inside a word ("Ի՞նչ": what?, "կապվո՞ւմ": does it bind?), which
# are dropped, and its own full stop and comma; it puts "instead of" and "except" after what they govern
# ("գեֆիտինիբի փոխարեն էռլոտինիբ": erlotinib instead of gefitinib, "ասպիրինից բացի": except aspirin; not "դրանից
# բացի": besides that), and its case endings after a code or a Latin name ("A549-ում": in A549, "EGFR-ին": to EGFR,
# "imatinib-ի") are dropped
_ARMENIAN_MARKS = str.maketrans({"՞": "", "՛": "", "՜": "", "՟": "", "։": ".", "՝": ","})
_ARMENIAN_INSTEAD = re.compile(r"([\w-]+)\s+փոխարեն\s+([\w-]+)")
_ARMENIAN_EXCEPT = re.compile(r"(?<![\w-])(?!(?:դրանից|սրանից|նրանից|դրանցից|սրանցից)\s)([\w-]+?)-?ից\s+բացի(?![\w-])")
_ARMENIAN_SUFFIX = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?:{'|'.join(ARMENIAN_ENDINGS)})(?![\w-])")
# and its "not" after what it denies ("logD չէ": not logD; not the tag "…, չէ՞": isn't it)
_ARMENIAN_NOT = re.compile(r"(?<![\w-])([\w()-]+)\s+չէ(?![\w-])")
# Amharic's full stop, comma, semicolon, question mark and word space read as Latin punctuation; its "ፋንታ" after
# what it governs ("በጌፊቲኒብ ፋንታ ኤርሎቲኒብ": erlotinib instead of gefitinib); its prepositions before a code or a
# Latin name ("የimatinib": of imatinib, "በA549": in A549, "ከEGFR ጋር": with EGFR) read as English words, and its
# suffixes after one ("imatinibን": the object, "EGFR-ም": also; "-ና": and) dropped or read
_AMHARIC_MARKS = str.maketrans({"።": ".", "፣": ",", "፤": ";", "፧": "?", "፡": " ", "፥": ":", "፦": ":", "፨": "."})
_AMHARIC_INSTEAD = re.compile(r"(?<![\w-])(?:በ-?)?([\w()-]+)\s+ፋንታ\s+([\w()-]+)")
_AMHARIC_PREFIXES = {"እንደ": "as", "ስለ": "about", "የ": "of", "በ": "in", "ከ": "with", "ለ": "for"}
_AMHARIC_PREFIX = re.compile(rf"(?<![\w-])({'|'.join(_AMHARIC_PREFIXES)})-?(?=[A-Za-z0-9(])")
_AMHARIC_SUFFIXES = {"ንም": "", "ውን": "", "ጋር": " with", "ን": "", "ና": " and", "ም": "", "ው": "", "ስ": ""}
_AMHARIC_SUFFIX = re.compile(rf"(?<=[A-Za-z0-9)\]])-?({'|'.join(_AMHARIC_SUFFIXES)})(?![\w-])")
# Tigrinya's particles before a code or a Latin name ("ንA549": for A549, "ብimatinib": with imatinib, "ካብEGFR": from
# EGFR) read as English words, and its suffixes after one ("EGFRን": and, "imatinibዶ": the question, "A549ከ": what
# about) dropped or read
_TIGRINYA_PREFIXES = {"ከም": "as", "ካብ": "from", "ኣብ": "in", "ናይ": "of", "ምስ": "with", "ብ": "with", "ን": "for"}
_TIGRINYA_PREFIX = re.compile(rf"(?<![\w-])({'|'.join(_TIGRINYA_PREFIXES)})-?(?=[A-Za-z0-9(])")
_TIGRINYA_SUFFIXES = {"ውን": "", "ዶ": "", "ከ": "", "ኸ": "", "ን": " and", "ስ": ""}
_TIGRINYA_SUFFIX = re.compile(rf"(?<=[A-Za-z0-9)\]])-?({'|'.join(_TIGRINYA_SUFFIXES)})(?![\w-])")
# Sinhala's conjuncts drop their zero-width joiner; its "වෙනුවට" after what it governs ("ගෙෆිටිනිබ් වෙනුවට
# එර්ලොටිනිබ්": erlotinib instead of gefitinib); its suffixes joined to a code or a Latin name ("EGFRට": to EGFR,
# "imatinibගේ": of imatinib) set apart, to be read as its words
_SINHALA_JOINERS = str.maketrans({"\u200d": "", "\u200c": ""})
_SINHALA_WORD = rf"[\w{SINHALA_BLOCK}()-]+"
_SINHALA_INSTEAD = re.compile(rf"({_SINHALA_WORD})\s+වෙනුවට\s+({_SINHALA_WORD})")
_SINHALA_JOINED = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?=[{SINHALA_BLOCK}])")
# its number after what it counts ("අණු දෙකේ": of two molecules; not "ඒ දෙක": those two)
_SINHALA_NUMBERS = {"දෙක": "two", "තුන": "three", "හතර": "four", "පහ": "five"}
_SINHALA_COUNTED = re.compile(rf"(?<![{SINHALA_BLOCK}])(?!(?:ඒ|මේ)\s)([{SINHALA_BLOCK}]+)\s+"
                              rf"({'|'.join(_SINHALA_NUMBERS)})ේ?(?![{SINHALA_BLOCK}])")
# "in … too" after what it governs ("Jurkat එකෙත්": in Jurkat too)
_SINHALA_IN_TOO = re.compile(rf"({_SINHALA_WORD})\s+එකෙත්(?![{SINHALA_BLOCK}])")
# and "with … and with …" after the two it governs ("X එක්කයි Y එක්කයි": with X and with Y)
_SINHALA_WITH_BOTH = re.compile(rf"({_SINHALA_WORD})\s+එක්කයි\s+({_SINHALA_WORD})\s+එක්කයි(?![{SINHALA_BLOCK}])")
# Burmese's and Khmer's full stop and comma (and Khmer's colon) read as Latin ones, a zero-width space as a space,
# Khmer's repetition mark dropped; Burmese puts "instead of" and "except" after what they govern ("gefitinib အစား
# erlotinib": erlotinib instead of gefitinib; "aspirin ကလွဲ၍": except aspirin), read once its names are in Latin
# letters
_MYANMAR_MARKS = str.maketrans({"။": ".", "၊": ",", "\u200b": " "})
_KHMER_MARKS = str.maketrans({"។": ".", "៕": ".", "៖": ":", "ៗ": "", "\u200b": " "})
# Persian and Arabic digits ("IC50 hodud-e ۲ mikromolar", Pashto and Sorani "-۲٫۵" with its decimal separator), Lao
# ones ("໒"), Gujarati ones ("-૨"), Telugu ones ("-౨"), Kannada ones ("-೨") and Malayalam ones ("-൨"): their ASCII
# forms (read in every message by agent.entities, and first by the Lao, Pashto, Sorani and Indic readers)
EASTERN_DIGITS: dict[int, str] = {**{0x06F0 + d: str(d) for d in range(10)}, **{0x0660 + d: str(d) for d in range(10)},
                                  **{0x0ED0 + d: str(d) for d in range(10)}, **{0x0AE6 + d: str(d) for d in range(10)},
                                  **{0x0C66 + d: str(d) for d in range(10)}, **{0x0CE6 + d: str(d) for d in range(10)},
                                  **{0x0D66 + d: str(d) for d in range(10)}, 0x066B: "."}
# Lao's digits read as ASCII ones, its repetition mark dropped ("ຫຼາຍໆ": many), its ellipsis and a zero-width space
# read as Latin ones
_LAO_MARKS = {**EASTERN_DIGITS, ord("ໆ"): "", ord("ຯ"): "...", ord("\u200b"): " "}
# Pashto's harakat, superscript alef, tatweel and zero-width non-joiner dropped; its comma, question mark, semicolon,
# full stop, decimal separator and digits read as Latin ones; it puts "instead of" after what it governs ("د
# ګیفیتینیب پر ځای ایرلوټینیب": erlotinib instead of gefitinib) and "replace … with …" as "X په Y بدل کړه"
_PASHTO_MARKS = re.compile("[\u064b-\u065f\u0670\u0640\u200c]")
_PASHTO_PUNCTUATION = {**EASTERN_DIGITS, **{ord(mark): latin for mark, latin in (("،", ","), ("؟", "?"), ("؛", ";"),
                                                                                   ("۔", "."), ("٬", ","))}}
_PASHTO_INSTEAD = re.compile(r"(?<![\w-])(?:د\s+)?([\w()-]+)\s+(?:پر|په)\s+ځای\s+(?:د\s+)?([\w()-]+)")
_PASHTO_REPLACE = re.compile(r"(?<![\w-])([\w()-]+)\s+په\s+([\w()-]+)\s+بدل\s+کړ[هئ](?![\w-])")
# Sorani's marks, punctuation and digits as Pashto's; a suffix it joins to a code or a Latin name ("ABL1ەوە",
# "IC50ی": of the IC50) set apart, to be read as its words; "replace X with Y" as "X بە Y بگۆڕە", and "instead of"
# before what it governs, as English writes it ("لە جیاتی گێفیتینیب": instead of gefitinib)
_SORANI_JOINED = re.compile(r"(?<=[A-Za-z0-9)\]])(?=[\u0620-\u064a\u0671-\u06d5])")
_SORANI_REPLACE = re.compile(r"(?<![\w-])([\w()-]+)\s+بە\s+([\w()-]+)\s+بگۆڕە(?![\w-])")
# Uyghur's marks, punctuation and digits as Pashto's; a suffix it joins to a code or a Latin name ("A549دا": in A549,
# "EGFR-غا": to EGFR) set apart, to be read as its words; its "ئورنىغا" (instead of), "دىن باشقا" (except) and "ئۈچۈن"
# (for) after what they govern, put before it ("گېفىتىنىبنىڭ ئورنىغا": instead of gefitinib; not "بۇنىڭدىن باشقا":
# besides this, nor "نېمە ئۈچۈن": why), and "X نى Y غا ئالماشتۇرۇڭ" (replace X with Y) as "use Y instead of X"
_UYGHUR_JOINED = re.compile(r"(?<=[A-Za-z0-9)\]])-?(?=[\u0620-\u064a\u0671-\u06d5])")
_UYGHUR_INSTEAD = re.compile(r"(?<![\w-])([\w()-]+?)(?:\s*نىڭ)?\s+ئورنىغا(?![\w-])")
_UYGHUR_EXCEPT = re.compile(r"(?<![\w-])(?!(?:بۇ|ئۇ|شۇ)(?:نىڭ|لار)?(?:دىن|تىن)\s)([\w()-]+?)\s*(?:دىن|تىن)\s+باشقا"
                            r"(?![\w-])")
_UYGHUR_FOR = re.compile(r"(?<![\w-])(?!نېمە\s)([\w()-]+(?:\s+(?:ھۈجەيرە\s+)?لىنىي[ەى]سى)?)\s+ئۈچۈن(?![\w-])")
# (not a locant's hyphen before a name it begins: "5-فتورۇراتسىل", 5-fluorouracil)
_UYGHUR_LOCANT = re.compile(r"(?<![\w.,-])\d{1,2}(?:,\d{1,2})*-(?=[\u0620-\u064a\u0671-\u06d5]{6})")
# (and "X ھالقىسى بارى", the one X's ring is on, as "the one with the X ring": "ئىككى ئالدىنقى ماددىنىڭ ئىچىدىن
# پىرىمىدىن ھالقىسى بارىنىڭ": of the two precursors, the one with the pyrimidine ring's)
_UYGHUR_HAVING = re.compile(r"(?<![\w-])([\w()-]+\s+(?:ھالقىسى|گۇرۇپپىسى|قىسمى))\s+بار(?:ىنىڭ|ىنى|ى)(?![\w-])")
_UYGHUR_REPLACE = re.compile(r"(?<![\w-])([\w()-]+?)(?:\s*نى)?\s+([\w()-]+?)(?:\s*(?:غا|قا|گە|كە))?\s+ئالماشتۇرۇڭ"
                             r"(?![\w-])")
# Gujarati's, Telugu's, Kannada's and Malayalam's full stop (the danda) as a Latin one, their digits as ASCII ones and
# their zero-width joiners dropped
_INDIC_MARKS = {**EASTERN_DIGITS, ord("।"): ".", ord("॥"): ".", ord("\u200c"): "", ord("\u200d"): ""}
# Gujarati's suffixes joined to a code or a Latin name ("imatinibની", "A549માં") set apart, to be read as its words; its
# "બદલે" (instead of) and "જગ્યાએ" (in place of) after what they govern ("જેફિટિનિબને બદલે એર્લોટિનિબ": erlotinib
# instead of gefitinib), and "સિવાય" (except) after it
_GUJARATI_JOINED = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?=[{GUJARATI_BLOCK}])")
_GUJARATI_INSTEAD = re.compile(r"(?<!\S)(\S+?)(?:\s*(?:ને|ના|ની))?\s+(?:બદલે|જગ્યાએ)\s+(\S+)")
_GUJARATI_EXCEPT = re.compile(r"(?<!\S)(?!(?:આ|એ|તે|તેના|આના)\s)(\S+)\s+સિવાય(?!\S)")
# "teneligliptin નું structure હાથ માં નથી" (I don't have teneligliptin's structure): "drop X"
_GUJARATI_NO_STRUCTURE = re.compile(r"(?<!\S)(\S+)\s+(?:નું|ની|નો)\s+(?:structure|smiles|SMILES|સ્ટ્રક્ચર)\s+"
                                    r"(?:હાથ\s+માં|મારી\s+પાસે|અમારી\s+પાસે)?\s*નથી")
# "teneligliptin ને છોડી દો" (leave teneligliptin out): "drop X"
_GUJARATI_DROP = re.compile(r"(?<!\S)(?!(?:આ|એ|તે|તેના|આના)\s)(\S+)\s+(?:ને\s+)?(?:છોડી\s+દો|છોડો|કાઢી\s+નાખો)"
                            r"(?=[\s,.;:!?।]|$)")
# Telugu's suffixes joined to a code or a Latin name ("imatinibను", "A549లో") set apart, to be read as its words; its
# "బదులు", "బదులుగా", "స్థానంలో" (instead of) after what they govern ("జెఫిటినిబ్‌కు బదులుగా ఎర్లోటినిబ్": erlotinib
# instead of gefitinib), and "తప్ప", "మినహా" (except) after it (not after "ఇది", "అది": besides this, that)
_TELUGU_JOINED = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?=[{TELUGU_BLOCK}])")
# Telugu and Tigrinya put "only" after the part it restricts: "cyanoacetyl భాగం మాత్రమే" (only the cyanoacetyl part),
# "ናይ N-methylpiperazine ክፋል ጥራይ" (only the N-methylpiperazine part)
_TELUGU_ONLY = re.compile(r"(?<!\S)([\w()=-]+(?:\s+(?:భాగం|భాగాన్ని|గ్రూప్|రింగ్))?)\s+మాత్రమే(?![\w-])")
_TIGRINYA_ONLY = re.compile(r"(?:(?<!\S)ናይ\s+)?([\w()=-]+(?:\s+ክፋል)?)\s+ጥራይ(?![\w-])")
_TELUGU_INSTEAD = re.compile(r"(?<!\S)(\S+?)(?:\s*(?:కు|కి))?\s+(?:బదులుగా|బదులు|స్థానంలో)\s+(\S+)")
_TELUGU_EXCEPT = re.compile(r"(?<!\S)(?!(?:ఇది|అది|ఇవి|అవి|దీని|దాని|వీటిని|వాటిని)\s)(\S+?)(?:ను|ని)?\s+"
                            r"(?:తప్ప|మినహా|మినహాయించి)(?!\S)")
# Kannada's suffixes joined to a code or a Latin name ("imatinibಗೆ", "A549ನಲ್ಲಿ") set apart, to be read as its words;
# its "ಬದಲು", "ಬದಲಾಗಿ", "ಬದಲಿಗೆ" (instead of) after what they govern ("ಜೆಫಿಟಿನಿಬ್ ಬದಲು ಎರ್ಲೋಟಿನಿಬ್": erlotinib instead
# of gefitinib), "ಹೊರತುಪಡಿಸಿ", "ಬಿಟ್ಟು" (except) after it (not after "ಇದನ್ನು", "ಅದನ್ನು": besides this, that), and
# "ಮಾತ್ರ" (only) after the part it restricts ("morpholine ಭಾಗ ಮಾತ್ರ": only the morpholine part; not "ಮಾತ್ರೆ", a tablet)
# "Daoy ಗೆ", "U-87-MG ಗಾಗಿ": "for" after a code or a Latin name (its suffix set apart), put before it
_KANNADA_FOR = re.compile(rf"(?<!\S)([A-Za-z0-9][\w-]*)\s+(?:ಗೆ|ಗಾಗಿ|ಕ್ಕೆ)(?![\w{KANNADA_BLOCK}])")
_KANNADA_JOINED = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?=[{KANNADA_BLOCK}])")
_KANNADA_INSTEAD = re.compile(r"(?<!\S)(\S+?)(?:\s*(?:ನ|ದ|ಯ))?\s+(?:ಬದಲಾಗಿ|ಬದಲಿಗೆ|ಬದಲು)\s+(\S+)")
_KANNADA_EXCEPT = re.compile(r"(?<!\S)(?!(?:ಇದು|ಅದು|ಇವು|ಅವು|ಇದನ್ನು|ಅದನ್ನು|ಇವುಗಳನ್ನು|ಅವುಗಳನ್ನು)\s)(\S+?)(?:ಅನ್ನು|ನ್ನು)?\s+"
                             r"(?:ಹೊರತುಪಡಿಸಿ|ಬಿಟ್ಟು)(?!\S)")
_KANNADA_ONLY = re.compile(rf"(?<!\S)([^\s,;:]+(?:\s+\([^()\s]{{1,24}}\))?"  # (a formula in brackets: "(CONH2)")
                           rf"(?:\s+(?:ಭಾಗ|ಭಾಗವನ್ನು|ಗುಂಪು|ಗುಂಪನ್ನು|ಉಂಗುರ|ರಿಂಗ್))?)\s+ಮಾತ್ರ(?![\w{KANNADA_BLOCK}-])")
# Malayalam's chillu written as its consonant, the chandrakkala and a zero-width joiner ("ന്\u200d") read as the one
# letter, and its nt written with the chillu ("ൻ്റ") as it is listed ("ന്റ"); its suffixes joined to a code or a Latin
# name ("imatinib-ന്റെ", "A549-ൽ") set apart, to be read as its words; its "പകരം" (instead of) after what it governs
# ("ജെഫിറ്റിനിബിന് പകരം എർലോറ്റിനിബ്": erlotinib instead of gefitinib), "ഒഴികെ", "ഒഴിച്ച്" (except) after it (not after
# "ഇത്", "അത്": besides this, that), "മാത്രം" (only) after the part it restricts, and "-നായി", "-ന് വേണ്ടി" (for) after
# a code or a Latin name ("A549-നായി": for A549), put before it
_MALAYALAM_CHILLUS = {"ണ": "ൺ", "ന": "ൻ", "ര": "ർ", "ല": "ൽ", "ള": "ൾ", "ക": "ൿ"}
_MALAYALAM_CHILLU = re.compile(f"([{''.join(_MALAYALAM_CHILLUS)}])\u0d4d\u200d")
_MALAYALAM_JOINED = re.compile(rf"(?<=[A-Za-z0-9)\]])-?(?=[{MALAYALAM_BLOCK}])")
# its plural "-കൾ" ("-കളെ" as an object) joined to an English word ("analog-കൾ": analogs) as the English plural, and
# its "പിന്നെ" (then) after a list's comma as the "and" that closes it ("X, Y, പിന്നെ Z": X, Y and Z)
_MALAYALAM_PLURAL = re.compile(rf"(?<=[A-Za-z])-?(?:കളെ|കൾ)(?![\w{MALAYALAM_BLOCK}])")
_MALAYALAM_LIST_AND = re.compile(r",\s*പിന്നെ(?=\s)")
_MALAYALAM_FOR = re.compile(rf"(?<!\S)([A-Za-z0-9][\w-]*)\s+(?:(?:ിനു|ിന്|നു|ന്)\s*വേണ്ടി|ിനായി|നായി|ക്ക്|ിന്|ന്)"
                            rf"(?![\w{MALAYALAM_BLOCK}])")
_MALAYALAM_INSTEAD = re.compile(r"(?<!\S)(\S+?)(?:\s+(?:ിന്|ന്|നു|ക്ക്))?\s+(?:പകരമായി|പകരം)\s+(\S+)")
_MALAYALAM_EXCEPT = re.compile(r"(?<!\S)(?!(?:ഇത്|അത്|ഇവ|അവ|ഇതിനെ|അതിനെ|ഇവയെ|അവയെ)\s)(\S+?)(?:\s+(?:ിനെ|നെ))?\s+"
                               r"(?:ഒഴികെ|ഒഴിച്ച്)(?!\S)")
_MALAYALAM_ONLY = re.compile(rf"(?<!\S)([^\s,;:]+(?:\s+\([^()\s]{{1,24}}\))?"
                             rf"(?:\s+(?:ഭാഗം|ഭാഗത്തെ|ഗ്രൂപ്പ്|വളയം|റിംഗ്))?)\s+(?:മാത്രമേ|മാത്രം)(?![\w{MALAYALAM_BLOCK}-])")
_BURMESE_INSTEAD = re.compile(r"([A-Za-z0-9()-]+)\s*အစား\s*([A-Za-z0-9()-]+)")
# (and "X ကို Y နဲ့ အစားထိုး": replace X with Y)
_BURMESE_REPLACE = re.compile(r"([A-Za-z0-9()-]+)\s*(?:ကို)?\s*([A-Za-z0-9()-]+)\s*(?:နဲ့|နှင့်)\s*အစားထိုး(?:ပါ)?")
_BURMESE_EXCEPT = re.compile(r"([A-Za-z0-9()-]+)\s*(?:(?:က|မှ)လွဲ(?:၍|ရင်|ပြီး)|မှအပ)")
# a Burmese word starts and ends a written syllable: no vowel sign, medial, asat or killed final after it, no virama
# before it; a Khmer one the same (no vowel sign, sign or coeng after it, no coeng before it)
_SYLLABIC = {"burmese": ("(?<!\u1039)", "(?![\u102b-\u103e]|[\u1000-\u1021\u103f]\u1037?[\u103a\u1039])",
                         from_burmese, myanmar_syllables),
             "khmer": ("(?<!\u17d2)", "(?![\u17b6-\u17d3\u17dd])", from_khmer, khmer_syllables),
             # (a Lao word neither after a vowel written before its consonant nor before a vowel sign or tone mark)
             "lao": ("(?<![\u0ec0-\u0ec4])", "(?![\u0eb0-\u0ebc\u0ec8-\u0ecd])", from_lao, lao_syllables)}
_UZBEK_EXCEPT = re.compile(r"(?<![\w'’-])(?!(?:bu|u|shu)(?:-?dan)?\s)([\w'’-]+?)(?:-?dan)?\s+tashqari(?![\w'’-])",
                           re.I)  # (not "bundan tashqari": besides, also)


def _part_first(match: re.Match[str]) -> str:
    return f"{'only ' if match.group('only') else ''}the {match.group('name')} {match.group('noun')}"


def _zulu_prefix(match: re.Match[str]) -> str:
    """"kanye ne-aspirin" -> "and aspirin", "phakathi kwe-warfarin" -> "between warfarin", "i-IC50" -> "IC50"."""
    joined, prefix = match.group("joined"), match.group("prefix").lower()
    english = _ZULU_JOINED[joined.lower()] if joined else _ZULU_PREFIXES[prefix]
    return f"{english} " if english else ""


def _uzbek_with(match: re.Match[str]) -> str:
    """"X Y bilan" -> "X with Y" after a name ("varfarinni aspirin bilan": warfarin with aspirin); after one of its
    words ("iltimos aspirin bilan varfarin") the "bilan" stays where it is, between the names it joins."""
    before, space, noun = match.groups()
    if before.lower() in load("translations.json")["uzbek_words"]:
        return f"{before}{space}{noun} bilan"
    return f"{before}{space}with {noun}"


# Nepali puts "instead of" and "only" after what they govern: "Ciprofloxacin ko satta levofloxacin" (levofloxacin
# instead of ciprofloxacin), "Piperazine ra methyl matra change garne" (only the piperazine and methyl may change)
_NEPALI_INSTEAD = re.compile(r"([\w-]+)\s+ko\s+satta\s+([\w-]+)", re.I)
_NEPALI_ONLY = re.compile(r"([\w-]+(?:\s+ra\s+[\w-]+)?)\s+matra(?:i)?\b", re.I)
# Tamil puts "only" after what it limits: "pyridine ring mattum maathalam" (only the pyridine ring may change)
_TAMIL_ONLY = re.compile(r"([\w-]+(?:\s+(?:ring|group|part|chain|moiety|tail))?)\s+mattum\s+(?=maatha)", re.I)
# and a value before the word it sets: "-2.5 target la" (at target -2.5)
_TAMIL_VALUE_FIRST = re.compile(r"(?<![\w.])([-−]?\d+(?:[.,]\d+)?)\s+(target)\b", re.I)
# the case endings themselves, so that an elided article ("l'acide", "dell'acido") is never taken for one
_LOCATIVE = r"n?[dt][ae]"  # "HCC827'de", "H1975'te": in
_TURKISH_CASE_ENDING = re.compile(rf"(?<=[\w)\]]{{3}})['’](?:y?[iıuüae]|s[iıuü]|{_LOCATIVE}|{_LOCATIVE}n|n?[iıuü]n|"
                                  r"y?l[ae]|l[ae]r|l[ae]r[iı]|[dt][iıuü]r|n[ae])(?![\w'’])")


# the locative ("H1975'te": in H1975) after a cell line's name says it is one, as "cells" after it would
_TURKISH_LOCATIVE = re.compile(rf"(?<![\w'’-])([\w-]{{3,}})['’]{_LOCATIVE}(?![\w'’])")


# "BBB olasılığı en yüksek olanın EGFR pKd'si": the one whose BBB probability is highest (the key before the rank)
_TURKISH_RANKED = re.compile(r"(?<![\w'’-])((?:[\w'’-]+\s+)?[\w'’-]+)\s+en\s+(yüksek|düşük)\s+olan(?:ın|ı)?(?![\w'’-])",
                             re.I)
_RANKS = {"yüksek": "highest", "düşük": "lowest"}


def _ranked(match: re.Match[str]) -> str:
    return f"the one with the {_RANKS[match.group(2).lower()]} {match.group(1)},"


def _located(match: re.Match[str]) -> str:
    from model_zoo.names.cell_lines import is_cell_line_name

    word = match.group(1)
    return f"{word} cells" if is_cell_line_name(word) else match.group(0)


_ELISION = re.compile(r"(?<![\w'’])([lLdD]['’])(?=[A-Za-zÀ-ÿ])")  # French (and Italian) elided articles


# Chinese and Japanese write no space between their words and a Latin one ("のABL1への"): one is put there
CJK = r"\u3040-\u30ff\u3400-\u9fff"  # kana and CJK ideographs, for a character class
_CJK_EDGE = re.compile(rf"(?<=[{CJK}])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[{CJK}])")


def own_request_words(text: str) -> frozenset[str]:
    """The single request words of the gated languages ``text`` is written in ("ima" in "ima li interakcije?": is
    there), which it says as words, never as a drug's shorthand."""
    gates = [(_POLISH, "polish"), (_TURKISH, "turkish"), *((language, name) for language, name, _, _ in _INFLECTED),
             (_TAJIK, "tajik"), (_KYRGYZ, "kyrgyz"), (_KAZAKH, "kazakh"), (_MONGOLIAN, "mongolian"),
             (_GEORGIAN, "georgian"), (_ARMENIAN, "armenian"), (_TIGRINYA, "tigrinya"), (_AMHARIC, "amharic"),
             (_SINHALA, "sinhala"), (_BURMESE, "burmese"), (_KHMER, "khmer"), (_LAO, "lao"), (_UYGHUR, "uyghur"),
             (_PASHTO, "pashto"), (_SORANI, "sorani"), (_GUJARATI, "gujarati"), (_TELUGU, "telugu"),
             (_KANNADA, "kannada"), (_MALAYALAM, "malayalam"), *_GATED]
    return frozenset().union(*(_said_words(f"{name}_words") for language, name in gates
                               if language.reads(text) and language not in _read_as_another(text)))


def _read_as_another(text: str) -> tuple[_Language, ...]:
    """The languages ``text`` would be read as by their gates, which it is not: Kazakh where it is Mongolian, Kyrgyz or
    Tajik (which write its ө, ү, ң, ғ, қ), Mongolian where it is Kyrgyz or Tajik, Kyrgyz where it is Tajik, Turkish
    where it is Azerbaijani (which writes its ı, ş, ğ), Amharic where it is Tigrinya (which shares its script), Pashto
    and Sorani where it is Uyghur (which writes their ې, ۆ, ە), and Hinglish where it is Basque (whose "hain" is
    its)."""
    tajik, kyrgyz, mongolian = _TAJIK.reads(text), _KYRGYZ.reads(text), _MONGOLIAN.reads(text)
    return ((_KAZAKH,) if tajik or kyrgyz or mongolian else ()) + ((_MONGOLIAN,) if tajik or kyrgyz else ()) + \
        ((_KYRGYZ,) if tajik else ()) + ((_TURKISH,) if _AZERBAIJANI.reads(text) else ()) + \
        ((_AMHARIC,) if _TIGRINYA.reads(text) else ()) + ((_PASHTO, _SORANI) if _UYGHUR.reads(text) else ()) + \
        ((_HINGLISH,) if _BASQUE.reads(text) else ())


def in_english(text: str) -> str:
    """The request words of ``translations.json`` put in English ("Löslichkeit?" -> "solubility?"), for reading
    what is asked, and its Chinese, Japanese and Cyrillic drug names ("伊马替尼", "イマチニブ", "иматиниба" ->
    "imatinib"); the text's values stay as written. Spans of the result do not line up with ``text``."""
    pattern, table = _foreign_words()
    # (Croatian and Macedonian share Polish small words: "samo", "jest", "od")
    if _POLISH.reads(text) and not ((_CROATIAN.reads(text) or _MACEDONIAN.reads(text))
                                    and not _POLISH.letters.search(text)):
        text = _gated_in_english(text, "polish")
    # (Uzbek shares Turkish small words: "bu", "bir"; Azerbaijani its letters ı, ş, ğ)
    if _TURKISH.reads(text) and not (_UZBEK.reads(text) and not _TURKISH.letters.search(text)
                                     and not _TURKISH.words.search(text)) and not _AZERBAIJANI.reads(text):
        text = _TURKISH_RANKED.sub(_ranked, _TURKISH_LOCATIVE.sub(_located, text))
        text = _gated_in_english(_TURKISH_CASE_ENDING.sub("", text), "turkish")
    bulgarian = _BULGARIAN.reads(text)  # before its drug names lose their article ("варфаринът": warfarin)
    macedonian = _MACEDONIAN.reads(text)  # which is no Bulgarian ("е", "ги", "сега" are its words too)
    tajik = _TAJIK.reads(text)  # (its ғ and қ are Kazakh's too)
    kyrgyz = _KYRGYZ.reads(text) and not tajik
    mongolian = _MONGOLIAN.reads(text) and not kyrgyz and not tajik
    kazakh = _KAZAKH.reads(text) and not mongolian and not kyrgyz and not tajik  # (its ө, ү: Mongolian's, Kyrgyz's too)
    if tajik:  # its words and word order before its names ("ҳалшавандагии": solubility, no name), and before the
        text = _gated_in_english(_its_word_order(_TAJIK, text), "tajik")  # Russian words it mixes in
    if kyrgyz:  # its words and word order before its names ("кошулманын": of the compound, no name), and before the
        text = _gated_in_english(_its_word_order(_KYRGYZ, text), "kyrgyz")  # Russian words it mixes in
    if kazakh:  # its words and word order before its names ("қосылыстың": of the compound, no name), and before the
        text = _gated_in_english(_its_word_order(_KAZAKH, text), "kazakh")  # Russian words ("не": what, not "not")
    if mongolian:  # the same ("нэгдлийн": of the compound, no name; "эм": drug)
        text = _gated_in_english(_its_word_order(_MONGOLIAN, text), "mongolian")
    # "иматиниба": imatinib, "ибупрофените": the ibuprofen, "ибупрофеннің": ibuprofen's, "аспиринтай": with aspirin,
    # "сисплатинро": cisplatin, before the Cyrillic request words are read
    text = from_cyrillic(text, TAJIK_SUFFIXES if tajik else KYRGYZ_SUFFIXES if kyrgyz else KAZAKH_SUFFIXES if kazakh
                         else MONGOLIAN_SUFFIXES if mongolian else MACEDONIAN_ARTICLES if macedonian else (),
                         TAJIK_SOUNDS if tajik else ())
    for language, name, inflection, suffix in _INFLECTED:
        if language.reads(text):  # "imatinibin", "ciszplatinnal", "imatinibului": the drug, then the words
            text = _gated_in_english(from_inflected(suffix.sub(" ", _its_word_order(language, text)), inflection,
                                                    _said_words(f"{name}_words")), name)
            if language is _IRISH or language is _HAUSA:
                text = _PART_NAMED_AFTER.sub(_part_first, text)
    for language, name in _GATED:
        if (language.reads(text) or (language is _BULGARIAN and bulgarian)) and not (language is _BULGARIAN
                                                                                   and macedonian):
            text = _gated_in_english(_its_word_order(language, text), name)
    text = parts_from_cyrillic(text)  # "метоксиетокси вериги": the parts no table above read
    if _HEBREW.reads(text):  # its request words, then its drug names ("אוסימרטיניב": osimertinib)
        text = from_hebrew(_hebrew_in_english(text))
    if _GEORGIAN.reads(text):  # its request words, then its drug names ("იმატინიბის": of imatinib)
        text = from_georgian(_gated_in_english(_its_word_order(_GEORGIAN, text), "georgian"))
    if _ARMENIAN.reads(text):  # the same ("իբուպրոֆենի": of ibuprofen)
        text = from_armenian(_gated_in_english(_its_word_order(_ARMENIAN, text), "armenian"))
    if _TIGRINYA.reads(text):  # the same ("ንዋርፋሪን": to warfarin)
        text = from_ethiopic(_gated_in_english(_its_word_order(_TIGRINYA, text), "tigrinya"), TIGRINYA)
    elif _AMHARIC.reads(text):  # the same ("የኢማቲኒብ": of imatinib)
        text = from_ethiopic(_gated_in_english(_its_word_order(_AMHARIC, text), "amharic"))
    if _SINHALA.reads(text):  # the same, its words found between its letters ("ඉමැටිනිබ්ගේ": of imatinib)
        text = from_sinhala(_sinhala_in_english(_its_word_order(_SINHALA, text)))
    if _BURMESE.reads(text):  # its drug names between its words ("ဝါဖာရင်နဲ့": with warfarin), then its words
        text = _syllabic_in_english(_its_word_order(_BURMESE, text), "burmese")
    if _KHMER.reads(text):  # the same ("ជាមួយវ៉ាហ្វារីន": with warfarin)
        text = _syllabic_in_english(_its_word_order(_KHMER, text), "khmer")
    if _LAO.reads(text):  # the same ("ກັບວາຟາຣິນ": with warfarin)
        text = _syllabic_in_english(_its_word_order(_LAO, text), "lao")
    uyghur = _UYGHUR.reads(text)  # (its ې is Pashto's, its ۆ and ە Sorani's: its message is neither)
    if uyghur:  # its request words, then its drug names ("ئاسپىرىننى": aspirin)
        text = from_uyghur(_gated_in_english(_its_word_order(_UYGHUR, text), "uyghur"), _said_words("uyghur_words"))
        text = parts_from_uyghur(text)  # "پىرىمىدىن ھالقىسى": the pyrimidine ring
    if _PASHTO.reads(text) and not uyghur:  # its request words, then its drug names ("پاراسیټامول": paracetamol)
        text = from_pashto(_gated_in_english(_its_word_order(_PASHTO, text), "pashto"), _said_words("pashto_words"))
    if _SORANI.reads(text) and not uyghur:  # the same ("پاراسیتامۆڵ": paracetamol)
        text = from_sorani(_gated_in_english(_its_word_order(_SORANI, text), "sorani"), _said_words("sorani_words"))
    if _GUJARATI.reads(text):  # its words found between its letters, then its drug names ("મેટફોર્મિનની": metformin)
        text = from_gujarati(_block_in_english(_its_word_order(_GUJARATI, text), "gujarati", GUJARATI_BLOCK),
                             frozenset(load("translations.json")["gujarati_words"]))
    if _TELUGU.reads(text):  # the same ("మెట్‌ఫార్మిన్‌ను": metformin)
        text = from_telugu(_block_in_english(_its_word_order(_TELUGU, text), "telugu", TELUGU_BLOCK),
                           frozenset(load("translations.json")["telugu_words"]))
    if _KANNADA.reads(text):  # the same ("ಮೆಟ್‌ಫಾರ್ಮಿನ್‌ಅನ್ನು": metformin)
        text = from_kannada(_block_in_english(_its_word_order(_KANNADA, text), "kannada", KANNADA_BLOCK),
                            frozenset(load("translations.json")["kannada_words"]))
    if _MALAYALAM.reads(text):  # the same ("മെറ്റ്ഫോർമിനെ": metformin)
        text = from_malayalam(_block_in_english(_its_word_order(_MALAYALAM, text), "malayalam", MALAYALAM_BLOCK),
                              frozenset(load("translations.json")["malayalam_words"]))
    if _THAI.reads(text):
        pattern_thai, thai = _unspaced_words("thai")
        text = pattern_thai.sub(lambda m: _english(m, thai), text)
    text = _W_FOR_WITH.sub("with", _MEASURE_THEN_RANK.sub(r"\2 \1", _AFF_FOR_AFFINITY.sub("affinity", text)))
    english_words = pattern.sub(lambda m: _english(m, table), _CJK_EDGE.sub(" ", from_katakana(text)))
    # "l'éthanol", "d'erlotinib": the name after the elided article stands alone
    return from_dictation(_GREEK.sub(_spelt_out, _ELISION.sub(r"\1 ", english_words)))


# "(ln IC50 lowest)": a measure before its rank, as Malay and Thai put it ("ln IC50 paling rendah"): the lowest ln IC50
_MEASURE_THEN_RANK = re.compile(r"\b(ln\s*\(?ic50\)?|ic50|logs|logd|pkd|probability)\s+(lowest|highest)\b", re.I)
# chat and ward shorthand: "check tamoxifen w fluoxetine", "w the aprepitant" (lower case, before a word; a gated
# language's own "w" is read before it: Polish "in", Arabizi "and")
_W_FOR_WITH = re.compile(r"(?<![\w/.'’-])w(?=[ \t]+[a-z(])")
# "aff / seq: …", "AFF with a messy FASTA header": the affinity, in a pipeline's shorthand (a word of its own)
_AFF_FOR_AFFINITY = re.compile(r"(?<![\w/.'’-])aff(?![\w'’-])", re.I)


def _basque_stems(text: str) -> str:
    """``text`` with Basque's words of lipophilicity and solubility read by their stems, unless its table lists them
    (and reads them with their neighbours: "uretako disolbagarritasuna", aqueous solubility)."""
    listed = load("translations.json")["basque_words"]

    def unlisted(m: re.Match[str], english: str) -> str:
        return m.group(0) if m.group(0).lower() in listed else english

    text = _BASQUE_LIPOPHILICITY.sub(lambda m: unlisted(m, "lipophilicity"), text)
    return _BASQUE_SOLUBILITY.sub(lambda m: unlisted(m, "solubility"), text)


def _its_word_order(language: _Language, text: str) -> str:
    """``text`` with a language's endings and word orders that English reads otherwise put as English writes them."""
    if language is _INDONESIAN:
        return _NYA.sub("", text)
    if language is _PERSIAN:
        return _PERSIAN_SUFFIX.sub("", text)
    if language is _SWEDISH:
        return _SWEDISH_FILE.sub(" file", text)
    if language is _TAMIL:
        return _TAMIL_VALUE_FIRST.sub(r"\2 \1,", _TAMIL_ONLY.sub(r"only the \1 ", text))
    if language is _ESTONIAN:
        return _ESTONIAN_FOR.sub(r"for \1", text)
    if language is _LATVIAN:
        return _LATVIAN_WITH.sub("with", _LATVIAN_INSTEAD.sub(r"instead of \1", text))
    if language is _IRISH:
        return _IRISH_ELIDED_DO.sub(r"\1o ", text)
    if language is _KAZAKH:
        text = _KAZAKH_SUFFIX.sub("", _KAZAKH_EXCEPT.sub(r"except \1", text))
        text = _KAZAKH_WHAT_ABOUT.sub(lambda m: f"{'and ' if m.group('and') else ''}what about {m.group('what')}", text)
        return _KAZAKH_FOR.sub(r"for \1", _KAZAKH_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _TAJIK:
        return _TAJIK_REPLACE.sub(r"use \2 instead of \1", _TAJIK_SUFFIX.sub("", text))
    if language is _KYRGYZ:
        text = _KYRGYZ_ONLY.sub(r"only \1", _KYRGYZ_SUFFIX.sub("", _KYRGYZ_EXCEPT.sub(r"except \1", text)))
        return _KYRGYZ_FOR.sub(r"for \1", _KYRGYZ_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _MONGOLIAN:
        text = _MONGOLIAN_EXCEPT.sub(r"except \1", _MONGOLIAN_BETWEEN.sub(r"between \1", text))
        text = _MONGOLIAN_SUFFIX.sub("", text)
        return _MONGOLIAN_FOR.sub(r"for \1", _MONGOLIAN_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _GEORGIAN:
        text = _GEORGIAN_SUFFIX.sub("", _GEORGIAN_EXCEPT.sub(r"except \1", _GEORGIAN_BETWEEN.sub(r"between \1", text)))
        return _GEORGIAN_INSTEAD.sub(r"\2 instead of \1", text)
    if language is _ARMENIAN:
        text = _ARMENIAN_INSTEAD.sub(r"\2 instead of \1", text.translate(_ARMENIAN_MARKS))
        return _ARMENIAN_SUFFIX.sub("", _ARMENIAN_NOT.sub(r"չէ \1", _ARMENIAN_EXCEPT.sub(r"except \1", text)))
    if language is _AMHARIC:
        text = _AMHARIC_INSTEAD.sub(r"\2 instead of \1", text.translate(_AMHARIC_MARKS))
        text = _AMHARIC_PREFIX.sub(lambda m: f"{_AMHARIC_PREFIXES[m.group(1)]} ", text)
        return _AMHARIC_SUFFIX.sub(lambda m: _AMHARIC_SUFFIXES[m.group(1)], text)
    if language is _TIGRINYA:
        text = _TIGRINYA_ONLY.sub(r"only \1", text.translate(_AMHARIC_MARKS))
        text = _TIGRINYA_PREFIX.sub(lambda m: f"{_TIGRINYA_PREFIXES[m.group(1)]} ", text)
        return _TIGRINYA_SUFFIX.sub(lambda m: _TIGRINYA_SUFFIXES[m.group(1)], text)
    if language is _SINHALA:
        text = _SINHALA_INSTEAD.sub(r"\2 instead of \1", text.translate(_SINHALA_JOINERS))
        text = _SINHALA_IN_TOO.sub(r"in \1 too", _SINHALA_WITH_BOTH.sub(r"with \1 and \2", text))
        text = _SINHALA_COUNTED.sub(lambda m: f"{_SINHALA_NUMBERS[m.group(2)]} {m.group(1)}", text)
        return _SINHALA_JOINED.sub(" ", text)
    if language is _MALAGASY:
        text = _MALAGASY_NY.sub("", _MALAGASY_APOSTROPHE.sub("'", text))
        return _MALAGASY_REPLACE.sub(r"use \1 instead of \2", text)
    if language is _BURMESE:
        return text.translate(_MYANMAR_MARKS)
    if language is _KHMER:
        return text.translate(_KHMER_MARKS)
    if language is _LAO:
        return text.translate(_LAO_MARKS)
    if language is _PASHTO:
        text = _PASHTO_MARKS.sub("", text).translate(_PASHTO_PUNCTUATION)
        return _PASHTO_REPLACE.sub(r"use \2 instead of \1", _PASHTO_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _SORANI:
        text = _PASHTO_MARKS.sub("", text).translate(_PASHTO_PUNCTUATION)
        return _SORANI_REPLACE.sub(r"use \2 instead of \1", _SORANI_JOINED.sub(" ", text))
    if language is _UYGHUR:
        text = _PASHTO_MARKS.sub("", text).translate(_PASHTO_PUNCTUATION)
        locants = {m.end() - 1 for m in _UYGHUR_LOCANT.finditer(text)}  # (the hyphen of "5-فتورۇراتسىل")
        text = _UYGHUR_JOINED.sub(lambda m: m.group(0) if m.start() in locants else " ", text)
        text = _UYGHUR_REPLACE.sub(r"use \2 instead of \1", _UYGHUR_INSTEAD.sub(r"instead of \1", text))
        text = _UYGHUR_HAVING.sub(r"the one with the \1", text)
        return _UYGHUR_FOR.sub(r"for \1", _UYGHUR_EXCEPT.sub(r"except \1", text))
    if language is _GUJARATI:
        text = _GUJARATI_JOINED.sub(" ", text.translate(_INDIC_MARKS))
        text = _GUJARATI_NO_STRUCTURE.sub(r"drop \1", text)
        return _GUJARATI_DROP.sub(r"drop \1", _GUJARATI_EXCEPT.sub(r"except \1",
                                                               _GUJARATI_INSTEAD.sub(r"\2 instead of \1", text)))
    if language is _TELUGU:
        text = _TELUGU_ONLY.sub(r"only \1", _TELUGU_JOINED.sub(" ", text.translate(_INDIC_MARKS)))
        return _TELUGU_EXCEPT.sub(r"except \1", _TELUGU_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _KANNADA:
        text = _KANNADA_ONLY.sub(r"only \1", _KANNADA_JOINED.sub(" ", text.translate(_INDIC_MARKS)))
        text = _KANNADA_FOR.sub(r"for \1", text)
        return _KANNADA_EXCEPT.sub(r"except \1", _KANNADA_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _MALAYALAM:
        text = _MALAYALAM_CHILLU.sub(lambda m: _MALAYALAM_CHILLUS[m.group(1)], text).replace("ൻ്റ", "ന്റ")
        text = _MALAYALAM_LIST_AND.sub(" and", _MALAYALAM_PLURAL.sub("s", text.translate(_INDIC_MARKS)))
        text = _MALAYALAM_ONLY.sub(r"only \1", _MALAYALAM_JOINED.sub(" ", text))
        text = _MALAYALAM_FOR.sub(r"for \1", text)
        return _MALAYALAM_EXCEPT.sub(r"except \1", _MALAYALAM_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _SOMALI:
        return _SOMALI_REPLACE.sub(r"use \2 instead of \1", text)
    if language is _BASQUE:
        text = _BASQUE_CODE_JOINED.sub(r"\1-\2", text)
        text = _basque_stems(text)
        text = _BASQUE_ONLY.sub(r"only \1", _BASQUE_EXCEPT.sub(r"except \1", _BASQUE_FOR.sub(r"for \1", text)))
        return _BASQUE_INSTEAD.sub(r"instead of \1", text)
    if language is _ZULU:
        return _ZULU_LOCATIVE.sub("", _ZULU_PREFIX.sub(_zulu_prefix, text))
    if language is _AZERBAIJANI:  # (its capital dotted İ lower-cased as i, not as i and a dot above)
        text = text.replace("İ", "I")
        return _AZERBAIJANI_REPLACE.sub(r"use \2 instead of \1", _AZERBAIJANI_INSTEAD.sub(r"\2 instead of \1", text))
    if language is _UZBEK:
        text = _UZBEK_EXCEPT.sub(r"except \1", _UZBEK_FOR.sub(r"for \1", _UZBEK_WITH.sub(_uzbek_with, text)))
        return _UZBEK_INSTEAD.sub(r"\2 instead of \1", text)
    if language is _NEPALI:
        return _NEPALI_ONLY.sub(r"only the \1", _NEPALI_INSTEAD.sub(r"\2 instead of \1", text))
    return text


def _gated_in_english(text: str, language: str) -> str:
    """``text`` with the request words of one gated language (``translations.json``) in English."""
    gated, table = _gated_words(language)
    return gated.sub(lambda m: m.group(0) if _a_letter_not_a_word(m) else _english(m, table), text)


def _a_letter_not_a_word(m: re.Match[str]) -> bool:
    """A small word of one letter that is a label or an atom of a pasted structure: "the A half" (not a capital that
    opens a sentence: Welsh "A beth …", and what …), Welsh "o" (of) in "NC(=O)c1", Croatian "i" (and) in "C[I]"."""
    if len(m.group(0)) != 1:
        return False
    around = m.string[max(0, m.start() - 1):m.start()] + m.string[m.end():m.end() + 1]
    opens_a_sentence = not m.string[:m.start()].strip() or m.string[:m.start()].rstrip()[-1] in ".!?:\n"
    return (m.group(0).isupper() and not opens_a_sentence) or any(c in "=()[]#@+/\\" or c.isdigit() for c in around)


def _english(m: re.Match[str], words: dict[str, str]) -> str:
    """The English of a matched word, spaced from its neighbours ("of the first route")."""
    return _spaced(m, words[m.group(0).lower()])


def _spaced(m: re.Match[str], english: str) -> str:
    before = "" if m.start() == 0 or m.string[m.start() - 1].isspace() else " "
    after = "" if m.end() == len(m.string) or m.string[m.end()].isspace() else " "
    return before + english + after


@cache
def _sinhala_words() -> tuple[re.Pattern[str], dict[str, str]]:
    """Sinhala's request words, each between two letters that are not its own: its vowel signs and virama are no
    word characters to a regex ("ද" must not match in "දැන්")."""
    table: dict[str, str] = load("translations.json")["sinhala_words"]
    letters = rf"\w{SINHALA_BLOCK}-"
    return re.compile(rf"(?<![{letters}])(?:{alternation(table)})(?![{letters}])"), table


def _sinhala_in_english(text: str) -> str:
    """``text`` with Sinhala's request words in English ("බැඳෙනවාද" -> "does it bind")."""
    pattern, table = _sinhala_words()
    return pattern.sub(lambda m: _english(m, table), text)


@cache
def _block_words(language: str, block: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """The request words of a language whose script's vowel signs and virama are no word characters to a regex
    (Gujarati), each between two letters that are not of its block ("ના" must not match in "નાનું")."""
    table: dict[str, str] = load("translations.json")[f"{language}_words"]
    letters = rf"\w{block}-"
    return re.compile(rf"(?<![{letters}])(?:{alternation(table)})(?![{letters}])"), table


def _block_in_english(text: str, language: str, block: str) -> str:
    """``text`` with the request words of such a language in English ("દ્રાવ્યતા" -> "solubility")."""
    pattern, table = _block_words(language, block)
    return pattern.sub(lambda m: _english(m, table), text)


@cache
def _syllabic_words(language: str) -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str]]:
    """The request words of Burmese, Khmer or Lao, each a whole written syllable at either end, and those of them of two
    syllables or more, across which no drug name is read (a one-syllable particle may sound like a name's syllable:
    "ပါ", "က")."""
    table: dict[str, str] = load("translations.json")[f"{language}_words"]
    before, after, _, cut = _SYLLABIC[language]
    longer = [word for word in table if len(cut(word.replace(" ", ""))) >= 2]
    return (re.compile(f"{before}(?:{alternation(table)}){after}"),
            re.compile(f"{before}(?:{alternation(longer)}){after}"), table)


# "တာဖီနိုကွင်း (tafenoquine)": a word of the script glossed in Latin letters right after it is read as its gloss (a
# name written by ear and also as it is spelt is never read by ear, nor in part as another drug); not an aside that
# goes on in the script ("ប៉ារ៉ាសេតាម៉ុល (Efferalgan ដែលឱសថស្ថាន…លក់)": the brand the pharmacy sells, said in passing)
_GLOSS = r"(?=\s*\([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ0-9 ./,'’-]*\))"
_GLOSSED = {"burmese": re.compile(rf"[{MYANMAR_BLOCK}]+{_GLOSS}"),
            "khmer": re.compile(rf"[{KHMER_BLOCK}\u200b]+{_GLOSS}"),
            "lao": re.compile(rf"[{LAO_BLOCK}\u200b]+{_GLOSS}")}


def _syllabic_in_english(text: str, language: str) -> str:
    """Burmese or Khmer ``text`` with its drug names in Latin letters ("ဝါဖာရင်" -> "warfarin"), read between its
    longer words, its Burmese word order put as English writes it, and its request words in English."""
    words, longer, table = _syllabic_words(language)
    text = _GLOSSED[language].sub("", text)
    text = _SYLLABIC[language][2](text, words, longer)
    if language == "burmese":
        text = _BURMESE_REPLACE.sub(r"\2 instead of \1", text)
        text = _BURMESE_EXCEPT.sub(r"except \1", _BURMESE_INSTEAD.sub(r"\2 instead of \1", text))
    return words.sub(lambda m: _english(m, table), text)


@cache
def _unspaced_words(language: str) -> tuple[re.Pattern[str], dict[str, str]]:
    """The request words of a language written without spaces between words (Thai), found wherever they stand."""
    table: dict[str, str] = load("translations.json")[f"{language}_words"]
    return re.compile(alternation(table)), table


_HEBREW_LETTER = "\u0590-\u05ff"


@cache
def _hebrew_words() -> tuple[re.Pattern[str], re.Pattern[str], dict[str, str], dict[str, str]]:
    vocabulary = load("translations.json")
    table: dict[str, str] = vocabulary["hebrew_words"]
    prefixes: dict[str, str] = vocabulary["hebrew_prefixes"]
    letters = "".join(prefixes)
    word = re.compile(rf"(?<![{_HEBREW_LETTER}])([{letters}]{{0,2}}?)({alternation(table)})(?![{_HEBREW_LETTER}])")
    joined = re.compile(rf"(?<![{_HEBREW_LETTER}\w])([{letters}]{{1,2}})-(?=[A-Za-z0-9(])")
    return word, joined, table, prefixes


def _hebrew_in_english(text: str) -> str:
    """Hebrew request words in English, their prefix letters too ("והמסיסות" -> "and the solubility", "ב-A549" ->
    "in A549")."""
    word, joined, table, prefixes = _hebrew_words()

    def english(m: re.Match[str]) -> str:
        said = [prefixes[letter] for letter in m.group(1)] + [table[m.group(2)]]
        return _spaced(m, " ".join(w for w in said if w))
    text = joined.sub(lambda m: " ".join(prefixes[letter] for letter in m.group(1)) + " ", text)
    return word.sub(english, text)


# Isoforms and receptor subtypes are written with Greek letters ("PDGFR-β", "p38α", "PPARγ", "GSK-3β"); the name
# tables spell them out. Not μ: "μM" is a unit.
_GREEK_NAMES = {"α": "alpha", "β": "beta", "γ": "gamma", "δ": "delta", "ε": "epsilon", "ζ": "zeta", "η": "eta",
                "θ": "theta", "ι": "iota", "κ": "kappa", "λ": "lambda"}
_GREEK = re.compile(f"(?<![\u0370-\u03ff])[{''.join(_GREEK_NAMES)}](?![\u0370-\u03ff])")  # (not in a Greek word)


def _spelt_out(m: re.Match[str]) -> str:
    joined = m.start() > 0 and m.string[m.start() - 1].isalpha()  # "ERα" -> "ER-alpha", "p38α" -> "p38alpha"
    return ("-" if joined else "") + _GREEK_NAMES[m.group(0)]
