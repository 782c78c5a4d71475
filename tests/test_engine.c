/* test_engine.c - the engine's fixed cases: part values as components, searches of many
 * heaps and of games with cycles (depth-first against breadth-first), the compact state
 * set, canonical forms, Smith's rule on sums of loopy parts,
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
#include "engine/nb_stateset.h"
#include "engine/nb_strength.h"
#include "engine/nb_sum.h"
#include "games/bash/nb_bash.h"
#include "games/coins/nb_coins.h"
#include "games/coprime/nb_coprime.h"
#include "games/cutting/nb_cutting.h"
#include "games/dag/nb_dag.h"
#include "games/hackenbush/nb_hackenbush.h"
#include "games/moore/nb_moore.h"
#include "games/nim/nb_nim.h"
#include "games/octal/nb_octal.h"
#include "games/staircase/nb_staircase.h"
#include "games/subtraction/nb_subtraction.h"
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

    /* misère search over its state limit (turning turtles has no misère rule) */
    nb_coins_params row = {.ncols = 30, .nrows = 1, .rule = {NB_COIN_TURTLES, NB_COIN_TURTLES}};
    uint64_t heads = (1ULL << 30) - 1;
    g = (nb_game){&nb_coins, &row, 1, &heads};
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

/* A root with no move at all (an empty moore position, its state NULL): the search copies
 * no state and settles the root with an empty list of followers; normal play loses,
 * misère play wins, remoteness 0. */
START_TEST(search_terminal_root)
{
    nb_moore_params mp = {.k = 2};
    nb_game g = {&nb_moore, &mp, 0, NULL};
    for (int misere = 0; misere < 2; misere++) {
        nb_search *search;
        nb_err err = {0};
        ck_assert(nb_search_run(&g, misere ? NB_MISERE : NB_NORMAL, 10, NULL, &search, &err)
                  == NB_OK);
        ck_assert_uint_eq(nb_search_states(search), 1);
        ck_assert_int_eq(nb_search_outcome(search, 0), misere ? NB_WIN : NB_LOSE);
        ck_assert_uint_eq(nb_search_remoteness(search, 0), 0);
        ck_assert(nb_search_has_sg(search, 0) == !misere);
        if (!misere)
            ck_assert_uint_eq(nb_search_sg(search, 0), 0);
        nb_search_free(search);
    }
}
END_TEST

/* The compact state set: states of many lengths and of words up to 2^64 - 1 come back as
 * they went in, each once, under the index it got; states that differ only in length
 * ([], [0], [0, 0]) are told apart; past max_states nothing is added. */
START_TEST(stateset_round_trip)
{
    nb_stateset set = {0};
    uint64_t rng = 20261126;
    enum { N = 20000 };
    uint64_t *words = nb_xmalloc(N * 6 * sizeof *words);
    size_t lens[N];
    bool added;
    for (size_t i = 0; i < N; i++) {
        lens[i] = i < 3 ? i : 1 + nb_splitmix64(&rng) % 6;
        for (size_t k = 0; k < lens[i]; k++) {
            uint64_t x = i < 3 ? 0 : nb_splitmix64(&rng);
            words[i * 6 + k] = x >> (nb_splitmix64(&rng) % 64); /* every byte count */
        }
        if (i >= 3) /* no two states alike: i in the low 15 bits */
            words[i * 6] = i | (nb_splitmix64(&rng) >> (nb_splitmix64(&rng) % 64)) << 15;
        size_t at = nb_stateset_add(&set, words + i * 6, lens[i], N, &added);
        ck_assert(added && at == i);
    }
    ck_assert_uint_eq(set.n, N);
    nb_state back = {0};
    for (size_t i = 0; i < N; i++) {
        ck_assert_uint_eq(nb_stateset_find(&set, words + i * 6, lens[i]), i);
        ck_assert_uint_eq(nb_stateset_add(&set, words + i * 6, lens[i], N, &added), i);
        ck_assert(!added);
        nb_stateset_get(&set, i, &back);
        ck_assert_uint_eq(back.len, lens[i]);
        ck_assert(!memcmp(back.w, words + i * 6, lens[i] * sizeof *back.w));
    }
    uint64_t other[2] = {UINT64_MAX, 7};
    ck_assert_uint_eq(nb_stateset_find(&set, other, 2), SIZE_MAX);
    ck_assert_uint_eq(nb_stateset_add(&set, other, 2, N, &added), SIZE_MAX);
    ck_assert(!added && set.n == N);
    ck_assert_uint_eq(nb_stateset_add(&set, other, 2, N + 1, &added), N);
    ck_assert(added);
    free(back.w);
    free(words);
    nb_stateset_free(&set);
}
END_TEST

/* A game that takes a detour: state [1] moves to [0, the inner game's start] and to [2],
 * and [2] and [3] move to each other, a cycle beside the inner game, which makes the
 * search keep every move (breadth-first) without changing any inner state's values. */
static const nb_game *detour_inner;
typedef struct detour_ctx { nb_move_fn fn; void *ctx; uint64_t after[64]; } detour_ctx;

