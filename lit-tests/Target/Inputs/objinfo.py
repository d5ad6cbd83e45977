"""Print an object file's format and machine (no llvm-readobj needed)."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
if data[:4] == b"\x7fELF":
    machine = struct.unpack_from("<H", data, 18)[0]
    etype = struct.unpack_from("<H", data, 16)[0]
    names = {62: "x86_64", 183: "aarch64", 243: "riscv"}
    kind = "relocatable" if etype == 1 else "type%d" % etype
    print("ELF64" if data[4] == 2 else "ELF32", kind, names.get(machine, "machine%d" % machine))
elif data[:4] == b"\xcf\xfa\xed\xfe":
    cpu = struct.unpack_from("<I", data, 4)[0]
    names = {0x1000007: "x86_64", 0x100000C: "arm64"}
    print("Mach-O64", names.get(cpu, hex(cpu)))
else:
    print("unknown")
