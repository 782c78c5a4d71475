/* srv_metrics.h - request counts and latency histograms by route and status, rendered in
 * the Prometheus text format with the cache's and the worker pool's gauges. */
#ifndef SRV_METRICS_H
#define SRV_METRICS_H

#include <stddef.h>

#include "nimber.h"
#include "srv_routes.h"


/* The build: its version (openapi.yaml's info.version) and git commit ("unknown" outside
 * a checkout), for /metrics and --version. */
extern const char srv_build_version[], srv_build_commit[];

typedef struct srv_metrics srv_metrics;

srv_metrics *srv_metrics_new(void);
void srv_metrics_free(srv_metrics *m);
/* Thread-safe (atomic counters, a shard per thread). */
void srv_metrics_observe(srv_metrics *m, srv_route_id route, int status, double seconds);
/* Counts one position of game type `type` (a name not in the registry counts as other). */
void srv_metrics_game(srv_metrics *m, const char *type);
/* Counts how long a request about one game of that type took (a registered type). */
void srv_metrics_observe_game(srv_metrics *m, const char *type, double seconds);

/* What the connection watch (srv_watch.h) did. */
typedef struct srv_watch_stats {
    uint64_t connections;   /* open now */
    uint64_t closed_gone;   /* connections whose client left mid-request, closed */
    uint64_t closed_late;   /* heads and bodies past their deadlines, closed */
    uint64_t expired;       /* requests that waited for a worker past their budget */
    uint64_t stopped;       /* requests stopped when the process passed max_memory_mb */
} srv_watch_stats;

typedef struct srv_gauges {
    nb_counters lib;      /* the cache's, the table store's, the quotient growths' */
    srv_watch_stats watch;
    size_t queue_waiting, queue_running, workers, queue_capacity, in_flight;
} srv_gauges;

/* The exposition text: malloc'ed, caller frees; *len gets its length. */
char *srv_metrics_render(srv_metrics *m, const srv_gauges *g, size_t *len);

#endif
