/* types/octal.c - take-and-break games by their code: "code" and "heaps", moves
 * {"heap","take","leave"}; the table is the ruleset's (a period proved where the theorem
 * applies). */
#include <stdlib.h>
#include <string.h>

#include "api_heaps.h"
#include "api_json.h"
#include "core/nb_util.h"
#include "games/octal/nb_octal.h"

static int octal_decode(json_t *obj, const char *base, const api_limits *lim, api_game *g,
                        api_problem *p)
{
    (void)lim;
    nb_octal_params *params = nb_xcalloc(1, sizeof *params);
    g->game = (nb_game){.rules = &nb_octal, .params = params};
    char ptr[160];
    api_path(ptr, sizeof ptr, base, "code");
    json_t *code = api_require(obj, base, "code", p);
    if (!code)
        return p->status;
    if (!json_is_string(code))
        return api_fail(p, 400, ptr, "code must be a string such as \"0.77\", got %s",
                        API_GOT(code));
    nb_err err = {0};
    if (nb_octal_parse(json_string_value(code), &params->rule, &err) != NB_OK)
        return api_game_fail(p, g, base, &err);
    return api_heaps_decode(obj, base, g, p);
}

/* {heap, take, count, a, b, c}: "heap":h,"take":j,"leave":[...] (ascending) */
static void octal_write(api_move_writer *w, const nb_move *m, const uint64_t *after, size_t len,
                        api_buf *b)
{
    (void)w, (void)after, (void)len;
    api_put_lit_uint(b, "\"heap\":", m->w[0]);
    api_put_lit_int64(b, ",\"take\":", m->w[1]);
    api_put_lit(b, ",\"leave\":[");
    for (uint64_t k = 0; k < m->w[2]; k++) {
        if (k)
            api_put_lit(b, ",");
        api_put_int64(b, m->w[3 + k]);
    }
    api_put_lit(b, "]");
}

static nb_status octal_values(nb_solver *s, void *params, uint64_t from, uint64_t up_to,
                              nb_sequence *out, nb_err *err)
{
    return nb_octal_sequence(s, params, from, up_to, out, err);
}

static int octal_table(nb_solver *s, const api_game *g, json_t *req, const api_limits *lim,
                       json_t **out, api_problem *p)
{
    return api_sequence_table(s, g, req, lim, octal_values, out, p);
}

/* A random code: d0 0, 4, 8 or C (most often 0), one to three digits, octal half the
 * time and hexadecimal else, some with '!', one in three with its last digits repeating;
 * small heaps for the brute-force solver. */
static json_t *octal_sample(api_rng *r, bool small)
{
    static const char hex[] = "0123456789ABCDEF";
    char code[24];
    size_t at = 0, digits = 1 + api_rng_below(r, 3), group = 1 + api_rng_below(r, 6);
    bool wide = api_rng_below(r, 2);
    code[at++] = "0048C"[api_rng_below(r, 5)];
    if (api_rng_below(r, 4) == 0)
        code[at++] = "!?="[api_rng_below(r, 3)];
    code[at++] = '.';
    for (size_t j = 1; j <= digits; j++) {
        if (j == group)
            code[at++] = '[';
        code[at++] = hex[api_rng_below(r, wide ? 16 : 8)];
        if (api_rng_below(r, 5) == 0)
            code[at++] = "!?="[api_rng_below(r, 3)];
    }
    if (group <= digits)
        code[at++] = ']';
    code[at] = '\0';
    return json_pack("{s:s, s:s, s:o}", "type", "octal", "code", code, "heaps",
                     api_sample_ints(r, small ? 2 : 3, small ? 5 : 7));
}

static const char *const octal_limits[] = {"max_parts", "max_table", "max_table_page",
                                           "max_work", "max_states", NULL};

static const char *const octal_words[] = {"heap", "take", "leave", "leave/0", "leave/1",
                                          "leave/2", NULL};

/* The ways a move that takes j from a heap of n may leave heaps, as words {count, a, b,
 * c} into `one` (the last found): at most 2 counted, enough to tell one from several. */
