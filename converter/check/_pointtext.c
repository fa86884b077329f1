/* The map's point files (polygons.txt, centers.txt, place.txt) read in C.
 *
 * A whole file's bytes go in; every line the C can prove plainly written (ASCII, a name,
 * points exactly as mapfiles' regular expressions would find them, numbers that fit Java's int)
 * comes back as a finished Entry; every other non-blank line comes back as its line
 * number and byte range, for mapfiles' regular expressions, which define the format.
 * The parse runs with the GIL released; Python objects are built after it is taken back.
 *
 * Lines are split as TripleA 2.x's Files.lines splits them: at \n, \r and \r\n only. The
 * blanks a plain line may hold are ' ' and '\t', blank to every Java reading alike (the
 * regex's \s, String.trim, String.isBlank); a line holding another control character, or
 * any non-ASCII byte, is handed to Python, which reads it as Java does (javatext).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

/* ---- character classes of the ASCII text inside a line */
enum { OTHER = 0, BLANK = 1, DIGIT = 2, BREAK = 3 };

static unsigned char kind_of(unsigned char c)
{
    if (c == '\n' || c == '\r')
        return BREAK;  /* Files.lines splits here */
    if (c == ' ' || c == '\t')
        return BLANK;
    if (c >= '0' && c <= '9')
        return DIGIT;
    return OTHER;
}

static unsigned char KIND[256];   /* kind_of for every byte; filled at import */
static unsigned char STOPS[256];  /* what ends the quick pass over a line: breaks, other control
                                     characters (Java's blanks differ there), non-ASCII */

/* ---- what the parse finds, in plain C memory (no Python object while the GIL is released) */
typedef struct {
    Py_ssize_t number;             /* as Files.lines counts, from 1 */
    Py_ssize_t start, end;         /* the line's bytes */
    Py_ssize_t name_start, name_end;
    Py_ssize_t options_start, options_end;
    Py_ssize_t first, count;       /* first polygon and polygons, or first point and points */
    int plain;                     /* 0: Python reads this line */
} Line;

typedef struct {
    const unsigned char *text;
    Py_ssize_t size;
    Line *lines;
    Py_ssize_t line_count, line_capacity;
    int64_t *values;               /* x, y of every point of the plain lines */
    Py_ssize_t point_count, point_capacity;
    int64_t *sizes;                /* points of every polygon of the plain lines */
    Py_ssize_t polygon_count, polygon_capacity;
    int ascii;                     /* no byte >= 0x80 (a BOM is one: the engines read it into the first name) */
    int out_of_memory;
} Parse;

typedef const unsigned char *Cursor;  /* a place in the file's bytes */

static inline Cursor skip_blanks(Cursor c, Cursor end)
{
    while (c < end && KIND[*c] == BLANK)
        c++;
    return c;
}

/* `-?\d+` that fits Java's int at c (Integer.parseInt's range: a number beyond it stops the
 * engine loading the map, which the regex path reports): past it, or NULL when there is none
 * or it does not fit */
static inline Cursor read_number(Cursor c, Cursor end, int64_t *out)
{
    int negative = c < end && *c == '-';
    c += negative;
    Cursor first = c;
    uint64_t value = 0;
    for (; c < end && KIND[*c] == DIGIT; c++) {
        value = value * 10u + (unsigned)(*c - '0');
        if (value > 2147483648u)  /* beyond every int already: no overflow of value either */
            return NULL;
    }
    if (c == first || value > 2147483647u + (unsigned)negative)
        return NULL;
    *out = negative ? -(int64_t)value : (int64_t)value;
    return c;
}

/* Blanks and points from c, appended to p's values: where they stop, or NULL when a `(`
 * starts no point. Each point is the regex's `\(\s*(-?\d+)\s*,\s*(-?\d+)\s*\)`, which
 * finds exactly these (a match must start at a `(`) and leaves only blanks. Locals, not
 * p's fields, in the loop: stores through int64_t* would make the compiler reload them. */
