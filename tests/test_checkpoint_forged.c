/* A windowed checkpoint of Grundy's game edited on purpose, its checksum made again, does not
 * load: the rare list read back must be exactly the prefix's rare positions (a value rare
 * under the mask, listed, with its value) and the window must hold no rare value (a run stops
 * at one). Each edit is a value that could be right as far as the game's bound goes: a common
 * position of the prefix given a rare value, a rare position given a common value, a window
 * value made rare. The file as saved, its checksum made the same way, loads and reads back. */
#include "test.h"
#include "checkpoint.h"

#include "sg.h"

#define W ((uint64_t)1 << 17)
#define COUNT (2 * W + 4099)

static unsigned char *image;   /* the file as saved */
static size_t size;
static size_t at;              /* where the values start in it: slot k at at + k * width */
static unsigned width;
static uint64_t prefix, from;
static uint64_t rare_pos[4096];
static sg_value_t rare_val[4096];
static size_t nrare;

static int is_listed(uint64_t p)
{
    size_t i;
    for (i = 0; i < nrare; i++)
        if (rare_pos[i] == p) return 1;
    return 0;
}

/* the image with slot k set to x, its checksum made again, loaded: the status */
static int load_with(uint64_t k, sg_value_t x)
{
    char path[512];
    unsigned char *p = (unsigned char *)malloc(size);
    sg_sequence_t *s = NULL;
    uint64_t h;
    FILE *f;
    int st;
    if (p == NULL) return SG_ENOMEM;
    memcpy(p, image, size);
    if (width == 1) p[at + k] = (unsigned char)x;
    else memcpy(p + at + k * width, &x, width);   /* little-endian: the low bytes first */
    h = ckpt_hash(p, size - 8);
    memcpy(p + size - 8, &h, 8);
    ckpt_path(path, sizeof path, "test_checkpoint_forged.edit");
    f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f != NULL) {
        CHECK_EQ(fwrite(p, 1, size, f), size);
        fclose(f);
    }
    free(p);
    st = sg_sequence_load(&s, path);
    if (st == SG_OK) {
        sg_value_t v;
        CHECK_EQ(sg_sequence_read(s, COUNT - 1, &v, 1), SG_OK);
    }
    sg_sequence_free(s);
    remove(path);
    return st;
}

static void save_image(void)
{
    char path[512];
    sg_sequence_t *s = NULL;
    FILE *f;
    long n;
    ckpt_path(path, sizeof path, "test_checkpoint_forged.ckpt");
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_set_window(s, W), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, COUNT, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_held(s, &prefix, &from), SG_OK);
    CHECK_EQ(prefix, W);   /* the window started */
    CHECK_EQ(sg_sequence_rare(s, rare_pos, rare_val, 4096, &nrare), SG_OK);
    CHECK(nrare > 0 && nrare <= 4096);
    width = sg_sequence_width(s);
    CHECK_EQ(sg_sequence_save(s, path), SG_OK);
    sg_sequence_free(s);
    f = fopen(path, "rb");
    CHECK(f != NULL);
    if (f == NULL) return;
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    size = (size_t)n;
    image = (unsigned char *)malloc(size);
    CHECK(image != NULL);
    if (image != NULL) CHECK_EQ(fread(image, 1, size, f), size);
    fclose(f);
    remove(path);
    at = size - 8 - (size_t)(prefix + COUNT - from) * width;
}

static void test_forged(void)
{
    sg_sequence_t *s = NULL;
    sg_value_t common = 0, v;
    uint64_t p, q = 0, last = rare_pos[nrare - 1];
    if (image == NULL || nrare == 0) return;
    /* the file as saved, the checksum made here: it loads (so the edits below are what fail) */
    CHECK_EQ(load_with(last, rare_val[nrare - 1]), SG_OK);
    /* a common value: that of the first position past the last rare one */
    CHECK_EQ(sg_sequence_create_grundy_game(&s), SG_OK);
    CHECK_EQ(sg_sequence_extend(s, last + 2, NULL, NULL), SG_OK);
    CHECK_EQ(sg_sequence_read(s, last + 1, &common, 1), SG_OK);
    sg_sequence_free(s);
    for (p = prefix - 1; p > last && is_listed(p); p--)   /* a common position of the prefix */
        ;
    CHECK(!is_listed(p));
    CHECK_EQ(load_with(p, rare_val[nrare - 1]), SG_EFORMAT);   /* common made rare */
    CHECK_EQ(load_with(last, common), SG_EFORMAT);               /* rare made common */
    /* a value of the window (slot prefix + i holds G(from + i)) made rare */
    for (q = 0; q < 3 && from + q < COUNT; q++) {
        v = rare_val[q % nrare];
        CHECK(v <= (from + q) / 2);
        CHECK_EQ(load_with(prefix + q, v), SG_EFORMAT);
    }
}

int main(void)
{
    save_image();
    RUN(test_forged);
    free(image);
    return TEST_REPORT();
}
