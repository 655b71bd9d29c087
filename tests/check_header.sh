#!/bin/sh
# include/sg.h compiles alone as C89 (pedantic), C99, C11 and C++98/C++17, and twice in a row.
set -e
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf '#include <sg.h>\n#include <sg.h>\nint main(void) { return (int)sg_mex(0, 0) + SG_OK; }\n' > "$tmp/c.c"
cp "$tmp/c.c" "$tmp/cpp.cpp"
for std in c89 c99 c11; do
    ${CC:-cc} -std=$std -pedantic -Wall -Wextra -Werror -Iinclude -fsyntax-only "$tmp/c.c"
done
for std in c++98 c++17; do
    ${CXX:-c++} -std=$std -pedantic -Wall -Wextra -Werror -Iinclude -fsyntax-only "$tmp/cpp.cpp"
done
