"""The output formats of the grundy tool: every sequence command tells the same values in every
format, options go before the command or after '--', the other commands' JSON and CSV, help on
stdout with status 0, a man page that documents every command and option the tool lists, and
the tour."""
import csv
import io
import os
import re

from cli_test_common import expect, fail, json_of, ok, text_values


def group_formats():
    # every sequence command in every format tells the same values
    seq_cmds = [["sub", "1,3,4"], ["sub", "2,5,7"]]
    for cmd in seq_cmds:
        n = 45
        j = json_of(*(cmd + ["-n", n]))
        if j is None:
            continue
        want = j["values"]
        expect("%s json count" % cmd, (j["count"], len(want)), (n, n))
        rows = list(csv.reader(io.StringIO(ok(*(cmd + ["-n", n, "--format", "csv"])))))
        expect("%s csv header" % cmd, rows[0], ["n", "value"])
        expect("%s csv" % cmd, rows[1:], [[str(i), str(v)] for i, v in enumerate(want)])
        b = ok(*(cmd + ["-n", n, "--format", "bfile"]))
        for line in b.splitlines():
            if not re.match(r"^\d+ \d+$", line):
                fail("%s bfile line %r" % (cmd, line))
        expect("%s bfile" % cmd, b, "".join("%d %d\n" % (i, v) for i, v in enumerate(want)))
        expect("%s text" % cmd, text_values(ok(*(cmd + ["-n", n]))), want)
        for spelled in (["-n%d" % n], ["--count=%d" % n], ["--count", str(n)]):
            expect("%s %s" % (cmd, spelled), ok(*(cmd + spelled + ["--format=bfile"])), b)
        expect("%s -n 2^5" % cmd, ok(*(cmd + ["-n", "2^5", "--format", "bfile"])),
               "".join("%d %d\n" % (i, v) for i, v in enumerate(want[:32])))
        expect("%s -n 0" % cmd, ok(*(cmd + ["-n", 0, "--format", "bfile"])), "")
        j0 = json_of(*(cmd + ["-n", 0]))
        if j0:
            expect("%s -n 0 json" % cmd, j0["values"], [])
    # options before the command, and after '--'
    expect("options first", ok("--format", "json", "nim", 3, 4, 5), ok("nim", 3, 4, 5,
                                                                       "--format=json"))
    # the other commands' json and csv
    for args in (["mex", 0, 1, 3], ["nim", 3, 4, 5], ["nim"], ["misere", 1, 1], ["misere"],
                 ["nimmul", 2, 3]):
        json_of(*args)
        rows = list(csv.reader(io.StringIO(ok(*(args + ["--format", "csv"])))))
        if len(rows) < 2 or any(len(r) != len(rows[0]) for r in rows):
            fail("%s csv: ragged or empty %r" % (args, rows))
    expect("mex csv", ok("mex", 0, 2, "--format", "csv"), "mex\n1\n")
    expect("nimmul json", json_of("nimmul", 4, 4), {"game": "nimmul", "a": 4, "b": 4,
                                                    "product": 6})
    # help: the tool's and every command's, on stdout, status 0
    top = ok("--help")
    names = re.findall(r"^  ([a-z][a-z-]*) ", top.split("\noptions:")[0], re.M)
    if "nim" not in names or "sub" not in names:
        fail("--help lists no commands: %r" % top[:300])
    for name in names:
        for args in ([name, "--help"], ["help", name], [name, "-h"]):
            out = ok(*args)
            if not out.startswith("usage: grundy " + name):
                fail("%s: %r" % (args, out[:100]))
    expect("help = --help", ok("help"), top)
    # the man page documents every command and option the tool lists
    man = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs",
                            "grundy.1")).read().replace("\\-", "-")
    commands = man.split("\n.SH COMMANDS\n")[-1].split("\n.SH ")[0]
    for name in names:
        if not re.search(r"^\.B[IR]? %s\b" % re.escape(name), commands, re.M):
            fail("docs/grundy.1 has no COMMANDS entry for '%s'" % name)
    for opt in set(re.findall(r"--[a-z][a-z-]*", top.split("\noptions:")[1])):
        if opt not in man:
            fail("docs/grundy.1 does not document %s" % opt)
    if not re.match(r"^grundy \(libsg\) \d+\.\d+\.\d+\n$", ok("--version")):
        fail("--version")
    # the tour runs and is text
    if "Sprague-Grundy" not in ok("tour"):
        fail("tour")
