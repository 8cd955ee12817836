#!/usr/bin/env python3
"""plot.py SUMMARY.tsv [-o OUT.svg] [--title TEXT] [--no-guides] — the time of `irlog
analyze` against the size of the program, one point per program, on log-log axes, as an
SVG written by hand (Python 3's standard library only).

SUMMARY.tsv is what bench/analyze/run.sh writes to WORKDIR/results/summary.tsv, or
bench/analyze/scaling.tsv: tab-separated, a header row, then one row per program:

    program  instructions  seconds  MiB

where seconds is a number, or timeout:N for a run stopped after N seconds (drawn as an
arrow pointing up from N: the run takes longer than that). Rows whose seconds or
instructions are anything else (failed, ?) are left out with a warning. Lines starting
with '#' are comments; a comment '# caption: TEXT' is printed under the plot (several
such lines, several lines of caption). Dashed grey guides through the smallest finished
program show time growing as the instructions and as their square (--no-guides: none).

    python3 bench/analyze/plot.py bench/analyze/scaling.tsv -o docs/analyze-scaling.svg

Check the result with `rsvg-convert -o /tmp/s.png docs/analyze-scaling.svg`.
"""
import argparse
import math
import sys
from xml.sax.saxutils import escape

W, H = 760, 520                      # the picture
L, R, T, B = 86, 190, 56, 84         # margins around the plot area (R: room for labels)


def read(path):
    rows, caption = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip():
                continue
            if line.startswith("#"):
                text = line[1:].strip()
                if text.lower().startswith("caption:"):
                    caption.append(text[len("caption:"):].strip())
                continue
            cells = line.split("\t")
            if cells[0] == "program":
                continue
            if len(cells) < 3:
                print(f"plot.py: {path}:{n}: expected program, instructions, seconds, MiB",
                      file=sys.stderr)
                continue
            name, ins, sec = cells[0], cells[1], cells[2]
            mib = cells[3] if len(cells) > 3 else ""
            try:
                ins = float(ins)
                if sec.startswith("timeout:"):
                    sec, done = float(sec[len("timeout:"):]), False
                else:
                    sec, done = float(sec), True
                if ins <= 0 or sec <= 0:
                    raise ValueError
            except ValueError:
                print(f"plot.py: {path}:{n}: {name} left out (instructions '{cells[1]}', "
                      f"seconds '{cells[2]}')", file=sys.stderr)
                continue
            try:
                mib = float(mib)
            except ValueError:
                mib = None
            rows.append({"name": name, "ins": ins, "sec": sec, "done": done, "mib": mib})
    return rows, caption


def decades(lo, hi):
    """the powers of ten from below lo to above hi"""
    a, b = math.floor(math.log10(lo)), math.ceil(math.log10(hi))
    if a == b:
        b += 1
    return a, b


def fmt_count(v):
    if v >= 1e6:
        return f"{v / 1e6:g}M"
    if v >= 1e3:
        return f"{v / 1e3:g}k"
    return f"{v:g}"


def fmt_seconds(v):
    return f"{v:g} s"


def fmt_mem(mib):
    if mib is None:
        return ""
    return f"{mib / 1024:.1f} GiB" if mib >= 1024 else f"{mib:.0f} MiB"


def fmt_time(sec):
    return f"{sec:.3g} s" if sec < 100 else f"{sec:.0f} s"


