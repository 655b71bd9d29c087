/* The guided tour that `grundy tour` (and `make demo`) prints. */
#ifndef GRUNDY_TOUR_H
#define GRUNDY_TOUR_H

#include <stdio.h>

/* Prints the tour to out; 0 on success, a negative libsg status if a computation failed. */
int grundy_tour(FILE *out);

#endif
