"""Independent answers for the examples played on a strip or a row (turtles, beans, treblecross,
misere_kayles, welter), written plainly from the games' rules. Each decides positions by the
definition itself (a position is lost for the player to move when every move leads to a won
position), searching the whole position, so it does not rely on the Sprague-Grundy theorem, the
XOR rule or the library; where that would be too slow, the reference says so and uses the mex
definition per component plus XOR, computed here without the library."""
import functools

from examples_brute_common import heaps_of, mex


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
