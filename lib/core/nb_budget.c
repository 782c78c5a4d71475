/* nb_budget.c - a request's deadline, memory and cancellation, checked cooperatively. */
#include "core/nb_budget.h"

#define CALLS_PER_LOOK 256
#define GONE_EVERY_SECONDS 0.02
#define PAUSE_EVERY_SECONDS 0.0002

void nb_budget_start_at(nb_budget *b, uint64_t seconds, struct timespec start)
{
    /* The first look at the client and the first pause come one period in: an answer
     * sooner than that pays for neither (a recv and a yield per request). */
    *b = (nb_budget){.seconds = seconds, .start = start, .next_gone = GONE_EVERY_SECONDS,
                     .next_pause = PAUSE_EVERY_SECONDS};
}

void nb_budget_start(nb_budget *b, uint64_t seconds)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    nb_budget_start_at(b, seconds, now);
}

bool nb_budget_spent(nb_budget *b)
{
    if (!b)
        return false;
    if (b->spent != NB_BUDGET_LEFT)
        return true;
    if (++b->calls < CALLS_PER_LOOK)
        return false;
    return nb_budget_spent_now(b);
}

bool nb_budget_spent_after(nb_budget *b, uint64_t units)
{
    if (!b)
        return false;
    if (b->spent != NB_BUDGET_LEFT)
        return true;
    if (units < CALLS_PER_LOOK - b->calls) {
        b->calls += (uint32_t)units + 1;
        return false;
    }
    return nb_budget_spent_now(b);
}

bool nb_budget_spent_now(nb_budget *b)
{
    if (!b)
        return false;
    if (b->spent != NB_BUDGET_LEFT)
        return true;
    b->calls = 0;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double elapsed = (double)(now.tv_sec - b->start.tv_sec) +
                     (double)(now.tv_nsec - b->start.tv_nsec) / 1e9;
    if (b->pause && elapsed >= b->next_pause) {
        b->next_pause = elapsed + PAUSE_EVERY_SECONDS;
        b->pause(b->pause_ctx);
    }
    if (b->stop && atomic_load(b->stop))
        b->spent = NB_BUDGET_STOPPING;
    else if (atomic_load_explicit(&b->stopped_mb, memory_order_relaxed))
        b->spent = NB_BUDGET_PROCESS;
    else if (b->seconds && elapsed > (double)b->seconds)
        b->spent = NB_BUDGET_DEADLINE;
    else if (b->gone && elapsed >= b->next_gone) {
        b->next_gone = elapsed + GONE_EVERY_SECONDS;
        if (b->gone(b->gone_ctx))
            b->spent = NB_BUDGET_GONE;
    }
    return b->spent != NB_BUDGET_LEFT;
}

/* Takes `bytes` from the pool when it has room for them under `capacity`. */
static bool take(nb_memory_pool *pool, uint64_t capacity, uint64_t bytes)
{
    if (atomic_fetch_add(&pool->held, bytes) + bytes <= capacity)
        return true;
    atomic_fetch_sub(&pool->held, bytes);
    return false;
}

/* Takes what b lacks to hold `more` bytes past what it holds from its pool: a grain when
 * it lacks less and a grain fits, else exactly what it lacks. False when there is no room. */
static bool take_from_pool(nb_budget *b, uint64_t capacity, uint64_t more)
{
    uint64_t lack = b->held + more - b->taken;
    uint64_t got = lack < NB_POOL_GRAIN && take(b->pool, capacity, NB_POOL_GRAIN)
                       ? NB_POOL_GRAIN : take(b->pool, capacity, lack) ? lack : 0;
    b->taken += got;
    return got != 0;
}

/* Gives back to the pool what b took and no longer needs: everything once it holds
 * nothing, else all but a grain past what it holds once two grains are spare. */
static void give_to_pool(nb_budget *b)
{
    uint64_t keep = !b->held ? 0 : b->taken > b->held + 2 * NB_POOL_GRAIN
                                       ? b->held + NB_POOL_GRAIN : b->taken;
    if (b->pool && keep < b->taken) {
        atomic_fetch_sub(&b->pool->held, b->taken - keep);
        b->taken = keep;
    }
}

