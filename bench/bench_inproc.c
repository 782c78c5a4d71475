/* bench_inproc.c - in-process benchmarks of libnimber, each a median of several runs:
 * dag SG of every node against the gather floor, a graph with cycles (one token's
 * retrograde analysis and the generalized SG values) against the acyclic solve,
 * subtraction heap 10^18 on cold caches, the cutting table 1000x1000, Green Hackenbush on
 * 10^6 nodes against one BFS, the coprime table and heaps, Euclid's game on pairs near
 * 10^18, the divisor games on numbers near 10^18, Wythoff's game (single piles near
 * 10^18, the SG table of 1000 x 1000) and dynamic subtraction (single heaps near 10^18, the
 * table of heaps below 1000), and the board games (Tartan grids of 64 x 64, the 12 x 12
 * Chomp bar cold and warm, Node-Kayles on random graphs of 40 vertices and 60 edges), misère
 * quotients, and the exhaustive search's bytes a state.
 * Prints one line per
 * figure: NAME VALUE (seconds unless said). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/nb_loopy.h"
#include "engine/nb_search.h"
#include "games/coprime/nb_coprime.h"
#include "games/cutting/nb_cutting.h"
#include "games/dag/nb_dag.h"
#include "games/divisor/nb_divisor.h"
#include "games/euclid/nb_euclid.h"
#include "games/hackenbush/nb_hackenbush.h"
#include "games/grundy/nb_grundy.h"
#include "games/staircase/nb_staircase.h"
#include "games/subtraction/nb_subtraction.h"
#include "games/chomp/nb_chomp.h"
#include "games/coins/nb_coins.h"
#include "games/fibonacci/nb_fibonacci.h"
#include "games/cram/nb_cram.h"
#include "games/nim/nb_nim.h"
#include "games/nodekayles/nb_nodekayles.h"
#include "games/notakto/nb_notakto.h"
#include "games/wythoff/nb_wythoff.h"
#include "theory/nb_octable.h"
#include "theory/nb_quotient.h"

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static uint64_t rng = 88172645463325252ULL;
static uint64_t next(void)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return rng;
}

/* Random edges of n nodes: acyclic (from lower to higher rank of a random order), or any. */
static void random_edges(uint32_t *edges, size_t n, size_t m, bool acyclic)
{
    uint32_t *perm = malloc(n * sizeof *perm);
    for (size_t i = 0; i < n; i++)
        perm[i] = (uint32_t)i;
    for (size_t i = n; i > 1; i--) {
        size_t j = next() % i;
        uint32_t t = perm[i - 1];
        perm[i - 1] = perm[j], perm[j] = t;
    }
    for (size_t e = 0; e < m; e++) {
        uint32_t a = (uint32_t)(next() % n), b = (uint32_t)(next() % n);
        if (acyclic && a == b)
            b = (b + 1) % (uint32_t)n;
        if (acyclic && a > b)
            a ^= b, b ^= a, a ^= b;
        edges[2 * e] = perm[a], edges[2 * e + 1] = perm[b];
    }
    free(perm);
}

#define RUNS 5
static void bench_dag(void)
{
    size_t n = 1000000, m = 4000000;
    uint32_t *edges = malloc(2 * m * sizeof *edges);
    random_edges(edges, n, m, true);
    uint32_t *values = malloc(n * sizeof *values);
    for (size_t i = 0; i < n; i++)
        values[i] = (uint32_t)next();
    nb_solver s = {nb_cache_new(1 << 20), nb_limits_default(), NULL};
    double floor_t[RUNS], solve_t[RUNS];
    volatile uint64_t sink = 0;
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        uint64_t acc = 0;
        for (size_t e = 0; e < m; e++) /* the gather floor: one random read per edge */
            acc += values[edges[2 * e + 1]];
        sink += acc;
        floor_t[r] = now() - t0;
        nb_dag_params p = {.nodes = n, .nedges = m, .edges = edges};
        uint64_t token = 0;
        nb_game g = {&nb_dag, &p, 1, &token};
        nb_err err = {0};
        t0 = now();
        if (nb_game_open(&s, &g, &err) != NB_OK)
            abort();
        solve_t[r] = now() - t0;
        sink += p.sg[0];
        nb_game_close(&s, &g);
    }
    printf("dag_floor %.6f\ndag_solve %.6f\ndag_checksum %llu\n", median(floor_t, RUNS),
           median(solve_t, RUNS), (unsigned long long)sink);
    nb_cache_free(s.cache);
    free(values);
    free(edges);
}

static void random_set(nb_subtraction_params *p)
{
    p->nset = 16;
    for (size_t i = 0; i < 16; i++) {
        bool fresh;
        do {
            p->set[i] = 1 + next() % 1000;
            fresh = true;
            for (size_t j = 0; j < i; j++)
                fresh &= p->set[j] != p->set[i];
        } while (!fresh);
    }
}

static void bench_subtraction(void)
{
    double t[20];
    uint64_t longest = 0;
    nb_subtraction_params longest_set = {0};
    for (int i = 0; i < 20; i++) {
        nb_solver s = {nb_cache_new(512u << 20), nb_limits_default(), NULL};
        nb_subtraction_params p;
        random_set(&p);
        uint64_t heap = 1000000000000000000ULL;
        nb_game g = {&nb_subtraction, &p, 1, &heap};
        nb_analysis a;
        nb_err err = {0};
        double t0 = now();
        nb_status st = nb_analyse(&s, &g, NB_NORMAL, 16, &a, &err);
        t[i] = now() - t0;
        if (st != NB_OK) {
            printf("subtraction_error %s\n", err.msg);
            t[i] = 1e9;
        } else {
            nb_analysis_free(&a);
            nb_sequence seq;
            if (nb_subtraction_sequence(&s, &p, 0, 0, &seq, &err) == NB_OK) {
                if (seq.preperiod + seq.period > longest) {
                    longest = seq.preperiod + seq.period;
                    longest_set = p;
                }
                free(seq.values);
            }
        }
        nb_cache_free(s.cache);
    }
    double max = 0;
    for (int i = 0; i < 20; i++)
        max = t[i] > max ? t[i] : max;
    printf("subtraction_median %.6f\nsubtraction_max %.6f\nsubtraction_longest_prefix %llu\n",
           median(t, 20), max, (unsigned long long)longest);
    printf("subtraction_longest_set ");
    for (size_t i = 0; i < longest_set.nset; i++)
        printf(i ? ",%llu" : "%llu", (unsigned long long)longest_set.set[i]);
    printf("\n");
}

