/* test_misere.c - misère play by theory held to the brute-force solver on every small
 * position: the tame theory of subtraction games, Bash's game and the coprime game, of
 * sums of heap games of several rulesets, of sums (and games of several piles or pairs)
 * with parts labelled by their own search, the single-heap misère table, and Moore's
 * misère Nim_k; then huge heaps that only the theory can answer. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_run.h"
#include "core/nb_primes.h"
#include "engine/nb_submisere.h"
#include "engine/nb_sum.h"
#include "engine/nb_tame.h"
#include "games/bash/nb_bash.h"
#include "games/chomp/nb_chomp.h"
#include "games/coprime/nb_coprime.h"
#include "games/cram/nb_cram.h"
#include "games/divisor/nb_divisor.h"
#include "games/euclid/nb_euclid.h"
#include "games/fibonacci/nb_fibonacci.h"
#include "games/moore/nb_moore.h"
#include "games/nim/nb_nim.h"
#include "games/subtraction/nb_subtraction.h"
#include "games/wythoff/nb_wythoff.h"

static nb_solver solver;

static void setup(void)
{
    solver.cache = nb_cache_new(64u << 20);
    solver.limits = nb_limits_default();
}

static void teardown(void) { nb_cache_free(solver.cache); }

/* Whether the ruleset's misère rule answers g itself (NB_OK) rather than declining. */
static bool rule_answers(nb_game *g)
{
    nb_err err = {0};
    ck_assert(nb_game_open(&solver, g, &err) == NB_OK);
    nb_analysis a = {0};
    nb_movelist_init(&a.moves, 0);
    nb_movelist_init(&a.drawing, 0);
    nb_status st = g->rules->analyse_misere(g, &solver, &a, &err);
    ck_assert_msg(st == NB_OK || st == NB_EDECLINED, "%s: %s", g->rules->name, err.msg);
    nb_analysis_free(&a);
    nb_game_close(&solver, g);
    return st == NB_OK;
}

/* Calls fn for every sorted state of `len` heaps of at most `top` (len <= 4). */
static void each_state(size_t len, uint64_t top, void (*fn)(void *, uint64_t *, size_t),
                       void *ctx)
{
    uint64_t h[4] = {0};
    for (;;) {
        fn(ctx, h, len);
        size_t i = len;
        while (i > 0 && h[i - 1] == top)
            i--;
        if (i == 0)
            return;
        h[i - 1]++;
        for (size_t j = i; j < len; j++)
            h[j] = h[i - 1];
    }
}

typedef struct tally {
    nb_game game;
    size_t checked, by_rule, alone;
} tally;

static void check_state(void *ctx, uint64_t *h, size_t len)
{
    tally *t = ctx;
    nb_game g = t->game;
    g.state = h;
    g.len = len;
    brute_check(&solver, &g, NB_MISERE, g.rules->name);
    size_t nonempty = 0;
    for (size_t i = 0; i < len; i++)
        nonempty += h[i] != 0;
    bool answered = rule_answers(&g);
    /* one heap alone is always answered: by the tame theory or by its misère table */
    ck_assert_msg(answered || nonempty > 1, "%s: a lone heap declined", g.rules->name);
    t->checked++;
    t->by_rule += answered;
    t->alone += nonempty == 1;
}

/* Every set of 1..5 and every position of up to three heaps of up to 9. */
START_TEST(subtraction_against_search)
{
    size_t checked = 0, by_rule = 0;
    for (unsigned mask = 1; mask < 32; mask++) {
        nb_subtraction_params p = {0};
        for (unsigned v = 1; v <= 5; v++)
            if (mask >> (v - 1) & 1)
                p.set[p.nset++] = v;
        tally t = {.game = {&nb_subtraction, &p, 0, NULL}};
        for (size_t len = 1; len <= 3; len++)
            each_state(len, 9, check_state, &t);
        checked += t.checked;
        by_rule += t.by_rule;
    }
    fprintf(stderr, "misère: subtraction: %zu positions, %zu answered by the theory\n",
            checked, by_rule);
    ck_assert(by_rule > checked / 2);
}
END_TEST

