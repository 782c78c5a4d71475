/* api_types.c - the registry and what every type shares: dispatch on "type", the
 * top-level-only "convention" and allowed keys. */
#include "api_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "api_json.h"
#include "core/nb_util.h"

/* Every row of the registry (api_registry.h) declared, then listed in its order. */
#define API_TYPE(name) extern const api_type api_type_##name;
#include "api_registry.h"
#undef API_TYPE

const api_type *const api_registry[] = {
#define API_TYPE(name) &api_type_##name,
#include "api_registry.h"
#undef API_TYPE
    NULL,
};

bool api_type_int64(const api_type *t, const char *field)
{
    for (const char *const *f = t->int64; f && *f; f++)
        if (!strcmp(*f, field))
            return true;
    return false;
}

/* Every integer in v (an integer, or arrays of them at any depth) as a string of its
 * digits. */
static json_t *int64_strings(json_t *v)
{
    if (json_is_integer(v)) {
        char text[24];
        snprintf(text, sizeof text, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
        return json_string(text);
    }
    if (json_is_array(v))
        for (size_t i = 0; i < json_array_size(v); i++)
            json_array_set_new(v, i, int64_strings(json_array_get(v, i)));
    return json_incref(v);
}

void api_game_int64_strings(json_t *game)
{
    const char *name = json_string_value(json_object_get(game, "type"));
    const api_type *t = name ? api_type_find(name) : NULL;
    if (!t)
        return;
    json_t *parts = json_object_get(game, "components"); /* a sum's games */
    for (size_t i = 0; i < json_array_size(parts); i++)
        api_game_int64_strings(json_array_get(parts, i));
    for (const char *const *f = t->int64; f && *f; f++) {
        json_t *v = json_object_get(game, *f);
        if (v)
            json_object_set_new(game, *f, int64_strings(v));
    }
}

const api_type *api_type_find(const char *name)
{
    for (const api_type *const *t = api_registry; *t; t++)
        if (!strcmp((*t)->name, name))
            return *t;
    return NULL;
}

/* The registered types' names (only those with a table when asked), NULL-terminated, in
 * names[0..room). */
static void type_names(const char **names, size_t room, bool tables_only)
{
    size_t n = 0;
    for (const api_type *const *t = api_registry; *t && n + 1 < room; t++)
        if (!tables_only || (*t)->table)
            names[n++] = (*t)->name;
    names[n] = NULL;
}

/* The registered type a client most likely meant by `name` ("Nim", "wythof"), or NULL. */
static const char *type_meant(const char *name)
{
    const char *names[64];
    type_names(names, 64, false);
    return api_meant_name(name, names);
}

void api_type_list(char *out, size_t size, bool tables_only)
{
    const char *names[64];
    type_names(names, 64, tables_only);
    api_buf list = {0};
    api_put_names(&list, names);
    api_put(&list, "", 1); /* its NUL */
    nb_copy_cut(out, size, list.failed || !list.p ? "" : list.p);
    free(list.p);
}

/* Keys the object may hold: type, convention (top level), the type's fields, and for a
 * table up_to and from (a table that takes neither refuses them itself). */
static int check_keys(json_t *obj, const char *base, const api_type *t, bool top,
                      bool for_table, api_problem *p)
{
    const char *allowed[24];
    size_t n = 0;
    allowed[n++] = "type";
    allowed[n++] = "convention";
    if (for_table) {
        allowed[n++] = "up_to";
        allowed[n++] = "from";
    }
    for (const char *const *f = t->fields; *f && n < 23; f++)
        allowed[n++] = *f;
    allowed[n] = NULL;
    if (api_check_keys(obj, base, allowed, p))
        return p->status;
    if (!top && json_object_get(obj, "convention")) {
        char ptr[API_PATH_BYTES];
        api_path(ptr, sizeof ptr, base, "convention");
        return api_fail(p, 400, ptr, "convention is allowed only on the top-level object");
    }
    return 0;
}

/* The object's convention; absent, the type's own at the top level (a sum's components
 * take the sum's). */
static int decode_convention(json_t *obj, const char *base, const api_type *t, bool top,
                             api_game *g, api_problem *p)
{
    json_t *c = json_object_get(obj, "convention");
    g->conv = top && t->default_misere ? NB_MISERE : NB_NORMAL;
    if (!c)
        return 0;
    const char *s = json_string_value(c);
    if (s && !strcmp(s, "normal")) {
        g->conv = NB_NORMAL;
        return 0;
    }
    if (s && !strcmp(s, "misere")) {
        g->conv = NB_MISERE;
        return 0;
    }
    char ptr[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, "convention");
    if (!s)
        return api_fail(p, 400, ptr, "convention must be the string \"normal\" or \"misere\"");
    bool spelt = !strcasecmp(s, "normal") || !strcasecmp(s, "misere") ||
                 !strcasecmp(s, "mis\xc3\xa8re"); /* "misère" */
    return api_fail(p, 400, ptr, "convention must be \"normal\" or \"misere\"%s, got %s",
                    spelt ? " (lower case, no accent)" : "", API_GOT(c));
}

int api_game_decode(json_t *obj, const char *base, bool top, bool for_table,
                    const api_limits *lim, api_game *g, api_problem *p)
{
    memset(g, 0, sizeof *g);
    if (!json_is_object(obj)) {
        char called[96];
        api_pointer_name(base, called, sizeof called);
        return api_fail(p, 400, base, "%s must be a game object, got %s", called, API_GOT(obj));
    }
    json_t *type = api_require(obj, base, "type", p);
    if (!type)
        return p->status;
    const char *name = json_string_value(type);
    const api_type *t = name ? api_type_find(name) : NULL;
    if (!t) {
        char ptr[API_PATH_BYTES];
        api_path(ptr, sizeof ptr, base, "type");
        char known[256];
        api_type_list(known, sizeof known, false);
        if (!name)
            return api_fail_as(p, "unknown-type", 400, ptr, "type must be a string, one of %s",
                               known);
        const char *meant = type_meant(name);
        if (meant)
            return api_fail_as(p, "unknown-type", 400, ptr, "unknown game type %s: did you "
                               "mean \"%s\"?", API_GOT(type), meant);
        return api_fail_as(p, "unknown-type", 400, ptr, "unknown game type %s; known types "
                           "are %s", API_GOT(type), known);
    }
    if (check_keys(obj, base, t, top, for_table, p) || decode_convention(obj, base, t, top, g, p))
        return p->status;
    json_t *source = obj;
    if (for_table && t->position) { /* the position may be left out of a table request */
        source = json_copy(obj);
        json_t *defaults = json_loads(t->position, 0, NULL);
        json_object_update_missing(source, defaults);
        json_decref(defaults);
    } else {
        json_incref(source);
    }
    g->type = t;
    g->json = source;
    if (t->decode(source, base, lim, g, p)) {
        api_game_free(g);
        return p->status;
    }
    return 0;
}

void api_game_free(api_game *g)
{
    for (size_t i = 0; i < g->nchildren; i++)
        api_game_free(&g->children[i]);
    free(g->children);
    if (g->type && g->type->free_params)
        g->type->free_params(g);
    else
        free(g->game.params);
    free(g->game.state);
    json_decref(g->json);
    memset(g, 0, sizeof *g);
}

/* The member a lib field number names in game g. */
static const char *field_name(const api_game *g, int field)
{
    if (field == NB_FIELD_CONVENTION)
        return "convention";
    if (field == NB_FIELD_UP_TO)
        return "up_to";
    for (int i = 0; field >= 0 && g->type->fields[i]; i++)
        if (i == field)
            return g->type->fields[i];
    return NULL;
}

int api_game_fail(api_problem *p, const api_game *g, const char *base, nb_err *err)
{
    int status = err->status == NB_EINVAL ? 400 : err->status == NB_ECANCELLED ? 503 : 422;
    char at[API_PATH_BYTES], ptr[API_PATH_BYTES], named[API_PATH_BYTES];
    nb_copy_cut(at, sizeof at, base);
    if (err->component != NB_NO_INDEX && err->component < g->nchildren) {
        char comps[API_PATH_BYTES];
        api_path(comps, sizeof comps, base, "components");
        api_path_index(at, sizeof at, comps, err->component);
        g = &g->children[err->component];
    }
    const char *name = err->field == NB_FIELD_NONE ? NULL : field_name(g, err->field);
    if (!name) {
        api_fail(p, status, err->field == NB_FIELD_NONE && err->component != NB_NO_INDEX
                                ? at : NULL, "%s", err->msg);
    } else {
        /* convention and up_to belong to the top-level object, never to a component */
        api_path(ptr, sizeof ptr, err->field < 0 ? base : at, name);
        nb_copy_cut(named, sizeof named, name);
        for (int k = 0; k < 2 && err->index[k] != NB_NO_INDEX; k++) {
            char outer[API_PATH_BYTES];
            nb_copy_cut(outer, sizeof outer, ptr);
            api_path_index(ptr, sizeof ptr, outer, err->index[k]);
            size_t used = strlen(named);
            snprintf(named + used, sizeof named - used, "[%zu]", err->index[k]);
        }
        if (err->predicate)
            api_fail(p, status, ptr, "%s %s", named, err->msg);
        else
            api_fail(p, status, ptr, "%s", err->msg);
    }
    if (err->status == NB_EUNDEFINED)
        p->kind = "unsupported-convention";
    nb_err_clear(err);
    return status;
}

uint64_t api_rng_below(api_rng *r, uint64_t n)
{
    uint64_t z = nb_splitmix64(&r->s);
    return n ? z % n : 0;
}

json_t *api_sample_ints(api_rng *rng, size_t max_len, uint64_t max_value)
{
    json_t *a = json_array();
    for (size_t n = api_rng_below(rng, max_len + 1); n > 0; n--)
        json_array_append_new(a, json_integer((json_int_t)api_rng_below(rng, max_value + 1)));
    return a;
}

json_t *api_sequence_json(const char *type, const nb_sequence *seq)
{
    json_t *values = json_array();
    for (size_t i = 0; i < seq->count; i++)
        json_array_append_new(values, json_integer((json_int_t)seq->values[i]));
    json_t *table = json_pack(
        "{s:s, s:o, s:o, s:o}", "type", type, "values", values, "period",
        seq->has_period ? json_integer((json_int_t)seq->period) : json_null(), "preperiod",
        seq->has_period ? json_integer((json_int_t)seq->preperiod) : json_null());
    if (seq->has_saltus)
        json_object_set_new(table, "saltus", seq->has_period
                                                 ? json_integer((json_int_t)seq->saltus)
                                                 : json_null());
    if (seq->first)
        json_object_set_new(table, "from", json_integer((json_int_t)seq->first));
    return table;
}

int api_get_range(json_t *req, const api_limits *lim, uint64_t *from, uint64_t *up_to,
                  api_problem *p)
{
    int64_t last = 0, first = 0;
    if (api_member_int(req, "", "up_to", 0, INT64_MAX, &last, p))
        return p->status;
    if ((uint64_t)last >= lim->lib.max_table)
        return api_fail(p, 422, "/up_to", "up_to %lld is over the limit max_table=%llu (the "
                        "values of a table are those of heaps below it)", (long long)last,
                        (unsigned long long)lim->lib.max_table);
    if (json_object_get(req, "from") &&
        api_member_int(req, "", "from", 0, last, &first, p))
        return p->status;
    uint64_t count = (uint64_t)(last - first) + 1;
    if (count > lim->max_table_page)
        return api_fail(p, 422, "/up_to", "from %lld to up_to %lld is %llu values, over the limit "
                        "max_table_page=%zu; ask for the table a page at a time with from",
                        (long long)first, (long long)last, (unsigned long long)count,
                        lim->max_table_page);
    *from = (uint64_t)first;
    *up_to = (uint64_t)last;
    return 0;
}
