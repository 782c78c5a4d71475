/* nb_octal.c - octal games and Grundy's game: take j counters from a heap and leave what
 * digit j allows (no heap, one, or two); values from the cached sparse-space table, heaps
 * past it through the proved period. */
#include "games/octal/nb_octal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/nb_util.h"
#include "engine/nb_heaps.h"
#include "engine/nb_sum.h"
#include "engine/nb_tame.h"
#include "theory/nb_arith.h"
#include "theory/nb_octable.h"
#include "theory/nb_quotient.h"
#include "engine/nb_legal.h"

static nb_octal_params *oc_params(const nb_game *g) { return g->params; }

/* The value of hex digit c, or -1. */
static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

static nb_status bad_code(nb_err *err, const char *code, const char *why)
{
    return nb_fail_field(err, NB_EINVAL, 1, NB_NO_INDEX, NB_NO_INDEX,
                         "must be a take-and-break code \"d0.d1d2...\" (\"0.77\", \"4.07\", "
                         "\"0.F\", \"4!.0\", \"4.[3]\"): %s, got \"%.40s\"", why, code);
}

/* One digit at *c: a hex digit, or CGSuite's set of heap counts in braces ("{0,2}" is 5:
 * no heap or two). Its value, or -1 with *why set; *c moves past it. */
static int read_digit(const char **c, const char **why)
{
    int v = hex_value(**c);
    if (v >= 0 || **c != '{') {
        (*c)++;
        if (v < 0)
            *why = "hex digits (or heap counts in braces, {0,2}) after the point";
        return v;
    }
    v = 0;
    for ((*c)++; **c >= '0' && **c <= '9'; (*c)++) {
        if (**c > '3' || ((*c)[1] >= '0' && (*c)[1] <= '9')) {
            *why = "heap counts in braces are 0 to 3: a move leaves at most three heaps";
            return -1;
        }
        v |= 1 << (**c - '0');
        if ((*c)[1] == '+') {
            *why = "a count with '+' ({2+}: any number of heaps) is CGSuite's, and a move "
                   "here leaves at most three heaps: list them ({2,3})";
            return -1;
        }
        if ((*c)[1] == ',')
            (*c)++;
    }
    if (**c != '}' || !v) {
        *why = "heap counts in braces: numbers 0 to 3 separated by commas, {0,2}";
        return -1;
    }
    (*c)++;
    return v;
}

/* The mark after a digit at *c (moved past it): NB_MARK_*, kept only where the digit
 * splits ('?' on a digit that leaves at most two heaps is '!'); -1 for two marks. */
static int read_mark(const char **c, int digit)
{
    const char *marks = "!?=", *at = **c ? strchr(marks, **c) : NULL;
    if (!at)
        return NB_MARK_NONE;
    (*c)++;
    if (**c && strchr(marks, **c))
        return -1;
    int mark = (int)(at - marks) + NB_MARK_UNEQUAL;
    if (!(digit & 12))
        return NB_MARK_NONE; /* it restricts nothing: no move of the digit leaves two heaps */
    return mark == NB_MARK_NOT_ALL && !(digit & 8) ? NB_MARK_UNEQUAL : mark;
}

/* code: [d0 [mark]] '.' {digit [mark]} ['[' digit [mark] {digit [mark]} ']']; a digit a
 * hex digit or heap counts in braces, a mark one of '!' '?' '='; d0 takes nothing, so it
 * has only bits 4 and 8, and left out (".137", as Winning Ways writes it) it is 0. A mark
 * on a digit that leaves at most one heap says nothing and is dropped; a group of zeros
 * repeats nothing and is dropped. */
