/* nb_solver.c - the top level: analyse a position (SG theorem over its parts, a rule, or
 * exhaustive search for misère play) and choose a move to play. */
#include "engine/nb_solver.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_search.h"
#include "engine/nb_smith.h"

nb_limits nb_limits_default(void)
{
    return (nb_limits){
        .max_parts = 1000000,
        .max_components = 1000,
        .max_table = 1ULL << 26,
        .max_side = 1000,
        .max_nodes = 2000000,
        .max_edges = 10000000,
        .max_states = 10000000,
        .max_prime_count = 10000000000000ULL,
        .max_work = 50000000,
    };
}

nb_status nb_sequence_bound(const nb_solver *s, uint64_t up_to, nb_err *err)
{
    if (up_to < s->limits.max_table)
        return NB_OK;
    return nb_fail_field(err, NB_ELIMIT, NB_FIELD_UP_TO, NB_NO_INDEX, NB_NO_INDEX,
                         "%llu exceeds the limit max_table=%llu", (unsigned long long)up_to,
                         (unsigned long long)s->limits.max_table);
}

nb_status nb_table_acquire(const nb_solver *s, const nb_key *key, const nb_cache_kind *kind,
                           const void *need, const nb_cached **out, nb_err *err)
{
    *out = NULL;
    nb_status st = nb_key_check(key, err);
    if (st != NB_OK)
        return st;
    st = nb_cache_acquire(s->cache, key->text, kind, need, out, err);
    if (st == NB_OK && !nb_budget_hold(s->budget, (*out)->bytes)) {
        nb_cache_release(s->cache, *out);
        *out = NULL;
        st = nb_budget_fail(s->budget, err);
    }
    return st;
}

void nb_table_release(const nb_solver *s, const nb_cached *t)
{
    if (t)
        nb_budget_drop(s->budget, t->bytes);
    nb_cache_release(s->cache, t);
}

nb_status nb_game_open(nb_solver *s, nb_game *g, nb_err *err)
{
    nb_status st = g->rules->check(g, s, err);
    if (st == NB_OK && g->rules->prepare)
        st = g->rules->prepare(g, s, err);
    return st;
}

void nb_game_close(nb_solver *s, nb_game *g)
{
    if (g->rules->release)
        g->rules->release(g, s);
}

/* Keeps the best move seen so far by a score (first of equals); owns its copy. */
typedef struct best_move {
    nb_movelist kept; /* limit 1 */
    uint64_t score;
} best_move;

static void offer(best_move *b, const nb_move *move, uint64_t score)
{
    if (b->kept.len && score <= b->score)
        return;
    nb_movelist_free(&b->kept);
    nb_movelist_push(&b->kept, move);
    b->score = score;
}

/* Hands the kept move over to `out` (when there is one and out is not NULL). */
static void take_best(best_move *b, nb_movelist *out)
{
    if (out && b->kept.len) {
        nb_move kept = nb_movelist_at(&b->kept, 0);
        nb_movelist_push(out, &kept);
    }
    nb_movelist_free(&b->kept);
}

/* The parts' SG values (*sg malloc'ed, caller frees) and their XOR. */
static nb_status values_of_parts(nb_solver *s, const nb_game *g, uint64_t **sg, uint64_t *x,
                                 nb_err *err)
{
    size_t n = g->rules->part_count(g);
    *sg = nb_xmalloc((n + 1) * sizeof **sg);
    *x = 0;
    nb_status st = g->rules->part_values(g, s, *sg, err);
    for (size_t p = 0; p < n && st == NB_OK; p++)
        *x ^= (*sg)[p];
    return st;
}

typedef struct scan_ctx {
    uint64_t rest;     /* XOR of every part but the scanned one */
    size_t budget;     /* moves left to look at */
    best_move largest; /* the move leaving the largest SG value */
} scan_ctx;

static bool scan_option(void *ctx_, const nb_move *move, uint64_t value)
{
    scan_ctx *sc = ctx_;
    /* Leaving a part that wins at once for the opponent ranks below everything. */
    offer(&sc->largest, move, value == NB_SG_WIN_NOW ? 0 : (sc->rest ^ value) + 1);
    return --sc->budget > 0;
}

