/*
 * BLAKE2b-256 for the log scanner (xzcore/_logscan.pyx): the running hash of the xzlog hash
 * chain, docs/log-format.md L2 (unkeyed, digest 32 bytes, no salt or personalisation).
 *
 * Derived from the reference implementation in RFC 7693, "The BLAKE2 Cryptographic Hash and
 * Message Authentication Code (MAC)", Appendix C (M-J. Saarinen, J-P. Aumasson, 2015).
 * Changes from the RFC's code: the compression function reads its 128-byte block from a
 * pointer, so that whole blocks are compressed straight from the caller's buffer (only the
 * first block after a partial one and the last, padded block go through ctx->b); words are
 * loaded with memcpy on little-endian hosts; the twelve rounds are unrolled; the output
 * length is fixed at 32 bytes and there is no key; a chain step (32-byte prev ‖ body) has its
 * own entry point; and eight one-block messages can be compressed side by side, one per
 * 64-bit vector lane (xz_b2b_batch_check).
 *
 * Copyright (c) 2015 IETF Trust and the persons identified as the document authors.
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification, are
 * permitted provided that the following conditions are met:
 *
 * - Redistributions of source code must retain the above copyright notice, this list of
 *   conditions and the following disclaimer.
 * - Redistributions in binary form must reproduce the above copyright notice, this list of
 *   conditions and the following disclaimer in the documentation and/or other materials
 *   provided with the distribution.
 * - Neither the name of Internet Society, IETF or IETF Trust, nor the names of specific
 *   contributors, may be used to endorse or promote products derived from this software
 *   without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS
 * OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF
 * MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 * COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
 * HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
 * TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

#ifndef XZ_LOGSCAN_BLAKE2B_H
#define XZ_LOGSCAN_BLAKE2B_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define XZ_B2B_BLOCK 128
#define XZ_B2B_OUT 32

typedef struct {
    uint8_t b[XZ_B2B_BLOCK]; /* input buffer: a partial block, or the last block */
    uint64_t h[8];           /* chained state */
    uint64_t t[2];           /* total number of bytes */
    size_t c;                /* pointer for b[] */
} xz_b2b_ctx;

/* Cyclic right rotation. */
#define XZ_ROTR64(x, y) (((x) >> (y)) ^ ((x) << (64 - (y))))

/* Little-endian byte access. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static inline uint64_t xz_b2b_get64(const uint8_t *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}
#else
static inline uint64_t xz_b2b_get64(const uint8_t *p) {
    return ((uint64_t)p[0]) ^ (((uint64_t)p[1]) << 8) ^ (((uint64_t)p[2]) << 16) ^
           (((uint64_t)p[3]) << 24) ^ (((uint64_t)p[4]) << 32) ^ (((uint64_t)p[5]) << 40) ^
           (((uint64_t)p[6]) << 48) ^ (((uint64_t)p[7]) << 56);
}
#endif

static inline void xz_b2b_put64(uint8_t *p, uint64_t w) {
    int i;
    for (i = 0; i < 8; i++) p[i] = (uint8_t)(w >> (8 * i));
}

/* G mixing function. */
#define XZ_B2B_G(a, b, c, d, x, y)           \
    do {                                     \
        v[a] = v[a] + v[b] + (x);            \
        v[d] = XZ_ROTR64(v[d] ^ v[a], 32);   \
        v[c] = v[c] + v[d];                  \
        v[b] = XZ_ROTR64(v[b] ^ v[c], 24);   \
        v[a] = v[a] + v[b] + (y);            \
        v[d] = XZ_ROTR64(v[d] ^ v[a], 16);   \
        v[c] = v[c] + v[d];                  \
        v[b] = XZ_ROTR64(v[b] ^ v[c], 63);   \
    } while (0)

/* Initialization vector. */
static const uint64_t xz_b2b_iv[8] = {
    0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL, 0xA54FF53A5F1D36F1ULL,
    0x510E527FADE682D1ULL, 0x9B05688C2B3E6C1FULL, 0x1F83D9ABFB41BD6BULL, 0x5BE0CD19137E2179ULL};

/* Message word schedule, one row per round (rounds 10 and 11 repeat rows 0 and 1). */
static const uint8_t xz_b2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3}};

