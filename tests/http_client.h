/* http_client.h - what the HTTP tests need: start nimberd as a child on port 0, and a
 * small blocking HTTP/1.1 client (one request per connection). */
#ifndef HTTP_CLIENT_H
#define HTTP_CLIENT_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The variable the options of this build's sanitizer are read from (and so nimberd's,
 * built with the same flags), where it reserves terabytes of address space: ASan, TSan.
 * Undefined without a sanitizer: then nimberd's allocator (jemalloc) gives freed memory
 * back. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZER_OPTIONS "ASAN_OPTIONS"
#elif defined(__SANITIZE_THREAD__)
#define SANITIZER_OPTIONS "TSAN_OPTIONS"
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZER_OPTIONS "ASAN_OPTIONS"
#elif __has_feature(thread_sanitizer)
#define SANITIZER_OPTIONS "TSAN_OPTIONS"
#endif
#endif

typedef struct daemon_proc {
    pid_t pid;
    unsigned port;
} daemon_proc;

/* Starts $NIMBERD (or build/nimberd) with --port 0 --bind 127.0.0.1 --log 0 and the
 * extra NULL-terminated args; waits for its "listening" line. */
daemon_proc daemon_start(const char *const *args);
/* The same, with nimberd short of memory: its address space capped at cap_mb MiB, or
 * under ASan (which needs terabytes of address space) each allocation over cap_mb MiB
 * refused with NULL; no cap when cap_mb is 0. */
daemon_proc daemon_start_capped(const char *const *args, size_t cap_mb);
/* Sends sig and waits; returns the exit status (or 128+signal). */
int daemon_stop(daemon_proc *d, int sig);

typedef struct http_response {
    int status;
    char *headers; /* raw header block, lowercase names not guaranteed */
    char *body;
    size_t body_len;
    json_t *json;  /* parsed body when it is JSON, else NULL */
} http_response;

/* One request; `headers` are extra "Name: value\r\n" lines (may be NULL). Body may be NULL. */
http_response http_do(unsigned port, const char *method, const char *path, const char *headers,
                      const char *body, size_t body_len);
/* POST with Content-Type: application/json, the body sent as `count` chunks of
 * Transfer-Encoding: chunked, each `chunk`. */
http_response http_post_chunked(unsigned port, const char *path, const char *chunk,
                                size_t chunk_len, size_t count);
/* Sends `text` as it is (one request or several, head and body) and reads until the
 * server closes, or stays silent for 5 s: the first answer, with whatever followed it in
 * its body. */
http_response http_send_raw(unsigned port, const char *text, size_t len);
/* POST with Content-Type: application/json. */
http_response http_post(unsigned port, const char *path, const char *json_text);
/* Value of a header (case-insensitive name) or NULL; static buffer. */
const char *http_header(const http_response *r, const char *name);
void http_free(http_response *r);

#endif
