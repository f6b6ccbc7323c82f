import { zipSync } from "fflate";

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * A real zip of `files` (deflated) whose headers lie about what some entries unpack to:
 * `declared[name]` bytes, written into the entry's local header and its central directory
 * record (the size an unzipper allocates for it). A few hundred bytes can declare gigabytes.
 */
export function zipDeclaring(
  files: Record<string, Uint8Array>,
  declared: Record<string, number>,
): Uint8Array {
  const zip = zipSync(
    Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { level: 6 }]])),
  );
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const decoder = new TextDecoder();
  for (let at = 0; at + 46 <= zip.length; at++) {
    const signature = view.getUint32(at, true);
    if (signature !== LOCAL_HEADER && signature !== CENTRAL_HEADER) continue;
    const local = signature === LOCAL_HEADER;
    const nameLength = view.getUint16(at + (local ? 26 : 28), true);
    const nameAt = at + (local ? 30 : 46);
    const name = decoder.decode(zip.subarray(nameAt, nameAt + nameLength));
    if (name in declared) view.setUint32(at + (local ? 22 : 24), declared[name], true);
  }
  return zip;
}
