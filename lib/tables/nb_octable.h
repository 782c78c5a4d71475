/* nb_octable.h - the SG sequence of a take-and-break game (an octal code, Grundy's game),
 * computed by the sparse-space method and cached, with its period proved by the octal
 * periodicity theorem where the theorem applies. */
#ifndef NB_OCTABLE_H
#define NB_OCTABLE_H

#include "core/nb_budget.h"
#include "tables/nb_cache.h"

/* A take-and-break rule. digit[j] (j = 0..last) says what taking j counters from a heap
 * may leave: bit 1 no heap, bit 2 one heap, bit 4 two non-empty heaps (digit 0 is 0 or
 * 4: a split that takes nothing); `unequal` (Grundy's game) allows only splits into two
 * unequal heaps. */
#define NB_OCTAL_MAX_DIGITS 32
typedef struct nb_octal_rule {
    uint8_t digit[NB_OCTAL_MAX_DIGITS + 1];
    size_t last;  /* the last nonzero digit's index (t of the periodicity theorem) */
    bool unequal; /* Grundy's game */
} nb_octal_rule;

/* A cached table version (immutable once built). The cache owns it and its values:
 * callers hold it between nb_cache_acquire and nb_cache_release. */
typedef struct nb_octable {
    nb_cached base;
    nb_octal_rule rule;
    uint64_t limit; /* most values it may compute (max_table) */
    uint64_t n;     /* values[0..n) are known */
    uint32_t *values;
    uint32_t mask;  /* the sparse-space mask the values were last computed with */
    bool proved;
    uint64_t period, preperiod;
    uint64_t next_proof; /* the length at which the next proof is tried */
} nb_octable;

/* What a caller needs from the table (the rule is borrowed for the call). */
typedef struct nb_octable_need {
    uint64_t heap;     /* the largest heap to answer */
    bool want_period;  /* go on until the period is proved or a limit is reached */
    uint64_t limit;    /* max_table */
    uint64_t max_work; /* pair tests one growth may make */
    const nb_octal_rule *rule;
    nb_budget *budget;  /* the asking request's (may be NULL): spent (its time, or its
                         * memory, which holds the values while they grow), the growth
                         * stops and the values so far make the version */
} nb_octable_need;

extern const nb_cache_kind nb_octable_kind;

/* The canonical cache key of a rule ("octal:0.137", "grundy") into buf. */
void nb_octable_key(const nb_octal_rule *rule, char *buf, size_t size);

/* SG value of a heap of n: true when the table knows it (directly or by the period). */
bool nb_octable_value(const nb_octable *t, uint64_t n, uint64_t *value);

/* The first n values of the rule by the naive method (every option of every heap), for
 * the tests and the benchmark, into the caller's values (room for n). */
void nb_octal_naive(const nb_octal_rule *rule, uint64_t n, uint32_t *values);

/* The first n values by the sparse-space method (no cache, no work limit), into the
 * caller's values (room for n). */
void nb_octal_sparse(const nb_octal_rule *rule, uint64_t n, uint32_t *values);

#endif
