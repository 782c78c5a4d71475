/* srv_http.c - the daemon and each request's life: listening with its limits, the record
 * begun from the head, the body gathered over the handler's calls, the answer queued on
 * the final call (inline, or once a worker resumed the connection), and the completion
 * that counts, logs and frees it. */
#include "srv_http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "api_write.h"
#include "nimber.h"
#include "srv_answer.h"
#include "srv_dispatch.h"
#include "srv_edge.h"
#include "srv_head.h"
#include "srv_limit.h"
#include "srv_log.h"
#include "srv_request.h"
#include "srv_watch.h"

/* How far past --max-body-mb a body announced by its length is still read (and dropped)
 * before its 413; a longer one is answered at once and its connection closed. */
#define LINGER_BYTES ((unsigned long long)64 << 20)
/* How long the rest of a body whose answer is known is read and dropped, at most (as
 * nginx's lingering_time): then it is answered and its connection closed. */
#define LINGER_SECONDS 10.0

/* Requests' leftovers waiting for the reclaimer; past it a worker frees its own. */
#define RECLAIM_QUEUE 1024

/* CLOCK_MONOTONIC in ns. */
static long long monotonic_ns(const struct timespec *t)
{
    return (long long)t->tv_sec * 1000000000LL + t->tv_nsec;
}

/* Seconds since a CLOCK_MONOTONIC time; the time now in *now when asked for. */
static double srv_elapsed_now(const struct timespec *since, long long *now_ns)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (now_ns)
        *now_ns = monotonic_ns(&now);
    return (double)(now.tv_sec - since->tv_sec) + (now.tv_nsec - since->tv_nsec) / 1e9;
}

static double srv_elapsed(const struct timespec *since)
{
    return srv_elapsed_now(since, NULL);
}

/* The process's address space in MiB (/proc/self/statm's size), 0 when unknown. */
static unsigned long address_space_mb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long size = 0;
    if (f) {
        if (fscanf(f, "%lu", &size) != 1)
            size = 0;
        fclose(f);
    }
    return (unsigned long)((unsigned long long)size * (unsigned long long)sysconf(_SC_PAGESIZE) >> 20);
}

/* The MiB the process would hold with `more` bytes taken for a body: what it holds, the
 * bodies being received (their reserved room not yet written) and those bytes; 0 when
 * that is within --max-memory-mb (or it is 0). The bodies count: 30 uploads held open
 * would otherwise each be let in while the process still looks small. */
static unsigned long over_memory(srv_server *s, size_t more)
{
    unsigned long coming = (unsigned long)((srv_tally_sum(&s->unfilled) + more) >> 20);
    unsigned long space = s->as_limit_mb ? address_space_mb() + coming : 0;
    if (space && space + SRV_AS_HEADROOM_MB > s->as_limit_mb)
        return space;
    if (!s->cfg.max_memory_mb)
        return 0;
    unsigned long mb = srv_resident_mb() + coming;
    return mb > s->cfg.max_memory_mb ? mb : 0;
}

/* Counts `bytes` more of room reserved for r's body (r->cap grows by them). */
static void reserve(srv_request *r, size_t bytes)
{
    r->cap += bytes;
    r->filling = true;
    srv_tally_add(&r->server->unfilled, (long long)bytes);
}

/* The body is complete (or dropped): its room left unwritten is no longer counted. */
static void body_done(srv_request *r)
{
    if (r->filling)
        srv_tally_add(&r->server->unfilled, -(long long)(r->cap - r->len));
    r->filling = false;
}

/* The client's address as text ("" when unknown): the first of X-Forwarded-For's when
 * the proxy in front is trusted and it is an address, else the connection's peer's. */
