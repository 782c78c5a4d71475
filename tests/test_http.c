/* test_http.c - nimberd over HTTP, a real daemon on port 0: every endpoint and game type,
 * every winning move re-posted to check the position it leads to, every error status
 * with its problem details, batch, CORS, request ids, metrics, the worker pool under
 * load, and graceful shutdown. */
#include <arpa/inet.h>
#include <check.h>
#include <dirent.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <zlib.h>

#include "api_types.h"
#include "check_run.h"
#include "core/nb_util.h"
#include "http_client.h"
#include "srv_head.h"
#include "srv_limit.h"
#include "srv_log.h"
#include "srv_pool.h"
#include "srv_tally.h"

static daemon_proc nimberd;

static void start_default(void) { nimberd = daemon_start(NULL); }
static void stop_default(void) { ck_assert_int_eq(daemon_stop(&nimberd, SIGTERM), 0); }

static bool header_has(const http_response *r, const char *name, const char *part)
{
    const char *v = http_header(r, name);
    return v && strstr(v, part);
}

/* The value of the metric line starting `series` in a /metrics text (it must be there). */
static unsigned long metric(const char *text, const char *series)
{
    const char *line = strstr(text, series);
    ck_assert_msg(line != NULL, "no %s in /metrics", series);
    unsigned long v = 0;
    ck_assert(sscanf(line + strlen(series), "%lu", &v) == 1);
    return v;
}

/* json_equal that also drops `expected` (a new reference). */
static bool equal_owned(json_t *got, json_t *expected)
{
    bool same = json_equal(got, expected);
    json_decref(expected);
    return same;
}


/* POSTs and expects `status`; returns the response (caller frees). */
static http_response expect(const char *path, const char *body, int status)
{
    http_response r = http_post(nimberd.port, path, body);
    ck_assert_msg(r.status == status, "%s %s: status %d, body %.*s", path, body, r.status,
                  (int)(r.body_len > 400 ? 400 : r.body_len), r.body ? r.body : "");
    ck_assert_ptr_nonnull(http_header(&r, "X-Request-ID"));
    ck_assert_ptr_nonnull(http_header(&r, "Access-Control-Allow-Origin"));
    return r;
}

/* A problem: status, content type, title, detail, and the pointer when one is expected. */
static void expect_problem(const char *path, const char *body, int status, const char *pointer,
                           const char *detail_part)
{
    http_response r = expect(path, body, status);
    ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
    ck_assert_ptr_nonnull(r.json);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "status")), status);
    const char *type = json_string_value(json_object_get(r.json, "type"));
    ck_assert_msg(type && !strncmp(type, "/problems/", 10), "%s: type %s", body, type);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r.json, "title")));
    const char *detail = json_string_value(json_object_get(r.json, "detail"));
    ck_assert_ptr_nonnull(detail);
    /* a problem that names a limit is of the limit kind and carries its name and value */
    const char *limit = strstr(detail, "limit max_");
    if (limit && (status == 422 || status == 413)) {
        ck_assert_str_eq(type, "/problems/limit-exceeded");
        const char *name = json_string_value(json_object_get(r.json, "limit"));
        ck_assert_msg(name && !strncmp(limit + 6, name, strlen(name)) &&
                          limit[6 + strlen(name)] == '=', "%s: limit %s", detail, name);
        ck_assert(json_is_integer(json_object_get(r.json, "value")));
        ck_assert_int_eq(json_integer_value(json_object_get(r.json, "value")),
                         strtoll(limit + 7 + strlen(name), NULL, 10));
    }
    if (detail_part)
        ck_assert_msg(strstr(detail, detail_part), "detail \"%s\" lacks \"%s\"", detail, detail_part);
    const char *got = json_string_value(json_object_get(r.json, "pointer"));
    if (pointer)
        ck_assert_msg(got && !strcmp(got, pointer), "%s: pointer %s, wanted %s", body,
                      got ? got : "(none)", pointer);
    http_free(&r);
}

static const char *verdict_of(json_t *analysis)
{
    return json_string_value(json_object_get(analysis, "verdict"));
}

/* Analyzes `body`; then re-posts the position after every winning move and expects the
 * player to move there to lose (unless the move won at once). Returns the verdict. */
static char *analyse_and_check_moves(const char *body)
{
    http_response r = expect("/v1/analyze?max_moves=1000", body, 200);
    ck_assert_str_eq(http_header(&r, "Content-Type"), "application/json");
    json_t *a = r.json, *moves = json_object_get(a, "winning_moves");
    ck_assert(json_is_array(moves));
    ck_assert(json_is_boolean(json_object_get(a, "winning_moves_complete")));
    char *verdict = strdup(verdict_of(a));
    if (!strcmp(verdict, "lose"))
        ck_assert_int_eq(json_array_size(moves), 0);
    size_t i;
    json_t *m;
    json_array_foreach(moves, i, m) {
        json_t *inner = json_object_get(m, "move") ? json_object_get(m, "move") : m;
        if (json_is_true(json_object_get(inner, "wins_immediately")))
            continue;
        json_t *position = json_object_get(m, "position"); /* every move carries one */
        ck_assert_msg(json_is_object(position), "a move of %s has no position", body);
        char *text = json_dumps(position, JSON_COMPACT);
        http_response after = expect("/v1/analyze", text, 200);
        ck_assert_msg(!strcmp(verdict_of(after.json), "lose"), "after %s from %s: %s",
                      json_dumps(m, JSON_COMPACT), body, after.body);
        http_free(&after);
        free(text);
    }
    http_free(&r);
    return verdict;
}

/* The catalog's type names, from GET /v1/games (a new JSON array, caller owns it). */
static json_t *catalog_types(void)
{
    http_response r = http_do(nimberd.port, "GET", "/v1/games", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    json_t *names = json_array();
    size_t i;
    json_t *t;
    json_array_foreach(json_object_get(r.json, "types"), i, t)
        json_array_append(names, json_object_get(t, "type"));
    http_free(&r);
    return names;
}

/* A random small position of the named type from its sampler, as JSON text (misère play
 * when asked and the rules define it for the position). */
static char *random_game(const char *type, api_rng *rng, bool misere)
{
    const api_type *t = api_type_find(type);
    ck_assert_msg(t && t->sample, "the catalog's type %s has no sampler", type);
    json_t *game = t->sample(rng, false);
    api_game g;
    api_problem p = {0};
    api_limits lim = {.lib = nb_limits_default()};
    ck_assert(api_game_decode(game, "", true, false, &lim, &g, &p) == 0);
    if (misere && t->misere && !(g.game.rules->misere_undefined && g.game.rules->misere_undefined(&g.game)))
        json_object_set_new(game, "convention", json_string("misere"));
    api_game_free(&g);
    char *text = json_dumps(game, JSON_COMPACT);
    json_decref(game);
    return text;
}

/* The log's client address: dotted decimal exactly as inet_ntop writes it, for every
 * value of every byte and for random addresses. */
START_TEST(ipv4_text_as_inet_ntop)
{
    unsigned seed = 20261126u;
    for (unsigned k = 0; k < 4 * 256 + 100000; k++) {
        unsigned char a[4] = {10, 200, 7, 99};
        if (k < 4 * 256)
            a[k / 256] = (unsigned char)(k % 256);
        else
            for (int i = 0; i < 4; i++)
                a[i] = (unsigned char)((seed = seed * 1103515245u + 12345u) >> 16);
        char want[INET_ADDRSTRLEN], have[16];
        ck_assert_ptr_nonnull(inet_ntop(AF_INET, a, want, sizeof want));
        srv_head_ipv4_text(have, a);
        ck_assert_str_eq(have, want);
    }
}
END_TEST

/* The log's lines go out whole: threads writing events (each escaped into one line) and
 * request lines (through their rings and the writer thread) at once, into a pipe on
 * stderr; every line read back is one JSON object, and every line is there. (An event
 * written in pieces took a request's line into its middle: log_check saw it, rarely.) */
#define LOG_THREADS 4
#define LOG_LINES 2000

typedef struct {
    int fd;
    char *text;
    size_t len, cap;
} log_reader;

static void *read_log(void *arg)
{
    log_reader *r = arg;
    for (;;) {
        if (r->cap - r->len < 65536)
            r->text = nb_xrealloc(r->text, r->cap = 2 * r->cap + 65536);
        ssize_t n = read(r->fd, r->text + r->len, r->cap - r->len - 1);
        if (n <= 0)
            break;
        r->len += (size_t)n;
    }
    r->text[r->len] = '\0';
    return NULL;
}

static void *write_log(void *arg)
{
    srv_request request = {0};
    for (int i = 0; i < LOG_LINES; i++) {
        srv_log_event(stderr, true, "test", "thread %d, event %d: \"quoted\"\tand a tab",
                      *(int *)arg, i);
        srv_log_request(&request, 200, 0.001, false);
    }
    return NULL;
}

START_TEST(log_lines_go_out_whole)
{
    int ends[2], saved = dup(STDERR_FILENO);
    ck_assert_int_eq(pipe(ends), 0);
    ck_assert_int_ge(saved, 0);
    log_reader reader = {ends[0], NULL, 0, 0};
    pthread_t reading, writing[LOG_THREADS];
    ck_assert_int_eq(pthread_create(&reading, NULL, read_log, &reader), 0);
    fflush(stderr);
    dup2(ends[1], STDERR_FILENO);
    close(ends[1]);
    srv_log_start();
    int number[LOG_THREADS];
    for (int t = 0; t < LOG_THREADS; t++) {
        number[t] = t;
        ck_assert_int_eq(pthread_create(&writing[t], NULL, write_log, &number[t]), 0);
    }
    for (int t = 0; t < LOG_THREADS; t++)
        pthread_join(writing[t], NULL);
    srv_log_stop();
    fflush(stderr);
    dup2(saved, STDERR_FILENO); /* the pipe's last write end closed: the reader ends */
    close(saved);
    pthread_join(reading, NULL);
    close(ends[0]);
    size_t events = 0, requests = 0;
    for (char *line = reader.text, *end; *line; line = end + 1) {
        end = strchr(line, '\n');
        ck_assert_msg(end != NULL, "a last line without its newline: %.200s", line);
        *end = '\0';
        json_error_t e;
        json_t *o = json_loads(line, 0, &e);
        ck_assert_msg(json_is_object(o), "a log line that is no JSON object (%s): %.300s", e.text,
                      line);
        events += json_object_get(o, "event") != NULL;
        requests += json_object_get(o, "status") != NULL;
        json_decref(o);
    }
    free(reader.text);
    ck_assert_uint_eq(events, LOG_THREADS * LOG_LINES);
    ck_assert_uint_eq(requests, LOG_THREADS * LOG_LINES);
}
END_TEST

START_TEST(every_type_and_every_winning_move)
{
    json_t *types = catalog_types();
    api_rng rng = {7};
    size_t i;
    json_t *type;
    json_array_foreach(types, i, type) {
        for (int round = 0; round < 40; round++) {
            char *game = random_game(json_string_value(type), &rng, round % 4 == 3);
            free(analyse_and_check_moves(game));
            free(game);
        }
    }
    json_decref(types);
}
END_TEST

/* /v1/moves on every catalog type: each move's position, analysed afresh, agrees with the
 * move's outcome (a win leaves a loss) and its sg; max_moves cuts the list and says so. */
START_TEST(moves_of_every_type)
{
    json_t *types = catalog_types();
    api_rng rng = {13};
    size_t i;
    json_t *type;
    json_array_foreach(types, i, type) {
        for (int round = 0; round < 12; round++) {
            char *game = random_game(json_string_value(type), &rng, round % 3 == 2);
            http_response r = expect("/v1/moves?max_moves=1000", game, 200);
            ck_assert(json_is_true(json_object_get(r.json, "complete")));
            size_t k;
            json_t *m;
            json_array_foreach(json_object_get(r.json, "moves"), k, m) {
                const char *outcome = json_string_value(json_object_get(m, "outcome"));
                json_t *inner = json_object_get(m, "move") ? json_object_get(m, "move") : m;
                if (json_is_true(json_object_get(inner, "wins_immediately"))) {
                    ck_assert_str_eq(outcome, "win");
                    continue;
                }
                char *text = json_dumps(json_object_get(m, "position"), JSON_COMPACT);
                http_response after = expect("/v1/analyze?max_moves=0", text, 200);
                const char *v = verdict_of(after.json);
                ck_assert_msg(!strcmp(outcome, "win") == !strcmp(v, "lose"),
                              "%s: move %zu says %s, the position after is %s", game, k, outcome, v);
                if (json_object_get(m, "sg"))
                    ck_assert(json_equal(json_object_get(m, "sg"), json_object_get(after.json, "sg")));
                http_free(&after);
                free(text);
            }
            http_free(&r);
            free(game);
        }
    }
    json_decref(types);
    http_response r = expect("/v1/moves?max_moves=3", "{\"type\":\"nim\",\"heaps\":[5,5]}", 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "moves")), 3);
    ck_assert(json_is_false(json_object_get(r.json, "complete")));
    http_free(&r);
}
END_TEST

/* HEAD answers wherever GET does, with the head alone. */
START_TEST(head_wherever_get)
{
    const char *paths[] = {"/healthz", "/readyz", "/v1/games", "/metrics", "/openapi.yaml", "/",
                           "/js/main.js", "/nimber.css", "/nimber.svg"};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        http_response get = http_do(nimberd.port, "GET", paths[i], NULL, NULL, 0);
        http_response head = http_do(nimberd.port, "HEAD", paths[i], NULL, NULL, 0);
        ck_assert_msg(head.status == 200, "HEAD %s: %d", paths[i], head.status);
        ck_assert_uint_eq(head.body_len, 0);
        ck_assert_str_eq(http_header(&head, "Content-Type"), http_header(&get, "Content-Type"));
        http_free(&get);
        http_free(&head);
    }
    http_response r = http_do(nimberd.port, "HEAD", "/v1/play", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 405);
    ck_assert_str_eq(http_header(&r, "Allow"), "POST, OPTIONS");
    http_free(&r);
    r = http_do(nimberd.port, "HEAD", "/v1/analyze?game=%7B%22type%22%3A%22nim%22%2C%22heaps"
                "%22%3A%5B1%5D%7D", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    ck_assert_uint_eq(r.body_len, 0);
    ck_assert_ptr_nonnull(http_header(&r, "ETag"));
    http_free(&r);
}
END_TEST

/* Each kind of problem has its own type URI, and GET on the URI documents it. */
START_TEST(problem_types_per_kind)
{
    static const struct { const char *method, *path, *body, *kind; int status; } cases[] = {
        {"POST", "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1,", "malformed-json", 400},
        {"POST", "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1],\"heaps\":[1]}",
         "malformed-json", 400},
        {"POST", "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[-1]}", "invalid-field", 400},
        {"POST", "/v1/analyze", "{\"type\":\"go\"}", "unknown-type", 400},
        {"POST", "/v1/table", "{\"type\":\"nim\",\"up_to\":3,\"convention\":\"misere\"}",
         "unsupported-convention", 400},
        {"POST", "/v1/analyze", "{\"type\":\"cutting\",\"pieces\":[[2,2]],"
         "\"convention\":\"misere\"}", "unsupported-convention", 422},
        {"POST", "/v1/analyze?max_moves=x", "{\"type\":\"nim\",\"heaps\":[1]}",
         "invalid-query", 400},
        {"POST", "/v1/analyze", "{\"type\":\"cutting\",\"pieces\":[[2,1001]]}",
         "limit-exceeded", 422},
        {"GET", "/v1/nothing", NULL, "not-found", 404},
        {"GET", "/v1/play", NULL, "method-not-allowed", 405},
        {"POST", "/v1/analyze", "text", "unsupported-media-type", 415},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *headers = strcmp(cases[i].kind, "unsupported-media-type")
                                  ? "Content-Type: application/json\r\n"
                                  : "Content-Type: text/plain\r\n";
        const char *body = cases[i].body;
        http_response r = http_do(nimberd.port, cases[i].method, cases[i].path, headers, body,
                                  body ? strlen(body) : 0);
        ck_assert_msg(r.status == cases[i].status, "%s: %d", cases[i].path, r.status);
        ck_assert_ptr_nonnull(r.json);
        char want[64];
        snprintf(want, sizeof want, "/problems/%s", cases[i].kind);
        ck_assert_str_eq(json_string_value(json_object_get(r.json, "type")), want);
        if (!strcmp(cases[i].kind, "limit-exceeded")) {
            ck_assert_str_eq(json_string_value(json_object_get(r.json, "limit")), "max_side");
            ck_assert_int_eq(json_integer_value(json_object_get(r.json, "value")), 1000);
        }
        http_free(&r);
    }
    for (const api_problem_kind *k = api_problem_kinds; k->name; k++) {
        char path[64];
        snprintf(path, sizeof path, "/problems/%s", k->name);
        http_response r = http_do(nimberd.port, "GET", path, NULL, NULL, 0);
        ck_assert_msg(r.status == 200, "GET %s: %d", path, r.status);
        ck_assert_str_eq(http_header(&r, "Content-Type"), "text/plain; charset=utf-8");
        ck_assert(r.body_len > strlen(k->doc) && strstr(r.body, k->doc));
        http_free(&r);
    }
    http_response r = http_do(nimberd.port, "GET", "/problems/none", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 404);
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/problems/", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 404);
    http_free(&r);
}
END_TEST

/* The page and its files, each with its media type (its modules under /js/, a name not
 * there a 404); the page may load from this host alone. */
