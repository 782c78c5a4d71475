/* srv_limit.h - requests a second per client (--rate-limit): a token bucket per client
 * address, in a table of fixed size, so that no number of clients grows it. */
#ifndef SRV_LIMIT_H
#define SRV_LIMIT_H

#include <stdint.h>

typedef struct srv_limiter srv_limiter;

/* A limiter of `per_second` requests a second per client, with bursts of twice that; NULL
 * when per_second is 0 (off). The caller owns it. */
srv_limiter *srv_limiter_new(unsigned long per_second);
void srv_limiter_free(srv_limiter *l);

/* Takes one token of client `key` (a hash of its address) at `now_ns` (CLOCK_MONOTONIC):
 * 0 when it had one, else the whole seconds (at least 1) until it has one again. A client
 * not seen for a while (whose bucket would be full) may be forgotten to make room: it
 * comes back to a full bucket, as it would anyway. */
unsigned srv_limiter_take(srv_limiter *l, uint64_t key, int64_t now_ns);

#endif
