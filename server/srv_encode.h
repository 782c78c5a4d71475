/* srv_encode.h - gzip for the answers a client accepts it for: Accept-Encoding read as RFC
 * 9110 12.5.3 says, answers over 1 KiB compressed with libdeflate. */
#ifndef SRV_ENCODE_H
#define SRV_ENCODE_H

#include <stdbool.h>
#include <stddef.h>

/* Answers up to this many bytes go as they are: compressing them saves little. */
#define SRV_GZIP_MIN_BYTES 1024

/* What the Accept-Encoding fields say of gzip, read one field value at a time. */
typedef struct srv_accept {
    int gzip_q;  /* gzip's (or x-gzip's) qvalue in thousandths, -1 when not named */
    int star_q;  /* the "*" entry's, -1 when not named */
} srv_accept;

#define SRV_ACCEPT_NONE ((srv_accept){-1, -1})

/* Reads one Accept-Encoding field value into a: a list of codings, each with an optional
 * ";q=" weight; an entry that is not well-formed is ignored. */
void srv_accept_read(srv_accept *a, const char *value);

/* Whether gzip is acceptable: named with q > 0, or not named and "*" with q > 0. */
bool srv_accept_gzip(const srv_accept *a);

/* The n bytes at in as a gzip member (RFC 1952) into *out (malloc'ed, caller frees),
 * *out_len bytes; false when it would not be smaller, or memory is short. */
bool srv_gzip(const char *in, size_t n, char **out, size_t *out_len);

#endif
