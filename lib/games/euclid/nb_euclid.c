/* nb_euclid.c - Euclid's game: a pair's SG value from its continued fraction, in as many
 * steps as Euclid's algorithm takes.
 *
 * The value (by induction on the steps). Let a >= b >= 1, a = q*b + r with 0 <= r < b.
 * The moves of (a, b) lead to (r + j*b, b) for j = 0..q-1, and for j >= 1 the moves of
 * (r + j*b, b) are exactly those to the same line with smaller j: the line is a chain
 * h_0, h_1, ..., h_q with h_j = mex{h_0..h_(j-1)} for j >= 1, and h_0 = v, the value of
 * (b, r) (0 when r = 0: a pair holding a 0 has no move). So h_j = j when v = 0, else
 * h_j = j - 1 for 1 <= j <= v and h_j = j for j > v: the mex walks 0, 1, ... skipping v.
 * The value of (a, b) is h_q. (For Grossman's variant, which stops at (d, d), Nivasch
 * proved the closed form floor(|a/b - b/a|), Discrete Math. 306 (2006); Cairns, Ho and
 * Lengyel, Discrete Math. 311 (2011), give this game's; the chain is the proof of both.)
 * A move to value t is found on the chain: j = 0 when v = t, else the one j >= 1 with
 * h_j = t, when j <= q-1.
 *
 * Misère play on one pair, by the same chain: a pair holding a 0 has no move, so there
 * the player to move wins; h_1's one option is h_0, and for j >= 2 both h_0 and h_1 are
 * options, one of them lost. So (a, b) is lost exactly when q = 1 and (b, r) is won, and
 * a won pair has one winning move: to (r, b) when that is lost, else to (r + b, b).
 * Several pairs are a sum of one-pair games, each labelled by Conway's tame theory from a
 * search of it alone (nb_tame_analyse_parts). */
#include "games/euclid/nb_euclid.h"

#include <stdlib.h>
#include <string.h>

#include "engine/nb_heaps.h"
#include "engine/nb_legal.h"
#include "engine/nb_tame.h"

/* Euclid's algorithm takes at most 92 steps on 64-bit numbers (Lamé: a step count of k
 * needs b >= F(k+1)). */
#define MAX_STEPS 96

static size_t npairs(const nb_game *g) { return g->len / 2; }

/* h_j for j >= 1 on a chain whose h_0 is v. */
static uint64_t chain_value(uint64_t j, uint64_t v)
{
    return v == 0 || j > v ? j : j - 1;
}

/* The quotients of Euclid's algorithm on (a, b) into q; returns how many. */
static size_t quotients(uint64_t a, uint64_t b, uint64_t q[MAX_STEPS])
{
    if (a < b) {
        uint64_t t = a;
        a = b, b = t;
    }
    size_t n = 0;
    while (b && n < MAX_STEPS) {
        q[n++] = a / b;
        uint64_t r = a % b;
        a = b, b = r;
    }
    return n;
}

uint64_t nb_euclid_value(uint64_t a, uint64_t b)
{
    uint64_t q[MAX_STEPS];
    uint64_t v = 0; /* (gcd, 0): no move */
    for (size_t n = quotients(a, b, q); n--;)
        v = chain_value(q[n], v);
    return v;
}

/* Whether (a, b) alone is lost under misère play for the player to move. */
static bool misere_lost(uint64_t a, uint64_t b)
{
    uint64_t q[MAX_STEPS];
    bool lost = false; /* (gcd, 0): no move, won */
    for (size_t n = quotients(a, b, q); n--;)
        lost = q[n] == 1 && !lost;
    return lost;
}

static nb_status eu_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (npairs(g) > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu pairs, over the limit max_parts=%llu", npairs(g),
                             (unsigned long long)s->limits.max_parts);
    return NB_OK;
}

static size_t eu_part_count(const nb_game *g) { return npairs(g); }

static nb_status eu_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t p = 0; p < npairs(g); p++)
        sg[p] = nb_euclid_value(g->state[2 * p], g->state[2 * p + 1]);
    return NB_OK;
}

/* One pair's line of moves: the larger number (its side, 0 or 1, is `big`) becomes
 * r + j*small for j = 0..q-1; v is h_0. */
typedef struct pair_line {
    size_t pair;
    int big;
    uint64_t small, q, r, v;
} pair_line;

static pair_line line_of(const nb_game *g, size_t pair)
{
    uint64_t a = g->state[2 * pair], b = g->state[2 * pair + 1];
    pair_line l = {.pair = pair, .big = a < b};
    uint64_t big = a < b ? b : a;
    l.small = a < b ? a : b;
    if (l.small) {
        l.q = big / l.small, l.r = big % l.small;
        l.v = l.r ? nb_euclid_value(l.small, l.r) : 0;
    }
    return l;
}

/* Offers the move that leaves the larger number at r + j*small (with `other`, the move
 * of a pair of equal numbers (s, s) to (s, 0), beside the one to (0, s)). */
static bool offer(const pair_line *l, uint64_t j, bool other, uint64_t value, nb_option_fn fn,
                  void *ctx)
{
    uint64_t w[3] = {l->pair, l->small, l->small};
    w[1 + (other ? 1 - l->big : l->big)] = l->r + j * l->small;
    return fn(ctx, &(nb_move){.len = 3, .w = w}, value);
}

/* Every move of a pair in a fixed order (j ascending; then, for equal numbers, the
 * second one emptied), each with the pair's value after it, until fn says stop. */
