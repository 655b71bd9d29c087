"""What the checks of `grundy survey` (tests/cli_survey*.py) share: running a command with a
time limit, recording failures, and reading a survey's output, where every line must be valid
UTF-8 JSON with the keys of KEYS."""
import json
import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.environ.get("BUILD", "build")
TOOL = os.path.abspath(os.path.join(BUILD, "grundy"))
KEYS = ("game", "code", "input", "proven", "preperiod", "period", "saltus", "observed")
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    if len(FAILURES) <= 25:
        print("FAIL: " + msg)


def expect(what, got, want):
    if got != want:
        fail("%s: got %.300r, want %.300r" % (what, got, want))


def run(args, data=b"", timeout=300, env=None, cwd=None, stdout=subprocess.PIPE):
    """Runs a command; returns (status, stdout bytes, stderr bytes). A hang or signal fails.
    The bounds only catch a hang: ten times and more what a call needs at a load of 15 (the
    GNU parallel recipe 28 s of its 600)."""
    try:
        p = subprocess.run(args, input=data, stdout=stdout, stderr=subprocess.PIPE,
                           timeout=timeout, env=env, cwd=cwd)
    except subprocess.TimeoutExpired:
        fail("%s: no answer within %d s" % (" ".join(args)[:100], timeout))
        return 124, b"", b""
    if p.returncode < 0:
        fail("%s: killed by signal %d" % (" ".join(args)[:100], -p.returncode))
    return p.returncode, p.stdout or b"", p.stderr


def survey(data, *opts, timeout=300):
    return run([TOOL, "survey"] + list(opts), data, timeout)


def objects(out, what):
    """The JSON objects of a survey's output, each line checked."""
    try:
        text = out.decode("utf-8")
    except UnicodeDecodeError as e:
        fail("%s: output is not UTF-8: %s" % (what, e))
        return []
    if text and not text.endswith("\n"):
        fail("%s: output does not end with a newline" % what)
    result = []
    for i, line in enumerate(text.splitlines()):
        try:
            o = json.loads(line)
        except ValueError as e:
            fail("%s: line %d is not JSON (%s): %.200r" % (what, i + 1, e, line))
            continue
        if not isinstance(o, dict) or any(k not in o for k in KEYS):
            fail("%s: line %d lacks one of %s: %.200r" % (what, i + 1, KEYS, line))
            continue
        result.append(o)
    return result


def survey_ok(data, *opts, what="survey"):
    st, out, err = survey(data, *opts)
    if st != 0 or err:
        fail("%s: status %d, stderr %r" % (what, st, err[:300]))
    return objects(out, what)


def strip_seconds(lines):
    result = []
    for line in lines.decode().splitlines():
        o = json.loads(line)
        o.pop("seconds", None)
        result.append(json.dumps(o, sort_keys=True))
    return result
