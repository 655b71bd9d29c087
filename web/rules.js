/* The moves of the page's games, written out plainly: what a player may do, for the page's
 * game of play, and a brute-force table of values (a memoised mex over those moves) that the
 * tests hold the library's values to. A heap game's rule maps a heap n to its moves, each
 * { take, parts, text }: take tokens removed, parts the non-empty heaps left in its place. */
(function (root) {
    'use strict';

    function move(take, parts, text) {
        return { take: take, parts: parts.filter(function (p) { return p > 0; }), text: text };
    }

    function subtraction(set) {
        return function (n) {
            return set.filter(function (s) { return s <= n; }).map(function (s) {
                return move(s, [n - s], 'take ' + s);
            });
        };
    }

    function nim() {
        return function (n) {
            var out = [];
            for (var k = 1; k <= n; k++) out.push(move(k, [n - k], 'take ' + k));
            return out;
        };
    }

    /* splits of m tokens into k non-empty heaps, sizes in increasing order */
    function splits(m, k, least) {
        if (k === 1) return m >= least ? [[m]] : [];
        var out = [];
        for (var a = least; a * k <= m; a++) {
            splits(m - a, k - 1, a).forEach(function (rest) { out.push([a].concat(rest)); });
        }
        return out;
    }

    /* a canonical code "d0.d1d2...": digit d_i says what taking i tokens may leave (bit 1 no
     * heap, bit 2 one, bit 4 two, bit 8 three non-empty heaps); d0 = 4: split without taking */
    function octal(code) {
        var d0 = parseInt(code.charAt(0), 16);
        var digits = code.slice(code.indexOf('.') + 1).split('').map(function (c) {
            return parseInt(c, 16);
        });
        digits.unshift(d0 === 4 ? 4 : 0);
        return function (n) {
            var out = [];
            for (var i = 0; i < digits.length && i <= n; i++) {
                var d = digits[i], m = n - i;
                var what = i === 0 ? 'split' : 'take ' + i;
                if ((d & 1) && m === 0) out.push(move(i, [], what));
                if ((d & 2) && m > 0) out.push(move(i, [m], what));
                for (var k = 2; k <= 3; k++) {
                    if (!(d & (k === 2 ? 4 : 8))) continue;
                    splits(m, k, 1).forEach(function (p) {
                        out.push(move(i, p, what + ', leave ' + p.join(' + ')));
                    });
                }
            }
            return out;
        };
    }

    function grundyGame() {
        return function (n) {
            var out = [];
            for (var a = 1; 2 * a < n; a++) out.push(move(0, [a, n - a], 'split ' + a + ' + ' +
                                                        (n - a)));
            return out;
        };
    }

    function lasker() {
        return function (n) {
            var out = nim()(n);
            for (var a = 1; 2 * a <= n; a++) out.push(move(0, [a, n - a], 'split ' + a + ' + ' +
                                                         (n - a)));
            return out;
        };
    }

    /* Wythoff's game as a one-position game: position x * cols + y */
    function wythoff(cols) {
        return function (p) {
            var x = Math.floor(p / cols), y = p % cols, out = [], k;
            for (k = 1; k <= x; k++) out.push(move(k, [(x - k) * cols + y], ''));
            for (k = 1; k <= y; k++) out.push(move(k, [x * cols + y - k], ''));
            for (k = 1; k <= x && k <= y; k++) out.push(move(k, [(x - k) * cols + y - k], ''));
            return out.map(function (m) { m.parts = m.parts.length ? m.parts : [0]; return m; });
        };
    }

    /* a graph: a position is a vertex, a move follows an edge */
    function graph(n, edges) {
        var adj = [];
        for (var v = 0; v < n; v++) adj.push([]);
        edges.forEach(function (e) { adj[e[0]].push(e[1]); });
        return function (v) {
            return adj[v].map(function (w) {
                return { take: 0, parts: [w], text: v + ' → ' + w };
            });
        };
    }

    function mex(values) {
        var seen = {};
        values.forEach(function (v) { seen[v] = true; });
        var m = 0;
        while (seen[m]) m++;
        return m;
    }

    /* G(0 .. count-1) by the definition, memoised; parts XOR (a graph's part is its vertex) */
    function table(rule, count) {
        var memo = [];
        function g(n) {
            if (memo[n] !== undefined) return memo[n];
            memo[n] = -1;
            var v = mex(rule(n).map(function (m) {
                return m.parts.reduce(function (a, p) { return a ^ g(p); }, 0);
            }));
            memo[n] = v;
            return v;
        }
        var out = [];
        for (var n = 0; n < count; n++) out.push(g(n));
        return out;
    }

    var Rules = {
        subtraction: subtraction, nim: nim, octal: octal, grundyGame: grundyGame,
        lasker: lasker, wythoff: wythoff, graph: graph, mex: mex, table: table
    };
    if (typeof module === 'object' && module.exports) module.exports = Rules;
    else root.Rules = Rules;
})(this);
