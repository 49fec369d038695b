/*
 * network.c - the network: an array of layers, each one's output the next one's input,
 * and a workspace large enough for the largest layer's scratch.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cnn.h"

void *xcalloc(size_t n, size_t size)
{
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "cnn: out of memory (%zu x %zu bytes)\n", n, size);
    exit(1);
  }
  return p;
}

const char *layer_type_name(LAYER_TYPE t)
{
  switch (t) {
  case CONVOLUTIONAL:
    return "conv";
  case MAXPOOL:
    return "maxpool";
  case AVGPOOL:
    return "avgpool";
  case CONNECTED:
    return "connected";
  case SOFTMAX:
    return "softmax";
  }
  return "?";
}

void network_add_layer(network *net, layer l)
{
  layer *grown = realloc(net->layers, (size_t)(net->n + 1) * sizeof(layer));
  if (!grown) {
    fprintf(stderr, "cnn: out of memory\n");
    exit(1);
  }
  net->layers = grown;
  net->layers[net->n++] = l;
}

void network_finish(network *net)
{
  size_t most = 0;
  for (int i = 0; i < net->n; i++)
    if (net->layers[i].workspace_size > most)
      most = net->layers[i].workspace_size;
  net->workspace_size = most;
  net->workspace = xcalloc(most, sizeof(float));
}

void forward_network(network *net, float *input)
{
  network run = *net;
  run.input = input;
  for (int i = 0; i < net->n; i++) {
    layer l = net->layers[i];
    switch (l.type) {
    case CONVOLUTIONAL:
      forward_convolutional_layer(l, run);
      break;
    case MAXPOOL:
      forward_maxpool_layer(l, run);
      break;
    case AVGPOOL:
      forward_avgpool_layer(l, run);
      break;
    case CONNECTED:
      forward_connected_layer(l, run);
      break;
    case SOFTMAX:
      forward_softmax_layer(l, run);
      break;
    }
    run.input = l.output;
  }
}

void free_network(network *net)
{
  for (int i = 0; i < net->n; i++) {
    layer *l = &net->layers[i];
    free(l->weights);
    free(l->biases);
    free(l->scales);
    free(l->rolling_mean);
    free(l->rolling_variance);
    free(l->output);
    free(l->indexes);
  }
  free(net->layers);
  free(net->workspace);
  net->layers = NULL;
  net->workspace = NULL;
  net->n = 0;
}
