/* nb_beans.c - the splitting game (HNOI 2007): a bean leaves bottle i for bottles j and k,
 * i < j <= k < n. Each bean is a game of its own (the SG theorem), whose value depends on
 * the d = n - 1 - i bottles right of it: b(d) = mex{b(x) ^ b(y) : y <= x < d}. Two beans
 * in one bottle cancel, so the position is worth the XOR of b over the bottles holding an
 * odd count; one part.
 *
 * b(d) is the d-th odious number (odd count of 1 bits), 1, 2, 4, 7, 8, 11, ..., b(0) = 0.
 * Proof by induction on d: if b(1..d-1) are the first d-1 odious numbers, the options'
 * values are 0 (x = y), those odious numbers (y = 0), and XORs of two of them, which are
 * evil (even count of bits); so the next odious number is not an option. Every smaller
 * evil e > 0 is one: with 2^s its lowest bit, 2^s and e - 2^s are two distinct odious
 * numbers below e. With the odious numbers below, all is had below the next odious: the
 * mex. The k-th odious number from 0 is 2k + 1 - parity(k). The tests check it by the mex. */
#include "games/beans/nb_beans.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "theory/nb_quotient.h"
#include "engine/nb_legal.h"

uint64_t nb_beans_value(uint64_t d)
{
    return d ? 2 * (d - 1) + 1 - (uint64_t)(__builtin_popcountll(d - 1) & 1) : 0;
}

/* The d whose value is v, or UINT64_MAX when v is no bean's value. */
static uint64_t distance_of(uint64_t v)
{
    if (v == 0)
        return 0;
    uint64_t d = (v >> 1) + 1;
    return nb_beans_value(d) == v ? d : UINT64_MAX;
}

static uint64_t bean(const nb_game *g, size_t bottle) { return nb_beans_value(g->len - 1 - bottle); }

static uint64_t beans_xor(const nb_game *g)
{
    uint64_t x = 0;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] & 1)
            x ^= bean(g, i);
    return x;
}

static nb_status beans_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (g->len > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu bottles, over the limit max_parts=%llu", g->len,
                             (unsigned long long)s->limits.max_parts);
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > (uint64_t)INT64_MAX)
            return nb_fail_field(err, NB_EINVAL, 0, i, NB_NO_INDEX, "exceeds 2^63-1");
    return NB_OK;
}

/* {bottle, j, k}. */
static void beans_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[m->w[0]]--;
    after->w[m->w[1]]++;
    after->w[m->w[2]]++;
}

static size_t beans_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

static nb_status beans_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = beans_xor(g);
    return NB_OK;
}

/* Calls fn with every move from a non-empty bottle, i ascending, then j, then k, and the
 * value after; false when max_work moves were offered first. */
static bool bean_moves(const nb_game *g, uint64_t max_work, nb_option_fn fn, void *ctx)
{
    uint64_t x = beans_xor(g), work = 0;
    size_t n = g->len;
    for (size_t i = 0; i < n; i++) {
        if (!g->state[i])
            continue;
        for (size_t j = i + 1; j < n; j++)
            for (size_t k = j; k < n; k++) {
                if (++work > max_work)
                    return false;
                uint64_t w[3] = {i, j, k};
                uint64_t after = x ^ bean(g, i) ^ bean(g, j) ^ bean(g, k);
                if (!fn(ctx, &(nb_move){.len = 3, .w = w}, after))
                    return true;
            }
    }
    return true;
}

static nb_status beans_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)part;
    if (bean_moves(g, s->limits.max_work, fn, ctx))
        return NB_OK;
    return nb_fail(err, NB_ELIMIT, "the bottles have more moves than the limit max_work=%llu",
                   (unsigned long long)s->limits.max_work);
}

/* The moves to target: for each bottle i and j, the k with b(k) = wanted ^ b(j), found by
 * inverting b (one bottle per value), while max_work allows. */
static nb_status beans_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    (void)part, (void)err;
    uint64_t x = beans_xor(g), work = 0;
    size_t n = g->len;
    for (size_t i = 0; i < n; i++) {
        if (!g->state[i])
            continue;
        uint64_t wanted = x ^ target ^ bean(g, i); /* b(j) ^ b(k) */
        for (size_t j = i + 1; j < n; j++) {
            if (++work > s->limits.max_work) {
                out->incomplete = true;
                return NB_OK;
            }
            uint64_t d = distance_of(wanted ^ bean(g, j));
            if (d > n - 1 - j) /* k = n - 1 - d must be j or right of it */
                continue;
            uint64_t w[3] = {i, j, n - 1 - d};
            if (!nb_movelist_push(out, &(nb_move){.len = 3, .w = w}))
                return NB_OK;
        }
    }
    return NB_OK;
}

static void beans_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    bean_moves(g, UINT64_MAX, nb_offer_state, &o);
    free(o.after.w);
}

/* ---- misère play, through the misère quotient of beans ----
 * Each bean is a game of its own under either convention: a bean with d bottles right of
 * it is the quotient's part d, whose options are the pairs of beans at x >= y bottles
 * from the end, below d (a bean in the last bottle cannot move: the empty position). The
 * quotient of the beans of up to QUOTIENT_BOTTLES bottles is grown, certified and cached
 * like a take-and-break game's (nb_quotient.c); the position is lost exactly when the
 * product of its beans' elements lies in the P-portion. */
