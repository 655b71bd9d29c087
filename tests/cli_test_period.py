"""`--period` of sub and allbut (and the keys of octal's) against the least (arithmetic) period
read off the plain sequences; usage errors of --period."""
import csv
import io
import random

from cli_test_common import expect, fail, json_of, least_period, mex, ok, run, subtraction_values


def least_arith_period(seq, tail_from):
    """Least p (then least start) with seq[n + p] == seq[n] + s on the whole tail, s >= 0."""
    n = len(seq)
    for p in range(1, (n - tail_from) // 2):
        s = seq[tail_from + p] - seq[tail_from]
        if s >= 0 and all(seq[i + p] - seq[i] == s for i in range(tail_from, n - p)):
            pre = tail_from
            while pre > 0 and seq[pre - 1 + p] - seq[pre - 1] == s:
                pre -= 1
            return pre, p, s
    return None


def group_period():
    """--period of sub and allbut (and the keys of octal's), against the plain sequences."""
    keys = ["preperiod", "period", "saltus", "proven"]
    rnd = random.Random(7)
    for s in [[1, 3, 4], [2, 5], [3], [1, 4, 7, 9], [2, 3, 11]]:
        spec = ",".join(map(str, s))
        j = json_of("sub", spec, "--period")
        pre, p = least_period(subtraction_values(s, 3000), 1500)
        if j:
            expect("sub %s --period" % spec, [j.get(k) for k in keys], [pre, p, 0, True])
        out = ok("sub", spec, "--period")
        if "proven period: G(n + %d) = G(n) for every n >= %d" % (p, pre) not in out:
            fail("sub %s --period text: %r" % (spec, out))
        rows = list(csv.reader(io.StringIO(ok("sub", spec, "--period", "--format", "csv"))))
        expect("sub %s --period csv" % spec, rows, [keys, [str(pre), str(p), "0", "1"]])
    excls = [[], [1], [2, 5], [1, 2, 5], [4, 7, 8, 20], [3, 6, 9, 12]]
    excls += [sorted(set(rnd.randrange(1, 15) for _ in range(rnd.randrange(1, 6))))
              for _ in range(10)]
    for excl in excls:
        g = []
        for n in range(1500):
            g.append(mex(g[n - k] for k in range(1, n + 1) if k not in excl))
        want = least_arith_period(g, 800)
        spec = "{%s}" % ",".join(map(str, excl))
        j = json_of("allbut", spec, "--period")
        if j and want:
            expect("allbut %s --period" % spec, [j.get(k) for k in keys], list(want) + [True])
    j = json_of("octal", "0.6", "--period", "--limit", 500)
    if j:
        expect("octal 0.6 --period keys", ([j.get(k) for k in keys], j["observed"]),
               ([None, None, None, False], None))
    # usage and bad input
    for args, want in ((["sub", "1,3,4", "--period", "-n", 5], 2),
                       (["sub", "1,3,4", "--period", "--at", 5], 2),
                       (["sub", "1,3,4", "--period", "--format", "bfile"], 2),
                       (["allbut", "2,5", "--period", "-n", 5], 2),
                       (["allbut", "2,5", "--limit", 5], 2),
                       (["allbut", "0", "--period"], 2), (["sub", "0", "--period"], 2),
                       (["sub", "", "--period"], 2), (["allbut", "3,0", "--period"], 2),
                       (["sub", "{}", "--period", "--format", "json"], 2),
                       (["allbut", "2", "--period", "--limit", "2^40"], 1),
                       (["nim", "1", "--period"], 2)):
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))
        if st != want or out or len(err.split("\n")) != 2 or not err.startswith("grundy: "):
            fail("%s: status %d (want %d), stdout %r, stderr %r" % (what, st, want, out[:100],
                                                                    err[:200]))
