// A C++ translation unit for the module summary index round trip (tests/emit/roundtrip.sh,
// cases lto/*): vtables (vTableFuncs, typeidCompatibleVTable entries at -O2), a
// destructor alias, inline (linkonce_odr) functions, a static function behind a pointer.
struct B { virtual int f(); virtual ~B(); };
struct D : B { int f() override; };
int D::f() { return 2; }
int B::f() { return 1; }
B::~B() {}
int use(B *b) { return b->f(); }
static int hot(int x) { return x+1; }
int (*fp)(int) = hot;
extern int alias_t(int) __attribute__((alias("_Z3useP1B")));
