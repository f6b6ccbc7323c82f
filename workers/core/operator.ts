// Who runs the service: the operator of personal data (152-ФЗ) and its requisites, shown on the
// legal and contact pages and wherever users are told how to reach support. Configuration, not
// code (wrangler.toml [vars]; the defaults there are a demo company's).

export type OperatorDetails = {
  name: string;
  inn: string;
  ogrn: string;
  address: string;
  supportEmail: string;
  supportPhone: string;
};

type OperatorVars = Pick<
  Env,
  "OPERATOR_NAME" | "OPERATOR_INN" | "OPERATOR_OGRN" | "OPERATOR_ADDRESS" | "SUPPORT_EMAIL" | "SUPPORT_PHONE"
>;

export function operatorDetails(env: OperatorVars): OperatorDetails {
  return {
    name: env.OPERATOR_NAME,
    inn: env.OPERATOR_INN,
    ogrn: env.OPERATOR_OGRN,
    address: env.OPERATOR_ADDRESS,
    supportEmail: env.SUPPORT_EMAIL,
    supportPhone: env.SUPPORT_PHONE,
  };
}

/** «+7 800 555-01-23» → «+78005550123», for a tel: link. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
