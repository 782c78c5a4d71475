/* nb_game.h - a game position and the ruleset interface: what every game provides. */
#ifndef NB_GAME_H
#define NB_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/nb_analysis.h"
#include "core/nb_error.h"

typedef struct nb_game nb_game;
typedef struct nb_solver nb_solver;
typedef struct nb_ruleset nb_ruleset;

/* A position. Its state is a vector of words whose meaning the ruleset gives (heaps,
 * stairs, coin bits, tokens, piece sizes; for a sum each component's length and state);
 * a move may change its length (a piece cut in two, a heap split). `params` holds the
 * rules (k, the subtraction set, the graph, the components) and the tables that prepare()
 * attached. The game borrows both: whoever built it owns them. */
struct nb_game {
    const nb_ruleset *rules;
    void *params;
    size_t len;
    uint64_t *state;
};

/* Called for each move with the state after it (len words, valid during the call only).
 * Returns false to stop the enumeration. */
typedef bool (*nb_move_fn)(void *ctx, const nb_move *move, const uint64_t *after, size_t len);

/* Called for each move of one part with that part's SG value after it. False stops. */
typedef bool (*nb_option_fn)(void *ctx, const nb_move *move, uint64_t value);

/* What a position is to Conway's theory of tame games (nb_tame.c). Fickle: plays like a
 * Nim heap of 0 or 1 (genus 0^120 or 1^031); firm: like a heap of 2 or more, or *2+*2,
 * *2+*3 (genus a^(a,a^2), 0^02, 1^13); wild: neither can be shown, and the theory says
 * nothing. */
typedef enum nb_tame { NB_TAME_WILD = 0, NB_TAME_FICKLE, NB_TAME_FIRM } nb_tame;

/* What a heap ruleset knows of one heap of n under misère play: its SG value, its label,
 * and whether the heap alone is lost for the player to move. False: not known (past what
 * can be computed within the solver's limits); the theory then declines. */
typedef bool nb_tame_heap_fn(const nb_game *g, nb_solver *s, uint64_t n, uint64_t *value,
                             nb_tame *label, bool *lost_alone);

/* What a ruleset provides. A game splits into parts, independent summands each with
 * a value (heaps, tokens, pieces; one part for staircase, coins and Nim_k). Optional
 * members may be NULL; the comment says what NULL means. */
