/* libsg._native's Tick: a store's tick (sg_store_set_tick) written in Python. Ctrl-C, then a
 * Python function, called from C with no ctypes callback (native.c holds the module and its
 * Rule). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include "sg.h"
#include "native.h"

/* A Tick is called with the GIL released (a store's queries are ctypes calls of a CDLL), so it
 * takes the GIL, sees Ctrl-C through PyErr_CheckSignals, then calls `fn` (None: no function).
 * What stops the query (an exception, a true result) is kept: an exception in `error`, given
 * back by take() once the query has returned, so that it is raised in the caller's frame. */
typedef struct {
    PyObject_HEAD
    PyObject *fn;       /* a callable, or None */
    PyObject *error;    /* the exception that stopped the running query, or NULL */
} TickObject;

/* the exception set now, moved into t->error (its traceback kept) */
static void tick_keep(TickObject *t)
{
#if PY_VERSION_HEX >= 0x030C0000
    PyObject *e = PyErr_GetRaisedException();
#else
    PyObject *type, *e, *tb;
    PyErr_Fetch(&type, &e, &tb);
    PyErr_NormalizeException(&type, &e, &tb);
    if (e != NULL && tb != NULL)
        PyException_SetTraceback(e, tb);
    Py_XDECREF(type);
    Py_XDECREF(tb);
#endif
    if (t->error == NULL)
        t->error = e;
    else
        Py_XDECREF(e);
}

static int tick_call(TickObject *t)
{
    if (t->error != NULL)
        return 1;
    if (PyErr_CheckSignals() < 0)
        return -1;
    if (t->fn == Py_None)
        return 0;
    PyObject *result = PyObject_CallObject(t->fn, NULL);
    if (result == NULL)
        return -1;
    int stop = PyObject_IsTrue(result);
    Py_DECREF(result);
    return stop;
}

/* the sg_store_tick_fn */
static int nat_tick(void *user)
{
    TickObject *t = (TickObject *)user;
    PyGILState_STATE gil = PyGILState_Ensure();
    /* fn may drop every other reference to t (store.set_tick from inside is refused, but a
     * store closed from inside lives until the query returns) */
    Py_INCREF(t);
    int rc = tick_call(t);
    if (rc < 0)
        tick_keep(t);
    Py_DECREF(t);
    PyGILState_Release(gil);
    return rc != 0;
}

static int Tick_init(TickObject *self, PyObject *args, PyObject *kwds)
{
    static char *names[] = {"fn", NULL};
    PyObject *fn = Py_None;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|O", names, &fn))
        return -1;
    if (fn != Py_None && !PyCallable_Check(fn)) {
        PyErr_SetString(PyExc_TypeError, "the tick must be callable or None");
        return -1;
    }
    if (self->fn != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "a Tick is set up once");
        return -1;
    }
    Py_INCREF(fn);
    self->fn = fn;
    return 0;
}

static int Tick_traverse(TickObject *self, visitproc visit, void *arg)
{
    Py_VISIT(self->fn);
    Py_VISIT(self->error);
    return 0;
}

static int Tick_clear(TickObject *self)
{
    Py_CLEAR(self->fn);
    Py_CLEAR(self->error);
    return 0;
}

static void Tick_dealloc(TickObject *self)
{
    PyObject_GC_UnTrack(self);
    Tick_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Tick_get_fn(TickObject *self, void *closure)
{
    (void)self;
    (void)closure;
    sg_store_tick_fn fn = nat_tick;
    return PyLong_FromVoidPtr(*(void **)&fn);
}

static PyObject *Tick_get_user(TickObject *self, void *closure)
{
    (void)closure;
    if (self->fn == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the Tick is not set up");
        return NULL;
    }
    return PyLong_FromVoidPtr(self);
}

static PyObject *Tick_take(TickObject *self, PyObject *unused)
{
    (void)unused;
    PyObject *e = self->error;
    self->error = NULL;
    if (e == NULL)
        Py_RETURN_NONE;
    return e;
}

static PyGetSetDef Tick_getset[] = {
    {"fn", (getter)Tick_get_fn, NULL, "the address of the C sg_store_tick_fn", NULL},
    {"user", (getter)Tick_get_user, NULL, "the `user` pointer to pass with fn", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyMethodDef Tick_methods[] = {
    {"take", (PyCFunction)Tick_take, METH_NOARGS,
     "the exception that stopped the last query (then forgotten), or None"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject TickType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "libsg._native.Tick",
    .tp_basicsize = sizeof(TickObject),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "Tick(fn=None): Ctrl-C, then fn(), as a store's C sg_store_tick_fn (fn, user)",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Tick_init,
    .tp_dealloc = (destructor)Tick_dealloc,
    .tp_traverse = (traverseproc)Tick_traverse,
    .tp_clear = (inquiry)Tick_clear,
    .tp_getset = Tick_getset,
    .tp_methods = Tick_methods,
};

