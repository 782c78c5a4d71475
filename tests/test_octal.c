/* test_octal.c - the take-and-break games: published sequences (OEIS) and proved periods,
 * the sparse-space and general methods against the naive one on every short code (octal,
 * hexadecimal, marks, repeating groups), arithmetic periods proved and held against the
 * naive values, Lasker's Nim and Nim as repeating codes, moves of huge heaps re-analysed,
 * and the splitting game's closed form against the mex. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "oeis.h"
#include "games/beans/nb_beans.h"
#include "games/grundy/nb_grundy.h"
#include "core/nb_util.h"
#include "theory/nb_arith.h"
#include "theory/nb_octable.h"

static nb_solver solver;

static void setup(void)
{
    solver.cache = nb_cache_new(64u << 20);
    solver.limits = nb_limits_default();
}

static void teardown(void) { nb_cache_free(solver.cache); }

static nb_octal_params params_of(const char *code)
{
    nb_octal_params p = {0};
    nb_err err = {0};
    ck_assert_msg(nb_octal_parse(code, &p.rule, &err) == NB_OK, "%s: %s", code, err.msg);
    return p;
}

static nb_sequence table_of(nb_octal_params *p, uint64_t up_to)
{
    nb_sequence seq;
    nb_err err = {0};
    ck_assert_msg(nb_octal_sequence(&solver, p, 0, up_to, &seq, &err) == NB_OK, "%s", err.msg);
    return seq;
}

static void expect_prefix(const char *what, nb_octal_params *p, const uint64_t *want, size_t n)
{
    nb_sequence seq = table_of(p, n - 1);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(seq.values[i] == want[i], "%s: G(%zu) = %llu, published %llu", what, i,
                      (unsigned long long)seq.values[i], (unsigned long long)want[i]);
    free(seq.values);
}

/* OEIS A002188 (Grundy's game), A002187 (Dawson's chess, .137; Dawson's Kayles .07 is it
 * shifted by one), A002186 (Kayles, .77). */
START_TEST(published_sequences)
{
    static const uint64_t grundy[] = {
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
        2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
        1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
        7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3};
    static const uint64_t kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4,
                                      3, 2, 1};
    nb_octal_params p = {.rule = nb_grundy_rule()};
    expect_prefix("grundy", &p, grundy, sizeof grundy / sizeof *grundy);
    p = params_of("0.137");
    expect_prefix(".137", &p, oeis_a002187, OEIS_A002187_TERMS);
    p = params_of("0.07");
    nb_sequence seq = table_of(&p, 100);
    for (size_t n = 1; n <= 100; n++)
        ck_assert_msg(seq.values[n] == oeis_a002187[n - 1], ".07: G(%zu)", n);
    free(seq.values);
    p = params_of("0.77");
    expect_prefix(".77", &p, kayles, sizeof kayles / sizeof *kayles);
}
END_TEST

/* Periods proved by the octal periodicity theorem (Winning Ways, ch. 4; Flammenkamp's
 * tables), with the preperiods where the published exceptions fix them. */
