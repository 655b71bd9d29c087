/* sg_sequence_*: the long-run object against sg_grundy_game_table and against the plain loop
 * of tests/brute.h; progress and cancellation; checkpoint, resume (equal to an uninterrupted run),
 * damaged checkpoints; bad input. */
#include "test.h"
#include "simd.h"
#include "brute.h"
#include "checkpoint.h"

#include "sg.h"

#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define N 60000u

static sg_value_t want[N], got[N];
static uint64_t NN = N;   /* values compared: fewer under valgrind (SG_TEST_QUICK) */

static void test_extend_and_read(void)
{
    sg_sequence_t *s = NULL;
    uint64_t steps[] = {0, 1, 5, 2047, 2048, 2049, 5000, 0, 0}, i;
    steps[7] = NN - 1000;
    steps[8] = NN;
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_count(s), 0);
    CHECK_EQ(sg_sequence_width(s), 1);
    for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
        CHECK_EQ(sg_sequence_extend(s, steps[i], NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_count(s), steps[i]);
    }
    CHECK_EQ(sg_sequence_extend(s, 10, NULL, NULL), SG_OK);   /* never shrinks */
    CHECK_EQ(sg_sequence_count(s), NN);
    CHECK_EQ(sg_sequence_read(s, 0, got, NN), SG_OK);
    CHECK(memcmp(got, want, NN * sizeof got[0]) == 0);
    CHECK_EQ(sg_sequence_read(s, NN - 3, got, 3), SG_OK);
    CHECK_EQ(got[2], want[NN - 1]);
    CHECK_EQ(sg_sequence_read(s, NN - 3, got, 4), SG_ERANGE);
    CHECK_EQ(sg_sequence_read(s, NN + 1, got, 0), SG_ERANGE);
    CHECK_EQ(sg_sequence_read(s, NN, got, 0), SG_OK);
    CHECK_EQ(sg_sequence_width(s), 1);   /* Grundy's game stays below 256 this far */
    sg_sequence_free(s);
}

static void test_progress_cancel_resume(void)
{
    sg_sequence_t *s = NULL;
    test_progress_t p = {0, 0, 10000};
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, NN, test_progress, &p), SG_ESTOP);
    CHECK(sg_sequence_count(s) >= 10000 && sg_sequence_count(s) < NN);
    CHECK(p.calls > 0);
    p.stop_at = 0;
    CHECK_EQ(sg_sequence_extend(s, NN, test_progress, &p), SG_OK);
    CHECK_EQ(p.last, NN);
    CHECK_EQ(sg_sequence_read(s, 0, got, NN), SG_OK);
    CHECK(memcmp(got, want, NN * sizeof got[0]) == 0);
    sg_sequence_free(s);
}

static void test_checkpoint(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence.ckpt");
    sg_sequence_t *s = NULL, *t = NULL;
    uint64_t cuts[] = {0, 100, 2048, 3001, 17000}, i;
    FILE *f;
    for (i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
        CHECK_EQ(sg_sequence_extend(s, cuts[i], NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_save(s, path), SG_OK);
        sg_sequence_free(s);
        CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
        CHECK_EQ(sg_sequence_count(t), cuts[i]);
        CHECK_EQ(sg_sequence_extend(t, NN, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_read(t, 0, got, NN), SG_OK);
        CHECK(memcmp(got, want, NN * sizeof got[0]) == 0);
        sg_sequence_free(t);
        t = NULL;
    }
    /* a checkpoint cut short, one with extra bytes, one with a wrong header: refused */
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 5000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    f = fopen(path, "ab");
    CHECK(f != NULL);
    if (f != NULL) {
        fputc(7, f);
        fclose(f);
    }
    CHECK_EQ(sg_sequence_load(&t, path), SG_EFORMAT);
    CHECK(t == NULL);
    f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f != NULL) {
        fputs("libsgSEQ but not really", f);
        fclose(f);
    }
    CHECK_EQ(sg_sequence_load(&t, path), SG_EFORMAT);
    remove(path);
    CHECK_EQ(sg_sequence_save(NULL, path), SG_EINVAL);
}

/* A file that cannot be opened, read or written is SG_EIO; one that is read but is no
 * checkpoint is SG_EFORMAT (above). */
static void test_io_errors(void)
{
    char where[512];
    sg_sequence_t *s = NULL, *t = (sg_sequence_t *)&t;
    CHECK_EQ(sg_sequence_load(&t, ckpt_path(where, sizeof where, "no/such/file")), SG_EIO);
    CHECK(t == NULL);
    t = (sg_sequence_t *)&t;
    CHECK_EQ(sg_sequence_load(&t, ckpt_path(where, sizeof where, "")), SG_EIO);   /* a directory */
    CHECK(t == NULL);
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 100, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, ckpt_path(where, sizeof where, "no/such/dir/ckpt")), SG_EIO);
    CHECK_EQ(sg_sequence_save(s, ckpt_path(where, sizeof where, "")), SG_EIO);
    sg_sequence_free(s);
}

/* Write `len` bytes of `data` into the FIFO `path` from a child process, then load it. */
static int load_through_pipe(const char *path, const void *data, size_t len, sg_sequence_t **t)
{
    int st, status = 0;
    pid_t pid;
    remove(path);
    if (mkfifo(path, 0600) != 0) return 1000;
    pid = fork();
    if (pid == 0) {
        FILE *f = fopen(path, "wb");
        size_t put = f != NULL ? fwrite(data, 1, len, f) : 0;
        if (f != NULL) fclose(f);
        _exit(put == len ? 0 : 1);
    }
    st = pid < 0 ? 1001 : sg_sequence_load(t, path);
    if (pid > 0) waitpid(pid, &status, 0);
    remove(path);
    return st;
}

