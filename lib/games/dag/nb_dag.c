/* nb_dag.c - tokens on a directed graph: the SG value of every node, found from the sinks
 * backwards over predecessor lists grouped by a two-level counting sort, in O(nodes +
 * edges) with no recursion; on a graph with a cycle, the generalized SG values
 * (nb_loopy.c), and one token's outcome and remoteness by retrograde analysis. */
#include "games/dag/nb_dag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_loopy.h"
#include "engine/nb_token_quotient.h"

static nb_dag_params *dag_params(const nb_game *g) { return g->params; }

static nb_status dag_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_dag_params *p = dag_params(g);
    const nb_limits *lim = &s->limits;
    if (p->nodes > lim->max_nodes)
        return nb_fail_field(err, NB_ELIMIT, 1, NB_NO_INDEX, NB_NO_INDEX,
                             "%zu is over the limit max_nodes=%llu", p->nodes,
                             (unsigned long long)lim->max_nodes);
    if (p->nedges > lim->max_edges)
        return nb_fail_field(err, NB_ELIMIT, 2, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu edges, over the limit max_edges=%llu", p->nedges,
                             (unsigned long long)lim->max_edges);
    if (g->len > lim->max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu tokens, over the limit max_parts=%llu", g->len,
                             (unsigned long long)lim->max_parts);
    for (size_t i = 0; i < 2 * p->nedges; i++)
        if (p->edges[i] >= p->nodes)
            return nb_fail_field(err, NB_EINVAL, 2, i / 2, i % 2,
                                 "must be a node number in 0..%zu", p->nodes ? p->nodes - 1 : 0);
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] >= p->nodes)
            return nb_fail_field(err, NB_EINVAL, 0, i, NB_NO_INDEX,
                                 "must be a node number in 0..%zu", p->nodes ? p->nodes - 1 : 0);
    return NB_OK;
}

#define AHEAD 16       /* how many nodes ahead the solving loop prefetches */
#define BUCKET_BITS 12 /* nodes per bucket of the grouping: 4096, whose counters stay in L1 */

/* The edges grouped by one end (`key`: 0 the source, 1 the target): off[v]..off[v+1]
 * index, in `other`, the other ends of v's edges. Only edges whose key is in `want`
 * (a bitset; NULL: all). A random write per edge into the whole array is what makes a
 * plain counting sort slow; here one pass counts the edges per bucket of 4096 nodes, one
 * partitions them into the buckets (one write stream per bucket) and each bucket is then
 * counted and placed inside its 4096 nodes. A partitioned edge holds its key's place in
 * the bucket above the other end: in 32 bits when the node ids leave room (graphs of
 * under 2^20 nodes), which halves the partition's traffic, else in 64. `tally` (NULL:
 * none) counts the edges at each node's other end in the first pass. */
