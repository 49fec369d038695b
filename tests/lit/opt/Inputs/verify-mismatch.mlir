// expected-error @+1 {{never emitted}}
func.func @f() {
  return
}

// -----

func.func @unexpected() {
  bogus
}

// -----

func.func @near_miss() {
  // expected-warning @+1 {{custom op 'bogus2' is unknown}}
  bogus2
}

// -----

func.func @regex() {
  // expected-error-re @below {{custom op '{{[0-9]+}}' is unknown}}
  bogus3
}
