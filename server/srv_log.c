/* srv_log.c - request log lines, kept off the hot path: each thread formats its lines
 * into a ring of its own (no lock, no system call), and one writer thread writes what the
 * rings hold every WRITE_EVERY_MS, or sooner when a ring passes half full; the daemon's
 * events are written at once. */
#include "srv_log.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "nimber.h"

/* Held while lines go out (the writer's, an event's, a line written at once), so that each
 * goes out whole: an event written in pieces, or a pipe's large write split at its pages,
 * would otherwise take another's text into the middle of a line. The request threads
 * never take it while the writer runs: they fill their rings. */
static pthread_mutex_t out = PTHREAD_MUTEX_INITIALIZER;

/* A thread's ring: `head` bytes were written into it, `tail` of them written out, both
 * counting from the start (an index is taken modulo RING_BYTES). One thread adds, the
 * writer takes; each sees the other's index through an acquire/release pair. */
#define RING_BYTES ((size_t)256 << 10)
#define WRITE_EVERY_MS 10
typedef struct log_ring {
    char text[RING_BYTES];
    atomic_size_t head, tail;
    struct log_ring *next; /* the list of every thread's ring (never shortened) */
} log_ring;

static _Atomic(log_ring *) rings;
static _Thread_local log_ring *mine;
static atomic_bool writing, stopping;
static pthread_t writer;
/* The writer's wake-up call: posted (once until it wakes) by a thread whose ring passed
 * half full, so that a writer late on a busy machine does not leave the rings to fill and
 * the threads to wait (a ring holds some 1,100 lines of 240 bytes: 25 ms of a busy thread's). */
static sem_t wake;
static atomic_bool woken;

/* Writes out what ring r holds: whole lines, in their order. */
static void drain(log_ring *r)
{
    size_t head = atomic_load_explicit(&r->head, memory_order_acquire);
    size_t tail = atomic_load_explicit(&r->tail, memory_order_relaxed);
    while (tail < head) {
        size_t at = tail % RING_BYTES, n = head - tail;
        struct iovec parts[2] = {{r->text + at, n < RING_BYTES - at ? n : RING_BYTES - at},
                                 {r->text, n > RING_BYTES - at ? n - (RING_BYTES - at) : 0}};
        ssize_t w = writev(STDERR_FILENO, parts, parts[1].iov_len ? 2 : 1);
        if (w <= 0)
            break; /* stderr is gone: the lines with it */
        tail += (size_t)w;
    }
    atomic_store_explicit(&r->tail, head, memory_order_release);
}

static void drain_all(void)
{
    pthread_mutex_lock(&out);
    for (log_ring *r = atomic_load(&rings); r; r = r->next)
        drain(r);
    pthread_mutex_unlock(&out);
}

static void *write_rings(void *arg)
{
    (void)arg;
    while (!atomic_load(&stopping)) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += WRITE_EVERY_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L)
            until.tv_sec++, until.tv_nsec -= 1000000000L;
        while (sem_clockwait(&wake, CLOCK_MONOTONIC, &until) && errno == EINTR)
            ;
        atomic_store(&woken, false);
        drain_all();
    }
    return NULL;
}

void srv_log_start(void)
{
    atomic_store(&stopping, false);
    if (atomic_load(&writing) || sem_init(&wake, 0, 0))
        return;
    if (!pthread_create(&writer, NULL, write_rings, NULL))
        atomic_store(&writing, true);
    else
        sem_destroy(&wake);
}

void srv_log_stop(void)
{
    if (!atomic_exchange(&writing, false))
        return;
    atomic_store(&stopping, true);
    sem_post(&wake);
    pthread_join(writer, NULL);
    sem_destroy(&wake);
    drain_all();
}

/* Adds a whole line to this thread's ring (made on its first line), waiting for the
 * writer while the ring is full; written at once when no writer runs. */
static void add_line(const char *line, size_t n)
{
    if (!atomic_load(&writing) || n > RING_BYTES) {
        pthread_mutex_lock(&out);
        fwrite(line, 1, n, stderr);
        pthread_mutex_unlock(&out);
        return;
    }
    if (!mine) {
        mine = nb_xcalloc(1, sizeof *mine);
        mine->next = atomic_load(&rings);
        while (!atomic_compare_exchange_weak(&rings, &mine->next, mine))
            ;
    }
    size_t head = atomic_load_explicit(&mine->head, memory_order_relaxed);
    while (head + n - atomic_load_explicit(&mine->tail, memory_order_acquire) > RING_BYTES)
        sched_yield(); /* full: the writer is on its way (woken at half full) */
    size_t at = head % RING_BYTES, first = n < RING_BYTES - at ? n : RING_BYTES - at;
    memcpy(mine->text + at, line, first);
    memcpy(mine->text, line + first, n - first);
    atomic_store_explicit(&mine->head, head + n, memory_order_release);
    if (head + n - atomic_load_explicit(&mine->tail, memory_order_relaxed) > RING_BYTES / 2 &&
        !atomic_exchange(&woken, true))
        sem_post(&wake);
}

/* Now in RFC 3339, UTC, to the millisecond: 2026-11-25T07:14:02.123Z (size >= 25); the
 * date and time of day made once a second on each thread. */
