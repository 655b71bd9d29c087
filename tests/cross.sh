#!/bin/sh
# `make check-cross`: libsg built for other processors and run under qemu-user.
#   aarch64: little-endian, none of x86's vector paths (the portable kernels, as on ARM servers
#            and laptops);
#   s390x:   big-endian: every file the tool writes or reads is held to its byte order.
# For each (CROSS: which), the unit programs on reduced workloads (SG_TEST_QUICK; CROSS_SKIP:
# those left out; CROSS_PROGRAMS, when set: only those, by name, and only they are built), each
# one's "N passed, N failed" and the total as in `make check`; then the tool against this
# machine's:
#   - the same output, byte for byte, for a set of commands;
#   - a certificate written on either machine checks on the other (its prefix hash is defined
#     on 4-byte little-endian values);
#   - on aarch64, a long run of a take-and-break game keeps about a byte or two a value;
#   - a checkpoint written on either resumes on the other when the byte order is the same, and
#     gives the same values; of the other byte order (checkpoints are in the machine's, see
#     sg_sequence_save), it is refused with a non-zero status and no value printed.
# Each emulated process runs on one core: qemu-user on an x86 machine does not keep aarch64's
# order between a store-release and a later load-acquire of another address (a store-buffering
# test of two threads sees the forbidden outcome in about 0.4% of its rounds), which can
# lose a wake-up of the two-thread engines that real processors never lose. On one core the
# threads still interleave, at every point the scheduler picks.
# Needs, per architecture A: A-linux-gnu-gcc (Debian: gcc-A-linux-gnu), qemu-A-static
# (qemu-user-static) and taskset (util-linux).
set -u
CROSS=${CROSS:-aarch64 s390x}
# left out: each runs Grundy's game past 2^21 several times, 10 minutes and more under
# emulation; the windows and the checkpoints they hold are the code test_sequence_checkpoint
# and test_sequence_window_octal run here
CROSS_SKIP=${CROSS_SKIP-test_sequence_window test_checkpoint_room}
CROSS_PROGRAMS=${CROSS_PROGRAMS:-}
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
native="$BUILD/grundy"
if [ "${1:-}" = --run ]; then   # the wrapper of one program: ARCH PROGRAM ARGS...
    arch=$2
    shift 2
    # the core this runs on now (the scheduler spreads the programs check.sh starts together)
    cpu=$(awk '{ print $39 }' /proc/self/stat 2>/dev/null)
    QEMU_LD_PREFIX=/usr/$arch-linux-gnu exec taskset -c "${cpu:-0}" qemu-$arch-static "$@"
fi

# big or little: the byte order of a machine named as uname -m names it
order_of() {
    case "$1" in
        s390x | powerpc | powerpc64 | ppc | ppc64 | mips | mips64 | sparc*) echo big ;;
        *) echo little ;;
    esac
}

fail=0
bad() { echo "check-cross: $*"; fail=1; }
for arch in $CROSS; do
    for tool in "$arch-linux-gnu-gcc" "qemu-$arch-static" taskset; do
        command -v "$tool" >/dev/null 2>&1 || {
            echo "check-cross: $tool not found (Debian: gcc-$arch-linux-gnu, qemu-user-static," \
                 "util-linux)"
            exit 1
        }
    done
