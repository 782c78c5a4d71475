/* nb_arith.h - arithmetic periods of take-and-break codes whose takes are unbounded (a
 * repeating group): g(n + p) = g(n) + s for every n >= n0, proved by a theorem that covers
 * the code, never guessed from values. */
#ifndef NB_ARITH_H
#define NB_ARITH_H

#include <stdbool.h>
#include <stdint.h>

#include "theory/nb_octable.h"

/* The theorem that can prove an arithmetic period of a code. */
typedef enum nb_arith_theorem {
    NB_ARITH_NONE,     /* no theorem here covers the code */
    NB_ARITH_IDENTITY, /* every digit past d0 has bits 1 and 2, d0 none of 4 and 8: g(n) = n */
    NB_ARITH_LASKER,   /* 4.[3], Lasker's Nim */
    NB_ARITH_STATES,   /* a code that never splits (d0 0, every digit only bits 1 and 2):
                        * two heaps whose states agree up to a shift prove it */
} nb_arith_theorem;

nb_arith_theorem nb_arith_theorem_of(const nb_octal_rule *r);

/* Heaps the state certificate looks through for two agreeing states: the values a table
 * grows to for it (the codes it covers prove within this when n0 + p <= 1000). */
#define NB_ARITH_SEARCH 16384

/* A proved arithmetic period: g(n + period) = g(n) + saltus for every n >= preperiod,
 * period the least such, preperiod the least for it (saltus 0: an ordinary period). */
typedef struct nb_arith {
    uint64_t preperiod, period, saltus;
} nb_arith;

/* Proves the period of r from its first n values (values[h] = g(h)) by r's theorem; false
 * when the theorem does not (yet) prove one: more values may. */
bool nb_arith_prove(const nb_octal_rule *r, const uint32_t *values, uint64_t n, nb_arith *out);

#endif
