/* A walk through the ideas of impartial games, each one computed live with libsg. */
#include "tour.h"

#include <sg.h>
#include <stdint.h>

#define TOUR_N 22

/* The Bash game: take 1..m tokens from one heap. */
static int tour_bash_rule(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t m = *(const uint64_t *)user, k;
    for (k = 1; k <= m && k <= n; k++) sg_move_to(out, n - k);
    return 0;
}

/* Lasker's Nim: take any number of tokens, or split a heap into two non-empty heaps. */
static int tour_lasker_rule(void *user, uint64_t n, sg_moves_t *out)
{
    uint64_t k, parts[2];
    (void)user;
    for (k = 1; k <= n; k++) sg_move_to(out, n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = k;
        parts[1] = n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static void tour_values(FILE *out, const char *label, const sg_value_t *t, int n)
{
    int i;
    fprintf(out, "  %-10s", label);
    for (i = 0; i < n; i++) fprintf(out, "%3u", (unsigned)t[i]);
    fprintf(out, "\n");
}

static void tour_positions(FILE *out, int n)
{
    int i;
    fprintf(out, "  %-10s", "n");
    for (i = 0; i < n; i++) fprintf(out, "%3d", i);
    fprintf(out, "\n");
}

static void tour_outcomes(FILE *out, const sg_value_t *t, int n)
{
    int i;
    fprintf(out, "  %-10s", "outcome");
    for (i = 0; i < n; i++) fprintf(out, "  %c", t[i] ? 'N' : 'P');
    fprintf(out, "\n");
}

static int tour_bash(FILE *out)
{
    sg_value_t t[TOUR_N];
    uint64_t m = 3;
    int st, i;
    fprintf(out, "1. Positions that lose: the Bash game\n\n"
                 "   One heap; a move takes 1, 2 or 3 tokens; whoever cannot move loses.\n"
                 "   A position is P (the Previous player wins: the player to move loses) when\n"
                 "   every move leads to an N position, and N when some move reaches a P one.\n"
                 "   The empty heap is P: there is no move at all.\n\n");
    if ((st = sg_table_build(t, TOUR_N, tour_bash_rule, &m)) != SG_OK) return st;
    tour_positions(out, TOUR_N);
    tour_outcomes(out, t, TOUR_N);
    fprintf(out, "\n   P positions:");
    for (i = 0; i < TOUR_N; i++)
        if (t[i] == 0) fprintf(out, " %d", i);
    fprintf(out, "\n   -- the multiples of m + 1 = 4. From 21 tokens the first player takes 1,\n"
                 "   then answers every k with 4 - k.\n\n");
    return SG_OK;
}

static int tour_nim(FILE *out)
{
    uint64_t heaps[3] = {3, 4, 5}, size;
    size_t heap, total, i;
    sg_nim_move_t moves[3];
    int st;
    fprintf(out, "2. Nim and Bouton's theorem\n\n"
                 "   Several heaps; a move takes any number of tokens from one heap.\n"
                 "   The player to move loses exactly when the XOR of the heap sizes (the\n"
                 "   nim-sum) is 0; a winning move makes it 0 again.\n\n");
    fprintf(out, "   heaps 3 4 5: nim-sum 3 ^ 4 ^ 5 = %llu\n",
            (unsigned long long)nim_sum(heaps, 3));
    if ((st = nim_winning_move(heaps, 3, &heap, &size)) < 0) return st;
    fprintf(out, "   a winning move: heap %zu from %llu to %llu tokens", heap,
            (unsigned long long)heaps[heap], (unsigned long long)size);
    heaps[heap] = size;
    fprintf(out, " -> heaps %llu %llu %llu, nim-sum %llu\n", (unsigned long long)heaps[0],
            (unsigned long long)heaps[1], (unsigned long long)heaps[2],
            (unsigned long long)nim_sum(heaps, 3));
    heaps[0] = 5; heaps[1] = 6; heaps[2] = 7;
    if ((st = nim_winning_moves(heaps, 3, moves, 3, &total)) < 0) return st;
    fprintf(out, "   heaps 5 6 7 (nim-sum %llu) have %zu winning moves:",
            (unsigned long long)nim_sum(heaps, 3), total);
    for (i = 0; i < total && i < 3; i++)
        fprintf(out, " heap %zu -> %llu;", moves[i].heap, (unsigned long long)moves[i].new_size);
    fprintf(out, "\n\n");
    return SG_OK;
}

static int tour_subtraction(FILE *out)
{
    uint64_t set[3] = {1, 3, 4};
    sg_value_t t[TOUR_N];
    sg_period_t p;
    int st;
    fprintf(out, "3. mex and the Sprague-Grundy function: the subtraction game {1, 3, 4}\n\n"
                 "   mex S is the least non-negative integer not in S. SG(n) is the mex of the\n"
                 "   values of n's options; SG(n) == 0 exactly at the P positions.\n\n");
    if ((st = sg_subtraction_table(t, TOUR_N, set, 3)) != SG_OK) return st;
    tour_positions(out, TOUR_N);
    tour_values(out, "SG", t, TOUR_N);
    tour_outcomes(out, t, TOUR_N);
    if ((st = sg_subtraction_period(set, 3, &p)) != SG_OK) return st;
    fprintf(out, "\n   Proven: preperiod %llu, period %llu (the last max(S) = 4 values decide the\n"
                 "   next, and a window of 4 repeated). P positions are n = 0 and 2 mod 7,\n"
                 "   so 100 tokens (100 mod 7 = 2) lose for the player to move.\n\n",
            (unsigned long long)p.preperiod, (unsigned long long)p.period);
    return SG_OK;
}

static int tour_lasker(FILE *out)
{
    sg_value_t t[TOUR_N];
    int st;
    fprintf(out, "4. Splitting a heap: Lasker's Nim\n\n"
                 "   A move takes any number of tokens from a heap, or splits a heap into two\n"
                 "   non-empty heaps. A split leads to a sum of two games, whose value is the\n"
                 "   XOR of theirs; the rule reports it with sg_move_to_sum.\n\n");
    if ((st = sg_table_build(t, TOUR_N, tour_lasker_rule, NULL)) != SG_OK) return st;
    tour_positions(out, TOUR_N);
    tour_values(out, "SG", t, TOUR_N);
    fprintf(out, "\n   The pattern: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4,\n"
                 "   SG(4k+4) = 4k+3.\n\n");
    return SG_OK;
}

/* Three different games in one table: position = 16 * game + heap. Options stay inside their
 * game's block, so the table holds each game's values side by side. */
#define TOUR_BLOCK 16

static int tour_union_rule(void *user, uint64_t position, sg_moves_t *out)
{
    static const uint64_t set[3] = {1, 3, 4};
    uint64_t game = position / TOUR_BLOCK, n = position % TOUR_BLOCK, base = position - n, k;
    uint64_t m = 3, parts[2];
    size_t i;
    (void)user;
    if (game == 0) {
        for (k = 1; k <= m && k <= n; k++) sg_move_to(out, base + n - k);
        return 0;
    }
    if (game == 1) {
        for (i = 0; i < 3; i++)
            if (set[i] <= n) sg_move_to(out, base + n - set[i]);
        return 0;
    }
    for (k = 1; k <= n; k++) sg_move_to(out, base + n - k);
    for (k = 1; 2 * k <= n; k++) {
        parts[0] = base + k;
        parts[1] = base + n - k;
        sg_move_to_sum(out, parts, 2);
    }
    return 0;
}

static int tour_sum(FILE *out)
{
    static const char *names[3] = {"Bash heap (take 1..3)", "{1, 3, 4} heap", "Lasker heap"};
    uint64_t heaps[3] = {9, 6, 10}, components[3];
    sg_value_t t[3 * TOUR_BLOCK], sum = 0;
    size_t i, c, option;
    int st;
    fprintf(out, "5. A sum of different games\n\n"
                 "   Games side by side; a move is made in exactly one of them. The sum's value\n"
                 "   is the XOR of the components' values (Sprague-Grundy theorem), and a\n"
                 "   winning move turns one component into a position that makes the XOR 0.\n\n");
    if ((st = sg_table_build(t, 3 * TOUR_BLOCK, tour_union_rule, NULL)) != SG_OK) return st;
    for (i = 0; i < 3; i++) {
        components[i] = i * TOUR_BLOCK + heaps[i];
        sum ^= t[components[i]];
        fprintf(out, "   %-22s of %2llu tokens: SG = %u\n", names[i],
                (unsigned long long)heaps[i], (unsigned)t[components[i]]);
    }
    fprintf(out, "   nim-sum = %u\n", (unsigned)sum);
    st = sg_winning_move(t, 3 * TOUR_BLOCK, tour_union_rule, NULL, components, 3, &c, &option);
    if (st < 0) return st;
    if (st == 0) {
        fprintf(out, "   The nim-sum is 0: the player to move loses.\n\n");
        return SG_OK;
    }
    {
        /* option numbers follow the rule's order: takes of 1, 2, ... tokens first (the
         * {1, 3, 4} heap: its moves in set order), then the Lasker heap's splits */
        static const uint64_t set[3] = {1, 3, 4};
        uint64_t n = heaps[c], take = c == 1 ? set[option] : option + 1;
        fprintf(out, "   Winning move (sg_winning_move): in the %s,", names[c]);
        if (c == 2 && option >= n)
            fprintf(out, " split it into %llu + %llu", (unsigned long long)(option - n + 1),
                    (unsigned long long)(n - (option - n + 1)));
        else
            fprintf(out, " take %llu, leaving %llu", (unsigned long long)take,
                    (unsigned long long)(n - take));
        fprintf(out, " (value %u): nim-sum 0.\n\n", (unsigned)(t[components[c]] ^ sum));
    }
    return SG_OK;
}

int grundy_tour(FILE *out)
{
    int st;
    fprintf(out, "A tour of impartial games with libsg %s\n"
                 "==========================================\n\n"
                 "Two players move in turn; the moves depend only on the position; the player\n"
                 "who cannot move loses. Every such game is a graph of positions, and libsg\n"
                 "computes each position's Sprague-Grundy value.\n\n",
            sg_version_string());
    if ((st = tour_bash(out)) != SG_OK) return st;
    if ((st = tour_nim(out)) != SG_OK) return st;
    if ((st = tour_subtraction(out)) != SG_OK) return st;
    if ((st = tour_lasker(out)) != SG_OK) return st;
    if ((st = tour_sum(out)) != SG_OK) return st;
    return SG_OK;
}
