/* nb_moves.c - every legal move with its outcome: by the parts' values and options under
 * normal play, else by the ruleset's rule or a search of the positions after the moves. */
#include "engine/nb_moves.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_search.h"
#include "engine/nb_smith.h"

/* The list being made: moves and outcomes side by side. */
typedef struct lister {
    nb_movelist *moves;
    nb_move_outcome *out;
    size_t cap;
    /* normal play by the parts */
    nb_smith smith;      /* the parts' values */
    size_t part;         /* the part being moved in */
    bool remoteness;     /* the position's remoteness is known, so each move's is */
    /* otherwise, the position after each move judged whole */
    nb_solver *solver;
    const nb_game *game;
    nb_search *search;
    nb_convention conv;
    nb_status st;
    nb_err *err;
} lister;

/* Appends a move with its outcome; false once the list is full. */
static bool add(lister *l, const nb_move *m, nb_move_outcome o)
{
    if (!nb_movelist_push(l->moves, m))
        return false;
    nb_reserve((void **)&l->out, &l->cap, l->moves->len, sizeof *l->out);
    l->out[l->moves->len - 1] = o;
    return true;
}

bool nb_offer_state(void *offer, const nb_move *m, uint64_t value)
{
    (void)value;
    nb_state_offer *o = offer;
    o->g->rules->apply(o->g, m, &o->after);
    o->stopped = !o->fn(o->ctx, m, o->after.w, o->after.len);
    return !o->stopped;
}

/* Normal play by the parts: the position after the move judged by Smith's rule (the SG
 * theorem where no part is loopy; nb_smith.c also settles the parts that win at once). */
static bool add_option(void *ctx, const nb_move *m, uint64_t v)
{
    lister *l = ctx;
    nb_move_outcome o = {0};
    nb_verdict after = nb_smith_after(&l->smith, l->part, m, v, &o.has_sg, &o.sg);
    o.outcome = after == NB_LOSE ? NB_WIN : after == NB_WIN ? NB_LOSE : NB_DRAW;
    if (l->remoteness && after != NB_DRAW && !m->wins_now)
        o.has_remoteness = l->game->rules->remoteness(l->game, m, &o.remoteness);
    return add(l, m, o);
}

/* The verdict of the position after a move, for the player then to move. */
static nb_verdict judge(lister *l, const uint64_t *after, size_t len, nb_move_outcome *o)
{
    nb_game child = nb_game_view(l->game, (uint64_t *)after, len);
    if (l->search) {
        size_t i = nb_search_find(l->search, after, len);
        nb_verdict v = nb_search_outcome(l->search, i);
        o->has_remoteness = v != NB_DRAW;
        o->remoteness = nb_search_remoteness(l->search, i);
        if (l->conv == NB_NORMAL && nb_search_has_sg(l->search, i)) {
            o->has_sg = true;
            o->sg = nb_search_sg(l->search, i);
        }
        return v;
    }
    nb_analysis a = {0};
    nb_movelist_init(&a.moves, 0);
    nb_movelist_init(&a.drawing, 0);
    l->st = l->conv == NB_MISERE ? l->game->rules->analyse_misere(&child, l->solver, &a, l->err)
                                 : l->game->rules->analyse_normal(&child, l->solver, &a, l->err);
    nb_verdict v = a.verdict;
    nb_analysis_free(&a);
    return v;
}

static bool add_judged(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    lister *l = ctx;
    nb_move_outcome o = {0};
    nb_verdict v = judge(l, after, len, &o);
    if (l->st != NB_OK)
        return false;
    o.outcome = m->wins_now ? NB_WIN : v == NB_LOSE ? NB_WIN : v == NB_WIN ? NB_LOSE : NB_DRAW;
    return add(l, m, o);
}

/* Each part's options in turn, with the parts' values sg[] (the order of each_move). A
 * ruleset's options may stop at a work limit (NB_ELIMIT): the list then says it is cut. */
static nb_status list_by_parts(nb_solver *s, const nb_game *g, const uint64_t *sg, lister *l,
                               nb_err *err)
{
    size_t n = g->rules->part_count(g);
    uint64_t r;
    nb_smith_init(&l->smith, g, sg);
    l->remoteness = g->rules->remoteness && !l->smith.win_now && g->rules->remoteness(g, NULL, &r);
    nb_status st = NB_OK;
    for (size_t p = 0; p < n && st == NB_OK && !l->moves->truncated; p++) {
        l->part = p;
        st = g->rules->options(g, s, p, add_option, l, err);
        if (st == NB_ELIMIT) { /* that part's moves are not all listed; the next ones are */
            nb_err_clear(err);
            l->moves->incomplete = true;
            st = NB_OK;
        }
    }
    nb_smith_free(&l->smith);
    return st;
}

/* The ruleset's rule for the convention applied to g, at most `limit` winning moves listed
 * in *a (the caller frees it, whatever the status): NB_EDECLINED when there is no rule or
 * it declines g, else the rule's status. */
