/* nb_sequence.h - a table of single-heap SG values with its proved period, copied out of
 * a cached table for a caller that wants the values themselves (GET /v1/table). */
#ifndef NB_SEQUENCE_H
#define NB_SEQUENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/nb_budget.h"

/* Owned by the caller: free `values` with free(). */
typedef struct nb_sequence {
    uint64_t *values; /* values[i]: the value of heap first + i, i = 0..count-1 */
    uint64_t first;
    size_t count;
    bool has_period;
    uint64_t period, preperiod;
    bool has_saltus; /* the type speaks of arithmetic periods: `saltus` is its s (0 for an
                      * ordinary period) whenever has_period */
    uint64_t saltus;
} nb_sequence;

/* The value of heap n a cached table knows; false where it does not reach n. */
typedef bool nb_table_value_fn(const void *table, uint64_t n, uint64_t *value);

/* *out: the values of from..up_to that `table` gives (malloc'ed, caller frees; held
 * against `budget`, which may be NULL, and the copy stopped once it is spent), with the
 * period when `period` is nonzero; false, *out empty, where the table does not reach or
 * the budget has no room or time for them (then nb_budget_spent says so). */
bool nb_sequence_fill(nb_sequence *out, nb_budget *budget, uint64_t from, uint64_t up_to,
                      nb_table_value_fn *value, const void *table, uint64_t period,
                      uint64_t preperiod);

#endif
