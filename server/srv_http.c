/* srv_http.c - one srv_request per HTTP request: the body is gathered over the handler's
 * calls, the answer is computed and queued on the final call (inline, or on a worker
 * while the connection is suspended), and the completion callback logs and counts it. */
#include "srv_http.h"

#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "api_endpoints.h"
#include "api_json.h"
#include "api_write.h"
#include "nb_util.h"
#include "srv_metrics.h"
#include "srv_pool.h"
#include "srv_routes.h"

struct srv_server {
    srv_config cfg;
    struct MHD_Daemon *daemon;
    srv_pool *pool;
    srv_metrics *metrics;
    nb_solver solver;
    api_context api;
    char *catalog;        /* GET /v1/games, rendered once */
    size_t catalog_len;
    const char *openapi;
    size_t openapi_len;
    atomic_bool draining;
    atomic_size_t in_flight;
    atomic_ullong next_id;
    unsigned long long id_salt;
};

typedef struct srv_request {
    srv_server *server;
    struct MHD_Connection *conn;
    const srv_route *route;
    char method[16];
    char path[128];
    char id[80];
    struct timespec start;
    char *body;           /* gathered upload */
    size_t len, cap;
    bool too_large;
    bool no_memory;       /* the body could not be held: 503 */
    const char *bad_head; /* why the head is unusable (static text): 400, then close */
    const char *media;    /* Content-Type, borrowed from libmicrohttpd, or NULL */
    json_t *json;         /* parsed body, for a worker */
    size_t max_moves;
    /* the answer, once known */
    bool answered;
    int status;
    char *out;            /* malloc'ed, or static when out_static */
    size_t out_len;
    bool out_static;
    const char *content_type;
    const char *allow;    /* for 405 */
    bool retry_after;     /* for 503 */
    bool preflight;       /* a CORS preflight (OPTIONS) */
} srv_request;

static double elapsed(const struct timespec *since)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - since->tv_sec) + (now.tv_nsec - since->tv_nsec) / 1e9;
}

static void answer_raw(srv_request *r, int status, char *out, size_t len, bool is_static,
                       const char *type)
{
    r->answered = true;
    r->status = status;
    r->out = out;
    r->out_len = len;
    r->out_static = is_static;
    r->content_type = type;
}

static void answer_problem(srv_request *r, api_problem *p)
{
    json_t *o = api_problem_json(p);
    size_t len;
    char *text = api_write(o, &len);
    json_decref(o);
    answer_raw(r, p->status, text, len, false, "application/problem+json");
}

static void answer_fail(srv_request *r, int status, const char *fmt, const char *arg)
    __attribute__((format(printf, 3, 0)));
static void answer_fail(srv_request *r, int status, const char *fmt, const char *arg)
{
    api_problem p = {0};
    api_fail(&p, status, NULL, fmt, arg);
    answer_problem(r, &p);
}

static enum MHD_Result queue_answer(srv_request *r)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        r->out_len, r->out, r->out_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
    r->out = NULL;
    if (r->content_type)
        MHD_add_response_header(resp, "Content-Type", r->content_type);
    MHD_add_response_header(resp, "X-Request-ID", r->id);
    MHD_add_response_header(resp, "Access-Control-Allow-Origin", r->server->cfg.cors_origin);
    MHD_add_response_header(resp, "Access-Control-Expose-Headers", "X-Request-ID, Retry-After");
    if (r->allow)
        MHD_add_response_header(resp, "Allow", r->allow);
    if (r->bad_head) /* the rest of the stream cannot be trusted to start a request */
        MHD_add_response_header(resp, "Connection", "close");
    if (r->retry_after)
        MHD_add_response_header(resp, "Retry-After", "1");
    if (r->preflight) {
        MHD_add_response_header(resp, "Access-Control-Allow-Methods", r->route->allow);
        MHD_add_response_header(resp, "Access-Control-Allow-Headers", "Content-Type, X-Request-ID");
        MHD_add_response_header(resp, "Access-Control-Max-Age", "86400");
    }
    enum MHD_Result ok = MHD_queue_response(r->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}

