/* A game of play: the positions, the moves from each, and perfect play with its reason.
 * A heap game's position is a list of heaps (a sum: its value is the nim-sum of G of each
 * heap); Wythoff's is [x, y]; a graph's is the vertex the token is on. */
(function (root) {
    'use strict';

    function xorAll(vs) { return vs.reduce(function (a, v) { return a ^ v; }, 0); }

    /* g: { rule, value(n) -> G(n), libraryMove(heaps) -> {heap, to} or null (Nim) } */
    function heaps(g) {
        function value(pos) { return xorAll(pos.map(g.value)); }
        function moves(pos) {
            var out = [];
            pos.forEach(function (h, i) {
                g.rule(h).forEach(function (m) {
                    var next = pos.slice(0, i).concat(m.parts, pos.slice(i + 1));
                    out.push({ heap: i, from: h, move: m, next: next,
                               label: 'heap ' + (i + 1) + ' (' + h + '): ' + m.text +
                                      (m.parts.length && m.text.indexOf('leave') < 0 ?
                                       ', leave ' + m.parts.join(' + ') : '') });
                });
            });
            return out;
        }
        function show(pos) {
            return pos.length ? pos.join(' + ') : 'no heap left';
        }
        function sumText(pos) {
            if (pos.length === 0) return 'no heap: value 0';
            return pos.map(function (h) { return 'G(' + h + ')'; }).join(' ⊕ ') + ' = ' +
                   pos.map(g.value).join(' ⊕ ') + ' = ' + value(pos);
        }
        function best(pos) {
            var all = moves(pos), s = value(pos), i;
            if (s === 0) {
                return { win: null, text: 'The nim-sum ' + sumText(pos) + ' is 0: a P-position. ' +
                         'Every move leaves a non-zero nim-sum, so the player to move loses ' +
                         'against perfect play.' };
            }
            var pick = null;
            if (g.libraryMove) {
                var lm = g.libraryMove(pos);
                for (i = 0; lm && i < all.length; i++) {
                    if (all[i].heap === lm.heap && all[i].move.parts.length <= 1 &&
                        (all[i].move.parts[0] || 0) === lm.to) pick = all[i];
                }
            } else {
                for (i = 0; i < all.length && !pick; i++) {
                    if (value(all[i].next) === 0) pick = all[i];
                }
            }
            if (!pick) return { win: null, text: 'no winning move found' };
            var gh = g.value(pick.from), gp = xorAll(pick.move.parts.map(g.value));
            return {
                win: pick,
                text: 'The nim-sum ' + sumText(pos) + ' is not 0: an N-position, the player to ' +
                      'move wins. Heap ' + (pick.heap + 1) + ' has G(' + pick.from + ') = ' + gh +
                      '; it must become ' + gh + ' ⊕ ' + s + ' = ' + (gh ^ s) + '. The move "' +
                      pick.move.text + '" leaves ' + (pick.move.parts.length ?
                      pick.move.parts.map(function (h) { return 'G(' + h + ')'; }).join(' ⊕ ') +
                      ' = ' + gp : 'nothing (value 0)') + ', so the nim-sum becomes 0.'
            };
        }
        return { value: value, moves: moves, best: best, show: show };
    }

    /* w: { move(x, y) -> [x', y'] or null (the library's winning move), value(x, y) or null } */
    function wythoff(w) {
        function moves(pos) {
            var x = pos[0], y = pos[1], out = [], k;
            for (k = 1; k <= x; k++) out.push({ next: [x - k, y], label: 'take ' + k +
                                                ' from the first heap' });
            for (k = 1; k <= y; k++) out.push({ next: [x, y - k], label: 'take ' + k +
                                                ' from the second heap' });
            for (k = 1; k <= x && k <= y; k++) out.push({ next: [x - k, y - k], label: 'take ' +
                                                          k + ' from both heaps' });
            out.forEach(function (m) { m.label += ' → (' + m.next.join(', ') + ')'; });
            return out;
        }
        function value(pos) { return w.move(pos[0], pos[1]) === null ? 0 : 1; }
        function best(pos) {
            var to = w.move(pos[0], pos[1]);
            var pairs = ' The P-positions are (a_k, a_k + k) and (a_k + k, a_k), a_k = ⌊kφ⌋, ' +
                        'φ the golden ratio: (0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), …';
            if (to === null) {
                return { win: null, text: '(' + pos.join(', ') + ') is a P-position: the player ' +
                         'to move loses against perfect play.' + pairs };
            }
            var pick = moves(pos).filter(function (m) {
                return m.next[0] === to[0] && m.next[1] === to[1];
            })[0];
            return { win: pick, text: '(' + pos.join(', ') + ') is not a P-position, so the ' +
                     'player to move wins: move to (' + to.join(', ') + '), which is one.' +
                     pairs };
        }
        function show(pos) { return 'heaps (' + pos.join(', ') + ')'; }
        return { value: value, moves: moves, best: best, show: show };
    }

    /* r: { rule (vertex -> moves), values: G of each vertex } */
    function graph(r) {
        function moves(v) {
            return r.rule(v).map(function (m) {
                return { next: m.parts[0], label: 'move to ' + m.parts[0] };
            });
        }
        function value(v) { return r.values[v]; }
        function best(v) {
            var all = moves(v), opts = all.map(function (m) { return r.values[m.next]; });
            var why = 'G(' + v + ') = mex{' + opts.join(', ') + '} = ' + r.values[v];
            if (r.values[v] === 0) {
                return { win: null, text: why + ': a P-position, every move goes to an ' +
                         'N-position; the player to move loses against perfect play.' };
            }
            var pick = all.filter(function (m) { return r.values[m.next] === 0; })[0];
            return { win: pick, text: why + ' is not 0, so some option has value 0: move to ' +
                     pick.next + ' (G(' + pick.next + ') = 0).' };
        }
        function show(v) { return 'the token is on vertex ' + v; }
        return { value: value, moves: moves, best: best, show: show };
    }

    var Play = { heaps: heaps, wythoff: wythoff, graph: graph };
    if (typeof module === 'object' && module.exports) module.exports = Play;
    else root.Play = Play;
})(this);
