"""What the Python parts of check_cli_window.sh and check_cli_window_octal.sh share: the values
a run streamed in bfile, its snapshot lines, and the hash, largest value and histogram each line
should give, computed here plainly from the values."""
import json
import sys


def start(check):
    """the scratch directory (the first argument), a fail(message) that ends the check, named,
    and the values of the full run (its bfile in the scratch directory)"""
    tmp = sys.argv[1]

    def fail(m):
        print(check + ": " + m)
        sys.exit(1)
    return tmp, fail, values(tmp + "/full", fail)


def values(path, fail):
    """G(0 .. n-1) from a bfile ("n G(n)" a line, n from 0 on)"""
    rows = [line.split() for line in open(path)]
    if [int(r[0]) for r in rows] != list(range(len(rows))):
        fail("bfile positions")
    return [int(r[1]) for r in rows]


def snapshots(path):
    """the snapshot lines (JSON), each without its time"""
    out = []
    for line in open(path):
        d = json.loads(line)
        d.pop("seconds")
        out.append(d)
    return out


def check_stats(lines, vals, fail):
    """each line's FNV-1a hash, largest value (max_value) and histogram are those of vals[:n]"""
    h, hist, done = 14695981039346656037, [], 0
    for d in lines:
        n = d["n"]
        for v in vals[done:n]:   # the hash and the counts carried on from the line before
            for b in range(4):
                h ^= (v >> (8 * b)) & 255
                h = h * 1099511628211 % (1 << 64)
            hist += [0] * (v + 1 - len(hist))
            hist[v] += 1
        done = n
        if d["fnv1a64"] != "%016x" % h:
            fail("hash at %d" % n)
        if d["max_value"] != max(vals[:n]):
            fail("max_value at %d" % n)
        if d["histogram"] != hist:
            fail("histogram at %d" % n)