static void client_address(struct MHD_Connection *conn, const char *forwarded, bool trusted,
                           char *out, size_t size)
{
    if (trusted && forwarded) {
        char first[64];
        size_t n = strcspn(forwarded + strspn(forwarded, " "), " ,");
        snprintf(first, sizeof first, "%.*s", (int)(n < 63 ? n : 63),
                 forwarded + strspn(forwarded, " "));
        unsigned char bytes[16];
        if (n < 63 && (inet_pton(AF_INET, first, bytes) == 1 ||
                       inet_pton(AF_INET6, first, bytes) == 1)) {
            nb_copy_cut(out, size, first);
            return;
        }
    }
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *sa = info ? info->client_addr : NULL;
    out[0] = '\0';
    if (sa && sa->sa_family == AF_INET && size >= 16)
        srv_head_ipv4_text(out, (const unsigned char *)&((const struct sockaddr_in *)sa)->sin_addr);
    else if (sa && sa->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)sa)->sin6_addr, out, (socklen_t)size);
}

/* A request's record, from its head read in one walk: what is wrong with the head, its
 * media type, its id (echoed or made), and room for its body reserved from its length.
 * on_metrics: it came to the --metrics-listen listener. */
static srv_request *begin(srv_server *s, bool on_metrics, struct MHD_Connection *conn,
                          const char *url, const char *method, const char *version)
{
    srv_head head;
    srv_head_read(conn, &head);
    srv_request *r = nb_xmalloc(sizeof *r); /* not calloc: glibc's skips the thread cache */
    *r = (srv_request){.server = s, .conn = conn, .media = head.media,
                       .if_none_match = head.if_none_match,
                       .gzip_ok = srv_accept_gzip(&head.accept)};
    clock_gettime(CLOCK_MONOTONIC, &r->start);
    r->bad_head = srv_head_fault(&head, version, &r->bad_head_status);
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    srv_socket *sock = info ? info->socket_context : NULL;
    if (sock && sock->nul_in_target && !r->bad_head) {
        r->bad_head = "the request target holds a NUL byte (%00)";
        r->bad_head_status = 400;
    }
    if (sock) {
        r->query_parameters = sock->query_parameters;
        /* the next request on the connection starts clean */
        sock->nul_in_target = false, sock->query_parameters = 0;
        r->sock = sock;
        srv_watch_phase(sock, SRV_BODY, monotonic_ns(&r->start));
    }
    long long began = monotonic_ns(&r->start);
    /* to the millisecond: a line the threads write on every request costs them all */
    if (began - atomic_load_explicit(&s->last_request_ns, memory_order_relaxed) >= 1000000)
        atomic_store_explicit(&s->last_request_ns, began, memory_order_relaxed);
    srv_head_copy_method(r->method, sizeof r->method, method);
    nb_copy_cut(r->path, sizeof r->path, url);
    r->route = srv_route_find(url);
    /* /metrics on its own listener, and only there */
    if (s->cfg.metrics_listen[0] && r->route && (r->route->id == SRV_METRICS) != on_metrics)
        r->route = NULL;
    /* the client: the log's, and the key of its rate limit and its share of the workers */
    client_address(conn, head.forwarded_for, s->cfg.trust_proxy, r->client, sizeof r->client);
    r->client_key = srv_client_key(r->client);
    if (s->limiter && r->route && r->route->id != SRV_HEALTHZ && r->route->id != SRV_READYZ &&
        r->route->id != SRV_METRICS && strcmp(method, "OPTIONS")) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        r->rate_limited = srv_limiter_take(s->limiter, r->client_key,
                                           now.tv_sec * 1000000000LL + now.tv_nsec);
    }
    if (srv_head_valid_traceparent(head.traceparent))
        nb_copy_cut(r->traceparent, sizeof r->traceparent, head.traceparent);
    if (srv_head_valid_id(head.request_id)) {
        nb_copy_cut(r->id, sizeof r->id, head.request_id);
    } else {
        /* the calling thread's number over its own count: unique, and no line shared */
        static _Thread_local unsigned long long counted;
        if (!counted)
            counted = (atomic_fetch_add(&s->next_id, 1) + 1) << 40;
        unsigned long long n = ++counted + s->id_salt; /* mixed one to one: */
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
    if (head.expects_continue && r->route && r->route->endpoint && !srv_json_media(r->media))
        r->bad_media_first = true; /* its 415 before the client sends it */
    else if (r->route && r->route->endpoint) /* a computation: refused before its body */
        r->over_memory = over_memory(s, length);
    if (length && !r->too_large && !r->over_memory && !r->rate_limited) {
        r->body = malloc(length + 1);
        r->no_memory = !r->body;
        if (r->body)
            reserve(r, length + 1);
    }
    /* A body refused (too large, no memory for it) is read and dropped for LINGER_SECONDS
     * before its answer, so that a client that writes it all first reads the answer, not
     * a reset; answered at once: a client that waits for our go-ahead (Expect:
     * 100-continue), and a body announced more than LINGER_BYTES long (past max_body_mb
     * when that refuses it). */
    bool refused = r->too_large || r->no_memory || r->over_memory || r->rate_limited;
    unsigned long long within = r->too_large ? s->cfg.max_body_mb << 20 : 0;
    r->refuse_first = r->bad_head || r->bad_media_first ||
                      (refused && (head.expects_continue || length - within > LINGER_BYTES));
    srv_tally_add(&s->in_flight, 1);
    return r;
}

