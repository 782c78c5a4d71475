/* types/sum.c - sums: "components", each a game object of another type, and "rule":
 * "disjunctive" (the default: a move in one component; moves {"component","move"}) or
 * "every" (Every-SG: a move in every live component; moves {"moves":[...]}). */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "engine/nb_every.h"
#include "engine/nb_sum.h"

static int sum_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    char ptr[160];
    nb_sum_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_sum, .params = params};
    json_t *rule = json_object_get(obj, "rule");
    if (rule) {
        const char *name = json_string_value(rule);
        api_path(ptr, sizeof ptr, base, "rule");
        if (name && !strcmp(name, "every"))
            g->game.rules = &nb_every;
        else if (!name || strcmp(name, "disjunctive"))
            return api_fail(p, 400, ptr, "rule must be \"disjunctive\" (a move in one "
                            "component, the default) or \"every\" (a move in every "
                            "component that has one), got %s", API_GOT(rule));
    }
    json_t *comps = api_require(obj, base, "components", p);
    api_path(ptr, sizeof ptr, base, "components");
    if (!comps)
        return p->status;
    if (!json_is_array(comps))
        return api_fail(p, 400, ptr, "components must be an array of game objects, got %s",
                        API_GOT(comps));
    size_t n = json_array_size(comps);
    g->children = nb_xcalloc(n + 1, sizeof *g->children);
    params->games = nb_xcalloc(n + 1, sizeof *params->games);
    params->count = n;
    for (size_t c = 0; c < n; c++) {
        char item[176];
        api_path_index(item, sizeof item, ptr, c);
        if (api_game_decode(json_array_get(comps, c), item, false, false, lim, &g->children[c], p))
            return p->status;
        g->nchildren = c + 1;
        params->games[c] = g->children[c].game;
    }
    g->game.state = nb_sum_state(params, &g->game.len);
    return 0;
}

static void sum_free(api_game *g)
{
    nb_sum_params *params = g->game.params;
    if (params) {
        free(params->games);
        free(params->part_offsets);
        free(params->state_offsets);
    }
    free(params);
}

/* Component c's own move, given the sum state after it. */
static void put_component_move(api_move_writer *w, size_t c, const nb_move *inner,
                               const uint64_t *after, size_t len, api_buf *b)
{
    api_move_writer *child = api_move_writer_child(w, c);
    size_t at = 0; /* a sum state holds each component's length, then its words */
    for (size_t i = 0; i < c && at < len; i++)
        at += 1 + after[at];
    api_put_lit_uint(b, "\"component\":", c);
    api_put_lit(b, ",\"move\":{");
    child->game->type->write_move(child, inner, after + at + 1, (size_t)after[at], b);
    api_put_lit(b, "}");
}

static void sum_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                      api_buf *b)
{
    if (w->game->game.rules == &nb_every) { /* "moves": each live component's */
        size_t at = 0, c;
        nb_move inner;
        api_put_lit(b, "\"moves\":[");
        for (bool first = true; nb_every_next(m, &at, &c, &inner); first = false) {
            if (!first)
                api_put_lit(b, ",");
            api_put_lit(b, "{");
            put_component_move(w, c, &inner, after, len, b);
            api_put_lit(b, "}");
        }
        api_put_lit(b, "]");
        return;
    }
    nb_move inner = *m;
    inner.component = 0;
    put_component_move(w, m->component, &inner, after, len, b);
}

/* The components as they came, but those whose state differs written from it. */
static void components_state(api_move_writer *w, size_t member, const uint64_t *state,
                             size_t len, api_buf *b)
{
    (void)member;
    const api_game *g = w->game;
    api_put_lit(b, "[");
    for (size_t c = 0, at = 0; c < g->nchildren && at < len; c++, at += 1 + state[at]) {
        const api_game *child = &g->children[c];
        const uint64_t *words = state + at + 1;
        size_t n = (size_t)state[at];
        if (c)
            api_put_lit(b, ",");
        if (n == child->game.len && !memcmp(words, child->game.state, n * sizeof *words))
            api_put_object_int64(b, child->json, child->type->int64);
        else
            api_put_position(api_move_writer_child(w, c), words, n, b);
    }
    api_put_lit(b, "]");
}

/* What a move changes: {"component":i,"changed":what it changes of component i}. */
static void sum_changed(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b)
{
    const api_game *g = w->game;
    if (g->game.rules == &nb_every) { /* every live component changes: the list */
        api_put_lit(b, "{\"components\":");
        components_state(w, 0, state, len, b);
        api_put_lit(b, "}");
        return;
    }
    for (size_t c = 0, at = 0; c < g->nchildren && at < len; c++, at += 1 + state[at]) {
        const api_game *child = &g->children[c];
        const uint64_t *words = state + at + 1;
        size_t n = (size_t)state[at];
        if (n == child->game.len && !memcmp(words, child->game.state, n * sizeof *words))
            continue;
        api_put_lit_uint(b, "{\"component\":", c);
        api_put_lit(b, ",\"changed\":");
        api_put_changed(api_move_writer_child(w, c), words, n, b);
        api_put_lit(b, "}");
        return;
    }
    api_put_lit(b, "{}"); /* no component changed: no move leads here */
}

/* Whether a type's positions may be an Every-SG component: they end (no cycles: dag's
 * may have some), and nothing ends the whole game at once (cutting). */
static bool every_component(const api_type *t)
{
    return strcmp(t->name, "dag") && strcmp(t->name, "cutting");
}

/* One to three small components of the other types; one time in four an Every-SG sum of
 * those that may be its components. */
static json_t *sum_sample(api_rng *r, bool small)
{
    size_t ntypes = 0;
    while (api_registry[ntypes])
        ntypes++;
    bool every = !small && !api_rng_below(r, 4);
    json_t *comps = json_array();
    for (size_t n = 1 + api_rng_below(r, small ? 2 : 3); n > 0;) {
        const api_type *t = api_registry[api_rng_below(r, ntypes)];
        if (t->sample && t->rules != &nb_sum && (!every || every_component(t))) {
            json_array_append_new(comps, t->sample(r, true));
            n--;
        }
    }
    json_t *game = json_pack("{s:s, s:o}", "type", "sum", "components", comps);
    if (every)
        json_object_set_new(game, "rule", json_string("every"));
    return game;
}

const api_type api_type_sum = {
    .name = "sum",
    .title = "Sum of games",
    .rules_text = "Play several games side by side, moving in exactly one of them each turn "
                  "(or, under the every rule, in each one that still has a move). Whoever "
                  "cannot move loses.",
    .rules = &nb_sum,
    .fields = (const char *const[]){"components", "rule", NULL},
    .limits = (const char *const[]){"max_components", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "table", "period",
                                     "arithmetic-period", "retrograde", "misere-nim", "genus",
                                     "misere-quotient", "search", NULL},
    .moves_complete = true,
    .decode = sum_decode,
    .sample = sum_sample,
    .free_params = sum_free,
    .write_move = sum_write,
    .write_state = components_state,
    .write_changed = sum_changed,
    .summary = "disjunctive sum: move in exactly one component; with rule every (Every-SG), "
               "move in every component that has a move",
    .field_docs = "{\"components\":\"array of game objects of the other types (no convention "
                  "inside)\",\"rule\":\"disjunctive (the default) or every\"}",
    .example = "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[3]},"
               "{\"type\":\"bash\",\"heaps\":[6],\"k\":3}]}",
};
