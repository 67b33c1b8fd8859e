#!/usr/bin/env python3
"""Check that screenshots are real pictures: `.ci/run` calls this.

usage: check_png.py FILE.png ...

Decodes each PNG with the standard library alone (zlib plus the PNG row
filters; 8- and 16-bit greyscale, RGB, palette, with or without alpha, not
interlaced) and fails when a file is missing, is not a PNG, or is blank: a
single colour over the whole image (what a viewer that drew nothing under
Xvfb leaves). Prints one line per file: size, distinct colours, share of the
most common colour. Exit status 0 when every file passes, 1 otherwise.
"""

import struct
import sys
import zlib
from collections import Counter

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}  # colour type -> samples per pixel


class PngError(Exception):
    pass


def read_chunks(data):
    if not data.startswith(SIGNATURE):
        raise PngError("not a PNG file")
    pos = len(SIGNATURE)
    while pos + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PngError("truncated chunk")
        yield kind, body
        pos += 12 + length
        if kind == b"IEND":
            return
    raise PngError("no IEND chunk (truncated file)")


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def unfilter(raw, width, height, bpp, stride):
    """The image rows with the PNG filters (none, sub, up, average, Paeth) undone."""
    rows = []
    prev = bytearray(stride)
    pos = 0
    for _ in range(height):
        if pos + 1 + stride > len(raw):
            raise PngError("image data too short")
        ftype = raw[pos]
        row = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        if ftype == 1:
            for i in range(bpp, stride):
                row[i] = (row[i] + row[i - bpp]) & 0xFF
        elif ftype == 2:
            for i in range(stride):
                row[i] = (row[i] + prev[i]) & 0xFF
        elif ftype == 3:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif ftype == 4:
            for i in range(stride):
                left = row[i - bpp] if i >= bpp else 0
                upleft = prev[i - bpp] if i >= bpp else 0
                row[i] = (row[i] + paeth(left, prev[i], upleft)) & 0xFF
        elif ftype != 0:
            raise PngError(f"bad filter type {ftype}")
        rows.append(bytes(row))
        prev = row
    return rows


def decode(path):
    """(width, height, bytes per pixel, rows of bytes) of the PNG at path."""
    with open(path, "rb") as f:
        data = f.read()
    header = None
    idat = []
    for kind, body in read_chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
    if header is None or not idat:
        raise PngError("no IHDR or IDAT chunk")
    width, height, depth, ctype, _, _, interlace = header
    if ctype not in CHANNELS or depth not in (8, 16):
        raise PngError(f"unsupported format (colour type {ctype}, bit depth {depth})")
    if interlace:
        raise PngError("interlaced PNG not supported")
    bpp = CHANNELS[ctype] * depth // 8
    stride = width * bpp
    try:
        raw = zlib.decompress(b"".join(idat))
    except zlib.error as e:
        raise PngError(f"corrupt image data ({e})") from e
    return width, height, bpp, unfilter(raw, width, height, bpp, stride)


def colour_histogram(path):
    width, height, bpp, rows = decode(path)
    counts = Counter()
    for row in rows:
        counts.update(row[i:i + bpp] for i in range(0, width * bpp, bpp))
    return width, height, counts


def check(path):
    try:
        width, height, counts = colour_histogram(path)
    except FileNotFoundError:
        print(f"FAIL {path}: missing")
        return False
    except (OSError, PngError) as e:
        print(f"FAIL {path}: {e}")
        return False
    top = counts.most_common(1)[0][1] / (width * height) if counts else 1.0
    line = f"{path}: {width}x{height}, {len(counts)} colours, most common {100 * top:.1f}%"
    if len(counts) < 2:
        print(f"FAIL {line}: blank (a single colour)")
        return False
    print(f"ok   {line}")
    return True


def main(argv):
    if len(argv) < 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    results = [check(p) for p in argv[1:]]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
