/* test_quotient.c - misère quotients: the published facts (Kayles' quotient of order 40
 * with 9 P-elements and its lone lost heaps, 0.75's order-8 quotient, 0.34's period 8),
 * the certificate rejecting a tampered quotient, misère analyses of the codes the papers
 * solve held to the brute-force solver (verdict and every winning move) on a thousand
 * random positions each, Grundy's game past heap 17, huge heaps by re-analysing each
 * move's position, a growth stopped by its budget, Grundy's heap of 41 searched past its
 * stalled growth (held to a solver of its own), tokens on random acyclic graphs and
 * beans decided through their quotients, held to the brute-force solver, and the misère
 * table of octal codes (docs/misere-octal.tsv): 50 of its codes held to the brute-force
 * solver, its published figures, its proved rows computed again. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brute.h"
#include "check_run.h"
#include "engine/nb_sum.h"
#include "engine/nb_token_quotient.h"
#include "games/beans/nb_beans.h"
#include "games/dag/nb_dag.h"
#include "games/octal/nb_octal.h"
#include "nimber.h"
#include "theory/nb_quotient.h"

static nb_solver solver;

static void setup(void)
{
    solver.cache = nb_cache_new(256u << 20);
    solver.limits = nb_limits_default();
}

static void teardown(void) { nb_cache_free(solver.cache); }

static nb_octal_rule rule_of(const char *code)
{
    nb_octal_rule r;
    nb_err err = {0};
    ck_assert_msg(nb_octal_parse(code, &r, &err) == NB_OK, "%s: %s", code, err.msg);
    return r;
}

/* The quotient of code, grown to heap `heap` (UINT64_MAX: until proved). */
static nb_quotient *quotient_of(const nb_octal_rule *r, uint64_t heap)
{
    nb_quotient_need need = {heap, NB_QUOTIENT_MAX_ORDER, 50000000, r, NULL, NULL, NULL};
    nb_quotient *q = NULL;
    nb_err err = {0};
    ck_assert_msg(nb_quotient_build(&need, &q, &err) == NB_OK, "%s", err.msg);
    return q;
}

/* Plambeck and Siegel, "Misère quotients for impartial games", and its supplement:
 * Kayles' quotient has order 40, 9 P-elements and 7 generators, and the lone heaps
 * lost under misère play are 1, 4, 9, 12 and 20; the order-8 quotient (0.75's) is the
 * only one of its order; 0.34's pretending function has period 8; Dawson's Kayles' partial
 * quotients have orders 360 at heap 30 and 638 at heap 33. */
START_TEST(published_quotients)
{
    nb_octal_rule kayles = rule_of("0.77");
    nb_quotient *q = quotient_of(&kayles, UINT64_MAX);
    ck_assert(q->proved);
    ck_assert_uint_eq(q->order, 40);
    ck_assert_uint_eq(nb_quotient_p_size(q), 9);
    ck_assert_uint_eq(q->gens, 7);
    ck_assert_uint_eq(q->period, 12);
    static const uint64_t lost_alone[] = {1, 4, 9, 12, 20};
    size_t k = 0;
    for (uint64_t h = 0; h < 100000; h++) {
        uint32_t e;
        ck_assert(nb_quotient_phi(q, h, &e));
        if (q->lost[e]) {
            ck_assert_msg(k < 5 && h == lost_alone[k], "a lone heap of %llu is lost",
                          (unsigned long long)h);
            k++;
        }
    }
    ck_assert_uint_eq(k, 5);
    ck_assert(nb_quotient_certify(q, 1000000));
    char *w = nb_quotient_word(q, 0);
    ck_assert_str_eq(w, "1");
    free(w);
    q->base.destroy(&q->base);

    /* Dawson's Kayles' partial quotients: orders 360 at heap 30 and 638 at heap 33
     * (Siegel, in the MisereSolver discussion of 2007), and 176 for heaps to 29 */
    nb_octal_rule dawson = rule_of("0.07");
    q = quotient_of(&dawson, 29);
    ck_assert_uint_eq(q->n, 30);
    ck_assert_uint_eq(q->order, 176);
    q->base.destroy(&q->base);
    q = quotient_of(&dawson, 30);
    ck_assert_uint_eq(q->n, 31);
    ck_assert_uint_eq(q->order, 360);
    ck_assert(nb_quotient_certify(q, 50000000));
    q->base.destroy(&q->base);
    nb_quotient_need to_33 = {33, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson, NULL, NULL, NULL};
    nb_err err = {0};
    ck_assert(nb_quotient_build(&to_33, &q, &err) == NB_OK);
    ck_assert_uint_eq(q->n, 34);
    ck_assert_uint_eq(q->order, 638);
    ck_assert(nb_quotient_certify(q, UINT64_MAX));
    q->base.destroy(&q->base);

    nb_octal_rule r75 = rule_of("0.75");
    q = quotient_of(&r75, UINT64_MAX);
    ck_assert(q->proved);
    ck_assert_uint_eq(q->order, 8);
    ck_assert_uint_eq(nb_quotient_p_size(q), 2);
    q->base.destroy(&q->base);

    nb_octal_rule r34 = rule_of("0.34");
    q = quotient_of(&r34, UINT64_MAX);
    ck_assert(q->proved);
    ck_assert_uint_eq(q->period, 8);
    q->base.destroy(&q->base);
}
END_TEST

/* Whether two versions are the same quotient of the same heaps: equal order, P-portion
 * size and reach, and every sum of two heaps lost in one exactly when in the other (the
 * elements' numbering may differ). */
static void same_quotient(const nb_quotient *a, const nb_quotient *b)
{
    ck_assert_uint_eq(a->order, b->order);
    ck_assert_uint_eq(a->n, b->n);
    ck_assert_uint_eq(nb_quotient_p_size(a), nb_quotient_p_size(b));
    for (uint64_t i = 0; i < a->n; i++)
        for (uint64_t j = i; j < a->n; j++)
            ck_assert_msg(a->lost[nb_quotient_mul(a, a->phi[i], a->phi[j])] ==
                              b->lost[nb_quotient_mul(b, b->phi[i], b->phi[j])],
                          "heaps %llu + %llu", (unsigned long long)i, (unsigned long long)j);
}

/* A partial quotient grows on from where it stopped: Dawson's Kayles to heap 24, then on
 * to 30, is the quotient grown to 30 at once (order 360), certified; Kayles' goes on to
 * its proof; a growth whose budget is spent before it could start again gives back the
 * version it was given, never a smaller one. */
