/* nb_game.c - the pieces of the game contract that rulesets share. */
#include "engine/nb_game.h"

#include "core/nb_util.h"

void nb_components_per_part(const nb_game *g, const uint64_t *sg, nb_analysis *out)
{
    out->ncomponents = g->rules->part_count(g);
    out->components = nb_xcalloc(out->ncomponents + 1, sizeof *out->components);
    for (size_t i = 0; sg && i < out->ncomponents; i++) {
        nb_component *c = &out->components[i];
        c->has_sg = sg[i] != NB_SG_WIN_NOW && sg[i] != NB_SG_LOOPY;
        c->sg = c->has_sg ? sg[i] : 0;
        if (sg[i] == NB_SG_LOOPY) {
            c->loopy = true;
            g->rules->loopy_followers(g, i, &c->followers, &c->nfollowers);
        }
    }
}
