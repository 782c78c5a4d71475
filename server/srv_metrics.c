/* srv_metrics.c - fixed arrays of atomic counters, a shard per thread: route x status x
 * bucket, and the game types asked for; the build's version and commit; the process's own
 * metrics. */
#include "srv_metrics.h"

#include <dirent.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "api_types.h"
#include "api_write.h"
#include "nimber.h"
#include "srv_tally.h"

#ifndef NIMBER_COMMIT
#define NIMBER_COMMIT "unknown"
#endif
#define NIMBER_VERSION "1.0.0" /* openapi.yaml's info.version */
const char srv_build_version[] = NIMBER_VERSION, srv_build_commit[] = NIMBER_COMMIT;
#define MAX_TYPES 32           /* registry rows counted; the rest count as "other" */

static const int statuses[] = {200, 204, 400, 404, 405, 413, 415, 422, 500, 503};
#define NSTATUS (sizeof statuses / sizeof *statuses)
static const double bounds[] = {0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05,
                                0.1,    0.25,  0.5,    1,     2.5,  5,     10};
#define NBUCKETS (sizeof bounds / sizeof *bounds)

typedef struct series {
    atomic_ullong buckets[NBUCKETS + 1]; /* the last is +Inf */
    atomic_ullong count, micros;
} series;

/* Every counter of the metrics. Each thread counts into a shard of its own (its stripe:
 * threads past the first NSHARDS - 1 share the last), so that no two threads write one
 * cache line on every request; the shards are summed when the metrics are rendered. Only
 * atomic_ullong members: a shard is summed as a flat array of them. */
typedef struct counters {
    series s[SRV_ROUTES][NSTATUS];
    atomic_ullong games[MAX_TYPES + 1]; /* by registry row; the last: an unknown type */
    series by_game[MAX_TYPES];          /* a single game's requests' durations, by row */
} counters;
#define NSHARDS SRV_STRIPES
#define COUNTERS (sizeof(counters) / sizeof(atomic_ullong))
_Static_assert(sizeof(counters) % sizeof(atomic_ullong) == 0, "a shard is counters alone");

struct srv_metrics {
    counters shards[NSHARDS];
    double started; /* seconds since the epoch when the metrics began: the process start */
};

/* The calling thread's shard. */
static counters *mine(srv_metrics *m) { return &m->shards[srv_stripe()]; }

static void count(atomic_ullong *c, unsigned long long n)
{
    atomic_fetch_add_explicit(c, n, memory_order_relaxed);
}

/* Every shard's counters summed into *total (malloc'ed, caller frees). */
static counters *sum_shards(const srv_metrics *m)
{
    counters *total = nb_xcalloc(1, sizeof *total);
    atomic_ullong *to = (atomic_ullong *)total;
    for (size_t i = 0; i < COUNTERS; i++) {
        unsigned long long sum = 0;
        for (size_t k = 0; k < NSHARDS; k++)
            sum += atomic_load_explicit((const atomic_ullong *)&m->shards[k] + i,
                                        memory_order_relaxed);
        atomic_init(&to[i], sum);
    }
    return total;
}

srv_metrics *srv_metrics_new(void)
{
    srv_metrics *m = nb_xcalloc(1, sizeof(srv_metrics));
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    m->started = (double)now.tv_sec + (double)now.tv_nsec / 1e9;
    return m;
}

/* The process metrics every Prometheus client library exports, under their names: CPU
 * seconds, resident and virtual memory (/proc/self/stat), open and most file
 * descriptors, and the start time. */
static void put_process(const srv_metrics *m, api_buf *t)
{
    unsigned long long utime = 0, stime = 0, vsize = 0, rss_pages = 0;
    FILE *f = fopen("/proc/self/stat", "r");
    if (f) { /* after the ")" of the command's name: fields 3 on (utime is 14th) */
        char line[1024];
        const char *after = fgets(line, sizeof line, f) ? strrchr(line, ')') : NULL;
        if (!after || sscanf(after + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu "
                                        "%*d %*d %*d %*d %*d %*d %*u %llu %llu",
                             &utime, &stime, &vsize, &rss_pages) != 4)
            utime = stime = vsize = rss_pages = 0;
        fclose(f);
    }
    size_t fds = 0;
    DIR *d = opendir("/proc/self/fd");
    for (struct dirent *e; d && (e = readdir(d));)
        fds += e->d_name[0] != '.';
    if (d)
        closedir(d), fds--; /* not the directory's own descriptor */
    struct rlimit files = {0};
    getrlimit(RLIMIT_NOFILE, &files);
    double tick = (double)sysconf(_SC_CLK_TCK);
    api_putf(t, "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n"
                "# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total %.2f\n"
                "# HELP process_resident_memory_bytes Resident memory size in bytes.\n"
                "# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes %llu\n"
                "# HELP process_virtual_memory_bytes Virtual memory size in bytes.\n"
                "# TYPE process_virtual_memory_bytes gauge\nprocess_virtual_memory_bytes %llu\n"
                "# HELP process_open_fds Number of open file descriptors.\n"
                "# TYPE process_open_fds gauge\nprocess_open_fds %zu\n"
                "# HELP process_max_fds Maximum number of open file descriptors.\n"
                "# TYPE process_max_fds gauge\nprocess_max_fds %llu\n"
                "# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.\n"
                "# TYPE process_start_time_seconds gauge\nprocess_start_time_seconds %.2f\n",
             (double)(utime + stime) / tick,
             rss_pages * (unsigned long long)sysconf(_SC_PAGESIZE), vsize, fds,
             (unsigned long long)files.rlim_cur, m->started);
}

