/* test_api.c - the JSON layer without HTTP: decoding of every type and every error path
 * (a table of body -> status and pointer, jansson-style), the encoding of moves and of
 * the position after each, batch, table and the catalog. */
#include <check.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_endpoints.h"
#include "api_json.h"
#include "api_parse.h"
#include "api_utf8.h"
#include "api_write.h"
#include "check_run.h"

static nb_solver solver;
static api_limits limits;
static api_context ctx;

static void setup(void)
{
    solver.cache = nb_cache_new(16u << 20);
    solver.limits = nb_limits_default();
    limits = (api_limits){.lib = nb_limits_default(), .max_batch = 4, .max_table_page = 1000,
                          .max_response = 1 << 20};
    limits.lib.max_parts = 8;
    solver.limits = limits.lib;
    ctx = (api_context){&solver, &limits, NULL};
}

static void teardown(void) { nb_cache_free(solver.cache); }

/* The answer's text parsed back (asserting that it is JSON) and the buffer emptied; NULL
 * when nothing was written. */
static json_t *parsed(api_buf *text)
{
    json_t *j = NULL;
    if (text->len) {
        json_error_t e;
        j = json_loadb(text->p, text->len, 0, &e);
        ck_assert_msg(j != NULL, "the answer is not JSON (%s): %.*s", e.text, (int)text->len,
                      text->p);
    }
    free(text->p);
    *text = (api_buf){0};
    return j;
}

/* Parses and analyses `body`; returns the status, with the answer in *out (NULL unless
 * 200: nothing is written on failure) and the problem in *p. */
static int run(const char *body, json_t **out, api_problem *p)
{
    memset(p, 0, sizeof *p);
    *out = NULL;
    json_t *j = api_parse(body, strlen(body), NULL, p);
    if (!j)
        return p->status;
    api_buf text = {0};
    int status = api_analyse(&ctx, j, &API_QUERY_DEFAULT, &text, p);
    json_decref(j);
    *out = parsed(&text);
    ck_assert_msg((status == 200) == (*out != NULL), "%s: status %d with answer %p", body,
                  status, (void *)*out);
    return status;
}

static const struct { const char *body; int status; const char *pointer; } cases[] = {
    {"{\"type\":\"nim\",\"heaps\":[1,2]}", 200, NULL},
    {"{\"type\":\"nim\",\"heaps\":[]}", 200, NULL},
    {"{\"type\":\"bash\",\"heaps\":[5],\"k\":2}", 200, NULL},
    {"{\"type\":\"subtraction\",\"heaps\":[5],\"set\":[2,3]}", 200, NULL},
    {"{\"type\":\"moore\",\"heaps\":[5,6],\"k\":1}", 200, NULL},
    {"{\"type\":\"staircase\",\"stairs\":[0,4]}", 200, NULL},
    {"{\"type\":\"coins\",\"coins\":\"\"}", 200, NULL},
    {"{\"type\":\"cutting\",\"pieces\":[]}", 200, NULL},
    {"{\"type\":\"dag\",\"nodes\":0,\"edges\":[],\"tokens\":[]}", 200, NULL},
    {"{\"type\":\"sum\",\"components\":[]}", 200, NULL},
    {"{\"type\":\"nim\",\"heaps\":[1],\"convention\":\"normal\"}", 200, NULL},
    /* syntax */
    {"{", 400, NULL},
    {"nim", 400, NULL},
    {"{\"type\":\"nim\",\"heaps\":[1]} x", 400, NULL},
    {"{\"type\":\"nim\",\"type\":\"nim\",\"heaps\":[1]}", 400, "/type"},
    {"{\"type\":\"nim\",\"heaps\":[1,1E400]}", 400, "/heaps/1"},
    {"{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[\"\\ud800\"]}]}", 400,
     "/components/0/heaps/0"},
    {"{\"type\":\"nim\",\"heaps\":[\"\\u0000\"]}", 400, "/heaps/0"},
    {"{\"a/b~c\":{\"x\":tru}}", 400, "/a~1b~0c/x"},
    {"{\"type\":\"nim\",\"heaps\":[18446744073709551616]}", 400, "/heaps/0"},
    {"{\"type\":\"nim\",\"heaps\":[-9223372036854775809]}", 400, "/heaps/0"},
    {"\"just a string\"", 400, NULL}, /* jansson takes only arrays and objects at the top */
    {"null", 400, NULL},
    {"[1]", 400, ""},
    /* type and keys */
    {"{\"type\":7,\"heaps\":[1]}", 400, "/type"},
    {"{\"type\":\"Nim\",\"heaps\":[1]}", 400, "/type"},
    {"{\"type\":\"nim\",\"heaps\":[1],\"k\":3}", 400, "/k"},
    {"{\"type\":\"nim\",\"heaps\":[1],\"up_to\":3}", 400, "/up_to"},
    {"{\"type\":\"nim\",\"heaps\":[1],\"convention\":null}", 400, "/convention"},
    /* fields of each type */
    {"{\"type\":\"nim\",\"heaps\":[true]}", 400, "/heaps/0"},
    {"{\"type\":\"nim\",\"heaps\":[null]}", 400, "/heaps/0"},
    {"{\"type\":\"nim\",\"heaps\":\"1,2\"}", 400, "/heaps"},
    {"{\"type\":\"nim\",\"heaps\":[1,2,3,4,5,6,7,8,9]}", 422, "/heaps"},
    {"{\"type\":\"bash\",\"heaps\":[5]}", 400, "/k"},
    {"{\"type\":\"bash\",\"heaps\":[5],\"k\":1.5}", 400, "/k"},
    {"{\"type\":\"moore\",\"heaps\":[5],\"k\":0}", 400, "/k"},
    {"{\"type\":\"subtraction\",\"heaps\":[5]}", 400, "/set"},
    {"{\"type\":\"subtraction\",\"heaps\":[5],\"set\":[1000001]}", 400, "/set/0"},
    {"{\"type\":\"subtraction\",\"heaps\":[5],\"set\":[2,1,2]}", 400, "/set/2"},
    {"{\"type\":\"staircase\",\"stairs\":[-1]}", 400, "/stairs/0"},
    {"{\"type\":\"staircase\"}", 400, "/stairs"},
    {"{\"type\":\"coins\",\"coins\":\"hT\"}", 400, "/coins"},
    {"{\"type\":\"coins\",\"coins\":\"HHHHHHHHH\"}", 422, "/coins"},
    {"{\"type\":\"coins\",\"coins\":[\"H\"]}", 400, "/coins"},
    {"{\"type\":\"coins\",\"grid\":[\"HT\",\"H\"]}", 400, "/grid/1"},
    {"{\"type\":\"coins\",\"grid\":[\"HT\",7]}", 400, "/grid/1"},
    {"{\"type\":\"coins\",\"grid\":[\"HX\"]}", 400, "/grid/0"},
    {"{\"type\":\"coins\",\"coins\":\"H\",\"grid\":[\"H\"]}", 400, "/grid"},
    {"{\"type\":\"coins\",\"coins\":\"H\",\"rule\":\"turtle\"}", 400, "/rule"},
    {"{\"type\":\"coins\",\"coins\":\"H\",\"rule\":[\"twins\",\"twins\"]}", 400, "/rule"},
    {"{\"type\":\"coins\",\"grid\":[\"H\"],\"rule\":[\"twins\",\"x\"]}", 400, "/rule/1"},
    {"{\"type\":\"coins\",\"grid\":[\"HHH\",\"HHH\",\"HHH\"]}", 422, "/grid"},
    {"{\"type\":\"cutting\",\"pieces\":[[1,2,3]]}", 400, "/pieces/0"},
    {"{\"type\":\"cutting\",\"pieces\":[[1,\"2.0\"]]}", 400, "/pieces/0/1"},
    {"{\"type\":\"cutting\",\"pieces\":[[\"2\",\"3\"]]}", 200, NULL}, /* digits as strings */
    {"{\"type\":\"cutting\",\"pieces\":[[0,2]]}", 400, "/pieces/0/0"},
    {"{\"type\":\"cutting\",\"pieces\":{}}", 400, "/pieces"},
    {"{\"type\":\"cutting\",\"pieces\":[[1001,2]]}", 422, "/pieces/0/0"},
    {"{\"type\":\"dag\",\"nodes\":-1,\"edges\":[],\"tokens\":[]}", 400, "/nodes"},
    {"{\"type\":\"dag\",\"nodes\":3000000,\"edges\":[],\"tokens\":[]}", 422, "/nodes"},
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0]],\"tokens\":[]}", 400, "/edges/0"},
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,-1]],\"tokens\":[]}", 400, "/edges/0/1"},
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,1.0]],\"tokens\":[]}", 400, "/edges/0/1"},
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[],\"tokens\":[2]}", 400, "/tokens/0"},
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,1],[1,0]],\"tokens\":[0]}", 200, NULL}, /* a draw */
    {"{\"type\":\"dag\",\"nodes\":2,\"edges\":[]}", 400, "/tokens"},
    {"{\"type\":\"sum\",\"components\":{}}", 400, "/components"},
    {"{\"type\":\"sum\",\"components\":[7]}", 400, "/components/0"},
    {"{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[1],\"x\":1}]}", 400, "/components/0/x"},
    {"{\"type\":\"sum\",\"components\":[{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[0]}]}", 400, "/components/0/set/0"},
    {"{\"type\":\"sum\",\"components\":[{\"type\":\"dag\",\"nodes\":1,\"edges\":[[0,0]],\"tokens\":[0]}]}", 200, NULL},
    {"{\"type\":\"cutting\",\"pieces\":[[2,2]],\"convention\":\"misere\"}", 422, "/convention"},
};

