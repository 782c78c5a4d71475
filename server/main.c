/* main.c - nimberd: load the configuration, serve until SIGTERM or SIGINT, then drain. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "srv_config.h"
#include "srv_http.h"
#include "srv_log.h"
#include "srv_precompute.h"
#include "srv_sweep.h"
#include "srv_probe.h"

/* Under an address-space limit (RLIMIT_AS) an allocation past it fails, and jemalloc
 * keeps the address space it once mapped for reuse (its opt.retain) and frees pages only
 * after a delay: the process would reach the limit while holding little. There nimberd
 * runs itself again at once, with jemalloc told to unmap what it frees (MALLOC_CONF,
 * read only as it starts), so that its address space follows what it holds. */
static void fit_allocator_to_address_space(char **argv)
{
    struct rlimit as;
    if (getrlimit(RLIMIT_AS, &as) || as.rlim_cur == RLIM_INFINITY ||
        getenv("NIMBER_ALLOCATOR_FITTED"))
        return;
    setenv("NIMBER_ALLOCATOR_FITTED", "1", 1);
    if (!getenv("MALLOC_CONF"))
        setenv("MALLOC_CONF", "retain:false,dirty_decay_ms:0,muzzy_decay_ms:0", 1);
    execv("/proc/self/exe", argv); /* returns only when it fails: then as it is */
}

int main(int argc, char **argv)
{
    fit_allocator_to_address_space(argv);
    if (argc > 1 && !strcmp(argv[1], "precompute"))
        return srv_precompute(argc - 1, argv + 1, stdout, stderr);
    if (argc > 1 && !strcmp(argv[1], "misere-sweep"))
        return srv_sweep(argc - 1, argv + 1, stdout, stderr);
    srv_config cfg;
    int loaded = srv_config_load(argc, argv, &cfg, stdout, stderr);
    if (loaded)
        return loaded > 0 ? 0 : 2;
    if (cfg.healthcheck[0])
        return srv_probe(cfg.healthcheck);

    /* Every thread inherits this mask; the signals arrive here through sigwait. */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    signal(SIGPIPE, SIG_IGN);

    char err[256];
    if (cfg.log)
        srv_log_start();
    srv_server *server = srv_server_start(&cfg, err, sizeof err);
    if (!server) {
        srv_log_event(stderr, cfg.log, "failed", "%s", err);
        return 1;
    }
    bool v6 = strchr(cfg.bind, ':') != NULL; /* an IPv6 address goes in brackets */
    srv_log_event(stdout, cfg.log, "listening", "listening on http://%s%s%s:%u", v6 ? "[" : "",
                  cfg.bind, v6 ? "]" : "", srv_server_port(server)); /* the first line */
    if (cfg.metrics_listen[0])
        srv_log_event(stdout, cfg.log, "metrics", "metrics on http://%s:%u/metrics",
                      cfg.metrics_bind, srv_server_metrics_port(server));

    int sig;
    sigwait(&stop, &sig);
    srv_log_event(stderr, cfg.log, "draining", "%s: draining",
                  sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_server_drain(server);
    struct timespec drain = {(time_t)cfg.drain_seconds,
                             (long)((cfg.drain_seconds - (double)(time_t)cfg.drain_seconds) * 1e9)};
    nanosleep(&drain, NULL);
    srv_server_stop(server, cfg.shutdown_timeout);
    srv_log_stop(); /* every request's line is out before the last event */
    srv_log_event(stderr, cfg.log, "stopped", "stopped");
    return 0;
}
