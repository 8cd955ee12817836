; DIObjCProperty's setter and getter. LLVM 19 swaps the two when it parses text (opt-19 -S
; prints this node with setter "prop" and getter "setProp:") and swaps them back when it
; writes and reads bitcode, so llvm-dis of llvm-as's bitcode shows them as written here.
; irlog facts of this text (not of its bitcode) recorded them swapped, and the module
; emitted from those facts came back swapped; the walker now swaps them back for modules
; parsed from text. The round trip test gives every module of tests/emit/modules/ to
; irlog facts as bitcode and, in the cases text/modules/*, as this text.
!named = !{!0, !1, !2}
!0 = !DIObjCProperty(name: "prop", file: !3, line: 4, setter: "setProp:", getter: "prop", attributes: 7, type: !4)
!1 = !DIObjCProperty(name: "only setter", setter: "set:")
!2 = !DIObjCProperty(name: "only getter", getter: "get")
!3 = !DIFile(filename: "a.m", directory: "/")
!4 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
