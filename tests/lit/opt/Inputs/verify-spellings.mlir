// Every spelling of mlir-opt's expected-* comments, met.

// expected-error @+1 {{custom op 'bogus' is unknown}}
bogus

// -----

func.func @same_line() {
  bogus2 // expected-error {{custom op 'bogus2' is unknown}}
}

// -----

func.func @no_space() {
  // expected-error@+1 {{custom op 'bogus3'}}
  bogus3
}

// -----

func.func @minus() {
  bogus4
  // expected-error@-1 {{is unknown (tried 'func.bogus4' as well)}}
}

// -----

func.func @above() {
  bogus5
  // expected-error @above {{custom op 'bogus5' is unknown}}
}

// -----

func.func @below() {
  // expected-error @below {{custom op 'bogus6' is unknown}}
  bogus6
}

// -----

func.func @regex(%a: i32) {
  // expected-error-re @+1 {{'arith.addi' op requires the same type for all {{[a-z]+}} and results}}
  %x = "arith.addi"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @note() {
  // expected-note-re @+1 {{previously {{[a-z]+}} here}}
  %0 = arith.constant 1 : i32
  // expected-error @+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

func.func @fine() {
  return
}
