/* types/cutting.c - the cutting game: "pieces" [[w,h],...], moves {"piece","cut","at",
 * "wins_immediately"}; its table is a grid of piece values. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/cutting/nb_cutting.h"

static int cutting_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    (void)lim;
    g->game = (nb_game){.rules = &nb_cutting, .params = nb_xcalloc(1, sizeof(nb_cutting_params))};
    return api_member_pairs(obj, base, "pieces", (const char *const[]){"w", "h"},
                            &g->game.state, &g->game.len, p);
}

/* {piece, direction, at}. */
static void cutting_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                          size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"piece\":", m->w[0]);
    if (m->w[1] == NB_CUT_VERTICAL)
        api_put_lit(b, ",\"cut\":\"vertical\",\"at\":");
    else
        api_put_lit(b, ",\"cut\":\"horizontal\",\"at\":");
    api_put_uint(b, m->w[2]);
    if (m->wins_now)
        api_put_lit(b, ",\"wins_immediately\":true");
    else
        api_put_lit(b, ",\"wins_immediately\":false");
}

static int cutting_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                         json_t **out, api_problem *p)
{
    if (json_object_get(req, "from"))
        return api_fail(p, 400, "/from", "the cutting table runs from 1x1 to up_to [W,H]: it "
                        "takes no from");
    json_t *up_to = api_require(req, "", "up_to", p);
    if (!up_to)
        return p->status;
    if (!json_is_array(up_to) || json_array_size(up_to) != 2)
        return api_fail(p, 400, "/up_to", "up_to must be a pair [W,H] for the cutting game");
    int64_t side[2] = {0, 0};
    for (size_t d = 0; d < 2; d++) {
        char ptr[32];
        api_path_index(ptr, sizeof ptr, "/up_to", d);
        if (api_get_int(json_array_get(up_to, d), ptr, d ? "H" : "W", 1, INT64_MAX, &side[d], p))
            return p->status;
        if ((uint64_t)side[d] > lim->lib.max_side)
            return api_fail(p, 422, ptr, "up_to has a side over the limit max_side=%llu",
                            (unsigned long long)lim->lib.max_side);
    }
    uint64_t *v;
    nb_err err = {0};
    if (nb_cutting_grid(s, (uint64_t)side[0], (uint64_t)side[1], &v, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    json_t *rows = json_array();
    for (int64_t w = 0; w <= side[0]; w++) {
        json_t *row = json_array();
        for (int64_t h = 0; h <= side[1]; h++) {
            uint64_t x = v[w * (side[1] + 1) + h];
            json_array_append_new(row, x == NB_SG_WIN_NOW ? json_null() : json_integer((json_int_t)x));
        }
        json_array_append_new(rows, row);
    }
    free(v);
    *out = json_pack("{s:s, s:o}", "type", "cutting", "values", rows);
    return 0;
}

static json_t *cutting_sample(api_rng *r, bool small)
{
    json_t *pieces = json_array();
    uint64_t side = small || api_rng_below(r, 3) == 0 ? 3 : 5;
    for (size_t n = 1 + api_rng_below(r, small ? 1 : 2); n > 0; n--)
        json_array_append_new(pieces, json_pack("[I,I]", (json_int_t)(1 + api_rng_below(r, side)),
                                                (json_int_t)(1 + api_rng_below(r, side))));
    return json_pack("{s:s, s:o}", "type", "cutting", "pieces", pieces);
}

static const char *const cutting_words[] = {"piece", "cut", "at", NULL};

static int cutting_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                        api_problem *p)
{
    (void)g;
    int64_t piece, at;
    if (api_member_int(move, base, "piece", 0, INT64_MAX, &piece, p))
        return p->status;
    json_t *cut = api_require(move, base, "cut", p);
    if (!cut)
        return p->status;
    const char *how = json_string_value(cut);
    if (!how || (strcmp(how, "vertical") && strcmp(how, "horizontal"))) {
        char ptr[API_PATH_BYTES];
        api_path(ptr, sizeof ptr, base, "cut");
        return api_fail(p, 400, ptr, "cut must be \"vertical\" or \"horizontal\"");
    }
    if (api_member_int(move, base, "at", 0, INT64_MAX, &at, p))
        return p->status;
    nb_state_resize(words, 3);
    words->w[0] = (uint64_t)piece;
    words->w[1] = strcmp(how, "vertical") ? NB_CUT_HORIZONTAL : NB_CUT_VERTICAL;
    words->w[2] = (uint64_t)at;
    return 0;
}

const api_type api_type_cutting = {
    .name = "cutting",
    .title = "Cutting game",
    .rules_text = "Cut a piece of paper along a grid line into two. Whoever cuts out a 1x1 square "
                  "wins at once.",
    .rules = &nb_cutting,
    .fields = (const char *const[]){"pieces", NULL},
    .position = "{\"pieces\":[]}",
    .limits = (const char *const[]){"max_parts", "max_side", NULL},
    .misere = false,
    .methods = (const char *const[]){"sg-theorem", "table", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = cutting_decode,
    .sample = cutting_sample,
    .write_move = cutting_write,
    .read_move = cutting_read,
    .move_words = cutting_words,
    .write_state = api_put_pair_state,
    .table = cutting_table,
    .summary = "cut one piece along a grid line into two; cutting out a 1x1 piece wins at once",
    .field_docs = "{\"pieces\":\"array of [w,h] pairs, sides 1..max_side\"}",
    .example = "{\"type\":\"cutting\",\"pieces\":[[4,2],[3,3]]}",
};
