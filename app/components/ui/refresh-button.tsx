import { useRevalidator } from "@remix-run/react";
import { useReloading } from "~/lib/use-reloading";
import { Button } from "./button";

/** «Обновить»: reads the page's data again; disabled while it is being read. */
export function RefreshButton() {
  const revalidator = useRevalidator();
  return (
    <Button
      type="button"
      variant="secondary"
      disabled={useReloading()}
      onClick={() => void revalidator.revalidate()}
    >
      Обновить
    </Button>
  );
}
