/* nb_subtable.h - the SG sequence of a subtraction game, computed incrementally, with its
 * period proved from a repeated window of max(set) values (Brent's cycle finding). */
#ifndef NB_SUBTABLE_H
#define NB_SUBTABLE_H

#include "core/nb_budget.h"
#include "core/nb_key.h"
#include "cache/nb_cache.h"

/* The most values a subtraction set may hold. */
#define NB_SUBTRACTION_MAX_SET 64

/* A cached table version (immutable once built). */
typedef struct nb_subtable {
    nb_cached base;
    size_t nset;
    uint32_t set[NB_SUBTRACTION_MAX_SET]; /* ascending */
    uint64_t limit;                        /* most values it may compute */
    uint64_t n;                            /* values[0..n) are known */
    /* A set holds at most NB_SUBTRACTION_MAX_SET = 64 values, so a heap has at most 64
     * options and its value, their mex, is at most 64: it fits a byte, and the mex is
     * taken over a 128-bit mask (nb_mex128). Games whose values grow past that (octal
     * games, Grundy's game) keep wider tables and use nb_mex.h. */
    uint8_t *values; /* into `file`'s data when the table was read from a store */
    nb_stored *file; /* a table store's loaded file (owned), or NULL */
    bool proved;
    uint64_t period, preperiod;
    /* Brent's search over windows (states), resumed by the next growth. */
    uint64_t power, lam, tortoise, hash_tortoise, hash_newest;
} nb_subtable;

/* What a caller needs from the table. */
typedef struct nb_subtable_need {
    uint64_t heap;       /* the largest heap to answer */
    bool want_period;    /* go on until the period is proved or the limit is reached */
    uint64_t limit;      /* max_table, for a table built from nothing */
    const uint32_t *set; /* ascending, for a table built from nothing */
    size_t nset;
    nb_budget *budget;   /* the asking request's (may be NULL): spent, the growth stops
                          * and the values so far make the version */
} nb_subtable_need;

extern const nb_cache_kind nb_subtable_kind;

/* The canonical cache key ("subtraction:1,3,4") of a sorted set. */
nb_key nb_subtable_key(const uint32_t *set, size_t nset);

/* SG value of a heap of n: true when the table knows it (directly or by the period). */
bool nb_subtable_value(const nb_subtable *t, uint64_t n, uint64_t *value);

#endif
