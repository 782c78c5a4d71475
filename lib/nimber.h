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

/* The misère table of octal games (nb_misere_sweep.c). A code's row: the quotient grown
 * under a budget and certified again; preperiod and period only when proved (the
 * pretending function's least preperiod), exact_up_to the largest heap it is exact for
 * (INT64_MAX when proved). */
#define NB_SWEEP_CODE_LEN 12
typedef struct nb_misere_row {
    char code[NB_SWEEP_CODE_LEN];
    enum { NB_SWEEP_PROVED, NB_SWEEP_PARTIAL, NB_SWEEP_NONE } status;
    uint32_t order, p_size;
    bool tame;
    uint64_t preperiod, period, exact_up_to;
    double seconds;
    const char *stop; /* why growth stopped, when partial: a static phrase, or NULL */
} nb_misere_row;

/* The table's first line: its column names, tab-separated. */
extern const char nb_misere_sweep_header[];

/* The codes 0.d1..dk of at most `digits` digits (at most NB_SWEEP_CODE_LEN - 3) whose last
 * digit is not 0 (a code ending in 0 is the shorter one), by length then value: at most
 * cap of them into codes; returns how many there are. */
size_t nb_misere_sweep_codes(unsigned digits, char (*codes)[NB_SWEEP_CODE_LEN], size_t cap);

/* The row of one code, its quotient grown for at most `seconds` (and max_work records a
 * certification): false with err when the code does not parse or the quotient fails its
 * certificate. */
bool nb_misere_sweep_row(const char *code, uint64_t seconds, uint64_t max_work,
                         nb_misere_row *row, nb_err *err);

/* A row as a line of the table. */
void nb_misere_row_write(const nb_misere_row *row, FILE *out);

#endif
