// The DejaVu files the documents are set in, imported as bytes: a Data module under wrangler
// (`[[rules]] type = "Data"`, an ArrayBuffer) and esbuild's binary loader in the Workers' host (a
// Uint8Array). The pattern is longer than vite/client's "*.ttf" (a URL string), so it wins here.
declare module "dejavu-fonts-ttf/ttf/*.ttf" {
  const bytes: ArrayBuffer | Uint8Array;
  export default bytes;
}