START_TEST(proved_periods)
{
    static const struct {
        const char *code;
        uint64_t period, preperiod; /* preperiod UINT64_MAX: not checked */
    } cases[] = {
        {"0.77", 12, 71},          {"0.137", 34, 52},         {"0.07", 34, 53},
        {"0.1377", 24, UINT64_MAX}, {"0.177", 20, UINT64_MAX}, {"0.11377", 32, UINT64_MAX},
        {"0.7777", 24, UINT64_MAX}, {"0.3", 2, 0},             {"0.333", 4, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        nb_octal_params p = params_of(cases[i].code);
        nb_sequence seq = table_of(&p, 10);
        ck_assert_msg(seq.has_period && seq.period == cases[i].period, "%s: period %llu",
                      cases[i].code, (unsigned long long)seq.period);
        if (cases[i].preperiod != UINT64_MAX)
            ck_assert_msg(seq.preperiod == cases[i].preperiod, "%s: preperiod %llu",
                          cases[i].code, (unsigned long long)seq.preperiod);
        free(seq.values);
    }
    nb_octal_params grundy = {.rule = nb_grundy_rule()};
    nb_sequence seq = table_of(&grundy, 10);
    ck_assert(!seq.has_period); /* the theorem does not apply: nothing is claimed */
    free(seq.values);
}
END_TEST

static void expect_same(const nb_octal_rule *rule, uint64_t n, const char *what)
{
    uint32_t *naive = malloc(n * sizeof *naive), *sparse = malloc(n * sizeof *sparse);
    nb_octal_naive(rule, n, naive);
    nb_octal_sparse(rule, n, sparse);
    for (uint64_t i = 0; i < n; i++)
        ck_assert_msg(naive[i] == sparse[i], "%s: G(%llu) naive %u, sparse %u", what,
                      (unsigned long long)i, naive[i], sparse[i]);
    free(naive);
    free(sparse);
}

/* Every code d0.d1 and d0.d1d2 (d0 0 or 4), random longer ones, and Grundy's game. */
START_TEST(sparse_matches_naive)
{
    char code[16];
    for (int d0 = 0; d0 <= 4; d0 += 4)
        for (int a = 0; a < 8; a++)
            for (int b = -1; b < 8; b++) {
                snprintf(code, sizeof code, b < 0 ? "%d.%d" : "%d.%d%d", d0, a, b);
                nb_octal_params p = params_of(code);
                expect_same(&p.rule, 700, code);
            }
    for (int k = 0; k < 40; k++) {
        int len = 3 + (int)(random() % 4);
        code[0] = random() % 2 ? '4' : '0', code[1] = '.';
        for (int j = 0; j < len; j++)
            code[2 + j] = (char)('0' + random() % 8);
        code[2 + len] = '\0';
        nb_octal_params p = params_of(code);
        expect_same(&p.rule, 700, code);
    }
    nb_octal_rule grundy = nb_grundy_rule();
    expect_same(&grundy, 4000, "grundy");
    /* a cached table grown in three steps, each resuming the last one's mask and rare heaps */
    uint32_t *naive = malloc(9000 * sizeof *naive);
    nb_octal_naive(&grundy, 9000, naive);
    nb_octal_params p = {.rule = grundy};
    for (uint64_t up_to = 2000; up_to < 9000; up_to = 2 * up_to + 500) {
        nb_sequence seq = table_of(&p, up_to);
        for (uint64_t n = 0; n <= up_to; n++)
            ck_assert_msg(seq.values[n] == naive[n], "grundy grown to %llu: G(%llu)",
                          (unsigned long long)up_to, (unsigned long long)n);
        free(seq.values);
    }
    free(naive);
}
END_TEST

/* Every winning move a (of g) lists re-analysed: the position after it is a loss; and a
 * won position lists one at least. Frees a. */
static void expect_moves_win(const char *code, const nb_game *g, nb_analysis *a)
{
    ck_assert(a->verdict == NB_LOSE || a->moves.len > 0);
    for (size_t i = 0; i < a->moves.len; i++) {
        nb_move m = nb_movelist_at(&a->moves, i);
        nb_state after = {0};
        g->rules->apply(g, &m, &after);
        nb_octal_params q = {.rule = ((const nb_octal_params *)g->params)->rule};
        nb_game next = {&nb_octal, &q, after.len, after.w};
        nb_analysis b;
        nb_err err = {0};
        ck_assert(nb_analyse(&solver, &next, NB_NORMAL, 1, &b, &err) == NB_OK);
        ck_assert_msg(b.verdict == NB_LOSE, "%s: move %zu leaves a win", code, i);
        nb_analysis_free(&b);
        free(after.w);
    }
    nb_analysis_free(a);
}

/* Heaps of 10^18 through the period: every listed move re-analysed (the position after it
 * is a loss), and at least one listed when the position is a win. */
START_TEST(huge_heaps_moves_reanalysed)
{
    const char *codes[] = {"0.77", "0.07", "0.137", "4.07", "0.F", "0.B"};
    for (size_t c = 0; c < sizeof codes / sizeof *codes; c++) {
        nb_octal_params p = params_of(codes[c]);
        uint64_t heaps[2] = {1000000000000000000ULL, 999999999999999999ULL};
        nb_game g = {&nb_octal, &p, 2, heaps};
        nb_err err = {0};
        nb_analysis a; /* nb_analyse opens the game (its table) and closes it */
        ck_assert_msg(nb_analyse(&solver, &g, NB_NORMAL, 16, &a, &err) == NB_OK, "%s: %s",
                      codes[c], err.msg);
        expect_moves_win(codes[c], &g, &a);
    }
}
END_TEST

/* The splitting game: the odious closed form against the mex over every pair, and the
 * problem's own samples. */
START_TEST(beans_closed_form_and_samples)
{
    enum { N = 600 };
    uint64_t b[N];
    static bool seen[2 * N * N];
    b[0] = 0;
    for (uint64_t d = 1; d < N; d++) {
        memset(seen, 0, sizeof seen);
        for (uint64_t x = 0; x < d; x++)
            for (uint64_t y = 0; y <= x; y++)
                seen[b[x] ^ b[y]] = true;
        for (b[d] = 0; seen[b[d]];)
            b[d]++;
        ck_assert_msg(nb_beans_value(d) == b[d], "b(%llu)", (unsigned long long)d);
    }
    uint64_t won[] = {1, 0, 1, 5000}, lost[] = {0, 0, 1};
    nb_game g = {&nb_beans, NULL, 4, won};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err) == NB_OK);
    ck_assert(a.verdict == NB_WIN && a.moves.len == 1);
    nb_move m = nb_movelist_at(&a.moves, 0);
    ck_assert(m.w[0] == 0 && m.w[1] == 2 && m.w[2] == 3);
    nb_analysis_free(&a);
    g = (nb_game){&nb_beans, NULL, 3, lost};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err) == NB_OK);
    ck_assert(a.verdict == NB_LOSE);
    nb_analysis_free(&a);
}
END_TEST

