# libsg: Sprague-Grundy values of impartial games. `make help` lists the targets.

# ---- install locations (GNU conventions; DESTDIR is prepended at install time) -----------
PREFIX      ?= /usr/local
prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
BINDIR      ?= $(exec_prefix)/bin
LIBDIR      ?= $(exec_prefix)/lib
INCLUDEDIR  ?= $(prefix)/include
MANDIR      ?= $(prefix)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR    ?= $(LIBDIR)/cmake/sg

# ---- version: include/sg.h is the only place it is written ---------------------------------
sg_version = $(shell sed -n 's/^\#define SG_VERSION_$(1)  *\([0-9][0-9]*\).*/\1/p' include/sg.h)
VERSION_MAJOR := $(call sg_version,MAJOR)
VERSION_MINOR := $(call sg_version,MINOR)
VERSION_PATCH := $(call sg_version,PATCH)
VERSION       := $(VERSION_MAJOR).$(VERSION_MINOR).$(VERSION_PATCH)

# ---- flags ----------------------------------------------------------------------------------
CFLAGS   ?= -O2 -g
WARNINGS := -Wall -Wextra -Wshadow -Wconversion -Wstrict-prototypes -Wmissing-prototypes \
            -Wpointer-arith -Wcast-qual -Wundef -Wvla -Wformat=2
# Grundy's game runs on two threads on request (POSIX threads; -DSG_NO_THREADS leaves them out)
PTHREAD  := -pthread
# nauty's canonical labelling of graphs (Debian's libnauty2-dev), when the compiler finds it;
# NAUTY=0 leaves it out (the built-in labelling, always present, is used instead)
ifndef NAUTY
NAUTY := $(shell printf '\043include <nauty/nauty.h>\nint main(void){return 0;}\n' | \
           $(CC) -x c - -o /dev/null -lnauty >/dev/null 2>&1 && echo 1 || echo 0)
endif
ifeq ($(NAUTY),1)
NAUTY_CPPFLAGS := -DSG_HAVE_NAUTY
NAUTY_LIBS := -lnauty
endif
SG_CFLAGS := -std=c99 $(WARNINGS) $(CPPFLAGS) $(NAUTY_CPPFLAGS) $(CFLAGS) $(PTHREAD)
TEST_CFLAGS := $(SG_CFLAGS) -Werror -Iinclude
DEPFLAGS := -MMD -MP

ifeq ($(V),1)
Q :=
else
Q := @
endif

