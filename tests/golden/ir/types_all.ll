; Every type kind of LLVM 19, reachable from globals and function signatures, with
; sizes, alignments and struct field offsets from the x86-64 data layout. (label, the
; type of blocks, is not pinned: no relation refers to it yet.)
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

%struct.S = type { i8, i32, i64, i16 }
%struct.Packed = type <{ i8, i32, i16 }>
%opaque = type opaque
%node = type { i32, ptr }
%"struct.quoted name" = type { double, [3 x i8] }
%nested = type { %struct.S, { i8, ptr }, <4 x float>, [2 x %struct.Packed] }
%0 = type { i1, i7 }
%empty = type {}

; integers of odd widths
@i1 = global i1 true
@i7 = global i7 0
@i24 = global i24 0
@i33 = global i33 0
@i128 = global i128 0
@i256 = global i256 0

; floating point
@half = global half 0.0
@bfloat = global bfloat 0.0
@float = global float 0.0
@double = global double 0.0
@fp128 = global fp128 0xL00000000000000000000000000000000
@x86_fp80 = global x86_fp80 0xK00000000000000000000
@ppc_fp128 = global ppc_fp128 0xM00000000000000000000000000000000

; pointers with address spaces
@p0 = global ptr null
@p1 = global ptr addrspace(1) null
@p270 = global ptr addrspace(270) null

; arrays and vectors
@arr0 = global [0 x i8] zeroinitializer
@arr2d = global [3 x [4 x i32]] zeroinitializer
@vec = global <4 x i32> zeroinitializer
@vecp = global <2 x ptr> zeroinitializer
@vec_i1 = global <8 x i1> zeroinitializer

; structs: identified, literal, packed, opaque, recursive through ptr, quoted,
; nested, empty (the unnamed identified %0 is used by a signature below)
@s = global %struct.S zeroinitializer
@packed = global %struct.Packed zeroinitializer
@lit = global { i32, ptr } zeroinitializer
@litpacked = global <{ i8, i64 }> zeroinitializer
@op = external global %opaque
@list = global %node zeroinitializer
@quoted = global %"struct.quoted name" zeroinitializer
@nest = global %nested zeroinitializer
@empty = global %empty zeroinitializer
@emptylit = global {} zeroinitializer

; void, function types (varargs), scalable vectors, metadata, token, x86_amx and
; target extension types, reachable through function signatures
declare void @v()
declare void @unnamed_struct(%0)
declare i32 @varargs(ptr, ...)
declare void @onlyvarargs(...)
declare <vscale x 4 x i32> @scalable(<vscale x 2 x i64>, <vscale x 16 x i1>)
declare void @llvm.foo.md(metadata)
declare token @llvm.call.preallocated.setup(i32)
declare x86_amx @llvm.x86.tileloadd64.internal(i16, i16, ptr, i64)
declare void @target_ext(target("spirv.Image", i32, 0, 1, 0, 0, 0, 0, 0), target("aarch64.svcount"), target("nothing"), target("ints.only", 1, 2))
declare { i64, i64 } @ret_struct(i32, ptr addrspace(1))

define void @labels(i1 %c) {
entry:
  br i1 %c, label %a, label %b
a:
  ret void
b:
  ret void
}
