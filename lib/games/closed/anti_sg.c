#include "../../common/sg_internal.h"

/* Anti-SG: a sum of games in which the player who cannot move wins. Jia Zhihao's SJ theorem
 * (2009): if the sum is over as soon as every component has value 0 (for instance when each
 * component game's only positions of value 0 are those with no move), the player to move wins
 * exactly when
 *   (1) the nim-sum is not 0 and some component has value > 1, or
 *   (2) the nim-sum is 0 and no component has value > 1.
 * A winning move, by cases: with two or more components above 1, the Nim move to nim-sum 0
 * (one stays above 1); with exactly one, that one goes to 0 or 1, leaving an odd number of ones;
 * with none, a 1 goes to 0 (an even number of ones becomes odd). Values move only downwards,
 * and a game of value v has options of every value below v. */

int sg_anti_sg_winning_move(const uint64_t *values, size_t count, size_t *component,
                            uint64_t *value)
{
    size_t i, big = 0, last_big = 0, ones = 0, target = count;
    uint64_t sum = 0, to = 0;
    if (values == NULL && count > 0) return SG_EINVAL;
    for (i = 0; i < count; i++) {
        sum ^= values[i];
        if (values[i] > 1) {
            big++;
            last_big = i;
        } else {
            ones += SG__CAST(size_t, values[i]);
        }
    }
    if (big >= 2) {
        if (sum == 0) return 0;
        for (i = 0; i < count; i++)
            if ((values[i] ^ sum) < values[i]) break;
        target = i;
        to = values[i] ^ sum;
    } else if (big == 1) {
        target = last_big;
        to = ones % 2 == 0 ? 1 : 0;
    } else {
        if (sum != 0) return 0;             /* an odd number of ones */
        for (i = 0; i < count && values[i] != 1; i++) continue;
        target = i;                         /* count when every value is 0: already won */
        to = 0;
    }
    if (component != NULL) *component = target;
    if (value != NULL) *value = to;
    return 1;
}
