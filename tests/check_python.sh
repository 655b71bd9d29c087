#!/bin/sh
# The Python binding (bindings/python/libsg, ctypes) passes its unit tests against the shared
# library just built, loaded through LIBSG_PATH.
set -e
BUILD=${BUILD:-build}
command -v python3 >/dev/null 2>&1 || { echo "python3 not found"; exit 1; }
lib="$(cd "$BUILD" && pwd)/libsg.so"
test -f "$lib"
LIBSG_PATH="$lib" PYTHONPATH="$(pwd)/bindings/python${PYTHONPATH:+:$PYTHONPATH}" \
    PYTHONDONTWRITEBYTECODE=1 python3 -m unittest discover -s bindings/python/tests -q
