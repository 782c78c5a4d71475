/* nb_staircase.c - staircase Nim: the value is the XOR of the odd stairs; a winning move
 * takes from an odd stair, or moves coins from an even stair onto the odd one below. Under
 * misère play a position is lost exactly when its odd stairs are lost in misère Nim. */
#include "games/staircase/nb_staircase.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_legal.h"

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
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu stairs, over the limit max_parts=%llu", g->len,
                             (unsigned long long)s->limits.max_parts);
    uint64_t total = 0;
    for (size_t i = 0; i < g->len; i++) {
        if (g->state[i] > NB_HEAP_MAX - total) {
            nb_fail(err, NB_EINVAL, "the stairs hold more than 2^63-1 coins in all");
            nb_err_blame(err, 0, NB_NO_INDEX, NB_NO_INDEX);
            return NB_EINVAL;
        }
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
            uint64_t move[2] = {i, count};
            if (!nb_movelist_push(out, &(nb_move){.len = 2, .w = move}))
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
            uint64_t move[2] = {i, count};
            if (!fn(ctx, &(nb_move){.len = 2, .w = move}, value_after(g, x, i, count)))
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
            uint64_t move[2] = {i, count};
            after[i - 1] -= count;
            if (i >= 2)
                after[i - 2] += count;
            go_on = fn(ctx, &(nb_move){.len = 2, .w = move}, after, g->len);
            after[i - 1] = g->state[i - 1];
            if (i >= 2)
                after[i - 2] = g->state[i - 2];
        }
    free(after);
}

/* {stair, count}: the coins leave stair i (1-based) for the one below (the floor from 1). */
static void stair_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    size_t i = (size_t)m->w[0];
    after->w[i - 1] -= m->w[1];
    if (i >= 2)
        after->w[i - 2] += m->w[1];
}

/* Whether odd stairs holding `big` heaps of 2 or more, `ones` heaps of 1 and XOR x are
 * lost in misère Nim (Bouton): XOR 0 with a big heap, or only 0s and 1s, an odd count of
 * 1s. */
static bool misere_nim_lost(size_t big, uint64_t ones, uint64_t x)
{
    return big ? x == 0 : ones % 2 == 1;
}

/* Misère staircase Nim is misère Nim on the odd stairs. Let P be the positions whose odd
 * stairs are lost in misère Nim. The end (every coin on the floor) is not in P, and is
 * won under misère play. From P every move leaves P: a move from an odd stair is a Nim
 * move on the odd stairs, which leaves a misère Nim P-position for an N-position; a move
 * from an even stair grows the odd stair below, and a grown heap changes the XOR (so XOR
 * 0 with a big heap is lost), or with only 0s and 1s either flips the count of 1s or
 * makes a big heap whose high bit no other heap has. From outside P with coins left some
 * move enters P: misère Nim's winning move on the odd stairs when they hold a coin, else
 * one coin from an even stair onto the empty odd stair below (a lone heap of 1). So P is
 * exactly the lost positions. A winning move sets one odd stair to a size t: XOR of the
 * others, 0 or 1 (taking from it, or growing it from the even stair above). */
static nb_status stair_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    uint64_t x = 0, ones = 0;
    size_t big = 0;
    for (size_t i = 0; i < g->len; i += 2) {
        x ^= g->state[i];
        ones += g->state[i] == 1;
        big += g->state[i] > 1;
    }
    bool lost = misere_nim_lost(big, ones, x);
    out->verdict = lost ? NB_LOSE : NB_WIN;
    out->method = NB_METHOD_CLOSED_FORM;
    for (size_t i = 1; i <= g->len && !lost; i++) {
        uint64_t c = g->state[i - 1];
        bool down = i % 2; /* an odd stair shrinks; from an even one, the odd below grows */
        if (!c)
            continue;
        uint64_t a = g->state[down ? i - 1 : i - 2], rest = x ^ a, rest_ones = ones - (a == 1);
        size_t rest_big = big - (a > 1);
        uint64_t lo = down ? 0 : a + 1, hi = down ? a - 1 : a + c;
        uint64_t targets[3] = {rest, 0, 1};
        for (int k = 0; k < 3; k++) {
            uint64_t t = targets[k];
            if (t < lo || t > hi || (k && t == rest) ||
                !misere_nim_lost(rest_big + (t > 1), rest_ones + (t == 1), rest ^ t))
                continue;
            uint64_t move[2] = {i, down ? a - t : t - a};
            if (!nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = move}))
                return NB_OK;
        }
    }
    return NB_OK;
}

/* {stair, count}: stairs are numbered from 1; any 1..all of its coins. */
static nb_status stair_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    if (m->w[0] < 1 || m->w[0] > g->len)
        return g->len ? nb_illegal(err, 0, "there is no stair %llu: they are numbered 1..%zu",
                                   (unsigned long long)m->w[0], g->len)
                      : nb_illegal(err, 0, "the position has no stairs");
    uint64_t coins = g->state[m->w[0] - 1];
    if (m->w[1] < 1)
        return nb_illegal(err, 1, "a move moves at least 1 coin");
    if (m->w[1] > coins)
        return nb_illegal(err, 1, "stair %llu holds %llu coins", (unsigned long long)m->w[0],
                          (unsigned long long)coins);
    return NB_OK;
}

const nb_ruleset nb_staircase = {
    .name = "staircase",
    .check = stair_check,
    .apply = stair_apply,
    .part_count = stair_part_count,
    .part_values = stair_values,
    .moves_to = stair_moves_to,
    .options = stair_options,
    .legal = stair_legal,
    .each_move = stair_each_move,
    .analyse_misere = stair_misere,
};