nb_status nb_octal_parse(const char *code, nb_octal_rule *rule, nb_err *err)
{
    *rule = (nb_octal_rule){0};
    const char *c = code, *why = NULL;
    int d0 = *c == '.' ? 0 : read_digit(&c, &why);
    if (d0 < 0 || (d0 & 3))
        return bad_code(err, code, why ? why : "d0 first, 0, 4, 8 or C (it takes nothing)");
    rule->digit[0] = (uint8_t)d0;
    int mark = read_mark(&c, d0);
    if (mark < 0)
        return bad_code(err, code, "one mark (!, ? or =) at most after a digit");
    rule->mark[0] = (uint8_t)mark;
    if (*c++ != '.')
        return bad_code(err, code, "a point after d0");
    size_t j = 0, group = 0; /* group: the bracket's first digit's index */
    while (*c && *c != ']') {
        if (*c == '[' && !group) {
            group = j + 1;
            c++;
            continue;
        }
        if (j == NB_OCTAL_MAX_DIGITS)
            return bad_code(err, code, "at most 32 digits after the point");
        int v = read_digit(&c, &why);
        if (v < 0)
            return bad_code(err, code, why);
        rule->digit[++j] = (uint8_t)v;
        if ((mark = read_mark(&c, v)) < 0)
            return bad_code(err, code, "one mark (!, ? or =) at most after a digit");
        rule->mark[j] = (uint8_t)mark;
    }
    if (j == 0)
        return bad_code(err, code, "at least one digit after the point");
    if ((group || *c) && (!group || *c != ']' || c[1] || j < group))
        return bad_code(err, code, "a group of digits in brackets may end the code");
    for (size_t k = 0; k <= j; k++)
        if (rule->digit[k])
            rule->last = k;
    if (group && rule->last >= group) /* a group with a nonzero digit repeats */
        rule->tail = group, rule->last = j;
    return NB_OK;
}

/* Acquires the table, grown to answer heap (and the period when asked). */
static nb_status acquire_table(nb_solver *s, const nb_octal_rule *rule, uint64_t heap,
                               bool want_period, const nb_octable **out, nb_err *err)
{
    nb_key key = nb_octable_key(rule);
    nb_octable_need need = {heap, want_period, s->limits.max_table, s->limits.max_work, rule,
                            s->budget};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_octable_kind, &need, &c, err);
    if (st == NB_OK)
        *out = (const nb_octable *)c;
    return st;
}

/* A heap (field 0, element i) or up_to (i = NB_NO_INDEX) the table cannot answer: past
 * max_table, past the values when the search for a period (max_work) found none, or the
 * table stopped short when the request's budget (its time or memory) was spent
 * (cancelled: no field is at fault). The values grown are kept by the cache
 * and the table store: the same request later goes on from them. */
static nb_status past_table(const nb_octable *t, const nb_solver *s, size_t i,
                            uint64_t n, nb_err *err)
{
    if (nb_budget_spent(s->budget)) {
        nb_status st = nb_budget_fail(s->budget, err);
        if (st != NB_ELIMIT)
            return st;
        char why[sizeof err->msg];
        nb_copy_cut(why, sizeof why, err->msg);
        nb_fail(err, NB_ELIMIT, "heap %llu is past the %llu values of the SG table grown within "
                "this request: %s; they are kept, and the same request goes on from them",
                (unsigned long long)n, (unsigned long long)t->n, why);
    } else if (nb_arith_theorem_of(&t->rule) != NB_ARITH_NONE && !t->proved &&
               t->n >= NB_ARITH_SEARCH)
        nb_fail(err, NB_ELIMIT,
                "heap %llu is past the SG table: no arithmetic periodicity (g(n + p) = g(n) + s) "
                "is proved within its first %llu values, where the certificate looks; the "
                "table reaches heaps below %llu", (unsigned long long)n,
                (unsigned long long)t->n, (unsigned long long)t->n);
    else if (!nb_octal_provable(&t->rule) && n >= t->limit)
        nb_fail(err, NB_ELIMIT,
                "heap %llu is past the SG table (limit max_table=%llu): the periodicity theorem "
                "proves no period where %s", (unsigned long long)n,
                (unsigned long long)s->limits.max_table,
                t->rule.tail ? "takes are unbounded (a repeating group) and no arithmetic "
                               "periodicity is proved for this code"
                             : "splits carry a mark ('!', '?' or '=': Grundy's game is 4!.0)");
    else if (t->n >= t->limit)
        nb_fail(err, NB_ELIMIT,
                "heap %llu is past the SG table: no period is proved within its first %llu "
                "values (limit max_table=%llu)", (unsigned long long)n,
                (unsigned long long)t->n, (unsigned long long)s->limits.max_table);
    else
        nb_fail(err, NB_ELIMIT,
                "heap %llu is past the SG table: no period is proved within its first %llu "
                "values, and one request's search for it stops at the limit max_work=%llu "
                "pair tests; the values are kept, and the same request goes on from them",
                (unsigned long long)n, (unsigned long long)t->n,
                (unsigned long long)s->limits.max_work);
    nb_err_blame(err, i == NB_NO_INDEX ? NB_FIELD_UP_TO : 0, i, NB_NO_INDEX);
    return NB_ELIMIT;
}

