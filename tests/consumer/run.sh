#!/usr/bin/env bash
# Consumer tests: out-of-tree projects that use an installed sudokit, built from the README's
# "Use it as a library" examples exactly as written there (extracted from README.md).
#
#   tests/consumer/run.sh PREFIX     sudokit installed under PREFIX (cmake --install --prefix)
#   tests/consumer/run.sh --system   sudokit installed into the system (the .deb): no paths given
#   tests/consumer/run.sh --subproject   configure-only check of add_subdirectory(sudokit)
#
# Each example prints the puzzle of `sudokit generate --seed 2026`, its solution, the solution
# count and the grade; all must equal what the installed program says. Consumers: C and C++
# with find_package(sudokit), C and C++ with pkg-config, and Python's `import sudokit`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/sudokit-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT
fail() { echo "consumer: FAIL: $*" >&2; exit 1; }

# The README's example of a language, exactly as written (the fenced block after its marker).
extract() {
  awk -v tag="<!-- example: $1 -->" '
    $0 == tag { armed = 1; next }
    armed && /^```/ { if (inside) exit; inside = 1; next }
    inside { print }' "$root/README.md" > "$2"
  [ -s "$2" ] || fail "README.md has no '$1' example"
}
extract c "$work/example.c"
extract cxx "$work/example.cpp"
extract python "$work/example.py"

if [ "${1:-}" = "--subproject" ]; then
  # As a subproject: no forced build type, no tests/benchmarks/program in the default build.
  cmake -S "$here/subproject" -B "$work/sub" -G Ninja -DSUDOKIT_SOURCE="$root" \
    -DEXAMPLE_SOURCE="$work/example.cpp" -DCMAKE_CXX_STANDARD=20 >"$work/sub.log" 2>&1 || { cat "$work/sub.log"; fail "subproject configure"; }
  grep -q '^CMAKE_BUILD_TYPE:STRING=$' "$work/sub/CMakeCache.txt" || fail "the subproject set CMAKE_BUILD_TYPE"
  grep -q '^SUDOKIT_BUILD_TESTS:BOOL=OFF$' "$work/sub/CMakeCache.txt" || fail "tests are on in a subproject"
  # What `all` would link: exactly libsudokit and the parent's program.
  outputs=$(ninja -C "$work/sub" -t commands all | grep -oE ' -o [^ ]+' | grep -v '\.o$' | sed 's/^ -o //' | sort -u | tr '\n' ' ')
  version=$(grep -oE '^project\(sudokit VERSION [0-9.]+' "$root/CMakeLists.txt" | cut -d' ' -f3)
  [ "$outputs" = "parent_app sudokit/capi/libsudokit.so.$version " ] \
    || fail "as a subproject, 'all' links more or less than libsudokit and the parent: $outputs"
  echo "consumer: subproject ok (builds only: $outputs)"
  exit 0
fi

python=python3
if [ "${1:-}" = "--system" ]; then
  prefix=/usr
  program=sudokit
  cmake_args=()
  python=/usr/bin/python3  # the Debian package is for Debian's Python
else
  prefix=$(cd "${1:?usage: run.sh PREFIX | --system | --subproject}" && pwd)
  program="$prefix/bin/sudokit"
  cmake_args=(-DCMAKE_PREFIX_PATH="$prefix")
  pc=$(dirname "$(find "$prefix" -name sudokit.pc | head -1)")
  export PKG_CONFIG_PATH="$pc${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
  libdir=$(dirname "$(find "$prefix" -name 'libsudokit.so.*' | head -1)")
  pydir=$(dirname "$(dirname "$(find "$prefix" -path '*/sudokit/__init__.py' | head -1)")")
  [ -n "$pc" ] && [ -n "$libdir" ] && [ "$pydir" != . ] || fail "the install under $prefix lacks sudokit.pc, libsudokit or the Python package"
fi

# What every example must print: the program's answers.
puzzle=$("$program" generate --seed 2026)
solution=$("$program" solve <<<"$puzzle")
grade=$("$program" grade <<<"$puzzle" 2>/dev/null)
read -r level _rating score _ <<<"$grade"  # LEVEL RATING SCORE HARDEST
printf '%s\n%s\nsolutions: 1\nlevel: %s, score %s\n' "$puzzle" "$solution" "$level" "$score" > "$work/expected"
check() {  # name, command...
  local name=$1; shift
  "$@" > "$work/$name.out" 2>"$work/$name.err" || { cat "$work/$name.err"; fail "$name exited $?"; }
  diff -u "$work/expected" "$work/$name.out" || fail "$name printed something else than the program"
  echo "consumer: $name ok"
}

cmake -S "$here/cmake_c" -B "$work/c" -G Ninja "${cmake_args[@]}" -DEXAMPLE_SOURCE="$work/example.c" >/dev/null
cmake --build "$work/c" >/dev/null
check find_package_c "$work/c/example_c"

cmake -S "$here/cmake_cxx" -B "$work/cxx" -G Ninja "${cmake_args[@]}" -DEXAMPLE_SOURCE="$work/example.cpp" >/dev/null
cmake --build "$work/cxx" >/dev/null
check find_package_cxx "$work/cxx/example_cxx"

# pkg-config: the C example with cc, the C++ one with c++ -std=c++20.
cc -Wall -Werror -o "$work/pc_c" "$work/example.c" $(pkg-config --cflags --libs sudokit)
c++ -std=c++20 -Wall -Werror -o "$work/pc_cxx" "$work/example.cpp" $(pkg-config --cflags --libs sudokit)
if [ "$prefix" = /usr ]; then
  check pkg_config_c "$work/pc_c"
  check pkg_config_cxx "$work/pc_cxx"
  check python "$python" "$work/example.py"
else
  check pkg_config_c env LD_LIBRARY_PATH="$libdir" "$work/pc_c"
  check pkg_config_cxx env LD_LIBRARY_PATH="$libdir" "$work/pc_cxx"
  check python env PYTHONPATH="$pydir" "$python" "$work/example.py"
fi
[ "$(pkg-config --modversion sudokit)" = "$("$python" -c 'import sys; sys.path.insert(0, sys.argv[1]); import sudokit; print(sudokit.__version__)' "${pydir:-/nonexistent}")" ] \
  || fail "pkg-config and Python disagree on the version"
man_page=$(find "$prefix/share/man/man1" -name 'sudokit.1*' 2>/dev/null | head -1)
[ -n "$man_page" ] || fail "no man page under $prefix/share/man/man1"
# The program loads its book renderer only to draw (plugins/): installed, it must find it
# beside itself (<libdir>/sudokit, relative to the program), under any prefix.
if [ -n "$(find "$prefix/lib" -maxdepth 3 -path '*/sudokit/libsudokit-book.so' 2>/dev/null | head -1)" ]; then
  printf '%s\n' "$puzzle" > "$work/book_input.txt"
  env -u SUDOKIT_PLUGIN_DIR "$program" book "$work/book_input.txt" -o "$work/book.pdf" >/dev/null 2>"$work/book.err" \
    || { cat "$work/book.err"; fail "the installed program could not draw a book through its book part"; }
  [ "$(head -c 5 "$work/book.pdf")" = "%PDF-" ] || fail "the installed program's book is not a PDF"
  echo "consumer: the installed program draws books through its book part"
fi
echo "consumer: all consumers ok against $prefix"
