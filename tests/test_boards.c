/* test_boards.c - the board games' fixed cases: nim multiplication's field laws and its
 * definition by Turning Corners, the coin rules' published values, Tartan grids against a
 * brute force and at 64 x 64, Chomp's known results, Node-Kayles on paths (Dawson's chess,
 * OEIS A002187), cycles and complete graphs; Every-SG's steps by closed form against the
 * search, and HDU 3595; Cram's lines (Dawson's Kayles), its mirrored boards and its
 * rectangles and random boards against the brute force. Random positions of every type
 * are test_registry's. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "brute.h"
#include "check_run.h"
#include "oeis.h"
#include "core/nb_nimber.h"
#include "core/nb_util.h"
#include "engine/nb_every.h"
#include "engine/nb_search.h"
#include "games/bash/nb_bash.h"
#include "games/chomp/nb_chomp.h"
#include "games/coins/nb_coins.h"
#include "games/cram/nb_cram.h"
#include "games/cram/nb_cramtable.h"
#include "games/euclid/nb_euclid.h"
#include "games/nim/nb_nim.h"
#include "games/nodekayles/nb_nodekayles.h"
#include "lib_fixture.h"

static uint64_t rnd64(void) { return (uint64_t)random() << 33 ^ (uint64_t)random() << 11 ^ (uint64_t)random(); }

/* A random number of 1 to 64 bits, so that every subfield is met. */
static uint64_t rnd_bits(void)
{
    unsigned bits = 1 + (unsigned)rnd(64);
    return bits == 64 ? rnd64() : rnd64() & ((1ULL << bits) - 1);
}

START_TEST(nim_field_laws)
{
    /* Conway's small products (ONAG ch. 6): 2x2 = 3, 2x3 = 1, 4x4 = 6, 8x8 = 13,
     * 16x16 = 24, and F x F = 3F/2 for every Fermat 2-power F. */
    ck_assert_uint_eq(nb_nim_mul(2, 2), 3);
    ck_assert_uint_eq(nb_nim_mul(2, 3), 1);
    ck_assert_uint_eq(nb_nim_mul(4, 4), 6);
    ck_assert_uint_eq(nb_nim_mul(8, 8), 13);
    ck_assert_uint_eq(nb_nim_mul(16, 16), 24);
    for (unsigned m = 1; m < 64; m *= 2)
        ck_assert_uint_eq(nb_nim_mul(1ULL << m, 1ULL << m), 3ULL << (m - 1));
    for (int i = 0; i < 20000; i++) {
        uint64_t a = rnd_bits(), b = rnd_bits(), c = rnd_bits();
        ck_assert_uint_eq(nb_nim_mul(a, b), nb_nim_mul(b, a));
        ck_assert_uint_eq(nb_nim_mul(nb_nim_mul(a, b), c), nb_nim_mul(a, nb_nim_mul(b, c)));
        ck_assert_uint_eq(nb_nim_mul(a, b ^ c), nb_nim_mul(a, b) ^ nb_nim_mul(a, c));
        ck_assert_uint_eq(nb_nim_mul(a, 1), a);
        ck_assert_uint_eq(nb_nim_mul(a, 0), 0);
        if (a)
            ck_assert_uint_eq(nb_nim_mul(a, nb_nim_inv(a)), 1);
    }
}
END_TEST

/* The product is the game's: a coin at (x, y) of Turning Corners counted from 0 is worth
 * mex{(i x y) + (x x j) + (i x j) : i < x, j < y} (Winning Ways ch. 14). */
START_TEST(nim_product_is_turning_corners)
{
    enum { N = 48 };
    static uint64_t v[N][N];
    for (uint64_t x = 0; x < N; x++)
        for (uint64_t y = 0; y < N; y++) {
            bool seen[4 * N * N] = {false};
            for (uint64_t i = 0; i < x; i++)
                for (uint64_t j = 0; j < y; j++)
                    seen[v[i][y] ^ v[x][j] ^ v[i][j]] = true;
            uint64_t mex = 0;
            while (seen[mex])
                mex++;
            v[x][y] = mex;
            ck_assert_uint_eq(nb_nim_mul(x, y), mex);
        }
}
END_TEST

/* The mex of the XORs of the sets a rule turns with rightmost coin n, over g of the coins
 * left of it, by brute force: turtles 0..1 others, twins exactly 1, mock turtles 0..2,
 * Moebius 0..4, ruler a run. */
