#!/usr/bin/env python3
"""Certificates for the octal games with at most three code digits (make certificates).

Every game 0.d1, 0.d1d2, 0.d1d2d3 (d_i in 0..7, last digit non-zero: the canonical codes, so
that 0.07, 0.070 and 0.0700 count once; the empty game 0.0 is left out) goes through

    grundy octal CODE --certify FILE --limit L     (at most BUDGET seconds of wall time)
    grundy verify FILE                             (at most VERIFY_BUDGET seconds)

and the results go to docs/octal-certificates.md (a table) and docs/octal-certificates.json
(every field, and the text of every certificate, so that anyone can check one again). Games
with no period proven within the budget are listed as open. A code whose equivalent game in the
published lookup table (tczajka/octal-games GameLookup.md: the same nim-sequence, possibly
shifted by one heap) stayed open is not tried again: it is listed open with that reason.

The results are compared with the published data in scripts/octal-published.json (tczajka's
tables; Flammenkamp's table is not in the searched copy of the web) and every disagreement is
written out.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import platform
import subprocess
import sys
import tempfile
import time

SHIFT = 3   # heaps an equivalent game may be shifted by, in the comparison
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def canonical_codes():
    codes = []
    for k in (1, 2, 3):
        for x in range(8 ** k):
            digits = [(x >> (3 * (k - 1 - i))) & 7 for i in range(k)]
            if digits[-1] != 0:
                codes.append("0." + "".join(map(str, digits)))
    return codes


def read_certificate(text):
    fields = {}
    for line in text.splitlines()[1:]:
        key, _, value = line.partition(" ")
        fields[key] = value
    return fields


def run(cmd, timeout):
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr.strip(), time.monotonic() - t0
    except subprocess.TimeoutExpired:
        return None, "", "over the budget", time.monotonic() - t0


def now_utc():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def tool_version(grundy):
    """libsg's version as `grundy version` prints it last, or "?"."""
    out = subprocess.run([grundy, "version"], capture_output=True, text=True).stdout.split()
    return out[-1] if out else "?"


def values(grundy, code, n):
    p = subprocess.run([grundy, "octal", code, "-n", str(n), "--format", "csv"],
                       capture_output=True, text=True, check=True)
    return [int(line.split(",")[1]) for line in p.stdout.split()[1:]]


def certify(grundy, code, outdir, args, limit=None, budget=None):
    limit, budget = limit or args.limit, budget or args.budget
    path = os.path.join(outdir, code + ".cert")
    r = {"code": code}
    rc, out, err, secs = run([grundy, "octal", code, "--certify", path, "--limit",
                              str(limit)], budget)
    r["certify_seconds"] = round(secs, 3)
    if limit != args.limit:
        r["limit"], r["budget"] = limit, budget
    if rc != 0:
        r["status"] = "open"
        r["why"] = ("no proof within %d s" % budget if rc is None
                    else "no proof within %d values" % limit if "no period proven" in err
                    else "error: " + err)
        return r
    with open(path) as f:
        text = f.read()
    cert = read_certificate(text)
    r.update(preperiod=int(cert["preperiod"]), period=int(cert["period"]),
             checked=[int(x) for x in cert["checked"].split()], prefix=int(cert["prefix"]),
             hash=cert["hash"].split()[1], seconds=float(cert["seconds"]), certificate=text)
    verify(grundy, path, args.verify_budget, r)
    return r


def verify(grundy, path, budget, r):
    """`grundy verify` of the certificate at path within budget seconds: r's status, why and
    verify_seconds from it."""
    rc, out, err, secs = run([grundy, "verify", path], budget)
    r["verify_seconds"] = round(secs, 3)
    r.pop("why", None)
    if rc == 0:
        r["status"] = "certified"
    elif rc is None:
        r["status"] = "unverified"
        r["why"] = "verify over its budget of %d s" % budget
    else:
        r["status"] = "rejected"
        r["why"] = "verify: " + err


