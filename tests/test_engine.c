/* test_engine.c - the engine's fixed cases: part values as components, searches of many
 * heaps and of games with cycles, canonical forms, Smith's rule on sums of loopy parts,
 * sums' moves, and every error path with the field and limit it names. Random positions
 * of every type are test_registry's; the rulesets' own fixed cases are test_games'. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_run.h"
#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_search.h"
#include "engine/nb_strength.h"
#include "engine/nb_sum.h"
#include "games/nb_bash.h"
#include "games/nb_coprime.h"
#include "games/nb_cutting.h"
#include "games/nb_dag.h"
#include "games/nb_hackenbush.h"
#include "games/nb_moore.h"
#include "games/nb_nim.h"
#include "games/nb_staircase.h"
#include "games/nb_subtraction.h"
#include "lib_fixture.h"

/* Each heap's component value is the SG value of that heap alone. */
static void check_heap_components(nb_game *g)
{
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, g, NB_NORMAL, 0, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.ncomponents, g->len);
    ck_assert(nb_game_open(&solver, g, &err) == NB_OK);
    brute *b = brute_new(g, false);
    for (size_t i = 0; i < g->len; i++) {
        ck_assert(a.components[i].has_sg);
        ck_assert_uint_eq(a.components[i].sg, brute_value(b, &g->state[i], 1));
    }
    brute_free(b);
    nb_game_close(&solver, g);
    nb_analysis_free(&a);
}

static void random_heaps(uint64_t *h, size_t *len, size_t max_len, uint64_t max_heap)
{
    *len = 1 + rnd(max_len);
    for (size_t i = 0; i < *len; i++)
        h[i] = rnd(max_heap + 1);
}

START_TEST(heap_components)
{
    for (int round = 0; round < 300; round++) {
        uint64_t h[8];
        nb_bash_params bp = {1 + rnd(4)};
        nb_subtraction_params sp = {0};
        random_set(&sp, 4, 8);
        nb_game games[3] = {{&nb_nim, NULL, 0, h}, {&nb_bash, &bp, 0, h},
                            {&nb_subtraction, &sp, 0, h}};
        nb_game *g = &games[round % 3];
        random_heaps(h, &g->len, 4, 14);
        check_heap_components(g);
    }
}
END_TEST

/* Searched positions past 16 heaps (where the canonical form once went to qsort), most
 * heaps empty so that the brute-force solver, which keeps heaps in place, can follow. */
START_TEST(search_many_heaps)
{
    for (int round = 0; round < 60; round++) {
        uint64_t h[24] = {0};
        size_t len = 17 + rnd(24 - 16);
        for (int k = 0; k < 8; k++)
            h[rnd(len)] = 1 + rnd(2);
        nb_subtraction_params sp = {0};
        random_set(&sp, 3, 3);
        nb_moore_params mp = {.k = 1 + rnd(3)};
        nb_game g = round % 2 ? (nb_game){&nb_subtraction, &sp, len, h}
                              : (nb_game){&nb_moore, &mp, len, h};
        brute_check(&solver, &g, NB_MISERE, round % 2 ? "subtraction" : "moore");
    }
}
END_TEST

/* The canonical form of heaps is their sorted order, whether a few entries of a sorted
 * state changed (a move), or all are in disorder (a client's, long enough to leave the
 * insertion sort for qsort). */
START_TEST(heaps_canonical_sorts)
{
    enum { MAX_LEN = 400 };
    uint64_t state[MAX_LEN], want[MAX_LEN];
    for (int round = 0; round < 20000; round++) {
        size_t len = rnd(MAX_LEN + 1);
        uint64_t range = 1 + rnd(round % 3 ? 1000 : 4);
        for (size_t i = 0; i < len; i++)
            state[i] = rnd(range);
        int shape = round % 4; /* 0: random; 1: reversed; 2, 3: sorted, then a few changed */
        if (shape)
            qsort(state, len, sizeof *state, nb_cmp_u64);
        if (shape == 1)
            for (size_t i = 0; i < len / 2; i++) {
                uint64_t t = state[i];
                state[i] = state[len - 1 - i], state[len - 1 - i] = t;
            }
        for (int k = shape >= 2 && len ? (int)rnd(4) : 0; k > 0; k--)
            state[rnd(len)] = rnd(range);
        memcpy(want, state, len * sizeof *state);
        qsort(want, len, sizeof *want, nb_cmp_u64);
        nb_game g = {&nb_nim, NULL, len, state};
        nb_nim.canonicalize(&g, state, len);
        ck_assert_msg(!memcmp(state, want, len * sizeof *state), "round %d (len %zu, shape %d)",
                      round, len, shape);
    }
}
END_TEST