static Cursor read_point_list(Parse *p, Cursor c, Cursor end)
{
    int64_t *values = p->values;
    Py_ssize_t count = p->point_count;
    const Py_ssize_t capacity = p->point_capacity;
    c = skip_blanks(c, end);
    while (c < end && *c == '(') {
        int64_t x, y;
        c = read_number(skip_blanks(c + 1, end), end, &x);
        if (c == NULL)
            return NULL;
        c = skip_blanks(c, end);
        if (c >= end || *c != ',')
            return NULL;
        c = read_number(skip_blanks(c + 1, end), end, &y);
        if (c == NULL)
            return NULL;
        c = skip_blanks(c, end);
        if (c >= end || *c != ')' || count >= capacity)
            return NULL;
        values[2 * count] = x;
        values[2 * count + 1] = y;
        count++;
        c = skip_blanks(c + 1, end);
    }
    p->point_count = count;
    return c;
}

/* past `c` up to the first of `a`, `b` or what ends a quick pass (a break, non-ASCII) */
static inline Cursor find_either(Cursor c, Cursor end, unsigned char a, unsigned char b)
{
    while (c < end && !STOPS[*c] && *c != a && *c != b)
        c++;
    return c;
}

static int ends_line(Cursor c, Cursor end)
{
    return c == end || KIND[*c] == BREAK;
}

/* `NAME` from line->start to `stop`, its blanks after it dropped and, unless `keep_leading`,
 * those before it (String.trim; centers.txt's pattern keeps them); 0 when nothing is left */
static int read_name(const Parse *p, Line *line, Cursor stop, int keep_leading)
{
    Cursor start = p->text + line->start, end = stop;
    if (!keep_leading)
        start = skip_blanks(start, stop);
    while (end > start && KIND[end[-1]] == BLANK)
        end--;
    line->name_start = start - p->text;
    line->name_end = end - p->text;
    return end > start;
}

/* `NAME < points > < points > ...`, blanks between the groups, at least 3 points each: what
 * mapfiles' regex reads as an entry with nothing left over. Where it ends, or NULL. */
static Cursor plain_polygon_line(Parse *p, Line *line, Cursor end)
{
    Cursor c = find_either(p->text + line->start, end, '<', '<');
    if (c == end || *c != '<' || !read_name(p, line, c, 0))
        return NULL;
    const Py_ssize_t points_before = p->point_count;
    line->first = p->polygon_count;
    while (c < end && *c == '<') {
        Py_ssize_t first_point = p->point_count;
        c = read_point_list(p, c + 1, end);
        if (c == NULL || c >= end || *c != '>' || p->point_count - first_point < 3
            || p->polygon_count >= p->polygon_capacity)
            goto undo;
        p->sizes[p->polygon_count++] = p->point_count - first_point;
        c = skip_blanks(c + 1, end);
    }
    if (!ends_line(c, end))
        goto undo;
    line->count = p->polygon_count - line->first;
    return c;
undo:  /* Python reads the line: forget what this line added */
    p->polygon_count = line->first;
    p->point_count = points_before;
    return NULL;
}

/* `NAME (x,y) ...` (one point unless allow_options), then `| options` when allowed. A
 * one-point file's name keeps the blanks before it: 2.x reads it as `^([^(]*?)\s*\(`. */
static Cursor plain_point_line(Parse *p, Line *line, Cursor end, int allow_options)
{
    Cursor c = find_either(p->text + line->start, end, '(', allow_options ? '|' : '(');
    if (c == end || *c != '(' || !read_name(p, line, c, !allow_options))
        return NULL;
    line->first = p->point_count;
    c = read_point_list(p, c, end);
    line->count = p->point_count - line->first;
    line->options_start = line->options_end = 0;
    if (c != NULL && allow_options && c < end && *c == '|') {  /* options: any ASCII to the break */
        if (c[-1] != ' ' || end - c < 2 || c[1] != ' ') {  /* 2.x reads options only after " | " */
            p->point_count = line->first;
            return NULL;
        }
        Cursor options = skip_blanks(c + 1, end);
        c = find_either(options, end, 0x80, 0x80);
        line->options_start = options - p->text;
        while (c > options && KIND[c[-1]] == BLANK)
            c--;
        line->options_end = c - p->text;
        c = find_either(c, end, 0x80, 0x80);
    }
    if (c == NULL || !ends_line(c, end) || line->count < 1 || (!allow_options && line->count != 1)) {
        p->point_count = line->first;
        return NULL;
    }
    return c;
}

