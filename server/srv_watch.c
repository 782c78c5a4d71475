/* srv_watch.c - a thread that wakes twenty times a second: it bounds what the requests
 * may allocate by what --max-memory-mb leaves, stops the request holding the most memory
 * when the process passes it, answers the requests that waited for a worker past their
 * budget, and (every fifth time) shuts down connections whose client left mid-request or
 * whose head or body is past its deadline (libmicrohttpd then closes them); and lifts out
 * of SCHED_IDLE the workers that other programs starve, and the reclaimer when starved
 * or while the process is past --max-memory-mb. */
#include "srv_watch.h"

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "nimber.h"
#include "srv_dispatch.h"

#define TICK_NS 50000000LL /* a process allocating 1 GB/s passes its cap by 50 MB at most */
#define SWEEP_TICKS 5     /* connections are looked at every fifth tick */
/* Ticks in a row a client must look gone before its connection is closed: a request whose
 * last bytes came with the client's FIN is begun by then. */
#define GONE_TICKS 2
/* Seconds past --conn-timeout before the watch closes a connection still without a whole
 * head: libmicrohttpd closes an idle one itself at the timeout. (A body past its deadline
 * gets no answer: libmicrohttpd 0.9.75 sends none queued before the body's end.) */
#define HEAD_GRACE_SECONDS 1

struct srv_watch {
    srv_server *server;
    pthread_t thread;
    pthread_mutex_t lock;  /* the list, each socket's request, `stopping_request` */
    pthread_cond_t wake;
    bool stop;
    bool joined;           /* the thread has ended (the owner's alone) */
    srv_socket *head;
    srv_request *stopping_request; /* stopped for memory and not yet completed */
    srv_watch_stats stats;
};

static long long now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

unsigned long srv_resident_mb(void)
{
    static atomic_ullong read_at_ms, last_mb;
    unsigned long long ms = (unsigned long long)now_ns() / 1000000;
    unsigned long long at = atomic_load(&read_at_ms);
    if (at && ms - at < 10)
        return (unsigned long)atomic_load(&last_mb);
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long size = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%lu %lu", &size, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    unsigned long long mb = (unsigned long long)resident *
                            (unsigned long long)sysconf(_SC_PAGESIZE) >> 20;
    atomic_store(&last_mb, mb);
    atomic_store(&read_at_ms, ms);
    return (unsigned long)mb;
}

void srv_watch_phase(srv_socket *sock, srv_phase phase, long long since)
{
    if (phase != SRV_WORK)
        atomic_store_explicit(&sock->since_ns, since, memory_order_relaxed);
    atomic_store_explicit(&sock->phase, (int)phase, memory_order_relaxed);
}

void srv_watch_add(srv_watch *w, srv_socket *sock)
{
    srv_watch_phase(sock, SRV_IDLE, now_ns());
    pthread_mutex_lock(&w->lock);
    sock->prev = NULL, sock->next = w->head;
    if (w->head)
        w->head->prev = sock;
    w->head = sock;
    pthread_mutex_unlock(&w->lock);
}

void srv_watch_remove(srv_watch *w, srv_socket *sock)
{
    pthread_mutex_lock(&w->lock);
    if (sock->prev)
        sock->prev->next = sock->next;
    else
        w->head = sock->next;
    if (sock->next)
        sock->next->prev = sock->prev;
    pthread_mutex_unlock(&w->lock);
}

void srv_watch_request(srv_watch *w, srv_socket *sock, srv_request *r)
{
    pthread_mutex_lock(&w->lock);
    if (!r && sock->request == w->stopping_request)
        w->stopping_request = NULL;
    sock->request = r;
    pthread_mutex_unlock(&w->lock);
}

