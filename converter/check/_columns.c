/* Attribute columns of lxml elements, read in one C loop.
 *
 * The game model reads each attribute across all the elements at one path
 * (`[element.get(name) for element in elements]`, converter/check/model.py). Through lxml
 * each read is a Python method call, a key check and a namespace split: most of the check
 * of a small map. This module does the same reads in C, with the very libxml2 functions
 * lxml calls for them (borrowed from lxml's etree extension by dlopen + dlsym, as
 * _dtdvalid does), so the values are the same:
 *   element.get(name)    == xmlGetNsProp(node, name, NULL) decoded from UTF-8, None if absent
 *   element.sourceline   == xmlGetLineNo(node) when > 0, else None
 *
 * An element is reached through lxml's public struct (lxml/includes/etree_defs.h and
 * lxml.etree.h: PyObject_HEAD, _doc, _c_node, _tag). Only objects whose type is exactly the
 * `etree._Element` given to `bind` are read; on anything else (a comment, another object,
 * a node that is not an element) the functions return None and the caller reads with lxml.
 * The GIL is held throughout: every value becomes a Python object at once.
 *
 * bind(element_type) -> None            once, before the readers
 * column(elements, name: bytes) -> list[str | None] | None
 * lines(elements) -> list[int | None] | None
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>

#include "lxml_libxml2.h"
#include <string.h>

/* lxml's public element struct (stable since lxml 2) */
typedef struct {
    PyObject_HEAD
    PyObject *doc;
    void *c_node;
    PyObject *tag;
} LxmlElement;

/* the head of libxml2's xmlNode: what tells an element from other nodes */
typedef struct {
    void *private_data;
    int type;
} XmlNodeHead;

enum { XML_ELEMENT_NODE = 1 };

typedef void (*XmlFreeFunc)(void *);

static struct {
    unsigned char *(*get_ns_prop)(const void *, const unsigned char *, const unsigned char *);
    long (*get_line_no)(const void *);
    XmlFreeFunc *free_slot; /* libxml2's `xmlFree` is a variable holding the function */
} xml;

static PyTypeObject *element_type = NULL; /* etree._Element, set by bind() */

/* the element's node, or NULL when the object is not a plain lxml element of an element node */
static const void *element_node(PyObject *object) {
    if (element_type == NULL || Py_TYPE(object) != element_type)
        return NULL;
    const void *node = ((LxmlElement *)object)->c_node;
    if (node == NULL || ((const XmlNodeHead *)node)->type != XML_ELEMENT_NODE)
        return NULL;
    return node;
}

/* as lxml's _getNodeAttributeValue for a key without a namespace; NULL with an exception set */
static PyObject *attribute_value(const void *node, const unsigned char *name) {
    unsigned char *value = xml.get_ns_prop(node, name, NULL);
    if (value == NULL)
        Py_RETURN_NONE;
    PyObject *text = PyUnicode_DecodeUTF8((const char *)value, (Py_ssize_t)strlen((const char *)value), NULL);
    (*xml.free_slot)(value);
    return text;
}

/* the elements as a list whose every item is a readable element, or NULL (no exception
 * set: the caller answers None) */
static int all_elements(PyObject *elements) {
    if (!PyList_CheckExact(elements))
        return 0;
    Py_ssize_t size = PyList_GET_SIZE(elements);
    for (Py_ssize_t i = 0; i < size; i++)
        if (element_node(PyList_GET_ITEM(elements, i)) == NULL)
            return 0;
    return 1;
}

static PyObject *column(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *elements;
    const char *name;
    Py_ssize_t name_size;
    if (!PyArg_ParseTuple(args, "Oy#", &elements, &name, &name_size))
        return NULL;
    if (strlen(name) != (size_t)name_size || name_size == 0 || !all_elements(elements))
        Py_RETURN_NONE; /* a NUL inside the name, or something lxml must read */
    Py_ssize_t size = PyList_GET_SIZE(elements);
    PyObject *values = PyList_New(size);
    if (values == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < size; i++) {
        /* the list cannot change meanwhile: nothing here runs Python code */
        PyObject *value = attribute_value(element_node(PyList_GET_ITEM(elements, i)), (const unsigned char *)name);
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
    }
    return values;
}

static PyObject *lines(PyObject *self, PyObject *elements) {
    (void)self;
    if (!all_elements(elements))
        Py_RETURN_NONE;
    Py_ssize_t size = PyList_GET_SIZE(elements);
    PyObject *values = PyList_New(size);
    if (values == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < size; i++) {
        long line = xml.get_line_no(element_node(PyList_GET_ITEM(elements, i)));
        PyObject *value = line > 0 ? PyLong_FromLong(line) : Py_NewRef(Py_None);
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
    }
    return values;
}

/* 1 when `type` is lxml.etree._Element itself, 0 when not, -1 with an exception */
static int is_lxml_element_type(PyObject *type) {
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return -1;
    PyObject *expected = PyObject_GetAttrString(etree, "_Element");
    Py_DECREF(etree);
    if (expected == NULL)
        return -1;
    int same = expected == type;
    Py_DECREF(expected);
    return same;
}

static PyObject *bind(PyObject *self, PyObject *type) {
    (void)self;
    /* the readers cast objects of this exact type to lxml's struct: any other type (a dict,
     * a subclass) would have them read foreign memory as a node pointer */
    int is_element = is_lxml_element_type(type);
    if (is_element < 0)
        return NULL;
    if (!is_element || !PyType_Check(type)) {
        PyErr_SetString(PyExc_TypeError, "bind() takes lxml.etree._Element");
        return NULL;
    }
    /* a build of lxml with a smaller struct than the one declared here would be unsafe */
    if (((PyTypeObject *)type)->tp_basicsize < (Py_ssize_t)sizeof(LxmlElement)) {
        PyErr_SetString(PyExc_TypeError, "not lxml's element struct");
        return NULL;
    }
    Py_INCREF(type);
    Py_XSETREF(element_type, (PyTypeObject *)type);
    Py_RETURN_NONE;
}

/* ---- binding lxml's libxml2 */
static int bind_symbols(void) {
    void *library = lxml_libxml2();
    if (library == NULL)
        return -1;
    xml.get_ns_prop = (unsigned char *(*)(const void *, const unsigned char *, const unsigned char *))
        dlsym(library, "xmlGetNsProp");
    xml.get_line_no = (long (*)(const void *))dlsym(library, "xmlGetLineNo");
    xml.free_slot = (XmlFreeFunc *)dlsym(library, "xmlFree");
    if (xml.get_ns_prop == NULL || xml.get_line_no == NULL || xml.free_slot == NULL || *xml.free_slot == NULL) {
        PyErr_SetString(PyExc_ImportError, "lxml's libxml2 lacks xmlGetNsProp, xmlGetLineNo or xmlFree");
        return -1;
    }
    return 0;
}

static PyMethodDef methods[] = {
    {"bind", bind, METH_O, "bind(lxml.etree._Element): the only type the readers accept"},
    {"column", column, METH_VARARGS,
     "column(elements, name) -> [element.get(name) ...], or None when lxml must read them"},
    {"lines", lines, METH_O, "lines(elements) -> [element.sourceline ...], or None when lxml must read them"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_columns", .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__columns(void) {
    if (bind_symbols() < 0)
        return NULL;
    return PyModule_Create(&module);
}
