/*
 * ir_walk.c — the driver: load, link, verify, then walk the module in a fixed order
 * (module, globals, functions; per function: parameters, blocks, instructions,
 * operands) and emit every relation through the FactSink.
 */
#include <string.h>
#include <time.h>

#include "ir_int.h"
#include "ir_load.h"

const char *ir_llvm_version(void) {
    static char buf[32];
    unsigned maj, min, pat;
    LLVMGetVersion(&maj, &min, &pat);
    snprintf(buf, sizeof buf, "%u.%u.%u", maj, min, pat);
    return buf;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Records the seconds spent in a phase since *t (and restarts the clock). */
static void phase(IrStats *stats, IrPhase p, double *t) {
    double n = now();
    if (stats)
        stats->seconds[p] += n - *t;
    *t = n;
}

const char *ir_opcode_name(LLVMOpcode op) {
    switch (op) {
#define OPC(name, Camel, llvm, cat)                                                                \
    case llvm: return #name;
#include "opcodes.def"
#undef OPC
    default: return "unknown";
    }
}

IrOpCategory ir_opcode_category(LLVMOpcode op) {
    switch (op) {
#define OPC(name, Camel, llvm, cat)                                                                \
    case llvm: return IR_OPC_##cat;
#include "opcodes.def"
#undef OPC
    default: return IR_OPC_unknown;
    }
}

static void emit_opcode_entity(FactSink *o, LLVMOpcode op, const char *id) {
    switch (op) {
#define OPC(name, Camel, llvm, cat)                                                                \
    case llvm: emit_##name##_instruction(o, id); break;
#include "opcodes.def"
#undef OPC
    default: break;
    }
}

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void walk_variable(IrCtx *c, LLVMValueRef v, const char *id) {
    FactSink *o = c->out;
    emit_variable(o, id);
    emit_variable_type(o, id, ir_type_id(c, LLVMTypeOf(v)));
    const IrLocal *l = ir_local(c, v);
    if (l && l->name_len) {
        fs_begin(o, REL_variable_name);
        fs_sym(o, id);
        fs_symn(o, l->name, l->name_len);
        fs_end(o);
    }
    emit_variable_function(o, id, c->fn_id);
}

/* The module summary index (ir_summary.h): entries by slot, `^N`; summaries `^N:K`. */
/* A summary entry that has a name and a GUID (a gv, a typeid or typeidCompatibleVTable
 * entry). */
static void named_summary_entry(FactSink *o, const char *id, uint32_t slot, const char *kind,
                                const char *name, size_t name_len, uint64_t guid) {
    emit_summary_entry(o, id);
    emit_summary_entry_slot(o, id, slot);
    emit_summary_entry_kind(o, id, kind);
    fs_begin(o, REL_summary_entry_name);
    fs_sym(o, id);
    fs_symn(o, name, name_len);
    fs_end(o);
    fs_begin(o, REL_summary_entry_guid);
    fs_sym(o, id);
    fs_unum(o, guid);
    fs_end(o);
}

/* An entry that holds one number (the index's flags, its block count) in relation rel. */
static void number_summary_entry(FactSink *o, uint32_t slot, const char *kind, IrRel rel,
                                 uint64_t value) {
    char id[32];
    snprintf(id, sizeof id, "^%u", slot);
    emit_summary_entry(o, id);
    emit_summary_entry_slot(o, id, slot);
    emit_summary_entry_kind(o, id, kind);
    fs_begin(o, rel);
    fs_sym(o, id);
    fs_unum(o, value);
    fs_end(o);
}

/* A typeid entry: its type test resolution and its devirtualisation resolutions. */
static void walk_typeid(FactSink *o, const SumTid *t) {
    static const char *const ttres[] = {"unsat", "byteArray", "inline", "single", "allOnes",
                                        "unknown"};
    static const char *const wpdk[] = {"indir", "singleImpl", "branchFunnel"};
    static const char *const byargk[] = {"indir", "uniformRetVal", "uniqueRetVal",
                                         "virtualConstProp"};
    char id[32];
    snprintf(id, sizeof id, "^%u", t->slot);
    named_summary_entry(o, id, t->slot, "typeid", t->name, t->name_len, t->guid);
    fs_begin(o, REL_summary_typeid_test_res);
    fs_sym(o, id);
    fs_sym(o, ttres[t->kind < 6 ? t->kind : 5]);
    fs_unum(o, t->size_m1_bit_width);
    fs_unum(o, t->align_log2);
    fs_unum(o, t->size_m1);
    fs_unum(o, t->bit_mask);
    fs_unum(o, t->inline_bits);
    fs_end(o);
    for (size_t k = 0; k < t->wpds.len; k++) {
        const SumWpd *w = &t->wpds.v[k];
        fs_begin(o, REL_summary_typeid_wpd);
        fs_sym(o, id);
        fs_num(o, (int64_t)k);
        fs_unum(o, w->offset);
        fs_sym(o, wpdk[w->kind < 3 ? w->kind : 0]);
        fs_end(o);
        if (w->impl) {
            fs_begin(o, REL_summary_typeid_wpd_single_impl);
            fs_sym(o, id);
            fs_num(o, (int64_t)k);
            fs_symn(o, w->impl, w->impl_len);
            fs_end(o);
        }
        for (size_t a = 0; a < w->nbyargs; a++) {
            const SumByArg *b = &t->byargs.v[w->first_byarg + a];
            fs_begin(o, REL_summary_typeid_wpd_by_arg);
            fs_sym(o, id);
            fs_num(o, (int64_t)k);
            fs_num(o, (int64_t)a);
            fs_sym(o, byargk[b->kind < 4 ? b->kind : 0]);
            fs_unum(o, b->info);
            fs_unum(o, b->byte);
            fs_unum(o, b->bit);
            fs_end(o);
            for (size_t v = 0; v < b->nargs; v++) {
                fs_begin(o, REL_summary_typeid_wpd_arg);
                fs_sym(o, id);
                fs_num(o, (int64_t)k);
                fs_num(o, (int64_t)a);
                fs_num(o, (int64_t)v);
                fs_unum(o, t->args.v[b->first_arg + v]);
                fs_end(o);
            }
        }
    }
}

/* A summary of a gv entry: sid `^N:K`, its K-th. */
static void walk_gv_summary(FactSink *o, const IrSummary *s, const SumSummary *m,
                            const char *id, const char *sid) {
    static const char *const linkages[] = {"external", "available_externally", "linkonce",
                                           "linkonce_odr", "weak", "weak_odr", "appending",
                                           "internal", "private", "extern_weak", "common"};
    static const char *const visibilities[] = {"default", "hidden", "protected"};
    static const char *const fflags[] = {"readNone", "readOnly", "noRecurse",
                                         "returnDoesNotAlias", "noInline", "alwaysInline",
                                         "noUnwind", "mayThrow", "hasUnknownCall",
                                         "mustBeUnreachable"};
    static const char *const hotness[] = {"unknown", "cold", "none", "hot", "critical"};
    static const char *const access[] = {"ref", "readonly", "writeonly"};
    static const char *const varflags[] = {"readonly", "writeonly", "constant"};
    static const char *const kinds[] = {"function", "variable", "alias"};
    char ref[32];
#define GV_ID(buf, k) snprintf(buf, sizeof buf, "^%u", s->gvs.v[k].slot)
    snprintf(ref, sizeof ref, "^%u", s->mods.v[m->module].slot);
    emit_gv_summary_module(o, sid, ref);
    emit_gv_summary(o, sid);
    emit_gv_summary_entry(o, sid, id);
    emit_gv_summary_kind(o, sid, kinds[m->kind]);
    emit_gv_summary_linkage(o, sid, m->linkage < 11 ? linkages[m->linkage] : "external");
    emit_gv_summary_visibility(o, sid, visibilities[m->visibility < 3 ? m->visibility : 0]);
    emit_gv_summary_import_type(o, sid, m->import_type ? "declaration" : "definition");
    if (m->not_eligible)
        emit_gv_summary_flag(o, sid, "notEligibleToImport");
    if (m->live)
        emit_gv_summary_flag(o, sid, "live");
    if (m->dso_local)
        emit_gv_summary_flag(o, sid, "dsoLocal");
    if (m->auto_hide)
        emit_gv_summary_flag(o, sid, "canAutoHide");
    if (m->kind == SUM_FUNCTION) {
        emit_gv_summary_insts(o, sid, (int64_t)m->insts);
        for (int k = 0; k < 10; k++)
            if (m->fflags >> k & 1)
                emit_gv_summary_func_flag(o, sid, fflags[k]);
        for (size_t k = 0; k < m->calls.len; k++) {
            const SumCall *e = &m->calls.v[k];
            GV_ID(ref, e->gv);
            emit_gv_summary_call(o, sid, (int64_t)k, ref);
            if (e->hotness && e->hotness < 5)
                emit_gv_summary_call_hotness(o, sid, (int64_t)k, hotness[e->hotness]);
            if (e->relbf) {
                fs_begin(o, REL_gv_summary_call_relbf);
                fs_sym(o, sid);
                fs_num(o, (int64_t)k);
                fs_unum(o, e->relbf);
                fs_end(o);
            }
            if (e->tail)
                emit_gv_summary_call_tail(o, sid, (int64_t)k);
        }
        static const char *const alloc_types[] = {"none", "notcold", "cold", "none", "hot"};
        for (size_t k = 0; k < m->callsites.len; k++) {
            const SumCallsite *cs = &m->callsites.v[k];
            GV_ID(ref, cs->gv);
            emit_gv_summary_callsite(o, sid, (int64_t)k, ref);
            for (size_t a = 0; a < cs->nids; a++) {
                fs_begin(o, REL_gv_summary_callsite_stack_id);
                fs_sym(o, sid);
                fs_num(o, (int64_t)k);
                fs_num(o, (int64_t)a);
                fs_unum(o, m->stack_ids.v[cs->first_id + a]);
                fs_end(o);
            }
            for (size_t a = 0; a < cs->nclones; a++) {
                fs_begin(o, REL_gv_summary_callsite_clone);
                fs_sym(o, sid);
                fs_num(o, (int64_t)k);
                fs_num(o, (int64_t)a);
                fs_unum(o, m->clones.v[cs->first_clone + a]);
                fs_end(o);
            }
        }
        for (size_t k = 0, mi = 0; k < m->mibs.len; k++, mi++) {
            const SumMib *mib = &m->mibs.v[k];
            if (k && mib->alloc != m->mibs.v[k - 1].alloc)
                mi = 0;
            for (size_t a = 0; mi == 0 && a < mib->nvers; a++) { /* once per allocation */
                uint8_t t = m->versions.v[mib->first_ver + a];
                fs_begin(o, REL_gv_summary_alloc_version);
                fs_sym(o, sid);
                fs_num(o, mib->alloc);
                fs_num(o, (int64_t)a);
                fs_sym(o, alloc_types[t <= 4 ? t : 0]);
                fs_end(o);
            }
            fs_begin(o, REL_gv_summary_alloc_mib);
            fs_sym(o, sid);
            fs_num(o, mib->alloc);
            fs_num(o, (int64_t)mi);
            fs_sym(o, alloc_types[mib->type <= 4 ? mib->type : 0]);
            fs_end(o);
            for (size_t a = 0; a < mib->nids; a++) {
                fs_begin(o, REL_gv_summary_alloc_stack_id);
                fs_sym(o, sid);
                fs_num(o, mib->alloc);
                fs_num(o, (int64_t)mi);
                fs_num(o, (int64_t)a);
                fs_unum(o, m->stack_ids.v[mib->first_id + a]);
                fs_end(o);
            }
        }
        for (size_t k = 0; k < m->params.len; k++) {
            const SumParam *p = &m->params.v[k];
            fs_begin(o, REL_gv_summary_param);
            fs_sym(o, sid);
            fs_num(o, (int64_t)k);
            fs_unum(o, p->param);
            fs_num(o, p->first);
            fs_num(o, p->last);
            fs_end(o);
            for (size_t a = 0; a < p->ncalls; a++) {
                const SumParamCall *pc = &m->pcalls.v[p->first_call + a];
                GV_ID(ref, pc->gv);
                fs_begin(o, REL_gv_summary_param_call);
                fs_sym(o, sid);
                fs_num(o, (int64_t)k);
                fs_num(o, (int64_t)a);
                fs_sym(o, ref);
                fs_unum(o, pc->param);
                fs_num(o, pc->first);
                fs_num(o, pc->last);
                fs_end(o);
            }
        }
        for (size_t k = 0; k < m->type_tests.len; k++) {
            fs_begin(o, REL_gv_summary_type_test);
            fs_sym(o, sid);
            fs_num(o, (int64_t)k);
            fs_unum(o, m->type_tests.v[k]);
            fs_end(o);
        }
        static const char *const vkinds[] = {"typeTestAssumeVCalls", "typeCheckedLoadVCalls",
                                             "typeTestAssumeConstVCalls",
                                             "typeCheckedLoadConstVCalls"};
        int64_t vi = 0;
        for (int kind = 0; kind < 4; kind++)
            for (size_t k = 0; k < m->vcalls.len; k++) {
                const SumVCall *vc = &m->vcalls.v[k];
                if ((int)vc->kind != kind)
                    continue;
                fs_begin(o, REL_gv_summary_vcall);
                fs_sym(o, sid);
                fs_num(o, vi);
                fs_sym(o, vkinds[kind]);
                fs_unum(o, vc->guid);
                fs_unum(o, vc->offset);
                fs_end(o);
                for (size_t a = 0; a < vc->nargs; a++) {
                    fs_begin(o, REL_gv_summary_vcall_arg);
                    fs_sym(o, sid);
                    fs_num(o, vi);
                    fs_num(o, (int64_t)a);
                    fs_unum(o, m->vargs.v[vc->first_arg + a]);
                    fs_end(o);
                }
                vi++;
            }
    } else if (m->kind == SUM_VARIABLE) {
        for (int k = 0; k < 3; k++)
            if (m->varflags >> k & 1)
                emit_gv_summary_var_flag(o, sid, varflags[k]);
        emit_gv_summary_vcall_visibility(o, sid, m->vcall_visibility);
        for (size_t k = 0; k < m->vfuncs.len; k++) {
            GV_ID(ref, m->vfuncs.v[k].gv);
            fs_begin(o, REL_gv_summary_vtable_func);
            fs_sym(o, sid);
            fs_num(o, (int64_t)k);
            fs_sym(o, ref);
            fs_unum(o, m->vfuncs.v[k].offset);
            fs_end(o);
        }
    } else {
        GV_ID(ref, m->aliasee);
        emit_gv_summary_aliasee(o, sid, ref);
    }
    for (size_t k = 0; k < m->refs.len; k++) {
        GV_ID(ref, m->refs.v[k].gv);
        emit_gv_summary_ref(o, sid, (int64_t)k, ref, access[m->refs.v[k].access % 3]);
    }
#undef GV_ID
}

static void walk_summary(IrCtx *c) {
    FactSink *o = c->out;
    const IrSummary *s = &c->summary;
    emit_module_summary_index(o, c->mod_id);
    if (s->unsupported[0] || !s->present) {
        emit_summary_unsupported(o, c->mod_id, s->unsupported[0] ? s->unsupported
                                                                 : "an index that was not read");
        return;
    }
    char id[32], sid[48], ref[32];
    if (s->full_lto)
        emit_summary_full_lto(o, c->mod_id);
    if (s->combined)
        emit_summary_combined(o, c->mod_id);
    int64_t ncfi[2] = {0, 0};
    for (size_t k = 0; k < s->cfis.len; k++) {
        const SumCfi *cf = &s->cfis.v[k];
        fs_begin(o, REL_summary_cfi_function);
        fs_sym(o, c->mod_id);
        fs_sym(o, cf->decl ? "decl" : "def");
        fs_num(o, ncfi[cf->decl]++);
        fs_symn(o, cf->name, cf->len);
        fs_end(o);
    }
    for (size_t k = 0; k < s->mods.len; k++) {
        const SumModule *md = &s->mods.v[k];
        snprintf(id, sizeof id, "^%u", md->slot);
        emit_summary_entry(o, id);
        emit_summary_entry_slot(o, id, md->slot);
        emit_summary_entry_kind(o, id, "module");
        fs_begin(o, REL_summary_module_path);
        fs_sym(o, id);
        fs_sym(o, md->path ? md->path : "");
        fs_end(o);
        for (int i = 0; i < 5; i++) {
            fs_begin(o, REL_summary_module_hash);
            fs_sym(o, id);
            fs_num(o, i);
            fs_unum(o, md->hash[i]);
            fs_end(o);
        }
    }
#define GV_ID(buf, k) snprintf(buf, sizeof buf, "^%u", s->gvs.v[k].slot)
    for (size_t i = 0; i < s->gvs.len; i++) {
        const SumGv *g = &s->gvs.v[i];
        GV_ID(id, i);
        if (!g->name) { /* known by its GUID only */
            emit_summary_entry(o, id);
            emit_summary_entry_slot(o, id, g->slot);
            emit_summary_entry_kind(o, id, "gv");
            fs_begin(o, REL_summary_entry_guid);
            fs_sym(o, id);
            fs_unum(o, g->guid);
            fs_end(o);
        } else {
            named_summary_entry(o, id, g->slot, "gv", g->name, g->name_len, g->guid);
            LLVMValueRef v = ir_summary_find_global(c->mod, g->name, g->name_len);
            if (v)
                emit_summary_entry_global(o, id, ir_value_id(c, v));
        }
        for (uint32_t k = 0; k < g->nsums; k++) {
            snprintf(sid, sizeof sid, "%s:%u", id, k);
            walk_gv_summary(o, s, &s->sums.v[g->summary + (int32_t)k], id, sid);
        }
    }
    for (size_t i = 0; i < s->typeids.len; i++)
        walk_typeid(o, &s->typeids.v[i]);
    for (size_t i = 0; i < s->tids.len; i++) {
        const SumTypeId *t = &s->tids.v[i];
        snprintf(id, sizeof id, "^%u", t->slot);
        named_summary_entry(o, id, t->slot, "typeidCompatibleVTable", t->name, t->name_len,
                            t->guid);
        for (size_t k = 0; k < t->vts.len; k++) {
            GV_ID(ref, t->vts.v[k].gv);
            fs_begin(o, REL_summary_typeid_vtable);
            fs_sym(o, id);
            fs_num(o, (int64_t)k);
            fs_unum(o, t->vts.v[k].offset);
            fs_sym(o, ref);
            fs_end(o);
        }
    }
#undef GV_ID
    if (s->flags_slot)
        number_summary_entry(o, s->flags_slot, "flags", REL_summary_index_flags, s->flags);
    number_summary_entry(o, s->blockcount_slot, "blockcount", REL_summary_block_count,
                         s->blockcount);
}

static void walk_module(IrCtx *c, const char *const *inputs, size_t n) {
    FactSink *o = c->out;
    emit_module(o, c->mod_id);
    if (c->summary_index)
        walk_summary(c);
    size_t len;
    const char *s = LLVMGetSourceFileName(c->mod, &len);
    if (s && len) /* may hold NUL bytes */
        ir_emit_id_str(c, REL_module_source_filename, c->mod_id, s, len);
    s = LLVMGetTarget(c->mod);
    if (s && *s)
        emit_module_target_triple(o, c->mod_id, s);
    s = LLVMGetDataLayoutStr(c->mod);
    if (s && *s)
        emit_module_data_layout(o, c->mod_id, s);
    s = LLVMGetModuleInlineAsm(c->mod, &len);
    if (s && len) {
        int64_t line = 0;
        size_t start = 0;
        for (size_t i = 0; i <= len; i++) {
            if (i == len || s[i] == '\n') {
                if (i > start || i < len) { /* a line may hold NUL bytes */
                    fs_begin(o, REL_module_inline_asm);
                    fs_sym(o, c->mod_id);
                    fs_num(o, line++);
                    fs_symn(o, s + start, i - start);
                    fs_end(o);
                }
                start = i + 1;
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        emit_module_input(o, (int64_t)i, base_name(inputs[i]));
}

/* Successor edges of a block, once per distinct successor. */
static void emit_successors(IrCtx *c, LLVMValueRef term, const char *bid) {
    unsigned n = LLVMGetNumSuccessors(term);
    for (unsigned i = 0; i < n; i++) {
        LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
        bool seen = false;
        for (unsigned j = 0; j < i && !seen; j++)
            seen = LLVMGetSuccessor(term, j) == s;
        if (seen)
            continue;
        const char *sid = ir_block_id(c, s);
        emit_block_successor(c->out, bid, sid);
        emit_block_predecessor(c->out, sid, bid);
    }
}

static void walk_function(IrCtx *c, LLVMValueRef f) {
    FactSink *o = c->out;
    Status st = ir_ids_function(c, f);
    if (st != OK) {
        ir_fail(c, st);
        return;
    }
    const char *fid = c->fn_id;
    unsigned np = LLVMCountParams(f);
    for (unsigned i = 0; i < np; i++) {
        LLVMValueRef a = LLVMGetParam(f, i);
        const char *aid = ir_value_id(c, a);
        emit_function_param(o, fid, i, aid);
        walk_variable(c, a, aid);
    }
    int64_t bindex = 0;
    Vec(LLVMValueRef) pending = {0};
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b)) {
        const char *bid = ir_block_id(c, b);
        emit_block(o, bid);
        emit_block_function(o, bid, fid);
        emit_block_index(o, bid, bindex);
        if (bindex == 0)
            emit_function_entry_block(o, fid, bid);
        bindex++;
        const IrLocal *bl = ir_local(c, LLVMBasicBlockAsValue(b));
        if (bl && bl->name_len) {
            fs_begin(o, REL_block_name);
            fs_sym(o, bid);
            fs_symn(o, bl->name, bl->name_len);
            fs_end(o);
        }
        /* predecessors in use-list order, as llvm-dis prints them (irlog emit needs
         * the order to rebuild the use list) */
        int64_t pindex = 0, upos = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u;
             u = LLVMGetNextUse(u), upos++) {
            LLVMValueRef user = LLVMGetUser(u);
            if (LLVMIsATerminatorInst(user))
                emit_block_predecessor_list(o, bid, pindex++,
                                            ir_block_id(c, LLVMGetInstructionParent(user)));
            else if (LLVMIsABlockAddress(user))
                emit_block_address_use(o, bid, upos);
        }
        int64_t index = 0;
        const char *prev = NULL;
        pending.len = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
            if (ir_is_dbg_intrinsic(i)) {
                if (vec_push(&pending, i) != OK)
                    ir_fail(c, E_NOMEM);
                continue;
            }
            const char *iid = ir_insn_id(c, i);
            for (size_t k = 0; k < pending.len; k++)
                ir_meta_emit_dbg_record(c, pending.v[k], bid, iid, (int64_t)k);
            pending.len = 0;
            LLVMOpcode op = LLVMGetInstructionOpcode(i);
            emit_instruction(o, iid);
            emit_instruction_opcode(o, iid, ir_opcode_name(op));
            emit_opcode_entity(o, op, iid);
            emit_instruction_function(o, iid, fid);
            emit_instruction_block(o, iid, bid);
            emit_instruction_index(o, iid, index);
            if (index == 0)
                emit_block_first_instruction(o, bid, iid);
            if (prev)
                emit_instruction_next(o, prev, iid);
            if (LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind) {
                const char *vid = ir_value_id(c, i);
                emit_instruction_to(o, iid, vid);
                walk_variable(c, i, vid);
            }
            int nops = LLVMGetNumOperands(i);
            for (int k = 0; k < nops; k++)
                emit_instruction_operand(o, iid, k, ir_value_id(c, LLVMGetOperand(i, k)));
            emit_instruction_noperands(o, iid, nops);
            if (LLVMIsATerminatorInst(i)) {
                emit_terminator_instruction(o, iid);
                emit_successors(c, i, bid);
            }
            ir_insn_emit(c, i, iid);
            ir_meta_emit_insn(c, i, iid);
            prev = iid;
            index++;
        }
        for (size_t k = 0; k < pending.len; k++)
            ir_meta_emit_dbg_record(c, pending.v[k], bid, NULL, (int64_t)k);
        emit_block_ninstructions(o, bid, index);
        if (prev)
            emit_block_last_instruction(o, bid, prev);
    }
    vec_release(&pending);
}

