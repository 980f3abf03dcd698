#!/usr/bin/env python3
"""Fairy-Stockfish's built-in variants as variants.ini definitions
(tests/data/variants/fairy.ini, issue 17): check the definitions against the
built-ins with pyffish, and write reference data from the built-ins.

Usage (pyffish 0.0.90: `scripts/peers.sh target/peers-venv`, then
`target/peers-venv/bin/python scripts/pyffish_variants.py ...`):

  pyffish_variants.py [--ini FILE] [--extra FILE2] check [NAME...]
      Loads FILE and FILE2 (default: tests/data/variants/fairy.ini and
      fairy-not-carried.ini, the built-ins xpgn refuses) into pyffish with
      every section renamed `NAME-ini` (and its parent too when the parent
      is a section of the files) and compares each with the built-in NAME:
      the start FEN, perft 1-3 from it, and, along the random games `games`
      writes and random walks from a few endgames (PROBES), at every ply the
      legal moves, the FEN, the game-end verdicts and the SAN of the moves.
      One line per variant; exit status 1 on any mismatch. A difference in
      FEN or game-end verdicts only fails when the section's comment has no
      `# Not carried:` line; a difference in legal moves always fails.
  pyffish_variants.py [--ini FILE] [--extra FILE2] perft [-o OUT]
      tests/data/perft format: for each section of both files a block
      `id NAME`, `epd STARTFEN`, `perft 1 N`, ... from the BUILT-IN variant;
      depth 3 only when it has at most MAX_NODES (3,000,000) nodes.
  pyffish_variants.py [--ini FILE] games [--out-dir DIR]
      For each section of FILE 5 seeded random games of the built-in (40-120
      plies, fewer when the game ends): DIR/fairy-games.pgn (SAN from
      get_san_moves), DIR/fairy-games.fens (get_fen of each final position)
      and DIR/fairy-games.uci (the UCI moves), one game a line, in order
      (default DIR: tests/data/variants).
  pyffish_variants.py [--ini FILE] planted [--out-dir DIR]
      For each section of FILE the first random game cut at a seeded ply,
      followed by an illegal move (see write_planted): DIR/fairy-planted.pgn
      and DIR/fairy-planted.tsv.

Before anything, the files are read by this script too: every key must be
one of the keys xpgn's reader carries (ALLOWED_KEYS below), every parent
`chess` or an earlier section, and no section may take the name of an xpgn
built-in (pyffish would silently ignore an unknown key; this script does
not). `--extra -` reads no second file.
"""

import argparse
import os
import random
import re
import sys

import pyffish as sf

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DATA = os.path.join(ROOT, "tests", "data", "variants")
DEFAULT_INI = os.path.join(DATA, "fairy.ini")
DEFAULT_EXTRA = os.path.join(DATA, "fairy-not-carried.ini")

SEED = 17  # issue 17
GAMES_PER_VARIANT = 5
MIN_PLIES, MAX_PLIES = 40, 120
MAX_DEPTH = 3
MAX_NODES = 3_000_000
SUFFIX = "-ini"
NOT_CARRIED = "# Not carried:"

PIECE_KEYS = """pawn knight bishop rook queen king fers alfil fersAlfil silver
aiwok bers archbishop chancellor amazon knibis biskni kniroo rookni shogiPawn
lance shogiKnight gold dragonHorse clobber breakthrough immobile wazir commoner
centaur horse elephant janggiElephant soldier""".split()

ALLOWED_KEYS = set(PIECE_KEYS) | set("""maxRank maxFile startFen chess960
promotionRegionWhite promotionRegionBlack promotionPieceTypes
promotionPieceTypesWhite promotionPieceTypesBlack mandatoryPawnPromotion
doubleStep doubleStepRegionWhite doubleStepRegionBlack enPassantRegion
pawnTypes castling castlingKingsideFile castlingQueensideFile castlingKingFile
castlingRookKingsideFile castlingRookQueensideFile castlingRookPieces
castlingKingPiece checking stalemateValue checkmateValue nMoveRule nFoldRule
nFoldValue extinctionValue extinctionPieceTypes extinctionPieceCount flagPiece
flagRegionWhite flagRegionBlack variantTemplate pieceToCharTable
pocketSize""".split())
CUSTOM_PIECE = re.compile(r"^customPiece([1-9]|1[0-9]|2[0-5])$")

