/* libsg._native: the rules written in Python, called from C without ctypes.
 *
 * The module is built with the library's own sources inside it (bindings/python/backend), so it
 * also exports every SG_API function: the package loads this same file with ctypes and calls
 * the functions that take a rule through ctypes.PyDLL (the GIL stays held, and a Python error
 * left set by a rule is raised when the call returns). What this file adds is the rule itself:
 * a Rule object whose `fn` is a C sg_rule_fn and whose `user` is the object, so one call of a
 * Python rule costs one vectorcall and a pass over the list or tuple it returns, instead of a
 * ctypes callback (about 5 us) and a ctypes call per option.
 *
 * A Rule works in one of two ways. With no `states`, positions are integers: an int option is
 * a position, a tuple or Sum is a sum of positions, Value(v) a move to a known value. With
 * `states` (a list) and `keys` (a dict), positions are any hashable states numbered in the
 * order they are first met (Memo, MisereMemo, Loopy.explore): an option that is not a Sum or a
 * Value is a state. An error (raised by the rule, by a bad option, or Ctrl-C seen by
 * PyErr_CheckSignals) is left set and the callback returns 1, so the library stops with
 * SG_ESTOP and ctypes raises the error.
 *
 * A Tick, a store's tick (sg_store_set_tick) the same way, is in native_tick.c. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>

#include "sg.h"
#include "native.h"

typedef struct {
    PyObject_HEAD
    PyObject *rule;
    PyObject *sum_type;     /* the class Sum, or None */
    PyObject *value_type;   /* the class Value, or None */
    PyObject *keys;         /* dict state -> key, or None (integer positions) */
    PyObject *states;       /* list key -> state, or None */
    unsigned long long count;   /* integer positions: the table's size (0: not checked) */
    int positions_only;     /* Loopy: every option is one position */
    int bad;                /* an option outside range(count) was reported: */
    unsigned long long bad_position, bad_option;
    unsigned long long calls;
} RuleObject;

static PyTypeObject RuleType;

/* the option `item` of `position` as a position below 2**64 (ValueError, OverflowError,
 * TypeError naming both) */
static int nat_position(RuleObject *r, uint64_t position, PyObject *item, uint64_t *out)
{
    PyObject *index = PyNumber_Index(item);
    if (index == NULL) {
        if (r->positions_only)
            PyErr_Format(PyExc_TypeError, "rule(%llu) gave the option %R: an option is a "
                         "position (an int)", (unsigned long long)position, item);
        else
            PyErr_Format(PyExc_TypeError, "rule(%llu) gave the option %R: an option is an int "
                         "(a position), a tuple or Sum (a sum of positions) or Value(v)",
                         (unsigned long long)position, item);
        return -1;
    }
    unsigned long long v = PyLong_AsUnsignedLongLong(index);
    if (v == (unsigned long long)-1 && PyErr_Occurred()) {
        int overflow = 0;
        PyErr_Clear();
        long long s = PyLong_AsLongLongAndOverflow(index, &overflow);
        if (overflow < 0 || (overflow == 0 && s < 0))
            PyErr_Format(PyExc_ValueError, "rule(%llu) gave the option %R: a position must be "
                         "non-negative", (unsigned long long)position, index);
        else
            PyErr_Format(PyExc_OverflowError, "rule(%llu) gave the option %R: a position must "
                         "be below 2**64", (unsigned long long)position, index);
        Py_DECREF(index);
        return -1;
    }
    Py_DECREF(index);
    if (r->count && v >= r->count && !r->bad) {
        r->bad = 1;
        r->bad_position = position;
        r->bad_option = v;
    }
    *out = v;
    return 0;
}

/* the key of a state, numbering it when it is new */
static int nat_key(RuleObject *r, PyObject *state, uint64_t *out)
{
    PyObject *k = PyDict_GetItemWithError(r->keys, state);
    if (k != NULL) {
        *out = PyLong_AsUnsignedLongLong(k);
        return 0;
    }
    if (PyErr_Occurred())
        return -1;
    Py_ssize_t n = PyList_GET_SIZE(r->states);
    PyObject *key = PyLong_FromSsize_t(n);
    if (key == NULL)
        return -1;
    if (PyDict_SetItem(r->keys, state, key) < 0) {
        Py_DECREF(key);
        return -1;
    }
    Py_DECREF(key);
    if (PyList_Append(r->states, state) < 0) {
        PyDict_DelItem(r->keys, state);
        return -1;
    }
    *out = (uint64_t)n;
    return 0;
}

static int nat_one(RuleObject *r, uint64_t position, PyObject *item, uint64_t *out)
{
    if (r->states != Py_None)
        return nat_key(r, item, out);
    return nat_position(r, position, item, out);
}

