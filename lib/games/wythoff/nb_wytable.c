/* nb_wytable.c - Wythoff's game's table by rows: a pile's value is the mex of the values
 * above it in its column, left of it in its row and up-left on its diagonal, each of the
 * three kept as a bit set of the values seen so far, so that a cell costs one pass over
 * 2*side bits instead of one look at each of its a + b + min(a, b) options. */
#include "games/wythoff/nb_wytable.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static void wytable_destroy(nb_cached *c)
{
    nb_wytable *t = (nb_wytable *)c;
    free(t->values);
    free(t);
}

static bool wytable_covers(const nb_cached *c, const void *need)
{
    return ((const nb_wytable *)c)->side >= ((const nb_wytable_need *)need)->side;
}

/* The least value in none of the three sets (words each). */
static uint16_t mex3(const uint64_t *x, const uint64_t *y, const uint64_t *z, size_t words)
{
    for (size_t w = 0; w < words; w++) {
        uint64_t seen = x[w] | y[w] | z[w];
        if (~seen)
            return (uint16_t)(64 * w + (size_t)__builtin_ctzll(~seen));
    }
    return (uint16_t)(64 * words); /* not reached: a value is below 2*side */
}

static nb_status wytable_build(const nb_cached *old, const void *need_, nb_cached **out,
                               nb_err *err)
{
    (void)old; /* a new side is computed whole: its rows are cheap next to their size */
    const nb_wytable_need *need = need_;
    size_t side = need->side, words = (2 * side + 63) / 64;
    nb_wytable *t = nb_xcalloc(1, sizeof *t);
    t->side = side;
    t->values = nb_xmalloc(side * side * sizeof *t->values);
    /* column[b]: the values of (0..a-1, b); diagonal[b - a + side]: those up-left of (a, b);
     * row: those of (a, 0..b-1) */
    uint64_t *column = nb_xcalloc(side * words, sizeof *column);
    uint64_t *diagonal = nb_xcalloc(2 * side * words, sizeof *diagonal);
    uint64_t *row = nb_xcalloc(words, sizeof *row);
    for (size_t a = 0; a < side && !nb_budget_spent_now(need->budget); a++) {
        memset(row, 0, words * sizeof *row);
        for (size_t b = 0; b < side; b++) {
            uint64_t *col = column + b * words, *diag = diagonal + (b + side - a) * words;
            uint16_t v = mex3(col, row, diag, words);
            t->values[a * side + b] = v;
            uint64_t bit = 1ull << (v % 64);
            col[v / 64] |= bit, row[v / 64] |= bit, diag[v / 64] |= bit;
        }
    }
    free(column);
    free(diagonal);
    free(row);
    if (nb_budget_spent(need->budget)) {
        wytable_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    t->base = (nb_cached){.bytes = sizeof *t + side * side * sizeof *t->values,
                          .destroy = wytable_destroy};
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_wytable_kind = {.covers = wytable_covers, .build = wytable_build};