static void group_edges(const nb_dag_params *p, int key, const uint64_t *want, uint32_t *tally,
                        uint32_t **off_out, uint32_t **other_out)
{
    size_t n = p->nodes, m = p->nedges, buckets = (n >> BUCKET_BITS) + 1;
    const uint32_t *e = p->edges;
    size_t *start = nb_xcalloc(buckets + 1, sizeof *start);
    for (size_t i = 0; i < m; i++) {
        uint32_t k = e[2 * i + key];
        if (want && !nb_bit_test(want, k))
            continue;
        start[(k >> BUCKET_BITS) + 1]++;
        if (tally)
            tally[e[2 * i + !key]]++;
    }
    for (size_t b = 0; b < buckets; b++)
        start[b + 1] += start[b];
    size_t total = start[buckets], *at = nb_xmalloc(buckets * sizeof *at);
    memcpy(at, start, buckets * sizeof *at);
    unsigned shift = nb_bit_length(n); /* where the key's place starts in an entry */
    bool narrow = shift + BUCKET_BITS <= 32;
    if (!narrow)
        shift = 32;
    uint64_t low = ((uint64_t)1 << shift) - 1, place = ((uint64_t)1 << BUCKET_BITS) - 1;
    uint32_t *part32 = NULL;
    uint64_t *part64 = NULL;
    if (narrow)
        part32 = nb_xmalloc_large((total + 1) * sizeof *part32);
    else
        part64 = nb_xmalloc_large((total + 1) * sizeof *part64);
    for (size_t i = 0; i < m; i++) {
        uint32_t k = e[2 * i + key];
        if (!want || nb_bit_test(want, k)) {
            uint64_t entry = (k & place) << shift | e[2 * i + !key];
            if (narrow)
                part32[at[k >> BUCKET_BITS]++] = (uint32_t)entry;
            else
                part64[at[k >> BUCKET_BITS]++] = entry;
        }
    }
    uint32_t *off = nb_xcalloc_large(n + 1, sizeof *off),
             *other = nb_xmalloc_large((total + 1) * sizeof *other);
    for (size_t b = 0; b < buckets; b++) {
        size_t lo = b << BUCKET_BITS, hi = lo + ((size_t)1 << BUCKET_BITS) < n
                                                  ? lo + ((size_t)1 << BUCKET_BITS) : n;
        uint32_t *boff = off + lo + 1;
        for (size_t i = start[b]; i < start[b + 1]; i++) /* off[v+1] = v's count ... */
            boff[(narrow ? part32[i] : part64[i]) >> shift]++;
        uint32_t next = (uint32_t)start[b];
        for (size_t v = lo; v < hi; v++) { /* ... then where v's list starts ... */
            uint32_t count = off[v + 1];
            off[v + 1] = next;
            next += count;
        }
        for (size_t i = start[b]; i < start[b + 1]; i++) { /* ... and once placed, where it ends */
            uint64_t entry = narrow ? part32[i] : part64[i];
            other[boff[entry >> shift]++] = (uint32_t)(entry & low);
        }
    }
    free(part32);
    free(part64);
    free(at);
    free(start);
    *off_out = off;
    *other_out = other;
}

/* What the solving loop keeps of a node: `left` packs its unfinished out-degree (low
 * count_bits bits, 0 once finished) under the set of its successors' values below
 * `narrow` (the bits above); `first` is where its predecessor list starts, the next
 * node's `first` where it ends. One record holds both, so finishing a node costs no
 * second miss. */
typedef struct dag_node {
    uint32_t left, first;
} dag_node;

/* A finished node in the queue, with all the loop needs to pass its value on. */
typedef struct dag_finished {
    uint32_t node, value, first, last;
} dag_finished;

/* How `left` is split, from the largest out-degree. */
typedef struct dag_packing {
    unsigned count_bits;
    uint32_t count_mask, narrow; /* values below narrow live in the mask */
} dag_packing;

/* The mex of a finished node's successors: the first value missing from its narrow mask,
 * else from its wide bits (values narrow..out-degree, from wide_at[u]). */
static uint32_t finished_mex(const dag_packing *pk, uint32_t left, const uint64_t *wide,
                             const uint32_t *wide_at, uint32_t u)
{
    uint64_t mask = (uint64_t)left >> pk->count_bits;
    if (mask != (1ULL << pk->narrow) - 1)
        return (uint32_t)__builtin_ctzll(~mask);
    uint32_t k = wide_at[u];
    while (k < wide_at[u + 1] && nb_bit_test(wide, k))
        k++;
    return pk->narrow + (k - wide_at[u]);
}

/* The values are found from the sinks backwards: a node is finished, its value the mex of
 * its successors', when its last successor is. Every edge costs one read-modify-write of
 * its source's `left` (found through the target's predecessor list, which the queue entry
 * points at), and each node one miss on its list: the sum of one gather per edge and one
 * per node. Values from `narrow` up to a node's out-degree (only nodes with that many
 * successors can have them) go to a bitset with out-degree - narrow + 1 bits per such
 * node. Nodes left unfinished lie on or above a cycle: then the generalized values of
 * all nodes come from nb_gamma instead, bounded by max_work. Keeps the predecessor lists
 * in p. */