/* A move from a lost position: the first NB_PLAY_SCAN moves over the parts in order,
 * keeping the one that leaves the largest SG value. */
static nb_status scan_parts(nb_solver *s, const nb_game *g, const uint64_t *sg, uint64_t x,
                            nb_movelist *out, nb_err *err)
{
    size_t n = g->rules->part_count(g);
    scan_ctx sc = {.budget = NB_PLAY_SCAN};
    nb_movelist_init(&sc.largest.kept, 1);
    nb_status st = NB_OK;
    for (size_t p = 0; p < n && st == NB_OK && sc.budget; p++) {
        sc.rest = x ^ sg[p];
        st = g->rules->options(g, s, p, scan_option, &sc, err);
    }
    if (st == NB_ELIMIT && sc.largest.kept.len) { /* options cut at a work limit: the best so far */
        nb_err_clear(err);
        st = NB_OK;
    }
    take_best(&sc.largest, st == NB_OK ? out : NULL);
    return st;
}

typedef struct longest_ctx {
    const nb_game *game;
    best_move longest;
} longest_ctx;

static bool offer_remoteness(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    (void)after, (void)len;
    longest_ctx *lc = ctx_;
    uint64_t r;
    if (lc->game->rules->remoteness(lc->game, move, &r))
        offer(&lc->longest, move, r);
    return true;
}

/* From a lost position whose remoteness the ruleset knows, the move after which the
 * opponent's win takes longest. */
static nb_status longest_known(const nb_game *g, nb_movelist *out)
{
    longest_ctx lc = {.game = g};
    nb_movelist_init(&lc.longest.kept, 1);
    g->rules->each_move(g, offer_remoteness, &lc);
    take_best(&lc.longest, out);
    return NB_OK;
}

static bool first_move(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    (void)after, (void)len;
    nb_movelist_push(ctx_, move);
    return false;
}

/* The move to play from a lost position whose values are not at hand yet (a rule or an
 * override decided the verdict). A Nim_k too large to value gets its first legal move. */
static nb_status scan_fresh(nb_solver *s, const nb_game *g, nb_movelist *out, nb_err *err)
{
    uint64_t *sg, x;
    nb_status st = values_of_parts(s, g, &sg, &x, err);
    if (st == NB_OK)
        st = scan_parts(s, g, sg, x, out, err);
    free(sg);
    if (st == NB_ELIMIT && g->rules->analyse_normal && g->rules->each_move) {
        nb_err_clear(err);
        st = NB_OK;
        g->rules->each_move(g, first_move, out);
    }
    return st;
}

typedef struct draw_ctx {
    const nb_smith *smith;
    size_t part;
    nb_movelist *drawing;
    uint64_t work, max_work, loopy_cost; /* a loopy option costs a copy of the state */
} draw_ctx;

static bool keep_draw(void *ctx_, const nb_move *move, uint64_t value)
{
    draw_ctx *dc = ctx_;
    bool has_sg;
    uint64_t sg;
    dc->work += value == NB_SG_LOOPY ? dc->loopy_cost : 1;
    if (dc->work > dc->max_work)
        return false;
    if (nb_smith_after(dc->smith, dc->part, move, value, &has_sg, &sg) == NB_DRAW)
        return nb_movelist_push(dc->drawing, move);
    return true;
}

/* A sum with loopy parts, by Smith's rule (nb_smith.c): won when exactly one part is
 * ∞(K) and the XOR a of the others lies in K, by moving that part to a follower of value
 * a (every part is then finite, XOR 0; no other move leaves every part finite); else
 * drawn, and the moves that keep the draw are those after which the rule says draw,
 * listed while max_work allows. */
