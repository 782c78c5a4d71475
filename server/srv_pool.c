/* srv_pool.c - a ring of waiting jobs under a mutex, workers sleeping on a condition, each
 * worker's running job's owner kept for the fair share. */
#include "srv_pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "nimber.h"

/* Clocks at the start of a worker's window: the wall's, its CPU's, the process's CPU's
 * and the sum of the workers' CPU clocks. */
typedef struct cpu_window {
    long long wall, cpu, process, workers;
} cpu_window;

/* A worker thread: its CPU clock and state, for srv_pool_lift_starved on the watch's
 * thread (which alone uses `window`). */
typedef struct worker {
    srv_pool *pool;
    pthread_t thread;
    clockid_t cpu;
    bool clocked;         /* cpu is its CPU clock */
    atomic_bool busy;     /* running a job */
    pthread_mutex_t lock; /* `promoted` and the thread's policy change together */
    bool promoted;        /* lifted out of SCHED_IDLE for the job it runs */
    atomic_llong deadline_ns; /* the job's deadline (CLOCK_MONOTONIC), 0: none */
    cpu_window window;
} worker;

typedef struct job {
    srv_job_fn fn;
    void *arg;
    uint64_t owner;
} job;

struct srv_pool {
    pthread_mutex_t lock;
    pthread_cond_t ready;
    job *ring;
    size_t cap, head, count, running;
    bool stopping;
    atomic_bool finishing; /* srv_pool_free runs: workers stay at the process's priority */
    worker *workers;
    size_t nthreads;
    uint64_t *owners; /* the owner of each running job (0: none), unordered, `running` long */
    bool idle;        /* workers run under SCHED_IDLE (the process can lift them out) */
};

/* Workers run under SCHED_IDLE: while their jobs fill every core, a small request on an
 * HTTP thread preempts them at once (the soak row of make bench: its p99 1.6x alone, and
 * 11x with the workers at the HTTP threads' priority, 6x even at nice 19). Beside other
 * busy programs, though, SCHED_IDLE gets next to nothing (beside stress-ng --cpu 4 on two
 * cores a solve of 14 ms passed its 30 s budget). So srv_pool_lift_starved, called by the
 * watch thread twenty times a second, lets a job that had less than STARVED_SHARE of a
 * core over STARVED_SECONDS run on at the process's own priority until it ends, unless
 * the process's other threads (the HTTP ones) had HTTP_BUSY_SHARE of one meanwhile: then
 * the CPU went to small requests, as SCHED_IDLE means it to; but a job past its deadline
 * is lifted whatever they did (it needs the core only to see its budget spent and stop).
 * Where the process may not leave SCHED_IDLE (lift_allowed), workers run at its own
 * priority from the start: a worker starved for good would pass any budget. */
#define STARVED_SECONDS 0.25
#define STARVED_SHARE 0.2
#define HTTP_BUSY_SHARE 0.5

static _Thread_local worker *on_worker; /* the worker this thread is, NULL: none */

void srv_pool_yield_to(atomic_llong *arrived)
{
    static _Thread_local long long seen;
    long long last = atomic_load_explicit(arrived, memory_order_relaxed);
    if (on_worker && last != seen) /* a request began since this worker last looked */
        seen = last, sched_yield();
}

