/* nb_token_quotient.c - misère play of tokens on an acyclic graph through a misère
 * quotient. A token on a node is a game whose options are the tokens on the node's
 * successors, and a position is the sum of its tokens; Plambeck and Siegel's quotient is
 * defined for any set of games closed under options and sums, so the nodes the tokens can
 * reach, numbered successors first, serve as the quotient's parts (nb_quotient.c grows
 * and certifies it exactly as for heaps). The position is lost exactly when the product
 * of its tokens' elements lies in the P-portion; a move is winning exactly when the
 * product with the moved token's new element does (prefix and suffix products). */
#include "engine/nb_token_quotient.h"

#include <stdlib.h>

#include "core/nb_util.h"
#include "theory/nb_quotient.h"

#define ON_PATH UINT32_MAX

/* Numbers the nodes the tokens reach in postorder (every successor before its node) from
 * 1 into part[] (0: not reached), node_of[] the inverse; returns how many. An iterative
 * depth-first search: stack and next (each node's next edge) hold one entry a level. */
static uint32_t number_parts(const nb_token_graph *gr, const uint64_t *tokens, size_t len,
                             uint32_t *part, uint32_t *node_of, uint32_t *stack,
                             uint32_t *next)
{
    uint32_t count = 0;
    for (size_t t = 0; t < len; t++) {
        uint32_t root = (uint32_t)tokens[t];
        if (part[root])
            continue;
        size_t depth = 1;
        stack[0] = root, next[0] = gr->offsets[root], part[root] = ON_PATH;
        while (depth) {
            uint32_t u = stack[depth - 1];
            if (next[depth - 1] < gr->offsets[u + 1]) {
                uint32_t v = gr->targets[next[depth - 1]++];
                if (!part[v]) /* ON_PATH cannot be met: no cycle is reachable */
                    stack[depth] = v, next[depth] = gr->offsets[v], part[v] = ON_PATH, depth++;
            } else {
                part[u] = ++count, node_of[count] = u, depth--;
            }
        }
    }
    return count;
}

static nb_status answer(const nb_token_graph *gr, const uint64_t *tokens, size_t len,
                        const nb_quotient *q, const uint32_t *part, nb_analysis *out)
{
    uint32_t *e = nb_xmalloc((2 * len + 1) * sizeof *e), *rest = e + len;
    for (size_t t = 0; t < len; t++)
        e[t] = q->phi[part[tokens[t]]];
    nb_quotient_decide(q, nb_quotient_rests(q, e, len, rest), out);
    bool room = true;
    for (size_t t = 0; t < len && room && out->verdict == NB_WIN; t++) {
        uint32_t u = (uint32_t)tokens[t];
        for (uint32_t k = gr->offsets[u]; k < gr->offsets[u + 1] && room; k++) {
            uint32_t v = gr->targets[k];
            if (!q->lost[nb_quotient_mul(q, rest[t], q->phi[part[v]])])
                continue;
            uint64_t slide[3] = {t, u, v};
            room = nb_movelist_push(&out->moves, &(nb_move){.len = 3, .w = slide});
        }
    }
    free(e);
    return NB_OK;
}

nb_status nb_token_quotient(const nb_token_graph *gr, const uint64_t *tokens, size_t len,
                            uint64_t slice, nb_solver *s, nb_analysis *out, nb_err *err)
{
    /* the numbering's four arrays a node, then the parts' options: held of the budget */
    uint64_t held = 4 * 5 * ((uint64_t)gr->nodes + 2) + 4 * (uint64_t)gr->offsets[gr->nodes];
    if (!nb_budget_hold(s->budget, held))
        return nb_budget_fail(s->budget, err);
    uint32_t *part = nb_xcalloc(gr->nodes, sizeof *part);
    uint32_t *node_of = nb_xmalloc((gr->nodes + 1) * sizeof *node_of);
    uint32_t *stack = nb_xmalloc(2 * (gr->nodes + 1) * sizeof *stack);
    uint32_t count = number_parts(gr, tokens, len, part, node_of, stack, stack + gr->nodes + 1);
    nb_status st = NB_EDECLINED;
    if (count < NB_QUOTIENT_MAX_HEAPS) {
        /* the parts' successor lists, by part number (every successor numbered below) */
        uint32_t *off = nb_xmalloc(((size_t)count + 2) * sizeof *off), *succ = NULL;
        size_t edges = 0;
        for (uint32_t p = 1; p <= count; p++)
            edges += gr->offsets[node_of[p] + 1] - gr->offsets[node_of[p]];
        succ = nb_xmalloc((edges + 1) * sizeof *succ);
        off[0] = off[1] = 0;
        for (uint32_t p = 1, k = 0; p <= count; p++) {
            for (uint32_t i = gr->offsets[node_of[p]]; i < gr->offsets[node_of[p] + 1]; i++)
                succ[k++] = part[gr->targets[i]];
            off[p + 1] = k;
        }
        nb_quotient_graph graph = {(uint64_t)count + 1, off, succ, NULL};
        nb_quotient_growth how = {.slice = slice};
        nb_quotient_need need = {count, NB_QUOTIENT_MAX_ORDER, s->limits.max_work, NULL,
                                 s->budget, &graph, &how};
        nb_quotient *q = NULL;
        st = nb_quotient_build(&need, &q, err);
        if (st == NB_OK && q->n > count)
            st = answer(gr, tokens, len, q, part, out);
        else if (st == NB_OK)
            st = nb_fail(err, NB_EDECLINED, "%s", "the quotient does not cover every node");
        if (q)
            q->base.destroy(&q->base);
        free(off), free(succ);
    } else {
        st = nb_fail(err, NB_EDECLINED, "%s", "too many nodes for a quotient");
    }
    free(part), free(node_of), free(stack);
    nb_budget_drop(s->budget, held);
    return st;
}
