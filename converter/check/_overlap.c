/* _overlap: geometry.polygons_overlap and geometry.polygon_within in C, the same answers.

   overlap(first, second) -> bool, or None
   within(inner, outer) -> bool, or None

   Each polygon is a buffer of int64 x, y pairs (array('q')), its vertices in order. None when
   a polygon has no point, or a coordinate lies beyond +-2^25: the caller then takes the
   Python path. Within that range every product of two coordinate differences fits a double's
   53-bit mantissa, so the ray cast's float arithmetic (a midpoint's half pixels, the division
   that finds where an edge crosses a row) rounds exactly as Python's does, and the integer
   orientation tests cannot overflow.

   Python tests every pair (edge and edge, point and edge) of the edges near the two polygons'
   shared box: two neighbouring sea zones of ~1,000 edges each took 0.6 s there. Here edges
   and points are swept by row: a pair is tested only when their rows meet, the condition for
   two edges to cross, or for an edge to hold a point or cross the ray cast from it. The loops
   run without the GIL. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>

#include "kernel_arrays.h"

#define LIMIT ((int64_t)1 << 25)

typedef struct { int64_t x1, y1, x2, y2, low, high; } Edge;  /* low, high: its rows */
typedef struct { double x, y; } Spot;                          /* a vertex or an edge's midpoint */
typedef struct { int64_t left, top, right, bottom; } Box;

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }

static Box box_of(const int64_t *xy, Py_ssize_t n)
{
    Box box = {xy[0], xy[1], xy[0], xy[1]};
    for (Py_ssize_t i = 1; i < n; i++) {
        box.left = min64(box.left, xy[2 * i]);
        box.right = max64(box.right, xy[2 * i]);
        box.top = min64(box.top, xy[2 * i + 1]);
        box.bottom = max64(box.bottom, xy[2 * i + 1]);
    }
    return box;
}

/* edge i runs from vertex i to vertex i + 1, the last back to the first (geometry._edges) */
static Edge edge_of(const int64_t *xy, Py_ssize_t n, Py_ssize_t i)
{
    Py_ssize_t j = (i + 1) % n;
    Edge edge = {xy[2 * i], xy[2 * i + 1], xy[2 * j], xy[2 * j + 1], 0, 0};
    edge.low = min64(edge.y1, edge.y2);
    edge.high = max64(edge.y1, edge.y2);
    return edge;
}

/* geometry._edges_meeting's test */
static int meets(const Edge *e, Box box)
{
    return !(max64(e->x1, e->x2) < box.left || min64(e->x1, e->x2) > box.right || e->high < box.top
             || e->low > box.bottom);
}

static int orientation(int64_t ax, int64_t ay, int64_t bx, int64_t by, int64_t cx, int64_t cy)
{
    int64_t value = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    return (value > 0) - (value < 0);
}

/* geometry._segments_cross: the interiors meet at one point */
static int cross(const Edge *a, const Edge *c)
{
    int o1 = orientation(a->x1, a->y1, a->x2, a->y2, c->x1, c->y1);
    int o2 = orientation(a->x1, a->y1, a->x2, a->y2, c->x2, c->y2);
    int o3 = orientation(c->x1, c->y1, c->x2, c->y2, a->x1, a->y1);
    int o4 = orientation(c->x1, c->y1, c->x2, c->y2, a->x2, a->y2);
    return o1 * o2 < 0 && o3 * o4 < 0;
}

static int by_low(const void *a, const void *b)
{
    int64_t x = ((const Edge *)a)->low, y = ((const Edge *)b)->low;
    return (x > y) - (x < y);
}

static int by_row(const void *a, const void *b)
{
    double x = ((const Spot *)a)->y, y = ((const Spot *)b)->y;
    return (x > y) - (x < y);
}

/* Does an edge of `first` cross one of `second`? Both sorted by low row; each edge, as the
   sweep reaches its first row, is tested against the other side's edges still open there.
   `open_first`, `open_second`: scratch for as many edges. */
static int any_crossing(const Edge *first, size_t n, const Edge *second, size_t m,
                        const Edge **open_first, const Edge **open_second)
{
    size_t i = 0, j = 0, open_n = 0, open_m = 0;
    while (i < n || j < m) {
        int from_first = j >= m || (i < n && first[i].low <= second[j].low);
        const Edge *edge = from_first ? &first[i++] : &second[j++];
        const Edge **others = from_first ? open_second : open_first;
        size_t *count = from_first ? &open_m : &open_n;
        size_t kept = 0;
        for (size_t k = 0; k < *count; k++) {
            const Edge *other = others[k];
            if (other->high < edge->low)
                continue;  /* closed: it ends above every row still to come */
            others[kept++] = other;
            if (max64(edge->x1, edge->x2) >= min64(other->x1, other->x2)
                && max64(other->x1, other->x2) >= min64(edge->x1, edge->x2)
                && (from_first ? cross(edge, other) : cross(other, edge)))
                return 1;
        }
        *count = kept;
        if (from_first)
            open_first[open_n++] = edge;
        else
            open_second[open_m++] = edge;
    }
    return 0;
}