# Names xpgn gives its own games: a definition file may not take them.
XPGN_NAMES = set("""chess chess960 fischerandom gast squirrel atomic antichess
giveaway crazyhouse kingofthehill koth 3check threecheck horde racingkings
standard""".split())


class IniError(Exception):
    pass


class Section:
    def __init__(self, name, parent, line, extra=False):
        self.extra = extra  # from the --extra file: checked, counted, not played
        self.name = name
        self.parent = parent
        self.line = line
        self.keys = {}  # key -> (value, line)
        self.comments = []  # the comment lines just above the header

    @property
    def fully_carried(self):
        return not any(c.startswith(NOT_CARRIED) for c in self.comments)


def read_ini(path, known=(), extra=False):
    """The sections of a definition file, checked against the rules above;
    `known` are the names of sections read before (allowed as parents)."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    sections = []
    comments = []
    names = set(known)
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r")
        where = f"{path}:{number}"
        stripped = line.strip()
        if not stripped:
            comments = []
            continue
        if stripped.startswith("#") or stripped.startswith(";"):
            comments.append(stripped)
            continue
        if stripped.startswith("["):
            m = re.fullmatch(r"\[([A-Za-z0-9_-]+)(?::([A-Za-z0-9_-]+))?\]", stripped)
            if not m:
                raise IniError(f"{where}: bad section header {stripped!r}")
            name, parent = m.group(1), m.group(2)
            if name in names:
                raise IniError(f"{where}: section [{name}] defined twice")
            if name in XPGN_NAMES:
                raise IniError(f"{where}: [{name}] is an xpgn built-in name")
            if parent is not None and parent != "chess" and parent not in names:
                raise IniError(f"{where}: parent {parent!r} is neither chess nor an earlier section")
            section = Section(name, parent, number, extra)
            section.comments = comments
            comments = []
            sections.append(section)
            names.add(name)
            continue
        if not sections:
            raise IniError(f"{where}: key outside a section")
        if "=" not in line:
            raise IniError(f"{where}: expected `key = value`")
        key, value = (part.strip() for part in line.split("=", 1))
        if key not in ALLOWED_KEYS and not CUSTOM_PIECE.match(key):
            raise IniError(f"{where}: key {key!r} is not one xpgn carries")
        if key in sections[-1].keys:
            raise IniError(f"{where}: key {key!r} given twice in [{sections[-1].name}]")
        if not value:
            raise IniError(f"{where}: key {key!r} has no value")
        sections[-1].keys[key] = (value, number)
    if not sections:
        raise IniError(f"{path}: no sections")
    return sections


def renamed_config(paths, sections):
    """The files' text with each section renamed NAME-ini (parents too)."""
    names = {s.name for s in sections}
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for line in text.split("\n"):
            m = re.fullmatch(r"\s*\[([A-Za-z0-9_-]+)(?::([A-Za-z0-9_-]+))?\]\s*", line)
            if m:
                name, parent = m.group(1), m.group(2)
                header = name + SUFFIX
                if parent:
                    header += ":" + (parent + SUFFIX if parent in names else parent)
                line = f"[{header}]"
            out.append(line)
    return "\n".join(out) + "\n"


def version():
    return ".".join(str(x) for x in sf.version())


def perft(variant, fen, depth, moves=None):
    """Leaf count of the legal move tree; the last ply is counted in bulk."""
    moves = moves or []
    legal = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(variant, fen, depth - 1, moves + [m]) for m in legal)


def perft_counts(variant, fen):
    """perft 1..MAX_DEPTH, leaving out a depth above MAX_NODES."""
    counts = []
    for depth in range(1, MAX_DEPTH + 1):
        n = perft(variant, fen, depth)
        if n > MAX_NODES:
            break
        counts.append(n)
    return counts


def game_over(variant, fen, moves, legal):
    """Why pyffish ends the game here (None while it goes on)."""
    if not legal:
        return "no legal move"
    if sf.is_immediate_game_end(variant, fen, moves)[0]:
        return "immediate end"
    if sf.is_optional_game_end(variant, fen, moves)[0]:
        return "optional end"
    return None


UCI_MOVE = re.compile(r"^([a-z])(\d+)([a-z])(\d+)([a-z]?)$")