static void bench_cutting(void)
{
    nb_solver s = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
    uint64_t *v;
    nb_err err = {0};
    double t0 = now();
    nb_cutting_grid(&s, 1000, 1000, &v, &err);
    printf("cutting_1000 %.6f\n", now() - t0);
    free(v);
    nb_cache_free(s.cache);
}

/* Green Hackenbush on a random connected graph of 10^6 nodes and 2*10^6 edges (a random
 * spanning tree from the ground, then random extra edges: loops, parallels, cycles),
 * against one breadth-first search from the ground over the same adjacency (CSR). */
static void bench_hackenbush(void)
{
    size_t n = 1000000, m = 2000000;
    uint32_t *edges = malloc(2 * m * sizeof *edges);
    for (size_t v = 1; v < n; v++) /* a random tree: each node joins an earlier one */
        edges[2 * (v - 1)] = (uint32_t)(next() % v), edges[2 * (v - 1) + 1] = (uint32_t)v;
    for (size_t e = n - 1; e < m; e++)
        edges[2 * e] = (uint32_t)(next() % n), edges[2 * e + 1] = (uint32_t)(next() % n);
    uint64_t *state = malloc(m * sizeof *state);
    for (size_t e = 0; e < m; e++)
        state[e] = e;
    /* the BFS floor over a CSR built the same way */
    uint32_t *off = calloc(n + 2, sizeof *off), *adj = malloc(2 * m * sizeof *adj);
    for (size_t i = 0; i < 2 * m; i++)
        off[edges[i] + 2]++;
    for (size_t v = 0; v < n; v++)
        off[v + 2] += off[v + 1];
    for (size_t i = 0; i < 2 * m; i++)
        adj[off[edges[i] + 1]++] = edges[i ^ 1];
    double bfs_t[RUNS], solve_t[RUNS];
    volatile uint64_t sink = 0;
    uint8_t *seen = malloc(n);
    uint32_t *queue = malloc(n * sizeof *queue);
    nb_solver s = {nb_cache_new(1 << 20), nb_limits_default(), NULL};
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        memset(seen, 0, n);
        size_t head = 0, tail = 0;
        seen[0] = 1, queue[tail++] = 0;
        while (head < tail) {
            uint32_t v = queue[head++];
            for (uint32_t a = off[v]; a < off[v + 1]; a++)
                if (!seen[adj[a]])
                    seen[adj[a]] = 1, queue[tail++] = adj[a];
        }
        bfs_t[r] = now() - t0;
        sink += tail;
        nb_hackenbush_params p = {n, m, edges, 0};
        nb_game g = {&nb_hackenbush, &p, m, state};
        uint64_t sg;
        nb_err err = {0};
        t0 = now();
        nb_hackenbush.part_values(&g, &s, &sg, &err);
        solve_t[r] = now() - t0;
        sink += sg;
    }
    printf("hackenbush_bfs %.6f\nhackenbush_value %.6f\nhackenbush_checksum %llu\n",
           median(bfs_t, RUNS), median(solve_t, RUNS), (unsigned long long)sink);
    nb_cache_free(s.cache);
    free(queue), free(seen), free(adj), free(off), free(state), free(edges);
}

/* The coprime table of 10^7 values (least prime factors' indices, sieved) against a
 * plain sieve of Eratosthenes of the same bound; then the values of 1000 random 63-bit heaps. */
static void bench_coprime(void)
{
    const uint64_t n = 10000000;
    double sieve_t[RUNS], table_t[RUNS];
    volatile uint64_t sink = 0;
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        uint8_t *composite = calloc(n, 1);
        for (uint64_t i = 2; i * i < n; i++)
            if (!composite[i])
                for (uint64_t j = i * i; j < n; j += i)
                    composite[j] = 1;
        sieve_t[r] = now() - t0;
        sink += composite[n - 1];
        free(composite);
        nb_solver s = {nb_cache_new(256u << 20), nb_limits_default(), NULL};
        nb_err err = {0};
        t0 = now();
        nb_coprime_sieve(&s, n, &err);
        table_t[r] = now() - t0;
        nb_cache_free(s.cache);
    }
    double t[1000], max = 0;
    int limited = 0;
    nb_solver s = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
    for (int i = 0; i < 1000; i++) {
        uint64_t heap = next() >> 1;
        nb_coprime_params p = {0};
        nb_game g = {&nb_coprime, &p, 1, &heap};
        nb_analysis a;
        nb_err err = {0};
        double t0 = now();
        nb_status st = nb_analyse(&s, &g, NB_NORMAL, 1, &a, &err);
        t[i] = now() - t0;
        max = t[i] > max ? t[i] : max;
        if (st == NB_OK)
            nb_analysis_free(&a);
        else
            limited++;
    }
    nb_cache_free(s.cache);
    printf("coprime_eratosthenes %.6f\ncoprime_table %.6f\ncoprime_heap_median %.6f\n"
           "coprime_heap_max %.6f\ncoprime_heap_limited %d\ncoprime_checksum %llu\n",
           median(sieve_t, RUNS), median(table_t, RUNS), median(t, 1000), max, limited,
           (unsigned long long)sink);
}

/* Grundy's game to 2^20 values by the sparse-space method, as a cold table grows. */
static void bench_grundy20(void)
{
    nb_octal_rule grundy = nb_grundy_rule();
    uint32_t *v = malloc((1u << 20) * sizeof *v);
    double t0 = now();
    nb_octal_sparse(&grundy, 1 << 20, v);
    printf("grundy_sparse_20 %.6f\ngrundy_checksum %u\n", now() - t0, v[(1 << 20) - 1]);
    free(v);
}

/* Take-and-break tables: Grundy's game to 2^22 by the sparse-space method (and its time
 * to 2^20, for the cost per value) against the naive method at 2^14 and 2^15 (its growth
 * measured); the hexadecimal code 0.F to 10^5 by the general method against the naive
 * one at 2^10 and 2^11; Kayles and Dawson's Kayles heaps of 10^18 on cold caches (the table grown
 * until the period is proved), and codes with a group whose arithmetic period is proved; .1777 as far as 60 s take it (whole doublings), against
 * the naive method for the next values at the same n. */
