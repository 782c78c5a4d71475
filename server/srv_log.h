/* srv_log.h - the request log: one JSON line on stderr per completed request. */
#ifndef SRV_LOG_H
#define SRV_LOG_H

#include "srv_request.h"

/* Logs r (status 500 when it was never answered); `aborted` when the connection ended
 * before the answer was sent. */
void srv_log_request(const srv_request *r, int status, double seconds, bool aborted);

#endif
