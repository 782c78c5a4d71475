/* test_loopy.c - tokens on graphs with cycles: generalized Sprague-Grundy values worked by
 * hand and held to the retrograde analysis of the product graph (a Nim heap beside every
 * node), the labelling's counter function, and play that wins: nb_play against a random
 * and an exhaustive opponent, every won game ending within its bound and no draw lost. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "brute.h"
#include "check_run.h"
#include "engine/nb_loopy.h"
#include "games/dag/nb_dag.h"

#define HEAP 4           /* the Nim heap beside the graph: values 0..HEAP-1 */
#define MAX_NODES 8
#define MAX_EDGES (4 * MAX_NODES + HEAP * HEAP)

static nb_solver solver;

static void setup(void)
{
    solver.cache = nb_cache_new(16u << 20);
    solver.limits = nb_limits_default();
}

static void teardown(void) { nb_cache_free(solver.cache); }

static uint64_t rnd(uint64_t n) { return n ? (uint64_t)random() % n : 0; }

/* A random graph on nodes 0..n-1 (random edges with self-loops and both directions, and
 * at times a long cycle or 2-cycles over fresh edges), then, when heap is set, a Nim heap
 * on nodes n..n+HEAP-1: node n+i moves to every n+j, j < i, so its value is i. */
static size_t random_graph(uint32_t *edges, size_t n, bool heap)
{
    size_t m = 0;
    for (size_t e = rnd(2 * n + 1); e > 0; e--) {
        edges[2 * m] = (uint32_t)rnd(n), edges[2 * m + 1] = (uint32_t)rnd(n);
        m++;
    }
    if (rnd(3) == 0) { /* a cycle through every node, in a random order */
        uint32_t perm[MAX_NODES];
        for (size_t i = 0; i < n; i++)
            perm[i] = (uint32_t)i;
        for (size_t i = n; i > 1; i--) {
            size_t j = rnd(i);
            uint32_t t = perm[i - 1];
            perm[i - 1] = perm[j], perm[j] = t;
        }
        for (size_t i = 0; i < n; i++, m++)
            edges[2 * m] = perm[i], edges[2 * m + 1] = perm[(i + 1) % n];
    } else if (rnd(2) == 0) { /* 2-cycles */
        for (size_t k = rnd(n) + 1; k > 0; k--, m += 2) {
            uint32_t a = (uint32_t)rnd(n), b = (uint32_t)rnd(n);
            edges[2 * m] = a, edges[2 * m + 1] = b, edges[2 * m + 2] = b, edges[2 * m + 3] = a;
        }
    }
    for (size_t i = 0; heap && i < HEAP; i++)
        for (size_t j = 0; j < i; j++, m++)
            edges[2 * m] = (uint32_t)(n + i), edges[2 * m + 1] = (uint32_t)(n + j);
    return m;
}

/* The values nb_dag gives every node, and K of the infinite ones from the edges: bit j
 * of k[v] when a successor of v has the finite value j (values here stay below 64). */
static void values(nb_dag_params *p, uint32_t *gamma, uint32_t *counter, uint64_t *k)
{
    uint64_t token = 0;
    nb_game g = {&nb_dag, p, 1, &token};
    nb_err err = {0};
    ck_assert_msg(nb_game_open(&solver, &g, &err) == NB_OK, "%s", err.msg);
    memcpy(gamma, p->sg, p->nodes * sizeof *gamma);
    if (p->loopy)
        memcpy(counter, p->counter, p->nodes * sizeof *counter);
    nb_game_close(&solver, &g);
    memset(k, 0, p->nodes * sizeof *k);
    for (size_t e = 0; e < p->nedges; e++) {
        uint32_t u = p->edges[2 * e], v = p->edges[2 * e + 1];
        if (gamma[v] != NB_GAMMA_INFINITE)
            k[u] |= 1ULL << gamma[v];
    }
}

/* Worked by hand from the definition (a finite value is the mex of the followers' and
 * every follower of larger or infinite value reverses to it; ∞(K) otherwise). */
