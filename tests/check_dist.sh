#!/bin/sh
# `make dist` writes build/libsg-VERSION.tar.gz (VERSION from include/sg.h) holding exactly the
# committed files, each under libsg-VERSION/. Outside a git checkout (an unpacked tarball) there
# is nothing to archive, and the check says so. The tarball built and checked alone is
# `make dist-check`, part of `make check-all`.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_dist: $*"; exit 1; }
if ! git rev-parse --verify -q HEAD > /dev/null 2>&1; then
    echo "check_dist: not a git checkout: no tarball to make"
    exit 0
fi
v() { sed -n "s/^#define SG_VERSION_$1  *\([0-9][0-9]*\).*/\1/p" include/sg.h; }
version=$(v MAJOR).$(v MINOR).$(v PATCH)
case $version in [0-9]*.[0-9]*.[0-9]*) ;; *) fail "no version in include/sg.h: '$version'" ;; esac
${MAKE:-make} --no-print-directory dist BUILD="$tmp/out" > "$tmp/log" 2>&1 ||
    fail "make dist failed: $(cat "$tmp/log")"
tarball="$tmp/out/libsg-$version.tar.gz"
[ -s "$tarball" ] || fail "make dist wrote no $tarball: $(cat "$tmp/log")"
tar -tzf "$tarball" > "$tmp/list" || fail "not a gzip'd tar: $tarball"
grep -v "^libsg-$version/" "$tmp/list" && fail "entries outside libsg-$version/ (above)"
grep -v '/$' "$tmp/list" | sed "s|^libsg-$version/||" | sort > "$tmp/files"
git ls-tree -r --name-only HEAD | sort > "$tmp/committed"
cmp -s "$tmp/files" "$tmp/committed" ||
    fail "the tarball's files differ from HEAD's: $(diff "$tmp/committed" "$tmp/files" | head)"
exit 0
