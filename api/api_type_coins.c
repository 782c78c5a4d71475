/* api_type_coins.c - turning turtles: "coins" as a string of H and T, moves {"flip"}. */
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "nb_util.h"
#include "api_position.h"
#include "api_types.h"

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
    size_t n = json_string_length(coins);
    if (n > lim->lib.max_parts)
        return api_fail_too_many(p, ptr, "coins", n, "coins", "max_parts", lim->lib.max_parts);
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

static void coins_write(api_move_writer *w, const nb_move *m, api_buf *b)
{
    (void)w;
    api_put_lit(b, "\"flip\":[");
    if (m->u.flip.also) {
        api_put_uint(b, m->u.flip.also);
        api_put_lit(b, ",");
    }
    api_put_uint(b, m->u.flip.coin);
    api_put_lit(b, "]");
}

/* The row after the flip: coin turned to tails, `also` (if any) turned over. The row
 * holds only H and T (decode checked), so it needs no escaping. */
static void coins_after(api_move_writer *w, const nb_move *m, api_buf *b)
{
    const api_game *g = w->game;
    json_t *coins = json_object_get(g->json, "coins");
    api_put_lit(b, "\"");
    size_t at = b->len;
    api_put(b, json_string_value(coins), json_string_length(coins));
    b->p[at + m->u.flip.coin - 1] = 'T';
    if (m->u.flip.also)
        b->p[at + m->u.flip.also - 1] ^= 'H' ^ 'T';
    api_put_lit(b, "\"");
}

const api_type api_type_coins = {
    .name = "coins",
    .rules = &nb_coins,
    .fields = (const char *const[]){"coins", NULL},
    .limits = (const char *const[]){"max_parts", "max_states", NULL},
    .misere = true,
    .moves_complete = true,
    .moves_carry_position = true,
    .decode = coins_decode,
    .write_move = coins_write,
    .moved_member = "coins",
    .write_member_after = coins_after,
    .summary = "turn one H to T, and optionally one coin to its left (either face)",
    .field_docs = "{\"coins\":\"string of H and T; coin 1 is the leftmost\"}",
    .example = "{\"type\":\"coins\",\"coins\":\"THHTTH\"}",
};
