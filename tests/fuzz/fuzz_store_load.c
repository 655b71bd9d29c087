/* Files of sg_store_save, damaged anywhere. The target saves a seed store itself, once (a
 * random game of tests/test_struct_game.h, values and outcomes of a few positions). The input
 * edits the seed at offsets anywhere in the file (three bytes each), or is itself the whole
 * file; half of the edited seeds get their checksum made right again (tests/checkpoint.h), so
 * the loader's checks past the checksum are reached too. A file that does not load must give a
 * known status; an edit the checksum was not made right for must never load; the genuine seed
 * must load and answer as the brute force does; a store that loaded anything must answer
 * queries, save and free without a memory error. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz_file.h"
#include "../test_struct_game.h"

#include <sg.h>
#include <unistd.h>

static unsigned char *seed;
static size_t seed_len;
static char path[64], path2[64];
static sgt_game_t game;

static sg_store_t *new_store(void)
{
    sg_struct_rules_t r = sgt_rules(&game);
    sg_store_t *s = NULL;
    if (sg_store_create(&s, &r, &game, NULL) != SG_OK) abort();
    return s;
}

static void make_seed(void)
{
    static const unsigned char pos[4][4] = {{6, 5, 4}, {7, 7}, {3, 6, 2}, {5}};
    static const size_t len[4] = {3, 2, 3, 1};
    sg_store_t *s;
    sg_value_t v;
    size_t i;
    int win;
    snprintf(path, sizeof path, "/tmp/fuzz_store_load.%ld", (long)getpid());
    snprintf(path2, sizeof path2, "%s.again", path);
    sgt_make(&game, 3);
    game.split = 2;
    game.canonical = 1;
    s = new_store();
    for (i = 0; i < 4; i++) {
        if (sg_store_outcome(s, pos[i], len[i], 1, &win) != SG_OK) abort();
        if (i % 2 && sg_store_value(s, pos[i], len[i], &v) != SG_OK) abort();
    }
    if (sg_store_save(s, path) != SG_OK) abort();
    sg_store_free(s);
    seed = ckpt_get(path, &seed_len);
    if (seed == NULL) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_in_t in;
    fuzz_file_t f;
    int st;
    sg_store_t *s;
    if (seed == NULL) make_seed();
    fuzz_in_init(&in, data, size);
    fuzz_file_make(&f, &in, data, size, seed, seed_len);
    if (!ckpt_put(path2, f.bytes, f.len)) abort();
    s = new_store();
    st = sg_store_load(s, path2);
    FUZZ_CHECK(st == SG_OK || st == SG_EFORMAT || st == SG_EGAME || st == SG_ENOMEM ||
               st == SG_EIO || st == SG_ERANGE);
    if (f.changed && !f.resealed && !f.whole) FUZZ_CHECK(st != SG_OK);
    if (!f.changed) FUZZ_CHECK(st == SG_OK);
    if (st == SG_OK) {
        static const unsigned char q[3] = {6, 5, 4};
        sg_value_t v;
        int win;
        st = sg_store_value(s, q, 3, &v);
        FUZZ_CHECK(st == SG_OK);
        if (!f.changed) FUZZ_CHECK(v == sgt_brute(&game, q, 3));
        st = sg_store_outcome(s, q, 2, 0, &win);
        FUZZ_CHECK(st == SG_OK);
        FUZZ_CHECK(sg_store_save(s, path2) == SG_OK);
    }
    sg_store_free(s);
    free(f.bytes);
    unlink(path2);
    return 0;
}
