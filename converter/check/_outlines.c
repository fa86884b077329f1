/* The C side of outside.py (centers and place points against their territory's polygons).

   gather(entries, first) -> (numbers, shapes, point_counts, coordinates) bytes of int64, or None:
       outside.points_outside's reading of a point file: for each entry (in list order) whose
       .name is a key of `first` (name -> (entry, first polygon, polygon count)), its index
       in `entries`, its territory's first polygon and polygon count, its number of points,
       and their x, y. None for anything unexpected (a coordinate that is no int or beyond
       int64, a name that is no str, ...): the Python code then reads the entries itself.

   distance.distances_to_polygon_runs in C: the squared distance from points to the edges
   of runs of polygons, in the numpy code's float operations, bit for bit.

   squared(points, coordinates, sizes, firsts, counts) -> bytes of float64, one per point:
       point i (points[2i], points[2i + 1]) against polygons firsts[i] .. firsts[i] +
       counts[i] - 1 of `coordinates` (x, y pairs of all polygons in order; polygon j has
       sizes[j] points); edge k of a polygon runs from vertex k - 1 to k (the first from the
       last vertex). +inf for a point with no polygon.

   outside_runs(...): outside.points_outside's inside test for a whole point file, against
       the row-scan table (scanquery.h; see the function).

   Arrays come in through the buffer protocol (int64, C-contiguous); ranges that do not fit
   the arrays return None (the caller takes the numpy path). The loop runs without the GIL. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_arrays.h"
#include "scanquery.h"

/* numpy's int64 arithmetic wraps; C's signed overflow is undefined, so wrap by hand. */
static int64_t wrap_add(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static int64_t wrap_sub(int64_t a, int64_t b) { return (int64_t)((uint64_t)a - (uint64_t)b); }
static int64_t wrap_mul(int64_t a, int64_t b) { return (int64_t)((uint64_t)a * (uint64_t)b); }

/* The squared distance of (px, py) to edge (x1, y1)-(x2, y2), as distance._nearest: int64
   differences and dot products, true division in doubles, clamp, then doubles throughout. */
static double edge_squared(int64_t px, int64_t py, int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
    int64_t dx = wrap_sub(x2, x1), dy = wrap_sub(y2, y1);
    int64_t length = wrap_add(wrap_mul(dx, dx), wrap_mul(dy, dy));
    double t = 0.0;
    if (length != 0) {
        int64_t dot = wrap_add(wrap_mul(wrap_sub(px, x1), dx), wrap_mul(wrap_sub(py, y1), dy));
        t = (double)dot / (double)length;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t); /* np.clip; t is never NaN here */
    }
    double across = (double)px - ((double)x1 + t * (double)dx);
    double down = (double)py - ((double)y1 + t * (double)dy);
    return across * across + down * down;
}

/* Polygon starts (vertex numbers) into `starts`, with starts[polygons] = vertices; 0 when
   sizes do not add up to the points. Each size is read once: `starts` is our own copy, so a
   caller's array changed meanwhile (by a thread, while the GIL is released) cannot move an
   index out of bounds. */
static int polygon_starts(const int64_t *sizes, Py_ssize_t polygons, Py_ssize_t vertices, int64_t *starts)
{
    int64_t at = 0;
    for (Py_ssize_t j = 0; j < polygons; j++) {
        int64_t size = sizes[j];
        if (size < 1 || size > vertices - at)
            return 0;
        starts[j] = at;
        at += size;
    }
    starts[polygons] = at;
    return at == vertices;
}

/* The least squared distance of (px, py) to the edges of polygons first .. first + count - 1
   (vertex runs `starts`, checked against the coordinates by polygon_starts; first and count
   checked against them by the caller) */
static double nearest_squared(int64_t px, int64_t py, const int64_t *xy, const int64_t *starts, int64_t first,
                              int64_t count)
{
    double nearest = INFINITY;
    for (int64_t j = first; j < first + count; j++) {
        const int64_t *v = xy + 2 * starts[j];
        int64_t n = starts[j + 1] - starts[j];
        for (int64_t k = 0; k < n; k++) {
            int64_t previous = k == 0 ? n - 1 : k - 1;
            double here = edge_squared(px, py, v[2 * previous], v[2 * previous + 1], v[2 * k], v[2 * k + 1]);
            nearest = here < nearest ? here : nearest; /* np.minimum; never NaN (finite ints) */
        }
    }
    return nearest;
}

