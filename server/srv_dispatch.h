/* srv_dispatch.h - routing a request whose body is in: the checks every request passes
 * (route, method, body size, media type, query), the GET answers, and the computing
 * routes' api endpoints, inline or on a worker while the connection is suspended. */
#ifndef SRV_DISPATCH_H
#define SRV_DISPATCH_H

#include "srv_request.h"

/* Decides r's answer, or hands the work to a worker (r->answered stays false until the
 * worker resumes the connection). */
void srv_dispatch(srv_request *r);

/* Answers r, taken from the queue before a worker ran it, as overdue: it waited past its
 * time (503, Retry-After), and hands its connection back to libmicrohttpd. */
void srv_dispatch_overdue(srv_request *r);

/* The seed of every GET answer's entity tag: a hash of the build's commit and of the
 * catalog's text (it holds the limits), made once when the server starts. */
uint64_t srv_etag_seed(const char *catalog);
/* The key of a client's address text: its rate limit's and its share of the workers'. */
uint64_t srv_client_key(const char *client);

/* application/json, whose charset, when one is given, is UTF-8 (RFC 8259 8.1: JSON
 * between systems is UTF-8; a body read as another charset would be misread). */
bool srv_json_media(const char *type);

#endif
