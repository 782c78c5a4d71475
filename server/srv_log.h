/* srv_log.h - the request log: one JSON line on stderr per completed request; and the
 * daemon's own events (listening, draining, stopped, failing to start), as JSON lines
 * when the log is on, else as plain text. */
#ifndef SRV_LOG_H
#define SRV_LOG_H

#include <stdio.h>

#include "srv_request.h"

/* One event on `to`: {"time":...,"event":"<event>","detail":"<detail>"} when json, else
 * "nimberd: <detail>". The detail is printf-formatted, then escaped for JSON. */
void srv_log_event(FILE *to, bool json, const char *event, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Logs r (status 500 when it was never answered); `aborted` when the connection ended
 * before the answer was sent. Lines wait in the calling thread's ring for the writer
 * (at most 10 ms, and what a SIGKILL loses); written at once while no writer runs. */
void srv_log_request(const srv_request *r, int status, double seconds, bool aborted);

/* Starts the writer thread of the request log; srv_log_stop writes out every line still
 * waiting and stops it. */
void srv_log_start(void);
void srv_log_stop(void);

#endif
