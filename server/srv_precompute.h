/* srv_precompute.h - `nimberd precompute`: fills a table directory offline for a list of
 * rulesets up to given sizes, with a progress line on a terminal. */
#ifndef SRV_PRECOMPUTE_H
#define SRV_PRECOMPUTE_H

#include <stdio.h>

/* argv[0] is "precompute". Returns the exit status: 0 when every table was written, 1
 * when one was not, 2 on a bad argument (usage on err). */
int srv_precompute(int argc, char **argv, FILE *out, FILE *err);

#endif
