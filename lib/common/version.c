#include "../common/sg_internal.h"

unsigned sg_version_number(void) { return SG_VERSION_NUMBER; }

const char *sg_version_string(void) { return SG_VERSION_STRING; }
