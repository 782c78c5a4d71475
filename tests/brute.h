/* brute.h - the tests' brute-force solver and the check that holds libnimber to it. The
 * solver knows no game: it builds the graph of the states reachable by a ruleset's own
 * moves (each_move), with no closed form, no SG theorem and none of nb_search or
 * nb_loopy, and solves it by retrograde analysis (win, loss or draw, and remoteness),
 * valuing by mex the states from which no cycle is reachable. */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/nb_moves.h"

/* Values that are no SG values: the player to move wins at once (cuts out a 1x1); a
 * cycle is reachable (the brute gives no value). */
#define BRUTE_WIN_NOW UINT64_MAX
#define BRUTE_LOOPY (UINT64_MAX - 1)

typedef struct brute brute;

/* A solver for positions of g's rules and params (g open: nb_game_open). Owned by the
 * caller: brute_free. */
brute *brute_new(const nb_game *g, bool misere);
void brute_free(brute *b);

/* Normal play: the SG value of a state, counting only the options that do not let the
 * opponent win at once (BRUTE_WIN_NOW when the player to move can). Misère: 1 when the
 * player to move wins, else 0. BRUTE_LOOPY where a cycle is reachable. */
uint64_t brute_value(brute *b, const uint64_t *state, size_t len);

/* Adds a state to be solved with the next question's (many states added and then asked
 * about are solved at once: each new state asked about alone solves the whole graph). */
void brute_add(brute *b, const uint64_t *state, size_t len);

/* The outcome for the player to move, and the remoteness (0 for a draw). */
nb_verdict brute_outcome(brute *b, const uint64_t *state, size_t len);
uint64_t brute_remoteness(brute *b, const uint64_t *state, size_t len);
/* Whether the player to move wins from the state. */
bool brute_wins(brute *b, const uint64_t *state, size_t len);

/* Holds nb_analyse and nb_play of g under conv to the brute-force solver: the verdict
 * (draws too), the SG value and the components' XOR where given, the remoteness where
 * given, every listed winning (drawing) move legal and winning (keeping the draw), the
 * exact sets when the analysis says they are complete, the move played (winning, or
 * keeping a draw), every move's state after it as the ruleset's apply gives it, and the
 * list of every move (nb_moves: each_move's order, each move's outcome, SG and remoteness
 * after). `what` names the position in failure messages. */
void brute_check(nb_solver *s, nb_game *g, nb_convention conv, const char *what);

#endif