START_TEST(growth_goes_on)
{
    nb_octal_rule dawson = rule_of("0.07");
    nb_quotient *part = quotient_of(&dawson, 24), *on = NULL, *whole = quotient_of(&dawson, 30);
    nb_quotient_need to_30 = {30, NB_QUOTIENT_MAX_ORDER, 50000000, &dawson, NULL, NULL, NULL};
    nb_err err = {0};
    ck_assert_int_eq(nb_quotient_grow(&to_30, part, &on, &err), NB_OK);
    ck_assert_ptr_ne(on, part);
    ck_assert_uint_eq(on->order, 360);
    same_quotient(on, whole);
    ck_assert(nb_quotient_certify(on, 50000000));
    on->base.destroy(&on->base);

    nb_budget spent;
    nb_budget_start(&spent, 0);
    spent.spent = NB_BUDGET_DEADLINE;
    to_30.budget = &spent;
    ck_assert_int_eq(nb_quotient_grow(&to_30, part, &on, &err), NB_OK);
    ck_assert_ptr_eq(on, part);
    part->base.destroy(&part->base);
    whole->base.destroy(&whole->base);

    nb_octal_rule kayles = rule_of("0.77");
    part = quotient_of(&kayles, 30);
    ck_assert(!part->proved);
    nb_quotient_need all = {UINT64_MAX, NB_QUOTIENT_MAX_ORDER, 50000000, &kayles, NULL, NULL, NULL};
    ck_assert_int_eq(nb_quotient_grow(&all, part, &on, &err), NB_OK);
    ck_assert(on->proved);
    ck_assert_uint_eq(on->order, 40);
    ck_assert_uint_eq(on->period, 12);
    on->base.destroy(&on->base);
    part->base.destroy(&part->base);
}
END_TEST

/* Every quotient has even order (Plambeck and Siegel), its identity is not in the
 * P-portion, and the multiplication is commutative and associative. */
START_TEST(monoid_laws)
{
    static const char *codes[] = {"0.77", "0.75", "0.72", "0.53", "0.34", "0.71", "0.15",
                                  "0.07", "4!.0"};
    for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
        nb_octal_rule r = rule_of(codes[c]);
        nb_quotient *q = quotient_of(&r, 24);
        ck_assert_msg(q->order % 2 == 0, "%s: order %u", codes[c], q->order);
        ck_assert(!q->lost[0]);
        for (uint32_t x = 0; x < q->order; x++)
            for (uint32_t y = 0; y < q->order; y++) {
                uint32_t xy = nb_quotient_mul(q, x, y);
                ck_assert(xy == nb_quotient_mul(q, y, x));
                for (uint32_t z = 0; z < q->order && q->order <= 64; z++)
                    ck_assert(nb_quotient_mul(q, xy, z) ==
                              nb_quotient_mul(q, x, nb_quotient_mul(q, y, z)));
            }
        ck_assert_msg(nb_quotient_certify(q, 10000000), "%s", codes[c]);
        q->base.destroy(&q->base);
    }
}
END_TEST

/* A quotient with one element's P-status flipped, or one heap pretending to be another
 * element, fails its certificate. */
START_TEST(tampered_quotients_fail)
{
    nb_octal_rule kayles = rule_of("0.77");
    nb_quotient *q = quotient_of(&kayles, UINT64_MAX);
    for (uint32_t x = 0; x < q->order; x++) {
        q->lost[x] ^= 1;
        ck_assert_msg(!nb_quotient_certify(q, 1000000), "element %u flipped", x);
        q->lost[x] ^= 1;
    }
    for (uint64_t h = 1; h < 40; h++) {
        uint32_t was = q->phi[h];
        q->phi[h] = (was + 1) % q->order;
        ck_assert_msg(!nb_quotient_certify(q, 1000000), "heap %llu moved",
                      (unsigned long long)h);
        q->phi[h] = was;
    }
    ck_assert(nb_quotient_certify(q, 1000000));
    q->base.destroy(&q->base);
}
END_TEST

/* A growth past what a second allows stops at the budget, with a certified partial
 * quotient that says so (and is not taken as final: a later request goes on). */
START_TEST(budget_stops_growth)
{
    nb_octal_rule dawson = rule_of("0.07");
    nb_budget second;
    nb_budget_start(&second, 1);
    nb_quotient_need need = {33, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson, &second, NULL, NULL};
    nb_quotient *q = NULL;
    nb_err err = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert(nb_quotient_build(&need, &q, &err) == NB_OK);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    nb_budget_end(&second);
    double took = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
    ck_assert_msg(took < 10, "a 1 s budget took %.1f s", took); /* generous: a loaded host */
    ck_assert_str_eq(q->stop, "budget");
    ck_assert(!q->proved && q->n <= 33);
    ck_assert(nb_quotient_certify(q, 10000000));
    ck_assert(!nb_quotient_kind.covers(&q->base, &need));
    /* the next growth (the cache's build, handed the version it holds) goes on from it */
    nb_quotient_stats before = nb_quotient_get_stats();
    nb_quotient_need one_more = {q->n, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson, NULL, NULL, NULL};
    nb_cached *on = NULL;
    ck_assert(nb_quotient_kind.build(&q->base, &one_more, &on, &err) == NB_OK);
    ck_assert_uint_eq(nb_quotient_get_stats().resumes, before.resumes + 1);
    ck_assert_ptr_ne(on, &q->base);
    ck_assert_uint_eq(((nb_quotient *)on)->n, q->n + 1);
    ck_assert(nb_quotient_certify((nb_quotient *)on, 50000000));
    on->destroy(on);
    q->base.destroy(&q->base);
}
END_TEST

/* g under misère play within a budget of `seconds` that the quotient's growth alone would
 * spend: answered, by the search. The caller frees *a. */
static void analyse_searched(nb_game *g, unsigned seconds, size_t max_moves, nb_analysis *a,
                             const char *what)
{
    nb_err err = {0};
    nb_budget budget;
    nb_budget_start(&budget, seconds);
    solver.budget = &budget;
    nb_status st = nb_analyse(&solver, g, NB_MISERE, max_moves, a, &err);
    solver.budget = NULL;
    nb_budget_end(&budget);
    ck_assert_msg(st == NB_OK, "%s: %s", what, err.msg);
    ck_assert_int_eq(a->method, NB_METHOD_SEARCH);
}

/* A small position of a code whose quotient is large from its first heaps on (4=.7C? had
 * not covered a heap of 6 after 30 s) is searched once its growth has had its slice, within
 * a budget the growth alone would spend, and answered as the brute-force solver answers;
 * the version the slice left grows on for the next asker. Positions of 25 to 32 counters
 * ({13, 12}) get the longer slice, and are searched past it all the same. */
START_TEST(small_positions_outlast_a_slow_quotient)
{
    nb_octal_params p = {.rule = rule_of("4=.7C?")};
    static const uint64_t positions[][2] = {{6, 0}, {6, 6}, {12, 11}, {7, 3}, {13, 12}};
    nb_quotient_stats before = nb_quotient_get_stats();
    for (size_t i = 0; i < sizeof positions / sizeof *positions; i++) {
        uint64_t h[2] = {positions[i][0], positions[i][1]};
        nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = 2};
        nb_analysis a;
        char what[64];
        snprintf(what, sizeof what, "heaps %llu %llu", (unsigned long long)h[0],
                 (unsigned long long)h[1]);
        analyse_searched(&g, 20, 0, &a, what); /* the brute force after it takes its time */
        nb_analysis_free(&a);
        brute_check(&solver, &g, NB_MISERE, "4=.7C?");
    }
    ck_assert_uint_ge(nb_quotient_get_stats().resumes, before.resumes + 3);
}
END_TEST

