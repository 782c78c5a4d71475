/* api_endpoints.c - analyze, batch, play, table and the catalog over the registry. */
#include "api_endpoints.h"

#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"

static void put_verdict(nb_verdict v, api_buf *b)
{
    if (v == NB_WIN)
        api_put_lit(b, "\"win\"");
    else if (v == NB_LOSE)
        api_put_lit(b, "\"lose\"");
    else
        api_put_lit(b, "\"draw\"");
}

/* Bytes a move adds beside its position (its fields, the keys, an outcome). */
#define MOVE_BYTES 96
/* Bytes of one component: {"sg":n} (n up to 20 digits), or ∞(K) with K's values. */
static size_t component_bytes(const nb_component *c)
{
    return c->loopy ? 24 + 21 * c->nfollowers : 28;
}

/* Takes from *budget (the bytes max_response_bytes leaves) what an answer listing `moves`
 * moves, each with a position about the size of the game's, and `comps` components will
 * take; 422 before anything is written when that passes it. The position's text is
 * measured whenever a move is listed: its rules (a graph's edges) may be far larger than
 * its state. */
static int spend_answer(const api_context *ctx, const api_game *g, size_t moves,
                        const nb_component *comps, size_t ncomps, size_t *budget,
                        api_problem *p)
{
    size_t need = 256;
    for (size_t i = 0; i < ncomps; i++)
        need += component_bytes(&comps[i]);
    if (moves)
        need += moves * (json_dumpb(g->json, NULL, 0, JSON_COMPACT) + MOVE_BYTES);
    if (need > *budget)
        return api_fail(p, 422, NULL, "the answer would take about %zu bytes (%zu moves with "
                        "their positions, %zu components), over the limit "
                        "max_response_bytes=%zu; ask for fewer with max_moves or components",
                        need, moves, ncomps, ctx->limits->max_response);
    *budget -= need;
    return 0;
}

/* `"name":[moves],"name_complete":complete` */
static void put_moves(const api_game *g, const char *name, const nb_movelist *moves,
                      bool complete, api_buf *b)
{
    api_put_lit(b, ",\"");
    api_put(b, name, strlen(name));
    api_put_lit(b, "\":[");
    api_move_writer w = {.game = g};
    for (size_t i = 0; i < moves->len; i++) {
        nb_move m = nb_movelist_at(moves, i);
        if (i)
            api_put_lit(b, ",");
        api_put_move(&w, &m, true, b);
    }
    api_move_writer_free(&w);
    api_put_lit(b, "],\"");
    api_put(b, name, strlen(name));
    if (complete)
        api_put_lit(b, "_complete\":true");
    else
        api_put_lit(b, "_complete\":false");
}

/* A part's value: {"sg":n}, {"sg":null,"loopy":[K...]} for ∞(K), or {} (none to give). */
static void put_component(const nb_component *c, api_buf *b)
{
    if (c->has_sg) {
        api_put_lit_uint(b, "{\"sg\":", c->sg);
    } else if (c->loopy) {
        api_put_lit(b, "{\"sg\":null,\"loopy\":[");
        for (size_t k = 0; k < c->nfollowers; k++) {
            if (k)
                api_put_lit(b, ",");
            api_put_uint(b, c->followers[k]);
        }
        api_put_lit(b, "]");
    } else {
        api_put_lit(b, "{");
    }
    api_put_lit(b, "}");
}

/* How many components an analysis lists: none under misère play (a part has no value to
 * give), else at most the query's max_components. */
static size_t listed_components(const nb_analysis *a, const api_game *g, const api_query *q)
{
    if (!a->components || g->conv != NB_NORMAL)
        return 0;
    return a->ncomponents < q->max_components ? a->ncomponents : q->max_components;
}

