/* test_games.c - the rulesets' fixed cases: published values and periods (Bash, the
 * subtraction games, the cutting game, misère staircase Nim, Green Hackenbush, the coprime game, Fibonacci Nim),
 * closed forms
 * near 2^63, large graphs and heaps past every table. Random positions of every type are
 * test_registry's; the engine's fixed cases are test_engine's, the octal games'
 * test_octal's. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_run.h"
#include "core/nb_primes.h"
#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_search.h"
#include "games/bash/nb_bash.h"
#include "games/coprime/nb_coprime.h"
#include "games/cutting/nb_cutting.h"
#include "games/dag/nb_dag.h"
#include "games/divisor/nb_divisor.h"
#include "games/euclid/nb_euclid.h"
#include "games/fibonacci/nb_fibonacci.h"
#include "games/hackenbush/nb_hackenbush.h"
#include "games/moore/nb_moore.h"
#include "games/nim/nb_nim.h"
#include "games/staircase/nb_staircase.h"
#include "games/subtraction/nb_subtraction.h"
#include "games/wythoff/nb_wythoff.h"
#include "lib_fixture.h"
#include "theory/nb_subtable.h"

START_TEST(nim_huge_heaps)
{
    uint64_t h[3] = {INT64_MAX, INT64_MAX - 1, 12345};
    nb_game g = {&nb_nim, NULL, 3, h};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, 1 ^ 12345);
    ck_assert_uint_eq(a.moves.len, 3); /* X = 12344 has bit 13, which all three have */
    nb_move third = nb_movelist_at(&a.moves, 2), first = nb_movelist_at(&a.moves, 0);
    ck_assert_uint_eq(third.w[0], 2); /* {heap, take} */
    ck_assert_uint_eq(third.w[1], 12345 - (12345 ^ 12344));
    ck_assert_uint_eq(first.w[1], (uint64_t)INT64_MAX - (INT64_MAX ^ 12344));
    nb_analysis_free(&a);
}
END_TEST

/* Misère staircase Nim is misère Nim on the odd stairs: every staircase of up to five
 * stairs of up to 3 coins (verdict, every winning move, the exact set, the move played,
 * each move's outcome) against the brute-force solver; then positions of some 10^18
 * coins, where each winning move's position is analysed again and is lost. */
START_TEST(staircase_misere)
{
    size_t lost = 0;
    for (size_t len = 1; len <= 5; len++)
        for (uint64_t code = 0; code < (1u << (2 * len)); code++) {
            uint64_t stairs[5];
            for (size_t i = 0; i < len; i++)
                stairs[i] = code >> (2 * i) & 3;
            nb_game g = {&nb_staircase, NULL, len, stairs};
            char what[64];
            snprintf(what, sizeof what, "staircase of %zu stairs, code %llu", len,
                     (unsigned long long)code);
            brute_check(&solver, &g, NB_MISERE, what);
            brute *b = brute_new(&g, true);
            lost += !brute_wins(b, stairs, len);
            brute_free(b);
        }
    ck_assert_uint_gt(lost, 100);
    uint64_t rng = 20261126;
    for (int round = 0; round < 200; round++) {
        uint64_t stairs[6];
        for (size_t i = 0; i < 6; i++) /* small odd stairs now and then: the 0s-and-1s end */
            stairs[i] = round % 3 ? nb_splitmix64(&rng) >> 5 : nb_splitmix64(&rng) % 3;
        nb_game g = {&nb_staircase, NULL, 6, stairs};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 64, &a, &err) == NB_OK);
        ck_assert_int_eq(a.method, NB_METHOD_CLOSED_FORM);
        ck_assert(a.verdict == NB_LOSE || a.moves.len > 0);
        for (size_t m = 0; m < a.moves.len; m++) {
            nb_move move = nb_movelist_at(&a.moves, m);
            nb_state after = {0};
            nb_staircase.apply(&g, &move, &after);
            nb_game next = {&nb_staircase, NULL, 6, after.w};
            nb_analysis again;
            ck_assert(nb_analyse(&solver, &next, NB_MISERE, 0, &again, &err) == NB_OK);
            ck_assert_int_eq(again.verdict, NB_LOSE);
            nb_analysis_free(&again);
            free(after.w);
        }
        nb_analysis_free(&a);
    }
}
END_TEST

START_TEST(bash_seed_rule)
{
    /* One heap: the player to move loses iff (k+1) divides n, even near 2^63. */
    for (uint64_t k = 1; k < 50; k++) {
        uint64_t n = (uint64_t)INT64_MAX - k;
        nb_bash_params p = {k};
        nb_game g = {&nb_bash, &p, 1, &n};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.verdict == NB_LOSE, n % (k + 1) == 0);
        ck_assert_uint_eq(a.sg, n % (k + 1));
        nb_analysis_free(&a);
    }
}
END_TEST


/* A plain mex over an array, the obvious way. */
static uint8_t *naive_sequence(const nb_subtraction_params *p, size_t n)
{
    uint8_t *v = calloc(n, 1);
    for (size_t i = 0; i < n; i++) {
        bool seen[130] = {0};
        for (size_t k = 0; k < p->nset; k++)
            if (p->set[k] <= i)
                seen[v[i - p->set[k]]] = true;
        while (seen[v[i]])
            v[i]++;
    }
    return v;
}

START_TEST(subtraction_period_matches_naive)
{
    /* The proved period answers far past the stored table: check 2*10^5 values. */
    const size_t n = 200000;
    for (int round = 0; round < 60; round++) {
        nb_subtraction_params p = {0};
        random_set(&p, 6, round < 30 ? 12 : 60);
        uint8_t *naive = naive_sequence(&p, n);
        nb_sequence seq;
        nb_err err = {0};
        ck_assert(nb_subtraction_sequence(&solver, &p, 0, n - 1, &seq, &err) == NB_OK);
        ck_assert(seq.has_period);
        for (size_t i = 0; i < n; i++)
            ck_assert_uint_eq(seq.values[i], naive[i]);
        /* minimal: no smaller preperiod, and the period is the least that holds */
        if (seq.preperiod > 0)
            ck_assert(naive[seq.preperiod - 1] != naive[seq.preperiod - 1 + seq.period]);
        for (uint64_t q = 1; q < seq.period; q++) {
            bool holds = true;
            for (size_t i = seq.preperiod + 1000; i + q < n && holds; i++)
                holds = naive[i] == naive[i + q];
            ck_assert_msg(!holds, "period %llu is not minimal: %llu holds",
                          (unsigned long long)seq.period, (unsigned long long)q);
        }
        free(seq.values);
        free(naive);
    }
}
END_TEST

