/* nb_wytable.h - Wythoff's game's SG table: the value of every pile (a, b) with a, b below
 * its side, cached under one key and rebuilt larger when a larger side is asked for. */
#ifndef NB_WYTABLE_H
#define NB_WYTABLE_H

#include <stdint.h>

#include "core/nb_budget.h"
#include "cache/nb_cache.h"

/* A cached table version (immutable once built): values[a * side + b], symmetric. The
 * cache owns it and its values. A value is at most a + b (the mex of at most a + b
 * options), below 2^16 for sides to 32768. */
typedef struct nb_wytable {
    nb_cached base;
    size_t side;
    uint16_t *values;
} nb_wytable;

/* What a caller needs: piles up to side-1 by side-1 (side at most 32768). */
typedef struct nb_wytable_need {
    size_t side;
    nb_budget *budget; /* the asking request's (may be NULL): looked at before each row */
} nb_wytable_need;

extern const nb_cache_kind nb_wytable_kind;

static inline uint16_t nb_wytable_value(const nb_wytable *t, uint64_t a, uint64_t b)
{
    return t->values[a * t->side + b];
}

#endif
