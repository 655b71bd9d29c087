"""`grundy survey` against a brute force written here from the rules of take-and-break games
(values by mex over every move, then the Guy-Smith periodicity theorem applied to them), against
the periods in the literature, and against `grundy octal CODE --period`."""
import json
import random

from cli_survey_common import TOOL, expect, fail, run, survey_ok


# ---- the brute force ---------------------------------------------------------------------------

def digits_of(code):
    """d0 and d1..dt of a canonical code (trailing zeros dropped)."""
    d0, rest = code.split(".")
    ds = [int(ch, 16) for ch in rest]
    while ds and ds[-1] == 0:
        ds.pop()
    return int(d0 or "0"), ds


def values(code, count):
    """G(0 .. count-1) by mex over every move: digit d_i of the code lets a move remove i
    tokens from a heap and leave nothing (bit 1), one heap (2), two (4) or three (8)
    non-empty heaps; d0 = 4 splits a heap in two without removing any."""
    d0, ds = digits_of(code)
    moves = [(0, d0)] + [(i + 1, d) for i, d in enumerate(ds)]
    G = []
    for n in range(count):
        seen = set()
        for i, d in moves:
            r = n - i
            if r < 0:
                continue
            if d & 1 and r == 0:
                seen.add(0)
            if d & 2 and r >= 1:
                seen.add(G[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    seen.add(G[a] ^ G[r - a])
            if d & 8:
                for a in range(1, r // 3 + 1):
                    for b in range(a, (r - a) // 2 + 1):
                        seen.add(G[a] ^ G[b] ^ G[r - a - b])
        m = 0
        while m in seen:
            m += 1
        G.append(m)
    return G


def suffix_start(G, N, p):
    """The least n with G(k + p) == G(k) for n <= k < N - p."""
    n = N - p
    while n > 0 and G[n - 1] == G[n - 1 + p]:
        n -= 1
    return n


def theorem_proof(code, G, N):
    """(n0, q) when the Guy-Smith theorem proves G(n + q) == G(n) for n >= n0 from G(0..N-1):
    the equality checked for n0 <= n < E, E = 2*max(n0,1) + q + t (3*max(n0,1) + 2*q + t when
    a move may leave three heaps), t the last non-zero digit. None when no q proves."""
    _, ds = digits_of(code)
    t, three = len(ds), any(d & 8 for d in ds)
    for q in range(1, N):
        n0 = suffix_start(G, N, q)
        n1 = max(n0, 1)
        end = 3 * n1 + 2 * q + t if three else 2 * n1 + q + t
        if end + q <= N:
            return n0, q
    return None


def expected(code, limit):
    """What a survey must say of `code` with --limit `limit`, from the brute force."""
    G = values(code, limit)
    proof = theorem_proof(code, G, limit)
    e = {"proven": proof is not None}
    if proof:
        n0, q = proof
        # the sequence is periodic from n0 with period q: the least period divides q, and the
        # least preperiod is where G(n + s) == G(n) starts to hold for good
        s = min(d for d in range(1, q + 1)
                if q % d == 0 and all(G[k] == G[k + d] for k in range(n0, n0 + q)))
        pre = suffix_start(G, n0 + q + s, s) if n0 > 0 else 0
        pre = min(pre, n0)
        exc = [k for k in range(pre) if G[k] != G[pre + (k - pre) % s]]
        e.update(preperiod=pre, period=s, saltus=0, exceptions=len(exc),
                 last_exception=exc[-1] if exc else None, observed=None)
    else:
        e.update(preperiod=None, period=None, saltus=None, exceptions=None,
                 last_exception=None, computed=limit)
        # an unproven pattern only under "observed"
        hint = observed(code, G)
        e.update(observed=hint and dict(preperiod=hint[0], period=hint[1], saltus=hint[2]))
    return e, G


def observed(code, G):
    """The pattern an unproven search reports (sg_octal_prove): among p with 3p <= N whose
    stretch G(n + p) == G(n), n0 <= n < N, spans at least 3p and N/4 values, the earliest n0,
    then the least p. With a digit of bit 8 and no such p: the least p whose stretch
    G(n + p) == G(n) + s (s >= 0 read off the end) spans 3p and N/2 values."""
    N = len(G)
    best = None
    for p in range(1, N // 3 + 1):
        n = suffix_start(G, N, p)
        if N - n >= 3 * p and N - n >= N // 4 and (best is None or n < best[0]):
            best = (n, p, 0)
    _, ds = digits_of(code)
    if best is None and any(d & 8 for d in ds):
        for p in range(1, N // 3 + 1):
            s = G[N - 1] - G[N - 1 - p]
            if s < 0:
                continue
            n = N - p
            while n > 0 and G[n - 1 + p] - G[n - 1] == s:
                n -= 1
            if N - n >= 3 * p and N - n >= N // 2:
                return (n, p, s)
    return best


def check_arithmetic(what, code, o, N):
    """A proven arithmetic period G(n + p) == G(n) + s for n >= n0 (its own test, not the
    Guy-Smith theorem) must hold on N brute-force values, with n0 and p the least that do."""
    G = values(code, N)
    n0, p, s = o.get("preperiod"), o.get("period"), o.get("saltus")
    if not all(isinstance(x, int) and x >= 0 for x in (n0, p, s)) or p == 0:
        fail("%s: arithmetic period %r" % (what, (n0, p, s)))
        return G
    if any(G[n + p] != G[n] + s for n in range(n0, N - p)):
        fail("%s: G(n + %d) == G(n) + %d fails before %d" % (what, p, s, N))
    if n0 > 0 and G[n0 - 1 + p] == G[n0 - 1] + s:
        fail("%s: preperiod %d is not the least" % (what, n0))
    for q in range(1, p):
        d = G[N - 1] - G[N - 1 - q]
        if all(G[n + q] == G[n] + d for n in range(n0, N - q)):
            fail("%s: period %d is not the least (%d with saltus %d)" % (what, p, q, d))
    return G


def check_values(codes, limit):
    """One survey of `codes` against the brute force, and against `octal --period`."""
    got = survey_ok(("\n".join(codes) + "\n").encode(), "--limit", str(limit),
                    what="survey of %d codes, limit %d" % (len(codes), limit))
    expect("objects for %d codes" % len(codes), len(got), len(codes))
    for code, o in zip(codes, got):
        what = "survey %s --limit %d" % (code, limit)
        expect(what + ": game, input", (o.get("game"), o.get("input")), ("survey", code))
        expect(what + ": limit", o.get("limit"), limit)
        if "error" in o:
            fail(what + ": error " + str(o["error"]))
            continue
        n = o.get("computed")
        if not isinstance(n, int) or not 0 < n <= limit:
            fail("%s: computed %r" % (what, n))
            continue
        if o["proven"] and o.get("saltus"):
            G = check_arithmetic(what, o["code"], o, 4 * limit)
        else:
            e, G = expected(o["code"], limit)
            for k, v in e.items():
                expect("%s: %s" % (what, k), o.get(k), v)
            if o["proven"] and theorem_proof(o["code"], G, n) is None:
                fail("%s: proven, but %d values prove nothing" % (what, n))
        mx = max(G[:n])
        expect(what + ": max_value", o.get("max_value"), mx)
        expect(what + ": max_at", o.get("max_at"), G.index(mx))
        if not isinstance(o.get("seconds"), (int, float)) or o["seconds"] < 0:
            fail("%s: seconds %r" % (what, o.get("seconds")))
        # the same search as octal --period
        st, out, err = run([TOOL, "octal", code, "--period", "--limit", str(limit),
                            "--format", "json"])
        ref = json.loads(out) if st == 0 else {}
        for k in ("code", "proven", "preperiod", "period", "saltus", "observed", "exceptions",
                  "last_exception", "checked_from", "checked_to", "proof_period", "computed",
                  "max_value", "max_at"):
            expect("%s: %s against octal --period" % (what, k), o.get(k), ref.get(k))


def check_brute_force():
    rng = random.Random(16)
    octal = ["0.07", "0.137", "0.77", "4.07", "0.6", "0.007", "0.16", "0.4", "0.51", "0.36",
             "4.0", "0.0", ".1", "0.3", "0.070", "0.045", "0.074"]
    octal += ["0.%d%d%d" % (rng.randrange(8), rng.randrange(8), rng.randrange(1, 8))
              for _ in range(6)]
    check_values(octal, 300)
    check_values(["0.8", "0.c", "0.48", "0.9", "4.8"], 150)


def check_published():
    """Guy and Smith (1956), Winning Ways ch. 4: Dawson's Kayles 0.07 has period 34 from
    n = 53 (last exception 52), Dawson's Chess 0.137 (the same sequence shifted by one) period
    34 with 7 exceptions, the last at 51, Kayles 0.77 period 12 with 14 exceptions, the last
    at 70. Survey's default limit is octal --period's."""
    got = survey_ok(b"0.07\n0.137\n0.77\n", what="published periods")
    want = [("0.07", 53, 34, 8, 52), ("0.137", 52, 34, 7, 51), ("0.77", 71, 12, 14, 70)]
    for o, (code, pre, per, exc, last) in zip(got, want):
        expect(code + " (published)", (o.get("code"), o.get("proven"), o.get("preperiod"),
                                       o.get("period"), o.get("exceptions"),
                                       o.get("last_exception")),
               (code, True, pre, per, exc, last))
    st, out, _ = run([TOOL, "octal", "0.07", "--period", "--format", "json"])
    if got and st == 0:
        expect("default --limit, as octal --period", got[0].get("limit"),
               json.loads(out).get("limit"))
