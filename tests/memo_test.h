/* Shared by the memo programs (tests/test_memo*.c): an allocator that counts what it holds and
 * can be told to fail, and a budget of rule calls (a time limit) that a rule spends. */
#ifndef SG_TEST_MEMO_H
#define SG_TEST_MEMO_H

#include "sg.h"
#include "test.h"

/* ---- a counting allocator, which can be told to fail ------------------------------------ */

typedef struct {
    size_t live, bytes, calls, frees;
    size_t fail_at;   /* fail the allocation with this call number (1-based); 0: never */
    int fail_all;
} counter_t;

static inline void *count_alloc(void *user, size_t size)
{
    counter_t *c = (counter_t *)user;
    size_t *p;
    c->calls++;
    if (c->fail_all || c->calls == c->fail_at) return NULL;
    p = (size_t *)malloc(size + sizeof(size_t) * 2);
    if (p == NULL) return NULL;
    p[0] = size;
    c->live++;
    c->bytes += size;
    return p + 2;
}

static inline void count_free(void *user, void *ptr)
{
    counter_t *c = (counter_t *)user;
    size_t *p;
    if (ptr == NULL) return;
    p = (size_t *)ptr - 2;
    c->live--;
    c->bytes -= p[0];
    c->frees++;
    free(p);
}

static inline sg_allocator_t make_allocator(counter_t *c)
{
    sg_allocator_t a;
    memset(c, 0, sizeof *c);
    a.alloc = count_alloc;
    a.free = count_free;
    a.user = c;
    return a;
}


/* rule calls left before a rule stops */
typedef struct {
    uint64_t left;
} budget_t;

#endif /* SG_TEST_MEMO_H */
