#!/bin/sh
# What `make check` needs beyond a C compiler, make and python3, installed from Debian's
# packages when missing (as root, with apt-get), so that `make check` on a fresh machine sets
# itself up. Without root or apt-get it names the packages and fails.
# usage: test-deps.sh [EXTRA-PACKAGE-TESTS...]   (.ci/run passes more: clang, valgrind)
need=""
want() { command -v "$1" >/dev/null 2>&1 || need="$need $2"; }
want pkg-config pkgconf
want nm binutils
want c++ g++
want groff groff-base            # tests/check_man.sh formats the man pages
want cmake cmake                 # tests/check_cmake.sh
want rsvg-convert librsvg2-bin   # tests/check_svg.sh renders the pictures
want mypy mypy                   # tests/check_python.sh
want parallel parallel           # tests/check_cli_survey.sh runs the survey recipes
want nauty-geng nauty            # the graph tests: every graph on 7 and 8 vertices, by geng
# nauty's canonical labelling, which the build uses when it finds it (the built-in form is
# tested either way); Debian puts the header under the machine's include directory
nauty_h=
for h in /usr/include/nauty/nauty.h /usr/include/*/nauty/nauty.h; do
    [ -e "$h" ] && nauty_h=$h
done
[ -n "$nauty_h" ] || need="$need libnauty2-dev"
# an extra is COMMAND:PACKAGE, or /FILE:PACKAGE for a package of headers
for extra in "$@"; do
    case $extra in
    /*) [ -e "${extra%%:*}" ] || need="$need ${extra#*:}" ;;
    *) want "${extra%%:*}" "${extra#*:}" ;;
    esac
done
# pytest for whichever python3 comes first, or Debian's; venv and pip for the pip install check
python3 -c 'import pytest' 2>/dev/null || /usr/bin/python3 -c 'import pytest' 2>/dev/null ||
    need="$need python3-pytest"
# Debian's jsonschema for /usr/bin/python3: tests/check_cli_json.sh checks every JSON output
/usr/bin/python3 -c 'import jsonschema' 2>/dev/null || need="$need python3-jsonschema"
python3 -c 'import ensurepip, venv' 2>/dev/null || need="$need python3-venv"
python3 -m pip --version >/dev/null 2>&1 || need="$need python3-pip"
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing what the tests need:$need"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need && exit 0
fi
echo "the tests need these Debian packages:$need (apt-get install$need)" >&2
exit 1
