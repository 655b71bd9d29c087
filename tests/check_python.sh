#!/bin/sh
# The Python binding (bindings/python/libsg, ctypes) passes its pytest suite against the shared
# library just built, loaded through LIBSG_PATH, and mypy --strict finds nothing in the package
# or its tests. pytest and mypy are Debian packages (python3-pytest, mypy); .ci/run installs them.
set -e
BUILD=${BUILD:-build}
lib="$(cd "$BUILD" && pwd)/libsg.so"
test -f "$lib"
# the first Python 3 that has pytest (a pyenv python3 may shadow Debian's /usr/bin/python3)
py=
for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import pytest' 2>/dev/null; then py=$p; break; fi
done
[ -n "$py" ] || { echo "pytest not found: apt-get install python3-pytest"; exit 1; }
here=$(pwd)/bindings/python
LIBSG_PATH="$lib" PYTHONPATH="$here:$here/tests${PYTHONPATH:+:$PYTHONPATH}" \
    PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -q -p no:cacheprovider "$here/tests"
if command -v mypy >/dev/null 2>&1; then mypy=mypy
elif "$py" -c 'import mypy' 2>/dev/null; then mypy="$py -m mypy"
else echo "mypy not found: apt-get install mypy"; exit 1; fi
# the cache in the build tree: a later run checks only what changed (8 s -> 1 s)
cache="$(cd "$BUILD" && pwd)/mypy-cache"
mkdir -p "$cache"
(cd "$here" && MYPYPATH="$here:$here/tests" $mypy --strict --cache-dir="$cache" libsg tests)
