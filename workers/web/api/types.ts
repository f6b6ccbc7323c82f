// What the API answers, as types derived from the operations' own answer schemas: the app's
// API client, its pages' fetches and the tests take them from here (through the wiring module)
// instead of copying them by hand.
import type { z } from "zod";
import type { signedInSchema, tokenPairSchema, userSchema } from "./auth";
import type { companySuggestionSchema } from "./companies";
import type { documentContentSchema, edoOrdersSyncSchema } from "./edo";
import type { healthSchema } from "./health";
import type { failureEnvelope } from "./operation";
import type { partnerLandingSchema } from "./partner-landing";
import type { createdPaymentSchema, paymentSchema } from "./payments";

export type ApiUser = z.output<typeof userSchema>;
export type TokenPair = z.output<typeof tokenPairSchema>;
export type SignedIn = z.output<typeof signedInSchema>;
export type Health = z.output<typeof healthSchema>;
export type ApiCompanySuggestion = z.output<typeof companySuggestionSchema>;
export type ApiDocumentContent = z.output<typeof documentContentSchema>;
export type ApiEdoOrdersSync = z.output<typeof edoOrdersSyncSchema>;
export type ApiPartnerLanding = z.output<typeof partnerLandingSchema>;
export type ApiCreatedPayment = z.output<typeof createdPaymentSchema>;
export type ApiPayment = z.output<typeof paymentSchema>;
export type ApiFailure = z.output<typeof failureEnvelope>;

/** The response envelope of every JSON call. */
export type Envelope<T> = { success: true; data: T; message?: string } | ApiFailure;
