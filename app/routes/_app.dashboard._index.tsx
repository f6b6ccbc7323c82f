import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { paymentHref, paymentOfferFor, subscriptionView } from "../../workers/core/billing/subscriptions";
import type { loader as appLoader } from "./_app";
import { SubscriptionBlock } from "~/components/dashboard/subscription-block";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Главная — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  const [subscription, offer] = await Promise.all([
    subscriptionView(context.db, user.company.id, Date.now()),
    paymentOfferFor(context.db, user.company.id),
  ]);
  return { subscription, paymentHref: subscription ? paymentHref(subscription, offer) : "/payment" };
}

export default function Dashboard() {
  const data = useRouteLoaderData<typeof appLoader>("routes/_app");
  const { subscription, paymentHref } = useLoaderData<typeof loader>();
  return (
    <div className="max-w-6xl space-y-6">
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Добро пожаловать, {data?.user.firstName}!</h1>
        <p className="text-slate-600">{data?.user.companyName}</p>
      </div>
      {subscription ? <SubscriptionBlock subscription={subscription} paymentHref={paymentHref} /> : null}
    </div>
  );
}
