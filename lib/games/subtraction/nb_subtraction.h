/* nb_subtraction.h - subtraction games: take s counters from one heap, s in a finite set.
 * State = heaps; a move is {heap, take}; field 1 is the set. */
#ifndef NB_SUBTRACTION_H
#define NB_SUBTRACTION_H

#include "engine/nb_solver.h"
#include "cache/nb_sequence.h"
#include "theory/nb_subtable.h"

#define NB_SUBTRACTION_MAX_VALUE 1000000
typedef struct nb_subtraction_params {
    size_t nset;                          /* may pass the limit: check says so */
    uint64_t set[NB_SUBTRACTION_MAX_SET]; /* the first values given; checked distinct and
                                             in range */
    const nb_subtable *table;             /* attached by prepare, released by release */
    struct nb_submisere *misere;          /* owned: built by the first misère analysis
                                             that can, freed by release */
} nb_subtraction_params;
extern const nb_ruleset nb_subtraction;

/* SG values of one heap of from..up_to (from <= up_to) in the subtraction game on `set` (params as above,
 * table not attached), proving the period when it can within max_table. */
nb_status nb_subtraction_sequence(nb_solver *s, nb_subtraction_params *p, uint64_t from,
                                  uint64_t up_to, nb_sequence *out, nb_err *err);

#endif
