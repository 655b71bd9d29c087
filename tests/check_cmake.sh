#!/bin/sh
# make install into a temporary DESTDIR installs the CMake package: a CMake project with
# find_package(sg REQUIRED) configures with -DCMAKE_PREFIX_PATH=<the staged prefix>, builds
# against sg::sg and sg::sg_static, and runs; the package asks for a version of the same major
# only; make uninstall removes its files too.
set -e
command -v cmake >/dev/null 2>&1 || { echo "cmake not found: apt-get install cmake"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=/opt/sgcmake
make -s install DESTDIR="$tmp/root" PREFIX="$prefix" >/dev/null
root="$tmp/root$prefix"
test -f "$root/lib/cmake/sg/sgConfig.cmake"
test -f "$root/lib/cmake/sg/sgConfigVersion.cmake"
version=$(sed -n 's/^#define SG_VERSION_STRING "\(.*\)"/\1/p' include/sg.h)
major=${version%%.*}
mkdir "$tmp/app"
cat > "$tmp/app/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.10)
project(sgapp C)
find_package(sg $major.0 REQUIRED)
if(NOT sg_VERSION STREQUAL "$version")
    message(FATAL_ERROR "sg_VERSION is \${sg_VERSION}")
endif()
add_executable(app app.c)
target_link_libraries(app PRIVATE sg::sg)
add_executable(app_static app.c)
target_link_libraries(app_static PRIVATE sg::sg_static)
CMAKE
cat > "$tmp/app/app.c" <<'C'
#include <sg.h>
#include <stdio.h>
int main(void)
{
    uint64_t heaps[3] = {3, 4, 5}, size;
    size_t heap;
    if (sg_version_number() != SG_VERSION_NUMBER) return 1;
    if (nim_winning_move(heaps, 3, &heap, &size) != 1 || heap != 0 || size != 1) return 1;
    printf("ok %s\n", sg_version_string());
    return 0;
}
C
cmake -S "$tmp/app" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$root" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; exit 1; }
cmake --build "$tmp/build" >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
# the shared one has an rpath into the build tree's view of the prefix; say where anyway
LD_LIBRARY_PATH="$root/lib" "$tmp/build/app" | grep "^ok $version\$" >/dev/null
"$tmp/build/app_static" | grep "^ok $version\$" >/dev/null
if nm -D "$tmp/build/app_static" 2>/dev/null | grep ' U nim_winning_move' >/dev/null; then
    echo "app_static is not linked statically"; exit 1
fi
# a request for another major version is refused
sed -i "s/find_package(sg $major.0 REQUIRED)/find_package(sg $((major + 1)).0 QUIET)\\
if(sg_FOUND)\\
    message(FATAL_ERROR \"major $((major + 1)) accepted\")\\
endif()\\
find_package(sg REQUIRED)/" "$tmp/app/CMakeLists.txt"
rm -rf "$tmp/build"
cmake -S "$tmp/app" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$root" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; exit 1; }
# the package found from a moved prefix: paths are relative to the config file
mv "$tmp/root" "$tmp/moved"
rm -rf "$tmp/build"
cmake -S "$tmp/app" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/moved$prefix" >"$tmp/log" 2>&1 ||
    { cat "$tmp/log"; exit 1; }
cmake --build "$tmp/build" >"$tmp/log" 2>&1 || { cat "$tmp/log"; exit 1; }
"$tmp/build/app_static" | grep "^ok $version\$" >/dev/null
make -s uninstall DESTDIR="$tmp/moved" PREFIX="$prefix" >/dev/null
if [ -e "$tmp/moved$prefix/lib/cmake/sg/sgConfig.cmake" ] ||
   [ -e "$tmp/moved$prefix/lib/cmake/sg/sgConfigVersion.cmake" ]; then
    echo "the CMake files are left after uninstall"; exit 1
fi