static void walk(IrCtx *c, const char *const *inputs, size_t n, IrStats *stats) {
    FactSink *o = c->out;
    walk_module(c, inputs, n);
    /* blocks are label-typed values: the label type is in the type relations whenever
     * the module has a block */
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f; f = LLVMGetNextFunction(f))
        if (LLVMCountBasicBlocks(f)) {
            ir_type_id(c, LLVMLabelTypeInContext(c->llctx));
            break;
        }
    /* module order, as the printer writes the lines that the walk reads */
    ir_global_emit_variables(c);
    for (LLVMValueRef f = LLVMGetFirstFunction(c->mod); f && c->st == OK && !c->redo_inline;
         f = LLVMGetNextFunction(f)) {
        ir_global_emit_function(c, f);
        uint64_t k;
        if (ir_is_dbg_function(f) || !map_get(&c->value_ids, (uint64_t)(uintptr_t)f, &k))
            continue;
        const char *fid = intern_str(&c->ids, (Sym)k);
        LLVMTypeRef fty = LLVMGlobalGetValueType(f);
        emit_function(o, fid);
        emit_global_value_index(o, fid, c->gv_next[3]++);
        size_t len;
        const char *name = LLVMGetValueName2(f, &len);
        if (len)
            emit_function_name(o, fid, ir_intern(c, name, len));
        emit_function_signature(o, fid, ir_type_id(c, fty));
        emit_function_nparams(o, fid, LLVMCountParams(f));
        if (LLVMIsDeclaration(f)) {
            emit_function_declaration(o, fid);
        } else {
            emit_function_definition(o, fid);
            walk_function(c, f);
        }
        if (stats)
            stats->functions++;
    }
    if (c->st == OK && !c->redo_inline)
        fact_sink_mark(o, REL_metadata); /* the bodies are done; the metadata comes */
    ir_global_emit_aliases(c);
    ir_global_emit_late(c);
    ir_meta_emit_module(c);
}

