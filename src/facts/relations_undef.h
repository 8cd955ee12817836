/*
 * relations_undef.h — ends an expansion of relations.def: undefines the X-macros it
 * calls (AREA, REL0 ... REL10), so that the next expansion can define its own.
 *
 * Include it right after each `#include "relations.def"`. It has no include guard on
 * purpose: it is meant to be included once per expansion.
 */
#undef AREA
#undef REL0
#undef REL1
#undef REL2
#undef REL3
#undef REL4
#undef REL5
#undef REL6
#undef REL7
#undef REL8
#undef REL9
#undef REL10
