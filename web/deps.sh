#!/bin/sh
# What the web targets need beyond make, installed from Debian's packages when missing (as root,
# with apt-get), in the manner of scripts/test-deps.sh: `wasm` the compiler, linker and C
# library for wasm32-wasi; `web` nothing more; `check` Node, Chromium and a
# Chinese font too.
# usage: web/deps.sh wasm | check
need=""
want() { [ -e "$1" ] || command -v "$1" >/dev/null 2>&1 || need="$need $2"; }
want clang clang
want wasm-ld lld
want /usr/include/wasm32-wasi/stdlib.h wasi-libc
# clang's own helpers for the target (128-bit products), where Debian's clang 14 keeps them
[ -n "$(ls /usr/lib/llvm-*/lib/clang/*/lib/wasi/libclang_rt.builtins-wasm32.a 2>/dev/null)" ] ||
    need="$need libclang-rt-14-dev-wasm32"
case $1 in
check)
    want node nodejs
    want chromium chromium
    # a CJK font, so that the pictures of the test show the links to the Chinese guide
    want /usr/share/fonts/truetype/wqy/wqy-microhei.ttc fonts-wqy-microhei
    ;;
esac
[ -z "$need" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing what the web targets need:$need"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need && exit 0
fi
echo "the web targets need these Debian packages:$need (apt-get install$need)" >&2
exit 1