/* Every position of one to three heaps of at most `top` on g's rules held to the
 * brute-force solver, each answered by the theory (every heap tame: none declined). */
static void every_position_by_rule(nb_game g, uint64_t top)
{
    tally t = {.game = g};
    for (size_t len = 1; len <= 3; len++)
        each_state(len, top, check_state, &t);
    ck_assert_uint_eq(t.by_rule, t.checked);
}

/* Bash's game, for k = 1..5. */
START_TEST(bash_against_search)
{
    for (uint64_t k = 1; k <= 5; k++) {
        nb_bash_params p = {k};
        every_position_by_rule((nb_game){&nb_bash, &p, 0, NULL}, 11);
    }
}
END_TEST

/* The coprime game, its heaps labelled by a closed form (nb_coprime.c). */
START_TEST(coprime_against_search)
{
    nb_coprime_params p = {0};
    every_position_by_rule((nb_game){&nb_coprime, &p, 0, NULL}, 13);
}
END_TEST

/* The coprime game's labels by its closed form are those Conway's rules give from each
 * heap's options (x - y with gcd(x, y) = 1), for every heap below 2000. */
START_TEST(coprime_labels_match_the_options)
{
    enum { HEAPS = 2000 };
    nb_coprime_params p = {0};
    uint64_t heap = HEAPS;
    nb_game g = {&nb_coprime, &p, 1, &heap};
    nb_err err = {0};
    ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
    static uint64_t value[HEAPS];
    static nb_tame label[HEAPS];
    static bool lost[HEAPS]; /* alone under misère play, from the options */
    for (uint64_t x = 0; x < HEAPS; x++) {
        bool lost_alone;
        ck_assert(nb_coprime.misere_heap(&g, &solver, x, &value[x], &label[x], &lost_alone));
        nb_tame_options o = {0};
        lost[x] = x != 0; /* no move at all wins misère play */
        for (uint64_t to = 0; to < x; to++) {
            if (nb_gcd(x, x - to) != 1)
                continue;
            nb_tame_offer(&o, value[to], label[to]);
            lost[x] &= !lost[to];
        }
        ck_assert_msg(label[x] != NB_TAME_WILD && nb_tame_label(&o, value[x]) == label[x],
                      "heap %llu", (unsigned long long)x);
        ck_assert_msg(lost_alone == lost[x], "heap %llu", (unsigned long long)x);
    }
    nb_game_close(&solver, &g);
}
END_TEST

/* Bash's labels by its closed form are those the misère table of the same game as a
 * subtraction game ({1..k}) computes from the options. */
START_TEST(bash_labels_match_the_table)
{
    for (uint64_t k = 1; k <= 6; k++) {
        nb_subtraction_params sp = {0};
        for (uint64_t v = 1; v <= k; v++)
            sp.set[sp.nset++] = v;
        uint64_t heap = 300;
        nb_game g = {&nb_subtraction, &sp, 1, &heap};
        nb_err err = {0};
        ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
        nb_submisere *m = nb_submisere_build(sp.table, heap, 1000000, NULL);
        ck_assert_ptr_nonnull(m);
        for (uint64_t n = 0; n <= heap; n++) {
            nb_tame label;
            bool lost_alone;
            ck_assert(nb_submisere_heap(m, n, &label, &lost_alone));
            uint64_t v = n % (k + 1);
            ck_assert_int_eq(label, v <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM);
            bool lost_when = v == 1;
            ck_assert_int_eq(lost_alone, lost_when);
        }
        nb_submisere_free(m);
        nb_game_close(&solver, &g);
    }
}
END_TEST

/* The single-heap table where the theory is given no labels: every heap reported wild,
 * so a lone heap is answered from its misère table and anything else is declined. */
static bool wild_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                      nb_tame *label, bool *lost_alone)
{
    (void)s;
    const nb_subtraction_params *p = g->params;
    nb_subtable_value(p->table, n, value);
    nb_submisere_heap(p->misere, n, label, lost_alone);
    *label = NB_TAME_WILD;
    return true;
}

