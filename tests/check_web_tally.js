// What the two web checks share: the grundy tool run with arguments (and stdin), and a tally of
// checks that prints each failure with both sides and ends with "NAME: N passed, N failed".
'use strict';
const { execFileSync } = require('child_process');

function tally(name, tool, side) {
    const t = { passed: 0, failed: 0 };
    t.grundy = (args, input) => execFileSync(tool, args, { encoding: 'utf8', input: input || '',
                                                          stdio: ['pipe', 'pipe', 'pipe'] });
    t.same = (what, got, want) => {
        const a = JSON.stringify(got), b = JSON.stringify(want);
        if (a === b) { t.passed++; return; }
        t.failed++;
        console.log(`${what}:\n  ${side} ${a.slice(0, 400)}\n  tool ${b.slice(0, 400)}`);
    };
    t.ok = (what, cond, detail) => {
        if (cond) { t.passed++; return; }
        t.failed++;
        console.log(`${what}: failed${detail === undefined ? '' : ' (' + detail + ')'}`);
    };
    t.end = () => {
        console.log(`${name}: ${t.passed} passed, ${t.failed} failed`);
        process.exit(t.failed ? 1 : 0);
    };
    return t;
}

module.exports = tally;
