"""Misere play of take-and-break games, searched plainly from the definitions, for the checks of
`grundy misere` (tests/check_cli_misere.sh, tests/check_cli_quotient.sh): the player who cannot
move wins. Nothing here comes from the library."""
from functools import lru_cache


def digits(code):
    """the code's digits, d[0] the one before the point ("0.75" -> [0, 7, 5]; hexadecimal too)"""
    d0, _, rest = code.partition(".")
    return [int(d0 or "0", 16)] + [int(c, 16) for c in rest]


def heap_moves(d, h):
    """every way to replace a heap of h tokens: tuples of the heaps left, in every order"""
    out = []
    for r, dig in enumerate(d):
        if r > h:
            break
        if r == 0:
            dig &= 4
        if dig & 1 and h == r:
            out.append(())
        if dig & 2 and h > r:
            out.append((h - r,))
        if dig & 4 and h >= r + 2:
            out += [(a, h - r - a) for a in range(1, h - r)]
        if dig & 8 and h >= r + 3:
            out += [(a, b, h - r - a - b) for a in range(1, h - r) for b in range(1, h - r - a)]
    return out


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def xor(values):
    x = 0
    for v in values:
        x ^= v
    return x


def values(code):
    """(misere, normal): misere(heaps, nims) is the misere Grundy value of heaps of the game
    plus Nim heaps (sorted tuples), nothing simplified; normal(h) the normal-play value"""
    d = digits(code)

    @lru_cache(maxsize=None)
    def misere(heaps, nims):
        opts = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1:]
            for parts in heap_moves(d, h):
                opts.add(misere(tuple(sorted(rest + parts)), nims))
        for i, n in enumerate(nims):
            rest = nims[:i] + nims[i + 1:]
            for m in range(n):
                opts.add(misere(heaps, tuple(sorted(rest + ((m,) if m else ())))))
        return mex(opts) if opts else 1   # no move: the player to move has won

    @lru_cache(maxsize=None)
    def normal(h):
        return mex({xor(normal(p) for p in parts) for parts in heap_moves(d, h)})

    return misere, normal


def wins(code):
    """win(heaps): the player to move wins the misere sum (a sorted tuple of heaps); a player
    with no move wins"""
    d = digits(code)

    @lru_cache(maxsize=None)
    def win(heaps):
        moved = False
        for i, h in enumerate(heaps):
            if i and heaps[i - 1] == h:
                continue
            for parts in heap_moves(d, h):
                moved = True
                rest = heaps[:i] + heaps[i + 1:] + tuple(p for p in parts if p)
                if not win(tuple(sorted(rest))):
                    return True
        return not moved

    return win
