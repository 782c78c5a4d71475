/* nb_cuttable.h - the cutting game's SG table (POJ 2311): the value of every piece w x h
 * with both sides at least 2, over the cuts that keep both halves' sides at least 2 (a
 * cut leaving a side of 1 loses at once), cached under one key and grown by its side. */
#ifndef NB_CUTTABLE_H
#define NB_CUTTABLE_H

#include <stdint.h>

#include "core/nb_budget.h"
#include "cache/nb_cache.h"

/* A cached table version (immutable once built): values of pieces w x h for
 * 2 <= w, h < side, symmetric. The cache owns it and its values. */
typedef struct nb_cuttable {
    nb_cached base;
    size_t side;
    uint16_t *values; /* side * side, index w * side + h */
} nb_cuttable;

/* What a caller needs: pieces up to side-1 by side-1. */
typedef struct nb_cuttable_need {
    size_t side;
    nb_budget *budget; /* the asking request's (may be NULL): looked at before each side */
} nb_cuttable_need;

extern const nb_cache_kind nb_cuttable_kind;

/* The value of a w x h piece, 2 <= w, h < t->side. */
static inline uint16_t nb_cuttable_value(const nb_cuttable *t, uint64_t w, uint64_t h)
{
    return t->values[w * t->side + h];
}

#endif
