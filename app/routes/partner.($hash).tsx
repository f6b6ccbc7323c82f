import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { linkViewedEvent, registeredEvent } from "../../workers/core/partners/funnel";
import { readPartnerLanding, type PartnerLandingData } from "../../workers/core/partners/landing";
import { registerPartnerAccount } from "../../workers/core/partners/quick-registration";
import {
  PARTNER_REGISTRATION_MESSAGES,
  partnerRegistrationSchema,
} from "../../workers/core/partners/quick-registration-schema";
import { recordServerEvents, statusOf, type Envelope } from "../../workers/web/wiring";
import { PartnerOffer } from "~/components/partner-landing/partner-offer";
import { QuickRegistrationForm } from "~/components/partner-landing/quick-registration-form";
import { SavingsCalculator } from "~/components/partner-landing/savings-calculator";
import { Spinner } from "~/components/ui/button";
import { formDefaults, tokenFromHash, utmOf } from "~/lib/partner-landing";
import { publicPageHeaders } from "~/lib/public-page";
import { startBrowserSession } from "~/lib/session.server";

export const meta: MetaFunction = () => [
  { title: "Приглашение партнёра — Рейс" },
  {
    name: "description",
    content:
      "Быстрая регистрация по приглашению партнёра: оплата за выполненный рейс за 24 часа с комиссией 2%, ЭДО и заказы с платформ в одном кабинете.",
  },
];

/**
 * The URL carries the link's token and the page the invited contact's data: no browser or proxy
 * keeps either (decision 0043). The loader's and action's own headers (Retry-After) still go out.
 */
export const headers: HeadersFunction = (args) => {
  const headers = new Headers(publicPageHeaders(args));
  headers.set("Cache-Control", "no-store");
  return headers;
};

/** Spec 1 §8, partner landing. */
const TEXTS = {
  noToken: "Партнерская ссылка недействительна",
  loadFailed: "Ошибка получения данных",
  invalid: "Ссылка недействительна",
  alreadyRegistered: "Уже зарегистрированы",
} as const;

/** Spec 1 §9: the success screen opens the dashboard after 3 seconds. */
const REDIRECT_SECONDS = 3;

/**
 * The token comes from the path (/partner/<token>) or from ?token=; a token in the URL hash
 * never reaches the server, so the page reads it in the browser and asks GET /api/landing/landing.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = (params.hash ?? url.searchParams.get("token") ?? "").trim();
  const utm = utmOf(url.searchParams);
  if (!token) return { token: null, utm, landing: null, contact: null, linkId: null, failed: false };
  const now = Date.now();
  try {
    const landing = await readPartnerLanding(context.db, token, now);
    if (landing.link && !landing.data.alreadyRegistered) {
      recordServerEvents(context.cloudflare.env, context.cloudflare.ctx, [
        linkViewedEvent(landing.link, {
          utm,
          pageUrl: request.url,
          referrer: request.headers.get("referer"),
          userId: context.caller?.user.id ?? null,
          now,
        }),
      ]);
    }
    return {
      token,
      utm,
      landing: landing.data,
      contact: landing.contact,
      linkId: landing.link?.id ?? null,
      failed: false,
    };
  } catch (error) {
    console.error("partner landing: reading the link failed", error);
    return { token, utm, landing: null, contact: null, linkId: null, failed: true };
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: partnerRegistrationSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const now = Date.now();
  try {
    const result = await registerPartnerAccount(context.db, submission.value, {
      ip: context.clientIp,
      now,
      campaign: utmOf(new URL(request.url).searchParams).utm_campaign,
    });
    if (!result.ok) {
      if (result.reason === "email_taken" || result.reason === "inn_taken") {
        const field = result.reason === "email_taken" ? "email" : "companyInn";
        return data(submission.reply({ fieldErrors: { [field]: [result.message] }, hideFields }), {
          status: statusOf(result.reason),
        });
      }
      const status = statusOf(result.reason);
      const headers: HeadersInit =
        result.reason === "rate_limited" ? { "Retry-After": String(result.retryAfterSeconds) } : {};
      return data(
        { ...submission.reply({ formErrors: [result.message], hideFields }), refusal: result.reason },
        { status, headers },
      );
    }
    const cookie = await startBrowserSession(context, request, result.user.id);
    recordServerEvents(context.cloudflare.env, context.cloudflare.ctx, [
      registeredEvent(result.link, {
        utm: utmOf(new URL(request.url).searchParams),
        userId: result.user.id,
        companyId: result.user.company.id,
        channel: "page",
        now,
      }),
    ]);
    return data(
      { registered: true as const, firstName: result.user.firstName },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    console.error("partner registration failed", error);
    return data(submission.reply({ formErrors: [PARTNER_REGISTRATION_MESSAGES.unexpected], hideFields }), {
      status: 500,
    });
  }
}

/**
 * The landing is read once per visit: a registration's answer carries its own outcome, and
 * reading again would count another view of the link.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod ? false : defaultShouldRevalidate;

type HashLanding =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "missing" }
  | { status: "failed" }
  | { status: "ready"; token: string; landing: PartnerLandingData };

/** Reads the token from the URL hash when neither the path nor the query had one. */
function useHashLanding(active: boolean, search: string): HashLanding {
  const [state, setState] = useState<HashLanding>({ status: active ? "loading" : "idle" });
  useEffect(() => {
    if (!active) return;
    const token = tokenFromHash(window.location.hash);
    if (!token) {
      setState({ status: "missing" });
      return;
    }
    setState({ status: "loading" });
    const query = new URLSearchParams(search);
    query.delete("token");
    query.set("token", token);
    let cancelled = false;
    fetch(`/api/landing/landing?${query}`, { credentials: "same-origin" })
      .then(async (response) => {
        const body = (await response.json()) as Envelope<PartnerLandingData>;
        if (cancelled) return;
        if (body.success && body.data) setState({ status: "ready", token, landing: body.data });
        // The API refuses only a token no link can have (too long): an invalid link.
        else if (response.status === 400) setState({ status: "ready", token, landing: INVALID_LANDING });
        else setState({ status: "failed" });
      })
      .catch(() => {
        if (!cancelled) setState({ status: "failed" });
      });
    return () => {
      cancelled = true;
    };
  }, [active, search]);
  return state;
}

