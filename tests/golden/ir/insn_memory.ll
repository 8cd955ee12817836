; Memory: alloca (array size, alignment, inalloca, swifterror), load/store (volatile,
; alignment, atomic), getelementptr (inbounds, nusw, nuw, vector GEP, struct fields).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"

%struct.S = type { i32, [4 x i16], ptr }

@g = global [8 x i32] zeroinitializer

define void @mem(i64 %n, ptr %p, i32 %v) {
entry:
  %a = alloca i32, align 4
  %arr = alloca i8, i64 %n, align 16
  %s = alloca %struct.S, i32 3, align 8
  %ia = alloca inalloca <{ i32, ptr }>, align 4
  %se = alloca swifterror ptr, align 8
  %l = load i32, ptr %p, align 4
  %lv = load volatile i64, ptr %p, align 8
  %lu = load <4 x float>, ptr %p, align 1
  %lp = load ptr, ptr %a
  store i32 %v, ptr %a, align 4
  store volatile i32 %l, ptr %p, align 2
  store ptr null, ptr %p, align 8
  store i32 undef, ptr %a, align 4
  %la = load atomic i32, ptr %p acquire, align 4
  store atomic i32 %v, ptr %p release, align 4
  %lm = load atomic volatile i64, ptr %p monotonic, align 8
  store atomic i64 %lm, ptr %p unordered, align 8
  ret void
}

define ptr @geps(ptr %p, i64 %i, <2 x ptr> %vp, <2 x i64> %vi) {
  %g0 = getelementptr i32, ptr %p, i64 %i
  %g1 = getelementptr inbounds %struct.S, ptr %p, i64 1, i32 1, i64 %i
  %g2 = getelementptr nusw i8, ptr %p, i64 %i
  %g3 = getelementptr nuw i8, ptr %p, i64 4
  %g4 = getelementptr inbounds nuw %struct.S, ptr %p, i32 0, i32 2
  %g5 = getelementptr nusw nuw [8 x i32], ptr @g, i64 0, i64 %i
  %g6 = getelementptr i32, <2 x ptr> %vp, <2 x i64> %vi
  %g7 = getelementptr i8, ptr %p, <2 x i64> %vi
  %g8 = getelementptr %struct.S, ptr %p
  ret ptr %g1
}
