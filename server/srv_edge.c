/* srv_edge.c - problems for the requests libmicrohttpd refuses itself.
 *
 * libmicrohttpd 0.9.75 answers a request line or a head past the connection's memory (414,
 * 431), an HTTP version other than 1.0 and 1.1 (505), a Content-Length or chunked framing
 * it cannot read (400, 413) before any handler sees the request, with an HTML page of its
 * own and no hook to change it. It queues that page through its exported
 * MHD_queue_response, a call through its procedure linkage table, which the dynamic linker
 * binds to the program's own function of that name when the program has one (the ELF
 * rule that the executable's definitions come first). So this file defines
 * MHD_queue_response: it is called only by the library (nimberd queues its own answers
 * through srv_edge_queue, the library's function found with dlsym(RTLD_NEXT)), and
 * answers every refusal of status 400 or more with the problem of its status instead of
 * the page. Anything else the library might queue goes out as it came. */
#include "srv_edge.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "api_problem.h"
#include "api_write.h"

typedef enum MHD_Result queue_fn(struct MHD_Connection *, unsigned, struct MHD_Response *);

static queue_fn *library_queue;
static atomic_ulong body_mb;

void srv_edge_init(unsigned long max_body_mb)
{
    atomic_store(&body_mb, max_body_mb);
    if (!library_queue)
        library_queue = (queue_fn *)dlsym(RTLD_NEXT, "MHD_queue_response");
    if (!library_queue) { /* a static libmicrohttpd: its own function is this one's name */
        fprintf(stderr, "nimberd: libmicrohttpd's MHD_queue_response not found: %s\n",
                dlerror());
        abort();
    }
}

enum MHD_Result srv_edge_queue(struct MHD_Connection *conn, unsigned status,
                               struct MHD_Response *resp)
{
    return library_queue(conn, status, resp);
}

/* The library's refusals, by status: the problem kind and its detail (a format that may
 * take the body limit in MiB). */
static const struct refusal {
    unsigned status;
    const char *kind, *detail;
} refusals[] = {
    {400, "malformed-request", "the request breaks RFC 9112 where the HTTP library reads it: "
                               "its head, its Content-Length or its chunked framing"},
    {413, "limit-exceeded", "the body announces a length (a Content-Length or a chunk size) "
                            "past what can be read, over the limit max_body_mb=%lu"},
    {414, "uri-too-long", "the request line is longer than a connection's memory holds "
                          "(--conn-memory-kb)"},
    {431, "headers-too-large", "the header fields take more than a connection's memory holds "
                               "(--conn-memory-kb)"},
    {505, "http-version-not-supported", "nimberd speaks HTTP/1.1 and HTTP/1.0"},
};

/* The problem for a refusal of the library's with this status (p->status 0: none). */
static void refusal(unsigned status, api_problem *p)
{
    for (size_t i = 0; i < sizeof refusals / sizeof *refusals; i++)
        if (refusals[i].status == status) {
            api_fail_as(p, refusals[i].kind, (int)status, NULL, refusals[i].detail,
                        atomic_load(&body_mb));
            return;
        }
    if (status >= 400)
        api_fail_as(p, "internal-error", (int)status, NULL, "the HTTP library could not answer "
                    "the request");
}

enum MHD_Result MHD_queue_response(struct MHD_Connection *conn, unsigned int status,
                                   struct MHD_Response *resp)
{
    api_problem p = {0};
    refusal(status, &p);
    if (!p.status)
        return library_queue(conn, status, resp);
    json_t *o = api_problem_json(&p);
    size_t len;
    char *text = api_write(o, &len);
    json_decref(o);
    struct MHD_Response *problem = text ? MHD_create_response_from_buffer(
                                              len, text, MHD_RESPMEM_MUST_FREE) : NULL;
    if (!problem) { /* no memory for it: the library's own page */
        free(text);
        return library_queue(conn, status, resp);
    }
    MHD_add_response_header(problem, "Content-Type", "application/problem+json");
    MHD_add_response_header(problem, "Content-Security-Policy", "default-src 'self'");
    MHD_add_response_header(problem, "X-Content-Type-Options", "nosniff");
    MHD_add_response_header(problem, "Connection", "close");
    enum MHD_Result ok = library_queue(conn, status, problem);
    MHD_destroy_response(problem);
    return ok;
}
