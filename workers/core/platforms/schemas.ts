// The connect-platform form's schema, shared by the page (in the browser too), its action and
// the API: kept apart from the services so no database code reaches the browser bundle.
import { z } from "zod";
import { PLATFORM_IDS } from "../../../db/vocabulary";

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: `Не длиннее ${max} символов` });

/** The new-connection payload (spec 1 §3) with the §5 messages. */
export const newConnectionSchema = z.object({
  platform_id: z.enum(PLATFORM_IDS, { error: "Выберите платформу" }),
  connection_name: requiredText("Введите название подключения", 100),
  credentials: z.object(
    {
      username: requiredText("Введите логин", 200),
      // Passwords are taken as typed: spaces may be part of them.
      password: z
        .string({ error: "Введите пароль" })
        .min(1, { error: "Введите пароль" })
        .max(200, { error: "Не длиннее 200 символов" }),
    },
    { error: "Введите логин и пароль" },
  ),
});
export type NewConnection = z.output<typeof newConnectionSchema>;
