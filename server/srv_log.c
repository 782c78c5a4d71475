/* srv_log.c - request log lines. */
#include "srv_log.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

static void now_utc(char *when, size_t size)
{
    time_t now = time(NULL);
    struct tm tm;
    strftime(when, size, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&now, &tm));
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
    char when[32];
    now_utc(when, sizeof when);
    fprintf(stderr, "{\"time\":\"%s\",\"method\":\"%s\",\"path\":\"%s\",\"status\":%d,"
                    "\"ms\":%.3f,\"bytes_in\":%zu,\"request_id\":\"%s\"%s}\n",
            when, r->method, r->route ? r->route->path : "(unknown)", status, seconds * 1e3,
            r->len, r->id, aborted ? ",\"aborted\":true" : "");
}