static nb_status oc_prepare(nb_game *g, nb_solver *s, nb_err *err)
{
    nb_octal_params *p = oc_params(g);
    uint64_t top = nb_heaps_max(g);
    /* a heap past max_table needs the period; so does one past the certificate's search
     * where an arithmetic period may be proved (far cheaper than the values up to it) */
    bool past = top >= s->limits.max_table ||
                (nb_arith_theorem_of(&p->rule) != NB_ARITH_NONE && top >= NB_ARITH_SEARCH);
    nb_status st = acquire_table(s, &p->rule, past ? 0 : top, past, &p->table, err);
    uint64_t v;
    for (size_t i = 0; i < g->len && st == NB_OK; i++)
        if (!nb_octable_value(p->table, g->state[i], &v))
            st = past_table(p->table, s, i, g->state[i], err);
    if (st != NB_OK && p->table) {
        nb_table_release(s, &p->table->base);
        p->table = NULL;
    }
    return st;
}

static void oc_release(nb_game *g, nb_solver *s)
{
    nb_octal_params *p = oc_params(g);
    nb_table_release(s, p->table ? &p->table->base : NULL);
    p->table = NULL;
}

static uint64_t heap_value(const nb_game *g, uint64_t n)
{
    uint64_t v = 0;
    nb_octable_value(oc_params(g)->table, n, &v); /* prepare made every heap answerable */
    return v;
}

/* The state with heap `heap` replaced in place by m's count heaps. */
static void oc_apply(const nb_game *g, const nb_move *m, nb_state *after)
{
    size_t heap = m->w[0], count = m->w[2];
    nb_state_resize(after, g->len - 1 + count);
    memcpy(after->w, g->state, heap * sizeof *after->w);
    for (size_t k = 0; k < count; k++)
        after->w[heap + k] = m->w[3 + k];
    memcpy(after->w + heap + count, g->state + heap + 1,
           (g->len - heap - 1) * sizeof *after->w);
}

/* A heap inside the computed values is read from the table; past them, by the period, or
 * the arithmetic period when it has a saltus. */
static nb_method oc_method(const nb_game *g, size_t part)
{
    const nb_octable *t = oc_params(g)->table;
    if (g->state[part] < t->n)
        return NB_METHOD_TABLE;
    return t->saltus ? NB_METHOD_ARITHMETIC_PERIOD : NB_METHOD_PERIOD;
}

static nb_status oc_values(const nb_game *g, nb_solver *s, uint64_t *sg, nb_err *err)
{
    (void)s, (void)err;
    for (size_t i = 0; i < g->len; i++)
        sg[i] = heap_value(g, g->state[i]);
    return NB_OK;
}

/* Calls fn(ctx, move, value after) for the moves of one heap: by take j ascending, no
 * heap, then one, then the splits a + b by a ascending, then a + b + c (a <= b <= c) by a
 * then b ascending; stops when fn says so. Returns false when it left moves out: past
 * max_work splits, or, on a heap past the proved preperiod, the splits with a part other
 * than the largest above max(preperiod + 2 period, LISTED_SPLITS): taking the period from
 * such a part and giving it to the largest keeps every part in the periodic range and
 * the value, so every value a split can take is still offered. `every`: no such shortcut
 * (the exhaustive search). `valued`: fn is given each move's SG value (else 0: the
 * callers that do not read it spare the lookups). */
