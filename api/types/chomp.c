/* types/chomp.c - Chomp: "rows", the row lengths of a Young diagram, non-increasing;
 * moves {"cell":[r,c]}. */
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/chomp/nb_chomp.h"

static int chomp_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    (void)lim;
    g->game.rules = &nb_chomp;
    g->game.params = nb_xcalloc(1, sizeof(nb_chomp_params));
    if (api_member_int_array(obj, base, "rows", 1, INT64_MAX, &g->game.state, &g->game.len, p))
        return p->status;
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, "rows");
    if (!g->game.len)
        return api_fail(p, 400, ptr, "rows must hold at least one row: the poisoned cell");
    for (size_t i = 1; i < g->game.len; i++)
        if (g->game.state[i] > g->game.state[i - 1]) {
            api_path_index(at, sizeof at, ptr, i);
            return api_fail(p, 400, at, "row %zu is longer than the row above it: the rows "
                            "of a diagram do not grow", i + 1);
        }
    return 0;
}

static void chomp_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                        size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"cell\":[", m->w[0]);
    api_put_lit_uint(b, ",", m->w[1]);
    api_put_lit(b, "]");
}

/* A diagram of up to 4 rows of up to 5 (3 by 3 when small). */
static json_t *chomp_sample(api_rng *r, bool small)
{
    json_t *rows = json_array();
    uint64_t top = 1 + api_rng_below(r, small ? 3 : 5);
    for (size_t n = 1 + api_rng_below(r, small ? 3 : 4); n > 0 && top; n--) {
        json_array_append_new(rows, json_integer((json_int_t)top));
        top = top - api_rng_below(r, top + 1) / 2;
    }
    return json_pack("{s:s, s:o}", "type", "chomp", "rows", rows);
}

static const char *const chomp_words[] = {"cell/0", "cell/1", NULL};

static int chomp_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                      api_problem *p)
{
    (void)g;
    nb_state_resize(words, 2);
    return api_member_words(move, base, "cell", 2, words->w, p);
}

const api_type api_type_chomp = {
    .name = "chomp",
    .title = "Chomp",
    .rules_text = "Pick a square of the chocolate bar; it goes with every square right of it "
                  "and below it. The top-left square is poisoned: whoever is left with it "
                  "alone cannot move and loses.",
    .rules = &nb_chomp,
    .fields = (const char *const[]){"rows", NULL},
    .limits = (const char *const[]){"max_side", "max_table", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"closed-form", "table", "sg-theorem", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = chomp_decode,
    .sample = chomp_sample,
    .write_move = chomp_write,
    .read_move = chomp_read,
    .move_words = chomp_words,
    .write_state = api_put_int_state,
    .summary = "pick a cell (r, c) other than the poisoned (0, 0); every cell (r', c') with "
               "r' >= r and c' >= c goes",
    .field_docs = "{\"rows\":\"the row lengths of a Young diagram, non-increasing, each at "
                  "least 1 ([5,5,5] is a 3x5 bar)\"}",
    .example = "{\"type\":\"chomp\",\"rows\":[5,5,5]}",
};
