/* nb_divisor.c - the divisor games: every value a closed form, on numbers up to 2^63-1.
 *
 * Replace. The value of n is Omega(n), its prime factors counted with multiplicity. By
 * induction on n: a proper divisor d of n has Omega(d) < Omega(n) (d | n, d != n), and
 * every count k < Omega(n) is some proper divisor's (the product of k of n's prime
 * factors), so the options' values are exactly 0..Omega(n)-1 and the mex is Omega(n).
 * So every position is a Nim heap of Omega(n) in all but name: each option equals a heap
 * below it, and a game whose options equal *0..*(v-1) is *v under misère play too (its
 * options, and so the game, are the same). Misère sums are decided by Conway's tame
 * theory with every number labelled as the Nim heap it is (nb_tame.c).
 *
 * Subtract. The value of n = 2^k m (m odd) is k, the 2-adic valuation. By induction:
 * d = 2^j for j < k divides n and n - d = 2^j (2^(k-j) m - 1) has valuation j, so every
 * value below k is an option's; a divisor d = 2^a b (b odd, a <= k) leaves valuation a
 * when a < k, and when a = k, n - d = 2^k (m - b) with m - b even and not 0: valuation
 * above k. So no option has value k, and the mex is k. Misère play is decided for one
 * number (a sum is searched: the positions are not tame from 6 on): 1 has no move and
 * wins; 2 must move to 1 and loses; 3 moves to 2 and wins; an even n >= 4 moves to n - 1
 * (odd, >= 5) or, for 4, to 2, and wins; an odd n >= 5 has only odd divisors, at most n/3,
 * so every move leaves an even number of at least 4, won: n loses. */
#include "games/divisor/nb_divisor.h"

#include <stdlib.h>

#include "core/nb_primes.h"
#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_tame.h"
#include "engine/nb_legal.h"

/* A number's prime factorization: at most 15 distinct primes below 2^63. */
typedef struct factors {
    uint64_t p[16];
    unsigned e[16];
    size_t k;
    unsigned omega;
} factors;

static void factor(uint64_t n, factors *f)
{
    f->k = 0, f->omega = 0;
    while (n > 1) {
        uint64_t p = nb_least_prime_factor(n);
        unsigned e = 0;
        while (n % p == 0)
            n /= p, e++;
        f->p[f->k] = p, f->e[f->k++] = e, f->omega += e;
    }
}

unsigned nb_prime_factor_count(uint64_t n)
{
    factors f;
    factor(n, &f);
    return f.omega;
}

/* A divisor and its Omega. */
typedef struct divisor {
    uint64_t d;
    unsigned omega;
} divisor;

static int by_value(const void *x, const void *y)
{
    uint64_t a = ((const divisor *)x)->d, b = ((const divisor *)y)->d;
    return (a > b) - (a < b);
}

/* Every divisor of the number f factors, ascending (malloc'ed; *n of them, at most 110,592
 * below 2^63). */
static divisor *all_divisors(const factors *f, size_t *n)
{
    size_t count = 1;
    for (size_t i = 0; i < f->k; i++)
        count *= f->e[i] + 1;
    divisor *list = nb_xmalloc(count * sizeof *list);
    list[0] = (divisor){1, 0};
    size_t have = 1;
    for (size_t i = 0; i < f->k; i++) {
        size_t before = have;
        uint64_t power = 1;
        for (unsigned e = 1; e <= f->e[i]; e++) {
            power *= f->p[i];
            for (size_t j = 0; j < before; j++)
                list[have++] = (divisor){list[j].d * power, list[j].omega + e};
        }
    }
    qsort(list, count, sizeof *list, by_value);
    *n = count;
    return list;
}

static int rule_of(const nb_game *g) { return ((const nb_divisor_params *)g->params)->rule; }

/* Whether the request's time is up; looked at before each factorization (up to about a
 * millisecond each near 2^63). */
static bool out_of_time(const nb_game *g)
{
    return nb_budget_spent_now(((const nb_divisor_params *)g->params)->budget);
}

static nb_status dv_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    (void)err;
    ((nb_divisor_params *)g->params)->budget = s->budget;
    return NB_OK;
}

static void dv_release(nb_game *g, nb_solver *s)
{
    (void)s;
    ((nb_divisor_params *)g->params)->budget = NULL;
}

static uint64_t valuation(uint64_t n) { return n ? (uint64_t)__builtin_ctzll(n) : 0; }

static nb_status dv_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    nb_status st = nb_heaps_check(g, s, err);
    for (size_t i = 0; st == NB_OK && i < g->len; i++)
        if (g->state[i] < 1)
            st = nb_fail_field(err, NB_EINVAL, 0, i, NB_NO_INDEX, "must be an integer of at least 1");
    return st;
}

