/* nb_sequence.c - copying a cached table's values out, within the request's memory. */
#include "tables/nb_sequence.h"

#include <stdlib.h>

#include "core/nb_util.h"

bool nb_sequence_fill(nb_sequence *out, nb_budget *budget, uint64_t up_to,
                      nb_table_value_fn *value, const void *table, uint64_t period,
                      uint64_t preperiod)
{
    *out = (nb_sequence){0};
    if (!nb_budget_hold(budget, (up_to + 1) * sizeof *out->values))
        return false;
    *out = (nb_sequence){.count = up_to + 1, .has_period = period != 0, .period = period,
                         .preperiod = preperiod};
    out->values = nb_xmalloc(out->count * sizeof *out->values);
    for (uint64_t n = 0; n <= up_to; n++) {
        if (!value(table, n, &out->values[n])) {
            free(out->values);
            *out = (nb_sequence){0};
            return false;
        }
    }
    return true;
}
