0000000000008acd <run(Policy, unsigned long, CUstream_st*) [clone .cold]>:
    8acd:	lea    -0x60(%rbp),%rdi
    8ad1:	call   d870 <Buf::~Buf()>
    8ad6:	lea    -0x80(%rbp),%rdi
    8ada:	call   d870 <Buf::~Buf()>
    8adf:	mov    -0x38(%rbp),%rax
    8ae3:	sub    %fs:0x28,%rax
    8aec:	jne    8af6 <run(Policy, unsigned long, CUstream_st*) [clone .cold]+0x29>
    8aee:	mov    %rbx,%rdi
    8af1:	call   8920 <_Unwind_Resume@plt>
    8af6:	call   8550 <__stack_chk_fail@plt>

0000000000008afb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]>:
    8afb:	lea    -0x60(%rbp),%rdi
    8aff:	call   d870 <Buf::~Buf()>
    8b04:	lea    -0x80(%rbp),%rdi
    8b08:	call   d870 <Buf::~Buf()>
    8b0d:	mov    -0x38(%rbp),%rax
    8b11:	sub    %fs:0x28,%rax
    8b1a:	jne    8b24 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]+0x29>
    8b1c:	mov    %rbx,%rdi
    8b1f:	call   8920 <_Unwind_Resume@plt>
    8b24:	call   8550 <__stack_chk_fail@plt>

