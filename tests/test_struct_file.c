/* sg_store_save / sg_store_load: a store's results survive the round trip and answer without
 * a rule call; a damaged file (every byte flipped in turn, every truncation) is refused or
 * loads to the same answers; a file of another game or kind is refused; misuse gets a status. */
#define _POSIX_C_SOURCE 200809L
#include "test_struct_game.h"
#include "checkpoint.h"

#include <unistd.h>

static char dir[64], path[96];

static void make_dir(void)
{
    strcpy(dir, "/tmp/test_struct_file.XXXXXX");
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/store", dir);
}

static sg_store_t *store_of(sgt_game_t *g, const sg_memory_t *m)
{
    sg_struct_rules_t r = sgt_rules(g);
    sg_store_t *s = NULL;
    CHECK_EQ(sg_store_create(&s, &r, g, m), SG_OK);
    return s;
}

#define N 12
static unsigned char pos[N][8];
static size_t len[N];

/* Values and outcomes of the samples in s (0 on success), checked against the brute force. */
static int ask(sgt_game_t *g, sg_store_t *s)
{
    size_t i;
    int bad = 0;
    for (i = 0; i < N; i++) {
        sg_value_t v, want = sgt_brute(g, pos[i], len[i]);
        int win;
        if (sg_store_value(s, pos[i], len[i], &v) != SG_OK || v != want) bad = 1;
        if (sg_store_outcome(s, pos[i], len[i], 2, &win) != SG_OK || win != (want != 2)) bad = 1;
    }
    return bad;
}

static sgt_game_t game;

/* A store of the game with the samples' results, saved to path. */
static void saved_store(void)
{
    sg_store_t *s;
    size_t i;
    sgt_make(&game, 77);
    game.split = 2;
    game.canonical = 1;
    sgt_forget();
    sgt_rng = 5;
    for (i = 0; i < N; i++) len[i] = sgt_position(pos[i]);
    s = store_of(&game, NULL);
    for (i = 0; i < N; i++) {   /* outcomes first: some are stored as outcomes, not values */
        int win;
        CHECK_EQ(sg_store_outcome(s, pos[i], len[i], 1, &win), SG_OK);
        CHECK_EQ(win, sgt_brute(&game, pos[i], len[i]) != 1);
    }
    CHECK_EQ(ask(&game, s), 0);
    CHECK_EQ(sg_store_save(s, path), SG_OK);
    sg_store_free(s);
}

static size_t read_file(const char *p, unsigned char **b)
{
    FILE *f = fopen(p, "rb");
    long n;
    CHECK(f != NULL);
    if (f == NULL) return 0;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    *b = (unsigned char *)malloc((size_t)n);
    CHECK_EQ(fread(*b, 1, (size_t)n, f), n);
    fclose(f);
    return (size_t)n;
}

static void write_file(const char *p, const unsigned char *b, size_t n)
{
    FILE *f = fopen(p, "wb");
    CHECK(f != NULL);
    if (f == NULL) return;
    CHECK_EQ(fwrite(b, 1, n, f), n);
    fclose(f);
}

/* Proves: a loaded store answers every saved question rightly without calling the rule, holds
 * the same positions, and a second load into it adds nothing new. */
static void round_trip(void)
{
    sg_store_t *s;
    sg_store_stats_t a, b;
    saved_store();
    s = store_of(&game, NULL);
    CHECK_EQ(sg_store_load(s, path), SG_OK);
    CHECK_EQ(sg_store_stats(s, &a), SG_OK);
    game.calls = 0;
    CHECK_EQ(ask(&game, s), 0);
    CHECK_EQ(game.calls, 0);
    CHECK_EQ(sg_store_load(s, path), SG_OK);
    CHECK_EQ(sg_store_stats(s, &b), SG_OK);
    CHECK_EQ(b.positions, a.positions);
    CHECK_EQ(b.nodes, 0);
    sg_store_free(s);
}

/* Proves: each byte of the file flipped, and each truncation, is refused (SG_EFORMAT, or
 * SG_EGAME when a record differs from a result the store holds) or loads to right answers;
 * a refused load adds nothing. */
