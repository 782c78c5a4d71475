/* srv_config.c - a table of settings drives defaults, environment, flags and --help. */
#include "srv_config.h"

#include <arpa/inet.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "srv_metrics.h"

typedef enum { T_ULONG, T_U64, T_SIZE, T_DOUBLE, T_STRING, T_BOOL } kind;

typedef struct setting {
    const char *flag, *env;
    kind kind;
    size_t offset, size; /* where in srv_config, and the string buffer size */
    double min, max;
    const char *help;
} setting;

#define AT(field) offsetof(srv_config, field)
#define LIM(field) offsetof(srv_config, limits.lib.field)
static const setting settings[] = {
    {"port", "NIMBER_PORT", T_ULONG, AT(port), 0, 0, 65535, "TCP port to listen on (0: any free port)"},
    {"bind", "NIMBER_BIND", T_STRING, AT(bind), 64, 0, 0, "IPv4 or IPv6 address to listen on (\"::\": every address, IPv4 too)"},
    {"metrics-listen", "NIMBER_METRICS_LISTEN", T_STRING, AT(metrics_listen), 80, 0, 0, "IPv4ADDRESS:PORT of a second listener that serves GET /metrics alone, for scraping (the main port then answers it 404); empty (the default): /metrics on the main port"},
    {"threads", "NIMBER_THREADS", T_ULONG, AT(threads), 0, 1, 256, "HTTP I/O threads (default: the cores the cgroup's CPU quota allows)"},
    {"workers", "NIMBER_WORKERS", T_ULONG, AT(workers), 0, 1, 256, "threads for long solves (default: the cores the cgroup's CPU quota allows)"},
    {"queue", "NIMBER_QUEUE", T_ULONG, AT(queue), 0, 1, 100000, "long solves that may wait; past it 503"},
    {"cache-mb", "NIMBER_CACHE_MB", T_ULONG, AT(cache_mb), 0, 1, 1 << 20, "SG-table cache size in MiB"},
    {"table-dir", "NIMBER_TABLE_DIR", T_STRING, AT(table_dir), 1024, 0, 0, "directory of SG-table files beneath the cache, shared by every process that uses it: a miss looks there before it computes, and tables built are written there in the background (empty, the default: memory only)"},
    {"table-dir-mb", "NIMBER_TABLE_DIR_MB", T_ULONG, AT(table_dir_mb), 0, 0, 1 << 24, "MiB the table directory's files may take; past it the least recently used go (0: no cap)"},
    {"max-body-mb", "NIMBER_MAX_BODY_MB", T_ULONG, AT(max_body_mb), 0, 1, 4096, "largest request body in MiB (413 past it)"},
    {"conn-timeout", "NIMBER_CONN_TIMEOUT", T_ULONG, AT(conn_timeout), 0, 1, 86400, "seconds a connection may wait for its next request's head, from its opening or its last answer, whether bytes trickle in or not: then it is closed"},
    {"body-timeout", "NIMBER_BODY_TIMEOUT", T_ULONG, AT(body_timeout), 0, 1, 86400, "seconds a request's body may take to arrive, from its head, whether bytes trickle in or not: then the connection is closed unanswered"},
    {"max-connections", "NIMBER_MAX_CONNECTIONS", T_ULONG, AT(max_connections), 0, 1, 1000000, "open connections at most"},
    {"max-connections-per-ip", "NIMBER_MAX_CONNECTIONS_PER_IP", T_ULONG, AT(max_per_ip), 0, 0, 1000000, "open connections from one client address (0: no cap; behind a proxy every client has its address)"},
    {"rate-limit", "NIMBER_RATE_LIMIT", T_ULONG, AT(rate_limit), 0, 0, 1000000, "requests a second one client may make (its address; under --trust-proxy the forwarded one), in bursts of twice that: past it a 429 with Retry-After (0, the default: no limit; /healthz, /readyz and /metrics are never limited)"},
    {"conn-memory-kb", "NIMBER_CONN_MEMORY_KB", T_ULONG, AT(conn_memory_kb), 0, 8, 1 << 20, "libmicrohttpd memory per connection in KiB"},
    {"max-parts", "NIMBER_MAX_PARTS", T_U64, LIM(max_parts), 0, 1, 1e9, "heaps, stairs, coins, pieces or tokens per game"},
    {"max-components", "NIMBER_MAX_COMPONENTS", T_U64, LIM(max_components), 0, 1, 1e6, "components per sum"},
    {"max-table", "NIMBER_MAX_TABLE", T_U64, LIM(max_table), 0, 16, 1ULL << 34, "entries of one SG table (subtraction, coprime, octal and grundy values; a table's up_to is below it)"},
    {"max-table-page", "NIMBER_MAX_TABLE_PAGE", T_SIZE, AT(limits.max_table_page), 0, 1, 1e8, "values in one /v1/table answer (page through a larger table with from)"},
    {"max-side", "NIMBER_MAX_SIDE", T_U64, LIM(max_side), 0, 2, 20000, "side of a cutting piece"},
    {"max-nodes", "NIMBER_MAX_NODES", T_U64, LIM(max_nodes), 0, 1, 4e9, "dag nodes"},
    {"max-edges", "NIMBER_MAX_EDGES", T_U64, LIM(max_edges), 0, 1, 4e9, "dag edges"},
    {"max-states", "NIMBER_MAX_STATES", T_U64, LIM(max_states), 0, 1, 1e9, "positions one misère analysis may hold: states an exhaustive search visits, or heaps of a subtraction game's misère table"},
    {"max-work", "NIMBER_MAX_WORK", T_U64, LIM(max_work), 0, 1, 1e12, "steps one exact re-solving of winning moves may take (hackenbush; past it the list is marked incomplete), the labelling of a dag with cycles (past it a 422), the pair tests one request spends searching for the period of an octal or grundy table past the values it needs (the values themselves grow within the request's budget), and the splits of a take-and-break heap listed as moves"},
    {"max-prime-count", "NIMBER_MAX_PRIME_COUNT", T_U64, LIM(max_prime_count), 0, 1e6, 1e18, "largest prime whose index is counted (coprime heaps)"},
    {"max-batch", "NIMBER_MAX_BATCH", T_SIZE, AT(limits.max_batch), 0, 1, 1e6, "positions per batch request"},
    {"max-response-bytes", "NIMBER_MAX_RESPONSE_BYTES", T_U64, AT(max_response_bytes), 0, 4096, 1e12, "bytes one answer may take (checked before it is written: 422 past it)"},
    {"max-response-ratio", "NIMBER_MAX_RESPONSE_RATIO", T_U64, AT(limits.max_response_ratio), 0, 0, 1e6, "an answer listing positions (/v1/analyze, batch, moves, play) may take at most 16 MiB plus this many times its request's body, under --max-response-bytes (422 past it, naming positions; 0: --max-response-bytes alone)"},
    {"drain-seconds", "NIMBER_DRAIN_SECONDS", T_DOUBLE, AT(drain_seconds), 0, 0, 3600, "after SIGTERM, seconds readyz answers 503 before the listener closes"},
    {"max-memory-mb", "NIMBER_MAX_MEMORY_MB", T_ULONG, AT(max_memory_mb), 0, 0, 1 << 24, "MiB the process may hold, a ceiling: past it, new computing requests get 503 with Retry-After until memory is given back, and the request in flight that holds the most is stopped (503) within a twentieth of a second, the requests taking no more than 64 MiB past it meanwhile (default: four fifths of the cgroup's memory limit; 0: none)"},
    {"max-request-mb", "NIMBER_MAX_REQUEST_MB", T_U64, AT(max_request_mb), 0, 0, 1 << 24, "MiB one request may hold at once: its parsed body, the SG tables it uses or grows, its searches (422 past it; 0: no limit)"},
    {"max-request-seconds", "NIMBER_MAX_REQUEST_SECONDS", T_U64, AT(max_request_seconds), 0, 0, 86400, "seconds one request may compute (422 past it; 0: no limit); its work also stops when the client goes away"},
    {"shutdown-timeout", "NIMBER_SHUTDOWN_TIMEOUT", T_DOUBLE, AT(shutdown_timeout), 0, 0, 3600, "seconds in-flight requests may take to finish"},
    {"cors-origin", "NIMBER_CORS_ORIGIN", T_STRING, AT(cors_origin), 256, 0, 0, "Access-Control-Allow-Origin value"},
    {"log", "NIMBER_LOG", T_BOOL, AT(log), 0, 0, 1, "1: JSON lines only, one per request on stderr and one per event (listening, draining, stopped); 0: no request log, plain event lines"},
    {"trust-proxy", "NIMBER_TRUST_PROXY", T_BOOL, AT(trust_proxy), 0, 0, 1, "1: behind a proxy that sets X-Forwarded-For, take its first address as the client's, for the log, --rate-limit and the workers' fair share (0: the peer's address)"},
    {"reuse-port", "NIMBER_REUSE_PORT", T_BOOL, AT(reuse_port), 0, 0, 1, "share the port with other processes (SO_REUSEPORT; 1 or 0): without it a busy port is an error"},
    {"healthcheck", "NIMBER_HEALTHCHECK", T_STRING, AT(healthcheck), 256, 0, 0, "probe http://HOST:PORT/PATH, exit 0 on 200, 1 otherwise"},
};
#define NSETTINGS (sizeof settings / sizeof *settings)

