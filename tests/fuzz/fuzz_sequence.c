/* Checkpoint files of sg_sequence_*: the input is written to a file and loaded. A file that is
 * not a whole checkpoint must give SG_EFORMAT, SG_EGAME (or SG_ENOMEM), never a crash or a huge
 * allocation, and an edited one must never load unless its checksum was made right again;
 * one that loads must read back as stored, extend without a memory error, and save to the
 * same bytes. Half of the inputs start from a genuine checkpoint of Grundy's game (the first
 * bytes choose its length), edited anywhere by the rest of the input (two bytes of offset, one
 * of value); half of those get their checksum made right after the edits (tests/checkpoint.h),
 * so the loader's checks past the checksum are reached too; a genuine one must extend to the
 * values of Grundy's game. */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"
#include "../checkpoint.h"

#include <sg.h>
#include <unistd.h>

#define PLAIN 600

/* Grundy's game from its definition: split a heap into two different non-empty heaps */
static void plain_grundy(sg_value_t *g, size_t count)
{
    static unsigned char seen[256];
    size_t n, a;
    for (n = 0; n < count; n++) {
        sg_value_t m = 0;
        memset(seen, 0, sizeof seen);
        for (a = 1; 2 * a < n; a++) seen[(g[a] ^ g[n - a]) & 255] = 1;
        while (seen[m]) m++;
        g[n] = m;
    }
}

static int write_file(const char *path, const void *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    int ok = f != NULL && fwrite(data, 1, size, f) == size;
    if (f != NULL && fclose(f) != 0) ok = 0;
    return ok;
}

static size_t read_file(const char *path, unsigned char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    size_t n;
    if (f == NULL) return 0;
    n = fread(buf, 1, cap, f);
    fclose(f);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64], path2[64];
    static sg_value_t want[PLAIN], got[PLAIN];
    static unsigned char file[1 << 16], again[1 << 16], orig[1 << 16];
    sg_sequence_t *s = NULL, *s2 = NULL;
    size_t len, len2, i;
    uint64_t count, more;
    int st, genuine = 0, edited = 0;

    if (path[0] == '\0') {
        snprintf(path, sizeof path, "/tmp/sg-fuzz-seq-%ld", (long)getpid());
        snprintf(path2, sizeof path2, "/tmp/sg-fuzz-seq-%ld-2", (long)getpid());
        plain_grundy(want, PLAIN);
    }
    if (size > 0 && (data[0] & 1)) {
        /* a genuine checkpoint of n values, then edits: (offset, byte) pairs */
        uint64_t n = size > 1 ? data[1] * 2u : 0;
        FUZZ_CHECK(sg_sequence_create_grundy_game(&s) == SG_OK);
        FUZZ_CHECK(sg_sequence_extend(s, n, NULL, NULL) == SG_OK);
        FUZZ_CHECK(sg_sequence_save(s, path) == SG_OK);
        sg_sequence_free(s);
        s = NULL;
        len = read_file(path, file, sizeof file);
        memcpy(orig, file, len);
        for (i = 2; i + 2 < size; i += 3)
            if (len > 0) file[((size_t)data[i] << 8 | data[i + 1]) % len] = data[i + 2];
        genuine = memcmp(orig, file, len) == 0;
        edited = !genuine;
        if ((data[0] & 2) && len > 8) {
            ckpt_reseal(file, len);
            edited = 0;
        }
    } else {
        len = size > 0 ? size - 1 : 0;
        if (len > sizeof file) len = sizeof file;
        memcpy(file, data + (size > 0), len);
    }
    FUZZ_CHECK(write_file(path, file, len));

    st = sg_sequence_load(&s, path);
    FUZZ_CHECK(st == SG_OK || st == SG_EFORMAT || st == SG_EGAME || st == SG_ENOMEM);
    FUZZ_CHECK(st != SG_OK || !edited);   /* the checksum finds every edit */
    if (st != SG_OK) {
        FUZZ_CHECK(s == NULL);
        FUZZ_CHECK(!genuine);
        remove(path);
        return 0;
    }
    count = sg_sequence_count(s);
    FUZZ_CHECK(len >= 48 && count <= (len - 48));   /* the values are in the file */
    /* what was loaded reads back, and saves to the same bytes */
    for (i = 0; i < count && i < PLAIN; i++) {
        FUZZ_CHECK(sg_sequence_read(s, i, &got[i], 1) == SG_OK);
        if (genuine) FUZZ_CHECK(got[i] == want[i]);
    }
    FUZZ_CHECK(sg_sequence_read(s, count, got, 1) == SG_ERANGE);
    FUZZ_CHECK(sg_sequence_save(s, path2) == SG_OK);
    len2 = read_file(path2, again, sizeof again);
    FUZZ_CHECK(len2 == len && memcmp(again, file, len) == 0);
    /* extending must stay memory-safe whatever the values were; genuine ones go on right */
    more = count + 64 < PLAIN ? PLAIN : count + 64;
    st = sg_sequence_extend(s, more, NULL, NULL);
    FUZZ_CHECK(st == SG_OK || st == SG_ENOMEM);
    if (st == SG_OK && genuine) {
        FUZZ_CHECK(sg_sequence_read(s, 0, got, PLAIN) == SG_OK);
        FUZZ_CHECK(memcmp(got, want, sizeof want) == 0);
    }
    FUZZ_CHECK(sg_sequence_load(&s2, path2) == SG_OK);
    sg_sequence_free(s2);
    sg_sequence_free(s);
    remove(path);
    remove(path2);
    return 0;
}
