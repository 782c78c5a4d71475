/* api_quotient.c - POST /v1/quotient: the misère quotient of a take-and-break ruleset, or
 * of Notakto's boards of one size, as JSON (order, P-portion, tame or not, generators and
 * relations, elements as words, the pretending function with its period and the heaps it
 * is exact for, or the boards the generators stand for; the table on request). */
#include "api_quotient.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_json.h"
#include "api_problem.h"
#include "api_types.h"
#include "api_write.h"
#include "engine/nb_solver.h"
#include "games/notakto/nb_notaktotable.h"
#include "games/octal/nb_octal.h"
#include "theory/nb_quotient.h"

static json_t *word_json(const nb_quotient *q, uint32_t x)
{
    char *w = nb_quotient_word(q, x);
    json_t *text = json_string(w);
    free(w);
    return text;
}

/* Whether the relation w_z g_k = w_zk, applied inside w_x g_k (w_x = w_z + d), gives the
 * shortest word of x g_k at once: then the relation for x is implied. */
static bool implied(const nb_quotient *q, uint32_t z, uint32_t x, uint32_t xg, uint32_t zg)
{
    const uint8_t *wz = q->word + (size_t)z * q->gens, *wx = q->word + (size_t)x * q->gens;
    const uint8_t *wzg = q->word + (size_t)zg * q->gens, *wxg = q->word + (size_t)xg * q->gens;
    for (size_t j = 0; j < q->gens; j++)
        if (wz[j] > wx[j] || wx[j] - wz[j] + wzg[j] != wxg[j])
            return false;
    return true;
}

/* The generators' letters, and a presentation: for each element's
 * shortest word w and generator g whose product is not itself the shortest word of w g,
 * the relation w g = (that word), unless an earlier relation of g applied inside w g
 * gives it at once. Every word rewrites to its element's shortest word through them, one
 * generator at a time: the presentation is complete. */
static bool put_presentation(const nb_quotient *q, nb_budget *budget, json_t *answer)
{
    json_t *gens = json_array(), *rel = json_array();
    uint32_t *gen = calloc(q->gens + 1, sizeof *gen);
    uint32_t *kept = calloc((size_t)q->order * (q->gens + 1) + 1, sizeof *kept); /* z ids */
    size_t *nkept = calloc(q->gens + 1, sizeof *nkept);
    uint8_t *lhs = calloc(q->gens + 1, 1);
    for (size_t k = 0; gen && kept && nkept && lhs && k < q->gens; k++) {
        nb_quotient_phi(q, q->gen_heap[k], &gen[k]);
        json_array_append_new(gens, word_json(q, gen[k]));
    }
    bool spent = false;
    for (size_t k = 0; gen && kept && nkept && lhs && k < q->gens && !spent; k++)
        for (uint32_t x = 0; x < q->order && !(spent = nb_budget_spent(budget)); x++) {
            uint32_t y = nb_quotient_mul(q, x, gen[k]);
            const uint8_t *wx = q->word + (size_t)x * q->gens, *wy = q->word + (size_t)y * q->gens;
            bool normal = true; /* whether w_x g is w_y letter for letter */
            for (size_t j = 0; j < q->gens && normal; j++)
                normal = wy[j] == wx[j] + (j == k);
            uint32_t *zs = kept + (size_t)k * q->order;
            for (size_t i = 0; i < nkept[k] && !normal; i++)
                normal = implied(q, zs[i], x, y, nb_quotient_mul(q, zs[i], gen[k]));
            if (normal)
                continue;
            zs[nkept[k]++] = x;
            memcpy(lhs, wx, q->gens);
            lhs[k]++;
            char *left = nb_quotient_exponents_word(lhs, q->gens), *right = nb_quotient_word(q, y);
            json_t *text = json_sprintf("%s=%s", left, right);
            free(left), free(right);
            bool seen = false; /* w g = v found again from the other letter's side */
            for (size_t i = 0; i < json_array_size(rel) && !seen; i++)
                seen = json_equal(json_array_get(rel, i), text);
            if (!seen)
                json_array_append(rel, text);
            json_decref(text);
        }
    free(gen), free(kept), free(nkept), free(lhs);
    json_object_set_new(answer, "generators", gens);
    json_object_set_new(answer, "relations", rel);
    return !spent;
}

