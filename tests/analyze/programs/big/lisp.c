/* lisp.c — a small Lisp interpreter, the bigger program of test_soundness.sh.
 *
 * It is built from the pieces a points-to analysis finds hard: a tokenizer written as
 * a state machine (each state a function returning the next), an allocation wrapper
 * used from many places, tagged values on the heap, special forms and builtins found
 * in tables of function pointers (an array of structs, and a hash table with hash and
 * equality callbacks), closures, a tree walker that takes a visitor callback and a
 * context pointer, qsort with a comparator, a variadic error function, deferred
 * callbacks kept in a heap queue and run from an atexit handler, and setjmp/longjmp
 * for errors. It runs an embedded script (no input) and prints the results. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "markers.h"

/* ------------------------------------------------------------------ values */
enum kind { K_NIL, K_INT, K_SYM, K_PAIR, K_BUILTIN, K_CLOSURE, K_STR };

struct value;
struct interp;
typedef struct value *(*builtin_fn)(struct interp *, struct value *args);

struct value {
  enum kind kind;
  union {
    long i;
    const char *sym;
    struct {
      struct value *car, *cdr;
    } pair;
    struct {
      const char *name;
      builtin_fn fn;
    } builtin;
    struct {
      struct value *params, *body;
      struct env *env;
    } closure;
    char *str;
  } u;
};

struct env {
  const char *name;
  struct value *val;
  struct env *next;
};

struct deferred {
  void (*fn)(void *);
  void *arg;
  struct deferred *next;
};

struct interp {
  struct env *global;
  jmp_buf on_error;
  char error[128];
  struct deferred *queue;
  long steps;
};

static struct value nil_value = {K_NIL, {0}};
static struct value *const NIL = &nil_value;
static long allocated;

NOINLINE static void *xalloc(size_t n) {
  void *p = calloc(1, n);
  if (!p) {
    fputs("out of memory\n", stderr);
    exit(2);
  }
  allocated += (long)n;
  return p;
}

NOINLINE static struct value *mk(enum kind k) {
  struct value *v = xalloc(sizeof *v);
  v->kind = k;
  return v;
}

NOINLINE static struct value *mk_int(long i) {
  struct value *v = mk(K_INT);
  v->u.i = i;
  return v;
}

NOINLINE static struct value *cons(struct value *a, struct value *d) {
  struct value *v = mk(K_PAIR);
  v->u.pair.car = a;
  v->u.pair.cdr = d;
  return v;
}

/* interned symbols: a hash table whose hashing and comparison are callbacks */
struct table {
  unsigned (*hash)(const char *);
  int (*eq)(const char *, const char *);
  struct value *slots[64];
  int count;
};

