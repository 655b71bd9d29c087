/* A nim-sequence as a picture: G(n) against n, the plot published for octal games (a dot per
 * position, one row of dots per value), with the rare values ringed and the periodic part
 * shaded once a period is proven. Plain SVG 1.1, one document, white background. */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

#define SVG_W 960
#define SVG_H 500
#define SVG_LEFT 64.0
#define SVG_TOP 56.0
#define SVG_PW 872.0            /* plot width and height in pixels */
#define SVG_PH 330.0
#define SVG_DOTS_MAX 1500       /* up to this many positions, a dot each; beyond, pixel cells */
#define SVG_CELL 2              /* the side of a cell, in pixels */
#define SVG_RARE_LISTED 8       /* rare values named in the legend */
#define SVG_COUNTS_MAX (1u << 24)   /* values counted for rarity only below this maximum */

typedef struct {
    FILE *out;
    uint64_t count;
    sg_value_t max;
    unsigned char *grid;        /* beyond SVG_DOTS_MAX positions: two layers of cols x rows */
    size_t cols, rows;
} svg_t;

static double svg_x(const svg_t *s, double n)
{
    return SVG_LEFT + (n + 0.5) * SVG_PW / (double)s->count;
}

static double svg_y(const svg_t *s, double v)
{
    return SVG_TOP + SVG_PH * (1.0 - (v + 0.5) / ((double)s->max + 1.0));
}

static void svg_text(FILE *out, const char *t)
{
    for (; *t; t++) {
        switch (*t) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*t, out);
        }
    }
}

/* A tick step of 1, 2 or 5 times a power of ten giving at most `most` steps over `span`. */
static uint64_t svg_step(uint64_t span, uint64_t most)
{
    uint64_t p = 1;
    for (;;) {
        if (span / p <= most) return p;
        if (span / (2 * p) <= most) return 2 * p;
        if (span / (5 * p) <= most) return 5 * p;
        if (p > UINT64_MAX / 100) return UINT64_MAX;
        p *= 10;
    }
}

static void svg_axes(const svg_t *s)
{
    FILE *out = s->out;
    uint64_t step, t;
    fprintf(out, "<g stroke=\"#444\" stroke-width=\"1\" fill=\"none\">\n"
            "<path d=\"M%.1f %.1fV%.1fH%.1f\"/>\n", SVG_LEFT, SVG_TOP, SVG_TOP + SVG_PH,
            SVG_LEFT + SVG_PW);
    fputs("</g>\n<g font-family=\"sans-serif\" font-size=\"11\" fill=\"#222\">\n", out);
    step = svg_step(s->count - 1, 10);
    for (t = 0; t < s->count; t += step) {
        double x = svg_x(s, (double)t);
        fprintf(out, "<path d=\"M%.1f %.1fv5\" stroke=\"#444\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%llu</text>\n", x,
                SVG_TOP + SVG_PH, x, SVG_TOP + SVG_PH + 18, (unsigned long long)t);
        if (t > UINT64_MAX - step) break;
    }
    step = svg_step(s->max, 8);
    for (t = 0; t <= s->max; t += step) {
        double y = svg_y(s, (double)t);
        fprintf(out, "<path d=\"M%.1f %.1fh-5\" stroke=\"#444\"/>"
                "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%llu</text>\n", SVG_LEFT, y,
                SVG_LEFT - 8, y + 4, (unsigned long long)t);
        if (t > UINT64_MAX - step) break;
    }
    fprintf(out, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">n</text>\n"
            "<text x=\"16\" y=\"%.1f\" transform=\"rotate(-90 16 %.1f)\" "
            "text-anchor=\"middle\">G(n)</text>\n</g>\n", SVG_LEFT + SVG_PW / 2,
            SVG_TOP + SVG_PH + 36, SVG_TOP + SVG_PH / 2, SVG_TOP + SVG_PH / 2);
}