#define LISTED_SPLITS 4096 /* parts of a split listed in full below this size */
static bool heap_moves(const nb_game *g, size_t heap, uint64_t max_work, bool every,
                       bool valued, nb_option_fn fn, void *ctx)
{
    const nb_octal_rule *r = &oc_params(g)->rule;
    const nb_octable *t = oc_params(g)->table;
    uint64_t n = g->state[heap], work = 0;
    uint64_t enough = UINT64_MAX; /* the shortcut needs the period */
    if (t && t->proved && !t->saltus && !every) /* a saltus changes the XOR of a shift */
        enough = t->preperiod + 2 * t->period > LISTED_SPLITS ? t->preperiod + 2 * t->period
                                                              : LISTED_SPLITS;
    bool all = true;
    for (uint64_t j = 0; j <= nb_octal_reach(r, n); j++) {
        uint8_t d = nb_octal_digit(r, j), mk = nb_octal_mark(r, j);
        uint64_t w[6] = {heap, j, 0, 0, 0, 0}, m = n - j;
        if (++work > max_work) /* takes are unbounded where the code repeats */
            return false;
        nb_move move = {.len = 3, .w = w};
        if ((d & 1) && m == 0 && !fn(ctx, &move, 0))
            return all;
        w[2] = 1, w[3] = m, move.len = 4;
        if ((d & 2) && m > 0 && !fn(ctx, &move, valued ? heap_value(g, m) : 0))
            return all;
        w[2] = 2, move.len = 5;
        /* '=' allows one split at most: it starts there */
        for (uint64_t a = mk == NB_MARK_EQUAL ? m / 2 : 1; (d & 4) && a && 2 * a <= m; a++) {
            if (!nb_octal_leaves(mk, 2, a, m - a, 0))
                continue;
            if (++work > max_work)
                return false;
            if (a > enough) {
                all = false;
                break;
            }
            w[3] = a, w[4] = m - a;
            if (!fn(ctx, &move, valued ? heap_value(g, a) ^ heap_value(g, m - a) : 0))
                return all;
        }
        w[2] = 3, move.len = 6;
        for (uint64_t a = mk == NB_MARK_EQUAL ? m / 3 : 1; (d & 8) && a && 3 * a <= m; a++)
            for (uint64_t b = a; 2 * b <= m - a; b++) {
                uint64_t c = m - a - b;
                if (!nb_octal_leaves(mk, 3, a, b, c))
                    continue;
                if (++work > max_work)
                    return false;
                if (b > enough) {
                    all = false;
                    break;
                }
                w[3] = a, w[4] = b, w[5] = c;
                if (!fn(ctx, &move,
                        valued ? heap_value(g, a) ^ heap_value(g, b) ^ heap_value(g, c) : 0))
                    return all;
            }
    }
    return all;
}

static nb_status oc_options(const nb_game *g, nb_solver *s, size_t part, nb_option_fn fn,
                            void *ctx, nb_err *err)
{
    if (heap_moves(g, part, s->limits.max_work, false, true, fn, ctx))
        return NB_OK;
    return nb_fail(err, NB_ELIMIT, "heap %llu has too many splits to list (limit max_work=%llu, "
                   "or past the period: the splits listed take every value)",
                   (unsigned long long)g->state[part], (unsigned long long)s->limits.max_work);
}

typedef struct target_ctx {
    uint64_t target;
    nb_movelist *out;
} target_ctx;

static bool push_if_target(void *ctx_, const nb_move *m, uint64_t value)
{
    target_ctx *c = ctx_;
    return value != c->target || nb_movelist_push(c->out, m);
}

/* Offers the move taking n - m from heap `heap` of n to leave one heap of m, when the
 * digit of that take leaves one heap; false when fn says stop. */
static bool offer_one_heap(const nb_game *g, size_t heap, uint64_t m, uint64_t value,
                           nb_option_fn fn, void *ctx)
{
    uint64_t n = g->state[heap], w[4] = {heap, n - m, 1, m};
    nb_move move = {.len = 4, .w = w};
    return !(nb_octal_digit(&oc_params(g)->rule, n - m) & 2) || fn(ctx, &move, value);
}

