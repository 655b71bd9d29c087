"""Checks of `grundy ... --format svg`, run by tests/check_svg.sh.

Each picture must be one well-formed SVG document that a real renderer (rsvg-convert) turns into
an image that is not blank: the PNG is decoded here (zlib from the standard library) and its
pixels counted by colour. The picture must say what the values say: with a dot per position,
the dots' heights order the positions as their values (from --format csv) do, the red rings
mark exactly the positions of rare values (at most max(1, N / (10 * distinct values)) positions
each, counted here), and the shaded band starts at the preperiod, found here by brute force.

usage: python3 tests/svg_test.py
"""
import collections
import csv
import io
import math
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.join(BUILD, "grundy")
NS = "{http://www.w3.org/2000/svg}"
DOT, RARE, BAND = (0x1F, 0x3B, 0x73), (0xD6, 0x27, 0x28), (0xD8, 0xE8, 0xF8)
LEFT, PLOT_W = 64.0, 872.0      # tools/svg.c: the plot's left edge and width,
TOP, PLOT_H = 56, 330           # its top and height


def run(args, status=0):
    r = subprocess.run([TOOL] + args, capture_output=True, timeout=120)
    if r.returncode != status:
        raise AssertionError("grundy %s: exit %d, stderr %r" % (" ".join(args), r.returncode,
                                                                 r.stderr[:300]))
    return r.stdout


def values(args):
    if "--limit" in args:                           # it goes with svg only: not for csv
        i = args.index("--limit")
        args = args[:i] + args[i + 2:]
    rows = list(csv.reader(io.StringIO(run(args + ["--format", "csv"]).decode())))
    assert rows[0] == ["n", "value"], rows[0]
    return [int(v) for _, v in rows[1:]]


def png_pixels(data):
    """(width, height, rows of (r, g, b)) of an 8-bit RGB or RGBA, non-interlaced PNG."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + size
    w, h, depth, ctype, _, _, interlace = head
    assert depth == 8 and ctype in (2, 6) and interlace == 0, head
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return w, h, rows


def near(p, q, tol=12):
    return all(abs(a - b) <= tol for a, b in zip(p, q))


def render(svg, tmp):
    path = os.path.join(tmp, "p.svg")
    with open(path, "wb") as f:
        f.write(svg)
    png = subprocess.run(["rsvg-convert", path], capture_output=True, timeout=120, check=True)
    w, h, rows = png_pixels(png.stdout)
    # each colour is compared once: pixels counted by colour, over the picture and the plot
    whole, plot = collections.Counter(), collections.Counter()
    for y, row in enumerate(rows):
        whole.update(row)
        if TOP - 6 <= y < TOP + PLOT_H + 6:   # the plot, not the legend
            plot.update(row[math.ceil(LEFT - 6):])
    counts = {"ink": sum(k for p, k in whole.items() if p != (255, 255, 255)),
              "dot": sum(k for p, k in plot.items() if near(p, DOT)),
              "rare": sum(k for p, k in plot.items() if near(p, RARE)),
              "band": sum(k for p, k in plot.items() if near(p, BAND, 4))}
    assert counts["ink"] > w * h // 200, ("nearly blank", counts)
    assert counts["dot"] > 0, counts
    return counts


def least_period(t):
    """(preperiod, period) of t by brute force: the least p, then the least start, such that
    t[n + p] == t[n] for every n from the start on, over at least three periods."""
    for p in range(1, len(t) // 3):
        for pre in range(0, len(t) - 3 * p):
            if all(t[n + p] == t[n] for n in range(pre, len(t) - p)):
                return pre, p
    return None


def check(args, expect_band):
    t = values(args)
    n = len(t)
    svg = run(args + ["--format", "svg"])
    root = ET.fromstring(svg)                       # exactly one well-formed document
    assert root.tag == NS + "svg", root.tag
    assert svg.rstrip().endswith(b"</svg>") and svg.count(b"<svg") == 1
    with tempfile.TemporaryDirectory() as tmp:
        counts = render(svg, tmp)
    per = least_period(t) if expect_band else None
    band = [r for r in root.iter(NS + "rect") if r.get("fill") == "#d8e8f8"
            and float(r.get("height")) > 100]
    if expect_band:
        assert per is not None and len(band) == 1 and counts["band"] > 1000, (args, counts)
        x0 = LEFT + per[0] * PLOT_W / n
        assert abs(float(band[0].get("x")) - x0) < 0.11, (args, band[0].get("x"), x0, per)
    else:
        assert not band and counts["band"] < 50, (args, counts)
    distinct = {}
    for v in t:
        distinct[v] = distinct.get(v, 0) + 1
    rare_max = max(1, n // (10 * len(distinct)))
    rare = [k for k in range(n) if distinct[t[k]] <= rare_max]
    assert (counts["rare"] > 0) == bool(rare), (args, counts, len(rare))
    if n <= 1500:                                   # a dot per position
        groups = list(root.iter(NS + "g"))
        dots = [c for g in groups if g.get("fill") == "#1f3b73" for c in g.iter(NS + "circle")]
        rings = [c for g in groups if g.get("stroke") == "#d62728"
                 for c in g.iter(NS + "circle")]
        assert len(dots) == n, (args, len(dots))
        xs = [float(c.get("cx")) for c in dots]
        assert xs == sorted(xs)
        ys = [float(c.get("cy")) for c in dots]
        for a in range(n):                          # higher value, higher dot (smaller y)
            b = (a * 7 + 3) % n
            assert (t[a] < t[b]) == (ys[a] > ys[b]) and (t[a] == t[b]) == (ys[a] == ys[b]), \
                (args, a, b)
        ring_x = sorted(float(c.get("cx")) for c in rings)
        assert ring_x == sorted(xs[k] for k in rare), (args, len(ring_x), len(rare))
    return svg


def main():
    cases = [(["sub", "2,5,6", "-n", "300"], True), (["octal", "0.77", "-n", "300"], True),
             (["octal", ".07", "-n", "500"], True),
             (["octal", "0.6", "-n", "400", "--limit", "3000"], False),
             (["allbut", "1,3", "-n", "2000"], False), (["grundy-game", "-n", "20000"], False),
             (["grundy-game", "-n", "1"], False)]
    for args, band in cases:
        check(args, band)
    kayles = values(["octal", "0.77", "-n", "300"])
    assert least_period(kayles) == (71, 12)        # Kayles: Winning Ways, OEIS A002186
    for args in (["mex", "1", "--format", "svg"], ["octal", "0.77", "--period", "--format",
                                                   "svg"],
                 ["octal", "0.77", "--at", "5", "--format", "svg"],
                 ["sub", "1,2", "--at", "5", "--format", "svg"]):
        run(args, 2)
    print("svg: ok")


if __name__ == "__main__":
    main()