static void bench_octal(void)
{
    nb_octal_rule grundy = nb_grundy_rule();
    uint32_t *v = malloc((1u << 22) * sizeof *v);
    double t0 = now();
    nb_octal_naive(&grundy, 1 << 14, v);
    double naive14 = now() - t0;
    t0 = now();
    nb_octal_naive(&grundy, 1 << 15, v);
    double naive15 = now() - t0;
    t0 = now();
    nb_octal_sparse(&grundy, 1 << 20, v);
    double sparse20 = now() - t0;
    t0 = now();
    nb_octal_sparse(&grundy, 1 << 22, v);
    double sparse22 = now() - t0;
    printf("grundy_naive_14 %.6f\ngrundy_naive_15 %.6f\ngrundy_sparse_20 %.6f\n"
           "grundy_sparse_22 %.6f\ngrundy_checksum %u\n", naive14, naive15, sparse20,
           sparse22, v[(1 << 22) - 1]);
    /* a hexadecimal code, 0.F (take one, leave up to three heaps): 10^5 values by the
     * general method, the naive one at 2^10 and 2^11 (its growth measured) */
    nb_octal_rule hex;
    nb_err hex_err = {0};
    nb_octal_parse("0.F", &hex, &hex_err);
    double hex_naive[2];
    for (int k = 0; k < 2; k++) {
        t0 = now();
        nb_octal_naive(&hex, 1u << (10 + k), v);
        hex_naive[k] = now() - t0;
    }
    t0 = now();
    nb_octal_sparse(&hex, 100000, v);
    printf("hex_naive_10 %.6f\nhex_naive_11 %.6f\nhex_general_100000 %.6f\nhex_checksum %u\n",
           hex_naive[0], hex_naive[1], now() - t0, v[99999]);
    free(v);
    const char *codes[] = {"0.77", "0.07", "4.[3]", "0.[3]", "0.[7]", "0.0[3]", "0.30[3]",
                           "0.03303300[3]", "0.1[13]", "0.001[33]"};
    for (int c = 0; c < (int)(sizeof codes / sizeof *codes); c++) {
        double t[RUNS];
        for (int r = 0; r < RUNS; r++) {
            nb_solver s = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
            nb_octal_params p = {0};
            nb_err err = {0};
            nb_octal_parse(codes[c], &p.rule, &err);
            uint64_t heap = 1000000000000000000ULL;
            nb_game g = {&nb_octal, &p, 1, &heap};
            nb_analysis a;
            t0 = now();
            if (nb_analyse(&s, &g, NB_NORMAL, 16, &a, &err) != NB_OK)
                abort();
            t[r] = now() - t0;
            nb_analysis_free(&a);
            nb_game_close(&s, &g);
            nb_cache_free(s.cache);
        }
        if (c < 2)
            printf("octal_%s_huge %.6f\n", codes[c] + 2, median(t, RUNS));
        else /* arithmetic periods: the cold time is the detection and proof */
            printf("arith_huge_%s %.6f\n", codes[c], median(t, RUNS));
    }
    nb_octal_rule r1777;
    nb_err err = {0};
    nb_octal_parse("0.1777", &r1777, &err);
    nb_cache *cache = nb_cache_new(SIZE_MAX / 2);
    const nb_cached *c = NULL, *last = NULL;
    uint64_t n = 0;
    t0 = now();
    double step = 0; /* the last doubling's time: the next takes about twice as long */
    for (uint64_t heap = 1 << 16; now() - t0 + 2 * step < 60; heap *= 2) {
        double t1 = now();
        nb_octable_need need = {heap, false, 1ULL << 31, UINT64_MAX, &r1777, NULL};
        if (nb_cache_acquire(cache, "octal:0.1777", &nb_octable_kind, &need, &c, &err) != NB_OK)
            abort();
        if (last)
            nb_cache_release(cache, last);
        last = c;
        n = ((const nb_octable *)c)->n;
        step = now() - t1;
    }
    double sparse_t = now() - t0;
    /* the naive method's rate at n: the next values, each over all of its splits */
    const nb_octable *t = (const nb_octable *)c;
    uint32_t *ext = malloc((n + 64) * sizeof *ext);
    memcpy(ext, t->values, n * sizeof *ext);
    uint8_t seen[1024]; /* .1777's values stay below 64 */
    t0 = now();
    for (uint64_t k = n; k < n + 8; k++) {
        memset(seen, 0, sizeof seen);
        for (uint64_t j = 1; j <= 4 && j <= k; j++) {
            uint8_t d = r1777.digit[j];
            if ((d & 2) && k > j)
                seen[ext[k - j] & 1023] = 1;
            for (uint64_t m = k - j, a = 1; (d & 4) && 2 * a <= m; a++)
                seen[(ext[a] ^ ext[m - a]) & 1023] = 1;
        }
        ext[k] = 0;
        while (ext[k] < 1023 && seen[ext[k]])
            ext[k]++;
    }
    double naive_t = (now() - t0) / 8;
    printf("octal_1777_values %llu\noctal_1777_seconds %.3f\noctal_1777_naive_per_value %.6f\n"
           "octal_1777_checksum %u\n", (unsigned long long)n, sparse_t, naive_t, ext[n]);
    free(ext);
    nb_cache_release(cache, last);
    nb_cache_free(cache);
}

/* A random graph of 10^6 nodes and 4*10^6 edges with cycles, against the acyclic solve of
 * a random DAG of the same size in the same run: one token's retrograde analysis (its
 * predecessor lists by a plain counting sort, then nb_retrograde), and the generalized
 * SG values of every node through the dag ruleset (its acyclic pass, then nb_gamma); also
 * the values of that DAG with one edge in 100 turned round (few cycles, more values, so
 * more rounds of the labelling). */
