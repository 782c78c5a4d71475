/* nb_every.c - Every-SG (the "every" rule of sums): a component's play is as long as its
 * steps, the winner of the component stretching it and its loser shortening it (steps: 0
 * at the end; a won position 1 + the largest steps among its moves to lost positions; a
 * lost one 1 + the least among all its moves). Since both players move in every
 * component each turn, the game ends with the component of most steps, and its winner
 * wins the whole: the player to move wins exactly when the largest steps is odd (the
 * Every-SG theorem, as in the notes on HDU 3595). A component's steps come from its
 * ruleset's closed form where it has one (one Nim or Bash heap, one Euclid pair), else
 * from an exhaustive search of its positions (nb_search_steps), within max_states; the winning
 * move is every live component's move to steps one less (to a lost position for the
 * components the mover wins), after which the largest steps is even. */
#include "engine/nb_every.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_search.h"

static nb_sum_params *params_of(const nb_game *g) { return g->params; }

/* Component c of a state whose component lengths start at word 0. */
static nb_game component_of(const nb_game *g, const uint64_t *state, size_t c)
{
    size_t at = 0;
    for (size_t i = 0; i < c; i++)
        at += 1 + state[at];
    return nb_game_view(&params_of(g)->games[c], (uint64_t *)state + at + 1, (size_t)state[at]);
}

bool nb_every_next(const nb_move *m, size_t *at, size_t *c, nb_move *inner)
{
    if (*at + 2 > m->len)
        return false;
    *c = (size_t)m->w[*at];
    *inner = (nb_move){.len = (size_t)m->w[*at + 1], .w = m->w + *at + 2};
    *at += 2 + inner->len;
    return true;
}

/* Why a component cannot be part of an Every-SG sum, or NULL. */
static const char *not_a_part(const nb_game *view)
{
    if (!view->rules->each_move)
        return "is a game that cannot be searched: an Every-SG sum searches its components";
    if (view->rules->misere_undefined && view->rules->misere_undefined(view))
        return "ends the whole game at once by its own rule (the cutting game): an Every-SG "
               "sum ends when its last component ends";
    return NULL;
}

/* Why Every-SG is not defined for g, or NULL. */
static const char *every_undefined(const nb_game *g)
{
    for (size_t c = 0; c < params_of(g)->count; c++) {
        nb_game view = component_of(g, g->state, c);
        if (not_a_part(&view))
            return "an Every-SG sum holds a component that cannot be part of one";
    }
    return NULL;
}

static nb_status every_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    nb_status st = nb_sum.check(g, s, err);
    for (size_t c = 0; c < params_of(g)->count && st == NB_OK; c++) {
        nb_game view = component_of(g, g->state, c);
        const char *why = not_a_part(&view);
        if (why) {
            st = nb_fail(err, NB_ELIMIT, "%s", why);
            err->component = c;
        }
    }
    return st;
}

/* The searches of the components, each made from the component as it stands when first
 * asked, with its steps: every position after moves of the game (the moves listed and
 * judged one by one, the winning move's) is among those it reached. */
typedef struct searches {
    nb_search **search; /* per component: NULL until asked (or valued in closed form) */
    uint64_t **steps;
} searches;

/* The components are prepared as a sum's, with room for their searches. */
static nb_status every_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_sum_params *p = params_of(g);
    searches *memo = nb_xcalloc(1, sizeof *memo);
    memo->search = nb_xcalloc(p->count + 1, sizeof *memo->search);
    memo->steps = nb_xcalloc(p->count + 1, sizeof *memo->steps);
    p->every = memo;
    return nb_sum.prepare(g, s, err);
}

static void every_release(nb_game *g, nb_solver *s)
{
    nb_sum_params *p = params_of(g);
    searches *memo = p->every;
    for (size_t c = 0; memo && c < p->count; c++) {
        nb_search_free(memo->search[c]);
        free(memo->steps[c]);
    }
    if (memo) {
        free(memo->search);
        free(memo->steps);
        free(memo);
    }
    p->every = NULL;
    nb_sum.release(g, s);
}

/* The sum state after component c's own move, from `from`. */
static void apply_one(const nb_game *g, const uint64_t *from, size_t len, size_t c,
                      const nb_move *inner, nb_state *after)
{
    nb_game sum = nb_game_view(g, (uint64_t *)from, len);
    nb_move m = *inner;
    m.component = c;
    nb_sum.apply(&sum, &m, after);
}

static void every_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state from = {0};
    nb_state_resize(&from, g->len);
    memcpy(from.w, g->state, g->len * sizeof *from.w);
    size_t at = 0, c;
    nb_move inner;
    while (nb_every_next(m, &at, &c, &inner)) {
        apply_one(g, from.w, from.len, c, &inner, after);
        nb_state_resize(&from, after->len);
        memcpy(from.w, after->w, after->len * sizeof *from.w);
    }
    nb_state_resize(after, from.len);
    memcpy(after->w, from.w, from.len * sizeof *after->w);
    free(from.w);
}

