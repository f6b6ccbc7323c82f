import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Spinner } from "~/components/ui/button";
import { formatRub, plural } from "~/lib/format";
import type { ApiPayment, Envelope } from "../../workers/web/wiring";
import { requireCaller } from "~/lib/session.server";

export const meta: MetaFunction = () => [{ title: "Оплата — Рейс" }];

/** Spec 2 §8's texts for the return from the payment page. */
export const PAYMENT_RESULT_MESSAGES = {
  succeeded: "Платеж успешно обработан!",
  infoFailed: "Не удалось получить информацию о платеже",
  checkFailed: "Ошибка проверки статуса платежа",
} as const;

/** Spec 2 §9: the page goes to the dashboard 10 seconds after a successful payment. */
const REDIRECT_SECONDS = 10;
/** While the provider has not decided, the page asks again this often, for at most 2 minutes. */
const POLL_MS = 2_000;
const POLL_LIMIT_MS = 120_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireCaller(context, request);
  const paymentId = new URL(request.url).searchParams.get("payment_id")?.trim() || null;
  return { paymentId, supportEmail: context.cloudflare.env.SUPPORT_EMAIL };
}

type PaymentView = ApiPayment;

type State =
  | { status: "loading" }
  | { status: "error"; message: string; detail: string | null }
  | { status: "ready"; payment: PaymentView };

/** The payment as our API answers it; a failed answer is an Error with the right §8 text. */
async function fetchPayment(paymentId: string): Promise<PaymentView> {
  let response: Response;
  try {
    response = await fetch(`/api/payments/${encodeURIComponent(paymentId)}`, {
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    throw new PaymentLoadError(PAYMENT_RESULT_MESSAGES.checkFailed, null);
  }
  const body = (await response.json().catch(() => null)) as Envelope<PaymentView> | null;
  if (body?.success) return body.data;
  throw new PaymentLoadError(PAYMENT_RESULT_MESSAGES.infoFailed, body?.error ?? null);
}

class PaymentLoadError extends Error {
  constructor(
    message: string,
    readonly detail: string | null,
  ) {
    super(message);
  }
}

const amountOf = (payment: PaymentView) => formatRub(Math.round(Number(payment.amount.value) * 100));

/** The return page after the provider's checkout (spec 2 §2.7). */
export default function PaymentSuccess() {
  const { paymentId, supportEmail } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    paymentId
      ? { status: "loading" }
      : {
          status: "error",
          message: PAYMENT_RESULT_MESSAGES.infoFailed,
          detail: "В адресе нет номера платежа",
        },
  );
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);
  const announced = useRef(false);

  // Ask until the provider has decided (the webhook or the cron check may decide first).
  useEffect(() => {
    if (!paymentId) return;
    let stopped = false;
    const started = Date.now();
    const ask = async () => {
      try {
        const payment = await fetchPayment(paymentId);
        if (stopped) return;
        setState({ status: "ready", payment });
        const open = payment.status === "pending" || payment.status === "waiting_for_capture";
        if (open && Date.now() - started < POLL_LIMIT_MS) setTimeout(() => void ask(), POLL_MS);
      } catch (error) {
        if (stopped) return;
        const failure =
          error instanceof PaymentLoadError
            ? error
            : new PaymentLoadError(PAYMENT_RESULT_MESSAGES.checkFailed, null);
        setState({ status: "error", message: failure.message, detail: failure.detail });
        toast.error(failure.message);
      }
    };
    void ask();
    return () => {
      stopped = true;
    };
  }, [paymentId]);

  const succeeded = state.status === "ready" && state.payment.status === "succeeded";
  useEffect(() => {
    if (!succeeded) return;
    if (!announced.current) {
      announced.current = true;
      toast.success(PAYMENT_RESULT_MESSAGES.succeeded);
    }
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, [succeeded]);
  useEffect(() => {
    if (succeeded && secondsLeft === 0) navigate("/dashboard");
  }, [succeeded, secondsLeft, navigate]);

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      {state.status === "loading" ? (
        <p className="flex items-center gap-2 text-slate-600">
          <Spinner label="Проверка платежа" /> Проверяем платёж…
        </p>
      ) : state.status === "error" ? (
        <div role="alert" className="space-y-3 rounded-xl bg-red-50 p-5 text-red-800 ring-1 ring-red-200">
          <h1 className="text-xl font-semibold">{state.message}</h1>
          {state.detail ? <p className="text-sm">{state.detail}</p> : null}
          <Actions retryPlan={null} />
        </div>
      ) : (
        <PaymentResult payment={state.payment} secondsLeft={secondsLeft} />
      )}
      <p className="text-sm text-slate-600">
        Вопросы по оплате — пишите в поддержку:{" "}
        <a className="text-brand-600 hover:underline" href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
        . Ответим в течение рабочего дня.
      </p>
    </div>
  );
}

