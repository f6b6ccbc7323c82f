// /profile (issue 25 item 5, decision 0078) for every signed-in user. An index route, so that
// pages below it (/profile/data) are siblings and not drawn inside this one.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/profile/profile-page";
import { PageLoadError } from "~/components/ui/load-error";
import { profileAction, profileLoader } from "~/lib/profile.server";

export const meta: MetaFunction = () => [{ title: "Профиль — Рейс" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => profileLoader(context, request);

export const action = ({ request, context }: ActionFunctionArgs) => profileAction(context, request);

export default function Profile() {
  return <ProfilePage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <PageLoadError heading="Профиль" title="Не удалось загрузить профиль" href="/profile" />;
}
