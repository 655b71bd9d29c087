/* libsg in JavaScript: the calls of web/sg_web.c on the library compiled for wasm32.
 * A plain script, no bundler: in a page it defines the global LibSG, in Node it is a CommonJS
 * module. LibSG.load(bytes) compiles the wasm file's bytes and resolves to an object whose
 * methods return plain arrays and objects; a libsg error is thrown as an Error with .status
 * (the negative SG_E... code) and the library's message, and for a malformed code .where (the
 * offending character's offset). */
(function (root) {
    'use strict';

    function load(bytes) {
        return WebAssembly.instantiate(bytes, {}).then(function (r) {
            return api(r.instance.exports);
        });
    }

    function api(x) {
        var enc = new TextEncoder(), dec = new TextDecoder();

        function u32(p, n) { return new Uint32Array(x.memory.buffer, p, n); }
        function f64(p, n) { return new Float64Array(x.memory.buffer, p, n); }
        function str(p) {
            var b = new Uint8Array(x.memory.buffer), e = p;
            while (b[e] !== 0) e++;
            return dec.decode(b.subarray(p, e));
        }
        function fail(st, what) {
            var e = new Error((what ? what + ': ' : '') + str(x.sgw_strerror(st)));
            e.status = st;
            return e;
        }
        /* run f(ptr...) with fresh buffers of the given byte sizes, always freed */
        function withBufs(sizes, f) {
            var ps = [], i;
            try {
                for (i = 0; i < sizes.length; i++) {
                    var p = x.sgw_alloc(sizes[i]);
                    if (p === 0) throw fail(-2);
                    ps.push(p);
                }
                return f.apply(null, ps);
            } finally {
                for (i = 0; i < ps.length; i++) x.sgw_free(ps[i]);
            }
        }
        function checkCount(n, max) {
            if (!(Number.isInteger(n) && n >= 0 && n <= max)) {
                var e = new Error('a count from 0 to ' + max + ' is needed, not ' + n);
                e.status = -3;
                throw e;
            }
        }
        function table(count, call) {
            checkCount(count, 1 << 24);
            return withBufs([4 * count], function (t) {
                var st = call(t);
                if (st < 0) throw fail(st);
                return Array.from(u32(t, count));
            });
        }
        function period(o) {
            return { preperiod: o[0], period: o[1], saltus: o[2], proven: o[3] === 1 };
        }
        function ints(list, what) {
            list.forEach(function (v) {
                if (!(Number.isInteger(v) && v >= 0 && v < 4294967296)) {
                    var e = new Error(what + ': ' + v + ' is not a whole number below 2^32');
                    e.status = -1;
                    throw e;
                }
            });
        }
        function withList(list, f) {
            ints(list, 'a number');
            return withBufs([4 * list.length + 4], function (p) {
                u32(p, list.length).set(list);
                return f(p);
            });
        }

        var self = {
            version: str(x.sgw_version()),

            subtractionTable: function (set, count) {
                return withList(set, function (m) {
                    return table(count, function (t) {
                        return x.sgw_sub_table(t, count, m, set.length);
                    });
                });
            },
            subtractionPeriod: function (set) {
                return withList(set, function (m) {
                    return withBufs([32], function (o) {
                        var st = x.sgw_sub_period(m, set.length, o);
                        if (st < 0) throw fail(st);
                        return period(f64(o, 4));
                    });
                });
            },

            /* the canonical code, the most heaps a move leaves, and G(0 .. count-1) */
            octal: function (code, count) {
                var bytes = enc.encode(code);
                return withBufs([bytes.length + 1, 4, 4, 4, 80], function (c, g, w, m, f) {
                    new Uint8Array(x.memory.buffer, c, bytes.length + 1).set(bytes);
                    new Uint8Array(x.memory.buffer, c + bytes.length, 1)[0] = 0;
                    var st = x.sgw_octal_parse(c, g, w, m);
                    if (st < 0) {
                        var e = fail(st);
                        var why = u32(m, 1)[0];
                        if (st === -1 && why !== 0) e.message = str(why);
                        e.where = u32(w, 1)[0];
                        throw e;
                    }
                    var game = u32(g, 1)[0];
                    try {
                        st = x.sgw_octal_format(game, f, 80);   // 64 digits, "0." and NUL fit
                        if (st < 0) throw fail(st);
                        return {
                            code: str(f),
                            maxParts: x.sgw_octal_max_parts(game),
                            values: table(count, function (t) {
                                return x.sgw_octal_table(game, t, count);
                            })
                        };
                    } finally {
                        x.sgw_octal_free(game);
                    }
                });
            },
            /* the proof record of sg_octal_prove over at most limit values */
            octalProve: function (code, limit) {
                checkCount(limit, 1 << 20);
                var bytes = enc.encode(code);
                return withBufs([bytes.length + 1, 4, 4, 4, 96], function (c, g, w, m, o) {
                    new Uint8Array(x.memory.buffer, c, bytes.length + 1).set(bytes);
                    new Uint8Array(x.memory.buffer, c + bytes.length, 1)[0] = 0;
                    var st = x.sgw_octal_parse(c, g, w, m);
                    if (st < 0) throw fail(st, code);
                    var game = u32(g, 1)[0];
                    try {
                        st = x.sgw_octal_prove(game, limit, o);
                        if (st < 0) throw fail(st);
                        var r = f64(o, 12), p = period(r);
                        p.computed = r[4];
                        p.checkedFrom = r[5];
                        p.checkedTo = r[6];
                        p.exceptions = r[7];
                        p.lastException = r[8] < 0 ? null : r[8];
                        p.maxValue = r[9];
                        p.maxAt = r[10];
                        p.proofPeriod = r[11];
                        p.limit = limit;
                        return p;
                    } finally {
                        x.sgw_octal_free(game);
                    }
                });
            },

            grundyGameTable: function (count) {
                return table(count, function (t) { return x.sgw_grundy_game_table(t, count); });
            },
            laskerTable: function (count) {
                return table(count, function (t) { return x.sgw_lasker_table(t, count); });
            },
            /* observed over G(0 .. count-1), never proven */
            laskerPattern: function (count) {
                checkCount(count, 4096);
                return withBufs([32], function (o) {
                    var st = x.sgw_lasker_pattern(count, o);
                    if (st < 0) throw fail(st);
                    return period(f64(o, 4));
                });
            },

            /* rows of G(x, y), x < rows, y < cols */
            wythoffTable: function (rows, cols) {
                checkCount(rows, 4096);
                checkCount(cols, 4096);
                var flat = table(rows * cols, function (t) {
                    return x.sgw_wythoff_table(t, rows, cols);
                });
                var out = [];
                for (var i = 0; i < rows; i++) out.push(flat.slice(i * cols, (i + 1) * cols));
                return out;
            },
            /* null for a P-position, else the position after a winning move */
            wythoffMove: function (a, b) {
                ints([a, b], 'a heap');
                return withBufs([8], function (o) {
                    var st = x.sgw_wythoff_move(a, b, o);
                    if (st < 0) throw fail(st);
                    return st === 0 ? null : Array.from(u32(o, 2));
                });
            },

            /* the nim-sum, and the move on the lowest heap that has one (null: P-position) */
            nim: function (heaps) {
                return withList(heaps, function (h) {
                    return withBufs([12], function (o) {
                        var st = x.sgw_nim_move(h, heaps.length, o), r = u32(o, 3);
                        if (st < 0) throw fail(st);
                        return { nimSum: r[0], move: st === 0 ? null : { heap: r[1], to: r[2] } };
                    });
                });
            },

            /* G of each vertex 0 .. n-1 of the graph whose moves are edges [from, to] */
            graphTable: function (n, edges) {
                checkCount(n, 1 << 20);
                var first = new Array(n + 1).fill(0), to = new Array(edges.length), i;
                edges.forEach(function (e) {
                    ints(e, 'a vertex');
                    if (e[0] >= n || e[1] >= n) {
                        var err = new Error('edge ' + e[0] + ' ' + e[1] + ': a vertex past ' +
                                            (n - 1));
                        err.status = -3;
                        throw err;
                    }
                    first[e[0] + 1]++;
                });
                for (i = 0; i < n; i++) first[i + 1] += first[i];
                var at = first.slice();
                edges.forEach(function (e) { to[at[e[0]]++] = e[1]; });
                return withList(first, function (f) {
                    return withList(to, function (t) {
                        return table(n, function (g) { return x.sgw_graph_table(g, n, f, t); });
                    });
                });
            }
        };
        return self;
    }

    var LibSG = { load: load };
    if (typeof module === 'object' && module.exports) module.exports = LibSG;
    else root.LibSG = LibSG;
})(this);
