/*
 * ir_const.c — constants: their ids (llvm-dis's spelling of `<type> <value>`) and their
 * relations (rel/const.def, and constant/constant_type/constant_kind of core.def).
 *
 * Owns: every constant that is not a global value. Globals keep the ids ir_ids.c gives
 * them (@name); inside a constant's text they are written `<type> @name`, as llvm-dis
 * does.
 *
 * Invariants:
 *  - Each constant is built once: its id is memoised in c->value_ids (LLVM uniques
 *    constants, so equal constants are one LLVMValueRef and share one id). The entry's
 *    low 32 bits are the id's Sym; bits 32/33 record whether it is or contains undef /
 *    poison. A constant's relations are emitted exactly when its id is created, after
 *    those of its elements and operands.
 *  - Linear: a constant's text is built from its children's memoised ids, never by
 *    re-rendering them; children are visited with an explicit stack (no recursion, so
 *    deep constant expressions cannot overflow the C stack).
 *  - Never LLVMPrintValueToString for building ids. Three facts the C API cannot reach
 *    are read from the printed text of that one constant: whether an
 *    InstructionValueKind constant is dso_local_equivalent or no_cfi, the inrange(lo,
 *    hi) of a GEP, and the bits of a ppc_fp128. A constant belongs to no module, so
 *    printing it costs the size of that constant only, never the module's (measured:
 *    0.3 µs for `dso_local_equivalent @f`, 1 µs for an inrange GEP, in a module of
 *    200k globals and 2k struct types).
 *  - Exact values without the truncating getters: integers wider than 64 bits are read
 *    64 bits at a time by folding `lshr` (through an unpositioned IRBuilder: the folder
 *    returns a ConstantInt and inserts nothing) and `trunc` to i64; floating-point bits
 *    come from folding `bitcast` to iN (every FP type except ppc_fp128, see above).
 *  - Blocks named by blockaddress get ids @f:%name / @f:%N numbered by llvm-dis's slot
 *    rule for their own function (which need not be the function being walked); they
 *    are memoised in c->value_ids under the block's value.
 *
 * Setting IRLOG_CHECK_CONSTANTS=1 in the environment compares every id with LLVM's own
 * printing of that constant and warns on a difference (a testing aid; see
 * docs/constants.md).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ir_int.h"

#define CF_UNDEF (1ull << 32)
#define CF_POISON (1ull << 33)
#define CF_LONG (1ull << 34) /* the id is the short form `<type> <kind>#N` */
#define CF_MASK (CF_UNDEF | CF_POISON | CF_LONG)

/* Longest value text written out in full. A longer constant (or one with such a
 * constant inside) gets the id `<type> <kind>#N` instead, N counting these from 0 in
 * order of discovery: without a bound, ids that spell their elements would make the
 * output quadratic (every element row repeats its aggregate's id; every level of a
 * nested expression repeats the levels below). With the bound, an aggregate's element
 * rows cost at most ~CONST_TEXT_MAX/4 times its printed size. */
#define CONST_TEXT_MAX 256

/* The counter of short ids lives in c->value_ids under the address of this object
 * (no LLVMValueRef can have it). */
static const char long_counter_key;

typedef struct ConstWalk {
    IrCtx *c;
    StrBuf sb;            /* text of the constant being built */
    StrBuf tmp;           /* number formatting */
    LLVMBuilderRef bld;   /* folding builder, created on first need */
    Vec(LLVMValueRef) stack;
    Vec(uint64_t) words;  /* integer bits, little-endian 64-bit words */
    int check;            /* IRLOG_CHECK_CONSTANTS */
} ConstWalk;

static char *print_constant(LLVMValueRef v);

/* ---- memo ---- */

static bool memo_get(IrCtx *c, LLVMValueRef v, const char **id, uint64_t *flags) {
    uint64_t k;
    if (!map_get(&c->value_ids, (uint64_t)(uintptr_t)v, &k))
        return false;
    if (id)
        *id = intern_str(&c->ids, (Sym)(k & 0xffffffffu));
    if (flags)
        *flags = k & CF_MASK;
    return true;
}

/* A child that needs building first: a constant, not a global value, not yet known. */
static bool needs_build(IrCtx *c, LLVMValueRef v) {
    return v && LLVMIsAConstant(v) && !LLVMIsAGlobalValue(v) && !memo_get(c, v, NULL, NULL);
}

static bool is_dso_or_nocfi(LLVMValueRef v) {
    return LLVMGetValueKind(v) == LLVMInstructionValueKind && !LLVMIsAInstruction(v);
}

static bool is_vector_type(LLVMTypeRef t) {
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMVectorTypeKind || k == LLVMScalableVectorTypeKind;
}

/* Number of element rows of an aggregate constant (0 when it has none). */
static unsigned n_elements(LLVMValueRef v) {
    switch (LLVMGetValueKind(v)) {
    case LLVMConstantArrayValueKind:
    case LLVMConstantStructValueKind:
    case LLVMConstantVectorValueKind: return (unsigned)LLVMGetNumOperands(v);
    case LLVMConstantDataArrayValueKind:
        return (unsigned)LLVMGetArrayLength2(LLVMTypeOf(v));
    case LLVMConstantDataVectorValueKind: return LLVMGetVectorSize(LLVMTypeOf(v));
    default: return 0;
    }
}

static LLVMValueRef element(LLVMValueRef v, unsigned i) {
    LLVMValueKind k = LLVMGetValueKind(v);
    if (k == LLVMConstantDataArrayValueKind || k == LLVMConstantDataVectorValueKind)
        return LLVMGetAggregateElement(v, i);
    return LLVMGetOperand(v, i);
}

/* The scalar of a vector-typed ConstantInt/ConstantFP (llvm-dis: splat (T v)). */
static LLVMValueRef splat_scalar(LLVMValueRef v) {
    return LLVMGetAggregateElement(v, 0);
}

