/* nb_hackenbush.c - Green Hackenbush on any graph, in linear time.
 *
 * The value (Winning Ways, ch. 7): by the fusion principle the vertices of any cycle may be
 * fused into one, each of the cycle's edges becoming a loop, worth 1; so each
 * 2-edge-connected part is one vertex carrying its edges as loops, worth their count mod 2,
 * and the bridges join these vertices in a tree rooted at the ground's part. By the colon
 * principle a branch (a bridge and what hangs from it) whose far end is worth v is worth a
 * stalk of 1 + v, and branches at one vertex add as a nim sum. So a part is worth its loop
 * parity XOR the weights hung on it XOR (1 + child) over its children, and the position
 * the ground's part's worth. Bridges by Tarjan's lowlinks, iteratively (graphs of 10^6
 * edges), parallel edges told apart by their ids, so no recursion anywhere.
 *
 * Winning moves: cutting a bridge drops its child's branch; the value each part must take
 * for the ground to reach the target is pushed down the bridge tree in one pass. Cutting
 * an edge inside a part changes the part, which is re-solved exactly (its edges less that
 * one, the branches hung on it as weights), while the work limit max_work allows; past it
 * the list says it may be incomplete. */
#include "nb_hackenbush.h"

#include <stdlib.h>
#include <string.h>

#include "nb_util.h"

#define NONE UINT32_MAX

static const nb_hackenbush_params *hb_params(const nb_game *g) { return g->params; }

/* A graph: edge e joins ends[2e] and ends[2e+1]; vertex v's entries are
 * adj[off[v] .. off[v+1]), each the neighbour and the edge's id (a loop is listed twice). */
typedef struct hb_entry {
    uint32_t to, edge;
} hb_entry;

typedef struct hb_graph {
    size_t n, m;
    uint32_t *ends, *off;
    hb_entry *adj;
} hb_graph;

static void graph_build(hb_graph *h, size_t n, size_t m, uint32_t *ends)
{
    h->n = n;
    h->m = m;
    h->ends = ends;
    h->off = nb_xcalloc(n + 2, sizeof *h->off);
    h->adj = nb_xmalloc((2 * m + 1) * sizeof *h->adj);
    for (size_t i = 0; i < 2 * m; i++)
        h->off[ends[i] + 2]++;
    for (size_t v = 0; v < n; v++)
        h->off[v + 2] += h->off[v + 1];
    for (size_t i = 0; i < 2 * m; i++)
        h->adj[h->off[ends[i] + 1]++] = (hb_entry){ends[i ^ 1], (uint32_t)(i / 2)};
}

static void graph_free(hb_graph *h)
{
    free(h->ends);
    free(h->off);
    free(h->adj);
}

/* A solve's results and work arrays, sized to a graph and reused across its solves.
 * The one thing kept per vertex, read for every entry, is its discovery time and lowlink
 * (8 bytes: reaching a vertex costs one miss); what a vertex gathers while it is open
 * (its entries, the child bridges hung on it and their branches' nim sum) lives on the
 * stacks, in the order the vertices were opened. Parts are numbered as they close
 * (children before parents); part c is entered at vertex entry[c] by bridge up_edge[c]
 * from vertex up_vertex[c] of its parent part. part[] (per vertex) and parent[] are
 * filled only when asked for. */
typedef struct hb_times {
    uint32_t disc, low; /* disc 0: not reached */
} hb_times;

typedef struct hb_solve {
    hb_times *tm;
    uint32_t *part;
    uint32_t *frames, *next, *frame_edge, *frame_slot; /* the open path */
    uint32_t *pending, *degree, *bridges;              /* opened, not yet in a closed part */
    uint64_t *hung;
    uint32_t *visited, *parent, *up_edge, *up_vertex, *entry;
    uint64_t *value;
    size_t nvisited, nparts;
    uint64_t work; /* vertices and entries visited, all solves */
} hb_solve;

