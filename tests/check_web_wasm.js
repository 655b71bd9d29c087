// The library built for wasm32 (make wasm), through web/sg.js, gives what the native grundy
// tool gives: tables and proven periods of subtraction and octal/hexadecimal games, Grundy's
// game, Lasker's Nim and its observed pattern, Nim's and Wythoff's winning moves, Wythoff's
// values, a graph's values; and each family's values equal a plain brute force written here.
// usage: node tests/check_web_wasm.js build/wasm/libsg.wasm build/grundy
'use strict';
const fs = require('fs');
const path = require('path');
const LibSG = require(path.join(__dirname, '..', 'web', 'sg.js'));
const Brute = require(path.join(__dirname, '..', 'web', 'rules.js'));

const [wasmFile, tool] = process.argv.slice(2);
const t = require('./check_web_tally.js')('check_web_wasm', tool, 'wasm');
const { grundy, same } = t;

function throwsStatus(what, f, status) {
    try {
        f();
    } catch (e) {
        same(what, e.status, status);
        return e;
    }
    same(what, 'no error', status);
    return null;
}
// a fixed pseudo-random sequence, so a failure repeats
let seed = 12345;
function rand(n) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
}

function periodOf(j) {
    return { preperiod: j.preperiod, period: j.period, saltus: j.saltus, proven: j.proven,
             observed: j.observed === undefined ? null : j.observed };
}
// the library's answer in the tool's JSON vocabulary (docs/json.md): a period's fields are null
// unless proven, and a pattern only seen in the values stands under observed
function vocab(r) {
    const seen = r.proven || !r.period ? null
        : { preperiod: r.preperiod, period: r.period, saltus: r.saltus };
    return { preperiod: r.proven ? r.preperiod : null, period: r.proven ? r.period : null,
             saltus: r.proven ? r.saltus : null, proven: r.proven, observed: seen };
}

