/* nb_search.h - exact exhaustive search of a position's whole state graph (misère play,
 * SG values of games without a closed form): states of any length held compactly (about
 * twenty bytes each when play has no cycle), cycles allowed (draws by retrograde
 * analysis), bounded by a number of states. */
#ifndef NB_SEARCH_H
#define NB_SEARCH_H

#include "core/nb_budget.h"
#include "engine/nb_game.h"

typedef struct nb_search nb_search;

/* Solves every position reachable from g (whose ruleset must have each_move; g prepared).
 * Each state gets its outcome under `conv` (win, lose, or draw where play can go on
 * forever), its remoteness, and under normal play its SG value where no cycle is
 * reachable from it. A move that wins at once (nb_move.wins_now) is a win for the player
 * who makes it. Fails with NB_ELIMIT naming max_states when more than max_states
 * positions are reachable, or with NB_ELIMIT saying why once `budget` (may be NULL) is
 * spent. On success *out is owned by the caller: free it with nb_search_free. The root
 * is state 0. */
nb_status nb_search_run(const nb_game *g, nb_convention conv, uint64_t max_states,
                        nb_budget *budget, nb_search **out, nb_err *err);

/* How many states the search found, and the bytes it holds for them. */
size_t nb_search_states(const nb_search *s);
uint64_t nb_search_bytes(const nb_search *s);
/* State `index` (canonical) into *out, resized to its length. */
void nb_search_state(const nb_search *s, size_t index, nb_state *out);
/* Index of a reachable state of len words (put in canonical form here), or SIZE_MAX. */
size_t nb_search_find(nb_search *s, const uint64_t *state, size_t len);
nb_verdict nb_search_outcome(const nb_search *s, size_t index);
/* Moves left with best play: the winner hurries, the loser delays (Gamesman's
 * remoteness); 0 for a drawn state. */
uint64_t nb_search_remoteness(const nb_search *s, size_t index);
/* The SG value under normal play; false where a cycle is reachable (or under misère). */
bool nb_search_has_sg(const nb_search *s, size_t index);
uint64_t nb_search_sg(const nb_search *s, size_t index);
/* Under normal play, the state's label in Conway's theory of tame games (nb_tame.c), from
 * its followers' values and labels; NB_TAME_WILD where the theory says nothing: a cycle
 * is reachable, a move wins at once, or the search was under misère play. */
nb_tame nb_search_tame(const nb_search *s, size_t index);
/* Every-SG's steps of every state under normal play (Every-SG, HDU 3595): 0 at an end; a
 * won state 1 + the largest steps among its moves to lost states (its winner stretches
 * it), a lost one 1 + the least among all its moves (its loser shortens it); UINT64_MAX
 * where a cycle is reachable or a move wins at once (everywhere under misère play).
 * malloc'ed, one per state (caller frees). */
uint64_t *nb_search_steps(const nb_search *s);
void nb_search_free(nb_search *s);

#endif
