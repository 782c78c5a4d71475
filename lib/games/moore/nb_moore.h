/* nb_moore.h - Moore's Nim_k: take from 1..k heaps at once. State = heaps; field 1 is k;
 * a move is {heap, take} pairs, one per heap it takes from, in increasing heap order. */
#ifndef NB_MOORE_H
#define NB_MOORE_H

#include "engine/nb_solver.h"

typedef struct nb_search nb_search;
typedef struct nb_moore_params {
    uint64_t k;        /* take from 1..k heaps at once, k >= 1 */
    nb_search *search; /* kept from first use (values inside a sum) until release */
} nb_moore_params;
extern const nb_ruleset nb_moore;

#endif