START_TEST(errors_name_field_and_limit)
{
    nb_analysis a;
    nb_err err = {0};
    uint64_t h[3] = {1, (uint64_t)INT64_MAX + 1, 2};
    nb_game g = {&nb_nim, NULL, 3, h};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 0, 1, NB_NO_INDEX, NB_NO_INDEX);
    solver.limits.max_parts = 2;
    h[1] = 0;
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_parts=2"));
    solver.limits = nb_limits_default();

    nb_bash_params bp = {0};
    g = (nb_game){&nb_bash, &bp, 1, h};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 1, NB_NO_INDEX, NB_NO_INDEX, NB_NO_INDEX);

    nb_subtraction_params sp = {.nset = 3, .set = {1, 2000000, 3}};
    g = (nb_game){&nb_subtraction, &sp, 1, h};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 1, 1, NB_NO_INDEX, NB_NO_INDEX);
    sp.set[1] = 3;
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 1, 2, NB_NO_INDEX, NB_NO_INDEX); /* the second 3 */

    uint64_t stairs[2] = {(uint64_t)INT64_MAX, 1};
    g = (nb_game){&nb_staircase, NULL, 2, stairs};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);

    nb_cutting_params kp = {0};
    uint64_t piece[2] = {3, 1001};
    g = (nb_game){&nb_cutting, &kp, 2, piece};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_ELIMIT);
    expect_field(&err, 0, 0, 1, NB_NO_INDEX);
    piece[1] = 3;
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &a, &err) == NB_EUNDEFINED);

    uint32_t edges[2] = {0, 5};
    nb_dag_params dp = {.nodes = 3, .nedges = 1, .edges = edges};
    uint64_t token = 0;
    g = (nb_game){&nb_dag, &dp, 1, &token};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 2, 0, 1, NB_NO_INDEX);

    /* misère search over its state limit (staircase Nim has no misère rule) */
    uint64_t big[6] = {30, 30, 30, 30, 30, 30};
    g = (nb_game){&nb_staircase, NULL, 6, big};
    solver.limits.max_states = 1000;
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &a, &err) == NB_ELIMIT);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_states"));

    /* an error inside a sum points into the component */
    uint64_t one = 1;
    nb_game parts[2] = {{&nb_nim, NULL, 1, &one}, {&nb_bash, &bp, 1, &one}};
    nb_sum_params sum = {.count = 2, .games = parts};
    g = (nb_game){&nb_sum, &sum, 0, NULL};
    g.state = nb_sum_state(&sum, &g.len);
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_EINVAL);
    expect_field(&err, 1, NB_NO_INDEX, NB_NO_INDEX, 1);
    free(g.state);
}
END_TEST

/* A loopy game for the tests alone: tokens on the graph 0 <-> 1, 2 -> 0, 2 -> 3, one part
 * per token, a move {token, from, to}. Its generalized SG values (Smith; Fraenkel), worked
 * by hand: 3 is a sink, 0; 0 and 1 only reach each other, infinite with K = {}; 2 reaches
 * the sink and the cycle, infinite with K = {0}. */
static const uint32_t loop_succ[4][2] = {{1, 1}, {0, 0}, {0, 3}, {0, 0}};
static const unsigned loop_nsucc[4] = {1, 1, 2, 0};
static const uint64_t loop_gamma[4] = {NB_SG_LOOPY, NB_SG_LOOPY, NB_SG_LOOPY, 0};

static nb_status loop_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    (void)s;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > 3)
            return nb_fail_field(err, NB_EINVAL, 0, i, NB_NO_INDEX, "names no node");
    return NB_OK;
}

static void loop_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[m->w[0]] = m->w[2];
}

static nb_status loop_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t i = 0; i < g->len; i++)
        sg[i] = loop_gamma[g->state[i]];
    return NB_OK;
}

static void loop_followers(const nb_game *g, size_t part, uint64_t **k, size_t *nk)
{
    uint64_t u = g->state[part];
    *k = malloc(2 * sizeof **k);
    *nk = 0;
    for (unsigned e = 0; e < loop_nsucc[u]; e++)
        if (loop_gamma[loop_succ[u][e]] != NB_SG_LOOPY)
            (*k)[(*nk)++] = loop_gamma[loop_succ[u][e]];
}

static nb_status loop_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                              void *ctx, nb_err *err)
{
    (void)s, (void)err;
    uint64_t u = g->state[part];
    for (unsigned e = 0; e < loop_nsucc[u]; e++) {
        uint64_t w[3] = {part, u, loop_succ[u][e]};
        if (!fn(ctx, &(nb_move){.len = 3, .w = w}, loop_gamma[w[2]]))
            break;
    }
    return NB_OK;
}

