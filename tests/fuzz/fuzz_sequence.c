/* Checkpoint files of sg_sequence_*, damaged anywhere. The target makes its seed checkpoints
 * itself, once: Grundy's game (on one and on two threads) and two take-and-break games, short
 * and long (past 4096 values, where the sparse and two-thread engines run). The input picks a
 * seed and edits it at offsets anywhere in the file (three bytes each), or is itself the whole
 * file; half of the edited seeds get their checksum made right again (tests/checkpoint.h), so
 * the loader's checks past the checksum are reached too. A file that does not load must give a
 * known status and no sequence; an edit the checksum was not made right for must never load;
 * a file that loads must read back, save to the same bytes, load again and extend without a
 * memory error; the genuine ones (no edit changed a byte) must load and extend to the values of
 * the definition. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "../checkpoint.h"

#include <sg.h>
#include <unistd.h>

#include "../brute.h"

#define WANT 4700u   /* values from the definition: the longest seed and a little more */
#define MAXFILE (4 * WANT + 4096)

typedef struct {
    const char *code;   /* NULL: Grundy's game */
    uint64_t count;
    unsigned threads;
    unsigned char *bytes;
    size_t len;
} seed_t;

static seed_t seeds[] = {
    {NULL, 0, 1, NULL, 0},       {NULL, 300, 1, NULL, 0},   {NULL, 4500, 2, NULL, 0},
    {"0.6", 77, 1, NULL, 0},     {"0.6", 4300, 1, NULL, 0}, {"0.07", 1000, 1, NULL, 0},
};
#define NSEEDS (sizeof seeds / sizeof seeds[0])

static sg_value_t want_gg[WANT], want_06[WANT], want_007[WANT];
static sg_octal_t *game_06, *game_007;
static char path[64], path2[64];

static int write_file(const char *p, const void *data, size_t size)
{
    FILE *f = fopen(p, "wb");
    int ok = f != NULL && fwrite(data, 1, size, f) == size;
    if (f != NULL && fclose(f) != 0) ok = 0;
    return ok;
}

