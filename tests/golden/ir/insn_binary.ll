; Unary and binary operations with every flag: nuw/nsw, exact, fast-math flags
; (one at a time, a combination, and `fast`).
define void @int_ops(i32 %a, i32 %b, <2 x i64> %v, <2 x i64> %w) {
  %add = add i32 %a, %b
  %add.nuw = add nuw i32 %a, 1
  %add.nsw = add nsw i32 %a, %b
  %add.both = add nuw nsw i32 %a, %b
  %sub = sub nuw i32 %a, %b
  %sub.nsw = sub nsw i32 0, %b
  %mul = mul nuw nsw i32 %a, %b
  %mul.plain = mul i32 %a, 3
  %udiv = udiv exact i32 %a, %b
  %udiv.plain = udiv i32 %a, %b
  %sdiv = sdiv exact i32 %a, 4
  %urem = urem i32 %a, %b
  %srem = srem i32 %a, %b
  %vadd = add nsw <2 x i64> %v, %w
  %vmul = mul <2 x i64> %v, %w
  ret void
}

define void @fp_ops(float %x, float %y, double %d, <4 x float> %v) {
  %fneg = fneg float %x
  %fneg.fast = fneg fast float %x
  %fadd = fadd float %x, %y
  %fadd.nnan = fadd nnan float %x, %y
  %fsub.ninf = fsub ninf float %x, %y
  %fmul.nsz = fmul nsz float %x, %y
  %fdiv.arcp = fdiv arcp float %x, %y
  %frem.contract = frem contract float %x, %y
  %fadd.afn = fadd afn double %d, %d
  %fsub.reassoc = fsub reassoc double %d, %d
  %fmul.some = fmul nnan ninf nsz <4 x float> %v, %v
  %fdiv.fast = fdiv fast float %x, %y
  %fadd.all7 = fadd reassoc nnan ninf nsz arcp contract afn float %x, %y
  ret void
}