void srv_metrics_free(srv_metrics *m) { free(m); }

static size_t status_index(int status)
{
    for (size_t i = 0; i < NSTATUS; i++)
        if (statuses[i] == status)
            return i;
    return 8; /* 500 */
}

static void observe(series *s, double seconds)
{
    size_t b = 0;
    while (b < NBUCKETS && seconds > bounds[b])
        b++;
    count(&s->buckets[b], 1);
    count(&s->count, 1);
    count(&s->micros, (unsigned long long)(seconds * 1e6));
}

void srv_metrics_observe(srv_metrics *m, srv_route_id route, int status, double seconds)
{
    observe(&mine(m)->s[route][status_index(status)], seconds);
}

/* The registry row of a type name, or MAX_TYPES when it has none. */
static size_t type_row(const char *type)
{
    size_t row = 0;
    while (row < MAX_TYPES && api_registry[row] && strcmp(api_registry[row]->name, type))
        row++;
    return row < MAX_TYPES && api_registry[row] ? row : MAX_TYPES;
}

void srv_metrics_game(srv_metrics *m, const char *type)
{
    count(&mine(m)->games[type_row(type)], 1);
}

void srv_metrics_observe_game(srv_metrics *m, const char *type, double seconds)
{
    size_t row = type_row(type);
    if (row < MAX_TYPES)
        observe(&mine(m)->by_game[row], seconds);
}

/* One histogram's series: {name}_bucket{labels,le=...}, _sum and _count. */
static void put_histogram(api_buf *t, const char *name, const char *labels, series *x)
{
    unsigned long long cumulative = 0;
    for (size_t b = 0; b <= NBUCKETS; b++) {
        char le[16] = "+Inf";
        if (b < NBUCKETS)
            snprintf(le, sizeof le, "%g", bounds[b]);
        cumulative += atomic_load(&x->buckets[b]);
        api_putf(t, "%s_bucket{%s,le=\"%s\"} %llu\n", name, labels, le, cumulative);
    }
    api_putf(t, "%s_sum{%s} %.6f\n", name, labels, atomic_load(&x->micros) / 1e6);
    api_putf(t, "%s_count{%s} %llu\n", name, labels, cumulative);
}

