/*
 * libsg - Sprague-Grundy values of impartial games.
 * Copyright (c) 2026 the libsg authors. MIT License (see LICENSE).
 *
 * An impartial game is a directed acyclic graph of positions; the player who cannot move loses
 * (normal play). The Sprague-Grundy value of a position x is
 *
 *     SG(x) = mex { SG(y) : y an option of x }
 *
 * where mex S is the least non-negative integer not in S. SG(x) == 0 exactly when the player to
 * move loses; a sum of games (each move changes one component) has the XOR ("nim-sum") of the
 * components' values; a Nim heap of n tokens has value n.
 *
 * libsg computes these values for any game given as a rule callback (sg_table_build for positions
 * 0..count-1, sg_memo_* for arbitrary 64-bit keys), and has fast dedicated paths for families:
 * Nim and misere Nim, nimber multiplication, subtraction games, octal and hexadecimal
 * take-and-break games, Grundy's game, with proven periods.
 *
 * This header reads in levels, each marked by a banner of #: level 1, the simple API (mex, a
 * game given by a rule, the memo, sums and their winning moves, Nim); level 2, the families
 * and the periods of any sequence; level 3, the research-grade objects (long runs, games with
 * cycles, misere play), each section saying what it needs. A program that uses only level 1
 * needs no thread, no file and no memory beyond its table or its memo.
 *
 * Conventions: fallible functions return int, SG_OK (0) or a negative SG_E* status, and write
 * results through out-parameters; functions that cannot fail return their value. The library never
 * prints, never aborts, keeps no global mutable state (every function is thread-safe on distinct
 * objects), and never keeps a caller's pointer after the call returns.
 */
#ifndef SG_H
#define SG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* SG_API marks every public function. Shared builds export only these names
 * (-fvisibility=hidden); the single-header build with SG_STATIC makes them all static. */
#ifndef SG_API
#  if defined(SG_STATIC)
#    define SG_API static
#  elif defined(_WIN32) && defined(SG_BUILD_DLL)
#    define SG_API __declspec(dllexport)
#  elif defined(_WIN32) && defined(SG_USE_DLL)
#    define SG_API __declspec(dllimport)
#  elif defined(__GNUC__) && __GNUC__ >= 4
#    define SG_API __attribute__((visibility("default")))
#  else
#    define SG_API
#  endif
#endif

/* ===================================================================================== *
 *  Version                                                                              *
 * ===================================================================================== */

#define SG_VERSION_MAJOR 0
#define SG_VERSION_MINOR 2
#define SG_VERSION_PATCH 0
#define SG_VERSION_NUMBER (SG_VERSION_MAJOR * 10000 + SG_VERSION_MINOR * 100 + SG_VERSION_PATCH)
#define SG_VERSION_STRING "0.2.0"

/* sg_version_number: the version of the library actually linked, as
 * MAJOR*10000 + MINOR*100 + PATCH (compare with SG_VERSION_NUMBER of the header).
 * @since 0.1.0 */
SG_API unsigned sg_version_number(void);

/* sg_version_string: the linked library's version as "MAJOR.MINOR.PATCH"; a static string.
 * @since 0.1.0 */
SG_API const char *sg_version_string(void);

/* ===================================================================================== *
 *  Status codes                                                                         *
 * ===================================================================================== */

/* One list, three uses: the enum below, sg_strerror's messages, and bindings' name tables. */
#define SG_STATUS_MAP(X)                                                                    \
    X(OK, 0, "success")                                                                     \
    X(EINVAL, -1, "invalid argument")                                                       \
    X(ENOMEM, -2, "out of memory or over the memory limit")                                 \
    X(ERANGE, -3, "position or size out of range")                                          \
    X(ELOOP, -4, "the game graph has a cycle")                                              \
    X(ESTOP, -5, "stopped by the callback")                                                 \
    X(EIO, -6, "a file could not be read or written")                                       \
    X(EBUSY, -7, "busy: a call on this object has not returned")                            \
    X(EGAME, -8, "the file holds another game")                                             \
    X(EFORMAT, -9, "the file is damaged or of another format version")                      \
    X(EWINDOW, -10, "a value the window dropped was needed")

#define SG_STATUS_ENUM_(name, code, text) SG_##name = (code),
enum { SG_STATUS_MAP(SG_STATUS_ENUM_) SG_STATUS_END_ = 1 };
#undef SG_STATUS_ENUM_

/* sg_strerror: a static, human-readable message for a status code; never NULL (an unknown code
 * gives "unknown status"). @since 0.1.0 */
SG_API const char *sg_strerror(int status);

/* sg_status_name: the status's symbol without its prefix, as a static string: "OK", "EINVAL",
 * ...; NULL for a code that is not in SG_STATUS_MAP. Bindings name their exceptions by it.
 * @since 0.2.0 */
SG_API const char *sg_status_name(int status);

/* ===================================================================================== *
 *  Types                                                                                *
 * ===================================================================================== */

/* A Grundy value (nimber). */
typedef uint32_t sg_value_t;

/* The sink a rule reports a position's options into (opaque, owned by the library). */
typedef struct sg_moves sg_moves_t;

/* A memo of values over 64-bit position keys (opaque; sg_memo_create / sg_memo_free). */
typedef struct sg_memo sg_memo_t;

/* A parsed take-and-break (octal or hexadecimal) code (opaque; sg_octal_parse / sg_octal_free).
 * @since 0.1.0 */
typedef struct sg_octal sg_octal_t;

/* A game rule: report every option of `position` into `out` with sg_move_to, sg_move_to_sum or
 * sg_move_value, then return 0. A non-zero return stops the computation, which then returns
 * SG_ESTOP. The rule must be a pure function of the position: the engine may call it more than
 * once for the same position, and it is only called while the function that took it runs. */
typedef int (*sg_rule_fn)(void *user, uint64_t position, sg_moves_t *out);

/* A period of a sequence G(0), G(1), ...: when `proven` is 1, G(n + period) == G(n) + saltus for
 * every n >= preperiod, `period` is the least such period and `preperiod` the least such start
 * (preperiod - 1 is the last exception); `saltus` is 0 for plain periodicity. When `proven` is 0
 * the other fields are only a hint read off the computed prefix. */
typedef struct {
    uint64_t preperiod;
    uint64_t period;
    sg_value_t saltus;
    int proven;
} sg_period_t;

/* One Nim move: heap index `heap` goes down to `new_size` tokens. */
typedef struct {
    size_t heap;
    uint64_t new_size;
} sg_nim_move_t;

/* A memory allocator for objects that take one (in sg_memory_t). `alloc` returns NULL on
 * failure; `free` accepts NULL. `user` is passed to both. A NULL sg_allocator_t pointer means the
 * C library's malloc and free. @since 0.1.0 */
typedef struct {
    void *(*alloc)(void *user, size_t size);
    void (*free)(void *user, void *ptr);
    void *user;
} sg_allocator_t;

/* How an object gets its memory: the one way to pass a cap and an allocator, taken by the
 * _with form of every constructor of an object that holds memory (sg_memo_create_with,
 * sg_misere_memo_create_with, sg_misere_octal_create_with, sg_loopy_build_with,
 * sg_loopy_build_graph_with, sg_loopy_explore_with). A NULL pointer, or a zeroed struct, means
 * malloc/free and no cap. The struct is read during the call only (copied into the object).
 *   allocator  alloc and free both NULL: the C library's malloc and free; both set: these,
 *              with their user; one without the other is SG_EINVAL
 *   max_bytes  cap on all the memory the object holds at any moment, its scratch included
 *              (0: no cap); what would pass it fails with SG_ENOMEM
 * The constructors that take (max_bytes, allocator) as two arguments (sg_memo_create_ex,
 * sg_misere_memo_create, sg_misere_octal_create, sg_loopy_build_ex, sg_loopy_explore) are
 * kept until 1.0: each _with form is the same call, and new code should use it.
 * @since 0.2.0 */
typedef struct {
    sg_allocator_t allocator;
    size_t max_bytes;
} sg_memory_t;

/* ##################################################################################### *
 *  LEVEL 1: THE SIMPLE API                                                              *
 *  mex; any game given by a rule, over a table of positions 0..count-1 or a memo over   *
 *  64-bit keys; sums and their winning moves; Nim. Needs the C library only: no thread, *
 *  no file; memory is the caller's table, scratch freed before a call returns, or what a *
 *  memo holds (capped on request). Most programs need nothing else.                     *
 * ##################################################################################### */

/* ===================================================================================== *
 *  mex                                                                                  *
 * ===================================================================================== */

/* sg_mex: the minimum excludant of values[0..count): the least non-negative integer that is not
 * among them. Duplicates and values larger than `count` (which can never matter: the mex of k
 * values is at most k) are allowed. Never allocates, never fails; values may be NULL when count
 * is 0 (the mex of the empty set is 0). A NULL `values` with count > 0 is treated as empty.
 * @return the mex. @since 0.1.0 */
SG_API sg_value_t sg_mex(const sg_value_t *values, size_t count);

/* ===================================================================================== *
 *  Games given by a rule                                                                *
 * ===================================================================================== */

/* sg_table_build: table[p] = SG(p) for every position p in [0, count), where the options of p
 * are what rule(user, p, out) reports. Options may be any position of the table, larger ones
 * too: dependencies are resolved with an explicit stack (no recursion, so chains of any length
 * are fine). When every option is smaller than its position, the work is one straight loop.
 * @param table  caller's buffer of `count` values; on failure its contents are unspecified
 * @param count  number of positions (0 is allowed and does nothing)
 * @param rule   the game's rule
 * @param user   passed to the rule untouched
 * @return SG_OK; SG_EINVAL (NULL table with count > 0, NULL rule); SG_ERANGE (an option outside
 *         [0, count)); SG_ELOOP (the options form a cycle); SG_ESTOP (the rule returned
 *         non-zero); SG_ENOMEM (scratch memory could not be had, or its size overflows).
 * @since 0.1.0 */
SG_API int sg_table_build(sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user);

/* sg_move_to: report a move to `position` of the same game. @since 0.1.0 */
SG_API void sg_move_to(sg_moves_t *out, uint64_t position);

/* sg_move_to_sum: report a move to the sum of `count` positions of the same game (a heap split
 * into parts); its value is the XOR of the parts' values. count 0 is a move to the empty sum
 * (value 0); positions may be NULL only when count is 0. @since 0.1.0 */
SG_API void sg_move_to_sum(sg_moves_t *out, const uint64_t *positions, size_t count);

/* sg_move_value: report a move to a game whose Grundy value the caller already knows (for
 * instance a sum with a component of another game). @since 0.1.0 */
SG_API void sg_move_value(sg_moves_t *out, sg_value_t value);

/* The sinks return nothing: a problem inside them (an option out of range, no memory) is kept
 * and returned by the function that ran the rule. A NULL `out` is ignored. */

/* sg_memo_create: a memo of SG values for a game whose positions are arbitrary 64-bit keys (a
 * hashed or encoded state: Wythoff's (x, y), a board bitmask, a tuple of heaps).
 * @param memo  receives the new memo (set to NULL on failure)
 * @return SG_OK, SG_EINVAL (NULL memo or rule), SG_ENOMEM. Free with sg_memo_free.
 * @since 0.1.0 */
SG_API int sg_memo_create(sg_memo_t **memo, sg_rule_fn rule, void *user);

/* sg_memo_create_ex: sg_memo_create with a memory cap and an allocator (kept until 1.0: the
 * same as sg_memo_create_with).
 * @param max_bytes  cap on all memory the memo holds (0: no cap). A computation that would need
 *                   more fails with SG_ENOMEM; what was stored stays, and the memo stays usable.
 * @param allocator  NULL for malloc/free; otherwise copied into the memo
 * @since 0.1.0 */
SG_API int sg_memo_create_ex(sg_memo_t **memo, sg_rule_fn rule, void *user, size_t max_bytes,
                             const sg_allocator_t *allocator);

/* sg_memo_create_with: sg_memo_create with its memory as `memory` says (sg_memory_t: a cap and
 * an allocator; NULL for malloc/free and no cap). A computation that would pass the cap fails
 * with SG_ENOMEM; what was stored stays, and the memo stays usable.
 * @return SG_OK; SG_EINVAL (NULL memo or rule, an allocator with one of its two functions);
 *         SG_ENOMEM. @since 0.2.0 */
SG_API int sg_memo_create_with(sg_memo_t **memo, sg_rule_fn rule, void *user,
                               const sg_memory_t *memory);

/* sg_memo_value: *value = SG(position), computing and storing what is needed. Options may be any
 * keys; dependencies are resolved with an explicit stack.
 * The memo's own rule must not ask the same memo (another memo is fine): such an inner call is
 * refused with SG_EBUSY and makes the running call fail with SG_EBUSY too, whatever the rule
 * reports after it, so no value is ever computed around it. sg_memo_count and sg_memo_bytes
 * may be read from the rule. Not for two threads at once (nothing locks).
 * @return SG_OK; SG_EINVAL (NULL memo or value); SG_ELOOP (a cycle); SG_ESTOP (the rule returned
 *         non-zero); SG_ENOMEM (no memory or the cap is reached); SG_EBUSY (called from the
 *         memo's own rule; or the rule asked or freed the memo: after a free from the rule the
 *         memo is gone when this call returns). On failure *value is untouched and the memo
 *         stays usable (values already proven are kept).
 * @since 0.1.0 (SG_EBUSY since 0.2.0) */
SG_API int sg_memo_value(sg_memo_t *memo, uint64_t position, sg_value_t *value);

/* sg_memo_count: how many positions have a stored value. sg_memo_bytes: memory held now.
 * Both return 0 for NULL. @since 0.1.0 */
SG_API uint64_t sg_memo_count(const sg_memo_t *memo);
SG_API size_t sg_memo_bytes(const sg_memo_t *memo);

/* sg_memo_free: frees the memo and everything it holds. NULL-safe. Called from the memo's own
 * rule, the free waits for the running sg_memo_value, which then frees the memo and returns
 * SG_EBUSY; the memo must not be used after that call returns. @since 0.1.0 */
SG_API void sg_memo_free(sg_memo_t *memo);

/* sg_winning_move: in the sum of positions components[0..ncomponents) of one game (rule, with
 * its complete table of `count` values), find a move to nim-sum 0. The move is in the
 * lowest-index component that has one (a component may win by moving to a larger value, so the
 * rule is called for each component in turn until one has it); *option is the move's index among
 * the options the rule reports for that component (counting every sink call from 0).
 * @return 1 (found: *component and *option set); 0 (the sum's value is 0: the player to move
 *         loses; nothing written); SG_EINVAL (NULL argument, or the rule does not match the
 *         table); SG_ERANGE (a component or option outside the table); SG_ESTOP.
 * @since 0.1.0 */
SG_API int sg_winning_move(const sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user,
                           const uint64_t *components, size_t ncomponents, size_t *component,
                           size_t *option);

/* ===================================================================================== *
 *  Nim                                                                                  *
 * ===================================================================================== */

/* nim_sum: XOR of heaps[0..count); 0 for an empty or NULL list. @since 0.1.0 */
SG_API uint64_t nim_sum(const uint64_t *heaps, size_t count);

/* nim_winning_move: a move of normal-play Nim to nim-sum 0, on the lowest-index heap that has
 * one. heap and new_size may each be NULL (that part of the move is not wanted): the outcome
 * is returned all the same.
 * @return 1 (found: *heap, *new_size set), 0 (nim-sum 0: the player to move loses),
 * SG_EINVAL (NULL heaps with count > 0). @since 0.1.0 */
