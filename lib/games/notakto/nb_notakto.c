/* nb_notakto.c - Notakto on boards of one size: each board is a part, valued from the
 * table of every board of its size (nb_notaktotable.c); normal play by the SG theorem.
 * Misère play (Notakto's own rule) through the misère quotient of the boards where it
 * covers every board of the position (a position is lost exactly when the product of
 * its boards' elements lies in the P-portion: Plambeck and Siegel), by the table where
 * at most one board is live (a dead board has no move: it adds nothing), else by the
 * search of the position, its boards taken up to symmetry and order. */
#include "games/notakto/nb_notakto.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_legal.h"
#include "engine/nb_sum.h"
#include "engine/nb_tame.h"

static const nb_notakto_params *params_of(const nb_game *g) { return g->params; }

static unsigned cells_of(const nb_game *g) { return params_of(g)->k * params_of(g)->k; }

static uint32_t all_cells(const nb_game *g) { return (uint32_t)((1ULL << cells_of(g)) - 1); }

/* Whether a board may still take an X (no line of k X's): by the table's lines once
 * prepared. */
static bool live(const nb_game *g, uint64_t board)
{
    const nb_notaktotable *t = params_of(g)->table;
    if (t)
        return !nb_notakto_dead(t->lines, t->nlines, (uint32_t)board);
    uint32_t lines[2 * NB_NOTAKTO_MAX_SIDE + 2];
    unsigned n = nb_notakto_lines(params_of(g)->k, lines);
    return !nb_notakto_dead(lines, n, (uint32_t)board);
}

static nb_status nt_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    unsigned k = params_of(g)->k;
    if (k < NB_NOTAKTO_MIN_SIDE || k > NB_NOTAKTO_MAX_SIDE)
        return nb_fail_field(err, NB_EINVAL, NB_NOTAKTO_FIELD_BOARDS, NB_NO_INDEX, NB_NO_INDEX,
                             "has boards of side %u: a side is 3, 4 or 5", k);
    if (g->len > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, NB_NOTAKTO_FIELD_BOARDS, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu boards, over the limit max_parts=%llu", g->len,
                             (unsigned long long)s->limits.max_parts);
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > all_cells(g))
            return nb_fail_field(err, NB_EINVAL, NB_NOTAKTO_FIELD_BOARDS, i, NB_NO_INDEX,
                                 "has a cell past the board's %u", cells_of(g));
    return NB_OK;
}

static nb_status nt_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_notakto_params *p = g->params;
    nb_key key = nb_notaktotable_key(p->k);
    nb_notaktotable_need need = {p->k, s->limits.max_work, s->budget};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_notaktotable_kind, &need, &c, err);
    if (st == NB_OK)
        p->table = (const nb_notaktotable *)c;
    return st;
}

static void nt_release(nb_game *g, nb_solver *s)
{
    nb_notakto_params *p = g->params;
    if (p->table)
        nb_table_release(s, &p->table->base);
    p->table = NULL;
}

static void nt_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[m->w[0]] |= 1ULL << m->w[1];
}

static size_t nt_part_count(const nb_game *g) { return g->len; }

static nb_status nt_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t i = 0; i < g->len; i++)
        sg[i] = nb_notakto_value(params_of(g)->table, (uint32_t)g->state[i]);
    return NB_OK;
}

static nb_method nt_method(const nb_game *g, size_t part)
{
    (void)g, (void)part;
    return NB_METHOD_TABLE;
}

/* Calls fn for each X the board may take (cells ascending), with the board's value after. */
static nb_status nt_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    (void)s, (void)err;
    uint32_t board = (uint32_t)g->state[part];
    if (!live(g, board))
        return NB_OK;
    for (uint32_t empty = ~board & all_cells(g); empty; empty &= empty - 1) {
        uint64_t w[2] = {part, (uint64_t)__builtin_ctz(empty)};
        uint64_t value = nb_notakto_value(params_of(g)->table, board | (empty & -empty));
        if (!fn(ctx, &(nb_move){.len = 2, .w = w}, value))
            break;
    }
    return NB_OK;
}

static nb_status nt_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    nb_target_filter f = {target, out};
    return nt_options(g, s, part, nb_keep_if_target, &f, err);
}

static nb_status nt_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 1, "board", err);
    if (st != NB_OK)
        return st;
    if (m->w[1] >= cells_of(g))
        return nb_illegal(err, 1, "a board has cells 0..%u", cells_of(g) - 1);
    if (!live(g, g->state[m->w[0]]))
        return nb_illegal(err, 0, "board %llu holds a line: it takes no more X's",
                          (unsigned long long)m->w[0]);
    if (g->state[m->w[0]] >> m->w[1] & 1)
        return nb_illegal(err, 1, "cell %llu of board %llu holds an X already",
                          (unsigned long long)m->w[1], (unsigned long long)m->w[0]);
    return NB_OK;
}

