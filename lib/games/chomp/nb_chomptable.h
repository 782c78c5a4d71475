/* nb_chomptable.h - Chomp's table for one Young diagram (its shape): the SG value and the
 * misère outcome of every diagram inside it, indexed by rank in lexicographic order. */
#ifndef NB_CHOMPTABLE_H
#define NB_CHOMPTABLE_H

#include <stddef.h>
#include <stdint.h>

#include "core/nb_budget.h"
#include "core/nb_key.h"
#include "cache/nb_cache.h"

/* A cached table version (immutable once built); the cache owns it and its arrays. A
 * diagram inside the shape is its row lengths len[0..nrows) (zeros past its last row);
 * its rank is the sum of step[offset[i] + len[i]] over the rows. */
typedef struct nb_chomptable {
    nb_cached base;
    size_t nrows;
    uint64_t *shape;      /* the rows of the shape, non-increasing, each >= 1 */
    size_t *offset;       /* row i's steps start at offset[i], shape[i] + 1 of them */
    uint64_t *step;
    uint64_t count;       /* diagrams inside the shape, the empty one included (rank 0) */
    uint16_t *values;     /* SG value by rank (rank 0 has none) */
    uint64_t *misere_lost; /* bit per rank: lost for the player to move under misère play */
} nb_chomptable;

/* What a caller needs: the table of this shape (borrowed for the call). */
typedef struct nb_chomptable_need {
    const uint64_t *shape;
    size_t nrows;
    nb_budget *budget; /* the asking request's (may be NULL) */
} nb_chomptable_need;

extern const nb_cache_kind nb_chomptable_kind;

/* How many diagrams lie inside the shape (the empty one included), or cap + 1 when that
 * is more than cap. The shape's rows and its first row's length are at most max_side. */
uint64_t nb_chomp_count(const uint64_t *shape, size_t nrows, uint64_t cap);

/* The cache key of a shape: "chomp:" and its rows as runs ("12x12" for 12 rows of 12,
 * "5x2,3x1"). */
nb_key nb_chomp_key(const uint64_t *shape, size_t nrows);

/* The rank of a diagram inside t's shape, given as len[0..n) (n <= t->nrows, the rows
 * past n empty). */
static inline uint64_t nb_chomp_rank(const nb_chomptable *t, const uint64_t *len, size_t n)
{
    uint64_t r = 0;
    for (size_t i = 0; i < n; i++)
        r += t->step[t->offset[i] + len[i]];
    return r;
}

static inline int nb_chomp_misere_lost(const nb_chomptable *t, uint64_t rank)
{
    return (int)(t->misere_lost[rank / 64] >> (rank % 64) & 1);
}

#endif