/* Calls f(ctx, child) for each constant child of v, in operand order. */
typedef void (*ChildFn)(ConstWalk *w, LLVMValueRef ch);
static void for_children(ConstWalk *w, LLVMValueRef v, ChildFn f) {
    LLVMValueKind k = LLVMGetValueKind(v);
    switch (k) {
    case LLVMConstantArrayValueKind:
    case LLVMConstantStructValueKind:
    case LLVMConstantVectorValueKind:
    case LLVMConstantDataArrayValueKind:
    case LLVMConstantDataVectorValueKind: {
        if (k == LLVMConstantDataArrayValueKind && LLVMIsConstantString(v))
            return; /* strings have no element rows */
        unsigned n = n_elements(v);
        for (unsigned i = 0; i < n; i++)
            f(w, element(v, i));
        return;
    }
    case LLVMConstantExprValueKind:
    case LLVMConstantPtrAuthValueKind: {
        int n = LLVMGetNumOperands(v);
        for (int i = 0; i < n; i++)
            f(w, LLVMGetOperand(v, i));
        return;
    }
    case LLVMConstantIntValueKind:
    case LLVMConstantFPValueKind:
        if (is_vector_type(LLVMTypeOf(v)))
            f(w, splat_scalar(v));
        return;
    default:
        if (is_dso_or_nocfi(v) && LLVMGetNumOperands(v) == 1)
            f(w, LLVMGetOperand(v, 0));
        return;
    }
}

/* ---- text helpers ---- */

/* Appends `<type> <value>` of an element or operand. */
static void add_operand(ConstWalk *w, StrBuf *sb, LLVMValueRef op) {
    IrCtx *c = w->c;
    if (!op) {
        sb_adds(sb, "<null operand>");
        return;
    }
    if (LLVMIsAGlobalValue(op)) {
        sb_adds(sb, ir_type_id(c, LLVMTypeOf(op)));
        sb_addc(sb, ' ');
        sb_adds(sb, ir_value_id(c, op));
        return;
    }
    const char *id;
    if (memo_get(c, op, &id, NULL))
        sb_adds(sb, id);
    else
        sb_adds(sb, ir_value_id(c, op));
}

/* The Constant id of an element or operand (globals: @name). */
static const char *operand_id(ConstWalk *w, LLVMValueRef op) {
    const char *id;
    if (op && !LLVMIsAGlobalValue(op) && memo_get(w->c, op, &id, NULL))
        return id;
    return ir_value_id(w->c, op);
}

static uint64_t operand_flags(ConstWalk *w, LLVMValueRef op) {
    uint64_t f = 0;
    if (op && !LLVMIsAGlobalValue(op))
        memo_get(w->c, op, NULL, &f);
    return f;
}

static void add_hex(StrBuf *sb, uint64_t v, int digits) {
    static const char hx[] = "0123456789ABCDEF";
    for (int i = digits - 1; i >= 0; i--)
        sb_addc(sb, hx[(v >> (4 * i)) & 15]);
}

/* Upper-case hex of the low `bits` bits of words[], ceil(bits/4) digits, with 0x. */
static void add_hex_words(StrBuf *sb, const uint64_t *words, unsigned bits) {
    sb_adds(sb, "0x");
    unsigned digits = (bits + 3) / 4;
    for (unsigned d = digits; d-- > 0;) {
        unsigned bit = d * 4;
        add_hex(sb, (words[bit / 64] >> (bit % 64)) & 15, 1);
    }
}

/* Unsigned decimal of words[0..n) (destroyed). */
static void add_udec_words(StrBuf *sb, uint64_t *words, size_t n) {
    char buf[16];
    size_t start = sb->len;
    for (;;) {
        /* divide by 10^9 in 32-bit halves; r < 10^9, so (r << 32) | half fits */
        uint64_t r = 0;
        bool nonzero = false;
        for (size_t i = n; i-- > 0;) {
            uint64_t hi = ((r << 32) | (words[i] >> 32));
            uint64_t qh = hi / 1000000000u;
            r = hi % 1000000000u;
            uint64_t lo = ((r << 32) | (words[i] & 0xffffffffu));
            uint64_t ql = lo / 1000000000u;
            r = lo % 1000000000u;
            words[i] = (qh << 32) | ql;
            nonzero |= words[i] != 0;
        }
        /* the digits of r, least significant first (the whole is reversed at the end) */
        int nd = 0;
        do {
            buf[nd++] = (char)('0' + r % 10);
            r /= 10;
        } while (r);
        if (nonzero)
            while (nd < 9)
                buf[nd++] = '0';
        sb_add(sb, buf, (size_t)nd);
        if (!nonzero)
            break;
    }
    if (sb->oom)
        return;
    for (size_t i = start, j = sb->len - 1; i < j; i++, j--) {
        char t = sb->buf[i];
        sb->buf[i] = sb->buf[j];
        sb->buf[j] = t;
    }
}

/* ---- exact integer bits ---- */

static LLVMBuilderRef builder(ConstWalk *w) {
    if (!w->bld)
        w->bld = LLVMCreateBuilderInContext(w->c->llctx);
    return w->bld;
}

/* Reads the bits of integer constant v (scalar ConstantInt) into w->words. */
static bool int_words(ConstWalk *w, LLVMValueRef v) {
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = LLVMGetIntTypeWidth(t);
    size_t n = (bits + 63) / 64;
    w->words.len = 0;
    if (vec_reserve(&w->words, n) != OK) {
        ir_fail(w->c, E_NOMEM);
        return false;
    }
    if (bits <= 64) {
        w->words.v[w->words.len++] = LLVMConstIntGetZExtValue(v);
        return true;
    }
    LLVMTypeRef i64 = LLVMInt64TypeInContext(w->c->llctx);
    for (size_t k = 0; k < n; k++) {
        LLVMValueRef s = k ? LLVMBuildLShr(builder(w), v, LLVMConstInt(t, 64 * k, 0), "") : v;
        LLVMValueRef lo = s && LLVMIsAConstantInt(s) ? LLVMConstTrunc(s, i64) : NULL;
        if (!lo || !LLVMIsAConstantInt(lo))
            return false;
        w->words.v[w->words.len++] = LLVMConstIntGetZExtValue(lo);
    }
    unsigned top = bits % 64;
    if (top)
        w->words.v[n - 1] &= (1ull << top) - 1;
    return true;
}

