/* baseline_server.c - the floor for the HTTP benchmark: libmicrohttpd with nimberd's
 * daemon flags (thread pool, epoll) answering every POST with a constant JSON body,
 * queued on the later handler call like nimberd. Usage: baseline_server PORT THREADS */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char reply[] = "{\"type\":\"nim\",\"convention\":\"normal\",\"verdict\":\"win\",\"sg\":1}";

static enum MHD_Result handle(void *cls, struct MHD_Connection *c, const char *url,
                              const char *method, const char *version, const char *upload,
                              size_t *upload_size, void **state)
{
    (void)cls, (void)url, (void)method, (void)version, (void)upload;
    if (!*state) {
        *state = (void *)1;
        return MHD_YES;
    }
    if (*upload_size) {
        *upload_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *r = MHD_create_response_from_buffer(sizeof reply - 1, (void *)reply,
                                                             MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r, "Content-Type", "application/json");
    enum MHD_Result ok = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return ok;
}

int main(int argc, char **argv)
{
    unsigned port = argc > 1 ? (unsigned)atoi(argv[1]) : 8090;
    unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 2;
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC,
        (uint16_t)port, NULL, NULL, handle, NULL, MHD_OPTION_THREAD_POOL_SIZE, threads,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_LIMIT, 4096u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)64 << 10, MHD_OPTION_END);
    if (!d)
        return 1;
    printf("baseline listening on %u\n",
           MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT)->port);
    fflush(stdout);
    sigset_t s;
    sigemptyset(&s);
    sigaddset(&s, SIGTERM);
    sigaddset(&s, SIGINT);
    sigprocmask(SIG_BLOCK, &s, NULL);
    int sig;
    sigwait(&s, &sig);
    MHD_stop_daemon(d);
    return 0;
}
