/* The grundy tool's pictures: a nim-sequence drawn as an SVG document (--format svg). */
#ifndef GRUNDY_SVG_H
#define GRUNDY_SVG_H

#include <sg.h>
#include <stdint.h>
#include <stdio.h>

/* What the picture says about periodicity: a proven period (its band is shaded), or how far a
 * search went without a proof (searched > 0), or nothing (no period is known for the game). */
typedef struct {
    const sg_period_t *period;  /* proven, or NULL */
    uint64_t searched;          /* no proof for n < searched; 0: not searched */
} svg_period_t;

/* A value is rare when at most max(1, count / (SVG_RARE_SHARE * d)) positions n < count have
 * it, d the number of distinct values among them: a tenth of the average share or less. */
#define SVG_RARE_SHARE 10

/* Writes one SVG document to `out`: G(n) against n for n < count (a dot per position; in a
 * long sequence, a dot per pixel cell that holds a position), positions of rare values ringed
 * in red, the periodic part (n >= preperiod) shaded when a period is proven, with a legend
 * saying each. Returns SG_OK or SG_ENOMEM. */
int svg_write_values(FILE *out, const sg_value_t *table, uint64_t count, const char *title,
                     const svg_period_t *period);

#endif