/* one non-blank line found: remember it, plain or not */
static Line *add_line(Parse *p)
{
    if (p->line_count == p->line_capacity) {
        if (p->line_capacity > PY_SSIZE_T_MAX / 2 / (Py_ssize_t)sizeof(Line))
            return NULL;
        Py_ssize_t capacity = p->line_capacity ? 2 * p->line_capacity : 256;
        Line *grown = PyMem_RawRealloc(p->lines, (size_t)capacity * sizeof(Line));
        if (grown == NULL)
            return NULL;
        p->lines = grown;
        p->line_capacity = capacity;
    }
    Line *line = &p->lines[p->line_count++];
    memset(line, 0, sizeof *line);
    return line;
}

/* The break ending the line that holds c, for a line Python reads: it may be non-ASCII */
static Cursor line_end(Parse *p, Cursor c, Cursor end)
{
    for (; c < end && KIND[*c] != BREAK; c++) {
        if (*c >= 0x80)
            p->ascii = 0;
    }
    return c;
}

/* Line by line as Files.lines splits, blank ones skipped, each read as plain if it is
 * (one pass over a plain line's bytes); the others are only delimited. No GIL. */
static void parse(Parse *p, int polygons, int allow_options)
{
    Cursor c = p->text, end = p->text + p->size;
    Py_ssize_t number = 0;
    while (c < end) {
        number++;
        Cursor start = c;
        c = skip_blanks(c, end);
        if (!ends_line(c, end)) {  /* not a blank line (other blanks are Python's to judge) */
            Line *line = add_line(p);
            if (line == NULL) {
                p->out_of_memory = 1;
                return;
            }
            line->number = number;
            line->start = start - p->text;
            c = polygons ? plain_polygon_line(p, line, end) : plain_point_line(p, line, end, allow_options);
            line->plain = c != NULL;
            if (c == NULL)
                c = line_end(p, start, end);
            line->end = c - p->text;
        }
        if (c < end)  /* past the break; \r\n is one */
            c += (*c == '\r' && end - c > 1 && c[1] == '\n') ? 2 : 1;
    }
}

/* ---- Python objects, with the GIL */
static PyObject *EMPTY_TUPLE, *EMPTY_STR, *NAME, *LINE, *POINTS, *POLYGONS, *OPTIONS, *ITEMS, *TUPLES, *ROWS;

#include "slotfill.h"  /* (uses EMPTY_TUPLE) */


/* mapfiles.Entry (a frozen dataclass) as object.__setattr__ would fill it */
static PyObject *new_entry(const Slots *slots, PyObject *name, Py_ssize_t number,
                           PyObject *points, PyObject *polygons, PyObject *options)
{
    PyObject *line = PyLong_FromSsize_t(number);
    if (line == NULL)
        return NULL;
    PyObject *values[5] = {name, line, points, polygons, options};
    PyObject *entry = new_filled(slots, values);
    Py_DECREF(line);
    return entry;
}

static void entry_slots(Slots *slots, PyTypeObject *type)
{
    PyObject *names[5] = {NAME, LINE, POINTS, POLYGONS, OPTIONS};
    find_slots(slots, type, names, 5);
}

/* mapfiles.PolygonList of `line`'s polygons, rows `first_row`.. of `coordinates`, their
 * sizes polygons line->first.. of `sizes` (the file's, shared: no tuple per entry); its
 * slots as its __init__ would set them, the row slices left for it to make when asked */
static PyObject *new_polygon_list(const Slots *slots, PyObject *coordinates, PyObject *sizes,
                                  const Line *line, Py_ssize_t first_row)
{
    PyObject *rows = Py_BuildValue("(OnOnn)", coordinates, first_row, sizes, line->first, line->count);
    if (rows == NULL)
        return NULL;
    PyObject *values[3] = {Py_None, Py_None, rows};
    PyObject *list = new_filled(slots, values);
    Py_DECREF(rows);
    return list;
}