function PaymentResult({ payment, secondsLeft }: { payment: PaymentView; secondsLeft: number }) {
  if (payment.status === "canceled") {
    return (
      <div className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200" data-testid="payment-result">
        <h1 className="text-2xl font-semibold text-red-700">Платёж отменён</h1>
        <p>{payment.cancellation?.text ?? "Платёж не прошёл."} Деньги не списаны.</p>
        <Details payment={payment} statusText="Отменён" />
        <Actions retryPlan={payment.planId} />
      </div>
    );
  }
  if (payment.status !== "succeeded") {
    return (
      <div className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200" data-testid="payment-result">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <Spinner label="Ожидание" /> Платёж обрабатывается
        </h1>
        <p className="text-slate-600">
          Ждём подтверждения от платёжной системы — обычно это несколько секунд.
        </p>
        <Details payment={payment} statusText="В обработке" />
      </div>
    );
  }
  return (
    <div className="space-y-5 rounded-xl bg-white p-6 ring-1 ring-slate-200" data-testid="payment-result">
      <h1 className="text-2xl font-semibold text-green-700">Оплата прошла успешно</h1>
      <Details payment={payment} statusText="Оплачено" />
      <section>
        <h2 className="font-semibold">Что дальше</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          <li>Тариф «{payment.planName}» уже включён — все его возможности доступны.</li>
          <li>Подключите платформы заказчиков и ЭДО, если ещё не сделали этого.</li>
          <li>Чек об оплате придёт на вашу почту.</li>
        </ol>
      </section>
      <p role="timer" aria-live="off" className="text-sm text-slate-600">
        Переход в личный кабинет через {secondsLeft} {plural(secondsLeft, ["секунду", "секунды", "секунд"])}
      </p>
      <Actions retryPlan={null} />
    </div>
  );
}

function Details({ payment, statusText }: { payment: PaymentView; statusText: string }) {
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]" data-testid="payment-details">
      <dt className="text-slate-500">Сумма</dt>
      <dd className="font-semibold">{amountOf(payment)}</dd>
      <dt className="text-slate-500">Назначение</dt>
      <dd>{payment.description}</dd>
      <dt className="text-slate-500">Номер платежа</dt>
      <dd className="font-mono text-xs break-all">{payment.id}</dd>
      <dt className="text-slate-500">Статус</dt>
      <dd data-testid="payment-status">{statusText}</dd>
    </dl>
  );
}

function Actions({ retryPlan }: { retryPlan: string | null }) {
  const link = "inline-flex items-center justify-center rounded-lg px-4 py-2 font-medium";
  return (
    <div className="flex flex-wrap gap-2">
      {retryPlan ? (
        <Link
          to={`/payment?plan=${encodeURIComponent(retryPlan)}`}
          className={`${link} bg-brand-600 text-white hover:bg-brand-700`}
        >
          Попробовать снова
        </Link>
      ) : null}
      <Link
        to="/dashboard"
        className={`${link} ${retryPlan ? "bg-white ring-1 ring-slate-300 hover:bg-slate-50" : "bg-brand-600 text-white hover:bg-brand-700"}`}
      >
        В личный кабинет
      </Link>
      <Link to="/dashboard/orders" className={`${link} bg-white ring-1 ring-slate-300 hover:bg-slate-50`}>
        К заказам
      </Link>
    </div>
  );
}