static void solve_init(hb_solve *s, size_t n)
{
    *s = (hb_solve){0};
    s->tm = nb_xcalloc_large(n + 1, sizeof *s->tm);
    uint32_t **arrays[] = {&s->part, &s->frames, &s->next, &s->frame_edge, &s->frame_slot,
                           &s->pending, &s->degree, &s->bridges, &s->visited, &s->parent,
                           &s->up_edge, &s->up_vertex, &s->entry};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        *arrays[i] = nb_xmalloc_large((n + 1) * sizeof **arrays[i]);
    s->hung = nb_xmalloc_large((n + 1) * sizeof *s->hung);
    s->value = nb_xmalloc_large((n + 1) * sizeof *s->value);
}

static void solve_free(hb_solve *s)
{
    free(s->tm), free(s->part), free(s->frames), free(s->next), free(s->frame_edge);
    free(s->frame_slot), free(s->pending), free(s->degree), free(s->bridges), free(s->hung);
    free(s->visited), free(s->parent), free(s->up_edge), free(s->up_vertex), free(s->entry);
    free(s->value);
}

/* Closes the part whose top vertex sits at `slot` of the pending stack (it and all above
 * it). Its edges inside are half its entries less its bridges, each a loop worth 1 by
 * fusion; its worth adds the branches hung on it (colon principle) and the weights. */
static uint64_t close_part(hb_solve *s, size_t *npending, size_t slot, uint32_t up_edge,
                           const uint64_t *weight, bool parts)
{
    uint32_t c = (uint32_t)s->nparts++;
    uint64_t entries = 0, bridges = up_edge == NONE ? 0 : 1, worth = 0;
    for (size_t k = slot; k < *npending; k++) {
        uint32_t w = s->pending[k];
        if (parts)
            s->part[w] = c;
        entries += s->degree[k];
        bridges += s->bridges[k];
        worth ^= s->hung[k] ^ (weight ? weight[w] : 0);
    }
    s->value[c] = worth ^ ((entries - bridges) / 2 & 1);
    s->entry[c] = s->pending[slot];
    s->up_edge[c] = up_edge;
    *npending = slot;
    return s->value[c];
}

/* The value of the graph seen from root, without edge `skip` (NONE: none), with weight[v]
 * (NULL: none) hung on the vertices: one depth-first pass with an explicit stack finds the
 * bridges by Tarjan's lowlinks (parallel edges told apart by their ids), closes each
 * 2-edge-connected part when the bridge above it is found, and values it at once (its
 * children closed before it). `parts`: also fill part[] and parent[]. The times must be
 * clean (solve_clean after a solve). */
static uint64_t solve(const hb_graph *h, uint32_t root, uint32_t skip, const uint64_t *weight,
                      bool parts, hb_solve *s)
{
    uint32_t t = 0;
    size_t depth = 0, npending = 0;
    hb_times *tm = s->tm;
    s->nvisited = s->nparts = 0;
    tm[root] = (hb_times){++t, t};
    s->visited[s->nvisited++] = root;
    s->frames[0] = root, s->next[0] = h->off[root], s->frame_edge[0] = NONE;
    s->frame_slot[0] = 0;
    s->pending[0] = root, s->degree[0] = s->bridges[0] = 0, s->hung[0] = 0;
    depth = npending = 1;
    while (depth) {
        size_t f = depth - 1;
        uint32_t v = s->frames[f];
        if (s->next[f] < h->off[v + 1]) {
            if (s->next[f] + 1 < h->off[v + 1]) /* the next neighbour's times, ahead */
                __builtin_prefetch(&tm[h->adj[s->next[f] + 1].to]);
            hb_entry a = h->adj[s->next[f]++];
            if (a.edge == skip)
                continue;
            s->degree[s->frame_slot[f]]++;
            if (a.edge == s->frame_edge[f])
                continue;
            uint32_t d = tm[a.to].disc;
            if (!d) {
                tm[a.to] = (hb_times){++t, t};
                s->visited[s->nvisited++] = a.to;
                s->frames[depth] = a.to, s->next[depth] = h->off[a.to];
                s->frame_edge[depth] = a.edge, s->frame_slot[depth] = (uint32_t)npending;
                s->pending[npending] = a.to, s->degree[npending] = 0;
                s->bridges[npending] = 0, s->hung[npending++] = 0;
                depth++;
            } else if (d < tm[v].low) {
                tm[v].low = d;
            }
            continue;
        }
        if (!--depth)
            break;
        uint32_t p = s->frames[depth - 1];
        if (tm[v].low < tm[p].low)
            tm[p].low = tm[v].low;
        if (tm[v].low > tm[p].disc) { /* v's edge up is a bridge: v's part is whole */
            uint64_t value = close_part(s, &npending, s->frame_slot[f], s->frame_edge[f], weight,
                                        parts);
            s->up_vertex[s->nparts - 1] = p;
            s->hung[s->frame_slot[depth - 1]] ^= 1 + value;
            s->bridges[s->frame_slot[depth - 1]]++;
        }
    }
    uint64_t value = close_part(s, &npending, 0, NONE, weight, parts);
    for (size_t c = 0; parts && c < s->nparts; c++)
        s->parent[c] = s->up_edge[c] == NONE ? NONE : s->part[s->up_vertex[c]];
    s->work += s->nvisited + 2 * h->m;
    return value;
}

