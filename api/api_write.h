/* api_write.h - compact JSON text from a jansson tree, written straight into one buffer
 * (the same text as json_dumps(JSON_COMPACT), without its per-token callbacks and
 * snprintf for every integer: this is the hottest step of a small request). */
#ifndef API_WRITE_H
#define API_WRITE_H

#include <stddef.h>

#include <jansson.h>

/* The text of v, NUL-terminated, malloc'ed (caller frees); *len gets its length. */
char *api_write(const json_t *v, size_t *len);

#endif
