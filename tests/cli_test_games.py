"""The game families of the grundy tool against plain computations from their definitions:
octal and hexadecimal codes by their digit rules (values, shifted spellings, proven periods
against the sequence and published ones, open games never proven), Grundy's game and all-but
subtraction games by mex loops, and bad codes and options."""
import csv
import io
import random

from cli_test_common import expect, fail, json_of, least_period, mex, ok, run


def octal_values(code, count):
    """G(n) for n < count from the digit rules of the code (DESIGN, convention 1)."""
    d0, _, rest = code.partition(".")
    digits = [int(d0 or "0", 16)] + [int(ch, 16) for ch in rest]
    g = []
    for n in range(count):
        opts = set()
        for i, d in enumerate(digits):
            if i > n or d == 0:
                continue
            r = n - i
            if i > 0 and d & 1 and r == 0:
                opts.add(0)
            if i > 0 and d & 2 and r > 0:
                opts.add(g[r])
            if d & 4:
                for a in range(1, r // 2 + 1):
                    if r - a >= 1:
                        opts.add(g[a] ^ g[r - a])
            if d & 8:
                for a in range(1, r):
                    for b in range(a, r - a):
                        if r - a - b >= b:
                            opts.add(g[a] ^ g[b] ^ g[r - a - b])
        g.append(mex(opts))
    return g


def group_games():
    rnd = random.Random(3)
    # octal and hexadecimal codes against the digit rules
    codes = ["0.77", "0.07", "0.137", "0.6", "0.007", "4.07", "0.4", "0.f", "0.8", "0.123",
             ".31", "0.070", "0.0"]
    codes += ["0." + "".join(rnd.choice("01234567") for _ in range(rnd.randrange(1, 5)))
              for _ in range(10)]
    codes += ["0." + "".join(rnd.choice("0123456789abcdef") for _ in range(rnd.randrange(1, 4)))
              for _ in range(5)]
    for code in codes:
        n = 90
        j = json_of("octal", code, "-n", n)
        if j:
            expect("octal %s values" % code, j["values"], octal_values(code, n))
    # a shifted spelling is the same game, shown by its canonical code
    j = json_of("octal", ".070", "-n", 3)
    if j:
        expect("octal .070 code", (j["game"], j["code"], j["input"], j.get("name")),
               ("octal", "0.07", ".070", "Dawson's Kayles"))
    # proven periods: against the sequence itself (Kayles, Dawson's Kayles, 0.137) ...
    for code in ("0.77", "0.07", "0.137", "0.4", "0.31"):
        seq = octal_values(code, 700)
        j = json_of("octal", code, "--period")
        if not j:
            continue
        pre, p = least_period(seq, 400)
        expect("octal %s period" % code, (j["proven"], j["preperiod"], j["period"], j["saltus"]),
               (True, pre, p, 0))
        exc = [n for n in range(pre) if seq[n] != seq[pre + (n - pre) % p + p * 4]]
        expect("octal %s exceptions" % code, (j["exceptions"], j["last_exception"]),
               (len(exc), exc[-1] if exc else None))
        if not j["checked_from"] <= pre or not j["checked_to"] > j["checked_from"]:
            fail("octal %s: checked range %r" % (code, j))
        for n in (7, 650, 10 ** 12, 2 ** 64 - 1):
            want_n = seq[n] if n < len(seq) else seq[pre + (n - pre) % p]
            expect("octal %s --at %d" % (code, n), ok("octal", code, "--at", n, "--format",
                                                      "bfile"), "%d %d\n" % (n, want_n))
    expect("octal 0.6 --at (no period needed)", ok("octal", "0.6", "--at", 80, "--format=csv"),
           "n,value\n80,%d\n" % octal_values("0.6", 81)[80])
    # ... and published ones: Kayles' last exception is 70 and its period 12; 0.156 has
    # preperiod 3479 and period 349; 0.644 has 3256 and 442
    for code, pre, p in (("0.77", 71, 12), ("0.156", 3479, 349), ("0.644", 3256, 442)):
        j = json_of("octal", code, "--period")
        if j:
            expect("octal %s published period" % code, (j["proven"], j["preperiod"],
                                                        j["period"]), (True, pre, p))
    # open games are never proven
    for code in ("0.6", "0.007"):
        j = json_of("octal", code, "--period", "--limit", "2^13")
        if j:
            # nothing proven: the period's members are null, none observed for these
            expect("octal %s open" % code, (j["proven"], j["preperiod"], j["period"],
                                            j["saltus"], j["computed"] <= 8192),
                   (False, None, None, None, True))
        out = ok("octal", code, "--period", "--limit", 4000)
        if "no period proven for n < 4000" not in out:
            fail("octal %s --period text: %r" % (code, out))
    rows = list(csv.reader(io.StringIO(ok("octal", "0.07", "--period", "--format", "csv"))))
    if len(rows) != 2 or len(rows[0]) != len(rows[1]):
        fail("octal --period csv: %r" % rows)
    else:
        row = dict(zip(rows[0], rows[1]))
        expect("octal 0.07 csv", (row["proven"], row["code"]), ("1", "0.07"))
    # Grundy's game: mex over splits into two unequal heaps
    g = []
    for n in range(400):
        g.append(mex(g[a] ^ g[n - a] for a in range(1, (n + 1) // 2)))
    j = json_of("grundy-game", "-n", 400)
    if j:
        expect("grundy-game values", j["values"], g)
    expect("grundy-game bfile", ok("grundy-game", "-n", 50, "--format", "bfile"),
           "".join("%d %d\n" % (i, v) for i, v in enumerate(g[:50])))
    # all-but subtraction games: any number of tokens but those in the set
    for excl in ([], [1], [2, 3], [1, 2, 5], [4, 7, 8, 20]):
        g = []
        for n in range(150):
            g.append(mex(g[n - k] for k in range(1, n + 1) if k not in excl))
        j = json_of("allbut", "{%s}" % ",".join(map(str, excl)), "-n", 150)
        if j:
            expect("allbut %s" % excl, (j["values"], j["excluded"]), (g, excl))
    # bad codes and options
    for args, want in ((["octal", ""], 1), (["octal", "0."], 1), (["octal", "0.8x"], 1),
                       (["octal", "1.07"], 1), (["octal", "0.07."], 1), (["octal", "-0.07"], 1),
                       (["octal", "0.g"], 1), (["octal", "0." + "7" * 100000], 1),
                       (["octal", "0." + "7" * 65], 1), (["octal", "07"], 1),
                       (["octal", "0.07", "--period", "-n", 5], 2),
                       (["octal", "0.07", "--limit", 5], 2),
                       (["octal", "0.07", "--period", "--format", "bfile"], 2),
                       (["octal", "0.6", "--period", "--limit", "2^62"], 1),
                       (["octal", "0.6", "--period", "--limit", "-1"], 1),
                       (["octal", "0.07", "-n", "2^40"], 1), (["octal"], 2),
                       (["grundy-game", 5], 2), (["grundy-game", "-n", "x"], 1),
                       (["grundy-game", "-n", "2^62"], 1), (["allbut", "1", "-n", "2^32"], 1),
                       (["allbut", "0"], 2), (["allbut"], 2), (["nim", "--period"], 2),
                       (["octal", "0.6", "--at", "10^9"], 1), (["octal", "0.7", "--at", "-1"], 1),
                       (["octal", "0.07", "--at", 5, "-n", 5], 2),
                       (["octal", "0.07", "--at", 5, "--period"], 2),
                       (["sub", "1,2", "--at", 5, "-n", 5], 2), (["sub", "1", "--at", "x"], 1),
                       (["sub", "2^40", "--at", "2^50"], 1), (["nim", "--at", 3], 2),
                       (["grundy-game", "--at", 3], 2)):
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))[:80]
        if st != want or out or len(err.split("\n")) != 2 or not err.startswith("grundy: "):
            fail("%s: status %d (want %d), stdout %r, stderr %r" % (what, st, want, out[:100],
                                                                    err[:200]))
    j = json_of("octal", "0." + "7" * 64, "-n", 5)
    if j:
        expect("64-digit code", j["values"], octal_values("0." + "7" * 64, 5))
