; The largest alignment LLVM allows, 2^32, everywhere it can be written: LLVM's C
; getter (LLVMGetAlignment) returns `unsigned`, where 2^32 is 0 (issue 27).
@A = global i1 false, align 4294967296
@B = global i32 0, align 4
@C = global i8 0

define void @f(ptr %q) align 4294967296 {
entry:
  %p = alloca i1, align 4294967296
  store i1 true, ptr %p, align 4294967296
  %v = load i1, ptr %p, align 4294967296
  %x = cmpxchg ptr %q, i32 0, i32 1 seq_cst seq_cst, align 4294967296
  %y = atomicrmw add ptr %q, i32 1 seq_cst, align 4294967296
  %z = load atomic i32, ptr %q seq_cst, align 4294967296
  store atomic i32 1, ptr %q seq_cst, align 4294967296
  call void @llvm.memcpy.p0.p0.i64(ptr align 2147483648 %q, ptr align 2147483648 %p, i64 1, i1 false)
  ret void
}

define void @g() section "align 4294967296" {
  ret void
}

declare void @llvm.memcpy.p0.p0.i64(ptr noalias nocapture writeonly, ptr noalias nocapture readonly, i64, i1 immarg)