static bool words_negative(const uint64_t *words, unsigned bits) {
    return (words[(bits - 1) / 64] >> ((bits - 1) % 64)) & 1;
}

/* Signed decimal of the integer in w->words (width bits) into sb. i1 is unsigned. */
static void add_int_decimal(ConstWalk *w, StrBuf *sb, unsigned bits) {
    size_t n = w->words.len;
    uint64_t tmp[4];
    uint64_t *x = n <= 4 ? tmp : mem_alloc(n * sizeof *x);
    if (!x) {
        ir_fail(w->c, E_NOMEM);
        return;
    }
    memcpy(x, w->words.v, n * sizeof *x);
    if (bits > 1 && words_negative(x, bits)) {
        /* two's complement negation within the width */
        unsigned carry = 1;
        for (size_t i = 0; i < n; i++) {
            x[i] = ~x[i] + carry;
            carry = carry && x[i] == 0;
        }
        if (bits % 64)
            x[n - 1] &= (1ull << (bits % 64)) - 1;
        sb_addc(sb, '-');
    }
    add_udec_words(sb, x, n);
    if (x != tmp)
        mem_free(x);
}

/* ---- floating point ---- */

/* Minimal big unsigned integer for llvm-dis's float formatting (32-bit limbs). */
typedef struct Big {
    uint32_t d[96]; /* enough for 2^1100 * 5^1100 < 2^3700 */
    int n;
} Big;

static void big_set(Big *b, uint64_t v) {
    b->n = 0;
    while (v) {
        b->d[b->n++] = (uint32_t)v;
        v >>= 32;
    }
}

static void big_mul_small(Big *b, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) {
        uint64_t cur = (uint64_t)b->d[i] * m + carry;
        b->d[i] = (uint32_t)cur;
        carry = cur >> 32;
    }
    if (carry && b->n < 96)
        b->d[b->n++] = (uint32_t)carry;
}

static uint32_t big_divmod_small(Big *b, uint32_t m) {
    uint64_t r = 0;
    for (int i = b->n; i-- > 0;) {
        uint64_t cur = (r << 32) | b->d[i];
        b->d[i] = (uint32_t)(cur / m);
        r = cur % m;
    }
    while (b->n && !b->d[b->n - 1])
        b->n--;
    return (uint32_t)r;
}

static void big_shl(Big *b, int s) {
    for (; s >= 32 && b->n < 96; s -= 32) {
        memmove(b->d + 1, b->d, (size_t)b->n * sizeof b->d[0]);
        b->d[0] = 0;
        b->n++;
    }
    if (s) {
        uint32_t carry = 0;
        for (int i = 0; i < b->n; i++) {
            uint32_t nv = (b->d[i] << s) | carry;
            carry = b->d[i] >> (32 - s);
            b->d[i] = nv;
        }
        if (carry && b->n < 96)
            b->d[b->n++] = carry;
    }
}

static unsigned big_active_bits(const Big *b) {
    if (!b->n)
        return 0;
    uint32_t top = b->d[b->n - 1];
    unsigned bits = 0;
    while (top) {
        bits++;
        top >>= 1;
    }
    return (unsigned)(b->n - 1) * 32 + bits;
}

/*
 * llvm-dis's decimal form of a finite float/double, APFloat::toString(Str, 6, 0, false)
 * step by step: the exact value sig * 2^exp as a decimal integer, cut to about 6
 * digits by truncation (AdjustToPrecision on the integer), then rounded half-up to 6
 * digits (AdjustToPrecision on the digits), printed as d.dddddde±XX. Writes into out
 * (at least 48 bytes).
 */
