/* nb_sequence.c - copying a cached table's values out, within the request's memory. */
#include "cache/nb_sequence.h"

#include <stdlib.h>

#include "core/nb_util.h"

bool nb_sequence_fill(nb_sequence *out, nb_budget *budget, uint64_t from, uint64_t up_to,
                      nb_table_value_fn *value, const void *table, uint64_t period,
                      uint64_t preperiod)
{
    *out = (nb_sequence){0};
    uint64_t count = up_to - from + 1;
    if (!nb_budget_hold(budget, count * sizeof *out->values))
        return false;
    *out = (nb_sequence){.first = from, .count = count, .has_period = period != 0,
                         .period = period, .preperiod = preperiod};
    out->values = nb_xmalloc(count * sizeof *out->values);
    for (uint64_t i = 0; i < count; i++) {
        if (!value(table, from + i, &out->values[i]) || nb_budget_spent(budget)) {
            free(out->values);
            *out = (nb_sequence){0};
            return false;
        }
    }
    return true;
}