/* Has LLVM's reader already run the verifier on m, and m passed? The reader does so
 * (UpgradeDebugInfo, for .ll and .bc alike) on a module whose one "Debug Info Version"
 * flag is the current version, and stops on a module that fails; when only the debug
 * info fails, it strips it and says so through a diagnostic, so the caller also asks
 * that the load added none. */
static bool reader_verified(LLVMContextRef ctx, LLVMModuleRef m) {
    size_t n = 0, found = 0;
    bool current = false;
    LLVMModuleFlagEntry *fl = LLVMCopyModuleFlagsMetadata(m, &n);
    for (unsigned k = 0; k < n; k++) {
        size_t len;
        const char *key = LLVMModuleFlagEntriesGetKey(fl, k, &len);
        if (len != 18 || memcmp(key, "Debug Info Version", 18) != 0)
            continue;
        found++;
        LLVMMetadataRef md = LLVMModuleFlagEntriesGetMetadata(fl, k);
        if (!md || LLVMGetMetadataKind(md) != LLVMConstantAsMetadataMetadataKind)
            continue;
        LLVMValueRef v = NULL;
        LLVMGetMDNodeOperands(LLVMMetadataAsValue(ctx, md), &v);
        current = v && LLVMIsAConstantInt(v) && LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 &&
                  LLVMConstIntGetZExtValue(v) == LLVMDebugMetadataVersion();
    }
    if (fl)
        LLVMDisposeModuleFlagsMetadata(fl);
    return found == 1 && current;
}

