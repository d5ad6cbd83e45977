"""Print an object file's format and machine (no llvm-readobj needed); with --globals, the
names of the global symbols a Mach-O object defines, one a line (GNU nm reads no Mach-O)."""
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
    if "--globals" in sys.argv:
        ncmds = struct.unpack_from("<I", data, 16)[0]
        off = 32  # the 64-bit header's size
        for _ in range(ncmds):
            cmd, size = struct.unpack_from("<II", data, off)
            if cmd == 0x2:  # LC_SYMTAB
                symoff, nsyms, stroff, _strsize = struct.unpack_from("<IIII", data, off + 8)
                for i in range(nsyms):
                    strx, ntype = struct.unpack_from("<IB", data, symoff + 16 * i)
                    # N_EXT set and defined in a section (N_SECT): a global the object defines.
                    if ntype & 0x01 and ntype & 0x0E == 0x0E:
                        end = data.index(b"\0", stroff + strx)
                        print("global", data[stroff + strx : end].decode())
            off += size
else:
    print("unknown")
