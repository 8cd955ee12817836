/* table.c — the relation and type tables, expanded from relations.def and types.def. */
#include <string.h>

#include "facts.h"

#define KIND(T)                                                                                    \
    (_Generic((CT_##T)0, const char *: COL_SYMBOL, int64_t: COL_NUMBER, uint64_t: COL_UNSIGNED,    \
              double: COL_FLOAT))
#define C(T, c) {#c, #T, KIND(T)}

const RelInfo facts_rels[REL__COUNT] = {
#define AREA(name, doc)
#define REL0(n, d) [REL_##n] = {#n, d, 0, {{0}}},
#define REL1(n, d, T1, c1) [REL_##n] = {#n, d, 1, {C(T1, c1)}},
#define REL2(n, d, T1, c1, T2, c2) [REL_##n] = {#n, d, 2, {C(T1, c1), C(T2, c2)}},
#define REL3(n, d, T1, c1, T2, c2, T3, c3)                                                         \
    [REL_##n] = {#n, d, 3, {C(T1, c1), C(T2, c2), C(T3, c3)}},
#define REL4(n, d, T1, c1, T2, c2, T3, c3, T4, c4)                                                 \
    [REL_##n] = {#n, d, 4, {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4)}},
#define REL5(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5)                                         \
    [REL_##n] = {#n, d, 5, {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5)}},
#define REL6(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6)                                 \
    [REL_##n] = {#n, d, 6,                                                                   \
                 {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5), C(T6, c6)}},
#define REL7(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7)                         \
    [REL_##n] = {#n, d, 7,                                                                   \
                 {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5), C(T6, c6), C(T7, c7)}},
#define REL8(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8)                 \
    [REL_##n] = {#n, d, 8,                                                                   \
                 {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5), C(T6, c6), C(T7, c7),     \
                  C(T8, c8)}},
#define REL9(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8, T9, c9)         \
    [REL_##n] = {#n, d, 9,                                                                   \
                 {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5), C(T6, c6), C(T7, c7),     \
                  C(T8, c8), C(T9, c9)}},
#define REL10(n, d, T1, c1, T2, c2, T3, c3, T4, c4, T5, c5, T6, c6, T7, c7, T8, c8, T9, c9, T10,   \
              c10)                                                                                 \
    [REL_##n] = {#n, d, 10,                                                                  \
                 {C(T1, c1), C(T2, c2), C(T3, c3), C(T4, c4), C(T5, c5), C(T6, c6), C(T7, c7),     \
                  C(T8, c8), C(T9, c9), C(T10, c10)}},
#include "relations.def"
#include "relations_undef.h"
};

/* Areas: the enum value of the first relation after each AREA line. An area's first
 * relation is found by expanding the table again, counting relations. The relations
 * expand to nothing (RELX) here and in area_names and area_docs below. */
enum {
#define AREA(name, doc) AREA_POS_##name,
#define RELX(...)
#define REL0 RELX
#define REL1 RELX
#define REL2 RELX
#define REL3 RELX
#define REL4 RELX
#define REL5 RELX
#define REL6 RELX
#define REL7 RELX
#define REL8 RELX
#define REL9 RELX
#define REL10 RELX
#include "relations.def"
    AREA__COUNT
};
#undef AREA

static const char *const area_names[AREA__COUNT] = {
#define AREA(name, doc) #name,
#include "relations.def"
#undef AREA
};
static const char *const area_docs[AREA__COUNT] = {
#define AREA(name, doc) doc,
#include "relations.def"
#include "relations_undef.h"
};
#undef RELX

/* Sequence of tokens: each AREA emits a marker -1 - area, each relation its enum. */
static const int area_seq[] = {
#define AREA(name, doc) -1 - AREA_POS_##name,
#define REL0(n, ...) REL_##n,
#define REL1(n, ...) REL_##n,
#define REL2(n, ...) REL_##n,
#define REL3(n, ...) REL_##n,
#define REL4(n, ...) REL_##n,
#define REL5(n, ...) REL_##n,
#define REL6(n, ...) REL_##n,
#define REL7(n, ...) REL_##n,
#define REL8(n, ...) REL_##n,
#define REL9(n, ...) REL_##n,
#define REL10(n, ...) REL_##n,
#include "relations.def"
#include "relations_undef.h"
};

static AreaInfo areas[AREA__COUNT];
static const char *rel_area[REL__COUNT];
static bool areas_ready;

static void init_areas(void) {
    if (areas_ready)
        return;
    int cur = -1;
    for (size_t i = 0; i < ARRAY_LEN(area_seq); i++) {
        int t = area_seq[i];
        if (t < 0) {
            cur = -1 - t;
            areas[cur].name = area_names[cur];
            areas[cur].doc = area_docs[cur];
            areas[cur].first = REL__COUNT;
        } else if (cur >= 0) {
            if (areas[cur].first == REL__COUNT)
                areas[cur].first = (IrRel)t;
            rel_area[t] = area_names[cur];
        }
    }
    areas_ready = true;
}

const AreaInfo *facts_areas(size_t *n) {
    init_areas();
    *n = AREA__COUNT;
    return areas;
}

static const TypeInfo types[] = {
#define TYPE(name, parent, doc) {#name, #parent, NULL, doc},
#define UNION(name, members, doc) {#name, NULL, members, doc},
#include "types.def"
#undef TYPE
#undef UNION
#define OPC(name, Camel, llvm, cat)                                                                \
    {#Camel "Instruction", "Instruction", NULL, "an instruction with opcode `" #name "`"},
#include "opcodes.def"
#undef OPC
};

const TypeInfo *facts_types(size_t *n) {
    *n = ARRAY_LEN(types);
    return types;
}

IrRel facts_rel_by_name(const char *name) {
    for (int i = 0; i < REL__COUNT; i++)
        if (strcmp(facts_rels[i].name, name) == 0)
            return (IrRel)i;
    return REL__COUNT;
}

const char *facts_rel_area(IrRel r) {
    init_areas();
    return rel_area[r];
}
