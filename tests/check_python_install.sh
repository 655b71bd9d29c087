#!/bin/sh
# tier: long
# `python3 -m pip install .` at the repository root works offline in a fresh virtual
# environment (the in-tree build backend compiles lib/ and ships the library in the package);
# `import libsg` then finds its own library from any directory with no environment variable, and
# still honours LIBSG_PATH; `pip wheel . --no-deps --no-build-isolation` gives a platform wheel.
set -e
BUILD=${BUILD:-build}
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# no pip of its own (copying one in takes longer than the install): the system's pip, seen through
# the system's site-packages, installs into the environment, whose own come first on sys.path
python3 -m venv --without-pip --system-site-packages "$tmp/venv"
py="$tmp/venv/bin/python"
# --no-index: nothing may come from a package index (this machine reaches none). The packaging
# is the test here, not the compiler's optimizer, so the library is compiled at -O0 (3 s rather
# than 12; the backend passes CFLAGS to the compiler, -O2 when unset)
CFLAGS=-O0 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip install -q "$root" \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
cd "$tmp"
env -u LIBSG_PATH -u PYTHONPATH -u LD_LIBRARY_PATH "$py" -c '
import os, sys, libsg
site = os.path.dirname(os.path.dirname(libsg.__file__))
assert libsg.library_path.startswith(site), (libsg.library_path, site)
assert os.path.exists(os.path.join(os.path.dirname(libsg.__file__), "py.typed"))
assert libsg.subtraction_table([1, 3, 4], 10).tolist() == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
assert libsg.octal_period("0.07", 5000) == (53, 34)
'
lib="$(cd "$root/$BUILD" && pwd)/libsg.so"
LIBSG_PATH="$lib" "$py" -c 'import libsg, sys; assert libsg.library_path == sys.argv[1]' \
    "$lib"
# a wheel, with the system's build tools and no isolation
cd "$root"
# (-O0 again, as above)
CFLAGS=-O0 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip wheel -q . --no-deps \
    --no-build-isolation -w "$tmp/wheels" >"$tmp/wheel.log" 2>&1 ||
    { cat "$tmp/wheel.log"; exit 1; }
wheel=$(ls "$tmp"/wheels/libsg-*.whl)
case "$wheel" in *-py3-none-any.whl) echo "not a platform wheel: $wheel"; exit 1 ;; esac
"$py" -m zipfile -l "$wheel" | grep 'libsg/libsg\.so' >/dev/null ||
    { echo "no library in $wheel"; exit 1; }
