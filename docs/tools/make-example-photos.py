#!/usr/bin/env python3
"""Makes the example journal's trip photos: layered sandstone landscapes with light and grain,
1800 x 1200, written as PNG by this script and turned into JPEG by libvips' `vips` tool.

    python3 docs/tools/make-example-photos.py example-journal

Deterministic (fixed seeds); needs libvips-tools (installed with libvips-dev by `make setup`).
"""
import importlib.util
import math
import os
import random
import subprocess
import sys
import tempfile

W, H = 1800, 1200


def write_png(path, rows):
    """The PNG writer of make-example-images.py (a file name with dashes cannot be imported)."""
    spec = importlib.util.spec_from_file_location("example_images", os.path.join(os.path.dirname(__file__), "make-example-images.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.png(path, rows)


def scene(seed, sky_top, sky_bottom, layers, sun=None):
    """Sky gradient, a sun glow, then ridges from far (hazy) to near (dark), with film grain."""
    rnd = random.Random(seed)
    heights = []
    for base, amp, colour in layers:
        phases = [rnd.uniform(0, 6.3) for _ in range(4)]
        freqs = [rnd.uniform(0.002, 0.004), rnd.uniform(0.006, 0.011), rnd.uniform(0.02, 0.04), rnd.uniform(0.08, 0.12)]
        tops = []
        for x in range(W):
            v = sum(math.sin(x * f + p) * w for f, p, w in zip(freqs, phases, (1.0, 0.5, 0.18, 0.05)))
            # sandstone: flat-topped towers where the curve is high
            v = min(v, 0.9) if v > 0.6 else v
            tops.append(int(base - amp * v))
        heights.append((tops, colour))
    rows = []
    for y in range(H):
        t = y / H
        sky = [sky_top[i] + (sky_bottom[i] - sky_top[i]) * t for i in range(3)]
        row = bytearray(W * 3)
        for x in range(W):
            c = sky
            if sun:
                d = math.hypot(x - sun[0], y - sun[1]) / sun[2]
                glow = max(0.0, 1.0 - d) ** 2
                c = [c[i] + (255 - c[i]) * glow * 0.8 for i in range(3)]
            for depth, (tops, colour) in enumerate(heights):
                if y >= tops[x]:
                    shade = 1.0 - min(0.35, (y - tops[x]) / 900.0)
                    strata = 0.93 if ((y - tops[x]) // 14) % 5 == 0 and depth > 0 else 1.0
                    c = [colour[i] * shade * strata for i in range(3)]
            g = rnd.uniform(-7, 7)
            row[3 * x:3 * x + 3] = bytes(max(0, min(255, int(c[i] + g))) for i in range(3))
        rows.append(row)
    return rows


PHOTOS = {
    "entries/2026/2026-09-05-bastei/bastei-bridge.jpg": (5, (120, 160, 205), (236, 226, 206), [
        (640, 90, (170, 180, 176)), (760, 160, (196, 160, 118)), (980, 120, (96, 112, 74))], (1350, 260, 520)),
    "entries/2026/2026-09-05-bastei/elbe-from-above.jpg": (6, (150, 180, 214), (240, 232, 214), [
        (560, 40, (160, 176, 180)), (700, 60, (132, 150, 120)), (880, 30, (120, 150, 170)), (1060, 150, (88, 104, 70))], None),
    "entries/2026/2026-09-07-schmilka/schrammsteine.jpg": (7, (200, 150, 120), (250, 214, 170), [
        (600, 120, (150, 120, 130)), (820, 220, (170, 120, 90)), (1040, 100, (60, 70, 50))], (400, 420, 700)),
}


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "example-journal"
    for path, (seed, top, bottom, layers, sun) in PHOTOS.items():
        out = os.path.join(root, path)
        os.makedirs(os.path.dirname(out), exist_ok=True)
        with tempfile.TemporaryDirectory() as work:
            png = os.path.join(work, "photo.png")
            write_png(png, scene(seed, top, bottom, layers, sun))
            subprocess.run(["vips", "copy", png, out + "[Q=78,strip,optimize_coding]"], check=True)
        print(out, os.path.getsize(out), "bytes")


if __name__ == "__main__":
    main()
