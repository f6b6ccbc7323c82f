import { Link } from "@remix-run/react";
import type { SubscriptionView } from "../../../workers/core/billing/subscriptions";
import { formatNumber, plural } from "~/lib/format";

const longDate = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Moscow",
});

const days = (n: number) => `${formatNumber(n)} ${plural(n, ["день", "дня", "дней"])}`;

/**
 * The dashboard's subscription block (spec 1 §2): the company's real plan state — trial days
 * left, the paid plan and its end, or expired — with this month's trips against the limit and
 * the way to /payment.
 */
export function SubscriptionBlock({
  subscription,
  paymentHref,
}: {
  subscription: SubscriptionView;
  /** /payment with the plan to offer and the company's partner (decision 0038). */
  paymentHref: string;
}) {
  const { status, planName, daysLeft, maxShipments, shipmentsUsed } = subscription;
  const unlimited = maxShipments < 0;
  const share = unlimited || maxShipments === 0 ? 0 : Math.min(100, (shipmentsUsed / maxShipments) * 100);
  const headline =
    status === "trial"
      ? `Пробный период: осталось ${days(daysLeft)}`
      : status === "active"
        ? `Тариф «${planName}»`
        : "Подписка закончилась";
  const detail =
    status === "trial"
      ? `Возможности тарифа «${planName}» до ${longDate.format(new Date(subscription.trialEndsAt))}. Выберите тариф, чтобы продолжить работу без перерыва.`
      : status === "active" && subscription.currentPeriodEnd
        ? `Оплачен до ${longDate.format(new Date(subscription.currentPeriodEnd))} (${days(daysLeft)}).`
        : "Новые заказы не загружаются. Выберите тариф, чтобы продолжить.";
  return (
    <section
      aria-labelledby="subscription-title"
      className={`space-y-3 rounded-xl p-5 ring-1 ${status === "expired" ? "bg-red-50 ring-red-200" : "bg-white ring-slate-200"}`}
      data-testid="subscription-block"
      data-status={status}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Подписка</p>
          <h2 id="subscription-title" className="text-lg font-semibold">
            {headline}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{detail}</p>
        </div>
        <Link
          to={paymentHref}
          className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {status === "active" ? "Сменить или продлить тариф" : "Выбрать тариф"}
        </Link>
      </div>
      <div>
        <p className="text-sm text-slate-700">
          Рейсов в этом месяце: {formatNumber(shipmentsUsed)}
          {unlimited ? " (без ограничений)" : ` из ${formatNumber(maxShipments)}`}
        </p>
        {unlimited ? null : (
          <div
            role="progressbar"
            aria-label="Рейсы в этом месяце"
            aria-valuemin={0}
            aria-valuemax={maxShipments}
            aria-valuenow={Math.min(shipmentsUsed, maxShipments)}
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div
              className={`h-full rounded-full ${share >= 100 ? "bg-red-500" : share >= 80 ? "bg-amber-500" : "bg-brand-600"}`}
              style={{ width: `${share}%` }}
            />
          </div>
        )}
      </div>
    </section>
  );
}