/* The heaps m >= from below n of value `target` in the residue class of `from` modulo the
 * period, offered as moves: g(m + p) = g(m) + s past the preperiod (the arithmetic period
 * the table proved), so with s > 0 the class holds the target once at most, at
 * m = from + p (target - g(from)) / s; with s = 0 at every p-th heap, offered while takes
 * still leave a heap, until the digits' pattern (which repeats every L takes, L the
 * group's length) has offered nothing L times. False when fn says stop. */
static bool offer_class(const nb_game *g, size_t heap, uint64_t from, uint64_t target,
                        nb_option_fn fn, void *ctx)
{
    const nb_octal_rule *r = &oc_params(g)->rule;
    const nb_octable *t = oc_params(g)->table;
    uint64_t n = g->state[heap], v, L = r->last - r->tail + 1;
    nb_octable_value(t, from, &v);
    if (t->saltus) {
        if (target < v || (target - v) % t->saltus)
            return true;
        uint64_t k = (target - v) / t->saltus;
        if (k > (n - 1 - from) / t->period) /* from + k p >= n */
            return true;
        uint64_t m = from + k * t->period;
        return n - m < r->tail || offer_one_heap(g, heap, m, target, fn, ctx);
    }
    if (v != target)
        return true;
    for (uint64_t m = from, misses = 0; m < n && n - m >= r->tail && misses < L;
         m += t->period, misses++) {
        if (nb_octal_digit(r, n - m) & 2) {
            misses = 0;
            if (!offer_one_heap(g, heap, m, target, fn, ctx))
                return false;
        }
        if (m > UINT64_MAX - t->period)
            break;
    }
    return true;
}

/* The moves to the target of a heap past the table of a code with a repeating group (a
 * proved arithmetic period, or an ordinary one), found by value class rather than take
 * by take: taking all; one heap left, from the table's values, then by the takes below
 * the group, then per residue class of the period (offer_class); splits with a first
 * part up to LISTED_SPLITS (a heap of 10^18 has 10^18 of them: false then, the list may
 * be incomplete). Every value below g(n) that a one-heap move reaches is found; Lasker's
 * Nim's only other one, 4k + 3 at n = 4k + 3, by the split 1 + (4k + 2). */
static bool class_moves_to(const nb_game *g, size_t heap, uint64_t target, nb_option_fn fn,
                           void *ctx)
{
    const nb_octal_rule *r = &oc_params(g)->rule;
    const nb_octable *t = oc_params(g)->table;
    uint64_t n = g->state[heap], v, w[6] = {heap, n, 0, 0, 0, 0};
    nb_move move = {.len = 3, .w = w};
    if (target == 0 && (nb_octal_digit(r, n) & 1) && !fn(ctx, &move, 0))
        return true;
    for (uint64_t m = 1; m < t->n; m++) /* the table's heaps (n is past them) */
        if (nb_octable_value(t, m, &v) && v == target &&
            !offer_one_heap(g, heap, m, target, fn, ctx))
            return true;
    for (uint64_t j = 1; j < r->tail && n - j >= t->n; j++) /* takes below the group */
        if (nb_octable_value(t, n - j, &v) && v == target &&
            !offer_one_heap(g, heap, n - j, target, fn, ctx))
            return true;
    for (uint64_t from = t->n; from < t->n + t->period && from < n; from++)
        if (!offer_class(g, heap, from, target, fn, ctx))
            return true;
    bool all = true;
    for (size_t j = r->tail; j <= r->last; j++) /* the group's splits: too many to try */
        all &= !(r->digit[j] & 12);
    for (uint64_t j = 0; j < r->tail; j++) { /* the splits of takes below the group */
        uint8_t d = nb_octal_digit(r, j), mk = nb_octal_mark(r, j);
        if (!(d & 12))
            continue;
        all = false; /* three-heap splits, and two-heap ones past LISTED_SPLITS */
        uint64_t m = n - j, first = mk == NB_MARK_EQUAL ? m / 2 : 1;
        w[1] = j, w[2] = 2, move.len = 5;
        for (uint64_t a = first; (d & 4) && a <= first + LISTED_SPLITS && 2 * a <= m; a++) {
            uint64_t x, y;
            if (!nb_octal_leaves(mk, 2, a, m - a, 0))
                continue;
            nb_octable_value(t, a, &x), nb_octable_value(t, m - a, &y);
            w[3] = a, w[4] = m - a;
            if ((x ^ y) == target && !fn(ctx, &move, target))
                return true;
        }
    }
    return all;
}