/* What every quotient's answer holds (after its type's own members, in `a`): status,
 * order, P-portion, tameness, presentation, elements, and the table when asked. False
 * when the budget ran out while the presentation was written. */
static bool put_quotient(const nb_quotient *q, bool proved, bool with_table, nb_budget *budget,
                         json_t *a)
{
    json_object_set_new(a, "status", json_string(proved ? "proved" : "partial"));
    json_object_set_new(a, "order", json_integer(q->order));
    json_object_set_new(a, "p_size", json_integer(nb_quotient_p_size(q)));
    json_object_set_new(a, "tame", json_boolean(nb_quotient_is_tame(q)));
    if (!put_presentation(q, budget, a))
        return false;
    json_t *elements = json_array();
    for (uint32_t x = 0; x < q->order; x++)
        json_array_append_new(elements, json_pack("{s:I, s:o, s:b}", "id", (json_int_t)x, "word",
                                                  word_json(q, x), "p", q->lost[x]));
    json_object_set_new(a, "elements", elements);
    if (with_table) {
        json_t *rows = json_array();
        for (uint32_t x = 0; x < q->order; x++) {
            json_t *row = json_array();
            for (uint32_t y = 0; y < q->order; y++)
                json_array_append_new(row, json_integer(nb_quotient_mul(q, x, y)));
            json_array_append_new(rows, row);
        }
        json_object_set_new(a, "table", rows);
    }
    return true;
}

/* A take-and-break ruleset's answer, or NULL when the budget ran out. */
static json_t *heaps_json(const nb_quotient *q, const char *type, bool with_table,
                          nb_budget *budget)
{
    json_t *a = json_object();
    json_object_set_new(a, "type", json_string(type));
    if (!strcmp(type, "octal")) {
        char code[NB_OCTAL_CODE_MAX];
        nb_octal_code(&q->rule, code);
        json_object_set_new(a, "code", json_string(code));
    }
    if (!put_quotient(q, q->proved, with_table, budget, a)) {
        json_decref(a);
        return NULL;
    }
    json_t *heaps = json_array();
    for (size_t k = 0; k < q->gens; k++)
        json_array_append_new(heaps, json_integer((json_int_t)q->gen_heap[k]));
    json_object_set_new(a, "generator_heaps", heaps);
    json_t *values = json_array();
    for (uint64_t h = 0; h < q->n; h++)
        json_array_append_new(values, json_integer(q->phi[h]));
    json_object_set_new(a, "pretending",
                        json_pack("{s:o, s:o, s:o}", "values", values, "preperiod",
                                  q->proved ? json_integer((json_int_t)q->phi_preperiod)
                                            : json_null(),
                                  "period",
                                  q->proved ? json_integer((json_int_t)q->period) : json_null()));
    json_object_set_new(a, "exact_up_to", json_integer((json_int_t)q->n - 1));
    if (q->stop && !q->proved)
        json_object_set_new(a, "stopped_by", json_string(q->stop));
    return a;
}

/* A board of side k as its string. */
static json_t *board_json(unsigned k, uint32_t board)
{
    char text[NB_NOTAKTO_MAX_SIDE * NB_NOTAKTO_MAX_SIDE + 1];
    for (unsigned c = 0; c < k * k; c++)
        text[c] = board >> c & 1 ? 'X' : '.';
    text[k * k] = '\0';
    return json_string(text);
}

/* Notakto's answer for boards of one side, or NULL when the budget ran out: the quotient
 * with the board each generator stands for, the live boards up to symmetry, and how many
 * X's a board needs at least for the quotient to cover it (0: every board). */