static uint64_t naive_coin_value(nb_coin_rule rule, const uint64_t *g, uint64_t n)
{
    static bool seen[1 << 16];
    memset(seen, 0, sizeof seen);
    size_t least = rule == NB_COIN_TWINS, most = rule == NB_COIN_MOCK_TURTLES ? 2
                                                : rule == NB_COIN_MOEBIUS     ? 4
                                                                              : 1;
    if (rule == NB_COIN_RULER) {
        uint64_t x = 0;
        seen[0] = true;
        for (uint64_t j = n - 1; j >= 1; j--)
            seen[x ^= g[j]] = true;
    } else {
        /* every subset of 1..n-1 of a size in [least, most], by its bits when n is small,
         * else by nested choice */
        uint64_t c[4];
        for (size_t size = least; size <= most; size++) {
            if (!size) {
                seen[0] = true;
                continue;
            }
            for (c[0] = 1; c[0] < n; c[0]++) {
                if (size == 1) {
                    seen[g[c[0]]] = true;
                    continue;
                }
                for (c[1] = c[0] + 1; c[1] < n; c[1]++) {
                    if (size == 2) {
                        seen[g[c[0]] ^ g[c[1]]] = true;
                        continue;
                    }
                    for (c[2] = c[1] + 1; c[2] < n; c[2]++) {
                        if (size == 3) {
                            seen[g[c[0]] ^ g[c[1]] ^ g[c[2]]] = true;
                            continue;
                        }
                        for (c[3] = c[2] + 1; c[3] < n; c[3]++)
                            seen[g[c[0]] ^ g[c[1]] ^ g[c[2]] ^ g[c[3]]] = true;
                    }
                }
            }
        }
    }
    uint64_t mex = 0;
    while (seen[mex])
        mex++;
    return mex;
}

START_TEST(coin_rule_values)
{
    /* OEIS A006519 (ruler: the largest power of 2 dividing n) and A000069 (the odious
     * numbers, mock turtles), Winning Ways ch. 14. */
    static const uint64_t ruler[16] = {1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16};
    static const uint64_t odious[16] = {1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31};
    for (uint64_t n = 1; n <= 16; n++) {
        ck_assert_uint_eq(nb_coin_value(NB_COIN_RULER, n), ruler[n - 1]);
        ck_assert_uint_eq(nb_coin_value(NB_COIN_MOCK_TURTLES, n), odious[n - 1]);
        ck_assert_uint_eq(nb_coin_value(NB_COIN_TWINS, n), n - 1);
        ck_assert_uint_eq(nb_coin_value(NB_COIN_TURTLES, n), n);
    }
    /* every rule against the mex of its definition; Moebius as far as it is tabled for the
     * cheap rules, 48 coins for Moebius */
    static uint64_t g[NB_MOEBIUS_COINS + 1];
    for (int r = 0; r < NB_COIN_RULES; r++) {
        uint64_t most = r == NB_COIN_MOEBIUS ? 48 : NB_MOEBIUS_COINS;
        for (uint64_t n = 1; n <= most; n++) {
            g[n] = naive_coin_value((nb_coin_rule)r, g, n);
            ck_assert_msg(nb_coin_value((nb_coin_rule)r, n) == g[n], "rule %d coin %llu: %llu, "
                          "by the mex %llu", r, (unsigned long long)n,
                          (unsigned long long)nb_coin_value((nb_coin_rule)r, n),
                          (unsigned long long)g[n]);
        }
    }
    /* Moebius's values rise (its inverse is a search of the table) */
    for (uint64_t n = 2; n <= NB_MOEBIUS_COINS; n++)
        ck_assert_uint_gt(nb_coin_value(NB_COIN_MOEBIUS, n), nb_coin_value(NB_COIN_MOEBIUS, n - 1));
}
END_TEST

/* A grid of rows x cols with random heads under the rules (state owned by the caller). */
static nb_game random_grid(nb_coins_params *p, size_t rows, size_t cols, nb_coin_rule r0,
                           nb_coin_rule r1)
{
    *p = (nb_coins_params){.ncols = cols, .nrows = rows, .rule = {r0, r1}, .grid = true};
    size_t words = (rows * cols + 63) / 64;
    uint64_t *bits = calloc(words + 1, sizeof *bits);
    for (size_t i = 0; i < rows * cols; i++)
        if (rnd(2))
            bits[i / 64] |= 1ULL << (i % 64);
    return (nb_game){&nb_coins, p, words, bits};
}

/* The Tartan theorem's values, held to the brute force of the product game itself (its
 * every move, with no nim product) on grids up to 4 x 4, both conventions. */
START_TEST(tartan_against_brute)
{
    for (int round = 0; round < 150; round++) {
        nb_coins_params p;
        nb_game g = random_grid(&p, 1 + rnd(4), 1 + rnd(4), (nb_coin_rule)rnd(NB_COIN_RULES),
                                (nb_coin_rule)rnd(NB_COIN_RULES));
        char what[64];
        snprintf(what, sizeof what, "grid %zux%zu rules %d,%d heads %llx", p.nrows, p.ncols,
                 p.rule[0], p.rule[1], (unsigned long long)g.state[0]);
        brute_check(&solver, &g, NB_NORMAL, what);
        if (round % 5 == 0)
            brute_check(&solver, &g, NB_MISERE, what);
        free(g.state);
    }
}
END_TEST

/* Every winning move of g re-analysed: the position after it is lost (value 0). */
static void moves_reanalysed(nb_game *g, const nb_analysis *a, nb_convention conv)
{
    nb_state after = {0};
    for (size_t i = 0; i < a->moves.len; i++) {
        nb_move m = nb_movelist_at(&a->moves, i);
        g->rules->apply(g, &m, &after);
        nb_game next = nb_game_view(g, after.w, after.len);
        nb_analysis b;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &next, conv, 1, &b, &err) == NB_OK, "%s", err.msg);
        ck_assert(b.verdict == NB_LOSE);
        ck_assert(conv == NB_MISERE || b.sg == 0);
        nb_analysis_free(&b);
    }
    free(after.w);
}

