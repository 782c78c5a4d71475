/* nb_solver.h - the solver context (limits and table cache) and the top-level calls:
 * analyse a position, choose a move to play. */
#ifndef NB_SOLVER_H
#define NB_SOLVER_H

#include "core/nb_budget.h"
#include "core/nb_key.h"
#include "engine/nb_game.h"
#include "cache/nb_cache.h"

/* Limits on what one call may do; each message that names one uses the field's name. */
typedef struct nb_limits {
    uint64_t max_parts;      /* heaps, stairs, coins, pieces or tokens in one game */
    uint64_t max_components; /* components of one sum */
    uint64_t max_table;      /* entries of one SG table (subtraction values, cutting cells) */
    uint64_t max_side;       /* side of a cutting piece */
    uint64_t max_nodes;      /* dag nodes */
    uint64_t max_edges;      /* dag edges */
    uint64_t max_states;     /* positions one exhaustive search may visit */
    uint64_t max_prime_count; /* largest prime whose index among the primes is counted */
    uint64_t max_work;       /* steps one exact re-solving of moves, the labelling of a graph
                                with cycles, or the listing of drawing moves may take */
} nb_limits;

/* The defaults: 10^6 parts, 1000 components, 2^26 table entries, sides of 1000,
 * 2*10^6 nodes, 10^7 edges, 10^6 search states, primes counted up to 10^13, 5*10^7 steps of re-solving. */
nb_limits nb_limits_default(void);

/* Borrowed by every call: the cache is owned by whoever made the solver. */
struct nb_solver {
    nb_cache *cache;
    nb_limits limits;
    nb_budget *budget; /* the request's time and cancellation (NULL: none), borrowed */
};

/* Analyses g for the player to move, listing at most max_moves winning moves. On
 * success the caller owns *out (nb_analysis_free). g's params may be given tables. */
nb_status nb_analyse(nb_solver *s, nb_game *g, nb_convention conv, size_t max_moves,
                     nb_analysis *out, nb_err *err);

/* One move for the player to move: a winning move when there is one (the soonest win where
 * the remoteness is known, the one of least progress where a part may cycle, choosing
 * among the first NB_PLAY_WINS winning moves); in a draw a move that keeps it; else a
 * legal move chosen deterministically (the longest game where the search or the ruleset
 * knows the remoteness, else the largest SG left among the first NB_PLAY_SCAN moves in the ruleset's order). */
#define NB_PLAY_SCAN 65536
#define NB_PLAY_WINS 65536
typedef struct nb_play_result {
    nb_verdict verdict;
    bool has_move; /* false when the player to move has no legal move */
    nb_movelist move; /* holds the move (one at most); owned: nb_movelist_free */
} nb_play_result;

nb_status nb_play(nb_solver *s, nb_game *g, nb_convention conv, nb_play_result *out,
                  nb_err *err);


/* NB_OK when misère play is defined for g, else NB_EUNDEFINED blaming the convention. */
nb_status nb_misere_defined(const nb_game *g, nb_err *err);

/* A table from the solver's cache (nb_cache_acquire) that counts against the request's
 * memory budget while it is held (NB_ELIMIT naming max_request_mb, nothing held, when it
 * would pass it; NB_ELIMIT for a key that was cut). Release it with nb_table_release
 * (NULL: nothing). */
nb_status nb_table_acquire(const nb_solver *s, const nb_key *key, const nb_cache_kind *kind,
                           const void *need, const nb_cached **out, nb_err *err);
void nb_table_release(const nb_solver *s, const nb_cached *t);

/* NB_ELIMIT naming max_table (blaming up_to) when a table to up_to would pass it. */
nb_status nb_sequence_bound(const nb_solver *s, uint64_t up_to, nb_err *err);

/* check then prepare, and its undoing; for callers that use a ruleset directly. */
nb_status nb_game_open(nb_solver *s, nb_game *g, nb_err *err);
void nb_game_close(nb_solver *s, nb_game *g);

#endif
