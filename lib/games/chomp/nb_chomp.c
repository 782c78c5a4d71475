/* nb_chomp.c - Chomp (Gale 1974): the values of a diagram and of every diagram inside it
 * from the table of its shape (nb_chomptable.c), within max_table diagrams; a single row
 * or column of n cells is a Nim heap of n - 1 (each move leaves 1..n-1 cells), so it is
 * valued at any size, under misère play as misère Nim's one heap (lost at n = 2 alone).
 * Every rectangle but 1x1 is a first-player win by strategy stealing (if taking the
 * far corner lost, the winning reply would be a first move as good), which the tests
 * check against the tables. */
#include "games/chomp/nb_chomp.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

static const nb_chomptable *table_of(const nb_game *g)
{
    return ((const nb_chomp_params *)g->params)->table;
}

/* A single row or a single column: n cells in a line. */
static bool is_line(const nb_game *g) { return g->len <= 1 || g->state[0] == 1; }

static uint64_t line_cells(const nb_game *g) { return g->len <= 1 ? g->state[0] : g->len; }

static nb_status chomp_check(const nb_game *g, const nb_solver *s, nb_err *err)
{
    if (!g->len)
        return nb_fail_field(err, NB_EINVAL, NB_CHOMP_FIELD_ROWS, NB_NO_INDEX, NB_NO_INDEX,
                             "has no row: the poisoned cell is row 1's first");
    for (size_t i = 0; i < g->len; i++)
        if (!g->state[i] || (i && g->state[i] > g->state[i - 1]))
            return nb_fail_field(err, NB_EINVAL, NB_CHOMP_FIELD_ROWS, i, NB_NO_INDEX,
                                 "is %s: the rows of a diagram are at least 1 and none is "
                                 "longer than the one above it",
                                 g->state[i] ? "longer than the row above" : "0");
    if (is_line(g))
        return NB_OK;
    if (g->len > s->limits.max_side || g->state[0] > s->limits.max_side)
        return nb_fail_field(err, NB_ELIMIT, NB_CHOMP_FIELD_ROWS, NB_NO_INDEX, NB_NO_INDEX,
                             "is %zu rows by %llu, past the limit max_side=%llu of Chomp's "
                             "tables", g->len, (unsigned long long)g->state[0],
                             (unsigned long long)s->limits.max_side);
    uint64_t count = nb_chomp_count(g->state, g->len, s->limits.max_table);
    if (count > s->limits.max_table)
        return nb_fail_field(err, NB_ELIMIT, NB_CHOMP_FIELD_ROWS, NB_NO_INDEX, NB_NO_INDEX,
                             "holds more diagrams inside it than the limit max_table=%llu "
                             "(a Chomp table values each one)",
                             (unsigned long long)s->limits.max_table);
    return NB_OK;
}

static nb_status chomp_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    if (is_line(g))
        return NB_OK;
    nb_key key = nb_chomp_key(g->state, g->len);
    nb_chomptable_need need = {g->state, g->len, s->budget};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_chomptable_kind, &need, &c, err);
    if (st == NB_OK)
        ((nb_chomp_params *)g->params)->table = (const nb_chomptable *)c;
    return st;
}

static void chomp_release(nb_game *g, nb_solver *s)
{
    nb_chomp_params *p = g->params;
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
}

static size_t chomp_part_count(const nb_game *g)
{
    (void)g;
    return 1;
}

/* Calls fn for every move {row, column} in row order, with the rank of the diagram after
 * it in t (t NULL: rank 0). */
typedef bool (*cell_fn)(void *ctx, const nb_move *m, uint64_t rank);

static void each_cell(const nb_game *g, const nb_chomptable *t, cell_fn fn, void *ctx)
{
    size_t k = g->len;
    uint64_t prefix = 0, *suffix = nb_xcalloc(k + 1, sizeof *suffix);
    for (size_t i = k; t && i-- > 0;)
        suffix[i] = suffix[i + 1] + t->step[t->offset[i] + g->state[i]];
    bool go = true;
    for (size_t r = 0; r < k && go; r++) {
        for (uint64_t c = r ? 0 : 1; c < g->state[r] && go; c++) {
            uint64_t rank = 0;
            if (t) {
                size_t i = r;
                rank = prefix;
                for (; i < k && g->state[i] > c; i++)
                    rank += t->step[t->offset[i] + c];
                rank += suffix[i];
            }
            uint64_t w[2] = {r, c};
            go = fn(ctx, &(nb_move){.len = 2, .w = w}, rank);
        }
        if (t)
            prefix += t->step[t->offset[r] + g->state[r]];
    }
    free(suffix);
}