static void bench_loopy(void)
{
    size_t n = 1000000, m = 4000000;
    uint32_t *dag = malloc(2 * m * sizeof *dag), *loopy = malloc(2 * m * sizeof *loopy);
    uint32_t *turned = malloc(2 * m * sizeof *turned);
    random_edges(dag, n, m, true);
    random_edges(loopy, n, m, false);
    for (size_t e = 0; e < m; e++) {
        bool turn = e % 100 == 0;
        turned[2 * e] = dag[2 * e + turn], turned[2 * e + 1] = dag[2 * e + !turn];
    }
    uint32_t *off = malloc((n + 2) * sizeof *off), *pred = malloc(m * sizeof *pred);
    uint32_t *rem = malloc(n * sizeof *rem);
    uint8_t *outcome = malloc(n);
    nb_solver s = {nb_cache_new(1 << 20), nb_limits_default(), NULL};
    double acyclic_t[RUNS], retro_t[RUNS], gamma_t[RUNS], turned_t[RUNS];
    uint32_t turned_top = 0;
    size_t infinite = 0, draws = 0;
    uint32_t top = 0;
    for (int r = 0; r < RUNS; r++) {
        nb_dag_params p = {.nodes = n, .nedges = m, .edges = dag};
        uint64_t token = 0;
        nb_game g = {&nb_dag, &p, 1, &token};
        nb_err err = {0};
        double t0 = now();
        if (nb_game_open(&s, &g, &err) != NB_OK)
            abort();
        acyclic_t[r] = now() - t0;
        nb_game_close(&s, &g);

        t0 = now();
        memset(off, 0, (n + 2) * sizeof *off);
        for (size_t e = 0; e < m; e++)
            off[loopy[2 * e + 1] + 2]++;
        for (size_t v = 0; v < n; v++)
            off[v + 2] += off[v + 1];
        for (size_t e = 0; e < m; e++)
            pred[off[loopy[2 * e + 1] + 1]++] = loopy[2 * e];
        nb_retrograde(n, off, pred, NB_LOSE, NULL, outcome, rem);
        retro_t[r] = now() - t0;

        p = (nb_dag_params){.nodes = n, .nedges = m, .edges = loopy};
        t0 = now();
        if (nb_game_open(&s, &g, &err) != NB_OK || !p.loopy)
            abort();
        gamma_t[r] = now() - t0;
        infinite = draws = 0;
        for (size_t v = 0; v < n; v++) {
            infinite += p.sg[v] == NB_GAMMA_INFINITE;
            top = p.sg[v] != NB_GAMMA_INFINITE && p.sg[v] > top ? p.sg[v] : top;
            draws += outcome[v] == NB_DRAW;
        }
        nb_game_close(&s, &g);

        p = (nb_dag_params){.nodes = n, .nedges = m, .edges = turned};
        t0 = now();
        if (nb_game_open(&s, &g, &err) != NB_OK || !p.loopy)
            abort();
        turned_t[r] = now() - t0;
        for (size_t v = 0; v < n; v++)
            if (p.sg[v] != NB_GAMMA_INFINITE && p.sg[v] > turned_top)
                turned_top = p.sg[v];
        nb_game_close(&s, &g);
    }
    printf("loopy_turned %.6f\nloopy_turned_max_value %u\n", median(turned_t, RUNS), turned_top);
    printf("loopy_acyclic %.6f\nloopy_retrograde %.6f\nloopy_gamma %.6f\nloopy_infinite %zu\n"
           "loopy_draws %zu\nloopy_max_value %u\n", median(acyclic_t, RUNS), median(retro_t, RUNS),
           median(gamma_t, RUNS), infinite, draws, top);
    nb_cache_free(s.cache);
    free(outcome);
    free(rem);
    free(pred);
    free(off);
    free(turned);
    free(loopy);
    free(dag);
}

/* Analyses of 1000 single positions of one game in two kinds (the conventions, or two
 * rules), each timed. */
#define SINGLES 1000
typedef struct singles {
    nb_solver solver;
    double t[2][SINGLES], max[2];
    uint64_t sink, rng; /* a generator of its own: the rows before keep their numbers */
    int failed;         /* analyses that did not finish */
} singles;

static singles *singles_new(uint64_t seed)
{
    singles *s = calloc(1, sizeof *s);
    s->solver = (nb_solver){nb_cache_new(1u << 20), nb_limits_default(), NULL};
    s->rng = seed;
    return s;
}

static uint64_t singles_next(singles *s)
{
    s->rng ^= s->rng << 13, s->rng ^= s->rng >> 7, s->rng ^= s->rng << 17;
    return s->rng;
}

/* Position i of kind k: g analysed under conv, timed. */
static void singles_time(singles *s, int k, int i, nb_game *g, nb_convention conv)
{
    nb_analysis a;
    nb_err err = {0};
    double t0 = now();
    if (nb_analyse(&s->solver, g, conv, 64, &a, &err) == NB_OK) {
        s->sink += a.verdict + a.sg + a.moves.len;
        nb_analysis_free(&a);
    } else {
        s->failed++;
    }
    s->t[k][i] = now() - t0;
    s->max[k] = s->t[k][i] > s->max[k] ? s->t[k][i] : s->max[k];
}

/* Prints NAME0_median, NAME0_max, the same for NAME1, PREFIX_failed and PREFIX_checksum;
 * frees s. */
static void singles_print(singles *s, const char *prefix, const char *name0, const char *name1)
{
    const char *names[2] = {name0, name1};
    for (int k = 0; k < 2; k++)
        printf("%s_median %.9f\n%s_max %.9f\n", names[k], median(s->t[k], SINGLES), names[k],
               s->max[k]);
    printf("%s_failed %d\n%s_checksum %llu\n", prefix, s->failed, prefix,
           (unsigned long long)s->sink);
    nb_cache_free(s->solver.cache);
    free(s);
}

#define NEAR_1E18(x) (1000000000000000000ULL - (x) % 100000000000000000ULL)

/* Euclid's game: pairs of a = 10^18 - x (x < 10^17) and b in 1..a, under normal and misère
 * play (its value, its winning moves). */
static void bench_euclid(void)
{
    singles *s = singles_new(0x9e3779b97f4a7c15ULL);
    for (int i = 0; i < SINGLES; i++)
        for (int conv = 0; conv < 2; conv++) {
            uint64_t pair[2];
            pair[0] = NEAR_1E18(singles_next(s));
            pair[1] = 1 + singles_next(s) % pair[0];
            singles_time(s, conv, i, &(nb_game){&nb_euclid, NULL, 2, pair},
                         conv ? NB_MISERE : NB_NORMAL);
        }
    singles_print(s, "euclid", "euclid", "euclid_misere");
}

/* The divisor games: numbers 10^18 - x (x < 10^17), each analysed under replace
 * (factored: its value and every winning move) and under subtract, normal play; one in
 * four a product of two primes near 3*10^9, the slowest to factor. */
