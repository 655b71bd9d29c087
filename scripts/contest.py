"""The contest header (`make contest`): a part of the library small enough to paste above a
solution on a judge (64 KiB per submission is common), built by scripts/amalgamate.py --contest.

1. The modules come from scripts/parts.txt (module, files, modules it needs); the ones asked for
   and everything they need, transitively, in the order of the list (which follows lib/'s levels).
2. The contest build defines CONTEST_MACROS at its top; every conditional the generator can decide
   from them is folded (the code it leaves out is dropped; the rest stays as written, and still
   compiles the same because the macros are defined).
3. A declaration (SG_API or SG__PRIVATE) of a function that none of the chosen files defines is
   dropped, so a module left out leaves nothing declared but undefined.
4. Comments and spacing are stripped (a short notice stays on top), the private names
   (sg__*, SG__*: never seen by a caller) are shortened, and the names that save most (uint64_t,
   return, ...) are written as short macros that expand back to them (alias_tokens); the code
   is otherwise the library's own.
"""
import collections
import itertools
import os
import re
import sys

PARTS = "scripts/parts.txt"

# leave out what a judge has no use for: SIMD paths, threads, the sparse-space engines, what
# only long runs need, the batches of the table engine (prefetches for tables far beyond a
# cache), products by the Fermat halves in nim multiplication (one more product instead)
CONTEST_MACROS = ["SG_NO_SIMD", "SG_NO_THREADS", "SG_NO_SPARSE", "SG_NO_LONGRUN",
                  "SG_NO_NIMMUL_TABLES", "SG_NO_BATCHES"]

PRELUDE = """\
/* libsg {version} contest header (make contest{parts_note}), generated: do not edit.
 * {modules}.
 * Use: #define SG_STATIC, then #include <sg.h> (or this text). C99, C++11 and later.
 * Copyright (c) 2026 the libsg authors. MIT License (its text: the file LICENSE of libsg). */
"""

HEAD = """\
#if defined(SG_STATIC)&&!defined(SG_IMPLEMENTATION)
#define SG_IMPLEMENTATION
#endif
#if defined(SG_STATIC)&&!defined(SG_API)
#if defined(__GNUC__)
#define SG_API static __attribute__((unused))
#else
#define SG_API static
#endif
#endif
"""


def read_parts(path=PARTS):
    """{module: (files, needs)}, the modules in their order, and those `make contest` takes
    when PARTS is not given (the line "default: ...", or all of them)."""
    modules, order, default = {}, [], None
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].split()
            if not line:
                continue
            if line[0] == "default:":
                default = line[1:]
                continue
            name, rest = line[0], line[1:]
            files = [w for w in rest if w.startswith("lib/")]
            needs = [w for w in rest if not w.startswith("lib/")]
            if name in modules or not files:
                sys.exit("%s:%d: module %r defined twice or without files" % (path, n, name))
            for fn in files:
                if not os.path.isfile(fn):
                    sys.exit("%s:%d: no file %s" % (path, n, fn))
            modules[name] = (files, needs)
            order.append(name)
    for name, (_, needs) in modules.items():
        for need in needs:
            if need not in modules:
                sys.exit("%s: module %s needs %s, which is not in the list" % (path, name, need))
    for name in default or []:
        if name not in modules:
            sys.exit("%s: default module %s is not in the list" % (path, name))
    return modules, order, default or order


def resolve(modules, order, wanted):
    """The modules asked for and all they need, in list order."""
    chosen, todo = set(), list(wanted)
    while todo:
        m = todo.pop()
        if m not in modules:
            sys.exit("contest: unknown module %r (modules: %s)" % (m, " ".join(order)))
        if m not in chosen:
            chosen.add(m)
            todo.extend(modules[m][1])
    return [m for m in order if m in chosen]


# ---- comments and spacing --------------------------------------------------------------------

COMMENT_OR_LITERAL = re.compile(r"""/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'""", re.S)


