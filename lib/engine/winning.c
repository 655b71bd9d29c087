#include "../common/sg_internal.h"

int sg_winning_move(const sg_value_t *table, uint64_t count, sg_rule_fn rule, void *user,
                    const uint64_t *components, size_t ncomponents, size_t *component,
                    size_t *option)
{
    sg__mem_t mem;
    sg_moves_t out;
    sg_value_t sum = 0;
    size_t i;
    int st = 0;

    if (table == NULL || rule == NULL || component == NULL || option == NULL ||
        (components == NULL && ncomponents != 0))
        return SG_EINVAL;
    for (i = 0; i < ncomponents; i++) {
        if (components[i] >= count) return SG_ERANGE;
        sum ^= table[components[i]];
    }
    if (sum == 0) return 0;
    /* The first component that can reach value v ^ sum wins. Where v ^ sum < v the mex
     * definition guarantees such an option; a larger target may exist too (a game's options can
     * have larger values), so every component is asked in order until one has it. */
    sg__mem_init(&mem, NULL, 0);
    sg__moves_init(&out, SG__SINK_TABLE, &mem);
    out.table = table;
    out.count = count;
    out.frontier = count;
    out.find = 1;
    for (i = 0; i < ncomponents; i++) {
        sg_value_t v = table[components[i]];
        out.target = v ^ sum;
        out.found = SIZE_MAX;
        sg__moves_reset(&out, 0);
        if (rule(user, components[i], &out)) {
            st = out.status ? out.status : SG_ESTOP;
            break;
        }
        if (out.status) {
            st = out.status;
            break;
        }
        if (out.found != SIZE_MAX) {
            *component = i;
            *option = out.found;
            st = 1;
            break;
        }
        if (out.target < v) {   /* the mex guarantees this option: the table does not fit */
            st = SG_EINVAL;
            break;
        }
    }
    sg__moves_release(&out);
    return st;
}
