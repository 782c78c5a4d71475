/* nb_bash.h - Bash's game: take 1..k counters from one heap. State = heaps; a move is
 * {heap, take}; field 1 is k. */
#ifndef NB_BASH_H
#define NB_BASH_H

#include "engine/nb_solver.h"

typedef struct nb_bash_params {
    uint64_t k; /* take 1..k, k >= 1 */
} nb_bash_params;
extern const nb_ruleset nb_bash;

#endif
