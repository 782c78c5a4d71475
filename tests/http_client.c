/* http_client.c - fork/exec of nimberd, and HTTP over a blocking TCP socket. */
#include "http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

/* In the child: allocations past cap_mb MiB fail. Under a sanitizer that reserves the
 * address space its allocator is told (it warns on stderr of each one it refuses);
 * elsewhere the address space is capped. */
static void cap_memory(size_t cap_mb)
{
#ifdef SANITIZER_OPTIONS
    static char options[512];
    const char *old = getenv(SANITIZER_OPTIONS);
    snprintf(options, sizeof options, "%s%sallocator_may_return_null=1:max_allocation_size_mb=%zu",
             old ? old : "", old && *old ? ":" : "", cap_mb);
    setenv(SANITIZER_OPTIONS, options, 1);
#else
    struct rlimit limit = {(rlim_t)cap_mb << 20, (rlim_t)cap_mb << 20};
    setrlimit(RLIMIT_AS, &limit);
#endif
}

daemon_proc daemon_start_capped(const char *const *args, size_t cap_mb)
{
    const char *bin = getenv("NIMBERD") ? getenv("NIMBERD") : "build/nimberd";
    int out[2];
    if (pipe(out))
        abort();
    const char *argv[64] = {bin, "--port", "0", "--bind", "127.0.0.1", "--log", "0"};
    size_t n = 7;
    for (size_t i = 0; args && args[i] && n < 62; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    pid_t pid = fork();
    if (pid == 0) {
        /* a test that fails leaves no daemon behind holding the suite's output open */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(out[1], 1);
        close(out[0]);
        if (cap_mb)
            cap_memory(cap_mb);
        execv(bin, (char *const *)argv);
        perror("execv nimberd");
        _exit(127);
    }
    close(out[1]);
    FILE *f = fdopen(out[0], "r");
    char line[256] = "";
    unsigned port = 0;
    if (fgets(line, sizeof line, f))
        sscanf(strrchr(line, ':') ? strrchr(line, ':') + 1 : "0", "%u", &port);
    fclose(f);
    return (daemon_proc){pid, port};
}

daemon_proc daemon_start(const char *const *args) { return daemon_start_capped(args, 0); }

int daemon_stop(daemon_proc *d, int sig)
{
    int status = 0;
    if (d->pid <= 0)
        return -1;
    kill(d->pid, sig);
    waitpid(d->pid, &status, 0);
    d->pid = 0;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static int dial(unsigned port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);
    if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Writes all of data unless the server closes first (it may answer, 413 say, before
 * reading it all); false then. */
static bool send_all(int fd, const char *data, size_t len)
{
    for (size_t sent = 0; sent < len;) {
        ssize_t w = write(fd, data + sent, len - sent);
        if (w <= 0)
            return false;
        sent += (size_t)w;
    }
    return true;
}

/* Reads the answer until the server closes, and closes fd. */
static http_response read_answer(int fd)
{
    http_response r = {0};
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (len + 4096 > cap)
            buf = realloc(buf, cap *= 2);
        ssize_t got = read(fd, buf + len, cap - len - 1);
        if (got <= 0)
            break;
        len += (size_t)got;
    }
    close(fd);
    buf[len] = '\0';
    char *end = strstr(buf, "\r\n\r\n");
    if (!end || sscanf(buf, "HTTP/1.%*d %d", &r.status) != 1) {
        free(buf);
        return r;
    }
    *end = '\0';
    r.headers = buf;
    r.body = end + 4;
    r.body_len = len - (size_t)(r.body - buf);
    /* chunked bodies do not occur: libmicrohttpd sends Content-Length for buffers */
    r.json = json_loadb(r.body, r.body_len, 0, NULL);
    return r;
}

/* Connects and sends the request line and headers (`extra` ends them); -1 on failure,
 * or when they pass 4 KiB. */
static int send_head(unsigned port, const char *method, const char *path, const char *headers,
                     const char *extra)
{
    int fd = dial(port);
    if (fd < 0)
        return -1;
    char head[4096];
    int n = snprintf(head, sizeof head, "%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                     "%s%s", method, path, headers ? headers : "", extra);
    if (n < 0 || (size_t)n >= sizeof head || !send_all(fd, head, (size_t)n)) {
        close(fd);
        return -1;
    }
    return fd;
}

http_response http_do(unsigned port, const char *method, const char *path, const char *headers,
                      const char *body, size_t body_len)
{
    char length[64] = "\r\n";
    if (body)
        snprintf(length, sizeof length, "Content-Length: %zu\r\n\r\n", body_len);
    int fd = send_head(port, method, path, headers, length);
    if (fd < 0)
        return (http_response){0};
    if (body)
        send_all(fd, body, body_len);
    return read_answer(fd);
}

http_response http_post_chunked(unsigned port, const char *path, const char *chunk,
                                size_t chunk_len, size_t count)
{
    int fd = send_head(port, "POST", path, "Content-Type: application/json\r\n",
                       "Transfer-Encoding: chunked\r\n\r\n");
    if (fd < 0)
        return (http_response){0};
    char size[32];
    int n = snprintf(size, sizeof size, "%zx\r\n", chunk_len);
    bool open = true;
    for (size_t i = 0; i < count && open; i++)
        open = send_all(fd, size, (size_t)n) && send_all(fd, chunk, chunk_len) &&
               send_all(fd, "\r\n", 2);
    if (open)
        send_all(fd, "0\r\n\r\n", 5);
    return read_answer(fd);
}

http_response http_send_raw(unsigned port, const char *text, size_t len)
{
    int fd = dial(port);
    if (fd < 0)
        return (http_response){0};
    struct timeval wait = {.tv_sec = 5};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    send_all(fd, text, len);
    return read_answer(fd);
}

http_response http_post(unsigned port, const char *path, const char *json_text)
{
    return http_do(port, "POST", path, "Content-Type: application/json\r\n", json_text,
                   strlen(json_text));
}

const char *http_header(const http_response *r, const char *name)
{
    static __thread char value[512];
    size_t n = strlen(name);
    for (const char *line = r->headers ? strstr(r->headers, "\r\n") : NULL; line;
         line = strstr(line + 2, "\r\n")) {
        if (!strncasecmp(line + 2, name, n) && line[2 + n] == ':') {
            const char *v = line + 3 + n;
            while (*v == ' ')
                v++;
            size_t len = strcspn(v, "\r");
            snprintf(value, sizeof value, "%.*s", (int)len, v);
            return value;
        }
    }
    return NULL;
}

void http_free(http_response *r)
{
    json_decref(r->json);
    free(r->headers);
    memset(r, 0, sizeof *r);
}
