import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as appLoader } from "./_app";

export const meta: MetaFunction = () => [{ title: "Главная — Рейс" }];

export default function Dashboard() {
  const data = useRouteLoaderData<typeof appLoader>("routes/_app");
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-semibold">Добро пожаловать, {data?.user.firstName}!</h1>
      <p className="text-slate-600">{data?.user.companyName}</p>
    </div>
  );
}
