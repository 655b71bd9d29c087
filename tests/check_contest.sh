#!/bin/sh
# `make contest` writes build/contest/sg.h, the header pasted above a solution on a judge:
#   - at most 60 KiB, self-contained, a short notice on top and no other comment; the size
#     table of docs/contest.md is what scripts/amalgamate.py --contest --sizes prints (under
#     SG_TEST_LONG);
#   - scripts/parts.txt is right: what each module's objects use is defined by the objects of
#     the modules it needs (never a link error), and every lib/ file it names exists (under
#     SG_TEST_LONG);
#   - the whole header, a header of every module (the opt-in ones too) and every module alone
#     (with what it needs) compile as the single unit of a solution (SG_STATIC) without a
#     warning under -Wall -Wextra -Wshadow -Werror, as C99 and C11, as C++11, C++17 and C++20
#     with -Wold-style-cast too (every module and each module alone: C99 and C++17), gcc and
#     clang; then tests/contest/main.c checks the values of each module held against brute
#     force (`make check`: the whole header and every module, as C99 and C++17; the rest under
#     SG_TEST_LONG);
#   - two units (SG_IMPLEMENTATION in one, declarations in the other), C, C++ and mixed;
#   - the sg_period_t pattern of docs/contest.md under g++ -O2 -Wall -Werror (no "may be used
#     uninitialized").
set -e
BUILD=${BUILD:-build}
command -v python3 >/dev/null 2>&1 || { echo "check_contest: no python3, skipped"; exit 0; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check_contest: $*"; exit 1; }

case "${SG_TEST_LONG:-0}" in 0) long= ;; *) long=1 ;; esac
python3 scripts/amalgamate.py --contest --list > "$tmp/list"

# ---- the list against the objects (compiled as the contest build compiles them) ---------------
if [ -n "$long" ]; then
    defines=$(python3 scripts/amalgamate.py --contest --cflags)
    CC=${CC:-cc}
    for f in $(tr ' ' '\n' < "$tmp/list" | grep '^lib/' | sort -u); do
        o="$tmp/obj/${f#lib/}"
        mkdir -p "$(dirname "$o")"
        $CC -std=c99 -c $defines -Iinclude "$f" -o "${o%.c}.o"
    done
    while read -r module rest; do
        files=$(echo "$rest" | tr ' ' '\n' | grep '^lib/' || true)
        closure=$(echo "$rest" | tr ' ' '\n' | grep -v '^lib/' || true)
        # the objects of the module and of everything it needs
        objs=""
        for m in $module $closure; do
            for f in $(awk -v m="$m" \
                    '$1 == m { for (i = 2; i <= NF; i++) if ($i ~ /^lib\//) print $i }' \
                    "$tmp/list"); do
                objs="$objs $tmp/obj/${f#lib/}"
            done
        done
        objs=$(echo "$objs" | sed 's/\.c\b/.o/g')
        own=$(for f in $files; do echo "$tmp/obj/${f#lib/}" | sed 's/\.c$/.o/'; done)
        nm -u $own | awk '{print $NF}' | grep -E '^(sg|nim)' | sort -u > "$tmp/used"
        nm --defined-only $objs | awk 'NF == 3 && $2 ~ /[TDRB]/ {print $3}' |
            sort -u > "$tmp/defined"
        missing=$(comm -23 "$tmp/used" "$tmp/defined")
        [ -z "$missing" ] || fail "scripts/parts.txt: module $module uses" $missing ", which the" \
                                  "modules it needs (" $closure ") do not define"
    done < "$tmp/list"

    # ---- the size table of docs/contest.md is the generator's ----------------------------------
    python3 scripts/amalgamate.py --contest --sizes > "$tmp/sizes"
    sed -n '/^<!-- sizes -->$/,/^<!-- end sizes -->$/p' docs/contest.md | sed '1d;$d' \
        > "$tmp/documented"
    if ! cmp -s "$tmp/sizes" "$tmp/documented"; then
        diff "$tmp/documented" "$tmp/sizes" || true
        fail "the size table of docs/contest.md is not current: put the output of" \
             "python3 scripts/amalgamate.py --contest --sizes between its markers"
    fi
fi

