/* types/nodekayles.c - Node-Kayles: "nodes", "edges" [[u,v],...] (simple, undirected),
 * "gone" (optional: vertices already taken, ascending); moves {"node","removed"}. */
#include <stdlib.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/nodekayles/nb_nodekayles.h"

static int nodekayles_decode(json_t *obj, const char *base, const api_limits *lim,
                             api_game *g, api_problem *p)
{
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES];
    nb_nodekayles_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_nodekayles, .params = params};
    int64_t n = 0;
    if (api_member_int(obj, base, "nodes", 0, INT64_MAX, &n, p))
        return p->status;
    api_path(ptr, sizeof ptr, base, "nodes");
    if ((uint64_t)n > lim->lib.max_nodes)
        return api_fail(p, 422, ptr, "nodes is %lld, over the limit max_nodes=%llu",
                        (long long)n, (unsigned long long)lim->lib.max_nodes);
    uint32_t *edges;
    size_t nedges;
    if (api_member_edges(obj, base, &edges, &nedges, p))
        return p->status;
    nb_nodekayles_init(params, (size_t)n, edges, nedges);
    g->game.len = ((size_t)n + 63) / 64;
    g->game.state = nb_xcalloc(g->game.len + 1, sizeof *g->game.state);
    for (size_t v = 0; v < (size_t)n; v++)
        g->game.state[v / 64] |= 1ULL << (v % 64);
    if (!json_object_get(obj, "gone"))
        return 0;
    uint64_t *gone;
    size_t ngone;
    if (api_member_int_array(obj, base, "gone", 0, n ? n - 1 : 0, &gone, &ngone, p))
        return p->status;
    api_path(ptr, sizeof ptr, base, "gone");
    for (size_t i = 0; i < ngone; i++) {
        if ((i && gone[i] <= gone[i - 1]) || (uint64_t)n == 0) {
            api_path_index(at, sizeof at, ptr, i);
            free(gone);
            return api_fail(p, 400, at, n ? "gone lists vertices ascending, each once"
                                          : "the graph has no vertex");
        }
        g->game.state[gone[i] / 64] &= ~(1ULL << (gone[i] % 64));
    }
    free(gone);
    return 0;
}

static void nodekayles_free(api_game *g)
{
    nb_nodekayles_params *params = g->game.params;
    if (params) {
        nb_nodekayles_free(params);
        free((void *)params->edges);
    }
    free(params);
}

static bool stands(const uint64_t *state, size_t v) { return state[v / 64] >> (v % 64) & 1; }

/* Whether the move to `after` took vertex v (it stood in the game's own position). */
static bool taken(const api_move_writer *w, const uint64_t *after, size_t v)
{
    return stands(w->game->game.state, v) && !stands(after, v);
}

static void nodekayles_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                             size_t len, api_buf *b)
{
    (void)len;
    const nb_nodekayles_params *params = w->game->game.params;
    api_put_lit_uint(b, "\"node\":", m->w[0]);
    api_put_lit(b, ",\"removed\":[");
    bool first = true;
    for (size_t v = 0; v < params->nodes; v++)
        if (taken(w, after, v)) {
            if (!first)
                api_put_lit(b, ",");
            first = false;
            api_put_uint(b, v);
        }
    api_put_lit(b, "]");
}

/* edges: the game's edges but those touching a vertex the move took; gone: every vertex
 * not standing, ascending. */
static void nodekayles_state(api_move_writer *w, size_t member, const uint64_t *state,
                             size_t len, api_buf *b)
{
    (void)len;
    const nb_nodekayles_params *params = w->game->game.params;
    bool first = true;
    api_put_lit(b, "[");
    if (member == NB_NODEKAYLES_FIELD_EDGES) {
        for (size_t e = 0; e < params->nedges; e++) {
            uint32_t u = params->edges[2 * e], v = params->edges[2 * e + 1];
            if (taken(w, state, u) || taken(w, state, v))
                continue;
            if (!first)
                api_put_lit(b, ",");
            api_put_lit_uint(b, "[", u);
            api_put_lit_uint(b, ",", v);
            api_put_lit(b, "]");
            first = false;
        }
    } else {
        for (size_t v = 0; v < params->nodes; v++)
            if (!stands(state, v)) {
                if (!first)
                    api_put_lit(b, ",");
                first = false;
                api_put_uint(b, v);
            }
    }
    api_put_lit(b, "]");
}

/* 1 to 8 vertices (5 when small), each pair an edge one time in three, a vertex gone one
 * time in eight. */
static json_t *nodekayles_sample(api_rng *r, bool small)
{
    size_t n = 1 + api_rng_below(r, small ? 5 : 8);
    json_t *edges = json_array(), *gone = json_array();
    for (size_t u = 0; u < n; u++)
        for (size_t v = u + 1; v < n; v++)
            if (!api_rng_below(r, 3))
                json_array_append_new(edges, json_pack("[I,I]", (json_int_t)u, (json_int_t)v));
    for (size_t v = 0; v < n; v++)
        if (!api_rng_below(r, 8))
            json_array_append_new(gone, json_integer((json_int_t)v));
    json_t *game = json_pack("{s:s, s:I, s:o}", "type", "nodekayles", "nodes", (json_int_t)n,
                             "edges", edges);
    if (json_array_size(gone))
        json_object_set_new(game, "gone", gone);
    else
        json_decref(gone);
    return game;
}

static const char *const nodekayles_words[] = {"node", NULL};

static int nodekayles_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                           api_problem *p)
{
    (void)g;
    return api_member_words_of(move, base, nodekayles_words, words, p);
}

const api_type api_type_nodekayles = {
    .name = "nodekayles",
    .title = "Node-Kayles",
    .rules_text = "Pick a vertex of the graph: it and every vertex joined to it go. Whoever "
                  "cannot move loses.",
    .rules = &nb_nodekayles,
    .fields = (const char *const[]){"edges", "gone", "nodes", NULL},
    .state_members = 2,
    .limits = (const char *const[]){"max_nodes", "max_edges", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "period", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = nodekayles_decode,
    .free_params = nodekayles_free,
    .sample = nodekayles_sample,
    .write_move = nodekayles_write,
    .read_move = nodekayles_read,
    .move_words = nodekayles_words,
    .write_state = nodekayles_state,
    .summary = "pick a vertex not gone; it and its neighbours go",
    .field_docs = "{\"nodes\":\"vertex count; vertices are 0..nodes-1\",\"edges\":\"[u,v] "
                  "pairs: a simple undirected graph\",\"gone\":\"optional: vertices already "
                  "taken, ascending\"}",
    .example = "{\"type\":\"nodekayles\",\"nodes\":6,\"edges\":[[0,1],[1,2],[2,3],[3,4],[4,5],"
               "[5,0],[0,3]]}",
};