#define XZ_B2B_ROUND(r)                                                                    \
    do {                                                                                   \
        XZ_B2B_G(0, 4, 8, 12, m[xz_b2b_sigma[r][0]], m[xz_b2b_sigma[r][1]]);               \
        XZ_B2B_G(1, 5, 9, 13, m[xz_b2b_sigma[r][2]], m[xz_b2b_sigma[r][3]]);               \
        XZ_B2B_G(2, 6, 10, 14, m[xz_b2b_sigma[r][4]], m[xz_b2b_sigma[r][5]]);              \
        XZ_B2B_G(3, 7, 11, 15, m[xz_b2b_sigma[r][6]], m[xz_b2b_sigma[r][7]]);              \
        XZ_B2B_G(0, 5, 10, 15, m[xz_b2b_sigma[r][8]], m[xz_b2b_sigma[r][9]]);              \
        XZ_B2B_G(1, 6, 11, 12, m[xz_b2b_sigma[r][10]], m[xz_b2b_sigma[r][11]]);            \
        XZ_B2B_G(2, 7, 8, 13, m[xz_b2b_sigma[r][12]], m[xz_b2b_sigma[r][13]]);             \
        XZ_B2B_G(3, 4, 9, 14, m[xz_b2b_sigma[r][14]], m[xz_b2b_sigma[r][15]]);             \
    } while (0)

/* Compression function over one 128-byte block; "last" flags the final block. */
static void xz_b2b_compress(xz_b2b_ctx *ctx, const uint8_t *block, int last) {
    uint64_t v[16], m[16];
    int i;
    for (i = 0; i < 8; i++) {
        v[i] = ctx->h[i];
        v[i + 8] = xz_b2b_iv[i];
    }
    v[12] ^= ctx->t[0];
    v[13] ^= ctx->t[1];
    if (last) v[14] = ~v[14];
    for (i = 0; i < 16; i++) m[i] = xz_b2b_get64(block + 8 * i);
    XZ_B2B_ROUND(0);
    XZ_B2B_ROUND(1);
    XZ_B2B_ROUND(2);
    XZ_B2B_ROUND(3);
    XZ_B2B_ROUND(4);
    XZ_B2B_ROUND(5);
    XZ_B2B_ROUND(6);
    XZ_B2B_ROUND(7);
    XZ_B2B_ROUND(8);
    XZ_B2B_ROUND(9);
    XZ_B2B_ROUND(10);
    XZ_B2B_ROUND(11);
    for (i = 0; i < 8; i++) ctx->h[i] ^= v[i] ^ v[i + 8];
}

static inline void xz_b2b_count(xz_b2b_ctx *ctx, size_t n) {
    ctx->t[0] += n;
    if (ctx->t[0] < n) ctx->t[1]++; /* high word */
}

/* Initialize: unkeyed, 32-byte digest (parameter block: fanout 1, depth 1). */
static inline void xz_b2b_init(xz_b2b_ctx *ctx) {
    int i;
    for (i = 0; i < 8; i++) ctx->h[i] = xz_b2b_iv[i];
    ctx->h[0] ^= 0x01010000 ^ XZ_B2B_OUT;
    ctx->t[0] = 0;
    ctx->t[1] = 0;
    ctx->c = 0;
}

/* Add "inlen" bytes from "in". As in the RFC, a full buffer is compressed only when more
   input follows, so the last block is always left for xz_b2b_final. */
static void xz_b2b_update(xz_b2b_ctx *ctx, const uint8_t *in, size_t inlen) {
    size_t fill;
    if (inlen == 0) return;
    fill = XZ_B2B_BLOCK - ctx->c;
    if (inlen > fill) {
        if (ctx->c > 0) { /* complete the buffered block */
            memcpy(ctx->b + ctx->c, in, fill);
            xz_b2b_count(ctx, XZ_B2B_BLOCK);
            xz_b2b_compress(ctx, ctx->b, 0);
            ctx->c = 0;
            in += fill;
            inlen -= fill;
        }
        while (inlen > XZ_B2B_BLOCK) { /* whole blocks straight from the input */
            xz_b2b_count(ctx, XZ_B2B_BLOCK);
            xz_b2b_compress(ctx, in, 0);
            in += XZ_B2B_BLOCK;
            inlen -= XZ_B2B_BLOCK;
        }
    }
    memcpy(ctx->b + ctx->c, in, inlen);
    ctx->c += inlen;
}

/* Generate the 32-byte digest into "out". */
static void xz_b2b_final(xz_b2b_ctx *ctx, uint8_t *out) {
    int i;
    xz_b2b_count(ctx, ctx->c);
    memset(ctx->b + ctx->c, 0, XZ_B2B_BLOCK - ctx->c);
    xz_b2b_compress(ctx, ctx->b, 1);
    for (i = 0; i < XZ_B2B_OUT; i++) out[i] = (uint8_t)((ctx->h[i >> 3] >> (8 * (i & 7))) & 0xFF);
}

/* BLAKE2b-256(a ‖ b), by the general update (blake2b_256 and tests). */
static void xz_b2b256_two(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
                          uint8_t *out) {
    xz_b2b_ctx ctx;
    xz_b2b_init(&ctx);
    xz_b2b_update(&ctx, a, alen);
    xz_b2b_update(&ctx, b, blen);
    xz_b2b_final(&ctx, out);
}

