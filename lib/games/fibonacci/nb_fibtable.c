/* nb_fibtable.c - dynamic subtraction's table by rows: the options of (n, r) are those of
 * (n, r - 1) and one more, the take of r leaving (n - r, min(k r, n - r)), so a row's values
 * come from one pass that adds each option to the set seen and moves the mex on (it never
 * falls as the set grows): a cell costs one lookup, a row of n cells O(n). */
#include "games/fibonacci/nb_fibtable.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static void fibtable_destroy(nb_cached *c)
{
    nb_fibtable *t = (nb_fibtable *)c;
    free(t->values);
    free(t);
}

static bool fibtable_covers(const nb_cached *c, const void *need)
{
    return ((const nb_fibtable *)c)->side >= ((const nb_fibtable_need *)need)->side;
}

static size_t cells(size_t side) { return side * (side + 1) / 2; }

/* Row n from the rows below it; seen[v] == stamp marks the values seen in this row. */
static void fill_row(nb_fibtable *t, size_t n, uint32_t *seen, uint32_t stamp)
{
    uint16_t *row = t->values + cells(n), mex = 0;
    row[0] = 0; /* a limit of 0: no move */
    for (size_t r = 1; r <= n; r++) {
        size_t left = n - r;
        uint64_t limit = t->k > left / r ? left : t->k * r;
        seen[nb_fibtable_value(t, left, limit)] = stamp;
        while (seen[mex] == stamp)
            mex++;
        row[r] = mex;
    }
}

static nb_status fibtable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                                nb_err *err)
{
    const nb_fibtable_need *need = need_;
    const nb_fibtable *old = (const nb_fibtable *)old_;
    nb_fibtable *t = nb_xcalloc(1, sizeof *t);
    t->k = need->k;
    t->side = need->side;
    t->values = nb_xmalloc(cells(t->side) * sizeof *t->values);
    size_t from = old ? old->side : 0; /* the rows an old version has are the same */
    if (from)
        memcpy(t->values, old->values, cells(from) * sizeof *t->values);
    uint32_t *seen = nb_xcalloc(t->side + 1, sizeof *seen);
    for (size_t n = from; n < t->side; n++) {
        if (n % 64 == 0 && nb_budget_spent_now(need->budget))
            break;
        fill_row(t, n, seen, (uint32_t)n + 1);
    }
    free(seen);
    if (nb_budget_spent(need->budget)) {
        fibtable_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    t->base = (nb_cached){.bytes = sizeof *t + cells(t->side) * sizeof *t->values,
                          .destroy = fibtable_destroy};
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_fibtable_kind = {.covers = fibtable_covers, .build = fibtable_build};
