/* test_quotient.c - misère quotients: the published facts (Kayles' quotient of order 40
 * with 9 P-elements and its lone lost heaps, 0.75's order-8 quotient, 0.34's period 8),
 * the certificate rejecting a tampered quotient, misère analyses of the codes the papers
 * solve held to the brute-force solver (verdict and every winning move) on a thousand
 * random positions each, Grundy's game past heap 17, huge heaps by re-analysing each
 * move's position, a growth stopped by its budget, and tokens on random acyclic graphs
 * and beans decided through their quotients, held to the brute-force solver. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brute.h"
#include "check_run.h"
#include "engine/nb_sum.h"
#include "engine/nb_token_quotient.h"
#include "games/nb_beans.h"
#include "games/nb_dag.h"
#include "games/nb_octal.h"
#include "tables/nb_quotient.h"

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
    nb_quotient_need need = {heap, NB_QUOTIENT_MAX_ORDER, 50000000, r, NULL, NULL};
    nb_quotient *q = NULL;
    nb_err err = {0};
    ck_assert_msg(nb_quotient_build(&need, &q, &err) == NB_OK, "%s", err.msg);
    return q;
}

static unsigned p_size(const nb_quotient *q)
{
    unsigned n = 0;
    for (uint32_t x = 0; x < q->order; x++)
        n += q->lost[x];
    return n;
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
    ck_assert_uint_eq(p_size(q), 9);
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
    char w[64];
    nb_quotient_word(q, 0, w, sizeof w);
    ck_assert_str_eq(w, "1");
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
    nb_quotient_need to_33 = {33, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson, NULL, NULL};
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
    ck_assert_uint_eq(p_size(q), 2);
    q->base.destroy(&q->base);

    nb_octal_rule r34 = rule_of("0.34");
    q = quotient_of(&r34, UINT64_MAX);
    ck_assert(q->proved);
    ck_assert_uint_eq(q->period, 8);
    q->base.destroy(&q->base);
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
    nb_quotient_need need = {33, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson, &second, NULL};
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
    q->base.destroy(&q->base);
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

/* Grundy's game under misère play by exhaustive search over heap multisets, for heaps too
 * large for the brute-force solver (which keeps heaps in order): counts[k] heaps of k + 3
 * (heaps of 1 and 2 have no move and change no outcome), at most 15 of a size, 4 bits a
 * size in a 128-bit key; memoized in an open-addressed table (positions of at most 34
 * counters: some 12,000 multisets, far from filling it). */
#define GRUNDY_TOP 34
typedef struct grundy_memo {
    uint64_t key[2][1 << 16];
    uint8_t wins[1 << 16]; /* 0 empty, 1 lost, 2 won */
} grundy_memo;

static bool grundy_wins(grundy_memo *m, uint8_t *counts)
{
    uint64_t key[2] = {0, 0};
    for (int k = 0; k < GRUNDY_TOP - 2; k++)
        key[k / 16] |= (uint64_t)counts[k] << (4 * (k % 16));
    size_t slot = (size_t)((key[0] * 0x9e3779b97f4a7c15ull ^ key[1]) >> 48);
    for (; m->wins[slot]; slot = (slot + 1) & 0xffff)
        if (m->key[0][slot] == key[0] && m->key[1][slot] == key[1])
            return m->wins[slot] == 2;
    bool any = false, wins = false; /* misère: no move at all wins */
    for (int k = 0; k < GRUNDY_TOP - 2 && !wins; k++)
        for (int a = 1; counts[k] && 2 * a < k + 3 && !wins; a++) {
            int b = k + 3 - a; /* split k + 3 into a < b */
            counts[k]--;
            if (a >= 3)
                counts[a - 3]++;
            if (b >= 3)
                counts[b - 3]++;
            any = true;
            wins = !grundy_wins(m, counts);
            if (b >= 3)
                counts[b - 3]--;
            if (a >= 3)
                counts[a - 3]--;
            counts[k]++;
        }
    wins = wins || !any;
    while (m->wins[slot]) /* the search may have taken the slot */
        slot = (slot + 1) & 0xffff;
    m->key[0][slot] = key[0], m->key[1][slot] = key[1], m->wins[slot] = wins ? 2 : 1;
    return wins;
}

