/* srv_config.h - nimberd's configuration: every setting has a flag and an environment
 * variable (the flag wins), a default, and a line in --help. */
#ifndef SRV_CONFIG_H
#define SRV_CONFIG_H

#include <stdbool.h>
#include <stdio.h>

#include "api_types.h"

typedef struct srv_config {
    unsigned long port;
    char bind[64];
    char metrics_listen[80];       /* ADDRESS:PORT of the metrics listener, or "" */
    char metrics_bind[64];         /* ... its address and port, read from it */
    unsigned long metrics_port;
    unsigned long threads;         /* I/O threads of the HTTP daemon */
    unsigned long workers;         /* threads that run long solves */
    unsigned long queue;           /* long solves that may wait for a worker */
    unsigned long cache_mb;
    char table_dir[1024];          /* the table store's directory ("": memory only) */
    unsigned long table_dir_mb;    /* the most its files may take (0: no cap) */
    unsigned long max_body_mb;
    unsigned long conn_timeout;    /* seconds a connection may idle or send a head in */
    unsigned long body_timeout;    /* seconds a body may take from its head */
    unsigned long max_connections;
    unsigned long max_per_ip;      /* open connections from one address (0: no cap) */
    unsigned long rate_limit;      /* requests a second per client address (0: none) */
    unsigned long conn_memory_kb;  /* libmicrohttpd's buffer per connection */
    uint64_t max_response_bytes;   /* sets limits.max_response */
    double drain_seconds;          /* after SIGTERM: readyz 503 while still serving */
    double shutdown_timeout;       /* then: how long in-flight requests may take */
    uint64_t max_request_seconds;  /* how long one request may compute (0: no limit) */
    uint64_t max_request_mb;       /* memory one request may hold at once (0: no limit) */
    unsigned long max_memory_mb;   /* resident MiB past which computing requests wait (0:
                                    * none) */
    char cors_origin[256];
    bool log;
    bool reuse_port;               /* SO_REUSEPORT: several processes share the port */
    bool trust_proxy;              /* the log's client is X-Forwarded-For's first address */
    char healthcheck[256];         /* non-empty: probe this URL and exit */
    api_limits limits;
} srv_config;

/* Fills cfg from defaults, the environment and argv. Returns 0 to run, 1 when --help or
 * --version was printed (exit 0), -1 on a bad setting (message printed on err). */
int srv_config_load(int argc, char **argv, srv_config *cfg, FILE *out, FILE *err);

#endif
