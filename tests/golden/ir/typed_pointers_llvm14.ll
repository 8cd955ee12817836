; An LLVM 14-style module (typed pointers, as clang-14 -O0 wrote them). LLVM 19 reads
; every pointer type as the opaque `ptr`; pointer casts between pointer types become
; no-op bitcasts (instructions) or fold away (constants), and the pointee types
; survive only as the explicit types of loads, stores, GEPs, allocas, calls and
; byval/sret attributes. Old function attributes (readnone, argmemonly) are upgraded
; to memory(...). %struct.List, used only through pointers, is no longer used by
; anything and disappears.
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.S = type { i32, i32*, [4 x i8] }
%struct.List = type { i32, %struct.List* }

@g = global i32 7, align 4
@gp = global i32* @g, align 8
@s = global %struct.S { i32 1, i32* @g, [4 x i8] c"abc\00" }, align 8
@bytes = global i8* bitcast (i32* @g to i8*), align 8
@fnp = global void (i32)* @take, align 8
@head = global %struct.List* null, align 8

define i32 @second(%struct.S* %p) #0 {
entry:
  %p.addr = alloca %struct.S*, align 8
  store %struct.S* %p, %struct.S** %p.addr, align 8
  %0 = load %struct.S*, %struct.S** %p.addr, align 8
  %f = getelementptr inbounds %struct.S, %struct.S* %0, i32 0, i32 1
  %1 = load i32*, i32** %f, align 8
  %2 = load i32, i32* %1, align 4
  ret i32 %2
}

define void @take(i32 %x) #1 {
entry:
  %x.addr = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  %c = bitcast i32* %x.addr to i8*
  %v = load i8, i8* %c, align 1
  ret void
}

define void @copy(%struct.S* noalias sret(%struct.S) align 8 %out, %struct.S* byval(%struct.S) align 8 %in) #2 {
entry:
  %a = bitcast %struct.S* %out to i8*
  %b = bitcast %struct.S* %in to i8*
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 8 %a, i8* align 8 %b, i64 24, i1 false)
  %fp = load void (i32)*, void (i32)** @fnp, align 8
  call void %fp(i32 1)
  call void bitcast (void (i32)* @take to void (i64)*)(i64 2)
  ret void
}

define i32 @pure(i32* nocapture readonly %p) #3 {
entry:
  %v = load i32, i32* %p, align 4
  ret i32 %v
}

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg) #4

attributes #0 = { noinline nounwind optnone uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" }
attributes #1 = { noinline nounwind readnone uwtable }
attributes #2 = { nounwind }
attributes #3 = { argmemonly nofree norecurse nosync nounwind readonly willreturn uwtable }
attributes #4 = { argmemonly nofree nounwind willreturn }