/* a move to the sum of the parts (a tuple, or a Sum's .parts) */
static int nat_sum(RuleObject *r, uint64_t position, PyObject *parts, sg_moves_t *out)
{
    PyObject *seq = PySequence_Fast(parts, "a Sum's parts must be a sequence");
    if (seq == NULL)
        return -1;
    Py_ssize_t k = PySequence_Fast_GET_SIZE(seq);
    PyObject **items = PySequence_Fast_ITEMS(seq);
    uint64_t small[16];
    uint64_t *buf = small;
    if ((size_t)k > sizeof small / sizeof small[0]) {
        buf = PyMem_New(uint64_t, (size_t)k);
        if (buf == NULL) {
            Py_DECREF(seq);
            PyErr_NoMemory();
            return -1;
        }
    }
    int rc = 0;
    for (Py_ssize_t i = 0; i < k && rc == 0; i++)
        rc = nat_one(r, position, items[i], &buf[i]);
    if (rc == 0)
        sg_move_to_sum(out, buf, (size_t)k);
    if (buf != small)
        PyMem_Free(buf);
    Py_DECREF(seq);
    return rc;
}

static int nat_emit(RuleObject *r, uint64_t position, PyObject *item, sg_moves_t *out)
{
    uint64_t v;
    if (PyLong_CheckExact(item) || r->positions_only) {
        if (nat_one(r, position, item, &v) < 0)
            return -1;
        sg_move_to(out, v);
        return 0;
    }
    if (r->states == Py_None && PyTuple_CheckExact(item))
        return nat_sum(r, position, item, out);
    if (r->sum_type != Py_None && PyObject_TypeCheck(item, (PyTypeObject *)r->sum_type)) {
        PyObject *parts = PyObject_GetAttrString(item, "parts");
        if (parts == NULL)
            return -1;
        int rc = nat_sum(r, position, parts, out);
        Py_DECREF(parts);
        return rc;
    }
    if (r->value_type != Py_None && PyObject_TypeCheck(item, (PyTypeObject *)r->value_type)) {
        PyObject *value = PyObject_GetAttrString(item, "value");
        if (value == NULL)
            return -1;
        unsigned long x = PyLong_AsUnsignedLong(value);
        Py_DECREF(value);
        if (x == (unsigned long)-1 && PyErr_Occurred())
            return -1;
        if (x > UINT32_MAX) {
            PyErr_SetString(PyExc_ValueError, "a Grundy value is below 2**32");
            return -1;
        }
        sg_move_value(out, (sg_value_t)x);
        return 0;
    }
    if (r->states == Py_None && PyTuple_Check(item))
        return nat_sum(r, position, item, out);
    if (nat_one(r, position, item, &v) < 0)
        return -1;
    sg_move_to(out, v);
    return 0;
}

static int nat_call(RuleObject *r, uint64_t position, sg_moves_t *out);

/* the sg_rule_fn: options of `position` from the Python rule */
static int nat_rule(void *user, uint64_t position, sg_moves_t *out)
{
    RuleObject *r = (RuleObject *)user;
    if (PyErr_Occurred() || PyErr_CheckSignals() < 0)
        return 1;
    /* the rule may drop every other reference to r (and to the states list it reads) */
    Py_INCREF(r);
    int rc = nat_call(r, position, out);
    Py_DECREF(r);
    return rc;
}

static int nat_call(RuleObject *r, uint64_t position, sg_moves_t *out)
{
    r->calls++;
    PyObject *arg;
    if (r->states != Py_None) {
        if (position >= (uint64_t)PyList_GET_SIZE(r->states)) {
            PyErr_Format(PyExc_SystemError, "libsg asked for the unknown key %llu",
                         (unsigned long long)position);
            return 1;
        }
        arg = PyList_GET_ITEM(r->states, (Py_ssize_t)position);
        Py_INCREF(arg);
    } else {
        arg = PyLong_FromUnsignedLongLong(position);
        if (arg == NULL)
            return 1;
    }
#if PY_VERSION_HEX >= 0x03090000
    PyObject *result = PyObject_CallOneArg(r->rule, arg);
#else
    PyObject *result = PyObject_CallFunctionObjArgs(r->rule, arg, NULL);
#endif
    Py_DECREF(arg);
    if (result == NULL)
        return 1;
    int rc = 0;
    if (PyList_CheckExact(result) || PyTuple_CheckExact(result)) {
        /* a list may change under a rule that keeps it: index it afresh each time */
        for (Py_ssize_t i = 0; rc == 0 && i < PySequence_Fast_GET_SIZE(result); i++) {
            PyObject *item = PySequence_Fast_GET_ITEM(result, i);
            Py_INCREF(item);
            rc = nat_emit(r, position, item, out);
            Py_DECREF(item);
        }
    } else {
        PyObject *it = PyObject_GetIter(result);
        if (it == NULL) {
            rc = -1;
        } else {
            PyObject *item;
            while (rc == 0 && (item = PyIter_Next(it)) != NULL) {
                rc = nat_emit(r, position, item, out);
                Py_DECREF(item);
            }
            if (rc == 0 && PyErr_Occurred())
                rc = -1;
            Py_DECREF(it);
        }
    }
    Py_DECREF(result);
    return rc == 0 ? 0 : 1;
}

/* ---- the Rule type ------------------------------------------------------------------------ */