START_TEST(lone_heap_table)
{
    nb_subtraction_params p = {.nset = 3, .set = {2, 3, 7}};
    for (uint64_t a = 0; a <= 30; a++) {
        for (uint64_t b = 0; b <= 3; b++) {
            uint64_t h[2] = {a, b};
            nb_game g = {&nb_subtraction, &p, 2, h};
            nb_err err = {0};
            ck_assert(nb_game_open(&solver, &g, &err) == NB_OK);
            p.misere = nb_submisere_build(p.table, 30, 1000000, NULL);
            nb_analysis a1 = {0};
            nb_movelist_init(&a1.moves, 64);
            nb_status st = nb_tame_analyse(&g, &solver, wild_heap, &a1, &err);
            brute *br = brute_new(&g, true);
            if (a && b) {
                ck_assert_int_eq(st, NB_EDECLINED);
            } else {
                ck_assert_int_eq(st, NB_OK);
                ck_assert_int_eq(a1.verdict, brute_outcome(br, h, 2));
                size_t winning = 0; /* every move to a lost position, and only those */
                for (size_t i = 0; i < a1.moves.len; i++) {
                    nb_move m = nb_movelist_at(&a1.moves, i);
                    uint64_t after[2] = {h[0], h[1]};
                    after[m.w[0]] -= m.w[1];
                    ck_assert_int_eq(brute_outcome(br, after, 2), NB_LOSE);
                }
                for (size_t k = 0; k < p.nset; k++)
                    for (size_t i = 0; i < 2; i++) {
                        uint64_t after[2] = {h[0], h[1]};
                        if (after[i] < p.set[k])
                            continue;
                        after[i] -= p.set[k];
                        winning += brute_outcome(br, after, 2) == NB_LOSE;
                    }
                ck_assert_uint_eq(a1.moves.len, winning);
            }
            brute_free(br);
            nb_analysis_free(&a1);
            nb_game_close(&solver, &g);
        }
    }
}
END_TEST

/* Room for a random sum of up to three components, each one or two heaps or pairs. */
typedef struct random_sum {
    nb_game games[3];
    nb_bash_params bash[3];
    nb_subtraction_params sub[3];
    nb_divisor_params divisor[3];
    nb_coprime_params coprime[3];
    nb_wythoff_params wythoff[3];
    nb_cram_params cram[3];
    nb_chomp_params chomp[3];
    uint64_t words[3][4];
} random_sum;

enum { NIM, BASH, SUBTRACTION, DIVISOR, COPRIME, WYTHOFF, EUCLID, CRAM, CHOMP };

/* Component c of r: a random small position of n heaps or pairs of ruleset `kind` (a Cram
 * component is one 3 x 4 board, a cell in six a hole; a Chomp one a diagram of n rows of
 * 1 to 4 cells). */