/* Room an answer starts with: most answers fit in it, written without regrowing. */
#define ANSWER_START_BYTES 4096

/* The computing endpoints: parsed body in, answer out. Runs inline or on a worker. */
static void compute(srv_request *r)
{
    const api_context *api = &r->server->api;
    api_buf out = {.p = nb_xmalloc(ANSWER_START_BYTES), .cap = ANSWER_START_BYTES};
    api_problem p = {0};
    int status;
    switch (r->route->id) {
    case SRV_ANALYZE: status = api_analyze(api, r->json, r->max_moves, &out, &p); break;
    case SRV_BATCH: status = api_batch(api, r->json, r->max_moves, &out, &p); break;
    case SRV_PLAY: status = api_play(api, r->json, &out, &p); break;
    default: status = api_table(api, r->json, &out, &p); break;
    }
    /* r->json is freed once the answer is queued (completed()): a large body takes long
     * to free and the client need not wait for it */
    if (status == 200) {
        size_t len;
        char *text = api_buf_take(&out, &len);
        answer_raw(r, 200, text, len, false, "application/json");
    } else {
        free(out.p);
        answer_problem(r, &p);
    }
}

static void compute_on_worker(void *arg)
{
    srv_request *r = arg;
    compute(r);
    MHD_resume_connection(r->conn);
}

static void gauges(srv_server *s, srv_gauges *g)
{
    g->cache = nb_cache_get_stats(s->solver.cache);
    g->queue_waiting = srv_pool_waiting(s->pool);
    g->queue_running = srv_pool_running(s->pool);
    g->workers = s->cfg.workers;
    g->queue_capacity = s->cfg.queue;
    g->in_flight = atomic_load(&s->in_flight);
}

static void answer_get(srv_request *r)
{
    srv_server *s = r->server;
    switch (r->route->id) {
    case SRV_GAMES:
        answer_raw(r, 200, s->catalog, s->catalog_len, true, "application/json");
        break;
    case SRV_OPENAPI:
        answer_raw(r, 200, (char *)s->openapi, s->openapi_len, true, "application/yaml");
        break;
    case SRV_METRICS: {
        srv_gauges g;
        gauges(s, &g);
        size_t len;
        char *text = srv_metrics_render(s->metrics, &g, &len);
        answer_raw(r, 200, text, len, false, "text/plain; version=0.0.4; charset=utf-8");
        break;
    }
    case SRV_READYZ:
        if (atomic_load(&s->draining)) {
            answer_fail(r, 503, "%s", "nimberd is draining: it stops once the requests in "
                                      "flight are answered");
            r->retry_after = true;
            break;
        }
        /* fall through */
    default:
        answer_raw(r, 200, "{\"status\":\"ok\"}", 15, true, "application/json");
        break;
    }
}

static bool is_json_media(const char *type)
{
    if (!type)
        return false;
    size_t n = strlen("application/json");
    return !strncasecmp(type, "application/json", n) && (type[n] == '\0' || type[n] == ';' ||
                                                          type[n] == ' ');
}

/* max_moves from the query: 0..1000, default 16. */
static bool read_max_moves(srv_request *r)
{
    const char *v = MHD_lookup_connection_value(r->conn, MHD_GET_ARGUMENT_KIND, "max_moves");
    r->max_moves = API_MAX_MOVES_DEFAULT;
    if (!v)
        return true;
    char *end;
    unsigned long n = strtoul(v, &end, 10);
    if (!*v || *end || v[0] == '-' || v[0] == '+' || n > API_MAX_MOVES_LIMIT) {
        answer_fail(r, 400, "the query parameter max_moves must be an integer between 0 and "
                            "1000, not \"%s\"", v);
        return false;
    }
    r->max_moves = n;
    return true;
}

