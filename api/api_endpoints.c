/* api_endpoints.c - /v1/analyze, batch, play, table and the catalog over the registry. */
#include "api_endpoints.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "api_json.h"
#include "api_position.h"
#include "api_quotient.h"
#include "engine/nb_moves.h"

static void put_verdict(nb_verdict v, api_buf *b)
{
    if (v == NB_WIN)
        api_put_lit(b, "\"win\"");
    else if (v == NB_LOSE)
        api_put_lit(b, "\"lose\"");
    else
        api_put_lit(b, "\"draw\"");
}

/* The room a batch sets aside for each result's problem (a detail of at most 320
 * characters, its type, title, status and pointer), and for the brackets. */
#define BATCH_PROBLEM_BYTES 640
/* Bytes a move adds beside its position (its fields, the keys, an outcome). */
#define MOVE_BYTES 96
/* Bytes of one component: {"sg":n,"method":"..."} (n up to 20 digits, a method name up to
 * 15 bytes), or ∞(K) with K's values. */
static size_t component_bytes(const nb_component *c)
{
    return c->loopy ? 52 + 21 * c->nfollowers : 56;
}

/* The bytes an answer listing positions may take: max_response_bytes, and at most
 * API_RESPONSE_FLOOR plus max_response_ratio times the request's body. */
static size_t answer_allowance(const api_context *ctx, const api_query *q)
{
    size_t cap = ctx->limits->max_response;
    uint64_t ratio = ctx->limits->max_response_ratio;
    if (!ratio)
        return cap;
    size_t in_proportion = q->request_bytes > (SIZE_MAX - API_RESPONSE_FLOOR) / ratio
                               ? SIZE_MAX
                               : API_RESPONSE_FLOOR + (size_t)ratio * q->request_bytes;
    return in_proportion < cap ? in_proportion : cap;
}

/* The text of game g's member `name`, measured (0 when absent). */
static size_t member_bytes(const api_game *g, const char *name)
{
    json_t *v = json_object_get(g->json, name);
    return v ? api_json_bytes(v) : 0;
}

/* What one listed move is expected to take: its members, and its position as asked (the
 * game's text, or its state member's). A move's members may echo the state (a dag's
 * tokens, the edges hackenbush removes), and a type's own account of a change may be
 * anything up to its state: writing checks the real size as it goes. A full position is
 * first bounded by the request's size, and measured only when that bound is too coarse
 * for the answer's room (move_bytes). */
typedef struct {
    const api_game *game; /* borrowed */
    size_t bytes;
    bool bound;           /* bytes is API_DUMP_GROWTH times the request, not yet measured */
} move_size;

static move_size move_size_of(const api_game *g, const api_query *q)
{
    move_size m = {g, MOVE_BYTES, false};
    if (q->positions == API_POSITIONS_FULL && !q->request_bytes) { /* no body to bound it */
        m.bytes += api_json_bytes(g->json);
    } else if (q->positions == API_POSITIONS_FULL) {
        bool fits = q->request_bytes <= (SIZE_MAX - MOVE_BYTES) / API_DUMP_GROWTH;
        m.bytes = fits ? MOVE_BYTES + API_DUMP_GROWTH * q->request_bytes : SIZE_MAX;
        m.bound = true;
    } else if (q->positions == API_POSITIONS_CHANGED && !g->type->write_changed) {
        for (size_t i = 0; i < api_state_members(g->type); i++) /* the state, unless the */
            m.bytes += member_bytes(g, g->type->fields[i]);      /* type says less */
    }
    return m;
}

/* A move's bytes for an answer of `moves` moves with `room` bytes for them: the bound when
 * they all fit by it, else the game's text measured (once). */
static size_t move_bytes(move_size *m, size_t moves, size_t room)
{
    if (m->bound && moves && m->bytes > room / moves) {
        m->bytes = MOVE_BYTES + api_json_bytes(m->game->json);
        m->bound = false;
    }
    return m->bytes;
}

