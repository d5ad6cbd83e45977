// Compiling the same model twice gives byte-identical objects (issue 20 item 8): a real model
// (silero VAD) and a Loop model at -O2 and -O0, headers too. onnx-compile has no --threads flag
// (code generation runs on one thread), so there is no thread count to vary.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %onnx-compile %testdata/real/silero_vad_op18_ifless/model.onnx -o %t/a.o --emit-header %t/a.h
// RUN: %onnx-compile %testdata/real/silero_vad_op18_ifless/model.onnx -o %t/b.o --emit-header %t/b.h
// RUN: cmp %t/a.o %t/b.o
// RUN: cmp %t/a.h %t/b.h
// RUN: %onnx-compile %testdata/onnx-backend-cf/test_loop11/model.onnx -O0 -o %t/c.o
// RUN: %onnx-compile %testdata/onnx-backend-cf/test_loop11/model.onnx -O0 -o %t/d.o
// RUN: cmp %t/c.o %t/d.o
// RUN: %onnx-compile %testdata/onnx-backend-cf/test_loop11/model.onnx -o %t/e.o
// RUN: %onnx-compile %testdata/onnx-backend-cf/test_loop11/model.onnx -o %t/f.o
// RUN: cmp %t/e.o %t/f.o
