/* api_type_dag.c - tokens on a DAG: "nodes", "edges" [[u,v],...], "tokens"; moves say
 * {"token","from","to","tokens"}; the table is the SG value of every node. */
#include <stdlib.h>

#include "api_json.h"
#include "nb_util.h"
#include "api_position.h"
#include "api_types.h"

/* Reads [u,v] pairs straight into the uint32 edge list, each node checked < nodes. */
static int decode_edges(json_t *edges, const char *ptr, const api_limits *lim,
                        nb_dag_params *d, api_problem *p)
{
    if (!json_is_array(edges))
        return api_fail(p, 400, ptr, "edges must be an array of [u,v] pairs");
    size_t m = json_array_size(edges);
    if (m > lim->lib.max_edges)
        return api_fail_too_many(p, ptr, "edges", m, "edges", "max_edges", lim->lib.max_edges);
    uint32_t *list = nb_xmalloc((2 * m + 1) * sizeof *list);
    d->edges = list;
    d->nedges = m;
    for (size_t e = 0; e < m; e++) {
        json_t *pair = json_array_get(edges, e);
        if (!json_is_array(pair) || json_array_size(pair) != 2 ||
            !json_is_integer(json_array_get(pair, 0)) || !json_is_integer(json_array_get(pair, 1))) {
            char item[176];
            api_path_index(item, sizeof item, ptr, e);
            return api_fail(p, 400, item, "edges[%zu] must be a pair [u,v] of node numbers", e);
        }
        for (size_t k = 0; k < 2; k++) {
            json_int_t v = json_integer_value(json_array_get(pair, k));
            if (v < 0 || (uint64_t)v >= d->nodes) {
                char item[176], node[192];
                api_path_index(item, sizeof item, ptr, e);
                api_path_index(node, sizeof node, item, k);
                return api_fail(p, 400, node, "edges[%zu][%zu] must be a node number in "
                                "0..%zu", e, k, d->nodes ? d->nodes - 1 : 0);
            }
            list[2 * e + k] = (uint32_t)v;
        }
    }
    return 0;
}

static int dag_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    char ptr[160];
    nb_dag_params *d = nb_xcalloc(1, sizeof *d);
    g->game = (nb_game){.rules = &nb_dag, .params = d};
    int64_t n = 0;
    if (api_member_int(obj, base, "nodes", 0, INT64_MAX, &n, p))
        return p->status;
    if ((uint64_t)n > lim->lib.max_nodes) {
        api_path(ptr, sizeof ptr, base, "nodes");
        return api_fail(p, 422, ptr, "nodes %lld is over the limit max_nodes=%llu", (long long)n,
                        (unsigned long long)lim->lib.max_nodes);
    }
    d->nodes = (size_t)n;
    json_t *edges = api_require(obj, base, "edges", p);
    api_path(ptr, sizeof ptr, base, "edges");
    if (!edges || decode_edges(edges, ptr, lim, d, p))
        return p->status;
    return api_member_int_array(obj, base, "tokens", lim->lib.max_parts, "max_parts", 0,
                                n ? n - 1 : -1, &g->game.state, &g->game.len, p);
}

static void dag_free(api_game *g)
{
    nb_dag_params *d = g->game.params;
    if (d)
        free((void *)d->edges);
    free(d);
}

static void tokens_after(api_move_writer *w, const nb_move *m, api_buf *b)
{
    api_entry_change c = {m->u.slide.token, m->u.slide.to};
    api_put_state_changed(w, &c, 1, b);
}

/* A dag move says where the tokens stand after it rather than repeat the graph. */
static void dag_write(api_move_writer *w, const nb_move *m, api_buf *b)
{
    api_put_lit_uint(b, "\"token\":", m->u.slide.token);
    api_put_lit_uint(b, ",\"from\":", m->u.slide.from);
    api_put_lit_uint(b, ",\"to\":", m->u.slide.to);
    api_put_lit(b, ",\"tokens\":");
    tokens_after(w, m, b);
}

static int dag_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                     json_t **out, api_problem *p)
{
    (void)req, (void)lim;
    nb_game game = g->game;
    nb_err err = {0};
    if (nb_game_open(s, &game, &err) != NB_OK)
        return api_fail_from_lib(p, &err, "");
    const nb_dag_params *d = game.params;
    json_t *values = json_array();
    for (size_t v = 0; v < d->nodes; v++)
        json_array_append_new(values, json_integer(d->sg[v]));
    nb_game_close(s, &game);
    *out = json_pack("{s:s, s:o}", "type", "dag", "values", values);
    return 0;
}

const api_type api_type_dag = {
    .name = "dag",
    .rules = &nb_dag,
    .fields = (const char *const[]){"nodes", "edges", "tokens", NULL},
    .position = "{\"tokens\":[]}",
    .limits = (const char *const[]){"max_nodes", "max_edges", "max_parts", "max_states", NULL},
    .misere = true,
    .moves_complete = true,
    .moves_carry_position = false,
    .decode = dag_decode,
    .free_params = dag_free,
    .write_move = dag_write,
    .moved_member = "tokens",
    .write_member_after = tokens_after,
    .table = dag_table,
    .summary = "move one token along an edge of a directed acyclic graph",
    .field_docs = "{\"nodes\":\"number of nodes; they are 0..nodes-1\","
                  "\"edges\":\"array of [u,v] pairs: an edge from u to v\","
                  "\"tokens\":\"the nodes the tokens stand on; several tokens make a sum\"}",
    .example = "{\"type\":\"dag\",\"nodes\":5,\"edges\":[[0,1],[1,2],[0,3],[1,3],[3,4]],"
               "\"tokens\":[0,1]}",
};
