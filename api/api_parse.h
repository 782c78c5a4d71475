/* api_parse.h - a request body's JSON text into a jansson tree in one pass over its bytes. */
#ifndef API_PARSE_H
#define API_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* The room for the JSON Pointer a failed parse names (with its NUL): a longer one is cut
 * to the ancestor that fits. */
#define API_PARSE_POINTER_MAX 256

/* The tree jansson's json_loadb(JSON_REJECT_DUPLICATES) would build, or NULL with `error`
 * (size bytes) saying where and what, *huge telling whether an integer past 64 bits was
 * the cause, and `pointer` (API_PARSE_POINTER_MAX bytes; NULL: not asked) the JSON
 * Pointer of the member or item that failed ("" for the body itself or a key past 64
 * bytes). The caller owns the result. */
json_t *api_parse_text(const char *body, size_t len, bool *huge, char *error, size_t size,
                       char *pointer);

#endif