static PyObject *squared(PyObject *self, PyObject *args)
{
    PyObject *objects[5];
    if (!PyArg_ParseTuple(args, "OOOOO", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4]))
        return NULL;
    Array a[5]; /* points, coordinates, sizes, firsts, counts */
    PyObject *result = NULL;
    int64_t *starts = NULL;
    int got = 0;
    for (; got < 5; got++)
        if (array_get(objects[got], &a[got], 8, 0, "outlines") < 0) {
            array_release(&a[got]);
            goto done;
        }
    const int64_t *points = (const int64_t *)a[0].view.buf, *xy = (const int64_t *)a[1].view.buf;
    const int64_t *sizes = (const int64_t *)a[2].view.buf, *firsts = (const int64_t *)a[3].view.buf;
    const int64_t *counts = (const int64_t *)a[4].view.buf;
    Py_ssize_t queries = a[3].count, polygons = a[2].count;
    if (a[0].count != 2 * queries || a[4].count != queries || a[1].count % 2) {
        PyErr_SetString(PyExc_ValueError, "outlines.squared: array lengths differ");
        goto done;
    }
    /* private copies of everything that indexes: the polygon starts (one more than the
       polygons), and each query's first polygon and count (validated after the copy) */
    if ((size_t)polygons >= (size_t)PY_SSIZE_T_MAX / sizeof(int64_t) - 1
        || (size_t)queries > (size_t)PY_SSIZE_T_MAX / (2 * sizeof(int64_t))) {
        PyErr_NoMemory();
        goto done;
    }
    starts = PyMem_Malloc(((size_t)polygons + 1 + 2 * (size_t)queries) * sizeof(int64_t));
    if (!starts) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t *own_firsts = starts + polygons + 1, *own_counts = own_firsts + queries;
    memcpy(own_firsts, firsts, (size_t)queries * sizeof(int64_t));
    memcpy(own_counts, counts, (size_t)queries * sizeof(int64_t));
    int ok = polygon_starts(sizes, polygons, a[1].count / 2, starts);
    for (Py_ssize_t i = 0; ok && i < queries; i++)
        ok = own_firsts[i] >= 0 && own_counts[i] >= 0 && own_firsts[i] <= polygons
             && own_counts[i] <= polygons - own_firsts[i];
    if (!ok) {
        result = Py_None;
        Py_INCREF(result);
        goto done;
    }
    double *best;
    result = PyBytes_FromStringAndSize(NULL, queries * (Py_ssize_t)sizeof(double));
    if (!result)
        goto done;
    best = (double *)PyBytes_AS_STRING(result);
    /* only coordinate values come from the callers' buffers now: every index is ours */
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < queries; i++)
        best[i] = nearest_squared(points[2 * i], points[2 * i + 1], xy, starts, own_firsts[i], own_counts[i]);
    Py_END_ALLOW_THREADS
done:
    PyMem_Free(starts);
    for (int i = 0; i < got; i++)
        array_release(&a[i]);
    return result;
}

/* ---- gather: a point file's entries as arrays */

typedef struct {
    int64_t *items;
    size_t count, room;
} Vector;

/* Room for `more` items; 0 when out of memory (or past any sane size). */
static int vector_reserve(Vector *vector, size_t more)
{
    if (vector->count + more <= vector->room)
        return 1;
    size_t room = vector->room ? vector->room : 64;
    while (room < vector->count + more) {
        if (room > ((size_t)PY_SSIZE_T_MAX / sizeof(int64_t)) / 2)
            return 0;
        room *= 2;
    }
    int64_t *items = PyMem_Realloc(vector->items, room * sizeof(int64_t));
    if (!items)
        return 0;
    vector->items = items, vector->room = room;
    return 1;
}

