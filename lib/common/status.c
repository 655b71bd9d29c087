#include "../common/sg_internal.h"

const char *sg_strerror(int status)
{
    switch (status) {
#define SG__STATUS_CASE(name, code, text) case SG_##name: return text;
    SG_STATUS_MAP(SG__STATUS_CASE)
#undef SG__STATUS_CASE
    default: return "unknown status";
    }
}

const char *sg_status_name(int status)
{
    switch (status) {
#define SG__STATUS_NAME(name, code, text) case SG_##name: return #name;
    SG_STATUS_MAP(SG__STATUS_NAME)
#undef SG__STATUS_NAME
    default: return NULL;
    }
}
