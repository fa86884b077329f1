/* The row-scan table of scanlines.py in C: the same arrays, the same answers, bit for bit.

   scanlines.py stays the oracle and the fallback; this file only makes its table build and
   point queries fast and lets other threads run meanwhile (the bulk of each call runs
   without the GIL). The overlap sweep over the finished table is _rowsweep.c.

   measure(coords, counts)          -> (boxes, crossings) per polygon, for the numpy guards
   build(coords, counts, scanned, top, rows, limit, max_rows)
                                    -> (cross_keys, cross_x, touch_keys, touch_low, touch_high)
                                       as read-only Blocks (their memory is recycled)
   contains(cross_keys, cross_x, touch_keys, touch_low, touch_high, polygons, xs, ys, top, rows)
                                    -> one byte (0/1) per query

   Arrays come in through the buffer protocol (int64 / float64 / bytes, C-contiguous) and go
   out as bytes the Python side wraps with np.frombuffer. Anything unexpected returns None
   (or raises ValueError for malformed arguments): the caller then takes the numpy path. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_RUN 16 /* insertion sort below this many items */

/* ---- buffers */

#include "kernel_arrays.h"
#include "scanquery.h"

/* New bytes of n items of `size` bytes (checked), its data pointer in *data. */
static PyObject *new_bytes(size_t n, size_t size, void **data)
{
    if (n > (size_t)PY_SSIZE_T_MAX / size) {
        PyErr_NoMemory();
        return NULL;
    }
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(n * size));
    if (bytes)
        *data = PyBytes_AS_STRING(bytes);
    return bytes;
}

/* ---- recycled blocks: build's tables (~0.8 MB for a real map) in memory kept across calls

   A check builds one table and drops the previous check's; fresh memory for it would cost a
   page fault per 4 kB (~200 per build), so a dropped table's blocks wait here for the next.
   A Block is a read-only buffer, as bytes would be; everything here runs with the GIL. */

#define SPARE_BLOCKS 12                /* two tables' worth, and measure's and build's input copies */
#define SPARE_BYTES ((size_t)16 << 20) /* kept at most, in all; the rest goes back to the system */

typedef struct {
    PyObject_HEAD
    char *data;
    Py_ssize_t size;
    size_t capacity;
} Block;

static char *spare[SPARE_BLOCKS];
static size_t spare_capacity[SPARE_BLOCKS];
static size_t spare_bytes; /* their capacities' sum */
static int spares;

static void block_dealloc(PyObject *object)
{
    Block *block = (Block *)object;
    if (block->data && spares < SPARE_BLOCKS && block->capacity <= SPARE_BYTES - spare_bytes) {
        spare[spares] = block->data, spare_capacity[spares++] = block->capacity;
        spare_bytes += block->capacity;
    } else {
        free(block->data);
    }
    Py_TYPE(object)->tp_free(object);
}

static int block_getbuffer(PyObject *object, Py_buffer *view, int flags)
{
    Block *block = (Block *)object;
    return PyBuffer_FillInfo(view, object, block->data, block->size, 1, flags);
}

static PyBufferProcs block_buffer = {block_getbuffer, NULL};

static PyTypeObject BlockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "converter.check._scanrows.Block",
    .tp_basicsize = sizeof(Block),
    .tp_dealloc = block_dealloc,
    .tp_as_buffer = &block_buffer,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "a read-only table the row-scan kernel filled (memory recycled when dropped)",
};

/* A new Block of n items of `size` bytes (checked), its data pointer in *data: the smallest
   spare block that holds it, else fresh memory. */
