/* api_move.c - POST /v1/move: the move found among the game's legal moves (read into the
 * ruleset's words and checked by the library, or matched against the listed moves by its
 * written members), compared member by member with the move written back, then the
 * position after it answered as /v1/analyze and /v1/play answer it. */
#include "api_move.h"

#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_parse.h"
#include "api_position.h"
#include "core/nb_util.h"
#include "engine/nb_every.h"
#include "engine/nb_legal.h"
#include "engine/nb_sum.h"

/* Members a move object holds in answers that name no move: refused in a request. */
static const char *const refused[] = {"position", "changed", "outcome", "sg", "remoteness",
                                      NULL};
/* Members derived from the others: a client may leave them out. */
static const char *const derived[] = {"leave", "tokens", "removed", "wins_immediately", NULL};

static bool listed(const char *const *names, const char *key)
{
    for (const char *const *n = names; *n; n++)
        if (!strcmp(*n, key))
            return true;
    return false;
}

/* The pointer of word `word` of a move at base, by the type's move_words. */
static void word_pointer(const api_type *t, size_t word, const char *base, char *out,
                         size_t size)
{
    size_t n = 0;
    while (t->move_words && t->move_words[n])
        n++;
    if (!n || word == NB_NO_INDEX) {
        nb_copy_cut(out, size, base);
        return;
    }
    char member[API_PATH_BYTES], *star;
    nb_copy_cut(member, sizeof member, t->move_words[word % n]);
    if ((star = strchr(member, '*')) != NULL) { /* the word's index over the list's length */
        char rest[API_PATH_BYTES];
        nb_copy_cut(rest, sizeof rest, star + 1);
        snprintf(star, sizeof member - (size_t)(star - member), "%zu%s", word / n, rest);
    }
    size_t at = nb_copy_cut(out, size, base);
    if (at + 1 < size) {
        out[at] = '/';
        nb_copy_cut(out + at + 1, size - at - 1, member);
    }
}

/* The move written back as a JSON object (its members, no position). */
static json_t *written(const api_game *g, const nb_move *m)
{
    api_move_writer w = {.game = g};
    api_buf b = {0};
    api_put_move(&w, m, API_POSITIONS_NONE, &b);
    api_move_writer_free(&w);
    size_t len;
    char *text = api_buf_take(&b, &len);
    json_t *v = text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    return v;
}

/* Whether `given` agrees with `want`: the members of an object it gives equal, as deep as
 * objects go (a sum's inner move); otherwise equal. On a difference, a problem at its
 * pointer (under ptr). */
static int agree(json_t *given, json_t *want, const char *ptr, api_problem *p)
{
    if (json_is_object(given) && json_is_object(want)) {
        const char *key;
        json_t *v;
        json_object_foreach(given, key, v) {
            char at[API_PATH_BYTES];
            api_path(at, sizeof at, ptr, key);
            json_t *w = json_object_get(want, key);
            if (!w)
                return api_fail(p, 400, at, "this game's moves have no member \"%s\"", key);
            if (agree(v, w, at, p))
                return p->status;
        }
        return 0;
    }
    if (json_is_array(given) && json_is_array(want) &&
        json_array_size(given) == json_array_size(want) && json_array_size(given) &&
        json_is_object(json_array_get(want, 0))) { /* an Every-SG move's parts */
        for (size_t i = 0; i < json_array_size(given); i++) {
            char at[API_PATH_BYTES];
            api_path_index(at, sizeof at, ptr, i);
            if (agree(json_array_get(given, i), json_array_get(want, i), at, p))
                return p->status;
        }
        return 0;
    }
    if (json_equal(given, want))
        return 0;
    char *text = json_dumps(want, JSON_COMPACT | JSON_ENCODE_ANY);
    char *was = json_dumps(given, JSON_COMPACT | JSON_ENCODE_ANY);
    api_fail(p, 400, ptr, "this move gives %.100s%s here, not %.100s%s",
             text ? text : "another value", text && strlen(text) > 100 ? "..." : "",
             was ? was : "this", was && strlen(was) > 100 ? "..." : "");
    free(text);
    free(was);
    return p->status;
}

/* A listing that looks for the move whose written members the client gave: each legal
 * move written and compared, the longest run of members matched kept for the problem. */
typedef struct matcher {
    const api_game *g;
    json_t *given;
    nb_movelist *found;
    nb_budget *budget;
    size_t best;         /* most written members, in order, that some move matched */
    char blame[64];      /* the member after them */
    bool stopped;
} matcher;

static bool match_one(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    (void)after;
    matcher *mt = ctx;
    if (nb_budget_spent_after(mt->budget, len + 16)) { /* a state made, a move written */
        mt->stopped = true;
        return false;
    }
    json_t *want = written(mt->g, m);
    size_t run = 0;
    bool all = want != NULL;
    const char *key;
    json_t *w;
    json_object_foreach(want, key, w) {
        json_t *v = json_object_get(mt->given, key);
        if (!v && listed(derived, key))
            continue;
        if (!v || !json_equal(v, w)) {
            if (run >= mt->best) {
                mt->best = run;
                nb_copy_cut(mt->blame, sizeof mt->blame, key);
            }
            all = false;
            break;
        }
        run++;
    }
    json_decref(want);
    if (all)
        nb_movelist_push(mt->found, m);
    return !all;
}

