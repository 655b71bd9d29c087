#!/bin/sh
# The shared library exports exactly the public API: every name is declared in include/sg.h with
# the sg_ or nim_ prefix, and every function the header declares is exported.
set -e
lib=$(ls "${BUILD:-build}"/libsg.so.*.*.* | head -n 1)
exported=$(nm -D --defined-only "$lib" | awk '$2 == "T" { print $3 }' | sort)
[ -n "$exported" ]
bad=$(printf '%s\n' "$exported" | grep -Ev '^(sg|nim)_[a-z0-9_]+$' | grep -v '^sg__' || true)
if [ -n "$bad" ]; then echo "unexpected exports: $bad"; exit 1; fi
if printf '%s\n' "$exported" | grep -q '^sg__'; then
    echo "private names exported:"; printf '%s\n' "$exported" | grep '^sg__'; exit 1
fi
declared=$(sed -n 's/^SG_API [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' include/sg.h | sort -u)
missing=$(printf '%s\n' "$declared" | while read -r f; do
    printf '%s\n' "$exported" | grep -qx "$f" || echo "$f"; done)
if [ -n "$missing" ]; then echo "declared but not exported: $missing"; exit 1; fi
extra=$(printf '%s\n' "$exported" | while read -r f; do
    printf '%s\n' "$declared" | grep -qx "$f" || echo "$f"; done)
if [ -n "$extra" ]; then echo "exported but not declared in sg.h: $extra"; exit 1; fi