static PyObject *new_block(size_t n, size_t size, void **data)
{
    if (n > (size_t)PY_SSIZE_T_MAX / size) {
        PyErr_NoMemory();
        return NULL;
    }
    size_t bytes = n * size, wanted = bytes ? bytes : 1;
    Block *block = PyObject_New(Block, &BlockType);
    if (!block)
        return NULL;
    int best = -1;
    for (int i = 0; i < spares; i++)
        if (spare_capacity[i] >= wanted && (best < 0 || spare_capacity[i] < spare_capacity[best]))
            best = i;
    if (best >= 0) {
        block->data = spare[best], block->capacity = spare_capacity[best];
        spare_bytes -= block->capacity;
        spare[best] = spare[--spares], spare_capacity[best] = spare_capacity[spares];
    } else if ((block->data = malloc(wanted))) {
        block->capacity = wanted;
    } else {
        block->capacity = 0, block->size = 0; /* (dealloc keeps no NULL) */
        Py_DECREF(block);
        return PyErr_NoMemory();
    }
    block->size = (Py_ssize_t)bytes;
    *data = block->data;
    return (PyObject *)block;
}

/* numpy's int64 arithmetic wraps; C's signed overflow is undefined, so wrap by hand. */
static int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }

/* The polygons' vertex ranges: counts must be >= 1 and add up to the coordinates given. */
static int vertex_ranges_ok(const int64_t *counts, Py_ssize_t polygons, Py_ssize_t coordinates)
{
    uint64_t total = 0;
    for (Py_ssize_t p = 0; p < polygons; p++) {
        if (counts[p] < 1 || (uint64_t)counts[p] > (uint64_t)PY_SSIZE_T_MAX / 2)
            return 0;
        total += (uint64_t)counts[p];
        if (total > (uint64_t)PY_SSIZE_T_MAX / 2)
            return 0;
    }
    return (uint64_t)coordinates == 2 * total;
}

/* ---- measure: boxes and crossings per polygon */

static PyObject *measure(PyObject *self, PyObject *args)
{
    PyObject *coords_object, *counts_object;
    if (!PyArg_ParseTuple(args, "OO", &coords_object, &counts_object))
        return NULL;
    Array coords, counts;
    counts.held = 0;
    if (array_get(coords_object, &coords, 8, 0, "scanrows") < 0 || array_get(counts_object, &counts, 8, 0, "scanrows") < 0) {
        array_release(&coords), array_release(&counts);
        return NULL;
    }
    PyObject *result = NULL, *boxes_bytes = NULL, *crossings_bytes = NULL;
    int64_t *boxes, *crossings, *own_counts;
    Py_ssize_t polygons = counts.count;
    /* a private copy of the counts, taken with the GIL: the caller's array may change once
       it is released, and the counts say where each polygon's vertices are */
    PyObject *copy = new_block((size_t)polygons, sizeof(int64_t), (void **)&own_counts);
    if (!copy)
        goto done;
    memcpy(own_counts, counts.view.buf, (size_t)polygons * sizeof(int64_t));
    if (!vertex_ranges_ok(own_counts, polygons, coords.count)) {
        result = Py_None, Py_INCREF(Py_None);
        goto done;
    }
    boxes_bytes = new_bytes((size_t)polygons, 4 * sizeof(int64_t), (void **)&boxes);
    crossings_bytes = new_bytes((size_t)polygons, sizeof(int64_t), (void **)&crossings);
    if (!boxes_bytes || !crossings_bytes)
        goto done;
    Py_BEGIN_ALLOW_THREADS
    const int64_t *xy = I64(coords); /* only read as values: a change can give wrong boxes, never a stray read */
    Py_ssize_t start = 0;
    for (Py_ssize_t p = 0; p < polygons; p++) {
        Py_ssize_t n = (Py_ssize_t)own_counts[p];
        const int64_t *v = xy + 2 * start;
        int64_t left = v[0], top = v[1], right = v[0], bottom = v[1];
        uint64_t spans = 0; /* the numpy guard reads it only for polygons within the int range */
        for (Py_ssize_t i = 0; i < n; i++) {
            int64_t x = v[2 * i], y = v[2 * i + 1], next_y = v[2 * (i + 1 == n ? 0 : i + 1) + 1];
            left = x < left ? x : left;
            right = x > right ? x : right;
            top = y < top ? y : top;
            bottom = y > bottom ? y : bottom;
            int64_t dy = wrap_sub(next_y, y);
            spans += dy < 0 ? (uint64_t)0 - (uint64_t)dy : (uint64_t)dy;
        }
        boxes[4 * p] = left, boxes[4 * p + 1] = top, boxes[4 * p + 2] = right, boxes[4 * p + 3] = bottom;
        crossings[p] = (int64_t)spans;
        start += n;
    }
    Py_END_ALLOW_THREADS
    result = PyTuple_Pack(2, boxes_bytes, crossings_bytes);
done:
    Py_XDECREF(copy);
    Py_XDECREF(boxes_bytes);
    Py_XDECREF(crossings_bytes);
    array_release(&coords), array_release(&counts);
    return result;
}

