#!/usr/bin/env python3
"""Check the levels of lib/: read which functions each object file defines and which it calls
(nm on the static objects), and report any file that calls a file of a later level, or any
circle of calls between files. Exit status 1 with the offending edges or circle.

usage: levels.py BUILD LEVEL...   (e.g. levels.py build/static common engine nim games longrun)
"""
import os
import subprocess
import sys


def symbols(path):
    out = subprocess.run(["nm", "-P", path], capture_output=True, text=True, check=True).stdout
    defined, undefined = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 2:
            continue
        name, kind = parts[0], parts[1]
        if kind == "U":
            undefined.add(name)
        elif kind in "TDBR" or kind in "tdbr":
            if kind.isupper():
                defined.add(name)
    return defined, undefined


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    build, levels = sys.argv[1], sys.argv[2:]
    files = {}
    for rank, level in enumerate(levels):
        # a level's files and those of its rooms (games/octal/...): one rank for all of them
        d = os.path.join(build, level)
        for root, dirs, names in os.walk(d):
            dirs.sort()
            for f in sorted(names):
                if f.endswith(".o"):
                    rel = os.path.relpath(os.path.join(root, f[:-2]), build)
                    files[rel] = (rank, ) + symbols(os.path.join(root, f))
    owner = {}
    for name, (_, defined, _) in files.items():
        for s in defined:
            owner[s] = name
    calls = {name: sorted({owner[s] for s in und if s in owner and owner[s] != name})
             for name, (_, _, und) in files.items()}
    bad = []
    for name, targets in calls.items():
        for t in targets:
            if files[t][0] > files[name][0]:
                bad.append("%s calls %s, a later level" % (name, t))
    # a circle: depth-first search for a back edge, without recursion
    state = {}
    for start in sorted(calls):
        if start in state:
            continue
        stack = [(start, iter(calls[start]))]
        state[start] = "open"
        path = [start]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = "done"
                stack.pop()
                path.pop()
            elif state.get(nxt) == "open":
                bad.append("circle: " + " -> ".join(path[path.index(nxt):] + [nxt]))
            elif nxt not in state:
                state[nxt] = "open"
                path.append(nxt)
                stack.append((nxt, iter(calls[nxt])))
    for b in bad:
        print("levels: " + b)
    if not files:
        sys.exit("levels: no objects under " + build)
    print("levels: %d files in %d levels, no call upwards, no circle" % (len(files), len(levels))
          if not bad else "levels: %d problems" % len(bad))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