def strip_comments(s):
    """Comments out (a block comment leaves a space and its line breaks), literals kept."""
    def keep(m):
        t = m.group(0)
        if t.startswith("/*"):
            return " " + "\n" * t.count("\n")
        return "" if t.startswith("//") else t
    return COMMENT_OR_LITERAL.sub(keep, s)


PUNCT = sorted("... <<= >>= -> ++ -- << >> <= >= == != && || *= /= %= += -= &= ^= |= ## "
               "[ ] ( ) { } . & * + - ~ ! / % < > ^ | ? : ; = , #".split(), key=len, reverse=True)
TOKEN = re.compile(r"""
 (?P<ws>\s+)
|(?P<str>(?:u8|[uUL])?"(?:\\.|[^"\\])*")
|(?P<chr>[uUL]?'(?:\\.|[^'\\])*')
|(?P<num>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*)
|(?P<id>[A-Za-z_][A-Za-z0-9_]*)
|(?P<p>""" + "|".join(re.escape(p) for p in PUNCT) + r""")
|(?P<other>.)""", re.X | re.S)


PUNCT_STARTS = {p[:2] for p in PUNCT if len(p) > 1}
IDENT = re.compile(r"[A-Za-z0-9_]")
NUMBER = re.compile(r"\.?[0-9]")


def joins(a, b):
    """Would the tokens a and b read differently when written without a space?"""
    if IDENT.match(a[-1]) and IDENT.match(b[0]):
        return True
    if NUMBER.match(a) and (b[0] == "." or (a[-1] in "eEpP" and b[0] in "+-")):
        return True
    if a == "." and NUMBER.match(b):
        return True
    if a[-1] in "\"'" or b[0] in "\"'" or IDENT.match(a[-1]) or IDENT.match(b[0]):
        return False
    return a[-1] + b[0] in PUNCT_STARTS or \
        (a[-1] == "/" and b[0] in "/*") or a[-1] == "%" or b[0] == "%"


GUARDS = {"if", "for", "while", "else", "do"}


def directive(line):
    """A directive line squeezed like code, except the space after a macro's name (and after a
    function-like macro's parameters), which an object-like macro's body starting with a
    parenthesis needs."""
    m = re.match(r"#\s*(define)\s+(\w+)(\([^)]*\))?\s*(.*)$", line)
    if m:
        toks = [t.group(0) for t in TOKEN.finditer(m.group(4)) if t.lastgroup != "ws"]
        params = re.sub(r"\s+", "", m.group(3) or "")
        return ("#define %s%s %s" % (m.group(2), params, code(toks))).rstrip()
    m = re.match(r"#\s*(\w+)\s*(.*)$", line)
    toks = [t.group(0) for t in TOKEN.finditer(m.group(2)) if t.lastgroup != "ws"]
    return ("#%s %s" % (m.group(1), code(toks))).rstrip()


def code(toks):
    """Tokens written with the spaces they need only."""
    r = ""
    for tok in toks:
        if r and joins(r, tok):
            r += " "
        r += tok
    return r


def squeeze(text, width=100):
    """Comments out, continuation lines joined, no indentation, no space a token can do
    without; the library's lines are joined up to `width` columns, directive lines stay lines
    of their own (see directive). A line ends after the body of an if, for, while, else or do,
    so that no statement shares a line with the body of a guard it is not in (which
    -Wmisleading-indentation reports)."""
    out, cur = [], ""
    braces = parens = 0
    blocks, pending = [], False   # depths of braced guards open; a guard's line goes on

    for line in strip_comments(text).replace("\\\n", "").split("\n"):
        t = line.strip()
        if not t:
            continue
        if t.startswith("#"):
            if cur:
                out.append(cur)
                cur = ""
            out.append(directive(t))
            continue
        toks = [m.group(0) for m in TOKEN.finditer(t) if m.lastgroup != "ws"]
        piece = code(toks)
        if cur and (len(cur) + len(piece) > width or joins(cur, piece)):
            if len(cur) + len(piece) > width:
                out.append(cur)
                cur = ""
            else:
                cur += " "
        cur += piece
        braces += toks.count("{") - toks.count("}")
        parens += toks.count("(") - toks.count(")")
        last, flush = toks[-1], False
        ends = last in (";", "}") and parens == 0
        if any(x in GUARDS for x in toks):
            if last == "{":
                blocks.append(braces - 1)
            elif ends:
                flush = True
            else:
                pending = True    # the header or the body goes on over the next lines
        elif pending and ends:
            pending, flush = False, True
        if blocks and last == "}" and braces <= blocks[-1]:
            while blocks and braces <= blocks[-1]:
                blocks.pop()
            flush = True
        if flush:
            out.append(cur)
            cur = ""
    if cur:
        out.append(cur)
    return "\n".join(out) + "\n"


