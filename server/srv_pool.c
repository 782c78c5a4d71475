/* srv_pool.c - a ring of waiting jobs under a mutex, workers sleeping on a condition, each
 * worker's running job's owner kept for the fair share. */
#include "srv_pool.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <time.h>

#include "nimber.h"

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
    pthread_t *threads;
    size_t nthreads;
    uint64_t *owners; /* the owner of each running job (0: none), unordered, `running` long */
};

/* Workers run under SCHED_IDLE: while their jobs fill every core, a small request on an
 * HTTP thread preempts them at once (the soak row of make bench: its p99 1.6x alone, and
 * 11x with the workers at the HTTP threads' priority, 6x even at nice 19). Beside other
 * busy programs, though, SCHED_IDLE gets next to nothing (beside stress-ng --cpu 4 on two
 * cores a solve of 14 ms passed its 30 s budget), so a job that had less than
 * STARVED_SHARE of a core over a window of STARVED_SECONDS runs on at the process's own
 * priority until it ends. The worker looks at its share in the budget's pauses. */
#define STARVED_SECONDS 0.25
#define STARVED_SHARE 0.2

static _Thread_local bool on_worker, idle, promoted;
static _Thread_local struct timespec window_wall, window_cpu; /* the window's start */

static double seconds_since(clockid_t clock, struct timespec *since)
{
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)(now.tv_sec - since->tv_sec) + (double)(now.tv_nsec - since->tv_nsec) / 1e9;
}

static void open_window(void)
{
    clock_gettime(CLOCK_MONOTONIC, &window_wall);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &window_cpu);
}

static void set_idle(bool to_idle)
{
    struct sched_param none = {0};
    idle = !pthread_setschedparam(pthread_self(), to_idle ? SCHED_IDLE : SCHED_OTHER, &none)
               ? to_idle : idle;
}

void srv_pool_yield(void)
{
    if (!on_worker)
        return;
    if (idle) {
        double wall = seconds_since(CLOCK_MONOTONIC, &window_wall);
        if (wall >= STARVED_SECONDS) {
            if (seconds_since(CLOCK_THREAD_CPUTIME_ID, &window_cpu) < STARVED_SHARE * wall) {
                set_idle(false);
                promoted = !idle;
            }
            open_window();
        }
    }
    sched_yield();
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
    srv_pool *pool = arg;
    on_worker = true;
    set_idle(true);
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->count && !pool->stopping)
            pthread_cond_wait(&pool->ready, &pool->lock);
        if (!pool->count)
            break;
        job j = take_next(pool);
        pool->owners[pool->running++] = j.owner;
        pthread_mutex_unlock(&pool->lock);
        open_window();
        j.fn(j.arg);
        if (promoted) /* the next job starts idle again */
            set_idle(true), promoted = false;
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

srv_pool *srv_pool_new(size_t workers, size_t queue)
{
    srv_pool *pool = nb_xcalloc(1, sizeof *pool);
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->ready, NULL);
    pool->cap = queue;
    pool->ring = nb_xcalloc(queue, sizeof *pool->ring);
    pool->threads = nb_xcalloc(workers, sizeof *pool->threads);
    pool->owners = nb_xcalloc(workers + 1, sizeof *pool->owners);
    for (size_t i = 0; i < workers; i++)
        if (!pthread_create(&pool->threads[i], NULL, work, pool))
            pool->nthreads++;
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

void srv_pool_free(srv_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->lock);
    pool->stopping = true;
    pthread_cond_broadcast(&pool->ready);
    pthread_mutex_unlock(&pool->lock);
    for (size_t i = 0; i < pool->nthreads; i++)
        pthread_join(pool->threads[i], NULL);
    pthread_cond_destroy(&pool->ready);
    pthread_mutex_destroy(&pool->lock);
    free(pool->threads);
    free(pool->owners);
    free(pool->ring);
    free(pool);
}
