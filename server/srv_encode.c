/* srv_encode.c - Accept-Encoding read for gzip, and gzip by libdeflate: it compresses a
 * whole buffer at once, faster than zlib's stream and smaller at its fastest level (the
 * README gives the measurements). */
#include "srv_encode.h"

#include <libdeflate.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* libdeflate's fastest level: the measurements found it smaller than zlib's fastest and
 * 2-4 times faster, within a few per cent of its own level 6. */
#define GZIP_LEVEL 1

/* A qvalue (RFC 9110 12.4.2): "0" or "1", then up to 3 decimals, in thousandths; -1 when
 * it is not one. */
static int qvalue(const char *s, size_t n)
{
    if (!n || (s[0] != '0' && s[0] != '1') || (n > 1 && s[1] != '.') || n > 5)
        return -1;
    int q = (s[0] - '0') * 1000, scale = 100;
    for (size_t i = 2; i < n; i++, scale /= 10) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        q += (s[i] - '0') * scale;
    }
    return q > 1000 ? -1 : q;
}

void srv_accept_read(srv_accept *a, const char *value)
{
    for (const char *p = value ? value : ""; *p;) {
        p += strspn(p, " \t,");
        size_t len = strcspn(p, ",");
        const char *end = p + len, *semi = memchr(p, ';', len);
        size_t name = (semi ? (size_t)(semi - p) : len);
        while (name && (p[name - 1] == ' ' || p[name - 1] == '\t'))
            name--;
        int q = 1000;
        if (semi) { /* ;q=0.5, spaces allowed around the semicolon */
            const char *w = semi + 1 + strspn(semi + 1, " \t");
            size_t wn = (size_t)(end - w);
            while (wn && (w[wn - 1] == ' ' || w[wn - 1] == '\t'))
                wn--;
            q = wn > 2 && (w[0] == 'q' || w[0] == 'Q') && w[1] == '=' ? qvalue(w + 2, wn - 2) : -1;
        }
        if (q >= 0 && ((name == 4 && !strncasecmp(p, "gzip", 4)) ||
                       (name == 6 && !strncasecmp(p, "x-gzip", 6))))
            a->gzip_q = q;
        else if (q >= 0 && name == 1 && *p == '*')
            a->star_q = q;
        p = end;
    }
}

bool srv_accept_gzip(const srv_accept *a)
{
    return a->gzip_q >= 0 ? a->gzip_q > 0 : a->star_q > 0;
}

bool srv_gzip(const char *in, size_t n, char **out, size_t *out_len)
{
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(GZIP_LEVEL);
    if (!c)
        return false;
    size_t cap = n; /* larger would not be worth it */
    char *buf = malloc(cap + 1);
    size_t len = buf ? libdeflate_gzip_compress(c, in, n, buf, cap) : 0;
    libdeflate_free_compressor(c);
    if (!len) {
        free(buf);
        return false;
    }
    *out = buf;
    *out_len = len;
    return true;
}
