/* nb_subtraction.c - subtraction games: take t in a finite set from one heap; SG values
 * from the cached, period-proved sequence of the set. */
#include "games/subtraction/nb_subtraction.h"

#include <stdio.h>
#include <stdlib.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_submisere.h"
#include "theory/nb_subtable.h"
#include "engine/nb_legal.h"

static nb_subtraction_params *sub_params(const nb_game *g) { return g->params; }

static uint64_t sub_take(const nb_game *g, uint64_t n, uint64_t i)
{
    (void)n;
    const nb_subtable *t = sub_params(g)->table;
    return i < t->nset ? t->set[i] : 0;
}

static uint64_t sub_value(const nb_game *g, uint64_t n)
{
    uint64_t v = 0;
    nb_subtable_value(sub_params(g)->table, n, &v); /* prepare made every heap answerable */
    return v;
}

static const nb_heap_rule sub_rule = {sub_take, sub_value};

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The set sorted ascending, checked: 1..64 distinct values in 1..10^6. */
static nb_status sorted_set(const nb_subtraction_params *p, uint32_t *out, nb_err *err)
{
    if (p->nset < 1)
        return nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX,
                             "must hold at least one value");
    if (p->nset > NB_SUBTRACTION_MAX_SET)
        return nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu values: a set holds at most %d", p->nset,
                             NB_SUBTRACTION_MAX_SET);
    for (size_t i = 0; i < p->nset; i++) {
        if (p->set[i] < 1 || p->set[i] > NB_SUBTRACTION_MAX_VALUE)
            return nb_fail_field(err, NB_EINVAL, 1, i, NB_NO_INDEX,
                                 "must be an integer between 1 and %d", NB_SUBTRACTION_MAX_VALUE);
        out[i] = (uint32_t)p->set[i];
    }
    qsort(out, p->nset, sizeof *out, cmp_u32);
    for (size_t i = 1; i < p->nset; i++)
        if (out[i] == out[i - 1]) { /* blame the second place that holds it */
            size_t first = 0, again;
            while (p->set[first] != out[i])
                first++;
            for (again = first + 1; p->set[again] != out[i]; again++)
                ;
            return nb_fail_field(err, NB_EINVAL, 1, again, NB_NO_INDEX,
                                 "repeats %u, which set[%zu] holds already", out[i], first);
        }
    return NB_OK;
}

static nb_status sub_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    uint32_t set[NB_SUBTRACTION_MAX_SET];
    nb_status st = sorted_set(sub_params(g), set, err);
    return st != NB_OK ? st : nb_heaps_check(g, s, err);
}

/* Acquires the table for the set, grown to answer heap (and the period when asked). */
static nb_status acquire_table(nb_solver *s, const nb_subtraction_params *p, uint64_t heap,
                               bool want_period, const nb_subtable **out, nb_err *err)
{
    uint32_t set[NB_SUBTRACTION_MAX_SET];
    nb_status st = sorted_set(p, set, err);
    if (st != NB_OK)
        return st;
    nb_key key = nb_subtable_key(set, p->nset);
    nb_subtable_need need = {heap, want_period, s->limits.max_table, set, p->nset, s->budget};
    const nb_cached *c;
    st = nb_table_acquire(s, &key, &nb_subtable_kind, &need, &c, err);
    if (st == NB_OK)
        *out = (const nb_subtable *)c;
    return st;
}

/* A heap (field 0, element i) or up_to (i = NB_NO_INDEX) past the table: past max_table,
 * or the table stopped short when the request's budget was spent. */
static nb_status past_table(const nb_subtable *t, const nb_solver *s, size_t i,
                            uint64_t n, nb_err *err)
{
    nb_status st = NB_ELIMIT;
    if (nb_budget_spent(s->budget))
        st = nb_budget_fail(s->budget, err);
    else
        nb_fail(err, NB_ELIMIT,
                "heap %llu is past the SG table: no period appears within its first %llu "
                "values (limit max_table=%llu)",
                (unsigned long long)n, (unsigned long long)t->n,
                (unsigned long long)s->limits.max_table);
    if (st != NB_ELIMIT) /* cancelled: no field is at fault */
        return st;
    if (i == NB_NO_INDEX)
        nb_err_blame(err, NB_FIELD_UP_TO, NB_NO_INDEX, NB_NO_INDEX);
    else
        nb_err_blame(err, 0, i, NB_NO_INDEX);
    return st;
}

