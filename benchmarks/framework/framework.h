/*
 * framework.h - polylift's own small CNN framework, written in the style of plain-C
 * neural-network frameworks: a layer is a struct passed by value, the network a struct
 * holding the input and a scratch buffer, activations are chosen by an enum, and the
 * layers call small helpers (BLAS-1 with strides, im2col, gemm) across files.
 *
 * Each benchmark file is one program (it includes polylift_bench.h too): its kernel
 * `kernel_<file>` runs one layer's forward pass, and main sets the layer up, calls the
 * kernel and prints a checksum of every array the kernel writes. The helpers several
 * layers call are in helpers.h (static, so polylift inlines them), those of one layer in
 * its own file; `fill_cpu` comes from lib/framework_util.c, which the programs that call
 * it link (POLYLIFT_LINK), as another file of a code base.
 */
#ifndef FRAMEWORK_H
#define FRAMEWORK_H

#include <float.h>
#include <math.h>
#include <stddef.h>

typedef enum { LINEAR, RELU, LEAKY, LOGISTIC, TANH } ACTIVATION;

typedef struct layer {
  int batch;
  int c, h, w;             /* input channels, height, width */
  int out_c, out_h, out_w; /* output channels, height, width */
  int n;                   /* filters (convolution), outputs (connected) */
  int size, stride, pad;   /* window */
  int groups;
  int inputs, outputs;     /* elements per image */
  ACTIVATION activation;
  float temperature;       /* softmax */
  float alpha, beta;       /* shortcut weights */
  float *output;
  float *weights, *biases, *scales;
  float *mean, *variance;
  float *rolling_mean, *rolling_variance;
  float *delta;
  int *indexes;            /* maxpool: where each maximum came from */
} layer;

typedef struct network {
  float *input;
  float *workspace;
} network;

/* lib/framework_util.c */
void fill_cpu(int N, float ALPHA, float *X, int INCX);
float *make_floats(size_t n, int seed, float scale);
int *make_ints(size_t n);
layer make_layer(int batch, int c, int h, int w, int n, int size, int stride, int pad);

#endif