def board_of(fen):
    """{(file, rank): letter} of a FEN's board (files and ranks from 0)."""
    rows = fen.split(" ")[0].split("[")[0].split("/")
    board = {}
    for r, row in enumerate(reversed(rows)):
        f, i = 0, 0
        while i < len(row):
            c = row[i]
            if c.isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                f += int(row[i:j])
                i = j
                continue
            if c.isalpha():
                board[(f, r)] = c
                f += 1
            elif c == "*":
                f += 1
            i += 1
    return board


def special_moves(fen, legal):
    """The castling moves and promotions among `legal` (UCI) in `fen`."""
    board = None
    white = fen.split(" ")[1] == "w"
    found = []
    for move in legal:
        m = UCI_MOVE.match(move)
        if not m:
            continue
        if m.group(5):
            found.append(move)
            continue
        if board is None:
            board = board_of(fen)
        src = (ord(m.group(1)) - 97, int(m.group(2)) - 1)
        dst = (ord(m.group(3)) - 97, int(m.group(4)) - 1)
        piece = board.get(src)
        if piece != ("K" if white else "k"):
            continue
        target = board.get(dst)
        own = target is not None and target.isupper() == white
        if own or (src[1] == dst[1] and abs(src[0] - dst[0]) >= 2):
            found.append(move)
    return found


def random_games(variant):
    """GAMES_PER_VARIANT seeded random games of the built-in variant: (UCI
    moves, why the game stops) each.

    Each ply picks uniformly among the legal moves, except that when a
    castling move or a promotion is legal it is played with probability 1/2
    (uniform among them), so that the games castle and promote more often
    than blind random play would."""
    fen = sf.start_fen(variant)
    rng = random.Random(f"{SEED}:{variant}")
    games = []
    for _ in range(GAMES_PER_VARIANT):
        length = rng.randint(MIN_PLIES, MAX_PLIES)
        moves = []
        end = f"{length} plies"
        while len(moves) < length:
            legal = sorted(sf.legal_moves(variant, fen, moves))
            reason = game_over(variant, fen, moves, legal)
            if reason is not None:
                end = reason
                break
            special = special_moves(sf.get_fen(variant, fen, moves), legal)
            if special and rng.random() < 0.5:
                moves.append(rng.choice(special))
            else:
                moves.append(rng.choice(legal))
        games.append((moves, end))
    return games


def verdicts(variant, fen, moves, legal):
    """pyffish's game-end verdicts; the value of a `False` verdict is
    whatever was in memory (it changes from call to call), so it is dropped."""
    immediate = sf.is_immediate_game_end(variant, fen, moves)
    optional = sf.is_optional_game_end(variant, fen, moves)
    return (
        immediate if immediate[0] else False,
        optional if optional[0] else False,
        None if legal else sf.game_result(variant, fen, moves),
    )


# Endgames the random games seldom reach, for the rules that decide them:
# bare kings (which Chaturanga, unlike Shatranj, lets play on), counting,
# extinction, flags, misère mate. (Shatranj and Courier are not in
# fairy.ini: here their built-ins' bare-king rule ends the game, and
# pyffish then lists no legal moves.) `check` walks
# PROBE_PLIES seeded random plies from each and compares as along the games.
PROBES = {
    "chaturanga": ["4k3/8/8/8/8/8/8/R3K3 b - - 0 1", "4k3/4R3/8/8/8/8/8/4K3 b - - 0 1"],
    "makruk": ["4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", "4k3/8/8/8/3R4/8/4n3/4K3 w - - 0 1",
               "4k3/8/2s5/8/3R4/8/8/4K3 w - - 0 1"],
    "ai-wok": ["4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", "4k3/8/8/8/3A4/8/4n3/4K3 w - - 0 1"],
    "asean": ["4k3/8/8/8/3R4/8/8/4K3 w - - 0 1", "4k3/8/2b5/8/3R4/8/8/4K3 w - - 0 1"],
    "extinction": ["4k3/p7/8/8/8/8/P7/R3K3 b - - 0 1", "4k3/p2q4/8/8/8/8/P7/R3K2Q w - - 0 1"],
    "kinglet": ["4k3/p7/8/8/8/8/1P6/4K3 b - - 0 1"],
    "threekings": ["k1k5/8/8/8/8/8/8/KK5k w - - 0 1", "kk6/8/8/8/8/8/8/KK4Qk w - - 0 1"],
    "breakthrough": ["8/8/8/8/8/8/1p6/P7 b - - 0 1", "8/P6p/8/8/8/8/8/8 w - - 0 1"],
    "fox-and-hounds": ["1h1h1h2/6F1/8/8/8/8/8/8 w - - 0 1", "8/8/8/8/8/8/1h1h4/F7 w - - 0 1"],
    "misere": ["rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"],
    "clobber": ["5/5/2p2/2P2/5/5 w - - 0 1"],
    "torpedo": ["4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1", "4k3/3p4/8/8/4P3/8/8/4K3 b - - 0 1"],
}
PROBE_PLIES = 40


