#!/usr/bin/env python3
"""Independent answers for the programs in examples/, written plainly from the games' rules.

Each reference below decides positions by the definition itself - a position is lost for the
player to move when every move leads to a won position - searching the WHOLE position (all heaps
together), so it does not rely on the Sprague-Grundy theorem, the XOR rule or the library.
Where a whole-position search would be too slow (large samples), the reference says so and uses
the mex definition per component plus XOR, computed here without the library.

Usage: examples_brute.py BINDIR EXAMPLESDIR
  - checks that every sample EXAMPLESDIR/<name>.out equals this file's answer for <name>.in;
  - runs BINDIR/<name> on random small inputs and compares with this file's answer.
Prints one line per failure and exits non-zero when anything differs.
"""
import functools
import math
import os
import random
import subprocess
import sys

sys.setrecursionlimit(100000)


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


# ---- take_away: several heaps, a move takes b in B from one heap ---------------------------

def ref_take_away(text):
    t = list(map(int, text.split()))
    n = t[0]
    heaps = t[1:1 + n]
    m = t[1 + n]
    amounts = sorted(set(t[2 + n:2 + n + m]))

    @functools.lru_cache(maxsize=None)
    def wins(state):
        for i, h in enumerate(state):
            for b in amounts:
                if b <= h and not wins(state[:i] + (h - b,) + state[i + 1:]):
                    return True
        return False

    state = tuple(heaps)
    for i, h in enumerate(state):
        for b in amounts:
            if b <= h and not wins(state[:i] + (h - b,) + state[i + 1:]):
                return "YES\n%d %d\n" % (i + 1, b)
    return "NO\n"


def gen_take_away(rng):
    n = rng.randint(1, 3)
    heaps = [rng.randint(0, 9) for _ in range(n)]
    m = rng.randint(1, 3)
    amounts = [rng.randint(1, 6) for _ in range(m)]
    return "%d\n%s\n%d\n%s\n" % (n, " ".join(map(str, heaps)), m, " ".join(map(str, amounts)))


# ---- lasker: take any amount or split a heap in two, values of one heap ---------------------