START_TEST(subtraction_literature)
{
    struct { uint64_t set[4]; size_t n; uint64_t period, pre; uint64_t first[8]; } cases[] = {
        {{1, 3, 4}, 3, 7, 0, {0, 1, 0, 1, 2, 3, 2, 0}},
        {{2, 3}, 2, 5, 0, {0, 0, 1, 1, 2, 0, 0, 1}},
        {{1, 2, 3}, 3, 4, 0, {0, 1, 2, 3, 0, 1, 2, 3}},
        {{1}, 1, 2, 0, {0, 1, 0, 1, 0, 1, 0, 1}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        nb_subtraction_params p = {.nset = cases[c].n};
        memcpy(p.set, cases[c].set, sizeof cases[c].set);
        nb_sequence seq;
        nb_err err = {0};
        ck_assert(nb_subtraction_sequence(&solver, &p, 0, 7, &seq, &err) == NB_OK);
        ck_assert(seq.has_period);
        ck_assert_uint_eq(seq.period, cases[c].period);
        ck_assert_uint_eq(seq.preperiod, cases[c].pre);
        for (int i = 0; i < 8; i++)
            ck_assert_uint_eq(seq.values[i], cases[c].first[i]);
        free(seq.values);
    }
    /* Heap 10^18 of {1,3,4}: 10^18 mod 7 = 1 -> value 1; 10^18 + 3 -> value 1 ^ ... 2. */
    nb_subtraction_params p = {.nset = 3, .set = {4, 1, 3}};
    uint64_t heap = 1000000000000000000ULL;
    nb_game g = {&nb_subtraction, &p, 1, &heap};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, 1);
    nb_analysis_free(&a);
    heap += 3; /* mod 7 = 4 -> value 2 */
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, 2);
    nb_analysis_free(&a);
}
END_TEST

/* A page of a table holds the values of its heaps alone, the same as the whole table's. */
START_TEST(subtraction_page)
{
    nb_subtraction_params p = {.nset = 3, .set = {1, 3, 4}};
    nb_sequence all, page;
    nb_err err = {0};
    ck_assert(nb_subtraction_sequence(&solver, &p, 0, 2000, &all, &err) == NB_OK);
    ck_assert(nb_subtraction_sequence(&solver, &p, 1500, 2000, &page, &err) == NB_OK);
    ck_assert_uint_eq(page.first, 1500);
    ck_assert_uint_eq(page.count, 501);
    ck_assert(page.has_period && page.period == all.period);
    for (size_t i = 0; i < page.count; i++)
        ck_assert_uint_eq(page.values[i], all.values[1500 + i]);
    free(all.values);
    free(page.values);
}
END_TEST

START_TEST(subtraction_past_table)
{
    /* {5,37,61,99,250} repeats its first window only at value 1942 (period 349): with a
     * table of 1000 values heaps inside are answered, heaps past it are a limit error. */
    solver.limits.max_table = 1000;
    nb_subtraction_params p = {.nset = 5, .set = {5, 37, 61, 99, 250}};
    uint8_t *naive = naive_sequence(&p, 501);
    nb_sequence seq;
    nb_err err = {0};
    nb_status st = nb_subtraction_sequence(&solver, &p, 0, 1000, &seq, &err);
    ck_assert(st == NB_ELIMIT);
    ck_assert_int_eq(err.field, NB_FIELD_UP_TO);
    nb_err_clear(&err);
    ck_assert(nb_subtraction_sequence(&solver, &p, 0, 998, &seq, &err) == NB_OK);
    ck_assert(!seq.has_period); /* the period is out of the table's reach */
    uint64_t heaps[2] = {500, 5000000};
    nb_game g = {&nb_subtraction, &p, 2, heaps};
    nb_analysis a;
    st = nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err);
    ck_assert(st == NB_ELIMIT);
    ck_assert_int_eq(err.field, 0);
    ck_assert_uint_eq(err.index[0], 1);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_table=1000"));
    nb_err_clear(&err);
    g.len = 1;
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, naive[500]);
    nb_analysis_free(&a);
    free(seq.values);
    free(naive);
}
END_TEST

START_TEST(moore_large)
{
    /* Far past any search: every constructive move must leave all columns at 0 mod k+1. */
    for (int round = 0; round < 300; round++) {
        uint64_t h[40];
        nb_moore_params p = {.k = 1 + rnd(6)};
        nb_game g = {&nb_moore, &p, 1 + rnd(40), h};
        for (size_t i = 0; i < g.len; i++)
            h[i] = (uint64_t)random() << 31 ^ (uint64_t)random();
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 50, &a, &err) == NB_OK);
        for (size_t m = 0; m < a.moves.len; m++) {
            uint64_t after[40];
            memcpy(after, h, sizeof after);
            nb_move mv = nb_movelist_at(&a.moves, m); /* {heap, take} pairs */
            ck_assert(mv.len >= 2 && mv.len <= 2 * p.k && mv.len % 2 == 0);
            for (size_t t = 0; t < mv.len; t += 2) {
                ck_assert(mv.w[t + 1] >= 1 && mv.w[t + 1] <= h[mv.w[t]]);
                ck_assert(t == 0 || mv.w[t] > mv.w[t - 2]); /* in order */
                after[mv.w[t]] -= mv.w[t + 1];
            }
            for (int b = 0; b < 63; b++) {
                uint64_t ones = 0;
                for (size_t i = 0; i < g.len; i++)
                    ones += after[i] >> b & 1;
                ck_assert_uint_eq(ones % (p.k + 1), 0);
            }
        }
        ck_assert_uint_eq(a.moves.len > 0, a.verdict == NB_WIN);
        nb_analysis_free(&a);
    }
}
END_TEST

START_TEST(cutting_poj_2311)
{
    /* POJ 2311 sample: 2x2 LOSE, 3x2 LOSE, 4x2 WIN; and the table is symmetric. */
    uint64_t cases[3][3] = {{2, 2, NB_LOSE}, {3, 2, NB_LOSE}, {4, 2, NB_WIN}};
    for (int c = 0; c < 3; c++) {
        nb_cutting_params p = {0};
        nb_game g = {&nb_cutting, &p, 2, cases[c]};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.verdict, cases[c][2]);
        nb_analysis_free(&a);
    }
    uint64_t *v;
    nb_err err = {0};
    ck_assert(nb_cutting_grid(&solver, 60, 60, &v, &err) == NB_OK);
    for (int w = 0; w <= 60; w++)
        for (int h = 0; h <= 60; h++)
            ck_assert_uint_eq(v[w * 61 + h], v[h * 61 + w]);
    ck_assert_uint_eq(v[1 * 61 + 5], NB_SG_WIN_NOW);
    free(v);
    /* Growing the cached table keeps the values already computed. */
    ck_assert(nb_cutting_grid(&solver, 90, 20, &v, &err) == NB_OK);
    uint64_t *small;
    ck_assert(nb_cutting_grid(&solver, 20, 20, &small, &err) == NB_OK);
    for (int w = 0; w <= 20; w++)
        for (int h = 0; h <= 20; h++)
            ck_assert_uint_eq(small[w * 21 + h], v[w * 21 + h]);
    free(v);
    free(small);
}
END_TEST

/* A random DAG: edges go from lower to higher rank of a random permutation. */
static size_t random_dag(uint32_t *edges, size_t nodes, size_t max_edges)
{
    uint32_t perm[64];
    for (size_t i = 0; i < nodes; i++)
        perm[i] = (uint32_t)i;
    for (size_t i = nodes; i > 1; i--) {
        size_t j = rnd(i);
        uint32_t t = perm[i - 1];
        perm[i - 1] = perm[j], perm[j] = t;
    }
    size_t m = rnd(max_edges + 1);
    for (size_t e = 0; e < m; e++) {
        uint32_t a = (uint32_t)rnd(nodes), b = (uint32_t)rnd(nodes);
        if (a == b)
            b = (b + 1) % nodes;
        if (a > b)
            a ^= b, b ^= a, a ^= b;
        edges[2 * e] = perm[a], edges[2 * e + 1] = perm[b];
    }
    return m;
}

