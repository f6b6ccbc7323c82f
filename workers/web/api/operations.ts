import { analyticsOperations } from "./analytics";
import { authOperations } from "./auth";
import { banksOperations } from "./banks";
import { companiesOperations } from "./companies";
import { crmOperations } from "./crm";
import { edoOperations } from "./edo";
import { edoAnalyticsOperations } from "./edo-analytics";
import { edoGeoOperations } from "./edo-geo";
import { edoClientsOperations } from "./edo-clients";
import { edoTransportOperations } from "./edo-transport";
import { factoringOperations } from "./factoring";
import { feedbackOperations } from "./feedback";
import { financeReadsOperations } from "./finance-reads";
import { geoOperations } from "./geo";
import { membersOperations } from "./members";
import { healthOperations } from "./health";
import { onboardingOperations } from "./onboarding";
import type { ApiOperation } from "./operation";
import { ordersOperations } from "./orders";
import { partnerLandingOperations } from "./partner-landing";
import { partnerOperations } from "./partners";
import { paymentsOperations } from "./payments";
import { platformsOperations } from "./platforms";
import { privacyOperations } from "./privacy";
import { profileOperations } from "./profile";
import { settingsOperations } from "./settings";
import { x5Operations } from "./x5";

/**
 * Every /api operation, each defined once beside its handler. The router serves this list, and
 * the OpenAPI document, /docs/api and the test suites read it. Within an area, a static path
 * comes before a parameter that could match it (/payments/plans before /payments/:paymentId).
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...healthOperations,
  ...authOperations,
  ...analyticsOperations,
  ...companiesOperations,
  ...banksOperations,
  ...platformsOperations,
  ...ordersOperations,
  ...x5Operations,
  ...edoOperations,
  ...edoAnalyticsOperations,
  ...edoGeoOperations,
  ...edoClientsOperations,
  ...edoTransportOperations,
  ...crmOperations,
  ...geoOperations,
  ...financeReadsOperations,
  ...paymentsOperations,
  ...factoringOperations,
  ...partnerOperations,
  ...partnerLandingOperations,
  ...feedbackOperations,
  ...onboardingOperations,
  ...settingsOperations,
  ...membersOperations,
  ...privacyOperations,
  ...profileOperations,
];
