import { parseWithZod } from "@conform-to/zod/v4";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import {
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, useRef } from "react";
import { toast } from "sonner";
import {
  DEFAULT_LINK_SOURCE,
  loadedLinksMessage,
  PARTNER_LINK_MESSAGES,
  partnerLinkSchema,
} from "../../workers/core/partners/link-schema";
import { generateLink, listLinks } from "../../workers/core/partners/links";
import { CreateLinkDialog } from "~/components/partners/create-link-dialog";
import { LinkStats } from "~/components/partners/link-stats";
import { LinksTable } from "~/components/partners/links-table";
import { LoadError } from "~/components/ui/load-error";
import { requireCaller } from "~/lib/session.server";
import { toastHeaders } from "~/lib/toast.server";

export const meta: MetaFunction = () => [{ title: "Партнерские ссылки — Рейс" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = requireCaller(context, request);
  return listLinks(context.db, user.company.id, new URL(request.url).origin);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = requireCaller(context, request);
  const formData = await request.formData();
  if (formData.get("intent") !== "create") return data({ result: undefined }, { status: 400 });

  const submission = parseWithZod(formData, { schema: partnerLinkSchema });
  const reply = async (status: number, toastMessage: string, formErrors?: string[]) =>
    data(
      { result: submission.reply({ formErrors }) },
      { status, headers: await toastHeaders({ type: "error", message: toastMessage }) },
    );
  if (submission.status !== "success") return reply(400, PARTNER_LINK_MESSAGES.fixForm);

  let result;
  try {
    result = await generateLink(
      context.db,
      { companyId: user.company.id, companyName: user.company.name, userId: user.id },
      { ...submission.value, source: DEFAULT_LINK_SOURCE },
      Date.now(),
    );
  } catch (error) {
    console.error("partners: link not created", error);
    return reply(500, PARTNER_LINK_MESSAGES.createError);
  }
  if (!result.ok) return reply(429, PARTNER_LINK_MESSAGES.createFailed, [PARTNER_LINK_MESSAGES.tooMany]);
  return redirect("/partners", {
    headers: await toastHeaders({ type: "success", message: PARTNER_LINK_MESSAGES.created }),
  });
}

/** Opening or closing the dialog (only the search changes) needs no fresh data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const dialogOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return dialogOnly ? false : defaultShouldRevalidate;
};

const createButton =
  "inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-medium text-white transition hover:bg-brand-700 sm:w-auto";

export default function Partners() {
  const { leads, stats } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();

  // «Загружено N партнерских ссылок» once per visit, not after every create.
  const announced = useRef(false);
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    toast.info(loadedLinksMessage(leads.length));
  }, [leads.length]);

  // The dialog lives in the URL, so it opens without JavaScript and «Назад» closes it.
  const creating = searchParams.get("create") !== null;
  const closeHref = location.pathname;
  const closeDialog = () => {
    if ((location.state as { modal?: boolean } | null)?.modal) navigate(-1);
    else navigate(closeHref, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="max-w-6xl space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Партнерские ссылки</h1>
          <p className="mt-1 text-sm text-slate-600">
            Пригласите компанию на платформу: по ссылке откроется быстрая регистрация с её данными.
          </p>
        </div>
        <Link to="?create=1" preventScrollReset state={{ modal: true }} className={createButton}>
          Создать ссылку
        </Link>
      </div>

      <LinkStats stats={stats} />
      <LinksTable leads={leads} />

      {creating ? (
        <CreateLinkDialog lastResult={actionData?.result} closeHref={closeHref} onClose={closeDialog} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-2xl font-semibold">Партнерские ссылки</h1>
      <LoadError title={PARTNER_LINK_MESSAGES.loadFailed} href="/partners" />
    </div>
  );
}