START_TEST(gamma_by_hand)
{
    static const struct {
        size_t nodes, nedges;
        uint32_t edges[16];
        uint32_t gamma[4];
        uint64_t k[4]; /* bit j: j in K (infinite nodes only) */
    } cases[] = {
        /* a self-loop: the token can always pass; ∞ with no finite follower: a draw */
        {1, 1, {0, 0}, {NB_GAMMA_INFINITE}, {0}},
        /* 0 <-> 1 -> 2: 2 is 0; 1 moves to 2, so not 0, and 0's only follower 1 reverses
         * to 2: 0 is 0 though it lies on a cycle, and 1 is mex{0, 0} = 1 */
        {3, 3, {0, 1, 1, 0, 1, 2}, {0, 1, 0}, {0}},
        /* the 3-cycle 0 -> 1 -> 2 -> 0 with an exit from each to the sink 3: leaving the
         * cycle loses, staying never ends; each is ∞({0}), so one token wins (exit) */
        {4, 6, {0, 1, 1, 2, 2, 0, 0, 3, 1, 3, 2, 3},
         {NB_GAMMA_INFINITE, NB_GAMMA_INFINITE, NB_GAMMA_INFINITE, 0}, {1, 1, 1, 0}},
        /* 0 <-> 1 with 0 -> 2 and 1 -> 3, both sinks: each of 0, 1 has a follower of value
         * 0 and one (the other) that never reverses to 0: ∞({0}) */
        {4, 4, {0, 1, 1, 0, 0, 2, 1, 3},
         {NB_GAMMA_INFINITE, NB_GAMMA_INFINITE, 0, 0}, {1, 1, 0, 0}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        nb_dag_params p = {.nodes = cases[c].nodes, .nedges = cases[c].nedges,
                           .edges = cases[c].edges};
        uint32_t gamma[4], counter[4];
        uint64_t k[4];
        values(&p, gamma, counter, k);
        for (size_t v = 0; v < p.nodes; v++) {
            ck_assert_msg(gamma[v] == cases[c].gamma[v], "case %zu node %zu: %u", c, v, gamma[v]);
            if (gamma[v] == NB_GAMMA_INFINITE)
                ck_assert_msg(k[v] == cases[c].k[v], "case %zu node %zu: K", c, v);
        }
    }
}
END_TEST

/* Thousands of random graphs with a Nim heap of value s beside: by the generalized SG
 * theorem, tokens on v and on the heap's node s lose iff γ(v) = s; with γ(v) = ∞(K) they
 * win iff s is in K, else draw. The brute force knows none of it: it solves the graph
 * of token pairs by retrograde analysis. Also the labelling's properties: a finite value
 * is the mex of the followers' values, every follower of larger or infinite value has a
 * follower of the same value with a smaller counter, and counters grow with values. */
START_TEST(gamma_against_product_graph)
{
    size_t draws = 0, loopy = 0;
    for (int round = 0; round < 2000; round++) {
        size_t n = 1 + rnd(MAX_NODES - 1);
        uint32_t edges[2 * (MAX_EDGES + MAX_NODES)];
        nb_dag_params p = {.nodes = n + HEAP, .edges = edges};
        p.nedges = random_graph(edges, n, true);
        uint32_t gamma[MAX_NODES + HEAP], counter[MAX_NODES + HEAP];
        uint64_t k[MAX_NODES + HEAP];
        values(&p, gamma, counter, k);
        for (size_t s = 0; s < HEAP; s++)
            ck_assert_uint_eq(gamma[n + s], s);
        nb_dag_params bp = {.nodes = p.nodes, .nedges = p.nedges, .edges = edges};
        uint64_t start[2] = {0, n};
        nb_game g = {&nb_dag, &bp, 2, start};
        brute *b = brute_new(&g, false);
        for (uint64_t v = 0; v < n; v++) {
            loopy += gamma[v] == NB_GAMMA_INFINITE;
            for (uint64_t s = 0; s < HEAP; s++) {
                uint64_t tokens[2] = {v, n + s};
                nb_verdict got = brute_outcome(b, tokens, 2), want;
                if (gamma[v] == NB_GAMMA_INFINITE)
                    want = k[v] >> s & 1 ? NB_WIN : NB_DRAW;
                else
                    want = gamma[v] == s ? NB_LOSE : NB_WIN;
                draws += got == NB_DRAW;
                ck_assert_msg(got == want, "round %d: node %llu beside heap %llu: brute %d, "
                              "gamma %u", round, (unsigned long long)v, (unsigned long long)s,
                              got, gamma[v]);
            }
        }
        brute_free(b);
        free(bp.offsets);
        free(bp.targets);
        free(bp.succ_of);
        for (size_t e = 0; p.loopy && e < p.nedges; e++) {
            uint32_t u = edges[2 * e], v = edges[2 * e + 1];
            if (gamma[u] == NB_GAMMA_INFINITE || gamma[u] == gamma[v])
                continue;
            ck_assert(gamma[v] > gamma[u] || counter[v] < counter[u]); /* counters grow */
            if (gamma[v] < gamma[u])
                continue;
            bool reverses = false; /* v has a follower of u's value labelled before u */
            for (size_t f = 0; f < p.nedges && !reverses; f++)
                reverses = edges[2 * f] == v && gamma[edges[2 * f + 1]] == gamma[u] &&
                           counter[edges[2 * f + 1]] < counter[u];
            ck_assert_msg(reverses, "round %d: edge %u -> %u does not reverse", round, u, v);
        }
        for (size_t u = 0; u < p.nodes; u++)
            if (gamma[u] != NB_GAMMA_INFINITE)
                ck_assert_msg((k[u] & ((2ULL << gamma[u]) - 1)) == (1ULL << gamma[u]) - 1,
                              "round %d: node %zu is not the mex of its followers", round, u);
    }
    ck_assert_uint_gt(draws, 100); /* the graphs are loopy enough to draw */
    fprintf(stderr, "loopy: 2000 graphs, %zu infinite nodes, %zu drawn pairs\n", loopy, draws);
}
END_TEST

/* The published sum table of generalized SG values (Smith 1966; as Fraenkel and Yesha
 * state it): for a token on G of value x and one on H of value y, the sum has x XOR y
 * when both are finite, ∞(A XOR y) when x = ∞(A) and y is finite, ∞(∅) when both are
 * infinite. Checked on the product graph itself, built as one graph whose node (u, v)
 * moves to (u', v) and (u, v'), and valued by nb_dag like any other. */
START_TEST(sum_table)
{
    enum { N = 5 };
    for (int round = 0; round < 500; round++) {
        uint32_t ge[2 * 4 * N], he[2 * 4 * N], pe[2 * 2 * N * 4 * N];
        size_t gn = 1 + rnd(N), hn = 1 + rnd(N);
        size_t gm = random_graph(ge, gn, false), hm = random_graph(he, hn, false), pm = 0;
        for (uint32_t u = 0; u < gn; u++)
            for (uint32_t v = 0; v < hn; v++) {
                for (size_t e = 0; e < gm; e++)
                    if (ge[2 * e] == u)
                        pe[2 * pm] = u * (uint32_t)hn + v,
                        pe[2 * pm++ + 1] = ge[2 * e + 1] * (uint32_t)hn + v;
                for (size_t e = 0; e < hm; e++)
                    if (he[2 * e] == v)
                        pe[2 * pm] = u * (uint32_t)hn + v,
                        pe[2 * pm++ + 1] = u * (uint32_t)hn + he[2 * e + 1];
            }
        nb_dag_params g = {.nodes = gn, .nedges = gm, .edges = ge};
        nb_dag_params h = {.nodes = hn, .nedges = hm, .edges = he};
        nb_dag_params prod = {.nodes = gn * hn, .nedges = pm, .edges = pe};
        uint32_t gx[N], hy[N], px[N * N], counter[N * N];
        uint64_t gk[N], hk[N], pk[N * N];
        values(&g, gx, counter, gk);
        values(&h, hy, counter, hk);
        values(&prod, px, counter, pk);
        for (size_t u = 0; u < gn; u++)
            for (size_t v = 0; v < hn; v++) {
                uint32_t x = gx[u], y = hy[v], got = px[u * hn + v];
                bool xf = x != NB_GAMMA_INFINITE, yf = y != NB_GAMMA_INFINITE;
                if (xf && yf) {
                    ck_assert_msg(got == (x ^ y), "round %d: %u + %u gave %u", round, x, y, got);
                    continue;
                }
                ck_assert_msg(got == NB_GAMMA_INFINITE, "round %d: an infinite sum is %u", round, got);
                uint64_t want = 0, a = xf ? hk[v] : gk[u]; /* K of the infinite one */
                uint32_t other = xf ? x : y;
                for (uint32_t j = 0; j < 64 && xf != yf; j++)
                    if (a >> j & 1)
                        want |= 1ULL << (j ^ other);
                ck_assert_msg(pk[u * hn + v] == want, "round %d: K of the sum", round);
            }
    }
}
END_TEST

/* The move nb_play makes, applied to tokens; false when it has none. */
static bool computer_moves(nb_dag_params *p, uint64_t *tokens, size_t k)
{
    nb_game g = {&nb_dag, p, k, tokens};
    nb_play_result r;
    nb_err err = {0};
    ck_assert_msg(nb_play(&solver, &g, NB_NORMAL, &r, &err) == NB_OK, "%s", err.msg);
    bool moved = r.has_move;
    if (moved) {
        nb_move m = nb_movelist_at(&r.move, 0);
        ck_assert_uint_eq(tokens[m.w[0]], m.w[1]);
        tokens[m.w[0]] = m.w[2];
    }
    nb_movelist_free(&r.move);
    return moved;
}

typedef struct opponent {
    brute *b;
    bool exhaustive;
    uint64_t best[3];      /* the chosen move's token, target, and its score */
    bool any;
    size_t count;
} opponent;

/* Scores a move for the opponent: the computer's outcome after it (a loss for the
 * computer first, then a draw), then the longest game. Random: the n-th move met. */
static bool consider(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    opponent *o = ctx;
    uint64_t score;
    if (o->exhaustive) {
        nb_verdict v = brute_outcome(o->b, after, len);
        score = v == NB_LOSE ? 2ULL << 40 : v == NB_DRAW ? 1ULL << 40
                                                          : brute_remoteness(o->b, after, len);
    } else {
        score = (uint64_t)random();
    }
    if (!o->any || score > o->best[2])
        o->best[0] = m->w[0], o->best[1] = m->w[2], o->best[2] = score;
    o->any = true;
    o->count++;
    return true;
}

/* Plays from tokens, the computer first, until the game ends or max_plies pass:
 * NB_WIN when the computer made the last move, NB_LOSE when it was left without one,
 * NB_DRAW when the plies ran out; *plies counts the moves made. */
static nb_verdict play_out(const uint32_t *edges, size_t nodes, size_t nedges, uint64_t *tokens,
                           size_t k, bool exhaustive, size_t max_plies, size_t *plies)
{
    nb_dag_params play = {.nodes = nodes, .nedges = nedges, .edges = edges};
    nb_dag_params moves = play;
    nb_game g = {&nb_dag, &moves, k, tokens};
    opponent o = {.b = brute_new(&g, false), .exhaustive = exhaustive};
    nb_verdict result = NB_DRAW;
    for (*plies = 0; *plies < max_plies; ++*plies) {
        if (*plies % 2 == 0) {
            if (!computer_moves(&play, tokens, k)) {
                result = NB_LOSE;
                break;
            }
            continue;
        }
        o.any = false;
        nb_dag.each_move(&g, consider, &o);
        if (!o.any) {
            result = NB_WIN;
            break;
        }
        tokens[o.best[0]] = o.best[1];
    }
    brute_free(o.b);
    free(moves.offsets);
    free(moves.targets);
    free(moves.succ_of);
    return result;
}

/* From every won position of random loopy graphs the computer wins against a random and
 * an exhaustive opponent: with one token within its remoteness (it plays the soonest
 * win), with more within 2kn + 1 moves (Smith's counter falls with each pair of moves:
 * nb_loopy.c); from a drawn position it never loses. */
START_TEST(play_wins_loopy_games)
{
    size_t won = 0, drawn = 0;
    for (int round = 0; round < 1000; round++) {
        size_t n = 1 + rnd(MAX_NODES - 1), k = 1 + rnd(3);
        uint32_t edges[2 * (MAX_EDGES + MAX_NODES)];
        size_t m = random_graph(edges, n, false);
        uint64_t start[3];
        for (size_t t = 0; t < k; t++)
            start[t] = rnd(n);
        nb_dag_params bp = {.nodes = n, .nedges = m, .edges = edges};
        nb_game g = {&nb_dag, &bp, k, start};
        brute *b = brute_new(&g, false);
        nb_verdict verdict = brute_outcome(b, start, k);
        uint64_t remoteness = brute_remoteness(b, start, k);
        brute_free(b);
        free(bp.offsets);
        free(bp.targets);
        free(bp.succ_of);
        if (verdict == NB_LOSE)
            continue;
        for (int exhaustive = 0; exhaustive < 2; exhaustive++) {
            uint64_t tokens[3];
            memcpy(tokens, start, sizeof tokens);
            size_t plies, bound = k == 1 ? remoteness : 2 * k * n + 1;
            nb_verdict end = play_out(edges, n, m, tokens, k, exhaustive,
                                      verdict == NB_WIN ? bound + 1 : 40, &plies);
            if (verdict == NB_WIN) {
                ck_assert_msg(end == NB_WIN && plies <= bound, "round %d (%s opponent): a won "
                              "position ended %d after %zu moves, bound %zu", round,
                              exhaustive ? "exhaustive" : "random", end, plies, bound);
                won++;
            } else {
                ck_assert_msg(end != NB_LOSE, "round %d: a drawn position was lost", round);
                drawn++;
            }
        }
    }
    ck_assert_uint_gt(won, 100);
    ck_assert_uint_gt(drawn, 50);
    fprintf(stderr, "loopy: %zu won games won, %zu drawn games not lost\n", won, drawn);
}
END_TEST

/* A cycle of 10^6 nodes entered from a path: no recursion, every node ∞(∅) on the cycle;
 * on the path before it too. */
START_TEST(long_cycle)
{
    size_t n = 1000000;
    uint32_t *edges = malloc(2 * n * sizeof *edges);
    for (size_t i = 0; i < n; i++)
        edges[2 * i] = (uint32_t)i, edges[2 * i + 1] = (uint32_t)((i + 1) % n);
    nb_dag_params p = {.nodes = n, .nedges = n, .edges = edges};
    uint64_t token = 12345;
    nb_game g = {&nb_dag, &p, 1, &token};
    nb_analysis a;
    nb_err err = {0};
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK);
    ck_assert_int_eq(a.verdict, NB_DRAW);
    ck_assert(a.components[0].loopy && a.components[0].nfollowers == 0);
    ck_assert_uint_eq(a.drawing.len, 1);
    nb_analysis_free(&a);
    free(edges);
}
END_TEST