static long long clock_ns(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Whether the thread's policy is now SCHED_IDLE (idle) or SCHED_OTHER. Leaving
 * SCHED_IDLE needs root, or RLIMIT_NICE of 20: elsewhere it is refused and the worker
 * stays idle (in a container its cgroup already keeps other programs' threads apart). */
static bool set_idle(pthread_t thread, bool idle)
{
    struct sched_param none = {0};
    return !pthread_setschedparam(thread, idle ? SCHED_IDLE : SCHED_OTHER, &none);
}

static void *try_lift(void *allowed)
{
    *(bool *)allowed = set_idle(pthread_self(), true) && set_idle(pthread_self(), false);
    return NULL;
}

/* Whether a thread of this process may leave SCHED_IDLE, tried on a thread of its own. */
static bool lift_allowed(void)
{
    bool allowed = false;
    pthread_t probe;
    if (pthread_create(&probe, NULL, try_lift, &allowed))
        return false;
    pthread_join(probe, NULL);
    return allowed;
}

bool srv_pool_idle(const srv_pool *pool)
{
    return pool->idle;
}

void srv_pool_lift_starved(srv_pool *pool)
{
    if (!pool->idle)
        return;
    long long now = clock_ns(CLOCK_MONOTONIC), workers = 0;
    for (size_t i = 0; i < pool->nthreads; i++)
        workers += pool->workers[i].clocked ? clock_ns(pool->workers[i].cpu) : 0;
    long long process = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
    for (size_t i = 0; i < pool->nthreads; i++) {
        worker *w = &pool->workers[i];
        if (!w->clocked)
            continue;
        long long cpu = clock_ns(w->cpu), wall = now - w->window.wall;
        pthread_mutex_lock(&w->lock);
        bool watched = atomic_load(&w->busy) && !w->promoted;
        if (watched && wall < STARVED_SECONDS * 1e9) {
            pthread_mutex_unlock(&w->lock);
            continue; /* the window stays open */
        }
        /* lifted when the worker had little of a core and the other threads little too,
         * or its job is past its deadline (it needs the core only to see so and stop) */
        long long deadline = atomic_load(&w->deadline_ns);
        if (watched && cpu - w->window.cpu < STARVED_SHARE * (double)wall &&
            (process - w->window.process - (workers - w->window.workers) <
                 HTTP_BUSY_SHARE * (double)wall ||
             (deadline && now > deadline)))
            w->promoted = set_idle(w->thread, false);
        pthread_mutex_unlock(&w->lock);
        w->window = (cpu_window){now, cpu, process, workers};
    }
}

/* Jobs of `owner` running now. */
static size_t held(const srv_pool *pool, uint64_t owner)
{
    size_t n = 0;
    for (size_t i = 0; i < pool->running; i++)
        n += pool->owners[i] == owner;
    return n;
}

/* The next job to run, out of the ring (lock held, count > 0): the oldest whose owner is
 * under its share of the workers, else the oldest. */
static job take_next(srv_pool *pool)
{
    size_t share = pool->nthreads / 2 ? pool->nthreads / 2 : 1, at = 0;
    for (size_t i = 0; i < pool->count; i++) {
        uint64_t owner = pool->ring[(pool->head + i) % pool->cap].owner;
        if (!owner || held(pool, owner) < share) {
            at = i;
            break;
        }
    }
    job j = pool->ring[(pool->head + at) % pool->cap];
    for (size_t i = at; i > 0; i--) /* the older ones move up one */
        pool->ring[(pool->head + i) % pool->cap] = pool->ring[(pool->head + i - 1) % pool->cap];
    pool->head = (pool->head + 1) % pool->cap;
    pool->count--;
    return j;
}

static void *work(void *arg)
{
    worker *self = arg;
    srv_pool *pool = self->pool;
    on_worker = self;
    if (pool->idle)
        set_idle(pthread_self(), true);
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->count && !pool->stopping)
            pthread_cond_wait(&pool->ready, &pool->lock);
        if (!pool->count)
            break;
        job j = take_next(pool);
        pool->owners[pool->running++] = j.owner;
        pthread_mutex_unlock(&pool->lock);
        atomic_store(&self->busy, true);
        j.fn(j.arg);
        atomic_store(&self->busy, false);
        atomic_store(&self->deadline_ns, 0);
        pthread_mutex_lock(&self->lock);
        if (self->promoted && !atomic_load(&pool->finishing)) /* the next job starts idle */
            set_idle(pthread_self(), true), self->promoted = false;
        pthread_mutex_unlock(&self->lock);
        pthread_mutex_lock(&pool->lock);
        for (size_t i = 0; i < pool->running; i++) /* one of its owner's entries goes */
            if (pool->owners[i] == j.owner) {
                pool->owners[i] = pool->owners[--pool->running];
                break;
            }
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

void srv_pool_job_deadline(long long ns)
{
    if (on_worker)
        atomic_store(&on_worker->deadline_ns, ns);
}

srv_pool *srv_pool_new(size_t workers, size_t queue)
{
    srv_pool *pool = nb_xcalloc(1, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->ready, NULL);
    pool->cap = queue;
    pool->ring = nb_xcalloc(queue, sizeof *pool->ring);
    pool->workers = nb_xcalloc(workers, sizeof *pool->workers);
    pool->owners = nb_xcalloc(workers + 1, sizeof *pool->owners);
    pool->idle = lift_allowed();
    for (size_t i = 0; i < workers; i++) {
        worker *w = &pool->workers[pool->nthreads];
        w->pool = pool;
        pthread_mutex_init(&w->lock, NULL);
        w->window = (cpu_window){clock_ns(CLOCK_MONOTONIC), 0,
                                 clock_ns(CLOCK_PROCESS_CPUTIME_ID), 0};
        if (pthread_create(&w->thread, NULL, work, w)) {
            pthread_mutex_destroy(&w->lock);
            continue;
        }
        w->clocked = !pthread_getcpuclockid(w->thread, &w->cpu);
        pool->nthreads++;
    }
    return pool;
}

bool srv_pool_submit(srv_pool *pool, srv_job_fn fn, void *arg, uint64_t owner)
{
    pthread_mutex_lock(&pool->lock);
    bool ok = pool->count < pool->cap && !pool->stopping;
    if (ok) {
        pool->ring[(pool->head + pool->count) % pool->cap] = (job){fn, arg, owner};
        pool->count++;
        pthread_cond_signal(&pool->ready);
    }
    pthread_mutex_unlock(&pool->lock);
    return ok;
}

size_t srv_pool_take_if(srv_pool *pool, bool (*due)(void *arg), void **out, size_t max)
{
    pthread_mutex_lock(&pool->lock);
    size_t taken = 0, kept = 0;
    for (size_t i = 0; i < pool->count; i++) {
        job j = pool->ring[(pool->head + i) % pool->cap];
        if (taken < max && due(j.arg))
            out[taken++] = j.arg;
        else
            pool->ring[(pool->head + kept++) % pool->cap] = j;
    }
    pool->count = kept;
    pthread_mutex_unlock(&pool->lock);
    return taken;
}

size_t srv_pool_waiting(srv_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    size_t n = pool->count;
    pthread_mutex_unlock(&pool->lock);
    return n;
}

size_t srv_pool_running(srv_pool *pool)
{
    pthread_mutex_lock(&pool->lock);
    size_t n = pool->running;
    pthread_mutex_unlock(&pool->lock);
    return n;
}

void srv_pool_lift_all(srv_pool *pool)
{
    for (size_t i = 0; i < pool->nthreads && pool->idle; i++) {
        worker *w = &pool->workers[i];
        pthread_mutex_lock(&w->lock);
        if (!w->promoted)
            w->promoted = set_idle(w->thread, false);
        pthread_mutex_unlock(&w->lock);
    }
}

void srv_pool_free(srv_pool *pool)
{
    if (!pool)
        return;
    /* the queued jobs run to their end even where other programs would starve an idle
     * worker for good (the watch that lifts them is stopped by now) */
    atomic_store(&pool->finishing, true);
    srv_pool_lift_all(pool);
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->ready);
    pthread_mutex_unlock(&pool->lock);
    for (size_t i = 0; i < pool->nthreads; i++)
        pthread_join(pool->workers[i].thread, NULL), pthread_mutex_destroy(&pool->workers[i].lock);
    pthread_cond_destroy(&pool->ready);
    pthread_mutex_destroy(&pool->lock);
    free(pool->workers);
    free(pool->owners);
    free(pool->ring);
    free(pool);
}