START_TEST(decode_table)
{
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        json_t *out;
        api_problem p;
        int status = run(cases[i].body, &out, &p);
        ck_assert_msg(status == cases[i].status, "%s: status %d (%s)", cases[i].body, status,
                      p.detail);
        if (status != 200) {
            json_t *problem = api_problem_json(&p);
            ck_assert_int_eq(json_integer_value(json_object_get(problem, "status")), status);
            ck_assert_ptr_nonnull(json_string_value(json_object_get(problem, "detail")));
            const char *ptr = json_string_value(json_object_get(problem, "pointer"));
            if (cases[i].pointer)
                ck_assert_msg(ptr && !strcmp(ptr, cases[i].pointer), "%s: pointer %s", cases[i].body,
                              ptr ? ptr : "(none)");
            else
                ck_assert_msg(!ptr, "%s: unexpected pointer %s", cases[i].body, ptr);
            json_decref(problem);
        }
        json_decref(out);
    }
}
END_TEST

/* The first winning move of `body`, and the position after it, as compact JSON. */
static void first_move(const char *body, const char *move, const char *position)
{
    json_t *out;
    api_problem p;
    ck_assert_int_eq(run(body, &out, &p), 200);
    json_t *m = json_deep_copy(json_array_get(json_object_get(out, "winning_moves"), 0));
    ck_assert_msg(m != NULL, "%s has no winning move", body);
    json_t *pos = json_incref(json_object_get(m, "position"));
    json_object_del(m, "position");
    char *ms = json_dumps(m, JSON_COMPACT | JSON_SORT_KEYS);
    ck_assert_msg(!strcmp(ms, move), "%s: move %s", body, ms);
    ck_assert_msg(pos != NULL, "%s: the move has no position", body);
    char *ps = json_dumps(pos, JSON_COMPACT);
    ck_assert_msg(!strcmp(ps, position), "%s: position %s", body, ps);
    free(ps);
    free(ms);
    json_decref(pos);
    json_decref(m);
    json_decref(out);
}

