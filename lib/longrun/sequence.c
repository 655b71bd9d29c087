#include "../common/sg_internal.h"
#include "../games/grundy_game.h"

#include <stdio.h>
#include <stdlib.h>

/* Long runs: the values in one byte each until one reaches 256, then in two until one reaches
 * 65536, then in four. Grundy's game engine reads them where they are (sg__gg_attach after
 * every move); the take-and-break engine reads a four-byte copy made for the length of one
 * sg_sequence_extend, and its byte arrays are rebuilt from the values after a load.
 * A checkpoint file is a 32-byte header, then (take-and-break games only) the canonical code in
 * SG__SEQ_CODE bytes padded with NUL, then the values as they are in memory:
 *   "libsgSEQ" | u32 byte-order mark 0x01020304 | u32 version 1 | u32 game | u32 width |
 *   u64 count                                                                                 */

#define SG__SEQ_MAGIC "libsgSEQ"
#define SG__SEQ_BOM 0x01020304u
#define SG__SEQ_VERSION 1u
#define SG__SEQ_PROGRESS ((uint64_t)1 << 14)
#define SG__SEQ_THREADS_FROM 4096u   /* values an extend must ask for to start a second thread */
#define SG__SEQ_OCTAL 2        /* the game field of a take-and-break sequence */
#define SG__SEQ_CODE 72        /* room for a canonical code: 2 + 64 digits, NUL, padding */

struct sg_sequence {
    int game;
    unsigned width;          /* 1, 2 or 4: which of g8, g16, g32 holds the values */
    unsigned char *g8;
    uint16_t *g16;
    sg_value_t *g32;
    uint64_t count, cap;     /* values held, values room */
    sg__gg_t *engine;        /* Grundy's game */
    unsigned threads;        /* threads of a run: 1, or 2 (Grundy's game) */
    sg_octal_t octal;        /* take-and-break: the game (a copy), */
    sg__octal_run_t run;     /* its engine (run.n == count unless values were loaded), */
    int proven;              /* 1: G(n + per) == G(n) for n >= pre, proven */
    uint64_t pre, per, check;   /* ... and where to look for a proof next */
};

int sg_sequence_create(sg_sequence_t **seq, int game)
{
    sg_sequence_t *s;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (game != SG_SEQUENCE_GRUNDY_GAME) return SG_EINVAL;
    s = (sg_sequence_t *)calloc(1, sizeof *s);
    if (s == NULL) return SG_ENOMEM;
    s->game = game;
    s->width = 1;
    s->threads = 1;
    if ((st = sg__gg_create(&s->engine)) != SG_OK) {
        free(s);
        return st;
    }
    *seq = s;
    return SG_OK;
}

int sg_sequence_create_octal(sg_sequence_t **seq, const sg_octal_t *game)
{
    sg_sequence_t *s;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (game == NULL) return SG_EINVAL;
    s = (sg_sequence_t *)calloc(1, sizeof *s);
    if (s == NULL) return SG_ENOMEM;
    s->game = SG__SEQ_OCTAL;
    s->width = 1;
    s->threads = 1;
    s->octal = *game;
    sg__octal_run_init(&s->run, &s->octal);
    s->check = sg__octal_next_check(0);
    *seq = s;
    return SG_OK;
}

void sg_sequence_free(sg_sequence_t *seq)
{
    if (seq == NULL) return;
    sg__gg_free(seq->engine);
    if (seq->game == SG__SEQ_OCTAL) sg__octal_run_release(&seq->run);
    free(seq->g8);
    free(seq->g16);
    free(seq->g32);
    free(seq);
}

uint64_t sg_sequence_count(const sg_sequence_t *seq) { return seq ? seq->count : 0; }

unsigned sg_sequence_width(const sg_sequence_t *seq) { return seq ? seq->width : 0; }

static void *sg__seq_data(const sg_sequence_t *s)
{
    return s->width == 1 ? (void *)s->g8 : s->width == 2 ? (void *)s->g16 : (void *)s->g32;
}

static void sg__seq_attach(sg_sequence_t *s)
{
    if (s->engine == NULL) return;
    sg__gg_attach(s->engine, s->width == 1 ? s->g8 : NULL, s->width == 2 ? s->g16 : NULL,
                  s->width == 4 ? s->g32 : NULL);
}