/* Grundy's game under misère play, solved on its own for the case below (the generic
 * brute-force solver keeps heaps in order, too many states at 41 counters): a position
 * is the multiset of its heaps of 3 or more (a heap of 1 or 2 has no move), sorted
 * descending and memoised; the player who cannot move wins. */
#define GM_HEAPS 13 /* heaps of 3 or more in 41 counters */
#define GM_SLOTS (1u << 17)
typedef struct gm_slot {
    uint64_t key[2]; /* six bits a heap, ten heaps a word */
    uint8_t lost;    /* 0: an empty slot; 1: lost for the player to move; 2: won */
} gm_slot;

static gm_slot *gm_memo;

static gm_slot *gm_find(const uint8_t *h, size_t n)
{
    uint64_t key[2] = {0, 0};
    for (size_t i = 0; i < n; i++)
        key[i / 10] |= (uint64_t)h[i] << (6 * (i % 10));
    size_t at = (size_t)((key[0] * 0x9E3779B97F4A7C15ULL ^ key[1]) >> 47);
    while (gm_memo[at].lost && (gm_memo[at].key[0] != key[0] || gm_memo[at].key[1] != key[1]))
        at = (at + 1) & (GM_SLOTS - 1);
    gm_memo[at].key[0] = key[0], gm_memo[at].key[1] = key[1];
    return &gm_memo[at];
}

static bool gm_lost(const uint8_t *h, size_t n);

/* Whether heaps h with heap i split into a and b is lost for the player to move. */
static bool gm_lost_after(const uint8_t *h, size_t n, size_t i, unsigned a, unsigned b)
{
    uint8_t next[GM_HEAPS + 1];
    size_t m = 0;
    for (size_t j = 0; j < n; j++)
        if (j != i)
            next[m++] = h[j];
    unsigned parts[2] = {a, b};
    for (size_t k = 0; k < 2; k++) {
        if (parts[k] < 3)
            continue;
        size_t at = m++;
        for (; at && next[at - 1] < parts[k]; at--)
            next[at] = next[at - 1];
        next[at] = (uint8_t)parts[k];
    }
    return gm_lost(next, m);
}

static bool gm_lost(const uint8_t *h, size_t n)
{
    ck_assert_uint_le(n, GM_HEAPS);
    gm_slot *known = gm_find(h, n);
    if (known->lost)
        return known->lost == 1;
    bool lost = n > 0; /* no move: won under misère play */
    for (size_t i = 0; i < n && lost; i++)
        for (unsigned a = 1; 2 * a < h[i] && lost && !(i && h[i] == h[i - 1]); a++)
            lost = !gm_lost_after(h, n, i, a, h[i] - a);
    gm_find(h, n)->lost = lost ? 1 : 2; /* the slot may have moved on: found again */
    return lost;
}

/* Whether a state of heaps (in any order, of any size) is lost. */
static bool gm_state_lost(const uint64_t *w, size_t len)
{
    uint8_t h[GM_HEAPS + 1];
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (w[i] < 3)
            continue;
        ck_assert_uint_lt(n, GM_HEAPS);
        size_t at = n++;
        for (; at && h[at - 1] < w[i]; at--)
            h[at] = h[at - 1];
        h[at] = (uint8_t)w[i];
    }
    return gm_lost(h, n);
}

/* Grundy's game's quotient stalls at heap 29 (bench/README.md); a heap of 41 (past the
 * slices of positions up to 40 counters) is searched once the growth has had its slice,
 * within a budget the growth alone would spend. Its verdict and every winning move are
 * held to the solver above: a move is listed exactly when the position it leaves is lost
 * for the player to move. */
START_TEST(large_positions_outlast_a_stalled_quotient)
{
    nb_octal_params p = {.rule = rule_of("4!.0")};
    uint64_t h[1] = {41};
    nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = 1};
    nb_analysis a;
    nb_err err = {0};
    analyse_searched(&g, 20, 64, &a, "heap 41");
    ck_assert(a.complete);
    gm_memo = calloc(GM_SLOTS, sizeof *gm_memo);
    for (uint64_t n = 1; n <= 24; n++) { /* the solver above agrees with the engine */
        nb_analysis small;
        nb_game one = {.rules = &nb_octal, .params = &p, .state = &n, .len = 1};
        ck_assert(nb_analyse(&solver, &one, NB_MISERE, 0, &small, &err) == NB_OK);
        ck_assert_int_eq(small.verdict, gm_state_lost(&n, 1) ? NB_LOSE : NB_WIN);
        nb_analysis_free(&small);
    }
    ck_assert_int_eq(a.verdict, gm_state_lost(h, 1) ? NB_LOSE : NB_WIN);
    size_t winning = 0;
    for (unsigned left = 1; 2 * left < 41; left++)
        winning += gm_state_lost((uint64_t[]){left, 41 - left}, 2);
    ck_assert_uint_gt(winning, 0);
    ck_assert_uint_eq(a.moves.len, winning);
    nb_state after = {0};
    for (size_t i = 0; i < a.moves.len; i++) {
        nb_move m = nb_movelist_at(&a.moves, i);
        ck_assert(g.rules->legal(&g, &m, &err) == NB_OK);
        g.rules->apply(&g, &m, &after);
        ck_assert_msg(gm_state_lost(after.w, after.len), "move %zu leaves a won position", i);
    }
    free(after.w);
    free(gm_memo);
    nb_analysis_free(&a);
}
END_TEST

/* Random positions of small heaps of each code (3000 drawn, those of at most 20 counters
 * kept: over a thousand a code), misère play, held to the brute-force solver: the verdict
 * and every winning move (the listing is complete there). */
START_TEST(random_positions_match_brute_force)
{
    static const struct {
        const char *code;
        uint64_t top;
    } codes[] = {{"0.77", 14}, {"0.07", 14}, {"0.75", 14}, {"0.72", 14}, {"0.53", 14},
                 {"0.34", 14}, {"0.71", 14}, {"0.15", 14}, {"4!.0", 14}};
    for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
        nb_octal_params p = {.rule = rule_of(codes[c].code)};
        unsigned by_quotient = 0, checked = 0;
        for (int round = 0; round < 3000; round++) {
            uint64_t h[4];
            size_t len = 1 + (size_t)(random() % 4);
            uint64_t sum = 0;
            for (size_t i = 0; i < len; i++)
                h[i] = (uint64_t)random() % (codes[c].top + 1), sum += h[i];
            if (sum > 20)
                continue;
            nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = len};
            char what[64];
            snprintf(what, sizeof what, "%s round %d", codes[c].code, round);
            brute_check(&solver, &g, NB_MISERE, what);
            checked++;
            nb_analysis a;
            nb_err err = {0};
            ck_assert(nb_analyse(&solver, &g, NB_MISERE, 0, &a, &err) == NB_OK);
            by_quotient += a.method == NB_METHOD_MISERE_QUOTIENT;
            nb_analysis_free(&a);
        }
        ck_assert_msg(checked >= 1000 && by_quotient > 900,
                      "%s: %u positions checked, %u through the quotient", codes[c].code,
                      checked, by_quotient);
    }
}
END_TEST

