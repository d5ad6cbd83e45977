"""Print a module that nests one construct DEPTH levels deep: deep.py CONSTRUCT DEPTH."""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = sys.stdout.write
if kind == "scf.if":
    out("func.func @f(%c: i1) {\n" + "scf.if %c {\n" * n + "}\n" * n + "return\n}\n")
elif kind == "generic":
    out('"t.op"() ({\n' * n + "}) : () -> ()\n" * n)
elif kind == "module":
    out("module {\n" * n + "}\n" * n)
elif kind == "dict":
    out("func.func @f() attributes {a = " + "{a = " * n + "1" + "}" * n + "} {\n  return\n}\n")
elif kind == "array":
    out("func.func @f() attributes {a = " + "[" * n + "1" + "]" * n + "} {\n  return\n}\n")
elif kind == "function-type":
    out("func.func @f() attributes {t = " + "(" * n + "i32" + ") -> i32" * n + "} {\n  return\n}\n")
elif kind == "tuple":
    out("func.func @f(%a: " + "tuple<" * n + "i32" + ">" * n + ") {\n  return\n}\n")
elif kind == "dense":
    out("func.func @f() attributes {t = dense<" + "[" * n + "1" + "]" * n + "> : tensor<" + "1x" * n + "i32>} {\n  return\n}\n")
elif kind == "pipeline":
    out("builtin.module(" + "any(" * n + "cse" + ")" * n + ")")
else:
    sys.exit(f"unknown construct {kind}")