START_TEST(dag_long_path)
{
    /* 10^6 nodes in one path: no recursion, SG alternates 0,1 from the sink. */
    size_t n = 1000000;
    uint32_t *edges = malloc(2 * n * sizeof *edges);
    for (size_t i = 0; i + 1 < n; i++)
        edges[2 * i] = (uint32_t)i, edges[2 * i + 1] = (uint32_t)i + 1;
    nb_dag_params p = {.nodes = n, .nedges = n - 1, .edges = edges};
    uint64_t token = 0;
    nb_game g = {&nb_dag, &p, 1, &token};
    nb_err err = {0};
    ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
    for (size_t i = 0; i < n; i++)
        ck_assert_uint_eq(p.sg[i], (n - 1 - i) % 2);
    nb_game_close(&solver, &g);
    free(edges);
}
END_TEST

/* Each node's value is the mex of its successors' values: on a DAG that defines the SG
 * function, so checking it at every node checks the whole table. */
static void check_mex_everywhere(const nb_dag_params *p)
{
    size_t n = p->nodes;
    uint8_t *seen = calloc(n + 1, 1);
    uint32_t *first = calloc(n + 1, sizeof *first), *next = malloc((p->nedges + 1) * sizeof *next);
    for (size_t e = 0; e < p->nedges; e++) { /* successor lists, 1-based, by linking */
        next[e] = first[p->edges[2 * e]];
        first[p->edges[2 * e]] = (uint32_t)e + 1;
    }
    for (size_t u = 0; u < n; u++) {
        for (uint32_t e = first[u]; e; e = next[e - 1])
            if (p->sg[p->edges[2 * (e - 1) + 1]] <= n)
                seen[p->sg[p->edges[2 * (e - 1) + 1]]] = 1;
        uint32_t mex = 0;
        while (seen[mex])
            mex++;
        ck_assert_uint_eq(p->sg[u], mex);
        for (uint32_t e = first[u]; e; e = next[e - 1])
            if (p->sg[p->edges[2 * (e - 1) + 1]] <= n)
                seen[p->sg[p->edges[2 * (e - 1) + 1]]] = 0;
    }
    free(next);
    free(first);
    free(seen);
}

START_TEST(dag_large_values)
{
    /* Nodes past several buckets of the grouping, a transitive tournament whose values
     * run to 99 (past the values a node's mask holds beside its count), repeated edges,
     * and a hub with an edge to every node of the tournament and to some others. */
    size_t n = 9000, t = 100, m = 0;
    uint32_t *edges = malloc(2 * (t * t + 40000) * sizeof *edges);
    for (uint32_t i = 0; i < t; i++) /* node 8000+i -> 8000+j for every j > i: value t-1-i */
        for (uint32_t j = i + 1; j < t; j++)
            edges[2 * m] = 8000 + i, edges[2 * m + 1] = 8000 + j, m++;
    for (uint32_t j = 0; j < t; j += 1 + (uint32_t)rnd(2)) /* the hub, node 0 */
        edges[2 * m] = 0, edges[2 * m + 1] = 8000 + j, m++;
    for (size_t k = 0; k < 30000; k++) { /* forward edges between random nodes */
        uint32_t a = 1 + (uint32_t)rnd(n - 1), b = 1 + (uint32_t)rnd(n - 1);
        if (a == b)
            continue;
        edges[2 * m] = a < b ? a : b, edges[2 * m + 1] = a < b ? b : a, m++;
        if (rnd(8) == 0) /* the same edge again */
            edges[2 * m] = edges[2 * m - 2], edges[2 * m + 1] = edges[2 * m - 1], m++;
    }
    nb_dag_params p = {.nodes = n, .nedges = m, .edges = edges};
    uint64_t token = 0;
    nb_game g = {&nb_dag, &p, 1, &token};
    nb_err err = {0};
    ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
    for (uint32_t i = 0; i < t; i++)
        ck_assert_uint_eq(p.sg[8000 + i], t - 1 - i);
    check_mex_everywhere(&p);
    nb_game_close(&solver, &g);
    free(edges);
}
END_TEST

START_TEST(dag_wide_ids)
{
    /* Node ids past 2^20, where the grouping's partitioned edges no longer fit 32 bits:
     * random DAGs on 40 ids spread over 1.1 million nodes, checked by brute force and at
     * every node. */
    size_t n = 1100000;
    for (int round = 0; round < 20; round++) {
        uint32_t ids[40], edges[2 * 80];
        for (size_t i = 0; i < 40; i++) { /* distinct, the last two ids among them */
            bool fresh;
            do {
                ids[i] = i < 2 ? (uint32_t)(n - 1 - i) : (uint32_t)rnd(n);
                fresh = true;
                for (size_t j = 0; j < i; j++)
                    fresh &= ids[j] != ids[i];
            } while (!fresh);
        }
        nb_dag_params p = {.nodes = n, .edges = edges};
        p.nedges = random_dag(edges, 40, 80);
        for (size_t i = 0; i < 2 * p.nedges; i++)
            edges[i] = ids[edges[i]];
        uint64_t tokens[2] = {ids[rnd(40)], ids[rnd(40)]};
        nb_game g = {&nb_dag, &p, 1 + rnd(2), tokens};
        brute_check(&solver, &g, NB_NORMAL, "dag with wide ids");
        nb_err err = {0};
        ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
        check_mex_everywhere(&p);
        nb_game_close(&solver, &g);
    }
}
END_TEST

/* The coprime game's closed form against the mex over every move, heap by heap. */
START_TEST(coprime_values_by_mex)
{
    enum { N = 3000 };
    uint64_t *g = calloc(N, sizeof *g);
    bool *seen = calloc(N + 2, sizeof *seen);
    for (uint64_t x = 1; x < N; x++) {
        memset(seen, 0, (N + 2) * sizeof *seen);
        for (uint64_t y = 1; y <= x; y++)
            if (nb_gcd(x, y) == 1)
                seen[g[x - y]] = true;
        while (seen[g[x]])
            g[x]++;
    }
    nb_sequence seq;
    nb_err err = {0};
    ck_assert(nb_coprime_sequence(&solver, 0, N - 1, &seq, &err) == NB_OK);
    for (uint64_t x = 0; x < N; x++)
        ck_assert_msg(seq.values[x] == g[x], "heap %llu: %llu, by mex %llu",
                      (unsigned long long)x, (unsigned long long)seq.values[x],
                      (unsigned long long)g[x]);
    ck_assert(!seq.has_period);
    /* the examples: g(3)=2, g(5)=3, g(9)=2, g(15)=2, g(25)=3 */
    ck_assert(g[3] == 2 && g[5] == 3 && g[9] == 2 && g[15] == 2 && g[25] == 3);
    free(seq.values);
    free(seen);
    free(g);
}
END_TEST

/* Heaps past the sieve: least prime factors found by factoring, their indices counted
 * (pi(10^9) = 50847534, and 10^9 + 7 and 10^9 + 9 are the next two primes), the limit on
 * counting named, and every winning move leaving a loss. */
