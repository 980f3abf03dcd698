#!/usr/bin/env python3
"""Independent Hans38 perft, written from seed 003 and RULINGS §4 / L1-L14,
not from the Rust engine, to cross-check tests/data/perft/hans38.perft.

Plays any game of the family from a position in its FEN-like notation
(docs/formats.md) and prints `perft DEPTH NODES` lines. Pure Python, no
dependencies; Hans38 depth 3 takes seconds, depth 4 minutes.

    python3 scripts/squares_perft.py [--variant NAME] [--postal yes|plus] "FEN" DEPTH

NAME is hans38 (default), neutral, basic, infinite or moving. A turn is a
list of actions; turns whose actions are the same and whose result is the
same (a square move and a placement that do not touch each other, in
either order) count once.
"""

import sys

N_ = (1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)
K_ = (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)
ORTH = (1, 0), (0, 1), (-1, 0), (0, -1)
DIAG = (1, 1), (-1, 1), (-1, -1), (1, -1)
LEAPS = [(x, y) for x in range(-2, 3) for y in range(-2, 3) if (x, y) != (0, 0)]


def on(f, r):
    return 0 <= f < 8 and 0 <= r < 8


class Pos:
    """sq: set of (f, r) with a square; pc: (f, r) -> 'P'/'p'...; own: (f, r) -> 'w'/'b'."""

    def __init__(self, fen, cfg):
        parts = fen.split()
        self.cfg = cfg
        self.neutral = cfg['neutral']
        self.sq, self.pc, self.own = set(), {}, {}
        for i, row in enumerate(parts[0].split('/')):
            r, f, run = 7 - i, 0, ''
            row += '|'
            for c in row:
                if c.isdigit():
                    run += c
                    continue
                for _ in range(int(run or 0)):
                    self.sq.add((f, r))
                    f += 1
                run = ''
                if c == '|':
                    break
                if c == '.':
                    f += 1
                    continue
                self.sq.add((f, r))
                if c == '-':
                    self.own[(f, r)] = 'w'
                elif c == '=':
                    self.own[(f, r)] = 'b'
                else:
                    self.pc[(f, r)] = c
                    if not self.neutral:
                        self.own[(f, r)] = 'w' if c.isupper() else 'b'
                f += 1
        self.turn = parts[1]
        self.castle = set() if parts[2] == '-' else set(parts[2])
        self.ep = None if parts[3] == '-' else (ord(parts[3][0]) - 97, int(parts[3][1]) - 1)
        w, b = parts[4][1:].split('/')
        inf = float('inf')
        self.res = {'w': inf if w == '*' else int(w), 'b': inf if b == '*' else int(b)}
        self.barred = set()
        if len(parts) > 5 and parts[5] != '-':
            for s in parts[5].split(','):
                self.barred.add((ord(s[0]) - 97, int(s[1]) - 1))
        self.full = int(parts[7]) if len(parts) > 7 else 1

    def copy(self):
        p = Pos.__new__(Pos)
        p.cfg, p.full = self.cfg, self.full
        p.neutral, p.sq, p.pc, p.own = self.neutral, set(self.sq), dict(self.pc), dict(self.own)
        p.turn, p.castle, p.ep, p.res, p.barred = self.turn, set(self.castle), self.ep, dict(self.res), set(self.barred)
        return p

    def mine(self, c, color):
        return c.isupper() == (color == 'w')

    def passable(self, s):
        return s in self.sq and s not in self.pc

    def attacked(self, t, by):
        """Whether side `by` attacks location t."""
        for (f, r), c in self.pc.items():
            if not self.mine(c, by):
                continue
            u = c.upper()
            dx, dy = t[0] - f, t[1] - r
            if u == 'P':
                fw = 1 if by == 'w' else -1
                if dy == fw and abs(dx) == 1:
                    return True
            elif u == 'N':
                if (dx, dy) in N_:
                    return True
            elif u == 'K':
                if max(abs(dx), abs(dy)) == 1:
                    return True
            else:
                dirs = {'R': ORTH, 'B': DIAG, 'Q': ORTH + DIAG}[u]
                for (a, b) in dirs:
                    x, y = f + a, r + b
                    while on(x, y):
                        if (x, y) == t:
                            return True
                        if not self.passable((x, y)):
                            break
                        x, y = x + a, y + b
        return False

    def king(self, color):
        k = 'K' if color == 'w' else 'k'
        for s, c in self.pc.items():
            if c == k:
                return s
        return None

    def piece_moves(self):
        us = self.turn
        out = []
        for (f, r), c in list(self.pc.items()):
            if not self.mine(c, us):
                continue
            u = c.upper()
            fr = (f, r)

            def land(t, quiet_ok=True, cap_ok=True):
                if t not in self.sq:
                    return False
                if t in self.pc:
                    if cap_ok and not self.mine(self.pc[t], us):
                        out.append(('m', fr, t, None))
                    return False
                if quiet_ok:
                    out.append(('m', fr, t, None))
                return True

            if u == 'P':
                fw = 1 if us == 'w' else -1
                last = 7 if us == 'w' else 0
                one = (f, r + fw)
                if on(*one) and one in self.sq and one not in self.pc:
                    if one[1] == last:
                        for q in 'QRBN':
                            out.append(('m', fr, one, q))
                    else:
                        out.append(('m', fr, one, None))
                    two = (f, r + 2 * fw)
                    if r == (1 if us == 'w' else 6) and two in self.sq and two not in self.pc:
                        out.append(('m', fr, two, None))
                for dx in (-1, 1):
                    t = (f + dx, r + fw)
                    if not on(*t) or t not in self.sq:
                        continue
                    if t in self.pc and not self.mine(self.pc[t], us):
                        if t[1] == last:
                            for q in 'QRBN':
                                out.append(('m', fr, t, q))
                        else:
                            out.append(('m', fr, t, None))
                    elif self.ep == t and t not in self.pc:
                        v = (t[0], t[1] - fw)
                        if self.pc.get(v) == ('p' if us == 'w' else 'P'):
                            out.append(('ep', fr, t, v))
            elif u in 'NK':
                for (a, b) in (N_ if u == 'N' else K_):
                    t = (f + a, r + b)
                    if on(*t):
                        land(t)
            else:
                dirs = {'R': ORTH, 'B': DIAG, 'Q': ORTH + DIAG}[u]
                for (a, b) in dirs:
                    x, y = f + a, r + b
                    while on(x, y) and land((x, y)):
                        x, y = x + a, y + b
        # castling (L1): every location between king and rook holds an empty square
        back = 0 if us == 'w' else 7
        k = self.king(us)
        if k == (4, back) and not self.attacked(k, 'b' if us == 'w' else 'w'):
            them = 'b' if us == 'w' else 'w'
            for flag, rook, files, kto, rto, path in (
                ('K', 7, range(5, 7), 6, 5, (5, 6)),
                ('Q', 0, range(1, 4), 2, 3, (3, 2)),
            ):
                fl = flag if us == 'w' else flag.lower()
                if fl not in self.castle or self.pc.get((rook, back)) != ('R' if us == 'w' else 'r'):
                    continue
                if not all(self.passable((x, back)) for x in files):
                    continue
                if any(self.attacked((x, back), them) for x in path):
                    continue
                out.append(('c', (4, back), (kto, back), ((rook, back), (rto, back))))
        return out

    def take(self, s, color):
        if not self.neutral:
            self.own[s] = color

    def key(self):
        return (frozenset(self.sq), frozenset(self.pc.items()), frozenset(self.own.items()),
                frozenset(self.castle), self.ep, self.res['w'], self.res['b'])

    def apply(self, m):
        us = self.turn
        kind = m[0]
        ret = self.cfg['returning'] and self.full >= 4 and kind in ('m', 'ep', 'c')
        src = m[1]
        if kind == 'm':
            _, a, b, q = m
            c = self.pc.pop(a)
            capture = b in self.pc
            self.pc[b] = (q if us == 'w' else q.lower()) if q else c
            self.take(b, us)
            self.ep = None
            if c.upper() == 'K':
                self.castle -= set('KQ' if us == 'w' else 'kq')
            for s, fl in (((0, 0), 'Q'), ((7, 0), 'K'), ((0, 7), 'q'), ((7, 7), 'k')):
                if a == s or b == s:
                    self.castle.discard(fl)
            if c.upper() == 'P' and abs(b[1] - a[1]) == 2:
                self.ep = (a[0], (a[1] + b[1]) // 2)
        elif kind == 'ep':
            _, a, b, v = m
            self.pc[b] = self.pc.pop(a)
            del self.pc[v]
            self.take(b, us)
            self.ep = None
        elif kind == 'c':
            _, a, b, (ra, rb) = m
            self.pc[b] = self.pc.pop(a)
            self.pc[rb] = self.pc.pop(ra)
            self.take(b, us)
            self.take(rb, us)
            self.castle -= set('KQ' if us == 'w' else 'kq')
            self.ep = None
        elif kind == 'p':
            self.sq.add(m[1])
            self.res[us] -= 1
            self.take(m[1], us)
        elif kind == 's':
            a, b = m[1], m[2]
            self.sq.remove(a)
            self.sq.add(b)
            if a in self.own:
                self.own[b] = self.own.pop(a)
            if a in self.pc:
                c = self.pc.pop(a)
                for s, fl in (((0, 0), 'Q'), ((7, 0), 'K'), ((0, 7), 'q'), ((7, 7), 'k')):
                    if a == s and c.upper() == 'R':
                        self.castle.discard(fl)
                if c.upper() == 'P' and b[1] == (7 if c.isupper() else 0):
                    # L17: the player's choice, carried in the action
                    c = m[3] if c.isupper() else m[3].lower()
                self.pc[b] = c
        if ret and src not in self.pc:
            self.sq.discard(src)
            self.own.pop(src, None)

    def shifts(self):
        us = self.turn
        out = []
        for s in self.sq:
            if s in self.barred:
                continue
            if s in self.pc:
                c = self.pc[s]
                if not self.cfg['moving'] or not self.mine(c, us) or c.upper() == 'K':
                    continue
                leaps = K_
            else:
                if not self.neutral and self.own.get(s) != us:
                    continue
                leaps = LEAPS
            for (a, b) in leaps:
                t = (s[0] + a, s[1] + b)
                if on(*t) and t not in self.sq:
                    c = self.pc.get(s, '')
                    if c.upper() == 'P' and t[1] == (7 if c.isupper() else 0):
                        out += [('s', s, t, x) for x in 'QRBN']
                    else:
                        out.append(('s', s, t))
        return out

    def places(self):
        if self.res[self.turn] <= 0:
            return []
        return [('p', (f, r)) for f in range(8) for r in range(8) if (f, r) not in self.sq]

    def after(self, acts):
        """The position after a list of actions, or None if one cannot be made."""
        p = self.copy()
        for a in acts:
            if a[0] == 's':
                if a not in p.shifts():
                    return None
            elif a[0] == 'p':
                if a not in p.places():
                    return None
            p.apply(a)
        return p

    def tails(self, base):
        """Square-action lists allowed after the piece move (or alone)."""
        cfg = self.cfg
        shifts, places = base.shifts(), base.places()
        lists = []
        if cfg['postal'] == 'off':
            lists = [[a] for a in shifts + places]
        else:
            lists = [[]] + [[a] for a in shifts + places]
            if cfg['postal'] == 'plus':
                for a in shifts:
                    q = base.after([a])
                    lists += [[a, b] for b in q.places()]
                for b in places:
                    q = base.after([b])
                    lists += [[b, a] for a in q.shifts()]
        if cfg['must_place']:
            lists = [l for l in lists if any(a[0] == 'p' for a in l)]
        return lists

    def legal(self):
        us = self.turn
        them = 'b' if us == 'w' else 'w'
        turns = []
        pm = self.piece_moves()
        if self.cfg['postal'] == 'off':
            turns = [[m] for m in pm] + self.tails(self)
        else:
            for m in pm:
                base = self.copy()
                base.apply(m)
                turns += [[m] + t for t in self.tails(base)]
        seen = set()
        out = []

        def collect(turns):
            for t in turns:
                p = self.after(t)
                if p is None:
                    continue
                k = p.king(us)
                if k is not None and p.attacked(k, them):
                    continue
                # L16: the touched squares where they stand after the turn
                # (a placed square moved on is barred where it went).
                touched = set()
                for a in t:
                    if a[0] == 's':
                        touched.discard(a[1])
                        touched.add(a[2])
                    elif a[0] == 'p' and self.cfg['bar_placed']:
                        touched.add(a[1])
                if not any(a[0] in ('m', 'ep', 'c') for a in t):
                    p.ep = None
                p.barred = touched
                p.turn = them
                if us == 'b':
                    p.full += 1
                key = (frozenset(t), p.key())
                if key in seen:
                    continue
                seen.add(key)
                out.append(p)

        collect(turns)
        if not out and self.cfg['postal'] != 'off' and self.full <= 1:
            collect([t for t in self.tails(self) if t])
        return out


def perft(p, d):
    if d == 0:
        return 1
    kids = p.legal()
    if d == 1:
        return len(kids)
    return sum(perft(k, d - 1) for k in kids)


CONFIGS = {
    'hans38': dict(neutral=False, postal='off', must_place=False, returning=False, bar_placed=False, moving=False),
    'neutral': dict(neutral=True, postal='off', must_place=False, returning=False, bar_placed=False, moving=False),
    'basic': dict(neutral=True, postal='off', must_place=False, returning=False, bar_placed=False, moving=False),
    'infinite': dict(neutral=True, postal='plus', must_place=True, returning=True, bar_placed=True, moving=False),
    'moving': dict(neutral=True, postal='plus', must_place=True, returning=True, bar_placed=True, moving=True),
}


def main():
    args = sys.argv[1:]
    variant, postal = 'hans38', None
    while args and args[0].startswith('--'):
        if args[0] == '--variant':
            variant = args[1]
        elif args[0] == '--postal':
            postal = args[1]
        args = args[2:]
    cfg = dict(CONFIGS[variant])
    if postal and not cfg['must_place']:
        cfg['postal'] = postal
    fen, depth = args[0], int(args[1])
    p = Pos(fen, cfg)
    for d in range(1, depth + 1):
        print(f'perft {d} {perft(p, d)}', flush=True)


if __name__ == '__main__':
    main()