/* The number of instructions of the module, counted up to `enough`. */
static size_t count_insns(LLVMModuleRef m, size_t enough) {
    size_t n = 0;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f && n < enough; f = LLVMGetNextFunction(f))
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b && n < enough;
             b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
                n++;
    return n;
}

/* Frees what one generation (ids, text, walk, files) built, for a fresh one. */
static void release_generation(IrCtx *c) {
    fact_sink_abort(c->out);
    c->out = NULL;
    if (c->meta)
        ir_meta_end(c);
    intern_release(&c->ids);
    map_release(&c->type_ids);
    map_release(&c->value_ids);
    map_release(&c->local_ids);
    map_release(&c->insn_ids);
    arena_release(&c->local);
    c->unnamed_structs = 0;
    memset(c->gv_next, 0, sizeof c->gv_next);
    c->fn = NULL;
    c->fn_id = NULL;
    c->st = OK;
    c->redo_inline = false;
    c->redo_why[0] = '\0';
}

/* One generation: ids, the module text, the walk, and the files. */
static Status generate(IrCtx *c, const char *const *inputs, size_t ninputs, const char *outdir,
                       const IrOptions *opt, IrStats *stats, double *t) {
    Status st = OK;
    StrBuf err = SB_INIT;
    intern_init(&c->ids);
    /* the printer process is forked before the writer thread starts */
    TRY(ir_meta_begin(c));
    phase(stats, IR_PHASE_TEXT, t);
    st = opt->stream ? fact_sink_open_stream(&c->out, opt->stream_fd, opt->wanted, &err)
                     : fact_sink_open(&c->out, outdir, opt->format, &err);
    if (st != OK) {
        if (stats)
            stats->output_failed = true;
        diags_add(c->diags, DIAG_ERROR, (SrcLoc){0}, "%s", err.oom ? "out of memory" : err.buf);
        goto fail;
    }
    TRY(ir_ids_module(c));
    phase(stats, IR_PHASE_PREPARE, t);
    walk(c, inputs, ninputs, stats);
    phase(stats, IR_PHASE_WALK, t);
    if (c->redo_inline)
        TRY(E_INTERNAL); /* the caller starts again */
    ir_meta_end(c);
    if (c->st == OK && fact_sink_status(c->out) != OK) {
        c->st = fact_sink_status(c->out);
        if (stats)
            stats->output_failed = c->st == E_IO;
        diags_add(c->diags, DIAG_ERROR, (SrcLoc){outdir, 0, 0},
                  "cannot write the relations: %s", fact_sink_error(c->out));
        TRY(c->st);
    }
    if (c->st != OK) {
        if (!diags_has_errors(c->diags))
            diags_add(c->diags, DIAG_ERROR, (SrcLoc){0}, "while writing the relations: %s",
                      status_str(c->st));
        TRY(c->st);
    }
    if (stats) {
        for (int r = 0; r < REL__COUNT; r++)
            stats->rows[r] = fact_sink_count(c->out, (IrRel)r);
        stats->instructions = fact_sink_count(c->out, REL_instruction);
    }
    st = fact_sink_commit(c->out, &err);
    c->out = NULL;
    phase(stats, IR_PHASE_WRITE, t);
    if (st != OK && stats)
        stats->output_failed = true;
    if (st != OK)
        diags_add(c->diags, DIAG_ERROR, (SrcLoc){0}, "%s", err.oom ? "out of memory" : err.buf);
fail:
    sb_release(&err);
    return st;
}

