"""A PEP 517 build backend for the libsg Python package, kept in the source tree.

`pip install .` at the repository root runs it (pyproject.toml names it with backend-path): it
compiles the C library from every lib/**/*.c with the system C compiler (CC, else cc) and writes a
wheel holding bindings/python/libsg and the compiled code, so `import libsg` finds its own copy.
It needs nothing beyond the standard library, so it works with no package index.

The compiled code is the extension module libsg._native (bindings/python/src/native*.c with the
library's sources inside it): the package calls the library through it, and rules written in
Python run at the speed of a Python call. It needs the interpreter's headers (Python.h: Debian's
python3-dev). Where they are missing, or with LIBSG_NATIVE=0, the backend says so on stderr and
builds the plain shared library libsg.so instead: everything works through ctypes, rules about
ten times slower. The first wheel is for one interpreter (cp311-cp311-...), the second for any
Python 3 (py3-none-...).

`python3 libsg_build.py --inplace DIR [--objects DIR2]` writes the package with its compiled
code to DIR/libsg (the tests' copy; with --objects, linked from the library's PIC objects in
DIR2, as the Makefile builds them in build/shared, instead of compiling lib/ again).
"""

import base64
import hashlib
import io
import os
import re
import shlex
import subprocess
import sys
import sysconfig
import shutil
import tarfile
import tempfile
import zipfile

# this file is bindings/python/backend/libsg_build.py
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
PACKAGE = os.path.join(ROOT, "bindings", "python", "libsg")
NAME = "libsg"


def _version():
    with open(os.path.join(ROOT, "include", "sg.h"), encoding="utf-8") as f:
        text = f.read()
    parts = [re.search(r"#define SG_VERSION_%s +(\d+)" % p, text) for p in
             ("MAJOR", "MINOR", "PATCH")]
    if None in parts:
        raise RuntimeError("include/sg.h has no SG_VERSION_MAJOR/MINOR/PATCH")
    return ".".join(m.group(1) for m in parts if m)


def _library_name():
    if sys.platform == "darwin":
        return "libsg.dylib"
    if sys.platform.startswith("win"):
        return "sg.dll"
    return "libsg.so"


def _platform_tag():
    return re.sub(r"[^A-Za-z0-9_]", "_", sysconfig.get_platform())


def _python_headers():
    """The directory of this interpreter's Python.h, or None (then no extension module)."""
    if os.environ.get("LIBSG_NATIVE", "1") == "0":
        return None
    inc = sysconfig.get_paths().get("include")
    if inc and os.path.exists(os.path.join(inc, "Python.h")):
        return inc
    return None


def _tag(native):
    if not native:   # libsg.so through ctypes: any Python 3, one platform
        return "py3-none-%s" % _platform_tag()
    # the extension module: this interpreter's ABI (abiflags are empty from 3.8 on)
    impl = "cp" if sys.implementation.name == "cpython" else sys.implementation.name[:2]
    ver = "%s%d%d" % (impl, sys.version_info[0], sys.version_info[1])
    return "%s-%s%s-%s" % (ver, ver, getattr(sys, "abiflags", ""), _platform_tag())


def _wheel_name(native):
    return "%s-%s-%s.whl" % (NAME, _version(), _tag(native))


def _native_name():
    return "_native" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so")


def _sources():
    found = []
    lib = os.path.join(ROOT, "lib")
    # the levels and the rooms inside them (lib/games/octal/, ...), every .c at any depth
    for d, dirs, files in os.walk(lib):
        dirs.sort()
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(".c")]
    if not found:
        raise RuntimeError("no C sources under %s" % lib)
    return found