static int find_move(const api_context *ctx, api_game *g, json_t *move, const char *base,
                     nb_movelist *found, api_problem *p);

/* A sum's move: {component, move} in that component, or (Every-SG) {moves: [...]}, one for
 * each component that has a move, in order. */
static int find_sum_move(const api_context *ctx, api_game *g, json_t *move, const char *base,
                         nb_movelist *found, api_problem *p)
{
    char ptr[API_PATH_BYTES];
    bool every = g->game.rules == &nb_every;
    json_t *parts = every ? api_require(move, base, "moves", p) : NULL;
    if (every && !parts)
        return p->status;
    api_path(ptr, sizeof ptr, base, "moves");
    if (every && !json_is_array(parts))
        return api_fail(p, 400, ptr, "moves must be an array of {component, move} objects, "
                        "got %s", API_GOT(parts));
    size_t n = every ? json_array_size(parts) : 1, last = 0;
    nb_state words = {0};
    int status = 0;
    for (size_t i = 0; i < n && !status; i++) {
        char at[API_PATH_BYTES], inner_at[API_PATH_BYTES];
        json_t *part = every ? json_array_get(parts, i) : move;
        nb_copy_cut(at, sizeof at, base);
        if (every)
            api_path_index(at, sizeof at, ptr, i);
        int64_t c;
        if (every && !json_is_object(part)) {
            status = api_fail(p, 400, at, "each of moves is an object {component, move}");
        } else if (!api_member_int(part, at, "component", 0, (int64_t)g->nchildren - 1, &c, p)) {
            api_path(inner_at, sizeof inner_at, at, "move");
            json_t *inner = api_require(part, at, "move", p);
            nb_movelist one;
            nb_movelist_init(&one, 1);
            if (every && i && (size_t)c <= last)
                status = api_fail(p, 400, inner_at, "the components are listed once each, in "
                                  "ascending order");
            else if (!inner || find_move(ctx, &g->children[c], inner, inner_at, &one, p))
                status = p->status;
            if (!status) {
                nb_move m = nb_movelist_at(&one, 0);
                nb_state_resize(&words, words.len + 2 + m.len);
                words.w[words.len - 2 - m.len] = (uint64_t)c;
                words.w[words.len - 1 - m.len] = m.len;
                memcpy(words.w + words.len - m.len, m.w, m.len * sizeof *m.w);
                if (!every)
                    nb_movelist_push(found, &(nb_move){.component = (size_t)c, .wins_now =
                                                       m.wins_now, .len = m.len, .w = m.w});
            }
            nb_movelist_free(&one);
            last = (size_t)c;
        } else {
            status = p->status;
        }
    }
    /* Every-SG: every component that has a move moves */
    for (size_t c = 0, k = 0; every && !status && c < g->nchildren; c++) {
        bool moved = k < words.len && words.w[k] == c, any = false;
        if (moved)
            k += 2 + words.w[k + 1];
        nb_err err = {0};
        char at[API_PATH_BYTES];
        snprintf(at, sizeof at, "/game/components/%zu", c);
        if (!moved && nb_has_move(ctx->solver, &g->children[c].game, &any, &err) != NB_OK)
            status = api_game_fail(p, &g->children[c], at, &err);
        else if (any)
            status = api_fail(p, 400, ptr, "under rule every a move moves in every component "
                              "that has a move: component %zu has one", c);
    }
    if (every && !status)
        nb_movelist_push(found, &(nb_move){.len = words.len, .w = words.w});
    free(words.w);
    return status;
}

/* Finds the move of g that `move` (at pointer base) names into found (room for one): 0, or
 * a problem's status, its pointer inside the move. */