/* ---- sorting */

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Crossings of one key in increasing x (equal x are equal bits, so no order among them). */
static void sort_doubles(double *values, size_t n)
{
    if (n > SMALL_RUN) {
        qsort(values, n, sizeof(double), compare_doubles);
        return;
    }
    if (n == 2) { /* most rows of a polygon: one interval; min/max, no unpredictable branch */
        double a = values[0], b = values[1];
        values[0] = b < a ? b : a;
        values[1] = b < a ? a : b;
        return;
    }
    for (size_t i = 1; i < n; i++) {
        double value = values[i];
        size_t j = i;
        for (; j > 0 && values[j - 1] > value; j--)
            values[j] = values[j - 1];
        values[j] = value;
    }
}

/* ---- build: the crossing and touch tables */

typedef struct {
    const int64_t *xy, *counts;
    const unsigned char *scanned;
    Py_ssize_t polygons;
    int64_t top, rows;
    /* filled by the checking pass */
    size_t crossings, touches, tallest;
    int64_t *extents; /* top and bottom row of each scanned polygon */
    /* outputs (crossings: keys, x; touches: keys, low, high) */
    int64_t *cross_keys, *touch_keys, *touch_low, *touch_high;
    double *cross_x;
} Build;

/* Vertex i's successor within a polygon of n points (the last closes it). */
static size_t following(size_t i, size_t n) { return i + 1 == n ? 0 : i + 1; }

/* A flat edge starts at vertex i (it touches its row), or vertex i is a peak: lower on
   screen than both neighbours (every other vertex starts a crossing edge). */
static int is_peak(int64_t previous_y, int64_t y, int64_t next_y) { return previous_y < y && next_y < y; }

/* One pass over the scanned polygons: scanlines._scannable's guards (>= 3 points,
   coordinates within the engine's int range, at most MAX_ROWS tall) and the table's rows
   holding them; the tables' sizes, each polygon's extent and the tallest. 0 when a guard
   fails (the caller then takes the numpy path). */
static int check_and_size(Build *b, int64_t limit, int64_t max_rows)
{
    size_t start = 0;
    uint64_t scanned = 0, crossings = 0, touches = 0;
    b->tallest = 0;
    for (Py_ssize_t p = 0; p < b->polygons; p++) {
        size_t n = (size_t)b->counts[p];
        const int64_t *v = b->xy + 2 * start;
        start += n;
        if (!b->scanned[p])
            continue;
        scanned++;
        if (n < 3)
            return 0;
        int64_t top = v[1], bottom = v[1], previous_y = v[2 * n - 1], y = v[1];
        for (size_t i = 0; i < n; i++) {
            int64_t x = v[2 * i], next_y = v[2 * following(i, n) + 1];
            if (x >= limit || x <= -limit || y >= limit || y <= -limit)
                return 0;
            top = y < top ? y : top;
            bottom = y > bottom ? y : bottom;
            int64_t dy = wrap_sub(next_y, y); /* next_y is checked on its own turn: wrap, no UB */
            crossings += dy < 0 ? (uint64_t)0 - (uint64_t)dy : (uint64_t)dy;
            touches += (y == next_y) + is_peak(previous_y, y, next_y);
            previous_y = y, y = next_y;
        }
        if (bottom - top > max_rows || top < b->top || bottom - b->top >= b->rows)
            return 0;
        b->extents[2 * p] = top, b->extents[2 * p + 1] = bottom;
        if ((size_t)(bottom - top) > b->tallest)
            b->tallest = (size_t)(bottom - top);
    }
    if (crossings > SIZE_MAX || touches > SIZE_MAX)
        return 0;
    b->crossings = (size_t)crossings, b->touches = (size_t)touches;
    /* every key is number * rows + (row - top) < scanned * rows: in range, checked exactly */
    return scanned <= (uint64_t)(INT64_MAX / 2) / (uint64_t)b->rows;
}