START_TEST(encode_moves_and_positions)
{
    first_move("{\"type\":\"nim\",\"heaps\":[1,2]}", "{\"heap\":1,\"take\":1}",
               "{\"type\":\"nim\",\"heaps\":[1,1]}");
    first_move("{\"k\":2,\"type\":\"bash\",\"heaps\":[4]}", "{\"heap\":0,\"take\":1}",
               "{\"k\":2,\"type\":\"bash\",\"heaps\":[3]}");
    first_move("{\"type\":\"moore\",\"heaps\":[1,1],\"k\":2}",
               "{\"takes\":[{\"heap\":0,\"take\":1},{\"heap\":1,\"take\":1}]}",
               "{\"type\":\"moore\",\"heaps\":[0,0],\"k\":2}");
    first_move("{\"type\":\"staircase\",\"stairs\":[1,3]}", "{\"count\":1,\"stair\":1}",
               "{\"type\":\"staircase\",\"stairs\":[0,3]}");
    /* from an even stair onto the odd one below */
    first_move("{\"type\":\"staircase\",\"stairs\":[0,3,1]}", "{\"count\":1,\"stair\":2}",
               "{\"type\":\"staircase\",\"stairs\":[1,2,1]}");
    first_move("{\"type\":\"coins\",\"coins\":\"TTH\"}", "{\"flip\":[3]}",
               "{\"type\":\"coins\",\"coins\":\"TTT\"}");
    first_move("{\"type\":\"coins\",\"coins\":\"HTH\"}", "{\"flip\":[1,3]}",
               "{\"type\":\"coins\",\"coins\":\"TTT\"}");
    first_move("{\"type\":\"coins\",\"coins\":\"HHTH\"}", "{\"flip\":[3,4]}",
               "{\"type\":\"coins\",\"coins\":\"HHHT\"}"); /* a tail turned to heads */
    first_move("{\"type\":\"cutting\",\"pieces\":[[2,2],[1,2]]}",
               "{\"at\":1,\"cut\":\"horizontal\",\"piece\":1,\"wins_immediately\":true}",
               "{\"type\":\"cutting\",\"pieces\":[[2,2],[1,1],[1,1]]}");
    first_move("{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,1]],\"tokens\":[0]}",
               "{\"from\":0,\"to\":1,\"token\":0,\"tokens\":[1]}",
               "{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,1]],\"tokens\":[1]}");
    first_move("{\"type\":\"sum\",\"components\":[{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,1]],"
               "\"tokens\":[0]}]}", "{\"component\":0,\"move\":{\"from\":0,\"to\":1,\"token\":0,"
               "\"tokens\":[1]}}", "{\"type\":\"sum\",\"components\":[{\"type\":\"dag\",\"nodes\":2,"
               "\"edges\":[[0,1]],\"tokens\":[1]}]}");
}
END_TEST

START_TEST(batch_play_table_catalog)
{
    api_problem p = {0};
    api_buf text = {0};
    json_t *out, *body = json_loads("{\"positions\":[{\"type\":\"nim\",\"heaps\":[2]},{\"type\":\"x\"},"
                                    "{\"type\":\"cutting\",\"pieces\":[[2,2]],\"convention\":\"misere\"},"
                                    "{\"type\":\"bash\",\"heaps\":[4],\"k\":3}]}", 0, NULL);
    ck_assert_int_eq(api_batch(&ctx, body, &(api_query){.max_moves = 4, .max_components = SIZE_MAX}, &text, &p), 200);
    out = parsed(&text);
    json_t *results = json_object_get(out, "results");
    ck_assert_uint_eq(json_array_size(results), 4);
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(results, 0), "verdict")),
                     "win");
    /* a decoding failure and a solving failure (misère cutting) each leave only their problem */
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(results, 1), "pointer")),
                     "/positions/1/type");
    json_t *undefined = json_array_get(results, 2);
    ck_assert_int_eq(json_integer_value(json_object_get(undefined, "status")), 422);
    ck_assert_str_eq(json_string_value(json_object_get(undefined, "pointer")),
                     "/positions/2/convention");
    ck_assert_ptr_null(json_object_get(undefined, "verdict"));
    ck_assert_str_eq(json_string_value(json_object_get(json_array_get(results, 3), "verdict")),
                     "lose");
    json_decref(out);
    json_decref(body);
    body = json_loads("{\"positions\":[{},{},{},{},{}]}", 0, NULL);
    ck_assert_int_eq(api_batch(&ctx, body, &(api_query){.max_moves = 4, .max_components = SIZE_MAX}, &text, &p), 422);
    ck_assert_ptr_null(parsed(&text));
    json_decref(body);

    body = json_loads("{\"type\":\"bash\",\"heaps\":[3],\"k\":3}", 0, NULL);
    ck_assert_int_eq(api_play(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 200);
    out = parsed(&text);
    ck_assert_str_eq(json_string_value(json_object_get(out, "verdict")), "win");
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(out, "move"), "take")), 3);
    ck_assert_int_eq(json_integer_value(json_array_get(json_object_get(
                         json_object_get(out, "position"), "heaps"), 0)), 0);
    json_decref(out);
    json_decref(body);
    body = json_loads("{\"type\":\"bash\",\"heaps\":[4],\"k\":3}", 0, NULL);
    ck_assert_int_eq(api_play(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 200);
    out = parsed(&text);
    ck_assert_str_eq(json_string_value(json_object_get(out, "verdict")), "lose");
    ck_assert(json_is_object(json_object_get(out, "move"))); /* the lost side still moves */
    json_decref(out);
    json_decref(body);
    body = json_loads("{\"type\":\"nim\",\"heaps\":[0]}", 0, NULL);
    ck_assert_int_eq(api_play(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 200);
    out = parsed(&text);
    ck_assert(json_is_null(json_object_get(out, "move")));
    ck_assert(json_is_null(json_object_get(out, "position")));
    json_decref(out);
    json_decref(body);

    body = json_loads("{\"type\":\"subtraction\",\"set\":[2,3],\"up_to\":9}", 0, NULL);
    ck_assert_int_eq(api_table(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 200);
    out = parsed(&text);
    ck_assert_int_eq(json_integer_value(json_object_get(out, "period")), 5);
    ck_assert_int_eq(json_array_size(json_object_get(out, "values")), 10);
    json_decref(out);
    json_decref(body);
    body = json_loads("{\"type\":\"nim\",\"up_to\":1000}", 0, NULL);
    ck_assert_int_eq(api_table(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 422);
    ck_assert_str_eq(p.pointer, "/up_to");
    ck_assert_ptr_null(parsed(&text));
    json_decref(body);
    body = json_loads("{\"type\":\"moore\",\"k\":2}", 0, NULL);
    ck_assert_int_eq(api_table(&ctx, body, &API_QUERY_DEFAULT, &text, &p), 400);
    ck_assert_ptr_null(parsed(&text));
    json_decref(body);

    json_t *catalog = api_catalog(&limits, false);
    json_t *strings = api_catalog(&limits, true); /* examples' int64 members as strings */
    json_t *octal = json_array_get(json_object_get(strings, "types"), 10);
    ck_assert_str_eq(json_string_value(json_object_get(octal, "type")), "octal");
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(json_object_get(
                         octal, "example"), "heaps"), 2)), "1000000000000000000");
    json_decref(strings);
    json_t *types = json_object_get(catalog, "types");
    size_t i;
    json_t *t;
    json_array_foreach(types, i, t) {
        ck_assert_ptr_nonnull(api_type_find(json_string_value(json_object_get(t, "type"))));
        ck_assert(json_is_object(json_object_get(t, "example")));
        ck_assert_int_gt(json_object_size(json_object_get(t, "limits")), 0);
    }
    size_t registered = 0;
    while (api_registry[registered])
        registered++;
    ck_assert_int_eq(json_array_size(types), registered);
    json_decref(catalog);
    api_problem_clear(&p);
}
END_TEST