/* Every winning move of a 64 x 64 grid re-analysed: the position after it has value 0. */
START_TEST(tartan_large_moves)
{
    for (int r = 0; r < NB_COIN_RULES; r++) {
        nb_coins_params p;
        nb_game g = random_grid(&p, 64, 64, (nb_coin_rule)r, (nb_coin_rule)((r + 2) % NB_COIN_RULES));
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 200, &a, &err) == NB_OK, "%s", err.msg);
        ck_assert(a.verdict == (a.sg ? NB_WIN : NB_LOSE));
        ck_assert(!a.sg || a.moves.len > 0);
        moves_reanalysed(&g, &a, NB_NORMAL);
        nb_analysis_free(&a);
        free(g.state);
    }
}
END_TEST

/* Rows of 10^5 coins: every winning move listed re-analysed. */
START_TEST(coin_rows_long)
{
    for (int r = 0; r < NB_COIN_RULES; r++) {
        if (r == NB_COIN_MOEBIUS)
            continue;
        nb_coins_params p;
        nb_game g = random_grid(&p, 1, 100000, (nb_coin_rule)r, NB_COIN_TURTLES);
        p.grid = false;
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 50, &a, &err) == NB_OK, "%s", err.msg);
        ck_assert(!a.sg || a.moves.len > 0);
        moves_reanalysed(&g, &a, NB_NORMAL);
        nb_analysis_free(&a);
        free(g.state);
    }
}
END_TEST


/* A Chomp game of rows given (the state copied; params and state owned by the caller). */
static nb_game chomp_game(const uint64_t *rows, size_t n)
{
    uint64_t *state = malloc((n + 1) * sizeof *state);
    memcpy(state, rows, n * sizeof *state);
    return (nb_game){&nb_chomp, calloc(1, sizeof(nb_chomp_params)), n, state};
}

static void chomp_free(nb_game *g)
{
    free(g->params);
    free(g->state);
}

/* Whether the winning moves of an analysis include the cell (r, c). */
static bool has_cell(const nb_analysis *a, uint64_t r, uint64_t c)
{
    for (size_t i = 0; i < a->moves.len; i++) {
        nb_move m = nb_movelist_at(&a->moves, i);
        if (m.w[0] == r && m.w[1] == c)
            return true;
    }
    return false;
}


/* Known results (Gale 1974; Zeilberger's "Three-rowed Chomp" for two rows): every
 * rectangle but 1x1 is won (strategy stealing); the n x n square is won by taking (1, 1),
 * which leaves two equal arms; a 2 x n bar's one winning move is (1, n-1), to [n, n-1],
 * and the two-rowed P-positions are exactly [a, a-1]. */
START_TEST(chomp_known_results)
{
    for (uint64_t m = 1; m <= 7; m++)
        for (uint64_t n = 1; n <= 7; n++) {
            uint64_t rows[7];
            for (size_t i = 0; i < m; i++)
                rows[i] = n;
            nb_game g = chomp_game(rows, m);
            nb_analysis a;
            nb_err err = {0};
            ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err) == NB_OK, "%s", err.msg);
            ck_assert(a.verdict == (m * n == 1 ? NB_LOSE : NB_WIN));
            if (m == n && n > 1)
                ck_assert(has_cell(&a, 1, 1));
            if (m == 2) {
                ck_assert_uint_eq(a.moves.len, 1);
                ck_assert(has_cell(&a, 1, n - 1));
            }
            moves_reanalysed(&g, &a, NB_NORMAL);
            nb_analysis_free(&a);
            chomp_free(&g);
        }
    for (uint64_t a0 = 1; a0 <= 12; a0++)
        for (uint64_t b = 1; b <= a0; b++) {
            uint64_t rows[2] = {a0, b};
            nb_game g = chomp_game(rows, 2);
            nb_analysis a;
            nb_err err = {0};
            ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 1, &a, &err) == NB_OK);
            ck_assert(a.verdict == (b == a0 - 1 ? NB_LOSE : NB_WIN));
            nb_analysis_free(&a);
            chomp_free(&g);
        }
}
END_TEST

/* The 12 x 12 bar: C(24, 12) = 2704156 diagrams in its table, won by (1, 1) in both
 * conventions, every winning move re-analysed; a bar of 10^18 in a row is a Nim heap. */