/* How many moves to look for when the query asks for max_moves and the answer has
 * `budget` bytes: one past what fits (finding it is enough to refuse the answer), so that
 * the moves of a huge game that could never be written are not all worked out first. */
static size_t moves_to_find(const api_query *q, move_size *per_move, size_t budget)
{
    size_t fit = budget / move_bytes(per_move, q->max_moves, budget);
    return q->max_moves <= fit ? q->max_moves : fit + 1;
}

/* The problem of an answer past its allowance (`need` bytes, or more when 0). */
static int fail_answer_size(const api_context *ctx, const api_query *q, size_t need,
                            size_t moves, size_t ncomps, api_problem *p)
{
    char about[64] = "more than";
    if (need)
        snprintf(about, sizeof about, "about %zu", need);
    return api_fail(p, 422, NULL, "the answer would take %s bytes (%zu moves with their "
                    "positions, %zu components), over the %zu it may take (the limit "
                    "max_response_bytes=%zu, and max_response_ratio=%llu: 16 MiB plus that "
                    "many times the request's %zu bytes); ask with positions=changed or "
                    "positions=none, or for fewer with max_moves or components", about, moves,
                    ncomps, answer_allowance(ctx, q), ctx->limits->max_response,
                    (unsigned long long)ctx->limits->max_response_ratio, q->request_bytes);
}

/* Whether an answer listing `moves` moves of `per_move` and `comps` components is expected
 * to fit in `budget` bytes (what the answer may still take): 422 before anything is
 * written when not. */
static int check_answer(const api_context *ctx, const api_query *q, size_t moves,
                        move_size *per_move, const nb_component *comps, size_t ncomps,
                        size_t budget, api_problem *p)
{
    size_t need = 256;
    for (size_t i = 0; i < ncomps; i++)
        need += component_bytes(&comps[i]);
    if (moves)
        need += moves * move_bytes(per_move, moves, budget > need ? budget - need : 0);
    return need > budget ? fail_answer_size(ctx, q, need, moves, ncomps, p) : 0;
}

/* Whether another move may still be written, the last one having taken `wrote` bytes:
 * while the request's budget lasts. A move costs about its bytes to write (one of a large
 * graph as much as its game), so a byte is a sixteenth of a plain step: the clock is read
 * about once per 4 KiB written, and before each move of a large graph. */
static bool time_for_move(const api_context *ctx, size_t wrote)
{
    return !nb_budget_spent_after(ctx->solver->budget, wrote / 16);
}

/* `"name":[moves],"name_complete":complete` (false too when the budget ran out before the
 * last move was written); false, as soon as b holds more than `end` bytes, with what it
 * wrote left for the caller to cut. */
static bool put_moves(const api_context *ctx, const api_game *g, const char *name,
                      const nb_movelist *moves, bool complete, api_positions how, size_t end,
                      api_buf *b)
{
    api_put_lit(b, ",\"");
    api_put(b, name, strlen(name));
    api_put_lit(b, "\":[");
    api_move_writer w = {.game = g};
    size_t i = 0, wrote = 0;
    for (; i < moves->len && b->len <= end && time_for_move(ctx, wrote); i++) {
        size_t at = b->len;
        nb_move m = nb_movelist_at(moves, i);
        if (i)
            api_put_lit(b, ",");
        api_put_move(&w, &m, how, b);
        wrote = b->len - at;
    }
    complete = complete && i == moves->len;
    api_move_writer_free(&w);
    api_put_lit(b, "],\"");
    api_put(b, name, strlen(name));
    if (complete)
        api_put_lit(b, "_complete\":true");
    else
        api_put_lit(b, "_complete\":false");
    return b->len <= end;
}

/* `,"method":"..."` when the method is known. */
static void put_method(nb_method m, api_buf *b)
{
    const char *name = nb_method_name(m);
    if (*name) { /* a lower-case word with hyphens: nothing to escape */
        api_put_lit(b, ",\"method\":\"");
        api_put(b, name, strlen(name));
        api_put_lit(b, "\"");
    }
}