static nb_status solve(nb_dag_params *p, uint64_t max_work, nb_budget *budget, nb_err *err)
{
    size_t n = p->nodes;
    uint32_t *wide_at = nb_xcalloc_large(n + 1, sizeof *wide_at), *off, *pred;
    group_edges(p, 1, NULL, wide_at, &off, &pred); /* wide_at holds out-degrees at first */
    uint32_t max_degree = 0;
    for (size_t v = 0; v < n; v++)
        max_degree = wide_at[v] > max_degree ? wide_at[v] : max_degree;
    dag_packing pk = {nb_bit_length(max_degree), 0, 0};
    pk.count_mask = (uint32_t)((1ULL << pk.count_bits) - 1);
    pk.narrow = 32 - pk.count_bits;
    dag_node *node = nb_xmalloc_large((n + 1) * sizeof *node);
    p->has_move = nb_xcalloc(n / 64 + 1, sizeof *p->has_move);
    dag_finished *queue = nb_xmalloc_large((n + 1) * sizeof *queue);
    size_t tail = 0;
    uint32_t wide_bits = 0;
    for (size_t v = 0; v < n; v++) {
        uint32_t degree = wide_at[v];
        if (degree)
            nb_bit_set(p->has_move, v);
        node[v] = (dag_node){degree, off[v]};
        wide_at[v] = wide_bits;
        if (degree >= pk.narrow)
            wide_bits += degree - pk.narrow + 1;
        if (!degree)
            queue[tail++] = (dag_finished){(uint32_t)v, 0, off[v], off[v + 1]};
    }
    node[n].first = off[n];
    wide_at[n] = wide_bits;
    uint64_t *wide = nb_xcalloc((size_t)wide_bits / 64 + 1, sizeof *wide);
    for (size_t head = 0; head < tail; head++) {
        if (head + 2 * AHEAD < tail)
            __builtin_prefetch(&pred[queue[head + 2 * AHEAD].first]);
        if (head + AHEAD < tail)
            for (uint32_t e = queue[head + AHEAD].first; e < queue[head + AHEAD].last; e++)
                __builtin_prefetch(&node[pred[e]], 1);
        dag_finished f = queue[head];
        uint32_t bit = f.value < pk.narrow ? 1u << (pk.count_bits + f.value) : 0;
        for (uint32_t e = f.first; e < f.last; e++) {
            uint32_t u = pred[e], left = (node[u].left - 1) | bit;
            if (!bit && f.value - pk.narrow < wide_at[u + 1] - wide_at[u])
                nb_bit_set(wide, wide_at[u] + f.value - pk.narrow);
            node[u].left = left;
            if (!(left & pk.count_mask))
                queue[tail++] = (dag_finished){u, finished_mex(&pk, left, wide, wide_at, u),
                                               node[u].first, node[u + 1].first};
        }
    }
    free(wide);
    free(wide_at);
    p->pred_off = off;
    p->pred = pred;
    p->sg = nb_xmalloc_large((n + 1) * sizeof *p->sg);
    p->loopy = tail < n;
    for (size_t i = 0; i < n && !p->loopy; i++)
        p->sg[queue[i].node] = queue[i].value;
    free(queue);
    free(node);
    if (!p->loopy)
        return NB_OK;
    p->counter = nb_xmalloc_large((n + 1) * sizeof *p->counter);
    if (nb_gamma(n, off, pred, p->sg, p->counter, max_work, budget))
        return NB_OK;
    if (nb_budget_spent(budget))
        return nb_budget_fail(budget, err);
    return nb_fail_field(err, NB_ELIMIT, 2, NB_NO_INDEX, NB_NO_INDEX,
                         "make a graph with cycles whose generalized SG values take more work "
                         "than the limit max_work=%llu", (unsigned long long)max_work);
}

/* Drops the repeats of a target from each successor list: parallel edges are one move. */
static void distinct_targets(nb_dag_params *p)
{
    uint32_t *seen = nb_xcalloc(p->nodes + 1, sizeof *seen), kept = 0;
    for (size_t u = 0; u < p->nodes; u++) {
        uint32_t from = p->offsets[u], to = p->offsets[u + 1];
        p->offsets[u] = kept;
        for (uint32_t e = from; e < to; e++)
            if (seen[p->targets[e]] != u + 1) {
                seen[p->targets[e]] = (uint32_t)u + 1;
                p->targets[kept++] = p->targets[e];
            }
    }
    p->offsets[p->nodes] = kept;
    free(seen);
}

/* The successor lists, built on first use: for the nodes the tokens stand on (one
 * filtered pass over the edges; a first use always asks for one of them), then for every
 * node once a search (`all`) or a move from another node asks. A graph with cycles gets
 * them all at once: judging its moves asks for the followers of the nodes they reach,
 * and the lists must not be rebuilt while a caller walks them. */