NOINLINE static unsigned hash_fnv(const char *s) {
  unsigned h = 2166136261u;
  for (; *s; s++)
    h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

NOINLINE static int eq_str(const char *a, const char *b) { return strcmp(a, b) == 0; }

static struct table symbols = {hash_fnv, eq_str, {0}, 0};

NOINLINE static struct value *intern(struct table *t, const char *name) {
  unsigned h = t->hash(name) % 64;
  while (t->slots[h]) {
    if (t->eq(t->slots[h]->u.sym, name))
      return t->slots[h];
    h = (h + 1) % 64;
  }
  struct value *v = mk(K_SYM);
  v->u.sym = strdup(name);
  t->slots[h] = v;
  t->count++;
  return v;
}

/* ------------------------------------------------------------------ errors */
NOINLINE static void fail(struct interp *in, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(in->error, sizeof in->error, fmt, ap);
  va_end(ap);
  longjmp(in->on_error, 1);
}

/* ------------------------------------------------------------------ tokenizer */
struct lexer {
  const char *src;
  size_t pos;
  char tok[64];
  int len;
  int done;
};

struct lstate;
typedef struct lstate (*lstate_fn)(struct lexer *);
struct lstate {
  lstate_fn next;
};

NOINLINE static struct lstate l_start(struct lexer *lx);
NOINLINE static struct lstate l_word(struct lexer *lx);
NOINLINE static struct lstate l_comment(struct lexer *lx);

NOINLINE static struct lstate l_start(struct lexer *lx) {
  struct lstate s = {0};
  char c = lx->src[lx->pos];
  if (c == 0) {
    lx->done = 1;
    return s;
  }
  if (c == ';') {
    s.next = l_comment;
    return s;
  }
  if (c == ' ' || c == '\n' || c == '\t') {
    lx->pos++;
    s.next = l_start;
    return s;
  }
  if (c == '(' || c == ')' || c == '\'') {
    lx->tok[0] = c;
    lx->tok[1] = 0;
    lx->len = 1;
    lx->pos++;
    return s; /* a token is ready */
  }
  lx->len = 0;
  s.next = l_word;
  return s;
}

NOINLINE static struct lstate l_word(struct lexer *lx) {
  struct lstate s = {0};
  char c = lx->src[lx->pos];
  if (c && !strchr(" \n\t()';", c) && lx->len < 63) {
    lx->tok[lx->len++] = c;
    lx->pos++;
    s.next = l_word;
    return s;
  }
  lx->tok[lx->len] = 0;
  return s;
}

NOINLINE static struct lstate l_comment(struct lexer *lx) {
  struct lstate s = {l_comment};
  char c = lx->src[lx->pos];
  if (c == 0 || c == '\n')
    s.next = l_start;
  if (c)
    lx->pos++;
  return s;
}

/* the next token in lx->tok; 0 at the end */
NOINLINE static int next_token(struct lexer *lx) {
  struct lstate st = {l_start};
  lx->len = 0;
  while (st.next)
    st = st.next(lx);
  return !lx->done || lx->len > 0;
}

/* ------------------------------------------------------------------ reader */
NOINLINE static struct value *read_form(struct interp *in, struct lexer *lx);

NOINLINE static struct value *read_list(struct interp *in, struct lexer *lx) {
  if (!next_token(lx))
    fail(in, "unexpected end of input in a list");
  if (strcmp(lx->tok, ")") == 0)
    return NIL;
  struct value *head;
  if (strcmp(lx->tok, "(") == 0)
    head = read_list(in, lx);
  else if (strcmp(lx->tok, "'") == 0)
    head = cons(intern(&symbols, "quote"), cons(read_form(in, lx), NIL));
  else {
    char *end;
    long i = strtol(lx->tok, &end, 10);
    head = *end == 0 ? mk_int(i) : intern(&symbols, lx->tok);
  }
  return cons(head, read_list(in, lx));
}

NOINLINE static struct value *read_form(struct interp *in, struct lexer *lx) {
  if (!next_token(lx))
    return 0;
  if (strcmp(lx->tok, "(") == 0)
    return read_list(in, lx);
  if (strcmp(lx->tok, "'") == 0)
    return cons(intern(&symbols, "quote"), cons(read_form(in, lx), NIL));
  char *end;
  long i = strtol(lx->tok, &end, 10);
  return *end == 0 ? mk_int(i) : intern(&symbols, lx->tok);
}

/* ------------------------------------------------------------------ environments */
NOINLINE static struct env *bind(struct env *e, const char *name, struct value *v) {
  struct env *b = xalloc(sizeof *b);
  b->name = name;
  b->val = v;
  b->next = e;
  return b;
}

NOINLINE static struct value *lookup(struct interp *in, struct env *e, struct value *sym) {
  for (; e; e = e->next)
    if (e->name == sym->u.sym)
      return e->val;
  fail(in, "unbound symbol %s", sym->u.sym);
  return NIL;
}

/* ------------------------------------------------------------------ evaluator */
NOINLINE static struct value *eval(struct interp *in, struct value *x, struct env *e);

typedef struct value *(*special_fn)(struct interp *, struct value *args, struct env *e);

NOINLINE static struct value *sf_quote(struct interp *in, struct value *args, struct env *e) {
  (void)in;
  (void)e;
  return args->u.pair.car;
}

NOINLINE static struct value *sf_if(struct interp *in, struct value *args, struct env *e) {
  struct value *c = eval(in, args->u.pair.car, e);
  struct value *rest = args->u.pair.cdr;
  int truth = !(c == NIL || (c->kind == K_INT && c->u.i == 0));
  if (truth)
    return eval(in, rest->u.pair.car, e);
  return rest->u.pair.cdr == NIL ? NIL : eval(in, rest->u.pair.cdr->u.pair.car, e);
}

NOINLINE static struct value *sf_define(struct interp *in, struct value *args, struct env *e) {
  (void)e;
  struct value *target = args->u.pair.car;
  struct value *v;
  if (target->kind == K_PAIR) { /* (define (f params...) body) */
    v = mk(K_CLOSURE);
    v->u.closure.params = target->u.pair.cdr;
    v->u.closure.body = args->u.pair.cdr->u.pair.car;
    v->u.closure.env = 0; /* global: looked up at call time */
    target = target->u.pair.car;
  } else {
    v = eval(in, args->u.pair.cdr->u.pair.car, e);
  }
  in->global = bind(in->global, target->u.sym, v);
  return target;
}

NOINLINE static struct value *sf_lambda(struct interp *in, struct value *args, struct env *e) {
  (void)in;
  struct value *v = mk(K_CLOSURE);
  v->u.closure.params = args->u.pair.car;
  v->u.closure.body = args->u.pair.cdr->u.pair.car;
  v->u.closure.env = e;
  return v;
}

static void run_closure_later(void *arg);

NOINLINE static struct value *sf_defer(struct interp *in, struct value *args, struct env *e) {
  struct value *thunk = eval(in, args->u.pair.car, e);
  struct deferred *d = xalloc(sizeof *d);
  d->fn = run_closure_later;
  d->arg = thunk;
  d->next = in->queue;
  in->queue = d;
  return thunk;
}

static const struct {
  const char *name;
  special_fn fn;
} specials[] = {
    {"quote", sf_quote}, {"if", sf_if}, {"define", sf_define}, {"lambda", sf_lambda},
    {"defer", sf_defer},
};

NOINLINE static struct value *apply(struct interp *in, struct value *f, struct value *args) {
  in->steps++;
  if (f->kind == K_BUILTIN)
    return f->u.builtin.fn(in, args);
  if (f->kind != K_CLOSURE)
    fail(in, "not a function (kind %d)", (int)f->kind);
  struct env *e = f->u.closure.env ? f->u.closure.env : in->global;
  struct value *p = f->u.closure.params;
  for (; p != NIL && args != NIL; p = p->u.pair.cdr, args = args->u.pair.cdr)
    e = bind(e, p->u.pair.car->u.sym, args->u.pair.car);
  return eval(in, f->u.closure.body, e);
}

NOINLINE static struct value *eval_list(struct interp *in, struct value *x, struct env *e) {
  if (x == NIL)
    return NIL;
  struct value *head = eval(in, x->u.pair.car, e);
  return cons(head, eval_list(in, x->u.pair.cdr, e));
}

NOINLINE static struct value *eval(struct interp *in, struct value *x, struct env *e) {
  switch (x->kind) {
  case K_INT:
  case K_NIL:
  case K_STR:
  case K_BUILTIN:
  case K_CLOSURE:
    return x;
  case K_SYM:
    return lookup(in, e ? e : in->global, x);
  case K_PAIR:
    break;
  }
  struct value *op = x->u.pair.car;
  if (op->kind == K_SYM)
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
      if (strcmp(specials[i].name, op->u.sym) == 0)
        return specials[i].fn(in, x->u.pair.cdr, e);
  struct value *f = eval(in, op, e);
  return apply(in, f, eval_list(in, x->u.pair.cdr, e));
}

/* ------------------------------------------------------------------ builtins */
NOINLINE static long arg_int(struct interp *in, struct value *args, int k) {
  for (; k > 0 && args != NIL; k--)
    args = args->u.pair.cdr;
  if (args == NIL || args->u.pair.car->kind != K_INT)
    fail(in, "argument %d is not an integer", k);
  return args->u.pair.car->u.i;
}

NOINLINE static struct value *b_add(struct interp *in, struct value *a) {
  return mk_int(arg_int(in, a, 0) + arg_int(in, a, 1));
}
NOINLINE static struct value *b_sub(struct interp *in, struct value *a) {
  return mk_int(arg_int(in, a, 0) - arg_int(in, a, 1));
}
NOINLINE static struct value *b_mul(struct interp *in, struct value *a) {
  return mk_int(arg_int(in, a, 0) * arg_int(in, a, 1));
}
NOINLINE static struct value *b_lt(struct interp *in, struct value *a) {
  return mk_int(arg_int(in, a, 0) < arg_int(in, a, 1));
}
NOINLINE static struct value *b_cons(struct interp *in, struct value *a) {
  (void)in;
  return cons(a->u.pair.car, a->u.pair.cdr->u.pair.car);
}
NOINLINE static struct value *b_car(struct interp *in, struct value *a) {
  struct value *p = a->u.pair.car;
  if (p->kind != K_PAIR)
    fail(in, "car of a non-pair");
  return p->u.pair.car;
}
NOINLINE static struct value *b_cdr(struct interp *in, struct value *a) {
  struct value *p = a->u.pair.car;
  if (p->kind != K_PAIR)
    fail(in, "cdr of a non-pair");
  return p->u.pair.cdr;
}
NOINLINE static struct value *b_null(struct interp *in, struct value *a) {
  (void)in;
  return mk_int(a->u.pair.car == NIL);
}

static const struct {
  const char *name;
  builtin_fn fn;
} builtin_table[] = {
    {"+", b_add}, {"-", b_sub}, {"*", b_mul}, {"<", b_lt},
    {"cons", b_cons}, {"car", b_car}, {"cdr", b_cdr}, {"null?", b_null},
};

/* ------------------------------------------------------------------ printing: a walk
 * over a value with a visitor callback and a context */
struct printer {
  char buf[256];
  size_t len;
};

typedef void (*visit_fn)(void *ctx, const char *text);

NOINLINE static void walk(struct value *v, visit_fn visit, void *ctx) {
  char num[32];
  switch (v->kind) {
  case K_NIL:
    visit(ctx, "()");
    return;
  case K_INT:
    snprintf(num, sizeof num, "%ld", v->u.i);
    visit(ctx, num);
    return;
  case K_SYM:
    visit(ctx, v->u.sym);
    return;
  case K_STR:
    visit(ctx, v->u.str);
    return;
  case K_BUILTIN:
    visit(ctx, v->u.builtin.name);
    return;
  case K_CLOSURE:
    visit(ctx, "#<closure>");
    return;
  case K_PAIR:
    break;
  }
  visit(ctx, "(");
  for (struct value *p = v; p != NIL; p = p->u.pair.cdr) {
    walk(p->u.pair.car, visit, ctx);
    if (p->u.pair.cdr != NIL)
      visit(ctx, " ");
  }
  visit(ctx, ")");
}

NOINLINE static void append_text(void *ctx, const char *text) {
  struct printer *pr = ctx;
  size_t n = strlen(text);
  if (pr->len + n < sizeof pr->buf) {
    memcpy(pr->buf + pr->len, text, n + 1);
    pr->len += n;
  }
}

NOINLINE static void count_text(void *ctx, const char *text) {
  *(long *)ctx += (long)strlen(text);
}

/* ------------------------------------------------------------------ deferred work */
static struct interp *the_interp;

static void run_closure_later(void *arg) {
  struct value *thunk = arg;
  pts("deferred", thunk);
  struct value *r = apply(the_interp, thunk, NIL);
  struct printer pr = {{0}, 0};
  walk(r, append_text, &pr);
  printf("deferred: %s\n", pr.buf);
}

NOINLINE static void run_queue(void) {
  struct interp *in = the_interp;
  /* oldest first */
  struct deferred *rev = 0;
  while (in->queue) {
    struct deferred *d = in->queue;
    in->queue = d->next;
    d->next = rev;
    rev = d;
  }
  for (struct deferred *d = rev; d; d = d->next)
    d->fn(d->arg);
}

NOINLINE static int by_name(const void *a, const void *b) {
  const struct env *x = *(const struct env *const *)a;
  const struct env *y = *(const struct env *const *)b;
  pts("by_name.x", x);
  return strcmp(x->name, y->name);
}

NOINLINE static void list_globals(struct interp *in) {
  struct env *all[128];
  int n = 0;
  for (struct env *e = in->global; e && n < 128; e = e->next)
    all[n++] = e;
  qsort(all, (size_t)n, sizeof all[0], by_name);
  long chars = 0;
  for (int i = 0; i < n; i++)
    walk(all[i]->val, count_text, &chars);
  printf("%d globals, first %s, %ld characters printed\n", n, n ? all[0]->name : "-", chars);
}

/* ------------------------------------------------------------------ main */
static const char script[] =
    "; a few definitions\n"
    "(define (fib n) (if (< n 2) n (+ (fib (- n 1)) (fib (- n 2)))))\n"
    "(define (map f l) (if (null? l) '() (cons (f (car l)) (map f (cdr l)))))\n"
    "(define (range a b) (if (< a b) (cons a (range (+ a 1) b)) '()))\n"
    "(define square (lambda (x) (* x x)))\n"
    "(map fib (range 0 10))\n"
    "(map square '(1 2 3 4))\n"
    "(defer (lambda () (fib 12)))\n"
    "(defer (lambda () (map (lambda (x) (+ x 1)) '(10 20))))\n"
    "(car '(a b c))\n"
    "(undefined-thing 1)\n"
    "(cdr (cons 1 2))\n";

int main(int argc, char **argv) {
  (void)argv;
  static struct interp in;
  the_interp = &in;
  for (size_t i = 0; i < sizeof builtin_table / sizeof builtin_table[0]; i++) {
    struct value *b = mk(K_BUILTIN);
    b->u.builtin.name = builtin_table[i].name;
    b->u.builtin.fn = builtin_table[i].fn;
    in.global = bind(in.global, intern(&symbols, builtin_table[i].name)->u.sym, b);
  }
  atexit(run_queue);
  struct lexer lx = {script, 0, {0}, 0, 0};
  volatile int forms = 0;
  for (;;) {
    if (setjmp(in.on_error)) {
      printf("error: %s\n", in.error);
      continue;
    }
    struct value *x = read_form(&in, &lx);
    if (!x)
      break;
    forms++;
    pts("form", x);
    struct value *r = eval(&in, x, 0);
    pts("result", r);
    struct printer pr = {{0}, 0};
    walk(r, append_text, &pr);
    printf("%s\n", pr.buf);
  }
  list_globals(&in);
  printf("%d forms, %ld steps, %ld bytes, %d symbols\n", forms, in.steps, allocated,
         symbols.count + (argc > 5));
  return 0;
}
