/* lib_fixture.h - what the library's suites of fixed cases (test_engine, test_games)
 * share: a solver with a fresh table cache for each case, random numbers and sets, and
 * the suite built from a list of named cases. */
#ifndef LIB_FIXTURE_H
#define LIB_FIXTURE_H

#include <check.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/nb_solver.h"
#include "games/subtraction/nb_subtraction.h"

/* The solver of the case running (each case runs in a process of its own). */
static nb_solver solver;

static inline void lib_setup(void)
{
    solver.cache = nb_cache_new(64u << 20);
    solver.limits = nb_limits_default();
}

/* Each case says when it is done: the slow ones take tens of seconds. */
static inline void lib_teardown(void)
{
    nb_cache_free(solver.cache);
    fprintf(stderr, "%s: %s done\n", program_invocation_short_name, tcase_name());
}

static inline uint64_t rnd(uint64_t n) { return n ? (uint64_t)random() % n : 0; }

/* A random subtraction set of 1..max_n distinct values in 1..max_v. */
static inline void random_set(nb_subtraction_params *p, size_t max_n, uint64_t max_v)
{
    p->nset = 1 + rnd(max_n);
    for (size_t i = 0; i < p->nset; i++) {
        bool fresh;
        do {
            p->set[i] = 1 + rnd(max_v);
            fresh = true;
            for (size_t j = 0; j < i; j++)
                fresh &= p->set[j] != p->set[i];
        } while (!fresh);
    }
}

/* The report blames field `field`, elements i and j of it, in sum component c. */
static inline void expect_field(nb_err *err, int field, size_t i, size_t j, size_t c)
{
    ck_assert_int_eq(err->field, field);
    ck_assert_uint_eq(err->index[0], i);
    ck_assert_uint_eq(err->index[1], j);
    ck_assert_uint_eq(err->component, c);
    nb_err_clear(err);
}

typedef struct lib_case {
    const char *name;
    const TTest *test;
    bool slow; /* tagged "slow": run beside the others (scripts/run-tests.sh) */
} lib_case;

/* A suite of one test case per entry, each with the fixture and 600 s to run. */
static inline Suite *lib_suite(const char *name, const lib_case *cases, size_t n)
{
    Suite *s = suite_create(name);
    for (size_t i = 0; i < n; i++) {
        TCase *tc = tcase_create(cases[i].name);
        if (cases[i].slow)
            tcase_set_tags(tc, "slow");
        tcase_add_checked_fixture(tc, lib_setup, lib_teardown);
        tcase_set_timeout(tc, 600);
        tcase_add_test(tc, cases[i].test);
        suite_add_tcase(s, tc);
    }
    return s;
}

#endif
