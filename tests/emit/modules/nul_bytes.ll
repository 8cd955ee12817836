; NUL bytes in the strings of a module: source_filename, module asm, sections and
; partitions of every global kind. LLVM's C getters of sections (LLVMGetSection) return C
; strings, and the walker interned the others as C strings, so each was cut at its first NUL
; ("sec\00x" came back as "sec"). (A gc name with a NUL byte is left out: llvm-dis-19 prints
; it raw, unescaped, see docs/emit.md.)
source_filename = "a\00b.c"
target triple = "x86_64-unknown-linux-gnu"
module asm "asm \00 nul"
@g = global i32 0, section "sec\00x", partition "p\00q"
@a = alias i32, ptr @g, partition "ap\00q"
@i = ifunc void (), ptr @r, partition "ip\00q"
define ptr @r() section "fs\00x" partition "fp\00q" gc "g" {
  ret ptr null
}
declare void @d() section "ds\00x"
declare void @d2() section "ds\00x" gc "dg"