/* Games whose move replaces a heap by at most two smaller ones, under misère play, by a
 * memoized search over heap multisets, for heaps too large for the brute-force solver
 * (which keeps heaps in order). A move on a heap of n takes `take` counters and leaves
 * heaps a and b, a + b = n - take, from a = `least` on while a < b (`unequal`) or a <= b:
 * Grundy's game splits a heap into two unequal ones (take 0, least 1, unequal), Dawson's
 * Kayles takes two and leaves at most two (take 2, least 0). counts[k] is the number of
 * heaps of k + `moving`, the least heap with a move (smaller ones change no outcome), a
 * byte each for heaps below SPLIT_TOP + moving; positions of at most 40 counters (some
 * 40,000 multisets) in an open-addressed table. */
#define SPLIT_TOP 40
#define SPLIT_SLOTS (1 << 17)
typedef struct split_search {
    unsigned take, least, moving;
    bool unequal;
    uint8_t key[SPLIT_SLOTS][SPLIT_TOP];
    uint8_t wins[SPLIT_SLOTS]; /* 0 empty, 1 lost, 2 won */
} split_search;

static split_search *split_search_new(unsigned take, unsigned least, bool unequal,
                                      unsigned moving)
{
    split_search *m = calloc(1, sizeof *m);
    ck_assert(m);
    m->take = take, m->least = least, m->unequal = unequal, m->moving = moving;
    return m;
}

/* Whether a heap of n may leave a and n - take - a. */
static bool split_allowed(const split_search *m, uint64_t n, uint64_t a)
{
    uint64_t rest = n - m->take - a;
    return n >= m->take && a >= m->least && a <= n - m->take &&
           (m->unequal ? a < rest : a <= rest);
}

static void split_count(const split_search *m, uint8_t *counts, uint64_t heap, int by)
{
    if (heap >= m->moving)
        counts[heap - m->moving] = (uint8_t)(counts[heap - m->moving] + by);
}

static bool split_wins(split_search *m, uint8_t *counts)
{
    uint64_t hash = 1469598103934665603ull;
    for (int k = 0; k < SPLIT_TOP; k++)
        hash = (hash ^ counts[k]) * 1099511628211ull;
    size_t slot = (size_t)(hash >> 47);
    for (; m->wins[slot]; slot = (slot + 1) % SPLIT_SLOTS)
        if (!memcmp(m->key[slot], counts, SPLIT_TOP))
            return m->wins[slot] == 2;
    bool any = false, wins = false; /* misère: no move at all wins */
    for (unsigned k = 0; k < SPLIT_TOP && !wins; k++)
        for (uint64_t n = k + m->moving, a = m->least; counts[k] && !wins && a <= n; a++) {
            if (!split_allowed(m, n, a))
                continue;
            counts[k]--;
            split_count(m, counts, a, 1), split_count(m, counts, n - m->take - a, 1);
            any = true;
            wins = !split_wins(m, counts);
            split_count(m, counts, a, -1), split_count(m, counts, n - m->take - a, -1);
            counts[k]++;
        }
    wins = wins || !any;
    while (m->wins[slot]) /* the search may have taken the slot */
        slot = (slot + 1) % SPLIT_SLOTS;
    memcpy(m->key[slot], counts, SPLIT_TOP), m->wins[slot] = wins ? 2 : 1;
    return wins;
}

static bool split_heaps_win(split_search *m, const uint64_t *h, size_t len)
{
    uint8_t counts[SPLIT_TOP] = {0};
    for (size_t i = 0; i < len; i++)
        split_count(m, counts, h[i], 1);
    return split_wins(m, counts);
}

/* An analysis of g (len heaps h) through the quotient held to the search: the verdict,
 * every listed winning move leading to a lost position, and every winning move listed
 * (one a heap and a split). */
static void split_check(split_search *m, nb_game *g, const char *what)
{
    const uint64_t *h = g->state;
    size_t len = g->len;
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, g, NB_MISERE, 64, &a, &err) == NB_OK);
    ck_assert_msg(a.method == NB_METHOD_MISERE_QUOTIENT, "%s: method %d", what, a.method);
    ck_assert_msg((a.verdict == NB_WIN) == split_heaps_win(m, h, len), "%s: verdict", what);
    ck_assert(!a.moves.incomplete && !a.moves.truncated);
    unsigned listed = 0, winning = 0;
    for (size_t k = 0; k < a.moves.len; k++, listed++) {
        nb_move mv = nb_movelist_at(&a.moves, k);
        nb_state after = {0};
        g->rules->apply(g, &mv, &after);
        ck_assert_msg(!split_heaps_win(m, after.w, after.len), "%s: move %zu", what, k);
        free(after.w);
    }
    for (size_t i = 0; i < len; i++)
        for (uint64_t x = 0; x <= h[i]; x++) {
            uint64_t next[8];
            ck_assert(len < 8);
            memcpy(next, h, len * sizeof *h);
            next[i] = h[i] - m->take - x, next[len] = x;
            winning += split_allowed(m, h[i], x) && !split_heaps_win(m, next, len + 1);
        }
    ck_assert_msg(listed == winning, "%s: %u moves listed, %u win", what, listed, winning);
    nb_analysis_free(&a);
}

/* Grundy's game (4!.0), whose moves split a heap without taking from it: its partial
 * quotient covers every heap to 28 (it stopped at 17 while candidates were labelled from
 * positions of fewest counters, which a split does not lessen). Positions with a heap
 * from 18 to 20 are held to the brute-force solver; positions with a heap from 18 to 28
 * to the search above. */
START_TEST(grundy_past_heap_17)
{
    nb_octal_params p = {.rule = rule_of("4!.0")};
    nb_quotient *q = quotient_of(&p.rule, 28);
    ck_assert_msg(q->n >= 29, "heaps below %llu covered", (unsigned long long)q->n);
    ck_assert(nb_quotient_certify(q, 10000000));
    q->base.destroy(&q->base);
    split_search *memo = split_search_new(0, 1, true, 3);
    for (int round = 0; round < 400; round++) {
        uint64_t h[3] = {18 + (uint64_t)random() % (round < 60 ? 3 : 11),
                         (uint64_t)random() % 4, (uint64_t)random() % 4};
        size_t len = round < 60 ? 2 : 3;
        nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = len};
        char what[64];
        snprintf(what, sizeof what, "grundy [%llu, %llu, %llu]", (unsigned long long)h[0],
                 (unsigned long long)h[1], (unsigned long long)h[2]);
        if (round < 60)
            brute_check(&solver, &g, NB_MISERE, what);
        split_check(memo, &g, what);
    }
    free(memo);
}
END_TEST

/* Dawson's Kayles (0.07) past heap 29, where its quotient is grown by recalibration
 * (order 360 at heap 30): positions of a heap from 25 to 30 and two of at most 5, held to
 * the search above. A position of 65 counters first grows the cache's quotient to heap 30
 * whole; the smaller ones after it, whose growth would only have a slice, find it there. */
