import { useLocation, useNavigation, useRevalidator } from "@remix-run/react";

/** The page's own data is being read again: «Обновить», a filter or a page of the same list. */
export function useReloading(): boolean {
  const location = useLocation();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  return (
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === location.pathname)
  );
}