START_TEST(page_is_served)
{
    const char *files[][2] = {{"/", "text/html; charset=utf-8"},
                              {"/js/main.js", "text/javascript; charset=utf-8"},
                              {"/js/boards/octal.js", "text/javascript; charset=utf-8"},
                              {"/nimber.css", "text/css; charset=utf-8"},
                              {"/nimber.svg", "image/svg+xml"}};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
        http_response r = http_do(nimberd.port, "GET", files[i][0], NULL, NULL, 0);
        ck_assert_msg(r.status == 200, "GET %s: %d", files[i][0], r.status);
        ck_assert_str_eq(http_header(&r, "Content-Type"), files[i][1]);
        ck_assert_str_eq(http_header(&r, "Content-Security-Policy"), "default-src 'self'");
        ck_assert_uint_gt(r.body_len, 100);
        http_free(&r);
    }
    http_response page = http_do(nimberd.port, "GET", "/", NULL, NULL, 0);
    ck_assert_ptr_nonnull(strstr(page.body, "<script type=\"module\" src=\"js/main.js\""));
    ck_assert_ptr_null(strstr(page.body, "http://"));
    ck_assert_ptr_null(strstr(page.body, "https://"));
    http_free(&page);
    http_response none = http_do(nimberd.port, "GET", "/js/none.js", NULL, NULL, 0);
    ck_assert_int_eq(none.status, 404);
    http_free(&none);
}
END_TEST

/* A dag with cycles: the 3-cycle 0 -> 1 -> 2 -> 0, each with an exit to the sink 3, so
 * each of 0, 1, 2 is ∞({0}). Two tokens on it draw; one wins by leaving. The server keeps
 * the draw against every reply, and its table says which nodes are loopy. */
START_TEST(loopy_dag)
{
#define GRAPH "\"type\":\"dag\",\"nodes\":4,\"edges\":[[0,1],[1,2],[2,0],[0,3],[1,3],[2,3]]"
    http_response r = expect("/v1/analyze", "{" GRAPH ",\"tokens\":[0,1]}", 200);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "verdict")), "draw");
    ck_assert_ptr_null(json_object_get(r.json, "sg"));
    json_t *c = json_array_get(json_object_get(r.json, "components"), 1);
    ck_assert(json_is_null(json_object_get(c, "sg")));
    ck_assert(equal_owned(json_object_get(c, "loopy"), json_pack("[i]", 0)));
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "drawing_moves")), 2);
    ck_assert(json_is_true(json_object_get(r.json, "drawing_moves_complete")));
    http_free(&r);
    r = expect("/v1/analyze", "{" GRAPH ",\"tokens\":[1]}", 200);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "verdict")), "win");
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "remoteness")), 1);
    json_t *m = json_array_get(json_object_get(r.json, "winning_moves"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(m, "to")), 3);
    http_free(&r);
    r = expect("/v1/table", "{" GRAPH "}", 200);
    ck_assert(equal_owned(json_object_get(r.json, "values"),
                          json_loads("[{\"loopy\":[0]},{\"loopy\":[0]},{\"loopy\":[0]},0]", 0, NULL)));
    http_free(&r);
    /* from the draw, the server against each of our legal replies in turn: it never
     * leaves us a won position, and if we blunder it wins */
    json_t *position = json_loads("{" GRAPH ",\"tokens\":[0,1]}", 0, NULL);
    bool over = false;
    for (int ply = 0; ply < 40 && !over; ply++) {
        char *text = json_dumps(position, JSON_COMPACT);
        r = expect(ply % 2 ? "/v1/moves" : "/v1/play", text, 200);
        free(text);
        json_t *next = NULL;
        if (ply % 2) {
            json_t *moves = json_object_get(r.json, "moves");
            over = !json_array_size(moves); /* we cannot move: the server won */
            if (!over)
                next = json_object_get(json_array_get(moves, (size_t)ply / 2 %
                                                      json_array_size(moves)), "position");
        } else {
            ck_assert_str_ne(json_string_value(json_object_get(r.json, "verdict")), "lose");
            next = json_object_get(r.json, "position");
            ck_assert(json_is_object(next));
            char *after = json_dumps(next, JSON_COMPACT);
            http_response v = expect("/v1/analyze", after, 200);
            ck_assert_str_ne(json_string_value(json_object_get(v.json, "verdict")), "win");
            http_free(&v);
            free(after);
        }
        if (next) {
            json_incref(next);
            json_decref(position);
            position = next;
        }
        http_free(&r);
    }
    json_decref(position);
#undef GRAPH
}
END_TEST

/* A second nimberd on a port in use fails at once, unless both share it on purpose; a
 * restart binds past the last run's connections in TIME_WAIT. */
START_TEST(busy_port_is_an_error)
{
    daemon_proc first = daemon_start(NULL);
    ck_assert_uint_gt(first.port, 0);
    char port[16];
    snprintf(port, sizeof port, "%u", first.port);
    http_response served = http_do(first.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_int_eq(served.status, 200); /* the server closes first: TIME_WAIT on its side */
    http_free(&served);
    const char *args[] = {"--port", port, NULL};
    daemon_proc second = daemon_start(args);
    ck_assert_uint_eq(second.port, 0); /* it printed no "listening" line */
    int status = 0;
    ck_assert_int_eq(waitpid(second.pid, &status, 0), second.pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) != 0);
    ck_assert_int_eq(daemon_stop(&first, SIGTERM), 0);
    daemon_proc restarted = daemon_start(args);
    ck_assert_uint_eq(restarted.port, first.port);
    ck_assert_int_eq(daemon_stop(&restarted, SIGTERM), 0);
    const char *shared[] = {"--reuse-port", "1", NULL};
    first = daemon_start(shared);
    snprintf(port, sizeof port, "%u", first.port);
    const char *again[] = {"--reuse-port", "1", "--port", port, NULL};
    second = daemon_start(again);
    ck_assert_uint_eq(second.port, first.port);
    ck_assert_int_eq(daemon_stop(&second, SIGTERM), 0);
    ck_assert_int_eq(daemon_stop(&first, SIGTERM), 0);
}
END_TEST

START_TEST(analysis_fields)
{
    http_response r = expect("/v1/analyze", "{\"type\":\"nim\",\"heaps\":[3,4,5]}", 200);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "type")), "nim");
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "convention")), "normal");
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "sg")), 2);
    json_t *c = json_object_get(r.json, "components");
    ck_assert_int_eq(json_array_size(c), 3);
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(c, 2), "sg")), 5);
    json_t *m = json_array_get(json_object_get(r.json, "winning_moves"), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(m, "heap")), 0);
    ck_assert_int_eq(json_integer_value(json_object_get(m, "take")), 2);
    ck_assert(equal_owned(json_object_get(m, "position"), json_pack("{s:s,s:[i,i,i]}", "type",
                                                                  "nim", "heaps", 1, 4, 5)));
    http_free(&r);
    /* max_moves bounds the list and completeness says so */
    r = expect("/v1/analyze?max_moves=1", "{\"type\":\"nim\",\"heaps\":[7,7,7]}", 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "winning_moves")), 1);
    ck_assert(json_is_false(json_object_get(r.json, "winning_moves_complete")));
    http_free(&r);
    r = expect("/v1/analyze?max_moves=0", "{\"type\":\"nim\",\"heaps\":[7]}", 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "winning_moves")), 0);
    http_free(&r);
    /* positions keep every field: rules and convention */
    r = expect("/v1/analyze", "{\"type\":\"subtraction\",\"convention\":\"misere\",\"set\":[1,3],"
               "\"heaps\":[4]}", 200);
    ck_assert(!json_object_get(r.json, "sg"));
    ck_assert(!json_object_get(r.json, "components")); /* no part has a value to give */
    m = json_array_get(json_object_get(r.json, "winning_moves"), 0);
    json_t *pos = json_object_get(m, "position");
    ck_assert_str_eq(json_string_value(json_object_get(pos, "convention")), "misere");
    ck_assert(json_is_array(json_object_get(pos, "set")));
    http_free(&r);
    /* huge heaps are exact */
    r = expect("/v1/analyze", "{\"type\":\"nim\",\"heaps\":[9223372036854775807,1]}", 200);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "sg")), 9223372036854775806LL);
    http_free(&r);
    r = expect("/v1/analyze", "{\"type\":\"subtraction\",\"heaps\":[1000000000000000000],"
               "\"set\":[1,3,4]}", 200);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "sg")), 1);
    http_free(&r);
    /* a cutting position with a thin piece: a win at once, no sg */
    r = expect("/v1/analyze", "{\"type\":\"cutting\",\"pieces\":[[1,3],[2,2]]}", 200);
    ck_assert_str_eq(verdict_of(r.json), "win");
    ck_assert(!json_object_get(r.json, "sg"));
    m = json_array_get(json_object_get(r.json, "winning_moves"), 0);
    ck_assert(json_is_true(json_object_get(m, "wins_immediately")));
    ck_assert(equal_owned(json_object_get(json_object_get(m, "position"), "pieces"),
                          json_pack("[[i,i],[i,i],[i,i]]", 1, 1, 1, 2, 2, 2)));
    http_free(&r);
    /* Nim_k: no sg, and its moves are not claimed complete ([3,1,3,2] of the seed loses) */
    r = expect("/v1/analyze", "{\"type\":\"moore\",\"heaps\":[3,1,3,2],\"k\":2}", 200);
    ck_assert_str_eq(verdict_of(r.json), "lose");
    http_free(&r);
    r = expect("/v1/analyze", "{\"type\":\"moore\",\"heaps\":[3,1,3,3],\"k\":2}", 200);
    ck_assert_str_eq(verdict_of(r.json), "win");
    ck_assert(!json_object_get(r.json, "sg"));
    ck_assert(json_is_false(json_object_get(r.json, "winning_moves_complete")));
    http_free(&r);
}
END_TEST

/* The verdict of a position without a move, of a type played under its own convention:
 * lost, but won under misère play (notakto's own rule). */
static const char *no_move_verdict(json_t *type)
{
    return api_type_find(json_string_value(type))->default_misere ? "win" : "lose";
}

START_TEST(play_endpoint)
{
    json_t *types = catalog_types();
    api_rng rng = {11};
    for (size_t round = 0; round < 20 * json_array_size(types); round++) {
        json_t *type = json_array_get(types, round % json_array_size(types));
        char *game = random_game(json_string_value(type), &rng, false);
        http_response r = expect("/v1/play", game, 200);
        const char *verdict = verdict_of(r.json);
        json_t *move = json_object_get(r.json, "move"), *pos = json_object_get(r.json, "position");
        ck_assert(json_is_null(move) == json_is_null(pos));
        if (!json_is_null(pos)) {
            char *text = json_dumps(pos, JSON_COMPACT);
            http_response after = expect("/v1/analyze", text, 200);
            json_t *inner = json_object_get(move, "move") ? json_object_get(move, "move") : move;
            if (!strcmp(verdict, "win") && !json_is_true(json_object_get(inner, "wins_immediately")))
                ck_assert_str_eq(verdict_of(after.json), "lose");
            http_free(&after);
            free(text);
        } else {
            ck_assert_str_eq(verdict, no_move_verdict(type));
        }
        http_free(&r);
        free(game);
    }
    json_decref(types);
    http_response r = expect("/v1/play", "{\"type\":\"nim\",\"heaps\":[0,0]}", 200);
    ck_assert(json_is_null(json_object_get(r.json, "move")));
    ck_assert(json_is_null(json_object_get(r.json, "position")));
    ck_assert_str_eq(verdict_of(r.json), "lose");
    http_free(&r);
    /* a lost position still gets a legal move */
    r = expect("/v1/play", "{\"type\":\"nim\",\"heaps\":[2,2]}", 200);
    ck_assert_str_eq(verdict_of(r.json), "lose");
    ck_assert(json_is_object(json_object_get(r.json, "move")));
    http_free(&r);
}
END_TEST

/* POST /v1/move over HTTP: a game of every type played to its end through it, each of
 * nimber's replies (reply=perfect) played back as the next move, every answer's reply what
 * /v1/play answers there; the seed makes a weaker reply repeatable; illegal moves and
 * malformed bodies are problems that name the field. (test_registry.c holds every listed
 * move and its analysis to /v1/moves and /v1/analyze.) */
START_TEST(move_endpoint)
{
    json_t *types = catalog_types();
    api_rng rng = {27};
    for (size_t round = 0; round < 3 * json_array_size(types); round++) {
        json_t *type = json_array_get(types, round % json_array_size(types));
        char *text = random_game(json_string_value(type), &rng, false);
        json_t *game = json_loads(text, 0, NULL);
        free(text);
        for (int turn = 0; turn < 40; turn++) {
            text = json_dumps(game, JSON_COMPACT);
            http_response moves = expect("/v1/moves?max_moves=1", text, 200);
            json_t *first = json_array_get(json_object_get(moves.json, "moves"), 0);
            if (!first) { /* the game is over */
                http_free(&moves), free(text);
                break;
            }
            json_t *move = json_deep_copy(first);
            json_object_del(move, "position"), json_object_del(move, "outcome");
            json_object_del(move, "sg"), json_object_del(move, "remoteness");
            json_t *body = json_pack("{s:O, s:o}", "game", game, "move", move);
            char *sent = json_dumps(body, JSON_COMPACT);
            http_response r = expect("/v1/move?reply=perfect&max_moves=0", sent, 200);
            json_t *after = json_object_get(r.json, "position");
            ck_assert_msg(json_equal(after, json_object_get(first, "position")), "%s", sent);
            char *after_text = json_dumps(after, JSON_COMPACT);
            http_response play = expect("/v1/play?strength=perfect", after_text, 200);
            json_t *reply = json_object_get(r.json, "reply");
            if (json_is_null(json_object_get(play.json, "move"))) {
                ck_assert_msg(!reply && !strcmp(verdict_of(r.json), no_move_verdict(type)), "%s",
                              sent);
            } else {
                ck_assert_msg(json_equal(reply, play.json), "%s: the reply differs", sent);
            }
            json_decref(game);
            game = reply ? json_incref(json_object_get(reply, "position")) : json_incref(after);
            http_free(&play), http_free(&r), http_free(&moves);
            free(after_text), free(sent), free(text);
            json_decref(body);
            if (!reply)
                break;
        }
        json_decref(game);
    }
    json_decref(types);
    /* a weaker reply repeats with its seed */
    static const char nim[] = "{\"game\":{\"type\":\"nim\",\"heaps\":[5,6,7,8,9]},"
                              "\"move\":{\"heap\":4,\"take\":1}}";
    http_response a = expect("/v1/move?reply=random&seed=7", nim, 200);
    http_response b = expect("/v1/move?reply=random&seed=7", nim, 200);
    ck_assert_str_eq(a.body, b.body);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(a.json, "reply"),
                                                       "strength")), "random");
    http_free(&a), http_free(&b);
    static const struct { const char *body, *pointer, *detail; int status; } bad[] = {
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":0,\"take\":4}}",
         "/move/take", "holds 3", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":1,\"take\":1}}",
         "/move/heap", "no heap 1", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":0}}",
         "/move/take", "missing", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":0,\"tkae\":1}}",
         "/move/take", "missing field \"take\"; \"tkae\" is no field: did you mean", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":0,\"take\":1,"
         "\"sg\":2}}", "/move/sg", "gives no", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{\"heap\":0,\"take\":1,"
         "\"flip\":[1]}}", "/move/flip", "no member", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":[0,1]}", "/move",
         "an object", 422},
        {"{\"game\":{\"type\":\"bash\",\"heaps\":[9],\"k\":3},\"move\":{\"heap\":0,"
         "\"take\":4}}", "/move/take", "at most k=3", 422},
        {"{\"game\":{\"type\":\"octal\",\"code\":\"0.77\",\"heaps\":[5]},\"move\":"
         "{\"heap\":0,\"take\":1,\"leave\":[1,2]}}", "/move/leave", "add up to 4", 422},
        {"{\"game\":{\"type\":\"octal\",\"code\":\"0.77\",\"heaps\":[5]},\"move\":"
         "{\"heap\":0,\"take\":1}}", "/move/leave", "more than one way", 422},
        {"{\"game\":{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,1]],\"tokens\":[0]},"
         "\"move\":{\"token\":0,\"from\":0,\"to\":2}}", "/move/to", "no legal move", 422},
        {"{\"game\":{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,1]],\"tokens\":[0]},"
         "\"move\":{\"token\":0,\"from\":0,\"to\":1,\"tokens\":[2]}}", "/move/tokens",
         "gives [1] here, not [2]", 422},
        {"{\"game\":{\"type\":\"coins\",\"coins\":\"TTH\"},\"move\":{\"flip\":[2]}}",
         "/move/flip", "no legal move", 422},
        {"{\"game\":{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[3]}]},"
         "\"move\":{\"component\":1,\"move\":{\"heap\":0,\"take\":1}}}",
         "/move/component", "between 0 and 0", 422},
        {"{\"game\":{\"type\":\"sum\",\"rule\":\"every\",\"components\":[{\"type\":"
         "\"nim\",\"heaps\":[3]},{\"type\":\"nim\",\"heaps\":[2]}]},\"move\":{\"moves\":"
         "[{\"component\":0,\"move\":{\"heap\":0,\"take\":1}}]}}", "/move/moves",
         "component 1 has one", 422},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]}}", "/move", "missing", 400},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[-3]},\"move\":{}}", "/game/heaps/0",
         "at least 0", 400},
        {"{\"game\":{\"type\":\"nim\",\"heaps\":[3]},\"move\":{},\"x\":1}", "/x",
         "unknown", 400},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        expect_problem("/v1/move", bad[i].body, bad[i].status, bad[i].pointer, bad[i].detail);
    expect_problem("/v1/move?reply=brilliant", nim, 400, NULL, "perfect, strong, casual or random");
    http_response r = expect("/v1/move", bad[0].body, 422);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "type")), "/problems/illegal-move");
    http_free(&r);
}
END_TEST

