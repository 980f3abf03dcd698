#!/usr/bin/env python3
"""Independent Hans38 perft, written from seed 003 and RULINGS §4 / L1-L14,
not from the Rust engine, to cross-check tests/data/perft/hans38.perft.

Plays Hans38 (owned squares, one action per turn) and Hans38 Neutral from a
position in the family's FEN-like notation (docs/formats.md) and prints
`perft DEPTH NODES` lines. Pure Python, no dependencies; depth 3 takes
seconds, depth 4 minutes.

    python3 scripts/squares_perft.py [--neutral] "FEN" DEPTH
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

    def __init__(self, fen, neutral):
        parts = fen.split()
        self.neutral = neutral
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
                    if not neutral:
                        self.own[(f, r)] = 'w' if c.isupper() else 'b'
                f += 1
        self.turn = parts[1]
        self.castle = set() if parts[2] == '-' else set(parts[2])
        self.ep = None if parts[3] == '-' else (ord(parts[3][0]) - 97, int(parts[3][1]) - 1)
        w, b = parts[4][1:].split('/')
        self.res = {'w': int(w), 'b': int(b)}
        self.barred = set()
        if len(parts) > 5 and parts[5] != '-':
            for s in parts[5].split(','):
                self.barred.add((ord(s[0]) - 97, int(s[1]) - 1))

    def copy(self):
        p = Pos.__new__(Pos)
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

    def apply(self, m):
        us = self.turn
        kind = m[0]
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
            self.ep = None
        elif kind == 's':
            _, a, b = m
            self.sq.remove(a)
            self.sq.add(b)
            if a in self.own:
                self.own[b] = self.own.pop(a)
            self.ep = None

    def legal(self):
        us = self.turn
        them = 'b' if us == 'w' else 'w'
        cands = self.piece_moves()
        for s in self.sq:
            if s in self.pc or s in self.barred:
                continue
            if not self.neutral and self.own.get(s) != us:
                continue
            for (a, b) in LEAPS:
                t = (s[0] + a, s[1] + b)
                if on(*t) and t not in self.sq:
                    cands.append(('s', s, t))
        if self.res[us] > 0:
            for f in range(8):
                for r in range(8):
                    if (f, r) not in self.sq:
                        cands.append(('p', (f, r)))
        out = []
        for m in cands:
            p = self.copy()
            p.apply(m)
            k = p.king(us)
            if k is None or not p.attacked(k, them):
                p.barred = {m[2]} if m[0] == 's' else set()
                p.turn = them
                out.append(p)
        return out


def perft(p, d):
    if d == 0:
        return 1
    kids = p.legal()
    if d == 1:
        return len(kids)
    return sum(perft(k, d - 1) for k in kids)


def main():
    args = sys.argv[1:]
    neutral = '--neutral' in args
    args = [a for a in args if a != '--neutral']
    fen, depth = args[0], int(args[1])
    p = Pos(fen, neutral)
    for d in range(1, depth + 1):
        print(f'perft {d} {perft(p, d)}', flush=True)


if __name__ == '__main__':
    main()
