/* nb_coprime.c - the coprime game: take y from a heap of x when gcd(x, y) = 1.
 *
 * The value of a heap (checked against the mex over every move for every heap below a few
 * thousand in the tests): g(0) = 0, g(1) = 1, g(x) = 0 for even x, and for odd x >= 3
 * g(x) = pi(p), the index of its least prime factor p among the primes (pi(3) = 2,
 * pi(5) = 3). Proof, by induction on x, since a move x -> x' (= x - y) keeps
 * gcd(x, x') = gcd(x, y) = 1: an even x reaches only odd x', whose values are 1 (x' = 1)
 * or pi(p) >= 2, so its mex is 0. An odd x >= 3 whose least prime factor is p = p_k
 * reaches value 0 (x' = x - 1, even and coprime to x), value 1 (x' = 1) and every value j
 * with 2 <= j < k (x' = p_j, a prime below p, so not a divisor of x); a value k would need
 * an odd x' with least prime factor p, which p divides, and so not coprime to x. So its
 * mex is k.
 *
 * Small heaps come from a sieve of Eratosthenes over the odd numbers (least prime
 * factors' indices) kept in the SG-table cache; larger ones from the least prime factor
 * (nb_primes.h) and its index by libprimecount (Kim Walisch's primecount), bounded by
 * max_prime_count. */
#include "games/coprime/nb_coprime.h"

#include <primecount.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_primes.h"
#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "cache/nb_cache.h"
#include "engine/nb_legal.h"
#include "engine/nb_tame.h"

static nb_status acquire(nb_solver *s, uint64_t n, const nb_sieve **out, nb_err *err)
{
    nb_sieve_need need = {n, s->budget};
    const nb_cached *c;
    nb_key key = nb_key_of("sieve");
    nb_status st = nb_table_acquire(s, &key, &nb_sieve_kind, &need, &c, err);
    if (st == NB_OK)
        *out = (const nb_sieve *)c;
    return st;
}

static const nb_sieve *table_of(const nb_game *g)
{
    return ((const nb_coprime_params *)g->params)->table;
}

/* The value of a heap the table holds. */
static uint64_t table_value(const nb_sieve *t, uint64_t x)
{
    return x < 2 ? x : x % 2 == 0 ? 0 : t->odd[x / 2];
}

/* primecount counts on one thread: a request is one thread of its own, and beside other busy
 * programs its OpenMP threads wait for one another at each barrier, so that a count that
 * takes a twentieth of a second alone took seconds beside four CPU hogs on two cores, past
 * the request's budget (looked at between counts only). */
static pthread_once_t one_thread = PTHREAD_ONCE_INIT;
static void count_on_one_thread(void) { primecount_set_num_threads(1); }

/* pi(p) of a prime p: from the table, else counted, within max_prime_count. */
static nb_status prime_index(const nb_sieve *t, const nb_solver *s, uint64_t p, size_t heap,
                             uint64_t *out, nb_err *err)
{
    if (p < t->n) {
        *out = nb_sieve_lpf_index(t, p);
        return NB_OK;
    }
    if (p > s->limits.max_prime_count) {
        return nb_fail_field(err, NB_ELIMIT, 0, heap, NB_NO_INDEX,
                             "has the least prime factor %llu, past the limit "
                             "max_prime_count=%llu of the primes nimber counts",
                             (unsigned long long)p, (unsigned long long)s->limits.max_prime_count);
    }
    /* one count takes up to a tenth of a second: the budget is looked at before each */
    if (nb_budget_spent_now(s->budget))
        return nb_budget_fail(s->budget, err);
    pthread_once(&one_thread, count_on_one_thread);
    int64_t pi = primecount_pi((int64_t)p);
    if (pi < 0)
        return nb_fail(err, NB_ELIMIT, "primecount could not count the primes to %llu",
                       (unsigned long long)p);
    *out = (uint64_t)pi;
    return NB_OK;
}

/* The odd heaps past the table last valued on this thread, each with its least prime
 * factor and that prime's index: a game of many equal large heaps factors and counts once
 * (a heap's value depends on the heap alone). Slot by the heap's hash; 0 marks a free slot
 * (no such heap is 0). */
#define REMEMBERED_BITS 6
static _Thread_local struct remembered {
    uint64_t heap, prime, index;
} remembered[1u << REMEMBERED_BITS];

