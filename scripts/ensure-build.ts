// `npm test` runs this first: builds the web app only when its sources changed, so a
// running `npm start` (whose Workers serve build/ and reload when it changes) is not disturbed for nothing.
import { ensureBuild } from "./lib/stack";

await ensureBuild((line) => console.log(line));
