/* nb_octable.h - the SG sequence of a take-and-break game (an octal or hexadecimal code,
 * Grundy's game), computed by the sparse-space method (or, for three-heap splits and
 * repeating codes, by the general one) and cached, with its period proved by the
 * periodicity theorem where the theorem applies. */
#ifndef NB_OCTABLE_H
#define NB_OCTABLE_H

#include "core/nb_budget.h"
#include "core/nb_key.h"
#include "cache/nb_cache.h"

/* A take-and-break rule (Winning Ways, ch. 4: octal and hexadecimal codes). Digit j says
 * what taking j counters from a heap may leave: bit 1 no heap, bit 2 one heap, bit 4 two
 * non-empty heaps, bit 8 three (digit 0, a split that takes nothing, has only bits 4 and
 * 8). A mark on digit j restricts only its moves that leave two heaps or more (CGSuite's
 * TakeAndBreak notation): '!' pairwise unequal (Grundy's game is 4!.0), '?' not all equal,
 * '=' all equal. With tail > 0 the digits tail..last repeat for ever (a bracketed group:
 * 4.[3] is Lasker's Nim, 0.[3] Nim). */
#define NB_OCTAL_MAX_DIGITS 32
enum { NB_MARK_NONE, NB_MARK_UNEQUAL, NB_MARK_NOT_ALL, NB_MARK_EQUAL };
typedef struct nb_octal_rule {
    uint8_t digit[NB_OCTAL_MAX_DIGITS + 1];
    uint8_t mark[NB_OCTAL_MAX_DIGITS + 1]; /* NB_MARK_*: only on digits that split */
    size_t last; /* the last nonzero digit's index (t of the periodicity theorem); with a
                  * repeating group, the group's last index */
    size_t tail; /* the repeating group's first index; 0: the code is finite */
} nb_octal_rule;

/* The digit of taking j counters (0 past a finite code's last). */
static inline uint8_t nb_octal_digit(const nb_octal_rule *r, uint64_t j)
{
    if (j > r->last)
        j = r->tail ? r->tail + (j - r->tail) % (r->last - r->tail + 1) : 0;
    return j > r->last ? 0 : r->digit[j];
}

/* The mark of taking j counters (NB_MARK_*). */
static inline uint8_t nb_octal_mark(const nb_octal_rule *r, uint64_t j)
{
    if (j > r->last)
        j = r->tail ? r->tail + (j - r->tail) % (r->last - r->tail + 1) : 0;
    return j <= r->last ? r->mark[j] : NB_MARK_NONE;
}

/* Whether `count` heaps a <= b (<= c) may be left under `mark`: fewer than two always;
 * '!' pairwise unequal, '?' not all equal, '=' all equal. */
static inline bool nb_octal_leaves(uint8_t mark, unsigned count, uint64_t a, uint64_t b,
                                   uint64_t c)
{
    bool first = a == b, all = count == 2 ? first : first && b == c;
    if (count < 2 || mark == NB_MARK_NONE)
        return true;
    if (mark == NB_MARK_UNEQUAL)
        return count == 2 ? !first : a != b && b != c;
    return mark == NB_MARK_NOT_ALL ? !all : all;
}

/* The largest take to look at from a heap of n. */
static inline uint64_t nb_octal_reach(const nb_octal_rule *r, uint64_t n)
{
    return r->tail || r->last > n ? n : r->last;
}

/* The most heaps one move may leave: 3 when a digit has bit 8, else 2. */
unsigned nb_octal_parts(const nb_octal_rule *r);

/* Whether the periodicity theorem applies: a finite code (its takes are bounded) none of
 * whose splits carries a mark (the proof shifts one heap of a split by the period, which
 * can make heaps equal, or unequal). */
bool nb_octal_provable(const nb_octal_rule *r);

/* Bytes of the longest canonical code with its NUL: d0 and a mark, the point, every
 * digit after it with a mark, the group's brackets. */
#define NB_OCTAL_CODE_MAX (2 * (NB_OCTAL_MAX_DIGITS + 1) + 4)

/* The canonical code of a rule ("0.77", "4!.0", "0.1[3]", "0.F"): it always fits. */
void nb_octal_code(const nb_octal_rule *r, char out[NB_OCTAL_CODE_MAX]);

/* A cached table version (immutable once built). The cache owns it and its values:
 * callers hold it between nb_cache_acquire and nb_cache_release. */
typedef struct nb_octable {
    nb_cached base;
    nb_octal_rule rule;
    uint64_t limit; /* most values it may compute (max_table) */
    uint64_t n;     /* values[0..n) are known */
    uint32_t *values; /* NULL when they are read from `file` */
    nb_stored *file;  /* a table store's loaded file (owned), or NULL */
    uint32_t mask;  /* the sparse-space mask the values were last computed with */
    bool proved;
    uint64_t period, preperiod;
    uint64_t saltus; /* g(n + period) = g(n) + saltus past the preperiod (0: an ordinary
                      * period), proved by theory/nb_arith.h's theorems */
    uint64_t next_proof; /* the length at which the next proof is tried */
    /* a rule with three-heap splits (the general method): row x < n of `pairs` is the set
     * of values G(a) ^ G(x - a), 0 < a < x, as a bit set of pair_words words */
    uint64_t *pairs;
    size_t pair_words;
} nb_octable;

/* What a caller needs from the table (the rule is borrowed for the call). */
typedef struct nb_octable_need {
    uint64_t heap;     /* the largest heap to answer */
    bool want_period;  /* go on until the period is proved or a limit is reached */
    uint64_t limit;    /* max_table */
    uint64_t max_work; /* pair tests the search for a period may spend past `heap` (the
                        * values up to heap grow within the budget alone) */
    const nb_octal_rule *rule;
    nb_budget *budget;  /* the asking request's (may be NULL): spent (its time, or its
                         * memory, which holds the values while they grow), the growth
                         * stops and the values so far make the version */
} nb_octable_need;

extern const nb_cache_kind nb_octable_kind;

/* The canonical cache key of a rule ("octal:0.137", "octal:4!.0"). */
nb_key nb_octable_key(const nb_octal_rule *rule);

/* SG value of a heap of n: true when the table knows it (directly, or by the period and
 * its saltus). */
bool nb_octable_value(const nb_octable *t, uint64_t n, uint64_t *value);

/* The first n values of the rule by the naive method (every option of every heap), for
 * the tests and the benchmark, into the caller's values (room for n). */
void nb_octal_naive(const nb_octal_rule *rule, uint64_t n, uint32_t *values);

/* The first n values by the method the table uses (sparse space, or the general one; no
 * cache, no work limit), into the caller's values (room for n). */
void nb_octal_sparse(const nb_octal_rule *rule, uint64_t n, uint32_t *values);

#endif
