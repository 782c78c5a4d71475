/* srv_sweep.h - `nimberd misere-sweep`: the misère table of every short octal code,
 * written as tab-separated rows (docs/misere-octal.tsv is its output). */
#ifndef SRV_SWEEP_H
#define SRV_SWEEP_H

#include <stdio.h>

/* argv[0] is "misere-sweep". Returns the exit status: 0 when every row was written, 1 when
 * a code failed, 2 on a bad argument (usage on err). */
int srv_sweep(int argc, char **argv, FILE *out, FILE *err);

#endif
