/* A loaded checkpoint holds no more room than the run it came from. Reading the values doubles
 * the store's room as they come (a pipe's length is not known); a windowed store then filled
 * all of that room before it slid, so a resumed window held up to twice the memory of the run
 * that saved it. Here a window of 2^19 values of Grundy's game is saved past the point where
 * the reading's doubling overshoots (more than 2^20 slots), loaded, and extended: its room
 * stays the window's (prefix, window and the values between two slides), and every value
 * equals the one-shot run's (the stats' FNV-1a hash of all values, and the values held). */
#include "test.h"
#include "checkpoint.h"

#include "../lib/longrun/longrun.h"

#include "sg.h"

#define W ((uint64_t)1 << 19)
#define SAVED (2 * W + ((uint64_t)1 << 16) + 7)
#define END (SAVED + W)
#define ROOM (2 * W + ((W / 8) > ((uint64_t)1 << 16) ? W / 8 : ((uint64_t)1 << 16)))

static void test_resumed_window_room(void)
{
    char path[512];
    sg_sequence_t *whole = NULL, *s = NULL;
    sg_sequence_stats_t a, b;
    sg_value_t x[64], y[64];
    uint64_t prefix, from, i;
    ckpt_path(path, sizeof path, "test_checkpoint_room.ckpt");
    CHECK_EQ(sg_sequence_create_grundy_game(&whole), SG_OK);
    CHECK_EQ(sg_sequence_set_window(whole, W), SG_OK);
    CHECK_EQ(sg_sequence_extend(whole, END, NULL, NULL), SG_OK);
    CHECK(whole->values.cap <= ROOM);

    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, W), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, SAVED, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_held(s, &prefix, &from), SG_OK);
    CHECK_EQ(prefix, W);   /* the window started: the saved store holds more than 2^20 slots */
    CHECK(sg__values_slots(&s->values) > ((uint64_t)1 << 20));
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    s = NULL;
    CHECK_EQ(sg_sequence_load(&s, path), SG_OK);
    remove(path);
    if (s == NULL) {
        sg_sequence_free(whole);
        return;
    }
    CHECK(s->values.cap <= ROOM);
    CHECK_EQ(sg_sequence_extend(s, END, NULL, NULL), SG_OK);
    CHECK(s->values.cap <= ROOM);

    CHECK_EQ(sg_sequence_stats(whole, &a), SG_OK);
    CHECK_EQ(sg_sequence_stats(s, &b), SG_OK);
    CHECK_EQ(a.hash, b.hash);
    CHECK_EQ(sg_sequence_held(s, &prefix, &from), SG_OK);
    for (i = 0; i + 64 <= prefix; i += prefix / 16) {   /* the prefix and the window's last */
        CHECK_EQ(sg_sequence_read(whole, i, x, 64), SG_OK);
        CHECK_EQ(sg_sequence_read(s, i, y, 64), SG_OK);
        CHECK(memcmp(x, y, sizeof x) == 0);
    }
    CHECK_EQ(sg_sequence_read(whole, END - 64, x, 64), SG_OK);
    CHECK_EQ(sg_sequence_read(s, END - 64, y, 64), SG_OK);
    CHECK(memcmp(x, y, sizeof x) == 0);
    sg_sequence_free(s);
    sg_sequence_free(whole);
}

int main(void)
{
    RUN(test_resumed_window_room);
    return TEST_REPORT();
}