/* Whether the client has closed its side (or the connection broke). */
static bool client_left(int fd)
{
    struct pollfd p = {.fd = fd, .events = POLLRDHUP};
    return poll(&p, 1, 0) == 1 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* Shuts down the connections that can no longer give a request: libmicrohttpd, seeing
 * the socket at its end, closes it and frees its slot. Lock held. */
static void sweep(srv_watch *w, long long now)
{
    const srv_config *cfg = &w->server->cfg;
    for (srv_socket *sock = w->head; sock; sock = sock->next) {
        if (sock->cut)
            continue;
        srv_phase phase = (srv_phase)atomic_load_explicit(&sock->phase, memory_order_relaxed);
        double age = (double)(now - atomic_load_explicit(&sock->since_ns,
                                                         memory_order_relaxed)) / 1e9;
        bool waiting = phase != SRV_WORK; /* for bytes of the client's */
        sock->closed_ticks = waiting && client_left(sock->fd) ? sock->closed_ticks + 1 : 0;
        bool late = (phase == SRV_IDLE && age > (double)cfg->conn_timeout + HEAD_GRACE_SECONDS) ||
                    (phase == SRV_BODY && age > (double)cfg->body_timeout);
        if (late || sock->closed_ticks >= GONE_TICKS) {
            shutdown(sock->fd, SHUT_RDWR);
            sock->cut = true;
            if (late)
                w->stats.closed_late++;
            else
                w->stats.closed_gone++;
        }
    }
}

/* Whether a request waiting for a worker has spent its time. */
static bool overdue(void *arg)
{
    srv_request *r = arg;
    const nb_budget *b = &r->budget;
    if (!b->seconds)
        return false;
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    double age = (double)(t.tv_sec - b->start.tv_sec) + (t.tv_nsec - b->start.tv_nsec) / 1e9;
    return age > (double)b->seconds;
}

/* The request in flight that holds the most, stopped when the process is past
 * --max-memory-mb and none stopped before is still running. Lock held. */
static void hold_memory(srv_watch *w)
{
    srv_server *s = w->server;
    unsigned long mb;
    if (!s->cfg.max_memory_mb || w->stopping_request ||
        (mb = srv_resident_mb()) <= s->cfg.max_memory_mb)
        return;
    srv_request *most = NULL;
    uint64_t held = 0;
    for (srv_socket *sock = w->head; sock; sock = sock->next) {
        srv_request *r = sock->request;
        if (r && atomic_load_explicit(&sock->phase, memory_order_relaxed) == SRV_WORK &&
            nb_budget_held(&r->budget) > held)
            most = r, held = nb_budget_held(&r->budget);
    }
    if (!most)
        return;
    nb_budget_stop_for_memory(&most->budget, mb);
    w->stopping_request = most;
    w->stats.stopped++;
}

/* Past --max-memory-mb, what the process may still allocate before the watch's next look
 * stops the request holding the most: the watch's looks may come late when other
 * programs hold the cores, but no request's budget takes more than this past the ceiling
 * meanwhile (a small request's first grain is never what stops it). */
#define CEILING_SLACK_BYTES ((uint64_t)64 << 20)

/* The ceiling kept at each allocation too: the requests' pool may give what it has given
 * now, plus what the process has left under --max-memory-mb and the slack; under an
 * address-space limit, no more than that leaves. */
static void bound_pool(srv_server *s)
{
    uint64_t capacity = atomic_load(&s->as_room);
    if (s->cfg.max_memory_mb) {
        unsigned long mb = srv_resident_mb();
        uint64_t left = mb < s->cfg.max_memory_mb ? (uint64_t)(s->cfg.max_memory_mb - mb) << 20
                                                  : 0;
        uint64_t ceiling = atomic_load(&s->memory.held) + left + CEILING_SLACK_BYTES;
        if (!capacity || ceiling < capacity)
            capacity = ceiling;
    }
    atomic_store(&s->memory.capacity, capacity);
}

static void *watch_main(void *arg)
{
    srv_watch *w = arg;
    srv_server *s = w->server;
    pthread_mutex_lock(&w->lock);
    for (unsigned tick = 1; !w->stop; tick++) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        long long ns = until.tv_nsec + TICK_NS;
        until.tv_sec += ns / 1000000000LL, until.tv_nsec = ns % 1000000000LL;
        pthread_cond_timedwait(&w->wake, &w->lock, &until);
        if (w->stop)
            break;
        if (tick % SWEEP_TICKS == 0)
            sweep(w, now_ns());
        bound_pool(s);
        hold_memory(w);
        pthread_mutex_unlock(&w->lock);
        srv_pool_lift_starved(s->pool);
        srv_pool_lift_starved(s->reclaimer); /* the trees it frees are still counted */
        if (s->cfg.max_memory_mb && srv_resident_mb() > s->cfg.max_memory_mb)
            srv_pool_lift_all(s->reclaimer); /* what requests left, freed and given back */
        void *late[64];
        size_t n;
        while ((n = srv_pool_take_if(s->pool, overdue, late, 64)) > 0)
            for (size_t i = 0; i < n; i++) {
                srv_dispatch_overdue(late[i]);
                pthread_mutex_lock(&w->lock);
                w->stats.expired++;
                pthread_mutex_unlock(&w->lock);
            }
        pthread_mutex_lock(&w->lock);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

srv_watch *srv_watch_start(srv_server *s)
{
    srv_watch *w = nb_xcalloc(1, sizeof *w);
    w->server = s;
    pthread_mutex_init(&w->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&w->wake, &attr);
    pthread_condattr_destroy(&attr);
    bound_pool(s);
    if (pthread_create(&w->thread, NULL, watch_main, w)) {
        perror("nimberd: the watch thread");
        abort();
    }
    return w;
}

void srv_watch_stop(srv_watch *w)
{
    if (!w || w->joined)
        return;
    pthread_mutex_lock(&w->lock);
    w->stop = true;
    pthread_cond_signal(&w->wake);
    pthread_mutex_unlock(&w->lock);
    pthread_join(w->thread, NULL);
    w->joined = true;
}

void srv_watch_free(srv_watch *w)
{
    if (!w)
        return;
    srv_watch_stop(w);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

srv_watch_stats srv_watch_get_stats(srv_watch *w)
{
    pthread_mutex_lock(&w->lock);
    srv_watch_stats st = w->stats;
    for (const srv_socket *sock = w->head; sock; sock = sock->next)
        st.connections++;
    pthread_mutex_unlock(&w->lock);
    return st;
}