static nb_status loop_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                               nb_movelist *out, nb_err *err)
{
    nb_target_filter filter = {target, out};
    return loop_options(g, s, part, nb_keep_if_target, &filter, err);
}

static void loop_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state after = {0};
    for (size_t t = 0; t < g->len; t++) {
        uint64_t u = g->state[t];
        for (unsigned e = 0; e < loop_nsucc[u]; e++) {
            uint64_t w[3] = {t, u, loop_succ[u][e]};
            nb_move m = {.len = 3, .w = w};
            loop_apply(g, &m, &after);
            if (!fn(ctx, &m, after.w, after.len))
                goto done;
        }
    }
done:
    free(after.w);
}

static const nb_ruleset loop_rules = {
    .name = "loop",
    .check = loop_check,
    .apply = loop_apply,
    .part_count = nb_heaps_part_count,
    .part_values = loop_values,
    .loopy_followers = loop_followers,
    .moves_to = loop_moves_to,
    .options = loop_options,
    .each_move = loop_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
};

/* The search with cycles: outcomes and remoteness of one token, by retrograde analysis. */
START_TEST(search_draws)
{
    const struct { uint64_t node; nb_convention conv; nb_verdict v; uint64_t rem; } cases[] = {
        {3, NB_NORMAL, NB_LOSE, 0}, {2, NB_NORMAL, NB_WIN, 1}, {0, NB_NORMAL, NB_DRAW, 0},
        {1, NB_NORMAL, NB_DRAW, 0}, {3, NB_MISERE, NB_WIN, 0}, {2, NB_MISERE, NB_DRAW, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        uint64_t token = cases[c].node;
        nb_game g = {&loop_rules, NULL, 1, &token};
        nb_search *search;
        nb_err err = {0};
        ck_assert(nb_search_run(&g, cases[c].conv, 100, NULL, &search, &err) == NB_OK);
        ck_assert_int_eq(nb_search_outcome(search, 0), cases[c].v);
        ck_assert_uint_eq(nb_search_remoteness(search, 0), cases[c].rem);
        ck_assert(nb_search_has_sg(search, 0) == (cases[c].conv == NB_NORMAL && token == 3));
        nb_search_free(search);
    }
    /* misère from 2: the only move that does not lose keeps the draw (2 -> 0) */
    uint64_t token = 2;
    nb_game g = {&loop_rules, NULL, 1, &token};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 16, &a, &err) == NB_OK);
    ck_assert_int_eq(a.verdict, NB_DRAW);
    ck_assert_uint_eq(a.moves.len, 0);
    ck_assert_uint_eq(a.drawing.len, 1);
    ck_assert_uint_eq(nb_movelist_at(&a.drawing, 0).w[2], 0);
    nb_analysis_free(&a);
}
END_TEST

/* Sums of loopy parts by Smith's rule against the retrograde analysis of the whole sum,
 * for every pair of tokens; the components carry their K. */
START_TEST(loopy_sums)
{
    for (uint64_t x = 0; x < 4; x++)
        for (uint64_t y = 0; y < 4; y++) {
            uint64_t tokens[2] = {x, y};
            nb_game g = {&loop_rules, NULL, 2, tokens};
            nb_search *search;
            nb_err err = {0};
            ck_assert(nb_search_run(&g, NB_NORMAL, 100, NULL, &search, &err) == NB_OK);
            nb_analysis a;
            ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
            ck_assert_msg(a.verdict == nb_search_outcome(search, 0), "tokens %llu, %llu",
                          (unsigned long long)x, (unsigned long long)y);
            ck_assert(a.has_sg == (x == 3 && y == 3));
            ck_assert(a.components[0].loopy == (x != 3));
            if (x == 2)
                ck_assert(a.components[0].nfollowers == 1 && a.components[0].followers[0] == 0);
            for (size_t i = 0; i < a.moves.len; i++) { /* each winning move leaves a loss */
                nb_move m = nb_movelist_at(&a.moves, i);
                uint64_t after[2] = {x, y};
                after[m.w[0]] = m.w[2];
                ck_assert_int_eq(nb_search_outcome(search, nb_search_find(search, after, 2)),
                                 NB_LOSE);
            }
            ck_assert(a.verdict != NB_WIN || a.moves.len > 0);
            nb_analysis_free(&a);
            nb_search_free(search);
        }
}
END_TEST