static int leave_ways(const nb_octal_rule *r, uint64_t n, uint64_t j, uint64_t one[4])
{
    uint8_t d = j <= n && j <= nb_octal_reach(r, n) ? nb_octal_digit(r, j) : 0;
    uint8_t mk = nb_octal_mark(r, j);
    uint64_t m = n - (j <= n ? j : n);
    int ways = 0;
    if ((d & 1) && m == 0)
        ways++, one[0] = 0;
    if ((d & 2) && m > 0)
        ways++, one[0] = 1, one[1] = m;
    for (uint64_t a = mk == NB_MARK_EQUAL ? m / 2 : 1; (d & 4) && a && 2 * a <= m && ways < 2; a++)
        if (nb_octal_leaves(mk, 2, a, m - a, 0))
            ways++, one[0] = 2, one[1] = a, one[2] = m - a;
    for (uint64_t a = mk == NB_MARK_EQUAL ? m / 3 : 1; (d & 8) && a && 3 * a <= m && ways < 2; a++)
        for (uint64_t b = a; 2 * b <= m - a && ways < 2; b++)
            if (nb_octal_leaves(mk, 3, a, b, m - a - b))
                ways++, one[0] = 3, one[1] = a, one[2] = b, one[3] = m - a - b;
    return ways;
}

/* Words {heap, take, count, a, b, c}; leave may be left out where it has one value. */
static int octal_read(const api_game *g, json_t *move, const char *base, nb_state *words,
                      api_problem *p)
{
    if (api_member_words_of(move, base, api_take_words, words, p))
        return p->status;
    char ptr[API_PATH_BYTES];
    api_path(ptr, sizeof ptr, base, "leave");
    json_t *leave = json_object_get(move, "leave");
    uint64_t heap = words->w[0], take = words->w[1], *left = NULL, one[4] = {0};
    size_t count = 0;
    if (leave && api_member_int_array(move, base, "leave", 0, INT64_MAX, &left, &count, p))
        return p->status;
    if (leave && count > 3) {
        free(left);
        return api_fail(p, 400, ptr, "a move leaves at most three heaps");
    }
    if (!leave && heap < g->game.len) {
        const nb_octal_params *params = g->game.params;
        int ways = leave_ways(&params->rule, g->game.state[heap], take, one);
        if (ways > 1)
            return api_fail(p, 400, ptr, "taking %llu from heap %llu may leave heaps in more "
                            "than one way: leave says which", (unsigned long long)take,
                            (unsigned long long)heap);
        count = ways ? one[0] : 0;
        left = nb_xmalloc(3 * sizeof *left);
        memcpy(left, one + 1, 3 * sizeof *left);
    }
    nb_state_resize(words, 3 + count);
    words->w[2] = count;
    for (size_t k = 0; k < count; k++)
        words->w[3 + k] = left[k];
    free(left);
    return 0;
}

const api_type api_type_octal = {
    .name = "octal",
    .title = "Kayles",
    .rules_text = "Knock down pins as the code allows (Kayles, 0.77: one pin or two neighbours, "
                  "which may split a row in two). Whoever cannot move loses.",
    .rules = &nb_octal,
    .fields = (const char *const[]){"heaps", "code", NULL},
    .int64 = (const char *const[]){"heaps", NULL},
    .position = "{\"heaps\":[]}",
    .limits = octal_limits,
    .misere = true,
    .methods = (const char *const[]){"sg-theorem", "table", "period", "arithmetic-period",
                                     "misere-quotient", "search", NULL},
    .moves_complete = false,
    .heavy = true,
    .decode = octal_decode,
    .sample = octal_sample,
    .write_move = octal_write,
    .read_move = octal_read,
    .move_words = octal_words,
    .write_state = api_put_int_state,
    .table = octal_table,
    .summary = "take j counters from one heap, leaving what digit j of the code allows: "
               "bit 1 no heap, bit 2 one heap, bit 4 two heaps, bit 8 three heaps",
    .field_docs = "{\"heaps\":\"array of heap sizes, integers 0..2^63-1\","
                  "\"code\":\"take-and-break code d0.d1d2...: d0 0, 4, 8 or C (splits "
                  "that take nothing), then 1 to 32 hex digits (or heap counts in braces, "
                  "{0,2}); one mark after a digit restricts the heaps it leaves: '!' pairwise "
                  "unequal (4!.0 is Grundy's game), '?' not all equal, '=' all equal; a group "
                  "in brackets at the end repeats for ever (4.[3] is Lasker's Nim)\"}",
    .example = "{\"type\":\"octal\",\"code\":\"0.77\",\"heaps\":[5,8,1000000000000000000]}",
};
