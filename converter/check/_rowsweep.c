/* The overlap sweep of scanlines.ScanTable.overlaps in C: the same order, the same flagged
   intervals, bit for bit. scanlines.py stays the oracle and the fallback (_candidates); the
   bulk of the call runs without the GIL. The table it reads is _scanrows.c's (or numpy's).

   sweep(cross_keys, cross_x, rows) -> (order, flagged): ScanTable.overlaps' interval order
                                       and the intervals overlapping an earlier one on their
                                       row; two empty bytes when nothing is flagged

   Arrays come in through the buffer protocol (int64 / float64, C-contiguous) and go out as
   bytes the Python side wraps with np.frombuffer. Anything unexpected returns None (or
   raises ValueError for malformed arguments): the caller then takes the numpy path. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define DEPTH 3
#define TOLERANCE 1e-9
#define EXACT_FLOATS 1099511627776.0 /* 2**40, as scanlines._EXACT_FLOATS */
#define SMALL_RUN 16                  /* insertion sort below this many items */

/* ---- buffers (as in _scanrows.c: each kernel is one self-contained file) */

#include "kernel_arrays.h"

/* ---- sorting */

/* Stable sort of the indices `order[0..n)` by key[index] (ties keep their order, as numpy's
   stable sorts do): insertion sort of small runs, then merges through `scratch`. Defined
   for double and int64 keys. */
#define STABLE_SORT(NAME, TYPE)                                                              \
    static void NAME(int64_t *order, size_t n, const TYPE *key, int64_t *scratch)           \
    {                                                                                        \
        for (size_t run = 0; run < n; run += SMALL_RUN) {                                    \
            size_t end = run + SMALL_RUN < n ? run + SMALL_RUN : n;                          \
            for (size_t i = run + 1; i < end; i++) {                                         \
                int64_t item = order[i];                                                     \
                size_t j = i;                                                                \
                for (; j > run && key[order[j - 1]] > key[item]; j--)                        \
                    order[j] = order[j - 1];                                                 \
                order[j] = item;                                                             \
            }                                                                                \
        }                                                                                    \
        for (size_t width = SMALL_RUN; width < n; width *= 2) {                              \
            for (size_t low = 0; low < n; low += 2 * width) {                                \
                size_t middle = low + width < n ? low + width : n;                           \
                size_t high = low + 2 * width < n ? low + 2 * width : n;                     \
                size_t a = low, b = middle, out = low;                                       \
                while (a < middle && b < high)                                               \
                    scratch[out++] = key[order[b]] < key[order[a]] ? order[b++] : order[a++]; \
                while (a < middle)                                                           \
                    scratch[out++] = order[a++];                                             \
                while (b < high)                                                             \
                    scratch[out++] = order[b++];                                             \
            }                                                                                \
            memcpy(order, scratch, n * sizeof(int64_t));                                     \
        }                                                                                    \
    }
STABLE_SORT(stable_sort_by_double, double)
STABLE_SORT(stable_sort_by_int, int64_t)

/* ---- sweep: the overlap candidates of ScanTable.overlaps */

/* `order` (n indices) sorted stably by (row, key): a counting sort by row when the rows are
   few enough, then a stable sort by key within each row; else two stable merge sorts. */