/* The periodic part, n >= preperiod, shaded, with a line at each period when they are few. */
static void svg_band(const svg_t *s, const sg_period_t *p)
{
    FILE *out = s->out;
    double x0, w = SVG_PW / (double)s->count;
    uint64_t k;
    if (p->preperiod >= s->count || p->period == 0) return;
    x0 = SVG_LEFT + (double)p->preperiod * w;
    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
            "fill=\"#d8e8f8\"/>\n", x0, SVG_TOP, SVG_LEFT + SVG_PW - x0, SVG_PH);
    if ((s->count - p->preperiod) / p->period > 60) return;
    fputs("<path stroke=\"#8fb4dc\" stroke-width=\"1\" d=\"", out);
    for (k = p->preperiod; k < s->count; k += p->period)
        fprintf(out, "M%.1f %.1fv%.1f", SVG_LEFT + (double)k * w, SVG_TOP, SVG_PH);
    fputs("\"/>\n", out);
}

/* One path of cells: the cells (column, row) set in `grid` (cols x rows), runs merged. */
static void svg_cells(const svg_t *s, const unsigned char *grid, size_t cols, size_t rows,
                      const char *fill)
{
    size_t r, c, c0;
    double cw = SVG_PW / (double)cols, ch = SVG_PH / (double)rows;
    fprintf(s->out, "<path fill=\"%s\" d=\"", fill);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++) {
            if (!grid[r * cols + c]) continue;
            for (c0 = c; c + 1 < cols && grid[r * cols + c + 1]; c++) continue;
            fprintf(s->out, "M%.1f %.1fh%.1fv%.1fh%.1fz", SVG_LEFT + (double)c0 * cw,
                    SVG_TOP + SVG_PH - (double)(r + 1) * ch, (double)(c - c0 + 1) * cw, ch,
                    -(double)(c - c0 + 1) * cw);
        }
    fputs("\"/>\n", s->out);
}

static void svg_dots(const svg_t *s, const sg_value_t *table, const uint64_t *counts,
                    uint64_t rare_max)
{
    FILE *out = s->out;
    uint64_t n;
    size_t cols = s->cols, rows = s->rows, r, c;
    unsigned char *grid = s->grid;
    if (grid == NULL) {
        double rad = SVG_PW / (double)s->count * 0.35;
        if (rad > 4) rad = 4;
        if (rad < 1.2) rad = 1.2;
        fputs("<g fill=\"#1f3b73\">\n", out);
        for (n = 0; n < s->count; n++)
            fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n", svg_x(s, (double)n),
                    svg_y(s, table[n]), rad);
        fputs("</g>\n<g fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\">\n", out);
        for (n = 0; counts != NULL && n < s->count; n++)
            if (counts[table[n]] <= rare_max)
                fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>\n",
                        svg_x(s, (double)n), svg_y(s, table[n]), rad + 2.5);
        fputs("</g>\n", out);
        return;
    }
    for (n = 0; n < s->count; n++) {
        c = (size_t)((double)n * (double)cols / (double)s->count);
        r = (size_t)((double)table[n] * (double)rows / ((double)s->max + 1.0));
        if (c >= cols) c = cols - 1;
        if (r >= rows) r = rows - 1;
        grid[r * cols + c] = 1;
        if (counts != NULL && counts[table[n]] <= rare_max) grid[(rows + r) * cols + c] = 1;
    }
    svg_cells(s, grid, cols, rows, "#1f3b73");
    svg_cells(s, grid + cols * rows, cols, rows, "#d62728");
}