static void need_successors(const nb_game *g, bool all, uint64_t node)
{
    nb_dag_params *p = dag_params(g);
    all |= p->loopy;
    if (p->offsets && (!p->succ_of || (!all && nb_bit_test(p->succ_of, node))))
        return;
    bool tokens_only = !p->offsets && !all;
    free(p->offsets);
    free(p->targets);
    free(p->succ_of);
    p->succ_of = NULL;
    if (tokens_only) {
        p->succ_of = nb_xcalloc(p->nodes / 64 + 1, sizeof *p->succ_of);
        for (size_t t = 0; t < g->len; t++)
            nb_bit_set(p->succ_of, g->state[t]);
    }
    group_edges(p, 0, p->succ_of, NULL, &p->offsets, &p->targets);
    distinct_targets(p);
}

/* Bytes per node and per edge that the graph's arrays take at the most at once: while
 * solving, out-degrees, predecessor offsets, the loop's records and queue and the values
 * (36 per node; the labelling's three arrays and the counters come after the records are
 * freed); kept, offsets, values and counters (12); on first use the one-token outcome and
 * remoteness with the retrograde pass's two arrays, and the successor offsets (17, less
 * what the solve freed). Per edge: a predecessor, a successor, and a partitioned entry
 * while grouping. Counted against the request's memory when the game is prepared, since
 * a node count in the body costs no body bytes. */
#define NODE_BYTES 48
#define EDGE_BYTES 16

static void dag_release(nb_game *g, nb_solver *s)
{
    nb_dag_params *p = dag_params(g);
    nb_budget_drop(s->budget, p->held);
    p->held = 0;
    free(p->offsets);
    free(p->targets);
    free(p->succ_of);
    free(p->has_move);
    free(p->sg);
    free(p->counter);
    free(p->pred_off);
    free(p->pred);
    free(p->outcome);
    free(p->remoteness);
    p->offsets = p->targets = p->sg = p->counter = p->pred_off = p->pred = p->remoteness = NULL;
    p->outcome = NULL;
    p->succ_of = p->has_move = NULL;
}

static nb_status dag_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_dag_params *p = dag_params(g);
    uint64_t bytes = (p->nodes + 1) * NODE_BYTES + (p->nedges + 1) * EDGE_BYTES;
    if (!nb_budget_hold(s->budget, bytes))
        return nb_budget_fail(s->budget, err);
    p->held = bytes;
    nb_status st = solve(p, s->limits.max_work, s->budget, err);
    if (st != NB_OK)
        dag_release(g, s);
    return st;
}

/* The value of a node as the solver counts values: finite, or NB_SG_LOOPY. */
static uint64_t value_of(const nb_dag_params *p, uint64_t v)
{
    return p->sg[v] == NB_GAMMA_INFINITE ? NB_SG_LOOPY : p->sg[v];
}

/* Every node's value is solved at once: a token reads its node's, found by the acyclic
 * pass or, on a cycle, by the retrograde labelling. */
static nb_method dag_method(const nb_game *g, size_t part)
{
    return value_of(dag_params(g), g->state[part]) == NB_SG_LOOPY ? NB_METHOD_RETROGRADE
                                                                  : NB_METHOD_TABLE;
}

static nb_status dag_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t i = 0; i < g->len; i++)
        sg[i] = value_of(dag_params(g), g->state[i]);
    return NB_OK;
}

/* K of a token on an ∞ node: the finite values among its successors'. */
static void dag_loopy_followers(const nb_game *g, size_t part, uint64_t **k, size_t *nk)
{
    uint64_t u = g->state[part];
    need_successors(g, false, u);
    const nb_dag_params *p = dag_params(g);
    *k = nb_xmalloc((p->offsets[u + 1] - p->offsets[u] + 1) * sizeof **k);
    *nk = 0;
    for (uint32_t e = p->offsets[u]; e < p->offsets[u + 1]; e++)
        if (p->sg[p->targets[e]] != NB_GAMMA_INFINITE)
            (*k)[(*nk)++] = p->sg[p->targets[e]];
    qsort(*k, *nk, sizeof **k, nb_cmp_u64);
    size_t kept = 0;
    for (size_t i = 0; i < *nk; i++)
        if (!kept || (*k)[kept - 1] != (*k)[i])
            (*k)[kept++] = (*k)[i];
    *nk = kept;
}

