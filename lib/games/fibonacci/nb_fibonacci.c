/* nb_fibonacci.c - dynamic subtraction with multiplier k: one heap is decided at any size
 * by its representation in the sequence H of k; a sum takes its heaps' values from a table.
 *
 * The sequence (Schwenk, "Take-away games", Fibonacci Quart. 8 (1970); for k = 2 the
 * Fibonacci numbers 1, 2, 3, 5, 8, ... of Whinihan, Fibonacci Quart. 1 (1963)): H_0 = 1,
 * H_(j+1) = H_j + H_m with m the least index such that k H_m >= H_j. Every n >= 1 has one
 * representation n = s_1 + s_2 + ... + s_q by terms of H with k s_(i+1) < s_i, the greedy
 * one: a representation whose largest term is H_j sums to less than H_(j+1) (by induction:
 * its tail's largest term is at most H_(m-1), so the tail is below H_m), so s_1 is the
 * largest term <= n.
 * The theorem (Schwenk; Whinihan for k = 2): the heap n whose next move may take at most r
 * is lost for the player to move exactly when n = 0 or its smallest term s_q exceeds r.
 * Its winning moves: a take t wins when n - t is 0 or its smallest term exceeds k t. Then
 * k t is below every term of n - t, so t's representation followed by n - t's is a
 * representation of n, the one: t is the sum of the last few terms of n's. So the winning
 * moves are the takes t = s_i + ... + s_q with t <= r and k t < s_(i-1) (i = 1: the whole
 * heap, when n <= r): at most 64 of them, every one listed.
 * The SG values have no closed form (Larsson and Rubinstein-Salzedo, "Grundy values of
 * Fibonacci nim", Int. J. Game Theory 45 (2016), describe those up to 3): a sum of heaps
 * takes them from a table of every heap below max_side with every limit (nb_fibtable.c).
 * Misère play: one heap is searched; several are a sum of one-heap games, each labelled by
 * Conway's tame theory from a search of it alone (part_width, nb_tame_analyse_parts). */
#include "games/fibonacci/nb_fibonacci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_legal.h"
#include "engine/nb_tame.h"

/* Terms of a representation: each is more than k >= 1 times the next, so at most 64. */
#define MAX_TERMS 64

static size_t nheaps(const nb_game *g) { return g->len / 2; }

static const nb_fibonacci_params *params_of(const nb_game *g) { return g->params; }

/* The most the next move from heap n with limit word r may take. */
static uint64_t reach(uint64_t n, uint64_t r)
{
    if (r == NB_FIB_FIRST)
        return n ? n - 1 : 0;
    return r < n ? r : n;
}

/* The limit after taking t: k t, kept within NB_HEAP_MAX. */
static uint64_t next_limit(uint64_t k, uint64_t t)
{
    return t > NB_HEAP_MAX / k ? NB_HEAP_MAX : k * t;
}

/* n's representation into s, largest first; returns how many terms. */
static size_t represent(const nb_fibonacci_params *p, uint64_t n, uint64_t s[MAX_TERMS])
{
    size_t q = 0, hi = p->nterms; /* the terms below index hi may still be used */
    while (n && q < MAX_TERMS) {
        size_t lo = nb_last_at_most(p->terms, hi, n); /* the largest term <= n below hi */
        s[q++] = p->terms[lo];
        n -= p->terms[lo];
        hi = lo;
    }
    return q;
}

static bool heap_lost(const nb_fibonacci_params *p, uint64_t n, uint64_t r)
{
    uint64_t s[MAX_TERMS];
    size_t q = represent(p, n, s);
    return q == 0 || s[q - 1] > reach(n, r);
}

/* Pushes the winning moves of heap h: the sums of n's last terms that the limit allows and
 * that leave only terms above k times them, smallest first. */