/* A part's value: {"sg":n}, {"sg":null,"loopy":[K...]} for ∞(K), {"steps":n} for an
 * Every-SG component, or {} (none to give). */
static void put_component(const nb_component *c, api_buf *b)
{
    if (c->has_sg) {
        api_put_lit_int64(b, "{\"sg\":", c->sg);
    } else if (c->loopy) {
        api_put_lit(b, "{\"sg\":null,\"loopy\":[");
        for (size_t k = 0; k < c->nfollowers; k++) {
            if (k)
                api_put_lit(b, ",");
            api_put_int64(b, c->followers[k]);
        }
        api_put_lit(b, "]");
    } else if (c->has_steps) { /* Every-SG: the length of its play */
        api_put_lit_int64(b, "{\"steps\":", c->steps);
    } else {
        api_put_lit(b, "{}"); /* no value to give, nor a way it was found */
        return;
    }
    put_method(c->method, b);
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

/* The analysis; false as soon as b holds more than `end` bytes. */
static bool put_analysis(const api_context *ctx, const api_game *g, const nb_analysis *a,
                         const api_query *q, size_t end, api_buf *b)
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
    put_method(a->method, b);
    if (a->has_sg && normal) {
        api_put_lit_int64(b, ",\"sg\":", a->sg);
    }
    if (a->has_remoteness)
        api_put_lit_uint(b, ",\"remoteness\":", a->remoteness);
    if (!normal && a->element) {
        api_put_lit(b, ",\"misere\":{\"element\":");
        api_put_string(b, a->element, strlen(a->element));
        api_put_lit(b, "}");
    }
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
    if (!put_moves(ctx, g, "winning_moves", &a->moves, draw || a->complete, q->positions, end,
                   b))
        return false;
    if (draw && !put_moves(ctx, g, "drawing_moves", &a->drawing, a->complete, q->positions,
                           end, b))
        return false;
    api_put_lit(b, "}");
    return b->len <= end;
}

/* The analysis of one decoded game, written to `out` only when it succeeds and fits in
 * *budget bytes (then taken from it); `base` prefixes pointers of lib errors. */
static int analyse_game(const api_context *ctx, api_game *g, const api_query *q,
                        const char *base, size_t *budget, api_buf *out, api_problem *p)
{
    nb_analysis a;
    nb_err err = {0};
    move_size per_move = move_size_of(g, q);
    if (nb_analyse(ctx->solver, &g->game, g->conv, moves_to_find(q, &per_move, *budget), &a,
                   &err) != NB_OK)
        return api_game_fail(p, g, base, &err);
    size_t moves = a.moves.len + a.drawing.len, ncomps = listed_components(&a, g, q);
    size_t start = out->len;
    int status = check_answer(ctx, q, moves, &per_move, a.components, ncomps, *budget, p);
    if (!status && !put_analysis(ctx, g, &a, q, start + *budget, out)) {
        out->len = start;
        status = fail_answer_size(ctx, q, 0, moves, ncomps, p);
    }
    if (!status && ctx->decided_by)
        *ctx->decided_by = a.method;
    if (!status) {
        *budget -= out->len - start;
        status = 200;
    }
    nb_analysis_free(&a);
    return status;
}