/* An exact int within int64 into *value; 0 for anything else (no Python code runs). */
static int exact_int64(PyObject *object, int64_t *value)
{
    int overflow = 0;
    if (!PyLong_CheckExact(object))
        return 0;
    long long read = PyLong_AsLongLongAndOverflow(object, &overflow);
    if (overflow || (read == -1 && PyErr_Occurred())) {
        PyErr_Clear();
        return 0;
    }
    *value = (int64_t)read;
    return 1;
}

/* One entry: 1 read (or skipped: not a territory), 0 not as expected, -1 error. */
static int gather_entry(PyObject *entry, Py_ssize_t number, PyObject *first, Vector *rows, Vector *coordinates)
{
    static PyObject *name_key, *points_key;
    if ((!name_key && !(name_key = PyUnicode_InternFromString("name"))) ||
        (!points_key && !(points_key = PyUnicode_InternFromString("points"))))
        return -1;
    PyObject *name = PyObject_GetAttr(entry, name_key);
    if (!name)
        return -1;
    int read = 0, is_str = PyUnicode_CheckExact(name); /* a str's hash and == run no Python code */
    PyObject *shape = is_str ? PyDict_GetItemWithError(first, name) : NULL;
    Py_XINCREF(shape);
    Py_DECREF(name);
    if (!shape)
        return PyErr_Occurred() ? -1 : is_str; /* not a territory: skipped, as the Python code does */
    PyObject *points = PyObject_GetAttr(entry, points_key);
    int64_t polygon, polygons, x, y;
    if (!points)
        read = -1;
    else if (PyTuple_CheckExact(shape) && PyTuple_GET_SIZE(shape) >= 3 &&
             exact_int64(PyTuple_GET_ITEM(shape, 1), &polygon) && exact_int64(PyTuple_GET_ITEM(shape, 2), &polygons) &&
             PyTuple_CheckExact(points)) {
        Py_ssize_t count = PyTuple_GET_SIZE(points);
        read = vector_reserve(rows, 4) && vector_reserve(coordinates, 2 * (size_t)count) ? 1 : -1;
        for (Py_ssize_t i = 0; read == 1 && i < count; i++) {
            PyObject *point = PyTuple_GET_ITEM(points, i);
            read = PyTuple_CheckExact(point) && PyTuple_GET_SIZE(point) == 2 &&
                   exact_int64(PyTuple_GET_ITEM(point, 0), &x) && exact_int64(PyTuple_GET_ITEM(point, 1), &y);
            if (read) /* (within the room reserved above) */
                coordinates->items[coordinates->count + 2 * i] = x, coordinates->items[coordinates->count + 2 * i + 1] = y;
        }
        if (read == 1) {
            coordinates->count += 2 * (size_t)count;
            int64_t *row = rows->items + rows->count;
            row[0] = number, row[1] = polygon, row[2] = polygons, row[3] = count;
            rows->count += 4;
        } else if (read == -1) {
            PyErr_NoMemory();
        }
    }
    Py_XDECREF(points);
    Py_DECREF(shape);
    return read;
}

/* Every fourth item of `rows` from `column` on, as bytes. */
static PyObject *column_bytes(const Vector *rows, size_t column, size_t width)
{
    size_t count = rows->count / 4;
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(count * width * sizeof(int64_t)));
    if (bytes) {
        int64_t *out = (int64_t *)PyBytes_AS_STRING(bytes);
        for (size_t i = 0; i < count; i++)
            for (size_t k = 0; k < width; k++)
                out[i * width + k] = rows->items[4 * i + column + k];
    }
    return bytes;
}

/* gather_entry over every entry, until one answers other than 1: its answer, or 1 */
static int gather_entries(PyObject *entries, PyObject *first, Vector *rows, Vector *coordinates)
{
    int read = 1;
    for (Py_ssize_t i = 0; read == 1 && i < PyList_GET_SIZE(entries); i++) { /* (size re-read: getattr may run code) */
        PyObject *entry = PyList_GET_ITEM(entries, i);
        Py_INCREF(entry);
        read = gather_entry(entry, i, first, rows, coordinates);
        Py_DECREF(entry);
    }
    return read;
}

