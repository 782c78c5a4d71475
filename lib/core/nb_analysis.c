/* nb_analysis.c - bounded move lists, growing states and the analysis that owns them. */
#include "core/nb_analysis.h"

#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"

void nb_movelist_init(nb_movelist *list, size_t limit)
{
    *list = (nb_movelist){.limit = limit};
}

bool nb_movelist_push(nb_movelist *list, const nb_move *move)
{
    if (list->len >= list->limit) {
        list->truncated = true;
        return false;
    }
    nb_reserve((void **)&list->items, &list->cap, list->len + 1, sizeof *list->items);
    size_t need = list->nwords + move->len + 1; /* room for eight such moves at first */
    nb_reserve((void **)&list->words, &list->wcap, list->wcap ? need : 8 * need,
               sizeof *list->words);
    list->items[list->len++] = (struct nb_move_slot){move->component, list->nwords, move->len,
                                                     move->wins_now};
    if (move->len)
        memcpy(list->words + list->nwords, move->w, move->len * sizeof *move->w);
    list->nwords += move->len;
    return true;
}

nb_move nb_movelist_at(const nb_movelist *list, size_t i)
{
    const struct nb_move_slot *s = &list->items[i];
    return (nb_move){s->component, s->wins_now, s->len, list->words + s->at};
}

void nb_movelist_free(nb_movelist *list)
{
    free(list->items);
    free(list->words);
    nb_movelist_init(list, list->limit);
}

void nb_state_resize(nb_state *s, size_t len)
{
    nb_reserve((void **)&s->w, &s->cap, len + 1, sizeof *s->w);
    s->len = len;
}

const char *nb_method_name(nb_method m)
{
    static const char *const names[] = {
        [NB_METHOD_UNSET] = "",
        [NB_METHOD_SG_THEOREM] = "sg-theorem",
        [NB_METHOD_CLOSED_FORM] = "closed-form",
        [NB_METHOD_PERIOD] = "period",
        [NB_METHOD_TABLE] = "table",
        [NB_METHOD_MISERE_NIM] = "misere-nim",
        [NB_METHOD_GENUS] = "genus",
        [NB_METHOD_MISERE_QUOTIENT] = "misere-quotient",
        [NB_METHOD_RETROGRADE] = "retrograde",
        [NB_METHOD_SEARCH] = "search",
        [NB_METHOD_ARITHMETIC_PERIOD] = "arithmetic-period",
    };
    return m <= NB_METHOD_ARITHMETIC_PERIOD ? names[m] : "";
}

void nb_analysis_free(nb_analysis *a)
{
    for (size_t i = 0; i < a->ncomponents; i++)
        if (a->components[i].followers) /* only loopy parts have them: no call for the rest */
            free(a->components[i].followers);
    free(a->components);
    a->components = NULL;
    a->ncomponents = 0;
    nb_movelist_free(&a->moves);
    nb_movelist_free(&a->drawing);
    free(a->element);
    a->element = NULL;
}

bool nb_keep_if_target(void *filter, const nb_move *move, uint64_t value)
{
    nb_target_filter *f = filter;
    return value != f->target || nb_movelist_push(f->out, move);
}
