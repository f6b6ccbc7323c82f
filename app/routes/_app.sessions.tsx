// /sessions joined the profile (decision 0078): the same page, so links and bookmarks to the
// sessions list keep working and its forms post here as before.
import type { MetaFunction } from "@remix-run/cloudflare";

export { action, default, ErrorBoundary, loader } from "./_app.profile._index";

export const meta: MetaFunction = () => [{ title: "Профиль и сеансы — Рейс" }];