static void llvm_float_decimal(bool neg, uint64_t sig, int exp, char *out) {
    char *o = out;
    if (neg)
        *o++ = '-';
    if (sig == 0) {
        strcpy(o, "0.000000e+00");
        return;
    }
    while (!(sig & 1)) {
        sig >>= 1;
        exp++;
    }
    Big b;
    big_set(&b, sig);
    if (exp > 0) {
        big_shl(&b, exp);
        exp = 0;
    } else if (exp < 0) {
        for (int i = 0; i < -exp; i++)
            big_mul_small(&b, 5);
    }
    /* AdjustToPrecision(APInt): bitsRequired = (6 * 196 + 58) / 59 = 20 */
    unsigned bits = big_active_bits(&b);
    if (bits > 20) {
        unsigned tens = (bits - 20) * 59 / 196;
        exp += (int)tens;
        for (unsigned i = 0; i < tens; i++)
            big_divmod_small(&b, 10);
    }
    char buf[64]; /* digits, least significant first */
    int nd = 0;
    bool trail = true;
    while (b.n && nd < 64) {
        uint32_t d = big_divmod_small(&b, 10);
        if (trail && !d) {
            exp++;
        } else {
            buf[nd++] = (char)('0' + d);
            trail = false;
        }
    }
    /* AdjustToPrecision(buffer, 6) */
    if (nd > 6) {
        int first = nd - 6;
        if (buf[first - 1] < '5') {
            while (first < nd && buf[first] == '0')
                first++;
        } else {
            int i = first;
            for (; i < nd; i++) {
                if (buf[i] == '9') {
                    first++;
                } else {
                    buf[i]++;
                    break;
                }
            }
        }
        if (first == nd) {
            exp += first;
            buf[0] = '1';
            nd = 1;
        } else {
            exp += first;
            memmove(buf, buf + first, (size_t)(nd - first));
            nd -= first;
        }
    }
    exp += nd - 1;
    *o++ = buf[nd - 1];
    *o++ = '.';
    for (int i = nd - 2; i >= 0; i--)
        *o++ = buf[i];
    for (int i = nd - 1; i < 6; i++)
        *o++ = '0';
    snprintf(o, 16, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
}

/* The value text of a float or double with bits `raw` (float: low 32 bits). */
static void add_float_or_double(StrBuf *sb, uint64_t raw, bool is_double) {
    bool neg;
    int e, bias, mant_bits, emax;
    uint64_t frac;
    if (is_double) {
        neg = raw >> 63;
        e = (int)((raw >> 52) & 0x7ff);
        frac = raw & ((1ull << 52) - 1);
        bias = 1023, mant_bits = 52, emax = 0x7ff;
    } else {
        neg = (raw >> 31) & 1;
        e = (int)((raw >> 23) & 0xff);
        frac = raw & ((1ull << 23) - 1);
        bias = 127, mant_bits = 23, emax = 0xff;
    }
    if (e != emax) {
        uint64_t sig = e ? frac | (1ull << mant_bits) : frac;
        int exp = (e ? e : 1) - bias - mant_bits;
        char text[64];
        llvm_float_decimal(neg, sig, exp, text);
        double val;
        if (is_double) {
            memcpy(&val, &raw, sizeof val);
        } else {
            uint32_t r32 = (uint32_t)raw;
            float f;
            memcpy(&f, &r32, sizeof f);
            val = f;
        }
        if (strtod(text, NULL) == val) {
            sb_adds(sb, text);
            return;
        }
    }
    /* hex of the value as a double; a float is widened bit for bit (its NaN payload
     * moved up, a signalling NaN kept signalling), as llvm-dis does */
    uint64_t d = raw;
    if (!is_double) {
        if (e == 0xff) {
            d = ((uint64_t)neg << 63) | (0x7ffull << 52) | (frac << 29);
        } else {
            uint32_t r32 = (uint32_t)raw;
            float f;
            memcpy(&f, &r32, sizeof f);
            double x = f;
            memcpy(&d, &x, sizeof d);
        }
    }
    /* format_hex(d, 0, Upper): no leading zeros */
    int digits = 1;
    while (digits < 16 && (d >> (4 * digits)))
        digits++;
    sb_adds(sb, "0x");
    add_hex(sb, d, digits);
}

/* Float constant: appends the value text to sb, emits the value relations of id. */
static void build_float(ConstWalk *w, LLVMValueRef v, const char *id_pending, StrBuf *sb,
                        StrBuf *bits_out, bool *have_double, double *dval) {
    IrCtx *c = w->c;
    LLVMTypeRef t = LLVMTypeOf(v);
    LLVMTypeKind k = LLVMGetTypeKind(t);
    (void)id_pending;
    LLVMBool loses;
    *dval = LLVMConstRealGetDouble(v, &loses);
    *have_double = isfinite(*dval);
    unsigned width = k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind ? 16
                     : k == LLVMFloatTypeKind                        ? 32
                     : k == LLVMDoubleTypeKind                       ? 64
                     : k == LLVMX86_FP80TypeKind                     ? 80
                                                                     : 128;
    uint64_t wd[2] = {0, 0};
    if (k == LLVMPPC_FP128TypeKind) {
        /* LLVM folds no bitcast of ppc_fp128 (its layout depends on the target), and
         * arithmetic cannot tell a low double of -0.0 from +0.0, nor read the low
         * double under a NaN or infinite high one: read the 0xM digits of LLVM's own
         * printing of this constant (a constant has no module: cheap, see above). */
        char *p = print_constant(v);
        const char *m = p ? strstr(p, " 0xM") : NULL;
        bool ok = m && strlen(m) >= 4 + 32;
        for (int i = 0; ok && i < 32; i++) {
            char ch = m[4 + i];
            int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
            if (d < 0)
                ok = false;
            else
                wd[i / 16] = (wd[i / 16] << 4) | (uint64_t)d;
        }
        LLVMDisposeMessage(p);
        if (!ok)
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "the bits of a ppc_fp128 constant could not be read");
    } else {
        LLVMValueRef iv = LLVMConstBitCast(v, LLVMIntTypeInContext(c->llctx, width));
        if (iv && LLVMIsAConstantInt(iv) && int_words(w, iv)) {
            for (size_t i = 0; i < w->words.len && i < 2; i++)
                wd[i] = w->words.v[i];
        } else {
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "the bits of a %u-bit floating-point constant could not be read", width);
        }
    }
    /* exact bits, as LLVM's bitcast to iN */
    sb_reset(bits_out);
    if (k == LLVMPPC_FP128TypeKind) {
        uint64_t as_int[2] = {wd[0], wd[1]};
        add_hex_words(bits_out, as_int, 128);
    } else {
        add_hex_words(bits_out, wd, width);
    }
    switch (k) {
    case LLVMFloatTypeKind: add_float_or_double(sb, wd[0], false); break;
    case LLVMDoubleTypeKind: add_float_or_double(sb, wd[0], true); break;
    case LLVMHalfTypeKind:
        sb_adds(sb, "0xH");
        add_hex(sb, wd[0], 4);
        break;
    case LLVMBFloatTypeKind:
        sb_adds(sb, "0xR");
        add_hex(sb, wd[0], 4);
        break;
    case LLVMX86_FP80TypeKind:
        sb_adds(sb, "0xK");
        add_hex(sb, wd[1], 4);
        add_hex(sb, wd[0], 16);
        break;
    case LLVMFP128TypeKind:
        sb_adds(sb, "0xL");
        add_hex(sb, wd[0], 16);
        add_hex(sb, wd[1], 16);
        break;
    default: /* ppc_fp128: high double, then low double */
        sb_adds(sb, "0xM");
        add_hex(sb, wd[0], 16);
        add_hex(sb, wd[1], 16);
        break;
    }
}

