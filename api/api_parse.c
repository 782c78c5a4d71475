/* api_parse.c - a request body's JSON text into a jansson tree in one pass over its bytes.
 * It accepts what jansson's json_loadb accepts with JSON_REJECT_DUPLICATES (strict RFC
 * 8259: UTF-8 checked, no NUL in strings, integers within 64 bits, depth at most 2048) and
 * builds the same tree, several times faster: jansson reads its input one character at a
 * time through a stream callback and copies every token into a buffer first. One
 * difference: jansson skips a NUL byte right after a number or a literal (`[1\0]`); this
 * parser rejects it, as RFC 8259 does. */
#include "api_parse.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_utf8.h"
#include "core/nb_util.h"

#define MAX_DEPTH 2048 /* jansson's JSON_PARSER_MAX_DEPTH */
/* What a failed allocation of the tree says: past the request's memory budget, or none. */
#define NO_MEMORY "no memory left for the parsed tree"

typedef struct parser {
    const char *at, *end;
    int depth;
    char *scratch; /* decoded strings with escapes, number texts: a stack of them */
    size_t used, cap;
    const char *error; /* the first failure: what, and where */
    const char *error_at;
    bool huge;         /* an integer past 64 bits */
    /* the JSON Pointer of the value that failed, gathered as the failure unwinds: its
     * segments from the innermost out, each reversed with its '/' (reversed once whole
     * at the end); when they pass the room, the innermost go (the pointer then names an
     * ancestor); `lost` when a key was too long to keep */
    char where[API_PARSE_POINTER_MAX];
    size_t where_len;
    bool lost;
} parser;

/* Notes, while a failure unwinds, that it happened inside member or item `segment` of
 * the value being parsed (escaped as RFC 6901 says: ~ as ~0, / as ~1). */
static void inside(parser *ps, const char *segment, size_t n)
{
    char escaped[2 * 64 + 1];
    size_t e = 0;
    for (size_t i = 0; i < n && !ps->lost; i++) {
        if (e + 2 > 2 * 64)
            ps->lost = true;
        else if (segment[i] == '~' || segment[i] == '/')
            escaped[e++] = '~', escaped[e++] = segment[i] == '~' ? '0' : '1';
        else
            escaped[e++] = segment[i];
    }
    if (ps->lost)
        return;
    while (ps->where_len + e + 1 >= sizeof ps->where) { /* keep the outer segments: drop */
        char *slash = memchr(ps->where, '/', ps->where_len); /* the innermost one */
        size_t drop = (size_t)(slash - ps->where) + 1;
        memmove(ps->where, ps->where + drop, ps->where_len - drop);
        ps->where_len -= drop;
    }
    while (e > 0)
        ps->where[ps->where_len++] = escaped[--e];
    ps->where[ps->where_len++] = '/';
}

static json_t *fail(parser *ps, const char *at, const char *message)
{
    if (!ps->error) {
        ps->error = message;
        ps->error_at = at;
    }
    return NULL;
}

/* fail() for the helpers that answer whether they succeeded. */
static bool refuse(parser *ps, const char *at, const char *message)
{
    fail(ps, at, message);
    return false;
}

static void skip_space(parser *ps)
{
    while (ps->at < ps->end &&
           (*ps->at == ' ' || *ps->at == '\n' || *ps->at == '\r' || *ps->at == '\t'))
        ps->at++;
}

/* Whether the next byte past any space is c; if so, steps past it. */
static bool consume(parser *ps, char c)
{
    skip_space(ps);
    if (ps->at == ps->end || *ps->at != c)
        return false;
    ps->at++;
    return true;
}

/* Room for n more bytes on the scratch stack; the place they go. */
static char *scratch(parser *ps, size_t n)
{
    if (ps->used + n > ps->cap) {
        ps->cap = (ps->used + n) * 2;
        ps->scratch = nb_xrealloc(ps->scratch, ps->cap);
    }
    return ps->scratch + ps->used;
}

