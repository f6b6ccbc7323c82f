/**
 * The sandbox's payment page at `confirmation_url`: what YooKassa's own page does for a bank
 * card, in Russian, with inline styles only (no external assets).
 */

export type CheckoutView = {
  paymentId: string;
  shopId: string;
  amountKopecks: number;
  description: string | null;
  status: "pending" | "waiting_for_capture" | "succeeded" | "canceled";
  cancellationReason: string | null;
  returnUrl: string;
  /** Shown above the form after a refused card. */
  error?: string;
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** «2 990,00 ₽» */
export function rubles(kopecks: number): string {
  const whole = Math.floor(kopecks / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return `${whole},${String(kopecks % 100).padStart(2, "0")}\u00a0₽`;
}

const REASONS: Record<string, string> = {
  insufficient_funds: "недостаточно средств на карте",
};

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2328; margin: 0; }
  main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px;
         box-shadow: 0 1px 4px rgba(0,0,0,.08); }
  h1 { font-size: 20px; margin: 0 0 16px; }
  dl { margin: 0 0 20px; } dt { color: #656d76; font-size: 13px; } dd { margin: 0 0 10px; }
  .amount { font-size: 24px; font-weight: 600; }
  label { display: block; font-size: 14px; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 10px; font-size: 16px; border: 1px solid #d0d7de;
          border-radius: 8px; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  button { margin-top: 20px; width: 100%; padding: 12px; font-size: 16px; border: 0; border-radius: 8px;
           background: #2f6feb; color: #fff; cursor: pointer; }
  .error { background: #ffebe9; color: #82071e; padding: 10px; border-radius: 8px; }
  .hint { color: #656d76; font-size: 13px; margin-top: 20px; }
  a { color: #2f6feb; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function details(view: CheckoutView): string {
  const description = view.description ? `<dt>Назначение</dt><dd>${escapeHtml(view.description)}</dd>` : "";
  return `<dl>
  <dt>Магазин</dt><dd>Рейс (тестовый магазин ${escapeHtml(view.shopId)})</dd>
  <dt>Сумма</dt><dd class="amount">${rubles(view.amountKopecks)}</dd>
  ${description}
</dl>`;
}

function stateText(view: CheckoutView): string {
  if (view.status === "succeeded" || view.status === "waiting_for_capture") return "Платёж уже оплачен.";
  const reason = view.cancellationReason ? REASONS[view.cancellationReason] : undefined;
  return reason ? `Платёж отменён: ${reason}.` : "Платёж отменён.";
}

/** The card form for a pending payment, or the payment's state once it is not pending. */
export function checkoutPage(view: CheckoutView): string {
  const back = `<p><a href="${escapeHtml(view.returnUrl)}">Вернуться в магазин</a></p>`;
  if (view.status !== "pending") {
    return page("Оплата", `<h1>Оплата</h1>${details(view)}<p role="status">${stateText(view)}</p>${back}`);
  }
  const error = view.error ? `<p class="error" role="alert">${escapeHtml(view.error)}</p>` : "";
  return page(
    "Оплата банковской картой",
    `<h1>Оплата банковской картой</h1>
${details(view)}
${error}
<form method="post" action="/checkout/${encodeURIComponent(view.paymentId)}">
  <label for="card_number">Номер карты</label>
  <input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number"
         placeholder="0000 0000 0000 0000" required>
  <div class="row">
    <div><label for="expiry">Срок действия</label>
      <input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="ММ/ГГ"></div>
    <div><label for="cvc">CVC</label>
      <input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123"></div>
  </div>
  <button type="submit">Оплатить</button>
</form>
<p class="hint">Тестовый режим, деньги не списываются. Карта 5555 5555 5555 4477 — успешная оплата,
5555 5555 5555 4592 — отказ (недостаточно средств).</p>
${back}`,
  );
}

export function notFoundPage(): string {
  return page("Платёж не найден", "<h1>Платёж не найден</h1><p>Проверьте ссылку на оплату.</p>");
}
