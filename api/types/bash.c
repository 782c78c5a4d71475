/* types/bash.c - Bash's game: "heaps" and "k", moves {"heap","take"}; its table is
 * n mod (k + 1). */

#include "api_heaps.h"
#include "api_json.h"
#include "core/nb_util.h"
#include "games/bash/nb_bash.h"

static int bash_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                       api_problem *p)
{
    (void)lim;
    nb_bash_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_bash, .params = params};
    return api_k_decode(obj, base, &params->k, p) || api_heaps_decode(obj, base, g, p) ? p->status
                                                                                    : 0;
}

static int bash_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                      json_t **out, api_problem *p)
{
    (void)s;
    uint64_t k = ((nb_bash_params *)g->game.params)->k;
    return api_closed_table(g, req, lim, out, p, k + 1);
}

static json_t *bash_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o, s:I}", "type", "bash", "heaps",
                     api_sample_ints(r, small ? 2 : 3, 12), "k",
                     (json_int_t)(1 + api_rng_below(r, 4)));
}

/* Bash's misère play is the tame theory's: no search, so no max_states */
static const char *const bash_limits[] = {"max_parts", "max_table", "max_table_page", NULL};

const api_type api_type_bash = {
    .name = "bash",
    .title = "Bash's game",
    .rules_text = "Take 1 to k counters from one heap. Whoever takes the last counter wins.",
    .rules = &nb_bash,
    .fields = (const char *const[]){"heaps", "k", NULL},
    .int64 = (const char *const[]){"heaps", "k", NULL},
    .position = "{\"heaps\":[]}",
    .limits = bash_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "genus", NULL},
    .moves_complete = true,
    .decode = bash_decode,
    .sample = bash_sample,
    .write_move = api_take_write,
    .read_move = api_take_read,
    .move_words = api_take_words,
    .write_state = api_put_int_state,
    .table = bash_table,
    .summary = "take 1..k counters from one heap",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"k\":\"most counters one move takes, integer >= 1\"}",
    .example = "{\"type\":\"bash\",\"heaps\":[10,7],\"k\":3}",
};