/* Decides the answer once the whole body is in; may hand the work to a worker. */
static void dispatch(srv_request *r)
{
    srv_server *s = r->server;
    if (r->bad_head) {
        answer_fail(r, 400, "%s", r->bad_head);
        return;
    }
    if (!r->route) {
        answer_fail(r, 404, "no resource at %s", r->path);
        return;
    }
    if (!strcmp(r->method, "OPTIONS")) {
        answer_raw(r, 204, "", 0, true, NULL);
        r->preflight = true;
        return;
    }
    if (strcmp(r->method, r->route->method)) {
        answer_fail(r, 405, "this resource answers %s only", r->route->method);
        r->allow = r->route->allow;
        return;
    }
    if (!strcmp(r->method, "GET")) {
        answer_get(r);
        return;
    }
    if (r->no_memory) {
        answer_fail(r, 503, "%s", "no memory to hold the body now: retry shortly");
        r->retry_after = true;
        return;
    }
    if (r->too_large) {
        char limit[32];
        snprintf(limit, sizeof limit, "%lu", s->cfg.max_body_mb);
        answer_fail(r, 413, "the body is over the limit max_body_mb=%s MiB", limit);
        return;
    }
    if (!is_json_media(r->media)) {
        answer_fail(r, 415, "%s", "send the body as application/json");
        return;
    }
    if (!read_max_moves(r))
        return;
    api_problem p = {0};
    r->json = api_parse(r->body ? r->body : "", r->len, &p);
    free(r->body);
    r->body = NULL;
    if (!r->json) {
        answer_problem(r, &p);
        return;
    }
    if (!api_is_heavy(r->route->path, r->json)) {
        compute(r);
        return;
    }
    MHD_suspend_connection(r->conn);
    if (!srv_pool_submit(s->pool, compute_on_worker, r)) {
        json_decref(r->json);
        r->json = NULL;
        answer_fail(r, 503, "%s", "every worker is busy and the queue is full: retry shortly");
        r->retry_after = true;
        MHD_resume_connection(r->conn);
    }
}

/* What one walk over a request's headers finds: every header the server reads, the
 * first of each as a lookup would (the values are borrowed from libmicrohttpd until the
 * request completes). libmicrohttpd keeps every copy of a header, but frames the body by
 * the first Content-Length alone, or by Transfer-Encoding. */
typedef struct head_info {
    unsigned lengths, encodings, hosts; /* how many of each came */
    const char *length, *media, *request_id; /* Content-Length, Content-Type, X-Request-ID */
} head_info;

static enum MHD_Result read_head(void *cls, enum MHD_ValueKind kind, const char *key,
                                 const char *value)
{
    (void)kind;
    head_info *h = cls;
    char first = (char)(key[0] | 0x20); /* most headers are told apart by it alone */
    if (first == 'c' && !strcasecmp(key, "Content-Length")) {
        if (!h->lengths++)
            h->length = value;
    } else if (first == 'c' && !strcasecmp(key, "Content-Type")) {
        if (!h->media)
            h->media = value;
    } else if (first == 'x' && !strcasecmp(key, "X-Request-ID")) {
        if (!h->request_id)
            h->request_id = value;
    } else if (first == 't' && !strcasecmp(key, "Transfer-Encoding")) {
        h->encodings++;
    } else if (first == 'h' && !strcasecmp(key, "Host")) {
        h->hosts++;
    }
    return MHD_YES;
}

/* What RFC 9112 has a server refuse with 400, which libmicrohttpd lets through: a length
 * given two ways, which a proxy in front may have read the other way (6.3), and an
 * HTTP/1.1 request without a Host (3.2). NULL when the head is sound. */
static const char *head_fault(const head_info *h, const char *version)
{
    if (h->lengths > 1 || (h->lengths && h->encodings))
        return "the request's length is ambiguous: more than one Content-Length, or "
               "Content-Length with Transfer-Encoding";
    if (!h->hosts && !strcmp(version, MHD_HTTP_VERSION_1_1))
        return "an HTTP/1.1 request must carry a Host header";
    return NULL;
}