static nb_status analyse_loopy(nb_solver *s, const nb_game *g, const uint64_t *sg,
                               nb_analysis *out, nb_err *err)
{
    nb_smith smith;
    nb_smith_init(&smith, g, sg);
    out->has_sg = false;
    out->method = NB_METHOD_RETROGRADE;
    out->verdict = nb_smith_verdict(&smith);
    out->complete = true;
    nb_status st = NB_OK;
    if (out->verdict == NB_WIN) {
        st = g->rules->moves_to(g, s, smith.part[0], smith.x, &out->moves, err);
    } else {
        draw_ctx dc = {.smith = &smith, .drawing = &out->drawing,
                       .max_work = s->limits.max_work, .loopy_cost = g->len + 1};
        size_t n = g->rules->part_count(g);
        for (dc.part = 0; dc.part < n && st == NB_OK && !out->drawing.truncated &&
                          dc.work <= dc.max_work; dc.part++)
            st = g->rules->options(g, s, dc.part, keep_draw, &dc, err);
        if (st == NB_ELIMIT) {
            nb_err_clear(err);
            st = NB_OK;
            out->complete = false;
        }
        out->complete &= dc.work <= dc.max_work;
    }
    nb_smith_free(&smith);
    return st;
}

/* Normal play by the SG theorem: X is the XOR of the parts; the winning moves are the
 * moves that bring a part of value v to v ^ X (below v, where the mex guarantees one,
 * or above it, where the part happens to have such an option). A part that wins at
 * once overrides all: then only the moves that win at once win. A lost position gets
 * its move to play in `fallback` (when not NULL): the longest game where the remoteness
 * is known, else from the same values. */
static nb_status analyse_parts(nb_solver *s, const nb_game *g, nb_analysis *out,
                               nb_movelist *fallback, nb_err *err)
{
    size_t n = g->rules->part_count(g);
    uint64_t *sg, x;
    nb_status st = values_of_parts(s, g, &sg, &x, err);
    bool win_now = false, loopy = false;
    for (size_t p = 0; p < n && st == NB_OK; p++) {
        win_now |= sg[p] == NB_SG_WIN_NOW;
        loopy |= sg[p] == NB_SG_LOOPY;
    }
    if (st == NB_OK && g->rules->components)
        g->rules->components(g, sg, out);
    if (st == NB_OK && g->rules->remoteness && !win_now)
        out->has_remoteness = g->rules->remoteness(g, NULL, &out->remoteness);
    if (st == NB_OK && loopy && !win_now) {
        st = analyse_loopy(s, g, sg, out, err);
        free(sg);
        return st;
    }
    out->has_sg = !win_now;
    out->sg = x;
    out->complete = true;
    out->verdict = win_now || x ? NB_WIN : NB_LOSE;
    out->method = nb_parts_method(g);
    for (size_t p = 0; p < n && st == NB_OK && out->verdict == NB_WIN; p++) {
        if (out->moves.truncated)
            break;
        if (!win_now || sg[p] == NB_SG_WIN_NOW)
            st = g->rules->moves_to(g, s, p, win_now ? NB_SG_WIN_NOW : sg[p] ^ x, &out->moves,
                                    err);
    }
    if (st == NB_OK && fallback && out->verdict == NB_LOSE)
        st = out->has_remoteness ? longest_known(g, fallback) : scan_parts(s, g, sg, x, fallback, err);
    free(sg);
    return st;
}

typedef struct misere_ctx {
    nb_search *search;
    nb_movelist *winning, *drawing;
    best_move longest; /* the move after which the game lasts longest */
    best_move fastest; /* the winning move after which it ends soonest */
} misere_ctx;

static bool collect_misere(void *ctx_, const nb_move *move, const uint64_t *after, size_t len)
{
    misere_ctx *mc = ctx_;
    size_t i = nb_search_find(mc->search, after, len);
    nb_verdict v = nb_search_outcome(mc->search, i);
    if (v == NB_LOSE) {
        nb_movelist_push(mc->winning, move);
        offer(&mc->fastest, move, UINT64_MAX - nb_search_remoteness(mc->search, i));
    } else if (v == NB_DRAW)
        nb_movelist_push(mc->drawing, move);
    else
        offer(&mc->longest, move, nb_search_remoteness(mc->search, i));
    return true;
}

/* From a lost position a misère rule decided, the move after which the game lasts
 * longest: by the search's remoteness where a search of LONGEST_PLAY_STATES states
 * reaches (a rule answers big positions at once, and so must their play), else the scan
 * over the parts. */