#define QUOTIENT_BOTTLES 48
#define PART_OPTIONS ((QUOTIENT_BOTTLES - 1) * QUOTIENT_BOTTLES * (QUOTIENT_BOTTLES + 1) / 6)

/* Built once for the process: the cached quotient points at it. */
static uint32_t option_off[QUOTIENT_BOTTLES + 1], option_x[PART_OPTIONS], option_y[PART_OPTIONS];
static nb_quotient_graph bean_parts = {QUOTIENT_BOTTLES, option_off, option_x, option_y};
static pthread_once_t bean_parts_once = PTHREAD_ONCE_INIT;

static void build_bean_parts(void)
{
    uint32_t k = 0;
    for (uint32_t d = 1; d < QUOTIENT_BOTTLES; d++) {
        option_off[d] = k;
        for (uint32_t x = 0; x < d; x++)
            for (uint32_t y = 0; y <= x; y++)
                option_x[k] = x, option_y[k] = y, k++;
    }
    option_off[QUOTIENT_BOTTLES] = k;
}

/* e^c in the quotient, by squaring. */
static uint32_t power(const nb_quotient *q, uint32_t e, uint64_t c)
{
    uint32_t x = 0;
    for (; c; c >>= 1, e = nb_quotient_mul(q, e, e))
        if (c & 1)
            x = nb_quotient_mul(q, x, e);
    return x;
}

/* The verdict, the element and every winning move from q's elements of the bottles. */
static void beans_by_quotient(const nb_game *g, const nb_quotient *q, nb_analysis *out)
{
    size_t n = g->len;
    uint32_t e[QUOTIENT_BOTTLES] = {0}, all[QUOTIENT_BOTTLES] = {0}, rest[QUOTIENT_BOTTLES];
    for (size_t i = 0; i < n; i++) /* a bean's element, and its bottle's */
        e[i] = q->phi[n - 1 - i], all[i] = power(q, e[i], g->state[i]);
    nb_quotient_decide(q, nb_quotient_rests(q, all, n, rest), out);
    bool room = out->verdict == NB_WIN;
    for (size_t i = 0; i < n && room; i++) {
        if (!g->state[i])
            continue;
        uint32_t others = nb_quotient_mul(q, rest[i], power(q, e[i], g->state[i] - 1));
        for (size_t j = i + 1; j < n && room; j++)
            for (size_t k = j; k < n && room; k++) {
                uint32_t x = nb_quotient_mul(q, nb_quotient_mul(q, others, e[j]), e[k]);
                uint64_t w[3] = {i, j, k};
                if (q->lost[x])
                    room = nb_movelist_push(&out->moves, &(nb_move){.len = 3, .w = w});
            }
    }
}

static nb_status beans_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    size_t n = g->len;
    if (n > QUOTIENT_BOTTLES)
        return nb_fail(err, NB_EDECLINED, "%s", "more bottles than the quotient covers");
    pthread_once(&bean_parts_once, build_bean_parts);
    nb_quotient_need need = {n ? n - 1 : 0, NB_QUOTIENT_MAX_ORDER, s->limits.max_work, NULL,
                             s->budget, &bean_parts, NULL};
    const nb_cached *c;
    nb_key key = nb_key_of("quotient:beans");
    nb_status st = nb_table_acquire(s, &key, &nb_quotient_kind, &need, &c, err);
    if (st != NB_OK)
        return st;
    const nb_quotient *q = (const nb_quotient *)c;
    if (q->n >= n)
        beans_by_quotient(g, q, out);
    else
        st = nb_fail(err, NB_EDECLINED, "%s", "the quotient does not cover every bottle");
    nb_table_release(s, c);
    return st;
}

/* {bottle, j, k}: a bean from a bottle that has one, into bottles i < j <= k. */
static nb_status beans_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 1, "bottle", err);
    if (st != NB_OK)
        return st;
    if (!g->state[m->w[0]])
        return nb_illegal(err, 0, "bottle %llu is empty", (unsigned long long)m->w[0]);
    if (m->w[1] <= m->w[0] || m->w[2] < m->w[1])
        return nb_illegal(err, m->w[1] <= m->w[0] ? 1 : 2, "the bean goes into two bottles "
                          "right of bottle %llu, the first no further right than the second",
                          (unsigned long long)m->w[0]);
    if (m->w[2] >= g->len)
        return nb_illegal(err, 2, "there is no bottle %llu: they are numbered 0..%zu",
                          (unsigned long long)m->w[2], g->len - 1);
    return NB_OK;
}

const nb_ruleset nb_beans = {
    .name = "beans",
    .check = beans_check,
    .apply = beans_apply,
    .part_count = beans_part_count,
    .part_values = beans_values,
    .moves_to = beans_moves_to,
    .options = beans_options,
    .legal = beans_legal,
    .each_move = beans_each_move,
    .analyse_misere = beans_misere,
};