/* Every X of every live board: boards in order, cells ascending. */
static void nt_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    uint64_t *after = nb_xmalloc((g->len + 1) * sizeof *after);
    memcpy(after, g->state, g->len * sizeof *after);
    bool going = true;
    for (size_t i = 0; i < g->len && going; i++) {
        if (!live(g, g->state[i]))
            continue;
        for (uint32_t empty = ~(uint32_t)g->state[i] & all_cells(g); empty && going;
             empty &= empty - 1) {
            uint64_t w[2] = {i, (uint64_t)__builtin_ctz(empty)};
            after[i] = g->state[i] | (empty & -empty);
            going = fn(ctx, &(nb_move){.len = 2, .w = w}, after, g->len);
        }
        after[i] = g->state[i];
    }
    free(after);
}

static int by_word(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Each board as the least of its images under its lines' symmetries (the same game),
 * read from the table's parts where it has them (a dead board there as the full board:
 * every dead board is the same game, without a move), then the boards sorted (a sum's
 * order does not matter): an equal position. */
static void nt_canonicalize(const nb_game *g, uint64_t *state, size_t len)
{
    const nb_notaktotable *t = params_of(g)->table;
    for (size_t i = 0; i < len; i++) {
        uint32_t board = (uint32_t)state[i];
        if (t && t->part)
            state[i] = t->part[board] ? t->part_board[t->part[board]] : all_cells(g);
        else
            state[i] = nb_notakto_canonical(params_of(g)->k, board);
    }
    if (len > 1)
        qsort(state, len, sizeof *state, by_word);
}

/* x^n in the quotient (x^0 the identity, element 0), by squaring. */
static uint32_t power(const nb_quotient *q, uint32_t x, uint64_t n)
{
    uint32_t r = 0;
    for (; n; n >>= 1, x = nb_quotient_mul(q, x, x))
        if (n & 1)
            r = nb_quotient_mul(q, r, x);
    return r;
}

/* For each element x: the product of the boards' elements with one board of element x left
 * out (the others' product, beside a board of x), from how many boards each element has;
 * returns the product of them all. A commutative monoid: the order does not matter. */
static uint32_t rests_by_count(const nb_quotient *q, const uint64_t *count, uint32_t *rest)
{
    uint32_t all = 0;
    for (uint32_t x = 0; x < q->order; x++)
        all = nb_quotient_mul(q, all, power(q, x, count[x]));
    for (uint32_t x = 0; x < q->order; x++) {
        if (!count[x])
            continue;
        rest[x] = 0;
        for (uint32_t y = 0; y < q->order; y++)
            rest[x] = nb_quotient_mul(q, rest[x], power(q, y, count[y] - (y == x)));
    }
    return all;
}

/* Misère play through the quotient, when it covers every board (else false, nothing
 * written): lost exactly when the product of the boards' elements is in the P-portion; a
 * move is winning exactly when the product of the other boards' elements and the moved
 * board's new one is. Through the option masks a board without a winning move is passed
 * at once. */
static bool through_quotient(const nb_game *g, const nb_notaktotable *t, nb_analysis *out)
{
    const nb_quotient *q = t->q;
    uint32_t *e = nb_xmalloc((2 * g->len + 1) * sizeof *e), *rest = e + g->len;
    bool covered = q != NULL;
    for (size_t i = 0; i < g->len && covered; i++)
        covered = nb_notakto_element(t, (uint32_t)g->state[i], &e[i]);
    if (covered && t->lost_with) {
        uint64_t count[64] = {0};
        uint32_t beside[64];
        for (size_t i = 0; i < g->len; i++)
            count[e[i]]++;
        nb_quotient_decide(q, rests_by_count(q, count, beside), out);
        for (size_t i = 0; i < g->len; i++)
            rest[i] = beside[e[i]];
    } else if (covered) {
        nb_quotient_decide(q, nb_quotient_rests(q, e, g->len, rest), out);
    }
    bool room = true;
    for (size_t i = 0; covered && out->verdict == NB_WIN && i < g->len && room; i++) {
        uint32_t board = (uint32_t)g->state[i];
        if (t->options ? !(t->options[board] & t->lost_with[rest[i]]) : !live(g, board))
            continue; /* no winning move here (a dead board has no option at all) */
        for (uint32_t empty = ~board & all_cells(g); empty && room; empty &= empty - 1) {
            uint32_t child = 0;
            nb_notakto_element(t, board | (empty & -empty), &child); /* fuller: covered */
            if (!q->lost[nb_quotient_mul(q, rest[i], child)])
                continue;
            uint64_t w[2] = {i, (uint64_t)__builtin_ctz(empty)};
            room = nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = w});
        }
    }
    free(e);
    return covered;
}

/* How many boards a board of side <= 4 can become, up to symmetry (itself and every dead
 * one counted as one, as the search's canonical forms count them), from the quotient
 * graph's parts: a depth-first walk marking the parts it meets with `stamp` in seen[]
 * (parts entries, the caller's, as is `stack`), stopped once past `most`. */
