; LangRef sweep (issue 27): atomics: every ordering on load, store, fence, cmpxchg
; (weak, volatile, both orderings) and atomicrmw (every operation of LLVM 19, float and
; vector operands), named sync scopes, alignments, address spaces.
define void @f(ptr %p, i32 %v, float %fv, ptr addrspace(1) %q) {
  %1 = load atomic i32, ptr %p unordered, align 4
  %2 = load atomic i32, ptr %p monotonic, align 4
  %3 = load atomic i32, ptr %p acquire, align 4
  %4 = load atomic i32, ptr %p seq_cst, align 4
  %5 = load atomic volatile i32, ptr %p syncscope("singlethread") seq_cst, align 4
  %6 = load atomic i32, ptr %p syncscope("agent") acquire, align 4
  %7 = load atomic i32, ptr %p syncscope("weird \22 scope") monotonic, align 4
  store atomic i32 %v, ptr %p unordered, align 4
  store atomic i32 %v, ptr %p monotonic, align 4
  store atomic i32 %v, ptr %p release, align 4
  store atomic volatile i32 %v, ptr %p syncscope("workgroup") seq_cst, align 4
  fence acquire
  fence release
  fence acq_rel
  fence syncscope("singlethread") seq_cst
  fence syncscope("one-as") seq_cst
  %c1 = cmpxchg ptr %p, i32 0, i32 %v monotonic monotonic
  %c2 = cmpxchg weak ptr %p, i32 0, i32 %v acquire monotonic
  %c3 = cmpxchg volatile ptr %p, i32 0, i32 %v release monotonic, align 8
  %c4 = cmpxchg weak volatile ptr %p, i32 0, i32 %v syncscope("agent") acq_rel acquire, align 4
  %c5 = cmpxchg ptr %p, i32 0, i32 %v seq_cst seq_cst
  %c6 = cmpxchg ptr addrspace(1) %q, ptr null, ptr %p seq_cst acquire
  %r1 = atomicrmw xchg ptr %p, i32 %v monotonic
  %r2 = atomicrmw add ptr %p, i32 %v acquire
  %r3 = atomicrmw sub ptr %p, i32 %v release
  %r4 = atomicrmw and ptr %p, i32 %v acq_rel
  %r5 = atomicrmw nand ptr %p, i32 %v seq_cst
  %r6 = atomicrmw or ptr %p, i32 %v monotonic
  %r7 = atomicrmw xor ptr %p, i32 %v monotonic
  %r8 = atomicrmw max ptr %p, i32 %v monotonic
  %r9 = atomicrmw min ptr %p, i32 %v monotonic
  %r10 = atomicrmw umax ptr %p, i32 %v monotonic
  %r11 = atomicrmw umin ptr %p, i32 %v monotonic
  %r12 = atomicrmw fadd ptr %p, float %fv monotonic
  %r13 = atomicrmw fsub ptr %p, float %fv monotonic
  %r14 = atomicrmw fmax ptr %p, float %fv monotonic
  %r15 = atomicrmw fmin ptr %p, float %fv monotonic
  %r16 = atomicrmw uinc_wrap ptr %p, i32 %v monotonic
  %r17 = atomicrmw udec_wrap ptr %p, i32 %v monotonic
  %r18 = atomicrmw volatile xchg ptr %p, ptr null syncscope("agent") seq_cst, align 16
  %r19 = atomicrmw xchg ptr %p, float %fv monotonic
  %r20 = atomicrmw fadd ptr %p, <2 x half> <half 1.0, half 2.0> monotonic
  %r21 = atomicrmw add ptr addrspace(1) %q, i64 1 seq_cst, align 2
  ret void
}