static void now_utc(char *when, size_t size)
{
    static _Thread_local time_t second = -1;
    static _Thread_local char to_second[24];
    static _Thread_local size_t date;
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    if (now.tv_sec != second) {
        struct tm tm;
        date = strftime(to_second, sizeof to_second, "%Y-%m-%dT%H:%M:%S",
                        gmtime_r(&now.tv_sec, &tm));
        second = now.tv_sec;
    }
    long ms = now.tv_nsec / 1000000;
    char tail[] = {'.', (char)('0' + ms / 100), (char)('0' + ms / 10 % 10),
                   (char)('0' + ms % 10), 'Z', '\0'};
    if (size < date + sizeof tail) /* no snprintf: it cost half of a log line */
        return (void)(*when = '\0');
    memcpy(when, to_second, date);
    memcpy(when + date, tail, sizeof tail);
}

/* A line being made in a fixed buffer: what does not fit is cut (a request's line is
 * bounded: it always fits). */
typedef struct {
    char *p;
    size_t len, cap;
} line_text;

static void put_n(line_text *t, const char *s, size_t n)
{
    if (n > t->cap - t->len)
        n = t->cap - t->len;
    memcpy(t->p + t->len, s, n);
    t->len += n;
}

static void put(line_text *t, const char *s)
{
    put_n(t, s, strlen(s));
}

/* At most `max` bytes of s. */
static void put_cut(line_text *t, const char *s, size_t max)
{
    put_n(t, s, strnlen(s, max));
}

static void put_uint(line_text *t, unsigned long long v)
{
    char digits[20];
    int n = 0;
    do
        digits[sizeof digits - ++n] = (char)('0' + v % 10);
    while (v /= 10);
    put_n(t, digits + sizeof digits - n, (size_t)n);
}

/* Milliseconds with three decimals, from seconds. */
static void put_ms(line_text *t, double seconds)
{
    unsigned long long us = seconds > 0 ? (unsigned long long)(seconds * 1e6 + 0.5) : 0;
    put_uint(t, us / 1000);
    char frac[4] = {'.', (char)('0' + us / 100 % 10), (char)('0' + us / 10 % 10),
                    (char)('0' + us % 10)};
    put_n(t, frac, sizeof frac);
}

void srv_log_event(FILE *to, bool json, const char *event, const char *fmt, ...)
{
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    char text[6 * sizeof detail + 128]; /* the line made whole, then written at once */
    line_text t = {text, 0, sizeof text - 1}; /* and its newline after it */
    if (!json) {
        put(&t, "nimberd: ");
        put(&t, detail);
    } else {
        char when[32];
        now_utc(when, sizeof when);
        put(&t, "{\"time\":\"");
        put(&t, when);
        put(&t, "\",\"event\":\"");
        put(&t, event);
        put(&t, "\",\"detail\":\"");
        for (const unsigned char *c = (const unsigned char *)detail; *c; c++) {
            char escaped[8];
            if (*c == '"' || *c == '\\')
                put_n(&t, (char[]){'\\', (char)*c}, 2);
            else if (*c < 0x20)
                put_n(&t, escaped, (size_t)snprintf(escaped, sizeof escaped, "\\u%04x", *c));
            else
                put_n(&t, (const char *)c, 1);
        }
        put(&t, "\"}");
    }
    text[t.len++] = '\n';
    pthread_mutex_lock(&out);
    fwrite(text, 1, t.len, to);
    fflush(to);
    pthread_mutex_unlock(&out);
}

void srv_log_request(const srv_request *r, int status, double seconds, bool aborted)
{
    /* every string here is safe as it is: the method made a token, a route's own path,
     * an id, an address, a trace id and a game or problem name of nimber's own */
    char when[40], line[1024];
    now_utc(when, sizeof when);
    line_text t = {line, 0, sizeof line};
    put(&t, "{\"time\":\"");
    put(&t, when);
    put(&t, status >= 500 ? "\",\"level\":\"error" : status >= 400 ? "\",\"level\":\"warn"
                                                              : "\",\"level\":\"info");
    put(&t, "\",\"method\":\"");
    put(&t, r->method);
    put(&t, "\",\"path\":\"");
    put(&t, r->route ? r->route->path : "(unknown)");
    put(&t, "\",\"status\":");
    put_uint(&t, (unsigned)status);
    put(&t, ",\"ms\":");
    put_ms(&t, seconds);
    put(&t, ",\"bytes_in\":");
    put_uint(&t, r->len);
    put(&t, ",\"bytes_out\":");
    put_uint(&t, r->answered ? r->out_len : 0);
    put(&t, ",\"client\":\"");
    put(&t, r->client);
    put(&t, "\",\"request_id\":\"");
    put(&t, r->id);
    put(&t, "\"");
    if (r->traceparent[0]) {
        put(&t, ",\"trace_id\":\"");
        put_cut(&t, r->traceparent + 3, 32);
        put(&t, "\"");
    }
    if (r->game) {
        put(&t, ",\"game\":\"");
        put_cut(&t, r->game, 30);
        put(&t, "\"");
    }
    if (r->decided_by) {
        put(&t, ",\"analysis_method\":\"");
        put(&t, nb_method_name(r->decided_by));
        put(&t, "\"");
    }
    if (r->problem) {
        put(&t, ",\"problem\":\"");
        put_cut(&t, r->problem, 40);
        put(&t, "\"");
    }
    put(&t, aborted ? ",\"aborted\":true}\n" : "}\n");
    add_line(line, t.len);
}
