/* _positions: the indices of a list's items equal to a string or in a set.

   positions(values, wanted) gives what positions.py's Python path gives,
   `list(compress(count(), map(test, values)))` with `test` the string's equality or the set's
   membership, without a Python call per item: a big game's option names (thousands) are
   scanned a dozen times per check. An item that is no str is never equal to the string;
   set membership is the set's own (hash, then equality). */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
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

static PyMethodDef methods[] = {
    {"positions", positions, METH_VARARGS,
     "positions(values, wanted) -> [index ...] of the items equal to the str `wanted`, or in the set `wanted`"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_positions", NULL, -1, methods};

PyMODINIT_FUNC PyInit__positions(void) {
    return PyModule_Create(&module);
}
