/* nb_cutting.c - the cutting game (POJ 2311): cutting out a 1x1 piece wins at once, so a
 * piece with a side of 1 and area >= 2 wins for the player to move, a cut that leaves
 * such a piece loses, and pieces with both sides >= 2 have SG values over the cuts that
 * keep both sides >= 2. The values live in one cached square table, grown on demand. */
#include "games/cutting/nb_cutting.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "cache/nb_cache.h"

static const nb_cuttable *table_of(const nb_game *g)
{
    return ((const nb_cutting_params *)g->params)->table;
}

static size_t npieces(const nb_game *g) { return g->len / 2; }

static bool is_thin(uint64_t w, uint64_t h) { return (w == 1) != (h == 1); }

static nb_status cut_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (npieces(g) > s->limits.max_parts)
        return nb_fail_field(err, NB_ELIMIT, 0, NB_NO_INDEX, NB_NO_INDEX,
                             "holds %zu pieces, over the limit max_parts=%llu", npieces(g),
                             (unsigned long long)s->limits.max_parts);
    for (size_t i = 0; i < g->len; i++) {
        if (g->state[i] < 1)
            return nb_fail_field(err, NB_EINVAL, 0, i / 2, i % 2,
                                 "must be an integer of at least 1");
        if (g->state[i] > s->limits.max_side) {
            nb_fail(err, NB_ELIMIT, "pieces[%zu] has a side over the limit max_side=%llu",
                    i / 2, (unsigned long long)s->limits.max_side);
            nb_err_blame(err, 0, i / 2, i % 2);
            return NB_ELIMIT;
        }
    }
    return NB_OK;
}

static nb_status acquire(nb_solver *s, size_t side, const nb_cuttable **out, nb_err *err)
{
    nb_cuttable_need need = {side, s->budget};
    const nb_cached *c;
    nb_key key = nb_key_of("cutting");
    nb_status st = nb_table_acquire(s, &key, &nb_cuttable_kind, &need, &c, err);
    if (st == NB_OK)
        *out = (const nb_cuttable *)c;
    return st;
}

static nb_status cut_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    uint64_t top = 2;
    for (size_t i = 0; i < g->len; i++)
        if (g->state[i] > top)
            top = g->state[i];
    return acquire(s, (size_t)top + 1, &((nb_cutting_params *)g->params)->table, err);
}

static void cut_release(nb_game *g, nb_solver *s)
{
    nb_cutting_params *p = g->params;
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
}

static size_t cut_part_count(const nb_game *g) { return npieces(g); }

static uint64_t piece_value(const nb_game *g, uint64_t w, uint64_t h)
{
    if (is_thin(w, h))
        return NB_SG_WIN_NOW;
    if (w == 1) /* 1 x 1: no cut */
        return 0;
    return nb_cuttable_value(table_of(g), w, h);
}

static nb_method cut_method(const nb_game *g, size_t part)
{
    (void)g, (void)part;
    return NB_METHOD_TABLE;
}

static nb_status cut_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t p = 0; p < npieces(g); p++)
        sg[p] = piece_value(g, g->state[2 * p], g->state[2 * p + 1]);
    return NB_OK;
}

/* Calls fn for every cut of piece p: direction, offset, and the value the piece leaves
 * (NB_SG_WIN_NOW when a part is thin; 0 when !values, which needs no table), in the order
 * vertical then horizontal by offset. A cut that makes a 1x1 is flagged wins_now. */
static void each_cut(const nb_game *g, size_t p, bool values, nb_option_fn fn, void *ctx)
{
    uint64_t size[2] = {g->state[2 * p], g->state[2 * p + 1]};
    for (int dir = 0; dir < 2; dir++) {
        uint64_t len = size[dir], other = size[1 - dir];
        for (uint64_t at = 1; at < len; at++) {
            uint64_t a[2], b[2];
            a[dir] = at, b[dir] = len - at, a[1 - dir] = b[1 - dir] = other;
            uint64_t cut[3] = {p, dir ? NB_CUT_HORIZONTAL : NB_CUT_VERTICAL, at};
            nb_move m = {.len = 3, .w = cut};
            m.wins_now = (a[0] == 1 && a[1] == 1) || (b[0] == 1 && b[1] == 1);
            uint64_t v = 0;
            if (values) {
                uint64_t va = piece_value(g, a[0], a[1]), vb = piece_value(g, b[0], b[1]);
                v = va == NB_SG_WIN_NOW || vb == NB_SG_WIN_NOW ? NB_SG_WIN_NOW : va ^ vb;
            }
            if (!fn(ctx, &m, v))
                return;
        }
    }
}

