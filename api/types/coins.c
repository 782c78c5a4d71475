/* types/coins.c - coin-turning games: a row ("coins", a string of H and T) under one
 * "rule", or a "grid" (equal strings, row 1 first) under a pair of rules; moves {"flip"}. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_position.h"
#include "api_types.h"
#include "api_utf8.h"
#include "core/nb_util.h"
#include "games/coins/nb_coins.h"

static const char *const rule_names[NB_COIN_RULES] = {"turtles", "twins", "mock_turtles", "ruler",
                                                      "moebius"};

static int decode_rule(json_t *v, const char *ptr, nb_coin_rule *rule, api_problem *p)
{
    for (int r = 0; json_is_string(v) && r < NB_COIN_RULES; r++)
        if (!strcmp(json_string_value(v), rule_names[r])) {
            *rule = (nb_coin_rule)r;
            return 0;
        }
    return api_fail(p, 400, ptr, "a rule is one of \"turtles\", \"twins\", \"mock_turtles\", "
                                 "\"ruler\" and \"moebius\"");
}

/* "rule": a name, or for a grid a pair of names (the columns' rule, the rows'); a name
 * alone rules both sides of a grid. Default: turtles. */
static int decode_rules(json_t *obj, const char *base, nb_coins_params *params, api_problem *p)
{
    char ptr[API_PATH_BYTES], at[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, "rule");
    json_t *rule = json_object_get(obj, "rule");
    params->rule[0] = params->rule[1] = NB_COIN_TURTLES;
    if (!rule)
        return 0;
    if (!json_is_array(rule)) {
        if (decode_rule(rule, ptr, &params->rule[0], p))
            return p->status;
        if (params->grid)
            params->rule[1] = params->rule[0];
        return 0;
    }
    if (!params->grid || json_array_size(rule) != 2)
        return api_fail(p, 400, ptr, params->grid ? "the rules of a grid are a pair of names: "
                                                    "the columns' rule and the rows'"
                                                  : "a row of coins takes one rule, a name");
    for (size_t i = 0; i < 2; i++) {
        api_path_index(at, sizeof at, ptr, i);
        if (decode_rule(json_array_get(rule, i), at, &params->rule[i], p))
            return p->status;
    }
    return 0;
}

/* Whether a row (a string; row_number: its number in a grid from 1, 0 for the one row
 * of "coins") is H's and T's, else the problem naming the first coin that is not. */
static int check_row(json_t *row, const char *ptr, size_t row_number, api_problem *p)
{
    size_t bad;
    char quoted[16], where[48] = "";
    if (!api_utf8_stranger(json_string_value(row), json_string_length(row), "HT", &bad, quoted))
        return 0;
    if (row_number)
        snprintf(where, sizeof where, " of row %zu", row_number);
    return api_fail(p, 400, ptr, "coin %zu%s is %s: coins must be H or T", bad + 1, where,
                    quoted);
}

/* A row of H and T (checked) into bits from `from` on. */
static void decode_row(json_t *row, uint64_t *bits, size_t from)
{
    const char *s = json_string_value(row);
    for (size_t i = 0; s[i]; i++)
        if (s[i] == 'H')
            bits[(from + i) / 64] |= 1ULL << ((from + i) % 64);
}

