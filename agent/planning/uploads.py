"""Uploaded files named in a message: an upload named as it is, and a file-like name no upload has (asked about).
"""

from __future__ import annotations

import calendar
import difflib
import re
from collections.abc import Sequence

from agent.entities import Entities
from agent.pool.entry import EntryMeta
from agent.vocabulary import ordinals, words

_FILE_LIKE = re.compile(r"(?<![\w.-])(?:[a-z][\w-]*\d[\w-]*(?:\.(?:csv|tsv|sdf|smi|xlsx|fasta|fa|txt))?|"
                        r"[\w-]+\.(?:csv|tsv|sdf|smi|xlsx|fasta|fa|txt)|"
                        r"(?:plate|batch|round|library|sheet|panel)\s\d{1,4})(?![\w-])")  # "plate 15": plate15


_NOT_RULED_OUT = r"(?<!\bnot the )(?<!\bnot our )(?<!\bnot )"  # "not the lead, just the xlsx ones"
# a file named by the colleague who shared it: "Marco's upload", "Priya's new batch"
_NOT_PEOPLE = frozenset(words("not_owner_words"))  # "yesterday's file", "the client's list": nobody named
_OWNED_FILE = re.compile(r"\b(?P<owner>(?:mr|mrs|ms|dr|prof)\.?\s+[a-z]{1,20}|[a-z]{3,})'s\s+"
                         r"(?:(?:new|latest|last|own|first|second|other)\s+)?"
                         r"(?:upload|file|list|batch|set|sdf|csv|spreadsheet|plate|sheet)s?\b")
# a file named by a word and its label: "the river B file" (when only riverA_june.csv was shared: asked)
_LABELLED_FILE = re.compile(r"\b(?P<base>[a-z]{3,})[\s_-]?(?P<label>[a-z]|\d{1,4})\s+(?:file|upload|list|sheet|"
                            r"spreadsheet|csv|sdf|batch|set)\b")
# ... or by whom it came from: "the file from Team B" (when only teamA_q3.csv was shared: asked)
_FILE_FROM_LABEL = re.compile(r"\b(?:file|upload|list|sheet|spreadsheet|csv|sdf|batch|set)s?\s+(?:from|of|by)\s+"
                              r"(?:the\s+)?(?P<base>[a-z]{3,})[\s_-]?(?P<label>[a-z]|\d{1,4})\b(?![-'’])")


def upload_named(key: str, lowered: str) -> bool:
    """Whether the text names an upload by its file name's stem, as written ("plate14_hits"), with spaces for its
    separators ("the plate14 hits") or before its number ("the plate 7 one" for plate7.csv)."""
    return _named_at(key, lowered) is not None


def _named_at(key: str, lowered: str) -> tuple[int, int] | None:
    """Where the text names the upload by its file name's stem (as ``upload_named``), else None."""
    stem = key.removeprefix("upload_").rsplit(".", 1)[0].lower()
    spaced = re.sub(r"[_\-]+", " ", stem).strip()
    numbered = re.sub(r"(?<=[a-z])(?=\d)", " ", spaced)
    # (not "not the lead, just the xlsx ones": a file the text rules out; the pool's key written whole too,
    # "upload_exh0533_hits.smi")
    found = [m.span() for form in {stem, spaced, numbered} if form
             for m in [re.search(rf"(?<![\w.-]){_NOT_RULED_OUT}(?:upload_)?{re.escape(form)}(?![\w-])", lowered)]
             if m]
    return min(found) if found else None


def with_upload_numbers_joined(text: str, pool: Sequence[EntryMeta]) -> str:
    """``text`` with an upload's word and number written apart joined as its file name writes them ("Site 311." for
    cm_listing_site311.csv reads "site311"): a file named, not a value."""
    numbered: dict[str, list[str]] = {}
    for meta in pool:
        if not meta.key.startswith("upload_"):
            continue
        for token in re.split(r"[_\-.\s]+", meta.key.removeprefix("upload_").rsplit(".", 1)[0].lower()):
            if (parts := re.fullmatch(r"([a-z]{3,})(\d{1,5})", token)) is not None:
                text = re.sub(rf"(?i)\b{parts.group(1)}[\s_-]+{parts.group(2)}\b", token, text)
            elif token.isdigit():
                numbered.setdefault(token, []).append(meta.key)
    # "fine, use 98" for upload_batch_98.csv: the one file that number names
    return _USE_NUMBER.sub(lambda m: m.group(1) + numbered[m.group(2)][0] if len(numbered.get(m.group(2), ())) == 1
                           else m.group(), text)


_USE_NUMBER = re.compile(r"(\b(?:use|take|try|run)\s+(?:the\s+)?(?:file\s+)?)(\d{1,5})(?=\s*(?:[.,;!)]|$|then\b|one\b|"
                         r"instead\b|please\b))", re.I)