/* ASCII text t[start:end] as str */
static PyObject *text_of(const Parse *p, Py_ssize_t start, Py_ssize_t end)
{
    return PyUnicode_DecodeASCII((const char *)p->text + start, end - start, NULL);
}

/* (number, start, end) of every line Python reads, in order */
static PyObject *python_lines(const Parse *p)
{
    PyObject *found = PyList_New(0);
    for (Py_ssize_t i = 0; found != NULL && i < p->line_count; i++) {
        const Line *line = &p->lines[i];
        if (line->plain)
            continue;
        PyObject *item = Py_BuildValue("(nnn)", line->number, line->start, line->end);
        if (item == NULL || PyList_Append(found, item) < 0)
            Py_CLEAR(found);
        Py_XDECREF(item);
    }
    return found;
}

/* The Entry of every plain line, in order; each one's polygon count into `counts` (room
 * for every line), for polygonlayout to read without asking each entry. */
static PyObject *polygon_entries(const Parse *p, PyTypeObject *entry_type, PyTypeObject *list_type,
                                 PyObject *coordinates, PyObject *sizes, int64_t *counts)
{
    Slots entry, list;
    PyObject *list_names[3] = {ITEMS, TUPLES, ROWS};
    entry_slots(&entry, entry_type);
    find_slots(&list, list_type, list_names, 3);
    PyObject *entries = PyList_New(0);
    Py_ssize_t row = 0, plain = 0;
    for (Py_ssize_t i = 0; entries != NULL && i < p->line_count; i++) {
        const Line *line = &p->lines[i];
        if (!line->plain)
            continue;
        counts[plain++] = (int64_t)line->count;
        PyObject *name = text_of(p, line->name_start, line->name_end);
        PyObject *polygons = name ? new_polygon_list(&list, coordinates, sizes, line, row) : NULL;
        PyObject *made = polygons ? new_entry(&entry, name, line->number, EMPTY_TUPLE, polygons, EMPTY_STR) : NULL;
        if (made == NULL || PyList_Append(entries, made) < 0)
            Py_CLEAR(entries);
        Py_XDECREF(name);
        Py_XDECREF(polygons);
        Py_XDECREF(made);
        for (Py_ssize_t k = 0; k < line->count; k++)
            row += (Py_ssize_t)p->sizes[line->first + k];
    }
    return entries;
}

/* `line`'s points as ((x, y), ...) */
static PyObject *point_tuples(const Parse *p, const Line *line)
{
    PyObject *points = PyTuple_New(line->count);
    for (Py_ssize_t i = 0; points != NULL && i < line->count; i++) {
        const int64_t *xy = &p->values[2 * (line->first + i)];
        PyObject *point = PyTuple_New(2), *x = PyLong_FromLongLong(xy[0]), *y = PyLong_FromLongLong(xy[1]);
        if (point == NULL || x == NULL || y == NULL) {
            Py_XDECREF(point);
            Py_XDECREF(x);
            Py_XDECREF(y);
            Py_CLEAR(points);
            break;
        }
        PyTuple_SET_ITEM(point, 0, x);
        PyTuple_SET_ITEM(point, 1, y);
        PyTuple_SET_ITEM(points, i, point);
    }
    return points;
}

static PyObject *point_entries(const Parse *p, PyTypeObject *entry_type)
{
    Slots slots;
    entry_slots(&slots, entry_type);
    PyObject *entries = PyList_New(0);
    for (Py_ssize_t i = 0; entries != NULL && i < p->line_count; i++) {
        const Line *line = &p->lines[i];
        if (!line->plain)
            continue;
        PyObject *name = text_of(p, line->name_start, line->name_end);
        PyObject *options = name ? text_of(p, line->options_start, line->options_end) : NULL;
        PyObject *points = options ? point_tuples(p, line) : NULL;
        PyObject *entry = points ? new_entry(&slots, name, line->number, points, EMPTY_TUPLE, options) : NULL;
        if (entry == NULL || PyList_Append(entries, entry) < 0)
            Py_CLEAR(entries);
        Py_XDECREF(name);
        Py_XDECREF(options);
        Py_XDECREF(points);
        Py_XDECREF(entry);
    }
    return entries;
}

