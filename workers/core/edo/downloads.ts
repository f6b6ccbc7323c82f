// The browser's side of an EDO download from our API (a title's PDF or archive, a chain's
// archive): the file name its Content-Disposition header gives, read by the same function the
// EDO adapter reads the operator's files with. Browser-safe.
export { fileNameOf } from "../../providers/content-disposition";
