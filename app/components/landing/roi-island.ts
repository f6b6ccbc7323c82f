import { computeRoi, describeRoi, ROI_RULES, type RoiRules, type RoiTexts } from "~/lib/roi";

/**
 * The calculator's only script (the landing page ships no framework, decision 0032): on every
 * move of a slider it recomputes with the same `computeRoi`/`describeRoi` the server rendered
 * with and writes the texts into the `[data-roi]` elements. Without it the form still works:
 * «Пересчитать» submits it and the server answers with the result.
 */
function roiIsland(
  compute: typeof computeRoi,
  describe: typeof describeRoi,
  rules: RoiRules,
  formId: string,
): void {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return;
  const update = () => {
    const data = new FormData(form);
    const texts: RoiTexts = describe(
      compute(
        {
          vehicles: data.get("vehicles"),
          tripsPerVehicle: data.get("tripsPerVehicle"),
          tripCost: data.get("tripCost"),
          margin: data.get("margin"),
        },
        rules,
      ),
    );
    for (const element of form.querySelectorAll<HTMLElement>("[data-roi]")) {
      const text = texts[element.dataset.roi as keyof RoiTexts];
      if (text !== undefined) element.textContent = text;
    }
  };
  form.addEventListener("input", update);
  form.dataset.live = "true";
}

/**
 * wrangler bundles the Worker with esbuild's keepNames, which wraps named inner functions in
 * `__name(fn, "name")`, a helper of the bundle the browser does not have: the script brings a
 * no-op one of its own.
 */
const KEEP_NAMES_SHIM = "var __name=function(f){return f};";

/** The inline script's text: the island called with the two functions' own source and the rules. */
export function roiIslandScript(formId: string): string {
  return `(function(){${KEEP_NAMES_SHIM}(${roiIsland.toString()})(${computeRoi.toString()},${describeRoi.toString()},${JSON.stringify(ROI_RULES)},${JSON.stringify(formId)});})();`;
}
