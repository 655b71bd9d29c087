/* The nim-sequence picture, after the one `grundy ... --format svg` draws: G(n) against n, a dot
 * a value, the P-positions (G = 0) ringed, and the proven periodic part shaded with a stripe
 * at each period. Returns the SVG as text; every number in it comes from the values given. */
(function (root) {
    'use strict';

    function esc(s) {
        return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    }
    function f1(x) { return x.toFixed(1); }

    /* opts: title, and period { preperiod, period, proven } or null */
    function sequence(values, opts) {
        var W = 960, H = 440, L = 64, R = 936, T = 56, B = 356;
        var n = values.length, max = 0, i;
        for (i = 0; i < n; i++) if (values[i] > max) max = values[i];
        var xs = (R - L) / Math.max(n, 1), ys = (B - T) / (max + 1);
        function X(k) { return L + (k + 0.5) * xs; }
        function Y(v) { return B - (v + 0.5) * ys; }
        var out = [];
        out.push('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + W + ' ' + H +
                 '" role="img" aria-label="' + esc(opts.title) + ': G(n) for n = 0..' +
                 (n - 1) + '">');
        out.push('<rect width="' + W + '" height="' + H + '" fill="#fff"/>');
        out.push('<text x="' + L + '" y="30" font-size="16" fill="#111">' + esc(opts.title) +
                 '</text>');
        var p = opts.period;
        if (p && p.proven && p.period > 0 && p.preperiod < n) {
            var x0 = L + p.preperiod * xs;
            out.push('<rect x="' + f1(x0) + '" y="' + T + '" width="' + f1(R - x0) +
                     '" height="' + (B - T) + '" fill="#d8e8f8"/>');
            var d = '';
            for (i = p.preperiod; i < n; i += p.period) d += 'M' + f1(L + i * xs) + ' ' + T +
                                                              'v' + (B - T);
            out.push('<path stroke="#8fb4dc" stroke-width="1" d="' + d + '"/>');
        }
        out.push('<path d="M' + L + ' ' + T + 'V' + B + 'H' + R +
                 '" stroke="#444" fill="none"/>');
        out.push('<g font-size="13" fill="#222">');
        var step = Math.max(1, Math.pow(10, Math.floor(Math.log10(Math.max(n, 1)))) / 2);
        if (n / step > 12) step *= 2;
        for (i = 0; i < n; i += step) out.push('<text x="' + f1(X(i)) + '" y="' + (B + 18) +
                                               '" text-anchor="middle">' + i + '</text>');
        var vstep = Math.max(1, Math.ceil((max + 1) / 10));
        for (i = 0; i <= max; i += vstep) out.push('<text x="' + (L - 8) + '" y="' +
                                                   f1(Y(i) + 4) + '" text-anchor="end">' + i +
                                                   '</text>');
        out.push('<text x="' + (L + R) / 2 + '" y="' + (B + 36) +
                 '" text-anchor="middle">n</text>');
        out.push('<text x="16" y="' + (T + B) / 2 + '" transform="rotate(-90 16 ' + (T + B) / 2 +
                 ')" text-anchor="middle">G(n)</text></g>');
        var r = Math.max(1.2, Math.min(4, xs / 2.5));
        out.push('<g fill="#1f3b73">');
        for (i = 0; i < n; i++) out.push('<circle cx="' + f1(X(i)) + '" cy="' + f1(Y(values[i])) +
                                         '" r="' + f1(r) + '"/>');
        out.push('</g><g fill="none" stroke="#d62728" stroke-width="1.5">');
        for (i = 0; i < n; i++) {
            if (values[i] === 0) out.push('<circle cx="' + f1(X(i)) + '" cy="' + f1(Y(0)) +
                                          '" r="' + f1(r + 2.5) + '"/>');
        }
        out.push('</g><g font-size="13" fill="#222">');
        out.push('<circle cx="' + (L + 4) + '" cy="' + (B + 56) + '" r="4" fill="none" ' +
                 'stroke="#d62728" stroke-width="1.5"/><text x="' + (L + 14) + '" y="' +
                 (B + 60) + '">P-positions: G(n) = 0</text>');
        if (p && p.proven && p.period > 0) {
            out.push('<rect x="' + L + '" y="' + (B + 68) + '" width="8" height="10" ' +
                     'fill="#d8e8f8" stroke="#8fb4dc"/><text x="' + (L + 14) + '" y="' +
                     (B + 78) + '">periodic part, proven: G(n + ' + p.period + ') = G(n)' +
                     (p.saltus ? ' + ' + p.saltus : '') + ' for every n &gt;= ' + p.preperiod +
                     '</text>');
        }
        out.push('</g></svg>');
        return out.join('\n');
    }

    var Draw = { sequence: sequence };
    if (typeof module === 'object' && module.exports) module.exports = Draw;
    else root.Draw = Draw;
})(this);
