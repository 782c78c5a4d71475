/* srv_request.h - what the server's modules share: the server's state and the record of
 * one HTTP request, from its head to its logged completion. */
#ifndef SRV_REQUEST_H
#define SRV_REQUEST_H

#include <microhttpd.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

#include "api_endpoints.h"
#include "srv_config.h"
#include "srv_metrics.h"
#include "srv_pool.h"
#include "srv_routes.h"
#include "srv_tally.h"

typedef struct srv_watch srv_watch;
struct srv_request;

/* Where a connection is (srv_watch.h). */
typedef enum srv_phase { SRV_IDLE, SRV_BODY, SRV_WORK } srv_phase;

/* What the server keeps of one connection, from its opening to its close: what
 * libmicrohttpd hides of its request target, and what the watch looks at. Owned by the
 * server (made and freed in the connection's notifications). */
typedef struct srv_socket {
    bool nul_in_target;
    size_t query_parameters; /* in the raw target when over SRV_MAX_QUERY_PARAMETERS (its
                              * query then dropped), else 0 */
    int fd;
    atomic_int phase;        /* srv_phase */
    atomic_llong since_ns;   /* CLOCK_MONOTONIC when the phase began */
    struct srv_request *request; /* the request under way, or NULL (the watch's lock) */
    unsigned closed_ticks;   /* watch ticks in a row its client was seen gone (the watch's) */
    bool cut;                /* the watch shut it down (the watch's) */
    struct srv_socket *prev, *next; /* the watch's list (its lock) */
} srv_socket;

/* Owns its daemons, pool, metrics, cache and catalog text. */
typedef struct srv_server {
    srv_config cfg;
    struct MHD_Daemon *daemon;
    struct MHD_Daemon *metrics_daemon; /* the --metrics-listen listener, or NULL */
    srv_pool *pool;
    srv_pool *reclaimer;  /* one thread that frees what requests leave (parsed trees) */
    srv_watch *watch;     /* deadlines, clients gone, queued requests overdue, memory */
    srv_metrics *metrics;
    struct srv_limiter *limiter; /* --rate-limit's buckets, or NULL when it is 0 */
    nb_solver solver;
    nb_store *store;      /* the table store beneath the solver's cache, or NULL */
    api_context api;
    char *catalog[2];     /* GET /v1/games, rendered once; [1] under ?int64=string */
    size_t catalog_len[2];
    uint64_t etag_seed;   /* the hash of what decides every answer but its request: the
                           * build's commit and the catalog, which holds the limits */
    atomic_bool draining;
    atomic_bool closing;  /* the drain is over: new connections are closed at once */
    atomic_bool stopping; /* the shutdown timeout passed: every request's budget is spent */
    nb_memory_pool memory;  /* what the requests may hold together: under an address-space
                             * limit (RLIMIT_AS) and --max-memory-mb (the watch sets its
                             * capacity; 0 without either) */
    unsigned long as_limit_mb; /* that limit, 0: none */
    atomic_uint_least64_t as_room; /* the bytes that limit leaves the requests, 0: none
                                    * (set once the threads are started) */
    unsigned long long id_salt;
    srv_tally in_flight;  /* requests begun and not yet completed */
    srv_tally unfilled;   /* bytes reserved for bodies being received and not yet written:
                           * memory the process is about to hold */
    /* Written now and then by any request: kept off the lines of what every request reads. */
    char before_counters[64];
    atomic_llong last_request_ns; /* CLOCK_MONOTONIC when a request last began (to 1 ms) */
    atomic_ullong next_id; /* threads numbered for request ids */
    char after_counters[64];
} srv_server;

/* Under an address-space limit (RLIMIT_AS), the MiB kept free of what requests may hold
 * and bodies may take: room for answers being written, connections' buffers and the
 * allocator's own growth. */
#define SRV_AS_HEADROOM_MB 96

/* More query parameters than any route reads, and far fewer than fill a connection's
 * memory: libmicrohttpd 0.9.75 keeps each parameter in the connection's pool and, once
 * the pool is full (958 parameters in 64 KiB), never answers at all. */
#define SRV_MAX_QUERY_PARAMETERS 64

/* One request. Owns `body`, `json` and `out` (unless out_static); borrows the rest. */
typedef struct srv_request {
    srv_server *server;
    struct MHD_Connection *conn;
    srv_socket *sock;     /* its connection's, or NULL */
    const srv_route *route;
    char method[16];
    char path[128];       /* for /problems/<kind>: a longer path, cut, names no kind */
    char id[80];
    char client[48];      /* the client's address, as logged */
    uint64_t client_key;  /* a hash of it: its rate limit and its share of the workers */
    unsigned rate_limited; /* past --rate-limit: the seconds until its next token (429) */
    char traceparent[56]; /* a valid W3C traceparent that came in, echoed; else "" */
    const char *game;     /* the registered game type asked about (static), or NULL */
    const char *problem;  /* the kind of problem answered (static), or NULL */
    nb_method decided_by; /* how an analysis was decided (/v1/analyze), or unset */
    struct timespec start;
    char *body;           /* gathered upload */
    size_t len, cap;
    double known_at;      /* seconds into the request when its answer became known while
                           * its body came: the rest is read and dropped for a while */
    bool filling;         /* cap - len is counted in the server's `unfilled` */
    bool too_large;
    bool refuse_first;    /* answered before its body is read: a bad head, a body over a
                           * limit that is not worth reading, one the client waits to
                           * send (Expect: 100-continue) that would be refused anyway */
    bool bad_media_first; /* such a body is not application/json: its 415 at once */
    bool no_memory;       /* the body could not be held: 503 */
    unsigned long over_memory; /* the MiB the process would hold (or its address space
                                * take) when past max_memory_mb or RLIMIT_AS (0: not): 503 */
    const char *bad_head; /* why the head is unusable (static text): answered with
                           * bad_head_status (400, 501), then the connection closes */
    int bad_head_status;
    const char *media;    /* Content-Type, borrowed from libmicrohttpd, or NULL */
    const char *if_none_match; /* If-None-Match, borrowed from libmicrohttpd, or NULL */
    const char *game_text; /* a GET's game (the query's `game`), borrowed, or NULL */
    char etag[24];        /* a GET's strong entity tag, quoted; "" for other requests */
    bool gzip_ok;         /* Accept-Encoding makes gzip acceptable: an answer over
                           * SRV_GZIP_MIN_BYTES goes compressed, and an ETag names it */
    json_t *json;         /* parsed body, for a worker */
    bool on_worker;       /* handed to a worker, and so registered with the watch */
    nb_budget budget;     /* the request's time and memory, from its parse to its answer */
    api_query query;      /* what the query string asks (read_query) */
    size_t query_parameters; /* how many the target held when over
                              * SRV_MAX_QUERY_PARAMETERS (then none were parsed), else 0 */
    /* the answer, once known */
    bool answered;
    bool queued;          /* its response is handed to libmicrohttpd */
    int status;
    char *out;            /* malloc'ed, or static when out_static */
    size_t out_len;
    bool out_static;
    bool encoded;         /* out is as it goes: compressed, or judged not worth it */
    bool gzipped;         /* out is gzip (Content-Encoding) */
    const char *content_type;
    const char *allow;    /* for 405 */
    bool retry_after;     /* for 503 */
    bool preflight;       /* a CORS preflight (OPTIONS) */
} srv_request;

#endif
