"""Functions made of blocks that only branch: a chain of N forwarding blocks ending in a return,
and an entry that falls into a cycle of N forwarding blocks (an infinite loop)."""
import sys

n = int(sys.argv[2])
if sys.argv[1] == "chain":
    print("func.func @chain(%a: i32) -> i32 {")
    print("  cf.br ^b0")
    for i in range(n):
        print(f"^b{i}:")
        print(f"  cf.br ^b{i + 1}")
    print(f"^b{n}:")
    print("  return %a : i32")
    print("}")
else:
    print("func.func @cycle(%c: i1) {")
    print("  cf.cond_br %c, ^b0, ^exit")
    for i in range(n):
        print(f"^b{i}:")
        print(f"  cf.br ^b{(i + 1) % n}")
    print("^exit:")
    print("  return")
    print("}")
