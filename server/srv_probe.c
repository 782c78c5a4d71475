/* srv_probe.c - a minimal HTTP/1.0 GET over a TCP socket, status line only. */
#include "srv_probe.h"

#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

int srv_probe(const char *url)
{
    char host[128], port[16] = "80", path[256] = "/";
    if (sscanf(url, "http://%127[^:/]:%15[0-9]%255s", host, port, path) < 2 &&
        sscanf(url, "http://%127[^:/]%255s", host, path) < 1) {
        fprintf(stderr, "nimberd: --healthcheck wants http://HOST:PORT/PATH, not %s\n", url);
        return 1;
    }
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM}, *ai;
    if (getaddrinfo(host, port, &hints, &ai)) {
        fprintf(stderr, "nimberd: cannot resolve %s\n", host);
        return 1;
    }
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    struct timeval two = {2, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &two, sizeof two);
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &two, sizeof two);
    int ok = fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) == 0;
    freeaddrinfo(ai);
    char req[512], line[64] = "";
    int n = snprintf(req, sizeof req, "GET %s HTTP/1.0\r\nHost: %s\r\n\r\n", path, host);
    ok = ok && write(fd, req, (size_t)n) == n;
    ssize_t got = ok ? read(fd, line, sizeof line - 1) : -1;
    if (fd >= 0)
        close(fd);
    int status = 0;
    if (got > 0 && sscanf(line, "HTTP/%*d.%*d %d", &status) == 1 && status == 200)
        return 0;
    fprintf(stderr, "nimberd: %s answered %s\n", url, got > 0 ? line : "nothing");
    return 1;
}