# ---- file-scope names without the library's prefixes ------------------------------------------

FILE_SCOPE = re.compile(r"^(?:static|SG__INLINE)\b[^;{}=#]*?\b([A-Za-z_]\w*)\s*[(\[=;]"
                        r"|^}\s*([A-Za-z_]\w*)\s*;", re.M)


def prefix_file_scope(text):
    """A file's own functions, variables and types (written at the start of a line, as lib/
    writes them) named without sg_ / SG_ / nim_ are renamed sg__NAME, so that the header leaves
    every other name to the solution (shorten() then shortens them as the other private
    names); a name a macro pastes (##) keeps its spelling."""
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    pasted = set(re.findall(r"(\w+)\s*##|##\s*(\w+)", code))
    pasted = {w for pair in pasted for w in pair if w}
    names = {m.group(1) or m.group(2) for m in FILE_SCOPE.finditer(code)}
    names = {n for n in names if not n.startswith(("sg_", "SG_", "nim_")) and n not in pasted
             and n != "main"}
    if not names:
        return text
    return ALIAS_WORD.sub(lambda m: "sg__" + m.group(0) if m.group(0) in names else m.group(0),
                          text)


# ---- shorter private names -----------------------------------------------------------------

PRIVATE = re.compile(r"\b(sg__|SG__)(\w+)")


def shorten(text):
    """Private names (sg__*, SG__*) renamed sg__N / SG__N, the most frequent shortest. A name
    pasted with ## (or made by pasting, as sg__octal_grow8 from sg__octal_grow##S) keeps its
    spelling."""
    code = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)   # names in strings do not count
    counts = {}
    for m in PRIVATE.finditer(code):
        counts[m.group(0)] = counts.get(m.group(0), 0) + 1
    pasted = {p for p in re.findall(r"(\w+)\s*##", code) if PRIVATE.match(p)}
    keep = {n for n in counts if any(n.startswith(p) for p in pasted)}
    taken = set(re.findall(r"\w+", text))
    digits = "abcdefghijklmnopqrstuvwxyz0123456789"
    def spell(k):
        short = ""
        while True:
            short = digits[k % 36] + short
            k = k // 36 - 1
            if k < 0:
                return short

    names, k = {}, 0
    for name in sorted(counts, key=lambda n: (-counts[n] * len(n), n)):
        if name in keep:
            continue
        while name[:4] + spell(k) in taken:
            k += 1
        new = name[:4] + spell(k)
        if len(new) < len(name):
            names[name] = new
            k += 1
    return PRIVATE.sub(lambda m: names.get(m.group(0), m.group(0)), text)


# the most frequent long names (types, keywords, public names), spelt as short macros
ALIAS_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ALIAS_PASTED = re.compile(r"##\s*(\w+)|(?<!#)#\s*(?!define\b)(\w+)|(\w+)\s*##")
ALIAS_WORD = re.compile(r'"(?:\\.|[^"\\\n])*"|' + r"'(?:\\.|[^'\\\n])*'|\b[A-Za-z_]\w*\b")


