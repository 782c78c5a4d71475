/* api_write.h - compact JSON text written straight into one growing buffer: from a
 * jansson tree (the same text as json_dumps(JSON_COMPACT), without its per-token
 * callbacks), or piece by piece by the endpoints, which write answers with no tree. */
#ifndef API_WRITE_H
#define API_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <jansson.h>

/* Text being written; p[len] stays free for the final NUL. Owns p (malloc'ed): start
 * zeroed, end with api_buf_take or free(p). Once memory to grow it is refused, `failed`
 * is set and every later write is dropped: the text is not whole; so too, with `over`
 * set, once it would grow past `max` bytes (0: no bound). `int64_strings`: the answer's
 * 64-bit integers go as strings of their digits (?int64=string). */
typedef struct api_buf {
    char *p;
    size_t len, cap;
    bool failed;
    bool int64_strings;
    size_t max;
    bool over;
} api_buf;

/* api_put's slow path: grows the buffer, then appends (nothing once it failed). */
void api_put_grow(api_buf *b, const char *s, size_t n);
/* Appends the n bytes at s (inline: most pieces are short and fit). */
static inline void api_put(api_buf *b, const char *s, size_t n)
{
    if (b->cap - b->len > n) {
        memcpy(b->p + b->len, s, n);
        b->len += n;
    } else {
        api_put_grow(b, s, n);
    }
}
#define api_put_lit(b, literal) api_put((b), (literal), sizeof(literal) - 1)
void api_put_uint(api_buf *b, uint64_t v);
/* A literal, then an unsigned integer: a member such as ,"take":3 */
#define api_put_lit_uint(b, literal, v) (api_put_lit((b), (literal)), api_put_uint((b), (v)))
/* An integer of a field that openapi.yaml marks int64, one that may pass 2^53-1 (a heap, a
 * take, an SG value): a JSON number, or a string of its digits when b->int64_strings, so
 * that JavaScript reads it whole. Indices and node numbers go by api_put_uint. */
void api_put_int64(api_buf *b, uint64_t v);
#define api_put_lit_int64(b, literal, v) (api_put_lit((b), (literal)), api_put_int64((b), (v)))
/* A JSON string literal of the n bytes at s, escaped. */
void api_put_string(api_buf *b, const char *s, size_t n);
void api_put_json(api_buf *b, const json_t *v);
/* The bytes api_put_json writes for v, counted without writing them (a tree's depth is
 * bounded as for api_put_json). */
size_t api_json_bytes(const json_t *v);
/* v as api_put_json writes it, its integers as api_put_int64 writes them (an int64 member
 * of a game the request gave: "k", say). */
void api_put_json_int64(api_buf *b, const json_t *v);
/* The object obj, the members named in `int64` (NULL-terminated; NULL: none) as
 * api_put_json_int64 writes them, the others as api_put_json does. */
void api_put_object_int64(api_buf *b, const json_t *obj, const char *const *int64);
/* Text formatted as by printf. */
void api_putf(api_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The text written, NUL-terminated (caller frees); *len gets its length. b is emptied. */
char *api_buf_take(api_buf *b, size_t *len);

/* The text of v, NUL-terminated, malloc'ed (caller frees); *len gets its length. */
char *api_write(const json_t *v, size_t *len);

#endif