static nb_status dv_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    for (size_t i = 0; i < g->len; i++) {
        if (rule_of(g) == NB_DIVISOR_SUBTRACT) {
            sg[i] = valuation(g->state[i]);
            continue;
        }
        if (out_of_time(g))
            return nb_budget_fail(s->budget, err);
        sg[i] = nb_prime_factor_count(g->state[i]);
    }
    return NB_OK;
}

/* Calls fn for every move of number `part`, by its divisor ascending, with the value the
 * number has after it; stops when fn says so. */
static void each_divisor_move(const nb_game *g, size_t part, nb_option_fn fn, void *ctx)
{
    uint64_t n = g->state[part];
    if (n <= 1)
        return;
    factors f;
    factor(n, &f);
    size_t count;
    divisor *list = all_divisors(&f, &count);
    bool replace = rule_of(g) == NB_DIVISOR_REPLACE;
    for (size_t i = 0; i + 1 < count; i++) { /* the last divisor is n itself */
        uint64_t d = list[i].d, take[2] = {part, replace ? n - d : d};
        uint64_t value = replace ? list[i].omega : valuation(n - d);
        if (!fn(ctx, &(nb_move){.len = 2, .w = take}, value))
            break;
    }
    free(list);
}

static nb_status dv_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    if (out_of_time(g))
        return nb_budget_fail(s->budget, err);
    each_divisor_move(g, part, fn, ctx);
    return NB_OK;
}

static nb_status dv_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    if (target >= 63) /* no number below 2^63 has a value past 62 */
        return NB_OK;
    if (out_of_time(g))
        return nb_budget_fail(s->budget, err);
    nb_target_filter f = {target, out};
    each_divisor_move(g, part, nb_keep_if_target, &f);
    return NB_OK;
}

static void dv_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t part = 0; part < g->len && !o.stopped; part++)
        each_divisor_move(g, part, nb_offer_state, &o);
    free(o.after.w);
}

/* Replace: the Nim heap of Omega(n) (see the head of the file). Subtract: not labelled. */
static bool replace_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                         nb_tame *label, bool *lost_alone)
{
    (void)s;
    if (rule_of(g) != NB_DIVISOR_REPLACE)
        return false;
    if (out_of_time(g)) /* not known: the theory declines, and the search stops at once */
        return false;
    *value = nb_prime_factor_count(n);
    *label = *value <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM;
    *lost_alone = *value == 1;
    return true;
}

/* Subtract, one number: lost exactly at 2 and the odd numbers from 5. */
static bool subtract_lost(uint64_t n) { return n == 2 || (n >= 5 && n % 2); }

/* Keeps the moves of number n that leave a lost number. */
typedef struct lost_filter {
    uint64_t n;
    nb_movelist *out;
} lost_filter;

static bool push_if_lost(void *ctx, const nb_move *m, uint64_t value)
{
    (void)value;
    lost_filter *f = ctx;
    return !subtract_lost(f->n - m->w[1]) || nb_movelist_push(f->out, m);
}

static nb_status dv_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    if (rule_of(g) == NB_DIVISOR_REPLACE)
        return nb_tame_analyse(g, s, replace_heap, out, err);
    if (g->len != 1)
        return NB_EDECLINED;
    uint64_t n = g->state[0];
    out->verdict = n == 1 || !subtract_lost(n) ? NB_WIN : NB_LOSE;
    if (out->verdict == NB_WIN && n > 1)
        each_divisor_move(g, 0, push_if_lost, &(lost_filter){n, &out->moves});
    return NB_OK;
}

/* {number, take}: n becomes n - take, a proper divisor of n (replace), or n less a proper
 * divisor (subtract, take the divisor). */
static nb_status dv_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 1, "number", err);
    if (st != NB_OK)
        return st;
    uint64_t n = g->state[m->w[0]], take = m->w[1];
    if (n <= 1)
        return nb_illegal(err, 0, "number %llu is 1: it has no move", (unsigned long long)m->w[0]);
    uint64_t d = rule_of(g) == NB_DIVISOR_REPLACE ? n - take : take;
    if (take < 1 || take >= n || n % d)
        return nb_illegal(err, 1, rule_of(g) == NB_DIVISOR_REPLACE
                                      ? "%llu becomes a proper divisor of itself"
                                      : "%llu loses a proper divisor of itself",
                          (unsigned long long)n);
    return NB_OK;
}

const nb_ruleset nb_divisor = {
    .name = "divisor",
    .check = dv_check,
    .prepare = dv_prepare,
    .release = dv_release,
    .apply = nb_heaps_apply,
    .part_count = nb_heaps_part_count,
    .part_values = dv_values,
    .moves_to = dv_moves_to,
    .options = dv_options,
    .legal = dv_legal,
    .each_move = dv_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = dv_misere,
    .misere_heap = replace_heap,
};
