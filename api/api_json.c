/* api_json.c - request parsing and typed field access with JSON Pointers in errors. */
#include "api_json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api_alloc.h"
#include "api_parse.h"
#include "api_utf8.h"
#include "api_write.h"
#include "core/nb_util.h"

int api_quoted_length(const char *t, bool *cut)
{
    size_t n = strlen(t);
    *cut = n > 64;
    return (int)(*cut ? api_utf8_prefix(t, n, 60) : n);
}

void api_path(char *out, size_t size, const char *base, const char *key)
{
    /* JSON Pointer escapes: ~ -> ~0, / -> ~1; cut to fit, with its NUL (never cut when
     * size is at least strlen(base) + 2 * strlen(key) + 3) */
    size_t n = nb_copy_cut(out, size, base);
    if (n + 1 < size)
        out[n++] = '/';
    for (; *key && n + 3 < size; key++) {
        if (*key == '~' || *key == '/') {
            out[n++] = '~';
            out[n++] = *key == '~' ? '0' : '1';
        } else {
            out[n++] = *key;
        }
    }
    out[n] = '\0';
}

/* api_path never cut: malloc'ed (caller frees), for steps that are a client's keys. */
static char *path_new(const char *base, const char *key)
{
    size_t size = strlen(base) + 2 * strlen(key) + 3;
    char *out = nb_xmalloc(size);
    api_path(out, size, base, key);
    return out;
}

void api_path_index(char *out, size_t size, const char *base, size_t index)
{
    if (snprintf(out, size, "%s/%zu", base, index) < 0) /* a cut pointer ends early, safely */
        out[0] = '\0';
}

/* After jansson refused an integer too large for 64 bits: parse again reading integers as
 * reals, and find the first number whose magnitude passes 2^63-1, its pointer appended
 * to `path` (which, on the way back from a branch without one, is cut back), and whether
 * it is negative. */
static bool find_huge(json_t *v, api_buf *path, bool *negative)
{
    if (json_is_real(v)) {
        *negative = json_real_value(v) < 0;
        return json_real_value(v) >= 9.2233720368547758e18 || /* 2^63 and past it */
               json_real_value(v) <= -9.2233720368547758e18;
    }
    size_t n = path->len;
    if (json_is_array(v)) {
        size_t i;
        json_t *item;
        json_array_foreach(v, i, item) {
            path->len = n;
            api_putf(path, "/%zu", i);
            if (find_huge(item, path, negative))
                return true;
        }
    } else if (json_is_object(v)) {
        const char *key;
        json_t *item;
        json_object_foreach(v, key, item) {
            char *step = path_new("", key);
            path->len = n;
            api_put(path, step, strlen(step));
            free(step);
            if (find_huge(item, path, negative))
                return true;
        }
    }
    path->len = n;
    return false;
}

json_t *api_parse(const char *body, size_t len, nb_budget *budget, api_problem *p)
{
    bool huge;
    char error[160], pointer[API_PARSE_POINTER_MAX];
    api_alloc_meter(budget);
    json_t *root = api_parse_text(body, len, &huge, error, sizeof error, pointer);
    bool spent = budget && budget->spent != NB_BUDGET_LEFT;
    /* the huge integer's pointer, from a second parse, only while the budget lasts */
    json_t *as_real = !root && huge && !spent ? json_loadb(body, len, JSON_REJECT_DUPLICATES |
                                                           JSON_DECODE_INT_AS_REAL, NULL)
                                              : NULL;
    api_alloc_meter(NULL);
    if (root)
        return root;
    if (budget && budget->spent == NB_BUDGET_MEMORY) {
        json_decref(as_real);
        api_fail(p, 422, NULL, "the parsed body needs more memory than the limit "
                 "max_request_mb=%llu", (unsigned long long)(budget->max_bytes >> 20));
        return NULL;
    }
    if (spent) { /* its time, its client, the server's or the process's memory */
        nb_err err = {0};
        api_fail(p, nb_budget_fail(budget, &err) == NB_ELIMIT ? 422 : 503, NULL, "%s",
                 err.msg);
        return NULL;
    }
    if (strstr(error, "no memory")) { /* memory the process lacks now: not the body's fault */
        json_decref(as_real);
        api_fail(p, 503, NULL, "%s", "nimberd has no memory to parse this body now; retry "
                 "shortly");
        return NULL;
    }
    if (huge) {
        api_buf path = {0};
        bool negative = false, found = as_real && find_huge(as_real, &path, &negative);
        json_decref(as_real);
        if (found) {
            size_t len;
            char *pointer = api_buf_take(&path, &len), called[96];
            api_pointer_name(pointer, called, sizeof called);
            bool cut;
            int shown = api_quoted_length(called, &cut);
            api_fail(p, 400, pointer, "%.*s%s %s", shown, called, cut ? "..." : "",
                     negative ? "is less than -2^63, which no field takes"
                              : "must be an integer of at most 2^63-1 (9223372036854775807)");
            free(pointer);
            return NULL;
        }
        free(path.p);
    }
    api_fail_as(p, "malformed-json", 400, pointer[0] ? pointer : NULL, "malformed JSON at %s",
                error);
    return NULL;
}