SG_API int nim_winning_move(const uint64_t *heaps, size_t count, size_t *heap, uint64_t *new_size);

/* nim_winning_moves: every winning move of normal-play Nim (one per heap at most), in heap
 * order. The first min(total, cap) are written to moves (which may be NULL when cap is 0);
 * *total receives how many there are (total may be NULL). @return 1 (there are winning
 * moves), 0 (none), SG_EINVAL (NULL heaps with count > 0, NULL moves with cap > 0).
 * @since 0.1.0 */
SG_API int nim_winning_moves(const uint64_t *heaps, size_t count, sg_nim_move_t *moves,
                             size_t cap, size_t *total);

/* nim_misere_winning_move: misere Nim (the player who takes the last token loses). The player to
 * move loses iff (some heap > 1 and nim-sum == 0) or (every heap <= 1 and nim-sum == 1).
 * @return 1 with a winning move (lowest heap index that has one); 1 with *heap == count and
 *         *new_size == 0 when the position has no token (the opponent took the last one: the
 *         player to move has already won); 0 when the player to move loses; SG_EINVAL (NULL
 *         heaps with count > 0). heap and new_size may each be NULL: the outcome is the same.
 * @since 0.1.0 */
SG_API int nim_misere_winning_move(const uint64_t *heaps, size_t count, size_t *heap,
                                   uint64_t *new_size);

/* nim_misere_outcome: the outcome of misere Nim without a move: 1 when the player to move wins
 * (also with no token left), 0 when they lose, SG_EINVAL (NULL heaps with count > 0).
 * @since 0.2.0 */
SG_API int nim_misere_outcome(const uint64_t *heaps, size_t count);

/* nim_mul: the product of a and b in the field of nimbers below 2^64 (addition is XOR).
 * @since 0.1.0 */
SG_API uint64_t nim_mul(uint64_t a, uint64_t b);

/* ##################################################################################### *
 *  LEVEL 2: GAME FAMILIES                                                               *
 *  Fast dedicated paths for known families, each giving the values the rule engine of   *
 *  level 1 gives: subtraction games, take-and-break games, splitting games, closed forms, *
 *  the nimber field; then the periods of any sequence. No thread, no file; memory is the *
 *  caller's table and scratch freed before a call returns (a parsed code is the one     *
 *  object kept).                                                                        *
 * ##################################################################################### */

/* ===================================================================================== *
 *  Subtraction games                                                                    *
 * ===================================================================================== */

/* sg_subtraction_table: table[n] = SG(n) for n < count in the subtraction game S =
 * moves[0..nmoves): a move takes s tokens, s in S, s <= n. Order and duplicates in S do not
 * matter. Once the period is proven the rest of the table is filled by copying.
 * @return SG_OK; SG_EINVAL (NULL pointers, nmoves == 0, a zero move); SG_ENOMEM. @since 0.1.0 */
SG_API int sg_subtraction_table(sg_value_t *table, uint64_t count, const uint64_t *moves,
                                size_t nmoves);

/* sg_subtraction_period: the exact least preperiod and period of the subtraction game S (always
 * periodic, with saltus 0: the last max(S) values determine the next, so a repeated window is a
 * proof); period->proven = 1. Every field of *period is written on every path (0 on error).
 * @return SG_OK; SG_EINVAL (as above); SG_ENOMEM (no memory, or the search would hold more than
 *         2^28 values: always so when max(S) > 2^26).
 * @since 0.1.0 */
SG_API int sg_subtraction_period(const uint64_t *moves, size_t nmoves, sg_period_t *period);

/* sg_allbut_table: table[n] = SG(n) for n < count in the all-but subtraction game: a move takes
 * any positive number k <= n of tokens, except the k in the finite set excluded[0..nexcluded).
 * nexcluded 0 (excluded may then be NULL) is Nim: table[n] = n. Order and duplicates in the set
 * do not matter. Values can grow with n (they are at most n). O(count * nexcluded) time, O(count)
 * scratch memory.
 * @return SG_OK; SG_EINVAL (NULL table with count > 0, NULL excluded with nexcluded > 0, a zero
 *         in the set); SG_ERANGE (count >= 2^32: a value could exceed sg_value_t); SG_ENOMEM.
 * @since 0.1.0 */
SG_API int sg_allbut_table(sg_value_t *table, uint64_t count, const uint64_t *excluded,
                           size_t nexcluded);

/* sg_allbut_period: the least preperiod, period and saltus of the all-but game, proven.
 * All-but games are arithmetic-periodic, G(n + period) == G(n) + saltus for n >= preperiod
 * (A. Siegel, "Finite excluded subtraction sets and infinite modular Nim", M.Sc. thesis,
 * Dalhousie University, 2005). A found pattern is proven by this lemma (proof in
 * lib/games/subtraction/allbut.c): with m = max(excluded) and Low(N) = { G(j) : j < N - m }, if
 * G(n + p) == G(n) + s for n0 <= n < n0 + L, L >= max(m, p), every v < s and every G(j) + s,
 * j < n0, is in Low(n0 + L + p), and G(j) - s is in Low(n0 + L) for every j < n0 + p with
 * G(j) >= s, then G(n + p) == G(n) + s for every n >= n0. Values below `limit` (at most 2^32)
 * are computed, doubling from 64, until a proof arrives; without one, proven = 0 and the other
 * fields are the pattern the last table shows (as sg_table_pattern), or 0. Every field is
 * written on every path. nexcluded 0 is Nim: preperiod 0, period 1, saltus 1.
 * @return SG_OK; SG_EINVAL (NULL period, NULL excluded with nexcluded > 0, a zero in the set);
 *         SG_ENOMEM. @since 0.2.0 */
SG_API int sg_allbut_period(const uint64_t *excluded, size_t nexcluded, uint64_t limit,
                            sg_period_t *period);

/* ===================================================================================== *
 *  Take-and-break (octal and hexadecimal) games                                         *
 * ===================================================================================== */

/* The most digits a code may have after the dot (trailing zeros included). */
#define SG_OCTAL_MAX_DIGITS 64

/* sg_octal_parse: parse a code d0.d1d2d3... Digit d_i (octal 0-7, or hexadecimal 0-f) says what
 * a move that removes exactly i tokens from one heap may leave: bit 1, nothing (the heap had
 * exactly i tokens); bit 2, one non-empty heap; bit 4, two non-empty heaps; bit 8 (hexadecimal),
 * three non-empty heaps. d0 may only be 0 or 4 (split a heap in two without removing). "0.07",
 * ".07" and "0.070" are the same game.
 * Accepted form: an optional d0 ('0' or '4'), a '.', then 1 to SG_OCTAL_MAX_DIGITS digits
 * 0-9, a-f or A-F, nothing else (no sign, no blank). Trailing zeros are allowed and ignored. A
 * code with no move at all ("0.0") is a valid game whose values are all 0.
 * @param code  NUL-terminated code
 * @param game  receives the new game (NULL on failure); free it with sg_octal_free
 * @return SG_OK, SG_EINVAL (NULL argument or malformed code), SG_ENOMEM. @since 0.1.0 */
SG_API int sg_octal_parse(const char *code, sg_octal_t **game);

/* sg_octal_parse_ex: sg_octal_parse that also says where and why a code is malformed.
 * @param error_offset   if not NULL: on SG_EINVAL for a malformed code, the offset in `code`
 *                       of the offending character (the length of the code when something is
 *                       missing at its end); 0 otherwise
 * @param error_message  if not NULL: a static English message for the problem ("" on success)
 * Malformed codes: empty; no '.'; more than one character before the '.'; d0 other than 0 or
 * 4; a character that is not a hexadecimal digit; no digit after the '.'; more than
 * SG_OCTAL_MAX_DIGITS digits.
 * @return as sg_octal_parse. @since 0.1.0 */
SG_API int sg_octal_parse_ex(const char *code, sg_octal_t **game, size_t *error_offset,
                             const char **error_message);

/* sg_octal_format: write the canonical code of a game to buf: d0, '.', then d1..dt where t is
 * the last non-zero digit ("0.0" or "4.0" when there is none), hexadecimal digits in lower case:
 * "0.07", "4.07", "0.f". parse(format(g)) is the same game.
 * @param buf   receives the NUL-terminated code; at most `size` bytes are written
 * @return SG_OK; SG_EINVAL (NULL game, NULL buf with size > 0); SG_ERANGE (the code and its NUL
 *         do not fit in size bytes: buf then holds a NUL-terminated prefix when size > 0).
 *         SG_OCTAL_MAX_DIGITS + 3 bytes always suffice. @since 0.1.0 */
SG_API int sg_octal_format(const sg_octal_t *game, char *buf, size_t size);

/* sg_octal_max_parts: the largest number of non-empty heaps one move can leave in place of
 * the heap it was made on: 0 (only whole heaps can be taken, or no move), 1, 2, or 3 (a
 * hexadecimal digit with bit 8). -1 for NULL. @since 0.1.0 */
SG_API int sg_octal_max_parts(const sg_octal_t *game);

/* sg_octal_table: table[n] = G(n), n < count, for the parsed game. Exact for every code; once
 * the Guy-Smith theorem proves a period (see sg_octal_period) the rest of the table is filled by
 * copying, and once a growing game's arithmetic period is proven, by G(n) = G(n - q) + s.
 * @return SG_OK, SG_EINVAL (NULL game, NULL table with count > 0), SG_ERANGE (a growing value
 * past sg_value_t), SG_ENOMEM. @since 0.1.0 */
SG_API int sg_octal_table(const sg_octal_t *game, sg_value_t *table, uint64_t count);

/* A proof record of sg_octal_prove.
 *   period          as sg_octal_period gives it (least preperiod and period when proven)
 *   computed        G(0 .. computed-1) were computed
 *   checked_from,   [checked_from, checked_to): the range of n over which G(n + q) == G(n) was
 *   checked_to      verified, q = proof_period, to apply the periodicity theorem (G(n + q) ==
 *                   G(n) + saltus*q/period for the arithmetic-periodicity test); 0, 0 when
 *                   nothing is proven
 *   exceptions      how many n < preperiod have G(n) != G(n + K*period) - K*saltus for large K
 *                   (n differs from the eventual pattern's value); 0 when nothing is proven
 *   last_exception  preperiod - 1, or UINT64_MAX when there is none (or nothing is proven)
 *   max_value       the largest of the computed values, max_at its least position
 *   proof_period    the period the theorem was applied with: a multiple of period (usually
 *                   period itself); 0 when nothing is proven
 * The theorem, as applied: if G(n + q) == G(n) for every n with n0 <= n < E, then G(n + q) ==
 * G(n) for every n >= n0, where, with n1 = max(n0, 1) and t the index of the last non-zero digit,
 * E = 2*n1 + q + t, or E = 3*n1 + 2*q + t when a digit has bit 8 (a move can leave three heaps).
 * d0 = 4 counts as a split removing 0 tokens; it changes nothing else. For values that grow,
 * the arithmetic-periodicity test is described with sg_octal_period. @since 0.1.0 */
typedef struct {
    sg_period_t period;
    uint64_t computed;
    uint64_t checked_from;
    uint64_t checked_to;
    uint64_t exceptions;
    uint64_t last_exception;
    sg_value_t max_value;
    uint64_t max_at;
    uint64_t proof_period;
} sg_octal_proof_t;

/* sg_octal_period: compute values of the game for heap sizes below `limit` (at most `limit`
 * values) and stop as soon as a period is proven (Guy-Smith periodicity theorem, in the form
 * given with sg_octal_proof_t; or, for values that grow, the arithmetic-periodicity test below);
 * then *period holds the least preperiod, the least period and its saltus (0 for plain
 * periodicity), proven = 1. If no proof arrives within `limit` values, proven = 0 and the other
 * fields are a hint: the p and n0 with G(n + p) == G(n) for n0 <= n < computed - p, n0 as small
 * as possible and then p, among the p for which that stretch spans at least three periods and
 * a quarter of the computed values (all 0 when there is none). A period is never claimed
 * without a proof: games whose period is unknown (Officers 0.6, Treblecross 0.007) stay at
 * proven = 0. Octal games (finitely many digits) are never arithmetic-periodic with a non-zero
 * saltus (D. G. Horrocks, R. J. Nowakowski, "Regularity in the G-sequences of octal games with
 * a pass", INTEGERS 3 (2003)), so a proven period of an octal game has saltus 0. Hexadecimal
 * games (a digit with bit 8) can grow: G(n + p) == G(n) + s (S. Howse, R. J. Nowakowski,
 * "Periodicity and arithmetic-periodicity in hexadecimal games", Theoret. Comput. Sci. 313
 * (2004) 463-472). Those are proven by this library's own arithmetic-periodicity test (its
 * statement and proof open lib/games/octal/octal_saltus.c), tried at every check on the way:
 *   s = 2^m, n0 >= 1, G(x) < s for every x < n0 + p; G(n + p) == G(n) + s for n0 <= n < E;
 *   and for each residue rho in [n0, n0 + p), over the groups of options of a heap rho + H*p
 *   (what is removed, the parts below n0, the residues of the others; in a group the others'
 *   h = (x - r(x))/p sum to H + c), conditions on c that hold for every H: every value below
 *   s*H reached, every one of s*H .. s*H + G(rho) - 1 reached, s*H + G(rho) never; E is where
 *   every group is present and n > 3*n0 + t.
 * The test follows the carries of the XOR in the high bits; a check over a range linear in n0,
 * p and t alone would prove nothing: 0.8b has G(n + 2) == G(n) + 1 for 0 <= n < 13 (s = 1 >
 * G(0) = G(1) = 0), then G(15) = 8. When it proves nothing (0.8b: its first values reach its
 * saltus 4) the hint (proven = 0) may carry a saltus: the pattern the computed values show (as
 * sg_table_pattern). The test is tried for p <= 4096, s <= 4096, and a bounded amount of work.
 * Time O(m^2) for m computed values (O(m^3) with a hexadecimal digit of bit 8), memory O(m).
 * @return SG_OK, SG_EINVAL (NULL argument), SG_ENOMEM. @since 0.1.0 */
SG_API int sg_octal_period(const sg_octal_t *game, uint64_t limit, sg_period_t *period);

/* sg_octal_prove: sg_octal_period with the full record of the proof (see sg_octal_proof_t).
 * @return SG_OK, SG_EINVAL (NULL argument), SG_ENOMEM. @since 0.1.0 */
SG_API int sg_octal_prove(const sg_octal_t *game, uint64_t limit, sg_octal_proof_t *proof);

/* sg_octal_free: NULL-safe. @since 0.1.0 */
SG_API void sg_octal_free(sg_octal_t *game);

/* ===================================================================================== *
 *  Splitting games                                                                      *
 * ===================================================================================== */

/* sg_grundy_game_table: Grundy's game, where a move splits one heap into two non-empty heaps of
 * different sizes: table[n] = G(n) for n < count (G(0) = G(1) = G(2) = 0). No period is known
 * for this game, and none is claimed. Small tables use the plain kernel (n/2 splits per heap);
 * from a few thousand heaps on, the sparse-space engine (rare and common values under a mask
 * chosen from the values so far) makes each heap cost about the number of rare positions, which
 * stays in the low thousands up to 2^26 or so. Both give exactly the same values.
 * @param table  caller's buffer of `count` values (NULL only when count is 0)
 * Scratch memory: one byte per value (two once a value reaches 256, at n = 7250049) and a few
 * KiB; for runs longer than a table of sg_value_t, see sg_sequence_*.
 * @return SG_OK; SG_EINVAL (NULL table with count > 0); SG_ENOMEM (scratch memory).
 * @since 0.1.0 */
