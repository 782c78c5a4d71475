/* nb_fibtable.h - dynamic subtraction's SG table (Fibonacci Nim and its multiples): the
 * value of every heap n below its side with every limit r <= n, cached per multiplier k
 * and grown row by row when a larger side is asked for. */
#ifndef NB_FIBTABLE_H
#define NB_FIBTABLE_H

#include <stdint.h>

#include "core/nb_budget.h"
#include "cache/nb_cache.h"

/* A cached table version (immutable once built): row n (n < side) holds the values of
 * (n, 0), (n, 1), ..., (n, n) from values[n (n + 1) / 2]. The cache owns it and its
 * values. A value is at most its limit r (the mex of r options), below 2^16 for sides to
 * 65536. */
typedef struct nb_fibtable {
    nb_cached base;
    uint64_t k;
    size_t side;
    uint16_t *values;
} nb_fibtable;

/* What a caller needs: heaps up to side-1 (side at most 65536) under multiplier k. */
typedef struct nb_fibtable_need {
    size_t side;
    uint64_t k;
    nb_budget *budget; /* the asking request's (may be NULL): looked at before each row */
} nb_fibtable_need;

extern const nb_cache_kind nb_fibtable_kind;

/* The value of heap n (below the side) whose next move may take at most r (r >= n: any
 * amount). */
static inline uint16_t nb_fibtable_value(const nb_fibtable *t, uint64_t n, uint64_t r)
{
    return t->values[n * (n + 1) / 2 + (r < n ? r : n)];
}

#endif
