import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { paymentHref, paymentOfferFor, subscriptionView } from "../../workers/core/billing/subscriptions";
import type { DashboardFigures } from "../../workers/core/dashboard/dashboard";
import { dashboardPage } from "../../workers/core/dashboard/page";
import { achievementsFor } from "../../workers/core/onboarding/achievements";
import type { loader as appLoader } from "./_app";
import { TrendChart, formatInteger } from "~/components/charts";
import { changeText, changeTone, percentText, rubles, weekLabel } from "~/components/crm/presentation";
import { SubscriptionBlock } from "~/components/dashboard/subscription-block";
import { AchievementsPanel } from "~/components/onboarding/achievements";
import { Hint, OnboardingChecklist } from "~/components/onboarding/checklist";
import { OnboardingTour } from "~/components/onboarding/tour";
import { LoadError } from "~/components/ui/load-error";
import { StatCard } from "~/components/ui/stat-card";
import { track } from "~/lib/analytics";
import { useMayOpen } from "~/lib/company-role";
import { formatNumber, plural } from "~/lib/format";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Главная — Рейс" }];

export const DASHBOARD_FAILED = "Не удалось загрузить данные дашборда";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const member = { userId: user.id, companyId: user.company.id };
  const now = Date.now();
  // The figures, the plan block and the user's onboarding in one round trip (decision 0075).
  const page = await dashboardPage(context.db, member, now).catch((error: unknown) => {
    console.error("dashboard read failed", error);
    return null;
  });
  if (!page) {
    // The plan block is read on its own: it still shows beside the figures' error.
    const plan = await planBlock(context.db, member.companyId, now);
    return { figures: null, onboarding: null, achievements: null, ...plan };
  }
  const { onboarding } = page;
  const achievements = await achievementsFor(
    context.db,
    member,
    onboarding,
    page.figures.efficiency.percent,
    now,
  ).catch((error: unknown) => {
    console.error("achievements not kept", error);
    return null;
  });
  return {
    figures: page.figures,
    onboarding: onboarding.state,
    achievements,
    subscription: page.subscription,
    paymentHref: page.paymentHref,
  };
}

async function planBlock(db: LoaderFunctionArgs["context"]["db"], companyId: string, now: number) {
  const [subscription, offer] = await Promise.all([
    subscriptionView(db, companyId, now),
    paymentOfferFor(db, companyId),
  ]);
  return { subscription, paymentHref: subscription ? paymentHref(subscription, offer) : "/payment" };
}

/** The dashboard's events (spec 1 §3, section "dashboard"). */
const trackDashboard = (action: string, label?: string) =>
  track({ eventType: "dashboard", eventCategory: "dashboard", eventAction: action, eventLabel: label });

const card = "rounded-xl bg-white p-4 ring-1 ring-slate-200";
/** The clients card's window (workers/core/dashboard CLIENT_DAYS, not imported: server code). */
const CLIENT_DAYS_TEXT = "90 дней";
const monthName = new Intl.DateTimeFormat("ru-RU", { month: "long", timeZone: "UTC" });

const count = (n: number, forms: [string, string, string]) => `${formatNumber(n)} ${plural(n, forms)}`;

function StatCards({ figures }: { figures: DashboardFigures }) {
  const { activeTrips, clients, monthIncome, efficiency } = figures;
  const month = monthName.format(new Date(`${monthIncome.month}-01T00:00:00Z`));
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-tour="dashboard-cards">
      <StatCard testId="dashboard-stat" title="Активные рейсы" value={formatNumber(activeTrips.count)}>
        <p>В пути: {formatNumber(activeTrips.inTransit)}</p>
        <p className={activeTrips.overdue > 0 ? "font-medium text-amber-700" : undefined}>
          Срок доставки прошёл: {formatNumber(activeTrips.overdue)}
        </p>
      </StatCard>
      <StatCard testId="dashboard-stat" title="Клиенты" value={formatNumber(clients.count)}>
        <p>
          {clients.count > 0
            ? `С заказами за ${CLIENT_DAYS_TEXT}, ${count(clients.platforms, ["платформа", "платформы", "платформ"])}`
            : `За ${CLIENT_DAYS_TEXT} заказов не было`}
        </p>
      </StatCard>
      <StatCard testId="dashboard-stat" title={`Доход за ${month}`} value={rubles(monthIncome.amount)}>
        {monthIncome.change === null ? (
          <p className="text-slate-500">В прошлом месяце к этому дню дохода не было</p>
        ) : (
          <p>
            <span className={`font-medium ${changeTone(monthIncome.change)}`}>
              {changeText(monthIncome.change)}
            </span>{" "}
            <span className="text-slate-500">к тому же дню прошлого месяца</span>
          </p>
        )}
        <p>Получено на счёт: {rubles(monthIncome.receivedToAccount)}</p>
      </StatCard>
      <StatCard
        testId="dashboard-stat"
        title="Эффективность"
        value={efficiency.percent === null ? "—" : percentText(efficiency.percent)}
      >
        <p>
          {efficiency.due > 0
            ? `Доставлено ${formatNumber(efficiency.delivered)} из ${count(efficiency.due, ["рейса", "рейсов", "рейсов"])} со сроком за 30 дней`
            : "За 30 дней рейсов со сроком доставки не было"}
        </p>
      </StatCard>
    </div>
  );
}