START_TEST(coprime_large_heaps)
{
    const struct { uint64_t x, value; } cases[] = {
        {1000000007ULL, 50847535}, {1000000007ULL * 1000000009ULL, 50847535},
        {1000000009ULL * 1000000009ULL, 50847536}, {3ULL * 2305843009213693951ULL, 2},
        {(1ULL << 62) + 2, 0}, {NB_COPRIME_SIEVE + 1ULL, 3} /* 4194305 = 5 * 838861 */,
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint64_t x = cases[c].x;
        nb_coprime_params p = {0};
        nb_game g = {&nb_coprime, &p, 1, &x};
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK, "%s", err.msg);
        ck_assert_msg(a.sg == cases[c].value, "heap %llu: %llu", (unsigned long long)x,
                      (unsigned long long)a.sg);
        nb_analysis_free(&a);
    }
    uint64_t prime = 2305843009213693951ULL; /* 2^61 - 1: past max_prime_count */
    nb_coprime_params p = {0};
    nb_game g = {&nb_coprime, &p, 1, &prime};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_prime_count"));
    expect_field(&err, 0, 0, NB_NO_INDEX, NB_NO_INDEX);
    for (int round = 0; round < 200; round++) {
        uint64_t h[3];
        static const uint64_t small[] = {3, 5, 7, 11, 13};
        for (int i = 0; i < 3; i++) /* odd heaps past the sieve with a factor below 14 */
            h[i] = small[rnd(5)] * (((uint64_t)random() << 27 ^ (uint64_t)random()) | 1);
        g = (nb_game){&nb_coprime, &p, 3, h};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 8, &a, &err) == NB_OK);
        for (size_t i = 0; i < a.moves.len; i++) {
            nb_move m = nb_movelist_at(&a.moves, i);
            ck_assert_uint_eq(nb_gcd(h[m.w[0]], m.w[1]), 1);
            uint64_t after[3] = {h[0], h[1], h[2]};
            after[m.w[0]] -= m.w[1];
            nb_game next = {&nb_coprime, &p, 3, after};
            nb_analysis b;
            ck_assert(nb_analyse(&solver, &next, NB_NORMAL, 0, &b, &err) == NB_OK);
            ck_assert_int_eq(b.verdict, NB_LOSE);
            nb_analysis_free(&b);
        }
        ck_assert(a.verdict == NB_LOSE || a.moves.len > 0);
        nb_analysis_free(&a);
    }
}
END_TEST

/* Large heaps' values are remembered on the thread (a game of many equal heaps factors
 * and counts once): the same values in any order, heaps sharing a slot told apart, equal
 * heaps in one game, and max_prime_count still holding for a heap already counted. */
START_TEST(coprime_remembered_heaps)
{
    static const uint64_t primes[] = {3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47};
    enum { HEAPS = 300, PRIMES = sizeof primes / sizeof *primes };
    uint64_t heaps[HEAPS], index[HEAPS];
    for (size_t i = 0; i < HEAPS; i++) { /* each odd, past the sieve, its least factor known */
        size_t k = rnd(PRIMES);
        uint64_t rest;
        do
            rest = (((uint64_t)random() << 31 ^ (uint64_t)random()) | 1) % (1ULL << 40) | 1;
        while (rest < NB_COPRIME_SIEVE || nb_least_prime_factor(rest) < primes[k]);
        heaps[i] = primes[k] * rest, index[i] = k + 2; /* pi(3) = 2 */
    }
    nb_coprime_params p = {0};
    nb_analysis a;
    nb_err err = {0};
    for (int pass = 0; pass < 2; pass++)
        for (size_t j = 0; j < HEAPS; j++) {
            size_t i = pass ? HEAPS - 1 - j : j;
            nb_game g = {&nb_coprime, &p, 1, &heaps[i]};
            ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 0, &a, &err) == NB_OK);
            ck_assert_msg(a.sg == index[i], "heap %llu: %llu, not %llu",
                          (unsigned long long)heaps[i], (unsigned long long)a.sg,
                          (unsigned long long)index[i]);
            nb_analysis_free(&a);
        }
    uint64_t equal[1001];
    for (size_t n = 1000; n <= 1001; n++) {
        for (size_t i = 0; i < n; i++)
            equal[i] = 1000000007ULL;
        nb_game g = {&nb_coprime, &p, n, equal};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 0, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.sg, n % 2 ? 50847535 : 0);
        nb_analysis_free(&a);
    }
    solver.limits.max_prime_count = 1000000000ULL; /* below 10^9 + 7, counted just now */
    nb_game g = {&nb_coprime, &p, 1, equal};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 0, &a, &err) == NB_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_prime_count=1000000000"));
}
END_TEST

/* The value of a Green Hackenbush graph on its edge list (ground 0). */
static uint64_t hackenbush_value(size_t nodes, const uint32_t *edges, size_t m)
{
    nb_hackenbush_params p = {nodes, m, edges, 0};
    uint64_t *state = malloc((m + 1) * sizeof *state);
    for (size_t e = 0; e < m; e++)
        state[e] = e;
    nb_game g = {&nb_hackenbush, &p, m, state};
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert(a.complete);
    uint64_t v = a.sg;
    nb_analysis_free(&a);
    free(state);
    return v;
}

/* Winning Ways ch. 7 and the seed notes: a stalk of n is worth n; the colon principle on
 * trees; an odd cycle on the ground is worth 1 and an even one 0 (fusion); a triangle on
 * a stalk is worth 2; loops are worth 1 each; a cactus with a branch on its cycle; and
 * what is not joined to the ground counts for nothing. */
START_TEST(hackenbush_literature)
{
    const uint32_t stalk[] = {0, 1, 1, 2, 2, 3};                       /* 3 */
    const uint32_t tree[] = {0, 1, 1, 2, 1, 3, 3, 4, 0, 5};            /* (1+(1^2))^1 = 5 */
    const uint32_t triangle[] = {0, 1, 1, 2, 2, 0};                    /* 1 */
    const uint32_t square[] = {0, 1, 1, 2, 2, 3, 3, 0};                /* 0 */
    const uint32_t on_stalk[] = {0, 1, 1, 2, 2, 3, 3, 1};              /* 1 + 1 = 2 */
    const uint32_t loops[] = {0, 0, 0, 0, 0, 0};                       /* 1 ^ 1 ^ 1 = 1 */
    const uint32_t cactus[] = {0, 1, 1, 2, 2, 3, 3, 1, 2, 4, 4, 5};    /* 1 + (1 ^ 2) = 4 */
    const uint32_t floating[] = {0, 1, 2, 3, 3, 4, 4, 2};              /* 1: the rest fell */
    const uint32_t parallel[] = {0, 1, 0, 1, 1, 2};                    /* 0 ^ (1+0) = 1 */
    ck_assert_uint_eq(hackenbush_value(4, stalk, 3), 3);
    ck_assert_uint_eq(hackenbush_value(6, tree, 5), 5);
    ck_assert_uint_eq(hackenbush_value(3, triangle, 3), 1);
    ck_assert_uint_eq(hackenbush_value(4, square, 4), 0);
    ck_assert_uint_eq(hackenbush_value(4, on_stalk, 4), 2);
    ck_assert_uint_eq(hackenbush_value(1, loops, 3), 1);
    ck_assert_uint_eq(hackenbush_value(6, cactus, 6), 4);
    ck_assert_uint_eq(hackenbush_value(5, floating, 4), 1);
    /* two parallel edges are a cycle of two: nodes 0 and 1 fuse, their two loops worth 0,
     * and the stalk hung on node 1 worth 1 */
    ck_assert_uint_eq(hackenbush_value(3, parallel, 3), 1);
    /* past max_work the edges inside cycles are not all re-solved: the list says so */
    solver.limits.max_work = 5;
    nb_hackenbush_params p = {3, 3, triangle, 0};
    uint64_t state[3] = {0, 1, 2};
    nb_game g = {&nb_hackenbush, &p, 3, state};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err) == NB_OK);
    ck_assert(!a.complete);
    nb_analysis_free(&a);
    solver.limits = nb_limits_default();
}
END_TEST