/* Room for `need` values (geometric growth). */
static int sg__seq_reserve(sg_sequence_t *s, uint64_t need)
{
    uint64_t cap = s->cap <= UINT64_MAX / 2 ? 2 * s->cap : UINT64_MAX;
    void *p;
    if (need <= s->cap) return SG_OK;
    if (cap < need) cap = need;   /* a long run asks once: exactly what it needs */
    if (cap > SIZE_MAX / s->width) return SG_ENOMEM;
    p = realloc(sg__seq_data(s), (size_t)cap * s->width);
    if (p == NULL) {
        /* not the doubling: exactly what is needed (if that is less) */
        if (cap == need) return SG_ENOMEM;
        cap = need;
        if (cap > SIZE_MAX / s->width) return SG_ENOMEM;
        p = realloc(sg__seq_data(s), (size_t)cap * s->width);
        if (p == NULL) return SG_ENOMEM;
    }
    if (s->width == 1) s->g8 = (unsigned char *)p;
    else if (s->width == 2) s->g16 = (uint16_t *)p;
    else s->g32 = (sg_value_t *)p;
    s->cap = cap;
    sg__seq_attach(s);
    return SG_OK;
}

static sg_value_t sg__seq_at(const sg_sequence_t *s, uint64_t i)
{
    return s->width == 1 ? s->g8[i] : s->width == 2 ? s->g16[i] : s->g32[i];
}

/* Two bytes per value (width 2), or four (width 4), from now on. */
static int sg__seq_widen(sg_sequence_t *s, unsigned width)
{
    size_t room = (size_t)(s->cap ? s->cap : 1);
    uint64_t i;
    void *w;
    if (room > SIZE_MAX / width) return SG_ENOMEM;
    /* give back the unused room first: the peak is the new block plus the values, not plus the
     * old block's room (2^30 values widening at n = 7250049: 2 GiB, not 3) */
    if (s->count > 0 && s->count < s->cap) {
        void *q = realloc(sg__seq_data(s), (size_t)s->count * s->width);
        if (q != NULL) {
            if (s->width == 1) s->g8 = (unsigned char *)q;
            else s->g16 = (uint16_t *)q;   /* width 2: widening to 4 */
            s->cap = s->count;
            sg__seq_attach(s);
        }
    }
    if ((w = malloc(room * width)) == NULL) return SG_ENOMEM;
    s->cap = room;
    for (i = 0; i < s->count; i++) {
        if (width == 2) ((uint16_t *)w)[i] = (uint16_t)sg__seq_at(s, i);
        else ((sg_value_t *)w)[i] = sg__seq_at(s, i);
    }
    free(sg__seq_data(s));
    s->g8 = NULL;
    s->g16 = NULL;
    s->g32 = NULL;
    if (width == 2) s->g16 = (uint16_t *)w;
    else s->g32 = (sg_value_t *)w;
    s->width = width;
    sg__seq_attach(s);
    return SG_OK;
}

/* Store v at n (n == s->count), widening first when it does not fit. */
static int sg__seq_put(sg_sequence_t *s, uint64_t n, sg_value_t v)
{
    int st;
    if (v > 255 && s->width == 1 && (st = sg__seq_widen(s, 2)) != SG_OK) return st;
    if (v > 65535 && s->width == 2 && (st = sg__seq_widen(s, 4)) != SG_OK) return st;
    if (s->width == 1) s->g8[n] = (unsigned char)v;
    else if (s->width == 2) s->g16[n] = (uint16_t)v;
    else s->g32[n] = v;
    s->count = n + 1;
    return SG_OK;
}

/* Take-and-break: the exact engine on a four-byte copy of the values, SG__SEQ_PROGRESS values
 * at a time; once the periodicity theorem proves a period, the rest is copied. */