/* The L2 chain step, BLAKE2b-256(prev[32] ‖ body), without the general update's
   bookkeeping: the first block is prev and the body's first 96 bytes, the middle blocks are
   compressed straight from the body, the last one is padded in ctx.b. */
static void xz_b2b256_chain(const uint8_t *prev, const uint8_t *body, size_t len,
                            uint8_t *out) {
    xz_b2b_ctx ctx;
    xz_b2b_init(&ctx);
    memcpy(ctx.b, prev, 32);
    if (len <= XZ_B2B_BLOCK - 32) { /* one block in all */
        memcpy(ctx.b + 32, body, len);
        ctx.c = 32 + len;
    } else {
        memcpy(ctx.b + 32, body, XZ_B2B_BLOCK - 32);
        body += XZ_B2B_BLOCK - 32;
        len -= XZ_B2B_BLOCK - 32;
        ctx.t[0] = XZ_B2B_BLOCK;
        xz_b2b_compress(&ctx, ctx.b, 0);
        while (len > XZ_B2B_BLOCK) {
            ctx.t[0] += XZ_B2B_BLOCK;
            xz_b2b_compress(&ctx, body, 0);
            body += XZ_B2B_BLOCK;
            len -= XZ_B2B_BLOCK;
        }
        memcpy(ctx.b, body, len);
        ctx.c = len;
    }
    xz_b2b_final(&ctx, out);
}

/* -- Many chain steps at once ------------------------------------------------------------
 *
 * Verifying a chain needs no sequential hashing: record i checks when
 * BLAKE2b-256(stored hash of record i-1 ‖ body i) is its stored hash, and if every record
 * checks, the running hash of L2 is the stored hash at every step (by induction), so the
 * checks can run in any order. Most records are one block (32 + body <= 128 bytes); eight of
 * them are compressed side by side, one message per 64-bit lane, with GCC/Clang vector
 * extensions compiled for AVX-512 or AVX2 (chosen at run time; the plain SSE2 build of the
 * same code is slower than the scalar code above, so without AVX2 the lanes are hashed one by
 * one with xz_b2b_compress). */

#define XZ_B2B_LANES 8

typedef struct {
    uint64_t words[16][XZ_B2B_LANES]; /* message word j of each lane's only (last) block */
    uint64_t t0[XZ_B2B_LANES];        /* bytes in each lane's message */
    uint64_t want[4][XZ_B2B_LANES];   /* the digest each lane must give, as four words */
    int n;                            /* lanes in use */
} xz_b2b_batch;

/* Queue one chain step whose message prev[32] ‖ body fits one block (len <= 96). */
static void xz_b2b_batch_add(xz_b2b_batch *bt, const uint8_t *prev, const uint8_t *body,
                             size_t len, const uint8_t *want) {
    uint8_t blk[XZ_B2B_BLOCK];
    int j, lane = bt->n++;
    memcpy(blk, prev, 32);
    memcpy(blk + 32, body, len);
    memset(blk + 32 + len, 0, XZ_B2B_BLOCK - 32 - len);
    for (j = 0; j < 16; j++) bt->words[j][lane] = xz_b2b_get64(blk + 8 * j);
    bt->t0[lane] = 32 + len;
    for (j = 0; j < 4; j++) bt->want[j][lane] = xz_b2b_get64(want + 8 * j);
}

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define XZ_B2B_HAVE_LANES 1

typedef uint64_t xz_b2b_v8 __attribute__((vector_size(64)));

#define XZ_VROT(x, n) (((x) >> (n)) | ((x) << (64 - (n))))
#define XZ_VG(a, b, c, d, x, y)                \
    do {                                       \
        v[a] = v[a] + v[b] + (x);              \
        v[d] = XZ_VROT(v[d] ^ v[a], 32);       \
        v[c] = v[c] + v[d];                    \
        v[b] = XZ_VROT(v[b] ^ v[c], 24);       \
        v[a] = v[a] + v[b] + (y);              \
        v[d] = XZ_VROT(v[d] ^ v[a], 16);       \
        v[c] = v[c] + v[d];                    \
        v[b] = XZ_VROT(v[b] ^ v[c], 63);       \
    } while (0)
