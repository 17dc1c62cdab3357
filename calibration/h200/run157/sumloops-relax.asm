    b040:	pxor   %xmm1,%xmm1
    b044:	add    $0x4,%rdi
    b048:	cvtss2sd -0x4(%rdi),%xmm1
    b04d:	addsd  %xmm1,%xmm0
    b051:	cmp    %rdi,%rax
    b054:	jne    b040 <_ZL3sumPKfm+0x10>
