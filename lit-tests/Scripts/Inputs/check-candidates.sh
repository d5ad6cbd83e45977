#!/usr/bin/env bash
# Runs scripts/test.sh's install_missing against a fake apt: apt-cache knows llvm-22-tools but
# has no candidate for mlir-22-tools, and dpkg says nothing is installed. Prints what
# install_missing says and whether it tried to install or to add apt sources.
set -u
test_sh=$1
fake=$(mktemp -d)
trap 'rm -rf "$fake"' EXIT
cat > "$fake/apt-cache" <<'SH'
#!/usr/bin/env bash
for p in "${@:2}"; do
  echo "$p:"
  echo "  Installed: (none)"
  case "$p" in
    llvm-22-tools|cmake) echo "  Candidate: 1:22.1.8-1" ;;
    *) echo "  Candidate: (none)" ;;
  esac
done
SH
printf '#!/bin/sh\nexit 1\n' > "$fake/dpkg"
printf '#!/bin/sh\necho "apt-get $*" >> "%s/log"\n' "$fake" > "$fake/apt-get"
printf '#!/bin/sh\necho "tee $*" >> "%s/log"\ncat >/dev/null\n' "$fake" > "$fake/tee"
chmod +x "$fake"/*
# The functions of test.sh, without running it.
functions='log() { echo "==> $*"; }'"
"$(sed -n '/^apt_update_once()/,/^}/p;/^apt_candidate()/,/^}/p;/^require_candidates()/,/^}/p;/^apt_install()/,/^}/p;/^install_missing()/,/^}/p' "$test_sh")
PATH="$fake:$PATH" LLVM_BIN="$fake/none" SUDO= APT_UPDATED=0 bash -c "$functions
install_missing; echo \"install_missing: \$?\"" 2>&1
cat "$fake/log" 2>/dev/null
