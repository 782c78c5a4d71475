/* nb_misere_sweep.c - the misère table of octal games: every code 0.d1..dk (k at most a
 * given number of digits, the last nonzero) has its quotient grown under a per-code budget,
 * certified once more, and written as a row of tab-separated values. */
#include "nimber.h"

#include <inttypes.h>
#include <string.h>
#include <time.h>

#include "games/octal/nb_octal.h"

const char nb_misere_sweep_header[] =
    "code\tstatus\torder\tp_size\ttame\tpreperiod\tperiod\texact_up_to\tseconds\n";

size_t nb_misere_sweep_codes(unsigned digits, char (*codes)[NB_SWEEP_CODE_LEN], size_t cap)
{
    size_t n = 0;
    if (digits > NB_SWEEP_CODE_LEN - 3)
        digits = NB_SWEEP_CODE_LEN - 3;
    for (unsigned len = 1; len <= digits; len++) {
        uint64_t count = 1ULL << (3 * len); /* codes of len digits, in ascending order */
        for (uint64_t c = 0; c < count; c++) {
            if (!(c & 7))
                continue; /* a last digit of 0: the shorter code, already listed */
            if (n < cap) {
                char *code = codes[n];
                memcpy(code, "0.", 2);
                for (unsigned i = 0; i < len; i++)
                    code[2 + i] = (char)('0' + ((c >> (3 * (len - 1 - i))) & 7));
                code[2 + len] = '\0';
            }
            n++;
        }
    }
    return n;
}

static double now_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

bool nb_misere_sweep_row(const char *code, uint64_t seconds, uint64_t max_work,
                         nb_misere_row *row, nb_err *err)
{
    nb_octal_rule rule;
    if (nb_octal_parse(code, &rule, err) != NB_OK)
        return false;
    double start = now_seconds();
    nb_budget budget;
    nb_budget_start(&budget, seconds);
    nb_quotient_need need = {UINT64_MAX, NB_QUOTIENT_MAX_ORDER, max_work, &rule, &budget, NULL, NULL};
    nb_quotient *q = NULL;
    nb_status st = nb_quotient_build(&need, &q, err);
    nb_budget_end(&budget);
    if (st != NB_OK)
        return false;
    /* the certificate once more, on the version as it stands: a row is never written
     * from a quotient that does not pass it (with no budget: it is what the row rests on) */
    bool certified = nb_quotient_certify(q, UINT64_MAX);
    *row = (nb_misere_row){.order = q->order, .p_size = nb_quotient_p_size(q),
                           .tame = nb_quotient_is_tame(q), .seconds = now_seconds() - start};
    snprintf(row->code, sizeof row->code, "%s", code);
    if (!certified) {
        q->base.destroy(&q->base);
        nb_fail(err, NB_ELIMIT, "the quotient of %s failed its certificate", code);
        return false;
    }
    row->status = q->proved ? NB_SWEEP_PROVED : q->n > 1 ? NB_SWEEP_PARTIAL : NB_SWEEP_NONE;
    row->preperiod = q->phi_preperiod;
    row->period = q->period;
    row->exact_up_to = q->proved ? (uint64_t)INT64_MAX : q->n - 1;
    row->stop = q->stop;
    q->base.destroy(&q->base);
    return true;
}

void nb_misere_row_write(const nb_misere_row *row, FILE *out)
{
    static const char *const status[] = {"proved", "partial", "none"};
    bool proved = row->status == NB_SWEEP_PROVED;
    fprintf(out, "%s\t%s\t", row->code, status[row->status]);
    if (row->status == NB_SWEEP_NONE)
        fputs("\t\t\t", out);
    else
        fprintf(out, "%" PRIu32 "\t%" PRIu32 "\t%s\t", row->order, row->p_size,
                row->tame ? "true" : "false");
    if (proved)
        fprintf(out, "%" PRIu64 "\t%" PRIu64 "\t", row->preperiod, row->period);
    else
        fputs("\t\t", out);
    fprintf(out, "%" PRIu64 "\t%.3f\n", row->exact_up_to, row->seconds);
}
