/* Attribute columns of lxml elements, read in one C loop.
 *
 * The game model reads each attribute across all the elements at one path
 * (`[element.get(name) for element in elements]`, converter/check/model.py). Through lxml
 * each read is a Python method call, a key check and a namespace split: most of the check
 * of a small map. This module does the same reads in C, with the very libxml2 functions
 * lxml calls for them (borrowed from lxml's etree extension by dlopen + dlsym, as
 * _dtdvalid does; the node structs and the attribute reader are in xmlattribute.h), so the
 * values are the same:
 *   element.get(name)    == xmlGetNsProp(node, name, NULL) decoded from UTF-8, None if absent
 *                           (a value that is one text node is read from it, as xmlGetNsProp
 *                           copies it, without the copy; equal values share one str)
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
 *
 * The model reads whole tables this way without making an lxml element (a Python object
 * per node, made and later freed) for each node at all: `select` finds the elements at a
 * child path (what the XPath "map/territory" finds), `scatter` every element of some tags
 * anywhere (what root.iter(*tags) finds), each as a `Nodes`: the node pointers of one
 * document, read by the same libxml2 calls. A Nodes holds the root element, and so the
 * document; the tree must not change while it lives (the check never changes it).
 * lxml's elements are made only when asked (`Nodes.elements`, by lxml's own public C-API
 * `elementFactory`, the very object lxml would give).
 *
 * select(root, steps: tuple[bytes, ...]) -> Nodes | None
 * scatter(root, tags: tuple[bytes, ...]) -> tuple[Nodes, ...] | None   (one per tag)
 * tag_names(root) -> tuple[str, ...] | None   (the distinct element names, see distinct_tags)
 * Nodes: len(), ==, column(name: bytes, default=None, at=None), lines(), elements(),
 *        owners(parents: Nodes) -> each node's parent's index in parents (-1: not there)
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <dlfcn.h>

#include "lxml_libxml2.h"
#include "xmlattribute.h"
#include <stdint.h>
#include <string.h>

/* lxml's public element struct (stable since lxml 2) */
typedef struct {
    PyObject_HEAD
    PyObject *doc;
    void *c_node;
    PyObject *tag;
} LxmlElement;

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
    TextCache cache;
    text_cache_init(&cache);
    for (Py_ssize_t i = 0; i < size; i++) {
        /* the list cannot change meanwhile: nothing here runs Python code */
        PyObject *value = attribute_value(element_node(PyList_GET_ITEM(elements, i)), (const unsigned char *)name,
                                          Py_None, &cache);
        if (value == NULL) {
            text_cache_free(&cache);
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
    }
    text_cache_free(&cache);
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

/* ---- Nodes: the elements at one place of one document, as node pointers */
typedef struct {
    PyObject_HEAD
    PyObject *root; /* the lxml element the nodes were found from: it keeps the document */
    Py_ssize_t size;
    XmlNode **nodes;
} Nodes;

static PyTypeObject NodesType;

/* lxml's public C-API: the lxml element of a node (an existing one, or a new one) */
static PyObject *(*element_factory)(PyObject *document, XmlNode *node) = NULL;

static Nodes *nodes_new(PyObject *root) {
    Nodes *self = PyObject_New(Nodes, &NodesType);
    if (self == NULL)
        return NULL;
    self->root = Py_NewRef(root);
    self->size = 0;
    self->nodes = NULL;
    return self;
}

static void nodes_dealloc(Nodes *self) {
    PyMem_Free(self->nodes);
    Py_DECREF(self->root);
    PyObject_Free(self);
}

/* append a node, growing the array by doubling; -1 with MemoryError */
static int nodes_push(Nodes *self, Py_ssize_t *capacity, XmlNode *node) {
    if (self->size == *capacity) {
        Py_ssize_t grown = *capacity ? *capacity * 2 : 16;
        XmlNode **nodes = PyMem_Realloc(self->nodes, (size_t)grown * sizeof(XmlNode *));
        if (nodes == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        self->nodes = nodes;
        *capacity = grown;
    }
    self->nodes[self->size++] = node;
    return 0;
}

/* an element with this name and no namespace: what an XPath step or lxml's iter("name") takes */
static int is_plain_element(const XmlNode *node, const char *name) {
    return node->type == XML_ELEMENT_NODE && node->ns == NULL && node->name != NULL && strcmp(node->name, name) == 0;
}

/* the tag names as C strings (borrowed from the bytes), or -1 with an exception */
static int tag_names(PyObject *tags, const char ***names, Py_ssize_t *count) {
    if (!PyTuple_CheckExact(tags)) {
        PyErr_SetString(PyExc_TypeError, "tags must be a tuple of bytes");
        return -1;
    }
    *count = PyTuple_GET_SIZE(tags);
    *names = PyMem_Calloc((size_t)(*count ? *count : 1), sizeof(char *));
    if (*names == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < *count; i++) {
        PyObject *tag = PyTuple_GET_ITEM(tags, i);
        if (!PyBytes_CheckExact(tag) || PyBytes_GET_SIZE(tag) == 0 ||
            strlen(PyBytes_AS_STRING(tag)) != (size_t)PyBytes_GET_SIZE(tag)) {
            PyMem_Free(*names);
            PyErr_SetString(PyExc_ValueError, "each tag must be non-empty bytes without NUL");
            return -1;
        }
        (*names)[i] = PyBytes_AS_STRING(tag);
    }
    return 0;
}

static PyObject *select_path(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *root, *steps;
    if (!PyArg_ParseTuple(args, "OO", &root, &steps))
        return NULL;
    const XmlNode *start = element_node(root);
    if (start == NULL)
        Py_RETURN_NONE;
    const char **names;
    Py_ssize_t depth;
    if (tag_names(steps, &names, &depth) < 0)
        return NULL;
    /* one level at a time: the children, in order, of each element found at the level before,
     * which is document order (what the XPath gives) */
    Nodes *found = nodes_new(root), *level = NULL;
    Py_ssize_t capacity = 0;
    if (found == NULL || nodes_push(found, &capacity, (XmlNode *)start) < 0)
        goto fail;
    for (Py_ssize_t step = 0; step < depth; step++) {
        Py_XSETREF(level, found);
        found = nodes_new(root);
        capacity = 0;
        if (found == NULL)
            goto fail;
        for (Py_ssize_t i = 0; i < level->size; i++)
            for (XmlNode *child = level->nodes[i]->children; child != NULL; child = child->next)
                if (is_plain_element(child, names[step]) && nodes_push(found, &capacity, child) < 0)
                    goto fail;
    }
    Py_XDECREF(level);
    PyMem_Free(names);
    return (PyObject *)found;
fail:
    Py_XDECREF(level);
    Py_XDECREF(found);
    PyMem_Free(names);
    return NULL;
}

/* the element after `node` in document order (depth first, elements only, as lxml's iter),
 * within the subtree of `start`; NULL after its last */
static XmlNode *next_element(XmlNode *node, const XmlNode *start) {
    XmlNode *child = node->children;
    while (child != NULL && child->type != XML_ELEMENT_NODE)
        child = child->next;
    if (child != NULL)
        return child;
    for (; node != NULL && node != start; node = node->parent) { /* the next element after this subtree */
        XmlNode *next = node->next;
        while (next != NULL && next->type != XML_ELEMENT_NODE)
            next = next->next;
        if (next != NULL)
            return next;
    }
    return NULL;
}

static PyObject *scatter(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *root, *tags;
    if (!PyArg_ParseTuple(args, "OO", &root, &tags))
        return NULL;
    XmlNode *start = (XmlNode *)element_node(root);
    if (start == NULL)
        Py_RETURN_NONE;
    const char **names;
    Py_ssize_t count;
    if (tag_names(tags, &names, &count) < 0)
        return NULL;
    PyObject *result = PyTuple_New(count);
    Py_ssize_t *capacities = PyMem_Calloc((size_t)(count ? count : 1), sizeof(Py_ssize_t));
    if (result == NULL || capacities == NULL)
        goto fail;
    for (Py_ssize_t i = 0; i < count; i++) {
        Nodes *each = nodes_new(root);
        if (each == NULL)
            goto fail;
        PyTuple_SET_ITEM(result, i, (PyObject *)each);
    }
    /* depth first in document order, the root included, through elements only (as lxml's iter) */
    XmlNode *node = start;
    while (node != NULL) {
        for (Py_ssize_t i = 0; i < count; i++)
            if (is_plain_element(node, names[i])) {
                if (nodes_push((Nodes *)PyTuple_GET_ITEM(result, i), &capacities[i], node) < 0)
                    goto fail;
                break; /* a tag named twice: the first takes it, as in one dict */
            }
        node = next_element(node, start);
    }
    PyMem_Free(capacities);
    PyMem_Free(names);
    return result;
fail:
    PyMem_Free(capacities);
    PyMem_Free(names);
    Py_XDECREF(result);
    return NULL;
}

#define MAX_DISTINCT_TAGS 256

/* tag_names(root): the distinct names of the elements at and below root, in order of first
 * appearance (what {e.tag for e in root.iter() if e is an element} holds); None when one
 * has a namespace or the tree has more than MAX_DISTINCT_TAGS names (lxml reads them).
 * libxml2 interns a document's names, so a pointer compare nearly always settles a name. */
static PyObject *distinct_tags(PyObject *self, PyObject *root) {
    (void)self;
    XmlNode *start = (XmlNode *)element_node(root);
    if (start == NULL)
        Py_RETURN_NONE;
    const char *seen[MAX_DISTINCT_TAGS];
    const char *last = NULL; /* the previous element's name: siblings mostly share one */
    Py_ssize_t count = 0;
    XmlNode *node = start;
    while (node != NULL) {
        if (node->ns != NULL || node->name == NULL)
            Py_RETURN_NONE;
        if (node->name != last) {
            Py_ssize_t i = 0;
            while (i < count && seen[i] != node->name)
                i++;
            if (i == count) { /* not this pointer: the same name at another address, or a new one */
                i = 0;
                while (i < count && strcmp(seen[i], node->name) != 0)
                    i++;
                if (i == count) {
                    if (count == MAX_DISTINCT_TAGS)
                        Py_RETURN_NONE;
                    seen[count++] = node->name;
                }
            }
            last = node->name;
        }
        node = next_element(node, start);
    }
    PyObject *names = PyTuple_New(count);
    for (Py_ssize_t i = 0; names != NULL && i < count; i++) {
        PyObject *name = PyUnicode_DecodeUTF8(seen[i], (Py_ssize_t)strlen(seen[i]), "strict");
        if (name == NULL) {
            Py_CLEAR(names);
            break;
        }
        PyTuple_SET_ITEM(names, i, name);
    }
    return names;
}

static Py_ssize_t nodes_len(Nodes *self) {
    return self->size;
}

/* column(name, default=None, at=None): the attribute of each node, or of the nodes at the
 * indices `at` (a list of ints) */
static PyObject *nodes_column(Nodes *self, PyObject *args) {
    const char *name;
    Py_ssize_t name_size;
    PyObject *fallback = Py_None, *at = Py_None;
    if (!PyArg_ParseTuple(args, "y#|OO", &name, &name_size, &fallback, &at))
        return NULL;
    if (strlen(name) != (size_t)name_size || name_size == 0) {
        PyErr_SetString(PyExc_ValueError, "the attribute name must be non-empty bytes without NUL");
        return NULL;
    }
    if (at != Py_None && !PyList_CheckExact(at)) {
        PyErr_SetString(PyExc_TypeError, "at must be a list of indices");
        return NULL;
    }
    Py_ssize_t size = at == Py_None ? self->size : PyList_GET_SIZE(at);
    PyObject *values = PyList_New(size);
    if (values == NULL)
        return NULL;
    TextCache cache;
    text_cache_init(&cache);
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t index = i;
        if (at != Py_None) {
            index = PyLong_AsSsize_t(PyList_GET_ITEM(at, i));
            if (index == -1 && PyErr_Occurred())
                goto failed;
            if (index < 0 || index >= self->size) {
                PyErr_SetString(PyExc_IndexError, "node index out of range");
                goto failed;
            }
        }
        PyObject *text = attribute_value(self->nodes[index], (const unsigned char *)name, fallback, &cache);
        if (text == NULL)
            goto failed;
        PyList_SET_ITEM(values, i, text);
    }
    text_cache_free(&cache);
    return values;
failed:
    text_cache_free(&cache);
    Py_DECREF(values);
    return NULL;
}

static PyObject *nodes_lines(Nodes *self, PyObject *unused) {
    (void)unused;
    PyObject *values = PyList_New(self->size);
    if (values == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->size; i++) {
        long line = xml.get_line_no(self->nodes[i]);
        PyObject *value = line > 0 ? PyLong_FromLong(line) : Py_NewRef(Py_None);
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
    }
    return values;
}

static PyObject *nodes_elements(Nodes *self, PyObject *unused) {
    (void)unused;
    if (element_factory == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "lxml's elementFactory is not bound");
        return NULL;
    }
    PyObject *document = ((LxmlElement *)self->root)->doc;
    PyObject *values = PyList_New(self->size);
    if (values == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < self->size; i++) {
        PyObject *element = element_factory(document, self->nodes[i]);
        if (element == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, element);
    }
    return values;
}

