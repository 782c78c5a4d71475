/* nb_hackenbush.c - Green Hackenbush on any graph, in near-linear time.
 *
 * The value (Winning Ways, ch. 7): by the fusion principle the vertices of any cycle may be
 * fused into one, each of the cycle's edges becoming a loop, worth 1; so each
 * 2-edge-connected part is one vertex carrying its edges as loops, worth their count mod 2,
 * and the bridges join these vertices in a tree rooted at the ground's part. By the colon
 * principle a branch (a bridge and what hangs from it) whose far end is worth v is worth a
 * stalk of 1 + v, and branches at one vertex add as a nim sum. So a part is worth its loop
 * parity XOR the weights hung on it XOR (1 + child) over its children, and the position
 * the ground's part's worth. The parts come from a breadth-first spanning tree and
 * union-find (path halving) over the cycles its other edges close (see solve): O(m log n)
 * at worst, near-linear in practice, with no recursion anywhere (graphs of 10^6 edges).
 *
 * Winning moves: cutting a bridge drops its child's branch; the value each part must take
 * for the ground to reach the target is pushed down the bridge tree in one pass. Cutting
 * an edge inside a part changes the part, which is re-solved exactly (its edges less that
 * one, the branches hung on it as weights), while the work limit max_work allows; past it
 * the list says it may be incomplete. */
#include "games/hackenbush/nb_hackenbush.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

#define NONE UINT32_MAX

static const nb_hackenbush_params *hb_params(const nb_game *g) { return g->params; }

/* A graph: edge e joins ends[2e] and ends[2e+1]; vertex v's neighbours are
 * nbr[off[v] .. off[v+1]) (a loop's vertex is listed twice in its own list; parallel
 * edges list a neighbour once each). */
typedef struct hb_graph {
    size_t n, m;
    const uint32_t *ends;
    uint32_t *own_ends; /* ends when the graph made them, else NULL */
    uint32_t *off, *nbr;
} hb_graph;

/* The adjacency of m edges on n vertices; the graph owns `own` (NULL: ends borrowed). */
static void graph_build(hb_graph *h, size_t n, size_t m, const uint32_t *ends, uint32_t *own)
{
    *h = (hb_graph){n, m, ends, own, nb_xcalloc_large(n + 2, sizeof *h->off),
                    nb_xmalloc_large((2 * m + 1) * sizeof *h->nbr)};
    enum { AHEAD = 32 }; /* random counters and slots: fetched this many ends early */
    for (size_t i = 0; i < 2 * m; i++) {
        if (i + AHEAD < 2 * m)
            __builtin_prefetch(&h->off[ends[i + AHEAD] + 2], 1);
        h->off[ends[i] + 2]++;
    }
    for (size_t v = 0; v < n; v++)
        h->off[v + 2] += h->off[v + 1];
    for (size_t i = 0; i < 2 * m; i++) {
        if (i + AHEAD < 2 * m)
            __builtin_prefetch(&h->nbr[h->off[ends[i + AHEAD] + 1]], 1);
        h->nbr[h->off[ends[i] + 1]++] = ends[i ^ 1];
    }
}

static void graph_free(hb_graph *h)
{
    free(h->own_ends);
    free(h->off);
    free(h->nbr);
}

/* A solve's results and work arrays, sized to a graph and reused across its solves. The
 * vertices reached are numbered by their place in a breadth-first order from the root
 * (visited[i] is the i-th; pos[v] is v's place, where seen[v] says v was reached),
 * and the rest is kept by place, so that walking the places reads in order. Parts are
 * numbered top-down (a parent before its children): part c is entered at vertex
 * entry[c] from vertex up_vertex[c] of its parent part parent[c] (NONE for the root's),
 * and is worth value[c]; part[v] is v's part. The part arrays are made on the first solve
 * that asks for them. */
typedef struct hb_solve {
    size_t n;
    uint32_t *pos, *visited;
    uint8_t *seen; /* by vertex: 0 not reached, 1 queued, 2 searched (its place is earlier) */
    uint32_t *up_place, *rep; /* by place: the tree, the sets */
    uint32_t *worth; /* by place: weights and inside edges' parity, then sets' worth; 32 bits
                      * suffice, as a value is a mex of at most m values, m < 2^32 */
    uint32_t *part, *parent, *up_vertex, *entry, *part_at;
    uint64_t *value;
    size_t nvisited, nparts;
    uint64_t work; /* vertices and neighbours visited, all solves */
    nb_budget *budget; /* looked at as a value-only solve goes (NULL: not): once spent, the
                        * solve stops, its value meaningless (borrowed) */
} hb_solve;

