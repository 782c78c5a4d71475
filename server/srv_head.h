/* srv_head.h - a request's head read in one walk over its headers: the headers the
 * server uses, what RFC 9112 refuses that libmicrohttpd lets through, the request id,
 * the method and the client's IPv4 address as they may be logged. */
#ifndef SRV_HEAD_H
#define SRV_HEAD_H

#include <microhttpd.h>

#include "srv_encode.h"
#include <stdbool.h>
#include <stddef.h>

/* The first of each header a lookup would find (values borrowed from libmicrohttpd until
 * the request completes), and how many copies of the framing headers came. */
typedef struct srv_head {
    unsigned lengths, encodings, hosts;
    bool bad_name;     /* a header name that is no token (a space before the colon) */
    bool other_coding; /* a Transfer-Encoding other than chunked alone */
    bool folded;       /* a framing header folded onto its next line (obs-fold), which
                        * libmicrohttpd runs into its name ("Transfer-Encodingchunked") */
    bool expects_continue; /* Expect: 100-continue: the body waits for our go-ahead */
    const char *length, *media, *request_id; /* Content-Length, Content-Type, X-Request-ID */
    const char *traceparent; /* W3C Trace Context's, or NULL */
    const char *forwarded_for; /* X-Forwarded-For, or NULL */
    const char *if_none_match; /* If-None-Match, or NULL */
    srv_accept accept;  /* what Accept-Encoding says of gzip */
} srv_head;

void srv_head_read(struct MHD_Connection *conn, srv_head *h);

/* Why the head must be refused (static text), or NULL when it is sound; *status is 400,
 * or 501 for a transfer coding the server does not implement (RFC 9112 6.1). Refused: a
 * header name that is no token ("Transfer-Encoding : chunked", 5.1: a proxy in front may
 * read it as a coding the server does not), a length given two ways, which a proxy may
 * have read the other way (6.3), a framing header folded over two lines (5.2), or an
 * HTTP/1.1 request without exactly one Host (3.2). */
const char *srv_head_fault(const srv_head *h, const char *version, int *status);

/* An X-Request-ID the server echoes: 1 to 64 letters, digits and "-_.:". */
bool srv_head_valid_id(const char *id);

/* A traceparent of W3C Trace Context level 1 ("00-" 32 hex digits, not all 0, "-" 16 hex
 * digits, not all 0, "-" 2 hex digits; lowercase), which the server logs and echoes. */
bool srv_head_valid_traceparent(const char *value);

/* The method as requests are logged: a token's characters (RFC 9110 5.6.2) kept, any
 * other byte made '?', so that a log line stays JSON whatever the client sent. */
void srv_head_copy_method(char *out, size_t size, const char *method);

/* An IPv4 address (network order) in dotted decimal, as inet_ntop writes it, without
 * inet_ntop's sprintf on every request's log line; out has room for 16 bytes. */
void srv_head_ipv4_text(char out[16], const unsigned char addr[4]);

#endif
