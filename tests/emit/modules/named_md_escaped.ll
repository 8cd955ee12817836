; Named metadata whose names need escaping as LLVM's printMetadataIdentifier does: a
; first digit (`!\3111`, else `!111` is a numbered node), a space, a backslash, a byte
; beyond ASCII (issue 27).
!\3111 = !{!0}
!\30 = !{!1}
!a\20b = !{!0, !1}
!x\5Cy\C3\A9 = !{}
!llvm.ident = !{!2}

!0 = !{i32 1}
!1 = !{!"one"}
!2 = !{!"irlog"}
