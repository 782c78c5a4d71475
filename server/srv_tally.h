/* srv_tally.h - a count that every request changes: each thread adds into cache lines of
 * its own, with no locked instruction (the first SRV_STRIPES - 1 threads to count; later
 * ones share the last stripe and add atomically), so that two threads never pass a line
 * back and forth on every request; a reader sums the stripes. */
#ifndef SRV_TALLY_H
#define SRV_TALLY_H

#include <stdatomic.h>

#define SRV_STRIPES 16

/* Stripes 128 bytes apart, so that no two share a cache line (nor the line prefetched
 * beside it) wherever the tally lies: padded rather than aligned, since a tally lives in
 * memory from malloc, which promises no more than 16-byte alignment. */
typedef struct srv_tally {
    struct {
        atomic_ullong n; /* what this stripe's threads added, mod 2^64 */
        char apart[128 - sizeof(atomic_ullong)];
    } stripe[SRV_STRIPES];
} srv_tally;

/* The calling thread's stripe, in [0, SRV_STRIPES): its own, or the last, which the
 * threads past the first SRV_STRIPES - 1 share. Picked on its first call, kept. */
unsigned srv_stripe(void);

/* Adds by (negative: subtracts) on the calling thread's stripe. */
void srv_tally_add(srv_tally *t, long long by);

/* The sum of every stripe, each as of some moment while it is read: exact once the
 * changes it should see are done. When each thread takes away only what it added itself
 * (a request's changes are made on its HTTP thread), no stripe falls below 0, and neither
 * does the sum; a sum below 0 all the same (a count some thread took from another's) is 0. */
unsigned long long srv_tally_sum(srv_tally *t);

#endif
