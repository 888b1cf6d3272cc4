//go:build !purego

#include "textflag.h"

// func relaxAVX2(cols *uint32, v, sh *float64, path *int32, n int, row *float64, rowLen int, minVal, ui float64, i int32, thr0, thr1 float64) (stop, tie int)
//
// For each block of four entries k..k+3 (n is a positive multiple of 4):
//
//	c = row[col&^freeBit] if col&^freeBit < rowLen, else +0
//	r = ((minVal + c) - ui) - v
//	if r < sh { sh = r; path = i }
//	if sh < thr0 for some entry: return its first position as stop
//	tie = the last free entry with sh < thr1, if any
//
// and stop = n if no entry is below thr0. The arithmetic is remaining.scan's,
// lane by lane.
TEXT ·relaxAVX2(SB), NOSPLIT, $0-112
	MOVQ cols+0(FP), AX
	MOVQ v+8(FP), BX
	MOVQ sh+16(FP), CX
	MOVQ path+24(FP), DX
	MOVQ n+32(FP), SI
	MOVQ row+40(FP), DI
	VPBROADCASTD rowLen+48(FP), X11
	VBROADCASTSD minVal+56(FP), Y15
	VBROADCASTSD ui+64(FP), Y14
	MOVL i+72(FP), R8
	VBROADCASTSD thr0+80(FP), Y13
	VBROADCASTSD thr1+88(FP), Y12
	MOVL $0x7fffffff, R9
	MOVQ R9, X10
	VPBROADCASTD X10, X10
	XORQ R10, R10
	MOVQ $-1, R13                    // tie

loop:
	VMOVDQU (AX)(R10*4), X0          // the four columns, free bits included
	VPAND   X10, X0, X1              // column indices
	VPCMPGTD X1, X11, X2             // rowLen > index: not padding
	VPMOVSXDQ X2, Y2
	VXORPD  Y3, Y3, Y3
	VGATHERDPD Y2, (DI)(X1*8), Y3    // c (padding: +0)
	VADDPD  Y3, Y15, Y3              // minVal + c
	VSUBPD  Y14, Y3, Y3              // - ui
	VMOVUPD (BX)(R10*8), Y4
	VSUBPD  Y4, Y3, Y3               // - v
	VMOVUPD (CX)(R10*8), Y5
	VCMPPD  $0x11, Y5, Y3, Y6        // r < sh (ordered, quiet)
	VBLENDVPD Y6, Y3, Y5, Y7         // the new sh
	VMOVUPD Y7, (CX)(R10*8)
	VMOVMSKPD Y6, R11
	TESTL   R11, R11
	JNZ     paths

bound:
	VCMPPD  $0x11, Y13, Y7, Y9       // sh < thr0
	VMOVMSKPD Y9, R11
	TESTL   R11, R11
	JNZ     hit
	VPMOVSXDQ X0, Y8                 // sign: free
	VCMPPD  $0x11, Y12, Y7, Y9       // sh < thr1
	VANDPD  Y8, Y9, Y9               // and free
	VMOVMSKPD Y9, R11
	TESTL   R11, R11
	JNZ     tie

next:
	ADDQ    $4, R10
	CMPQ    R10, SI
	JLT     loop
	MOVQ    R10, stop+96(FP)
	MOVQ    R13, tie+104(FP)
	VZEROUPPER
	RET

tie:
	BSRL    R11, R13
	ADDQ    R10, R13
	JMP     next

hit:
	BSFL    R11, R11
	ADDQ    R11, R10
	MOVQ    R10, stop+96(FP)
	MOVQ    R13, tie+104(FP)
	VZEROUPPER
	RET

paths:                               // path = i where r < sh
	BSFL    R11, R12
	ADDQ    R10, R12
	MOVL    R8, (DX)(R12*4)
	LEAL    -1(R11), R12
	ANDL    R12, R11
	JNZ     paths
	JMP     bound

// func prefetchRow(row *float64, n int)
//
// Prefetches the n entries at row into the cache, one line at a time.
TEXT ·prefetchRow(SB), NOSPLIT, $0-16
	MOVQ row+0(FP), AX
	MOVQ n+8(FP), CX
	LEAQ (AX)(CX*8), CX

pf:
	CMPQ AX, CX
	JAE  pfdone
	PREFETCHT0 (AX)
	ADDQ $64, AX
	JMP  pf

pfdone:
	RET
