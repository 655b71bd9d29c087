#!/bin/sh
# The Python binding (bindings/python/libsg) passes its pytest suite twice: as `pip install .`
# builds it, with the extension module libsg._native (rules called from C; built in place in
# $BUILD/python by the package's own build backend, linked from the library's PIC objects in
# $BUILD/shared), and through ctypes alone against the shared library just built (LIBSG_PATH,
# the way where Python's headers are missing). Then mypy --strict finds nothing in the package
# or its tests. pytest and mypy are Debian packages (python3-pytest, mypy); .ci/run installs
# them; the extension module needs python3-dev (without it, only the ctypes run is made).
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
run_pytest() {
    PYTHONDONTWRITEBYTECODE=1 "$py" -m pytest -q -p no:cacheprovider "$here/tests"
}
built=$(cd "$BUILD" && pwd)/python
# only the module's own file is compiled here (the library's objects are linked): as the library's
# tests are, warning-free
warn="-Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes -Werror"
compiled=$(CFLAGS="-O2 $warn" "$py" "$here/backend/libsg_build.py" --inplace "$built" \
    --objects "$BUILD/shared" 2>"$BUILD/python-build.log") ||
    { cat "$BUILD/python-build.log"; exit 1; }
case "$compiled" in
    _native*)
        echo "python: with the extension module ($compiled)"
        (unset LIBSG_PATH LIBSG_NATIVE; PYTHONPATH="$built:$here/tests" run_pytest) ;;
    *) echo "python: no extension module (no Python headers): ctypes only" ;;
esac
echo "python: through ctypes ($lib)"
LIBSG_PATH="$lib" PYTHONPATH="$here:$here/tests${PYTHONPATH:+:$PYTHONPATH}" run_pytest
if command -v mypy >/dev/null 2>&1; then mypy=mypy
elif "$py" -c 'import mypy' 2>/dev/null; then mypy="$py -m mypy"
else echo "mypy not found: apt-get install mypy"; exit 1; fi
# the cache in the build tree: a later run checks only what changed (8 s -> 1 s)
cache="$(cd "$BUILD" && pwd)/mypy-cache"
mkdir -p "$cache"
(cd "$here" && MYPYPATH="$here:$here/tests" $mypy --strict --cache-dir="$cache" libsg tests)