START_TEST(table_endpoint)
{
    http_response r = expect("/v1/table", "{\"type\":\"subtraction\",\"set\":[1,3,4],\"up_to\":100}", 200);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "period")), 7);
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "preperiod")), 0);
    json_t *v = json_object_get(r.json, "values");
    ck_assert_int_eq(json_array_size(v), 101);
    int first[] = {0, 1, 0, 1, 2, 3, 2, 0, 1, 0};
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(json_integer_value(json_array_get(v, i)), first[i]);
    http_free(&r);
    r = expect("/v1/table", "{\"type\":\"cutting\",\"up_to\":[6,5]}", 200);
    v = json_object_get(r.json, "values");
    ck_assert_int_eq(json_array_size(v), 7);
    ck_assert(json_is_null(json_array_get(json_array_get(v, 1), 3)));
    ck_assert_int_eq(json_integer_value(json_array_get(json_array_get(v, 2), 2)), 0);
    ck_assert_int_eq(json_integer_value(json_array_get(json_array_get(v, 2), 4)),
                     json_integer_value(json_array_get(json_array_get(v, 4), 2)));
    http_free(&r);
    r = expect("/v1/table", "{\"type\":\"dag\",\"nodes\":5,\"edges\":[[0,1],[1,2],[0,3],[1,3],[3,4]]}", 200);
    ck_assert(equal_owned(json_object_get(r.json, "values"), json_pack("[i,i,i,i,i]", 0, 2, 0, 1, 0)));
    http_free(&r);
    r = expect("/v1/table", "{\"type\":\"bash\",\"k\":2,\"up_to\":5}", 200);
    ck_assert(equal_owned(json_object_get(r.json, "values"), json_pack("[i,i,i,i,i,i]", 0, 1, 2, 0, 1, 2)));
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "period")), 3);
    http_free(&r);
    r = expect("/v1/table", "{\"type\":\"nim\",\"up_to\":3}", 200);
    ck_assert(json_is_null(json_object_get(r.json, "period")));
    http_free(&r);
    expect_problem("/v1/table", "{\"type\":\"staircase\",\"up_to\":3}", 400, "/type", "no SG table");
    expect_problem("/v1/table", "{\"type\":\"subtraction\",\"set\":[1],\"up_to\":100000000000}",
                   422, "/up_to", "max_table");
    expect_problem("/v1/table", "{\"type\":\"cutting\",\"up_to\":[5,5000]}", 422, "/up_to/1", "max_side");
    expect_problem("/v1/table", "{\"type\":\"subtraction\",\"set\":[1]}", 400, "/up_to", "missing");
    /* a table holds normal-play values: misère is refused, not answered as normal */
    expect_problem("/v1/table", "{\"type\":\"subtraction\",\"set\":[1,3,4],\"convention\":"
                   "\"misere\",\"up_to\":10}", 400, "/convention", "normal-play");
    /* one bound for up_to, the catalog's max_table, and pages of at most max_table_page */
    http_response games = http_do(nimberd.port, "GET", "/v1/games", NULL, NULL, 0);
    json_t *lims = NULL;
    for (size_t i = 0; i < json_array_size(json_object_get(games.json, "types")); i++) {
        json_t *t = json_array_get(json_object_get(games.json, "types"), i);
        if (!strcmp(json_string_value(json_object_get(t, "type")), "nim"))
            lims = json_object_get(t, "limits");
    }
    json_int_t table = json_integer_value(json_object_get(lims, "max_table"));
    json_int_t page = json_integer_value(json_object_get(lims, "max_table_page"));
    ck_assert(table > page && page > 0);
    char body[160], named[64];
    snprintf(body, sizeof body, "{\"type\":\"nim\",\"up_to\":%lld}", (long long)table);
    snprintf(named, sizeof named, "max_table=%lld", (long long)table);
    expect_problem("/v1/table", body, 422, "/up_to", named);
    snprintf(body, sizeof body, "{\"type\":\"nim\",\"up_to\":%lld}", (long long)page);
    snprintf(named, sizeof named, "max_table_page=%lld", (long long)page);
    expect_problem("/v1/table", body, 422, "/up_to", named);
    snprintf(body, sizeof body, "{\"type\":\"nim\",\"from\":%lld,\"up_to\":%lld}",
             (long long)table - 3, (long long)table - 1);
    r = expect("/v1/table", body, 200); /* the last page of the table */
    ck_assert(equal_owned(json_object_get(r.json, "values"),
                          json_pack("[I,I,I]", table - 3, table - 2, table - 1)));
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "from")), table - 3);
    http_free(&r);
    http_free(&games);
    r = expect("/v1/table", "{\"type\":\"subtraction\",\"set\":[1,3,4],\"from\":5,\"up_to\":9}", 200);
    ck_assert(equal_owned(json_object_get(r.json, "values"), json_pack("[i,i,i,i,i]", 3, 2, 0, 1, 0)));
    http_free(&r);
    expect_problem("/v1/table", "{\"type\":\"nim\",\"from\":5,\"up_to\":4}", 400, "/from", NULL);
    /* a field a table does not take is refused, not ignored */
    expect_problem("/v1/table", "{\"type\":\"dag\",\"nodes\":1,\"edges\":[],\"up_to\":3}", 400,
                   "/up_to", "takes no up_to");
    expect_problem("/v1/table", "{\"type\":\"cutting\",\"from\":2,\"up_to\":[3,3]}", 400,
                   "/from", "takes no from");
}
END_TEST

START_TEST(batch_endpoint)
{
    http_response r = expect("/v1/analyze/batch", "{\"positions\":[{\"type\":\"nim\",\"heaps\":[1]},"
                             "{\"type\":\"nim\",\"heaps\":[-1]},{\"type\":\"bash\",\"heaps\":[4],\"k\":3},"
                             "{\"type\":\"cutting\",\"convention\":\"misere\",\"pieces\":[[2,2]]}]}", 200);
    json_t *res = json_object_get(r.json, "results");
    ck_assert_int_eq(json_array_size(res), 4);
    ck_assert_str_eq(verdict_of(json_array_get(res, 0)), "win");
    json_t *bad = json_array_get(res, 1);
    ck_assert_int_eq(json_integer_value(json_object_get(bad, "status")), 400);
    ck_assert_str_eq(json_string_value(json_object_get(bad, "pointer")), "/positions/1/heaps/0");
    ck_assert_str_eq(verdict_of(json_array_get(res, 2)), "lose");
    ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(res, 3), "status")), 422);
    http_free(&r);
    expect_problem("/v1/analyze/batch", "{\"positions\":{}}", 400, "/positions", NULL);
    expect_problem("/v1/analyze/batch", "{\"games\":[]}", 400, "/games", "unknown field");
}
END_TEST

START_TEST(bad_input)
{
    const char *A = "/v1/analyze";
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,2", 400, NULL, "malformed JSON");
    expect_problem(A, "", 400, NULL, "malformed JSON");
    expect_problem(A, "\xef\xbb\xbf{\"type\":\"nim\",\"heaps\":[1]}", 400, NULL,
                   "malformed JSON at line 1, column 1: a byte order mark (U+FEFF) starts the body");
    expect_problem(A, "[1,2]", 400, "", "game object");
    expect_problem(A, "{\"heaps\":[1]}", 400, "/type", "missing");
    expect_problem(A, "{\"type\":\"chess\",\"heaps\":[1]}", 400, "/type",
                   "unknown game type \"chess\"; known types are nim, bash");
    expect_problem(A, "{\"type\":\"Nim\",\"heaps\":[1]}", 400, "/type",
                   "unknown game type \"Nim\": did you mean \"nim\"?");
    expect_problem(A, "{\"type\":\"wythof\",\"piles\":[[1,2]]}", 400, "/type",
                   "unknown game type \"wythof\": did you mean \"wythoff\"?");
    expect_problem(A, "{\"type\":[\"nim\"],\"heaps\":[1]}", 400, "/type",
                   "type must be a string, one of nim, bash");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"convention\":\"mis\xc3\xa8re\"}", 400,
                   "/convention", "(lower case, no accent), got \"mis\xc3\xa8re\"");
    expect_problem(A, "{\"type\":\"cram\",\"board\":[\"..\",\".\"]}", 400, "/board/1",
                   "board[1] has 1 cell, board[0] 2: the rows are equally long");
    /* what came in a field's place is said: a string quoted, an array with its length */
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":\"3\"}", 400, "/heaps",
                   "heaps must be an array of integers, got \"3\"");
    expect_problem(A, "{\"type\":\"wythoff\",\"piles\":[[1,2,3]]}", 400, "/piles/0",
                   "piles[0] must be a pair [a,b], got an array of 3");
    expect_problem(A, "{\"type\":\"wythoff\",\"piles\":[[1,\"x\"]]}", 400, "/piles/0/1",
                   "b of piles[0] must be an integer, or a string of its decimal digits, got \"x\"");
    expect_problem(A, "{\"type\":\"dag\",\"nodes\":2,\"edges\":[[0,true]]}", 400, "/edges/0/1",
                   "edges[0][1] must be a node number, got true");
    expect_problem(A, "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[1]},[]]}", 400,
                   "/components/1", "components[1] must be a game object, got an empty array");
    expect_problem(A, "[1]", 400, NULL, "the body must be a game object, got an array of 1");
    expect_problem(A, "{\"type\":\"divisor\",\"rule\":\"add\",\"numbers\":[4]}", 400, "/rule",
                   "rule must be \"replace\" or \"subtract\", got \"add\"");
    /* a board's character that is not a cell is named by its place in characters, as sent */
    expect_problem(A, "{\"type\":\"cram\",\"board\":[\"..\",\"\xc3\xa9.\"]}", 400, "/board/1",
                   "cell 0 of board[1] is '\xc3\xa9': a cell is '.' (empty) or '#' (filled)");
    expect_problem(A, "{\"type\":\"cram\",\"board\":[null]}", 400, "/board/0",
                   "board[0] must be a string of '.' (empty) and '#' (filled), got null");
    expect_problem(A, "{\"type\":\"notakto\",\"boards\":[\"........\xc3\xa9\"]}", 400,
                   "/boards/0", "cell 8 of boards[0] is '\xc3\xa9': a cell is '.' (empty) or 'X'");
    expect_problem(A, "{\"type\":\"notakto\",\"boards\":[\".........\",\"...\"]}", 400,
                   "/boards/1", "boards[1] has 3 cells: a board has 9, 16 or 25");
    expect_problem(A, "{\"type\":\"notakto\",\"boards\":[\".........\",\"................\"]}",
                   400, "/boards/1", "boards[1] is 4 x 4, boards[0] 3 x 3");
    expect_problem(A, "{\"type\":\"notakto\",\"boards\":[[1]]}", 400, "/boards/0",
                   "got an array");
    expect_problem(A, "{\"type\":\"coins\",\"coins\":\"HT\\tH\"}", 400, "/coins",
                   "coin 3 is U+0009: coins must be H or T");
    expect_problem(A, "{\"type\":\"coins\",\"grid\":[\"HT\",\"T\xc3\xa9\"]}", 400, "/grid/1",
                   "coin 2 of row 2 is '\xc3\xa9': coins must be H or T");
    expect_problem("/v1/table", "{\"type\":\"moore\",\"k\":2,\"up_to\":5}", 400, "/type",
                   "has no SG table");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,2.5]}", 400, "/heaps/1", "integer");
    /* an integer may come as a string of its decimal digits, nothing else */
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,\"03\"]}", 400, "/heaps/1",
                   "heaps[1] must be an integer, or a string of its decimal digits, got \"03\"");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,\" 3\"]}", 400, "/heaps/1", "digits");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,\"-3\"]}", 400, "/heaps/1", "at least 0");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,\"9223372036854775808\"]}", 400,
                   "/heaps/1", "heaps[1] must be an integer of at most 2^63-1 (9223372036854775807)");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[\"-9223372036854775809\"]}", 400,
                   "/heaps/0", "heaps[0] must be an integer of at least 0");
    expect_problem(A, "{\"type\":\"bash\",\"heaps\":[1],\"k\":\"0\"}", 400, "/k", "at least 1");
    expect_problem(A, "{\"type\":\"hackenbush\",\"nodes\":1,\"edges\":[],\"ground\":1}", 400,
                   "/ground", "in 0..0 (there is 1 node)");
    expect_problem(A, "{\"type\":\"hackenbush\",\"nodes\":0,\"edges\":[]}", 400, "/nodes",
                   "at least 1");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1e3]}", 400, "/heaps/0", "integer");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[3.0]}", 400, "/heaps/0", "integer");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[\"3e0\"]}", 400, "/heaps/0", "integer");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[-3]}", 400, "/heaps/0", "at least 0");
    /* an integer past 64 bits, named as the field's own problems name it */
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1,9223372036854775808]}", 400, "/heaps/1",
                   "heaps[1] must be an integer of at most 2^63-1 (9223372036854775807)");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[-9223372036854775809]}", 400, "/heaps/0",
                   "heaps[0] is less than -2^63, which no field takes");
    expect_problem(A, "{\"type\":\"sum\",\"components\":[{\"type\":\"dag\",\"nodes\":2,"
                   "\"edges\":[[0,18446744073709551616]]}]}", 400, "/components/0/edges/0/1",
                   "edges[0][1] must be an integer of at most 2^63-1");
    /* an object met on the way (its key not the name) and a body that is an array */
    expect_problem(A, "{\"edges\":[[0,1],{\"a\":1},[0,99999999999999999999]]}", 400, "/edges/2/1",
                   "edges[2][1] must be an integer of at most 2^63-1");
    expect_problem(A, "[[1,{\"x\":2}],[3,99999999999999999999]]", 400, "/1/1",
                   "[1][1] must be an integer of at most 2^63-1");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"heaps\":[2]}", 400, NULL, "duplicate");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"extra\":true}", 400, "/extra",
                   "unknown field \"extra\"; the fields here are type, convention and heaps");
    /* a near miss (letters swapped, one missing, other case) named with the field meant */
    expect_problem(A, "{\"type\":\"nim\",\"haeps\":[1]}", 400, "/haeps",
                   "unknown field \"haeps\": did you mean \"heaps\"?");
    expect_problem(A, "{\"type\":\"wythoff\",\"pile\":[[1,2]]}", 400, "/pile",
                   "did you mean \"piles\"?");
    expect_problem(A, "{\"type\":\"bash\",\"heaps\":[3],\"K\":2}", 400, "/K",
                   "did you mean \"k\"?");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"hops\":2}", 400, "/hops",
                   "unknown field \"hops\"; the fields here"); /* two edits from a short name */
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"a/b~\":1}", 400, "/a~1b~0", "unknown field");
    expect_problem(A, "{\"type\":\"nim\"}", 400, "/heaps", "missing");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":{}}", 400, "/heaps", "array");
    expect_problem(A, "{\"type\":\"bash\",\"heaps\":[1],\"k\":0}", 400, "/k", "at least 1");
    expect_problem(A, "{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[1,1]}", 400, "/set/1", "repeats");
    expect_problem(A, "{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[4,2,5,2]}", 400, "/set/3",
                   "set[3] repeats 2, which set[1] holds already");
    expect_problem(A, "{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[0]}", 400, "/set/0", NULL);
    expect_problem(A, "{\"type\":\"subtraction\",\"heaps\":[1],\"set\":[]}", 400, "/set", NULL);
    expect_problem(A, "{\"type\":\"coins\",\"coins\":\"HTX\"}", 400, "/coins",
                   "coin 3 is 'X': coins must be H or T");
    expect_problem(A, "{\"type\":\"coins\",\"coins\":7}", 400, "/coins", NULL);
    expect_problem(A, "{\"type\":\"cutting\",\"pieces\":[[2,0]]}", 400, "/pieces/0/1", NULL);
    expect_problem(A, "{\"type\":\"cutting\",\"pieces\":[[2]]}", 400, "/pieces/0", "pair");
    expect_problem(A, "{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,3]],\"tokens\":[0]}", 400, "/edges/0/1", "node");
    expect_problem(A, "{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,1]],\"tokens\":[5]}", 400, "/tokens/0", NULL);
    expect_problem(A, "{\"type\":\"staircase\",\"stairs\":[9223372036854775807,1]}", 400, "/stairs", "2^63-1");
    expect_problem(A, "{\"type\":\"nim\",\"heaps\":[1],\"convention\":\"loser\"}", 400, "/convention", NULL);
    expect_problem(A, "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[1],"
                      "\"convention\":\"misere\"}]}", 400, "/components/0/convention", "top-level");
    expect_problem(A, "{\"type\":\"sum\",\"components\":[{\"type\":\"sum\",\"components\":[]}]}",
                   400, "/components/0", "sums");
    expect_problem(A, "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[1]},"
                      "{\"type\":\"bash\",\"heaps\":[1],\"k\":-1}]}", 400, "/components/1/k", NULL);
    /* 422: well-formed but over a limit, or undefined */
    expect_problem(A, "{\"type\":\"cutting\",\"convention\":\"misere\",\"pieces\":[[2,3]]}", 422,
                   "/convention", "misère");
    expect_problem(A, "{\"type\":\"sum\",\"convention\":\"misere\",\"components\":[{\"type\":\"cutting\","
                      "\"pieces\":[[2,3]]}]}", 422, "/convention", "cutting");
    expect_problem(A, "{\"type\":\"cutting\",\"pieces\":[[2,1001]]}", 422, "/pieces/0/1", "max_side");
    /* deep nesting, wrong media type, method, path, query */
    char *deep = malloc(200002);
    memset(deep, '[', 100000);
    memset(deep + 100000, ']', 100000);
    deep[200000] = '\0';
    expect_problem(A, deep, 400, NULL, NULL);
    free(deep);
    http_response r = http_do(nimberd.port, "POST", A, "Content-Type: text/plain\r\n", "{}", 2);
    ck_assert_int_eq(r.status, 415);
    ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
    http_free(&r);
    r = http_do(nimberd.port, "POST", A, NULL, "{}", 2);
    ck_assert_int_eq(r.status, 415);
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/v1/play", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 405);
    ck_assert_str_eq(http_header(&r, "Allow"), "POST, OPTIONS");
    http_free(&r);
    r = http_do(nimberd.port, "DELETE", "/v1/games", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 405);
    ck_assert_str_eq(http_header(&r, "Allow"), "GET, HEAD, OPTIONS");
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/v2/nothing", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 404);
    ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
    http_free(&r);
    /* a POST to a path no route has is a 404, never another route's request */
    const char *unrouted[] = {"/v1/moves2", "/v1/tablez", "/v1", "/v1/analyze/"};
    for (size_t i = 0; i < sizeof unrouted / sizeof *unrouted; i++)
        expect_problem(unrouted[i], "{\"type\":\"nim\",\"up_to\":3}", 404, NULL, "no resource");
    expect_problem("/v1/analyze?max_moves=1001", "{\"type\":\"nim\",\"heaps\":[1]}", 400, NULL, "max_moves");
    expect_problem("/v1/analyze?max_moves=-1", "{\"type\":\"nim\",\"heaps\":[1]}", 400, NULL, "max_moves");
    /* every query parameter is one the route honours, given once, well-formed */
    static const struct { const char *path, *detail; } refused[] = {
        {"/v1/play?max_moves=3", "no query parameter \"max_moves\"; it takes "},
        {"/v1/play?strenght=strong", "no query parameter \"strenght\": did you mean strength?"},
        {"/v1/table?max_moves=3", "no query parameter \"max_moves\""},
        {"/v1/moves?components=3", "no query parameter \"components\""},
        {"/v1/analyze?maxmoves=3", "no query parameter \"maxmoves\": did you mean max_moves?"},
        {"/v1/analyze?max_moves=%205", "not \" 5\""},
        {"/v1/analyze?max_moves=+5", "not \" 5\""}, /* a + in a query is a space */
        {"/v1/analyze?max_moves=1e2", "not \"1e2\""},
        {"/v1/analyze?max_moves=1%00", "NUL"},
        {"/v1/analyze?max_moves", "not \"\""},
        {"/v1/analyze?max_moves=1&max_moves=1", "given twice"},
        {"/v1/analyze?components=-1", "components"},
        {"/v1/analyze/batch?max_moves=1&components=2&c=3", "no query parameter \"c\""},
    };
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        const char *body = strstr(refused[i].path, "table") ? "{\"type\":\"nim\",\"up_to\":3}"
                         : strstr(refused[i].path, "batch") ? "{\"positions\":[]}"
                                                             : "{\"type\":\"nim\",\"heaps\":[1]}";
        expect_problem(refused[i].path, body, 400, NULL, refused[i].detail);
    }
    const char *gets[] = {"/healthz?probe=1", "/v1/games?all", "/metrics?x=1", "/openapi.yaml?v=2"};
    for (size_t i = 0; i < sizeof gets / sizeof *gets; i++) {
        http_response g = http_do(nimberd.port, "GET", gets[i], NULL, NULL, 0);
        ck_assert_msg(g.status == 400, "GET %s: %d", gets[i], g.status);
        http_free(&g);
    }
    /* the server still serves after all of that */
    r = expect(A, "{\"type\":\"nim\",\"heaps\":[1]}", 200);
    http_free(&r);
}
END_TEST

