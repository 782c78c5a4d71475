/* nb_GAME.h - odd Nim: take an odd number of counters from one heap. State = heaps; a move
 * is {heap, take}; params unused (NULL). Field 0 is the heaps. */
#ifndef NB_GAME_H
#define NB_GAME_H

#include "engine/nb_solver.h"

extern const nb_ruleset nb_GAME;

#endif