static int sort_by_row_then(int64_t *order, size_t n, const int64_t *row, const double *key, int64_t rows,
                            int64_t *scratch, double *bucket_key)
{
    if ((uint64_t)rows <= 4 * (uint64_t)n + 4096) {
        size_t *start = calloc((size_t)rows + 1, sizeof(size_t));
        if (!start)
            return -1;
        for (size_t i = 0; i < n; i++)
            start[row[i] + 1]++;
        for (int64_t r = 0; r < rows; r++)
            start[r + 1] += start[r];
        for (size_t i = 0; i < n; i++) { /* the keys alongside: small rows sort them in place */
            size_t at = start[row[i]]++;
            order[at] = (int64_t)i;
            bucket_key[at] = key[i];
        }
        size_t begin = 0;
        for (int64_t r = 0; r < rows; r++) { /* start[r] now ends row r */
            size_t end = start[r];
            if (end - begin > SMALL_RUN) {
                stable_sort_by_double(order + begin, end - begin, key, scratch + begin);
            } else { /* stable insertion sort of (key, index) pairs */
                for (size_t i = begin + 1; i < end; i++) {
                    double value = bucket_key[i];
                    int64_t item = order[i];
                    size_t j = i;
                    for (; j > begin && bucket_key[j - 1] > value; j--)
                        bucket_key[j] = bucket_key[j - 1], order[j] = order[j - 1];
                    bucket_key[j] = value, order[j] = item;
                }
            }
            begin = end;
        }
        free(start);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = (int64_t)i;
    stable_sort_by_double(order, n, key, scratch);
    stable_sort_by_int(order, n, row, scratch);
    return 0;
}

typedef struct {
    int64_t *keys; /* private copy of the caller's keys; rows_of turns keys[i] into interval i's row */
    const double *x; /* private copy: x[2i], x[2i + 1] on key keys[2i] */
    size_t n;
    int64_t rows;
    const int64_t *row; /* = keys once rows_of has run */
    int64_t *order, *flagged, *scratch;
    double *key, *shifted_end, *bucket_key;
    size_t flagged_count;
} Sweep;

/* Polygons the row stepping may pass per interval, beyond a fixed allowance: a real table
   has a crossing in nearly every polygon; hostile keys far apart go to numpy's divmod. */
#define STEPS_PER_INTERVAL 4
#define STEPS_ALLOWANCE 4096

/* Checks the private copies (keys >= 0 and ascending, x finite) and overwrites keys[i] with
   interval i's row, key % rows, stepping the polygon instead of dividing (keys ascend). 0
   when a check fails or the keys skip too many polygons for the stepping's budget. */
static int rows_of(Sweep *s)
{
    int64_t *keys = s->keys, rows = s->rows, polygon_base = 0, previous = 0;
    uint64_t steps = 0, budget = STEPS_PER_INTERVAL * (uint64_t)s->n + STEPS_ALLOWANCE;
    for (size_t i = 0; i < s->n; i++) {
        int64_t key = keys[2 * i];
        if (key < previous || !isfinite(s->x[2 * i]) || !isfinite(s->x[2 * i + 1]))
            return 0;
        previous = key;
        while (key - polygon_base >= rows) { /* 0 <= polygon_base <= key: no overflow */
            if (++steps > budget)
                return 0;
            polygon_base += rows;
        }
        keys[i] = key - polygon_base; /* i <= 2i: the key at 2i is read before it is overwritten */
    }
    s->row = keys;
    return 1;
}

/* The intervals' x-range as _candidates shifts it: its left end and the row width. */
static void row_width(const Sweep *s, double *left_out, double *width_out)
{
    double low[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, high[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    for (size_t i = 0; i < 2 * s->n; i++) { /* four running extremes: no one long dependency chain */
        low[i & 3] = s->x[i] < low[i & 3] ? s->x[i] : low[i & 3];
        high[i & 3] = s->x[i] > high[i & 3] ? s->x[i] : high[i & 3];
    }
    for (int k = 1; k < 4; k++) {
        low[0] = low[k] < low[0] ? low[k] : low[0];
        high[0] = high[k] > high[0] ? high[k] : high[0];
    }
    *left_out = low[0], *width_out = high[0] - low[0] + 4 * DEPTH;
}

#define LEAN_ROW 64 /* intervals on one row the lean check sorts by insertion at most */

/* The common case cheaply: is no interval flagged? The full sweep's shifted keys, order
   (stable by row, then key) and test, holding only each row's (key, end) pairs. 1: none
   is; 0: one is, or the case is not the common one (the full sweep decides); -1: memory. */
static int nothing_flagged(const Sweep *s, double left, double width)
{
    size_t n = s->n, *start = NULL;
    double *pairs = NULL, threshold = DEPTH - TOLERANCE, reach = -INFINITY;
    int64_t r;
    if (!((double)s->rows * width < EXACT_FLOATS) || (uint64_t)s->rows > 4 * (uint64_t)n + 4096)
        return 0;
    start = calloc((size_t)s->rows + 1, sizeof(size_t));
    pairs = malloc(2 * n * sizeof(double));
    if (!start || !pairs) {
        free(start), free(pairs);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        start[s->row[i] + 1]++;
    int lean = 1;
    for (r = 0; r < s->rows; r++) {
        lean &= start[r + 1] <= LEAN_ROW;
        start[r + 1] += start[r];
    }
    for (size_t i = 0; lean && i < n; i++) { /* by row, input order kept */
        int64_t row = s->row[i];
        size_t at = start[row]++;
        pairs[2 * at] = (double)row * width + (s->x[2 * i] - left);
        pairs[2 * at + 1] = (double)row * width + (s->x[2 * i + 1] - left);
    }
    int found = !lean;
    size_t begin = 0;
    for (r = 0; !found && r < s->rows; r++) { /* start[r] now ends row r */
        size_t end = start[r];
        for (size_t i = begin + 1; i < end; i++) { /* stable insertion sort by key */
            double key = pairs[2 * i], value = pairs[2 * i + 1];
            size_t j = i;
            for (; j > begin && pairs[2 * j - 2] > key; j--)
                pairs[2 * j] = pairs[2 * j - 2], pairs[2 * j + 1] = pairs[2 * j - 1];
            pairs[2 * j] = key, pairs[2 * j + 1] = value;
        }
        for (size_t i = begin; !found && i < end; i++) { /* as sweep_intervals' shifted loop */
            double key = pairs[2 * i], value = pairs[2 * i + 1];
            found = (value < reach ? value : reach) - key >= threshold;
            reach = value > reach ? value : reach;
        }
        begin = end;
    }
    free(start), free(pairs);
    return !found;
}

/* Mirrors ScanTable.overlaps up to `flagged`, operation for operation. */
static int sweep_intervals(Sweep *s)
{
    double threshold = DEPTH - TOLERANCE, left, width;
    row_width(s, &left, &width);
    int shifted = (double)s->rows * width < EXACT_FLOATS;
    for (size_t i = 0; i < s->n; i++) {
        double start = s->x[2 * i], end = s->x[2 * i + 1];
        s->key[i] = shifted ? (double)s->row[i] * width + (start - left) : start;
        s->shifted_end[i] = shifted ? (double)s->row[i] * width + (end - left) : end;
    }
    if (sort_by_row_then(s->order, s->n, s->row, s->key, s->rows, s->scratch, s->bucket_key) < 0)
        return -1;
    double reach = -INFINITY;
    int64_t current = -1;
    s->flagged_count = 0;
    for (size_t j = 0; j < s->n; j++) {
        size_t i = (size_t)s->order[j];
        if (!shifted && s->row[i] != current) /* the plain loop restarts per row */
            reach = -INFINITY, current = s->row[i];
        double end = s->shifted_end[i];
        if ((end < reach ? end : reach) - s->key[i] >= threshold)
            s->flagged[s->flagged_count++] = (int64_t)j;
        reach = end > reach ? end : reach;
    }
    return 0;
}

/* ---- the copies' memory, kept across calls: fresh memory for them (~0.8 MB for a real
   map) would cost a page fault per 4 kB each call. Taken and given back with the GIL. */

#define SPARE_LIMIT ((size_t)16 << 20) /* kept at most; larger copies go back to the system */

static char *spare;
static size_t spare_size;

/* At least *size bytes; *size becomes their capacity. */
static char *take_memory(size_t *size)
{
    if (spare && spare_size >= *size) {
        char *memory = spare;
        spare = NULL, *size = spare_size;
        return memory;
    }
    return malloc(*size);
}

static void give_back(char *memory, size_t size)
{
    if (memory && !spare && size <= SPARE_LIMIT)
        spare = memory, spare_size = size;
    else if (memory && spare && size > spare_size && size <= SPARE_LIMIT)
        free(spare), spare = memory, spare_size = size;
    else
        free(memory);
}

static PyObject *sweep(PyObject *self, PyObject *args)
{
    PyObject *keys_object, *x_object;
    long long rows;
    if (!PyArg_ParseTuple(args, "OOL", &keys_object, &x_object, &rows))
        return NULL;
    Array keys, x;
    x.held = 0;
    if (array_get(keys_object, &keys, 8, 0, "rowsweep") < 0 || array_get(x_object, &x, 8, 1, "rowsweep") < 0) {
        array_release(&keys);
        array_release(&x);
        return NULL;
    }
    PyObject *result = NULL, *order_bytes = NULL;
    char *copies = NULL, *memory = NULL;
    size_t copies_size = 0;
    Sweep s = {NULL, NULL, (size_t)keys.count / 2, (int64_t)rows, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    int ok = keys.count == x.count && keys.count % 2 == 0 && rows >= 1 && s.n >= 2 &&
             s.n <= SIZE_MAX / (8 * sizeof(int64_t));
    if (!ok) {
        result = Py_None, Py_INCREF(Py_None);
        goto done;
    }
    /* private copies, taken with the GIL: they are checked once and then index arrays while
       other Python code runs, which could change the caller's arrays */
    copies_size = 4 * s.n * sizeof(int64_t);
    if (!(copies = take_memory(&copies_size))) {
        PyErr_NoMemory();
        goto done;
    }
    memcpy(copies, keys.view.buf, 2 * s.n * sizeof(int64_t));
    memcpy(copies + 2 * s.n * sizeof(int64_t), x.view.buf, 2 * s.n * sizeof(double));
    s.keys = (int64_t *)copies, s.x = (const double *)(copies + 2 * s.n * sizeof(int64_t));
    int none;
    Py_BEGIN_ALLOW_THREADS
    ok = rows_of(&s);
    if (ok) {
        double left, width;
        row_width(&s, &left, &width);
        none = nothing_flagged(&s, left, width);
    }
    Py_END_ALLOW_THREADS
    if (!ok) { /* hostile keys or x: numpy's path decides */
        result = Py_None, Py_INCREF(Py_None);
        goto done;
    }
    if (none < 0) {
        PyErr_NoMemory();
        goto done;
    }
    if (none) { /* the usual answer: no order needed, nothing flagged */
        result = Py_BuildValue("(y#y#)", "", (Py_ssize_t)0, "", (Py_ssize_t)0);
        goto done;
    }
    if (!(memory = malloc(s.n * 6 * sizeof(int64_t)))) {
        PyErr_NoMemory();
        goto done;
    }
    s.order = (int64_t *)memory, s.flagged = s.order + s.n, s.scratch = s.flagged + s.n;
    s.key = (double *)(s.scratch + s.n), s.shifted_end = s.key + s.n, s.bucket_key = s.shifted_end + s.n;
    int failed;
    Py_BEGIN_ALLOW_THREADS
    failed = sweep_intervals(&s);
    Py_END_ALLOW_THREADS
    if (failed) {
        PyErr_NoMemory();
        goto done;
    }
    order_bytes = PyBytes_FromStringAndSize((const char *)s.order, (Py_ssize_t)(s.n * sizeof(int64_t)));
    PyObject *flagged_bytes = order_bytes ? PyBytes_FromStringAndSize(
        (const char *)s.flagged, (Py_ssize_t)(s.flagged_count * sizeof(int64_t))) : NULL;
    if (flagged_bytes) {
        result = PyTuple_Pack(2, order_bytes, flagged_bytes);
        Py_DECREF(flagged_bytes);
    }
done:
    free(memory);
    give_back(copies, copies_size);
    Py_XDECREF(order_bytes);
    array_release(&keys);
    array_release(&x);
    return result;
}

static PyMethodDef methods[] = {
    {"sweep", sweep, METH_VARARGS, "(cross_keys, cross_x, rows) -> (order, flagged) bytes, or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_rowsweep",
                                    "The overlap sweep of scanlines.py (see the file header).", -1, methods};

PyMODINIT_FUNC PyInit__rowsweep(void) { return PyModule_Create(&module); }