/* One scanned polygon's crossings, bucketed by row (a counting sort), x sorted per row, and
   its touches — per row its flat edges, then its peaks, each in vertex order (numpy's
   stable sort by key of flats-then-peaks) — written from cross_at and touch_at on;
   *crossings and *touches say how many. Two passes over the vertices: count, then write.
   `cross`, `flat` and `peak` each have room for tallest + 1 counters. */
static void build_polygon(Build *b, const int64_t *v, size_t n, int64_t top, int64_t bottom, int64_t number,
                          size_t *cross, size_t *flat, size_t *peak, size_t cross_at, size_t touch_at,
                          size_t *crossings, size_t *touches)
{
    size_t height = (size_t)(bottom - top), r, running, at;
    int64_t base = number * b->rows - b->top; /* key = number * rows + (row - top) */

    /* counts: an edge covers rows [low, high): +1/-1 at its ends, summed up per row
       (unsigned wrap-around cancels out); flat edges and peaks per row */
    memset(cross, 0, (height + 1) * sizeof(size_t));
    memset(flat, 0, (height + 1) * sizeof(size_t));
    memset(peak, 0, (height + 1) * sizeof(size_t));
    int64_t previous_y = v[2 * n - 1];
    for (size_t i = 0; i < n; i++) {
        int64_t y1 = v[2 * i + 1], y2 = v[2 * following(i, n) + 1];
        if (y1 != y2) {
            cross[(y1 < y2 ? y1 : y2) - top]++;
            cross[(y1 < y2 ? y2 : y1) - top]--;
        } else {
            flat[y1 - top]++;
        }
        peak[y1 - top] += is_peak(previous_y, y1, y2);
        previous_y = y1;
    }
    for (r = 0, running = 0, at = cross_at; r <= height; r++) {
        running += cross[r]; /* the crossings on row r */
        cross[r] = at;
        at += running;
    }
    *crossings = at - cross_at;
    for (r = 0, at = touch_at; r <= height; r++) {
        size_t flats = flat[r], peaks = peak[r];
        flat[r] = at;
        peak[r] = at + flats;
        at += flats + peaks;
    }
    *touches = at - touch_at;

    previous_y = v[2 * n - 1];
    for (size_t i = 0; i < n; i++) {
        int64_t x1 = v[2 * i], y1 = v[2 * i + 1];
        int64_t x2 = v[2 * following(i, n)], y2 = v[2 * following(i, n) + 1];
        if (y1 != y2) {
            int64_t low = y1 < y2 ? y1 : y2, high = y1 < y2 ? y2 : y1;
            for (int64_t row = low; row < high; row++) {
                size_t index = cross[row - top]++;
                /* the numpy expression: int64 product, true division in doubles, then x1 + */
                b->cross_x[index] = (double)x1 + (double)((row - y1) * (x2 - x1)) / (double)(y2 - y1);
                b->cross_keys[index] = base + row;
            }
        } else {
            size_t index = flat[y1 - top]++;
            b->touch_keys[index] = base + y1;
            b->touch_low[index] = x2 < x1 ? x2 : x1;
            b->touch_high[index] = x2 > x1 ? x2 : x1;
        }
        if (is_peak(previous_y, y1, y2)) {
            size_t index = peak[y1 - top]++;
            b->touch_keys[index] = base + y1;
            b->touch_low[index] = b->touch_high[index] = x1;
        }
        previous_y = y1;
    }
    size_t begin = cross_at; /* cross[r] now ends row r, where row r + 1 begins */
    for (r = 0; r <= height; r++) {
        sort_doubles(b->cross_x + begin, cross[r] - begin);
        begin = cross[r];
    }
}

