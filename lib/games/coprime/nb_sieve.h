/* nb_sieve.h - a cached sieve of Eratosthenes: for every number below n the index of its
 * least prime factor among the primes (pi(2) = 1, pi(3) = 2, ...), and the primes below
 * n in order; grown by doubling. */
#ifndef NB_SIEVE_H
#define NB_SIEVE_H

#include <stdint.h>

#include "core/nb_budget.h"
#include "cache/nb_cache.h"

/* A cached table version (immutable once built; the cache owns it): odd[m/2] is pi(least
 * prime factor of m) for the odd m < n (an even m's is pi(2) = 1, by rule); primes[j] is
 * the j-th prime, 1-based, for the primes below n. */
typedef struct nb_sieve {
    nb_cached base;
    uint64_t n;
    uint32_t *odd;
    uint32_t *primes;
    uint64_t nprimes;
} nb_sieve;

typedef struct nb_sieve_need {
    uint64_t n;        /* every number below n wanted */
    nb_budget *budget; /* the asking request's (may be NULL): the sieve's time and memory */
} nb_sieve_need;

extern const nb_cache_kind nb_sieve_kind;

/* The index of a number's least prime factor, for 2 <= m < t->n. */
static inline uint32_t nb_sieve_lpf_index(const nb_sieve *t, uint64_t m)
{
    return m % 2 ? t->odd[m / 2] : 1;
}

#endif
