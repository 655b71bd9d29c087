/* The page: read the form, compute with libsg (sg.js), show the values, the period and the
 * picture, and play. Every input is checked against the page's limits before the library
 * is called, so bad input gets a message and no computation runs long. */
(function () {
    'use strict';
    var $ = function (id) { return document.getElementById(id); };
    var LIMIT = { count: 2000, lasker: 1000, split3: 500, wythoff: 40, heap: 100, heaps: 8,
                  graph: 200, edges: 2000, set: 64, proof: 2048, move: 1000, options: 3000 };
    var scriptMs = Math.round(performance.now());
    var sg = null, game = null, play = null, pos = null, turn = 'you', over = false;

    var GAMES = {
        sub: { param: 'Subtraction set S', help: 'Numbers of tokens a move may take, e.g. ' +
               '1,3,4 (at most ' + LIMIT.set + ' numbers, each from 1 to ' + LIMIT.move + ').',
               value: '1,3,4', start: '15', startHelp: 'Heaps, e.g. 15 or 7 9' },
        nim: { help: 'Take any number of tokens from one heap. G(n) = n.', start: '3 4 5',
               startHelp: 'Heaps, e.g. 3 4 5' },
        octal: { param: 'Code', help: 'e.g. 0.77 (Kayles), 0.07 (Dawson\'s Kayles), 0.137, ' +
                 '4.07; hexadecimal digits a-f too (0.f). Digit i says what taking i tokens ' +
                 'may leave: 1 nothing, 2 one heap, 4 two heaps, 8 three heaps (added up).',
                 value: '0.77', start: '10', startHelp: 'Heaps, e.g. 10 or 4 6' },
        lasker: { help: 'Take any number of tokens from a heap, or split a heap into two ' +
                  'non-empty heaps.', start: '5 7', startHelp: 'Heaps, e.g. 5 7' },
        grundy: { help: 'Split one heap into two heaps of different sizes.', start: '12',
                  startHelp: 'Heaps, e.g. 12 or 7 8' },
        wythoff: { help: 'Two heaps: take any number from one heap, or the same number from ' +
                   'both.', start: '6 9', startHelp: 'Two heaps x y, e.g. 6 9', count: 'Rows',
                   countValue: 16 },
        graph: { param: 'Edges', help: 'One move per line, "u v": from vertex u to vertex v ' +
                 '(vertices 0 to ' + (LIMIT.graph - 1) + ', no cycle).',
                 value: '0 1\n0 2\n1 3\n2 3\n3 4\n2 4', start: '0',
                 startHelp: 'The vertex the token starts on' }
    };

    // the games the grundy tool names by their code
    var NAMES = { '0.77': 'Kayles', '0.07': 'Dawson\'s Kayles', '0.137': 'Dawson\'s Chess',
                  '0.6': 'Officers', '0.007': 'Treblecross' };

    function bad(text) {
        var e = new Error(text);
        e.page = true;
        return e;
    }
    function numbers(text, what, max) {
        var t = text.trim();
        if (t === '') throw bad(what + ' is empty: type at least one number.');
        return t.split(/[\s,;{}]+/).filter(function (s) { return s !== ''; }).map(function (s) {
            if (!/^\d+$/.test(s)) throw bad(what + ': "' + s + '" is not a whole number.');
            var v = Number(s);
            if (v > max) throw bad(what + ': ' + v + ' is past what the page allows (' + max +
                                   ').');
            return v;
        });
    }
    function countOf(max) {
        var v = Number($('count').value);
        if (!Number.isInteger(v) || v < 1) throw bad('The number of values must be a whole ' +
                                                     'number from 1 to ' + max + '.');
        if (v > max) throw bad('At most ' + max + ' values here (asked for ' + v + ').');
        return v;
    }
    function edgesOf(text) {
        var lines = text.split('\n').filter(function (l) { return l.trim() !== ''; });
        if (lines.length === 0) throw bad('The graph has no edge: type one move per line, "u v".');
        if (lines.length > LIMIT.edges) throw bad('At most ' + LIMIT.edges + ' edges.');
        return lines.map(function (l, i) {
            var m = /^\s*(\d+)\s*[ ,>-]+\s*(\d+)\s*$/.exec(l);
            if (!m) throw bad('Line ' + (i + 1) + ' "' + l.trim() + '" is not an edge "u v".');
            var e = [Number(m[1]), Number(m[2])];
            if (e[0] >= LIMIT.graph || e[1] >= LIMIT.graph) {
                throw bad('Line ' + (i + 1) + ': vertices go from 0 to ' + (LIMIT.graph - 1) + '.');
            }
            return e;
        });
    }

    /* the tool's own words for a proof record (grundy octal CODE --period) */
    function octalProofText(title, p) {
        if (!p.proven) {
            return title + ': no period proven for n < ' + p.limit + '\n' + (p.period === 0 ? '' :
                   '  observed, not proven: G(n + ' + p.period + ') = G(n)' +
                   (p.saltus === 0 ? '' : ' + ' + p.saltus) + ' from n = ' + p.preperiod +
                   ' on, in the values computed\n') + '  ' + p.computed +
                   ' values computed; the largest is ' + p.maxValue + ', first at n = ' + p.maxAt +
                   '\n  (a period is reported only once proven; the page searches at most ' +
                   p.limit + ' values)';
        }
        var sq = p.saltus === 0 ? 0 : p.saltus * p.proofPeriod / p.period;
        var plus = sq ? ' + ' + sq : '';
        return title + ': proven ' + (sq ? 'arithmetic ' : '') + 'period\n' +
            '  G(n + ' + p.period + ') = G(n)' + (sq ? ' + ' + p.saltus : '') + ' for every n >= ' +
            p.preperiod + ' (preperiod ' + p.preperiod + ', period ' + p.period +
            (sq ? ', saltus ' + p.saltus : '') + ')\n' +
            (p.lastException === null ? '  exceptions: none\n' : '  exceptions: ' +
             p.exceptions + ', the last at n = ' + p.lastException + '\n') +
            '  proof: G(n + ' + p.proofPeriod + ') = G(n)' + plus + ' checked for ' +
            p.checkedFrom + ' <= n < ' + p.checkedTo + ', so by the\n         ' +
            (sq ? 'arithmetic-periodicity test' : 'periodicity theorem') + ' for every n >= ' +
            p.checkedFrom + '\n  ' + p.computed + ' values computed; the largest is ' +
            p.maxValue + ', first at n = ' + p.maxAt;
    }
    function subPeriodText(p) {
        return p.saltus === 0 ?
            'proven period: G(n + ' + p.period + ') = G(n) for every n >= ' + p.preperiod +
            ' (preperiod ' + p.preperiod + ', period ' + p.period + ')' :
            'proven arithmetic period: G(n + ' + p.period + ') = G(n) + ' + p.saltus +
            ' for every n >= ' + p.preperiod + ' (preperiod ' + p.preperiod + ', period ' +
            p.period + ', saltus ' + p.saltus + ')';
    }
    function patternText(p, count) {
        if (p.period === 0) return 'Lasker\'s Nim: no pattern in G(0) .. G(' + (count - 1) + ')';
        return 'Lasker\'s Nim: observed pattern G(n + ' + p.period + ') = G(n)' +
            (p.saltus ? ' + ' + p.saltus : '') + ' for ' + p.preperiod + ' <= n < ' +
            (count - p.period) + ' (preperiod ' + p.preperiod + ', period ' + p.period +
            ', saltus ' + p.saltus + '; not proven)';
    }

    /* compute what the form asks: game = { title, values | grid, period, periodText, play } */
    function compute() {
        var kind = $('game').value, param = $('param').value, g = { kind: kind };
        var start = $('start').value, heapsMax = LIMIT.heap, need;
        if (kind === 'wythoff') {
            var rows = countOf(LIMIT.wythoff);
            var xy = numbers(start, 'The position', LIMIT.move);
            if (xy.length !== 2) throw bad('Wythoff\'s game is played on two heaps: type "x y".');
            g.title = 'Wythoff\'s game';
            g.grid = sg.wythoffTable(rows, rows);
            g.play = Play.wythoff({ move: sg.wythoffMove });
            g.start = xy;
            return g;
        }
        if (kind === 'graph') {
            var edges = edgesOf(param), n = 0;
            edges.forEach(function (e) { n = Math.max(n, e[0] + 1, e[1] + 1); });
            var v = numbers(start, 'The start vertex', LIMIT.graph - 1);
            if (v.length !== 1 || v[0] >= n) throw bad('Start on one vertex from 0 to ' +
                                                        (n - 1) + '.');
            g.title = 'a graph of ' + n + ' vertices';
            try {
                g.values = sg.graphTable(n, edges);
            } catch (e) {
                if (e.status === -4) throw bad('The graph has a cycle: a game on it could go on ' +
                                               'for ever, and G is defined only without one.');
                throw e;
            }
            g.play = Play.graph({ rule: Rules.graph(n, edges), values: g.values });
            g.start = v[0];
            return g;
        }
        var count = countOf(kind === 'lasker' ? LIMIT.lasker : LIMIT.count);
        var heaps = numbers(start, 'The heaps', heapsMax);
        if (heaps.length > LIMIT.heaps) throw bad('At most ' + LIMIT.heaps + ' heaps.');
        need = Math.max(count, Math.max.apply(null, heaps) + 1);
        if (kind === 'sub') {
            var set = numbers(param, 'The subtraction set', LIMIT.move);
            if (set.indexOf(0) >= 0) throw bad('A move takes at least one token: 0 is not ' +
                                               'allowed in the set.');
            set = set.filter(function (s, i) { return set.indexOf(s) === i; })
                     .sort(function (a, b) { return a - b; });
            if (set.length > LIMIT.set) throw bad('At most ' + LIMIT.set + ' numbers in the set.');
            g.title = 'subtraction game {' + set.join(', ') + '}';
            g.values = sg.subtractionTable(set, need);
            g.period = sg.subtractionPeriod(set);
            g.periodText = g.title + '\n' + subPeriodText(g.period);
            g.rule = Rules.subtraction(set);
        } else if (kind === 'nim') {
            g.title = 'Nim';
            g.values = [];
            for (var i = 0; i < need; i++) g.values.push(i);
            g.periodText = 'Nim: G(n) = n for every n (Bouton); a sum of heaps is lost for the ' +
                           'player to move exactly when its nim-sum (XOR) is 0';
            g.rule = Rules.nim();
            g.libraryMove = function (pos) { return sg.nim(pos).move; };
        } else if (kind === 'octal') {
            var code = param.trim(), o;
            try {
                o = sg.octal(code, 1);
            } catch (e) {
                if (e.where === undefined) throw e;
                throw bad('The code "' + code + '" is malformed: ' + e.message + ' (at character ' +
                          (e.where + 1) + '). A code looks like 0.77 or 4.07.');
            }
            // a move that leaves three heaps makes each value cost n^2 splits: fewer values
            var cap = o.maxParts === 3 ? LIMIT.split3 : LIMIT.count;
            if (need > cap) throw bad('A move of ' + o.code + ' may leave three heaps: at most ' +
                                      cap + ' values and heaps below ' + cap + ' here.');
            o = sg.octal(o.code, need);
            var hex = /[89a-f]/.test(o.code);
            g.title = (hex ? 'hexadecimal' : 'octal') + ' game ' + o.code +
                      (NAMES[o.code] ? ' (' + NAMES[o.code] + ')' : '');
            g.values = o.values;
            g.period = sg.octalProve(o.code, Math.min(LIMIT.proof, cap));
            g.periodText = octalProofText(g.title, g.period);
            g.rule = Rules.octal(o.code);
        } else if (kind === 'lasker') {
            g.title = 'Lasker\'s Nim';
            g.values = sg.laskerTable(need);
            var pc = Math.min(count, 1000);
            g.periodText = patternText(sg.laskerPattern(pc), pc);
            g.rule = Rules.lasker();
        } else {
            g.title = 'Grundy\'s game';
            g.values = sg.grundyGameTable(need);
            g.periodText = 'Grundy\'s game: no period is known (an open problem), and none is ' +
                           'claimed from a finite table';
            g.rule = Rules.grundyGame();
        }
        g.count = count;
        g.play = Play.heaps({ rule: g.rule, value: function (h) { return g.values[h]; },
                              libraryMove: g.libraryMove });
        g.start = heaps;
        if (g.play.moves(heaps).length > LIMIT.options) {
            throw bad('That position has more than ' + LIMIT.options + ' moves to list: ' +
                      'play from smaller heaps.');
        }
        return g;
    }

    function showValues(g) {
        var box = $('values'), html = [], i;
        if (g.grid) {
            html.push('<table class="grid"><caption>G(x, y): rows x, columns y</caption><tr>' +
                      '<th>x\\y</th>');
            for (i = 0; i < g.grid.length; i++) html.push('<th>' + i + '</th>');
            html.push('</tr>');
            g.grid.forEach(function (row, x) {
                html.push('<tr><th>' + x + '</th>' + row.map(function (v) {
                    return '<td' + (v === 0 ? ' class="p" title="P-position"' : '') + '>' + v +
                           '</td>';
                }).join('') + '</tr>');
            });
            html.push('</table>');
            box.innerHTML = html.join('');
            $('summary').textContent = g.title + ': G(x, y) for x, y < ' + g.grid.length + '.';
            return;
        }
        var vals = g.values.slice(0, g.count || g.values.length), zeros = 0;
        vals.forEach(function (v, n) {
            if (v === 0) zeros++;
            html.push('<span class="cell' + (v === 0 ? ' p' : '') + '" title="G(' + n + ') = ' +
                      v + (v === 0 ? ': P-position' : '') + '"><small>' + n + '</small>' + v +
                      '</span>');
        });
        box.innerHTML = html.join('');
        var of = g.kind === 'graph' ? 'G(v) for the vertices v' : 'G(n) for n';
        $('summary').textContent = g.title + ': ' + of + ' = 0..' + (vals.length - 1) + '; ' +
            zeros + ' P-position' + (zeros === 1 ? '' : 's') + ' among them.';
    }

    function showPicture(g) {
        if (!g.values || g.kind === 'graph') {
            $('picture').innerHTML = '';
            $('picture-caption').textContent = '';
            return;
        }
        var vals = g.values.slice(0, g.count || g.values.length);
        $('picture').innerHTML = Draw.sequence(vals, { title: g.title, period: g.period });
        $('picture-caption').textContent = 'The nim-sequence of ' + g.title + ': G(n) against n.';
    }

    function setMessage(text, ok) {
        $('msg').textContent = text;
        $('msg').className = ok ? 'ok' : '';
    }

    function run() {
        try {
            game = compute();
        } catch (e) {
            setMessage((e.page ? e.message : 'The library refused: ' + e.message) +
                       (game ? ' What is shown below is still ' + game.title + '.' : ''));
            return false;
        }
        setMessage('');
        showValues(game);
        $('period').textContent = game.periodText || '';
        showPicture(game);
        startPlay(false);
        return true;
    }

    /* play ------------------------------------------------------------------------------- */
    function describe() {
        var v = game.play.value(pos);
        $('position').textContent = 'Position: ' + game.play.show(pos) + ' — ' +
            (v === 0 ? 'a P-position' : 'an N-position') + '. ' +
            (over ? '' : (turn === 'you' ? 'Your move.' : 'The page moves.'));
        var moves = over ? [] : game.play.moves(pos), sel = $('moves');
        sel.innerHTML = '';
        moves.forEach(function (m, i) {
            var o = document.createElement('option');
            o.value = String(i);
            o.textContent = m.label;
            sel.appendChild(o);
        });
        sel.disabled = $('play').disabled = $('hint').disabled = moves.length === 0;
        $('computer-first').disabled = over || $('log').children.length > 0;
        if (!over && moves.length === 0) {
            over = true;
            $('position').textContent = 'Position: ' + game.play.show(pos) + '. No move is left: ' +
                (turn === 'you' ? 'you cannot move, so you lose. The page wins.' :
                 'the page cannot move, so you win!');
            $('position').dataset.over = turn === 'you' ? 'page' : 'you';
            $('computer-first').disabled = true;
        }
    }
    function log(who, text) {
        var li = document.createElement('li');
        li.textContent = who + ': ' + text;
        $('log').appendChild(li);
    }
    function startPlay(pageFirst) {
        pos = Array.isArray(game.start) ? game.start.slice() : game.start;
        turn = 'you';
        over = false;
        delete $('position').dataset.over;
        $('log').innerHTML = '';
        $('explain').textContent = '';
        describe();
        if (pageFirst) pageMove();
    }
    function pageMove() {
        turn = 'page';
        var b = game.play.best(pos), all = game.play.moves(pos);
        if (all.length === 0) { describe(); return; }
        var m = b.win || all[0];
        $('explain').textContent = 'The page: ' + b.text + (b.win ? '' : ' It plays "' +
                                   m.label + '" and hopes you slip.');
        log('Page', m.label);
        pos = m.next;
        turn = 'you';
        describe();
    }
    function youMove() {
        var all = game.play.moves(pos), m = all[Number($('moves').value)];
        if (!m) return;
        log('You', m.label);
        pos = m.next;
        turn = 'page';
        describe();
        if (!over) pageMove();
    }

    function setGame() {
        var spec = GAMES[$('game').value];
        $('param-row').hidden = !spec.param;
        $('param-label').textContent = spec.param || '';
        $('param').value = spec.value || '';
        $('param').rows = $('game').value === 'graph' ? 6 : 1;
        $('param-help').textContent = spec.param ? spec.help : '';
        $('count-label').textContent = spec.count || 'Values (n = 0 .. count - 1)';
        $('count').value = spec.countValue || 60;
        $('count-row').hidden = $('game').value === 'graph';
        $('count-help').textContent = spec.param ? '' : spec.help;
        $('start').value = spec.start;
        $('start-help').textContent = spec.startHelp + ($('game').value === 'graph' ? '.' :
            ' (heaps up to ' + LIMIT.heap + ' here).');
    }

    function init() {
        try {
            var b = atob(LIBSG_WASM_BASE64), bytes = new Uint8Array(b.length);
            for (var i = 0; i < b.length; i++) bytes[i] = b.charCodeAt(i);
            return LibSG.load(bytes).then(function (api) {
                sg = api;
                $('version').textContent = sg.version;
                $('game').addEventListener('change', function () { setGame(); run(); });
                $('form').addEventListener('submit', function (ev) { ev.preventDefault(); run(); });
                $('param').addEventListener('keydown', function (ev) {
                    if (ev.key === 'Enter' && !ev.shiftKey && $('game').value !== 'graph') {
                        ev.preventDefault();
                        run();
                    }
                });
                $('play').addEventListener('click', youMove);
                $('hint').addEventListener('click', function () {
                    $('explain').textContent = 'Hint: ' + game.play.best(pos).text;
                });
                $('restart').addEventListener('click', function () { startPlay(false); });
                $('computer-first').addEventListener('click', function () { startPlay(true); });
                setGame();
                run();
                document.body.dataset.readyMs = String(Math.round(performance.now()));
                document.body.dataset.scriptMs = String(scriptMs);
                document.body.dataset.ready = '1';
            });
        } catch (e) {
            setMessage('The page could not start: ' + e.message);
        }
    }
    window.addEventListener('error', function (ev) { setMessage('Error: ' + ev.message); });
    init();
})();
