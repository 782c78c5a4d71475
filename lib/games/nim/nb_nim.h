/* nb_nim.h - Nim: take any number of counters from one heap. State = heaps; a move is
 * {heap, take}; params unused (NULL). */
#ifndef NB_NIM_H
#define NB_NIM_H

#include "engine/nb_solver.h"

extern const nb_ruleset nb_nim;

#endif