/* Undoes what a solve marked, for the next one. */
static void solve_clean(hb_solve *s)
{
    for (size_t i = 0; i < s->nvisited; i++)
        s->tm[s->visited[i]].disc = 0;
}


/* The standing edges of a state as a graph over the nodes (edge i is state[i]). */
static void state_graph(const nb_game *g, const uint64_t *state, size_t len, hb_graph *h)
{
    const nb_hackenbush_params *p = hb_params(g);
    uint32_t *ends = nb_xmalloc((2 * len + 1) * sizeof *ends);
    for (size_t i = 0; i < len; i++) {
        ends[2 * i] = p->edges[2 * state[i]];
        ends[2 * i + 1] = p->edges[2 * state[i] + 1];
    }
    graph_build(h, p->nodes, len, ends);
}

void nb_hackenbush_grounded(const nb_game *g, const uint64_t *state, size_t len, nb_state *out)
{
    hb_graph h;
    state_graph(g, state, len, &h);
    uint8_t *reached = nb_xcalloc(h.n + 1, 1);
    uint32_t *queue = nb_xmalloc((h.n + 1) * sizeof *queue);
    size_t head = 0, tail = 0;
    uint32_t ground = (uint32_t)hb_params(g)->ground;
    reached[ground] = 1;
    queue[tail++] = ground;
    while (head < tail) {
        uint32_t v = queue[head++];
        for (uint32_t a = h.off[v]; a < h.off[v + 1]; a++) {
            uint32_t u = h.adj[a].to;
            if (!reached[u]) {
                reached[u] = 1;
                queue[tail++] = u;
            }
        }
    }
    nb_state_resize(out, 0);
    for (size_t i = 0; i < len; i++)
        if (reached[h.ends[2 * i]]) {
            nb_state_resize(out, out->len + 1);
            out->w[out->len - 1] = state[i];
        }
    free(queue);
    free(reached);
    graph_free(&h);
}

static nb_status hb_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_hackenbush_params *p = hb_params(g);
    if (p->nodes > s->limits.max_nodes)
        return nb_fail_field(err, NB_ELIMIT, 1, NB_NO_INDEX, NB_NO_INDEX,
                             "%zu is over the limit max_nodes=%llu", p->nodes,
                             (unsigned long long)s->limits.max_nodes);
    if (p->nedges > s->limits.max_edges)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu edges, over the limit max_edges=%llu", p->nedges,
                             (unsigned long long)s->limits.max_edges);
    if (p->ground >= p->nodes)
        return nb_fail_field(err, NB_EINVAL, 2, NB_NO_INDEX, NB_NO_INDEX,
                             "must be a node number in 0..%zu (there are %zu nodes)",
                             p->nodes ? p->nodes - 1 : 0, p->nodes);
    for (size_t i = 0; i < 2 * p->nedges; i++)
        if (p->edges[i] >= p->nodes)
            return nb_fail_field(err, NB_EINVAL, 0, i / 2, i % 2,
                                 "must be a node number in 0..%zu", p->nodes - 1);
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] >= p->nedges || (i && g->state[i] <= g->state[i - 1]))
            return nb_fail(err, NB_EINVAL, "a position's edges must be ascending edge numbers");
    return NB_OK;
}

