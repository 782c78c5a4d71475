/* nb_budget.h - how long one request may compute, how much memory it may hold, and
 * whether it is still wanted: the solvers' long loops look at it now and then and stop
 * once it is spent. */
#ifndef NB_BUDGET_H
#define NB_BUDGET_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include "core/nb_error.h"

/* Whether the one who asked has gone away (a closed connection). */
typedef bool nb_gone_fn(void *ctx);
/* A moment's pause offered by a long computation, at most every 0.2 ms of it (a server
 * lets a worker give its core to a thread that waits for it), with the budget's
 * pause_ctx. */
typedef void nb_pause_fn(void *ctx);

/* Memory the requests of a process share, where the process can get no more than it has
 * room for (an address-space limit, a memory ceiling): a hold of a budget that names the
 * pool also takes from it, so that requests together cannot promise more than there is.
 * A budget takes from the pool in grains of NB_POOL_GRAIN bytes or more, and gives them
 * back once it holds nothing or a spare grain more than it holds: a request of small
 * holds touches the shared count about twice, not at each hold. */
typedef struct nb_memory_pool {
    atomic_uint_least64_t held;     /* bytes the budgets naming it have taken now */
    atomic_uint_least64_t capacity; /* bytes; 0: no bound (the pool is not looked at); may
                                     * be changed from any thread as room comes and goes */
} nb_memory_pool;

#define NB_POOL_GRAIN ((uint64_t)256 << 10)

/* Set up by whoever runs a request (nb_budget_start), lives as long as the request; the
 * solver borrows it through nb_solver.budget. */
typedef struct nb_budget {
    uint64_t seconds;         /* the deadline after the start; 0: none */
    struct timespec start;
    nb_gone_fn *gone;         /* NULL: the asker never goes */
    void *gone_ctx;           /* borrowed */
    const atomic_bool *stop;  /* set when the server stops: every budget is spent (NULL:
                               * never), borrowed */
    nb_pause_fn *pause;       /* NULL: no pauses */
    void *pause_ctx;          /* borrowed */
    uint64_t max_bytes;       /* memory the request may hold at once: its parsed body, the
                               * tables it uses and builds, its searches; 0: no bound */
    uint64_t held;            /* what it holds now (nb_budget_hold, nb_budget_drop; read
                               * from other threads with nb_budget_held) */
    nb_memory_pool *pool;     /* shared with the process's other requests (NULL: none),
                               * borrowed */
    uint64_t taken;           /* what it has taken from the pool: held, and up to two
                               * grains spare */
    uint64_t process_limit_mb; /* the memory the whole process may hold, as named when
                                * nb_budget_stop_for_memory stops it */
    atomic_uint_least64_t stopped_mb; /* set from any thread: the process's MiB when it
                                       * was stopped to bring the process back under
                                       * process_limit_mb; 0: never */
    /* what the checks keep */
    uint32_t calls;           /* since the clock was last read */
    double next_gone;         /* seconds after the start when gone() is asked next */
    double next_pause;        /* and when pause() is called next */
    enum { NB_BUDGET_LEFT, NB_BUDGET_DEADLINE, NB_BUDGET_MEMORY, NB_BUDGET_POOL,
           NB_BUDGET_GONE, NB_BUDGET_STOPPING, NB_BUDGET_PROCESS } spent;
} nb_budget;

/* A budget of `seconds` (0: no deadline) starting now, with no memory bound, no gone()
 * and no stop. */
void nb_budget_start(nb_budget *b, uint64_t seconds);
/* The same, from a CLOCK_MONOTONIC time the caller read (a request's arrival). */
void nb_budget_start_at(nb_budget *b, uint64_t seconds, struct timespec start);

/* True once the budget is spent: the deadline passed, the asker went, the server stops.
 * Cheap enough for every step of a loop: it reads the clock once per 256 calls, asks
 * gone() at most every 20 ms and calls pause() at most every 0.2 ms. b may be NULL (never
 * spent). */
bool nb_budget_spent(nb_budget *b);
/* The same for a step of about `units` plain steps' work (a state of that many words):
 * the clock is read once per 256 units. */
bool nb_budget_spent_after(nb_budget *b, uint64_t units);
/* The same, reading the clock at every call: for loops whose steps are long. */
bool nb_budget_spent_now(nb_budget *b);

/* Counts `bytes` more as held: true when that stays within max_bytes and within the
 * pool's room, and the budget was not stopped for the process's memory; else the budget
 * is spent (nothing is counted) and the caller gives up what it was about to take. b may
 * be NULL (always true). */
bool nb_budget_hold(nb_budget *b, uint64_t bytes);
/* Counts `bytes` held no longer (never below 0). b may be NULL. */
void nb_budget_drop(nb_budget *b, uint64_t bytes);

/* What b holds now, read from any thread. */
uint64_t nb_budget_held(const nb_budget *b);

/* From any thread: spends b at its next check, as the request that held the most when
 * the process held `process_mb` MiB, past b->process_limit_mb. */
void nb_budget_stop_for_memory(nb_budget *b, uint64_t process_mb);

/* Counts everything b still holds as given back, and what it took from its pool: the
 * end of its request. */
void nb_budget_end(nb_budget *b);

/* Hands what b holds over to something that outlives its request (a parsed tree freed
 * later, on another thread), and returns how many bytes: b holds nothing after, and its
 * pool keeps those bytes taken until nb_memory_pool_give_back, called once they are freed,
 * gives them back; so memory freed late is not promised to other requests meanwhile. */
uint64_t nb_budget_hand_over(nb_budget *b);
void nb_memory_pool_give_back(nb_memory_pool *pool, uint64_t bytes);
/* Fills err saying why b is spent: NB_ELIMIT for the deadline ("...the limit
 * max_request_seconds=N") or the memory ("...max_request_mb=N"), NB_ECANCELLED for a
 * client gone, a server stopping, a pool with no room left now or a process past its
 * memory; returns that status. */
nb_status nb_budget_fail(const nb_budget *b, nb_err *err);

#endif
