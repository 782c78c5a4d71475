/* types/hackenbush.c - Green Hackenbush: "nodes", "edges" [[u,v],...] (an undirected
 * multigraph, loops allowed), "ground" (default 0); moves {"edge","removed"}; the answer
 * says which edges had already fallen ("fallen"). */
#include <stdlib.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/hackenbush/nb_hackenbush.h"

static int hackenbush_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                             api_problem *p)
{
    (void)lim;
    nb_hackenbush_params *h = nb_xcalloc(1, sizeof *h);
    g->game = (nb_game){.rules = &nb_hackenbush, .params = h};
    int64_t n = 0, ground = 0;
    if (api_member_int(obj, base, "nodes", 0, INT64_MAX, &n, p))
        return p->status;
    h->nodes = (size_t)n;
    if (json_object_get(obj, "ground") &&
        api_member_int(obj, base, "ground", 0, INT64_MAX, &ground, p))
        return p->status;
    h->ground = (uint64_t)ground;
    uint32_t *edges;
    if (api_member_edges(obj, base, &edges, &h->nedges, p))
        return p->status;
    h->edges = edges;
    g->game.len = h->nedges;
    g->game.state = nb_xmalloc((h->nedges + 1) * sizeof *g->game.state);
    for (size_t e = 0; e < h->nedges; e++)
        g->game.state[e] = e;
    return 0;
}

static void hackenbush_free(api_game *g)
{
    nb_hackenbush_params *h = g->game.params;
    if (h)
        free((void *)h->edges);
    free(h);
}

static void put_edge_list(api_buf *b, const uint64_t *edges, size_t n)
{
    api_put_lit(b, "[");
    for (size_t i = 0; i < n; i++) {
        if (i)
            api_put_lit(b, ",");
        api_put_uint(b, edges[i]);
    }
    api_put_lit(b, "]");
}

/* The edges of `before` (ascending) that `after` (ascending) no longer holds, as a list. */
static void put_gone(const uint64_t *before, size_t nbefore, const uint64_t *after,
                     size_t len, api_buf *b)
{
    api_put_lit(b, "[");
    for (size_t i = 0, k = 0, n = 0; i < nbefore; i++) {
        while (k < len && after[k] < before[i])
            k++;
        if (k < len && after[k] == before[i])
            continue;
        if (n++)
            api_put_lit(b, ",");
        api_put_uint(b, before[i]);
    }
    api_put_lit(b, "]");
}

/* The edges that fall when the position becomes `after` (the standing edges joined to
 * the ground before it that are gone after it), as a list of the request's indices. */
static void put_removed(api_move_writer *w, const uint64_t *after, size_t len, api_buf *b)
{
    if (!w->memo_made) {
        nb_hackenbush_grounded(&w->game->game, w->game->game.state, w->game->game.len,
                               &w->memo);
        w->memo_made = true;
    }
    put_gone(w->memo.w, w->memo.len, after, len, b);
}

/* {edge}: the edge, and every edge that falls with it. */
static void hackenbush_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                             size_t len, api_buf *b)
{
    api_put_lit_uint(b, "\"edge\":", m->w[0]);
    api_put_lit(b, ",\"removed\":");
    put_removed(w, after, len, b);
}

/* What a move changes: {"removed":[...]}, every edge of the request's that the position
 * after no longer holds (those that fall, and those that stood apart from the ground
 * from the start), not the standing ones. */
static void hackenbush_changed(api_move_writer *w, const uint64_t *after, size_t len,
                               api_buf *b)
{
    const nb_game *g = &w->game->game;
    api_put_lit(b, "{\"removed\":");
    put_gone(g->state, g->len, after, len, b);
    api_put_lit(b, "}");
}

/* The standing edges as [u,v] pairs, in their old order: the position's own edges. */
static void edges_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b)
{
    (void)member;
    const nb_hackenbush_params *h = w->game->game.params;
    api_put_lit(b, "[");
    for (size_t i = 0; i < len; i++) {
        if (i)
            api_put_lit(b, ",");
        api_put_lit_uint(b, "[", h->edges[2 * state[i]]);
        api_put_lit_uint(b, ",", h->edges[2 * state[i] + 1]);
        api_put_lit(b, "]");
    }
    api_put_lit(b, "]");
}

/* "fallen": the edges that were not joined to the ground to begin with. */
static void hackenbush_notes(const api_game *g, api_buf *b)
{
    nb_state grounded = {0};
    nb_hackenbush_grounded(&g->game, g->game.state, g->game.len, &grounded);
    uint64_t *fallen = nb_xmalloc((g->game.len + 1) * sizeof *fallen);
    size_t n = 0, k = 0;
    for (size_t i = 0; i < g->game.len; i++) {
        if (k < grounded.len && grounded.w[k] == g->game.state[i])
            k++;
        else
            fallen[n++] = g->game.state[i];
    }
    api_put_lit(b, ",\"fallen\":");
    put_edge_list(b, fallen, n);
    free(fallen);
    free(grounded.w);
}

/* A random multigraph on a few nodes: loops, parallel edges, cycles sharing vertices,
 * and edges away from the ground. */
static json_t *hackenbush_sample(api_rng *r, bool small)
{
    size_t n = 1 + api_rng_below(r, small ? 4 : 6);
    json_t *edges = json_array();
    for (size_t m = api_rng_below(r, small ? 5 : 8); m > 0; m--)
        json_array_append_new(edges, json_pack("[I,I]", (json_int_t)api_rng_below(r, n),
                                               (json_int_t)api_rng_below(r, n)));
    return json_pack("{s:s, s:I, s:o, s:I}", "type", "hackenbush", "nodes", (json_int_t)n,
                     "edges", edges, "ground", (json_int_t)api_rng_below(r, n));
}

static const char *const hackenbush_words[] = {"edge", NULL};

static int hackenbush_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                           api_problem *p)
{
    (void)g;
    return api_member_words_of(move, base, hackenbush_words, words, p);
}

const api_type api_type_hackenbush = {
    .name = "hackenbush",
    .title = "Green Hackenbush",
    .rules_text = "Delete an edge; every edge no longer joined to the ground falls. Whoever cannot "
                  "move loses.",
    .rules = &nb_hackenbush,
    .fields = (const char *const[]){"edges", "nodes", "ground", NULL},
    .limits = (const char *const[]){"max_nodes", "max_edges", "max_work", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = hackenbush_decode,
    .free_params = hackenbush_free,
    .write_move = hackenbush_write,
    .read_move = hackenbush_read,
    .move_words = hackenbush_words,
    .write_state = edges_state,
    .write_changed = hackenbush_changed,
    .write_notes = hackenbush_notes,
    .sample = hackenbush_sample,
    .summary = "Green Hackenbush: delete one edge; every edge no longer joined to the ground "
               "falls",
    .field_docs = "{\"nodes\":\"number of nodes; they are 0..nodes-1\","
                  "\"edges\":\"array of [u,v] pairs: an undirected multigraph, loops allowed\","
                  "\"ground\":\"the ground node (default 0)\"}",
    .example = "{\"type\":\"hackenbush\",\"nodes\":4,\"edges\":[[0,1],[1,2],[2,3],[3,1],[0,0]]}",
};