/* Like nb_keep_if_target, but NB_SG_WIN_NOW asks for the cuts that win at once. */
static bool keep_cut(void *ctx_, const nb_move *m, uint64_t value)
{
    nb_target_filter *tc = ctx_;
    bool keep = tc->target == NB_SG_WIN_NOW ? m->wins_now
                                            : value == tc->target && !m->wins_now;
    return !keep || nb_movelist_push(tc->out, m);
}

static nb_status cut_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                              nb_movelist *out, nb_err *err)
{
    (void)s, (void)err;
    nb_target_filter filter = {target, out};
    each_cut(g, part, true, keep_cut, &filter);
    return NB_OK;
}

static nb_status cut_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                             void *ctx, nb_err *err)
{
    (void)s, (void)err;
    each_cut(g, part, true, fn, ctx);
    return NB_OK;
}

/* {piece, direction, at}: the piece replaced in place by its two parts, `at` first. */
static void cut_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    size_t at = 2 * (size_t)m->w[0];
    nb_state_resize(after, g->len + 2);
    memcpy(after->w, g->state, at * sizeof *after->w);
    memcpy(after->w + at + 4, g->state + at + 2, (g->len - at - 2) * sizeof *after->w);
    uint64_t w = g->state[at], h = g->state[at + 1], *q = after->w + at;
    if (m->w[1] == NB_CUT_VERTICAL)
        q[0] = m->w[2], q[1] = h, q[2] = w - m->w[2], q[3] = h;
    else
        q[0] = w, q[1] = m->w[2], q[2] = w, q[3] = h - m->w[2];
}

typedef struct each_ctx {
    const nb_game *g;
    nb_move_fn fn;
    void *ctx;
    nb_state after;
} each_ctx;

static bool each_cut_move(void *ctx_, const nb_move *m, uint64_t value)
{
    each_ctx *ec = ctx_;
    (void)value;
    cut_apply(ec->g, m, &ec->after);
    return ec->fn(ec->ctx, m, ec->after.w, ec->after.len);
}

/* Every cut of every piece, in order, with the pieces after it. */
static void cut_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    each_ctx ec = {g, fn, ctx, {0}};
    for (size_t p = 0; p < npieces(g); p++)
        each_cut(g, p, false, each_cut_move, &ec);
    free(ec.after.w);
}

static const char *cut_misere_undefined(const nb_game *g)
{
    (void)g;
    return "misère play is not defined for positions holding a cutting game: cutting out a "
           "1x1 piece decides the end";
}

const nb_ruleset nb_cutting = {
    .name = "cutting",
    .check = cut_check,
    .apply = cut_apply,
    .prepare = cut_prepare,
    .release = cut_release,
    .part_count = cut_part_count,
    .part_values = cut_values,
    .part_method = cut_method,
    .moves_to = cut_moves_to,
    .options = cut_options,
    .each_move = cut_each_move,
    .components = nb_components_per_part,
    .misere_undefined = cut_misere_undefined,
};

nb_status nb_cutting_grid(nb_solver *s, uint64_t max_w, uint64_t max_h, uint64_t **values,
                          nb_err *err)
{
    if (max_w > s->limits.max_side || max_h > s->limits.max_side)
        return nb_fail_field(err, NB_ELIMIT, NB_FIELD_UP_TO, NB_NO_INDEX, NB_NO_INDEX,
                             "has a side over the limit max_side=%llu",
                             (unsigned long long)s->limits.max_side);
    const nb_cuttable *t;
    size_t side = (size_t)(max_w > max_h ? max_w : max_h) + 1;
    nb_status st = acquire(s, side < 3 ? 3 : side, &t, err);
    if (st != NB_OK)
        return st;
    uint64_t *v = nb_xmalloc((max_w + 1) * (max_h + 1) * sizeof *v);
    for (uint64_t w = 0; w <= max_w; w++)
        for (uint64_t h = 0; h <= max_h; h++)
            v[w * (max_h + 1) + h] = w < 2 || h < 2 ? NB_SG_WIN_NOW : nb_cuttable_value(t, w, h);
    nb_table_release(s, &t->base);
    *values = v;
    return NB_OK;
}