static void bench_divisor(void)
{
    singles *s = singles_new(0x2545f4914f6cdd1dULL);
    for (int i = 0; i < SINGLES; i++) {
        uint64_t n = i % 4 ? NEAR_1E18(singles_next(s))
                           : 3037000493ULL * (3037000453ULL - 2 * (uint64_t)(i % 8));
        for (int rule = 0; rule < 2; rule++) {
            nb_divisor_params p = {.rule = rule};
            singles_time(s, rule, i, &(nb_game){&nb_divisor, &p, 1, &n}, NB_NORMAL);
        }
    }
    singles_print(s, "divisor", "divisor_replace", "divisor_subtract");
}

/* Makes a table's values on the solver s (caller frees *values). */
typedef nb_status table_maker(nb_solver *s, uint64_t **values, nb_err *err);

/* The median time of RUNS builds of a table by `make`, each on a cold cache; value `probe`
 * of each goes into the checksum. */
static double cold_table_time(singles *s, table_maker *make, size_t probe)
{
    double t[RUNS];
    for (int r = 0; r < RUNS; r++) {
        nb_solver cold = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
        uint64_t *v;
        nb_err err = {0};
        double t0 = now();
        if (make(&cold, &v, &err) == NB_OK) {
            s->sink += v[probe];
            free(v);
        }
        t[r] = now() - t0;
        nb_cache_free(cold.cache);
    }
    return median(t, RUNS);
}

/* Every pile below 1000 x 1000. */
static nb_status wythoff_1000(nb_solver *s, uint64_t **values, nb_err *err)
{
    return nb_wythoff_grid(s, 999, 999, values, err);
}

/* Heap 999 with every limit, k = 2 (the table of every heap below 1000 behind it). */
static nb_status fibonacci_1000(nb_solver *s, uint64_t **values, nb_err *err)
{
    return nb_fibonacci_rows(s, 2, 999, 999, values, err);
}

/* Wythoff's game: single piles (a near 10^18, b in 1..2a; one in three a P-position near
 * 10^18) under normal and misère play; the SG table of every pile below 1000 x 1000, on a
 * cold cache. */
static void bench_wythoff(void)
{
    singles *s = singles_new(0xd1b54a32d192ed03ULL);
    for (int i = 0; i < SINGLES; i++) {
        uint64_t pile[2], x = singles_next(s);
        uint64_t k = 600000000000000000ULL + x % 10000000000000000ULL;
        pile[0] = i % 3 ? NEAR_1E18(x) : nb_wythoff_lower(k);
        pile[1] = i % 3 ? 1 + (x >> 7) % (2 * pile[0]) : pile[0] + k;
        for (int conv = 0; conv < 2; conv++) {
            nb_wythoff_params p = {0};
            singles_time(s, conv, i, &(nb_game){&nb_wythoff, &p, 2, pile},
                         conv ? NB_MISERE : NB_NORMAL);
        }
    }
    printf("wythoff_table_1000 %.6f\n", cold_table_time(s, wythoff_1000, 999 * 1000 + 999));
    singles_print(s, "wythoff", "wythoff", "wythoff_misere");
}

/* Dynamic subtraction: single heaps near 10^18 with a random limit (one in four a first
 * move's), k = 2 (Fibonacci Nim) and k = 1000 (a sequence of some 37000 terms, made anew
 * for each analysis); the table of every heap below 1000 with every limit, k = 2, cold. */
static void bench_fibonacci(void)
{
    singles *s = singles_new(0xa0761d6478bd642fULL);
    for (int i = 0; i < SINGLES; i++) {
        uint64_t heap[2], x = singles_next(s);
        heap[0] = NEAR_1E18(x);
        heap[1] = i % 4 ? 1 + (x >> 7) % heap[0] : NB_FIB_FIRST;
        for (int kind = 0; kind < 2; kind++) {
            nb_fibonacci_params p = {.k = kind ? 1000 : 2};
            singles_time(s, kind, i, &(nb_game){&nb_fibonacci, &p, 2, heap}, NB_NORMAL);
        }
    }
    printf("fibonacci_table_1000 %.6f\n", cold_table_time(s, fibonacci_1000, 999));
    singles_print(s, "fibonacci", "fibonacci", "fibonacci_k1000");
}

/* Tartan grids of 64 x 64 with random heads, every pair of rules but Moebius's, each on a
 * cold cache: the value and up to 64 winning moves. */
static void bench_tartan(void)
{
    enum { GRIDS = 64, SIDE = 64, WORDS = SIDE * SIDE / 64 };
    double t[GRIDS];
    uint64_t sink = 0;
    for (int i = 0; i < GRIDS; i++) {
        uint64_t bits[WORDS];
        for (int w = 0; w < WORDS; w++)
            bits[w] = next();
        nb_coins_params p = {.ncols = SIDE, .nrows = SIDE, .grid = true,
                             .rule = {(nb_coin_rule)(i % 4), (nb_coin_rule)(i / 4 % 4)}};
        nb_solver s = {nb_cache_new(1u << 20), nb_limits_default(), NULL};
        nb_analysis a;
        nb_err err = {0};
        double t0 = now();
        if (nb_analyse(&s, &(nb_game){&nb_coins, &p, WORDS, bits}, NB_NORMAL, 64, &a, &err) == NB_OK) {
            sink += a.sg + a.moves.len;
            nb_analysis_free(&a);
        }
        t[i] = now() - t0;
        nb_cache_free(s.cache);
    }
    printf("tartan_64_median %.9f\ntartan_64_checksum %llu\n", median(t, GRIDS),
           (unsigned long long)sink);
}

/* The 12 x 12 Chomp bar: its table of C(24, 12) diagrams on a cold cache (median of
 * RUNS), then the same analysis warm. */
static void bench_chomp(void)
{
    uint64_t rows[12];
    for (int i = 0; i < 12; i++)
        rows[i] = 12;
    double cold[RUNS], warm[RUNS];
    nb_chomp_params p = {0};
    for (int r = 0; r < RUNS; r++) {
        nb_solver s = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
        for (int pass = 0; pass < 2; pass++) {
            nb_analysis a;
            nb_err err = {0};
            double t0 = now();
            if (nb_analyse(&s, &(nb_game){&nb_chomp, &p, 12, rows}, NB_NORMAL, 64, &a, &err) == NB_OK)
                nb_analysis_free(&a);
            (pass ? warm : cold)[r] = now() - t0;
        }
        nb_cache_free(s.cache);
    }
    printf("chomp_12_states %llu\nchomp_12_cold %.6f\nchomp_12_warm %.9f\n",
           (unsigned long long)nb_chomp_count(rows, 12, UINT64_MAX - 1), median(cold, RUNS),
           median(warm, RUNS));
}