/* each node's parent's index in `parents` (-1 when it is not there); both in document order,
 * so a cursor moving forward finds most parents at once, a full search the others */
static PyObject *nodes_owners(Nodes *self, PyObject *other) {
    if (!PyObject_TypeCheck(other, &NodesType)) {
        PyErr_SetString(PyExc_TypeError, "owners() takes Nodes");
        return NULL;
    }
    Nodes *parents = (Nodes *)other;
    PyObject *values = PyList_New(self->size);
    if (values == NULL)
        return NULL;
    Py_ssize_t cursor = 0;
    PyObject *last = NULL; /* the previous node's index: siblings share one int object */
    for (Py_ssize_t i = 0; i < self->size; i++) {
        XmlNode *parent = self->nodes[i]->parent;
        if (i > 0 && parent == self->nodes[i - 1]->parent && last != NULL) {
            PyList_SET_ITEM(values, i, Py_NewRef(last));
            continue;
        }
        Py_ssize_t found = -1;
        for (Py_ssize_t j = cursor; j < parents->size; j++)
            if (parents->nodes[j] == parent) {
                found = j;
                break;
            }
        for (Py_ssize_t j = 0; found < 0 && j < cursor && j < parents->size; j++)
            if (parents->nodes[j] == parent)
                found = j;
        if (found >= 0)
            cursor = found;
        PyObject *value = PyLong_FromSsize_t(found);
        if (value == NULL) {
            Py_DECREF(values);
            return NULL;
        }
        PyList_SET_ITEM(values, i, value);
        last = value;
    }
    return values;
}

