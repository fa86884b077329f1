/* Reading numpy arrays (or any buffer) in the geometry kernels, shared by _scanrows.c,
 * _rowsweep.c and _outlines.c. Included into each module: every function is static. */
#ifndef DDAY2_KERNEL_ARRAYS_H
#define DDAY2_KERNEL_ARRAYS_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct {
    Py_buffer view;
    Py_ssize_t count;
    int held;
} Array;

/* An argument as a C-contiguous array of `itemsize`-byte items; is_float says whether the
   items must be doubles (else integers, or bytes when itemsize is 1). `who` names the
   kernel in the error. */
static int array_get(PyObject *object, Array *array, Py_ssize_t itemsize, int is_float, const char *who)
{
    array->held = 0;
    if (PyObject_GetBuffer(object, &array->view, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return -1;
    array->held = 1;
    const char *format = array->view.format ? array->view.format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    int format_ok = is_float ? strcmp(format, "d") == 0
                             : (itemsize == 1 ? strchr("Bb?c", *format) != NULL && format[1] == '\0'
                                              : strchr("qlQL", *format) != NULL && format[1] == '\0');
    if (array->view.itemsize != itemsize || !format_ok) {
        PyErr_Format(PyExc_ValueError, "%s: unexpected array type", who);
        return -1;
    }
    array->count = array->view.len / itemsize;
    return 0;
}

static void array_release(Array *array)
{
    if (array->held)
        PyBuffer_Release(&array->view);
    array->held = 0;
}

#define I64(a) ((const int64_t *)(a).view.buf)
#define F64(a) ((const double *)(a).view.buf)

#endif