/* One token's outcome and remoteness at every node, on first use. */
static void need_retrograde(const nb_game *g)
{
    nb_dag_params *p = dag_params(g);
    if (p->outcome)
        return;
    p->outcome = nb_xmalloc_large(p->nodes + 1);
    p->remoteness = nb_xmalloc_large((p->nodes + 1) * sizeof *p->remoteness);
    nb_retrograde(p->nodes, p->pred_off, p->pred, NB_LOSE, NULL, p->outcome, p->remoteness);
}

/* With at most one token that can move, the game is that token's: its remoteness is the
 * retrograde analysis's (computed on first need). After a move (asked only then) the
 * moved token is the only one that can. Not known for a draw. */
static bool dag_remoteness(const nb_game *g, const nb_move *m, uint64_t *r)
{
    const nb_dag_params *p = dag_params(g);
    uint64_t node = m ? m->w[2] : p->nodes;
    for (size_t t = 0; t < g->len && !m; t++) {
        if (!nb_bit_test(p->has_move, g->state[t]))
            continue;
        if (node != p->nodes)
            return false; /* two tokens can move */
        node = g->state[t];
    }
    *r = 0;
    if (node == p->nodes)
        return true;
    need_retrograde(g);
    *r = p->remoteness[node];
    return p->outcome[node] != NB_DRAW;
}

/* Smith's counter function: a winning move of a graph with cycles makes progress by its
 * token's counter after against before (nb_loopy.c: reversals lower it); from an ∞ node,
 * whose moves alone win, by the counter after. */
static bool dag_progress(const nb_game *g, const nb_move *m, int64_t *rank)
{
    const nb_dag_params *p = dag_params(g);
    if (!p->loopy || !m)
        return p->loopy;
    uint64_t from = m->w[1], to = m->w[2];
    *rank = (int64_t)p->counter[to] -
            (p->sg[from] == NB_GAMMA_INFINITE ? 0 : (int64_t)p->counter[from]);
    return true;
}

static nb_status dag_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    (void)s, (void)err;
    uint64_t u = g->state[part];
    need_successors(g, false, u);
    const nb_dag_params *p = dag_params(g);
    for (uint32_t e = p->offsets[u]; e < p->offsets[u + 1]; e++) {
        uint64_t slide[3] = {part, u, p->targets[e]};
        if (!fn(ctx, &(nb_move){.len = 3, .w = slide}, value_of(p, p->targets[e])))
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
    need_successors(g, true, 0);
    const nb_dag_params *p = dag_params(g);
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool go_on = true;
    for (size_t t = 0; t < g->len && go_on; t++) {
        uint64_t u = g->state[t];
        for (uint32_t e = p->offsets[u]; e < p->offsets[u + 1] && go_on; e++) {
            uint64_t slide[3] = {t, u, p->targets[e]};
            after[t] = p->targets[e];
            go_on = fn(ctx, &(nb_move){.len = 3, .w = slide}, after, g->len);
        }
        after[t] = u;
    }
    free(after);
}

/* {token, from, to}: the token moves to `to`. */
static void dag_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[m->w[0]] = m->w[2];
}

/* Positions a misère search visits at the most below which it decides alone: it is exact
 * and quick there, and a quotient would only say the same. Past it, where the tokens can
 * reach at most MID_SEARCH positions (a search of a second or less), the quotient grows
 * for MID_SLICE steps of its work, and the search decides where it has not covered the
 * nodes by then: a graph's quotient can grow for the whole budget where a search of the
 * few positions the tokens reach takes milliseconds (four tokens on a random graph of 60
 * nodes: a 422 after 30 s, 0.04 s). */
#define SMALL_SEARCH 65536
#define MID_SEARCH (1u << 20)
#define MID_SLICE (1u << 17)

/* The multisets of len nodes of g, C(n + len - 1, len), times `count`: at most
 * SMALL_SEARCH + 1 (past that, SMALL_SEARCH + 1). */
static uint64_t multisets_times(const nb_game *g, uint64_t count)
{
    uint64_t n = dag_params(g)->nodes;
    for (uint64_t k = 1; k <= g->len && count <= SMALL_SEARCH; k++)
        count = count * (n + k - 1) / k; /* exact at each step */
    return count <= SMALL_SEARCH ? count : SMALL_SEARCH + 1;
}

