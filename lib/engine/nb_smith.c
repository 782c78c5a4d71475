/* nb_smith.c - the verdict of a sum with loopy parts, by the generalized Sprague-Grundy
 * theorem (Smith 1966; Fraenkel and Yesha, JCTA 43, 1986): a position is lost iff every
 * part is finite with XOR 0; won iff every part is finite with XOR not 0, or exactly one
 * part is infinite, ∞(K), and the XOR a of the others lies in K (move it to a follower
 * of value a); drawn otherwise. */
#include "engine/nb_smith.h"

#include <stdlib.h>

#include "core/nb_util.h"

void nb_smith_init(nb_smith *sm, const nb_game *g, const uint64_t *sg)
{
    *sm = (nb_smith){.g = g, .sg = sg};
    size_t n = g->rules->part_count(g);
    for (size_t p = 0; p < n; p++) {
        if (sg[p] == NB_SG_WIN_NOW) {
            sm->win_now++;
            continue;
        }
        if (sg[p] != NB_SG_LOOPY) {
            sm->x ^= sg[p];
            continue;
        }
        if (sm->loopy < 2) {
            sm->part[sm->loopy] = p;
            g->rules->loopy_followers(g, p, &sm->k[sm->loopy], &sm->nk[sm->loopy]);
        }
        sm->loopy++;
    }
}

void nb_smith_free(nb_smith *sm)
{
    free(sm->k[0]);
    free(sm->k[1]);
}

static bool in_set(uint64_t x, const uint64_t *k, size_t nk)
{
    return bsearch(&x, k, nk, sizeof *k, nb_cmp_u64) != NULL;
}

/* The verdict from how many parts are loopy, the set K of the loopy part when there is
 * one, and the XOR x of the finite parts. */
static nb_verdict rule(size_t loopy, uint64_t x, const uint64_t *k, size_t nk)
{
    if (loopy == 0)
        return x ? NB_WIN : NB_LOSE;
    if (loopy == 1 && in_set(x, k, nk))
        return NB_WIN;
    return NB_DRAW;
}

nb_verdict nb_smith_verdict(const nb_smith *sm)
{
    return sm->win_now ? NB_WIN : rule(sm->loopy, sm->x, sm->k[0], sm->nk[0]);
}

nb_verdict nb_smith_after(const nb_smith *sm, size_t p, const nb_move *m, uint64_t v,
                          bool *has_sg, uint64_t *sg)
{
    *has_sg = false;
    if (m->wins_now)
        return NB_LOSE; /* the game is over: the player then to move lost */
    if (v == NB_SG_WIN_NOW || sm->win_now - (sm->sg[p] == NB_SG_WIN_NOW))
        return NB_WIN; /* a part that wins at once is left to the opponent */
    bool was = sm->sg[p] == NB_SG_LOOPY, now = v == NB_SG_LOOPY;
    size_t loopy = sm->loopy - was + now;
    uint64_t mine = was || sm->sg[p] == NB_SG_WIN_NOW ? 0 : sm->sg[p];
    uint64_t x = sm->x ^ mine ^ (now ? 0 : v);
    *has_sg = loopy == 0;
    *sg = x;
    if (loopy != 1)
        return rule(loopy, x, NULL, 0);
    if (!now) /* the one loopy part left is another: the first, or the second if p was the first */
        return rule(1, x, sm->k[sm->part[0] == p], sm->nk[sm->part[0] == p]);
    nb_state after = {0};
    sm->g->rules->apply(sm->g, m, &after);
    nb_game child = nb_game_view(sm->g, after.w, after.len);
    uint64_t *k;
    size_t nk;
    sm->g->rules->loopy_followers(&child, p, &k, &nk);
    nb_verdict verdict = rule(1, x, k, nk);
    free(k);
    free(after.w);
    return verdict;
}
