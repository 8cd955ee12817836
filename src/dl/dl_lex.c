/*
 * dl_lex.c — Datalog tokens.
 *
 * Owns: turning program text into DlTok's with file:line:col. Handles // and block
 * comments, the `# line "file" flags` markers the C preprocessor leaves, string escapes
 * (Souffle's: \" \' \\ \a \b \f \n \r \t \v), numbers in decimal, hex (0x), binary (0b),
 * with a `u` suffix for unsigned, and decimal floats (1.5). Keywords are identifiers.
 * Invariant: the token vector always ends with DL_TOK_EOF, even after errors.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dl_int.h"

static const char *const tok_desc[] = {
#define TOK(name, desc) desc,
#include "dl_tok.def"
#undef TOK
};

const char *dl_tok_desc(DlTokKind k) {
    return (size_t)k < ARRAY_LEN(tok_desc) ? tok_desc[k] : "token";
}

typedef struct Lexer {
    Arena *a;
    const char *file;
    const char *orig; /* the name given by the caller (cpp calls stdin "<stdin>") */
    const char *s, *end;
    const char *line_start;
    uint32_t line;
    DlToks *out;
    Diags *d;
} Lexer;

static SrcLoc loc_at(const Lexer *lx, const char *p) {
    SrcLoc l = {lx->file, lx->line, (uint32_t)(p - lx->line_start) + 1};
    return l;
}

static Status push(Lexer *lx, DlTokKind k, const char *s, size_t n, SrcLoc loc) {
    DlTok t = {k, s, (uint32_t)n, loc};
    return vec_push(lx->out, t);
}

static bool is_ident_start(int c) {
    return isalpha(c) || c == '_' || c == '?';
}
static bool is_ident_char(int c) {
    return isalnum(c) || c == '_' || c == '?';
}

/* `# 12 "file" 1 2` or `#line 12 "file"`: sets the location of the next line. */
static void line_marker(Lexer *lx, const char *p, const char *eol) {
    const char *q = p + 1;
    if ((size_t)(eol - q) >= 4 && memcmp(q, "line", 4) == 0)
        q += 4;
    while (q < eol && (*q == ' ' || *q == '\t'))
        q++;
    if (q >= eol || !isdigit((unsigned char)*q)) {
        diags_add(lx->d, DIAG_ERROR, loc_at(lx, p), "unexpected preprocessor directive '%.*s'",
                  (int)(eol - p), p);
        return;
    }
    unsigned long ln = strtoul(q, NULL, 10);
    while (q < eol && isdigit((unsigned char)*q))
        q++;
    while (q < eol && (*q == ' ' || *q == '\t'))
        q++;
    if (q < eol && *q == '"') {
        const char *fs = ++q;
        while (q < eol && *q != '"')
            q++;
        size_t fn = (size_t)(q - fs);
        if (fn == 7 && memcmp(fs, "<stdin>", 7) == 0)
            lx->file = lx->orig;
        else {
            char *f = arena_strndup(lx->a, fs, fn);
            if (f)
                lx->file = f;
        }
    }
    lx->line = (uint32_t)ln - 1; /* the newline that ends this marker increments it */
}

static Status lex_string(Lexer *lx, const char *p, const char **endp) {
    SrcLoc loc = loc_at(lx, p);
    const char *q = p + 1;
    StrBuf sb = SB_INIT;
    bool ok = true;
    while (q < lx->end && *q != '"' && *q != '\n') {
        if (*q == '\\' && q + 1 < lx->end && q[1] != '\n') {
            char c;
            switch (q[1]) {
            case '"': c = '"'; break;
            case '\'': c = '\''; break;
            case '\\': c = '\\'; break;
            case 'a': c = '\a'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case 'n': c = '\n'; break;
            case 'r': c = '\r'; break;
            case 't': c = '\t'; break;
            case 'v': c = '\v'; break;
            default:
                diags_add(lx->d, DIAG_ERROR, loc_at(lx, q), "unknown escape sequence '\\%c'",
                          q[1]);
                ok = false;
                c = q[1];
            }
            sb_addc(&sb, c);
            q += 2;
        } else {
            sb_addc(&sb, *q++);
        }
    }
    if (q >= lx->end || *q != '"') {
        diags_add(lx->d, DIAG_ERROR, loc, "unterminated string");
        *endp = q;
        sb_release(&sb);
        return OK;
    }
    *endp = q + 1;
    Status st = sb_status(&sb);
    if (st == OK && ok) {
        char *s = arena_strndup(lx->a, sb.buf, sb.len);
        st = s ? push(lx, DL_TOK_STRING, s, sb.len, loc) : E_NOMEM;
    }
    sb_release(&sb);
    return st;
}

