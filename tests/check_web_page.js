// The page (make web) in headless Chromium shows what the grundy tool computes: the values and
// P-positions of a subtraction and an octal game, their periods in the tool's words, Wythoff's
// values, a graph's values; it plays Nim to the end answering each move with the tool's winning
// move, and Kayles to the end leaving a nim-sum of 0 after each of its answers; bad input gets
// a message and the page stays responsive; it fits a phone's width and works by keyboard.
// Chromium is driven through the DevTools protocol over a pipe: no npm package. The pictures
// it takes are kept in OUTDIR.
// usage: node tests/check_web_page.js build/web/index.html build/grundy OUTDIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const [page, tool, outDir] = process.argv.slice(2);
const url = 'file://' + path.resolve(page);
const t = require('./check_web_tally.js')('check_web_page', tool, 'page');
const { grundy, same, ok } = t;

// ---- the DevTools protocol over --remote-debugging-pipe: JSON messages ended by NUL ----------
function browser() {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'web-test-'));
    const proc = spawn(process.env.CHROMIUM || 'chromium',
                       ['--headless', '--remote-debugging-pipe', '--no-sandbox', '--disable-gpu',
                        '--no-first-run', '--no-default-browser-check', '--disable-extensions',
                        '--user-data-dir=' + profile, 'about:blank'],
                       { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] });
    const input = proc.stdio[3], output = proc.stdio[4];
    let id = 0, buf = '';
    const waiting = new Map();
    output.on('data', (chunk) => {
        buf += chunk.toString('utf8');
        let end;
        while ((end = buf.indexOf('\0')) >= 0) {
            const msg = JSON.parse(buf.slice(0, end));
            buf = buf.slice(end + 1);
            if (msg.id !== undefined && waiting.has(msg.id)) {
                const w = waiting.get(msg.id);
                waiting.delete(msg.id);
                if (msg.error) w.reject(new Error(`${w.method}: ${msg.error.message}`));
                else w.resolve(msg.result);
            }
        }
    });
    function send(method, params, sessionId) {
        const msg = { id: ++id, method, params: params || {} };
        if (sessionId) msg.sessionId = sessionId;
        return new Promise((resolve, reject) => {
            waiting.set(msg.id, { resolve, reject, method });
            input.write(JSON.stringify(msg) + '\0');
        });
    }
    // the profile is removed once the browser has exited and stopped writing to it
    function close() {
        return new Promise((resolve) => {
            const done = () => {
                fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
                resolve();
            };
            if (proc.exitCode !== null || proc.signalCode !== null) return done();
            proc.once('exit', done);
            proc.kill();
        });
    }
    return { send, close };
}