static int sg__seq_octal_extend(sg_sequence_t *s, uint64_t count, sg_progress_fn progress,
                                void *user)
{
    uint64_t start = s->count, n, upto, n0, q, end, len;
    sg_value_t *G = NULL;
    int st = SG_OK, ran;
    if (!s->proven) {
        if (count > SIZE_MAX / sizeof *G || (G = (sg_value_t *)malloc((size_t)count *
                                                                       sizeof *G)) == NULL)
            return SG_ENOMEM;
        for (n = 0; n < s->count; n++) G[n] = sg__seq_at(s, n);
        if (s->run.n != s->count) {   /* loaded, or the engine ran ahead of what was stored */
            sg__octal_run_release(&s->run);
            sg__octal_run_init(&s->run, &s->octal);
            if ((st = sg__octal_run_resume(&s->run, G, s->count)) != SG_OK) {
                free(G);
                sg__octal_run_release(&s->run);
                sg__octal_run_init(&s->run, &s->octal);
                return st;
            }
        }
    }
    while (s->count < count) {
        if (progress != NULL && s->count > start && progress(user, s->count, count)) {
            st = SG_ESTOP;
            break;
        }
        if (!s->proven && s->count >= s->check) {
            s->check = sg__octal_next_check(s->count);
            if (sg__octal_find_proof(&s->octal, G, s->count, &n0, &q, &end)) {
                sg__octal_least(G, n0, q, &s->pre, &s->per);
                s->proven = 1;
            }
        }
        upto = count - s->count > SG__SEQ_PROGRESS ? s->count + SG__SEQ_PROGRESS : count;
        if (s->proven) {
            /* [pre, count) repeats with period per: copy whole periods (doubling each time);
             * the values are those already held, so the width stays */
            unsigned char *d = (unsigned char *)sg__seq_data(s);
            for (n = s->count; n < upto; n += len) {
                uint64_t back = (n - s->pre) / s->per * s->per;
                len = back < upto - n ? back : upto - n;
                memcpy(d + (size_t)n * s->width, d + (size_t)(n - back) * s->width,
                       (size_t)len * s->width);
            }
            s->count = upto;
            continue;
        }
        if (upto > s->check) upto = s->check;
        ran = sg__octal_run(&s->run, G, upto);
        for (n = s->count; n < s->run.n && st == SG_OK; n++) st = sg__seq_put(s, n, G[n]);
        if (st == SG_OK) st = ran;
        if (st != SG_OK) break;
    }
    free(G);
    if (st == SG_OK && progress != NULL && progress(user, s->count, count)) st = SG_ESTOP;
    return st;
}

int sg_sequence_set_threads(sg_sequence_t *seq, unsigned threads)
{
    if (seq == NULL || threads == 0) return SG_EINVAL;
    if (threads != 1 && (threads != 2 || seq->game != SG_SEQUENCE_GRUNDY_GAME ||
                         !sg__gg_threads_supported()))
        return SG_EINVAL;
    seq->threads = threads;
    return SG_OK;
}

int sg_sequence_extend(sg_sequence_t *seq, uint64_t count, sg_progress_fn progress, void *user)
{
    uint64_t n, report;
    int st = SG_OK;
    if (seq == NULL) return SG_EINVAL;
    if (count <= seq->count) return SG_OK;
    if (seq->game == SG__SEQ_OCTAL) {
        if ((st = sg__seq_reserve(seq, count)) != SG_OK) return st;
        return sg__seq_octal_extend(seq, count, progress, user);
    }
    /* progress at every multiple of SG__SEQ_PROGRESS passed (values come a few at a time) */
    report = (seq->count / SG__SEQ_PROGRESS + 1) * SG__SEQ_PROGRESS;
    if ((st = sg__seq_reserve(seq, count)) != SG_OK) return st;
    /* the second thread lives for this run only: none is left behind when it returns; a thread
     * costs tens of microseconds to start, more than a few values are worth */
    if (seq->threads == 2 && count - seq->count >= SG__SEQ_THREADS_FROM)
        sg__gg_threads(seq->engine, 2);
    for (n = seq->count; n < count;) {
        sg_value_t v[SG__GG_GROUP];
        unsigned got, i;
        if (progress != NULL && n >= report) {
            report = (n / SG__SEQ_PROGRESS + 1) * SG__SEQ_PROGRESS;
            if (progress(user, n, count)) {
                st = SG_ESTOP;
                break;
            }
        }
        if (n + 1 < count) st = sg__gg_next_group(seq->engine, n, count - n, v, &got);
        else st = sg__gg_next(seq->engine, n, v), got = 1;
        if (st != SG_OK) break;
        for (i = 0; i < got && st == SG_OK; i++, n++) st = sg__seq_put(seq, n, v[i]);
        if (st != SG_OK) break;
    }
    sg__gg_threads(seq->engine, 1);
    if (st == SG_OK && progress != NULL && progress(user, seq->count, count)) st = SG_ESTOP;
    return st;
}

int sg_sequence_read(const sg_sequence_t *seq, uint64_t from, sg_value_t *out, uint64_t count)
{
    uint64_t i;
    if (seq == NULL || (out == NULL && count != 0)) return SG_EINVAL;
    if (from > seq->count || count > seq->count - from) return SG_ERANGE;
    for (i = 0; i < count; i++) out[i] = sg__seq_at(seq, from + i);
    return SG_OK;
}

