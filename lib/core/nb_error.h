/* nb_error.h - status codes and the error report that every fallible libnimber call fills in. */
#ifndef NB_ERROR_H
#define NB_ERROR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum nb_status {
    NB_OK = 0,
    NB_EINVAL, /* the position breaks its game's rules (a field is wrong) */
    NB_ELIMIT, /* well-formed, but solving it would pass a limit the caller set */
    NB_EUNDEFINED, /* well-formed, but the question has no answer (misère cutting game) */
    NB_EDECLINED,  /* a ruleset's own rule does not apply here: the solver searches instead
                    * (never returned by nb_analyse, nb_play or nb_moves) */
    NB_ECANCELLED  /* the work was stopped before the answer: the asker went away, or the
                    * process is shutting down (nb_budget) */
} nb_status;

/* Which field of a game a report blames. A ruleset numbers its own fields: 0 is the
 * position (its state: heaps, stairs, tokens...), 1, 2... its rules in the order
 * the ruleset's header in games/ lists them. These name what no ruleset owns. */
enum {
    NB_FIELD_NONE = -1,       /* no single field is at fault */
    NB_FIELD_CONVENTION = -2, /* normal or misère play */
    NB_FIELD_UP_TO = -3,      /* how far a table was asked for */
    NB_FIELD_MOVE = -4,       /* a move a client gave: index[0] its word at fault */
};

#define NB_NO_INDEX SIZE_MAX

/* Filled in by the callee on failure; lives on the caller's stack. The lib speaks its
 * own terms: `field` (a ruleset's field number, or NB_FIELD_*), `index` (the element of
 * that field, then the element's own element: NB_NO_INDEX where there is none) and
 * `component` (the sum component the field belongs to, or NB_NO_INDEX). When `predicate`
 * is set, `msg` says something of the field ("exceeds 2^63-1") and a caller names the
 * field before it; otherwise msg is a whole sentence. */
typedef struct nb_err {
    nb_status status;
    int field;
    size_t index[2];
    size_t component;
    bool predicate;
    char msg[256];
} nb_err;

/* Sets status and a printf-style sentence that blames no field; returns status. */
nb_status nb_fail(nb_err *err, nb_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Sets status and a predicate of field `field`, element i (then j) of it (NB_NO_INDEX:
 * none); returns status. */
nb_status nb_fail_field(nb_err *err, nb_status status, int field, size_t i, size_t j,
                        const char *fmt, ...) __attribute__((format(printf, 6, 7)));

/* Blames field `field` (element i, then j) for a report whose msg is a whole sentence. */
void nb_err_blame(nb_err *err, int field, size_t i, size_t j);

/* Frees what the report owns and resets it to NB_OK. */
void nb_err_clear(nb_err *err);

#endif
