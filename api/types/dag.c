/* types/dag.c - tokens on a directed graph, cycles allowed: "nodes", "edges"
 * [[u,v],...], "tokens"; moves say {"token","from","to","tokens"}; the table is the
 * generalized SG value of every node (a number, or {"loopy":[K...]}). */
#include <stdlib.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "engine/nb_loopy.h"
#include "games/dag/nb_dag.h"

static int dag_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    nb_dag_params *d = nb_xcalloc(1, sizeof *d);
    g->game = (nb_game){.rules = &nb_dag, .params = d};
    int64_t n = 0;
    if (api_member_int(obj, base, "nodes", 0, INT64_MAX, &n, p))
        return p->status;
    d->nodes = (size_t)n;
    (void)lim;
    uint32_t *edges;
    if (api_member_edges(obj, base, &edges, &d->nedges, p))
        return p->status;
    d->edges = edges;
    return api_member_int_array(obj, base, "tokens", 0, INT64_MAX, &g->game.state,
                                &g->game.len, p);
}

static void dag_free(api_game *g)
{
    nb_dag_params *d = g->game.params;
    if (d)
        free((void *)d->edges);
    free(d);
}

/* {token, from, to}; a dag move also says where the tokens stand after it. */
static void dag_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                      api_buf *b)
{
    api_put_lit_uint(b, "\"token\":", m->w[0]);
    api_put_lit_uint(b, ",\"from\":", m->w[1]);
    api_put_lit_uint(b, ",\"to\":", m->w[2]);
    api_put_lit(b, ",\"tokens\":");
    api_put_int_state(w, 0, after, len, b);
}

static int dag_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                     json_t **out, api_problem *p)
{
    (void)lim;
    static const char *const ranges[] = {"up_to", "from"};
    for (size_t i = 0; i < 2; i++)
        if (json_object_get(req, ranges[i])) {
            char ptr[API_PATH_BYTES];
            api_path(ptr, sizeof ptr, "", ranges[i]);
            return api_fail(p, 400, ptr, "the dag table holds every node's value: it takes no "
                            "%s", ranges[i]);
        }
    nb_game game = g->game;
    nb_err err = {0};
    if (nb_game_open(s, &game, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    const nb_dag_params *d = game.params;
    json_t *values = json_array();
    for (uint64_t v = 0; v < d->nodes; v++) {
        if (d->sg[v] != NB_GAMMA_INFINITE) {
            json_array_append_new(values, json_integer(d->sg[v]));
            continue;
        }
        nb_game token = nb_game_view(&game, &v, 1);
        uint64_t *k;
        size_t nk;
        game.rules->loopy_followers(&token, 0, &k, &nk);
        json_t *set = json_array();
        for (size_t i = 0; i < nk; i++)
            json_array_append_new(set, json_integer((json_int_t)k[i]));
        free(k);
        json_array_append_new(values, json_pack("{s:o}", "loopy", set));
    }
    nb_game_close(s, &game);
    *out = json_pack("{s:s, s:o}", "type", "dag", "values", values);
    return 0;
}

/* A random graph: half the time acyclic (edges from lower to higher rank of a random
 * order of the nodes), else any edges, self-loops and cycles included. */
static json_t *dag_sample(api_rng *r, bool small)
{
    size_t n = 1 + api_rng_below(r, small ? 5 : 8), rank[8];
    bool acyclic = api_rng_below(r, 2);
    for (size_t i = 0; i < n; i++)
        rank[i] = i;
    for (size_t i = n; i > 1; i--) {
        size_t j = api_rng_below(r, i), t = rank[i - 1];
        rank[i - 1] = rank[j], rank[j] = t;
    }
    json_t *edges = json_array();
    for (size_t m = api_rng_below(r, 2 * n + 1); m > 0; m--) {
        size_t a = api_rng_below(r, n), b = api_rng_below(r, n);
        if (!acyclic)
            json_array_append_new(edges, json_pack("[I,I]", (json_int_t)a, (json_int_t)b));
        else if (a != b)
            json_array_append_new(edges, json_pack("[I,I]", (json_int_t)rank[a < b ? a : b],
                                                   (json_int_t)rank[a < b ? b : a]));
    }
    json_t *tokens = json_array();
    for (size_t t = 1 + api_rng_below(r, small ? 2 : 3); t > 0; t--)
        json_array_append_new(tokens, json_integer((json_int_t)api_rng_below(r, n)));
    return json_pack("{s:s, s:I, s:o, s:o}", "type", "dag", "nodes", (json_int_t)n, "edges",
                     edges, "tokens", tokens);
}

static const char *const dag_words[] = {"token", "from", "to", NULL};

static int dag_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                    api_problem *p)
{
    (void)g;
    return api_member_words_of(move, base, dag_words, words, p);
}

const api_type api_type_dag = {
    .name = "dag",
    .title = "Tokens on a graph",
    .rules_text = "Move a token along an arrow. Whoever cannot move loses; with cycles the game may"
                  " be drawn.",
    .rules = &nb_dag,
    .fields = (const char *const[]){"tokens", "nodes", "edges", NULL},
    .position = "{\"tokens\":[]}",
    .limits = (const char *const[]){"max_nodes", "max_edges", "max_parts", "max_states",
                                    "max_work", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "retrograde", "misere-quotient",
                                     "search", NULL},
    .moves_complete = true,
    .heavy = true, /* "nodes" sizes its arrays, and a graph with cycles is labelled */
    .decode = dag_decode,
    .sample = dag_sample,
    .free_params = dag_free,
    .write_move = dag_write,
    .read_move = dag_read,
    .move_words = dag_words,
    .write_state = api_put_int_state,
    .table = dag_table,
    .summary = "move one token along an edge of a directed graph; with cycles a game may "
               "never end (a draw)",
    .field_docs = "{\"nodes\":\"number of nodes; they are 0..nodes-1\","
                  "\"edges\":\"array of [u,v] pairs: an edge from u to v\","
                  "\"tokens\":\"the nodes the tokens stand on; several tokens make a sum\"}",
    .example = "{\"type\":\"dag\",\"nodes\":5,\"edges\":[[0,1],[1,2],[0,3],[1,3],[3,4]],"
               "\"tokens\":[0,1]}",
};
