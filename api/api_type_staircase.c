/* api_type_staircase.c - staircase Nim: "stairs", moves {"stair","count"}. */
#include "api_json.h"
#include "api_types.h"

static int staircase_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                            api_problem *p)
{
    g->game.rules = &nb_staircase;
    return api_member_int_array(obj, base, "stairs", lim->lib.max_parts, "max_parts", 0,
                                INT64_MAX, &g->game.state, &g->game.len, p);
}

static void staircase_encode(const api_game *g, const nb_move *m, json_t *move)
{
    (void)g;
    json_object_set_new(move, "stair", json_integer((json_int_t)m->u.stair.stair));
    json_object_set_new(move, "count", json_integer((json_int_t)m->u.stair.count));
}

static json_t *staircase_after(const api_game *g, const nb_move *m)
{
    json_t *stairs = json_copy(json_object_get(g->json, "stairs"));
    size_t i = m->u.stair.stair - 1;
    json_array_set_new(stairs, i, json_integer((json_int_t)(g->game.state[i] - m->u.stair.count)));
    if (i > 0)
        json_array_set_new(stairs, i - 1,
                           json_integer((json_int_t)(g->game.state[i - 1] + m->u.stair.count)));
    return api_object_with(g, "stairs", stairs);
}

const api_type api_type_staircase = {
    .name = "staircase",
    .rules = &nb_staircase,
    .fields = (const char *const[]){"stairs", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .moves_complete = true,
    .moves_carry_position = true,
    .decode = staircase_decode,
    .encode_move = staircase_encode,
    .position_after = staircase_after,
    .summary = "move c >= 1 coins from stair i down to stair i-1 (stair 0 is the floor)",
    .field_docs = "{\"stairs\":\"stairs[i-1] is the number of coins on stair i; at most "
                  "2^63-1 coins in all\"}",
    .example = "{\"type\":\"staircase\",\"stairs\":[3,1,4,1,5]}",
};
