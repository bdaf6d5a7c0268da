// SPDX-License-Identifier: MIT
// Command-line options of the test scripts: --name value pairs, flags, files.
export function parseArgs(argv, flags = []) {
  const opt = {}, files = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) files.push(a);
    else if (flags.includes(a.slice(2))) opt[a.slice(2)] = true;
    else opt[a.slice(2)] = argv[++i];
  }
  return { opt, files };
}
