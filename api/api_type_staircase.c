/* api_type_staircase.c - staircase Nim: "stairs", moves {"stair","count"}. */
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"

static int staircase_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                            api_problem *p)
{
    g->game.rules = &nb_staircase;
    return api_member_int_array(obj, base, "stairs", lim->lib.max_parts, "max_parts", 0,
                                INT64_MAX, &g->game.state, &g->game.len, p);
}

static void staircase_write(api_move_writer *w, const nb_move *m, api_buf *b)
{
    (void)w;
    api_put_lit_uint(b, "\"stair\":", m->u.stair.stair);
    api_put_lit_uint(b, ",\"count\":", m->u.stair.count);
}

/* The coins leave stair s (1-based) for the stair below, or the floor from stair 1. */
static void stairs_after(api_move_writer *w, const nb_move *m, api_buf *b)
{
    const uint64_t *coins = w->game->game.state;
    size_t from = m->u.stair.stair - 1;
    uint64_t count = m->u.stair.count;
    api_entry_change changes[2], *c = changes;
    if (from)
        *c++ = (api_entry_change){from - 1, coins[from - 1] + count};
    *c++ = (api_entry_change){from, coins[from] - count};
    api_put_state_changed(w, changes, (size_t)(c - changes), b);
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
    .write_move = staircase_write,
    .moved_member = "stairs",
    .write_member_after = stairs_after,
    .summary = "move c >= 1 coins from stair i down to stair i-1 (stair 0 is the floor)",
    .field_docs = "{\"stairs\":\"stairs[i-1] is the number of coins on stair i; at most "
                  "2^63-1 coins in all\"}",
    .example = "{\"type\":\"staircase\",\"stairs\":[3,1,4,1,5]}",
};
