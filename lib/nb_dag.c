/* nb_dag.c - tokens on a directed acyclic graph: CSR from the edge list, a topological
 * order by Kahn's algorithm, then the mex of the successors' values in reverse order.
 * O(nodes + edges), no recursion; a cycle is reported with its nodes. */
#include "nb_rulesets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nb_heaps.h"
#include "nb_util.h"

static nb_dag_params *dag_params(const nb_game *g) { return g->params; }

static nb_status dag_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_dag_params *p = dag_params(g);
    const nb_limits *lim = &s->limits;
    if (p->nodes > lim->max_nodes)
        return nb_fail(err, NB_ELIMIT, "/nodes", "%zu nodes exceed the limit max_nodes=%llu",
                       p->nodes, (unsigned long long)lim->max_nodes);
    if (p->nedges > lim->max_edges)
        return nb_fail(err, NB_ELIMIT, "/edges", "%zu edges exceed the limit max_edges=%llu",
                       p->nedges, (unsigned long long)lim->max_edges);
    if (g->len > lim->max_parts)
        return nb_fail(err, NB_ELIMIT, "/tokens", "%zu tokens exceed the limit max_parts=%llu",
                       g->len, (unsigned long long)lim->max_parts);
    char ptr[48];
    for (size_t i = 0; i < 2 * p->nedges; i++)
        if (p->edges[i] >= p->nodes) {
            snprintf(ptr, sizeof ptr, "/edges/%zu/%zu", i / 2, i % 2);
            return nb_fail(err, NB_EINVAL, ptr, "edges[%zu] names node %u, past the last node",
                           i / 2, p->edges[i]);
        }
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] >= p->nodes) {
            snprintf(ptr, sizeof ptr, "/tokens/%zu", i);
            return nb_fail(err, NB_EINVAL, ptr, "tokens[%zu] names a node past the last node", i);
        }
    return NB_OK;
}

#define AHEAD 8 /* how many nodes or edges ahead the loops below prefetch */

/* CSR of the successors; in-degrees counted in the same pass as out-degrees. */
static void build_csr(nb_dag_params *p, uint32_t *indeg)
{
    uint32_t *off = nb_xcalloc(p->nodes + 2, sizeof *off);
    uint32_t *adj = nb_xmalloc((p->nedges + 1) * sizeof *adj);
    const uint32_t *e = p->edges;
    for (size_t i = 0; i < p->nedges; i++) {
        off[e[2 * i] + 2]++;
        indeg[e[2 * i + 1]]++;
    }
    for (size_t u = 2; u <= p->nodes; u++) /* off[u+1] = start of u's list, then end */
        off[u] += off[u - 1];
    for (size_t i = 0; i < p->nedges; i++) {
        if (i + 2 * AHEAD < p->nedges)
            __builtin_prefetch(&off[e[2 * (i + 2 * AHEAD)] + 1], 1);
        adj[off[e[2 * i] + 1]++] = e[2 * i + 1];
    }
    p->offsets = off;
    p->targets = adj;
}

/* Nodes Kahn's algorithm left have a left predecessor each; following one predecessor
 * per node from any of them must come back round: that loop is a cycle. */
static nb_status report_cycle(const nb_dag_params *p, const uint32_t *indeg, nb_err *err)
{
    uint32_t none = UINT32_MAX, *pred = nb_xmalloc((p->nodes + 1) * sizeof *pred);
    memset(pred, 0xff, (p->nodes + 1) * sizeof *pred);
    uint32_t start = none;
    for (size_t i = 0; i < p->nedges; i++) {
        uint32_t u = p->edges[2 * i], v = p->edges[2 * i + 1];
        if (indeg[u] && indeg[v]) {
            pred[v] = u;
            start = v;
        }
    }
    uint32_t *step = nb_xcalloc(p->nodes + 1, sizeof *step), u = start;
    for (uint32_t k = 1; !step[u]; k++) { /* walk back until a node repeats */
        step[u] = k;
        u = pred[u];
    }
    size_t len = 0;
    for (uint32_t v = u;; v = pred[v]) {
        len++;
        if (pred[v] == u)
            break;
    }
    err->cycle_len = len;
    err->cycle = nb_xmalloc(len * sizeof *err->cycle);
    uint32_t v = u;
    for (size_t i = len; i-- > 0; v = pred[v]) /* the walk went backwards: reverse it */
        err->cycle[i] = v;
    free(step);
    free(pred);
    return nb_fail(err, NB_ECYCLE, "/edges", "the graph has a cycle through %zu nodes "
                   "(node %u leads back to itself)", len, u);
}

/* The passes below visit nodes in an order known in advance (the queue), and each
 * visit is a chain of dependent loads: node -> offsets -> successors -> their entries.
 * Fetching those a few nodes ahead lets the loads of several nodes overlap. */
