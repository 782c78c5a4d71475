/* nb_sum.c - disjunctive sums: the parts of a sum are the parts of its components, end to
 * end; every call is passed on to the component that holds the part. The state holds each
 * component's length before its words, so that a component may grow or shrink. */
#include "engine/nb_sum.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_every.h"
#include "engine/nb_tame.h"

static nb_sum_params *sum_params(const nb_game *g) { return g->params; }

uint64_t *nb_sum_state(const nb_sum_params *p, size_t *len)
{
    size_t n = 0;
    for (size_t c = 0; c < p->count; c++)
        n += 1 + p->games[c].len;
    uint64_t *state = nb_xmalloc((n + 1) * sizeof *state), *at = state;
    for (size_t c = 0; c < p->count; c++) {
        *at++ = p->games[c].len;
        memcpy(at, p->games[c].state, p->games[c].len * sizeof *at);
        at += p->games[c].len;
    }
    *len = n;
    return state;
}

/* Component c as a game over a sum state whose word `at` is c's length. */
static nb_game component_at(const nb_game *g, uint64_t *state, size_t at, size_t c)
{
    return nb_game_view(&sum_params(g)->games[c], state + at + 1, (size_t)state[at]);
}

/* Component c of a prepared sum (calls on an unprepared one walk the lengths). */
static nb_game component(const nb_game *g, size_t c)
{
    return component_at(g, g->state, sum_params(g)->state_offsets[c], c);
}

static nb_status blame(nb_err *err, size_t c, nb_status st)
{
    err->component = c;
    return st;
}

/* The state's lengths must add up: a sum's state comes from nb_sum_state. */
static nb_status sum_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_sum_params *p = sum_params(g);
    if (p->count > s->limits.max_components)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu games, over the limit max_components=%llu", p->count,
                             (unsigned long long)s->limits.max_components);
    size_t at = 0;
    for (size_t c = 0; c < p->count; c++) {
        if (at >= g->len || g->state[at] > g->len - at - 1)
            return nb_fail(err, NB_EINVAL, "the sum's state does not hold its components");
        nb_game view = component_at(g, g->state, at, c);
        at += 1 + view.len;
        if (view.rules == &nb_sum || view.rules == &nb_every)
            return blame(err, c, nb_fail(err, NB_EINVAL, "a sum's components may not be "
                                         "sums: list their components instead"));
        nb_status st = view.rules->check(&view, s, err);
        if (st != NB_OK)
            return blame(err, c, st);
    }
    return NB_OK;
}

static void forget_offsets(nb_sum_params *p)
{
    free(p->part_offsets);
    free(p->state_offsets);
    p->part_offsets = p->state_offsets = NULL;
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
    forget_offsets(p);
}

static nb_status sum_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_sum_params *p = sum_params(g);
    p->part_offsets = nb_xmalloc((p->count + 1) * sizeof *p->part_offsets);
    p->state_offsets = nb_xmalloc((p->count + 1) * sizeof *p->state_offsets);
    p->part_offsets[0] = 0;
    for (size_t c = 0, at = 0; c < p->count; at += 1 + g->state[at], c++) {
        p->state_offsets[c] = at;
        nb_game view = component(g, c);
        nb_status st = view.rules->prepare ? view.rules->prepare(&view, s, err) : NB_OK;
        if (st != NB_OK) {
            release_first(g, s, c);
            forget_offsets(p);
            return blame(err, c, st);
        }
        p->part_offsets[c + 1] = p->part_offsets[c] + view.rules->part_count(&view);
    }
    return NB_OK;
}

/* The component's move applied to its words; the other components copied. */
static void sum_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    size_t at = 0;
    for (size_t c = 0; c < m->component; c++)
        at += 1 + g->state[at];
    nb_game view = component_at(g, g->state, at, m->component);
    at++;
    size_t rest = g->len - at - view.len;
    nb_state part = {0};
    nb_move inner = *m;
    inner.component = 0;
    view.rules->apply(&view, &inner, &part);
    nb_state_resize(after, at + part.len + rest);
    memcpy(after->w, g->state, at * sizeof *after->w);
    after->w[at - 1] = part.len;
    memcpy(after->w + at, part.w, part.len * sizeof *after->w);
    memcpy(after->w + at + part.len, view.state + view.len, rest * sizeof *after->w);
    free(part.w);
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

/* A part's method is its component's ruleset's. */
static nb_method sum_part_method(const nb_game *g, size_t part)
{
    size_t c = owner(g, part);
    nb_game view = component(g, c);
    return nb_part_method(&view, part - sum_params(g)->part_offsets[c]);
}

