/* nb_coins.c - coin-turning games: each head is a game of its own, so a position's value
 * is the XOR of its heads' values (Winning Ways ch. 14: turning a coin that shows tails
 * is the same as adding a head, and two heads on one coin cancel). In a row the value of a
 * head at coin n is the rule's g(n) = mex of the XORs of g over the other coins a move
 * from n may turn; in a grid, the head at (r, c) under rules (G1 on columns, G2 on rows)
 * is worth G1(c) (x) G2(r), the nim product (the Tartan theorem, Winning Ways ch. 14). */
#include "games/coins/nb_coins.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_nimber.h"
#include "core/nb_util.h"

/* --- one rule on a row ------------------------------------------------------------- */

/* The closed forms (Winning Ways ch. 14), by induction on n from the mex:
 * - turtles: g(n) = n (the options of n are 0 and every g(j), j < n: Nim);
 * - twins: g(n) = n - 1 (the options are every g(j), j < n);
 * - mock turtles: g(n) = the (n-1)-th odious number, 2(n-1) plus 1 when n-1 has an even
 *   number of 1 bits (the XOR of at most two odious numbers is never odious, and every
 *   smaller number is reached);
 * - ruler: g(n) = the largest power of 2 dividing n; the XOR of g(1..m) is then the Gray
 *   code m ^ (m >> 1) (bit b counts the i <= m with 2^b exactly dividing i, ceil(m/2^b / 2)
 *   of them, odd exactly when bits b and b+1 of m differ), so a run j..n is worth
 *   gray(n) ^ gray(j-1) = gray(n ^ (j-1));
 * - Moebius has no closed form: its values are the mex, tabled below. */
static uint64_t gray(uint64_t m) { return m ^ m >> 1; }

static uint64_t gray_inverse(uint64_t v)
{
    for (unsigned shift = 1; shift < 64; shift *= 2)
        v ^= v >> shift;
    return v;
}

static uint64_t moebius_value[NB_MOEBIUS_COINS + 1];
static pthread_once_t moebius_once = PTHREAD_ONCE_INIT;

/* The mex of the XORs of at most four earlier values: reach[x] bit k says x is the XOR of
 * k distinct earlier values. The values rise (each is outside every earlier set and the
 * sets only grow), and every XOR of values below 2^b is below 2^b, so each step scans the
 * numbers below the first power of 2 past the largest value. */
static void table_moebius(void)
{
    size_t cap = 1u << 12;
    uint8_t *reach = nb_xcalloc(cap, 1);
    reach[0] = 1;
    size_t bound = 1; /* a power of 2 above every value so far */
    for (size_t n = 1; n <= NB_MOEBIUS_COINS; n++) {
        uint64_t mex = 0;
        while (mex < bound && reach[mex])
            mex++;
        moebius_value[n] = mex;
        while (bound <= mex)
            bound *= 2;
        if (bound > cap) {
            reach = nb_xrealloc(reach, bound);
            memset(reach + cap, 0, bound - cap);
            cap = bound;
        }
        for (unsigned k = 4; k >= 1; k--)
            for (size_t x = 0; x < bound; x++)
                if (reach[x] >> (k - 1) & 1)
                    reach[x ^ mex] |= (uint8_t)(1u << k);
    }
    free(reach);
}

uint64_t nb_coin_value(nb_coin_rule rule, uint64_t n)
{
    switch (rule) {
    case NB_COIN_TURTLES:
        return n;
    case NB_COIN_TWINS:
        return n - 1;
    case NB_COIN_MOCK_TURTLES:
        return 2 * (n - 1) + !(__builtin_popcountll(n - 1) & 1);
    case NB_COIN_RULER:
        return n & -n;
    default:
        pthread_once(&moebius_once, table_moebius);
        return moebius_value[n];
    }
}

/* The coin j in 1..below-1 with g(j) = v, or 0 (the rules but the ruler's are one to one,
 * and their values rise). */
static uint64_t coin_of(nb_coin_rule rule, uint64_t v, uint64_t below)
{
    uint64_t j = 0;
    switch (rule) {
    case NB_COIN_TURTLES:
        j = v;
        break;
    case NB_COIN_TWINS:
        j = v + 1;
        break;
    case NB_COIN_MOCK_TURTLES:
        j = (__builtin_popcountll(v) & 1) ? v / 2 + 1 : 0;
        break;
    default: { /* Moebius: a search of the rising table */
        uint64_t lo = 1, hi = below < NB_MOEBIUS_COINS + 1 ? below : NB_MOEBIUS_COINS + 1;
        while (lo < hi) {
            uint64_t mid = lo + (hi - lo) / 2;
            if (nb_coin_value(rule, mid) < v)
                lo = mid + 1;
            else
                hi = mid;
        }
        j = lo < below && nb_coin_value(rule, lo) == v ? lo : 0;
    }
    }
    return j >= 1 && j < below ? j : 0;
}