/* {edge}: the edge goes, and every edge no longer joined to the ground falls. */
static void hb_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    uint64_t *rest = nb_xmalloc((g->len + 1) * sizeof *rest);
    size_t n = 0;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] != m->w[0])
            rest[n++] = g->state[i];
    nb_hackenbush_grounded(g, rest, n, after);
    free(rest);
}

static size_t hb_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

static uint64_t value_of_state(const nb_game *g, const uint64_t *state, size_t len)
{
    hb_graph h;
    hb_solve s;
    state_graph(g, state, len, &h);
    solve_init(&s, h.n);
    uint64_t v = solve(&h, (uint32_t)hb_params(g)->ground, NONE, NULL, false, &s);
    solve_free(&s);
    graph_free(&h);
    return v;
}

static nb_status hb_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = value_of_state(g, g->state, g->len);
    return NB_OK;
}

/* The edges inside part c with the weights hung on its vertices (the branches below it),
 * as a graph of its own, with its entry vertex (local numbers); *local maps a node to its
 * local number (set for the part's nodes only). */
typedef struct hb_part {
    hb_graph h;
    uint64_t *weight;
    uint32_t *edge_id; /* local edge -> the state's edge index */
    uint32_t entry;
} hb_part;

static void part_graph(const hb_graph *h, const hb_solve *s, uint32_t c, uint32_t *local,
                       hb_part *out)
{
    size_t nv = 0, ne = 0;
    uint32_t *nodes = NULL, *ends = NULL, *ids = NULL;
    size_t ncap = 0, ecap = 0, icap = 0;
    for (size_t i = 0; i < s->nvisited; i++) {
        uint32_t v = s->visited[i];
        if (s->part[v] != c)
            continue;
        nb_reserve((void **)&nodes, &ncap, nv + 1, sizeof *nodes);
        local[v] = (uint32_t)nv;
        nodes[nv++] = v;
    }
    for (size_t k = 0; k < nv; k++) { /* each inside edge once, from its first end */
        uint32_t v = nodes[k];
        for (uint32_t a = h->off[v]; a < h->off[v + 1]; a++) {
            uint32_t e = h->adj[a].edge;
            if (s->part[h->adj[a].to] != c || h->ends[2 * e] != v ||
                (a > h->off[v] && h->adj[a - 1].edge == e))
                continue;
            nb_reserve((void **)&ends, &ecap, 2 * ne + 2, sizeof *ends);
            nb_reserve((void **)&ids, &icap, ne + 1, sizeof *ids);
            ends[2 * ne] = local[h->ends[2 * e]];
            ends[2 * ne + 1] = local[h->ends[2 * e + 1]];
            ids[ne++] = e;
        }
    }
    graph_build(&out->h, nv, ne, ends ? ends : nb_xmalloc(sizeof *ends));
    out->edge_id = ids;
    out->weight = nb_xcalloc(nv + 1, sizeof *out->weight);
    for (size_t d = 0; d < s->nparts; d++) /* each child's branch hangs where its bridge does */
        if (s->parent[d] == c)
            out->weight[local[s->up_vertex[d]]] ^= 1 + s->value[d];
    out->entry = local[s->entry[c]];
    free(nodes);
}

static void part_free(hb_part *p)
{
    graph_free(&p->h);
    free(p->weight);
    free(p->edge_id);
}

/* Marks in wins[] (per state edge) the edges whose deletion gives the ground `target`,
 * within the work limit; false when it ran out first. */
