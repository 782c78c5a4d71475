/* srv_log.c - request log lines. */
#include "srv_log.h"

#include <stdio.h>
#include <time.h>

void srv_log_request(const srv_request *r, int status, double seconds, bool aborted)
{
    char when[32];
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
    fprintf(stderr, "{\"time\":\"%s\",\"method\":\"%s\",\"path\":\"%s\",\"status\":%d,"
                    "\"ms\":%.3f,\"bytes_in\":%zu,\"request_id\":\"%s\"%s}\n",
            when, r->method, r->route ? r->route->path : "(unknown)", status, seconds * 1e3,
            r->len, r->id, aborted ? ",\"aborted\":true" : "");
}
