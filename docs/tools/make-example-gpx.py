#!/usr/bin/env python3
"""Writes the GPX track of example-journal's Malerweg walk (standard library only, deterministic).

    python3 docs/tools/make-example-gpx.py example-journal

The track follows real waypoints of the first stages of the Malerweg in Saxon Switzerland
(Liebethal, Stadt Wehlen, Bastei, Hohnstein), with the small wiggles a phone records.
"""
import math
import os
import random
import sys

WAYPOINTS = [
    (50.9628, 13.9406, 150),  # Pirna-Liebethal
    (50.9655, 13.9728, 190),  # Lochmühle
    (50.9581, 14.0308, 118),  # Stadt Wehlen
    (50.9615, 14.0560, 260),  # Steinerner Tisch
    (50.9620, 14.0737, 305),  # Bastei
    (50.9705, 14.0925, 160),  # Amselgrund
    (50.9787, 14.1124, 330),  # Hohnstein
]


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "example-journal"
    rng = random.Random(7)
    points = []
    for (a_lat, a_lon, a_ele), (b_lat, b_lon, b_ele) in zip(WAYPOINTS, WAYPOINTS[1:]):
        steps = 24
        for i in range(steps):
            t = i / steps
            bend = math.sin(t * math.pi) * 0.0012
            lat = a_lat + (b_lat - a_lat) * t + bend + rng.uniform(-0.00012, 0.00012)
            lon = a_lon + (b_lon - a_lon) * t - bend + rng.uniform(-0.00012, 0.00012)
            ele = a_ele + (b_ele - a_ele) * t + rng.uniform(-1.5, 1.5)
            points.append((lat, lon, ele))
    points.append(WAYPOINTS[-1])
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="journalgen example" xmlns="http://www.topografix.com/GPX/1/1">',
        '  <metadata><name>Malerweg, Liebethal to Hohnstein</name></metadata>',
        '  <trk>',
        '    <name>Malerweg stages 1 and 2</name>',
        '    <trkseg>',
    ]
    for i, (lat, lon, ele) in enumerate(points):
        minute = 9 * 60 + i * 3
        lines.append('      <trkpt lat="%.5f" lon="%.5f"><ele>%.1f</ele><time>2026-09-05T%02d:%02d:00Z</time></trkpt>' % (lat, lon, ele, minute // 60 - 2, minute % 60))
    lines += ['    </trkseg>', '  </trk>', '</gpx>', '']
    folder = os.path.join(root, "entries", "2026", "2026-09-05-bastei")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "malerweg-day-1.gpx"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
