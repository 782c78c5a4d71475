/* nb_nodekayles.c - Node-Kayles by its connected components, whose values XOR (the SG
 * theorem: a move touches one component). The cheap components first: a single vertex or
 * a complete graph is *1 (every move empties it); a path of n vertices is Dawson's chess,
 * the octal game 0.137 (an end vertex takes two, the next takes three, an inner one takes
 * three and splits the rest: Winning Ways ch. 4, OEIS A002187), valued at any size by its
 * proved period; a cycle of n >= 4 has one option up to symmetry, the path of n - 3, so it
 * is *1 when that path is worth 0 and 0 otherwise. Any other component of at most 64
 * vertices is searched: the value of a connected vertex set is the mex over its vertices
 * of the XOR of the components left, memoised by set, within max_states sets. */
#include "games/nodekayles/nb_nodekayles.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_split_search.h"
#include "theory/nb_octable.h"

void nb_nodekayles_init(nb_nodekayles_params *p, size_t nodes, const uint32_t *edges,
                        size_t nedges)
{
    p->nodes = nodes;
    p->nedges = nedges;
    p->edges = edges;
    p->first = nb_xcalloc(nodes + 2, sizeof *p->first);
    for (size_t e = 0; e < nedges; e++)
        if (edges[2 * e] < nodes && edges[2 * e + 1] < nodes)
            p->first[edges[2 * e] + 2]++, p->first[edges[2 * e + 1] + 2]++;
    for (size_t v = 0; v < nodes; v++)
        p->first[v + 2] += p->first[v + 1];
    p->adj = nb_xmalloc((p->first[nodes + 1] + 1) * sizeof *p->adj);
    for (size_t e = 0; e < nedges; e++) {
        uint32_t u = edges[2 * e], v = edges[2 * e + 1];
        if (u < nodes && v < nodes)
            p->adj[p->first[u + 1]++] = v, p->adj[p->first[v + 1]++] = u;
    }
}

void nb_nodekayles_free(nb_nodekayles_params *p)
{
    free(p->first);
    free(p->adj);
    p->first = NULL;
    p->adj = NULL;
}

static const nb_nodekayles_params *params_of(const nb_game *g) { return g->params; }

static bool stands(const uint64_t *state, size_t v) { return state[v / 64] >> (v % 64) & 1; }

/* --- components ---------------------------------------------------------------------- */

typedef enum { NK_SINGLE, NK_COMPLETE, NK_PATH, NK_CYCLE, NK_SEARCH, NK_LARGE } nk_kind;

typedef struct nk_part {
    size_t start, k; /* its vertices, ascending: members[start .. start + k) */
    nk_kind kind;
} nk_part;

/* The components of a state, in the order of their least vertices. */
typedef struct nk_split {
    uint32_t *members;
    nk_part *parts;
    size_t nparts;
    uint32_t *pos; /* per vertex: its place along its path, or in its component's members */
} nk_split;

static void split_free(nk_split *s)
{
    free(s->members);
    free(s->parts);
    free(s->pos);
    memset(s, 0, sizeof *s);
}

