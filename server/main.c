/* main.c - nimberd: load the configuration, serve until SIGTERM or SIGINT, then drain. */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

#include "srv_config.h"
#include "srv_http.h"
#include "srv_probe.h"

int main(int argc, char **argv)
{
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
    srv_server *server = srv_server_start(&cfg, err, sizeof err);
    if (!server) {
        fprintf(stderr, "nimberd: %s\n", err);
        return 1;
    }
    printf("nimberd listening on http://%s:%u\n", cfg.bind, srv_server_port(server));
    fflush(stdout);

    int sig;
    sigwait(&stop, &sig);
    fprintf(stderr, "nimberd: %s: draining\n", sig == SIGTERM ? "SIGTERM" : "SIGINT");
    srv_server_drain(server);
    struct timespec drain = {(time_t)cfg.drain_seconds,
                             (long)((cfg.drain_seconds - (double)(time_t)cfg.drain_seconds) * 1e9)};
    nanosleep(&drain, NULL);
    srv_server_stop(server, cfg.shutdown_timeout);
    fprintf(stderr, "nimberd: stopped\n");
    return 0;
}
