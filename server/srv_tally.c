/* srv_tally.c - counts kept in cache lines of each thread's own, summed when read. */
#include "srv_tally.h"

unsigned srv_stripe(void)
{
    static atomic_uint threads;
    static _Thread_local unsigned stripe = SRV_STRIPES;
    if (stripe == SRV_STRIPES) {
        unsigned n = atomic_fetch_add(&threads, 1);
        stripe = n < SRV_STRIPES - 1 ? n : SRV_STRIPES - 1;
    }
    return stripe;
}

void srv_tally_add(srv_tally *t, long long by)
{
    unsigned i = srv_stripe();
    atomic_ullong *n = &t->stripe[i].n;
    if (i < SRV_STRIPES - 1) /* written by this thread alone: a load and a store suffice */
        atomic_store_explicit(n, atomic_load_explicit(n, memory_order_relaxed) +
                                     (unsigned long long)by, memory_order_relaxed);
    else
        atomic_fetch_add_explicit(n, (unsigned long long)by, memory_order_relaxed);
}

unsigned long long srv_tally_sum(srv_tally *t)
{
    unsigned long long sum = 0;
    for (unsigned i = 0; i < SRV_STRIPES; i++)
        sum += atomic_load_explicit(&t->stripe[i].n, memory_order_relaxed);
    return (long long)sum < 0 ? 0 : sum;
}
