/* nb_game.h - a game position, its moves, the analysis of it, and the ruleset interface. */
#ifndef NB_GAME_H
#define NB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nb_error.h"

typedef struct nb_solver nb_solver;
typedef struct nb_ruleset nb_ruleset;

/* A position. Its state is a vector of words whose meaning the ruleset gives (heaps,
 * stairs, coin bits, tokens, piece sizes; for a sum the components' states end to end).
 * `params` holds the rules (k, the subtraction set, the graph, the components) and the
 * tables that prepare() attached. The game borrows both: whoever built it owns them. */
typedef struct nb_game {
    const nb_ruleset *rules;
    void *params;
    size_t len;
    uint64_t *state;
} nb_game;

typedef struct nb_take {
    size_t heap;
    uint64_t take;
} nb_take;

typedef enum nb_cut_dir { NB_CUT_VERTICAL, NB_CUT_HORIZONTAL } nb_cut_dir;

/* One move. `component` is the sum component that holds it (0 outside sums); which
 * union member is in use is decided by that component's ruleset. `takes` (Moore's Nim_k
 * only, else NULL; in increasing heap order, one per heap) is owned by the nb_movelist
 * holding the move; a move handed to a callback only borrows it. */
typedef struct nb_move {
    size_t component;
    nb_take *takes;
    size_t ntakes;
    union {
        nb_take take;                                      /* nim, bash, subtraction */
        struct { size_t stair; uint64_t count; } stair;    /* staircase, stair 1-based */
        struct { size_t coin, also; } flip;                /* coins, 1-based; also=0: none */
        struct { size_t piece; nb_cut_dir dir; uint64_t at; bool wins_now; } cut;
        struct { size_t token; uint64_t from, to; } slide; /* dag */
    } u;
} nb_move;

/* A list of moves that holds at most `limit` of them; pushing past the limit sets
 * `truncated` instead. Owns its items and their `takes`. */
typedef struct nb_movelist {
    nb_move *items;
    size_t len, cap, limit;
    bool truncated;
} nb_movelist;

void nb_movelist_init(nb_movelist *list, size_t limit);
/* Appends a deep copy of *move; false (and truncated set) once the list is full. */
bool nb_movelist_push(nb_movelist *list, const nb_move *move);
void nb_movelist_free(nb_movelist *list);

/* The SG value of a part that lets the player to move win at once (a thin cutting piece). */
#define NB_SG_WIN_NOW UINT64_MAX

typedef enum nb_verdict { NB_LOSE, NB_WIN, NB_DRAW } nb_verdict;
typedef enum nb_convention { NB_NORMAL, NB_MISERE } nb_convention;

typedef struct nb_component {
    bool has_sg;
    uint64_t sg;
} nb_component;

/* The answer for one position. Owns `components` and `moves`: free with nb_analysis_free. */
typedef struct nb_analysis {
    nb_verdict verdict;
    bool has_sg;
    uint64_t sg;
    nb_component *components; /* NULL when the game has no independent parts to list */
    size_t ncomponents;
    nb_movelist moves;        /* winning moves, at most the limit asked for */
    bool complete;            /* moves holds every winning move */
} nb_analysis;

void nb_analysis_free(nb_analysis *a);

/* An nb_option_fn that appends to `out` the moves whose value is `target`. */
typedef struct nb_target_filter {
    uint64_t target;
    nb_movelist *out;
} nb_target_filter;
bool nb_keep_if_target(void *filter, const nb_move *move, uint64_t value);

/* A `components` member for rulesets whose parts are what they list: one component per
 * part, with its SG value unless sg is NULL or the part wins at once. */
void nb_components_per_part(const nb_game *g, const uint64_t *sg, nb_analysis *out);

/* Called for each move with the state after it (len words, valid during the call only).
 * Returns false to stop the enumeration. */
typedef bool (*nb_move_fn)(void *ctx, const nb_move *move, const uint64_t *after);

/* Called for each move of one part with that part's SG value after it. False stops. */
typedef bool (*nb_option_fn)(void *ctx, const nb_move *move, uint64_t value);

/* What a ruleset provides. A game splits into parts, independent summands each with
 * an SG value (heaps, tokens, pieces; one part for staircase, coins and Nim_k). Optional
 * members may be NULL; the comment says what NULL means. */
struct nb_ruleset {
    const char *name;
    /* Checks the position against its rules and the solver's limits. */
    nb_status (*check)(const nb_game *g, const nb_solver *s, nb_err *err);
    /* Attaches what later calls need (tables from the cache, the graph's SG values).
     * NULL: nothing to attach. May fail with a limit. Undone by release (NULL: nothing). */
    nb_status (*prepare)(nb_game *g, nb_solver *s, nb_err *err);
    void (*release)(nb_game *g, nb_solver *s);
    size_t (*part_count)(const nb_game *g);
    /* Fills sg[0..part_count) (NB_SG_WIN_NOW for a part that wins at once). */
    nb_status (*part_values)(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err);
    /* Appends every move of `part` after which that part has value `target`, or with
     * target NB_SG_WIN_NOW every move that wins at once. Stops when `out` is full. */
    nb_status (*moves_to)(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                          nb_movelist *out, nb_err *err);
    /* Calls fn for the moves of `part` in a fixed order, each with the part's value after. */
    nb_status (*options)(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                         void *ctx, nb_err *err);
    /* Calls fn for every legal move with the state after it (exhaustive search).
     * NULL: the game cannot be searched (its state changes length). */
    void (*each_move)(const nb_game *g, nb_move_fn fn, void *ctx);
    /* Puts a state into the canonical form of an equal position (sorted heaps). NULL: none. */
    void (*canonicalize)(const nb_game *g, uint64_t *state);
    /* Fills out->components from the part values. NULL: the game lists no components. */
    void (*components)(const nb_game *g, const uint64_t *sg, nb_analysis *out);
    /* Whole analysis under normal play where the parts' SG values do not decide it
     * (Moore's Nim_k). NULL: the SG theorem over the parts. */
    nb_status (*analyse_normal)(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err);
    /* Whole analysis under misère play by a rule. NULL: exhaustive search. */
    nb_status (*analyse_misere)(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err);
    /* True when misère play is not defined for the position (the cutting game). */
    bool (*rejects_misere)(const nb_game *g);
};

/* A game on the same rules and params as g but with another state (used for parts). */
static inline nb_game nb_game_view(const nb_game *g, uint64_t *state)
{
    nb_game view = *g;
    view.state = state;
    return view;
}

#endif
