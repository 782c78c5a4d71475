/* nb_submisere.c - the misère table of a subtraction game. A heap's label (nb_tame.c) and
 * whether it is lost alone depend only on its value and on the values and cells of the
 * heaps its moves leave, m - s for s in the set. So once the values repeat with period p
 * from t, two equal windows of max(set) cells P apart (P a multiple of p, the window
 * starting at t or later) repeat forever after: the cells have period P from there. */
#include "engine/nb_submisere.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define LOST_ALONE 4

/* The cell of heap m from the cells below it; false when a value is unknown. */
static bool next_cell(const nb_subtable *t, const uint8_t *cell, uint64_t m, uint8_t *out)
{
    uint64_t value, v;
    if (!nb_subtable_value(t, m, &value))
        return false;
    nb_tame_options o = {0};
    bool any_lost_alone = false;
    for (size_t k = 0; k < t->nset && t->set[k] <= m; k++) {
        uint64_t after = m - t->set[k];
        nb_subtable_value(t, after, &v); /* below m: known */
        nb_tame_offer(&o, v, (nb_tame)(cell[after] & 3));
        any_lost_alone |= cell[after] & LOST_ALONE;
    }
    /* alone, a heap without moves wins at once; one with moves is won by a move to a heap
     * lost alone, else lost */
    bool lost_alone = o.any && !any_lost_alone;
    *out = (uint8_t)(nb_tame_label(&o, value) | (lost_alone ? LOST_ALONE : 0));
    return true;
}

/* A period of the cells proved by the last window, into m; false when none is. */
static bool find_period(const nb_subtable *t, nb_submisere *m)
{
    uint64_t w = t->set[t->nset - 1];
    for (uint64_t p = t->period; p && p + 2 * w + t->preperiod <= m->n; p *= 2) {
        uint64_t a = m->n - p; /* windows [a - w, a) and [n - w, n) */
        if (!memcmp(m->cell + a - w, m->cell + m->n - w, w)) {
            m->start = a - w;
            m->period = p;
            return true;
        }
    }
    return false;
}

nb_submisere *nb_submisere_build(const nb_subtable *t, uint64_t heap, uint64_t max_cells,
                                 nb_budget *budget)
{
    uint64_t most = max_cells;
    bool every_heap = heap < most;
    if (!every_heap && !t->proved)
        return NULL;
    nb_submisere *m = nb_xmalloc(sizeof *m);
    *m = (nb_submisere){0};
    size_t cap = 0;
    uint64_t check_at = 2 * (t->preperiod + t->period + t->set[t->nset - 1]);
    for (;;) {
        if (every_heap && m->n > heap)
            return m;
        if (!every_heap && m->n >= check_at) {
            if (find_period(t, m))
                return m;
            check_at *= 2;
        }
        if (m->n >= most || nb_budget_spent(budget))
            break;
        if (m->n == cap)
            m->cell = nb_xrealloc(m->cell, cap = cap ? 2 * cap : 1024);
        if (!next_cell(t, m->cell, m->n, &m->cell[m->n]))
            break;
        m->n++;
    }
    nb_submisere_free(m);
    return NULL;
}

bool nb_submisere_heap(const nb_submisere *m, uint64_t n, nb_tame *label, bool *lost_alone)
{
    if (n >= m->n) {
        if (!m->period)
            return false;
        n = m->start + (n - m->start) % m->period;
    }
    *label = (nb_tame)(m->cell[n] & 3);
    *lost_alone = m->cell[n] & LOST_ALONE;
    return true;
}

void nb_submisere_free(nb_submisere *m)
{
    if (m)
        free(m->cell);
    free(m);
}
