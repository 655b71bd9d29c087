"""A PEP 517 build backend for the libsg Python package, kept in the source tree.

`pip install .` at the repository root runs it (pyproject.toml names it with backend-path): it
compiles the shared library from lib/*/*.c with the system C compiler (CC, else cc) and writes
a platform wheel holding bindings/python/libsg and that library, so `import libsg` finds its
own copy. It needs nothing beyond the standard library, so it works with no package index.
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


def _wheel_name():
    # the library is loaded through ctypes: any Python 3, no ABI of its own, one platform
    return "%s-%s-py3-none-%s.whl" % (NAME, _version(), _platform_tag())


def _sources():
    found = []
    lib = os.path.join(ROOT, "lib")
    for level in sorted(os.listdir(lib)):
        d = os.path.join(lib, level)
        if os.path.isdir(d):
            found += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".c")]
    if not found:
        raise RuntimeError("no C sources under %s" % lib)
    return found


def _compile(out):
    """Builds the shared library as the Makefile does (hidden visibility, SG_API exported)."""
    cc = shlex.split(os.environ.get("CC") or "cc")
    cflags = shlex.split(os.environ.get("CFLAGS", "-O2"))
    ldflags = shlex.split(os.environ.get("LDFLAGS", ""))
    cmd = cc + ["-std=c99"] + cflags + ["-fPIC", "-fvisibility=hidden", "-pthread", "-shared"]
    if sys.platform.startswith("linux"):
        cmd += ["-Wl,-soname,libsg.so.%s" % _version().split(".")[0]]
    cmd += ["-o", out] + _sources() + ldflags
    print("libsg: " + " ".join(shlex.quote(a) for a in cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, cwd=ROOT)


def _metadata():
    readme = os.path.join(ROOT, "bindings", "python", "README.md")
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + NAME,
        "Version: " + _version(),
        "Summary: Sprague-Grundy values of impartial games (ctypes binding of the C library)",
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


def _dist_info_files():
    wheel = ("Wheel-Version: 1.0\nGenerator: libsg_build\nRoot-Is-Purelib: false\n"
             "Tag: py3-none-%s\n" % _platform_tag())
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
    wheel = os.path.join(wheel_directory, _wheel_name())
    record = []
    with tempfile.TemporaryDirectory() as tmp:
        lib = os.path.join(tmp, _library_name())
        _compile(lib)
        entries = _package_files() + [(lib, "%s/%s" % (NAME, _library_name()))]
        with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
            for src, arc in entries:
                with open(src, "rb") as f:
                    data = f.read()
                info = zipfile.ZipInfo(arc, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o755 if arc.endswith(_library_name()) else 0o644) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
                record.append(_record_line(arc, data))
            for name, text in _dist_info_files().items():
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
