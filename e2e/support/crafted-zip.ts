import { execFileSync } from 'node:child_process';

/** One entry of a crafted archive. */
export interface CraftedEntry {
  /** Taken as it is: `..`, absolute paths and backslashes included. */
  name: string;
  data?: Buffer | string;
  /** Stored rather than deflated, so a test can flip a byte of the data itself. */
  stored?: boolean;
  /** A Unix symbolic link pointing at `data`. */
  symlink?: boolean;
}

/**
 * A ZIP written by Python's zipfile, which (unlike yazl, rightly) writes any name it is given: for tests of what the
 * reader must refuse, and for archives made by another tool than ours.
 */
export function craftZip(entries: CraftedEntry[]): Buffer {
  const input = entries.map(entry => ({
    name: entry.name,
    data: Buffer.from(entry.data ?? '').toString('base64'),
    stored: !!entry.stored,
    symlink: !!entry.symlink,
  }));
  return execFileSync(
    'python3',
    [
      '-c',
      `
import base64, io, json, sys, zipfile
out = io.BytesIO()
with zipfile.ZipFile(out, 'w') as z:
    for e in json.load(sys.stdin):
        info = zipfile.ZipInfo(e['name'])
        info.compress_type = zipfile.ZIP_STORED if e['stored'] else zipfile.ZIP_DEFLATED
        info.create_system = 3
        info.external_attr = (0o120777 if e['symlink'] else 0o100644) << 16
        z.writestr(info, base64.b64decode(e['data']))
sys.stdout.buffer.write(out.getvalue())
`,
    ],
    { input: JSON.stringify(input), maxBuffer: 256 * 2 ** 20 },
  );
}
