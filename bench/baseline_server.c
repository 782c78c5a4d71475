/* baseline_server.c - the floor for the HTTP benchmark: libmicrohttpd with nimberd's
 * daemon flags (thread pool, epoll) answering every POST with a constant JSON reply (by
 * default a short one; the bytes of FILE when given, and each HEADER ("Name: value") beside
 * Content-Type: nimberd's answer and headers, so that both send the same), queued on the
 * later handler call like nimberd.
 * Usage: baseline_server PORT THREADS [FILE [HEADER...]] */
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char reply[1 << 16] = "{\"type\":\"nim\",\"convention\":\"normal\",\"verdict\":\"win\",\"sg\":1}";
static size_t reply_len;
static char **headers; /* "Name: value", split at the colon on start; NULL-terminated */

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
    struct MHD_Response *r = MHD_create_response_from_buffer(reply_len, (void *)reply,
                                                             MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(r, "Content-Type", "application/json");
    for (char **h = headers; *h; h += 2)
        MHD_add_response_header(r, h[0], h[1]);
    enum MHD_Result ok = MHD_queue_response(c, 200, r);
    MHD_destroy_response(r);
    return ok;
}

int main(int argc, char **argv)
{
    unsigned port = argc > 1 ? (unsigned)atoi(argv[1]) : 8090;
    unsigned threads = argc > 2 ? (unsigned)atoi(argv[2]) : 2;
    reply_len = strlen(reply);
    if (argc > 3) {
        FILE *f = fopen(argv[3], "rb");
        if (!f)
            return 1;
        reply_len = fread(reply, 1, sizeof reply, f);
        fclose(f);
    }
    int nheaders = argc > 4 ? argc - 4 : 0;
    headers = calloc(2 * (size_t)nheaders + 1, sizeof *headers);
    if (!headers)
        return 1;
    for (int i = 0; i < nheaders; i++) {
        char *colon = strchr(argv[4 + i], ':');
        if (!colon || colon[1] != ' ')
            return 1;
        *colon = '\0';
        headers[2 * i] = argv[4 + i];
        headers[2 * i + 1] = colon + 2;
    }
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