static int decode_grid(json_t *grid, const char *ptr, const api_limits *lim,
                       nb_coins_params *params, api_game *g, api_problem *p)
{
    char at[API_PATH_BYTES];
    if (!json_is_array(grid))
        return api_fail(p, 400, ptr, "grid must be an array of strings of H and T, got %s",
                        API_GOT(grid));
    params->nrows = json_array_size(grid);
    for (size_t r = 0; r < params->nrows; r++) {
        json_t *row = json_array_get(grid, r);
        api_path_index(at, sizeof at, ptr, r);
        if (!json_is_string(row))
            return api_fail(p, 400, at, "each row of the grid is a string of H and T, row %zu "
                            "is %s", r + 1, API_GOT(row));
        if (check_row(row, at, r + 1, p))
            return p->status;
        if (!r)
            params->ncols = json_string_length(row);
        if (json_string_length(row) != params->ncols)
            return api_fail(p, 400, at, "row %zu has %zu coin%s, row 1 has %zu: the rows of "
                            "a grid are equally long", r + 1, json_string_length(row),
                            json_string_length(row) == 1 ? "" : "s", params->ncols);
    }
    if (params->nrows && params->ncols > lim->lib.max_parts / params->nrows)
        return api_fail(p, 422, ptr, "holds %zu x %zu coins, over the limit max_parts=%llu",
                        params->nrows, params->ncols, (unsigned long long)lim->lib.max_parts);
    size_t cells = params->nrows * params->ncols;
    g->game.len = (cells + 63) / 64;
    g->game.state = nb_xcalloc(g->game.len + 1, sizeof *g->game.state);
    for (size_t r = 0; r < params->nrows; r++)
        decode_row(json_array_get(grid, r), g->game.state, r * params->ncols);
    return 0;
}

static int coins_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    char ptr[API_PATH_BYTES];
    nb_coins_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_coins, .params = params};
    json_t *grid = json_object_get(obj, "grid");
    params->grid = grid != NULL;
    if (grid && json_object_get(obj, "coins")) {
        api_path(ptr, sizeof ptr, base, "grid");
        return api_fail(p, 400, ptr, "a game of coins has a row (coins) or a grid, not both");
    }
    if (decode_rules(obj, base, params, p))
        return p->status;
    if (grid) {
        api_path(ptr, sizeof ptr, base, "grid");
        return decode_grid(grid, ptr, lim, params, g, p);
    }
    json_t *coins = api_require(obj, base, "coins", p);
    api_path(ptr, sizeof ptr, base, "coins");
    if (!coins)
        return p->status;
    if (!json_is_string(coins))
        return api_fail(p, 400, ptr, "coins must be a string of H and T, got %s",
                        API_GOT(coins));
    if (check_row(coins, ptr, 0, p))
        return p->status;
    params->nrows = 1;
    params->ncols = json_string_length(coins);
    g->game.len = (params->ncols + 63) / 64;
    g->game.state = nb_xcalloc(g->game.len + 1, sizeof *g->game.state);
    decode_row(coins, g->game.state, 0);
    return 0;
}

static const nb_coins_params *params_of(const api_move_writer *w)
{
    return w->game->game.params;
}

/* "flip": the coins turned, ascending: numbers in a row, [row, column] pairs in a grid. */
static void coins_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                        api_buf *b)
{
    (void)after, (void)len;
    size_t at = 0;
    nb_coin_set cols = nb_coin_set_read(m, &at), rows = nb_coin_set_read(m, &at);
    size_t ncols = cols.run ? (size_t)(cols.hi - cols.lo + 1) : cols.k;
    size_t nrows = rows.run ? (size_t)(rows.hi - rows.lo + 1) : rows.k;
    bool grid = params_of(w)->grid;
    api_put_lit(b, "\"flip\":[");
    for (size_t i = 0; i < nrows; i++)
        for (size_t j = 0; j < ncols; j++) {
            if (i || j)
                api_put_lit(b, ",");
            uint64_t c = cols.run ? cols.lo + j : cols.coin[j];
            if (grid) {
                api_put_lit_uint(b, "[", rows.run ? rows.lo + i : rows.coin[i]);
                api_put_lit_uint(b, ",", c);
                api_put_lit(b, "]");
            } else {
                api_put_uint(b, c);
            }
        }
    api_put_lit(b, "]");
}

static void put_row(api_buf *b, const uint64_t *state, size_t from, size_t n)
{
    api_put_lit(b, "\"");
    for (size_t i = from; i < from + n; i++) {
        if (state[i / 64] >> (i % 64) & 1)
            api_put_lit(b, "H");
        else
            api_put_lit(b, "T");
    }
    api_put_lit(b, "\"");
}