static PyObject *nodes_richcompare(PyObject *self, PyObject *other, int op) {
    if ((op != Py_EQ && op != Py_NE) || !PyObject_TypeCheck(other, &NodesType))
        Py_RETURN_NOTIMPLEMENTED;
    Nodes *a = (Nodes *)self, *b = (Nodes *)other;
    int same = a->size == b->size &&
               (a->size == 0 || memcmp(a->nodes, b->nodes, (size_t)a->size * sizeof(XmlNode *)) == 0);
    return PyBool_FromLong(op == Py_EQ ? same : !same);
}

static PyMethodDef nodes_methods[] = {
    {"column", (PyCFunction)nodes_column, METH_VARARGS,
     "column(name, default=None, at=None) -> [element.get(name, default) ...] of all or those at the indices"},
    {"lines", (PyCFunction)nodes_lines, METH_NOARGS, "lines() -> [element.sourceline ...]"},
    {"elements", (PyCFunction)nodes_elements, METH_NOARGS, "elements() -> the lxml elements"},
    {"owners", (PyCFunction)nodes_owners, METH_O,
     "owners(parents) -> each element's parent's index in parents, -1 when not there"},
    {NULL, NULL, 0, NULL},
};

static PySequenceMethods nodes_sequence = {.sq_length = (lenfunc)nodes_len};