/* Heads that RFC 9112 has a server refuse: a length given two ways (two Content-Lengths,
 * or one with Transfer-Encoding) and an HTTP/1.1 request without Host get a 400 problem
 * and the connection closed, so that a request behind them on the same connection (which
 * a proxy that framed the first the other way would have taken for its body) is never
 * answered. The same pair with a sound head gets both answers. */
START_TEST(unsound_heads_refused)
{
    static const char body[] = "{\"type\":\"nim\",\"heaps\":[1]}",
                      next[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    static const struct {
        const char *version, *host, *extra, *detail; /* detail NULL: sound */
        int status;
    } heads[] = {
        {"1.1", "Host: x\r\n", "Content-Length: 2\r\n", "ambiguous", 400},
        {"1.1", "Host: x\r\n", "Content-length: 26\r\n", "ambiguous", 400},
        {"1.1", "Host: x\r\n", "Transfer-Encoding: chunked\r\n", "ambiguous", 400},
        /* smuggling: a proxy may read this as a coding, libmicrohttpd as another header */
        {"1.1", "Host: x\r\n", "Transfer-Encoding : chunked\r\n", "not a token", 400},
        {"1.1", "Host: x\r\n", "Transfer-Encoding: xchunked\r\n", "chunked", 501},
        {"1.1", "Host: x\r\n", "Transfer-Encoding: chunked, identity\r\n", "chunked", 501},
        {"1.1", "", "", "Host", 400},
        {"1.1", "Host: x\r\nHost: y\r\n", "", "one Host", 400},
        /* obs-fold: a Transfer-Encoding on the next line beside the length (5.2) */
        {"1.1", "Host: x\r\n", "Transfer-Encoding:\r\n chunked\r\n", "folded", 400},
        {"1.1", "host: x\r\n", "", NULL, 200},
        {"1.0", "", "Connection: keep-alive\r\n", NULL, 200},
    };
    for (size_t i = 0; i < sizeof heads / sizeof *heads; i++) {
        char text[512];
        int n = snprintf(text, sizeof text, "POST /v1/analyze HTTP/%s\r\n%sContent-Type: "
                         "application/json\r\nContent-Length: %zu\r\n%s\r\n%s%s",
                         heads[i].version, heads[i].host, strlen(body), heads[i].extra, body,
                         next);
        http_response r = http_send_raw(nimberd.port, text, (size_t)n);
        bool sound = !heads[i].detail;
        ck_assert_msg(r.status == heads[i].status, "head %zu: status %d", i, r.status);
        ck_assert_ptr_nonnull(r.body);
        ck_assert_msg(!strstr(r.body, "HTTP/1.1 200") == !sound,
                      "head %zu: the request behind it %s answered", i, sound ? "was not" : "was");
        if (!sound) {
            ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
            const char *detail = json_string_value(json_object_get(r.json, "detail"));
            ck_assert_ptr_nonnull(detail);
            ck_assert_ptr_nonnull(strstr(detail, heads[i].detail));
            ck_assert_str_eq(http_header(&r, "Connection"), "close");
        }
        http_free(&r);
    }
    /* with Expect: 100-continue, a body of the wrong media type is refused before it is
     * sent: no 100 Continue, the 415 at once */
    static const char expecting[] = "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                    "text/plain\r\nContent-Length: 100000\r\nExpect: "
                                    "100-continue\r\n\r\n";
    http_response e = http_send_raw(nimberd.port, expecting, strlen(expecting));
    ck_assert_msg(e.status == 415, "Expect with text/plain: %d (a 100 first?)", e.status);
    http_free(&e);
    /* a NUL in the path or the query, which C strings would cut off, is refused */
    const char *nul[] = {"/v1/analyze%00.json", "/v1/analyze?max_moves=1%00"};
    for (size_t i = 0; i < 2; i++) {
        http_response r = http_do(nimberd.port, "POST", nul[i],
                                  "Content-Type: application/json\r\n", body, strlen(body));
        ck_assert_msg(r.status == 400, "%s: %d", nul[i], r.status);
        ck_assert_ptr_nonnull(strstr(r.body, "NUL"));
        http_free(&r);
    }
    /* a query of many parameters is answered at once (libmicrohttpd alone never answered
     * past 957), and the connection serves the next request */
    for (size_t count = 64; count <= 4096; count *= 4) {
        char *text = malloc(count * 8 + 256), *t = text;
        t += sprintf(t, "GET /v1/games?p0=1");
        for (size_t i = 1; i < count; i++)
            t += sprintf(t, "&p%zu=1", i);
        t += sprintf(t, " HTTP/1.1\r\nHost: x\r\n\r\n%s", next);
        http_response q = http_send_raw(nimberd.port, text, (size_t)(t - text));
        ck_assert_msg(q.status == 400, "%zu parameters: %d", count, q.status);
        ck_assert_ptr_nonnull(strstr(q.body, "\"/problems/invalid-query\""));
        ck_assert_ptr_nonnull(strstr(q.body, count > 64 ? "over the 64" : "no query parameter"));
        ck_assert_ptr_nonnull(strstr(q.body, "HTTP/1.1 200"));
        http_free(&q);
        free(text);
    }
    /* JSON is UTF-8: another charset is refused, utf-8 in any spelling is not */
    static const struct { const char *type; int status; } media[] = {
        {"application/json;charset=latin1", 415}, {"application/json; charset=utf-16", 415},
        {"application/json; charset=UTF-8", 200}, {"application/json;charset=\"utf-8\"", 200},
        {"application/json; foo=bar", 200}, {"text/json", 415},
    };
    for (size_t i = 0; i < sizeof media / sizeof *media; i++) {
        char header[128];
        snprintf(header, sizeof header, "Content-Type: %s\r\n", media[i].type);
        http_response r = http_do(nimberd.port, "POST", "/v1/analyze", header, body, strlen(body));
        ck_assert_msg(r.status == media[i].status, "%s: %d", media[i].type, r.status);
        http_free(&r);
    }
    /* a 404 does not echo the path; /metrics is for operators, not for other origins */
    http_response r = http_do(nimberd.port, "GET", "/%3Cscript%3Ealert(1)", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 404);
    ck_assert_ptr_null(strstr(r.body, "script"));
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/metrics", NULL, NULL, 0);
    ck_assert_ptr_null(http_header(&r, "Access-Control-Allow-Origin"));
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_ptr_nonnull(http_header(&r, "Access-Control-Allow-Origin"));
    ck_assert_str_eq(http_header(&r, "X-Content-Type-Options"), "nosniff");
    http_free(&r);
}
END_TEST

/* text, percent-encoded for a query string, into out (room for 3 strlen(text) + 1). */
static void percent_encode(const char *text, char *out)
{
    for (; *text; text++)
        if (strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~", *text))
            *out++ = *text;
        else
            out += sprintf(out, "%%%02X", (unsigned char)*text);
    *out = '\0';
}

/* GET /v1/analyze and /v1/moves with the game in the query answer exactly what the POST
 * answers, with a strong ETag and Cache-Control for caches; If-None-Match with that tag
 * is a 304 without a body, another tag the answer; a GET without its game, a POST with
 * one in the query, and a bad game are 400s that caches must not keep. */
START_TEST(get_answers_are_cacheable)
{
    static const char *const games[] = {"{\"type\":\"nim\",\"heaps\":[3,4,5]}",
                                        "{\"type\":\"wythoff\",\"piles\":[[3,5],[4,9]]}",
                                        "{\"type\":\"sum\",\"components\":[{\"type\":"
                                        "\"nim\",\"heaps\":[3]},{\"type\":\"coins\","
                                        "\"coins\":\"THHT\"}]}"};
    static const char *const routes[] = {"/v1/analyze", "/v1/moves"};
    for (size_t i = 0; i < sizeof games / sizeof *games; i++)
        for (size_t k = 0; k < 2; k++) {
            char encoded[1024], path[1200], etag[64], header[128];
            percent_encode(games[i], encoded);
            snprintf(path, sizeof path, "%s?game=%s&max_moves=3", routes[k], encoded);
            char post_path[64];
            snprintf(post_path, sizeof post_path, "%s?max_moves=3", routes[k]);
            http_response posted = http_post(nimberd.port, post_path, games[i]);
            http_response got = http_do(nimberd.port, "GET", path, NULL, NULL, 0);
            ck_assert_int_eq(got.status, 200);
            ck_assert_str_eq(got.body, posted.body);
            ck_assert_str_eq(http_header(&got, "Cache-Control"), "public, max-age=86400, immutable");
            snprintf(etag, sizeof etag, "%s", http_header(&got, "ETag"));
            ck_assert_msg(etag[0] == '"' && strlen(etag) == 18, "ETag %s", etag);
            snprintf(header, sizeof header, "If-None-Match: W/\"0\", %s\r\n", etag);
            http_response same = http_do(nimberd.port, "GET", path, header, NULL, 0);
            ck_assert_int_eq(same.status, 304);
            ck_assert_str_eq(same.body, "");
            ck_assert_str_eq(http_header(&same, "ETag"), etag);
            http_response other = http_do(nimberd.port, "GET", path,
                                          "If-None-Match: \"0123456789abcdef\"\r\n", NULL, 0);
            ck_assert_int_eq(other.status, 200);
            ck_assert_str_eq(http_header(&other, "ETag"), etag);
            http_free(&posted), http_free(&got), http_free(&same), http_free(&other);
        }
    /* another query is another answer, with another tag */
    http_response a = http_do(nimberd.port, "GET", "/v1/analyze?game=%7B%22type%22%3A%22nim%22%2C"
                              "%22heaps%22%3A%5B1%5D%7D", NULL, NULL, 0);
    http_response b = http_do(nimberd.port, "GET", "/v1/analyze?game=%7B%22type%22%3A%22nim%22%2C"
                              "%22heaps%22%3A%5B2%5D%7D", NULL, NULL, 0);
    ck_assert_int_eq(a.status, 200);
    char tag_a[64];
    snprintf(tag_a, sizeof tag_a, "%s", http_header(&a, "ETag")); /* its buffer is reused */
    ck_assert_str_ne(tag_a, http_header(&b, "ETag"));
    http_free(&a), http_free(&b);
    static const struct { const char *method, *path, *detail; } bad[] = {
        {"GET", "/v1/analyze", "query parameter game"},
        {"GET", "/v1/moves?max_moves=2", "query parameter game"},
        {"GET", "/v1/analyze?game=%7Bbad", "malformed JSON"},
        {"GET", "/v1/analyze?game=%7B%22type%22%3A%22nim%22%7D", "heaps"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        http_response r = http_do(nimberd.port, bad[i].method, bad[i].path, NULL, NULL, 0);
        ck_assert_msg(r.status == 400, "%s: %d", bad[i].path, r.status);
        ck_assert_ptr_nonnull(strstr(r.body, bad[i].detail));
        ck_assert_str_eq(http_header(&r, "Cache-Control"), "no-store");
        http_free(&r);
    }
    http_response post = http_do(nimberd.port, "POST", "/v1/analyze?game=%7B%7D",
                                 "Content-Type: application/json\r\n", "{}", 2);
    ck_assert_int_eq(post.status, 400);
    ck_assert_ptr_nonnull(strstr(post.body, "is for GET"));
    http_free(&post);
    http_response put = http_do(nimberd.port, "PUT", "/v1/analyze", NULL, NULL, 0);
    ck_assert_int_eq(put.status, 405);
    ck_assert_str_eq(http_header(&put, "Allow"), "GET, HEAD, POST, OPTIONS");
    http_free(&put);
}
END_TEST

/* ?int64=string: the 64-bit fields as strings of digits on every route that answers JSON
 * (the shapes of every type's answers are held to openapi.yaml by openapi_check.py), a
 * GET's own ETag, and a 400 for any other value. */
START_TEST(int64_as_strings)
{
    static const char big[] = "{\"type\":\"nim\",\"heaps\":[\"9007199254740993\",3]}";
    http_response r = expect("/v1/analyze?int64=string", big, 200);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "sg")), "9007199254740994");
    json_t *move = json_array_get(json_object_get(r.json, "winning_moves"), 0);
    ck_assert(json_is_integer(json_object_get(move, "heap"))); /* an index stays a number */
    ck_assert_str_eq(json_string_value(json_object_get(move, "take")), "9007199254740990");
    http_free(&r);
    r = expect("/v1/analyze", big, 200); /* numbers unless asked, whatever the request sent */
    ck_assert_int_eq(json_integer_value(json_object_get(r.json, "sg")), 9007199254740994);
    http_free(&r);
    r = expect("/v1/table?int64=string", "{\"type\":\"octal\",\"code\":\"4.[3]\","
               "\"up_to\":\"4\"}", 200);
    ck_assert(equal_owned(json_object_get(r.json, "values"),
                          json_pack("[s,s,s,s,s]", "0", "1", "2", "4", "3")));
    http_free(&r);
    r = expect("/v1/quotient?int64=string", "{\"type\":\"octal\",\"code\":\"0.77\"}", 200);
    const char *exact = json_string_value(json_object_get(r.json, "exact_up_to"));
    ck_assert_msg(exact && strspn(exact, "0123456789") == strlen(exact) && *exact, "%s", exact);
    http_free(&r);
    r = expect("/v1/play?int64=string&positions=changed",
               "{\"type\":\"staircase\",\"stairs\":[\"4611686018427387904\"]}", 200);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r.json, "move"),
                                                       "count")), "4611686018427387904");
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(json_object_get(
                         r.json, "changed"), "stairs"), 0)), "0");
    http_free(&r);
    http_response games = http_do(nimberd.port, "GET", "/v1/games?int64=string", NULL, NULL, 0);
    ck_assert_int_eq(games.status, 200);
    ck_assert_ptr_nonnull(strstr(games.body, "\"1000000000000000000\""));
    http_free(&games);
    static const char path[] = "/v1/analyze?game=%7B%22type%22%3A%22nim%22%2C%22heaps%22%3A%5B1%5D%7D";
    http_response plain = http_do(nimberd.port, "GET", path, NULL, NULL, 0);
    char tag[64];
    snprintf(tag, sizeof tag, "%s", http_header(&plain, "ETag"));
    http_response strings = http_do(nimberd.port, "GET", "/v1/analyze?int64=string&game="
                                    "%7B%22type%22%3A%22nim%22%2C%22heaps%22%3A%5B1%5D%7D",
                                    NULL, NULL, 0);
    ck_assert_int_eq(strings.status, 200);
    ck_assert_ptr_nonnull(strstr(strings.body, "\"sg\":\"1\""));
    ck_assert_str_ne(tag, http_header(&strings, "ETag"));
    http_free(&plain), http_free(&strings);
    static const char *const bad[] = {"/v1/analyze?int64=number", "/v1/games?int64=",
                                      "/healthz?int64=1", "/v1/tables?int64=String"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        http_response b = strncmp(bad[i], "/v1/analyze", 11)
                              ? http_do(nimberd.port, "GET", bad[i], NULL, NULL, 0)
                              : http_post(nimberd.port, bad[i], big);
        ck_assert_msg(b.status == 400 && strstr(b.body, "int64 must be string"), "%s: %d %s",
                      bad[i], b.status, b.body);
        http_free(&b);
    }
}
END_TEST