static void sg__seq_put32(unsigned char *p, uint32_t x) { memcpy(p, &x, 4); }
static void sg__seq_put64(unsigned char *p, uint64_t x) { memcpy(p, &x, 8); }
static uint32_t sg__seq_get32(const unsigned char *p)
{
    uint32_t x;
    memcpy(&x, p, 4);
    return x;
}
static uint64_t sg__seq_get64(const unsigned char *p)
{
    uint64_t x;
    memcpy(&x, p, 8);
    return x;
}

int sg_sequence_save(const sg_sequence_t *seq, const char *path)
{
    unsigned char head[32];
    char code[SG__SEQ_CODE];
    char *tmp;
    size_t len;
    FILE *f;
    int ok;
    if (seq == NULL || path == NULL) return SG_EINVAL;
    len = strlen(path);
    if (len > SIZE_MAX - 5 || (tmp = (char *)malloc(len + 5)) == NULL) return SG_ENOMEM;
    memcpy(tmp, path, len);
    memcpy(tmp + len, ".tmp", 5);
    memcpy(head, SG__SEQ_MAGIC, 8);
    sg__seq_put32(head + 8, SG__SEQ_BOM);
    sg__seq_put32(head + 12, SG__SEQ_VERSION);
    sg__seq_put32(head + 16, (uint32_t)seq->game);
    sg__seq_put32(head + 20, seq->width);
    sg__seq_put64(head + 24, seq->count);
    memset(code, 0, sizeof code);
    if (seq->game == SG__SEQ_OCTAL) sg_octal_format(&seq->octal, code, sizeof code);   /* fits */
    f = fopen(tmp, "wb");
    ok = f != NULL && fwrite(head, 1, sizeof head, f) == sizeof head;
    if (ok && seq->game == SG__SEQ_OCTAL) ok = fwrite(code, 1, sizeof code, f) == sizeof code;
    if (ok && seq->count > 0)
        ok = fwrite(sg__seq_data(seq), seq->width, (size_t)seq->count, f) == (size_t)seq->count;
    if (f != NULL && fclose(f) != 0) ok = 0;
    if (ok) ok = rename(tmp, path) == 0;
    if (!ok && f != NULL) remove(tmp);
    free(tmp);
    return ok ? SG_OK : SG_EIO;
}

/* Read exactly `count` values of `width` bytes into the sequence, whose room grows as they come
 * (a pipe's header cannot be checked against its length first: nothing is reserved for values
 * the file does not hold). SG_EINVAL when the file ends early or cannot be read. */
static int sg__seq_read_values(sg_sequence_t *s, FILE *f, uint64_t count, unsigned width)
{
    uint64_t got = 0, step = (uint64_t)1 << 20;
    int st;
    while (got < count) {
        uint64_t want = count - got < step ? count - got : step;
        size_t k;
        if ((st = sg__seq_reserve(s, got + want)) != SG_OK) return st;
        k = fread((unsigned char *)sg__seq_data(s) + (size_t)got * width, width, (size_t)want, f);
        if (k != (size_t)want) return SG_EINVAL;   /* the caller tells a read error apart */
        got += want;
        if (step < ((uint64_t)1 << 30)) step *= 2;
    }
    return SG_OK;
}

/* The number of options of a heap of n in the take-and-break game (a bound on G(n)), or more. */
static uint64_t sg__seq_octal_bound(const sg_octal_t *g, uint64_t n)
{
    uint64_t per = 2 + n / 2;
    if (g->parts == 3) {
        if (n >= (uint64_t)1 << 31) return UINT64_MAX;
        per += n * n;
    }
    return per > UINT64_MAX / (g->t + 1) ? UINT64_MAX : per * (g->t + 1);
}

