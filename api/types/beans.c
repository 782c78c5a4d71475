/* types/beans.c - the splitting game: "bottles", moves {"bottle","into":[j,k]}. */
#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "games/beans/nb_beans.h"

static int beans_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    (void)lim;
    g->game.rules = &nb_beans;
    return api_member_int_array(obj, base, "bottles", 0, INT64_MAX, &g->game.state,
                                &g->game.len, p);
}

static void beans_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                        api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"bottle\":", m->w[0]);
    api_put_lit_uint(b, ",\"into\":[", m->w[1]);
    api_put_lit_uint(b, ",", m->w[2]);
    api_put_lit(b, "]");
}

static json_t *beans_sample(api_rng *r, bool small)
{
    return json_pack("{s:s, s:o}", "type", "beans", "bottles",
                     api_sample_ints(r, small ? 3 : 4, small ? 1 : 2));
}

static const char *const beans_words[] = {"bottle", "into/0", "into/1", NULL};

static int beans_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                      api_problem *p)
{
    (void)g;
    nb_state_resize(words, 3);
    int64_t at;
    if (api_member_int(move, base, "bottle", 0, INT64_MAX, &at, p))
        return p->status;
    words->w[0] = (uint64_t)at;
    return api_member_words(move, base, "into", 2, words->w + 1, p);
}

const api_type api_type_beans = {
    .name = "beans",
    .title = "Splitting game",
    .rules_text = "Take a bean from a bottle and put one bean into each of two bottles to its right"
                  " (or two into one). Whoever cannot move loses.",
    .rules = &nb_beans,
    .fields = (const char *const[]){"bottles", NULL},
    .int64 = (const char *const[]){"bottles", NULL},
    .limits = (const char *const[]){"max_parts", "max_work", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "misere-quotient", "search",
                                     NULL},
    .moves_complete = false,
    .decode = beans_decode,
    .sample = beans_sample,
    .write_move = beans_write,
    .read_move = beans_read,
    .move_words = beans_words,
    .write_state = api_put_int_state,
    .summary = "take one bean from bottle i and put one into each of bottles j and k, "
               "i < j <= k (the splitting game)",
    .field_docs = "{\"bottles\":\"bottles[i] is the number of beans in bottle i, integers "
                  "0..2^63-1\"}",
    .example = "{\"type\":\"beans\",\"bottles\":[1,0,1,5000]}",
};