done
[ -x "$native" ] || { echo "check-cross: build the tool first ($native)"; exit 1; }

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for arch in $CROSS; do
    out="$BUILD/cross-$arch"
    echo "== $arch"
    targets=suite
    [ -z "$CROSS_PROGRAMS" ] ||
        targets="$out/grundy $(for p in $CROSS_PROGRAMS; do printf '%s ' "$out/tests/$p"; done)"
    # shellcheck disable=SC2086
    $MAKE -s BUILD="$out" CC="$arch-linux-gnu-gcc" $targets >"$tmp/build.log" 2>&1 ||
        { cat "$tmp/build.log"; bad "$arch: the build failed"; continue; }
    programs=$(for t in "$out"/tests/test_*; do
        case " $CROSS_SKIP " in *" $(basename "$t") "*) continue ;; esac
        [ -z "$CROSS_PROGRAMS" ] || case " $CROSS_PROGRAMS " in *" $(basename "$t") "*) ;;
            *) continue ;; esac
        case "$t" in *.d) ;; *) echo "$t" ;; esac
    done)
    SG_TEST_QUICK=1 TEST_WRAPPER="sh $0 --run $arch" CHECK_SCRIPTS= BUILD="$out" \
        TEST_PROGRAMS="$programs" sh tests/check.sh || bad "$arch: a unit program failed"

    # the tool here (this machine) and there (emulated)
    on_here() { "$native" "$@"; }
    on_there() { sh "$0" --run "$arch" "$out/grundy" "$@"; }
    # the same output (the snapshots' wall times left out)
    while read -r args; do
        for side in here there; do
            # shellcheck disable=SC2086
            on_$side $args </dev/null 2>&1 | sed 's/"seconds":[0-9.e+-]*//' >"$tmp/$side"
        done
        cmp -s "$tmp/here" "$tmp/there" || bad "$arch: grundy $args: another output"
    done <<'COMMANDS'
octal 0.6 -n 30000 --format bfile
octal 0.354 -n 40000 --format bfile
octal 4.7 -n 3000 --format csv
octal 0.6 -n 2^16 --snapshots /dev/stdout --format bfile
grundy-game -n 20000 --format bfile
allbut 1,4 -n 500 --format json
sub 2,5,7 --period
octal 0.07 --period
misere 0.77
nimmul 1234567 7654321
nimber inv 123456789
COMMANDS
    # memory: where the kernels read backwards (aarch64) a long run keeps each value once, as
    # check_cli_memory holds AVX2 runs (bytes a value, x100, beyond the same run on 100 values)
    if [ "$arch" = aarch64 ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
        # peak resident size (KiB) there of grundy octal CODE -n COUNT
        peak_there() {
            /usr/bin/time -f %M -o "$tmp/kb" sh "$0" --run "$arch" "$out/grundy" octal "$1" \
                -n "$2" >/dev/null && tail -n 1 "$tmp/kb"
        }
        for spec in "0.14 1048576 200" "0.6 2097152 275"; do
            set -- $spec
            per100=$((($(peak_there "$1" "$2") - $(peak_there "$1" 100)) * 1024 * 100 / $2))
            [ "$per100" -le "$3" ] ||
                bad "$arch: octal $1 -n $2: $per100/100 bytes a value (at most $3/100)"
        done
    fi
    # certificates both ways: made on the first side, checked on the second
    for way in "here there 0.07" "there here 0.156"; do
        set -- $way
        on_$1 octal "$3" --certify "$tmp/cert" >/dev/null 2>&1 &&
            on_$2 verify "$tmp/cert" >"$tmp/log" 2>&1 ||
            { cat "$tmp/log"; bad "$arch: a certificate of $3 made $1 does not check $2"; }
    done
    # checkpoints: one game per engine family, a slice on each machine in turn
    same=1
    [ "$(order_of "$arch")" = "$(order_of "$(uname -m)")" ] || same=0
    for game in "octal 0.6" "grundy-game"; do
        # shellcheck disable=SC2086
        on_here $game -n 2^15 --format bfile >"$tmp/whole"
        for way in "here there" "there here"; do
            set -- $way
            rm -f "$tmp/ck"
            # shellcheck disable=SC2086
            on_$1 $game -n 2^13 --checkpoint "$tmp/ck" --format bfile >/dev/null
            # shellcheck disable=SC2086
            on_$2 $game -n 2^15 --checkpoint "$tmp/ck" --format bfile >"$tmp/rest" 2>"$tmp/err"
            st=$?
            if [ "$same" = 1 ]; then
                [ "$st" = 0 ] && cmp -s "$tmp/whole" "$tmp/rest" ||
                    bad "$arch: $game: a checkpoint made $1 gives other values resumed $2"
            elif [ "$st" = 0 ] || [ -s "$tmp/rest" ] || ! grep -q checkpoint "$tmp/err"; then
                bad "$arch: $game: a checkpoint of the other byte order made $1 was not refused" \
                    "$2"
            fi
        done
    done
done
[ "$fail" = 0 ] && echo "check-cross: ok ($CROSS)"
exit "$fail"