def _compile(out, headers=None, objects=None):
    """Builds the shared library as the Makefile does (hidden visibility, SG_API exported);
    with `headers` (the Python include directory), the extension module, which is the same
    library with native.c and native_tick.c added. `objects`: a directory of the library's PIC objects to link
    instead of compiling lib/."""
    cc = shlex.split(os.environ.get("CC") or "cc")
    cflags = shlex.split(os.environ.get("CFLAGS", "-O2"))
    ldflags = shlex.split(os.environ.get("LDFLAGS", ""))
    cmd = cc + ["-std=c99"] + cflags + ["-fPIC", "-fvisibility=hidden", "-pthread", "-shared"]
    if headers:
        # its own calls to sg_* stay inside it, whatever else the process has loaded
        cmd += ["-I", os.path.join(ROOT, "include"), "-I", headers]
        if sys.platform.startswith("linux"):
            cmd += ["-Wl,-Bsymbolic"]
    elif sys.platform.startswith("linux"):
        cmd += ["-Wl,-soname,libsg.so.%s" % _version().split(".")[0]]
    sources = _objects(objects) if objects else _sources()
    if headers:
        native = os.path.join(ROOT, "bindings", "python", "src")
        sources = [os.path.join(native, f) for f in ("native.c", "native_tick.c")] + sources
    cmd += ["-o", out] + sources + ldflags
    print("libsg: " + " ".join(shlex.quote(a) for a in cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, cwd=ROOT)


def _objects(directory):
    # the libraries the objects need beside the C library (nauty, when the Makefile found it):
    # the Makefile writes them to libs.txt beside the objects
    libs = os.path.join(directory, "libs.txt")
    found = []
    for src in _sources():
        rel = os.path.relpath(src, os.path.join(ROOT, "lib"))
        obj = os.path.join(directory, os.path.splitext(rel)[0] + ".o")
        if not os.path.exists(obj):
            raise RuntimeError("no object %s: build the library first (make lib)" % obj)
        found.append(obj)
    return found + (open(libs).read().split() if os.path.exists(libs) else [])


def _build_compiled(directory, objects=None):
    """The compiled part of the package, written to `directory`: (its file name, native)."""
    headers = _python_headers()
    if headers is None:
        why = "LIBSG_NATIVE=0" if os.environ.get("LIBSG_NATIVE") == "0" else \
            "no Python.h in %s (Debian: apt-get install python3-dev)" % \
            sysconfig.get_paths().get("include")
        print("libsg: warning: %s; building the plain shared library: every function works "
              "through ctypes, but rules written in Python run about ten times slower"
              % why, file=sys.stderr)
        name = _library_name()
    else:
        name = _native_name()
    _compile(os.path.join(directory, name), headers, objects)
    return name, headers is not None


def _metadata():
    readme = os.path.join(ROOT, "bindings", "python", "README.md")
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + NAME,
        "Version: " + _version(),
        "Summary: Sprague-Grundy values of impartial games (the C library libsg, rules written "
        "in Python)",
        "License: MIT",
        "Requires-Python: >=3.8",
        "Classifier: Programming Language :: Python :: 3",
        "Classifier: Typing :: Typed",
    ]
    text = "\n".join(lines) + "\n"
    if os.path.exists(readme):
        with open(readme, encoding="utf-8") as f:
            text += "Description-Content-Type: text/markdown\n\n" + f.read()
    return text


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def _dist_info_files(native=None):
    if native is None:
        native = _python_headers() is not None
    wheel = ("Wheel-Version: 1.0\nGenerator: libsg_build\nRoot-Is-Purelib: false\n"
             "Tag: %s\n" % _tag(native))
    return {"METADATA": _metadata(), "WHEEL": wheel, "top_level.txt": NAME + "\n"}


def _package_files():
    files = []
    for f in sorted(os.listdir(PACKAGE)):
        if f.endswith(".py") or f == "py.typed":
            files.append((os.path.join(PACKAGE, f), "%s/%s" % (NAME, f)))
    return files


# ---- PEP 517 hooks -----------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = "%s-%s.dist-info" % (NAME, _version())
    path = os.path.join(metadata_directory, dist_info)
    os.makedirs(path, exist_ok=True)
    for name, text in _dist_info_files().items():
        with open(os.path.join(path, name), "w", encoding="utf-8") as f:
            f.write(text)
    return dist_info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    dist_info = "%s-%s.dist-info" % (NAME, _version())
    record = []
    with tempfile.TemporaryDirectory() as tmp:
        compiled, native = _build_compiled(tmp)
        wheel = os.path.join(wheel_directory, _wheel_name(native))
        entries = _package_files() + [(os.path.join(tmp, compiled), "%s/%s" % (NAME, compiled))]
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
            for src, arc in entries:
                with open(src, "rb") as f:
                    data = f.read()
                info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o755 if arc.endswith(compiled) else 0o644) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
                record.append(_record_line(arc, data))
            for name, text in _dist_info_files(native).items():
                arc = "%s/%s" % (dist_info, name)
                data = text.encode("utf-8")
                z.writestr(zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0)), data)
                record.append(_record_line(arc, data))
            record.append("%s/RECORD,," % dist_info)
            z.writestr(zipfile.ZipInfo("%s/RECORD" % dist_info, date_time=(2020, 1, 1, 0, 0, 0)),
                       "\n".join(record) + "\n")
    return os.path.basename(wheel)


def build_sdist(sdist_directory, config_settings=None):
    """The files a wheel is built from: the C sources and headers, the package, the backend."""
    base = "%s-%s" % (NAME, _version())
    name = base + ".tar.gz"
    keep = ("pyproject.toml", "LICENSE", "README.md", "include", "lib",
            os.path.join("bindings", "python"))
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for top in keep:
            path = os.path.join(ROOT, top)
            if os.path.exists(path):
                t.add(path, arcname=os.path.join(base, top),
                      filter=lambda i: None if "__pycache__" in i.name else i)
        info = tarfile.TarInfo(os.path.join(base, "PKG-INFO"))
        data = _metadata().encode("utf-8")
        info.size = len(data)
        t.addfile(info, io.BytesIO(data))
    return name


def build_inplace(directory, objects=None):
    """The package with its compiled code in directory/libsg (replacing what was there)."""
    dest = os.path.join(directory, NAME)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    for src, arc in _package_files():
        shutil.copyfile(src, os.path.join(directory, arc))
    return _build_compiled(dest, objects)


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description="build the libsg package in place")
    ap.add_argument("--inplace", required=True, metavar="DIR")
    ap.add_argument("--objects", metavar="DIR")
    a = ap.parse_args()
    print(build_inplace(a.inplace, a.objects)[0])