def reverify(results, args, tmp):
    """The certificates left unverified (over the verify budget) checked again, with the
    budget given now (--codes: only those), two at a time as any run."""
    todo = [r for c, r in sorted(results.items()) if r["status"] == "unverified" and
            (not args.codes or c in args.codes)]

    def check(r):
        path = os.path.join(tmp, r["code"] + ".cert")
        with open(path, "w") as f:
            f.write(r["certificate"])
        r = dict(r, verify_budget=args.verify_budget)
        verify(args.grundy, path, args.verify_budget, r)
        return r

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(check, todo):
            results[r["code"]] = r
            print("%-7s %-11s verified again in %.0f s" % (r["code"], r["status"],
                                                           r["verify_seconds"]),
                  file=sys.stderr, flush=True)


def deep_limit(code, r, published, args):
    """The values a second try needs: a game open for lack of values whose published period
    the theorem proves within --deep-limit values (2 n0 + 2 p + t of them, t the code's last
    digit's place), rounded up to a power of two; None for every other game."""
    tz = published["tczajka"]
    pub = tz["solved"].get(tz["lookup"].get(code, code))
    if r["status"] != "open" or not r.get("why", "").startswith("no proof within") or \
            not r["why"].endswith("values") or pub is None:
        return None
    need = 2 * pub["preperiod"] + 2 * pub["period"] + len(code) - 2 + 1
    limit = args.limit
    while limit < need:
        limit *= 2
    return limit if args.limit < limit <= args.deep_limit else None


def deep_tier(results, published, args, tmp):
    """Second tries, with more values and time, of the games deep_limit picks."""
    todo = [(c, deep_limit(c, r, published, args)) for c, r in sorted(results.items())]
    todo = [(c, lim) for c, lim in todo if lim is not None]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for r in pool.map(lambda t: certify(args.grundy, t[0], tmp, args, t[1],
                                            args.deep_budget), todo):
            results[r["code"]] = r
            print("%-7s %-11s %s (deep tier, --limit %d)"
                  % (r["code"], r["status"], describe(r) if r["status"] != "open"
                     else r["why"], r["limit"]), file=sys.stderr, flush=True)


def nimbers(s):
    return [int(ch, 36) for ch in s]


def compare(results, published, grundy):
    """Disagreements and agreements with the published tables, one line each."""
    tz = published["tczajka"]
    notes, agree = [], 0
    for code in sorted(results):
        r = results[code]
        rep = tz["lookup"].get(code)
        if rep is None:
            notes.append("%s: not in the published lookup table" % code)
            continue
        via = "" if rep == code else " (published as equivalent to %s)" % rep
        if rep in tz["unsolved"]:
            if r["status"] in ("certified", "unverified"):
                notes.append("%s%s: published as unsolved, proven here: preperiod %d, period %d"
                             % (code, via, r["preperiod"], r["period"]))
            else:
                agree += 1
            continue
        pub = tz["solved"].get(rep) or tz["trivial"].get(rep)
        if pub is None:
            notes.append("%s: published representative %s has no entry" % (code, rep))
            continue
        if r["status"] not in ("certified", "unverified"):
            notes.append("%s%s: published preperiod %d, period %d; open here (%s)"
                         % (code, via, pub["preperiod"], pub["period"], r.get("why", "")))
            continue
        # an equivalent game may be shifted by a few heaps: its values then agree from there
        near = rep != code and abs(r["preperiod"] - pub["preperiod"]) <= SHIFT
        shift_ok = r["period"] == pub["period"] and (r["preperiod"] == pub["preperiod"] or near)
        if "nimbers" in pub:
            pv = nimbers(pub["nimbers"])
            ours = values(grundy, code, len(pv) + SHIFT)
            shifts = range(-SHIFT, SHIFT + 1) if rep != code else (0,)
            if not any(ours[max(s, 0):len(pv) + s] == pv[max(-s, 0):] for s in shifts):
                shift_ok = False
                notes.append("%s%s: the values differ from the published nimbers of %s"
                             % (code, via, rep))
        if shift_ok:
            agree += 1
        else:
            notes.append("%s%s: published preperiod %d, period %d; here %d, %d"
                         % (code, via, pub["preperiod"], pub["period"], r["preperiod"],
                            r["period"]))
    # the errata: checked on the values
    for e in tz["errata"]:
        if "first_difference" in e:
            a, b = e["codes"]
            n = 2 * e["first_difference"]
            va, vb = values(grundy, a, n), values(grundy, b, n)
            first = next((i for i in range(n) if va[i] != vb[i]), None)
            ra, rb = results.get(a, {}), results.get(b, {})
            notes.append("erratum (%s): %s; here G(n) of %s and %s first differ at n = %s "
                         "(%s: %s; %s: %s)" % (e["source"], e["correction"], a, b, first, a,
                                               describe(ra), b, describe(rb)))
        else:
            notes.append("erratum (%s): %s; the lookup table used here already has it"
                         % (e["source"], e["correction"]))
    return agree, notes


