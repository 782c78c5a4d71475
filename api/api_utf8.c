/* api_utf8.c - mending text into valid UTF-8 before an answer quotes it, and finding the
 * character a field does not allow. */
#include "api_utf8.h"

#include <stdio.h>
#include <string.h>

void api_utf8_mend(char *s)
{
    const unsigned char *end = (const unsigned char *)s + strlen(s);
    for (unsigned char *c = (unsigned char *)s; c < end;) {
        size_t k = *c < 0x80 ? 1 : api_utf8_length(c, end);
        if (!k)
            *c = '?', k = 1;
        c += k;
    }
}

bool api_utf8_stranger(const char *s, size_t n, const char *allowed, size_t *index,
                       char quoted[16])
{
    const unsigned char *c = (const unsigned char *)s, *end = c + n;
    for (size_t i = 0; c < end; i++) {
        size_t k = *c < 0x80 ? 1 : api_utf8_length(c, end);
        if (k == 1 && *c && strchr(allowed, *c)) {
            c++;
            continue;
        }
        *index = i;
        if (k == 1 && (*c < 0x20 || *c == 0x7F))
            snprintf(quoted, 16, "U+%04X", *c);
        else if (k)
            snprintf(quoted, 16, "'%.*s'", (int)k, (const char *)c);
        else /* not UTF-8: the parser lets none through */
            snprintf(quoted, 16, "byte 0x%02X", *c);
        return true;
    }
    return false;
}
