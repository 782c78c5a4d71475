/* check_run.h - the main() every Check suite here shares: run, print, exit status. */
#ifndef CHECK_RUN_H
#define CHECK_RUN_H

#include <check.h>
#include <stdbool.h>
#include <stdlib.h>

/* Runs the suite (forking per test unless told not to) at the verbosity CK_VERBOSITY
 * asks, and returns main's exit status. */
static inline int check_run(Suite *suite, bool fork_tests)
{
    SRunner *sr = srunner_create(suite);
    if (!fork_tests)
        srunner_set_fork_status(sr, CK_NOFORK);
    srunner_run_all(sr, CK_ENV); /* CK_VERBOSITY: verbose prints each test as it ends */
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

#endif
