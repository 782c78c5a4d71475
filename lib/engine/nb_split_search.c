/* nb_split_search.c - the line table, the split's state and the stop of the games whose
 * positions split into parts valued by a table or a search (nb_split_search.h). */
#include "engine/nb_split_search.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

nb_status nb_split_search_begin(nb_split_search *ss, nb_solver *s, const nb_octal_rule *rule,
                                uint64_t longest, size_t words, nb_err *err)
{
    nb_key key = nb_octable_key(rule);
    nb_octable_need need = {longest, true, s->limits.max_table, s->limits.max_work, rule,
                            s->budget};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_octable_kind, &need, &c, err);
    if (st != NB_OK)
        return st;
    *ss = (nb_split_search){.line = (const nb_octable *)c, .words = words,
                            .state = nb_xcalloc(words + 1, sizeof *ss->state),
                            .max_states = s->limits.max_states, .budget = s->budget};
    return NB_OK;
}

void nb_split_search_end(nb_split_search *ss, nb_solver *s)
{
    nb_table_release(s, &ss->line->base);
    nb_budget_drop(ss->budget, ss->held);
    free(ss->state);
    *ss = (nb_split_search){0};
}

uint64_t nb_split_search_line(nb_split_search *ss, uint64_t n)
{
    uint64_t v = 0;
    if (!nb_octable_value(ss->line, n, &v) && ss->status == NB_OK)
        ss->status = NB_ELIMIT, ss->past_table = true;
    return v;
}

bool nb_split_search_same(nb_split_search *ss, const uint64_t *state)
{
    if (ss->made && !memcmp(ss->state, state, ss->words * sizeof *state))
        return true;
    memcpy(ss->state, state, ss->words * sizeof *state);
    ss->made = true;
    return false;
}

nb_status nb_split_search_fail(nb_split_search *ss, nb_solver *s, const char *line, int field,
                               const char *what, const char *units, nb_err *err)
{
    nb_status st = ss->status;
    bool past_table = ss->past_table;
    ss->status = NB_OK, ss->past_table = false;
    if (st == NB_ECANCELLED)
        return nb_budget_fail(s->budget, err);
    if (past_table)
        return nb_fail(err, NB_ELIMIT, "%s, the limit max_table=%llu", line,
                       (unsigned long long)s->limits.max_table);
    return nb_fail_field(err, NB_ELIMIT, field, NB_NO_INDEX, NB_NO_INDEX,
                         "%s more than the limit max_states=%llu %s", what,
                         (unsigned long long)s->limits.max_states, units);
}
