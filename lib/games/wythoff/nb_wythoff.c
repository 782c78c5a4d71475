/* nb_wythoff.c - Wythoff's game. One pile alone is decided at any size by its P-positions
 * (Wythoff 1907): (0, 0) and (A(k), B(k)) and (B(k), A(k)) for k >= 1, with A(k) =
 * floor(k phi) and B(k) = A(k) + k = floor(k phi^2); A and B are complementary Beatty
 * sequences (every positive integer is in exactly one, once), so every number x has one
 * partner p(x) with (x, p(x)) a P-position, and every difference d one P-pair (A(d), B(d)).
 * The winning moves from (a, b) are therefore exactly: b down to p(a), a down to p(b), and
 * both down to the P-pair of their difference, each when it takes something.
 * A(k) is computed in integers: floor(k phi) = floor((k + k sqrt(5)) / 2) =
 * floor((k + floor(k sqrt(5))) / 2), as k sqrt(5) is irrational for k >= 1 (root5).
 * Under misère play one pile's P-positions are (0, 1), (1, 0), (2, 2) and the normal ones
 * from (3, 5) on (the normal ones with a number below 3 traded for the three; the tests
 * check it against the exhaustive search on every pile below 48), so the same three moves
 * with those partners decide it.
 * The SG values of piles have no closed form (Blass and Fraenkel 1990; Dress, Flammenkamp
 * and Pink 1999: each row is additively periodic): a sum of piles takes them from a table
 * of every pile below max_side (nb_wytable.c). Several piles under misère play are a sum
 * of one-pile games, each labelled by Conway's tame theory from a search of it alone
 * (nb_tame_analyse_parts). */
#include "games/wythoff/nb_wythoff.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_legal.h"
#include "engine/nb_tame.h"

static size_t npiles(const nb_game *g) { return g->len / 2; }

static const nb_wytable *table_of(const nb_game *g)
{
    return ((const nb_wythoff_params *)g->params)->table;
}

/* floor(sqrt(n)) for n below 2^127, by Newton's method from a power of 2 above it. */
static uint64_t isqrt128(unsigned __int128 n)
{
    if (!n)
        return 0;
    uint64_t high = (uint64_t)(n >> 64);
    int bits = high ? 128 - __builtin_clzll(high) : 64 - __builtin_clzll((uint64_t)n);
    unsigned __int128 x = (unsigned __int128)1 << ((bits + 1) / 2); /* > sqrt(n) */
    for (;;) { /* decreases strictly until it reaches the floor */
        unsigned __int128 y = (x + n / x) / 2;
        if (y >= x)
            return (uint64_t)x;
        x = y;
    }
}

/* floor(x sqrt(5)) for x below 2^63, where 5x^2 may pass 128 bits. With 5x^2 = 4q + r
 * (r = x^2 mod 4, 0 or 1; q = x^2 + floor(x^2 / 4)), h = isqrt(q) = floor(x sqrt(5) / 2),
 * and the floor is 2h + 1 exactly when 5x^2 >= (2h + 1)^2: 4(q - h^2 - h) + r - 1 >= 0. */
static unsigned __int128 root5(uint64_t x)
{
    unsigned __int128 sq = (unsigned __int128)x * x, q = sq + sq / 4;
    int r = (int)(sq % 4);
    uint64_t h = isqrt128(q);
    __int128 slack = (__int128)(q - (unsigned __int128)h * h) - (__int128)h;
    return 2 * (unsigned __int128)h + (4 * slack + r - 1 >= 0);
}

uint64_t nb_wythoff_lower(uint64_t k)
{
    return (uint64_t)((k + root5(k)) / 2);
}

/* p(x): the one number with (x, p(x)) a P-position (under misère play with misere). */
static uint64_t partner(uint64_t x, bool misere)
{
    if (misere && x <= 2)
        return x == 0 ? 1 : x == 1 ? 0 : 2;
    if (!x)
        return 0;
    unsigned __int128 s = root5(x);
    uint64_t k = (uint64_t)((s - x) / 2) + 1; /* floor(x / phi) + 1: x = A(k) when lower */
    if (nb_wythoff_lower(k) == x)
        return x + k;
    /* x = B(k) for k = floor(x / phi^2) + 1 = floor((3x - sqrt(5 x^2)) / 2) + 1 */
    k = (uint64_t)(((unsigned __int128)3 * x - s - 1) / 2) + 1;
    return x - k;
}