static Status lex_number(Lexer *lx, const char *p, const char **endp) {
    SrcLoc loc = loc_at(lx, p);
    const char *q = p;
    DlTokKind k = DL_TOK_NUMBER;
    if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'x' || q[1] == 'X') && q + 2 < lx->end &&
        isxdigit((unsigned char)q[2])) {
        q += 2;
        while (q < lx->end && isxdigit((unsigned char)*q))
            q++;
    } else if (q + 1 < lx->end && q[0] == '0' && (q[1] == 'b' || q[1] == 'B') && q + 2 < lx->end &&
               (q[2] == '0' || q[2] == '1')) {
        q += 2;
        while (q < lx->end && (*q == '0' || *q == '1'))
            q++;
    } else {
        while (q < lx->end && isdigit((unsigned char)*q))
            q++;
        if (q + 1 < lx->end && *q == '.' && isdigit((unsigned char)q[1])) {
            q++;
            while (q < lx->end && isdigit((unsigned char)*q))
                q++;
            k = DL_TOK_FLOAT;
        }
    }
    if (k == DL_TOK_NUMBER && q < lx->end && *q == 'u') {
        q++;
        k = DL_TOK_UNSIGNED;
    }
    if (q < lx->end && is_ident_char((unsigned char)*q)) {
        const char *e = q;
        while (e < lx->end && is_ident_char((unsigned char)*e))
            e++;
        diags_add(lx->d, DIAG_ERROR, loc, "malformed number '%.*s'", (int)(e - p), p);
        *endp = e;
        return OK;
    }
    *endp = q;
    return push(lx, k, p, (size_t)(q - p), loc);
}

