/* types/subtraction.c - subtraction games: "heaps" and "set", moves {"heap","take"};
 * its table is the ruleset's, its period proved. */
#include <stdlib.h>
#include <string.h>

#include "api_heaps.h"
#include "api_json.h"
#include "core/nb_util.h"
#include "games/subtraction/nb_subtraction.h"

static int subtraction_decode(json_t *obj, const char *base, const api_limits *lim,
                              api_game *g, api_problem *p)
{
    (void)lim;
    nb_subtraction_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_subtraction, .params = params};
    uint64_t *values;
    if (api_member_int_array(obj, base, "set", 0, INT64_MAX, &values, &params->nset, p))
        return p->status;
    memcpy(params->set, values,
           (params->nset < NB_SUBTRACTION_MAX_SET ? params->nset : NB_SUBTRACTION_MAX_SET) *
               sizeof *values);
    free(values);
    return api_heaps_decode(obj, base, g, p);
}

static nb_status subtraction_values(nb_solver *s, void *params, uint64_t from, uint64_t up_to,
                                     nb_sequence *out, nb_err *err)
{
    return nb_subtraction_sequence(s, params, from, up_to, out, err);
}

static int subtraction_table(nb_solver *s, const api_game *g, json_t *req,
                             const api_limits *lim, json_t **out, api_problem *p)
{
    return api_sequence_table(s, g, req, lim, subtraction_values, out, p);
}

static json_t *subtraction_sample(api_rng *r, bool small)
{
    json_t *set = json_array();
    unsigned used = 0;
    for (size_t n = 1 + api_rng_below(r, 3); n > 0; n--) {
        unsigned t = 1 + (unsigned)api_rng_below(r, 8);
        if (!(used >> t & 1))
            json_array_append_new(set, json_integer(t));
        used |= 1u << t;
    }
    return json_pack("{s:s, s:o, s:o}", "type", "subtraction", "heaps",
                     api_sample_ints(r, small ? 2 : 3, 16), "set", set);
}

/* a table's up_to is below max_table, an answer holds at most max_table_page values */
static const char *const subtraction_limits[] = {"max_parts", "max_table", "max_table_page",
                                                 "max_states", NULL};

const api_type api_type_subtraction = {
    .name = "subtraction",
    .title = "Subtraction game",
    .rules_text = "Take from one heap a number of counters that is in the set. Whoever cannot move "
                  "loses.",
    .rules = &nb_subtraction,
    .fields = (const char *const[]){"heaps", "set", NULL},
    .int64 = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = subtraction_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "period", "genus", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = subtraction_decode,
    .sample = subtraction_sample,
    .write_move = api_take_write,
    .read_move = api_take_read,
    .move_words = api_take_words,
    .write_state = api_put_int_state,
    .table = subtraction_table,
    .summary = "take t counters from one heap, t in the set",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"set\":\"1 to 64 distinct integers in 1..1000000\"}",
    .example = "{\"type\":\"subtraction\",\"heaps\":[10,1000000000000],\"set\":[1,3,4]}",
};
