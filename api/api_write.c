/* api_write.c - a growing buffer, its scalar writers, and a recursive walk of a tree
 * (depth is bounded: trees written are parsed bodies, whose depth jansson limits, or
 * built by nimber). */
#include "api_write.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

/* Room for need more bytes and the final NUL; the place they go. NULL, once the memory
 * for it is refused: the buffer is then marked failed, and writes no more. */
static char *room(api_buf *b, size_t need)
{
    if (b->failed)
        return NULL;
    if (b->len + need + 1 > b->cap) {
        if (b->max && b->len + need > b->max) {
            b->failed = b->over = true;
            return NULL;
        }
        size_t cap = (b->len + need + 1) * 2;
        char *grown = realloc(b->p, cap < 1024 ? 1024 : cap);
        if (!grown) {
            b->failed = true;
            return NULL;
        }
        b->p = grown;
        b->cap = cap < 1024 ? 1024 : cap;
    }
    return b->p + b->len;
}

void api_put_grow(api_buf *b, const char *s, size_t n)
{
    char *to = room(b, n);
    if (!to)
        return;
    memcpy(to, s, n);
    b->len += n;
}

static const char digit_pairs[] = "00010203040506070809101112131415161718192021222324252627282930"
                                  "31323334353637383940414243444546474849505152535455565758596061"
                                  "62636465666768697071727374757677787980818283848586878889909192"
                                  "93949596979899";

/* The number of decimal digits of u: its bit length times log10(2) is that number or one
 * less, and one comparison tells which (the table's 0 gives 0 its one digit). */
static size_t count_digits(uint64_t u)
{
    static const uint64_t ten_to[20] = {0, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                        100000000, 1000000000, 10000000000ULL,
                                        100000000000ULL, 1000000000000ULL,
                                        10000000000000ULL, 100000000000000ULL,
                                        1000000000000000ULL, 10000000000000000ULL,
                                        100000000000000000ULL, 1000000000000000000ULL,
                                        10000000000000000000ULL};
    size_t t = (size_t)(64 - __builtin_clzll(u | 1)) * 1233 >> 12;
    return t + (u >= ten_to[t]);
}

/* The eight digits of v < 10^8 at d, in 32-bit steps. */
static void put_eight(char *d, uint32_t v)
{
    uint32_t high = v / 10000, low = v % 10000;
    memcpy(d, digit_pairs + 2 * (high / 100), 2);
    memcpy(d + 2, digit_pairs + 2 * (high % 100), 2);
    memcpy(d + 4, digit_pairs + 2 * (low / 100), 2);
    memcpy(d + 6, digit_pairs + 2 * (low % 100), 2);
}

/* The digits of u, with a leading '-' when negative: counted first, then written in
 * place from the last, eight at a time while more than eight are left, then two. */
static void put_digits(api_buf *b, uint64_t u, bool negative)
{
    size_t n = count_digits(u);
    char *out = room(b, n + negative);
    if (!out)
        return;
    if (negative)
        *out++ = '-';
    b->len += n + negative;
    char *d = out + n;
    for (; u >= 100000000; u /= 100000000)
        d -= 8, put_eight(d, (uint32_t)(u % 100000000));
    uint32_t v = (uint32_t)u;
    for (; v >= 100; v /= 100)
        d -= 2, memcpy(d, digit_pairs + 2 * (v % 100), 2);
    if (v >= 10)
        memcpy(d - 2, digit_pairs + 2 * v, 2);
    else
        d[-1] = (char)('0' + v);
}

void api_put_uint(api_buf *b, uint64_t v) { put_digits(b, v, false); }

static void put_int(api_buf *b, int64_t v)
{
    put_digits(b, v < 0 ? 0ULL - (uint64_t)v : (uint64_t)v, v < 0);
}

/* The bytes api_put_string writes for the n bytes at s (its escapes, counted). */
static size_t string_bytes(const char *s, size_t n)
{
    size_t bytes = n + 2;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            bytes++;
        else if (c < 0x20)
            bytes += c == '\n' || c == '\t' || c == '\r' || c == '\b' || c == '\f' ? 1 : 5;
    }
    return bytes;
}

void api_put_string(api_buf *b, const char *s, size_t n)
{
    char *out = room(b, 6 * n + 2); /* worst case: every byte as \u00XX */
    if (!out)
        return;
    char *o = out;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            *o++ = '\\', *o++ = (char)c;
        } else if (c >= 0x20) {
            *o++ = (char)c;
        } else {
            const char *named = c == '\n' ? "\\n" : c == '\t' ? "\\t" : c == '\r' ? "\\r"
                              : c == '\b' ? "\\b" : c == '\f' ? "\\f" : NULL;
            if (named)
                memcpy(o, named, 2), o += 2;
            else
                o += sprintf(o, "\\u%04X", c);
        }
    }
    *o++ = '"';
    b->len += (size_t)(o - out);
}

