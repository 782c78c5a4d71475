/* nb_coins.c - turning turtles: a head at coin i (1-based) is a Nim heap of i, so the
 * value is the XOR of the heads' positions; turning head i and coin j < i is i -> j. */
#include "games/nb_coins.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static size_t ncoins(const nb_game *g) { return ((const nb_coins_params *)g->params)->ncoins; }

static bool is_head(const uint64_t *bits, size_t coin) /* coin 1-based */
{
    return bits[(coin - 1) / 64] >> ((coin - 1) % 64) & 1;
}

static void turn(uint64_t *bits, size_t coin) { bits[(coin - 1) / 64] ^= 1ULL << ((coin - 1) % 64); }

static uint64_t heads_xor(const nb_game *g)
{
    uint64_t x = 0;
    for (size_t c = 1; c <= ncoins(g); c++)
        if (is_head(g->state, c))
            x ^= c;
    return x;
}

static nb_status coins_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (ncoins(g) > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu coins, over the limit max_parts=%llu", ncoins(g),
                             (unsigned long long)s->limits.max_parts);
    return NB_OK;
}

static size_t coins_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

static nb_status coins_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = heads_xor(g);
    return NB_OK;
}

static nb_status coins_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    (void)s, (void)err, (void)part;
    uint64_t x = heads_xor(g);
    for (size_t c = 1; c <= ncoins(g); c++) {
        uint64_t other = c ^ x ^ target; /* the value c must become: coin `other`, or none */
        if (!is_head(g->state, c) || other >= c)
            continue;
        uint64_t move[2] = {c, other};
        if (!nb_movelist_push(out, &(nb_move){.len = 2, .w = move}))
            break;
    }
    return NB_OK;
}

static nb_status coins_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)s, (void)err, (void)part;
    uint64_t x = heads_xor(g);
    for (size_t c = 1; c <= ncoins(g); c++) {
        if (!is_head(g->state, c))
            continue;
        for (size_t other = 0; other < c; other++) {
            uint64_t move[2] = {c, other};
            if (!fn(ctx, &(nb_move){.len = 2, .w = move}, x ^ c ^ other))
                return NB_OK;
        }
    }
    return NB_OK;
}

static void coins_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool go_on = true;
    for (size_t c = 1; c <= ncoins(g) && go_on; c++) {
        if (!is_head(g->state, c))
            continue;
        turn(after, c);
        for (size_t other = 0; other < c && go_on; other++) {
            uint64_t move[2] = {c, other};
            if (other)
                turn(after, other);
            go_on = fn(ctx, &(nb_move){.len = 2, .w = move}, after, g->len);
            if (other)
                turn(after, other);
        }
        turn(after, c);
    }
    free(after);
}

/* {coin, also}: the head turned, and the coin left of it when also is not 0. */
static void coins_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    turn(after->w, (size_t)m->w[0]);
    if (m->w[1])
        turn(after->w, (size_t)m->w[1]);
}

const nb_ruleset nb_coins = {
    .name = "coins",
    .check = coins_check,
    .apply = coins_apply,
    .part_count = coins_part_count,
    .part_values = coins_values,
    .moves_to = coins_moves_to,
    .options = coins_options,
    .each_move = coins_each_move,
};
