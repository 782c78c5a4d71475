/* fuzz_http.c - a libFuzzer target for the HTTP edge (`make fuzz`): every input is sent as
 * raw bytes on a fresh connection to nimberd running in this process (its libmicrohttpd
 * daemon, access handler, workers; small limits), then the connection is half-closed.
 * Whatever comes back must start with an HTTP/1.1 status line that is not a 500, and the
 * server must still answer a probe, without a crash, a leak or undefined behaviour (ASan
 * and UBSan watch the handler and everything it calls). */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "srv_config.h"
#include "srv_http.h"

static unsigned port;

/* Small limits, so that each input takes at most a second or so. */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    char *flags[] = {"nimberd", "--port", "0", "--bind", "127.0.0.1", "--log", "0",
                     "--threads", "1", "--workers", "1", "--queue", "4", "--cache-mb", "8",
                     "--max-body-mb", "1", "--max-request-mb", "16", "--max-request-seconds",
                     "1", "--conn-timeout", "1", "--max-states", "2000", "--max-table", "5000",
                     "--max-response-bytes", "1048576", "--max-memory-mb", "0", NULL};
    srv_config cfg;
    if (srv_config_load((int)(sizeof flags / sizeof *flags) - 1, flags, &cfg, stdout, stderr))
        abort();
    signal(SIGPIPE, SIG_IGN);
    char err[256];
    srv_server *server = srv_server_start(&cfg, err, sizeof err); /* lives as long as we do */
    if (!server) {
        fprintf(stderr, "fuzz_http: %s\n", err);
        abort();
    }
    port = srv_server_port(server);
    return 0;
}

/* A new connection to the server. The client closes each one with a reset (no TIME_WAIT
 * left behind, so thousands of inputs a minute never run out of local ports), and a
 * connect that fails for a moment (no port free, a full accept queue) is tried again for
 * up to 5 s before the run stops with the reason. */
static int connect_to_server(void)
{
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    for (int attempt = 0;; attempt++) {
        int fd = socket(AF_INET, SOCK_STREAM, 0);
        if (fd >= 0) {
            struct linger reset = {.l_onoff = 1, .l_linger = 0};
            setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
            if (!connect(fd, (struct sockaddr *)&a, sizeof a))
                return fd;
        }
        int why = errno;
        if (fd >= 0)
            close(fd);
        if (attempt == 100) {
            fprintf(stderr, "fuzz_http: cannot connect to the server on port %u: %s\n", port,
                    strerror(why));
            abort();
        }
        usleep(50000);
    }
}

/* Sends `size` bytes on a new connection, half-closes it, and reads what comes back until
 * the server closes, says nothing for `first_ms`, or pauses 30 ms after saying something (a
 * connection kept alive, or with its head unfinished, stays open until the idle timeout,
 * 1 s here: libmicrohttpd does not notice the half-close); the number of bytes read. */
static size_t exchange(const uint8_t *data, size_t size, int first_ms, char *out, size_t cap)
{
    int fd = connect_to_server();
    for (size_t sent = 0; sent < size;) {
        ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break; /* the server closed early: what it said is still read */
        sent += (size_t)n;
    }
    shutdown(fd, SHUT_WR);
    size_t got = 0;
    struct pollfd p = {.fd = fd, .events = POLLIN};
    while (got < cap && poll(&p, 1, got ? 30 : first_ms) == 1) {
        ssize_t n = recv(fd, out + got, cap - got, 0);
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(fd);
    return got;
}

static void require(int ok, const char *what, const uint8_t *data, size_t size)
{
    if (ok)
        return;
    fprintf(stderr, "fuzz_http: %s for the request: %.*s\n", what, (int)size, (const char *)data);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char reply[1 << 16];
    size_t n = exchange(data, size, 2000, reply, sizeof reply);
    if (n) {
        require(n >= 13 && !memcmp(reply, "HTTP/1.1 ", 9), "the answer is no HTTP/1.1 status "
                "line", data, size);
        require(memcmp(reply + 9, "500", 3) != 0, "a 500", data, size);
    }
    /* The probe may wait behind the input's work (up to its 1 s budget, longer on a loaded
     * machine and under the sanitizers): a server that still answers within 10 s is alive,
     * and a hung one fails all the same. */
    static const char probe[] = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    n = exchange((const uint8_t *)probe, sizeof probe - 1, 10000, reply, sizeof reply);
    require(n >= 12 && !memcmp(reply, "HTTP/1.1 200", 12), "no answer to a probe after it",
            data, size);
    return 0;
}