static nb_status sub_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_subtraction_params *p = sub_params(g);
    uint64_t top = nb_heaps_max(g);
    nb_status st = acquire_table(s, p, top, false, &p->table, err);
    if (st != NB_OK)
        return st;
    uint64_t v;
    for (size_t i = 0; i < g->len; i++) {
        if (!nb_subtable_value(p->table, g->state[i], &v)) {
            st = past_table(p->table, s, i, g->state[i], err);
            nb_table_release(s, &p->table->base);
            p->table = NULL;
            return st;
        }
    }
    return NB_OK;
}

static void sub_release(nb_game *g, nb_solver *s)
{
    nb_subtraction_params *p = sub_params(g);
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
    nb_submisere_free(p->misere);
    p->misere = NULL;
}

/* A heap inside the computed values is read from the table; past them, by the period. */
static nb_method sub_method(const nb_game *g, size_t part)
{
    return g->state[part] < sub_params(g)->table->n ? NB_METHOD_TABLE : NB_METHOD_PERIOD;
}

static nb_status sub_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_values(g, &sub_rule, sg);
    return NB_OK;
}

static nb_status sub_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    (void)s, (void)err;
    const nb_subtable *t = sub_params(g)->table;
    uint64_t n = g->state[part];
    for (size_t k = 0; k < t->nset && t->set[k] <= n; k++) {
        if (sub_value(g, n - t->set[k]) == target) {
            uint64_t take[2] = {part, t->set[k]};
            if (!nb_movelist_push(out, &(nb_move){.len = 2, .w = take}))
                break;
        }
    }
    return NB_OK;
}

static nb_status sub_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_options(g, &sub_rule, part, fn, ctx);
    return NB_OK;
}

static void sub_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_heaps_each_move(g, &sub_rule, fn, ctx);
}

/* A heap's label from the misère table, built by the first misère question of a game up
 * to its largest heap (the moves' positions share it; its heaps count as the states of a
 * misère analysis); false past it or when it could not be built. */
static bool sub_misere_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                            nb_tame *label, bool *lost_alone)
{
    nb_subtraction_params *p = sub_params(g);
    if (!p->misere)
        p->misere = nb_submisere_build(p->table, nb_heaps_max(g), s->limits.max_states,
                                       s->budget);
    return p->misere && nb_subtable_value(p->table, n, value) &&
           nb_submisere_heap(p->misere, n, label, lost_alone);
}

/* Misère play from the misère table (tame heaps, or one heap alone), where it reaches. */
static nb_status sub_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return nb_tame_analyse(g, s, sub_misere_heap, out, err);
}

static nb_status sub_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_heaps_legal_take(g, m, err);
    for (size_t i = 0; st == NB_OK && i < sub_params(g)->nset; i++)
        if (sub_params(g)->set[i] == m->w[1])
            return NB_OK;
    return st == NB_OK ? nb_illegal(err, 1, "%llu is not in the subtraction set",
                                    (unsigned long long)m->w[1])
                       : st;
}

const nb_ruleset nb_subtraction = {
    .name = "subtraction",
    .check = sub_check,
    .apply = nb_heaps_apply,
    .prepare = sub_prepare,
    .release = sub_release,
    .part_count = nb_heaps_part_count,
    .part_values = sub_values,
    .part_method = sub_method,
    .moves_to = sub_moves_to,
    .options = sub_options,
    .legal = sub_legal,
    .each_move = sub_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = sub_misere,
    .misere_heap = sub_misere_heap,
};

static bool table_value(const void *t, uint64_t n, uint64_t *value)
{
    return nb_subtable_value(t, n, value);
}

nb_status nb_subtraction_sequence(nb_solver *s, nb_subtraction_params *p, uint64_t from,
                                  uint64_t up_to, nb_sequence *out, nb_err *err)
{
    const nb_subtable *t;
    nb_status st = nb_sequence_bound(s, up_to, err);
    if (st == NB_OK)
        st = acquire_table(s, p, up_to, true, &t, err);
    if (st != NB_OK)
        return st;
    if (!nb_sequence_fill(out, s->budget, from, up_to, table_value, t,
                          t->proved ? t->period : 0, t->preperiod))
        st = nb_budget_spent(s->budget) ? nb_budget_fail(s->budget, err)
                                        : past_table(t, s, NB_NO_INDEX, up_to, err);
    nb_table_release(s, &t->base);
    return st;
}