def file_tokens(pool: Sequence[EntryMeta]) -> set[str]:
    """The words and codes uploads' file names are made of ("sato_set2.csv": sato, set2)."""
    return {token for meta in pool if meta.key.startswith("upload_")
            for token in re.split(r"[_\-.\s]+", meta.key.removeprefix("upload_").rsplit(".", 1)[0].lower()) if token}


def uploads_named(lowered: str, pool: Sequence[EntryMeta]) -> list[str]:
    """The molecule uploads the text names by their file names, in the order it names them ("our lead and the
    backup" for lead.sdf and backup.sdf); a name inside another's ("lead v2") is that other upload only."""
    keys = molecule_uploads(pool)
    spans = {key: span for key in keys if (span := _named_at(key, lowered) or _word_at(key, keys, lowered))}
    inside = {k for k, (s, e) in spans.items() if any(o != k and os <= s and e <= oe and (os, oe) != (s, e)
                                                     for o, (os, oe) in spans.items())}
    return sorted((k for k in spans if k not in inside), key=lambda k: spans[k])


def _word_at(key: str, keys: Sequence[str], lowered: str) -> tuple[int, int] | None:
    """Where the text writes a word of the upload's file name that no other upload's name has ("the comeds file"
    for comeds_list.csv), else None."""
    others = set().union(*(_stem_words(k, 4) for k in keys if k != key))
    found = [m.span() for w in _stem_words(key, 4) - others
             for m in [re.search(rf"{_NOT_RULED_OUT}\b{re.escape(w)}\b", lowered)] if m]
    return min(found) if found else None


_EXTENSION = re.compile(r"(?<![\w.-])\.?(csv|tsv|sdf|smi|xlsx|fasta|fa|txt)(?![\w.-])")


def upload_by_extension(lowered: str, keys: Sequence[str]) -> str | None:
    """The one upload of ``keys`` whose file type the text names ("the sdf", "use the csv"); None when no type is
    written or several uploads have it."""
    fitting = uploads_of_type(lowered, keys)
    return fitting[0] if len(fitting) == 1 else None


def uploads_of_type(lowered: str, keys: Sequence[str]) -> list[str]:
    """The uploads of ``keys`` whose file type the text names ("the csv")."""
    written = set(_EXTENSION.findall(lowered))
    return [k for k in keys if k.startswith("upload_") and k.rsplit(".", 1)[-1].lower() in written]


# Stem words that say nothing about which upload is meant ("the list", "the csv", "final", "v2").
_GENERIC_STEM_WORDS = frozenset(words("generic_file_words"))


_CALENDAR = tuple(name.lower() for name in (*calendar.day_name, *calendar.month_name) if name)


def _calendar_word(short: str, lowered: str) -> bool:
    """A file word that shortens a day or month the text writes out ("tue" for "the Tuesday plate"); other
    shortenings are not matched ("tom" is no "tomorrow")."""
    return any(name.startswith(short) and re.search(rf"\b{name}", lowered) for name in _CALENDAR)


def _stem_words(key: str, shortest: int) -> set[str]:
    """The telling words of an upload's file name: "batch3" of ax_batch3.csv as written, and "batch" of it."""
    written = key.removeprefix("upload_").rsplit(".", 1)[0]
    stem, camel = written.lower(), _CAMEL.sub(" ", written).lower()  # "vendor" of vendorA_list.csv too
    return {w for w in [*re.split(r"[^a-z]+", stem), *re.split(r"[^a-z0-9]+", stem), *re.split(r"[^a-z]+", camel)]
            if len(w) >= shortest and w not in _GENERIC_STEM_WORDS and not w.isdigit()}


def upload_by_words(lowered: str, keys: Sequence[str]) -> tuple[str | None, bool]:
    """The upload whose file name shares the most words with the text ("Maria's list" → maria_hits.csv, "the hits
    from yesterday's run" → hits_run_1129.csv): (its key, False); (None, True) when several share as many words,
    so the text is ambiguous between them; (None, False) when none shares a word."""
    scores: dict[str, int] = {}
    joined = _HYPHENATED.sub("", lowered)  # "the salt-screen compounds" names saltscreen_A.csv and saltscreen_B.csv
    said = re.findall(r"[a-z]+", lowered)
    pairs = {a + b for a, b in zip(said, said[1:])}  # "the med list" names medlist_bed12.csv
    for key in keys:
        if not key.startswith("upload_"):
            continue
        scores[key] = sum(1 for w in _stem_words(key, 3) if any(re.search(rf"{_NOT_RULED_OUT}\b{w}\b", text)
                                                               for text in {lowered, joined})
                          or _calendar_word(w, lowered) or (len(w) >= 6 and w in pairs))
    best = max(scores.values(), default=0)
    if best == 0:
        coded = _by_code(lowered, list(scores))
        if len(coded) > 1:
            return None, True  # "the blood results of PM-24-0412" with PM24_0412_femoral.csv and PM24_0412_heart.csv
        if coded:
            return coded[0], False
        return _by_distinguishing_token(lowered, [k for k in keys if k.startswith("upload_")]), False
    top = [key for key, score in scores.items() if score == best]
    told = top[0] if len(top) == 1 else _by_distinguishing_part(lowered, top)
    return (told, False) if told else (None, True)