#define LONGEST_PLAY_STATES 16384
static nb_status misere_longest(nb_solver *s, const nb_game *g, nb_movelist *out, nb_err *err)
{
    nb_movelist none;
    nb_movelist_init(&none, 0);
    misere_ctx mc = {.winning = &none, .drawing = &none};
    size_t most = s->limits.max_states < LONGEST_PLAY_STATES ? s->limits.max_states
                                                              : LONGEST_PLAY_STATES;
    nb_status st = nb_search_run(g, NB_MISERE, most, s->budget, &mc.search, err);
    if (st == NB_ELIMIT) {
        nb_err_clear(err);
        return scan_fresh(s, g, out, err);
    }
    if (st != NB_OK)
        return st;
    nb_movelist_init(&mc.longest.kept, 1);
    nb_movelist_init(&mc.fastest.kept, 1);
    g->rules->each_move(g, collect_misere, &mc);
    nb_search_free(mc.search);
    take_best(&mc.longest, out);
    take_best(&mc.fastest, NULL);
    nb_movelist_free(&none);
    return NB_OK;
}

/* Misère play by the ruleset's rule, else by exhaustive search, whose remoteness gives the
 * move to play: in a won position the one that wins soonest (a game that can cycle is
 * then won for certain), in a lost one the one that makes the game last longest. */
static nb_status analyse_misere(nb_solver *s, const nb_game *g, nb_analysis *out,
                                nb_movelist *fallback, nb_err *err)
{
    if (g->rules->components)
        g->rules->components(g, NULL, out);
    if (g->rules->analyse_misere) {
        out->complete = true;
        nb_status st = g->rules->analyse_misere(g, s, out, err);
        if (st != NB_EDECLINED && !out->method) /* a rule that does not name itself */
            out->method = NB_METHOD_CLOSED_FORM;
        if (st != NB_EDECLINED)
            return st == NB_OK && fallback && out->verdict == NB_LOSE
                       ? misere_longest(s, g, fallback, err) : st;
        nb_err_clear(err); /* the rule does not reach this position: search it */
        nb_movelist_free(&out->moves);
        out->method = NB_METHOD_UNSET;
    }
    misere_ctx mc = {.winning = &out->moves, .drawing = &out->drawing};
    nb_status st = nb_search_run(g, NB_MISERE, s->limits.max_states, s->budget, &mc.search, err);
    if (st != NB_OK)
        return st;
    out->verdict = nb_search_outcome(mc.search, 0);
    out->method = NB_METHOD_SEARCH;
    out->has_remoteness = out->verdict != NB_DRAW;
    out->remoteness = nb_search_remoteness(mc.search, 0);
    out->complete = true;
    nb_movelist_init(&mc.longest.kept, 1);
    nb_movelist_init(&mc.fastest.kept, 1);
    g->rules->each_move(g, collect_misere, &mc);
    nb_search_free(mc.search);
    take_best(&mc.longest, out->verdict == NB_LOSE ? fallback : NULL);
    take_best(&mc.fastest, out->verdict == NB_WIN ? fallback : NULL);
    return NB_OK;
}

nb_status nb_misere_defined(const nb_game *g, nb_err *err)
{
    nb_status st = NB_OK;
    const char *why = g->rules->misere_undefined ? g->rules->misere_undefined(g) : NULL;
    if (why)
        st = nb_fail(err, NB_EUNDEFINED, "%s", why);
    else if (!g->rules->each_move)
        st = nb_fail(err, NB_EUNDEFINED, "misère play is not supported for %s", g->rules->name);
    if (st != NB_OK)
        nb_err_blame(err, NB_FIELD_CONVENTION, NB_NO_INDEX, NB_NO_INDEX);
    return st;
}

/* Whether the winning move to play must be chosen among all of them: where the
 * remoteness is known (*by_remoteness: the soonest win), or where a part may cycle (the
 * least progress). Otherwise any winning move wins and the first is played. */
static bool must_choose(const nb_game *g, bool *by_remoteness)
{
    uint64_t r;
    int64_t rank;
    *by_remoteness = g->rules->remoteness && g->rules->remoteness(g, NULL, &r);
    return *by_remoteness || (g->rules->progress && g->rules->progress(g, NULL, &rank));
}