static int by_number(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Orders a path's vertices from its least end, into pos[]. */
static void walk_path(const nb_nodekayles_params *p, const uint64_t *state, const uint32_t *vs,
                      size_t k, uint32_t *pos)
{
    uint32_t at = vs[0], prev = UINT32_MAX;
    for (size_t i = 0; i < k; i++) { /* the least vertex of degree at most 1 */
        size_t deg = 0;
        for (size_t j = p->first[vs[i]]; j < p->first[vs[i] + 1]; j++)
            deg += stands(state, p->adj[j]);
        if (deg <= 1) {
            at = vs[i];
            break;
        }
    }
    for (size_t i = 0; i < k; i++) {
        pos[at] = (uint32_t)i;
        uint32_t next = UINT32_MAX;
        for (size_t j = p->first[at]; j < p->first[at + 1] && next == UINT32_MAX; j++)
            if (stands(state, p->adj[j]) && p->adj[j] != prev)
                next = p->adj[j];
        prev = at, at = next;
    }
}

static nk_kind classify(const nb_nodekayles_params *p, const uint64_t *state, const uint32_t *vs,
                        size_t k)
{
    uint64_t degrees = 0;
    size_t most = 0;
    for (size_t i = 0; i < k; i++) {
        size_t deg = 0;
        for (size_t j = p->first[vs[i]]; j < p->first[vs[i] + 1]; j++)
            deg += stands(state, p->adj[j]);
        degrees += deg;
        most = deg > most ? deg : most;
    }
    uint64_t edges = degrees / 2;
    if (k == 1)
        return NK_SINGLE;
    if (edges == (uint64_t)k * (k - 1) / 2)
        return NK_COMPLETE;
    if (most <= 2 && edges == k - 1)
        return NK_PATH;
    if (most == 2 && edges == k)
        return NK_CYCLE;
    return k <= NB_NODEKAYLES_SEARCH_MAX ? NK_SEARCH : NK_LARGE;
}

/* The components of the standing vertices of state. */
static void split(const nb_nodekayles_params *p, const uint64_t *state, nk_split *s)
{
    size_t n = p->nodes, cap = 0, used = 0;
    s->members = nb_xmalloc((n + 1) * sizeof *s->members);
    s->pos = nb_xcalloc(n + 1, sizeof *s->pos);
    s->parts = NULL;
    s->nparts = 0;
    uint8_t *seen = nb_xcalloc(n + 1, 1);
    for (size_t v = 0; v < n; v++) {
        if (!stands(state, v) || seen[v])
            continue;
        size_t start = used;
        s->members[used++] = (uint32_t)v;
        seen[v] = 1;
        for (size_t at = start; at < used; at++) /* breadth first */
            for (size_t j = p->first[s->members[at]]; j < p->first[s->members[at] + 1]; j++) {
                uint32_t u = p->adj[j];
                if (stands(state, u) && !seen[u])
                    seen[u] = 1, s->members[used++] = u;
            }
        size_t k = used - start;
        qsort(s->members + start, k, sizeof *s->members, by_number);
        nb_reserve((void **)&s->parts, &cap, s->nparts + 1, sizeof *s->parts);
        nk_part *part = &s->parts[s->nparts++];
        *part = (nk_part){start, k, classify(p, state, s->members + start, k)};
        if (part->kind == NK_PATH)
            walk_path(p, state, s->members + start, k, s->pos);
        else
            for (size_t i = 0; i < k; i++)
                s->pos[s->members[start + i]] = (uint32_t)i;
    }
    free(seen);
}

/* --- values ------------------------------------------------------------------------------ */

/* A component searched set by set: its vertices' neighbour masks among themselves. */
typedef struct nk_root {
    size_t k;
    uint32_t *vs; /* ascending */
    uint64_t adj[NB_NODEKAYLES_SEARCH_MAX];
} nk_root;

struct nb_nodekayles_memo {
    nb_split_search ss; /* Dawson's chess' table, the state split, the search's stop */
    nk_split split;     /* of ss.state, when made */
    nk_root *roots;
    size_t nroots, rcap;
    /* (root, set) -> value + 1, open addressing */
    uint64_t *keys;
    uint32_t *roots_of;
    uint8_t *values;
    size_t slots, used;
};

/* A memo slot's bytes: its key, its root, its value. */
#define MEMO_SLOT_BYTES (sizeof(uint64_t) + sizeof(uint32_t) + 1)

static nb_nodekayles_memo *memo_of(const nb_game *g) { return params_of(g)->memo; }

/* Dawson's chess on a path of n vertices. */
static uint64_t dawson(nb_nodekayles_memo *m, uint64_t n)
{
    return nb_split_search_line(&m->ss, n);
}

static uint64_t cycle_value(nb_nodekayles_memo *m, uint64_t n) { return dawson(m, n - 3) ? 0 : 1; }

static uint64_t mix(uint64_t x)
{
    x ^= x >> 31;
    x *= 0x9e3779b97f4a7c15ULL;
    return x ^ x >> 29;
}

static uint8_t *memo_slot(nb_nodekayles_memo *m, uint32_t root, uint64_t set, bool *found)
{
    size_t h = (size_t)mix(set ^ (uint64_t)root << 40) & (m->slots - 1);
    for (; m->values[h]; h = (h + 1) & (m->slots - 1))
        if (m->keys[h] == set && m->roots_of[h] == root) {
            *found = true;
            return &m->values[h];
        }
    *found = false;
    return &m->values[h];
}

/* Doubles the memo, its memory held from the request's budget (false, nothing changed,
 * when the budget has no room). */
static bool memo_grow(nb_nodekayles_memo *m)
{
    size_t old = m->slots, next = old ? 2 * old : 1024;
    if (!nb_budget_hold(m->ss.budget, (next - old) * MEMO_SLOT_BYTES))
        return false;
    m->ss.held += (next - old) * MEMO_SLOT_BYTES;
    uint64_t *keys = m->keys;
    uint32_t *roots = m->roots_of;
    uint8_t *values = m->values;
    m->slots = next;
    m->keys = nb_xmalloc(m->slots * sizeof *m->keys);
    m->roots_of = nb_xmalloc(m->slots * sizeof *m->roots_of);
    m->values = nb_xcalloc(m->slots, 1);
    for (size_t i = 0; i < old; i++)
        if (values[i]) {
            bool found;
            uint8_t *slot = memo_slot(m, roots[i], keys[i], &found);
            size_t at = (size_t)(slot - m->values);
            *slot = values[i], m->keys[at] = keys[i], m->roots_of[at] = roots[i];
        }
    free(keys);
    free(roots);
    free(values);
    return true;
}

static size_t popcount(uint64_t x) { return (size_t)__builtin_popcountll(x); }

/* The connected part of `set` that holds its least vertex. */
static uint64_t flood(const nk_root *r, uint64_t set)
{
    uint64_t comp = set & -set, before = 0;
    while (comp != before) {
        before = comp;
        for (uint64_t w = before; w; w &= w - 1)
            comp |= r->adj[__builtin_ctzll(w)] & set;
    }
    return comp;
}

static uint64_t set_value(nb_nodekayles_memo *m, uint32_t root, uint64_t set);

/* The XOR of the values of the components of `set`. */
static uint64_t sets_value(nb_nodekayles_memo *m, uint32_t root, uint64_t set)
{
    uint64_t x = 0;
    while (set && m->ss.status == NB_OK) {
        uint64_t comp = flood(&m->roots[root], set);
        x ^= set_value(m, root, comp);
        set &= ~comp;
    }
    return x;
}

/* The value of a connected set of root's vertices: the cheap shapes first, then the memo,
 * then the mex of its options. */
static uint64_t set_value(nb_nodekayles_memo *m, uint32_t root, uint64_t set)
{
    const nk_root *r = &m->roots[root];
    size_t k = popcount(set), degrees = 0, most = 0;
    for (uint64_t w = set; w; w &= w - 1) {
        size_t deg = popcount(r->adj[__builtin_ctzll(w)] & set);
        degrees += deg;
        most = deg > most ? deg : most;
    }
    size_t edges = degrees / 2;
    if (k <= 1 || edges == k * (k - 1) / 2)
        return k ? 1 : 0;
    if (most <= 2 && edges == k - 1)
        return dawson(m, k);
    if (most == 2 && edges == k)
        return cycle_value(m, k);
    bool found;
    uint8_t *slot = memo_slot(m, root, set, &found);
    if (found)
        return *slot - 1u;
    if (m->used >= m->ss.max_states) {
        m->ss.status = NB_ELIMIT;
        return 0;
    }
    if (nb_budget_spent_after(m->ss.budget, k)) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return 0;
    }
    uint64_t seen[2] = {0, 0}; /* the mex of at most 64 options is at most 64 */
    for (uint64_t w = set; w && m->ss.status == NB_OK; w &= w - 1) {
        unsigned v = (unsigned)__builtin_ctzll(w);
        uint64_t x = sets_value(m, root, set & ~(r->adj[v] | 1ULL << v));
        if (x < 128)
            seen[x / 64] |= 1ULL << (x % 64);
    }
    if (m->ss.status != NB_OK)
        return 0;
    uint64_t mex = ~seen[0] ? (uint64_t)__builtin_ctzll(~seen[0])
                            : 64 + (uint64_t)__builtin_ctzll(~seen[1]);
    if (4 * (m->used + 1) > 3 * m->slots && !memo_grow(m)) {
        m->ss.status = NB_ECANCELLED; /* the budget says which */
        return 0;
    }
    slot = memo_slot(m, root, set, &found);
    size_t at = (size_t)(slot - m->values);
    *slot = (uint8_t)(mex + 1), m->keys[at] = set, m->roots_of[at] = root;
    m->used++;
    return mex;
}

