// expected-error@+1 {{never emitted}}
func.func @f() {
  return
}
