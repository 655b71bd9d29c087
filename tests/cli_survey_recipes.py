"""The recipes of docs/survey.md, run as written there (GNU parallel; the Slurm job script with
SLURM_ARRAY_TASK_ID set by hand, as Slurm is not installed), must give what one serial run gives,
on a survey of 200 codes."""
import json
import os
import random
import re
import shutil

from cli_survey_common import ROOT, TOOL, expect, fail, run, strip_seconds, survey


# ---- the recipes of docs/survey.md -------------------------------------------------------------
def doc_blocks():
    """The ```sh blocks of docs/survey.md, continuation lines joined."""
    text = open(os.path.join(ROOT, "docs", "survey.md"), encoding="utf-8").read()
    blocks = re.findall(r"^```sh\n(.*?)^```$", text, re.S | re.M)
    return [re.sub(r"\\\n\s*", "", b).replace("|\n", "| ").strip() for b in blocks]


def check_recipes(tmp):
    rng = random.Random(200)
    all3 = ["0.%d%d%d" % (a, b, c) for a in range(8) for b in range(8) for c in range(1, 8)]
    codes = rng.sample(all3, 194) + ["0.07", ".137", "0.77", "4.07", "0.6", "0.007"]
    lines = [c if i % 3 else "  %s  # code %d" % (c, i) for i, c in enumerate(codes)]
    lines[40:40] = ["", "# a comment", "0.x", "1.07", "   "]
    lines[120:120] = ["0.99999999", "", "\t"]
    text = "\n".join(lines) + "\n"
    limit = "2^10"
    os.makedirs(os.path.join(tmp, "bin"))
    os.symlink(TOOL, os.path.join(tmp, "bin", "grundy"))
    os.symlink(os.path.join(ROOT, "examples"), os.path.join(tmp, "examples"))
    env = dict(os.environ, PATH=os.path.join(tmp, "bin") + os.pathsep + os.environ["PATH"],
               LIMIT=limit)
    work = os.path.join(tmp, "work")

    def fresh(content):
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        os.symlink(os.path.join(ROOT, "examples"), os.path.join(work, "examples"))
        with open(os.path.join(work, "codes.txt"), "w") as f:
            f.write(content)

    def sh(cmd, what):
        st, out, err = run(["sh", "-c", cmd], env=env, cwd=work, timeout=600)
        if st != 0:
            fail("%s: status %d, stderr %r" % (what, st, err[:300]))
        return st

    def result(name):
        with open(os.path.join(work, name), "rb") as f:
            return f.read()

    def serial(content, lim=limit):
        st, out, err = survey(content.encode(), "--limit", lim)
        if st != 0:
            fail("serial survey: status %d, %r" % (st, err[:200]))
        return strip_seconds(out)

    whole = serial(text)
    expect("the serial survey: objects", len(whole), 200 + 3)

    def same(what, got, want):
        if got != want:
            fail("%s: %d lines differ from the serial run's %d (first: %r)" % (
                what, len(got), len(want),
                next(((g, w) for g, w in zip(got, want) if g != w), None)))
        if sorted(got) != sorted(want):
            fail("%s: sorted, not the serial run's results" % what)

    blocks = doc_blocks()
    ran = {"pipe": 0, "per-code": 0, "two-pass": 0, "slurm-hand": 0}
    for block in blocks:
        first = block.split("\n")[0]
        if "[--limit" in first or first.startswith("LIMIT="):
            continue    # the synopsis; LIMIT is set here
        if first.startswith("SLURM_ARRAY_TASK_ID="):
            fresh(text)
            if sh(block.replace("2^16", limit), "a Slurm task by hand") == 0:
                m = re.search(r"SLURM_ARRAY_TASK_ID=(\d+) .* (\d+) \S+$", first)
                k, tasks = int(m.group(1)), int(m.group(2))
                per = -(-len(lines) // tasks)
                part = "".join(x + "\n" for x in lines[k * per:(k + 1) * per])
                got = strip_seconds(result("results/part-%05d.jsonl" % k))
                if not part.strip() or got != serial(part):
                    fail("a Slurm task by hand: part %d is not the survey of its slice" % k)
            ran["slurm-hand"] += 1
        elif "sbatch" in block:
            continue    # Slurm itself is not installed
        elif first.startswith("parallel") and "--pipe" in first:
            fresh(text)
            if sh(block, "docs/survey.md: " + first) == 0:
                same("GNU parallel --pipe", strip_seconds(result("results.jsonl")), whole)
            ran["pipe"] += 1
        elif first.startswith("parallel"):
            part = "\n".join(lines[35:60]) + "\n"    # one job per code: fewer codes
            fresh(part)
            if sh(block, "docs/survey.md: " + first) == 0:
                same("GNU parallel, one job per code", strip_seconds(result("results.jsonl")),
                     serial(part))
                if not os.path.exists(os.path.join(work, "survey.log")):
                    fail("GNU parallel, one job per code: no job log")
            ran["per-code"] += 1
        elif first.startswith("grundy survey --limit 2^12"):
            fresh(text)
            if sh(block.replace("2^12", "2^8").replace("2^18", "2^10"), "two passes") == 0:
                pass1 = [json.loads(x) for x in result("pass1.jsonl").decode().splitlines()]
                again = [o["code"] for o in pass1 if "error" not in o and not o["proven"]]
                pass2 = strip_seconds(result("pass2.jsonl"))
                expect("two passes: objects", len(pass2), len(again))
                if not again or pass2 != serial("\n".join(again) + "\n"):
                    fail("two passes: the second pass is not a survey of the unproven codes")
            ran["two-pass"] += 1
        else:
            fail("docs/survey.md: a block this test does not know: %.80r" % block)
    expect("recipes run from docs/survey.md", ran,
           {"pipe": 1, "per-code": 1, "two-pass": 1, "slurm-hand": 1})

    # the Slurm job array: the script's body once per task, SLURM_ARRAY_TASK_ID set by hand
    script = "examples/survey/survey.sbatch"
    for tasks in (4, 7):
        fresh(text)
        for k in range(tasks):
            sh("SLURM_ARRAY_TASK_ID=%d sh %s codes.txt results %d %s" % (k, script, tasks, limit),
               "Slurm task %d of %d" % (k, tasks))
        if sh("sh examples/survey/merge.sh results %d > results.jsonl" % tasks, "merge") == 0:
            same("Slurm array of %d tasks, merged" % tasks, strip_seconds(result("results.jsonl")),
                 whole)
    # a missing part (a task not done) is refused, naming it; a task run again fills it in
    os.remove(os.path.join(work, "results", "part-00002.jsonl"))
    st, out, err = run(["sh", "examples/survey/merge.sh", "results", "7"], env=env, cwd=work)
    if st == 0 or b" 2 " not in err + b" ":
        fail("merge.sh with part 2 missing: status %d, stderr %r" % (st, err))
    # a task that fails leaves only its .tmp part
    bad = dict(env, GRUNDY=os.path.join(tmp, "no-such-grundy"))
    st, _, _ = run(["sh", script, "codes.txt", "results", "7", limit], env=dict(
        bad, SLURM_ARRAY_TASK_ID="2"), cwd=work)
    if st == 0 or os.path.exists(os.path.join(work, "results", "part-00002.jsonl")):
        fail("a failing Slurm task: status %d, and it left a part" % st)
    sh("SLURM_ARRAY_TASK_ID=2 sh %s codes.txt results 7 %s" % (script, limit), "task 2 again")
    if sh("sh examples/survey/merge.sh results 7 > results.jsonl", "merge again") == 0:
        same("Slurm array, task 2 run again", strip_seconds(result("results.jsonl")), whole)
    st, _, err = run(["sh", script, "codes.txt", "results", "7"],
                     env=dict(env, SLURM_ARRAY_TASK_ID="7"), cwd=work)
    if st == 0 or not err:
        fail("a Slurm task index past TASKS: status %d, stderr %r" % (st, err))
