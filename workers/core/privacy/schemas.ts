import { z } from "zod";
import { loginPasswordField } from "../validation/fields";

/** Account deletion (decision 0079): the current password confirms it. */
export const accountDeletionSchema = z.object({ password: loginPasswordField });
