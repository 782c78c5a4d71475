/* types/moore.c - Moore's Nim_k: "heaps" and "k", moves {"takes":[{"heap","take"},...]}. */

#include "api_heaps.h"
#include "api_json.h"
#include "core/nb_util.h"
#include "games/moore/nb_moore.h"

static int moore_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    (void)lim;
    nb_moore_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_moore, .params = params};
    return api_k_decode(obj, base, &params->k, p) || api_heaps_decode(obj, base, g, p) ? p->status
                                                                                    : 0;
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
        api_put_take(b, m->w[i], m->w[i + 1]);
        api_put_lit(b, "}");
    }
    api_put_lit(b, "]");
}

static json_t *moore_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o, s:I}", "type", "moore", "heaps",
                     api_sample_ints(r, small ? 2 : 4, small ? 3 : 5), "k",
                     (json_int_t)(1 + api_rng_below(r, 3)));
}

/* Moore's Nim_k: normal and misère play by Moore's rules, no search */
static const char *const moore_limits[] = {"max_parts", NULL};

static const char *const moore_words[] = {"takes/*/heap", "takes/*/take", NULL};

static int moore_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                      api_problem *p)
{
    (void)g;
    char ptr[API_PATH_BYTES], item[API_PATH_BYTES];
    json_t *takes = api_require(move, base, "takes", p);
    if (!takes)
        return p->status;
    api_path(ptr, sizeof ptr, base, "takes");
    if (!json_is_array(takes) || !json_array_size(takes))
        return api_fail(p, 400, ptr, "takes must be an array of {heap, take} objects, got %s",
                        API_GOT(takes));
    for (size_t i = 0; i < json_array_size(takes); i++) {
        json_t *one = json_array_get(takes, i);
        api_path_index(item, sizeof item, ptr, i);
        if (!json_is_object(one))
            return api_fail(p, 400, item, "takes[%zu] must be an object {heap, take}", i);
        if (api_check_keys(one, item, api_take_words, p) ||
            api_member_words_of(one, item, api_take_words, words, p))
            return p->status;
    }
    return 0;
}

const api_type api_type_moore = {
    .name = "moore",
    .title = "Moore's Nim",
    .rules_text = "Take counters from up to k heaps at once, any number from each. Whoever takes "
                  "the last counter wins.",
    .rules = &nb_moore,
    .fields = (const char *const[]){"heaps", "k", NULL},
    .int64 = (const char *const[]){"heaps", "k", NULL},
    .position = NULL,
    .limits = moore_limits,
    .misere = true,
    .methods = (const char *const[]){"closed-form", "search", NULL},
    .moves_complete = false,
    .heavy = true,
    .decode = moore_decode,
    .sample = moore_sample,
    .write_move = moore_write,
    .read_move = moore_read,
    .move_words = moore_words,
    .write_state = api_put_int_state,
    .table = NULL,
    .summary = "Moore's Nim_k: take any positive numbers from 1..k heaps at once",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"k\":\"most heaps one move takes from, integer >= 1\"}",
    .example = "{\"type\":\"moore\",\"heaps\":[3,1,3,2],\"k\":2}",
};