static int find_move(const api_context *ctx, api_game *g, json_t *move, const char *base,
                     nb_movelist *found, api_problem *p)
{
    if (!json_is_object(move))
        return api_fail(p, 400, base, "a move is an object, as /v1/moves lists them");
    const char *key;
    json_t *v;
    json_object_foreach(move, key, v) {
        char at[API_PATH_BYTES];
        api_path(at, sizeof at, base, key);
        if (listed(refused, key))
            return api_fail(p, 400, at, "a move sent to /v1/move gives no \"%s\": the answer "
                            "does", key);
    }
    api_settle_ints(move);
    if (g->children)
        return find_sum_move(ctx, g, move, base, found, p);
    nb_err err = {0};
    nb_status st;
    if (g->type->read_move) {
        nb_state words = {0};
        if (g->type->read_move(g, move, base, &words, p)) {
            free(words.w);
            return p->status;
        }
        st = nb_move_legal(ctx->solver, &g->game, &(nb_move){.len = words.len, .w = words.w},
                           found, &err);
        free(words.w);
    } else { /* matched among the listed moves by what is written of each */
        matcher mt = {.g = g, .given = move, .found = found, .budget = ctx->solver->budget};
        st = nb_game_open(ctx->solver, &g->game, &err);
        if (st == NB_OK && g->game.rules->each_move)
            g->game.rules->each_move(&g->game, match_one, &mt);
        if (st == NB_OK)
            nb_game_close(ctx->solver, &g->game);
        if (st == NB_OK && mt.stopped)
            st = nb_budget_fail(ctx->solver->budget, &err);
        if (st == NB_OK && !found->len) {
            char at[API_PATH_BYTES];
            api_path(at, sizeof at, base, mt.blame[0] ? mt.blame : "");
            return api_fail(p, 400, mt.blame[0] ? at : base, "no legal move of this position "
                            "has this %s%s", mt.blame[0] ? mt.blame : "move",
                            mt.best ? " with the members before it" : "");
        }
    }
    if (st == NB_EINVAL && err.field == NB_FIELD_MOVE) {
        char at[API_PATH_BYTES];
        word_pointer(g->type, err.index[0], base, at, sizeof at);
        if (err.msg[0])
            return api_fail(p, 400, at, "%s", err.msg);
        return api_fail(p, 400, at, "no legal move of this position has this %s%s",
                        err.index[0] == NB_NO_INDEX ? "move" : at + strlen(base) + 1,
                        err.index[0] && err.index[0] != NB_NO_INDEX
                            ? " with the members before it" : "");
    }
    if (st != NB_OK)
        return api_game_fail(p, g, "/game", &err);
    /* the members given, derived ones included, as the move is written back */
    json_t *want = written(g, &(nb_move){.len = found->len ? nb_movelist_at(found, 0).len : 0,
                                         .w = nb_movelist_at(found, 0).w,
                                         .wins_now = nb_movelist_at(found, 0).wins_now});
    int status = want ? agree(move, want, base, p) : api_fail(p, 400, base, "no such move");
    json_decref(want);
    return status;
}

/* A problem of reading or checking the move is an illegal move (limits, time and memory
 * keep their own kinds). */
static int illegal(api_problem *p)
{
    if (p->status != 400)
        return p->status;
    p->status = 422;
    p->kind = "illegal-move";
    return 422;
}

int api_move(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
             api_problem *p)
{
    static const char *const keys[] = {"game", "move", NULL};
    if (api_check_keys(body, "", keys, p))
        return p->status;
    json_t *game = api_require(body, "", "game", p), *move = game ? api_require(body, "", "move", p) : NULL;
    if (!move)
        return p->status;
    api_game g;
    if (api_game_decode(game, "/game", true, false, ctx->limits, &g, p))
        return p->status;
    nb_movelist found;
    nb_movelist_init(&found, 1);
    if (find_move(ctx, &g, move, "/move", &found, p)) {
        nb_movelist_free(&found);
        api_game_free(&g);
        return illegal(p);
    }
    /* the position after it, as /v1/moves writes it, answered as /v1/analyze answers it */
    nb_move m = nb_movelist_at(&found, 0);
    api_move_writer w = {.game = &g};
    api_buf scratch = {0}, position = {.int64_strings = out->int64_strings};
    api_put_move(&w, &m, API_POSITIONS_NONE, &scratch);
    api_put_position(&w, w.after.w, w.after.len, &position);
    free(scratch.p);
    api_move_writer_free(&w);
    nb_movelist_free(&found);
    api_game_free(&g);
    size_t len;
    char *text = api_buf_take(&position, &len);
    bool huge;
    char error[80];
    json_t *next = text ? api_parse_text(text, len, &huge, error, sizeof error, NULL) : NULL;
    if (!next) { /* what we wrote parses: only memory can fail it */
        free(text);
        return api_fail_as(p, "unavailable", 503, NULL, "no memory to write the position "
                           "after the move now: retry shortly");
    }
    size_t start = out->len;
    int status = api_analyse(ctx, next, q, out, p);
    if (status == 200) {
        out->len--; /* the analysis's closing brace: the position and the reply follow */
        api_put_lit(out, ",\"position\":");
        api_put(out, text, len);
        api_buf reply = {.int64_strings = out->int64_strings};
        api_query as_play = *q;
        int played = q->reply ? api_play(ctx, next, &as_play, &reply, p) : 0;
        size_t reply_len;
        char *reply_text = api_buf_take(&reply, &reply_len);
        if (played == 200 && reply_text && !strstr(reply_text, ",\"move\":null")) {
            api_put_lit(out, ",\"reply\":");
            api_put(out, reply_text, reply_len);
        }
        free(reply_text);
        api_put_lit(out, "}");
        if (played && played != 200) {
            out->len = start;
            status = played;
        }
    } else {
        char detail[sizeof p->detail];
        nb_copy_cut(detail, sizeof detail, p->detail);
        snprintf(p->detail, sizeof p->detail, "after the move: %.290s", detail);
        free(p->pointer);
        p->pointer = NULL;
    }
    free(text);
    json_decref(next);
    return status;
}

bool api_move_is_heavy(json_t *body)
{
    return api_game_is_heavy(json_object_get(body, "game"));
}