/* Appends an upload chunk to the body, growing it (doubling) when needed, within
 * max_memory_mb; false when there is no memory for it (the body so far is kept, to be
 * freed with the request). */
static bool hold(srv_request *r, const char *data, size_t size)
{
    if (r->len + size + 1 > r->cap) {
        size_t cap = (r->len + size + 1) * 2;
        if ((r->over_memory = over_memory(r->server, cap - r->cap)))
            return false;
        char *grown = realloc(r->body, cap);
        if (!grown)
            return false;
        r->body = grown;
        reserve(r, cap - r->cap);
    }
    memcpy(r->body + r->len, data, size);
    r->len += size;
    if (r->filling)
        srv_tally_add(&r->server->unfilled, -(long long)size);
    return true;
}

/* Whether a new connection is served: not once the server closes. (This stands in for
 * MHD_quiesce_daemon, which with epoll and a thread pool races the workers' own removal
 * of the listening socket and then aborts the process: libmicrohttpd 0.9.75.) */
static enum MHD_Result accept_new(void *cls, const struct sockaddr *addr, socklen_t len)
{
    (void)addr, (void)len;
    return atomic_load(&((srv_server *)cls)->closing) ? MHD_NO : MHD_YES;
}

/* A connection's record, made when it opens and watched until it closes. */
static void notify_connection(void *cls, struct MHD_Connection *conn, void **socket_context,
                              enum MHD_ConnectionNotificationCode code)
{
    srv_server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info =
            MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
        srv_socket *sock = nb_xmalloc(sizeof *sock);
        *sock = (srv_socket){.fd = info ? info->connect_fd : -1};
        *socket_context = sock;
        if (sock->fd >= 0)
            srv_watch_add(s->watch, sock);
    } else if (*socket_context) {
        srv_socket *sock = *socket_context;
        if (sock->fd >= 0) /* before libmicrohttpd closes the descriptor */
            srv_watch_remove(s->watch, sock);
        free(sock);
        *socket_context = NULL;
    }
}

/* libmicrohttpd's own unescaping of the path and of each query key and value, noting a
 * decoded NUL on the connection. */
static size_t unescape(void *cls, struct MHD_Connection *conn, char *text)
{
    (void)cls;
    size_t n = MHD_http_unescape(text);
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (strlen(text) != n && info && info->socket_context)
        ((srv_socket *)info->socket_context)->nul_in_target = true;
    return n;
}

