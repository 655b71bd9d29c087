/* The store's compare and hash of short keys (lib/engine/struct_intern.c), which read a key of
 * 4 to 16 bytes in two loads that overlap: every key of 0 to 24 bytes, at every alignment,
 * against a copy of it (equal) and against each copy with one bit of one byte changed (not
 * equal; the first, the last and every byte between, so the bytes no load covers would show);
 * equal keys hash alike, and keys of zeros that differ in length do not. The compare
 * only runs after the hashes matched, so a wrong "equal" would show in the other tests only on
 * a collision: here it is asked directly. The sink's copy of a part (struct_parts.c), short
 * parts by the same overlapping loads, is checked the same way. */
#include "test.h"

#include "../lib/engine/struct_intern.c"
#include "../lib/engine/struct_parts.c"

static unsigned char buf_a[64], buf_b[64];

static void fill(unsigned seed)
{
    size_t i;
    for (i = 0; i < sizeof buf_a; i++) {
        seed = seed * 1103515245u + 12345u;
        buf_a[i] = (unsigned char)(seed >> 16);
    }
}

static void test_equal_and_one_bit_apart(void)
{
    size_t len, at, i, pa, pb;
    unsigned bit;
    for (len = 0; len <= 24; len++)
        for (pa = 0; pa < 8; pa++)
            for (pb = 0; pb < 8; pb += 3) {
                fill((unsigned)(len * 64 + pa * 8 + pb));
                memcpy(buf_b + pb, buf_a + pa, len);
                CHECK(sg__struct_eq(buf_a + pa, buf_b + pb, len));
                CHECK_EQ(sg__struct_hash(buf_a + pa, len), sg__struct_hash(buf_b + pb, len));
                for (at = 0; at < len; at++)
                    for (bit = 0; bit < 8; bit += 7) {
                        buf_b[pb + at] ^= (unsigned char)(1u << bit);
                        CHECK(!sg__struct_eq(buf_a + pa, buf_b + pb, len));
                        buf_b[pb + at] ^= (unsigned char)(1u << bit);
                    }
                for (i = 0; i < len; i++) CHECK_EQ(buf_a[pa + i], buf_b[pb + i]);
            }
}

/* keys that differ only in length (a longer one is the shorter and a zero byte) hash apart */
static void test_length_counts(void)
{
    unsigned char z[24];
    size_t len;
    memset(z, 0, sizeof z);
    for (len = 1; len < sizeof z; len++)
        CHECK(sg__struct_hash(z, len) != sg__struct_hash(z, len - 1));
}

/* Proves: the sink keeps each part's bytes exactly (it copies a short part by loads that
 * overlap, as the compare reads it): parts of 0 to 24 bytes from every alignment, one after
 * another at every offset in its buffer, each read back whole with its length. */
static void test_parts_copied(void)
{
    sg__mem_t mem;
    sg_parts_t p;
    size_t len, pa, i, n;
    sg__mem_init(&mem, NULL, 0);
    sg__parts_init(&p, &mem);
    fill(7);
    for (len = 0; len <= 24; len++)
        for (pa = 0; pa < 8; pa++) CHECK_EQ(sg_parts_add(&p, buf_a + pa, len), SG_OK);
    CHECK_EQ(p.nrec, 25 * 8);
    for (len = n = 0; len <= 24; len++)
        for (pa = 0; pa < 8; pa++, n++) {
            CHECK_EQ(p.rec[n].len, len);
            for (i = 0; i < len; i++) CHECK_EQ(p.bytes[p.rec[n].off + i], buf_a[pa + i]);
        }
    sg__parts_release(&p);
    CHECK_EQ(mem.used, 0);
}

int main(void)
{
    RUN(test_equal_and_one_bit_apart);
    RUN(test_length_counts);
    RUN(test_parts_copied);
    return TEST_REPORT();
}
