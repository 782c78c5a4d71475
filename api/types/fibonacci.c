/* types/fibonacci.c - dynamic subtraction (Fibonacci Nim): "heaps", "limits" (null: a
 * first move's) and "k"; moves {"heap","take"}, the position with its new limits; its table
 * gives every heap's values by limit. */
#include <stdlib.h>

#include "api_heaps.h"
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/fibonacci/nb_fibonacci.h"

/* "limits": one per heap, each an integer 0..2^63-1 or null, into the odd words of the
 * state (absent: every heap's first move). */
static int decode_limits(json_t *obj, const char *base, api_game *g, api_problem *p)
{
    json_t *limits = json_object_get(obj, "limits");
    size_t n = g->game.len / 2;
    if (!limits)
        return 0;
    char ptr[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, "limits");
    if (!json_is_array(limits) || json_array_size(limits) != n)
        return api_fail(p, 400, ptr, "limits must be an array of %zu limits, one per heap, each "
                        "an integer or null, got %s", n, API_GOT(limits));
    for (size_t h = 0; h < n; h++) {
        json_t *v = json_array_get(limits, h);
        int64_t r;
        char at[API_PATH_BYTES];
        api_path_index(at, sizeof at, ptr, h);
        if (json_is_null(v))
            continue;
        if (api_get_int(v, at, "limit", 0, INT64_MAX, &r, p))
            return p->status;
        g->game.state[2 * h + 1] = (uint64_t)r;
    }
    return 0;
}

static int fibonacci_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                            api_problem *p)
{
    (void)lim;
    nb_fibonacci_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_fibonacci, .params = params};
    params->k = 2;
    json_t *k = json_object_get(obj, "k");
    if (k) {
        char ptr[API_PATH_BYTES];
        int64_t v;
        api_path(ptr, sizeof ptr, base, "k");
        if (api_get_int(k, ptr, "k", 0, INT64_MAX, &v, p))
            return p->status;
        api_settle_int(obj, 0, "k", k, v);
        params->k = (uint64_t)v;
    }
    uint64_t *heaps;
    size_t n;
    if (api_member_int_array(obj, base, "heaps", 0, INT64_MAX, &heaps, &n, p))
        return p->status;
    g->game.len = 2 * n;
    g->game.state = nb_xmalloc((2 * n + 1) * sizeof *g->game.state);
    for (size_t h = 0; h < n; h++)
        g->game.state[2 * h] = heaps[h], g->game.state[2 * h + 1] = NB_FIB_FIRST;
    free(heaps);
    return decode_limits(obj, base, g, p);
}

static void fibonacci_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                            size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"heap\":", m->w[0]);
    api_put_lit_int64(b, ",\"take\":", m->w[1]);
}

/* Member 0 the heaps, member 1 the limits (null for a first move's). */
static void fibonacci_state(api_move_writer *w, size_t member, const uint64_t *state,
                            size_t len, api_buf *b)
{
    (void)w;
    api_put_lit(b, "[");
    for (size_t i = member; i < len; i += 2) {
        if (i > member)
            api_put_lit(b, ",");
        if (state[i] == NB_FIB_FIRST)
            api_put_lit(b, "null");
        else
            api_put_int64(b, state[i]); /* heaps and limits alike */
    }
    api_put_lit(b, "]");
}

/* "values": for each heap n from `from` to up_to, its values with the limits 0..n. */
static int fibonacci_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                           json_t **out, api_problem *p)
{
    uint64_t from, up_to, *v;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    uint64_t cells = (up_to + 1) * (up_to + 2) / 2 - from * (from + 1) / 2;
    if (cells > lim->max_table_page)
        return api_fail(p, 422, "/up_to", "heaps %llu to %llu with every limit are %llu values, "
                        "over the limit max_table_page=%zu; ask for fewer heaps at a time with "
                        "from", (unsigned long long)from, (unsigned long long)up_to,
                        (unsigned long long)cells, lim->max_table_page);
    nb_err err = {0};
    uint64_t k = ((const nb_fibonacci_params *)g->game.params)->k;
    if (nb_fibonacci_rows(s, k, from, up_to, &v, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    json_t *rows = json_array();
    for (uint64_t n = from, at = 0; n <= up_to; n++) {
        json_t *row = json_array();
        for (uint64_t r = 0; r <= n; r++)
            json_array_append_new(row, json_integer((json_int_t)v[at++]));
        json_array_append_new(rows, row);
    }
    free(v);
    *out = json_pack("{s:s, s:I, s:o}", "type", "fibonacci", "k", (json_int_t)k, "values", rows);
    if (from)
        json_object_set_new(*out, "from", json_integer((json_int_t)from));
    return 0;
}

/* One to three heaps up to 9 (one up to 7 when small), each with a limit or null; k of
 * 1 to 3. */
static json_t *fibonacci_sample(api_rng *r, bool small)
{
    json_t *heaps = json_array(), *limits = json_array();
    for (size_t n = small ? 1 : 1 + api_rng_below(r, 3); n > 0; n--) {
        uint64_t heap = api_rng_below(r, small ? 8 : 10);
        json_array_append_new(heaps, json_integer((json_int_t)heap));
        json_array_append_new(limits, api_rng_below(r, 3) ? json_integer((json_int_t)
                                                            api_rng_below(r, heap + 2))
                                                      : json_null());
    }
    return json_pack("{s:s, s:o, s:o, s:I}", "type", "fibonacci", "heaps", heaps, "limits",
                     limits, "k", (json_int_t)(1 + api_rng_below(r, 3)));
}

const api_type api_type_fibonacci = {
    .name = "fibonacci",
    .title = "Fibonacci Nim",
    .rules_text = "Take from a heap at most k times (k = 2 unless set) what was last taken "
                  "from it; a first move takes anything but the whole heap. Whoever takes "
                  "the last counter wins.",
    .rules = &nb_fibonacci,
    .fields = (const char *const[]){"heaps", "limits", "k", NULL},
    .int64 = (const char *const[]){"heaps", "limits", "k", NULL},
    .state_members = 2,
    .position = "{\"heaps\":[]}",
    .limits = (const char *const[]){"max_parts", "max_side", "max_table", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "table", "genus", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = fibonacci_decode,
    .sample = fibonacci_sample,
    .write_move = fibonacci_write,
    .read_move = api_take_read,
    .move_words = api_take_words,
    .write_state = fibonacci_state,
    .table = fibonacci_table,
    .summary = "dynamic subtraction: from a heap take 1 up to its limit, and its limit becomes "
               "k times what was taken (k = 2: Fibonacci Nim; a first move may take all but "
               "one)",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1; one heap alone is "
                  "decided at any size, a sum of heaps needs each below max_side\",\"limits\":"
                  "\"optional, one per heap: the most the next move from it may take, an "
                  "integer 0..2^63-1, or null for a first move (all but one); default all "
                  "null\",\"k\":\"optional multiplier, an integer >= 1 (default 2)\"}",
    .example = "{\"type\":\"fibonacci\",\"heaps\":[20,7],\"limits\":[null,4]}",
};