/* A large graph in linear time and no recursion: a path of 10^6 edges from the ground
 * (worth 10^6), and the same with a cycle closed at its far end. */
START_TEST(hackenbush_long_path)
{
    size_t n = 1000000;
    uint32_t *edges = malloc(2 * (n + 1) * sizeof *edges);
    for (size_t i = 0; i < n; i++)
        edges[2 * i] = (uint32_t)i, edges[2 * i + 1] = (uint32_t)i + 1;
    ck_assert_uint_eq(hackenbush_value(n + 1, edges, n), n);
    edges[2 * n] = (uint32_t)n, edges[2 * n + 1] = (uint32_t)n - 2; /* a triangle at the end */
    ck_assert_uint_eq(hackenbush_value(n + 1, edges, n + 1), n - 2 + 1);
    free(edges);
}
END_TEST

/* Graphs too large for the brute-force solver: the winning moves listed are exactly the
 * moves after which the position, analysed afresh, is worth 0. */
START_TEST(hackenbush_moves_by_reanalysis)
{
    for (int round = 0; round < 40; round++) {
        size_t n = 10 + rnd(40), m = n + rnd(2 * n);
        uint32_t *edges = malloc(2 * m * sizeof *edges);
        for (size_t e = 0; e < m; e++) /* mostly near each other: cycles and bridges */
            edges[2 * e] = (uint32_t)rnd(n), edges[2 * e + 1] = (uint32_t)((edges[2 * e] + rnd(4)) % n);
        nb_hackenbush_params p = {n, m, edges, rnd(n)};
        uint64_t *state = malloc(m * sizeof *state);
        for (size_t e = 0; e < m; e++)
            state[e] = e;
        nb_game g = {&nb_hackenbush, &p, m, state};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 1 << 20, &a, &err) == NB_OK);
        ck_assert(a.complete);
        size_t winning = 0;
        nb_state after = {0};
        for (size_t e = 0; e < m; e++) {
            uint64_t edge = e;
            nb_move mv = {.len = 1, .w = &edge};
            nb_state grounded = {0};
            nb_hackenbush_grounded(&g, state, m, &grounded);
            bool standing = false;
            for (size_t i = 0; i < grounded.len; i++)
                standing |= grounded.w[i] == e;
            free(grounded.w);
            if (!standing)
                continue;
            nb_hackenbush.apply(&g, &mv, &after);
            nb_game next = {&nb_hackenbush, &p, after.len, after.w};
            nb_analysis b;
            ck_assert(nb_analyse(&solver, &next, NB_NORMAL, 0, &b, &err) == NB_OK);
            bool listed = false;
            for (size_t i = 0; i < a.moves.len; i++)
                listed |= nb_movelist_at(&a.moves, i).w[0] == e;
            ck_assert_msg(listed == (b.sg == 0), "round %d edge %zu: listed %d, value after %llu",
                          round, e, listed, (unsigned long long)b.sg);
            winning += listed;
            nb_analysis_free(&b);
        }
        ck_assert_uint_eq(winning, a.moves.len);
        free(after.w);
        nb_analysis_free(&a);
        free(state);
        free(edges);
    }
}
END_TEST

#define EUCLID_SIDE 90

/* Euclid's game by a plain mex over every move, pairs 0..EUCLID_SIDE-1 (ordered). */
static void euclid_naive(uint64_t v[EUCLID_SIDE][EUCLID_SIDE])
{
    for (uint64_t sum = 0; sum < 2 * EUCLID_SIDE; sum++)
        for (uint64_t a = 0; a < EUCLID_SIDE; a++) {
            uint64_t b = sum - a;
            if (a > sum || b >= EUCLID_SIDE)
                continue;
            bool seen[2 * EUCLID_SIDE + 2] = {0};
            for (uint64_t k = 1; a && b && k * (a < b ? a : b) <= (a < b ? b : a); k++) {
                seen[a < b ? v[a][b - k * a] : v[a - k * b][b]] = true;
                if (a == b)
                    seen[v[a][0]] = true;
            }
            uint64_t m = 0;
            while (seen[m])
                m++;
            v[a][b] = m;
        }
}

START_TEST(euclid_values_by_mex)
{
    static uint64_t v[EUCLID_SIDE][EUCLID_SIDE];
    euclid_naive(v);
    for (uint64_t a = 0; a < EUCLID_SIDE; a++)
        for (uint64_t b = 0; b < EUCLID_SIDE; b++) {
            ck_assert_msg(nb_euclid_value(a, b) == v[a][b], "(%llu,%llu): %llu, mex %llu",
                          (unsigned long long)a, (unsigned long long)b,
                          (unsigned long long)nb_euclid_value(a, b), (unsigned long long)v[a][b]);
            /* every move to every value, and nothing else, from moves_to */
            uint64_t pair[2] = {a, b};
            nb_game g = {&nb_euclid, NULL, 2, pair};
            for (uint64_t t = 0; t <= v[a][b] + 1; t++) {
                nb_movelist out;
                nb_movelist_init(&out, 64);
                nb_err err = {0};
                ck_assert(nb_euclid.moves_to(&g, &solver, 0, t, &out, &err) == NB_OK);
                size_t expected = 0;
                for (uint64_t k = 1; a && b && k * (a < b ? a : b) <= (a < b ? b : a); k++)
                    expected += (a < b ? v[a][b - k * a] : v[a - k * b][b]) == t;
                if (a && a == b && t == 0)
                    expected++; /* (a, a) to (0, a) and to (a, 0) */
                ck_assert_uint_eq(out.len, expected);
                for (size_t i = 0; i < out.len; i++) {
                    nb_move m = nb_movelist_at(&out, i);
                    ck_assert_uint_lt(m.w[1], EUCLID_SIDE);
                    ck_assert_uint_eq(v[m.w[1]][m.w[2]], t);
                    ck_assert(m.w[1] == a || m.w[2] == b); /* one number changed */
                }
                nb_movelist_free(&out);
            }
        }
}
END_TEST

START_TEST(euclid_poj_2348)
{
    /* POJ 2348's samples: (34, 12) Stan (the first player) wins, (15, 24) Ollie. */
    ck_assert_uint_ne(nb_euclid_value(34, 12), 0);
    ck_assert_uint_eq(nb_euclid_value(15, 24), 0);
    /* Consecutive Fibonacci numbers (3, 2), (5, 3), ...: one move each, to the pair
     * before, so the values alternate 0, 1, 0, ... */
    uint64_t f0 = 1, f1 = 2;
    for (int k = 3; f1 <= (uint64_t)INT64_MAX - f0; k++) {
        ck_assert_uint_eq(nb_euclid_value(f1 + f0, f1), (uint64_t)((k + 1) % 2));
        uint64_t f2 = f0 + f1;
        f0 = f1, f1 = f2;
    }
    /* Near 2^63: a multiple wins at once; each winning move's pair is worth 0. */
    ck_assert_uint_eq(nb_euclid_value((uint64_t)INT64_MAX, 1), (uint64_t)INT64_MAX);
    for (int i = 0; i < 2000; i++) {
        uint64_t pair[2] = {1 + ((uint64_t)random() << 32 ^ (uint64_t)random()) % INT64_MAX,
                            1 + (uint64_t)random() % (i % 2 ? 1000 : INT32_MAX)};
        nb_game g = {&nb_euclid, NULL, 2, pair};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.sg, nb_euclid_value(pair[0], pair[1]));
        ck_assert_uint_eq(a.moves.len > 0, a.sg != 0);
        for (size_t k = 0; k < a.moves.len; k++) {
            nb_move m = nb_movelist_at(&a.moves, k);
            ck_assert_uint_eq(nb_euclid_value(m.w[1], m.w[2]), 0);
        }
        nb_analysis_free(&a);
        /* misère, one pair: a won pair's one winning move leaves a lost pair */
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 16, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.moves.len, a.verdict == NB_WIN);
        if (a.moves.len) {
            nb_move m = nb_movelist_at(&a.moves, 0);
            uint64_t after[2] = {m.w[1], m.w[2]};
            nb_game next = {&nb_euclid, NULL, 2, after};
            nb_analysis b;
            ck_assert(nb_analyse(&solver, &next, NB_MISERE, 16, &b, &err) == NB_OK);
            ck_assert_uint_eq(b.verdict, NB_LOSE);
            nb_analysis_free(&b);
        }
        nb_analysis_free(&a);
    }
}
END_TEST

