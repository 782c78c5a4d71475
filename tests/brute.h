/* brute.h - the tests' brute-force solver and the check that holds libnimber to it. The
 * solver knows no game: it walks a ruleset's own moves (each_move) by memoized recursion,
 * with no closed form, no SG theorem and none of nb_search, and values every reachable
 * state by mex (normal play) or by outcome (misère). */
#ifndef BRUTE_H
#define BRUTE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "nb_solver.h"

/* A value that is no SG value: the player to move wins at once (cuts out a 1x1). */
#define BRUTE_WIN_NOW UINT64_MAX

typedef struct brute brute;

/* A solver for positions of g's rules and params (g open: nb_game_open). Owned by the
 * caller: brute_free. */
brute *brute_new(const nb_game *g, bool misere);
void brute_free(brute *b);

/* Normal play: the SG value of a state, counting only the options that do not let the
 * opponent win at once (BRUTE_WIN_NOW when the player to move can). Misère: 1 when the
 * player to move wins, else 0. The game must end (no cycles). */
uint64_t brute_value(brute *b, const uint64_t *state, size_t len);

/* Whether the player to move wins from the state. */
bool brute_wins(brute *b, const uint64_t *state, size_t len);

/* Holds nb_analyse and nb_play of g under conv to the brute-force solver: the verdict,
 * the SG value and the components' XOR where given, every listed winning move legal and
 * winning, the exact set of winning moves when the analysis says it is complete, the
 * move played, every move's state after it as the ruleset's apply gives it, and the list
 * of every move (nb_moves: each_move's order, each move's outcome and SG after). `what`
 * names the position in failure messages. */
void brute_check(nb_solver *s, nb_game *g, nb_convention conv, const char *what);

#endif
