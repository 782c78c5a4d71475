/* srv_answer.c - answers, problems and the headers every response carries. */
#include "srv_answer.h"

#include <stdlib.h>
#include <string.h>

#include "api_write.h"
#include "srv_encode.h"
#include "srv_edge.h"

void srv_answer(srv_request *r, int status, char *out, size_t len, bool is_static,
                const char *content_type)
{
    r->status = status;
    r->out = out;
    r->out_len = len;
    r->out_static = is_static;
    r->content_type = content_type;
    r->answered = true;
}

void srv_answer_problem(srv_request *r, api_problem *p)
{
    json_t *o = api_problem_json(p);
    const char *type = json_string_value(json_object_get(o, "type")); /* "/problems/<kind>" */
    const api_problem_kind *kind = type ? api_problem_kind_find(type + strlen("/problems/")) : NULL;
    r->problem = kind ? kind->name : NULL;
    size_t len;
    char *text = api_write(o, &len);
    json_decref(o);
    srv_answer(r, p->status, text, len, false, "application/problem+json");
}

void srv_answer_fail(srv_request *r, const char *kind, int status, const char *fmt,
                     const char *arg)
{
    api_problem p = {0};
    api_fail_as(&p, kind, status, NULL, fmt, arg);
    srv_answer_problem(r, &p);
}

void srv_answer_encode(srv_request *r)
{
    if (r->encoded)
        return;
    r->encoded = true;
    char *packed;
    size_t len;
    if (!r->gzip_ok || r->out_len <= SRV_GZIP_MIN_BYTES || r->status == 304 ||
        !srv_gzip(r->out, r->out_len, &packed, &len))
        return;
    if (!r->out_static)
        free(r->out);
    r->out = packed;
    r->out_len = len;
    r->out_static = false;
    r->gzipped = true;
}

enum MHD_Result srv_answer_queue(srv_request *r)
{
    if (r->queued) /* libmicrohttpd may call the handler again while shutting down */
        return MHD_YES;
    srv_answer_encode(r);
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        r->out_len, r->out, r->out_static ? MHD_RESPMEM_PERSISTENT : MHD_RESPMEM_MUST_FREE);
    if (!resp)
        return MHD_NO;
    r->out = NULL;
    r->queued = true;
    if (r->content_type)
        MHD_add_response_header(resp, "Content-Type", r->content_type);
    /* any answer may go compressed, so caches keep one per Accept-Encoding */
    MHD_add_response_header(resp, "Vary", "Accept-Encoding");
    if (r->gzipped)
        MHD_add_response_header(resp, "Content-Encoding", "gzip");
    MHD_add_response_header(resp, "X-Request-ID", r->id);
    if (r->traceparent[0]) /* the trace the request belongs to, echoed */
        MHD_add_response_header(resp, "traceparent", r->traceparent);
    /* the page loads nothing from other hosts, and no browser guesses a media type; the
     * API reference's stylesheet draws its icons from data: URLs (no host either) */
    bool docs = r->route && !strncmp(r->route->path, "/docs", 5);
    MHD_add_response_header(resp, "Content-Security-Policy",
                            docs ? "default-src 'self'; img-src 'self' data:" : "default-src 'self'");
    MHD_add_response_header(resp, "X-Content-Type-Options", "nosniff");
    /* the API is open to the configured origins; the operators' metrics are not */
    if (!r->route || r->route->id != SRV_METRICS) {
        MHD_add_response_header(resp, "Access-Control-Allow-Origin", r->server->cfg.cors_origin);
        MHD_add_response_header(resp, "Access-Control-Expose-Headers",
                                "X-Request-ID, Retry-After, RateLimit, RateLimit-Policy, "
                                "traceparent");
    }
    if (r->allow)
        MHD_add_response_header(resp, "Allow", r->allow);
    if (r->etag[0]) { /* a GET of a position: its answer is this build's for good */
        MHD_add_response_header(resp, "ETag", r->etag);
        MHD_add_response_header(resp, "Cache-Control", r->status == 200 || r->status == 304
                                                           ? "public, max-age=86400, immutable"
                                                           : "no-store");
    }
    /* after a bad head the rest of the stream cannot be trusted to start a request; while
     * draining, a keep-alive client is told to take its next request elsewhere */
    if (r->bad_head || atomic_load(&r->server->draining))
        MHD_add_response_header(resp, "Connection", "close");
    if (r->retry_after)
        MHD_add_response_header(resp, "Retry-After", "1");
    if (r->rate_limited && r->status == 429) { /* draft-ietf-httpapi-ratelimit-headers-10 */
        char wait[16], policy[48], state[48];
        snprintf(wait, sizeof wait, "%u", r->rate_limited);
        snprintf(policy, sizeof policy, "\"default\";q=%lu;w=2", 2 * r->server->cfg.rate_limit);
        snprintf(state, sizeof state, "\"default\";r=0;t=%u", r->rate_limited);
        MHD_add_response_header(resp, "Retry-After", wait);
        MHD_add_response_header(resp, "RateLimit-Policy", policy);
        MHD_add_response_header(resp, "RateLimit", state);
    }
    if (r->preflight) {
        MHD_add_response_header(resp, "Access-Control-Allow-Methods", r->route->allow);
        MHD_add_response_header(resp, "Access-Control-Allow-Headers",
                                "Content-Type, X-Request-ID, traceparent");
        MHD_add_response_header(resp, "Access-Control-Max-Age", "86400");
    }
    enum MHD_Result ok = srv_edge_queue(r->conn, (unsigned)r->status, resp);
    MHD_destroy_response(resp);
    return ok;
}
