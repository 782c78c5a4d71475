/* nb_game.c - the pieces of the game contract that rulesets share. */
#include "engine/nb_game.h"

#include "core/nb_util.h"

nb_method nb_part_method(const nb_game *g, size_t part)
{
    return g->rules->part_method ? g->rules->part_method(g, part) : NB_METHOD_CLOSED_FORM;
}

nb_method nb_parts_method(const nb_game *g)
{
    size_t n = g->rules->part_count(g), arithmetic = 0;
    if (n == 1)
        return nb_part_method(g, 0);
    for (size_t i = 0; i < n && arithmetic == i; i++)
        arithmetic += nb_part_method(g, i) == NB_METHOD_ARITHMETIC_PERIOD;
    /* every part through a proved arithmetic period says so; otherwise the SG theorem */
    return n && arithmetic == n ? NB_METHOD_ARITHMETIC_PERIOD : NB_METHOD_SG_THEOREM;
}

void nb_components_per_part(const nb_game *g, const uint64_t *sg, nb_analysis *out)
{
    out->ncomponents = g->rules->part_count(g);
    out->components = nb_xcalloc(out->ncomponents + 1, sizeof *out->components);
    for (size_t i = 0; sg && i < out->ncomponents; i++) {
        nb_component *c = &out->components[i];
        c->method = nb_part_method(g, i);
        c->has_sg = sg[i] != NB_SG_WIN_NOW && sg[i] != NB_SG_LOOPY;
        c->sg = c->has_sg ? sg[i] : 0;
        if (sg[i] == NB_SG_LOOPY) {
            c->loopy = true;
            g->rules->loopy_followers(g, i, &c->followers, &c->nfollowers);
        }
    }
}