#define XZ_VROUND(r)                                                              \
    do {                                                                          \
        XZ_VG(0, 4, 8, 12, m[xz_b2b_sigma[r][0]], m[xz_b2b_sigma[r][1]]);         \
        XZ_VG(1, 5, 9, 13, m[xz_b2b_sigma[r][2]], m[xz_b2b_sigma[r][3]]);         \
        XZ_VG(2, 6, 10, 14, m[xz_b2b_sigma[r][4]], m[xz_b2b_sigma[r][5]]);        \
        XZ_VG(3, 7, 11, 15, m[xz_b2b_sigma[r][6]], m[xz_b2b_sigma[r][7]]);        \
        XZ_VG(0, 5, 10, 15, m[xz_b2b_sigma[r][8]], m[xz_b2b_sigma[r][9]]);        \
        XZ_VG(1, 6, 11, 12, m[xz_b2b_sigma[r][10]], m[xz_b2b_sigma[r][11]]);      \
        XZ_VG(2, 7, 8, 13, m[xz_b2b_sigma[r][12]], m[xz_b2b_sigma[r][13]]);       \
        XZ_VG(3, 4, 9, 14, m[xz_b2b_sigma[r][14]], m[xz_b2b_sigma[r][15]]);       \
    } while (0)

/* The last (and only) block of eight messages, lane by lane as xz_b2b_compress does it after
   xz_b2b_init: the digest's four words into out[k][lane]. Inlined into the two callers below,
   each compiled for its instruction set. */
static inline __attribute__((always_inline)) void xz_b2b_lanes_body(const xz_b2b_batch *bt,
                                                                    uint64_t out[4][8]) {
    xz_b2b_v8 v[16], m[16], t;
    int i;
    for (i = 0; i < 16; i++) memcpy(&m[i], bt->words[i], sizeof(xz_b2b_v8));
    for (i = 0; i < 8; i++) {
        v[i] = (xz_b2b_v8){0} + (xz_b2b_iv[i] ^ (i == 0 ? (uint64_t)(0x01010000 ^ XZ_B2B_OUT) : 0));
        v[i + 8] = (xz_b2b_v8){0} + xz_b2b_iv[i];
    }
    memcpy(&t, bt->t0, sizeof(xz_b2b_v8));
    v[12] ^= t; /* t[1] is 0: v[13] stays */
    v[14] = ~v[14]; /* the last block */
    XZ_VROUND(0);
    XZ_VROUND(1);
    XZ_VROUND(2);
    XZ_VROUND(3);
    XZ_VROUND(4);
    XZ_VROUND(5);
    XZ_VROUND(6);
    XZ_VROUND(7);
    XZ_VROUND(8);
    XZ_VROUND(9);
    XZ_VROUND(10);
    XZ_VROUND(11);
    for (i = 0; i < 4; i++) {
        t = (xz_b2b_v8){0} + (xz_b2b_iv[i] ^ (i == 0 ? (uint64_t)(0x01010000 ^ XZ_B2B_OUT) : 0));
        t = t ^ v[i] ^ v[i + 8];
        memcpy(out[i], &t, sizeof(xz_b2b_v8));
    }
}

__attribute__((target("avx512f"))) static void xz_b2b_lanes_avx512(const xz_b2b_batch *bt,
                                                                    uint64_t out[4][8]) {
    xz_b2b_lanes_body(bt, out);
}

__attribute__((target("avx2"))) static void xz_b2b_lanes_avx2(const xz_b2b_batch *bt,
                                                               uint64_t out[4][8]) {
    xz_b2b_lanes_body(bt, out);
}
#endif

/* The best lane kernel this CPU runs: 2 AVX-512, 1 AVX2, 0 none (one lane at a time). */
static int xz_b2b_lanes_supported(void) {
#ifdef XZ_B2B_HAVE_LANES
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return 2;
    if (__builtin_cpu_supports("avx2")) return 1;
#endif
    return 0;
}

/* Hash the queued lanes with kernel "kind" (at most xz_b2b_lanes_supported()) and empty the
   batch: 1 when every lane gives its wanted digest, else 0. */
static int xz_b2b_batch_check(xz_b2b_batch *bt, int kind) {
    uint64_t out[4][XZ_B2B_LANES];
    int lane, j, ok = 1;
    if (bt->n == 0) return 1;
#ifdef XZ_B2B_HAVE_LANES
    if (kind == 2)
        xz_b2b_lanes_avx512(bt, out);
    else if (kind == 1)
        xz_b2b_lanes_avx2(bt, out);
    else
#endif
    {
        (void)kind;
        for (lane = 0; lane < bt->n; lane++) {
            xz_b2b_ctx ctx;
            xz_b2b_init(&ctx);
            for (j = 0; j < 16; j++) xz_b2b_put64(ctx.b + 8 * j, bt->words[j][lane]);
            ctx.t[0] = bt->t0[lane];
            xz_b2b_compress(&ctx, ctx.b, 1);
            for (j = 0; j < 4; j++) out[j][lane] = ctx.h[j];
        }
    }
    for (lane = 0; lane < bt->n; lane++)
        for (j = 0; j < 4; j++)
            if (out[j][lane] != bt->want[j][lane]) ok = 0;
    bt->n = 0;
    return ok;
}

#endif /* XZ_LOGSCAN_BLAKE2B_H */
