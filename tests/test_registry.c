/* test_registry.c - every registered game type, checked the day it is registered: its
 * own sampler's random positions, decoded by its API type, analysed and played by
 * libnimber and held to the brute-force solver (verdict, SG, components, the exact set of
 * winning moves, apply) in both conventions where misère play is defined; and every move
 * /v1/moves lists, sent to /v1/move, answered with the position it lists and that
 * position's analysis, while a move with one integer changed is either another listed move
 * or an illegal move. No type is named here: the cases come from the registry. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_endpoints.h"
#include "api_move.h"
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

#define MOVE_POSITIONS 200
#define MOVES_SENT 40

/* The endpoint's answer to body under query q, as JSON (NULL for a problem, its kind and
 * pointer into *p). */
static json_t *answer(api_endpoint *endpoint, json_t *body, const api_query *q, int *status,
                      api_problem *p)
{
    api_context ctx = {&solver, &limits, NULL};
    api_buf out = {0};
    *p = (api_problem){0};
    *status = endpoint(&ctx, body, q, &out, p);
    size_t len;
    char *text = api_buf_take(&out, &len);
    json_t *v = *status == 200 && text ? json_loadb(text, len, 0, NULL) : NULL;
    free(text);
    return v;
}

/* The first integer in v (depth first) changed by delta; false when v holds none. */
static bool nudge(json_t *v, json_int_t delta)
{
    if (json_is_object(v)) {
        const char *key;
        json_t *item;
        json_object_foreach(v, key, item) {
            if (json_is_integer(item) && json_integer_value(item) + delta >= 0) {
                json_object_set_new(v, key, json_integer(json_integer_value(item) + delta));
                return true;
            }
            if (nudge(item, delta))
                return true;
        }
    }
    for (size_t i = 0; json_is_array(v) && i < json_array_size(v); i++) {
        json_t *item = json_array_get(v, i);
        if (json_is_integer(item) && json_integer_value(item) + delta >= 0) {
            json_array_set_new(v, i, json_integer(json_integer_value(item) + delta));
            return true;
        }
        if (nudge(item, delta))
            return true;
    }
    return false;
}

/* A listed move as a client sends it: without what the answer adds. */
static json_t *as_sent(json_t *listed)
{
    json_t *m = json_deep_copy(listed);
    static const char *const added[] = {"position", "outcome", "sg", "remoteness"};
    for (size_t i = 0; i < sizeof added / sizeof *added; i++)
        json_object_del(m, added[i]);
    return m;
}

START_TEST(moves_through_move_endpoint)
{
    const api_type *t = api_registry[_i];
    api_rng rng = {20261127u + (uint64_t)_i};
    api_query q = API_QUERY_DEFAULT;
    q.max_moves = 1000;
    size_t sent = 0, refused = 0, other = 0;
    for (int round = 0; round < MOVE_POSITIONS; round++) {
        json_t *game = t->sample(&rng, false);
        if (t->misere && round % 2)
            json_object_set_new(game, "convention", json_string("misere"));
        int status;
        api_problem p;
        json_t *moves = answer(api_moves, game, &q, &status, &p);
        api_problem_clear(&p);
        if (!moves) { /* misère play undefined here, or a limit: /v1/analyze says as much */
            json_decref(game);
            continue;
        }
        json_t *list = json_object_get(moves, "moves");
        bool complete = json_is_true(json_object_get(moves, "complete"));
        for (size_t i = 0; i < json_array_size(list) && i < MOVES_SENT; i++, sent++) {
            json_t *listed = json_array_get(list, i);
            json_t *body = json_pack("{s:O, s:o}", "game", game, "move", as_sent(listed));
            char *what = json_dumps(body, JSON_COMPACT);
            json_t *got = answer(api_move, body, &q, &status, &p);
            ck_assert_msg(got, "%s: %d %s", what, status, p.detail);
            json_t *position = json_object_get(listed, "position");
            ck_assert_msg(json_equal(json_object_get(got, "position"), position),
                          "%s: the position after differs from /v1/moves'", what);
            json_t *analysis = answer(api_analyse, position, &q, &status, &p);
            ck_assert_msg(analysis, "%s: the position after has no analysis", what);
            json_object_del(got, "position");
            ck_assert_msg(json_equal(got, analysis), "%s: not /v1/analyze's answer", what);
            json_decref(got), json_decref(analysis);
            /* one integer of the move changed: another listed move, or refused */
            json_t *move = json_object_get(body, "move");
            if (complete && nudge(move, i % 2 ? 1 : -1)) {
                free(what);
                what = json_dumps(body, JSON_COMPACT);
                got = answer(api_move, body, &q, &status, &p);
                if (got) {
                    bool found = false;
                    for (size_t k = 0; k < json_array_size(list) && !found; k++)
                        found = json_equal(json_object_get(got, "position"), json_object_get(
                                               json_array_get(list, k), "position"));
                    ck_assert_msg(found, "%s: accepted, but /v1/moves lists no such move", what);
                    other++;
                } else {
                    ck_assert_msg(status == 422 && !strcmp(p.kind, "illegal-move") &&
                                      p.pointer && !strncmp(p.pointer, "/move", 5),
                                  "%s: %d %s (%s)", what, status, p.detail,
                                  p.pointer ? p.pointer : "no pointer");
                    refused++;
                }
                json_decref(got);
                api_problem_clear(&p);
            }
            free(what);
            json_decref(body);
        }
        json_decref(moves);
        json_decref(game);
    }
    fprintf(stderr, "registry: %s: %zu moves sent to /v1/move; %zu changed ones refused, "
            "%zu another move\n", t->name, sent, refused, other);
    ck_assert_msg(sent > 0, "%s: no move was sent", t->name);
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
        tcase_add_loop_test(tc, moves_through_move_endpoint, i, i + 1);
        suite_add_tcase(s, tc);
    }
    return check_run(s, true);
}