/* Hexadecimal codes (three-heap splits, splits that take nothing), unequal splits and
 * repeating groups: the general method against the naive one on every code d0.d1 (d0 0, 4,
 * 8 or C; d1 any hex digit; with and without '!') and on random longer ones. */
START_TEST(take_and_break_codes_match_naive)
{
    char code[24];
    for (int d0 = 0; d0 < 16; d0 += 4)
        for (int d1 = 0; d1 < 16; d1++)
            for (int bang = 0; bang < 2; bang++) {
                snprintf(code, sizeof code, "%X.%X%s", d0, d1, bang ? "!" : "");
                nb_octal_params p = params_of(code);
                expect_same(&p.rule, 160, code);
            }
    for (int k = 0; k < 60; k++) {
        size_t at = 0, len = 1 + (size_t)(random() % 4), group = 1 + (size_t)(random() % 6);
        code[at++] = "048C"[random() % 4];
        code[at++] = '.';
        for (size_t j = 1; j <= len; j++) {
            if (j == group)
                code[at++] = '[';
            code[at++] = "0123456789ABCDEF"[random() % 16];
            if (random() % 4 == 0)
                code[at++] = '!';
        }
        if (group <= len)
            code[at++] = ']';
        code[at] = '\0';
        nb_octal_params p = params_of(code);
        expect_same(&p.rule, 120, code);
    }
}
END_TEST

/* The values of a code written with CGSuite's marks, computed here without the library's
 * rule: the code read digit by digit (hex, with '!', '?' or '=' after any, a bracketed
 * group repeating), every way of leaving 0..3 heaps listed and the mark's meaning applied
 * to it as CGSuite's documentation states it: on moves leaving two heaps or more, '!'
 * pairwise unequal, '?' not all equal, '=' all equal. */