static void sum_loopy_followers(const nb_game *g, size_t part, uint64_t **k, size_t *nk)
{
    size_t c = owner(g, part);
    nb_game view = component(g, c);
    view.rules->loopy_followers(&view, part - sum_params(g)->part_offsets[c], k, nk);
}

/* A move's progress is its component's (Smith's counter function of a graph's token);
 * the sum may cycle when a component may. */
static bool sum_progress(const nb_game *g, const nb_move *m, int64_t *rank)
{
    if (m) {
        nb_game view = component(g, m->component);
        nb_move inner = *m;
        inner.component = 0;
        return view.rules->progress && view.rules->progress(&view, &inner, rank);
    }
    for (size_t c = 0; c < sum_params(g)->count; c++) {
        nb_game view = component(g, c);
        if (view.rules->progress && view.rules->progress(&view, NULL, rank))
            return true;
    }
    return false;
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
    const nb_game *sum;
    nb_state after; /* the sum's state after the move */
    size_t at, len; /* the component's words in the sum's state */
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

/* The sum's state with the component's words replaced by `after` (len words). */
static bool tag_move(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    tag_ctx *tc = ctx_;
    const nb_game *g = tc->sum;
    nb_move tagged = *move;
    tagged.component = tc->component;
    size_t rest = g->len - tc->at - tc->len;
    nb_state_resize(&tc->after, tc->at + len + rest);
    tc->after.w[tc->at - 1] = len;
    memcpy(tc->after.w + tc->at, after, len * sizeof *after);
    memcpy(tc->after.w + tc->at + len, g->state + tc->at + tc->len, rest * sizeof *after);
    return tc->move_fn(tc->ctx, &tagged, tc->after.w, tc->after.len);
}

static void sum_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    const nb_sum_params *p = sum_params(g);
    tag_ctx tc = {.move_fn = fn, .ctx = ctx, .sum = g};
    nb_state_resize(&tc.after, g->len);
    memcpy(tc.after.w, g->state, g->len * sizeof *tc.after.w);
    for (size_t c = 0, at = 0; c < p->count; at += 1 + g->state[at], c++) {
        nb_game view = component_at(g, g->state, at, c);
        tc.component = c;
        tc.at = at + 1;
        tc.len = view.len;
        memcpy(tc.after.w, g->state, tc.at * sizeof *tc.after.w);
        if (view.rules->each_move)
            view.rules->each_move(&view, tag_move, &tc);
    }
    free(tc.after.w);
}

static void sum_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    const nb_sum_params *p = sum_params(g);
    (void)len;
    for (size_t c = 0, at = 0; c < p->count; at += 1 + state[at], c++) {
        nb_game view = component_at(g, state, at, c);
        if (view.rules->canonicalize)
            view.rules->canonicalize(&view, view.state, view.len);
    }
}

/* One component per summand: the XOR of its parts' values (none when a part wins at
 * once or is loopy; a single loopy part is the component's loopy value). */
static void sum_components(const nb_game *g, const uint64_t *sg, nb_analysis *out)
{
    const nb_sum_params *p = sum_params(g);
    out->ncomponents = p->count;
    out->components = nb_xcalloc(p->count + 1, sizeof *out->components);
    for (size_t c = 0; sg && c < p->count; c++) {
        nb_component *comp = &out->components[c];
        size_t from = p->part_offsets[c], to = p->part_offsets[c + 1], loopy = 0;
        comp->has_sg = true;
        for (size_t i = from; i < to; i++) {
            comp->has_sg &= sg[i] != NB_SG_WIN_NOW && sg[i] != NB_SG_LOOPY;
            loopy += sg[i] == NB_SG_LOOPY;
            comp->sg ^= sg[i];
        }
        if (!comp->has_sg)
            comp->sg = 0;
        nb_game view = component(g, c);
        comp->method = to - from == 1 ? nb_part_method(&view, 0) : NB_METHOD_SG_THEOREM;
        if (loopy == 1 && to - from == 1) {
            comp->loopy = true;
            sum_loopy_followers(g, from, &comp->followers, &comp->nfollowers);
        }
    }
}