async function main() {
    fs.mkdirSync(outDir, { recursive: true });
    const b = browser();
    const watchdog = setTimeout(() => {
        console.log('check_web_page: no answer from the browser in 300 s');
        b.close().then(() => process.exit(1));
    }, 300000);
    try {
        const { targetId } = await b.send('Target.createTarget', { url: 'about:blank' });
        const { sessionId } = await b.send('Target.attachToTarget', { targetId, flatten: true });
        const send = (m, p) => b.send(m, p, sessionId);
        await send('Page.enable');
        await send('Runtime.enable');
        async function js(expr) {
            const r = await send('Runtime.evaluate', { expression: expr, returnByValue: true,
                                                       awaitPromise: true });
            const ex = r.exceptionDetails;
            if (ex) {
                throw new Error(`${expr}: ${ex.text} ${ex.exception && ex.exception.description}`);
            }
            return r.result.value;
        }
        async function size(width, height, mobile) {
            await send('Emulation.setDeviceMetricsOverride', { width, height, mobile,
                                                              deviceScaleFactor: 1 });
        }
        async function shot(name) {
            const m = await send('Page.getLayoutMetrics');
            const w = Math.ceil(m.cssContentSize.width), h = Math.ceil(m.cssContentSize.height);
            const r = await send('Page.captureScreenshot', {
                format: 'png', captureBeyondViewport: true,
                clip: { x: 0, y: 0, width: w, height: Math.min(h, 6000), scale: 1 } });
            fs.writeFileSync(path.join(outDir, name + '.png'), Buffer.from(r.data, 'base64'));
        }
        async function until(expr, what) {
            for (let i = 0; i < 200; i++) {
                if (await js(expr)) return true;
                await new Promise((r) => setTimeout(r, 50));
            }
            ok(what, false, 'not within 10 s');
            return false;
        }
        // set the form as a user would, then Compute
        async function form(game, param, count, start) {
            await js(`(() => { const g = document.getElementById('game'); g.value = '${game}';
                       g.dispatchEvent(new Event('change')); })()`);
            if (param !== null) {
                await js(`document.getElementById('param').value = ${JSON.stringify(param)}`);
            }
            if (count !== null) await js(`document.getElementById('count').value = '${count}'`);
            if (start !== null) await js(`document.getElementById('start').value = '${start}'`);
            await js(`document.getElementById('compute').click()`);
        }
        const cells = `Array.from(document.querySelectorAll('#values .cell')).map(c => [
            Number(c.firstChild.textContent), Number(c.lastChild.textContent),
            c.classList.contains('p')])`;
        const msg = `document.getElementById('msg').textContent`;
        const period = `document.getElementById('period').textContent`;

        // load: from disk, ready in well under a second on a quiet machine
        await size(1000, 900, false);
        const t0 = Date.now();
        await send('Page.navigate', { url });
        await until(`document.body && document.body.dataset.ready === '1'`, 'the page loads');
        const loadMs = Date.now() - t0;
        console.log(`check_web_page: page ready ${loadMs} ms after navigating, ` +
                    `${await js('document.body.dataset.readyMs')} ms by the page's clock ` +
                    `(its scripts ${await js('document.body.dataset.scriptMs')} ms)`);
        // again, as a learner opens it a second time: the browser is up by then
        const t1 = Date.now();
        await send('Page.reload');
        await until(`document.body && document.body.dataset.ready === '1'`, 'the page reloads');
        console.log(`check_web_page: reloaded in ${Date.now() - t1} ms, ` +
                    `${await js('document.body.dataset.readyMs')} ms by the page's clock`);
        ok('loads in under 10 s', loadMs < 10000, loadMs);
        same('no message at load', await js(msg), '');

        // the default game: subtraction {1, 3, 4}
        let want = JSON.parse(grundy(['sub', '1,3,4', '-n', '60', '--format', 'json']));
        let got = await js(cells);
        same('sub 1,3,4: positions', got.map((c) => c[0]), want.values.map((v, n) => n));
        same('sub 1,3,4: values', got.map((c) => c[1]), want.values);
        same('sub 1,3,4: P-positions marked', got.map((c) => c[2]),
             want.values.map((v) => v === 0));
        same('sub 1,3,4: period', (await js(period)).trim(),
             grundy(['sub', '1,3,4', '--period']).trim());
        await shot('1-subtraction');

        // Kayles: 300 values and the proof, in the tool's words
        await form('octal', '0.77', 300, '10');
        want = JSON.parse(grundy(['octal', '0.77', '-n', '300', '--format', 'json']));
        got = await js(cells);
        same('octal 0.77: values', got.map((c) => c[1]), want.values);
        same('octal 0.77: P-positions marked', got.map((c) => c[2]),
             want.values.map((v) => v === 0));
        const proof = grundy(['octal', '0.77', '--period', '--limit', '2048']).trim().split('\n');
        same('octal 0.77: period', (await js(period)).trim().split('\n'), proof);
        // a proven arithmetic period, and one only observed (the page's last line says how far
        // it searched where the tool's names its --limit option)
        for (const code of ['0.8', '0.ff']) {
            await form('octal', code, 100, '5');
            const tool = grundy(['octal', code, '--period', '--limit', '500']).trim().split('\n');
            const text = (await js(period)).trim().split('\n');
            const n = tool[tool.length - 1].includes('--limit') ? tool.length - 1 : tool.length;
            same(`octal ${code}: period`, text.slice(0, n), tool.slice(0, n));
        }
        await form('octal', '0.77', 300, '10');
        ok('octal 0.77: picture has 300 dots',
           await js(`document.querySelectorAll('#picture svg g[fill="#1f3b73"] circle')
                     .length`) === 300);
        await shot('2-kayles');

        // Kayles from a heap of 10, to the end: the test takes the first move listed each time;
        // after each answer the nim-sum of the tool's values must be 0 whenever the test's move
        // left a non-zero one
        const G = want.values;
        const heapsNow = async () => {
            const t = await js(`document.getElementById('position').textContent`);
            const m = /Position: ([^—.]*)/.exec(t);
            return m[1].trim() === 'no heap left' ? [] : m[1].split('+').map((s) => Number(s));
        };
        let turns = 0;
        while (!(await js(`!!document.getElementById('position').dataset.over`)) && turns < 40) {
            const before = await js(`document.getElementById('log').children.length`);
            await js(`document.getElementById('moves').selectedIndex = 0;
                      document.getElementById('play').click()`);
            const log = await js(`Array.from(document.getElementById('log').children)
                                  .map(li => li.textContent)`);
            ok(`kayles turn ${turns}: the page answered`, log.length >= before + 1);
            const heaps = await heapsNow();
            if (log.length === before + 2) {
                // the page moved: the position after it is a P-position by the tool's values
                ok(`kayles turn ${turns}: nim-sum 0 after the page's move (${heaps})`,
                   heaps.reduce((a, h) => a ^ G[h], 0) === 0);
            }
            turns++;
        }
        same('kayles: the game ended, the page won', await js(
            `document.getElementById('position').dataset.over`), 'page');
        await shot('3-kayles-played');

        // Nim 3 4 5 to the end: each answer is the tool's winning move (the lowest heap's)
        await form('nim', null, 20, '3 4 5');
        let nimPos = [3, 4, 5];
        turns = 0;
        while (!(await js(`!!document.getElementById('position').dataset.over`)) && turns < 40) {
            await js(`document.getElementById('moves').selectedIndex = 0;
                      document.getElementById('play').click()`);
            const log = await js(`Array.from(document.getElementById('log').children)
                                  .map(li => li.textContent)`);
            // the test's move took 1 from the first heap (the first option listed)
            const mine = log[log.length - (log.length % 2 === 0 ? 2 : 1)];
            ok(`nim turn ${turns}: first option taken`,
               /^You: heap 1 \(\d+\): take 1/.test(mine), mine);
            nimPos = [nimPos[0] - 1].concat(nimPos.slice(1)).filter((h) => h > 0);
            if (log.length % 2 === 0) {
                const j = JSON.parse(grundy(['nim', ...nimPos.map(String), '--format', 'json']));
                const mv = j.moves[0];
                const page = /^Page: heap (\d+) \((\d+)\): take (\d+)/.exec(log[log.length - 1]);
                same(`nim turn ${turns}: the page's move from ${nimPos}`,
                     page ? [Number(page[1]) - 1, Number(page[2]) - Number(page[3])] : log,
                     mv ? [mv.heap, mv.to] : 'no winning move');
                nimPos = nimPos.map((h, i) => i === mv.heap ? mv.to : h).filter((h) => h > 0);
            }
            same(`nim turn ${turns}: position`, await heapsNow(), nimPos);
            turns++;
        }
        same('nim: the game ended, the page won',
             await js(`document.getElementById('position').dataset.over`), 'page');
        await shot('4-nim-played');

        // Wythoff's values and a graph's
        await form('wythoff', null, 10, '6 9');
        same('wythoff-values 10 10', await js(`Array.from(document.querySelectorAll(
                 '#values table tr')).slice(1).map(r => Array.from(r.querySelectorAll('td'))
                 .map(td => Number(td.textContent)))`),
             grundy(['wythoff-values', '10', '10']).trim().split('\n')
                 .map((l) => l.trim().split(/\s+/).map(Number)));
        const edges = '0 1\n0 2\n1 3\n2 3\n3 4\n2 4\n5 0\n5 4';
        await form('graph', edges, null, '5');
        same('graph values', (await js(cells)).map((c) => c[1]),
             grundy(['loopy'], '6 8\n' + edges + '\n').trim().split('\n')
                 .map((l) => Number(l.split(/\s+/)[1])));
        await shot('5-graph');

        // bad input: a message in the page, and the page still answers
        const bad = [['sub', '', 'empty'], ['sub', '1,x', 'not a whole number'],
                     ['octal', '0.8x', 'invalid character'], ['octal', '5.07', 'd0 must be 0 or 4'],
                     ['graph', '0 1\n1 2\n2 0', 'cycle'],
                     ['nim', null, 'past what the page allows'],
                     ['octal', '0.' + 'f'.repeat(64), 'at most 500 values', 1000]];
        for (const [g, param, words, count] of bad) {
            const start = g === 'nim' ? '3 500' : (g === 'graph' ? '0' : null);
            await form(g, param, count || null, start);
            const m = await js(msg);
            ok(`bad input ${g} ${JSON.stringify(param)}: message "${words}"`, m.includes(words), m);
        }
        await form('sub', '1,3,4', 100000, null);
        ok('a count past the limit: message', (await js(msg)).includes('At most 2000'));
        await shot('6-bad-input');
        same('responsive after bad input', await js('1 + 1'), 2);

        // a phone's width: no sideways scrolling
        await size(375, 800, true);
        await form('octal', '0.07', 60, '8 5');
        same('phone: no message', await js(msg), '');
        ok('phone: fits 375 px', await js(`document.documentElement.scrollWidth <= 375`),
           await js(`document.documentElement.scrollWidth`));
        await shot('7-phone');
        await size(1000, 900, false);

        // keyboard alone: Tab reaches every control, Enter plays a move
        await form('sub', '1,3,4', 30, '15');
        await js(`document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)`);
        const order = [];
        for (let i = 0; i < 30; i++) {
            await send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Tab', code: 'Tab',
                                                  windowsVirtualKeyCode: 9 });
            await send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Tab', code: 'Tab',
                                                  windowsVirtualKeyCode: 9 });
            order.push(await js(`document.activeElement.id || document.activeElement.tagName`));
        }
        for (const id of ['game', 'param', 'count', 'start', 'compute', 'restart', 'computer-first',
                          'moves', 'play', 'hint']) {
            ok(`keyboard: Tab reaches #${id}`, order.includes(id), order.join(' '));
        }
        await js(`document.getElementById('play').focus()`);
        await send('Input.dispatchKeyEvent', { type: 'keyDown', key: 'Enter', code: 'Enter',
                                              windowsVirtualKeyCode: 13, text: '\r' });
        await send('Input.dispatchKeyEvent', { type: 'keyUp', key: 'Enter', code: 'Enter',
                                              windowsVirtualKeyCode: 13 });
        const played = await js(`document.getElementById('log').children.length`);
        ok('keyboard: Enter on "Play this move" plays', played === 2, played);
        await shot('8-keyboard');
    } finally {
        clearTimeout(watchdog);
        await b.close();
    }
    t.end();
}

main().catch((e) => {
    console.log(`check_web_page: ${e.stack}`);
    process.exit(1);
});