static void damaged_files(void)
{
    unsigned char *b = NULL;
    size_t n, i;
    char bad[128];
    long refused = 0;
    saved_store();
    n = read_file(path, &b);
    CHECK(n > 100);
    snprintf(bad, sizeof bad, "%s/bad", dir);
    for (i = 0; i <= 2 * n; i++) {
        sg_store_t *s = store_of(&game, NULL);
        sg_store_stats_t st;
        sg_value_t v;
        int r;
        if (i < n) {
            b[i] ^= 0xff;
            write_file(bad, b, n);
            b[i] ^= 0xff;
        } else {
            write_file(bad, b, i - n);   /* every truncation (and the whole file last) */
        }
        if (i % 2) CHECK_EQ(sg_store_value(s, pos[0], len[0], &v), SG_OK);
        r = sg_store_load(s, bad);
        CHECK(r == SG_OK || r == SG_EFORMAT || r == SG_EGAME);
        if (r == SG_OK) {
            CHECK_EQ(ask(&game, s), 0);
        } else {
            refused++;
            CHECK_EQ(sg_store_stats(s, &st), SG_OK);
            CHECK(st.positions <= (i % 2 ? 8 : 0));
            CHECK_EQ(ask(&game, s), 0);
        }
        sg_store_free(s);
    }
    CHECK(refused >= (long)(2 * n) - 2);   /* the checksum holds everything but the whole file */
    free(b);
    unlink(bad);
}

/* the file's numbers are in the byte order of the processor that wrote it (its byte-order mark
 * refuses another's) */
static uint64_t get64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

/* a 4-byte field (the file is in the machine's byte order): read as 4 bytes, not as the low
 * half of 8, which on a big-endian machine is the 4 bytes after it */
static uint32_t get32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
}

/* Load the saved file b (n bytes) with one edit at off (x as a number of width 4 or 8 bytes,
 * in the host's byte order) and its checksum made right again, into s. */
static int load_forged(sg_store_t *s, const unsigned char *b, size_t n, size_t off, uint64_t x,
                       size_t width)
{
    unsigned char *c = (unsigned char *)malloc(n);
    char p[128];
    int r;
    uint32_t x32 = (uint32_t)x;
    memcpy(c, b, n);
    if (width == 4)
        memcpy(c + off, &x32, 4);   /* a uint64_t's first 4 bytes are its high half on s390x */
    else
        memcpy(c + off, &x, 8);
    ckpt_reseal(c, n);
    snprintf(p, sizeof p, "%s/forged", dir);
    write_file(p, c, n);
    r = sg_store_load(s, p);
    unlink(p);
    free(c);
    return r;
}

/* Proves: files whose checksum is right but whose records are not (a position the file does
 * not hold, an outcome that is not 0 or 1, a value key with bits of k, lengths that do not add
 * up, a header that does not match the length, another version) are SG_EFORMAT, and a changed
 * value is SG_EGAME for a store that knows the true one; nothing is added then. */
static void forged_files(void)
{
    unsigned char *b = NULL;
    size_t n, P, B, E, rec, i, vrec = SIZE_MAX, orec = SIZE_MAX;
    sg_store_t *s;
    sg_store_stats_t st;
    saved_store();
    n = read_file(path, &b);
    P = (size_t)get64(b + 16);
    B = (size_t)get64(b + 24);
    E = (size_t)get64(b + 32);
    rec = 40 + 4 * P + B;
    CHECK_EQ(rec + 12 * E + 8, n);
    for (i = 0; i < E; i++) {
        uint64_t key = get64(b + rec + 12 * i);
        if (key >> 63 && orec == SIZE_MAX) orec = rec + 12 * i;
        if (!(key >> 63) && vrec == SIZE_MAX) vrec = rec + 12 * i;
    }
    CHECK(vrec != SIZE_MAX && orec != SIZE_MAX);
    if (vrec == SIZE_MAX || orec == SIZE_MAX) return;
    s = store_of(&game, NULL);
    CHECK_EQ(load_forged(s, b, n, vrec, get64(b + vrec) & ~0xffffffffull, 8), SG_OK);
    CHECK_EQ(load_forged(s, b, n, vrec, (get64(b + vrec) & ~0xffffffffull) | P, 8), SG_EFORMAT);
    CHECK_EQ(load_forged(s, b, n, orec + 8, 2, 4), SG_EFORMAT);
    CHECK_EQ(load_forged(s, b, n, vrec, get64(b + vrec) | (uint64_t)1 << 32, 8), SG_EFORMAT);
    CHECK_EQ(load_forged(s, b, n, 40, get32(b + 40) + 1u, 4), SG_EFORMAT);
    CHECK_EQ(load_forged(s, b, n, 16, P + 1, 8), SG_EFORMAT);
    CHECK_EQ(load_forged(s, b, n, 12, 2, 4), SG_EFORMAT);
    sg_store_free(s);
    s = store_of(&game, NULL);
    CHECK_EQ(ask(&game, s), 0);
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    CHECK_EQ(load_forged(s, b, n, vrec + 8, get32(b + vrec + 8) ^ 1u, 4), SG_EGAME);
    CHECK_EQ(ask(&game, s), 0);
    sg_store_free(s);
    free(b);
}

/* Proves: a file of another game whose results differ is SG_EGAME, a sequence checkpoint or
 * any other kind of file is SG_EFORMAT, a missing file or a directory SG_EIO, and saving into
 * a missing directory SG_EIO; NULL arguments SG_EINVAL. */