static json_t *notakto_json(const nb_notaktotable *t, bool with_table, nb_budget *budget)
{
    const nb_quotient *q = t->q;
    bool whole = q->n >= t->parts;
    json_t *a = json_pack("{s:s, s:i}", "type", "notakto", "size", (int)t->k);
    if (!put_quotient(q, whole, with_table, budget, a)) {
        json_decref(a);
        return NULL;
    }
    json_t *boards = json_array();
    for (size_t k = 0; k < q->gens; k++)
        json_array_append_new(boards, board_json(t->k, t->part_board[q->gen_heap[k]]));
    json_object_set_new(a, "generator_boards", boards);
    json_object_set_new(a, "boards", json_integer((json_int_t)t->parts - 1));
    json_object_set_new(a, "boards_covered", json_integer((json_int_t)q->n - 1));
    unsigned least = whole ? 0 : (unsigned)__builtin_popcount(t->part_board[q->n]) + 1;
    json_object_set_new(a, "covers_from_xs", json_integer(least));
    if (!whole)
        json_object_set_new(a, "stopped_by", json_string(t->no_quotient));
    return a;
}

/* Why a quotient stopped short of heap up_to, as a problem naming the limit. */
static int short_of(api_problem *p, const nb_quotient *q, uint64_t up_to, uint64_t max_work)
{
    const char *limit = q->stop ? q->stop : "max_work";
    if (!strcmp(limit, "budget"))
        return api_fail(p, 422, "/up_to", "the misère quotient reached heap %llu of %llu within "
                        "this request's budget (max_request_seconds, max_request_mb)",
                        (unsigned long long)q->n - 1, (unsigned long long)up_to);
    if (!strcmp(limit, "memory"))
        return api_fail(p, 422, "/up_to", "the misère quotient is exact only up to heap %llu: "
                        "no memory to grow it further (heap %llu asked)",
                        (unsigned long long)q->n - 1, (unsigned long long)up_to);
    bool order = !strcmp(limit, "max_quotient");
    return api_fail(p, 422, "/up_to", "the misère quotient is exact only up to heap %llu: its "
                    "growth stopped at the limit %s=%llu (heap %llu asked)",
                    (unsigned long long)q->n - 1, order ? "max_quotient" : "max_work",
                    (unsigned long long)(order ? NB_QUOTIENT_MAX_ORDER : max_work),
                    (unsigned long long)up_to);
}

bool api_quotient_takes(const char *type)
{
    return !strcmp(type, "octal") || !strcmp(type, "grundy") || !strcmp(type, "notakto");
}

/* The problem of a library error at `pointer` (a limit, the budget). */
static int fail_at(api_problem *p, const char *pointer, nb_err *err)
{
    int status = err->status == NB_EINVAL ? 400 : err->status == NB_ECANCELLED ? 503 : 422;
    api_fail(p, status, pointer, "%s", err->msg);
    nb_err_clear(err);
    return status;
}

/* Writes the answer a quotient of `order` elements makes (`make` builds it), or the
 * problem of a table or an answer too big, or of a budget spent. */
static int respond(const api_context *ctx, const api_query *q, uint32_t order,
                   json_t *(*make)(const void *src, const char *type, bool with_table,
                                   nb_budget *budget),
                   const void *src, const char *type, api_buf *out, api_problem *p)
{
    if (q->with_table && (size_t)order * order * 6 > ctx->limits->max_response)
        return api_fail(p, 422, "/", "the multiplication table of %u elements would pass the "
                        "limit max_response_bytes=%zu: ask without table=1", order,
                        ctx->limits->max_response);
    json_t *answer = make(src, type, q->with_table, ctx->solver->budget);
    if (!answer) {
        nb_err err = {0};
        nb_budget_fail(ctx->solver->budget, &err);
        return fail_at(p, "/", &err);
    }
    size_t need_bytes = api_json_bytes(answer);
    int status = 200;
    if (need_bytes > ctx->limits->max_response)
        status = api_fail(p, 422, "/", "the quotient would take %zu bytes, over the limit "
                          "max_response_bytes=%zu", need_bytes, ctx->limits->max_response);
    else
        api_put_object_int64(out, answer, (const char *const[]){"exact_up_to", NULL});
    json_decref(answer);
    return status;
}