static nb_status rule_decides(nb_solver *s, const nb_game *g, nb_convention conv,
                              size_t limit, nb_analysis *a, nb_err *err)
{
    nb_status (*rule)(const nb_game *, nb_solver *, nb_analysis *, nb_err *) =
        conv == NB_MISERE ? g->rules->analyse_misere : g->rules->analyse_normal;
    nb_movelist_init(&a->moves, limit);
    nb_movelist_init(&a->drawing, 0);
    if (!rule)
        return NB_EDECLINED;
    a->complete = true; /* a rule that lists only some moves says so */
    return rule(g, s, a, err);
}

/* Moves ordered by their component, then their words (a winning move sought among them). */
static int move_order(const void *x_, const void *y_)
{
    const nb_move *x = x_, *y = y_;
    if (x->component != y->component)
        return x->component < y->component ? -1 : 1;
    if (x->wins_now != y->wins_now)
        return x->wins_now ? 1 : -1;
    if (x->len != y->len)
        return x->len < y->len ? -1 : 1;
    for (size_t i = 0; i < x->len; i++)
        if (x->w[i] != y->w[i])
            return x->w[i] < y->w[i] ? -1 : 1;
    return 0;
}

/* Every winning move of a game without draws, sorted; a move's outcome is whether it is
 * among them. */
typedef struct winning_set {
    lister *l;
    nb_move *sorted;
    size_t n;
} winning_set;

static bool add_by_winning(void *ctx, const nb_move *m, const uint64_t *after, size_t len)
{
    (void)after, (void)len;
    winning_set *w = ctx;
    bool wins = m->wins_now || bsearch(m, w->sorted, w->n, sizeof *w->sorted, move_order);
    return add(w->l, m, (nb_move_outcome){.outcome = wins ? NB_WIN : NB_LOSE});
}

/* Whether the rule's analysis a of g gives every move's outcome at once: it lists every
 * winning move, and no position of g can be drawn (so every other move loses). */
static bool outcomes_listed(const nb_game *g, const nb_analysis *a)
{
    int64_t rank;
    return a->complete && !a->moves.truncated && !a->moves.incomplete &&
           a->verdict != NB_DRAW && !(g->rules->progress && g->rules->progress(g, NULL, &rank));
}

/* Each move's outcome from the rule's list of winning moves (rather than the rule asked
 * again of the position after each move: a sum's rule searches its components). */
static void list_by_winning(const nb_game *g, const nb_analysis *a, lister *l)
{
    winning_set w = {.l = l, .n = a->moves.len};
    w.sorted = nb_xmalloc((w.n + 1) * sizeof *w.sorted);
    for (size_t i = 0; i < w.n; i++)
        w.sorted[i] = nb_movelist_at(&a->moves, i);
    qsort(w.sorted, w.n, sizeof *w.sorted, move_order);
    g->rules->each_move(g, add_by_winning, &w);
    free(w.sorted);
}

nb_status nb_moves(nb_solver *s, nb_game *g, nb_convention conv, size_t max_moves,
                   nb_movelist *moves, nb_move_outcome **outcomes, bool *complete, nb_err *err)
{
    nb_movelist_init(moves, max_moves);
    *outcomes = NULL;
    *complete = false;
    nb_status st = conv == NB_MISERE ? nb_misere_defined(g, err) : NB_OK;
    if (st == NB_OK)
        st = nb_game_open(s, g, err);
    if (st != NB_OK)
        return st;
    lister l = {.moves = moves, .solver = s, .game = g, .conv = conv, .err = err};
    /* normal play by the parts' values, unless a rule decides the game whole (Bouton's
     * misère Nim, Nim_k, a sum's tame parts): its winning moves then give every move's
     * outcome, or it judges each position after; else the search */
    nb_analysis ruled = {0};
    st = rule_decides(s, g, conv, max_moves, &ruled, err);
    bool rule = st == NB_OK, by_parts = conv == NB_NORMAL && !rule;
    if (st == NB_EDECLINED) {
        nb_err_clear(err);
        st = NB_OK;
    }
    uint64_t *sg = NULL;
    if (st == NB_OK && by_parts) {
        sg = nb_xmalloc((g->rules->part_count(g) + 1) * sizeof *sg);
        st = g->rules->part_values(g, s, sg, err);
        if (st == NB_OK)
            st = list_by_parts(s, g, sg, &l, err);
    } else if (st == NB_OK && rule && outcomes_listed(g, &ruled)) {
        list_by_winning(g, &ruled, &l);
    } else if (st == NB_OK) {
        if (!rule)
            st = nb_search_run(g, conv, s->limits.max_states, s->budget, &l.search, err);
        if (st == NB_OK) {
            l.st = NB_OK;
            g->rules->each_move(g, add_judged, &l);
            st = l.st;
        }
        nb_search_free(l.search);
    }
    nb_analysis_free(&ruled);
    free(sg);
    nb_game_close(s, g);
    if (st != NB_OK) {
        nb_movelist_free(moves);
        free(l.out);
        return st;
    }
    *complete = !moves->truncated && !moves->incomplete;
    *outcomes = l.out;
    return NB_OK;
}