/* c is an ASCII letter or digit, or one of `also`. */
static bool alnum_or(char c, const char *also)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr(also, c));
}

static bool valid_request_id(const char *id)
{
    size_t n = id ? strlen(id) : 0;
    if (n == 0 || n > 64)
        return false;
    for (const char *c = id; *c; c++)
        if (!alnum_or(*c, "-_.:"))
            return false;
    return true;
}

/* The method as requests are logged: a token's characters (RFC 9110 5.6.2) kept, any
 * other byte made '?', so that a log line stays JSON whatever the client sent. */
static void copy_method(char *out, size_t size, const char *method)
{
    nb_copy_cut(out, size, method);
    for (char *c = out; *c; c++)
        if (!alnum_or(*c, "!#$%&'*+-.^_`|~"))
            *c = '?';
}

/* A request's record, from its head read in one walk: what is wrong with the head, its
 * media type, its id (echoed or made), and room for its body reserved from its length. */
static srv_request *begin(srv_server *s, struct MHD_Connection *conn, const char *url,
                          const char *method, const char *version)
{
    head_info head = {0};
    MHD_get_connection_values(conn, MHD_HEADER_KIND, read_head, &head);
    srv_request *r = nb_xmalloc(sizeof *r); /* not calloc: glibc's skips the thread cache */
    *r = (srv_request){.server = s, .conn = conn, .media = head.media,
                       .bad_head = head_fault(&head, version)};
    clock_gettime(CLOCK_MONOTONIC, &r->start);
    copy_method(r->method, sizeof r->method, method);
    nb_copy_cut(r->path, sizeof r->path, url);
    r->route = srv_route_find(url);
    if (valid_request_id(head.request_id)) {
        nb_copy_cut(r->id, sizeof r->id, head.request_id);
    } else {
        unsigned long long n = atomic_fetch_add(&s->next_id, 1) + s->id_salt;
        n ^= n >> 31, n *= 0x9e3779b97f4a7c15ULL, n ^= n >> 29;
        for (int i = 15; i >= 0; i--, n >>= 4) /* 16 hex digits */
            r->id[i] = "0123456789abcdef"[n & 15];
        r->id[16] = '\0';
    }
    /* within max_body: reserved once, never regrown (0 when refused or unknown) */
    unsigned long long length = head.length && !r->bad_head ? strtoull(head.length, NULL, 10)
                                                             : 0;
    if (length > s->cfg.max_body_mb << 20)
        r->too_large = true;
    else if (length) {
        r->cap = length + 1;
        r->body = malloc(r->cap);
        r->no_memory = !r->body;
    }
    atomic_fetch_add(&s->in_flight, 1);
    return r;
}

/* Appends an upload chunk to the body, growing it (doubling) when needed; false when
 * there is no memory for it (the body so far is kept, to be freed with the request). */
static bool hold(srv_request *r, const char *data, size_t size)
{
    if (r->len + size + 1 > r->cap) {
        size_t cap = (r->len + size + 1) * 2;
        char *grown = realloc(r->body, cap);
        if (!grown)
            return false;
        r->body = grown;
        r->cap = cap;
    }
    memcpy(r->body + r->len, data, size);
    r->len += size;
    return true;
}

static enum MHD_Result handle(void *cls, struct MHD_Connection *conn, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **con_cls)
{
    srv_server *s = cls;
    srv_request *r = *con_cls;
    size_t max_body = s->cfg.max_body_mb << 20;
    if (!r) {
        r = *con_cls = begin(s, conn, url, method, version);
        if (r->bad_head || r->too_large || r->no_memory) { /* refuse before reading */
            dispatch(r);
            return queue_answer(r);
        }
        return MHD_YES;
    }
    if (r->answered)
        return queue_answer(r); /* after a worker resumed the connection */
    if (*upload_size) {
        if (r->too_large || r->no_memory)
            ; /* the answer is known: the rest is read and dropped */
        else if (r->len + *upload_size > max_body)
            r->too_large = true;
        else
            r->no_memory = !hold(r, upload, *upload_size);
        *upload_size = 0;
        return MHD_YES;
    }
    dispatch(r);
    return r->answered ? queue_answer(r) : MHD_YES;
}