/* How many sets a move with rightmost coin n may turn. */
static uint64_t set_count(nb_coin_rule rule, uint64_t n)
{
    uint64_t m = n - 1; /* coins to its left */
    switch (rule) {
    case NB_COIN_TURTLES:
    case NB_COIN_RULER:
        return n;
    case NB_COIN_TWINS:
        return m;
    case NB_COIN_MOCK_TURTLES:
        return 1 + m + m * (m - 1) / 2;
    default:
        return 1 + m + m * (m - 1) / 2 + m * (m - 1) * (m - 2) / 6 +
               m * (m - 1) * (m - 2) * (m - 3) / 24;
    }
}

/* Called with each set and the XOR of g over it; false stops. */
typedef bool (*set_fn)(void *ctx, const nb_coin_set *set, uint64_t value);

/* The enumeration of sets: a work count against a limit (0: none). */
typedef struct set_walk {
    nb_coin_rule rule;
    uint64_t n;
    set_fn fn;
    void *ctx;
    uint64_t work, max_work;
    nb_budget *budget;  /* the request's (may be NULL) */
    bool stopped, over; /* fn asked to stop; the work limit was reached, or the budget */
    bool spent;         /* the budget was spent */
} set_walk;

static bool offer(set_walk *w, nb_coin_set set, uint64_t value)
{
    if (w->stopped || w->over)
        return false;
    w->stopped = !w->fn(w->ctx, &set, value);
    return !w->stopped;
}

static bool spend(set_walk *w)
{
    if (w->max_work && ++w->work > w->max_work)
        w->over = true;
    if (nb_budget_spent(w->budget))
        w->over = w->spent = true;
    return !w->over && !w->stopped;
}

/* The set of `k` coins: others[0..k-1] (ascending) and n. */
static nb_coin_set coins_set(const uint64_t *others, size_t k, uint64_t n)
{
    nb_coin_set s = {.k = k + 1};
    memcpy(s.coin, others, k * sizeof *others);
    s.coin[k] = n;
    return s;
}

/* How many coins besides the rightmost a set of the rule holds: from *least to *most. */
static void others_range(nb_coin_rule rule, size_t *least, size_t *most)
{
    *least = rule == NB_COIN_TWINS;
    *most = rule == NB_COIN_MOCK_TURTLES ? 2 : rule == NB_COIN_MOEBIUS ? 4 : 1;
}

/* Every set of `left` more coins, ascending after others[0..k) and below n, with x the
 * XOR of g over the set so far; with `valued`, only those whose XOR comes to 0 (the last
 * coin is then the one that makes it so). */
static void subsets(set_walk *w, uint64_t *others, size_t k, size_t left, uint64_t x,
                    bool valued, uint64_t v)
{
    uint64_t from = k ? others[k - 1] + 1 : 1;
    if (!left) {
        if (!valued || !x)
            offer(w, coins_set(others, k, w->n), v ^ x);
        return;
    }
    if (valued && left == 1) {
        uint64_t j = coin_of(w->rule, x, w->n);
        if (j >= from && spend(w)) {
            others[k] = j;
            offer(w, coins_set(others, k + 1, w->n), v);
        }
        return;
    }
    for (uint64_t j = from; j < w->n && spend(w); j++) {
        others[k] = j;
        subsets(w, others, k + 1, left - 1, x ^ nb_coin_value(w->rule, j), valued, v);
    }
}

/* Every set with rightmost coin n, in a fixed order (with `valued`, those whose XOR of g
 * is v). A ruler's run j..n is worth gray(n ^ (j-1)), so one run has a given value. */
static void walk_sets(set_walk *w, bool valued, uint64_t v)
{
    uint64_t n = w->n, others[4];
    if (w->rule == NB_COIN_RULER) {
        uint64_t j1 = n ^ gray_inverse(v); /* j - 1 */
        for (uint64_t j = valued ? (j1 < n ? j1 + 1 : 0) : n; j >= 1 && spend(w); j--) {
            offer(w, (nb_coin_set){.run = true, .lo = j, .hi = n}, gray(n) ^ gray(j - 1));
            if (valued)
                break;
        }
        return;
    }
    size_t least, most;
    others_range(w->rule, &least, &most);
    uint64_t x = nb_coin_value(w->rule, n) ^ (valued ? v : 0);
    /* the values rise, so the others' XOR is below the first power of 2 past g(n-1) */
    if (valued && n > 1 && x >> (64 - __builtin_clzll(nb_coin_value(w->rule, n - 1) | 1)))
        return;
    for (size_t size = least; size <= most && !w->stopped && !w->over; size++)
        subsets(w, others, 0, size, x, valued, valued ? v : 0);
}

