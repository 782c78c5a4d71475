/* types/cram.c - Cram: "board", equal-length strings of '.' (empty) and '#' (filled);
 * moves {"cells":[[r1,c1],[r2,c2]]}, the upper or the left cell first. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "api_utf8.h"
#include "core/nb_util.h"
#include "games/cram/nb_cram.h"

static int cram_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                       api_problem *p)
{
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES];
    nb_cram_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_cram, .params = params};
    json_t *board = api_require(obj, base, "board", p);
    if (!board)
        return p->status;
    api_path(ptr, sizeof ptr, base, "board");
    if (!json_is_array(board))
        return api_fail(p, 400, ptr, "board must be an array of strings of '.' and '#', got %s",
                        API_GOT(board));
    size_t rows = json_array_size(board), cols = 0;
    if (rows > lim->lib.max_side)
        return api_fail(p, 422, ptr, "the board has %zu rows, over the limit max_side=%llu",
                        rows, (unsigned long long)lim->lib.max_side);
    for (size_t r = 0; r < rows; r++) {
        json_t *row = json_array_get(board, r);
        api_path_index(at, sizeof at, ptr, r);
        if (!json_is_string(row))
            return api_fail(p, 400, at, "board[%zu] must be a string of '.' (empty) and '#' "
                            "(filled), got %s", r, API_GOT(row));
        size_t n = json_string_length(row), bad;
        char quoted[16];
        if (api_utf8_stranger(json_string_value(row), n, ".#", &bad, quoted))
            return api_fail(p, 400, at, "cell %zu of board[%zu] is %s: a cell is '.' (empty) "
                            "or '#' (filled)", bad, r, quoted);
        if (r && n != cols)
            return api_fail(p, 400, at, "board[%zu] has %zu cell%s, board[0] %zu: the rows "
                            "are equally long", r, n, n == 1 ? "" : "s", cols);
        cols = n;
        if (n > lim->lib.max_side)
            return api_fail(p, 422, at, "board[%zu] has %zu cells, over the limit "
                            "max_side=%llu", r, n, (unsigned long long)lim->lib.max_side);
    }
    params->rows = cols ? rows : 0;
    params->cols = cols;
    size_t cells = params->rows * cols;
    g->game.len = cells ? (cells + 63) / 64 : 1;
    g->game.state = nb_xcalloc(g->game.len + 1, sizeof *g->game.state);
    for (size_t r = 0; r < params->rows; r++) {
        const char *text = json_string_value(json_array_get(board, r));
        for (size_t c = 0; c < cols; c++)
            if (text[c] == '.')
                g->game.state[(r * cols + c) / 64] |= 1ULL << ((r * cols + c) % 64);
    }
    return 0;
}

static void cram_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                       api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"cells\":[[", m->w[0]);
    api_put_lit_uint(b, ",", m->w[1]);
    api_put_lit_uint(b, "],[", m->w[2]);
    api_put_lit_uint(b, ",", m->w[3]);
    api_put_lit(b, "]]");
}

/* The board after a move, row by row (a row without '"' or '\\' needs no escaping). */
static void cram_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                       api_buf *b)
{
    (void)member, (void)len;
    const nb_cram_params *params = w->game->game.params;
    size_t rows = params->rows, cols = params->cols;
    char *row = nb_xmalloc(cols + 3);
    api_put_lit(b, "[");
    for (size_t r = 0; r < rows; r++) {
        row[0] = '"';
        for (size_t c = 0; c < cols; c++)
            row[c + 1] = state[(r * cols + c) / 64] >> ((r * cols + c) % 64) & 1 ? '.' : '#';
        row[cols + 1] = '"';
        if (r)
            api_put_lit(b, ",");
        api_put(b, row, cols + 2);
    }
    api_put_lit(b, "]");
    free(row);
}

/* 1 to 3 rows of 1 to 4 cells (at most 6 cells when small), a cell filled one time in
 * four. */
static json_t *cram_sample(api_rng *r, bool small)
{
    size_t rows = 1 + api_rng_below(r, 3), cols = 1 + api_rng_below(r, small ? 2 : 4);
    json_t *board = json_array();
    char row[8];
    for (size_t i = 0; i < rows; i++) {
        for (size_t c = 0; c < cols; c++)
            row[c] = api_rng_below(r, 4) ? '.' : '#';
        row[cols] = '\0';
        json_array_append_new(board, json_string(row));
    }
    return json_pack("{s:s, s:o}", "type", "cram", "board", board);
}

static const char *const cram_words[] = {"cells/0/0", "cells/0/1", "cells/1/0", "cells/1/1",
                                         NULL};

/* cells: two pairs of integers, into the words r1, c1, r2, c2. */
static int cram_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                     api_problem *p)
{
    (void)g;
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES], cell[API_PATH_BYTES];
    json_t *cells = api_require(move, base, "cells", p);
    if (!cells)
        return p->status;
    api_path(ptr, sizeof ptr, base, "cells");
    if (!json_is_array(cells) || json_array_size(cells) != 2)
        return api_fail(p, 400, ptr, "cells must be two cells [[r1,c1],[r2,c2]]");
    nb_state_resize(words, 4);
    for (size_t i = 0; i < 2; i++) {
        json_t *pair = json_array_get(cells, i);
        api_path_index(at, sizeof at, ptr, i);
        if (!json_is_array(pair) || json_array_size(pair) != 2)
            return api_fail(p, 400, at, "a cell is [row, column]");
        for (size_t j = 0; j < 2; j++) {
            int64_t v;
            api_path_index(cell, sizeof cell, at, j);
            if (api_get_int(json_array_get(pair, j), cell, j ? "column" : "row", 0, INT64_MAX,
                            &v, p))
                return p->status;
            words->w[2 * i + j] = (uint64_t)v;
        }
    }
    return 0;
}

const api_type api_type_cram = {
    .name = "cram",
    .title = "Cram",
    .rules_text = "Place a domino on two empty cells side by side, across or down. Whoever "
                  "cannot place one loses.",
    .rules = &nb_cram,
    .fields = (const char *const[]){"board", NULL},
    .limits = (const char *const[]){"max_side", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "period", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = cram_decode,
    .write_move = cram_write,
    .read_move = cram_read,
    .move_words = cram_words,
    .write_state = cram_state,
    .sample = cram_sample,
    .summary = "fill two empty cells side by side with a domino",
    .field_docs = "{\"board\":\"equal-length strings of '.' (empty) and '#' (filled), one a "
                  "row\"}",
    .example = "{\"type\":\"cram\",\"board\":[\"....\",\"..#.\",\"....\"]}",
};