SG_API int sg_grundy_game_table(sg_value_t *table, uint64_t count);

/* ===================================================================================== *
 *  Closed forms                                                                         *
 * ===================================================================================== */

/* Games whose outcome, winning moves or values follow from a formula, for heaps of up to
 * SG_CLOSED_MAX = 2^63 tokens: a larger heap gets SG_ERANGE, never a wrong answer. The
 * "winning move" functions return 1 when the player to move wins (the move is written to the
 * outputs, each of which may be NULL when only the outcome is wanted), 0 when the player to move
 * loses, and a negative status on bad input; tests/ checks each against a game-tree search. */
#if defined(__cplusplus)
#  define SG_U64_(x) (static_cast<uint64_t>(x))   /* no old-style cast in C++ code */
#else
#  define SG_U64_(x) ((uint64_t)(x))
#endif
#define SG_CLOSED_MAX (SG_U64_(1) << 63)

/* sg_wythoff_winning_move: Wythoff's game on heaps x and y (a move takes tokens from one heap,
 * or the same number from both). The P-positions are (a_k, a_k + k) and (a_k + k, a_k) with
 * a_k = floor(k phi), phi the golden ratio, computed in exact integer arithmetic.
 * @param new_x, new_y  receive the heaps after a winning move (either may be NULL)
 * @return 1 (N: the player to move wins), 0 (P), SG_ERANGE (x or y > SG_CLOSED_MAX).
 * @since 0.2.0 */
SG_API int sg_wythoff_winning_move(uint64_t x, uint64_t y, uint64_t *new_x, uint64_t *new_y);

/* sg_wythoff_pair: the k-th P-position (a, b) of Wythoff's game with a <= b: a = floor(k phi),
 * b = a + k; k = 0 gives (0, 0). Either output may be NULL.
 * @return SG_OK; SG_ERANGE (b would exceed SG_CLOSED_MAX). @since 0.2.0 */
SG_API int sg_wythoff_pair(uint64_t k, uint64_t *a, uint64_t *b);

/* sg_wythoff_table: the Sprague-Grundy values of Wythoff's game, table[x * cols + y] = G(x, y)
 * for x < rows, y < cols (needed for sums of Wythoff games, whose values have no known formula).
 * O(rows * cols * (rows + cols)) time, O(rows + cols) scratch memory.
 * @return SG_OK; SG_EINVAL (NULL table with rows, cols > 0); SG_ERANGE (rows * cols does not
 *         fit in memory's address range, or max(rows, cols) > 2^31 / 3); SG_ENOMEM.
 * @since 0.2.0 */
SG_API int sg_wythoff_table(sg_value_t *table, uint64_t rows, uint64_t cols);

/* sg_moore_nim_winning_move: Moore's Nim_k on heaps[0..count): a move takes tokens from at
 * least one and at most k heaps. The player to move loses iff in every bit position the number
 * of heaps with that bit set is a multiple of k + 1 (k = 1 is Nim).
 * @param new_heaps  NULL, or room for count heaps: receives the heaps after a winning move (at
 *                   most k of them smaller, the others unchanged)
 * @return 1 (N), 0 (P), SG_EINVAL (k == 0, NULL heaps with count > 0), SG_ERANGE (a heap >
 *         SG_CLOSED_MAX). @since 0.2.0 */
SG_API int sg_moore_nim_winning_move(const uint64_t *heaps, size_t count, uint64_t k,
                                     uint64_t *new_heaps);

/* sg_staircase_nim_value: staircase Nim, stairs[i] coins on stair i (stair 0 is the ground; a
 * move carries one or more coins from stair i >= 1 to stair i - 1). Its value is the XOR of the
 * odd stairs' counts (the even stairs do not matter).
 * @param value  receives it (may be NULL)
 * @return SG_OK; SG_EINVAL (NULL stairs with count > 0); SG_ERANGE (a count > SG_CLOSED_MAX).
 * @since 0.2.0 */
SG_API int sg_staircase_nim_value(const uint64_t *stairs, size_t count, uint64_t *value);

/* sg_staircase_nim_winning_move: a winning move of staircase Nim: carry *coins coins from stair
 * *stair (odd) down to *stair - 1. Either output may be NULL.
 * @return 1 (N), 0 (P), SG_EINVAL, SG_ERANGE (as sg_staircase_nim_value). @since 0.2.0 */
SG_API int sg_staircase_nim_winning_move(const uint64_t *stairs, size_t count, size_t *stair,
                                         uint64_t *coins);

/* sg_anti_sg_winning_move: anti-SG play (the player who cannot move wins) of a sum whose
 * components have the Sprague-Grundy values values[0..count). By the SJ theorem (Jia Zhihao,
 * 2009), valid when the sum ends as soon as every component has value 0 (for instance when each
 * component game's positions of value 0 have no move, as in misere Nim), the player to move wins
 * iff (the nim-sum is not 0 and some value is > 1) or (the nim-sum is 0 and no value is > 1).
 * @param component, value  receive a winning move: component *component goes to an option of
 *                          value *value (always lower than its own); *component == count when
 *                          every value is 0 (the player to move has no move and has won).
 *                          Either may be NULL.
 * @return 1 (N), 0 (P), SG_EINVAL (NULL values with count > 0). @since 0.2.0 */
SG_API int sg_anti_sg_winning_move(const uint64_t *values, size_t count, size_t *component,
                                   uint64_t *value);

/* sg_fibonacci_nim_winning_move: Fibonacci Nim with n tokens when the player to move may take
 * 1 .. min(max_take, n) of them (first move of the game: max_take = n - 1; afterwards twice what
 * the opponent just took). The player to move wins iff the smallest term of the Zeckendorf
 * representation of n is at most max_take, and taking it wins.
 * @param take  receives the tokens to take (may be NULL)
 * @return 1 (N), 0 (P; also n == 0 or max_take == 0), SG_ERANGE (n > SG_CLOSED_MAX).
 * @since 0.2.0 */
SG_API int sg_fibonacci_nim_winning_move(uint64_t n, uint64_t max_take, uint64_t *take);

/* Coin-turning games: coins in a row; a move turns over a set of coins the rule allows, the
 * rightmost from heads to tails. A position's value is the XOR of the values of its heads. */
#define SG_COIN_TWINS 0         /* turn exactly two coins; places 0, 1, ...: value n */
#define SG_COIN_RULER 1         /* turn a run of coins ending at n; places 1, 2, ...: n & -n */
#define SG_COIN_MOCK_TURTLES 2  /* turn one, two or three; places 0, 1, ...: the n-th odious
                                   number (odd number of one bits), 1, 2, 4, 7, 8, 11, ... */

/* sg_coin_value: the value of a single head at place n of the coin-turning game `game`
 * (SG_COIN_*).
 * @param value  receives it (may be NULL)
 * @return SG_OK; SG_EINVAL (unknown game); SG_ERANGE (n > SG_CLOSED_MAX, n == 0 for the ruler,
 *         n >= SG_CLOSED_MAX for Mock Turtles, whose value would pass 2^64 - 1).
 * @since 0.2.0 */
SG_API int sg_coin_value(int game, uint64_t n, uint64_t *value);

/* sg_tartan_value: the value of a head at (x, y) in the product of two coin-turning games (a
 * move turns the coins of A x B for moves A of game_x and B of game_y): by the Tartan theorem,
 * nim_mul(sg_coin_value(game_x, x), sg_coin_value(game_y, y)). Twins x Twins is Turning
 * Corners; Ruler x Ruler is Rugs.
 * @return SG_OK; SG_EINVAL; SG_ERANGE (as sg_coin_value). @since 0.2.0 */
SG_API int sg_tartan_value(int game_x, uint64_t x, int game_y, uint64_t y, uint64_t *value);

/* sg_welter_value: Welter's game, coins at the distinct places coins[0..count) of a strip (a
 * move takes one coin to any lower free place; places below SG_CLOSED_MAX = 2^63). Its value is
 * Welter's function (Conway, On Numbers and Games, ch. 13; Winning Ways, ch. 15), computed by
 * Sato's closed form: the XOR of the places and, for each pair of coins a != b, of
 * 2^(v + 1) - 1, v the exponent of the largest power of 2 dividing a - b. O(count^2) time, no
 * memory. For two coins it is (a XOR b) - 1.
 * @param value  receives it (may be NULL)
 * @return SG_OK; SG_EINVAL (NULL coins with count > 0, two coins at one place); SG_ERANGE (a
 *         place >= SG_CLOSED_MAX). @since 0.3.0 */
SG_API int sg_welter_value(const uint64_t *coins, size_t count, uint64_t *value);

/* sg_welter_winning_move: a move of Welter's game to a position of value 0: coin *coin goes
 * down to place *to (free, below its place). Built bit by bit from the lowest bit: for each
 * coin the only place that gives value 0 (O(64 count^2) time in all, no memory). Either output
 * may be NULL.
 * @return 1 (N), 0 (P), SG_EINVAL, SG_ERANGE (as sg_welter_value). @since 0.3.0 */
SG_API int sg_welter_winning_move(const uint64_t *coins, size_t count, size_t *coin,
                                  uint64_t *to);

/* sg_hackenbush_value: Green Hackenbush on a multigraph: vertices 0 .. vertices - 1, vertex 0
 * the ground, edge i joining ends[2i] and ends[2i + 1] (loops and repeated edges allowed). A
 * move deletes an edge; whatever is then no longer joined to the ground falls (edges never
 * joined to it count for nothing). The value comes from the fusion principle (the vertices of a
 * cycle fuse into one, its edges becoming loops, each a stalk of value 1) and the colon
 * principle (a vertex's value is the XOR of its branches, a bridge to a subtree of value v
 * counting v + 1): Winning Ways, ch. 7. One iterative depth-first search finds the bridges:
 * O(vertices + edges) time and memory, no recursion.
 * @param value  receives it (may be NULL)
 * @return SG_OK; SG_EINVAL (vertices == 0, NULL ends with edges > 0); SG_ERANGE (an end >=
 *         vertices; vertices == UINT32_MAX); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_hackenbush_value(uint32_t vertices, const uint32_t *ends, size_t edges,
                               uint64_t *value);

/* sg_hackenbush_winning_move: a move of Green Hackenbush to value 0: deleting edge *edge (may
 * be NULL). Tries the edges in order, each by sg_hackenbush_value's search: O(edges *
 * (vertices + edges)) time, O(vertices + edges) memory.
 * @return 1 (N), 0 (P), or the errors of sg_hackenbush_value. @since 0.3.0 */
SG_API int sg_hackenbush_winning_move(uint32_t vertices, const uint32_t *ends, size_t edges,
                                      size_t *edge);

/* ===================================================================================== *
 *  The nimber field                                                                     *
 * ===================================================================================== */

/* The nonzero nimbers below 2^64 form a cyclic group of order SG_NIM_GROUP_ORDER = 2^64 - 1 =
 * 3 * 5 * 17 * 257 * 641 * 65537 * 6700417, and SG_NIM_PRIMITIVE generates it (its order,
 * nim_order, is 2^64 - 1). Elements below 2^(2^i) form the subfields GF(2^(2^i)); no element
 * below 2^32 is primitive, and 2^32 + 6 is the least that is. */
#define SG_NIM_GROUP_ORDER (~SG_U64_(0))
#define SG_NIM_PRIMITIVE ((SG_U64_(1) << 32) | 6u)

/* nim_inv: the nim inverse of a (nim_mul(a, nim_inv(a)) == 1), computed down the tower of
 * subfields (a few dozen byte products); 0 for a == 0, which has none. @since 0.2.0 */
SG_API uint64_t nim_inv(uint64_t a);

/* nim_div: *quotient = a / b, i.e. nim_mul(a, nim_inv(b)).
 * @return SG_OK; SG_EINVAL (b == 0, or NULL quotient). @since 0.2.0 */
SG_API int nim_div(uint64_t a, uint64_t b, uint64_t *quotient);

/* nim_pow: a to the power e by nim multiplication; nim_pow(a, 0) == 1, 0^0 included.
 * @since 0.2.0 */
SG_API uint64_t nim_pow(uint64_t a, uint64_t e);

/* nim_sqrt: the nim square root of a: the one s with nim_mul(s, s) == a (squaring is a
 * bijection in characteristic 2). @since 0.2.0 */
SG_API uint64_t nim_sqrt(uint64_t a);

/* nim_order: the multiplicative order of a (the least k >= 1 with nim_pow(a, k) == 1), a divisor
 * of 2^64 - 1; 0 for a == 0. @since 0.2.0 */
SG_API uint64_t nim_order(uint64_t a);

/* nim_log: the discrete logarithm of a to the base b: the least k >= 0 with nim_pow(b, k) == a
 * (so k < nim_order(b); with b == 0, k is 0 for a == 1 and 1 for a == 0). Pohlig-Hellman over
 * the seven primes of 2^64 - 1, baby-step giant-step for each (about 56 KiB of stack, no
 * allocation, tens of microseconds).
 * @param k  receives k; may be NULL to ask only whether there is one
 * @return 1 (k found), 0 (no k: a is not a power of b). @since 0.2.0 */
SG_API int nim_log(uint64_t a, uint64_t b, uint64_t *k);

/* ===================================================================================== *
 *  Periods of any sequence                                                              *
 * ===================================================================================== */

/* sg_period_value: *value = G(n) for any n < 2^64, from a proven period of a sequence and a prefix
 * of it: prefix[n] when n < prefix_count, otherwise read off the period in O(1):
 * G(n) = G(r) + k*saltus with r = preperiod + (n - preperiod) mod period and
 * k = (n - r) / period. The prefix must hold at least preperiod + period values then.
 * @param period  may be NULL when n < prefix_count
 * @return SG_OK; SG_EINVAL (NULL value, NULL prefix with prefix_count > 0, or n >= prefix_count
 *         and the period is NULL, not proven, or 0); SG_ERANGE (the prefix is shorter than
 *         preperiod + period, or the value does not fit in sg_value_t). @since 0.1.0 */
SG_API int sg_period_value(const sg_value_t *prefix, uint64_t prefix_count,
                           const sg_period_t *period, uint64_t n, sg_value_t *value);

/* sg_period_value_observed: sg_period_value that also reads off a pattern that is only observed
 * (period->proven == 0, as sg_table_pattern and sg_rule_pattern give): the caller vouches for
 * it. Same results otherwise. @since 0.2.0 */
SG_API int sg_period_value_observed(const sg_value_t *prefix, uint64_t prefix_count,
                                    const sg_period_t *period, uint64_t n, sg_value_t *value);

/* sg_table_pattern: the (arithmetic-)periodic pattern table[0..count) shows: the least period p,
 * then the least preperiod n0, with G(n + p) == G(n) + s for n0 <= n < count - p, among those
 * whose stretch [n0, count) spans at least three periods and half the table. It is observed over
 * G(0 .. count-1) only, never proven: period->proven = 0 (all fields 0 when there is none).
 * @return SG_OK; SG_EINVAL (NULL period, NULL table with count > 0). @since 0.2.0 */
