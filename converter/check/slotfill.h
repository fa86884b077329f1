/* Filling a new instance's fields without running its __init__ (which costs a microsecond
 * per entry, a third of _pointtext's time budget). Included by _pointtext.c after its
 * EMPTY_TUPLE; every function is static.
 *
 * Slots: where the fields of a slotted class (mapfiles.Entry, PolygonList) live in its
 * instances, found once per call. A field is then stored there directly, as its member
 * descriptor would store it, instead of a generic attribute lookup per field (~40% of the
 * objects' cost). Only for a class made by object.__new__ (no Python code runs between the
 * lookup and the stores) whose every field is a writable object slot of it or a base and
 * lies inside the instance; for any other class (offsets < 0) each field is set as
 * object.__setattr__ would, as before. */
#ifndef DDAY2_SLOTFILL_H
#define DDAY2_SLOTFILL_H

#include <Python.h>
#include <structmember.h>

#define MAX_FIELDS 5

typedef struct {
    PyTypeObject *type;
    int count;
    PyObject *names[MAX_FIELDS];
    Py_ssize_t offsets[MAX_FIELDS];  /* all -1: set generically */
} Slots;

static void find_slots(Slots *slots, PyTypeObject *type, PyObject *const *names, int count)
{
    int direct = type->tp_new == PyBaseObject_Type.tp_new;
    slots->type = type, slots->count = count;
    for (int i = 0; i < count; i++) {
        slots->names[i] = names[i], slots->offsets[i] = -1;
        PyObject *found = direct ? PyObject_GetAttr((PyObject *)type, names[i]) : NULL;
        if (found == NULL) {
            PyErr_Clear();
            direct = 0;
            continue;
        }
        if (Py_IS_TYPE(found, &PyMemberDescr_Type)) {
            PyMemberDef *member = ((PyMemberDescrObject *)found)->d_member;
            PyTypeObject *owner = PyDescr_TYPE(found);
            if (member->type == T_OBJECT_EX && !(member->flags & READONLY) && PyType_IsSubtype(type, owner) &&
                member->offset >= (Py_ssize_t)sizeof(PyObject) &&
                member->offset <= type->tp_basicsize - (Py_ssize_t)sizeof(PyObject *))
                slots->offsets[i] = member->offset;
        }
        direct = direct && slots->offsets[i] >= 0;
        Py_DECREF(found);
    }
    for (int i = 0; !direct && i < count; i++)
        slots->offsets[i] = -1;
}

/* A new instance of slots->type with its fields set to values (new references taken) */
static PyObject *new_filled(const Slots *slots, PyObject *const *values)
{
    PyObject *object = slots->type->tp_new(slots->type, EMPTY_TUPLE, NULL);
    if (object == NULL)
        return NULL;
    int direct = slots->offsets[0] >= 0 && Py_TYPE(object) == slots->type;
    for (int i = 0; i < slots->count; i++) {
        if (direct) {
            PyObject **field = (PyObject **)((char *)object + slots->offsets[i]);
            Py_XSETREF(*field, Py_NewRef(values[i]));
        } else if (PyObject_GenericSetAttr(object, slots->names[i], values[i]) < 0) {
            Py_DECREF(object);
            return NULL;
        }
    }
    return object;
}

#endif
