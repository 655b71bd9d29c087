/* The index from variable-length keys to dense ids (lib/common/id_index.h), the one that the
 * misere solvers and the store of structured positions share: every answer checked against a
 * linear search over the keys held, with good hashes and with every key on one hash (so that
 * probes wrap and clusters fill); growth that fails (an allocator, a cap) leaves the index as it
 * was; the table stays at most half full; ids that do not fit in 32 bits are refused. */
#include "test.h"

#include "../lib/common/sg_internal.h"
#include "../lib/common/id_index.h"

#define MAXK 40000

/* the caller's side: keys of 32-bit words in a pool, id i at pool[off[i] .. off[i] + len[i]) */
typedef struct {
    uint32_t pool[MAXK * 4];
    size_t off[MAXK], len[MAXK], n, words;
    int collide;   /* every key hashes to one value */
} keys_t;

typedef struct {
    const uint32_t *w;
    size_t len;
} ikey_t;

static keys_t K;

static uint64_t k_hash(const keys_t *k, const uint32_t *w, size_t len)
{
    return k->collide ? 12345u : sg__ids_hash_words(len, w, len);
}

static uint64_t k_hash_of(const void *ctx, uint32_t id)
{
    const keys_t *k = (const keys_t *)ctx;
    return k_hash(k, k->pool + k->off[id], k->len[id]);
}

static int k_same(const void *ctx, uint32_t id, const void *key)
{
    const keys_t *k = (const keys_t *)ctx;
    const ikey_t *x = (const ikey_t *)key;
    return k->len[id] == x->len && memcmp(k->pool + k->off[id], x->w, x->len * 4) == 0;
}

/* the brute force: the first id holding w[0..len), or SG__IDS_NONE */
static uint32_t k_brute(const keys_t *k, const uint32_t *w, size_t len)
{
    size_t i;
    for (i = 0; i < k->n; i++)
        if (k->len[i] == len && memcmp(k->pool + k->off[i], w, len * 4) == 0) return (uint32_t)i;
    return SG__IDS_NONE;
}

static uint32_t k_find(const sg__ids_t *x, const keys_t *k, const uint32_t *w, size_t len)
{
    ikey_t key;
    key.w = w;
    key.len = len;
    return sg__ids_find(x, k_hash(k, w, len), k_same, k, &key);
}

static uint64_t rng_state = 0x853c49e6748fea9bu;
static uint32_t rng(void)
{
    rng_state = rng_state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(rng_state >> 33);
}

/* a random key of 0..3 words over a small alphabet, so that many keys come back */
static size_t random_key(uint32_t *w, uint32_t alphabet)
{
    size_t len = rng() % 4, i;
    for (i = 0; i < len; i++) w[i] = rng() % alphabet;
    return len;
}

/* find, or add as the next id: the id of w[0..len) */
static int k_intern(sg__ids_t *x, sg__mem_t *mem, keys_t *k, const uint32_t *w, size_t len,
                    size_t first, uint32_t *id)
{
    int st;
    *id = k_find(x, k, w, len);
    if (*id != SG__IDS_NONE) return SG_OK;
    if ((st = sg__ids_reserve(x, mem, k->n, first, k_hash_of, k)) != SG_OK) return st;
    k->off[k->n] = k->words;
    k->len[k->n] = len;
    memcpy(k->pool + k->words, w, len * 4);
    k->words += len;
    *id = (uint32_t)k->n;
    sg__ids_put(x, k_hash(k, w, len), *id);
    k->n++;
    return SG_OK;
}

static void k_reset(keys_t *k, int collide)
{
    k->n = k->words = 0;
    k->collide = collide;
}