SG_API int sg_table_pattern(const sg_value_t *table, uint64_t count, sg_period_t *period);

/* sg_rule_pattern: sg_table_build of positions 0 .. count-1 of a rule, then sg_table_pattern:
 * the pattern of a game given by a rule (Lasker's Nim, splits into three heaps), observed over
 * those positions, proven = 0. Every field is written on every path.
 * @return SG_OK; SG_EINVAL (NULL rule or period, count 0, or no position below count has an
 *         option: there is no pattern to find); what sg_table_build returns. @since 0.2.0 */
SG_API int sg_rule_pattern(sg_rule_fn rule, void *user, uint64_t count, sg_period_t *period);

/* ##################################################################################### *
 *  LEVEL 3: RESEARCH-GRADE                                                              *
 *  Long runs (windows, checkpoints), games with cycles, misere play: objects that hold  *
 *  memory growing with the work. Each section's banner says what it needs (threads,     *
 *  POSIX files, memory).                                                                *
 * ##################################################################################### */

/* ===================================================================================== *
 *  Long runs                                                                            *
 *  needs: memory of 1 to 4 bytes a value held (or a window of them); POSIX              *
 *  files for checkpoints; POSIX threads for a second thread (optional)                  *
 * ===================================================================================== */

/* A nim-sequence too long for a table of sg_value_t: values are kept in one byte each while
 * they stay below 256, then in two bytes while below 65536, then in four (Grundy's game first
 * reaches 256 at n = 7250049); a run reports progress, can be cancelled, and can be
 * checkpointed to a file and resumed from it (possibly by another process). Opaque;
 * sg_sequence_create_grundy_game or sg_sequence_create_octal (one constructor per game family),
 * or sg_sequence_load (a checkpoint of any family), then sg_sequence_free. */
typedef struct sg_sequence sg_sequence_t;

/* Room for the canonical code of any sequence's game, its NUL included (sg_sequence_game). */
#define SG_SEQUENCE_GAME_MAX 80

/* A progress callback: `done` of `total` values are computed. A non-zero return cancels the
 * run, which then returns SG_ESTOP with every value computed so far kept. */
typedef int (*sg_progress_fn)(void *user, uint64_t done, uint64_t total);

/* sg_sequence_create_grundy_game: an empty sequence of Grundy's game (split a heap into two
 * unequal heaps); its canonical code is "grundy-game". It replaces sg_sequence_create(seq,
 * SG_SEQUENCE_GRUNDY_GAME) of 0.1.
 * @param seq  receives the new sequence (NULL on failure)
 * @return SG_OK; SG_EINVAL (NULL seq); SG_ENOMEM. @since 0.2.0 */
SG_API int sg_sequence_create_grundy_game(sg_sequence_t **seq);

/* sg_sequence_create_octal: an empty sequence of the take-and-break game `game` (a parsed octal
 * or hexadecimal code). The sequence keeps its own copy of the game: `game` may be freed at
 * once. The values are those of sg_octal_table, computed by the same exact engine, which works
 * on the sequence's own values (what else it keeps: sg_sequence(3)). Once the periodicity
 * theorem proves a period, the rest is copied; once a growing game's arithmetic period is
 * proven, each value is G(n - q) + s.
 * Its canonical code (sg_sequence_game, and in a checkpoint) is the code as sg_octal_format
 * writes it.
 * @param seq   receives the new sequence (NULL on failure)
 * @param game  the game, from sg_octal_parse
 * @return SG_OK; SG_EINVAL (NULL seq or game); SG_ENOMEM. @since 0.1.0 */
SG_API int sg_sequence_create_octal(sg_sequence_t **seq, const sg_octal_t *game);

/* sg_sequence_extend: compute values until the sequence holds G(0 .. count-1) (nothing to do
 * when it already does). `progress` (may be NULL) is called about every 2^14 values and at the
 * end; a non-zero return stops the run.
 * @return SG_OK; SG_EINVAL (NULL seq); SG_ENOMEM (the values or scratch do not fit: the values
 *         computed so far are kept); SG_ESTOP (cancelled: likewise); SG_EWINDOW (a windowed
 *         run needed a value it dropped: likewise, see sg_sequence_set_window). @since 0.1.0 */
SG_API int sg_sequence_extend(sg_sequence_t *seq, uint64_t count, sg_progress_fn progress,
                              void *user);

/* sg_sequence_set_threads: how many threads sg_sequence_extend uses on this sequence from now
 * on: 1 (the default), or 2, where eight positions are computed at once (Grundy's game, and
 * take-and-break games while their sparse-space engine gives the values) whenever the run
 * measures that to be faster than one thread (each value is the same as on one thread). The
 * second thread lives only while sg_sequence_extend runs; the progress callback is called from
 * the calling thread. The setting is not part of a checkpoint: a loaded sequence uses one
 * thread until told otherwise.
 * @return SG_OK; SG_EINVAL (NULL seq; threads is not 1 or 2, or is 2 in a build without
 *         threads (SG_NO_THREADS, or no POSIX threads)). @since 0.1.0 */
SG_API int sg_sequence_set_threads(sg_sequence_t *seq, unsigned threads);

/* sg_sequence_set_window: the argument of sg_sequence_set_window for a window that the run
 * chooses from its own statistics, and the least window it takes. @since 0.2.0 */
#define SG_SEQUENCE_WINDOW_AUTO UINT64_MAX
#define SG_SEQUENCE_WINDOW_MIN 4096u

/* sg_sequence_set_window: run past memory. From when 2 * size values are known, the sequence
 * keeps only G(0 .. size-1) (the prefix) and the last `size` values (the window, and up to an
 * eighth more, or 2^16, between two slides), dropping the values between: a run to any count
 * then holds about 2.2 * size values. Grundy's game, and take-and-break games with at most two
 * parts (sg_octal_max_parts 2: the games of the sparse-space engine). Each value stays the
 * value of the full table: one that would need a dropped value (a rare value in the
 * sparse-space sense, at a position past the prefix, or a common one the values held cannot
 * settle) stops sg_sequence_extend with SG_EWINDOW, the values before it kept, and the
 * sequence can still be saved. The window starts only if every rare position so far is in the
 * prefix (else SG_EWINDOW at that point), and the sparse-space mask is kept from then on. With
 * size SG_SEQUENCE_WINDOW_AUTO the run chooses: at the first power of two P from 2^27 on at
 * which every rare position so far is below P / 2, the window starts with size P / 2 (a run
 * shorter than 2^27 keeps every value; Grundy's game: 2^26 from 2^27 on, its rare positions
 * ending at 48399022). The searches of the splits around n / 2 are kept only while the window
 * reaches back there. A windowed take-and-break run proves no period (sg_octal_prove does) and
 * uses one thread. A checkpoint (sg_sequence_save, format version 3) keeps the window, the
 * prefix and the engine's bookkeeping, so the run resumes. Once values have been dropped the
 * window cannot change.
 * @param size  0 (every value kept: the default), SG_SEQUENCE_WINDOW_AUTO, or at least
 *              SG_SEQUENCE_WINDOW_MIN values
 * @return SG_OK; SG_EINVAL (NULL seq; a take-and-break game whose moves leave one heap at
 *         most, or up to three; another size after values were dropped); SG_ERANGE (0 < size <
 *         SG_SEQUENCE_WINDOW_MIN). @since 0.2.0 */
SG_API int sg_sequence_set_window(sg_sequence_t *seq, uint64_t size);

/* sg_sequence_held: which values a sequence holds now: G(0 .. *prefix - 1) and
 * G(*from .. count - 1); *prefix == *from (both 0 without a window) when it holds every value.
 * sg_sequence_read of any other value is SG_EWINDOW.
 * @return SG_OK; SG_EINVAL (a NULL argument). @since 0.2.0 */
SG_API int sg_sequence_held(const sg_sequence_t *seq, uint64_t *prefix, uint64_t *from);

/* sg_sequence_stats_t: a snapshot of a sequence at its count, for research logs that another
 * solver's can be compared with line by line (the grundy tool writes one a power of two). */
typedef struct {
    uint64_t count;      /* n: the values G(0 .. n-1) it is about */
    uint64_t hash;       /* FNV-1a 64 of G(0 .. n-1), each value as 4 bytes, least significant
                            first (offset basis 14695981039346656037, prime 1099511628211) */
    uint64_t largest;    /* the largest value (0 when n = 0) */
    uint64_t values;     /* largest + 1 (0 when n = 0): the length of the histogram */
    uint64_t mask;       /* the sparse-space mask in use (Grundy's game, and windowed
                            take-and-break runs once the window started; 0 otherwise) */
    uint64_t rare;       /* positions of a rare value under that mask so far */
} sg_sequence_stats_t;

/* sg_sequence_stats: the snapshot of the sequence at its count (windowed or not).
 * @return SG_OK; SG_EINVAL (a NULL argument). @since 0.2.0 */
SG_API int sg_sequence_stats(const sg_sequence_t *seq, sg_sequence_stats_t *stats);

/* sg_sequence_histogram: hist[v] = how many n < count have G(n) = v, for v < stats.values.
 * @param size  entries at hist; at least stats.values
 * @return SG_OK; SG_EINVAL (NULL seq, NULL hist with size > 0); SG_ERANGE (size too small:
 *         nothing written). @since 0.2.0 */
SG_API int sg_sequence_histogram(const sg_sequence_t *seq, uint64_t *hist, size_t size);

/* sg_sequence_rare: the rare positions (the first min(size, *total) of them, in increasing
 * order) and their values under the mask of sg_sequence_stats; *total = stats.rare. Either
 * array may be NULL.
 * @return SG_OK; SG_EINVAL (NULL seq or total). @since 0.2.0 */
SG_API int sg_sequence_rare(const sg_sequence_t *seq, uint64_t *positions, sg_value_t *values,
                            size_t size, size_t *total);

/* sg_sequence_count: how many values the sequence holds (0 for NULL). @since 0.1.0 */
SG_API uint64_t sg_sequence_count(const sg_sequence_t *seq);

/* sg_sequence_width: bytes per value in memory now: 1, 2 (after a value reached 256) or 4
 * (after one reached 65536); 0 for NULL. @since 0.1.0 */
SG_API unsigned sg_sequence_width(const sg_sequence_t *seq);

/* sg_sequence_game: which game the sequence holds, as its canonical code: "grundy-game" for
 * Grundy's game, the code as sg_octal_format writes it ("0.07", "4.37") for a take-and-break
 * game. Two sequences hold the same game exactly when their codes are equal (strcmp), so a
 * program tells what a loaded checkpoint holds without knowing every family. The code and its
 * NUL always fit in SG_SEQUENCE_GAME_MAX bytes.
 * @param buf   receives the code, NUL-terminated (truncated when it does not fit)
 * @param size  bytes at buf
 * @return SG_OK; SG_EINVAL (NULL seq; NULL buf with size > 0); SG_ERANGE (the code and its NUL
 *         do not fit in size bytes: buf holds as much as fits, NUL-terminated when size > 0).
 *         @since 0.2.0 */
SG_API int sg_sequence_game(const sg_sequence_t *seq, char *buf, size_t size);

/* sg_sequence_read: out[i] = G(from + i) for i < count.
 * @return SG_OK; SG_EINVAL (NULL seq, NULL out with count > 0); SG_ERANGE (from + count is
 *         past sg_sequence_count); SG_EWINDOW (a value a windowed run dropped: see
 *         sg_sequence_held). @since 0.1.0 */
SG_API int sg_sequence_read(const sg_sequence_t *seq, uint64_t from, sg_value_t *out,
                            uint64_t count);

/* sg_sequence_save: write a checkpoint of the sequence to the file `path`: the game's
 * canonical code, the engine's state and the values, under a 64-bit checksum. It goes to a
 * fresh file of an unguessable name in the same directory (never through a link planted
 * there), is synced to the disk, renamed over `path`, and the directory synced: an interruption
 * or a crash leaves the previous checkpoint or the new one, whole. POSIX systems; elsewhere
 * "path.tmp" and no sync. The new file is readable by its owner only (mode 0600). The format
 * is private to libsg (version 2, or 3 with a window; in the machine's byte order);
 * sg_sequence_load reads it back on a machine of the same byte order.
 * @return SG_OK; SG_EINVAL (NULL argument); SG_EIO (the file cannot be written, synced or
 *         renamed: the previous checkpoint, if any, is left as it was); SG_ENOMEM.
 *         @since 0.1.0 */
SG_API int sg_sequence_save(const sg_sequence_t *seq, const char *path);

/* sg_sequence_load: a new sequence holding what the checkpoint at `path` holds, of any game
 * (sg_sequence_game says which), ready to be extended. Nothing in the file is trusted before
 * its checksum agrees, and nothing large is allocated for sizes the file's length does not
 * back.
 * @param seq  receives it (NULL on failure)
 * @return SG_OK; SG_EINVAL (NULL argument); SG_EIO (the file cannot be opened or read);
 *         SG_EFORMAT (not a whole checkpoint of this format version: damaged, truncated, of an
 *         older version (0.1 files included), or values no game of its code can have);
 *         SG_EGAME (a game this library has no family for); SG_ENOMEM. @since 0.1.0 */
SG_API int sg_sequence_load(sg_sequence_t **seq, const char *path);

/* sg_sequence_load_octal: sg_sequence_load, then SG_EGAME unless the checkpoint holds the
 * take-and-break game `game` (codes compared in their canonical form, so "0.070" matches
 * "0.07"): one call for a program that knows which game it wants.
 * @param seq  receives it (NULL on failure)
 * @return as sg_sequence_load; SG_EINVAL (NULL argument); SG_EGAME (a checkpoint of another
 *         game). @since 0.1.0 */
SG_API int sg_sequence_load_octal(sg_sequence_t **seq, const char *path, const sg_octal_t *game);

/* sg_sequence_free: frees the sequence. NULL-safe. @since 0.1.0 */
SG_API void sg_sequence_free(sg_sequence_t *seq);

/* ===================================================================================== *
 *  Games with cycles                                                                    *
 *  needs: memory, about 32 bytes a position and 8 an option while it                    *
 *  works (16 and 4 kept); a cap and an allocator per object                             *
 * ===================================================================================== */

/* A game whose graph may have cycles (a position may be reached again), with the generalised
 * Sprague-Grundy function of Smith (1966), computed by Fraenkel and Yesha's labelling. Each
 * position has a finite value g, or the value infinity(K), K being the set of finite values
 * among its options. In a loopy game a position is won (N), lost (P) or drawn (D: neither
 * player can force a win, and best play goes on forever). Value 0 is P, a finite g > 0 is N;
 * infinity(K) is N when 0 is in K, else D. Sums (a move changes one component): finite parts
 * add by XOR; with one infinite part infinity(K) the sum is N when the XOR r of the other parts
 * is in K, else D; two or more infinite parts make a draw.
 * The remoteness of a position (Smith; Steinhaus) is the length of optimal play: a P-position
 * with no option has remoteness 0; an N-position 1 + the least remoteness of its P-options
 * (the winner hurries); a P-position 1 + the largest remoteness of its options (the loser
 * delays); even exactly for P-positions, odd for N; a draw has none.
 * Opaque: sg_loopy_build, sg_loopy_build_ex, sg_loopy_build_graph or sg_loopy_explore, then the
 * queries, then sg_loopy_free. Every query is read-only: one object may be queried from several
 * threads at once. @since 0.2.0 */