static void build_tables(Build *b, size_t *slots)
{
    size_t start = 0, cross_at = 0, touch_at = 0, crossings, touches, room = b->tallest + 1;
    int64_t number = 0;
    for (Py_ssize_t p = 0; p < b->polygons; p++) {
        size_t n = (size_t)b->counts[p];
        const int64_t *v = b->xy + 2 * start;
        start += n;
        if (!b->scanned[p])
            continue;
        build_polygon(b, v, n, b->extents[2 * p], b->extents[2 * p + 1], number++, slots, slots + room,
                      slots + 2 * room, cross_at, touch_at, &crossings, &touches);
        cross_at += crossings;
        touch_at += touches;
    }
}

/* Private copies of the coordinates, counts and scanned flags, taken with the GIL: they
   are checked once and then index the tables while other Python code runs, which could
   change the caller's arrays. One recycled Block holds them (no page faults per build);
   b's pointers point into it. NULL with an exception set on failure. */
static PyObject *private_inputs(Build *b, const Array *coords, const Array *counts, const Array *scanned)
{
    /* (three buffers in memory at once: their sizes add up without overflow) */
    size_t coords_size = (size_t)coords->view.len, counts_size = (size_t)counts->view.len;
    size_t scanned_size = (size_t)scanned->view.len;
    char *data;
    PyObject *block = new_block(coords_size + counts_size + scanned_size, 1, (void **)&data);
    if (!block)
        return NULL;
    memcpy(data, coords->view.buf, coords_size); /* 8-byte items first: aligned */
    memcpy(data + coords_size, counts->view.buf, counts_size);
    memcpy(data + coords_size + counts_size, scanned->view.buf, scanned_size);
    b->xy = (const int64_t *)data, b->counts = (const int64_t *)(data + coords_size);
    b->scanned = (const unsigned char *)(data + coords_size + counts_size);
    return block;
}