static size_t every_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

/* An Every-SG sum has no SG value to give (play from a lost position then takes the first
 * legal move): its verdict comes from the components' steps. */
static nb_status not_valued(nb_err *err)
{
    return nb_fail(err, NB_ELIMIT, "an Every-SG sum is not valued: its verdict comes from "
                   "its components' steps");
}

static nb_status every_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)g, (void)s, (void)sg;
    return not_valued(err);
}

static nb_status every_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    (void)g, (void)s, (void)part, (void)target, (void)out;
    return not_valued(err);
}

static nb_status every_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)g, (void)s, (void)part, (void)fn, (void)ctx;
    return not_valued(err);
}

/* --- every move: one move of each live component, in every combination ----------------- */

/* The walk over combinations: component c's moves are walked inside the callback of
 * component c-1's move, so the words of every move chosen so far stay valid, and a stop
 * asked by fn ends every walk at once. */
typedef struct product {
    const nb_game *g;
    size_t count;
    struct chosen {
        const nb_move *move; /* NULL: the component has no move, and stays */
        const uint64_t *after;
        size_t len;
    } *chosen;
    bool *live;        /* per component: it has a move */
    nb_move_fn fn;
    void *ctx;
    nb_state words, state;
    bool stopped, any; /* fn asked to stop; some component moved */
} product;

static void combine(product *p, size_t c);

static bool has_move(void *found, const nb_move *m, const uint64_t *after, size_t len)
{
    (void)m, (void)after, (void)len;
    *(bool *)found = true;
    return false;
}

typedef struct level {
    product *p;
    size_t c;
} level;

static bool choose(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    level *l = ctx;
    l->p->chosen[l->c] = (struct chosen){m, after, len};
    combine(l->p, l->c + 1);
    return !l->p->stopped;
}

/* The combined move and state of the choices, offered to fn. */
static void offer_combination(product *p)
{
    size_t nw = 0, ns = 0;
    for (size_t i = 0; i < p->count; i++) {
        const struct chosen *ch = &p->chosen[i];
        if (ch->move) {
            nb_state_resize(&p->words, nw + 2 + ch->move->len);
            p->words.w[nw] = i, p->words.w[nw + 1] = ch->move->len;
            memcpy(p->words.w + nw + 2, ch->move->w, ch->move->len * sizeof *ch->move->w);
            nw += 2 + ch->move->len;
        }
        nb_state_resize(&p->state, ns + 1 + ch->len);
        p->state.w[ns] = ch->len;
        memcpy(p->state.w + ns + 1, ch->after, ch->len * sizeof *ch->after);
        ns += 1 + ch->len;
    }
    nb_move m = {.len = nw, .w = p->words.w};
    p->stopped = !p->fn(p->ctx, &m, p->state.w, ns);
}

/* Every combination of the moves of components c.. (those before chosen). */
static void combine(product *p, size_t c)
{
    if (p->stopped)
        return;
    if (c == p->count) {
        if (p->any)
            offer_combination(p);
        return;
    }
    nb_game view = component_of(p->g, p->g->state, c);
    if (!p->live[c]) { /* it stays as it is */
        p->chosen[c] = (struct chosen){NULL, view.state, view.len};
        combine(p, c + 1);
        return;
    }
    bool any = p->any;
    p->any = true;
    level l = {p, c};
    view.rules->each_move(&view, choose, &l);
    p->any = any;
}

static void every_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    size_t count = params_of(g)->count;
    product p = {.g = g, .count = count, .fn = fn, .ctx = ctx};
    p.chosen = nb_xcalloc(count + 1, sizeof *p.chosen);
    p.live = nb_xcalloc(count + 1, sizeof *p.live);
    for (size_t c = 0; c < count; c++) {
        nb_game view = component_of(g, g->state, c);
        view.rules->each_move(&view, has_move, &p.live[c]);
    }
    combine(&p, 0);
    free(p.chosen);
    free(p.live);
    free(p.words.w);
    free(p.state.w);
}

/* --- the verdict by steps ------------------------------------------------------------- */

/* The move of a component to steps one less: to a lost position of most steps when the
 * component is won, to the position of least steps when lost. */
typedef struct stepper {
    nb_search *search;
    const uint64_t *steps;
    bool won;
    uint64_t best;
    nb_movelist *best_move; /* holds one move */
} stepper;

static bool step_move(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    stepper *st = ctx;
    size_t i = nb_search_find(st->search, after, len);
    if (i == SIZE_MAX)
        return true;
    uint64_t t = st->steps[i];
    bool better = st->won ? nb_search_outcome(st->search, i) == NB_LOSE &&
                                (st->best == UINT64_MAX || t > st->best)
                          : t < st->best;
    if (better) {
        st->best = t;
        nb_movelist_free(st->best_move);
        nb_movelist_init(st->best_move, 1);
        nb_movelist_push(st->best_move, m);
    }
    return true;
}

