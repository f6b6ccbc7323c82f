// DejaVu Serif Condensed (free licence: Bitstream Vera's, DejaVu changes public domain) in the
// Worker's bundle: there is no filesystem at run time, so the bytes come in with the code. Only
// Worker code imports this module; Node tests read the same files from node_modules (decision 0056).
import bold from "dejavu-fonts-ttf/ttf/DejaVuSerifCondensed-Bold.ttf";
import regular from "dejavu-fonts-ttf/ttf/DejaVuSerifCondensed.ttf";
import type { DocumentFonts } from "./types";

export const bundledFonts: DocumentFonts = { regular, bold };