static void random_component(random_sum *r, size_t c, int kind, size_t n)
{
    uint64_t *w = r->words[c];
    size_t words = kind == WYTHOFF || kind == EUCLID ? 2 * n : n;
    for (size_t i = 0; i < words; i++)
        w[i] = kind == DIVISOR ? 1 + (uint64_t)(rand() % 24)
             : kind == EUCLID  ? 1 + (uint64_t)(rand() % 9)
             : (uint64_t)(rand() % (kind == SUBTRACTION ? 12 : kind >= WYTHOFF ? 6 : 8));
    nb_game *g = &r->games[c];
    if (kind == NIM) {
        *g = (nb_game){&nb_nim, NULL, n, w};
    } else if (kind == BASH) {
        r->bash[c] = (nb_bash_params){1 + (uint64_t)(rand() % 4)};
        *g = (nb_game){&nb_bash, &r->bash[c], n, w};
    } else if (kind == SUBTRACTION) {
        r->sub[c] = (nb_subtraction_params){0};
        for (unsigned v = 1; v <= 8; v++)
            if (rand() % 3 == 0 || (v == 8 && !r->sub[c].nset))
                r->sub[c].set[r->sub[c].nset++] = v;
        *g = (nb_game){&nb_subtraction, &r->sub[c], n, w};
    } else if (kind == DIVISOR) {
        r->divisor[c] = (nb_divisor_params){.rule = NB_DIVISOR_REPLACE};
        *g = (nb_game){&nb_divisor, &r->divisor[c], n, w};
    } else if (kind == COPRIME) {
        r->coprime[c] = (nb_coprime_params){0};
        *g = (nb_game){&nb_coprime, &r->coprime[c], n, w};
    } else if (kind == WYTHOFF) {
        r->wythoff[c] = (nb_wythoff_params){0};
        *g = (nb_game){&nb_wythoff, &r->wythoff[c], words, w};
    } else if (kind == EUCLID) {
        *g = (nb_game){&nb_euclid, NULL, words, w};
    } else if (kind == CHOMP) {
        for (size_t i = 0; i < n; i++) /* rows that do not grow */
            w[i] = 1 + (uint64_t)(rand() % 4) % (i ? w[i - 1] : 4);
        r->chomp[c] = (nb_chomp_params){0};
        *g = (nb_game){&nb_chomp, &r->chomp[c], n, w};
    } else {
        r->cram[c] = (nb_cram_params){.rows = 3, .cols = 4};
        w[0] = 0;
        for (unsigned cell = 0; cell < 12; cell++)
            w[0] |= (uint64_t)(rand() % 6 != 0) << cell;
        *g = (nb_game){&nb_cram, &r->cram[c], 1, w};
    }
}

/* Holds r's first `count` components, summed, to the brute-force solver; whether the
 * sum's misère rule answered it. */
static bool check_sum(random_sum *r, size_t count)
{
    size_t len = 0;
    nb_sum_params p = {.count = count, .games = r->games};
    uint64_t *state = nb_sum_state(&p, &len);
    nb_game g = {&nb_sum, &p, len, state};
    brute_check(&solver, &g, NB_MISERE, "a sum");
    bool answered = rule_answers(&g);
    free(state);
    return answered;
}

/* Sums of heap games of different rulesets: Nim, Bash's game, a subtraction game, the
 * divisor game (replace) and the coprime game, one or two heaps each. Every heap of all
 * but the subtraction game is tame by a closed form, so a sum of those is answered by the theory; a
 * subtraction game's heaps are labelled by its misère table, which may find one wild
 * (none of these small sets has one: every sum here is answered by it). */
START_TEST(mixed_sums_against_search)
{
    srand(7);
    random_sum r;
    for (int round = 0; round < 400; round++) {
        size_t count = 2 + (size_t)(rand() % 2);
        for (size_t c = 0; c < count; c++) {
            size_t n = 1 + (size_t)(rand() % 2);
            random_component(&r, c, rand() % 5, n);
        }
        ck_assert_msg(check_sum(&r, count), "round %d: the theory declined the sum", round);
    }
}
END_TEST

/* Sums whose components are not all heap games: a Nim or Bash component beside Wythoff
 * piles, Euclid pairs, Cram boards and Chomp diagrams, which the theory labels by
 * searching each component's own positions (each pile or pair alone). Every sum is held
 * to the brute-force solver, every move's outcome too (a Chomp diagram that loses a row
 * leaves a shorter component). Most are tame; a few 3 x 4 Cram boards are wild (the empty
 * board among them), and a sum holding one is declined to the search: both routes are
 * asked to occur. */
START_TEST(whole_components_against_search)
{
    srand(11);
    random_sum r;
    size_t by_rule = 0, rounds = 300;
    for (size_t round = 0; round < rounds; round++) {
        size_t count = 2 + (size_t)(rand() % 2);
        for (size_t c = 0; c < count; c++) {
            size_t n = 1 + (size_t)(rand() % 2);
            random_component(&r, c, c == 0 ? rand() % 2 : WYTHOFF + rand() % 4, n);
        }
        by_rule += check_sum(&r, count);
    }
    fprintf(stderr, "misère: sums with whole components: %zu of %zu by the theory\n", by_rule,
            rounds);
    ck_assert_uint_ge(by_rule, rounds * 3 / 4);
    ck_assert_msg(by_rule < rounds, "no sum held a wild component: the search route untried");
}
END_TEST