START_TEST(chomp_large)
{
    uint64_t rows[12];
    for (size_t i = 0; i < 12; i++)
        rows[i] = 12;
    nb_game g = chomp_game(rows, 12);
    nb_err err = {0};
    ck_assert_uint_eq(nb_chomp_count(rows, 12, UINT64_MAX - 1), 2704156);
    for (int conv = NB_NORMAL; conv <= NB_MISERE; conv++) {
        nb_analysis a;
        ck_assert_msg(nb_analyse(&solver, &g, (nb_convention)conv, 64, &a, &err) == NB_OK, "%s", err.msg);
        ck_assert(a.verdict == NB_WIN);
        ck_assert(has_cell(&a, 1, 1));
        moves_reanalysed(&g, &a, (nb_convention)conv);
        nb_analysis_free(&a);
    }
    chomp_free(&g);
    uint64_t bar = 1000000000000000000ULL;
    g = chomp_game(&bar, 1);
    nb_analysis a;
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.sg, bar - 1);
    ck_assert(has_cell(&a, 0, 1)); /* leave the poisoned cell alone */
    nb_analysis_free(&a);
    ck_assert(nb_analyse(&solver, &g, NB_MISERE, 4, &a, &err) == NB_OK);
    ck_assert(a.verdict == NB_WIN && has_cell(&a, 0, 2));
    nb_analysis_free(&a);
    chomp_free(&g);
}
END_TEST

/* A Node-Kayles graph (every vertex standing); free with nk_free. */
typedef struct nk_graph {
    nb_nodekayles_params p;
    uint32_t *edges;
    size_t m, cap;
    nb_game g;
} nk_graph;

static void nk_edge(nk_graph *k, uint32_t u, uint32_t v)
{
    if (k->m == k->cap) { /* doubling: a path of 10^6 edges, added one by one */
        k->cap = k->cap ? 2 * k->cap : 64;
        k->edges = realloc(k->edges, 2 * k->cap * sizeof *k->edges);
    }
    k->edges[2 * k->m] = u, k->edges[2 * k->m + 1] = v;
    k->m++;
}

static void nk_open(nk_graph *k, size_t n)
{
    nb_nodekayles_init(&k->p, n, k->edges, k->m);
    size_t words = (n + 63) / 64;
    uint64_t *bits = calloc(words + 1, sizeof *bits);
    for (size_t v = 0; v < n; v++)
        bits[v / 64] |= 1ULL << (v % 64);
    k->g = (nb_game){&nb_nodekayles, &k->p, words, bits};
}

static void nk_free(nk_graph *k)
{
    nb_nodekayles_free(&k->p);
    free(k->edges);
    free(k->g.state);
}

static uint64_t nk_value(nk_graph *k)
{
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &k->g, NB_NORMAL, 8, &a, &err) == NB_OK, "%s", err.msg);
    uint64_t v = a.sg;
    moves_reanalysed(&k->g, &a, NB_NORMAL);
    nb_analysis_free(&a);
    return v;
}

/* The published value of a path, its period 34 from n = 52 on (Guy and Smith). */
static uint64_t dawson_at(uint64_t n)
{
    return n < OEIS_A002187_TERMS ? oeis_a002187[n] : oeis_a002187[52 + (n - 52) % 34];
}

/* Paths (numbered out of order, so that the walk along them is tested), cycles and
 * complete graphs against the published values, up to a path of 10^6 vertices; every
 * winning move re-analysed. */
START_TEST(nodekayles_shapes)
{
    static const size_t sizes[] = {0, 1, 2, 3, 4, 5, 10, 33, 51, 52, 53, 85, 136, 1000, 100001, 1000000};
    for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
        size_t n = sizes[s];
        nk_graph k = {0};
        for (size_t i = 0; i + 1 < n; i++) /* vertex i of the path is (i * 7) % n when n is not a multiple of 7 */
            nk_edge(&k, (uint32_t)(n % 7 ? i * 7 % n : i), (uint32_t)(n % 7 ? (i + 1) * 7 % n : i + 1));
        nk_open(&k, n);
        ck_assert_msg(nk_value(&k) == dawson_at(n), "path of %zu", n);
        nk_free(&k);
    }
    for (size_t n = 3; n <= 60; n++) {
        nk_graph k = {0};
        for (size_t i = 0; i < n; i++)
            nk_edge(&k, (uint32_t)i, (uint32_t)((i + 1) % n));
        nk_open(&k, n);
        ck_assert_msg(nk_value(&k) == (n == 3 ? 1 : dawson_at(n - 3) ? 0 : 1), "cycle of %zu", n);
        nk_free(&k);
    }
    for (size_t n = 1; n <= 30; n++) {
        nk_graph k = {0};
        for (size_t u = 0; u < n; u++)
            for (size_t v = u + 1; v < n; v++)
                nk_edge(&k, (uint32_t)u, (uint32_t)v);
        nk_open(&k, n);
        ck_assert_uint_eq(nk_value(&k), 1);
        nk_free(&k);
    }
}
END_TEST

/* Random graphs of up to 14 vertices, dense enough that their components are searched,
 * held to the brute force in both conventions. */
START_TEST(nodekayles_against_brute)
{
    for (int round = 0; round < 300; round++) {
        size_t n = 1 + rnd(14);
        unsigned density = 2 + (unsigned)rnd(5);
        nk_graph k = {0};
        for (size_t u = 0; u < n; u++)
            for (size_t v = u + 1; v < n; v++)
                if (!rnd(density))
                    nk_edge(&k, (uint32_t)u, (uint32_t)v);
        nk_open(&k, n);
        char what[64];
        snprintf(what, sizeof what, "graph of %zu vertices, %zu edges (round %d)", n, k.m, round);
        brute_check(&solver, &k.g, NB_NORMAL, what);
        if (round % 4 == 0)
            brute_check(&solver, &k.g, NB_MISERE, what);
        nk_free(&k);
    }
}
END_TEST