bool nb_budget_hold(nb_budget *b, uint64_t bytes)
{
    if (!b)
        return true;
    if (atomic_load_explicit(&b->stopped_mb, memory_order_relaxed)) {
        b->spent = NB_BUDGET_PROCESS; /* stopped for the process's memory: it takes no more */
        return false;
    }
    if (b->max_bytes && (bytes > b->max_bytes || b->held > b->max_bytes - bytes)) {
        if (b->spent == NB_BUDGET_LEFT)
            b->spent = NB_BUDGET_MEMORY;
        return false;
    }
    uint64_t capacity = b->pool ? atomic_load_explicit(&b->pool->capacity,
                                                       memory_order_relaxed) : 0;
    if (capacity && b->held + bytes > b->taken &&
        !take_from_pool(b, capacity, bytes)) {
        if (b->spent == NB_BUDGET_LEFT)
            b->spent = NB_BUDGET_POOL;
        return false;
    }
    __atomic_store_n(&b->held, b->held + bytes, __ATOMIC_RELAXED);
    return true;
}

void nb_budget_drop(nb_budget *b, uint64_t bytes)
{
    if (!b)
        return;
    uint64_t dropped = bytes < b->held ? bytes : b->held;
    __atomic_store_n(&b->held, b->held - dropped, __ATOMIC_RELAXED);
    if (b->taken)
        give_to_pool(b);
}

uint64_t nb_budget_held(const nb_budget *b)
{
    return __atomic_load_n(&b->held, __ATOMIC_RELAXED);
}

void nb_budget_stop_for_memory(nb_budget *b, uint64_t process_mb)
{
    atomic_store_explicit(&b->stopped_mb, process_mb ? process_mb : 1, memory_order_relaxed);
}

void nb_budget_end(nb_budget *b)
{
    if (b)
        nb_budget_drop(b, b->held);
}

uint64_t nb_budget_hand_over(nb_budget *b)
{
    if (!b)
        return 0;
    uint64_t kept = b->held < b->taken ? b->held : b->taken; /* taken is 0 without a pool */
    b->taken -= kept;
    nb_budget_drop(b, b->held); /* the spare grains go back; the kept bytes stay taken */
    return kept;
}

void nb_memory_pool_give_back(nb_memory_pool *pool, uint64_t bytes)
{
    if (pool && bytes)
        atomic_fetch_sub(&pool->held, bytes);
}

nb_status nb_budget_fail(const nb_budget *b, nb_err *err)
{
    switch (b->spent) {
    case NB_BUDGET_DEADLINE:
        return nb_fail(err, NB_ELIMIT, "answering takes longer than the limit "
                       "max_request_seconds=%llu", (unsigned long long)b->seconds);
    case NB_BUDGET_MEMORY:
        return nb_fail(err, NB_ELIMIT, "answering needs more memory than the limit "
                       "max_request_mb=%llu", (unsigned long long)(b->max_bytes >> 20));
    case NB_BUDGET_POOL:
        return nb_fail(err, NB_ECANCELLED, "nimberd has no memory for this now: the requests "
                       "under way hold what its memory ceiling (max_memory_mb=%llu) or "
                       "address space leaves them (%llu MiB); retry shortly",
                       (unsigned long long)b->process_limit_mb,
                       (unsigned long long)(atomic_load(&b->pool->capacity) >> 20));
    case NB_BUDGET_GONE:
        return nb_fail(err, NB_ECANCELLED, "the client went away before the answer");
    case NB_BUDGET_PROCESS:
        return nb_fail(err, NB_ECANCELLED, "nimberd held %llu MiB, past the limit "
                       "max_memory_mb=%llu, and this request held the most of it: it was "
                       "stopped; retry shortly, or ask for less",
                       (unsigned long long)atomic_load(&b->stopped_mb),
                       (unsigned long long)b->process_limit_mb);
    case NB_BUDGET_STOPPING:
        return nb_fail(err, NB_ECANCELLED, "nimberd is shutting down: its shutdown timeout "
                       "passed before the answer; retry on another replica");
    default:
        return nb_fail(err, NB_ELIMIT, "the request's budget is spent");
    }
}