static PyTypeObject NodesType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "converter.check._columns.Nodes",
    .tp_basicsize = sizeof(Nodes),
    .tp_dealloc = (destructor)nodes_dealloc,
    .tp_as_sequence = &nodes_sequence,
    .tp_richcompare = nodes_richcompare,
    .tp_hash = PyObject_HashNotImplemented,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "the elements at one place of one document (see select, scatter)",
    .tp_methods = nodes_methods,
};

/* lxml's elementFactory from its public C-API table (lxml.etree.__pyx_capi__) */
static int bind_element_factory(void) {
    PyObject *etree = PyImport_ImportModule("lxml.etree");
    if (etree == NULL)
        return -1;
    PyObject *api = PyObject_GetAttrString(etree, "__pyx_capi__");
    Py_DECREF(etree);
    if (api == NULL)
        return -1;
    PyObject *capsule = PyDict_Check(api) ? PyDict_GetItemString(api, "elementFactory") : NULL;
    const char *signature = capsule != NULL && PyCapsule_CheckExact(capsule) ? PyCapsule_GetName(capsule) : NULL;
    if (signature == NULL || strcmp(signature, "struct LxmlElement *(struct LxmlDocument *, xmlNode *)") != 0) {
        Py_DECREF(api);
        PyErr_Clear();
        PyErr_SetString(PyExc_ImportError, "lxml.etree has no elementFactory of the known signature");
        return -1;
    }
    element_factory = (PyObject * (*)(PyObject *, XmlNode *)) PyCapsule_GetPointer(capsule, signature);
    Py_DECREF(api);
    return element_factory == NULL ? -1 : 0;
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
    {"select", select_path, METH_VARARGS, "select(root, steps) -> Nodes at the child path, or None (not an element)"},
    {"scatter", scatter, METH_VARARGS, "scatter(root, tags) -> (Nodes of each tag anywhere, ...), or None"},
    {"tag_names", distinct_tags, METH_O, "tag_names(root) -> (each distinct element name, ...), or None"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_columns", .m_size = -1, .m_methods = methods,
};

PyMODINIT_FUNC PyInit__columns(void) {
    if (bind_symbols() < 0 || bind_element_factory() < 0 || PyType_Ready(&NodesType) < 0)
        return NULL;
    PyObject *created = PyModule_Create(&module);
    if (created != NULL && PyModule_AddObjectRef(created, "Nodes", (PyObject *)&NodesType) < 0)
        Py_CLEAR(created);
    return created;
}