static bool winning_edges(const nb_game *g, const nb_solver *sv, uint64_t target, uint8_t *wins)
{
    hb_graph h;
    hb_solve s;
    state_graph(g, g->state, g->len, &h);
    solve_init(&s, h.n);
    solve(&h, (uint32_t)hb_params(g)->ground, NONE, NULL, true, &s);
    /* want[c]: the value part c must take for the ground to be worth target (UINT64_MAX
     * when no change below c can do it), pushed down parents first (parts close children
     * first, so the parents are the later numbers) */
    uint64_t *want = nb_xmalloc((s.nparts + 1) * sizeof *want);
    for (size_t c = s.nparts; c-- > 0;) {
        if (s.parent[c] == NONE) {
            want[c] = target;
            continue;
        }
        uint32_t p = s.parent[c];
        uint64_t x = want[p] == UINT64_MAX ? 0 : want[p] ^ s.value[p] ^ (1 + s.value[c]);
        want[c] = x >= 1 ? x - 1 : UINT64_MAX;
    }
    for (size_t c = 0; c < s.nparts; c++) /* a bridge: its child's branch goes */
        if (s.parent[c] != NONE && want[s.parent[c]] != UINT64_MAX &&
            (s.value[s.parent[c]] ^ (1 + s.value[c])) == want[s.parent[c]])
            wins[s.up_edge[c]] = 1;
    bool whole = true;
    uint32_t *local = nb_xmalloc((h.n + 1) * sizeof *local);
    for (uint32_t c = 0; c < s.nparts && whole; c++) { /* an edge inside a part: re-solve it */
        if (want[c] == UINT64_MAX)
            continue;
        hb_part part;
        part_graph(&h, &s, c, local, &part);
        hb_solve ps;
        solve_init(&ps, part.h.n);
        for (uint32_t e = 0; e < part.h.m; e++) {
            if (s.work + ps.work > sv->limits.max_work) {
                whole = false;
                break;
            }
            if (solve(&part.h, part.entry, e, part.weight, false, &ps) == want[c])
                wins[part.edge_id[e]] = 1;
            solve_clean(&ps);
        }
        s.work += ps.work;
        solve_free(&ps);
        part_free(&part);
    }
    free(local);
    free(want);
    solve_free(&s);
    graph_free(&h);
    return whole;
}

static nb_status hb_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    (void)part, (void)err;
    uint8_t *wins = nb_xcalloc(g->len + 1, 1);
    if (!winning_edges(g, s, target, wins))
        out->truncated = true;
    for (size_t i = 0; i < g->len; i++) {
        uint64_t edge = g->state[i];
        if (wins[i] && !nb_movelist_push(out, &(nb_move){.len = 1, .w = &edge}))
            break;
    }
    free(wins);
    return NB_OK;
}

typedef struct each_ctx {
    nb_move_fn fn;
    void *ctx;
} each_ctx;

/* Every move (the standing edges joined to the ground, ascending) with the state after. */
static void each_grounded_move(const nb_game *g, bool (*visit)(const nb_game *, const nb_move *,
                                                                const nb_state *, void *),
                               void *ctx)
{
    nb_state grounded = {0}, after = {0};
    nb_hackenbush_grounded(g, g->state, g->len, &grounded);
    for (size_t i = 0; i < grounded.len; i++) {
        uint64_t edge = grounded.w[i];
        nb_move m = {.len = 1, .w = &edge};
        hb_apply(g, &m, &after);
        if (!visit(g, &m, &after, ctx))
            break;
    }
    free(after.w);
    free(grounded.w);
}

static bool visit_move(const nb_game *g, const nb_move *m, const nb_state *after, void *ctx_)
{
    (void)g;
    each_ctx *ec = ctx_;
    return ec->fn(ec->ctx, m, after->w, after->len);
}

static void hb_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    each_ctx ec = {fn, ctx};
    each_grounded_move(g, visit_move, &ec);
}

typedef struct option_ctx {
    nb_option_fn fn;
    void *ctx;
    uint64_t work, max_work;
} option_ctx;

static bool visit_option(const nb_game *g, const nb_move *m, const nb_state *after, void *ctx_)
{
    option_ctx *oc = ctx_;
    oc->work += g->len + hb_params(g)->nodes;
    return oc->work <= oc->max_work && oc->fn(oc->ctx, m, value_of_state(g, after->w, after->len));
}

/* Moves with their values, each re-solved whole, while the work limit allows. */
static nb_status hb_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    (void)part, (void)err;
    option_ctx oc = {fn, ctx, 0, s->limits.max_work};
    each_grounded_move(g, visit_option, &oc);
    return NB_OK;
}

const nb_ruleset nb_hackenbush = {
    .name = "hackenbush",
    .check = hb_check,
    .apply = hb_apply,
    .part_count = hb_part_count,
    .part_values = hb_values,
    .moves_to = hb_moves_to,
    .options = hb_options,
    .each_move = hb_each_move,
};
