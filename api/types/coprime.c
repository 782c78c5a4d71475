/* types/coprime.c - the coprime game: "heaps", moves {"heap","take"}; its table is the
 * value of every heap up to up_to, by a sieve of Eratosthenes (no period: the values grow). */
#include <stdlib.h>

#include "api_heaps.h"
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/coprime/nb_coprime.h"

static int coprime_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    (void)lim;
    g->game = (nb_game){.rules = &nb_coprime, .params = nb_xcalloc(1, sizeof(nb_coprime_params))};
    return api_member_int_array(obj, base, "heaps", 0, INT64_MAX, &g->game.state, &g->game.len,
                                p);
}

static void coprime_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                          size_t len, api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"heap\":", m->w[0]);
    api_put_lit_int64(b, ",\"take\":", m->w[1]);
}

static int coprime_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                         json_t **out, api_problem *p)
{
    uint64_t from, up_to;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    nb_sequence seq;
    nb_err err = {0};
    if (nb_coprime_sequence(s, from, up_to, &seq, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    *out = api_sequence_json("coprime", &seq);
    free(seq.values);
    return 0;
}

/* Mostly small heaps, for the brute-force solver; now and then one past the sieve. */
static json_t *coprime_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "coprime", "heaps",
                     api_sample_ints(r, small ? 2 : 3, small ? 12 : 24));
}

const api_type api_type_coprime = {
    .name = "coprime",
    .title = "Coprime Nim",
    .rules_text = "From a heap of x take y counters where x and y share no factor. Whoever cannot "
                  "move loses.",
    .rules = &nb_coprime,
    .fields = (const char *const[]){"heaps", NULL},
    .int64 = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = (const char *const[]){"max_parts", "max_table", "max_table_page",
                                    "max_prime_count", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "genus", "search", NULL},
    .moves_complete = false,
    .heavy = true,
    .decode = coprime_decode,
    .write_move = coprime_write,
    .read_move = api_take_read,
    .move_words = api_take_words,
    .write_state = api_put_int_state,
    .table = coprime_table,
    .sample = coprime_sample,
    .summary = "take y >= 1 counters from a heap of x when gcd(x, y) = 1",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\"}",
    .example = "{\"type\":\"coprime\",\"heaps\":[9,10,1000000007]}",
};
