/* the "library" of lib_callbacks.c, linked only when test_soundness.sh runs it (the
 * analysis sees lib_callbacks.c alone: lib_register is an unmodelled external) */
struct hooks {
  void (*on_start)(void *);
  void (*on_stop)(void *);
  void *ctx;
};

void lib_register(struct hooks *h) {
  h->on_start(h->ctx);
  h->on_stop(h->ctx);
}