/* The root of a component to search (its vertices ascending): found or made. */
static uint32_t root_of(const nb_nodekayles_params *p, nb_nodekayles_memo *m, const uint32_t *vs,
                        size_t k)
{
    for (size_t i = 0; i < m->nroots; i++)
        if (m->roots[i].k == k && !memcmp(m->roots[i].vs, vs, k * sizeof *vs))
            return (uint32_t)i;
    nb_reserve((void **)&m->roots, &m->rcap, m->nroots + 1, sizeof *m->roots);
    nk_root *r = &m->roots[m->nroots];
    r->k = k;
    r->vs = nb_xmalloc(k * sizeof *vs);
    memcpy(r->vs, vs, k * sizeof *vs);
    for (size_t i = 0; i < k; i++) {
        r->adj[i] = 0;
        for (size_t j = p->first[vs[i]]; j < p->first[vs[i] + 1]; j++) {
            const uint32_t *at = bsearch(&p->adj[j], vs, k, sizeof *vs, by_number);
            if (at)
                r->adj[i] |= 1ULL << (at - vs);
        }
    }
    return (uint32_t)m->nroots++;
}

/* The split of g's state, made once per state. */
static const nk_split *split_of(const nb_game *g)
{
    nb_nodekayles_memo *m = memo_of(g);
    if (!nb_split_search_same(&m->ss, g->state)) {
        split_free(&m->split);
        split(params_of(g), g->state, &m->split);
    }
    return &m->split;
}