/* A gzip member's contents (malloc'ed, NUL-added; caller frees), or NULL when it is none. */
static char *gunzip(const char *in, size_t n, size_t *out_len)
{
    z_stream z = {0};
    if (inflateInit2(&z, 31) != Z_OK)
        return NULL;
    size_t cap = 4 * n + 1024;
    char *out = malloc(cap);
    z.next_in = (Bytef *)in, z.avail_in = (uInt)n;
    int rc;
    do {
        if (z.total_out + 1 >= cap)
            out = realloc(out, cap *= 2);
        z.next_out = (Bytef *)out + z.total_out;
        z.avail_out = (uInt)(cap - 1 - z.total_out);
        rc = inflate(&z, Z_NO_FLUSH);
    } while (rc == Z_OK);
    *out_len = z.total_out;
    inflateEnd(&z);
    if (rc != Z_STREAM_END) {
        free(out);
        return NULL;
    }
    out[*out_len] = '\0';
    return out;
}

/* Compression: gzip exactly when Accept-Encoding makes it acceptable (RFC 9110 12.5.3) and
 * the answer passes 1 KiB, the same bytes once inflated; Vary on every answer; a GET's
 * gzip answer its own ETag, each tag a 304 only for the encoding it names. */
START_TEST(answers_compressed_when_accepted)
{
    static const struct { const char *accept; bool gzip; } cases[] = {
        {NULL, false}, {"gzip", true}, {"GZIP", true}, {"x-gzip", true}, {"*", true},
        {"br, gzip;q=0.5", true}, {"gzip;q=0", false}, {"gzip; q=0.000, *", false},
        {"identity", false}, {"*;q=0", false}, {"br, *;q=0.1", true}, {"deflate", false},
        {"gzip;q=2", false}, {"gzip;q=abc", false}, {"gzip ; q=1.0", true},
    };
    http_response plain = http_do(nimberd.port, "GET", "/v1/games", NULL, NULL, 0);
    ck_assert_int_gt(plain.body_len, 1024);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char header[96] = "";
        if (cases[i].accept)
            snprintf(header, sizeof header, "Accept-Encoding: %s\r\n", cases[i].accept);
        http_response r = http_do(nimberd.port, "GET", "/v1/games", header, NULL, 0);
        const char *coding = http_header(&r, "Content-Encoding");
        ck_assert_msg(cases[i].gzip == (coding && !strcmp(coding, "gzip")), "%s: %s",
                      cases[i].accept ? cases[i].accept : "(none)", coding ? coding : "plain");
        ck_assert_str_eq(http_header(&r, "Vary"), "Accept-Encoding");
        if (cases[i].gzip) {
            size_t n;
            char *text = gunzip(r.body, r.body_len, &n);
            ck_assert_msg(text && n == plain.body_len && !memcmp(text, plain.body, n),
                          "%s: the gzip answer is not the plain one", cases[i].accept);
            ck_assert_int_lt(r.body_len, plain.body_len / 2);
            free(text);
        }
        http_free(&r);
    }
    http_free(&plain);
    /* a small answer goes plain, Vary and all; a large POST answer goes compressed */
    static const char nim[] = "{\"type\":\"nim\",\"heaps\":[1]}";
    http_response small = http_do(nimberd.port, "POST", "/v1/analyze", "Content-Type: "
                                  "application/json\r\nAccept-Encoding: gzip\r\n", nim,
                                  strlen(nim));
    ck_assert_int_eq(small.status, 200);
    ck_assert_ptr_null(http_header(&small, "Content-Encoding"));
    ck_assert_str_eq(http_header(&small, "Vary"), "Accept-Encoding");
    http_free(&small);
    static const char table[] = "{\"type\":\"octal\",\"code\":\"0.137\",\"up_to\":20000}";
    http_response big = http_do(nimberd.port, "POST", "/v1/table", "Content-Type: "
                                "application/json\r\nAccept-Encoding: gzip\r\n", table,
                                strlen(table));
    ck_assert_str_eq(http_header(&big, "Content-Encoding"), "gzip");
    size_t n;
    char *text = gunzip(big.body, big.body_len, &n);
    json_t *values = json_loads(text, 0, NULL);
    ck_assert_int_eq(json_array_size(json_object_get(values, "values")), 20001);
    json_decref(values), free(text), http_free(&big);
    /* the GET of a position: one tag per encoding, a 304 for the one the request gets */
    static const char path[] = "/v1/moves?game=%7B%22type%22%3A%22nim%22%2C%22heaps%22%3A"
                               "%5B30%2C40%2C50%5D%7D&max_moves=100";
    http_response zipped = http_do(nimberd.port, "GET", path, "Accept-Encoding: gzip\r\n",
                                   NULL, 0);
    http_response flat = http_do(nimberd.port, "GET", path, NULL, NULL, 0);
    char gz_tag[32], tag[32], header[96];
    snprintf(gz_tag, sizeof gz_tag, "%s", http_header(&zipped, "ETag"));
    snprintf(tag, sizeof tag, "%s", http_header(&flat, "ETag"));
    ck_assert_str_eq(http_header(&zipped, "Content-Encoding"), "gzip");
    ck_assert_str_ne(gz_tag, tag);
    http_free(&zipped), http_free(&flat);
    snprintf(header, sizeof header, "Accept-Encoding: gzip\r\nIf-None-Match: %s\r\n", gz_tag);
    http_response same = http_do(nimberd.port, "GET", path, header, NULL, 0);
    ck_assert_int_eq(same.status, 304);
    ck_assert_str_eq(http_header(&same, "Vary"), "Accept-Encoding");
    ck_assert_str_eq(http_header(&same, "ETag"), gz_tag);
    http_free(&same);
    snprintf(header, sizeof header, "Accept-Encoding: gzip\r\nIf-None-Match: %s\r\n", tag);
    http_response other = http_do(nimberd.port, "GET", path, header, NULL, 0);
    ck_assert_int_eq(other.status, 200); /* the plain answer's tag: not what it would get */
    http_free(&other);
    snprintf(header, sizeof header, "If-None-Match: %s\r\n", tag);
    http_response plain304 = http_do(nimberd.port, "GET", path, header, NULL, 0);
    ck_assert_int_eq(plain304.status, 304);
    http_free(&plain304);
}
END_TEST

/* Every catalog entry has a player's name and rules, the names all different. */
START_TEST(catalog_names_and_rules)
{
    http_response r = http_do(nimberd.port, "GET", "/v1/games", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    size_t i, j;
    json_t *t, *u, *types = json_object_get(r.json, "types");
    json_array_foreach(types, i, t) {
        const char *name = json_string_value(json_object_get(t, "name"));
        const char *rules = json_string_value(json_object_get(t, "rules"));
        ck_assert_msg(name && *name && rules && strlen(rules) > 20, "entry %zu", i);
        json_array_foreach(types, j, u)
            ck_assert(i == j || strcmp(name, json_string_value(json_object_get(u, "name"))));
    }
    http_free(&r);
}
END_TEST

/* /v1/play at each strength names it; with a seed it plays the same move again; perfect
 * play is the default; a strength or seed not allowed is a 400. */
START_TEST(play_strengths)
{
    static const char game[] = "{\"type\":\"nim\",\"heaps\":[3,4,5,6,7]}";
    static const char *const strengths[] = {"perfect", "strong", "casual", "random"};
    for (size_t i = 0; i < 4; i++) {
        char path[96], named[48];
        snprintf(path, sizeof path, "/v1/play?strength=%s&seed=42&positions=none", strengths[i]);
        http_response a = http_post(nimberd.port, path, game), b = http_post(nimberd.port, path, game);
        ck_assert_int_eq(a.status, 200);
        ck_assert_str_eq(a.body, b.body);
        snprintf(named, sizeof named, "\"strength\":\"%s\"", strengths[i]);
        ck_assert_ptr_nonnull(strstr(a.body, named));
        http_free(&a), http_free(&b);
    }
    http_response d = http_post(nimberd.port, "/v1/play", game);
    ck_assert_ptr_nonnull(strstr(d.body, "\"strength\":\"perfect\",\"move\":{\"heap\":0,\"take\":3}"));
    http_free(&d);
    const char *bad[] = {"/v1/play?strength=weak", "/v1/play?seed=-1", "/v1/play?seed=x",
                         "/v1/analyze?strength=random"};
    for (size_t i = 0; i < 4; i++) {
        http_response r = http_post(nimberd.port, bad[i], game);
        ck_assert_msg(r.status == 400, "%s: %d", bad[i], r.status);
        ck_assert_ptr_nonnull(strstr(r.body, "invalid-query"));
        http_free(&r);
    }
}
END_TEST

/* What libmicrohttpd refuses before nimberd sees the request is a problem too, not the
 * library's HTML page: a request line or a head past a connection's memory (64 KiB), an
 * HTTP version it does not speak, broken chunks, a chunk size of more than 64 bits. And
 * the server serves the next connection. */
START_TEST(library_refusals_are_problems)
{
    static const char chunked[] = "POST /v1/analyze HTTP/1.1\r\nHost: x\r\nContent-Type: "
                                  "application/json\r\nTransfer-Encoding: chunked\r\n\r\n";
    char *long_line = malloc(100000), *long_head = malloc(100000);
    int n = snprintf(long_line, 100000, "GET /%080000d HTTP/1.1\r\nHost: x\r\n\r\n", 0);
    int m = snprintf(long_head, 100000, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: %080000d"
                     "\r\n\r\n", 0);
    char broken[256], wide[256];
    snprintf(broken, sizeof broken, "%szz\r\n{}\r\n0\r\n\r\n", chunked);
    snprintf(wide, sizeof wide, "%s1ffffffffffffffff\r\n{}\r\n", chunked);
    const struct {
        const char *text;
        size_t len;
        int status;
        const char *type;
    } cases[] = {
        {"GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", 0, 505,
         "/problems/http-version-not-supported"},
        {long_line, (size_t)n, 414, "/problems/uri-too-long"},
        {long_head, (size_t)m, 431, "/problems/headers-too-large"},
        {broken, 0, 400, "/problems/malformed-request"},
        {wide, 0, 413, "/problems/limit-exceeded"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t len = cases[i].len ? cases[i].len : strlen(cases[i].text);
        http_response r = http_send_raw(nimberd.port, cases[i].text, len);
        ck_assert_msg(r.status == cases[i].status, "case %zu: status %d", i, r.status);
        ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
        ck_assert_msg(r.json, "case %zu: the body is not JSON: %.80s", i, r.body);
        ck_assert_str_eq(json_string_value(json_object_get(r.json, "type")), cases[i].type);
        ck_assert_int_eq(json_integer_value(json_object_get(r.json, "status")), cases[i].status);
        ck_assert_ptr_nonnull(json_string_value(json_object_get(r.json, "detail")));
        http_free(&r);
    }
    free(long_line);
    free(long_head);
    http_response r = http_do(nimberd.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
}
END_TEST

/* One client address holds at most --max-connections-per-ip connections. */
START_TEST(connections_per_address_capped)
{
    const char *args[] = {"--max-connections-per-ip", "2", NULL};
    daemon_proc d = daemon_start(args);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)d.port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int fd[3];
    for (int i = 0; i < 3; i++) {
        fd[i] = socket(AF_INET, SOCK_STREAM, 0);
        ck_assert_int_eq(connect(fd[i], (struct sockaddr *)&a, sizeof a), 0);
        usleep(50000); /* accepted in turn */
    }
    /* the third is closed at once, unanswered; the first two are served */
    const char req[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    char buf[256];
    for (int i = 0; i < 3; i++) {
        ck_assert(write(fd[i], req, sizeof req - 1) >= 0 || i == 2);
        ssize_t got = read(fd[i], buf, sizeof buf - 1);
        if (i < 2)
            ck_assert_msg(got > 12 && !strncmp(buf, "HTTP/1.1 200", 12), "connection %d", i);
        else
            ck_assert_msg(got <= 0, "the third connection was answered");
        close(fd[i]);
    }
    /* once those closed, the address may connect again */
    http_response r = http_do(d.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

/* Problems quote what the client sent (a path, an unknown key, where a huge integer lies):
 * whatever its bytes or length, the answer is a problem in valid JSON, with the exact
 * pointer, and the daemon lives on. */
START_TEST(problems_quote_client_text_safely)
{
    const char *paths[] = {"/%ff", "/v1/%C3", "/v1/x%e6%8c", "/\xff\xfe", "/v1/%E6%8C%A9"};
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) {
        http_response r = http_do(nimberd.port, "GET", paths[i], NULL, NULL, 0);
        ck_assert_msg(r.status == 404, "%s: status %d", paths[i], r.status);
        ck_assert_msg(r.json != NULL, "%s: the problem is not valid JSON", paths[i]);
        ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r.json, "detail")),
                                     "no resource"));
        http_free(&r);
    }

    /* an unknown key of 1,000 bytes holding '/', '~' and a 3-byte character */
    char key[1001], pointer[2100], body[4096], batch[4200];
    memset(key, 'k', 1000);
    memcpy(key, "a/b~", 4);
    memcpy(key + 58, "\xe6\x8c\xa9", 3); /* the detail's quote of the key would end inside it */
    key[1000] = '\0';
    snprintf(pointer, sizeof pointer, "/a~1b~0%s", key + 4);
    snprintf(body, sizeof body, "{\"type\":\"subtraction\",\"set\":[1],\"%s\":1,\"up_to\":9}", key);
    expect_problem("/v1/analyze", body, 400, pointer, "k...\"");
    expect_problem("/v1/table", body, 400, pointer, "unknown field");
    snprintf(batch, sizeof batch, "{\"positions\":[%s]}", body);
    http_response r = expect("/v1/analyze/batch", batch, 200);
    json_t *problem = json_array_get(json_object_get(r.json, "results"), 0);
    char in_batch[2200];
    snprintf(in_batch, sizeof in_batch, "/positions/0%s", pointer);
    ck_assert_str_eq(json_string_value(json_object_get(problem, "pointer")), in_batch);
    http_free(&r);

    /* an integer past 64 bits 300 arrays deep under that key: its pointer in full */
    size_t n = (size_t)snprintf(body, sizeof body, "{\"type\":\"nim\",\"heaps\":[1],\"%s\":", key);
    size_t at = (size_t)snprintf(pointer, sizeof pointer, "/a~1b~0%s", key + 4);
    for (int d = 0; d < 300; d++) {
        body[n++] = '[';
        at += (size_t)snprintf(pointer + at, sizeof pointer - at, "/0");
    }
    n += (size_t)snprintf(body + n, sizeof body - n, "99999999999999999999");
    for (int d = 0; d < 300; d++)
        body[n++] = ']';
    snprintf(body + n, sizeof body - n, "}");
    expect_problem("/v1/analyze", body, 400, pointer, "...");
    expect_problem("/v1/analyze", body, 400, pointer, "must be an integer of at most 2^63-1");
    expect_problem("/v1/analyze", "[1,99999999999999999999]", 400, "/1", "[1] must be an integer");
}
END_TEST

/* After a refused request: the daemon answers a small one, then stops cleanly. */
static void still_answers_then_stops(daemon_proc *d)
{
    http_response r = http_post(d->port, "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1]}");
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    ck_assert_int_eq(daemon_stop(d, SIGTERM), 0);
}

START_TEST(limits_from_flags)
{
    const char *args[] = {"--max-parts", "4", "--max-body-mb", "1", "--max-states", "500",
                          "--max-nodes", "10", "--max-edges", "5", "--max-batch", "2",
                          "--max-components", "2", "--max-work", "30", NULL};
    daemon_proc d = daemon_start(args);
    nimberd = d;
    expect_problem("/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1,2,3,4,5]}", 422, "/heaps", "max_parts=4");
    expect_problem("/v1/analyze", "{\"type\":\"coins\",\"coins\":\"HHHHH\"}", 422, "/coins", "max_parts");
    /* a misère sum of two staircases is searched (each alone has a rule) */
    expect_problem("/v1/analyze", "{\"type\":\"sum\",\"convention\":\"misere\",\"components\":["
                   "{\"type\":\"staircase\",\"stairs\":[4,4,4,4]},"
                   "{\"type\":\"staircase\",\"stairs\":[4,4,4,4]}]}", 422, "/components",
                   "max_states");
    /* a misère table past max_states heaps proves no period: the search is refused too */
    expect_problem("/v1/analyze", "{\"type\":\"subtraction\",\"convention\":\"misere\","
                   "\"heaps\":[2000,2000],\"set\":[7,600]}", 422, "/heaps", "max_states=500");
    expect_problem("/v1/analyze", "{\"type\":\"dag\",\"nodes\":11,\"edges\":[],\"tokens\":[]}", 422, "/nodes", "max_nodes");
    expect_problem("/v1/analyze", "{\"type\":\"dag\",\"nodes\":3,\"edges\":[[0,1],[0,1],[0,1],[0,1],"
                   "[0,1],[0,1]],\"tokens\":[]}", 422, "/edges", "max_edges");
    expect_problem("/v1/analyze/batch", "{\"positions\":[{},{},{}]}", 422, "/positions", "max_batch");
    /* values 0, 1, 2 and a loop: four rounds of the labelling, over max_work */
    expect_problem("/v1/analyze", "{\"type\":\"dag\",\"nodes\":4,\"edges\":[[1,0],[2,0],[2,1],"
                   "[3,3]],\"tokens\":[0]}", 422, "/edges", "max_work=30");
    expect_problem("/v1/analyze", "{\"type\":\"sum\",\"components\":[{\"type\":\"nim\",\"heaps\":[1]},"
                   "{\"type\":\"nim\",\"heaps\":[1]},{\"type\":\"nim\",\"heaps\":[1]}]}", 422,
                   "/components", "max_components");
    size_t big = (1 << 20) + 10;
    char *body = malloc(big + 1);
    memset(body, ' ', big);
    body[big] = '\0';
    http_response r = http_post(d.port, "/v1/analyze", body);
    ck_assert_int_eq(r.status, 413);
    ck_assert_ptr_nonnull(strstr(r.body, "max_body_mb"));
    http_free(&r);
    free(body);
    still_answers_then_stops(&d);
}
END_TEST

