/* _positions: the indices of a list's items equal to a string or in a set; the offsets of
   lines in a text.

   positions(values, wanted) gives what positions.py's Python path gives,
   `list(compress(count(), map(test, values)))` with `test` the string's equality or the set's
   membership, without a Python call per item: a big game's option names (thousands) are
   scanned a dozen times per check. An item that is no str is never equal to the string;
   set membership is the set's own (hash, then equality).

   line_offsets(data, lines) gives what sourcelines.py's Python path gives: where each of the
   1-based line numbers, in ascending order, starts in the bytes (lines end at '\n'), -1 past
   the last line; one memchr pass, where the Python path steps line by line. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <string.h>

/* equal str objects have the same length, kind and code units (CPython keeps one canonical
   representation per string) */
static int same_text(PyObject *item, PyObject *wanted) {
    if (item == wanted) {
        return 1;
    }
    if (!PyUnicode_Check(item) || PyUnicode_READY(item) < 0) {
        PyErr_Clear();
        return 0;
    }
    if (PyUnicode_GET_LENGTH(item) != PyUnicode_GET_LENGTH(wanted)
            || PyUnicode_KIND(item) != PyUnicode_KIND(wanted)) {
        return 0;
    }
    return memcmp(PyUnicode_DATA(item), PyUnicode_DATA(wanted),
                  (size_t)PyUnicode_GET_LENGTH(item) * PyUnicode_KIND(item)) == 0;
}

static PyObject *positions(PyObject *self, PyObject *args) {
    PyObject *values, *wanted;
    if (!PyArg_ParseTuple(args, "OO:positions", &values, &wanted)) {
        return NULL;
    }
    int by_text = PyUnicode_CheckExact(wanted);
    if (!by_text && !PyAnySet_Check(wanted)) {
        PyErr_SetString(PyExc_TypeError, "positions() wants a str or a set");
        return NULL;
    }
    if (by_text && PyUnicode_READY(wanted) < 0) {
        return NULL;
    }
    PyObject *fast = PySequence_Fast(values, "positions() wants a sequence");
    if (fast == NULL) {
        return NULL;
    }
    PyObject *found = PyList_New(0);
    if (found == NULL) {
        Py_DECREF(fast);
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(fast);
    for (Py_ssize_t index = 0; index < count; index++) {
        /* a set's __eq__ may run Python code that changes a list: take the item afresh */
        PyObject *item = PySequence_Fast_GET_ITEM(fast, index);
        int hit;
        if (by_text) {
            hit = same_text(item, wanted);
        } else {
            Py_INCREF(item);
            hit = PySet_Contains(wanted, item);
            Py_DECREF(item);
            if (hit < 0) {
                goto error;
            }
        }
        if (hit) {
            PyObject *number = PyLong_FromSsize_t(index);
            if (number == NULL || PyList_Append(found, number) < 0) {
                Py_XDECREF(number);
                goto error;
            }
            Py_DECREF(number);
        }
        if (PySequence_Fast_GET_SIZE(fast) != count) {  /* shrunk meanwhile */
            PyErr_SetString(PyExc_RuntimeError, "positions(): the sequence changed size");
            goto error;
        }
    }
    Py_DECREF(fast);
    return found;
error:
    Py_DECREF(fast);
    Py_DECREF(found);
    return NULL;
}

static PyObject *line_offsets(PyObject *self, PyObject *args) {
    PyObject *data, *lines;
    if (!PyArg_ParseTuple(args, "SO:line_offsets", &data, &lines)) {  /* S: bytes alone, as the Python path */
        return NULL;
    }
    /* a copy: converting an item may run Python code (__index__) that changes a list */
    PyObject *numbers = PySequence_Tuple(lines);
    PyObject *found = numbers == NULL ? NULL : PyList_New(0);
    if (found == NULL) {
        Py_XDECREF(numbers);
        return NULL;
    }
    const char *text = PyBytes_AS_STRING(data), *end = text + PyBytes_GET_SIZE(data);
    const char *at = text;  /* the start of line `line`, NULL past the last line */
    long long line = 1, previous = 1;
    for (Py_ssize_t index = 0; index < PyTuple_GET_SIZE(numbers); index++) {
        PyObject *number = PyNumber_Index(PyTuple_GET_ITEM(numbers, index));
        if (number == NULL) {
            goto error;
        }
        int overflow;
        long long wanted = PyLong_AsLongLongAndOverflow(number, &overflow);
        Py_DECREF(number);
        if (wanted == -1 && PyErr_Occurred()) {
            goto error;
        }
        if (overflow > 0) {
            wanted = LLONG_MAX;  /* past any text's last line */
        }
        if (overflow < 0 || wanted < previous) {  /* (previous starts at 1) */
            PyErr_SetString(PyExc_ValueError, "line_offsets() wants line numbers from 1 up, in ascending order");
            goto error;
        }
        previous = wanted;
        while (at != NULL && line < wanted) {
            const char *newline = memchr(at, '\n', (size_t)(end - at));
            at = newline == NULL ? NULL : newline + 1;
            line++;
        }
        PyObject *offset = PyLong_FromSsize_t(at == NULL ? -1 : at - text);
        if (offset == NULL || PyList_Append(found, offset) < 0) {
            Py_XDECREF(offset);
            goto error;
        }
        Py_DECREF(offset);
    }
    Py_DECREF(numbers);
    return found;
error:
    Py_DECREF(numbers);
    Py_DECREF(found);
    return NULL;
}

static PyMethodDef methods[] = {
    {"positions", positions, METH_VARARGS,
     "positions(values, wanted) -> [index ...] of the items equal to the str `wanted`, or in the set `wanted`"},
    {"line_offsets", line_offsets, METH_VARARGS,
     "line_offsets(data, lines) -> [offset ...] where each line (1-based, ascending) starts, -1 past the end"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_positions", NULL, -1, methods};

PyMODINIT_FUNC PyInit__positions(void) {
    return PyModule_Create(&module);
}