char *srv_metrics_render(srv_metrics *m, const srv_gauges *g, size_t *len)
{
    counters *sum = sum_shards(m);
    api_buf t = {0};
    api_putf(&t, "# HELP nimber_build_info The build: version and git commit.\n"
                 "# TYPE nimber_build_info gauge\n"
                 "nimber_build_info{version=\"%s\",commit=\"%s\"} 1\n",
             srv_build_version, srv_build_commit);
    api_putf(&t, "# HELP nimber_game_requests_total Game positions asked about (/v1/analyze, "
                 "batch items, play, moves, table), by game type.\n"
                 "# TYPE nimber_game_requests_total counter\n");
    for (size_t row = 0; row < MAX_TYPES && api_registry[row]; row++)
        api_putf(&t, "nimber_game_requests_total{type=\"%s\"} %llu\n", api_registry[row]->name,
                 atomic_load(&sum->games[row]));
    api_putf(&t, "nimber_game_requests_total{type=\"other\"} %llu\n",
             atomic_load(&sum->games[MAX_TYPES]));
    api_putf(&t, "# HELP nimber_http_requests_total HTTP requests answered, by route and "
                 "status.\n# TYPE nimber_http_requests_total counter\n");
    for (int r = 0; r < SRV_ROUTES; r++)
        for (size_t s = 0; s < NSTATUS; s++) {
            unsigned long long c = atomic_load(&sum->s[r][s].count);
            if (c)
                api_putf(&t, "nimber_http_requests_total{route=\"%s\",status=\"%d\"} %llu\n",
                         srv_route_label((srv_route_id)r), statuses[s], c);
        }
    api_putf(&t, "# HELP nimber_http_request_duration_seconds Time from the first byte of "
                 "a request to the last of its answer.\n"
                 "# TYPE nimber_http_request_duration_seconds histogram\n");
    for (int r = 0; r < SRV_ROUTES; r++)
        for (size_t s = 0; s < NSTATUS; s++) {
            series *x = &sum->s[r][s];
            if (!atomic_load(&x->count))
                continue;
            char labels[96];
            snprintf(labels, sizeof labels, "route=\"%s\",status=\"%d\"",
                     srv_route_label((srv_route_id)r), statuses[s]);
            put_histogram(&t, "nimber_http_request_duration_seconds", labels, x);
        }
    api_putf(&t, "# HELP nimber_game_request_duration_seconds Time from the first byte of "
                 "a request about one game (/v1/analyze, moves, play, table) to the last of its "
                 "answer, by the game's type.\n"
                 "# TYPE nimber_game_request_duration_seconds histogram\n");
    for (size_t row = 0; row < MAX_TYPES && api_registry[row]; row++) {
        if (!atomic_load(&sum->by_game[row].count))
            continue;
        char labels[64];
        snprintf(labels, sizeof labels, "type=\"%s\"", api_registry[row]->name);
        put_histogram(&t, "nimber_game_request_duration_seconds", labels, &sum->by_game[row]);
    }
    const nb_cache_stats *c = &g->lib.cache;
    api_putf(&t, "# HELP nimber_cache_hits_total SG-table requests served from the cache.\n"
                 "# TYPE nimber_cache_hits_total counter\nnimber_cache_hits_total %llu\n"
                 "# HELP nimber_cache_misses_total SG-table requests that built or grew a table.\n"
                 "# TYPE nimber_cache_misses_total counter\nnimber_cache_misses_total %llu\n"
                 "# HELP nimber_cache_evictions_total SG tables evicted to stay within the bound.\n"
                 "# TYPE nimber_cache_evictions_total counter\nnimber_cache_evictions_total %llu\n"
                 "# HELP nimber_cache_bytes Bytes held by SG tables, cached or in use.\n"
                 "# TYPE nimber_cache_bytes gauge\nnimber_cache_bytes %zu\n"
                 "# HELP nimber_cache_max_bytes The cache's bound in bytes.\n"
                 "# TYPE nimber_cache_max_bytes gauge\nnimber_cache_max_bytes %zu\n"
                 "# HELP nimber_cache_entries SG tables in the cache.\n"
                 "# TYPE nimber_cache_entries gauge\nnimber_cache_entries %zu\n",
             (unsigned long long)c->hits, (unsigned long long)c->misses,
             (unsigned long long)c->evictions, c->bytes, c->max_bytes, c->entries);
    const nb_store_stats *st = &g->lib.store;
    api_putf(&t, "# HELP nimber_table_store_lookups_total Cache misses that looked in the table "
                 "store.\n# TYPE nimber_table_store_lookups_total counter\n"
                 "nimber_table_store_lookups_total %llu\n"
                 "# HELP nimber_table_store_hits_total Lookups that found a sound table file "
                 "and read it.\n# TYPE nimber_table_store_hits_total counter\n"
                 "nimber_table_store_hits_total %llu\n"
                 "# HELP nimber_table_store_rejected_files_total Table files found unsound "
                 "(each logged; the table was computed).\n"
                 "# TYPE nimber_table_store_rejected_files_total counter\n"
                 "nimber_table_store_rejected_files_total %llu\n"
                 "# HELP nimber_table_store_writes_total Table files written.\n"
                 "# TYPE nimber_table_store_writes_total counter\n"
                 "nimber_table_store_writes_total %llu\n"
                 "# HELP nimber_table_store_write_errors_total Table files that could not be "
                 "written (each logged).\n# TYPE nimber_table_store_write_errors_total counter\n"
                 "nimber_table_store_write_errors_total %llu\n"
                 "# HELP nimber_table_store_written_bytes_total Bytes of table files written.\n"
                 "# TYPE nimber_table_store_written_bytes_total counter\n"
                 "nimber_table_store_written_bytes_total %llu\n"
                 "# HELP nimber_table_store_removed_files_total Table files removed: superseded, "
                 "past the cap, or unsound.\n"
                 "# TYPE nimber_table_store_removed_files_total counter\n"
                 "nimber_table_store_removed_files_total %llu\n"
                 "# HELP nimber_table_store_files Table files in the directory at the last look.\n"
                 "# TYPE nimber_table_store_files gauge\nnimber_table_store_files %llu\n"
                 "# HELP nimber_table_store_bytes Bytes of the table files at the last look.\n"
                 "# TYPE nimber_table_store_bytes gauge\nnimber_table_store_bytes %llu\n",
             (unsigned long long)st->lookups, (unsigned long long)st->hits,
             (unsigned long long)st->rejected, (unsigned long long)st->writes,
             (unsigned long long)st->write_errors, (unsigned long long)st->written_bytes,
             (unsigned long long)st->removed, (unsigned long long)st->files,
             (unsigned long long)st->bytes);
    const nb_quotient_stats *q = &g->lib.quotient;
    api_putf(&t, "# HELP nimber_quotient_growths_total Misère quotient growths, by how they "
                 "ended: period proved, as far as asked, or stopped at a limit.\n"
                 "# TYPE nimber_quotient_growths_total counter\n");
    for (int i = 0; i < NB_QUOTIENT_ENDS; i++)
        api_putf(&t, "nimber_quotient_growths_total{end=\"%s\"} %llu\n",
                 nb_quotient_end_names[i], (unsigned long long)q->growths[i]);
    api_putf(&t, "# HELP nimber_quotient_restarts_total Quotient candidates started again "
                 "with more generators or larger caps.\n"
                 "# TYPE nimber_quotient_restarts_total counter\n"
                 "nimber_quotient_restarts_total %llu\n"
                 "# HELP nimber_quotient_resumes_total Quotient growths that went on from a "
                 "partial quotient (in memory or read back from the table store).\n"
                 "# TYPE nimber_quotient_resumes_total counter\n"
                 "nimber_quotient_resumes_total %llu\n"
                 "# HELP nimber_quotient_files_total Quotients read back from the table store, "
                 "by whether their certification passed.\n"
                 "# TYPE nimber_quotient_files_total counter\n"
                 "nimber_quotient_files_total{certified=\"true\"} %llu\n"
                 "nimber_quotient_files_total{certified=\"false\"} %llu\n",
             (unsigned long long)q->restarts, (unsigned long long)q->resumes,
             (unsigned long long)q->files_served,
             (unsigned long long)q->files_refused);
    api_putf(&t, "# HELP nimber_worker_queue_depth Long solves waiting for a worker.\n"
                 "# TYPE nimber_worker_queue_depth gauge\nnimber_worker_queue_depth %zu\n"
                 "# HELP nimber_worker_queue_capacity Long solves that may wait before 503.\n"
                 "# TYPE nimber_worker_queue_capacity gauge\nnimber_worker_queue_capacity %zu\n"
                 "# HELP nimber_workers_busy Workers running a solve.\n"
                 "# TYPE nimber_workers_busy gauge\nnimber_workers_busy %zu\n"
                 "# HELP nimber_workers Worker threads.\n"
                 "# TYPE nimber_workers gauge\nnimber_workers %zu\n"
                 "# HELP nimber_requests_in_flight Requests begun and not yet answered.\n"
                 "# TYPE nimber_requests_in_flight gauge\nnimber_requests_in_flight %zu\n",
             g->queue_waiting, g->queue_capacity, g->queue_running, g->workers, g->in_flight);
    const srv_watch_stats *w = &g->watch;
    api_putf(&t, "# HELP nimber_connections Open client connections (both listeners).\n"
                 "# TYPE nimber_connections gauge\nnimber_connections %llu\n"
                 "# HELP nimber_connections_closed_total Connections closed by the server "
                 "while a request was due from them: its client left (client_gone), or its head "
                 "or body passed its deadline (deadline).\n"
                 "# TYPE nimber_connections_closed_total counter\n"
                 "nimber_connections_closed_total{reason=\"client_gone\"} %llu\n"
                 "nimber_connections_closed_total{reason=\"deadline\"} %llu\n"
                 "# HELP nimber_requests_overdue_total Requests answered 503 after waiting for "
                 "a worker past their max_request_seconds.\n"
                 "# TYPE nimber_requests_overdue_total counter\n"
                 "nimber_requests_overdue_total %llu\n"
                 "# HELP nimber_requests_stopped_for_memory_total Requests stopped (503) "
                 "because the process passed max_memory_mb while they held the most.\n"
                 "# TYPE nimber_requests_stopped_for_memory_total counter\n"
                 "nimber_requests_stopped_for_memory_total %llu\n",
             (unsigned long long)w->connections, (unsigned long long)w->closed_gone,
             (unsigned long long)w->closed_late, (unsigned long long)w->expired,
             (unsigned long long)w->stopped);
    put_process(m, &t);
    free(sum);
    return api_buf_take(&t, len);
}