static void solve_init(hb_solve *s, size_t n)
{
    *s = (hb_solve){.n = n};
    s->pos = nb_xmalloc_large((n + 1) * sizeof *s->pos);
    s->seen = nb_xcalloc_large(n + 1, 1);
    uint32_t **arrays[] = {&s->visited, &s->up_place, &s->rep, &s->worth};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        *arrays[i] = nb_xmalloc_large((n + 1) * sizeof **arrays[i]);
}

static void solve_parts_init(hb_solve *s)
{
    if (s->part)
        return;
    uint32_t **arrays[] = {&s->part, &s->parent, &s->up_vertex, &s->entry, &s->part_at};
    for (size_t i = 0; i < sizeof arrays / sizeof *arrays; i++)
        *arrays[i] = nb_xmalloc_large((s->n + 1) * sizeof **arrays[i]);
    s->value = nb_xmalloc_large((s->n + 1) * sizeof *s->value);
}

static void solve_free(hb_solve *s)
{
    free(s->pos), free(s->seen), free(s->visited), free(s->up_place), free(s->rep), free(s->worth);
    free(s->part), free(s->parent), free(s->up_vertex);
    free(s->entry), free(s->part_at), free(s->value);
}

/* The top of place i's set, halving the paths on the way. */
static uint32_t top(uint32_t *rep, uint32_t i)
{
    while (rep[i] != i) {
        rep[i] = rep[rep[i]];
        i = rep[i];
    }
    return i;
}

/* Merges the tree path between places a and b into one set, each set named by its top
 * (the place nearest the root). Each tree edge merged becomes an inside edge: its parity
 * is kept in the worth of its lower end, which the set's worth sums up later. */
static void merge_cycle(hb_solve *s, uint32_t a, uint32_t b)
{
    a = top(s->rep, a), b = top(s->rep, b);
    while (a != b) {
        if (a < b) { /* climb from the later place: never above the meeting point */
            uint32_t t = a;
            a = b, b = t;
        }
        uint32_t up = top(s->rep, s->up_place[a]);
        s->rep[a] = up;
        s->worth[a] ^= 1;
        a = up;
    }
}

/* The value of the graph seen from root, with weight[v] (NULL: none) hung on the
 * vertices. A breadth-first search gives a spanning tree (a vertex's first edge to its
 * parent is its tree edge; a parallel one is a cycle of two); each other edge closes a
 * cycle, met from its later end, whose tree path (all of it already reached) is merged
 * into one set at once (union-find, each tree edge merged at most once), so the sets end
 * as the 2-edge-connected parts and the tree edges between sets are the bridges; a loop is
 * a cycle of its own. Each inside edge's parity goes into the worth of a place in its set.
 * Then, bottom-up in the reverse order, a part's worth is its inside edges' parity
 * (fusion: each a loop worth 1) XOR its weights XOR (1 + child) over the parts hung from
 * it (colon principle). `parts`: also number the parts. The positions must be clean
 * (solve_clean after a solve). */
