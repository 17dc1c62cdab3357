00000000000098c0 <timed_sum(char const*, char const*, int, int, float const*)>:
    98c0:	push   %r15
    98c2:	push   %r14
    98c4:	push   %r13
    98c6:	mov    %r8,%r13
    98c9:	push   %r12
    98cb:	mov    %edx,%r12d
    98ce:	add    $0x800000,%r13
    98d5:	push   %rbp
    98d6:	push   %rbx
    98d7:	xor    %ebx,%ebx
    98d9:	sub    $0x198,%rsp
    98e0:	mov    %rdi,0x8(%rsp)
    98e5:	xor    %edi,%edi
    98e7:	lea    0x140(%rsp),%rbp
    98ef:	mov    %rsi,0x10(%rsp)
    98f4:	lea    0x20(%rsp),%rsi
    98f9:	mov    %ecx,0x1c(%rsp)
    98fd:	mov    %fs:0x28,%rax
    9906:	mov    %rax,0x188(%rsp)
    990e:	xor    %eax,%eax
    9910:	call   8250 <getrusage@plt>
    9915:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    991a:	mov    %rax,%r15
    991d:	nopl   (%rax)
    9920:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    9925:	pxor   %xmm0,%xmm0
    9929:	lea    -0x800000(%r13),%r14
    9930:	cvtsi2sd %rax,%xmm0
    9935:	divsd  0x815c3(%rip),%xmm0        # 8af00 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x30>
    993d:	movsd  %xmm0,(%rsp)
    9942:	pxor   %xmm0,%xmm0
    9946:	cs nopw 0x0(%rax,%rax,1)
    9950:	pxor   %xmm1,%xmm1
    9954:	add    $0x4,%r14
    9958:	cvtss2sd -0x4(%r14),%xmm1
    995e:	addsd  %xmm1,%xmm0
    9962:	cmp    %r13,%r14
    9965:	jne    9950 <timed_sum(char const*, char const*, int, int, float const*)+0x90>
    9967:	movsd  0xa0741(%rip),%xmm1        # aa0b0 <g_sink>
    996f:	lea    0x800000(%r14),%r13
    9976:	addsd  %xmm0,%xmm1
    997a:	movsd  %xmm1,0xa072e(%rip)        # aa0b0 <g_sink>
    9982:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    9987:	pxor   %xmm0,%xmm0
    998b:	cvtsi2sd %rax,%xmm0
    9990:	divsd  0x81568(%rip),%xmm0        # 8af00 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x30>
    9998:	subsd  (%rsp),%xmm0
    999d:	movsd  %xmm0,0x0(%rbp,%rbx,8)
    99a3:	add    $0x1,%rbx
    99a7:	cmp    $0x8,%rbx
    99ab:	jne    9920 <timed_sum(char const*, char const*, int, int, float const*)+0x60>
    99b1:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    99b6:	xor    %edi,%edi
    99b8:	lea    0xb0(%rsp),%rsi
    99c0:	mov    %rax,%rbx
    99c3:	call   8250 <getrusage@plt>
    99c8:	cmp    $0xffffffff,%r12d
    99cc:	je     9aa3 <timed_sum(char const*, char const*, int, int, float const*)+0x1e3>
    99d2:	sub    $0x8,%rsp
    99d6:	pxor   %xmm0,%xmm0
    99da:	pxor   %xmm1,%xmm1
    99de:	mov    %r12d,%r8d
    99e1:	mov    0x140(%rsp),%rax
    99e9:	sub    0xb0(%rsp),%rax
    99f1:	cvtsi2sd %rbx,%xmm0
    99f6:	divsd  0x81502(%rip),%xmm0        # 8af00 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x30>
    99fe:	push   %rax
    99ff:	cvtsi2sd %r15,%xmm1
    9a04:	mov    $0x2,%edi
    9a09:	mov    0x140(%rsp),%rax
    9a11:	sub    0xb0(%rsp),%rax
    9a19:	divsd  0x814df(%rip),%xmm1        # 8af00 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x30>
    9a21:	subsd  %xmm1,%xmm0
    9a25:	lea    0x785ec(%rip),%rsi        # 82018 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    9a2c:	push   %rax
    9a2d:	mov    0x108(%rsp),%rax
    9a35:	lea    0x785f9(%rip),%rbx        # 82035 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x21>
    9a3c:	sub    0x78(%rsp),%rax
    9a41:	push   %rax
    9a42:	mov    0x3c(%rsp),%r9d
    9a47:	mov    $0x1,%eax
    9a4c:	mov    0x30(%rsp),%rcx
    9a51:	mov    0x28(%rsp),%rdx
    9a56:	call   8030 <__printf_chk@plt>
    9a5b:	lea    0x1a0(%rsp),%r12
    9a63:	add    $0x20,%rsp
    9a67:	nopw   0x0(%rax,%rax,1)
    9a70:	movsd  0x0(%rbp),%xmm0
    9a75:	mov    %rbx,%rsi
    9a78:	mov    $0x2,%edi
    9a7d:	mov    $0x1,%eax
    9a82:	add    $0x8,%rbp
    9a86:	call   8030 <__printf_chk@plt>
    9a8b:	cmp    %rbp,%r12
    9a8e:	jne    9a70 <timed_sum(char const*, char const*, int, int, float const*)+0x1b0>
    9a90:	lea    0x78784(%rip),%rsi        # 8221b <libcudart_static_356818b44124575ba1ff5ce920bfe1d349af6084+0x107>
    9a97:	mov    $0x2,%edi
    9a9c:	xor    %eax,%eax
    9a9e:	call   8030 <__printf_chk@plt>
    9aa3:	mov    0x188(%rsp),%rax
    9aab:	sub    %fs:0x28,%rax
    9ab4:	jne    9ac8 <timed_sum(char const*, char const*, int, int, float const*)+0x208>
    9ab6:	add    $0x198,%rsp
    9abd:	pop    %rbx
    9abe:	pop    %rbp
    9abf:	pop    %r12
    9ac1:	pop    %r13
    9ac3:	pop    %r14
    9ac5:	pop    %r15
    9ac7:	ret
    9ac8:	call   8550 <__stack_chk_fail@plt>
    9acd:	nopl   (%rax)