static void prefetch_ahead(const uint32_t *order, size_t at, size_t end, const uint32_t *off,
                           const uint32_t *adj, const uint32_t *entry, int write)
{
    if (at + 2 * AHEAD < end)
        __builtin_prefetch(&off[order[at + 2 * AHEAD]]);
    if (at + AHEAD < end)
        __builtin_prefetch(&adj[off[order[at + AHEAD]]]);
    if (at + AHEAD / 2 < end) {
        uint32_t w = order[at + AHEAD / 2];
        for (uint32_t e = off[w]; e < off[w + 1]; e++)
            write ? __builtin_prefetch(&entry[adj[e]], 1) : __builtin_prefetch(&entry[adj[e]]);
    }
}

/* The same walking the order backwards from `at`. */
static void prefetch_behind(const uint32_t *order, size_t at, const uint32_t *off,
                            const uint32_t *adj, const uint32_t *entry)
{
    if (at >= 2 * AHEAD)
        __builtin_prefetch(&off[order[at - 2 * AHEAD]]);
    if (at >= AHEAD)
        __builtin_prefetch(&adj[off[order[at - AHEAD]]]);
    if (at >= AHEAD / 2) {
        uint32_t w = order[at - AHEAD / 2];
        for (uint32_t e = off[w]; e < off[w + 1]; e++)
            __builtin_prefetch(&entry[adj[e]]);
    }
}

/* Kahn's algorithm orders the nodes so that every edge goes forward; then the values are
 * taken in reverse order, each the mex of its successors' (independent loads, unlike a
 * depth-first walk whose every step waits for the last). */
static nb_status solve(nb_dag_params *p, uint32_t *indeg, nb_err *err)
{
    size_t n = p->nodes;
    const uint32_t *off = p->offsets, *adj = p->targets;
    uint32_t *order = nb_xmalloc((n + 1) * sizeof *order);
    size_t head = 0, tail = 0;
    for (size_t u = 0; u < n; u++)
        if (!indeg[u])
            order[tail++] = (uint32_t)u;
    while (head < tail) {
        prefetch_ahead(order, head, tail, off, adj, indeg, 1);
        uint32_t u = order[head++];
        for (uint32_t e = off[u]; e < off[u + 1]; e++)
            if (--indeg[adj[e]] == 0)
                order[tail++] = adj[e];
    }
    if (tail < n) {
        free(order);
        return report_cycle(p, indeg, err);
    }
    uint32_t max_degree = 0;
    for (size_t u = 0; u < n; u++)
        if (off[u + 1] - off[u] > max_degree)
            max_degree = off[u + 1] - off[u];
    uint32_t *stamp = nb_xcalloc((size_t)max_degree + 2, sizeof *stamp);
    uint32_t *sg = nb_xmalloc((n + 1) * sizeof *sg);
    for (size_t i = n; i-- > 0;) {
        prefetch_behind(order, i, off, adj, sg);
        uint32_t u = order[i], degree = off[u + 1] - off[u], mark = u + 1;
        for (uint32_t e = off[u]; e < off[u + 1]; e++)
            if (sg[adj[e]] <= degree)
                stamp[sg[adj[e]]] = mark;
        uint32_t mex = 0;
        while (stamp[mex] == mark)
            mex++;
        sg[u] = mex;
    }
    free(stamp);
    free(order);
    p->sg = sg;
    return NB_OK;
}

static void dag_release(nb_game *g, nb_solver *s)
{
    (void)s;
    nb_dag_params *p = dag_params(g);
    free(p->offsets);
    free(p->targets);
    free(p->sg);
    p->offsets = p->targets = p->sg = NULL;
}

static nb_status dag_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_dag_params *p = dag_params(g);
    uint32_t *indeg = nb_xcalloc(p->nodes + 1, sizeof *indeg);
    build_csr(p, indeg);
    nb_status st = solve(p, indeg, err);
    free(indeg);
    if (st != NB_OK)
        dag_release(g, s);
    return st;
}

static nb_status dag_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t i = 0; i < g->len; i++)
        sg[i] = dag_params(g)->sg[g->state[i]];
    return NB_OK;
}

static nb_status dag_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    (void)s, (void)err;
    const nb_dag_params *p = dag_params(g);
    uint64_t u = g->state[part];
    for (uint32_t e = p->offsets[u]; e < p->offsets[u + 1]; e++) {
        nb_move m = {.u.slide = {part, u, p->targets[e]}};
        if (!fn(ctx, &m, p->sg[p->targets[e]]))
            break;
    }
    return NB_OK;
}

static nb_status dag_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    nb_target_filter filter = {target, out};
    return dag_options(g, s, part, nb_keep_if_target, &filter, err);
}

static void dag_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    const nb_dag_params *p = dag_params(g);
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool go_on = true;
    for (size_t t = 0; t < g->len && go_on; t++) {
        uint64_t u = g->state[t];
        for (uint32_t e = p->offsets[u]; e < p->offsets[u + 1] && go_on; e++) {
            nb_move m = {.u.slide = {t, u, p->targets[e]}};
            after[t] = p->targets[e];
            go_on = fn(ctx, &m, after);
        }
        after[t] = u;
    }
    free(after);
}

const nb_ruleset nb_dag = {
    .name = "dag",
    .check = dag_check,
    .prepare = dag_prepare,
    .release = dag_release,
    .part_count = nb_heaps_part_count,
    .part_values = dag_values,
    .moves_to = dag_moves_to,
    .options = dag_options,
    .each_move = dag_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
};
