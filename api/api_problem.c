/* api_problem.c - building RFC 9457 problem objects. */
#include "api_problem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_utf8.h"
#include "nb_util.h"

int api_fail(api_problem *p, int status, const char *pointer, const char *fmt, ...)
{
    va_list ap;
    p->status = status;
    free(p->pointer);
    p->pointer = NULL;
    if (pointer) {
        size_t n = strlen(pointer);
        p->pointer = memcpy(nb_xmalloc(n + 1), pointer, n + 1);
        api_utf8_mend(p->pointer);
    }
    va_start(ap, fmt);
    vsnprintf(p->detail, sizeof p->detail, fmt, ap);
    va_end(ap);
    api_utf8_mend(p->detail);
    return status;
}

int api_fail_too_many(api_problem *p, const char *pointer, const char *field, size_t count,
                      const char *items, const char *limit_name, uint64_t limit)
{
    return api_fail(p, 422, pointer, "%s holds %zu %s, over the limit %s=%llu", field, count,
                    items, limit_name, (unsigned long long)limit);
}

/* "Bad Request" for 400 and so on. */
static const char *status_title(int status)
{
    switch (status) {
    case 200: return "OK";
    case 204: return "No Content";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Content";
    case 503: return "Service Unavailable";
    default: return "Internal Server Error";
    }
}

json_t *api_problem_json(api_problem *p)
{
    json_t *o = json_pack("{s:s, s:s, s:i, s:s}", "type", "about:blank", "title",
                          status_title(p->status), "status", p->status, "detail", p->detail);
    if (p->pointer)
        json_object_set_new(o, "pointer", json_string(p->pointer));
    api_problem_clear(p);
    return o;
}

void api_problem_clear(api_problem *p)
{
    free(p->pointer);
    p->pointer = NULL;
}