static PyObject *gather(PyObject *self, PyObject *args)
{
    PyObject *entries, *first, *result = NULL;
    if (!PyArg_ParseTuple(args, "O!O!", &PyList_Type, &entries, &PyDict_Type, &first))
        return NULL;
    Vector rows = {NULL, 0, 0}, coordinates = {NULL, 0, 0};
    int read = gather_entries(entries, first, &rows, &coordinates);
    if (read == 0) {
        result = Py_None;
        Py_INCREF(result);
    } else if (read == 1) {
        PyObject *numbers = column_bytes(&rows, 0, 1), *shapes = column_bytes(&rows, 1, 2);
        PyObject *counts = column_bytes(&rows, 3, 1);
        PyObject *points = PyBytes_FromStringAndSize(coordinates.items ? (const char *)coordinates.items : "",
                                                     (Py_ssize_t)(coordinates.count * sizeof(int64_t)));
        if (numbers && shapes && counts && points)
            result = PyTuple_Pack(4, numbers, shapes, counts, points);
        Py_XDECREF(numbers), Py_XDECREF(shapes), Py_XDECREF(counts), Py_XDECREF(points);
    }
    PyMem_Free(rows.items);
    PyMem_Free(coordinates.items);
    return result;
}

/* outside_runs' loop: (entry, first outside point, outside points) rows into `runs` (room
   for one per entry), their number in *found; 0 when something does not fit (a polygon
   left out of the scan, counts beyond the arrays). The tables are a[0..4]; every value
   read from an array not ours is checked before it indexes anything. */
static int find_runs(const Array *a, const int64_t *polygon_index, size_t polygons, const int64_t *firsts,
                     const int64_t *polygon_counts, const int64_t *point_counts, size_t entries,
                     const int64_t *xy, size_t points, int64_t top, int64_t rows, int64_t *runs, size_t *found_out)
{
    size_t crossings = (size_t)a[0].count, touches = (size_t)a[2].count, found = 0, at = 0;
    int odd = 0;
    for (size_t e = 0; e < entries && !odd; e++) {
        /* each value read once and checked before use: the arrays are not ours */
        int64_t first = firsts[e], count = polygon_counts[e], own = point_counts[e];
        if (first < 0 || count < 0 || (uint64_t)first > polygons || (uint64_t)count > polygons - (size_t)first ||
            own < 0 || (uint64_t)own > points - at) {
            odd = 1;
            break;
        }
        size_t outside = 0, first_outside = 0;
        for (size_t p = at; p < at + (size_t)own && !odd; p++) {
            int64_t x = xy[2 * p], y = xy[2 * p + 1];
            int hit = 0;
            for (size_t k = (size_t)first; k < (size_t)(first + count) && !hit; k++) {
                int64_t polygon = polygon_index[k];
                if (polygon < 0) {
                    odd = 1;
                    break;
                }
                hit = point_hit(a, crossings, touches, polygon, x, y, top, rows);
            }
            if (!hit && outside++ == 0)
                first_outside = p;
        }
        if (outside && !odd) {
            runs[3 * found] = (int64_t)e;
            runs[3 * found + 1] = (int64_t)first_outside;
            runs[3 * found + 2] = (int64_t)outside;
            found++;
        }
        at += (size_t)own;
    }
    *found_out = found;
    return !odd && at == points;
}

/* ---- outside_runs: outside.points_outside's question for a whole point file at once

   outside_runs(5 tables, polygon_index, firsts, polygon_counts, point_counts, points, top, rows)
       -> bytes of int64 triples, or None
   Entry e owns the next point_counts[e] points (x, y rows of `points`) and the input
   polygons firsts[e] .. firsts[e] + polygon_counts[e] - 1; a point is inside when it is
   inside or on any of them (as _inside_any asks `contains`). Per entry with points
   outside: (e, its first outside point's number in `points`, how many are outside).
   None when a polygon was left out of the scan (polygon_index < 0: Python tests it with
   the reference code), or when the counts do not fit the arrays. */