static void independent_values(const char *code, uint64_t n, uint32_t *values)
{
    int digit[40] = {0};
    char mark[40] = {0};
    size_t len = 0, group = 0;
    for (const char *c = code; *c; c++) {
        if (*c == '.' || *c == ']')
            continue;
        if (*c == '[') {
            group = len;
            continue;
        }
        if (strchr("!?=", *c)) {
            mark[len - 1] = *c;
            continue;
        }
        digit[len++] = *c <= '9' ? *c - '0' : *c - 'A' + 10;
    }
    for (uint64_t h = 0; h < n; h++) {
        bool seen[512] = {false};
        for (uint64_t j = 0; j <= h; j++) {
            size_t at = j < len ? j : group ? group + (j - group) % (len - group) : len;
            int d = at < len ? digit[at] : 0;
            char mk = at < len ? mark[at] : 0;
            uint64_t m = h - j;
            if (j == 0 && !(d & 12))
                continue;
            if ((d & 1) && m == 0)
                seen[0] = true;
            if ((d & 2) && m > 0 && j > 0)
                seen[values[m]] = true;
            for (uint64_t a = 1; a < m; a++)
                for (uint64_t b = a; a + b <= m; b++) {
                    uint64_t c = m - a - b;
                    bool two = c == 0, three = c >= b;
                    if (!two && !three)
                        continue;
                    if (two && (b != m - a || !(d & 4)))
                        continue;
                    if (!two && !(d & 8))
                        continue;
                    bool all = two ? a == b : a == b && b == c;
                    bool pairwise = two ? a != b : a != b && b != c;
                    if ((mk == '!' && !pairwise) || (mk == '?' && all) || (mk == '=' && !all))
                        continue;
                    seen[two ? values[a] ^ values[b] : values[a] ^ values[b] ^ values[c]] = true;
                }
        }
        uint32_t v = 0;
        while (seen[v])
            v++;
        values[h] = v;
    }
}

/* Appends the heaps a move leaves ("[1,2]") to the text at ctx. */
static bool list_leave(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    char *text = ctx;
    size_t at = strlen(text);
    at += (size_t)snprintf(text + at, 256 - at, "[");
    for (size_t k = 0; k < len; k++)
        at += (size_t)snprintf(text + at, 256 - at, "%s%llu", k ? "," : "",
                               (unsigned long long)after[k]);
    snprintf(text + at, 256 - at, "]");
    (void)m;
    return true;
}

/* CGSuite's marks '!', '?' and '=' on every short code and random longer ones (groups
 * too): the library's methods (naive, sparse or general) against the independent count;
 * and the cases the contract names. */
START_TEST(marks_match_their_meaning)
{
    char code[40];
    uint32_t mine[90], lib[90], sparse[90];
    for (int k = 0; k < 400; k++) {
        size_t at = 0, len = 1 + (size_t)(k < 256 ? 0 : random() % 4);
        size_t group = k % 3 == 0 ? 1 + (size_t)(random() % 4) : 99;
        code[at++] = "048C"[k < 256 ? k / 64 : random() % 4];
        if (random() % 2)
            code[at++] = "!?="[random() % 3];
        code[at++] = '.';
        for (size_t j = 1; j <= len; j++) {
            if (j == group)
                code[at++] = '[';
            code[at++] = "0123456789ABCDEF"[k < 256 ? k % 16 : random() % 16];
            if (random() % 2)
                code[at++] = "!?="[random() % 3];
        }
        if (group <= len)
            code[at++] = ']';
        code[at] = '\0';
        nb_octal_params p = params_of(code);
        independent_values(code, 90, mine);
        nb_octal_naive(&p.rule, 90, lib);
        nb_octal_sparse(&p.rule, 90, sparse);
        for (int h = 0; h < 90; h++)
            ck_assert_msg(mine[h] == lib[h] && lib[h] == sparse[h],
                          "%s: G(%d) = %u here, %u naive, %u by the table's method", code, h,
                          mine[h], lib[h], sparse[h]);
    }
    /* the contract's cases: 4?.0 is Grundy's game; 4=.0 halves; 0.7? lets 2 become 1 */
    uint32_t a[60], b[60];
    nb_octal_params q = params_of("4?.0"), g = {.rule = nb_grundy_rule()};
    nb_octal_naive(&q.rule, 60, a);
    nb_octal_naive(&g.rule, 60, b);
    ck_assert(!memcmp(a, b, sizeof a));
    char canonical[NB_OCTAL_CODE_MAX];
    nb_octal_code(&q.rule, canonical);
    ck_assert_str_eq(canonical, "4!.0"); /* one game, one table */
    nb_octal_params half = params_of("4=.0"); /* an even heap halves, into a value of 0 */
    nb_octal_naive(&half.rule, 60, a);
    for (int h = 0; h < 60; h++)
        ck_assert_uint_eq(a[h], (uint32_t)(h >= 2 && h % 2 == 0));
    static const struct { const char *code; uint64_t heap; const char *moves; } listed[] = {
        {"0.7?", 2, "[1]"},               /* one heap left: no mark restricts it */
        {"8?.0", 4, "[1,1,2]"},           /* not all equal */
        {"8!.0", 4, ""},                  /* pairwise unequal: no split of 4 */
        {"8=.0", 6, "[2,2,2]"},           /* all equal */
        {"4=.0", 6, "[3,3]"},             /* halves */
        {"C?.0", 6, "[1,5][2,4][1,1,4][1,2,3]"}, /* [3,3] is two equal heaps: refused too */
    };
    for (size_t i = 0; i < sizeof listed / sizeof *listed; i++) {
        nb_octal_params p = params_of(listed[i].code);
        uint64_t heap = listed[i].heap;
        nb_game g = {&nb_octal, &p, 1, &heap};
        char text[256] = "";
        g.rules->each_move(&g, list_leave, text);
        ck_assert_msg(!strcmp(text, listed[i].moves), "%s, heap %llu: %s", listed[i].code,
                      (unsigned long long)heap, text);
    }
}
END_TEST

