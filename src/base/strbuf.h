/*
 * strbuf.h — growable string buffer (git's strbuf rules).
 *
 * Invariants: `buf` is never NULL and always NUL-terminated; `len` excludes the NUL.
 * A StrBuf must be initialised with SB_INIT or sb_init. On allocation failure the
 * buffer keeps its old contents and the sticky `oom` flag is set; callers check it
 * once at a phase boundary (sb_ok) instead of after every append.
 */
#ifndef IRLOG_STRBUF_H
#define IRLOG_STRBUF_H

#include <stdarg.h>

#include "base.h"

typedef struct StrBuf {
    char *buf;  /* never NULL, NUL-terminated */
    size_t len; /* bytes before the NUL */
    size_t cap; /* allocated bytes (0: buf points at a static "") */
    bool oom;   /* sticky: an append failed */
} StrBuf;

extern char sb_empty_[1];
#define SB_INIT {sb_empty_, 0, 0, false}

void sb_init(StrBuf *sb);
void sb_release(StrBuf *sb);             /* frees and re-initialises */
char *sb_detach(StrBuf *sb, size_t *len); /* caller owns the result (mem_free); NULL on oom */
bool sb_reserve(StrBuf *sb, size_t extra);

/* Length of the well-formed UTF-8 sequence at s[0..n) (s[0] >= 0x80), or 0: no overlong
 * forms, no surrogates, nothing past U+10FFFF. (The fact writer and the engine's SQLite
 * reader escape what is not well-formed the same way.) */
size_t utf8_seq_len(const unsigned char *s, size_t n);
void sb_add(StrBuf *sb, const void *p, size_t n);
void sb_adds(StrBuf *sb, const char *s);
void sb_addc_grow(StrBuf *sb, char c); /* sb_addc when the buffer must grow */
/* one byte: inline while there is room (the fact writer appends one per cell) */
static inline void sb_addc(StrBuf *sb, char c) {
    if (sb->len + 2 <= sb->cap) {
        sb->buf[sb->len++] = c;
        sb->buf[sb->len] = '\0';
    } else {
        sb_addc_grow(sb, c);
    }
}
void sb_addf(StrBuf *sb, const char *fmt, ...) IRLOG_PRINTF(2, 3);
void sb_vaddf(StrBuf *sb, const char *fmt, va_list ap);
/* The decimal digits of v (a '-' first when neg), written backwards ending at end: returns
 * where they start (at most 21 bytes before end). */
char *u64_dec(char *end, uint64_t v, bool neg);
void sb_add_u64(StrBuf *sb, uint64_t v);
void sb_add_i64(StrBuf *sb, int64_t v);
void sb_reset(StrBuf *sb);               /* len = 0, keeps capacity */
void sb_truncate(StrBuf *sb, size_t len);
/* Reads a whole file. OUT *out (caller frees with mem_free; NUL-terminated) and *len.
 * E_IO when it cannot be opened or read (errno tells why), E_NOMEM. */
Status sb_read_file(const char *path, char **out, size_t *len);
static inline Status sb_status(const StrBuf *sb) {
    return sb->oom ? E_NOMEM : OK;
}

#endif
