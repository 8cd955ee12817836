; Conversions, all thirteen, with their flags: trunc nuw/nsw, zext nneg, uitofp nneg.
define void @conv(i64 %x, i8 %b, double %d, float %f, ptr %p, <2 x i32> %v, ptr addrspace(1) %q) {
  %t = trunc i64 %x to i32
  %t.nuw = trunc nuw i64 %x to i16
  %t.nsw = trunc nsw i64 %x to i8
  %t.both = trunc nuw nsw i64 %x to i1
  %tv = trunc <2 x i32> %v to <2 x i8>
  %z = zext i8 %b to i32
  %z.nneg = zext nneg i8 %b to i64
  %s = sext i8 %b to i16
  %fpt = fptrunc double %d to float
  %fpe = fpext float %f to fp128
  %fui = fptoui double %d to i32
  %fsi = fptosi float %f to i8
  %uif = uitofp i8 %b to double
  %uif.nneg = uitofp nneg i64 %x to float
  %sif = sitofp i64 %x to half
  %pti = ptrtoint ptr %p to i64
  %itp = inttoptr i64 %x to ptr
  %bc = bitcast <2 x i32> %v to i64
  %bcv = bitcast i64 %x to <4 x i16>
  %asc = addrspacecast ptr addrspace(1) %q to ptr
  ret void
}
