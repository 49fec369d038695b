// expected-remark @unknown {{never emitted anywhere}}
func.func @f() {
  return
}
