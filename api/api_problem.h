/* api_problem.h - RFC 9457 problem details: the error every endpoint answers with. */
#ifndef API_PROBLEM_H
#define API_PROBLEM_H

#include <stdint.h>

#include <jansson.h>

#include "core/nb_error.h"

/* Room for a JSON Pointer built of the API's own field names and of indices; a pointer
 * that holds a client's key (an unknown field) is built to its length instead. */
#define API_PATH_BYTES 160

/* Starts zeroed. Its owned parts go with api_problem_json, or api_problem_clear when the
 * problem is dropped. */
typedef struct api_problem {
    int status;       /* 400, 404, 405, 413, 415, 422, 503 */
    const char *kind; /* one of api_problem_kinds' names (static), or NULL: the status's
                       * usual kind (limit-exceeded for a 422 naming a limit) */
    char *pointer;   /* JSON Pointer into the request body ("" is the whole body), owned;
                      * NULL when no single field is at fault */
    char detail[320];
} api_problem;

/* A kind of problem: answered as type "/problems/<name>", documented at that path. */
typedef struct api_problem_kind {
    const char *name;
    const char *title;
    const char *doc; /* what the problem means and what a client does about it */
} api_problem_kind;

/* Every kind, ended by a NULL name. */
extern const api_problem_kind api_problem_kinds[];

/* The kind named `name`, or NULL. */
const api_problem_kind *api_problem_kind_find(const char *name);

/* Fills p (a copy of pointer, which may be NULL, replacing any before it) and returns the
 * status, so decoders can `return api_fail(...)`. Detail and pointer are made valid UTF-8
 * (api_utf8_mend): they may quote a client's bytes. */
int api_fail(api_problem *p, int status, const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* api_fail of the kind named `kind` (a static string of api_problem_kinds). */
int api_fail_as(api_problem *p, const char *kind, int status, const char *pointer,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* 422 for a list past its limit: "<field> holds <count> <items>, over the limit
 * <limit_name>=<limit>". Returns 422. */
int api_fail_too_many(api_problem *p, const char *pointer, const char *field, size_t count,
                      const char *items, const char *limit_name, uint64_t limit);

/* The problem as a new JSON object (caller owns it); frees p's owned parts. A detail that
 * names a limit as "limit NAME=VALUE" (every limit problem does) also gives the pair as
 * the members `limit` and `value`. */
json_t *api_problem_json(api_problem *p);

/* Frees p's owned parts, for a problem that is not answered. */
void api_problem_clear(api_problem *p);

#endif
