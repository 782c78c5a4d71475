/* api_type_heaps.c - the heap games: nim, bash, subtraction and Moore's Nim_k. They share
 * "heaps" and single-heap moves ({"heap","take"}; Nim_k: {"takes":[...]}). */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/nb_bash.h"
#include "games/nb_moore.h"
#include "games/nb_nim.h"
#include "games/nb_subtraction.h"

static int decode_heaps(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    (void)lim;
    return api_member_int_array(obj, base, "heaps", 0, INT64_MAX, &g->game.state, &g->game.len,
                                p);
}

/* "k" >= 1 into *k. */
static int decode_k(json_t *obj, const char *base, uint64_t *k, api_problem *p)
{
    int64_t v = 0;
    if (api_member_int(obj, base, "k", 0, INT64_MAX, &v, p))
        return p->status;
    *k = (uint64_t)v;
    return 0;
}

static int nim_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                      api_problem *p)
{
    g->game.rules = &nb_nim;
    return decode_heaps(obj, base, lim, g, p);
}

static int bash_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                       api_problem *p)
{
    nb_bash_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_bash, .params = params};
    return decode_k(obj, base, &params->k, p) || decode_heaps(obj, base, lim, g, p) ? p->status
                                                                                    : 0;
}

static int moore_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    nb_moore_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_moore, .params = params};
    return decode_k(obj, base, &params->k, p) || decode_heaps(obj, base, lim, g, p) ? p->status
                                                                                    : 0;
}

static int subtraction_decode(json_t *obj, const char *base, const api_limits *lim,
                              api_game *g, api_problem *p)
{
    nb_subtraction_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_subtraction, .params = params};
    uint64_t *values;
    if (api_member_int_array(obj, base, "set", 0, INT64_MAX, &values, &params->nset, p))
        return p->status;
    memcpy(params->set, values,
           (params->nset < NB_SUBTRACTION_MAX_SET ? params->nset : NB_SUBTRACTION_MAX_SET) *
               sizeof *values);
    free(values);
    return decode_heaps(obj, base, lim, g, p);
}

/* "heap":h,"take":t */
static void put_take(api_buf *b, uint64_t heap, uint64_t take)
{
    api_put_lit_uint(b, "\"heap\":", heap);
    api_put_lit_uint(b, ",\"take\":", take);
}

static void take_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                       api_buf *b)
{
    (void)w, (void)after, (void)len;
    put_take(b, m->w[0], m->w[1]);
}

/* {heap, take} pairs, in increasing heap order. */
static void moore_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                        api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit(b, "\"takes\":[");
    for (size_t i = 0; i + 1 < m->len; i += 2) {
        if (i)
            api_put_lit(b, ",");
        api_put_lit(b, "{");
        put_take(b, m->w[i], m->w[i + 1]);
        api_put_lit(b, "}");
    }
    api_put_lit(b, "]");
}

/* Tables by closed form: nim n -> n; bash n -> n mod (k+1), period k+1 from 0. */
static int closed_table(const api_game *g, json_t *req, const api_limits *lim, json_t **out,
                        api_problem *p, uint64_t modulus)
{
    uint64_t from, up_to;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    nb_sequence seq = {.first = from, .count = up_to - from + 1, .has_period = modulus != 0,
                       .period = modulus};
    seq.values = nb_xmalloc(seq.count * sizeof *seq.values);
    for (uint64_t i = 0; i < seq.count; i++)
        seq.values[i] = modulus ? (from + i) % modulus : from + i;
    *out = api_sequence_json(g->type->name, &seq);
    free(seq.values);
    return 0;
}

static int nim_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                     json_t **out, api_problem *p)
{
    (void)s;
    return closed_table(g, req, lim, out, p, 0);
}

static int bash_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                      json_t **out, api_problem *p)
{
    (void)s;
    uint64_t k = ((nb_bash_params *)g->game.params)->k;
    return closed_table(g, req, lim, out, p, k + 1);
}

static int subtraction_table(nb_solver *s, const api_game *g, json_t *req,
                             const api_limits *lim, json_t **out, api_problem *p)
{
    uint64_t from, up_to;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    nb_sequence seq;
    nb_err err = {0};
    if (nb_subtraction_sequence(s, g->game.params, from, up_to, &seq, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    *out = api_sequence_json("subtraction", &seq);
    free(seq.values);
    return 0;
}

static json_t *nim_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "nim", "heaps", api_sample_ints(r, small ? 2 : 4, 7));
}

