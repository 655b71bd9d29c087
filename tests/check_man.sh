#!/bin/sh
# The man pages (docs/*.3, docs/*.1):
#  - every SG_API function in include/sg.h has docs/NAME.3: a page, or a one-line alias
#    `.so man3/PAGE.3` whose PAGE.3 is a page (not another alias);
#  - the prototype in the page's SYNOPSIS is the declaration in include/sg.h (names included);
#  - every SG_E* code a function's comment in include/sg.h names is in its page's ERRORS, and
#    docs/sg.3 and docs/sg_status.3 explain every code of SG_STATUS_MAP;
#  - the .TH line of a .3 page says "libsg VERSION", VERSION being SG_VERSION_STRING of
#    include/sg.h, and no page's .TH names another version;
#  - docs/sg.3's index lists every page that is not an alias (so every docs/*.3 is reached
#    from it), in the order of include/sg.h's levels;
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

# ---- pages, aliases, prototypes and error codes against include/sg.h (one pass, in Python) ----
declared=$(sed -n 's/^SG_API [^(]*[ *]\([a-z_0-9]*\)(.*/\1/p' include/sg.h | sort -u)
[ -n "$declared" ] || bad "no SG_API function found in include/sg.h"
# the declared functions as sed found them above, one an argument
python3 - "$version" $declared <<'PY' || fail=1
import glob, os, re, shutil, subprocess, sys

version, declared = sys.argv[1], sys.argv[2:]
header = open("include/sg.h").read().split("\n")
bad = []


def is_alias(lines):
    return any(l.startswith(".so ") for l in lines)


def section(lines, name):
    """the lines of the page's section NAME (from its .SH line to the next)"""
    out, on = [], False
    for l in lines:
        if l.startswith(".SH "):
            on = l.split()[1:2] == [name]
            continue
        if on:
            out.append(l)
    return out


pages = {p: open(p).read().splitlines() for p in sorted(glob.glob("docs/*.[13]"))}

# every public function has a page, every alias points to a page naming it
for f in declared:
    if "docs/%s.3" % f not in pages:
        bad.append("docs/%s.3 missing: %s is declared in include/sg.h (see the top of "
                   "tests/check_man.sh)" % (f, f))
for p, lines in pages.items():
    if is_alias(lines):
        body = [l for l in lines if not l.startswith('.\\"')]
        m = re.fullmatch(r"\.so man([1-9])/([A-Za-z0-9_.-]*\.\1)", body[0]) if body else None
        target = "docs/" + m.group(2) if m else None
        if len(body) != 1 or m is None:
            bad.append("%s: an alias page is the single line '.so manN/PAGE.N'" % p)
        elif target not in pages:
            bad.append("%s: points to %s, which does not exist" % (p, target))
        elif is_alias(pages[target]):
            bad.append("%s: points to %s, which is itself an alias" % (p, target))
        else:
            name = re.sub(r"\.[1-9]$", "", os.path.basename(p))
            words = " ".join(section(pages[target], "NAME")).replace(",", " ").split()
            if name not in words:
                bad.append("%s: %s does not name %s in its NAME section" % (p, target, name))
        continue
    th = next((l for l in lines if l.startswith(".TH ")), "")
    others = [v for v in re.findall(r"[0-9]+\.[0-9]+\.[0-9]+", th) if v != version]
    if not th:
        bad.append("%s: no .TH line" % p)
    elif p.endswith(".3") and '"libsg %s"' % version not in th:
        bad.append('%s: .TH does not say "libsg %s" (include/sg.h): %s' % (p, version, th))
    if others:
        bad.append("%s: .TH names version %s, include/sg.h says %s" % (p, " ".join(others),
                                                                       version))


def page_of(f):
    """the page that documents f: docs/f.3, or the page its alias points to"""
    p = "docs/%s.3" % f
    if p in pages and is_alias(pages[p]):
        m = re.match(r"\.so man3/(.*)", next(l for l in pages[p] if l.startswith(".so ")))
        p = "docs/" + m.group(1) if m else None
    return p if p in pages else None


def declaration(f):
    """f's declaration in include/sg.h, from its SG_API line to its semicolon"""
    out = []
    for l in header:
        if not out and l.startswith("SG_API ") and (" %s(" % f in l or "*%s(" % f in l):
            out.append(l)
        elif out:
            out.append(l)
        if out and ";" in l:
            break
    return " ".join(out)