/* One Wythoff, Euclid or dynamic subtraction game of two or three piles, pairs or heaps
 * (each with its limit): the misère rule labels each by a search of it alone (part_width,
 * nb_tame_analyse_parts) and names the moves in the game's own words; every position held
 * to the brute-force solver, most by the theory. */
START_TEST(parts_against_search)
{
    srand(13);
    size_t by_rule = 0, rounds = 450;
    for (size_t round = 0; round < rounds; round++) {
        int kind = (int)(round % 3); /* Wythoff, Euclid, dynamic subtraction */
        uint64_t w[6];
        size_t len = 2 * (2 + (size_t)(rand() % 2));
        for (size_t i = 0; i < len; i++)
            w[i] = kind == 1 ? 1 + (uint64_t)(rand() % 9) : (uint64_t)(rand() % 6);
        for (size_t i = 1; kind == 2 && i < len; i += 2) /* a heap's limit, or a first move */
            w[i] = rand() % 3 ? 1 + (uint64_t)(rand() % 4) : NB_FIB_FIRST;
        if (round % 4 == 3) /* the last part as the first: equal parts share one search */
            memcpy(w + len - 2, w, 2 * sizeof *w);
        nb_wythoff_params wp = {0};
        nb_fibonacci_params fp = {.k = 1 + (uint64_t)(rand() % 3)};
        nb_game g = kind == 0 ? (nb_game){&nb_wythoff, &wp, len, w}
                  : kind == 1 ? (nb_game){&nb_euclid, NULL, len, w}
                              : (nb_game){&nb_fibonacci, &fp, len, w};
        brute_check(&solver, &g, NB_MISERE, g.rules->name);
        by_rule += rule_answers(&g);
    }
    fprintf(stderr, "misère: games of several piles, pairs or heaps: %zu of %zu by the theory\n",
            by_rule, rounds);
    ck_assert_uint_ge(by_rule, rounds * 3 / 4);
}
END_TEST

/* Moore's misère Nim_k on every position of up to four heaps of up to 5, k = 1..3. */
START_TEST(moore_against_search)
{
    for (uint64_t k = 1; k <= 3; k++) {
        nb_moore_params p = {.k = k};
        tally t = {.game = {&nb_moore, &p, 0, NULL}};
        for (size_t len = 1; len <= 4; len++)
            each_state(len, 5, check_state, &t);
        ck_assert_uint_eq(t.by_rule, t.checked);
    }
}
END_TEST

/* Positions no search reaches: every winning move re-analysed leads to a lost position. */
static void expect_won_by_theory(nb_game *g, size_t least_moves)
{
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, g, NB_MISERE, 64, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert_int_eq(a.verdict, NB_WIN);
    ck_assert_uint_ge(a.moves.len, least_moves);
    for (size_t i = 0; i < a.moves.len; i++) {
        nb_move m = nb_movelist_at(&a.moves, i);
        nb_state after = {0};
        g->rules->apply(g, &m, &after);
        nb_game child = *g;
        child.state = after.w;
        child.len = after.len;
        nb_analysis b;
        ck_assert(nb_analyse(&solver, &child, NB_MISERE, 0, &b, &err) == NB_OK);
        ck_assert_int_eq(b.verdict, NB_LOSE);
        nb_analysis_free(&b);
        free(after.w);
    }
    nb_analysis_free(&a);
}

/* The winning moves of a Wythoff game that name part p (its first word), of all listed. */
static size_t moves_naming(const nb_analysis *a, uint64_t p)
{
    size_t n = 0;
    for (size_t i = 0; i < a->moves.len; i++)
        n += nb_movelist_at(&a->moves, i).w[0] == p;
    return n;
}

