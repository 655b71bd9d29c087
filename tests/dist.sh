#!/bin/sh
# `make dist-check`: the release tarball on its own. Unpacks TARBALL into an empty temporary
# directory (no git, nothing of this checkout beside it), then builds it and runs its
# `make check` there: the last line printed is that suite's "N passed, N failed", and the
# status is its status. DIST_TARGET names another target to make there (the CI gate: all), and
# DIST_MAKEFLAGS adds variable settings to that make (the gate: CFLAGS=-O0, as it asks only
# whether the tarball holds every file its build needs).
# usage: dist.sh TARBALL   (MAKE: the make to run, as the Makefile passes it)
set -u
tarball=$1
MAKE=${MAKE:-make}
top=$(basename "$tarball" .tar.gz)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
tar -xzf "$tarball" -C "$tmp" || { echo "dist-check: cannot unpack $tarball"; exit 1; }
[ -f "$tmp/$top/Makefile" ] || { echo "dist-check: $tarball has no $top/Makefile"; exit 1; }
target=${DIST_TARGET:-check}
echo "dist-check: $tarball unpacked alone; make $target in $top/"
# shellcheck disable=SC2086
cd "$tmp/$top" && $MAKE "$target" ${DIST_MAKEFLAGS:-}