static bool each_line_move(const pair_line *l, nb_option_fn fn, void *ctx)
{
    for (uint64_t j = 0; j < l->q; j++)
        if (!offer(l, j, false, j ? chain_value(j, l->v) : l->v, fn, ctx))
            return false;
    return !(l->q == 1 && l->r == 0) || offer(l, 0, true, 0, fn, ctx);
}

static bool push_move(void *out, const nb_move *m, uint64_t value)
{
    (void)value;
    return nb_movelist_push(out, m);
}

static nb_status eu_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    (void)s, (void)err;
    pair_line l = line_of(g, part);
    if (!l.small || target == NB_SG_WIN_NOW)
        return NB_OK;
    if (l.v == target && !offer(&l, 0, false, target, push_move, out))
        return NB_OK;
    /* the j >= 1 of value target: h_j = j when v = 0 or j > v, j - 1 when j <= v */
    uint64_t j = l.v == 0 || target > l.v ? target : target < l.v ? target + 1 : 0;
    if (j >= 1 && j < l.q && !offer(&l, j, false, target, push_move, out))
        return NB_OK;
    if (l.q == 1 && l.r == 0 && target == 0)
        offer(&l, 0, true, 0, push_move, out);
    return NB_OK;
}

static nb_status eu_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    (void)s, (void)err;
    pair_line l = line_of(g, part);
    if (l.small)
        each_line_move(&l, fn, ctx);
    return NB_OK;
}

/* {pair, a, b}: the pair replaced by (a, b). */
static void eu_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    after->w[2 * m->w[0]] = m->w[1];
    after->w[2 * m->w[0] + 1] = m->w[2];
}

static void eu_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t p = 0; p < npairs(g) && !o.stopped; p++) {
        pair_line l = line_of(g, p);
        if (l.small)
            each_line_move(&l, nb_offer_state, &o);
    }
    free(o.after.w);
}

/* One pair by its chain; several as a sum of pairs, each labelled by Conway's tame theory
 * from a search of that pair alone (nb_tame.c). */
static nb_status eu_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    if (npairs(g) != 1)
        return nb_tame_analyse_parts(g, s, out, err);
    pair_line l = line_of(g, 0);
    bool lost_below = l.small && l.r && misere_lost(l.small, l.r);
    out->verdict = l.small && l.q == 1 && !lost_below ? NB_LOSE : NB_WIN;
    if (out->verdict == NB_WIN && l.small)
        offer(&l, lost_below ? 0 : 1, false, 0, push_move, &out->moves);
    return NB_OK;
}

/* Every-SG's steps of one pair (as in the notes on HDU 3595), up the continued fraction
 * from (gcd, 0), lost with steps 0. Over a lower pair (b, r) of steps s, won or not: with
 * q = 1 the one move is to (b, r), so the pair is won when that is lost, with steps s + 1;
 * with q >= 2 the pair is won (the chain above), by (b, r) itself when that is lost
 * (steps s + 1), else by (r + b, b), whose one move is to (b, r) (steps s + 2). */
static bool eu_steps(const nb_game *g, uint64_t *steps, bool *won, nb_movelist *move)
{
    if (npairs(g) != 1)
        return false;
    pair_line l = line_of(g, 0);
    uint64_t q[MAX_STEPS], below = 0;
    bool below_won = false;
    size_t n = quotients(g->state[0], g->state[1], q);
    for (size_t i = n; i-- > 1;) { /* the pair below the top one */
        below = q[i] == 1 || !below_won ? below + 1 : below + 2;
        below_won = q[i] == 1 ? !below_won : true;
    }
    if (!n) { /* a pair holding a 0: no move */
        *steps = 0, *won = false;
        return true;
    }
    *won = q[0] == 1 ? !below_won : true;
    *steps = q[0] == 1 || !below_won ? below + 1 : below + 2;
    offer(&l, q[0] >= 2 && below_won ? 1 : 0, false, 0, push_move, move);
    return true;
}

/* {pair, a, b}: the larger number (either, when they are equal) less a positive multiple
 * of the smaller, at least 0; the smaller kept. */
static nb_status eu_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    nb_status st = nb_part_exists(g, m, 2, "pair", err);
    if (st != NB_OK)
        return st;
    uint64_t a = g->state[2 * m->w[0]], b = g->state[2 * m->w[0] + 1], x = m->w[1], y = m->w[2];
    if (!a || !b)
        return nb_illegal(err, 0, "pair %llu holds a 0: it has no move",
                          (unsigned long long)m->w[0]);
    if (y == b && a >= b && x < a && (a - x) % b == 0)
        return NB_OK;
    if (x == a && b >= a && y < b && (b - y) % a == 0)
        return NB_OK;
    return nb_illegal(err, a >= b && y == b ? 1 : 2, "from (%llu, %llu) a move takes a positive "
                      "multiple of the smaller number from the larger, leaving it at least 0",
                      (unsigned long long)a, (unsigned long long)b);
}

const nb_ruleset nb_euclid = {
    .name = "euclid",
    .check = eu_check,
    .apply = eu_apply,
    .part_count = eu_part_count,
    .part_values = eu_values,
    .moves_to = eu_moves_to,
    .options = eu_options,
    .legal = eu_legal,
    .each_move = eu_each_move,
    .canonicalize = nb_pairs_canonicalize,
    .components = nb_components_per_part,
    .analyse_misere = eu_misere,
    .part_width = 2,
    .steps = eu_steps,
};
