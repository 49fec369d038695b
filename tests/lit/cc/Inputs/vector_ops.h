/* A project header that uses what an unmodelled system header declares: its types
   parse as opaque ones, and the file's own functions translate. */
#include <arm_neon.h>
static inline float32x4_t twice4(float32x4_t v) { return vaddq_f32(v, v); }
