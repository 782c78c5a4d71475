/* srv_answer.h - a request's answer: its body and status, the problem details that
 * answer errors, and the response queued with its headers (request id, CORS, Allow,
 * Retry-After, Connection: close after an unusable head), compressed where accepted. */
#ifndef SRV_ANSWER_H
#define SRV_ANSWER_H

#include "srv_request.h"

/* Sets the answer; `out` (len bytes) is taken over unless is_static. */
void srv_answer(srv_request *r, int status, char *out, size_t len, bool is_static,
                const char *content_type);
/* Answers with problem p (its owned parts freed). */
void srv_answer_problem(srv_request *r, api_problem *p);
/* Answers with a problem of `kind` (NULL: the status's usual kind) whose detail is fmt
 * with one string argument. */
void srv_answer_fail(srv_request *r, const char *kind, int status, const char *fmt,
                     const char *arg) __attribute__((format(printf, 4, 0)));
/* The answer gzip-compressed where the client accepts it and it is over
 * SRV_GZIP_MIN_BYTES and compression makes it smaller; once (srv_answer_queue calls it
 * too, for answers not computed on a worker). */
void srv_answer_encode(srv_request *r);
/* Queues the answer on the connection (Vary: Accept-Encoding on every one, and
 * Content-Encoding when it is gzip); the body goes with the response. */
enum MHD_Result srv_answer_queue(srv_request *r);

#endif