_HYPHENATED = re.compile(r"(?<=[a-z])-(?=[a-z])")


def _by_code(lowered: str, keys: Sequence[str]) -> list[str]:
    """The uploads whose file names hold a code the text writes with other separators ("PM-24-0412" in
    PM24_0412_heart.csv): a code of letters and digits, squashed, inside a squashed file name."""
    codes = {re.sub(r"[-_\s]", "", m.group()) for m in _CODE.finditer(lowered)}
    return [key for key in keys if any(code in re.sub(r"[-_]", "", key.removeprefix("upload_").lower())
                                       for code in codes)]


_CODE = re.compile(r"(?<![\w.-])[a-z]{1,5}[-_]?\d{2,}(?:[-_]\d{2,})+(?![\w-])")  # "pm-24-0412", "lot_22_117"
_REPLY_FILLERS = frozenset({"please", "pls", "the", "one", "file", "upload", "set", "half", "thanks", "ok", "okay",
                            "yes", "use", "run", "on", "sorry", "oops", "now", "too", "also", "then", "i", "meant",
                            "mean"})


def _file_tokens(keys: Sequence[str]) -> dict[str, set[str]]:
    """The parts of each upload's file name, camel-case and number parts apart ("caseB_cns" → case, b, cns;
    "plate8_hits" → plate, 8, hits): "Case B." for caseA/caseB, "Plate 8." for plate7/plate8."""
    return {k: set(re.split(r"[^a-z0-9]+", _CAMEL.sub(" ", k.removeprefix("upload_").rsplit(".", 1)[0]).lower()))
            - {""} for k in keys}


def _by_distinguishing_part(lowered: str, keys: Sequence[str]) -> str | None:
    """Of uploads the words fit equally, the one whose own name part the text writes ("the same for plate 7" with
    plate7_hits.csv and plate8_hits.csv)."""
    tokens = _file_tokens(keys)
    fitting = [k for k in keys
               if any(_writes_part(t, tokens[k], lowered)
                      for t in tokens[k] - set().union(*(tokens[o] for o in keys if o != k)))]
    return fitting[0] if len(fitting) == 1 else None


def _writes_part(part: str, parts: set[str], lowered: str) -> bool:
    """Whether the text writes a file's own name part; a single letter only after another part of the name or as the
    whole answer ("panel A", "B only", not the A of "Aurora A")."""
    if len(part) > 1:
        return bool(re.search(rf"(?<![\w.]){re.escape(part)}(?!\w|\.\d)", lowered))
    before = "|".join(re.escape(p) for p in sorted(parts - {part}) if len(p) > 1)
    words = [w for w in re.findall(r"[a-z0-9]+", lowered) if w not in _REPLY_FILLERS and w != "only"]
    return words == [part] or bool(before and re.search(rf"\b(?:{before})[\s_-]*{re.escape(part)}(?!\w)", lowered))


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Za-z])(?=\d)")


def _by_distinguishing_token(lowered: str, keys: Sequence[str]) -> str | None:
    """A short reply that is the one token telling uploads apart ("B please" for competitor_A.csv and
    competitor_B.csv, "the 2" for plate_1 and plate_2); None otherwise."""
    reply = lowered.strip().rsplit("\n", 1)[-1]  # a continuation reads "earlier request\nreply"
    if len(keys) < 2:
        return None
    tokens = _file_tokens(keys)
    shared = set.intersection(*tokens.values())
    # (split as the names are: "v2" for linkers_v1 and linkers_v2)
    said = [w for w in re.findall(r"[a-z0-9]+", _CAMEL.sub(" ", reply)) if w not in _REPLY_FILLERS and w not in shared]
    # one telling token, alone or set off before a few words about the file ("B, the tosylates."; not the article
    # of "a different approach")
    telling = {w for w in said if sum(w in t for t in tokens.values()) == 1}
    if len(telling) != 1 or len(said) > 3 or (len(said) > 1 and not re.search(
            rf"(?<![a-z0-9]){re.escape(next(iter(telling)))}\s*[,.;:!?—–-]", _CAMEL.sub(" ", reply))):
        return None
    fitting = [k for k in keys if telling <= tokens[k]]
    return fitting[0] if len(fitting) == 1 else None