static bool grundy_heaps_win(grundy_memo *m, const uint64_t *h, size_t len)
{
    uint8_t counts[GRUNDY_TOP - 2] = {0};
    for (size_t i = 0; i < len; i++)
        if (h[i] >= 3)
            counts[h[i] - 3]++;
    return grundy_wins(m, counts);
}

/* Grundy's game (4!.0), whose moves split a heap without taking from it: its partial
 * quotient covers every heap to 28 (it stopped at 17 while candidates were labelled from
 * positions of fewest counters, which a split does not lessen). Positions with a heap
 * from 18 to 20 are held to the brute-force solver; positions with a heap from 18 to 28
 * to the search above: the verdict, every listed winning move leading to a lost position,
 * and every winning move listed. */
START_TEST(grundy_past_heap_17)
{
    nb_octal_params p = {.rule = rule_of("4!.0")};
    nb_quotient *q = quotient_of(&p.rule, 28);
    ck_assert_msg(q->n >= 29, "heaps below %llu covered", (unsigned long long)q->n);
    ck_assert(nb_quotient_certify(q, 10000000));
    q->base.destroy(&q->base);
    grundy_memo *memo = calloc(1, sizeof *memo);
    ck_assert(memo);
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
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 64, &a, &err) == NB_OK);
        ck_assert_msg(a.method == NB_METHOD_MISERE_QUOTIENT, "%s: method %d", what, a.method);
        bool wins = grundy_heaps_win(memo, h, len);
        ck_assert_msg((a.verdict == NB_WIN) == wins, "%s: verdict", what);
        ck_assert(!a.moves.incomplete && !a.moves.truncated);
        unsigned listed = 0, winning = 0;
        for (size_t m = 0; m < a.moves.len; m++, listed++) {
            nb_move mv = nb_movelist_at(&a.moves, m);
            nb_state after = {0};
            g.rules->apply(&g, &mv, &after);
            ck_assert_msg(!grundy_heaps_win(memo, after.w, after.len), "%s: move %zu", what, m);
            free(after.w);
        }
        for (size_t i = 0; i < len; i++) /* the winning splits (equal heaps: one each) */
            for (uint64_t x = 1; 2 * x < h[i]; x++) {
                uint64_t next[4] = {h[0], h[1], h[2], 0};
                next[i] = h[i] - x, next[len] = x;
                winning += !grundy_heaps_win(memo, next, len + 1);
            }
        ck_assert_msg(listed == winning, "%s: %u moves listed, %u win", what, listed, winning);
        nb_analysis_free(&a);
    }
    free(memo);
}
END_TEST

/* Dawson's Kayles (0.07: a move takes two counters from a heap and leaves the rest in
 * at most two heaps) under misère play, by a memoized search over multisets of heaps:
 * counts[k] heaps of k + 2 (heaps of 0 and 1 have no move), a byte each, for positions
 * too large for the brute-force solver (at most 40 counters: some 40,000 multisets). */
#define DAWSON_TOP 31
#define DAWSON_SLOTS (1 << 17)
typedef struct dawson_memo {
    uint8_t key[DAWSON_SLOTS][DAWSON_TOP - 2];
    uint8_t wins[DAWSON_SLOTS]; /* 0 empty, 1 lost, 2 won */
} dawson_memo;

static bool dawson_wins(dawson_memo *m, uint8_t *counts)
{
    uint64_t hash = 1469598103934665603ull;
    for (int k = 0; k < DAWSON_TOP - 2; k++)
        hash = (hash ^ counts[k]) * 1099511628211ull;
    size_t slot = (size_t)(hash >> 47);
    for (; m->wins[slot]; slot = (slot + 1) % DAWSON_SLOTS)
        if (!memcmp(m->key[slot], counts, DAWSON_TOP - 2))
            return m->wins[slot] == 2;
    bool any = false, wins = false; /* misère: no move at all wins */
    for (int k = 0; k < DAWSON_TOP - 2 && !wins; k++)
        for (int a = 0; counts[k] && 2 * a <= k && !wins; a++) {
            int b = k - a; /* k + 2 leaves a and b */
            counts[k]--;
            if (a >= 2)
                counts[a - 2]++;
            if (b >= 2)
                counts[b - 2]++;
            any = true;
            wins = !dawson_wins(m, counts);
            if (b >= 2)
                counts[b - 2]--;
            if (a >= 2)
                counts[a - 2]--;
            counts[k]++;
        }
    wins = wins || !any;
    while (m->wins[slot]) /* the search may have taken the slot */
        slot = (slot + 1) % DAWSON_SLOTS;
    memcpy(m->key[slot], counts, DAWSON_TOP - 2), m->wins[slot] = wins ? 2 : 1;
    return wins;
}