/* Two numbers from the start of a file under the cgroup root (the second may be absent):
 * how many were read. "max" reads as no number. */
static int read_numbers(const char *root, const char *name, long long *a, long long *b)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root, name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int n = fscanf(f, "%lld %lld", a, b);
    fclose(f);
    return n < 0 ? 0 : n;
}

/* The cores this process may use: the online cores, or fewer when a cgroup CPU quota
 * allows less (v2 cpu.max "QUOTA PERIOD", else v1 cpu.cfs_quota_us over
 * cpu.cfs_period_us), rounded up. The cgroup files are read under $NIMBER_CGROUP_ROOT
 * (default /sys/fs/cgroup). */
static unsigned long usable_cores(void)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    long long cores = online > 0 ? online : 2, quota = 0, period = 0;
    const char *root = getenv("NIMBER_CGROUP_ROOT") ? getenv("NIMBER_CGROUP_ROOT")
                                                     : "/sys/fs/cgroup";
    if (read_numbers(root, "cpu.max", &quota, &period) != 2 &&
        (read_numbers(root, "cpu/cpu.cfs_quota_us", &quota, &period) != 1 ||
         read_numbers(root, "cpu/cpu.cfs_period_us", &period, &period) != 1))
        quota = period = 0;
    if (quota > 0 && period > 0 && (quota + period - 1) / period < cores)
        cores = (quota + period - 1) / period;
    return (unsigned long)cores;
}

