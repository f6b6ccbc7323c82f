import { Link } from "@remix-run/react";
import { AuthCard } from "./auth-card";

/** An e-mail link that cannot be used (unknown, expired, used): why, and where to get a new one. */
export function LinkRefused({
  title,
  message,
  retry,
}: {
  title: string;
  message: string;
  retry: { to: string; label: string };
}) {
  return (
    <AuthCard
      title={title}
      footer={
        <Link to="/login" className="font-medium text-brand-600 hover:underline">
          Ко входу
        </Link>
      }
    >
      <p
        role="alert"
        data-testid="link-refused"
        className="mt-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-900"
      >
        {message}
      </p>
      <p className="mt-4 text-sm">
        <Link to={retry.to} className="font-medium text-brand-600 hover:underline">
          {retry.label}
        </Link>
      </p>
    </AuthCard>
  );
}
