/* raw_server.c - the floor under the HTTP benchmark's tail: no HTTP library, one epoll
 * loop per thread answering every request (its headers, then Content-Length bytes of
 * body) with the bytes of FILE after a fixed status line and headers. Its p99 under wrk
 * is the tail that the machine and the load generator leave to any server.
 * Usage: raw_server THREADS FILE; prints its port, stops on SIGTERM. */
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

static char reply[1 << 16];
static size_t reply_len;
static int listener;

/* A connection: the bytes of its request read so far. Owned by its thread's loop. */
typedef struct conn {
    int fd;
    size_t fill;
    char buf[8192];
} conn;

/* The length of the complete request at the start of c->buf, or 0 if more must come. */
static size_t request_length(const conn *c)
{
    const char *end = memmem(c->buf, c->fill, "\r\n\r\n", 4);
    if (!end)
        return 0;
    size_t head = (size_t)(end - c->buf) + 4, body = 0;
    for (const char *line = c->buf; line < end; /* every line ends in \n, the last at end+1 */
         line = (const char *)memchr(line, '\n', (size_t)(end + 2 - line)) + 1)
        if (!strncasecmp(line, "Content-Length:", 15))
            body = strtoul(line + 15, NULL, 10);
    return head + body <= c->fill ? head + body : 0;
}

/* Reads what c has; answers each complete request. False when c is to be closed. */
static bool serve(conn *c)
{
    ssize_t got = recv(c->fd, c->buf + c->fill, sizeof c->buf - c->fill, 0);
    if (got <= 0)
        return false;
    c->fill += (size_t)got;
    for (size_t len; (len = request_length(c));) {
        if (send(c->fd, reply, reply_len, MSG_NOSIGNAL) != (ssize_t)reply_len)
            return false;
        memmove(c->buf, c->buf + len, c->fill - len);
        c->fill -= len;
    }
    return c->fill < sizeof c->buf; /* a request larger than the buffer: close */
}

static void *loop(void *unused)
{
    (void)unused;
    int ep = epoll_create1(0), one = 1;
    struct epoll_event ev = {.events = EPOLLIN | EPOLLEXCLUSIVE, .data.ptr = NULL};
    epoll_ctl(ep, EPOLL_CTL_ADD, listener, &ev);
    struct epoll_event ready[64];
    for (;;) {
        int n = epoll_wait(ep, ready, 64, -1);
        for (int i = 0; i < n; i++) {
            conn *c = ready[i].data.ptr;
            if (!c) { /* the listener */
                int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK);
                if (fd < 0)
                    continue;
                setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                if (!(c = calloc(1, sizeof *c))) {
                    close(fd);
                    continue;
                }
                c->fd = fd;
                struct epoll_event cev = {.events = EPOLLIN, .data.ptr = c};
                epoll_ctl(ep, EPOLL_CTL_ADD, fd, &cev);
            } else if (!serve(c)) {
                close(c->fd); /* closing removes it from the epoll set */
                free(c);
            }
        }
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    FILE *f = fopen(argv[2], "rb");
    if (!f)
        return 1;
    char body[1 << 15];
    size_t body_len = fread(body, 1, sizeof body, f);
    fclose(f);
    reply_len = (size_t)snprintf(reply, sizeof reply, "HTTP/1.1 200 OK\r\nContent-Length: %zu"
                                 "\r\nContent-Type: application/json\r\n\r\n", body_len);
    memcpy(reply + reply_len, body, body_len);
    reply_len += body_len;
    listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    socklen_t addr_len = sizeof addr;
    if (bind(listener, (struct sockaddr *)&addr, sizeof addr) || listen(listener, 1024) ||
        getsockname(listener, (struct sockaddr *)&addr, &addr_len))
        return 1;
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* the threads inherit the mask */
    for (int t = atoi(argv[1]); t > 0; t--) {
        pthread_t thread;
        pthread_create(&thread, NULL, loop, NULL);
    }
    printf("raw listening on %u\n", ntohs(addr.sin_port));
    fflush(stdout);
    int sig;
    sigwait(&stop, &sig);
    return 0;
}
