import { Form, useLocation } from "@remix-run/react";

/**
 * Above every signed-in page while the user's address is unconfirmed (decision 0073): the
 * account works, but payouts (and later invitations) wait for the confirmation.
 */
export function EmailConfirmationBanner({ email }: { email: string }) {
  const location = useLocation();
  return (
    <div
      role="status"
      data-testid="email-confirmation-banner"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <span>
        Подтвердите адрес <b>{email}</b>: мы отправили на него письмо со ссылкой. Без подтверждения нельзя
        получать выплаты и приглашать коллег.
      </span>
      <Form method="post" action="/confirm-email">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" className="font-medium text-brand-700 underline hover:no-underline">
          Отправить письмо ещё раз
        </button>
      </Form>
    </div>
  );
}