void api_put_int64(api_buf *b, uint64_t v)
{
    if (!b->int64_strings) {
        api_put_uint(b, v);
        return;
    }
    api_put(b, "\"", 1);
    api_put_uint(b, v);
    api_put(b, "\"", 1);
}

static void put_json(api_buf *b, const json_t *v, bool int64);

void api_put_json(api_buf *b, const json_t *v) { put_json(b, v, false); }

size_t api_json_bytes(const json_t *v)
{
    size_t bytes = 0;
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *item;
        bytes = 1; /* '{', and ',' or '}' after each member (or '}' alone) */
        json_object_foreach((json_t *)v, key, item)
            bytes += string_bytes(key, strlen(key)) + 2 + api_json_bytes(item);
        return json_object_size(v) ? bytes : 2;
    }
    case JSON_ARRAY:
        for (size_t i = 0; i < json_array_size(v); i++)
            bytes += api_json_bytes(json_array_get(v, i)) + 1; /* and ',' or ']' */
        return json_array_size(v) ? bytes + 1 : 2;
    case JSON_STRING:
        return string_bytes(json_string_value(v), json_string_length(v));
    case JSON_INTEGER: {
        json_int_t x = json_integer_value(v);
        return count_digits(x < 0 ? 0ULL - (uint64_t)x : (uint64_t)x) + (x < 0);
    }
    case JSON_REAL:
        return json_dumpb(v, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
    case JSON_TRUE: return 4;
    case JSON_FALSE: return 5;
    case JSON_NULL: return 4;
    }
    return 0;
}

void api_put_json_int64(api_buf *b, const json_t *v) { put_json(b, v, b->int64_strings); }

void api_put_object_int64(api_buf *b, const json_t *obj, const char *const *int64)
{
    const char *key;
    json_t *item;
    bool first = true;
    api_put(b, "{", 1);
    json_object_foreach((json_t *)obj, key, item) {
        bool quoted = false;
        for (const char *const *name = int64; name && *name && !quoted; name++)
            quoted = !strcmp(*name, key);
        if (!first)
            api_put(b, ",", 1);
        first = false;
        api_put_string(b, key, strlen(key));
        api_put(b, ":", 1);
        put_json(b, item, quoted && b->int64_strings);
    }
    api_put(b, "}", 1);
}

/* The text of v; its integers quoted when `quoted`. */
static void put_json(api_buf *b, const json_t *v, bool quoted)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *item;
        bool first = true;
        api_put(b, "{", 1);
        json_object_foreach((json_t *)v, key, item) {
            if (!first)
                api_put(b, ",", 1);
            first = false;
            api_put_string(b, key, strlen(key));
            api_put(b, ":", 1);
            put_json(b, item, quoted);
        }
        api_put(b, "}", 1);
        break;
    }
    case JSON_ARRAY:
        api_put(b, "[", 1);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                api_put(b, ",", 1);
            put_json(b, json_array_get(v, i), quoted);
        }
        api_put(b, "]", 1);
        break;
    case JSON_STRING:
        api_put_string(b, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        if (quoted)
            api_put(b, "\"", 1);
        put_int(b, json_integer_value(v));
        if (quoted)
            api_put(b, "\"", 1);
        break;
    case JSON_REAL: { /* never in a request the api accepts: jansson's own text */
        size_t n = json_dumpb(v, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
        char *out = room(b, n);
        if (!out)
            break;
        json_dumpb(v, out, n, JSON_COMPACT | JSON_ENCODE_ANY);
        b->len += n;
        break;
    }
    case JSON_TRUE: api_put(b, "true", 4); break;
    case JSON_FALSE: api_put(b, "false", 5); break;
    case JSON_NULL: api_put(b, "null", 4); break;
    }
}

void api_putf(api_buf *b, const char *fmt, ...)
{
    if (!fmt) /* never: but UBSan's checks make gcc see a path with a NULL format */
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    char *out = room(b, (size_t)n);
    if (out) {
        vsnprintf(out, (size_t)n + 1, fmt, ap);
        b->len += (size_t)n;
    }
    va_end(ap);
}

char *api_buf_take(api_buf *b, size_t *len)
{
    char *text = room(b, 0);
    if (!text) { /* refused memory: nothing whole to give */
        free(b->p);
        *b = (api_buf){0};
        *len = 0;
        return nb_xcalloc(1, 1);
    }
    text[0] = '\0';
    *len = b->len;
    text = b->p;
    *b = (api_buf){0};
    return text;
}

char *api_write(const json_t *v, size_t *len)
{
    api_buf b = {0};
    api_put_json(&b, v);
    return api_buf_take(&b, len);
}
