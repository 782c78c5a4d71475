/* nb_error.c - filling in and clearing nb_err reports. */
#include "nb_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

nb_status nb_fail(nb_err *err, nb_status status, const char *pointer, const char *fmt, ...)
{
    va_list ap;
    err->status = status;
    snprintf(err->pointer, sizeof err->pointer, "%s", pointer ? pointer : "");
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return status;
}

void nb_err_prefix(nb_err *err, const char *prefix)
{
    char joined[sizeof err->pointer];
    snprintf(joined, sizeof joined, "%s%s", prefix, err->pointer);
    memcpy(err->pointer, joined, sizeof joined);
}

void nb_err_clear(nb_err *err)
{
    free(err->cycle);
    memset(err, 0, sizeof *err);
}