/* A Cram board of rows x cols, the cells of `filled` (row-major, NULL: none) filled. */
typedef struct cram_board {
    nb_cram_params p;
    nb_game g;
} cram_board;

static void cram_open(cram_board *b, size_t rows, size_t cols, const char *filled)
{
    b->p = (nb_cram_params){.rows = rows, .cols = cols};
    size_t cells = rows * cols, words = cells ? (cells + 63) / 64 : 1;
    uint64_t *bits = calloc(words + 1, sizeof *bits);
    for (size_t i = 0; i < cells; i++)
        if (!filled || filled[i] != '#')
            bits[i / 64] |= 1ULL << (i % 64);
    b->g = (nb_game){&nb_cram, &b->p, words, bits};
}

static uint64_t cram_value(cram_board *b)
{
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &b->g, NB_NORMAL, 8, &a, &err) == NB_OK, "%s", err.msg);
    uint64_t v = a.sg;
    moves_reanalysed(&b->g, &a, NB_NORMAL);
    nb_analysis_free(&a);
    return v;
}

/* A row (or a column) of n cells is Dawson's Kayles: a domino takes two adjacent cells and
 * may split the row, so its value is that of Dawson's chess on n - 1 (OEIS A002187), to
 * n = 40 and along the period far past it; a row with filled cells splits into rows. */
START_TEST(cram_lines)
{
    static const size_t far[] = {100, 1000, 999};
    for (size_t n = 0; n <= 40 + 3; n++) {
        size_t len = n <= 40 ? n : far[n - 41];
        uint64_t want = len ? dawson_at(len - 1) : 0;
        for (int down = 0; down < 2; down++) {
            cram_board b;
            cram_open(&b, down ? len : 1, down ? 1 : len, NULL);
            ck_assert_msg(cram_value(&b) == want, "%s of %zu", down ? "column" : "row", len);
            free(b.g.state);
        }
    }
    cram_board b; /* 5 + 7 cells: Dawson's 4 xor 6 */
    cram_open(&b, 1, 13, ".....#.......");
    ck_assert_uint_eq(cram_value(&b), dawson_at(4) ^ dawson_at(6));
    free(b.g.state);
}
END_TEST

/* Even x even boards are 0 by the mirror strategy (the closed form), which the brute force
 * confirms on those it can search, as it does on a mirrored board with holes; an odd x
 * even board is won (the first domino in the middle, then the mirror). */
START_TEST(cram_mirror)
{
    for (size_t r = 2; r <= 8; r += 2)
        for (size_t c = 2; c <= 8; c += 2) {
            cram_board b;
            cram_open(&b, r, c, NULL);
            char what[32];
            snprintf(what, sizeof what, "%zu x %zu", r, c);
            ck_assert_msg(cram_value(&b) == 0, "%s", what);
            if (r * c <= 16)
                brute_check(&solver, &b.g, NB_NORMAL, what);
            free(b.g.state);
        }
    cram_board b;
    cram_open(&b, 4, 4, "#.....#..#.....#");
    ck_assert_uint_eq(cram_value(&b), 0);
    brute_check(&solver, &b.g, NB_NORMAL, "4 x 4 with two pairs of opposite holes");
    free(b.g.state);
    for (size_t r = 3; r <= 5; r += 2)
        for (size_t c = 2; c <= 6; c += 2) {
            cram_open(&b, r, c, NULL);
            ck_assert_msg(cram_value(&b) != 0, "%zu x %zu", r, c);
            free(b.g.state);
        }
}
END_TEST

/* Every rectangle of at most 18 cells against the brute force (normal play; misère to 12
 * cells), random boards with holes of up to 20 cells in both conventions, and 5 x 5
 * boards with one cell in three filled, whose many cells of one neighbour the search
 * leaves out where they change no value (normal play). */
START_TEST(cram_against_brute)
{
    char what[64];
    for (size_t r = 1; r <= 6; r++)
        for (size_t c = r; r * c <= 18; c++) {
            cram_board b;
            cram_open(&b, r, c, NULL);
            snprintf(what, sizeof what, "%zu x %zu", r, c);
            brute_check(&solver, &b.g, NB_NORMAL, what);
            if (r * c <= 12)
                brute_check(&solver, &b.g, NB_MISERE, what);
            free(b.g.state);
        }
    for (int round = 0; round < 300; round++) {
        size_t r = 2 + rnd(3), c = 2 + rnd(4);
        char filled[32];
        for (size_t i = 0; i < r * c; i++)
            filled[i] = rnd(4) ? '.' : '#';
        cram_board b;
        cram_open(&b, r, c, filled);
        snprintf(what, sizeof what, "%zu x %zu %.*s (round %d)", r, c, (int)(r * c), filled, round);
        brute_check(&solver, &b.g, NB_NORMAL, what);
        if (round % 3 == 0)
            brute_check(&solver, &b.g, NB_MISERE, what);
        free(b.g.state);
    }
    for (int round = 0; round < 200; round++) {
        char filled[32];
        for (size_t i = 0; i < 25; i++)
            filled[i] = rnd(3) ? '.' : '#';
        cram_board b;
        cram_open(&b, 5, 5, filled);
        snprintf(what, sizeof what, "5 x 5 %.25s (round %d)", filled, round);
        brute_check(&solver, &b.g, NB_NORMAL, what);
        free(b.g.state);
    }
}
END_TEST