def alias_tokens(text):
    """The names that save most, written SG__A, SG__B, ... after "#define SG__A return" and so
    on (uppercase: shorten() spells its names in lowercase and digits). A macro expands back to
    the same token, so the code is the same. Directive lines keep their text, and a name that
    an #if tests, or that a macro pastes (##) or quotes (#), is left alone everywhere."""
    lines = text.split("\n")
    directive = [l.lstrip().startswith("#") for l in lines]
    fixed, counts = set(), {}
    for l, d in zip(lines, directive):
        if d and re.match(r"\s*#\s*(if|elif|ifdef|ifndef)\b", l):
            fixed.update(re.findall(r"\w+", l))
        elif d:
            for t in ALIAS_PASTED.findall(l):
                fixed.update(w for w in t if w)
        else:
            for m in ALIAS_WORD.finditer(l):
                w = m.group(0)
                if w[0] not in "\"'":
                    counts[w] = counts.get(w, 0) + 1
    taken = set(re.findall(r"\w+", text))
    names = ["SG__" + a for a in ALIAS_CHARS] + \
        ["SG__" + a + b for a in ALIAS_CHARS for b in ALIAS_CHARS]
    names = [n for n in names if n not in taken]
    alias, defs = {}, []
    for w in sorted(counts, key=lambda w: -counts[w] * len(w)):
        if w in fixed or w.startswith(("sg__", "SG__")) or not names:
            continue
        new = names[0]
        if counts[w] * (len(w) - len(new)) <= len("#define  \n") + len(new) + len(w):
            continue
        alias[w] = names.pop(0)
        defs.append("#define %s %s\n" % (alias[w], w))
    for i, l in enumerate(lines):
        if not directive[i]:
            lines[i] = ALIAS_WORD.sub(lambda m: alias.get(m.group(0), m.group(0)), l)
    return "".join(defs) + "\n".join(lines)


# ---- folding the conditionals the contest macros decide ----------------------------------------

COND = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b(.*)$")
DEFINE = re.compile(r"^\s*#\s*(define|undef)\s+([A-Za-z_][A-Za-z0-9_]*)")
NUMBER_DEFINE = re.compile(r"^\s*#\s*define\s+\w+\s+(\d+)u?\s*$")


# never defined for the contest header: it is pasted into a program, never built as a DLL, and
# never a test build (SG_SIMD_EMULATE: vector paths, which it leaves out anyway), and never
# linked with nauty (SG_HAVE_NAUTY: the graph games use the built-in canonical labelling)
UNDEFINED = {"SG_BUILD_DLL", "SG_USE_DLL", "SG_SIMD_EMULATE", "SG_HAVE_NAUTY"}


def decide(expr, defined, private_defined, private_values=None):
    """True / False when the expression's value follows from the contest macros and the private
    SG__ macros seen so far (one that was never #defined is not defined; one #defined to a number
    where every enclosing condition was decided has that value), else None."""
    atoms = {}
    private_values = private_values or {}

    def atom(name, is_defined):
        if name in defined:
            return "True" if is_defined else "1"
        if not is_defined and name in private_values:
            return private_values[name]
        if name in UNDEFINED or (name.startswith("SG__") and name not in private_defined):
            return "False" if is_defined else "0"
        key = "a%d" % len(atoms)
        atoms[key] = name
        return key

    e = re.sub(r"defined\s*\(\s*(\w+)\s*\)|defined\s+(\w+)",
               lambda m: atom(m.group(1) or m.group(2), True), expr)
    e = re.sub(r"\b(?!a\d+\b|True\b|False\b)([A-Za-z_]\w*)", lambda m: atom(m.group(1), False), e)
    e = e.replace("&&", " and ").replace("||", " or ")
    e = re.sub(r"!(?!=)", " not ", e)
    if len(atoms) > 8 or re.search(r"[^\w\s()<>=!]", e.replace("not", "")):
        return None
    results = set()
    for values in itertools.product([False, True], repeat=len(atoms)):
        try:
            results.add(bool(eval(e, {"__builtins__": {}}, dict(zip(atoms, values)))))
        except Exception:
            return None
    return results.pop() if len(results) == 1 else None


