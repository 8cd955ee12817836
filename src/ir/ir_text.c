/*
 * ir_text.c — the printed module, for what the C API cannot reach (see ir_meta_int.h).
 *
 * Line rules of LLVM 19's printer (AssemblyWriter), after debug records were turned
 * into llvm.dbg.* calls:
 *   - global variables, aliases and ifuncs are lines at column 0 starting with `@`,
 *     in that order (Module::globals, aliases, ifuncs), before the first function;
 *   - each function is a `define ... {` or `declare ...` line at column 0, in module
 *     order; a definition's body ends at a `}` line;
 *   - inside a body: labels start at column 0 (an unnamed entry block has none);
 *     instruction lines start with exactly two spaces; deeper-indented lines continue
 *     the previous instruction (switch cases, invoke targets, landingpad clauses),
 *     as does the `  ]` closing a switch; blank lines separate blocks;
 *   - the comdats of global objects (`$name = comdat any`) come before the globals,
 *     the attribute groups (`attributes #N = { ... }`) after the last function;
 *   - the metadata section: `!name = !{...}` (named metadata), then `!N = ...` in
 *     the order of N.
 * Everything is O(size of the text); instruction lines are matched one function at a
 * time, when first asked for.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ir_meta_int.h"

static bool starts(const char *s, const char *p) {
    return strncmp(s, p, strlen(p)) == 0;
}

/* "  x..." with exactly two spaces, and not the `  ]` (maybe followed by attachments)
 * that closes a switch. */
static bool is_insn_line(const char *l) {
    return l[0] == ' ' && l[1] == ' ' && l[2] != ' ' && l[2] != '\0' && l[2] != ']';
}

static bool is_label_line(const char *l) {
    return l[0] != '\0' && l[0] != ' ' && l[0] != '}' && l[0] != ';';
}

/* The name of global value g as the printer writes it (printLLVMNameWithoutPrefix:
 * quoted unless [-a-zA-Z._0-9]+ not starting with a digit; in quotes `\\` for a
 * backslash and \XX for other unprintable bytes and `"`), or its id when unnamed. */
static const char *printed_name(IrCtx *c, LLVMValueRef g, StrBuf *sb) {
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (!len)
        return ir_value_id(c, g);
    sb_reset(sb);
    ir_append_name(sb, '@', name, len);
    return sb->buf;
}

/* Does the global line l start with the value's name followed by " = "? */
static bool line_names(const char *l, const char *id) {
    size_t n = strlen(id);
    return strncmp(l, id, n) == 0 && strncmp(l + n, " = ", 3) == 0;
}

/* Does the function header line name id, as `<id>(`? The id is quoted when it needs
 * to be, so its first occurrence followed by `(` is the function's name unless a
 * preceding string attribute or type contains it; those come before the name only as
 * `%struct` names or return attributes, which never contain `@`. */
static bool header_names(const char *l, const char *id) {
    size_t n = strlen(id);
    for (const char *p = strstr(l, id); p; p = strstr(p + 1, id))
        if (p[n] == '(')
            return true;
    return false;
}

static void warn(IrCtx *c, const char *what, const char *fn) {
    diags_add(c->diags, DIAG_WARNING, (SrcLoc){0},
              "the printed module does not match the C API's view (%s%s): the facts read "
              "from the module text are left out",
              what, fn);
}

/* ------------------------------------------------------------------------------------ */
/* The stream: a printer process writes the text into a pipe; a reader thread appends
 * it to chunks. Each chunk's bytes [0, pub) are published: they end at a line end and
 * belong to the main thread from then on (it turns newlines into NULs); the reader
 * writes only at and after `pub`. A line that does not fit is carried into the next
 * chunk before the chunk is sealed (a chunk is sealed once a later one exists). */

#define CHUNK (1u << 20)
/* The printer's last line: no line of LLVM's starts with a control character. */
#define DONE_LINE "\001irlog: printed"

typedef struct TextChunk {
    char *buf;
    size_t cap; /* bytes of buf, one more than may be read into it (for a final NUL) */
    size_t pub; /* published bytes */
} TextChunk;