/* Published values of empty boards (Beling's table, beling/impartial-games, computed by
 * his nimber search): 4 x 5 = *2, 4 x 7 = *3, 4 x 9 = *1, 5 x 5 = 0, 5 x 6 = *2,
 * 5 x 7 = *1, every region of 12 cells or more valued by the nimber search, each winning
 * move re-analysed. (4 x 11 = *1 and 5 x 10 = *2 take minutes: make bench.) */
START_TEST(cram_published)
{
    static const struct { size_t r, c; uint64_t v; } known[] = {
        {4, 5, 2}, {4, 7, 3}, {4, 9, 1}, {5, 5, 0}, {5, 6, 2}, {5, 7, 1}};
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        cram_board b;
        cram_open(&b, known[i].r, known[i].c, NULL);
        uint64_t v = cram_value(&b);
        ck_assert_msg(v == known[i].v, "%zu x %zu: *%llu, published *%llu", known[i].r,
                      known[i].c, (unsigned long long)v, (unsigned long long)known[i].v);
        free(b.g.state);
    }
}
END_TEST

/* A table that forgets what it only ruled out keeps every value, findable, and nothing
 * else; a search whose table forgets past 4096 slots values boards as one that does not,
 * in a smaller table, every winning move re-analysed. */
START_TEST(cram_table_forgets)
{
    nb_cram_regions r = {0};
    nb_cram_regions_resize(&r, 4096);
    for (uint64_t i = 0; i < 3000; i++) {
        nb_cram_slot *e = nb_cram_regions_add(&r, i * 0x9E3779B97F4A7C15ULL,
                                              (uint16_t)(i % 7 + 1));
        if (i % 3 == 0)
            e->value = (uint8_t)(i % 5 + 1);
        else
            e->excluded = 1;
    }
    nb_cram_regions_keep_valued(&r);
    ck_assert_uint_eq(r.used, 1000);
    for (uint64_t i = 0; i < 3000; i++) {
        const nb_cram_slot *e = nb_cram_regions_find(&r, i * 0x9E3779B97F4A7C15ULL,
                                                     (uint16_t)(i % 7 + 1));
        ck_assert(i % 3 == 0 ? e && e->value == i % 5 + 1 : !e);
    }
    nb_cram_regions_free(&r);
    static const struct { size_t r, c; uint64_t v; } board[] = {{4, 9, 1}, {3, 14, 3}};
    for (size_t i = 0; i < sizeof board / sizeof *board; i++) {
        uint64_t bytes[2];
        for (int forgets = 0; forgets < 2; forgets++) {
            nb_cache_free(solver.cache);
            solver.cache = nb_cache_new(64u << 20);
            cram_board b;
            cram_open(&b, board[i].r, board[i].c, NULL);
            b.p.forget_slots = forgets ? 4096 : 0;
            nb_analysis a;
            nb_err err = {0};
            ck_assert_msg(nb_analyse(&solver, &b.g, NB_NORMAL, 8, &a, &err) == NB_OK, "%s",
                          err.msg);
            uint64_t v = a.sg;
            bytes[forgets] = b.p.table_bytes; /* before the moves' analyses set it */
            moves_reanalysed(&b.g, &a, NB_NORMAL);
            nb_analysis_free(&a);
            ck_assert_msg(v == board[i].v, "%zu x %zu (forgetting: %d): *%llu, want *%llu",
                          board[i].r, board[i].c, forgets, (unsigned long long)v,
                          (unsigned long long)board[i].v);
            free(b.g.state);
        }
        ck_assert_msg(bytes[1] < bytes[0], "%zu x %zu: table %llu bytes forgetting, %llu not",
                      board[i].r, board[i].c, (unsigned long long)bytes[1],
                      (unsigned long long)bytes[0]);
    }
}
END_TEST

/* The regions a search valued stay in the cache's table: a 4 x 7 board valued again
 * searches nothing, a search max_states or the request's deadline stops goes on in the
 * next request, and boards with holes whose regions it met are held to the brute force
 * through the table. */