/* The winning move to play under normal play, into `play`: the soonest win, or the one of
 * least progress (Smith's counter function: nb_loopy.c shows why that wins for certain). */
static void choose_win(const nb_game *g, bool by_remoteness, const nb_movelist *wins,
                       nb_movelist *play)
{
    uint64_t r;
    if (!wins->len)
        return;
    size_t best = 0;
    int64_t best_rank = INT64_MAX;
    for (size_t i = 0; i < wins->len; i++) {
        nb_move m = nb_movelist_at(wins, i);
        int64_t rank = 0;
        if (by_remoteness)
            rank = g->rules->remoteness(g, &m, &r) ? (int64_t)r : INT64_MAX;
        else if (!g->rules->progress(g, &m, &rank))
            rank = 0;
        if (rank < best_rank)
            best = i, best_rank = rank;
    }
    nb_move chosen = nb_movelist_at(wins, best);
    nb_movelist_push(play, &chosen);
}

/* What nb_analyse and nb_play share: the game opened once, analysed, closed. */
static nb_status analyse(nb_solver *s, nb_game *g, nb_convention conv, size_t max_moves,
                         nb_analysis *out, nb_movelist *fallback, nb_err *err)
{
    memset(out, 0, sizeof *out);
    nb_movelist_init(&out->moves, max_moves);
    nb_movelist_init(&out->drawing, max_moves);
    nb_status st = conv == NB_MISERE ? nb_misere_defined(g, err) : NB_OK;
    if (st == NB_OK)
        st = nb_game_open(s, g, err);
    if (st != NB_OK)
        return st;
    bool by_remoteness = false;
    bool choosing = fallback && conv == NB_NORMAL && must_choose(g, &by_remoteness);
    if (choosing && out->moves.limit < NB_PLAY_WINS)
        out->moves.limit = NB_PLAY_WINS; /* every winning move, to choose among */
    if (conv == NB_MISERE) {
        st = analyse_misere(s, g, out, fallback, err);
    } else {
        st = g->rules->analyse_normal ? g->rules->analyse_normal(g, s, out, err) : NB_EDECLINED;
        if (st == NB_EDECLINED) { /* no rule for the whole: the parts' values decide */
            nb_err_clear(err);
            st = analyse_parts(s, g, out, fallback, err);
        } else if (st == NB_OK && fallback && out->verdict == NB_LOSE) {
            st = scan_fresh(s, g, fallback, err);
        }
        if (st == NB_OK && !out->method) /* a rule that does not name itself */
            out->method = NB_METHOD_CLOSED_FORM;
    }
    if (st == NB_OK && choosing && !fallback->len && out->verdict == NB_WIN)
        choose_win(g, by_remoteness, &out->moves, fallback);
    nb_game_close(s, g);
    if (out->verdict != NB_WIN)
        nb_movelist_free(&out->moves);
    if (out->verdict != NB_DRAW)
        nb_movelist_free(&out->drawing);
    out->complete = out->complete && !out->moves.truncated && !out->moves.incomplete &&
                    !out->drawing.truncated;
    if (st != NB_OK)
        nb_analysis_free(out);
    return st;
}

nb_status nb_analyse(nb_solver *s, nb_game *g, nb_convention conv, size_t max_moves,
                     nb_analysis *out, nb_err *err)
{
    return analyse(s, g, conv, max_moves, out, NULL, err);
}

nb_status nb_play(nb_solver *s, nb_game *g, nb_convention conv, nb_play_result *out,
                  nb_err *err)
{
    nb_analysis a;
    nb_movelist_init(&out->move, 1);
    nb_status st = analyse(s, g, conv, 1, &a, &out->move, err);
    if (st != NB_OK) {
        nb_movelist_free(&out->move);
        return st;
    }
    out->verdict = a.verdict;
    const nb_movelist *first = a.moves.len ? &a.moves : &a.drawing; /* a win, else a draw kept */
    if (!out->move.len && first->len) {
        nb_move m = nb_movelist_at(first, 0);
        nb_movelist_push(&out->move, &m);
    }
    nb_analysis_free(&a);
    out->has_move = out->move.len > 0;
    return NB_OK;
}