/* Closed forms of codes with a repeating group and the equal rules written two ways:
 * 4.[3] is Lasker's Nim (g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3),
 * 0.[3] Nim, 4!.0 Grundy's game (its canonical code, hence one table); a period proved
 * for a three-heap code (0.F: remove one, leave up to three heaps) holds against the naive
 * values past it. */
START_TEST(codes_with_known_values)
{
    nb_octal_params lasker = params_of("4.[3]"), nim = params_of("0.[3]");
    nb_sequence l = table_of(&lasker, 3000), n = table_of(&nim, 3000);
    ck_assert(l.has_period && l.period == 4 && l.preperiod == 1 && l.saltus == 4);
    ck_assert(n.has_period && n.period == 1 && n.preperiod == 0 && n.saltus == 1);
    for (uint64_t i = 1; i <= 3000; i++) {
        uint64_t want = i % 4 == 3 ? i + 1 : i % 4 == 0 ? i - 1 : i;
        ck_assert_msg(l.values[i] == want, "4.[3]: G(%llu) = %llu", (unsigned long long)i,
                      (unsigned long long)l.values[i]);
        ck_assert_uint_eq(n.values[i], i);
    }
    free(l.values);
    free(n.values);
    nb_octal_params bang = params_of("4!.0"), lower = params_of("0.f"), grundy = {.rule = nb_grundy_rule()};
    ck_assert_str_eq(nb_octable_key(&bang.rule).text, nb_octable_key(&grundy.rule).text);
    char a[NB_OCTAL_CODE_MAX];
    nb_octal_code(&lower.rule, a);
    ck_assert_str_eq(a, "0.F");
    const char *same[][2] = {{".137", "0.137"}, {"0.{1,2}", "0.6"}, {"0.[{0,1}]", "0.[3]"},
                             {"{2}?.0", "4!.0"}, {"0.f", "0.F"}};
    for (size_t i = 0; i < sizeof same / sizeof *same; i++) { /* CGSuite's other forms */
        nb_octal_params one = params_of(same[i][0]);
        nb_octal_code(&one.rule, a);
        ck_assert_str_eq(a, same[i][1]);
    }
    nb_octal_params dropped = params_of("0!.3![30]");
    nb_octal_code(&dropped.rule, a);
    ck_assert_str_eq(a, "0.3[30]"); /* no '!' where no split is made */
    nb_sequence f = table_of(&lower, 10);
    ck_assert(f.has_period && f.period == 2 && f.preperiod == 0);
    uint32_t naive[600];
    nb_octal_naive(&lower.rule, 600, naive);
    for (uint64_t i = 0; i < 600; i++)
        ck_assert_uint_eq(naive[i], f.values[i % 2]);
    free(f.values);
}
END_TEST