/* A game of many equal parts (one search labels them all) answers as the same game with
 * two of them does (equal tame parts cancel in pairs), that one held to the brute-force
 * solver: the same verdict, and each equal part's winning moves as many as each twin's
 * (none where the twins have none, some where they have some: both are met); a won one's
 * moves re-analysed. */
START_TEST(many_equal_parts)
{
    nb_wythoff_params wp = {0};
    const uint64_t twin[2] = {4, 4};
    const uint64_t rest[][2] = {{3, 5}, {3, 4}, {1, 1}, {0, 1}, {2, 2}, {1, 2}, {0, 3}, {2, 6}};
    size_t twins_win = 0, rest_alone_wins = 0;
    for (size_t r = 0; r < sizeof rest / sizeof *rest; r++) {
        uint64_t few[6] = {twin[0], twin[1], twin[0], twin[1], rest[r][0], rest[r][1]};
        nb_game small = {&nb_wythoff, &wp, 6, few};
        brute_check(&solver, &small, NB_MISERE, "two equal piles and one");
        nb_analysis a, b;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &small, NB_MISERE, SIZE_MAX, &a, &err) == NB_OK);
        size_t n = 2001; /* 2000 equal piles and the one */
        uint64_t *many = malloc(2 * n * sizeof *many);
        for (size_t i = 0; i + 1 < n; i++)
            memcpy(many + 2 * i, twin, sizeof twin);
        memcpy(many + 2 * (n - 1), rest[r], sizeof rest[r]);
        nb_game g = {&nb_wythoff, &wp, 2 * n, many};
        ck_assert(rule_answers(&g));
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, SIZE_MAX, &b, &err) == NB_OK);
        ck_assert_int_eq(b.verdict, a.verdict);
        size_t each = moves_naming(&a, 0);
        ck_assert_uint_eq(moves_naming(&a, 1), each);
        for (uint64_t p = 0; p + 1 < n; p += 999) /* the first, one between, the last */
            ck_assert_uint_eq(moves_naming(&b, p), each);
        ck_assert_uint_eq(moves_naming(&b, n - 1), moves_naming(&a, 2));
        ck_assert_uint_eq(b.moves.len, (n - 1) * each + moves_naming(&a, 2));
        twins_win += each > 0;
        rest_alone_wins += a.verdict == NB_WIN && !each;
        if (a.verdict == NB_WIN)
            expect_won_by_theory(&g, 1);
        nb_analysis_free(&a);
        nb_analysis_free(&b);
        if (r == 0) { /* the parts' records are held on the request's memory */
            nb_budget held_budget;
            nb_budget_start(&held_budget, 0);
            held_budget.max_bytes = 64u << 10;
            nb_solver held = solver;
            held.budget = &held_budget;
            ck_assert_int_eq(nb_analyse(&held, &g, NB_MISERE, 0, &a, &err), NB_ELIMIT);
            ck_assert_ptr_nonnull(strstr(err.msg, "max_request_mb"));
            ck_assert_uint_eq(held_budget.held, 0);
        }
        free(many);
    }
    ck_assert_uint_gt(twins_win, 0);
    ck_assert_uint_gt(rest_alone_wins, 0);
}
END_TEST