/* ---- the parse's memory: capacities are upper bounds (a point takes 5 bytes or more, a
 * polygon of 3 points 17), and every write checks them anyway */
static int start_parse(Parse *p, const Py_buffer *data, PyObject **values)
{
    memset(p, 0, sizeof *p);
    p->text = data->buf;
    p->size = data->len;
    p->ascii = 1;
    p->point_capacity = data->len / 5 + 1;
    p->polygon_capacity = data->len / 17 + 1;
    if (p->point_capacity > PY_SSIZE_T_MAX / 16 || p->polygon_capacity > PY_SSIZE_T_MAX / 8) {
        PyErr_NoMemory();
        return -1;
    }
    /* a bytearray: np.frombuffer wraps it after it is cut to size, without a copy */
    *values = PyByteArray_FromStringAndSize(NULL, p->point_capacity * 16);
    p->sizes = PyMem_RawMalloc((size_t)p->polygon_capacity * 8);
    if (*values == NULL || p->sizes == NULL) {
        Py_CLEAR(*values);
        PyMem_RawFree(p->sizes);
        if (!PyErr_Occurred())
            PyErr_NoMemory();
        return -1;
    }
    p->values = (int64_t *)PyByteArray_AS_STRING(*values);
    return 0;
}

static void end_parse(Parse *p)
{
    PyMem_RawFree(p->lines);
    PyMem_RawFree(p->sizes);
}

/* parse with the GIL released; 1 done, -1 error */
static int run_parse(Parse *p, PyObject *values, int polygons, int allow_options)
{
    Py_BEGIN_ALLOW_THREADS
    parse(p, polygons, allow_options);
    Py_END_ALLOW_THREADS
    if (p->out_of_memory) {
        PyErr_NoMemory();
        return -1;
    }
    /* Cut to size only when most of it is unused: a large block shrunk in place is given
     * back to the system when freed, and its next allocation would fault in fresh pages. */
    if (p->point_count < p->point_capacity / 4) {
        if (PyByteArray_Resize(values, p->point_count * 16) < 0)
            return -1;
        p->values = (int64_t *)PyByteArray_AS_STRING(values);  /* the resize may have moved it */
    }
    return 1;
}

/* a class the readers can instantiate through its tp_new (some built-in types have none:
 * calling through a NULL slot would crash) */
static int is_type(PyObject *object, const char *what)
{
    if (PyType_Check(object) && ((PyTypeObject *)object)->tp_new != NULL)
        return 1;
    PyErr_Format(PyExc_TypeError, "%s must be an instantiable class", what);
    return 0;
}

PyDoc_STRVAR(read_polygons_doc,
"read_polygons(data, entry_type, polygon_list_type, rows_of)\n--\n\n"
"polygons.txt's bytes: (entries of the plain lines, [(line number, start, end)] of the lines\n"
"Python must read, all plain points as rows_of(bytearray, points) (the first 16 * points\n"
"bytes hold them as native int64 x, y), each polygon's size as int64\n"
"bytes, whether the file is ASCII).");