static void each_set(set_walk *w) { walk_sets(w, false, 0); }
static void sets_valued(set_walk *w, uint64_t v) { walk_sets(w, true, v); }

/* --- a grid under two rules -------------------------------------------------------- */

static const nb_coins_params *params_of(const nb_game *g) { return g->params; }

static bool is_head(const uint64_t *bits, size_t i) { return bits[i / 64] >> (i % 64) & 1; }

static void turn(uint64_t *bits, size_t i) { bits[i / 64] ^= 1ULL << (i % 64); }

/* The value of a head at row r, column c. */
static uint64_t head_value(const nb_coins_params *p, uint64_t r, uint64_t c)
{
    return nb_nim_mul(nb_coin_value(p->rule[0], c), nb_coin_value(p->rule[1], r));
}

static uint64_t grid_value(const nb_game *g)
{
    const nb_coins_params *p = params_of(g);
    uint64_t x = 0;
    for (size_t i = 0; i < p->nrows * p->ncols; i++)
        if (is_head(g->state, i))
            x ^= head_value(p, i / p->ncols + 1, i % p->ncols + 1);
    return x;
}

nb_coin_set nb_coin_set_read(const nb_move *m, size_t *at)
{
    nb_coin_set s = {0};
    s.k = (size_t)m->w[(*at)++];
    if (!s.k) {
        s.run = true;
        s.lo = m->w[(*at)++];
        s.hi = m->w[(*at)++];
    } else {
        memcpy(s.coin, m->w + *at, s.k * sizeof *s.coin);
        *at += s.k;
    }
    return s;
}

static size_t write_set(uint64_t *w, const nb_coin_set *s)
{
    if (s->run) {
        w[0] = 0, w[1] = s->lo, w[2] = s->hi;
        return 3;
    }
    w[0] = s->k;
    memcpy(w + 1, s->coin, s->k * sizeof *s->coin);
    return s->k + 1;
}

static nb_move make_move(uint64_t *w, const nb_coin_set *cols, const nb_coin_set *rows)
{
    size_t len = write_set(w, cols);
    len += write_set(w + len, rows);
    return (nb_move){.len = len, .w = w};
}

/* The coins of a set, one by one. */
static size_t set_size(const nb_coin_set *s) { return s->run ? (size_t)(s->hi - s->lo + 1) : s->k; }
static uint64_t set_coin(const nb_coin_set *s, size_t i) { return s->run ? s->lo + i : s->coin[i]; }

static void coins_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    const nb_coins_params *p = params_of(g);
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    size_t at = 0;
    nb_coin_set cols = nb_coin_set_read(m, &at), rows = nb_coin_set_read(m, &at);
    for (size_t i = 0; i < set_size(&rows); i++)
        for (size_t j = 0; j < set_size(&cols); j++)
            turn(after->w, (size_t)(set_coin(&rows, i) - 1) * p->ncols + (size_t)(set_coin(&cols, j) - 1));
}

static nb_status coins_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_coins_params *p = params_of(g);
    int field = p->grid ? NB_COINS_FIELD_GRID : NB_COINS_FIELD_ROW;
    if (!p->grid && p->ncols > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, field, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu coins, over the limit max_parts=%llu", p->ncols,
                             (unsigned long long)s->limits.max_parts);
    if (p->nrows && p->ncols > s->limits.max_parts / p->nrows)
        return nb_fail_field(err, NB_ELIMIT, field, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu x %zu coins, over the limit max_parts=%llu", p->nrows,
                             p->ncols, (unsigned long long)s->limits.max_parts);
    for (int side = 0; side < 2; side++) {
        size_t n = side ? p->nrows : p->ncols;
        if (p->rule[side] == NB_COIN_MOEBIUS && n > NB_MOEBIUS_COINS)
            return nb_fail_field(err, NB_ELIMIT, field, NB_NO_INDEX, NB_NO_INDEX,
                                 "has %zu %s under the moebius rule, whose values are tabled "
                                 "up to %d",
                                 n, side ? "rows" : "coins in a row", NB_MOEBIUS_COINS);
    }
    return NB_OK;
}

static size_t coins_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

static nb_status coins_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = grid_value(g);
    return NB_OK;
}

static nb_method coins_method(const nb_game *g, size_t part)
{
    (void)part;
    const nb_coins_params *p = params_of(g);
    return p->rule[0] == NB_COIN_MOEBIUS || p->rule[1] == NB_COIN_MOEBIUS ? NB_METHOD_TABLE
                                                                          : NB_METHOD_CLOSED_FORM;
}

