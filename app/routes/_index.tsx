import {
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { operatorDetails } from "../../workers/core/operator";
import { FinalCallToAction } from "~/components/landing/final-cta";
import { Hero } from "~/components/landing/hero";
import { PartnerBanner } from "~/components/landing/partner-banner";
import { Personas } from "~/components/landing/personas";
import { Pricing } from "~/components/landing/pricing";
import { Problems } from "~/components/landing/problems";
import { RoiCalculator } from "~/components/landing/roi-calculator";
import { PublicFooter, PublicHeader } from "~/components/landing/site-chrome";
import { parseLandingQuery, registrationHref } from "~/lib/landing-query";
import { partnerRecordOf, storePartnerRecordScript } from "~/lib/partner-record";
import { publicPageHeaders } from "~/lib/public-page";
import { publicPageCaching } from "~/lib/public-page.server";
import { useNonce } from "~/lib/nonce";
import { ROI_INPUT_NAMES, roiFor } from "~/lib/roi";

const TITLE = "Рейс — выплата за рейс за 24 часа для перевозчиков";
const DESCRIPTION =
  "Деньги за выполненный рейс через 24 часа под 2 %, заказы X5, Магнита и других платформ, ЭТрН и аналитика в одном кабинете перевозчика. 14 дней бесплатно.";

export const meta: MetaFunction = () => [
  { title: TITLE },
  { name: "description", content: DESCRIPTION },
  { property: "og:type", content: "website" },
  { property: "og:site_name", content: "Рейс" },
  { property: "og:locale", content: "ru_RU" },
  { property: "og:title", content: TITLE },
  { property: "og:description", content: DESCRIPTION },
  { name: "twitter:card", content: "summary" },
];

/** Plain HTML: its only scripts are the ROI calculator and the partner record (decision 0032). */
export const handle = { hydrate: false };

export function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = parseLandingQuery(params);
  const signedIn = context.caller !== null;
  const roi = roiFor(Object.fromEntries(ROI_INPUT_NAMES.map((name) => [name, params.get(name)])));
  return data(
    { signedIn, query, roi, operator: operatorDetails(context.cloudflare.env) },
    // The same page for every signed-out visitor without a query or cookie: kept for a minute.
    { headers: publicPageCaching(request, context) },
  );
}

export const headers: HeadersFunction = publicPageHeaders;

export default function Landing() {
  const { signedIn, query, roi, operator } = useLoaderData<typeof loader>();
  const nonce = useNonce();
  const registerHref = registrationHref(query);
  const record = partnerRecordOf(query);
  return (
    <>
      {query.partner ? <PartnerBanner partner={query.partner} /> : null}
      <PublicHeader signedIn={signedIn} registerHref={registerHref} sectionLinks />
      <main>
        <Hero signedIn={signedIn} registerHref={registerHref} />
        <Problems />
        <RoiCalculator result={roi} query={query} />
        <Pricing selectedPlan={query.plan} hrefFor={(plan) => registrationHref(query, plan)} />
        <Personas />
        <FinalCallToAction signedIn={signedIn} registerHref={registerHref} />
      </main>
      <PublicFooter operator={operator} />
      {record ? (
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: storePartnerRecordScript(record) }} />
      ) : null}
    </>
  );
}