def svg(rows, caption, title, guides):
    # (a point never on the frame: a little room on each side)
    xa, xb = decades(0.8 * min(r["ins"] for r in rows), 1.25 * max(r["ins"] for r in rows))
    ylo = 0.8 * min(r["sec"] for r in rows)
    # room above the highest arrow
    yhi = max(r["sec"] * (1 if r["done"] else 3) for r in rows)
    ya, yb = decades(ylo, yhi)
    pw, ph = W - L - R, H - T - B

    def px(v):
        return L + (math.log10(v) - xa) / (xb - xa) * pw

    def py(v):
        return T + ph - (math.log10(v) - ya) / (yb - ya) * ph

    out = []
    e = out.append
    e(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
      f'viewBox="0 0 {W} {H}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" '
      f'font-size="12">')
    e('<defs><marker id="up" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="10" '
      'markerHeight="10" markerUnits="userSpaceOnUse" orient="auto">'
      '<path d="M0,0 L10,5 L0,10 z" fill="#c0392b"/></marker></defs>')
    e(f'<rect width="{W}" height="{H}" fill="white"/>')
    e(f'<text x="{L}" y="{T - 24}" font-size="15" font-weight="bold">{escape(title)}</text>')
    # grid: every decade, and 2..9 within each
    e('<g stroke-width="1">')
    def grid(a, b, unit):  # (value, colour) of each line: decades dark, 2..9 light
        return [(m * unit ** d, "#d0d0d0" if m == 1 else "#eeeeee")
                for d in range(a, b + 1) for m in range(1, 10 if d < b else 2)]
    for v, colour in grid(xa, xb, 10):
        x = px(v)
        e(f'<line x1="{x:.1f}" y1="{T}" x2="{x:.1f}" y2="{T + ph}" stroke="{colour}"/>')
    for v, colour in grid(ya, yb, 10.0):
        y = py(v)
        e(f'<line x1="{L}" y1="{y:.1f}" x2="{L + pw}" y2="{y:.1f}" stroke="{colour}"/>')
    e('</g>')
    e(f'<rect x="{L}" y="{T}" width="{pw}" height="{ph}" fill="none" stroke="#444"/>')
    # tick labels
    for d in range(xa, xb + 1):
        e(f'<text x="{px(10 ** d):.1f}" y="{T + ph + 18}" text-anchor="middle">'
          f'{fmt_count(10 ** d)}</text>')
    for d in range(ya, yb + 1):
        e(f'<text x="{L - 8}" y="{py(10.0 ** d) + 4:.1f}" text-anchor="end">'
          f'{fmt_seconds(10.0 ** d)}</text>')
    e(f'<text x="{L + pw / 2:.1f}" y="{T + ph + 40}" text-anchor="middle">'
      'LLVM instructions in the whole program</text>')
    e(f'<text transform="translate({L - 62},{T + ph / 2:.1f}) rotate(-90)" '
      'text-anchor="middle">seconds of irlog analyze (wall clock)</text>')
    # guides through the smallest finished program: time ~ n and ~ n^2
    taken = []    # boxes (x0, y0, x1, y1) that labels keep clear of
    done = [r for r in rows if r["done"]]
    if guides and done:
        r0 = min(done, key=lambda r: r["ins"])
        e(f'<clipPath id="plot"><rect x="{L}" y="{T}" width="{pw}" height="{ph}"/></clipPath>')
        e('<g clip-path="url(#plot)" stroke="#999" stroke-dasharray="5,4" fill="none">')
        for k in (1, 2):
            x1, x2 = 10.0 ** xa, 10.0 ** xb
            y1 = r0["sec"] * (x1 / r0["ins"]) ** k
            y2 = r0["sec"] * (x2 / r0["ins"]) ** k
            e(f'<line x1="{px(x1):.1f}" y1="{py(y1):.1f}" x2="{px(x2):.1f}" y2="{py(y2):.1f}"/>')
        e('</g>')
        for k, label in ((1, "time ∝ instructions"), (2, "time ∝ instructions²")):
            # the label inside the plot, where the guide leaves it on the right or at the top
            xr = 10.0 ** xb
            yr = r0["sec"] * (xr / r0["ins"]) ** k
            if yr > 10.0 ** yb:
                xr = r0["ins"] * (10.0 ** yb / r0["sec"]) ** (1 / k)
                x, y = px(xr) - 6, T + 14
            else:
                x, y = L + pw - 4, py(yr) - 6
            e(f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="end" fill="#777" '
              f'font-size="11">{label}</text>')
            taken.append((x - 6.0 * len(label), y - 11, x, y + 3))
    # the points
    for r in rows:
        x, y = px(r["ins"]), py(r["sec"])
        if r["done"]:
            e(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="5" fill="#1f5fa8" stroke="white"/>')
            taken.append((x - 6, y - 6, x + 6, y + 6))
        else:
            e(f'<line x1="{x - 6:.1f}" y1="{y:.1f}" x2="{x + 6:.1f}" y2="{y:.1f}" '
              'stroke="#c0392b" stroke-width="2.5"/>')
            e(f'<line x1="{x:.1f}" y1="{y:.1f}" x2="{x:.1f}" y2="{y - 30:.1f}" '
              'stroke="#c0392b" stroke-width="2" marker-end="url(#up)"/>')
            taken.append((x - 5, y - 32, x + 5, y + 3))
    # their labels, two lines each: the first place of a few around the point that overlaps
    # no other label, point or arrow and stays in the picture
    for r in sorted(rows, key=lambda r: (r["ins"], r["sec"])):
        x, y = px(r["ins"]), py(r["sec"])
        if r["done"]:
            detail = fmt_time(r["sec"])
        else:
            detail = f'over {r["sec"]:.0f} s'
        mem = fmt_mem(r["mib"])
        if mem:
            detail += f", {mem}"
        name = r["name"]
        width = max(7.4 * len(name), 5.8 * len(detail)) + 2
        base = y - 2 if r["done"] else y - 12

        def box(lx, ly, anchor):
            x0 = lx if anchor == "start" else lx - width
            return (x0, ly - 12, x0 + width, ly + 17)

        cands = [(x + 10, base, "start"), (x - 10, base, "end")]
        for dy in (18, -18, 36, -36, 54, -54):
            cands += [(x + 10, base + dy, "start"), (x - 10, base + dy, "end")]
        def free(c):
            b = box(*c)
            if b[0] < 2 or b[2] > W - 2 or b[1] < T - 4 or b[3] > T + ph + 4:
                return False
            return not any(b[0] < o[2] and o[0] < b[2] and b[1] < o[3] and o[1] < b[3]
                           for o in taken)
        lx, ly, anchor = next((c for c in cands if free(c)), cands[0])
        taken.append(box(lx, ly, anchor))
        e(f'<text x="{lx:.1f}" y="{ly:.1f}" text-anchor="{anchor}" font-weight="bold">'
          f'{escape(name)}</text>')
        e(f'<text x="{lx:.1f}" y="{ly + 14:.1f}" text-anchor="{anchor}" font-size="11" '
          f'fill="#555">{escape(detail)}</text>')
    # legend, right of the plot
    lx, ly = L + pw + 24, T + ph - 56
    e(f'<circle cx="{lx}" cy="{ly}" r="5" fill="#1f5fa8"/>')
    e(f'<text x="{lx + 12}" y="{ly + 4}" font-size="11">finished</text>')
    e(f'<line x1="{lx - 6}" y1="{ly + 30}" x2="{lx + 6}" y2="{ly + 30}" stroke="#c0392b" '
      'stroke-width="2.5"/>')
    e(f'<line x1="{lx}" y1="{ly + 30}" x2="{lx}" y2="{ly + 12}" stroke="#c0392b" '
      'stroke-width="2" marker-end="url(#up)"/>')
    e(f'<text x="{lx + 12}" y="{ly + 26}" font-size="11">not finished: stopped</text>')
    e(f'<text x="{lx + 12}" y="{ly + 40}" font-size="11">at its time limit</text>')
    for i, c in enumerate(caption):
        e(f'<text x="{L}" y="{T + ph + 58 + 14 * i}" font-size="11" fill="#555">'
          f'{escape(c)}</text>')
    e('</svg>')
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("tsv")
    ap.add_argument("-o", "--output", help="the SVG to write (default: standard output)")
    ap.add_argument("--title", default="irlog analyze: time against program size")
    ap.add_argument("--no-guides", action="store_true")
    a = ap.parse_args()
    rows, caption = read(a.tsv)
    if not rows:
        sys.exit(f"plot.py: no rows to plot in {a.tsv}")
    text = svg(rows, caption, a.title, not a.no_guides)
    if a.output:
        with open(a.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
