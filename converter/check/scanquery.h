/* One point against one polygon of the row-scan table (scanlines.ScanTable), as its
 * `contains` answers: shared by _scanrows.c (contains) and _outlines.c (outside_runs).
 * Included after kernel_arrays.h; every function is static. */
#ifndef DDAY2_SCANQUERY_H
#define DDAY2_SCANQUERY_H

#include <stdint.h>

#include "kernel_arrays.h"

/* numpy's int64 arithmetic wraps; C's signed overflow is undefined, so wrap by hand. */
static int64_t query_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t query_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t query_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* First index in sorted keys[0..n) not below `key`. */
static size_t search(const int64_t *keys, size_t n, int64_t key)
{
    size_t low = 0, high = n;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (keys[middle] < key)
            low = middle + 1;
        else
            high = middle;
    }
    return low;
}

/* Is (x, y) inside or on scanned polygon `polygon`, by the tables a[0..4] (cross_keys,
   cross_x, touch_keys, touch_low, touch_high; crossings and touches long) */
static int point_hit(const Array *a, size_t crossings, size_t touches, int64_t polygon, int64_t x, int64_t y,
                     int64_t top, int64_t rows)
{
    int64_t row = query_sub(y, top);
    int hit = 0;
    if (row < 0 || row >= rows)
        return 0;
    int64_t key = query_add(query_mul(polygon, rows), row);
    /* a key's entries are few and adjacent: one search for the first, then walk */
    size_t right = 0;
    double fx = (double)x; /* numpy compares float64 with int64 as doubles */
    for (size_t i = search(I64(a[0]), crossings, key); i < crossings && I64(a[0])[i] == key; i++) {
        double crossing = F64(a[1])[i];
        hit |= crossing == fx;
        right += crossing > fx;
    }
    hit |= (int)(right & 1);
    for (size_t i = hit ? touches : search(I64(a[2]), touches, key); i < touches && I64(a[2])[i] == key && !hit; i++)
        hit = I64(a[3])[i] <= x && x <= I64(a[4])[i];
    return hit;
}

#endif
