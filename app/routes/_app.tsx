import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { layoutData } from "../../workers/core/layout";
import { EmailConfirmationBanner } from "~/components/auth/email-confirmation-banner";
import { FeedbackButton } from "~/components/feedback/feedback-dialog";
import { AppShell } from "~/components/layout/app-shell";
import { plural } from "~/lib/format";
import { signedInCaller } from "~/lib/session.server";

/** The guard and layout of every signed-in page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // The role in the company and the address's confirmation come with the session (decisions
  // 0076, 0077): nothing to read again.
  const { user, companyRole, emailConfirmed } = signedInCaller(context, request);
  const layout = await layoutData(context.db, user.company.id, Date.now());
  return {
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      companyRole,
      companyName: user.company.name,
    },
    emailConfirmed,
    ...layout,
  };
}

/**
 * Filtering or paging a list (the same page, another query) keeps the layout's data: the user
 * the new-orders badge and the EDO indicator are not read again for every filter change. A submission, another
 * page or an explicit revalidation (the same URL, as after a sync) reads them again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
    ? false
    : defaultShouldRevalidate;

export default function SignedInLayout() {
  const { user, newOrders, edo, emailConfirmed } = useLoaderData<typeof loader>();
  const ordersBadge = {
    count: newOrders,
    description: `${newOrders} ${plural(newOrders, ["новый заказ", "новых заказа", "новых заказов"])}`,
  };
  return (
    <AppShell user={user} edo={edo} badges={{ "/dashboard/orders": ordersBadge }}>
      {emailConfirmed ? null : <EmailConfirmationBanner email={user.email} />}
      <Outlet />
      <FeedbackButton author={user} />
    </AppShell>
  );
}
