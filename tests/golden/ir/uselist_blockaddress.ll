; Use-list order of blocks that a blockaddress also uses (issue 11's corpus: lua's
; luaV_execute at -O2): block_address_use gives the position of the blockaddress's use
; among the terminators of block_predecessor_list, and irlog emit writes the
; uselistorder directive that puts it back. @tab is written before @f (the parser
; resolves its blockaddresses as @f's body starts: their uses end the list); @later
; comes after @g (created after @g's body: its use heads the list; %y keeps the
; parser's order of its terminators, as LLVM 19's bitcode writer cannot keep another
; one there: it would differ between this text and its bitcode).
@tab = internal constant [2 x ptr] [ptr blockaddress(@f, %a), ptr blockaddress(@f, %b)]

define i32 @f(i1 %c, ptr %p) {
entry:
  br i1 %c, label %a, label %b

a:
  br i1 %c, label %b, label %done

b:
  %r = phi i32 [ 0, %entry ], [ 1, %a ], [ 2, %b ]
  indirectbr ptr %p, [label %a, label %b, label %done]

done:
  ret i32 0
  uselistorder label %b, { 1, 3, 0, 2 }
  uselistorder label %a, { 2, 0, 1 }
}

define void @g(i1 %c) {
entry:
  br i1 %c, label %x, label %y

x:
  br label %y

y:
  ret void
}

define ptr @later() {
  ret ptr blockaddress(@g, %y)
}