/* The process's peak resident set since the last reset_peak_rss() (or its start), in MiB:
 * VmHWM, which writing 5 to clear_refs sets back to the resident set of the moment (Linux
 * 4.0 and later; where it cannot, the peak since the start). */
static double peak_rss_mb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    double kib = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "VmHWM: %lf kB", &kib) == 1)
            break;
    if (f)
        fclose(f);
    return kib / 1024.0;
}

static void reset_peak_rss(void)
{
    FILE *f = fopen("/proc/self/clear_refs", "w");
    if (f) {
        fputs("5", f);
        fclose(f);
    }
}

/* One empty Cram board of r x c, cold (a cache of its own), within max_states and
 * `seconds` (0: no deadline): the seconds, and into *value its value (-1 when the search
 * stopped at a limit), *regions the regions it valued, *bytes its table's memory. */
static double cram_cold(size_t r, size_t c, uint64_t max_states, uint64_t seconds,
                        int64_t *value, uint64_t *regions, uint64_t *bytes)
{
    nb_budget budget;
    nb_budget_start(&budget, seconds);
    nb_solver s = {nb_cache_new(256u << 20), nb_limits_default(), &budget};
    s.limits.max_states = max_states;
    nb_cram_params p = {.rows = r, .cols = c};
    uint64_t bits = (1ULL << (r * c)) - 1 + (r * c == 64);
    nb_analysis a;
    nb_err err = {0};
    double t0 = now();
    bool ok = nb_analyse(&s, &(nb_game){&nb_cram, &p, 1, &bits}, NB_NORMAL, 0, &a, &err) == NB_OK;
    double t = now() - t0;
    *value = ok ? (int64_t)a.sg : -1;
    *regions = p.searched;
    *bytes = p.table_bytes;
    if (ok)
        nb_analysis_free(&a);
    nb_cache_free(s.cache);
    return t;
}

/* Cram: every rectangle of 2 to 30 cells with both sides at least 2, cold, each time and
 * value; then 4 x 11 and 5 x 10 (published: *1 and *2), cold, with max_states 2 * 10^9
 * and up to an hour each (the frontier: how long, not whether a request's limits allow
 * it), each with the peak resident memory while it ran. */
static void bench_cram(void)
{
    printf("cram_rects ");
    const char *sep = "";
    for (size_t r = 2; r <= 5; r++)
        for (size_t c = r; r * c <= 30; c++, sep = ",") {
            int64_t v;
            uint64_t regions, bytes;
            double t = cram_cold(r, c, nb_limits_default().max_states, 0, &v, &regions, &bytes);
            printf("%s%zux%zu=%lld:%.3f", sep, r, c, (long long)v, t);
        }
    printf("\n");
    static const size_t big[][2] = {{4, 11}, {5, 10}};
    for (int i = 0; i < 2; i++) {
        int64_t v;
        uint64_t regions, bytes;
        reset_peak_rss();
        double t = cram_cold(big[i][0], big[i][1], 2000000000, 3600, &v, &regions, &bytes);
        printf("cram_%zux%zu %lld %.3f %llu %llu %.0f\n", big[i][0], big[i][1], (long long)v, t,
               (unsigned long long)regions, (unsigned long long)bytes, peak_rss_mb());
    }
}

/* Outside CI (make bench-long): the published boards past make bench's, cold, each
 * for up to `minutes` (Beling's table: 6 x 7 = *5, 4 x 13 = *3, 5 x 12 = *3); the open
 * boards (5 x 13, 6 x 11, 7 x 10) have more cells than the 64 a searched region's frame
 * holds, which the row says rather than searching them. */
static void bench_cram_long(unsigned minutes)
{
    static const struct {
        size_t r, c;
        int published;
    } boards[] = {{6, 7, 5}, {4, 13, 3}, {5, 12, 3}}, open[] = {{5, 13, -1}, {6, 11, -1},
                                                                 {7, 10, -1}};
    for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
        int64_t v;
        uint64_t regions, bytes;
        reset_peak_rss();
        double t = cram_cold(boards[i].r, boards[i].c, 2000000000, 60ull * minutes, &v,
                             &regions, &bytes);
        printf("cram %zu x %zu (published *%d): ", boards[i].r, boards[i].c, boards[i].published);
        if (v >= 0)
            printf("*%lld in %.0f s", (long long)v, t);
        else
            printf("not reached in %.0f s", t);
        printf(", %llu regions valued, table %llu MiB, peak RSS %.0f MiB\n",
               (unsigned long long)regions, (unsigned long long)(bytes >> 20), peak_rss_mb());
        fflush(stdout);
    }
    for (size_t i = 0; i < sizeof open / sizeof *open; i++)
        printf("cram %zu x %zu (open): %zu cells, past a searched region's 64: not searched\n",
               open[i].r, open[i].c, open[i].r * open[i].c);
}

/* Notakto: 10^5 random 3 x 3 boards in one sum under misère play through the warm
 * quotient (verdict and up to 64 winning moves), beside 10^5 random Nim heaps under normal
 * play, interleaved; and one empty 4 x 4 board, cold (its table and quotient built). */
