/* nb_cuttable.c - the cutting game's table: each piece's value, the mex over its cuts of
 * the XOR of its two halves, filled by growing sides. */
#include "games/cutting/nb_cuttable.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static void cuttable_destroy(nb_cached *c)
{
    nb_cuttable *t = (nb_cuttable *)c;
    free(t->values);
    free(t);
}

static bool cuttable_covers(const nb_cached *c, const void *need)
{
    return ((const nb_cuttable *)c)->side >= ((const nb_cuttable_need *)need)->side;
}

/* The value of w x h from the cells already filled (both cut halves are smaller). */
static uint16_t compute_cell(const nb_cuttable *t, size_t w, size_t h, uint32_t *stamp,
                             uint32_t mark)
{
    for (size_t a = 2; a <= w / 2; a++)
        stamp[nb_cuttable_value(t, a, h) ^ nb_cuttable_value(t, w - a, h)] = mark;
    for (size_t b = 2; b <= h / 2; b++)
        stamp[nb_cuttable_value(t, w, b) ^ nb_cuttable_value(t, w, h - b)] = mark;
    uint16_t v = 0;
    while (stamp[v] == mark)
        v++;
    return v;
}

static nb_status cuttable_build(const nb_cached *old_, const void *need_, nb_cached **out,
                                nb_err *err)
{
    const nb_cuttable *old = (const nb_cuttable *)old_;
    const nb_cuttable_need *need = need_;
    size_t side = need->side, from = old ? old->side : 2;
    nb_cuttable *t = nb_xcalloc(1, sizeof *t);
    t->side = side;
    t->values = nb_xcalloc(side * side, sizeof *t->values);
    for (size_t w = 0; old && w < old->side; w++)
        memcpy(t->values + w * side, old->values + w * old->side, old->side * sizeof *t->values);
    /* A value is below the number of options (< side) + 1; XORs stay below 2^16. */
    uint32_t *stamp = nb_xcalloc(1 << 16, sizeof *stamp), mark = 0;
    for (size_t s = from; s < side && !nb_budget_spent_now(need->budget); s++)
        for (size_t w = 2; w <= s; w++) {
            uint16_t v = compute_cell(t, w, s, stamp, ++mark);
            t->values[w * side + s] = t->values[s * side + w] = v;
        }
    free(stamp);
    if (nb_budget_spent(need->budget)) {
        cuttable_destroy(&t->base);
        return nb_budget_fail(need->budget, err);
    }
    t->base = (nb_cached){.bytes = sizeof *t + side * side * sizeof *t->values,
                          .destroy = cuttable_destroy};
    *out = &t->base;
    return NB_OK;
}

const nb_cache_kind nb_cuttable_kind = {.covers = cuttable_covers, .build = cuttable_build};
