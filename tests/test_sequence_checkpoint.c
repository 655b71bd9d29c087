/* Proves that no damaged checkpoint loads as a good one and that saving cannot be turned against
 * another file: every single flipped byte, an all-zero body, every truncation, a relabelled
 * format version, a relabelled game and a checkpoint of another game are refused with their
 * status (SG_EFORMAT, SG_EGAME); a sparse file whose header claims far more values than it holds
 * fails at once, before any large allocation; a link planted at any name a save could be guessed
 * to use (PATH.tmp and the like, PATH itself) leaves its target untouched, and a save leaves no
 * file behind but PATH. Good checkpoints load to the values of the definition (tests/brute.h). */
#define _POSIX_C_SOURCE 200809L
#include "test.h"
#include "brute.h"
#include "checkpoint.h"

#include "sg.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define GG 3000u      /* values of Grundy's game in the checkpoints */
#define OCT 1500u     /* values of Officers (0.6) */

static sg_value_t gg_want[GG], oct_want[OCT], got[GG];

/* a genuine checkpoint of Grundy's game (code NULL) or of the code, as saved by the library */
static unsigned char *saved(const char *path, const char *code, uint64_t count, size_t *size)
{
    sg_sequence_t *s = NULL;
    sg_octal_t *g = NULL;
    *size = 0;
    if (code == NULL) {
        CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    } else {
        CHECK_EQ(sg_octal_parse(code, &g), SG_OK);
        CHECK_EQ(sg_sequence_create_octal(&s, g), SG_OK);
        sg_octal_free(g);
    }
    CHECK_EQ(sg_sequence_extend(s, count, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    return ckpt_get(path, size);
}

/* load the image from a file: the status; a good load must hold `want` */
static int load_image(const char *path, const unsigned char *p, size_t size,
                      const sg_value_t *want, uint64_t count)
{
    sg_sequence_t *t = (sg_sequence_t *)&t;
    int st;
    CHECK(ckpt_put(path, p, size));
    st = sg_sequence_load(&t, path);
    if (st != SG_OK) {
        CHECK(t == NULL);
        return st;
    }
    CHECK_EQ(sg_sequence_count(t), count);
    CHECK_EQ(sg_sequence_read(t, 0, got, count), SG_OK);
    CHECK(memcmp(got, want, (size_t)count * sizeof *got) == 0);
    sg_sequence_free(t);
    return st;
}

/* every byte of both files flipped in turn (one bit, and all eight) */
static void test_flipped_bytes(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_flip.ckpt");
    const char *codes[] = {NULL, "0.6"};
    const uint64_t counts[] = {GG, OCT};
    const sg_value_t *wants[] = {gg_want, oct_want};
    size_t k, i, size, refused = 0, tried = 0;
    for (k = 0; k < 2; k++) {
        unsigned char *p = saved(path, codes[k], counts[k], &size);
        CHECK(p != NULL);
        if (p == NULL) continue;
        CHECK_EQ(load_image(path, p, size, wants[k], counts[k]), SG_OK);   /* as saved */
        for (i = 0; i < size; i++) {
            unsigned m;
            for (m = 0; m < 2; m++) {
                unsigned char was = p[i];
                p[i] = (unsigned char)(was ^ (m ? 0xff : 0x01));
                refused += load_image(path, p, size, wants[k], counts[k]) == SG_EFORMAT;
                tried++;
                p[i] = was;
            }
        }
        free(p);
    }
    CHECK_EQ(refused, tried);
    remove(path);
}

/* the body (all after the 40-byte header) zeroed; every length short of the whole file */
static void test_zeroed_and_truncated(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_cut.ckpt");
    size_t size, n, refused = 0;
    unsigned char *p = saved(path, "0.6", OCT, &size), *z;
    CHECK(p != NULL);
    if (p == NULL) return;
    z = (unsigned char *)malloc(size);
    CHECK(z != NULL);
    if (z != NULL) {
        memcpy(z, p, 40);
        memset(z + 40, 0, size - 40);
        CHECK_EQ(load_image(path, z, size, oct_want, OCT), SG_EFORMAT);
        memset(z, 0, size);   /* all of it */
        CHECK_EQ(load_image(path, z, size, oct_want, OCT), SG_EFORMAT);
        free(z);
    }
    for (n = 0; n < size; n++) refused += load_image(path, p, n, oct_want, OCT) == SG_EFORMAT;
    CHECK_EQ(refused, size);
    free(p);
    remove(path);
}

/* another format version, with the checksum left as it was or made right again; a file of
 * format 1 (libsg 0.1: a 32-byte header with a game number, the values, no checksum) */
static void test_version(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_version.ckpt");
    uint32_t versions[] = {0, 1, 3, 0x02000000u}, v, old[4] = {0x01020304u, 1, 1, 1};
    uint64_t count = GG;
    size_t size, i;
    unsigned char *p = saved(path, NULL, GG, &size);
    FILE *f;
    CHECK(p != NULL);
    if (p == NULL) return;
    for (i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        memcpy(&v, p + 12, 4);
        memcpy(p + 12, &versions[i], 4);
        CHECK_EQ(load_image(path, p, size, gg_want, GG), SG_EFORMAT);
        ckpt_reseal(p, size);
        CHECK_EQ(load_image(path, p, size, gg_want, GG), SG_EFORMAT);
        memcpy(p + 12, &v, 4);
        ckpt_reseal(p, size);
    }
    CHECK_EQ(load_image(path, p, size, gg_want, GG), SG_OK);
    f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f != NULL) {
        fwrite("libsgSEQ", 1, 8, f);
        fwrite(old, 4, 4, f);   /* byte-order mark, version 1, Grundy's game, width 1 */
        fwrite(&count, 8, 1, f);
        for (i = 0; i < GG; i++) fputc((int)gg_want[i], f);
        fclose(f);
        {
            sg_sequence_t *t = NULL;
            CHECK_EQ(sg_sequence_load(&t, path), SG_EFORMAT);
            CHECK(t == NULL);
        }
    }
    free(p);
    remove(path);
}

/* a checkpoint of 0.6 relabelled as 0.7 (checksum as it was): damaged; loaded as another game:
 * SG_EGAME; a code no family has: SG_EGAME */
static void test_wrong_game(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_game.ckpt");
    sg_octal_t *g6 = NULL, *g7 = NULL;
    sg_sequence_t *t = (sg_sequence_t *)&t;
    size_t size;
    unsigned char *p = saved(path, "0.6", OCT, &size);
    CHECK(p != NULL);
    if (p == NULL) return;
    CHECK_EQ(sg_octal_parse("0.6", &g6), SG_OK);
    CHECK_EQ(sg_octal_parse("0.7", &g7), SG_OK);
    CHECK(memcmp(p + 40, "0.6", 3) == 0);
    p[42] = '7';
    CHECK_EQ(load_image(path, p, size, oct_want, OCT), SG_EFORMAT);
    CHECK_EQ(sg_sequence_load_octal(&t, path, g7), SG_EFORMAT);
    CHECK(t == NULL);
    p[42] = '6';
    CHECK(ckpt_put(path, p, size));
    CHECK_EQ(sg_sequence_load_octal(&t, path, g7), SG_EGAME);
    CHECK(t == NULL);
    CHECK_EQ(sg_sequence_load_octal(&t, path, g6), SG_OK);
    sg_sequence_free(t);
    free(p);
    /* Grundy's game loaded as a take-and-break game */
    p = saved(path, NULL, 100, &size);
    t = (sg_sequence_t *)&t;
    CHECK_EQ(sg_sequence_load_octal(&t, path, g6), SG_EGAME);
    CHECK(t == NULL);
    free(p);
    /* no family's code, with a right checksum */
    CHECK(ckpt_write(path, "go", 1, NULL, 0, gg_want, 100));
    CHECK_EQ(sg_sequence_load(&t, path), SG_EGAME);
    CHECK(t == NULL);
    sg_octal_free(g6);
    sg_octal_free(g7);
    remove(path);
}

/* A sparse file of 4 KiB whose header claims 2^28 values (and one claiming 2^62 four-byte
 * values, past any size): refused at once. */
static void test_claims_past_the_file(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_sparse.ckpt");
    uint64_t claims[] = {(uint64_t)1 << 28, (uint64_t)1 << 62, UINT64_MAX};
    uint32_t widths[] = {1, 4, 4};
    size_t size, i;
    unsigned char *p = ckpt_image("grundy-game", 2, 1, NULL, 0, gg_want, 100, &size);
    CHECK(p != NULL);
    if (p == NULL) return;
    for (i = 0; i < 3; i++) {
        sg_sequence_t *t = (sg_sequence_t *)&t;
        clock_t t0;
        int fd;
        memcpy(p + 16, &widths[i], 4);
        memcpy(p + 32, &claims[i], 8);
        ckpt_reseal(p, size);
        CHECK(ckpt_put(path, p, size));
        fd = open(path, O_WRONLY);
        CHECK(fd >= 0 && ftruncate(fd, 4096) == 0);
        if (fd >= 0) close(fd);
        t0 = clock();
        CHECK_EQ(sg_sequence_load(&t, path), SG_EFORMAT);
        CHECK((double)(clock() - t0) / CLOCKS_PER_SEC < 0.5);
        CHECK(t == NULL);
    }
    free(p);
    remove(path);
}

/* files in the directory of path whose name starts with its base name, other than `keep` */
static int strays(const char *path, const char *keep)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    char dir[512];
    struct dirent *e;
    DIR *d;
    int n = 0;
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
    if ((d = opendir(dir)) == NULL) return -1;
    while ((e = readdir(d)) != NULL)
        if (strncmp(e->d_name, base, strlen(base)) == 0 && strcmp(e->d_name, keep) != 0) n++;
    closedir(d);
    return n;
}