static void put_analysis(const api_game *g, const nb_analysis *a, const api_query *q,
                         api_buf *b)
{
    bool normal = g->conv == NB_NORMAL;
    api_put_lit(b, "{\"type\":");
    api_put_string(b, g->type->name, strlen(g->type->name));
    api_put_lit(b, ",\"convention\":");
    if (normal)
        api_put_lit(b, "\"normal\"");
    else
        api_put_lit(b, "\"misere\"");
    api_put_lit(b, ",\"verdict\":");
    put_verdict(a->verdict, b);
    if (a->has_sg && normal) {
        api_put_lit_uint(b, ",\"sg\":", a->sg);
    }
    if (a->has_remoteness)
        api_put_lit_uint(b, ",\"remoteness\":", a->remoteness);
    size_t listed = listed_components(a, g, q);
    if (a->components && normal) { /* under misère play a part has no value to give */
        api_put_lit(b, ",\"components\":[");
        for (size_t i = 0; i < listed; i++) {
            if (i)
                api_put_lit(b, ",");
            put_component(&a->components[i], b);
        }
        api_put_lit(b, "]");
        if (listed < a->ncomponents)
            api_put_lit(b, ",\"components_complete\":false");
    }
    if (g->type->write_notes)
        g->type->write_notes(g, b);
    bool draw = a->verdict == NB_DRAW;
    put_moves(g, "winning_moves", &a->moves, draw || a->complete, b);
    if (draw)
        put_moves(g, "drawing_moves", &a->drawing, a->complete, b);
    api_put_lit(b, "}");
}

/* The analysis of one decoded game, written to `out` only when it succeeds; `base`
 * prefixes pointers of lib errors. */
static int analyse_game(const api_context *ctx, api_game *g, const api_query *q,
                        const char *base, size_t *budget, api_buf *out, api_problem *p)
{
    nb_analysis a;
    nb_err err = {0};
    if (nb_analyse(ctx->solver, &g->game, g->conv, q->max_moves, &a, &err) != NB_OK)
        return api_game_fail(p, g, base, &err);
    int status = spend_answer(ctx, g, a.moves.len + a.drawing.len, a.components,
                              listed_components(&a, g, q), budget, p);
    if (!status) {
        put_analysis(g, &a, q, out);
        status = 200;
    }
    nb_analysis_free(&a);
    return status;
}

int api_analyze(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
                api_problem *p)
{
    api_game g;
    if (api_game_decode(body, "", true, false, ctx->limits, &g, p))
        return p->status;
    size_t budget = ctx->limits->max_response;
    int status = analyse_game(ctx, &g, q, "", &budget, out, p);
    api_game_free(&g);
    return status;
}

int api_batch(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
              api_problem *p)
{
    static const char *const keys[] = {"positions", NULL};
    if (api_check_keys(body, "", keys, p))
        return p->status;
    json_t *positions = api_require(body, "", "positions", p);
    if (!positions)
        return p->status;
    if (!json_is_array(positions))
        return api_fail(p, 400, "/positions", "positions must be an array of game objects");
    size_t n = json_array_size(positions);
    if (n > ctx->limits->max_batch)
        return api_fail_too_many(p, "/positions", "positions", n, "games", "max_batch",
                                 ctx->limits->max_batch);
    size_t budget = ctx->limits->max_response; /* shared by every position of the batch */
    api_put_lit(out, "{\"results\":[");
    for (size_t i = 0; i < n; i++) {
        char base[32];
        api_path_index(base, sizeof base, "/positions", i);
        api_game g;
        api_problem item = {0};
        int status = 0;
        if (i)
            api_put_lit(out, ",");
        if (!api_game_decode(json_array_get(positions, i), base, true, false, ctx->limits, &g,
                             &item)) {
            status = analyse_game(ctx, &g, q, base, &budget, out, &item);
            api_game_free(&g);
        }
        if (status != 200) {
            json_t *problem = api_problem_json(&item);
            api_put_json(out, problem);
            json_decref(problem);
        }
    }
    api_put_lit(out, "]}");
    return 200;
}