typedef struct valued {
    const nb_game *g;
    nb_option_fn fn;
    void *ctx;
} valued;

/* A line's move leaves the cells before it: value (row or column index) - 1. */
static bool value_cell(void *ctx, const nb_move *m, uint64_t rank)
{
    valued *v = ctx;
    const nb_chomptable *t = table_of(v->g);
    uint64_t value = t ? t->values[rank] : m->w[0] + m->w[1] - 1;
    return v->fn(v->ctx, m, value);
}

static nb_status chomp_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    const nb_chomptable *t = table_of(g);
    sg[0] = t ? t->values[nb_chomp_rank(t, g->state, g->len)] : line_cells(g) - 1;
    return NB_OK;
}

static nb_status chomp_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                               void *ctx, nb_err *err)
{
    (void)s, (void)part, (void)err;
    valued v = {g, fn, ctx};
    each_cell(g, table_of(g), value_cell, &v);
    return NB_OK;
}

static nb_status chomp_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                                nb_movelist *out, nb_err *err)
{
    if (!table_of(g)) { /* a line: the one cell that leaves target + 1 cells */
        uint64_t n = line_cells(g), keep = target + 1;
        if (target < n - 1) {
            uint64_t w[2] = {g->len <= 1 ? 0 : keep, g->len <= 1 ? keep : 0};
            nb_movelist_push(out, &(nb_move){.len = 2, .w = w});
        }
        return NB_OK;
    }
    nb_target_filter f = {target, out};
    return chomp_options(g, s, part, nb_keep_if_target, &f, err);
}

static void chomp_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    size_t r = (size_t)m->w[0];
    uint64_t c = m->w[1];
    nb_state_resize(after, g->len);
    memcpy(after->w, g->state, g->len * sizeof *after->w);
    size_t len = g->len;
    for (size_t i = r; i < g->len; i++)
        if (after->w[i] > c)
            after->w[i] = c;
    while (len > 0 && !after->w[len - 1])
        len--;
    after->len = len;
}

static bool offer_cell(void *ctx, const nb_move *m, uint64_t rank)
{
    (void)rank;
    return nb_offer_state(ctx, m, 0);
}

static void chomp_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    each_cell(g, NULL, offer_cell, &o);
    free(o.after.w);
}

static nb_method chomp_method(const nb_game *g, size_t part)
{
    (void)part;
    return table_of(g) ? NB_METHOD_TABLE : NB_METHOD_CLOSED_FORM;
}

typedef struct misere_wins {
    const nb_chomptable *t;
    nb_movelist *out;
} misere_wins;

static bool keep_misere_win(void *ctx, const nb_move *m, uint64_t rank)
{
    misere_wins *w = ctx;
    return !nb_chomp_misere_lost(w->t, rank) || nb_movelist_push(w->out, m);
}

/* Misère play of one diagram: its table's outcomes; a line is misère Nim's one heap of
 * n - 1, lost at n = 2 alone, won from n >= 3 by leaving 2 cells. */
static nb_status chomp_misere(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err)
{
    (void)s, (void)err;
    const nb_chomptable *t = table_of(g);
    if (!t) {
        uint64_t n = line_cells(g);
        out->verdict = n == 2 ? NB_LOSE : NB_WIN;
        if (n > 2) {
            uint64_t w[2] = {g->len <= 1 ? 0 : 2, g->len <= 1 ? 2 : 0};
            nb_movelist_push(&out->moves, &(nb_move){.len = 2, .w = w});
        }
        return NB_OK;
    }
    out->method = NB_METHOD_TABLE;
    out->verdict = nb_chomp_misere_lost(t, nb_chomp_rank(t, g->state, g->len)) ? NB_LOSE : NB_WIN;
    misere_wins w = {t, &out->moves};
    each_cell(g, t, keep_misere_win, &w);
    return NB_OK;
}

const nb_ruleset nb_chomp = {
    .name = "chomp",
    .check = chomp_check,
    .prepare = chomp_prepare,
    .release = chomp_release,
    .apply = chomp_apply,
    .part_count = chomp_part_count,
    .part_values = chomp_values,
    .part_method = chomp_method,
    .moves_to = chomp_moves_to,
    .options = chomp_options,
    .each_move = chomp_each_move,
    .analyse_misere = chomp_misere,
};