/* Every move to the target, or (the list then says it may be incomplete) one of each
 * value class past the period or while max_work allows. A heap past the table of a code
 * with a repeating group goes by value class (class_moves_to). */
static nb_status oc_moves_to(const nb_game *g, nb_solver *s, size_t part, uint64_t target,
                             nb_movelist *out, nb_err *err)
{
    (void)err;
    target_ctx c = {target, out};
    const nb_octable *t = oc_params(g)->table;
    uint64_t n = g->state[part];
    bool all = oc_params(g)->rule.tail && n >= t->n && n > LISTED_SPLITS
                   ? class_moves_to(g, part, target, push_if_target, &c)
                   : heap_moves(g, part, s->limits.max_work, false, true, push_if_target, &c);
    if (!all)
        out->incomplete = true;
    return NB_OK;
}

/* Every move (the exhaustive search's: small heaps, every split listed). */
static void oc_each_move(const nb_game *g, nb_move_fn fn, void *ctx)
{
    nb_state_offer o = {.g = g, .fn = fn, .ctx = ctx};
    for (size_t heap = 0; heap < g->len && !o.stopped; heap++)
        heap_moves(g, heap, UINT64_MAX, true, false, nb_offer_state, &o);
    free(o.after.w);
}

/* Misère play through the game's misère quotient (tables/nb_quotient.h): the position
 * is lost exactly when the product of its heaps' elements is in the P-portion, and a
 * move wins when the product with the moved heap's option in its place is (the product
 * of the other heaps from nb_quotient_rests). */
typedef struct quotient_ctx {
    const nb_quotient *q;
    uint32_t rest; /* the product of every other heap's element */
    nb_movelist *out;
} quotient_ctx;

static bool push_if_lost(void *ctx_, const nb_move *m, uint64_t value)
{
    (void)value;
    quotient_ctx *c = ctx_;
    uint32_t x = c->rest, e;
    for (uint64_t k = 0; k < m->w[2]; k++) {
        nb_quotient_phi(c->q, m->w[3 + k], &e); /* every part is below a covered heap */
        x = nb_quotient_mul(c->q, x, e);
    }
    return !c->q->lost[x] || nb_movelist_push(c->out, m);
}

/* The elements of the heaps of g into e; false when the quotient does not cover a heap. */
static bool heap_elements(const nb_quotient *q, const nb_game *g, uint32_t *e)
{
    for (size_t i = 0; i < g->len; i++)
        if (!nb_quotient_phi(q, g->state[i], &e[i]))
            return false;
    return true;
}

/* Heaps that add up to this many counters or fewer are a search of at most some ten
 * thousand positions (the partitions of 24 and less: 7,338 of them): their quotient is
 * grown for SMALL_SLICE steps of its work (some tens of milliseconds), and a position the
 * growth has not reached by then is searched. Some codes' quotients are large from the
 * first heaps on: 4=.7C? had not covered a heap of 6 in 30 s. Larger positions, whose
 * search takes longer, give the quotient longer slices: up to MID_COUNTERS (43,820
 * positions, searched in under a second) MID_SLICE steps, up to LARGE_COUNTERS LARGE_SLICE
 * steps, each enough for most codes' quotients to reach such heaps (4.FFFF's reaches 44
 * in 0.2 s). A quotient that has not covered the position by then seldom does within
 * the budget (Grundy's game's stalls at heap 29), while a search of 64 counters takes
 * seconds (Grundy's game's heap of 64: 6 to 7 s). Past that the quotient grows as far as
 * the budget allows: a search of more counters seldom ends within it, and a heap past
 * any search (10^18) needs the quotient's period, whose proof may take longer. */
#define SMALL_COUNTERS 24
#define SMALL_SLICE (1u << 17)
#define MID_COUNTERS 32
#define MID_SLICE (1u << 20)
#define LARGE_COUNTERS 64
#define LARGE_SLICE (1u << 22)