START_TEST(huge_heaps)
{
    /* a lone Bash heap of 10^6 (k = 3): 10^6 = 0 mod 4, won by taking 3 to 1 mod 4 */
    nb_bash_params bp = {3};
    uint64_t one[1] = {1000000};
    nb_game g = {&nb_bash, &bp, 1, one};
    expect_won_by_theory(&g, 1);
    uint64_t lost[1] = {1000000000000000001ULL}; /* 1 mod 4: lost alone */
    g.state = lost;
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &a, &err) == NB_OK);
    ck_assert_int_eq(a.verdict, NB_LOSE);
    nb_analysis_free(&a);
    uint64_t many[3] = {5, 1000000000000ULL, 999999999999ULL};
    g = (nb_game){&nb_bash, &bp, 3, many};
    expect_won_by_theory(&g, 1);
    /* subtraction {1,3,4}: the SG values have period 7, the misère cells a period too */
    nb_subtraction_params sp = {.nset = 3, .set = {1, 3, 4}};
    uint64_t two[2] = {10, 1000000000000ULL};
    g = (nb_game){&nb_subtraction, &sp, 2, two};
    expect_won_by_theory(&g, 1);
    /* Moore's Nim_2 with big heaps: Moore's rule where no search could go */
    nb_moore_params mp = {.k = 2};
    uint64_t nim2[4] = {1ULL << 40, 3, 1ULL << 50, 7};
    g = (nb_game){&nb_moore, &mp, 4, nim2};
    expect_won_by_theory(&g, 1);
    /* a sum of Nim, Bash's game and the divisor game: the theory across rulesets */
    uint64_t nim[2] = {1000000000000000000ULL, 5}, bash[1] = {1000000000000ULL},
             number[1] = {1ULL << 40};
    nb_divisor_params dp = {.rule = NB_DIVISOR_REPLACE};
    nb_game games[3] = {{&nb_nim, NULL, 2, nim}, {&nb_bash, &bp, 1, bash},
                        {&nb_divisor, &dp, 1, number}};
    nb_sum_params sum = {.count = 3, .games = games};
    size_t len;
    uint64_t *state = nb_sum_state(&sum, &len);
    g = (nb_game){&nb_sum, &sum, len, state};
    expect_won_by_theory(&g, 1);
    free(state);
    /* the coprime game past any search: 10^9 + 7 is prime, worth pi(10^9 + 7); two equal
     * firm heaps are lost */
    nb_coprime_params cp = {0};
    uint64_t prime[3] = {9, 10, 1000000007}, twins[2] = {1000000007, 1000000007};
    g = (nb_game){&nb_coprime, &cp, 3, prime};
    expect_won_by_theory(&g, 1);
    g = (nb_game){&nb_coprime, &cp, 2, twins};
    nb_analysis b;
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &b, &err) == NB_OK);
    ck_assert_int_eq(b.verdict, NB_LOSE);
    ck_assert_int_eq(b.method, NB_METHOD_GENUS);
    nb_analysis_free(&b);
}
END_TEST

/* Published misère values: in misère Nim a lone heap is lost only at 1 (Bouton); in
 * misère Bash with k = 3 exactly at 1 mod 4; the tame labels of Nim's heaps are Conway's
 * genera 0^120, 1^031 (fickle) and a^(a,a^2) (firm) for a >= 2. */
START_TEST(published_values)
{
    nb_tame label[12];
    for (uint64_t n = 0; n < 12; n++) {
        nb_tame_options o = {0};
        for (uint64_t m = 0; m < n; m++)
            nb_tame_offer(&o, m, label[m]);
        label[n] = nb_tame_label(&o, n);
        ck_assert_int_eq(label[n], n <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM);
    }
    nb_bash_params bp = {3};
    for (uint64_t n = 0; n < 40; n++) {
        nb_game g = {&nb_bash, &bp, 1, &n};
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &a, &err) == NB_OK);
        ck_assert_int_eq(a.verdict, n % 4 == 1 ? NB_LOSE : NB_WIN);
        nb_analysis_free(&a);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("misere");
    TCase *tc = tcase_create("misere");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, subtraction_against_search);
    tcase_add_test(tc, bash_against_search);
    tcase_add_test(tc, bash_labels_match_the_table);
    tcase_add_test(tc, coprime_against_search);
    tcase_add_test(tc, coprime_labels_match_the_options);
    tcase_add_test(tc, lone_heap_table);
    tcase_add_test(tc, mixed_sums_against_search);
    tcase_add_test(tc, whole_components_against_search);
    tcase_add_test(tc, parts_against_search);
    tcase_add_test(tc, many_equal_parts);
    tcase_add_test(tc, moore_against_search);
    tcase_add_test(tc, huge_heaps);
    tcase_add_test(tc, published_values);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