static PyObject *build(PyObject *self, PyObject *args)
{
    PyObject *coords_object, *counts_object, *scanned_object;
    long long top, rows, limit, max_rows;
    if (!PyArg_ParseTuple(args, "OOOLLLL", &coords_object, &counts_object, &scanned_object, &top, &rows,
                          &limit, &max_rows))
        return NULL;
    Array coords, counts, scanned;
    counts.held = scanned.held = 0;
    if (array_get(coords_object, &coords, 8, 0, "scanrows") < 0 || array_get(counts_object, &counts, 8, 0, "scanrows") < 0 ||
        array_get(scanned_object, &scanned, 1, 0, "scanrows") < 0) {
        array_release(&coords), array_release(&counts), array_release(&scanned);
        return NULL;
    }
    PyObject *result = NULL, *out[5] = {NULL, NULL, NULL, NULL, NULL}, *copies = NULL;
    size_t *slots = NULL;
    Build b = {NULL, NULL, NULL, counts.count, (int64_t)top, (int64_t)rows, 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL};
    if (!(copies = private_inputs(&b, &coords, &counts, &scanned)))
        goto done;
    /* the limits first, so that every later sum and product of them is in range: |top| and
       the coordinates below 2**40, rows at most 2**42 */
    int ok = limit > 0 && limit <= ((int64_t)1 << 40) && max_rows >= 0 && max_rows < limit && top > -limit &&
             top < limit && rows >= 1 && rows <= 4 * limit && scanned.count == counts.count &&
             vertex_ranges_ok(b.counts, b.polygons, coords.count);
    if (ok && ((size_t)b.polygons > SIZE_MAX / (2 * sizeof(int64_t)) - 1 ||
               !(b.extents = malloc(((size_t)b.polygons + 1) * 2 * sizeof(int64_t))))) {
        PyErr_NoMemory();
        goto done;
    }
    if (ok) {
        Py_BEGIN_ALLOW_THREADS
        ok = check_and_size(&b, (int64_t)limit, (int64_t)max_rows);
        Py_END_ALLOW_THREADS
    }
    if (!ok || b.tallest + 1 > SIZE_MAX / (3 * sizeof(size_t))) {
        result = Py_None, Py_INCREF(Py_None);
        goto done;
    }
    if (!(slots = malloc(3 * (b.tallest + 1) * sizeof(size_t)))) {
        PyErr_NoMemory();
        goto done;
    }
    if (!(out[0] = new_block(b.crossings, sizeof(int64_t), (void **)&b.cross_keys)) ||
        !(out[1] = new_block(b.crossings, sizeof(double), (void **)&b.cross_x)) ||
        !(out[2] = new_block(b.touches, sizeof(int64_t), (void **)&b.touch_keys)) ||
        !(out[3] = new_block(b.touches, sizeof(int64_t), (void **)&b.touch_low)) ||
        !(out[4] = new_block(b.touches, sizeof(int64_t), (void **)&b.touch_high)))
        goto done;
    /* the new bytes are ours alone until returned: filling their storage needs no GIL */
    Py_BEGIN_ALLOW_THREADS
    build_tables(&b, slots);
    Py_END_ALLOW_THREADS
    result = PyTuple_Pack(5, out[0], out[1], out[2], out[3], out[4]);
done:
    free(slots);
    free(b.extents);
    Py_XDECREF(copies); /* (its memory waits for the next build) */
    for (int i = 0; i < 5; i++)
        Py_XDECREF(out[i]);
    array_release(&coords), array_release(&counts), array_release(&scanned);
    return result;
}

/* ---- contains: point in polygon by the table */

static PyObject *contains(PyObject *self, PyObject *args)
{
    PyObject *objects[8];
    long long top, rows;
    if (!PyArg_ParseTuple(args, "OOOOOOOOLL", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4],
                          &objects[5], &objects[6], &objects[7], &top, &rows))
        return NULL;
    Array a[8]; /* cross_keys, cross_x, touch_keys, touch_low, touch_high, polygons, xs, ys */
    PyObject *result = NULL;
    int got = 0;
    for (; got < 8; got++)
        if (array_get(objects[got], &a[got], 8, got == 1, "scanrows") < 0) {
            array_release(&a[got]);
            goto done;
        }
    size_t crossings = (size_t)a[0].count, touches = (size_t)a[2].count, queries = (size_t)a[5].count;
    if ((size_t)a[1].count != crossings || (size_t)a[3].count != touches || (size_t)a[4].count != touches ||
        (size_t)a[6].count != queries || (size_t)a[7].count != queries) {
        PyErr_SetString(PyExc_ValueError, "scanrows.contains: array lengths differ");
        goto done;
    }
    unsigned char *inside;
    result = new_bytes(queries, 1, (void **)&inside);
    if (!result)
        goto done;
    Py_BEGIN_ALLOW_THREADS
    for (size_t q = 0; q < queries; q++)
        inside[q] = (unsigned char)point_hit(a, crossings, touches, I64(a[5])[q], I64(a[6])[q], I64(a[7])[q],
                                             (int64_t)top, (int64_t)rows);
    Py_END_ALLOW_THREADS
done:
    for (int i = 0; i < got; i++)
        array_release(&a[i]);
    return result;
}

/* ---- select: scanlines._within_bounds's guards over measure's answer, in one pass

   select(boxes, crossings, counts, limit, max_rows, max_crossings)
       -> (scanned: bytes of 0/1, polygon_index: int64 bytes, top, rows), or None
   A polygon is scanned when it has at least 3 points, all four sides of its box strictly
   inside (-limit, limit) and a height of at most max_rows; polygon_index numbers the
   scanned ones in order (-1 for the others); top and rows span their boxes (0 and 1 when
   none is scanned). None when the scanned ones have more than max_crossings crossings in
   all (scanlines then leaves out the tallest first, in numpy), or for limits or arrays out
   of line. The loop is a few microseconds: it keeps the GIL, so nothing changes the
   arrays meanwhile. */