static size_t read_file(const char *p, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(p, "rb");
    size_t n;
    if (f == NULL) return 0;
    n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

static const sg_octal_t *seed_game(const seed_t *s)
{
    if (s->code == NULL) return NULL;
    return strcmp(s->code, "0.6") == 0 ? game_06 : game_007;
}

static const sg_value_t *seed_want(const seed_t *s)
{
    if (s->code == NULL) return want_gg;
    return strcmp(s->code, "0.6") == 0 ? want_06 : want_007;
}

static int load(sg_sequence_t **s, const char *p, const sg_octal_t *game)
{
    return game == NULL ? sg_sequence_load(s, p) : sg_sequence_load_octal(s, p, game);
}

static void make_seeds(void)
{
    size_t i;
    snprintf(path, sizeof path, "/tmp/sg-fuzz-seq-%ld", (long)getpid());
    snprintf(path2, sizeof path2, "/tmp/sg-fuzz-seq-%ld-2", (long)getpid());
    brute_grundy_game(want_gg, WANT);
    brute_octal("0.6", want_06, WANT);
    brute_octal("0.07", want_007, WANT);
    FUZZ_CHECK(sg_octal_parse("0.6", &game_06) == SG_OK);
    FUZZ_CHECK(sg_octal_parse("0.07", &game_007) == SG_OK);
    for (i = 0; i < NSEEDS; i++) {
        seed_t *sd = &seeds[i];
        sg_sequence_t *s = NULL;
        const sg_octal_t *game = seed_game(sd);
        if (game == NULL) FUZZ_CHECK(sg_sequence_create_grundy_game(&s) == SG_OK);
        else FUZZ_CHECK(sg_sequence_create_octal(&s, game) == SG_OK);
        FUZZ_CHECK(sg_sequence_set_threads(s, sd->threads) == SG_OK);
        FUZZ_CHECK(sg_sequence_extend(s, sd->count, NULL, NULL) == SG_OK);
        FUZZ_CHECK(sg_sequence_save(s, path) == SG_OK);
        sg_sequence_free(s);
        sd->bytes = (unsigned char *)malloc(MAXFILE);
        FUZZ_CHECK(sd->bytes != NULL);
        sd->len = read_file(path, sd->bytes, MAXFILE);
        FUZZ_CHECK(sd->len > 0 && sd->len < MAXFILE);
    }
}

/* every status a load may give for a file that is not a checkpoint it can take */
static int load_refusal(int st)
{
    return st == SG_EINVAL || st == SG_ENOMEM || st == SG_EIO || st == SG_EGAME ||
           st == SG_EFORMAT || st == SG_ERANGE;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static sg_value_t got[WANT];
    static unsigned char file[MAXFILE], again[MAXFILE];
    sg_sequence_t *s = NULL, *s2 = NULL;
    const seed_t *sd;
    const sg_octal_t *game;
    size_t len, len2, i;
    uint64_t count, more;
    int st, genuine = 0, edited = 0;

    if (path[0] == '\0') make_seeds();
    if (size == 0) return 0;
    sd = &seeds[(data[0] >> 2) % NSEEDS];
    game = seed_game(sd);
    if (data[0] & 1) {
        /* a seed, then edits: (offset in three bytes, byte) */
        len = sd->len;
        memcpy(file, sd->bytes, len);
        for (i = 1; i + 3 < size; i += 4) {
            size_t at = ((size_t)data[i] | (size_t)data[i + 1] << 8 | (size_t)data[i + 2] << 16)
                        % len;
            file[at] = data[i + 3];
        }
        /* a last odd byte cuts the file short by that much */
        if ((size - 1) % 4 != 0 && data[size - 1] < len) len -= data[size - 1];
        genuine = len == sd->len && memcmp(sd->bytes, file, len) == 0;
        edited = !genuine;
        if ((data[0] & 2) && len > 8) {
            ckpt_reseal(file, len);
            edited = 0;
        }
    } else {
        len = size - 1 > sizeof file ? sizeof file : size - 1;
        memcpy(file, data + 1, len);
    }
    FUZZ_CHECK(write_file(path, file, len));

    st = load(&s, path, game);
    FUZZ_CHECK(st != SG_OK || !edited);   /* the checksum finds every edit */
    if (st != SG_OK) {
        FUZZ_CHECK(load_refusal(st));
        FUZZ_CHECK(s == NULL);
        FUZZ_CHECK(!genuine);
        remove(path);
        return 0;
    }
    count = sg_sequence_count(s);
    FUZZ_CHECK(count <= len);   /* every value is in the file, in a byte at least */
    if (genuine) FUZZ_CHECK(count == sd->count);
    /* what was loaded reads back, and saves to the same bytes */
    for (i = 0; i < count && i < WANT; i++) {
        FUZZ_CHECK(sg_sequence_read(s, i, &got[i], 1) == SG_OK);
        if (genuine) FUZZ_CHECK(got[i] == seed_want(sd)[i]);
    }
    FUZZ_CHECK(sg_sequence_read(s, count, got, 1) == SG_ERANGE);
    FUZZ_CHECK(sg_sequence_save(s, path2) == SG_OK);
    len2 = read_file(path2, again, sizeof again);
    FUZZ_CHECK(len2 == len && memcmp(again, file, len) == 0);
    /* extending must stay memory-safe whatever the values were; genuine ones go on right */
    more = count + 64 < 600 ? 600 : count + 64;
    if (more > WANT) more = WANT;
    if (more > count) {
        st = sg_sequence_extend(s, more, NULL, NULL);
        FUZZ_CHECK(st == SG_OK || st == SG_ENOMEM);
        if (st == SG_OK && genuine) {
            FUZZ_CHECK(sg_sequence_read(s, 0, got, more) == SG_OK);
            FUZZ_CHECK(memcmp(got, seed_want(sd), more * sizeof *got) == 0);
        }
    }
    FUZZ_CHECK(load(&s2, path2, game) == SG_OK);
    FUZZ_CHECK(sg_sequence_count(s2) == count);
    sg_sequence_free(s2);
    sg_sequence_free(s);
    remove(path);
    remove(path2);
    return 0;
}
