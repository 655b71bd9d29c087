#!/bin/sh
# tier: long
# `python3 -m pip install .` at the repository root works offline in a fresh virtual
# environment (the in-tree build backend compiles lib/ into the extension module libsg._native,
# or, without Python's headers, into libsg.so for ctypes); `import libsg` then finds its own
# library from any directory with no environment variable, and still honours LIBSG_PATH;
# `pip wheel . --no-deps --no-build-isolation` gives a wheel that installs into another fresh
# environment; LIBSG_NATIVE=0 (as where the headers are missing) gives the ctypes wheel, with a
# warning that says so.
set -e
BUILD=${BUILD:-build}
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# no pip of its own (copying one in takes longer than the install): the system's pip, seen through
# the system's site-packages, installs into the environment, whose own come first on sys.path
python3 -m venv --without-pip --system-site-packages "$tmp/venv"
py="$tmp/venv/bin/python"
# the extension module is expected where this interpreter has its headers
native=$("$py" -c 'import os, sysconfig
print(int(os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h"))))')
# --no-index: nothing may come from a package index (this machine reaches none). The packaging
# is the test here, not the compiler's optimizer, so the library is compiled at -O0 (3 s rather
# than 12; the backend passes CFLAGS to the compiler, -O2 when unset)
CFLAGS=-O0 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip install -q "$root" \
    >"$tmp/pip.log" 2>&1 || { cat "$tmp/pip.log"; exit 1; }
check='
import os, sys, libsg
site = os.path.dirname(os.path.dirname(libsg.__file__))
assert libsg.library_path.startswith(site), (libsg.library_path, site)
assert libsg.native == (sys.argv[1] == "1"), (libsg.native, sys.argv[1])
assert libsg.__version__ == libsg.version()
assert os.path.exists(os.path.join(os.path.dirname(libsg.__file__), "py.typed"))
assert libsg.subtraction_table([1, 3, 4], 10).tolist() == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
assert libsg.table_build(lambda n: [n - k for k in (1, 3, 4) if k <= n], 10).tolist() == \
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]
assert libsg.Memo(lambda n: [n - k for k in (1, 3, 4) if k <= n])[9] == 0
assert libsg.octal_period("0.07", 5000) == (53, 34)
'
cd "$tmp"
env -u LIBSG_PATH -u LIBSG_NATIVE -u PYTHONPATH -u LD_LIBRARY_PATH "$py" -c "$check" "$native"
lib="$(cd "$root/$BUILD" && pwd)/libsg.so"
LIBSG_PATH="$lib" "$py" -c 'import libsg, sys; assert libsg.library_path == sys.argv[1]
assert not libsg.native' "$lib"
# wheels, with the system's build tools and no isolation (-O0 again, as above)
cd "$root"
wheel() {
    CFLAGS=-O0 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$py" -m pip wheel -v . --no-deps \
        --no-build-isolation -w "$1" >"$1.log" 2>&1 || { cat "$1.log"; exit 1; }
    ls "$1"/libsg-*.whl
}
w=$(wheel "$tmp/wheels")
case "$w" in *-any.whl) echo "not a platform wheel: $w"; exit 1 ;; esac
if [ "$native" = 1 ]; then what='libsg/_native\..*\.so'; else what='libsg/libsg\.so'; fi
"$py" -m zipfile -l "$w" | grep "$what" >/dev/null || { echo "no $what in $w"; exit 1; }
# the wheel installs into another fresh environment, and works from another directory
python3 -m venv --without-pip --system-site-packages "$tmp/venv2"
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$tmp/venv2/bin/python" -m pip install -q "$w" \
    >"$tmp/pip2.log" 2>&1 || { cat "$tmp/pip2.log"; exit 1; }
(cd "$tmp" && env -u LIBSG_PATH -u LIBSG_NATIVE -u PYTHONPATH "$tmp/venv2/bin/python" -c "$check" \
    "$native")
# as where the headers are missing: the ctypes wheel, for any Python 3, and a warning saying so
w0=$(LIBSG_NATIVE=0 wheel "$tmp/wheels0")
case "$w0" in *-py3-none-*.whl) ;; *) echo "not a py3-none wheel: $w0"; exit 1 ;; esac
grep 'warning: LIBSG_NATIVE=0; building the plain shared library' "$tmp/wheels0.log" >/dev/null ||
    { cat "$tmp/wheels0.log"; echo "no warning"; exit 1; }
"$py" -m zipfile -l "$w0" | grep 'libsg/libsg\.so' >/dev/null ||
    { echo "no libsg.so in $w0"; exit 1; }
python3 -m venv --without-pip --system-site-packages "$tmp/venv3"
PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 "$tmp/venv3/bin/python" -m pip install -q "$w0" \
    >"$tmp/pip3.log" 2>&1 || { cat "$tmp/pip3.log"; exit 1; }
(cd "$tmp" && env -u LIBSG_PATH -u LIBSG_NATIVE -u PYTHONPATH "$tmp/venv3/bin/python" -c "$check" 0)
