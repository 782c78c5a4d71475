/* types/notakto.c - Notakto: "boards", strings of the k x k cells of each board row by
 * row ('.' empty, 'X' taken), every board of the same side 3, 4 or 5; moves
 * {"board","cell"}. Misère play is the default: Notakto's own rule. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "api_utf8.h"
#include "core/nb_util.h"
#include "games/notakto/nb_notakto.h"

/* The side of a board of n cells, or 0. */
static unsigned side_of(size_t n)
{
    for (unsigned k = NB_NOTAKTO_MIN_SIDE; k <= NB_NOTAKTO_MAX_SIDE; k++)
        if (n == (size_t)k * k)
            return k;
    return 0;
}

static int notakto_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES];
    nb_notakto_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_notakto, .params = params};
    params->k = NB_NOTAKTO_MIN_SIDE; /* an empty list: no board, no move */
    json_t *boards = api_require(obj, base, "boards", p);
    if (!boards)
        return p->status;
    api_path(ptr, sizeof ptr, base, "boards");
    if (!json_is_array(boards))
        return api_fail(p, 400, ptr, "boards must be an array of strings of '.' and 'X', got %s",
                        API_GOT(boards));
    size_t n = json_array_size(boards);
    if (n > lim->lib.max_parts)
        return api_fail(p, 422, ptr, "holds %zu boards, over the limit max_parts=%llu", n,
                        (unsigned long long)lim->lib.max_parts);
    g->game.len = n;
    g->game.state = nb_xcalloc(n + 1, sizeof *g->game.state);
    for (size_t i = 0; i < n; i++) {
        json_t *board = json_array_get(boards, i);
        api_path_index(at, sizeof at, ptr, i);
        if (!json_is_string(board))
            return api_fail(p, 400, at, "boards[%zu] must be a string of its cells row by row, "
                            "'.' (empty) or 'X', got %s", i, API_GOT(board));
        const char *text = json_string_value(board);
        size_t cells = json_string_length(board), bad;
        char quoted[16];
        if (api_utf8_stranger(text, cells, ".X", &bad, quoted))
            return api_fail(p, 400, at, "cell %zu of boards[%zu] is %s: a cell is '.' (empty) "
                            "or 'X'", bad, i, quoted);
        unsigned k = side_of(cells);
        if (!k)
            return api_fail(p, 400, at, "boards[%zu] has %zu cell%s: a board has 9, 16 or 25 "
                            "(3 x 3, 4 x 4 or 5 x 5)", i, cells, cells == 1 ? "" : "s");
        if (i && k != params->k)
            return api_fail(p, 400, at, "boards[%zu] is %u x %u, boards[0] %u x %u: every "
                            "board has the same side", i, k, k, params->k, params->k);
        params->k = k;
        for (size_t c = 0; c < cells; c++)
            g->game.state[i] |= (uint64_t)(text[c] == 'X') << c;
    }
    return 0;
}

static void notakto_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                          size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"board\":", m->w[0]);
    api_put_lit_uint(b, ",\"cell\":", m->w[1]);
}

/* The boards after a move, each its cells row by row. */
static void notakto_state(api_move_writer *w, size_t member, const uint64_t *state,
                          size_t len, api_buf *b)
{
    (void)member;
    unsigned cells = ((const nb_notakto_params *)w->game->game.params)->k;
    cells *= cells;
    char text[NB_NOTAKTO_MAX_SIDE * NB_NOTAKTO_MAX_SIDE + 3];
    api_put_lit(b, "[");
    for (size_t i = 0; i < len; i++) {
        text[0] = '"';
        for (unsigned c = 0; c < cells; c++)
            text[c + 1] = state[i] >> c & 1 ? 'X' : '.';
        text[cells + 1] = '"';
        if (i)
            api_put_lit(b, ",");
        api_put(b, text, cells + 2);
    }
    api_put_lit(b, "]");
}

/* 1 to 3 boards 3 x 3 (one when small), fuller the more boards there are (a cell taken
 * one time in three on one board, in two on two, two times in three on three): the
 * brute force searches their sum whole. */
static json_t *notakto_sample(api_rng *r, bool small)
{
    size_t n = small ? 1 : 1 + api_rng_below(r, 3);
    json_t *boards = json_array();
    char text[10];
    for (size_t i = 0; i < n; i++) {
        for (size_t c = 0; c < 9; c++)
            text[c] = api_rng_below(r, 6) < n + 1 ? 'X' : '.';
        text[9] = '\0';
        json_array_append_new(boards, json_string(text));
    }
    return json_pack("{s:s, s:o}", "type", "notakto", "boards", boards);
}

static const char *const notakto_words[] = {"board", "cell", NULL};

static int notakto_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                        api_problem *p)
{
    (void)g;
    int64_t board, cell;
    if (api_member_int(move, base, "board", 0, INT64_MAX, &board, p) ||
        api_member_int(move, base, "cell", 0, INT64_MAX, &cell, p))
        return p->status;
    nb_state_resize(words, 2);
    words->w[0] = (uint64_t)board, words->w[1] = (uint64_t)cell;
    return 0;
}

const api_type api_type_notakto = {
    .name = "notakto",
    .title = "Notakto",
    .rules_text = "Both players put X's on the boards. A board with a whole row, column or "
                  "diagonal of X's is out of play; whoever completes a line on the last "
                  "board loses.",
    .rules = &nb_notakto,
    .fields = (const char *const[]){"boards", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .default_misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "misere-quotient", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = notakto_decode,
    .write_move = notakto_write,
    .read_move = notakto_read,
    .move_words = notakto_words,
    .write_state = notakto_state,
    .sample = notakto_sample,
    .summary = "put an X on a board without a line; whoever completes the last line loses",
    .field_docs = "{\"boards\":\"strings of each board's k x k cells row by row, '.' empty "
                  "or 'X'; every board 3 x 3, 4 x 4 or 5 x 5 alike\"}",
    .example = "{\"type\":\"notakto\",\"boards\":[\"X...X....\",\".........\","
               "\"XX.......\"]}",
};