START_TEST(dawson_to_heap_30)
{
    nb_octal_params p = {.rule = rule_of("0.07")};
    nb_quotient *q = quotient_of(&p.rule, 30);
    ck_assert_uint_eq(q->n, 31);
    q->base.destroy(&q->base);
    uint64_t grow[3] = {30, 30, 5};
    nb_analysis a;
    nb_err err = {0};
    nb_game whole = {.rules = &nb_octal, .params = &p, .state = grow, .len = 3};
    ck_assert_msg(nb_analyse(&solver, &whole, NB_MISERE, 0, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
    nb_analysis_free(&a);
    split_search *memo = split_search_new(2, 0, false, 2);
    uint64_t first[3] = {30, 6, 5};
    split_check(memo, &(nb_game){.rules = &nb_octal, .params = &p, .state = first, .len = 3},
                "0.07 [30, 6, 5]");
    for (int round = 0; round < 300; round++) {
        uint64_t h[3] = {25 + (uint64_t)random() % 6, (uint64_t)random() % 6,
                         (uint64_t)random() % 6};
        nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = 3};
        char what[64];
        snprintf(what, sizeof what, "0.07 [%llu, %llu, %llu]", (unsigned long long)h[0],
                 (unsigned long long)h[1], (unsigned long long)h[2]);
        split_check(memo, &g, what);
    }
    free(memo);
}
END_TEST

/* A growth holding its tables by generators alone (dense = 1, as past NB_QUOTIENT_DENSE
 * elements) finds the very quotient the whole tables find: the same order, P-portion,
 * pretending function, period and products, through the proved codes, Grundy's game and
 * Dawson's Kayles to heap 30 (its recalibrations); the version it gives, held by its
 * generators too, certifies, and no longer does with one product changed. */
START_TEST(tables_by_generators)
{
    static const struct {
        const char *code;
        uint64_t heap;
    } cases[] = {{"0.77", UINT64_MAX}, {"0.75", UINT64_MAX}, {"0.34", UINT64_MAX},
                 {"0.7777", UINT64_MAX}, {"4!.0", 22}, {"0.07", 30}, {"0.137", 24}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        nb_octal_rule r = rule_of(cases[i].code);
        nb_quotient *q[2] = {NULL, NULL};
        nb_quotient_growth by_generators = {1, NULL, NULL, 0};
        for (uint32_t k = 0; k < 2; k++) {
            nb_quotient_need need = {cases[i].heap, NB_QUOTIENT_MAX_ORDER, 50000000, &r, NULL,
                                     NULL, k ? &by_generators : NULL};
            nb_err err = {0};
            ck_assert_msg(nb_quotient_build(&need, &q[k], &err) == NB_OK, "%s", err.msg);
        }
        const char *c = cases[i].code;
        ck_assert_msg(q[0]->order > 2 && q[1]->order == q[0]->order && q[1]->n == q[0]->n,
                      "%s: order %u, %u; heaps %llu, %llu", c, q[0]->order, q[1]->order,
                      (unsigned long long)q[0]->n, (unsigned long long)q[1]->n);
        ck_assert_msg(q[1]->proved == q[0]->proved && q[1]->period == q[0]->period &&
                          q[1]->preperiod == q[0]->preperiod, "%s: period", c);
        ck_assert_msg(!memcmp(q[1]->phi, q[0]->phi, q[0]->n * sizeof *q[0]->phi), "%s: phi", c);
        ck_assert_msg(!memcmp(q[1]->lost, q[0]->lost, q[0]->order), "%s: P-portion", c);
        ck_assert_msg(q[0]->mul && !q[1]->mul && q[1]->act, "%s: the tables' forms", c);
        for (uint32_t x = 0; x < q[0]->order; x++)
            for (uint32_t y = 0; y < q[0]->order; y++)
                ck_assert_msg(nb_quotient_mul(q[1], x, y) == nb_quotient_mul(q[0], x, y),
                              "%s: %u %u", c, x, y);
        ck_assert_msg(nb_quotient_certify(q[1], 10000000), "%s: certified", c);
        uint32_t *entry = &q[1]->act[(size_t)(q[1]->order - 1) * q[1]->act_gens];
        uint32_t kept = *entry; /* one product changed: the generators' laws or a record fail */
        *entry = (kept + 1) % q[1]->order;
        ck_assert_msg(!nb_quotient_certify(q[1], 10000000), "%s: tampered, certified", c);
        *entry = kept;
        q[0]->base.destroy(&q[0]->base), q[1]->base.destroy(&q[1]->base);
    }
}
END_TEST

/* Kayles heaps near 10^18 under misère play: answered through the quotient, and each
 * winning move's position is lost for the player to move, as its own analysis says. */
START_TEST(huge_kayles_moves_reanalysed)
{
    nb_octal_params p = {.rule = rule_of("0.77")};
    for (int round = 0; round < 20; round++) {
        uint64_t h[6];
        for (size_t i = 0; i < 6; i++)
            h[i] = ((uint64_t)random() << 31 ^ (uint64_t)random()) % 1000000000000000000ull;
        nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = 6};
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &g, NB_MISERE, 16, &a, &err) == NB_OK, "%s", err.msg);
        ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
        ck_assert(a.element && a.element[0]);
        ck_assert(a.verdict != NB_WIN || a.moves.len > 0);
        for (size_t m = 0; m < a.moves.len; m++) {
            nb_move mv = nb_movelist_at(&a.moves, m);
            nb_state after = {0};
            g.rules->apply(&g, &mv, &after);
            nb_game next = {.rules = &nb_octal, .params = &p, .state = after.w,
                            .len = after.len};
            nb_analysis b;
            ck_assert(nb_analyse(&solver, &next, NB_MISERE, 0, &b, &err) == NB_OK);
            ck_assert_int_eq(b.verdict, NB_LOSE);
            nb_analysis_free(&b);
            free(after.w);
        }
        nb_analysis_free(&a);
    }
}
END_TEST

/* Tokens on random acyclic graphs under misère play, decided through the tokens'
 * quotient (nb_token_quotient, which the dag type uses past a small search) and held to
 * the brute-force solver: the verdict, and exactly the winning moves, on 200 graphs of 6
 * to 10 nodes with 2 to 6 tokens. */
