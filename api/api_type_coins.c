/* api_type_coins.c - turning turtles: "coins" as a string of H and T, moves {"flip"}. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "core/nb_util.h"
#include "games/nb_coins.h"

static int coins_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    char ptr[160];
    nb_coins_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_coins, .params = params};
    json_t *coins = api_require(obj, base, "coins", p);
    api_path(ptr, sizeof ptr, base, "coins");
    if (!coins)
        return p->status;
    if (!json_is_string(coins))
        return api_fail(p, 400, ptr, "coins must be a string of H and T");
    (void)lim;
    size_t n = json_string_length(coins);
    const char *s = json_string_value(coins);
    params->ncoins = n;
    g->game.len = (n + 63) / 64;
    g->game.state = nb_xcalloc(g->game.len + 1, sizeof *g->game.state);
    for (size_t i = 0; i < n; i++) {
        if (s[i] != 'H' && s[i] != 'T')
            return api_fail(p, 400, ptr, "coin %zu is '%c': coins must be H or T", i + 1,
                            s[i] >= 32 && s[i] < 127 ? s[i] : '?');
        if (s[i] == 'H')
            g->game.state[i / 64] |= 1ULL << (i % 64);
    }
    return 0;
}

/* {coin, also}: the coins turned, ascending. */
static void coins_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                        api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit(b, "\"flip\":[");
    if (m->w[1]) {
        api_put_uint(b, m->w[1]);
        api_put_lit(b, ",");
    }
    api_put_uint(b, m->w[0]);
    api_put_lit(b, "]");
}

/* The row of a state: bit i-1 is coin i, 1 for heads. */
static void coins_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b)
{
    (void)member;
    size_t n = ((const nb_coins_params *)w->game->game.params)->ncoins;
    (void)len;
    api_put_lit(b, "\"");
    for (size_t i = 0; i < n; i++) {
        if (state[i / 64] >> (i % 64) & 1)
            api_put_lit(b, "H");
        else
            api_put_lit(b, "T");
    }
    api_put_lit(b, "\"");
}

static json_t *coins_sample(api_rng *r, bool small)
{
    char row[16];
    size_t n = api_rng_below(r, small ? 6 : 10);
    for (size_t i = 0; i < n; i++)
        row[i] = api_rng_below(r, 2) ? 'H' : 'T';
    row[n] = '\0';
    return json_pack("{s:s, s:s}", "type", "coins", "coins", row);
}

const api_type api_type_coins = {
    .name = "coins",
    .title = "Turning Turtles",
    .rules_text = "Turn a head to tails, and if you like one more coin to its left, either way up. "
                  "Whoever cannot move loses.",
    .rules = &nb_coins,
    .fields = (const char *const[]){"coins", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .methods = (const char *const[]){"closed-form", "search", NULL},
    .moves_complete = true,
    .decode = coins_decode,
    .sample = coins_sample,
    .write_move = coins_write,
    .write_state = coins_state,
    .summary = "turn one H to T, and optionally one coin to its left (either face)",
    .field_docs = "{\"coins\":\"string of H and T; coin 1 is the leftmost\"}",
    .example = "{\"type\":\"coins\",\"coins\":\"THHTTH\"}",
};
