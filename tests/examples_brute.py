#!/usr/bin/env python3
"""Independent answers for the programs in examples/, written plainly from the games' rules
(tests/examples_brute_heaps.py, _strips.py and _boards.py; what they share is in
tests/examples_brute_common.py).

Each reference decides positions by the definition itself - a position is lost for the
player to move when every move leads to a won position - searching the WHOLE position (all heaps
together), so it does not rely on the Sprague-Grundy theorem, the XOR rule or the library.
Where a whole-position search would be too slow (large samples), the reference says so and uses
the mex definition per component plus XOR, computed here without the library.

Usage: examples_brute.py BINDIR EXAMPLESDIR
  - checks that every sample EXAMPLESDIR/<name>.out equals this file's answer for <name>.in;
  - runs BINDIR/<name> on random small inputs and compares with this file's answer.
Prints one line per failure and exits non-zero when anything differs.
"""
import os
import random
import subprocess
import sys

from examples_brute_boards import (
    gen_arc_kayles, gen_cram, gen_graph_game, gen_hackenbush, gen_node_kayles, gen_wythoff,
    gen_wythoff_big, ref_arc_kayles, ref_cram, ref_graph_game, ref_hackenbush, ref_node_kayles,
    ref_wythoff, ref_wythoff_big)
from examples_brute_heaps import (
    gen_lasker, gen_misere, gen_nim_count, gen_nim_product, gen_snim, gen_split3, gen_take_away,
    nim_mul_fast, nim_mul_slow, ref_lasker, ref_misere, ref_nim_count, ref_nim_product, ref_snim,
    ref_split3, ref_take_away)
from examples_brute_strips import (
    gen_beans, gen_misere_kayles, gen_treblecross, gen_turtles, gen_welter, ref_beans,
    ref_misere_kayles, ref_treblecross, ref_turtles, ref_welter)

sys.setrecursionlimit(100000)


EXAMPLES = {
    "take_away": (ref_take_away, gen_take_away),
    "lasker": (ref_lasker, gen_lasker),
    "split3": (ref_split3, gen_split3),
    "wythoff_big": (ref_wythoff_big, gen_wythoff_big),
    "misere": (ref_misere, gen_misere),
    "turtles": (ref_turtles, gen_turtles),
    "beans": (ref_beans, gen_beans),
    "nim_count": (ref_nim_count, gen_nim_count),
    "snim": (ref_snim, gen_snim),
    "treblecross": (ref_treblecross, gen_treblecross),
    "wythoff": (ref_wythoff, gen_wythoff),
    "nim_product": (ref_nim_product, gen_nim_product),
    "graph_game": (ref_graph_game, gen_graph_game),
    "misere_kayles": (ref_misere_kayles, gen_misere_kayles),
    "welter": (ref_welter, gen_welter),
    "hackenbush": (ref_hackenbush, gen_hackenbush),
    "cram": (ref_cram, gen_cram),
    "node_kayles": (ref_node_kayles, gen_node_kayles),
    "arc_kayles": (ref_arc_kayles, gen_arc_kayles),
}

ROUNDS = 25


def main():
    bindir, exdir = sys.argv[1], sys.argv[2]
    failures = 0
    # the fast nim product is only trusted where it matches the definition
    for a in range(32):
        for b in range(32):
            if nim_mul_fast(a, b) != nim_mul_slow(a, b):
                print("nim_mul_fast(%d, %d) disagrees with the definition" % (a, b))
                failures += 1
    for src in sorted(os.listdir(exdir)):
        if src.endswith(".c") and src[:-2] not in EXAMPLES:
            print("examples/%s has no brute force here" % src)
            failures += 1
    rng = random.Random(20261121)
    for name, (ref, gen) in sorted(EXAMPLES.items()):
        with open(os.path.join(exdir, name + ".in")) as f:
            sample_in = f.read()
        with open(os.path.join(exdir, name + ".out")) as f:
            sample_out = f.read()
        if ref(sample_in) != sample_out:
            print("%s: examples/%s.out differs from the brute force" % (name, name))
            failures += 1
        for _ in range(ROUNDS):
            text = gen(rng)
            run = subprocess.run([os.path.join(bindir, name)], input=text, text=True,
                                 capture_output=True)
            want = ref(text)
            if run.returncode != 0 or run.stdout != want:
                print("%s: on input\n%s---\nprogram said (status %d)\n%s---\nbrute force says\n%s"
                      % (name, text, run.returncode, run.stdout + run.stderr, want))
                failures += 1
                break
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--answer":
        with open(sys.argv[3]) as f:
            sys.stdout.write(EXAMPLES[sys.argv[2]][0](f.read()))
    else:
        main()