static uint64_t solve(const hb_graph *h, uint32_t root, const uint64_t *weight, bool parts,
                      hb_solve *s)
{
    uint32_t *pos = s->pos, *order = s->visited;
    uint8_t *seen = s->seen;
    size_t head = 0, tail = 0;
    pos[root] = (uint32_t)tail++;
    seen[root] = 1;
    order[0] = root;
    s->up_place[0] = NONE;
    s->rep[0] = 0;
    s->worth[0] = weight ? (uint32_t)weight[root] : 0;
    /* Cycles are merged LAG edges late, the far end's place and set fetched on the way (the
     * sets do not depend on the order of the merges): late[k] holds the later end's place
     * and the far end, a vertex until its place is read half way. */
    enum { LAG = 16 };
    uint32_t late[LAG][2], nlate = 0;
    while (head < tail) {
        if (s->budget && !parts && nb_budget_spent(s->budget))
            return 0; /* the caller sees the budget spent and drops the value */
        uint32_t i = (uint32_t)head++, v = order[i], loops = 0;
        uint32_t parent = i ? order[s->up_place[i]] : NONE;
        seen[v] = 2;
        if (i + 16 < tail) /* the search waits on memory: fetch the next vertices' lists early */
            __builtin_prefetch(&h->off[order[i + 16]]);
        if (i + 8 < tail)
            __builtin_prefetch(&h->nbr[h->off[order[i + 8]]]);
        for (uint32_t a = h->off[v]; a < h->off[v + 1]; a++) {
            uint32_t u = h->nbr[a];
            if (u == parent) {
                parent = NONE; /* the tree edge, once */
                continue;
            }
            uint8_t state = seen[u]; /* a byte, not its place: the common test stays cached */
            if (!state) {
                seen[u] = 1;
                pos[u] = (uint32_t)tail;
                order[tail] = u;
                s->up_place[tail] = i;
                s->rep[tail] = (uint32_t)tail;
                s->worth[tail++] = weight ? (uint32_t)weight[u] : 0;
            } else if (u == v) {
                loops++; /* each loop listed twice */
            } else if (state == 2) { /* each edge off the tree from its later end */
                s->worth[i] ^= 1;
                __builtin_prefetch(&pos[u]);
                if (nlate >= LAG / 2) {
                    uint32_t *half = late[(nlate - LAG / 2) % LAG];
                    half[1] = pos[half[1]];
                    __builtin_prefetch(&s->rep[half[1]]);
                }
                uint32_t *slot = late[nlate++ % LAG];
                if (nlate > LAG)
                    merge_cycle(s, slot[0], slot[1]);
                slot[0] = i, slot[1] = u;
            }
        }
        s->worth[i] ^= loops / 2 & 1;
    }
    for (uint32_t k = nlate > LAG ? nlate - LAG : 0; k < nlate; k++)
        merge_cycle(s, late[k % LAG][0],
                    k + LAG / 2 < nlate ? late[k % LAG][1] : pos[late[k % LAG][1]]);
    size_t n = s->nvisited = tail;
    for (size_t i = 1; i < n; i++) /* a set's places lie after its top: one pass finds all */
        s->rep[i] = s->rep[s->rep[i]];
    for (size_t i = n; i-- > 1;) { /* children before parents: the worth flows up */
        uint32_t t = s->rep[i];
        if (t != i) /* a member's parities and weights go to its part's top */
            s->worth[t] ^= s->worth[i];
        else /* i tops a part, now whole: fused, then hung */
            s->worth[s->rep[s->up_place[i]]] ^= 1 + s->worth[i];
    }
    s->work += n + 2 * h->m;
    if (!parts)
        return s->worth[0];
    solve_parts_init(s);
    s->nparts = 0;
    for (size_t i = 0; i < n; i++) { /* parts numbered top-down */
        if (s->rep[i] != i) {
            s->part_at[i] = s->part_at[s->rep[i]];
        } else {
            uint32_t c = (uint32_t)s->nparts++;
            s->part_at[i] = c;
            s->value[c] = s->worth[i];
            s->entry[c] = order[i];
            s->up_vertex[c] = i ? order[s->up_place[i]] : NONE;
            s->parent[c] = i ? s->part_at[s->up_place[i]] : NONE;
        }
        s->part[order[i]] = s->part_at[i];
    }
    return s->worth[0];
}

/* Undoes what a solve marked, for the next one. */
static void solve_clean(hb_solve *s)
{
    for (size_t i = 0; i < s->nvisited; i++)
        s->seen[s->visited[i]] = 0;
}

/* The standing edges of a state as a graph over the nodes (edge i is state[i]). */
static void state_graph(const nb_game *g, const uint64_t *state, size_t len, hb_graph *h)
{
    const nb_hackenbush_params *p = hb_params(g);
    if (len == p->nedges) { /* every edge stands: the state is 0, 1, ... (checked ascending) */
        graph_build(h, p->nodes, len, p->edges, NULL);
        return;
    }
    uint32_t *ends = nb_xmalloc((2 * len + 1) * sizeof *ends);
    for (size_t i = 0; i < len; i++) {
        ends[2 * i] = p->edges[2 * state[i]];
        ends[2 * i + 1] = p->edges[2 * state[i] + 1];
    }
    graph_build(h, p->nodes, len, ends, ends);
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
            uint32_t u = h.nbr[a];
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
        return p->nodes ? nb_fail_field(err, NB_EINVAL, 2, NB_NO_INDEX, NB_NO_INDEX,
                                        "must be a node number in 0..%zu (%s %zu node%s)",
                                        p->nodes - 1, p->nodes == 1 ? "there is" : "there are",
                                        p->nodes, p->nodes == 1 ? "" : "s")
                        : nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX,
                                        "must be at least 1: the ground is a node");
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