START_TEST(dag_tokens_match_brute_force)
{
    unsigned lost = 0;
    for (int round = 0; round < 200; round++) {
        size_t n = 6 + (size_t)(random() % 5), len = 2 + (size_t)(random() % 5), m = 0;
        uint32_t edges[2 * 10 * 9];
        for (uint32_t u = 0; u < n; u++) /* edges forward only: no cycle */
            for (uint32_t v = u + 1; v < n; v++)
                if (random() % 100 < 35)
                    edges[2 * m] = u, edges[2 * m + 1] = v, m++;
        uint64_t tokens[6];
        for (size_t t = 0; t < len; t++)
            tokens[t] = (uint64_t)(random() % (long)n);
        nb_dag_params p = {.nodes = n, .nedges = m, .edges = edges};
        nb_game g = {.rules = &nb_dag, .params = &p, .state = tokens, .len = len};
        nb_err err = {0};
        ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
        /* the successor lists, from the edges */
        uint32_t offsets[11] = {0}, targets[90];
        for (size_t e = 0; e < m; e++)
            offsets[edges[2 * e] + 1]++;
        for (size_t u = 0; u < n; u++)
            offsets[u + 1] += offsets[u];
        for (size_t e = 0, k = 0; e < m; e++, k++)
            targets[k] = edges[2 * e + 1]; /* edges come sorted by their first node */
        nb_token_graph graph = {n, offsets, targets};
        nb_analysis a = {0};
        nb_movelist_init(&a.moves, 1000);
        ck_assert_msg(nb_token_quotient(&graph, tokens, len, 0, &solver, &a, &err) == NB_OK,
                      "round %d: %s", round, err.msg);
        brute *b = brute_new(&g, true);
        ck_assert_msg(a.verdict == brute_outcome(b, tokens, len), "round %d: verdict", round);
        lost += a.verdict == NB_LOSE;
        size_t winning = 0, listed = 0;
        for (size_t t = 0; t < len; t++) /* every move, by the brute's outcome after it */
            for (uint32_t k = offsets[tokens[t]]; k < offsets[tokens[t] + 1]; k++) {
                uint64_t after[6];
                memcpy(after, tokens, sizeof after);
                after[t] = targets[k];
                bool wins = brute_outcome(b, after, len) == NB_LOSE;
                bool is_listed = false;
                for (size_t i = 0; i < a.moves.len; i++) {
                    nb_move mv = nb_movelist_at(&a.moves, i);
                    is_listed |= mv.w[0] == t && mv.w[2] == targets[k];
                }
                ck_assert_msg(wins == is_listed, "round %d: token %zu to %u", round, t,
                              targets[k]);
                winning += wins, listed += is_listed;
            }
        ck_assert_uint_eq(listed, a.moves.len);
        ck_assert_uint_eq(winning, listed);
        brute_free(b);
        nb_analysis_free(&a);
        nb_game_close(&solver, &g);
    }
    ck_assert_msg(lost > 20 && lost < 180, "%u of 200 positions lost", lost);
}
END_TEST


/* A sum of octal games of one code is that code's game on all their heaps: answered through
 * its quotient, each winning move given back in its component's words; every sum held to
 * the brute-force solver (its verdict, winning moves, every move's outcome, the move
 * played), as are sums of two codes, which the tame theory declines to the search. */
START_TEST(one_code_sums_match_brute_force)
{
    static const char *const codes[] = {"0.77", "0.07", "0.137", "0.75", "4!.0"};
    unsigned by_quotient = 0, one_code = 0;
    for (int round = 0; round < 200; round++) {
        const char *code = codes[round % 5];
        bool mixed = round % 8 == 7;
        size_t count = 2 + (size_t)(round % 2);
        nb_octal_params p[3];
        uint64_t heaps[3][2], total = 0;
        nb_game parts[3];
        for (size_t c = 0; c < count; c++) {
            const char *other = strcmp(code, "0.77") ? "0.77" : "0.07";
            p[c] = (nb_octal_params){.rule = rule_of(mixed && c == 1 ? other : code)};
            size_t len = 1 + (size_t)(random() % 2);
            for (size_t i = 0; i < len; i++)
                heaps[c][i] = (uint64_t)(random() % 9), total += heaps[c][i];
            parts[c] = (nb_game){.rules = &nb_octal, .params = &p[c], .state = heaps[c],
                                 .len = len};
        }
        if (total > 20)
            continue;
        nb_sum_params sum = {.count = count, .games = parts};
        nb_game g = {&nb_sum, &sum, 0, NULL};
        g.state = nb_sum_state(&sum, &g.len);
        char what[64];
        snprintf(what, sizeof what, "%s%s round %d", code, mixed ? " and another" : "", round);
        brute_check(&solver, &g, NB_MISERE, what);
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 0, &a, &err) == NB_OK);
        one_code += !mixed;
        by_quotient += !mixed && a.method == NB_METHOD_MISERE_QUOTIENT;
        ck_assert_msg(!mixed || a.method != NB_METHOD_MISERE_QUOTIENT, "%s", what);
        nb_analysis_free(&a);
        free(g.state);
    }
    ck_assert_msg(one_code >= 80 && by_quotient * 10 >= one_code * 9,
                  "%u sums of one code, %u through the quotient", one_code, by_quotient);
    /* a heap of 10^6 in the second component beside a small first one: the same verdict
     * and moves as the one game of their heaps, each move in its own component's words */
    nb_octal_params kp[2] = {{.rule = rule_of("0.77")}, {.rule = rule_of("0.77")}}, kone = kp[0];
    uint64_t small[1] = {3}, large[2] = {1000000, 5}, all[3] = {3, 1000000, 5};
    nb_game kparts[2] = {{&nb_octal, &kp[0], 1, small}, {&nb_octal, &kp[1], 2, large}};
    nb_sum_params ksum = {.count = 2, .games = kparts};
    nb_game g = {&nb_sum, &ksum, 0, NULL}, one = {&nb_octal, &kone, 3, all};
    g.state = nb_sum_state(&ksum, &g.len);
    nb_analysis a, b;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &g, NB_MISERE, 1000, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert_msg(nb_analyse(&solver, &one, NB_MISERE, 1000, &b, &err) == NB_OK, "%s", err.msg);
    ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
    ck_assert_int_eq(a.verdict, b.verdict);
    ck_assert_uint_eq(a.moves.len, b.moves.len);
    for (size_t i = 0; i < a.moves.len; i++) {
        nb_move m = nb_movelist_at(&a.moves, i), n = nb_movelist_at(&b.moves, i);
        ck_assert_uint_eq(m.w[0] + (m.component ? 1 : 0), n.w[0]);
        ck_assert(m.len == n.len && !memcmp(m.w + 1, n.w + 1, (m.len - 1) * sizeof *m.w));
    }
    ck_assert_uint_gt(a.moves.len, 0);
    nb_analysis_free(&a);
    nb_analysis_free(&b);
    free(g.state);
}
END_TEST
/* Sums of two or three dags without cycles under misère play, with tokens enough that the
 * sum goes through the quotient of the tokens on the union of the graphs (more than 65536
 * positions), held to the brute-force solver: the verdict, and exactly the winning moves
 * (each naming its component), every move judged by the brute's outcome after it. */