/* The smaller number of the P-pair whose numbers differ by d. */
static uint64_t pair_of_difference(uint64_t d, bool misere)
{
    if (misere && d <= 1)
        return d ? 0 : 2;
    return nb_wythoff_lower(d);
}

static bool pile_lost(uint64_t a, uint64_t b, bool misere) { return partner(a, misere) == b; }

/* Pushes the winning moves of pile p = (a, b): b down to p(a), a down to p(b), both down
 * to the P-pair of their difference, each when it takes something. */
static void push_wins(size_t p, uint64_t a, uint64_t b, bool misere, nb_movelist *out)
{
    uint64_t pa = partner(a, misere), pb = partner(b, misere), small = a < b ? a : b;
    uint64_t lo = pair_of_difference(a > b ? a - b : b - a, misere);
    uint64_t takes[3][2] = {{0, b - pa}, {a - pb, 0}, {small - lo, small - lo}};
    bool valid[3] = {pa < b, pb < a, lo < small};
    for (int i = 0; i < 3; i++) {
        uint64_t w[3] = {p, takes[i][0], takes[i][1]};
        if (valid[i] && !nb_movelist_push(out, &(nb_move){.len = 3, .w = w}))
            return;
    }
}

static nb_status wy_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (npiles(g) > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu piles, over the limit max_parts=%llu", npiles(g),
                             (unsigned long long)s->limits.max_parts);
    return NB_OK;
}

/* The table of every pile below the largest number, when that is below max_side; a sum
 * of piles needs it (one pile alone is decided without it). */
static nb_status wy_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    uint64_t top = 1;
    size_t at = 0;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > top)
            top = g->state[i], at = i;
    if (top >= s->limits.max_side) {
        if (npiles(g) == 1)
            return NB_OK;
        nb_fail(err, NB_ELIMIT, "piles[%zu] has a number past Wythoff's SG table, the limit "
                "max_side=%llu (one pile alone is decided at any size)", at / 2,
                (unsigned long long)s->limits.max_side);
        nb_err_blame(err, 0, at / 2, at % 2);
        return NB_ELIMIT;
    }
    nb_wytable_need need = {(size_t)top + 1, s->budget};
    const nb_cached *c;
    nb_key key = nb_key_of("wythoff");
    nb_status st = nb_table_acquire(s, &key, &nb_wytable_kind, &need, &c, err);
    if (st == NB_OK)
        ((nb_wythoff_params *)g->params)->table = (const nb_wytable *)c;
    return st;
}

static void wy_release(nb_game *g, nb_solver *s)
{
    nb_wythoff_params *p = g->params;
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
}

static size_t wy_part_count(const nb_game *g) { return npiles(g); }

/* The problem of a pile past the table asked for values (one pile alone, whose verdict
 * and winning moves need none). */
static nb_status no_table(const nb_solver *s, nb_err *err)
{
    return nb_fail(err, NB_ELIMIT, "a pile past Wythoff's SG table has no value at hand (the "
                   "limit max_side=%llu)", (unsigned long long)s->limits.max_side);
}

/* From the table; one pile past it has a value only when lost, by its P-positions. */
static nb_method wy_method(const nb_game *g, size_t part)
{
    (void)part;
    return table_of(g) ? NB_METHOD_TABLE : NB_METHOD_CLOSED_FORM;
}

static nb_status wy_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    const nb_wytable *t = table_of(g);
    if (!t)
        return no_table(s, err);
    for (size_t p = 0; p < npiles(g); p++)
        sg[p] = nb_wytable_value(t, g->state[2 * p], g->state[2 * p + 1]);
    return NB_OK;
}

/* Calls fn for every move of pile p in a fixed order (from a, from b, from both, each by
 * the amount ascending) with the pile's value after it from table t (0 when t is NULL). */
static void each_pile_move(const nb_game *g, size_t p, const nb_wytable *t, nb_option_fn fn,
                           void *ctx)
{
    uint64_t a = g->state[2 * p], b = g->state[2 * p + 1];
    for (int side = 0; side < 3; side++) {
        uint64_t most = side == 0 ? a : side == 1 ? b : a < b ? a : b;
        for (uint64_t x = 1; x <= most; x++) {
            uint64_t w[3] = {p, side != 1 ? x : 0, side != 0 ? x : 0};
            uint64_t v = t ? nb_wytable_value(t, a - w[1], b - w[2]) : 0;
            if (!fn(ctx, &(nb_move){.len = 3, .w = w}, v))
                return;
        }
    }
}

static nb_status wy_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    if (!table_of(g))
        return no_table(s, err);
    each_pile_move(g, part, table_of(g), fn, ctx);
    return NB_OK;
}