#define DIVISOR_TOP 3000

/* Both divisor games by a plain mex over every divisor, numbers 1..DIVISOR_TOP; against
 * the closed forms, with every move to every value. */
START_TEST(divisor_values_by_mex)
{
    static uint64_t v[2][DIVISOR_TOP + 1];
    for (int rule = 0; rule < 2; rule++)
        for (uint64_t n = 1; n <= DIVISOR_TOP; n++) {
            bool seen[64] = {0};
            for (uint64_t d = 1; d < n; d++)
                if (n % d == 0)
                    seen[v[rule][rule == NB_DIVISOR_REPLACE ? d : n - d]] = true;
            while (seen[v[rule][n]])
                v[rule][n]++;
            nb_divisor_params p = {.rule = rule};
            uint64_t number = n;
            nb_game g = {&nb_divisor, &p, 1, &number};
            uint64_t sg;
            nb_err err = {0};
            ck_assert(nb_divisor.part_values(&g, &solver, &sg, &err) == NB_OK);
            ck_assert_msg(sg == v[rule][n], "rule %d, %llu: %llu, mex %llu", rule,
                          (unsigned long long)n, (unsigned long long)sg,
                          (unsigned long long)v[rule][n]);
            for (uint64_t t = 0; t <= sg + 2; t++) {
                nb_movelist out;
                nb_movelist_init(&out, 4096);
                ck_assert(nb_divisor.moves_to(&g, &solver, 0, t, &out, &err) == NB_OK);
                size_t expected = 0;
                for (uint64_t d = 1; d < n; d++)
                    expected += n % d == 0 && v[rule][rule == NB_DIVISOR_REPLACE ? d : n - d] == t;
                ck_assert_uint_eq(out.len, expected);
                for (size_t i = 0; i < out.len; i++) {
                    nb_move m = nb_movelist_at(&out, i);
                    uint64_t to = n - m.w[1];
                    ck_assert(rule == NB_DIVISOR_REPLACE ? n % to == 0 : n % m.w[1] == 0);
                    ck_assert_uint_eq(v[rule][to], t);
                }
                nb_movelist_free(&out);
            }
        }
}
END_TEST

/* Numbers near 2^63: values by the closed forms, each winning move re-valued, misère
 * play of one number's winning move re-analysed. */
START_TEST(divisor_large)
{
    ck_assert_uint_eq(nb_prime_factor_count(1ull << 62), 62);
    ck_assert_uint_eq(nb_prime_factor_count(720720), 10); /* 2^4 3^2 5 7 11 13 */
    ck_assert_uint_eq(nb_prime_factor_count(9223372036854775783ull), 1); /* prime */
    ck_assert_uint_eq(nb_prime_factor_count(3037000493ull * 3037000453ull), 2);
    for (int i = 0; i < 400; i++)
        for (int rule = 0; rule < 2; rule++) {
            uint64_t n = 1 + (((uint64_t)random() << 32 ^ (uint64_t)random()) >> 1) % INT64_MAX;
            if (i % 4 == 0)
                n = (n >> 20) << 20; /* many small factors, many divisors */
            nb_divisor_params p = {.rule = rule};
            nb_game g = {&nb_divisor, &p, 1, &n};
            for (int conv = 0; conv < 2; conv++) {
                nb_analysis a;
                nb_err err = {0};
                ck_assert(nb_analyse(&solver, &g, conv ? NB_MISERE : NB_NORMAL, 64, &a, &err) == NB_OK);
                ck_assert_uint_eq(a.moves.len > 0, a.verdict == NB_WIN);
                for (size_t k = 0; k < a.moves.len; k++) {
                    nb_move m = nb_movelist_at(&a.moves, k);
                    uint64_t after = n - m.w[1];
                    nb_game next = {&nb_divisor, &p, 1, &after};
                    nb_analysis b;
                    ck_assert(nb_analyse(&solver, &next, conv ? NB_MISERE : NB_NORMAL, 1, &b, &err) == NB_OK);
                    ck_assert_uint_eq(b.verdict, NB_LOSE);
                    nb_analysis_free(&b);
                }
                if (!conv)
                    ck_assert_uint_eq(a.sg, rule == NB_DIVISOR_REPLACE ? nb_prime_factor_count(n)
                                                                       : (uint64_t)__builtin_ctzll(n));
                nb_analysis_free(&a);
            }
        }
}
END_TEST

/* Wythoff's P-positions by the Beatty recurrence (OEIS A000201 and A001950): A(n) is the
 * least number in neither sequence so far, B(n) = A(n) + n. Then floor(k phi) exactly, at
 * every scale, by its defining inequality (2A - k)^2 < 5k^2 < (2A + 2 - k)^2. */
START_TEST(wythoff_beatty)
{
    enum { K = 10000 };
    static bool used[3 * K];
    uint64_t next = 1;
    for (uint64_t k = 1; k <= K; k++) {
        while (used[next])
            next++;
        ck_assert_uint_eq(nb_wythoff_lower(k), next);
        used[next] = used[next + k] = true;
    }
    ck_assert_uint_eq(nb_wythoff_lower(1000), 1618); /* A000201(1000) */
    for (int i = 0; i < 100000; i++) {
        uint64_t k = 1 + (((uint64_t)random() << 31 ^ (uint64_t)random()) >> (i % 40)) % (1ull << 61);
        unsigned __int128 a = nb_wythoff_lower(k), five = (unsigned __int128)5 * k * k;
        unsigned __int128 lo = 2 * a - k, hi = 2 * a + 2 - k;
        ck_assert(lo * lo < five && five < hi * hi);
    }
}
END_TEST

#define WYTHOFF_SIDE 48

/* Every pile below WYTHOFF_SIDE: the table against a plain mex, one pile's verdict and
 * winning moves (both conventions) against the values and an exhaustive misère search. */
