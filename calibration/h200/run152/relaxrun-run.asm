0000000000008acd <run(Policy, unsigned long, CUstream_st*) [clone .cold]>:
    8acd:	lea    -0x60(%rbp),%rdi
    8ad1:	call   d900 <Buf::~Buf()>
    8ad6:	lea    -0x80(%rbp),%rdi
    8ada:	call   d900 <Buf::~Buf()>
    8adf:	mov    -0x38(%rbp),%rax
    8ae3:	sub    %fs:0x28,%rax
    8aec:	jne    8af6 <run(Policy, unsigned long, CUstream_st*) [clone .cold]+0x29>
    8aee:	mov    %rbx,%rdi
    8af1:	call   8920 <_Unwind_Resume@plt>
    8af6:	call   8550 <__stack_chk_fail@plt>

0000000000008afb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]>:
    8afb:	lea    -0x60(%rbp),%rdi
    8aff:	call   d900 <Buf::~Buf()>
    8b04:	lea    -0x80(%rbp),%rdi
    8b08:	call   d900 <Buf::~Buf()>
    8b0d:	mov    -0x38(%rbp),%rax
    8b11:	sub    %fs:0x28,%rax
    8b1a:	jne    8b24 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]+0x29>
    8b1c:	mov    %rbx,%rdi
    8b1f:	call   8920 <_Unwind_Resume@plt>
    8b24:	call   8550 <__stack_chk_fail@plt>

