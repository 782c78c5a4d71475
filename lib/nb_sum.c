/* nb_sum.c - disjunctive sums: the parts of a sum are the parts of its components, end to
 * end; every call is passed on to the component that holds the part. */
#include "nb_rulesets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nb_util.h"

static nb_sum_params *sum_params(const nb_game *g) { return g->params; }

/* Component c as a game over the sum's state. */
static nb_game component(const nb_game *g, size_t c)
{
    const nb_sum_params *p = sum_params(g);
    nb_game view = p->games[c];
    view.state = g->state + p->state_offsets[c];
    view.len = p->state_offsets[c + 1] - p->state_offsets[c];
    return view;
}

static nb_status blame(nb_err *err, size_t c, nb_status st)
{
    char prefix[40];
    snprintf(prefix, sizeof prefix, "/components/%zu", c);
    nb_err_prefix(err, prefix);
    return st;
}

static nb_status sum_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_sum_params *p = sum_params(g);
    if (p->count > s->limits.max_components)
        return nb_fail(err, NB_ELIMIT, "/components",
                       "%zu components exceed the limit max_components=%llu", p->count,
                       (unsigned long long)s->limits.max_components);
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        if (view.rules == &nb_sum)
            return blame(err, c, nb_fail(err, NB_EINVAL, NULL, "a sum's components may "
                                         "not be sums: list their components instead"));
        nb_status st = view.rules->check(&view, s, err);
        if (st != NB_OK)
            return blame(err, c, st);
    }
    return NB_OK;
}

static void release_first(nb_game *g, nb_solver *s, size_t count)
{
    for (size_t c = 0; c < count; c++) {
        nb_game view = component(g, c);
        if (view.rules->release)
            view.rules->release(&view, s);
    }
}

static void sum_release(nb_game *g, nb_solver *s)
{
    nb_sum_params *p = sum_params(g);
    release_first(g, s, p->count);
    free(p->part_offsets);
    p->part_offsets = NULL;
}

static nb_status sum_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_sum_params *p = sum_params(g);
    p->part_offsets = nb_xmalloc((p->count + 1) * sizeof *p->part_offsets);
    p->part_offsets[0] = 0;
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        nb_status st = view.rules->prepare ? view.rules->prepare(&view, s, err) : NB_OK;
        if (st != NB_OK) {
            release_first(g, s, c);
            free(p->part_offsets);
            p->part_offsets = NULL;
            return blame(err, c, st);
        }
        p->part_offsets[c + 1] = p->part_offsets[c] + view.rules->part_count(&view);
    }
    return NB_OK;
}

static size_t sum_part_count(const nb_game *g)
{
    return sum_params(g)->part_offsets[sum_params(g)->count];
}

/* The component holding global part `part`: offsets[lo] <= part < offsets[hi]. */
static size_t owner(const nb_game *g, size_t part)
{
    const nb_sum_params *p = sum_params(g);
    size_t lo = 0, hi = p->count;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        if (p->part_offsets[mid] <= part)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

static nb_status sum_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    const nb_sum_params *p = sum_params(g);
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        nb_status st = view.rules->part_values(&view, s, sg + p->part_offsets[c], err);
        if (st != NB_OK)
            return blame(err, c, st);
    }
    return NB_OK;
}

static nb_status sum_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    size_t c = owner(g, part), before = out->len;
    nb_game view = component(g, c);
    nb_status st = view.rules->moves_to(&view, s, part - sum_params(g)->part_offsets[c], target,
                                        out, err);
    for (size_t i = before; i < out->len; i++)
        out->items[i].component = c;
    return st != NB_OK ? blame(err, c, st) : NB_OK;
}

typedef struct tag_ctx {
    size_t component;
    nb_option_fn option_fn;
    nb_move_fn move_fn;
    void *ctx;
    uint64_t *after; /* the sum's state after the move */
    size_t offset, len;
} tag_ctx;

static bool tag_option(void *ctx_, const nb_move *move, uint64_t value)
{
    tag_ctx *tc = ctx_;
    nb_move tagged = *move;
    tagged.component = tc->component;
    return tc->option_fn(tc->ctx, &tagged, value);
}

static nb_status sum_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    size_t c = owner(g, part);
    nb_game view = component(g, c);
    tag_ctx tc = {.component = c, .option_fn = fn, .ctx = ctx};
    nb_status st = view.rules->options(&view, s, part - sum_params(g)->part_offsets[c],
                                       tag_option, &tc, err);
    return st != NB_OK ? blame(err, c, st) : NB_OK;
}

static bool tag_move(void *ctx_, const nb_move *move, const uint64_t *after)
{
    tag_ctx *tc = ctx_;
    nb_move tagged = *move;
    tagged.component = tc->component;
    memcpy(tc->after + tc->offset, after, tc->len * sizeof *after);
    return tc->move_fn(tc->ctx, &tagged, tc->after);
}

static void sum_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    const nb_sum_params *p = sum_params(g);
    tag_ctx tc = {.move_fn = fn, .ctx = ctx};
    tc.after = nb_xmalloc((g->len + 1) * sizeof *tc.after);
    memcpy(tc.after, g->state, g->len * sizeof *tc.after);
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        tc.component = c;
        tc.offset = p->state_offsets[c];
        tc.len = view.len;
        if (view.rules->each_move)
            view.rules->each_move(&view, tag_move, &tc);
        memcpy(tc.after + tc.offset, view.state, view.len * sizeof *tc.after);
    }
    free(tc.after);
}

static void sum_canonicalize(const nb_game *g, uint64_t *state)
{
    const nb_sum_params *p = sum_params(g);
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        if (view.rules->canonicalize)
            view.rules->canonicalize(&view, state + p->state_offsets[c]);
    }
}

/* One component per summand: the XOR of its parts' values. */
static void sum_components(const nb_game *g, const uint64_t *sg, nb_analysis *out)
{
    const nb_sum_params *p = sum_params(g);
    out->ncomponents = p->count;
    out->components = nb_xcalloc(p->count, sizeof *out->components);
    for (size_t c = 0; sg && c < p->count; c++) {
        nb_component *comp = &out->components[c];
        comp->has_sg = true;
        for (size_t i = p->part_offsets[c]; i < p->part_offsets[c + 1]; i++) {
            comp->has_sg &= sg[i] != NB_SG_WIN_NOW;
            comp->sg ^= sg[i];
        }
    }
}

static bool sum_rejects_misere(const nb_game *g)
{
    const nb_sum_params *p = sum_params(g);
    for (size_t c = 0; c < p->count; c++) {
        nb_game view = component(g, c);
        if (view.rules->rejects_misere && view.rules->rejects_misere(&view))
            return true;
    }
    return false;
}

const nb_ruleset nb_sum = {
    .name = "sum",
    .check = sum_check,
    .prepare = sum_prepare,
    .release = sum_release,
    .part_count = sum_part_count,
    .part_values = sum_values,
    .moves_to = sum_moves_to,
    .options = sum_options,
    .each_move = sum_each_move,
    .canonicalize = sum_canonicalize,
    .components = sum_components,
    .rejects_misere = sum_rejects_misere,
};