static nb_status fail_search(const nb_game *g, nb_solver *s, nb_err *err)
{
    return nb_split_search_fail(&memo_of(g)->ss, s, "a path is past Dawson's chess's table",
                                NB_NODEKAYLES_FIELD_EDGES, "make components whose search "
                                "visits", "vertex sets", err);
}

/* The value of a part of the split, or of what is left of it after vertex v goes (v
 * standing in it; UINT32_MAX: the part whole). */
static uint64_t part_value(const nb_game *g, const nk_split *sp, const nk_part *part, uint32_t v)
{
    const nb_nodekayles_params *p = params_of(g);
    nb_nodekayles_memo *m = memo_of(g);
    bool whole = v == UINT32_MAX;
    switch (part->kind) {
    case NK_SINGLE:
    case NK_COMPLETE:
        return whole ? 1 : 0;
    case NK_PATH: {
        if (whole)
            return dawson(m, part->k);
        uint64_t i = sp->pos[v], left = i ? i - 1 : 0, right = i + 2 <= part->k ? part->k - i - 2 : 0;
        return dawson(m, left) ^ dawson(m, right);
    }
    case NK_CYCLE:
        return whole ? cycle_value(m, part->k) : dawson(m, part->k - 3);
    default: {
        const uint32_t *vs = sp->members + part->start;
        uint32_t root = root_of(p, m, vs, part->k);
        uint64_t all = part->k == 64 ? ~0ULL : (1ULL << part->k) - 1;
        if (whole)
            return set_value(m, root, all);
        unsigned i = sp->pos[v];
        return sets_value(m, root, all & ~(m->roots[root].adj[i] | 1ULL << i));
    }
    }
}

