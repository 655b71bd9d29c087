"""Independent answers for the examples of Nim and games of heaps (take_away, lasker, split3,
misere, nim_count, snim) and for the nimber product (nim_product), written plainly from the
games' rules. Each decides positions by the definition itself (a position is lost for the player
to move when every move leads to a won position), searching the whole position, so it does not
rely on the Sprague-Grundy theorem, the XOR rule or the library; where that would be too slow,
the reference says so and uses the mex definition per component plus XOR, computed here without
the library."""
import functools

from examples_brute_common import heaps_of, mex


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