/* The search for moves: one head (r, c) as the south-east corner, one side's set fixed
 * while the other side's sets are walked. */
typedef struct corner {
    const nb_game *g;
    uint64_t x;               /* options: the position's value */
    nb_coin_set fixed;        /* the set of the side walked first */
    uint64_t fixed_value;
    bool rows_first;          /* the fixed set is the rows' */
    set_walk inner;           /* the other side's walk */
    nb_movelist *out;         /* moves_to: the list */
    nb_option_fn fn;          /* options: the callback */
    void *ctx;
    uint64_t need;            /* moves_to: the value change wanted */
    bool full;
} corner;

static bool take_pair(void *ctx, const nb_coin_set *set, uint64_t value)
{
    corner *k = ctx;
    uint64_t w[NB_COINS_MOVE_WORDS];
    const nb_coin_set *cols = k->rows_first ? set : &k->fixed;
    const nb_coin_set *rows = k->rows_first ? &k->fixed : set;
    nb_move m = make_move(w, cols, rows);
    if (k->out) {
        k->full = !nb_movelist_push(k->out, &m);
        return !k->full;
    }
    k->full = !k->fn(k->ctx, &m, k->x ^ nb_nim_mul(value, k->fixed_value));
    return !k->full;
}

/* For each set of the first side: the sets of the other side that complete a move to the
 * wanted change (moves_to), or all of them (options). */
static bool take_first(void *ctx, const nb_coin_set *set, uint64_t value)
{
    corner *k = ctx;
    k->fixed = *set;
    k->fixed_value = value;
    set_walk *in = &k->inner;
    in->stopped = false;
    if (!k->out || (!value && !k->need)) { /* every set of the other side */
        each_set(in);
    } else if (value) {
        sets_valued(in, nb_nim_mul(k->need, nb_nim_inv(value)));
    }
    return !k->full && !in->over;
}

/* Walks the sets of every head as a corner, the side with fewer sets first, within
 * max_work steps (*over past them) and the solver's budget (its failure). */
static nb_status walk_corners(const nb_game *g, nb_solver *s, corner *k, bool *over, nb_err *err)
{
    uint64_t max_work = s ? s->limits.max_work : 0;
    nb_budget *budget = s ? s->budget : NULL;
    const nb_coins_params *p = params_of(g);
    k->g = g;
    uint64_t work = 0;
    for (size_t i = 0; i < p->nrows * p->ncols && !k->full; i++) {
        if (!is_head(g->state, i))
            continue;
        uint64_t r = i / p->ncols + 1, c = i % p->ncols + 1;
        k->rows_first = set_count(p->rule[1], r) <= set_count(p->rule[0], c);
        set_walk outer = {.rule = p->rule[k->rows_first ? 1 : 0], .n = k->rows_first ? r : c,
                          .fn = take_first, .ctx = k, .max_work = max_work, .budget = budget};
        k->inner = (set_walk){.rule = p->rule[k->rows_first ? 0 : 1],
                              .n = k->rows_first ? c : r, .fn = take_pair, .ctx = k,
                              .max_work = max_work, .budget = budget};
        outer.work = work;
        k->inner.work = work;
        each_set(&outer);
        work = outer.work > k->inner.work ? outer.work : k->inner.work;
        if (outer.spent || k->inner.spent)
            return nb_budget_fail(budget, err);
        if (outer.over || k->inner.over) {
            *over = true;
            break;
        }
    }
    return NB_OK;
}

static nb_status coins_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    (void)part;
    corner k = {.out = out};
    k.need = grid_value(g) ^ target;
    bool over = false;
    nb_status st = walk_corners(g, s, &k, &over, err);
    out->incomplete |= over;
    return st;
}

static nb_status coins_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)part;
    corner k = {.fn = fn, .ctx = ctx, .x = grid_value(g)};
    bool over = false;
    nb_status st = walk_corners(g, s, &k, &over, err);
    if (st != NB_OK)
        return st;
    if (over)
        return nb_fail(err, NB_ELIMIT, "listing the moves of these coins takes over max_work=%llu steps",
                       (unsigned long long)s->limits.max_work);
    return NB_OK;
}

static void coins_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    coins_options(g, NULL, 0, nb_offer_state, &o, NULL);
    free(o.after.w);
}

const nb_ruleset nb_coins = {
    .name = "coins",
    .check = coins_check,
    .apply = coins_apply,
    .part_count = coins_part_count,
    .part_values = coins_values,
    .moves_to = coins_moves_to,
    .options = coins_options,
    .each_move = coins_each_move,
    .part_method = coins_method,
};
