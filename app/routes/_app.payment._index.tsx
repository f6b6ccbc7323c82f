import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { toast } from "sonner";
import { PLANS, planView, type PlanView } from "../../workers/core/billing/plans";
import { discountPartnerOf, quotePlan } from "../../workers/core/billing/pricing";
import { partnerName } from "../../workers/core/partners/codes";
import type { ApiCreatedPayment, Envelope } from "../../workers/web/wiring";
import { formatPlanPrice, PlanCard } from "~/components/payments/plan-card";
import { Button, Spinner } from "~/components/ui/button";
import { LoadError } from "~/components/ui/load-error";
import { track } from "~/lib/analytics";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Выбор тарифа — Рейс" }];

/** Spec 2 §8's payment texts. */
export const PAYMENT_PAGE_MESSAGES = {
  plansFailed: "Не удалось загрузить тарифы",
  plansError: "Ошибка загрузки тарифов",
  createFailed: "Не удалось создать платеж",
  createError: "Ошибка создания платежа",
} as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const url = new URL(request.url);
  const plans = PLANS.map(planView);
  // The discount is the company's own partner's, computed here as the server will charge it; a
  // partner or a discount named in the URL is never believed (decision 0042).
  const source = await discountPartnerOf(context.db, user.company.id);
  const quotes = Object.fromEntries(PLANS.map((plan) => [plan.id, quotePlan(plan, source)] as const));
  const discountPercent = quotes[PLANS[0].id].discountPercent;
  const wanted = url.searchParams.get("plan");
  const preselected =
    plans.find((plan) => plan.id === wanted) ?? plans.find((plan) => plan.popular) ?? plans[0];
  return {
    plans,
    prices: Object.fromEntries(plans.map((plan) => [plan.id, quotes[plan.id].amountKopecks / 100])),
    partner: discountPercent > 0 && source ? { source, name: partnerName(source), discountPercent } : null,
    preselected: preselected?.id ?? null,
  };
}

type CreateAnswer = Envelope<ApiCreatedPayment>;

/** The plan selection page (spec 2 §2.6): three plans, the partner's discount, pay, trust blocks. */
export default function Payment() {
  const { plans, prices, partner, preselected } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<string | null>(preselected);
  const [creating, setCreating] = useState(false);
  const plan = plans.find((candidate) => candidate.id === selected) ?? null;

  async function pay(chosen: PlanView) {
    setCreating(true);
    let errorType = "unknown";
    try {
      const response = await fetch("/api/payments/create", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          planId: chosen.id,
          returnUrl: `${window.location.origin}/payment/success`,
        }),
      });
      const answer = (await response.json().catch(() => null)) as CreateAnswer | null;
      if (answer?.success) {
        track({
          eventType: "payment",
          eventCategory: "payment",
          eventAction: "payment_created",
          eventLabel: chosen.id,
          metadata: { paymentId: answer.data.id, partnerSource: partner?.source ?? null },
        });
        window.location.assign(answer.data.confirmationUrl);
        return;
      }
      errorType = answer?.error ?? "unknown";
      // The explanation when there is one (try again in N minutes, the provider is down).
      const description = answer ? (answer.message ?? answer.error) : undefined;
      toast.error(PAYMENT_PAGE_MESSAGES.createFailed, description ? { description } : undefined);
    } catch {
      errorType = "network_error";
      toast.error(PAYMENT_PAGE_MESSAGES.createError);
    }
    track({
      eventType: "error",
      eventCategory: "payment",
      eventAction: "payment_create_failed",
      eventLabel: chosen.id,
      metadata: { error_type: errorType },
    });
    setCreating(false);
  }

  return (
    <div className="max-w-6xl space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Выбор тарифа</h1>
        <p className="text-slate-600">Оплата помесячная, первые 14 дней — бесплатно.</p>
      </div>

      {partner ? (
        <p
          className="inline-flex items-center gap-2 rounded-full bg-green-100 px-4 py-1.5 text-sm font-medium text-green-800"
          data-testid="partner-discount"
        >
          Скидка партнёра{partner.name ? ` «${partner.name}»` : ""}: {partner.discountPercent}%
        </p>
      ) : null}

      <fieldset>
        <legend className="sr-only">Тарифы</legend>
        <div className="grid gap-5 pt-3 md:grid-cols-3">
          {plans.map((candidate) => (
            <PlanCard
              key={candidate.id}
              plan={candidate}
              discountedPrice={partner ? prices[candidate.id] : null}
              selected={candidate.id === selected}
              onSelect={() => setSelected(candidate.id)}
            />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center">
        <Button
          type="button"
          className="px-6 py-3 text-lg"
          disabled={!plan || creating}
          onClick={() => plan && void pay(plan)}
        >
          {creating ? <Spinner label="Создание платежа" /> : null}
          {plan ? `Оплатить ${formatPlanPrice(prices[plan.id])}` : "Выберите тариф"}
        </Button>
        <Link to="/dashboard" className="text-slate-600 hover:text-slate-900 hover:underline">
          Отмена
        </Link>
      </div>

      <section aria-label="Гарантии" className="grid gap-4 sm:grid-cols-3">
        {[
          ["Безопасная оплата картой", "Платёж проходит через ЮKassa; данные карты не попадают к нам."],
          ["Мгновенный доступ", "Тариф включается сразу после оплаты."],
          ["Возврат в течение 14 дней", "Передумали — вернём деньги за первые 14 дней."],
        ].map(([title, text]) => (
          <div key={title} className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-slate-600">{text}</p>
          </div>
        ))}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Выбор тарифа</h1>
      <LoadError title={PAYMENT_PAGE_MESSAGES.plansFailed} href="/payment" />
    </div>
  );
}