static struct remembered *slot_of(uint64_t x)
{
    return &remembered[(x * 0x9e3779b97f4a7c15ULL) >> (64 - REMEMBERED_BITS)];
}

/* g(x) of any heap (heap is its index, for errors). */
static nb_status heap_value(const nb_game *g, const nb_solver *s, uint64_t x, size_t heap,
                            uint64_t *out, nb_err *err)
{
    const nb_sieve *t = table_of(g);
    if (x < t->n || x % 2 == 0) {
        *out = x < t->n ? table_value(t, x) : 0;
        return NB_OK;
    }
    struct remembered *r = slot_of(x);
    if (r->heap == x && r->prime <= s->limits.max_prime_count) { /* the limit as counted */
        *out = r->index;
        return NB_OK;
    }
    uint64_t p = nb_least_prime_factor(x);
    nb_status st = prime_index(t, s, p, heap, out, err);
    if (st == NB_OK)
        *r = (struct remembered){x, p, *out};
    return st;
}

static nb_status co_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    uint64_t top = nb_heaps_max(g);
    uint64_t n = top + 1 < NB_COPRIME_SIEVE ? top + 1 : NB_COPRIME_SIEVE;
    return acquire(s, n < 65536 ? 65536 : n, &((nb_coprime_params *)g->params)->table, err);
}

static void co_release(nb_game *g, nb_solver *s)
{
    nb_coprime_params *p = g->params;
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
}

static nb_status co_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    for (size_t i = 0; i < g->len; i++) {
        nb_status st = heap_value(g, s, g->state[i], i, &sg[i], err);
        if (st != NB_OK)
            return st;
    }
    return NB_OK;
}

/* Pushes the move of heap `part` from x to x'; false once the list is full. */
static bool push_to(nb_movelist *out, size_t part, uint64_t x, uint64_t to)
{
    uint64_t take[2] = {part, x - to};
    return nb_movelist_push(out, &(nb_move){.len = 2, .w = take});
}

/* Odd multiples x' = p*k < x with least prime factor p and gcd(x, x') = 1, ascending, at
 * most `budget` of the k tried; the list says truncated when the budget ran out first. */
#define MULTIPLE_BUDGET 65536
static void multiples_of(const nb_game *g, size_t part, uint64_t p, nb_movelist *out)
{
    const nb_sieve *t = table_of(g);
    uint64_t x = g->state[part];
    if (x % p == 0)
        return;
    for (uint64_t k = 1, tried = 0; k <= (x - 1) / p; k += 2) {
        if (++tried > MULTIPLE_BUDGET) {
            out->incomplete = true;
            return;
        }
        if (k > 1 &&
            (k < t->n ? t->primes[nb_sieve_lpf_index(t, k)] : nb_least_prime_factor(k)) < p)
            continue; /* x' = p*k would have a smaller prime factor */
        if (nb_gcd(x, p * k) == 1 && !push_to(out, part, x, p * k))
            return;
    }
}

/* Every move of a heap to a value: 0 is x' = 0 from 1, or an even x' coprime to an odd x;
 * 1 is x' = 1; t >= 2 is an odd multiple of the t-th prime p_t that has no smaller prime
 * factor (when p_t is past max_prime_count the list says it may be incomplete). */
static nb_status co_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    (void)err;
    const nb_sieve *t = table_of(g);
    uint64_t x = g->state[part];
    if (target == 0) {
        if (x == 1)
            push_to(out, part, x, 0);
        for (uint64_t to = 2, tried = 0; x % 2 == 1 && to < x; to += 2) {
            if (++tried > MULTIPLE_BUDGET) {
                out->incomplete = true;
                break;
            }
            if (nb_gcd(x, to) == 1 && !push_to(out, part, x, to))
                break;
        }
    } else if (target == 1) {
        if (x > 1)
            push_to(out, part, x, 1);
    } else if (target <= t->nprimes) {
        if (t->primes[target] < x)
            multiples_of(g, part, t->primes[target], out);
    } else if (x > t->n) {
        int64_t p = target <= s->limits.max_prime_count ? primecount_nth_prime((int64_t)target) : -1;
        if (p < 0 || (uint64_t)p > s->limits.max_prime_count)
            out->incomplete = true; /* such a prime may lie below x: not counted here */
        else if ((uint64_t)p < x)
            multiples_of(g, part, (uint64_t)p, out);
    }
    return NB_OK;
}