static void push_wins(const nb_game *g, size_t h, nb_movelist *out)
{
    const nb_fibonacci_params *p = params_of(g);
    uint64_t n = g->state[2 * h], most = reach(n, g->state[2 * h + 1]), s[MAX_TERMS], t = 0;
    size_t q = represent(p, n, s);
    for (size_t i = q; i-- > 0;) {
        t += s[i];
        if (t > most)
            return;
        if (i == 0 || t <= (s[i - 1] - 1) / p->k) {
            uint64_t w[2] = {h, t};
            if (!nb_movelist_push(out, &(nb_move){.len = 2, .w = w}))
                return;
        }
    }
}

static nb_status fib_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (params_of(g)->k < 1)
        return nb_fail_field(err, NB_EINVAL, NB_FIB_FIELD_K, NB_NO_INDEX, NB_NO_INDEX,
                             "must be at least 1");
    if (nheaps(g) > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu heaps, over the limit max_parts=%llu", nheaps(g),
                             (unsigned long long)s->limits.max_parts);
    for (size_t h = 0; h < nheaps(g); h++) {
        if (g->state[2 * h] > NB_HEAP_MAX)
            return nb_fail_field(err, NB_EINVAL, 0, h, NB_NO_INDEX, "exceeds 2^63-1");
        uint64_t r = g->state[2 * h + 1];
        if (r != NB_FIB_FIRST && r > NB_HEAP_MAX)
            return nb_fail_field(err, NB_EINVAL, NB_FIB_FIELD_LIMITS, h, NB_NO_INDEX,
                                 "exceeds 2^63-1");
    }
    return NB_OK;
}

/* H up to the first term past `top`, into p->terms: at most max_table terms (a large k
 * with a large heap needs about k ln(top / k) of them), held on the request's budget. */
static nb_status make_terms(nb_fibonacci_params *p, uint64_t top, nb_solver *s, nb_err *err)
{
    size_t cap = 0, n = 0, m = 0;
    uint64_t *h = NULL, held = 0;
    nb_status st = NB_OK;
    for (uint64_t next = 1;; next = h[n - 1] + h[m]) {
        if (n == cap) {
            size_t grown = cap ? 2 * cap : 128;
            if (grown > s->limits.max_table)
                grown = (size_t)s->limits.max_table;
            if (cap >= s->limits.max_table) {
                st = nb_fail_field(err, NB_ELIMIT, NB_FIB_FIELD_K, NB_NO_INDEX, NB_NO_INDEX,
                                   "needs more terms of its sequence to reach heap %llu than "
                                   "the limit max_table=%llu", (unsigned long long)top,
                                   (unsigned long long)s->limits.max_table);
                break;
            }
            if (!nb_budget_hold(s->budget, (grown - cap) * sizeof *h))
                break; /* spent: said below */
            held += (grown - cap) * sizeof *h;
            h = nb_xrealloc(h, grown * sizeof *h);
            cap = grown;
        }
        h[n++] = next;
        if (next > top) {
            p->terms = h, p->nterms = n;
            break;
        }
        if (nb_budget_spent(s->budget)) /* a large k with a large heap: many terms */
            break;
        while (h[m] < (next - 1) / p->k + 1) /* until k h[m] >= next, without overflow */
            m++;
    }
    nb_budget_drop(s->budget, held);
    if (st == NB_OK && !p->terms)
        st = nb_budget_fail(s->budget, err);
    if (st != NB_OK)
        free(h);
    return st;
}

/* The table of multiplier k covering heaps below `side`, from the solver's cache. */
static nb_status acquire_table(nb_solver *s, uint64_t k, uint64_t side, const nb_fibtable **t,
                               nb_err *err)
{
    nb_key key = {0};
    nb_key_add(&key, "fibonacci/%llu", (unsigned long long)k);
    nb_fibtable_need need = {(size_t)side, k, s->budget};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_fibtable_kind, &need, &c, err);
    *t = st == NB_OK ? (const nb_fibtable *)c : NULL;
    return st;
}

/* The sequence up past the largest heap; the table of every heap below max_side when the
 * largest is below it (a sum of heaps needs it; one heap alone is decided without it). */