/* How many nodes `from` reaches (itself included), each marked `stamp` in seen; stack
 * has room for every node. */
static uint64_t reach(const nb_dag_params *p, uint32_t from, uint32_t stamp, uint32_t *seen,
                      uint32_t *stack)
{
    uint64_t found = 1;
    size_t depth = 1;
    stack[0] = from, seen[from] = stamp;
    while (depth) {
        uint32_t u = stack[--depth];
        for (uint32_t i = p->offsets[u]; i < p->offsets[u + 1]; i++)
            if (seen[p->targets[i]] != stamp)
                seen[p->targets[i]] = stamp, stack[depth++] = p->targets[i], found++;
    }
    return found;
}

/* The product of the nodes each of g's tokens reaches (its successors known), times
 * `count`: a bound on the positions they can reach, since a token keeps to the nodes
 * reachable from where it stands. At most MID_SEARCH + 1 (past that, or when the budget
 * has no room for the walks or is spent, MID_SEARCH + 1). A token with a move multiplies
 * it by 2 or more, so few tokens are walked, each walk a step of the budget's. */
static uint64_t reach_times(const nb_game *g, nb_budget *budget, uint64_t count)
{
    const nb_dag_params *p = dag_params(g);
    uint64_t n = p->nodes, bytes = 2 * (n + 1) * sizeof(uint32_t);
    if (count > MID_SEARCH || !nb_budget_hold(budget, bytes))
        return MID_SEARCH + 1;
    uint32_t *seen = nb_xcalloc(n + 1, sizeof *seen), *stack = nb_xmalloc((n + 1) * sizeof *stack);
    uint32_t walks = 0;
    for (size_t t = 0; t < g->len && count <= MID_SEARCH; t++) {
        uint32_t at = (uint32_t)g->state[t];
        if (p->offsets[at] == p->offsets[at + 1])
            continue;
        if (nb_budget_spent_after(budget, n + p->offsets[n])) {
            count = MID_SEARCH + 1;
            break;
        }
        count *= reach(p, at, ++walks, seen, stack);
    }
    free(seen), free(stack);
    nb_budget_drop(budget, bytes);
    return count <= MID_SEARCH ? count : MID_SEARCH + 1;
}

/* A sum of dags: its tokens stand on the union of the graphs, node numbers and tokens of
 * component c shifted past those of the components before it. */
typedef struct dag_union {
    uint32_t *offsets, *targets;
    uint64_t *tokens;
    size_t *node_at;   /* count + 1 entries: component c's first node */
    uint64_t *token_at; /* count + 1 entries: its first token (ascending) */
    uint64_t held;
} dag_union;

static void union_free(dag_union *u, nb_budget *budget)
{
    nb_budget_drop(budget, u->held);
    free(u->offsets), free(u->targets), free(u->tokens), free(u->node_at), free(u->token_at);
}

/* The union of dags[0..count) (each prepared, its successors made); false when the budget
 * has no room for it. */
static bool union_build(const nb_game *dags, size_t count, nb_budget *budget, dag_union *u)
{
    *u = (dag_union){0};
    size_t nodes = 0, edges = 0, tokens = 0;
    for (size_t c = 0; c < count; c++) {
        const nb_dag_params *p = dag_params(&dags[c]);
        nodes += p->nodes, edges += p->offsets[p->nodes], tokens += dags[c].len;
    }
    u->held = (uint64_t)(nodes + edges + 1) * 4 + tokens * 8 + (uint64_t)(count + 1) * 16;
    if (nodes >= UINT32_MAX || edges >= UINT32_MAX || !nb_budget_hold(budget, u->held)) {
        u->held = 0;
        return false;
    }
    u->offsets = nb_xmalloc((nodes + 1) * sizeof *u->offsets);
    u->targets = nb_xmalloc((edges + 1) * sizeof *u->targets);
    u->tokens = nb_xmalloc((tokens + 1) * sizeof *u->tokens);
    u->node_at = nb_xmalloc((count + 1) * sizeof *u->node_at);
    u->token_at = nb_xmalloc((count + 1) * sizeof *u->token_at);
    size_t node = 0, edge = 0, token = 0;
    for (size_t c = 0; c < count; c++) {
        const nb_dag_params *p = dag_params(&dags[c]);
        u->node_at[c] = node, u->token_at[c] = token;
        for (size_t v = 0; v < p->nodes; v++)
            u->offsets[node + v] = (uint32_t)(edge + p->offsets[v]);
        for (uint32_t e = 0; e < p->offsets[p->nodes]; e++)
            u->targets[edge + e] = (uint32_t)(node + p->targets[e]);
        for (size_t t = 0; t < dags[c].len; t++)
            u->tokens[token + t] = node + dags[c].state[t];
        node += p->nodes, edge += p->offsets[p->nodes], token += dags[c].len;
    }
    u->offsets[node] = (uint32_t)edge;
    u->node_at[count] = node, u->token_at[count] = token;
    return true;
}