static void run_against_brute(int collide, size_t ops, uint32_t alphabet, size_t first)
{
    sg__ids_t x = {NULL, 0};
    sg__mem_t mem;
    uint32_t w[4], id;
    size_t i, len;
    sg__mem_init(&mem, NULL, 0);
    k_reset(&K, collide);
    for (i = 0; i < ops && K.n < MAXK; i++) {
        uint32_t want;
        len = random_key(w, alphabet);
        want = k_brute(&K, w, len);
        CHECK_EQ(k_find(&x, &K, w, len), want);
        CHECK_EQ(k_intern(&x, &mem, &K, w, len, first, &id), SG_OK);
        CHECK_EQ(id, want != SG__IDS_NONE ? want : (uint32_t)K.n - 1);
        /* at most half full, and never below the first size asked for */
        CHECK(K.n * 2 <= sg__ids_slots(&x));
        CHECK(sg__ids_slots(&x) >= first);
        CHECK_EQ(mem.used, sg__ids_slots(&x) * sizeof(uint32_t));
    }
    for (i = 0; i < K.n; i++) CHECK_EQ(k_find(&x, &K, K.pool + K.off[i], K.len[i]), i);
    sg__ids_free(&x, &mem);
    CHECK_EQ(mem.used, 0);
    CHECK(x.slot == NULL);
}

static void ids_match_a_linear_search(void)
{
    run_against_brute(0, 60000, 24, 64);
    run_against_brute(0, 20000, 7, 1024);
}

static void ids_match_a_linear_search_when_every_key_collides(void)
{
    run_against_brute(1, 3000, 9, 1);
}

/* Ids dropped from the top (a failed search's, a truncated store's): rebuilt smaller, or
 * refilled in the room it has, the index finds exactly the ids kept. */
static void rebuild_and_refill_keep_exactly_the_ids_held(void)
{
    int collide;
    for (collide = 0; collide < 2; collide++) {
        sg__ids_t x = {NULL, 0};
        sg__mem_t mem;
        uint32_t w[4], id;
        size_t i, kept, big;
        sg__mem_init(&mem, NULL, 0);
        k_reset(&K, collide);
        while (K.n < (collide ? 700u : 5000u)) {
            size_t len = random_key(w, 40);
            CHECK_EQ(k_intern(&x, &mem, &K, w, len, 64, &id), SG_OK);
        }
        big = sg__ids_slots(&x);
        kept = K.n / 3;
        K.n = kept;
        CHECK_EQ(sg__ids_rebuild(&x, &mem, kept, 64, k_hash_of, &K), SG_OK);
        CHECK(sg__ids_slots(&x) < big && kept * 2 <= sg__ids_slots(&x));
        CHECK_EQ(mem.used, sg__ids_slots(&x) * sizeof(uint32_t));
        for (i = 0; i < kept; i++) CHECK_EQ(k_find(&x, &K, K.pool + K.off[i], K.len[i]), i);
        /* the dropped keys are gone, unless an id kept holds them (then it answers) */
        for (i = kept; i < kept * 3; i++) {
            uint32_t want = k_brute(&K, K.pool + K.off[i], K.len[i]);
            CHECK_EQ(k_find(&x, &K, K.pool + K.off[i], K.len[i]), want);
        }
        K.n = kept / 2;
        sg__ids_refill(&x, K.n, k_hash_of, &K);
        for (i = 0; i < kept; i++)
            CHECK_EQ(k_find(&x, &K, K.pool + K.off[i], K.len[i]),
                     k_brute(&K, K.pool + K.off[i], K.len[i]));
        sg__ids_free(&x, &mem);
        CHECK_EQ(mem.used, 0);
    }
}

static long fail_at, calls;
static void *failing_alloc(void *user, size_t size)
{
    (void)user;
    return ++calls == fail_at ? NULL : malloc(size);
}
static void plain_free(void *user, void *p)
{
    (void)user;
    free(p);
}

/* Growth that cannot be paid for (the k-th allocation fails, or the cap is reached) is
 * SG_ENOMEM and leaves the index as it was: every id held is still found, nothing is leaked,
 * and the index grows once memory is there again. */