int api_play(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
             api_problem *p)
{
    (void)q; /* one move, no components */
    api_game g;
    if (api_game_decode(body, "", true, false, ctx->limits, &g, p))
        return p->status;
    nb_play_result r;
    nb_err err = {0};
    int status = 200;
    if (nb_play(ctx->solver, &g.game, g.conv, &r, &err) != NB_OK) {
        status = api_game_fail(p, &g, "", &err);
    } else {
        api_put_lit(out, "{\"type\":");
        api_put_string(out, g.type->name, strlen(g.type->name));
        api_put_lit(out, ",\"verdict\":");
        put_verdict(r.verdict, out);
        if (r.has_move) {
            api_move_writer w = {.game = &g};
            nb_move m = nb_movelist_at(&r.move, 0);
            api_put_lit(out, ",\"move\":");
            api_put_move(&w, &m, false, out);
            api_put_lit(out, ",\"position\":");
            api_put_position(&w, w.after.w, w.after.len, out);
            api_put_lit(out, "}");
            api_move_writer_free(&w);
        } else {
            api_put_lit(out, ",\"move\":null,\"position\":null}");
        }
        nb_movelist_free(&r.move);
    }
    api_game_free(&g);
    return status;
}

int api_moves(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
              api_problem *p)
{
    api_game g;
    if (api_game_decode(body, "", true, false, ctx->limits, &g, p))
        return p->status;
    nb_movelist moves;
    nb_move_outcome *outcomes;
    bool complete;
    nb_err err = {0};
    int status = 200;
    size_t budget = ctx->limits->max_response;
    if (nb_moves(ctx->solver, &g.game, g.conv, q->max_moves, &moves, &outcomes, &complete,
                 &err) != NB_OK) {
        status = api_game_fail(p, &g, "", &err);
    } else if (spend_answer(ctx, &g, moves.len, NULL, 0, &budget, p)) {
        status = p->status;
    } else {
        api_move_writer w = {.game = &g};
        api_put_lit(out, "{\"type\":");
        api_put_string(out, g.type->name, strlen(g.type->name));
        api_put_lit(out, ",\"moves\":[");
        for (size_t i = 0; i < moves.len; i++) {
            nb_move m = nb_movelist_at(&moves, i);
            if (i)
                api_put_lit(out, ",");
            api_put_move_open(&w, &m, true, out);
            api_put_lit(out, ",\"outcome\":");
            put_verdict(outcomes[i].outcome, out);
            if (outcomes[i].has_sg)
                api_put_lit_uint(out, ",\"sg\":", outcomes[i].sg);
            if (outcomes[i].has_remoteness)
                api_put_lit_uint(out, ",\"remoteness\":", outcomes[i].remoteness);
            api_put_lit(out, "}");
        }
        if (complete)
            api_put_lit(out, "],\"complete\":true}");
        else
            api_put_lit(out, "],\"complete\":false}");
        api_move_writer_free(&w);
    }
    nb_movelist_free(&moves); /* empty when nb_moves failed */
    free(outcomes);
    api_game_free(&g);
    return status;
}

int api_table(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
              api_problem *p)
{
    (void)q; /* no moves, no components */
    const char *name = json_string_value(json_object_get(body, "type"));
    const api_type *t = name ? api_type_find(name) : NULL;
    if (t && !t->table) {
        char with_table[256];
        api_type_list(with_table, sizeof with_table, true);
        return api_fail(p, 400, "/type", "the %s game has no SG table; tables exist for %s",
                        t->name, with_table);
    }
    api_game g;
    if (api_game_decode(body, "", true, true, ctx->limits, &g, p))
        return p->status;
    if (g.conv == NB_MISERE) {
        api_game_free(&g);
        return api_fail_as(p, "unsupported-convention", 400, "/convention",
                           "a table holds normal-play SG values; misère play has no such "
                           "values (ask /v1/analyze for a misère position)");
    }
    json_t *table = NULL;
    int status = g.type->table(ctx->solver, &g, body, ctx->limits, &table, p) ? p->status : 200;
    size_t need = status == 200 ? json_dumpb(table, NULL, 0, JSON_COMPACT) : 0;
    if (need > ctx->limits->max_response)
        status = api_fail(p, 422, "/up_to", "the table would take %zu bytes, over the limit "
                          "max_response_bytes=%zu; ask for a smaller page with from and up_to",
                          need, ctx->limits->max_response);
    if (status == 200)
        api_put_json(out, table);
    json_decref(table);
    api_game_free(&g);
    return status;
}