static void svg_legend(const svg_t *s, const uint64_t *counts, uint64_t rare_max,
                       const svg_period_t *per)
{
    FILE *out = s->out;
    double y = SVG_TOP + SVG_PH + 62;
    uint64_t v, listed = 0, rare = 0;
    fprintf(out, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#222\">\n"
            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"#1f3b73\"/>"
            "<text x=\"%.1f\" y=\"%.1f\">G(n) for n = 0..%llu (largest value %lu)</text>\n",
            SVG_LEFT + 4, y - 4, SVG_LEFT + 14, y, (unsigned long long)(s->count - 1),
            (unsigned long)s->max);
    y += 18;
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"none\" stroke=\"#d62728\" "
            "stroke-width=\"1.5\"/><text x=\"%.1f\" y=\"%.1f\">", SVG_LEFT + 4, y - 4,
            SVG_LEFT + 14, y);
    if (counts == NULL) {
        fputs("rare values not marked: the values are too large to count", out);
    } else {
        fprintf(out, "rare: a value taken by at most %llu of the %llu positions (a tenth of "
                "the average share)", (unsigned long long)rare_max,
                (unsigned long long)s->count);
        for (v = 0; v <= s->max; v++)
            if (counts[v] != 0 && counts[v] <= rare_max) rare++;
        if (rare == 0) fputs(" (none here)", out);
        for (v = 0; v <= s->max && listed < SVG_RARE_LISTED; v++)
            if (counts[v] != 0 && counts[v] <= rare_max)
                fprintf(out, "%s%lu", listed++ ? ", " : ": ", (unsigned long)v);
        if (rare > listed) fprintf(out, ", ... (%llu values)", (unsigned long long)rare);
    }
    fputs("</text>\n", out);
    y += 18;
    if (per != NULL && per->period != NULL) {
        fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"8\" height=\"10\" fill=\"#d8e8f8\" "
                "stroke=\"#8fb4dc\"/><text x=\"%.1f\" y=\"%.1f\">periodic part, proven: "
                "G(n + %llu) = G(n) for every n &gt;= %llu</text>\n", SVG_LEFT, y - 10,
                SVG_LEFT + 14, y, (unsigned long long)per->period->period,
                (unsigned long long)per->period->preperiod);
    } else if (per != NULL && per->searched != 0) {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">no period proven for n &lt; %llu (none is "
                "drawn without a proof)</text>\n", SVG_LEFT + 14, y,
                (unsigned long long)per->searched);
    } else {
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">no period drawn: none is known for this game"
                "</text>\n", SVG_LEFT + 14, y);
    }
    fputs("</g>\n", out);
}

int svg_write_values(FILE *out, const sg_value_t *table, uint64_t count, const char *title,
                     const svg_period_t *period)
{
    svg_t s;
    uint64_t n, rare_max, distinct, *counts = NULL;
    s.out = out;
    s.grid = NULL;
    s.count = count == 0 ? 1 : count;
    s.max = 0;
    for (n = 0; n < count; n++)
        if (table[n] > s.max) s.max = table[n];
    if (s.max < 1) s.max = 1;   /* a flat sequence still has an axis of height */
    rare_max = 1;
    if (s.max < SVG_COUNTS_MAX) {
        if ((counts = (uint64_t *)calloc((size_t)s.max + 1, sizeof *counts)) == NULL)
            return SG_ENOMEM;
        for (n = 0; n < count; n++) counts[table[n]]++;
        for (n = 0, distinct = 0; n <= s.max; n++) distinct += counts[n] != 0;
        if (distinct != 0 && count / (SVG_RARE_SHARE * distinct) > 1)
            rare_max = count / (SVG_RARE_SHARE * distinct);
    }
    if (count > SVG_DOTS_MAX) {   /* everything is allocated before the first byte is written */
        s.cols = (size_t)SVG_PW / SVG_CELL;
        s.rows = (size_t)SVG_PH / SVG_CELL;
        if ((uint64_t)s.max + 1 < s.rows) s.rows = (size_t)s.max + 1;
        if ((s.grid = (unsigned char *)calloc(2 * s.cols * s.rows, 1)) == NULL) {
            free(counts);
            return SG_ENOMEM;
        }
    }
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" "
            "height=\"%d\" viewBox=\"0 0 %d %d\">\n<title>", SVG_W, SVG_H, SVG_W, SVG_H);
    svg_text(out, title);
    fprintf(out, "</title>\n<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n"
            "<text x=\"%.1f\" y=\"30\" font-family=\"sans-serif\" font-size=\"15\" "
            "fill=\"#111\">", SVG_W, SVG_H, SVG_LEFT);
    svg_text(out, title);
    fputs("</text>\n", out);
    if (period != NULL && period->period != NULL && period->period->proven)
        svg_band(&s, period->period);
    svg_axes(&s);
    if (count != 0) svg_dots(&s, table, counts, rare_max);
    svg_legend(&s, counts, rare_max, period);
    fputs("</svg>\n", out);
    free(s.grid);
    free(counts);
    return SG_OK;
}