START_TEST(dag_sums_match_brute_force)
{
    unsigned lost = 0;
    for (int round = 0; round < 8; round++) {
        size_t count = 2 + (size_t)(round % 2), len = count == 2 ? 5 : 3, total = 0;
        uint32_t edges[3][2 * 8 * 7];
        nb_dag_params p[3];
        uint64_t tokens[3][5];
        nb_game parts[3];
        for (size_t c = 0; c < count; c++) {
            size_t n = 7 + (size_t)(random() % 2), m = 0;
            for (uint32_t u = 0; u < n; u++) /* edges forward only: no cycle */
                for (uint32_t v = u + 1; v < n; v++)
                    if (random() % 100 < 40)
                        edges[c][2 * m] = u, edges[c][2 * m + 1] = v, m++;
            for (size_t t = 0; t < len; t++)
                tokens[c][t] = (uint64_t)(random() % (long)(n / 2));
            p[c] = (nb_dag_params){.nodes = n, .nedges = m, .edges = edges[c]};
            parts[c] = (nb_game){.rules = &nb_dag, .params = &p[c], .state = tokens[c],
                                 .len = len};
        }
        nb_sum_params sum = {.count = count, .games = parts};
        nb_game g = {&nb_sum, &sum, 0, NULL};
        g.state = nb_sum_state(&sum, &g.len);
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 1000, &a, &err) == NB_OK);
        ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
        ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
        brute *b = brute_new(&g, true);
        ck_assert_msg(a.verdict == brute_outcome(b, g.state, g.len), "round %d", round);
        lost += a.verdict == NB_LOSE;
        for (size_t c = 0; c < count; c++) /* every move, by the brute's outcome after it */
            for (size_t t = 0; t < len; t++)
                for (size_t e = 0; e < p[c].nedges; e++) {
                    uint64_t from = tokens[c][t], to = p[c].edges[2 * e + 1];
                    if (p[c].edges[2 * e] != from)
                        continue;
                    tokens[c][t] = to;
                    size_t after_len;
                    uint64_t *after = nb_sum_state(&sum, &after_len);
                    tokens[c][t] = from;
                    bool wins = brute_outcome(b, after, after_len) == NB_LOSE, listed = false;
                    for (size_t i = 0; i < a.moves.len; i++) {
                        nb_move mv = nb_movelist_at(&a.moves, i);
                        listed |= mv.component == c && mv.w[0] == t && mv.w[1] == from &&
                                  mv.w[2] == to;
                    }
                    ck_assert_msg(wins == listed, "round %d: component %zu token %zu to %llu",
                                  round, c, t, (unsigned long long)to);
                    total += listed;
                    free(after);
                }
        ck_assert_uint_eq(total, a.moves.len);
        brute_free(b);
        nb_game_close(&solver, &g);
        nb_analysis_free(&a);
        free(g.state);
    }
    ck_assert_msg(lost > 0 && lost < 8, "%u of 8 positions lost", lost);
}
END_TEST

/* Four tokens on a random acyclic graph of 60 nodes (C(63, 4) = 595,665 multisets, but
 * 13,104 positions at most by what each token reaches) whose tokens' quotient had not
 * covered the nodes after 30 s: searched within a 20 s budget, and answered as the
 * brute-force solver answers. */
START_TEST(dag_tokens_outlast_a_slow_quotient)
{
    static const uint32_t edges[] = {
        0, 17, 0, 52, 1, 9, 2, 7, 2, 10, 2, 36, 3, 20, 4, 22, 4, 8, 5, 20, 5, 48, 6, 56,
        6, 21, 6, 36, 7, 42, 8, 25, 9, 50, 9, 22, 10, 12, 10, 13, 10, 28, 11, 38, 11,
        26, 12, 20, 12, 50, 14, 51, 14, 35, 14, 59, 16, 46, 16, 48, 17, 53, 17, 23, 17,
        56, 18, 56, 18, 50, 19, 47, 20, 23, 20, 25, 21, 43, 21, 49, 22, 58, 22, 39, 23,
        30, 24, 33, 24, 41, 25, 31, 26, 32, 27, 51, 29, 59, 30, 54, 30, 49, 31, 52, 31,
        45, 33, 43, 33, 46, 33, 48, 34, 42, 34, 55, 36, 43, 37, 45, 37, 54, 38, 47, 39,
        45, 39, 54, 39, 51, 40, 53, 40, 45, 41, 53, 41, 44, 42, 48, 42, 55, 44, 48, 44,
        54, 44, 50, 46, 55, 46, 50, 46, 47, 47, 55, 47, 49, 47, 58, 48, 54, 48, 51, 50,
        59, 50, 51, 50, 55, 51, 59, 53, 59, 53, 56, 54, 59, 54, 56, 55, 57, 55, 57, 56,
        58, 57, 59, 58, 59};
    uint64_t tokens[] = {33, 2, 55, 9};
    nb_dag_params p = {.nodes = 60, .nedges = sizeof edges / sizeof *edges / 2, .edges = edges};
    nb_game g = {.rules = &nb_dag, .params = &p, .state = tokens, .len = 4};
    nb_analysis a;
    analyse_searched(&g, 20, 0, &a, "four tokens on 60 nodes");
    nb_analysis_free(&a);
    brute_check(&solver, &g, NB_MISERE, "four tokens on 60 nodes");
}
END_TEST

/* Beans under misère play, through their quotient: 300 random positions of up to 5
 * bottles and 4 beans held to the brute-force solver (verdict and every winning move), and
 * 50 positions of 30 bottles holding up to 2^62 beans each, every winning move's position
 * lost when analysed again. */
START_TEST(beans_match_brute_force)
{
    for (int round = 0; round < 300; round++) {
        uint64_t bottles[5] = {0};
        size_t n = 1 + (size_t)(random() % 5);
        for (int b = (int)(random() % 5); b > 0; b--)
            bottles[random() % (long)n]++;
        nb_game g = {.rules = &nb_beans, .state = bottles, .len = n};
        char what[64];
        snprintf(what, sizeof what, "beans round %d", round);
        brute_check(&solver, &g, NB_MISERE, what);
    }
    for (int round = 0; round < 50; round++) {
        uint64_t bottles[30];
        for (size_t i = 0; i < 30; i++)
            bottles[i] = random() % 3 ? 0 : ((uint64_t)random() << 31 ^ (uint64_t)random());
        nb_game g = {.rules = &nb_beans, .state = bottles, .len = 30};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 16, &a, &err) == NB_OK);
        ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
        ck_assert(a.verdict == NB_LOSE || a.moves.len > 0);
        for (size_t i = 0; i < a.moves.len; i++) {
            nb_move m = nb_movelist_at(&a.moves, i);
            uint64_t after[30];
            memcpy(after, bottles, sizeof after);
            after[m.w[0]]--, after[m.w[1]]++, after[m.w[2]]++;
            nb_game h = {.rules = &nb_beans, .state = after, .len = 30};
            nb_analysis b;
            ck_assert(nb_analyse(&solver, &h, NB_MISERE, 1, &b, &err) == NB_OK);
            ck_assert_msg(b.verdict == NB_LOSE, "round %d: a winning move leaves a win", round);
            nb_analysis_free(&b);
        }
        nb_analysis_free(&a);
    }
}
END_TEST

/* The sweep's codes: 50 of the 511 codes of at most three digits (every tenth, so every
 * length and digit appears), each quotient grown to heap 14 (the positions' largest)
 * under a 2 s budget, then a thousand random positions of heaps it covers (at most 20
 * counters) decided through it, held to the brute-force solver's misère outcome. */
