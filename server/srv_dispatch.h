/* srv_dispatch.h - routing a request whose body is in: the checks every request passes
 * (route, method, body size, media type, query), the GET answers, and the computing
 * routes' api endpoints, inline or on a worker while the connection is suspended. */
#ifndef SRV_DISPATCH_H
#define SRV_DISPATCH_H

#include "srv_request.h"

/* Decides r's answer, or hands the work to a worker (r->answered stays false until the
 * worker resumes the connection). */
void srv_dispatch(srv_request *r);

#endif