000000000000a530 <run(Policy, unsigned long, CUstream_st*)>:
    a530:	push   %rbp
    a531:	pxor   %xmm4,%xmm4
    a535:	mov    %rsp,%rbp
    a538:	push   %r15
    a53a:	lea    0x0(,%rdx,4),%r15
    a542:	push   %r14
    a544:	push   %r13
    a546:	push   %r12
    a548:	mov    %rcx,%r12
    a54b:	push   %rbx
    a54c:	sub    $0xf8,%rsp
    a553:	mov    %rdi,-0x100(%rbp)
    a55a:	mov    %esi,-0xc4(%rbp)
    a560:	mov    %rdx,-0xb8(%rbp)
    a567:	mov    %fs:0x28,%rax
    a570:	mov    %rax,-0x38(%rbp)
    a574:	xor    %eax,%eax
    a576:	mov    %esi,-0x80(%rbp)
    a579:	mov    %r15,-0x78(%rbp)
    a57d:	movaps %xmm4,-0x70(%rbp)
    a581:	test   %esi,%esi
    a583:	je     b372 <run(Policy, unsigned long, CUstream_st*)+0xe42>
    a589:	cmp    $0x1,%esi
    a58c:	jne    ac3a <run(Policy, unsigned long, CUstream_st*)+0x70a>
    a592:	lea    -0x70(%rbp),%rdi
    a596:	mov    $0x2,%edx
    a59b:	mov    %r15,%rsi
    a59e:	call   523a0 <cudaHostAlloc>
    a5a3:	mov    %eax,%edi
    a5a5:	test   %eax,%eax
    a5a7:	jne    b576 <run(Policy, unsigned long, CUstream_st*)+0x1046>
    a5ad:	mov    -0x70(%rbp),%rsi
    a5b1:	lea    -0x68(%rbp),%rdi
    a5b5:	xor    %edx,%edx
    a5b7:	call   529a0 <cudaHostGetDevicePointer>
    a5bc:	mov    %eax,%edi
    a5be:	test   %eax,%eax
    a5c0:	jne    b5b6 <run(Policy, unsigned long, CUstream_st*)+0x1086>
    a5c6:	pxor   %xmm7,%xmm7
    a5ca:	lea    -0x50(%rbp),%rdi
    a5ce:	mov    $0x2,%edx
    a5d3:	mov    %r15,%rsi
    a5d6:	movl   $0x1,-0x60(%rbp)
    a5dd:	mov    %r15,-0x58(%rbp)
    a5e1:	movaps %xmm7,-0x50(%rbp)
    a5e5:	call   523a0 <cudaHostAlloc>
    a5ea:	mov    %eax,%edi
    a5ec:	test   %eax,%eax
    a5ee:	jne    b5cc <run(Policy, unsigned long, CUstream_st*)+0x109c>
    a5f4:	mov    -0x50(%rbp),%rsi
    a5f8:	lea    -0x48(%rbp),%rdi
    a5fc:	xor    %edx,%edx
    a5fe:	call   529a0 <cudaHostGetDevicePointer>
    a603:	mov    %eax,%edi
    a605:	test   %eax,%eax
    a607:	jne    b609 <run(Policy, unsigned long, CUstream_st*)+0x10d9>
    a60d:	mov    -0x50(%rbp),%rax
    a611:	cmpq   $0x0,-0xb8(%rbp)
    a619:	mov    %rax,-0xd0(%rbp)
    a620:	mov    -0x48(%rbp),%rax
    a624:	mov    %rax,-0xe8(%rbp)
    a62b:	mov    -0x70(%rbp),%rax
    a62f:	mov    %rax,-0xb0(%rbp)
    a636:	mov    -0x68(%rbp),%rax
    a63a:	mov    %rax,-0xd8(%rbp)
    a641:	je     a6fc <run(Policy, unsigned long, CUstream_st*)+0x1cc>
    a647:	movss  0x7b9b5(%rip),%xmm2        # 86004 <_IO_stdin_used+0x4>
    a64f:	mov    -0xd0(%rbp),%r9
    a656:	xor    %esi,%esi
    a658:	xor    %ecx,%ecx
    a65a:	movss  0x7b9a6(%rip),%xmm1        # 86008 <_IO_stdin_used+0x8>
    a662:	mov    -0xb0(%rbp),%r10
    a669:	movabs $0x20c49ba5e353f7cf,%r8
    a673:	movabs $0x4ec4ec4ec4ec4ec5,%rdi
    a67d:	mov    %rcx,%rdx
    a680:	pxor   %xmm0,%xmm0
    a684:	shr    $0x3,%rdx
    a688:	mov    %rdx,%rax
    a68b:	mul    %r8
    a68e:	shr    $0x4,%rdx
    a692:	imul   $0x3e8,%rdx,%rax
    a699:	mov    %rcx,%rdx
    a69c:	sub    %rax,%rdx
    a69f:	mov    %rsi,%rax
    a6a2:	cvtsi2ss %rdx,%xmm0
    a6a7:	mul    %rdi
    a6aa:	mulss  %xmm2,%xmm0
    a6ae:	shr    $0x2,%rdx
    a6b2:	lea    (%rdx,%rdx,2),%rax
    a6b6:	lea    (%rdx,%rax,4),%rdx
    a6ba:	mov    %rsi,%rax
    a6bd:	add    $0x7,%rsi
    a6c1:	sub    %rdx,%rax
    a6c4:	movss  %xmm0,(%r10,%rcx,4)
    a6ca:	pxor   %xmm0,%xmm0
    a6ce:	cvtsi2ss %rax,%xmm0
    a6d3:	mulss  %xmm1,%xmm0
    a6d7:	movss  %xmm0,(%r9,%rcx,4)
    a6dd:	add    $0x1,%rcx
    a6e1:	cmp    %rcx,-0xb8(%rbp)
    a6e8:	jne    a67d <run(Policy, unsigned long, CUstream_st*)+0x14d>
    a6ea:	mov    -0xc4(%rbp),%eax
    a6f0:	sub    $0x4,%eax
    a6f3:	cmp    $0x1,%eax
    a6f6:	jbe    b278 <run(Policy, unsigned long, CUstream_st*)+0xd48>
    a6fc:	call   44d40 <cudaDeviceSynchronize>
    a701:	mov    %eax,%edi
    a703:	test   %eax,%eax
    a705:	jne    b8b7 <run(Policy, unsigned long, CUstream_st*)+0x1387>
    a70b:	mov    -0xc4(%rbp),%r14d
    a712:	lea    -0x3(%r14),%eax
    a716:	and    $0xfffffffd,%eax
    a719:	mov    %eax,-0xf4(%rbp)
    a71f:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a724:	pxor   %xmm0,%xmm0
    a728:	movq   $0x0,-0xe0(%rbp)
    a733:	movq   $0x0,-0xf0(%rbp)
    a73e:	cvtsi2sd %rax,%xmm0
    a743:	mov    -0xb8(%rbp),%rax
    a74a:	divsd  0x84cfe(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a752:	movsd  %xmm0,-0x110(%rbp)
    a75a:	mov    %rax,%rbx
    a75d:	add    $0xff,%rax
    a763:	mov    %rax,%rdx
    a766:	shr    $0xa,%rbx
    a76a:	shr    $0x8,%rdx
    a76e:	cmp    $0x840ff,%rax
    a774:	mov    $0x840,%eax
    a779:	mov    %rbx,-0x118(%rbp)
    a780:	cmovbe %rdx,%rax
    a784:	test   %r14d,%r14d
    a787:	sete   -0xf5(%rbp)
    a78e:	mov    %rax,-0x108(%rbp)
    a795:	mov    -0xe0(%rbp),%rax
    a79c:	mov    %eax,-0xc8(%rbp)
    a7a2:	mov    %eax,%ebx
    a7a4:	test   %eax,%eax
    a7a6:	jle    ae60 <run(Policy, unsigned long, CUstream_st*)+0x930>
    a7ac:	cmpb   $0x0,-0xf5(%rbp)
    a7b3:	je     ae60 <run(Policy, unsigned long, CUstream_st*)+0x930>
    a7b9:	mov    0xa4a41(%rip),%eax        # af200 <g_moves+0x100>
    a7bf:	lea    0xa493a(%rip),%r13        # af100 <g_moves>
    a7c6:	cmp    $0x8,%eax
    a7c9:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    a7cf:	add    %eax,%eax
    a7d1:	mov    %r12,%rsi
    a7d4:	cltq
    a7d6:	mov    0x0(%r13,%rax,8),%rdi
    a7db:	call   73f70 <cudaEventRecord>
    a7e0:	mov    %eax,%edi
    a7e2:	test   %eax,%eax
    a7e4:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    a7ea:	mov    -0xd8(%rbp),%rsi
    a7f1:	mov    %r12,%r8
    a7f4:	mov    $0x2,%ecx
    a7f9:	mov    %r15,%rdx
    a7fc:	mov    -0xb0(%rbp),%rdi
    a803:	call   71580 <cudaMemcpyAsync>
    a808:	mov    %eax,%edi
    a80a:	test   %eax,%eax
    a80c:	jne    b7f9 <run(Policy, unsigned long, CUstream_st*)+0x12c9>
    a812:	mov    0xa49e8(%rip),%eax        # af200 <g_moves+0x100>
    a818:	mov    %r12,%rsi
    a81b:	lea    0x1(%rax,%rax,1),%eax
    a81f:	cltq
    a821:	mov    0x0(%r13,%rax,8),%rdi
    a826:	call   73f70 <cudaEventRecord>
    a82b:	mov    %eax,%edi
    a82d:	test   %eax,%eax
    a82f:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    a835:	movslq 0xa49c4(%rip),%rdx        # af200 <g_moves+0x100>
    a83c:	lea    0x7b883(%rip),%rcx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    a843:	mov    %rdx,%rax
    a846:	add    $0x1,%eax
    a849:	lea    0x7cb2b(%rip),%rsi        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    a850:	cmpb   $0x0,0xa49b9(%rip)        # af210 <g_each>
    a857:	mov    %rcx,0x80(%r13,%rdx,8)
    a85f:	mov    %rsi,0xc0(%r13,%rdx,8)
    a867:	mov    %eax,0xa4993(%rip)        # af200 <g_moves+0x100>
    a86d:	jne    b055 <run(Policy, unsigned long, CUstream_st*)+0xb25>
    a873:	mov    %r12,%rdi
    a876:	call   749f0 <cudaStreamSynchronize>
    a87b:	mov    %eax,%edi
    a87d:	test   %eax,%eax
    a87f:	jne    b836 <run(Policy, unsigned long, CUstream_st*)+0x1306>
    a885:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a88a:	mov    -0xe0(%rbp),%rcx
    a891:	mov    -0x118(%rbp),%rsi
    a898:	pxor   %xmm0,%xmm0
    a89c:	cvtsi2sd %rax,%xmm0
    a8a1:	divsd  0x84ba7(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a8a9:	movsd  %xmm0,-0xa8(%rbp)
    a8b1:	cmp    %rsi,%rcx
    a8b4:	jae    a90e <run(Policy, unsigned long, CUstream_st*)+0x3de>
    a8b6:	lea    0x1(%rbx),%eax
    a8b9:	pxor   %xmm1,%xmm1
    a8bd:	mov    %rcx,%rdx
    a8c0:	cvtsi2ss %eax,%xmm1
    a8c4:	mov    -0xb0(%rbp),%rax
    a8cb:	shl    $0xc,%rdx
    a8cf:	add    %rax,%rdx
    a8d2:	xor    %eax,%eax
    a8d4:	nopl   0x0(%rax)
    a8d8:	pxor   %xmm0,%xmm0
    a8dc:	cvtsi2ss %rax,%xmm0
    a8e1:	mulss  0x7b71b(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    a8e9:	addss  %xmm1,%xmm0
    a8ed:	movss  %xmm0,(%rdx,%rax,4)
    a8f2:	add    $0x1,%rax
    a8f6:	cmp    $0x400,%rax
    a8fc:	jne    a8d8 <run(Policy, unsigned long, CUstream_st*)+0x3a8>
    a8fe:	add    $0xa,%rcx
    a902:	add    $0xa000,%rdx
    a909:	cmp    %rsi,%rcx
    a90c:	jb     a8d2 <run(Policy, unsigned long, CUstream_st*)+0x3a2>
    a90e:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    a913:	pxor   %xmm0,%xmm0
    a917:	mov    -0xc4(%rbp),%esi
    a91d:	cvtsi2sd %rax,%xmm0
    a922:	divsd  0x84b26(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    a92a:	subsd  -0xa8(%rbp),%xmm0
    a932:	addsd  -0xf0(%rbp),%xmm0
    a93a:	movsd  %xmm0,-0xf0(%rbp)
    a942:	test   %esi,%esi
    a944:	je     ae88 <run(Policy, unsigned long, CUstream_st*)+0x958>
    a94a:	mov    -0xf4(%rbp),%eax
    a950:	test   %eax,%eax
    a952:	jne    aaae <run(Policy, unsigned long, CUstream_st*)+0x57e>
    a958:	mov    0xa48a2(%rip),%eax        # af200 <g_moves+0x100>
    a95e:	lea    0xa479b(%rip),%r13        # af100 <g_moves>
    a965:	cmp    $0x8,%eax
    a968:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    a96e:	add    %eax,%eax
    a970:	mov    %r12,%rsi
    a973:	cltq
    a975:	mov    0x0(%r13,%rax,8),%rdi
    a97a:	call   73f70 <cudaEventRecord>
    a97f:	mov    %eax,%edi
    a981:	test   %eax,%eax
    a983:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    a989:	mov    -0xb0(%rbp),%rdi
    a990:	mov    %r12,%r8
    a993:	xor    %ecx,%ecx
    a995:	mov    %r15,%rsi
    a998:	mov    $0x1,%edx
    a99d:	call   75600 <cudaMemPrefetchAsync>
    a9a2:	mov    %eax,%edi
    a9a4:	test   %eax,%eax
    a9a6:	jne    b856 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    a9ac:	mov    0xa484e(%rip),%eax        # af200 <g_moves+0x100>
    a9b2:	mov    %r12,%rsi
    a9b5:	lea    0x1(%rax,%rax,1),%eax
    a9b9:	cltq
    a9bb:	mov    0x0(%r13,%rax,8),%rdi
    a9c0:	call   73f70 <cudaEventRecord>
    a9c5:	mov    %eax,%edi
    a9c7:	test   %eax,%eax
    a9c9:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    a9cf:	movslq 0xa482a(%rip),%rdx        # af200 <g_moves+0x100>
    a9d6:	lea    0x7b72f(%rip),%rbx        # 8610c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xf4>
    a9dd:	lea    0x7c997(%rip),%rsi        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    a9e4:	mov    %rdx,%rax
    a9e7:	mov    %rbx,0x80(%r13,%rdx,8)
    a9ef:	add    $0x1,%eax
    a9f2:	cmpb   $0x0,0xa4817(%rip)        # af210 <g_each>
    a9f9:	mov    %rsi,0xc0(%r13,%rdx,8)
    aa01:	mov    %eax,0xa47f9(%rip)        # af200 <g_moves+0x100>
    aa07:	jne    b0c0 <run(Policy, unsigned long, CUstream_st*)+0xb90>
    aa0d:	cmp    $0x8,%eax
    aa10:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    aa16:	add    %eax,%eax
    aa18:	mov    %r12,%rsi
    aa1b:	cltq
    aa1d:	mov    0x0(%r13,%rax,8),%rdi
    aa22:	call   73f70 <cudaEventRecord>
    aa27:	mov    %eax,%edi
    aa29:	test   %eax,%eax
    aa2b:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    aa31:	mov    -0xd0(%rbp),%rdi
    aa38:	mov    %r12,%r8
    aa3b:	xor    %ecx,%ecx
    aa3d:	mov    %r15,%rsi
    aa40:	mov    $0x1,%edx
    aa45:	call   75600 <cudaMemPrefetchAsync>
    aa4a:	mov    %eax,%edi
    aa4c:	test   %eax,%eax
    aa4e:	jne    b856 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    aa54:	mov    0xa47a6(%rip),%eax        # af200 <g_moves+0x100>
    aa5a:	mov    %r12,%rsi
    aa5d:	lea    0x1(%rax,%rax,1),%eax
    aa61:	cltq
    aa63:	mov    0x0(%r13,%rax,8),%rdi
    aa68:	call   73f70 <cudaEventRecord>
    aa6d:	mov    %eax,%edi
    aa6f:	test   %eax,%eax
    aa71:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    aa77:	movslq 0xa4782(%rip),%rdx        # af200 <g_moves+0x100>
    aa7e:	mov    %rdx,%rax
    aa81:	mov    %rbx,0x80(%r13,%rdx,8)
    aa89:	lea    0x80cdf(%rip),%rbx        # 8b76f <libcudart_static_e77e884586bfa2c8fbeb7aeb98018e45d77bd19b+0x1>
    aa90:	add    $0x1,%eax
    aa93:	cmpb   $0x0,0xa4776(%rip)        # af210 <g_each>
    aa9a:	mov    %rbx,0xc0(%r13,%rdx,8)
    aaa2:	mov    %eax,0xa4758(%rip)        # af200 <g_moves+0x100>
    aaa8:	jne    b090 <run(Policy, unsigned long, CUstream_st*)+0xb60>
    aaae:	mov    0x849a3(%rip),%rax        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x40>
    aab5:	mov    %r12,%r9
    aab8:	xor    %r8d,%r8d
    aabb:	movabs $0x100000100,%rdx
    aac5:	movl   $0x1,-0x90(%rbp)
    aacf:	mov    $0x1,%ecx
    aad4:	mov    %rax,-0x98(%rbp)
    aadb:	mov    -0x108(%rbp),%eax
    aae1:	mov    %eax,-0x8c(%rbp)
    aae7:	movabs $0x100000001,%rax
    aaf1:	mov    %rax,-0x88(%rbp)
    aaf8:	mov    -0x8c(%rbp),%rdi
    aaff:	mov    -0x84(%rbp),%esi
    ab05:	call   21100 <__cudaPushCallConfiguration>
    ab0a:	test   %eax,%eax
    ab0c:	jne    ab28 <run(Policy, unsigned long, CUstream_st*)+0x5f8>
    ab0e:	mov    -0xb8(%rbp),%rdx
    ab15:	mov    -0xe8(%rbp),%rsi
    ab1c:	mov    -0xd8(%rbp),%rdi
    ab23:	call   a3e0 <__device_stub__Z5relaxPfPKfm(float*, float const*, unsigned long)>
    ab28:	call   473f0 <cudaGetLastError>
    ab2d:	mov    %eax,%edi
    ab2f:	test   %eax,%eax
    ab31:	jne    b720 <run(Policy, unsigned long, CUstream_st*)+0x11f0>
    ab37:	mov    %r12,%rdi
    ab3a:	call   749f0 <cudaStreamSynchronize>
    ab3f:	mov    %eax,%edi
    ab41:	test   %eax,%eax
    ab43:	jne    b743 <run(Policy, unsigned long, CUstream_st*)+0x1213>
    ab49:	movslq -0xc4(%rbp),%rax
    ab50:	lea    0x9f4e9(%rip),%rdx        # aa040 <NAMES>
    ab57:	lea    0xa45a2(%rip),%r13        # af100 <g_moves>
    ab5e:	movq   $0x0,-0xa8(%rbp)
    ab69:	mov    %r13,%rbx
    ab6c:	lea    -0x98(%rbp),%r14
    ab73:	mov    (%rdx,%rax,8),%rax
    ab77:	mov    %rax,-0xc0(%rbp)
    ab7e:	mov    0xa467c(%rip),%eax        # af200 <g_moves+0x100>
    ab84:	test   %eax,%eax
    ab86:	jg     abaf <run(Policy, unsigned long, CUstream_st*)+0x67f>
    ab88:	jmp    acd0 <run(Policy, unsigned long, CUstream_st*)+0x7a0>
    ab8d:	nopl   (%rax)
    ab90:	addq   $0x1,-0xa8(%rbp)
    ab98:	add    $0x10,%rbx
    ab9c:	mov    -0xa8(%rbp),%rax
    aba3:	cmp    %eax,0xa4657(%rip)        # af200 <g_moves+0x100>
    aba9:	jle    acd0 <run(Policy, unsigned long, CUstream_st*)+0x7a0>
    abaf:	mov    0x8(%rbx),%rdx
    abb3:	mov    (%rbx),%rsi
    abb6:	mov    %r14,%rdi
    abb9:	call   4dc20 <cudaEventElapsedTime>
    abbe:	test   %eax,%eax
    abc0:	jne    b770 <run(Policy, unsigned long, CUstream_st*)+0x1240>
    abc6:	mov    0xa463b(%rip),%rdi        # af208 <g_steps>
    abcd:	test   %rdi,%rdi
    abd0:	je     ab90 <run(Policy, unsigned long, CUstream_st*)+0x660>
    abd2:	mov    0xa4437(%rip),%r9d        # af010 <g_trial>
    abd9:	test   %r9d,%r9d
    abdc:	js     ab90 <run(Policy, unsigned long, CUstream_st*)+0x660>
    abde:	mov    -0xa8(%rbp),%rax
    abe5:	lea    0xa45d4(%rip),%rsi        # af1c0 <g_moves+0xc0>
    abec:	pxor   %xmm0,%xmm0
    abf0:	sub    $0x8,%rsp
    abf4:	cvtss2sd -0x98(%rbp),%xmm0
    abfc:	mov    -0xc0(%rbp),%r8
    ac03:	lea    0x7b528(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    ac0a:	push   (%rsi,%rax,8)
    ac0d:	sub    $0x40,%rsi
    ac11:	push   (%rsi,%rax,8)
    ac14:	mov    $0x2,%esi
    ac19:	mov    -0xc8(%rbp),%eax
    ac1f:	mov    0xa43f2(%rip),%rcx        # af018 <g_mode>
    ac26:	push   %rax
    ac27:	mov    $0x1,%eax
    ac2c:	call   88d0 <__fprintf_chk@plt>
    ac31:	add    $0x20,%rsp
    ac35:	jmp    ab90 <run(Policy, unsigned long, CUstream_st*)+0x660>
    ac3a:	lea    -0x70(%rbp),%rdi
    ac3e:	mov    $0x1,%edx
    ac43:	mov    %r15,%rsi
    ac46:	call   51120 <cudaMallocManaged>
    ac4b:	mov    %eax,%edi
    ac4d:	test   %eax,%eax
    ac4f:	jne    b78e <run(Policy, unsigned long, CUstream_st*)+0x125e>
    ac55:	mov    -0x70(%rbp),%rax
    ac59:	pxor   %xmm6,%xmm6
    ac5d:	lea    -0x50(%rbp),%rdi
    ac61:	mov    %r15,%rsi
    ac64:	mov    $0x1,%edx
    ac69:	mov    %r15,-0x58(%rbp)
    ac6d:	mov    %rax,-0x68(%rbp)
    ac71:	mov    -0xc4(%rbp),%eax
    ac77:	movaps %xmm6,-0x50(%rbp)
    ac7b:	mov    %eax,-0x60(%rbp)
    ac7e:	call   51120 <cudaMallocManaged>
    ac83:	mov    %eax,%edi
    ac85:	test   %eax,%eax
    ac87:	jne    b7a7 <run(Policy, unsigned long, CUstream_st*)+0x1277>
    ac8d:	mov    -0x70(%rbp),%rbx
    ac91:	mov    -0x50(%rbp),%rax
    ac95:	cmpq   $0x0,-0xb8(%rbp)
    ac9d:	mov    %rbx,-0xb0(%rbp)
    aca4:	mov    -0x68(%rbp),%rbx
    aca8:	mov    %rax,-0xe8(%rbp)
    acaf:	mov    %rax,-0x48(%rbp)
    acb3:	mov    %rbx,-0xd8(%rbp)
    acba:	mov    %rax,-0xd0(%rbp)
    acc1:	jne    a647 <run(Policy, unsigned long, CUstream_st*)+0x117>
    acc7:	jmp    a6ea <run(Policy, unsigned long, CUstream_st*)+0x1ba>
    accc:	nopl   0x0(%rax)
    acd0:	addq   $0x1,-0xe0(%rbp)
    acd8:	mov    -0xe0(%rbp),%rax
    acdf:	movl   $0x0,0xa4517(%rip)        # af200 <g_moves+0x100>
    ace9:	cmp    $0x4,%rax
    aced:	jne    a795 <run(Policy, unsigned long, CUstream_st*)+0x265>
    acf3:	mov    -0xc4(%rbp),%eax
    acf9:	test   %eax,%eax
    acfb:	je     b2f8 <run(Policy, unsigned long, CUstream_st*)+0xdc8>
    ad01:	mov    -0xf4(%rbp),%r14d
    ad08:	test   %r14d,%r14d
    ad0b:	je     b0d9 <run(Policy, unsigned long, CUstream_st*)+0xba9>
    ad11:	movl   $0x0,0xa44e5(%rip)        # af200 <g_moves+0x100>
    ad1b:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    ad20:	cmpq   $0x0,-0xb8(%rbp)
    ad28:	pxor   %xmm2,%xmm2
    ad2c:	mov    %rax,%rbx
    ad2f:	mov    -0xb0(%rbp),%rax
    ad36:	lea    (%rax,%r15,1),%rdx
    ad3a:	je     ad52 <run(Policy, unsigned long, CUstream_st*)+0x822>
    ad3c:	pxor   %xmm0,%xmm0
    ad40:	add    $0x4,%rax
    ad44:	cvtss2sd -0x4(%rax),%xmm0
    ad49:	addsd  %xmm0,%xmm2
    ad4d:	cmp    %rdx,%rax
    ad50:	jne    ad3c <run(Policy, unsigned long, CUstream_st*)+0x80c>
    ad52:	movsd  %xmm2,-0xb0(%rbp)
    ad5a:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    ad5f:	pxor   %xmm1,%xmm1
    ad63:	pxor   %xmm0,%xmm0
    ad67:	movsd  -0xf0(%rbp),%xmm3
    ad6f:	cvtsi2sd %rax,%xmm1
    ad74:	divsd  0x846d4(%rip),%xmm1        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ad7c:	cvtsi2sd %rbx,%xmm0
    ad81:	divsd  0x846c7(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ad89:	subsd  %xmm0,%xmm1
    ad8d:	addsd  %xmm1,%xmm3
    ad91:	movsd  %xmm1,-0xa8(%rbp)
    ad99:	movq   %xmm3,%rbx
    ad9e:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    ada3:	pxor   %xmm0,%xmm0
    ada7:	movq   %rbx,%xmm7
    adac:	movsd  -0xa8(%rbp),%xmm1
    adb4:	cvtsi2sd %rax,%xmm0
    adb9:	divsd  0x8468f(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    adc1:	subsd  -0x110(%rbp),%xmm0
    adc9:	mov    -0x100(%rbp),%rax
    add0:	movsd  -0xb0(%rbp),%xmm2
    add8:	movsd  %xmm1,0x10(%rax)
    addd:	unpcklpd %xmm7,%xmm0
    ade1:	movsd  %xmm2,0x18(%rax)
    ade6:	movups %xmm0,(%rax)
    ade9:	mov    -0x60(%rbp),%eax
    adec:	test   %eax,%eax
    adee:	je     b510 <run(Policy, unsigned long, CUstream_st*)+0xfe0>
    adf4:	cmp    $0x1,%eax
    adf7:	je     b4b8 <run(Policy, unsigned long, CUstream_st*)+0xf88>
    adfd:	mov    -0x50(%rbp),%rdi
    ae01:	call   51c20 <cudaFree>
    ae06:	mov    %eax,%edi
    ae08:	test   %eax,%eax
    ae0a:	jne    b7c1 <run(Policy, unsigned long, CUstream_st*)+0x1291>
    ae10:	mov    -0x80(%rbp),%eax
    ae13:	mov    -0x70(%rbp),%rdi
    ae17:	test   %eax,%eax
    ae19:	je     b450 <run(Policy, unsigned long, CUstream_st*)+0xf20>
    ae1f:	cmp    $0x1,%eax
    ae22:	je     b400 <run(Policy, unsigned long, CUstream_st*)+0xed0>
    ae28:	call   51c20 <cudaFree>
    ae2d:	mov    %eax,%edi
    ae2f:	test   %eax,%eax
    ae31:	jne    b7db <run(Policy, unsigned long, CUstream_st*)+0x12ab>
    ae37:	mov    -0x38(%rbp),%rax
    ae3b:	sub    %fs:0x28,%rax
    ae44:	jne    b7f4 <run(Policy, unsigned long, CUstream_st*)+0x12c4>
    ae4a:	mov    -0x100(%rbp),%rax
    ae51:	lea    -0x28(%rbp),%rsp
    ae55:	pop    %rbx
    ae56:	pop    %r12
    ae58:	pop    %r13
    ae5a:	pop    %r14
    ae5c:	pop    %r15
    ae5e:	pop    %rbp
    ae5f:	ret
    ae60:	mov    -0xf4(%rbp),%r9d
    ae67:	test   %r9d,%r9d
    ae6a:	je     afc8 <run(Policy, unsigned long, CUstream_st*)+0xa98>
    ae70:	mov    -0xc4(%rbp),%r8d
    ae77:	test   %r8d,%r8d
    ae7a:	jne    a885 <run(Policy, unsigned long, CUstream_st*)+0x355>
    ae80:	jmp    a873 <run(Policy, unsigned long, CUstream_st*)+0x343>
    ae85:	nopl   (%rax)
    ae88:	mov    0xa4372(%rip),%eax        # af200 <g_moves+0x100>
    ae8e:	lea    0xa426b(%rip),%r13        # af100 <g_moves>
    ae95:	cmp    $0x8,%eax
    ae98:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    ae9e:	add    %eax,%eax
    aea0:	mov    %r12,%rsi
    aea3:	cltq
    aea5:	mov    0x0(%r13,%rax,8),%rdi
    aeaa:	call   73f70 <cudaEventRecord>
    aeaf:	mov    %eax,%edi
    aeb1:	test   %eax,%eax
    aeb3:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    aeb9:	mov    -0xb0(%rbp),%rsi
    aec0:	mov    %r12,%r8
    aec3:	mov    $0x1,%ecx
    aec8:	mov    %r15,%rdx
    aecb:	mov    -0xd8(%rbp),%rdi
    aed2:	call   71580 <cudaMemcpyAsync>
    aed7:	mov    %eax,%edi
    aed9:	test   %eax,%eax
    aedb:	jne    b620 <run(Policy, unsigned long, CUstream_st*)+0x10f0>
    aee1:	mov    0xa4319(%rip),%eax        # af200 <g_moves+0x100>
    aee7:	mov    %r12,%rsi
    aeea:	lea    0x1(%rax,%rax,1),%eax
    aeee:	cltq
    aef0:	mov    0x0(%r13,%rax,8),%rdi
    aef5:	call   73f70 <cudaEventRecord>
    aefa:	mov    %eax,%edi
    aefc:	test   %eax,%eax
    aefe:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    af04:	movslq 0xa42f5(%rip),%rdx        # af200 <g_moves+0x100>
    af0b:	lea    0x7b1eb(%rip),%rbx        # 860fd <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xe5>
    af12:	lea    0x7c462(%rip),%rcx        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    af19:	mov    %rdx,%rax
    af1c:	mov    %rbx,0x80(%r13,%rdx,8)
    af24:	add    $0x1,%eax
    af27:	cmpb   $0x0,0xa42e2(%rip)        # af210 <g_each>
    af2e:	mov    %rcx,0xc0(%r13,%rdx,8)
    af36:	mov    %eax,0xa42c4(%rip)        # af200 <g_moves+0x100>
    af3c:	jne    b0a8 <run(Policy, unsigned long, CUstream_st*)+0xb78>
    af42:	cmpq   $0x0,-0xe0(%rbp)
    af4a:	jne    aaae <run(Policy, unsigned long, CUstream_st*)+0x57e>
    af50:	mov    0xa42aa(%rip),%eax        # af200 <g_moves+0x100>
    af56:	cmp    $0x8,%eax
    af59:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    af5f:	add    %eax,%eax
    af61:	mov    %r12,%rsi
    af64:	cltq
    af66:	mov    0x0(%r13,%rax,8),%rdi
    af6b:	call   73f70 <cudaEventRecord>
    af70:	mov    %eax,%edi
    af72:	test   %eax,%eax
    af74:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    af7a:	mov    -0xd0(%rbp),%rsi
    af81:	mov    %r12,%r8
    af84:	mov    $0x1,%ecx
    af89:	mov    %r15,%rdx
    af8c:	mov    -0xe8(%rbp),%rdi
    af93:	call   71580 <cudaMemcpyAsync>
    af98:	mov    %eax,%edi
    af9a:	test   %eax,%eax
    af9c:	je     aa54 <run(Policy, unsigned long, CUstream_st*)+0x524>
    afa2:	call   478c0 <cudaGetErrorString>
    afa7:	lea    0x80a4a(%rip),%r9        # 8b9f8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x236>
    afae:	push   %rdx
    afaf:	mov    $0x54,%r8d
    afb5:	lea    0x808fc(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    afbc:	push   %rax
    afbd:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    afc2:	nopw   0x0(%rax,%rax,1)
    afc8:	mov    0xa4232(%rip),%eax        # af200 <g_moves+0x100>
    afce:	lea    0xa412b(%rip),%r13        # af100 <g_moves>
    afd5:	cmp    $0x8,%eax
    afd8:	je     b872 <run(Policy, unsigned long, CUstream_st*)+0x1342>
    afde:	add    %eax,%eax
    afe0:	mov    %r12,%rsi
    afe3:	cltq
    afe5:	mov    0x0(%r13,%rax,8),%rdi
    afea:	call   73f70 <cudaEventRecord>
    afef:	mov    %eax,%edi
    aff1:	test   %eax,%eax
    aff3:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    aff9:	mov    -0xb0(%rbp),%rdi
    b000:	mov    %r12,%r8
    b003:	xor    %ecx,%ecx
    b005:	mov    %r15,%rsi
    b008:	mov    $0x2,%edx
    b00d:	call   75600 <cudaMemPrefetchAsync>
    b012:	mov    %eax,%edi
    b014:	test   %eax,%eax
    b016:	jne    b856 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    b01c:	mov    0xa41de(%rip),%eax        # af200 <g_moves+0x100>
    b022:	mov    %r12,%rsi
    b025:	lea    0x1(%rax,%rax,1),%eax
    b029:	cltq
    b02b:	mov    0x0(%r13,%rax,8),%rdi
    b030:	call   73f70 <cudaEventRecord>
    b035:	mov    %eax,%edi
    b037:	test   %eax,%eax
    b039:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b03f:	movslq 0xa41ba(%rip),%rdx        # af200 <g_moves+0x100>
    b046:	lea    0x7b09f(%rip),%rcx        # 860ec <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xd4>
    b04d:	mov    %rdx,%rax
    b050:	jmp    a846 <run(Policy, unsigned long, CUstream_st*)+0x316>
    b055:	mov    %r12,%rdi
    b058:	call   749f0 <cudaStreamSynchronize>
    b05d:	mov    %eax,%edi
    b05f:	test   %eax,%eax
    b061:	je     a873 <run(Policy, unsigned long, CUstream_st*)+0x343>
    b067:	call   478c0 <cudaGetErrorString>
    b06c:	push   %r13
    b06e:	lea    0x7b05e(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b075:	mov    $0x5d,%r8d
    b07b:	push   %rax
    b07c:	lea    0x80745(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b083:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b088:	nopl   0x0(%rax,%rax,1)
    b090:	mov    %r12,%rdi
    b093:	call   749f0 <cudaStreamSynchronize>
    b098:	mov    %eax,%edi
    b09a:	test   %eax,%eax
    b09c:	je     aaae <run(Policy, unsigned long, CUstream_st*)+0x57e>
    b0a2:	jmp    b067 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b0a4:	nopl   0x0(%rax)
    b0a8:	mov    %r12,%rdi
    b0ab:	call   749f0 <cudaStreamSynchronize>
    b0b0:	mov    %eax,%edi
    b0b2:	test   %eax,%eax
    b0b4:	je     af42 <run(Policy, unsigned long, CUstream_st*)+0xa12>
    b0ba:	jmp    b067 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b0bc:	nopl   0x0(%rax)
    b0c0:	mov    %r12,%rdi
    b0c3:	call   749f0 <cudaStreamSynchronize>
    b0c8:	mov    %eax,%edi
    b0ca:	test   %eax,%eax
    b0cc:	jne    b067 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b0ce:	mov    0xa412c(%rip),%eax        # af200 <g_moves+0x100>
    b0d4:	jmp    aa0d <run(Policy, unsigned long, CUstream_st*)+0x4dd>
    b0d9:	mov    0xa4020(%rip),%rdi        # af100 <g_moves>
    b0e0:	mov    %r12,%rsi
    b0e3:	call   73f70 <cudaEventRecord>
    b0e8:	mov    %eax,%edi
    b0ea:	test   %eax,%eax
    b0ec:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b0f2:	mov    -0xb0(%rbp),%rdi
    b0f9:	mov    %r12,%r8
    b0fc:	xor    %ecx,%ecx
    b0fe:	mov    %r15,%rsi
    b101:	mov    $0x2,%edx
    b106:	call   75600 <cudaMemPrefetchAsync>
    b10b:	mov    %eax,%edi
    b10d:	test   %eax,%eax
    b10f:	jne    b856 <run(Policy, unsigned long, CUstream_st*)+0x1326>
    b115:	mov    0xa40e5(%rip),%eax        # af200 <g_moves+0x100>
    b11b:	mov    %r12,%rsi
    b11e:	lea    0x1(%rax,%rax,1),%eax
    b122:	cltq
    b124:	mov    0x0(%r13,%rax,8),%rdi
    b129:	call   73f70 <cudaEventRecord>
    b12e:	mov    %eax,%edi
    b130:	test   %eax,%eax
    b132:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b138:	movslq 0xa40c1(%rip),%rdx        # af200 <g_moves+0x100>
    b13f:	lea    0x7afa6(%rip),%rbx        # 860ec <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xd4>
    b146:	mov    %rdx,%rax
    b149:	mov    %rbx,0x80(%r13,%rdx,8)
    b151:	add    $0x1,%eax
    b154:	lea    0x7c220(%rip),%rbx        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    b15b:	cmpb   $0x0,0xa40ae(%rip)        # af210 <g_each>
    b162:	mov    %rbx,0xc0(%r13,%rdx,8)
    b16a:	mov    %eax,0xa4090(%rip)        # af200 <g_moves+0x100>
    b170:	jne    b25c <run(Policy, unsigned long, CUstream_st*)+0xd2c>
    b176:	mov    %r12,%rdi
    b179:	call   749f0 <cudaStreamSynchronize>
    b17e:	mov    %eax,%edi
    b180:	test   %eax,%eax
    b182:	jne    b65c <run(Policy, unsigned long, CUstream_st*)+0x112c>
    b188:	mov    0xa4072(%rip),%ebx        # af200 <g_moves+0x100>
    b18e:	test   %ebx,%ebx
    b190:	jle    ad11 <run(Policy, unsigned long, CUstream_st*)+0x7e1>
    b196:	lea    0xa3f63(%rip),%rbx        # af100 <g_moves>
    b19d:	lea    -0x8c(%rbp),%r12
    b1a4:	movq   $0x0,-0xa8(%rbp)
    b1af:	lea    0xc0(%rbx),%r13
    b1b6:	lea    0x80(%rbx),%r14
    b1bd:	jmp    b1de <run(Policy, unsigned long, CUstream_st*)+0xcae>
    b1bf:	addq   $0x1,-0xa8(%rbp)
    b1c7:	add    $0x10,%rbx
    b1cb:	mov    -0xa8(%rbp),%rax
    b1d2:	cmp    %eax,0xa4028(%rip)        # af200 <g_moves+0x100>
    b1d8:	jle    ad11 <run(Policy, unsigned long, CUstream_st*)+0x7e1>
    b1de:	mov    0x8(%rbx),%rdx
    b1e2:	mov    (%rbx),%rsi
    b1e5:	mov    %r12,%rdi
    b1e8:	call   4dc20 <cudaEventElapsedTime>
    b1ed:	test   %eax,%eax
    b1ef:	jne    b770 <run(Policy, unsigned long, CUstream_st*)+0x1240>
    b1f5:	mov    0xa400c(%rip),%rdi        # af208 <g_steps>
    b1fc:	test   %rdi,%rdi
    b1ff:	je     b1bf <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b201:	mov    0xa3e08(%rip),%r9d        # af010 <g_trial>
    b208:	test   %r9d,%r9d
    b20b:	js     b1bf <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b20d:	mov    -0xa8(%rbp),%rax
    b214:	sub    $0x8,%rsp
    b218:	pxor   %xmm0,%xmm0
    b21c:	mov    -0xc0(%rbp),%r8
    b223:	cvtss2sd -0x8c(%rbp),%xmm0
    b22b:	lea    0x7af00(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    b232:	mov    $0x2,%esi
    b237:	push   0x0(%r13,%rax,8)
    b23c:	push   (%r14,%rax,8)
    b240:	mov    $0x1,%eax
    b245:	mov    0xa3dcc(%rip),%rcx        # af018 <g_mode>
    b24c:	push   $0x4
    b24e:	call   88d0 <__fprintf_chk@plt>
    b253:	add    $0x20,%rsp
    b257:	jmp    b1bf <run(Policy, unsigned long, CUstream_st*)+0xc8f>
    b25c:	mov    %r12,%rdi
    b25f:	call   749f0 <cudaStreamSynchronize>
    b264:	mov    %eax,%edi
    b266:	test   %eax,%eax
    b268:	je     b176 <run(Policy, unsigned long, CUstream_st*)+0xc46>
    b26e:	jmp    b067 <run(Policy, unsigned long, CUstream_st*)+0xb37>
    b273:	nopl   0x0(%rax,%rax,1)
    b278:	mov    -0xb0(%rbp),%rdi
    b27f:	mov    $0x2,%ecx
    b284:	mov    $0x3,%edx
    b289:	mov    %r15,%rsi
    b28c:	call   595f0 <cudaMemAdvise>
    b291:	mov    %eax,%edi
    b293:	test   %eax,%eax
    b295:	jne    b2d9 <run(Policy, unsigned long, CUstream_st*)+0xda9>
    b297:	mov    -0xb0(%rbp),%rdi
    b29e:	mov    $0x1,%ecx
    b2a3:	mov    $0x5,%edx
    b2a8:	mov    %r15,%rsi
    b2ab:	call   595f0 <cudaMemAdvise>
    b2b0:	mov    %eax,%edi
    b2b2:	test   %eax,%eax
    b2b4:	jne    b2d9 <run(Policy, unsigned long, CUstream_st*)+0xda9>
    b2b6:	mov    -0xd0(%rbp),%rdi
    b2bd:	mov    $0x1,%ecx
    b2c2:	mov    $0x3,%edx
    b2c7:	mov    %r15,%rsi
    b2ca:	call   595f0 <cudaMemAdvise>
    b2cf:	mov    %eax,%edi
    b2d1:	test   %eax,%eax
    b2d3:	je     a6fc <run(Policy, unsigned long, CUstream_st*)+0x1cc>
    b2d9:	call   478c0 <cudaGetErrorString>
    b2de:	lea    0x80593(%rip),%r9        # 8b878 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xb6>
    b2e5:	push   %rbx
    b2e6:	mov    $0x34,%r8d
    b2ec:	push   %rax
    b2ed:	jmp    b07c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b2f2:	nopw   0x0(%rax,%rax,1)
    b2f8:	mov    0xa3e01(%rip),%rdi        # af100 <g_moves>
    b2ff:	mov    %r12,%rsi
    b302:	call   73f70 <cudaEventRecord>
    b307:	mov    %eax,%edi
    b309:	test   %eax,%eax
    b30b:	jne    b89b <run(Policy, unsigned long, CUstream_st*)+0x136b>
    b311:	mov    -0xd8(%rbp),%rsi
    b318:	mov    %r12,%r8
    b31b:	mov    $0x2,%ecx
    b320:	mov    %r15,%rdx
    b323:	mov    -0xb0(%rbp),%rdi
    b32a:	call   71580 <cudaMemcpyAsync>
    b32f:	mov    %eax,%edi
    b331:	test   %eax,%eax
    b333:	jne    b67a <run(Policy, unsigned long, CUstream_st*)+0x114a>
    b339:	mov    0xa3ec1(%rip),%eax        # af200 <g_moves+0x100>
    b33f:	mov    %r12,%rsi
    b342:	lea    0x1(%rax,%rax,1),%eax
    b346:	cltq
    b348:	mov    0x0(%r13,%rax,8),%rdi
    b34d:	call   73f70 <cudaEventRecord>
    b352:	mov    %eax,%edi
    b354:	test   %eax,%eax
    b356:	jne    b81a <run(Policy, unsigned long, CUstream_st*)+0x12ea>
    b35c:	movslq 0xa3e9d(%rip),%rdx        # af200 <g_moves+0x100>
    b363:	lea    0x7ad5c(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    b36a:	mov    %rdx,%rax
    b36d:	jmp    b149 <run(Policy, unsigned long, CUstream_st*)+0xc19>
    b372:	lea    -0x70(%rbp),%rdi
    b376:	mov    %r15,%rsi
    b379:	call   51530 <cudaMallocHost>
    b37e:	mov    %eax,%edi
    b380:	test   %eax,%eax
    b382:	jne    b698 <run(Policy, unsigned long, CUstream_st*)+0x1168>
    b388:	mov    -0x78(%rbp),%rsi
    b38c:	lea    -0x68(%rbp),%rdi
    b390:	call   51330 <cudaMalloc>
    b395:	mov    %eax,%edi
    b397:	test   %eax,%eax
    b399:	jne    b6b2 <run(Policy, unsigned long, CUstream_st*)+0x1182>
    b39f:	pxor   %xmm5,%xmm5
    b3a3:	lea    -0x50(%rbp),%rdi
    b3a7:	mov    %r15,%rsi
    b3aa:	mov    %r15,-0x58(%rbp)
    b3ae:	movl   $0x0,-0x60(%rbp)
    b3b5:	movaps %xmm5,-0x50(%rbp)
    b3b9:	call   51530 <cudaMallocHost>
    b3be:	mov    %eax,%edi
    b3c0:	test   %eax,%eax
    b3c2:	jne    b6cc <run(Policy, unsigned long, CUstream_st*)+0x119c>
    b3c8:	mov    -0x58(%rbp),%rsi
    b3cc:	lea    -0x48(%rbp),%rdi
    b3d0:	call   51330 <cudaMalloc>
    b3d5:	mov    %eax,%edi
    b3d7:	test   %eax,%eax
    b3d9:	je     a60d <run(Policy, unsigned long, CUstream_st*)+0xdd>
    b3df:	call   478c0 <cudaGetErrorString>
    b3e4:	lea    0x7ac8d(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    b3eb:	push   %r15
    b3ed:	mov    $0x78,%r8d
    b3f3:	push   %rax
    b3f4:	jmp    b5e1 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b3f9:	nopl   0x0(%rax)
    b400:	call   51e00 <cudaFreeHost>
    b405:	mov    %eax,%edi
    b407:	test   %eax,%eax
    b409:	je     ae37 <run(Policy, unsigned long, CUstream_st*)+0x907>
    b40f:	call   478c0 <cudaGetErrorString>
    b414:	lea    0x7ac01(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b41b:	mov    $0x8a,%r8d
    b421:	push   %rcx
    b422:	push   %rax
    b423:	mov    0xa3c96(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b42a:	lea    0x80397(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b431:	lea    0x7abf7(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b438:	xor    %eax,%eax
    b43a:	mov    $0x2,%esi
    b43f:	call   88d0 <__fprintf_chk@plt>
    b444:	mov    $0x2,%edi
    b449:	call   85e0 <exit@plt>
    b44e:	xchg   %ax,%ax
    b450:	call   51e00 <cudaFreeHost>
    b455:	mov    %eax,%edi
    b457:	test   %eax,%eax
    b459:	jne    b6e5 <run(Policy, unsigned long, CUstream_st*)+0x11b5>
    b45f:	mov    -0x68(%rbp),%rdi
    b463:	call   51c20 <cudaFree>
    b468:	mov    %eax,%edi
    b46a:	test   %eax,%eax
    b46c:	je     ae37 <run(Policy, unsigned long, CUstream_st*)+0x907>
    b472:	call   478c0 <cudaGetErrorString>
    b477:	lea    0x7abc0(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    b47e:	mov    $0x87,%r8d
    b484:	lea    0x8033d(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b48b:	push   %rsi
    b48c:	mov    0xa3c2d(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b493:	lea    0x7ab95(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b49a:	mov    $0x2,%esi
    b49f:	push   %rax
    b4a0:	xor    %eax,%eax
    b4a2:	call   88d0 <__fprintf_chk@plt>
    b4a7:	mov    $0x2,%edi
    b4ac:	call   85e0 <exit@plt>
    b4b1:	nopl   0x0(%rax)
    b4b8:	mov    -0x50(%rbp),%rdi
    b4bc:	call   51e00 <cudaFreeHost>
    b4c1:	mov    %eax,%edi
    b4c3:	test   %eax,%eax
    b4c5:	je     ae10 <run(Policy, unsigned long, CUstream_st*)+0x8e0>
    b4cb:	call   478c0 <cudaGetErrorString>
    b4d0:	mov    $0x8a,%r8d
    b4d6:	push   %r9
    b4d8:	lea    0x7ab3d(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b4df:	push   %rax
    b4e0:	mov    0xa3bd9(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b4e7:	lea    0x802da(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b4ee:	lea    0x7ab3a(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b4f5:	xor    %eax,%eax
    b4f7:	mov    $0x2,%esi
    b4fc:	call   88d0 <__fprintf_chk@plt>
    b501:	mov    $0x2,%edi
    b506:	call   85e0 <exit@plt>
    b50b:	nopl   0x0(%rax,%rax,1)
    b510:	mov    -0x50(%rbp),%rdi
    b514:	call   51e00 <cudaFreeHost>
    b519:	mov    %eax,%edi
    b51b:	test   %eax,%eax
    b51d:	jne    b6fe <run(Policy, unsigned long, CUstream_st*)+0x11ce>
    b523:	mov    -0x48(%rbp),%rdi
    b527:	call   51c20 <cudaFree>
    b52c:	mov    %eax,%edi
    b52e:	test   %eax,%eax
    b530:	je     ae10 <run(Policy, unsigned long, CUstream_st*)+0x8e0>
    b536:	call   478c0 <cudaGetErrorString>
    b53b:	mov    $0x87,%r8d
    b541:	lea    0x7aaf6(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    b548:	lea    0x80279(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b54f:	push   %r10
    b551:	mov    0xa3b68(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b558:	lea    0x7aad0(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b55f:	mov    $0x2,%esi
    b564:	push   %rax
    b565:	xor    %eax,%eax
    b567:	call   88d0 <__fprintf_chk@plt>
    b56c:	mov    $0x2,%edi
    b571:	call   85e0 <exit@plt>
    b576:	call   478c0 <cudaGetErrorString>
    b57b:	lea    0x80276(%rip),%r9        # 8b7f8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x36>
    b582:	push   %r8
    b584:	mov    $0x7b,%r8d
    b58a:	push   %rax
    b58b:	mov    0xa3b2e(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b592:	lea    0x8022f(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b599:	lea    0x7aa8f(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b5a0:	xor    %eax,%eax
    b5a2:	mov    $0x2,%esi
    b5a7:	call   88d0 <__fprintf_chk@plt>
    b5ac:	mov    $0x2,%edi
    b5b1:	call   85e0 <exit@plt>
    b5b6:	call   478c0 <cudaGetErrorString>
    b5bb:	lea    0x8026e(%rip),%r9        # 8b830 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6e>
    b5c2:	mov    $0x7c,%r8d
    b5c8:	push   %rdi
    b5c9:	push   %rax
    b5ca:	jmp    b58b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b5cc:	call   478c0 <cudaGetErrorString>
    b5d1:	push   %r14
    b5d3:	lea    0x8021e(%rip),%r9        # 8b7f8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x36>
    b5da:	mov    $0x7b,%r8d
    b5e0:	push   %rax
    b5e1:	mov    0xa3ad8(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b5e8:	lea    0x801d9(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    b5ef:	lea    0x7aa39(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b5f6:	xor    %eax,%eax
    b5f8:	mov    $0x2,%esi
    b5fd:	call   88d0 <__fprintf_chk@plt>
    b602:	pop    %rax
    b603:	pop    %rdx
    b604:	jmp    b891 <run(Policy, unsigned long, CUstream_st*)+0x1361>
    b609:	call   478c0 <cudaGetErrorString>
    b60e:	lea    0x8021b(%rip),%r9        # 8b830 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6e>
    b615:	push   %r13
    b617:	mov    $0x7c,%r8d
    b61d:	push   %rax
    b61e:	jmp    b5e1 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b620:	call   478c0 <cudaGetErrorString>
    b625:	push   %rcx
    b626:	lea    0x8038b(%rip),%r9        # 8b9b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1f6>
    b62d:	mov    $0x51,%r8d
    b633:	lea    0x8027e(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b63a:	push   %rax
    b63b:	mov    0xa3a7e(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b642:	lea    0x7a9e6(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    b649:	mov    $0x2,%esi
    b64e:	xor    %eax,%eax
    b650:	call   88d0 <__fprintf_chk@plt>
    b655:	pop    %rax
    b656:	pop    %rdx
    b657:	jmp    b891 <run(Policy, unsigned long, CUstream_st*)+0x1361>
    b65c:	call   478c0 <cudaGetErrorString>
    b661:	lea    0x7aa6b(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b668:	push   %r12
    b66a:	mov    $0x64,%r8d
    b670:	lea    0x80241(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b677:	push   %rax
    b678:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b67a:	call   478c0 <cudaGetErrorString>
    b67f:	lea    0x80282(%rip),%r9        # 8b908 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x146>
    b686:	push   %r15
    b688:	mov    $0x62,%r8d
    b68e:	lea    0x80223(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b695:	push   %rax
    b696:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b698:	call   478c0 <cudaGetErrorString>
    b69d:	lea    0x7a9b7(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    b6a4:	mov    $0x77,%r8d
    b6aa:	push   %r10
    b6ac:	push   %rax
    b6ad:	jmp    b58b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b6b2:	call   478c0 <cudaGetErrorString>
    b6b7:	mov    $0x78,%r8d
    b6bd:	push   %r9
    b6bf:	lea    0x7a9b2(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    b6c6:	push   %rax
    b6c7:	jmp    b58b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b6cc:	call   478c0 <cudaGetErrorString>
    b6d1:	lea    0x7a983(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    b6d8:	push   %rcx
    b6d9:	mov    $0x77,%r8d
    b6df:	push   %rax
    b6e0:	jmp    b5e1 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b6e5:	call   478c0 <cudaGetErrorString>
    b6ea:	lea    0x7a92b(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b6f1:	mov    $0x86,%r8d
    b6f7:	push   %rdi
    b6f8:	push   %rax
    b6f9:	jmp    b423 <run(Policy, unsigned long, CUstream_st*)+0xef3>
    b6fe:	call   478c0 <cudaGetErrorString>
    b703:	lea    0x7a912(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    b70a:	mov    $0x86,%r8d
    b710:	push   %r11
    b712:	push   %rax
    b713:	jmp    b4e0 <run(Policy, unsigned long, CUstream_st*)+0xfb0>
    b718:	nopl   0x0(%rax,%rax,1)
    b720:	call   478c0 <cudaGetErrorString>
    b725:	sub    $0x8,%rsp
    b729:	lea    0x7a9ef(%rip),%r9        # 8611f <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x7>
    b730:	mov    $0x5b,%r8d
    b736:	push   %rax
    b737:	lea    0x8017a(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b73e:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b743:	call   478c0 <cudaGetErrorString>
    b748:	sub    $0x8,%rsp
    b74c:	lea    0x7a980(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b753:	mov    $0x5c,%r8d
    b759:	push   %rax
    b75a:	lea    0x80157(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b761:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b766:	cs nopw 0x0(%rax,%rax,1)
    b770:	mov    %eax,%edi
    b772:	call   478c0 <cudaGetErrorString>
    b777:	sub    $0x8,%rsp
    b77b:	lea    0x802b6(%rip),%r9        # 8ba38 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x276>
    b782:	mov    $0x63,%r8d
    b788:	push   %rax
    b789:	jmp    b07c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b78e:	call   478c0 <cudaGetErrorString>
    b793:	lea    0x800be(%rip),%r9        # 8b858 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x96>
    b79a:	mov    $0x7f,%r8d
    b7a0:	push   %rsi
    b7a1:	push   %rax
    b7a2:	jmp    b58b <run(Policy, unsigned long, CUstream_st*)+0x105b>
    b7a7:	call   478c0 <cudaGetErrorString>
    b7ac:	lea    0x800a5(%rip),%r9        # 8b858 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x96>
    b7b3:	push   %r12
    b7b5:	mov    $0x7f,%r8d
    b7bb:	push   %rax
    b7bc:	jmp    b5e1 <run(Policy, unsigned long, CUstream_st*)+0x10b1>
    b7c1:	call   478c0 <cudaGetErrorString>
    b7c6:	lea    0x7a87f(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    b7cd:	push   %r8
    b7cf:	mov    $0x8d,%r8d
    b7d5:	push   %rax
    b7d6:	jmp    b4e0 <run(Policy, unsigned long, CUstream_st*)+0xfb0>
    b7db:	call   478c0 <cudaGetErrorString>
    b7e0:	lea    0x7a865(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    b7e7:	mov    $0x8d,%r8d
    b7ed:	push   %rdx
    b7ee:	push   %rax
    b7ef:	jmp    b423 <run(Policy, unsigned long, CUstream_st*)+0xef3>
    b7f4:	call   8550 <__stack_chk_fail@plt>
    b7f9:	call   478c0 <cudaGetErrorString>
    b7fe:	lea    0x80103(%rip),%r9        # 8b908 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x146>
    b805:	push   %r10
    b807:	mov    $0x47,%r8d
    b80d:	lea    0x800a4(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b814:	push   %rax
    b815:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b81a:	call   478c0 <cudaGetErrorString>
    b81f:	sub    $0x8,%rsp
    b823:	lea    0x8011e(%rip),%r9        # 8b948 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x186>
    b82a:	mov    $0x59,%r8d
    b830:	push   %rax
    b831:	jmp    b07c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b836:	call   478c0 <cudaGetErrorString>
    b83b:	lea    0x7a891(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    b842:	push   %rdi
    b843:	mov    $0x49,%r8d
    b849:	lea    0x80068(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b850:	push   %rax
    b851:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b856:	call   478c0 <cudaGetErrorString>
    b85b:	sub    $0x8,%rsp
    b85f:	lea    0x8010a(%rip),%r9        # 8b970 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1ae>
    b866:	mov    $0x31,%r8d
    b86c:	push   %rax
    b86d:	jmp    b07c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b872:	mov    0xa3847(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    b879:	mov    $0x8,%ecx
    b87e:	lea    0x8005b(%rip),%rdx        # 8b8e0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x11e>
    b885:	xor    %eax,%eax
    b887:	mov    $0x2,%esi
    b88c:	call   88d0 <__fprintf_chk@plt>
    b891:	mov    $0x2,%edi
    b896:	call   85e0 <exit@plt>
    b89b:	call   478c0 <cudaGetErrorString>
    b8a0:	sub    $0x8,%rsp
    b8a4:	lea    0x7a7fd(%rip),%r9        # 860a8 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x90>
    b8ab:	mov    $0x57,%r8d
    b8b1:	push   %rax
    b8b2:	jmp    b07c <run(Policy, unsigned long, CUstream_st*)+0xb4c>
    b8b7:	call   478c0 <cudaGetErrorString>
    b8bc:	lea    0x7a7cd(%rip),%r9        # 86090 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x78>
    b8c3:	push   %r11
    b8c5:	mov    $0x3d,%r8d
    b8cb:	lea    0x7ffe6(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    b8d2:	push   %rax
    b8d3:	jmp    b63b <run(Policy, unsigned long, CUstream_st*)+0x110b>
    b8d8:	endbr64
    b8dc:	mov    %rax,%rbx
    b8df:	jmp    8ad6 <run(Policy, unsigned long, CUstream_st*) [clone .cold]+0x9>
    b8e4:	endbr64
    b8e8:	mov    %rax,%rbx
    b8eb:	jmp    8acd <run(Policy, unsigned long, CUstream_st*) [clone .cold]>

000000000000b8f0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]>:
    b8f0:	push   %rbp
    b8f1:	pxor   %xmm4,%xmm4
    b8f5:	mov    %rsp,%rbp
    b8f8:	push   %r15
    b8fa:	push   %r14
    b8fc:	push   %r13
    b8fe:	push   %r12
    b900:	mov    %rsi,%r12
    b903:	mov    $0x4000000,%esi
    b908:	push   %rbx
    b909:	sub    $0xc8,%rsp
    b910:	mov    %rdi,-0xd8(%rbp)
    b917:	lea    -0x70(%rbp),%rdi
    b91b:	mov    %fs:0x28,%rax
    b924:	mov    %rax,-0x38(%rbp)
    b928:	xor    %eax,%eax
    b92a:	movq   $0x0,-0x80(%rbp)
    b932:	movq   $0x4000000,-0x78(%rbp)
    b93a:	movaps %xmm4,-0x70(%rbp)
    b93e:	call   51530 <cudaMallocHost>
    b943:	test   %eax,%eax
    b945:	jne    c6b7 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xdc7>
    b94b:	mov    -0x78(%rbp),%rsi
    b94f:	lea    -0x68(%rbp),%rdi
    b953:	call   51330 <cudaMalloc>
    b958:	mov    %eax,%edi
    b95a:	test   %eax,%eax
    b95c:	jne    c677 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd87>
    b962:	pxor   %xmm5,%xmm5
    b966:	lea    -0x50(%rbp),%rdi
    b96a:	mov    $0x4000000,%esi
    b96f:	movq   $0x0,-0x60(%rbp)
    b977:	movq   $0x4000000,-0x58(%rbp)
    b97f:	movaps %xmm5,-0x50(%rbp)
    b983:	call   51530 <cudaMallocHost>
    b988:	mov    %eax,%edi
    b98a:	test   %eax,%eax
    b98c:	jne    c660 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd70>
    b992:	mov    -0x58(%rbp),%rsi
    b996:	lea    -0x48(%rbp),%rdi
    b99a:	call   51330 <cudaMalloc>
    b99f:	mov    %eax,%edi
    b9a1:	test   %eax,%eax
    b9a3:	jne    c625 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd35>
    b9a9:	mov    -0x68(%rbp),%rax
    b9ad:	mov    -0x70(%rbp),%r9
    b9b1:	xor    %esi,%esi
    b9b3:	xor    %ecx,%ecx
    b9b5:	mov    -0x50(%rbp),%r10
    b9b9:	movss  0x7a647(%rip),%xmm1        # 86008 <_IO_stdin_used+0x8>
    b9c1:	movabs $0x20c49ba5e353f7cf,%r8
    b9cb:	movabs $0x4ec4ec4ec4ec4ec5,%rdi
    b9d5:	mov    %rax,-0xc0(%rbp)
    b9dc:	mov    -0x48(%rbp),%rax
    b9e0:	mov    %r9,-0xb8(%rbp)
    b9e7:	mov    %r10,-0xe0(%rbp)
    b9ee:	mov    %rax,-0xd0(%rbp)
    b9f5:	mov    %rcx,%rdx
    b9f8:	pxor   %xmm0,%xmm0
    b9fc:	shr    $0x3,%rdx
    ba00:	mov    %rdx,%rax
    ba03:	mul    %r8
    ba06:	shr    $0x4,%rdx
    ba0a:	imul   $0x3e8,%rdx,%rax
    ba11:	mov    %rcx,%rdx
    ba14:	sub    %rax,%rdx
    ba17:	mov    %rsi,%rax
    ba1a:	cvtsi2ss %rdx,%xmm0
    ba1f:	mulss  0x7a5dd(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    ba27:	mul    %rdi
    ba2a:	shr    $0x2,%rdx
    ba2e:	lea    (%rdx,%rdx,2),%rax
    ba32:	movss  %xmm0,(%r9,%rcx,4)
    ba38:	pxor   %xmm0,%xmm0
    ba3c:	lea    (%rdx,%rax,4),%rdx
    ba40:	mov    %rsi,%rax
    ba43:	add    $0x7,%rsi
    ba47:	sub    %rdx,%rax
    ba4a:	cvtsi2ss %rax,%xmm0
    ba4f:	mulss  %xmm1,%xmm0
    ba53:	movss  %xmm0,(%r10,%rcx,4)
    ba59:	add    $0x1,%rcx
    ba5d:	cmp    $0x1000000,%rcx
    ba64:	jne    b9f5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x105>
    ba66:	call   44d40 <cudaDeviceSynchronize>
    ba6b:	mov    %eax,%edi
    ba6d:	test   %eax,%eax
    ba6f:	jne    c604 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd14>
    ba75:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    ba7a:	pxor   %xmm0,%xmm0
    ba7e:	xor    %r14d,%r14d
    ba81:	movq   $0x0,-0xc8(%rbp)
    ba8c:	cvtsi2sd %rax,%xmm0
    ba91:	divsd  0x839b7(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    ba99:	movsd  %xmm0,-0xe8(%rbp)
    baa1:	mov    %r14d,-0xb0(%rbp)
    baa8:	test   %r14,%r14
    baab:	jne    c0c8 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7d8>
    bab1:	mov    %r12,%rdi
    bab4:	call   749f0 <cudaStreamSynchronize>
    bab9:	mov    %eax,%edi
    babb:	test   %eax,%eax
    babd:	jne    c5e3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcf3>
    bac3:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bac8:	pxor   %xmm0,%xmm0
    bacc:	pxor   %xmm1,%xmm1
    bad0:	mov    %r14,%rdx
    bad3:	cvtsi2sd %rax,%xmm0
    bad8:	lea    0x1(%r14),%eax
    badc:	shl    $0xc,%rdx
    bae0:	mov    %r14,%rcx
    bae3:	cvtsi2ss %eax,%xmm1
    bae7:	mov    -0xb8(%rbp),%rax
    baee:	divsd  0x8395a(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    baf6:	movsd  %xmm0,-0xa8(%rbp)
    bafe:	mov    %rax,-0xf0(%rbp)
    bb05:	add    %rax,%rdx
    bb08:	xor    %eax,%eax
    bb0a:	nopw   0x0(%rax,%rax,1)
    bb10:	pxor   %xmm0,%xmm0
    bb14:	cvtsi2ss %rax,%xmm0
    bb19:	mulss  0x7a4e3(%rip),%xmm0        # 86004 <_IO_stdin_used+0x4>
    bb21:	addss  %xmm1,%xmm0
    bb25:	movss  %xmm0,(%rdx,%rax,4)
    bb2a:	add    $0x1,%rax
    bb2e:	cmp    $0x400,%rax
    bb34:	jne    bb10 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x220>
    bb36:	add    $0xa,%rcx
    bb3a:	add    $0xa000,%rdx
    bb41:	cmp    $0x3fff,%rcx
    bb48:	jbe    bb08 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x218>
    bb4a:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bb4f:	pxor   %xmm0,%xmm0
    bb53:	lea    0xa35a6(%rip),%r15        # af100 <g_moves>
    bb5a:	cvtsi2sd %rax,%xmm0
    bb5f:	divsd  0x838e9(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bb67:	subsd  -0xa8(%rbp),%xmm0
    bb6f:	mov    0xa368b(%rip),%eax        # af200 <g_moves+0x100>
    bb75:	addsd  -0xc8(%rbp),%xmm0
    bb7d:	movsd  %xmm0,-0xc8(%rbp)
    bb85:	cmp    $0x8,%eax
    bb88:	je     c5bf <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    bb8e:	add    %eax,%eax
    bb90:	mov    %r12,%rsi
    bb93:	cltq
    bb95:	mov    (%r15,%rax,8),%rdi
    bb99:	call   73f70 <cudaEventRecord>
    bb9e:	mov    %eax,%edi
    bba0:	test   %eax,%eax
    bba2:	jne    c5a3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    bba8:	mov    -0xb8(%rbp),%rsi
    bbaf:	mov    -0xc0(%rbp),%rdi
    bbb6:	mov    %r12,%r8
    bbb9:	mov    $0x1,%ecx
    bbbe:	mov    $0x4000000,%edx
    bbc3:	call   71580 <cudaMemcpyAsync>
    bbc8:	mov    %eax,%edi
    bbca:	test   %eax,%eax
    bbcc:	jne    c580 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc90>
    bbd2:	mov    0xa3628(%rip),%eax        # af200 <g_moves+0x100>
    bbd8:	mov    %r12,%rsi
    bbdb:	lea    0x1(%rax,%rax,1),%eax
    bbdf:	cltq
    bbe1:	mov    (%r15,%rax,8),%rdi
    bbe5:	call   73f70 <cudaEventRecord>
    bbea:	mov    %eax,%edi
    bbec:	test   %eax,%eax
    bbee:	jne    c564 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    bbf4:	movslq 0xa3605(%rip),%rdx        # af200 <g_moves+0x100>
    bbfb:	lea    0x7a4fb(%rip),%rbx        # 860fd <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xe5>
    bc02:	lea    0x7b772(%rip),%rsi        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    bc09:	mov    %rdx,%rax
    bc0c:	mov    %rbx,0x80(%r15,%rdx,8)
    bc14:	add    $0x1,%eax
    bc17:	cmpb   $0x0,0xa35f2(%rip)        # af210 <g_each>
    bc1e:	mov    %rsi,0xc0(%r15,%rdx,8)
    bc26:	mov    %eax,0xa35d4(%rip)        # af200 <g_moves+0x100>
    bc2c:	jne    c093 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7a3>
    bc32:	test   %r14,%r14
    bc35:	je     c1a0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x8b0>
    bc3b:	mov    %r12,%r9
    bc3e:	xor    %r8d,%r8d
    bc41:	mov    $0x1,%ecx
    bc46:	mov    $0x1,%esi
    bc4b:	mov    0x83806(%rip),%rax        # 8f458 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x40>
    bc52:	movabs $0x100000100,%rdx
    bc5c:	movabs $0x100000840,%rdi
    bc66:	movl   $0x1,-0x88(%rbp)
    bc70:	movl   $0x1,-0x98(%rbp)
    bc7a:	mov    %rax,-0x90(%rbp)
    bc81:	mov    0x837d8(%rip),%rax        # 8f460 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x48>
    bc88:	mov    %rax,-0xa0(%rbp)
    bc8f:	call   21100 <__cudaPushCallConfiguration>
    bc94:	test   %eax,%eax
    bc96:	jne    bcb0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x3c0>
    bc98:	mov    -0xd0(%rbp),%rsi
    bc9f:	mov    -0xc0(%rbp),%rdi
    bca6:	mov    $0x1000000,%edx
    bcab:	call   a3e0 <__device_stub__Z5relaxPfPKfm(float*, float const*, unsigned long)>
    bcb0:	call   473f0 <cudaGetLastError>
    bcb5:	mov    %eax,%edi
    bcb7:	test   %eax,%eax
    bcb9:	jne    c541 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc51>
    bcbf:	mov    %r12,%rdi
    bcc2:	call   749f0 <cudaStreamSynchronize>
    bcc7:	mov    %eax,%edi
    bcc9:	test   %eax,%eax
    bccb:	jne    c51e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc2e>
    bcd1:	mov    0xa3529(%rip),%esi        # af200 <g_moves+0x100>
    bcd7:	lea    0xa3422(%rip),%rbx        # af100 <g_moves>
    bcde:	movq   $0x0,-0xa8(%rbp)
    bce9:	lea    -0xa0(%rbp),%r13
    bcf0:	test   %esi,%esi
    bcf2:	jg     bd1f <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x42f>
    bcf4:	jmp    bdaa <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x4ba>
    bcf9:	nopl   0x0(%rax)
    bd00:	addq   $0x1,-0xa8(%rbp)
    bd08:	add    $0x10,%rbx
    bd0c:	mov    -0xa8(%rbp),%rax
    bd13:	cmp    %eax,0xa34e7(%rip)        # af200 <g_moves+0x100>
    bd19:	jle    bdaa <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x4ba>
    bd1f:	mov    0x8(%rbx),%rdx
    bd23:	mov    (%rbx),%rsi
    bd26:	mov    %r13,%rdi
    bd29:	call   4dc20 <cudaEventElapsedTime>
    bd2e:	test   %eax,%eax
    bd30:	jne    c500 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc10>
    bd36:	mov    0xa34cb(%rip),%rdi        # af208 <g_steps>
    bd3d:	test   %rdi,%rdi
    bd40:	je     bd00 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    bd42:	mov    0xa32c7(%rip),%r9d        # af010 <g_trial>
    bd49:	test   %r9d,%r9d
    bd4c:	js     bd00 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    bd4e:	mov    -0xa8(%rbp),%rax
    bd55:	lea    0xa3464(%rip),%rsi        # af1c0 <g_moves+0xc0>
    bd5c:	pxor   %xmm0,%xmm0
    bd60:	sub    $0x8,%rsp
    bd64:	cvtss2sd -0xa0(%rbp),%xmm0
    bd6c:	lea    0x7a3d7(%rip),%r8        # 8614a <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x32>
    bd73:	lea    0x7a3b8(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    bd7a:	push   (%rsi,%rax,8)
    bd7d:	sub    $0x40,%rsi
    bd81:	push   (%rsi,%rax,8)
    bd84:	mov    $0x2,%esi
    bd89:	mov    -0xb0(%rbp),%eax
    bd8f:	mov    0xa3282(%rip),%rcx        # af018 <g_mode>
    bd96:	push   %rax
    bd97:	mov    $0x1,%eax
    bd9c:	call   88d0 <__fprintf_chk@plt>
    bda1:	add    $0x20,%rsp
    bda5:	jmp    bd00 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x410>
    bdaa:	movl   $0x0,0xa344c(%rip)        # af200 <g_moves+0x100>
    bdb4:	add    $0x1,%r14
    bdb8:	cmp    $0x4,%r14
    bdbc:	jne    baa1 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1b1>
    bdc2:	mov    0xa3337(%rip),%rdi        # af100 <g_moves>
    bdc9:	mov    %r12,%rsi
    bdcc:	call   73f70 <cudaEventRecord>
    bdd1:	mov    %eax,%edi
    bdd3:	test   %eax,%eax
    bdd5:	jne    c5a3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    bddb:	mov    -0xc0(%rbp),%rsi
    bde2:	mov    -0xb8(%rbp),%rdi
    bde9:	mov    %r12,%r8
    bdec:	mov    $0x2,%ecx
    bdf1:	mov    $0x4000000,%edx
    bdf6:	call   71580 <cudaMemcpyAsync>
    bdfb:	mov    %eax,%edi
    bdfd:	test   %eax,%eax
    bdff:	jne    c4e0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbf0>
    be05:	mov    0xa33f5(%rip),%eax        # af200 <g_moves+0x100>
    be0b:	mov    %r12,%rsi
    be0e:	lea    0x1(%rax,%rax,1),%eax
    be12:	cltq
    be14:	mov    (%r15,%rax,8),%rdi
    be18:	call   73f70 <cudaEventRecord>
    be1d:	mov    %eax,%edi
    be1f:	test   %eax,%eax
    be21:	jne    c564 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    be27:	movslq 0xa33d2(%rip),%rdx        # af200 <g_moves+0x100>
    be2e:	lea    0x7a291(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    be35:	mov    %rdx,%rax
    be38:	mov    %rbx,0x80(%r15,%rdx,8)
    be40:	lea    0x7b534(%rip),%rbx        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    be47:	add    $0x1,%eax
    be4a:	cmpb   $0x0,0xa33bf(%rip)        # af210 <g_each>
    be51:	mov    %rbx,0xc0(%r15,%rdx,8)
    be59:	mov    %eax,0xa33a1(%rip)        # af200 <g_moves+0x100>
    be5f:	jne    c398 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xaa8>
    be65:	mov    %r12,%rdi
    be68:	call   749f0 <cudaStreamSynchronize>
    be6d:	mov    %eax,%edi
    be6f:	test   %eax,%eax
    be71:	jne    c4a5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbb5>
    be77:	lea    -0x90(%rbp),%rax
    be7e:	lea    0xa3283(%rip),%r12        # af108 <g_moves+0x8>
    be85:	xor    %ebx,%ebx
    be87:	mov    %rax,-0xa8(%rbp)
    be8e:	mov    0xa336c(%rip),%eax        # af200 <g_moves+0x100>
    be94:	lea    0x78(%r12),%r14
    be99:	lea    0xb8(%r12),%r13
    bea1:	test   %eax,%eax
    bea3:	jg     c053 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x763>
    bea9:	movl   $0x0,0xa334d(%rip)        # af200 <g_moves+0x100>
    beb3:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    beb8:	pxor   %xmm0,%xmm0
    bebc:	mov    -0xf0(%rbp),%rdx
    bec3:	pxor   %xmm2,%xmm2
    bec7:	cvtsi2sd %rax,%xmm0
    becc:	mov    -0xb8(%rbp),%rax
    bed3:	divsd  0x83575(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bedb:	movsd  %xmm0,-0xa8(%rbp)
    bee3:	add    $0x4000000,%rax
    bee9:	pxor   %xmm0,%xmm0
    beed:	add    $0x4,%rdx
    bef1:	cvtss2sd -0x4(%rdx),%xmm0
    bef6:	addsd  %xmm0,%xmm2
    befa:	cmp    %rdx,%rax
    befd:	jne    bee9 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x5f9>
    beff:	movsd  %xmm2,-0xb0(%rbp)
    bf07:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bf0c:	pxor   %xmm1,%xmm1
    bf10:	movsd  -0xc8(%rbp),%xmm3
    bf18:	cvtsi2sd %rax,%xmm1
    bf1d:	divsd  0x8352b(%rip),%xmm1        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bf25:	subsd  -0xa8(%rbp),%xmm1
    bf2d:	addsd  %xmm1,%xmm3
    bf31:	movsd  %xmm1,-0xa8(%rbp)
    bf39:	movq   %xmm3,%rbx
    bf3e:	call   8640 <std::chrono::_V2::steady_clock::now()@plt>
    bf43:	pxor   %xmm0,%xmm0
    bf47:	movq   %rbx,%xmm6
    bf4c:	movsd  -0xa8(%rbp),%xmm1
    bf54:	cvtsi2sd %rax,%xmm0
    bf59:	divsd  0x834ef(%rip),%xmm0        # 8f450 <libcudart_static_c64641fb980885ab1a415c4805806b3c41c047e7+0x38>
    bf61:	subsd  -0xe8(%rbp),%xmm0
    bf69:	mov    -0xd8(%rbp),%rax
    bf70:	movsd  -0xb0(%rbp),%xmm2
    bf78:	movsd  %xmm1,0x10(%rax)
    bf7d:	unpcklpd %xmm6,%xmm0
    bf81:	movsd  %xmm2,0x18(%rax)
    bf86:	movups %xmm0,(%rax)
    bf89:	mov    -0x60(%rbp),%eax
    bf8c:	test   %eax,%eax
    bf8e:	je     c298 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x9a8>
    bf94:	cmp    $0x1,%eax
    bf97:	jne    c268 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x978>
    bf9d:	mov    -0x50(%rbp),%rdi
    bfa1:	call   51e00 <cudaFreeHost>
    bfa6:	mov    %eax,%edi
    bfa8:	test   %eax,%eax
    bfaa:	jne    c3af <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xabf>
    bfb0:	mov    -0x80(%rbp),%eax
    bfb3:	mov    -0x70(%rbp),%rdi
    bfb7:	test   %eax,%eax
    bfb9:	je     c330 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xa40>
    bfbf:	cmp    $0x1,%eax
    bfc2:	je     c300 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xa10>
    bfc8:	call   51c20 <cudaFree>
    bfcd:	mov    %eax,%edi
    bfcf:	test   %eax,%eax
    bfd1:	jne    c3ef <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xaff>
    bfd7:	mov    -0x38(%rbp),%rax
    bfdb:	sub    %fs:0x28,%rax
    bfe4:	jne    c42e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb3e>
    bfea:	mov    -0xd8(%rbp),%rax
    bff1:	lea    -0x28(%rbp),%rsp
    bff5:	pop    %rbx
    bff6:	pop    %r12
    bff8:	pop    %r13
    bffa:	pop    %r14
    bffc:	pop    %r15
    bffe:	pop    %rbp
    bfff:	ret
    c000:	sub    $0x8,%rsp
    c004:	pxor   %xmm0,%xmm0
    c008:	lea    0x7a13b(%rip),%r8        # 8614a <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x32>
    c00f:	mov    $0x2,%esi
    c014:	cvtss2sd -0x90(%rbp),%xmm0
    c01c:	push   0x0(%r13,%rbx,8)
    c021:	mov    $0x1,%eax
    c026:	lea    0x7a105(%rip),%rdx        # 86132 <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x1a>
    c02d:	push   (%r14,%rbx,8)
    c031:	mov    0xa2fe0(%rip),%rcx        # af018 <g_mode>
    c038:	push   $0x4
    c03a:	call   88d0 <__fprintf_chk@plt>
    c03f:	add    $0x20,%rsp
    c043:	add    $0x1,%rbx
    c047:	cmp    %ebx,0xa31b3(%rip)        # af200 <g_moves+0x100>
    c04d:	jle    bea9 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x5b9>
    c053:	mov    %rbx,%rax
    c056:	mov    -0xa8(%rbp),%rdi
    c05d:	shl    $0x4,%rax
    c061:	mov    (%r12,%rax,1),%rdx
    c065:	mov    (%r15,%rax,1),%rsi
    c069:	call   4dc20 <cudaEventElapsedTime>
    c06e:	test   %eax,%eax
    c070:	jne    c500 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc10>
    c076:	mov    0xa318b(%rip),%rdi        # af208 <g_steps>
    c07d:	test   %rdi,%rdi
    c080:	je     c043 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x753>
    c082:	mov    0xa2f87(%rip),%r9d        # af010 <g_trial>
    c089:	test   %r9d,%r9d
    c08c:	js     c043 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x753>
    c08e:	jmp    c000 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x710>
    c093:	mov    %r12,%rdi
    c096:	call   749f0 <cudaStreamSynchronize>
    c09b:	mov    %eax,%edi
    c09d:	test   %eax,%eax
    c09f:	je     bc32 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x342>
    c0a5:	call   478c0 <cudaGetErrorString>
    c0aa:	push   %rdx
    c0ab:	lea    0x7a021(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c0b2:	mov    $0x5d,%r8d
    c0b8:	push   %rax
    c0b9:	lea    0x7f708(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c0c0:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c0c5:	nopl   (%rax)
    c0c8:	mov    0xa3132(%rip),%eax        # af200 <g_moves+0x100>
    c0ce:	lea    0xa302b(%rip),%r15        # af100 <g_moves>
    c0d5:	cmp    $0x8,%eax
    c0d8:	je     c5bf <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    c0de:	add    %eax,%eax
    c0e0:	mov    %r12,%rsi
    c0e3:	cltq
    c0e5:	mov    (%r15,%rax,8),%rdi
    c0e9:	call   73f70 <cudaEventRecord>
    c0ee:	mov    %eax,%edi
    c0f0:	test   %eax,%eax
    c0f2:	jne    c5a3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    c0f8:	mov    -0xc0(%rbp),%rsi
    c0ff:	mov    -0xb8(%rbp),%rdi
    c106:	mov    %r12,%r8
    c109:	mov    $0x2,%ecx
    c10e:	mov    $0x4000000,%edx
    c113:	call   71580 <cudaMemcpyAsync>
    c118:	mov    %eax,%edi
    c11a:	test   %eax,%eax
    c11c:	jne    c4c2 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbd2>
    c122:	mov    0xa30d8(%rip),%eax        # af200 <g_moves+0x100>
    c128:	mov    %r12,%rsi
    c12b:	lea    0x1(%rax,%rax,1),%eax
    c12f:	cltq
    c131:	mov    (%r15,%rax,8),%rdi
    c135:	call   73f70 <cudaEventRecord>
    c13a:	mov    %eax,%edi
    c13c:	test   %eax,%eax
    c13e:	jne    c564 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    c144:	movslq 0xa30b5(%rip),%rdx        # af200 <g_moves+0x100>
    c14b:	lea    0x79f74(%rip),%rbx        # 860c6 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xae>
    c152:	mov    %rdx,%rax
    c155:	mov    %rbx,0x80(%r15,%rdx,8)
    c15d:	lea    0x7b217(%rip),%rbx        # 8737b <libcudart_static_cf13d9494bf850a3653aae7f80f2c0c05d09f244+0xf>
    c164:	add    $0x1,%eax
    c167:	cmpb   $0x0,0xa30a2(%rip)        # af210 <g_each>
    c16e:	mov    %rbx,0xc0(%r15,%rdx,8)
    c176:	mov    %eax,0xa3084(%rip)        # af200 <g_moves+0x100>
    c17c:	je     bab1 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1c1>
    c182:	mov    %r12,%rdi
    c185:	call   749f0 <cudaStreamSynchronize>
    c18a:	mov    %eax,%edi
    c18c:	test   %eax,%eax
    c18e:	je     bab1 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x1c1>
    c194:	jmp    c0a5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c199:	nopl   0x0(%rax)
    c1a0:	mov    0xa305a(%rip),%eax        # af200 <g_moves+0x100>
    c1a6:	cmp    $0x8,%eax
    c1a9:	je     c5bf <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xccf>
    c1af:	add    %eax,%eax
    c1b1:	mov    %r12,%rsi
    c1b4:	cltq
    c1b6:	mov    (%r15,%rax,8),%rdi
    c1ba:	call   73f70 <cudaEventRecord>
    c1bf:	mov    %eax,%edi
    c1c1:	test   %eax,%eax
    c1c3:	jne    c5a3 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xcb3>
    c1c9:	mov    -0xe0(%rbp),%rsi
    c1d0:	mov    -0xd0(%rbp),%rdi
    c1d7:	mov    %r12,%r8
    c1da:	mov    $0x1,%ecx
    c1df:	mov    $0x4000000,%edx
    c1e4:	call   71580 <cudaMemcpyAsync>
    c1e9:	mov    %eax,%edi
    c1eb:	test   %eax,%eax
    c1ed:	jne    c463 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb73>
    c1f3:	mov    0xa3007(%rip),%eax        # af200 <g_moves+0x100>
    c1f9:	mov    %r12,%rsi
    c1fc:	lea    0x1(%rax,%rax,1),%eax
    c200:	cltq
    c202:	mov    (%r15,%rax,8),%rdi
    c206:	call   73f70 <cudaEventRecord>
    c20b:	mov    %eax,%edi
    c20d:	test   %eax,%eax
    c20f:	jne    c564 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xc74>
    c215:	movslq 0xa2fe4(%rip),%rdx        # af200 <g_moves+0x100>
    c21c:	mov    %rdx,%rax
    c21f:	mov    %rbx,0x80(%r15,%rdx,8)
    c227:	lea    0x7f541(%rip),%rbx        # 8b76f <libcudart_static_e77e884586bfa2c8fbeb7aeb98018e45d77bd19b+0x1>
    c22e:	add    $0x1,%eax
    c231:	cmpb   $0x0,0xa2fd8(%rip)        # af210 <g_each>
    c238:	mov    %rbx,0xc0(%r15,%rdx,8)
    c240:	mov    %eax,0xa2fba(%rip)        # af200 <g_moves+0x100>
    c246:	je     bc3b <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x34b>
    c24c:	mov    %r12,%rdi
    c24f:	call   749f0 <cudaStreamSynchronize>
    c254:	mov    %eax,%edi
    c256:	test   %eax,%eax
    c258:	je     bc3b <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x34b>
    c25e:	jmp    c0a5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c263:	nopl   0x0(%rax,%rax,1)
    c268:	mov    -0x50(%rbp),%rdi
    c26c:	call   51c20 <cudaFree>
    c271:	mov    %eax,%edi
    c273:	test   %eax,%eax
    c275:	je     bfb0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6c0>
    c27b:	call   478c0 <cudaGetErrorString>
    c280:	lea    0x79dc5(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    c287:	push   %r8
    c289:	mov    $0x8d,%r8d
    c28f:	push   %rax
    c290:	jmp    c3c4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xad4>
    c295:	nopl   (%rax)
    c298:	mov    -0x50(%rbp),%rdi
    c29c:	call   51e00 <cudaFreeHost>
    c2a1:	mov    %eax,%edi
    c2a3:	test   %eax,%eax
    c2a5:	jne    c433 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb43>
    c2ab:	mov    -0x48(%rbp),%rdi
    c2af:	call   51c20 <cudaFree>
    c2b4:	mov    %eax,%edi
    c2b6:	test   %eax,%eax
    c2b8:	je     bfb0 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6c0>
    c2be:	call   478c0 <cudaGetErrorString>
    c2c3:	mov    $0x87,%r8d
    c2c9:	lea    0x79d6e(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    c2d0:	lea    0x7f4f1(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c2d7:	push   %r10
    c2d9:	mov    0xa2de0(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c2e0:	lea    0x79d48(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c2e7:	mov    $0x2,%esi
    c2ec:	push   %rax
    c2ed:	xor    %eax,%eax
    c2ef:	call   88d0 <__fprintf_chk@plt>
    c2f4:	mov    $0x2,%edi
    c2f9:	call   85e0 <exit@plt>
    c2fe:	xchg   %ax,%ax
    c300:	call   51e00 <cudaFreeHost>
    c305:	mov    %eax,%edi
    c307:	test   %eax,%eax
    c309:	je     bfd7 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6e7>
    c30f:	call   478c0 <cudaGetErrorString>
    c314:	lea    0x79d01(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c31b:	mov    $0x8a,%r8d
    c321:	push   %rcx
    c322:	push   %rax
    c323:	jmp    c403 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb13>
    c328:	nopl   0x0(%rax,%rax,1)
    c330:	call   51e00 <cudaFreeHost>
    c335:	mov    %eax,%edi
    c337:	test   %eax,%eax
    c339:	jne    c44d <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb5d>
    c33f:	mov    -0x68(%rbp),%rdi
    c343:	call   51c20 <cudaFree>
    c348:	mov    %eax,%edi
    c34a:	test   %eax,%eax
    c34c:	je     bfd7 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x6e7>
    c352:	call   478c0 <cudaGetErrorString>
    c357:	lea    0x79ce0(%rip),%r9        # 8603e <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x26>
    c35e:	mov    $0x87,%r8d
    c364:	lea    0x7f45d(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c36b:	push   %rsi
    c36c:	mov    0xa2d4d(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c373:	lea    0x79cb5(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c37a:	mov    $0x2,%esi
    c37f:	push   %rax
    c380:	xor    %eax,%eax
    c382:	call   88d0 <__fprintf_chk@plt>
    c387:	mov    $0x2,%edi
    c38c:	call   85e0 <exit@plt>
    c391:	nopl   0x0(%rax)
    c398:	mov    %r12,%rdi
    c39b:	call   749f0 <cudaStreamSynchronize>
    c3a0:	mov    %eax,%edi
    c3a2:	test   %eax,%eax
    c3a4:	je     be65 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x575>
    c3aa:	jmp    c0a5 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7b5>
    c3af:	call   478c0 <cudaGetErrorString>
    c3b4:	mov    $0x8a,%r8d
    c3ba:	push   %r9
    c3bc:	lea    0x79c59(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c3c3:	push   %rax
    c3c4:	mov    0xa2cf5(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c3cb:	lea    0x7f3f6(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c3d2:	lea    0x79c56(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c3d9:	xor    %eax,%eax
    c3db:	mov    $0x2,%esi
    c3e0:	call   88d0 <__fprintf_chk@plt>
    c3e5:	mov    $0x2,%edi
    c3ea:	call   85e0 <exit@plt>
    c3ef:	call   478c0 <cudaGetErrorString>
    c3f4:	lea    0x79c51(%rip),%r9        # 8604c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x34>
    c3fb:	mov    $0x8d,%r8d
    c401:	push   %rdx
    c402:	push   %rax
    c403:	mov    0xa2cb6(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c40a:	lea    0x7f3b7(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c411:	lea    0x79c17(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c418:	xor    %eax,%eax
    c41a:	mov    $0x2,%esi
    c41f:	call   88d0 <__fprintf_chk@plt>
    c424:	mov    $0x2,%edi
    c429:	call   85e0 <exit@plt>
    c42e:	call   8550 <__stack_chk_fail@plt>
    c433:	call   478c0 <cudaGetErrorString>
    c438:	lea    0x79bdd(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c43f:	mov    $0x86,%r8d
    c445:	push   %r11
    c447:	push   %rax
    c448:	jmp    c3c4 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xad4>
    c44d:	call   478c0 <cudaGetErrorString>
    c452:	lea    0x79bc3(%rip),%r9        # 8601c <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x4>
    c459:	mov    $0x86,%r8d
    c45f:	push   %rdi
    c460:	push   %rax
    c461:	jmp    c403 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb13>
    c463:	call   478c0 <cudaGetErrorString>
    c468:	push   %rdi
    c469:	lea    0x7f588(%rip),%r9        # 8b9f8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x236>
    c470:	mov    $0x54,%r8d
    c476:	lea    0x7f43b(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c47d:	push   %rax
    c47e:	mov    0xa2c3b(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c485:	lea    0x79ba3(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c48c:	mov    $0x2,%esi
    c491:	xor    %eax,%eax
    c493:	call   88d0 <__fprintf_chk@plt>
    c498:	pop    %rbx
    c499:	pop    %r12
    c49b:	mov    $0x2,%edi
    c4a0:	call   85e0 <exit@plt>
    c4a5:	call   478c0 <cudaGetErrorString>
    c4aa:	lea    0x79c22(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c4b1:	push   %rbx
    c4b2:	mov    $0x64,%r8d
    c4b8:	lea    0x7f3f9(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c4bf:	push   %rax
    c4c0:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c4c2:	call   478c0 <cudaGetErrorString>
    c4c7:	mov    $0x47,%r8d
    c4cd:	push   %r9
    c4cf:	lea    0x7f3e2(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c4d6:	lea    0x7f42b(%rip),%r9        # 8b908 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x146>
    c4dd:	push   %rax
    c4de:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c4e0:	call   478c0 <cudaGetErrorString>
    c4e5:	lea    0x7f41c(%rip),%r9        # 8b908 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x146>
    c4ec:	push   %rcx
    c4ed:	mov    $0x62,%r8d
    c4f3:	lea    0x7f3be(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c4fa:	push   %rax
    c4fb:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c4fd:	nopl   (%rax)
    c500:	mov    %eax,%edi
    c502:	call   478c0 <cudaGetErrorString>
    c507:	sub    $0x8,%rsp
    c50b:	lea    0x7f526(%rip),%r9        # 8ba38 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x276>
    c512:	mov    $0x63,%r8d
    c518:	push   %rax
    c519:	jmp    c0b9 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c51e:	call   478c0 <cudaGetErrorString>
    c523:	sub    $0x8,%rsp
    c527:	lea    0x79ba5(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c52e:	mov    $0x5c,%r8d
    c534:	push   %rax
    c535:	lea    0x7f37c(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c53c:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c541:	call   478c0 <cudaGetErrorString>
    c546:	sub    $0x8,%rsp
    c54a:	lea    0x79bce(%rip),%r9        # 8611f <libcudart_static_7336b597e81db8f2c4204dca4c62f5a53d128a05+0x7>
    c551:	mov    $0x5b,%r8d
    c557:	push   %rax
    c558:	lea    0x7f359(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c55f:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c564:	call   478c0 <cudaGetErrorString>
    c569:	sub    $0x8,%rsp
    c56d:	lea    0x7f3d4(%rip),%r9        # 8b948 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x186>
    c574:	mov    $0x59,%r8d
    c57a:	push   %rax
    c57b:	jmp    c0b9 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c580:	call   478c0 <cudaGetErrorString>
    c585:	sub    $0x8,%rsp
    c589:	lea    0x7f428(%rip),%r9        # 8b9b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x1f6>
    c590:	mov    $0x51,%r8d
    c596:	push   %rax
    c597:	lea    0x7f31a(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c59e:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c5a3:	call   478c0 <cudaGetErrorString>
    c5a8:	sub    $0x8,%rsp
    c5ac:	lea    0x79af5(%rip),%r9        # 860a8 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x90>
    c5b3:	mov    $0x57,%r8d
    c5b9:	push   %rax
    c5ba:	jmp    c0b9 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0x7c9>
    c5bf:	mov    0xa2afa(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c5c6:	mov    $0x8,%ecx
    c5cb:	lea    0x7f30e(%rip),%rdx        # 8b8e0 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x11e>
    c5d2:	xor    %eax,%eax
    c5d4:	mov    $0x2,%esi
    c5d9:	call   88d0 <__fprintf_chk@plt>
    c5de:	jmp    c49b <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xbab>
    c5e3:	call   478c0 <cudaGetErrorString>
    c5e8:	lea    0x79ae4(%rip),%r9        # 860d3 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0xbb>
    c5ef:	push   %r8
    c5f1:	lea    0x7f2c0(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c5f8:	mov    $0x49,%r8d
    c5fe:	push   %rax
    c5ff:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c604:	call   478c0 <cudaGetErrorString>
    c609:	lea    0x79a80(%rip),%r9        # 86090 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x78>
    c610:	push   %r10
    c612:	mov    $0x3d,%r8d
    c618:	lea    0x7f299(%rip),%rcx        # 8b8b8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0xf6>
    c61f:	push   %rax
    c620:	jmp    c47e <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xb8e>
    c625:	call   478c0 <cudaGetErrorString>
    c62a:	push   %r11
    c62c:	lea    0x79a45(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    c633:	mov    $0x78,%r8d
    c639:	push   %rax
    c63a:	mov    0xa2a7f(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c641:	lea    0x7f180(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c648:	lea    0x799e0(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c64f:	xor    %eax,%eax
    c651:	mov    $0x2,%esi
    c656:	call   88d0 <__fprintf_chk@plt>
    c65b:	jmp    c498 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xba8>
    c660:	call   478c0 <cudaGetErrorString>
    c665:	lea    0x799ef(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    c66c:	push   %r13
    c66e:	mov    $0x77,%r8d
    c674:	push   %rax
    c675:	jmp    c63a <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd4a>
    c677:	call   478c0 <cudaGetErrorString>
    c67c:	push   %r14
    c67e:	lea    0x799f3(%rip),%r9        # 86078 <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x60>
    c685:	mov    $0x78,%r8d
    c68b:	push   %rax
    c68c:	mov    0xa2a2d(%rip),%rdi        # af0c0 <stderr@GLIBC_2.2.5>
    c693:	lea    0x7f12e(%rip),%rcx        # 8b7c8 <libcudart_static_acc1cf86c714f25db8bf8da2a06a074a2ccddc93+0x6>
    c69a:	lea    0x7998e(%rip),%rdx        # 8602f <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x17>
    c6a1:	xor    %eax,%eax
    c6a3:	mov    $0x2,%esi
    c6a8:	call   88d0 <__fprintf_chk@plt>
    c6ad:	mov    $0x2,%edi
    c6b2:	call   85e0 <exit@plt>
    c6b7:	mov    %eax,%edi
    c6b9:	call   478c0 <cudaGetErrorString>
    c6be:	lea    0x79996(%rip),%r9        # 8605b <libcudart_static_58c2a41a57967440cdb31445cddcdd2ca626c59b+0x43>
    c6c5:	push   %r15
    c6c7:	mov    $0x77,%r8d
    c6cd:	push   %rax
    c6ce:	jmp    c68c <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0]+0xd9c>
    c6d0:	endbr64
    c6d4:	mov    %rax,%rbx
    c6d7:	jmp    8afb <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]>
    c6dc:	endbr64
    c6e0:	mov    %rax,%rbx
    c6e3:	jmp    8b04 <run(Policy, unsigned long, CUstream_st*) [clone .constprop.0] [clone .cold]+0x9>
    c6e8:	nopl   0x0(%rax,%rax,1)

