/*
 * ir_summary.c — module summary indexes: read from bitcode and from text, numbered as
 * llvm-dis numbers them, written into bitcode (ir_summary.h; docs/emit.md).
 *
 * The bitstream (LLVM's BitstreamReader/Writer): a block is ENTER_SUBBLOCK (abbreviation
 * id 1, vbr8 block id, vbr4 abbreviation width, align 32, a 32-bit length in words), its
 * entries, END_BLOCK (id 0, align 32); DEFINE_ABBREV (2) defines an abbreviation of the
 * block; UNABBREV_RECORD (3) is vbr6 code, vbr6 count, vbr6 operands. The module block
 * (8) and the string table (23) define their abbreviations inside; the blocks whose
 * abbreviations come from BLOCKINFO (values, constants, functions) are skipped by their
 * length.
 *
 * Module records read: GLOBALVAR (7), FUNCTION (8), ALIAS (14), IFUNC (18) (value ids and
 * names: [strtab offset, size, ...]), VSTOFFSET (13), HASH (17).
 * Record layouts read and written (LLVMBitCodes.h, summary version 10 as LLVM 19 writes
 * it, and 9, LLVM 14's, read the same way; value ids count the module's GLOBALVAR,
 * FUNCTION, ALIAS and IFUNC records in order, their names in the string table):
 *   FS_PERMODULE (1), _PROFILE (2), _RELBF (19): [vid, flags, insts, fflags, nrefs, nro,
 *     nwo, refs (nrefs vids: plain, then nro readonly, then nwo writeonly), calls (vid,
 *     or vid and hotness | tail << 3, or vid and relbf | tail << 28)]
 *   FS_PERMODULE_GLOBALVAR_INIT_REFS (3): [vid, flags, varflags, refs]
 *   FS_PERMODULE_VTABLE_GLOBALVAR_INIT_REFS (23): [vid, flags, varflags, nrefs, refs,
 *     (vid, offset)...]
 *   FS_ALIAS (7): [vid, flags, aliasee vid]
 *   FS_TYPE_ID_METADATA (22): [strtab offset, size, (offset, vid)...]
 *   FS_TYPE_TESTS (11): [guid...]; FS_TYPE_TEST_ASSUME_VCALLS (12),
 *     FS_TYPE_CHECKED_LOAD_VCALLS (13): [(guid, offset)...];
 *     FS_TYPE_TEST_ASSUME_CONST_VCALL (14), FS_TYPE_CHECKED_LOAD_CONST_VCALL (15):
 *     [guid, offset, args...], one record per call: the typeIdInfo of the next function
 *     summary record
 *   FS_PARAM_ACCESS (25): [(param, lo, hi, ncalls, (param, vid, lo, hi)...)...], ranges
 *     [lo, hi) as sign-rotated VBRs (v << 1, or -v << 1 | 1), of the next function
 *   FS_VALUE_GUID (16): [vid, guid]: a value id past the module's values for a value
 *     known by its GUID only
 *   FS_STACK_IDS (30): [stack id...], the table the memory profile records index;
 *     FS_PERMODULE_CALLSITE_INFO (26): [vid, stack index...], FS_PERMODULE_ALLOC_INFO
 *     (27): [nmib, (type, n, stack index...)...], of the next function
 *   FS_VERSION (10), FS_FLAGS (20), FS_BLOCK_COUNT (24); MODULE_CODE_HASH (17): 5 words.
 * Flags: linkage (4 bits), notEligibleToImport, live, dsoLocal, canAutoHide (bits 4-7),
 * visibility (bits 8-9), importType (bit 10); fflags: readNone, readOnly, noRecurse,
 * returnDoesNotAlias, noInline, alwaysInline, noUnwind, mayThrow, hasUnknownCall,
 * mustBeUnreachable (bits 0-9); varflags: readonly, writeonly, constant (bits 0-2),
 * vcall_visibility (bits 3-4).
 * Combined indexes (a module block with no module: MODULE_STRTAB_BLOCK, 19, with
 * MST_CODE_ENTRY (1) [modid, path chars] and MST_CODE_HASH (2) [5 words], then the summary
 * block), read and written:
 *   FS_COMBINED (4), _PROFILE (5): [vid, modid, flags, insts, fflags, entry count, nrefs,
 *     nro, nwo, refs, calls (vid, or vid and hotness | tail << 3)]
 *   FS_COMBINED_GLOBALVAR_INIT_REFS (6): [vid, modid, flags, varflags, refs]
 *   FS_COMBINED_ALIAS (8): [vid, modid, flags, aliasee vid]; FS_COMBINED_ORIGINAL_NAME (9)
 *     skipped (llvm-dis does not print it)
 *   FS_TYPE_ID (21): [name (strtab offset, size), kind, sizeM1BitWidth, alignLog2,
 *     sizeM1, bitMask, inlineBits, (offset, kind, singleImplName (offset, size), n,
 *     (nargs, args, kind, info, byte, bit)...)...]
 *   FS_COMBINED_CALLSITE_INFO (28): [callee vid, nstack, nclones, stack index...,
 *     clone...], FS_COMBINED_ALLOC_INFO (29): [nmib, nversions, (type, n, stack
 *     index...)..., version...], of the next function
 *   FS_VALUE_GUID (16) [vid, guid] for every value
 *   FS_CFI_FUNCTION_DEFS (17), _DECLS (18): [(strtab offset, size)...], the CFI function
 *     lists, which llvm-dis does not print (irlog's text: `; irlog: CFI function
 *     definition "name"` lines)
 * Text: the `typeid` entries of a per-module index too, which LLVM's per-module writer
 * has no record for (not written into its bitcode).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir_summary.h"

/* ---- MD5 (RFC 1321) ---------------------------------------------------------------- */

static uint32_t rol(uint32_t x, unsigned c) {
    return (x << c) | (x >> (32 - c));
}

