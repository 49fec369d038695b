func.func @first() {
  return
}

// -----

func.func @third() {
  // expected-error@+1 {{custom op 'bogus' is unknown}}
  bogus
}
