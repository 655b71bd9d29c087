"""Every JSON the grundy tool prints against its schema (tests/schemas/, JSON Schema 2020-12)
and against the one vocabulary of docs/json.md: each output of each command is run and
validated; "game" is the command's name; "code" is canonical and "input" is as typed; a proven
period's members are null when nothing is proven and an observed pattern appears only under
"observed" (0.156 at --limit 6000: the published preperiod 3479 and period 349, not proven);
docs/json.md names every member of every schema; every schema is used; every command is either
checked here or known to print no JSON.

Run with Debian's python3 (python3-jsonschema): /usr/bin/python3 tests/cli_json.py
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.join(BUILD, "grundy")
HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMAS = os.path.join(HERE, "schemas")
DOC = os.path.join(HERE, "..", "docs", "json.md")
FAILURES = []

# the commands that print no JSON (text only); any other command must be checked below
TEXT_ONLY = {"wythoff", "wythoff-pair", "wythoff-values", "moore", "staircase", "anti-sg",
             "fibonacci-nim", "coin", "nimber", "tour", "version", "help"}


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 20:
        print("FAIL: " + msg)


def run(args, stdin=b""):
    try:
        p = subprocess.run([TOOL] + [str(a) for a in args], input=stdin, capture_output=True,
                           timeout=600)
    except subprocess.TimeoutExpired:
        fail("grundy %s: no answer within 600 s" % " ".join(map(str, args)))
        return 124, "", ""
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def load_schemas():
    store, schemas = {}, {}
    for path in sorted(glob.glob(os.path.join(SCHEMAS, "*.json"))):
        with open(path) as f:
            s = json.load(f)
        jsonschema.Draft202012Validator.check_schema(s)
        store[s["$id"]] = s
        schemas[os.path.basename(path)[:-5]] = s
    return store, schemas


def members(node, out):
    """every property name a schema can hold, at any depth"""
    if isinstance(node, dict):
        for k, v in node.get("properties", {}).items():
            out.add(k)
            members(v, out)
        for v in node.values():
            members(v, out)
    elif isinstance(node, list):
        for v in node:
            members(v, out)
    return out


def canonical(code):
    """a canonical code: d0 0 or 4, '.', digits with no trailing 0 (unless the only one)"""
    d = code.split(".")[1] if "." in code else ""
    return code[:2] in ("0.", "4.") and (len(d) <= 1 or not d.endswith("0"))


def vocabulary(what, o, command, typed):
    if o.get("game") != command:
        fail("%s: game %r, want the command's name %r" % (what, o.get("game"), command))
    if isinstance(o.get("code"), str) and not canonical(o["code"]):
        fail("%s: code %r is not canonical" % (what, o["code"]))
    if typed is not None and o.get("input") != typed:
        fail("%s: input %r, want %r as typed" % (what, o.get("input"), typed))
    if o.get("proven") is False:
        for k in ("preperiod", "period", "saltus"):
            if k in o and o[k] is not None:
                fail("%s: %s is %r while nothing is proven" % (what, k, o[k]))


def check(validators, schema, args, stdin=b"", typed=None, lines=False, command=None):
    st, out, err = run(args, stdin)
    what = "grundy %s" % " ".join(map(str, args))[:100]
    if st != 0:
        fail("%s: status %d, %r" % (what, st, err[:200]))
        return []
    got = []
    for line in (out.splitlines() if lines else [out]):
        try:
            o = json.loads(line)
        except ValueError as e:
            fail("%s: not JSON (%s): %r" % (what, e, line[:200]))
            continue
        errors = sorted(validators[schema].iter_errors(o), key=lambda e: list(e.path))
        for e in errors[:3]:
            fail("%s: schema %s: %s" % (what, schema, e.message[:300]))
        vocabulary(what, o, command or args[0], typed)
        got.append(o)
    validators["used"].add(schema)
    return got


def main():
    store, schemas = load_schemas()
    resolver_store = dict(store)
    validators = {"used": set()}
    for name, s in schemas.items():
        resolver = jsonschema.RefResolver(s["$id"], s, store=resolver_store)
        validators[name] = jsonschema.Draft202012Validator(s, resolver=resolver)
    J = ["--format", "json"]
    check(validators, "mex", ["mex", 1, 2, 4] + J)
    check(validators, "mex", ["mex"] + J)
    check(validators, "nim", ["nim", 3, 5, 7] + J)
    check(validators, "nim", ["nim", 1, 1] + J)
    check(validators, "misere", ["misere", 3, 5, 7] + J)
    check(validators, "misere", ["misere"] + J)
    check(validators, "misere", ["misere", ".07", "-n", 8] + J, typed=".07")
    check(validators, "misere", ["misere", "0.137", "-n", 5, "--genus"] + J, typed="0.137")
    check(validators, "misere-quotient", ["misere", ".75", "--quotient"] + J, typed=".75")
    check(validators, "misere-quotient", ["misere", "0.77", "--quotient", "--limit", 6] + J,
          typed="0.77")
    check(validators, "misere-quotient", ["misere", "0.75", 10 ** 12, 3] + J, typed="0.75")
    check(validators, "misere-quotient", ["misere", "0.17", 3, 4] + J, typed="0.17")
    check(validators, "nimmul", ["nimmul", 3, 5] + J)
    check(validators, "sub", ["sub", "1,3,4", "-n", 20] + J)
    check(validators, "sub", ["sub", "1,3,4", "--period"] + J)
    check(validators, "sub", ["sub", "1,3,4", "--at", "2^60"] + J)
    check(validators, "allbut", ["allbut", "1,2", "-n", 20] + J)
    check(validators, "allbut", ["allbut", "1,2", "--period"] + J)
    check(validators, "octal", ["octal", ".070", "-n", 20] + J, typed=".070")
    check(validators, "octal", ["octal", "0.6", "-n", 70000] + J, typed="0.6")   # a long run
    check(validators, "octal", ["octal", "0.07", "--period"] + J, typed="0.07")
    check(validators, "octal", ["octal", "0.8", "--period"] + J, typed="0.8")    # arithmetic
    check(validators, "octal", ["octal", "0.6", "--period", "--limit", 500] + J, typed="0.6")
    check(validators, "octal", ["octal", "0.07", "--at", "2^63"] + J, typed="0.07")
    check(validators, "octal", ["octal", "4.07", "--at", 10] + J, typed="4.07")
    check(validators, "grundy-game", ["grundy-game", "-n", 20] + J)
    check(validators, "pattern", ["pattern", "lasker", "-n", 50] + J)
    check(validators, "pattern", ["pattern", "0", "0", "1", "3", "2"] + J)
    check(validators, "pattern", ["pattern", "lasker", "--at", 1000] + J)
    check(validators, "pattern", ["pattern", "1", "2", "3", "4", "5", "6", "--at", 99] + J)
    got = check(validators, "survey", ["survey", "--limit", 6000],
                stdin=b".07\n0.6\n0.156\n0.8\nx\n0." + b"7" * 300 + b"\n", lines=True)
    if [o.get("input", "")[:4] for o in got] != [".07", "0.6", "0.15", "0.8", "x", "0.77"]:
        fail("survey: inputs %r" % [o.get("input") for o in got])
    # a code over --budget (0.9 leaves three heaps: cubic, far over one second at 2^20)
    got = check(validators, "survey", ["survey", "--limit", "2^20", "--budget", 1],
                stdin=b"0.07\n0.9\n", lines=True)
    if [o.get("over_budget") for o in got] != [None, True]:
        fail("survey --budget 1: %r" % got)
    # graph games: a named graph, a graph on stdin, --outcome, graph6 lines (the move: a
    # vertex, an edge, or null for a P-position)
    got = check(validators, "node-kayles", ["node-kayles", "--grid", "3x4"] + J)
    if got and (got[0].get("value"), got[0].get("move")) != (0, None):
        fail("node-kayles --grid 3x4: %r (A316632: 0, no winning move)" % got[0])
    check(validators, "node-kayles", ["node-kayles", "--petersen", "5,2", "--outcome"] + J)
    check(validators, "node-kayles", ["node-kayles", "--graph6"], stdin=b"Bw\nCF\n", lines=True)
    got = check(validators, "arc-kayles", ["arc-kayles"] + J, stdin=b"3 2\n0 1\n1 2\n")
    if got and (got[0].get("value"), got[0].get("move")) != (1, [0, 1]):
        fail("arc-kayles on a path of 3: %r" % got[0])
    check(validators, "arc-kayles", ["arc-kayles", "--cycle", 6, "--outcome"] + J)
    check(validators, "loopy", ["loopy"] + J, stdin=b"4 4\n0 1\n1 0\n1 2\n3 3\n")
    check(validators, "loopy", ["loopy"] + J, stdin=b"0 0\n")
    check(validators, "welter", ["welter", 1, 2] + J)
    check(validators, "welter", ["welter", 1, 2, 3] + J)
    check(validators, "welter", ["welter"] + J)
    check(validators, "hackenbush", ["hackenbush"] + J, stdin=b"2 2\n0 1\n1 1\n")
    check(validators, "hackenbush", ["hackenbush"] + J, stdin=b"3 4\n0 1\n1 2\n2 0\n1 1\n")
    check(validators, "cram", ["cram", 4, 5] + J)
    check(validators, "cram", ["cram", 3, 4, "--outcome"] + J)
    check(validators, "cram", ["cram", 3, 3, "--blocked", "0,4"] + J)
    with tempfile.TemporaryDirectory() as tmp:
        cert = os.path.join(tmp, "c.cert")
        if run(["octal", "0.07", "--certify", cert])[0] != 0:
            fail("octal 0.07 --certify")
        got = check(validators, "verify", ["verify", cert] + J)
        if got and (got[0].get("preperiod"), got[0].get("period")) != (53, 34):
            fail("verify --format json: %r" % got[0])
        snap = os.path.join(tmp, "s.jsonl")
        for args in (["grundy-game", "-n", 5000], ["octal", "0.6", "-n", 5000],
                     ["octal", "0.6", "-n", "2^18", "--window", "2^16", "--format", "csv"]):
            if os.path.exists(snap):
                os.remove(snap)
            st, _, err = run(args + ["--snapshots", snap])
            if st != 0:
                fail("grundy %s --snapshots: status %d, %r" % (" ".join(map(str, args)), st, err))
                continue
            with open(snap) as f:
                for line in f:
                    o = json.loads(line)
                    for e in list(validators["snapshot"].iter_errors(o))[:3]:
                        fail("snapshot of %s: %s" % (" ".join(map(str, args)), e.message[:300]))
                    vocabulary("snapshot of %s" % args[0], o, args[0], None)
            validators["used"].add("snapshot")

    # an observed pattern is reported only under "observed", and the text says so
    st, out, _ = run(["octal", "0.156", "--period", "--limit", 6000] + J)
    o = json.loads(out) if st == 0 else {}
    want = (False, None, None, None, {"preperiod": 3479, "period": 349, "saltus": 0})
    got = tuple(o.get(k) for k in ("proven", "preperiod", "period", "saltus", "observed"))
    if got != want:
        fail("0.156 at 6000: %r, want %r" % (got, want))
    survey = [x for x in got_survey(validators) if x.get("code") == "0.156"]
    if not survey or survey[0].get("observed") != o.get("observed"):
        fail("0.156 at 6000: survey and octal --period disagree: %r" % survey)
    st, out, _ = run(["octal", "0.156", "--period", "--limit", 6000])
    if "observed, not proven: G(n + 349) = G(n) from n = 3479" not in out:
        fail("0.156 at 6000: the text hides the observed pattern: %r" % out)

    # every schema used, every member in docs/json.md, every command classified
    unused = set(schemas) - validators["used"] - {"defs"}
    if unused:
        fail("schemas no output was checked against: %s" % sorted(unused))
    with open(DOC) as f:
        doc = f.read()
    for name, s in sorted(schemas.items()):
        for m in sorted(members(s, set())):
            if "`%s`" % m not in doc:
                fail("docs/json.md does not list %s (schema %s)" % (m, name))
    st, out, _ = run(["--help"])
    commands = set()
    section = False
    for line in out.splitlines():
        if line == "commands:":
            section = True
        elif not line.strip():
            section = False
        elif section:
            commands.add(line.split()[0])
    checked = {"mex", "nim", "misere", "nimmul", "sub", "allbut", "octal", "grundy-game",
               "pattern", "survey", "loopy", "verify", "node-kayles", "arc-kayles",
               "welter", "hackenbush", "cram"}
    if not commands or commands - checked - TEXT_ONLY:
        fail("commands neither checked for JSON nor known to be text only: %s"
             % sorted(commands - checked - TEXT_ONLY))
    print("json checks: %d failures" % len(FAILURES))
    return 1 if FAILURES else 0


def got_survey(validators):
    st, out, _ = run(["survey", "--limit", 6000], b"0.156\n")
    return [json.loads(x) for x in out.splitlines()] if st == 0 else []


if __name__ == "__main__":
    sys.exit(main())
