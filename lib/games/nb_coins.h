/* nb_coins.h - turning turtles: state = bit i-1 of the words is coin i, 1 = heads; a move
 * is {coin, also}: the head turned and the coin left of it also turned (0: none),
 * 1-based. */
#ifndef NB_COINS_H
#define NB_COINS_H

#include "engine/nb_solver.h"

typedef struct nb_coins_params {
    size_t ncoins;
} nb_coins_params;
extern const nb_ruleset nb_coins;

#endif