/* g(k) by the proved arithmetic period: the table's values below its length, else
 * g(n0 + (k - n0) mod p) + s (k - n0) / p. */
static uint64_t by_period(const uint32_t *values, uint64_t n0, uint64_t p, uint64_t s,
                          uint64_t k)
{
    return k < n0 + p ? values[k] : values[n0 + (k - n0) % p] + s * ((k - n0) / p);
}

/* Proves (or not) the arithmetic period of a random code with a group from its first
 * SEEN values, then holds it against the naive values to WANT, and checks it is the least:
 * no smaller period holds on [n0, WANT), and n0 - 1 breaks it. Returns whether proved. */
static bool check_arithmetic(const char *code, const uint32_t *naive, uint64_t SEEN,
                             uint64_t WANT)
{
    nb_octal_params p = params_of(code);
    nb_arith a;
    if (!nb_arith_prove(&p.rule, naive, SEEN, &a))
        return false;
    ck_assert_msg(a.period >= 1 && a.preperiod + a.period <= SEEN, "%s", code);
    for (uint64_t k = 0; k < WANT; k++)
        ck_assert_msg(naive[k] == by_period(naive, a.preperiod, a.period, a.saltus, k),
                      "%s: g(%llu) = %u, the period (%llu, %llu, %llu) says otherwise", code,
                      (unsigned long long)k, naive[k], (unsigned long long)a.preperiod,
                      (unsigned long long)a.period, (unsigned long long)a.saltus);
    for (uint64_t q = 1; q < a.period; q++) { /* no smaller period holds */
        bool holds = naive[a.preperiod + q] >= naive[a.preperiod];
        uint64_t s = naive[a.preperiod + q] - naive[a.preperiod];
        for (uint64_t k = a.preperiod; holds && k + q < WANT; k++)
            holds = naive[k + q] == naive[k] + s;
        ck_assert_msg(!holds, "%s: period %llu holds, %llu was given", code,
                      (unsigned long long)q, (unsigned long long)a.period);
    }
    if (a.preperiod > 0) /* nor an earlier start */
        ck_assert_msg(naive[a.preperiod - 1 + a.period] !=
                          naive[a.preperiod - 1] + a.saltus, "%s: preperiod", code);
    return true;
}

/* Hundreds of random codes with a group: every proved arithmetic period (identity, Lasker,
 * the state certificate) holds on the naive values far past the values it was proved
 * from, and is the least; every code the identity and state theorems cover is proved. */
START_TEST(arithmetic_periods_hold_past_the_proof)
{
    enum { LONG = 3000, SHORT = 240, SHORTER = 90 }; /* naive values where the group splits
                                                       * (cubic) or a digit leaves three heaps */
    static uint32_t naive[LONG];
    uint64_t seed = 64;
    size_t proved = 0, covered = 0, tried = 0;
    char code[40];
    for (int k = 0; k < 400; k++) {
        bool never_splits = k % 2 == 0; /* half the codes: digits of bits 1 and 2 only */
        size_t at = 0, len = 1 + nb_splitmix64(&seed) % 6, group = 1 + nb_splitmix64(&seed) % len;
        code[at++] = never_splits ? '0' : "0448"[nb_splitmix64(&seed) % 4];
        code[at++] = '.';
        for (size_t j = 1; j <= len; j++) {
            if (j == group)
                code[at++] = '[';
            code[at++] = "0123456789ABCDEF"[nb_splitmix64(&seed) % (never_splits ? 4 : 16)];
            if (!never_splits && nb_splitmix64(&seed) % 5 == 0)
                code[at++] = "!?="[nb_splitmix64(&seed) % 3];
        }
        code[at++] = ']';
        code[at] = '\0';
        nb_octal_params p = params_of(code);
        tried++;
        bool group_splits = false;
        for (size_t j = p.rule.tail; j <= p.rule.last; j++)
            group_splits |= (p.rule.digit[j] & 12) != 0;
        uint64_t want = nb_octal_parts(&p.rule) > 2 ? SHORTER : group_splits ? SHORT : LONG;
        nb_octal_naive(&p.rule, want, naive);
        nb_arith_theorem th = nb_arith_theorem_of(&p.rule);
        bool ok = check_arithmetic(code, naive, want * 3 / 10, want);
        proved += ok;
        if (th == NB_ARITH_IDENTITY || th == NB_ARITH_STATES) {
            covered++;
            ck_assert_msg(ok, "%s: a code its theorem covers is not proved", code);
        }
    }
    printf("arithmetic periods: %zu of %zu random codes proved (%zu covered by a theorem)\n",
           proved, tried, covered);
    ck_assert_uint_ge(covered, 150); /* the random codes do reach the theorems */
}
END_TEST

