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

/* Whether the ruleset's rule for the convention decides g whole (and so every position
 * after its moves). */
static bool rule_applies(nb_solver *s, const nb_game *g, nb_convention conv, nb_err *err)
{
    nb_status (*rule)(const nb_game *, nb_solver *, nb_analysis *, nb_err *) =
        conv == NB_MISERE ? g->rules->analyse_misere : g->rules->analyse_normal;
    if (!rule)
        return false;
    nb_analysis a = {0};
    nb_movelist_init(&a.moves, 0);
    nb_movelist_init(&a.drawing, 0);
    nb_status st = rule(g, s, &a, err);
    nb_analysis_free(&a);
    nb_err_clear(err);
    return st != NB_EDECLINED;
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
    /* normal play by the parts' values, unless a rule decides the game whole (a rule
     * judges each position after: Bouton's misère Nim, Nim_k; else the search) */
    bool rule = rule_applies(s, g, conv, err);
    bool by_parts = conv == NB_NORMAL && !rule;
    uint64_t *sg = NULL;
    if (by_parts) {
        sg = nb_xmalloc((g->rules->part_count(g) + 1) * sizeof *sg);
        st = g->rules->part_values(g, s, sg, err);
    }
    if (st == NB_OK && by_parts) {
        st = list_by_parts(s, g, sg, &l, err);
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