START_TEST(cram_table_kept)
{
    cram_board b;
    cram_open(&b, 4, 7, NULL);
    uint64_t v[2], searched[2];
    for (int pass = 0; pass < 2; pass++) {
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &b.g, NB_NORMAL, 0, &a, &err) == NB_OK, "%s", err.msg);
        v[pass] = a.sg, searched[pass] = b.p.searched;
        nb_analysis_free(&a);
    }
    ck_assert_uint_gt(searched[0], 4096);
    ck_assert_uint_eq(searched[1], 0);
    ck_assert_uint_eq(v[1], v[0]);
    ck_assert_uint_eq(cram_value(&b), v[0]); /* and every winning move re-analysed */
    /* on a cold cache with max_states 5000: each request passes the limit (a 422), and the
     * next goes on from the regions it left, until one answers, the same value (4 x 7 is
     * *3, Beling's table) */
    nb_cache_free(solver.cache);
    solver.cache = nb_cache_new(64u << 20);
    solver.limits.max_states = 5000;
    int refused = 0;
    for (;; refused++) {
        nb_analysis a;
        nb_err err = {0};
        nb_status st = nb_analyse(&solver, &b.g, NB_NORMAL, 0, &a, &err);
        if (st == NB_OK) {
            ck_assert_uint_eq(a.sg, v[0]);
            nb_analysis_free(&a);
            break;
        }
        ck_assert_int_eq(st, NB_ELIMIT);
        ck_assert_msg(refused < 1000, "no progress: %s", err.msg);
        nb_err_clear(&err);
    }
    ck_assert_int_gt(refused, 0);
    solver.limits = nb_limits_default();
    free(b.g.state);
    /* on a cold cache, 3 x 14 asked with a deadline a quarter of the time its whole search
     * took each time: a search the deadline stops keeps the regions it valued too, so that
     * each request goes on from the last, until one answers the value a search on a cache
     * of its own, not stopped, finds (the deadline follows the search's time on this
     * machine, so that it stops the first requests however fast the machine is) */
    cram_open(&b, 3, 14, NULL);
    nb_cache_free(solver.cache);
    solver.cache = nb_cache_new(64u << 20);
    nb_analysis whole;
    nb_err whole_err = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert_msg(nb_analyse(&solver, &b.g, NB_NORMAL, 0, &whole, &whole_err) == NB_OK, "%s",
                  whole_err.msg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    int64_t whole_ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    int64_t back_ns = 1000000000LL - whole_ns / 4; /* a deadline of 1 s from a start set back */
    back_ns = back_ns < 0 ? 0 : back_ns;
    uint64_t want = whole.sg;
    nb_analysis_free(&whole);
    nb_cache_free(solver.cache);
    solver.cache = nb_cache_new(64u << 20);
    uint64_t kept = 0;
    for (refused = 0;; refused++) {
        nb_budget second;
        struct timespec start;
        clock_gettime(CLOCK_MONOTONIC, &start);
        int64_t ns = start.tv_sec * 1000000000LL + start.tv_nsec - back_ns;
        start = (struct timespec){(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
        nb_budget_start_at(&second, 1, start);
        solver.budget = &second;
        nb_analysis a;
        nb_err err = {0};
        nb_status st = nb_analyse(&solver, &b.g, NB_NORMAL, 0, &a, &err);
        solver.budget = NULL;
        nb_budget_end(&second);
        if (st == NB_OK) {
            ck_assert_uint_eq(a.sg, want);
            nb_analysis_free(&a);
            break;
        }
        ck_assert_msg(st == NB_ELIMIT && strstr(err.msg, "max_request_seconds"), "%s", err.msg);
        nb_key key = nb_key_of(NB_CRAMTABLE_KEY);
        const nb_cached *c = NULL;
        ck_assert(nb_table_acquire(&solver, &key, &nb_cramtable_kind,
                                   &(nb_cramtable_need){NULL}, &c, &err) == NB_OK);
        uint64_t now_kept = ((const nb_cramtable *)c)->regions.used;
        nb_table_release(&solver, c);
        ck_assert_msg(now_kept > kept && refused < 300, "round %d: %llu regions kept, %llu "
                      "before", refused, (unsigned long long)now_kept, (unsigned long long)kept);
        kept = now_kept;
        nb_err_clear(&err);
    }
    ck_assert_int_gt(refused, 0); /* the deadline did stop it */
    free(b.g.state);
    char what[64];
    for (int round = 0; round < 100; round++) {
        char filled[32];
        for (size_t i = 0; i < 20; i++)
            filled[i] = rnd(5) ? '.' : '#';
        cram_open(&b, 4, 5, filled);
        snprintf(what, sizeof what, "4 x 5 %.20s (round %d)", filled, round);
        brute_check(&solver, &b.g, NB_NORMAL, what);
        free(b.g.state);
    }
}
END_TEST

/* The steps of g by the ruleset's closed form and by a search of its positions, which must
 * agree; the closed form's move must lead to steps one less, to a lost position when g is
 * won. */
static void steps_agree(nb_game *g, const char *what)
{
    uint64_t steps;
    bool won;
    nb_movelist move;
    nb_movelist_init(&move, 1);
    ck_assert(g->rules->steps(g, &steps, &won, &move));
    nb_search *search;
    nb_err err = {0};
    ck_assert(nb_search_run(g, NB_NORMAL, 1000000, NULL, &search, &err) == NB_OK);
    uint64_t *all = nb_search_steps(search);
    ck_assert_msg(all[0] == steps, "%s: steps %llu, by search %llu", what,
                  (unsigned long long)steps, (unsigned long long)all[0]);
    ck_assert_msg(won == (nb_search_outcome(search, 0) == NB_WIN), "%s: verdict", what);
    ck_assert_uint_eq(move.len, steps > 0);
    if (move.len) {
        nb_state after = {0};
        nb_move m = nb_movelist_at(&move, 0);
        g->rules->apply(g, &m, &after);
        size_t i = nb_search_find(search, after.w, after.len);
        ck_assert_msg(all[i] == steps - 1, "%s: its move leads to steps %llu", what,
                      (unsigned long long)all[i]);
        ck_assert(!won || nb_search_outcome(search, i) == NB_LOSE);
        free(after.w);
    }
    free(all);
    nb_search_free(search);
    nb_movelist_free(&move);
}

/* The closed forms of Every-SG's steps (one Nim heap, one Bash heap, one Euclid pair)
 * against the search of every position they reach. */
START_TEST(every_steps_closed_forms)
{
    char what[64];
    for (uint64_t a = 0; a <= 40; a++)
        for (uint64_t b = 0; b <= 40; b++) {
            uint64_t pair[2] = {a, b};
            nb_game g = {&nb_euclid, NULL, 2, pair};
            snprintf(what, sizeof what, "euclid (%llu, %llu)", (unsigned long long)a,
                     (unsigned long long)b);
            steps_agree(&g, what);
        }
    for (uint64_t n = 0; n <= 60; n++) {
        nb_game g = {&nb_nim, NULL, 1, &n};
        snprintf(what, sizeof what, "nim %llu", (unsigned long long)n);
        steps_agree(&g, what);
        for (uint64_t k = 1; k <= 6; k++) {
            nb_bash_params p = {k};
            nb_game h = {&nb_bash, &p, 1, &n};
            snprintf(what, sizeof what, "bash %llu k=%llu", (unsigned long long)n,
                     (unsigned long long)k);
            steps_agree(&h, what);
        }
    }
}
END_TEST

/* An Every-SG sum of Euclid pairs (HDU 3595's game), analysed. */
static nb_verdict every_pairs(const uint64_t *pairs, size_t n, uint64_t *most)
{
    nb_game *games = calloc(n, sizeof *games);
    for (size_t i = 0; i < n; i++)
        games[i] = (nb_game){&nb_euclid, NULL, 2, (uint64_t *)pairs + 2 * i};
    nb_sum_params p = {.count = n, .games = games};
    size_t len;
    uint64_t *state = nb_sum_state(&p, &len);
    nb_game g = {&nb_every, &p, len, state};
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK, "%s", err.msg);
    *most = 0;
    for (size_t i = 0; i < a.ncomponents; i++)
        if (a.components[i].steps > *most)
            *most = a.components[i].steps;
    ck_assert(a.verdict == NB_LOSE || a.moves.len == 1);
    moves_reanalysed(&g, &a, NB_NORMAL);
    nb_verdict v = a.verdict;
    nb_analysis_free(&a);
    free(state);
    free(games);
    return v;
}

/* HDU 3595 (GG and MM): three games of (1, 1) are each won in one step, so the first
 * player wins; one game of (3, 2) is lost in two steps. Pairs near 10^18 take their
 * steps from the continued fraction, every winning move re-analysed. */
START_TEST(every_hdu_3595)
{
    uint64_t most;
    const uint64_t ones[6] = {1, 1, 1, 1, 1, 1}, three_two[2] = {3, 2};
    ck_assert(every_pairs(ones, 3, &most) == NB_WIN && most == 1);
    ck_assert(every_pairs(three_two, 1, &most) == NB_LOSE && most == 2);
    for (int round = 0; round < 200; round++) {
        uint64_t pairs[8];
        size_t n = 1 + rnd(4);
        for (size_t i = 0; i < 2 * n; i++)
            pairs[i] = 1 + rnd64() % 1000000000000000000ULL;
        nb_verdict v = every_pairs(pairs, n, &most);
        ck_assert(v == (most % 2 ? NB_WIN : NB_LOSE));
    }
}
END_TEST

int main(void)
{
    const lib_case cases[] = {
        {"nim_field", nim_field_laws, false},
        {"nim_corners", nim_product_is_turning_corners, false},
        {"coin_values", coin_rule_values, false},
        {"tartan_brute", tartan_against_brute, true},
        {"tartan_large", tartan_large_moves, false},
        {"coin_rows_long", coin_rows_long, false},
        {"chomp_known", chomp_known_results, false},
        {"chomp_large", chomp_large, true},
        {"nodekayles_shapes", nodekayles_shapes, false},
        {"nodekayles_brute", nodekayles_against_brute, true},
        {"cram_lines", cram_lines, false},
        {"cram_mirror", cram_mirror, false},
        {"cram_brute", cram_against_brute, true},
        {"cram_table", cram_table_kept, true},
        {"cram_forgets", cram_table_forgets, true},
        {"cram_published", cram_published, true},
        {"every_steps", every_steps_closed_forms, false},
        {"every_hdu_3595", every_hdu_3595, false},
    };
    srandom(20261126);
    return check_run(lib_suite("boards", cases, sizeof cases / sizeof *cases), true);
}