/* A checkpoint of any game. */
static int sg__seq_load_any(sg_sequence_t **seq, const char *path)
{
    unsigned char head[32];
    char code[SG__SEQ_CODE], canon[SG__SEQ_CODE];
    sg_octal_t *game_code = NULL;
    sg_sequence_t *s = NULL;
    uint64_t count, n;
    long at;
    unsigned width;
    FILE *f;
    int st = SG_EINVAL, game;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (path == NULL) return SG_EINVAL;
    if ((f = fopen(path, "rb")) == NULL) return SG_EIO;
    if (fread(head, 1, sizeof head, f) != sizeof head || memcmp(head, SG__SEQ_MAGIC, 8) != 0 ||
        sg__seq_get32(head + 8) != SG__SEQ_BOM || sg__seq_get32(head + 12) != SG__SEQ_VERSION)
        goto done;
    game = (int)sg__seq_get32(head + 16);
    width = sg__seq_get32(head + 20);
    count = sg__seq_get64(head + 24);
    if (width != 1 && width != 2 && width != 4) goto done;
    at = (long)sizeof head;
    if (game == SG__SEQ_OCTAL) {
        /* the code: NUL-terminated, and written as sg_octal_format writes it */
        if (fread(code, 1, sizeof code, f) != sizeof code || memchr(code, 0, sizeof code) == NULL)
            goto done;
        if ((st = sg_octal_parse(code, &game_code)) != SG_OK) {
            if (st != SG_ENOMEM) st = SG_EINVAL;   /* out of memory is no bad file */
            goto done;
        }
        st = SG_EINVAL;
        if (sg_octal_format(game_code, canon, sizeof canon) != SG_OK || strcmp(code, canon) != 0)
            goto done;
        at += (long)sizeof code;
    } else if (game != SG_SEQUENCE_GRUNDY_GAME) {
        goto done;
    }
    /* a seekable file must hold exactly the values its header counts: nothing is allocated for
     * a count that the file cannot back */
    if (fseek(f, 0, SEEK_END) == 0) {
        long end = ftell(f);
        uint64_t body = end >= at ? (uint64_t)(end - at) : UINT64_MAX;
        if (body == UINT64_MAX || body % width != 0 || body / width != count ||
            fseek(f, at, SEEK_SET) != 0)
            goto done;
    }
    if (game == SG__SEQ_OCTAL) st = sg_sequence_create_octal(&s, game_code);
    else st = sg_sequence_create(&s, game);
    if (st != SG_OK) goto done;
    if (width != 1 && (st = sg__seq_widen(s, width)) != SG_OK) goto done;
    if ((st = sg__seq_read_values(s, f, count, width)) != SG_OK) goto done;
    st = SG_EINVAL;
    if (fgetc(f) != EOF || ferror(f)) goto done;   /* more than the header says: not ours */
    /* G(n) is at most n's number of options, (n - 1) / 2 in Grundy's game: a larger value is
     * no checkpoint of ours (and would have the engine ask for tables as large as the value) */
    for (n = 0; n < count; n++)
        if (game == SG__SEQ_OCTAL ? sg__seq_at(s, n) > sg__seq_octal_bound(&s->octal, n)
                                  : sg__seq_at(s, n) > n / 2)
            goto done;
    s->count = count;
    if (game == SG__SEQ_OCTAL) {
        s->check = count;   /* the engine takes the values over at the next extend */
        st = SG_OK;
    } else {
        st = sg__gg_resume(s->engine, count);
    }
done:
    if (st == SG_EINVAL && ferror(f)) st = SG_EIO;   /* not what the file says: it was unread */
    fclose(f);
    sg_octal_free(game_code);
    if (st != SG_OK) sg_sequence_free(s);
    else *seq = s;
    return st;
}

int sg_sequence_load(sg_sequence_t **seq, const char *path)
{
    sg_sequence_t *s;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if ((st = sg__seq_load_any(&s, path)) != SG_OK) return st;
    if (s->game != SG_SEQUENCE_GRUNDY_GAME) {
        sg_sequence_free(s);
        return SG_EINVAL;
    }
    *seq = s;
    return SG_OK;
}

int sg_sequence_load_octal(sg_sequence_t **seq, const char *path, const sg_octal_t *game)
{
    char want[SG__SEQ_CODE], have[SG__SEQ_CODE];
    sg_sequence_t *s;
    int st;
    if (seq == NULL) return SG_EINVAL;
    *seq = NULL;
    if (game == NULL || path == NULL) return SG_EINVAL;
    if ((st = sg__seq_load_any(&s, path)) != SG_OK) return st;
    if (s->game != SG__SEQ_OCTAL || sg_octal_format(game, want, sizeof want) != SG_OK ||
        sg_octal_format(&s->octal, have, sizeof have) != SG_OK || strcmp(want, have) != 0) {
        sg_sequence_free(s);
        return SG_EINVAL;
    }
    *seq = s;
    return SG_OK;
}