_ORDINALS = ordinals()
# "the second file", "the first upload", "the 2nd sdf": an upload by the order it was shared in
_UPLOAD_BY_PLACE = re.compile(rf"\bthe\s+({'|'.join(_ORDINALS)})\s+(?:file|upload|sdf|csv|spreadsheet|set)\b")


def upload_by_place(lowered: str, keys: Sequence[str]) -> str | None:
    """The upload an ordinal names ("the second file"), counting ``keys`` in the order they were shared; None when
    no such phrase is written or the place is past the uploads."""
    match = _UPLOAD_BY_PLACE.search(lowered)
    uploads = [k for k in keys if k.startswith("upload_")]
    if match is None or len(uploads) < 2:
        return None
    place = _ORDINALS[match.group(1)]
    return uploads[place - 1] if 0 < place <= len(uploads) else (uploads[-1] if place == -1 else None)


def known_words(e: Entities) -> set[str]:
    """Cell lines, drugs and targets as the message writes them: never taken for a file name."""
    return {w.lower() for w, _ in e.cell_mentions} | {n.written.lower() for n in e.names}


def unknown_upload(lowered: str, pool: Sequence[EntryMeta], known: frozenset[str] | set[str] = frozenset()
                    ) -> tuple[str, list[str]] | None:
    """A file-like name the message uses that no upload has, but that looks like one that does ("plate2" when only
    plate1 was uploaded): (the word, the closest uploads' keys); None when nothing like that is written."""
    uploads = {m.key.removeprefix("upload_").lower(): m.key for m in pool if m.key.startswith("upload_")}
    stems = {**uploads, **{name.rsplit(".", 1)[0]: key for name, key in uploads.items()}}
    if not stems or any(upload_named(key, lowered) for key in uploads.values()):
        return None
    for match in _OWNED_FILE.finditer(lowered):  # "Marco's upload" with only priya_batch3.csv shared: asked
        written = match.group("owner")
        # "Dr Patel's list" (patel_meds.csv), "Mrs K's list" (upload_MrsK_meds.csv): the surname, or title and letter
        owners = {re.sub(r"[\s.]", "", written), *(w for w in written.split()[-1:] if len(w) >= 3)}
        if owners & {*known, *_NOT_PEOPLE, *_CALENDAR}:
            continue
        if not any(owner in m.key.lower() or owner in m.set_by.lower() for owner in owners for m in pool
                   if m.key.startswith("upload_")):
            return match.group(), list(uploads.values())[:3]
    for match in [*_LABELLED_FILE.finditer(lowered), *_FILE_FROM_LABEL.finditer(lowered)]:
        # "the river B file" when only riverA_june.csv was shared: a sibling file with another label, asked
        base, label = match.group("base"), match.group("label")
        siblings = [stem for stem in stems if (sibling := re.search(rf"{base}[\s_-]?([a-z]|\d{{1,4}})(?![a-z])", stem))
                    and sibling.group(1) != label]
        if siblings and not any(re.search(rf"{base}[\s_-]?{label}(?![a-z0-9])", stem) for stem in stems):
            return match.group(), list(dict.fromkeys(stems[stem] for stem in siblings))[:3]
    for match in _FILE_LIKE.finditer(lowered):
        word = match.group().replace(" ", "")
        if word in known:
            continue
        squashed = re.sub(r"[-_]", "", word)
        if word in stems or any(word == m.key.lower() for m in pool) or \
                any(squashed in re.sub(r"[-_]", "", stem) for stem in stems):
            return None  # an upload named as it is, or as a part of its name ("Sam's round-2 file"): no question
        closest = difflib.get_close_matches(word, list(stems), n=3, cutoff=0.7)
        letters = re.sub(r"[^a-z]", "", word)  # "round-3" when only sam_round2.csv was shared: another number
        closest = closest or [stem for stem in stems if len(letters) >= 3 and letters in re.sub(r"[^a-z]", "", stem)]
        if closest or "." in word:  # like an upload's name, or written as a file name
            return word, list(dict.fromkeys(stems[c] for c in closest or stems))[:3]
    return None


def molecule_uploads(pool: Sequence[EntryMeta]) -> list[str]:
    """The keys of the uploaded molecule files, in the order they were shared."""
    return [m.key for m in sorted(pool, key=lambda m: (m.set_at, m.seq))
            if m.kind in ("smiles_list", "smiles") and m.key.startswith("upload_")]


def names_an_upload(lowered: str, pool: Sequence[EntryMeta]) -> bool:
    """Whether the text names one molecule upload: by its file name, file type, owner or file words ("Marco's"), the
    one token telling uploads apart, or its place ("the second file")."""
    keys = molecule_uploads(pool)
    return any(upload_named(key, lowered) for key in keys) or upload_by_extension(lowered, keys) is not None or \
        _by_distinguishing_token(lowered, keys) is not None or upload_by_words(lowered, keys)[0] is not None or \
        upload_by_place(lowered, keys) is not None