BUILD   := build
# lib/ in levels, each using only those before it in this list (lib/README.md draws them); a
# level's files, then those of its rooms (games/octal/, ...); the single header concatenates the
# files in this order
LEVELS  := common engine nim games longrun
level_files = $(sort $(wildcard lib/$(1)/*.$(2))) $(sort $(wildcard lib/$(1)/*/*.$(2)))
SOURCES := $(foreach level,$(LEVELS),$(call level_files,$(level),c))
PRIVATE_HEADERS := $(foreach level,$(LEVELS),$(call level_files,$(level),h))
STATIC_OBJECTS := $(SOURCES:lib/%.c=$(BUILD)/static/%.o)
SHARED_OBJECTS := $(SOURCES:lib/%.c=$(BUILD)/shared/%.o)
STATIC_LIB := $(BUILD)/libsg.a
SONAME     := libsg.so.$(VERSION_MAJOR)
SHARED_LIB := $(BUILD)/libsg.so.$(VERSION)
PC_FILE    := $(BUILD)/sg.pc
CMAKE_FILES := $(BUILD)/cmake/sgConfig.cmake $(BUILD)/cmake/sgConfigVersion.cmake
TOOL       := $(BUILD)/grundy
TOOL_SOURCES := $(sort $(wildcard tools/*.c))
TEST_SOURCES := $(sort $(wildcard tests/test_*.c))
TESTS      := $(TEST_SOURCES:tests/%.c=$(BUILD)/tests/%)
MAN3       := $(sort $(wildcard docs/*.3))
MAN1       := $(sort $(wildcard docs/*.1))

.PHONY: all lib single contest check check-long quick test bench sweep demo install uninstall \
        clean help sanitize valgrind tsan fuzz suite pictures check-portable check-sse \
        check-sse2 check-avx512 check-cross certificates check-all benches dist dist-check \
        check-cram-table
all: lib $(TOOL)

lib: $(STATIC_LIB) $(SHARED_LIB) $(PC_FILE) $(CMAKE_FILES)

$(BUILD)/static/%.o: lib/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(SG_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/shared/%.o: lib/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC [so] $<")
	$(Q)$(CC) $(SG_CFLAGS) $(DEPFLAGS) -fPIC -fvisibility=hidden -c $< -o $@

$(STATIC_LIB): $(STATIC_OBJECTS)
	@$(if $(Q),echo "  AR      $@")
	$(Q)rm -f $@ && $(AR) rcs $@ $^

$(SHARED_LIB): $(SHARED_OBJECTS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -o $@ $^ $(PTHREAD) \
	    $(NAUTY_LIBS)
	$(Q)echo "$(NAUTY_LIBS)" > $(BUILD)/shared/libs.txt
	$(Q)ln -sf libsg.so.$(VERSION) $(BUILD)/$(SONAME)
	$(Q)ln -sf $(SONAME) $(BUILD)/libsg.so

# pkg-config paths are written relative to ${prefix} where they can be
pc_rel = $(if $(filter $(prefix)/%,$(1)),$${prefix}/$(patsubst $(prefix)/%,%,$(1)),$(1))
$(PC_FILE): sg.pc.in include/sg.h FORCE
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX@|$(prefix)|' -e 's|@LIBDIR@|$(call pc_rel,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call pc_rel,$(INCLUDEDIR))|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@LIBS_PRIVATE@|$(NAUTY_LIBS)|' $< > $@
FORCE:

# The CMake package finds the prefix from its own location (../../.. from lib/cmake/sg), so that
# a DESTDIR install or a moved prefix still works; a directory outside the prefix stays absolute.
sg_empty :=
sg_space := $(sg_empty) $(sg_empty)
cmake_up = $(subst $(sg_space),/,$(patsubst %,..,$(subst /, ,$(CMAKEDIR:$(prefix)/%=%))))
cmake_prefix = $(if $(filter $(prefix)/%,$(CMAKEDIR)),$${CMAKE_CURRENT_LIST_DIR}/$(cmake_up),\
                 $(prefix))
cmake_rel = $(if $(filter $(prefix)/%,$(1)),$${_sg_prefix}/$(patsubst $(prefix)/%,%,$(1)),$(1))
SIZEOF_VOID_P := $(or $(shell $(CC) -dM -E - </dev/null 2>/dev/null | \
                     sed -n 's/^\#define __SIZEOF_POINTER__ //p'),8)
$(BUILD)/cmake/%.cmake: cmake/%.cmake.in include/sg.h FORCE
	@mkdir -p $(@D)
	$(Q)sed -e 's|@PREFIX_FROM_HERE@|$(cmake_prefix)|' -e 's|@LIBDIR@|$(call cmake_rel,$(LIBDIR))|' \
	    -e 's|@INCLUDEDIR@|$(call cmake_rel,$(INCLUDEDIR))|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@MAJOR@|$(VERSION_MAJOR)|' -e 's|@SIZEOF_VOID_P@|$(SIZEOF_VOID_P)|' \
	    -e 's|@BITS@|$(shell expr 8 \* $(SIZEOF_VOID_P))|' $< > $@

$(TOOL): $(TOOL_SOURCES) $(wildcard tools/*.h) $(STATIC_LIB) include/sg.h
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(SG_CFLAGS) -Iinclude $(LDFLAGS) -o $@ $(TOOL_SOURCES) $(STATIC_LIB) $(PTHREAD) \
	    $(NAUTY_LIBS)

$(BUILD)/tests/%: tests/%.c tests/test.h $(STATIC_LIB)
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(TEST_CFLAGS) $(DEPFLAGS) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(TEST_LIBS) $(PTHREAD) \
	    $(NAUTY_LIBS)

# tests that need more at link time: the allocation-failure tests replace malloc & co. through
# the linker
$(BUILD)/tests/test_alloc_failure_%: \
    TEST_LIBS := -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free

# ---- single header: build/single/sg.h, generated from include/sg.h and every lib/ file ----------
PYTHON ?= python3
SINGLE := $(BUILD)/single/sg.h
single: $(SINGLE)

# FORCE: a lib/ file that was removed must leave the single header too
$(SINGLE): scripts/amalgamate.py include/sg.h $(PRIVATE_HEADERS) $(SOURCES) FORCE
	@$(if $(Q),echo "  GEN     $@")
	$(Q)$(PYTHON) scripts/amalgamate.py -o $@ $(PRIVATE_HEADERS) $(SOURCES)

# ---- contest header: build/contest/sg.h, at most 60 KiB, to paste above a solution ----------
# The modules of scripts/parts.txt (PARTS="engine nim" picks some; what they need comes along),
# without SIMD, threads, sparse engines and long runs, comments stripped (docs/contest.md).
CONTEST := $(BUILD)/contest/sg.h
PARTS ?=
contest: $(CONTEST)

$(CONTEST): scripts/amalgamate.py scripts/contest.py scripts/parts.txt include/sg.h \
            $(PRIVATE_HEADERS) $(SOURCES) FORCE
	@$(if $(Q),echo "  GEN     $@")
	$(Q)$(PYTHON) scripts/amalgamate.py --contest $(if $(strip $(PARTS)),--parts "$(PARTS)") -o $@

# ---- benchmarks: the library and the benchmarks always at -O2, whatever CFLAGS says -------
BENCH_SOURCES := $(sort $(wildcard bench/bench_*.c))
BENCHES       := $(BENCH_SOURCES:bench/%.c=$(BUILD)/bench/%)
BENCH_OBJECTS := $(SOURCES:lib/%.c=$(BUILD)/bench/obj/%.o)
BENCH_CFLAGS  := -std=c99 $(WARNINGS) $(CPPFLAGS) $(NAUTY_CPPFLAGS) $(CFLAGS) -O2 $(PTHREAD)

.SECONDARY: $(BENCH_OBJECTS)
$(BUILD)/bench/obj/%.o: lib/%.c
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC [O2] $<")
	$(Q)$(CC) $(BENCH_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BUILD)/bench/%: bench/%.c bench/bench.h $(BENCH_OBJECTS) include/sg.h
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BENCH_CFLAGS) -Iinclude $(LDFLAGS) -o $@ $< $(BENCH_OBJECTS) $(NAUTY_LIBS)

# ---- the pictures of docs/guide.md, drawn by the tool (tests/check_svg.sh keeps them current) --
PICTURES_DIR ?= docs
PICTURES := kayles grundy-game
PICTURE_kayles := octal 0.77 -n 300
PICTURE_grundy-game := grundy-game -n 20000
pictures: $(TOOL)
	$(Q)$(foreach p,$(PICTURES),./$(TOOL) $(PICTURE_$(p)) --format svg \
	    > $(PICTURES_DIR)/$(p).svg.tmp && \
	    mv $(PICTURES_DIR)/$(p).svg.tmp $(PICTURES_DIR)/$(p).svg &&) :

# ---- main jobs ------------------------------------------------------------------------------
demo: $(TOOL)
	$(Q)./$(TOOL) tour

# check: the whole suite, its longest cases cut (about 560 s of CPU: 5 minutes on two idle cores;
# docs/testing.md);
# check-long: every case at its full extent (SG_TEST_LONG=1: the compile matrices, the memory
# bounds, the long sequences), in check-all and in the gate when a change touches what it guards
check check-long:
	$(Q)$(PAR_MAKE) all $(TESTS)
	$(Q)sh scripts/test-deps.sh
	$(Q)$(if $(filter check-long,$@),SG_TEST_LONG=1) CC="$(CC)" BUILD="$(BUILD)" sh tests/check.sh

# long (about 10 minutes of CPU and 1 GB), not part of check: Beling's Cram table as far as
# test_cram reaches it, 4 x 10 by one outcome search past what check-long runs
check-cram-table: $(BUILD)/tests/test_cram
	$(Q)SG_TEST_LONG=1 SG_TEST_CRAM_TABLE=1 TEST_PROGRAMS=$(BUILD)/tests/test_cram \
	    CHECK_SCRIPTS= BUILD="$(BUILD)" sh tests/check.sh

# long (about 20-25 minutes), not part of check: certify and verify every octal game with at
# most three code digits; CERT_FLAGS passes options to the script (e.g. --budget 30)
certificates: $(TOOL)
	$(Q)python3 scripts/certificates.py --grundy $(TOOL) $(CERT_FLAGS)

# the unit programs alone, on reduced workloads (SG_TEST_QUICK): the edit-compile loop, in about
# 45 CPU-seconds (docs/testing.md)
quick: $(TESTS)
	$(Q)SG_TEST_QUICK=1 CHECK_SCRIPTS= BUILD="$(BUILD)" sh tests/check.sh

# everything that needs no extra tool: the whole suite, then again under AddressSanitizer and
# UBSan
test: check sanitize

# every benchmark compiled with the benchmarks' flags and linked, not run, against the static
# library of the current build (no second library build): the CI gate builds them so that
# `make bench` never breaks unseen
BENCH_CHECKS := $(BENCH_SOURCES:bench/%.c=$(BUILD)/bench-built/%)
benches: $(BENCH_CHECKS)
$(BUILD)/bench-built/%: bench/%.c bench/bench.h $(STATIC_LIB) include/sg.h
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(BENCH_CFLAGS) -Iinclude $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(NAUTY_LIBS)

bench: $(BENCHES) $(SHARED_LIB)
	@lscpu 2>/dev/null | sed -n 's/^Model name: *//p'; date -u '+%Y-%m-%d %H:%M UTC'; uptime
	$(Q)for b in $(BENCHES); do ./$$b || exit 1; done
	@# rules written in Python: the package built in place, with its extension module
	$(Q)$(PYTHON) bindings/python/backend/libsg_build.py --inplace $(BUILD)/python \
	    --objects $(BUILD)/shared >/dev/null 2>$(BUILD)/python-build.log && \
	    PYTHONPATH=$(BUILD)/python $(PYTHON) bench/bench_python.py

# the period search of every 3-digit octal code the sparse engine serves, timed per doubling
# to 2^22 (hours; SWEEP="--to 20" or SWEEP="--sample 40" for less). Not in check.
sweep: $(TOOL)
	$(Q)python3 scripts/sweep.py --grundy $(TOOL) $(SWEEP)

# ---- reliability: sanitizers, valgrind, ThreadSanitizer, fuzzing -----------------------------
# Each builds into its own directory under $(BUILD) so objects never mix with the normal build.
# SG_TEST_QUICK=1 asks the test programs for a reduced workload (see test_scale in tests/test.h).
SAN_CC     ?= $(if $(shell command -v clang 2>/dev/null),clang,$(CC))
SAN_FLAGS  := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# the tool's checks, but for the one that measures peak resident size: the sanitizers' shadow
# memory and freed blocks held in quarantine are no part of the tool's own
SAN_CHECKS ?= $(filter-out tests/check_cli_memory.sh,$(wildcard tests/check_cli_*.sh))
# SAN_LEAKS=0 turns LeakSanitizer off (the CI gate, for the tool's checks beyond its slice: the
# leak check at each process's exit is about half of their CPU time under the sanitizers)
SAN_LEAKS  ?= 1
SAN_ASAN   := detect_leaks=$(SAN_LEAKS):allocator_may_return_null=1:strict_string_checks=1
SAN_ENV    := ASAN_OPTIONS=$(SAN_ASAN) UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
VALGRIND   ?= valgrind -q --error-exitcode=1 --leak-check=full --errors-for-leak-kinds=all \
              --suppressions=tests/valgrind.supp \
              --show-leak-kinds=all
TSAN_FLAGS := -O1 -g -fsanitize=thread
TSAN_TESTS := $(sort $(wildcard tests/test_thread*.c))
FUZZ_CC    ?= clang
FUZZ_FLAGS := -std=c99 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
              -Iinclude
FUZZ_SECONDS ?= 60
FUZZ_SOURCES := $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS := $(FUZZ_SOURCES:tests/fuzz/%.c=$(BUILD)/fuzz/%)
SUB_MAKE   := $(MAKE) --no-print-directory
# the suites' builds use every processor unless make was given -j itself
NPROC      := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
PAR_MAKE   := $(SUB_MAKE) $(if $(filter -j%,$(MAKEFLAGS)),,-j$(NPROC))

# the test programs and the tool, as built by the current settings (used by the targets below)
suite: $(TESTS) $(TOOL)

sanitize:
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/sanitize CC="$(SAN_CC)" CFLAGS="$(SAN_FLAGS)" \
	    LDFLAGS="$(SAN_FLAGS)" suite
	$(Q)$(SAN_ENV) BUILD=$(BUILD)/sanitize CHECK_SCRIPTS="$(SAN_CHECKS)" sh tests/check.sh

# the test programs and the tool's checks with vector paths off (lib/common/cpu.h), in
# build/portable and build/sse: check-portable every one (-DSG_NO_SIMD), the portable paths,
# which run on processors without SSE2, AVX2 or AVX-512BW; check-sse those past SSSE3, the paths
# of x86-64 processors without AVX2 (SSE2, and SSSE3's byte shuffle); both at full extent.
# check-sse then runs the take-and-break programs and the tool's memory check with SSSE3 off
# too (build/sse2): the kernels that read G(m - a) backwards with SSE2 alone
PORTABLE_CHECKS ?= $(wildcard tests/check_cli_*.sh)
# VARIANT_TESTS: the test programs the variants build and run (every one; the CI gate names
# those with vector paths); VARIANT_EXTENT: long (every case at full extent) or quick (reduced)
VARIANT_TESTS ?= $(TEST_SOURCES:tests/%.c=%)
VARIANT_EXTENT ?= long
# VARIANT_REUSE: the static/ directory of a build with the same CFLAGS (the CI gate's
# build/static); each variant then takes from it the objects its -D flags cannot change
# (scripts/reuse-objects.sh) and compiles only those that read them, 7 of 83
VARIANT_REUSE ?=
reuse_objects = $(if $(VARIANT_REUSE),$(Q)sh scripts/reuse-objects.sh $(VARIANT_REUSE) \
    $(BUILD)/$(1)/static $(2))
variant_env = $(if $(filter quick,$(VARIANT_EXTENT)),SG_TEST_QUICK=1,SG_TEST_LONG=1)
variant_tests = $(addprefix $(BUILD)/$(1)/tests/,$(VARIANT_TESTS))
check-portable: VARIANT_FLAGS := -DSG_NO_SIMD
check-sse: VARIANT_FLAGS := -DSG_NO_AVX2 -DSG_NO_AVX512
check-portable check-sse:
	$(call reuse_objects,$(@:check-%=%),$(VARIANT_FLAGS))
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/$(@:check-%=%) CPPFLAGS="$(CPPFLAGS) $(VARIANT_FLAGS)" \
	    $(call variant_tests,$(@:check-%=%)) $(BUILD)/$(@:check-%=%)/grundy
	$(Q)$(variant_env) BUILD=$(BUILD)/$(@:check-%=%) CHECK_SCRIPTS="$(PORTABLE_CHECKS)" \
	    TEST_PROGRAMS="$(call variant_tests,$(@:check-%=%))" sh tests/check.sh
OCTAL_TESTS := test_octal test_octal_sparse test_sequence_octal test_sequence_window_octal \
               test_threads_octal
SSE2_TESTS := $(addprefix $(BUILD)/sse2/tests/,$(filter $(VARIANT_TESTS),$(OCTAL_TESTS)))
check-sse: check-sse2
check-sse2:
	$(call reuse_objects,sse2,-DSG_NO_SSSE3 -DSG_NO_AVX2 -DSG_NO_AVX512)
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/sse2 CPPFLAGS="$(CPPFLAGS) -DSG_NO_SSSE3 -DSG_NO_AVX2 \
	    -DSG_NO_AVX512" $(SSE2_TESTS) $(BUILD)/sse2/grundy
	$(Q)$(variant_env) BUILD=$(BUILD)/sse2 CHECK_SCRIPTS=tests/check_cli_memory.sh \
	    TEST_PROGRAMS="$(SSE2_TESTS)" sh tests/check.sh
# the same on every vector path, the AVX-512BW and VBMI ones included, on any x86-64: each
# intrinsic through SIMDe's portable code (-DSG_SIMD_EMULATE, Debian's libsimde-dev) and every
# instruction set counted present (build/avx512); then the take-and-break programs as on a
# processor with AVX-512BW and without VBMI (build/avx512bw); at the shorter extents, as
# emulation is slow (VARIANT_EXTENT=quick: shorter still)
AVX512BW_TESTS := $(addprefix $(BUILD)/avx512bw/tests/,$(filter $(VARIANT_TESTS),$(OCTAL_TESTS)))
check-avx512:
	$(call reuse_objects,avx512,-DSG_SIMD_EMULATE)
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/avx512 CPPFLAGS="$(CPPFLAGS) -DSG_SIMD_EMULATE" \
	    $(call variant_tests,avx512) $(BUILD)/avx512/grundy
	$(Q)$(if $(filter quick,$(VARIANT_EXTENT)),SG_TEST_QUICK=1) BUILD=$(BUILD)/avx512 \
	    CHECK_SCRIPTS="$(PORTABLE_CHECKS)" TEST_PROGRAMS="$(call variant_tests,avx512)" \
	    sh tests/check.sh
	$(call reuse_objects,avx512bw,-DSG_SIMD_EMULATE=2)
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/avx512bw CPPFLAGS="$(CPPFLAGS) -DSG_SIMD_EMULATE=2" \
	    $(AVX512BW_TESTS)
	$(Q)$(if $(filter quick,$(VARIANT_EXTENT)),SG_TEST_QUICK=1) BUILD=$(BUILD)/avx512bw \
	    CHECK_SCRIPTS= TEST_PROGRAMS="$(AVX512BW_TESTS)" sh tests/check.sh

# the unit programs and the tool on other processors, under qemu-user (tests/cross.sh): CROSS
# names them (aarch64: little-endian, none of x86's vector paths; s390x: big-endian)
CROSS ?= aarch64 s390x
check-cross: $(TOOL)
	$(Q)+CROSS="$(CROSS)" BUILD=$(BUILD) MAKE="$(SUB_MAKE)" sh tests/cross.sh

# the programs of $(BUILD)/tests under valgrind, their scratch files in $(BUILD)/valgrind/tests
# (tests/checkpoint.h), so that it can run beside the test suite, which writes its own in
# $(BUILD)/tests. VALGRIND_SKIP: programs left out, as make patterns of their names (the gate's
# form leaves out the allocation-failure sweeps of long runs, the longest programs under valgrind)
# VALGRIND_PART=K/N: the Kth of every N programs left, so that N runs at once share the work
# (the gate runs two, one in each of two lanes)
VALGRIND_SKIP ?=
VALGRIND_PART ?= 1/1
valgrind: $(TESTS)
	@mkdir -p $(BUILD)/valgrind/tests
	$(Q)SG_TEST_QUICK=1 TEST_WRAPPER="$(VALGRIND)" CHECK_SCRIPTS= BUILD=$(BUILD)/valgrind \
	    TEST_PROGRAMS="$$(printf '%s\n' \
	        $(filter-out $(addprefix $(BUILD)/tests/,$(VALGRIND_SKIP)),$(TESTS)) | \
	        awk -v part=$(VALGRIND_PART) 'BEGIN { split(part, p, "/") } \
	            (NR - 1) % p[2] == p[1] - 1')" \
	    sh tests/check.sh

tsan:
	$(Q)$(PAR_MAKE) BUILD=$(BUILD)/tsan CC="$(SAN_CC)" CFLAGS="$(TSAN_FLAGS)" \
	    LDFLAGS="$(TSAN_FLAGS)" $(TSAN_TESTS:tests/%.c=$(BUILD)/tsan/tests/%)
	$(Q)TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1 BUILD=$(BUILD)/tsan \
	    TEST_PROGRAMS="$(TSAN_TESTS:tests/%.c=$(BUILD)/tsan/tests/%)" CHECK_SCRIPTS= sh tests/check.sh

$(BUILD)/fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz.h $(SOURCES) $(PRIVATE_HEADERS) include/sg.h
	@mkdir -p $(@D)
	@$(if $(Q),echo "  FUZZ    $@")
	$(Q)$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(SOURCES) $(FUZZ_EXTRA_$*)

$(BUILD)/fuzz/fuzz_loopy: tests/brute_loopy.h

# the tool's argument handling in process: grundy_run without the tool's main
FUZZ_EXTRA_fuzz_cli := -DGRUNDY_NO_MAIN -Itools $(TOOL_SOURCES)
$(BUILD)/fuzz/fuzz_cli: $(TOOL_SOURCES) $(wildcard tools/*.h)

fuzz: $(FUZZ_TARGETS)
	$(Q)sh tests/fuzz/run.sh "$(BUILD)/fuzz" "$(FUZZ_SECONDS)" $(FUZZ_TARGETS)

# ---- the full matrix and the release tarball (docs/testing.md) ------------------------------
# check-all: every suite above at its full extent, the tarball of `make dist` checked on its
# own, and check-long last, so that its "N passed, N failed" closes the output (hours: the
# emulated suites). The CI gate (.ci/run) runs a slice of it on every change.
check-all:
	$(Q)$(SUB_MAKE) benches
	$(Q)$(SUB_MAKE) sanitize
	$(Q)$(SUB_MAKE) valgrind
	$(Q)$(SUB_MAKE) tsan
	$(Q)$(SUB_MAKE) fuzz
	$(Q)$(SUB_MAKE) check-portable
	$(Q)$(SUB_MAKE) check-sse
	$(Q)$(SUB_MAKE) check-avx512
	$(Q)$(SUB_MAKE) check-cross
	$(Q)$(SUB_MAKE) dist-check
	$(Q)$(SUB_MAKE) check-web
	$(Q)$(SUB_MAKE) check-cram-table
	$(Q)$(SUB_MAKE) check-long

# dist: build/libsg-VERSION.tar.gz, the committed tree (HEAD, never the uncommitted edits) under
# libsg-VERSION/; dist-check unpacks it alone in a temporary directory, builds it and runs its
# `make check` there (DIST_TARGET=all: the build alone; DIST_MAKEFLAGS: settings for that make)
DIST := $(BUILD)/libsg-$(VERSION).tar.gz
dist:
	@mkdir -p $(BUILD)
	$(Q)git archive --format=tar.gz --prefix=libsg-$(VERSION)/ -o $(DIST) HEAD
	@git diff --quiet HEAD 2>/dev/null || echo "dist: uncommitted edits are not in $(DIST)" >&2
	@echo "$(DIST)"

dist-check: dist
	$(Q)MAKE="$(MAKE)" DIST_TARGET="$(DIST_TARGET)" DIST_MAKEFLAGS="$(DIST_MAKEFLAGS)" \
	    sh tests/dist.sh $(DIST)

# ---- the web page (web/README.md): libsg for wasm32, a static page, its browser test -------
# The library's files below longrun/ (no stdio, POSIX files or threads) and web/sg_web.c, for
# clang's wasm32-wasi target (Debian's clang, lld and wasi-libc; web/deps.sh installs them),
# without threads or vector paths. The page is build/web/: it loads the wasm file from a
# script that holds it in base64, as pages opened from file:// may not fetch() it.
WASM_CC      ?= clang
# (warnings stay warnings in lib/: on a 32-bit target -Wconversion names some 64-bit sizes
# narrowed to size_t; each export of web/sg_web.c has no prototype but its name)
WASM_FLAGS   := --target=wasm32-wasi -std=c99 -O2 -DSG_NO_THREADS -DSG_NO_SIMD $(WARNINGS) \
                -Iinclude
$(BUILD)/wasm/web/%.o: WASM_FLAGS += -Werror -Wno-missing-prototypes
WASM_SOURCES := $(filter-out lib/longrun/%,$(SOURCES)) web/sg_web.c
WASM_OBJECTS := $(WASM_SOURCES:%.c=$(BUILD)/wasm/%.o)
WASM         := $(BUILD)/wasm/libsg.wasm
WEB_FILES    := index.html app.js play.js draw.js rules.js style.css sg.js
.PHONY: wasm web check-web wasm-deps
wasm: $(WASM)
wasm-deps:
	$(Q)sh web/deps.sh wasm

$(BUILD)/wasm/%.o: %.c include/sg.h | wasm-deps
	@mkdir -p $(@D)
	@$(if $(Q),echo "  CC [wasm] $<")
	$(Q)$(WASM_CC) $(WASM_FLAGS) $(DEPFLAGS) -c $< -o $@

$(WASM): $(WASM_OBJECTS)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(WASM_CC) --target=wasm32-wasi -nostartfiles -Wl,--no-entry -Wl,--strip-all \
	    -Wl,-z,stack-size=1048576 -o $@ $^

web: $(addprefix $(BUILD)/web/,$(WEB_FILES) sg-wasm.js)
$(BUILD)/web/sg-wasm.js: $(WASM)
	@mkdir -p $(@D)
	$(Q){ printf 'var LIBSG_WASM_BASE64 = "'; base64 -w0 $<; printf '";\n'; } > $@.tmp && mv $@.tmp $@
$(BUILD)/web/%: web/%
	@mkdir -p $(@D)
	$(Q)cp $< $@

# the wasm build against the tool (node), then the page in headless Chromium; the pictures it
# takes stay in build/web-test/
check-web: web $(TOOL)
	$(Q)sh web/deps.sh check
	$(Q)node tests/check_web_wasm.js $(WASM) $(TOOL)
	$(Q)node tests/check_web_page.js $(BUILD)/web/index.html $(TOOL) $(BUILD)/web-test
-include $(WASM_OBJECTS:.o=.d)

# ---- install --------------------------------------------------------------------------------
INSTALL ?= install
install: all
	$(INSTALL) -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR) \
	    $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man3 \
	    $(DESTDIR)$(CMAKEDIR)
	$(INSTALL) -m 644 $(STATIC_LIB) $(DESTDIR)$(LIBDIR)/libsg.a
	$(INSTALL) -m 755 $(SHARED_LIB) $(DESTDIR)$(LIBDIR)/libsg.so.$(VERSION)
	ln -sf libsg.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libsg.so
	$(INSTALL) -m 644 include/sg.h $(DESTDIR)$(INCLUDEDIR)/sg.h
	$(INSTALL) -m 644 $(PC_FILE) $(DESTDIR)$(PKGCONFIGDIR)/sg.pc
	$(INSTALL) -m 644 $(CMAKE_FILES) $(DESTDIR)$(CMAKEDIR)/
	$(INSTALL) -m 755 $(TOOL) $(DESTDIR)$(BINDIR)/grundy
	$(if $(MAN1),$(INSTALL) -m 644 $(MAN1) $(DESTDIR)$(MANDIR)/man1/)
	$(if $(MAN3),$(INSTALL) -m 644 $(MAN3) $(DESTDIR)$(MANDIR)/man3/)

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libsg.a $(DESTDIR)$(LIBDIR)/libsg.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libsg.so \
	    $(DESTDIR)$(INCLUDEDIR)/sg.h $(DESTDIR)$(PKGCONFIGDIR)/sg.pc $(DESTDIR)$(BINDIR)/grundy \
	    $(addprefix $(DESTDIR)$(CMAKEDIR)/,$(notdir $(CMAKE_FILES))) \
	    $(addprefix $(DESTDIR)$(MANDIR)/man1/,$(notdir $(MAN1))) \
	    $(addprefix $(DESTDIR)$(MANDIR)/man3/,$(notdir $(MAN3)))

clean:
	rm -rf $(BUILD)

help:
	@echo "libsg $(VERSION) - targets:"
	@echo "  all (default)  static and shared library, sg.pc, the grundy tool"
	@echo "  lib            the libraries and sg.pc only"
	@echo "  single         build/single/sg.h: the whole library in one header (docs/contest.md)"
	@echo "  contest        build/contest/sg.h: the contest header, <= 60 KiB; PARTS=\"...\" picks"
	@echo "                 modules of scripts/parts.txt (docs/contest.md)"
	@echo "  certificates   prove, certify and verify the period of every octal game of at"
	@echo "                 most three digits (long): docs/octal-certificates.md and .json"
	@echo "  pictures       redraw the SVG pictures of docs/guide.md with the grundy tool"
	@echo "  demo           a guided tour of the theory, computed live"
	@echo "  check          build and run the whole test suite (ends 'N passed, N failed'),"
	@echo "                 its longest cases cut (about 560 CPU-seconds: 5 minutes on two idle"
	@echo "                 cores, 12 to 34 beside other builds at a load of 9-18)"
	@echo "  check-long     the same suite, every case at its full extent"
	@echo "  check-cram-table"
	@echo "                 Beling's Cram values past check-long (4 x 10: minutes of CPU, 1 GB)"
	@echo "  quick          the unit test programs only, reduced workloads (about 45 CPU-seconds)"
	@echo "  test           check, then sanitize"
	@echo "  check-all      the full matrix (hours): every suite below at full extent, dist-check,"
	@echo "                 then check-long; .ci/run, the CI gate, runs a slice (docs/testing.md)"
	@echo "  dist           build/libsg-$(VERSION).tar.gz from git archive of HEAD"
	@echo "  dist-check     unpack that tarball alone, build it and run its make check"
	@echo "  bench          build the benchmarks at -O2 and run them (libsg against plain loops)"
	@echo "  benches        build the benchmarks only"
	@echo "  sweep          time the period search of every 3-digit octal code per doubling,"
	@echo "                 2^16 to 2^22 (hours; SWEEP=\"--to 20\" for less)"
	@echo "  check-portable the test programs and CLI checks with every SIMD path off (build/portable)"
	@echo "  check-sse      the same with x86's paths past SSSE3 off: no AVX2 or AVX-512 (build/sse);"
	@echo "                 then check-sse2"
	@echo "  check-sse2     the take-and-break programs and the memory check on SSE2 alone (build/sse2)"
	@echo "  check-avx512   the same on every vector path, AVX-512 too, through SIMDe (build/avx512)"
	@echo "  check-cross    the test programs and the tool for aarch64 and s390x under qemu-user"
	@echo "  sanitize       the test programs and the tool's checks (check_cli_*) under"
	@echo "                 AddressSanitizer + UBSan (build/sanitize)"
	@echo "  valgrind       the test programs under valgrind memcheck (reduced workload)"
	@echo "  tsan           the multi-threaded tests under ThreadSanitizer (build/tsan)"
	@echo "  fuzz           libFuzzer targets in tests/fuzz, FUZZ_SECONDS=N each (default 60;"
	@echo "                 needs clang)"
	@echo "  suite          build the test programs and the tool only (as CC/CFLAGS say)"
	@echo "  install        into DESTDIR/PREFIX (default $(PREFIX)); uninstall removes the same"
	@echo "  clean          remove build/"
	@echo "Variables: CC CFLAGS CPPFLAGS LDFLAGS PREFIX DESTDIR LIBDIR INCLUDEDIR MANDIR CMAKEDIR V=1"

-include $(STATIC_OBJECTS:.o=.d) $(SHARED_OBJECTS:.o=.d) $(TESTS:=.d) $(BENCH_OBJECTS:.o=.d)