/* Links planted at every name a save might be guessed to write first, and at PATH itself: the
 * targets keep their bytes, the links stay links (PATH becomes the checkpoint), and a save
 * leaves nothing beside PATH. */
static void test_planted_links(void)
{
    static const char *const names[] = {".tmp", ".new", "~", ".XXXXXX", ".tmp.0", ".1", ".part"};
    char where[512], target[512], link[600], mine[600];
    const char *path = ckpt_path(where, sizeof where, "test_ckpt_link.ckpt");
    const char *slash;
    sg_sequence_t *s = NULL, *t = NULL;
    size_t i, size;
    unsigned char *p;
    struct stat info;
    ckpt_path(target, sizeof target, "test_ckpt_link_target");
    CHECK(ckpt_put(target, (const unsigned char *)"keep me\n", 8));
    remove(path);
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(link, sizeof link, "%s%s", path, names[i]);
        remove(link);
        CHECK_EQ(symlink(target, link), 0);
    }
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, GG, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);   /* over the checkpoint it wrote */
    p = ckpt_get(target, &size);
    CHECK(p != NULL && size == 8 && memcmp(p, "keep me\n", 8) == 0);
    free(p);
    for (i = 0; i < sizeof names / sizeof names[0]; i++) {
        snprintf(link, sizeof link, "%s%s", path, names[i]);
        CHECK(lstat(link, &info) == 0 && S_ISLNK(info.st_mode));
        remove(link);
    }
    slash = strrchr(path, '/');
    CHECK_EQ(strays(path, slash ? slash + 1 : path), 0);
    CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
    CHECK_EQ(sg_sequence_read(t, 0, got, GG), SG_OK);
    CHECK(memcmp(got, gg_want, sizeof gg_want) == 0);
    sg_sequence_free(t);
    /* a link at PATH: replaced by the checkpoint, its target untouched */
    remove(path);
    CHECK_EQ(symlink(target, path), 0);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    CHECK(lstat(path, &info) == 0 && S_ISREG(info.st_mode));
    p = ckpt_get(target, &size);
    CHECK(p != NULL && size == 8 && memcmp(p, "keep me\n", 8) == 0);
    free(p);
    /* a save that fails (its directory is a file) leaves nothing behind */
    snprintf(mine, sizeof mine, "%s/ckpt", target);
    CHECK_EQ(sg_sequence_save(s, mine), SG_EIO);
    CHECK_EQ(strays(path, slash ? slash + 1 : path), 0);
    sg_sequence_free(s);
    remove(path);
    remove(target);
}

int main(void)
{
    brute_grundy_game(gg_want, GG);
    brute_octal("0.6", oct_want, OCT);
    RUN(test_flipped_bytes);
    RUN(test_zeroed_and_truncated);
    RUN(test_version);
    RUN(test_wrong_game);
    RUN(test_claims_past_the_file);
    RUN(test_planted_links);
    return TEST_REPORT();
}
