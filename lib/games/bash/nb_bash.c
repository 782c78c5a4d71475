/* nb_bash.c - Bash's game: take 1..k from one heap; SG of a heap n is n mod (k+1). */
#include "games/bash/nb_bash.h"

#include "engine/nb_heaps.h"
#include "engine/nb_tame.h"
#include "engine/nb_legal.h"

static uint64_t bash_k(const nb_game *g) { return ((const nb_bash_params *)g->params)->k; }

static uint64_t bash_take(const nb_game *g, uint64_t n, uint64_t i)
{
    return i < n && i < bash_k(g) ? i + 1 : 0;
}

static uint64_t bash_value(const nb_game *g, uint64_t n)
{
    uint64_t k = bash_k(g);
    return k >= n ? n : n % (k + 1);
}

static const nb_heap_rule bash_rule = {bash_take, bash_value};

static nb_status bash_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (bash_k(g) < 1)
        return nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX, "must be an integer of at least 1");
    return nb_heaps_check(g, s, err);
}

static nb_status bash_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_values(g, &bash_rule, sg);
    return NB_OK;
}

static nb_status bash_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                               nb_movelist *out, nb_err *err)
{
    (void)s, (void)err;
    /* (n - d) mod (k+1) = target has one solution d in 1..k: d = (value - target) mod
     * (k+1); it is a move when target <= k, d != 0 and d <= n. */
    uint64_t n = g->state[part], k = bash_k(g), value = bash_value(g, n);
    if (target > k || target == value)
        return NB_OK;
    uint64_t d = value > target ? value - target : value + (k - target) + 1;
    if (d <= n) {
        uint64_t take[2] = {part, d};
        nb_movelist_push(out, &(nb_move){.len = 2, .w = take});
    }
    return NB_OK;
}

static nb_status bash_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                              void *ctx, nb_err *err)
{
    (void)s, (void)err;
    nb_heaps_options(g, &bash_rule, part, fn, ctx);
    return NB_OK;
}

static void bash_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_heaps_each_move(g, &bash_rule, fn, ctx);
}

/* Every heap is tame, fickle exactly when its value is 0 or 1 (nb_tame.c). By induction
 * on n, with v = n mod (k+1): n <= 1 is Nim's heap of 0 or 1. v = 0 or 1 with n > k: the
 * options have every value but v, the one of value v ^ 1 fickle and no firm one of that
 * value (F1, F2). v >= 2: the options include the fickle values 0 and 1 (R3). So a
 * single heap is lost alone exactly when v = 1. */
static bool bash_misere_heap(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                             nb_tame *label, bool *lost_alone)
{
    (void)s;
    *value = bash_value(g, n);
    *label = *value <= 1 ? NB_TAME_FICKLE : NB_TAME_FIRM;
    *lost_alone = *value == 1;
    return true;
}

static nb_status bash_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    return nb_tame_analyse(g, s, bash_misere_heap, out, err);
}

static bool bash_steps(const nb_game *g, uint64_t *steps, bool *won, nb_movelist *move)
{
    const nb_bash_params *p = g->params;
    return nb_heaps_take_steps(g, p->k + 1, steps, won, move);
}

static nb_status bash_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_heaps_legal_take(g, m, err);
    if (st == NB_OK && m->w[1] > bash_k(g))
        st = nb_illegal(err, 1, "a move takes at most k=%llu", (unsigned long long)bash_k(g));
    return st;
}

const nb_ruleset nb_bash = {
    .name = "bash",
    .check = bash_check,
    .apply = nb_heaps_apply,
    .part_count = nb_heaps_part_count,
    .part_values = bash_values,
    .moves_to = bash_moves_to,
    .options = bash_options,
    .legal = bash_legal,
    .each_move = bash_each_move,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = bash_misere,
    .misere_heap = bash_misere_heap,
    .steps = bash_steps,
};