/* The value of a state; meaningless once `budget` (NULL: none) is spent. */
static uint64_t value_of_state(const nb_game *g, const uint64_t *state, size_t len,
                               nb_budget *budget)
{
    hb_graph h;
    hb_solve s;
    state_graph(g, state, len, &h);
    solve_init(&s, h.n);
    s.budget = budget;
    uint64_t v = solve(&h, (uint32_t)hb_params(g)->ground, NULL, false, &s);
    solve_free(&s);
    graph_free(&h);
    return v;
}

static nb_status hb_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = value_of_state(g, g->state, g->len, NULL);
    return NB_OK;
}

/* Marks in wins[] (per state edge) the edges whose deletion gives the ground `target`,
 * within the work limit; false when it ran out first. A bridge (an edge between two
 * parts) drops its child's branch; want[c], the value part c must take for the ground to
 * be worth target (UINT64_MAX when no change below c can do it), is pushed down parents
 * first. An edge inside a part is found by re-solving the part without it: the part's
 * own edges (bucketed by part in one pass), its children's branches hung as weights.
 * The request's budget is looked at before each re-solve: once spent, it stops too. */
static bool winning_edges(const nb_game *g, const nb_solver *sv, uint64_t target, uint8_t *wins)
{
    hb_graph h;
    hb_solve s;
    state_graph(g, g->state, g->len, &h);
    solve_init(&s, h.n);
    solve(&h, (uint32_t)hb_params(g)->ground, NULL, true, &s);
    size_t np = s.nparts;
    uint64_t *want = nb_xmalloc((np + 1) * sizeof *want);
    for (size_t c = 0; c < np; c++) {
        uint32_t p = s.parent[c];
        uint64_t x = p == NONE || want[p] == UINT64_MAX ? 0
                                                        : want[p] ^ s.value[p] ^ (1 + s.value[c]);
        want[c] = p == NONE ? target : x >= 1 ? x - 1 : UINT64_MAX;
    }
    /* the edges by part: the inside ones bucketed, the bridges judged at once */
    uint32_t *first = nb_xcalloc(np + 2, sizeof *first);
    uint32_t *inside = nb_xmalloc((h.m + 1) * sizeof *inside);
    uint64_t *hung = nb_xcalloc(h.n + 1, sizeof *hung);
    for (size_t e = 0; e < h.m; e++) {
        uint32_t x = h.ends[2 * e], y = h.ends[2 * e + 1];
        if (!s.seen[x])
            continue; /* not joined to the ground */
        uint32_t px = s.part[x], py = s.part[y];
        if (px == py) {
            first[px + 2]++;
            continue;
        }
        uint32_t c = px > py ? px : py, p = s.parent[c]; /* the child part is the later one */
        if (want[p] != UINT64_MAX && (s.value[p] ^ (1 + s.value[c])) == want[p])
            wins[e] = 1;
    }
    for (size_t c = 0; c < np; c++)
        first[c + 2] += first[c + 1];
    for (size_t e = 0; e < h.m; e++) {
        uint32_t x = h.ends[2 * e];
        if (s.seen[x] && s.part[x] == s.part[h.ends[2 * e + 1]])
            inside[first[s.part[x] + 1]++] = (uint32_t)e;
    }
    for (size_t c = 1; c < np; c++) /* each child's branch hangs where its bridge does */
        hung[s.up_vertex[c]] ^= 1 + s.value[c];
    bool whole = true;
    uint32_t *local = nb_xcalloc(h.n + 1, sizeof *local), *nodes = NULL;
    size_t ncap = 0;
    for (uint32_t c = 0; c < np && whole; c++) {
        size_t ne = first[c + 1] - first[c], nv = 0;
        if (want[c] == UINT64_MAX || !ne)
            continue;
        uint32_t *ends = nb_xmalloc(2 * ne * sizeof *ends);
        for (size_t k = 0; k < ne; k++) /* local numbers for the part's vertices */
            for (int end = 0; end < 2; end++) {
                uint32_t v = h.ends[2 * inside[first[c] + k] + end];
                if (local[v] >= nv || nodes[local[v]] != v) {
                    nb_reserve((void **)&nodes, &ncap, nv + 1, sizeof *nodes);
                    local[v] = (uint32_t)nv;
                    nodes[nv++] = v;
                }
                ends[2 * k + end] = local[v];
            }
        uint64_t *weight = nb_xmalloc((nv + 1) * sizeof *weight);
        for (size_t k = 0; k < nv; k++)
            weight[k] = hung[nodes[k]];
        uint32_t *less = nb_xmalloc(2 * ne * sizeof *less);
        hb_solve ps;
        solve_init(&ps, nv);
        for (size_t k = 0; k < ne && whole; k++) { /* the part without its k-th edge */
            if (s.work + ps.work > sv->limits.max_work || nb_budget_spent_now(sv->budget)) {
                whole = false;
                break;
            }
            memcpy(less, ends, 2 * k * sizeof *less);
            memcpy(less + 2 * k, ends + 2 * k + 2, 2 * (ne - k - 1) * sizeof *less);
            hb_graph part;
            graph_build(&part, nv, ne - 1, less, NULL);
            if (solve(&part, local[s.entry[c]], weight, false, &ps) == want[c])
                wins[inside[first[c] + k]] = 1;
            solve_clean(&ps);
            graph_free(&part);
        }
        s.work += ps.work;
        solve_free(&ps);
        free(less);
        free(weight);
        free(ends);
    }
    free(nodes);
    free(local);
    free(hung);
    free(inside);
    free(first);
    free(want);
    solve_free(&s);
    graph_free(&h);
    return whole;
}

