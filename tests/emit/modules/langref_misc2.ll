; LangRef sweep (issue 27): names and strings at the edges (escapes, UTF-8, a comdat
; and a struct name that need quoting), empty and packed structs, wide integers,
; llvm.used and global_ctors, aliases of aliases and of other address spaces, an ifunc
; through an alias, metadata arguments of every form, token none, named metadata holding
; every kind of operand.
$"com\22dat\01" = comdat any
%"struct.a\22b\01c" = type { i32 }
%empty = type {}
@"a\02b" = global i32 0
@"\E2\82\AC" = global %"struct.a\22b\01c" zeroinitializer, section "sec\00x", comdat($"com\22dat\01")
@e = global %empty zeroinitializer
@e2 = global {} {}
@z = global [0 x i32] zeroinitializer
@pk = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@wide = global i1000 -12345678901234567890123456789012345678901234567890
@wide2 = global i65 18446744073709551616
@ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @ctor, ptr null }]
@llvm.used = appending global [1 x ptr] [ptr @ctor], section "llvm.metadata"
@llvm.compiler.used = appending global [1 x ptr] [ptr @e], section "llvm.metadata"
@arr16 = global [3 x i16] [i16 1, i16 2, i16 -1]
@fv = global <2 x float> <float 1.0, float 0x7FF8000020000000>
@tlsx = thread_local(initialexec) externally_initialized global i32 0
@aa = alias i32, ptr @"a\02b"
@aa2 = alias i32, ptr @aa
@aas = alias i32, ptr addrspace(1) @asg
@asg = addrspace(1) global i32 0
@aexpr = private alias i8, getelementptr (i8, ptr @"a\02b", i64 1)
@ifa = ifunc void (), ptr @aresolver
@aresolver = alias ptr (), ptr @resolver
declare void @llvm.foo(metadata, metadata)
declare float @llvm.experimental.constrained.fadd.f32(float, float, metadata, metadata)
declare i64 @llvm.read_register.i64(metadata)
declare i1 @llvm.type.test(ptr, metadata)
declare void @llvm.experimental.noalias.scope.decl(metadata)
declare token @llvm.tok(token)
declare i32 @__gxx_personality_v0(...)
declare void @dgc() gc "statepoint-example"
declare void @dsec() section "x.text" partition "pp" align 64
declare !dbg !20 void @ddbg()
define internal ptr @resolver() {
  ret ptr null
}
define void @ctor() strictfp {
  call void @llvm.foo(metadata !"str", metadata !{})
  call void @llvm.foo(metadata !{!"x"}, metadata ptr @e)
  call void @llvm.foo(metadata ptr undef, metadata !DIExpression())
  call void @llvm.foo(metadata i32 poison, metadata !10)
  %r = call float @llvm.experimental.constrained.fadd.f32(float 1.0, float 2.0, metadata !"round.dynamic", metadata !"fpexcept.strict") strictfp
  %s = call i64 @llvm.read_register.i64(metadata !11)
  %t = call i1 @llvm.type.test(ptr @e, metadata !"typeid")
  call void @llvm.experimental.noalias.scope.decl(metadata !12)
  %tk = call token @llvm.tok(token none)
  ret void
}
define void @loc(i32 %x) {
  call void @llvm.foo(metadata i32 %x, metadata !"s")
  ret void
}
!10 = distinct !{!10}
!11 = !{!"rsp\00"}
!12 = !{!13}
!13 = distinct !{!13, !14}
!14 = distinct !{!14}
!llvm.dbg.cu = !{!21}
!llvm.module.flags = !{!23}
!20 = !DISubprogram(name: "ddbg", scope: !22, file: !22, spFlags: 0)
!21 = distinct !DICompileUnit(language: DW_LANG_C99, file: !22, emissionKind: FullDebug)
!22 = !DIFile(filename: "a.c", directory: "")
!23 = !{i32 2, !"Debug Info Version", i32 3}
!named = !{!30, !31, !32}
!30 = !{!"all bytes \00\01\02\7F\80\FF \22 \5C"}
!31 = !{i32 0, !{}, null, !"", i1 false, ptr null, float 0x7FF8000000000000, i128 -1, <2 x i8> <i8 1, i8 2>}
!32 = distinct !{!32, !33}
!33 = !{!32}