/* ---- blockaddress ---- */

/* Id of block b of function f (@f:%name or @f:%N). Numbers f's unnamed values the
 * first time one of its blocks is asked for, and memoises every block of f. */
static const char *block_id(ConstWalk *w, LLVMValueRef f, LLVMBasicBlockRef b) {
    IrCtx *c = w->c;
    const char *id;
    LLVMValueRef bv = LLVMBasicBlockAsValue(b);
    if (memo_get(c, bv, &id, NULL))
        return id;
    const char *fid = ir_value_id(c, f);
    uint64_t slot = 0;
    size_t len;
    unsigned np = LLVMCountParams(f);
    for (unsigned i = 0; i < np; i++) {
        LLVMGetValueName2(LLVMGetParam(f, i), &len);
        slot += len == 0;
    }
    StrBuf *sb = &w->tmp;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef v = LLVMBasicBlockAsValue(bb);
        const char *name = LLVMGetValueName2(v, &len);
        sb_reset(sb);
        sb_adds(sb, fid);
        sb_addc(sb, ':');
        if (len)
            ir_append_name(sb, '%', name, len);
        else
            sb_addf(sb, "%%%llu", (unsigned long long)slot++);
        Sym sym;
        if (sb->oom || intern_get(&c->ids, sb->buf, sb->len, &sym) != OK ||
            map_put(&c->value_ids, (uint64_t)(uintptr_t)v, sym) != OK) {
            ir_fail(c, E_NOMEM);
            return "unknown";
        }
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
            if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVoidTypeKind || ir_is_dbg_intrinsic(i))
                continue;
            LLVMGetValueName2(i, &len);
            slot += len == 0;
        }
    }
    if (memo_get(c, bv, &id, NULL))
        return id;
    return "unknown";
}

/* ---- LLVM's own text of one constant (see the header: two facts only) ---- */

static char *print_constant(LLVMValueRef v) {
    return LLVMPrintValueToString(v);
}

/* Reads " inrange(lo, hi)" from the printed GEP; false if absent. */
static bool gep_inrange(LLVMValueRef v, long long *lo, long long *hi) {
    char *s = print_constant(v);
    const char *p = s ? strstr(s, " inrange(") : NULL;
    bool ok = p && sscanf(p, " inrange(%lld, %lld)", lo, hi) == 2;
    LLVMDisposeMessage(s);
    return ok;
}

/* True if the GEP has an inrange attribute: rebuilding it without one (constants are
 * uniqued by all their attributes) gives a different constant. */
static bool gep_has_inrange(LLVMValueRef v) {
    int n = LLVMGetNumOperands(v);
    LLVMValueRef idx[16];
    LLVMValueRef *ix = n - 1 <= 16 ? idx : mem_alloc((size_t)(n - 1) * sizeof *ix);
    if (!ix)
        return false;
    for (int i = 1; i < n; i++)
        ix[i - 1] = LLVMGetOperand(v, i);
    LLVMValueRef r = LLVMConstGEPWithNoWrapFlags(LLVMGetGEPSourceElementType(v),
                                                 LLVMGetOperand(v, 0), ix, (unsigned)(n - 1),
                                                 LLVMGEPGetNoWrapFlags(v));
    if (ix != idx)
        mem_free(ix);
    return r != v;
}

/* ---- building one constant ---- */

static void emit_elements(ConstWalk *w, LLVMValueRef v, const char *id, unsigned n) {
    for (unsigned i = 0; i < n; i++)
        emit_constant_aggregate_element(w->c->out, id, (int64_t)i, operand_id(w, element(v, i)));
    emit_constant_aggregate_nelements(w->c->out, id, (int64_t)n);
}

static void add_elements(ConstWalk *w, StrBuf *sb, LLVMValueRef v, unsigned n, uint64_t *flags) {
    for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = element(v, i);
        if (i)
            sb_adds(sb, ", ");
        add_operand(w, sb, e);
        *flags |= operand_flags(w, e);
    }
}

static const char *kind_of(LLVMValueRef v) {
    switch (LLVMGetValueKind(v)) {
    case LLVMUndefValueValueKind: return "undef";
    case LLVMPoisonValueValueKind: return "poison";
    case LLVMConstantAggregateZeroValueKind: return "zeroinitializer";
    case LLVMConstantArrayValueKind: return "array";
    case LLVMConstantStructValueKind: return "struct";
    case LLVMConstantVectorValueKind: return "vector";
    case LLVMConstantDataArrayValueKind:
        return LLVMIsConstantString(v) ? "string" : "data_array";
    case LLVMConstantDataVectorValueKind: return "data_vector";
    case LLVMConstantIntValueKind:
        return is_vector_type(LLVMTypeOf(v)) ? "splat" : "int";
    case LLVMConstantFPValueKind:
        return is_vector_type(LLVMTypeOf(v)) ? "splat" : "float";
    case LLVMConstantPointerNullValueKind: return "null";
    case LLVMConstantTokenNoneValueKind: return "none";
    case LLVMBlockAddressValueKind: return "blockaddress";
    case LLVMConstantExprValueKind: return "expr";
    case LLVMConstantTargetNoneValueKind: return "target_none";
    case LLVMConstantPtrAuthValueKind: return "ptrauth";
    default: return is_dso_or_nocfi(v) ? "dso_or_nocfi" : "unknown";
    }
}

/* Builds the id of v (every constant child already memoised), emits its relations and
 * memoises it. */
