/* srv_watch.h - one thread that looks after the process and its connections: the process
 * past --max-memory-mb and a request still waiting for a worker once its time is spent
 * (twenty times a second), a client gone mid-request and a head or a body past its
 * deadline (four times a second). */
#ifndef SRV_WATCH_H
#define SRV_WATCH_H

#include <stdint.h>

#include "srv_request.h"

/* Starts watching s (its pool, its connections as they are added). The server owns the
 * watch: srv_watch_stop ends its thread (before the pool goes), srv_watch_free frees it
 * (once the daemons, which remove their connections, are stopped). */
srv_watch *srv_watch_start(srv_server *s);
void srv_watch_stop(srv_watch *w);
void srv_watch_free(srv_watch *w);

/* A connection opened (sock, the server's, lives until srv_watch_remove), or closed. */
void srv_watch_add(srv_watch *w, srv_socket *sock);
void srv_watch_remove(srv_watch *w, srv_socket *sock);

/* Where a connection is: set by the HTTP thread that serves it. SRV_IDLE: waiting for a
 * request's head, since it opened or answered; SRV_BODY: a request begun, its body
 * coming; SRV_WORK: the body in, the request computed and answered. `since` is the
 * CLOCK_MONOTONIC time it entered the phase, in ns (the watch times IDLE and BODY only:
 * SRV_WORK's is not kept). */
void srv_watch_phase(srv_socket *sock, srv_phase phase, long long since);

/* The request a worker computes on a connection (NULL once it completed): what the
 * memory ceiling may stop. (One computed on the HTTP thread is small, by the route's
 * judgement, and is not registered: the lock costs every request.) */
void srv_watch_request(srv_watch *w, srv_socket *sock, srv_request *r);

/* What the watch did, for /metrics. */
srv_watch_stats srv_watch_get_stats(srv_watch *w);

/* The process's resident memory in MiB (/proc/self/statm), 0 when unknown; read at most
 * every 10 ms (each read costs the HTTP thread as much as a small request). */
unsigned long srv_resident_mb(void);

#endif
