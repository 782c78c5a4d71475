/* nb_coprime.h - the coprime game (the seeds' gcd-restricted Nim): from a heap of x take
 * y >= 1 with gcd(x, y) = 1. State = heaps; field 0 is the heaps; a move is {heap, take}. */
#ifndef NB_COPRIME_H
#define NB_COPRIME_H

#include "engine/nb_solver.h"
#include "cache/nb_sequence.h"
#include "games/coprime/nb_sieve.h"

/* Heaps below this are valued from the cached sieve; above it, by factoring. */
#define NB_COPRIME_SIEVE (1u << 22)

typedef struct nb_coprime_params {
    const nb_sieve *table;    /* attached by prepare, released by release */
} nb_coprime_params;
extern const nb_ruleset nb_coprime;

/* Makes the SG-table cache hold the sieve of the heaps below n (to warm a cache, or to
 * time the sieve alone). */
nb_status nb_coprime_sieve(nb_solver *s, uint64_t n, nb_err *err);

/* SG values of one heap of from..up_to (from <= up_to; no period: the values grow without bound). */
nb_status nb_coprime_sequence(nb_solver *s, uint64_t from, uint64_t up_to, nb_sequence *out,
                              nb_err *err);

#endif