static void md5_block(uint32_t h[4], const uint8_t *p) {
    static const uint32_t K[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391};
    static const unsigned R[16] = {7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21};
    uint32_t m[16];
    for (int i = 0; i < 16; i++)
        m[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
    for (unsigned i = 0; i < 64; i++) {
        uint32_t f;
        unsigned g;
        if (i < 16) {
            f = (b & c) | (~b & d);
            g = i;
        } else if (i < 32) {
            f = (d & b) | (~d & c);
            g = (5 * i + 1) & 15;
        } else if (i < 48) {
            f = b ^ c ^ d;
            g = (3 * i + 5) & 15;
        } else {
            f = c ^ (b | ~d);
            g = (7 * i) & 15;
        }
        uint32_t t = d;
        d = c;
        c = b;
        b = b + rol(a + f + K[i] + m[g], R[(i / 16) * 4 + (i & 3)]);
        a = t;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
}

uint64_t ir_summary_guid(const char *s, size_t n) {
    uint32_t h[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
    const uint8_t *p = (const uint8_t *)s;
    size_t left = n;
    for (; left >= 64; left -= 64, p += 64)
        md5_block(h, p);
    uint8_t tail[128] = {0};
    memcpy(tail, p, left);
    tail[left] = 0x80;
    size_t tl = left + 9 <= 64 ? 64 : 128;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++)
        tail[tl - 8 + i] = (uint8_t)(bits >> (8 * i));
    md5_block(h, tail);
    if (tl == 128)
        md5_block(h, tail + 64);
    return (uint64_t)h[0] | (uint64_t)h[1] << 32; /* MD5Result::low(): bytes 0-7, LE */
}

/* ---- the IrSummary ------------------------------------------------------------------- */

void ir_summary_init(IrSummary *s) {
    memset(s, 0, sizeof *s);
    s->arena = (Arena)ARENA_INIT;
}

/* The lists of one summary. */
static void sum_release(SumSummary *m) {
    vec_release(&m->calls);
    vec_release(&m->refs);
    vec_release(&m->vfuncs);
    vec_release(&m->type_tests);
    vec_release(&m->vcalls);
    vec_release(&m->vargs);
    vec_release(&m->params);
    vec_release(&m->pcalls);
    vec_release(&m->callsites);
    vec_release(&m->mibs);
    vec_release(&m->stack_ids);
    vec_release(&m->clones);
    vec_release(&m->versions);
}

void ir_summary_release(IrSummary *s) {
    for (size_t i = 0; i < s->sums.len; i++)
        sum_release(&s->sums.v[i]);
    for (size_t i = 0; i < s->tids.len; i++)
        vec_release(&s->tids.v[i].vts);
    for (size_t i = 0; i < s->typeids.len; i++) {
        vec_release(&s->typeids.v[i].wpds);
        vec_release(&s->typeids.v[i].byargs);
        vec_release(&s->typeids.v[i].args);
    }
    vec_release(&s->typeids);
    vec_release(&s->mods);
    vec_release(&s->cfis);
    vec_release(&s->gvs);
    vec_release(&s->sums);
    vec_release(&s->tids);
    arena_release(&s->arena);
    ir_summary_init(s);
}

#define UNSUPPORTED(s, ...)                                                                        \
    do {                                                                                           \
        if (!(s)->unsupported[0])                                                                  \
            snprintf((s)->unsupported, sizeof (s)->unsupported, __VA_ARGS__);                      \
    } while (0)

/* ---- reading the bitstream ------------------------------------------------------------ */

typedef struct Rd {
    const uint8_t *p;
    size_t nbits, pos;
    bool bad;
} Rd;

static uint64_t rd_fixed(Rd *b, unsigned w) {
    uint64_t v = 0;
    if (w > 64 || b->pos + w > b->nbits) {
        b->bad = true;
        b->pos = b->nbits;
        return 0;
    }
    for (unsigned i = 0; i < w; i++, b->pos++)
        v |= (uint64_t)((b->p[b->pos >> 3] >> (b->pos & 7)) & 1) << i;
    return v;
}

static uint64_t rd_vbr(Rd *b, unsigned w) {
    uint64_t v = 0;
    if (w < 2 || w > 32) {
        b->bad = true;
        return 0;
    }
    for (unsigned shift = 0; !b->bad; shift += w - 1) {
        uint64_t piece = rd_fixed(b, w);
        if (shift < 64)
            v |= (piece & ((1ull << (w - 1)) - 1)) << shift;
        if (!(piece >> (w - 1)))
            break;
        if (shift > 70)
            b->bad = true;
    }
    return v;
}

static void rd_align32(Rd *b) {
    b->pos = (b->pos + 31) & ~(size_t)31;
    if (b->pos > b->nbits)
        b->bad = true;
}

typedef struct AbOp {
    uint8_t literal, enc; /* enc: 1 fixed, 2 vbr, 3 array, 4 char6, 5 blob */
    uint64_t val;
} AbOp;
typedef Vec(AbOp) AbOpVec;
typedef struct Ab {
    size_t first, n;
} Ab;
typedef Vec(Ab) AbVec;
typedef Vec(uint64_t) U64Vec;
typedef Vec(uint32_t) U32Vec;

/* One block being read: its abbreviation width and abbreviations. */
typedef struct Blk {
    Rd *b;
    unsigned w;
    AbVec abbrevs;
    AbOpVec ops;
} Blk;

enum { ENT_END, ENT_SUB, ENT_REC, ENT_BAD };
typedef struct Ent {
    uint64_t id;        /* record code or block id */
    unsigned nw;        /* sub-block: its abbreviation width */
    size_t start;       /* where the entry starts (its abbreviation id) */
    size_t len_pos;     /* sub-block: where its length word is */
    size_t end;         /* sub-block: after its END_BLOCK */
    U64Vec v;           /* record operands */
    const uint8_t *blob;
    size_t bloblen;
} Ent;

static uint64_t scalar(Rd *b, const AbOp *op) {
    if (op->literal)
        return op->val;
    switch (op->enc) {
    case 1: return rd_fixed(b, (unsigned)op->val);
    case 2: return rd_vbr(b, (unsigned)op->val);
    case 4: {
        uint64_t c = rd_fixed(b, 6);
        return c < 26   ? 'a' + c
               : c < 52 ? 'A' + c - 26
               : c < 62 ? '0' + c - 52
               : c == 62 ? '.'
                         : '_';
    }
    default: b->bad = true; return 0;
    }
}

/* The next entry of the block; DEFINE_ABBREV is taken in. */
static int blk_next(Blk *k, Ent *e) {
    Rd *b = k->b;
    for (;;) {
        if (b->bad || b->pos >= b->nbits)
            return b->bad ? ENT_BAD : ENT_END;
        e->start = b->pos;
        uint64_t id = rd_fixed(b, k->w);
        if (id == 0) {
            rd_align32(b);
            return b->bad ? ENT_BAD : ENT_END;
        }
        if (id == 1) {
            e->id = rd_vbr(b, 8);
            e->nw = (unsigned)rd_vbr(b, 4);
            rd_align32(b);
            e->len_pos = b->pos;
            uint64_t words = rd_fixed(b, 32);
            if (b->bad || words > (b->nbits - b->pos) / 32)
                return ENT_BAD;
            e->end = b->pos + (size_t)words * 32;
            return ENT_SUB;
        }
        if (id == 2) {
            uint64_t nops = rd_vbr(b, 5);
            if (nops > 1024)
                return ENT_BAD;
            Ab a = {k->ops.len, 0};
            for (uint64_t i = 0; i < nops && !b->bad; i++) {
                AbOp op = {0};
                op.literal = (uint8_t)rd_fixed(b, 1);
                if (op.literal) {
                    op.val = rd_vbr(b, 8);
                } else {
                    op.enc = (uint8_t)rd_fixed(b, 3);
                    if (op.enc == 1 || op.enc == 2)
                        op.val = rd_vbr(b, 5);
                    else if (op.enc < 3 || op.enc > 5)
                        return ENT_BAD;
                }
                if (vec_push(&k->ops, op) != OK)
                    return ENT_BAD;
                a.n++;
            }
            if (vec_push(&k->abbrevs, a) != OK)
                return ENT_BAD;
            continue;
        }
        e->v.len = 0;
        e->blob = NULL;
        e->bloblen = 0;
        if (id == 3) {
            e->id = rd_vbr(b, 6);
            uint64_t n = rd_vbr(b, 6);
            if (n > b->nbits - b->pos)
                return ENT_BAD;
            for (uint64_t i = 0; i < n && !b->bad; i++)
                if (vec_push(&e->v, rd_vbr(b, 6)) != OK)
                    return ENT_BAD;
            return b->bad ? ENT_BAD : ENT_REC;
        }
        if (id - 4 >= k->abbrevs.len)
            return ENT_BAD;
        Ab a = k->abbrevs.v[id - 4];
        const AbOp *ops = k->ops.v + a.first;
        bool first = true;
        for (size_t i = 0; i < a.n && !b->bad; i++) {
            const AbOp *op = &ops[i];
            uint64_t val;
            if (!op->literal && op->enc == 3) {
                uint64_t len = rd_vbr(b, 6);
                if (i + 1 >= a.n || len > b->nbits - b->pos)
                    return ENT_BAD;
                for (uint64_t j = 0; j < len && !b->bad; j++) {
                    val = scalar(b, &ops[i + 1]);
                    if (first)
                        e->id = val, first = false;
                    else if (vec_push(&e->v, val) != OK)
                        return ENT_BAD;
                }
                i++;
                continue;
            }
            if (!op->literal && op->enc == 5) {
                uint64_t len = rd_vbr(b, 6);
                rd_align32(b);
                if (b->bad || len > (b->nbits - b->pos) / 8)
                    return ENT_BAD;
                e->blob = b->p + b->pos / 8;
                e->bloblen = (size_t)len;
                b->pos += (size_t)len * 8;
                rd_align32(b);
                continue;
            }
            val = scalar(b, op);
            if (first)
                e->id = val, first = false;
            else if (vec_push(&e->v, val) != OK)
                return ENT_BAD;
        }
        return b->bad ? ENT_BAD : ENT_REC;
    }
}

static void blk_release(Blk *k) {
    vec_release(&k->abbrevs);
    vec_release(&k->ops);
}

/* What a bitcode file holds that the summary needs, and where (bit positions). */
typedef struct SumRec {
    uint64_t code;
    size_t first, n; /* into BcInfo.pool */
} SumRec;
typedef Vec(SumRec) SumRecVec;
typedef struct BcInfo {
    const uint8_t *p;
    size_t nbits;
    unsigned mod_w;
    size_t mod_len_pos, mod_content, mod_end, mod_after; /* mod_end: its END_BLOCK */
    size_t vst_start, vst_end;                           /* vst_start 0: none */
    size_t vstoff_pos;                                   /* 0: none; a 32-bit field */
    size_t strtab_start, strtab_after;                   /* strtab_start 0: none */
    const uint8_t *strtab;
    size_t strtab_len;
    U64Vec gv_off, gv_len; /* per value id: its name in the string table */
    bool has_hash;
    uint32_t hash[5];
    bool summary, full_lto, nested; /* nested: a second summary block, or one at the top */
    bool mst;                       /* a MODULE_STRTAB_BLOCK: a combined index */
    SumRecVec recs, mst_recs;
    U64Vec pool;
    bool bad;
} BcInfo;

static void bc_release(BcInfo *bi) {
    vec_release(&bi->gv_off);
    vec_release(&bi->gv_len);
    vec_release(&bi->recs);
    vec_release(&bi->mst_recs);
    vec_release(&bi->pool);
}

/* The records of a summary (or module path table) block into recs. */
static Status read_summary_block(BcInfo *bi, Rd *b, unsigned w, Ent *e, SumRecVec *recs) {
    Blk k = {b, w, {0}, {0}};
    Status st = OK;
    int r;
    while ((r = blk_next(&k, e)) == ENT_REC || r == ENT_SUB) {
        if (r == ENT_SUB) {
            b->pos = e->end;
            continue;
        }
        SumRec rec = {e->id, bi->pool.len, e->v.len};
        for (size_t i = 0; i < e->v.len && st == OK; i++)
            st = vec_push(&bi->pool, e->v.v[i]);
        if (st == OK)
            st = vec_push(recs, rec);
        if (st != OK)
            break;
    }
    if (r == ENT_BAD)
        bi->bad = true;
    blk_release(&k);
    return st;
}

static Status read_module_block(BcInfo *bi, Rd *b, unsigned w, Ent *e) {
    Blk k = {b, w, {0}, {0}};
    Status st = OK;
    int r = ENT_END;
    while (st == OK && (r = blk_next(&k, e)) != ENT_END && r != ENT_BAD) {
        if (r == ENT_SUB) {
            if (e->id == 20 || e->id == 24) {
                if (bi->summary)
                    bi->nested = true;
                bi->summary = true;
                bi->full_lto = e->id == 24;
                size_t end = e->end;
                st = read_summary_block(bi, b, e->nw, e, &bi->recs);
                b->pos = end;
            } else if (e->id == 19) { /* MODULE_STRTAB_BLOCK: the paths of a combined index */
                if (bi->mst)
                    bi->nested = true;
                bi->mst = true;
                size_t end = e->end;
                st = read_summary_block(bi, b, e->nw, e, &bi->mst_recs);
                b->pos = end;
            } else {
                if (e->id == 14 && !bi->vst_start) {
                    bi->vst_start = e->start;
                    bi->vst_end = e->end;
                }
                b->pos = e->end;
            }
            continue;
        }
        switch (e->id) {
        case 7: case 8: case 14: case 18: /* GLOBALVAR FUNCTION ALIAS IFUNC */
            if (e->v.len < 2) {
                bi->bad = true;
                break;
            }
            st = vec_push(&bi->gv_off, e->v.v[0]);
            if (st == OK)
                st = vec_push(&bi->gv_len, e->v.v[1]);
            break;
        case 13: /* VSTOFFSET: an abbreviation of one fixed 32-bit operand */
            if (e->v.len == 1 && b->pos >= 32) {
                Rd t = *b;
                t.pos = b->pos - 32;
                if (rd_fixed(&t, 32) == e->v.v[0])
                    bi->vstoff_pos = b->pos - 32;
            }
            break;
        case 17: /* HASH */
            if (e->v.len == 5) {
                bi->has_hash = true;
                for (int i = 0; i < 5; i++)
                    bi->hash[i] = (uint32_t)e->v.v[i];
            }
            break;
        default: break;
        }
    }
    if (r == ENT_BAD)
        bi->bad = true;
    else
        bi->mod_end = e->start;
    blk_release(&k);
    return st;
}

/* Reads the framing of bitcode: the first module block and the string table. */
static Status bc_read(BcInfo *bi, const void *data, size_t size) {
    memset(bi, 0, sizeof *bi);
    const uint8_t *p = data;
    if (size < 4 || memcmp(p, "BC\xC0\xDE", 4) != 0) {
        bi->bad = true;
        return OK;
    }
    bi->p = p;
    bi->nbits = size / 4 * 32;
    Rd b = {p, bi->nbits, 32, false};
    Ent e = {0};
    Blk top = {&b, 2, {0}, {0}};
    Status st = OK;
    bool module_seen = false;
    while (st == OK && b.pos < b.nbits && blk_next(&top, &e) == ENT_SUB) {
        size_t end = e.end;
        if (e.id == 8 && !module_seen) {
            module_seen = true;
            bi->mod_w = e.nw;
            bi->mod_len_pos = e.len_pos;
            bi->mod_content = e.len_pos + 32;
            bi->mod_after = end;
            st = read_module_block(bi, &b, e.nw, &e);
        } else if (e.id == 23 && !bi->strtab_start) {
            size_t start = e.start;
            Blk k = {&b, e.nw, {0}, {0}};
            int rr;
            while ((rr = blk_next(&k, &e)) == ENT_REC)
                if (e.id == 1 && e.blob) {
                    bi->strtab = e.blob;
                    bi->strtab_len = e.bloblen;
                }
            blk_release(&k);
            bi->strtab_start = start;
            bi->strtab_after = end;
        } else if (e.id == 20 || e.id == 24) {
            bi->summary = true;
            bi->nested = true; /* an index without a module: a combined one */
        }
        b.pos = end;
    }
    if (b.bad)
        bi->bad = true;
    if (!module_seen)
        bi->bad = true;
    vec_release(&e.v);
    blk_release(&top);
    return st;
}

/* ---- bitcode → IrSummary --------------------------------------------------------------- */

static void set_flags(SumSummary *m, uint64_t raw) {
    m->linkage = (unsigned)(raw & 0xF);
    m->not_eligible = (raw >> 4) & 1;
    m->live = (raw >> 5) & 1;
    m->dso_local = (raw >> 6) & 1;
    m->auto_hide = (raw >> 7) & 1;
    m->visibility = (unsigned)((raw >> 8) & 3);
    m->import_type = (unsigned)((raw >> 10) & 1);
}

static uint64_t get_flags(const SumSummary *m) {
    return m->linkage | (uint64_t)m->not_eligible << 4 | (uint64_t)m->live << 5 |
           (uint64_t)m->dso_local << 6 | (uint64_t)m->auto_hide << 7 |
           (uint64_t)m->visibility << 8 | (uint64_t)m->import_type << 10;
}

/* The value ids of a summary block: the module's global values, then those VALUE_GUID
 * records give a GUID (values known by their GUID only). */
typedef struct Vids {
    size_t nmod; /* value ids 0 .. nmod - 1: the module's global values, gv i */
    U32Vec ext;  /* value id nmod + i → its gv, or UINT32_MAX */
} Vids;

/* The gv of value id vid into *gv; false (and unsupported) when there is none. */
static bool vid_gv(IrSummary *s, const Vids *x, uint64_t vid, uint32_t *gv) {
    if (vid < x->nmod) {
        *gv = (uint32_t)vid;
        return true;
    }
    if (vid - x->nmod < x->ext.len && x->ext.v[vid - x->nmod] != UINT32_MAX) {
        *gv = x->ext.v[vid - x->nmod];
        return true;
    }
    UNSUPPORTED(s, "a summary record naming value %llu, which the module does not have",
                (unsigned long long)vid);
    return false;
}

/* VALUE_GUID [vid, guid]: a gv entry known by its GUID only. */
static Status value_guid(IrSummary *s, Vids *x, const uint64_t *v, size_t n) {
    if (n != 2 || v[0] < x->nmod || v[0] - x->nmod > (1u << 20)) {
        UNSUPPORTED(s, "a GUID record (FS_VALUE_GUID) for a value id this reader cannot place");
        return OK;
    }
    size_t at = (size_t)(v[0] - x->nmod);
    while (x->ext.len <= at)
        if (vec_push(&x->ext, UINT32_MAX) != OK)
            return E_NOMEM;
    if (x->ext.v[at] != UINT32_MAX) {
        UNSUPPORTED(s, "two GUID records (FS_VALUE_GUID) for one value id");
        return OK;
    }
    SumGv g = {NULL, 0, v[1], -1, 0, 0};
    if (vec_push(&s->gvs, g) != OK)
        return E_NOMEM;
    x->ext.v[at] = (uint32_t)(s->gvs.len - 1);
    return OK;
}

/* LLVM's decodeSignRotatedValue. */
static uint64_t unrotate(uint64_t v) {
    if (!(v & 1))
        return v >> 1;
    return v != 1 ? (uint64_t)0 - (v >> 1) : 1ull << 63;
}

static uint64_t rotate(uint64_t v) {
    return (int64_t)v >= 0 ? v << 1 : (((uint64_t)0 - v) << 1) | 1;
}

/* A parameter access range [lo, hi) of bitcode as llvm-dis prints it, [*first, *last]:
 * LLVM's text says the empty range (0, 0) as [0, -1] and has no form for a full or
 * wrapped one (llvm-dis prints those as [INT64_MIN, INT64_MAX], which LLVM's parser reads
 * as the empty range), which StackSafety does not make. */
static bool range_of_bits(uint64_t lo, uint64_t hi, int64_t *first, int64_t *last) {
    if (lo == hi && lo == 0) {
        *first = 0, *last = -1;
        return true;
    }
    if ((int64_t)lo >= (int64_t)hi)
        return false;
    *first = (int64_t)lo;
    *last = (int64_t)(hi - 1);
    return true;
}

/* The range [lo, hi) that LLVM's parser makes of the text's [first, last] (false: one
 * it has no range for, or one llvm-dis does not print back as written). */
static bool range_to_bits(int64_t first, int64_t last, uint64_t *lo, uint64_t *hi) {
    uint64_t a = (uint64_t)first, b = (uint64_t)last + 1;
    if (first == 0 && last == -1) {
        *lo = *hi = 0;
        return true;
    }
    if (first > last || last == INT64_MAX)
        return false;
    *lo = a, *hi = b;
    return true;
}

/* PARAM_ACCESS: the parameter accesses of the next function summary. */
static void param_access(IrSummary *s, const Vids *x, SumSummary *pend, const uint64_t *v,
                         size_t n, Status *st) {
    if (pend->params.len) {
        UNSUPPORTED(s, "two parameter access records (FS_PARAM_ACCESS) for one function");
        return;
    }
    for (size_t i = 0; i < n && *st == OK;) {
        if (n - i < 4 || v[i + 3] > (n - i - 4) / 4) {
            UNSUPPORTED(s, "a malformed parameter access record (FS_PARAM_ACCESS)");
            return;
        }
        SumParam p = {v[i], 0, 0, pend->pcalls.len, (size_t)v[i + 3]};
        bool ok = range_of_bits(unrotate(v[i + 1]), unrotate(v[i + 2]), &p.first, &p.last);
        i += 4;
        for (size_t k = 0; k < p.ncalls && ok && *st == OK; k++, i += 4) {
            SumParamCall c = {0, v[i], 0, 0};
            if (!vid_gv(s, x, v[i + 1], &c.gv))
                return;
            ok = range_of_bits(unrotate(v[i + 2]), unrotate(v[i + 3]), &c.first, &c.last);
            if (ok)
                *st = vec_push(&pend->pcalls, c);
        }
        if (!ok) {
            UNSUPPORTED(s, "a parameter access range that LLVM's text cannot express (full or "
                           "wrapped)");
            return;
        }
        if (*st == OK)
            *st = vec_push(&pend->params, p);
    }
}

/* The stack ids of stack indexes v[0..n) (the STACK_IDS table) onto m's; false (and
 * unsupported) for an index the table does not have. */
static bool stack_ids(IrSummary *s, const U64Vec *table, SumSummary *m, const uint64_t *v,
                      size_t n, Status *st) {
    for (size_t i = 0; i < n && *st == OK; i++) {
        if (v[i] >= table->len) {
            UNSUPPORTED(s, "a memory profile record naming stack index %llu, which the "
                           "summary does not have",
                        (unsigned long long)v[i]);
            return false;
        }
        *st = vec_push(&m->stack_ids, table->v[v[i]]);
    }
    return true;
}

/* PERMODULE_CALLSITE_INFO [vid, stack index...], of the next function summary (its one
 * clone, 0); COMBINED_CALLSITE_INFO [vid, nstack, nclones, stack index..., clone...]. */
static void callsite_info(IrSummary *s, const Vids *x, const U64Vec *table, SumSummary *pend,
                          const uint64_t *v, size_t n, bool combined, Status *st) {
    size_t h = combined ? 3 : 1;
    if (n < h || (combined && (v[1] > n - 3 || v[2] != n - 3 - v[1]))) {
        UNSUPPORTED(s, "a malformed memory profile callsite record");
        return;
    }
    size_t nids = combined ? (size_t)v[1] : n - 1;
    SumCallsite c = {0, pend->stack_ids.len, nids, pend->clones.len, combined ? n - h - nids : 1};
    if (!vid_gv(s, x, v[0], &c.gv) || !stack_ids(s, table, pend, v + h, nids, st))
        return;
    for (size_t i = 0; i < c.nclones && *st == OK; i++)
        *st = vec_push(&pend->clones, combined ? v[h + nids + i] : 0);
    if (*st == OK)
        *st = vec_push(&pend->callsites, c);
}

/* PERMODULE_ALLOC_INFO [nmib, (type, n, stack index...)...], of the next function (its
 * one version, none); COMBINED_ALLOC_INFO [nmib, nversions, (type, n, stack index...)...,
 * version...]. */
static void alloc_info(IrSummary *s, const U64Vec *table, SumSummary *pend, const uint64_t *v,
                       size_t n, bool combined, Status *st) {
    uint32_t alloc = pend->mibs.len ? vec_last(&pend->mibs).alloc + 1 : 0;
    size_t i = combined ? 2 : 1;
    size_t first_ver = pend->versions.len, nvers = combined && n > 1 ? (size_t)v[1] : 1;
    if (n < i || !v[0]) {
        UNSUPPORTED(s, "a malformed memory profile allocation record");
        return;
    }
    for (uint64_t k = 0; k < v[0] && *st == OK; k++) {
        if (n - i < 2 || v[i + 1] > n - i - 2) {
            UNSUPPORTED(s, "a malformed memory profile allocation record");
            return;
        }
        if (v[i] > 4 || v[i] == 3) {
            UNSUPPORTED(s, "memory profile allocation type %llu", (unsigned long long)v[i]);
            return;
        }
        SumMib mib = {alloc, (uint8_t)v[i], pend->stack_ids.len, (size_t)v[i + 1], first_ver,
                      nvers};
        if (!stack_ids(s, table, pend, v + i + 2, mib.nids, st))
            return;
        if (*st == OK)
            *st = vec_push(&pend->mibs, mib);
        i += 2 + mib.nids;
    }
    if (combined && n - i < nvers) {
        UNSUPPORTED(s, "a malformed memory profile allocation record");
        return;
    }
    for (size_t k = 0; k < nvers && *st == OK; k++) {
        uint64_t t = combined ? v[i + k] : 0;
        if (t > 4 || t == 3) {
            UNSUPPORTED(s, "memory profile allocation type %llu", (unsigned long long)t);
            return;
        }
        *st = vec_push(&pend->versions, (uint8_t)t);
    }
    if (combined)
        i += nvers;
    if (i != n)
        UNSUPPORTED(s, "the total sizes of memory profile contexts (-memprof-report-hinted-"
                       "sizes), which llvm-dis does not print");
}

/* A summary of value vid with the given flags, of module entry mod (an index into
 * s->mods): a per-module index has one summary of each of the module's values, a
 * combined index any number of each value its GUID records name. */
static Status new_summary(IrSummary *s, const Vids *x, SumKind kind, uint64_t vid,
                          uint64_t flags, uint32_t mod, SumSummary **out) {
    *out = NULL;
    uint32_t gv = 0;
    if (s->combined) {
        if (!vid_gv(s, x, vid, &gv))
            return OK;
    } else if (vid >= x->nmod) {
        UNSUPPORTED(s, "a summary of value %llu, which the module does not have",
                    (unsigned long long)vid);
        return OK;
    } else {
        gv = (uint32_t)vid;
    }
    SumGv *g = &s->gvs.v[gv];
    if (g->summary >= 0 && !s->combined) {
        UNSUPPORTED(s, "two summaries of one value (`%.*s`)", (int)g->name_len, g->name);
        return OK;
    }
    SumSummary m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    m.gv = gv;
    m.module = mod;
    set_flags(&m, flags);
    if (vec_push(&s->sums, m) != OK)
        return E_NOMEM;
    if (g->summary < 0)
        g->summary = (int32_t)(s->sums.len - 1);
    g->nsums++;
    *out = &vec_last(&s->sums);
    return OK;
}

/* The module entry of a combined record's module id into *mod; false (and unsupported)
 * when the module path table has none. */
static bool module_of(IrSummary *s, uint64_t id, uint32_t *mod) {
    for (size_t i = 0; i < s->mods.len; i++)
        if (s->mods.v[i].id == id) {
            *mod = (uint32_t)i;
            return true;
        }
    UNSUPPORTED(s, "a summary of module id %llu, which the module path table does not have",
                (unsigned long long)id);
    return false;
}

/* FS_TYPE_ID [name (strtab offset, size), kind, sizeM1BitWidth, alignLog2, sizeM1,
 * bitMask, inlineBits, (offset, kind, singleImplName (offset, size), nbyarg, (nargs,
 * args, kind, info, byte, bit)...)...]: a typeid entry of a combined index. */
static Status type_id_record(IrSummary *s, const BcInfo *bi, const uint64_t *v, size_t n) {
    SumTid t;
    memset(&t, 0, sizeof t);
    Status st = OK;
    bool bad = n < 8 || v[0] > bi->strtab_len || v[1] > bi->strtab_len - v[0] || v[2] > 5 ||
               v[3] > UINT32_MAX || v[6] > 255;
    size_t i = 8;
    if (!bad) {
        t.name = arena_strndup(&s->arena, (const char *)bi->strtab + v[0], (size_t)v[1]);
        t.name_len = (size_t)v[1];
        t.kind = (uint8_t)v[2];
        t.size_m1_bit_width = v[3];
        t.align_log2 = v[4];
        t.size_m1 = v[5];
        t.bit_mask = v[6];
        t.inline_bits = v[7];
        if (!t.name)
            st = E_NOMEM;
    }
    while (!bad && st == OK && i < n) {
        if (n - i < 5 || v[i + 1] > 2 || v[i + 2] > bi->strtab_len ||
            v[i + 3] > bi->strtab_len - v[i + 2]) {
            bad = true;
            break;
        }
        SumWpd w = {v[i], (uint8_t)v[i + 1], NULL, 0, t.byargs.len, (size_t)v[i + 4]};
        if (w.kind == 1) { /* singleImpl: its name (the record has one for every kind) */
            w.impl = arena_strndup(&s->arena, (const char *)bi->strtab + v[i + 2],
                                   (size_t)v[i + 3]);
            w.impl_len = (size_t)v[i + 3];
            if (!w.impl)
                st = E_NOMEM;
        }
        i += 5;
        for (size_t k = 0; k < w.nbyargs && !bad && st == OK; k++) {
            if (i >= n || v[i] > n - i - 1 || n - i - 1 - v[i] < 4) {
                bad = true;
                break;
            }
            SumByArg b = {t.args.len, (size_t)v[i], 0, 0, 0, 0};
            for (size_t a = 0; a < b.nargs && st == OK; a++)
                st = vec_push(&t.args, v[i + 1 + a]);
            i += 1 + b.nargs;
            if (v[i] > 3 || v[i + 2] > UINT32_MAX || v[i + 3] > UINT32_MAX) {
                bad = true;
                break;
            }
            b.kind = (uint8_t)v[i];
            b.info = v[i + 1];
            b.byte = (uint32_t)v[i + 2];
            b.bit = (uint32_t)v[i + 3];
            i += 4;
            if (st == OK)
                st = vec_push(&t.byargs, b);
        }
        if (!bad && st == OK)
            st = vec_push(&t.wpds, w);
    }
    if (bad)
        UNSUPPORTED(s, "a malformed typeid record (FS_TYPE_ID)");
    if (!bad && st == OK)
        st = vec_push(&s->typeids, t);
    if (bad || st != OK) {
        vec_release(&t.wpds);
        vec_release(&t.byargs);
        vec_release(&t.args);
    }
    return st;
}

static Status add_refs(IrSummary *s, const Vids *x, SumSummary *m, const uint64_t *v, size_t n,
                       size_t nro, size_t nwo) {
    for (size_t i = 0; i < n; i++) {
        SumRef r = {0, i >= n - nwo ? 2 : i >= n - nwo - nro ? 1 : 0};
        if (!vid_gv(s, x, v[i], &r.gv))
            return OK;
        if (vec_push(&m->refs, r) != OK)
            return E_NOMEM;
    }
    return OK;
}

static Status interpret(IrSummary *s, BcInfo *bi) {
    for (size_t i = 0; i < bi->gv_off.len; i++) {
        uint64_t off = bi->gv_off.v[i], len = bi->gv_len.v[i];
        SumGv g = {NULL, 0, 0, -1, 0, 0};
        if (!bi->strtab || off > bi->strtab_len || len > bi->strtab_len - off) {
            UNSUPPORTED(s, "a module without a string table");
            return OK;
        }
        if (len == 0)
            UNSUPPORTED(s, "an unnamed global value");
        g.name = arena_strndup(&s->arena, (const char *)bi->strtab + off, (size_t)len);
        g.name_len = (size_t)len;
        if (!g.name || vec_push(&s->gvs, g) != OK)
            return E_NOMEM;
    }
    Vids x = {s->gvs.len, {0}};
    U64Vec table = {0}; /* STACK_IDS */
    bool version_seen = false, stack_ids_seen = false;
    SumSummary pend; /* typeIdInfo and param access records, for the next function summary */
    memset(&pend, 0, sizeof pend);
    Status pst = OK;
    for (size_t r = 0; r < bi->recs.len && !s->unsupported[0] && pst == OK; r++) {
        const SumRec *rec = &bi->recs.v[r];
        const uint64_t *v = bi->pool.v + rec->first;
        size_t n = rec->n;
        SumSummary *m = NULL;
        switch (rec->code) {
        case 10: /* VERSION */
            /* 9 (LLVM 14 to 17) has the layouts of 10 (LLVM 18, 19); only 10 has the
             * tail-call bit of call edges and importType, which 9 leaves 0 */
            if (n != 1 || (v[0] != 9 && v[0] != 10))
                UNSUPPORTED(s, "a summary of version %llu (LLVM 14 to 19 write 9 and 10)",
                            n ? (unsigned long long)v[0] : 0ull);
            version_seen = true;
            break;
        case 20: /* FLAGS */
            if (n == 1)
                s->flags = v[0];
            break;
        case 24: /* BLOCK_COUNT */
            if (n == 1)
                s->blockcount = v[0];
            break;
        case 16: /* VALUE_GUID */
            pst = value_guid(s, &x, v, n);
            break;
        case 25: /* PARAM_ACCESS */
            param_access(s, &x, &pend, v, n, &pst);
            break;
        case 30: /* STACK_IDS */
            if (stack_ids_seen)
                UNSUPPORTED(s, "two stack id tables (FS_STACK_IDS)");
            stack_ids_seen = true;
            for (size_t i = 0; i < n && pst == OK; i++)
                pst = vec_push(&table, v[i]);
            break;
        case 26: case 28: /* PERMODULE_CALLSITE_INFO, COMBINED_ */
            if ((rec->code == 28) != s->combined)
                UNSUPPORTED(s, "a memory profile record (%llu) of the other kind of index",
                            (unsigned long long)rec->code);
            else
                callsite_info(s, &x, &table, &pend, v, n, s->combined, &pst);
            break;
        case 27: case 29: /* PERMODULE_ALLOC_INFO, COMBINED_ */
            if ((rec->code == 29) != s->combined)
                UNSUPPORTED(s, "a memory profile record (%llu) of the other kind of index",
                            (unsigned long long)rec->code);
            else
                alloc_info(s, &table, &pend, v, n, s->combined, &pst);
            break;
        case 1: case 2: case 19: /* PERMODULE, PERMODULE_PROFILE, PERMODULE_RELBF */
        case 4: case 5: {        /* COMBINED, COMBINED_PROFILE */
            /* combined: [vid, modid, flags, insts, fflags, entry count, nrefs, nro, nwo,
             * refs, calls], the entry count not printed by llvm-dis */
            bool cmb = rec->code == 4 || rec->code == 5;
            size_t h = cmb ? 9 : 7;
            uint32_t mod = 0;
            if (cmb != s->combined) {
                UNSUPPORTED(s, cmb ? "a combined index (summary record %llu)"
                                   : "a per-module summary record (%llu) in a combined index",
                            (unsigned long long)rec->code);
                break;
            }
            if (n < h || v[h - 3] > n - h || v[h - 2] + v[h - 1] > v[h - 3]) {
                UNSUPPORTED(s, "a malformed function summary");
                break;
            }
            if (cmb && !module_of(s, v[1], &mod))
                break;
            const uint64_t *f = v + (cmb ? 1 : 0); /* f[1] flags, f[2] insts, f[3] fflags */
            Status st = new_summary(s, &x, SUM_FUNCTION, v[0], f[1], mod, &m);
            if (st != OK) {
                pst = st;
                goto out;
            }
            if (!m)
                break;
            m->insts = f[2];
            m->fflags = (uint32_t)(f[3] & 0x3FF);
            m->type_tests = pend.type_tests;
            m->vcalls = pend.vcalls;
            m->vargs = pend.vargs;
            m->params = pend.params;
            m->pcalls = pend.pcalls;
            m->callsites = pend.callsites;
            m->mibs = pend.mibs;
            m->stack_ids = pend.stack_ids;
            m->clones = pend.clones;
            m->versions = pend.versions;
            memset(&pend, 0, sizeof pend);
            if (f[3] >> 10)
                UNSUPPORTED(s, "function flags 0x%llx", (unsigned long long)f[3]);
            size_t nrefs = (size_t)v[h - 3];
            st = add_refs(s, &x, m, v + h, nrefs, (size_t)v[h - 2], (size_t)v[h - 1]);
            if (st != OK) {
                pst = st;
                goto out;
            }
            size_t step = rec->code == 1 || rec->code == 4 ? 1 : 2;
            if ((n - h - nrefs) % step) {
                UNSUPPORTED(s, "a malformed function summary");
                break;
            }
            for (size_t i = h + nrefs; i < n; i += step) {
                SumCall c = {0, 0, 0, false};
                if (!vid_gv(s, &x, v[i], &c.gv))
                    break;
                if (rec->code == 2 || rec->code == 5) {
                    c.hotness = (uint8_t)(v[i + 1] & 7);
                    c.tail = (v[i + 1] >> 3) & 1;
                    if (c.hotness > 4 || (v[i + 1] >> 4))
                        UNSUPPORTED(s, "call edge flags 0x%llx", (unsigned long long)v[i + 1]);
                } else if (rec->code == 19) {
                    c.relbf = (uint32_t)(v[i + 1] & 0xFFFFFFF);
                    c.tail = (v[i + 1] >> 28) & 1;
                    if (v[i + 1] >> 29)
                        UNSUPPORTED(s, "call edge flags 0x%llx", (unsigned long long)v[i + 1]);
                }
                if (vec_push(&m->calls, c) != OK) {
                    pst = E_NOMEM;
                    goto out;
                }
            }
            break;
        }
        case 3: case 23: case 6: { /* PERMODULE_GLOBALVAR_INIT_REFS, _VTABLE_, COMBINED_ */
            /* combined: [vid, modid, flags, varflags, refs] */
            bool cmb = rec->code == 6;
            uint32_t mod = 0;
            if (cmb != s->combined) {
                UNSUPPORTED(s, cmb ? "a combined index (summary record %llu)"
                                   : "a per-module summary record (%llu) in a combined index",
                            (unsigned long long)rec->code);
                break;
            }
            if (n < (size_t)(3 + cmb) ||
                (rec->code == 23 && (n < 4 || v[3] > n - 4 || (n - 4 - v[3]) % 2))) {
                UNSUPPORTED(s, "a malformed variable summary");
                break;
            }
            if (cmb && !module_of(s, v[1], &mod))
                break;
            const uint64_t *fv = v + cmb; /* fv[1] flags, fv[2] varflags */
            Status st = new_summary(s, &x, SUM_VARIABLE, v[0], fv[1], mod, &m);
            if (st != OK) {
                pst = st;
                goto out;
            }
            if (!m)
                break;
            m->varflags = (uint32_t)(fv[2] & 7);
            m->vcall_visibility = (uint32_t)((fv[2] >> 3) & 3);
            if (fv[2] >> 5)
                UNSUPPORTED(s, "variable flags 0x%llx", (unsigned long long)fv[2]);
            size_t nrefs = rec->code == 23 ? (size_t)v[3] : n - 3 - cmb;
            st = add_refs(s, &x, m, v + (rec->code == 3 ? 3 : 4), nrefs, 0, 0);
            if (st != OK) {
                pst = st;
                goto out;
            }
            if (rec->code == 23)
                for (size_t i = 4 + nrefs; i + 1 < n; i += 2) {
                    SumVFunc f = {0, v[i + 1]};
                    if (!vid_gv(s, &x, v[i], &f.gv))
                        break;
                    if (vec_push(&m->vfuncs, f) != OK) {
                        pst = E_NOMEM;
                        goto out;
                    }
                }
            break;
        }
        case 7: case 8: { /* ALIAS, COMBINED_ALIAS ([vid, modid, flags, aliasee]) */
            bool cmb = rec->code == 8;
            uint32_t mod = 0;
            if (cmb != s->combined) {
                UNSUPPORTED(s, cmb ? "a combined index (summary record %llu)"
                                   : "a per-module summary record (%llu) in a combined index",
                            (unsigned long long)rec->code);
                break;
            }
            if (n != 3u + cmb) {
                UNSUPPORTED(s, "a malformed alias summary");
                break;
            }
            if (cmb && !module_of(s, v[1], &mod))
                break;
            Status st = new_summary(s, &x, SUM_ALIAS, v[0], v[1 + cmb], mod, &m);
            if (st != OK) {
                pst = st;
                goto out;
            }
            if (m)
                vid_gv(s, &x, v[2 + cmb], &m->aliasee);
            break;
        }
        case 9: /* COMBINED_ORIGINAL_NAME: a local's name hash, which llvm-dis does not print */
            break;
        case 21: /* TYPE_ID */
            if (!s->combined)
                UNSUPPORTED(s, "a typeid record (FS_TYPE_ID) in a per-module index");
            else
                pst = type_id_record(s, bi, v, n);
            break;
        case 22: { /* TYPE_ID_METADATA */
            if (n < 2 || (n - 2) % 2 || v[0] > bi->strtab_len || v[1] > bi->strtab_len - v[0]) {
                UNSUPPORTED(s, "a malformed typeidCompatibleVTable record");
                break;
            }
            SumTypeId t;
            memset(&t, 0, sizeof t);
            t.name = arena_strndup(&s->arena, (const char *)bi->strtab + v[0], (size_t)v[1]);
            t.name_len = (size_t)v[1];
            if (!t.name) {
                pst = E_NOMEM;
                goto out;
            }
            for (size_t i = 2; i + 1 < n; i += 2) {
                SumVt vt = {v[i], 0};
                if (!vid_gv(s, &x, v[i + 1], &vt.gv))
                    break;
                if (vec_push(&t.vts, vt) != OK) {
                    vec_release(&t.vts);
                    pst = E_NOMEM;
                    goto out;
                }
            }
            if (vec_push(&s->tids, t) != OK) {
                vec_release(&t.vts);
                pst = E_NOMEM;
                goto out;
            }
            break;
        }
        case 11: /* TYPE_TESTS */
            for (size_t i = 0; i < n && pst == OK; i++)
                pst = vec_push(&pend.type_tests, v[i]);
            break;
        case 12: case 13: /* TYPE_TEST_ASSUME_VCALLS, TYPE_CHECKED_LOAD_VCALLS */
            if (n % 2) {
                UNSUPPORTED(s, "a malformed virtual call record");
                break;
            }
            for (size_t i = 0; i + 1 < n && pst == OK; i += 2) {
                SumVCall c = {rec->code == 12 ? SUM_TT_ASSUME_VCALLS : SUM_TC_LOAD_VCALLS,
                              v[i], v[i + 1], 0, 0};
                pst = vec_push(&pend.vcalls, c);
            }
            break;
        case 14: case 15: { /* the CONST_VCALL records */
            if (n < 2) {
                UNSUPPORTED(s, "a malformed virtual call record");
                break;
            }
            SumVCall c = {rec->code == 14 ? SUM_TT_ASSUME_CONST_VCALLS : SUM_TC_LOAD_CONST_VCALLS,
                          v[0], v[1], pend.vargs.len, n - 2};
            for (size_t i = 2; i < n && pst == OK; i++)
                pst = vec_push(&pend.vargs, v[i]);
            if (pst == OK)
                pst = vec_push(&pend.vcalls, c);
            break;
        }
        case 17: case 18: /* CFI_FUNCTION_DEFS, _DECLS: [(strtab offset, size)...] */
            for (size_t i = 0; i + 1 < n && pst == OK; i += 2) {
                if (n % 2 || v[i] > bi->strtab_len || v[i + 1] > bi->strtab_len - v[i]) {
                    UNSUPPORTED(s, "a malformed CFI function list");
                    break;
                }
                SumCfi c = {arena_strndup(&s->arena, (const char *)bi->strtab + v[i],
                                          (size_t)v[i + 1]),
                            (size_t)v[i + 1], rec->code == 18};
                pst = c.name ? vec_push(&s->cfis, c) : E_NOMEM;
            }
            break;
        default:
            UNSUPPORTED(s, "summary record %llu", (unsigned long long)rec->code);
            break;
        }
    }
    if ((pend.type_tests.len || pend.vcalls.len || pend.params.len || pend.callsites.len ||
         pend.mibs.len) &&
        !s->unsupported[0])
        UNSUPPORTED(s, "type tests, virtual calls, parameter accesses or memory profile records "
                       "without their function summary");
out:
    sum_release(&pend);
    vec_release(&x.ext);
    vec_release(&table);
    if (pst != OK)
        return pst;
    if (!version_seen)
        UNSUPPORTED(s, "a summary without a version record");
    return OK;
}

Status ir_summary_from_bitcode(IrSummary *s, const void *bc, size_t size, const char *path) {
    const uint8_t *p = bc;
    if (size >= 20 && memcmp(p, "\xDE\xC0\x17\x0B", 4) == 0) { /* the wrapper header */
        uint32_t off = (uint32_t)p[8] | (uint32_t)p[9] << 8 | (uint32_t)p[10] << 16 |
                       (uint32_t)p[11] << 24;
        uint32_t len = (uint32_t)p[12] | (uint32_t)p[13] << 8 | (uint32_t)p[14] << 16 |
                       (uint32_t)p[15] << 24;
        if (off > size || len > size - off)
            return OK;
        p += off;
        size = len;
    }
    BcInfo bi;
    Status st = bc_read(&bi, p, size);
    if (st == OK && bi.summary) {
        s->present = true;
        s->full_lto = bi.full_lto;
        s->combined = bi.mst;
        if (!bi.mst) { /* the module itself, by the file read */
            SumModule mod = {arena_strdup(&s->arena, path), {0}, 0, 0};
            if (bi.has_hash)
                memcpy(mod.hash, bi.hash, sizeof mod.hash);
            st = mod.path ? vec_push(&s->mods, mod) : E_NOMEM;
        }
        /* a combined index: MST_CODE_ENTRY [modid, path chars], MST_CODE_HASH [5 words]
         * of the entry before */
        for (size_t i = 0; i < bi.mst_recs.len && st == OK; i++) {
            const SumRec *r = &bi.mst_recs.v[i];
            const uint64_t *v = bi.pool.v + r->first;
            if (r->code == 1 && r->n >= 1) {
                StrBuf sb = SB_INIT;
                for (size_t k = 1; k < r->n; k++)
                    sb_addc(&sb, (char)v[k]);
                SumModule mod = {NULL, {0}, v[0], 0};
                if (sb_status(&sb) == OK)
                    mod.path = arena_strndup(&s->arena, sb.buf ? sb.buf : "", sb.len);
                sb_release(&sb);
                st = mod.path ? vec_push(&s->mods, mod) : E_NOMEM;
            } else if (r->code == 2 && r->n == 5 && s->mods.len) {
                for (int k = 0; k < 5; k++)
                    vec_last(&s->mods).hash[k] = (uint32_t)v[k];
            } else {
                UNSUPPORTED(s, "module path table record %llu", (unsigned long long)r->code);
            }
        }
        if (bi.bad)
            UNSUPPORTED(s, "bitcode this reader cannot follow");
        else if (bi.nested)
            UNSUPPORTED(s, "a combined index");
        if (st == OK && !s->unsupported[0])
            st = interpret(s, &bi);
    }
    bc_release(&bi);
    return st;
}

/* ---- text → IrSummary ------------------------------------------------------------------ */

/* A type test or virtual call of a summary that names a typeid entry `^N` (its GUID is
 * that entry's, once every line is read). */
typedef struct TidRef {
    uint32_t sum, index, slot; /* index into type_tests, or into vcalls when vcall */
    bool vcall;
} TidRef;
typedef Vec(TidRef) TidRefVec;

typedef struct Tx {
    const char *p, *e;
    IrSummary *s;
    bool bad;
    TidRefVec *tidrefs;
} Tx;

static void tx_ws(Tx *t) {
    while (t->p < t->e && (*t->p == ' ' || *t->p == '\t' || *t->p == '\r'))
        t->p++;
}

static bool tx_peek(Tx *t, char c) {
    tx_ws(t);
    return t->p < t->e && *t->p == c;
}

static bool tx_char(Tx *t, char c) {
    if (!tx_peek(t, c)) {
        t->bad = true;
        return false;
    }
    t->p++;
    return true;
}

/* An identifier into buf (cut to n - 1 bytes). */
static bool tx_ident(Tx *t, char *buf, size_t n) {
    tx_ws(t);
    size_t k = 0;
    while (t->p < t->e && ((*t->p >= 'a' && *t->p <= 'z') || (*t->p >= 'A' && *t->p <= 'Z') ||
                           (*t->p >= '0' && *t->p <= '9') || *t->p == '_')) {
        if (k + 1 < n)
            buf[k++] = *t->p;
        t->p++;
    }
    buf[k] = '\0';
    if (!k)
        t->bad = true;
    return k > 0;
}

static uint64_t tx_uint(Tx *t) {
    tx_ws(t);
    uint64_t v = 0;
    const char *s = t->p;
    while (t->p < t->e && *t->p >= '0' && *t->p <= '9') {
        uint64_t d = (uint64_t)(*t->p - '0');
        if (v > (UINT64_MAX - d) / 10)
            t->bad = true;
        v = v * 10 + d;
        t->p++;
    }
    if (t->p == s)
        t->bad = true;
    return v;
}

/* `key:` */
static bool tx_key(Tx *t, const char *key) {
    char buf[64];
    const char *save = t->p;
    if (!tx_ident(t, buf, sizeof buf) || strcmp(buf, key) != 0 || !tx_char(t, ':')) {
        if (!t->bad)
            t->p = save;
        t->bad = true;
        return false;
    }
    return true;
}

static uint64_t tx_keyed_uint(Tx *t, const char *key) {
    return tx_key(t, key) ? tx_uint(t) : 0;
}

/* A "string" with \XX and \\ escapes, into the arena. */
static const char *tx_string(Tx *t, size_t *len) {
    *len = 0;
    if (!tx_char(t, '"'))
        return NULL;
    StrBuf sb = SB_INIT;
    while (t->p < t->e && *t->p != '"') {
        char c = *t->p++;
        if (c == '\\' && t->p < t->e && *t->p == '\\') {
            t->p++;
        } else if (c == '\\' && t->e - t->p >= 2) {
            unsigned v = 0;
            for (int i = 0; i < 2; i++) {
                char h = *t->p++;
                v = v * 16 + (unsigned)(h >= '0' && h <= '9' ? h - '0'
                                        : h >= 'a' && h <= 'f' ? h - 'a' + 10
                                        : h >= 'A' && h <= 'F' ? h - 'A' + 10
                                                               : (t->bad = true, 0));
            }
            c = (char)v;
        }
        sb_addc(&sb, c);
    }
    if (!tx_char(t, '"')) {
        sb_release(&sb);
        return NULL;
    }
    const char *r = arena_strndup(&t->s->arena, sb.buf, sb.len);
    *len = sb.len;
    sb_release(&sb);
    return r;
}

/* `^N`; slots are resolved once every line is read. */
static uint32_t tx_slot(Tx *t) {
    if (!tx_char(t, '^'))
        return 0;
    uint64_t v = tx_uint(t);
    if (v > 0xFFFFFFF)
        t->bad = true;
    return (uint32_t)v;
}

static int name_index(const char *const *names, const char *s) {
    for (int i = 0; names[i]; i++)
        if (!strcmp(names[i], s))
            return i;
    return -1;
}

static const char *const LINKAGES[] = {"external", "available_externally", "linkonce",
                                       "linkonce_odr", "weak", "weak_odr", "appending",
                                       "internal", "private", "extern_weak", "common", NULL};
static const char *const VISIBILITIES[] = {"default", "hidden", "protected", NULL};
static const char *const IMPORT_TYPES[] = {"definition", "declaration", NULL};
static const char *const FFLAGS[] = {"readNone", "readOnly", "noRecurse", "returnDoesNotAlias",
                                     "noInline", "alwaysInline", "noUnwind", "mayThrow",
                                     "hasUnknownCall", "mustBeUnreachable", NULL};
static const char *const HOTNESS[] = {"unknown", "cold", "none", "hot", "critical", NULL};

static unsigned tx_keyed_name(Tx *t, const char *key, const char *const *names) {
    char buf[64];
    if (!tx_key(t, key) || !tx_ident(t, buf, sizeof buf))
        return 0;
    int i = name_index(names, buf);
    if (i < 0)
        t->bad = true;
    return i < 0 ? 0 : (unsigned)i;
}

static bool tx_bool(Tx *t, const char *key) {
    uint64_t v = tx_keyed_uint(t, key);
    if (v > 1)
        t->bad = true;
    return v == 1;
}

static void tx_gvflags(Tx *t, SumSummary *m) {
    if (!tx_key(t, "flags") || !tx_char(t, '('))
        return;
    m->linkage = tx_keyed_name(t, "linkage", LINKAGES);
    tx_char(t, ',');
    m->visibility = tx_keyed_name(t, "visibility", VISIBILITIES);
    tx_char(t, ',');
    m->not_eligible = tx_bool(t, "notEligibleToImport");
    tx_char(t, ',');
    m->live = tx_bool(t, "live");
    tx_char(t, ',');
    m->dso_local = tx_bool(t, "dsoLocal");
    tx_char(t, ',');
    m->auto_hide = tx_bool(t, "canAutoHide");
    tx_char(t, ',');
    m->import_type = tx_keyed_name(t, "importType", IMPORT_TYPES);
    tx_char(t, ')');
}

static Status tx_refs(Tx *t, SumSummary *m) {
    if (!tx_char(t, '('))
        return OK;
    do {
        char buf[16];
        SumRef r = {0, 0};
        if (!tx_peek(t, '^')) {
            tx_ident(t, buf, sizeof buf);
            r.access = !strcmp(buf, "readonly") ? 1 : !strcmp(buf, "writeonly") ? 2 : 0;
            if (!r.access)
                t->bad = true;
        }
        r.gv = tx_slot(t);
        if (vec_push(&m->refs, r) != OK)
            return E_NOMEM;
    } while (!t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return OK;
}

static const char *const VCALL_KINDS[] = {"typeTestAssumeVCalls", "typeCheckedLoadVCalls",
                                          "typeTestAssumeConstVCalls",
                                          "typeCheckedLoadConstVCalls", NULL};

/* `vFuncId: (guid: G, offset: O)` or `vFuncId: (^N, offset: O)`, naming a typeid entry,
 * for virtual call index of the summary being read */
static Status tx_vfunc_id(Tx *t, SumVCall *c, size_t index) {
    tx_key(t, "vFuncId");
    tx_char(t, '(');
    if (tx_peek(t, '^')) {
        TidRef r = {(uint32_t)t->s->sums.len, (uint32_t)index, tx_slot(t), true};
        if (vec_push(t->tidrefs, r) != OK)
            return E_NOMEM;
    } else {
        c->guid = tx_keyed_uint(t, "guid");
    }
    tx_char(t, ',');
    c->offset = tx_keyed_uint(t, "offset");
    tx_char(t, ')');
    return OK;
}

/* `(typeTests: (G, ...), typeTestAssumeVCalls: (vFuncId: (...), ...), ...,
 * typeCheckedLoadConstVCalls: ((vFuncId: (...), args: (A, ...)), ...))` */
static Status tx_type_id_info(Tx *t, SumSummary *m) {
    Status st = OK;
    tx_char(t, '(');
    do {
        char key[40];
        tx_ident(t, key, sizeof key);
        tx_char(t, ':');
        tx_char(t, '(');
        if (!strcmp(key, "typeTests")) {
            do {
                if (tx_peek(t, '^')) { /* a typeid entry's: its GUID once it is read */
                    TidRef r = {(uint32_t)t->s->sums.len, (uint32_t)m->type_tests.len,
                                tx_slot(t), false};
                    st = vec_push(t->tidrefs, r);
                    if (st == OK)
                        st = vec_push(&m->type_tests, 0);
                } else {
                    st = vec_push(&m->type_tests, tx_uint(t));
                }
            } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        } else {
            int k = name_index(VCALL_KINDS, key);
            if (k < 0) {
                t->bad = true;
                return OK;
            }
            do {
                SumVCall c = {(SumVCallKind)k, 0, 0, m->vargs.len, 0};
                if (k >= SUM_TT_ASSUME_CONST_VCALLS) {
                    tx_char(t, '(');
                    st = tx_vfunc_id(t, &c, m->vcalls.len);
                    if (st == OK && tx_peek(t, ',')) {
                        tx_char(t, ',');
                        tx_key(t, "args");
                        tx_char(t, '(');
                        do {
                            st = vec_push(&m->vargs, tx_uint(t));
                            c.nargs++;
                        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
                        tx_char(t, ')');
                    }
                    tx_char(t, ')');
                } else {
                    st = tx_vfunc_id(t, &c, m->vcalls.len);
                }
                if (st == OK)
                    st = vec_push(&m->vcalls, c);
            } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        }
        tx_char(t, ')');
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

static int64_t tx_int(Tx *t) {
    tx_ws(t);
    bool neg = t->p < t->e && *t->p == '-';
    if (neg)
        t->p++;
    uint64_t v = tx_uint(t);
    if (v > (neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX))
        t->bad = true;
    return neg ? (int64_t)((uint64_t)0 - v) : (int64_t)v;
}

/* `offset: [first, last]`, as LLVM's parser reads it (range_to_bits). */
static void tx_range(Tx *t, int64_t *first, int64_t *last) {
    tx_key(t, "offset");
    tx_char(t, '[');
    *first = tx_int(t);
    tx_char(t, ',');
    *last = tx_int(t);
    tx_char(t, ']');
    uint64_t lo, hi;
    if (t->bad)
        return;
    if (*first == (int64_t)((uint64_t)*last + 1) && *first != INT64_MAX) {
        *first = 0, *last = -1; /* LLVM's parser: the empty range */
    } else if (!range_to_bits(*first, *last, &lo, &hi)) {
        UNSUPPORTED(t->s, "a parameter access range that LLVM's text cannot express (full or "
                          "wrapped)");
        t->bad = true;
    }
}

/* `params: ((param: N, offset: [A, B], calls: ((callee: ^N, param: N, offset: [A, B]),
 * ...)), ...)` */
static Status tx_params(Tx *t, SumSummary *m) {
    Status st = OK;
    tx_char(t, '(');
    do {
        SumParam p = {0, 0, 0, m->pcalls.len, 0};
        tx_char(t, '(');
        p.param = tx_keyed_uint(t, "param");
        tx_char(t, ',');
        tx_range(t, &p.first, &p.last);
        if (!t->bad && tx_peek(t, ',')) {
            tx_char(t, ',');
            tx_key(t, "calls");
            tx_char(t, '(');
            do {
                SumParamCall c = {0, 0, 0, 0};
                tx_char(t, '(');
                tx_key(t, "callee");
                c.gv = tx_slot(t);
                tx_char(t, ',');
                c.param = tx_keyed_uint(t, "param");
                tx_char(t, ',');
                tx_range(t, &c.first, &c.last);
                tx_char(t, ')');
                st = vec_push(&m->pcalls, c);
                p.ncalls++;
            } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
            tx_char(t, ')');
        }
        tx_char(t, ')');
        if (st == OK)
            st = vec_push(&m->params, p);
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

/* `stackIds: (N, ...)` onto m's stack ids; the count in *n. */
static Status tx_stack_ids(Tx *t, SumSummary *m, size_t *n) {
    Status st = OK;
    *n = 0;
    tx_key(t, "stackIds");
    tx_char(t, '(');
    do {
        st = vec_push(&m->stack_ids, tx_uint(t));
        ++*n;
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

/* `callsites: ((callee: ^N, clones: (0), stackIds: (N, ...)), ...)` */
static Status tx_callsites(Tx *t, SumSummary *m) {
    Status st = OK;
    tx_char(t, '(');
    do {
        SumCallsite c = {0, 0, 0, m->clones.len, 0};
        tx_char(t, '(');
        tx_key(t, "callee");
        if (!tx_peek(t, '^')) {
            UNSUPPORTED(t->s, "a memory profile callsite without a callee (callee: null)");
            t->bad = true;
            return OK;
        }
        c.gv = tx_slot(t);
        tx_char(t, ',');
        tx_key(t, "clones");
        tx_char(t, '(');
        do {
            st = vec_push(&m->clones, tx_uint(t));
            c.nclones++;
        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        tx_char(t, ')');
        tx_char(t, ',');
        c.first_id = m->stack_ids.len;
        st = tx_stack_ids(t, m, &c.nids);
        tx_char(t, ')');
        if (st == OK)
            st = vec_push(&m->callsites, c);
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

static const char *const ALLOC_TYPES[] = {"none", "notcold", "cold", "", "hot", NULL};

/* `allocs: ((versions: (none), memProf: ((type: T, stackIds: (N, ...)), ...)), ...)` */
static Status tx_allocs(Tx *t, SumSummary *m) {
    Status st = OK;
    uint32_t alloc = 0;
    tx_char(t, '(');
    do {
        char buf[16];
        size_t first_ver = m->versions.len;
        tx_char(t, '(');
        tx_key(t, "versions");
        tx_char(t, '(');
        do {
            tx_ident(t, buf, sizeof buf);
            int k = name_index(ALLOC_TYPES, buf);
            if (k < 0 || !buf[0])
                t->bad = true;
            st = vec_push(&m->versions, (uint8_t)(k < 0 ? 0 : k));
        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        tx_char(t, ')');
        tx_char(t, ',');
        tx_key(t, "memProf");
        tx_char(t, '(');
        do {
            SumMib mib = {alloc, 0, m->stack_ids.len, 0, first_ver,
                          m->versions.len - first_ver};
            tx_char(t, '(');
            tx_key(t, "type");
            tx_ident(t, buf, sizeof buf);
            int k = name_index(ALLOC_TYPES, buf);
            if (k < 0 || !buf[0])
                t->bad = true;
            mib.type = (uint8_t)(k < 0 ? 0 : k);
            tx_char(t, ',');
            st = tx_stack_ids(t, m, &mib.nids);
            tx_char(t, ')');
            if (st == OK)
                st = vec_push(&m->mibs, mib);
        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        tx_char(t, ')');
        tx_char(t, ')');
        alloc++;
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

/* One summary: `function: (...)`, `variable: (...)` or `alias: (...)`. */
static Status tx_summary(Tx *t, uint32_t gv_slot) {
    IrSummary *s = t->s;
    char kind[32];
    tx_ident(t, kind, sizeof kind);
    SumSummary m;
    memset(&m, 0, sizeof m);
    m.gv = gv_slot;
    if (!strcmp(kind, "function"))
        m.kind = SUM_FUNCTION;
    else if (!strcmp(kind, "variable"))
        m.kind = SUM_VARIABLE;
    else if (!strcmp(kind, "alias"))
        m.kind = SUM_ALIAS;
    else {
        t->bad = true;
        return OK;
    }
    tx_char(t, ':');
    tx_char(t, '(');
    tx_key(t, "module");
    m.module = tx_slot(t); /* the text's slot, resolved once every line is read */
    tx_char(t, ',');
    tx_gvflags(t, &m);
    Status st = OK;
    while (st == OK && !t->bad && tx_peek(t, ',')) {
        tx_char(t, ',');
        char key[64];
        tx_ident(t, key, sizeof key);
        tx_char(t, ':');
        if (!strcmp(key, "insts") && m.kind == SUM_FUNCTION) {
            m.insts = tx_uint(t);
        } else if (!strcmp(key, "funcFlags") && m.kind == SUM_FUNCTION) {
            tx_char(t, '(');
            for (int i = 0; FFLAGS[i]; i++) {
                if (i)
                    tx_char(t, ',');
                m.fflags |= (uint32_t)tx_bool(t, FFLAGS[i]) << i;
            }
            tx_char(t, ')');
        } else if (!strcmp(key, "calls") && m.kind == SUM_FUNCTION) {
            tx_char(t, '(');
            do {
                SumCall c = {0, 0, 0, false};
                tx_char(t, '(');
                tx_key(t, "callee");
                c.gv = tx_slot(t);
                while (!t->bad && tx_peek(t, ',')) {
                    tx_char(t, ',');
                    char k2[32];
                    tx_ident(t, k2, sizeof k2);
                    tx_char(t, ':');
                    if (!strcmp(k2, "hotness")) {
                        char h[32];
                        tx_ident(t, h, sizeof h);
                        int i = name_index(HOTNESS, h);
                        if (i < 0)
                            t->bad = true;
                        c.hotness = (uint8_t)(i < 0 ? 0 : i);
                    } else if (!strcmp(k2, "tail")) {
                        c.tail = tx_uint(t) == 1;
                    } else if (!strcmp(k2, "relbf")) {
                        uint64_t bf = tx_uint(t);
                        if (bf > 0xFFFFFFF)
                            t->bad = true;
                        c.relbf = (uint32_t)bf;
                    } else {
                        t->bad = true;
                    }
                }
                tx_char(t, ')');
                st = vec_push(&m.calls, c);
            } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
            tx_char(t, ')');
        } else if (!strcmp(key, "typeIdInfo") && m.kind == SUM_FUNCTION) {
            st = tx_type_id_info(t, &m);
        } else if (!strcmp(key, "varFlags") && m.kind == SUM_VARIABLE) {
            tx_char(t, '(');
            m.varflags = (uint32_t)tx_bool(t, "readonly");
            tx_char(t, ',');
            m.varflags |= (uint32_t)tx_bool(t, "writeonly") << 1;
            tx_char(t, ',');
            m.varflags |= (uint32_t)tx_bool(t, "constant") << 2;
            if (tx_peek(t, ',')) {
                tx_char(t, ',');
                m.vcall_visibility = (uint32_t)tx_keyed_uint(t, "vcall_visibility");
                if (m.vcall_visibility > 3)
                    t->bad = true;
            }
            tx_char(t, ')');
        } else if (!strcmp(key, "vTableFuncs") && m.kind == SUM_VARIABLE) {
            tx_char(t, '(');
            do {
                SumVFunc f = {0, 0};
                tx_char(t, '(');
                tx_key(t, "virtFunc");
                f.gv = tx_slot(t);
                tx_char(t, ',');
                f.offset = tx_keyed_uint(t, "offset");
                tx_char(t, ')');
                st = vec_push(&m.vfuncs, f);
            } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
            tx_char(t, ')');
        } else if (!strcmp(key, "aliasee") && m.kind == SUM_ALIAS) {
            if (tx_peek(t, '^'))
                m.aliasee = tx_slot(t);
            else
                UNSUPPORTED(s, "an alias summary without its aliasee (aliasee: null)");
            break;
        } else if (!strcmp(key, "refs")) {
            st = tx_refs(t, &m);
        } else if (!strcmp(key, "params") && m.kind == SUM_FUNCTION) {
            st = tx_params(t, &m);
        } else if (!strcmp(key, "callsites") && m.kind == SUM_FUNCTION) {
            st = tx_callsites(t, &m);
        } else if (!strcmp(key, "allocs") && m.kind == SUM_FUNCTION) {
            st = tx_allocs(t, &m);
        } else {
            UNSUPPORTED(s, "the summary field `%s` of a %s summary", key, kind);
            break;
        }
    }
    if (st == OK && !s->unsupported[0])
        tx_char(t, ')');
    if (st == OK)
        st = vec_push(&s->sums, m);
    if (st != OK)
        sum_release(&m);
    return st;
}

static const char *const TTRES_KINDS[] = {"unsat", "byteArray", "inline", "single", "allOnes",
                                          "unknown", NULL};
static const char *const WPD_KINDS[] = {"indir", "singleImpl", "branchFunnel", NULL};
static const char *const BYARG_KINDS[] = {"indir", "uniformRetVal", "uniqueRetVal",
                                          "virtualConstProp", NULL};

/* `resByArg: (args: (A, ...), byArg: (kind: K[, info: N][, byte: N][, bit: N]), ...)` of
 * a wpdRes (the key read) */
static Status tx_res_by_arg(Tx *t, SumTid *ti, SumWpd *w) {
    Status st = OK;
    tx_char(t, '(');
    w->first_byarg = ti->byargs.len;
    do {
        SumByArg b = {ti->args.len, 0, 0, 0, 0, 0};
        tx_key(t, "args");
        tx_char(t, '(');
        /* `args: ()`: llvm-dis prints it (whole-program devirtualisation writes one for a
         * call without constant arguments), LLVM 19's parser rejects it */
        while (st == OK && !t->bad && !tx_peek(t, ')')) {
            if (b.nargs)
                tx_char(t, ',');
            st = vec_push(&ti->args, tx_uint(t));
            b.nargs++;
        }
        tx_char(t, ')');
        tx_char(t, ',');
        tx_key(t, "byArg");
        tx_char(t, '(');
        b.kind = (uint8_t)tx_keyed_name(t, "kind", BYARG_KINDS);
        while (st == OK && !t->bad && tx_peek(t, ',')) {
            tx_char(t, ',');
            char key[16];
            tx_ident(t, key, sizeof key);
            tx_char(t, ':');
            uint64_t v = tx_uint(t);
            if (!strcmp(key, "info"))
                b.info = v;
            else if (!strcmp(key, "byte") && v <= UINT32_MAX)
                b.byte = (uint32_t)v;
            else if (!strcmp(key, "bit") && v <= UINT32_MAX)
                b.bit = (uint32_t)v;
            else
                t->bad = true;
        }
        tx_char(t, ')');
        if (st == OK)
            st = vec_push(&ti->byargs, b);
        w->nbyargs++;
    } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
    tx_char(t, ')');
    return st;
}

/* `(name: "N", summary: (typeTestRes: (kind: K, sizeM1BitWidth: N[, alignLog2: N][,
 * sizeM1: N][, bitMask: N][, inlineBits: N])[, wpdResolutions: ((offset: N, wpdRes:
 * (kind: K[, singleImplName: "S"][, resByArg: (...)])), ...)]))` of a typeid entry */
static Status tx_typeid(Tx *t, SumTid *ti) {
    Status st = OK;
    tx_char(t, '(');
    tx_key(t, "name");
    ti->name = tx_string(t, &ti->name_len);
    tx_char(t, ',');
    tx_key(t, "summary");
    tx_char(t, '(');
    tx_key(t, "typeTestRes");
    tx_char(t, '(');
    ti->kind = (uint8_t)tx_keyed_name(t, "kind", TTRES_KINDS);
    tx_char(t, ',');
    ti->size_m1_bit_width = tx_keyed_uint(t, "sizeM1BitWidth");
    if (ti->size_m1_bit_width > UINT32_MAX)
        t->bad = true;
    while (!t->bad && tx_peek(t, ',')) {
        tx_char(t, ',');
        char key[16];
        tx_ident(t, key, sizeof key);
        tx_char(t, ':');
        uint64_t v = tx_uint(t);
        if (!strcmp(key, "alignLog2"))
            ti->align_log2 = v;
        else if (!strcmp(key, "sizeM1"))
            ti->size_m1 = v;
        else if (!strcmp(key, "bitMask") && v <= 255)
            ti->bit_mask = v;
        else if (!strcmp(key, "inlineBits"))
            ti->inline_bits = v;
        else
            t->bad = true;
    }
    tx_char(t, ')');
    if (tx_peek(t, ',')) {
        tx_char(t, ',');
        tx_key(t, "wpdResolutions");
        tx_char(t, '(');
        do {
            SumWpd w = {0, 0, NULL, 0, ti->byargs.len, 0};
            tx_char(t, '(');
            w.offset = tx_keyed_uint(t, "offset");
            tx_char(t, ',');
            tx_key(t, "wpdRes");
            tx_char(t, '(');
            w.kind = (uint8_t)tx_keyed_name(t, "kind", WPD_KINDS);
            while (st == OK && !t->bad && tx_peek(t, ',')) {
                tx_char(t, ',');
                char key[24];
                tx_ident(t, key, sizeof key);
                tx_char(t, ':');
                if (!strcmp(key, "singleImplName")) {
                    w.impl = tx_string(t, &w.impl_len);
                    if (!w.impl && !t->bad)
                        st = E_NOMEM;
                } else if (!strcmp(key, "resByArg")) {
                    st = tx_res_by_arg(t, ti, &w);
                } else {
                    t->bad = true;
                }
            }
            tx_char(t, ')');
            tx_char(t, ')');
            if (st == OK)
                st = vec_push(&ti->wpds, w);
        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        tx_char(t, ')');
    }
    tx_char(t, ')');
    tx_char(t, ')');
    if (st == OK && !ti->name && !t->bad)
        st = E_NOMEM;
    return st;
}

/* Slots of the text → gv index (or UINT32_MAX), for the references between entries. */

static Status set_slot(U32Vec *map, uint32_t slot, uint32_t val) {
    while (map->len <= slot)
        if (vec_push(map, UINT32_MAX) != OK)
            return E_NOMEM;
    map->v[slot] = val;
    return OK;
}

/* gvmap, tidmap, modmap: slots of the text → gv, typeid entry, module entry */
static Status tx_entry(Tx *t, U32Vec *gvmap, U32Vec *tidmap, U32Vec *modmap) {
    IrSummary *s = t->s;
    uint32_t slot = tx_slot(t);
    tx_char(t, '=');
    char kind[40];
    tx_ident(t, kind, sizeof kind);
    tx_char(t, ':');
    if (t->bad)
        return OK;
    if (!strcmp(kind, "module")) {
        SumModule mod = {NULL, {0}, 0, 0};
        tx_char(t, '(');
        size_t n;
        tx_key(t, "path");
        mod.path = tx_string(t, &n);
        tx_char(t, ',');
        tx_key(t, "hash");
        tx_char(t, '(');
        for (int i = 0; i < 5; i++) {
            if (i)
                tx_char(t, ',');
            uint64_t w = tx_uint(t);
            if (w > UINT32_MAX)
                t->bad = true;
            mod.hash[i] = (uint32_t)w;
        }
        tx_char(t, ')');
        tx_char(t, ')');
        if (t->bad)
            return OK;
        if (!mod.path)
            return E_NOMEM;
        if (vec_push(&s->mods, mod) != OK ||
            set_slot(modmap, slot, (uint32_t)(s->mods.len - 1)) != OK)
            return E_NOMEM;
    } else if (!strcmp(kind, "gv")) {
        tx_char(t, '(');
        char key[16];
        tx_ident(t, key, sizeof key);
        tx_char(t, ':');
        SumGv g = {NULL, 0, 0, -1, 0, 0};
        if (!strcmp(key, "guid")) { /* a value known by its GUID only */
            g.guid = tx_uint(t);
        } else if (!strcmp(key, "name")) {
            g.name = tx_string(t, &g.name_len);
            if (!g.name)
                return t->bad ? OK : E_NOMEM;
        } else {
            t->bad = true;
            return OK;
        }
        if (t->bad)
            return OK;
        if (vec_push(&s->gvs, g) != OK || set_slot(gvmap, slot, (uint32_t)(s->gvs.len - 1)) != OK)
            return E_NOMEM;
        if (tx_peek(t, ',')) { /* its summaries (several in a combined index) */
            tx_char(t, ',');
            tx_key(t, "summaries");
            tx_char(t, '(');
            size_t before = s->sums.len;
            do {
                Status st = tx_summary(t, slot);
                if (st != OK)
                    return st;
            } while (!t->bad && !s->unsupported[0] && tx_peek(t, ',') && tx_char(t, ','));
            tx_char(t, ')');
            if (s->sums.len > before) {
                vec_last(&s->gvs).summary = (int32_t)before;
                vec_last(&s->gvs).nsums = (uint32_t)(s->sums.len - before);
            }
        }
        tx_char(t, ')');
    } else if (!strcmp(kind, "typeidCompatibleVTable")) {
        SumTypeId ti;
        memset(&ti, 0, sizeof ti);
        tx_char(t, '(');
        tx_key(t, "name");
        ti.name = tx_string(t, &ti.name_len);
        tx_char(t, ',');
        tx_key(t, "summary");
        tx_char(t, '(');
        Status st = OK;
        do {
            SumVt vt = {0, 0};
            tx_char(t, '(');
            vt.offset = tx_keyed_uint(t, "offset");
            tx_char(t, ',');
            vt.gv = tx_slot(t);
            tx_char(t, ')');
            st = vec_push(&ti.vts, vt);
        } while (st == OK && !t->bad && tx_peek(t, ',') && tx_char(t, ','));
        tx_char(t, ')');
        tx_char(t, ')');
        if (st == OK && !ti.name && !t->bad)
            st = E_NOMEM;
        if (st == OK)
            st = vec_push(&s->tids, ti);
        if (st != OK) {
            vec_release(&ti.vts);
            return st;
        }
    } else if (!strcmp(kind, "flags")) {
        s->flags = tx_uint(t);
    } else if (!strcmp(kind, "blockcount")) {
        s->blockcount = tx_uint(t);
    } else if (!strcmp(kind, "typeid")) {
        SumTid ti;
        memset(&ti, 0, sizeof ti);
        Status st = tx_typeid(t, &ti);
        if (st == OK)
            st = vec_push(&s->typeids, ti);
        if (st == OK)
            st = set_slot(tidmap, slot, (uint32_t)(s->typeids.len - 1));
        else {
            vec_release(&ti.wpds);
            vec_release(&ti.byargs);
            vec_release(&ti.args);
        }
        return st;
    } else {
        UNSUPPORTED(s, "a summary entry of kind `%s`", kind);
    }
    return OK;
}

#define FULL_LTO_LINE "; irlog: a regular LTO summary (FULL_LTO_GLOBALVAL_SUMMARY_BLOCK)"
#define COMBINED_LINE "; irlog: a combined summary index (a file without a module)"
#define CFI_LINE "; irlog: CFI function "

static uint32_t resolve(IrSummary *s, const U32Vec *gvmap, uint32_t slot) {
    if (slot < gvmap->len && gvmap->v[slot] != UINT32_MAX)
        return gvmap->v[slot];
    UNSUPPORTED(s, "a reference to ^%u, which is no gv entry", slot);
    return 0;
}

Status ir_summary_from_text(IrSummary *s, char *text, size_t len) {
    U32Vec gvmap = {0}, tidmap = {0}, modmap = {0};
    TidRefVec tidrefs = {0};
    Status st = OK;
    size_t fl = strlen(FULL_LTO_LINE), cl = strlen(COMBINED_LINE), pl = strlen(CFI_LINE);
    for (size_t i = 0; i < len && st == OK;) {
        size_t end = i;
        while (end < len && text[end] != '\n')
            end++;
        if (text[i] == '^') {
            s->present = true;
            Tx t = {text + i, text + end, s, false, &tidrefs};
            if (!s->unsupported[0]) {
                st = tx_entry(&t, &gvmap, &tidmap, &modmap);
                if (!t.bad) { /* the rest of the line: a `; guid = N` comment */
                    tx_ws(&t);
                    if (t.p < t.e && *t.p != ';')
                        t.bad = true;
                }
                if (t.bad)
                    UNSUPPORTED(s, "summary text this reader cannot parse (`%.*s`)",
                                (int)(end - i < 60 ? end - i : 60), text + i);
            }
            memset(text + i, ' ', end - i);
        } else if (end - i == fl && !memcmp(text + i, FULL_LTO_LINE, fl)) {
            s->full_lto = true;
        } else if (end - i == cl && !memcmp(text + i, COMBINED_LINE, cl)) {
            s->combined = true;
        } else if (end - i > pl && !memcmp(text + i, CFI_LINE, pl)) {
            /* `; irlog: CFI function definition "name"` (or declaration) */
            Tx t = {text + i + pl, text + end, s, false, &tidrefs};
            char kind[16];
            tx_ident(&t, kind, sizeof kind);
            SumCfi c = {NULL, 0, !strcmp(kind, "declaration")};
            c.name = tx_string(&t, &c.len);
            tx_ws(&t);
            if (t.bad || t.p != t.e || (!c.decl && strcmp(kind, "definition") != 0))
                UNSUPPORTED(s, "an irlog CFI function line this reader cannot parse");
            else if (!c.name || vec_push(&s->cfis, c) != OK)
                st = E_NOMEM;
        }
        i = end + 1;
    }
    if (st == OK && s->present && !s->unsupported[0]) {
        s->text = true;
        if (!s->mods.len)
            UNSUPPORTED(s, "a summary without a module entry");
        for (size_t i = 0; i < s->sums.len; i++) {
            SumSummary *m = &s->sums.v[i];
            m->gv = resolve(s, &gvmap, m->gv);
            if (m->module < modmap.len && modmap.v[m->module] != UINT32_MAX)
                m->module = modmap.v[m->module];
            else
                UNSUPPORTED(s, "a summary of ^%u, which is no module entry", m->module);
            if (m->kind == SUM_ALIAS)
                m->aliasee = resolve(s, &gvmap, m->aliasee);
            for (size_t k = 0; k < m->calls.len; k++)
                m->calls.v[k].gv = resolve(s, &gvmap, m->calls.v[k].gv);
            for (size_t k = 0; k < m->refs.len; k++)
                m->refs.v[k].gv = resolve(s, &gvmap, m->refs.v[k].gv);
            for (size_t k = 0; k < m->vfuncs.len; k++)
                m->vfuncs.v[k].gv = resolve(s, &gvmap, m->vfuncs.v[k].gv);
            for (size_t k = 0; k < m->pcalls.len; k++)
                m->pcalls.v[k].gv = resolve(s, &gvmap, m->pcalls.v[k].gv);
            for (size_t k = 0; k < m->callsites.len; k++)
                m->callsites.v[k].gv = resolve(s, &gvmap, m->callsites.v[k].gv);
        }
        for (size_t i = 0; i < s->tids.len; i++)
            for (size_t k = 0; k < s->tids.v[i].vts.len; k++)
                s->tids.v[i].vts.v[k].gv = resolve(s, &gvmap, s->tids.v[i].vts.v[k].gv);
        /* type tests and virtual calls naming a typeid entry: its GUID */
        for (size_t i = 0; i < tidrefs.len; i++) {
            const TidRef *r = &tidrefs.v[i];
            uint32_t k = r->slot < tidmap.len ? tidmap.v[r->slot] : UINT32_MAX;
            if (k == UINT32_MAX || r->sum >= s->sums.len) {
                UNSUPPORTED(s, "a type test or virtual call naming ^%u, which is no typeid entry",
                            r->slot);
                break;
            }
            const SumTid *ti = &s->typeids.v[k];
            uint64_t guid = ir_summary_guid(ti->name, ti->name_len);
            SumSummary *m = &s->sums.v[r->sum];
            if (r->vcall && r->index < m->vcalls.len)
                m->vcalls.v[r->index].guid = guid;
            else if (!r->vcall && r->index < m->type_tests.len)
                m->type_tests.v[r->index] = guid;
        }
    }
    vec_release(&gvmap);
    vec_release(&tidmap);
    vec_release(&modmap);
    vec_release(&tidrefs);
    return st != OK ? st : s->arena.oom ? E_NOMEM : OK;
}

/* ---- GUIDs, order, slots ------------------------------------------------------------------ */

LLVMValueRef ir_summary_find_global(LLVMModuleRef m, const char *name, size_t len) {
    LLVMValueRef v = LLVMGetNamedGlobalAlias(m, name, len);
    if (!v)
        v = LLVMGetNamedGlobalIFunc(m, name, len);
    if (!v && strlen(name) == len) {
        v = LLVMGetNamedFunction(m, name);
        if (!v)
            v = LLVMGetNamedGlobal(m, name);
    }
    return v;
}

static int cmp_gv_guid(const void *a, const void *b) {
    uint64_t x = ((const SumGv *)a)->guid, y = ((const SumGv *)b)->guid;
    return x < y ? -1 : x > y;
}

static int cmp_bytes(const char *a, size_t an, const char *b, size_t bn) {
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : an < bn ? -1 : an > bn;
}

typedef struct NameIx {
    const char *name;
    size_t len;
    uint32_t vid;
} NameIx;

static int cmp_nameix(const void *a, const void *b) {
    const NameIx *x = a, *y = b;
    return cmp_bytes(x->name, x->len, y->name, y->len);
}

static int cmp_wpd(const void *a, const void *b) {
    uint64_t x = ((const SumWpd *)a)->offset, y = ((const SumWpd *)b)->offset;
    return x < y ? -1 : x > y;
}

/* the constant arguments of two resolutions by argument, compared as std::vector does */
static int cmp_args(const SumTid *t, const SumByArg *a, const SumByArg *b) {
    for (size_t i = 0; i < a->nargs && i < b->nargs; i++) {
        uint64_t x = t->args.v[a->first_arg + i], y = t->args.v[b->first_arg + i];
        if (x != y)
            return x < y ? -1 : 1;
    }
    return a->nargs < b->nargs ? -1 : a->nargs > b->nargs;
}

/* A typeid entry's resolutions in the order of LLVM's maps: by offset, and each one's
 * resolutions by argument by their arguments (insertion sort: lists of a few). */
static void sort_typeid(IrSummary *s, SumTid *t) {
    if (t->wpds.len)
        qsort(t->wpds.v, t->wpds.len, sizeof *t->wpds.v, cmp_wpd);
    for (size_t i = 0; i < t->wpds.len; i++) {
        const SumWpd *w = &t->wpds.v[i];
        if (i && w->offset == w[-1].offset)
            UNSUPPORTED(s, "two wpdResolutions of one offset in a typeid entry");
        SumByArg *b = t->byargs.v + w->first_byarg;
        for (size_t k = 1; k < w->nbyargs; k++) {
            SumByArg x = b[k];
            size_t j = k;
            for (; j > 0 && cmp_args(t, &b[j - 1], &x) > 0; j--)
                b[j] = b[j - 1];
            b[j] = x;
        }
        for (size_t k = 1; k < w->nbyargs; k++)
            if (!cmp_args(t, &b[k - 1], &b[k]))
                UNSUPPORTED(s, "two resByArg entries of one argument list in a typeid entry");
    }
}

static int cmp_typeid(const void *a, const void *b) {
    uint64_t x = ((const SumTid *)a)->guid, y = ((const SumTid *)b)->guid;
    return x < y ? -1 : x > y;
}

static int cmp_tid(const void *a, const void *b) {
    const SumTypeId *x = a, *y = b;
    return cmp_bytes(x->name, x->name_len, y->name, y->name_len);
}

/* A gv entry for every named global value of m that has none (LLVM's bitcode reader
 * makes one for each; the text may list fewer). */
static Status add_missing_gvs(IrSummary *s, LLVMModuleRef m) {
    size_t n = s->gvs.len;
    NameIx *ix = mem_calloc(n ? n : 1, sizeof *ix);
    if (!ix)
        return E_NOMEM;
    size_t nix = 0;
    for (size_t i = 0; i < n; i++)
        if (s->gvs.v[i].name)
            ix[nix++] = (NameIx){s->gvs.v[i].name, s->gvs.v[i].name_len, (uint32_t)i};
    n = nix;
    qsort(ix, n, sizeof *ix, cmp_nameix);
    Status st = OK;
    for (int kind = 0; kind < 4 && st == OK; kind++) {
        LLVMValueRef v = kind == 0   ? LLVMGetFirstGlobal(m)
                         : kind == 1 ? LLVMGetFirstFunction(m)
                         : kind == 2 ? LLVMGetFirstGlobalAlias(m)
                                     : LLVMGetFirstGlobalIFunc(m);
        for (; v && st == OK;
             v = kind == 0   ? LLVMGetNextGlobal(v)
                 : kind == 1 ? LLVMGetNextFunction(v)
                 : kind == 2 ? LLVMGetNextGlobalAlias(v)
                             : LLVMGetNextGlobalIFunc(v)) {
            size_t len;
            const char *name = LLVMGetValueName2(v, &len);
            if (!len) {
                UNSUPPORTED(s, "an unnamed global value");
                continue;
            }
            NameIx key = {name, len, 0};
            if (bsearch(&key, ix, n, sizeof *ix, cmp_nameix))
                continue;
            SumGv g = {arena_strndup(&s->arena, name, len), len, 0, -1, 0, 0};
            st = g.name ? vec_push(&s->gvs, g) : E_NOMEM;
        }
    }
    mem_free(ix);
    return st;
}

void ir_summary_text_kind(IrSummary *s, LLVMModuleRef m) {
    if (s->text && !s->combined)
        s->combined = !LLVMGetFirstFunction(m) && !LLVMGetFirstGlobal(m) &&
                      (s->gvs.len || s->flags);
}

typedef struct SumOrder {
    uint32_t gv, at;
} SumOrder;

static int cmp_sum_order(const void *a, const void *b) {
    const SumOrder *x = a, *y = b;
    if (x->gv != y->gv)
        return x->gv < y->gv ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int cmp_mod_path(const void *a, const void *b) {
    return strcmp(((const SumModule *)a)->path, ((const SumModule *)b)->path);
}

/* The module entries by path (llvm-dis's order), numbered from ^0; the summaries' module
 * indexes follow. */
static Status order_modules(IrSummary *s) {
    size_t n = s->mods.len;
    for (size_t i = 0; i < n; i++)
        s->mods.v[i].slot = (uint32_t)i; /* the old index */
    if (n > 1)
        qsort(s->mods.v, n, sizeof *s->mods.v, cmp_mod_path);
    uint32_t *remap = mem_calloc(n ? n : 1, sizeof *remap);
    if (!remap)
        return E_NOMEM;
    for (size_t i = 0; i < n; i++) {
        remap[s->mods.v[i].slot] = (uint32_t)i;
        s->mods.v[i].slot = (uint32_t)i;
        if (i && !strcmp(s->mods.v[i].path, s->mods.v[i - 1].path))
            UNSUPPORTED(s, "two module entries of one path");
    }
    for (size_t i = 0; i < s->sums.len; i++)
        s->sums.v[i].module = s->sums.v[i].module < n ? remap[s->sums.v[i].module] : 0;
    mem_free(remap);
    return OK;
}

/* The summaries grouped by their gv entry (in GUID order), each gv's in the order read
 * (LLVM's summary list); sets each gv's first summary and count. */
static Status group_summaries(IrSummary *s) {
    size_t n = s->sums.len;
    SumOrder *o = mem_calloc(n ? n : 1, sizeof *o);
    SumSummary *tmp = mem_calloc(n ? n : 1, sizeof *tmp);
    if (!o || !tmp) {
        mem_free(o);
        mem_free(tmp);
        return E_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        o[i] = (SumOrder){s->sums.v[i].gv, (uint32_t)i};
    qsort(o, n, sizeof *o, cmp_sum_order);
    for (size_t i = 0; i < n; i++)
        tmp[i] = s->sums.v[o[i].at];
    if (n)
        memcpy(s->sums.v, tmp, n * sizeof *tmp);
    for (size_t i = 0; i < s->gvs.len; i++) {
        s->gvs.v[i].summary = -1;
        s->gvs.v[i].nsums = 0;
    }
    for (size_t i = 0; i < n; i++) {
        SumGv *g = &s->gvs.v[s->sums.v[i].gv];
        if (g->summary < 0)
            g->summary = (int32_t)i;
        g->nsums++;
    }
    mem_free(o);
    mem_free(tmp);
    return OK;
}

Status ir_summary_finish(IrSummary *s, LLVMModuleRef m) {
    if (!s->present || s->unsupported[0])
        return OK;
    ir_summary_text_kind(s, m);
    if (!s->combined) { /* what only the thin link's combined indexes hold */
        if (s->mods.len != 1)
            UNSUPPORTED(s, "a combined index (%zu module entries)", s->mods.len);
        for (size_t i = 0; i < s->gvs.len; i++) {
            if (!s->gvs.v[i].name && s->gvs.v[i].nsums)
                UNSUPPORTED(s, "a summary of a value known by its GUID only (a combined index)");
            if (s->gvs.v[i].nsums > 1)
                UNSUPPORTED(s, "a gv entry with several summaries (a combined index)");
        }
        for (size_t i = 0; i < s->sums.len; i++) {
            const SumSummary *sm = &s->sums.v[i];
            for (size_t k = 0; k < sm->callsites.len; k++)
                if (sm->callsites.v[k].nclones != 1 ||
                    sm->clones.v[sm->callsites.v[k].first_clone])
                    UNSUPPORTED(s, "memory profile callsite clones other than (0) (a combined "
                                   "index)");
            for (size_t k = 0; k < sm->mibs.len; k++)
                if (sm->mibs.v[k].nvers != 1 || sm->versions.v[sm->mibs.v[k].first_ver])
                    UNSUPPORTED(s, "memory profile allocation versions other than (none) (a "
                                   "combined index)");
        }
        if (s->unsupported[0])
            return OK;
    }
    Status ast = order_modules(s);
    if (ast == OK && !s->combined)
        ast = add_missing_gvs(s, m);
    if (ast != OK)
        return ast;
    size_t sl;
    const char *src = LLVMGetSourceFileName(m, &sl);
    StrBuf id = SB_INIT;
    for (size_t i = 0; i < s->gvs.len; i++) {
        SumGv *g = &s->gvs.v[i];
        g->slot = (uint32_t)i; /* the old index, for the remapping below */
        if (!g->name)
            continue; /* known by its GUID only: the GUID is given */
        LLVMValueRef v = ir_summary_find_global(m, g->name, g->name_len);
        if (!v) {
            UNSUPPORTED(s, "a gv entry for `%.*s`, which the module does not have (LLVM "
                           "renames the intrinsics of older bitcode as it reads it)",
                        (int)g->name_len, g->name);
            sb_release(&id);
            return OK;
        }
        LLVMLinkage l = LLVMGetLinkage(v);
        sb_reset(&id);
        if (l == LLVMInternalLinkage || l == LLVMPrivateLinkage) {
            if (sl)
                sb_add(&id, src, sl);
            else
                sb_adds(&id, "<unknown>");
            sb_addc(&id, ';');
        }
        const char *name = g->name;
        size_t n = g->name_len;
        if (n && name[0] == '\1')
            name++, n--;
        sb_add(&id, name, n);
        if (sb_status(&id) != OK) {
            sb_release(&id);
            return E_NOMEM;
        }
        g->guid = ir_summary_guid(id.buf, id.len);
    }
    sb_release(&id);
    if (s->gvs.len)
        qsort(s->gvs.v, s->gvs.len, sizeof *s->gvs.v, cmp_gv_guid);
    U32Vec remap = {0};
    if (vec_reserve(&remap, s->gvs.len) != OK)
        return E_NOMEM;
    remap.len = s->gvs.len;
    uint32_t nmods = (uint32_t)s->mods.len;
    for (size_t i = 0; i < s->gvs.len; i++) {
        remap.v[s->gvs.v[i].slot] = (uint32_t)i;
        s->gvs.v[i].slot = (uint32_t)(i + nmods);
        if (i && s->gvs.v[i].guid == s->gvs.v[i - 1].guid)
            UNSUPPORTED(s, "two global values with one GUID");
    }
    for (size_t i = 0; i < s->sums.len; i++) {
        SumSummary *sm = &s->sums.v[i];
        sm->gv = remap.v[sm->gv];
        if (sm->kind == SUM_ALIAS)
            sm->aliasee = remap.v[sm->aliasee];
        for (size_t k = 0; k < sm->calls.len; k++)
            sm->calls.v[k].gv = remap.v[sm->calls.v[k].gv];
        for (size_t k = 0; k < sm->refs.len; k++)
            sm->refs.v[k].gv = remap.v[sm->refs.v[k].gv];
        for (size_t k = 0; k < sm->vfuncs.len; k++)
            sm->vfuncs.v[k].gv = remap.v[sm->vfuncs.v[k].gv];
        for (size_t k = 0; k < sm->pcalls.len; k++)
            sm->pcalls.v[k].gv = remap.v[sm->pcalls.v[k].gv];
        for (size_t k = 0; k < sm->callsites.len; k++)
            sm->callsites.v[k].gv = remap.v[sm->callsites.v[k].gv];
    }
    for (size_t i = 0; i < s->tids.len; i++)
        for (size_t k = 0; k < s->tids.v[i].vts.len; k++)
            s->tids.v[i].vts.v[k].gv = remap.v[s->tids.v[i].vts.v[k].gv];
    vec_release(&remap);
    if (group_summaries(s) != OK)
        return E_NOMEM;
    uint32_t next = (uint32_t)s->gvs.len + nmods;
    /* typeid entries, by GUID (LLVM's TypeIdMap), after the gv entries */
    for (size_t i = 0; i < s->typeids.len; i++)
        s->typeids.v[i].guid = ir_summary_guid(s->typeids.v[i].name, s->typeids.v[i].name_len);
    if (s->typeids.len)
        qsort(s->typeids.v, s->typeids.len, sizeof *s->typeids.v, cmp_typeid);
    for (size_t i = 0; i < s->typeids.len; i++) {
        if (i && s->typeids.v[i].guid == s->typeids.v[i - 1].guid)
            UNSUPPORTED(s, "two typeid entries with one GUID");
        s->typeids.v[i].slot = next++;
        sort_typeid(s, &s->typeids.v[i]);
    }
    if (s->tids.len)
        qsort(s->tids.v, s->tids.len, sizeof *s->tids.v, cmp_tid);
    for (size_t i = 0; i < s->tids.len; i++) {
        SumTypeId *t = &s->tids.v[i];
        if (i && !cmp_tid(t, t - 1))
            UNSUPPORTED(s, "two typeidCompatibleVTable entries of one name");
        t->guid = ir_summary_guid(t->name, t->name_len);
        t->slot = next++;
    }
    s->flags_slot = s->flags ? next++ : 0;
    s->blockcount_slot = next;
    return OK;
}

/* ---- IrSummary → bitcode ------------------------------------------------------------------ */

typedef struct Wr {
    StrBuf *out;
    size_t pos; /* in bits */
} Wr;

static void wr_bits(Wr *w, uint64_t v, unsigned n) {
    size_t need = (w->pos + n + 7) / 8;
    while (w->out->len < need)
        sb_addc(w->out, '\0');
    if (sb_status(w->out) != OK)
        return;
    for (unsigned i = 0; i < n; i++, w->pos++)
        if ((v >> i) & 1)
            w->out->buf[w->pos >> 3] = (char)(w->out->buf[w->pos >> 3] | (1 << (w->pos & 7)));
}

static void wr_vbr(Wr *w, uint64_t v, unsigned n) {
    uint64_t hi = 1ull << (n - 1);
    while (v >= hi) {
        wr_bits(w, (v & (hi - 1)) | hi, n);
        v >>= n - 1;
    }
    wr_bits(w, v, n);
}

static void wr_align32(Wr *w) {
    size_t to = (w->pos + 31) & ~(size_t)31;
    wr_bits(w, 0, (unsigned)(to - w->pos));
}

/* Copies bits [from, to) of src; byte by byte when both sides are at a byte boundary. */
static void wr_copy(Wr *w, const uint8_t *src, size_t from, size_t to) {
    if (w->pos % 8 == 0 && from % 8 == 0) {
        size_t bytes = (to - from) / 8;
        while (w->out->len < w->pos / 8)
            sb_addc(w->out, '\0');
        sb_truncate(w->out, w->pos / 8);
        sb_add(w->out, src + from / 8, bytes);
        w->pos += bytes * 8;
        from += bytes * 8;
    }
    for (; from < to; from++)
        wr_bits(w, (src[from >> 3] >> (from & 7)) & 1, 1);
}

static void wr_patch32(Wr *w, size_t pos, uint32_t v) {
    for (unsigned i = 0; i < 32; i++) {
        size_t p = pos + i;
        char *c = &w->out->buf[p >> 3];
        *c = (char)((*c & ~(1 << (p & 7))) | (((v >> i) & 1) << (p & 7)));
    }
}

static void wr_record(Wr *w, unsigned width, uint64_t code, const U64Vec *ops) {
    wr_bits(w, 3, width);
    wr_vbr(w, code, 6);
    wr_vbr(w, ops->len, 6);
    for (size_t i = 0; i < ops->len; i++)
        wr_vbr(w, ops->v[i], 6);
}

/* ENTER_SUBBLOCK; returns where the length word is */
static size_t wr_enter(Wr *w, unsigned outer, unsigned id, unsigned inner) {
    wr_bits(w, 1, outer);
    wr_vbr(w, id, 8);
    wr_vbr(w, inner, 4);
    wr_align32(w);
    size_t at = w->pos;
    wr_bits(w, 0, 32);
    return at;
}

static void wr_exit(Wr *w, unsigned inner, size_t len_pos) {
    wr_bits(w, 0, inner);
    wr_align32(w);
    if (sb_status(w->out) == OK)
        wr_patch32(w, len_pos, (uint32_t)((w->pos - len_pos - 32) / 32));
}


static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The index of stack id id in the sorted table. */
static uint64_t stack_index(const U64Vec *table, uint64_t id) {
    const uint64_t *hit = bsearch(&id, table->v, table->len, sizeof id, cmp_u64);
    return hit ? (uint64_t)(hit - table->v) : 0;
}

#define PUSH(v)                                                                                    \
    do {                                                                                           \
        if (vec_push(&ops, (uint64_t)(v)) != OK)                                                   \
            goto oom;                                                                              \
    } while (0)

/* The offset of name in the string table, appended when it is not there. */
static uint64_t strtab_add(StrBuf *strtab, const char *name, size_t len) {
    for (size_t k = 0; len && k + len <= strtab->len; k++)
        if (!memcmp(strtab->buf + k, name, len))
            return k;
    size_t off = strtab->len;
    sb_add(strtab, name, len);
    return off;
}

/* CFI_FUNCTION_DEFS (17) and _DECLS (18) [(strtab offset, size)...] of s->cfis, when
 * there are any, the names appended to the string table. */
static Status write_cfis(Wr *w, const IrSummary *s, unsigned width, StrBuf *strtab) {
    U64Vec ops = {0};
    Status st = OK;
    for (int decl = 0; decl < 2 && st == OK; decl++) {
        ops.len = 0;
        for (size_t i = 0; i < s->cfis.len && st == OK; i++)
            if (s->cfis.v[i].decl == decl) {
                st = vec_push(&ops, strtab_add(strtab, s->cfis.v[i].name, s->cfis.v[i].len));
                if (st == OK)
                    st = vec_push(&ops, s->cfis.v[i].len);
            }
        if (st == OK && ops.len)
            wr_record(w, width, decl ? 18 : 17, &ops);
    }
    vec_release(&ops);
    return st;
}

/* Is guid a type test's or a virtual call's of a summary written (LLVM's combined writer
 * writes only the typeid entries they name)? */
static bool typeid_used(const IrSummary *s, const uint32_t *vid, uint64_t guid) {
    for (size_t i = 0; i < s->sums.len; i++) {
        const SumSummary *m = &s->sums.v[i];
        if (vid[m->gv] == UINT32_MAX)
            continue;
        for (size_t k = 0; k < m->type_tests.len; k++)
            if (m->type_tests.v[k] == guid)
                return true;
        for (size_t k = 0; k < m->vcalls.len; k++)
            if (m->vcalls.v[k].guid == guid)
                return true;
    }
    return false;
}

/* The records that come before a function's own: its typeIdInfo (TYPE_TESTS, the four
 * VCALLS lists) and its parameter accesses (PARAM_ACCESS [param, lo, hi, ncalls, (param,
 * callee value id, lo, hi)...]), into ops. A range bitcode cannot hold, and in a
 * combined index a callee without a value id (UINT32_MAX: no summary), are refused
 * (E_SEMANTIC, why). */
static Status write_fn_info(Wr *w, unsigned SW, const SumSummary *m, const uint32_t *vid,
                            bool combined, U64Vec *opsp, char *why, size_t nwhy) {
#define OPUSH(v)                                                                                   \
    do {                                                                                           \
        if (vec_push(opsp, (uint64_t)(v)) != OK)                                                   \
            return E_NOMEM;                                                                        \
    } while (0)
    if (m->type_tests.len) {
        opsp->len = 0;
        for (size_t k = 0; k < m->type_tests.len; k++)
            OPUSH(m->type_tests.v[k]);
        wr_record(w, SW, 11, opsp);
    }
    for (int kind = SUM_TT_ASSUME_VCALLS; kind <= SUM_TC_LOAD_VCALLS; kind++) {
        opsp->len = 0;
        for (size_t k = 0; k < m->vcalls.len; k++)
            if (m->vcalls.v[k].kind == (SumVCallKind)kind) {
                OPUSH(m->vcalls.v[k].guid);
                OPUSH(m->vcalls.v[k].offset);
            }
        if (opsp->len)
            wr_record(w, SW, kind == SUM_TT_ASSUME_VCALLS ? 12 : 13, opsp);
    }
    for (size_t k = 0; k < m->vcalls.len; k++) {
        const SumVCall *c = &m->vcalls.v[k];
        if (c->kind < SUM_TT_ASSUME_CONST_VCALLS)
            continue;
        opsp->len = 0;
        OPUSH(c->guid);
        OPUSH(c->offset);
        for (size_t a = 0; a < c->nargs; a++)
            OPUSH(m->vargs.v[c->first_arg + a]);
        wr_record(w, SW, c->kind == SUM_TT_ASSUME_CONST_VCALLS ? 14 : 15, opsp);
    }
    if (!m->params.len)
        return OK;
    opsp->len = 0;
    for (size_t k = 0; k < m->params.len; k++) {
        const SumParam *p = &m->params.v[k];
        uint64_t lo, hi;
        if (!range_to_bits(p->first, p->last, &lo, &hi))
            goto badrange;
        OPUSH(p->param);
        OPUSH(rotate(lo));
        OPUSH(rotate(hi));
        OPUSH(p->ncalls);
        for (size_t c = 0; c < p->ncalls; c++) {
            const SumParamCall *pc = &m->pcalls.v[p->first_call + c];
            if (!range_to_bits(pc->first, pc->last, &lo, &hi))
                goto badrange;
            if (combined && vid[pc->gv] == UINT32_MAX) {
                snprintf(why, nwhy, "a parameter access passed to a value without a "
                                    "summary, in a combined index");
                return E_SEMANTIC;
            }
            OPUSH(pc->param);
            OPUSH(vid[pc->gv]);
            OPUSH(rotate(lo));
            OPUSH(rotate(hi));
        }
    }
    wr_record(w, SW, 25, opsp);
    return OK;
#undef OPUSH
badrange:
    snprintf(why, nwhy, "a parameter access range that LLVM's text cannot express (full or "
                        "wrapped)");
    return E_SEMANTIC;
}

/* A combined index into the module block of an empty module at w (abbreviation width
 * mod_w): the module path table (MODULE_STRTAB_BLOCK: MST_CODE_ENTRY [modid, path],
 * MST_CODE_HASH), then the summary block: VERSION, FLAGS, VALUE_GUID [vid, guid] of each
 * value with summaries (value ids from 0), the typeIdInfo and parameter access records of
 * each function before its COMBINED_PROFILE [vid, modid, flags, insts, fflags, 0, nrefs,
 * nro, nwo, refs, (callee, hotness | tail << 3)...], COMBINED_GLOBALVAR_INIT_REFS [vid,
 * modid, flags, varflags, refs], COMBINED_ALIAS [vid, modid, flags, aliasee] (last),
 * TYPE_ID of the typeid entries a written summary names, TYPE_ID_METADATA, BLOCK_COUNT.
 * As LLVM's combined writer: call edges and refs to values without a summary, relative
 * block frequencies and vTableFuncs are not written. */
static Status write_combined(Wr *w, const IrSummary *s, unsigned mod_w, const uint32_t *vid,
                             StrBuf *strtab, char *why, size_t nwhy) {
    U64Vec ops = {0}, stacks = {0};
    Status st = OK;
    size_t lp = wr_enter(w, mod_w, 19, 3);
    for (size_t i = 0; i < s->mods.len; i++) {
        const SumModule *md = &s->mods.v[i];
        ops.len = 0;
        PUSH(i);
        for (const char *c = md->path; *c; c++)
            PUSH((uint8_t)*c);
        wr_record(w, 3, 1, &ops);
        ops.len = 0;
        for (int k = 0; k < 5; k++)
            PUSH(md->hash[k]);
        wr_record(w, 3, 2, &ops);
    }
    wr_exit(w, 3, lp);
    const unsigned SW = 4;
    lp = wr_enter(w, mod_w, s->full_lto ? 24 : 20, SW);
    ops.len = 0;
    PUSH(10);
    wr_record(w, SW, 10, &ops);
    ops.len = 0;
    PUSH(s->flags);
    wr_record(w, SW, 20, &ops);
    for (size_t i = 0; i < s->gvs.len; i++)
        if (vid[i] != UINT32_MAX) {
            ops.len = 0;
            PUSH(vid[i]);
            PUSH(s->gvs.v[i].guid);
            wr_record(w, SW, 16, &ops);
        }
    /* the stack ids of the memory profile records, once each, in numeric order */
    for (size_t i = 0; i < s->sums.len; i++)
        for (size_t k = 0; k < s->sums.v[i].stack_ids.len; k++)
            if (vec_push(&stacks, s->sums.v[i].stack_ids.v[k]) != OK)
                goto oom;
    if (stacks.len) {
        qsort(stacks.v, stacks.len, sizeof *stacks.v, cmp_u64);
        size_t u = 1;
        for (size_t k = 1; k < stacks.len; k++)
            if (stacks.v[k] != stacks.v[u - 1])
                stacks.v[u++] = stacks.v[k];
        stacks.len = u;
        wr_record(w, SW, 30, &stacks);
    }
    for (size_t j = 0; j < 2 * s->sums.len; j++) {
        const SumSummary *m = &s->sums.v[j % s->sums.len];
        if ((m->kind == SUM_ALIAS) != (j >= s->sums.len))
            continue;
        /* COMBINED_CALLSITE_INFO [callee, nstack, nclones, stack index..., clone...] and
         * COMBINED_ALLOC_INFO [nmib, nversions, (type, n, stack index...)..., version...],
         * before their function's record */
        for (size_t k = 0; k < m->callsites.len; k++) {
            const SumCallsite *c = &m->callsites.v[k];
            if (vid[c->gv] == UINT32_MAX) {
                snprintf(why, nwhy, "a memory profile callsite calling a value without a "
                                    "summary, in a combined index");
                st = E_SEMANTIC;
                goto done;
            }
            ops.len = 0;
            PUSH(vid[c->gv]);
            PUSH(c->nids);
            PUSH(c->nclones);
            for (size_t a = 0; a < c->nids; a++)
                PUSH(stack_index(&stacks, m->stack_ids.v[c->first_id + a]));
            for (size_t a = 0; a < c->nclones; a++)
                PUSH(m->clones.v[c->first_clone + a]);
            wr_record(w, SW, 28, &ops);
        }
        for (size_t k = 0; k < m->mibs.len;) {
            size_t end = k;
            while (end < m->mibs.len && m->mibs.v[end].alloc == m->mibs.v[k].alloc)
                end++;
            const SumMib *first = &m->mibs.v[k];
            ops.len = 0;
            PUSH(end - k);
            PUSH(first->nvers);
            for (; k < end; k++) {
                const SumMib *mib = &m->mibs.v[k];
                PUSH(mib->type);
                PUSH(mib->nids);
                for (size_t a = 0; a < mib->nids; a++)
                    PUSH(stack_index(&stacks, m->stack_ids.v[mib->first_id + a]));
            }
            for (size_t a = 0; a < first->nvers; a++)
                PUSH(m->versions.v[first->first_ver + a]);
            wr_record(w, SW, 29, &ops);
        }
        st = write_fn_info(w, SW, m, vid, true, &ops, why, nwhy);
        if (st != OK)
            goto done;
        ops.len = 0;
        PUSH(vid[m->gv]);
        PUSH(m->module);
        PUSH(get_flags(m));
        uint64_t code;
        if (m->kind == SUM_FUNCTION) {
            size_t n[3] = {0, 0, 0};
            uint8_t last = 0;
            for (size_t k = 0; k < m->refs.len; k++) {
                uint8_t a = m->refs.v[k].access;
                if (a < last) {
                    snprintf(why, nwhy, "refs that are not plain, then readonly, then "
                                        "writeonly, the only order bitcode can hold");
                    st = E_SEMANTIC;
                    goto done;
                }
                last = a;
                n[a % 3] += vid[m->refs.v[k].gv] != UINT32_MAX;
            }
            code = 5;
            PUSH(m->insts);
            PUSH(m->fflags);
            PUSH(0); /* the entry count */
            PUSH(n[0] + n[1] + n[2]);
            PUSH(n[1]);
            PUSH(n[2]);
            for (size_t k = 0; k < m->refs.len; k++)
                if (vid[m->refs.v[k].gv] != UINT32_MAX)
                    PUSH(vid[m->refs.v[k].gv]);
            for (size_t k = 0; k < m->calls.len; k++)
                if (vid[m->calls.v[k].gv] != UINT32_MAX) {
                    PUSH(vid[m->calls.v[k].gv]);
                    PUSH(m->calls.v[k].hotness | (uint64_t)m->calls.v[k].tail << 3);
                }
        } else if (m->kind == SUM_VARIABLE) {
            code = 6;
            PUSH(m->varflags | m->vcall_visibility << 3);
            for (size_t k = 0; k < m->refs.len; k++)
                if (vid[m->refs.v[k].gv] != UINT32_MAX)
                    PUSH(vid[m->refs.v[k].gv]);
        } else {
            code = 8;
            if (vid[m->aliasee] == UINT32_MAX) {
                snprintf(why, nwhy, "an alias whose aliasee has no summary, in a combined "
                                    "index");
                st = E_SEMANTIC;
                goto done;
            }
            PUSH(vid[m->aliasee]);
        }
        wr_record(w, SW, code, &ops);
    }
    for (size_t i = 0; i < s->typeids.len; i++) {
        const SumTid *t = &s->typeids.v[i];
        if (!typeid_used(s, vid, ir_summary_guid(t->name, t->name_len)))
            continue;
        ops.len = 0;
        PUSH(strtab_add(strtab, t->name, t->name_len));
        PUSH(t->name_len);
        PUSH(t->kind);
        PUSH(t->size_m1_bit_width);
        PUSH(t->align_log2);
        PUSH(t->size_m1);
        PUSH(t->bit_mask);
        PUSH(t->inline_bits);
        for (size_t k = 0; k < t->wpds.len; k++) {
            const SumWpd *wp = &t->wpds.v[k];
            PUSH(wp->offset);
            PUSH(wp->kind);
            PUSH(wp->impl ? strtab_add(strtab, wp->impl, wp->impl_len) : 0);
            PUSH(wp->impl ? wp->impl_len : 0);
            PUSH(wp->nbyargs);
            for (size_t a = 0; a < wp->nbyargs; a++) {
                const SumByArg *b = &t->byargs.v[wp->first_byarg + a];
                PUSH(b->nargs);
                for (size_t v = 0; v < b->nargs; v++)
                    PUSH(t->args.v[b->first_arg + v]);
                PUSH(b->kind);
                PUSH(b->info);
                PUSH(b->byte);
                PUSH(b->bit);
            }
        }
        wr_record(w, SW, 21, &ops);
    }
    st = write_cfis(w, s, SW, strtab);
    if (st != OK)
        goto done;
    for (size_t i = 0; i < s->tids.len; i++) {
        const SumTypeId *t = &s->tids.v[i];
        ops.len = 0;
        PUSH(strtab_add(strtab, t->name, t->name_len));
        PUSH(t->name_len);
        for (size_t k = 0; k < t->vts.len; k++) {
            if (vid[t->vts.v[k].gv] == UINT32_MAX)
                continue;
            PUSH(t->vts.v[k].offset);
            PUSH(vid[t->vts.v[k].gv]);
        }
        wr_record(w, SW, 22, &ops);
    }
    if (s->blockcount) {
        ops.len = 0;
        PUSH(s->blockcount);
        wr_record(w, SW, 24, &ops);
    }
    wr_exit(w, SW, lp);
    goto done;
oom:
    st = E_NOMEM;
done:
    vec_release(&ops);
    vec_release(&stacks);
    return st;
}

/* A string table block (STRTAB_BLOCK, 23) holding strtab, at the top level. */
static void write_strtab(Wr *w, const StrBuf *strtab) {
    size_t lp = wr_enter(w, 2, 23, 3);
    wr_bits(w, 2, 3); /* DEFINE_ABBREV [literal 1, blob] */
    wr_vbr(w, 2, 5);
    wr_bits(w, 1, 1);
    wr_vbr(w, 1, 8);
    wr_bits(w, 0, 1);
    wr_bits(w, 5, 3);
    wr_bits(w, 4, 3); /* the record */
    wr_vbr(w, strtab->len, 6);
    wr_align32(w);
    for (size_t k = 0; k < strtab->len; k++)
        wr_bits(w, (uint8_t)strtab->buf[k], 8);
    wr_align32(w);
    wr_exit(w, 3, lp);
}

/* A combined index alone, as LLVM's writeIndexToFile writes one (llvm-as-19 of text whose
 * module has no function and no global variable): the magic, a module block with VERSION
 * 2 and the index (write_combined), the string table. Value ids go to the values with
 * summaries, as LLVM's combined writer gives them. */
static Status write_index_file(const IrSummary *s, StrBuf *out, char *why, size_t nwhy) {
    uint32_t *vid = mem_calloc(s->gvs.len ? s->gvs.len : 1, sizeof *vid);
    StrBuf strtab = SB_INIT;
    U64Vec ops = {0};
    if (!vid)
        return E_NOMEM;
    uint32_t next = 0;
    for (size_t i = 0; i < s->gvs.len; i++)
        vid[i] = s->gvs.v[i].nsums ? next++ : UINT32_MAX;
    Wr w = {out, 0};
    sb_reset(out);
    static const uint8_t magic[4] = {'B', 'C', 0xC0, 0xDE};
    for (int i = 0; i < 4; i++)
        wr_bits(&w, magic[i], 8);
    size_t lp = wr_enter(&w, 2, 8, 3);
    Status st = vec_push(&ops, 2);
    if (st == OK) {
        wr_record(&w, 3, 1, &ops); /* VERSION 2: relative value ids, string table */
        st = write_combined(&w, s, 3, vid, &strtab, why, nwhy);
    }
    if (st == OK) {
        wr_exit(&w, 3, lp);
        write_strtab(&w, &strtab);
        if (sb_status(out) != OK || sb_status(&strtab) != OK)
            st = E_NOMEM;
    }
    vec_release(&ops);
    sb_release(&strtab);
    mem_free(vid);
    return st;
}

Status ir_summary_splice(const IrSummary *s, const void *bc, size_t size, StrBuf *out,
                         char *why, size_t nwhy) {
    if (s->combined)
        return write_index_file(s, out, why, nwhy);
    BcInfo bi;
    Status st = bc_read(&bi, bc, size);
    NameIx *ix = NULL;
    uint32_t *vid = NULL;
    U64Vec ops = {0}, stacks = {0};
    StrBuf strtab = SB_INIT;
    if (st != OK)
        goto done;
    if (bi.bad || bi.summary || !bi.strtab_start || memcmp(bc, "BC\xC0\xDE", 4) != 0) {
        snprintf(why, nwhy, "the bitcode LLVM wrote is not laid out as expected");
        st = E_SEMANTIC;
        goto done;
    }
    /* names → value ids */
    size_t ng = bi.gv_off.len;
    ix = mem_calloc(ng ? ng : 1, sizeof *ix);
    vid = mem_calloc(s->gvs.len ? s->gvs.len : 1, sizeof *vid);
    if (!ix || !vid)
        goto oom;
    for (size_t i = 0; i < ng; i++) {
        if (bi.gv_off.v[i] > bi.strtab_len || bi.gv_len.v[i] > bi.strtab_len - bi.gv_off.v[i]) {
            snprintf(why, nwhy, "a global's name is outside the string table");
            st = E_SEMANTIC;
            goto done;
        }
        ix[i] = (NameIx){(const char *)bi.strtab + bi.gv_off.v[i], (size_t)bi.gv_len.v[i],
                         (uint32_t)i};
    }
    qsort(ix, ng, sizeof *ix, cmp_nameix);
    /* the values known by their GUID only: value ids past the module's globals (LLVM's
     * writer numbers them past all its module-level values; its reader maps only these) */
    uint32_t next_vid = (uint32_t)ng;
    for (size_t i = 0; i < s->gvs.len; i++) {
        if (!s->gvs.v[i].name) {
            vid[i] = next_vid++;
            continue;
        }
        NameIx key = {s->gvs.v[i].name, s->gvs.v[i].name_len, 0};
        NameIx *hit = bsearch(&key, ix, ng, sizeof *ix, cmp_nameix);
        if (!hit) {
            snprintf(why, nwhy, "the summary's gv entry `%.*s` is no global value of the module",
                     (int)(s->gvs.v[i].name_len > 200 ? 200 : s->gvs.v[i].name_len),
                     s->gvs.v[i].name);
            st = E_SEMANTIC;
            goto done;
        }
        vid[i] = hit->vid;
    }
    sb_add(&strtab, bi.strtab, bi.strtab_len);

    const uint8_t *src = bc;
    Wr w = {out, 0};
    sb_reset(out);
    size_t at = bi.vst_start ? bi.vst_start : bi.mod_end;
    wr_copy(&w, src, 0, at);
    /* the summary block */
    const unsigned SW = 4;
    size_t len_pos = wr_enter(&w, bi.mod_w, s->full_lto ? 24 : 20, SW);
    ops.len = 0;
    PUSH(10);
    wr_record(&w, SW, 10, &ops);
    ops.len = 0;
    PUSH(s->flags);
    wr_record(&w, SW, 20, &ops);
    for (size_t i = 0; i < s->gvs.len; i++)
        if (!s->gvs.v[i].name) {
            ops.len = 0;
            PUSH(vid[i]);
            PUSH(s->gvs.v[i].guid);
            wr_record(&w, SW, 16, &ops);
        }
    /* the stack ids of the memory profile records, once each, in numeric order (llvm-dis
     * prints the ids, not their indexes into this table) */
    for (size_t i = 0; i < s->sums.len; i++)
        for (size_t k = 0; k < s->sums.v[i].stack_ids.len; k++)
            if (vec_push(&stacks, s->sums.v[i].stack_ids.v[k]) != OK)
                goto oom;
    if (stacks.len) {
        qsort(stacks.v, stacks.len, sizeof *stacks.v, cmp_u64);
        size_t u = 1;
        for (size_t k = 1; k < stacks.len; k++)
            if (stacks.v[k] != stacks.v[u - 1])
                stacks.v[u++] = stacks.v[k];
        stacks.len = u;
        wr_record(&w, SW, 30, &stacks);
    }
    /* aliases last: LLVM's reader needs an alias's aliasee summary read before it */
    for (size_t j = 0; j < 2 * s->sums.len; j++) {
        const SumSummary *m = &s->sums.v[j % s->sums.len];
        if ((m->kind == SUM_ALIAS) != (j >= s->sums.len))
            continue;
        /* the typeIdInfo records come before their function's record */
        st = write_fn_info(&w, SW, m, vid, false, &ops, why, nwhy);
        if (st != OK)
            goto done;
        for (size_t k = 0; k < m->callsites.len; k++) {
            const SumCallsite *c = &m->callsites.v[k];
            ops.len = 0;
            PUSH(vid[c->gv]);
            for (size_t a = 0; a < c->nids; a++)
                PUSH(stack_index(&stacks, m->stack_ids.v[c->first_id + a]));
            wr_record(&w, SW, 26, &ops);
        }
        for (size_t k = 0; k < m->mibs.len;) {
            size_t end = k;
            while (end < m->mibs.len && m->mibs.v[end].alloc == m->mibs.v[k].alloc)
                end++;
            ops.len = 0;
            PUSH(end - k);
            for (; k < end; k++) {
                const SumMib *mib = &m->mibs.v[k];
                PUSH(mib->type);
                PUSH(mib->nids);
                for (size_t a = 0; a < mib->nids; a++)
                    PUSH(stack_index(&stacks, m->stack_ids.v[mib->first_id + a]));
            }
            wr_record(&w, SW, 27, &ops);
        }
        ops.len = 0;
        PUSH(vid[m->gv]);
        PUSH(get_flags(m));
        size_t nro = 0, nwo = 0;
        uint8_t last = 0;
        for (size_t k = 0; k < m->refs.len; k++) {
            uint8_t a = m->refs.v[k].access;
            if (a < last) {
                snprintf(why, nwhy, "the refs of `%.*s` are not plain, then readonly, then "
                         "writeonly, the only order bitcode can hold",
                         (int)s->gvs.v[m->gv].name_len, s->gvs.v[m->gv].name);
                st = E_SEMANTIC;
                goto done;
            }
            last = a;
            nro += a == 1;
            nwo += a == 2;
        }
        uint64_t code;
        if (m->kind == SUM_FUNCTION) {
            /* hotness (PERMODULE_PROFILE) or relative block frequencies (_RELBF): a
             * record holds one or the other, as LLVM's writer writes one or the other */
            bool relbf = false, hot = false;
            for (size_t k = 0; k < m->calls.len; k++) {
                relbf = relbf || m->calls.v[k].relbf;
                hot = hot || m->calls.v[k].hotness;
            }
            relbf = relbf && !hot;
            code = relbf ? 19 : 2;
            PUSH(m->insts);
            PUSH(m->fflags);
            PUSH(m->refs.len);
            PUSH(nro);
            PUSH(nwo);
            for (size_t k = 0; k < m->refs.len; k++)
                PUSH(vid[m->refs.v[k].gv]);
            for (size_t k = 0; k < m->calls.len; k++) {
                PUSH(vid[m->calls.v[k].gv]);
                if (relbf)
                    PUSH(m->calls.v[k].relbf | (uint64_t)m->calls.v[k].tail << 28);
                else
                    PUSH(m->calls.v[k].hotness | (uint64_t)m->calls.v[k].tail << 3);
            }
        } else if (m->kind == SUM_VARIABLE) {
            code = m->vfuncs.len ? 23 : 3;
            PUSH(m->varflags | m->vcall_visibility << 3);
            if (m->vfuncs.len)
                PUSH(m->refs.len);
            for (size_t k = 0; k < m->refs.len; k++)
                PUSH(vid[m->refs.v[k].gv]);
            for (size_t k = 0; k < m->vfuncs.len; k++) {
                PUSH(vid[m->vfuncs.v[k].gv]);
                PUSH(m->vfuncs.v[k].offset);
            }
        } else {
            code = 7;
            PUSH(vid[m->aliasee]);
        }
        wr_record(&w, SW, code, &ops);
    }
    for (size_t i = 0; i < s->tids.len; i++) {
        const SumTypeId *t = &s->tids.v[i];
        ops.len = 0;
        size_t off = strtab.len;
        for (size_t k = 0; t->name_len && k + t->name_len <= strtab.len; k++)
            if (!memcmp(strtab.buf + k, t->name, t->name_len)) {
                off = k;
                break;
            }
        if (off == strtab.len)
            sb_add(&strtab, t->name, t->name_len);
        PUSH(off);
        PUSH(t->name_len);
        for (size_t k = 0; k < t->vts.len; k++) {
            PUSH(t->vts.v[k].offset);
            PUSH(vid[t->vts.v[k].gv]);
        }
        wr_record(&w, SW, 22, &ops);
    }
    if (write_cfis(&w, s, SW, &strtab) != OK)
        goto oom;
    if (s->blockcount) {
        ops.len = 0;
        PUSH(s->blockcount);
        wr_record(&w, SW, 24, &ops);
    }
    wr_exit(&w, SW, len_pos);
    if (bi.vst_start) {
        size_t new_vst = w.pos;
        wr_copy(&w, src, bi.vst_start, bi.vst_end);
        if (bi.vstoff_pos) {
            Rd t = {src, bi.nbits, bi.vstoff_pos, false};
            uint64_t old = rd_fixed(&t, 32);
            if (sb_status(out) == OK)
                wr_patch32(&w, bi.vstoff_pos, (uint32_t)(old + (new_vst - bi.vst_start) / 32));
        }
        /* what follows the VST up to the END_BLOCK */
        wr_copy(&w, src, bi.vst_end, bi.mod_end);
    }
    bool hash = false;
    for (int i = 0; i < 5 && s->mods.len; i++)
        hash = hash || s->mods.v[0].hash[i];
    if (hash) {
        ops.len = 0;
        for (int i = 0; i < 5; i++)
            PUSH(s->mods.v[0].hash[i]);
        wr_record(&w, bi.mod_w, 17, &ops);
    }
    wr_bits(&w, 0, bi.mod_w);
    wr_align32(&w);
    if (sb_status(out) == OK)
        wr_patch32(&w, bi.mod_len_pos, (uint32_t)((w.pos - bi.mod_content) / 32));
    /* the rest, with the string table written again when it grew */
    if (strtab.len == bi.strtab_len) {
        wr_copy(&w, src, bi.mod_after, bi.nbits);
    } else {
        wr_copy(&w, src, bi.mod_after, bi.strtab_start);
        write_strtab(&w, &strtab);
        wr_copy(&w, src, bi.strtab_after, bi.nbits);
    }
    if (sb_status(out) != OK || sb_status(&strtab) != OK)
        goto oom;
    goto done;
oom:
    st = E_NOMEM;
done:
    vec_release(&ops);
    vec_release(&stacks);
    sb_release(&strtab);
    mem_free(ix);
    mem_free(vid);
    bc_release(&bi);
    return st;
}