static nb_status oc_analyse_misere(const nb_game *g, nb_solver *s, nb_analysis *out,
                                   nb_err *err)
{
    const nb_octal_rule *rule = &oc_params(g)->rule;
    uint64_t top = nb_heaps_max(g), counters = 0;
    if (!nb_octal_provable(rule) && top >= NB_QUOTIENT_MAX_HEAPS)
        return nb_fail(err, NB_EDECLINED, "%s", "no quotient reaches this heap");
    for (size_t i = 0; i < g->len && counters <= LARGE_COUNTERS; i++)
        counters += g->state[i];
    nb_key key = nb_quotient_key(rule);
    /* grown as far as the heaps need (a proved period stops it sooner); a heap past what
     * any growth reaches needs the period */
    nb_quotient_growth how = {.slice = counters <= SMALL_COUNTERS ? SMALL_SLICE
                                     : counters <= MID_COUNTERS ? MID_SLICE
                                     : counters <= LARGE_COUNTERS ? LARGE_SLICE : 0};
    nb_quotient_need need = {top < NB_QUOTIENT_MAX_HEAPS ? top : UINT64_MAX,
                             NB_QUOTIENT_MAX_ORDER, s->limits.max_work, rule, s->budget, NULL, &how};
    const nb_cached *c;
    nb_status st = nb_table_acquire(s, &key, &nb_quotient_kind, &need, &c, err);
    if (st != NB_OK)
        return st;
    const nb_quotient *q = (const nb_quotient *)c;
    uint32_t *e = nb_xcalloc(2 * g->len + 1, sizeof *e), *rest = e + g->len;
    if (!heap_elements(q, g, e)) {
        st = nb_fail(err, NB_EDECLINED, "%s", "the quotient does not cover every heap");
    } else {
        nb_quotient_decide(q, nb_quotient_rests(q, e, g->len, rest), out);
        for (size_t i = 0; i < g->len && out->verdict == NB_WIN; i++) {
            quotient_ctx qc = {q, rest[i], &out->moves};
            if (!heap_moves(g, i, s->limits.max_work, false, false, push_if_lost, &qc))
                out->moves.incomplete = true;
        }
        /* past LISTED_SPLITS a heap's splits are listed one per class of the SG period;
         * they cover every element only when the quotient's period is proved and as short
         * (a split's smaller part shifted by it keeps its element) */
        if (top > LISTED_SPLITS &&
            (!q->proved || q->preperiod + 2 * q->period > LISTED_SPLITS))
            out->moves.incomplete = true;
    }
    free(e);
    nb_table_release(s, c);
    return st;
}

static bool same_rule(const nb_octal_rule *a, const nb_octal_rule *b)
{
    return !memcmp(a->digit, b->digit, sizeof a->digit) &&
           !memcmp(a->mark, b->mark, sizeof a->mark) && a->last == b->last && a->tail == b->tail;
}

/* Misère play of a sum of octal games: of one code, that code's game on all their heaps
 * (nb_sum_misere_as_one), through its quotient; past the quotient, and for sums of several
 * codes, the tame theory, then the search. */
static nb_status oc_analyse_misere_sum(const nb_game *games, size_t count, nb_solver *s,
                                       nb_analysis *out, nb_err *err)
{
    size_t widest = 0; /* the component of the largest heap: its table reaches them all */
    uint64_t top = 0;
    for (size_t c = 0; c < count; c++) {
        if (!same_rule(&oc_params(&games[c])->rule, &oc_params(games)->rule))
            return nb_tame_analyse_sum(games, count, s, out, err);
        uint64_t most = nb_heaps_max(&games[c]);
        if (most > top)
            top = most, widest = c;
    }
    nb_status st = nb_sum_misere_as_one(games, count, &games[widest], oc_analyse_misere, s,
                                        out, err);
    if (st != NB_EDECLINED)
        return st;
    nb_err_clear(err);
    return nb_tame_analyse_sum(games, count, s, out, err);
}

/* {heap, take, count, a, b, c}: digit `take` of the code allows leaving `count` heaps
 * (bit 1 none, 2 one, 4 two, 8 three), each at least 1, ascending, adding up to what the
 * take leaves, as the digit's mark allows ('!' pairwise unequal, '?' not all equal, '='
 * all equal). */