START_TEST(heavy_requests_are_recognised)
{
    const struct { api_cost *cost; const char *body; bool heavy; } cases[] = {
        {api_game_is_heavy, "{\"type\":\"nim\",\"heaps\":[1]}", false},
        {api_game_is_heavy, "{\"type\":\"nim\",\"heaps\":[1],\"convention\":\"misere\"}", false},
        /* Bash's misère play is the tame theory's: no search */
        {api_game_is_heavy, "{\"type\":\"bash\",\"heaps\":[1],\"k\":1,\"convention\":\"misere\"}", false},
        /* misère staircase Nim is misère Nim on the odd stairs; turning turtles is searched */
        {api_game_is_heavy, "{\"type\":\"staircase\",\"stairs\":[1],\"convention\":\"misere\"}", false},
        {api_game_is_heavy, "{\"type\":\"coins\",\"coins\":\"H\",\"convention\":\"misere\"}", true},
        /* a misère sum is searched unless its components are dags */
        {api_game_is_heavy, "{\"type\":\"sum\",\"convention\":\"misere\",\"components\":[{\"type\":\"nim\",\"heaps\":[1]}]}", true},
        {api_game_is_heavy, "{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[1]}", true},
        {api_game_is_heavy, "{\"type\":\"sum\",\"components\":[{\"type\":\"cutting\",\"pieces\":[]}]}", true},
        {api_always_heavy, "{\"type\":\"nim\",\"up_to\":1}", true},
        {api_batch_is_heavy, "{\"positions\":[{\"type\":\"nim\",\"heaps\":[1]}]}", false},
        {api_batch_is_heavy, "{\"positions\":[{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[1]}]}", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        json_t *body = json_loads(cases[i].body, 0, NULL);
        ck_assert_msg(cases[i].cost(body) == cases[i].heavy, "%s", cases[i].body);
        json_decref(body);
    }
}
END_TEST

/* A random tree of every JSON kind, strings with quotes, control bytes and UTF-8, reals
 * that print as integers or with exponents of either sign. */
static json_t *random_tree(int depth)
{
    static const char *strings[] = {"", "plain", "q\"uote", "back\\slash", "nl\n tab\t cr\r",
                                    "\x01\x1f bell\b ff\f", "ünïcode ✓", "/slash/", "{\"a\":1}",
                                    "emoji \xf0\x9f\x98\x80"};
    int kind = depth > 3 ? 2 + random() % 6 : random() % 8;
    switch (kind) {
    case 0: {
        json_t *o = json_object();
        for (int i = random() % 4; i > 0; i--) {
            char key[16];
            snprintf(key, sizeof key, "k%d\"%d", i, (int)(random() % 9));
            json_object_set_new(o, key, random_tree(depth + 1));
        }
        return o;
    }
    case 1: {
        json_t *a = json_array();
        for (int i = random() % 5; i > 0; i--)
            json_array_append_new(a, random_tree(depth + 1));
        return a;
    }
    case 2: {
        json_int_t edge[] = {0, -1, 1, 9, 10, 99, 100, INT64_MAX, INT64_MIN, INT64_MIN + 1,
                             1000000000000LL, 999999999999999999LL, -42};
        uint64_t bits = (uint64_t)random() << 42 ^ (uint64_t)random() << 21 ^ (uint64_t)random();
        return json_integer(random() % 2 ? edge[random() % 13]
                                         : (json_int_t)bits >> (random() % 64)); /* any length */
    }
    case 3: return json_string(strings[random() % 10]);
    case 4: return json_true();
    case 5: return json_false();
    case 6: {
        double reals[] = {0.5, 3.0, -2.0, 0.1, 1e300, -1e-7, 1e22, 123456789.125, 5e-324, -0.0};
        return json_real(reals[random() % 10]);
    }
    default: return json_null();
    }
}

/* api_write's text is jansson's compact text, and api_json_bytes its length. */
START_TEST(writer_matches_jansson)
{
    for (int i = 0; i < 3000; i++) {
        json_t *t = random_tree(0);
        size_t len;
        char *ours = api_write(t, &len), *theirs = json_dumps(t, JSON_COMPACT | JSON_ENCODE_ANY);
        ck_assert_str_eq(ours, theirs);
        ck_assert_uint_eq(len, strlen(theirs));
        ck_assert_uint_eq(api_json_bytes(t), len); /* counted as written, without writing */
        free(ours);
        free(theirs);
        json_decref(t);
    }
}
END_TEST

/* Every digit count, both sides of each power of ten, the largest value, and values of
 * every bit length (the digit count is estimated from it). */
START_TEST(unsigned_digits)
{
    uint64_t tens = 1, state = 7;
    for (int n = 0; n < 64; n++, tens *= 10) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        uint64_t bits = (state >> 1 | 1ULL << 63) >> (63 - n);
        uint64_t values[] = {tens - 1, tens, tens + 1, UINT64_MAX, bits, (1ULL << n) - 1};
        for (size_t i = n < 20 ? 0 : 3; i < 6; i++) {
            api_buf b = {0};
            api_put_uint(&b, values[i]);
            size_t len;
            char *ours = api_buf_take(&b, &len), theirs[24];
            snprintf(theirs, sizeof theirs, "%llu", (unsigned long long)values[i]);
            ck_assert_str_eq(ours, theirs);
            ck_assert_uint_eq(len, strlen(theirs));
            free(ours);
        }
    }
}
END_TEST