enum { OUTSIDE = 0, INSIDE = 1, ON_BORDER = 2 };

/* geometry._ray_cast of one point over edges whose rows reach its row (the others change
   nothing): even-odd, or ON_BORDER when the point lies on an edge. */
static int ray_cast(Spot p, const Edge *const *edges, size_t count)
{
    int inside = 0;
    for (size_t k = 0; k < count; k++) {
        const Edge *e = edges[k];
        double x1 = (double)e->x1, y1 = (double)e->y1, x2 = (double)e->x2, y2 = (double)e->y2;
        double side = (x2 - x1) * (p.y - y1) - (y2 - y1) * (p.x - x1);
        if ((y1 > p.y) != (y2 > p.y)) {
            if (side == 0 && ((x1 <= p.x && p.x <= x2) || (x2 <= p.x && p.x <= x1)))
                return ON_BORDER;
            if (p.x < x1 + (p.y - y1) * (x2 - x1) / (y2 - y1))
                inside = !inside;
        } else if ((y1 == p.y || y2 == p.y) && side == 0 && (x1 < x2 ? x1 : x2) <= p.x
                   && p.x <= (x1 < x2 ? x2 : x1) && (y1 < y2 ? y1 : y2) <= p.y && p.y <= (y1 < y2 ? y2 : y1)) {
            return ON_BORDER;
        }
    }
    return inside;
}

/* Sweeps the points (sorted by row) over the edges (sorted by low row): for each point, the
   edges open at its row. Stops at the first point whose answer is `stop_at`, or, when
   `stop_at` is OUTSIDE, at the first point outside; `seen` gathers the answers met (a bit
   each). `open`: scratch for as many edges. */
static int sweep_points(const Spot *points, size_t count, const Edge *edges, size_t n, const Edge **open,
                        int stop_at)
{
    size_t next = 0, open_n = 0;
    int seen = 0;
    for (size_t i = 0; i < count; i++) {
        Spot p = points[i];
        while (next < n && (double)edges[next].low <= p.y)
            open[open_n++] = &edges[next++];
        size_t kept = 0;
        for (size_t k = 0; k < open_n; k++)
            if ((double)open[k]->high >= p.y)
                open[kept++] = open[k];
        open_n = kept;
        int answer = ray_cast(p, open, open_n);
        seen |= 1 << answer;
        if (answer == stop_at)
            break;
    }
    return seen;
}

typedef struct {
    const int64_t *xy;
    Py_ssize_t n;
    Box box;
} Shape;

/* geometry._strictly_inside: a vertex or edge midpoint of `inner` in the shared box lies
   inside `outer`, off its border. -1: out of memory. */
static int strictly_inside(Shape inner, Shape outer, Box shared)
{
    Spot *points = malloc(sizeof(Spot) * 2 * (size_t)inner.n);
    Edge *edges = malloc(sizeof(Edge) * (size_t)outer.n);
    const Edge **open = malloc(sizeof(Edge *) * (size_t)outer.n);
    int found = -1;
    if (points && edges && open) {
        size_t count = 0, n = 0;
        for (Py_ssize_t i = 0; i < inner.n; i++) {
            Edge e = edge_of(inner.xy, inner.n, i);
            Spot spots[2] = {{(double)e.x1, (double)e.y1}, {((double)e.x1 + (double)e.x2) / 2,
                                                            ((double)e.y1 + (double)e.y2) / 2}};
            for (int s = 0; s < 2; s++)
                if (shared.left <= spots[s].x && spots[s].x <= shared.right && shared.top <= spots[s].y
                    && spots[s].y <= shared.bottom)
                    points[count++] = spots[s];
        }
        for (Py_ssize_t i = 0; i < outer.n; i++) {
            Edge e = edge_of(outer.xy, outer.n, i);
            if (!(e.high < shared.top || e.low > shared.bottom))
                edges[n++] = e;
        }
        qsort(points, count, sizeof(Spot), by_row);
        qsort(edges, n, sizeof(Edge), by_low);
        found = (sweep_points(points, count, edges, n, open, INSIDE) >> INSIDE) & 1;
    }
    free(points);
    free(edges);
    free(open);
    return found;
}

