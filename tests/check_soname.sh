#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_soname.sh LIBRARY SONAME: the ELF library's DT_SONAME must be SONAME
# (a versioned name, so an incompatible libfixcol can be installed beside).
set -eu
lib=$1 want=$2
got=$(objdump -p "$lib" | awk '$1 == "SONAME" {print $2}')
if [ "$got" = "$want" ]; then
  echo "ok: $lib has SONAME $got"
else
  echo "FAIL: $lib has SONAME '${got}', want '$want'"; exit 1
fi
