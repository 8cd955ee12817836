; Atomics: fence, cmpxchg (weak, volatile, both orderings, alignment), atomicrmw
; with every operation, atomic load/store, syncscope("singlethread") and a named
; syncscope("agent").
define void @atomics(ptr %p, i32 %v, i32 %cmp, float %f, ptr %q) {
  fence acquire
  fence release
  fence acq_rel
  fence seq_cst
  fence syncscope("singlethread") seq_cst
  fence syncscope("agent") acquire
  %c0 = cmpxchg ptr %p, i32 %cmp, i32 %v seq_cst seq_cst
  %c1 = cmpxchg weak ptr %p, i32 %cmp, i32 %v acq_rel monotonic
  %c2 = cmpxchg volatile ptr %p, i32 %cmp, i32 %v release acquire, align 8
  %c3 = cmpxchg weak volatile ptr %p, i32 %cmp, i32 %v syncscope("singlethread") monotonic monotonic
  %c4 = cmpxchg ptr %q, ptr null, ptr %p syncscope("agent") acquire acquire, align 16
  %r0 = atomicrmw xchg ptr %p, i32 %v seq_cst
  %r1 = atomicrmw add ptr %p, i32 %v monotonic
  %r2 = atomicrmw sub ptr %p, i32 %v acquire
  %r3 = atomicrmw and ptr %p, i32 %v release
  %r4 = atomicrmw nand ptr %p, i32 %v acq_rel
  %r5 = atomicrmw or ptr %p, i32 %v seq_cst
  %r6 = atomicrmw xor ptr %p, i32 %v seq_cst
  %r7 = atomicrmw max ptr %p, i32 %v seq_cst
  %r8 = atomicrmw min ptr %p, i32 %v seq_cst
  %r9 = atomicrmw umax ptr %p, i32 %v seq_cst
  %r10 = atomicrmw umin ptr %p, i32 %v seq_cst
  %r11 = atomicrmw fadd ptr %q, float %f seq_cst
  %r12 = atomicrmw fsub ptr %q, float %f seq_cst
  %r13 = atomicrmw fmax ptr %q, float %f seq_cst
  %r14 = atomicrmw fmin ptr %q, float %f seq_cst
  %r15 = atomicrmw uinc_wrap ptr %p, i32 %v seq_cst
  %r16 = atomicrmw udec_wrap ptr %p, i32 %v seq_cst
  %r17 = atomicrmw volatile xchg ptr %q, ptr null syncscope("singlethread") monotonic, align 8
  %r18 = atomicrmw add ptr %p, i32 1 syncscope("agent") seq_cst, align 16
  %l0 = load atomic i32, ptr %p syncscope("singlethread") acquire, align 4
  %l1 = load atomic i32, ptr %p syncscope("agent") seq_cst, align 4
  store atomic i32 %v, ptr %p syncscope("singlethread") release, align 4
  store atomic i32 %v, ptr %p syncscope("agent") seq_cst, align 4
  ret void
}
