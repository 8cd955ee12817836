/* ir_md_parse.c — reading the metadata syntax of the printed module (ir_meta_int.h). */
#include <string.h>

#include "ir_meta_int.h"

size_t md_match(const char *s, size_t n) {
    int depth = 0;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        if (ch == '"') {
            for (i++; i < n && s[i] != '"'; i++)
                ;
            continue;
        }
        if (ch == '(' || ch == '[' || ch == '{' || ch == '<')
            depth++;
        else if (ch == ')' || ch == ']' || ch == '}' || ch == '>') {
            if (--depth == 0)
                return i;
        }
    }
    return n;
}

static MdSpan trim(const char *s, size_t n) {
    while (n && (*s == ' '))
        s++, n--;
    while (n && s[n - 1] == ' ')
        n--;
    return (MdSpan){s, n};
}

/* The bytes md_split looks at: 1 a comma, 2 a quote, 3 an open bracket, 4 a close. */
static const unsigned char split_class[256] = {
    [','] = 1, ['"'] = 2, ['('] = 3, ['['] = 3, ['{'] = 3, ['<'] = 3,
    [')'] = 4, [']'] = 4, ['}'] = 4, ['>'] = 4,
};

Status md_split(const char *s, size_t n, MdSpanVec *out) {
    int depth = 0;
    size_t start = 0, i = 0;
    if (trim(s, n).n == 0)
        return OK;
    for (;;) {
        while (i < n && !split_class[(unsigned char)s[i]])
            i++;
        if (i == n) /* the last part */
            return vec_push(out, trim(s + start, i - start)) != OK ? E_NOMEM : OK;
        switch (split_class[(unsigned char)s[i]]) {
        case 1:
            if (depth == 0) {
                if (vec_push(out, trim(s + start, i - start)) != OK)
                    return E_NOMEM;
                start = i + 1;
            }
            break;
        case 2:
            for (i++; i < n && s[i] != '"'; i++)
                ;
            if (i == n)
                return OK; /* an unterminated quote ends the text, and its part is dropped */
            break;
        case 3: depth++; break;
        default: depth--; break;
        }
        i++;
    }
}

/* [A-Za-z0-9_] */
static const unsigned char field_char[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 1,
    0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

bool md_field(MdSpan f, MdSpan *name, MdSpan *value) {
    size_t i = 0;
    while (i + 1 < f.n && field_char[(unsigned char)f.s[i]])
        i++;
    if (i + 1 < f.n && f.s[i] == ':' && f.s[i + 1] == ' ') {
        *name = trim(f.s, i);
        *value = trim(f.s + i + 2, f.n - i - 2);
        return true;
    }
    return false;
}

bool md_int(MdSpan v, int64_t *out) {
    size_t i = 0;
    bool neg = false;
    if (v.n && v.s[0] == '-')
        neg = true, i = 1;
    if (i >= v.n)
        return false;
    uint64_t x = 0;
    for (; i < v.n; i++) {
        if (v.s[i] < '0' || v.s[i] > '9')
            return false;
        x = x * 10 + (uint64_t)(v.s[i] - '0');
    }
    *out = neg ? (int64_t)(0 - x) : (int64_t)x;
    return true;
}
