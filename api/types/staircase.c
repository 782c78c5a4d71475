/* types/staircase.c - staircase Nim: "stairs", moves {"stair","count"}. */
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "games/staircase/nb_staircase.h"

static int staircase_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                            api_problem *p)
{
    g->game.rules = &nb_staircase;
    (void)lim;
    return api_member_int_array(obj, base, "stairs", 0, INT64_MAX, &g->game.state,
                                &g->game.len, p);
}

static void staircase_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                            size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"stair\":", m->w[0]);
    api_put_lit_int64(b, ",\"count\":", m->w[1]);
}

static json_t *staircase_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "staircase", "stairs",
                     api_sample_ints(r, small ? 3 : 4, 3));
}

static const char *const staircase_words[] = {"stair", "count", NULL};

static int staircase_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                          api_problem *p)
{
    (void)g;
    return api_member_words_of(move, base, staircase_words, words, p);
}

const api_type api_type_staircase = {
    .name = "staircase",
    .title = "Staircase Nim",
    .rules_text = "Move any number of coins from a stair down to the stair below; coins on the "
                  "floor are out of play. Whoever cannot move loses.",
    .rules = &nb_staircase,
    .fields = (const char *const[]){"stairs", NULL},
    .int64 = (const char *const[]){"stairs", NULL},
    .limits = (const char *const[]){"max_parts", NULL},
    .misere = true,
    .methods = (const char *const[]){"closed-form", "search", NULL},
    .moves_complete = true,
    .decode = staircase_decode,
    .sample = staircase_sample,
    .write_move = staircase_write,
    .read_move = staircase_read,
    .move_words = staircase_words,
    .write_state = api_put_int_state,
    .summary = "move c >= 1 coins from stair i down to stair i-1 (stair 0 is the floor)",
    .field_docs = "{\"stairs\":\"stairs[i-1] is the number of coins on stair i; at most "
                  "2^63-1 coins in all\"}",
    .example = "{\"type\":\"staircase\",\"stairs\":[3,1,4,1,5]}",
};