static json_t *bash_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o, s:I}", "type", "bash", "heaps",
                     api_sample_ints(r, small ? 2 : 3, 12), "k",
                     (json_int_t)(1 + api_rng_below(r, 4)));
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

static json_t *moore_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o, s:I}", "type", "moore", "heaps",
                     api_sample_ints(r, small ? 2 : 4, small ? 3 : 5), "k",
                     (json_int_t)(1 + api_rng_below(r, 3)));
}

/* Moore's Nim_k: normal and misère play by Moore's rules, no search */
static const char *const moore_limits[] = {"max_parts", NULL};
/* Nim's and Bash's misère play are rules (Bouton's, the tame theory): no search, so no
 * max_states */
static const char *const nim_limits[] = {"max_parts", "max_table", "max_table_page", NULL};
/* a table's up_to is below max_table, an answer holds at most max_table_page values */
static const char *const table_limits[] = {"max_parts", "max_table", "max_table_page",
                                           "max_states", NULL};

const api_type api_type_nim = {
    .name = "nim",
    .title = "Nim",
    .rules_text = "Take any number of counters from one heap. Whoever takes the last counter wins.",
    .rules = &nb_nim,
    .fields = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = nim_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "misere-nim", NULL},
    .moves_complete = true,
    .decode = nim_decode,
    .sample = nim_sample,
    .write_move = take_write,
    .write_state = api_put_int_state,
    .table = nim_table,
    .summary = "take any positive number of counters from one heap",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\"}",
    .example = "{\"type\":\"nim\",\"heaps\":[3,4,5]}",
};

const api_type api_type_bash = {
    .name = "bash",
    .title = "Bash's game",
    .rules_text = "Take 1 to k counters from one heap. Whoever takes the last counter wins.",
    .rules = &nb_bash,
    .fields = (const char *const[]){"heaps", "k", NULL},
    .position = "{\"heaps\":[]}",
    .limits = nim_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "genus", NULL},
    .moves_complete = true,
    .decode = bash_decode,
    .sample = bash_sample,
    .write_move = take_write,
    .write_state = api_put_int_state,
    .table = bash_table,
    .summary = "take 1..k counters from one heap",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"k\":\"most counters one move takes, integer >= 1\"}",
    .example = "{\"type\":\"bash\",\"heaps\":[10,7],\"k\":3}",
};

const api_type api_type_subtraction = {
    .name = "subtraction",
    .title = "Subtraction game",
    .rules_text = "Take from one heap a number of counters that is in the set. Whoever cannot move "
                  "loses.",
    .rules = &nb_subtraction,
    .fields = (const char *const[]){"heaps", "set", NULL},
    .position = "{\"heaps\":[]}",
    .limits = table_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "period", "genus", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = subtraction_decode,
    .sample = subtraction_sample,
    .write_move = take_write,
    .write_state = api_put_int_state,
    .table = subtraction_table,
    .summary = "take t counters from one heap, t in the set",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"set\":\"1 to 64 distinct integers in 1..1000000\"}",
    .example = "{\"type\":\"subtraction\",\"heaps\":[10,1000000000000],\"set\":[1,3,4]}",
};

const api_type api_type_moore = {
    .name = "moore",
    .title = "Moore's Nim",
    .rules_text = "Take counters from up to k heaps at once, any number from each. Whoever takes "
                  "the last counter wins.",
    .rules = &nb_moore,
    .fields = (const char *const[]){"heaps", "k", NULL},
    .position = NULL,
    .limits = moore_limits,
    .misere = true,
    .methods = (const char *const[]){"closed-form", "search", NULL},
    .moves_complete = false,
    .heavy = true,
    .decode = moore_decode,
    .sample = moore_sample,
    .write_move = moore_write,
    .write_state = api_put_int_state,
    .table = NULL,
    .summary = "Moore's Nim_k: take any positive numbers from 1..k heaps at once",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"k\":\"most heaps one move takes from, integer >= 1\"}",
    .example = "{\"type\":\"moore\",\"heaps\":[3,1,3,2],\"k\":2}",
};