# ---- the header ------------------------------------------------------------------------------
make -s contest BUILD="$BUILD" >/dev/null
h="$BUILD/contest/sg.h"
size=$(wc -c < "$h")
[ "$size" -le 61440 ] || fail "$h is $size bytes, over 60 KiB"
head -n 1 "$h" | grep -q "^/\* libsg .* contest header" || fail "no notice on top of $h"
notice=$(grep -n '\*/' "$h" | head -n 1 | cut -d: -f1)
if tail -n +"$((notice + 1))" "$h" | grep -n '/\*\|//'; then
    fail "a comment left in $h"
fi
if grep -n '^#include *"' "$h"; then fail "a local include left in $h"; fi

cc_ok() { command -v "$1" >/dev/null 2>&1; }
t=tests/contest
ran=0
# PARTS="" is the whole header; "every" is every module of the list at once (the opt-in ones
# too: C99 and C++17); each module alone brings what it needs
every=$(awk '{print $1}' "$tmp/list" | tr '\n' ' ')
modules=
[ -z "$long" ] || modules=$every
for parts in "" every $modules; do
    d="$tmp/h/${parts:-all}"
    mkdir -p "$d"
    case "$parts" in
    every) python3 scripts/amalgamate.py --contest --parts "$every" -o "$d/sg.h" ;;
    *) python3 scripts/amalgamate.py --contest ${parts:+--parts "$parts"} -o "$d/sg.h" ;;
    esac
    has=$(sed -n 2p "$d/sg.h" | sed 's/^ \* //; s/\.$//; s/,//g')
    defs=$(for m in $has; do printf ' -DHAS_%s' "$(echo "$m" | tr 'a-z' 'A-Z')"; done)
    # every module in `make check`: by one pair only, clang first (gcc -O1 on it costs 5 s)
    pairs="gcc:g++ clang:clang++"
    [ "$parts" != every ] || [ -n "$long" ] || pairs="clang:clang++ gcc:g++"
    done_every=
    for pair in $pairs; do
        cc=${pair%%:*}
        cxx=${pair#*:}
        cc_ok "$cc" && cc_ok "$cxx" && [ -z "$done_every" ] || continue
        [ "$parts" != every ] || [ -n "$long" ] || done_every=1
        # gcc's warnings that need the optimizer run at -O1; clang's are the same at -O0
        opt=-O1
        [ "$cc" != clang ] || opt=-O0
        w="-Wall -Wextra -Wshadow -Werror $opt"
        # every standard for the whole header, the two common ones for each module alone
        cstds="c99 c11"
        xstds="c++11 c++17 c++20"
        [ -z "$parts" ] && [ -n "$modules" ] || { cstds=c99; xstds=c++17; }
        for std in $cstds; do
            $cc -std=$std $w $defs -I"$d" -o "$d/c_$std" $t/main.c
            "$d/c_$std" | grep -qx 'contest ok' || fail "${parts:-all}: $cc -std=$std: wrong values"
        done
        for std in $xstds; do
            $cxx -x c++ -std=$std $w -Wold-style-cast $defs -I"$d" -o "$d/x_$std" $t/main.c
            "$d/x_$std" | grep -qx 'contest ok' || fail "${parts:-all}: $cxx -std=$std: wrong values"
        done
        ran=$((ran + 1))
    done
done
[ "$ran" -gt 0 ] || fail "no C compiler pair found"

# two units, as with the single header: the library in one (SG_IMPLEMENTATION), declarations
# only in the other; C, C++, and the library as C under a C++ program
cat > "$tmp/impl.c" <<'C'
#define SG_IMPLEMENTATION
#include <sg.h>
C
cat > "$tmp/use.c" <<'C'
#include <sg.h>
#include <stdio.h>
int main(void)
{
    const uint64_t s[3] = {1, 3, 4};
    sg_value_t t[8];
    if (sg_subtraction_table(t, 8, s, 3) != SG_OK) return 1;
    printf("%u %u\n", (unsigned)t[7], (unsigned)nim_mul(2, 2));
    return 0;
}
C
for pair in gcc:g++ clang:clang++; do
    cc=${pair%%:*}
    cxx=${pair#*:}
    cc_ok "$cc" && cc_ok "$cxx" || continue
    w="-Wall -Wextra -Wshadow -Werror -I$BUILD/contest"
    $cc -std=c99 $w -c "$tmp/impl.c" -o "$tmp/impl.o"
    $cc -std=c99 $w -o "$tmp/two_c" "$tmp/use.c" "$tmp/impl.o"
    $cxx -x c++ -std=c++17 $w -Wold-style-cast -c "$tmp/impl.c" -o "$tmp/impl_cxx.o"
    $cxx -x c++ -std=c++17 $w -o "$tmp/two_cxx" "$tmp/use.c" -x none "$tmp/impl_cxx.o"
    $cxx -x c++ -std=c++17 $w -o "$tmp/mixed" "$tmp/use.c" -x none "$tmp/impl.o"
    for p in two_c two_cxx mixed; do
        [ "$("$tmp/$p")" = "0 3" ] || fail "$cc: two units ($p): wrong values"
    done
done

# the docs/contest.md pattern: an sg_period_t filled by the library, never initialized here
# (with the contest header and with the single header)
if cc_ok g++; then
    make -s single BUILD="$tmp/sb" >/dev/null
    mkdir -p "$tmp/single"
    cp "$tmp/sb/single/sg.h" "$tmp/single/sg.h"
    cat > "$tmp/pattern.cpp" <<'CPP'
#define SG_IMPLEMENTATION
#define SG_STATIC
#include <sg.h>
#include <stdio.h>

int main(void)
{
    const uint64_t set[3] = {2, 4, 7};
    sg_value_t g[64], v;
    sg_period_t p;
    if (sg_subtraction_period(set, 3, &p) != SG_OK || p.preperiod + p.period > 64) return 1;
    if (sg_subtraction_table(g, 64, set, 3) != SG_OK) return 1;
    printf("preperiod %llu, period %llu\n", (unsigned long long)p.preperiod,
           (unsigned long long)p.period);
    if (sg_period_value(g, 64, &p, 1000000000000000000ull, &v) != SG_OK) return 1;
    printf("SG(10^18) = %u\n", v);
    return 0;
}
CPP
    for hdr in "$BUILD/contest" "$tmp/single"; do
        g++ -std=c++17 -O2 -Wall -Wextra -Werror -I"$hdr" -o "$tmp/pattern" "$tmp/pattern.cpp"
        [ "$("$tmp/pattern" | tail -n 1)" = "SG(10^18) = 2" ] ||
            fail "the docs/contest.md pattern printed a wrong value"
    done
fi
# ---- no name of a solution's own clashes but the library's public ones ----------------------
# Every identifier of the header without the library's prefixes (sg_ SG_ nim_: its public names
# and its private ones) is declared by a solution beside the pasted header (SG_STATIC), at file
# scope: gcc refuses only those that the header's standard headers declare as well (it refuses
# them without the header too). A public name is refused: docs/contest.md says so (nim_sum).
# The header checked holds every module, the opt-in ones too.
h="$tmp/h/every/sg.h"
if command -v gcc > /dev/null 2>&1; then
    grep -oE '[A-Za-z_][A-Za-z0-9_]*' "$h" | grep -vE '^(sg_|SG_|nim_)' | sort -u |
        grep -vxE 'auto|break|case|char|const|continue|default|do|double|else|enum|extern|float' |
        grep -vxE 'for|goto|if|inline|int|long|register|restrict|return|short|signed|sizeof' |
        grep -vxE 'static|struct|switch|typedef|union|unsigned|void|volatile|while|_Bool|include' |
        grep -vxE 'define|defined|ifdef|ifndef|if|elif|else|endif|undef|pragma|error|line' \
        > "$tmp/names"
    echo nim_sum >> "$tmp/names"
    { grep '^#include <' "$h" | grep -v '<sg.h>'; echo '#line 1 "names"'
      awk '{ print "int " $1 ";" }' "$tmp/names"; } > "$tmp/alone.c"
    { echo '#define SG_STATIC'; cat "$h"; echo '#line 1 "names"'
      awk '{ print "int " $1 ";" }' "$tmp/names"; } > "$tmp/beside.c"
    refused() {
        gcc -std=c99 -fmax-errors=0 -fsyntax-only "$1" 2>&1 |
            sed -n 's/^names:\([0-9]*\):.*error.*/\1/p' | sort -un |
            while read -r n; do sed -n "${n}p" "$tmp/names"; done
    }
    refused "$tmp/alone.c" > "$tmp/std"
    clash=$(refused "$tmp/beside.c" | grep -vxFf "$tmp/std" || true)
    [ "$clash" = nim_sum ] ||
        fail "names of a solution's own that clash with the header: $(echo $clash) (want nim_sum)"
fi
echo "check_contest: $size bytes; the whole header${modules:+ and every module alone}, C and C++," \
     "clean"