typedef struct sg_loopy sg_loopy_t;

/* Outcomes: P (the player to move loses), N (wins), D (a draw). @since 0.2.0 */
enum { SG_LOOPY_P = 0, SG_LOOPY_N = 1, SG_LOOPY_D = 2 };

/* The remoteness sg_loopy_remoteness gives a drawn position. @since 0.2.0 */
#define SG_LOOPY_DRAW UINT64_MAX

/* sg_loopy_build: the values, outcomes and remoteness of positions 0..count-1 of the game
 * `rule`. Options may be any positions in [0, count), up or down, a position itself, the same
 * one several times: each report is one option (the option indices of sg_loopy_winning_move
 * count them in the order the rule reports them). sg_move_to_sum with exactly one part is a
 * move to that part; a sum of several parts or none, and sg_move_value, have no place in a
 * loopy game (their values alone do not decide the play) and give SG_EINVAL. The rule is
 * called once per position. Time O(V + E) for the outcomes and the remoteness, and
 * O((m + 2)(V + E)) for the values, m the largest finite value (at most the largest number of
 * options), with V = count positions and E options; nothing recursive. Memory about
 * 32 bytes per position and 8 per option while it works (16 and 4 kept).
 * @param loopy  receives the result (NULL on failure); free it with sg_loopy_free
 * @return SG_OK; SG_EINVAL (NULL loopy or rule; a sum of other than one part, or a known
 *         value, reported); SG_ERANGE (an option outside [0, count)); SG_ESTOP (the rule
 *         returned non-zero); SG_ENOMEM (no memory; 2^32 - 16 positions or more, refused
 *         before anything is allocated; 2^32 - 16 options or more). @since 0.2.0 */
SG_API int sg_loopy_build(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user);

/* sg_loopy_build_ex: sg_loopy_build with a memory cap and an allocator, as sg_memo_create_ex:
 * max_bytes caps all the memory held at any moment, scratch included (0: no cap); a count
 * whose arrays alone pass the cap is refused before anything is allocated. allocator NULL
 * means malloc/free (both of its functions are required otherwise).
 * @return as sg_loopy_build; SG_EINVAL too for an allocator without alloc or free; SG_ENOMEM
 *         when the cap is reached. Kept until 1.0: the same as sg_loopy_build_with.
 *         @since 0.2.0 */
SG_API int sg_loopy_build_ex(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user,
                             size_t max_bytes, const sg_allocator_t *allocator);

/* sg_loopy_build_with: sg_loopy_build with its memory as `memory` says (sg_memory_t; NULL for
 * malloc/free and no cap); a count whose arrays alone pass the cap is refused before anything
 * is allocated.
 * @return as sg_loopy_build; SG_EINVAL too for an allocator with one of its two functions;
 *         SG_ENOMEM when the cap is reached. @since 0.2.0 */
SG_API int sg_loopy_build_with(sg_loopy_t **loopy, uint64_t count, sg_rule_fn rule, void *user,
                               const sg_memory_t *memory);

/* sg_loopy_build_graph: the same for a graph given in compressed rows: the options of position
 * u are targets[offsets[u] .. offsets[u+1]) (offsets has count + 1 entries, never decreasing;
 * option indices count from offsets[u]). The arrays are copied; the caller keeps them.
 * @return SG_OK; SG_EINVAL (NULL loopy, NULL offsets, decreasing offsets, NULL targets with
 *         options); SG_ERANGE (a target outside [0, count)); SG_ENOMEM. @since 0.2.0 */
SG_API int sg_loopy_build_graph(sg_loopy_t **loopy, uint64_t count, const uint64_t *offsets,
                                const uint64_t *targets);

/* sg_loopy_build_graph_with: sg_loopy_build_graph with its memory as `memory` says
 * (sg_memory_t; NULL for malloc/free and no cap).
 * @return as sg_loopy_build_graph; SG_EINVAL too for an allocator with one of its two
 *         functions; SG_ENOMEM when the cap is reached. @since 0.2.0 */
SG_API int sg_loopy_build_graph_with(sg_loopy_t **loopy, uint64_t count,
                                     const uint64_t *offsets, const uint64_t *targets,
                                     const sg_memory_t *memory);

/* sg_loopy_explore: the positions reachable from `start`, for a game whose positions are
 * 64-bit keys (as for sg_memo_create_ex): the rule is called once for each reachable key,
 * breadth first, then everything is computed as by sg_loopy_build. Queries then take keys; a
 * key that was not reached is SG_ERANGE. Reached keys are numbered 0..count-1 in the order
 * they were found (start is 0): see sg_loopy_state.
 * @param max_bytes  cap on all memory held, hash table and scratch included (0: no cap): a
 *                   graph that would need more is SG_ENOMEM, with nothing kept
 * @param allocator  NULL for malloc/free
 * @return SG_OK; SG_EINVAL (NULL loopy or rule, an allocator without alloc or free, a sum of
 *         other than one part or a known value reported); SG_ESTOP; SG_ENOMEM (no memory, the
 *         cap, or 2^32 - 16 keys or options or more). @since 0.2.0 */
SG_API int sg_loopy_explore(sg_loopy_t **loopy, uint64_t start, sg_rule_fn rule, void *user,
                            size_t max_bytes, const sg_allocator_t *allocator);

/* sg_loopy_explore_with: sg_loopy_explore with its memory as `memory` says (sg_memory_t; NULL
 * for malloc/free and no cap). sg_loopy_explore is kept until 1.0 as the same.
 * @return as sg_loopy_explore (SG_EINVAL for an allocator with one of its two functions).
 *         @since 0.2.0 */
SG_API int sg_loopy_explore_with(sg_loopy_t **loopy, uint64_t start, sg_rule_fn rule,
                                 void *user, const sg_memory_t *memory);

/* sg_loopy_count: how many positions (reached keys for sg_loopy_explore); 0 for NULL.
 * sg_loopy_bytes: the memory the result holds. @since 0.2.0 */
SG_API uint64_t sg_loopy_count(const sg_loopy_t *loopy);
SG_API size_t sg_loopy_bytes(const sg_loopy_t *loopy);

/* sg_loopy_state: *position = the position numbered index: index itself for a table or a
 * graph, the index-th key found for sg_loopy_explore. Lists what was reached.
 * @return SG_OK; SG_EINVAL (NULL argument); SG_ERANGE (index >= sg_loopy_count). @since 0.2.0 */
SG_API int sg_loopy_state(const sg_loopy_t *loopy, uint64_t index, uint64_t *position);

/* sg_loopy_value: the generalised Sprague-Grundy value of `position` (a key for
 * sg_loopy_explore). @return 1 (finite: *value set), 0 (infinite: *value untouched; its K is
 * given by sg_loopy_k), SG_EINVAL (NULL argument), SG_ERANGE (no such position).
 * @since 0.2.0 */
SG_API int sg_loopy_value(const sg_loopy_t *loopy, uint64_t position, sg_value_t *value);

/* sg_loopy_k: the distinct finite values among the options of `position`, increasing: for an
 * infinite position that is its K. The first min(*len, cap) go to k (which may be NULL when
 * cap is 0); *len receives how many there are. Needs no memory.
 * @return SG_OK; SG_EINVAL (NULL loopy or len, NULL k with cap > 0); SG_ERANGE. @since 0.2.0 */
SG_API int sg_loopy_k(const sg_loopy_t *loopy, uint64_t position, sg_value_t *k, size_t cap,
                      size_t *len);

/* sg_loopy_outcome: *outcome = SG_LOOPY_P, SG_LOOPY_N or SG_LOOPY_D for `position`.
 * sg_loopy_remoteness: its remoteness, or SG_LOOPY_DRAW for a draw.
 * @return SG_OK; SG_EINVAL (NULL argument); SG_ERANGE (no such position). @since 0.2.0 */
SG_API int sg_loopy_outcome(const sg_loopy_t *loopy, uint64_t position, int *outcome);
SG_API int sg_loopy_remoteness(const sg_loopy_t *loopy, uint64_t position,
                               uint64_t *remoteness);

/* sg_loopy_sum_outcome: *outcome of the sum of positions[0..count) (one token on each; a move
 * moves one token), by the sum rule for generalised values (see sg_loopy_t). The empty sum is P.
 * @return SG_OK; SG_EINVAL (NULL loopy or outcome, NULL positions with count > 0); SG_ERANGE.
 * @since 0.2.0 */
SG_API int sg_loopy_sum_outcome(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                                int *outcome);

/* sg_loopy_winning_move: a winning move in the sum of positions[0..count): the component
 * *component moves to its option number *option (counted as the rule reported them, or from
 * offsets[u] for a graph), which is *target. The moves form a strategy: whoever makes the move
 * this function gives at every turn wins in a finite number of moves, whatever the opponent
 * does. With one component the move is to the P-option of least remoteness (the fastest
 * win); with several it is chosen by the values and the order in which the labelling found
 * them (Fraenkel and Yesha's counter), so that each round brings the sum closer to the end.
 * @param target  may be NULL
 * @return 1 (found); 0 (the sum is P or D: no winning move; nothing written); SG_EINVAL (NULL
 *         loopy, component or option, NULL positions with count > 0); SG_ERANGE.
 * @since 0.2.0 */
SG_API int sg_loopy_winning_move(const sg_loopy_t *loopy, const uint64_t *positions, size_t count,
                                 size_t *component, size_t *option, uint64_t *target);

/* sg_loopy_free: frees the result. NULL-safe. @since 0.2.0 */
SG_API void sg_loopy_free(sg_loopy_t *loopy);

/* ===================================================================================== *
 *  Misere play                                                                          *
 *  needs: memory for the positions or sums searched; a cap and an                       *
 *  allocator per memo or solver                                                         *
 * ===================================================================================== */

/* In misere play the player who cannot move WINS. A position with no option is therefore a win
 * for the player to move (N), and one is a loss (P) when it has options and every one is N.
 * Unlike normal play, the outcome of a sum is not a function of the parts' Grundy values, so a
 * game given by a rule is solved here as single positions, and sums of heaps of take-and-break
 * games are searched exactly (with the genus theory of Conway, On Numbers and Games ch. 12, and
 * Winning Ways ch. 13, for the tame ones). Misere Nim has its own rule: nim_misere_winning_move. */

/* sg_misere_table: win[p] = 1 when position p in [0, count) is a misere win for the player to
 * move (N), 0 when it is a loss (P). Options are what rule(user, p, out) reports, and must be
 * single positions: sg_move_to(out, y), or sg_move_to_sum with 0 parts (a move to the empty game,
 * which is N) or 1 part. A sum of two or more parts, or sg_move_value, has no misere outcome
 * determined by the parts and gives SG_EINVAL (for sums of heaps of a take-and-break game, see
 * sg_misere_octal_*). Options may be any position of the table; an explicit stack resolves
 * them, without recursion.
 * @param win    caller's buffer of `count` bytes; on failure its contents are unspecified
 * @return SG_OK; SG_EINVAL (NULL win with count > 0, NULL rule, a sum of two or more parts or a
 *         value among the options, or a rule that does not repeat its options); SG_ERANGE (an
 *         option outside [0, count)); SG_ELOOP (a cycle); SG_ESTOP (the rule returned
 *         non-zero); SG_ENOMEM. @since 0.2.0 */
SG_API int sg_misere_table(unsigned char *win, uint64_t count, sg_rule_fn rule, void *user);

/* sg_misere_winning_move: a misere winning move from `position`, given the complete table of
 * sg_misere_table: the first option (counting every sink call from 0, as sg_winning_move does)
 * that leads to a P-position.
 * @return 1 with *option set (found), or 1 with *option == SIZE_MAX when the position has no
 *         option (the player to move has already won); 0 (a P-position: every move loses);
 *         SG_EINVAL (NULL argument, an option misere play cannot take, or a table that does not
 *         match the rule); SG_ERANGE (position or an option outside the table); SG_ESTOP.
 * @since 0.2.0 */
SG_API int sg_misere_winning_move(const unsigned char *win, uint64_t count, sg_rule_fn rule,
                                  void *user, uint64_t position, size_t *option);

/* A memo of misere outcomes over 64-bit position keys, for games whose positions cannot be laid
 * out as a table (opaque; sg_misere_memo_create / sg_misere_memo_free). The rule's options
 * follow sg_misere_table: single positions only. @since 0.2.0 */
typedef struct sg_misere_memo sg_misere_memo_t;

/* sg_misere_memo_create: an empty memo for `rule`.
 * @param max_bytes  cap on all memory the memo holds (0: no cap); a search that would need more
 *                   fails with SG_ENOMEM, outcomes already found stay, and the memo stays usable
 * @param allocator  NULL for malloc/free; otherwise copied (both functions are required)
 * @return SG_OK; SG_EINVAL (NULL memo or rule, an allocator without alloc or free); SG_ENOMEM.
 * Kept until 1.0: the same as sg_misere_memo_create_with. @since 0.2.0 */
SG_API int sg_misere_memo_create(sg_misere_memo_t **memo, sg_rule_fn rule, void *user,
                                 size_t max_bytes, const sg_allocator_t *allocator);

/* sg_misere_memo_create_with: sg_misere_memo_create with its memory as `memory` says
 * (sg_memory_t; NULL for malloc/free and no cap).
 * @return SG_OK; SG_EINVAL (NULL memo or rule, an allocator with one of its two functions);
 *         SG_ENOMEM. @since 0.2.0 */
SG_API int sg_misere_memo_create_with(sg_misere_memo_t **memo, sg_rule_fn rule, void *user,
                                      const sg_memory_t *memory);

/* sg_misere_memo_outcome: *win = 1 when `position` is a misere win for the player to move (N),
 * 0 when a loss (P), searching every position it needs with an explicit stack.
 * @return SG_OK; SG_EINVAL (NULL memo or win, a sum of two or more parts or a value among the
 *         options, a rule that does not repeat its options); SG_ELOOP (a cycle); SG_ESTOP;
 *         SG_ENOMEM (no memory, or the cap is reached); SG_EBUSY (called from the rule of the
 *         same memo while a call on it runs, which then fails with SG_EBUSY too; or the rule
 *         freed the memo, which the running call then frees). @since 0.2.0 */
SG_API int sg_misere_memo_outcome(sg_misere_memo_t *memo, uint64_t position, int *win);

/* sg_misere_memo_winning_move: the first option of `position` (index among the sink calls, from
 * 0) that leads to a P-position.
 * @return 1 with *option set; 1 with *option == SIZE_MAX when the position has no option (the
 *         player to move has already won); 0 for a P-position; SG_EINVAL (NULL memo or option,
 *         or as sg_misere_memo_outcome); SG_ELOOP; SG_ESTOP; SG_ENOMEM; SG_EBUSY (as
 *         sg_misere_memo_outcome). @since 0.2.0 */
SG_API int sg_misere_memo_winning_move(sg_misere_memo_t *memo, uint64_t position,
                                       size_t *option);

/* sg_misere_memo_count: outcomes stored; sg_misere_memo_bytes: memory held. 0 for NULL.
 * @since 0.2.0 */
SG_API uint64_t sg_misere_memo_count(const sg_misere_memo_t *memo);
SG_API size_t sg_misere_memo_bytes(const sg_misere_memo_t *memo);

/* sg_misere_memo_free: NULL-safe. Called from the memo's rule, it does not free at once: the
 * running call stops, frees the memo and returns SG_EBUSY. @since 0.2.0 */
