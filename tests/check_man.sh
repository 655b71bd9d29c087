#!/bin/sh
# The man pages (docs/*.3, docs/*.1):
#  - every SG_API function in include/sg.h has docs/NAME.3: a page, or a one-line alias
#    `.so man3/PAGE.3` whose PAGE.3 is a page (not another alias);
#  - the prototype in the page's SYNOPSIS is the declaration in include/sg.h (names included);
#  - every SG_E* code a function's comment in include/sg.h names is in its page's ERRORS, and
#    docs/sg.3 and docs/sg_status.3 explain every code of SG_STATUS_MAP;
#  - the .TH line of a .3 page says "libsg VERSION", VERSION being SG_VERSION_STRING of
#    include/sg.h, and no page's .TH names another version;
#  - every page formats without a warning and fits 80 columns (groff -ww; else mandoc -Tlint; skipped if neither);
#  - man(1) finds the pages in an installed man3 tree, through an alias too (when installed);
#  - every example program (a .EX block after the comment `.\" example: program`) is rendered
#    by groff, compiled against the built library and run; when `.\" example: output` marks the
#    next .EX block, the program prints exactly that.
# To add a page for a new function NAME documented in the group page GROUP.3:
#    printf '.so man3/GROUP.3\n' > docs/NAME.3
# and name NAME in GROUP.3 (NAME section and text).
BUILD=${BUILD:-build}
CC=${CC:-cc}
fail=0
bad() { printf 'check_man: %s\n' "$*"; fail=1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

version=$(sed -n 's/^#define SG_VERSION_STRING "\(.*\)"/\1/p' include/sg.h)
[ -n "$version" ] || bad "no SG_VERSION_STRING in include/sg.h"

is_alias() { grep -q '^\.so ' "$1"; }

# ---- every public function has a page, every alias points to a page -------------------------
declared=$(sed -n 's/^SG_API [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' include/sg.h | sort -u)
[ -n "$declared" ] || bad "no SG_API function found in include/sg.h"
for f in $declared; do
    if [ ! -f "docs/$f.3" ]; then
        bad "docs/$f.3 missing: $f is declared in include/sg.h (see the top of $0)"
    fi
done
for p in docs/*.3 docs/*.1; do
    [ -f "$p" ] || continue
    if is_alias "$p"; then
        lines=$(grep -cv '^\.\\"' "$p")
        target=$(sed -n 's|^\.so man\([1-9]\)/\([A-Za-z0-9_.-]*\.\1\)$|\2|p' "$p")
        if [ "$lines" -ne 1 ] || [ -z "$target" ]; then
            bad "$p: an alias page is the single line '.so manN/PAGE.N'"
        elif [ ! -f "docs/$target" ]; then
            bad "$p: points to docs/$target, which does not exist"
        elif is_alias "docs/$target"; then
            bad "$p: points to docs/$target, which is itself an alias"
        else
            # the page it points to names the function in its NAME section
            name=$(basename "$p" | sed 's/\.[1-9]$//')
            awk '/^\.SH /{ on = ($2 == "NAME") ; next } on' "docs/$target" |
                tr ',' ' ' | tr -s ' ' '\n' | grep -qx "$name" ||
                bad "$p: docs/$target does not name $name in its NAME section"
        fi
        continue
    fi
    th=$(grep -m 1 '^\.TH ' "$p")
    # library pages say "libsg VERSION"; any page may only name the version of include/sg.h
    others=$(printf '%s\n' "$th" | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' | grep -vxF "$version" || true)
    case "$p:$th" in
        *:) bad "$p: no .TH line" ;;
        *.3:*"\"libsg $version\""*) ;;
        *.3:*) bad "$p: .TH does not say \"libsg $version\" (include/sg.h): $th" ;;
    esac
    [ -z "$others" ] || bad "$p: .TH names version $others, include/sg.h says $version"
done

# ---- every function's prototype in its page's SYNOPSIS is the one in include/sg.h ------------
norm() { tr '\n' ' ' | sed -e 's/SG_API //' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/( /(/g' \
                            -e 's/ )/)/g' -e 's/ ,/,/g' -e 's/^ //' -e 's/ *;.*$/;/'; }
# the statements of a page's SYNOPSIS, one a line (rendered once per page)
synopsis() {
    syn="$tmp/$(basename "$1").syn"
    [ -f "$syn" ] || groff -man -Tutf8 -P-cbou -rLL=300n "$1" 2>/dev/null |
        awk '/^SYNOPSIS/ { on = 1; next } /^[A-Z]/ { on = 0 } on' | grep -v '^ *#' |
        tr '\n' ' ' | tr ';' '\n' > "$syn"
    cat "$syn"
}
if command -v groff >/dev/null 2>&1; then
    for f in $declared; do
        [ -f "docs/$f.3" ] || continue
        page="docs/$f.3"
        is_alias "$page" && page="docs/$(sed -n 's|^\.so man3/||p' "$page")"
        [ -f "$page" ] || continue
        want=$(awk -v f="$f" '
            !on && /^SG_API / && (index($0, " " f "(") || index($0, "*" f "(")) { on = 1 }
            on { print; if ($0 ~ /;/) exit }' include/sg.h | norm)
        got=$(synopsis "$page" | grep -E "[ *]$f\(" | head -n 1 | sed 's/$/;/' | norm)
        [ "$got" = "$want" ] ||
            bad "$page: SYNOPSIS of $f differs from include/sg.h:
    header: $want
    page:   ${got:-(none)}"
    done
fi

# ---- every status code a function's header comment names is in its page's ERRORS --------------
if command -v groff >/dev/null 2>&1; then
    for f in $declared; do
        page="docs/$f.3"
        [ -f "$page" ] || continue
        is_alias "$page" && page="docs/$(sed -n 's|^\.so man3/||p' "$page")"
        [ -f "$page" ] || continue
        # the comment block that precedes the declaration (a shared block counts for each)
        codes=$(awk -v f="$f" '
            /^\/\*/ { buf = ""; inc = 1 }
            inc { buf = buf " " $0 }
            /\*\// { inc = 0 }
            /^SG_API/ && (index($0, " " f "(") || index($0, "*" f "(")) { print buf; exit }
        ' include/sg.h | grep -o 'SG_E[A-Z]*' | sort -u)
        errs=$(awk '/^\.SH /{ on = ($2 == "ERRORS"); next } on' "$page" | grep -o 'SG_E[A-Z]*' |
            sort -u)
        for c in $codes; do
            printf '%s\n' "$errs" | grep -qx "$c" ||
                bad "$page: ERRORS does not explain $c, which include/sg.h gives for $f"
        done
    done
fi

# ---- every status code is explained where the pages promise it --------------------------------
codes=$(sed -n 's/^ *X(\([A-Z]*\), *\(-*[0-9]*\), *\(".*"\)).*/\1/p' include/sg.h)
[ -n "$codes" ] || bad "no codes found in SG_STATUS_MAP"
for c in $codes; do
    for p in docs/sg.3 docs/sg_status.3; do
        awk '/^\.SH /{ on = ($2 == "ERRORS"); next } on' "$p" | grep -q "^\.BR* SG_$c\b" ||
            bad "$p: SG_$c has no entry in ERRORS"
    done
    msg=$(sed -n "s/^ *X($c, *-*[0-9]*, *\"\(.*\)\").*/\1/p" include/sg.h)
    grep -qF "$msg" docs/sg_status.3 || bad "docs/sg_status.3 does not quote SG_$c's message"
done

# ---- every page formats without a warning --------------------------------------------------
mkdir -p "$tmp/man/man1" "$tmp/man/man3"
for p in docs/*.3; do [ -f "$p" ] && cp "$p" "$tmp/man/man3/"; done
for p in docs/*.1; do [ -f "$p" ] && cp "$p" "$tmp/man/man1/"; done
if command -v groff >/dev/null 2>&1; then
    for p in "$tmp"/man/man[13]/*.[13]; do
        [ -f "$p" ] || continue
        is_alias "$p" && continue   # checked above; man(1) follows them below
        # -I as man(1) would have it, for a `.so` inside a page
        out=$(cd "$tmp/man" && groff -man -Tutf8 -ww -z -I "$tmp/man" "$p" 2>&1)
        [ -z "$out" ] || bad "groff warns on docs/$(basename "$p"): $out"
    done
elif command -v mandoc >/dev/null 2>&1; then
    for p in docs/*.[13]; do
        [ -f "$p" ] || continue
        is_alias "$p" && continue
        out=$(mandoc -Tlint -W warning "$p" 2>&1) || bad "mandoc -Tlint on $p: $out"
    done
else
    echo "check_man: neither groff nor mandoc installed; formatting not checked"
fi

# ---- every page fits an 80-column terminal -------------------------------------------------
if command -v groff >/dev/null 2>&1; then
    for p in docs/*.[13]; do
        [ -f "$p" ] || continue
        is_alias "$p" && continue
        wide=$(groff -man -Tascii -P-cbou "$p" 2>/dev/null | awk 'length($0) > 80')
        [ -z "$wide" ] || bad "$p: lines wider than 80 columns when formatted:
$wide"
    done
fi

# ---- man finds the pages, through an alias too ----------------------------------------------
# (one function per page: every alias has the same one-line form, checked above)
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    seen=" "
    for f in $declared; do
        [ -f "docs/$f.3" ] || continue
        target=$(sed -n 's|^\.so man3/||p' "docs/$f.3")
        case "$seen" in *" ${target:-$f.3} "*) continue ;; esac
        seen="$seen${target:-$f.3} "
        out=$(MANPAGER=cat MANWIDTH=80 man -M "$tmp/man" 3 "$f" 2>/dev/null) ||
            { bad "man 3 $f fails"; continue; }
        printf '%s\n' "$out" | grep -q "$f" || bad "man 3 $f: the page does not mention $f"
    done
fi

# ---- the example programs compile, run and print what the page says ------------------------
lib="$BUILD/libsg.a"
# an .EX block as man(1) shows it (groff's man macros, the site's man.local), indent removed
render() {
    { printf '.TH SGEXAMPLE 3\n.SH EXAMPLE\n.EX\n'; cat "$1"; printf '.EE\n'; } |
        groff -man -Tutf8 -P-cbou -rLL=200n -ww 2>&1 |
        awk '/^EXAMPLE$/ { on = 1; next } /SGEXAMPLE\(3\)$/ { on = 0 } on' |
        sed -e 's/^       //' -e 's/[[:space:]]*$//'
}
if [ -f "$lib" ] && command -v groff >/dev/null 2>&1; then
    for p in docs/*.3; do
        [ -f "$p" ] || continue
        is_alias "$p" && continue
        name=$(basename "$p" .3)
        # a page written ahead of its functions: its examples wait until they are declared
        pending=$(awk '/^\.SH /{ on = ($2 == "NAME"); next } on' "$p" | sed 's/\\-.*//' |
            tr ', ' '\n\n' | grep -E '^(sg|nim)_[a-z0-9_]+$' | while read -r f; do
                printf '%s\n' "$declared" | grep -qx "$f" || echo "$f"; done)
        if [ -n "$pending" ]; then
            echo "check_man: $p: examples not run, not declared yet:" $pending
            continue
        fi
        # split the marked .EX blocks into NAME_K.prog / NAME_K.out (roff source)
        awk -v dir="$tmp" -v name="$name" '
            /^\.\\" example: program/ { want = "prog"; n++; next }
            /^\.\\" example: output/  { want = "out"; next }
            /^\.EX/ && want != "" { file = dir "/" name "_" n "." want; next }
            /^\.EE/ && file != ""  { close(file); file = ""; want = ""; next }
            file != "" { print > file }
        ' "$p"
        for src in "$tmp/${name}"_*.prog; do
            [ -f "$src" ] || continue
            base=${src%.prog}
            # render as a reader sees it: a wrong escape would not compile
            render "$src" > "$base.c"
            if ! $CC -std=c99 -Wall -Wextra -Werror -Iinclude -o "$base" "$base.c" "$lib" \
                    > "$base.log" 2>&1; then
                bad "the example program in $p does not compile:"
                cat "$base.log"
                continue
            fi
            # run in the scratch directory: an example may write a file there
            if ! (cd "$tmp" && "$base") > "$base.got" 2>&1; then
                bad "the example program in $p fails:"
                cat "$base.got"
                continue
            fi
            if [ -f "$base.out" ]; then
                # blank lines are not compared: grotty pads the rendered page with them
                render "$base.out" | sed -e '/^$/d' > "$base.want"
                sed -e 's/[[:space:]]*$//' -e '/^$/d' "$base.got" > "$base.gotw"
                if ! cmp -s "$base.gotw" "$base.want"; then
                    bad "the example program in $p prints other than the page says:"
                    diff "$base.want" "$base.gotw"
                fi
            fi
        done
    done
fi

exit "$fail"