/* The edits (a letter put in, left out, changed, or two beside each other swapped) that
 * turn a into b, the optimal string alignment distance; "many" (33) past 32 letters or
 * when the lengths differ by more than two (no name is meant that far off). */
static size_t edits_between(const char *a, const char *b)
{
    enum { MOST = 32 };
    size_t m = strnlen(a, MOST + 1), n = strnlen(b, MOST + 1), d[MOST + 1][MOST + 1];
    if (m > MOST || n > MOST || m > n + 2 || n > m + 2)
        return MOST + 1;
    for (size_t i = 0; i <= m; i++)
        for (size_t j = 0; j <= n; j++) {
            if (!i || !j) {
                d[i][j] = i + j;
                continue;
            }
            size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            best = d[i - 1][j] + 1 < best ? d[i - 1][j] + 1 : best;
            best = d[i][j - 1] + 1 < best ? d[i][j - 1] + 1 : best;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                best = d[i - 2][j - 2] + 1 < best ? d[i - 2][j - 2] + 1 : best;
            d[i][j] = best;
        }
    return d[m][n];
}

const char *api_meant_name(const char *name, const char *const *known)
{
    const char *meant = NULL;
    size_t fewest = 3;
    for (const char *const *k = known; *k; k++) {
        size_t edits = strcasecmp(*k, name) ? edits_between(*k, name) : 0;
        size_t letters = strlen(*k), allowed = letters >= 8 ? 2 : letters >= 3 ? 1 : 0;
        if (edits < fewest && edits <= allowed)
            meant = *k, fewest = edits;
    }
    return meant;
}

void api_put_names(api_buf *b, const char *const *names)
{
    for (const char *const *n = names; *n; n++)
        api_putf(b, "%s%s", n == names ? "" : n[1] ? ", " : " and ", *n);
}

/* Refuses an object's unknown key (the client's: its pointer and a quote of it, in full),
 * naming the allowed key it most likely meant, else every allowed key. */
static int refuse_key(const char *base, const char *key, const char *const *allowed,
                      api_problem *p)
{
    const char *meant = api_meant_name(key, allowed);
    char *ptr = path_new(base, key);
    bool cut;
    int shown = api_quoted_length(key, &cut);
    if (meant) {
        api_fail(p, 400, ptr, "unknown field \"%.*s%s\": did you mean \"%s\"?", shown, key,
                 cut ? "..." : "", meant);
    } else {
        api_buf names = {0};
        api_put_names(&names, allowed);
        api_fail(p, 400, ptr, "unknown field \"%.*s%s\"; the fields here are %.*s", shown, key,
                 cut ? "..." : "", (int)names.len, names.p ? names.p : "");
        free(names.p);
    }
    free(ptr);
    return p->status;
}

int api_check_keys(json_t *obj, const char *base, const char *const *allowed, api_problem *p)
{
    if (!json_is_object(obj))
        return api_fail(p, 400, base, "%s must be a JSON object", base[0] ? base : "the body");
    const char *key;
    json_t *v;
    json_object_foreach(obj, key, v) {
        bool ok = false;
        for (const char *const *a = allowed; *a && !ok; a++)
            ok = !strcmp(*a, key);
        if (!ok)
            return refuse_key(base, key, allowed, p);
    }
    return 0;
}