SG_API void sg_misere_memo_free(sg_misere_memo_t *memo);

/* The most superscripts a genus holds. */
#define SG_GENUS_MAX 32

/* The genus g^{c0 c1 c2 ...} of a game G (Conway): g its normal-play Grundy value, ck the misere
 * Grundy value of G + *2 + ... + *2 (k copies), where the misere Grundy value is 1 for the game
 * with no option and the mex of the options' misere values otherwise (0 exactly for a misere
 * P-position, so c0 == 0 means G is P). The sequence ck is periodic with period 2 from some k
 * on; it is kept as its shortest prefix c0 .. c(len-1) after which ck == c(k-2) for every k:
 * 0 is 0^{1,2,0}, *1 is 1^{0,3,1}, *2 is 2^{2,0}. gamma[k] for k >= len is 0. @since 0.2.0 */
typedef struct {
    sg_value_t g;
    unsigned len;
    sg_value_t gamma[SG_GENUS_MAX];
} sg_genus_t;

/* sg_genus_is_tame: 1 when the genus is tame, that is the genus of a position of misere Nim:
 * 0^{1,2,0}, 1^{0,3,1}, or g^{g,g^2} (g XOR 2) for any g (Winning Ways ch. 13, "tame games");
 * 0 otherwise and for NULL. @since 0.2.0 */
SG_API int sg_genus_is_tame(const sg_genus_t *genus);

/* sg_genus_format: write the genus as "g^{c0,c1,...}" (decimal, comma-separated: "0^{1,2,0}",
 * "4^{1,4,6}") to buf, NUL-terminated, at most `size` bytes.
 * @return SG_OK; SG_EINVAL (NULL genus, NULL buf with size > 0, len outside 1..SG_GENUS_MAX);
 *         SG_ERANGE (it does not fit: buf holds a NUL-terminated prefix when size > 0).
 *         12 * SG_GENUS_MAX + 16 bytes always suffice. @since 0.2.0 */
SG_API int sg_genus_format(const sg_genus_t *genus, char *buf, size_t size);

/* sg_genus_tame_outcome: the misere outcome of a sum of TAME GAMES (every position of each
 * component has a tame genus: see sg_misere_octal_tame) from the components' genera alone: the
 * sum is played like misere Nim, P exactly when (some genus is g^{g,g^2} and the XOR of the g
 * is 0) or (none is and the XOR is 1). For components that are not tame games the genera do not
 * decide the outcome: search the sum (sg_misere_octal_outcome).
 * @return SG_OK with *win = 1 (N) or 0 (P); SG_EINVAL (NULL win, NULL genera with count > 0,
 *         a genus that is not tame). @since 0.2.0 */
SG_API int sg_genus_tame_outcome(const sg_genus_t *genera, size_t count, int *win);

/* An exact misere solver for sums of heaps of one take-and-break game: a memo of misere Grundy
 * values of sums (multisets of heap sizes, kept sorted, heaps with no move left out), searched
 * with an explicit stack within a memory cap (opaque; sg_misere_octal_create /
 * sg_misere_octal_free). A sum that needs more than the cap gives SG_ENOMEM, never a guess.
 * @since 0.2.0 */
typedef struct sg_misere_octal sg_misere_octal_t;

/* sg_misere_octal_create: a solver for `game` (copied: it may be freed at once).
 * @param max_bytes  cap on all memory the solver holds (0: no cap)
 * @param allocator  NULL for malloc/free; otherwise copied (both functions are required)
 * @return SG_OK; SG_EINVAL (NULL m or game, an allocator without alloc or free); SG_ENOMEM.
 * Kept until 1.0: the same as sg_misere_octal_create_with. @since 0.2.0 */
SG_API int sg_misere_octal_create(sg_misere_octal_t **m, const sg_octal_t *game,
                                  size_t max_bytes, const sg_allocator_t *allocator);

/* sg_misere_octal_create_with: sg_misere_octal_create with its memory as `memory` says
 * (sg_memory_t; NULL for malloc/free and no cap).
 * @return SG_OK; SG_EINVAL (NULL m or game, an allocator with one of its two functions);
 *         SG_ENOMEM. @since 0.2.0 */
SG_API int sg_misere_octal_create_with(sg_misere_octal_t **m, const sg_octal_t *game,
                                       const sg_memory_t *memory);

/* sg_misere_octal_value: *value = the misere Grundy value of the sum of heaps[0..count) (1 for
 * the empty sum; 0 exactly when the player to move loses). Order of the heaps does not matter.
 * sg_misere_octal_outcome: *win = 1 when the player to move wins the sum (N), 0 when not (P).
 * Cost: every sum reachable from the given one is stored (a few tens of bytes each); on
 * SG_ENOMEM the values proven stay, the room of the sums left undecided is given back to later
 * searches, and the solver stays usable.
 * @return SG_OK; SG_EINVAL (NULL argument, NULL heaps with count > 0); SG_ERANGE (a heap of
 *         2^31 tokens or more); SG_ENOMEM (no memory, or the cap is reached). @since 0.2.0 */
SG_API int sg_misere_octal_value(sg_misere_octal_t *m, const uint64_t *heaps, size_t count,
                                 sg_value_t *value);
SG_API int sg_misere_octal_outcome(sg_misere_octal_t *m, const uint64_t *heaps, size_t count,
                                   int *win);

/* sg_misere_octal_table: win[n] = misere outcome of one heap of n tokens (1 = N, 0 = P), n <
 * count. @return as sg_misere_octal_outcome; SG_EINVAL for NULL win with count > 0.
 * @since 0.2.0 */
SG_API int sg_misere_octal_table(sg_misere_octal_t *m, unsigned char *win, uint64_t count);

/* sg_misere_octal_genus: the genus of one heap of `heap` tokens. The misere values of
 * heap + k*2 (and + *1) are searched level by level over every sum they reach, until level k
 * equals level k-2 over all of them; from there the sequence provably repeats with period 2
 * (each level is a fixed function of the one before), so the collapsed tail is exact.
 * @return SG_OK; SG_EINVAL (NULL argument); SG_ERANGE (heap >= 2^31, or no repeat within 96
 *         levels, or more than SG_GENUS_MAX superscripts); SG_ENOMEM. @since 0.2.0 */
SG_API int sg_misere_octal_genus(sg_misere_octal_t *m, uint64_t heap, sg_genus_t *genus);

/* sg_misere_octal_tame: *tame = 1 when heaps of fewer than `count` tokens form a tame game:
 * every sum of them has a tame genus. Checked as: the genus of every heap below count is tame
 * (a heap's positions are sums of smaller heaps, and sums of tame games are tame: On Numbers
 * and Games ch. 12, Winning Ways ch. 13); then sg_genus_tame_outcome decides every sum of them.
 * 0 otherwise (the game is wild there: use sg_misere_octal_outcome). The solver keeps what it
 * proved: from then on sg_misere_octal_value and sg_misere_octal_outcome answer a sum of heaps
 * that are all proven tame from their genera at once, without a search (misere Nim).
 * @return SG_OK; SG_EINVAL (NULL argument); as sg_misere_octal_genus. @since 0.2.0 */
SG_API int sg_misere_octal_tame(sg_misere_octal_t *m, uint64_t count, int *tame);

/* sg_misere_octal_count: sums stored; sg_misere_octal_bytes: memory held. 0 for NULL.
 * @since 0.2.0 */
SG_API uint64_t sg_misere_octal_count(const sg_misere_octal_t *m);
SG_API size_t sg_misere_octal_bytes(const sg_misere_octal_t *m);

/* sg_misere_octal_free: NULL-safe. @since 0.2.0 */
SG_API void sg_misere_octal_free(sg_misere_octal_t *m);

/* ---- misere quotients ----------------------------------------------------------------- *
 * The misere quotient of a take-and-break game (Plambeck, "Taming the wild in impartial
 * combinatorial games", INTEGERS 5 (2005) G05; Plambeck and Siegel, "Misere quotients for
 * impartial games", JCTA 115 (2008), arXiv math/0609825): sums of heaps that no sum can tell
 * apart (same misere outcome whatever is added) form one element; the elements form a finite
 * commutative monoid Q in many wild games, with a subset P (the sums the player to move loses),
 * and the pretending function maps each heap to its element. Then the outcome of any sum is one
 * product in Q. Elements are numbered 0 .. order-1; 0 is the identity (the empty sum).
 *
 * The quotient of heaps 1..n is built heap by heap: a candidate learnt from exact misere
 * outcomes (sg_misere_octal_*), then proven (the heaps' transitions commute, and the misere
 * outcome rule holds on every reachable signature of a sum), so a reported quotient is exact,
 * never a guess. The whole game's quotient is claimed only when the pretending function is
 * proven periodic (the Guy-Smith argument for quotients: phi(n + p) = phi(n) for
 * max(n0,1) <= n <= N - p with N >= 2 max(n0,1) + 2p + t - 1, or 3 max(n0,1) + 3p + t - 1
 * when a move leaves three heaps). @since 0.3.0 */
typedef struct sg_misere_quotient sg_misere_quotient_t;

/* A move of a sum of heaps: on heaps[heap], take `take` tokens and leave nparts heaps
 * parts[0..nparts) (nparts 0: the heap is gone). @since 0.3.0 */
typedef struct {
    size_t heap;
    uint64_t take;
    unsigned nparts;
    uint64_t parts[3];
} sg_misere_quotient_move_t;

/* sg_misere_quotient_create: an empty quotient computation for `game` (copied).
 * @param max_order  the budget: a quotient with more elements stops the computation with
 *                   SG_ERANGE (0: 4096)
 * @param memory     NULL for malloc/free and no cap; else its cap covers the exact solver too
 * @return SG_OK; SG_EINVAL (NULL argument, an allocator with one function, a game in which no
 *         heap has a move); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_misere_quotient_create(sg_misere_quotient_t **q, const sg_octal_t *game,
                                     uint64_t max_order, const sg_memory_t *memory);

/* sg_misere_quotient_extend: the quotient of heaps 1..heaps (adding one heap at a time).
 * sg_misere_quotient_solve: heap by heap until the pretending function is proven periodic
 * (then it is the whole game's quotient) or `limit` heaps are in; SG_OK in both cases (see
 * sg_misere_quotient_period). After an error the quotient of the heaps before stays readable
 * and the object refuses to grow (the same status again).
 * @return SG_OK; SG_EINVAL (NULL q); SG_ERANGE (the quotient outgrew max_order -- it may be
 *         infinite --, too many signatures to check, a bound of 2^31 heaps or more);
 *         SG_ENOMEM. @since 0.3.0 */
SG_API int sg_misere_quotient_extend(sg_misere_quotient_t *q, uint64_t heaps);
SG_API int sg_misere_quotient_solve(sg_misere_quotient_t *q, uint64_t limit);

/* sg_misere_quotient_heaps: the heap bound n reached; _order: |Q|; _p_portion: |P|. 0 for NULL
 * or before the first heap. @since 0.3.0 */
SG_API uint64_t sg_misere_quotient_heaps(const sg_misere_quotient_t *q);
SG_API uint64_t sg_misere_quotient_order(const sg_misere_quotient_t *q);
SG_API uint64_t sg_misere_quotient_p_portion(const sg_misere_quotient_t *q);

/* sg_misere_quotient_is_p: 1 when element is in P, 0 when not, SG_EINVAL (NULL, no heap yet,
 * element >= order). sg_misere_quotient_mul: *c = a * b. @return SG_OK; SG_EINVAL.
 * @since 0.3.0 */
SG_API int sg_misere_quotient_is_p(const sg_misere_quotient_t *q, uint32_t element);
SG_API int sg_misere_quotient_mul(const sg_misere_quotient_t *q, uint32_t a, uint32_t b,
                                  uint32_t *c);

/* sg_misere_quotient_element: the pretending function: *element = the element of one heap.
 * Any heap up to the bound; beyond it only once the period is proven.
 * @return SG_OK; SG_EINVAL; SG_ERANGE (heap past the bound, no proven period). @since 0.3.0 */
SG_API int sg_misere_quotient_element(const sg_misere_quotient_t *q, uint64_t heap,
                                      uint32_t *element);

/* sg_misere_quotient_period: the pretending function's period and preperiod (phi(n + period)
 * = phi(n) for n >= preperiod, both least), proven = 1 when the whole game's quotient is
 * known; all 0 when not proven. saltus is 0. @return SG_OK; SG_EINVAL. @since 0.3.0 */
SG_API int sg_misere_quotient_period(const sg_misere_quotient_t *q, sg_period_t *period);

/* sg_misere_quotient_tame: 1 when the quotient is the tame quotient T_m, with *m (misere Nim
 * with nim-values spanning 2^(m+1): order 2 for m = 0, 2^(m+1) + 2 else, P = {a, b^2}); 0 when
 * it is wild; SG_EINVAL (NULL argument, no heap yet). @since 0.3.0 */
SG_API int sg_misere_quotient_tame(const sg_misere_quotient_t *q, unsigned *m);

/* sg_misere_quotient_last_rogue: the last heap whose element is outside the kernel (the least
 * ideal of Q), as MisereSolver's "LastRogue"; 0 when none; UINT64_MAX when the period is
 * proven and heaps outside the kernel recur forever. @since 0.3.0 */
SG_API uint64_t sg_misere_quotient_last_rogue(const sg_misere_quotient_t *q);

/* sg_misere_quotient_generators: generators of the presentation (the heaps whose element the
 * earlier heaps do not generate, named a, b, c, ... in heap order, then x27, x28, ...);
 * sg_misere_quotient_generator: *heap = the heap of generator `index`.
 * @return the count (0 for NULL); SG_OK, SG_EINVAL, SG_ERANGE (index too large). @since 0.3.0 */
SG_API uint32_t sg_misere_quotient_generators(const sg_misere_quotient_t *q);
SG_API int sg_misere_quotient_generator(const sg_misere_quotient_t *q, uint32_t index,
                                        uint64_t *heap);

/* sg_misere_quotient_presentation: the presentation as text, "<a, b | a^2 = 1, b^3 = b>": the
 * relations are the least words that are not normal forms, each set to its normal form
 * (degree first; a complete rewriting system, hence a presentation).
 * sg_misere_quotient_name: an element's normal form ("1", "a", "ab^2").
 * @return SG_OK; SG_EINVAL; SG_ERANGE (buf too small: truncated, NUL-terminated if size > 0).
 * @since 0.3.0 */
SG_API int sg_misere_quotient_presentation(const sg_misere_quotient_t *q, char *buf,
                                           size_t size);
SG_API int sg_misere_quotient_name(const sg_misere_quotient_t *q, uint32_t element, char *buf,
                                   size_t size);

/* sg_misere_quotient_outcome: *win = 1 when the player to move wins the sum of heaps in misere
 * play, 0 when not; linear in count. Heaps past the bound need a proven period.
 * sg_misere_quotient_winning_move: 1 with a move to a P-position (a sum in which no heap has a
 * move, the empty sum too, is already won: 1 with move->heap = count), 0 when the sum is P.
 * @return SG_OK / 1 / 0; SG_EINVAL; SG_ERANGE (a heap past the bound without a proven period;
 *         for a winning move, a three-part split of a heap past three bounds); SG_ENOMEM.
 * @since 0.3.0 */
SG_API int sg_misere_quotient_outcome(const sg_misere_quotient_t *q, const uint64_t *heaps,
                                      size_t count, int *win);