static PyObject *outside_runs(PyObject *self, PyObject *args)
{
    PyObject *objects[10];
    long long top, rows;
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOLL", &objects[0], &objects[1], &objects[2], &objects[3], &objects[4],
                          &objects[5], &objects[6], &objects[7], &objects[8], &objects[9], &top, &rows))
        return NULL;
    /* the 5 tables, polygon_index, firsts, polygon_counts, point_counts, points */
    Array a[10];
    PyObject *result = NULL;
    int64_t *runs = NULL;
    int got = 0;
    for (; got < 10; got++)
        if (array_get(objects[got], &a[got], 8, got == 1, "scanrows") < 0) {
            array_release(&a[got]);
            goto done;
        }
    size_t crossings = (size_t)a[0].count, touches = (size_t)a[2].count, polygons = (size_t)a[5].count;
    size_t entries = (size_t)a[6].count, points = (size_t)a[9].count / 2;
    if ((size_t)a[1].count != crossings || (size_t)a[3].count != touches || (size_t)a[4].count != touches ||
        (size_t)a[7].count != entries || (size_t)a[8].count != entries || (size_t)a[9].count % 2) {
        PyErr_SetString(PyExc_ValueError, "scanrows.outside_runs: array lengths differ");
        goto done;
    }
    if (entries > SIZE_MAX / (3 * sizeof(int64_t)) || !(runs = malloc((entries ? entries : 1) * 3 * sizeof(int64_t)))) {
        PyErr_NoMemory();
        goto done;
    }
    size_t found = 0;
    int ok;
    Py_BEGIN_ALLOW_THREADS
    ok = find_runs(a, I64(a[5]), polygons, I64(a[6]), I64(a[7]), I64(a[8]), entries, I64(a[9]), points,
                   (int64_t)top, (int64_t)rows, runs, &found);
    Py_END_ALLOW_THREADS
    if (!ok)
        result = Py_NewRef(Py_None);
    else
        result = PyBytes_FromStringAndSize((const char *)runs, (Py_ssize_t)(found * 3 * sizeof(int64_t)));
done:
    free(runs);
    for (int i = 0; i < got; i++)
        array_release(&a[i]);
    return result;
}

/* ---- outside: outside.points_outside at once for one point file

   outside(entries, first, 5 tables, polygon_index, coordinates, sizes, top, rows, limit)
       -> (int64 bytes of (entry number, x, y, outside points) per entry with points outside
           its territory, float64 bytes of the first such point's squared distance), or None
   gather's reading of the entries, their points clamped to [-limit, limit] for the table's
   question (outside_runs), then squared for each such entry's first outside point as
   written: what points_outside asks of the three, in one call. None for anything the
   three would refuse (the Python code then asks them one by one, and decides). */