START_TEST(sum_moves_in_right_component)
{
    /* nim 3 + bash(k=3) 6: values 3 and 2, X = 1. Winning: nim take 1 (3 -> 2), and
     * bash take 3, which raises its value from 2 to 3. */
    nb_bash_params bp = {3};
    uint64_t three = 3, six = 6;
    nb_game parts[2] = {{&nb_nim, NULL, 1, &three}, {&nb_bash, &bp, 1, &six}};
    nb_sum_params sum = {.count = 2, .games = parts};
    nb_game g = {&nb_sum, &sum, 0, NULL};
    g.state = nb_sum_state(&sum, &g.len);
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, 1);
    ck_assert_uint_eq(a.ncomponents, 2);
    ck_assert_uint_eq(a.components[0].sg, 3);
    ck_assert_uint_eq(a.components[1].sg, 2);
    ck_assert_uint_eq(a.moves.len, 2);
    nb_move m0 = nb_movelist_at(&a.moves, 0), m1 = nb_movelist_at(&a.moves, 1);
    ck_assert_uint_eq(m0.component, 0);
    ck_assert_uint_eq(m0.w[1], 1);
    ck_assert_uint_eq(m1.component, 1);
    ck_assert_uint_eq(m1.w[1], 3);
    nb_analysis_free(&a);
    free(g.state);
}
END_TEST

/* Whether the Nim position after move m of heaps (n of them) is lost: its XOR is 0. */
static bool nim_leaves_lost(const uint64_t *heaps, size_t n, nb_move m)
{
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++)
        x ^= i == m.w[0] ? heaps[i] - m.w[1] : heaps[i];
    return x == 0;
}

/* Play at each strength on won Nim positions (checked by Bouton's theorem): perfect always
 * wins; the same seed plays the same move; over 400 seeds, strong and casual give the win
 * away about as often as they say (10 and 40 in 100: 2.5 to 19%, 28 to 52%), random about
 * as often as the share of losing moves; from a lost position every strength moves. */
START_TEST(play_at_strengths)
{
    uint64_t heaps[5] = {3, 4, 5, 6, 7}; /* XOR 1: won, one winning move in many */
    nb_game g = {&nb_nim, NULL, 5, heaps};
    nb_err err = {0};
    for (nb_strength st = NB_PERFECT; st <= NB_RANDOM; st++) {
        unsigned away = 0;
        for (uint64_t seed = 0; seed < 400; seed++) {
            nb_play_result r = {0}, again = {0};
            ck_assert(nb_play_at(&solver, &g, NB_NORMAL, st, seed, &r, &err) == NB_OK);
            ck_assert(nb_play_at(&solver, &g, NB_NORMAL, st, seed, &again, &err) == NB_OK);
            ck_assert(r.verdict == NB_WIN && r.has_move && r.move.len == 1);
            nb_move m = nb_movelist_at(&r.move, 0), n = nb_movelist_at(&again.move, 0);
            ck_assert(m.w[0] == n.w[0] && m.w[1] == n.w[1]);
            ck_assert(m.w[0] < 5 && m.w[1] >= 1 && m.w[1] <= heaps[m.w[0]]);
            away += !nim_leaves_lost(heaps, 5, m);
            nb_movelist_free(&r.move);
            nb_movelist_free(&again.move);
        }
        unsigned low[] = {0, 10, 112, 300}, high[] = {0, 76, 208, 400};
        ck_assert_msg(away >= low[st] && away <= high[st], "%s gave %u wins away in 400",
                      nb_strength_name(st), away);
    }
    uint64_t lost[2] = {5, 5};
    nb_game l = {&nb_nim, NULL, 2, lost};
    for (nb_strength st = NB_PERFECT; st <= NB_RANDOM; st++) {
        nb_play_result r = {0};
        ck_assert(nb_play_at(&solver, &l, NB_NORMAL, st, 9, &r, &err) == NB_OK);
        ck_assert(r.verdict == NB_LOSE && r.has_move);
        nb_movelist_free(&r.move);
    }
}
END_TEST

int main(void)
{
    const lib_case cases[] = {
        {"play_at_strengths", play_at_strengths, false},
        {"heap_components", heap_components, false},
        {"search_many_heaps", search_many_heaps, false},
        {"heaps_canonical", heaps_canonical_sorts, false},
        {"sum_components", sum_moves_in_right_component, false},
        {"search_draws", search_draws, false},
        {"loopy_sums", loopy_sums, false},
        {"errors", errors_name_field_and_limit, false},
    };
    srandom(20261122);
    return check_run(lib_suite("engine", cases, sizeof cases / sizeof *cases), true);
}