static void build(ConstWalk *w, LLVMValueRef v) {
    IrCtx *c = w->c;
    FactSink *o = c->out;
    StrBuf *sb = &w->sb;
    LLVMTypeRef ty = LLVMTypeOf(v);
    const char *tid = ir_type_id(c, ty);
    const char *kind = kind_of(v);
    uint64_t flags = 0;
    sb_reset(sb);
    sb_adds(sb, tid);
    sb_addc(sb, ' ');

    /* deferred relations that need the id */
    enum { V_NONE, V_INT, V_FLOAT, V_ELEMS, V_STRING, V_SPLAT, V_BA, V_DSO, V_NOCFI, V_PA,
           V_EXPR } what = V_NONE;
    StrBuf bits = SB_INIT;
    bool int_ok = false, have_double = false;
    double dval = 0;
    unsigned nel = 0, ibits = 0;
    LLVMValueRef ba_fn = NULL;
    const char *ba_block = NULL;
    long long ir_lo = 0, ir_hi = 0;
    bool inrange = false;
    const char *pa_ops[4] = {0};

    switch (LLVMGetValueKind(v)) {
    case LLVMUndefValueValueKind:
        sb_adds(sb, "undef");
        flags |= CF_UNDEF;
        break;
    case LLVMPoisonValueValueKind:
        sb_adds(sb, "poison");
        flags |= CF_POISON;
        break;
    case LLVMConstantAggregateZeroValueKind:
    case LLVMConstantTargetNoneValueKind: sb_adds(sb, "zeroinitializer"); break;
    case LLVMConstantPointerNullValueKind: sb_adds(sb, "null"); break;
    case LLVMConstantTokenNoneValueKind: sb_adds(sb, "none"); break;
    case LLVMConstantIntValueKind:
    case LLVMConstantFPValueKind:
        if (is_vector_type(ty)) {
            LLVMValueRef s = splat_scalar(v);
            sb_adds(sb, "splat (");
            add_operand(w, sb, s);
            sb_addc(sb, ')');
            what = V_SPLAT;
        } else if (LLVMGetValueKind(v) == LLVMConstantIntValueKind) {
            ibits = LLVMGetIntTypeWidth(ty);
            int_ok = int_words(w, v);
            if (!int_ok) {
                diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                          "the value of an i%u constant could not be read exactly", ibits);
                sb_adds(sb, "unknown");
            } else if (ibits == 1) {
                sb_adds(sb, w->words.v[0] ? "true" : "false");
            } else {
                add_int_decimal(w, sb, ibits);
            }
            what = V_INT;
        } else {
            build_float(w, v, NULL, sb, &bits, &have_double, &dval);
            what = V_FLOAT;
        }
        break;
    case LLVMConstantArrayValueKind:
    case LLVMConstantDataArrayValueKind:
        nel = n_elements(v);
        /* only an array stored as data can be a string (c"...") */
        if (LLVMGetValueKind(v) == LLVMConstantDataArrayValueKind && LLVMIsConstantString(v)) {
            size_t n;
            const char *s = LLVMGetAsString(v, &n);
            sb_adds(sb, "c\"");
            size_t start = sb->len;
            ir_append_escaped(sb, s, n);
            /* the string text is the part between the quotes */
            sb_add(&bits, sb->buf + start, sb->len - start);
            sb_addc(sb, '"');
            what = V_STRING;
        } else {
            sb_addc(sb, '[');
            add_elements(w, sb, v, nel, &flags);
            sb_addc(sb, ']');
            what = V_ELEMS;
        }
        break;
    case LLVMConstantStructValueKind: {
        nel = n_elements(v);
        bool packed = LLVMIsPackedStruct(ty);
        if (packed)
            sb_addc(sb, '<');
        sb_addc(sb, '{');
        if (nel) {
            sb_addc(sb, ' ');
            add_elements(w, sb, v, nel, &flags);
            sb_addc(sb, ' ');
        }
        sb_addc(sb, '}');
        if (packed)
            sb_addc(sb, '>');
        what = V_ELEMS;
        break;
    }
    case LLVMConstantVectorValueKind:
    case LLVMConstantDataVectorValueKind:
        nel = n_elements(v);
        sb_addc(sb, '<');
        add_elements(w, sb, v, nel, &flags);
        sb_addc(sb, '>');
        what = V_ELEMS;
        break;
    case LLVMBlockAddressValueKind: {
        ba_fn = LLVMGetBlockAddressFunction(v);
        LLVMBasicBlockRef bb = LLVMGetBlockAddressBasicBlock(v);
        const char *fid = ir_value_id(c, ba_fn);
        ba_block = bb ? block_id(w, ba_fn, bb) : "unknown";
        sb_adds(sb, "blockaddress(");
        sb_adds(sb, fid);
        sb_adds(sb, ", ");
        size_t fl = strlen(fid);
        if (strncmp(ba_block, fid, fl) == 0 && ba_block[fl] == ':')
            sb_adds(sb, ba_block + fl + 1);
        else
            sb_adds(sb, ba_block);
        sb_addc(sb, ')');
        what = V_BA;
        break;
    }
    case LLVMConstantPtrAuthValueKind: {
        LLVMValueRef ops[4] = {
            LLVMGetConstantPtrAuthPointer(v), LLVMGetConstantPtrAuthKey(v),
            LLVMGetConstantPtrAuthDiscriminator(v), LLVMGetConstantPtrAuthAddrDiscriminator(v)};
        int nw = 2;
        if (!LLVMIsNull(ops[2]))
            nw = 3;
        if (!LLVMIsNull(ops[3]))
            nw = 4;
        sb_adds(sb, "ptrauth (");
        for (int i = 0; i < 4; i++) {
            if (i < nw) {
                if (i)
                    sb_adds(sb, ", ");
                add_operand(w, sb, ops[i]);
            }
            pa_ops[i] = operand_id(w, ops[i]);
            flags |= operand_flags(w, ops[i]);
        }
        sb_addc(sb, ')');
        what = V_PA;
        break;
    }
    case LLVMConstantExprValueKind: {
        LLVMOpcode op = LLVMGetConstOpcode(v);
        int n = LLVMGetNumOperands(v);
        sb_adds(sb, ir_opcode_name(op));
        if (op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl) {
            if (LLVMGetNUW(v))
                sb_adds(sb, " nuw");
            if (LLVMGetNSW(v))
                sb_adds(sb, " nsw");
        }
        if (op == LLVMGetElementPtr) {
            LLVMGEPNoWrapFlags nw = LLVMGEPGetNoWrapFlags(v);
            if (nw & LLVMGEPFlagInBounds)
                sb_adds(sb, " inbounds");
            else if (nw & LLVMGEPFlagNUSW)
                sb_adds(sb, " nusw");
            if (nw & LLVMGEPFlagNUW)
                sb_adds(sb, " nuw");
            if (gep_has_inrange(v)) {
                inrange = gep_inrange(v, &ir_lo, &ir_hi);
                if (inrange)
                    sb_addf(sb, " inrange(%lld, %lld)", ir_lo, ir_hi);
                else
                    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                              "a getelementptr constant has an inrange that could not be read");
            }
        }
        sb_adds(sb, " (");
        if (op == LLVMGetElementPtr) {
            sb_adds(sb, ir_type_id(c, LLVMGetGEPSourceElementType(v)));
            sb_adds(sb, ", ");
        }
        for (int i = 0; i < n; i++) {
            LLVMValueRef e = LLVMGetOperand(v, i);
            if (i)
                sb_adds(sb, ", ");
            add_operand(w, sb, e);
            flags |= operand_flags(w, e);
        }
        if (ir_opcode_category(op) == IR_OPC_conversion) {
            sb_adds(sb, " to ");
            sb_adds(sb, tid);
        }
        switch (op) {
        case LLVMShuffleVector:
            /* LLVM 19 folds every shufflevector of fixed vectors; the one that remains
             * is the scalable splat, whose mask is all zeros (the only valid scalable
             * mask besides poison, which folds). */
            sb_addf(sb, ", <%s%u x i32> zeroinitializer",
                    LLVMGetTypeKind(ty) == LLVMScalableVectorTypeKind ? "vscale x " : "",
                    LLVMGetVectorSize(ty));
            break;
        default: break;
        }
        sb_addc(sb, ')');
        what = V_EXPR;
        break;
    }
    default:
        if (is_dso_or_nocfi(v) && LLVMGetNumOperands(v) == 1) {
            char *p = print_constant(v);
            const char *rest = p ? strstr(p, " no_cfi ") : NULL;
            bool nocfi = rest && (size_t)(rest - p) == strlen(tid);
            LLVMDisposeMessage(p);
            kind = nocfi ? "no_cfi" : "dso_local_equivalent";
            sb_adds(sb, kind);
            sb_addc(sb, ' ');
            sb_adds(sb, ir_value_id(c, LLVMGetOperand(v, 0)));
            what = nocfi ? V_NOCFI : V_DSO;
        } else {
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "constant of unknown kind %d written as 'unknown'",
                      (int)LLVMGetValueKind(v));
            sb_adds(sb, "unknown");
        }
        break;
    }
    if (what == V_SPLAT)
        flags |= operand_flags(w, splat_scalar(v));

    if (sb->oom) {
        ir_fail(c, E_NOMEM);
        sb_release(&bits);
        return;
    }
    if ((flags & CF_LONG) || sb->len > strlen(tid) + 1 + CONST_TEXT_MAX) {
        uint64_t n = 0, key = (uint64_t)(uintptr_t)&long_counter_key;
        map_get(&c->value_ids, key, &n);
        if (map_put(&c->value_ids, key, n + 1) != OK)
            ir_fail(c, E_NOMEM);
        flags |= CF_LONG;
        sb_reset(sb);
        sb_addf(sb, "%s %s#%llu", tid, kind, (unsigned long long)n);
    }
    Sym sym;
    if (intern_get(&c->ids, sb->buf, sb->len, &sym) != OK ||
        map_put(&c->value_ids, (uint64_t)(uintptr_t)v, (uint64_t)sym | flags) != OK) {
        ir_fail(c, E_NOMEM);
        sb_release(&bits);
        return;
    }
    const char *id = intern_str(&c->ids, sym);

    if (w->check && !(flags & CF_LONG)) {
        char *p = LLVMPrintValueToString(v);
        if (p && strcmp(p, id) != 0)
            diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
                      "constant id differs from LLVM's printing:\n  irlog: %s\n  llvm:  %s", id, p);
        LLVMDisposeMessage(p);
    }

    emit_constant(o, id);
    emit_constant_type(o, id, tid);
    emit_constant_kind(o, id, kind);
    if (flags & CF_UNDEF)
        emit_constant_contains_undef(o, id);
    if (flags & CF_POISON)
        emit_constant_contains_poison(o, id);

    switch (what) {
    case V_INT:
        if (!int_ok)
            break;
        sb_reset(&w->tmp);
        if (ibits == 1)
            sb_addc(&w->tmp, w->words.v[0] ? '1' : '0');
        else
            add_int_decimal(w, &w->tmp, ibits);
        emit_constant_int_value(o, id, ir_intern(c, w->tmp.buf, w->tmp.len));
        if (ibits == 1) {
            emit_constant_to_int(o, id, (int64_t)w->words.v[0]);
        } else {
            /* fits in int64 when every bit above bit 63 equals bit 63 */
            bool fits = true;
            uint64_t top = words_negative(w->words.v, ibits) ? ~0ull : 0;
            if (ibits < 64) {
                uint64_t x = w->words.v[0];
                if (top)
                    x |= ~0ull << ibits;
                emit_constant_to_int(o, id, (int64_t)x);
            } else {
                uint64_t want = (w->words.v[0] >> 63) ? ~0ull : 0;
                for (size_t i = 1; i < w->words.len && fits; i++) {
                    uint64_t mask = i == w->words.len - 1 && ibits % 64
                                        ? (1ull << (ibits % 64)) - 1
                                        : ~0ull;
                    fits = (w->words.v[i] & mask) == (want & mask);
                }
                if (fits)
                    emit_constant_to_int(o, id, (int64_t)w->words.v[0]);
            }
        }
        sb_reset(&w->tmp);
        add_hex_words(&w->tmp, w->words.v, ibits);
        emit_constant_int_bits(o, id, ir_intern(c, w->tmp.buf, w->tmp.len));
        break;
    case V_FLOAT:
        emit_constant_float_bits(o, id, ir_intern(c, bits.buf, bits.len));
        if (have_double)
            emit_constant_to_float(o, id, dval);
        break;
    case V_STRING:
        /* no per-byte element rows: they would multiply string data ~35 times; the
         * bytes are exact in the text */
        emit_constant_string_text(o, id, ir_intern(c, bits.buf, bits.len));
        emit_constant_aggregate_nelements(o, id, (int64_t)nel);
        break;
    case V_ELEMS: emit_elements(w, v, id, nel); break;
    case V_SPLAT: emit_constant_splat_value(o, id, operand_id(w, splat_scalar(v))); break;
    case V_BA:
        emit_constant_blockaddress_function(o, id, ir_value_id(c, ba_fn));
        emit_constant_blockaddress_block(o, id, ba_block);
        break;
    case V_DSO:
        emit_constant_dso_local_equivalent_global(o, id, ir_value_id(c, LLVMGetOperand(v, 0)));
        break;
    case V_NOCFI: emit_constant_no_cfi_global(o, id, ir_value_id(c, LLVMGetOperand(v, 0))); break;
    case V_PA:
        emit_constant_ptrauth_pointer(o, id, pa_ops[0]);
        emit_constant_ptrauth_key(o, id, pa_ops[1]);
        emit_constant_ptrauth_discriminator(o, id, pa_ops[2]);
        emit_constant_ptrauth_address_discriminator(o, id, pa_ops[3]);
        break;
    case V_EXPR: {
        LLVMOpcode op = LLVMGetConstOpcode(v);
        int n = LLVMGetNumOperands(v);
        emit_constant_expr_opcode(o, id, ir_opcode_name(op));
        for (int i = 0; i < n; i++)
            emit_constant_expr_operand(o, id, i, operand_id(w, LLVMGetOperand(v, i)));
        emit_constant_expr_noperands(o, id, n);
        if (op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl) {
            if (LLVMGetNUW(v))
                emit_constant_expr_nuw(o, id);
            if (LLVMGetNSW(v))
                emit_constant_expr_nsw(o, id);
        }
        if (op == LLVMGetElementPtr) {
            LLVMGEPNoWrapFlags nw = LLVMGEPGetNoWrapFlags(v);
            emit_constant_expr_gep_source_type(o, id,
                                               ir_type_id(c, LLVMGetGEPSourceElementType(v)));
            emit_constant_expr_gep_base(o, id, operand_id(w, LLVMGetOperand(v, 0)));
            for (int i = 1; i < n; i++)
                emit_constant_expr_gep_index(o, id, i - 1, operand_id(w, LLVMGetOperand(v, i)));
            emit_constant_expr_gep_nindices(o, id, n - 1);
            if (nw & LLVMGEPFlagInBounds)
                emit_constant_expr_gep_inbounds(o, id);
            if (nw & (LLVMGEPFlagInBounds | LLVMGEPFlagNUSW))
                emit_constant_expr_gep_nusw(o, id);
            if (nw & LLVMGEPFlagNUW)
                emit_constant_expr_gep_nuw(o, id);
            if (inrange)
                emit_constant_expr_gep_inrange(o, id, ir_lo, ir_hi);
        }
        if (op == LLVMShuffleVector) {
            unsigned m = LLVMGetVectorSize(ty);
            for (unsigned i = 0; i < m; i++)
                emit_constant_expr_shuffle_mask(o, id, (int64_t)i, 0);
        }
        break;
    }
    case V_NONE: break;
    }
    sb_release(&bits);
}