def norm(s):
    s = s.replace("SG_API ", "", 1)
    s = re.sub(r"\s+", " ", s).replace("( ", "(").replace(" )", ")").replace(" ,", ",")
    return re.sub(r" *;.*$", ";", s.lstrip(" "))


synopses = {}


def synopsis(p):
    """the statements of a page's SYNOPSIS as groff renders it, one an item"""
    if p not in synopses:
        out = subprocess.run(["groff", "-man", "-Tutf8", "-P-cbou", "-rLL=300n", p],
                             capture_output=True, text=True).stdout.split("\n")
        on, keep = False, []
        for l in out:
            if l.startswith("SYNOPSIS"):
                on = True
                continue
            if re.match(r"[A-Z]", l):
                on = False
            if on and not re.match(r" *#", l):
                keep.append(l)
        synopses[p] = " ".join(keep).split(";")
    return synopses[p]


def comment_codes(f):
    """the SG_E* codes of the comment block that precedes f's declaration"""
    buf, inc = "", False
    for l in header:
        if l.startswith("/*"):
            buf, inc = "", True
        if inc:
            buf += " " + l
        if "*/" in l:
            inc = False
        if l.startswith("SG_API") and (" %s(" % f in l or "*%s(" % f in l):
            return set(re.findall(r"SG_E[A-Z]*", buf))
    return set()


# every function's prototype in its page's SYNOPSIS is the one in include/sg.h, and every
# status code its header comment names is in its page's ERRORS
groff = shutil.which("groff") is not None
for f in declared:
    page = page_of(f)
    if page is None or not groff:
        continue
    want = norm(declaration(f))
    got = next((s for s in synopsis(page) if re.search(r"[ *]%s\(" % f, s)), None)
    got = norm(got + ";") if got is not None else ""
    if got != want:
        bad.append("%s: SYNOPSIS of %s differs from include/sg.h:\n    header: %s\n    page:   %s"
                   % (page, f, want, got or "(none)"))
    errs = set(re.findall(r"SG_E[A-Z]*", "\n".join(section(pages[page], "ERRORS"))))
    for c in sorted(comment_codes(f) - errs):
        bad.append("%s: ERRORS does not explain %s, which include/sg.h gives for %s"
                   % (page, c, f))

# the index of docs/sg.3 (the .TP entries of its SYNOPSIS) names every page that is not an
# alias, so every docs/*.3 is reached from it (an alias through its page); the entries follow
# the order of include/sg.h's levels: each page's first function declared there comes no
# earlier than the one of the entry before it
index = []
lines = section(pages.get("docs/sg.3", []), "SYNOPSIS")
for i, l in enumerate(lines):
    m = re.match(r"\.BR (\w+) \(3\)", l)
    if m and i > 0 and lines[i - 1] == ".TP":
        index.append(m.group(1))
if not index:
    bad.append("docs/sg.3: no index of pages (.TP entries '.BR page (3)') in its SYNOPSIS")
unlisted = {}
for p, lines in pages.items():
    name = re.sub(r"\.3$", "", os.path.basename(p))
    if not p.endswith(".3") or p == "docs/sg.3":
        continue
    target = page_of(name) if is_alias(lines) else p
    tname = re.sub(r"\.3$", "", os.path.basename(target)) if target else None
    if tname not in index:
        unlisted.setdefault(target, []).append(p)
for target, reached in sorted(unlisted.items()):
    bad.append("docs/sg.3: its index does not list %s (%d page(s) reached only through it)"
               % (target, len(reached)))
decl_line = {}
for n, l in enumerate(header):
    m = re.match(r"SG_API [^(]*?(\w+)\(", l)
    if m:
        decl_line.setdefault(m.group(1), n)
last = (-1, None)
for page in index:
    words = " ".join(section(pages.get("docs/%s.3" % page, []), "NAME")).replace(",", " ")
    first = min((decl_line[w] for w in words.split() if w in decl_line), default=None)
    if first is None:
        bad.append("docs/sg.3: index entry %s names no function of include/sg.h" % page)
        continue
    if first < last[0]:
        bad.append("docs/sg.3: index entry %s comes after %s, but include/sg.h declares it "
                   "first (the index follows the header's order)" % (page, last[1]))
    last = (first, page)

for b in bad:
    print("check_man: " + b)
sys.exit(1 if bad else 0)
PY

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