function StartHint() {
  const link =
    "inline-flex rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";
  return (
    <section
      aria-label="С чего начать"
      className="rounded-xl bg-brand-50 p-5 ring-1 ring-brand-200"
      data-testid="dashboard-start"
    >
      <h2 className="font-medium text-slate-900">Здесь появятся ваши рейсы и доход</h2>
      <p className="mt-1 text-sm text-slate-700">
        Подключите платформу заказчика или ЭДО — заказы загрузятся сами, и цифры на этой странице оживут.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Link to="/platforms" className={link} onClick={() => trackDashboard("start_clicked", "platforms")}>
          Подключить платформу
        </Link>
        <Link to="/edo" className={link} onClick={() => trackDashboard("start_clicked", "edo")}>
          Подключить ЭДО
        </Link>
      </div>
    </section>
  );
}

function WeeklyCharts({ figures }: { figures: DashboardFigures }) {
  const label = (weekStart: string) => weekLabel(weekStart);
  return (
    <section className={`${card} space-y-3`} aria-label="Доход и рейсы по неделям">
      <div className="grid gap-6 lg:grid-cols-2">
        <TrendChart
          title="Доход по неделям"
          data={figures.weeks.map((week) => ({ label: label(week.weekStart), value: week.income }))}
          labelHeader="Неделя с"
          valueHeader="Доход"
          format={rubles}
        />
        <TrendChart
          title="Рейсы по неделям"
          data={figures.weeks.map((week) => ({ label: label(week.weekStart), value: week.trips }))}
          labelHeader="Неделя с"
          valueHeader="Рейсы"
          format={formatInteger}
        />
      </div>
      <p className="text-xs text-slate-500">
        Доставленные рейсы по неделе их доставки (с понедельника по воскресенье, по Москве); последняя неделя
        — текущая.
      </p>
    </section>
  );
}

export default function Dashboard() {
  const data = useRouteLoaderData<typeof appLoader>("routes/_app");
  const { figures, subscription, paymentHref, onboarding, achievements } = useLoaderData<typeof loader>();
  // The plan is the director's to choose and pay (decision 0077).
  const mayPay = useMayOpen()("/payment");
  const failed = figures === null;
  useEffect(() => {
    if (failed) trackDashboard("load_failed", DASHBOARD_FAILED);
    else trackDashboard("page_viewed");
  }, [failed]);
  return (
    <div className="max-w-6xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Добро пожаловать, {data?.user.firstName}!</h1>
        <p className="text-slate-600">{data?.user.companyName}</p>
      </div>
      {figures === null ? (
        <LoadError title={DASHBOARD_FAILED} href="/dashboard" />
      ) : (
        <>
          {figures.empty ? <StartHint /> : null}
          <StatCards figures={figures} />
          {onboarding ? (
            <Hint hintKey="dashboard-figures" seed={onboarding}>
              Цифры на карточках считаются по вашим заказам с платформ и из ЭДО и обновляются после каждой
              синхронизации. Эффективность — доля доставленных рейсов из тех, чей срок доставки прошёл за 30
              дней.
            </Hint>
          ) : null}
          <WeeklyCharts figures={figures} />
        </>
      )}
      {onboarding ? <OnboardingChecklist seed={onboarding} /> : null}
      {achievements ? <AchievementsPanel achievements={achievements} /> : null}
      {onboarding ? <OnboardingTour autoStart={!onboarding.tourDone} /> : null}
      {subscription && mayPay ? (
        <SubscriptionBlock subscription={subscription} paymentHref={paymentHref} />
      ) : null}
    </div>
  );
}