struct nb_ruleset {
    const char *name;
    /* Checks the position against its rules and the solver's limits. */
    nb_status (*check)(const nb_game *g, const nb_solver *s, nb_err *err);
    /* Attaches what later calls need (tables from the cache, the graph's SG values).
     * NULL: nothing to attach. May fail with a limit. Undone by release (NULL: nothing). */
    nb_status (*prepare)(nb_game *g, nb_solver *s, nb_err *err);
    void (*release)(nb_game *g, nb_solver *s);
    /* The state after move m (any move the ruleset gave for this state), into *after.
     * Needs only check to have passed. */
    void (*apply)(const nb_game *g, const nb_move *m, nb_state *after);
    size_t (*part_count)(const nb_game *g);
    /* Fills sg[0..part_count): a finite value, NB_SG_WIN_NOW or NB_SG_LOOPY. */
    nb_status (*part_values)(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err);
    /* K of a part whose value is NB_SG_LOOPY: the finite values of its followers,
     * ascending, into *k (malloc'ed, caller frees). NULL: no part is ever loopy. */
    void (*loopy_followers)(const nb_game *g, size_t part, uint64_t **k, size_t *nk);
    /* Appends every move of `part` after which that part has value `target`, or with
     * target NB_SG_WIN_NOW every move that wins at once. Stops when `out` is full. */
    nb_status (*moves_to)(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                          nb_movelist *out, nb_err *err);
    /* Calls fn for the moves of `part` in the order of each_move, each with the part's
     * value after. It may stop at a work limit with NB_ELIMIT: the moves given stand. */
    nb_status (*options)(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                         void *ctx, nb_err *err);
    /* Whether m (of the words the ruleset's header gives) is one of the moves each_move
     * gives (check has passed; prepare need not have run), where that is cheaper to decide than to list them (a heap of 2^63-1):
     * NB_OK, or NB_EINVAL with nb_illegal's sentence blaming the word at fault. NULL:
     * nb_move_legal lists each_move's moves. */
    nb_status (*legal)(const nb_game *g, const nb_move *m, nb_err *err);
    /* Calls fn for every legal move, in a fixed order, with the state after it
     * (exhaustive search). NULL: the game cannot be searched. */
    void (*each_move)(const nb_game *g, nb_move_fn fn, void *ctx);
    /* Puts a state into the canonical form of an equal position (sorted heaps), keeping
     * its length. NULL: none. */
    void (*canonicalize)(const nb_game *g, uint64_t *state, size_t len);
    /* How the value of `part` (as part_values gives it) is found. NULL: a closed form. */
    nb_method (*part_method)(const nb_game *g, size_t part);
    /* Fills out->components from the part values. NULL: the game lists no components. */
    void (*components)(const nb_game *g, const uint64_t *sg, nb_analysis *out);
    /* Whole analysis under normal play by a rule, where the parts' SG values do not
     * decide it (Moore's Nim_k) or are not at hand (one Wythoff pile past its table);
     * NB_EDECLINED, nothing written, where the rule does not apply (then, and when NULL:
     * the SG theorem over the parts). A rule that applies to a position applies to every
     * position after its moves. */
    nb_status (*analyse_normal)(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err);
    /* Whole analysis under misère play by a rule; NB_EDECLINED where the rule does not
     * apply to this position (then, and when NULL: exhaustive search). A rule that applies
     * to a position applies to every position after its moves. */
    nb_status (*analyse_misere)(const nb_game *g, nb_solver *s, nb_analysis *out, nb_err *err);
    /* Whole analysis under misère play of a sum whose components games[0..count) all
     * follow this ruleset, by a rule; each winning move names its component, its words
     * the component's own. NB_EDECLINED where the rule does not apply (then the sum's
     * exhaustive search; when NULL, the tame theory first: nb_tame_analyse_sum). The same
     * promise as analyse_misere's. */
    nb_status (*analyse_misere_sum)(const nb_game *games, size_t count, nb_solver *s,
                                    nb_analysis *out, nb_err *err);
    /* Under normal play, the remoteness of the position (m NULL) or of the position after
     * move m (asked only when the position's own is known), when the ruleset knows it:
     * the moves to the end with best play, the winner hurrying (a dag with one token
     * that can move). False: not known (a draw, or not computed). NULL: never known. */
    bool (*remoteness)(const nb_game *g, const nb_move *m, uint64_t *r);
    /* For a winning move m of a game that may cycle, how much it moves its part toward
     * the end (lower is better: Smith's counter function); play picks the least, which
     * makes a win certain. False: the part cannot cycle, any winning move makes progress.
     * With m NULL: whether any part may cycle. NULL: no part ever cycles. */
    bool (*progress)(const nb_game *g, const nb_move *m, int64_t *rank);
    /* Why misère play is not defined for the position (a sentence, static), or NULL when
     * it is. NULL member: it always is. */
    const char *(*misere_undefined)(const nb_game *g);
    /* For a game of heaps (part i is the heap state[i], a move {heap, take} leaves
     * state[i] - take), each heap's label under misère play: a sum of such games, of
     * any rulesets, is decided by the tame theory when every heap is tame (nb_tame.c).
     * NULL: the ruleset's parts are not labelled. */
    nb_tame_heap_fn *misere_heap;
    /* Words of each part where every part is a game alone on the same rules and params
     * (part p the state's words [p * part_width, (p + 1) * part_width)) and a move names
     * its part in its first word ({part, ...}): misère play then labels each part by a
     * search of it alone (nb_tame.c). 0: the parts are not games alone. */
    size_t part_width;
    /* Every-SG (nb_every.c): the position's steps (0 at an end; won: 1 + the largest steps
     * among its moves to lost positions; lost: 1 + the least among all its moves), whether
     * it is won, and into `move` a move to steps one less when it has one, where the
     * ruleset knows them in closed form. False: search the position. NULL: never known. */
    bool (*steps)(const nb_game *g, uint64_t *steps, bool *won, nb_movelist *move);
};

/* Turns moves offered with values (an nb_option_fn) into moves offered with the state
 * after each (an nb_move_fn), for rulesets whose each_move walks the same enumerator as
 * their options: start it as {.g, .fn, .ctx}, pass nb_offer_state and it as the option
 * function and its context, then free(after.w). `stopped` says fn asked to stop. */
typedef struct nb_state_offer {
    const nb_game *g;
    nb_move_fn fn;
    void *ctx;
    nb_state after;
    bool stopped;
} nb_state_offer;
bool nb_offer_state(void *offer, const nb_move *m, uint64_t value);

/* A game on the same rules and params as g but with another state (used for parts). */
static inline nb_game nb_game_view(const nb_game *g, uint64_t *state, size_t len)
{
    nb_game view = *g;
    view.state = state;
    view.len = len;
    return view;
}

/* A `components` member for rulesets whose parts are what they list: one component per
 * part, with its SG value unless sg is NULL or the part wins at once, and its method. */
void nb_components_per_part(const nb_game *g, const uint64_t *sg, nb_analysis *out);

/* How part `part` of g is valued (the ruleset's part_method, else a closed form). */
nb_method nb_part_method(const nb_game *g, size_t part);

/* How normal play of g is decided by its parts' values: its one part's method; for
 * several, an arithmetic period when every part was valued through one, else the SG
 * theorem. */
nb_method nb_parts_method(const nb_game *g);

#endif
