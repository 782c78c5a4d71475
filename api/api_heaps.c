/* api_heaps.c - the heap games' shared JSON: heaps, k, take moves, tables. */
#include "api_heaps.h"

#include <stdlib.h>

#include "api_json.h"
#include "core/nb_util.h"

int api_heaps_decode(json_t *obj, const char *base, api_game *g, api_problem *p)
{
    return api_member_int_array(obj, base, "heaps", 0, INT64_MAX, &g->game.state, &g->game.len,
                                p);
}

int api_k_decode(json_t *obj, const char *base, uint64_t *k, api_problem *p)
{
    int64_t v = 0;
    if (api_member_int(obj, base, "k", 0, INT64_MAX, &v, p))
        return p->status;
    *k = (uint64_t)v;
    return 0;
}

void api_put_take(api_buf *b, uint64_t heap, uint64_t take)
{
    api_put_lit_uint(b, "\"heap\":", heap);
    api_put_lit_int64(b, ",\"take\":", take);
}

void api_take_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                    api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_take(b, m->w[0], m->w[1]);
}

const char *const api_take_words[] = {"heap", "take", NULL};

int api_take_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                  api_problem *p)
{
    (void)g;
    return api_member_words_of(move, base, api_take_words, words, p);
}

int api_closed_table(const api_game *g, json_t *req, const api_limits *lim, json_t **out,
                     api_problem *p, uint64_t modulus)
{
    uint64_t from, up_to;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    nb_sequence seq = {.first = from, .count = up_to - from + 1, .has_period = modulus != 0,
                       .period = modulus};
    seq.values = nb_xmalloc(seq.count * sizeof *seq.values);
    for (uint64_t i = 0; i < seq.count; i++)
        seq.values[i] = modulus ? (from + i) % modulus : from + i;
    *out = api_sequence_json(g->type->name, &seq);
    free(seq.values);
    return 0;
}

int api_sequence_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                       api_sequence_fn *values, json_t **out, api_problem *p)
{
    uint64_t from, up_to;
    if (api_get_range(req, lim, &from, &up_to, p))
        return p->status;
    nb_sequence seq;
    nb_err err = {0};
    if (values(s, g->game.params, from, up_to, &seq, &err) != NB_OK)
        return api_game_fail(p, g, "", &err);
    *out = api_sequence_json(g->type->name, &seq);
    free(seq.values);
    return 0;
}
