/* nb_error.c - filling in and clearing nb_err reports. */
#include "core/nb_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static void set(nb_err *err, nb_status status, int field, size_t i, size_t j, bool predicate,
                const char *fmt, va_list ap)
{
    err->status = status;
    err->field = field;
    err->index[0] = i;
    err->index[1] = j;
    err->component = NB_NO_INDEX;
    err->predicate = predicate;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
}

nb_status nb_fail(nb_err *err, nb_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set(err, status, NB_FIELD_NONE, NB_NO_INDEX, NB_NO_INDEX, false, fmt, ap);
    va_end(ap);
    return status;
}

nb_status nb_fail_field(nb_err *err, nb_status status, int field, size_t i, size_t j,
                        const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    set(err, status, field, i, j, true, fmt, ap);
    va_end(ap);
    return status;
}

void nb_err_blame(nb_err *err, int field, size_t i, size_t j)
{
    err->field = field;
    err->index[0] = i;
    err->index[1] = j;
}

void nb_err_clear(nb_err *err)
{
    memset(err, 0, sizeof *err);
    err->field = NB_FIELD_NONE;
    err->component = NB_NO_INDEX;
}
