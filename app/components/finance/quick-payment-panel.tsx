import { Link, useLocation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button, Spinner } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { formatNumber, formatRub } from "~/lib/format";
import { trackFinance, type FinanceSection } from "./finance-analytics";
import {
  flowErrorOf,
  parseRubles,
  postApi,
  type FlowError,
  type QuickPaymentAccepted,
  type QuickPaymentCalculation,
} from "./quick-payment-flow";
import { SoundToggle, useSoundPreference } from "./sound";
import { SuccessOverlay } from "./success-overlay";

/** The order a quick payment is asked for, as the page that lists it knows it. */
export type QuickPaymentTarget = {
  orderId: string;
  /** How people know the order: «№ 2025-0142». */
  label: string;
  platform: string;
  /**
   * The order's own amount, rubles; null for an EDO order whose documents carry no price: the
   * carrier states the contract amount in the panel.
   */
  amount: number | null;
  edoInfo: unknown;
};

const rub = (rubles: number) => formatRub(Math.round(rubles * 100));

function Row({ term, children, strong = false }: { term: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-1.5">
      <dt className="text-slate-600">{term}</dt>
      <dd className={`text-right ${strong ? "text-lg font-semibold text-slate-900" : "font-medium"}`}>
        {children}
      </dd>
    </div>
  );
}

function ErrorBlock({ error }: { error: FlowError }) {
  const location = useLocation();
  const signIn = error.title === "Ошибка авторизации";
  return (
    <div role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
      <p className="font-medium">{error.title}</p>
      <p className="mt-0.5">{error.detail}</p>
      {signIn ? (
        <Link
          to={`/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`}
          className="mt-2 inline-block font-medium underline"
        >
          Войти
        </Link>
      ) : null}
    </div>
  );
}

