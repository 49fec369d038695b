/*
 * cnn.h - a small convolutional network for inference, written in the style of plain-C
 * neural-network frameworks: a layer is a struct, the network an array of them, the
 * forward pass of each layer a function that takes the layer and the network by value
 * and calls small compute helpers (im2col, gemm, per-channel bias and scale, batch
 * normalisation, activations chosen by an enum).
 *
 * Data layout: NCHW, float32, each image of a batch stored after the previous one
 * (`l.outputs` floats per image).
 */
#ifndef CNN_H
#define CNN_H

#include <stddef.h>

typedef enum { CONVOLUTIONAL, MAXPOOL, AVGPOOL, CONNECTED, SOFTMAX } LAYER_TYPE;

typedef enum { LINEAR, RELU, LEAKY, LOGISTIC, TANH } ACTIVATION;

typedef struct layer {
  LAYER_TYPE type;
  ACTIVATION activation;
  int batch_normalize;
  int batch;
  int w, h, c;             /* input width, height, channels */
  int out_w, out_h, out_c; /* output width, height, channels */
  int n;                   /* filters (convolution), outputs (connected) */
  int size, stride, pad;   /* window */
  int inputs, outputs;     /* floats per image in and out */
  int nweights;
  size_t workspace_size;   /* floats of scratch the layer needs (im2col) */
  float *weights;
  float *biases;
  float *scales;
  float *rolling_mean;
  float *rolling_variance;
  float *output;
  int *indexes;            /* maxpool: input index of each maximum */
} layer;

typedef struct network {
  int n;                   /* number of layers */
  layer *layers;
  int batch;
  int w, h, c;             /* input image */
  int inputs;              /* floats per input image */
  float *input;            /* the input of the layer being run */
  float *workspace;        /* shared scratch buffer */
  size_t workspace_size;
} network;

/* gemm.c: row-major, leading dimensions lda, ldb, ldc */
void gemm_nn(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
             float *C, int ldc);
void gemm_nt(int M, int N, int K, float ALPHA, float *A, int lda, float *B, int ldb,
             float *C, int ldc);

/* blas.c */
void fill_cpu(int N, float ALPHA, float *X, int INCX);
void scal_cpu(int N, float ALPHA, float *X, int INCX);
void copy_cpu(int N, float *X, int INCX, float *Y, int INCY);
void axpy_cpu(int N, float ALPHA, float *X, int INCX, float *Y, int INCY);

/* im2col.c */
void im2col_cpu(float *data_im, int channels, int height, int width, int ksize, int stride,
                int pad, float *data_col);

/* batchnorm.c */
void normalize_cpu(float *x, float *mean, float *variance, int batch, int filters,
                   int spatial);
void scale_bias(float *output, float *scales, int batch, int n, int size);
void add_bias(float *output, float *biases, int batch, int n, int size);

/* activation.c */
int parse_activation(const char *name, ACTIVATION *a);
float activate(float x, ACTIVATION a);
void activate_array(float *x, int n, ACTIVATION a);

/* conv.c */
layer make_convolutional_layer(int batch, int h, int w, int c, int n, int size, int stride,
                               int pad, ACTIVATION activation, int batch_normalize);
void forward_convolutional_layer(layer l, network net);

/* pool.c */
layer make_maxpool_layer(int batch, int h, int w, int c, int size, int stride);
void forward_maxpool_layer(layer l, network net);
layer make_avgpool_layer(int batch, int h, int w, int c);
void forward_avgpool_layer(layer l, network net);

/* connected.c */
layer make_connected_layer(int batch, int inputs, int outputs, ACTIVATION activation);
void forward_connected_layer(layer l, network net);

/* softmax.c */
void softmax(float *x, int n);
layer make_softmax_layer(int batch, int inputs);
void forward_softmax_layer(layer l, network net);

/* network.c */
const char *layer_type_name(LAYER_TYPE t);
void network_add_layer(network *net, layer l);
void network_finish(network *net);
void forward_network(network *net, float *input);
void free_network(network *net);
void *xcalloc(size_t n, size_t size);

/* parser.c: side and batch override the [net] section when > 0 */
int parse_network_cfg(const char *filename, int side, int batch, network *net);

/* weights.c: deterministic pseudo-random parameters and input */
void init_network_weights(network *net, unsigned seed);
void make_input(float *x, int n, unsigned seed);

#endif