START_TEST(sweep_sample_matches_brute_force)
{
    char (*codes)[NB_SWEEP_CODE_LEN] = calloc(511, sizeof *codes);
    ck_assert_uint_eq(nb_misere_sweep_codes(3, codes, 511), 511);
    uint64_t rng = 20261129;
    for (size_t k = 0; k < 50; k++) {
        const char *code = codes[3 + 10 * k];
        nb_octal_params p = {.rule = rule_of(code)};
        nb_budget two;
        nb_budget_start(&two, 2);
        nb_quotient_need need = {14, NB_QUOTIENT_MAX_ORDER, 20000000, &p.rule, &two, NULL, NULL};
        nb_quotient *q = NULL;
        nb_err err = {0};
        ck_assert_msg(nb_quotient_build(&need, &q, &err) == NB_OK, "%s: %s", code, err.msg);
        nb_budget_end(&two);
        ck_assert_msg(q->n >= 6, "%s: heaps below %llu alone", code, (unsigned long long)q->n);
        uint64_t top = q->n - 1 < 14 ? q->n - 1 : 14;
        uint64_t one = 1;
        nb_game g = {.rules = &nb_octal, .params = &p, .state = &one, .len = 1};
        ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
        brute *b = brute_new(&g, true);
        static uint64_t heaps[1000][4];
        static size_t lens[1000];
        for (int k = 0; k < 1000;) { /* drawn first, then solved by the brute at once */
            lens[k] = 1 + nb_splitmix64(&rng) % 4;
            uint64_t sum = 0;
            for (size_t i = 0; i < lens[k]; i++)
                heaps[k][i] = nb_splitmix64(&rng) % (top + 1), sum += heaps[k][i];
            if (sum <= 20)
                brute_add(b, heaps[k], lens[k]), k++;
        }
        unsigned lost = 0;
        for (int k = 0; k < 1000; k++) {
            const uint64_t *h = heaps[k];
            uint32_t all = 0;
            for (size_t i = 0; i < lens[k]; i++) {
                uint32_t e;
                ck_assert(nb_quotient_phi(q, h[i], &e));
                all = nb_quotient_mul(q, all, e);
            }
            bool wins = brute_wins(b, h, lens[k]);
            lost += !wins;
            ck_assert_msg(wins == !q->lost[all], "%s: heaps %llu %llu %llu %llu (%zu): the "
                          "quotient says %s", code, (unsigned long long)h[0],
                          (unsigned long long)h[1], (unsigned long long)h[2],
                          (unsigned long long)h[3], lens[k], q->lost[all] ? "lost" : "won");
        }
        ck_assert_msg(lost > 0, "%s: no lost position among a thousand", code);
        brute_free(b);
        nb_game_close(&solver, &g);
        q->base.destroy(&q->base);
    }
    free(codes);
}
END_TEST

/* One row of docs/misere-octal.tsv, its fields split in place (empty ones kept). */
static size_t split_row(char *line, char **field, size_t cap)
{
    size_t n = 0;
    line[strcspn(line, "\n")] = '\0';
    for (char *at = line; n < cap;) {
        field[n++] = at;
        char *tab = strchr(at, '\t');
        if (!tab)
            break;
        *tab = '\0';
        at = tab + 1;
    }
    return n;
}

/* docs/misere-octal.tsv as `nimberd misere-sweep` wrote it: every code once, in order;
 * the published figures (Plambeck and Siegel: Kayles' quotient, order 40 with 9 P-elements
 * and period 12; 0.75's of order 8 with 2; 0.34's period 8; Dawson's Kayles beyond heap
 * 29, where its partial quotient has order 176); and every proved row the same when the
 * sweep's own function computes it again. */
START_TEST(misere_table_rows)
{
    FILE *f = fopen("docs/misere-octal.tsv", "r");
    ck_assert_msg(f, "docs/misere-octal.tsv is missing");
    char (*codes)[NB_SWEEP_CODE_LEN] = calloc(511, sizeof *codes);
    ck_assert_uint_eq(nb_misere_sweep_codes(3, codes, 511), 511);
    char line[256], whole[256];
    ck_assert(fgets(line, sizeof line, f) && !strcmp(line, nb_misere_sweep_header));
    size_t rows = 0, proved = 0;
    while (fgets(line, sizeof line, f)) {
        char *v[10];
        memcpy(whole, line, sizeof whole);
        ck_assert_uint_eq(split_row(line, v, 10), 9);
        ck_assert_msg(rows < 511 && !strcmp(v[0], codes[rows]), "row %zu is %s", rows, v[0]);
        rows++;
        if (!strcmp(v[0], "0.77"))
            ck_assert(!strcmp(v[1], "proved") && !strcmp(v[2], "40") && !strcmp(v[3], "9") &&
                      !strcmp(v[6], "12"));
        if (!strcmp(v[0], "0.75"))
            ck_assert(!strcmp(v[1], "proved") && !strcmp(v[2], "8") && !strcmp(v[3], "2"));
        if (!strcmp(v[0], "0.34"))
            ck_assert(!strcmp(v[1], "proved") && !strcmp(v[6], "8"));
        if (!strcmp(v[0], "0.07"))
            ck_assert(!strcmp(v[1], "partial") && strtoull(v[7], NULL, 10) >= 29 &&
                      strtoull(v[2], NULL, 10) >= 176);
        if (strcmp(v[1], "proved"))
            continue;
        proved++;
        ck_assert_str_eq(v[7], "9223372036854775807");
        nb_misere_row row;
        nb_err err = {0};
        ck_assert_msg(nb_misere_sweep_row(v[0], 60, UINT64_MAX, &row, &err), "%s", err.msg);
        char again[256];
        FILE *mem = fmemopen(again, sizeof again, "w");
        nb_misere_row_write(&row, mem);
        fclose(mem);
        *strrchr(again, '\t') = '\0'; /* all but the seconds */
        ck_assert_msg(row.status == NB_SWEEP_PROVED && !strncmp(whole, again, strlen(again)),
                      "%s: the table says %s, the sweep now %s", v[0], whole, again);
    }
    fclose(f);
    free(codes);
    ck_assert_uint_eq(rows, 511);
    ck_assert_uint_gt(proved, 100);
}
END_TEST

int main(void)
{
    srandom(40);
    Suite *s = suite_create("quotient");
    const struct {
        const char *name;
        const TTest *test;
    } tests[] = {{"published", published_quotients},
                 {"grows-on", growth_goes_on},
                 {"laws", monoid_laws},
                 {"tampered", tampered_quotients_fail},
                 {"brute", random_positions_match_brute_force},
                 {"huge", huge_kayles_moves_reanalysed},
                 {"grundy", grundy_past_heap_17},
                 {"dawson", dawson_to_heap_30},
                 {"by-generators", tables_by_generators},
                 {"budget", budget_stops_growth},
                 {"slow", small_positions_outlast_a_slow_quotient},
                 {"stalled", large_positions_outlast_a_stalled_quotient},
                 {"dag", dag_tokens_match_brute_force},
                 {"dag_sums", dag_sums_match_brute_force},
                 {"octal_sums", one_code_sums_match_brute_force},
                 {"dag_slow", dag_tokens_outlast_a_slow_quotient},
                 {"beans", beans_match_brute_force},
                 {"sweep", sweep_sample_matches_brute_force},
                 {"table", misere_table_rows}};
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) { /* CK_RUN_CASE picks one */
        TCase *tc = tcase_create(tests[i].name);
        tcase_add_checked_fixture(tc, setup, teardown);
        tcase_set_timeout(tc, 900);
        tcase_add_test(tc, tests[i].test);
        suite_add_tcase(s, tc);
    }
    return check_run(s, true);
}
