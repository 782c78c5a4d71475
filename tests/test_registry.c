/* test_registry.c - every registered game type, checked the day it is registered: its
 * own sampler's random positions, decoded by its API type, analysed and played by
 * libnimber and held to the brute-force solver (verdict, SG, components, the exact set of
 * winning moves, apply) in both conventions where misère play is defined. No type is
 * named here: the cases come from the registry. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "api_types.h"
#include "brute.h"
#include "check_run.h"

#define POSITIONS 3000

static nb_solver solver;
static api_limits limits;

static void setup(void)
{
    solver.cache = nb_cache_new(64u << 20);
    solver.limits = nb_limits_default();
    limits = (api_limits){.lib = solver.limits, .max_batch = 1, .max_table_page = 1000,
                          .max_response = 1 << 20};
}

static void teardown(void) { nb_cache_free(solver.cache); }

/* _i is the type's place in the registry. */
START_TEST(type_against_brute)
{
    const api_type *t = api_registry[_i];
    ck_assert_msg(t->sample, "%s has no sampler", t->name);
    api_rng rng = {20261123u + (uint64_t)_i};
    size_t misere = 0;
    for (int round = 0; round < POSITIONS; round++) {
        json_t *obj = t->sample(&rng, false);
        char *what = json_dumps(obj, JSON_COMPACT);
        api_game g;
        api_problem p = {0};
        ck_assert_msg(api_game_decode(obj, "", true, false, &limits, &g, &p) == 0,
                      "%s: sample %s does not decode: %s", t->name, what, p.detail);
        brute_check(&solver, &g.game, NB_NORMAL, what);
        if (t->misere && !(g.game.rules->misere_undefined && g.game.rules->misere_undefined(&g.game))) {
            brute_check(&solver, &g.game, NB_MISERE, what);
            misere++;
        }
        api_game_free(&g);
        json_decref(obj);
        free(what);
    }
    fprintf(stderr, "registry: %s: %d positions checked, %zu of them under misère play too\n",
            t->name, POSITIONS, misere);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("registry");
    for (int i = 0; api_registry[i]; i++) {
        TCase *tc = tcase_create(api_registry[i]->name);
        tcase_add_checked_fixture(tc, setup, teardown);
        tcase_set_timeout(tc, 600);
        tcase_add_loop_test(tc, type_against_brute, i, i + 1);
        suite_add_tcase(s, tc);
    }
    return check_run(s, true);
}