/* --- the ruleset ----------------------------------------------------------------------- */

static nb_status nk_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    const nb_nodekayles_params *p = params_of(g);
    if (p->nodes > s->limits.max_nodes)
        return nb_fail_field(err, NB_ELIMIT, NB_NODEKAYLES_FIELD_NODES, NB_NO_INDEX, NB_NO_INDEX,
                             "is %zu, over the limit max_nodes=%llu", p->nodes,
                             (unsigned long long)s->limits.max_nodes);
    if (p->nedges > s->limits.max_edges)
        return nb_fail_field(err, NB_ELIMIT, NB_NODEKAYLES_FIELD_EDGES, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu edges, over the limit max_edges=%llu", p->nedges,
                             (unsigned long long)s->limits.max_edges);
    for (size_t e = 0; e < p->nedges; e++) {
        uint32_t u = p->edges[2 * e], v = p->edges[2 * e + 1];
        if (u >= p->nodes || v >= p->nodes)
            return nb_fail_field(err, NB_EINVAL, NB_NODEKAYLES_FIELD_EDGES, e,
                                 u >= p->nodes ? 0 : 1, "is not a node: nodes are 0..%zu",
                                 p->nodes ? p->nodes - 1 : 0);
        if (u == v)
            return nb_fail_field(err, NB_EINVAL, NB_NODEKAYLES_FIELD_EDGES, e, NB_NO_INDEX,
                                 "is a loop: the graph is simple");
    }
    /* repeated edges: each vertex's neighbours, sorted, hold no pair */
    for (size_t v = 0; v < p->nodes; v++) {
        size_t from = p->first[v], to = p->first[v + 1];
        uint32_t *ns = nb_xmalloc((to - from + 1) * sizeof *ns);
        memcpy(ns, p->adj + from, (to - from) * sizeof *ns);
        qsort(ns, to - from, sizeof *ns, by_number);
        bool twice = false;
        for (size_t i = 1; i < to - from && !twice; i++)
            twice = ns[i] == ns[i - 1];
        uint32_t u = twice ? ns[0] : 0;
        for (size_t i = 1; i < to - from && twice; i++)
            if (ns[i] == ns[i - 1])
                u = ns[i];
        free(ns);
        if (twice) {
            size_t e = 0;
            for (size_t seen = 0; e < p->nedges; e++) {
                uint32_t a = p->edges[2 * e], b = p->edges[2 * e + 1];
                if ((a == v && b == u) || (a == u && b == v))
                    if (seen++)
                        break;
            }
            return nb_fail_field(err, NB_EINVAL, NB_NODEKAYLES_FIELD_EDGES, e, NB_NO_INDEX,
                                 "repeats an edge: the graph is simple");
        }
    }
    return NB_OK;
}

static void nk_release(nb_game *g, nb_solver *s);

/* Dawson's chess: 0.137. */
static const nb_octal_rule dawson_rule = {.digit = {0, 1, 3, 7}, .last = 3};

static nb_status nk_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_nodekayles_params *p = g->params;
    nb_nodekayles_memo *m = nb_xcalloc(1, sizeof *m);
    nb_status st = nb_split_search_begin(&m->ss, s, &dawson_rule, p->nodes, g->len, err);
    if (st != NB_OK) {
        free(m);
        return st;
    }
    p->memo = m;
    if (!memo_grow(m)) {
        nk_release(g, s);
        return nb_budget_fail(s->budget, err);
    }
    return NB_OK;
}