Status ir_facts(const char *const *inputs, size_t ninputs, const char *outdir,
                const IrOptions *opt, Diags *diags, IrStats *stats) {
    Status st = OK;
    IrCtx c;
    memset(&c, 0, sizeof c);
    sb_init(&c.scratch);
    c.diags = diags;
    c.llctx = LLVMContextCreate();
    ir_load_init_context(c.llctx, diags);

    if (ninputs == 0) {
        diags_add(diags, DIAG_ERROR, (SrcLoc){0}, "no input files");
        TRY(E_SEMANTIC);
    }
    double t = now();
    size_t ndiags_load = diags->v.len;
    IrInputInfo info;
    ir_summary_init(&c.summary);
    TRY(ir_load_file(c.llctx, inputs[0], &c.mod, &info, &c.summary, diags));
    c.summary_index = info.summary && ninputs == 1; /* linking drops summaries */
    c.text_inputs = info.text;
    if (c.summary_index) {
        TRY(ir_summary_finish(&c.summary, c.mod));
        if (c.summary.unsupported[0])
            diags_add(diags, DIAG_WARNING, (SrcLoc){inputs[0], 0, 0},
                      "the module summary index (ThinLTO/LTO: llvm-dis's `^N = ...` entries) "
                      "holds %s, which the facts do not represent (summary_unsupported); "
                      "irlog emit refuses to rebuild the module without it",
                      c.summary.unsupported);
    }
    for (size_t i = 1; i < ninputs; i++) {
        LLVMModuleRef m = NULL;
        TRY(ir_load_file(c.llctx, inputs[i], &m, &info, NULL, diags));
        c.text_inputs = c.text_inputs && info.text;
        TRY(ir_load_link(c.mod, m, inputs[i], diags));
    }
    phase(stats, IR_PHASE_READ, &t);
    /* not twice: one input the reader verified silently needs no second run */
    if (opt->verify &&
        !(ninputs == 1 && diags->v.len == ndiags_load && reader_verified(c.llctx, c.mod)))
        TRY(ir_load_verify(c.mod, ninputs == 1 ? inputs[0] : "the linked module", diags));
    /* LLVM 19 holds debug info as records, which its C API cannot iterate: turn them
     * back into llvm.dbg.* calls, which the walker reports as debug records. */
    phase(stats, IR_PHASE_VERIFY, &t);
    if (LLVMIsNewDbgInfoFormat(c.mod))
        LLVMSetIsNewDbgInfoFormat(c.mod, 0);
    c.td = LLVMCreateTargetData(LLVMGetDataLayoutStr(c.mod));
    c.mod_id = base_name(inputs[0]);

    c.text_stream = opt->print == IR_PRINT_STREAM ||
                    (opt->print == IR_PRINT_AUTO && count_insns(c.mod, IR_PRINT_STREAM_MIN) >=
                                                       IR_PRINT_STREAM_MIN);
    size_t ndiags = diags->v.len;
    st = generate(&c, inputs, ninputs, outdir, opt, stats, &t);
    if (c.redo_inline) {
        /* the streamed text disagreed with the metadata numbers the walk used: again,
         * with the text first (rare: the numbering follows LLVM's SlotTracker) */
        char why[sizeof c.redo_why];
        memcpy(why, c.redo_why, sizeof why);
        release_generation(&c);
        diags_truncate(diags, ndiags);
        if (why[0])
            diags_add(diags, DIAG_WARNING, (SrcLoc){0},
                      "the module printer process failed (%s): printed the module in this "
                      "process instead",
                      why);
        if (stats) {
            memset(stats->rows, 0, sizeof stats->rows);
            stats->functions = stats->instructions = 0;
        }
        c.text_stream = false;
        st = generate(&c, inputs, ninputs, outdir, opt, stats, &t);
    }
    if (st == OK && opt->fast_exit) {
        /* the process ends right after: let it reclaim LLVM's memory wholesale */
        c.mod = NULL;
        c.llctx = NULL;
    }

fail:
    release_generation(&c);
    ir_summary_release(&c.summary);
    if (c.td)
        LLVMDisposeTargetData(c.td);
    if (c.mod)
        LLVMDisposeModule(c.mod);
    if (c.llctx)
        LLVMContextDispose(c.llctx);
    sb_release(&c.scratch);
    return st;
}
