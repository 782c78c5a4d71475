/* types/GAME.c - odd Nim: "heaps", moves {"heap","take"}. */
#include "api_heaps.h"
#include "games/GAME/nb_GAME.h"

static int GAME_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                       api_problem *p)
{
    (void)lim;
    g->game.rules = &nb_GAME;
    return api_heaps_decode(obj, base, g, p);
}

static json_t *GAME_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "GAME", "heaps", api_sample_ints(r, small ? 2 : 4, 9));
}

const api_type api_type_GAME = {
    .name = "GAME",
    .title = "Odd Nim",
    .rules_text = "Take an odd number of counters from one heap. Whoever cannot move loses.",
    .rules = &nb_GAME,
    .fields = (const char *const[]){"heaps", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "search", NULL},
    .moves_complete = true,
    .decode = GAME_decode,
    .write_move = api_take_write,
    .write_state = api_put_int_state,
    .sample = GAME_sample,
    .summary = "take an odd number of counters from one heap",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\"}",
    .example = "{\"type\":\"GAME\",\"heaps\":[3,4]}",
};