/* Misère play of a sum of dags without cycles (or of one): tokens on the union of the
 * graphs (tokens on any graphs add up as heaps do), decided through their quotient; each
 * winning move names its component, its words the component's own {token, from, to}.
 * Declines where a component has a cycle, the tokens make at most SMALL_SEARCH multisets,
 * or no quotient covers them (within MID_SLICE steps of its growth where they can reach
 * at most MID_SEARCH positions). */
static nb_status dag_sum_misere(const nb_game *dags, size_t count, nb_solver *s,
                                nb_analysis *out, nb_err *err)
{
    uint64_t positions = 1;
    for (size_t c = 0; c < count; c++) {
        if (dag_params(&dags[c])->loopy)
            return nb_fail(err, NB_EDECLINED, "%s", "the search decides it");
        positions = multisets_times(&dags[c], positions);
    }
    if (positions <= SMALL_SEARCH)
        return nb_fail(err, NB_EDECLINED, "%s", "the search decides it");
    positions = 1;
    for (size_t c = 0; c < count; c++) {
        need_successors(&dags[c], true, 0);
        positions = reach_times(&dags[c], s->budget, positions);
    }
    uint64_t slice = positions <= MID_SEARCH ? MID_SLICE : 0;
    if (count == 1) { /* the graph itself: no union to make */
        const nb_dag_params *p = dag_params(dags);
        nb_token_graph graph = {p->nodes, p->offsets, p->targets};
        return nb_token_quotient(&graph, dags->state, dags->len, slice, s, out, err);
    }
    dag_union u;
    if (!union_build(dags, count, s->budget, &u))
        return nb_budget_fail(s->budget, err);
    nb_token_graph graph = {u.node_at[count], u.offsets, u.targets};
    nb_analysis inner = {0};
    nb_movelist_init(&inner.moves, out->moves.limit);
    nb_status st = nb_token_quotient(&graph, u.tokens, u.token_at[count], slice, s, &inner, err);
    if (st == NB_OK) { /* each move {token, from, to} back into its component's numbers */
        out->verdict = inner.verdict, out->method = inner.method;
        free(out->element);
        out->element = inner.element, inner.element = NULL;
        for (size_t i = 0; i < inner.moves.len; i++) {
            nb_move m = nb_movelist_at(&inner.moves, i);
            size_t c = nb_last_at_most(u.token_at, count, m.w[0]); /* its component */
            uint64_t slide[3] = {m.w[0] - u.token_at[c], m.w[1] - u.node_at[c],
                                 m.w[2] - u.node_at[c]};
            nb_movelist_push(&out->moves, &(nb_move){.component = c, .len = 3, .w = slide});
        }
        out->moves.truncated |= inner.moves.truncated;
    }
    nb_analysis_free(&inner);
    union_free(&u, s->budget);
    return st;
}

/* Misère play: tokens on a graph without cycles, past a small search, through the misère
 * quotient of the tokens (nb_token_quotient.c); else, or where no quotient covers the nodes
 * they reach, the search. */
static nb_status dag_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return dag_sum_misere(g, 1, s, out, err);
}

const nb_ruleset nb_dag = {
    .name = "dag",
    .check = dag_check,
    .apply = dag_apply,
    .prepare = dag_prepare,
    .release = dag_release,
    .part_count = nb_heaps_part_count,
    .part_values = dag_values,
    .part_method = dag_method,
    .loopy_followers = dag_loopy_followers,
    .remoteness = dag_remoteness,
    .progress = dag_progress,
    .moves_to = dag_moves_to,
    .options = dag_options,
    .each_move = dag_each_move,
    .analyse_misere = dag_misere,
    .analyse_misere_sum = dag_sum_misere,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
};
