#!/bin/sh
# `grundy ... --format svg` draws one SVG document that rsvg-convert renders into an image that
# is not blank and shows what the values say (tests/svg_test.py); the pictures committed under
# docs/ are what `make pictures` draws now, and docs/guide.md shows them.
set -e
BUILD=${BUILD:-build}
command -v rsvg-convert >/dev/null 2>&1 ||
    { echo "rsvg-convert not found: apt-get install librsvg2-bin"; exit 1; }
BUILD="$BUILD" python3 tests/svg_test.py
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s pictures BUILD="$BUILD" PICTURES_DIR="$tmp" >/dev/null
for f in "$tmp"/*.svg; do
    name=$(basename "$f")
    cmp -s "$f" "docs/$name" || { echo "docs/$name is out of date: run make pictures"; exit 1; }
    grep "]($name)" docs/guide.md >/dev/null || { echo "docs/guide.md does not show $name"; exit 1; }
done
