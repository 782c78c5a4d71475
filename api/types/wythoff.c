/* types/wythoff.c - Wythoff's game: "piles" [[a,b],...], moves {"pile","take":[x,y]};
 * its table is a grid of pile values. */
#include <stdlib.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/wythoff/nb_wythoff.h"

static int wythoff_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    (void)lim;
    g->game = (nb_game){.rules = &nb_wythoff, .params = nb_xcalloc(1, sizeof(nb_wythoff_params))};
    return api_member_pairs(obj, base, "piles", (const char *const[]){"a", "b"},
                            &g->game.state, &g->game.len, p);
}

static void wythoff_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                          size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"pile\":", m->w[0]);
    api_put_lit_int64(b, ",\"take\":[", m->w[1]);
    api_put_lit_int64(b, ",", m->w[2]);
    api_put_lit(b, "]");
}

static int wythoff_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                         json_t **out, api_problem *p)
{
    (void)lim;
    if (json_object_get(req, "from"))
        return api_fail(p, 400, "/from", "Wythoff's table runs from (0,0) to up_to [A,B]: it "
                        "takes no from");
    json_t *up_to = api_require(req, "", "up_to", p);
    if (!up_to)
        return p->status;
    if (!json_is_array(up_to) || json_array_size(up_to) != 2)
        return api_fail(p, 400, "/up_to", "up_to must be a pair [A,B] for Wythoff's game");
    int64_t side[2] = {0, 0};
    for (size_t d = 0; d < 2; d++) {
        char ptr[32];
        api_path_index(ptr, sizeof ptr, "/up_to", d);
        if (api_get_int(json_array_get(up_to, d), ptr, d ? "B" : "A", 0, INT64_MAX, &side[d], p))
            return p->status;
    }
    uint64_t *v;
    nb_err err = {0};
    if (nb_wythoff_grid(s, (uint64_t)side[0], (uint64_t)side[1], &v, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    json_t *rows = json_array();
    for (int64_t a = 0; a <= side[0]; a++) {
        json_t *row = json_array();
        for (int64_t b = 0; b <= side[1]; b++)
            json_array_append_new(row, json_integer((json_int_t)v[a * (side[1] + 1) + b]));
        json_array_append_new(rows, row);
    }
    free(v);
    *out = json_pack("{s:s, s:o}", "type", "wythoff", "values", rows);
    return 0;
}

/* One to three piles of numbers up to 7 (one pile up to 5 when small). */
static json_t *wythoff_sample(api_rng *r, bool small)
{
    json_t *piles = json_array();
    uint64_t top = small ? 6 : 8;
    for (size_t n = small ? 1 : 1 + api_rng_below(r, 3); n > 0; n--)
        json_array_append_new(piles, json_pack("[I,I]", (json_int_t)api_rng_below(r, top),
                                               (json_int_t)api_rng_below(r, top)));
    return json_pack("{s:s, s:o}", "type", "wythoff", "piles", piles);
}

static const char *const wythoff_words[] = {"pile", "take/0", "take/1", NULL};

static int wythoff_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                        api_problem *p)
{
    (void)g;
    nb_state_resize(words, 3);
    int64_t at;
    if (api_member_int(move, base, "pile", 0, INT64_MAX, &at, p))
        return p->status;
    words->w[0] = (uint64_t)at;
    return api_member_words(move, base, "take", 2, words->w + 1, p);
}

const api_type api_type_wythoff = {
    .name = "wythoff",
    .title = "Wythoff's game",
    .rules_text = "Move a queen toward the corner: take from one side of a pile, or the same from "
                  "both. Whoever cannot move loses.",
    .rules = &nb_wythoff,
    .fields = (const char *const[]){"piles", NULL},
    .int64 = (const char *const[]){"piles", NULL},
    .position = "{\"piles\":[]}",
    .limits = (const char *const[]){"max_parts", "max_side", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "table", "genus", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = wythoff_decode,
    .sample = wythoff_sample,
    .write_move = wythoff_write,
    .read_move = wythoff_read,
    .move_words = wythoff_words,
    .write_state = api_put_pair_state,
    .table = wythoff_table,
    .summary = "from one pile take any positive number from one side, or the same positive "
               "number from both",
    .field_docs = "{\"piles\":\"array of [a,b] pairs, integers 0..2^63-1; one pile alone is "
                  "decided at any size, a sum of piles needs each number below max_side\"}",
    .example = "{\"type\":\"wythoff\",\"piles\":[[3,5],[4,9]]}",
};