static uint64_t reachable(const nb_notaktotable *t, uint32_t from, uint32_t *seen,
                          uint32_t stamp, uint32_t *stack, uint64_t most)
{
    uint64_t count = 1; /* a dead board */
    size_t depth = 0;
    stack[depth++] = from, seen[from] = stamp;
    while (depth && count <= most) {
        uint32_t p = stack[--depth];
        count++;
        for (uint32_t e = t->off[p]; e < t->off[p + 1]; e++)
            if (t->succ[e] && seen[t->succ[e]] != stamp)
                seen[t->succ[e]] = stamp, stack[depth++] = t->succ[e];
    }
    return count;
}

/* Whether the search of a misère sum of boards of side <= 4 must pass max_states, then
 * err says so. Every combination of what each board can become is a position the search
 * meets (the boards are played independently, and the game goes on while one is live),
 * so taken up to the boards' order there are at least the product of those counts over
 * n! of them. Each part's count is walked once (counts[]), and the budget looked at for
 * each board: false, when it is spent, leaves the search to say so. */
static bool too_many_to_search(const nb_game *g, nb_solver *s, nb_err *err)
{
    const nb_notaktotable *t = params_of(g)->table;
    if (!t->part)
        return false;
    uint64_t most = s->limits.max_states;
    uint32_t *seen = nb_xcalloc(t->parts, sizeof *seen), stamp = 0;
    uint32_t *stack = nb_xmalloc((size_t)t->parts * sizeof *stack);
    uint64_t *counts = nb_xcalloc(t->parts, sizeof *counts);
    double positions = 1;
    size_t n = 0;
    for (size_t i = 0; i < g->len && positions <= (double)most; i++) {
        uint32_t part = t->part[g->state[i]];
        if (!part)
            continue;
        if (nb_budget_spent(s->budget)) {
            positions = 0;
            break;
        }
        if (!counts[part])
            counts[part] = reachable(t, part, seen, ++stamp, stack, most);
        positions *= (double)counts[part] / (double)++n;
    }
    free(seen), free(stack), free(counts);
    if (positions <= (double)most)
        return false;
    nb_fail_field(err, NB_ELIMIT, NB_NOTAKTO_FIELD_BOARDS, NB_NO_INDEX, NB_NO_INDEX,
                  "holds live boards the quotient does not cover, whose misère sum has at "
                  "least %.3g positions to search, more than the limit max_states=%llu",
                  positions, (unsigned long long)most);
    return true;
}

static nb_status nt_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    const nb_notaktotable *t = params_of(g)->table;
    if (through_quotient(g, t, out))
        return NB_OK;
    size_t lives = 0, last_live = 0;
    for (size_t i = 0; i < g->len && lives < 2; i++)
        if (live(g, g->state[i]))
            lives++, last_live = i;
    if (lives > 1)
        return too_many_to_search(g, s, err) ? NB_ELIMIT
               : nb_fail(err, NB_EDECLINED, "%s", "the quotient does not cover these boards");
    /* one board alone (or none: no move, won under misère) */
    uint32_t board = lives ? (uint32_t)g->state[last_live] : 0;
    out->verdict = lives && nb_notakto_lost_alone(t, board) ? NB_LOSE : NB_WIN;
    out->method = NB_METHOD_TABLE;
    for (uint32_t empty = lives && out->verdict == NB_WIN ? ~board & all_cells(g) : 0; empty;
         empty &= empty - 1) {
        if (!nb_notakto_lost_alone(t, board | (empty & -empty)))
            continue;
        uint64_t w[2] = {last_live, (uint64_t)__builtin_ctz(empty)};
        if (!nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = w}))
            break;
    }
    return NB_OK;
}

/* Misère play of a sum of Notakto games: of one board size, one game of all their boards
 * (nb_sum_misere_as_one), through the quotient or the table; else, and where they decline
 * or pass max_states, the tame theory, then the search (which names the limit). Where the
 * one game's positions pass max_states and the theory declines, its refusal is the answer:
 * the search of the sum would meet the same positions (the one game's request is refused
 * at once the same way). */
static nb_status nt_misere_sum(const nb_game *games, size_t count, nb_solver *s,
                               nb_analysis *out, nb_err *err)
{
    for (size_t c = 0; c < count; c++)
        if (params_of(&games[c])->k != params_of(games)->k)
            return nb_tame_analyse_sum(games, count, s, out, err);
    nb_status st = nb_sum_misere_as_one(games, count, games, nt_misere, s, out, err);
    if (st != NB_EDECLINED && st != NB_ELIMIT)
        return st;
    nb_err refusal = *err;
    nb_err_clear(err);
    nb_status tame = nb_tame_analyse_sum(games, count, s, out, err);
    if (tame == NB_EDECLINED && st == NB_ELIMIT)
        *err = refusal, tame = st;
    return tame;
}

const nb_ruleset nb_notakto = {
    .name = "notakto",
    .check = nt_check,
    .prepare = nt_prepare,
    .release = nt_release,
    .apply = nt_apply,
    .part_count = nt_part_count,
    .part_values = nt_values,
    .part_method = nt_method,
    .moves_to = nt_moves_to,
    .options = nt_options,
    .legal = nt_legal,
    .each_move = nt_each_move,
    .canonicalize = nt_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = nt_misere,
    .analyse_misere_sum = nt_misere_sum,
};