nb_status nb_sum_misere_as_one(const nb_game *games, size_t count, const nb_game *host,
                               nb_status (*analyse)(const nb_game *, nb_solver *,
                                                    nb_analysis *, nb_err *),
                               nb_solver *s, nb_analysis *out, nb_err *err)
{
    size_t parts = 0;
    for (size_t c = 0; c < count; c++)
        parts += games[c].len;
    uint64_t bytes = (parts + count + 2) * sizeof(uint64_t);
    if (!nb_budget_hold(s->budget, bytes))
        return nb_budget_fail(s->budget, err);
    uint64_t *state = nb_xmalloc((parts + 1) * sizeof *state);
    uint64_t *first = nb_xmalloc((count + 1) * sizeof *first); /* each component's first part */
    for (size_t c = 0, at = 0; c < count; at += games[c].len, c++) {
        first[c] = at;
        memcpy(state + at, games[c].state, games[c].len * sizeof *state);
    }
    nb_game one = *host;
    one.state = state, one.len = parts;
    nb_analysis inner = {0};
    nb_movelist_init(&inner.moves, out->moves.limit);
    nb_status st = analyse(&one, s, &inner, err);
    nb_state words = {0};
    if (st == NB_OK) {
        out->verdict = inner.verdict, out->method = inner.method;
        free(out->element);
        out->element = inner.element, inner.element = NULL;
        for (size_t i = 0; i < inner.moves.len; i++) {
            nb_move m = nb_movelist_at(&inner.moves, i);
            nb_state_resize(&words, m.len);
            memcpy(words.w, m.w, m.len * sizeof *words.w);
            size_t c = nb_last_at_most(first, count, words.w[0]);
            words.w[0] -= first[c];
            nb_movelist_push(&out->moves, &(nb_move){.component = c, .wins_now = m.wins_now,
                                                     .len = m.len, .w = words.w});
        }
        out->moves.truncated |= inner.moves.truncated;
        out->moves.incomplete |= inner.moves.incomplete;
    } else if (st != NB_EDECLINED && err->index[0] != NB_NO_INDEX && err->index[0] < parts) {
        size_t c = nb_last_at_most(first, count, err->index[0]); /* a part's fault: blamed */
        err->component = c, err->index[0] -= first[c];           /* on its own component */
    }
    free(words.w);
    nb_analysis_free(&inner);
    free(state);
    free(first);
    nb_budget_drop(s->budget, bytes);
    return st;
}

/* Misère play of a disjunctive sum: whose components all follow one ruleset, by that
 * ruleset's rule for such sums where it has one (tokens on several dags); any other, by
 * the tame theory when every part is tame (nb_tame.c: heaps labelled by their rulesets,
 * other components by a search of their own); else (and for Every-SG) the search. */
static nb_status sum_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    const nb_sum_params *p = sum_params(g);
    if (!p->count || p->every)
        return nb_fail(err, NB_EDECLINED, "%s", "the search decides it");
    const nb_ruleset *rules = p->games[0].rules;
    for (size_t c = 0; c < p->count; c++)
        if (p->games[c].rules != rules)
            rules = NULL;
    nb_game *views = nb_xmalloc((p->count + 1) * sizeof *views);
    /* the lengths walked: a rule judges the positions after moves too (nb_moves), whose
     * components may be shorter than the prepared sum's (a Chomp diagram loses a row) */
    for (size_t c = 0, at = 0; c < p->count; at += 1 + g->state[at], c++)
        views[c] = component_at(g, g->state, at, c);
    nb_status st = rules && rules->analyse_misere_sum
                       ? rules->analyse_misere_sum(views, p->count, s, out, err)
                       : nb_tame_analyse_sum(views, p->count, s, out, err);
    free(views);
    return st;
}

static const char *sum_misere_undefined(const nb_game *g)
{
    const nb_sum_params *p = sum_params(g);
    for (size_t c = 0, at = 0; c < p->count; at += 1 + g->state[at], c++) {
        nb_game view = component_at(g, g->state, at, c);
        const char *why = view.rules->misere_undefined ? view.rules->misere_undefined(&view) : NULL;
        if (why)
            return why;
    }
    return NULL;
}

const nb_ruleset nb_sum = {
    .name = "sum",
    .check = sum_check,
    .prepare = sum_prepare,
    .release = sum_release,
    .apply = sum_apply,
    .part_count = sum_part_count,
    .part_values = sum_values,
    .part_method = sum_part_method,
    .loopy_followers = sum_loopy_followers,
    .progress = sum_progress,
    .moves_to = sum_moves_to,
    .options = sum_options,
    .each_move = sum_each_move,
    .canonicalize = sum_canonicalize,
    .components = sum_components,
    .analyse_misere = sum_misere,
    .misere_undefined = sum_misere_undefined,
};
