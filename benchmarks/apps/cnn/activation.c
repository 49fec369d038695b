/*
 * activation.c - element-wise activation functions, chosen by an enum.
 */
#include <math.h>
#include <string.h>

#include "cnn.h"

static float linear_activate(float x) { return x; }
static float relu_activate(float x) { return x * (x > 0); }
static float leaky_activate(float x) { return (x > 0) ? x : .1f * x; }
static float logistic_activate(float x) { return 1.f / (1.f + expf(-x)); }
static float tanh_activate(float x) { return tanhf(x); }

static const char *const activation_names[] = {"linear", "relu", "leaky", "logistic", "tanh"};

/* 1 and *a set when name is an activation's name, 0 otherwise */
int parse_activation(const char *name, ACTIVATION *a)
{
  for (int i = 0; i < (int)(sizeof activation_names / sizeof activation_names[0]); i++)
    if (strcmp(name, activation_names[i]) == 0) {
      *a = (ACTIVATION)i;
      return 1;
    }
  return 0;
}

float activate(float x, ACTIVATION a)
{
  switch (a) {
  case LINEAR:
    return linear_activate(x);
  case RELU:
    return relu_activate(x);
  case LEAKY:
    return leaky_activate(x);
  case LOGISTIC:
    return logistic_activate(x);
  case TANH:
    return tanh_activate(x);
  }
  return 0;
}

void activate_array(float *x, int n, ACTIVATION a)
{
  for (int i = 0; i < n; i++)
    x[i] = activate(x[i], a);
}