static void bench_notakto(void)
{
    enum { BOARDS = 100000 };
    uint64_t *boards = malloc(BOARDS * sizeof *boards), *heaps = malloc(BOARDS * sizeof *heaps);
    for (size_t i = 0; i < BOARDS; i++) {
        boards[i] = next() & next() & 511; /* a quarter of the cells taken */
        heaps[i] = next() >> 1;
    }
    nb_solver s = {nb_cache_new(64u << 20), nb_limits_default(), NULL};
    nb_notakto_params p = {.k = 3};
    nb_analysis a;
    nb_err err = {0};
    nb_game sum = {&nb_notakto, &p, BOARDS, boards}, nim = {&nb_nim, NULL, BOARDS, heaps};
    if (nb_analyse(&s, &sum, NB_MISERE, 64, &a, &err) == NB_OK) /* warm the table */
        nb_analysis_free(&a);
    double t_boards[RUNS], t_heaps[RUNS];
    int failed = 0;
    for (int r = 0; r < RUNS; r++) {
        double t0 = now();
        failed += nb_analyse(&s, &sum, NB_MISERE, 64, &a, &err) != NB_OK;
        t_boards[r] = now() - t0;
        nb_analysis_free(&a);
        t0 = now();
        failed += nb_analyse(&s, &nim, NB_NORMAL, 64, &a, &err) != NB_OK;
        t_heaps[r] = now() - t0;
        nb_analysis_free(&a);
    }
    nb_cache_free(s.cache);
    s.cache = nb_cache_new(64u << 20);
    p.k = 4;
    uint64_t empty = 0;
    double t0 = now();
    failed += nb_analyse(&s, &(nb_game){&nb_notakto, &p, 1, &empty}, NB_MISERE, 64, &a, &err) != NB_OK;
    double cold4 = now() - t0;
    nb_analysis_free(&a);
    nb_cache_free(s.cache);
    free(boards), free(heaps);
    printf("notakto_boards %.6f\nnotakto_heaps %.6f\nnotakto_4x4_cold %.6f\nnotakto_failed %d\n",
           median(t_boards, RUNS), median(t_heaps, RUNS), cold4, failed);
}

/* Node-Kayles on random graphs of 40 vertices and 60 distinct edges: the time of each
 * analysis (value and winning moves) and the vertex sets its search values. */
static void bench_nodekayles(void)
{
    enum { GRAPHS = 9, N = 40, M = 60 };
    double t[GRAPHS], most = 0;
    uint64_t sets = 0;
    int failed = 0;
    for (int i = 0; i < GRAPHS; i++) {
        uint32_t edges[2 * M];
        size_t m = 0;
        while (m < M) {
            uint32_t u = (uint32_t)(next() % N), v = (uint32_t)(next() % N);
            bool fresh = u != v;
            for (size_t e = 0; e < m && fresh; e++)
                fresh = !((edges[2 * e] == u && edges[2 * e + 1] == v) ||
                          (edges[2 * e] == v && edges[2 * e + 1] == u));
            if (fresh)
                edges[2 * m] = u, edges[2 * m + 1] = v, m++;
        }
        nb_nodekayles_params p = {0};
        nb_nodekayles_init(&p, N, edges, M);
        uint64_t bits = (1ULL << N) - 1;
        nb_solver s = {nb_cache_new(1u << 20), nb_limits_default(), NULL};
        nb_analysis a;
        nb_err err = {0};
        double t0 = now();
        if (nb_analyse(&s, &(nb_game){&nb_nodekayles, &p, 1, &bits}, NB_NORMAL, 64, &a, &err) == NB_OK)
            nb_analysis_free(&a);
        else
            failed++;
        t[i] = now() - t0;
        most = t[i] > most ? t[i] : most;
        sets = p.searched > sets ? p.searched : sets;
        nb_cache_free(s.cache);
        nb_nodekayles_free(&p);
    }
    printf("nodekayles_40_median %.6f\nnodekayles_40_max %.6f\nnodekayles_40_sets %llu\n"
           "nodekayles_40_failed %d\n", median(t, GRAPHS), most, (unsigned long long)sets, failed);
}

/* The staircase's moves, and from the end (no coin left) one move back to the start: a
 * cycle, so that the search keeps every move (the baseline of bench_search). */
static const uint64_t *loop_start;
static void looped_moves(const nb_game *g, nb_move_fn fn, void *ctx)
{
    bool end = true;
    for (size_t i = 0; i < g->len; i++)
        end = end && !g->state[i];
    nb_move back = {0};
    if (end)
        fn(ctx, &back, loop_start, g->len);
    else
        nb_staircase.each_move(g, fn, ctx);
}

/* One exhaustive misère search: its states, seconds and bytes held a state. */
static void search_row(const char *name, const nb_game *g)
{
    nb_budget b;
    nb_budget_start(&b, 0);
    nb_search *search;
    nb_err err = {0};
    double t0 = now();
    if (nb_search_run(g, NB_MISERE, 100000000, &b, &search, &err) != NB_OK)
        return;
    double t = now() - t0;
    size_t n = nb_search_states(search);
    printf("%s_states %zu\n%s_seconds %.3f\n%s_bytes_per_state %.1f\n", name, n, name, t, name,
           (double)nb_search_bytes(search) / (double)n);
    nb_search_free(search);
}

/* Exhaustive search: misère staircase Nim of six stairs of five coins (749,398 states),
 * each state settled depth-first with no move kept, then the same states with every move
 * kept (a cycle added, so the search goes breadth-first); misère Kayles [14, 16, 18]
 * searched (not through its quotient). */
static void bench_search(void)
{
    uint64_t stairs[6] = {5, 5, 5, 5, 5, 5};
    nb_game g = {.rules = &nb_staircase, .state = stairs, .len = 6};
    search_row("search_staircase", &g);
    nb_ruleset looped = nb_staircase;
    looped.each_move = looped_moves;
    loop_start = stairs;
    nb_game lg = {.rules = &looped, .state = stairs, .len = 6};
    search_row("search_staircase_kept", &lg);
    nb_octal_params kayles = {0};
    nb_err err = {0};
    nb_octal_parse("0.77", &kayles.rule, &err);
    uint64_t heaps[3] = {14, 16, 18};
    nb_game kg = {.rules = &nb_octal, .params = &kayles, .state = heaps, .len = 3};
    search_row("search_kayles", &kg);
}

/* Misère quotients: Kayles' built and proved (cold); 1000 positions of 6 heaps near 10^18
 * under misère play (warm, through the quotient) and under normal play; Dawson's Kayles'
 * partial quotient grown to heap 30 (order 360, published), then towards heap 33 for a
 * minute at most (time, heaps reached, order, peak RSS); 1000
 * misère positions of Dawson's Kayles and Grundy's game with heaps within their partial
 * quotients (warm). */
