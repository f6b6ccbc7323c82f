import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { confirmEmail, requestEmailConfirmation } from "../../workers/core/auth/email-links";
import { statusOf } from "../../workers/web/wiring";
import { AuthCard } from "~/components/auth/auth-card";
import { LinkRefused } from "~/components/auth/link-refused";
import { Button } from "~/components/ui/button";
import { linkDepsOf, linkPageData, originOf } from "~/lib/email-links.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [
  { title: "Подтверждение email — Рейс" },
  { name: "robots", content: "noindex" },
];

const SIGN_IN = { to: "/login", label: "Войти и запросить письмо ещё раз" };

/**
 * The confirmation link's page. Opening it confirms nothing by itself (mail scanners open links
 * too): the button does.
 */
export const loader = ({ request, context }: LoaderFunctionArgs) =>
  linkPageData(context, request, "email_confirmation");

/**
 * `token`: confirms the address. `intent=resend` (the signed-in banner): sends the letter again
 * and goes back to `redirectTo`.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") === "resend") {
    const { user } = requireCaller(context, request);
    const outcome = await requestEmailConfirmation(linkDepsOf(context), {
      userId: user.id,
      origin: originOf(request),
    });
    const back = safeRedirect(String(form.get("redirectTo") ?? ""), request.url);
    return redirect(back, {
      headers: await toastHeaders({ type: outcome.ok ? "success" : "error", message: outcome.message }),
    });
  }
  const outcome = await confirmEmail(context.db, String(form.get("token") ?? ""), Date.now());
  if (!outcome.ok) return data({ refused: outcome.message }, { status: statusOf(outcome.reason) });
  // Signed out, the dashboard's guard leads through /login; the toast waits for the next page.
  return redirect("/dashboard", {
    headers: await toastHeaders({ type: "success", message: outcome.message }),
  });
}

export default function ConfirmEmail() {
  const { token, email, refused } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const why = answer?.refused ?? refused;
  if (why) return <LinkRefused title="Ссылка не работает" message={why} retry={SIGN_IN} />;
  return (
    <AuthCard title="Подтверждение email" subtitle={`Подтвердите, что адрес ${email} ваш.`} footer={null}>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          Подтвердить адрес
        </Button>
      </Form>
    </AuthCard>
  );
}
