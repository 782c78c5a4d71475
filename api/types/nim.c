/* types/nim.c - Nim: "heaps", moves {"heap","take"}; its table is n (Bouton). */

#include "api_heaps.h"
#include "api_json.h"
#include "games/nim/nb_nim.h"

static int nim_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    (void)lim;
    g->game.rules = &nb_nim;
    return api_heaps_decode(obj, base, g, p);
}

static int nim_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                     json_t **out, api_problem *p)
{
    (void)s;
    return api_closed_table(g, req, lim, out, p, 0);
}

static json_t *nim_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "nim", "heaps", api_sample_ints(r, small ? 2 : 4, 7));
}

/* Nim's misère play is Bouton's rule: no search, so no max_states */
static const char *const nim_limits[] = {"max_parts", "max_table", "max_table_page", NULL};

const api_type api_type_nim = {
    .name = "nim",
    .title = "Nim",
    .rules_text = "Take any number of counters from one heap. Whoever takes the last counter wins.",
    .rules = &nb_nim,
    .fields = (const char *const[]){"heaps", NULL},
    .int64 = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = nim_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "misere-nim", NULL},
    .moves_complete = true,
    .decode = nim_decode,
    .sample = nim_sample,
    .write_move = api_take_write,
    .read_move = api_take_read,
    .move_words = api_take_words,
    .write_state = api_put_int_state,
    .table = nim_table,
    .summary = "take any positive number of counters from one heap",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\"}",
    .example = "{\"type\":\"nim\",\"heaps\":[3,4,5]}",
};