static PyObject *select_scanned(PyObject *self, PyObject *args)
{
    PyObject *objects[3];
    long long limit, max_rows, max_crossings;
    if (!PyArg_ParseTuple(args, "OOOLLL", &objects[0], &objects[1], &objects[2], &limit, &max_rows, &max_crossings))
        return NULL;
    Array a[3]; /* boxes, crossings, counts */
    PyObject *result = NULL, *scanned_bytes = NULL, *index_bytes = NULL;
    int got = 0;
    for (; got < 3; got++)
        if (array_get(objects[got], &a[got], 8, 0, "scanrows") < 0) {
            array_release(&a[got]);
            goto done;
        }
    size_t polygons = (size_t)a[2].count;
    /* limit <= 2**62: a side inside (-limit, limit) minus another never overflows */
    if ((size_t)a[0].count / 4 != polygons || (size_t)a[0].count % 4 || (size_t)a[1].count != polygons ||
        limit <= 0 || limit > ((long long)1 << 62) || max_rows < 0 || max_crossings < 0) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    unsigned char *scanned;
    int64_t *index;
    if (!(scanned_bytes = new_bytes(polygons, 1, (void **)&scanned)) ||
        !(index_bytes = new_bytes(polygons, sizeof(int64_t), (void **)&index)))
        goto done;
    const int64_t *boxes = I64(a[0]), *crossings = I64(a[1]), *counts = I64(a[2]);
    int64_t top = 0, bottom = 0, kept = 0;
    uint64_t total = 0;
    for (size_t p = 0; p < polygons; p++) {
        const int64_t *box = boxes + 4 * p; /* left, top, right, bottom */
        int in = counts[p] >= 3;
        for (int side = 0; side < 4 && in; side++)
            in = box[side] > -limit && box[side] < limit;
        in = in && box[3] - box[1] <= max_rows;
        if (in) {
            if (crossings[p] < 0 || (uint64_t)crossings[p] > (uint64_t)max_crossings - total) {
                result = Py_NewRef(Py_None); /* over the bound: numpy picks the ones left out */
                goto done;
            }
            total += (uint64_t)crossings[p];
            top = kept == 0 || box[1] < top ? box[1] : top;
            bottom = kept == 0 || box[3] > bottom ? box[3] : bottom;
        }
        scanned[p] = (unsigned char)in;
        index[p] = in ? kept++ : -1;
    }
    result = Py_BuildValue("(OOLL)", scanned_bytes, index_bytes, (long long)(kept ? top : 0),
                           (long long)(kept ? bottom - top + 1 : 1));
done:
    Py_XDECREF(scanned_bytes);
    Py_XDECREF(index_bytes);
    for (int i = 0; i < got; i++)
        array_release(&a[i]);
    return result;
}

static PyMethodDef methods[] = {
    {"measure", measure, METH_VARARGS, "(coords, counts) -> (boxes, crossings) bytes, or None"},
    {"select", select_scanned, METH_VARARGS,
     "(boxes, crossings, counts, limit, max_rows, max_crossings) -> (scanned, polygon_index, top, rows), or None"},
    {"build", build, METH_VARARGS, "(coords, counts, scanned, top, rows, limit, max_rows) -> 5 tables, or None"},
    {"contains", contains, METH_VARARGS, "(5 tables, polygons, xs, ys, top, rows) -> bytes of 0/1"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_scanrows",
                                    "Row-scan table kernels for scanlines.py (see the file header).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__scanrows(void)
{
    if (PyType_Ready(&BlockType) < 0)
        return NULL;
    return PyModule_Create(&module);
}