static nb_status hb_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    (void)part;
    uint8_t *wins = nb_xcalloc(g->len + 1, 1);
    if (!winning_edges(g, s, target, wins))
        out->incomplete = true;
    if (nb_budget_spent(s->budget)) {
        free(wins);
        return nb_budget_fail(s->budget, err);
    }
    for (size_t i = 0; i < g->len; i++) {
        uint64_t edge = g->state[i];
        if (wins[i] && !nb_movelist_push(out, &(nb_move){.len = 1, .w = &edge}))
            break;
    }
    free(wins);
    return NB_OK;
}

/* Every move (the standing edges joined to the ground, ascending) with the state after. */
/* Each move with the state after it, while fn says go on, and `budget` (NULL: none) lasts:
 * it is looked at before each move's state is worked out. */
static void each_move_within(const nb_game *g, nb_budget *budget, nb_move_fn fn, void *ctx)
{
    nb_state grounded = {0}, after = {0};
    nb_hackenbush_grounded(g, g->state, g->len, &grounded);
    for (size_t i = 0; i < grounded.len && !nb_budget_spent_now(budget); i++) {
        uint64_t edge = grounded.w[i];
        nb_move m = {.len = 1, .w = &edge};
        hb_apply(g, &m, &after);
        if (!fn(ctx, &m, after.w, after.len))
            break;
    }
    free(after.w);
    free(grounded.w);
}

static void hb_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    each_move_within(g, NULL, fn, ctx);
}

typedef struct option_ctx {
    const nb_game *game;
    nb_option_fn fn;
    void *ctx;
    uint64_t work, max_work;
    nb_budget *budget; /* looked at before each move's re-solve */
} option_ctx;

static bool value_move(void *ctx_, const nb_move *m, const uint64_t *after, size_t len)
{
    option_ctx *oc = ctx_;
    oc->work += oc->game->len + hb_params(oc->game)->nodes;
    if (oc->work > oc->max_work || nb_budget_spent_now(oc->budget))
        return false;
    uint64_t value = value_of_state(oc->game, after, len, oc->budget);
    return !nb_budget_spent_now(oc->budget) && oc->fn(oc->ctx, m, value);
}

/* Moves with their values, each re-solved whole, while the work limit allows (past it,
 * NB_ELIMIT naming max_work: the moves given so far stand). */
static nb_status hb_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    (void)part;
    option_ctx oc = {g, fn, ctx, 0, s->limits.max_work, s->budget};
    each_move_within(g, s->budget, value_move, &oc);
    if (nb_budget_spent(s->budget))
        return nb_budget_fail(s->budget, err);
    if (oc.work > oc.max_work)
        return nb_fail(err, NB_ELIMIT, "valuing every move passes the limit max_work=%llu",
                       (unsigned long long)oc.max_work);
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