static void nk_release(nb_game *g, nb_solver *s)
{
    nb_nodekayles_params *p = g->params;
    nb_nodekayles_memo *m = p->memo;
    if (!m)
        return;
    nb_split_search_end(&m->ss, s);
    p->searched = m->used;
    split_free(&m->split);
    for (size_t i = 0; i < m->nroots; i++)
        free(m->roots[i].vs);
    free(m->roots);
    free(m->keys);
    free(m->roots_of);
    free(m->values);
    free(m);
    p->memo = NULL;
}

static size_t nk_part_count(const nb_game *g) { return split_of(g)->nparts; }

static nb_status nk_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    const nk_split *sp = split_of(g);
    for (size_t i = 0; i < sp->nparts; i++) {
        const nk_part *part = &sp->parts[i];
        if (part->kind == NK_LARGE)
            return nb_fail_field(err, NB_ELIMIT, NB_NODEKAYLES_FIELD_EDGES, NB_NO_INDEX,
                                 NB_NO_INDEX, "make a component of %zu vertices (with node "
                                 "%u) that is no path, cycle or complete graph; the search "
                                 "takes such components of at most %d vertices", part->k,
                                 sp->members[part->start], NB_NODEKAYLES_SEARCH_MAX);
        sg[i] = part_value(g, sp, part, UINT32_MAX);
        if (memo_of(g)->ss.status != NB_OK)
            return fail_search(g, s, err);
    }
    return NB_OK;
}

static nb_method nk_method(const nb_game *g, size_t part)
{
    switch (split_of(g)->parts[part].kind) {
    case NK_PATH:
    case NK_CYCLE:
        return NB_METHOD_PERIOD;
    case NK_SEARCH:
        return NB_METHOD_SEARCH;
    default:
        return NB_METHOD_CLOSED_FORM;
    }
}

static nb_status nk_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    const nk_split *sp = split_of(g);
    const nk_part *pt = &sp->parts[part];
    for (size_t i = 0; i < pt->k; i++) {
        uint32_t v = sp->members[pt->start + i];
        uint64_t value = part_value(g, sp, pt, v), w[1] = {v};
        if (memo_of(g)->ss.status != NB_OK)
            return fail_search(g, s, err);
        if (!fn(ctx, &(nb_move){.len = 1, .w = w}, value))
            break;
    }
    return NB_OK;
}

static nb_status nk_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    nb_target_filter f = {target, out};
    return nk_options(g, s, part, nb_keep_if_target, &f, err);
}

static void nk_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    const nb_nodekayles_params *p = params_of(g);
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    size_t v = (size_t)m->w[0];
    after->w[v / 64] &= ~(1ULL << (v % 64));
    for (size_t j = p->first[v]; j < p->first[v + 1]; j++)
        after->w[p->adj[j] / 64] &= ~(1ULL << (p->adj[j] % 64));
}

/* Every move, part by part (the order of the parts' options). */
static void nk_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nk_split sp;
    split(params_of(g), g->state, &sp);
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t i = 0; i < sp.nparts && !o.stopped; i++)
        for (size_t j = 0; j < sp.parts[i].k && !o.stopped; j++) {
            uint64_t w[1] = {sp.members[sp.parts[i].start + j]};
            nb_offer_state(&o, &(nb_move){.len = 1, .w = w}, 0);
        }
    free(o.after.w);
    split_free(&sp);
}

const nb_ruleset nb_nodekayles = {
    .name = "nodekayles",
    .check = nk_check,
    .prepare = nk_prepare,
    .release = nk_release,
    .apply = nk_apply,
    .part_count = nk_part_count,
    .part_values = nk_values,
    .part_method = nk_method,
    .moves_to = nk_moves_to,
    .options = nk_options,
    .each_move = nk_each_move,
    .components = nb_components_per_part,
};
