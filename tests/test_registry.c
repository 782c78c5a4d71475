/* test_registry.c - every registered game type, checked the day it is registered: its
 * own sampler's random positions, decoded by its API type, analysed and played by
 * libnimber and held to the brute-force solver (verdict, SG, components, the exact set of
 * winning moves, apply) in both conventions where misère play is defined. No type is
 * named here: the cases come from the registry. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    /* A table's search for its period past the heaps asked stops sooner: thousands of
     * random codes each grew to the default's 5*10^7 pair tests (minutes under ASan). */
    solver.limits.max_work = 2000000;
    limits = (api_limits){.lib = solver.limits, .max_batch = 1, .max_table_page = 1000,
                          .max_response = 1 << 20};
}

static void teardown(void) { nb_cache_free(solver.cache); }

/* The analysis names how it was decided, one of the methods its type declares, and each
 * listed component names its own (normal play). */
static void check_method(const api_type *t, nb_game *g, nb_convention conv, const char *what)
{
    nb_analysis a;
    nb_err err = {0};
    ck_assert_msg(nb_analyse(&solver, g, conv, 1, &a, &err) == NB_OK, "%s: %s", what, err.msg);
    const char *name = nb_method_name(a.method);
    bool declared = false;
    for (const char *const *m = t->methods; *m && !declared; m++)
        declared = !strcmp(*m, name);
    ck_assert_msg(declared, "%s (%s): method \"%s\" is not one %s declares", what,
                  conv == NB_MISERE ? "misère" : "normal", name, t->name);
    for (size_t i = 0; i < a.ncomponents; i++)
        ck_assert_msg(!(a.components[i].has_sg || a.components[i].loopy) ||
                          *nb_method_name(a.components[i].method),
                      "%s: component %zu has a value but no method", what, i);
    nb_analysis_free(&a);
}

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
        check_method(t, &g.game, NB_NORMAL, what);
        if (t->misere && !(g.game.rules->misere_undefined && g.game.rules->misere_undefined(&g.game))) {
            brute_check(&solver, &g.game, NB_MISERE, what);
            check_method(t, &g.game, NB_MISERE, what);
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
        /* the types whose brute force takes longest run beside the others */
        const char *name = api_registry[i]->name;
        if (!strcmp(name, "wythoff") || !strcmp(name, "divisor"))
            tcase_set_tags(tc, "slow");
        tcase_add_loop_test(tc, type_against_brute, i, i + 1);
        suite_add_tcase(s, tc);
    }
    return check_run(s, true);
}