static bool detour_tagged(void *ctx_, const nb_move *m, const uint64_t *after, size_t len)
{
    detour_ctx *dc = ctx_;
    ck_assert_uint_lt(len, 64);
    dc->after[0] = 0;
    memcpy(dc->after + 1, after, len * sizeof *after);
    return dc->fn(dc->ctx, m, dc->after, len + 1);
}

static void detour_moves(const nb_game *g, nb_move_fn fn, void *ctx)
{
    uint64_t w[1] = {0};
    nb_move m = {.len = 1, .w = w};
    detour_ctx dc = {fn, ctx, {0}};
    if (g->state[0] == 0) {
        nb_game inner = nb_game_view(detour_inner, g->state + 1, g->len - 1);
        detour_inner->rules->each_move(&inner, detour_tagged, &dc);
    } else if (g->state[0] == 1) {
        uint64_t side[1] = {2};
        if (detour_tagged(&dc, &m, detour_inner->state, detour_inner->len))
            fn(ctx, &m, side, 1);
    } else {
        uint64_t other[1] = {g->state[0] == 2 ? 3 : 2};
        fn(ctx, &m, other, 1);
    }
}

static void detour_canonical(const nb_game *g, uint64_t *state, size_t len)
{
    if (state[0] == 0 && detour_inner->rules->canonicalize) {
        nb_game inner = nb_game_view(detour_inner, state + 1, len - 1);
        detour_inner->rules->canonicalize(&inner, state + 1, len - 1);
    }
    (void)g;
}

/* Every state of staircase, Kayles and cutting positions, under both conventions, gets
 * the same outcome, remoteness, SG value and Every-SG steps from the depth-first search
 * (settled from its followers) as from the breadth-first one that keeps every move
 * (retrograde analysis and Kahn's order), which the detour's cycle forces. */
START_TEST(search_depth_first_meets_retrograde)
{
    nb_octal_params kayles = {0};
    nb_err err = {0};
    ck_assert(nb_octal_parse("0.77", &kayles.rule, &err) == NB_OK);
    uint64_t stairs[4] = {2, 0, 3, 2}, heaps[3] = {4, 5, 7}, pieces[4] = {3, 4, 2, 5};
    const nb_game inner[] = {{&nb_staircase, NULL, 4, stairs}, {&nb_octal, &kayles, 3, heaps},
                             {&nb_cutting, NULL, 4, pieces}};
    nb_ruleset detour = {.name = "detour", .each_move = detour_moves,
                         .canonicalize = detour_canonical};
    for (size_t c = 0; c < 6; c++) {
        nb_convention conv = c % 2 ? NB_MISERE : NB_NORMAL;
        detour_inner = &inner[c / 2];
        nb_search *direct, *kept;
        ck_assert(nb_search_run(detour_inner, conv, 1000000, NULL, &direct, &err) == NB_OK);
        uint64_t start[1] = {1};
        nb_game g = {&detour, NULL, 1, start};
        ck_assert(nb_search_run(&g, conv, 1000000, NULL, &kept, &err) == NB_OK);
        size_t n = nb_search_states(direct);
        ck_assert_uint_eq(nb_search_states(kept), n + 3);
        ck_assert_int_eq(nb_search_outcome(kept, nb_search_find(kept, (uint64_t[]){2}, 1)),
                         NB_DRAW);
        uint64_t *steps = nb_search_steps(direct), *kept_steps = nb_search_steps(kept);
        nb_state st = {0};
        size_t lost = 0, win_now = 0;
        for (size_t i = 0; i < n; i++) {
            st.len = 0;
            uint64_t tagged[64] = {0};
            nb_search_state(direct, i, &st);
            ck_assert_uint_lt(st.len, 64);
            memcpy(tagged + 1, st.w, st.len * sizeof *st.w);
            size_t j = nb_search_find(kept, tagged, st.len + 1);
            ck_assert_uint_ne(j, SIZE_MAX);
            ck_assert_int_eq(nb_search_outcome(direct, i), nb_search_outcome(kept, j));
            ck_assert_uint_eq(nb_search_remoteness(direct, i), nb_search_remoteness(kept, j));
            ck_assert(nb_search_has_sg(direct, i) == nb_search_has_sg(kept, j));
            ck_assert_uint_eq(nb_search_sg(direct, i), nb_search_sg(kept, j));
            ck_assert_uint_eq(steps[i], kept_steps[j]);
            lost += nb_search_outcome(direct, i) == NB_LOSE;
            win_now += conv == NB_NORMAL && !nb_search_has_sg(direct, i);
        }
        ck_assert_msg(lost > 0 && lost < n, "case %zu: %zu of %zu lost", c, lost, n);
        ck_assert(c / 2 != 2 || conv != NB_NORMAL || win_now > 0); /* cuts that win at once */
        free(st.w);
        free(steps);
        free(kept_steps);
        nb_search_free(direct);
        nb_search_free(kept);
    }
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
        {"search_terminal_root", search_terminal_root, false},
        {"stateset", stateset_round_trip, false},
        {"search_depth_first", search_depth_first_meets_retrograde, false},
        {"loopy_sums", loopy_sums, false},
        {"errors", errors_name_field_and_limit, false},
    };
    srandom(20261122);
    return check_run(lib_suite("engine", cases, sizeof cases / sizeof *cases), true);
}
