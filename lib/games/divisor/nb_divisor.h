/* nb_divisor.h - the divisor games on numbers n >= 1: "replace" n by a proper divisor d
 * of n, or "subtract" from n a divisor d of n with d < n; 1 has no move in either. State =
 * the numbers (each a part of a sum); a move is {number, take}: the number becomes
 * n - take (so take = n - d to replace, take = d to subtract). */
#ifndef NB_DIVISOR_H
#define NB_DIVISOR_H

#include "engine/nb_solver.h"

enum { NB_DIVISOR_REPLACE, NB_DIVISOR_SUBTRACT };
typedef struct nb_divisor_params {
    int rule;          /* NB_DIVISOR_* */
    nb_budget *budget; /* the solving request's (borrowed), set by prepare: each
                        * factorization looks at it first */
} nb_divisor_params;
extern const nb_ruleset nb_divisor;

/* Omega(n): the prime factors of n >= 1 counted with multiplicity. */
unsigned nb_prime_factor_count(uint64_t n);

#endif