/* Four fifths of the cgroup's memory limit in MiB (v2 memory.max, else v1
 * memory/memory.limit_in_bytes), or 0 when none is set. */
static unsigned long memory_share_mb(void)
{
    const char *root = getenv("NIMBER_CGROUP_ROOT") ? getenv("NIMBER_CGROUP_ROOT")
                                                     : "/sys/fs/cgroup";
    long long bytes = 0, unused;
    if (read_numbers(root, "memory.max", &bytes, &unused) < 1 &&
        read_numbers(root, "memory/memory.limit_in_bytes", &bytes, &unused) < 1)
        return 0;
    if (bytes <= 0 || bytes >= (1LL << 50)) /* v1 says "no limit" with a huge number */
        return 0;
    return (unsigned long)(bytes / 5 * 4 >> 20);
}

static void defaults(srv_config *cfg)
{
    memset(cfg, 0, sizeof *cfg);
    cfg->port = 8080;
    strcpy(cfg->bind, "0.0.0.0");
    cfg->threads = cfg->workers = usable_cores();
    cfg->queue = 64;
    cfg->cache_mb = 256;
    cfg->table_dir_mb = 4096;
    cfg->max_body_mb = 64;
    cfg->conn_timeout = 30;
    cfg->body_timeout = 60;
    cfg->max_connections = 4096;
    cfg->max_memory_mb = memory_share_mb();
    cfg->max_per_ip = 256;
    cfg->conn_memory_kb = 64;
    cfg->drain_seconds = 0;
    cfg->shutdown_timeout = 30;
    cfg->max_request_seconds = 30;
    cfg->max_request_mb = 512;
    strcpy(cfg->cors_origin, "*");
    cfg->log = true;
    cfg->limits.lib = nb_limits_default();
    cfg->limits.max_batch = 1000;
    cfg->limits.max_table_page = 1 << 20; /* a table to heap 10^6 in one page */
    cfg->max_response_bytes = 256u << 20;
    cfg->limits.max_response_ratio = 8;
}

static int assign(srv_config *cfg, const setting *s, const char *text, const char *source,
                  FILE *err)
{
    char *base = (char *)cfg + s->offset;
    if (s->kind == T_STRING) {
        if (strlen(text) >= s->size) {
            fprintf(err, "nimberd: %s is too long\n", source);
            return -1;
        }
        strcpy(base, text);
        return 0;
    }
    /* decimal only: an integer's digits, or a finite number's (no hex, no nan or inf) */
    bool is_double = s->kind == T_DOUBLE;
    const char *shape = is_double ? "0123456789." : "0123456789";
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    if (!*text || strspn(text, shape) != strlen(text) || errno || *end || !isfinite(v) ||
        v < s->min || v > s->max) {
        if (is_double)
            fprintf(err, "nimberd: %s must be a decimal number between %g and %g, not \"%s\"\n",
                    source, s->min, s->max, text);
        else
            fprintf(err, "nimberd: %s must be a decimal integer between %.0f and %.0f, not "
                    "\"%s\"\n", source, s->min, s->max, text);
        return -1;
    }
    switch (s->kind) {
    case T_ULONG: *(unsigned long *)base = (unsigned long)v; break;
    case T_U64: *(uint64_t *)base = (uint64_t)v; break;
    case T_SIZE: *(size_t *)base = (size_t)v; break;
    case T_DOUBLE: *(double *)base = v; break;
    case T_BOOL: *(bool *)base = v != 0; break;
    case T_STRING: break;
    }
    return 0;
}

