#!/usr/bin/env python3
"""Draws the small illustrations of example-journal (standard library only, deterministic).

    python3 docs/tools/make-example-images.py example-journal

Flat-colour scenes compress to a few kilobytes each, which keeps the repository small.
"""
import math
import os
import struct
import sys
import zlib

W, H = 640, 400


def png(path, pixels):
    """Writes rows of RGB bytes as a PNG; the size comes from the rows."""
    raw = b"".join(b"\x00" + bytes(row) for row in pixels)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    width, height = len(pixels[0]) // 3, len(pixels)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    if os.path.dirname(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))


def canvas(top, bottom):
    """Vertical gradient in 16 bands (bands compress far better than a smooth ramp)."""
    return [[c for _ in range(W) for c in mix(top, bottom, (y * 16 // H) / 15)] for y in range(H)]


def put(img, x, y, colour):
    if 0 <= x < W and 0 <= y < H:
        img[y][3 * x:3 * x + 3] = colour


def rect(img, x0, y0, x1, y1, colour):
    for y in range(max(0, y0), min(H, y1)):
        for x in range(max(0, x0), min(W, x1)):
            img[y][3 * x:3 * x + 3] = colour


def disc(img, cx, cy, r, colour):
    for y in range(cy - r, cy + r + 1):
        for x in range(cx - r, cx + r + 1):
            if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                put(img, x, y, colour)


def ridge(img, base, amp, freq, phase, colour):
    for x in range(W):
        top = int(base - amp * (0.6 * math.sin(x * freq + phase) + 0.4 * math.sin(x * freq * 2.7 + phase * 1.9)))
        for y in range(max(0, top), H):
            img[y][3 * x:3 * x + 3] = colour


def torii(img, cx, base, w, h, colour):
    rect(img, cx - w // 2, base - h, cx - w // 2 + w // 10, base, colour)
    rect(img, cx + w // 2 - w // 10, base - h, cx + w // 2, base, colour)
    rect(img, cx - w // 2 - w // 6, base - h - h // 8, cx + w // 2 + w // 6, base - h, colour)
    rect(img, cx - w // 2 - w // 12, base - h + h // 5, cx + w // 2 + w // 12, base - h + h // 5 + h // 14, colour)


def kyoto_gates():
    img = canvas((248, 214, 170), (246, 162, 120))
    disc(img, 470, 150, 46, (255, 236, 200))
    ridge(img, 300, 40, 0.012, 1.0, (120, 84, 96))
    for i in range(7):
        s = 1 - i * 0.12
        torii(img, 320, 400 - int(i * 14), int(260 * s), int(300 * s), mix((196, 52, 32), (150, 60, 50), i / 7))
    return img


def torii_detail():
    img = canvas((214, 230, 200), (150, 180, 140))
    for i in range(12):
        x = 40 + i * 52
        rect(img, x, 0, x + 30, H, mix((214, 72, 40), (160, 50, 30), (i % 4) / 4))
        rect(img, x + 30, 0, x + 34, H, (90, 40, 30))
    rect(img, 0, 330, W, H, (110, 130, 90))
    return img


def saale_valley():
    img = canvas((180, 214, 240), (236, 240, 220))
    ridge(img, 210, 35, 0.009, 0.3, (120, 150, 110))
    ridge(img, 260, 30, 0.014, 2.0, (84, 120, 80))
    rect(img, 420, 120, 470, 190, (150, 140, 130))
    rect(img, 430, 100, 460, 120, (130, 120, 112))
    ridge(img, 330, 12, 0.02, 0.7, (150, 180, 200))
    ridge(img, 360, 10, 0.03, 1.4, (96, 130, 74))
    return img


def lake_evening():
    img = canvas((70, 90, 150), (240, 170, 130))
    disc(img, 200, 250, 30, (255, 214, 150))
    rect(img, 0, 260, W, H, (60, 86, 120))
    for y in range(262, H, 9):
        rect(img, 150 + (y % 5) * 4, y, 250 - (y % 7) * 3, y + 2, (230, 170, 120))
    rect(img, 380, 250, 640, 262, (60, 44, 36))
    for x in range(400, 640, 40):
        rect(img, x, 262, x + 6, 330, (50, 36, 30))
    return img


def osaka_night():
    img = canvas((20, 20, 50), (60, 30, 80))
    colours = [(255, 80, 120), (80, 220, 255), (255, 210, 60), (140, 255, 120)]
    for i in range(9):
        x = i * 72
        h = 120 + (i * 37) % 140
        rect(img, x, 300 - h, x + 64, 300, (40, 36, 60))
        for j in range(3):
            rect(img, x + 8, 300 - h + 16 + j * 30, x + 56, 300 - h + 32 + j * 30, colours[(i + j) % 4])
    rect(img, 0, 300, W, H, (30, 30, 60))
    for y in range(306, H, 10):
        for i in range(9):
            rect(img, i * 72 + 10, y, i * 72 + 50, y + 3, mix(colours[i % 4], (30, 30, 60), 0.55))
    return img


def sourdough_loaf():
    img = canvas((240, 230, 214), (214, 196, 170))
    rect(img, 0, 300, W, H, (140, 100, 70))
    for y in range(150, 320):
        for x in range(150, 490):
            dx, dy = (x - 320) / 170, (y - 300) / 150
            if dx * dx + dy * dy <= 1 and y < 300:
                put(img, x, y, mix((200, 130, 60), (120, 70, 30), (300 - y) / 150))
    for k in range(3):
        for t in range(120):
            x = 240 + k * 60 + t // 3
            put(img, x, 190 + t // 2 + k * 6, (236, 210, 160))
            put(img, x, 191 + t // 2 + k * 6, (236, 210, 160))
    return img


def sandstone_towers():
    img = canvas((196, 220, 236), (236, 232, 214))
    ridge(img, 250, 20, 0.01, 0.4, (150, 170, 150))
    for i, (x, w, h) in enumerate([(60, 70, 210), (150, 55, 250), (230, 80, 190), (340, 60, 270), (420, 90, 220), (530, 70, 240)]):
        rect(img, x, H - h, x + w, H, mix((206, 176, 134), (160, 128, 96), (i % 3) / 3))
        for y in range(H - h + 20, H, 26):
            rect(img, x, y, x + w, y + 3, (140, 112, 84))
    rect(img, 140, 200, 440, 212, (110, 96, 86))
    ridge(img, 370, 14, 0.025, 1.1, (70, 110, 70))
    return img


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "example-journal"
    media = os.path.join(root, "media")
    png(os.path.join(media, "kyoto-gates.png"), kyoto_gates())
    png(os.path.join(media, "saale-valley.png"), saale_valley())
    png(os.path.join(media, "lake-evening.png"), lake_evening())
    png(os.path.join(media, "sourdough-loaf.png"), sourdough_loaf())
    png(os.path.join(root, "entries", "2026", "2026-04-01-kyoto-gates", "torii-detail.png"), torii_detail())
    png(os.path.join(root, "entries", "2026", "2026-04-05-osaka-food", "osaka-night.png"), osaka_night())
    png(os.path.join(root, "trips", "malerweg-2026", "sandstone.png"), sandstone_towers())


if __name__ == "__main__":
    main()