/* Every move of a heap with its value after, x' = 0, 1, 2, ... (the largest takes first,
 * so that the first moves of a large heap are valued from the table); stops when fn
 * says so or a value cannot be had (that error is the call's). */
static nb_status co_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    uint64_t x = g->state[part];
    for (uint64_t to = 0; to < x; to++) {
        if (nb_gcd(x, to) != 1)
            continue;
        uint64_t v = 0;
        nb_status st = heap_value(g, s, to, part, &v, err);
        if (st != NB_OK)
            return st;
        uint64_t take[2] = {part, x - to};
        if (!fn(ctx, &(nb_move){.len = 2, .w = take}, v))
            break;
    }
    return NB_OK;
}

static void co_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool go_on = true;
    for (size_t heap = 0; heap < g->len && go_on; heap++) {
        uint64_t x = g->state[heap];
        for (uint64_t to = 0; to < x && go_on; to++) {
            if (nb_gcd(x, to) != 1)
                continue;
            uint64_t take[2] = {heap, x - to};
            after[heap] = to;
            go_on = fn(ctx, &(nb_move){.len = 2, .w = take}, after, g->len);
        }
        after[heap] = x;
    }
    free(after);
}

/* Misère play by Conway's tame theory (nb_tame.c): a heap of value 0 or 1 is fickle, any
 * other firm, so every heap is tame. Proof, against the labels' rules. 0 has no option
 * (T0). 1 moves only to 0, fickle of value 0 (F1, F2). An even x >= 2 (value 0) moves to
 * odd heaps only, and of those only 1 has value 1 (an odd x' >= 3 is worth pi(p) >= 2):
 * no firm option of value 1 (F1), and 1 = x - (x - 1) is an option, fickle of value 1
 * (F2). An odd x >= 3 (value >= 2) moves to 1 (fickle, value 1) and to x - 1 (even and
 * coprime to x: fickle, value 0), as R3 asks. So a heap alone is lost exactly at 1. */
static bool co_misere_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                           nb_tame *label, bool *lost_alone)
{
    nb_err err = {0};
    if (heap_value(g, s, n, 0, value, &err) != NB_OK)
        return false; /* a prime past max_prime_count: the theory declines */
    *label = *value <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM;
    *lost_alone = n == 1;
    return true;
}

static nb_status co_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return nb_tame_analyse(g, s, co_misere_heap, out, err);
}

/* Taking y from x leaves x - y, and gcd(x, y) = gcd(x, x - y). */
static nb_status co_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_heaps_legal_take(g, m, err);
    uint64_t x = st == NB_OK ? g->state[m->w[0]] : 0;
    if (st == NB_OK && nb_gcd(x, m->w[1]) != 1)
        st = nb_illegal(err, 1, "%llu and heap %llu's %llu have the common factor %llu",
                        (unsigned long long)m->w[1], (unsigned long long)m->w[0],
                        (unsigned long long)x, (unsigned long long)nb_gcd(x, m->w[1]));
    return st;
}

const nb_ruleset nb_coprime = {
    .name = "coprime",
    .check = nb_heaps_check,
    .prepare = co_prepare,
    .release = co_release,
    .apply = nb_heaps_apply,
    .part_count = nb_heaps_part_count,
    .part_values = co_values,
    .moves_to = co_moves_to,
    .options = co_options,
    .legal = co_legal,
    .each_move = co_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = co_misere,
    .misere_heap = co_misere_heap,
};

nb_status nb_coprime_sieve(nb_solver *s, uint64_t n, nb_err *err)
{
    const nb_sieve *t;
    nb_status st = acquire(s, n, &t, err);
    if (st == NB_OK)
        nb_table_release(s, &t->base);
    return st;
}

/* table_value as nb_sequence_fill reads it: the table reaches every n asked. */
static bool known_value(const void *t, uint64_t n, uint64_t *value)
{
    *value = table_value(t, n);
    return true;
}

nb_status nb_coprime_sequence(nb_solver *s, uint64_t from, uint64_t up_to, nb_sequence *out,
                              nb_err *err)
{
    const nb_sieve *t;
    nb_status st = nb_sequence_bound(s, up_to, err);
    if (st == NB_OK)
        st = acquire(s, up_to + 1, &t, err);
    if (st != NB_OK)
        return st;
    if (!nb_sequence_fill(out, s->budget, from, up_to, known_value, t, 0, 0)) /* no room */
        st = nb_budget_fail(s->budget, err);
    nb_table_release(s, &t->base);
    return st;
}
