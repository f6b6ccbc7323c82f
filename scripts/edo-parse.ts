/**
 * Prints the structured view of an ЭТрН title (a bare XML or the operator's zip with its signature):
 *   npm run --silent edo:parse -- <file.xml|file.zip>
 */
import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { processTitleContent, TitleContentError } from "../workers/core/edo/title-content";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const path = process.argv[2];
if (!path) fail("Укажите файл: npm run --silent edo:parse -- <файл.xml|файл.zip>");

let bytes: Uint8Array;
try {
  bytes = new Uint8Array(readFileSync(path));
} catch (error) {
  fail(`Не удалось прочитать файл ${path}: ${error instanceof Error ? error.message : String(error)}`);
}

try {
  process.stdout.write(`${JSON.stringify(processTitleContent(bytes, basename(path)), null, 2)}\n`);
} catch (error) {
  if (error instanceof TitleContentError) fail(`${path}: ${error.message}`);
  throw error;
}
