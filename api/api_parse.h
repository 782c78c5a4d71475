/* api_parse.h - a request body's JSON text into a jansson tree in one pass over its bytes. */
#ifndef API_PARSE_H
#define API_PARSE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

/* The tree jansson's json_loadb(JSON_REJECT_DUPLICATES) would build, or NULL with `error`
 * (size bytes) saying where and what, and *huge telling whether an integer past 64 bits
 * was the cause. The caller owns the result. */
json_t *api_parse_text(const char *body, size_t len, bool *huge, char *error, size_t size);

#endif