/* jansson skips a NUL byte right after a number or a literal (its lexer takes the NUL it
 * pushed back for an empty buffer); nimber rejects the byte, as RFC 8259 does. The text
 * without those bytes (a NUL inside a string jansson rejects): its length. */
static size_t drop_nul_after_token(char *text, size_t len)
{
    size_t kept = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] || !i || !isalnum((unsigned char)text[i - 1]))
            text[kept++] = text[i];
    return kept;
}

/* Both parsers on one text (in a buffer of its very length): the same verdict, the same
 * tree, the same reason for a number too big. Where jansson accepts a NUL byte after a
 * token, ours must reject it and accept the text without it, as the same tree. */
static void parse_both(const char *source, size_t len)
{
    char *text = malloc(len ? len : 1); /* exactly len bytes: a read past them is caught */
    memcpy(text, source, len);
    json_error_t e;
    json_t *theirs = json_loadb(text, len, JSON_REJECT_DUPLICATES, &e);
    bool huge;
    char error[160];
    json_t *ours = api_parse_text(text, len, &huge, error, sizeof error, NULL);
    size_t strict_len = theirs && !ours ? drop_nul_after_token(text, len) : len;
    if (strict_len < len) {
        char *strict = malloc(strict_len ? strict_len : 1);
        memcpy(strict, text, strict_len);
        ours = api_parse_text(strict, strict_len, &huge, error, sizeof error, NULL);
        free(strict);
    }
    ck_assert_msg(!ours == !theirs, "%.*s: ours %s, jansson %s", (int)len, text,
                  ours ? "accepts" : error, theirs ? "accepts" : e.text);
    if (ours)
        ck_assert_msg(json_equal(ours, theirs), "%.*s: the trees differ", (int)len, text);
    else
        ck_assert_msg(huge == (strstr(e.text, "too big") != NULL), "%.*s: %s, jansson %s",
                      (int)len, text, error, e.text);
    json_decref(ours);
    json_decref(theirs);
    free(text);
}

/* jansson's compact text of a parsed body is at most API_DUMP_GROWTH times the body: the
 * shortest real numbers, the longest "%.17g" writes, strings and integers. */
