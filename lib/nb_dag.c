/* nb_dag.c - tokens on a directed acyclic graph: CSR from the edge list, then one
 * iterative depth-first search that finishes each node after its successors and takes
 * the mex of their values right then. O(nodes + edges); a cycle is reported. */
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

static void build_csr(nb_dag_params *p)
{
    uint32_t *off = nb_xcalloc(p->nodes + 1, sizeof *off);
    uint32_t *adj = nb_xmalloc((p->nedges + 1) * sizeof *adj);
    for (size_t e = 0; e < p->nedges; e++)
        off[p->edges[2 * e] + 1]++;
    for (size_t u = 0; u < p->nodes; u++)
        off[u + 1] += off[u];
    uint32_t *fill = nb_xmalloc((p->nodes + 1) * sizeof *fill);
    memcpy(fill, off, p->nodes * sizeof *fill);
    for (size_t e = 0; e < p->nedges; e++)
        adj[fill[p->edges[2 * e]]++] = p->edges[2 * e + 1];
    free(fill);
    p->offsets = off;
    p->targets = adj;
}

enum { WHITE, GRAY, BLACK };

static nb_status report_cycle(const uint32_t *stack, size_t depth, uint32_t back_to, nb_err *err)
{
    size_t from = depth;
    while (stack[from - 1] != back_to)
        from--;
    from--;
    err->cycle_len = depth - from;
    err->cycle = nb_xmalloc(err->cycle_len * sizeof *err->cycle);
    for (size_t i = 0; i < err->cycle_len; i++)
        err->cycle[i] = stack[from + i];
    return nb_fail(err, NB_ECYCLE, "/edges", "the graph has a cycle through %zu nodes "
                   "(node %u leads back to itself)", err->cycle_len, back_to);
}

/* SG of every node, or the nodes of one cycle. */
static nb_status solve(nb_dag_params *p, nb_err *err)
{
    size_t n = p->nodes;
    const uint32_t *off = p->offsets, *adj = p->targets;
    uint32_t *sg = nb_xmalloc((n + 1) * sizeof *sg);
    uint32_t *cursor = nb_xmalloc((n + 1) * sizeof *cursor);
    uint32_t *stack = nb_xmalloc((n + 1) * sizeof *stack);
    uint8_t *color = nb_xcalloc(n + 1, 1);
    uint32_t max_degree = 0;
    for (size_t u = 0; u < n; u++)
        if (off[u + 1] - off[u] > max_degree)
            max_degree = off[u + 1] - off[u];
    uint32_t *stamp = nb_xcalloc((size_t)max_degree + 2, sizeof *stamp);
    memcpy(cursor, off, n * sizeof *cursor);
    nb_status st = NB_OK;
    for (size_t root = 0; root < n && st == NB_OK; root++) {
        if (color[root] != WHITE)
            continue;
        size_t depth = 0;
        stack[depth++] = (uint32_t)root;
        color[root] = GRAY;
        while (depth) {
            uint32_t u = stack[depth - 1];
            if (cursor[u] < off[u + 1]) {
                uint32_t v = adj[cursor[u]++];
                if (color[v] == WHITE) {
                    color[v] = GRAY;
                    stack[depth++] = v;
                } else if (color[v] == GRAY) {
                    st = report_cycle(stack, depth, v, err);
                    break;
                }
                continue;
            }
            uint32_t degree = off[u + 1] - off[u], mark = u + 1;
            for (uint32_t e = off[u]; e < off[u + 1]; e++)
                if (sg[adj[e]] <= degree)
                    stamp[sg[adj[e]]] = mark;
            uint32_t mex = 0;
            while (stamp[mex] == mark)
                mex++;
            sg[u] = mex;
            color[u] = BLACK;
            depth--;
        }
    }
    free(stamp);
    free(color);
    free(stack);
    free(cursor);
    if (st != NB_OK) {
        free(sg);
        return st;
    }
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
    build_csr(p);
    nb_status st = solve(p, err);
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

typedef struct target_ctx {
    uint64_t target;
    nb_movelist *out;
} target_ctx;

static bool keep_if_target(void *ctx_, const nb_move *move, uint64_t value)
{
    target_ctx *tc = ctx_;
    return value != tc->target || nb_movelist_push(tc->out, move);
}

static nb_status dag_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    target_ctx tc = {target, out};
    return dag_options(g, s, part, keep_if_target, &tc, err);
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
