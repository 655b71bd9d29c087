"""Bad input to the grundy tool: usage errors exit 2 and bad input 1, each with a message that
names the command and the problem; many operands are fine."""
from cli_test_common import expect, fail, json_of, run


def group_errors():
    long_digits = "9" * 100000
    cases = [
        # usage: status 2
        ([], 2), (["frobnicate"], 2), (["nim", "-x"], 2), (["nim", "--frob"], 2),
        (["sub"], 2), (["sub", "1,2", "3"], 2), (["nimmul", 1], 2), (["nimmul", 1, 2, 3], 2),
        (["sub", "1,2", "-n"], 2), (["nim", "--format"], 2), (["nim", "--format", "xml"], 2),
        (["nim", "-n", 5], 2), (["mex", "--format", "bfile"], 2), (["tour", "--format", "csv"], 2),
        (["tour", "extra"], 2), (["help", "nope"], 2), (["--format=json"], 2),
        (["nim", "--help=3"], 2), (["--count", "x", "sub", "1"], 1),
        # bad input: status 1
        (["sub", "1,3", "-n", -5], 1), (["sub", "1,3", "-n", "abc"], 1),
        (["sub", "1,3", "-n", ""], 1), (["sub", "1,3", "-n", "2^64"], 1),
        (["sub", "1,3", "-n", "2^62"], 1), (["sub", "1,3", "-n", "2^40"], 1),
        (["sub", "1,3", "-n", "18446744073709551615"], 1),
        (["sub", "1,3", "-n", "99999999999999999999"], 1),
        (["sub", "1,3", "-n", "2^99999999999999"], 1), (["sub", "1,3", "-n", "0x10"], 1),
        (["sub", "1,3", "-n", "1e6"], 1), (["sub", "1,3", "-n", " 5"], 1),
        (["sub", "1,3", "-n", "+5"], 1), (["sub", "1,3", "-n", "5.0"], 1),
        (["sub", "1,3", "-n", "2^"], 1), (["sub", "1,3", "-n", "^2"], 1),
        # an empty set or a 0 in a set: status 2 (the interface of the closed forms and periods)
        (["sub", "0"], 2), (["sub", "1,0,3"], 2), (["sub", ""], 2), (["sub", "{}"], 2),
        (["sub", ",1"], 1), (["sub", "1,,2"], 1), (["sub", "1,2,"], 1), (["sub", "{1,2"], 1),
        (["sub", "1;2"], 1), (["sub", "-1,2"], 1), (["sub", "a"], 1), (["sub", long_digits], 1),
        (["sub", "1," * 30000 + "x"], 1),
        (["mex", "4294967296"], 1), (["mex", -1], 1), (["mex", "x"], 1),
        (["nim", "18446744073709551616"], 1), (["nim", 3, "-4"], 1), (["nim", "3x"], 1),
        (["nim", long_digits], 1), (["misere", "abc"], 1), (["nimmul", "2^64", 1], 1),
        (["nimmul", 1, ""], 1), (["nim", "3\n4"], 1), (["sub", "1,3", "-n", "5\n"], 1),
        (["bad\ncommand"], 2), (["nim", "--bad\x1b[2J"], 2),
        # a survey limit too large for memory is bad input like a malformed one (2^40 was
        # status 2 while 2^64 and abc were 1)
        (["survey", "--limit", "2^40"], 1), (["survey", "--limit", "2^64"], 1),
        (["survey", "--limit", "abc"], 1), (["octal", "0.6", "--period", "--limit", "2^40"], 1),
    ]
    for args, want in cases:
        st, out, err = run(*args)
        what = "grundy %s" % " ".join(map(str, args))[:80]
        if st != want:
            fail("%s: status %d, want %d (stderr %r)" % (what, st, want, err[:200]))
        if out:
            fail("%s: wrote to stdout: %r" % (what, out[:200]))
        lines = err.split("\n")
        if len(lines) != 2 or lines[1] != "" or not lines[0].startswith("grundy: "):
            fail("%s: stderr is not one 'grundy: ' line: %r" % (what, err[:300]))
        if len(err) > 400:
            fail("%s: message too long (%d characters)" % (what, len(err)))
    # a message names the command and the problem
    st, out, err = run("sub", "1,3", "-n", "-5")
    expect("negative -n message", err, "grundy: sub: -n: '-5' is negative\n")
    st, out, err = run("nim", "-x")
    if not err.startswith("grundy: nim: unknown option '-x'"):
        fail("unknown option message: %r" % err)
    # many operands are fine
    heaps = [1] * 20001
    j = json_of("nim", *heaps)
    if j:
        expect("20001 heaps of 1", (j["outcome"], len(j["moves"])), ("N", 20001))