def fold(text, defined):
    out, stack = [], []   # frames: [decided (True/False/None), a branch taken, parent keeps,
    #                              the implementation's guard]
    private_defined = set()
    private_values = {}
    guards = set()
    keep = True
    for line in text.split("\n"):
        m = COND.match(line)
        if not m:
            if keep:
                d = DEFINE.match(line)
                if d and d.group(1) == "define" and d.group(2) in guards:
                    continue
                if d and d.group(2).startswith("SG__"):
                    private_defined.add(d.group(2))
                    value = NUMBER_DEFINE.match(line)
                    if d.group(1) == "define" and value and all(f[0] is not None or f[3] for f in stack):
                        private_values[d.group(2)] = value.group(1)
                    else:
                        private_values.pop(d.group(2), None)
                out.append(line)
            continue
        kind, rest = m.group(1), m.group(2).strip()
        if kind in ("if", "ifdef", "ifndef"):
            expr = rest if kind == "if" else ("%sdefined(%s)" % ("!" if kind == "ifndef" else "",
                                                                rest))
            v = decide(expr, defined, private_defined, private_values) if keep else False
            if keep and kind == "ifndef" and re.fullmatch(r"\w+_H", rest):
                v = True    # a private header's guard: each header is written here once,
                guards.add(rest)   # so its #define goes too
            # the implementation's own #if is undecided but holds every definition alike
            stack.append([v, v is True, keep, "SG_IMPLEMENTATION" in expr])
            if v is None:
                out.append(line)
            keep = keep and v is not False
        elif kind == "elif":
            frame = stack[-1]
            if frame[0] is None:           # an undecided chain stays as written
                out.append(line)
                keep = frame[2]
                continue
            if frame[1]:
                v = False
            else:
                v = decide(rest, defined, private_defined, private_values) if frame[2] else False
                if v is None:
                    sys.exit("contest: cannot fold '%s' after a decided #if" % line.strip())
            frame[1] = frame[1] or v is True
            keep = frame[2] and v is True
        elif kind == "else":
            frame = stack[-1]
            if frame[0] is None:
                out.append(line)
                keep = frame[2]
            else:
                keep = frame[2] and not frame[1]
        else:   # endif
            frame = stack.pop()
            if frame[0] is None:
                out.append(line)
            keep = frame[2]
    return "\n".join(out)


# ---- declarations of functions left out ----------------------------------------------------

DEFINITION = re.compile(r"\b([A-Za-z_]\w*)\s*\([^;{}()]*(?:\([^;{}()]*\)[^;{}()]*)*\)\s*\{")
DECLARATION = re.compile(r"^[ \t]*(?:SG_API|SG__PRIVATE)\s[^;{}#()]*?\b([A-Za-z_]\w*)"
                         r"\s*\([^;{}#]*\)\s*;", re.M)


TYPE_WORDS = {"void", "char", "short", "int", "long", "unsigned", "signed", "const", "struct",
              "enum", "float", "double", "volatile"}


def unnamed(decl):
    """A prototype without its parameters' names (`int f(const char *code, size_t n);` ->
    `int f(const char *, size_t);`); a parameter it cannot read surely stays as it is."""
    i = decl.index("(")
    j = decl.rindex(")")
    params, depth, start = [], 0, i + 1
    for k in range(i + 1, j):
        c = decl[k]
        depth += (c in "([") - (c in ")]")
        if c == "," and depth == 0:
            params.append(decl[start:k])
            start = k + 1
    params.append(decl[start:j])
    out = []
    for p in params:
        m = re.match(r"^(.*[\s*])([A-Za-z_]\w*)\s*$", p, re.S)
        if m and re.search(r"\w", m.group(1)) and m.group(2) not in TYPE_WORDS and \
                "(" not in p and re.sub(r"[\s*]", "", m.group(1)) not in ("struct", "enum"):
            p = m.group(1)
        out.append(p)
    return decl[:i + 1] + ",".join(out) + decl[j:]


