/* test_notakto.c - Notakto held to Plambeck and Whitehead's 3 x 3 quotient, to the known
 * opening, and to the brute-force solver on sums of boards of every size. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_run.h"
#include "engine/nb_sum.h"
#include "games/notakto/nb_notakto.h"
#include "lib_fixture.h"

/* A position of boards of side k, each given by its cells ('X' taken). */
typedef struct nt_position {
    nb_notakto_params p;
    nb_game g;
} nt_position;

static void nt_open(nt_position *t, unsigned k, const char *const *boards, size_t n)
{
    t->p = (nb_notakto_params){.k = k};
    uint64_t *state = calloc(n + 1, sizeof *state);
    for (size_t i = 0; i < n; i++)
        for (unsigned c = 0; c < k * k; c++)
            state[i] |= (uint64_t)(boards[i][c] == 'X') << c;
    t->g = (nb_game){&nb_notakto, &t->p, n, state};
}

/* A position of n boards of side k, none given yet (all empty). */
static void nt_blank(nt_position *t, unsigned k, size_t n)
{
    t->p = (nb_notakto_params){.k = k};
    t->g = (nb_game){&nb_notakto, &t->p, n, calloc(n + 1, sizeof(uint64_t))};
}

/* A random board of side k, each cell taken with probability taken / 8. */
static uint64_t random_board(unsigned k, unsigned taken)
{
    uint64_t b = 0;
    for (unsigned c = 0; c < k * k; c++)
        b |= (uint64_t)(rnd(8) < taken) << c;
    return b;
}

static const nb_notaktotable *table_of(unsigned k, const nb_cached **c)
{
    nb_key key = nb_notaktotable_key(k);
    nb_notaktotable_need need = {k, solver.limits.max_work, NULL};
    nb_err err = {0};
    ck_assert_msg(nb_table_acquire(&solver, &key, &nb_notaktotable_kind, &need, c, &err) ==
                  NB_OK, "%s", err.msg);
    return (const nb_notaktotable *)*c;
}

/* Plambeck and Whitehead ("The secrets of Notakto", arXiv 1301.1672): the quotient of
 * 3 x 3 Notakto is <a, b, c, d | a^2 = 1, b^3 = b, b^2 c = c, c^3 = a c^2, b^2 d = d,
 * cd = ad, d^2 = c^2> of order 18, with P-portion {a, b^2, bc, c^2}. nimber's generators
 * are its own; some naming of them must satisfy every relation and give the same P. */