json_t *api_require(json_t *obj, const char *base, const char *key, api_problem *p)
{
    json_t *v = json_object_get(obj, key);
    if (v)
        return v;
    char ptr[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, key);
    const char *given, *wanted[] = {key, NULL};
    json_t *item;
    size_t looked = 0; /* the field under a slip of its name? among the first 64 keys */
    json_object_foreach(obj, given, item) {
        if (++looked > 64)
            break;
        if (!api_meant_name(given, wanted))
            continue;
        bool cut;
        int shown = api_quoted_length(given, &cut);
        api_fail(p, 400, ptr, "missing field \"%s\"; \"%.*s%s\" is no field: did you mean "
                 "\"%s\"?", key, shown, given, cut ? "..." : "", key);
        return NULL;
    }
    api_fail(p, 400, ptr, "missing field \"%s\"", key);
    return NULL;
}

const char *api_kind_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_REAL: return "a number with a fraction or an exponent";
    case JSON_TRUE: return "true";
    case JSON_FALSE: return "false";
    case JSON_NULL: return "null";
    default: return "an integer";
    }
}

/* Whether s (n bytes) is the decimal text of an integer: -?(0|[1-9][0-9]*). */
static bool integer_text(const char *s, size_t n)
{
    size_t at = n && s[0] == '-';
    return n > at && strspn(s + at, "0123456789") == n - at && (s[at] != '0' || n - at == 1);
}

/* The integer v is, or that its string of decimal digits spells: false for any other
 * value, and for digits past 64 bits. */
static bool int_of(const json_t *v, json_int_t *out)
{
    if (json_is_integer(v)) {
        *out = json_integer_value(v);
        return true;
    }
    const char *s = json_string_value(v);
    if (!s)
        return false;
    size_t n = json_string_length(v);
    if (!integer_text(s, n) || n > 20)
        return false;
    errno = 0;
    long long x = strtoll(s, NULL, 10);
    if (errno)
        return false;
    *out = x;
    return true;
}

void api_settle_int(json_t *container, size_t i, const char *key, json_t *v, int64_t x)
{
    if (!json_is_string(v))
        return;
    if (json_is_array(container))
        json_array_set_new(container, i, json_integer(x));
    else
        json_object_set_new(container, key, json_integer(x));
}

const char *api_got(const json_t *v, char buf[API_GOT_BYTES])
{
    if (json_is_string(v)) {
        bool cut;
        int shown = api_quoted_length(json_string_value(v), &cut);
        snprintf(buf, API_GOT_BYTES, "\"%.*s%s\"", shown, json_string_value(v), cut ? "..." : "");
        return buf;
    }
    if (!json_is_array(v))
        return api_kind_of(v);
    if (!json_array_size(v))
        return "an empty array";
    snprintf(buf, API_GOT_BYTES, "an array of %zu", json_array_size(v));
    return buf;
}

static void put_char(char *out, size_t size, size_t *n, char c)
{
    if (*n + 1 < size)
        out[(*n)++] = c;
}

void api_pointer_name(const char *pointer, char *out, size_t size)
{
    if (!pointer[0]) {
        nb_copy_cut(out, size, "the body");
        return;
    }
    const char *key = NULL; /* past the '/' of the last segment that is no index */
    for (const char *seg = pointer; *seg == '/'; seg += 1 + strcspn(seg + 1, "/")) {
        size_t len = strcspn(seg + 1, "/");
        if (!len || strspn(seg + 1, "0123456789") < len)
            key = seg + 1;
    }
    size_t n = 0;
    const char *c = key ? key : pointer;
    for (; key && *c && *c != '/'; c++) { /* the key, its escapes undone */
        bool escape = *c == '~' && (c[1] == '0' || c[1] == '1');
        put_char(out, size, &n, escape ? (c[1] == '0' ? '~' : '/') : *c);
        c += escape;
    }
    while (*c == '/') { /* the indexes after it */
        size_t len = strcspn(c + 1, "/");
        put_char(out, size, &n, '[');
        for (size_t i = 0; i < len; i++)
            put_char(out, size, &n, c[1 + i]);
        put_char(out, size, &n, ']');
        c += 1 + len;
    }
    if (size)
        out[n] = '\0';
    if (!n) /* a key of no letters: the pointer itself */
        nb_copy_cut(out, size, pointer);
}

