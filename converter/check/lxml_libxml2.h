/* The libxml2 inside lxml's etree extension, shared by _dtdvalid.c and _columns.c: they
 * call the very copy lxml uses (same version, same messages) through dlsym on this handle.
 * Included into each module: the function is static. */
#ifndef DDAY2_LXML_LIBXML2_H
#define DDAY2_LXML_LIBXML2_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>

/* dlopen handle of the loaded lxml.etree (importing it also initialises libxml2); NULL with
   ImportError set. The handle stays open for the life of the process, as lxml itself does. */
static void *lxml_libxml2(void)
{
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return NULL;
    PyObject *file = PyObject_GetAttrString(etree, "__file__");
    Py_DECREF(etree);
    if (file == NULL)
        return NULL;
    PyObject *encoded = PyUnicode_EncodeFSDefault(file);
    Py_DECREF(file);
    if (encoded == NULL)
        return NULL;
    void *library = dlopen(PyBytes_AS_STRING(encoded), RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    Py_DECREF(encoded);
    if (library == NULL)
        PyErr_SetString(PyExc_ImportError, "lxml.etree's shared library is not loaded");
    return library;
}

#endif