/* --metrics-listen's IPv4ADDRESS:PORT into metrics_bind and metrics_port; -1 (said on
 * err) when it is not one. */
static int read_listen(srv_config *cfg, FILE *err)
{
    const char *text = cfg->metrics_listen, *colon = strrchr(text, ':');
    struct in_addr unused;
    size_t digits = colon ? strlen(colon + 1) : 0;
    if (colon && (size_t)(colon - text) < sizeof cfg->metrics_bind && digits && digits <= 5 &&
        strspn(colon + 1, "0123456789") == digits) {
        memcpy(cfg->metrics_bind, text, (size_t)(colon - text));
        cfg->metrics_bind[colon - text] = '\0';
        cfg->metrics_port = strtoul(colon + 1, NULL, 10);
        if (inet_pton(AF_INET, cfg->metrics_bind, &unused) == 1 && cfg->metrics_port <= 65535)
            return 0;
    }
    fprintf(err, "nimberd: --metrics-listen must be IPv4ADDRESS:PORT (such as 0.0.0.0:9090), "
            "not \"%s\"\n", text);
    return -1;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: nimberd [--FLAG VALUE]...\n"
                 "       nimberd precompute --table-dir DIR SPEC... (see nimberd precompute "
                 "--help)\n\n"
                 "nimber: Sprague-Grundy analysis of impartial games over HTTP/JSON.\n"
                 "Every flag may also be set by its environment variable; the flag wins.\n\n");
    for (size_t i = 0; i < NSETTINGS; i++)
        fprintf(out, "  --%-18s %-26s %s\n", settings[i].flag, settings[i].env, settings[i].help);
    fprintf(out, "  --%-18s %-26s %s\n", "help", "", "print this and exit");
    fprintf(out, "  --%-18s %-26s %s\n", "version", "", "print the version and commit, and exit");
}

int srv_config_load(int argc, char **argv, srv_config *cfg, FILE *out, FILE *err)
{
    defaults(cfg);
    for (size_t i = 0; i < NSETTINGS; i++) {
        const char *v = getenv(settings[i].env);
        if (v && assign(cfg, &settings[i], v, settings[i].env, err))
            return -1;
    }
    for (int a = 1; a < argc; a++) {
        const char *arg = argv[a];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(out);
            return 1;
        }
        if (!strcmp(arg, "--version")) {
            fprintf(out, "nimberd %s (commit %s)\n", srv_build_version, srv_build_commit);
            return 1;
        }
        const setting *s = NULL;
        const char *value = NULL;
        for (size_t i = 0; i < NSETTINGS && !s; i++) {
            size_t n = strlen(settings[i].flag);
            if (strncmp(arg, "--", 2) || strncmp(arg + 2, settings[i].flag, n))
                continue;
            if (arg[2 + n] == '=')
                s = &settings[i], value = arg + 3 + n;
            else if (!arg[2 + n])
                s = &settings[i], value = a + 1 < argc ? argv[++a] : NULL;
        }
        if (!s || !value) {
            fprintf(err, "nimberd: %s \"%s\" (see --help)\n", s ? "missing value for" : "unknown option",
                    arg);
            return -1;
        }
        if (assign(cfg, s, value, arg, err))
            return -1;
    }
    if (cfg->metrics_listen[0] && read_listen(cfg, err))
        return -1;
    cfg->limits.max_response = (size_t)cfg->max_response_bytes;
    cfg->limits.max_request_seconds = cfg->max_request_seconds;
    cfg->limits.max_request_mb = cfg->max_request_mb;
    cfg->limits.rate_limit = cfg->rate_limit;
    if (cfg->max_memory_mb && cfg->cache_mb + 64 > cfg->max_memory_mb) {
        fprintf(err, "nimberd: --cache-mb %lu leaves no room under --max-memory-mb %lu (four "
                "fifths of the cgroup's memory unless given): lower the cache or raise the "
                "limit\n", cfg->cache_mb, cfg->max_memory_mb);
        return -1;
    }
    return 0;
}