START_TEST(wythoff_small_piles)
{
    static uint64_t v[WYTHOFF_SIDE][WYTHOFF_SIDE];
    static bool misere_lost[WYTHOFF_SIDE][WYTHOFF_SIDE];
    for (int a = 0; a < WYTHOFF_SIDE; a++)
        for (int b = 0; b < WYTHOFF_SIDE; b++) {
            bool seen[4 * WYTHOFF_SIDE] = {0}, to_lost = false, any = false;
            for (int x = 1; x <= a || x <= b; x++) {
                if (x <= a)
                    seen[v[a - x][b]] = true, to_lost |= misere_lost[a - x][b], any = true;
                if (x <= b)
                    seen[v[a][b - x]] = true, to_lost |= misere_lost[a][b - x];
                if (x <= a && x <= b)
                    seen[v[a - x][b - x]] = true, to_lost |= misere_lost[a - x][b - x];
            }
            while (seen[v[a][b]])
                v[a][b]++;
            misere_lost[a][b] = (any || b > 0) && !to_lost;
        }
    uint64_t *grid;
    nb_err err = {0};
    ck_assert(nb_wythoff_grid(&solver, WYTHOFF_SIDE - 1, WYTHOFF_SIDE - 1, &grid, &err) == NB_OK);
    for (int a = 0; a < WYTHOFF_SIDE; a++)
        for (int b = 0; b < WYTHOFF_SIDE; b++) {
            ck_assert_uint_eq(grid[a * WYTHOFF_SIDE + b], v[a][b]);
            for (int conv = 0; conv < 2; conv++) {
                nb_wythoff_params p = {0};
                uint64_t pile[2] = {(uint64_t)a, (uint64_t)b};
                nb_game g = {&nb_wythoff, &p, 2, pile};
                nb_analysis an;
                ck_assert(nb_analyse(&solver, &g, conv ? NB_MISERE : NB_NORMAL, 8, &an, &err) == NB_OK);
                bool lost = conv ? misere_lost[a][b] : v[a][b] == 0;
                ck_assert_msg(an.verdict == (lost ? NB_LOSE : NB_WIN), "(%d,%d) conv %d", a, b, conv);
                size_t wins = 0;
                for (int x = 1; x <= a || x <= b; x++) {
                    uint64_t to[3][2] = {{a - x, b}, {a, b - x}, {a - x, b - x}};
                    bool legal[3] = {x <= a, x <= b, x <= a && x <= b};
                    for (int k = 0; k < 3; k++)
                        wins += legal[k] && (conv ? misere_lost[to[k][0]][to[k][1]] : !v[to[k][0]][to[k][1]]);
                }
                ck_assert_uint_eq(an.moves.len, lost ? 0 : wins);
                for (size_t k = 0; k < an.moves.len; k++) {
                    nb_move m = nb_movelist_at(&an.moves, k);
                    uint64_t x = a - m.w[1], y = b - m.w[2];
                    ck_assert(conv ? misere_lost[x][y] : v[x][y] == 0);
                }
                if (!conv)
                    ck_assert_uint_eq(an.sg, v[a][b]);
                nb_analysis_free(&an);
            }
        }
    free(grid);
}
END_TEST

/* Whether (a, b) is a P-position, by A alone (checked by its inequality above): the
 * smaller number is A of the difference; under misère play (0, 1) and (2, 2) for (1, 2)
 * and (0, 0). */
static bool wythoff_p(uint64_t a, uint64_t b, bool misere)
{
    uint64_t lo = a < b ? a : b, d = a < b ? b - a : a - b;
    if (misere && lo <= 2)
        return (lo == 0 && d == 1) || (lo == 2 && d == 0);
    return nb_wythoff_lower(d) == lo;
}

START_TEST(wythoff_large_piles)
{
    /* POJ 1067's samples: (2, 1) and (4, 7) lost, (8, 4) won */
    uint64_t cases[3][3] = {{2, 1, NB_LOSE}, {8, 4, NB_WIN}, {4, 7, NB_LOSE}};
    for (int c = 0; c < 3; c++) {
        nb_wythoff_params p = {0};
        nb_game g = {&nb_wythoff, &p, 2, cases[c]};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 8, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.verdict, cases[c][2]);
        nb_analysis_free(&a);
    }
    /* piles near 2^63 and P-positions (A(k), B(k)) there: every winning move leaves a lost
     * pile, a lost pile has none, in both conventions */
    for (int i = 0; i < 3000; i++) {
        uint64_t k = 1 + (((uint64_t)random() << 33 ^ (uint64_t)random()) % (3ull << 60));
        if (i % 5 == 0) /* B(k) near 2^63, past 2^64 / sqrt(5) */
            k = 3500000000000000000ull - (uint64_t)random() % 1000;
        uint64_t pile[2] = {nb_wythoff_lower(k), nb_wythoff_lower(k) + k};
        if (i % 3)
            pile[i % 2] -= (uint64_t)random() % 1000;
        for (int conv = 0; conv < 2; conv++) {
            nb_wythoff_params p = {0};
            nb_game g = {&nb_wythoff, &p, 2, pile};
            nb_analysis a;
            nb_err err = {0};
            ck_assert(nb_analyse(&solver, &g, conv ? NB_MISERE : NB_NORMAL, 8, &a, &err) == NB_OK);
            ck_assert_uint_eq(a.moves.len > 0, a.verdict == NB_WIN);
            ck_assert_uint_eq(a.verdict, wythoff_p(pile[0], pile[1], conv) ? NB_LOSE : NB_WIN);
            if (i % 3 == 0)
                ck_assert_uint_eq(a.verdict, NB_LOSE);
            for (size_t m = 0; m < a.moves.len; m++) {
                nb_move mv = nb_movelist_at(&a.moves, m);
                uint64_t after[2] = {pile[0] - mv.w[1], pile[1] - mv.w[2]};
                ck_assert(wythoff_p(after[0], after[1], conv));
                nb_game next = {&nb_wythoff, &p, 2, after};
                nb_analysis b;
                ck_assert(nb_analyse(&solver, &next, conv ? NB_MISERE : NB_NORMAL, 1, &b, &err) == NB_OK);
                ck_assert_uint_eq(b.verdict, NB_LOSE);
                nb_analysis_free(&b);
            }
            nb_analysis_free(&a);
        }
    }
}
END_TEST

/* One heap n with limit word r under multiplier k, analysed with room for every move. */
static nb_status fib_analyse(uint64_t k, uint64_t n, uint64_t r, nb_convention conv,
                             nb_analysis *a, nb_err *err)
{
    nb_fibonacci_params p = {.k = k};
    uint64_t heap[2] = {n, r};
    nb_game g = {&nb_fibonacci, &p, 2, heap};
    return nb_analyse(&solver, &g, conv, 128, a, err);
}

#define FIB_N 160

/* Every heap below FIB_N with every limit, k = 1..4: the table against a plain mex, the
 * theorem's verdict and winning moves against it (normal play, with the value), and
 * misère play below 24 against a plain recursion. */