/* Lasker's Nim and Nim written as codes, the all-but games: heaps to 10^18 valued by the
 * arithmetic period (method "arithmetic-period"), HDU 3032's heaps to 2^31 - 1 by the
 * closed form, and every winning move of heaps of 10^18 re-analysed; a code with a group
 * and no theorem is refused past the table, naming why. */
START_TEST(arithmetic_periods_answer_huge_heaps)
{
    const char *codes[] = {"4.[3]", "0.[3]", "0.[7]", "0.0[3]", "0.30[3]", "0.03303300[3]",
                           "0.3[1]", "0.[F]", "4.[7]"};
    uint64_t heaps[][3] = {{1000000000000000000ULL, 999999999999999998ULL, 12345678901ULL},
                           {2147483647, 2147483646, 1000000007},
                           {1000000000000000003ULL, 1, 2}};
    for (size_t c = 0; c < sizeof codes / sizeof *codes; c++)
        for (size_t h = 0; h < sizeof heaps / sizeof *heaps; h++) {
            nb_octal_params p = params_of(codes[c]);
            nb_game g = {&nb_octal, &p, 3, heaps[h]};
            nb_err err = {0};
            nb_analysis a;
            nb_status st = nb_analyse(&solver, &g, NB_NORMAL, 64, &a, &err);
            if (strcmp(codes[c], "4.[7]") == 0) { /* no theorem covers it */
                ck_assert_int_eq(st, NB_ELIMIT);
                ck_assert_msg(strstr(err.msg, "no arithmetic periodicity"), "%s", err.msg);
                continue;
            }
            ck_assert_msg(st == NB_OK, "%s: %s", codes[c], err.msg);
            uint64_t x = 0;
            for (size_t i = 0; i < 3; i++) {
                uint64_t n = heaps[h][i], want = n;
                if (strcmp(codes[c], "4.[3]") == 0) /* Lasker 1931 */
                    want = n % 4 == 3 ? n + 1 : n % 4 == 0 && n ? n - 1 : n;
                else if (strcmp(codes[c], "0.0[3]") == 0)
                    want = n / 2; /* take at least two: g(n) = floor(n / 2) */
                else if (strcmp(codes[c], "0.3[1]") == 0)
                    want = n == 0 ? 0 : n % 2 ? 1 : 2;
                if (strcmp(codes[c], "0.30[3]") && strcmp(codes[c], "0.03303300[3]"))
                    ck_assert_msg(a.components[i].sg == want, "%s: g(%llu) = %llu", codes[c],
                                  (unsigned long long)n,
                                  (unsigned long long)a.components[i].sg);
                if (n >= NB_ARITH_SEARCH && strcmp(codes[c], "0.3[1]"))
                    ck_assert_int_eq(a.components[i].method, NB_METHOD_ARITHMETIC_PERIOD);
                x ^= a.components[i].sg;
            }
            ck_assert_uint_eq(a.sg, x);
            expect_moves_win(codes[c], &g, &a);
        }
}
END_TEST

/* Codes of 32 digits, each with a mark, that differ only in their last characters: each
 * has its own table (the key is the whole canonical code), its values the naive ones,
 * asked one after the other through one cache. A key that would not fit whole is refused,
 * never cut. */