START_TEST(quotient_of_three_by_three)
{
    const nb_cached *c;
    const nb_notaktotable *t = table_of(3, &c);
    const nb_quotient *q = t->q;
    ck_assert_ptr_nonnull(q);
    ck_assert_uint_eq(q->n, t->parts); /* every board covered */
    ck_assert_uint_eq(q->order, 18);
    ck_assert_uint_eq(q->gens, 4);
    uint32_t lost = 0;
    for (uint32_t x = 0; x < q->order; x++)
        lost += q->lost[x];
    ck_assert_uint_eq(lost, 4);
    uint32_t gen[4];
    for (int i = 0; i < 4; i++)
        ck_assert(nb_quotient_phi(q, q->gen_heap[i], &gen[i]));
    bool found = false;
    static const int perms[24][4] = {
        {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
        {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
        {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
        {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};
    for (int k = 0; k < 24 && !found; k++) {
        uint32_t a = gen[perms[k][0]], b = gen[perms[k][1]], cc = gen[perms[k][2]],
                 d = gen[perms[k][3]];
#define M(x, y) nb_quotient_mul(q, (x), (y))
        uint32_t b2 = M(b, b), c2 = M(cc, cc);
        bool relations = M(a, a) == 0 && M(b2, b) == b && M(b2, cc) == cc &&
                         M(c2, cc) == M(a, c2) && M(b2, d) == d && M(cc, d) == M(a, d) &&
                         M(d, d) == c2;
        uint32_t p_want[4] = {a, b2, M(b, cc), c2};
#undef M
        bool p_same = relations; /* four distinct lost elements: the whole P-portion */
        for (int i = 0; i < 4 && p_same; i++) {
            p_same = q->lost[p_want[i]];
            for (int j = 0; j < i; j++)
                p_same = p_same && p_want[j] != p_want[i];
        }
        found = p_same;
    }
    ck_assert_msg(found, "no naming of the generators gives Plambeck and Whitehead's quotient");
    nb_table_release(&solver, c);
}
END_TEST

/* One empty 3 x 3 board under Notakto's rule: the first player wins, and only by the
 * centre (every account of the game since Plambeck and Whitehead). */
START_TEST(the_opening)
{
    nt_position t;
    nt_open(&t, 3, (const char *const[]){"........."}, 1);
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, &t.g, NB_MISERE, 16, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert_int_eq(a.verdict, NB_WIN);
    ck_assert_int_eq(a.method, NB_METHOD_MISERE_QUOTIENT);
    ck_assert_uint_eq(a.moves.len, 1);
    ck_assert_uint_eq(nb_movelist_at(&a.moves, 0).w[1], 4);
    nb_analysis_free(&a);
    /* two empty boards: the second player wins (the first's X is answered on its board) */
    free(t.g.state);
    nt_open(&t, 3, (const char *const[]){".........", "........."}, 2);
    ck_assert_msg(nb_analyse(&solver, &t.g, NB_MISERE, 16, &a, &err) == NB_OK, "%s", err.msg);
    ck_assert_int_eq(a.verdict, NB_LOSE);
    nb_analysis_free(&a);
    brute_check(&solver, &t.g, NB_MISERE, "two empty 3 x 3 boards");
    free(t.g.state);
}
END_TEST

/* Every 3 x 3 board alone, and random sums of up to four, against the brute force in both
 * conventions. */
START_TEST(three_by_three_against_brute)
{
    char what[96];
    for (uint32_t m = 0; m < 512; m++) {
        nt_position t;
        nt_blank(&t, 3, 1);
        t.g.state[0] = m;
        snprintf(what, sizeof what, "3 x 3 board %03x", m);
        brute_check(&solver, &t.g, NB_NORMAL, what);
        brute_check(&solver, &t.g, NB_MISERE, what);
        free(t.g.state);
    }
    for (int round = 0; round < 400; round++) {
        size_t n = 2 + rnd(3);
        nt_position t;
        nt_blank(&t, 3, n);
        for (size_t i = 0; i < n; i++)
            t.g.state[i] = random_board(3, 2 + (unsigned)n);
        snprintf(what, sizeof what, "%zu 3 x 3 boards (round %d)", n, round);
        brute_check(&solver, &t.g, NB_MISERE, what);
        if (round % 2)
            brute_check(&solver, &t.g, NB_NORMAL, what);
        free(t.g.state);
    }
}
END_TEST

/* Sums of Notakto games: boards of one size in each of two or three components are one
 * game of all their boards, answered as it is (the quotient, or the table for one live
 * board), each winning move in its component's words; a sum of two sizes is not one
 * game (the tame theory or the search). Every sum held to the brute-force solver. */
START_TEST(sums_of_games_against_brute)
{
    char what[96];
    unsigned one_game = 0, by_quotient = 0;
    for (int round = 0; round < 200; round++) {
        size_t count = 2 + rnd(2);
        bool sizes = round % 10 == 9; /* a 4 x 4 component beside 3 x 3 ones */
        nb_notakto_params p[3];
        uint64_t boards[3][2];
        nb_game parts[3];
        size_t total = 0; /* at most four boards, the more the fuller (as above) */
        for (size_t c = 0; c < count; c++) {
            unsigned k = sizes && c == 0 ? 4 : 3;
            size_t n = c + 1 < count && total < 2 ? 1 + rnd(2) : 1;
            total += n;
            p[c] = (nb_notakto_params){.k = k};
            parts[c] = (nb_game){&nb_notakto, &p[c], n, boards[c]};
        }
        for (size_t c = 0; c < count; c++)
            for (size_t i = 0; i < parts[c].len; i++)
                boards[c][i] = random_board(p[c].k, p[c].k == 4 ? 7 : 2 + (unsigned)total);
        nb_sum_params sum = {.count = count, .games = parts};
        nb_game g = {&nb_sum, &sum, 0, NULL};
        g.state = nb_sum_state(&sum, &g.len);
        snprintf(what, sizeof what, "a sum of %zu Notakto games%s (round %d)", count,
                 sizes ? " of two sizes" : "", round);
        brute_check(&solver, &g, NB_MISERE, what);
        nb_analysis a;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &g, NB_MISERE, 0, &a, &err) == NB_OK);
        one_game += !sizes;
        by_quotient += !sizes && a.method != NB_METHOD_SEARCH;
        ck_assert_msg(!sizes || a.method != NB_METHOD_MISERE_QUOTIENT, "%s", what);
        nb_analysis_free(&a);
        free(g.state);
    }
    ck_assert_msg(by_quotient == one_game, "%u of %u sums of one size by their rule",
                  by_quotient, one_game);
}
END_TEST

/* The product of a position's elements, left to right (the test's own, plain). Its
 * failure is checked once: Check logs every assertion it passes. */
static uint32_t plain_product(const nb_notaktotable *t, const uint64_t *boards, size_t n)
{
    uint32_t all = 0, e;
    bool covered = true;
    for (size_t i = 0; i < n; i++) {
        covered &= nb_notakto_element(t, (uint32_t)boards[i], &e);
        all = nb_quotient_mul(t->q, all, e);
    }
    ck_assert_msg(covered, "a 3 x 3 board the quotient does not cover");
    return all;
}

/* Sums of 20 to 2000 3 x 3 boards (past the brute force): the verdict is the P-portion's
 * word on the product of the boards' elements, and the winning moves are exactly the
 * moves after which it is lost, each product taken plainly. */
START_TEST(large_sums_through_the_quotient)
{
    const nb_cached *c;
    const nb_notaktotable *t = table_of(3, &c);
    for (int round = 0; round < 60; round++) {
        size_t n = 20 + rnd(round % 6 ? 200 : 2000);
        nt_position pos;
        nt_blank(&pos, 3, n);
        for (size_t i = 0; i < n; i++)
            pos.g.state[i] = random_board(3, 1 + rnd(4));
        nb_analysis a;
        nb_err err = {0};
        ck_assert_msg(nb_analyse(&solver, &pos.g, NB_MISERE, 100000, &a, &err) == NB_OK, "%s",
                      err.msg);
        bool lost = t->q->lost[plain_product(t, pos.g.state, n)];
        ck_assert_int_eq(a.verdict, lost ? NB_LOSE : NB_WIN);
        size_t wins = 0;
        for (size_t i = 0; i < n && !lost; i++) {
            uint64_t was = pos.g.state[i];
            pos.g.state[i] = 0x1FF; /* a full board: dead, the identity */
            uint32_t others = plain_product(t, pos.g.state, n), e = 0;
            uint32_t lines[12];
            unsigned nlines = nb_notakto_lines(3, lines);
            for (unsigned cell = 0; cell < 9; cell++) {
                if (nb_notakto_dead(lines, nlines, (uint32_t)was) || was >> cell & 1)
                    continue;
                if (nb_notakto_element(t, (uint32_t)(was | 1u << cell), &e) &&
                    t->q->lost[nb_quotient_mul(t->q, others, e)]) {
                    bool listed = false;
                    for (size_t m = 0; m < a.moves.len && !listed; m++) {
                        nb_move mv = nb_movelist_at(&a.moves, m);
                        listed = mv.w[0] == i && mv.w[1] == cell;
                    }
                    ck_assert_msg(listed, "round %d: board %zu cell %u wins, not listed", round,
                                  i, cell);
                    wins++;
                }
            }
            pos.g.state[i] = was;
        }
        ck_assert_uint_eq(a.moves.len, wins);
        nb_analysis_free(&a);
        free(pos.g.state);
    }
    nb_table_release(&solver, c);
}
END_TEST

/* Three empty 4 x 4 boards under misère play: past the quotient, and their search would
 * meet at least 1,453^3 / 3! positions (the live boards up to the symmetries of their lines,
 * and a dead one), more than max_states: refused at once, naming it, as one game and as a
 * sum of three (whose search would meet the same positions, until the request's time ran
 * out); a fuller pair is searched. */
START_TEST(searches_past_max_states_refused)
{
    nt_position t;
    static const char *const empty3[] = {"................", "................",
                                         "................"};
    nt_open(&t, 4, empty3, 3);
    nb_analysis a;
    nb_err err = {0};
    ck_assert_int_eq(nb_analyse(&solver, &t.g, NB_MISERE, 8, &a, &err), NB_ELIMIT);
    ck_assert_msg(strstr(err.msg, "max_states=10000000") != NULL, "%s", err.msg);
    nb_err_clear(&err);
    nb_notakto_params p[3] = {{.k = 4}, {.k = 4}, {.k = 4}}; /* each part its own, as decoded */
    uint64_t empty[3] = {0, 0, 0};
    nb_game parts[3] = {{&nb_notakto, &p[0], 1, &empty[0]}, {&nb_notakto, &p[1], 1, &empty[1]},
                        {&nb_notakto, &p[2], 1, &empty[2]}};
    nb_sum_params sum = {.count = 3, .games = parts};
    nb_game g = {&nb_sum, &sum, 0, NULL};
    g.state = nb_sum_state(&sum, &g.len);
    ck_assert_int_eq(nb_analyse(&solver, &g, NB_MISERE, 8, &a, &err), NB_ELIMIT);
    ck_assert_msg(strstr(err.msg, "positions to search, more than the limit max_states=10000000"),
                  "%s", err.msg); /* counted, not searched */
    nb_err_clear(&err);
    free(g.state);
    free(t.g.state);
    nt_open(&t, 4, (const char *const[]){"X.X..X.X.X.X..X.", ".X..X.X..X.X...X"}, 2);
    brute_check(&solver, &t.g, NB_MISERE, "two 4 x 4 boards of 7 and 6 X's");
    free(t.g.state);
}
END_TEST

/* The symmetries of each side's lines: 8, 32 and 32 distinct permutations of the cells,
 * the first the identity, each mapping the lines onto the lines; every board and each of
 * its images have one normal-play value and one misère outcome in the table (every 3 x 3
 * and 4 x 4 board, 20,000 random 5 x 5 ones) and one canonical form (a sixteenth of them);
 * the 4 x 4 boards fall into 1,452 live classes (4,961 under the square's eight symmetries
 * alone). */
START_TEST(symmetries_of_the_lines)
{
    for (unsigned k = 3; k <= 5; k++) {
        const uint8_t (*images)[NB_NOTAKTO_MAX_SIDE * NB_NOTAKTO_MAX_SIDE];
        unsigned n = nb_notakto_symmetries(k, &images), cells = k * k;
        ck_assert_uint_eq(n, k == 3 ? 8 : 32);
        uint32_t lines[2 * NB_NOTAKTO_MAX_SIDE + 2];
        unsigned nlines = nb_notakto_lines(k, lines);
        for (unsigned s = 0; s < n; s++) {
            uint32_t seen = 0;
            for (unsigned i = 0; i < cells; i++) {
                ck_assert(s || images[s][i] == i); /* the first: the identity */
                seen |= 1u << images[s][i];
            }
            ck_assert_uint_eq(seen, (1u << cells) - 1); /* a permutation */
            for (unsigned l = 0; l < nlines; l++) {
                uint32_t image = 0;
                for (unsigned i = 0; i < cells; i++)
                    image |= (uint32_t)(lines[l] >> i & 1) << images[s][i];
                bool a_line = false;
                for (unsigned m = 0; m < nlines; m++)
                    a_line |= image == lines[m];
                ck_assert_msg(a_line, "k %u symmetry %u: line %u goes to no line", k, s, l);
            }
            for (unsigned u = 0; u < s; u++)
                ck_assert_msg(memcmp(images[u], images[s], cells), "k %u: %u twice", k, s);
        }
        const nb_cached *c;
        const nb_notaktotable *t = table_of(k, &c);
        uint32_t boards = k < 5 ? 1u << cells : 20000;
        for (uint32_t b = 0; b < boards; b++) {
            uint32_t board = k < 5 ? b : (uint32_t)random_board(k, 3);
            for (unsigned s = 1; s < n; s++) {
                uint32_t image = 0;
                for (uint32_t x = board; x; x &= x - 1)
                    image |= 1u << images[s][__builtin_ctz(x)];
                ck_assert_uint_eq(t->board[image], t->board[board]);
                if (b % 16 == 0) /* one canonical form, for a sixteenth of the boards */
                    ck_assert_uint_eq(nb_notakto_canonical(k, image),
                                      nb_notakto_canonical(k, board));
            }
        }
        if (k == 4)
            ck_assert_uint_eq(t->parts, 1452 + 1);
        nb_table_release(&solver, c);
    }
}
END_TEST

/* 4 x 4 and 5 x 5 boards: the empty 4 x 4 board and random boards alone (the table), sums
 * of full 4 x 4 boards (the quotient as far as it goes, then the search) and of 5 x 5
 * ones, against the brute force in both conventions. */
START_TEST(larger_boards_against_brute)
{
    char what[96];
    nt_position t;
    nt_open(&t, 4, (const char *const[]){"................"}, 1);
    brute_check(&solver, &t.g, NB_MISERE, "the empty 4 x 4 board");
    brute_check(&solver, &t.g, NB_NORMAL, "the empty 4 x 4 board");
    free(t.g.state);
    for (int round = 0; round < 300; round++) {
        unsigned k = round % 3 ? 4 : 5;
        size_t n = 1 + rnd(round % 2 ? 1 : 3);
        nt_blank(&t, k, n);
        for (size_t i = 0; i < n; i++)
            t.g.state[i] = random_board(k, k == 5 ? 5 + (unsigned)n : 3 + (unsigned)n);
        snprintf(what, sizeof what, "%zu %u x %u boards (round %d)", n, k, k, round);
        brute_check(&solver, &t.g, NB_MISERE, what);
        brute_check(&solver, &t.g, NB_NORMAL, what);
        free(t.g.state);
    }
}
END_TEST

int main(void)
{
    const lib_case cases[] = {
        {"quotient_3x3", quotient_of_three_by_three, false},
        {"the_opening", the_opening, false},
        {"brute_3x3", three_by_three_against_brute, true},
        {"sums", sums_of_games_against_brute, false},
        {"large_sums", large_sums_through_the_quotient, true},
        {"brute_larger", larger_boards_against_brute, true},
        {"past_max_states", searches_past_max_states_refused, false},
        {"symmetries", symmetries_of_the_lines, false},
    };
    srandom(20261128);
    return check_run(lib_suite("notakto", cases, sizeof cases / sizeof *cases), true);
}
