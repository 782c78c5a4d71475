/* types/grundy.c - Grundy's game: "heaps", moves {"heap","split":[a,b]}; the table is the
 * take-and-break ruleset's of 4!.0. */
#include "api_heaps.h"
#include "api_json.h"
#include "core/nb_util.h"
#include "games/grundy/nb_grundy.h"

static int grundy_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                         api_problem *p)
{
    (void)lim;
    nb_octal_params *params = nb_xcalloc(1, sizeof *params);
    params->rule = nb_grundy_rule();
    g->game = (nb_game){.rules = &nb_octal, .params = params};
    return api_heaps_decode(obj, base, g, p);
}

static void grundy_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                         size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"heap\":", m->w[0]);
    api_put_lit_int64(b, ",\"split\":[", m->w[3]);
    api_put_lit_int64(b, ",", m->w[4]);
    api_put_lit(b, "]");
}

static nb_status grundy_values(nb_solver *s, void *params, uint64_t from, uint64_t up_to,
                              nb_sequence *out, nb_err *err)
{
    nb_status st = nb_octal_sequence(s, params, from, up_to, out, err);
    out->has_saltus = false; /* no period at all: its table has no saltus member */
    return st;
}

static int grundy_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                       json_t **out, api_problem *p)
{
    return api_sequence_table(s, g, req, lim, grundy_values, out, p);
}

static json_t *grundy_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "grundy", "heaps",
                     api_sample_ints(r, small ? 2 : 3, small ? 7 : 9));
}

static const char *const grundy_limits[] = {"max_parts", "max_table", "max_table_page",
                                            "max_work", "max_states", NULL};

/* Words {heap, take 0, count 2, a, b}: the octal ruleset's move of 4!.0. */
static const char *const grundy_words[] = {"heap", "heap", "split", "split/0", "split/1", NULL};

static int grundy_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                       api_problem *p)
{
    (void)g;
    nb_state_resize(words, 5);
    int64_t heap;
    if (api_member_int(move, base, "heap", 0, INT64_MAX, &heap, p))
        return p->status;
    words->w[0] = (uint64_t)heap, words->w[1] = 0, words->w[2] = 2;
    return api_member_words(move, base, "split", 2, words->w + 3, p);
}

const api_type api_type_grundy = {
    .name = "grundy",
    .title = "Grundy's game",
    .rules_text = "Split a heap into two heaps of different sizes. Whoever cannot move loses.",
    .rules = &nb_octal,
    .fields = (const char *const[]){"heaps", NULL},
    .int64 = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = grundy_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "period", "misere-quotient",
                                     "search", NULL},
    .moves_complete = false,
    .heavy = true,
    .decode = grundy_decode,
    .sample = grundy_sample,
    .write_move = grundy_write,
    .read_move = grundy_read,
    .move_words = grundy_words,
    .write_state = api_put_int_state,
    .table = grundy_table,
    .summary = "split one heap into two unequal non-empty heaps",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\"}",
    .example = "{\"type\":\"grundy\",\"heaps\":[7,20,28]}",
};
