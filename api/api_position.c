/* api_position.c - moves and positions after them, copied from the game's text rendered once. */
#include "api_position.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

void api_move_writer_free(api_move_writer *w)
{
    if (w->children)
        for (size_t i = 0; i < w->game->nchildren; i++)
            api_move_writer_free(&w->children[i]);
    free(w->children);
    free(w->around.p);
    free(w->state.p);
    free(w->entry_ends);
    free(w->after.w);
    free(w->memo.w);
    *w = (api_move_writer){.game = w->game};
}

api_move_writer *api_move_writer_child(api_move_writer *w, size_t i)
{
    if (!w->children) {
        w->children = nb_xcalloc(w->game->nchildren, sizeof *w->children);
        for (size_t k = 0; k < w->game->nchildren; k++)
            w->children[k].game = &w->game->children[k];
    }
    return &w->children[i];
}

void api_put_move_open(api_move_writer *w, const nb_move *m, api_positions how, api_buf *b)
{
    const nb_game *game = &w->game->game;
    game->rules->apply(game, m, &w->after);
    api_put_lit(b, "{");
    w->game->type->write_move(w, m, w->after.w, w->after.len, b);
    api_put_position_member(w, how, b);
}

void api_put_move(api_move_writer *w, const nb_move *m, api_positions how, api_buf *b)
{
    api_put_move_open(w, m, how, b);
    api_put_lit(b, "}");
}

void api_put_position_member(api_move_writer *w, api_positions how, api_buf *b)
{
    if (how == API_POSITIONS_FULL)
        api_put_lit(b, ",\"position\":");
    else if (how == API_POSITIONS_CHANGED)
        api_put_lit(b, ",\"changed\":");
    api_put_position_as(w, how, w->after.w, w->after.len, b);
}

void api_put_position_as(api_move_writer *w, api_positions how, const uint64_t *state,
                         size_t len, api_buf *b)
{
    if (how == API_POSITIONS_FULL)
        api_put_position(w, state, len, b);
    else if (how == API_POSITIONS_CHANGED)
        api_put_changed(w, state, len, b);
}

void api_put_changed(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b)
{
    const api_type *t = w->game->type;
    if (t->write_changed) {
        t->write_changed(w, state, len, b);
        return;
    }
    api_put_lit(b, "{");
    for (size_t m = 0; m < api_state_members(t); m++) {
        if (m)
            api_put_lit(b, ",");
        api_put_string(b, t->fields[m], strlen(t->fields[m]));
        api_put_lit(b, ":");
        t->write_state(w, m, state, len, b);
    }
    api_put_lit(b, "}");
}

/* Which state member `name` is, or SIZE_MAX. */
static size_t state_member(const api_type *t, const char *name)
{
    for (size_t m = 0; m < api_state_members(t); m++)
        if (!strcmp(name, t->fields[m]))
            return m;
    return SIZE_MAX;
}

/* Whether b writes state member m's integers as strings (?int64=string). */
static bool int64_member(const api_move_writer *w, size_t m, const api_buf *b)
{
    return b->int64_strings && api_type_int64(w->game->type, w->game->type->fields[m]);
}

/* An integer of state member m into b. */
static void put_entry(const api_move_writer *w, size_t m, uint64_t v, api_buf *b)
{
    if (int64_member(w, m, b))
        api_put_int64(b, v);
    else
        api_put_uint(b, v);
}

/* Leaves a hole in `around` for member m's value. */
static void put_hole(api_move_writer *w, size_t m)
{
    w->hole[w->holes++] = (struct api_state_hole){w->around.len, m};
}

/* The game object as it came, its members in their order, but for the state members'
 * values, whose places are remembered; a state member it lacks but the first (fibonacci's
 * limits, all first moves) is added at its end, as a move gives it a value. */
static void render_around(api_move_writer *w, bool int64_strings)
{
    const api_game *g = w->game;
    w->around.int64_strings = int64_strings;
    const char *name;
    json_t *item;
    bool first = true, present[API_STATE_MEMBERS] = {false};
    w->holes = 0;
    api_put_lit(&w->around, "{");
    json_object_foreach(g->json, name, item) {
        if (!first)
            api_put_lit(&w->around, ",");
        first = false;
        api_put_string(&w->around, name, strlen(name));
        api_put_lit(&w->around, ":");
        size_t m = state_member(g->type, name);
        if (m == SIZE_MAX && int64_strings && api_type_int64(g->type, name)) {
            api_put_json_int64(&w->around, item);
        } else if (m == SIZE_MAX) {
            api_put_json(&w->around, item);
        } else {
            present[m] = true;
            put_hole(w, m);
        }
    }
    for (size_t m = 1; m < api_state_members(g->type) && !g->type->state_either; m++)
        if (!present[m]) {
            api_put_lit(&w->around, ",");
            api_put_string(&w->around, g->type->fields[m], strlen(g->type->fields[m]));
            api_put_lit(&w->around, ":");
            put_hole(w, m);
        }
    api_put_lit(&w->around, "}");
}

void api_put_position(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b)
{
    if (!w->around.p)
        render_around(w, b->int64_strings);
    size_t copied = 0; /* the text of `around` before this is in b */
    for (size_t i = 0; i < w->holes; i++) {
        api_put(b, w->around.p + copied, w->hole[i].at - copied);
        w->game->type->write_state(w, w->hole[i].member, state, len, b);
        copied = w->hole[i].at;
    }
    api_put(b, w->around.p + copied, w->around.len - copied);
}

/* The state (member m) as a JSON array, and where each entry's text ends in it; its
 * integers as strings when int64_strings. */
static void render_state(api_move_writer *w, size_t m, bool int64_strings)
{
    const nb_game *game = &w->game->game;
    w->entry_ends = nb_xmalloc((game->len + 1) * sizeof *w->entry_ends);
    w->state.int64_strings = int64_strings;
    api_put_lit(&w->state, "[");
    for (size_t i = 0; i < game->len; i++) {
        if (i)
            api_put_lit(&w->state, ",");
        put_entry(w, m, game->state[i], &w->state);
        w->entry_ends[i] = w->state.len;
    }
    api_put_lit(&w->state, "]");
}

void api_put_int_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                       api_buf *b)
{
    const nb_game *game = &w->game->game;
    if (len != game->len) {
        api_put_lit(b, "[");
        for (size_t i = 0; i < len; i++) {
            if (i)
                api_put_lit(b, ",");
            put_entry(w, member, state[i], b);
        }
        api_put_lit(b, "]");
        return;
    }
    if (!w->entry_ends)
        render_state(w, member, b->int64_strings);
    size_t copied = 0; /* the state's text before this is in b */
    for (size_t i = 0; i < len; i++) {
        if (state[i] == game->state[i])
            continue;
        size_t start = i ? w->entry_ends[i - 1] + 1 : 1; /* past the '[' or ',' */
        api_put(b, w->state.p + copied, start - copied);
        put_entry(w, member, state[i], b);
        copied = w->entry_ends[i];
    }
    api_put(b, w->state.p + copied, w->state.len - copied);
}

void api_put_pair_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b)
{
    api_put_lit(b, "[");
    for (size_t i = 0; i + 1 < len; i += 2) {
        if (i)
            api_put_lit(b, ",");
        api_put_lit(b, "[");
        put_entry(w, member, state[i], b);
        api_put_lit(b, ",");
        put_entry(w, member, state[i + 1], b);
        api_put_lit(b, "]");
    }
    api_put_lit(b, "]");
}