static nb_status oc_legal(const nb_game *g, const nb_move *m, nb_err *err)
{
    static const char *const heaps[] = {"no heap", "one heap", "two heaps", "three heaps"};
    const nb_octal_rule *r = &oc_params(g)->rule;
    nb_status st = nb_part_exists(g, m, 1, "heap", err);
    if (st != NB_OK)
        return st;
    uint64_t n = g->state[m->w[0]], j = m->w[1], count = m->w[2], left = 0;
    if (j > n)
        return nb_illegal(err, 1, "heap %llu holds %llu", (unsigned long long)m->w[0],
                          (unsigned long long)n);
    uint8_t d = j <= nb_octal_reach(r, n) ? nb_octal_digit(r, j) : 0;
    if (!d)
        return nb_illegal(err, 1, "the code has no move that takes %llu", (unsigned long long)j);
    if (count > 3 || !(d >> count & 1))
        return nb_illegal(err, 2, "a move that takes %llu may not leave %s",
                          (unsigned long long)j, count > 3 ? "more than three heaps" : heaps[count]);
    for (uint64_t k = 0; k < count; k++) {
        uint64_t a = m->w[3 + k];
        if (a < 1)
            return nb_illegal(err, 3 + k, "a heap left holds at least 1");
        if (k && a < m->w[2 + k])
            return nb_illegal(err, 3 + k, "the heaps left are listed in ascending order");
        left += a; /* each at most n: no overflow */
    }
    uint8_t mk = nb_octal_mark(r, j);
    uint64_t part[3] = {0}; /* the move has count of them: no word past its end is read */
    for (uint64_t k = 0; k < count; k++)
        part[k] = m->w[3 + k];
    if (!nb_octal_leaves(mk, (unsigned)count, part[0], part[1], part[2]))
        return nb_illegal(err, 2, "the '%c' after digit %llu makes the heaps left %s", " !?="[mk],
                          (unsigned long long)j, mk == NB_MARK_UNEQUAL ? "pairwise unequal"
                          : mk == NB_MARK_NOT_ALL ? "not all equal" : "all equal");
    if (left != n - j)
        return nb_illegal(err, 2, "the heaps left add up to %llu, heap %llu's %llu less %llu",
                          (unsigned long long)(n - j), (unsigned long long)m->w[0],
                          (unsigned long long)n, (unsigned long long)j);
    return NB_OK;
}

const nb_ruleset nb_octal = {
    .name = "octal",
    .check = nb_heaps_check,
    .apply = oc_apply,
    .prepare = oc_prepare,
    .release = oc_release,
    .part_count = nb_heaps_part_count,
    .part_values = oc_values,
    .part_method = oc_method,
    .moves_to = oc_moves_to,
    .options = oc_options,
    .legal = oc_legal,
    .each_move = oc_each_move,
    .analyse_misere = oc_analyse_misere,
    .analyse_misere_sum = oc_analyse_misere_sum,
    .canonicalize = nb_heaps_canonicalize,
    .components = nb_components_per_part,
};

static bool table_value(const void *t, uint64_t n, uint64_t *value)
{
    return nb_octable_value(t, n, value);
}

nb_status nb_octal_sequence(nb_solver *s, nb_octal_params *p, uint64_t from, uint64_t up_to,
                            nb_sequence *out, nb_err *err)
{
    const nb_octable *t;
    nb_status st = nb_sequence_bound(s, up_to, err);
    if (st == NB_OK)
        st = acquire_table(s, &p->rule, up_to, true, &t, err);
    if (st != NB_OK)
        return st;
    if (!nb_sequence_fill(out, s->budget, from, up_to, table_value, t,
                          t->proved ? t->period : 0, t->preperiod))
        st = nb_budget_spent(s->budget) ? nb_budget_fail(s->budget, err)
                                        : past_table(t, s, NB_NO_INDEX, up_to, err);
    out->has_saltus = true, out->saltus = t->saltus;
    nb_table_release(s, &t->base);
    return st;
}