static PyObject *read_polygons(PyObject *module, PyObject *args)
{
    Py_buffer data;
    PyObject *entry_type, *list_type, *rows_of, *values = NULL, *result = NULL;
    Parse p;
    if (!PyArg_ParseTuple(args, "y*OOO", &data, &entry_type, &list_type, &rows_of))
        return NULL;
    if (!is_type(entry_type, "entry_type") || !is_type(list_type, "polygon_list_type")
        || start_parse(&p, &data, &values) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    int done = run_parse(&p, values, 1, 0);
    if (done == 1) {
        PyObject *coordinates = PyObject_CallFunction(rows_of, "On", values, p.point_count);
        /* one count per line at most: line_count * 8 fits, the lines array holds more per line */
        PyObject *counts = coordinates ? PyBytes_FromStringAndSize(NULL, p.line_count * 8) : NULL;
        PyObject *sizes = counts ? PyBytes_FromStringAndSize((const char *)p.sizes, p.polygon_count * 8) : NULL;
        PyObject *entries = sizes ? polygon_entries(&p, (PyTypeObject *)entry_type, (PyTypeObject *)list_type,
                                                    coordinates, sizes, (int64_t *)PyBytes_AS_STRING(counts)) : NULL;
        PyObject *others = entries ? python_lines(&p) : NULL;
        if (others != NULL && _PyBytes_Resize(&counts, PyList_GET_SIZE(entries) * 8) == 0)
            result = Py_BuildValue("(OOOOOO)", entries, others, coordinates, sizes, p.ascii ? Py_True : Py_False,
                                   counts);
        Py_XDECREF(counts);
        Py_XDECREF(coordinates);
        Py_XDECREF(entries);
        Py_XDECREF(others);
        Py_XDECREF(sizes);
    }
    Py_DECREF(values);
    end_parse(&p);
    PyBuffer_Release(&data);
    return result;
}

PyDoc_STRVAR(read_points_doc,
"read_points(data, allow_options, entry_type)\n--\n\n"
"A one-point file's or place.txt's bytes: (entries of the plain lines, [(line number, start,\n"
"end)] of the lines Python must read, whether the file is ASCII).");

static PyObject *read_points(PyObject *module, PyObject *args)
{
    Py_buffer data;
    int allow_options;
    PyObject *entry_type, *values = NULL, *result = NULL;
    Parse p;
    if (!PyArg_ParseTuple(args, "y*pO", &data, &allow_options, &entry_type))
        return NULL;
    if (!is_type(entry_type, "entry_type") || start_parse(&p, &data, &values) < 0) {
        PyBuffer_Release(&data);
        return NULL;
    }
    int done = run_parse(&p, values, 0, allow_options);
    if (done == 1) {
        PyObject *entries = point_entries(&p, (PyTypeObject *)entry_type);
        PyObject *others = entries ? python_lines(&p) : NULL;
        if (others != NULL)
            result = Py_BuildValue("(OOO)", entries, others, p.ascii ? Py_True : Py_False);
        Py_XDECREF(entries);
        Py_XDECREF(others);
    }
    Py_DECREF(values);
    end_parse(&p);
    PyBuffer_Release(&data);
    return result;
}

static PyMethodDef METHODS[] = {
    {"read_polygons", read_polygons, METH_VARARGS, read_polygons_doc},
    {"read_points", read_points, METH_VARARGS, read_points_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef MODULE = {
    PyModuleDef_HEAD_INIT, "_pointtext", "The map's point files read in C (see mapfiles).", -1, METHODS,
};

PyMODINIT_FUNC PyInit__pointtext(void)
{
    for (int c = 0; c < 256; c++)
        KIND[c] = kind_of((unsigned char)c);
    for (int c = 0; c < 256; c++)
        STOPS[c] = KIND[c] == BREAK || (c < 0x20 && c != '\t') || c >= 0x80;
    EMPTY_TUPLE = PyTuple_New(0);
    EMPTY_STR = PyUnicode_FromString("");
    NAME = PyUnicode_InternFromString("name");
    LINE = PyUnicode_InternFromString("line");
    POINTS = PyUnicode_InternFromString("points");
    POLYGONS = PyUnicode_InternFromString("polygons");
    OPTIONS = PyUnicode_InternFromString("options");
    ITEMS = PyUnicode_InternFromString("_items");
    TUPLES = PyUnicode_InternFromString("_tuples");
    ROWS = PyUnicode_InternFromString("_rows");
    if (!EMPTY_TUPLE || !EMPTY_STR || !NAME || !LINE || !POINTS || !POLYGONS || !OPTIONS || !ITEMS
        || !TUPLES || !ROWS)
        return NULL;
    return PyModule_Create(&MODULE);
}