def drop_unused_types(text):
    """Typedefs whose name nothing else in the text uses (those of functions left out)."""
    while True:
        spans, i = [], 0
        for m in re.finditer(r"\btypedef\b", text):
            if m.start() < i:
                continue
            depth, j = 0, m.start()
            while j < len(text) and not (text[j] == ";" and depth == 0):
                depth += (text[j] == "{") - (text[j] == "}")
                j += 1
            stmt = text[m.start():j + 1]
            name = re.search(r"\(\s*\*\s*(\w+)\s*\)|(\w+)\s*;$", stmt)
            if name and "#" not in stmt:
                spans.append((m.start(), j + 1, name.group(1) or name.group(2)))
            i = j + 1
        uses = collections.Counter(re.findall(r"\w+", text))
        dead = [(a, b) for a, b, n in spans if uses[n] == 1]
        if not dead:
            return text
        for a, b in reversed(dead):
            text = text[:a] + text[b:]


def drop_undefined(text):
    """Declarations of functions no chosen file defines dropped, the others without parameter
    names."""
    defined = {m.group(1) for m in DEFINITION.finditer(text)}
    return DECLARATION.sub(lambda m: unnamed(m.group(0)) if m.group(1) in defined else "", text)


def build(modules, order, wanted, amalgam_class, version, note="", short=True):
    """The text of the contest header with the modules `wanted` and all they need."""
    chosen = resolve(modules, order, wanted)
    amalgam = amalgam_class()
    for m in chosen:
        for fn in modules[m][0]:
            amalgam.add(fn)
    with open("include/sg.h", encoding="utf-8") as f:
        public = f.read()
    macros = "".join("#ifndef %s\n#define %s\n#endif\n" % (x, x) for x in CONTEST_MACROS)
    impl = "#if defined(SG_IMPLEMENTATION)&&!defined(SG_CONTEST_IMPLEMENTED_)\n" \
           "#define SG_CONTEST_IMPLEMENTED_\n" + "".join(amalgam.parts) + "\n#endif\n"
    body = strip_comments(HEAD + macros + public + impl)
    body = fold(body, set(CONTEST_MACROS))
    body = prefix_file_scope(drop_unused_types(drop_undefined(body)))
    if short:
        body = alias_tokens(shorten(body))
    return PRELUDE.format(version=version, parts_note=note, modules=", ".join(chosen)) + \
        squeeze(body)


def sizes(modules, order, default, amalgam_class, version):
    """The table of docs/contest.md: each module's size alone (with what it needs) and what it
    adds to the others."""
    whole = len(build(modules, order, default, amalgam_class, version).encode())
    rows = ["| module | files | needs | bytes alone | bytes saved without it |",
            "|---|---|---|---:|---:|"]
    for m in order:
        files, needs = modules[m]
        alone = len(build(modules, order, [m], amalgam_class, version).encode())
        rest = [x for x in default if x != m and m not in resolve(modules, order, [x])]
        without = len(build(modules, order, rest, amalgam_class, version).encode())
        saved = whole - without if m in resolve(modules, order, default) else 0
        rows.append("| %s | %s | %s | %d | %s |" % (
            m, " ".join("`%s`" % f[len("lib/"):] for f in files), " ".join(needs) or "-",
            alone, saved or "not in it"))
    rows.append("| **default** (`make contest`) | | | %d | %d |" % (whole, whole))
    return "\n".join(rows) + "\n"


def main(args, amalgam_class, version, write):
    modules, order, default = read_parts()
    if args.sizes:
        sys.stdout.write(sizes(modules, order, default, amalgam_class, version))
        return 0
    if args.cflags:
        print(" ".join("-D" + m for m in CONTEST_MACROS))
        return 0
    if args.list:
        for m in order:
            files, needs = modules[m]
            print("%-12s %-60s %s" % (m, " ".join(files), " ".join(resolve(modules, order,
                                                                           [m])[:-1])))
        return 0
    wanted = args.parts.split() if args.parts else default
    note = ' PARTS="%s"' % " ".join(wanted) if args.parts else ""
    text = build(modules, order, wanted, amalgam_class, version, note)
    write(args.output or "build/contest/sg.h", text)
    return 0