struct TextStream {
    pid_t pid;             /* the printer, until waited for */
    int fd;                /* read end of the pipe */
    pthread_t reader;
    bool reader_running;
    pthread_mutex_t mu;
    pthread_cond_t cv;     /* more was published, or the end came */
    Vec(TextChunk *) chunks;
    bool end;              /* the reader is done: end of the pipe, or an error */
    Status st;             /* the reader's error (E_NOMEM, E_IO) */
    int err_no;
};

static Status new_chunk(TextChunk **out, size_t cap) {
    TextChunk *k = mem_calloc(1, sizeof *k);
    if (!k)
        return E_NOMEM;
    k->buf = mem_alloc(cap);
    if (!k->buf) {
        mem_free(k);
        return E_NOMEM;
    }
    k->cap = cap;
    *out = k;
    return OK;
}

static void *reader_main(void *arg) {
    TextStream *s = arg;
    TextChunk *cur = NULL;
    Status st = new_chunk(&cur, CHUNK);
    int en = 0;
    size_t fill = 0;
    pthread_mutex_lock(&s->mu);
    if (st == OK && vec_push(&s->chunks, cur) != OK) {
        mem_free(cur->buf);
        mem_free(cur);
        st = E_NOMEM;
    }
    pthread_mutex_unlock(&s->mu);
    while (st == OK) {
        if (fill + 1 == cur->cap) {
            /* full: carry the unfinished line into a new chunk, then seal this one */
            size_t tail = fill - cur->pub;
            TextChunk *next;
            st = new_chunk(&next, tail + 1 > CHUNK / 2 ? 2 * (tail + 1) : CHUNK);
            if (st != OK)
                break;
            memcpy(next->buf, cur->buf + cur->pub, tail);
            pthread_mutex_lock(&s->mu);
            st = vec_push(&s->chunks, next);
            pthread_mutex_unlock(&s->mu);
            if (st != OK) {
                mem_free(next->buf);
                mem_free(next);
                break;
            }
            cur = next;
            fill = tail;
        }
        ssize_t n = read(s->fd, cur->buf + fill, cur->cap - 1 - fill);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            st = E_IO;
            en = errno;
            break;
        }
        if (n == 0) {
            /* the end: publish a last line that has no newline, NUL-terminated */
            cur->buf[fill] = '\0';
            pthread_mutex_lock(&s->mu);
            cur->pub = fill;
            pthread_mutex_unlock(&s->mu);
            break;
        }
        size_t from = fill;
        fill += (size_t)n;
        size_t last = fill;
        while (last > from && cur->buf[last - 1] != '\n')
            last--;
        if (last > from) {
            pthread_mutex_lock(&s->mu);
            cur->pub = last;
            pthread_cond_signal(&s->cv);
            pthread_mutex_unlock(&s->mu);
        }
    }
    pthread_mutex_lock(&s->mu);
    s->end = true;
    s->st = st;
    s->err_no = en;
    pthread_cond_signal(&s->cv);
    pthread_mutex_unlock(&s->mu);
    return NULL;
}

/* Forks the printer: LLVM prints the module to its standard output, the pipe. */
static Status stream_start(IrCtx *c, TextStream *s) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return E_IO;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return E_IO;
    }
    if (pid == 0) {
        /* the printer: it ends with _exit, never returning into the caller */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != parent)
            _exit(2);
        signal(SIGPIPE, SIG_DFL);
        close(fds[0]);
        if (dup2(fds[1], STDOUT_FILENO) < 0)
            _exit(2);
        /* fault injection for the tests: IRLOG_FAULT=printer */
        const char *fault = getenv("IRLOG_FAULT");
        if (fault && !strcmp(fault, "printer"))
            _exit(1);
        char *msg = NULL;
        LLVMBool bad = LLVMPrintModuleToFile(c->mod, "-", &msg);
        /* the last line says the text is whole; closing the pipe before _exit lets the
         * reader see the end without waiting for this process's memory to be torn down */
        if (!bad && write(fds[1], DONE_LINE "\n", sizeof DONE_LINE) != sizeof DONE_LINE)
            bad = 1;
        close(STDOUT_FILENO); /* (LLVM may have closed it already) */
        close(fds[1]);
        _exit(bad ? 1 : 0);
    }
    close(fds[1]);
    s->pid = pid;
    s->fd = fds[0];
    pthread_mutex_init(&s->mu, NULL);
    pthread_cond_init(&s->cv, NULL);
    if (pthread_create(&s->reader, NULL, reader_main, s) != 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        s->pid = 0;
        close(s->fd);
        s->fd = -1;
        return E_IO;
    }
    s->reader_running = true;
    return OK;
}

