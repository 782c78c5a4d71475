/* bench_parse.c - the floor for the dag-over-HTTP benchmark: jansson parsing a body
 * alone, as nimberd parses it. Prints the median of 5 parses in seconds. Usage: FILE */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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
    double t[5];
    for (int r = 0; r < 5; r++) {
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        json_t *j = json_loadb(buf, (size_t)n, JSON_REJECT_DUPLICATES, NULL);
        clock_gettime(CLOCK_MONOTONIC, &b);
        json_decref(j);
        t[r] = (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
    }
    for (int i = 0; i < 5; i++) /* sort five */
        for (int k = i + 1; k < 5; k++)
            if (t[k] < t[i]) {
                double x = t[i];
                t[i] = t[k], t[k] = x;
            }
    printf("%.6f\n", t[2]);
    free(buf);
    return 0;
}