/* A 503 problem with Retry-After saying the body could not be held. */
static void expect_no_memory(http_response *r)
{
    ck_assert_int_eq(r->status, 503);
    ck_assert_str_eq(http_header(r, "Content-Type"), "application/problem+json");
    ck_assert_str_eq(http_header(r, "Retry-After"), "1");
    const char *detail = json_string_value(json_object_get(r->json, "detail"));
    ck_assert_ptr_nonnull(detail); /* no memory, or no address space left for the body */
    ck_assert_msg(strstr(detail, "no memory") || strstr(detail, "address space"), "%s", detail);
    http_free(r);
}

START_TEST(body_without_memory_gets_503)
{
    /* nimberd short of memory (256 MiB); bodies up to 1 GiB are allowed */
    const char *args[] = {"--max-body-mb", "1024", NULL};
    daemon_proc d = daemon_start_capped(args, 256);
    nimberd = d;
    /* announced by Content-Length: refused before a byte of it is read */
    http_response r = http_do(d.port, "POST", "/v1/analyze", "Content-Type: application/json\r\n"
                              "Content-Length: 536870912\r\n", NULL, 0);
    expect_no_memory(&r);
    /* chunked: the body outgrows the memory as it arrives (320 chunks of 1 MiB) */
    size_t mib = 1 << 20;
    char *chunk = malloc(mib);
    memset(chunk, ' ', mib);
    r = http_post_chunked(d.port, "/v1/analyze", chunk, mib, 320);
    expect_no_memory(&r);
    /* and a small chunked body still gets its answer */
    const char *small = "{\"type\":\"nim\",\"heaps\":[1,2]}";
    r = http_post_chunked(d.port, "/v1/analyze", small, strlen(small), 1);
    ck_assert_int_eq(r.status, 200);
    ck_assert_str_eq(verdict_of(r.json), "win");
    http_free(&r);
    free(chunk);
    still_answers_then_stops(&d);
}
END_TEST

static double seconds_since(const struct timespec *t0)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t0->tv_sec) + (double)(now.tv_nsec - t0->tv_nsec) / 1e9;
}

/* A body past --max-body-mb that the client writes whole before it reads gets its 413
 * (nimberd reads and drops the rest, for 10 s at most, as nginx's lingering close does):
 * announced by its length, or chunked (400 MiB, read to its end). */
START_TEST(body_past_limit_is_read_then_refused)
{
    const char *args[] = {"--max-body-mb", "1", NULL};
    daemon_proc d = daemon_start(args);
    nimberd = d;
    size_t n = (size_t)5 << 20;
    char *body = malloc(n);
    memset(body, ' ', n);
    http_response r = http_do(d.port, "POST", "/v1/analyze", "Content-Type: application/json\r\n",
                              body, n);
    ck_assert_msg(r.status == 413, "a 5 MiB body written whole: %d", r.status);
    ck_assert_ptr_nonnull(strstr(r.body, "max_body_mb=1"));
    http_free(&r);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    r = http_post_chunked(d.port, "/v1/analyze", body, (size_t)1 << 20, 400); /* 400 MiB */
    ck_assert_msg(r.status == 413, "a 400 MiB chunked body: %d after %.1f s", r.status,
                  seconds_since(&t0));
    http_free(&r);
    r = http_do(d.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    free(body);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

START_TEST(answer_size_is_bounded)
{
    const char *args[] = {"--max-response-bytes", "1048576", NULL};
    daemon_proc d = daemon_start(args);
    nimberd = d;
    /* 60000 heaps of 7 digits (about 480 KB a position), many of them holding the XOR's top
     * bit: the winning moves' positions pass 1 MB unless max_moves asks for one (and the
     * components, about 12 bytes each, are left out) */
    size_t n = 60000, len = 0;
    char *body = malloc(n * 9 + 64);
    len += (size_t)sprintf(body, "{\"type\":\"nim\",\"heaps\":[");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(body + len, "%s%u", i ? "," : "", 1048576u + (unsigned)i * 7 % 1000000);
    sprintf(body + len, "]}");
    expect_problem("/v1/analyze", body, 422, NULL, "max_response_bytes=1048576");
    expect_problem("/v1/analyze?max_moves=1", body, 422, NULL, "60000 components");
    /* the moves without their positions fit; with what they change (the heaps) they do
     * not, and the problem says how to ask */
    http_response r = expect("/v1/analyze?components=0&positions=none", body, 200);
    json_t *moves = json_object_get(r.json, "winning_moves");
    ck_assert_int_eq(json_array_size(moves), 16);
    ck_assert_ptr_null(json_object_get(json_array_get(moves, 15), "position"));
    http_free(&r);
    expect_problem("/v1/analyze?components=0&positions=changed", body, 422, NULL,
                   "positions=none");
    expect_problem("/v1/moves?positions=changed", body, 422, NULL, "positions=none");
    expect_problem("/v1/play?positions=sideways", "{\"type\":\"nim\",\"heaps\":[1]}", 400,
                   NULL, "full, changed or none");
    r = expect("/v1/play?positions=changed", body, 200);
    ck_assert_int_eq(json_array_size(json_object_get(json_object_get(r.json, "changed"),
                                                     "heaps")), 60000);
    ck_assert_ptr_null(json_object_get(r.json, "position")); /* a whole game or nothing */
    http_free(&r);
    r = expect("/v1/play?positions=none", body, 200);
    ck_assert_ptr_null(json_object_get(r.json, "position"));
    ck_assert_ptr_nonnull(json_object_get(json_object_get(r.json, "move"), "take"));
    http_free(&r);
    r = expect("/v1/analyze?max_moves=1&components=0", body, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "winning_moves")), 1);
    ck_assert_uint_le(r.body_len, 1048576);
    http_free(&r);
    free(body);
    /* 300000 heaps: their components alone pass 1 MB; components=0 leaves them out, and
     * components=5 lists five and says the list was cut */
    n = 300000, len = 0;
    body = malloc(n * 2 + 64);
    len += (size_t)sprintf(body, "{\"type\":\"nim\",\"heaps\":[");
    for (size_t i = 0; i < n; i++)
        len += (size_t)sprintf(body + len, "%s%u", i ? "," : "", (unsigned)(i % 7));
    sprintf(body + len, "]}");
    expect_problem("/v1/analyze?max_moves=0", body, 422, NULL, "max_response_bytes");
    r = expect("/v1/analyze?max_moves=0&components=0", body, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "components")), 0);
    ck_assert(json_is_false(json_object_get(r.json, "components_complete")));
    http_free(&r);
    r = expect("/v1/analyze?max_moves=0&components=5", body, 200);
    ck_assert_int_eq(json_array_size(json_object_get(r.json, "components")), 5);
    ck_assert_int_eq(json_integer_value(json_object_get(
                         json_array_get(json_object_get(r.json, "components"), 4), "sg")), 4);
    ck_assert(json_is_false(json_object_get(r.json, "components_complete")));
    http_free(&r);
    free(body);
    /* a table page past the limit */
    expect_problem("/v1/table", "{\"type\":\"nim\",\"up_to\":999999}", 422, "/up_to",
                   "max_response_bytes");
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

START_TEST(catalog_examples_work)
{
    http_response r = http_do(nimberd.port, "GET", "/v1/games", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    json_t *types = json_object_get(r.json, "types");
    size_t registered = 0;
    while (api_registry[registered])
        registered++;
    ck_assert_int_eq(json_array_size(types), registered);
    size_t i;
    json_t *t;
    json_array_foreach(types, i, t) {
        ck_assert(json_is_object(json_object_get(t, "fields")));
        ck_assert(json_is_object(json_object_get(t, "limits")));
        char *example = json_dumps(json_object_get(t, "example"), JSON_COMPACT);
        http_response a = expect("/v1/analyze", example, 200);
        ck_assert_str_eq(json_string_value(json_object_get(a.json, "type")),
                         json_string_value(json_object_get(t, "type")));
        http_free(&a);
        free(example);
    }
    http_free(&r);
}
END_TEST

START_TEST(ops_endpoints_cors_and_ids)
{
    const char *gets[] = {"/healthz", "/readyz"};
    for (int i = 0; i < 2; i++) {
        http_response r = http_do(nimberd.port, "GET", gets[i], NULL, NULL, 0);
        ck_assert_int_eq(r.status, 200);
        ck_assert_str_eq(json_string_value(json_object_get(r.json, "status")), "ok");
        http_free(&r);
    }
    http_response r = http_do(nimberd.port, "GET", "/openapi.yaml", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.body, "openapi: 3.1"));
    http_free(&r);
    for (int i = 0; i < 3; i++) {
        r = expect("/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1]}", 200);
        http_free(&r);
    }
    r = expect("/v1/analyze", "{\"type\":\"subtraction\",\"heaps\":[5],\"set\":[2,5]}", 200);
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/metrics", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    ck_assert(header_has(&r, "Content-Type", "text/plain"));
    unsigned long n = 0;
    char *line = strstr(r.body, "nimber_http_requests_total{route=\"/v1/analyze\",status=\"200\"}");
    ck_assert_ptr_nonnull(line);
    sscanf(strchr(line, '}') + 1, "%lu", &n);
    ck_assert_uint_ge(n, 4);
    ck_assert_ptr_nonnull(strstr(r.body, "nimber_http_request_duration_seconds_bucket{route=\"/v1/analyze\",status=\"200\",le=\"+Inf\"}"));
    line = strstr(r.body, "\nnimber_cache_misses_total ");
    ck_assert(line && sscanf(line + 27, "%lu", &n) == 1 && n >= 1);
    ck_assert_ptr_nonnull(strstr(r.body, "nimber_cache_bytes "));
    ck_assert_ptr_nonnull(strstr(r.body, "nimber_cache_evictions_total 0"));
    ck_assert_ptr_nonnull(strstr(r.body, "nimber_worker_queue_depth 0"));
    ck_assert_ptr_nonnull(strstr(r.body, "\nnimber_build_info{version=\"1.0.0\",commit=\""));
    /* the process metrics, as the Prometheus client libraries name them: the daemon's own
     * file descriptors, its memory, and a start at most an hour ago */
    char fd_dir[64];
    snprintf(fd_dir, sizeof fd_dir, "/proc/%d/fd", (int)nimberd.pid);
    DIR *fd_list = opendir(fd_dir);
    unsigned long open_fds = 0;
    for (struct dirent *e; fd_list && (e = readdir(fd_list));)
        open_fds += e->d_name[0] != '.';
    if (fd_list)
        closedir(fd_list);
    unsigned long reported = metric(r.body, "\nprocess_open_fds");
    ck_assert_msg(reported + 3 >= open_fds && reported <= open_fds + 3, "process_open_fds %lu, "
                  "%lu in %s", reported, open_fds, fd_dir);
    ck_assert_uint_ge(metric(r.body, "\nprocess_max_fds"), reported);
    ck_assert_uint_gt(metric(r.body, "\nprocess_resident_memory_bytes"), 1u << 20);
    ck_assert_uint_ge(metric(r.body, "\nprocess_virtual_memory_bytes"),
                      metric(r.body, "\nprocess_resident_memory_bytes"));
    unsigned long started = metric(r.body, "\nprocess_start_time_seconds");
    ck_assert(started <= (unsigned long)time(NULL) && started + 3600 > (unsigned long)time(NULL));
    ck_assert_ptr_nonnull(strstr(r.body, "# TYPE process_cpu_seconds_total counter\n"));
    unsigned long coins = metric(r.body, "nimber_game_requests_total{type=\"coins\"}"),
                  other = metric(r.body, "nimber_game_requests_total{type=\"other\"}");
    ck_assert_uint_ge(metric(r.body, "nimber_game_requests_total{type=\"nim\"}"), 3);
    /* and how long they took, by type: every nim request answered is in the histogram */
    ck_assert_uint_ge(metric(r.body, "nimber_game_request_duration_seconds_count{type=\"nim\"}"), 3);
    ck_assert_uint_ge(metric(r.body, "nimber_game_request_duration_seconds_count{type=\"nim\"}"),
                      metric(r.body, "nimber_game_request_duration_seconds_bucket{type=\"nim\","
                                     "le=\"0.0005\"}"));
    http_free(&r);
    /* a batch counts each position's type; an unknown one as other */
    r = expect("/v1/analyze/batch", "{\"positions\":[{\"type\":\"coins\",\"coins\":\"H\"},"
               "{\"type\":\"no such game\"}]}", 200);
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/metrics", NULL, NULL, 0);
    ck_assert_uint_eq(metric(r.body, "nimber_game_requests_total{type=\"coins\"}"), coins + 1);
    ck_assert_uint_eq(metric(r.body, "nimber_game_requests_total{type=\"other\"}"), other + 1);
    http_free(&r);
    /* CORS preflight, and the origin on every answer */
    r = http_do(nimberd.port, "OPTIONS", "/v1/analyze", "Origin: http://game.example\r\n"
                "Access-Control-Request-Method: POST\r\n", NULL, 0);
    ck_assert_int_eq(r.status, 204);
    ck_assert_str_eq(http_header(&r, "Access-Control-Allow-Origin"), "*");
    ck_assert(header_has(&r, "Access-Control-Allow-Methods", "POST"));
    ck_assert(header_has(&r, "Access-Control-Allow-Headers", "Content-Type"));
    http_free(&r);
    /* request ids: echoed when given, made up otherwise and different each time */
    r = http_do(nimberd.port, "GET", "/healthz", "X-Request-ID: abc-123\r\n", NULL, 0);
    ck_assert_str_eq(http_header(&r, "X-Request-ID"), "abc-123");
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/healthz", NULL, NULL, 0);
    char first[80];
    snprintf(first, sizeof first, "%s", http_header(&r, "X-Request-ID"));
    http_free(&r);
    r = http_do(nimberd.port, "GET", "/nowhere", NULL, NULL, 0);
    ck_assert_str_ne(http_header(&r, "X-Request-ID"), first);
    http_free(&r);
}
END_TEST

/* The worker and I/O threads follow the cgroup's CPU quota (v2 cpu.max, v1 cfs files),
 * not the host's cores; no quota (max, -1) leaves the cores. */
START_TEST(threads_follow_cpu_quota)
{
    char root[] = "/tmp/nimber-cgroup-XXXXXX", path[128];
    ck_assert_ptr_nonnull(mkdtemp(root));
    const struct { const char *file, *text; const char *want; } cases[] = {
        {"cpu.max", "50000 100000\n", "nimber_workers 1\n"},
        {"cpu.max", "max 100000\n", NULL},
    };
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    char cores[64];
    snprintf(cores, sizeof cores, "nimber_workers %ld\n", online);
    setenv("NIMBER_CGROUP_ROOT", root, 1);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(path, sizeof path, "%s/%s", root, cases[i].file);
        FILE *f = fopen(path, "w");
        fputs(cases[i].text, f);
        fclose(f);
        daemon_proc d = daemon_start(NULL);
        http_response r = http_do(d.port, "GET", "/metrics", NULL, NULL, 0);
        const char *want = cases[i].want ? cases[i].want : cores;
        ck_assert_msg(strstr(r.body, want), "%s %s: no \"%s\"", cases[i].file, cases[i].text, want);
        http_free(&r);
        ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
        unlink(path);
    }
    unsetenv("NIMBER_CGROUP_ROOT");
    rmdir(root);
}
END_TEST