static void completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    (void)conn;
    srv_server *s = cls;
    srv_request *r = *con_cls;
    if (!r)
        return;
    double seconds = elapsed(&r->start);
    int status = r->answered ? r->status : 500;
    srv_metrics_observe(s->metrics, r->route ? r->route->id : SRV_UNKNOWN, status, seconds);
    if (s->cfg.log) {
        char when[32];
        time_t now = time(NULL);
        struct tm tm;
        strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
        fprintf(stderr, "{\"time\":\"%s\",\"method\":\"%s\",\"path\":\"%s\",\"status\":%d,"
                        "\"ms\":%.3f,\"bytes_in\":%zu,\"request_id\":\"%s\"%s}\n",
                when, r->method, r->route ? r->route->path : "(unknown)", status,
                seconds * 1e3, r->len, r->id,
                why == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : ",\"aborted\":true");
    }
    if (!r->out_static)
        free(r->out);
    free(r->body);
    json_decref(r->json);
    free(r);
    *con_cls = NULL;
    atomic_fetch_sub(&s->in_flight, 1);
}

srv_server *srv_server_start(const srv_config *cfg, const char *openapi, size_t openapi_len,
                             char *err, size_t errlen)
{
    srv_server *s = nb_xcalloc(1, sizeof *s);
    s->cfg = *cfg;
    s->openapi = openapi;
    s->openapi_len = openapi_len;
    s->solver.cache = nb_cache_new((size_t)cfg->cache_mb << 20);
    s->solver.limits = cfg->limits.lib;
    s->api = (api_context){&s->solver, &s->cfg.limits};
    s->pool = srv_pool_new(cfg->workers, cfg->queue);
    s->metrics = srv_metrics_new();
    json_t *catalog = api_catalog(&s->cfg.limits);
    s->catalog = api_write(catalog, &s->catalog_len);
    json_decref(catalog);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    s->id_salt = (unsigned long long)now.tv_nsec * 2654435761ULL ^ (unsigned long long)getpid() << 32;

    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons((uint16_t)cfg->port)};
    if (inet_pton(AF_INET, cfg->bind, &addr.sin_addr) != 1) {
        snprintf(err, errlen, "--bind %s is not an IPv4 address", cfg->bind);
        srv_server_stop(s, 0);
        return NULL;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ITC;
    s->daemon = MHD_start_daemon(
        flags, (uint16_t)cfg->port, NULL, NULL, handle, s,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->conn_timeout,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)cfg->conn_memory_kb << 10,
        MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u,
        MHD_OPTION_NOTIFY_COMPLETED, completed, s,
        MHD_OPTION_END);
    if (!s->daemon) {
        snprintf(err, errlen, "cannot listen on %s:%lu", cfg->bind, cfg->port);
        srv_server_stop(s, 0);
        return NULL;
    }
    return s;
}

unsigned srv_server_port(const srv_server *s)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void srv_server_drain(srv_server *s) { atomic_store(&s->draining, true); }

void srv_server_stop(srv_server *s, double timeout)
{
    if (!s)
        return;
    if (s->daemon) {
        MHD_socket listener = MHD_quiesce_daemon(s->daemon);
        if (listener != MHD_INVALID_SOCKET)
            close(listener);
        struct timespec since;
        clock_gettime(CLOCK_MONOTONIC, &since);
        while (atomic_load(&s->in_flight) > 0 && elapsed(&since) < timeout) {
            struct timespec pause = {0, 10 * 1000000L};
            nanosleep(&pause, NULL);
        }
    }
    srv_pool_free(s->pool); /* runs what is queued; workers resume their connections */
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    srv_metrics_free(s->metrics);
    nb_cache_free(s->solver.cache);
    free(s->catalog);
    free(s);
}
