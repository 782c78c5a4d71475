/* srv_edge.h - the answers libmicrohttpd makes itself (a request it refuses before nimberd
 * sees it), sent as RFC 9457 problems like every other answer; and the queueing of
 * nimberd's own answers. */
#ifndef SRV_EDGE_H
#define SRV_EDGE_H

#include <microhttpd.h>

/* Readies the library's answers for a server whose bodies may take max_body_mb MiB (named
 * by the 413 of a length the library cannot read) and finds the library's queueing
 * function. Call before the first daemon starts. */
void srv_edge_init(unsigned long max_body_mb);

/* Queues one of nimberd's own answers (libmicrohttpd's MHD_queue_response itself: that
 * name, in this program, answers the library's refusals). */
enum MHD_Result srv_edge_queue(struct MHD_Connection *conn, unsigned status,
                               struct MHD_Response *resp);

#endif
