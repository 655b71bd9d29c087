/* The one translation unit that holds the library (single-header build). */
#define SG_IMPLEMENTATION
#include <sg.h>
#include <sg.h> /* a second inclusion must be harmless */

#ifndef SG_SINGLE_IMPLEMENTED_
#error "this is not the generated single header"
#endif

/* something of this unit's own, so it is not only the library */
/* the units may be compiled in different languages: the helpers have C linkage */
#ifdef __cplusplus
extern "C" {
#endif
unsigned single_impl_version(void);
#ifdef __cplusplus
}
#endif
unsigned single_impl_version(void) { return sg_version_number(); }
