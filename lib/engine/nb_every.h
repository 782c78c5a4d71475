/* nb_every.h - Every-SG sums (HDU 3595): each turn the player to move moves in every
 * component that still has a move; whoever cannot move loses. Params and state are
 * nb_sum's (nb_sum.h); a move's words list, for each component moved in order, its
 * index, the length of its move and the move's words. */
#ifndef NB_EVERY_H
#define NB_EVERY_H

#include "engine/nb_sum.h"

extern const nb_ruleset nb_every;

/* Component c's move inside an Every-SG move (at is advanced past it; false after the
 * last): c and the component's own move (its words point into m's). */
bool nb_every_next(const nb_move *m, size_t *at, size_t *c, nb_move *inner);

#endif
