/* fuzz_api.c - a libFuzzer target for the JSON layer (`make fuzz`): every input is parsed
 * by api_parse and by jansson, which must agree, and is then posted in process to one
 * endpoint (picked by its first byte, as are positions= and int64=string), which must
 * answer 200 with JSON or 400/422 with a problem, without a crash, a leak or undefined
 * behaviour (ASan and UBSan watch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_endpoints.h"
#include "api_json.h"
#include "api_move.h"
#include "api_write.h"

static nb_solver solver;
static api_limits limits;
static api_context ctx;

/* Each input's deadline, as the server gives each request one: an input past it is a
 * 422, well within libFuzzer's -timeout (a three-heap split code's table of 2,446 values
 * took over 20 s under the sanitizers without one). */
#define INPUT_SECONDS 2

/* Small limits, so that most inputs take milliseconds. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    limits = (api_limits){.lib = nb_limits_default(), .max_batch = 8, .max_table_page = 5000,
                          .max_response = 1 << 20};
    limits.lib.max_parts = 64;
    limits.lib.max_components = 8;
    limits.lib.max_table = 5000;
    limits.lib.max_side = 40;
    limits.lib.max_nodes = 2000;
    limits.lib.max_edges = 8000;
    limits.lib.max_states = 2000;
    solver = (nb_solver){nb_cache_new(8u << 20), limits.lib, NULL};
    ctx = (api_context){&solver, &limits, NULL};
    return 0;
}

static void require(int ok, const char *what, const unsigned char *data, size_t size)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_api: %s for the body: %.*s\n", what, (int)size, (const char *)data);
    abort();
}

/* api_parse accepts exactly what jansson's strict parse accepts, as the same tree, but
 * for a NUL byte: JSON allows none, and jansson 2.14 lets one through right after a
 * number ("[0,1\0]" is [0,1] to it). */
static json_t *parse_both(const unsigned char *data, size_t size)
{
    api_problem p = {0};
    json_t *ours = api_parse((const char *)data, size, NULL, &p);
    json_t *theirs = memchr(data, 0, size)
                         ? NULL
                         : json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES, NULL);
    require(!ours == !theirs, ours ? "api_parse accepts what jansson rejects"
                                   : "api_parse rejects what jansson accepts", data, size);
    require(!ours || json_equal(ours, theirs), "the two parses differ", data, size);
    require(ours || p.status == 400, "a failed parse is not a 400", data, size);
    json_t *problem = api_problem_json(&p);
    require(ours || problem, "a failed parse gives no problem object", data, size);
    json_decref(problem);
    json_decref(theirs);
    return ours;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size < 1)
        return 0;
    int endpoint = data[0] % 6;
    api_query q = API_QUERY_DEFAULT;
    q.positions = (api_positions)(data[0] / 6 % 3);
    q.int64_strings = data[0] / 18 % 2;
    q.reply = data[0] / 36 % 2; /* /v1/move's reply, at perfect strength */
    json_t *body = parse_both(data + 1, size - 1);
    if (!body)
        return 0;
    api_problem p = {0};
    api_buf out = {.int64_strings = q.int64_strings};
    api_endpoint *const endpoints[] = {api_analyse, api_batch, api_play, api_table, api_moves,
                                       api_move};
    nb_budget budget;
    nb_budget_start(&budget, INPUT_SECONDS);
    solver.budget = &budget;
    int status = endpoints[endpoint](&ctx, body, &q, &out, &p);
    solver.budget = NULL;
    nb_budget_end(&budget);
    size_t len;
    char *text = api_buf_take(&out, &len);
    if (status == 200) {
        json_t *answer = text ? json_loadb(text, len, 0, NULL) : NULL;
        require(json_is_object(answer), "a 200 answer is not a JSON object", data, size);
        json_decref(answer);
    } else {
        require(status == 400 || status == 422, "an error is neither 400 nor 422", data, size);
        json_t *problem = api_problem_json(&p);
        require(problem != NULL, "no problem object (a text that is not UTF-8?)", data, size);
        require(json_integer_value(json_object_get(problem, "status")) == status,
                "the problem's status differs from the answer's", data, size);
        json_decref(problem);
    }
    free(text);
    json_decref(body);
    return 0;
}