START_TEST(dump_within_growth)
{
    static const char *const texts[] = {
        "0.1", "1e9", "1e-7", "9e-9", "-1e-300", "1.5e-300", "-0.0", "1E1", "2.2250738585072014e-308",
        "-4.9e-324", "[0.3,0.7,1e-5]", "{\"a\":0.1}", "-0", "18446744073", "\"\\u00e9\\/\"",
        "\"\\u001f\"", "[ 1 , 2 ]", "{\"heaps\":[1e2,3.3e3]}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++) {
        size_t len = strlen(texts[i]);
        char body[64]; /* a body is an object or an array: the value is its one item */
        snprintf(body, sizeof body, "[%s]", texts[i]);
        bool huge;
        char error[160];
        json_t *v = api_parse_text(body, len + 2, &huge, error, sizeof error, NULL);
        ck_assert_msg(v, "%s: %s", texts[i], error);
        size_t dumped = json_dumpb(json_array_get(v, 0), NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
        ck_assert_msg(dumped > 0 && dumped <= API_DUMP_GROWTH * len, "%s: %zu bytes from %zu",
                      texts[i], dumped, len);
        json_decref(v);
    }
}
END_TEST

START_TEST(parser_matches_jansson)
{
    static const char *const texts[] = {
        "{}", "[]", " \t\r\n[ ] ", "{\"a\":1,\"b\":[true,false,null]}", "[\"\\u00e9\\ud83d\\ude00\"]",
        "[9223372036854775807,-9223372036854775808,-0,0]", "[9223372036854775808]",
        "[-9223372036854775809]", "[18446744073709551616]", "[99999999999999999999999]",
        "[1.5,-0.0,1e10,1E-3,2.5e+3,0.1e1]", "[1e309]", "[-1e309]", "[1e-400]", "[01]",
        "[-]", "[1.]", "[.5]", "[1e]", "[1e+]", "[+1]", "[0x1]", "[1 2]", "[1,]", "[,1]",
        "{\"a\":1,}", "{\"a\" 1}", "{\"a\":1,\"a\":2}", "{\"a\":1,\"\\u0061\":2}", "{a:1}",
        "{\"\":0}", "[\"\\u0000\"]", "{\"\\u0000\":1}", "[\"\\ud800\"]", "[\"\\udc00\"]",
        "[\"\\ud800\\u0041\"]", "[\"\\u12\"]", "[\"\\x\"]", "[\"\\\"]", "[\"abc]", "[\"\xc3\xa9\"]",
        "[\"\xc3\"]", "[\"\xc0\xaf\"]", "[\"\xed\xa0\x80\"]", "[\"\xf4\x90\x80\x80\"]",
        "[\"\xe2\x82\"]", "[\"\xff\"]", "[\"\x7f\"]", "[\"tab\there\"]", "[tru]", "[truex]",
        "[nul]", "[falsey]", "\"top\"", "1", "null", "", "   ", "[]]", "[] x", "{\"a\":{}}{}",
        "[[[[[[]]]]]]", "[\"\\/\\b\\f\\n\\r\\t\\\"\\\\\"]", "{\"k\\\"q\":[1,{\"x\":\"y\"}]}",
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        parse_both(texts[i], strlen(texts[i]));
    parse_both("[1,\0]", 4);         /* a NUL byte outside a string */
    parse_both("[\"a\0b\"]", 7);     /* and inside one */
    parse_both("[1] \0", 5);
    parse_both("[1\0]", 4);         /* after a number or a literal: jansson skips one */
    parse_both("[true\0,-2.5e-8\0]", 16);
    parse_both("[1\0\0]", 5);

    char deep[2 * 2050];
    for (int depth = 2047; depth <= 2049; depth++) { /* jansson's depth limit is 2048 */
        memset(deep, '[', (size_t)depth);
        memset(deep + depth, ']', (size_t)depth);
        parse_both(deep, 2 * (size_t)depth);
    }

    /* random trees, written plain, indented and ASCII-only, then randomly edited */
    static const char edits[] = "\0 \t\n\"\\/,:[]{}0123456789-+.eEutrfalsnx\x7f\x80\xbf\xc3\xe2\xed"
                                "\xf0\xf4\xff";
    srandom(7);
    for (int i = 0; i < 20000; i++) {
        json_t *tree = random_tree(0);
        size_t flags = i % 3 == 0 ? JSON_COMPACT : i % 3 == 1 ? JSON_INDENT(random() % 3)
                                                             : JSON_ENSURE_ASCII;
        char *text = json_dumps(tree, flags);
        json_decref(tree);
        if (!text)
            continue; /* a scalar at the top: jansson writes it only with JSON_ENCODE_ANY */
        size_t len = strlen(text);
        char edited[4096];
        if (i % 2 && len > 0 && len < sizeof edited - 4) {
            memcpy(edited, text, len);
            for (int n = 1 + (int)(random() % 3); n > 0; n--) {
                size_t at = (size_t)random() % len;
                char c = edits[random() % (sizeof edits - 1)];
                switch (random() % 3) {
                case 0: edited[at] = c; break;
                case 1: memmove(edited + at + 1, edited + at, len++ - at), edited[at] = c; break;
                default: memmove(edited + at, edited + at + 1, len-- - at - 1); break;
                }
                if (!len)
                    break;
            }
            parse_both(edited, len);
        } else {
            parse_both(text, len);
        }
        free(text);
    }
}
END_TEST

/* The game object `game` after `move`, from the move's own members and the rules: heaps
 * lose what a move takes, coins leave a stair for the one below (or the floor), a dag
 * token slides to `to`, and a sum moves in one component. */
static void apply_move(json_t *game, json_t *move)
{
    const char *type = json_string_value(json_object_get(game, "type"));
    if (!strcmp(type, "sum")) {
        size_t c = (size_t)json_integer_value(json_object_get(move, "component"));
        apply_move(json_array_get(json_object_get(game, "components"), c),
                   json_object_get(move, "move"));
    } else if (!strcmp(type, "staircase")) {
        json_t *stairs = json_object_get(game, "stairs");
        size_t s = (size_t)json_integer_value(json_object_get(move, "stair"));
        json_int_t count = json_integer_value(json_object_get(move, "count"));
        json_t *from = json_array_get(stairs, s - 1);
        json_integer_set(from, json_integer_value(from) - count);
        if (s >= 2) {
            json_t *to = json_array_get(stairs, s - 2);
            json_integer_set(to, json_integer_value(to) + count);
        }
    } else if (!strcmp(type, "dag")) {
        json_array_set(json_object_get(game, "tokens"),
                       (size_t)json_integer_value(json_object_get(move, "token")),
                       json_object_get(move, "to"));
    } else { /* {"heap","take"}, or Nim_k's {"takes":[...]} */
        json_t *takes = json_object_get(move, "takes");
        size_t n = takes ? json_array_size(takes) : 1;
        for (size_t i = 0; i < n; i++) {
            json_t *take = takes ? json_array_get(takes, i) : move;
            size_t h = (size_t)json_integer_value(json_object_get(take, "heap"));
            json_t *heap = json_array_get(json_object_get(game, "heaps"), h);
            json_integer_set(heap, json_integer_value(heap) -
                                       json_integer_value(json_object_get(take, "take")));
        }
    }
}

/* A list of n values: small ones, and (when big) some of 12 digits, so that a move can
 * change an entry's length. */
static void random_list(char *out, size_t size, size_t n, bool big)
{
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        long long v = big && random() % 3 == 0 ? 100000000000LL + random() : random() % 12;
        len += (size_t)snprintf(out + len, size - len, "%s%lld", i ? "," : "", v);
    }
}

/* Every winning move of random positions of the types whose moves change a state array
 * (and sums of them): its position is the request with that move applied, text for text,
 * whether the move is the first written or a later one. */
START_TEST(every_position_after_every_move)
{
    srandom(11);
    size_t checked = 0;
    for (int round = 0; round < 600; round++) {
        char a[256], c[256], body[1024];
        random_list(a, sizeof a, 1 + (size_t)random() % 6, true);
        random_list(c, sizeof c, 1 + (size_t)random() % 4, false);
        /* small: the list holds small values only (searches and tables stay small) */
        static const struct { const char *form; bool small; } forms[] = {
            {"{\"type\":\"nim\",\"heaps\":[%s]}", false},
            {"{\"heaps\":[%s],\"type\":\"bash\",\"k\":3}", false},
            {"{\"type\":\"subtraction\",\"heaps\":[%s],\"set\":[1,3,4]}", true},
            {"{\"type\":\"moore\",\"k\":2,\"heaps\":[%s]}", true},
            {"{\"type\":\"staircase\",\"stairs\":[%s]}", false},
            {"{\"type\":\"dag\",\"nodes\":12,\"edges\":[[1,0],[2,1],[3,1],[5,3],[7,2],[11,5],"
             "[9,7]],\"tokens\":[%s]}", true},
            {"{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[%s]},"
             "{\"type\":\"staircase\",\"stairs\":[%s]}]}", false},
        };
        size_t f = (size_t)round % 7;
        snprintf(body, sizeof body, forms[f].form, forms[f].small ? c : a, c);
        json_t *out, *request = json_loads(body, 0, NULL);
        api_problem p;
        ck_assert_msg(run(body, &out, &p) == 200, "%s: %s", body, p.detail);
        size_t i;
        json_t *m;
        json_array_foreach(json_object_get(out, "winning_moves"), i, m) {
            json_t *expected = json_deep_copy(request);
            apply_move(expected, m);
            json_t *got = json_object_get(m, "position");
            if (!got) { /* a dag move says where the tokens are */
                got = json_object_get(m, "tokens");
                json_t *tokens = json_incref(json_object_get(expected, "tokens"));
                json_decref(expected);
                expected = tokens;
            }
            char *want = json_dumps(expected, JSON_COMPACT), *have = json_dumps(got, JSON_COMPACT);
            ck_assert_msg(!strcmp(want, have), "%s, move %zu: %s, not %s", body, i, have, want);
            free(want);
            free(have);
            json_decref(expected);
            checked++;
        }
        json_decref(out);
        json_decref(request);
    }
    ck_assert_uint_gt(checked, 600);
}
END_TEST

/* The game object `game` with a move's positions=changed account applied: a sum's
 * component changed in place, the edges hackenbush removes taken out, any other type's
 * members replaced. */
static void apply_change(json_t *game, json_t *change)
{
    const char *type = json_string_value(json_object_get(game, "type"));
    if (!strcmp(type, "sum") && json_object_get(change, "components")) { /* Every-SG */
        json_object_set(game, "components", json_object_get(change, "components"));
    } else if (!strcmp(type, "sum")) {
        json_t *comps = json_object_get(game, "components");
        size_t c = (size_t)json_integer_value(json_object_get(change, "component"));
        ck_assert_uint_lt(c, json_array_size(comps));
        apply_change(json_array_get(comps, c), json_object_get(change, "changed"));
    } else if (!strcmp(type, "hackenbush")) {
        json_t *edges = json_object_get(game, "edges"), *removed = json_object_get(change, "removed");
        for (size_t k = json_array_size(removed); k-- > 0;) /* ascending: from the last */
            json_array_remove(edges, (size_t)json_integer_value(json_array_get(removed, k)));
    } else {
        const char *key;
        json_t *v;
        json_object_foreach(change, key, v) json_object_set(game, key, v);
    }
}

/* The test's context with room for every sample and a 16-token dag: max_parts 64. */
static nb_solver wide_solver;
static api_limits wide_limits;
static api_context wide_context(void)
{
    wide_solver = *ctx.solver;
    wide_limits = *ctx.limits;
    wide_limits.lib.max_parts = wide_solver.limits.max_parts = 64;
    return (api_context){&wide_solver, &wide_limits, NULL};
}

/* The moves of a position as `how` asks, parsed (the list, owned by the caller). */
static json_t *moves_as(json_t *game, api_positions how)
{
    api_context wide = wide_context();
    api_query q = API_QUERY_DEFAULT;
    q.max_moves = API_MAX_MOVES_LIMIT;
    q.positions = how;
    api_buf text = {0};
    api_problem p = {0};
    int status = api_moves(&wide, game, &q, &text, &p);
    ck_assert_msg(status == 200, "moves: %d %s", status, p.detail);
    json_t *answer = parsed(&text), *moves = json_incref(json_object_get(answer, "moves"));
    json_decref(answer);
    return moves;
}

/* Every move of random positions of every type, asked with positions=full, changed and
 * none: the same moves in the same order; none carries no position; and the request with
 * the changed account applied is, member for member, the full position. */
START_TEST(changed_positions_rebuild_the_full_ones)
{
    size_t checked = 0;
    for (const api_type *const *t = api_registry; *t; t++) {
        api_rng rng = {20261125u + (uint64_t)(t - api_registry)};
        for (int round = 0; round < 120; round++) {
            json_t *game = (*t)->sample(&rng, false);
            json_t *full = moves_as(game, API_POSITIONS_FULL),
                   *changed = moves_as(game, API_POSITIONS_CHANGED),
                   *none = moves_as(game, API_POSITIONS_NONE);
            ck_assert_uint_eq(json_array_size(full), json_array_size(changed));
            ck_assert_uint_eq(json_array_size(full), json_array_size(none));
            size_t i;
            json_t *f;
            json_array_foreach(full, i, f) {
                json_t *c = json_array_get(changed, i), *n = json_array_get(none, i);
                ck_assert_ptr_null(json_object_get(n, "position"));
                ck_assert_ptr_null(json_object_get(n, "changed"));
                ck_assert_ptr_null(json_object_get(c, "position")); /* one member, one shape */
                json_t *rebuilt = json_deep_copy(game);
                apply_change(rebuilt, json_object_get(c, "changed"));
                char *want = json_dumps(json_object_get(f, "position"), JSON_COMPACT | JSON_SORT_KEYS),
                     *have = json_dumps(rebuilt, JSON_COMPACT | JSON_SORT_KEYS);
                ck_assert_msg(!strcmp(want, have), "%s move %zu: changed gives %s, full %s",
                              (*t)->name, i, have, want);
                json_object_del(f, "position");
                json_object_del(c, "changed");
                ck_assert_msg(json_equal(f, c) && json_equal(f, n), "%s move %zu differs",
                              (*t)->name, i);
                free(want);
                free(have);
                json_decref(rebuilt);
                checked++;
            }
            json_decref(full);
            json_decref(changed);
            json_decref(none);
            json_decref(game);
        }
    }
    ck_assert_uint_gt(checked, 3000);
}
END_TEST

/* Past max_response_ratio the answer is a 422 that names positions, before or while it
 * is written; asked with positions=none the same moves fit. */
START_TEST(answers_in_proportion)
{
    api_context small = wide_context();
    wide_limits.max_response_ratio = 1;
    wide_limits.max_response = (size_t)1 << 30;
    /* a star of 400,000 edges (about 8 MB of text) with 15 tokens at its centre: every
     * move wins, and 16 are listed */
    api_buf body = {0};
    api_put_lit(&body, "{\"type\":\"dag\",\"nodes\":400001,\"tokens\":[0,0,0,0,0,0,0,0,0,0,0,"
                       "0,0,0,0],\"edges\":[");
    for (unsigned i = 1; i <= 400000; i++)
        api_putf(&body, "%s[0,%u]", i > 1 ? "," : "", i);
    api_put_lit(&body, "]}");
    api_problem p = {0};
    json_t *game = api_parse(body.p, body.len, NULL, &p);
    ck_assert_ptr_nonnull(game);
    api_query q = API_QUERY_DEFAULT;
    q.request_bytes = body.len;
    for (int how = API_POSITIONS_FULL; how <= API_POSITIONS_NONE; how++) {
        q.positions = (api_positions)how;
        api_endpoint *const endpoints[] = {api_analyse, api_moves, api_play};
        for (int e = 0; e < 3; e++) {
            api_buf out = {0};
            memset(&p, 0, sizeof p);
            int status = endpoints[e](&small, game, &q, &out, &p);
            if (how == API_POSITIONS_FULL && e < 2) { /* 16 moves of 8 MB: past 16 MiB + 8 MB */
                ck_assert_int_eq(status, 422);
                ck_assert_msg(strstr(p.detail, "positions=changed") &&
                              strstr(p.detail, "max_response_ratio=1"), "%s", p.detail);
                ck_assert_uint_eq(out.len, 0);
            } else {
                ck_assert_msg(status == 200, "%d: %s", status, p.detail);
                ck_assert_uint_le(out.len, ((size_t)16 << 20) + body.len);
            }
            free(out.p);
        }
    }
    json_decref(game);
    free(body.p);
}
END_TEST

/* Texts a problem quotes come out valid UTF-8: broken sequences become '?', valid ones
 * stay as they are, and a quote cut short ends at a character's end. jansson, which
 * refuses to hold invalid UTF-8, is the judge. */
START_TEST(problem_text_is_utf8)
{
    const struct { const char *in, *out; } cases[] = {
        {"plain", "plain"},
        {"caf\xc3\xa9 \xe6\x8c\xa9 \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe6\x8c\xa9 \xf0\x9f\x98\x80"},
        {"/\xff", "/?"},                     /* never a lead byte */
        {"\xc0\x80", "??"},                  /* overlong NUL */
        {"\xed\xa0\x80", "???"},             /* a surrogate */
        {"\xf4\x90\x80\x80", "????"},        /* past U+10FFFF */
        {"x\xe6\x8c", "x??"},                /* cut short at the end */
        {"\xe6\x8c" "a\xe6\x8c\xa9", "??a\xe6\x8c\xa9"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[32];
        snprintf(text, sizeof text, "%s", cases[i].in);
        api_utf8_mend(text);
        ck_assert_str_eq(text, cases[i].out);
    }
    for (int round = 0; round < 20000; round++) {
        unsigned char bytes[24];
        size_t n = 1 + (size_t)random() % 23;
        for (size_t i = 0; i < n; i++) /* mostly bytes past ASCII, no NUL */
            bytes[i] = (unsigned char)(random() % 4 ? 0x80 + random() % 0x80 : 1 + random() % 0x7f);
        bytes[n] = '\0';
        char text[24];
        memcpy(text, bytes, n + 1);
        json_t *before = json_string((const char *)bytes);
        api_utf8_mend(text);
        json_t *after = json_string(text);
        ck_assert_msg(after != NULL, "round %d: mended text is not UTF-8", round);
        ck_assert_uint_eq(strlen(text), n);
        if (before) /* valid already: untouched */
            ck_assert_mem_eq(text, bytes, n);
        for (size_t max = 0; max <= n; max++) { /* every cut of the mended text */
            size_t k = api_utf8_prefix(text, n, max);
            ck_assert_uint_le(k, max);
            for (size_t j = k + 1; j <= max && j <= n; j++) /* the longest such start */
                ck_assert_msg(j < n && ((unsigned char)text[j] & 0xC0) == 0x80,
                              "round %d: a cut at %zu would end at a character's end, "
                              "past %zu", round, j, k);
            json_t *cut = json_stringn(text, k);
            ck_assert_msg(cut != NULL, "round %d: cut at %zu is not UTF-8", round, k);
            json_decref(cut);
        }
        json_decref(before);
        json_decref(after);
    }
}
END_TEST

/* The name a slip meant: other letter case, one edit (in, out, changed, two swapped) from
 * a name of three letters or more, two from one of eight or more; nothing past that, nor
 * between lengths more than two apart, nor past 32 letters; the nearest when two are
 * near. The list of names. */
START_TEST(names_meant_by_slips)
{
    static const char *const fields[] = {"type", "heaps", "convention", "k", NULL};
    static const struct { const char *given, *meant; } cases[] = {
        {"heap", "heaps"}, {"haeps", "heaps"}, {"heapss", "heaps"}, {"hxaps", "heaps"},
        {"HEAPS", "heaps"}, {"Type", "type"}, {"K", "k"}, {"tpe", "type"},
        {"convnetoin", "convention"}, {"conventio", "convention"}, {"cnvntion", "convention"},
        {"hops", NULL}, {"tp", NULL}, {"kk", NULL}, {"x", NULL}, {"xyz", NULL},
        {"convntio", "convention"}, {"cnvntio", NULL}, {"convetnoin", "convention"}, {"cnovetnoin", NULL}, {"", NULL},
        {"heapsheapsheapsheapsheapsheapsheaps", NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *meant = api_meant_name(cases[i].given, fields);
        ck_assert_msg(meant == cases[i].meant || (meant && cases[i].meant &&
                                                  !strcmp(meant, cases[i].meant)),
                      "\"%s\": %s, not %s", cases[i].given, meant ? meant : "none",
                      cases[i].meant ? cases[i].meant : "none");
    }
    static const char *const near[] = {"heap", "heaps", NULL}; /* the nearer one, first met */
    ck_assert_str_eq(api_meant_name("heaps", near + 1), "heaps");
    ck_assert_str_eq(api_meant_name("heapz", near), "heap");
    static const char *const none[] = {NULL};
    ck_assert_ptr_null(api_meant_name("heaps", none));
    api_buf b = {0};
    api_put_names(&b, fields);
    api_put(&b, "|", 1);
    api_put_names(&b, fields + 3);
    api_put(&b, "|", 1);
    api_put_names(&b, none);
    ck_assert_int_eq((int)b.len, (int)strlen("type, heaps, convention and k|k|"));
    ck_assert(!memcmp(b.p, "type, heaps, convention and k|k|", b.len));
    free(b.p);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 600); /* not Check's 4 s: a busy machine is slow, not wrong */
    tcase_add_test(tc, decode_table);
    tcase_add_test(tc, encode_moves_and_positions);
    tcase_add_test(tc, every_position_after_every_move);
    tcase_add_test(tc, changed_positions_rebuild_the_full_ones);
    tcase_add_test(tc, answers_in_proportion);
    tcase_add_test(tc, batch_play_table_catalog);
    tcase_add_test(tc, heavy_requests_are_recognised);
    tcase_add_test(tc, writer_matches_jansson);
    tcase_add_test(tc, unsigned_digits);
    tcase_add_test(tc, parser_matches_jansson);
    tcase_add_test(tc, dump_within_growth);
    tcase_add_test(tc, problem_text_is_utf8);
    tcase_add_test(tc, names_meant_by_slips);
    suite_add_tcase(s, tc);
    return check_run(s, true);
}
