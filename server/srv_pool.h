/* srv_pool.h - a fixed set of worker threads with a bounded queue of jobs, so that long
 * solves run off the HTTP I/O threads, shared fairly: while jobs of other owners wait, no
 * owner (a client) runs jobs on more than half the workers. */
#ifndef SRV_POOL_H
#define SRV_POOL_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct srv_pool srv_pool;
typedef void (*srv_job_fn)(void *arg);

/* Starts `workers` threads; at most `queue` jobs wait. The caller owns the pool. */
srv_pool *srv_pool_new(size_t workers, size_t queue);
/* Queues fn(arg) for `owner` (0: none, never held back); false when the queue is full (the
 * caller answers 503). A free worker takes the oldest job whose owner runs fewer than half
 * the workers (at least one), else the oldest: an owner alone may use them all. */
bool srv_pool_submit(srv_pool *pool, srv_job_fn fn, void *arg, uint64_t owner);
/* Takes out of the queue, in order, up to `max` waiting jobs whose arg `due` says yes to,
 * their args into out: they will not run. Returns how many. */
size_t srv_pool_take_if(srv_pool *pool, bool (*due)(void *arg), void **out, size_t max);
/* Jobs waiting, and jobs running. */
size_t srv_pool_waiting(srv_pool *pool);
size_t srv_pool_running(srv_pool *pool);
/* On a worker, when `arrived` (a request's arrival, in ns, stamped at most once a
 * millisecond) changed since the worker last looked, gives its core to any thread waiting
 * for one: the HTTP thread that reads the request would otherwise wait up to a scheduler
 * tick behind a worker lifted out of SCHED_IDLE. Elsewhere, and when nothing arrived,
 * does nothing: under EEVDF each sched_yield pushes the worker's deadline back a slice,
 * and beside busy programs a yield every 0.2 ms left a worker 3% of a core where its fair
 * share was 25%. */
void srv_pool_yield_to(atomic_llong *arrived);
/* Whether the workers run under SCHED_IDLE: only where the process may lift them out. */
bool srv_pool_idle(const srv_pool *pool);
/* Lets each worker that other programs starve run its job on at the process's priority
 * rather than SCHED_IDLE (srv_pool.c says when); for one thread alone, the watch's. */
void srv_pool_lift_starved(srv_pool *pool);
/* On a worker: the deadline of the job it runs (CLOCK_MONOTONIC nanoseconds), past which
 * it is lifted when starved, whatever the other threads do. Elsewhere does nothing. */
void srv_pool_job_deadline(long long ns);
/* Puts every thread of the pool at the process's priority until it ends its next job (or
 * the one it runs): for the reclaimer while the process is past its memory ceiling, whose
 * frees and purges other programs would starve under SCHED_IDLE. */
void srv_pool_lift_all(srv_pool *pool);
/* Runs every queued job to the end, stops the threads and frees the pool. */
void srv_pool_free(srv_pool *pool);

#endif
