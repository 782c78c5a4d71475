/* nb_heaps.c - checks, canonical form and move emission for heap games. */
#include "engine/nb_heaps.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_legal.h"

nb_status nb_heaps_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (g->len > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu heaps, over the limit max_parts=%llu", g->len,
                             (unsigned long long)s->limits.max_parts);
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > NB_HEAP_MAX)
            return nb_fail_field(err, NB_EINVAL, 0, i, NB_NO_INDEX, "exceeds 2^63-1");
    return NB_OK;
}

size_t nb_heaps_part_count(const nb_game *g) { return g->len; }

static int pair_order(const void *x, const void *y)
{
    const uint64_t *a = x, *b = y;
    return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0]) : (a[1] > b[1]) - (a[1] < b[1]);
}

void nb_pairs_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    (void)g;
    for (size_t i = 0; i + 1 < len; i += 2)
        if (state[i] > state[i + 1]) {
            uint64_t t = state[i];
            state[i] = state[i + 1], state[i + 1] = t;
        }
    nb_pairs_sort(state, len);
}

void nb_pairs_sort(uint64_t *state, size_t len)
{
    qsort(state, len / 2, 2 * sizeof *state, pair_order);
}

/* Insertion sort, which puts a searched state back in order in one pass: a move changes a
 * few heaps of a sorted state. A state far from sorted (a client's, of up to max_parts
 * heaps) goes to qsort once its entries have moved more than a few places each on
 * average, so that no state costs more than a linear pass and one qsort. */
void nb_heaps_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    (void)g;
    size_t moved = 0, budget = 4 * len + 64;
    for (size_t i = 1; i < len; i++) {
        uint64_t v = state[i];
        size_t j = i;
        for (; j > 0 && state[j - 1] > v; j--)
            state[j] = state[j - 1];
        state[j] = v;
        moved += i - j;
        if (moved > budget) {
            qsort(state, len, sizeof *state, nb_cmp_u64);
            return;
        }
    }
}

void nb_heaps_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[m->w[0]] -= m->w[1];
}

nb_status nb_heaps_legal_take(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 1, "heap", err);
    if (st != NB_OK)
        return st;
    uint64_t n = g->state[m->w[0]], take = m->w[1];
    if (take < 1)
        return nb_illegal(err, 1, "a move takes at least 1");
    if (take > n)
        return nb_illegal(err, 1, "heap %llu holds %llu, so no move takes %llu from it",
                          (unsigned long long)m->w[0], (unsigned long long)n,
                          (unsigned long long)take);
    return NB_OK;
}

uint64_t nb_heaps_max(const nb_game *g)
{
    uint64_t m = 0;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > m)
            m = g->state[i];
    return m;
}

void nb_heaps_values(const nb_game *g, const nb_heap_rule *rule, uint64_t *sg)
{
    for (size_t i = 0; i < g->len; i++)
        sg[i] = rule->value(g, g->state[i]);
}

void nb_heaps_options(const nb_game *g, const nb_heap_rule *rule, size_t part,
                      nb_option_fn fn, void *ctx)
{
    uint64_t n = g->state[part], take;
    for (uint64_t i = 0; (take = rule->take(g, n, i)) != 0; i++) {
        if (take > n)
            continue;
        uint64_t words[2] = {part, take};
        nb_move m = {.len = 2, .w = words};
        if (!fn(ctx, &m, rule->value(g, n - take)))
            return;
    }
}

void nb_heaps_each_move(const nb_game *g, const nb_heap_rule *rule, nb_move_fn fn, void *ctx)
{
    uint64_t *scratch = nb_xmalloc((g->len + 1) * sizeof *scratch);
    memcpy(scratch, g->state, g->len * sizeof *scratch);
    bool go_on = true;
    for (size_t heap = 0; heap < g->len && go_on; heap++) {
        uint64_t n = g->state[heap], take;
        for (uint64_t i = 0; go_on && (take = rule->take(g, n, i)) != 0; i++) {
            if (take > n)
                continue;
            uint64_t words[2] = {heap, take};
            nb_move m = {.len = 2, .w = words};
            scratch[heap] = n - take;
            go_on = fn(ctx, &m, scratch, g->len);
        }
        scratch[heap] = n;
    }
    free(scratch);
}

/* A heap of n = m*period + r: lost exactly when r = 0 (Bouton, Bash). A won heap's one move
 * to a lost heap takes r; a lost heap's moves all lead to won heaps of m-1 periods and a
 * rest, of steps 2(m-1) + 1. So steps(n) = 2m + (r > 0), by induction on m. */
bool nb_heaps_take_steps(const nb_game *g, uint64_t period, uint64_t *steps, bool *won,
                         nb_movelist *move)
{
    if (g->len != 1)
        return false;
    uint64_t n = g->state[0], m = n / period, r = n % period;
    *steps = 2 * m + (r > 0);
    *won = r > 0;
    if (n) {
        uint64_t w[2] = {0, r ? r : 1};
        nb_movelist_push(move, &(nb_move){.len = 2, .w = w});
    }
    return true;
}