000000000000a5c0 <run(Policy, unsigned long, CUstream_st*)>:
    a5c0:	push   %rbp
    a5c1:	pxor   %xmm4,%xmm4
    a5c5:	mov    %rsp,%rbp
    a5c8:	push   %r15
    a5ca:	lea    0x0(,%rdx,4),%r15
    a5d2:	push   %r14
    a5d4:	push   %r13
    a5d6:	push   %r12
    a5d8:	mov    %rcx,%r12
    a5db:	push   %rbx
    a5dc:	sub    $0xf8,%rsp
    a5e3:	mov    %rdi,-0x100(%rbp)
    a5ea:	mov    %esi,-0xc4(%rbp)
    a5f0:	mov    %rdx,-0xb8(%rbp)
    a5f7:	mov    %fs:0x28,%rax
    a600:	mov    %rax,-0x38(%rbp)
    a604:	xor    %eax,%eax
    a606:	mov    %esi,-0x80(%rbp)
    a609:	mov    %r15,-0x78(%rbp)
    a60d:	movaps %xmm4,-0x70(%rbp)
    a611:	test   %esi,%esi
    a613:	je     b402 <run(Policy, unsigned long, CUstream_st*)+0xe42>
    a619:	cmp    $0x1,%esi
    a61c:	jne    acca <run(Policy, unsigned long, CUstream_st*)+0x70a>
    a622:	lea    -0x70(%rbp),%rdi
    a626:	mov    $0x2,%edx
    a62b:	mov    %r15,%rsi
    a62e:	call   52430 <cudaHostAlloc>
    a633:	mov    %eax,%edi
    a635:	test   %eax,%eax
    a637:	jne    b606 <run(Policy, unsigned long, CUstream_st*)+0x1046>
    a63d:	mov    -0x70(%rbp),%rsi
    a641:	lea    -0x68(%rbp),%rdi
    a645:	xor    %edx,%edx
    a647:	call   52a30 <cudaHostGetDevicePointer>
    a64c:	mov    %eax,%edi
    a64e:	test   %eax,%eax
    a650:	jne    b646 <run(Policy, unsigned long, CUstream_st*)+0x1086>
    a656:	pxor   %xmm7,%xmm7
    a65a:	lea    -0x50(%rbp),%rdi
    a65e:	mov    $0x2,%edx
    a663:	mov    %r15,%rsi
    a666:	movl   $0x1,-0x60(%rbp)
    a66d:	mov    %r15,-0x58(%rbp)
    a671:	movaps %xmm7,-0x50(%rbp)
    a675:	call   52430 <cudaHostAlloc>
    a67a:	mov    %eax,%edi
    a67c:	test   %eax,%eax
    a67e:	jne    b65c <run(Policy, unsigned long, CUstream_st*)+0x109c>
    a684:	mov    -0x50(%rbp),%rsi
    a688:	lea    -0x48(%rbp),%rdi
    a68c:	xor    %edx,%edx
    a68e:	call   52a30 <cudaHostGetDevicePointer>
    a693:	mov    %eax,%edi
    a695:	test   %eax,%eax
    a697:	jne    b699 <run(Policy, unsigned long, CUstream_st*)+0x10d9>
    a69d:	mov    -0x50(%rbp),%rax
    a6a1:	cmpq   $0x0,-0xb8(%rbp)
    a6a9:	mov    %rax,-0xd0(%rbp)
    a6b0:	mov    -0x48(%rbp),%rax
    a6b4:	mov    %rax,-0xe8(%rbp)
    a6bb:	mov    -0x70(%rbp),%rax
    a6bf:	mov    %rax,-0xb0(%rbp)
    a6c6:	mov    -0x68(%rbp),%rax
    a6ca:	mov    %rax,-0xd8(%rbp)
    a6d1:	je     a78c <run(Policy, unsigned long, CUstream_st*)+0x1cc>
    a6d7:	movss  0x7b925(%rip),%xmm2        # 86004 <_IO_stdin_used+0x4>
    a6df:	mov    -0xd0(%rbp),%r9
    a6e6:	xor    %esi,%esi
    a6e8:	xor    %ecx,%ecx
    a6ea:	movss  0x7b916(%rip),%xmm1        # 86008 <_IO_stdin_used+0x8>
    a6f2:	mov    -0xb0(%rbp),%r10
    a6f9:	movabs $0x20c49ba5e353f7cf,%r8
    a703:	movabs $0x4ec4ec4ec4ec4ec5,%rdi
    a70d:	mov    %rcx,%rdx
    a710:	pxor   %xmm0,%xmm0
    a714:	shr    $0x3,%rdx
    a718:	mov    %rdx,%rax
    a71b:	mul    %r8
    a71e:	shr    $0x4,%rdx
    a722:	imul   $0x3e8,%rdx,%rax
    a729:	mov    %rcx,%rdx
    a72c:	sub    %rax,%rdx
    a72f:	mov    %rsi,%rax
    a732:	cvtsi2ss %rdx,%xmm0
    a737:	mul    %rdi
    a73a:	mulss  %xmm2,%xmm0
    a73e:	shr    $0x2,%rdx
    a742:	lea    (%rdx,%rdx,2),%rax
    a746:	lea    (%rdx,%rax,4),%rdx
    a74a:	mov    %rsi,%rax
    a74d:	add    $0x7,%rsi
    a751:	sub    %rdx,%rax
    a754:	movss  %xmm0,(%r10,%rcx,4)
    a75a:	pxor   %xmm0,%xmm0
    a75e:	cvtsi2ss %rax,%xmm0
    a763:	mulss  %xmm1,%xmm0
    a767:	movss  %xmm0,(%r9,%rcx,4)
    a76d:	add    $0x1,%rcx
    a771:	cmp    %rcx,-0xb8(%rbp)
    a778:	jne    a70d <run(Policy, unsigned long, CUstream_st*)+0x14d>
    a77a:	mov    -0xc4(%rbp),%eax
    a780:	sub    $0x4,%eax
    a783:	cmp    $0x1,%eax
    a786:	jbe    b308 <run(Policy, unsigned long, CUstream_st*)+0xd48>
    a78c:	call   44dd0 <cudaDeviceSynchronize>
    a791:	mov    %eax,%edi
    a793:	test   %eax,%eax
    a795:	jne    b947 <run(Policy, unsigned long, CUstream_st*)+0x1387>
    a79b:	mov    -0xc4(%rbp),%r14d
    a7a2:	lea    -0x3(%r14),%eax
    a7a6:	and    $0xfffffffd,%eax
    a7a9:	mov    %eax,-0xf4(%rbp)
    a7af:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a7b4:	pxor   %xmm0,%xmm0
    a7b8:	movq   $0x0,-0xe0(%rbp)
    a7c3:	movq   $0x0,-0xf0(%rbp)
    a7ce:	cvtsi2sd %rax,%xmm0
    a7d3:	mov    -0xb8(%rbp),%rax
    a7da:	divsd  0x84c76(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a7e2:	movsd  %xmm0,-0x110(%rbp)
    a7ea:	mov    %rax,%rbx
    a7ed:	add    $0xff,%rax
    a7f3:	mov    %rax,%rdx
    a7f6:	shr    $0xa,%rbx
    a7fa:	shr    $0x8,%rdx
    a7fe:	cmp    $0x840ff,%rax
    a804:	mov    $0x840,%eax
    a809:	mov    %rbx,-0x118(%rbp)
    a810:	cmovbe %rdx,%rax
    a814:	test   %r14d,%r14d
    a817:	sete   -0xf5(%rbp)
    a81e:	mov    %rax,-0x108(%rbp)
    a825:	mov    -0xe0(%rbp),%rax
    a82c:	mov    %eax,-0xc8(%rbp)
    a832:	mov    %eax,%ebx
    a834:	test   %eax,%eax
    a836:	jle    aef0 <run(Policy, unsigned long, CUstream_st*)+0x930>
    a83c:	cmpb   $0x0,-0xf5(%rbp)
    a843:	je     aef0 <run(Policy, unsigned long, CUstream_st*)+0x930>
    a849:	mov    0xa49d1(%rip),%eax        # af220 <g_moves+0x100>
    a84f:	lea    0xa48ca(%rip),%r13        # af120 <g_moves>
    a856:	cmp    $0x8,%eax
    a859:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    a85f:	add    %eax,%eax
    a861:	mov    %r12,%rsi
    a864:	cltq
    a866:	mov    0x0(%r13,%rax,8),%rdi
    a86b:	call   74000 <cudaEventRecord>
    a870:	mov    %eax,%edi
    a872:	test   %eax,%eax
    a874:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    a87a:	mov    -0xd8(%rbp),%rsi
    a881:	mov    %r12,%r8
    a884:	mov    $0x2,%ecx
    a889:	mov    %r15,%rdx
    a88c:	mov    -0xb0(%rbp),%rdi
    a893:	call   71610 <cudaMemcpyAsync>
    a898:	mov    %eax,%edi
    a89a:	test   %eax,%eax
    a89c:	jne    b889 <run(Policy, unsigned long, CUstream_st*)+0x12c9>
    a8a2:	mov    0xa4978(%rip),%eax        # af220 <g_moves+0x100>
    a8a8:	mov    %r12,%rsi
    a8ab:	lea    0x1(%rax,%rax,1),%eax
    a8af:	cltq
    a8b1:	mov    0x0(%r13,%rax,8),%rdi
    a8b6:	call   74000 <cudaEventRecord>
    a8bb:	mov    %eax,%edi
    a8bd:	test   %eax,%eax
    a8bf:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    a8c5:	movslq 0xa4954(%rip),%rdx        # af220 <g_moves+0x100>
    a8cc:	lea    0x7b7f3(%rip),%rcx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    a8d3:	mov    %rdx,%rax
    a8d6:	add    $0x1,%eax
    a8d9:	lea    0x7caa4(%rip),%rsi        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    a8e0:	cmpb   $0x0,0xa4949(%rip)        # af230 <g_each>
    a8e7:	mov    %rcx,0x80(%r13,%rdx,8)
    a8ef:	mov    %rsi,0xc0(%r13,%rdx,8)
    a8f7:	mov    %eax,0xa4923(%rip)        # af220 <g_moves+0x100>
    a8fd:	jne    b0e5 <run(Policy, unsigned long, CUstream_st*)+0xb25>
    a903:	mov    %r12,%rdi
    a906:	call   74a80 <cudaStreamSynchronize>
    a90b:	mov    %eax,%edi
    a90d:	test   %eax,%eax
    a90f:	jne    b8c6 <run(Policy, unsigned long, CUstream_st*)+0x1306>
    a915:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a91a:	mov    -0xe0(%rbp),%rcx
    a921:	mov    -0x118(%rbp),%rsi
    a928:	pxor   %xmm0,%xmm0
    a92c:	cvtsi2sd %rax,%xmm0
    a931:	divsd  0x84b1f(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a939:	movsd  %xmm0,-0xa8(%rbp)
    a941:	cmp    %rsi,%rcx
    a944:	jae    a99e <run(Policy, unsigned long, CUstream_st*)+0x3de>
    a946:	lea    0x1(%rbx),%eax
    a949:	pxor   %xmm1,%xmm1
    a94d:	mov    %rcx,%rdx
    a950:	cvtsi2ss %eax,%xmm1
    a954:	mov    -0xb0(%rbp),%rax
    a95b:	shl    $0xc,%rdx
    a95f:	add    %rax,%rdx
    a962:	xor    %eax,%eax
    a964:	nopl   0x0(%rax)
    a968:	pxor   %xmm0,%xmm0
    a96c:	cvtsi2ss %rax,%xmm0
    a971:	mulss  0x7b68b(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    a979:	addss  %xmm1,%xmm0
    a97d:	movss  %xmm0,(%rdx,%rax,4)
    a982:	add    $0x1,%rax
    a986:	cmp    $0x400,%rax
    a98c:	jne    a968 <run(Policy, unsigned long, CUstream_st*)+0x3a8>
    a98e:	add    $0xa,%rcx
    a992:	add    $0xa000,%rdx
    a999:	cmp    %rsi,%rcx
    a99c:	jb     a962 <run(Policy, unsigned long, CUstream_st*)+0x3a2>
    a99e:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a9a3:	pxor   %xmm0,%xmm0
    a9a7:	mov    -0xc4(%rbp),%esi
    a9ad:	cvtsi2sd %rax,%xmm0
    a9b2:	divsd  0x84a9e(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a9ba:	subsd  -0xa8(%rbp),%xmm0
    a9c2:	addsd  -0xf0(%rbp),%xmm0
    a9ca:	movsd  %xmm0,-0xf0(%rbp)
    a9d2:	test   %esi,%esi
    a9d4:	je     af18 <run(Policy, unsigned long, CUstream_st*)+0x958>
    a9da:	mov    -0xf4(%rbp),%eax
    a9e0:	test   %eax,%eax
    a9e2:	jne    ab3e <run(Policy, unsigned long, CUstream_st*)+0x57e>
    a9e8:	mov    0xa4832(%rip),%eax        # af220 <g_moves+0x100>
    a9ee:	lea    0xa472b(%rip),%r13        # af120 <g_moves>
    a9f5:	cmp    $0x8,%eax
    a9f8:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    a9fe:	add    %eax,%eax
    aa00:	mov    %r12,%rsi
    aa03:	cltq
    aa05:	mov    0x0(%r13,%rax,8),%rdi
    aa0a:	call   74000 <cudaEventRecord>
    aa0f:	mov    %eax,%edi
    aa11:	test   %eax,%eax
    aa13:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    aa19:	mov    -0xb0(%rbp),%rdi
    aa20:	mov    %r12,%r8
    aa23:	xor    %ecx,%ecx
    aa25:	mov    %r15,%rsi
    aa28:	mov    $0x1,%edx
    aa2d:	call   75690 <cudaMemPrefetchAsync>
    aa32:	mov    %eax,%edi
    aa34:	test   %eax,%eax
    aa36:	jne    b8e6 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    aa3c:	mov    0xa47de(%rip),%eax        # af220 <g_moves+0x100>
    aa42:	mov    %r12,%rsi
    aa45:	lea    0x1(%rax,%rax,1),%eax
    aa49:	cltq
    aa4b:	mov    0x0(%r13,%rax,8),%rdi
    aa50:	call   74000 <cudaEventRecord>
    aa55:	mov    %eax,%edi
    aa57:	test   %eax,%eax
    aa59:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    aa5f:	movslq 0xa47ba(%rip),%rdx        # af220 <g_moves+0x100>
    aa66:	lea    0x7b69f(%rip),%rbx        # 8610c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xf4>
    aa6d:	lea    0x7c910(%rip),%rsi        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    aa74:	mov    %rdx,%rax
    aa77:	mov    %rbx,0x80(%r13,%rdx,8)
    aa7f:	add    $0x1,%eax
    aa82:	cmpb   $0x0,0xa47a7(%rip)        # af230 <g_each>
    aa89:	mov    %rsi,0xc0(%r13,%rdx,8)
    aa91:	mov    %eax,0xa4789(%rip)        # af220 <g_moves+0x100>
    aa97:	jne    b150 <run(Policy, unsigned long, CUstream_st*)+0xb90>
    aa9d:	cmp    $0x8,%eax
    aaa0:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    aaa6:	add    %eax,%eax
    aaa8:	mov    %r12,%rsi
    aaab:	cltq
    aaad:	mov    0x0(%r13,%rax,8),%rdi
    aab2:	call   74000 <cudaEventRecord>
    aab7:	mov    %eax,%edi
    aab9:	test   %eax,%eax
    aabb:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    aac1:	mov    -0xd0(%rbp),%rdi
    aac8:	mov    %r12,%r8
    aacb:	xor    %ecx,%ecx
    aacd:	mov    %r15,%rsi
    aad0:	mov    $0x1,%edx
    aad5:	call   75690 <cudaMemPrefetchAsync>
    aada:	mov    %eax,%edi
    aadc:	test   %eax,%eax
    aade:	jne    b8e6 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    aae4:	mov    0xa4736(%rip),%eax        # af220 <g_moves+0x100>
    aaea:	mov    %r12,%rsi
    aaed:	lea    0x1(%rax,%rax,1),%eax
    aaf1:	cltq
    aaf3:	mov    0x0(%r13,%rax,8),%rdi
    aaf8:	call   74000 <cudaEventRecord>
    aafd:	mov    %eax,%edi
    aaff:	test   %eax,%eax
    ab01:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    ab07:	movslq 0xa4712(%rip),%rdx        # af220 <g_moves+0x100>
    ab0e:	mov    %rdx,%rax
    ab11:	mov    %rbx,0x80(%r13,%rdx,8)
    ab19:	lea    0x80c58(%rip),%rbx        # 8b778 <libcudart_static_e77e884586bfa2c8fbeb7aeb98018e45d77bd19b+0x1>
    ab20:	add    $0x1,%eax
    ab23:	cmpb   $0x0,0xa4706(%rip)        # af230 <g_each>
    ab2a:	mov    %rbx,0xc0(%r13,%rdx,8)
    ab32:	mov    %eax,0xa46e8(%rip)        # af220 <g_moves+0x100>
    ab38:	jne    b120 <run(Policy, unsigned long, CUstream_st*)+0xb60>
    ab3e:	mov    0x8491b(%rip),%rax        # 8f460 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x40>
    ab45:	mov    %r12,%r9
    ab48:	xor    %r8d,%r8d
    ab4b:	movabs $0x100000100,%rdx
    ab55:	movl   $0x1,-0x90(%rbp)
    ab5f:	mov    $0x1,%ecx
    ab64:	mov    %rax,-0x98(%rbp)
    ab6b:	mov    -0x108(%rbp),%eax
    ab71:	mov    %eax,-0x8c(%rbp)
    ab77:	movabs $0x100000001,%rax
    ab81:	mov    %rax,-0x88(%rbp)
    ab88:	mov    -0x8c(%rbp),%rdi
    ab8f:	mov    -0x84(%rbp),%esi
    ab95:	call   21190 <__cudaPushCallConfiguration>
    ab9a:	test   %eax,%eax
    ab9c:	jne    abb8 <run(Policy, unsigned long, CUstream_st*)+0x5f8>
    ab9e:	mov    -0xb8(%rbp),%rdx
    aba5:	mov    -0xe8(%rbp),%rsi
    abac:	mov    -0xd8(%rbp),%rdi
    abb3:	call   a470 <__device_stub__Z5relaxPfPKfm(float*, float const*, unsigned long)>
    abb8:	call   47480 <cudaGetLastError>
    abbd:	mov    %eax,%edi
    abbf:	test   %eax,%eax
    abc1:	jne    b7b0 <run(Policy, unsigned long, CUstream_st*)+0x11f0>
    abc7:	mov    %r12,%rdi
    abca:	call   74a80 <cudaStreamSynchronize>
    abcf:	mov    %eax,%edi
    abd1:	test   %eax,%eax
    abd3:	jne    b7d3 <run(Policy, unsigned long, CUstream_st*)+0x1213>
    abd9:	movslq -0xc4(%rbp),%rax
    abe0:	lea    0x9f459(%rip),%rdx        # aa040 <NAMES>
    abe7:	lea    0xa4532(%rip),%r13        # af120 <g_moves>
    abee:	movq   $0x0,-0xa8(%rbp)
    abf9:	mov    %r13,%rbx
    abfc:	lea    -0x98(%rbp),%r14
    ac03:	mov    (%rdx,%rax,8),%rax
    ac07:	mov    %rax,-0xc0(%rbp)
    ac0e:	mov    0xa460c(%rip),%eax        # af220 <g_moves+0x100>
    ac14:	test   %eax,%eax
    ac16:	jg     ac3f <run(Policy, unsigned long, CUstream_st*)+0x67f>
    ac18:	jmp    ad60 <run(Policy, unsigned long, CUstream_st*)+0x7a0>
    ac1d:	nopl   (%rax)
    ac20:	addq   $0x1,-0xa8(%rbp)
    ac28:	add    $0x10,%rbx
    ac2c:	mov    -0xa8(%rbp),%rax
    ac33:	cmp    %eax,0xa45e7(%rip)        # af220 <g_moves+0x100>
    ac39:	jle    ad60 <run(Policy, unsigned long, CUstream_st*)+0x7a0>
    ac3f:	mov    0x8(%rbx),%rdx
    ac43:	mov    (%rbx),%rsi
    ac46:	mov    %r14,%rdi
    ac49:	call   4dcb0 <cudaEventElapsedTime>
    ac4e:	test   %eax,%eax
    ac50:	jne    b800 <run(Policy, unsigned long, CUstream_st*)+0x1240>
    ac56:	mov    0xa45cb(%rip),%rdi        # af228 <g_steps>
    ac5d:	test   %rdi,%rdi
    ac60:	je     ac20 <run(Policy, unsigned long, CUstream_st*)+0x660>
    ac62:	mov    0xa43a7(%rip),%r9d        # af010 <g_trial>
    ac69:	test   %r9d,%r9d
    ac6c:	js     ac20 <run(Policy, unsigned long, CUstream_st*)+0x660>
    ac6e:	mov    -0xa8(%rbp),%rax
    ac75:	lea    0xa4564(%rip),%rsi        # af1e0 <g_moves+0xc0>
    ac7c:	pxor   %xmm0,%xmm0
    ac80:	sub    $0x8,%rsp
    ac84:	cvtss2sd -0x98(%rbp),%xmm0
    ac8c:	mov    -0xc0(%rbp),%r8
    ac93:	lea    0x7b498(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    ac9a:	push   (%rsi,%rax,8)
    ac9d:	sub    $0x40,%rsi
    aca1:	push   (%rsi,%rax,8)
    aca4:	mov    $0x2,%esi
    aca9:	mov    -0xc8(%rbp),%eax
    acaf:	mov    0xa4362(%rip),%rcx        # af018 <g_mode>
    acb6:	push   %rax
    acb7:	mov    $0x1,%eax
    acbc:	call   88d0 <__fprintf_chk@plt>
    acc1:	add    $0x20,%rsp
    acc5:	jmp    ac20 <run(Policy, unsigned long, CUstream_st*)+0x660>
    acca:	lea    -0x70(%rbp),%rdi
    acce:	mov    $0x1,%edx
    acd3:	mov    %r15,%rsi
    acd6:	call   511b0 <cudaMallocManaged>
    acdb:	mov    %eax,%edi
    acdd:	test   %eax,%eax
    acdf:	jne    b81e <run(Policy, unsigned long, CUstream_st*)+0x125e>
    ace5:	mov    -0x70(%rbp),%rax
    ace9:	pxor   %xmm6,%xmm6
    aced:	lea    -0x50(%rbp),%rdi
    acf1:	mov    %r15,%rsi
    acf4:	mov    $0x1,%edx
    acf9:	mov    %r15,-0x58(%rbp)
    acfd:	mov    %rax,-0x68(%rbp)
    ad01:	mov    -0xc4(%rbp),%eax
    ad07:	movaps %xmm6,-0x50(%rbp)
    ad0b:	mov    %eax,-0x60(%rbp)
    ad0e:	call   511b0 <cudaMallocManaged>
    ad13:	mov    %eax,%edi
    ad15:	test   %eax,%eax
    ad17:	jne    b837 <run(Policy, unsigned long, CUstream_st*)+0x1277>
    ad1d:	mov    -0x70(%rbp),%rbx
    ad21:	mov    -0x50(%rbp),%rax
    ad25:	cmpq   $0x0,-0xb8(%rbp)
    ad2d:	mov    %rbx,-0xb0(%rbp)
    ad34:	mov    -0x68(%rbp),%rbx
    ad38:	mov    %rax,-0xe8(%rbp)
    ad3f:	mov    %rax,-0x48(%rbp)
    ad43:	mov    %rbx,-0xd8(%rbp)
    ad4a:	mov    %rax,-0xd0(%rbp)
    ad51:	jne    a6d7 <run(Policy, unsigned long, CUstream_st*)+0x117>
    ad57:	jmp    a77a <run(Policy, unsigned long, CUstream_st*)+0x1ba>
    ad5c:	nopl   0x0(%rax)
    ad60:	addq   $0x1,-0xe0(%rbp)
    ad68:	mov    -0xe0(%rbp),%rax
    ad6f:	movl   $0x0,0xa44a7(%rip)        # af220 <g_moves+0x100>
    ad79:	cmp    $0x4,%rax
    ad7d:	jne    a825 <run(Policy, unsigned long, CUstream_st*)+0x265>
    ad83:	mov    -0xc4(%rbp),%eax
    ad89:	test   %eax,%eax
    ad8b:	je     b388 <run(Policy, unsigned long, CUstream_st*)+0xdc8>
    ad91:	mov    -0xf4(%rbp),%r14d
    ad98:	test   %r14d,%r14d
    ad9b:	je     b169 <run(Policy, unsigned long, CUstream_st*)+0xba9>
    ada1:	movl   $0x0,0xa4475(%rip)        # af220 <g_moves+0x100>
    adab:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    adb0:	cmpq   $0x0,-0xb8(%rbp)
    adb8:	pxor   %xmm2,%xmm2
    adbc:	mov    %rax,%rbx
    adbf:	mov    -0xb0(%rbp),%rax
    adc6:	lea    (%rax,%r15,1),%rdx
    adca:	je     ade2 <run(Policy, unsigned long, CUstream_st*)+0x822>
    adcc:	pxor   %xmm0,%xmm0
    add0:	add    $0x4,%rax
    add4:	cvtss2sd -0x4(%rax),%xmm0
    add9:	addsd  %xmm0,%xmm2
    addd:	cmp    %rdx,%rax
    ade0:	jne    adcc <run(Policy, unsigned long, CUstream_st*)+0x80c>
    ade2:	movsd  %xmm2,-0xb0(%rbp)
    adea:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    adef:	pxor   %xmm1,%xmm1
    adf3:	pxor   %xmm0,%xmm0
    adf7:	movsd  -0xf0(%rbp),%xmm3
    adff:	cvtsi2sd %rax,%xmm1
    ae04:	divsd  0x8464c(%rip),%xmm1        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ae0c:	cvtsi2sd %rbx,%xmm0
    ae11:	divsd  0x8463f(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ae19:	subsd  %xmm0,%xmm1
    ae1d:	addsd  %xmm1,%xmm3
    ae21:	movsd  %xmm1,-0xa8(%rbp)
    ae29:	movq   %xmm3,%rbx
    ae2e:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    ae33:	pxor   %xmm0,%xmm0
    ae37:	movq   %rbx,%xmm7
    ae3c:	movsd  -0xa8(%rbp),%xmm1
    ae44:	cvtsi2sd %rax,%xmm0
    ae49:	divsd  0x84607(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ae51:	subsd  -0x110(%rbp),%xmm0
    ae59:	mov    -0x100(%rbp),%rax
    ae60:	movsd  -0xb0(%rbp),%xmm2
    ae68:	movsd  %xmm1,0x10(%rax)
    ae6d:	unpcklpd %xmm7,%xmm0
    ae71:	movsd  %xmm2,0x18(%rax)
    ae76:	movups %xmm0,(%rax)
    ae79:	mov    -0x60(%rbp),%eax
    ae7c:	test   %eax,%eax
    ae7e:	je     b5a0 <run(Policy, unsigned long, CUstream_st*)+0xfe0>
    ae84:	cmp    $0x1,%eax
    ae87:	je     b548 <run(Policy, unsigned long, CUstream_st*)+0xf88>
    ae8d:	mov    -0x50(%rbp),%rdi
    ae91:	call   51cb0 <cudaFree>
    ae96:	mov    %eax,%edi
    ae98:	test   %eax,%eax
    ae9a:	jne    b851 <run(Policy, unsigned long, CUstream_st*)+0x1291>
    aea0:	mov    -0x80(%rbp),%eax
    aea3:	mov    -0x70(%rbp),%rdi
    aea7:	test   %eax,%eax
    aea9:	je     b4e0 <run(Policy, unsigned long, CUstream_st*)+0xf20>
    aeaf:	cmp    $0x1,%eax
    aeb2:	je     b490 <run(Policy, unsigned long, CUstream_st*)+0xed0>
    aeb8:	call   51cb0 <cudaFree>
    aebd:	mov    %eax,%edi
    aebf:	test   %eax,%eax
    aec1:	jne    b86b <run(Policy, unsigned long, CUstream_st*)+0x12ab>
    aec7:	mov    -0x38(%rbp),%rax
    aecb:	sub    %fs:0x28,%rax
    aed4:	jne    b884 <run(Policy, unsigned long, CUstream_st*)+0x12c4>
    aeda:	mov    -0x100(%rbp),%rax
    aee1:	lea    -0x28(%rbp),%rsp
    aee5:	pop    %rbx
    aee6:	pop    %r12
    aee8:	pop    %r13
    aeea:	pop    %r14
    aeec:	pop    %r15
    aeee:	pop    %rbp
    aeef:	ret
    aef0:	mov    -0xf4(%rbp),%r9d
    aef7:	test   %r9d,%r9d
    aefa:	je     b058 <run(Policy, unsigned long, CUstream_st*)+0xa98>
    af00:	mov    -0xc4(%rbp),%r8d
    af07:	test   %r8d,%r8d
    af0a:	jne    a915 <run(Policy, unsigned long, CUstream_st*)+0x355>
    af10:	jmp    a903 <run(Policy, unsigned long, CUstream_st*)+0x343>
    af15:	nopl   (%rax)
    af18:	mov    0xa4302(%rip),%eax        # af220 <g_moves+0x100>
    af1e:	lea    0xa41fb(%rip),%r13        # af120 <g_moves>
    af25:	cmp    $0x8,%eax
    af28:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    af2e:	add    %eax,%eax
    af30:	mov    %r12,%rsi
    af33:	cltq
    af35:	mov    0x0(%r13,%rax,8),%rdi
    af3a:	call   74000 <cudaEventRecord>
    af3f:	mov    %eax,%edi
    af41:	test   %eax,%eax
    af43:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    af49:	mov    -0xb0(%rbp),%rsi
    af50:	mov    %r12,%r8
    af53:	mov    $0x1,%ecx
    af58:	mov    %r15,%rdx
    af5b:	mov    -0xd8(%rbp),%rdi
    af62:	call   71610 <cudaMemcpyAsync>
    af67:	mov    %eax,%edi
    af69:	test   %eax,%eax
    af6b:	jne    b6b0 <run(Policy, unsigned long, CUstream_st*)+0x10f0>
    af71:	mov    0xa42a9(%rip),%eax        # af220 <g_moves+0x100>
    af77:	mov    %r12,%rsi
    af7a:	lea    0x1(%rax,%rax,1),%eax
    af7e:	cltq
    af80:	mov    0x0(%r13,%rax,8),%rdi
    af85:	call   74000 <cudaEventRecord>
    af8a:	mov    %eax,%edi
    af8c:	test   %eax,%eax
    af8e:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    af94:	movslq 0xa4285(%rip),%rdx        # af220 <g_moves+0x100>
    af9b:	lea    0x7b15b(%rip),%rbx        # 860fd <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xe5>
    afa2:	lea    0x7c3db(%rip),%rcx        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    afa9:	mov    %rdx,%rax
    afac:	mov    %rbx,0x80(%r13,%rdx,8)
    afb4:	add    $0x1,%eax
    afb7:	cmpb   $0x0,0xa4272(%rip)        # af230 <g_each>
    afbe:	mov    %rcx,0xc0(%r13,%rdx,8)
    afc6:	mov    %eax,0xa4254(%rip)        # af220 <g_moves+0x100>
    afcc:	jne    b138 <run(Policy, unsigned long, CUstream_st*)+0xb78>
    afd2:	cmpq   $0x0,-0xe0(%rbp)
    afda:	jne    ab3e <run(Policy, unsigned long, CUstream_st*)+0x57e>
    afe0:	mov    0xa423a(%rip),%eax        # af220 <g_moves+0x100>
    afe6:	cmp    $0x8,%eax
    afe9:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    afef:	add    %eax,%eax
    aff1:	mov    %r12,%rsi
    aff4:	cltq
    aff6:	mov    0x0(%r13,%rax,8),%rdi
    affb:	call   74000 <cudaEventRecord>
    b000:	mov    %eax,%edi
    b002:	test   %eax,%eax
    b004:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b00a:	mov    -0xd0(%rbp),%rsi
    b011:	mov    %r12,%r8
    b014:	mov    $0x1,%ecx
    b019:	mov    %r15,%rdx
    b01c:	mov    -0xe8(%rbp),%rdi
    b023:	call   71610 <cudaMemcpyAsync>
    b028:	mov    %eax,%edi
    b02a:	test   %eax,%eax
    b02c:	je     aae4 <run(Policy, unsigned long, CUstream_st*)+0x524>
    b032:	call   47950 <cudaGetErrorString>
    b037:	lea    0x809c2(%rip),%r9        # 8ba00 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x235>
    b03e:	push   %rdx
    b03f:	mov    $0x54,%r8d
    b045:	lea    0x80874(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b04c:	push   %rax
    b04d:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b052:	nopw   0x0(%rax,%rax,1)
    b058:	mov    0xa41c2(%rip),%eax        # af220 <g_moves+0x100>
    b05e:	lea    0xa40bb(%rip),%r13        # af120 <g_moves>
    b065:	cmp    $0x8,%eax
    b068:	je     b902 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    b06e:	add    %eax,%eax
    b070:	mov    %r12,%rsi
    b073:	cltq
    b075:	mov    0x0(%r13,%rax,8),%rdi
    b07a:	call   74000 <cudaEventRecord>
    b07f:	mov    %eax,%edi
    b081:	test   %eax,%eax
    b083:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b089:	mov    -0xb0(%rbp),%rdi
    b090:	mov    %r12,%r8
    b093:	xor    %ecx,%ecx
    b095:	mov    %r15,%rsi
    b098:	mov    $0x2,%edx
    b09d:	call   75690 <cudaMemPrefetchAsync>
    b0a2:	mov    %eax,%edi
    b0a4:	test   %eax,%eax
    b0a6:	jne    b8e6 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    b0ac:	mov    0xa416e(%rip),%eax        # af220 <g_moves+0x100>
    b0b2:	mov    %r12,%rsi
    b0b5:	lea    0x1(%rax,%rax,1),%eax
    b0b9:	cltq
    b0bb:	mov    0x0(%r13,%rax,8),%rdi
    b0c0:	call   74000 <cudaEventRecord>
    b0c5:	mov    %eax,%edi
    b0c7:	test   %eax,%eax
    b0c9:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b0cf:	movslq 0xa414a(%rip),%rdx        # af220 <g_moves+0x100>
    b0d6:	lea    0x7b00f(%rip),%rcx        # 860ec <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xd4>
    b0dd:	mov    %rdx,%rax
    b0e0:	jmp    a8d6 <run(Policy, unsigned long, CUstream_st*)+0x316>
    b0e5:	mov    %r12,%rdi
    b0e8:	call   74a80 <cudaStreamSynchronize>
    b0ed:	mov    %eax,%edi
    b0ef:	test   %eax,%eax
    b0f1:	je     a903 <run(Policy, unsigned long, CUstream_st*)+0x343>
    b0f7:	call   47950 <cudaGetErrorString>
    b0fc:	push   %r13
    b0fe:	lea    0x7afce(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b105:	mov    $0x5d,%r8d
    b10b:	push   %rax
    b10c:	lea    0x806bd(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b113:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b118:	nopl   0x0(%rax,%rax,1)
    b120:	mov    %r12,%rdi
    b123:	call   74a80 <cudaStreamSynchronize>
    b128:	mov    %eax,%edi
    b12a:	test   %eax,%eax
    b12c:	je     ab3e <run(Policy, unsigned long, CUstream_st*)+0x57e>
    b132:	jmp    b0f7 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b134:	nopl   0x0(%rax)
    b138:	mov    %r12,%rdi
    b13b:	call   74a80 <cudaStreamSynchronize>
    b140:	mov    %eax,%edi
    b142:	test   %eax,%eax
    b144:	je     afd2 <run(Policy, unsigned long, CUstream_st*)+0xa12>
    b14a:	jmp    b0f7 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b14c:	nopl   0x0(%rax)
    b150:	mov    %r12,%rdi
    b153:	call   74a80 <cudaStreamSynchronize>
    b158:	mov    %eax,%edi
    b15a:	test   %eax,%eax
    b15c:	jne    b0f7 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b15e:	mov    0xa40bc(%rip),%eax        # af220 <g_moves+0x100>
    b164:	jmp    aa9d <run(Policy, unsigned long, CUstream_st*)+0x4dd>
    b169:	mov    0xa3fb0(%rip),%rdi        # af120 <g_moves>
    b170:	mov    %r12,%rsi
    b173:	call   74000 <cudaEventRecord>
    b178:	mov    %eax,%edi
    b17a:	test   %eax,%eax
    b17c:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b182:	mov    -0xb0(%rbp),%rdi
    b189:	mov    %r12,%r8
    b18c:	xor    %ecx,%ecx
    b18e:	mov    %r15,%rsi
    b191:	mov    $0x2,%edx
    b196:	call   75690 <cudaMemPrefetchAsync>
    b19b:	mov    %eax,%edi
    b19d:	test   %eax,%eax
    b19f:	jne    b8e6 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    b1a5:	mov    0xa4075(%rip),%eax        # af220 <g_moves+0x100>
    b1ab:	mov    %r12,%rsi
    b1ae:	lea    0x1(%rax,%rax,1),%eax
    b1b2:	cltq
    b1b4:	mov    0x0(%r13,%rax,8),%rdi
    b1b9:	call   74000 <cudaEventRecord>
    b1be:	mov    %eax,%edi
    b1c0:	test   %eax,%eax
    b1c2:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b1c8:	movslq 0xa4051(%rip),%rdx        # af220 <g_moves+0x100>
    b1cf:	lea    0x7af16(%rip),%rbx        # 860ec <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xd4>
    b1d6:	mov    %rdx,%rax
    b1d9:	mov    %rbx,0x80(%r13,%rdx,8)
    b1e1:	add    $0x1,%eax
    b1e4:	lea    0x7c199(%rip),%rbx        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    b1eb:	cmpb   $0x0,0xa403e(%rip)        # af230 <g_each>
    b1f2:	mov    %rbx,0xc0(%r13,%rdx,8)
    b1fa:	mov    %eax,0xa4020(%rip)        # af220 <g_moves+0x100>
    b200:	jne    b2ec <run(Policy, unsigned long, CUstream_st*)+0xd2c>
    b206:	mov    %r12,%rdi
    b209:	call   74a80 <cudaStreamSynchronize>
    b20e:	mov    %eax,%edi
    b210:	test   %eax,%eax
    b212:	jne    b6ec <run(Policy, unsigned long, CUstream_st*)+0x112c>
    b218:	mov    0xa4002(%rip),%ebx        # af220 <g_moves+0x100>
    b21e:	test   %ebx,%ebx
    b220:	jle    ada1 <run(Policy, unsigned long, CUstream_st*)+0x7e1>
    b226:	lea    0xa3ef3(%rip),%rbx        # af120 <g_moves>
    b22d:	lea    -0x8c(%rbp),%r12
    b234:	movq   $0x0,-0xa8(%rbp)
    b23f:	lea    0xc0(%rbx),%r13
    b246:	lea    0x80(%rbx),%r14
    b24d:	jmp    b26e <run(Policy, unsigned long, CUstream_st*)+0xcae>
    b24f:	addq   $0x1,-0xa8(%rbp)
    b257:	add    $0x10,%rbx
    b25b:	mov    -0xa8(%rbp),%rax
    b262:	cmp    %eax,0xa3fb8(%rip)        # af220 <g_moves+0x100>
    b268:	jle    ada1 <run(Policy, unsigned long, CUstream_st*)+0x7e1>
    b26e:	mov    0x8(%rbx),%rdx
    b272:	mov    (%rbx),%rsi
    b275:	mov    %r12,%rdi
    b278:	call   4dcb0 <cudaEventElapsedTime>
    b27d:	test   %eax,%eax
    b27f:	jne    b800 <run(Policy, unsigned long, CUstream_st*)+0x1240>
    b285:	mov    0xa3f9c(%rip),%rdi        # af228 <g_steps>
    b28c:	test   %rdi,%rdi
    b28f:	je     b24f <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b291:	mov    0xa3d78(%rip),%r9d        # af010 <g_trial>
    b298:	test   %r9d,%r9d
    b29b:	js     b24f <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b29d:	mov    -0xa8(%rbp),%rax
    b2a4:	sub    $0x8,%rsp
    b2a8:	pxor   %xmm0,%xmm0
    b2ac:	mov    -0xc0(%rbp),%r8
    b2b3:	cvtss2sd -0x8c(%rbp),%xmm0
    b2bb:	lea    0x7ae70(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    b2c2:	mov    $0x2,%esi
    b2c7:	push   0x0(%r13,%rax,8)
    b2cc:	push   (%r14,%rax,8)
    b2d0:	mov    $0x1,%eax
    b2d5:	mov    0xa3d3c(%rip),%rcx        # af018 <g_mode>
    b2dc:	push   $0x4
    b2de:	call   88d0 <__fprintf_chk@plt>
    b2e3:	add    $0x20,%rsp
    b2e7:	jmp    b24f <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b2ec:	mov    %r12,%rdi
    b2ef:	call   74a80 <cudaStreamSynchronize>
    b2f4:	mov    %eax,%edi
    b2f6:	test   %eax,%eax
    b2f8:	je     b206 <run(Policy, unsigned long, CUstream_st*)+0xc46>
    b2fe:	jmp    b0f7 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b303:	nopl   0x0(%rax,%rax,1)
    b308:	mov    -0xb0(%rbp),%rdi
    b30f:	mov    $0x2,%ecx
    b314:	mov    $0x3,%edx
    b319:	mov    %r15,%rsi
    b31c:	call   59680 <cudaMemAdvise>
    b321:	mov    %eax,%edi
    b323:	test   %eax,%eax
    b325:	jne    b369 <run(Policy, unsigned long, CUstream_st*)+0xda9>
    b327:	mov    -0xb0(%rbp),%rdi
    b32e:	mov    $0x1,%ecx
    b333:	mov    $0x5,%edx
    b338:	mov    %r15,%rsi
    b33b:	call   59680 <cudaMemAdvise>
    b340:	mov    %eax,%edi
    b342:	test   %eax,%eax
    b344:	jne    b369 <run(Policy, unsigned long, CUstream_st*)+0xda9>
    b346:	mov    -0xd0(%rbp),%rdi
    b34d:	mov    $0x1,%ecx
    b352:	mov    $0x3,%edx
    b357:	mov    %r15,%rsi
    b35a:	call   59680 <cudaMemAdvise>
    b35f:	mov    %eax,%edi
    b361:	test   %eax,%eax
    b363:	je     a78c <run(Policy, unsigned long, CUstream_st*)+0x1cc>
    b369:	call   47950 <cudaGetErrorString>
    b36e:	lea    0x8050b(%rip),%r9        # 8b880 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xb5>
    b375:	push   %rbx
    b376:	mov    $0x34,%r8d
    b37c:	push   %rax
    b37d:	jmp    b10c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b382:	nopw   0x0(%rax,%rax,1)
    b388:	mov    0xa3d91(%rip),%rdi        # af120 <g_moves>
    b38f:	mov    %r12,%rsi
    b392:	call   74000 <cudaEventRecord>
    b397:	mov    %eax,%edi
    b399:	test   %eax,%eax
    b39b:	jne    b92b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b3a1:	mov    -0xd8(%rbp),%rsi
    b3a8:	mov    %r12,%r8
    b3ab:	mov    $0x2,%ecx
    b3b0:	mov    %r15,%rdx
    b3b3:	mov    -0xb0(%rbp),%rdi
    b3ba:	call   71610 <cudaMemcpyAsync>
    b3bf:	mov    %eax,%edi
    b3c1:	test   %eax,%eax
    b3c3:	jne    b70a <run(Policy, unsigned long, CUstream_st*)+0x114a>
    b3c9:	mov    0xa3e51(%rip),%eax        # af220 <g_moves+0x100>
    b3cf:	mov    %r12,%rsi
    b3d2:	lea    0x1(%rax,%rax,1),%eax
    b3d6:	cltq
    b3d8:	mov    0x0(%r13,%rax,8),%rdi
    b3dd:	call   74000 <cudaEventRecord>
    b3e2:	mov    %eax,%edi
    b3e4:	test   %eax,%eax
    b3e6:	jne    b8aa <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b3ec:	movslq 0xa3e2d(%rip),%rdx        # af220 <g_moves+0x100>
    b3f3:	lea    0x7accc(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    b3fa:	mov    %rdx,%rax
    b3fd:	jmp    b1d9 <run(Policy, unsigned long, CUstream_st*)+0xc19>
    b402:	lea    -0x70(%rbp),%rdi
    b406:	mov    %r15,%rsi
    b409:	call   515c0 <cudaMallocHost>
    b40e:	mov    %eax,%edi
    b410:	test   %eax,%eax
    b412:	jne    b728 <run(Policy, unsigned long, CUstream_st*)+0x1168>
    b418:	mov    -0x78(%rbp),%rsi
    b41c:	lea    -0x68(%rbp),%rdi
    b420:	call   513c0 <cudaMalloc>
    b425:	mov    %eax,%edi
    b427:	test   %eax,%eax
    b429:	jne    b742 <run(Policy, unsigned long, CUstream_st*)+0x1182>
    b42f:	pxor   %xmm5,%xmm5
    b433:	lea    -0x50(%rbp),%rdi
    b437:	mov    %r15,%rsi
    b43a:	mov    %r15,-0x58(%rbp)
    b43e:	movl   $0x0,-0x60(%rbp)
    b445:	movaps %xmm5,-0x50(%rbp)
    b449:	call   515c0 <cudaMallocHost>
    b44e:	mov    %eax,%edi
    b450:	test   %eax,%eax
    b452:	jne    b75c <run(Policy, unsigned long, CUstream_st*)+0x119c>
    b458:	mov    -0x58(%rbp),%rsi
    b45c:	lea    -0x48(%rbp),%rdi
    b460:	call   513c0 <cudaMalloc>
    b465:	mov    %eax,%edi
    b467:	test   %eax,%eax
    b469:	je     a69d <run(Policy, unsigned long, CUstream_st*)+0xdd>
    b46f:	call   47950 <cudaGetErrorString>
    b474:	lea    0x7abfd(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    b47b:	push   %r15
    b47d:	mov    $0x78,%r8d
    b483:	push   %rax
    b484:	jmp    b671 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b489:	nopl   0x0(%rax)
    b490:	call   51e90 <cudaFreeHost>
    b495:	mov    %eax,%edi
    b497:	test   %eax,%eax
    b499:	je     aec7 <run(Policy, unsigned long, CUstream_st*)+0x907>
    b49f:	call   47950 <cudaGetErrorString>
    b4a4:	lea    0x7ab71(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b4ab:	mov    $0x8a,%r8d
    b4b1:	push   %rcx
    b4b2:	push   %rax
    b4b3:	mov    0xa3c06(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b4ba:	lea    0x8030f(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b4c1:	lea    0x7ab67(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b4c8:	xor    %eax,%eax
    b4ca:	mov    $0x2,%esi
    b4cf:	call   88d0 <__fprintf_chk@plt>
    b4d4:	mov    $0x2,%edi
    b4d9:	call   85e0 <exit@plt>
    b4de:	xchg   %ax,%ax
    b4e0:	call   51e90 <cudaFreeHost>
    b4e5:	mov    %eax,%edi
    b4e7:	test   %eax,%eax
    b4e9:	jne    b775 <run(Policy, unsigned long, CUstream_st*)+0x11b5>
    b4ef:	mov    -0x68(%rbp),%rdi
    b4f3:	call   51cb0 <cudaFree>
    b4f8:	mov    %eax,%edi
    b4fa:	test   %eax,%eax
    b4fc:	je     aec7 <run(Policy, unsigned long, CUstream_st*)+0x907>
    b502:	call   47950 <cudaGetErrorString>
    b507:	lea    0x7ab30(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    b50e:	mov    $0x87,%r8d
    b514:	lea    0x802b5(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b51b:	push   %rsi
    b51c:	mov    0xa3b9d(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b523:	lea    0x7ab05(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b52a:	mov    $0x2,%esi
    b52f:	push   %rax
    b530:	xor    %eax,%eax
    b532:	call   88d0 <__fprintf_chk@plt>
    b537:	mov    $0x2,%edi
    b53c:	call   85e0 <exit@plt>
    b541:	nopl   0x0(%rax)
    b548:	mov    -0x50(%rbp),%rdi
    b54c:	call   51e90 <cudaFreeHost>
    b551:	mov    %eax,%edi
    b553:	test   %eax,%eax
    b555:	je     aea0 <run(Policy, unsigned long, CUstream_st*)+0x8e0>
    b55b:	call   47950 <cudaGetErrorString>
    b560:	mov    $0x8a,%r8d
    b566:	push   %r9
    b568:	lea    0x7aaad(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b56f:	push   %rax
    b570:	mov    0xa3b49(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b577:	lea    0x80252(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b57e:	lea    0x7aaaa(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b585:	xor    %eax,%eax
    b587:	mov    $0x2,%esi
    b58c:	call   88d0 <__fprintf_chk@plt>
    b591:	mov    $0x2,%edi
    b596:	call   85e0 <exit@plt>
    b59b:	nopl   0x0(%rax,%rax,1)
    b5a0:	mov    -0x50(%rbp),%rdi
    b5a4:	call   51e90 <cudaFreeHost>
    b5a9:	mov    %eax,%edi
    b5ab:	test   %eax,%eax
    b5ad:	jne    b78e <run(Policy, unsigned long, CUstream_st*)+0x11ce>
    b5b3:	mov    -0x48(%rbp),%rdi
    b5b7:	call   51cb0 <cudaFree>
    b5bc:	mov    %eax,%edi
    b5be:	test   %eax,%eax
    b5c0:	je     aea0 <run(Policy, unsigned long, CUstream_st*)+0x8e0>
    b5c6:	call   47950 <cudaGetErrorString>
    b5cb:	mov    $0x87,%r8d
    b5d1:	lea    0x7aa66(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    b5d8:	lea    0x801f1(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b5df:	push   %r10
    b5e1:	mov    0xa3ad8(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b5e8:	lea    0x7aa40(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b5ef:	mov    $0x2,%esi
    b5f4:	push   %rax
    b5f5:	xor    %eax,%eax
    b5f7:	call   88d0 <__fprintf_chk@plt>
    b5fc:	mov    $0x2,%edi
    b601:	call   85e0 <exit@plt>
    b606:	call   47950 <cudaGetErrorString>
    b60b:	lea    0x801ee(%rip),%r9        # 8b800 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x35>
    b612:	push   %r8
    b614:	mov    $0x7b,%r8d
    b61a:	push   %rax
    b61b:	mov    0xa3a9e(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b622:	lea    0x801a7(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b629:	lea    0x7a9ff(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b630:	xor    %eax,%eax
    b632:	mov    $0x2,%esi
    b637:	call   88d0 <__fprintf_chk@plt>
    b63c:	mov    $0x2,%edi
    b641:	call   85e0 <exit@plt>
    b646:	call   47950 <cudaGetErrorString>
    b64b:	lea    0x801e6(%rip),%r9        # 8b838 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6d>
    b652:	mov    $0x7c,%r8d
    b658:	push   %rdi
    b659:	push   %rax
    b65a:	jmp    b61b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b65c:	call   47950 <cudaGetErrorString>
    b661:	push   %r14
    b663:	lea    0x80196(%rip),%r9        # 8b800 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x35>
    b66a:	mov    $0x7b,%r8d
    b670:	push   %rax
    b671:	mov    0xa3a48(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b678:	lea    0x80151(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    b67f:	lea    0x7a9a9(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b686:	xor    %eax,%eax
    b688:	mov    $0x2,%esi
    b68d:	call   88d0 <__fprintf_chk@plt>
    b692:	pop    %rax
    b693:	pop    %rdx
    b694:	jmp    b921 <run(Policy, unsigned long, CUstream_st*)+0x1361>
    b699:	call   47950 <cudaGetErrorString>
    b69e:	lea    0x80193(%rip),%r9        # 8b838 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6d>
    b6a5:	push   %r13
    b6a7:	mov    $0x7c,%r8d
    b6ad:	push   %rax
    b6ae:	jmp    b671 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b6b0:	call   47950 <cudaGetErrorString>
    b6b5:	push   %rcx
    b6b6:	lea    0x80303(%rip),%r9        # 8b9c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1f5>
    b6bd:	mov    $0x51,%r8d
    b6c3:	lea    0x801f6(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b6ca:	push   %rax
    b6cb:	mov    0xa39ee(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b6d2:	lea    0x7a956(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b6d9:	mov    $0x2,%esi
    b6de:	xor    %eax,%eax
    b6e0:	call   88d0 <__fprintf_chk@plt>
    b6e5:	pop    %rax
    b6e6:	pop    %rdx
    b6e7:	jmp    b921 <run(Policy, unsigned long, CUstream_st*)+0x1361>
    b6ec:	call   47950 <cudaGetErrorString>
    b6f1:	lea    0x7a9db(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b6f8:	push   %r12
    b6fa:	mov    $0x64,%r8d
    b700:	lea    0x801b9(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b707:	push   %rax
    b708:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b70a:	call   47950 <cudaGetErrorString>
    b70f:	lea    0x801fa(%rip),%r9        # 8b910 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x145>
    b716:	push   %r15
    b718:	mov    $0x62,%r8d
    b71e:	lea    0x8019b(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b725:	push   %rax
    b726:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b728:	call   47950 <cudaGetErrorString>
    b72d:	lea    0x7a927(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    b734:	mov    $0x77,%r8d
    b73a:	push   %r10
    b73c:	push   %rax
    b73d:	jmp    b61b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b742:	call   47950 <cudaGetErrorString>
    b747:	mov    $0x78,%r8d
    b74d:	push   %r9
    b74f:	lea    0x7a922(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    b756:	push   %rax
    b757:	jmp    b61b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b75c:	call   47950 <cudaGetErrorString>
    b761:	lea    0x7a8f3(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    b768:	push   %rcx
    b769:	mov    $0x77,%r8d
    b76f:	push   %rax
    b770:	jmp    b671 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b775:	call   47950 <cudaGetErrorString>
    b77a:	lea    0x7a89b(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b781:	mov    $0x86,%r8d
    b787:	push   %rdi
    b788:	push   %rax
    b789:	jmp    b4b3 <run(Policy, unsigned long, CUstream_st*)+0xef3>
    b78e:	call   47950 <cudaGetErrorString>
    b793:	lea    0x7a882(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b79a:	mov    $0x86,%r8d
    b7a0:	push   %r11
    b7a2:	push   %rax
    b7a3:	jmp    b570 <run(Policy, unsigned long, CUstream_st*)+0xfb0>
    b7a8:	nopl   0x0(%rax,%rax,1)
    b7b0:	call   47950 <cudaGetErrorString>
    b7b5:	sub    $0x8,%rsp
    b7b9:	lea    0x7a95f(%rip),%r9        # 8611f <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x7>
    b7c0:	mov    $0x5b,%r8d
    b7c6:	push   %rax
    b7c7:	lea    0x800f2(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b7ce:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b7d3:	call   47950 <cudaGetErrorString>
    b7d8:	sub    $0x8,%rsp
    b7dc:	lea    0x7a8f0(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b7e3:	mov    $0x5c,%r8d
    b7e9:	push   %rax
    b7ea:	lea    0x800cf(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b7f1:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b7f6:	cs nopw 0x0(%rax,%rax,1)
    b800:	mov    %eax,%edi
    b802:	call   47950 <cudaGetErrorString>
    b807:	sub    $0x8,%rsp
    b80b:	lea    0x8022e(%rip),%r9        # 8ba40 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x275>
    b812:	mov    $0x63,%r8d
    b818:	push   %rax
    b819:	jmp    b10c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b81e:	call   47950 <cudaGetErrorString>
    b823:	lea    0x80036(%rip),%r9        # 8b860 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x95>
    b82a:	mov    $0x7f,%r8d
    b830:	push   %rsi
    b831:	push   %rax
    b832:	jmp    b61b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b837:	call   47950 <cudaGetErrorString>
    b83c:	lea    0x8001d(%rip),%r9        # 8b860 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x95>
    b843:	push   %r12
    b845:	mov    $0x7f,%r8d
    b84b:	push   %rax
    b84c:	jmp    b671 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b851:	call   47950 <cudaGetErrorString>
    b856:	lea    0x7a7ef(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    b85d:	push   %r8
    b85f:	mov    $0x8d,%r8d
    b865:	push   %rax
    b866:	jmp    b570 <run(Policy, unsigned long, CUstream_st*)+0xfb0>
    b86b:	call   47950 <cudaGetErrorString>
    b870:	lea    0x7a7d5(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    b877:	mov    $0x8d,%r8d
    b87d:	push   %rdx
    b87e:	push   %rax
    b87f:	jmp    b4b3 <run(Policy, unsigned long, CUstream_st*)+0xef3>
    b884:	call   8550 <__stack_chk_fail@plt>
    b889:	call   47950 <cudaGetErrorString>
    b88e:	lea    0x8007b(%rip),%r9        # 8b910 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x145>
    b895:	push   %r10
    b897:	mov    $0x47,%r8d
    b89d:	lea    0x8001c(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b8a4:	push   %rax
    b8a5:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b8aa:	call   47950 <cudaGetErrorString>
    b8af:	sub    $0x8,%rsp
    b8b3:	lea    0x80096(%rip),%r9        # 8b950 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x185>
    b8ba:	mov    $0x59,%r8d
    b8c0:	push   %rax
    b8c1:	jmp    b10c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b8c6:	call   47950 <cudaGetErrorString>
    b8cb:	lea    0x7a801(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b8d2:	push   %rdi
    b8d3:	mov    $0x49,%r8d
    b8d9:	lea    0x7ffe0(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b8e0:	push   %rax
    b8e1:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b8e6:	call   47950 <cudaGetErrorString>
    b8eb:	sub    $0x8,%rsp
    b8ef:	lea    0x80082(%rip),%r9        # 8b978 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1ad>
    b8f6:	mov    $0x31,%r8d
    b8fc:	push   %rax
    b8fd:	jmp    b10c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b902:	mov    0xa37b7(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b909:	mov    $0x8,%ecx
    b90e:	lea    0x7ffd3(%rip),%rdx        # 8b8e8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x11d>
    b915:	xor    %eax,%eax
    b917:	mov    $0x2,%esi
    b91c:	call   88d0 <__fprintf_chk@plt>
    b921:	mov    $0x2,%edi
    b926:	call   85e0 <exit@plt>
    b92b:	call   47950 <cudaGetErrorString>
    b930:	sub    $0x8,%rsp
    b934:	lea    0x7a76d(%rip),%r9        # 860a8 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x90>
    b93b:	mov    $0x57,%r8d
    b941:	push   %rax
    b942:	jmp    b10c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b947:	call   47950 <cudaGetErrorString>
    b94c:	lea    0x7a73d(%rip),%r9        # 86090 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x78>
    b953:	push   %r11
    b955:	mov    $0x3d,%r8d
    b95b:	lea    0x7ff5e(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    b962:	push   %rax
    b963:	jmp    b6cb <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b968:	endbr64
    b96c:	mov    %rax,%rbx
    b96f:	jmp    8ad6 <run(Policy, unsigned long, CUstream_st*) [clone .cold]+0x9>
    b974:	endbr64
    b978:	mov    %rax,%rbx
    b97b:	jmp    8acd <run(Policy, unsigned long, CUstream_st*) [clone .cold]>

000000000000b980 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]>:
    b980:	push   %rbp
    b981:	pxor   %xmm4,%xmm4
    b985:	mov    %rsp,%rbp
    b988:	push   %r15
    b98a:	push   %r14
    b98c:	push   %r13
    b98e:	push   %r12
    b990:	mov    %rsi,%r12
    b993:	mov    $0x4000000,%esi
    b998:	push   %rbx
    b999:	sub    $0xc8,%rsp
    b9a0:	mov    %rdi,-0xd8(%rbp)
    b9a7:	lea    -0x70(%rbp),%rdi
    b9ab:	mov    %fs:0x28,%rax
    b9b4:	mov    %rax,-0x38(%rbp)
    b9b8:	xor    %eax,%eax
    b9ba:	movq   $0x0,-0x80(%rbp)
    b9c2:	movq   $0x4000000,-0x78(%rbp)
    b9ca:	movaps %xmm4,-0x70(%rbp)
    b9ce:	call   515c0 <cudaMallocHost>
    b9d3:	test   %eax,%eax
    b9d5:	jne    c747 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xdc7>
    b9db:	mov    -0x78(%rbp),%rsi
    b9df:	lea    -0x68(%rbp),%rdi
    b9e3:	call   513c0 <cudaMalloc>
    b9e8:	mov    %eax,%edi
    b9ea:	test   %eax,%eax
    b9ec:	jne    c707 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd87>
    b9f2:	pxor   %xmm5,%xmm5
    b9f6:	lea    -0x50(%rbp),%rdi
    b9fa:	mov    $0x4000000,%esi
    b9ff:	movq   $0x0,-0x60(%rbp)
    ba07:	movq   $0x4000000,-0x58(%rbp)
    ba0f:	movaps %xmm5,-0x50(%rbp)
    ba13:	call   515c0 <cudaMallocHost>
    ba18:	mov    %eax,%edi
    ba1a:	test   %eax,%eax
    ba1c:	jne    c6f0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd70>
    ba22:	mov    -0x58(%rbp),%rsi
    ba26:	lea    -0x48(%rbp),%rdi
    ba2a:	call   513c0 <cudaMalloc>
    ba2f:	mov    %eax,%edi
    ba31:	test   %eax,%eax
    ba33:	jne    c6b5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd35>
    ba39:	mov    -0x68(%rbp),%rax
    ba3d:	mov    -0x70(%rbp),%r9
    ba41:	xor    %esi,%esi
    ba43:	xor    %ecx,%ecx
    ba45:	mov    -0x50(%rbp),%r10
    ba49:	movss  0x7a5b7(%rip),%xmm1        # 86008 <_IO_stdin_used+0x8>
    ba51:	movabs $0x20c49ba5e353f7cf,%r8
    ba5b:	movabs $0x4ec4ec4ec4ec4ec5,%rdi
    ba65:	mov    %rax,-0xc0(%rbp)
    ba6c:	mov    -0x48(%rbp),%rax
    ba70:	mov    %r9,-0xb8(%rbp)
    ba77:	mov    %r10,-0xe0(%rbp)
    ba7e:	mov    %rax,-0xd0(%rbp)
    ba85:	mov    %rcx,%rdx
    ba88:	pxor   %xmm0,%xmm0
    ba8c:	shr    $0x3,%rdx
    ba90:	mov    %rdx,%rax
    ba93:	mul    %r8
    ba96:	shr    $0x4,%rdx
    ba9a:	imul   $0x3e8,%rdx,%rax
    baa1:	mov    %rcx,%rdx
    baa4:	sub    %rax,%rdx
    baa7:	mov    %rsi,%rax
    baaa:	cvtsi2ss %rdx,%xmm0
    baaf:	mulss  0x7a54d(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    bab7:	mul    %rdi
    baba:	shr    $0x2,%rdx
    babe:	lea    (%rdx,%rdx,2),%rax
    bac2:	movss  %xmm0,(%r9,%rcx,4)
    bac8:	pxor   %xmm0,%xmm0
    bacc:	lea    (%rdx,%rax,4),%rdx
    bad0:	mov    %rsi,%rax
    bad3:	add    $0x7,%rsi
    bad7:	sub    %rdx,%rax
    bada:	cvtsi2ss %rax,%xmm0
    badf:	mulss  %xmm1,%xmm0
    bae3:	movss  %xmm0,(%r10,%rcx,4)
    bae9:	add    $0x1,%rcx
    baed:	cmp    $0x1000000,%rcx
    baf4:	jne    ba85 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x105>
    baf6:	call   44dd0 <cudaDeviceSynchronize>
    bafb:	mov    %eax,%edi
    bafd:	test   %eax,%eax
    baff:	jne    c694 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd14>
    bb05:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bb0a:	pxor   %xmm0,%xmm0
    bb0e:	xor    %r14d,%r14d
    bb11:	movq   $0x0,-0xc8(%rbp)
    bb1c:	cvtsi2sd %rax,%xmm0
    bb21:	divsd  0x8392f(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bb29:	movsd  %xmm0,-0xe8(%rbp)
    bb31:	mov    %r14d,-0xb0(%rbp)
    bb38:	test   %r14,%r14
    bb3b:	jne    c158 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7d8>
    bb41:	mov    %r12,%rdi
    bb44:	call   74a80 <cudaStreamSynchronize>
    bb49:	mov    %eax,%edi
    bb4b:	test   %eax,%eax
    bb4d:	jne    c673 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcf3>
    bb53:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bb58:	pxor   %xmm0,%xmm0
    bb5c:	pxor   %xmm1,%xmm1
    bb60:	mov    %r14,%rdx
    bb63:	cvtsi2sd %rax,%xmm0
    bb68:	lea    0x1(%r14),%eax
    bb6c:	shl    $0xc,%rdx
    bb70:	mov    %r14,%rcx
    bb73:	cvtsi2ss %eax,%xmm1
    bb77:	mov    -0xb8(%rbp),%rax
    bb7e:	divsd  0x838d2(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bb86:	movsd  %xmm0,-0xa8(%rbp)
    bb8e:	mov    %rax,-0xf0(%rbp)
    bb95:	add    %rax,%rdx
    bb98:	xor    %eax,%eax
    bb9a:	nopw   0x0(%rax,%rax,1)
    bba0:	pxor   %xmm0,%xmm0
    bba4:	cvtsi2ss %rax,%xmm0
    bba9:	mulss  0x7a453(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    bbb1:	addss  %xmm1,%xmm0
    bbb5:	movss  %xmm0,(%rdx,%rax,4)
    bbba:	add    $0x1,%rax
    bbbe:	cmp    $0x400,%rax
    bbc4:	jne    bba0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x220>
    bbc6:	add    $0xa,%rcx
    bbca:	add    $0xa000,%rdx
    bbd1:	cmp    $0x3fff,%rcx
    bbd8:	jbe    bb98 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x218>
    bbda:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bbdf:	pxor   %xmm0,%xmm0
    bbe3:	lea    0xa3536(%rip),%r15        # af120 <g_moves>
    bbea:	cvtsi2sd %rax,%xmm0
    bbef:	divsd  0x83861(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bbf7:	subsd  -0xa8(%rbp),%xmm0
    bbff:	mov    0xa361b(%rip),%eax        # af220 <g_moves+0x100>
    bc05:	addsd  -0xc8(%rbp),%xmm0
    bc0d:	movsd  %xmm0,-0xc8(%rbp)
    bc15:	cmp    $0x8,%eax
    bc18:	je     c64f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    bc1e:	add    %eax,%eax
    bc20:	mov    %r12,%rsi
    bc23:	cltq
    bc25:	mov    (%r15,%rax,8),%rdi
    bc29:	call   74000 <cudaEventRecord>
    bc2e:	mov    %eax,%edi
    bc30:	test   %eax,%eax
    bc32:	jne    c633 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    bc38:	mov    -0xb8(%rbp),%rsi
    bc3f:	mov    -0xc0(%rbp),%rdi
    bc46:	mov    %r12,%r8
    bc49:	mov    $0x1,%ecx
    bc4e:	mov    $0x4000000,%edx
    bc53:	call   71610 <cudaMemcpyAsync>
    bc58:	mov    %eax,%edi
    bc5a:	test   %eax,%eax
    bc5c:	jne    c610 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc90>
    bc62:	mov    0xa35b8(%rip),%eax        # af220 <g_moves+0x100>
    bc68:	mov    %r12,%rsi
    bc6b:	lea    0x1(%rax,%rax,1),%eax
    bc6f:	cltq
    bc71:	mov    (%r15,%rax,8),%rdi
    bc75:	call   74000 <cudaEventRecord>
    bc7a:	mov    %eax,%edi
    bc7c:	test   %eax,%eax
    bc7e:	jne    c5f4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    bc84:	movslq 0xa3595(%rip),%rdx        # af220 <g_moves+0x100>
    bc8b:	lea    0x7a46b(%rip),%rbx        # 860fd <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xe5>
    bc92:	lea    0x7b6eb(%rip),%rsi        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    bc99:	mov    %rdx,%rax
    bc9c:	mov    %rbx,0x80(%r15,%rdx,8)
    bca4:	add    $0x1,%eax
    bca7:	cmpb   $0x0,0xa3582(%rip)        # af230 <g_each>
    bcae:	mov    %rsi,0xc0(%r15,%rdx,8)
    bcb6:	mov    %eax,0xa3564(%rip)        # af220 <g_moves+0x100>
    bcbc:	jne    c123 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7a3>
    bcc2:	test   %r14,%r14
    bcc5:	je     c230 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x8b0>
    bccb:	mov    %r12,%r9
    bcce:	xor    %r8d,%r8d
    bcd1:	mov    $0x1,%ecx
    bcd6:	mov    $0x1,%esi
    bcdb:	mov    0x8377e(%rip),%rax        # 8f460 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x40>
    bce2:	movabs $0x100000100,%rdx
    bcec:	movabs $0x100000840,%rdi
    bcf6:	movl   $0x1,-0x88(%rbp)
    bd00:	movl   $0x1,-0x98(%rbp)
    bd0a:	mov    %rax,-0x90(%rbp)
    bd11:	mov    0x83750(%rip),%rax        # 8f468 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x48>
    bd18:	mov    %rax,-0xa0(%rbp)
    bd1f:	call   21190 <__cudaPushCallConfiguration>
    bd24:	test   %eax,%eax
    bd26:	jne    bd40 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x3c0>
    bd28:	mov    -0xd0(%rbp),%rsi
    bd2f:	mov    -0xc0(%rbp),%rdi
    bd36:	mov    $0x1000000,%edx
    bd3b:	call   a470 <__device_stub__Z5relaxPfPKfm(float*, float const*, unsigned long)>
    bd40:	call   47480 <cudaGetLastError>
    bd45:	mov    %eax,%edi
    bd47:	test   %eax,%eax
    bd49:	jne    c5d1 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc51>
    bd4f:	mov    %r12,%rdi
    bd52:	call   74a80 <cudaStreamSynchronize>
    bd57:	mov    %eax,%edi
    bd59:	test   %eax,%eax
    bd5b:	jne    c5ae <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc2e>
    bd61:	mov    0xa34b9(%rip),%esi        # af220 <g_moves+0x100>
    bd67:	lea    0xa33b2(%rip),%rbx        # af120 <g_moves>
    bd6e:	movq   $0x0,-0xa8(%rbp)
    bd79:	lea    -0xa0(%rbp),%r13
    bd80:	test   %esi,%esi
    bd82:	jg     bdaf <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x42f>
    bd84:	jmp    be3a <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x4ba>
    bd89:	nopl   0x0(%rax)
    bd90:	addq   $0x1,-0xa8(%rbp)
    bd98:	add    $0x10,%rbx
    bd9c:	mov    -0xa8(%rbp),%rax
    bda3:	cmp    %eax,0xa3477(%rip)        # af220 <g_moves+0x100>
    bda9:	jle    be3a <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x4ba>
    bdaf:	mov    0x8(%rbx),%rdx
    bdb3:	mov    (%rbx),%rsi
    bdb6:	mov    %r13,%rdi
    bdb9:	call   4dcb0 <cudaEventElapsedTime>
    bdbe:	test   %eax,%eax
    bdc0:	jne    c590 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc10>
    bdc6:	mov    0xa345b(%rip),%rdi        # af228 <g_steps>
    bdcd:	test   %rdi,%rdi
    bdd0:	je     bd90 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    bdd2:	mov    0xa3237(%rip),%r9d        # af010 <g_trial>
    bdd9:	test   %r9d,%r9d
    bddc:	js     bd90 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    bdde:	mov    -0xa8(%rbp),%rax
    bde5:	lea    0xa33f4(%rip),%rsi        # af1e0 <g_moves+0xc0>
    bdec:	pxor   %xmm0,%xmm0
    bdf0:	sub    $0x8,%rsp
    bdf4:	cvtss2sd -0xa0(%rbp),%xmm0
    bdfc:	lea    0x7a347(%rip),%r8        # 8614a <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x32>
    be03:	lea    0x7a328(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    be0a:	push   (%rsi,%rax,8)
    be0d:	sub    $0x40,%rsi
    be11:	push   (%rsi,%rax,8)
    be14:	mov    $0x2,%esi
    be19:	mov    -0xb0(%rbp),%eax
    be1f:	mov    0xa31f2(%rip),%rcx        # af018 <g_mode>
    be26:	push   %rax
    be27:	mov    $0x1,%eax
    be2c:	call   88d0 <__fprintf_chk@plt>
    be31:	add    $0x20,%rsp
    be35:	jmp    bd90 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    be3a:	movl   $0x0,0xa33dc(%rip)        # af220 <g_moves+0x100>
    be44:	add    $0x1,%r14
    be48:	cmp    $0x4,%r14
    be4c:	jne    bb31 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1b1>
    be52:	mov    0xa32c7(%rip),%rdi        # af120 <g_moves>
    be59:	mov    %r12,%rsi
    be5c:	call   74000 <cudaEventRecord>
    be61:	mov    %eax,%edi
    be63:	test   %eax,%eax
    be65:	jne    c633 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    be6b:	mov    -0xc0(%rbp),%rsi
    be72:	mov    -0xb8(%rbp),%rdi
    be79:	mov    %r12,%r8
    be7c:	mov    $0x2,%ecx
    be81:	mov    $0x4000000,%edx
    be86:	call   71610 <cudaMemcpyAsync>
    be8b:	mov    %eax,%edi
    be8d:	test   %eax,%eax
    be8f:	jne    c570 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbf0>
    be95:	mov    0xa3385(%rip),%eax        # af220 <g_moves+0x100>
    be9b:	mov    %r12,%rsi
    be9e:	lea    0x1(%rax,%rax,1),%eax
    bea2:	cltq
    bea4:	mov    (%r15,%rax,8),%rdi
    bea8:	call   74000 <cudaEventRecord>
    bead:	mov    %eax,%edi
    beaf:	test   %eax,%eax
    beb1:	jne    c5f4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    beb7:	movslq 0xa3362(%rip),%rdx        # af220 <g_moves+0x100>
    bebe:	lea    0x7a201(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    bec5:	mov    %rdx,%rax
    bec8:	mov    %rbx,0x80(%r15,%rdx,8)
    bed0:	lea    0x7b4ad(%rip),%rbx        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    bed7:	add    $0x1,%eax
    beda:	cmpb   $0x0,0xa334f(%rip)        # af230 <g_each>
    bee1:	mov    %rbx,0xc0(%r15,%rdx,8)
    bee9:	mov    %eax,0xa3331(%rip)        # af220 <g_moves+0x100>
    beef:	jne    c428 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xaa8>
    bef5:	mov    %r12,%rdi
    bef8:	call   74a80 <cudaStreamSynchronize>
    befd:	mov    %eax,%edi
    beff:	test   %eax,%eax
    bf01:	jne    c535 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbb5>
    bf07:	lea    -0x90(%rbp),%rax
    bf0e:	lea    0xa3213(%rip),%r12        # af128 <g_moves+0x8>
    bf15:	xor    %ebx,%ebx
    bf17:	mov    %rax,-0xa8(%rbp)
    bf1e:	mov    0xa32fc(%rip),%eax        # af220 <g_moves+0x100>
    bf24:	lea    0x78(%r12),%r14
    bf29:	lea    0xb8(%r12),%r13
    bf31:	test   %eax,%eax
    bf33:	jg     c0e3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x763>
    bf39:	movl   $0x0,0xa32dd(%rip)        # af220 <g_moves+0x100>
    bf43:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bf48:	pxor   %xmm0,%xmm0
    bf4c:	mov    -0xf0(%rbp),%rdx
    bf53:	pxor   %xmm2,%xmm2
    bf57:	cvtsi2sd %rax,%xmm0
    bf5c:	mov    -0xb8(%rbp),%rax
    bf63:	divsd  0x834ed(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bf6b:	movsd  %xmm0,-0xa8(%rbp)
    bf73:	add    $0x4000000,%rax
    bf79:	pxor   %xmm0,%xmm0
    bf7d:	add    $0x4,%rdx
    bf81:	cvtss2sd -0x4(%rdx),%xmm0
    bf86:	addsd  %xmm0,%xmm2
    bf8a:	cmp    %rdx,%rax
    bf8d:	jne    bf79 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x5f9>
    bf8f:	movsd  %xmm2,-0xb0(%rbp)
    bf97:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bf9c:	pxor   %xmm1,%xmm1
    bfa0:	movsd  -0xc8(%rbp),%xmm3
    bfa8:	cvtsi2sd %rax,%xmm1
    bfad:	divsd  0x834a3(%rip),%xmm1        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bfb5:	subsd  -0xa8(%rbp),%xmm1
    bfbd:	addsd  %xmm1,%xmm3
    bfc1:	movsd  %xmm1,-0xa8(%rbp)
    bfc9:	movq   %xmm3,%rbx
    bfce:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bfd3:	pxor   %xmm0,%xmm0
    bfd7:	movq   %rbx,%xmm6
    bfdc:	movsd  -0xa8(%rbp),%xmm1
    bfe4:	cvtsi2sd %rax,%xmm0
    bfe9:	divsd  0x83467(%rip),%xmm0        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bff1:	subsd  -0xe8(%rbp),%xmm0
    bff9:	mov    -0xd8(%rbp),%rax
    c000:	movsd  -0xb0(%rbp),%xmm2
    c008:	movsd  %xmm1,0x10(%rax)
    c00d:	unpcklpd %xmm6,%xmm0
    c011:	movsd  %xmm2,0x18(%rax)
    c016:	movups %xmm0,(%rax)
    c019:	mov    -0x60(%rbp),%eax
    c01c:	test   %eax,%eax
    c01e:	je     c328 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x9a8>
    c024:	cmp    $0x1,%eax
    c027:	jne    c2f8 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x978>
    c02d:	mov    -0x50(%rbp),%rdi
    c031:	call   51e90 <cudaFreeHost>
    c036:	mov    %eax,%edi
    c038:	test   %eax,%eax
    c03a:	jne    c43f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xabf>
    c040:	mov    -0x80(%rbp),%eax
    c043:	mov    -0x70(%rbp),%rdi
    c047:	test   %eax,%eax
    c049:	je     c3c0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xa40>
    c04f:	cmp    $0x1,%eax
    c052:	je     c390 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xa10>
    c058:	call   51cb0 <cudaFree>
    c05d:	mov    %eax,%edi
    c05f:	test   %eax,%eax
    c061:	jne    c47f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xaff>
    c067:	mov    -0x38(%rbp),%rax
    c06b:	sub    %fs:0x28,%rax
    c074:	jne    c4be <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb3e>
    c07a:	mov    -0xd8(%rbp),%rax
    c081:	lea    -0x28(%rbp),%rsp
    c085:	pop    %rbx
    c086:	pop    %r12
    c088:	pop    %r13
    c08a:	pop    %r14
    c08c:	pop    %r15
    c08e:	pop    %rbp
    c08f:	ret
    c090:	sub    $0x8,%rsp
    c094:	pxor   %xmm0,%xmm0
    c098:	lea    0x7a0ab(%rip),%r8        # 8614a <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x32>
    c09f:	mov    $0x2,%esi
    c0a4:	cvtss2sd -0x90(%rbp),%xmm0
    c0ac:	push   0x0(%r13,%rbx,8)
    c0b1:	mov    $0x1,%eax
    c0b6:	lea    0x7a075(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    c0bd:	push   (%r14,%rbx,8)
    c0c1:	mov    0xa2f50(%rip),%rcx        # af018 <g_mode>
    c0c8:	push   $0x4
    c0ca:	call   88d0 <__fprintf_chk@plt>
    c0cf:	add    $0x20,%rsp
    c0d3:	add    $0x1,%rbx
    c0d7:	cmp    %ebx,0xa3143(%rip)        # af220 <g_moves+0x100>
    c0dd:	jle    bf39 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x5b9>
    c0e3:	mov    %rbx,%rax
    c0e6:	mov    -0xa8(%rbp),%rdi
    c0ed:	shl    $0x4,%rax
    c0f1:	mov    (%r12,%rax,1),%rdx
    c0f5:	mov    (%r15,%rax,1),%rsi
    c0f9:	call   4dcb0 <cudaEventElapsedTime>
    c0fe:	test   %eax,%eax
    c100:	jne    c590 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc10>
    c106:	mov    0xa311b(%rip),%rdi        # af228 <g_steps>
    c10d:	test   %rdi,%rdi
    c110:	je     c0d3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x753>
    c112:	mov    0xa2ef7(%rip),%r9d        # af010 <g_trial>
    c119:	test   %r9d,%r9d
    c11c:	js     c0d3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x753>
    c11e:	jmp    c090 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x710>
    c123:	mov    %r12,%rdi
    c126:	call   74a80 <cudaStreamSynchronize>
    c12b:	mov    %eax,%edi
    c12d:	test   %eax,%eax
    c12f:	je     bcc2 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x342>
    c135:	call   47950 <cudaGetErrorString>
    c13a:	push   %rdx
    c13b:	lea    0x79f91(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c142:	mov    $0x5d,%r8d
    c148:	push   %rax
    c149:	lea    0x7f680(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c150:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c155:	nopl   (%rax)
    c158:	mov    0xa30c2(%rip),%eax        # af220 <g_moves+0x100>
    c15e:	lea    0xa2fbb(%rip),%r15        # af120 <g_moves>
    c165:	cmp    $0x8,%eax
    c168:	je     c64f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    c16e:	add    %eax,%eax
    c170:	mov    %r12,%rsi
    c173:	cltq
    c175:	mov    (%r15,%rax,8),%rdi
    c179:	call   74000 <cudaEventRecord>
    c17e:	mov    %eax,%edi
    c180:	test   %eax,%eax
    c182:	jne    c633 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    c188:	mov    -0xc0(%rbp),%rsi
    c18f:	mov    -0xb8(%rbp),%rdi
    c196:	mov    %r12,%r8
    c199:	mov    $0x2,%ecx
    c19e:	mov    $0x4000000,%edx
    c1a3:	call   71610 <cudaMemcpyAsync>
    c1a8:	mov    %eax,%edi
    c1aa:	test   %eax,%eax
    c1ac:	jne    c552 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbd2>
    c1b2:	mov    0xa3068(%rip),%eax        # af220 <g_moves+0x100>
    c1b8:	mov    %r12,%rsi
    c1bb:	lea    0x1(%rax,%rax,1),%eax
    c1bf:	cltq
    c1c1:	mov    (%r15,%rax,8),%rdi
    c1c5:	call   74000 <cudaEventRecord>
    c1ca:	mov    %eax,%edi
    c1cc:	test   %eax,%eax
    c1ce:	jne    c5f4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    c1d4:	movslq 0xa3045(%rip),%rdx        # af220 <g_moves+0x100>
    c1db:	lea    0x79ee4(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    c1e2:	mov    %rdx,%rax
    c1e5:	mov    %rbx,0x80(%r15,%rdx,8)
    c1ed:	lea    0x7b190(%rip),%rbx        # 87384 <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    c1f4:	add    $0x1,%eax
    c1f7:	cmpb   $0x0,0xa3032(%rip)        # af230 <g_each>
    c1fe:	mov    %rbx,0xc0(%r15,%rdx,8)
    c206:	mov    %eax,0xa3014(%rip)        # af220 <g_moves+0x100>
    c20c:	je     bb41 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1c1>
    c212:	mov    %r12,%rdi
    c215:	call   74a80 <cudaStreamSynchronize>
    c21a:	mov    %eax,%edi
    c21c:	test   %eax,%eax
    c21e:	je     bb41 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1c1>
    c224:	jmp    c135 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c229:	nopl   0x0(%rax)
    c230:	mov    0xa2fea(%rip),%eax        # af220 <g_moves+0x100>
    c236:	cmp    $0x8,%eax
    c239:	je     c64f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    c23f:	add    %eax,%eax
    c241:	mov    %r12,%rsi
    c244:	cltq
    c246:	mov    (%r15,%rax,8),%rdi
    c24a:	call   74000 <cudaEventRecord>
    c24f:	mov    %eax,%edi
    c251:	test   %eax,%eax
    c253:	jne    c633 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    c259:	mov    -0xe0(%rbp),%rsi
    c260:	mov    -0xd0(%rbp),%rdi
    c267:	mov    %r12,%r8
    c26a:	mov    $0x1,%ecx
    c26f:	mov    $0x4000000,%edx
    c274:	call   71610 <cudaMemcpyAsync>
    c279:	mov    %eax,%edi
    c27b:	test   %eax,%eax
    c27d:	jne    c4f3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb73>
    c283:	mov    0xa2f97(%rip),%eax        # af220 <g_moves+0x100>
    c289:	mov    %r12,%rsi
    c28c:	lea    0x1(%rax,%rax,1),%eax
    c290:	cltq
    c292:	mov    (%r15,%rax,8),%rdi
    c296:	call   74000 <cudaEventRecord>
    c29b:	mov    %eax,%edi
    c29d:	test   %eax,%eax
    c29f:	jne    c5f4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    c2a5:	movslq 0xa2f74(%rip),%rdx        # af220 <g_moves+0x100>
    c2ac:	mov    %rdx,%rax
    c2af:	mov    %rbx,0x80(%r15,%rdx,8)
    c2b7:	lea    0x7f4ba(%rip),%rbx        # 8b778 <libcudart_static_e77e884586bfa2c8fbeb7aeb98018e45d77bd19b+0x1>
    c2be:	add    $0x1,%eax
    c2c1:	cmpb   $0x0,0xa2f68(%rip)        # af230 <g_each>
    c2c8:	mov    %rbx,0xc0(%r15,%rdx,8)
    c2d0:	mov    %eax,0xa2f4a(%rip)        # af220 <g_moves+0x100>
    c2d6:	je     bccb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x34b>
    c2dc:	mov    %r12,%rdi
    c2df:	call   74a80 <cudaStreamSynchronize>
    c2e4:	mov    %eax,%edi
    c2e6:	test   %eax,%eax
    c2e8:	je     bccb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x34b>
    c2ee:	jmp    c135 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c2f3:	nopl   0x0(%rax,%rax,1)
    c2f8:	mov    -0x50(%rbp),%rdi
    c2fc:	call   51cb0 <cudaFree>
    c301:	mov    %eax,%edi
    c303:	test   %eax,%eax
    c305:	je     c040 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6c0>
    c30b:	call   47950 <cudaGetErrorString>
    c310:	lea    0x79d35(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    c317:	push   %r8
    c319:	mov    $0x8d,%r8d
    c31f:	push   %rax
    c320:	jmp    c454 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xad4>
    c325:	nopl   (%rax)
    c328:	mov    -0x50(%rbp),%rdi
    c32c:	call   51e90 <cudaFreeHost>
    c331:	mov    %eax,%edi
    c333:	test   %eax,%eax
    c335:	jne    c4c3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb43>
    c33b:	mov    -0x48(%rbp),%rdi
    c33f:	call   51cb0 <cudaFree>
    c344:	mov    %eax,%edi
    c346:	test   %eax,%eax
    c348:	je     c040 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6c0>
    c34e:	call   47950 <cudaGetErrorString>
    c353:	mov    $0x87,%r8d
    c359:	lea    0x79cde(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    c360:	lea    0x7f469(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c367:	push   %r10
    c369:	mov    0xa2d50(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c370:	lea    0x79cb8(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c377:	mov    $0x2,%esi
    c37c:	push   %rax
    c37d:	xor    %eax,%eax
    c37f:	call   88d0 <__fprintf_chk@plt>
    c384:	mov    $0x2,%edi
    c389:	call   85e0 <exit@plt>
    c38e:	xchg   %ax,%ax
    c390:	call   51e90 <cudaFreeHost>
    c395:	mov    %eax,%edi
    c397:	test   %eax,%eax
    c399:	je     c067 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6e7>
    c39f:	call   47950 <cudaGetErrorString>
    c3a4:	lea    0x79c71(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c3ab:	mov    $0x8a,%r8d
    c3b1:	push   %rcx
    c3b2:	push   %rax
    c3b3:	jmp    c493 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb13>
    c3b8:	nopl   0x0(%rax,%rax,1)
    c3c0:	call   51e90 <cudaFreeHost>
    c3c5:	mov    %eax,%edi
    c3c7:	test   %eax,%eax
    c3c9:	jne    c4dd <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb5d>
    c3cf:	mov    -0x68(%rbp),%rdi
    c3d3:	call   51cb0 <cudaFree>
    c3d8:	mov    %eax,%edi
    c3da:	test   %eax,%eax
    c3dc:	je     c067 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6e7>
    c3e2:	call   47950 <cudaGetErrorString>
    c3e7:	lea    0x79c50(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    c3ee:	mov    $0x87,%r8d
    c3f4:	lea    0x7f3d5(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c3fb:	push   %rsi
    c3fc:	mov    0xa2cbd(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c403:	lea    0x79c25(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c40a:	mov    $0x2,%esi
    c40f:	push   %rax
    c410:	xor    %eax,%eax
    c412:	call   88d0 <__fprintf_chk@plt>
    c417:	mov    $0x2,%edi
    c41c:	call   85e0 <exit@plt>
    c421:	nopl   0x0(%rax)
    c428:	mov    %r12,%rdi
    c42b:	call   74a80 <cudaStreamSynchronize>
    c430:	mov    %eax,%edi
    c432:	test   %eax,%eax
    c434:	je     bef5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x575>
    c43a:	jmp    c135 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c43f:	call   47950 <cudaGetErrorString>
    c444:	mov    $0x8a,%r8d
    c44a:	push   %r9
    c44c:	lea    0x79bc9(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c453:	push   %rax
    c454:	mov    0xa2c65(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c45b:	lea    0x7f36e(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c462:	lea    0x79bc6(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c469:	xor    %eax,%eax
    c46b:	mov    $0x2,%esi
    c470:	call   88d0 <__fprintf_chk@plt>
    c475:	mov    $0x2,%edi
    c47a:	call   85e0 <exit@plt>
    c47f:	call   47950 <cudaGetErrorString>
    c484:	lea    0x79bc1(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    c48b:	mov    $0x8d,%r8d
    c491:	push   %rdx
    c492:	push   %rax
    c493:	mov    0xa2c26(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c49a:	lea    0x7f32f(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c4a1:	lea    0x79b87(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c4a8:	xor    %eax,%eax
    c4aa:	mov    $0x2,%esi
    c4af:	call   88d0 <__fprintf_chk@plt>
    c4b4:	mov    $0x2,%edi
    c4b9:	call   85e0 <exit@plt>
    c4be:	call   8550 <__stack_chk_fail@plt>
    c4c3:	call   47950 <cudaGetErrorString>
    c4c8:	lea    0x79b4d(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c4cf:	mov    $0x86,%r8d
    c4d5:	push   %r11
    c4d7:	push   %rax
    c4d8:	jmp    c454 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xad4>
    c4dd:	call   47950 <cudaGetErrorString>
    c4e2:	lea    0x79b33(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c4e9:	mov    $0x86,%r8d
    c4ef:	push   %rdi
    c4f0:	push   %rax
    c4f1:	jmp    c493 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb13>
    c4f3:	call   47950 <cudaGetErrorString>
    c4f8:	push   %rdi
    c4f9:	lea    0x7f500(%rip),%r9        # 8ba00 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x235>
    c500:	mov    $0x54,%r8d
    c506:	lea    0x7f3b3(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c50d:	push   %rax
    c50e:	mov    0xa2bab(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c515:	lea    0x79b13(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c51c:	mov    $0x2,%esi
    c521:	xor    %eax,%eax
    c523:	call   88d0 <__fprintf_chk@plt>
    c528:	pop    %rbx
    c529:	pop    %r12
    c52b:	mov    $0x2,%edi
    c530:	call   85e0 <exit@plt>
    c535:	call   47950 <cudaGetErrorString>
    c53a:	lea    0x79b92(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c541:	push   %rbx
    c542:	mov    $0x64,%r8d
    c548:	lea    0x7f371(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c54f:	push   %rax
    c550:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c552:	call   47950 <cudaGetErrorString>
    c557:	mov    $0x47,%r8d
    c55d:	push   %r9
    c55f:	lea    0x7f35a(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c566:	lea    0x7f3a3(%rip),%r9        # 8b910 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x145>
    c56d:	push   %rax
    c56e:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c570:	call   47950 <cudaGetErrorString>
    c575:	lea    0x7f394(%rip),%r9        # 8b910 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x145>
    c57c:	push   %rcx
    c57d:	mov    $0x62,%r8d
    c583:	lea    0x7f336(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c58a:	push   %rax
    c58b:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c58d:	nopl   (%rax)
    c590:	mov    %eax,%edi
    c592:	call   47950 <cudaGetErrorString>
    c597:	sub    $0x8,%rsp
    c59b:	lea    0x7f49e(%rip),%r9        # 8ba40 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x275>
    c5a2:	mov    $0x63,%r8d
    c5a8:	push   %rax
    c5a9:	jmp    c149 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c5ae:	call   47950 <cudaGetErrorString>
    c5b3:	sub    $0x8,%rsp
    c5b7:	lea    0x79b15(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c5be:	mov    $0x5c,%r8d
    c5c4:	push   %rax
    c5c5:	lea    0x7f2f4(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c5cc:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c5d1:	call   47950 <cudaGetErrorString>
    c5d6:	sub    $0x8,%rsp
    c5da:	lea    0x79b3e(%rip),%r9        # 8611f <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x7>
    c5e1:	mov    $0x5b,%r8d
    c5e7:	push   %rax
    c5e8:	lea    0x7f2d1(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c5ef:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c5f4:	call   47950 <cudaGetErrorString>
    c5f9:	sub    $0x8,%rsp
    c5fd:	lea    0x7f34c(%rip),%r9        # 8b950 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x185>
    c604:	mov    $0x59,%r8d
    c60a:	push   %rax
    c60b:	jmp    c149 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c610:	call   47950 <cudaGetErrorString>
    c615:	sub    $0x8,%rsp
    c619:	lea    0x7f3a0(%rip),%r9        # 8b9c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1f5>
    c620:	mov    $0x51,%r8d
    c626:	push   %rax
    c627:	lea    0x7f292(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c62e:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c633:	call   47950 <cudaGetErrorString>
    c638:	sub    $0x8,%rsp
    c63c:	lea    0x79a65(%rip),%r9        # 860a8 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x90>
    c643:	mov    $0x57,%r8d
    c649:	push   %rax
    c64a:	jmp    c149 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c64f:	mov    0xa2a6a(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c656:	mov    $0x8,%ecx
    c65b:	lea    0x7f286(%rip),%rdx        # 8b8e8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x11d>
    c662:	xor    %eax,%eax
    c664:	mov    $0x2,%esi
    c669:	call   88d0 <__fprintf_chk@plt>
    c66e:	jmp    c52b <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbab>
    c673:	call   47950 <cudaGetErrorString>
    c678:	lea    0x79a54(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c67f:	push   %r8
    c681:	lea    0x7f238(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c688:	mov    $0x49,%r8d
    c68e:	push   %rax
    c68f:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c694:	call   47950 <cudaGetErrorString>
    c699:	lea    0x799f0(%rip),%r9        # 86090 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x78>
    c6a0:	push   %r10
    c6a2:	mov    $0x3d,%r8d
    c6a8:	lea    0x7f211(%rip),%rcx        # 8b8c0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf5>
    c6af:	push   %rax
    c6b0:	jmp    c50e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c6b5:	call   47950 <cudaGetErrorString>
    c6ba:	push   %r11
    c6bc:	lea    0x799b5(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    c6c3:	mov    $0x78,%r8d
    c6c9:	push   %rax
    c6ca:	mov    0xa29ef(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c6d1:	lea    0x7f0f8(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c6d8:	lea    0x79950(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c6df:	xor    %eax,%eax
    c6e1:	mov    $0x2,%esi
    c6e6:	call   88d0 <__fprintf_chk@plt>
    c6eb:	jmp    c528 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xba8>
    c6f0:	call   47950 <cudaGetErrorString>
    c6f5:	lea    0x7995f(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    c6fc:	push   %r13
    c6fe:	mov    $0x77,%r8d
    c704:	push   %rax
    c705:	jmp    c6ca <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd4a>
    c707:	call   47950 <cudaGetErrorString>
    c70c:	push   %r14
    c70e:	lea    0x79963(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    c715:	mov    $0x78,%r8d
    c71b:	push   %rax
    c71c:	mov    0xa299d(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c723:	lea    0x7f0a6(%rip),%rcx        # 8b7d0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x5>
    c72a:	lea    0x798fe(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c731:	xor    %eax,%eax
    c733:	mov    $0x2,%esi
    c738:	call   88d0 <__fprintf_chk@plt>
    c73d:	mov    $0x2,%edi
    c742:	call   85e0 <exit@plt>
    c747:	mov    %eax,%edi
    c749:	call   47950 <cudaGetErrorString>
    c74e:	lea    0x79906(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    c755:	push   %r15
    c757:	mov    $0x77,%r8d
    c75d:	push   %rax
    c75e:	jmp    c71c <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd9c>
    c760:	endbr64
    c764:	mov    %rax,%rbx
    c767:	jmp    8afb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]>
    c76c:	endbr64
    c770:	mov    %rax,%rbx
    c773:	jmp    8b04 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]+0x9>
    c778:	nopl   0x0(%rax,%rax,1)

