#!/bin/sh
# The grundy tool: octal CODE --certify FILE and verify FILE. The periods are computed here
# independently (a plain brute force of each game from its code, and the periodicity theorem
# applied to it), the certificates' fields, hash and checksum recomputed; then every changed
# byte, every truncation, forged claims with a valid checksum, foreign and missing files must
# fail verify with a message.
exec python3 - "$@" <<'EOF'
import os
import random
import subprocess
import sys
import tempfile

BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.join(BUILD, "grundy")
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)


def run(*args, timeout=60):
    try:
        p = subprocess.run([TOOL] + [str(a) for a in args], capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        fail("grundy %s: no answer within %d s" % (" ".join(map(str, args)), timeout))
        return 124, "", ""
    if p.returncode < 0 or p.returncode >= 128:
        fail("grundy %s: killed (status %d)" % (" ".join(map(str, args)), p.returncode))
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


# ---- the games, from the definition -------------------------------------------------------

def digits(code):
    """d0.d1d2... -> [d0, d1, ...] (hexadecimal digits allowed)."""
    head, _, tail = code.partition(".")
    return [int(head or "0", 16)] + [int(ch, 16) for ch in tail]


def brute(code, n):
    """G(0 .. n-1): mex over every move, the XOR of the heaps a move leaves."""
    d = digits(code)
    G = []
    for h in range(n):
        opts = set()
        for i, di in enumerate(d):
            if i > h:
                break
            m = h - i
            if di & 1 and m == 0 and i > 0:
                opts.add(0)
            if di & 2 and m >= 1 and i > 0:
                opts.add(G[m])
            if di & 4:
                for a in range(1, m // 2 + 1):
                    opts.add(G[a] ^ G[m - a])
            if di & 8:
                for a in range(1, m // 3 + 1):
                    for b in range(a, (m - a) // 2 + 1):
                        opts.add(G[a] ^ G[b] ^ G[m - a - b])
        v = 0
        while v in opts:
            v += 1
        G.append(v)
    return G


def theorem_end(code, n0, p):
    """The end E of the range the periodicity theorem of Guy and Smith needs."""
    d = digits(code)
    t = max([i for i, x in enumerate(d) if x] or [0])
    c = 3 if any(x & 8 for x in d) else 2
    return c * max(n0, 1) + (c - 1) * p + t


def proven_period(code, n):
    """(least preperiod, least period, E) proven from G(0 .. n-1), or None: the least p whose
    matching tail G(k + p) == G(k), pre <= k < n - p, covers the theorem's range."""
    G = brute(code, n)
    for p in range(1, n // 2):
        pre = n - p
        while pre > 0 and G[pre - 1] == G[pre - 1 + p]:
            pre -= 1
        E = theorem_end(code, pre, p)
        if E + p <= n:
            return pre, p, E, G
    return None


def fnv(data, h=0xcbf29ce484222325):
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def hash_values(G):
    return fnv(b"".join(v.to_bytes(4, "little") for v in G))


# ---- certify and verify known periods ----------------------------------------------------

tmp = tempfile.mkdtemp()
# code as typed, canonical code, values for the brute force (enough for the theorem), and the
# published figures in this convention (heap sizes from 0): Dawson's Kayles 0.07 and Dawson's
# Chess 0.137 have period 34 (last exception at 52 and 51: Winning Ways ch. 4), 0.45 preperiod
# 498 period 20 (tczajka/octal-games SolvedGames.md), 0.4 preperiod 54 period 34 and 0.17 33, 34
# (TrivialGames.md)
games = [(".07", "0.07", 300, (53, 34)), ("0.137", "0.137", 300, (52, 34)),
         ("4.07", "4.07", 100, None), ("0.070", "0.07", 300, (53, 34)),
         (".45", "0.45", 1200, (498, 20)), (".4", "0.4", 300, (54, 34)),
         (".17", "0.17", 300, (33, 34)), (".2", "0.2", 50, None), ("0.b", "0.b", 60, None),
         ("0.F", "0.f", 120, None)]
certs = {}
for typed, code, n, published in games:
    want = proven_period(code, n)
    if want is None:
        fail("%s: the brute force proves no period in %d values" % (code, n))
        continue
    pre, per, E, G = want
    if published is not None and (pre, per) != published:
        fail("%s: the brute force gives %r, published %r" % (code, (pre, per), published))
    path = os.path.join(tmp, code + ".cert")
    st, out, err = run("octal", typed, "--certify", path)
    if st != 0 or err or not os.path.exists(path):
        fail("certify %s: status %d, stderr %r" % (typed, st, err))
        continue
    data = open(path, "rb").read()
    certs[code] = data
    lines = data.decode().split("\n")
    if lines[-1] != "" or len(lines) != 16:
        fail("%s: %d lines, or no final newline" % (code, len(lines)))
        continue
    fields = dict(l.split(" ", 1) for l in lines[:-1])
    expect = {
        "libsg-certificate": "1", "kind": "octal-period", "code": code, "theorem": "guy-smith",
        "preperiod": str(pre), "period": str(per), "saltus": "0",
        "checked": "%d %d" % (pre, E), "prefix": str(E + per),
        "hash": "fnv1a-64-u32le %016x" % hash_values(brute(code, E + per)),
    }
    for k, v in expect.items():
        if fields.get(k) != v:
            fail("%s: %s is %r, want %r" % (code, k, fields.get(k), v))
    if lines[0] != "libsg-certificate 1" or not lines[-2].startswith("checksum "):
        fail("%s: first or last line wrong: %r %r" % (code, lines[0], lines[-2]))
    body = data[:data.rindex(b"checksum ")]
    if lines[-2] != "checksum fnv1a-64 %016x" % fnv(body):
        fail("%s: checksum line %r, want the FNV-1a of the rest" % (code, lines[-2]))
    st, out, err = run("verify", path)
    if st != 0 or err or "the certificate holds" not in out:
        fail("verify %s: status %d, stdout %r, stderr %r" % (code, st, out[:200], err[:200]))
    if "%s <= n < %s" % (pre, E) not in out:
        fail("verify %s: the range is not in its report %r" % (code, out[:300]))
    # no temporary file is left beside it
    left = [f for f in os.listdir(tmp) if not f.endswith(".cert")]
    if left:
        fail("certify %s left %r" % (code, left))

# ---- open games and a limit too small: no certificate, exit 1 ------------------------------

for args, what in (((".6",), "Officers is open"), ((".45", "--limit", "600"), "limit too small"),
                  (("0.c", "--limit", "4096"), "arithmetic-periodic: not certified")):
    path = os.path.join(tmp, "none.cert")
    st, out, err = run("octal", args[0], "--certify", path, *args[1:])
    why = "is arithmetic" if args[0] == "0.c" else "no period proven"
    if st != 1 or why not in err or "no certificate written" not in err:
        fail("certify %s (%s): status %d, stderr %r" % (args, what, st, err))
    if os.path.exists(path):
        fail("certify %s (%s) wrote a file" % (args, what))
# a failed certify leaves an existing file as it was
keep = os.path.join(tmp, "keep.cert")
open(keep, "wb").write(certs.get("0.07", b"x"))
st, out, err = run("octal", ".6", "--certify", keep)
if st != 1 or open(keep, "rb").read() != certs.get("0.07", b"x"):
    fail("a failed certify changed the file it was given")
# rewriting a certificate in place is atomic and gives the same fields
st, out, err = run("octal", "0.07", "--certify", keep)
if st != 0 or run("verify", keep)[0] != 0:
    fail("certify over an existing certificate: status %d, %r" % (st, err))
# a directory that does not exist
st, out, err = run("octal", "0.07", "--certify", os.path.join(tmp, "no", "such.cert"))
if st != 1 or "cannot write" not in err:
    fail("certify into a missing directory: status %d, stderr %r" % (st, err))
# usage
for args in (("octal", "0.07", "--certify", keep, "-n", "10"),
             ("octal", "0.07", "--certify", keep, "--at", "5"),
             ("octal", "0.07", "--certify", keep, "--format", "json"),
             ("octal", "0.07", "--certify"), ("verify",), ("verify", keep, keep),
             ("sub", "1,2", "--certify", keep)):
    st, out, err = run(*args)
    if st != 2 or not err.startswith("grundy"):
        fail("grundy %s: status %d (want 2), stderr %r" % (" ".join(args), st, err))
st, out, err = run("octal", "0.9z", "--certify", keep)
if st != 1 or "code" not in err:
    fail("certify of a malformed code: status %d, stderr %r" % (st, err))

# ---- damaged certificates ----------------------------------------------------------------


def rejected(data, what, want=None):
    path = os.path.join(tmp, "bad.cert")
    open(path, "wb").write(data)
    st, out, err = run("verify", path)
    if st != 1 or not err.startswith("grundy: verify: ") or out:
        fail("verify of %s: status %d, stdout %r, stderr %r" % (what, st, out[:100], err[:200]))
    elif want is not None and want not in err:
        fail("verify of %s: the message %r does not say %r" % (what, err.strip(), want))


def resealed(text):
    """A certificate with its checksum made right again: a claim that is false in content."""
    body = text[:text.rindex("checksum ")]
    return (body + "checksum fnv1a-64 %016x\n" % fnv(body.encode())).encode()


base = certs.get("0.07")
if base is not None:
    rng = random.Random(16)
    # every byte changed, in two ways: one bit, and a random other byte
    for i in range(len(base)):
        for new in (base[i] ^ 1, rng.choice([b for b in range(256) if b != base[i]])):
            rejected(base[:i] + bytes([new]) + base[i + 1:], "byte %d changed to %d" % (i, new))
    # truncated at every line, and inside lines
    ends = [i + 1 for i, b in enumerate(base) if b == ord("\n")]
    for e in ends[:-1]:
        rejected(base[:e], "the first %d bytes (whole lines)" % e)
    for e in rng.sample(range(1, len(base) - 1), 40):
        rejected(base[:e], "the first %d bytes" % e)
    rejected(base[:-1], "the last newline removed", "truncated")
    rejected(b"", "an empty file", "empty")
    rejected(base + base, "two certificates in one file")
    rejected(base + b"\n", "a blank line added")
    rejected(base.replace(b"\n", b"\r\n"), "CRLF line ends")
    text = base.decode()
    # claims that are false, with a checksum that matches them
    # a preperiod one past an exception below the true one: only the periodicity can fail
    G = brute("0.07", 200)
    k = max(e for e in range(52) if G[e] != G[e + 34])
    E = theorem_end("0.07", k + 1, 34)
    forged = [
        (text.replace("preperiod 53\n", "preperiod %d\n" % (k + 1))
             .replace("checked 53 142", "checked %d %d" % (k + 1, E))
             .replace("prefix 176", "prefix %d" % (E + 34)), "periodicity fails"),
        (text.replace("preperiod 53\n", "preperiod 54\n").replace("checked 53 142",
                                                                  "checked 54 144")
             .replace("prefix 176", "prefix 178"), "preperiod 54 is not the least"),
        (text.replace("period 34\n", "period 68\n").replace("checked 53 142", "checked 53 176")
             .replace("prefix 176", "prefix 244"), "period 68 is not the least"),
        (text.replace("checked 53 142", "checked 53 141"), "not the range the theorem needs"),
        (text.replace("prefix 176", "prefix 175"), "prefix 175"),
        (text[:text.index("hash ")] + "hash fnv1a-64-u32le 0123456789abcdef\n" +
         text[text.index("seconds"):], "the hash of G(0 .. 175)"),
        (text.replace("code 0.07", "code 0.070"), "not canonical"),
        (text.replace("code 0.07", "code 0.137"), None),
        (text.replace("code 0.07", "code 0.77"), None),
        (text.replace("theorem guy-smith", "theorem arithmetic"), "theorem 'arithmetic'"),
        (text.replace("saltus 0", "saltus 1"), "saltus"),
        (text.replace("parts 2", "parts 3"), "do not match code"),
        (text.replace("kind octal-period", "kind subtraction-period"), "kind"),
        (text.replace("preperiod 53", "preperiod 053"), "leading zero"),
        (text.replace("period 34\n", "period 0\n"), "period 0"),
        (text.replace("period 34\n", "period 18446744073709551616\n"), "below 2^64"),
        (text.replace("seconds ", "seconds x"), "seconds"),
        (text.replace("libsg ", "libsg x"), "libsg"),
        ("\n".join(l for l in text.split("\n") if not l.startswith("saltus")), "fewer lines"),
        (text.replace("period 34\nsaltus 0", "saltus 0\nperiod 34"), "line 8"),
        (text.replace("libsg-certificate 1", "libsg-certificate 2"), "version '2'"),
    ]
    for t, want in forged:
        rejected(resealed(t), "a forged certificate (%s)" % want, want)
    # the period of 0.137 is proven by its own certificate, not by 0.07's values
    if "0.137" in certs:
        t = certs["0.137"].decode().replace("code 0.137", "code 0.07")
        rejected(resealed(t), "0.137's claim under code 0.07")

# ---- foreign and missing files -----------------------------------------------------------
rejected(b"hello\n", "a text file", "not a certificate")
rejected(bytes(range(256)) * 4, "a binary file", "not a certificate")
rejected(b'{"game":"octal","code":"0.07"}\n', "a JSON record", "not a certificate")
rejected(open(TOOL, "rb").read(8192), "the tool's own binary", "not a certificate")
rejected(b"libsg-certificate 1\n" + b"x" * 5000 + b"\n", "a huge file", "longer")
ck = os.path.join(tmp, "seq.ckpt")
if run("octal", "0.07", "-n", "1000", "--checkpoint", ck)[0] == 0 and os.path.exists(ck):
    rejected(open(ck, "rb").read(), "a checkpoint file of the tool", "not a certificate")
st, out, err = run("verify", os.path.join(tmp, "missing.cert"))
if st != 1 or "cannot open" not in err:
    fail("verify of a missing file: status %d, stderr %r" % (st, err))
st, out, err = run("verify", tmp)
if st != 1:
    fail("verify of a directory: status %d, stderr %r" % (st, err))

for f in os.listdir(tmp):
    os.unlink(os.path.join(tmp, f))
os.rmdir(tmp)
if FAILURES:
    print("%d failures" % len(FAILURES))
    sys.exit(1)
print("certify: %d games certified and verified, damaged copies rejected" % len(certs))
EOF
