/* nb_nim.c - Nim: SG of a heap is its size; misère play by Bouton's rule. */
#include "games/nim/nb_nim.h"

#include "engine/nb_heaps.h"
#include "engine/nb_legal.h"

static uint64_t nim_take(const nb_game *g, uint64_t n, uint64_t i)
{
    (void)g;
    return i < n ? i + 1 : 0;
}

static uint64_t nim_value(const nb_game *g, uint64_t n)
{
    (void)g;
    return n;
}

static const nb_heap_rule nim_rule = {nim_take, nim_value};

static nb_status nim_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_values(g, &nim_rule, sg);
    return NB_OK;
}

static nb_status nim_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    (void)s, (void)err;
    if (target < g->state[part]) {
        uint64_t take[2] = {part, g->state[part] - target};
        nb_movelist_push(out, &(nb_move){.len = 2, .w = take});
    }
    return NB_OK;
}

static nb_status nim_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_options(g, &nim_rule, part, fn, ctx);
    return NB_OK;
}

static void nim_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_heaps_each_move(g, &nim_rule, fn, ctx);
}

/* A heap's label for sums with other heap games (nb_tame.c): 0 and 1 fickle (T0; F2 by
 * the move to 0), larger heaps firm (R3: options 0 and 1, both fickle); lost alone at 1. */
static bool nim_misere_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                            nb_tame *label, bool *lost_alone)
{
    (void)g, (void)s;
    *value = n;
    *label = n <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM;
    *lost_alone = n == 1;
    return true;
}

/* Misère Nim: when every heap is 0 or 1 the player to move wins iff the number of 1s is
 * even; otherwise iff the XOR is not 0. A winning move reaches a lost position of either
 * kind: XOR 0 with a heap of 2 or more left, or only 0s and 1s with an odd count of 1s. */
static nb_status nim_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    uint64_t x = 0, ones = 0;
    size_t big = 0;
    for (size_t i = 0; i < g->len; i++) {
        x ^= g->state[i];
        ones += g->state[i] == 1;
        big += g->state[i] > 1;
    }
    bool wins = big ? x != 0 : ones % 2 == 0;
    out->verdict = wins ? NB_WIN : NB_LOSE;
    out->method = NB_METHOD_MISERE_NIM;
    if (!wins)
        return NB_OK;
    for (size_t i = 0; i < g->len; i++) {
        uint64_t a = g->state[i], b = a ^ x;
        bool big_elsewhere = big > (a > 1);
        if (b < a && (big_elsewhere || b > 1)) {
            uint64_t take[2] = {i, a - b};
            if (!nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = take}))
                return NB_OK;
        }
        if (big_elsewhere)
            continue;
        /* Every other heap is 0 or 1: leave 0 or 1 here so that the 1s are odd. */
        uint64_t other_ones = ones - (a == 1);
        for (uint64_t left = 0; left <= 1; left++) {
            if (left < a && (other_ones + left) % 2 == 1) {
                uint64_t take[2] = {i, a - left};
                if (!nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = take}))
                    return NB_OK;
            }
        }
    }
    return NB_OK;
}

static bool nim_steps(const nb_game *g, uint64_t *steps, bool *won, nb_movelist *move)
{
    return nb_heaps_take_steps(g, UINT64_MAX, steps, won, move);
}

static nb_status nim_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    return nb_heaps_legal_take(g, m, err); /* any 1..n */
}

const nb_ruleset nb_nim = {
    .name = "nim",
    .check = nb_heaps_check,
    .apply = nb_heaps_apply,
    .part_count = nb_heaps_part_count,
    .part_values = nim_values,
    .moves_to = nim_moves_to,
    .options = nim_options,
    .legal = nim_legal,
    .each_move = nim_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = nim_misere,
    .misere_heap = nim_misere_heap,
    .steps = nim_steps,
};