def describe(r):
    if r.get("status") in ("certified", "unverified"):
        return "preperiod %d, period %d" % (r["preperiod"], r["period"])
    return r.get("status", "not run")


def write_docs(results, meta, agree, notes, outdir):
    rows = [results[c] for c in canonical_codes() if c in results]
    with open(os.path.join(outdir, "octal-certificates.json"), "w") as f:
        json.dump({"meta": meta, "games": rows, "agreements": agree, "notes": notes}, f,
                  indent=1)
        f.write("\n")
    cert = [r for r in rows if r["status"] == "certified"]
    other = [r for r in rows if r["status"] != "certified"]
    L = []
    L.append("# Period certificates of the octal games with at most three digits\n")
    L.append("Generated by `make certificates` (scripts/certificates.py); do not edit by hand. "
             "Each row is a period proven by `grundy octal CODE --certify` and checked again by "
             "`grundy verify` with the plain kernel (docs/certificates.md explains the format; "
             "docs/octal-certificates.json holds every certificate in full).\n")
    L.append("- run: %s, libsg %s, %s" % (meta["date"], meta["libsg"], meta["machine"]))
    L.append("- games: %d canonical codes 0.d1, 0.d1d2, 0.d1d2d3 (d_i in 0..7, the last not 0, "
             "so 0.07, 0.070 count once; the empty game 0.0 left out)" % meta["codes"])
    L.append("- budget per game: --limit %d values and %d s of wall time to prove; %d s to "
             "verify; %d games at a time on a machine shared with other work"
             % (meta["limit"], meta["budget"], meta["verify_budget"], meta["jobs"]))
    if "deep_limit" in meta:
        L.append("- second tier: a game still open for lack of values, whose published period "
                 "the theorem would prove within %d values, is tried again with just enough "
                 "values (a power of two) and %d s to prove"
                 % (meta["deep_limit"], meta["deep_budget"]))
    if "reverify" in meta:
        rv = meta["reverify"]
        L.append("- checked again: the certificates over the verify budget were verified "
                 "again on %s with libsg %s, %d s each, %d at a time (`make certificates "
                 "CERT_FLAGS=--reverify`); the rows so verified give their own time"
                 % (rv["date"], rv["libsg"], rv["budget"], rv["jobs"]))
    L.append("- skipped: %s" % meta["skip_rule"])
    L.append("- certified and verified: %d; proven and certified, verification over its budget: "
             "%d; open: %d; rejected by verify: %d; wall time of the run: %.0f s\n"
             % (len(cert), sum(r["status"] == "unverified" for r in rows),
                sum(r["status"] == "open" for r in rows),
                sum(r["status"] == "rejected" for r in rows), meta["wall"]))
    L.append("Columns: preperiod n0 and period p (G(n + p) = G(n) for every n >= n0, both the "
             "least); range: the n over which G(n + p) = G(n) was compared, which proves it by "
             "the periodicity theorem of Guy and Smith; seconds: to prove and write the "
             "certificate, then to verify it; hash: FNV-1a 64 of G(0 .. range end + p - 1), "
             "each value as 4 bytes little-endian.\n")
    L.append("| code | preperiod | period | range compared | seconds (certify / verify) | "
             "hash |")
    L.append("|---|--:|--:|---|--:|---|")
    for r in cert:
        L.append("| %s | %d | %d | %d <= n < %d | %.3f / %.2f | `%s` |"
                 % (r["code"], r["preperiod"], r["period"], r["checked"][0], r["checked"][1],
                    r["seconds"], r["verify_seconds"], r["hash"]))
    unver = [r for r in other if r["status"] == "unverified"]
    if unver:
        L.append("\n## Proven and certified, not verified within the budget\n")
        L.append("The library proved these periods and wrote their certificates (in the JSON "
                 "file), but the plain kernel of `grundy verify`, quadratic in the prefix, did "
                 "not finish within the verify budget on this machine. Check one with "
                 "`grundy verify FILE` given time.\n")
        L.append("| code | preperiod | period | range compared | verify budget (s) | hash |")
        L.append("|---|--:|--:|---|--:|---|")
        for r in unver:
            L.append("| %s | %d | %d | %d <= n < %d | %d | `%s` |"
                     % (r["code"], r["preperiod"], r["period"], r["checked"][0],
                        r["checked"][1], r.get("verify_budget", meta["verify_budget"]),
                        r["hash"]))
    deep = [r for r in rows if "limit" in r]
    if deep:
        L.append("\n## The second tier\n")
        L.append("| code | --limit | status | seconds to prove |")
        L.append("|---|--:|---|--:|")
        for r in deep:
            L.append("| %s | %d | %s | %.1f |" % (r["code"], r["limit"], r["status"],
                                                 r["certify_seconds"]))
    L.append("\n## Still open within the budget\n")
    L.append("| code | why |")
    L.append("|---|---|")
    for r in other:
        if r["status"] != "unverified":
            L.append("| %s | %s%s |" % (r["code"], r["status"] + ": " if r["status"] != "open"
                                        else "", r.get("why", "")))
    L.append("\n## Against the published tables\n")
    L.append("Published data: scripts/octal-published.json, from %s. %s\n"
             % (meta["published_source"], meta["flammenkamp"]))
    L.append("%d codes agree with the published result of their game (the same preperiod and "
             "period, or for a game published as equivalent to another the same period and a "
             "preperiod at most %d apart, its shift in heaps; for trivial games also the "
             "published values, under such a shift; open here where published as unsolved). "
             "Every other case:\n" % (agree, SHIFT))
    for n in notes:
        L.append("- " + n)
    L.append("")
    with open(os.path.join(outdir, "octal-certificates.md"), "w") as f:
        f.write("\n".join(L))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grundy", default=os.path.join(ROOT, "build", "grundy"))
    ap.add_argument("--limit", type=int, default=1 << 20, help="values per proof (2^20)")
    ap.add_argument("--budget", type=int, default=20, help="seconds per proof (20)")
    ap.add_argument("--verify-budget", type=int, default=300, help="seconds per check (300)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", default=os.path.join(ROOT, "docs"))
    ap.add_argument("--codes", nargs="*", help="only these (for a try)")
    ap.add_argument("--published", default=os.path.join(HERE, "octal-published.json"))
    ap.add_argument("--deep-limit", type=int, default=1 << 26,
                    help="values per proof in the second tier, at most (2^26)")
    ap.add_argument("--deep-budget", type=int, default=180,
                    help="seconds per proof in the second tier (180)")
    ap.add_argument("--deep-only", action="store_true",
                    help="run the second tier alone over the results in the JSON file")
    ap.add_argument("--reverify", action="store_true",
                    help="check the unverified certificates of the JSON file again, with "
                         "--verify-budget each")
    ap.add_argument("--report-only", action="store_true",
                    help="no new run: compare and write the docs again from the JSON file")
    args = ap.parse_args()
    with open(args.published) as f:
        published = json.load(f)
    if args.report_only or args.deep_only or args.reverify:
        with open(os.path.join(args.out, "octal-certificates.json")) as f:
            old = json.load(f)
        results = {r["code"]: r for r in old["games"]}
        meta = old["meta"]
        if args.deep_only:
            t0 = time.monotonic()
            with tempfile.TemporaryDirectory() as tmp:
                deep_tier(results, published, args, tmp)
            meta.update(deep_limit=args.deep_limit, deep_budget=args.deep_budget,
                        deep_wall=time.monotonic() - t0)
        if args.reverify:
            with tempfile.TemporaryDirectory() as tmp:
                reverify(results, args, tmp)
            meta["reverify"] = {"date": now_utc(), "libsg": tool_version(args.grundy),
                                "budget": args.verify_budget, "jobs": args.jobs}
        agree, notes = compare(results, published, args.grundy)
        meta["flammenkamp"] = "Flammenkamp's table (%s): %s" % (
            published["flammenkamp"]["source"], published["flammenkamp"]["found"])
        write_docs(results, meta, agree, notes, args.out)
        return 0
    lookup, unsolved = published["tczajka"]["lookup"], set(published["tczajka"]["unsolved"])
    codes = args.codes or canonical_codes()
    # representatives first, so an equivalent of one that stays open need not be tried again
    first = [c for c in codes if lookup.get(c, c) == c]
    later = [c for c in codes if lookup.get(c, c) != c]
    results = {}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        for batch in (first, later):
            todo = []
            for c in batch:
                rep = lookup.get(c, c)
                if rep != c and rep in results and results[rep]["status"] == "open":
                    results[c] = {"code": c, "status": "open",
                                  "why": "not tried: its published equivalent %s stayed open"
                                  % rep}
                else:
                    todo.append(c)
            with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                for r in pool.map(lambda c: certify(args.grundy, c, tmp, args), todo):
                    results[r["code"]] = r
                    print("%-7s %-11s %s" % (r["code"], r["status"], describe(r)
                                             if r["status"] != "open" else r["why"]),
                          file=sys.stderr, flush=True)
        deep_tier(results, published, args, tmp)
    wall = time.monotonic() - t0
    agree, notes = compare(results, published, args.grundy)
    meta = {"date": now_utc(), "libsg": tool_version(args.grundy),
            "machine": "%s, %d CPUs" % (platform.machine(), os.cpu_count() or 0),
            "codes": len(codes), "limit": args.limit, "budget": args.budget,
            "verify_budget": args.verify_budget, "jobs": args.jobs, "wall": wall,
            "deep_limit": args.deep_limit, "deep_budget": args.deep_budget,
            "skip_rule": "none of the canonical codes is skipped outright; a code is not tried "
                         "again when the published lookup table (tczajka/octal-games "
                         "GameLookup.md) makes it equivalent to a game that stayed open "
                         "within the same budget (representatives run first)",
            "published_source": published["tczajka"]["source"],
            "flammenkamp": "Flammenkamp's table (%s): %s" % (
                published["flammenkamp"]["source"], published["flammenkamp"]["found"])}
    write_docs(results, meta, agree, notes, args.out)
    bad = [c for c, r in results.items() if r["status"] == "rejected"]
    print("%d certified, %d open, %d rejected; %d disagreements noted; %.0f s"
          % (sum(r["status"] == "certified" for r in results.values()),
             sum(r["status"] == "open" for r in results.values()), len(bad), len(notes), wall),
          file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
