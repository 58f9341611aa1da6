// The peer of scripts/bench-ecm, when it is given a yafu checkout (--yafu DIR): Ben Buhrow's
// micro-ECM (yafu's factor/lasieve5_64/microecm.c and factor/gmp-ecm/micropm1.c, compiled from
// that checkout, never copied here) timed on the same products as Casebook's elliptic-curve
// method. Usage: microecm-driver PRODUCTS — prints "<µs per product, median of 5 rounds>
// <products it did not split>".
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

uint64_t getfactor_uecm(uint64_t q64, int is_arbitrary, uint64_t *pran);

static double seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

static int ascending(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    FILE *file = fopen(argv[1], "r");
    if (file == NULL) return 2;
    size_t count = 0, capacity = 1024;
    uint64_t *products = malloc(capacity * sizeof *products);
    unsigned long long value;
    while (fscanf(file, "%llu", &value) == 1) {
        if (count == capacity) products = realloc(products, (capacity *= 2) * sizeof *products);
        products[count++] = value;
    }
    fclose(file);
    if (count == 0) return 2;
    double rounds[5];
    uint64_t state = 0;
    size_t unsplit = 0;
    for (int round = 0; round < 5; round++) {
        double start = seconds();
        for (size_t i = 0; i < count; i++) {
            uint64_t divisor = getfactor_uecm(products[i], 0, &state);
            if (divisor <= 1 || divisor >= products[i] || products[i] % divisor != 0) unsplit++;
        }
        rounds[round] = (seconds() - start) / (double)count * 1e6;
    }
    qsort(rounds, 5, sizeof rounds[0], ascending);
    printf("%.2f %zu\n", rounds[2], unsplit / 5);
    return 0;
}