/* The row, or the grid's rows, of a state: bit i is coin i + 1 in row order, 1 for heads. */
static void coins_state(api_move_writer *w, size_t member, const uint64_t *state, size_t len,
                        api_buf *b)
{
    (void)member, (void)len;
    const nb_coins_params *p = params_of(w);
    if (!p->grid) {
        put_row(b, state, 0, p->ncols);
        return;
    }
    api_put_lit(b, "[");
    for (size_t r = 0; r < p->nrows; r++) {
        if (r)
            api_put_lit(b, ",");
        put_row(b, state, r * p->ncols, p->ncols);
    }
    api_put_lit(b, "]");
}

static void coins_changed(api_move_writer *w, const uint64_t *state, size_t len, api_buf *b)
{
    if (params_of(w)->grid)
        api_put_lit(b, "{\"grid\":");
    else
        api_put_lit(b, "{\"coins\":");
    coins_state(w, 0, state, len, b);
    api_put_lit(b, "}");
}

static void random_row(api_rng *r, char *row, size_t n)
{
    for (size_t i = 0; i < n; i++)
        row[i] = api_rng_below(r, 2) ? 'H' : 'T';
    row[n] = '\0';
}

/* A row of up to 9 coins (5 when small) under any rule, or one time in three a grid of up
 * to 3 x 3 under any pair of rules. */
static json_t *coins_sample(api_rng *r, bool small)
{
    char row[16];
    const char *rule = rule_names[api_rng_below(r, NB_COIN_RULES)];
    if (api_rng_below(r, 3)) {
        random_row(r, row, api_rng_below(r, small ? 6 : 10));
        return json_pack("{s:s, s:s, s:s}", "type", "coins", "rule", rule, "coins", row);
    }
    size_t rows = api_rng_below(r, small ? 3 : 4), cols = 1 + api_rng_below(r, small ? 2 : 3);
    json_t *grid = json_array();
    for (size_t i = 0; i < rows; i++) {
        random_row(r, row, cols);
        json_array_append_new(grid, json_string(row));
    }
    return json_pack("{s:s, s:[s,s], s:o}", "type", "coins", "rule", rule,
                     rule_names[api_rng_below(r, NB_COIN_RULES)], "grid", grid);
}

const api_type api_type_coins = {
    .name = "coins",
    .title = "Turning Turtles",
    .rules_text = "Turn a head to tails, and with it, by the rule, coins to its left, either way "
                  "up (turtles: at most one; twins: exactly one; mock turtles: at most two; "
                  "ruler: a run ending at it; moebius: at most four). On a grid, turn the "
                  "corners of a rectangle of moves whose south-east corner is a head. "
                  "Whoever cannot move loses.",
    .rules = &nb_coins,
    .fields = (const char *const[]){"coins", "grid", "rule", NULL},
    .state_members = 2,
    .state_either = true,
    .limits = (const char *const[]){"max_parts", "max_states", "max_work", NULL},
    .misere = true,
    .methods = (const char *const[]){"closed-form", "table", "search", NULL},
    .moves_complete = true,
    .decode = coins_decode,
    .sample = coins_sample,
    .write_move = coins_write,
    .write_state = coins_state,
    .write_changed = coins_changed,
    .summary = "turn one H to T and, by the rule, coins to its left (turtles: at most one; "
               "twins: exactly one; mock_turtles: at most two; ruler: a run ending at it; "
               "moebius: at most four); a grid under a pair of rules is their product game",
    .field_docs = "{\"coins\":\"string of H and T; coin 1 is the leftmost\",\"grid\":\"instead "
                  "of coins: equal-length strings of H and T, row 1 first\",\"rule\":\"turtles "
                  "(default), twins, mock_turtles, ruler or moebius; for a grid a pair: the "
                  "columns' rule and the rows' ([\\\"twins\\\",\\\"twins\\\"] is Turning "
                  "Corners)\"}",
    .example = "{\"type\":\"coins\",\"coins\":\"THHTTH\"}",
};