function AmountStep({ onAmount }: { onAmount: (rubles: number) => void }) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="mt-4 space-y-3"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const kopecks = parseRubles(text);
        if (kopecks === null)
          setProblem("Укажите сумму в рублях больше нуля, копейки — не больше двух знаков");
        else onAmount(kopecks / 100);
      }}
    >
      <p className="text-sm text-slate-600">
        В документах ЭДО нет стоимости перевозки. Укажите сумму по договору с заказчиком — она будет сверена с
        документами рейса.
      </p>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          Сумма по договору, ₽
        </label>
        <input
          id={inputId}
          data-autofocus=""
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          placeholder="85 000,00"
          className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${problem ? "border-red-500" : "border-slate-300"}`}
        />
        {problem ? (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-600">
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit">Рассчитать</Button>
    </form>
  );
}

/**
 * The confirmation panel (spec 3 §2, §4): the server's calculation, consent, confirm or cancel.
 * Confirm stays disabled until consent is given and while the request runs; Escape, the cross
 * and «Отмена» close it, focus stays inside and returns to the button that opened it.
 */
function QuickPaymentPanel({
  target,
  section,
  onClose,
  onProcessing,
  onAccepted,
}: {
  target: QuickPaymentTarget;
  section: FinanceSection;
  onClose: () => void;
  onProcessing: (processing: boolean) => void;
  onAccepted: (answer: QuickPaymentAccepted) => void;
}) {
  const consentId = useId();
  const [amount, setAmount] = useState<number | null>(target.amount);
  const [calculation, setCalculation] = useState<QuickPaymentCalculation | null>(null);
  const [calculateError, setCalculateError] = useState<FlowError | null>(null);
  const [consentAt, setConsentAt] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<FlowError | null>(null);
  const [soundOn, setSoundOn] = useSoundPreference();
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (amount === null) return;
    const controller = new AbortController();
    setCalculation(null);
    setCalculateError(null);
    postApi<QuickPaymentCalculation>(
      "/api/factoring/calculate-quick-payment",
      { orderId: target.orderId, amount },
      controller.signal,
    )
      .then((answer) => {
        if (answer.body?.success) setCalculation(answer.body.data);
        else setCalculateError(flowErrorOf("calculate", answer));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [amount, target.orderId]);

  async function confirm() {
    if (!calculation || consentAt === null || submitting) return;
    setSubmitting(true);
    setSubmitError(null);
    onProcessing(true);
    const answer = await postApi<QuickPaymentAccepted>("/api/factoring/quick-payment", {
      orderId: target.orderId,
      amount: calculation.totalAmount,
      platform: target.platform,
      edoInfo: target.edoInfo ?? undefined,
      userConsent: { accepted: true, timestamp: consentAt },
    });
    onProcessing(false);
    if (answer.status === 201 && answer.body?.success) {
      trackFinance(section, "quick_payment_confirmed", target.orderId, {
        feeRate: answer.body.data.feeRate,
        amount: calculation.totalAmount,
      });
      onAccepted(answer.body.data);
      return;
    }
    const error = flowErrorOf("request", answer);
    trackFinance(section, "quick_payment_failed", target.orderId, {
      status: answer.status,
      error: error.detail,
    });
    if (mounted.current) {
      setSubmitting(false);
      setSubmitError(error);
    }
  }

  const loading = amount !== null && !calculation && !calculateError;
  return (
    <Modal
      title={`Быстрая оплата заказа ${target.label}`}
      description="Продажа права требования оплаты: деньги сейчас, за вычетом комиссии."
      onClose={onClose}
    >
      {amount === null ? <AmountStep onAmount={setAmount} /> : null}
      {loading ? (
        <div className="mt-6 flex justify-center">
          <Spinner label="Рассчитываем комиссию…" />
        </div>
      ) : null}
      {calculateError ? <ErrorBlock error={calculateError} /> : null}
      {calculation ? (
        <div className="mt-4" data-testid="quick-payment-calculation">
          <dl className="divide-y divide-slate-100 text-sm">
            <Row term="Сумма заказа">{rub(calculation.totalAmount)}</Row>
            <Row term="Ставка комиссии">{formatNumber(calculation.commissionRate)} %</Row>
            <Row term="Комиссия">{rub(calculation.commissionAmount)}</Row>
            <Row term="К выплате" strong>
              {rub(calculation.netAmount)}
            </Row>
            <Row term="Срок выплаты">в течение 24 часов после проверки документов</Row>
            <Row term="В пересчёте на год">
              ≈ {formatNumber(calculation.annualRate)} % годовых при отсрочке {calculation.deferralDays} дн.
            </Row>
          </dl>
          <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
            Без резерва, без минимального объёма, без договора
          </p>
          <p className="mt-2 text-sm text-slate-600">{calculation.terms}</p>
          <div className="mt-4 flex items-start gap-2">
            <input
              id={consentId}
              type="checkbox"
              className="mt-1 size-4 rounded border-slate-300"
              checked={consentAt !== null}
              disabled={submitting}
              onChange={(event) => setConsentAt(event.target.checked ? Date.now() : null)}
            />
            <label htmlFor={consentId} className="text-sm text-slate-700">
              Согласен с условиями быстрой оплаты: уступаю право требования оплаты по заказу, комиссия
              удерживается из суммы (
              <a
                href="/terms#terms-factoring"
                target="_blank"
                rel="noreferrer"
                className="text-brand-600 underline"
              >
                условия
              </a>
              )
            </label>
          </div>
        </div>
      ) : null}
      {submitError ? <ErrorBlock error={submitError} /> : null}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
        <SoundToggle on={soundOn} onChange={setSoundOn} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="secondary" onClick={onClose}>
            Отмена
          </Button>
          <Button
            type="button"
            disabled={!calculation || consentAt === null || submitting}
            onClick={() => void confirm()}
          >
            {submitting ? "Отправляем запрос…" : "Подтвердить"}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * The quick-payment flow of a page (spec 3 §4): calculate, confirm with consent, submit, the
 * success animation. `open` shows the panel for an order; `isProcessing` is true for an order
 * whose request is running; `element` renders the panel and the overlay where the page puts it.
 */
export function useQuickPayment(section: FinanceSection) {
  const [target, setTarget] = useState<QuickPaymentTarget | null>(null);
  const [processing, setProcessing] = useState<ReadonlySet<string>>(() => new Set());
  const [success, setSuccess] = useState<{ label: string; answer: QuickPaymentAccepted } | null>(null);
  const revalidator = useRevalidator();

  const open = useCallback(
    (order: QuickPaymentTarget) => {
      trackFinance(section, "quick_payment_opened", order.orderId);
      setTarget(order);
    },
    [section],
  );
  const isProcessing = useCallback((orderId: string) => processing.has(orderId), [processing]);

  const element = (
    <>
      {target ? (
        <QuickPaymentPanel
          key={target.orderId}
          target={target}
          section={section}
          onClose={() => {
            trackFinance(section, "quick_payment_cancelled", target.orderId);
            setTarget(null);
          }}
          onProcessing={(running) =>
            setProcessing((now) => {
              const next = new Set(now);
              if (running) next.add(target.orderId);
              else next.delete(target.orderId);
              return next;
            })
          }
          onAccepted={(answer) => {
            setTarget(null);
            setSuccess({ label: target.label, answer });
            void revalidator.revalidate();
          }}
        />
      ) : null}
      {success ? (
        <SuccessOverlay
          orderLabel={success.label}
          netAmount={success.answer.netAmount}
          feeRate={success.answer.feeRate}
          onClose={() => setSuccess(null)}
        />
      ) : null}
    </>
  );
  return { open, isProcessing, element };
}
