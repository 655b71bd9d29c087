"""`grundy nim` against game-tree searches: outcomes and winning moves of small positions in
normal and misere play, and on big heaps every move that makes the XOR zero (in misere play
the rule of DESIGN convention 4), in text and CSV."""
import csv
import io
import random

from cli_test_common import expect, fail, json_of, misere_loses, nim_loses, ok


def group_nim():
    rnd = random.Random(7)
    # small positions against the game tree
    for _ in range(120):
        heaps = [rnd.randrange(0, 8) for _ in range(rnd.randrange(0, 5))]
        j = json_of("nim", *heaps)
        if j is None:
            continue
        loses = nim_loses(tuple(sorted(heaps)))
        expect("nim %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        want = []
        for i, h in enumerate(heaps):
            for to in range(h):
                after = heaps[:i] + [to] + heaps[i + 1:]
                if nim_loses(tuple(sorted(after))):
                    want.append({"heap": i, "from": h, "to": to})
        expect("nim %s moves" % heaps, j["moves"], want)
        x = 0
        for h in heaps:
            x ^= h
        expect("nim %s nim-sum" % heaps, j["nim_sum"], x)
    # big heaps: every move that makes the XOR zero, and only those
    for _ in range(40):
        heaps = [rnd.getrandbits(rnd.choice((3, 20, 64))) for _ in range(rnd.randrange(1, 7))]
        x = 0
        for h in heaps:
            x ^= h
        want = [{"heap": i, "from": h, "to": h ^ x} for i, h in enumerate(heaps) if h ^ x < h]
        j = json_of("nim", *heaps)
        if j:
            expect("nim %s" % heaps, (j["outcome"], j["moves"]), ("N" if x else "P", want))
        rows = list(csv.reader(io.StringIO(ok("nim", *(heaps + ["--format", "csv"])))))
        expect("nim csv %s" % heaps, rows[1:],
               [["N", str(m["heap"]), str(m["from"]), str(m["to"])] for m in want]
               if want else [["P", "", "", ""]])
    out = ok("nim", 3, 4, 5)
    expect("nim 3 4 5 text", out.splitlines()[0], "nim-sum 2: N, the player to move wins")
    if "heap 0: 3 -> 1" not in out:
        fail("nim 3 4 5 text: no move 'heap 0: 3 -> 1' in %r" % out)
    expect("nim 1 2 3 text", ok("nim", 1, 2, 3).split(",")[0], "nim-sum 0: P")
    # misere: small positions against the game tree; the move must reach a losing position
    for _ in range(150):
        heaps = [rnd.choice((0, 1, 1, 2, 3, 5, 6)) for _ in range(rnd.randrange(0, 5))]
        j = json_of("misere", *heaps)
        if j is None:
            continue
        loses = misere_loses(tuple(sorted(heaps)))
        expect("misere %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        if loses or sum(heaps) == 0:
            expect("misere %s moves" % heaps, j["moves"], [])
            continue
        if len(j["moves"]) != 1:
            fail("misere %s: %r is not one move" % (heaps, j["moves"]))
            continue
        m = j["moves"][0]
        i, to = m["heap"], m["to"]
        if not (0 <= i < len(heaps) and m["from"] == heaps[i] and 0 <= to < heaps[i]
                and misere_loses(tuple(sorted(heaps[:i] + [to] + heaps[i + 1:])))):
            fail("misere %s: %r is not a winning move" % (heaps, m))
    j = json_of("misere")
    if j:
        expect("misere, no heaps", (j["outcome"], j["moves"], j["play"]), ("N", [], "misere"))
    j = json_of("misere", 0, 0)
    if j:
        expect("misere 0 0", (j["outcome"], j["moves"]), ("N", []))
    # big misere positions: the rule of DESIGN convention 4 decides the position reached
    def misere_rule_loses(hs):
        x = 0
        for h in hs:
            x ^= h
        if any(h > 1 for h in hs):
            return x == 0
        return x == 1
    for _ in range(40):
        heaps = [rnd.getrandbits(rnd.choice((1, 2, 40))) for _ in range(rnd.randrange(1, 6))]
        j = json_of("misere", *heaps)
        if not j:
            continue
        loses = misere_rule_loses(heaps) and sum(heaps) > 0
        expect("misere %s outcome" % heaps, j["outcome"], "P" if loses else "N")
        if not loses and sum(heaps) > 0:
            m = j["moves"][0]
            after = list(heaps)
            after[m["heap"]] = m["to"]
            if not (m["to"] < heaps[m["heap"]] and misere_rule_loses(after)):
                fail("misere %s: %r is not a winning move" % (heaps, m))
