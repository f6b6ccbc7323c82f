import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { readPaymentStatus } from "../../workers/core/billing/payments";
import { Spinner } from "~/components/ui/button";
import { depsOf } from "~/lib/deps.server";
import { ownHeaders } from "~/lib/route-headers";
import { PAYMENT_SUCCESS_PATH } from "~/lib/payment-pages";

export const meta: MetaFunction = () => [
  { title: "Результат оплаты — Рейс" },
  { name: "robots", content: "noindex" },
];

/** Our payment ids are random UUIDs (createPayment): anything else is not looked up. */
const PAYMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** While the provider has not decided, the page asks again this often, for at most 2 minutes. */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 120_000;

/**
 * /payment/success for a payer without a session (decision 0070): the session ended during
 * 3-D Secure, or the payment was made on another device. The payment id of the provider's
 * return URL tells its status and nothing else; signed in, the full page is shown instead.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (context.caller) throw redirect(`${PAYMENT_SUCCESS_PATH}${url.search}`);
  const paymentId = url.searchParams.get("payment_id")?.trim().toLowerCase() ?? "";
  const status = PAYMENT_ID.test(paymentId)
    ? await readPaymentStatus(depsOf(context).payments(), paymentId)
    : null;
  const back = paymentId
    ? `${PAYMENT_SUCCESS_PATH}?${new URLSearchParams({ payment_id: paymentId })}`
    : PAYMENT_SUCCESS_PATH;
  return data(
    { status, signIn: `/login?${new URLSearchParams({ redirectTo: back })}` },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const headers = ownHeaders;

type Status = Awaited<ReturnType<typeof readPaymentStatus>>;

const OUTCOMES: Record<NonNullable<Status> | "unknown", { title: string; text: string; tone: string }> = {
  succeeded: {
    title: "Оплачено",
    text: "Платёж прошёл, тариф уже включён. Войдите, чтобы увидеть подробности оплаты.",
    tone: "text-green-700",
  },
  pending: {
    title: "В обработке",
    text: "Ждём подтверждения от платёжной системы — обычно это несколько секунд.",
    tone: "text-slate-900",
  },
  waiting_for_capture: {
    title: "В обработке",
    text: "Ждём подтверждения от платёжной системы — обычно это несколько секунд.",
    tone: "text-slate-900",
  },
  canceled: {
    title: "Платёж отменён",
    text: "Деньги не списаны. Войдите, чтобы узнать причину и попробовать снова.",
    tone: "text-red-700",
  },
  unknown: {
    title: "Не удалось получить информацию о платеже",
    text: "Платеж не найден. Проверьте ссылку или войдите в личный кабинет.",
    tone: "text-red-700",
  },
};

export default function PaymentResult() {
  const { status, signIn } = useLoaderData<typeof loader>();
  const outcome = OUTCOMES[status ?? "unknown"];
  const open = status === "pending" || status === "waiting_for_capture";
  const revalidator = useRevalidator();
  const started = useRef(Date.now());

  // Ask again until the provider has decided (its notification or the cron check may decide first).
  useEffect(() => {
    if (!open || revalidator.state !== "idle" || Date.now() - started.current > POLL_LIMIT_MS) return;
    const timer = setTimeout(() => revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [open, revalidator]);

  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-6 px-4 py-10">
      <a href="/" className="text-xl font-bold text-brand-700">
        Рейс
      </a>
      <section
        className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200"
        data-testid="payment-result"
      >
        <p className="text-sm text-slate-500">Результат оплаты</p>
        <h1 className={`flex items-center gap-2 text-2xl font-semibold ${outcome.tone}`}>
          {open ? <Spinner label="Ожидание" /> : null}
          <span data-testid="payment-status">{outcome.title}</span>
        </h1>
        <p className="text-slate-700">{outcome.text}</p>
        <Link
          to={signIn}
          className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Войти
        </Link>
      </section>
      <p className="text-sm text-slate-600">
        Сеанс мог закончиться, пока банк подтверждал оплату, или вы платили с другого устройства: после входа
        откроется подробный результат.
      </p>
    </main>
  );
}
