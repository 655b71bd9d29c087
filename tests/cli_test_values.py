"""`grundy mex`, `nimmul` and `sub` against the definitions: the mex of random lists, nimber
products by Conway's mex definition and by Fermat 2-powers, subtraction games' values, periods,
single values far out (--at), text tables and long bfile tables against a plain mex loop."""
import json
import random
import re

from cli_test_common import (
    expect, fail, json_of, least_period, mex, nim_product, nim_product_def, ok, run,
    subtraction_values, text_values)


def group_values():
    rnd = random.Random(20261121)
    # mex
    expect("mex of nothing", ok("mex"), "0\n")
    expect("mex 4294967295", ok("mex", 4294967295), "0\n")
    for _ in range(40):
        vals = [rnd.randrange(0, 12) for _ in range(rnd.randrange(0, 10))]
        expect("mex %s" % vals, ok("mex", *vals), "%d\n" % mex(vals))
    # nimmul: the definition for small factors, Fermat powers for 64-bit ones, field laws
    for a in range(0, 16):
        for b in (0, 1, 2, 3, 5, 8, 13, 15):
            expect("nimmul %d %d" % (a, b), ok("nimmul", a, b), "%d\n" % nim_product_def(a, b))
    for _ in range(25):
        a, b = rnd.getrandbits(64), rnd.getrandbits(rnd.choice((8, 16, 32, 64)))
        expect("nimmul %d %d" % (a, b), ok("nimmul", a, b), "%d\n" % nim_product(a, b))
    expect("nimmul 2^63 2^63", ok("nimmul", "2^63", "2^63"),
           "%d\n" % nim_product(1 << 63, 1 << 63))
    # subtraction games: random sets against a plain mex loop, and the period against the
    # sequence itself
    sets = [[1, 3, 4], [1, 2, 3], [2, 5], [3], [1, 4, 7, 9], [2, 3, 11], [5, 6, 12]]
    sets += [sorted(set(rnd.randrange(1, 13) for _ in range(rnd.randrange(1, 5))))
             for _ in range(14)]
    for s in sets:
        spec = ",".join(map(str, s))
        want = subtraction_values(s, 4000)
        j = json_of("sub", spec, "-n", 300)
        if j is None:
            continue
        expect("sub %s values" % spec, j["values"], want[:300])
        expect("sub %s set" % spec, j["set"], s)
        pre, p = least_period(want, 2000)
        expect("sub %s period" % spec, (j["proven"], j["preperiod"], j["period"], j["saltus"],
                                        j["observed"]), (True, pre, p, 0, None))
        # --at: one value, however far, against the period read off the plain sequence
        for n in (0, 5, 299, 10 ** 6, rnd.getrandbits(64), 2 ** 64 - 1):
            want_n = want[n] if n < len(want) else want[pre + (n - pre) % p]
            j = json_of("sub", spec, "--at", n)
            if j:
                expect("sub %s --at %d" % (spec, n), (j["n"], j["value"]), (n, want_n))
        out = ok("sub", "{%s}" % ", ".join(map(str, s)), "-n", 57)
        expect("sub %s text values" % spec, text_values(out), want[:57])
        m = re.search(r"^proven period: G\(n \+ (\d+)\) = G\(n\) for every n >= (\d+)", out, re.M)
        if not m:
            fail("sub %s: no period line in %r" % (spec, out))
        else:
            expect("sub %s text period" % spec, (int(m.group(2)), int(m.group(1))), (pre, p))
    # a move too large to search the period for: values, no claimed period, status 1, quickly
    st, out, err = run("sub", "3,2^30", "-n", 12, "--format", "json", timeout=60)
    try:
        j = json.loads(out)
        expect("sub 3,2^30", (st, j["values"], j["proven"], j["period"]),
               (1, subtraction_values([3], 12), False, None))
    except ValueError:
        fail("sub 3,2^30: not JSON: %r" % out[:200])
    if not err.startswith("grundy: sub: period: not searched") or err.count("\n") != 1:
        fail("sub 3,2^30: message %r" % err)
    # the Bash game {1..k}: G(n) = n mod (k + 1), period k + 1
    j = json_of("sub", "1,2,3,4,5", "-n", "2^10")
    if j:
        expect("bash 5", j["values"], [n % 6 for n in range(1024)])
        expect("bash 5 period", (j["preperiod"], j["period"]), (0, 6))
    # long tables: the copy of proven periods against the plain loop
    for s in ([1, 3, 4], [2, 7], [1, 5, 6, 9]):
        spec = ",".join(map(str, s))
        n = rnd.randrange(5000, 9000)
        lines = ok("sub", spec, "-n", n, "--format", "bfile").split("\n")
        expect("sub %s -n %d bfile" % (spec, n), lines[:-1],
               ["%d %d" % (i, v) for i, v in enumerate(subtraction_values(s, n))])