/* Sees the raw request target before libmicrohttpd parses its query: a query of more
 * than SRV_MAX_QUERY_PARAMETERS parameters is noted on the connection and cut to nothing, in
 * place, so that libmicrohttpd parses none of it (the request is answered 400). The
 * target lies in the connection's own buffer, which libmicrohttpd reads only after this. */
static void *see_target(void *cls, const char *uri, struct MHD_Connection *conn)
{
    (void)cls;
    char *query = strchr(uri, '?');
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(conn, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    if (!query || !info || !info->socket_context)
        return NULL;
    size_t n = 1;
    for (const char *p = query; *p; p++)
        n += *p == '&';
    if (n > SRV_MAX_QUERY_PARAMETERS) {
        ((srv_socket *)info->socket_context)->query_parameters = n;
        query[1] = '\0';
    }
    return NULL; /* the request's record is begun by handle() */
}

/* The request's body is in (or its answer known): the connection is no longer waiting
 * for its client. */
static void at_work(srv_request *r)
{
    if (r->sock)
        srv_watch_phase(r->sock, SRV_WORK, 0);
}

/* Computes the request's answer, or hands it to a worker, and queues an answer this
 * thread made. A request handed to a worker is the worker's until the worker resumes the
 * connection, and nothing of it is read here meanwhile (its answer may be half written);
 * the handler's next call queues it. */
static enum MHD_Result dispatch(srv_request *r)
{
    at_work(r);
    srv_dispatch(r);
    return r->on_worker || !r->answered ? MHD_YES : srv_answer_queue(r);
}

static enum MHD_Result handle(srv_server *s, bool on_metrics, struct MHD_Connection *conn,
                              const char *url, const char *method, const char *version,
                              const char *upload, size_t *upload_size, void **con_cls)
{
    srv_request *r = *con_cls;
    size_t max_body = s->cfg.max_body_mb << 20;
    if (!r) {
        r = *con_cls = begin(s, on_metrics, conn, url, method, version);
        if (r->refuse_first) /* before the body */
            return dispatch(r);
        return MHD_YES;
    }
    if (r->answered)
        return srv_answer_queue(r); /* after a worker resumed the connection */
    if (*upload_size) {
        bool known = r->too_large || r->no_memory || r->over_memory || r->rate_limited;
        if (!known && r->len + *upload_size > max_body)
            r->too_large = true;
        else if (!known)
            r->no_memory = !hold(r, upload, *upload_size) && !r->over_memory;
        if (!known && (r->too_large || r->no_memory || r->over_memory)) {
            body_done(r); /* the answer is known: the rest is read and dropped, a while */
            r->known_at = srv_elapsed(&r->start);
        }
        *upload_size = 0;
        if (known && srv_elapsed(&r->start) - r->known_at > LINGER_SECONDS)
            return dispatch(r); /* enough: answered now, and the connection closed */
        return MHD_YES;
    }
    body_done(r);
    return dispatch(r);
}

/* libmicrohttpd's handlers on the API's listener and on --metrics-listen's: which one a
 * request came to is told here, fixed before either listener starts (a daemon's handle
 * is stored only after its threads may have begun to serve). */
static enum MHD_Result handle_api(void *cls, struct MHD_Connection *conn, const char *url,
                                  const char *method, const char *version, const char *upload,
                                  size_t *upload_size, void **con_cls)
{
    return handle(cls, false, conn, url, method, version, upload, upload_size, con_cls);
}

static enum MHD_Result handle_metrics(void *cls, struct MHD_Connection *conn, const char *url,
                                      const char *method, const char *version,
                                      const char *upload, size_t *upload_size, void **con_cls)
{
    return handle(cls, true, conn, url, method, version, upload, upload_size, con_cls);
}

static void completed(void *cls, struct MHD_Connection *conn, void **con_cls,
                      enum MHD_RequestTerminationCode why)
{
    (void)conn;
    srv_server *s = cls;
    srv_request *r = *con_cls;
    if (!r)
        return;
    body_done(r); /* a client gone mid-body */
    nb_budget_end(&r->budget); /* what it still held, given back to the pool */
    long long now;
    double seconds = srv_elapsed_now(&r->start, &now);
    int status = r->answered ? r->status : 500;
    srv_metrics_observe(s->metrics, r->route ? r->route->id : SRV_UNKNOWN, status, seconds);
    if (r->game)
        srv_metrics_observe_game(s->metrics, r->game, seconds);
    if (s->cfg.log)
        srv_log_request(r, status, seconds, why != MHD_REQUEST_TERMINATED_COMPLETED_OK);
    if (r->sock) { /* waiting for the connection's next request */
        if (r->on_worker)
            srv_watch_request(s->watch, r->sock, NULL);
        srv_watch_phase(r->sock, SRV_IDLE, now);
    }
    if (!r->out_static)
        free(r->out);
    free(r->body);
    json_decref(r->json);
    free(r);
    *con_cls = NULL;
    srv_tally_add(&s->in_flight, -1);
}

/* A socket listening on bind:port (an IPv4 or IPv6 address), or -1 with the reason in err. SO_REUSEADDR lets a
 * restart bind past the last run's connections in TIME_WAIT (on Linux it never lets two
 * listeners share a port); SO_REUSEPORT, which does, only when the operator asks for it. */
static int open_listener(const char *bind_to, unsigned long port, bool reuse_port, char *err,
                         size_t errlen)
{
    struct sockaddr_in v4 = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    struct sockaddr_in6 v6 = {.sin6_family = AF_INET6, .sin6_port = htons((uint16_t)port)};
    bool is_v4 = inet_pton(AF_INET, bind_to, &v4.sin_addr) == 1;
    if (!is_v4 && inet_pton(AF_INET6, bind_to, &v6.sin6_addr) != 1) {
        snprintf(err, errlen, "--bind %s is not an IPv4 or IPv6 address", bind_to);
        return -1;
    }
    const struct sockaddr *addr = is_v4 ? (const struct sockaddr *)&v4 : (const struct sockaddr *)&v6;
    socklen_t addr_len = is_v4 ? sizeof v4 : sizeof v6;
    int fd = socket(addr->sa_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1, off = 0; /* "::" takes IPv4 clients too (dual stack) */
    if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) ||
        (!is_v4 && setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &off, sizeof off)) ||
        (reuse_port && setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on)) ||
        bind(fd, addr, addr_len) || listen(fd, SOMAXCONN)) {
        int why = errno;
        snprintf(err, errlen, "cannot listen on %s:%lu: %s%s", bind_to, port, strerror(why),
                 why == EADDRINUSE ? " (another process listens there; --reuse-port 1 shares a "
                                     "port between processes)" : "");
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* Connections the metrics listener takes at once: scrapers, not clients. */
#define METRICS_CONNECTIONS 64

/* The --metrics-listen listener: one thread, the same handler, /metrics alone. */
static bool start_metrics(srv_server *s, char *err, size_t errlen)
{
    const srv_config *cfg = &s->cfg;
    int listener = open_listener(cfg->metrics_bind, cfg->metrics_port, false, err, errlen);
    if (listener < 0)
        return false;
    s->metrics_daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_USE_ITC, 0, NULL, NULL,
        handle_metrics, s,
        MHD_OPTION_LISTEN_SOCKET, listener,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->conn_timeout,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)METRICS_CONNECTIONS,
        MHD_OPTION_NOTIFY_COMPLETED, completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, s,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, see_target, NULL,
        MHD_OPTION_END);
    if (!s->metrics_daemon) {
        snprintf(err, errlen, "cannot serve metrics on %s: libmicrohttpd did not start",
                 cfg->metrics_listen);
        close(listener);
    }
    return s->metrics_daemon != NULL;
}

