/* api_write.c - a growing buffer and a recursive walk (depth is bounded: answers are
 * built by nimber, never nested deeper than a sum's move inside a batch). */
#include "api_write.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct buf {
    char *p;
    size_t len, cap;
} buf;

static char *room(buf *b, size_t need)
{
    if (b->len + need + 1 > b->cap) {
        b->cap = (b->len + need + 1) * 2;
        b->p = realloc(b->p, b->cap);
    }
    return b->p + b->len;
}

static void put(buf *b, const char *s, size_t n)
{
    memcpy(room(b, n), s, n);
    b->len += n;
}

static void put_int(buf *b, json_int_t v)
{
    char digits[24], *end = digits + sizeof digits, *d = end;
    unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
    do
        *--d = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0)
        *--d = '-';
    put(b, d, (size_t)(end - d));
}

static void put_string(buf *b, const char *s, size_t n)
{
    char *out = room(b, 6 * n + 2); /* worst case: every byte as \u00XX */
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

static void put_value(buf *b, const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: {
        const char *key;
        json_t *item;
        bool first = true;
        put(b, "{", 1);
        json_object_foreach((json_t *)v, key, item) {
            if (!first)
                put(b, ",", 1);
            first = false;
            put_string(b, key, strlen(key));
            put(b, ":", 1);
            put_value(b, item);
        }
        put(b, "}", 1);
        break;
    }
    case JSON_ARRAY:
        put(b, "[", 1);
        for (size_t i = 0; i < json_array_size(v); i++) {
            if (i)
                put(b, ",", 1);
            put_value(b, json_array_get(v, i));
        }
        put(b, "]", 1);
        break;
    case JSON_STRING:
        put_string(b, json_string_value(v), json_string_length(v));
        break;
    case JSON_INTEGER:
        put_int(b, json_integer_value(v));
        break;
    case JSON_REAL: {
        char text[32];
        put(b, text, (size_t)snprintf(text, sizeof text, "%.17g", json_real_value(v)));
        break;
    }
    case JSON_TRUE: put(b, "true", 4); break;
    case JSON_FALSE: put(b, "false", 5); break;
    case JSON_NULL: put(b, "null", 4); break;
    }
}

char *api_write(const json_t *v, size_t *len)
{
    buf b = {malloc(512), 0, 512};
    put_value(&b, v);
    b.p[b.len] = '\0';
    *len = b.len;
    return b.p;
}