/* Waits for the printer; false (with the reason in why) when it did not succeed. */
static bool stream_reap(TextStream *s, char *why, size_t n) {
    int ws = 0;
    pid_t pid = s->pid;
    s->pid = 0;
    while (waitpid(pid, &ws, 0) < 0)
        if (errno != EINTR) {
            snprintf(why, n, "waiting for it: %s", strerror(errno));
            return false;
        }
    if (WIFEXITED(ws) && WEXITSTATUS(ws) == 0)
        return true;
    if (WIFSIGNALED(ws))
        snprintf(why, n, "killed by signal %d", WTERMSIG(ws));
    else
        snprintf(why, n, "exit status %d", WEXITSTATUS(ws));
    return false;
}

static void stream_release(TextStream *s) {
    if (s->pid > 0) {
        kill(s->pid, SIGKILL);
        while (waitpid(s->pid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    if (s->reader_running) {
        /* the printer is gone, so the reader meets the end of the pipe */
        pthread_join(s->reader, NULL);
        pthread_mutex_destroy(&s->mu);
        pthread_cond_destroy(&s->cv);
    }
    if (s->fd >= 0)
        close(s->fd);
    for (size_t k = 0; k < s->chunks.len; k++) {
        mem_free(s->chunks.v[k]->buf);
        mem_free(s->chunks.v[k]);
    }
    vec_release(&s->chunks);
    mem_free(s);
}

/* ------------------------------------------------------------------------------------ */
/* Reading lines */

/* Files line k (just added) into the scanner's lists. */
static Status scan_line(IrText *t, size_t k) {
    const char *l = t->lines.v[k];
    if (t->in_body) {
        if (l[0] == '}') {
            t->in_body = false;
            return vec_push(&t->fends, k);
        }
        return OK;
    }
    if (!t->md_started && l[0] == '!') {
        t->md_started = true;
        t->md_first = k;
    }
    if (t->md_started) {
        if (l[0] != '!')
            return OK;
        if (l[1] >= '0' && l[1] <= '9')
            return vec_push(&t->md_lines, k);
        return vec_push(&t->named_lines, k);
    }
    if (l[0] == '@')
        return vec_push(&t->glines, k);
    if (starts(l, "define ") || starts(l, "declare ")) {
        Status st = vec_push(&t->flines, k);
        size_t n = strlen(l);
        t->in_body = l[2] == 'f' && n && l[n - 1] == '{';
        if (st == OK && !t->in_body)
            st = vec_push(&t->fends, k);
        return st;
    }
    if (starts(l, "attributes #"))
        return vec_push(&t->attr_lines, k);
    if (l[0] == '$')
        return vec_push(&t->comdat_lines, k);
    return OK;
}

/* Splits buf[from, to) into lines (NUL-terminating each in place); buf[to] is NUL
 * when the last line has no newline. */
static Status add_lines(IrText *t, char *buf, size_t from, size_t to) {
    Status st = OK;
    char *p = buf + from, *end = buf + to;
    while (p < end) {
        char *nl = memchr(p, '\n', (size_t)(end - p));
        if (nl)
            *nl = '\0';
        TRY(vec_push(&t->lines, p));
        TRY(scan_line(t, t->lines.len - 1));
        if (!nl)
            break;
        p = nl + 1;
    }
fail:
    return st;
}

/* Reads more lines: false at the end of the text (or on an error, recorded in c). */
static bool more(IrCtx *c, IrText *t) {
    TextStream *s = t->stream;
    if (t->eof || !s)
        return false;
    for (;;) {
        pthread_mutex_lock(&s->mu);
        for (;;) {
            bool have = t->ci < s->chunks.len;
            size_t pub = have ? s->chunks.v[t->ci]->pub : 0;
            bool sealed = t->ci + 1 < s->chunks.len;
            if ((have && pub > t->off) || sealed || s->end)
                break;
            pthread_cond_wait(&s->cv, &s->mu);
        }
        TextChunk *k = t->ci < s->chunks.len ? s->chunks.v[t->ci] : NULL;
        size_t pub = k ? k->pub : 0;
        bool sealed = t->ci + 1 < s->chunks.len;
        bool end = s->end;
        Status rst = s->st;
        int en = s->err_no;
        pthread_mutex_unlock(&s->mu);
        if (k && pub > t->off) {
            Status st = add_lines(t, k->buf, t->off, pub);
            t->off = pub;
            if (st != OK) {
                ir_fail(c, st);
                t->eof = true;
                return false;
            }
            return true;
        }
        if (sealed) {
            t->ci++;
            t->off = 0;
            continue;
        }
        if (end) {
            /* everything published has been read */
            t->eof = true;
            char why[128] = "";
            if (rst == E_NOMEM)
                snprintf(why, sizeof why, "out of memory reading its output");
            else if (rst != OK)
                snprintf(why, sizeof why, "reading its output: %s", strerror(en));
            if (rst == OK && t->lines.len && !strcmp(t->lines.v[t->lines.len - 1], DONE_LINE)) {
                t->lines.len--; /* whole; the process is reaped when the text is released */
                return false;
            }
            char how[96];
            if (rst != OK && s->pid > 0)
                kill(s->pid, SIGKILL); /* it may be blocked writing into the pipe */
            if (!stream_reap(s, how, sizeof how) && !why[0])
                snprintf(why, sizeof why, "%s", how);
            if (!why[0])
                snprintf(why, sizeof why, "its output has no end line");
            if (why[0]) {
                /* the text is incomplete: the walk is redone with the text printed inline */
                snprintf(c->redo_why, sizeof c->redo_why, "%s", why);
                c->redo_inline = true;
            }
            return false;
        }
    }
}

void ir_text_finish(IrCtx *c, IrText *t) {
    while (more(c, t))
        ;
}

Status ir_text_init(IrCtx *c, IrText *t, bool stream) {
    memset(t, 0, sizeof *t);
    t->funcs_ok = true;
    t->fnext = LLVMGetFirstFunction(c->mod);
    if (stream) {
        TextStream *s = mem_calloc(1, sizeof *s);
        if (!s)
            return E_NOMEM;
        s->fd = -1;
        if (stream_start(c, s) == OK) {
            t->stream = s;
            t->active = true;
            return OK;
        }
        stream_release(s); /* could not fork: print here */
    }
    t->buf = LLVMPrintModuleToString(c->mod);
    if (!t->buf)
        return E_NOMEM;
    t->active = true;
    t->eof = true;
    return add_lines(t, t->buf, 0, strlen(t->buf));
}

void ir_text_release(IrText *t) {
    if (t->buf)
        LLVMDisposeMessage(t->buf);
    if (t->stream)
        stream_release(t->stream);
    vec_release(&t->lines);
    vec_release(&t->glines);
    vec_release(&t->flines);
    vec_release(&t->fends);
    vec_release(&t->md_lines);
    vec_release(&t->named_lines);
    vec_release(&t->attr_lines);
    vec_release(&t->comdat_lines);
    map_release(&t->globals);
    map_release(&t->funcs);
    map_release(&t->insn_lines);
    map_release(&t->attr_groups);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------------------------ */
/* Matching global and function lines */

/* The global lines end where the first function header, attribute group or metadata
 * line is, or with the text. */
static void match_globals(IrCtx *c, IrText *t) {
    if (t->globals_done)
        return;
    while (!t->flines.len && !t->attr_lines.len && !t->md_started && more(c, t))
        ;
    t->globals_done = true;
    t->globals_ok = true;
    StrBuf name = SB_INIT;
    size_t gi = 0;
    LLVMValueRef (*firsts[3])(LLVMModuleRef) = {LLVMGetFirstGlobal, LLVMGetFirstGlobalAlias,
                                                LLVMGetFirstGlobalIFunc};
    LLVMValueRef (*nexts[3])(LLVMValueRef) = {LLVMGetNextGlobal, LLVMGetNextGlobalAlias,
                                              LLVMGetNextGlobalIFunc};
    for (int kind = 0; kind < 3 && t->globals_ok; kind++) {
        for (LLVMValueRef g = firsts[kind](c->mod); g && t->globals_ok; g = nexts[kind](g)) {
            if (gi >= t->glines.len ||
                !line_names(t->lines.v[t->glines.v[gi]], printed_name(c, g, &name))) {
                t->globals_ok = false;
                break;
            }
            if (map_put(&t->globals, (uint64_t)(uintptr_t)g, t->glines.v[gi] + 1) != OK)
                ir_fail(c, E_NOMEM);
            gi++;
        }
    }
    if (name.oom)
        ir_fail(c, E_NOMEM);
    sb_release(&name);
    if (t->globals_ok && gi != t->glines.len)
        t->globals_ok = false;
    if (!t->globals_ok) {
        map_release(&t->globals);
        warn(c, "global variable, alias and ifunc lines", "");
    }
}

/* Matches function headers in module order up to f (false when f has none). */
static bool match_funcs_to(IrCtx *c, IrText *t, LLVMValueRef f) {
    if (map_get(&t->funcs, (uint64_t)(uintptr_t)f, NULL))
        return true;
    StrBuf name = SB_INIT;
    while (t->funcs_ok && t->fnext) {
        while (t->flines.len <= t->fmatched && more(c, t))
            ;
        LLVMValueRef g = t->fnext;
        if (t->flines.len <= t->fmatched ||
            !header_names(t->lines.v[t->flines.v[t->fmatched]], printed_name(c, g, &name))) {
            t->funcs_ok = false;
            map_release(&t->funcs);
            warn(c, "function lines, at ", ir_value_id(c, g));
            break;
        }
        t->fmatched++;
        if (map_put(&t->funcs, (uint64_t)(uintptr_t)g, t->fmatched) != OK)
            ir_fail(c, E_NOMEM);
        t->fnext = LLVMGetNextFunction(g);
        if (g == f)
            break;
    }
    if (name.oom)
        ir_fail(c, E_NOMEM);
    sb_release(&name);
    return t->funcs_ok && map_get(&t->funcs, (uint64_t)(uintptr_t)f, NULL);
}

size_t ir_text_line_index_of(IrCtx *c, IrText *t, LLVMValueRef g) {
    if (!t->active || !g)
        return SIZE_MAX;
    uint64_t k;
    if (LLVMIsAFunction(g)) {
        if (!match_funcs_to(c, t, g) || !map_get(&t->funcs, (uint64_t)(uintptr_t)g, &k))
            return SIZE_MAX;
        return t->flines.v[k - 1];
    }
    match_globals(c, t);
    if (!t->globals_ok || !map_get(&t->globals, (uint64_t)(uintptr_t)g, &k))
        return SIZE_MAX;
    return (size_t)k - 1;
}

const char *ir_text_line_of(IrCtx *c, IrText *t, LLVMValueRef g) {
    size_t k = ir_text_line_index_of(c, t, g);
    return k == SIZE_MAX ? NULL : t->lines.v[k];
}

/* Pairs the instruction lines of function f's body with its instructions. */
static Status match_function(IrCtx *c, IrText *t, LLVMValueRef f) {
    map_reset(&t->insn_lines);
    t->cur_fn = f;
    t->cur_ok = false;
    uint64_t h;
    if (!match_funcs_to(c, t, f) || !map_get(&t->funcs, (uint64_t)(uintptr_t)f, &h))
        return OK;
    /* the body's lines, up to its `}` */
    while (t->fends.len < h && more(c, t))
        ;
    if (t->fends.len < h)
        return OK;
    size_t k = t->flines.v[h - 1] + 1; /* the line after the header */
    size_t n = t->fends.v[h - 1] + 1;
    bool ok = true;
    int64_t bindex = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b && ok; b = LLVMGetNextBasicBlock(b)) {
        size_t len;
        LLVMGetValueName2(LLVMBasicBlockAsValue(b), &len);
        /* blank lines, and the continuation lines of the previous block's terminator */
        while (k < n && (t->lines.v[k][0] == '\0' ||
                         (t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))))
            k++;
        if (bindex++ > 0 || len) {
            if (k >= n || !is_label_line(t->lines.v[k])) {
                ok = false;
                break;
            }
            k++;
        }
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            /* skip continuation lines of the previous instruction */
            while (k < n && t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))
                k++;
            if (k >= n || !is_insn_line(t->lines.v[k])) {
                ok = false;
                break;
            }
            if (map_put(&t->insn_lines, (uint64_t)(uintptr_t)i, k) != OK)
                return E_NOMEM;
            k++;
        }
    }
    while (ok && k < n && (t->lines.v[k][0] == '\0' ||
                           (t->lines.v[k][0] == ' ' && !is_insn_line(t->lines.v[k]))))
        k++;
    if (ok && (k >= n || strcmp(t->lines.v[k], "}") != 0))
        ok = false;
    if (!ok) {
        map_release(&t->insn_lines);
        if (!t->warned_insns) {
            t->warned_insns = true;
            warn(c, "instruction lines of ", ir_value_id(c, f));
        }
        return OK;
    }
    t->cur_ok = true;
    return OK;
}

