/* nb_legal.c - a move checked against its ruleset: the ruleset's legal test, or the moves
 * its each_move lists compared word by word. */
#include "engine/nb_legal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

nb_status nb_illegal(nb_err *err, size_t word, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    nb_fail(err, NB_EINVAL, "%s", "");
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    nb_err_blame(err, NB_FIELD_MOVE, word, NB_NO_INDEX);
    return NB_EINVAL;
}

nb_status nb_part_exists(const nb_game *g, const nb_move *m, size_t stride, const char *noun,
                         nb_err *err)
{
    size_t parts = g->len / stride;
    if (m->w[0] >= parts && !parts)
        return nb_illegal(err, 0, "the position has no %s", noun);
    if (m->w[0] >= parts)
        return nb_illegal(err, 0, "there is no %s %llu: they are numbered 0..%zu", noun,
                          (unsigned long long)m->w[0], parts - 1);
    return NB_OK;
}

/* The listing: the move looked for, the copy found, and the budget it looks at. */
typedef struct finder {
    const nb_move *want;
    nb_movelist *out;
    nb_budget *budget;
    size_t best; /* the most leading words of the move some legal move shares */
    bool found, stopped;
} finder;

static bool same_move(const nb_move *a, const nb_move *b)
{
    return a->len == b->len && a->component == b->component &&
           (!a->len || !memcmp(a->w, b->w, a->len * sizeof *a->w));
}

static bool look(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    (void)after;
    finder *f = ctx;
    if (nb_budget_spent_after(f->budget, len + 1)) { /* each move made a state of len words */
        f->stopped = true;
        return false;
    }
    if (!same_move(m, f->want)) {
        size_t run = 0;
        while (m->component == f->want->component && run < m->len && run < f->want->len &&
               m->w[run] == f->want->w[run])
            run++;
        if (run > f->best)
            f->best = run;
        return true;
    }
    f->found = true;
    nb_movelist_push(f->out, m);
    return false;
}

nb_status nb_move_legal(nb_solver *s, nb_game *g, const nb_move *m, nb_movelist *out,
                        nb_err *err)
{
    if (g->rules->legal) {
        nb_status st = g->rules->check(g, s, err);
        if (st == NB_OK)
            st = g->rules->legal(g, m, err);
        if (st == NB_OK)
            nb_movelist_push(out, m);
        return st;
    }
    nb_status st = nb_game_open(s, g, err);
    if (st != NB_OK)
        return st;
    finder f = {.want = m, .out = out, .budget = s->budget};
    if (g->rules->each_move)
        g->rules->each_move(g, look, &f);
    nb_game_close(s, g);
    if (f.stopped)
        return nb_budget_fail(s->budget, err);
    if (!f.found) /* no sentence: the caller names the member that word comes from */
        return nb_illegal(err, f.best < m->len ? f.best : NB_NO_INDEX, "%s", "");
    return NB_OK;
}

static bool stop_at_first(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    (void)m, (void)after, (void)len;
    *(bool *)ctx = true;
    return false;
}

nb_status nb_has_move(nb_solver *s, nb_game *g, bool *any, nb_err *err)
{
    *any = false;
    nb_status st = nb_game_open(s, g, err); /* each_move may read the tables prepare gives */
    if (st != NB_OK)
        return st;
    if (g->rules->each_move)
        g->rules->each_move(g, stop_at_first, any);
    nb_game_close(s, g);
    return NB_OK;
}