static int hex4(const char *s)
{
    int v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* The code point of a \u escape at s (pointing at the 'u'), a surrogate pair taken
 * whole; *len gets the escape's length past the backslash. -1 when invalid. */
static long unicode_escape(const char *s, const char *end, size_t *len)
{
    long c = end - s >= 5 ? hex4(s + 1) : -1;
    *len = 5;
    if (c >= 0xDC00 && c <= 0xDFFF)
        return -1;
    if (c >= 0xD800 && c <= 0xDBFF) {
        long low = end - s >= 11 && s[5] == '\\' && s[6] == 'u' ? hex4(s + 7) : -1;
        if (low < 0xDC00 || low > 0xDFFF)
            return -1;
        *len = 11;
        c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
    }
    return c;
}

/* Code point c as UTF-8 at out; its length. */
static size_t put_utf8(char *out, long c)
{
    static const unsigned char lead[] = {0, 0, 0xC0, 0xE0, 0xF0};
    if (c < 0x80) {
        out[0] = (char)c;
        return 1;
    }
    size_t n = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    for (size_t i = n - 1; i > 0; i--, c >>= 6)
        out[i] = (char)(0x80 | (c & 0x3F));
    out[0] = (char)(lead[n] | c);
    return n;
}

/* The byte an escape \c stands for, or 0 when c is not a one-letter escape. */
static char simple_escape(char c)
{
    switch (c) {
    case '"': return '"';
    case '\\': return '\\';
    case '/': return '/';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    default: return 0;
    }
}

/* The bytes of the string from start (past its opening quote) up to its closing quote q,
 * which hold an escape or a byte past ASCII: decoded and checked onto the scratch stack. */
static bool decode_string(parser *ps, const char *start, const char *q, size_t *len)
{
    char *out = scratch(ps, (size_t)(q - start)); /* decoding never lengthens */
    size_t n = 0;
    for (const char *p = start; p < q;) {
        unsigned char c = (unsigned char)*p;
        if (c < 0x20)
            return refuse(ps, p, "control character in a string");
        if (c >= 0x80) {
            size_t k = api_utf8_length((const unsigned char *)p, (const unsigned char *)q);
            if (!k)
                return refuse(ps, p, "invalid UTF-8 in a string");
            memcpy(out + n, p, k);
            n += k, p += k;
        } else if (c != '\\') {
            out[n++] = (char)c, p++;
        } else if (simple_escape(p[1])) {
            out[n++] = simple_escape(p[1]), p += 2;
        } else {
            size_t k;
            long code = p[1] == 'u' ? unicode_escape(p + 1, q, &k) : -1;
            if (code < 0)
                return refuse(ps, p, "invalid escape in a string");
            if (code == 0)
                return refuse(ps, p, "\\u0000 is not allowed in a string");
            n += put_utf8(out + n, code);
            p += 1 + k;
        }
    }
    *len = n;
    return true;
}

_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "eight_digits reads bytes in "
               "little-endian order");

/* Whether the eight bytes at p are all digits, and *v their value: every byte tested and
 * converted at once (a byte is a digit when its high half is 3 and adding 6 keeps it
 * so); then pairs, quads and the whole joined by three multiplications. */
static bool eight_digits(const char *p, uint64_t *v)
{
    uint64_t x;
    memcpy(&x, p, 8);
    const uint64_t high = 0xF0F0F0F0F0F0F0F0ULL, threes = 0x3030303030303030ULL;
    if ((x & high) != threes || ((x + 0x0606060606060606ULL) & high) != threes)
        return false;
    x -= threes;
    x = x * 10 + (x >> 8); /* each even byte: two digits' value */
    x = ((x & 0x000000FF000000FFULL) * (100 + (1000000ULL << 32)) +
         ((x >> 16) & 0x000000FF000000FFULL) * (1 + (10000ULL << 32))) >> 32;
    *v = x;
    return true;
}

/* The string at ps->at (its opening quote): *s and *len get its bytes, in the text when
 * it is plain ASCII, else decoded on the scratch stack (*copied; the caller pops
 * ps->used back). */
static bool read_string(parser *ps, const char **s, size_t *len, bool *copied)
{
    const char *start = ++ps->at, *q = start, *end = ps->end;
    bool plain = true;
    for (; q < end && *q != '"'; q++) {
        unsigned char c = (unsigned char)*q;
        if (c == '\\' || c < 0x20 || c >= 0x80) {
            plain = false;
            if (c == '\\' && ++q == end) /* an escaped byte never ends the string */
                break;
        }
    }
    if (q >= end)
        return refuse(ps, start - 1, "unterminated string");
    ps->at = q + 1;
    *copied = !plain;
    if (plain) {
        *s = start, *len = (size_t)(q - start);
        return true;
    }
    if (!decode_string(ps, start, q, len))
        return false;
    *s = ps->scratch + ps->used;
    ps->used += *len;
    return true;
}