SG_API int sg_misere_quotient_winning_move(const sg_misere_quotient_t *q, const uint64_t *heaps,
                                           size_t count, sg_misere_quotient_move_t *move);

/* sg_misere_quotient_save: write the state of the computation (the quotient of heaps 1..n and
 * what was learnt to build it: states, transitions, test sums) to `path` (checksummed; written
 * to a fresh file beside it, synced and renamed over, so a crash leaves the old file or the new
 * one whole). The exact outcomes are not saved.
 * sg_misere_quotient_load: into q, fresh from sg_misere_quotient_create for the same game
 * (nothing extended yet), the state a file of sg_misere_quotient_save holds; extend and solve
 * then go on from heap n + 1 and give what an uninterrupted run gives. The file is read whole
 * and checked: its length, its checksum, the game it names, every number in it, and the proof
 * of the quotient of heaps 1..n it holds (as a computed one), so no file, damaged or made by
 * hand, loads as a wrong quotient. On failure q stays fresh.
 * @return SG_OK; SG_EINVAL (NULL argument; save: no heap yet; load: q not fresh); SG_EIO (the
 *         file could not be written or read, or is not a regular file); SG_EFORMAT (load:
 *         damaged, truncated, another format or version, or not a proven quotient); SG_EGAME
 *         (load: a file of another game); SG_ERANGE (load: more elements than q's max_order;
 *         save: the status of a step that failed half-way, as sg_misere_quotient_extend
 *         returns it: such an object cannot be saved, its last save stays); SG_ENOMEM.
 * @since 0.3.0 */
SG_API int sg_misere_quotient_save(const sg_misere_quotient_t *q, const char *path);
SG_API int sg_misere_quotient_load(sg_misere_quotient_t *q, const char *path);

/* sg_misere_quotient_bytes: memory held, the exact solver's included. 0 for NULL.
 * sg_misere_quotient_free: NULL-safe. @since 0.3.0 */
SG_API size_t sg_misere_quotient_bytes(const sg_misere_quotient_t *q);
SG_API void sg_misere_quotient_free(sg_misere_quotient_t *q);

/* ===================================================================================== *
 *  Structured positions                                                                 *
 *  needs: memory for the positions and results stored (a cap and an allocator per       *
 *  store); POSIX files for save and load                                                *
 * ===================================================================================== */

/* Games whose positions do not fit a 64-bit key (graphs, boards, strings) are given over
 * positions that are byte strings of any length, compared exactly: a hash only finds
 * candidates, the bytes decide, so no collision can merge two positions. A game is three
 * callbacks (sg_struct_rules_t): its options, and optionally a split of a position into
 * independent components (a sum: the values XOR) and a canonical form (one representative of
 * each class of positions the game's symmetries make equal). A store (sg_store_t) keeps the
 * value of each canonical component, and the outcomes of component + *k found by the outcome
 * search; it runs on the same guarded search as sg_memo_* (explicit stack, cycles found,
 * re-entry refused with SG_EBUSY, a memory cap after which the store stays usable). */

/* The sink a structured rule writes into (opaque; only the store makes one). */
typedef struct sg_parts sg_parts_t;

/* sg_parts_add: add the byte string bytes[0..len) (copied at once) as a part. In an options
 * callback it is a component of the option being built; in a split, one component of the
 * position; in a canonical callback, the representative (exactly one part).
 * sg_parts_end: in an options callback, close the option being built: it is the sum of the
 * parts added since the last sg_parts_end (no part: the empty sum, value 0). Every option must
 * be closed before the callback returns; split and canonical do not call it.
 * A problem (NULL bytes with len > 0, sg_parts_end outside an options callback, no memory) is
 * kept and returned by the query that ran the callback; from then on the sink ignores calls.
 * @return SG_OK, or the status kept (SG_EINVAL, SG_ENOMEM, SG_ERANGE for a part of 2^32 bytes
 *         or more); a NULL out is SG_EINVAL. @since 0.3.0 */
SG_API int sg_parts_add(sg_parts_t *out, const void *bytes, size_t len);
SG_API int sg_parts_end(sg_parts_t *out);

/* A structured game. Each callback gets the `user` given to sg_store_create first, the
 * position pos[0..len) (valid during the call only) and a sink; it returns 0 to go on, and any
 * other value stops the query with SG_ESTOP. Each must be a pure function of the bytes.
 *   options    every option of the position, each a sum of parts closed by sg_parts_end;
 *              the game must be finite (no cycle: SG_ELOOP)
 *   split      NULL, or the position's independent components (values XOR; no part: the
 *              empty sum). Applied to the queried position and to every part of an option,
 *              never to its own output
 *   canonical  NULL, or the representative of the position's class (exactly one part); the
 *              store keys components by it, so it must be idempotent and keep the value
 * sg_struct_selftest checks a rule for the ways these promises are broken. @since 0.3.0 */
typedef struct {
    int (*options)(void *user, const unsigned char *pos, size_t len, sg_parts_t *out);
    int (*split)(void *user, const unsigned char *pos, size_t len, sg_parts_t *out);
    int (*canonical)(void *user, const unsigned char *pos, size_t len, sg_parts_t *out);
} sg_struct_rules_t;

/* A store of values and outcomes of one structured game (opaque; sg_store_create /
 * sg_store_free). @since 0.3.0 */
typedef struct sg_store sg_store_t;

/* sg_store_create: an empty store for the game `rules` (copied) with `user` passed to its
 * callbacks.
 * @param memory  a cap on all the memory the store holds and an allocator (sg_memory_t);
 *                NULL: malloc/free, no cap
 * @return SG_OK; SG_EINVAL (NULL store, rules or rules->options, an allocator with one of its
 *         two functions); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_store_create(sg_store_t **store, const sg_struct_rules_t *rules, void *user,
                           const sg_memory_t *memory);

/* sg_store_free: NULL-safe. Called from a callback of the store's game, it does not free at
 * once: the running query stops, frees the store and returns SG_EBUSY. @since 0.3.0 */
SG_API void sg_store_free(sg_store_t *store);

/* sg_store_value: *value = SG(pos[0..len)): the XOR of the values of its components, each
 * the mex of its options' values, stored by canonical component.
 * The game's callbacks must not query the same store (another store is fine): such an inner
 * call is refused with SG_EBUSY and makes the running call fail with SG_EBUSY too. Not for
 * two threads at once (nothing locks).
 * @return SG_OK; SG_EINVAL (NULL s or value, NULL pos with len > 0, a callback that broke the
 *         sink's rules: an option not closed, a canonical form that is not one part); SG_ELOOP
 *         (a cycle, an option equal to its position included); SG_ESTOP (a callback returned
 *         non-zero: every result proven before the stop stays in the store, so the same query
 *         asked again redoes only the positions open at the stop); SG_ENOMEM (no memory, or
 *         the cap is reached: what was proven about positions held before stays and the store
 *         stays usable); SG_ERANGE (more than 2^32 - 1 positions, a part of 2^32
 *         bytes or more); SG_EBUSY (called from the store's own callbacks, or they freed it:
 *         then the store is gone when this call returns). On failure *value is untouched.
 * @since 0.3.0 */
SG_API int sg_store_value(sg_store_t *s, const void *pos, size_t len, sg_value_t *value);

/* sg_store_outcome: the outcome of the sum pos + *k: *next_wins = 1 when the player to move
 * wins (N), 0 when not (P); so SG(pos) == k exactly when *next_wins is 0. Found by search with
 * nimber pruning (docs/structured.md): G + *k is N iff some option G' has G' + *k P, or some
 * j < k has G + *j P; the search stops at the first option that decides, components whose
 * values are known fold into k by XOR, and of a sum of unknown components all but the largest
 * are valued in full. Outcomes are stored per (canonical component, k) beside the values.
 * @return as sg_store_value (SG_EINVAL: NULL next_wins). @since 0.3.0 */
SG_API int sg_store_outcome(sg_store_t *s, const void *pos, size_t len, sg_value_t k,
                            int *next_wins);

/* sg_store_winning_move: a move of pos + *k to a P-position: one of pos's options, given by
 * its index among the options the rule reports for pos (from 0, in the rule's order), or the
 * move in *k to *heap_to (then *option is SIZE_MAX). Options are tried first, in order.
 * @param option   receives the option's index, or SIZE_MAX for a move in *k
 * @param heap_to  may be NULL; receives the size *k is moved to (set only when the move is
 *                 in *k)
 * @return 1 (found); 0 (pos + *k is a P-position: no winning move, nothing written); the
 *         statuses of sg_store_outcome (SG_EINVAL: NULL option). @since 0.3.0 */
SG_API int sg_store_winning_move(sg_store_t *s, const void *pos, size_t len, sg_value_t k,
                                 size_t *option, sg_value_t *heap_to);

/* What a store has done and holds (sg_store_stats):
 *   nodes      positions whose options were read by a search (rule calls)
 *   hits       components and outcomes answered from the store without a search
 *   positions  byte strings held (canonical components)
 *   bytes      memory held now, counted against the cap
 * @since 0.3.0 */
typedef struct {
    uint64_t nodes, hits, positions, bytes;
} sg_store_stats_t;

/* sg_store_stats: fill *stats. May be called from the store's callbacks.
 * @return SG_OK; SG_EINVAL (NULL s or stats). @since 0.3.0 */
SG_API int sg_store_stats(const sg_store_t *s, sg_store_stats_t *stats);

/* A store's tick (sg_store_set_tick): called with its `user` from within a query; it returns
 * 0 to go on, any other value to stop the query. @since 0.3.0 */
typedef int (*sg_store_tick_fn)(void *user);

/* sg_store_set_tick: have the queries of s call tick(user) once every `every` positions their
 * searches enter (the positions sg_store_stats counts as nodes, from this call on), e.g. to
 * show progress, to stop on a signal, or to stop now and then so that the caller saves the
 * store and asks again (a save from inside tick is refused); the store is not otherwise
 * changed, so its game's callbacks stay the library's own. A non-zero return stops
 * the running query with SG_ESTOP, keeping every result it proved, as when a callback of the
 * game returns non-zero (sg_store_value). From inside tick, sg_store_stats works; any other
 * call on s is as from the game's callbacks: a query, a save or load, sg_store_set_game or
 * sg_store_set_tick is refused with SG_EBUSY, sg_store_free is done when the query ends, and
 * the running query returns SG_EBUSY. The tick stays until the next sg_store_set_tick.
 * @param tick   NULL: no tick (the default)
 * @param every  positions between calls; 0: no tick
 * @return SG_OK; SG_EINVAL (NULL s); SG_EBUSY (called from the store's callbacks or its tick).
 * @since 0.3.0 */
SG_API int sg_store_set_tick(sg_store_t *s, sg_store_tick_fn tick, void *user, uint64_t every);

/* The longest name of a store's game (sg_store_set_game), in bytes. */
#define SG_STORE_GAME_MAX 255

/* sg_store_set_game: name the game of s, so that sg_store_save writes the name into the file
 * and sg_store_load refuses a file of another name. The name (copied) is 1 to
 * SG_STORE_GAME_MAX printable ASCII characters; NULL or "" takes the name away. Say in it
 * whatever changes the meaning of the stored bytes: the rule and its version, the canonical
 * form (the stores of Node Kayles, Arc Kayles and Cram are named by the library, e.g.
 * "node-kayles/1 nauty", "cram/1").
 * sg_store_game: the name of the game of s ("" for none, or for a NULL s); valid until the
 * next sg_store_set_game or sg_store_free.
 * @return SG_OK; SG_EINVAL (NULL s, a name too long or with a character outside ' '..'~');
 *         SG_EBUSY (called from the store's callbacks). @since 0.3.0 */
SG_API int sg_store_set_game(sg_store_t *s, const char *game);
SG_API const char *sg_store_game(const sg_store_t *s);

/* sg_store_save: write the store's proven values and outcomes, with the positions they are
 * about, to `path` (checksummed; written to a fresh file beside it, synced and renamed over,
 * so a crash leaves the old file or the new one whole), with the game's name when s has one
 * (format version 2; a store without a name writes version 1, which names no game).
 * sg_store_load: add the values and outcomes of a file written by sg_store_save to s (what s
 * holds stays). The file's game must be the store's: the same name, or no name for both. The
 * file is read whole and checked (its length, its checksum, each record, and each result
 * against the one s holds for the same question) before anything is added.
 * sg_store_file_game: the name of the game of the store file at `path` into game[0..cap) ("" for
 * a file that names none), as its header says (the rest of the file is not checked), e.g. to
 * say which game a refused file is of.
 * @return SG_OK; SG_EINVAL (NULL s or path; file_game: NULL game with cap > 0); SG_EIO (the
 *         file could not be written or read, or is not a regular file); SG_EFORMAT (load,
 *         file_game: damaged, truncated, another format or version); SG_EGAME (load: the file
 *         names another game than s, or a result differs from the one s holds: the file is of
 *         another game; nothing is added); SG_ERANGE (file_game: cap too small for the name and
 *         its NUL); SG_ENOMEM (load: the cap is reached or no memory:
 *         the positions the file would add are not added, results about positions s held
 *         may be); SG_ERANGE (load: too many positions); SG_EBUSY (called from the store's
 *         callbacks). @since 0.3.0 */
SG_API int sg_store_save(sg_store_t *s, const char *path);
SG_API int sg_store_load(sg_store_t *s, const char *path);
SG_API int sg_store_file_game(const char *path, char *game, size_t cap);

/* Kinds of lie sg_struct_selftest finds (indices of sg_selftest_report_t's arrays):
 *   SG_LIE_UNSTABLE      options, split or canonical form differ between two calls
 *   SG_LIE_IDEMPOTENT    canonical(canonical(x)) is not canonical(x)
 *   SG_LIE_CANONICAL     the canonical form's value is not the position's (brute force)
 *   SG_LIE_SPLIT         the XOR of the components' values is not the position's (brute force)
 *   SG_LIE_SELF          an option equal to its position (as bytes, or as canonical forms)
 *   SG_LIE_SINK          a callback broke the sink's rules (an option left open, a canonical
 *                        form that is not one part) or returned non-zero
 * @since 0.3.0 */
enum {
    SG_LIE_UNSTABLE = 0,
    SG_LIE_IDEMPOTENT = 1,
    SG_LIE_CANONICAL = 2,
    SG_LIE_SPLIT = 3,
    SG_LIE_SELF = 4,
    SG_LIE_SINK = 5,
    SG_LIE_KINDS = 6
};

/* What sg_struct_selftest found: for each kind of lie, the samples that show it and the index
 * of the first one (SIZE_MAX: none); samples = count; brute = samples whose values were
 * compared by brute force (their positions reach at most brute_limit positions); skipped =
 * samples too large for that. @since 0.3.0 */
typedef struct {
    uint64_t lies[SG_LIE_KINDS];
    size_t first[SG_LIE_KINDS];
    uint64_t samples, brute, skipped;
} sg_selftest_report_t;

/* sg_struct_selftest: check `rules` on the sample positions pos[i][0..len[i]), i < count:
 * each callback is called twice and must give the same bytes; the canonical form must be
 * idempotent; an option must not equal its position; and, where the position reaches at most
 * brute_limit positions, the values of the position, of its canonical form and of its split
 * are found by a plain search over unsplit, uncanonical positions (options only) and must
 * agree. Lies are reported, not returned: the call succeeds on a lying rule.
 * @return SG_OK (see *r); SG_EINVAL (NULL rules, rules->options or r, NULL pos or len with
 *         count > 0, a NULL sample with length > 0); SG_ENOMEM. A cycle or SG_ESTOP in the
 *         brute force skips that sample's value checks. @since 0.3.0 */