static void bench_quotient(void)
{
    nb_octal_params kayles = {0}, dawson = {0}, grundy = {.rule = nb_grundy_rule()};
    nb_err err = {0};
    nb_octal_parse("0.77", &kayles.rule, &err);
    nb_octal_parse("0.07", &dawson.rule, &err);
    nb_quotient_need need = {UINT64_MAX, NB_QUOTIENT_MAX_ORDER, nb_limits_default().max_work,
                             &kayles.rule, NULL, NULL, NULL};
    nb_quotient *q;
    double t0 = now();
    if (nb_quotient_build(&need, &q, &err) != NB_OK)
        return;
    printf("quotient_kayles_cold %.6f\nquotient_kayles_order %u\n", now() - t0, q->order);
    q->base.destroy(&q->base);
    nb_octal_rule r7777;
    nb_octal_parse("0.7777", &r7777, &err);
    nb_budget half_minute; /* 0.7777, whose quotient is small: cold, until proved or stopped */
    nb_budget_start(&half_minute, 30);
    need = (nb_quotient_need){UINT64_MAX, NB_QUOTIENT_MAX_ORDER, nb_limits_default().max_work,
                              &r7777, &half_minute, NULL, NULL};
    t0 = now();
    if (nb_quotient_build(&need, &q, &err) != NB_OK)
        return;
    nb_budget_end(&half_minute);
    printf("quotient_7777_cold %.3f\nquotient_7777_proved %d\nquotient_7777_order %u\n"
           "quotient_7777_heaps %llu\nquotient_7777_stop %s\n", now() - t0, q->proved, q->order,
           (unsigned long long)q->n - 1, q->stop ? q->stop : "-");
    q->base.destroy(&q->base);
    singles *s = singles_new(0x2545f4914f6cdd1dULL);
    uint64_t one = NEAR_1E18(1); /* the quotient grown and proved before the clock starts */
    nb_game warm_kayles = {.rules = &nb_octal, .params = &kayles, .state = &one, .len = 1};
    singles_time(s, 0, 0, &warm_kayles, NB_MISERE);
    singles_time(s, 1, 0, &warm_kayles, NB_NORMAL);
    s->max[0] = s->max[1] = 0;
    for (int i = 0; i < SINGLES; i++) {
        uint64_t heaps[6];
        for (int k = 0; k < 6; k++)
            heaps[k] = NEAR_1E18(singles_next(s));
        nb_game g = {.rules = &nb_octal, .params = &kayles, .state = heaps, .len = 6};
        singles_time(s, 0, i, &g, NB_MISERE);
        singles_time(s, 1, i, &g, NB_NORMAL);
    }
    singles_print(s, "quotient_kayles", "quotient_kayles_misere", "quotient_kayles_normal");
    need = (nb_quotient_need){30, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson.rule, NULL, NULL, NULL};
    t0 = now(); /* heap 30, the first reached by recalibration (order 360) */
    if (nb_quotient_build(&need, &q, &err) != NB_OK)
        return;
    printf("quotient_dawson_30_seconds %.3f\nquotient_dawson_30_order %u\n", now() - t0,
           q->order);
    q->base.destroy(&q->base);
    reset_peak_rss(); /* the growth's own peak, not the benchmarks' before it */
    nb_budget minute; /* the growth towards heap 33 stops after a minute at most */
    nb_budget_start(&minute, 60);
    need = (nb_quotient_need){33, NB_QUOTIENT_MAX_ORDER, UINT64_MAX, &dawson.rule, &minute, NULL, NULL};
    t0 = now();
    nb_status st = nb_quotient_build(&need, &q, &err);
    nb_budget_end(&minute);
    if (st != NB_OK)
        return;
    printf("quotient_dawson_seconds %.3f\nquotient_dawson_heaps %llu\nquotient_dawson_order %u\n"
           "quotient_dawson_rss_mb %.0f\n", now() - t0, (unsigned long long)q->n - 1, q->order,
           peak_rss_mb());
    q->base.destroy(&q->base);
    s = singles_new(0x9e3779b97f4a7c15ULL);
    uint64_t warm[2][1] = {{19}, {28}}; /* the quotients grown before the clock starts */
    nb_game wd = {.rules = &nb_octal, .params = &dawson, .state = warm[0], .len = 1};
    nb_game wg = {.rules = &nb_octal, .params = &grundy, .state = warm[1], .len = 1};
    singles_time(s, 0, 0, &wd, NB_MISERE);
    singles_time(s, 1, 0, &wg, NB_MISERE);
    s->max[0] = s->max[1] = 0;
    for (int i = 0; i < SINGLES; i++) {
        uint64_t heaps[2][4];
        for (int k = 0; k < 4; k++)
            heaps[0][k] = singles_next(s) % 20, heaps[1][k] = singles_next(s) % 29;
        nb_game dg = {.rules = &nb_octal, .params = &dawson, .state = heaps[0], .len = 4};
        nb_game gg = {.rules = &nb_octal, .params = &grundy, .state = heaps[1], .len = 4};
        singles_time(s, 0, i, &dg, NB_MISERE);
        singles_time(s, 1, i, &gg, NB_MISERE);
    }
    singles_print(s, "quotient_small", "quotient_dawson_misere", "quotient_grundy_misere");
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : "";
    if (!*only || !strcmp(only, "dag"))
        bench_dag();
    if (!*only || !strcmp(only, "subtraction"))
        bench_subtraction();
    if (!*only || !strcmp(only, "cutting"))
        bench_cutting();
    if (!*only || !strcmp(only, "hackenbush"))
        bench_hackenbush();
    if (!*only || !strcmp(only, "coprime"))
        bench_coprime();
    if (!*only || !strcmp(only, "octal"))
        bench_octal();
    if (!strcmp(only, "grundy20")) /* the store rows' baseline (bench/store.py) */
        bench_grundy20();
    if (!*only || !strcmp(only, "loopy")) /* after the rows that draw the same numbers */
        bench_loopy();
    if (!*only || !strcmp(only, "euclid"))
        bench_euclid();
    if (!*only || !strcmp(only, "divisor"))
        bench_divisor();
    if (!*only || !strcmp(only, "wythoff"))
        bench_wythoff();
    if (!*only || !strcmp(only, "fibonacci"))
        bench_fibonacci();
    if (!*only || !strcmp(only, "tartan"))
        bench_tartan();
    if (!*only || !strcmp(only, "chomp"))
        bench_chomp();
    if (!*only || !strcmp(only, "nodekayles"))
        bench_nodekayles();
    if (!*only || !strcmp(only, "notakto"))
        bench_notakto();
    if (!*only || !strcmp(only, "cram"))
        bench_cram();
    if (!strcmp(only, "cram-long")) /* make bench-long */
        bench_cram_long(argc > 2 ? (unsigned)atoi(argv[2]) : 30);
    if (!*only || !strcmp(only, "quotient"))
        bench_quotient();
    if (!*only || !strcmp(only, "search"))
        bench_search();
    return 0;
}