/* Under an address-space limit, an allocation past it fails: what the requests may hold
 * together (their pool) is what the limit leaves once the threads are started (those of
 * libmicrohttpd, yet to come, counted by their stacks), less the headroom, and no request
 * may hold more than that (its max_request_mb is lowered to it: a request past it is a
 * 422, never an allocation that fails). */
static void limit_to_address_space(srv_server *s)
{
    struct rlimit as, stack;
    if (getrlimit(RLIMIT_AS, &as) || as.rlim_cur == RLIM_INFINITY)
        return;
    unsigned long stack_mb = getrlimit(RLIMIT_STACK, &stack) || stack.rlim_cur == RLIM_INFINITY
                                 ? 8 : (unsigned long)(stack.rlim_cur >> 20) + 1;
    s->as_limit_mb = (unsigned long)(as.rlim_cur >> 20);
    unsigned long used = address_space_mb() + (s->cfg.threads + 2) * stack_mb +
                         SRV_AS_HEADROOM_MB;
    unsigned long room = s->as_limit_mb > used ? s->as_limit_mb - used : 1;
    atomic_store(&s->as_room, (uint64_t)room << 20);
    atomic_store(&s->memory.capacity, (uint64_t)room << 20);
    if (!s->cfg.max_request_mb || s->cfg.max_request_mb > room)
        s->cfg.limits.max_request_mb = s->cfg.max_request_mb = room;
}