static json_t *parse_number(parser *ps)
{
    const char *start = ps->at, *p = start, *end = ps->end;
    bool negative = p < end && *p == '-';
    p += negative;
    if (p == end || *p < '0' || *p > '9')
        return fail(ps, start, "invalid token");
    uint64_t magnitude = 0;
    bool overflow = false;
    if (*p == '0') {
        p++;
        if (p < end && *p >= '0' && *p <= '9')
            return fail(ps, start, "invalid token: a number with a leading zero");
    } else {
        /* 19 digits always fit in 64 bits: only the digits past them are checked */
        const char *unchecked_end = end - p > 19 ? p + 19 : end;
        uint64_t eight;
        for (; unchecked_end - p >= 8 && eight_digits(p, &eight); p += 8)
            magnitude = magnitude * 100000000 + eight;
        for (; p < unchecked_end && *p >= '0' && *p <= '9'; p++)
            magnitude = magnitude * 10 + (unsigned)(*p - '0');
        for (; p < end && *p >= '0' && *p <= '9'; p++) {
            unsigned d = (unsigned)(*p - '0');
            overflow |= magnitude > (UINT64_MAX - d) / 10;
            magnitude = magnitude * 10 + d;
        }
    }
    bool real = false;
    if (p < end && *p == '.') {
        real = true;
        if (++p == end || *p < '0' || *p > '9')
            return fail(ps, start, "invalid token: digits must follow the decimal point");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        real = true;
        p++;
        if (p < end && (*p == '+' || *p == '-'))
            p++;
        if (p == end || *p < '0' || *p > '9')
            return fail(ps, start, "invalid token: digits must follow the exponent");
        while (p < end && *p >= '0' && *p <= '9')
            p++;
    }
    ps->at = p;
    if (!real) {
        if (overflow || magnitude > (uint64_t)INT64_MAX + negative) {
            ps->huge = true;
            return fail(ps, start, "too big integer");
        }
        return json_integer(negative ? (json_int_t)(0 - magnitude) : (json_int_t)magnitude);
    }
    size_t n = (size_t)(p - start);
    char *text = scratch(ps, n + 1);
    memcpy(text, start, n);
    text[n] = '\0';
    errno = 0;
    double v = strtod(text, NULL);
    if (errno == ERANGE && (v > 1 || v < -1))
        return fail(ps, start, "real number overflow");
    return json_real(v);
}

static json_t *parse_value(parser *ps);

/* The bracket that closes a list of members, or a failure naming what was expected. */
static bool closes(parser *ps, char close, const char *expected)
{
    if (consume(ps, close))
        return true;
    fail(ps, ps->at, expected);
    return false;
}

static bool parse_item(parser *ps, json_t *array)
{
    json_t *item = parse_value(ps);
    if (!item) {
        char index[24];
        inside(ps, index, (size_t)snprintf(index, sizeof index, "%zu", json_array_size(array)));
        return false;
    }
    return !json_array_append_new(array, item) || refuse(ps, ps->at, NO_MEMORY);
}

static json_t *parse_array(parser *ps)
{
    json_t *array = json_array();
    if (!array)
        return fail(ps, ps->at, NO_MEMORY);
    ps->at++;
    if (consume(ps, ']'))
        return array;
    bool ok;
    do
        ok = parse_item(ps, array);
    while (ok && consume(ps, ','));
    if (ok && closes(ps, ']', "',' or ']' expected"))
        return array;
    json_decref(array);
    return NULL;
}

/* One "key": value member into object; a repeated key fails at the key. */
static bool parse_member(parser *ps, json_t *object)
{
    skip_space(ps);
    if (ps->at == ps->end || *ps->at != '"') {
        fail(ps, ps->at, "a string key expected");
        return false;
    }
    size_t mark = ps->used, len;
    const char *key, *key_at = ps->at;
    bool copied;
    if (!read_string(ps, &key, &len, &copied))
        return false;
    if (!consume(ps, ':')) {
        fail(ps, ps->at, "':' expected");
        return false;
    }
    json_t *value = parse_value(ps);
    if (copied) /* the scratch may have moved meanwhile */
        key = ps->scratch + mark;
    if (!value) {
        inside(ps, key, len);
        return false;
    }
    if (json_object_getn(object, key, len)) {
        json_decref(value);
        fail(ps, key_at, "duplicate object key");
        inside(ps, key, len);
        return false;
    }
    ps->used = mark;
    return !json_object_setn_new_nocheck(object, key, len, value) || refuse(ps, key_at, NO_MEMORY);
}