static nb_status fib_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_fibonacci_params *p = g->params;
    uint64_t top = 1;
    size_t at = 0;
    for (size_t h = 0; h < nheaps(g); h++)
        if (g->state[2 * h] > top)
            top = g->state[2 * h], at = h;
    nb_status st = make_terms(p, top, s, err);
    if (st != NB_OK)
        return st;
    if (top >= s->limits.max_side) {
        if (nheaps(g) == 1)
            return NB_OK;
        nb_fail(err, NB_ELIMIT, "heap %llu is past the SG table of dynamic subtraction, the "
                "limit max_side=%llu (one heap alone is decided at any size)",
                (unsigned long long)top, (unsigned long long)s->limits.max_side);
        nb_err_blame(err, 0, at, NB_NO_INDEX);
        free(p->terms);
        p->terms = NULL;
        return NB_ELIMIT;
    }
    st = acquire_table(s, p->k, top + 1, &p->table, err);
    if (st != NB_OK) {
        free(p->terms);
        p->terms = NULL;
    }
    return st;
}

static void fib_release(nb_game *g, nb_solver *s)
{
    nb_fibonacci_params *p = g->params;
    nb_table_release(s, p->table ? &p->table->base : NULL);
    free(p->terms);
    p->table = NULL, p->terms = NULL, p->nterms = 0;
}

static size_t fib_part_count(const nb_game *g) { return nheaps(g); }

/* The problem of a heap past the table asked for values (one heap alone, whose verdict
 * and winning moves need none). */
static nb_status no_table(const nb_solver *s, nb_err *err)
{
    return nb_fail(err, NB_ELIMIT, "a heap past the SG table of dynamic subtraction has no "
                   "value at hand (the limit max_side=%llu)",
                   (unsigned long long)s->limits.max_side);
}

static nb_method fib_method(const nb_game *g, size_t part)
{
    (void)part;
    return params_of(g)->table ? NB_METHOD_TABLE : NB_METHOD_CLOSED_FORM;
}

static nb_status fib_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    const nb_fibtable *t = params_of(g)->table;
    if (!t)
        return no_table(s, err);
    for (size_t h = 0; h < nheaps(g); h++)
        sg[h] = nb_fibtable_value(t, g->state[2 * h], reach(g->state[2 * h], g->state[2 * h + 1]));
    return NB_OK;
}

/* Calls fn for every take from heap h, ascending, with the heap's value after it from
 * table t (0 when t is NULL), until fn says stop. */
static bool each_take(const nb_game *g, size_t h, const nb_fibtable *t, nb_option_fn fn,
                      void *ctx)
{
    uint64_t n = g->state[2 * h], most = reach(n, g->state[2 * h + 1]), k = params_of(g)->k;
    for (uint64_t take = 1; take <= most; take++) {
        uint64_t w[2] = {h, take}, v = 0;
        if (t)
            v = nb_fibtable_value(t, n - take, next_limit(k, take));
        if (!fn(ctx, &(nb_move){.len = 2, .w = w}, v))
            return false;
    }
    return true;
}

static nb_status fib_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    const nb_fibtable *t = params_of(g)->table;
    if (!t)
        return no_table(s, err);
    each_take(g, part, t, fn, ctx);
    return NB_OK;
}

/* The moves to 0 by the theorem, at any size; to other values from the table. */
static nb_status fib_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    if (target == NB_SG_WIN_NOW)
        return NB_OK;
    if (target == 0) {
        push_wins(g, part, out);
        return NB_OK;
    }
    nb_target_filter f = {target, out};
    return fib_options(g, s, part, nb_keep_if_target, &f, err);
}

static void fib_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[2 * m->w[0]] -= m->w[1];
    after->w[2 * m->w[0] + 1] = next_limit(params_of(g)->k, m->w[1]);
}

static void fib_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t h = 0; h < nheaps(g) && each_take(g, h, NULL, nb_offer_state, &o); h++)
        ;
    free(o.after.w);
}