/* How long a table file another process may use is kept past the directory's cap: the
 * writer marks the files it holds every minute, so ten minutes spare any file in use. */
#define STORE_GRACE_SECONDS 600

static void log_store_event(void *arg, const char *event, const char *file, const char *detail)
{
    const srv_server *s = arg;
    srv_log_event(stderr, s->cfg.log, event, "%s: %s", file, detail);
}

srv_server *srv_server_start(const srv_config *cfg, char *err, size_t errlen)
{
    srv_server *s = nb_xcalloc(1, sizeof *s);
    s->cfg = *cfg;
    s->solver.cache = nb_cache_new((size_t)cfg->cache_mb << 20);
    if (cfg->table_dir[0]) {
        s->store = nb_store_open(cfg->table_dir, (uint64_t)cfg->table_dir_mb << 20,
                                 STORE_GRACE_SECONDS, log_store_event, s);
        nb_cache_attach_store(s->solver.cache, s->store);
    }
    s->solver.limits = cfg->limits.lib;
    s->api = (api_context){&s->solver, &s->cfg.limits, NULL};
    s->pool = srv_pool_new(cfg->workers, cfg->queue);
    s->limiter = srv_limiter_new(cfg->rate_limit);
    s->reclaimer = srv_pool_new(1, RECLAIM_QUEUE);
    s->watch = srv_watch_start(s);
    s->metrics = srv_metrics_new();
    limit_to_address_space(s); /* before the catalog, which gives max_request_mb */
    for (int strings = 0; strings < 2; strings++) {
        json_t *catalog = api_catalog(&s->cfg.limits, strings);
        s->catalog[strings] = api_write(catalog, &s->catalog_len[strings]);
        json_decref(catalog);
    }
    s->etag_seed = srv_etag_seed(s->catalog[0]);
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    s->id_salt = (unsigned long long)now.tv_nsec * 2654435761ULL ^ (unsigned long long)getpid() << 32;

    int listener = open_listener(cfg->bind, cfg->port, cfg->reuse_port, err, errlen);
    if (listener < 0) {
        srv_server_stop(s, 0);
        return NULL;
    }
    unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME |
                     MHD_USE_ITC;
    srv_edge_init(cfg->max_body_mb);
    s->daemon = MHD_start_daemon(
        flags, 0, accept_new, s, handle_api, s,
        MHD_OPTION_LISTEN_SOCKET, listener,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->threads,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)cfg->conn_timeout,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)cfg->max_connections,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)cfg->conn_memory_kb << 10,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)cfg->max_per_ip,
        MHD_OPTION_NOTIFY_COMPLETED, completed, s,
        MHD_OPTION_NOTIFY_CONNECTION, notify_connection, s,
        MHD_OPTION_UNESCAPE_CALLBACK, unescape, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, see_target, NULL,
        MHD_OPTION_END);
    if (!s->daemon) {
        snprintf(err, errlen, "cannot serve on %s:%lu: libmicrohttpd did not start", cfg->bind,
                 cfg->port);
        close(listener);
        srv_server_stop(s, 0);
        return NULL;
    }
    if (cfg->metrics_listen[0] && !start_metrics(s, err, errlen)) {
        srv_server_stop(s, 0);
        return NULL;
    }
    return s;
}

