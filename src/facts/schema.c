/* schema.c — documents generated from the relation table: Souffle declarations and
 * the Markdown reference (docs/relations.md). */
#include <string.h>

#include "facts.h"

static void decl_cols(StrBuf *out, const RelInfo *r) {
    for (int i = 0; i < r->arity; i++) {
        if (i)
            sb_adds(out, ", ");
        sb_addf(out, "%s: %s", r->cols[i].name, r->cols[i].type);
    }
}

void facts_schema_dl(StrBuf *out, bool with_input) {
    sb_adds(out, "// irlog relational schema: generated from src/facts/relations.def by\n"
                 "// `irlog schema --dl`. Do not edit.\n"
                 "#ifndef IRLOG_SCHEMA_DL\n#define IRLOG_SCHEMA_DL\n\n");
    size_t nt;
    const TypeInfo *t = facts_types(&nt);
    for (size_t i = 0; i < nt; i++) {
        if (t[i].parent)
            sb_addf(out, ".type %s <: %s\n", t[i].name, t[i].parent);
        else
            sb_addf(out, ".type %s = %s\n", t[i].name, t[i].members);
    }
    size_t na;
    const AreaInfo *a = facts_areas(&na);
    size_t ai = 0;
    for (int r = 0; r < REL__COUNT; r++) {
        while (ai < na && a[ai].first == (IrRel)r) {
            sb_addf(out, "\n// ---- %s\n", a[ai].doc);
            ai++;
        }
        const RelInfo *ri = &facts_rels[r];
        sb_addf(out, ".decl %s(", ri->name);
        decl_cols(out, ri);
        sb_adds(out, ")\n");
        if (with_input)
            sb_addf(out, ".input %s\n", ri->name);
    }
    sb_adds(out, "\n#endif\n");
}

static void md_escape(StrBuf *out, const char *s) {
    for (; *s; s++) {
        if (*s == '|')
            sb_adds(out, "\\|");
        else
            sb_addc(out, *s);
    }
}

void facts_schema_markdown(StrBuf *out) {
    sb_adds(out, "# Relations\n\n"
                 "Generated from `src/facts/relations.def` by `irlog schema --markdown`; "
                 "do not edit (a test fails when this file is stale).\n\n"
                 "Each relation is written as `<relation>.facts` (tab-separated, no header) "
                 "or `<relation>.csv` (with a header), or as the table `<relation>` of the "
                 "SQLite database of `--format sqlite` ([sql.md](sql.md)). "
                 "Column types are the entity types "
                 "below or Souffle's primitives (`number` is a signed 64-bit integer, "
                 "`unsigned` an unsigned 64-bit integer). How ids are spelled is in "
                 "[ids.md](ids.md).\n\n");
    size_t nt;
    const TypeInfo *t = facts_types(&nt);
    size_t na;
    const AreaInfo *a = facts_areas(&na);
    sb_addf(out, "%d relations in %zu areas, %zu entity types.\n\n", (int)REL__COUNT, na, nt);
    sb_adds(out, "## Contents\n\n- [Entity types](#entity-types)\n");
    for (size_t i = 0; i < na; i++)
        sb_addf(out, "- [%s](#%s)\n", a[i].doc, a[i].name);
    sb_adds(out, "\n## Entity types\n\n| type | is | meaning |\n|---|---|---|\n");
    for (size_t i = 0; i < nt; i++) {
        if (t[i].parent) {
            sb_addf(out, "| `%s` | `<: %s` | ", t[i].name, t[i].parent);
        } else {
            sb_addf(out, "| `%s` | `", t[i].name);
            md_escape(out, t[i].members);
            sb_adds(out, "` | ");
        }
        md_escape(out, t[i].doc);
        sb_adds(out, " |\n");
    }
    size_t ai = 0;
    for (int r = 0; r < REL__COUNT; r++) {
        while (ai < na && a[ai].first == (IrRel)r) {
            sb_addf(out, "\n<a id=\"%s\"></a>\n## %s\n\n| relation | columns | meaning |\n"
                         "|---|---|---|\n",
                    a[ai].name, a[ai].doc);
            ai++;
        }
        const RelInfo *ri = &facts_rels[r];
        sb_addf(out, "| `%s` | ", ri->name);
        StrBuf cols = SB_INIT;
        decl_cols(&cols, ri);
        sb_addf(out, "`%s` | ", cols.buf);
        sb_release(&cols);
        md_escape(out, ri->doc);
        sb_adds(out, " |\n");
    }
}