static json_int_t limit_value(const api_limits *lim, const char *name)
{
    const nb_limits *l = &lim->lib;
    struct { const char *name; uint64_t value; } all[] = {
        {"max_parts", l->max_parts}, {"max_components", l->max_components},
        {"max_table", l->max_table}, {"max_side", l->max_side}, {"max_nodes", l->max_nodes},
        {"max_edges", l->max_edges}, {"max_states", l->max_states},
        {"max_prime_count", l->max_prime_count}, {"max_work", l->max_work},
        {"max_table_page", lim->max_table_page},
    };
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        if (!strcmp(all[i].name, name))
            return (json_int_t)all[i].value;
    return 0;
}

json_t *api_catalog(const api_limits *limits)
{
    json_t *types = json_array();
    for (const api_type *const *t = api_registry; *t; t++) {
        json_t *lims = json_object();
        for (const char *const *l = (*t)->limits; *l; l++)
            json_object_set_new(lims, *l, json_integer(limit_value(limits, *l)));
        json_t *conventions = (*t)->misere ? json_pack("[s,s]", "normal", "misere")
                                           : json_pack("[s]", "normal");
        json_array_append_new(types, json_pack(
            "{s:s, s:s, s:o, s:o, s:o, s:b, s:b, s:o}", "type", (*t)->name, "summary",
            (*t)->summary, "fields", json_loads((*t)->field_docs, 0, NULL), "limits", lims,
            "conventions", conventions, "table", (*t)->table != NULL, "moves_complete",
            (*t)->moves_complete, "example", json_loads((*t)->example, 0, NULL)));
    }
    return json_pack("{s:o, s:{s:i, s:i, s:I, s:I, s:I, s:I}}", "types", types, "query",
                     "max_moves_default", API_MAX_MOVES_DEFAULT, "max_moves_limit",
                     API_MAX_MOVES_LIMIT, "max_batch", (json_int_t)limits->max_batch,
                     "max_response_bytes", (json_int_t)limits->max_response,
                     "max_request_seconds", (json_int_t)limits->max_request_seconds,
                     "max_request_mb", (json_int_t)limits->max_request_mb);
}

/* Heavy: types that build tables or search, misère play without a rule, big inputs. */
bool api_game_is_heavy(json_t *game)
{
    const char *name = json_string_value(json_object_get(game, "type"));
    const api_type *t = name ? api_type_find(name) : NULL;
    if (!t)
        return false;
    if (t->heavy)
        return true;
    const char *conv = json_string_value(json_object_get(game, "convention"));
    if (conv && !strcmp(conv, "misere") && !t->rules->analyse_misere)
        return true;
    json_t *comps = json_object_get(game, "components");
    size_t i;
    json_t *c;
    json_array_foreach(comps, i, c) if (api_game_is_heavy(c)) return true;
    const char *key;
    json_t *v;
    json_object_foreach(game, key, v) { /* any long list or string */
        if (json_array_size(v) > 4096 || json_string_length(v) > 65536)
            return true;
    }
    return false;
}

bool api_batch_is_heavy(json_t *body)
{
    json_t *positions = json_object_get(body, "positions");
    if (json_array_size(positions) > 64)
        return true;
    size_t i;
    json_t *g;
    json_array_foreach(positions, i, g) if (api_game_is_heavy(g)) return true;
    return false;
}

bool api_always_heavy(json_t *body)
{
    (void)body;
    return true;
}
