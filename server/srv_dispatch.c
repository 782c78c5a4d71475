/* srv_dispatch.c - from a request with its body to its answer. */
#include "srv_dispatch.h"

#include <errno.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include "api_json.h"
#include "api_write.h"
#include "nimber.h"
#include "srv_answer.h"
#include "srv_files.h"
#include "srv_metrics.h"
#include "srv_watch.h"

/* Room an answer starts with: most answers fit in it, written without regrowing. */
#define ANSWER_START_BYTES 4096

/* Whether the client closed its connection (read end at EOF, or reset): a suspended
 * connection is not watched by libmicrohttpd, so the worker looks itself. */
static bool client_gone(void *ctx)
{
    srv_request *r = ctx;
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(r->conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!info)
        return false;
    char c;
    ssize_t n = recv(info->connect_fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

/* The request's budget, the client's: max_request_seconds from the arrival of its head
 * (its body, its wait for a worker, its parse and its computing all count), and
 * max_request_mb; spent when the client goes, the server's shutdown timeout passes or the
 * process passes max_memory_mb while it holds the most; on a worker, its pauses yield the
 * core when requests arrived meanwhile. */
static void yield_to_arrivals(void *server)
{
    srv_pool_yield_to(&((srv_server *)server)->last_request_ns);
}

static void start_budget(srv_request *r)
{
    srv_server *s = r->server;
    nb_budget_start_at(&r->budget, s->cfg.max_request_seconds, r->start);
    r->budget.process_limit_mb = s->cfg.max_memory_mb;
    r->budget.max_bytes = s->cfg.max_request_mb << 20;
    r->budget.pool = &s->memory;
    r->budget.gone = client_gone;
    r->budget.gone_ctx = r;
    r->budget.stop = &s->stopping;
    r->budget.pause = yield_to_arrivals;
    r->budget.pause_ctx = s;
}

/* A computing route's endpoint: parsed body in, answer out, within the request's budget.
 * Runs inline or on a worker. */
static void compute(srv_request *r)
{
    srv_server *s = r->server;
    nb_solver solver = s->solver;
    solver.budget = &r->budget;
    api_context ctx = s->api;
    ctx.solver = &solver;
    ctx.decided_by = r->route->id == SRV_ANALYSE ? &r->decided_by : NULL;
    api_buf out = {.p = nb_xmalloc(ANSWER_START_BYTES), .cap = ANSWER_START_BYTES,
                   .int64_strings = r->query.int64_strings};
    api_problem p = {0};
    r->query.request_bytes = r->len;
    int status = r->route->endpoint(&ctx, r->json, &r->query, &out, &p);
    if (status == 200 && out.failed) /* the answer did not fit in the memory there is */
        status = api_fail(&p, 503, NULL, "nimberd has no memory for this answer now (%zu "
                          "bytes were written); retry shortly, or ask for a smaller one "
                          "(positions, max_moves)", out.len);
    /* r->json is the caller's to free: a large body's tree takes long to free, and the
     * client need not wait for it */
    if (status == 200) {
        size_t len;
        char *text = api_buf_take(&out, &len);
        srv_answer(r, 200, text, len, false, "application/json");
    } else {
        free(out.p);
        r->retry_after = status == 503; /* cancelled by a shutdown: another replica answers */
        srv_answer_problem(r, &p);
    }
    srv_answer_encode(r); /* here, on the worker, rather than on the HTTP thread */
}

/* The game types a parsed body asks about, for /metrics: its type, or each position's in
 * a batch (string types only; a body that is no object counts nothing). */
static void count_games(srv_request *r)
{
    srv_metrics *m = r->server->metrics;
    json_t *positions = json_object_get(r->json, "positions"), *item;
    size_t i;
    if (!json_is_array(positions)) {
        const char *name = json_string_value(json_object_get(r->json, "type"));
        if (name) {
            srv_metrics_game(m, name);
            const api_type *t = api_type_find(name); /* for the log: a registered name */
            r->game = t ? t->name : NULL;
        }
        return;
    }
    json_array_foreach(positions, i, item)
        if (json_is_string(json_object_get(item, "type")))
            srv_metrics_game(m, json_string_value(json_object_get(item, "type")));
}

/* The body parsed within the request's budget, then freed; false once answered (the
 * problem with the body). */
static bool parse(srv_request *r)
{
    api_problem p = {0};
    r->json = api_parse(r->body ? r->body : "", r->len, &r->budget, &p);
    free(r->body);
    r->body = NULL;
    if (!r->json) {
        r->retry_after = p.status == 503;
        srv_answer_problem(r, &p);
    } else
        count_games(r);
    return r->json != NULL;
}

/* A request whose body or answer passes this gives its memory back to the system. */
#define LARGE_REQUEST_BYTES (1u << 20)

/* jemalloc's control interface: linked into nimberd, absent (null) from the test binaries
 * and the sanitizer builds, which keep glibc's allocator. */
extern int mallctl(const char *name, void *oldp, size_t *oldlenp, void *newp, size_t newlen)
    __attribute__((weak));

/* Gives the heap's free pages back to the system: every jemalloc arena's (4096 is
 * jemalloc 5's MALLCTL_ARENAS_ALL), or glibc's. */
static void give_memory_back(void)
{
    if (mallctl)
        mallctl("arena.4096.purge", NULL, NULL, NULL, 0);
    else
        malloc_trim(0);
}

/* What a request leaves to free: its parsed tree, and whether it was large enough to
 * give the memory back to the system after it. */
typedef struct leftover {
    json_t *tree;
    bool large;
    nb_memory_pool *pool; /* borrowed: the server's */
    uint64_t kept;        /* the tree's bytes, still taken from the pool until it is freed */
} leftover;

/* The reclaimer's job: frees what a request left (a large tree takes tens to hundreds of
 * milliseconds to free, and a purge as long), off the HTTP threads, which would keep
 * their other connections waiting, and off the workers, which are free for the next
 * request at once. */
static void reclaim(void *arg)
{
    leftover *left = arg;
    struct timespec now; /* due at once: starved by other programs, it is lifted */
    clock_gettime(CLOCK_MONOTONIC, &now);
    srv_pool_job_deadline((long long)now.tv_sec * 1000000000LL + now.tv_nsec);
    json_decref(left->tree);
    if (left->large)
        give_memory_back();
    nb_memory_pool_give_back(left->pool, left->kept);
    free(left);
}

/* A worker's job: the computation, after the parse when the HTTP thread left the body
 * unparsed (a large one); then the connection goes back to libmicrohttpd, and what the
 * request leaves goes to the reclaimer (freed here when its queue is full). */
static void compute_on_worker(void *arg)
{
    srv_request *r = arg;
    if (r->budget.seconds)
        srv_pool_job_deadline((long long)(r->budget.start.tv_sec + (time_t)r->budget.seconds) *
                                  1000000000LL + r->budget.start.tv_nsec);
    if (r->json || parse(r))
        compute(r);
    leftover *left = nb_xmalloc(sizeof *left);
    *left = (leftover){r->json, r->cap > LARGE_REQUEST_BYTES || r->out_len > LARGE_REQUEST_BYTES ||
                                atomic_load(&r->budget.stopped_mb),
                       r->budget.pool, nb_budget_hand_over(&r->budget)};
    srv_pool *reclaimer = r->server->reclaimer;
    r->json = NULL;
    MHD_resume_connection(r->conn); /* r is the HTTP thread's from here */
    if (!srv_pool_submit(reclaimer, reclaim, left, 0))
        reclaim(left);
}

void srv_dispatch_overdue(srv_request *r)
{
    char limit[24];
    snprintf(limit, sizeof limit, "%llu", (unsigned long long)r->budget.seconds);
    json_decref(r->json);
    r->json = NULL;
    srv_answer_fail(r, NULL, 503, "every worker was busy for the whole of this request's "
                    "time, the limit max_request_seconds=%s: retry shortly", limit);
    r->retry_after = true;
    MHD_resume_connection(r->conn);
}

/* Bodies up to this are parsed on the HTTP thread (in well under a millisecond). */
#define PARSE_INLINE_BYTES (64u << 10)
/* The tree of a body up to this is freed as soon as its answer is made, while its memory
 * is still in the cache (a tenth of a microsecond); a larger one once the answer is sent. */
#define FREE_AT_ONCE_BYTES (4u << 10)

static void gauges(srv_server *s, srv_gauges *g)
{
    g->lib = nb_counters_read(s->solver.cache, s->store);
    g->queue_waiting = srv_pool_waiting(s->pool);
    g->queue_running = srv_pool_running(s->pool);
    g->workers = s->cfg.workers;
    g->queue_capacity = s->cfg.queue;
    g->in_flight = srv_tally_sum(&s->in_flight);
    g->watch = srv_watch_get_stats(s->watch);
}

static void answer_get(srv_request *r)
{
    srv_server *s = r->server;
    switch (r->route->id) {
    case SRV_GAMES:
        srv_answer(r, 200, s->catalog[r->query.int64_strings],
                   s->catalog_len[r->query.int64_strings], true, "application/json");
        break;
    case SRV_FILE: {
        const srv_file *f = srv_file_find(r->path); /* a folder's route: any file, or none */
        if (!f)
            srv_answer_fail(r, NULL, 404, "%s", "no file of that name");
        else
            srv_answer(r, 200, (char *)f->text, (size_t)(f->end - f->text), true, f->media_type);
        break;
    }
    case SRV_TABLES: {
        json_t *list = api_tables_list(s->solver.cache, s->store, r->query.from, r->query.limit);
        size_t len;
        char *text = api_write(list, &len);
        json_decref(list);
        srv_answer(r, 200, text, len, false, "application/json");
        break;
    }
    case SRV_METRICS: {
        srv_gauges g;
        gauges(s, &g);
        size_t len;
        char *text = srv_metrics_render(s->metrics, &g, &len);
        srv_answer(r, 200, text, len, false, "text/plain; version=0.0.4; charset=utf-8");
        break;
    }
    case SRV_PROBLEM: { /* the documentation of a problem type: its title, then its text */
        const api_problem_kind *k = api_problem_kind_find(r->path + strlen(r->route->path));
        if (!k) {
            srv_answer_fail(r, NULL, 404, "%s", "no problem type of that name");
            break;
        }
        size_t len = strlen(k->name) + strlen(k->title) + strlen(k->doc) + 8;
        char *text = nb_xmalloc(len);
        snprintf(text, len, "%s: %s\n\n%s\n", k->name, k->title, k->doc);
        srv_answer(r, 200, text, strlen(text), false, "text/plain; charset=utf-8");
        break;
    }
    case SRV_READYZ:
        if (atomic_load(&s->draining)) {
            srv_answer_fail(r, NULL, 503, "%s", "nimberd is draining: it stops once the "
                                                "requests in flight are answered");
            r->retry_after = true;
            break;
        }
        /* fall through */
    default:
        srv_answer(r, 200, "{\"status\":\"ok\"}", 15, true, "application/json");
        break;
    }
}

bool srv_json_media(const char *type)
{
    if (!type)
        return false;
    size_t n = strlen("application/json");
    if (strncasecmp(type, "application/json", n) || (type[n] && type[n] != ';' && type[n] != ' '))
        return false;
    for (const char *p = strchr(type + n, ';'); p; p = strchr(p + 1, ';')) {
        p += 1 + strspn(p + 1, " \t");
        if (strncasecmp(p, "charset=", 8))
            continue;
        const char *v = p + 8;
        bool quoted = *v == '"';
        v += quoted;
        size_t len = strcspn(v, quoted ? "\"" : " \t;");
        if (!(len == 5 && !strncasecmp(v, "utf-8", 5)) && !(len == 4 && !strncasecmp(v, "utf8", 4)))
            return false;
    }
    return true;
}

/* Most query parameters a route honours. */
#define QUERY_NAMES 8

/* The query string as a route honours it: each parameter one the route lists, given once,
 * without a NUL; values[i] is the route's i-th parameter's value or NULL. The scan stops
 * at the first fault. */
typedef struct query_scan {
    const char *const *names;
    const char *values[QUERY_NAMES];
    char fault[256];
} query_scan;

/* The fault of a parameter the route does not take: the one meant, or those it takes. */
static void refuse_parameter(query_scan *qs, const char *key)
{
    const char *meant = api_meant_name(key, qs->names);
    api_buf names = {0};
    api_put_names(&names, qs->names);
    if (meant)
        snprintf(qs->fault, sizeof qs->fault, "this resource takes no query parameter "
                 "\"%.40s\": did you mean %s?", key, meant);
    else if (names.len)
        snprintf(qs->fault, sizeof qs->fault, "this resource takes no query parameter "
                 "\"%.40s\"; it takes %.*s", key, (int)names.len, names.p);
    else
        snprintf(qs->fault, sizeof qs->fault, "this resource takes no query parameter: not "
                 "\"%.40s\", nor any other", key);
    free(names.p);
}

static enum MHD_Result scan_parameter(void *cls, enum MHD_ValueKind kind, const char *key,
                                      size_t key_size, const char *value, size_t value_size)
{
    (void)kind;
    query_scan *qs = cls;
    size_t i = 0;
    while (qs->names[i] && strcmp(qs->names[i], key))
        i++;
    if (strlen(key) != key_size || (value && strlen(value) != value_size))
        snprintf(qs->fault, sizeof qs->fault, "a query parameter holds a NUL byte");
    else if (!qs->names[i])
        refuse_parameter(qs, key);
    else if (qs->values[i])
        snprintf(qs->fault, sizeof qs->fault, "the query parameter %s is given twice", key);
    else
        qs->values[i] = value ? value : "";
    return qs->fault[0] ? MHD_NO : MHD_YES;
}

/* positions=full|changed|none: how listed moves give the position after them. */
static bool read_positions(const char *text, api_positions *out)
{
    static const char *const names[] = {"full", "changed", "none"};
    for (int i = 0; i < 3; i++)
        if (!strcmp(text, names[i])) {
            *out = (api_positions)i;
            return true;
        }
    return false;
}

/* strength=perfect|strong|casual|random: how well play plays. */
static bool read_strength(const char *text, nb_strength *out)
{
    for (nb_strength s = NB_PERFECT; s <= NB_RANDOM; s++)
        if (!strcmp(text, nb_strength_name(s))) {
            *out = s;
            return true;
        }
    return false;
}

/* The query: only the route's parameters, each once and well-formed; false once answered
 * (400). */
static bool read_query(srv_request *r)
{
    static const char *const none[] = {NULL};
    query_scan qs = {.names = r->route->query ? r->route->query : none};
    if (r->query_parameters)
        snprintf(qs.fault, sizeof qs.fault, "the query string holds %zu parameters, over the "
                 "%d that are read", r->query_parameters, SRV_MAX_QUERY_PARAMETERS);
    else
        MHD_get_connection_values_n(r->conn, MHD_GET_ARGUMENT_KIND, scan_parameter, &qs);
    r->query = API_QUERY_DEFAULT;
    for (size_t i = 0; !qs.fault[0] && qs.names[i]; i++) {
        const char *v = qs.values[i];
        if (v && !strcmp(qs.names[i], "positions")) {
            if (!read_positions(v, &r->query.positions))
                snprintf(qs.fault, sizeof qs.fault, "the query parameter positions must be "
                         "full, changed or none, not \"%.40s\"", v);
            continue;
        }
        if (v && !strcmp(qs.names[i], "game")) {
            r->game_text = v;
            continue;
        }
        if (v && !strcmp(qs.names[i], "strength")) {
            if (!read_strength(v, &r->query.strength))
                snprintf(qs.fault, sizeof qs.fault, "the query parameter strength must be "
                         "perfect, strong, casual or random, not \"%.40s\"", v);
            continue;
        }
        if (v && !strcmp(qs.names[i], "reply")) { /* the reply's strength */
            r->query.reply = read_strength(v, &r->query.strength);
            if (!r->query.reply)
                snprintf(qs.fault, sizeof qs.fault, "the query parameter reply must be "
                         "perfect, strong, casual or random, not \"%.40s\"", v);
            continue;
        }
        if (v && !strcmp(qs.names[i], "seed")) {
            size_t seed = 0;
            r->query.has_seed = nb_parse_count(v, 0, 999999999999999999ULL, &seed);
            r->query.seed = seed;
            if (!r->query.has_seed)
                snprintf(qs.fault, sizeof qs.fault, "the query parameter seed must be a "
                         "decimal integer between 0 and 999999999999999999, not \"%.40s\"", v);
            continue;
        }
        if (v && !strcmp(qs.names[i], "int64")) {
            r->query.int64_strings = !strcmp(v, "string");
            if (!r->query.int64_strings)
                snprintf(qs.fault, sizeof qs.fault, "the query parameter int64 must be string "
                         "(64-bit integers written as strings of digits), not \"%.40s\"", v);
            continue;
        }
        if (v && !strcmp(qs.names[i], "table")) {
            r->query.with_table = !strcmp(v, "1");
            if (!r->query.with_table && strcmp(v, "0"))
                snprintf(qs.fault, sizeof qs.fault, "the query parameter table must be 0 or 1, "
                         "not \"%.40s\"", v);
            continue;
        }
        if (v && (!strcmp(qs.names[i], "from") || !strcmp(qs.names[i], "limit"))) {
            bool from = !strcmp(qs.names[i], "from");
            if (!nb_parse_count(v, from ? 0 : 1, from ? (uint64_t)INT64_MAX : API_TABLES_LIMIT_MAX,
                                from ? &r->query.from : &r->query.limit))
                snprintf(qs.fault, sizeof qs.fault, "the query parameter %s must be a decimal "
                         "integer between %s, not \"%.40s\"", qs.names[i],
                         from ? "0 and 2^63-1" : "1 and 1000", v);
            continue;
        }
        bool moves = !strcmp(qs.names[i], "max_moves");
        if (!v || (!moves && strcmp(qs.names[i], "components"))) /* the page reads its own */
            continue;
        size_t *field = moves ? &r->query.max_moves : &r->query.max_components;
        if (!nb_parse_count(v, 0, moves ? API_MAX_MOVES_LIMIT : (uint64_t)INT64_MAX, field))
            snprintf(qs.fault, sizeof qs.fault, "the query parameter %s must be a decimal "
                     "integer between 0 and %s, not \"%.40s\"", qs.names[i],
                     moves ? "1000" : "2^63-1", v);
    }
    if (qs.fault[0])
        srv_answer_fail(r, "invalid-query", 400, "%s", qs.fault);
    return !qs.fault[0];
}

/* Whether the route answers the request's method: its own, HEAD where it answers GET, GET
 * (and HEAD) where it takes the game in the query too. */
static bool method_allowed(const srv_request *r)
{
    const char *m = r->method, *own = r->route->method;
    bool get = !strcmp(m, "GET") || !strcmp(m, "HEAD");
    return !strcmp(m, own) || (get && (!strcmp(own, "GET") || r->route->get_game));
}

/* 64-bit FNV-1a of s (with its NUL) on top of h. */
static uint64_t fnv1a(uint64_t h, const char *s)
{
    do
        h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
    while (*s++);
    return h;
}

uint64_t srv_client_key(const char *client)
{
    return fnv1a(0xcbf29ce484222325ULL, client);
}

uint64_t srv_etag_seed(const char *catalog)
{
    return fnv1a(fnv1a(0xcbf29ce484222325ULL, srv_build_commit), catalog);
}

/* The entity tag of a GET's answer: a hash of what decides it, the server's seed (the
 * build and its limits), the path and the query's values, route order. */
static void make_etag(srv_request *r)
{
    uint64_t h = fnv1a(r->server->etag_seed, r->route->path);
    for (const char *const *name = r->route->query; *name; name++) {
        const char *v = MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, *name);
        h = fnv1a(fnv1a(h, *name), v ? v : "\x01"); /* absent is not "" */
    }
    /* the gzip answer is another representation: another tag (set by whether gzip is
     * acceptable, so known before the answer is) */
    snprintf(r->etag, sizeof r->etag, r->gzip_ok ? "\"%016llx-gz\"" : "\"%016llx\"",
             (unsigned long long)h);
}

/* Whether If-None-Match names the tag (a list of tags, weak ones compared weakly, or *). */
static bool none_match_names(const char *list, const char *etag)
{
    size_t n = strlen(etag);
    for (const char *p = list; *p;) {
        p += strspn(p, " \t,");
        if (*p == '*')
            return true;
        if (!strncmp(p, "W/", 2))
            p += 2;
        if (!strncmp(p, etag, n) && (p[n] == '\0' || p[n] == ',' || p[n] == ' ' || p[n] == '\t'))
            return true;
        p += strcspn(p, ",");
    }
    return false;
}

/* The game of a route that takes it in the query: a GET's, as its body (false once
 * answered: without one, a 400; when the client holds this answer, 304); a POST sends
 * its game as the body and takes none in the query (400). */
static bool game_from_query(srv_request *r)
{
    bool get = strcmp(r->method, "POST");
    if (!get && r->game_text) {
        srv_answer_fail(r, "invalid-query", 400, "%s", "a POST sends the game as its body: "
                        "the query parameter game is for GET");
        return false;
    }
    if (!get)
        return true;
    make_etag(r);
    if (!r->game_text) {
        srv_answer_fail(r, "invalid-query", 400, "GET %s takes the game object as JSON in "
                        "the query parameter game (URL-encoded)", r->route->path);
        return false;
    }
    if (r->if_none_match && none_match_names(r->if_none_match, r->etag)) {
        srv_answer(r, 304, "", 0, true, NULL);
        return false;
    }
    r->len = strlen(r->game_text);
    r->body = nb_xmalloc(r->len + 1);
    memcpy(r->body, r->game_text, r->len + 1);
    return true;
}

/* The checks of a request before its body is parsed; false once they answered it. */
static bool admit(srv_request *r)
{
    if (r->bad_head) {
        srv_answer_fail(r, r->bad_head_status == 501 ? "not-implemented" : "malformed-request",
                        r->bad_head_status, "%s", r->bad_head);
    } else if (!r->route) {
        srv_answer_fail(r, NULL, 404, "%s", "no resource at this path"); /* never echoed */
    } else if (!strcmp(r->method, "OPTIONS")) {
        srv_answer(r, 204, "", 0, true, NULL);
        r->preflight = true;
    } else if (!method_allowed(r)) {
        srv_answer_fail(r, NULL, 405, "this resource answers %s", r->route->allow);
        r->allow = r->route->allow;
    } else if (r->rate_limited) {
        char rate[24];
        snprintf(rate, sizeof rate, "%lu", r->server->cfg.rate_limit);
        srv_answer_fail(r, "rate-limited", 429, "this client made more requests than the "
                        "limit rate_limit=%s a second (in bursts of twice that) allows: "
                        "retry after the seconds Retry-After gives", rate);
    } else if (!read_query(r)) {
        /* answered: a parameter the route does not honour, or a malformed one */
    } else if (r->route->get_game && !game_from_query(r)) {
        /* answered: a GET without its game, or whose answer the client holds */
    } else if (!r->route->endpoint) {
        answer_get(r); /* for HEAD too: libmicrohttpd sends the head alone */
    } else if (r->no_memory) {
        srv_answer_fail(r, NULL, 503, "%s", "no memory to hold the body now: retry shortly");
        r->retry_after = true;
    } else if (r->too_large) {
        char limit[32];
        snprintf(limit, sizeof limit, "%lu", r->server->cfg.max_body_mb);
        srv_answer_fail(r, NULL, 413, "the body is over the limit max_body_mb=%s MiB", limit);
    } else if (r->over_memory) {
        char held[128];
        const srv_server *s = r->server;
        if (s->cfg.max_memory_mb && r->over_memory > s->cfg.max_memory_mb)
            snprintf(held, sizeof held, "%lu MiB, over the limit max_memory_mb=%lu",
                     r->over_memory, s->cfg.max_memory_mb);
        else
            snprintf(held, sizeof held, "%lu MiB of address space, past its limit (RLIMIT_AS) "
                     "of %lu MiB less the %d kept free", r->over_memory, s->as_limit_mb,
                     SRV_AS_HEADROOM_MB);
        srv_answer_fail(r, NULL, 503, "with this body and those it is receiving, nimberd "
                        "would hold %s: it takes no new computation until memory is given "
                        "back; retry shortly", held);
        r->retry_after = true;
    } else if (!r->game_text && !srv_json_media(r->media)) { /* a body's, not a GET's */
        srv_answer_fail(r, NULL, 415, "%s", "send the body as application/json, in UTF-8 "
                                             "(a charset, when given, must be utf-8)");
    } else {
        return true;
    }
    return false;
}

void srv_dispatch(srv_request *r)
{
    if (!admit(r))
        return;
    start_budget(r);
    if (r->len <= PARSE_INLINE_BYTES) { /* a larger body is parsed on the worker */
        if (!parse(r))
            return;
        if (!r->route->heavy(r->json)) {
            compute(r);
            if (r->len <= FREE_AT_ONCE_BYTES) {
                json_decref(r->json);
                r->json = NULL;
            }
            return;
        }
    }
    MHD_suspend_connection(r->conn);
    if (r->sock) /* what the memory ceiling may stop */
        srv_watch_request(r->server->watch, r->sock, r);
    r->on_worker = true;
    if (!srv_pool_submit(r->server->pool, compute_on_worker, r, r->client_key)) {
        json_decref(r->json);
        r->json = NULL;
        srv_answer_fail(r, NULL, 503, "%s",
                        "every worker is busy and the queue is full: retry shortly");
        r->retry_after = true;
        MHD_resume_connection(r->conn);
    }
}