START_TEST(cors_origin_flag)
{
    const char *args[] = {"--cors-origin", "https://play.example", NULL};
    daemon_proc d = daemon_start(args);
    http_response r = http_do(d.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_str_eq(http_header(&r, "Access-Control-Allow-Origin"), "https://play.example");
    http_free(&r);
    ck_assert_int_eq(daemon_stop(&d, SIGINT), 0);
}
END_TEST

/* --rate-limit 5: a burst of 10 served, the 11th a 429 problem with Retry-After and the
 * draft's RateLimit-Policy and RateLimit fields; health, readiness and metrics are never
 * limited; another client (its forwarded address, under --trust-proxy) is served
 * meanwhile; and the first client again once the seconds Retry-After gave have passed. */
START_TEST(rate_limit_flag)
{
    const char *args[] = {"--rate-limit", "5", "--trust-proxy", "1", NULL};
    daemon_proc d = daemon_start(args);
    static const char nim[] = "{\"type\":\"nim\",\"heaps\":[1,2]}";
    static const char *const first = "Content-Type: application/json\r\nX-Forwarded-For: 10.0.0.1\r\n";
    static const char *const second = "Content-Type: application/json\r\nX-Forwarded-For: 10.0.0.2\r\n";
    int served = 0;
    http_response r = {0};
    for (int i = 0; i < 11; i++) {
        http_free(&r);
        r = http_do(d.port, "POST", "/v1/analyze", first, nim, strlen(nim));
        served += r.status == 200;
    }
    ck_assert_int_eq(served, 10); /* the burst: twice the rate */
    http_response games = http_do(d.port, "GET", "/v1/games", second + 32, NULL, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(games.json, "query"),
                                                        "rate_limit")), 5); /* said */
    http_free(&games);
    ck_assert_int_eq(r.status, 429);
    ck_assert_str_eq(json_string_value(json_object_get(r.json, "type")), "/problems/rate-limited");
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r.json, "detail")),
                                 "rate_limit=5"));
    int wait = atoi(http_header(&r, "Retry-After"));
    ck_assert_int_ge(wait, 1);
    ck_assert_str_eq(http_header(&r, "RateLimit-Policy"), "\"default\";q=10;w=2");
    char state[48];
    snprintf(state, sizeof state, "\"default\";r=0;t=%d", wait);
    ck_assert_str_eq(http_header(&r, "RateLimit"), state);
    http_free(&r);
    for (int i = 0; i < 20; i++) { /* exempt routes, even now */
        static const char *const exempt[] = {"/healthz", "/readyz", "/metrics"};
        r = http_do(d.port, "GET", exempt[i % 3], first + 32, NULL, 0);
        ck_assert_int_eq(r.status, 200);
        http_free(&r);
    }
    r = http_do(d.port, "POST", "/v1/analyze", second, nim, strlen(nim));
    ck_assert_int_eq(r.status, 200); /* another client */
    http_free(&r);
    sleep((unsigned)wait);
    r = http_do(d.port, "POST", "/v1/analyze", first, nim, strlen(nim));
    ck_assert_int_eq(r.status, 200); /* served again once it slowed down */
    http_free(&r);
    ck_assert_int_eq(daemon_stop(&d, SIGINT), 0);
}
END_TEST

/* Threads that each add to one tally, more of them than it has stripes of their own
 * (so that some share the last): once they are done, the sum is every change. */
static srv_tally tally;

static void *add_to_tally(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100000; i++) {
        srv_tally_add(&tally, 3);
        srv_tally_add(&tally, -1);
    }
    return NULL;
}

START_TEST(tally_sums_every_thread)
{
    pthread_t t[2 * SRV_STRIPES];
    for (size_t i = 0; i < 2 * SRV_STRIPES; i++)
        ck_assert_int_eq(pthread_create(&t[i], NULL, add_to_tally, NULL), 0);
    for (size_t i = 0; i < 2 * SRV_STRIPES; i++)
        pthread_join(t[i], NULL);
    ck_assert_uint_eq(srv_tally_sum(&tally), 2ULL * SRV_STRIPES * 100000 * 2);
    srv_tally_add(&tally, -(long long)srv_tally_sum(&tally));
    ck_assert_uint_eq(srv_tally_sum(&tally), 0);
}
END_TEST

/* The limiter itself: 2N tokens, N a second, the wait rounded up to whole seconds; a table
 * full of other clients forgets the least recently seen, who comes back to a full bucket. */
START_TEST(limiter_buckets)
{
    srv_limiter *l = srv_limiter_new(3);
    int64_t t = 1000000000;
    for (int i = 0; i < 6; i++)
        ck_assert_uint_eq(srv_limiter_take(l, 42, t), 0);
    ck_assert_uint_eq(srv_limiter_take(l, 42, t), 1); /* a token comes in 1/3 s: 1 s */
    ck_assert_uint_eq(srv_limiter_take(l, 42, t + 340000000), 0);
    ck_assert_uint_eq(srv_limiter_take(l, 42, t + 340000000), 1);
    ck_assert_uint_eq(srv_limiter_take(l, 43, t), 0); /* another client */
    for (uint64_t k = 1000; k < 1000 + 200000; k++) /* many others, later */
        srv_limiter_take(l, k * 2654435761u, t + 500000000);
    ck_assert_uint_eq(srv_limiter_take(l, 42, t + 600000000), 0); /* forgotten: full again */
    srv_limiter_free(l);
    ck_assert_ptr_null(srv_limiter_new(0)); /* 0: off */
}
END_TEST

/* The fair share of the workers: two workers, owner A's jobs fill them and two more of A's
 * wait, then one of B's; when one of A's ends, B's starts before A's waiting ones; an
 * owner alone still gets every worker. */
typedef struct gate_job {
    pthread_mutex_t *lock;
    pthread_cond_t *cond;
    int *started, *order, *open, id;
} gate_job;

static void gate_run(void *arg)
{
    gate_job *j = arg;
    pthread_mutex_lock(j->lock);
    j->order[(*j->started)++] = j->id;
    pthread_cond_broadcast(j->cond);
    while (!j->open[j->id])
        pthread_cond_wait(j->cond, j->lock);
    pthread_mutex_unlock(j->lock);
}

static void await_started(gate_job *j, int n)
{
    pthread_mutex_lock(j->lock);
    while (*j->started < n)
        pthread_cond_wait(j->cond, j->lock);
    pthread_mutex_unlock(j->lock);
}

static void open_gate(gate_job *j, int id)
{
    pthread_mutex_lock(j->lock);
    j->open[id] = 1;
    pthread_cond_broadcast(j->cond);
    pthread_mutex_unlock(j->lock);
}

START_TEST(workers_shared_fairly)
{
    pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t cond = PTHREAD_COND_INITIALIZER;
    int started = 0, order[8] = {0}, open[8] = {0};
    gate_job jobs[8];
    for (int i = 0; i < 8; i++)
        jobs[i] = (gate_job){&lock, &cond, &started, order, open, i};
    srv_pool *pool = srv_pool_new(2, 16);
    const uint64_t A = 11, B = 22;
    ck_assert(srv_pool_submit(pool, gate_run, &jobs[0], A)); /* alone: both workers */
    ck_assert(srv_pool_submit(pool, gate_run, &jobs[1], A));
    await_started(&jobs[0], 2);
    ck_assert(srv_pool_submit(pool, gate_run, &jobs[2], A));
    ck_assert(srv_pool_submit(pool, gate_run, &jobs[3], A));
    ck_assert(srv_pool_submit(pool, gate_run, &jobs[4], B));
    open_gate(&jobs[0], 0); /* one of A's ends: B's goes first, A holding one worker */
    await_started(&jobs[0], 3);
    ck_assert_int_eq(order[2], 4);
    open_gate(&jobs[0], 1); /* the other ends: A's next, in order */
    await_started(&jobs[0], 4);
    ck_assert_int_eq(order[3], 2);
    for (int i = 2; i < 8; i++)
        open_gate(&jobs[0], i);
    srv_pool_free(pool);
    ck_assert_int_eq(started, 5);
    ck_assert_int_eq(order[4], 3);
}
END_TEST

/* A request that takes a while: a misère search of some 20 million moves (a row of 17
 * heads under turning turtles has no misère rule), about a second here. */
static const char *SLOW = "{\"type\":\"coins\",\"convention\":\"misere\",\"coins\":\"HHHHHHHHHHHHHHHHH\"}";
/* One that takes far longer than any budget a test sets: 20 heads, some 12 s here and
 * never under 2 s on a machine several times as fast; the tests stop it. */
static const char *LONG = "{\"type\":\"coins\",\"convention\":\"misere\",\"coins\":\"HHHHHHHHHHHHHHHHHHHH\"}";

typedef struct call {
    unsigned port;
    const char *path, *body;
    http_response r;
} call;

static void *call_thread(void *arg)
{
    call *c = arg;
    c->r = http_post(c->port, c->path, c->body);
    return NULL;
}

static bool metric_at_least(unsigned port, const char *name, unsigned long want)
{
    http_response r = http_do(port, "GET", "/metrics", NULL, NULL, 0);
    char *line = r.body ? strstr(r.body, name) : NULL;
    while (line && line[-1] != '\n') /* skip the HELP and TYPE lines */
        line = strstr(line + 1, name);
    unsigned long v = 0;
    if (line)
        sscanf(line + strlen(name), " %lu", &v);
    http_free(&r);
    return v >= want;
}

/* Waits until the gauge `name` reaches `want`; fails after 60 s rather than hang. */
/* Posts `body` to /v1/analyze every 10 ms, up to 5 s, until the answer has `status`;
 * returns the last answer (the caller frees it). */
static http_response post_until(unsigned port, const char *body, int status)
{
    http_response r = {0};
    for (int tries = 0; tries < 500 && r.status != status; tries++) {
        http_free(&r);
        usleep(10000);
        r = http_post(port, "/v1/analyze", body);
    }
    return r;
}

static void await_metric(unsigned port, const char *name, unsigned long want)
{
    for (int i = 0; !metric_at_least(port, name, want); i++) {
        ck_assert_msg(i < 30000, "%s stayed under %lu for 60 s", name, want);
        usleep(2000);
    }
}

START_TEST(workers_keep_small_requests_flowing)
{
    const char *args[] = {"--workers", "1", "--queue", "1", "--max-states", "20000000",
                          "--max-request-seconds", "0", NULL}; /* slow under a sanitizer */
    daemon_proc d = daemon_start(args);
    call slow[3] = {{d.port, "/v1/analyze", SLOW, {0}}, {d.port, "/v1/analyze", SLOW, {0}},
                    {d.port, "/v1/analyze", SLOW, {0}}};
    pthread_t th[3];
    pthread_create(&th[0], NULL, call_thread, &slow[0]);
    await_metric(d.port, "nimber_workers_busy", 1);
    pthread_create(&th[1], NULL, call_thread, &slow[1]);
    await_metric(d.port, "nimber_worker_queue_depth", 1);
    /* the worker is busy and the queue full: the next long solve is turned away */
    slow[2].r = http_post(d.port, "/v1/analyze", SLOW);
    ck_assert_int_eq(slow[2].r.status, 503);
    ck_assert_str_eq(http_header(&slow[2].r, "Retry-After"), "1");
    /* small requests are answered while the long ones are still running */
    for (int i = 0; i < 50; i++) {
        http_response r = http_post(d.port, "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1,2,3]}");
        ck_assert_int_eq(r.status, 200);
        http_free(&r);
    }
    ck_assert(metric_at_least(d.port, "nimber_workers_busy", 1));
    pthread_join(th[0], NULL);
    pthread_join(th[1], NULL);
    ck_assert_int_eq(slow[0].r.status, 200);
    ck_assert_int_eq(slow[1].r.status, 200);
    ck_assert(json_equal(slow[0].r.json, slow[1].r.json));
    for (int i = 0; i < 3; i++)
        http_free(&slow[i].r);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

START_TEST(graceful_shutdown)
{
    /* the request in flight may take as long as it needs, on a loaded machine too; the
     * drain lasts long enough for the two requests made during it, however slow the
     * machine (the test waits for states, not for times) */
    const char *args[] = {"--drain-seconds", "5", "--max-states", "20000000",
                          "--max-request-seconds", "0", "--shutdown-timeout", "3600", NULL};
    daemon_proc d = daemon_start(args);
    call c = {d.port, "/v1/analyze", SLOW, {0}};
    pthread_t th;
    pthread_create(&th, NULL, call_thread, &c);
    await_metric(d.port, "nimber_workers_busy", 1);
    kill(d.pid, SIGTERM);
    http_response r = http_do(d.port, "GET", "/readyz", NULL, NULL, 0);
    for (int i = 0; i < 500 && r.status == 200; i++) { /* until the signal is taken */
        http_free(&r);
        usleep(10000);
        r = http_do(d.port, "GET", "/readyz", NULL, NULL, 0);
    }
    ck_assert_int_eq(r.status, 503); /* draining: still listening, no longer ready */
    ck_assert_str_eq(http_header(&r, "Content-Type"), "application/problem+json");
    http_free(&r);
    /* a keep-alive request during the drain is answered, and its connection closed: the
     * client's next request goes to another replica */
    static const char keep_alive[] = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n";
    r = http_send_raw(d.port, keep_alive, sizeof keep_alive - 1);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(http_header(&r, "Connection"));
    ck_assert_str_eq(http_header(&r, "Connection"), "close");
    http_free(&r);
    pthread_join(th, NULL);
    ck_assert_int_eq(c.r.status, 200); /* the request in flight was answered */
    http_free(&c.r);
    ck_assert_int_eq(daemon_stop(&d, 0), 0); /* signal 0: just wait; it exits by itself */
}
END_TEST


/* POSTs LONG on a connection of its own, without reading the answer: the socket, for the
 * caller to close (a client that goes away) or read. */
static int post_slow_raw(unsigned port)
{
    char text[256];
    int n = snprintf(text, sizeof text, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n%s",
                     strlen(LONG), LONG);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert(write(fd, text, (size_t)n) == n);
    return fd;
}

/* A request computes at most --max-request-seconds; its work stops when its client goes
 * away; past --shutdown-timeout the work in flight stops and the process exits. */
START_TEST(request_budget)
{
    const char *args[] = {"--max-request-seconds", "1", "--max-states", "60000000",
                          "--shutdown-timeout", "1", NULL};
    daemon_proc d = daemon_start(args);
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    nimberd = d;
    expect_problem("/v1/analyze", LONG, 422, "/coins", "max_request_seconds=1");
    ck_assert_msg(seconds_since(&t0) < 5, "the search ran %.1f s", seconds_since(&t0));
    /* a client that leaves mid-search frees its worker at once */
    const char *no_deadline[] = {"--max-states", "60000000", "--shutdown-timeout", "1",
                                 "--max-request-seconds", "0", NULL};
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
    d = daemon_start(no_deadline);
    int fd = post_slow_raw(d.port);
    await_metric(d.port, "nimber_workers_busy", 1);
    close(fd);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    while (metric_at_least(d.port, "nimber_workers_busy", 1) && seconds_since(&t0) < 5)
        usleep(5000);
    ck_assert_msg(seconds_since(&t0) < 1, "the abandoned search ran on %.2f s",
                  seconds_since(&t0));
    /* a search in flight at SIGTERM is stopped by the shutdown timeout */
    call c = {d.port, "/v1/analyze", LONG, {0}};
    pthread_t th;
    pthread_create(&th, NULL, call_thread, &c);
    await_metric(d.port, "nimber_workers_busy", 1);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    kill(d.pid, SIGTERM);
    ck_assert_int_eq(daemon_stop(&d, 0), 0);
    ck_assert_msg(seconds_since(&t0) < 6, "exited %.1f s after SIGTERM", seconds_since(&t0));
    pthread_join(th, NULL);
    ck_assert_int_eq(c.r.status, 503); /* answered, not dropped: retry elsewhere */
    ck_assert_ptr_nonnull(strstr(c.r.body, "shutting down"));
    ck_assert_ptr_nonnull(http_header(&c.r, "Retry-After"));
    http_free(&c.r);
}
END_TEST

/* "{"type":"nim","heaps":[1,1,...]}" with n heaps, malloc'ed. */
static char *ones_body(size_t n)
{
    char *body = malloc(2 * n + 64), *t = body;
    t += sprintf(t, "{\"type\":\"nim\",\"heaps\":[");
    for (size_t i = 0; i < n; i++)
        t += sprintf(t, "%s1", i ? "," : "");
    sprintf(t, "]}");
    return body;
}

/* --max-request-mb bounds what one request holds: its parsed body and its tables (a 422
 * naming it); a large body is parsed on a worker, not on the HTTP thread. */
START_TEST(request_memory_budget)
{
    const char *args[] = {"--max-request-mb", "8", "--workers", "1", "--queue", "1",
                          "--max-request-seconds", "0", NULL};
    daemon_proc d = daemon_start(args);
    nimberd = d;
    http_response r = http_do(d.port, "GET", "/v1/games", NULL, NULL, 0);
    ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(r.json, "query"),
                                                        "max_request_mb")), 8);
    http_free(&r);
    /* 300000 heaps parse into a tree of over 8 MiB: refused while parsing */
    char *big = ones_body(300000);
    expect_problem("/v1/analyze", big, 422, NULL, "max_request_mb=8");
    free(big);
    /* eight tables of about 2 MB each, held at once by one sum */
    char sum[1024], *t = sum;
    t += sprintf(t, "{\"type\":\"sum\",\"components\":[");
    for (int i = 0; i < 8; i++)
        t += sprintf(t, "%s{\"type\":\"subtraction\",\"set\":[%d,%d],\"heaps\":[1900000]}",
                     i ? "," : "", 400009 + 97 * i, 400031 + 89 * i);
    sprintf(t, "]}");
    expect_problem("/v1/analyze", sum, 422, NULL, "max_request_mb=8");
    /* the worker busy (a search whose client leaves later) and a large nim body queued
     * behind it: the next large body is turned away, a small one is answered inline */
    for (int i = 0; metric_at_least(d.port, "nimber_workers_busy", 1); i++) {
        ck_assert_msg(i < 30000, "the worker stayed busy after the sum's answer");
        usleep(2000); /* the sum's worker counts itself free just after its answer */
    }
    int fd = post_slow_raw(d.port);
    await_metric(d.port, "nimber_workers_busy", 1);
    char *large = ones_body(40000); /* 80 KB: parsed on a worker */
    call queued = {d.port, "/v1/analyze", large, {0}};
    pthread_t th;
    pthread_create(&th, NULL, call_thread, &queued);
    await_metric(d.port, "nimber_worker_queue_depth", 1);
    r = http_post(d.port, "/v1/analyze", large);
    ck_assert_int_eq(r.status, 503);
    http_free(&r);
    r = http_post(d.port, "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1,2,3]}");
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    close(fd); /* the search stops; the queued body is parsed and answered */
    pthread_join(th, NULL);
    ck_assert_msg(queued.r.status == 200, "the queued body: %d %s", queued.r.status,
                  queued.r.body);
    http_free(&queued.r);
    free(large);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

