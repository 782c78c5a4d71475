/* api_type_cutting.c - the cutting game: "pieces" [[w,h],...], moves {"piece","cut","at",
 * "wins_immediately"}; its table is a grid of piece values. */
#include <stdlib.h>

#include "api_json.h"
#include "nb_util.h"
#include "api_position.h"
#include "api_types.h"

static int cutting_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    char ptr[160];
    g->game = (nb_game){.rules = &nb_cutting, .params = nb_xcalloc(1, sizeof(nb_cutting_params))};
    json_t *pieces = api_require(obj, base, "pieces", p);
    api_path(ptr, sizeof ptr, base, "pieces");
    if (!pieces)
        return p->status;
    if (!json_is_array(pieces))
        return api_fail(p, 400, ptr, "pieces must be an array of [w,h] pairs");
    size_t n = json_array_size(pieces);
    if (n > lim->lib.max_parts)
        return api_fail_too_many(p, ptr, "pieces", n, "pieces", "max_parts", lim->lib.max_parts);
    g->game.len = 2 * n;
    g->game.state = nb_xmalloc((2 * n + 1) * sizeof *g->game.state);
    for (size_t i = 0; i < n; i++) {
        char item[176];
        json_t *pair = json_array_get(pieces, i);
        api_path_index(item, sizeof item, ptr, i);
        if (!json_is_array(pair) || json_array_size(pair) != 2)
            return api_fail(p, 400, item, "pieces[%zu] must be a pair [w,h]", i);
        for (size_t d = 0; d < 2; d++) {
            char side[192];
            int64_t v = 0;
            api_path_index(side, sizeof side, item, d);
            if (api_get_int(json_array_get(pair, d), side, d ? "h" : "w", 1, INT64_MAX, &v, p))
                return p->status;
            g->game.state[2 * i + d] = (uint64_t)v;
        }
    }
    return 0;
}

static void cutting_write(api_move_writer *w, const nb_move *m, api_buf *b)
{
    (void)w;
    api_put_lit_uint(b, "\"piece\":", m->u.cut.piece);
    if (m->u.cut.dir == NB_CUT_VERTICAL)
        api_put_lit(b, ",\"cut\":\"vertical\",\"at\":");
    else
        api_put_lit(b, ",\"cut\":\"horizontal\",\"at\":");
    api_put_uint(b, m->u.cut.at);
    if (m->u.cut.wins_now)
        api_put_lit(b, ",\"wins_immediately\":true");
    else
        api_put_lit(b, ",\"wins_immediately\":false");
}

static void put_piece(api_buf *b, uint64_t w, uint64_t h)
{
    api_put_lit(b, "[");
    api_put_uint(b, w);
    api_put_lit(b, ",");
    api_put_uint(b, h);
    api_put_lit(b, "]");
}

/* The cut piece becomes two pieces in its place. */
static void pieces_after(api_move_writer *writer, const nb_move *m, api_buf *b)
{
    const api_game *g = writer->game;
    json_t *before = json_object_get(g->json, "pieces");
    size_t piece = m->u.cut.piece;
    uint64_t w = g->game.state[2 * piece], h = g->game.state[2 * piece + 1], at = m->u.cut.at;
    api_put_lit(b, "[");
    for (size_t i = 0; i < json_array_size(before); i++) {
        if (i)
            api_put_lit(b, ",");
        if (i != piece) {
            api_put_json(b, json_array_get(before, i));
        } else if (m->u.cut.dir == NB_CUT_VERTICAL) {
            put_piece(b, at, h);
            api_put_lit(b, ",");
            put_piece(b, w - at, h);
        } else {
            put_piece(b, w, at);
            api_put_lit(b, ",");
            put_piece(b, w, h - at);
        }
    }
    api_put_lit(b, "]");
}

static int cutting_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                         json_t **out, api_problem *p)
{
    (void)g;
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
        return api_fail_from_lib(p, &err, "");
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

const api_type api_type_cutting = {
    .name = "cutting",
    .rules = &nb_cutting,
    .fields = (const char *const[]){"pieces", NULL},
    .position = "{\"pieces\":[]}",
    .limits = (const char *const[]){"max_parts", "max_side", NULL},
    .misere = false,
    .moves_complete = true,
    .moves_carry_position = true,
    .heavy = true,
    .decode = cutting_decode,
    .write_move = cutting_write,
    .moved_member = "pieces",
    .write_member_after = pieces_after,
    .table = cutting_table,
    .summary = "cut one piece along a grid line into two; cutting out a 1x1 piece wins at once",
    .field_docs = "{\"pieces\":\"array of [w,h] pairs, sides 1..max_side\"}",
    .example = "{\"type\":\"cutting\",\"pieces\":[[4,2],[3,3]]}",
};
