/* bench_parse.c - the floor for the dag-over-HTTP benchmark: jansson parsing a body
 * alone (JSON_REJECT_DUPLICATES, as nimberd asks), and beside it nimberd's own parser on
 * the same bytes. Prints the two medians of 5 parses each in seconds. Usage: FILE */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "api_json.h"
#include "api_parse.h"

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

static double median5(double *t)
{
    for (int i = 0; i < 5; i++) /* sort five */
        for (int k = i + 1; k < 5; k++)
            if (t[k] < t[i]) {
                double x = t[i];
                t[i] = t[k], t[k] = x;
            }
    return t[2];
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    FILE *f = fopen(argv[1], "rb");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    rewind(f);
    char *buf = malloc((size_t)n);
    if (fread(buf, 1, (size_t)n, f) != (size_t)n)
        return 1;
    fclose(f);
    double jansson[5], ours[5];
    for (int r = 0; r < 5; r++) { /* alternated, so that both see the same machine */
        double t0 = seconds();
        json_t *j = json_loadb(buf, (size_t)n, JSON_REJECT_DUPLICATES, NULL);
        jansson[r] = seconds() - t0;
        json_decref(j);
        bool huge;
        char error[160];
        t0 = seconds();
        j = api_parse_text(buf, (size_t)n, &huge, error, sizeof error, NULL);
        ours[r] = seconds() - t0;
        if (!j)
            return 1;
        json_decref(j);
    }
    printf("%.6f %.6f\n", median5(jansson), median5(ours));
    free(buf);
    return 0;
}