/* --metrics-listen serves /metrics on a listener of its own, for scraping, and only there. */
START_TEST(metrics_listener)
{
    int probe = socket(AF_INET, SOCK_STREAM, 0); /* a free port for it */
    struct sockaddr_in a = {.sin_family = AF_INET};
    socklen_t alen = sizeof a;
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    ck_assert_int_eq(bind(probe, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert_int_eq(getsockname(probe, (struct sockaddr *)&a, &alen), 0);
    unsigned port = ntohs(a.sin_port);
    close(probe);
    char listen_at[64];
    snprintf(listen_at, sizeof listen_at, "127.0.0.1:%u", port);
    const char *args[] = {"--metrics-listen", listen_at, NULL};
    daemon_proc d = daemon_start(args);
    static const struct { bool on_metrics; const char *path; int status; } asks[] = {
        {true, "/metrics", 200}, {false, "/metrics", 404}, {true, "/v1/games", 404},
        {true, "/healthz", 404}, {false, "/v1/games", 200},
    };
    for (size_t i = 0; i < sizeof asks / sizeof *asks; i++) {
        http_response r = http_do(asks[i].on_metrics ? port : d.port, "GET", asks[i].path,
                                  NULL, NULL, 0);
        ck_assert_msg(r.status == asks[i].status, "%s on the %s port: %d", asks[i].path,
                      asks[i].on_metrics ? "metrics" : "main", r.status);
        if (r.status == 200 && asks[i].on_metrics)
            ck_assert_ptr_nonnull(strstr(r.body, "nimber_build_info"));
        http_free(&r);
    }
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

/* A --max-memory-mb of `over` MiB above what an idle daemon holds (a sanitizer's build
 * holds more), as text. */
static void memory_limit_over_idle(unsigned long over, char *limit, size_t size)
{
    const char *idle_args[] = {"--cache-mb", "8", NULL};
    daemon_proc d = daemon_start(idle_args);
    char statm[64];
    snprintf(statm, sizeof statm, "/proc/%d/statm", (int)d.pid);
    FILE *f = fopen(statm, "r");
    unsigned long pages = 0, resident = 0;
    ck_assert(f && fscanf(f, "%lu %lu", &pages, &resident) == 2);
    fclose(f);
    snprintf(limit, size, "%lu", (resident * (unsigned long)sysconf(_SC_PAGESIZE) >> 20) + over);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}

/* Past --max-memory-mb, a new computation is refused (503, Retry-After) until the memory
 * held is given back; operations are still answered; and the request holding the most,
 * which took the process past it, is stopped (503 naming the limit). */
START_TEST(memory_limit_refuses_new_work)
{
    char limit[32];
    memory_limit_over_idle(80, limit, sizeof limit);
    const char *args[] = {"--max-memory-mb", limit, "--cache-mb", "8", "--max-states",
                          "60000000", "--max-request-seconds", "0", NULL};
    daemon_proc d = daemon_start(args);
    /* a slow search first, then positions whose parsed tree holds well over 100 MB */
    size_t n = 400000, len = 0;
    char *body = malloc(8 * (2 * n + 64) + 256);
    len += (size_t)sprintf(body, "{\"positions\":[%s", SLOW);
    for (int p = 0; p < 8; p++) {
        len += (size_t)sprintf(body + len, ",{\"type\":\"nim\",\"heaps\":[");
        for (size_t i = 0; i < n; i++)
            body[len++] = '1', body[len++] = ',';
        len += (size_t)sprintf(body + len - 1, "]}") - 1;
    }
    sprintf(body + len, "]}");
    call c = {d.port, "/v1/analyze/batch", body, {0}};
    pthread_t th;
    pthread_create(&th, NULL, call_thread, &c);
    await_metric(d.port, "nimber_workers_busy", 1);
    /* the worker parses the body, then searches: new work is refused once the tree is held */
    nimberd = d;
    http_response r = post_until(d.port, "{\"type\":\"nim\",\"heaps\":[1]}", 503);
    ck_assert_int_eq(r.status, 503);
    ck_assert_ptr_nonnull(http_header(&r, "Retry-After"));
    ck_assert_ptr_nonnull(strstr(r.body, "max_memory_mb="));
    http_free(&r);
    r = http_do(d.port, "GET", "/healthz", NULL, NULL, 0);
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    pthread_join(th, NULL);
    ck_assert_int_eq(c.r.status, 503);
    ck_assert_ptr_nonnull(strstr(c.r.body, "max_memory_mb="));
    ck_assert_ptr_nonnull(http_header(&c.r, "Retry-After"));
    http_free(&c.r);
    free(body);
#ifndef SANITIZER_OPTIONS /* (ASan keeps freed memory in quarantine; TSan's allocator keeps
                             the tree's pages resident, 533 MiB after a batch of 8 x 4*10^5) */
    /* the batch's memory goes back (the worker frees the tree after the answer is
       queued, so a client that retries shortly is served): new work is taken again */
    r = post_until(d.port, "{\"type\":\"nim\",\"heaps\":[1]}", 200);
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
#endif
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

/* A connection that sent the head of a POST with a length and `sent` bytes of its
 * body, left open: the socket. */
static int open_upload(unsigned port, size_t length, size_t sent)
{
    char head[256];
    int n = snprintf(head, sizeof head, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\n"
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n\r\n", length);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert(write(fd, head, (size_t)n) == n);
    char *body = malloc(sent);
    memset(body, ' ', sent);
    for (size_t at = 0; at < sent;) {
        ssize_t w = write(fd, body + at, sent - at);
        ck_assert(w > 0);
        at += (size_t)w;
    }
    free(body);
    return fd;
}

/* The bodies being received count against --max-memory-mb with what the process holds:
 * once their lengths would pass it, a new upload is refused 503 before its body is read,
 * and taken again when they are gone. */
START_TEST(bodies_being_received_count)
{
    char limit[32];
    memory_limit_over_idle(100, limit, sizeof limit);
    const char *args[] = {"--max-memory-mb", limit, "--cache-mb", "8", "--max-body-mb", "64",
                          "--conn-timeout", "3", NULL};
    daemon_proc d = daemon_start(args);
    nimberd = d;
    /* two uploads of 40 MiB under way, 1 MiB of each sent: a third one passes the limit;
     * it waits for our go-ahead (Expect: 100-continue) and is refused at once */
    int first = open_upload(d.port, 40u << 20, 1u << 20),
        second = open_upload(d.port, 40u << 20, 1u << 20);
    await_metric(d.port, "nimber_requests_in_flight", 3); /* both, and the scrape itself */
    char text[256];
    int n = snprintf(text, sizeof text, "POST /v1/analyze HTTP/1.1\r\nHost: x\r\n"
                     "Content-Type: application/json\r\nContent-Length: %u\r\nExpect: "
                     "100-continue\r\n\r\n", 40u << 20);
    http_response r = http_send_raw(d.port, text, (size_t)n);
    ck_assert_int_eq(r.status, 503);
    ck_assert_ptr_nonnull(strstr(r.body, "those it is receiving"));
    ck_assert_ptr_nonnull(http_header(&r, "Retry-After"));
    http_free(&r);
    /* one that writes its whole body first reads its 503 too: the body is read and dropped */
    char *whole = malloc(40u << 20);
    memset(whole, ' ', 40u << 20);
    r = http_do(d.port, "POST", "/v1/analyze", "Content-Type: application/json\r\n", whole,
                40u << 20);
    ck_assert_msg(r.status == 503, "a 40 MiB body written whole: %d", r.status);
    http_free(&r);
    free(whole);
    r = http_post(d.port, "/v1/analyze", "{\"type\":\"nim\",\"heaps\":[1]}"); /* small: fits */
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    close(first);
    close(second);
    /* gone: their room is given back, and a large upload is taken again */
    char *big = malloc((30u << 20) + 64);
    size_t len = (size_t)sprintf(big, "{\"type\":\"nim\",\"heaps\":[1]");
    memset(big + len, ' ', (30u << 20) - len - 1);
    big[(30u << 20) - 1] = '}';
    big[30u << 20] = '\0';
    /* once the server sees them close, or at the latest when their bodies have stopped
     * arriving for --conn-timeout seconds (libmicrohttpd does not always see a client
     * close in the middle of a body) */
    r = post_until(d.port, big, 200);
    ck_assert_msg(r.status == 200, "%d %s", r.status, r.body);
    http_free(&r);
    free(big);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

START_TEST(concurrent_clients)
{
    call calls[16];
    pthread_t th[16];
    const char *bodies[] = {"{\"type\":\"nim\",\"heaps\":[1,2,3]}",
                            "{\"type\":\"subtraction\",\"heaps\":[100000],\"set\":[2,7,9]}",
                            "{\"type\":\"cutting\",\"pieces\":[[30,20]]}",
                            "{\"type\":\"bash\",\"convention\":\"misere\",\"heaps\":[5,6],\"k\":2}"};
    for (int round = 0; round < 10; round++) {
        for (int i = 0; i < 16; i++) {
            calls[i] = (call){nimberd.port, "/v1/analyze", bodies[i % 4], {0}};
            pthread_create(&th[i], NULL, call_thread, &calls[i]);
        }
        for (int i = 0; i < 16; i++) {
            pthread_join(th[i], NULL);
            ck_assert_int_eq(calls[i].r.status, 200);
            if (i >= 4)
                ck_assert(json_equal(calls[i].r.json, calls[i % 4].r.json));
        }
        for (int i = 0; i < 16; i++)
            http_free(&calls[i].r);
    }
}
END_TEST

/* Flags take decimal numbers only, and their bounds are written as integers. */
START_TEST(flags_are_decimal)
{
    const char *bin = getenv("NIMBERD") ? getenv("NIMBERD") : "build/nimberd";
    const struct { const char *flag, *value, *said; } cases[] = {
        {"--port", "0x47FF", "decimal integer between 0 and 65535"},
        {"--port", "1.84e4", "decimal integer"},
        {"--port", "+5", "decimal integer"},
        {"--drain-seconds", "nan", "decimal number between 0 and 3600"},
        {"--drain-seconds", "inf", "decimal number"},
        {"--cache-mb", "99999999", "between 1 and 1048576"},
        {"--metrics-listen", "9090", "IPv4ADDRESS:PORT"},
        {"--metrics-listen", "localhost:9090", "IPv4ADDRESS:PORT"},
        {"--metrics-listen", "127.0.0.1:70000", "IPv4ADDRESS:PORT"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char cmd[512], text[1024];
        snprintf(cmd, sizeof cmd, "%s %s %s 2>&1", bin, cases[i].flag, cases[i].value);
        FILE *f = popen(cmd, "r");
        size_t n = fread(text, 1, sizeof text - 1, f);
        text[n] = '\0';
        int status = pclose(f);
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 2, "%s %s: exit %d",
                      cases[i].flag, cases[i].value, status);
        ck_assert_msg(strstr(text, cases[i].said), "%s %s said: %s", cases[i].flag,
                      cases[i].value, text);
    }
}
END_TEST

/* --bind takes IPv6 addresses: ::1 answers there; :: answers IPv4 clients too. */
START_TEST(listens_on_ipv6)
{
    const char *args[] = {"--bind", "::1", NULL};
    daemon_proc d = daemon_start(args);
    ck_assert_uint_gt(d.port, 0);
    struct sockaddr_in6 a = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)d.port),
                             .sin6_addr = IN6ADDR_LOOPBACK_INIT};
    int fd = socket(AF_INET6, SOCK_STREAM, 0);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    static const char get[] = "GET /healthz HTTP/1.1\r\nHost: [::1]\r\nConnection: close\r\n\r\n";
    ck_assert(write(fd, get, sizeof get - 1) == (ssize_t)(sizeof get - 1));
    char answer[512] = "";
    ssize_t n = read(fd, answer, sizeof answer - 1);
    close(fd);
    ck_assert_msg(n > 0 && !strncmp(answer, "HTTP/1.1 200", 12), "::1: %s", answer);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
    const char *dual[] = {"--bind", "::", NULL};
    d = daemon_start(dual);
    http_response r = http_do(d.port, "GET", "/healthz", NULL, NULL, 0); /* over IPv4 */
    ck_assert_int_eq(r.status, 200);
    http_free(&r);
    ck_assert_int_eq(daemon_stop(&d, SIGTERM), 0);
}
END_TEST

START_TEST(help_lists_every_flag)
{
    const char *bin = getenv("NIMBERD") ? getenv("NIMBERD") : "build/nimberd";
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s --help", bin);
    FILE *f = popen(cmd, "r");
    char text[8192];
    size_t n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    ck_assert_int_eq(pclose(f), 0);
    const char *flags[] = {"--port", "NIMBER_PORT", "--threads", "--workers", "--queue", "--cache-mb",
                           "--max-body-mb", "--max-parts", "--max-nodes", "--max-edges", "--max-table", "--max-table-page",
                           "--max-states", "--cors-origin", "--healthcheck", "--conn-timeout",
                           "--max-connections", "--conn-memory-kb"};
    for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
        ck_assert_msg(strstr(text, flags[i]), "--help lacks %s", flags[i]);
    ck_assert_msg(strstr(text, "--version"), "--help lacks --version");
    /* --version names the version and the commit /metrics names */
    snprintf(cmd, sizeof cmd, "%s --version", bin);
    f = popen(cmd, "r");
    n = fread(text, 1, sizeof text - 1, f);
    text[n] = '\0';
    ck_assert_int_eq(pclose(f), 0);
    http_response m = http_do(nimberd.port, "GET", "/metrics", NULL, NULL, 0);
    char commit[64] = "";
    const char *c = strstr(m.body, "commit=\"");
    ck_assert_ptr_nonnull(c);
    sscanf(c + 8, "%63[^\"]", commit);
    char want[128];
    snprintf(want, sizeof want, "nimberd 1.0.0 (commit %s)\n", commit);
    ck_assert_str_eq(text, want);
    http_free(&m);
    snprintf(cmd, sizeof cmd, "%s --port 99999 2>/dev/null", bin);
    ck_assert_int_ne(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s --healthcheck http://127.0.0.1:%u/healthz", bin, nimberd.port);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "%s --healthcheck http://127.0.0.1:1/healthz 2>/dev/null", bin);
    ck_assert_int_ne(system(cmd), 0);
}
END_TEST

int main(void)
{
    srandom(7);
    signal(SIGPIPE, SIG_IGN);
    Suite *s = suite_create("http");
    TCase *shared = tcase_create("shared_daemon");
    tcase_add_unchecked_fixture(shared, start_default, stop_default);
    tcase_set_timeout(shared, 600);
    tcase_add_test(shared, every_type_and_every_winning_move);
    tcase_add_test(shared, ipv4_text_as_inet_ntop);
    tcase_add_test(shared, log_lines_go_out_whole);
    tcase_add_test(shared, moves_of_every_type);
    tcase_add_test(shared, head_wherever_get);
    tcase_add_test(shared, problem_types_per_kind);
    tcase_add_test(shared, page_is_served);
    tcase_add_test(shared, loopy_dag);
    tcase_add_test(shared, analysis_fields);
    tcase_add_test(shared, play_endpoint);
    tcase_add_test(shared, table_endpoint);
    tcase_add_test(shared, batch_endpoint);
    tcase_add_test(shared, bad_input);
    tcase_add_test(shared, unsound_heads_refused);
    tcase_add_test(shared, library_refusals_are_problems);
    tcase_add_test(shared, get_answers_are_cacheable);
    tcase_add_test(shared, int64_as_strings);
    tcase_add_test(shared, move_endpoint);
    tcase_add_test(shared, answers_compressed_when_accepted);
    tcase_add_test(shared, play_strengths);
    tcase_add_test(shared, catalog_names_and_rules);
    tcase_add_test(shared, problems_quote_client_text_safely);
    tcase_add_test(shared, catalog_examples_work);
    tcase_add_test(shared, ops_endpoints_cors_and_ids);
    tcase_add_test(shared, concurrent_clients);
    tcase_add_test(shared, help_lists_every_flag);
    tcase_add_test(shared, flags_are_decimal);
    suite_add_tcase(s, shared);
    TCase *own = tcase_create("own_daemon");
    tcase_set_timeout(own, 600);
    tcase_add_test(own, limits_from_flags);
    tcase_add_test(own, cors_origin_flag);
    tcase_add_test(own, rate_limit_flag);
    tcase_add_test(own, limiter_buckets);
    tcase_add_test(own, tally_sums_every_thread);
    tcase_add_test(own, workers_shared_fairly);
    tcase_add_test(own, threads_follow_cpu_quota);
    tcase_add_test(own, answer_size_is_bounded);
    tcase_add_test(own, body_past_limit_is_read_then_refused);
    tcase_add_test(own, body_without_memory_gets_503);
    tcase_add_test(own, workers_keep_small_requests_flowing);
    tcase_add_test(own, graceful_shutdown);
    tcase_add_test(own, connections_per_address_capped);
    tcase_add_test(own, request_budget);
    tcase_add_test(own, request_memory_budget);
    tcase_add_test(own, metrics_listener);
    tcase_add_test(own, memory_limit_refuses_new_work);
    tcase_add_test(own, bodies_being_received_count);
    tcase_add_test(own, busy_port_is_an_error);
    tcase_add_test(own, listens_on_ipv6);
    suite_add_tcase(s, own);
    return check_run(s, false);
}
