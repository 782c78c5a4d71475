/* srv_limit.c - token buckets in an open-addressed table of SLOTS entries under striped
 * locks: tokens counted in thousandths, refilled by the time passed since each client's
 * last request. */
#include "srv_limit.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "nimber.h"

#define SLOTS 16384  /* clients remembered at once (power of 2) */
#define PROBE 8      /* slots looked at for a client before one is taken over */
#define STRIPES 64   /* locks, each over SLOTS / STRIPES neighbouring slots' groups */
#define MILLI 1000   /* a token */

typedef struct bucket {
    uint64_t key;     /* 0: free */
    int64_t last_ns;  /* when the tokens were counted */
    uint64_t tokens;  /* thousandths of a token, at most the burst */
} bucket;

struct srv_limiter {
    uint64_t rate;    /* tokens a second */
    uint64_t burst;   /* thousandths: 2 * rate tokens */
    bucket *slots;
    pthread_mutex_t locks[STRIPES];
};

srv_limiter *srv_limiter_new(unsigned long per_second)
{
    if (!per_second)
        return NULL;
    srv_limiter *l = nb_xcalloc(1, sizeof *l);
    l->rate = per_second;
    l->burst = 2 * (uint64_t)per_second * MILLI;
    l->slots = nb_xcalloc(SLOTS, sizeof *l->slots);
    for (int i = 0; i < STRIPES; i++)
        pthread_mutex_init(&l->locks[i], NULL);
    return l;
}

void srv_limiter_free(srv_limiter *l)
{
    if (!l)
        return;
    for (int i = 0; i < STRIPES; i++)
        pthread_mutex_destroy(&l->locks[i]);
    free(l->slots);
    free(l);
}

/* The client's bucket refilled to now: the thousandths `rate` a second brings, within the
 * burst (a bucket untouched for 2 s is full whatever it held). */
static void refill(const srv_limiter *l, bucket *b, int64_t now_ns)
{
    int64_t idle = now_ns - b->last_ns;
    if (idle >= 2000000000LL)
        b->tokens = l->burst;
    else if (idle > 0)
        b->tokens += (uint64_t)idle * l->rate / 1000000; /* ns * tokens/s * 1000 / 1e9 */
    if (b->tokens > l->burst)
        b->tokens = l->burst;
    b->last_ns = now_ns;
}

unsigned srv_limiter_take(srv_limiter *l, uint64_t key, int64_t now_ns)
{
    key += !key; /* never 0, which marks a free slot */
    /* the PROBE slots a key may use lie in one group, under one lock */
    size_t group = (size_t)(key % (SLOTS / PROBE)) * PROBE;
    pthread_mutex_t *lock = &l->locks[group / PROBE % STRIPES];
    pthread_mutex_lock(lock);
    bucket *b = NULL, *oldest = &l->slots[group];
    for (size_t i = group; i < group + PROBE && !b; i++) {
        if (l->slots[i].key == key)
            b = &l->slots[i];
        else if (!l->slots[i].key || l->slots[i].last_ns < oldest->last_ns)
            oldest = &l->slots[i];
    }
    if (!b) { /* a new client, or one forgotten: the least recently seen gives way */
        b = oldest;
        *b = (bucket){.key = key, .last_ns = now_ns, .tokens = l->burst};
    }
    refill(l, b, now_ns);
    unsigned wait = 0;
    if (b->tokens >= MILLI) {
        b->tokens -= MILLI;
    } else { /* the thousandths missing, at rate thousandths a millisecond */
        uint64_t ms = ((MILLI - b->tokens) * 1000 + l->rate * MILLI - 1) / (l->rate * MILLI);
        wait = (unsigned)((ms + 999) / 1000);
        if (wait < 1)
            wait = 1;
    }
    pthread_mutex_unlock(lock);
    return wait;
}