const INVALID_LANDING: PartnerLandingData = {
  isValid: false,
  alreadyRegistered: false,
  partner: null,
  discount: null,
  lead: null,
};

export default function PartnerLanding() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const search = new URLSearchParams(loaded.utm).toString();
  const hash = useHashLanding(loaded.token === null, search);
  const registered = actionData && "registered" in actionData ? actionData : null;

  useEffect(() => {
    if (!registered) return;
    const timer = setTimeout(() => navigate("/dashboard"), REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [registered, navigate]);

  if (registered) {
    return (
      <PageFrame>
        <StateCard testId="partner-success" title={PARTNER_REGISTRATION_MESSAGES.registered}>
          {/* Without JavaScript the browser follows this; with it, the timer above does. */}
          <noscript>
            <meta httpEquiv="refresh" content={`${REDIRECT_SECONDS};url=/dashboard`} />
          </noscript>
          <p>
            Добро пожаловать, {registered.firstName}! Через {REDIRECT_SECONDS} секунды откроется личный
            кабинет.
          </p>
          <Link to="/dashboard" className="mt-4 inline-block font-medium text-brand-700 underline">
            Перейти в кабинет
          </Link>
        </StateCard>
      </PageFrame>
    );
  }

  const refusal = actionData && "refusal" in actionData ? actionData.refusal : null;
  const token = loaded.token ?? (hash.status === "ready" ? hash.token : null);
  const landing = loaded.landing ?? (hash.status === "ready" ? hash.landing : null);

  if (loaded.token === null && (hash.status === "loading" || hash.status === "idle")) {
    return (
      <PageFrame>
        <div className="flex justify-center py-16" data-testid="partner-loading">
          <Spinner label="Загружаем приглашение…" />
        </div>
        <noscript>
          <StateCard testId="partner-invalid" title={TEXTS.noToken} />
        </noscript>
      </PageFrame>
    );
  }
  if (loaded.token === null && hash.status === "missing") {
    return (
      <PageFrame>
        <StateCard testId="partner-invalid" title={TEXTS.noToken} />
      </PageFrame>
    );
  }
  if (loaded.failed || hash.status === "failed" || !landing || !token) {
    return (
      <PageFrame>
        <StateCard testId="partner-error" title={TEXTS.loadFailed}>
          <p>Обновите страницу через минуту. Если ошибка повторится, напишите нам со страницы «Контакты».</p>
        </StateCard>
      </PageFrame>
    );
  }
  if (!landing.isValid || refusal === "invalid_link") {
    return (
      <PageFrame>
        <StateCard testId="partner-invalid" title={TEXTS.invalid}>
          <p>Проверьте адрес или попросите партнёра прислать новую ссылку.</p>
        </StateCard>
      </PageFrame>
    );
  }
  if (landing.alreadyRegistered || refusal === "already_registered" || !landing.lead) {
    return (
      <PageFrame>
        <StateCard testId="partner-already-registered" title={TEXTS.alreadyRegistered}>
          <p>По этой ссылке компания уже зарегистрирована. Войдите в личный кабинет.</p>
          <Link to="/login" className="mt-4 inline-block font-medium text-brand-700 underline">
            Войти
          </Link>
        </StateCard>
      </PageFrame>
    );
  }

  const lastResult = actionData && !("registered" in actionData) ? actionData : undefined;
  const submitting = navigation.state === "submitting";
  return (
    <PageFrame>
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <div className="space-y-6">
          {landing.partner ? <PartnerOffer partner={landing.partner} discount={landing.discount} /> : null}
          <SavingsCalculator />
        </div>
        <section
          aria-labelledby="quick-registration-title"
          className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
        >
          <h1 id="quick-registration-title" className="text-2xl font-semibold">
            Быстрая регистрация
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Данные компании уже заполнены по приглашению. Проверьте их, придумайте пароль — и кабинет готов.
            14 дней бесплатно.
          </p>
          <div className="mt-6">
            <QuickRegistrationForm
              token={token}
              defaults={formDefaults(landing.lead, loaded.contact)}
              lastResult={lastResult}
              submitting={submitting}
              linkId={loaded.linkId}
              utm={loaded.utm}
            />
          </div>
        </section>
      </div>
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-3 sm:px-6">
          <a href="/" className="text-xl font-bold text-brand-700">
            Рейс
          </a>
          <a
            href="/login"
            className="rounded-lg px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
          >
            Войти
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6">{children}</main>
      <footer className="border-t border-slate-200 bg-white">
        <nav
          aria-label="Документы"
          className="mx-auto flex max-w-6xl flex-wrap gap-4 px-4 py-4 text-sm text-slate-600 sm:px-6"
        >
          <a href="/terms" className="underline">
            Пользовательское соглашение
          </a>
          <a href="/privacy" className="underline">
            Политика обработки персональных данных
          </a>
          <a href="/contact" className="underline">
            Контакты
          </a>
        </nav>
      </footer>
    </div>
  );
}

function StateCard({ testId, title, children }: { testId: string; title: string; children?: ReactNode }) {
  return (
    <section
      data-testid={testId}
      className="mx-auto max-w-lg rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200"
    >
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children ? <div className="mt-3 text-slate-600">{children}</div> : null}
    </section>
  );
}
