/** An id as it may appear in a file name: anything but letters, digits, dot and dash becomes "_". */
export const safeName = (id: string) => id.replace(/[^\w.-]+/g, "_").slice(0, 120);

/** A file to save: its type, and the name the browser saves it under (ASCII, plus UTF-8 if given). */
export function download(bytes: Uint8Array, type: string, asciiName: string, utf8Name?: string): Response {
  const name = `attachment; filename="${asciiName}"${utf8Name ? `; filename*=UTF-8''${encodeURIComponent(utf8Name)}` : ""}`;
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": type,
      "content-disposition": name,
      "content-length": String(bytes.byteLength),
      "cache-control": "private, no-store",
    },
  });
}