static void push_child(ConstWalk *w, LLVMValueRef ch) {
    if (needs_build(w->c, ch) && vec_push(&w->stack, ch) != OK)
        ir_fail(w->c, E_NOMEM);
}

const char *ir_const_id(IrCtx *c, LLVMValueRef v) {
    const char *id;
    if (memo_get(c, v, &id, NULL))
        return id;
    ConstWalk w = {.c = c, .sb = SB_INIT, .tmp = SB_INIT};
    const char *chk = getenv("IRLOG_CHECK_CONSTANTS");
    w.check = chk && *chk && strcmp(chk, "0") != 0;
    if (vec_push(&w.stack, v) != OK) {
        ir_fail(c, E_NOMEM);
        return "unknown";
    }
    while (w.stack.len && c->st == OK) {
        LLVMValueRef top = vec_last(&w.stack);
        if (memo_get(c, top, NULL, NULL)) {
            w.stack.len--;
            continue;
        }
        size_t before = w.stack.len;
        for_children(&w, top, push_child);
        if (w.stack.len != before) {
            /* visit the children in operand order: reverse what was pushed */
            for (size_t i = before, j = w.stack.len - 1; i < j; i++, j--) {
                LLVMValueRef t = w.stack.v[i];
                w.stack.v[i] = w.stack.v[j];
                w.stack.v[j] = t;
            }
            continue;
        }
        build(&w, top);
        w.stack.len--;
    }
    vec_release(&w.stack);
    vec_release(&w.words);
    sb_release(&w.sb);
    sb_release(&w.tmp);
    if (w.bld)
        LLVMDisposeBuilder(w.bld);
    if (memo_get(c, v, &id, NULL))
        return id;
    return "unknown";
}