static void failed_growth_leaves_the_index_as_it_was(void)
{
    sg_allocator_t a;
    long k;
    a.alloc = failing_alloc;
    a.free = plain_free;
    a.user = NULL;
    for (k = 1; k <= 10; k++) {
        sg__ids_t x = {NULL, 0};
        sg__mem_t mem;
        uint32_t w[4], id;
        size_t i, before = 0, held = 0;
        int st = SG_OK, failed = 0;
        sg__mem_init(&mem, &a, 0);
        k_reset(&K, 0);
        calls = 0;
        fail_at = k;
        while (K.n < 3000) {
            size_t len = random_key(w, 60);
            before = sg__ids_slots(&x);
            held = K.n;
            st = k_intern(&x, &mem, &K, w, len, 16, &id);
            if (st != SG_OK) {
                failed = 1;
                break;
            }
        }
        CHECK(failed);   /* 3000 ids need 10 tables, 16 to 8192 slots: allocation k fails */
        CHECK_EQ(st, SG_ENOMEM);
        CHECK_EQ(K.n, held);
        CHECK_EQ(sg__ids_slots(&x), before);
        CHECK_EQ(mem.used, before * sizeof(uint32_t));
        for (i = 0; i < K.n; i++) CHECK_EQ(k_find(&x, &K, K.pool + K.off[i], K.len[i]), i);
        fail_at = 0;   /* memory again: the same key goes in */
        CHECK_EQ(k_intern(&x, &mem, &K, w, random_key(w, 60), 16, &id), SG_OK);
        sg__ids_free(&x, &mem);
        CHECK_EQ(mem.used, 0);
    }
    {
        /* a cap of 1.5 KiB: the step from 128 slots to 256 holds both tables (1.5 KiB),
         * and 256 slots hold 128 ids; the 129th needs 1 + 2 KiB */
        sg__ids_t x = {NULL, 0};
        sg__mem_t mem;
        uint32_t w[1], id;
        sg__mem_init(&mem, NULL, 1536);
        k_reset(&K, 0);
        for (w[0] = 0; w[0] < 128; w[0]++)
            CHECK_EQ(k_intern(&x, &mem, &K, w, 1, 1, &id), SG_OK);
        CHECK_EQ(sg__ids_slots(&x), 256);
        CHECK_EQ(k_intern(&x, &mem, &K, w, 1, 1, &id), SG_ENOMEM);
        CHECK_EQ(sg__ids_slots(&x), 256);
        CHECK_EQ(sg__ids_rebuild(&x, &mem, 128, 1024, k_hash_of, &K), SG_ENOMEM);
        CHECK_EQ(sg__ids_slots(&x), 256);
        for (w[0] = 0; w[0] < 128; w[0]++) CHECK_EQ(k_find(&x, &K, w, 1), w[0]);
        sg__ids_free(&x, &mem);
        CHECK_EQ(mem.used, 0);
    }
}

/* Sizes that do not fit: ids past 32 bits are SG_ERANGE, a table past SIZE_MAX bytes
 * SG_ENOMEM, and neither allocates. */
static void sizes_that_do_not_fit_are_refused(void)
{
    sg__ids_t x = {NULL, 0};
    sg__mem_t mem;
    sg__mem_init(&mem, NULL, 0);
    k_reset(&K, 0);
    CHECK_EQ(sg__ids_reserve(&x, &mem, SG__IDS_NONE, 64, k_hash_of, &K), SG_ERANGE);
    if (sizeof(size_t) > 4)
        CHECK_EQ(sg__ids_rebuild(&x, &mem, (size_t)SG__IDS_NONE + 1, 64, k_hash_of, &K),
                 SG_ERANGE);
    CHECK_EQ(sg__ids_reserve(&x, &mem, 0, SIZE_MAX / 2 + 2, k_hash_of, &K), SG_ENOMEM);
    CHECK_EQ(sg__ids_rebuild(&x, &mem, 0, SIZE_MAX / 4 + 1, k_hash_of, &K), SG_ENOMEM);
    CHECK(x.slot == NULL);
    CHECK_EQ(mem.used, 0);
}

int main(void)
{
    RUN(ids_match_a_linear_search);
    RUN(ids_match_a_linear_search_when_every_key_collides);
    RUN(rebuild_and_refill_keep_exactly_the_ids_held);
    RUN(failed_growth_leaves_the_index_as_it_was);
    RUN(sizes_that_do_not_fit_are_refused);
    return TEST_REPORT();
}