int api_get_int(json_t *v, const char *pointer, const char *name, int64_t min, int64_t max,
                int64_t *out, api_problem *p)
{
    json_int_t x;
    bool past_64_bits = json_is_string(v) && !int_of(v, &x) &&
                        integer_text(json_string_value(v), json_string_length(v));
    if (past_64_bits) { /* past the field's range too, on the side of its sign */
        bool negative = json_string_value(v)[0] == '-';
        if (!negative && max == INT64_MAX)
            return api_fail(p, 400, pointer, "%s must be an integer of at most 2^63-1 "
                            "(9223372036854775807)", name);
        if (negative && min == INT64_MIN)
            return api_fail(p, 400, pointer, "%s must be an integer of at least -2^63", name);
        x = negative ? INT64_MIN : INT64_MAX;
    } else if (json_is_string(v) && !int_of(v, &x)) {
        return api_fail(p, 400, pointer, "%s must be an integer, or a string of its decimal "
                        "digits, got %s", name, API_GOT(v));
    } else if (!int_of(v, &x)) {
        return api_fail(p, 400, pointer, "%s must be an integer, got %s", name, api_kind_of(v));
    }
    if (past_64_bits || x < min || x > max) {
        if (max == INT64_MAX)
            return api_fail(p, 400, pointer, "%s must be an integer of at least %lld", name,
                            (long long)min);
        return api_fail(p, 400, pointer, "%s must be an integer between %lld and %lld", name,
                        (long long)min, (long long)max);
    }
    *out = x;
    return 0;
}

/* An array of integers in [min, max]: *out malloc'ed (caller frees). */
static int get_int_array(json_t *v, const char *pointer, const char *name, int64_t min,
                         int64_t max, uint64_t **out, size_t *len, api_problem *p)
{
    if (!json_is_array(v))
        return api_fail(p, 400, pointer, "%s must be an array of integers, got %s", name,
                        API_GOT(v));
    size_t n = json_array_size(v);
    uint64_t *vals = nb_xmalloc((n + 1) * sizeof *vals);
    for (size_t i = 0; i < n; i++) {
        json_t *item = json_array_get(v, i);
        json_int_t x = 0;
        if (int_of(item, &x) && x >= min && x <= max) {
            vals[i] = (uint64_t)x;
            api_settle_int(v, i, NULL, item, x);
            continue;
        }
        char ptr[API_PATH_BYTES], item_name[64]; /* names are made only for the error */
        int64_t unused;
        api_path_index(ptr, sizeof ptr, pointer, i);
        snprintf(item_name, sizeof item_name, "%s[%zu]", name, i);
        api_get_int(item, ptr, item_name, min, max, &unused, p);
        free(vals);
        return p->status;
    }
    *out = vals;
    *len = n;
    return 0;
}

int api_member_int(json_t *obj, const char *base, const char *key, int64_t min, int64_t max,
                   int64_t *out, api_problem *p)
{
    char ptr[API_PATH_BYTES];
    json_t *v = api_require(obj, base, key, p);
    api_path(ptr, sizeof ptr, base, key);
    if (!v || api_get_int(v, ptr, key, min, max, out, p))
        return p->status;
    api_settle_int(obj, 0, key, v, *out);
    return 0;
}

int api_member_int_array(json_t *obj, const char *base, const char *key, int64_t min,
                         int64_t max, uint64_t **out, size_t *len, api_problem *p)
{
    char ptr[API_PATH_BYTES];
    json_t *v = api_require(obj, base, key, p);
    api_path(ptr, sizeof ptr, base, key);
    return v ? get_int_array(v, ptr, key, min, max, out, len, p) : p->status;
}