static PyObject *outside(PyObject *self, PyObject *args)
{
    PyObject *entries, *first, *objects[8];
    long long top, rows, limit;
    if (!PyArg_ParseTuple(args, "O!O!OOOOOOOOLLL", &PyList_Type, &entries, &PyDict_Type, &first, &objects[0],
                          &objects[1], &objects[2], &objects[3], &objects[4], &objects[5], &objects[6], &objects[7],
                          &top, &rows, &limit))
        return NULL;
    Vector gathered = {NULL, 0, 0}, written = {NULL, 0, 0};
    int read = gather_entries(entries, first, &gathered, &written);
    /* the 5 tables, polygon_index, coordinates, sizes: taken after the entries are read (their
       getattr may run Python code, which may change arrays not yet held) */
    Array a[8];
    PyObject *result = NULL, *rows_bytes = NULL, *squares_bytes = NULL;
    int64_t *columns = NULL, *runs = NULL, *starts = NULL;
    int got = 0;
    if (read != 1) {
        result = read == 0 ? Py_NewRef(Py_None) : NULL;
        goto done;
    }
    for (; got < 8; got++)
        if (array_get(objects[got], &a[got], 8, got == 1, "outlines") < 0) {
            array_release(&a[got]);
            goto done;
        }
    size_t crossings = (size_t)a[0].count, touches = (size_t)a[2].count, polygons = (size_t)a[5].count;
    size_t count = gathered.count / 4, points = written.count / 2;
    if ((size_t)a[1].count != crossings || (size_t)a[3].count != touches || (size_t)a[4].count != touches ||
        (size_t)a[7].count != polygons || a[6].count % 2 || limit < 0 || rows < 1) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    /* our own columns: firsts, polygon counts, point counts, then the clamped points; the
       runs; the polygon starts (one more than the polygons) */
    if (count > SIZE_MAX / (8 * sizeof(int64_t)) || points > SIZE_MAX / (4 * sizeof(int64_t)) ||
        polygons >= SIZE_MAX / sizeof(int64_t) - 1 ||
        !(columns = PyMem_Malloc((3 * count + 2 * points + 1) * sizeof(int64_t))) ||
        !(runs = PyMem_Malloc((3 * count + 1) * sizeof(int64_t))) ||
        !(starts = PyMem_Malloc((polygons + 1) * sizeof(int64_t)))) {
        PyErr_NoMemory();
        goto done;
    }
    int64_t *firsts = columns, *polygon_counts = columns + count, *point_counts = columns + 2 * count;
    int64_t *clamped = columns + 3 * count;
    for (size_t e = 0; e < count; e++) { /* gather's rows: number, first polygon, polygons, points */
        firsts[e] = gathered.items[4 * e + 1];
        polygon_counts[e] = gathered.items[4 * e + 2];
        point_counts[e] = gathered.items[4 * e + 3];
    }
    for (size_t i = 0; i < 2 * points; i++) { /* np.clip to the engine's int range */
        int64_t value = written.items[i];
        clamped[i] = value < -limit ? -limit : value > limit ? limit : value;
    }
    if (!polygon_starts(I64(a[7]), (Py_ssize_t)polygons, a[6].count / 2, starts)) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    size_t found = 0;
    int ok;
    Py_BEGIN_ALLOW_THREADS
    ok = find_runs(a, I64(a[5]), polygons, firsts, polygon_counts, point_counts, count, clamped, points,
                   (int64_t)top, (int64_t)rows, runs, &found);
    Py_END_ALLOW_THREADS
    if (!ok) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    int64_t *out;
    double *squares;
    rows_bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(found * 4 * sizeof(int64_t)));
    squares_bytes = rows_bytes ? PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(found * sizeof(double))) : NULL;
    if (!squares_bytes)
        goto done;
    out = (int64_t *)PyBytes_AS_STRING(rows_bytes), squares = (double *)PyBytes_AS_STRING(squares_bytes);
    const int64_t *xy = I64(a[6]); /* vertex values only: every index comes from the checked starts */
    for (size_t r = 0; r < found; r++) {
        size_t e = (size_t)runs[3 * r], point = (size_t)runs[3 * r + 1]; /* < count, < points: find_runs' own */
        int64_t x = written.items[2 * point], y = written.items[2 * point + 1];
        out[4 * r] = gathered.items[4 * e], out[4 * r + 1] = x, out[4 * r + 2] = y, out[4 * r + 3] = runs[3 * r + 2];
        squares[r] = nearest_squared(x, y, xy, starts, firsts[e], polygon_counts[e]); /* checked by find_runs */
    }
    result = PyTuple_Pack(2, rows_bytes, squares_bytes);
done:
    Py_XDECREF(rows_bytes);
    Py_XDECREF(squares_bytes);
    PyMem_Free(columns);
    PyMem_Free(runs);
    PyMem_Free(starts);
    PyMem_Free(gathered.items);
    PyMem_Free(written.items);
    for (int i = 0; i < got; i++)
        array_release(&a[i]);
    return result;
}

static PyMethodDef methods[] = {
    {"gather", gather, METH_VARARGS, "(entries, first) -> (numbers, shapes, point_counts, coordinates) bytes, or None"},
    {"squared", squared, METH_VARARGS, "(points, coordinates, sizes, firsts, counts) -> float64 bytes, or None"},
    {"outside", outside, METH_VARARGS,
     "(entries, first, 5 tables, polygon_index, coordinates, sizes, top, rows, limit) -> (rows, squares) bytes, or None"},
    {"outside_runs", outside_runs, METH_VARARGS,
     "(5 tables, polygon_index, firsts, polygon_counts, point_counts, points, top, rows) -> bytes or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_outlines",
                                    "Point files against polygon outlines: gathering and distances (see the file header).", -1,
                                    methods};

PyMODINIT_FUNC PyInit__outlines(void) { return PyModule_Create(&module); }
