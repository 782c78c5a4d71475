/* api_utf8.c - mending text into valid UTF-8 before an answer quotes it. */
#include "api_utf8.h"

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
