/* nb_staircase.c - staircase Nim: the value is the XOR of the odd stairs; a winning move
 * takes from an odd stair, or moves coins from an even stair onto the odd one below. */
#include "nb_rulesets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nb_heaps.h"
#include "nb_util.h"

/* XOR of stairs 1, 3, 5, ... (state indices 0, 2, 4, ...). */
static uint64_t odd_xor(const nb_game *g)
{
    uint64_t x = 0;
    for (size_t i = 0; i < g->len; i += 2)
        x ^= g->state[i];
    return x;
}

static nb_status stair_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (g->len > s->limits.max_parts)
        return nb_fail(err, NB_ELIMIT, "/stairs", "%zu stairs exceed the limit max_parts=%llu",
                       g->len, (unsigned long long)s->limits.max_parts);
    uint64_t total = 0;
    for (size_t i = 0; i < g->len; i++) {
        if (g->state[i] > NB_HEAP_MAX - total)
            return nb_fail(err, NB_EINVAL, "/stairs",
                           "the stairs hold more than 2^63-1 coins in all");
        total += g->state[i];
    }
    return NB_OK;
}

static size_t stair_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

static nb_status stair_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    sg[0] = odd_xor(g);
    return NB_OK;
}

/* Value after moving `count` coins from stair i (1-based) to stair i-1. */
static uint64_t value_after(const nb_game *g, uint64_t x, size_t i, uint64_t count)
{
    if (i % 2 == 1)
        return x ^ g->state[i - 1] ^ (g->state[i - 1] - count);
    return x ^ g->state[i - 2] ^ (g->state[i - 2] + count);
}

static nb_status stair_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    (void)s, (void)err, (void)part;
    uint64_t x = odd_xor(g);
    for (size_t i = 1; i <= g->len; i++) {
        uint64_t count = 0;
        if (i % 2 == 1) { /* odd stair: shrink it to a ^ x ^ target */
            uint64_t a = g->state[i - 1], want = a ^ x ^ target;
            if (want < a)
                count = a - want;
        } else { /* even stair: grow the odd stair below to b ^ x ^ target */
            uint64_t b = g->state[i - 2], want = b ^ x ^ target;
            if (want > b && want - b <= g->state[i - 1])
                count = want - b;
        }
        if (count) {
            nb_move m = {.u.stair = {i, count}};
            if (!nb_movelist_push(out, &m))
                break;
        }
    }
    return NB_OK;
}

static nb_status stair_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)s, (void)err, (void)part;
    uint64_t x = odd_xor(g);
    for (size_t i = 1; i <= g->len; i++)
        for (uint64_t count = 1; count <= g->state[i - 1]; count++) {
            nb_move m = {.u.stair = {i, count}};
            if (!fn(ctx, &m, value_after(g, x, i, count)))
                return NB_OK;
        }
    return NB_OK;
}

static void stair_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool go_on = true;
    for (size_t i = 1; i <= g->len && go_on; i++)
        for (uint64_t count = 1; count <= g->state[i - 1] && go_on; count++) {
            nb_move m = {.u.stair = {i, count}};
            after[i - 1] -= count;
            if (i >= 2)
                after[i - 2] += count;
            go_on = fn(ctx, &m, after);
            after[i - 1] = g->state[i - 1];
            if (i >= 2)
                after[i - 2] = g->state[i - 2];
        }
    free(after);
}

const nb_ruleset nb_staircase = {
    .name = "staircase",
    .check = stair_check,
    .part_count = stair_part_count,
    .part_values = stair_values,
    .moves_to = stair_moves_to,
    .options = stair_options,
    .each_move = stair_each_move,
};
