/* srv_http.h - the nimberd HTTP server: start it, learn its port, drain and stop it. */
#ifndef SRV_HTTP_H
#define SRV_HTTP_H

#include <stddef.h>

#include "srv_config.h"

typedef struct srv_server srv_server;

/* Starts serving per cfg (copied). NULL on failure with a message in err. The caller
 * owns the server: end it with srv_server_stop. */
srv_server *srv_server_start(const srv_config *cfg, char *err, size_t errlen);
unsigned srv_server_port(const srv_server *s);
/* The --metrics-listen listener's port, or 0 when /metrics is on the main port. */
unsigned srv_server_metrics_port(const srv_server *s);
/* From now on /readyz answers 503; requests are still served. */
void srv_server_drain(srv_server *s);
/* Closes the listener, lets in-flight requests finish (up to timeout seconds), stops the
 * daemon and the workers, and frees everything. */
void srv_server_stop(srv_server *s, double timeout);

#endif