SG_API int sg_struct_selftest(const sg_struct_rules_t *rules, void *user,
                              const unsigned char *const *pos, const size_t *len, size_t count,
                              size_t brute_limit, sg_selftest_report_t *r);

/* ===================================================================================== *
 *  Graphs, Node Kayles and Arc Kayles                                                   *
 *  needs: the structured positions above; nauty (libnauty) when the build found it      *
 * ===================================================================================== */

/* A simple undirected graph (opaque; sg_graph_create / sg_graph_free): vertices 0..n-1, no
 * loops, no multiple edges. Its byte form, the positions of the two games below:
 *   bytes 0, 1  n, little-endian (n <= SG_GRAPH_MAX_ORDER)
 *   then        one bit a pair i < j, the pair's bit k = j(j-1)/2 + i in byte 2 + k/8 at bit
 *               k%8 (least significant first); the last byte's unused bits are 0
 * so a graph on n vertices takes 2 + ceil(n(n-1)/16) bytes. @since 0.3.0 */
typedef struct sg_graph sg_graph_t;

#define SG_GRAPH_MAX_ORDER 4096

/* Forms of sg_graph_bytes:
 *   SG_GRAPH_LABELLED   the graph as labelled
 *   SG_GRAPH_CANONICAL  a canonical form: nauty's when the build has it, else the built-in one
 *   SG_GRAPH_BUILTIN    the built-in canonical form (colour refinement and a search over every
 *                       individualisation, the least byte form kept; always present, exact)
 *   SG_GRAPH_NAUTY      nauty's canonical form (densenauty); SG_EINVAL when not built in
 * A canonical form is the same for two graphs exactly when they are isomorphic; the two
 * canonical forms differ from each other, so values stored under one must not be mixed with
 * the other's. nauty keeps its work space in static storage: with nauty, canonical forms must
 * not be asked from two threads at once. @since 0.3.0 */
enum {
    SG_GRAPH_LABELLED = 0,
    SG_GRAPH_CANONICAL = 1,
    SG_GRAPH_BUILTIN = 2,
    SG_GRAPH_NAUTY = 3
};

/* sg_graph_has_nauty: 1 when this build has nauty's canonical labelling, else 0.
 * @since 0.3.0 */
SG_API int sg_graph_has_nauty(void);

/* sg_graph_create: the graph on n vertices with the edges {ends[2i], ends[2i+1]}, i < nedges
 * (an edge given twice counts once).
 * @return SG_OK; SG_EINVAL (NULL graph, NULL ends with nedges > 0, an end >= n, a loop);
 *         SG_ERANGE (n > SG_GRAPH_MAX_ORDER); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_graph_create(sg_graph_t **graph, uint32_t n, const uint32_t *ends, size_t nedges);

/* sg_graph_from_bytes: the graph of a byte form (above).
 * @return SG_OK; SG_EINVAL (NULL graph or bytes, a malformed form); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_graph_from_bytes(sg_graph_t **graph, const void *bytes, size_t len);

/* sg_graph_free: NULL-safe. @since 0.3.0 */
SG_API void sg_graph_free(sg_graph_t *graph);

/* sg_graph_order: the number of vertices (0 for NULL); sg_graph_size: of edges (0 for NULL);
 * sg_graph_adjacent: 1 when u and v are adjacent, else 0 (also for NULL or a vertex out of
 * range). @since 0.3.0 */
SG_API uint32_t sg_graph_order(const sg_graph_t *graph);
SG_API uint64_t sg_graph_size(const sg_graph_t *graph);
SG_API int sg_graph_adjacent(const sg_graph_t *graph, uint32_t u, uint32_t v);

/* sg_graph_bytes: the byte form of the graph in `form` (SG_GRAPH_LABELLED, ...) into
 * buf[0..cap); *len = its length, set also when buf is too small.
 * @return SG_OK; SG_EINVAL (NULL graph or len, an unknown form, SG_GRAPH_NAUTY without
 *         nauty); SG_ERANGE (buf NULL or cap < *len); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_graph_bytes(const sg_graph_t *graph, int form, void *buf, size_t cap,
                          size_t *len);

/* Node Kayles: a move takes a vertex and all its neighbours away. Arc Kayles: a move takes an
 * edge's two ends away (both vertices, and so every edge at either). The player who cannot
 * move loses. Each is a structured game on the byte form of graphs: components by
 * connectivity, each keyed by its canonical form (`form`: SG_GRAPH_CANONICAL, _BUILTIN or
 * _NAUTY); components whose value is known are folded at once (Node Kayles: a vertex or an
 * edge alone is *1; Arc Kayles: a vertex alone is 0, an edge alone *1).
 * The options of a position, in the order sg_store_winning_move counts them: Node Kayles, one
 * a vertex, 0..n-1; Arc Kayles, one an edge {u, v}, u < v, in the order of (u, v).
 *
 * sg_node_kayles_store, sg_arc_kayles_store: a store (sg_store_t) of the game, for the queries
 * below and for sg_store_* (values, outcomes, save and load). A store must only be given to
 * the queries of its own game.
 * @return SG_OK; SG_EINVAL (NULL store, an unknown form, SG_GRAPH_NAUTY without nauty, an
 *         allocator with one of its two functions); SG_ENOMEM. @since 0.3.0 */
SG_API int sg_node_kayles_store(sg_store_t **store, int form, const sg_memory_t *memory);
SG_API int sg_arc_kayles_store(sg_store_t **store, int form, const sg_memory_t *memory);

/* sg_node_kayles_rules, sg_arc_kayles_rules: the game's callbacks and their user (read only,
 * valid for the life of the program), as sg_node_kayles_store gives them to sg_store_create:
 * for a store made by the caller, e.g. one whose callbacks add to these (progress and stops
 * need none: sg_store_set_tick on the game's own store).
 * @return SG_OK; SG_EINVAL (NULL rules or user, a form as for sg_node_kayles_store).
 * @since 0.3.0 */
SG_API int sg_node_kayles_rules(int form, sg_struct_rules_t *rules, void **user);
SG_API int sg_arc_kayles_rules(int form, sg_struct_rules_t *rules, void **user);

/* sg_node_kayles_value, sg_arc_kayles_value: *value = the game's value on graph.
 * sg_node_kayles_outcome, sg_arc_kayles_outcome: *next_wins = 1 when graph + *k is a win for
 * the player to move, else 0 (sg_store_outcome: a search with nimber pruning, often far less
 * work than the value).
 * sg_node_kayles_winning_move: a vertex whose move leaves a position of value 0 (1: found,
 * written to *vertex; 0: graph is a P-position). sg_arc_kayles_winning_move: an edge {*u, *v}
 * likewise, *u < *v. The first in the options' order is given.
 * @param store  a store of the same game (sg_node_kayles_store / sg_arc_kayles_store) to reuse
 *               what it holds, or NULL for one made and freed within the call (canonical
 *               form SG_GRAPH_CANONICAL, no cap)
 * @return SG_OK (and 1 / 0 for the winning moves); SG_EINVAL (a NULL argument but store, a
 *         store whose sg_store_game is not one of this game's names);
 *         SG_ERANGE (graph beyond 2^32 byte forms), and the statuses of sg_store_value.
 * @since 0.3.0 */
SG_API int sg_node_kayles_value(const sg_graph_t *graph, sg_store_t *store, sg_value_t *value);
SG_API int sg_node_kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store,
                                  int *next_wins);
SG_API int sg_node_kayles_winning_move(const sg_graph_t *graph, sg_store_t *store,
                                       uint32_t *vertex);
SG_API int sg_arc_kayles_value(const sg_graph_t *graph, sg_store_t *store, sg_value_t *value);
SG_API int sg_arc_kayles_outcome(const sg_graph_t *graph, sg_value_t k, sg_store_t *store,
                                 int *next_wins);
SG_API int sg_arc_kayles_winning_move(const sg_graph_t *graph, sg_store_t *store, uint32_t *u,
                                      uint32_t *v);

/* ===================================================================================== *
 *  Boards: Cram                                                                         *
 *  needs: a structured-position store (sg_store_t)                                      *
 * ===================================================================================== */

/* Cram (impartial Domineering): a move puts a domino, across or down, on two adjacent empty
 * cells; the player who cannot move loses. Boards of rows x cols cells, rows * cols <= 64;
 * cell (r, c) is bit r * cols + c of `blocked`, a set bit a cell no domino may cover. The game
 * runs on a structured-position store (sg_store_t): a board is the bytes rows, cols and the
 * (rows * cols + 7) / 8 bytes of its empty cells (least significant first); its split is the
 * regions of empty cells, each moved to its bounding box (lone cells left out: value 0), and
 * the canonical form of a region is the least of its 8 images under the grid's rotations and
 * reflections. A store made by sg_cram_store_create keeps what one query learns for the
 * next, and sg_store_save / sg_store_load keep it across runs. @since 0.3.0 */

/* the largest encoding of a Cram board, in bytes */
#define SG_CRAM_POSITION_MAX 10

/* sg_cram_rules: the rules of Cram (options, split, canonical; their user is unused), for
 * sg_store_create or sg_struct_selftest.
 * @return SG_OK; SG_EINVAL (NULL rules). @since 0.3.0 */
SG_API int sg_cram_rules(sg_struct_rules_t *rules);

/* sg_cram_position: the encoding of a board (at most SG_CRAM_POSITION_MAX bytes) into pos,
 * its length into *len.
 * @return SG_OK; SG_EINVAL (NULL pos or len, rows or cols 0, a blocked bit at or past
 *         rows * cols); SG_ERANGE (rows * cols > 64). @since 0.3.0 */
SG_API int sg_cram_position(uint32_t rows, uint32_t cols, uint64_t blocked, unsigned char *pos,
                            size_t *len);

/* sg_cram_store_create: sg_store_create with the rules of Cram (memory: as there).
 * @return as sg_store_create. @since 0.3.0 */
SG_API int sg_cram_store_create(sg_store_t **store, const sg_memory_t *memory);

/* sg_cram_value: *value = the Sprague-Grundy value of the board, by sg_store_value on a store
 * of Cram (made by sg_cram_store_create).
 * @return SG_OK; SG_EINVAL (a store whose sg_store_game is not "cram/1"); the errors of
 *         sg_cram_position and of sg_store_value. @since 0.3.0 */
SG_API int sg_cram_value(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                         sg_value_t *value);

/* sg_cram_outcome: *next_wins = 1 when the player to move wins on the board, 0 when not, by
 * sg_store_outcome's search with nimber pruning (often far fewer positions than the value).
 * @return SG_OK; SG_EINVAL as sg_cram_value; the errors of sg_cram_position and of
 *         sg_store_outcome. @since 0.3.0 */
SG_API int sg_cram_outcome(sg_store_t *store, uint32_t rows, uint32_t cols, uint64_t blocked,
                           int *next_wins);

/* sg_cram_winning_move: a domino that leaves a position of value 0: on cell *cell (r * cols +
 * c) and the cell to its right (*down = 0) or below it (*down = 1). Either output may be NULL.
 * @return 1 (N), 0 (P); SG_EINVAL as sg_cram_value; the errors of sg_cram_position and
 *         sg_store_winning_move. @since 0.3.0 */
SG_API int sg_cram_winning_move(sg_store_t *store, uint32_t rows, uint32_t cols,
                                uint64_t blocked, uint32_t *cell, int *down);

/* ===================================================================================== *
 *  Boards: Node Kayles on grids                                                         *
 *  needs: a structured-position store (sg_store_t)                                      *
 * ===================================================================================== */

/* Node Kayles on a grid: a move takes a free cell and its free neighbours (up, down, left,
 * right); the player who cannot move loses. It is Node Kayles (sg_node_kayles_value) on the
 * grid graph of the free cells, played on boards as Cram is: rows x cols cells,
 * rows * cols <= 64, cell (r, c) bit r * cols + c of `blocked` (a set bit: a cell that is not
 * there), a board encoded as sg_cram_position encodes it. Its split is the regions of free
 * cells, each in its bounding box; regions of 1, 2 and 3 cells are valued at once (*1, *1, *2);
 * the canonical form of a region is the least of its 8 images under the grid's rotations and
 * reflections, which carry a cell's neighbourhood to the image's. No graph is built and no
 * graph labelling is asked for, so a grid is valued far faster than through sg_graph_t.
 * A store made by sg_node_kayles_board_store_create is named "node-kayles-board/1"
 * (sg_store_set_game): sg_store_load refuses the file of another game. @since 0.3.0 */

/* sg_node_kayles_board_rules: the rules of Node Kayles on boards (options, split, canonical;
 * their user is unused), for sg_store_create or sg_struct_selftest. The options of a board,
 * in the order sg_store_winning_move counts them: one a free cell, from cell 0 up.
 * @return SG_OK; SG_EINVAL (NULL rules). @since 0.3.0 */
SG_API int sg_node_kayles_board_rules(sg_struct_rules_t *rules);

/* sg_node_kayles_board_position: the encoding of a board (at most SG_CRAM_POSITION_MAX bytes,
 * the same bytes as sg_cram_position's) into pos, its length into *len.
 * @return SG_OK; SG_EINVAL (NULL pos or len, rows or cols 0, a blocked bit at or past
 *         rows * cols); SG_ERANGE (rows * cols > 64). @since 0.3.0 */
SG_API int sg_node_kayles_board_position(uint32_t rows, uint32_t cols, uint64_t blocked,
                                         unsigned char *pos, size_t *len);

/* sg_node_kayles_board_store_create: sg_store_create with the rules of Node Kayles on boards
 * (memory: as there), named "node-kayles-board/1".
 * @return as sg_store_create. @since 0.3.0 */
SG_API int sg_node_kayles_board_store_create(sg_store_t **store, const sg_memory_t *memory);

/* sg_node_kayles_board_value: *value = the Sprague-Grundy value of the board, by
 * sg_store_value on a store made by sg_node_kayles_board_store_create (SG_EINVAL for a store
 * whose sg_store_game is not "node-kayles-board/1").
 * sg_node_kayles_board_outcome: *next_wins = 1 when the board + *k is a win for the player to
 * move, 0 when not (sg_store_outcome's search with nimber pruning).
 * sg_node_kayles_board_winning_move: a free cell whose move leaves a position of value 0
 * (*cell = r * cols + c; cell may be NULL), the first in the options' order.
 * @return SG_OK (value, outcome); 1 (N: found) or 0 (P) for the winning move; the errors of
 *         sg_node_kayles_board_position and of sg_store_value / sg_store_outcome /
 *         sg_store_winning_move. @since 0.3.0 */
SG_API int sg_node_kayles_board_value(sg_store_t *store, uint32_t rows, uint32_t cols,
                                      uint64_t blocked, sg_value_t *value);
SG_API int sg_node_kayles_board_outcome(sg_store_t *store, uint32_t rows, uint32_t cols,
                                        uint64_t blocked, sg_value_t k, int *next_wins);
SG_API int sg_node_kayles_board_winning_move(sg_store_t *store, uint32_t rows, uint32_t cols,
                                             uint64_t blocked, uint32_t *cell);

#ifdef __cplusplus
}
#endif

#endif /* SG_H */