/* Many values mean many rounds of the labelling: a limit on its work is a 422 naming
 * max_work, blamed on the edges. */
START_TEST(work_limit)
{
    uint32_t edges[2 * 2000];
    size_t m = 0, chain = 60;
    for (size_t i = 0; i < chain; i++) /* a Nim heap of 60: values 0..59 */
        for (size_t j = 0; j < i && m < 1990; j++, m++)
            edges[2 * m] = (uint32_t)i, edges[2 * m + 1] = (uint32_t)j;
    edges[2 * m] = edges[2 * m + 1] = (uint32_t)chain, m++; /* and a loop */
    nb_dag_params p = {.nodes = chain + 1, .nedges = m, .edges = edges};
    uint64_t token = 0;
    nb_game g = {&nb_dag, &p, 1, &token};
    nb_analysis a;
    nb_err err = {0};
    nb_solver tight = solver;
    tight.limits.max_work = 5000;
    ck_assert(nb_analyse(&tight, &g, NB_NORMAL, 4, &a, &err) == NB_ELIMIT);
    ck_assert_int_eq(err.field, 2);
    ck_assert_ptr_nonnull(strstr(err.msg, "max_work=5000"));
    ck_assert(nb_analyse(&solver, &g, NB_NORMAL, 4, &a, &err) == NB_OK);
    ck_assert_uint_eq(a.components[0].sg, 0);
    nb_analysis_free(&a);
}
END_TEST

int main(void)
{
    srandom(25);
    Suite *s = suite_create("loopy");
    TCase *tc = tcase_create("loopy");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, gamma_by_hand);
    tcase_add_test(tc, gamma_against_product_graph);
    tcase_add_test(tc, sum_table);
    tcase_add_test(tc, play_wins_loopy_games);
    tcase_add_test(tc, long_cycle);
    tcase_add_test(tc, work_limit);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