@functools.lru_cache(maxsize=None)
def lasker_whole(heaps):
    """The Grundy value of a whole multiset of heaps (sorted tuple), by the mex definition."""
    options = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for k in range(1, h + 1):
            options.add(lasker_whole(tuple(sorted(rest + ((h - k,) if h > k else ())))))
        for a in range(1, h // 2 + 1):
            options.add(lasker_whole(tuple(sorted(rest + (a, h - a)))))
    return mex(options)


def heaps_of(text):
    t = list(map(int, text.split()))
    return t[1:1 + t[0]]


def ref_lasker(text):
    heaps = heaps_of(text)
    if sum(heaps) <= 12:
        win = lasker_whole(tuple(sorted(h for h in heaps if h))) != 0
    else:
        # too big for the whole-position search: the published values (Winning Ways, ch. 4),
        # SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4, SG(4k+4) = 4k+3, and XOR
        x = 0
        for h in heaps:
            x ^= h if h % 4 in (1, 2) or h == 0 else (h + 1 if h % 4 == 3 else h - 1)
        win = x != 0
    return "Alice\n" if win else "Bob\n"


def gen_lasker(rng):
    if rng.random() < 0.7:
        heaps = [rng.randint(0, 5) for _ in range(rng.randint(1, 3))]
    else:
        heaps = [rng.randint(0, 2 ** 31 - 1) for _ in range(rng.randint(1, 6))]
    return "%d\n%s\n" % (len(heaps), " ".join(map(str, heaps)))


# ---- split3: take any amount or split a heap in three ---------------------------------------

@functools.lru_cache(maxsize=None)
def split3_whole(heaps):
    """The Grundy value of a whole multiset of heaps (sorted tuple), by the mex definition."""
    options = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1:]
        for k in range(1, h + 1):
            options.add(split3_whole(tuple(sorted(rest + ((h - k,) if h > k else ())))))
        for a in range(1, h // 3 + 1):
            for b in range(a, (h - a) // 2 + 1):
                options.add(split3_whole(tuple(sorted(rest + (a, b, h - a - b)))))
    return mex(options)


def ref_split3(text):
    heaps = heaps_of(text)
    if sum(heaps) <= 12:
        win = split3_whole(tuple(sorted(h for h in heaps if h))) != 0
    else:
        # too big for the whole-position search: the published values of HDU 5795,
        # SG(8k+7) = 8k+8, SG(8k+8) = 8k+7, otherwise SG(n) = n; and XOR
        x = 0
        for h in heaps:
            x ^= h + 1 if h % 8 == 7 else (h - 1 if h % 8 == 0 and h else h)
        win = x != 0
    return "First\n" if win else "Second\n"


def gen_split3(rng):
    return gen_lasker(rng)


# ---- wythoff_big: Wythoff's game on two heaps, the outcome ---------------------------------

@functools.lru_cache(maxsize=None)
def wythoff_wins(x, y):
    moves = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
    moves += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return any(not wythoff_wins(a, b) for a, b in moves)


def ref_wythoff_big(text):
    x, y = map(int, text.split())
    if max(x, y) <= 40:
        win = wythoff_wins(x, y)
    else:
        # too big to search: the P-positions (a_k, a_k + k), a_k = floor(k phi), in integers
        lo, hi = min(x, y), max(x, y)
        k = hi - lo
        win = (k + math.isqrt(5 * k * k)) // 2 != lo
    return "%d\n" % win


def gen_wythoff_big(rng):
    if rng.random() < 0.6:
        return "%d %d\n" % (rng.randint(0, 40), rng.randint(0, 40))
    k = rng.randint(0, 10 ** 17)
    a = (k + math.isqrt(5 * k * k)) // 2
    if rng.random() < 0.5:
        x, y = a, a + k
    else:
        x, y = rng.randint(0, 10 ** 18), rng.randint(0, 10 ** 18)
    return "%d %d\n" % (x, y)


# ---- misere: misere Nim, the outcome -------------------------------------------------------

def ref_misere(text):
    heaps = heaps_of(text)
    if sum(heaps) <= 12:
        win = not misere_loses_whole(tuple(sorted(heaps)))
    else:
        # too big to search: Bouton's rule for misere play
        x = 0
        for h in heaps:
            x ^= h
        win = (x != 0) if any(h > 1 for h in heaps) else (x == 0)
    return "John\n" if win else "Brother\n"


@functools.lru_cache(maxsize=None)
def misere_loses_whole(heaps):
    """Whoever takes the last token loses: with none left, the player to move has won."""
    if sum(heaps) == 0:
        return False
    for i, h in enumerate(heaps):
        for to in range(h):
            if misere_loses_whole(tuple(sorted(heaps[:i] + (to,) + heaps[i + 1:]))):
                return False
    return True


def gen_misere(rng):
    if rng.random() < 0.7:
        heaps = [rng.randint(0, 4) for _ in range(rng.randint(1, 3))]
    else:
        heaps = [rng.choice([1, rng.randint(0, 2 ** 63 - 1)]) for _ in range(rng.randint(1, 6))]
    return "%d\n%s\n" % (len(heaps), " ".join(map(str, heaps)))


# ---- turtles: Mock Turtles, the outcome ------------------------------------------------------

@functools.lru_cache(maxsize=None)
def turtles_wins(heads):
    """heads: a frozenset of places showing heads. A move turns one, two or three coins, the
    rightmost (largest place) from heads to tails."""
    for r in heads:
        for others in [()] + [(a,) for a in range(r)] + \
                [(a, b) for a in range(r) for b in range(a + 1, r)]:
            after = set(heads)
            for c in (r,) + others:
                after ^= {c}
            if not turtles_wins(frozenset(after)):
                return True
    return False


def ref_turtles(text):
    places = heaps_of(text)
    if max(places) <= 7:
        heads = set()
        for n in places:
            heads ^= {n}
        win = turtles_wins(frozenset(heads))
    else:
        # too big to search: a head at n is worth the n-th odious number (odd number of ones)
        x = 0
        for n in places:
            x ^= 2 * n + 1 - bin(n).count("1") % 2
        win = x != 0
    return "First\n" if win else "Second\n"


def gen_turtles(rng):
    if rng.random() < 0.7:
        places = [rng.randint(0, 7) for _ in range(rng.randint(1, 4))]
    else:
        places = [rng.randint(0, 2 ** 62 - 1) for _ in range(rng.randint(1, 6))]
    return "%d\n%s\n" % (len(places), " ".join(map(str, places)))


# ---- beans: take a bean from bottle i, put one into j and k, i < j <= k ---------------------

def ref_beans(text):
    t = list(map(int, text.split()))
    games = t[0]
    pos = 1
    out = []
    for _ in range(games):
        n = t[pos]
        p = t[pos + 1:pos + 1 + n]
        pos += 1 + n
        # beans in the last bottle can never move: the state is the first n - 1 bottles

        def moves(state):
            for i in range(n - 1):
                if state[i] == 0:
                    continue
                for j in range(i + 1, n):
                    for k in range(j, n):
                        s = list(state)
                        s[i] -= 1
                        if j < n - 1:
                            s[j] += 1
                        if k < n - 1:
                            s[k] += 1
                        yield (i, j, k), tuple(s)

        @functools.lru_cache(maxsize=None)
        def wins(state):
            return any(not wins(s) for _, s in moves(state))

        good = [m for m, s in moves(tuple(p[:n - 1])) if not wins(s)]
        good.sort()
        if good:
            out.append("%d %d %d\n%d\n" % (good[0] + (len(good),)))
        else:
            out.append("-1 -1 -1\n0\n")
    return "".join(out)


def gen_beans(rng):
    games = rng.randint(1, 3)
    lines = [str(games)]
    for _ in range(games):
        n = rng.randint(1, 5)
        p = [rng.randint(0, 2 if n <= 4 else 1) for _ in range(n - 1)] + [rng.randint(0, 9)]
        lines.append(str(n))
        lines.append(" ".join(map(str, p)))
    return "\n".join(lines) + "\n"


# ---- nim_count: Nim, how many winning first moves ------------------------------------------

def ref_nim_count(text):
    t = list(map(int, text.split()))
    pos = 0
    out = []

    @functools.lru_cache(maxsize=None)
    def wins(state):
        for i, h in enumerate(state):
            for r in range(h):
                if not wins(tuple(sorted(state[:i] + (r,) + state[i + 1:]))):
                    return True
        return False

    while pos < len(t) and t[pos] != 0:
        n = t[pos]
        heaps = t[pos + 1:pos + 1 + n]
        pos += 1 + n
        count = 0
        for i, h in enumerate(heaps):
            for r in range(h):
                after = heaps[:i] + [r] + heaps[i + 1:]
                if not wins(tuple(sorted(after))):
                    count += 1
        out.append("%d\n" % count)
    return "".join(out)


def gen_nim_count(rng):
    lines = []
    for _ in range(rng.randint(1, 4)):
        n = rng.randint(1, 3)
        lines.append(str(n))
        lines.append(" ".join(str(rng.randint(0, 9)) for _ in range(n)))
    lines.append("0")
    return "\n".join(lines) + "\n"


# ---- snim: S-Nim, W/L for many positions ----------------------------------------------------

def ref_snim(text):
    t = list(map(int, text.split()))
    pos = 0
    out = []
    while pos < len(t) and t[pos] != 0:
        k = t[pos]
        s = sorted(set(t[pos + 1:pos + 1 + k]))
        pos += 1 + k

        @functools.lru_cache(maxsize=None)
        def wins(state):
            for i, h in enumerate(state):
                for x in s:
                    if x <= h and not wins(tuple(sorted(state[:i] + (h - x,) + state[i + 1:]))):
                        return True
            return False

        m = t[pos]
        pos += 1
        line = ""
        for _ in range(m):
            l = t[pos]
            heaps = tuple(sorted(t[pos + 1:pos + 1 + l]))
            pos += 1 + l
            line += "W" if wins(heaps) else "L"
        out.append(line + "\n")
    return "".join(out)


def gen_snim(rng):
    lines = []
    for _ in range(rng.randint(1, 3)):
        k = rng.randint(1, 3)
        lines.append("%d %s" % (k, " ".join(str(rng.randint(1, 5)) for _ in range(k))))
        m = rng.randint(1, 4)
        lines.append(str(m))
        for _ in range(m):
            l = rng.randint(1, 3)
            lines.append("%d %s" % (l, " ".join(str(rng.randint(0, 8)) for _ in range(l))))
    lines.append("0")
    return "\n".join(lines) + "\n"


# ---- treblecross: first moves that win on a 1 x n strip ------------------------------------

@functools.lru_cache(maxsize=None)
def treble_wins(board):
    """The player to move wins: some X completes three in a row, or leaves a lost board."""
    for i, c in enumerate(board):
        if c == ".":
            b = board[:i] + "X" + board[i + 1:]
            if "XXX" in b or not treble_wins(b):
                return True
    return False


@functools.lru_cache(maxsize=None)
def treble_block(length):
    """Grundy value of a block of `length` squares on which an X may go anywhere and kills the
    squares within distance 2 (the safe-square game), by the mex definition."""
    return mex({treble_block(max(0, p - 2)) ^ treble_block(max(0, length - 3 - p))
                for p in range(length)})


def treble_long(board):
    """For strips too long to search whole: immediate wins, else the safe-square game as a sum
    of blocks (mex per block, XOR), computed here independently of the C program's 0.007."""
    n = len(board)
    done = [i for i in range(n) if board[i] == "." and
            "XXX" in board[:i] + "X" + board[i + 1:]]
    if done:
        return done
    safe = [board[i] == "." and "X" not in board[max(0, i - 2):i + 3] for i in range(n)]
    res = []
    for i in range(n):
        if not safe[i]:
            continue
        b = list(board)
        b[i] = "X"
        s2 = [b[j] == "." and "X" not in b[max(0, j - 2):j + 3] for j in range(n)]
        total, j = 0, 0
        while j < n:
            if s2[j]:
                e = j
                while e < n and s2[e]:
                    e += 1
                total ^= treble_block(e - j)
                j = e
            else:
                j += 1
        if total == 0:
            res.append(i)
    return res


def ref_treblecross(text):
    t = text.split()
    out = []
    for board in t[1:1 + int(t[0])]:
        if len(board) <= 16:
            wins = [i for i, c in enumerate(board) if c == "." and
                    ("XXX" in board[:i] + "X" + board[i + 1:] or
                     not treble_wins(board[:i] + "X" + board[i + 1:]))]
        else:
            wins = treble_long(board)
        if wins:
            out.append("WINNING\n" + " ".join(str(i + 1) for i in wins) + "\n")
        else:
            out.append("LOSING\n\n")
    return "".join(out)


def gen_treblecross(rng):
    boards = []
    while len(boards) < 4:
        n = rng.choice([rng.randint(3, 13), rng.randint(17, 200)])
        p = rng.choice([0.0, 0.1, 0.2, 0.3])
        b = "".join("X" if rng.random() < p else "." for _ in range(n))
        if "XXX" not in b:
            boards.append(b)
    return "%d\n%s\n" % (len(boards), "\n".join(boards))


# ---- wythoff: queens moving left, down or diagonally ---------------------------------------

def queen_moves(x, y):
    for d in range(1, x + 1):
        yield x - d, y
    for d in range(1, y + 1):
        yield x, y - d
    for d in range(1, min(x, y) + 1):
        yield x - d, y - d


@functools.lru_cache(maxsize=None)
def queens_win(state):
    """Whole-position search over a sorted tuple of squares."""
    for i, (x, y) in enumerate(state):
        for sq in queen_moves(x, y):
            if not queens_win(tuple(sorted(state[:i] + (sq,) + state[i + 1:]))):
                return True
    return False


@functools.lru_cache(maxsize=None)
def queen_value(x, y):
    return mex({queen_value(a, b) for a, b in queen_moves(x, y)})


def wythoff_p(x, y):
    """Wythoff's P-positions: (floor(k*phi), floor(k*phi) + k), exact in integers."""
    x, y = min(x, y), max(x, y)
    k = y - x
    return x == (k + math.isqrt(5 * k * k)) // 2


def ref_wythoff(text):
    t = list(map(int, text.split()))
    pos = 1
    out = []
    for _ in range(t[0]):
        k = t[pos]
        squares = [(t[pos + 1 + 2 * i], t[pos + 2 + 2 * i]) for i in range(k)]
        pos += 1 + 2 * k
        if k == 1:
            first = not wythoff_p(*squares[0])
            if max(squares[0]) <= 30:
                assert first == queens_win(tuple(squares)), "Beatty formula disagrees"
        elif k == 2 and max(max(s) for s in squares) <= 7:
            first = queens_win(tuple(sorted(squares)))
        else:   # larger sums: mex per queen (computed here) and XOR
            v = 0
            for s in squares:
                v ^= queen_value(*s)
            first = v != 0
        out.append("First\n" if first else "Second\n")
    return "".join(out)


def gen_wythoff(rng):
    games = rng.randint(1, 4)
    lines = [str(games)]
    for _ in range(games):
        kind = rng.randint(0, 2)
        if kind == 0:
            squares = [(rng.randint(0, 300), rng.randint(0, 300))]
        elif kind == 1:
            squares = [(rng.randint(0, 7), rng.randint(0, 7)) for _ in range(2)]
        else:
            squares = [(rng.randint(0, 25), rng.randint(0, 25)) for _ in range(rng.randint(1, 4))]
        lines.append(str(len(squares)))
        lines.extend("%d %d" % s for s in squares)
    return "\n".join(lines) + "\n"


# ---- nim_product -----------------------------------------------------------------------------

def nim_mul_slow(a, b, memo={}):
    """The definition: a*b = mex{a'*b ^ a*b' ^ a'*b' : a' < a, b' < b}."""
    if (a, b) not in memo:
        memo[a, b] = mex({nim_mul_slow(i, b) ^ nim_mul_slow(a, j) ^ nim_mul_slow(i, j)
                          for i in range(a) for j in range(b)})
    return memo[a, b]


def nim_mul_fast(x, y, bits=64):
    """Split at the Fermat 2-power F = 2^(bits/2): F*F = F ^ F/2, and c*F = c << bits/2 for
    c < F. Checked against nim_mul_slow below."""
    if x < 2 or y < 2:
        return x * y
    h = bits // 2
    f = 1 << h
    a1, a0, b1, b0 = x >> h, x & (f - 1), y >> h, y & (f - 1)
    c = nim_mul_fast(a1, b1, h)
    hi = c ^ nim_mul_fast(a1, b0, h) ^ nim_mul_fast(a0, b1, h)
    lo = nim_mul_fast(a0, b0, h) ^ nim_mul_fast(c, f >> 1, h)
    return hi << h | lo


def ref_nim_product(text):
    t = list(map(int, text.split()))
    return "".join("%d\n" % nim_mul_fast(t[1 + 2 * i], t[2 + 2 * i]) for i in range(t[0]))


def gen_nim_product(rng):
    pairs = []
    for _ in range(20):
        bits = rng.choice([4, 8, 16, 32, 64])
        pairs.append((rng.getrandbits(bits), rng.getrandbits(bits)))
    return "%d\n%s\n" % (len(pairs), "\n".join("%d %d" % p for p in pairs))


# ---- graph_game: tokens on a directed graph with cycles; win, lose or draw --------------------

def graph_rounds(states, succ):
    """Plain game search with draws over a finite set of states: 'W', 'L' or 'D' for each.
    Round by round: a state is lost when every move leads to a state already won, won when
    some move leads to a state already lost; what is never decided is a draw."""
    res = {}
    changed = True
    while changed:
        changed = False
        for s in states:
            if s in res:
                continue
            opts = succ(s)
            if any(res.get(t) == "L" for t in opts):
                res[s] = "W"
                changed = True
            elif all(res.get(t) == "W" for t in opts):
                res[s] = "L"
                changed = True
    return {s: res.get(s, "D") for s in states}


def ref_graph_game(text):
    t = list(map(int, text.split()))
    n, m = t[0], t[1]
    adj = [[] for _ in range(n + 1)]
    for i in range(m):
        adj[t[2 + 2 * i]].append(t[3 + 2 * i])
    pos = 2 + 2 * m
    q = t[pos]
    pos += 1
    queries = []
    for _ in range(q):
        k = t[pos]
        queries.append(tuple(sorted(t[pos + 1:pos + 1 + k])))
        pos += 1 + k
    # the whole position: the sorted tuple of the tokens' vertices, every reachable one
    memo = {}
    out = []
    for start in queries:
        if start not in memo:
            seen = {start}
            stack = [start]
            while stack:
                s = stack.pop()
                for i, u in enumerate(s):
                    for v in adj[u]:
                        nxt = tuple(sorted(s[:i] + (v,) + s[i + 1:]))
                        if nxt not in seen:
                            seen.add(nxt)
                            stack.append(nxt)

            def succ(s):
                return {tuple(sorted(s[:i] + (v,) + s[i + 1:]))
                        for i, u in enumerate(s) for v in adj[u]}
            memo.update(graph_rounds(sorted(seen), succ))
        out.append({"W": "First\n", "L": "Second\n", "D": "Draw\n"}[memo[start]])
    return "".join(out)


def gen_graph_game(rng):
    n = rng.randint(1, 6)
    m = rng.randint(0, 10)
    edges = [(rng.randint(1, n), rng.randint(1, n)) for _ in range(m)]
    qs = []
    for _ in range(rng.randint(1, 6)):
        k = rng.randint(1, 3)
        qs.append([rng.randint(1, n) for _ in range(k)])
    return "%d %d\n%s%d\n%s" % (n, m, "".join("%d %d\n" % e for e in edges), len(qs),
                                "".join("%d %s\n" % (len(x), " ".join(map(str, x))) for x in qs))
# ---- misere_kayles: rows of pins, knock down 1 or 2 adjacent; the last pin loses ----------

@functools.lru_cache(maxsize=None)
def kayles_misere_wins(rows):
    """misere play on the whole position: no move left means the player to move has won"""
    moves = [tuple(sorted(rows[:i] + rows[i + 1:] + (a - 1, r - a - w + 1)))
             for i, r in enumerate(rows) for a in range(1, r + 1) for w in (1, 2)
             if a + w - 1 <= r]
    if not moves:
        return True
    return any(not kayles_misere_wins(m) for m in moves)


def ref_misere_kayles(text):
    t = list(map(int, text.split()))
    cases, pos, out = t[0], 1, []
    for _ in range(cases):
        k = t[pos]
        rows = t[pos + 1:pos + 1 + k]
        pos += 1 + k
        line = "LOSE"
        for i, r in enumerate(rows):
            for a in range(1, r + 1):
                for w in (1, 2):
                    if a + w - 1 > r or line != "LOSE":
                        continue
                    after = rows[:i] + rows[i + 1:] + [a - 1, r - a - w + 1]
                    if not kayles_misere_wins(tuple(sorted(after))):
                        line = "WIN %d %d %d" % (i + 1, a, a + w - 1)
        out.append(line + "\n")
    return "".join(out)


def gen_misere_kayles(rng):
    cases = []
    for _ in range(rng.randint(1, 6)):
        k = rng.randint(1, 4)
        while True:
            rows = [rng.randint(0, 12) for _ in range(k)]
            if 1 <= sum(rows) <= 24:
                break
        cases.append("%d %s" % (k, " ".join(map(str, rows))))
    return "%d\n%s\n" % (len(cases), "\n".join(cases))


# ---- driver -----------------------------------------------------------------------------------

# ---- welter: coins on a strip, the first winning move by coin, then by place ---------------

def ref_welter(text):
    t = list(map(int, text.split()))
    coins = t[1:1 + t[0]]

    @functools.lru_cache(maxsize=None)
    def wins(state):
        return any(b not in state and not wins(state - {a} | {b})
                   for a in state for b in range(a))

    for a in coins:
        for b in range(a):
            if b not in coins and not wins(frozenset(coins) - {a} | {b}):
                return "First %d %d\n" % (a, b)
    return "Second\n"


def gen_welter(rng):
    coins = rng.sample(range(22), rng.randint(1, 4))
    return "%d\n%s\n" % (len(coins), " ".join(map(str, coins)))


# ---- hackenbush: a picture on the ground; the first edge whose erasure wins -----------------

def ref_hackenbush(text):
    t = list(map(int, text.split()))
    n, m = t[0], t[1]
    edges = [(t[2 + 2 * i], t[3 + 2 * i]) for i in range(m)]

    def grounded(kept):
        reach, out, grew = {0}, set(), True
        while grew:
            grew = False
            for e in kept:
                if e not in out and (edges[e][0] in reach or edges[e][1] in reach):
                    out.add(e)
                    reach |= set(edges[e])
                    grew = True
        return frozenset(out)

    @functools.lru_cache(maxsize=None)
    def wins(kept):
        return any(not wins(grounded(kept - {e})) for e in kept)

    everything = grounded(frozenset(range(m)))
    for e in range(m):
        if e in everything and not wins(grounded(everything - {e})):
            return "First %d\n" % (e + 1)
    return "Second\n"


def gen_hackenbush(rng):
    n = rng.randint(1, 5)
    m = rng.randint(0, 8)
    return "%d %d\n%s" % (n, m, "".join("%d %d\n" % (rng.randrange(n), rng.randrange(n))
                                        for _ in range(m)))


# ---- cram: dominoes on boards; the first winning domino across, then down ---------------------

def ref_cram(text):
    words = text.split()
    q, pos, out = int(words[0]), 1, []
    for _ in range(q):
        r, c = int(words[pos]), int(words[pos + 1])
        rows = words[pos + 2:pos + 2 + r]
        pos += 2 + r
        empty = sum(1 << (i * c + j) for i in range(r) for j in range(c) if rows[i][j] == ".")

        def dominoes(e):
            across = [(i, 1, "R") for i in range(r * c) if i % c + 1 < c and e >> i & 3 == 3]
            down = [(i, c, "D") for i in range(r * c - c) if e >> i & 1 and e >> (i + c) & 1]
            return across + down

        @functools.lru_cache(maxsize=None)
        def wins(e):
            return any(not wins(e & ~(1 << i | 1 << (i + d))) for i, d, _ in dominoes(e))

        for i, d, way in dominoes(empty):
            if not wins(empty & ~(1 << i | 1 << (i + d))):
                out.append("First %d %d %s\n" % (i // c + 1, i % c + 1, way))
                break
        else:
            out.append("Second\n")
    return "".join(out)


def gen_cram(rng):
    q = rng.randint(1, 3)
    text = "%d\n" % q
    for _ in range(q):
        r, c = rng.randint(1, 4), rng.randint(1, 4)
        text += "%d %d\n" % (r, c)
        for _ in range(r):
            text += "".join("#" if rng.random() < 0.2 else "." for _ in range(c)) + "\n"
    return text


# ---- node_kayles: take a vertex and its neighbours; the smallest winning vertex ---------------

def ref_node_kayles(text):
    t = list(map(int, text.split()))
    q, pos, out = t[0], 1, []
    for _ in range(q):
        n, m = t[pos], t[pos + 1]
        near = [1 << v for v in range(n)]   # each vertex with its neighbours, as bitmasks
        for i in range(m):
            u, v = t[pos + 2 + 2 * i] - 1, t[pos + 3 + 2 * i] - 1
            near[u] |= 1 << v
            near[v] |= 1 << u
        pos += 2 + 2 * m

        @functools.lru_cache(maxsize=None)
        def wins(left):
            return any(left >> v & 1 and not wins(left & ~near[v]) for v in range(n))

        whole = (1 << n) - 1
        for v in range(n):
            if not wins(whole & ~near[v]):
                out.append("First %d\n" % (v + 1))
                break
        else:
            out.append("Second\n")
    return "".join(out)


def gen_node_kayles(rng):
    q = rng.randint(1, 3)
    text = "%d\n" % q
    for _ in range(q):
        n = rng.randint(1, 9)
        edges = [(u, v) for u in range(1, n + 1) for v in range(u + 1, n + 1)
                 if rng.random() < 0.3]
        edges += edges[:rng.randint(0, 1)]   # an edge given twice
        text += "%d %d\n" % (n, len(edges))
        text += "".join("%d %d\n" % ((u, v) if rng.random() < 0.5 else (v, u))
                        for u, v in edges)
    return text


EXAMPLES = {
    "take_away": (ref_take_away, gen_take_away),
    "lasker": (ref_lasker, gen_lasker),
    "split3": (ref_split3, gen_split3),
    "wythoff_big": (ref_wythoff_big, gen_wythoff_big),
    "misere": (ref_misere, gen_misere),
    "turtles": (ref_turtles, gen_turtles),
    "beans": (ref_beans, gen_beans),
    "nim_count": (ref_nim_count, gen_nim_count),
    "snim": (ref_snim, gen_snim),
    "treblecross": (ref_treblecross, gen_treblecross),
    "wythoff": (ref_wythoff, gen_wythoff),
    "nim_product": (ref_nim_product, gen_nim_product),
    "graph_game": (ref_graph_game, gen_graph_game),
    "misere_kayles": (ref_misere_kayles, gen_misere_kayles),
    "welter": (ref_welter, gen_welter),
    "hackenbush": (ref_hackenbush, gen_hackenbush),
    "cram": (ref_cram, gen_cram),
    "node_kayles": (ref_node_kayles, gen_node_kayles),
}

ROUNDS = 25


def main():
    bindir, exdir = sys.argv[1], sys.argv[2]
    failures = 0
    # the fast nim product is only trusted where it matches the definition
    for a in range(32):
        for b in range(32):
            if nim_mul_fast(a, b) != nim_mul_slow(a, b):
                print("nim_mul_fast(%d, %d) disagrees with the definition" % (a, b))
                failures += 1
    for src in sorted(os.listdir(exdir)):
        if src.endswith(".c") and src[:-2] not in EXAMPLES:
            print("examples/%s has no brute force here" % src)
            failures += 1
    rng = random.Random(20261121)
    for name, (ref, gen) in sorted(EXAMPLES.items()):
        with open(os.path.join(exdir, name + ".in")) as f:
            sample_in = f.read()
        with open(os.path.join(exdir, name + ".out")) as f:
            sample_out = f.read()
        if ref(sample_in) != sample_out:
            print("%s: examples/%s.out differs from the brute force" % (name, name))
            failures += 1
        for _ in range(ROUNDS):
            text = gen(rng)
            run = subprocess.run([os.path.join(bindir, name)], input=text, text=True,
                                 capture_output=True)
            want = ref(text)
            if run.returncode != 0 or run.stdout != want:
                print("%s: on input\n%s---\nprogram said (status %d)\n%s---\nbrute force says\n%s"
                      % (name, text, run.returncode, run.stdout + run.stderr, want))
                failures += 1
                break
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--answer":
        with open(sys.argv[3]) as f:
            sys.stdout.write(EXAMPLES[sys.argv[2]][0](f.read()))
    else:
        main()
