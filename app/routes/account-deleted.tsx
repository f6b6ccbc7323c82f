// Where a deleted account lands, signed out (decision 0079): what happened and what happens next.
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { useEffect } from "react";
import { AuthCard } from "~/components/auth/auth-card";
import { KeptAfterDeletion } from "~/components/privacy/kept-after-deletion";
import { endAnalyticsSession } from "~/lib/analytics";

export const meta: MetaFunction = () => [
  { title: "Аккаунт удалён — Рейс" },
  { name: "robots", content: "noindex" },
];

export default function AccountDeleted() {
  // As a sign-out does (spec 1 §4): the next event starts a new, anonymous analytics session.
  useEffect(() => endAnalyticsSession(), []);
  return (
    <AuthCard
      title="Аккаунт удалён"
      footer={
        <Link to="/" reloadDocument className="font-medium text-brand-600 hover:underline">
          На главную
        </Link>
      }
    >
      <div className="mt-4 space-y-3 text-sm text-slate-700" data-testid="account-deleted">
        <p>Все сеансы завершены, ваш профиль и личные данные удалены. Войти с этим e-mail больше нельзя.</p>
        <KeptAfterDeletion />
      </div>
    </AuthCard>
  );
}