static void foreign_files(void)
{
    sgt_game_t other;
    sg_store_t *s;
    sg_sequence_t *seq = NULL;
    char p2[128];
    unsigned i;
    int r = SG_OK;
    saved_store();
    /* another game: some sample differs, and the store knows it */
    for (i = 0; i < 50 && r != SG_EGAME; i++) {
        sgt_make(&other, 1000 + i);
        other.split = 2;
        other.canonical = 1;
        s = store_of(&other, NULL);
        sgt_forget();
        (void)ask(&other, s);
        r = sg_store_load(s, path);
        CHECK(r == SG_OK || r == SG_EGAME);
        sg_store_free(s);
    }
    CHECK_EQ(r, SG_EGAME);
    s = store_of(&game, NULL);
    snprintf(p2, sizeof p2, "%s/seq", dir);
    CHECK_EQ(sg_sequence_create_grundy_game(&seq), SG_OK);
    CHECK_EQ(sg_sequence_extend(seq, 100, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(seq, p2), SG_OK);
    sg_sequence_free(seq);
    CHECK_EQ(sg_store_load(s, p2), SG_EFORMAT);
    unlink(p2);
    CHECK_EQ(sg_store_load(s, dir), SG_EIO);
    snprintf(p2, sizeof p2, "%s/none", dir);
    CHECK_EQ(sg_store_load(s, p2), SG_EIO);
    snprintf(p2, sizeof p2, "%s/none/store", dir);
    CHECK_EQ(sg_store_save(s, p2), SG_EIO);
    CHECK_EQ(sg_store_save(NULL, path), SG_EINVAL);
    CHECK_EQ(sg_store_save(s, NULL), SG_EINVAL);
    CHECK_EQ(sg_store_load(NULL, path), SG_EINVAL);
    CHECK_EQ(sg_store_load(s, NULL), SG_EINVAL);
    sg_store_free(s);
}

/* Proves: a store that names its game writes the name into its file; the file loads into a
 * store of the same name (answers without a rule call) and is refused with SG_EGAME, adding
 * nothing, by a store of another name or of none, even when no result would contradict; an
 * unnamed (version 1) file is refused by a named store; sg_store_file_game reads the name; a
 * name too long or not printable is SG_EINVAL, and a damaged name is refused. */
static void named_files(void)
{
    char p2[128], name[SG_STORE_GAME_MAX + 2], got[SG_STORE_GAME_MAX + 1];
    unsigned char *b = NULL;
    sg_store_stats_t st;
    sg_store_t *s, *t;
    size_t i, n;
    saved_store();   /* path: a file of the game, unnamed */
    snprintf(p2, sizeof p2, "%s/named", dir);
    s = store_of(&game, NULL);
    CHECK(strcmp(sg_store_game(s), "") == 0);
    CHECK(strcmp(sg_store_game(NULL), "") == 0);
    CHECK_EQ(sg_store_set_game(s, "test-game/1"), SG_OK);
    CHECK(strcmp(sg_store_game(s), "test-game/1") == 0);
    CHECK_EQ(sg_store_load(s, path), SG_EGAME);   /* a file that names no game */
    CHECK_EQ(sg_store_stats(s, &st), SG_OK);
    CHECK_EQ(st.positions, 0);
    CHECK_EQ(ask(&game, s), 0);
    CHECK_EQ(sg_store_save(s, p2), SG_OK);
    CHECK_EQ(sg_store_file_game(p2, got, sizeof got), SG_OK);
    CHECK(strcmp(got, "test-game/1") == 0);
    CHECK_EQ(sg_store_file_game(path, got, sizeof got), SG_OK);
    CHECK(strcmp(got, "") == 0);
    CHECK_EQ(sg_store_file_game(p2, got, 11), SG_ERANGE);
    CHECK_EQ(sg_store_file_game(p2, NULL, 0), SG_ERANGE);
    CHECK_EQ(sg_store_file_game(p2, NULL, 5), SG_EINVAL);
    CHECK_EQ(sg_store_file_game(NULL, got, sizeof got), SG_EINVAL);
    CHECK_EQ(sg_store_file_game(dir, got, sizeof got), SG_EIO);
    sg_store_free(s);
    /* the same name: loaded, every answer without a rule call */
    t = store_of(&game, NULL);
    CHECK_EQ(sg_store_set_game(t, "test-game/1"), SG_OK);
    CHECK_EQ(sg_store_load(t, p2), SG_OK);
    game.calls = 0;
    CHECK_EQ(ask(&game, t), 0);
    CHECK_EQ(game.calls, 0);
    sg_store_free(t);
    /* another name, and none: refused, nothing added, though every result agrees */
    for (i = 0; i < 2; i++) {
        t = store_of(&game, NULL);
        CHECK_EQ(sg_store_set_game(t, i ? "" : "test-game/2"), SG_OK);
        CHECK_EQ(sg_store_load(t, p2), SG_EGAME);
        CHECK_EQ(sg_store_stats(t, &st), SG_OK);
        CHECK_EQ(st.positions, 0);
        sg_store_free(t);
    }
    /* names: 1..SG_STORE_GAME_MAX printable characters */
    t = store_of(&game, NULL);
    memset(name, 'a', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    CHECK_EQ(sg_store_set_game(t, name), SG_EINVAL);
    name[SG_STORE_GAME_MAX] = '\0';
    CHECK_EQ(sg_store_set_game(t, name), SG_OK);
    CHECK_EQ(strlen(sg_store_game(t)), SG_STORE_GAME_MAX);
    CHECK_EQ(sg_store_set_game(t, "tab\there"), SG_EINVAL);
    CHECK_EQ(sg_store_set_game(t, "\x80"), SG_EINVAL);
    CHECK_EQ(strlen(sg_store_game(t)), SG_STORE_GAME_MAX);   /* a refused name changes nothing */
    CHECK_EQ(sg_store_set_game(t, NULL), SG_OK);
    CHECK(strcmp(sg_store_game(t), "") == 0);
    CHECK_EQ(sg_store_set_game(NULL, "x"), SG_EINVAL);
    sg_store_free(t);
    /* the name's bytes damaged (the checksum made right again): refused by a store so named */
    n = read_file(p2, &b);
    for (i = 40; i < 44 + 11; i++) {
        unsigned char *c = (unsigned char *)malloc(n);
        int r;
        memcpy(c, b, n);
        c[i] = i < 44 ? (unsigned char)(c[i] ^ 0x40) : (unsigned char)0x07;
        ckpt_reseal(c, n);
        write_file(p2, c, n);
        t = store_of(&game, NULL);
        CHECK_EQ(sg_store_set_game(t, "test-game/1"), SG_OK);
        r = sg_store_load(t, p2);
        CHECK(r == SG_EFORMAT || r == SG_EGAME);
        CHECK_EQ(sg_store_file_game(p2, got, sizeof got), SG_EFORMAT);
        sg_store_free(t);
        free(c);
    }
    free(b);
    unlink(p2);
}

/* Proves: a load that passes the cap fails with SG_ENOMEM and leaves the store usable; save
 * and load from the store's own callback are refused with SG_EBUSY. */
typedef struct {
    sgt_game_t *g;
    sg_store_t *s;
    int save, load;
} busy_t;

static int busy_options(void *user, const unsigned char *p, size_t n, sg_parts_t *out)
{
    busy_t *b = (busy_t *)user;
    b->save = sg_store_save(b->s, path);
    b->load = sg_store_load(b->s, path);
    return sgt_options(b->g, p, n, out);
}

static void cap_and_busy(void)
{
    sg_memory_t m = {{NULL, NULL, NULL}, 0};
    sg_struct_rules_t r;
    sg_store_t *s;
    busy_t b;
    sg_value_t v;
    int st = SG_OK, found = 0;
    saved_store();
    /* the least cap (in steps of 256 bytes) under which a query runs and the load does not */
    for (m.max_bytes = 1024; !found && m.max_bytes < 65536; m.max_bytes += 256) {
        s = store_of(&game, &m);
        if (sg_store_value(s, pos[1], len[1], &v) == SG_OK) {
            st = sg_store_load(s, path);
            CHECK(st == SG_OK || st == SG_ENOMEM);
            if (st == SG_ENOMEM) {
                found = 1;
                CHECK_EQ(sg_store_value(s, pos[1], len[1], &v), SG_OK);
                CHECK_EQ(v, sgt_brute(&game, pos[1], len[1]));
                CHECK_EQ(sg_store_value(s, pos[2], len[2], &v), SG_OK);
                CHECK_EQ(v, sgt_brute(&game, pos[2], len[2]));
            }
        }
        sg_store_free(s);
    }
    CHECK(found);
    r = sgt_rules(&game);
    r.options = busy_options;
    r.split = NULL;       /* the user pointer is b, which the game's split would misread */
    r.canonical = NULL;
    b.g = &game;
    CHECK_EQ(sg_store_create(&b.s, &r, &b, NULL), SG_OK);
    CHECK_EQ(sg_store_value(b.s, pos[1], len[1], &v), SG_EBUSY);
    CHECK_EQ(b.save, SG_EBUSY);
    CHECK_EQ(b.load, SG_EBUSY);
    sg_store_free(b.s);
}

int main(void)
{
    make_dir();
    RUN(round_trip);
    RUN(damaged_files);
    RUN(forged_files);
    RUN(foreign_files);
    RUN(named_files);
    RUN(cap_and_busy);
    unlink(path);
    rmdir(dir);
    free(sgt_memo);
    return TEST_REPORT();
}