/* Each limit as the most it lets the next move take (a first move's is n - 1), the
 * heaps sorted. */
static void fib_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    (void)g;
    for (size_t i = 0; i + 1 < len; i += 2)
        state[i + 1] = reach(state[i], state[i + 1]);
    nb_pairs_sort(state, len);
}

/* One heap: its verdict and every winning move by the theorem; its value from the table
 * when it has one (0 when lost). A sum declines. */
static nb_status fib_normal(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    if (nheaps(g) != 1)
        return NB_EDECLINED;
    const nb_fibtable *t = params_of(g)->table;
    bool lost = heap_lost(params_of(g), g->state[0], g->state[1]);
    out->verdict = lost ? NB_LOSE : NB_WIN;
    out->complete = true;
    out->has_sg = lost || t;
    out->sg = lost || !t ? 0 : nb_fibtable_value(t, g->state[0], reach(g->state[0], g->state[1]));
    nb_components_per_part(g, out->has_sg ? &out->sg : NULL, out);
    if (!lost)
        push_wins(g, 0, &out->moves);
    return NB_OK;
}

nb_status nb_fibonacci_rows(nb_solver *s, uint64_t k, uint64_t from, uint64_t up_to,
                            uint64_t **values, nb_err *err)
{
    if (k < 1)
        return nb_fail_field(err, NB_EINVAL, NB_FIB_FIELD_K, NB_NO_INDEX, NB_NO_INDEX,
                             "must be at least 1");
    if (up_to >= s->limits.max_side)
        return nb_fail_field(err, NB_ELIMIT, NB_FIELD_UP_TO, NB_NO_INDEX, NB_NO_INDEX,
                             "is past the limit max_side=%llu of the table of dynamic "
                             "subtraction", (unsigned long long)s->limits.max_side);
    const nb_fibtable *t;
    nb_status st = acquire_table(s, k, up_to + 1, &t, err);
    if (st != NB_OK)
        return st;
    uint64_t *v = nb_xmalloc(((up_to + 1) * (up_to + 2) / 2 - from * (from + 1) / 2) * sizeof *v);
    size_t at = 0;
    for (uint64_t n = from; n <= up_to; n++)
        for (uint64_t r = 0; r <= n; r++)
            v[at++] = nb_fibtable_value(t, n, r);
    nb_table_release(s, &t->base);
    *values = v;
    return NB_OK;
}

/* {heap, take}: 1..the heap's limit (a first move: anything but the whole heap). */
static nb_status fib_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 2, "heap", err);
    if (st != NB_OK)
        return st;
    uint64_t n = g->state[2 * m->w[0]], r = g->state[2 * m->w[0] + 1];
    if (m->w[1] < 1)
        return nb_illegal(err, 1, "a move takes at least 1");
    if (m->w[1] > n)
        return nb_illegal(err, 1, "heap %llu holds %llu", (unsigned long long)m->w[0],
                          (unsigned long long)n);
    if (m->w[1] > reach(n, r))
        return r == NB_FIB_FIRST
                   ? nb_illegal(err, 1, "the first move from a heap may not take it whole")
                   : nb_illegal(err, 1, "heap %llu's limit is %llu",
                                (unsigned long long)m->w[0], (unsigned long long)r);
    return NB_OK;
}

const nb_ruleset nb_fibonacci = {
    .name = "fibonacci",
    .check = fib_check,
    .prepare = fib_prepare,
    .release = fib_release,
    .apply = fib_apply,
    .part_count = fib_part_count,
    .part_values = fib_values,
    .part_method = fib_method,
    .moves_to = fib_moves_to,
    .options = fib_options,
    .legal = fib_legal,
    .each_move = fib_each_move,
    .canonicalize = fib_canonicalize,
    .components = nb_components_per_part,
    .analyse_normal = fib_normal,
    .analyse_misere = nb_tame_analyse_parts, /* each heap with its limit a game alone */
    .part_width = 2,
};
