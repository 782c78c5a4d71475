/* api_type_sum.c - disjunctive sums: "components", each a game object of another type;
 * moves say {"component","move"} and the whole position after. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "nb_util.h"

static int sum_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    char ptr[160];
    nb_sum_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_sum, .params = params};
    json_t *comps = api_require(obj, base, "components", p);
    api_path(ptr, sizeof ptr, base, "components");
    if (!comps)
        return p->status;
    if (!json_is_array(comps))
        return api_fail(p, 400, ptr, "components must be an array of game objects");
    size_t n = json_array_size(comps);
    if (n > lim->lib.max_components)
        return api_fail_too_many(p, ptr, "components", n, "games", "max_components",
                                 lim->lib.max_components);
    g->children = nb_xcalloc(n + 1, sizeof *g->children);
    params->games = nb_xcalloc(n + 1, sizeof *params->games);
    params->state_offsets = nb_xcalloc(n + 1, sizeof *params->state_offsets);
    params->count = n;
    size_t len = 0;
    for (size_t c = 0; c < n; c++) {
        char item[176];
        api_path_index(item, sizeof item, ptr, c);
        json_t *comp = json_array_get(comps, c);
        if (json_is_object(comp) && json_is_string(json_object_get(comp, "type")) &&
            !strcmp(json_string_value(json_object_get(comp, "type")), "sum"))
            return api_fail(p, 400, item, "a sum's components may not be sums: list their "
                            "components instead");
        if (api_game_decode(comp, item, false, false, lim, &g->children[c], p))
            return p->status;
        g->nchildren = c + 1;
        params->games[c] = g->children[c].game;
        params->state_offsets[c + 1] = len += g->children[c].game.len;
    }
    g->game.len = len;
    g->game.state = nb_xmalloc((len + 1) * sizeof *g->game.state);
    for (size_t c = 0; c < n; c++)
        memcpy(g->game.state + params->state_offsets[c], g->children[c].game.state,
               g->children[c].game.len * sizeof *g->game.state);
    return 0;
}

static void sum_free(api_game *g)
{
    nb_sum_params *params = g->game.params;
    if (params) {
        free(params->games);
        free(params->state_offsets);
        free(params->part_offsets);
    }
    free(params);
}

static void sum_write(api_move_writer *w, const nb_move *m, api_buf *b)
{
    api_move_writer *child = api_move_writer_child(w, m->component);
    api_put_lit_uint(b, "\"component\":", m->component);
    api_put_lit(b, ",\"move\":{");
    child->game->type->write_move(child, m, b);
    api_put_lit(b, "}");
}

/* The components as they came, but the moved one as it is after the move. */
static void components_after(api_move_writer *w, const nb_move *m, api_buf *b)
{
    const api_game *g = w->game;
    api_put_lit(b, "[");
    for (size_t i = 0; i < g->nchildren; i++) {
        const api_game *child = &g->children[i];
        if (i)
            api_put_lit(b, ",");
        if (i == m->component)
            api_put_position(api_move_writer_child(w, i), m, b);
        else
            api_put_json(b, child->json);
    }
    api_put_lit(b, "]");
}

const api_type api_type_sum = {
    .name = "sum",
    .rules = &nb_sum,
    .fields = (const char *const[]){"components", NULL},
    .limits = (const char *const[]){"max_components", "max_states", NULL},
    .misere = true,
    .moves_complete = true,
    .moves_carry_position = true,
    .decode = sum_decode,
    .free_params = sum_free,
    .write_move = sum_write,
    .moved_member = "components",
    .write_member_after = components_after,
    .summary = "disjunctive sum: move in exactly one component",
    .field_docs = "{\"components\":\"array of game objects of the other types (no convention "
                  "inside)\"}",
    .example = "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[3]},"
               "{\"type\":\"bash\",\"heaps\":[6],\"k\":3}]}",
};
