/* nb_fibonacci.h - dynamic subtraction (Fibonacci Nim for k = 2): from a heap take t with
 * 1 <= t <= its limit; that heap's limit becomes k t. State = n0,r0,n1,r1,... (each heap
 * with its limit a part of a sum; a limit of NB_FIB_FIRST is a first move's, n - 1); a
 * move is {heap, take}. */
#ifndef NB_FIBONACCI_H
#define NB_FIBONACCI_H

#include "engine/nb_solver.h"
#include "games/fibonacci/nb_fibtable.h"

/* The limit of a heap no one has taken from yet: anything but the whole heap. */
#define NB_FIB_FIRST UINT64_MAX

/* Field numbers: 0 the heaps, 1 the limits (both the state), 2 k. */
enum { NB_FIB_FIELD_LIMITS = 1, NB_FIB_FIELD_K = 2 };

typedef struct nb_fibonacci_params {
    uint64_t k;                /* the multiplier, >= 1 */
    /* attached by prepare, given back by release: */
    uint64_t *terms;           /* the sequence H of k (nb_fibonacci.c) up past the largest
                                * heap, owned */
    size_t nterms;
    const nb_fibtable *table;  /* when every heap is below max_side */
} nb_fibonacci_params;

extern const nb_ruleset nb_fibonacci;

/* The SG values of heaps from..up_to (below max_side) under multiplier k >= 1, each heap
 * n with every limit 0..n, row after row (n + 1 values a row) into *values (caller
 * frees). */
nb_status nb_fibonacci_rows(nb_solver *s, uint64_t k, uint64_t from, uint64_t up_to,
                            uint64_t **values, nb_err *err);

#endif