static json_t *parse_object(parser *ps)
{
    json_t *object = json_object();
    if (!object)
        return fail(ps, ps->at, NO_MEMORY);
    ps->at++;
    if (consume(ps, '}'))
        return object;
    bool ok;
    do
        ok = parse_member(ps, object);
    while (ok && consume(ps, ','));
    if (ok && closes(ps, '}', "',' or '}' expected"))
        return object;
    json_decref(object);
    return NULL;
}

/* A literal word: true, false or null. */
static json_t *parse_word(parser *ps, const char *word, size_t n, json_t *value)
{
    if ((size_t)(ps->end - ps->at) < n || memcmp(ps->at, word, n))
        return fail(ps, ps->at, "invalid token");
    ps->at += n;
    return value;
}

/* parse_value's reading of the next value, without the check of its construction. */
static json_t *read_value(parser *ps)
{
    skip_space(ps);
    if (ps->at == ps->end)
        return fail(ps, ps->at, "unexpected end of the text");
    switch (*ps->at) {
    case '{':
    case '[': {
        if (++ps->depth > MAX_DEPTH)
            return fail(ps, ps->at, "maximum parsing depth reached");
        json_t *v = *ps->at == '{' ? parse_object(ps) : parse_array(ps);
        ps->depth--;
        return v;
    }
    case '"': {
        size_t mark = ps->used, len;
        const char *s;
        bool copied;
        if (!read_string(ps, &s, &len, &copied))
            return NULL;
        ps->used = mark;
        return json_stringn_nocheck(s, len);
    }
    case 't': return parse_word(ps, "true", 4, json_true());
    case 'f': return parse_word(ps, "false", 5, json_false());
    case 'n': return parse_word(ps, "null", 4, json_null());
    default: {
        size_t mark = ps->used;
        json_t *v = parse_number(ps);
        ps->used = mark;
        return v;
    }
    }
}

static json_t *parse_value(parser *ps)
{
    const char *at = ps->at;
    json_t *v = read_value(ps);
    return v || ps->error ? v : fail(ps, at, NO_MEMORY); /* a constructor's NULL */
}

/* The text's line and column (1-based, in bytes) of position `at`. */
static void line_column(const char *text, const char *at, int *line, int *column)
{
    const char *line_start = text;
    *line = 1;
    for (const char *c = text; c < at; c++)
        if (*c == '\n')
            (*line)++, line_start = c + 1;
    *column = (int)(at - line_start) + 1;
}

json_t *api_parse_text(const char *body, size_t len, bool *huge, char *error, size_t size,
                       char *pointer)
{
    parser ps = {.at = body, .end = body + len};
    skip_space(&ps);
    json_t *root = NULL;
    if (ps.end - ps.at >= 3 && !memcmp(ps.at, "\xEF\xBB\xBF", 3))
        fail(&ps, ps.at, "a byte order mark (U+FEFF) starts the body: JSON sent over a "
             "network has none (RFC 8259, 8.1)");
    else if (ps.at == ps.end || (*ps.at != '{' && *ps.at != '['))
        fail(&ps, ps.at, "'[' or '{' expected");
    else
        root = parse_value(&ps);
    if (root) {
        skip_space(&ps);
        if (ps.at != ps.end) {
            fail(&ps, ps.at, "end of the text expected");
            json_decref(root);
            root = NULL;
        }
    }
    free(ps.scratch);
    *huge = ps.huge;
    if (!root) {
        int line, column;
        line_column(body, ps.error_at, &line, &column);
        snprintf(error, size, "line %d, column %d: %s", line, column, ps.error);
    }
    if (pointer) { /* the segments, innermost first and each reversed: reversed whole */
        size_t n = root || ps.lost ? 0 : ps.where_len;
        for (size_t i = 0; i < n; i++)
            pointer[i] = ps.where[n - 1 - i];
        pointer[n] = '\0';
    }
    return root;
}
