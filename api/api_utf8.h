/* api_utf8.h - UTF-8 checks: the parser's for request strings, and the mending of texts
 * an answer quotes (a problem's detail and pointer), which jansson only writes as UTF-8. */
#ifndef API_UTF8_H
#define API_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* Length of the valid UTF-8 sequence at s (lead byte >= 0x80, `end` past the last byte
 * that may be read), or 0: no overlong forms, no surrogates, nothing past U+10FFFF. */
static inline size_t api_utf8_length(const unsigned char *s, const unsigned char *end)
{
    unsigned char c = s[0], lo = 0x80, hi = 0xBF;
    size_t n;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if ((size_t)(end - s) < n || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t i = 2; i < n; i++)
        if (s[i] < 0x80 || s[i] > 0xBF)
            return 0;
    return n;
}

/* The longest start of the valid UTF-8 string s (n bytes) that is at most max bytes and
 * ends at a character's end. */
static inline size_t api_utf8_prefix(const char *s, size_t n, size_t max)
{
    size_t k = n < max ? n : max;
    while (k > 0 && k < n && ((unsigned char)s[k] & 0xC0) == 0x80)
        k--;
    return k;
}

/* The first character of the valid UTF-8 string s (n bytes, NULs allowed) that is not
 * one of the ASCII characters of `allowed`: its place counted in characters into *index,
 * and its text as a problem quotes it into quoted ('x', 'é', or U+0007 for a control
 * character); false when every character is allowed. */
bool api_utf8_stranger(const char *s, size_t n, const char *allowed, size_t *index,
                       char quoted[16]);

/* Makes the NUL-terminated s valid UTF-8 in place: every byte that starts no valid
 * sequence (a client's raw bytes, a character cut short by a full buffer) becomes '?'. */
void api_utf8_mend(char *s);

#endif
