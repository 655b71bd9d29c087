/* What the files of libsg._native share: the types each defines, which native.c's module
 * init readies and adds. */
#ifndef LIBSG_NATIVE_H
#define LIBSG_NATIVE_H

#include <Python.h>

/* native_tick.c: Tick(fn=None), a store's sg_store_tick_fn */
extern PyTypeObject TickType;

#endif
