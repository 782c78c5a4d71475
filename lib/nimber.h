/* nimber.h - libnimber's one header for a program that serves it (nimberd): the solver
 * and its limits, a request's budget, the table cache and the store beneath it, what they
 * have counted, tables baked ahead of time, and the allocation helpers the library's
 * callers share. The api layer, which speaks games, may include any room of lib/; a
 * server includes this alone. */
#ifndef NIMBER_H
#define NIMBER_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "cache/nb_cache.h"
#include "cache/nb_store.h"
#include "core/nb_budget.h"
#include "core/nb_util.h"
#include "engine/nb_solver.h"
#include "theory/nb_quotient.h"

/* What the library's shared parts have counted since the process started (the store's
 * are zeros without a store), for metrics. */
typedef struct nb_counters {
    nb_cache_stats cache;
    nb_store_stats store;
    nb_quotient_stats quotient;
} nb_counters;
nb_counters nb_counters_read(nb_cache *cache, nb_store *store);

/* Grows the table a spec names through the cache (its store, when it has one, is written
 * as each doubling lands), with a line of progress on out (a line a doubling when tty):
 * "grundy:N" (Grundy's game to N values), "octal:CODE:N", "octal:CODE:period" (until the
 * periodicity theorem proves the period), "subtraction:A,B,..." (until its period is
 * proved). N is 1..max_table. False (the reason on out) for a spec it cannot do. */
bool nb_precompute(nb_cache *cache, const char *spec, uint64_t max_table, bool tty, FILE *out);

#endif