int api_analyse(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
                api_problem *p)
{
    api_game g;
    if (api_game_decode(body, "", true, false, ctx->limits, &g, p))
        return p->status;
    size_t budget = answer_allowance(ctx, q);
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
        return api_fail(p, 400, "/positions", "positions must be an array of game objects, "
                        "got %s", API_GOT(positions));
    size_t n = json_array_size(positions);
    if (n > ctx->limits->max_batch)
        return api_fail_too_many(p, "/positions", "positions", n, "games", "max_batch",
                                 ctx->limits->max_batch);
    /* each position's result has room for a problem set aside; the analyses share the
     * rest */
    size_t allowance = answer_allowance(ctx, q), rooms = (n + 1) * BATCH_PROBLEM_BYTES;
    if (rooms > allowance)
        return api_fail(p, 422, "/positions", "a batch of %zu positions needs at least %zu "
                        "bytes for its results, over the %zu its answer may take (the limit "
                        "max_response_bytes=%zu); send fewer positions", n, rooms, allowance,
                        ctx->limits->max_response);
    size_t budget = allowance - rooms;
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
        if (status != 200) { /* in its room; what passes it comes from the shared rest */
            size_t start = out->len;
            json_t *problem = api_problem_json(&item);
            api_put_json(out, problem);
            json_decref(problem);
            size_t over = out->len - start > BATCH_PROBLEM_BYTES ? out->len - start - BATCH_PROBLEM_BYTES : 0;
            budget = over < budget ? budget - over : 0;
        }
    }
    api_put_lit(out, "]}");
    return 200;
}

/* A seed of the moment for a weaker strength's draws, when the request gives none. */
static uint64_t fresh_seed(void)
{
    static atomic_uint_least64_t count;
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (uint64_t)t.tv_nsec ^ (uint64_t)t.tv_sec << 30 ^ atomic_fetch_add(&count, 1) << 48;
}

