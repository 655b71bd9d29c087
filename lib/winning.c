#include "sg_internal.h"

int sg_winning_move(const sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user,
                    const uint64_t *components, size_t ncomponents, size_t *component,
                    size_t *option)
{
    sg__mem_t mem;
    sg_moves_t out;
    sg_value_t sum = 0;
    size_t i;
    int st = SG_EINVAL;

    if (table == NULL || rule == NULL || component == NULL || option == NULL ||
        (components == NULL && ncomponents != 0))
        return SG_EINVAL;
    for (i = 0; i < ncomponents; i++) {
        if (components[i] >= count) return SG_ERANGE;
        sum ^= table[components[i]];
    }
    if (sum == 0) return 0;
    /* some component has the highest set bit of sum; lowering it to value ^ sum wins, and
     * the mex definition guarantees an option of that value */
    for (i = 0; i < ncomponents; i++) {
        sg_value_t v = table[components[i]];
        if ((v ^ sum) < v) break;
    }
    sg__mem_init(&mem, NULL, 0);
    sg__moves_init(&out, SG__SINK_TABLE, &mem);
    out.table = table;
    out.count = count;
    out.frontier = count;
    out.find = 1;
    out.target = table[components[i]] ^ sum;
    sg__moves_reset(&out, 0);
    if (rule(user, components[i], &out)) st = out.status ? out.status : SG_ESTOP;
    else if (out.status) st = out.status;
    else if (out.found != SIZE_MAX) {
        *component = i;
        *option = out.found;
        st = 1;
    }
    sg__moves_release(&out);
    return st;
}
