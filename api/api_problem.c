/* api_problem.c - building RFC 9457 problem objects. */
#include "api_problem.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_utf8.h"
#include "core/nb_util.h"

static int vfail(api_problem *p, const char *kind, int status, const char *pointer,
                 const char *fmt, va_list ap)
{
    p->status = status;
    p->kind = kind;
    free(p->pointer);
    p->pointer = NULL;
    if (pointer) {
        size_t n = strlen(pointer);
        p->pointer = memcpy(nb_xmalloc(n + 1), pointer, n + 1);
        api_utf8_mend(p->pointer);
    }
    vsnprintf(p->detail, sizeof p->detail, fmt, ap);
    api_utf8_mend(p->detail);
    return status;
}

int api_fail(api_problem *p, int status, const char *pointer, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(p, NULL, status, pointer, fmt, ap);
    va_end(ap);
    return status;
}

int api_fail_as(api_problem *p, const char *kind, int status, const char *pointer,
                const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(p, kind, status, pointer, fmt, ap);
    va_end(ap);
    return status;
}

int api_fail_too_many(api_problem *p, const char *pointer, const char *field, size_t count,
                      const char *items, const char *limit_name, uint64_t limit)
{
    return api_fail(p, 422, pointer, "%s holds %zu %s, over the limit %s=%llu", field, count,
                    items, limit_name, (unsigned long long)limit);
}

const api_problem_kind api_problem_kinds[] = {
    {"malformed-json", "Malformed JSON",
     "400: the body is not one JSON value, or it repeats a key of an object. Send valid JSON "
     "with each key at most once."},
    {"invalid-field", "Invalid field",
     "400: a field is missing, unknown to the type or route, of the wrong JSON kind, or out of "
     "its range. `pointer` names the element at fault (`/set/1`, `/heaps/2`)."},
    {"unknown-type", "Unknown game type",
     "400: `type` names no game nimber knows. GET /v1/games lists the types."},
    {"unsupported-convention", "Unsupported convention",
     "400 when the route cannot honour the convention (a misère table), 422 when the game has "
     "no answer under it (misère play of the cutting game, or of a sum holding one). `pointer` is /convention."},
    {"invalid-query", "Invalid query parameter",
     "400: a query parameter is unknown or its value is not allowed."},
    {"malformed-request", "Malformed request",
     "400: the HTTP request itself breaks RFC 9112 (its head, its framing or its path)."},
    {"not-implemented", "Not implemented",
     "501: the request uses an HTTP feature nimberd does not implement (a transfer coding "
     "other than chunked); the connection is closed after the answer."},
    {"limit-exceeded", "Limit exceeded",
     "422 (413 for the body): answering would pass one of the server's limits. The members "
     "`limit` and `value` name it and give its value (GET /v1/games lists each type's "
     "limits); `pointer`, when present, names the field that passes it. Ask for less, or "
     "run nimberd with a larger limit."},
    {"illegal-move", "Illegal move",
     "422: the move given to POST /v1/move is not one of the position's legal moves: of "
     "another shape, with a field out of the game's range, not allowed by the rules here, "
     "or with a derived field (leave, tokens, removed, wins_immediately) that does not match. "
     "`detail` says why and `pointer` names the first field at fault, inside /move. "
     "POST /v1/moves lists the legal moves."},
    {"unsolvable", "Unsolvable position",
     "422: the position is well-formed but nimber cannot answer it (the detail says why)."},
    {"not-found", "Not found", "404: no resource at this path."},
    {"method-not-allowed", "Method not allowed",
     "405: the resource answers other methods; the Allow header lists them."},
    {"unsupported-media-type", "Unsupported media type",
     "415: send the body as application/json (charset utf-8 if any)."},
    {"rate-limited", "Too many requests",
     "429: this client (its address; behind a trusted proxy, the forwarded one) made more "
     "requests than --rate-limit allows (N a second, in bursts of 2N). Retry-After gives the "
     "seconds until it may make one again; RateLimit-Policy and RateLimit say the quota "
     "(draft-ietf-httpapi-ratelimit-headers). Other clients are served meanwhile."},
    {"unavailable", "Service unavailable",
     "503: the server is overloaded or draining. Retry after the seconds Retry-After gives."},
    {"uri-too-long", "URI too long",
     "414: the request line is longer than a connection's memory holds (--conn-memory-kb); "
     "send a large position in a POST body."},
    {"headers-too-large", "Header fields too large",
     "431: the header fields take more than a connection's memory holds (--conn-memory-kb)."},
    {"http-version-not-supported", "HTTP version not supported",
     "505: nimberd speaks HTTP/1.1 and HTTP/1.0."},
    {"internal-error", "Internal error", "500: a fault of the server; it is logged."},
    {NULL, NULL, NULL},
};

const api_problem_kind *api_problem_kind_find(const char *name)
{
    for (const api_problem_kind *k = api_problem_kinds; k->name; k++)
        if (!strcmp(k->name, name))
            return k;
    return NULL;
}

/* The kind a status has when its maker gave none. */
static const char *usual_kind(int status, bool names_limit)
{
    switch (status) {
    case 400: return "invalid-field";
    case 404: return "not-found";
    case 405: return "method-not-allowed";
    case 413: return "limit-exceeded";
    case 415: return "unsupported-media-type";
    case 422: return names_limit ? "limit-exceeded" : "unsolvable";
    case 501: return "not-implemented";
    case 503: return "unavailable";
    default: return "internal-error";
    }
}

/* Finds "limit NAME=VALUE" in a detail: NAME into name (lower case and _), VALUE into *value. */
static bool named_limit(const char *detail, char name[static 32], unsigned long long *value)
{
    for (const char *at = strstr(detail, "limit "); at; at = strstr(at + 1, "limit ")) {
        const char *n = at + 6;
        size_t len = strspn(n, "abcdefghijklmnopqrstuvwxyz_");
        if (!len || len >= 32 || n[len] != '=' || !isdigit((unsigned char)n[len + 1]))
            continue;
        memcpy(name, n, len);
        name[len] = '\0';
        *value = strtoull(n + len + 1, NULL, 10);
        return true;
    }
    return false;
}

json_t *api_problem_json(api_problem *p)
{
    char limit[32], type[64];
    unsigned long long value = 0;
    bool names_limit = (p->status == 422 || p->status == 413) && named_limit(p->detail, limit, &value);
    const char *kind = p->kind ? p->kind : usual_kind(p->status, names_limit);
    const api_problem_kind *k = api_problem_kind_find(kind);
    snprintf(type, sizeof type, "/problems/%s", kind);
    json_t *o = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", k ? k->title : "Error",
                          "status", p->status, "detail", p->detail);
    if (p->pointer)
        json_object_set_new(o, "pointer", json_string(p->pointer));
    if (names_limit && !strcmp(kind, "limit-exceeded")) {
        json_object_set_new(o, "limit", json_string(limit));
        json_object_set_new(o, "value", json_integer((json_int_t)value));
    }
    api_problem_clear(p);
    return o;
}

void api_problem_clear(api_problem *p)
{
    free(p->pointer);
    p->pointer = NULL;
}