START_TEST(longest_codes_keep_their_own_tables)
{
    char c1[80] = "0.", c2[80] = "0.";
    for (int i = 0; i < 32; i++)
        strcat(c1, "4!");
    for (int i = 0; i < 27; i++)
        strcat(c2, "4!");
    strcat(c2, "4");
    const char *codes[] = {c1, c2, "0.4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4![4!]",
                           "0.4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4!4![4]"};
    for (size_t k = 0; k < sizeof codes / sizeof *codes; k++) {
        nb_octal_params p = params_of(codes[k]);
        nb_key key = nb_octable_key(&p.rule);
        ck_assert(!key.cut);
        char code[NB_OCTAL_CODE_MAX];
        nb_octal_code(&p.rule, code);
        ck_assert_str_eq(key.text + strlen("octal:"), code);
        nb_sequence seq = table_of(&p, 120);
        uint32_t naive[121];
        nb_octal_naive(&p.rule, 121, naive);
        for (uint64_t i = 0; i <= 120; i++)
            ck_assert_msg(seq.values[i] == naive[i], "%s: G(%llu) = %llu, naive %u", codes[k],
                          (unsigned long long)i, (unsigned long long)seq.values[i], naive[i]);
        free(seq.values);
    }
    /* the pair: 28 and 30 at heaps 60 and 100 for the shorter one */
    nb_octal_params p2 = params_of(c2);
    nb_sequence seq = table_of(&p2, 100);
    ck_assert_uint_eq(seq.values[60], 28);
    ck_assert_uint_eq(seq.values[100], 30);
    free(seq.values);
    nb_key k = {0};
    nb_key_add(&k, "%s", "octal:");
    for (int i = 0; i < NB_KEY_MAX; i++)
        nb_key_add(&k, "7");
    ck_assert(k.cut);
    ck_assert_uint_eq(strlen(k.text), NB_KEY_MAX - 1); /* what fitted, each piece whole */
    nb_err err = {0};
    ck_assert_int_eq(nb_key_check(&k, &err), NB_ELIMIT);
    const nb_cached *t = NULL;
    ck_assert_int_eq(nb_table_acquire(&solver, &k, &nb_octable_kind, NULL, &t, &err), NB_ELIMIT);
    ck_assert_ptr_null(t);
    nb_key whole = {0};
    nb_key_add(&whole, "%.*s", NB_KEY_MAX - 1, "x");
    ck_assert(!whole.cut);
}
END_TEST

START_TEST(malformed_codes)
{
    const char *bad[] = {"", "0", "0.", "1.07", "2.7", "0.07x", ".", "!.7", "0,07", "00.7",
                         "0.123456701234567012345670123456701", "0.[", "0.[]", "0.[3",
                         "0.3]", "0.[3]4", "0.[3][4]", "0!!.7", "0.7!!", "0.!7", "G.7",
                         "0.[1[2]]", "0.3!?", "0.7=!", "4?!.0", "0.{4}", "0.{2+}", "0.{}",
                         "0.{1,2", "{0}.7", "{1}.7", "0.{12}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        nb_octal_rule r;
        nb_err err = {0};
        ck_assert_msg(nb_octal_parse(bad[i], &r, &err) == NB_EINVAL && err.field == 1,
                      "\"%s\" accepted", bad[i]);
    }
}
END_TEST

int main(void)
{
    srandom(24);
    Suite *s = suite_create("octal");
    TCase *tc = tcase_create("octal");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, published_sequences);
    tcase_add_test(tc, proved_periods);
    tcase_add_test(tc, sparse_matches_naive);
    tcase_add_test(tc, huge_heaps_moves_reanalysed);
    tcase_add_test(tc, beans_closed_form_and_samples);
    tcase_add_test(tc, take_and_break_codes_match_naive);
    tcase_add_test(tc, marks_match_their_meaning);
    tcase_add_test(tc, codes_with_known_values);
    tcase_add_test(tc, arithmetic_periods_hold_past_the_proof);
    tcase_add_test(tc, arithmetic_periods_answer_huge_heaps);
    tcase_add_test(tc, malformed_codes);
    tcase_add_test(tc, longest_codes_keep_their_own_tables);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
