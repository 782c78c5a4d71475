/* nb_GAME.c - odd Nim: take an odd number of counters from one heap. A heap of n has value
 * n mod 2: its options n-1, n-3, ... alternate in parity, so the mex is 1 exactly when n
 * is odd (induction on n). */
#include "games/GAME/nb_GAME.h"

#include "engine/nb_heaps.h"

/* The i-th take from a heap of n (0: no more). */
static uint64_t GAME_take(const nb_game *g, uint64_t n, uint64_t i)
{
    (void)g;
    return 2 * i + 1 <= n ? 2 * i + 1 : 0;
}

static uint64_t GAME_value(const nb_game *g, uint64_t n)
{
    (void)g;
    return n % 2;
}

static const nb_heap_rule GAME_rule = {GAME_take, GAME_value};

static nb_status GAME_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_values(g, &GAME_rule, sg);
    return NB_OK;
}

static nb_status GAME_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                              void *ctx, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_options(g, &GAME_rule, part, fn, ctx);
    return NB_OK;
}

static nb_status GAME_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                               nb_movelist *out, nb_err *err)
{
    nb_target_filter filter = {target, out};
    return GAME_options(g, s, part, nb_keep_if_target, &filter, err);
}

static void GAME_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_heaps_each_move(g, &GAME_rule, fn, ctx);
}

const nb_ruleset nb_GAME = {
    .name = "GAME",
    .check = nb_heaps_check,
    .apply = nb_heaps_apply,
    .part_count = nb_heaps_part_count,
    .part_values = GAME_values,
    .moves_to = GAME_moves_to,
    .options = GAME_options,
    .each_move = GAME_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
};