static nb_status wy_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    nb_target_filter f = {target, out};
    return wy_options(g, s, part, nb_keep_if_target, &f, err);
}

static void wy_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[2 * m->w[0]] -= m->w[1];
    after->w[2 * m->w[0] + 1] -= m->w[2];
}

static void wy_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t p = 0; p < npiles(g) && !o.stopped; p++)
        each_pile_move(g, p, NULL, nb_offer_state, &o);
    free(o.after.w);
}

/* One pile, either convention: its verdict and every winning move by the P-positions;
 * its value from the table when it has one (0 when lost). A sum declines. */
static nb_status one_pile(const nb_game *g, bool misere, nb_analysis *out)
{
    if (npiles(g) != 1)
        return NB_EDECLINED;
    uint64_t a = g->state[0], b = g->state[1];
    bool lost = pile_lost(a, b, misere);
    out->verdict = lost ? NB_LOSE : NB_WIN;
    out->complete = true; /* every winning move: the three kinds of move to a P-position */
    if (!misere) {
        const nb_wytable *t = table_of(g);
        out->has_sg = lost || t;
        out->sg = lost || !t ? 0 : nb_wytable_value(t, a, b);
        nb_components_per_part(g, out->has_sg ? &out->sg : NULL, out);
    }
    if (!lost)
        push_wins(0, a, b, misere, &out->moves);
    return NB_OK;
}

static nb_status wy_normal(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    return one_pile(g, false, out);
}

/* One pile by its P-positions; several as a sum of piles, each labelled by Conway's tame
 * theory from a search of that pile alone (nb_tame.c). */
static nb_status wy_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return npiles(g) == 1 ? one_pile(g, true, out) : nb_tame_analyse_parts(g, s, out, err);
}

nb_status nb_wythoff_grid(nb_solver *s, uint64_t max_a, uint64_t max_b, uint64_t **values,
                          nb_err *err)
{
    if (max_a >= s->limits.max_side || max_b >= s->limits.max_side)
        return nb_fail_field(err, NB_ELIMIT, NB_FIELD_UP_TO, NB_NO_INDEX, NB_NO_INDEX,
                             "has a number past the limit max_side=%llu of Wythoff's table",
                             (unsigned long long)s->limits.max_side);
    nb_wytable_need need = {(size_t)(max_a > max_b ? max_a : max_b) + 1, s->budget};
    const nb_cached *c;
    nb_key key = nb_key_of("wythoff");
    nb_status st = nb_table_acquire(s, &key, &nb_wytable_kind, &need, &c, err);
    if (st != NB_OK)
        return st;
    const nb_wytable *t = (const nb_wytable *)c;
    uint64_t *v = nb_xmalloc((max_a + 1) * (max_b + 1) * sizeof *v);
    for (uint64_t a = 0; a <= max_a; a++)
        for (uint64_t b = 0; b <= max_b; b++)
            v[a * (max_b + 1) + b] = nb_wytable_value(t, a, b);
    nb_table_release(s, c);
    *values = v;
    return NB_OK;
}

/* {pile, x, y}: x > 0 from a, or y > 0 from b, or x = y > 0 from both. */
static nb_status wy_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 2, "pile", err);
    if (st != NB_OK)
        return st;
    uint64_t a = g->state[2 * m->w[0]], b = g->state[2 * m->w[0] + 1], x = m->w[1], y = m->w[2];
    if (!x && !y)
        return nb_illegal(err, 1, "a move takes at least 1");
    if (x && y && x != y)
        return nb_illegal(err, 2, "a move takes from one number, or the same from both");
    if (x > a || y > b)
        return nb_illegal(err, x > a ? 1 : 2, "pile %llu is (%llu, %llu)",
                          (unsigned long long)m->w[0], (unsigned long long)a,
                          (unsigned long long)b);
    return NB_OK;
}

const nb_ruleset nb_wythoff = {
    .name = "wythoff",
    .check = wy_check,
    .prepare = wy_prepare,
    .release = wy_release,
    .apply = wy_apply,
    .part_count = wy_part_count,
    .part_values = wy_values,
    .part_method = wy_method,
    .moves_to = wy_moves_to,
    .options = wy_options,
    .legal = wy_legal,
    .each_move = wy_each_move,
    .canonicalize = nb_pairs_canonicalize,
    .components = nb_components_per_part,
    .analyse_normal = wy_normal,
    .analyse_misere = wy_misere,
    .part_width = 2,
};