unsigned srv_server_metrics_port(const srv_server *s)
{
    if (!s->metrics_daemon)
        return 0;
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->metrics_daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

unsigned srv_server_port(const srv_server *s)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

void srv_server_drain(srv_server *s) { atomic_store(&s->draining, true); }

/* Seconds the answers of work stopped at shutdown may take to be sent. */
#define STOPPED_ANSWERS_SECONDS 2.0

/* Once the listener is closed, open connections are kept this many seconds, and longer
 * while requests keep beginning (one within ACTIVE_GRACE_SECONDS): a kept-alive
 * connection's next request is answered (with Connection: close) rather than cut off
 * mid-send, on a loaded machine too; then the idle ones are closed. */
#define KEEP_ALIVE_GRACE_SECONDS 2.0
#define ACTIVE_GRACE_SECONDS 0.5

static unsigned open_connections(const srv_server *s)
{
    const union MHD_DaemonInfo *info =
        MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_CURRENT_CONNECTIONS);
    return info ? info->num_connections : 0;
}

/* Seconds since a request last began. */
static double since_last_request(const srv_server *s)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return ((double)now.tv_sec * 1e9 + (double)now.tv_nsec -
            (double)atomic_load(&s->last_request_ns)) / 1e9;
}

/* Waits until no request is in flight, or `timeout` seconds passed; and also, for the
 * first `grace` seconds or while a request began within ACTIVE_GRACE_SECONDS after them,
 * until no connection is open. */
static void wait_in_flight(srv_server *s, double timeout, double grace)
{
    struct timespec since;
    clock_gettime(CLOCK_MONOTONIC, &since);
    double t;
    while ((t = srv_elapsed(&since)) < timeout &&
           (srv_tally_sum(&s->in_flight) > 0 ||
            (grace > 0 && open_connections(s) > 0 &&
             (t < grace || since_last_request(s) < ACTIVE_GRACE_SECONDS)))) {
        struct timespec pause = {0, 10 * 1000000L};
        nanosleep(&pause, NULL);
    }
}

void srv_server_stop(srv_server *s, double timeout)
{
    if (!s)
        return;
    if (s->daemon) {
        atomic_store(&s->closing, true);
        wait_in_flight(s, timeout, KEEP_ALIVE_GRACE_SECONDS);
        atomic_store(&s->stopping, true); /* what still computes stops at its next check */
    }
    srv_watch_stop(s->watch); /* before the pool it takes overdue requests from */
    srv_pool_free(s->pool); /* runs what is queued; workers resume their connections */
    srv_pool_free(s->reclaimer); /* after them: what they left is freed */
    if (s->daemon) /* the stopped requests' 503s go out before the connections close */
        wait_in_flight(s, STOPPED_ANSWERS_SECONDS, 0);
    if (s->daemon)
        MHD_stop_daemon(s->daemon);
    if (s->metrics_daemon)
        MHD_stop_daemon(s->metrics_daemon);
    srv_watch_free(s->watch); /* after the daemons: their connections are removed */
    srv_metrics_free(s->metrics);
    nb_cache_free(s->solver.cache); /* writes out what its writer has queued */
    nb_store_close(s->store);
    srv_limiter_free(s->limiter);
    free(s->catalog[0]);
    free(s->catalog[1]);
    free(s);
}
