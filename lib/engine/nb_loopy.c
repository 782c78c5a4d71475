/* nb_loopy.c - the generalized Sprague-Grundy function of a graph with cycles, and one
 * token's retrograde analysis: both iterative, over predecessor lists. */
#include "engine/nb_loopy.h"

#include <stdlib.h>

#include "core/nb_util.h"

#define UNLABELLED (UINT32_MAX - 1)

static bool open_node(uint32_t g) { return g >= UNLABELLED; } /* unlabelled or ∞ */

/* Fraenkel and Yesha's labelling (JCTA 43, 1986, after Smith 1966), round i = 0, 1, ...:
 *   1. while some unlabelled u has no follower labelled i, and each follower of u that is
 *      unlabelled or ∞ has a follower labelled i: label u with i (its counter is the
 *      number of labels given before);
 *   2. label ∞ every unlabelled node with no follower labelled i (it can never get a
 *      finite value: its mex would be at most i);
 * until no node is unlabelled. Then γ(u) = i is the mex of u's followers' values and
 * every follower v of u with γ(v) > i or ∞ has a follower w with γ(w) = i and
 * counter(w) < counter(u) (v was covered by w before u was labelled): the reversal that
 * Smith's strategy answers with. Counters grow with γ, since labels are given round by
 * round. Step 1 runs like retrograde analysis: cnt[u] counts u's edges to open
 * (unlabelled or ∞) followers not yet covered in this round; u qualifies when it reaches
 * 0 while u itself is uncovered. */
bool nb_gamma(size_t n, const uint32_t *off, const uint32_t *pred, uint32_t *gamma,
              uint32_t *counter, uint64_t max_work, nb_budget *budget)
{
    uint32_t *cnt = nb_xmalloc_large((n + 1) * sizeof *cnt);
    uint32_t *covered = nb_xcalloc_large(n + 1, sizeof *covered); /* the round's stamp */
    uint32_t *queue = nb_xmalloc_large((n + 1) * sizeof *queue);
    for (size_t v = 0; v < n; v++)
        gamma[v] = UNLABELLED;
    size_t unlabelled = n;
    uint32_t order = 0;
    uint64_t work = 0;
    for (uint32_t round = 0; unlabelled && work <= max_work && !nb_budget_spent_now(budget);
         round++) {
        uint32_t stamp = round + 1;
        for (size_t u = 0; u < n; u++)
            cnt[u] = 0;
        for (size_t x = 0; x < n; x++)
            if (open_node(gamma[x])) {
                for (uint32_t e = off[x]; e < off[x + 1]; e++)
                    cnt[pred[e]] += gamma[pred[e]] == UNLABELLED;
                work += off[x + 1] - off[x];
            }
        size_t tail = 0;
        for (size_t u = 0; u < n; u++)
            if (gamma[u] == UNLABELLED && !cnt[u])
                queue[tail++] = (uint32_t)u;
        for (size_t head = 0; head < tail; head++) {
            uint32_t u = queue[head];
            if (gamma[u] != UNLABELLED || covered[u] == stamp)
                continue;
            gamma[u] = round;
            counter[u] = order++;
            unlabelled--;
            for (uint32_t e = off[u]; e < off[u + 1]; e++) {
                uint32_t p = pred[e];
                if (!open_node(gamma[p]) || covered[p] == stamp)
                    continue;
                covered[p] = stamp; /* p now has a follower labelled `round` */
                for (uint32_t f = off[p]; f < off[p + 1]; f++) {
                    uint32_t q = pred[f];
                    if (gamma[q] == UNLABELLED && !--cnt[q] && covered[q] != stamp)
                        queue[tail++] = q;
                }
                work += off[p + 1] - off[p];
            }
            work += off[u + 1] - off[u];
        }
        for (size_t u = 0; u < n; u++)
            if (gamma[u] == UNLABELLED && covered[u] != stamp) {
                gamma[u] = NB_GAMMA_INFINITE;
                unlabelled--;
            }
        work += 3 * (uint64_t)n;
    }
    free(queue);
    free(covered);
    free(cnt);
    return !unlabelled;
}

#define UNDECIDED 3

/* From the ends (remoteness 0), then the wins at once (1), backwards in order of
 * remoteness: a node with a lost follower is won, one more than the first such (the
 * winner hurries); a node whose followers are all won is lost, one more than the last of
 * them (the loser delays); the rest are drawn. The queue holds nodes in nondecreasing
 * remoteness. */
void nb_retrograde(size_t n, const uint32_t *off, const uint32_t *pred, nb_verdict at_end,
                   const uint8_t *wins_now, uint8_t *outcome, uint32_t *remoteness)
{
    uint32_t *left = nb_xcalloc_large(n + 1, sizeof *left); /* followers not yet won */
    uint32_t *queue = nb_xmalloc_large((n + 1) * sizeof *queue);
    for (uint32_t e = 0; e < off[n]; e++)
        left[pred[e]]++;
    size_t tail = 0;
    for (size_t v = 0; v < n; v++) {
        bool end = !left[v] && !(wins_now && wins_now[v]);
        outcome[v] = end ? at_end : UNDECIDED;
        remoteness[v] = 0;
        if (end)
            queue[tail++] = (uint32_t)v;
    }
    for (size_t v = 0; wins_now && v < n; v++)
        if (wins_now[v]) {
            outcome[v] = NB_WIN;
            remoteness[v] = 1;
            queue[tail++] = (uint32_t)v;
        }
    for (size_t head = 0; head < tail; head++) {
        uint32_t v = queue[head];
        for (uint32_t e = off[v]; e < off[v + 1]; e++) {
            uint32_t p = pred[e];
            if (outcome[p] != UNDECIDED || (outcome[v] == NB_WIN && --left[p]))
                continue;
            outcome[p] = outcome[v] == NB_LOSE ? NB_WIN : NB_LOSE;
            remoteness[p] = remoteness[v] + 1;
            queue[tail++] = p;
        }
    }
    for (size_t v = 0; v < n; v++)
        if (outcome[v] == UNDECIDED)
            outcome[v] = NB_DRAW;
    free(queue);
    free(left);
}
