/* nb_beans.h - beans (the splitting game): state[i] = beans in bottle i; a move is
 * {bottle, j, k}: one bean leaves bottle i, one goes into j and one into k, i < j <= k.
 * params unused. */
#ifndef NB_BEANS_H
#define NB_BEANS_H

#include "engine/nb_solver.h"

extern const nb_ruleset nb_beans;
/* The value of one bean with d bottles right of it (the d-th odious number; 0 for d = 0). */
uint64_t nb_beans_value(uint64_t d);

#endif
