#!/bin/sh
# make install into a temporary DESTDIR; a consumer built with `pkg-config --cflags --libs sg`
# runs against the shared and the static library; make uninstall leaves no file behind.
set -e
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=/opt/sgtest
make -s install DESTDIR="$tmp/root" PREFIX="$prefix" >/dev/null
root="$tmp/root$prefix"
test -f "$root/include/sg.h"
test -f "$root/lib/libsg.a"
test -L "$root/lib/libsg.so"
test -x "$root/bin/grundy"
cat > "$tmp/consumer.c" <<'C'
#include <sg.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
    uint64_t heaps[3] = {3, 4, 5}, size;
    size_t heap;
    if (sg_version_number() != SG_VERSION_NUMBER) return 1;
    if (strcmp(sg_version_string(), SG_VERSION_STRING) != 0) return 1;
    if (nim_winning_move(heaps, 3, &heap, &size) != 1 || heap != 0 || size != 1) return 1;
    printf("ok %s\n", sg_version_string());
    return 0;
}
C
PKG_CONFIG_PATH="$root/lib/pkgconfig"
PKG_CONFIG_SYSROOT_DIR="$tmp/root"
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
# the .pc names paths under the real prefix; the sysroot variable maps them into DESTDIR
test "$(pkg-config --modversion sg)" = "$(sed -n 's/^#define SG_VERSION_STRING "\(.*\)"/\1/p' include/sg.h)"
${CC:-cc} -o "$tmp/consumer" "$tmp/consumer.c" $(pkg-config --cflags --libs sg)
LD_LIBRARY_PATH="$root/lib" "$tmp/consumer" | grep -q '^ok '
${CC:-cc} -o "$tmp/consumer_static" "$tmp/consumer.c" $(pkg-config --cflags sg) "$root/lib/libsg.a"
"$tmp/consumer_static" | grep -q '^ok '
"$root/bin/grundy" --help >/dev/null 2>&1
make -s uninstall DESTDIR="$tmp/root" PREFIX="$prefix" >/dev/null
left=$(find "$tmp/root" -type f -o -type l)
if [ -n "$left" ]; then echo "left after uninstall: $left"; exit 1; fi