START_TEST(fibonacci_small_heaps)
{
    static uint64_t v[FIB_N][FIB_N];
    static bool mlost[FIB_N][FIB_N];
    for (uint64_t k = 1; k <= 4; k++) {
        for (uint64_t n = 0; n < FIB_N; n++)
            for (uint64_t r = 0; r <= n; r++) {
                bool seen[FIB_N + 1] = {0}, to_lost = false;
                for (uint64_t t = 1; t <= r; t++) {
                    uint64_t left = n - t, lim = k * t < left ? k * t : left;
                    seen[v[left][lim]] = true;
                    to_lost |= mlost[left][lim];
                }
                for (v[n][r] = 0; seen[v[n][r]]; v[n][r]++)
                    ;
                mlost[n][r] = r > 0 && !to_lost; /* no move: the player to move wins */
            }
        uint64_t *rows;
        nb_err err = {0};
        ck_assert(nb_fibonacci_rows(&solver, k, 0, FIB_N - 1, &rows, &err) == NB_OK);
        for (uint64_t n = 0, at = 0; n < FIB_N; n++)
            for (uint64_t r = 0; r <= n; r++)
                ck_assert_uint_eq(rows[at++], v[n][r]);
        free(rows);
        for (uint64_t n = 0; n < FIB_N; n++)
            for (uint64_t r = 0; r <= n + 1; r++) {
                uint64_t word = r == n + 1 ? NB_FIB_FIRST : r, most = r == n + 1 ? (n ? n - 1 : 0) : r;
                for (int conv = 0; conv < (n < 24 ? 2 : 1); conv++) {
                    nb_analysis a;
                    ck_assert(fib_analyse(k, n, word, conv ? NB_MISERE : NB_NORMAL, &a, &err) == NB_OK);
                    bool lost = conv ? mlost[n][most] : v[n][most] == 0;
                    ck_assert_msg(a.verdict == (lost ? NB_LOSE : NB_WIN), "k %llu (%llu,%llu) conv %d",
                                  (unsigned long long)k, (unsigned long long)n, (unsigned long long)r, conv);
                    size_t wins = 0;
                    for (uint64_t t = 1; t <= most; t++) {
                        uint64_t left = n - t, lim = k * t < left ? k * t : left;
                        wins += conv ? mlost[left][lim] : v[left][lim] == 0;
                    }
                    ck_assert_uint_eq(a.moves.len, wins);
                    for (size_t i = 0; i < a.moves.len; i++) {
                        nb_move m = nb_movelist_at(&a.moves, i);
                        uint64_t left = n - m.w[1], lim = k * m.w[1] < left ? k * m.w[1] : left;
                        ck_assert(conv ? mlost[left][lim] : v[left][lim] == 0);
                    }
                    if (!conv)
                        ck_assert_uint_eq(a.sg, v[n][most]);
                    nb_analysis_free(&a);
                }
            }
    }
}
END_TEST

/* Whether heap n with room for r is lost, by Zeckendorf's representation (k = 2: the
 * Fibonacci numbers 1, 2, 3, 5, ...) or by binary (k = 1), computed here apart from the
 * library: lost exactly when the smallest term is past r. */
static bool fib_lost_by_hand(uint64_t k, uint64_t n, uint64_t r)
{
    if (k == 1)
        return n == 0 || (n & -n) > r;
    uint64_t f[100] = {1, 2}, smallest = 0;
    size_t count = 2;
    while (f[count - 1] <= n - f[count - 2])
        f[count] = f[count - 1] + f[count - 2], count++;
    for (size_t i = count; i-- > 0;)
        if (f[i] <= n)
            n -= f[i], smallest = f[i];
    return smallest == 0 || smallest > r;
}

START_TEST(fibonacci_large_heaps)
{
    /* HDU 2516's samples: 2 and 13 lost for the first player, 10000 won */
    uint64_t cases[3][2] = {{2, NB_LOSE}, {13, NB_LOSE}, {10000, NB_WIN}};
    nb_err err = {0};
    for (int c = 0; c < 3; c++) {
        nb_analysis a;
        ck_assert(fib_analyse(2, cases[c][0], NB_FIB_FIRST, NB_NORMAL, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.verdict, cases[c][1]);
        nb_analysis_free(&a);
    }
    /* every Fibonacci number below 2^63 is lost as a first move, the next number won
     * (from 3 on: 3 = 2 + 1 is one too) */
    for (uint64_t f0 = 1, f1 = 2; f1 <= NB_HEAP_MAX - 1; f1 += f0, f0 = f1 - f0) {
        nb_analysis a, b;
        ck_assert(fib_analyse(2, f1, NB_FIB_FIRST, NB_NORMAL, &a, &err) == NB_OK);
        ck_assert(fib_analyse(2, f1 + 1, NB_FIB_FIRST, NB_NORMAL, &b, &err) == NB_OK);
        ck_assert_uint_eq(a.verdict, NB_LOSE);
        ck_assert_uint_eq(b.verdict, (f1 >= 3 ? NB_WIN : NB_LOSE));
        nb_analysis_free(&a);
        nb_analysis_free(&b);
        if (f1 > NB_HEAP_MAX - f0)
            break;
    }
    /* heaps near 2^63 with any limit: the verdict against the representation (k = 1, 2),
     * every winning move re-analysed (k = 1, 2, 3, 7, 1000) */
    const uint64_t ks[5] = {1, 2, 3, 7, 1000};
    for (int i = 0; i < 3000; i++) {
        uint64_t k = ks[i % 5], n = NB_HEAP_MAX - rnd(1ull << 62) * (i % 2) - rnd(1000);
        uint64_t r = i % 7 == 0 ? NB_FIB_FIRST : i % 3 ? rnd(1000000) : rnd(NB_HEAP_MAX);
        nb_analysis a;
        ck_assert(fib_analyse(k, n, r, NB_NORMAL, &a, &err) == NB_OK);
        ck_assert_uint_eq(a.moves.len > 0, a.verdict == NB_WIN);
        if (k <= 2)
            ck_assert_uint_eq(a.verdict, fib_lost_by_hand(k, n, r == NB_FIB_FIRST ? n - 1 : r)
                                             ? NB_LOSE : NB_WIN);
        for (size_t m = 0; m < a.moves.len; m++) {
            nb_move mv = nb_movelist_at(&a.moves, m);
            uint64_t t = mv.w[1], lim = t > NB_HEAP_MAX / k ? NB_HEAP_MAX : k * t;
            ck_assert(t >= 1 && t <= (r == NB_FIB_FIRST ? n - 1 : r));
            nb_analysis b;
            ck_assert(fib_analyse(k, n - t, lim, NB_NORMAL, &b, &err) == NB_OK);
            ck_assert_uint_eq(b.verdict, NB_LOSE);
            if (k <= 2)
                ck_assert(fib_lost_by_hand(k, n - t, lim));
            nb_analysis_free(&b);
        }
        nb_analysis_free(&a);
    }
}
END_TEST

int main(void)
{
    const lib_case cases[] = {
        {"nim_huge", nim_huge_heaps, false},
        {"staircase_misere", staircase_misere, false},
        {"bash_rule", bash_seed_rule, false},
        {"subtraction_period", subtraction_period_matches_naive, true},
        {"subtraction_literature", subtraction_literature, false},
        {"subtraction_page", subtraction_page, false},
        {"subtraction_past_table", subtraction_past_table, false},
        {"moore_large", moore_large, false},
        {"cutting_poj", cutting_poj_2311, false},
        {"dag_long_path", dag_long_path, true},
        {"dag_large_values", dag_large_values, true},
        {"dag_wide_ids", dag_wide_ids, true},
        {"coprime_values", coprime_values_by_mex, false},
        {"euclid_values", euclid_values_by_mex, false},
        {"euclid_poj", euclid_poj_2348, false},
        {"divisor_values", divisor_values_by_mex, false},
        {"divisor_large", divisor_large, false},
        {"wythoff_beatty", wythoff_beatty, false},
        {"wythoff_small", wythoff_small_piles, false},
        {"wythoff_large", wythoff_large_piles, false},
        {"fibonacci_small", fibonacci_small_heaps, false},
        {"fibonacci_large", fibonacci_large_heaps, false},
        {"coprime_large", coprime_large_heaps, false},
        {"coprime_remembered", coprime_remembered_heaps, false},
        {"hackenbush_literature", hackenbush_literature, false},
        {"hackenbush_moves", hackenbush_moves_by_reanalysis, false},
        {"dag_hackenbush_long_path", hackenbush_long_path, true},
    };
    srandom(20261122);
    return check_run(lib_suite("games", cases, sizeof cases / sizeof *cases), true);
}
