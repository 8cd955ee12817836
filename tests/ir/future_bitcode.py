#!/usr/bin/env python3
"""future_bitcode.py IN.bc OUT.bc [PRODUCER] [EPOCH]

Writes OUT.bc: the module of IN.bc (a real bitcode file from clang-19 or llvm-as-19)
with its IDENTIFICATION_BLOCK replaced by one that claims a future LLVM: producer
string PRODUCER (default "LLVM99.0.0git", cut or padded with dots to the size of the
original block) and bitcode epoch EPOCH (default 1; LLVM 19
reads only epoch 0 and stops with "Incompatible epoch"). This is what bitcode from an
unsupported (newer) LLVM looks like to LLVM 19's reader.

The bitstream format (llvm.org/docs/BitCodeFormat.html): after the magic 'BC' 0xC0DE,
abbreviation ids are 2 bits wide at the top level; ENTER_SUBBLOCK (id 1) is followed by
the block id (vbr8), the new abbreviation width (vbr4), alignment to 32 bits and the
block's length in 32-bit words. The identification block (id 13) comes first; its
STRING (code 1) and EPOCH (code 2) records are written here unabbreviated
(UNABBREV_RECORD, id 3: code vbr6, number of operands vbr6, each operand vbr6).
"""
import struct
import sys

MAGIC = b"BC\xc0\xde"
IDENTIFICATION_BLOCK_ID = 13


class BitWriter:
    def __init__(self):
        self.bits = []

    def fixed(self, value, width):
        for i in range(width):
            self.bits.append((value >> i) & 1)

    def vbr(self, value, width):
        hi = 1 << (width - 1)
        while value >= hi:
            self.fixed((value & (hi - 1)) | hi, width)
            value >>= width - 1
        self.fixed(value, width)

    def align32(self):
        while len(self.bits) % 32:
            self.bits.append(0)

    def data(self):
        assert len(self.bits) % 32 == 0
        out = bytearray()
        for i in range(0, len(self.bits), 8):
            out.append(sum(b << k for k, b in enumerate(self.bits[i:i + 8])))
        return bytes(out)


def identification_block(producer, epoch):
    body = BitWriter()
    abbrev_width = 5
    body.fixed(3, abbrev_width)  # UNABBREV_RECORD
    body.vbr(1, 6)  # IDENTIFICATION_CODE_STRING
    body.vbr(len(producer), 6)
    for ch in producer.encode():
        body.vbr(ch, 6)
    body.fixed(3, abbrev_width)  # UNABBREV_RECORD
    body.vbr(2, 6)  # IDENTIFICATION_CODE_EPOCH
    body.vbr(1, 6)
    body.vbr(epoch, 6)
    body.fixed(0, abbrev_width)  # END_BLOCK
    body.align32()
    content = body.data()
    head = BitWriter()
    head.fixed(1, 2)  # ENTER_SUBBLOCK
    head.vbr(IDENTIFICATION_BLOCK_ID, 8)
    head.vbr(abbrev_width, 4)
    head.align32()
    head.fixed(len(content) // 4, 32)
    return head.data() + content


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    data = open(argv[1], "rb").read()
    producer = argv[3] if len(argv) > 3 else "LLVM99.0.0git"
    epoch = int(argv[4]) if len(argv) > 4 else 1
    if data[:4] != MAGIC:
        print(f"{argv[1]}: not a raw bitcode file (no wrapper expected)", file=sys.stderr)
        return 1
    # the first block must be the identification block; its header fits in one word:
    # 2 bits abbrev id, 8 bits block id (13 < 128), 4 bits width (< 8), then alignment
    word = struct.unpack_from("<I", data, 4)[0]
    if word & 3 != 1 or (word >> 2) & 0xFF != IDENTIFICATION_BLOCK_ID:
        print(f"{argv[1]}: does not start with an identification block", file=sys.stderr)
        return 1
    nwords = struct.unpack_from("<I", data, 8)[0]
    rest = data[12 + 4 * nwords:]
    # The module block records absolute offsets (VSTOFFSET, function blocks), so the new
    # block must have the old one's size: fit the producer string to it (each character
    # takes 12 bits; the rest of the block 45).
    lo = max(1, (32 * (nwords - 1) - 45) // 12 + 1)
    hi = (32 * nwords - 45) // 12
    if lo > hi:
        print(f"{argv[1]}: identification block of {nwords} words: cannot fit", file=sys.stderr)
        return 1
    producer = (producer + "." * hi)[:max(lo, min(hi, len(producer)))]
    with open(argv[2], "wb") as f:
        f.write(MAGIC + identification_block(producer, epoch) + rest)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