static bool dawson_heaps_win(dawson_memo *m, const uint64_t *h, size_t len)
{
    uint8_t counts[DAWSON_TOP - 2] = {0};
    for (size_t i = 0; i < len; i++)
        if (h[i] >= 2)
            counts[h[i] - 2]++;
    return dawson_wins(m, counts);
}

/* Dawson's Kayles past heap 29, where its quotient is grown by recalibration (order 360
 * at heap 30): positions of a heap from 25 to 30 and two of at most 5, held to the search
 * above: the verdict, every listed winning move leading to a lost position, and every
 * winning move listed. */
START_TEST(dawson_to_heap_30)
{
    nb_octal_params p = {.rule = rule_of("0.07")};
    nb_quotient *q = quotient_of(&p.rule, 30);
    ck_assert_uint_eq(q->n, 31);
    q->base.destroy(&q->base);
    dawson_memo *memo = calloc(1, sizeof *memo);
    ck_assert(memo);
    for (int round = 0; round < 300; round++) {
        uint64_t h[3] = {25 + (uint64_t)random() % 6, (uint64_t)random() % 6,
                         (uint64_t)random() % 6};
        nb_game g = {.rules = &nb_octal, .params = &p, .state = h, .len = 3};
        char what[64];
        snprintf(what, sizeof what, "0.07 [%llu, %llu, %llu]", (unsigned long long)h[0],
                 (unsigned long long)h[1], (unsigned long long)h[2]);
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 64, &a, &err) == NB_OK);
        ck_assert_msg(a.method == NB_METHOD_MISERE_QUOTIENT, "%s: method %d", what, a.method);
        ck_assert_msg((a.verdict == NB_WIN) == dawson_heaps_win(memo, h, 3), "%s: verdict",
                      what);
        ck_assert(!a.moves.incomplete && !a.moves.truncated);
        unsigned listed = 0, winning = 0;
        for (size_t m = 0; m < a.moves.len; m++, listed++) {
            nb_move mv = nb_movelist_at(&a.moves, m);
            nb_state after = {0};
            g.rules->apply(&g, &mv, &after);
            ck_assert_msg(!dawson_heaps_win(memo, after.w, after.len), "%s: move %zu", what, m);
            free(after.w);
        }
        for (size_t i = 0; i < 3; i++) /* take two, leave x and h - 2 - x, x <= h - 2 - x */
            for (uint64_t x = 0; h[i] >= 2 && 2 * x <= h[i] - 2; x++) {
                uint64_t next[4] = {h[0], h[1], h[2], x};
                next[i] = h[i] - 2 - x;
                winning += !dawson_heaps_win(memo, next, 4);
            }
        ck_assert_msg(listed == winning, "%s: %u moves listed, %u win", what, listed, winning);
        nb_analysis_free(&a);
    }
    free(memo);
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
        ck_assert(a.element[0]);
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
        ck_assert_msg(nb_token_quotient(&graph, tokens, len, &solver, &a, &err) == NB_OK,
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

int main(void)
{
    srandom(40);
    Suite *s = suite_create("quotient");
    const struct {
        const char *name;
        const TTest *test;
    } tests[] = {{"published", published_quotients},
                 {"laws", monoid_laws},
                 {"tampered", tampered_quotients_fail},
                 {"brute", random_positions_match_brute_force},
                 {"huge", huge_kayles_moves_reanalysed},
                 {"grundy", grundy_past_heap_17},
                 {"dawson", dawson_to_heap_30},
                 {"budget", budget_stops_growth},
                 {"dag", dag_tokens_match_brute_force},
                 {"dag_sums", dag_sums_match_brute_force},
                 {"beans", beans_match_brute_force}};
    for (size_t i = 0; i < sizeof tests / sizeof *tests; i++) { /* CK_RUN_CASE picks one */
        TCase *tc = tcase_create(tests[i].name);
        tcase_add_checked_fixture(tc, setup, teardown);
        tcase_set_timeout(tc, 900);
        tcase_add_test(tc, tests[i].test);
        suite_add_tcase(s, tc);
    }
    return check_run(s, true);
}