static int overlap_of(Shape first, Shape second)
{
    Box a = first.box, b = second.box;
    if (!(a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom))
        return 0;
    Box shared = {max64(a.left, b.left), max64(a.top, b.top), min64(a.right, b.right), min64(a.bottom, b.bottom)};
    Edge *near = malloc(sizeof(Edge) * (size_t)(first.n + second.n));
    const Edge **open = malloc(sizeof(Edge *) * (size_t)(first.n + second.n));
    int found = -1;
    if (near && open) {
        size_t n = 0, m = 0;
        for (Py_ssize_t i = 0; i < first.n; i++) {
            Edge e = edge_of(first.xy, first.n, i);
            if (meets(&e, shared))
                near[n++] = e;
        }
        for (Py_ssize_t i = 0; i < second.n; i++) {
            Edge e = edge_of(second.xy, second.n, i);
            if (meets(&e, shared))
                near[n + m++] = e;
        }
        qsort(near, n, sizeof(Edge), by_low);
        qsort(near + n, m, sizeof(Edge), by_low);
        found = any_crossing(near, n, near + n, m, open, open + n);
    }
    free(near);
    free(open);
    if (found != 0)
        return found;
    found = strictly_inside(first, second, shared);
    return found != 0 ? found : strictly_inside(second, first, shared);
}

static int within_of(Shape inner, Shape outer)
{
    Box box = inner.box, o = outer.box;
    if (!(o.left <= box.left && box.right <= o.right && o.top <= box.top && box.bottom <= o.bottom))
        return 0;
    size_t total = (size_t)(inner.n + outer.n);
    Edge *edges = malloc(sizeof(Edge) * total);  /* inner's, then outer's near its box */
    Edge *rows = malloc(sizeof(Edge) * (size_t)outer.n);
    Spot *vertices = malloc(sizeof(Spot) * (size_t)inner.n);
    const Edge **open = malloc(sizeof(Edge *) * total);
    int found = -1;
    if (edges && rows && vertices && open) {
        size_t n = 0, near = 0, r = 0;
        for (Py_ssize_t i = 0; i < inner.n; i++) {
            edges[n++] = edge_of(inner.xy, inner.n, i);
            vertices[i] = (Spot){(double)inner.xy[2 * i], (double)inner.xy[2 * i + 1]};
        }
        for (Py_ssize_t i = 0; i < outer.n; i++) {
            Edge e = edge_of(outer.xy, outer.n, i);
            if (meets(&e, box))
                edges[n + near++] = e;
            if (!(e.high < box.top || e.low > box.bottom))
                rows[r++] = e;
        }
        qsort(vertices, (size_t)inner.n, sizeof(Spot), by_row);
        qsort(rows, r, sizeof(Edge), by_low);
        /* every vertex inside or on the border, one of them inside */
        int seen = sweep_points(vertices, (size_t)inner.n, rows, r, open, OUTSIDE);
        if ((seen & (1 << OUTSIDE)) || !(seen & (1 << INSIDE))) {
            found = 0;
        } else {
            qsort(edges, n, sizeof(Edge), by_low);
            qsort(edges + n, near, sizeof(Edge), by_low);
            found = !any_crossing(edges, n, edges + n, near, open, open + n);
        }
    }
    free(edges);
    free(rows);
    free(vertices);
    free(open);
    return found;
}

/* A polygon argument as a Shape; 0: beyond the kernel (no point, a coordinate too far out). */
static int shape_get(Array *array, Shape *shape)
{
    if (array->count < 2 || array->count % 2)
        return 0;
    shape->xy = I64(*array);
    shape->n = array->count / 2;
    for (Py_ssize_t i = 0; i < array->count; i++)
        if (shape->xy[i] > LIMIT || shape->xy[i] < -LIMIT)
            return 0;
    shape->box = box_of(shape->xy, shape->n);
    return 1;
}

static PyObject *run(PyObject *args, const char *format, int (*test)(Shape, Shape))
{
    PyObject *first_object, *second_object;
    if (!PyArg_ParseTuple(args, format, &first_object, &second_object))
        return NULL;
    Array first, second;
    first.held = second.held = 0;
    PyObject *result = NULL;
    if (array_get(first_object, &first, 8, 0, "_overlap") < 0
        || array_get(second_object, &second, 8, 0, "_overlap") < 0)
        goto done;
    Shape a, b;
    if (!shape_get(&first, &a) || !shape_get(&second, &b)) {
        result = Py_NewRef(Py_None);
        goto done;
    }
    int answer;
    Py_BEGIN_ALLOW_THREADS
    answer = test(a, b);
    Py_END_ALLOW_THREADS
    if (answer < 0)
        PyErr_NoMemory();
    else
        result = PyBool_FromLong(answer);
done:
    array_release(&first);
    array_release(&second);
    return result;
}

static PyObject *overlap(PyObject *self, PyObject *args) { return run(args, "OO:overlap", overlap_of); }
static PyObject *within(PyObject *self, PyObject *args) { return run(args, "OO:within", within_of); }

static PyMethodDef methods[] = {
    {"overlap", overlap, METH_VARARGS, "overlap(first, second) -> geometry.polygons_overlap's answer, or None"},
    {"within", within, METH_VARARGS, "within(inner, outer) -> geometry.polygon_within's answer, or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_overlap", NULL, -1, methods};

PyMODINIT_FUNC PyInit__overlap(void) { return PyModule_Create(&module); }
