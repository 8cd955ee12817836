/* strbuf.c — StrBuf implementation. */
#include "strbuf.h"

#include <stdio.h>
#include <string.h>

char sb_empty_[1];

void sb_init(StrBuf *sb) {
    sb->buf = sb_empty_;
    sb->len = sb->cap = 0;
    sb->oom = false;
}

void sb_release(StrBuf *sb) {
    if (sb->cap)
        mem_free(sb->buf);
    sb_init(sb);
}

char *sb_detach(StrBuf *sb, size_t *len) {
    if (sb->oom) {
        sb_release(sb);
        return NULL;
    }
    char *r = sb->cap ? sb->buf : mem_strdup("");
    if (len)
        *len = sb->len;
    sb_init(sb);
    return r;
}

bool sb_reserve(StrBuf *sb, size_t extra) {
    if (sb->oom)
        return false;
    if (extra > SIZE_MAX - sb->len - 1) {
        sb->oom = true;
        return false;
    }
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return true;
    size_t ncap = sb->cap ? sb->cap : 32;
    while (ncap < need)
        ncap = ncap > SIZE_MAX / 2 ? need : ncap * 2;
    char *nb = mem_realloc(sb->cap ? sb->buf : NULL, ncap);
    if (!nb) {
        sb->oom = true;
        return false;
    }
    if (!sb->cap)
        nb[0] = '\0';
    sb->buf = nb;
    sb->cap = ncap;
    return true;
}

void sb_add(StrBuf *sb, const void *p, size_t n) {
    if (!sb_reserve(sb, n))
        return;
    memcpy(sb->buf + sb->len, p, n);
    sb->len += n;
    sb->buf[sb->len] = '\0';
}

void sb_adds(StrBuf *sb, const char *s) {
    sb_add(sb, s, strlen(s));
}

void sb_addc_grow(StrBuf *sb, char c) {
    if (!sb_reserve(sb, 1))
        return;
    sb->buf[sb->len++] = c;
    sb->buf[sb->len] = '\0';
}

void sb_vaddf(StrBuf *sb, const char *fmt, va_list ap) {
    va_list cp;
    va_copy(cp, ap);
    char tmp[128];
    int n = vsnprintf(tmp, sizeof tmp, fmt, cp);
    va_end(cp);
    if (n < 0) {
        sb->oom = true;
        return;
    }
    if ((size_t)n < sizeof tmp) {
        sb_add(sb, tmp, (size_t)n);
        return;
    }
    if (!sb_reserve(sb, (size_t)n))
        return;
    vsnprintf(sb->buf + sb->len, (size_t)n + 1, fmt, ap);
    sb->len += (size_t)n;
}

void sb_addf(StrBuf *sb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    sb_vaddf(sb, fmt, ap);
    va_end(ap);
}

char *u64_dec(char *end, uint64_t v, bool neg) {
    char *p = end;
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    if (neg)
        *--p = '-';
    return p;
}

void sb_add_u64(StrBuf *sb, uint64_t v) {
    char tmp[24], *p = u64_dec(tmp + sizeof tmp, v, false);
    sb_add(sb, p, (size_t)(tmp + sizeof tmp - p));
}

void sb_add_i64(StrBuf *sb, int64_t v) {
    char tmp[24], *p = u64_dec(tmp + sizeof tmp, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
    sb_add(sb, p, (size_t)(tmp + sizeof tmp - p));
}

void sb_reset(StrBuf *sb) {
    sb->len = 0;
    if (sb->cap)
        sb->buf[0] = '\0';
}

void sb_truncate(StrBuf *sb, size_t len) {
    if (len < sb->len) {
        sb->len = len;
        sb->buf[len] = '\0';
    }
}

Status sb_read_file(const char *path, char **out, size_t *len) {
    *out = NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return E_IO;
    StrBuf sb = SB_INIT;
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sb_add(&sb, buf, got);
    bool err = ferror(f) != 0;
    fclose(f);
    Status st = sb.oom ? E_NOMEM : err ? E_IO : OK;
    if (st != OK) {
        sb_release(&sb);
        return st;
    }
    *out = sb_detach(&sb, len);
    return *out ? OK : E_NOMEM;
}

size_t utf8_seq_len(const unsigned char *s, size_t n) {
    unsigned char c = s[0];
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF; /* bounds of the second byte */
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (n < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; k++)
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    return len;
}
