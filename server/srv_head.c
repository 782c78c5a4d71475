/* srv_head.c - reading and judging a request's head. */
#include "srv_head.h"

#include <string.h>
#include <strings.h>

#include "nimber.h"

/* c is an ASCII letter or digit, or one of `also`. */
static bool alnum_or(char c, const char *also)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           (c && strchr(also, c));
}

/* A token (RFC 9110 5.6.2): one or more tchars. Letters, digits and '-' make nearly
 * every header name: '-' is told apart before the list of the other tchars is searched. */
static bool is_token(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s != '-' && !alnum_or(*s, "!#$%&'*+.^_`|~"))
            return false;
    return true;
}

/* The value is "chunked" alone (any case, spaces around it allowed). */
static bool is_chunked(const char *value)
{
    value += strspn(value, " \t");
    size_t n = strlen("chunked");
    return !strncasecmp(value, "chunked", n) && value[n + strspn(value + n, " \t")] == '\0';
}

static enum MHD_Result read_header(void *cls, enum MHD_ValueKind kind, const char *key,
                                   const char *value)
{
    (void)kind;
    srv_head *h = cls;
    if (!is_token(key))
        h->bad_name = true;
    char first = (char)(key[0] | 0x20); /* most headers are told apart by it alone */
    if (first == 'c' && !strcasecmp(key, "Content-Length")) {
        if (!h->lengths++)
            h->length = value;
    } else if (first == 'c' && !strcasecmp(key, "Content-Type")) {
        if (!h->media)
            h->media = value;
    } else if (first == 't' && !strcasecmp(key, "traceparent")) {
        if (!h->traceparent)
            h->traceparent = value;
    } else if (first == 'x' && !strcasecmp(key, "X-Forwarded-For")) {
        if (!h->forwarded_for)
            h->forwarded_for = value;
    } else if (first == 'a' && !strcasecmp(key, "Accept-Encoding")) {
        srv_accept_read(&h->accept, value); /* fields given twice make one list */
    } else if (first == 'i' && !strcasecmp(key, "If-None-Match")) {
        if (!h->if_none_match)
            h->if_none_match = value;
    } else if (first == 'x' && !strcasecmp(key, "X-Request-ID")) {
        if (!h->request_id)
            h->request_id = value;
    } else if (first == 't' && !strcasecmp(key, "Transfer-Encoding")) {
        h->encodings++;
        h->other_coding |= !value || !is_chunked(value);
    } else if (first == 'h' && !strcasecmp(key, "Host")) {
        h->hosts++;
    } else if (first == 'e' && !strcasecmp(key, "Expect")) {
        h->expects_continue = value && !strcasecmp(value, "100-continue");
    }
    if (first == 't' || first == 'c') { /* a framing name run on into the next line */
        static const char *const framing[] = {"Transfer-Encoding", "Content-Length"};
        for (size_t i = 0; i < 2; i++) {
            size_t n = strlen(framing[i]);
            h->folded |= !strncasecmp(key, framing[i], n) && key[n];
        }
    }
    return MHD_YES;
}

void srv_head_read(struct MHD_Connection *conn, srv_head *h)
{
    *h = (srv_head){.accept = SRV_ACCEPT_NONE};
    MHD_get_connection_values(conn, MHD_HEADER_KIND, read_header, h);
}

const char *srv_head_fault(const srv_head *h, const char *version, int *status)
{
    *status = 400;
    if (h->bad_name)
        return "a header name is not a token (no space may come before its colon)";
    if (h->encodings > 1 || h->other_coding) {
        *status = 501;
        return "the only transfer coding nimberd implements is chunked, given once";
    }
    if (h->folded)
        return "a Transfer-Encoding or Content-Length header is folded over two lines "
               "(obs-fold): send each on one line";
    if (h->lengths > 1 || (h->lengths && h->encodings))
        return "the request's length is ambiguous: more than one Content-Length, or "
               "Content-Length with Transfer-Encoding";
    if (h->hosts > 1)
        return "a request carries one Host header, not several";
    if (!h->hosts && !strcmp(version, MHD_HTTP_VERSION_1_1))
        return "an HTTP/1.1 request must carry a Host header";
    return NULL;
}

bool srv_head_valid_id(const char *id)
{
    size_t n = id ? strlen(id) : 0;
    if (n == 0 || n > 64)
        return false;
    for (const char *c = id; *c; c++)
        if (!alnum_or(*c, "-_.:"))
            return false;
    return true;
}

/* n lowercase hex digits at s, not all 0. */
static bool hex_id(const char *s, size_t n)
{
    bool nonzero = false;
    for (size_t i = 0; i < n; i++) {
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
        nonzero |= s[i] != '0';
    }
    return nonzero;
}

bool srv_head_valid_traceparent(const char *v)
{
    return v && strlen(v) == 55 && !strncmp(v, "00-", 3) && hex_id(v + 3, 32) &&
           v[35] == '-' && hex_id(v + 36, 16) && v[52] == '-' &&
           strspn(v + 53, "0123456789abcdef") == 2;
}

void srv_head_copy_method(char *out, size_t size, const char *method)
{
    nb_copy_cut(out, size, method);
    for (char *c = out; *c; c++)
        if (!alnum_or(*c, "!#$%&'*+-.^_`|~"))
            *c = '?';
}

void srv_head_ipv4_text(char out[16], const unsigned char addr[4])
{
    char *p = out;
    for (int i = 0; i < 4; i++) {
        unsigned v = addr[i];
        if (v >= 100)
            *p++ = (char)('0' + v / 100);
        if (v >= 10)
            *p++ = (char)('0' + v / 10 % 10);
        *p++ = (char)('0' + v % 10);
        *p++ = i < 3 ? '.' : '\0';
    }
}
