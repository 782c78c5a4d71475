/* types/divisor.c - the divisor games: "numbers" and "rule" ("replace" or "subtract"),
 * moves {"number","to"}. */
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/divisor/nb_divisor.h"

static int divisor_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                          api_problem *p)
{
    (void)lim;
    nb_divisor_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_divisor, .params = params};
    json_t *rule = api_require(obj, base, "rule", p);
    if (!rule)
        return p->status;
    const char *name = json_string_value(rule);
    if (name && !strcmp(name, "replace")) {
        params->rule = NB_DIVISOR_REPLACE;
    } else if (name && !strcmp(name, "subtract")) {
        params->rule = NB_DIVISOR_SUBTRACT;
    } else {
        char ptr[API_PATH_BYTES];
        api_path(ptr, sizeof ptr, base, "rule");
        return api_fail(p, 400, ptr, "rule must be \"replace\" or \"subtract\", got %s",
                        API_GOT(rule));
    }
    return api_member_int_array(obj, base, "numbers", 0, INT64_MAX, &g->game.state,
                                &g->game.len, p);
}

static void divisor_write(api_move_writer *w, const nb_move *m, const uint64_t *after,
                          size_t len, api_buf *b)
{
    (void)w, (void)len;
    api_put_lit_uint(b, "\"number\":", m->w[0]);
    api_put_lit_int64(b, ",\"to\":", after[m->w[0]]);
}

/* One to three numbers up to 40 (one up to 24 when small), either rule. */
static json_t *divisor_sample(api_rng *r, bool small)
{
    json_t *numbers = json_array();
    for (size_t n = small ? 1 : 1 + api_rng_below(r, 3); n > 0; n--)
        json_array_append_new(numbers,
                              json_integer((json_int_t)(1 + api_rng_below(r, small ? 24 : 40))));
    return json_pack("{s:s, s:s, s:o}", "type", "divisor", "rule",
                     api_rng_below(r, 2) ? "replace" : "subtract", "numbers", numbers);
}

static const char *const divisor_words[] = {"number", "to", NULL};

/* Words {number, take}: the number becomes n - take, so take = n - to. */
static int divisor_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                        api_problem *p)
{
    if (api_member_words_of(move, base, divisor_words, words, p))
        return p->status;
    uint64_t number = words->w[0], to = words->w[1];
    if (number >= g->game.len)
        return 0; /* the library names the numbers there are */
    uint64_t n = g->game.state[number];
    if (to >= n && n > 1) {
        char ptr[API_PATH_BYTES];
        api_path(ptr, sizeof ptr, base, "to");
        return api_fail(p, 400, ptr, "number %llu is %llu: a move makes it smaller",
                        (unsigned long long)number, (unsigned long long)n);
    }
    words->w[1] = n - (to < n ? to : n);
    return 0;
}

const api_type api_type_divisor = {
    .name = "divisor",
    .title = "Divisor game",
    .rules_text = "Replace a number by one of its proper divisors, or take from it a divisor "
                  "smaller than itself. Whoever cannot move loses.",
    .rules = &nb_divisor,
    .fields = (const char *const[]){"numbers", "rule", NULL},
    .int64 = (const char *const[]){"numbers", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "closed-form", "genus", "search", NULL},
    .moves_complete = true,
    .heavy = true,
    .decode = divisor_decode,
    .sample = divisor_sample,
    .write_move = divisor_write,
    .read_move = divisor_read,
    .move_words = divisor_words,
    .write_state = api_put_int_state,
    .summary = "replace a number by a proper divisor of it (rule replace), or subtract from it "
               "a divisor smaller than it (rule subtract); 1 has no move",
    .field_docs = "{\"numbers\":\"array of integers 1..2^63-1\",\"rule\":\"\\\"replace\\\" or "
                  "\\\"subtract\\\"\"}",
    .example = "{\"type\":\"divisor\",\"rule\":\"replace\",\"numbers\":[12,1000000007,30]}",
};
