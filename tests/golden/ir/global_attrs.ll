; What the module text has only after the function bodies, and strings with NUL bytes:
;  - attributes of global variables (an `attributes #N` group that the line refers to):
;    string attributes (with and without a value, escaped values, a tab), enum and
;    integer attributes, a group shared by two variables, the same attribute as a
;    function's (one Attribute entity), `#N` after metadata attachments, and lines whose
;    quoted strings contain `#N` (not a group reference);
;  - comdats: with members (the `$name = comdat <kind>` lines), and without a member
;    ($orphan, $"orphan 2"), which LLVM neither prints nor writes to bitcode: they have
;    no facts;
;  - metadata strings and DI string fields with a NUL byte (`\00`), written `\0`.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

$cd = comdat any
$"cd q" = comdat largest
$orphan = comdat any
$"orphan 2" = comdat nodeduplicate

@bss = global i32 0, comdat($cd) #0
@data = global i32 1, align 4 #0
@ro = constant [3 x i8] c"#1 ", section "s #2" #1
@plain = global [3 x i8] c"#1 ", section "t #0"
@ext = external global i32 #2
@"q var" = global i32 2, comdat($"cd q"), !my.kind !0 #3
@relro = global i32 3 #4

define void @f() #3 {
  ret void
}

attributes #0 = { "bss-section"="my.bss" "data-section"="my.data" }
attributes #1 = { "no-value" "rodata-section"="r\22q\\x" }
attributes #2 = { nounwind align=8 }
attributes #3 = { nounwind "bss-section"="my.bss" }
attributes #4 = { "relro-section"="a\09b" }

!llvm.module.flags = !{!1, !2}
!llvm.dbg.cu = !{!3}
!named = !{!0}

!0 = !{!"a\00b", !"no nul"}
!1 = !{i32 2, !"Debug Info Version", i32 3}
!2 = !{i32 1, !"flag\00key", i32 1}
!3 = distinct !DICompileUnit(language: DW_LANG_C99, file: !4, producer: "cc\00x", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!4 = !DIFile(filename: "f\00.c", directory: "/d")
