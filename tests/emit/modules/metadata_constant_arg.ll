; Metadata arguments of intrinsic calls that wrap a constant (`metadata i32 1`; `!{i32 1}`
; is the same, LLVM folds a one-constant tuple): the metadata has the constant's id, and
; the parameter's type tells emit to write `metadata` before it.
@g = global i32 0

declare void @llvm.irlog.test(metadata)
declare void @llvm.irlog.test2(i32, metadata, metadata)

define void @f(i32 %x) {
  call void @llvm.irlog.test(metadata i32 1)
  call void @llvm.irlog.test(metadata !{i32 2})
  call void @llvm.irlog.test(metadata ptr null)
  call void @llvm.irlog.test(metadata ptr @g)
  call void @llvm.irlog.test(metadata i32 %x)
  call void @llvm.irlog.test(metadata !"s")
  call void @llvm.irlog.test(metadata !0)
  call void @llvm.irlog.test2(i32 1, metadata i32 1, metadata double 1.5)
  ret void
}

!0 = !{i32 1, i32 2}