int api_member_pairs(json_t *obj, const char *base, const char *key,
                     const char *const names[2], uint64_t **out, size_t *len, api_problem *p)
{
    char ptr[API_PATH_BYTES];
    json_t *pairs = api_require(obj, base, key, p);
    api_path(ptr, sizeof ptr, base, key);
    if (!pairs)
        return p->status;
    if (!json_is_array(pairs))
        return api_fail(p, 400, ptr, "%s must be an array of [%s,%s] pairs, got %s", key,
                        names[0], names[1], API_GOT(pairs));
    size_t n = json_array_size(pairs);
    uint64_t *state = nb_xmalloc((2 * n + 1) * sizeof *state);
    for (size_t i = 0; i < n; i++) {
        char item[API_PATH_BYTES + 24];
        json_t *pair = json_array_get(pairs, i);
        api_path_index(item, sizeof item, ptr, i);
        if (!json_is_array(pair) || json_array_size(pair) != 2) {
            free(state);
            return api_fail(p, 400, item, "%s[%zu] must be a pair [%s,%s], got %s", key, i,
                            names[0], names[1], API_GOT(pair));
        }
        for (size_t d = 0; d < 2; d++) {
            char side[API_PATH_BYTES + 48], called[64];
            int64_t v = 0;
            api_path_index(side, sizeof side, item, d);
            snprintf(called, sizeof called, "%s of %s[%zu]", names[d], key, i);
            json_t *item = json_array_get(pair, d);
            if (api_get_int(item, side, called, 0, INT64_MAX, &v, p)) {
                free(state);
                return p->status;
            }
            api_settle_int(pair, d, NULL, item, v);
            state[2 * i + d] = (uint64_t)v;
        }
    }
    *out = state;
    *len = 2 * n;
    return 0;
}

int api_member_edges(json_t *obj, const char *base, uint32_t **out, size_t *m, api_problem *p)
{
    char ptr[API_PATH_BYTES];
    json_t *edges = api_require(obj, base, "edges", p);
    api_path(ptr, sizeof ptr, base, "edges");
    if (!edges)
        return p->status;
    if (!json_is_array(edges))
        return api_fail(p, 400, ptr, "edges must be an array of [u,v] pairs, got %s",
                        API_GOT(edges));
    size_t n = json_array_size(edges);
    uint32_t *list = nb_xmalloc((2 * n + 1) * sizeof *list);
    for (size_t e = 0; e < n; e++) {
        json_t *pair = json_array_get(edges, e);
        json_int_t ends[2];
        char item[API_PATH_BYTES + 24];
        api_path_index(item, sizeof item, ptr, e);
        if (!json_is_array(pair) || json_array_size(pair) != 2) {
            free(list);
            return api_fail(p, 400, item, "edges[%zu] must be a pair [u,v] of node numbers, "
                            "got %s", e, API_GOT(pair));
        }
        for (size_t k = 0; k < 2; k++) {
            if (int_of(json_array_get(pair, k), &ends[k]))
                continue;
            char end[API_PATH_BYTES + 48];
            api_path_index(end, sizeof end, item, k);
            free(list);
            return api_fail(p, 400, end, "edges[%zu][%zu] must be a node number, got %s", e, k,
                            API_GOT(json_array_get(pair, k)));
        }
        for (size_t k = 0; k < 2; k++) {
            json_int_t v = ends[k];
            api_settle_int(pair, k, NULL, json_array_get(pair, k), v);
            list[2 * e + k] = v < 0 || v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
        }
    }
    *out = list;
    *m = n;
    return 0;
}

int api_member_words(json_t *obj, const char *base, const char *key, size_t n, uint64_t *out,
                     api_problem *p)
{
    uint64_t *vals = NULL;
    size_t len = 0;
    if (api_member_int_array(obj, base, key, 0, INT64_MAX, &vals, &len, p))
        return p->status;
    if (len == n)
        memcpy(out, vals, n * sizeof *out);
    free(vals);
    if (len == n)
        return 0;
    char ptr[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, key);
    return api_fail(p, 400, ptr, "%s must hold %zu integers, not %zu", key, n, len);
}

void api_settle_ints(json_t *v)
{
    json_int_t x;
    if (json_is_array(v)) {
        for (size_t i = 0; i < json_array_size(v); i++) {
            json_t *item = json_array_get(v, i);
            if (int_of(item, &x))
                api_settle_int(v, i, NULL, item, x);
            else
                api_settle_ints(item);
        }
    } else if (json_is_object(v)) {
        const char *key;
        json_t *item;
        void *tmp;
        json_object_foreach_safe(v, tmp, key, item) {
            if (int_of(item, &x))
                api_settle_int(v, 0, key, item, x);
            else
                api_settle_ints(item);
        }
    }
}

int api_member_words_of(json_t *obj, const char *base, const char *const *names,
                        nb_state *words, api_problem *p)
{
    for (const char *const *name = names; *name; name++) {
        int64_t v;
        if (api_member_int(obj, base, *name, 0, INT64_MAX, &v, p))
            return p->status;
        nb_state_resize(words, words->len + 1);
        words->w[words->len - 1] = (uint64_t)v;
    }
    return 0;
}