def compare_line(s, name, mine, fen, moves, label):
    """Compares built-in and definition at every ply of a move list:
    (problems, notes, positions). A legal-move difference is always a
    problem; a FEN or game-end difference is a note for a section that
    does not carry every rule, a problem otherwise."""
    problems, notes = [], []
    for ply in range(len(moves) + 1):
        sofar = moves[:ply]
        where = f"{label} ply {ply}"
        a = sorted(sf.legal_moves(name, fen, sofar))
        b = sorted(sf.legal_moves(mine, fen, sofar))
        if a != b:
            problems.append(f"{where}: legal moves differ: {sorted(set(a) ^ set(b))}")
            return problems, notes, ply
        fa, fb = sf.get_fen(name, fen, sofar), sf.get_fen(mine, fen, sofar)
        if fa != fb:
            (notes if not s.fully_carried else problems).append(f"{where}: FEN {fb} != {fa} (built-in)")
        va, vb = verdicts(name, fen, sofar, a), verdicts(mine, fen, sofar, b)
        if va != vb:
            (notes if not s.fully_carried else problems).append(f"{where}: game end {vb} != {va} (built-in)")
        if problems:
            return problems, notes, ply
    if sf.get_san_moves(name, fen, moves) != sf.get_san_moves(mine, fen, moves):
        problems.append(f"{label}: SAN differs")
    return problems, notes, len(moves) + 1


def probe_walk(variant, fen, seed):
    """PROBE_PLIES seeded random plies from fen, past a claimable draw (so
    that a count that runs out is played through), fewer only when there is
    no legal move."""
    rng = random.Random(seed)
    moves = []
    while len(moves) < PROBE_PLIES:
        legal = sorted(sf.legal_moves(variant, fen, moves))
        if not legal:
            break
        moves.append(rng.choice(legal))
    return moves