/* A checkpoint read from a pipe (no length to check first): the values are read as they come,
 * so a header that claims more values than follow is refused, not answered with SG_ENOMEM. */
static void test_pipe_checkpoint(void)
{
    char where[512], fifo_where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_pipe.ckpt");
    const char *fifo = ckpt_path(fifo_where, sizeof fifo_where, "test_sequence.fifo");
    static unsigned char file[40 + 11 + 5000 + 8];   /* header, "grundy-game", values, sum */
    uint64_t huge = (uint64_t)1 << 60;
    sg_sequence_t *s = NULL, *t = NULL;
    size_t len;
    FILE *f;
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, 5000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    f = fopen(path, "rb");
    CHECK(f != NULL);
    if (f == NULL) return;
    len = fread(file, 1, sizeof file, f);
    fclose(f);
    remove(path);
    CHECK_EQ(len, sizeof file);
    CHECK_EQ(load_through_pipe(fifo, file, len, &t), SG_OK);
    CHECK_EQ(sg_sequence_count(t), 5000);
    CHECK_EQ(sg_sequence_extend(t, 6000, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(t, 0, got, 6000), SG_OK);
    CHECK(memcmp(got, want, 6000 * sizeof got[0]) == 0);
    sg_sequence_free(t);
    t = NULL;
    CHECK_EQ(load_through_pipe(fifo, file, len - 1, &t), SG_EFORMAT);   /* cut short */
    CHECK(t == NULL);
    memcpy(file + 32, &huge, 8);   /* the count field */
    CHECK_EQ(load_through_pipe(fifo, file, len, &t), SG_EFORMAT);
    CHECK(t == NULL);
}

/* checkpoints of two- and four-byte values (as after widenings), written here field by field */
static void test_wide_checkpoint(void)
{
    char where[512];
    const char *path = ckpt_path(where, sizeof where, "test_sequence_wide.ckpt");
    uint64_t count = 9000;
    uint32_t width;
    for (width = 2; width <= 4; width += 2) {
        sg_sequence_t *t = NULL;
        CHECK(ckpt_write(path, "grundy-game", width, NULL, 0, want, count));
        CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
        CHECK_EQ(sg_sequence_width(t), width);
        CHECK_EQ(sg_sequence_count(t), count);
        CHECK_EQ(sg_sequence_extend(t, NN, NULL, NULL), SG_OK);
        CHECK_EQ(sg_sequence_read(t, 0, got, NN), SG_OK);
        CHECK(memcmp(got, want, NN * sizeof got[0]) == 0);
        /* saved and loaded again at its width */
        CHECK_EQ(sg_sequence_save(t, path), SG_OK);
        sg_sequence_free(t);
        t = NULL;
        CHECK_EQ(sg_sequence_load(&t, path), SG_OK);
        CHECK_EQ(sg_sequence_width(t), width);
        CHECK_EQ(sg_sequence_read(t, 0, got, NN), SG_OK);
        CHECK(memcmp(got, want, NN * sizeof got[0]) == 0);
        sg_sequence_free(t);
    }
    remove(path);
}

/* the game a sequence holds, by its canonical code */
static void test_game(void)
{
    sg_sequence_t *s = NULL;
    char buf[SG_SEQUENCE_GAME_MAX], small[5];
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_game(s, buf, sizeof buf), SG_OK);
    CHECK(strcmp(buf, "grundy-game") == 0);
    CHECK_EQ(sg_sequence_game(s, buf, 12), SG_OK);   /* exactly the code and its NUL */
    CHECK_EQ(sg_sequence_game(s, small, sizeof small), SG_ERANGE);
    CHECK(strcmp(small, "grun") == 0);
    CHECK_EQ(sg_sequence_game(s, buf, 0), SG_ERANGE);
    CHECK_EQ(sg_sequence_game(s, NULL, 0), SG_ERANGE);
    CHECK_EQ(sg_sequence_game(s, NULL, 5), SG_EINVAL);
    CHECK_EQ(sg_sequence_game(NULL, buf, sizeof buf), SG_EINVAL);
    sg_sequence_free(s);
}

static void test_bad_input(void)
{
    sg_sequence_t *s = (sg_sequence_t *)&s;
    CHECK_EQ(sg_sequence_create_grundy_game(NULL), SG_EINVAL);
    CHECK_EQ(sg_sequence_load(&s, NULL), SG_EINVAL);
    CHECK(s == NULL);
    CHECK_EQ(sg_sequence_extend(NULL, 5, NULL, NULL), SG_EINVAL);
    CHECK_EQ(sg_sequence_count(NULL), 0);
    CHECK_EQ(sg_sequence_width(NULL), 0);
    CHECK_EQ(sg_sequence_read(NULL, 0, got, 1), SG_EINVAL);
    CHECK_EQ(sg_sequence_load(NULL, "x"), SG_EINVAL);
    sg_sequence_free(NULL);
}

int main(void)
{
    if (test_scale(16) != 16) NN = 24000;
    brute_grundy_game(want, NN);
    RUN(test_extend_and_read);
    RUN(test_progress_cancel_resume);
    RUN(test_checkpoint);
    RUN(test_io_errors);
    RUN(test_pipe_checkpoint);
    RUN(test_wide_checkpoint);
    RUN(test_game);
    RUN(test_bad_input);
    test_simd_report(TEST_SIMD_GRUNDY_GAME);
    return TEST_REPORT();
}
