/* nb_analysis.c - bounded move lists and the analysis that owns one. */
#include <stdlib.h>
#include <string.h>

#include "nb_game.h"
#include "nb_util.h"

void nb_movelist_init(nb_movelist *list, size_t limit)
{
    list->items = NULL;
    list->len = list->cap = 0;
    list->limit = limit;
    list->truncated = false;
}

bool nb_movelist_push(nb_movelist *list, const nb_move *move)
{
    if (list->len >= list->limit) {
        list->truncated = true;
        return false;
    }
    nb_reserve((void **)&list->items, &list->cap, list->len + 1, sizeof *list->items);
    nb_move *copy = &list->items[list->len++];
    *copy = *move;
    if (move->ntakes) {
        copy->takes = nb_xmalloc(move->ntakes * sizeof *move->takes);
        memcpy(copy->takes, move->takes, move->ntakes * sizeof *move->takes);
    }
    return true;
}

void nb_movelist_free(nb_movelist *list)
{
    for (size_t i = 0; i < list->len; i++)
        free(list->items[i].takes);
    free(list->items);
    nb_movelist_init(list, list->limit);
}

void nb_analysis_free(nb_analysis *a)
{
    free(a->components);
    a->components = NULL;
    a->ncomponents = 0;
    nb_movelist_free(&a->moves);
}

void nb_components_per_part(const nb_game *g, const uint64_t *sg, nb_analysis *out)
{
    out->ncomponents = g->rules->part_count(g);
    out->components = nb_xcalloc(out->ncomponents, sizeof *out->components);
    for (size_t i = 0; sg && i < out->ncomponents; i++) {
        out->components[i].has_sg = sg[i] != NB_SG_WIN_NOW;
        out->components[i].sg = sg[i];
    }
}

bool nb_keep_if_target(void *filter, const nb_move *move, uint64_t value)
{
    nb_target_filter *f = filter;
    return value != f->target || nb_movelist_push(f->out, move);
}