/* The search of component c holding its position now, and its steps: the game's kept one,
 * made on first need; or, for a position outside it, one of its own (*owned, the caller
 * frees it and the steps). */
static nb_status search_of(const nb_game *g, nb_solver *s, size_t c, nb_search **search,
                           uint64_t **steps, size_t *at, bool *owned, nb_err *err)
{
    searches *memo = params_of(g)->every;
    nb_game view = component_of(g, g->state, c);
    *owned = !memo;
    if (memo && memo->search[c]) {
        *at = nb_search_find(memo->search[c], view.state, view.len);
        if (*at != SIZE_MAX) {
            *search = memo->search[c], *steps = memo->steps[c];
            return NB_OK;
        }
        *owned = true;
    }
    nb_status st = nb_search_run(&view, NB_NORMAL, s->limits.max_states, s->budget, search, err);
    if (st != NB_OK) {
        err->component = c;
        return st;
    }
    *steps = nb_search_steps(*search);
    *at = 0;
    if (!*owned)
        memo->search[c] = *search, memo->steps[c] = *steps;
    return NB_OK;
}

/* Component c's steps and its move to one less (when it has a move): by the ruleset's
 * closed form (`method` says so), else by a search. */
static nb_status component_steps(const nb_game *g, nb_solver *s, size_t c, uint64_t *steps,
                                 nb_movelist *move, nb_method *method, nb_err *err)
{
    nb_game view = component_of(g, g->state, c);
    bool won, owned;
    *method = NB_METHOD_CLOSED_FORM;
    if (view.rules->steps && view.rules->steps(&view, steps, &won, move))
        return NB_OK;
    *method = NB_METHOD_SEARCH;
    nb_search *search;
    uint64_t *all;
    size_t at;
    nb_status st = search_of(g, s, c, &search, &all, &at, &owned, err);
    if (st != NB_OK)
        return st;
    *steps = all[at];
    if (*steps == UINT64_MAX) {
        st = nb_fail(err, NB_ELIMIT, "can go on for ever (a cycle): an Every-SG sum needs "
                     "every component to end");
        err->component = c;
    } else if (*steps) {
        stepper sp = {search, all, nb_search_outcome(search, at) == NB_WIN, UINT64_MAX, move};
        view.rules->each_move(&view, step_move, &sp);
    }
    if (owned) {
        free(all);
        nb_search_free(search);
    }
    return st;
}

static nb_status every_normal(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    size_t count = params_of(g)->count;
    out->ncomponents = count;
    out->components = nb_xcalloc(count + 1, sizeof *out->components);
    out->method = NB_METHOD_CLOSED_FORM; /* the Every-SG theorem over the steps */
    nb_movelist *moves = nb_xcalloc(count + 1, sizeof *moves);
    uint64_t most = 0;
    nb_status st = NB_OK;
    for (size_t c = 0; c < count && st == NB_OK; c++) {
        nb_movelist_init(&moves[c], 1);
        nb_component *comp = &out->components[c];
        st = component_steps(g, s, c, &comp->steps, &moves[c], &comp->method, err);
        comp->has_steps = st == NB_OK;
        if (comp->method == NB_METHOD_SEARCH)
            out->method = NB_METHOD_SEARCH;
        if (st == NB_OK && comp->steps > most)
            most = comp->steps;
    }
    if (st == NB_OK) {
        out->verdict = most % 2 ? NB_WIN : NB_LOSE;
        out->complete = out->verdict == NB_LOSE; /* other combinations may win too */
        if (out->verdict == NB_WIN) {
            nb_state words = {0};
            size_t n = 0;
            for (size_t c = 0; c < count; c++) {
                if (!moves[c].len)
                    continue;
                nb_move m = nb_movelist_at(&moves[c], 0);
                nb_state_resize(&words, n + 2 + m.len);
                words.w[n] = c, words.w[n + 1] = m.len;
                memcpy(words.w + n + 2, m.w, m.len * sizeof *m.w);
                n += 2 + m.len;
            }
            nb_movelist_push(&out->moves, &(nb_move){.len = n, .w = words.w});
            free(words.w);
        }
    }
    for (size_t c = 0; c < count; c++)
        nb_movelist_free(&moves[c]);
    free(moves);
    return st;
}

const nb_ruleset nb_every = {
    .name = "every",
    .check = every_check,
    .prepare = every_prepare,
    .release = every_release,
    .apply = every_apply,
    .part_count = every_part_count,
    .part_values = every_values,
    .moves_to = every_moves_to,
    .options = every_options,
    .each_move = every_each_move,
    .analyse_normal = every_normal,
    .misere_undefined = every_undefined,
};