size_t ir_text_insn_index(IrCtx *c, IrText *t, LLVMValueRef i) {
    if (!t->active || !i)
        return SIZE_MAX;
    LLVMBasicBlockRef b = LLVMGetInstructionParent(i);
    LLVMValueRef f = b ? LLVMGetBasicBlockParent(b) : NULL;
    if (!f)
        return SIZE_MAX;
    if (f != t->cur_fn) {
        Status st = match_function(c, t, f);
        if (st != OK) {
            ir_fail(c, st);
            t->cur_fn = NULL;
            return SIZE_MAX;
        }
    }
    uint64_t k;
    if (!t->cur_ok || !map_get(&t->insn_lines, (uint64_t)(uintptr_t)i, &k))
        return SIZE_MAX;
    return (size_t)k;
}

/* ---- the comdat lines and the attribute groups (ir_global_emit_late) ---- */

/* The printer writes the comdats (`$name = comdat any`) after the header, the type
 * definitions and module asm, before the first global value; the attribute groups
 * (`attributes #N = { ... }`, one line each) after the last function, before the
 * metadata section. */
Status ir_text_late_index(IrCtx *c, IrText *t) {
    if (t->late_done || !t->active)
        return OK;
    ir_text_finish(c, t);
    t->late_done = true;
    for (size_t j = 0; j < t->attr_lines.len; j++) {
        size_t k = t->attr_lines.v[j];
        const char *p = t->lines.v[k] + strlen("attributes #");
        uint64_t n = 0;
        size_t digits = 0;
        for (; *p >= '0' && *p <= '9' && digits < 10; p++, digits++)
            n = n * 10 + (uint64_t)(*p - '0');
        if (digits && starts(p, " = {") && map_put(&t->attr_groups, n, k + 1) != OK)
            return E_NOMEM;
    }
    return OK;
}

const char *ir_text_group(const IrText *t, unsigned n) {
    uint64_t k;
    if (!t->late_done || !map_get(&t->attr_groups, n, &k))
        return NULL;
    return strchr(t->lines.v[k - 1], '{');
}

const char *ir_text_comdat(const IrText *t, size_t k) {
    return t->late_done && k < t->comdat_lines.len ? t->lines.v[t->comdat_lines.v[k]] : NULL;
}
