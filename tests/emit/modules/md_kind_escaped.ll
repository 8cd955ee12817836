; Metadata attachment kinds whose names need escaping as LLVM's printMetadataIdentifier
; does (`!\3442abc` is the kind "442abc"; a first digit is escaped, else the parser
; reads a node number and then wants metadata after the comma), on instructions,
; functions and global variables (issue 27).
@g = global i32 0, !\37kind !0, !a\20b !1

define void @f() !\31x !0 {
  unreachable, !\3442abc !0
}

define void @h() {
  ret void, !a\20b !1, !a.b-c !0, !\39 !1
}

declare !\30 !0 void @d()

!0 = !{}
!1 = !{!"s"}
