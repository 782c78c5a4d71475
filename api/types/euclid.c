/* types/euclid.c - Euclid's game: "pairs" [[a,b],...], moves {"pair","to":[a,b]}. */
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "games/euclid/nb_euclid.h"

static int euclid_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                         api_problem *p)
{
    (void)lim;
    g->game.rules = &nb_euclid;
    return api_member_pairs(obj, base, "pairs", (const char *const[]){"a", "b"},
                            &g->game.state, &g->game.len, p);
}

static void euclid_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                         size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"pair\":", m->w[0]);
    api_put_lit_int64(b, ",\"to\":[", m->w[1]);
    api_put_lit_int64(b, ",", m->w[2]);
    api_put_lit(b, "]");
}

/* One to three pairs of numbers up to 12, a few with a 0 (one pair up to 7 when small). */
static json_t *euclid_sample(api_rng *r, bool small)
{
    json_t *pairs = json_array();
    uint64_t top = small ? 8 : 13;
    for (size_t n = small ? 1 : 1 + api_rng_below(r, 3); n > 0; n--)
        json_array_append_new(pairs, json_pack("[I,I]", (json_int_t)api_rng_below(r, top),
                                               (json_int_t)(1 + api_rng_below(r, top - 1))));
    return json_pack("{s:s, s:o}", "type", "euclid", "pairs", pairs);
}

static const char *const euclid_words[] = {"pair", "to/0", "to/1", NULL};

static int euclid_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                       api_problem *p)
{
    (void)g;
    nb_state_resize(words, 3);
    int64_t at;
    if (api_member_int(move, base, "pair", 0, INT64_MAX, &at, p))
        return p->status;
    words->w[0] = (uint64_t)at;
    return api_member_words(move, base, "to", 2, words->w + 1, p);
}

const api_type api_type_euclid = {
    .name = "euclid",
    .title = "Euclid's game",
    .rules_text = "Take a multiple of the smaller number from the larger, leaving it at least 0. "
                  "Whoever cannot move loses.",
    .rules = &nb_euclid,
    .fields = (const char *const[]){"pairs", NULL},
    .int64 = (const char *const[]){"pairs", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "genus", "search", NULL},
    .moves_complete = true,
    .decode = euclid_decode,
    .sample = euclid_sample,
    .write_move = euclid_write,
    .read_move = euclid_read,
    .move_words = euclid_words,
    .write_state = api_put_pair_state,
    .summary = "subtract a positive multiple of the smaller number of a pair from the larger, "
               "leaving it >= 0; a pair holding a 0 has no move",
    .field_docs = "{\"pairs\":\"array of [a,b] pairs, integers 0..2^63-1\"}",
    .example = "{\"type\":\"euclid\",\"pairs\":[[34,12],[15,24]]}",
};
