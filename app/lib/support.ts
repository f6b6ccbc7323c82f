/** Where users write about payments and accounts: one place, so a change of address is one edit. */
export const SUPPORT_EMAIL = "support@reys.ru";
