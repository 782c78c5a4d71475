/* nb_key.c - table names written whole or marked cut. */
#include "core/nb_key.h"

#include <stdarg.h>
#include <stdio.h>

nb_key nb_key_of(const char *text)
{
    nb_key k = {0};
    nb_key_add(&k, "%s", text);
    return k;
}

void nb_key_add(nb_key *k, const char *fmt, ...)
{
    if (k->cut)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(k->text + k->len, sizeof k->text - k->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof k->text - k->len) {
        k->cut = true;
        k->text[k->len] = '\0'; /* nothing half-written stays */
        return;
    }
    k->len += (size_t)n;
}

nb_status nb_key_check(const nb_key *k, nb_err *err)
{
    if (!k->cut)
        return NB_OK;
    return nb_fail(err, NB_ELIMIT, "the ruleset's canonical name passes %d bytes, the most "
                   "a table's name may take", NB_KEY_MAX - 1);
}