int api_play(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
             api_problem *p)
{
    api_game g;
    if (api_game_decode(body, "", true, false, ctx->limits, &g, p))
        return p->status;
    nb_play_result r = {0};
    nb_err err = {0};
    int status = 200;
    size_t budget = answer_allowance(ctx, q), start = out->len;
    move_size per_move = move_size_of(&g, q);
    if (nb_play_at(ctx->solver, &g.game, g.conv, q->strength, q->has_seed ? q->seed : fresh_seed(),
                   &r, &err) != NB_OK) {
        status = api_game_fail(p, &g, "", &err);
    } else if (check_answer(ctx, q, r.has_move, &per_move, NULL, 0, budget, p)) {
        status = p->status;
    } else {
        api_put_lit(out, "{\"type\":");
        api_put_string(out, g.type->name, strlen(g.type->name));
        api_put_lit(out, ",\"verdict\":");
        put_verdict(r.verdict, out);
        api_put_lit(out, ",\"strength\":\"");
        api_put(out, nb_strength_name(q->strength), strlen(nb_strength_name(q->strength)));
        api_put_lit(out, "\"");
        if (r.has_move) {
            api_move_writer w = {.game = &g};
            nb_move m = nb_movelist_at(&r.move, 0);
            api_put_lit(out, ",\"move\":");
            api_put_move(&w, &m, API_POSITIONS_NONE, out);
            api_put_position_member(&w, q->positions, out);
            api_put_lit(out, "}");
            api_move_writer_free(&w);
        } else if (q->positions == API_POSITIONS_FULL) {
            api_put_lit(out, ",\"move\":null,\"position\":null}");
        } else if (q->positions == API_POSITIONS_CHANGED) {
            api_put_lit(out, ",\"move\":null,\"changed\":null}");
        } else {
            api_put_lit(out, ",\"move\":null}");
        }
        if (out->len - start > budget) {
            out->len = start;
            status = fail_answer_size(ctx, q, 0, 1, 0, p);
        }
    }
    nb_movelist_free(&r.move);
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
    size_t budget = answer_allowance(ctx, q), start = out->len;
    move_size per_move = move_size_of(&g, q);
    if (nb_moves(ctx->solver, &g.game, g.conv, moves_to_find(q, &per_move, budget), &moves,
                 &outcomes, &complete, &err) != NB_OK) {
        status = api_game_fail(p, &g, "", &err);
    } else if (check_answer(ctx, q, moves.len, &per_move, NULL, 0, budget, p)) {
        status = p->status;
    } else {
        api_move_writer w = {.game = &g};
        api_put_lit(out, "{\"type\":");
        api_put_string(out, g.type->name, strlen(g.type->name));
        api_put_lit(out, ",\"moves\":[");
        size_t i = 0, wrote = 0;
        for (; i < moves.len && out->len - start <= budget && time_for_move(ctx, wrote); i++) {
            size_t at = out->len;
            nb_move m = nb_movelist_at(&moves, i);
            if (i)
                api_put_lit(out, ",");
            api_put_move_open(&w, &m, q->positions, out);
            api_put_lit(out, ",\"outcome\":");
            put_verdict(outcomes[i].outcome, out);
            if (outcomes[i].has_sg)
                api_put_lit_int64(out, ",\"sg\":", outcomes[i].sg);
            if (outcomes[i].has_remoteness)
                api_put_lit_uint(out, ",\"remoteness\":", outcomes[i].remoteness);
            api_put_lit(out, "}");
            wrote = out->len - at;
        }
        if (complete && i == moves.len)
            api_put_lit(out, "],\"complete\":true}");
        else
            api_put_lit(out, "],\"complete\":false}");
        api_move_writer_free(&w);
        if (out->len - start > budget) {
            out->len = start;
            status = fail_answer_size(ctx, q, 0, moves.len, 0, p);
        }
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
    /* written, the writing stopped past the limit: one pass over the values */
    size_t before = out->len, max = ctx->limits->max_response;
    out->max = before + max;
    if (status == 200) /* SG values may pass 2^53 (a nim heap's is the heap), as may k */
        api_put_object_int64(out, table, (const char *const[]){"values", "k", NULL});
    bool over = out->over || out->len - before > max;
    out->max = 0;
    if (over) {
        out->len = before, out->failed = out->over = false;
        status = api_fail(p, 422, "/up_to", "the table would take more than %zu bytes, the "
                          "limit max_response_bytes=%zu; ask for a smaller page with from "
                          "and up_to", max, max);
    }
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

json_t *api_catalog(const api_limits *limits, bool int64_strings)
{
    json_t *types = json_array();
    for (const api_type *const *t = api_registry; *t; t++) {
        json_t *lims = json_object();
        for (const char *const *l = (*t)->limits; *l; l++)
            json_object_set_new(lims, *l, json_integer(limit_value(limits, *l)));
        json_t *conventions = (*t)->misere ? json_pack("[s,s]", "normal", "misere")
                                           : json_pack("[s]", "normal");
        json_t *methods = json_array();
        for (const char *const *m = (*t)->methods; *m; m++)
            json_array_append_new(methods, json_string(*m));
        json_t *example = json_loads((*t)->example, 0, NULL);
        if (int64_strings)
            api_game_int64_strings(example);
        json_array_append_new(types, json_pack(
            "{s:s, s:s, s:s, s:s, s:o, s:o, s:o, s:s, s:o, s:b, s:b, s:b, s:o}", "type",
            (*t)->name, "name", (*t)->title, "rules", (*t)->rules_text, "summary", (*t)->summary,
            "fields", json_loads((*t)->field_docs, 0, NULL), "limits", lims,
            "conventions", conventions,
            "default_convention", (*t)->default_misere ? "misere" : "normal", "methods", methods, "table", (*t)->table != NULL,
            "quotient", api_quotient_takes((*t)->name), "moves_complete", (*t)->moves_complete,
            "example", example));
    }
    return json_pack("{s:o, s:{s:i, s:i, s:I, s:I, s:I, s:I, s:I, s:I}}", "types", types, "query",
                     "max_moves_default", API_MAX_MOVES_DEFAULT, "max_moves_limit",
                     API_MAX_MOVES_LIMIT, "max_batch", (json_int_t)limits->max_batch,
                     "max_response_bytes", (json_int_t)limits->max_response,
                     "max_response_ratio", (json_int_t)limits->max_response_ratio,
                     "max_request_seconds", (json_int_t)limits->max_request_seconds,
                     "max_request_mb", (json_int_t)limits->max_request_mb,
                     "rate_limit", (json_int_t)limits->rate_limit);
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
    if (conv && !strcmp(conv, "misere") && /* a sum's rule covers sums of dags alone */
        (!t->rules->analyse_misere || json_object_get(game, "components")))
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