static json_t *make_heaps(const void *src, const char *type, bool with_table,
                          nb_budget *budget)
{
    return heaps_json(src, type, with_table, budget);
}

static json_t *make_notakto(const void *src, const char *type, bool with_table,
                            nb_budget *budget)
{
    (void)type;
    return notakto_json(src, with_table, budget);
}

/* {"type":"notakto","size":k}: the quotient of every sum of k x k boards. */
static int notakto_quotient(const api_context *ctx, json_t *body, const api_query *q,
                            api_buf *out, api_problem *p)
{
    int64_t k;
    if (api_check_keys(body, "", (const char *const[]){"type", "size", NULL}, p) ||
        api_member_int(body, "", "size", NB_NOTAKTO_MIN_SIDE, NB_NOTAKTO_MAX_SIDE, &k, p))
        return p->status;
    nb_key key = nb_notaktotable_key((unsigned)k);
    nb_notaktotable_need need = {(unsigned)k, ctx->limits->lib.max_work, ctx->solver->budget};
    const nb_cached *c;
    nb_err err = {0};
    if (nb_table_acquire(ctx->solver, &key, &nb_notaktotable_kind, &need, &c, &err) != NB_OK)
        return fail_at(p, "/size", &err);
    const nb_notaktotable *t = (const nb_notaktotable *)c;
    int status = t->q ? respond(ctx, q, t->q->order, make_notakto, t, "notakto", out, p)
                      : api_fail(p, 422, "/size", "no misère quotient of %u x %u boards: %s",
                                 t->k, t->k, t->no_quotient);
    nb_table_release(ctx->solver, c);
    return status;
}

int api_quotient(const api_context *ctx, json_t *body, const api_query *q, api_buf *out,
                 api_problem *p)
{
    const char *name = json_string_value(json_object_get(body, "type"));
    if (name && !api_quotient_takes(name))
        return api_fail(p, 400, "/type", "misère quotients are computed for take-and-break "
                        "games (octal and grundy) and for notakto, not %s", name);
    if (name && !strcmp(name, "notakto"))
        return notakto_quotient(ctx, body, q, out, p);
    json_t *up = json_object_get(body, "up_to");
    uint64_t up_to = UINT64_MAX;
    if (up) {
        int64_t v;
        if (api_get_int(up, "/up_to", "up_to", 0, INT64_MAX, &v, p))
            return p->status;
        up_to = (uint64_t)v;
        if (up_to >= NB_QUOTIENT_MAX_HEAPS)
            return api_fail(p, 422, "/up_to", "a misère quotient grows over at most %d heaps: "
                            "up_to must be below it", NB_QUOTIENT_MAX_HEAPS);
    }
    api_game g;
    if (api_game_decode(body, "", true, true, ctx->limits, &g, p))
        return p->status;
    const nb_octal_params *params = g.game.params;
    nb_key key = nb_quotient_key(&params->rule);
    nb_quotient_need need = {up_to, NB_QUOTIENT_MAX_ORDER, ctx->limits->lib.max_work,
                             &params->rule, ctx->solver->budget, NULL, NULL};
    const nb_cached *c;
    nb_err err = {0};
    int status;
    if (nb_table_acquire(ctx->solver, &key, &nb_quotient_kind, &need, &c, &err) != NB_OK) {
        status = api_game_fail(p, &g, "", &err);
    } else {
        const nb_quotient *qt = (const nb_quotient *)c;
        if (up_to != UINT64_MAX && !qt->proved && up_to >= qt->n)
            status = short_of(p, qt, up_to, ctx->limits->lib.max_work);
        else
            status = respond(ctx, q, qt->order, make_heaps, qt, g.type->name, out, p);
        nb_table_release(ctx->solver, c);
    }
    api_game_free(&g);
    return status;
}