static int Rule_init(RuleObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"rule", "sum_type", "value_type", "count", "keys", "states",
                            "positions_only", NULL};
    PyObject *rule, *sum_type = Py_None, *value_type = Py_None;
    PyObject *keys = Py_None, *states = Py_None;
    unsigned long long count = 0;
    int positions_only = 0;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O|OOKOOp", names, &rule, &sum_type,
                                     &value_type, &count, &keys, &states, &positions_only))
        return -1;
    if (!PyCallable_Check(rule)) {
        PyErr_SetString(PyExc_TypeError, "rule must be callable");
        return -1;
    }
    if ((sum_type != Py_None && !PyType_Check(sum_type)) ||
        (value_type != Py_None && !PyType_Check(value_type))) {
        PyErr_SetString(PyExc_TypeError, "sum_type and value_type are classes or None");
        return -1;
    }
    if ((keys == Py_None) != (states == Py_None) ||
        (keys != Py_None && (!PyDict_CheckExact(keys) || !PyList_CheckExact(states)))) {
        PyErr_SetString(PyExc_TypeError, "keys (a dict) and states (a list) go together");
        return -1;
    }
    if (self->rule != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Rule is set up once");
        return -1;
    }
    Py_INCREF(rule);
    Py_INCREF(sum_type);
    Py_INCREF(value_type);
    Py_INCREF(keys);
    Py_INCREF(states);
    self->rule = rule;
    self->sum_type = sum_type;
    self->value_type = value_type;
    self->keys = keys;
    self->states = states;
    self->count = count;
    self->positions_only = positions_only;
    return 0;
}

static int Rule_traverse(RuleObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->rule);
    Py_VISIT(self->sum_type);
    Py_VISIT(self->value_type);
    Py_VISIT(self->keys);
    Py_VISIT(self->states);
    return 0;
}

static int Rule_clear(RuleObject *self)
{
    Py_CLEAR(self->rule);
    Py_CLEAR(self->sum_type);
    Py_CLEAR(self->value_type);
    Py_CLEAR(self->keys);
    Py_CLEAR(self->states);
    return 0;
}

static void Rule_dealloc(RuleObject *self)
{
    PyObject_GC_UnTrack(self);
    Rule_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Rule_get_fn(RuleObject *self, void *closure)
{
    (void)self;
    (void)closure;
    sg_rule_fn fn = nat_rule;
    return PyLong_FromVoidPtr(*(void **)&fn);
}

static PyObject *Rule_get_user(RuleObject *self, void *closure)
{
    (void)closure;
    if (self->rule == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Rule is not set up");
        return NULL;
    }
    return PyLong_FromVoidPtr(self);
}

static PyObject *Rule_get_bad(RuleObject *self, void *closure)
{
    (void)closure;
    if (!self->bad)
        Py_RETURN_NONE;
    return Py_BuildValue("(KK)", self->bad_position, self->bad_option);
}

static PyObject *Rule_reset(RuleObject *self, PyObject *unused)
{
    (void)unused;
    self->bad = 0;
    Py_RETURN_NONE;
}

static PyGetSetDef Rule_getset[] = {
    {"fn", (getter)Rule_get_fn, NULL, "the address of the C sg_rule_fn", NULL},
    {"user", (getter)Rule_get_user, NULL, "the `user` pointer to pass with fn", NULL},
    {"bad", (getter)Rule_get_bad, NULL,
     "(position, option): the first option outside range(count) reported, or None", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMemberDef Rule_members[] = {
    {"calls", T_ULONGLONG, offsetof(RuleObject, calls), READONLY, "rule calls so far"},
    {NULL, 0, 0, 0, NULL},
};

static PyMethodDef Rule_methods[] = {
    {"reset", (PyCFunction)Rule_reset, METH_NOARGS, "forget the out-of-range option seen"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject RuleType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "libsg._native.Rule",
    .tp_basicsize = sizeof(RuleObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Rule(rule, sum_type, value_type, count=0, keys=None, states=None, "
              "positions_only=False): a Python rule as a C sg_rule_fn (fn, user)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Rule_init,
    .tp_dealloc = (destructor)Rule_dealloc,
    .tp_traverse = (traverseproc)Rule_traverse,
    .tp_clear = (inquiry)Rule_clear,
    .tp_getset = Rule_getset,
    .tp_members = Rule_members,
    .tp_methods = Rule_methods,
};

static struct PyModuleDef native_module = {
    PyModuleDef_HEAD_INIT, "libsg._native",
    "Python rules called from C (see the package's docs/ffi.md).", -1,
    NULL, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__native(void);

PyMODINIT_FUNC PyInit__native(void)
{
    if (PyType_Ready(&RuleType) < 0 || PyType_Ready(&TickType) < 0)
        return NULL;
    PyObject *m = PyModule_Create(&native_module);
    if (m == NULL)
        return NULL;
    Py_INCREF(&RuleType);
    if (PyModule_AddObject(m, "Rule", (PyObject *)&RuleType) < 0) {
        Py_DECREF(&RuleType);
        Py_DECREF(m);
        return NULL;
    }
    Py_INCREF(&TickType);
    if (PyModule_AddObject(m, "Tick", (PyObject *)&TickType) < 0) {
        Py_DECREF(&TickType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "version", sg_version_string()) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
