/* srv_log.c - request log lines. */
#include "srv_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

/* Now in RFC 3339, UTC, to the millisecond: 2026-11-25T07:14:02.123Z. */
static void now_utc(char *when, size_t size)
{
    struct timespec now;
    clock_gettime(CLOCK_REALTIME, &now);
    struct tm tm;
    size_t n = strftime(when, size, "%Y-%m-%dT%H:%M:%S", gmtime_r(&now.tv_sec, &tm));
    snprintf(when + n, size - n, ".%03ldZ", now.tv_nsec / 1000000);
}

void srv_log_event(FILE *to, bool json, const char *event, const char *fmt, ...)
{
    char detail[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    if (!json) {
        fprintf(to, "nimberd: %s\n", detail);
    } else {
        char when[32];
        now_utc(when, sizeof when);
        fprintf(to, "{\"time\":\"%s\",\"event\":\"%s\",\"detail\":\"", when, event);
        for (const unsigned char *c = (const unsigned char *)detail; *c; c++) {
            if (*c == '"' || *c == '\\')
                fprintf(to, "\\%c", *c);
            else if (*c < 0x20)
                fprintf(to, "\\u%04x", *c);
            else
                fputc(*c, to);
        }
        fputs("\"}\n", to);
    }
    fflush(to);
}

void srv_log_request(const srv_request *r, int status, double seconds, bool aborted)
{
    /* every string here is safe as it is: the method made a token, a route's own path,
     * an id, an address, a trace id and a game or problem name of nimber's own */
    char when[40], trace[48] = "", game[48] = "", problem[64] = "";
    now_utc(when, sizeof when);
    if (r->traceparent[0])
        snprintf(trace, sizeof trace, ",\"trace_id\":\"%.32s\"", r->traceparent + 3);
    if (r->game)
        snprintf(game, sizeof game, ",\"game\":\"%.30s\"", r->game);
    if (r->problem)
        snprintf(problem, sizeof problem, ",\"problem\":\"%.40s\"", r->problem);
    fprintf(stderr, "{\"time\":\"%s\",\"level\":\"%s\",\"method\":\"%s\",\"path\":\"%s\","
                    "\"status\":%d,\"ms\":%.3f,\"bytes_in\":%zu,\"bytes_out\":%zu,"
                    "\"client\":\"%s\",\"request_id\":\"%s\"%s%s%s%s}\n",
            when, status >= 500 ? "error" : status >= 400 ? "warn" : "info", r->method,
            r->route ? r->route->path : "(unknown)", status, seconds * 1e3, r->len,
            r->answered ? r->out_len : 0, r->client, r->id, trace, game, problem,
            aborted ? ",\"aborted\":true" : "");
}