LibSG.load(fs.readFileSync(wasmFile)).then((sg) => {
    const size = fs.statSync(wasmFile).size;
    t.ok(`${wasmFile}: under 300 KB`, size < 300 * 1024, `${size} bytes`);
    same('version', sg.version, grundy(['version']).trim().split(/\s+/).pop());

    // subtraction games: fixed sets, then random ones
    const sets = [[1, 2], [1, 3, 4], [2, 5, 7], [1, 4], [3], [2, 3, 7, 11]];
    for (let i = 0; i < 20; i++) {
        const s = new Set();
        const k = 1 + rand(4);
        while (s.size < k) s.add(1 + rand(12));
        sets.push([...s].sort((a, b) => a - b));
    }
    for (const set of sets) {
        const j = JSON.parse(grundy(['sub', set.join(','), '-n', '300', '--format', 'json']));
        const t = sg.subtractionTable(set, 300);
        same(`sub ${set} table`, t, j.values);
        same(`sub ${set} brute force`, t, Brute.table(Brute.subtraction(set), 300));
        const p = JSON.parse(grundy(['sub', set.join(','), '--period', '--format', 'json']));
        same(`sub ${set} period`, vocab(sg.subtractionPeriod(set)), periodOf(p));
    }
    throwsStatus('sub: an empty set', () => sg.subtractionTable([], 10), -1);
    throwsStatus('sub: a move of 0', () => sg.subtractionPeriod([0, 2]), -1);

    // octal and hexadecimal codes: named games, then random codes of up to three digits
    const codes = ['0.77', '0.07', '0.137', '0.6', '4.07', '0.f', '.3f', '0.123', '0.007',
                   '0.4', '0.04', '0.52', '4.3', '0.1', '0.' + '7'.repeat(64),
                   '4.' + '3'.repeat(63) + 'f'];
    const digits = '01234567';
    for (let i = 0; i < 25; i++) {
        let c = '0.';
        const k = 1 + rand(3);
        for (let d = 0; d < k; d++) c += digits[rand(8)];
        codes.push(c);
    }
    for (const code of codes) {
        const j = JSON.parse(grundy(['octal', code, '-n', '200', '--format', 'json']));
        const o = sg.octal(code, 200);
        same(`octal ${code} code`, o.code, j.code);
        same(`octal ${code} table`, o.values, j.values);
        same(`octal ${code} brute force`, o.values.slice(0, 60),
             Brute.table(Brute.octal(o.code), 60));
        const p = JSON.parse(grundy(['octal', code, '--period', '--limit', '2048',
                                     '--format', 'json']));
        const r = sg.octalProve(code, 2048);
        const v = vocab(r);
        same(`octal ${code} proof`, [r.proven, v.preperiod, v.period, v.saltus, r.computed,
                                     r.lastException, r.maxValue, r.maxAt],
             [p.proven, p.preperiod, p.period, p.saltus, p.computed, p.last_exception,
              p.max_value, p.max_at]);
    }
    for (const bad of ['', '0.8x', '5.07', '0.', '07', '0.' + '7'.repeat(300)]) {
        let tool = '';
        try {
            grundy(['octal', bad, '-n', '3']);
        } catch (e) {
            tool = String(e.stderr);
        }
        const e = throwsStatus(`octal '${bad}' refused`, () => sg.octal(bad, 3), -1);
        if (e) {
            // the tool says "code 'X': MESSAGE (at character N)", N counted from 1
            const m = /code '.*': (.*) \(at character (\d+)\)/.exec(tool);
            same(`octal '${bad}' message`, [e.message, e.where + 1],
                 m ? [m[1], Number(m[2])] : tool);
        }
    }

    // Grundy's game and Lasker's Nim
    const gg = JSON.parse(grundy(['grundy-game', '-n', '2000', '--format', 'json']));
    const ggw = sg.grundyGameTable(2000);
    same('grundy-game table', ggw, gg.values);
    same('grundy-game brute force', ggw.slice(0, 200), Brute.table(Brute.grundyGame(), 200));
    const lk = sg.laskerTable(300);
    same('lasker brute force', lk, Brute.table(Brute.lasker(), 300));
    for (const n of [20, 100, 400]) {
        const j = JSON.parse(grundy(['pattern', 'lasker', '-n', String(n), '--format', 'json']));
        same(`lasker pattern -n ${n}`, vocab(sg.laskerPattern(n)), periodOf(j));
    }

    // Nim: the nim-sum and the move on the lowest heap that has one
    for (let i = 0; i < 30; i++) {
        const heaps = [];
        const k = 1 + rand(5);
        for (let h = 0; h < k; h++) heaps.push(rand(i < 15 ? 8 : 1000));
        const j = JSON.parse(grundy(['nim', ...heaps.map(String), '--format', 'json']));
        const r = sg.nim(heaps);
        same(`nim ${heaps} sum`, r.nimSum, j.nim_sum);
        same(`nim ${heaps} move`, r.move,
             j.moves.length ? { heap: j.moves[0].heap, to: j.moves[0].to } : null);
    }

    // Wythoff: values against the tool and a brute force, winning moves against the tool
    const wt = sg.wythoffTable(12, 15);
    const wtool = grundy(['wythoff-values', '12', '15']).trim().split('\n')
        .map((l) => l.trim().split(/\s+/).map(Number));
    same('wythoff-values 12 15', wt, wtool);
    const wb = Brute.table(Brute.wythoff(15), 12 * 15);
    same('wythoff brute force', wt.flat(), wb);
    for (let x = 0; x < 12; x++) {
        for (let y = 0; y < 12; y++) {
            const line = grundy(['wythoff', String(x), String(y)]).trim().split(/\s+/);
            const m = sg.wythoffMove(x, y);
            same(`wythoff ${x} ${y}`, m === null ? ['P'] : ['N', ...m],
                 line[0] === 'P' ? ['P'] : ['N', Number(line[1]), Number(line[2])]);
        }
    }

    // graphs typed as edges: acyclic ones against the tool's loopy command, a cycle refused
    for (let i = 0; i < 10; i++) {
        const n = 2 + rand(14), edges = [];
        for (let k = 0; k < 2 * n; k++) {
            const a = rand(n), b = rand(n);
            if (a < b) edges.push([b, a]); // every move goes down: no cycle
        }
        const out = grundy(['loopy'], `${n} ${edges.length}\n` +
                           edges.map((e) => e.join(' ')).join('\n') + '\n');
        const want = out.trim().split('\n').map((l) => Number(l.split(/\s+/)[1]));
        const got = sg.graphTable(n, edges);
        same(`graph ${n} ${JSON.stringify(edges)}`, got, want);
        same(`graph ${n} brute force`, got, Brute.table(Brute.graph(n, edges), n));
    }
    throwsStatus('graph with a cycle', () => sg.graphTable(3, [[0, 1], [1, 2], [2, 0]]), -4);
    throwsStatus('graph edge past the vertices', () => sg.graphTable(3, [[0, 5]]), -3);

    t.end();
}).catch((e) => {
    console.log(`check_web_wasm: ${e.stack}`);
    process.exit(1);
});