Status dl_lex(Arena *a, const char *file, const char *text, size_t len, DlToks *out, Diags *d) {
    Status st = OK;
    const char *fname = arena_strdup(a, file ? file : "<input>");
    Lexer lx = {a, fname, fname, text, text + len, text, 1, out, d};
    size_t e0 = d->nerrors;
    if (!lx.file)
        return E_NOMEM;
    const char *p = text;
    bool line_begin = true;
    while (p < lx.end) {
        unsigned char c = (unsigned char)*p;
        if (c == '\n') {
            p++;
            lx.line++;
            lx.line_start = p;
            line_begin = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            p++;
            continue;
        }
        if (c == '#' && line_begin) {
            const char *eol = memchr(p, '\n', (size_t)(lx.end - p));
            if (!eol)
                eol = lx.end;
            line_marker(&lx, p, eol);
            p = eol;
            continue;
        }
        line_begin = false;
        if (c == '/' && p + 1 < lx.end && p[1] == '/') {
            while (p < lx.end && *p != '\n')
                p++;
            continue;
        }
        if (c == '/' && p + 1 < lx.end && p[1] == '*') {
            SrcLoc start = loc_at(&lx, p);
            p += 2;
            while (p < lx.end && !(*p == '*' && p + 1 < lx.end && p[1] == '/')) {
                if (*p == '\n') {
                    lx.line++;
                    lx.line_start = p + 1;
                }
                p++;
            }
            if (p >= lx.end) {
                diags_add(d, DIAG_ERROR, start, "unterminated comment");
                break;
            }
            p += 2;
            continue;
        }
        SrcLoc loc = loc_at(&lx, p);
        if (c == '"') {
            TRY(lex_string(&lx, p, &p));
            continue;
        }
        if (isdigit(c)) {
            TRY(lex_number(&lx, p, &p));
            continue;
        }
        if (c == '.' && p + 1 < lx.end && isalpha((unsigned char)p[1])) {
            const char *q = p + 1;
            while (q < lx.end && is_ident_char((unsigned char)*q))
                q++;
            static const char *const dirs[] = {"decl",     "type",      "input",  "output",
                                               "printsize", "plan",     "functor", "comp",
                                               "init",     "pragma",    "limitsize", "override",
                                               "number_type", "symbol_type", "lattice",
                                               "include",  "once"};
            size_t n = (size_t)(q - p - 1);
            bool is_dir = false;
            for (size_t i = 0; i < ARRAY_LEN(dirs); i++)
                if (strlen(dirs[i]) == n && memcmp(dirs[i], p + 1, n) == 0)
                    is_dir = true;
            if (is_dir) {
                TRY(push(&lx, DL_TOK_DIRECTIVE, p, (size_t)(q - p), loc));
                p = q;
                continue;
            }
        }
        if (c == '_' && !(p + 1 < lx.end && is_ident_char((unsigned char)p[1]))) {
            TRY(push(&lx, DL_TOK_UNDERSCORE, p, 1, loc));
            p++;
            continue;
        }
        if (is_ident_start(c)) {
            const char *q = p + 1;
            while (q < lx.end && is_ident_char((unsigned char)*q))
                q++;
            TRY(push(&lx, DL_TOK_IDENT, p, (size_t)(q - p), loc));
            p = q;
            continue;
        }
        DlTokKind k = DL_TOK_EOF;
        size_t n = 1;
        char c1 = p + 1 < lx.end ? p[1] : '\0';
        switch (c) {
        case ':':
            if (c1 == '-')
                k = DL_TOK_IF, n = 2;
            else
                k = DL_TOK_COLON;
            break;
        case '<':
            if (c1 == ':')
                k = DL_TOK_SUBTYPE, n = 2;
            else if (c1 == '=')
                k = DL_TOK_LE, n = 2;
            else
                k = DL_TOK_LT;
            break;
        case '>':
            if (c1 == '=')
                k = DL_TOK_GE, n = 2;
            else
                k = DL_TOK_GT;
            break;
        case '!':
            if (c1 == '=')
                k = DL_TOK_NE, n = 2;
            else
                k = DL_TOK_BANG;
            break;
        case '(': k = DL_TOK_LPAREN; break;
        case ')': k = DL_TOK_RPAREN; break;
        case '[': k = DL_TOK_LBRACKET; break;
        case ']': k = DL_TOK_RBRACKET; break;
        case '{': k = DL_TOK_LBRACE; break;
        case '}': k = DL_TOK_RBRACE; break;
        case ',': k = DL_TOK_COMMA; break;
        case '.': k = DL_TOK_DOT; break;
        case ';': k = DL_TOK_SEMI; break;
        case '=': k = DL_TOK_EQ; break;
        case '+': k = DL_TOK_PLUS; break;
        case '-': k = DL_TOK_MINUS; break;
        case '*': k = DL_TOK_STAR; break;
        case '/': k = DL_TOK_SLASH; break;
        case '%': k = DL_TOK_PERCENT; break;
        case '^': k = DL_TOK_CARET; break;
        case '|': k = DL_TOK_PIPE; break;
        case '$': k = DL_TOK_DOLLAR; break;
        case '@': k = DL_TOK_AT; break;
        default: break;
        }
        if (k == DL_TOK_EOF) {
            if (c >= 0x80)
                diags_add(d, DIAG_ERROR, loc, "unexpected byte 0x%02x outside a string", c);
            else if (isprint(c))
                diags_add(d, DIAG_ERROR, loc, "unexpected character '%c'", c);
            else
                diags_add(d, DIAG_ERROR, loc, "unexpected byte 0x%02x", c);
            p++;
            continue;
        }
        TRY(push(&lx, k, p, n, loc));
        p += n;
    }
    TRY(push(&lx, DL_TOK_EOF, lx.end, 0, loc_at(&lx, lx.end)));
    return d->nerrors > e0 ? E_SYNTAX : OK;
fail:
    return st;
}