def check(args, sections):
    sf.load_variant_config(renamed_config(args.files, sections))
    builtins = set(sf.variants())
    failed = 0
    chosen = [s for s in sections if not args.names or s.name in args.names]
    unknown = set(args.names) - {s.name for s in sections}
    if unknown:
        print(f"pyffish_variants.py: no section {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    for s in chosen:
        name, mine = s.name, s.name + SUFFIX
        problems, notes = [], []
        if name not in builtins:
            problems.append("no built-in of this name")
        elif mine not in builtins:
            problems.append("pyffish did not load the section")
        else:
            fen = sf.start_fen(name)
            # Compared as pyffish writes them: a start FEN may leave out
            # fields (breakthrough's `w 0 1`) that a definition gives.
            ours, theirs = sf.get_fen(mine, sf.start_fen(mine), []), sf.get_fen(name, fen, [])
            if ours != theirs:
                problems.append(f"start FEN {ours!r} != {theirs!r}")
            else:
                counts = perft_counts(name, fen)
                for depth, n in enumerate(counts, 1):
                    m = perft(mine, fen, depth)
                    if m != n:
                        problems.append(f"perft {depth}: {m} != {n}")
                        break
                lines = [(fen, moves, f"game {g}") for g, (moves, _) in enumerate(random_games(name), 1)]
                for i, pfen in enumerate(PROBES.get(name, []), 1):
                    lines.append((pfen, probe_walk(name, pfen, f"{SEED}:{name}:{i}"), f"probe {i}"))
                plies = 0
                for lfen, moves, label in lines:
                    if problems:
                        break
                    p, n, k = compare_line(s, name, mine, lfen, moves, label)
                    problems += p
                    notes += n
                    plies += k
        status = "ok" if not problems else "MISMATCH"
        detail = ""
        if not problems and name in builtins:
            probes = len(PROBES.get(name, []))
            detail = (f"perft {' '.join(map(str, counts))}; {plies} positions of "
                      f"{GAMES_PER_VARIANT} games{f' and {probes} probes' if probes else ''} agree")
            if notes:
                detail += f" except {len(notes)} FENs or game ends (rules not carried; first: {notes[0]})"
        print(f"{status:8} {name:16} {'; '.join(problems) or detail}")
        failed += bool(problems)
    print(f"# {len(chosen) - failed} of {len(chosen)} sections agree with Fairy-Stockfish {version()} (pyffish)")
    return 1 if failed else 0


def write_perft(args, sections):
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    v = version()
    print(f"# Fairy-Stockfish's built-in variants, perft from their start positions.", file=out)
    print(f"# source: Fairy-Stockfish {v} (pyffish), the BUILT-IN variant of each name,", file=out)
    print(f"# scripts/pyffish_variants.py perft; definitions of the same games in", file=out)
    print(f"# tests/data/variants/fairy.ini and, for the last ones, fairy-not-carried.ini", file=out)
    print(f"# (`pyffish_variants.py check` holds them equal to the built-ins).", file=out)
    print(f"# `epd` is the variant's start FEN exactly as Fairy-Stockfish defines it", file=out)
    print(f"# (so some lack the castling and e.p. fields); depth 3 is left out where it", file=out)
    print(f"# has more than {MAX_NODES:,} nodes.", file=out)
    for s in sections:
        fen = sf.start_fen(s.name)
        counts = perft_counts(s.name, fen)
        print(file=out)
        if len(counts) < MAX_DEPTH:
            depth = len(counts) + 1
            n = perft(s.name, fen, depth)
            print(f"# perft {depth} {n} left out: more than {MAX_NODES:,} nodes", file=out)
        print(f"id {s.name}", file=out)
        print(f"epd {fen}", file=out)
        for depth, n in enumerate(counts, 1):
            print(f"perft {depth} {n}", file=out)
        out.flush()
    if out is not sys.stdout:
        out.close()
    return 0


def movetext(sans):
    words = []
    for i, san in enumerate(sans):
        if i % 2 == 0:
            words.append(f"{i // 2 + 1}.")
        words.append(san)
    words.append("*")
    lines, line = [], ""
    for w in words:
        if line and len(line) + 1 + len(w) > 79:
            lines.append(line)
            line = w
        else:
            line = f"{line} {w}" if line else w
    lines.append(line)
    return "\n".join(lines)


def write_games(args, sections):
    os.makedirs(args.out_dir, exist_ok=True)
    pgn, fens, ucis = [], [], []
    ends = {}
    for s in sections:
        fen = sf.start_fen(s.name)
        for number, (moves, end) in enumerate(random_games(s.name), 1):
            if not end.endswith(" plies"):
                ends.setdefault(end, []).append(f"{s.name} {number} ({len(moves)} plies)")
            tags = [("Event", "pyffish random game"), ("Site", "?"), ("Date", "????.??.??"),
                    ("Round", str(number)), ("White", "?"), ("Black", "?"), ("Result", "*"),
                    ("Variant", s.name)]
            text = "\n".join(f'[{k} "{v}"]' for k, v in tags)
            pgn.append(f"{text}\n\n{movetext(sf.get_san_moves(s.name, fen, moves))}\n")
            fens.append(sf.get_fen(s.name, fen, moves))
            ucis.append(" ".join(moves))
    for name, body in (("fairy-games.pgn", "\n".join(pgn)),
                       ("fairy-games.fens", "\n".join(fens) + "\n"),
                       ("fairy-games.uci", "\n".join(ucis) + "\n")):
        with open(os.path.join(args.out_dir, name), "w", encoding="utf-8") as f:
            f.write(body)
    print(f"{len(fens)} games of {len(sections)} variants written to {args.out_dir}")
    for end, games in sorted(ends.items()):
        print(f"{end}: {len(games)} games: {', '.join(games)}")
    return 0


SAN_TARGET = re.compile(r"^([A-Z]?)[^=]*?([a-p][0-9]+)(=[A-Z])?[+#]*$")


def san_key(san):
    """(piece letter, destination, promotion) of a SAN, None for castling."""
    m = SAN_TARGET.match(san)
    if not m or san.startswith("O-O"):
        return None
    return m.group(1), m.group(2), m.group(3) or ""


def write_planted(args, sections):
    """One game a variant with a planted illegal move: the first random
    game up to a seeded ply k >= 4, then the SAN of a move the same side
    could make two plies earlier, such that no legal move at ply k has the
    same piece letter, destination and promotion (so that no reading of its
    disambiguation makes it legal); check and mate marks are dropped."""
    os.makedirs(args.out_dir, exist_ok=True)
    pgn, rows = [], []
    for number, s in enumerate(sections, 1):
        name = s.name
        fen = sf.start_fen(name)
        moves, _ = random_games(name)[0]
        rng = random.Random(f"{SEED}:planted:{name}")
        plies = list(range(4, len(moves)))
        rng.shuffle(plies)
        found = None
        for k in plies:
            here = sf.get_fen(name, fen, moves[:k])
            taken = {san_key(sf.get_san(name, here, m)) for m in sf.legal_moves(name, here, [])}
            before = sf.get_fen(name, fen, moves[:k - 2])
            candidates = []
            for m in sorted(sf.legal_moves(name, before, [])):
                san = sf.get_san(name, before, m).rstrip("+#")
                key = san_key(san)
                if key is not None and key not in taken:
                    candidates.append((san, m))
            if candidates:
                found = (k, *rng.choice(candidates))
                break
        if found is None:
            print(f"pyffish_variants.py: {name}: no move to plant", file=sys.stderr)
            return 1
        k, san, uci = found
        tags = [("Event", "pyffish random game, planted illegal move"), ("Site", "?"),
                ("Date", "????.??.??"), ("Round", str(number)), ("White", "?"), ("Black", "?"),
                ("Result", "*"), ("Variant", name)]
        text = "\n".join(f'[{t} "{v}"]' for t, v in tags)
        sans = sf.get_san_moves(name, fen, moves[:k]) + [san]
        pgn.append(f"{text}\n\n{movetext(sans)}\n")
        rows.append(f"{number}\t{name}\t{k}\t{k + 1}\t{san}\t{uci}\t{sf.get_fen(name, fen, moves[:k])}")
    header = (f"# Fairy-Stockfish {version()} (pyffish), scripts/pyffish_variants.py planted\n"
              "game\tvariant\tplies\tplanted_ply\tplanted_san\tplanted_uci_two_plies_earlier\tfen\n")
    with open(os.path.join(args.out_dir, "fairy-planted.pgn"), "w", encoding="utf-8") as f:
        f.write("\n".join(pgn))
    with open(os.path.join(args.out_dir, "fairy-planted.tsv"), "w", encoding="utf-8") as f:
        f.write(header + "\n".join(rows) + "\n")
    print(f"{len(rows)} games with a planted illegal move written to {args.out_dir}")
    return 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ini", default=DEFAULT_INI, help="definition file (default: %(default)s)")
    p.add_argument("--extra", default=DEFAULT_EXTRA,
                   help="more definitions, for check and perft only, `-` for none (default: %(default)s)")
    sub = p.add_subparsers(dest="command", required=True)
    pc = sub.add_parser("check", help="compare each section with the built-in of its name")
    pc.add_argument("names", nargs="*", metavar="NAME", help="only these sections")
    pp = sub.add_parser("perft", help="perft of the built-ins, .perft format")
    pp.add_argument("-o", "--output", help="write here instead of stdout")
    pg = sub.add_parser("games", help="random games of the built-ins")
    pg.add_argument("--out-dir", default=DATA)
    pl = sub.add_parser("planted", help="one game a variant with a planted illegal move")
    pl.add_argument("--out-dir", default=DATA)
    args = p.parse_args()
    try:
        sections = read_ini(args.ini)
        args.files = [args.ini]
        if args.extra != "-":
            sections += read_ini(args.extra, {s.name for s in sections}, extra=True)
            args.files.append(args.extra)
        if args.command in ("games", "planted"):
            sections = [s for s in sections if not s.extra]
    except (IniError, OSError) as e:
        print(f"pyffish_variants.py: {e}", file=sys.stderr)
        return 2
    if version() != "0.0.90" and args.command != "check":
        print(f"pyffish_variants.py: note: pyffish {version()}, the committed data is from 0.0.90",
              file=sys.stderr)
    commands = {"check": check, "perft": write_perft, "games": write_games, "planted": write_planted}
    return commands[args.command](args, sections)


if __name__ == "__main__":
    sys.exit(main())
