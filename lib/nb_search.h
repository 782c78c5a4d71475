/* nb_search.h - exact exhaustive search of a position's game tree (misère play, SG values
 * of games without a closed form), bounded by a number of states. */
#ifndef NB_SEARCH_H
#define NB_SEARCH_H

#include "nb_game.h"

typedef struct nb_search nb_search;

/* Solves every position reachable from g (whose ruleset must have each_move). Under
 * misère the value of a state is 1 when the player to move wins, else 0; under normal
 * play it is the SG value. Fails with NB_ELIMIT naming `limit_name` when more than
 * max_states positions are reachable. On success *out is owned by the caller:
 * free it with nb_search_free. The root is state 0. */
nb_status nb_search_run(const nb_game *g, nb_convention conv, uint64_t max_states,
                        const char *limit_name, nb_search **out, nb_err *err);

/* Index of a reachable state (put in canonical form here), or SIZE_MAX. */
size_t nb_search_find(nb_search *s, const uint64_t *state);
uint64_t nb_search_value(const nb_search *s, size_t index);
/* Moves left with best play: the winner hurries, the loser delays. */
uint64_t nb_search_remoteness(const nb_search *s, size_t index);
void nb_search_free(nb_search *s);

#endif
