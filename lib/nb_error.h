/* nb_error.h - status codes and the error report that every fallible libnimber call fills in. */
#ifndef NB_ERROR_H
#define NB_ERROR_H

#include <stddef.h>

typedef enum nb_status {
    NB_OK = 0,
    NB_EINVAL, /* the position breaks its game's rules (a field is wrong) */
    NB_ELIMIT, /* well-formed, but solving it would pass a limit the caller set */
    NB_ECYCLE, /* a graph that must be acyclic has a cycle (nodes in nb_err.cycle) */
    NB_EUNDEFINED /* well-formed, but the question has no answer (misère cutting game) */
} nb_status;

/* Filled in by the callee on failure; lives on the caller's stack. `pointer` is a JSON
 * Pointer to the field at fault relative to the game object ("" when no single field is).
 * `cycle` (NB_ECYCLE only) is heap memory owned by the report: release it with nb_err_clear. */
typedef struct nb_err {
    nb_status status;
    char pointer[96];
    char msg[256];
    size_t *cycle;
    size_t cycle_len;
} nb_err;

/* Sets status, pointer (may be NULL) and a printf-style message; returns status. */
nb_status nb_fail(nb_err *err, nb_status status, const char *pointer, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Puts `prefix` (e.g. "/components/2") in front of err->pointer. */
void nb_err_prefix(nb_err *err, const char *prefix);

/* Frees what the report owns and resets it to NB_OK. */
void nb_err_clear(nb_err *err);

#endif
