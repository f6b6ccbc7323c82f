import type { LandingPartner } from "~/lib/landing-query";

/** The partner's offer: shown only for a known partner code (spec 1 §2, §5). */
export function PartnerBanner({ partner }: { partner: Pick<LandingPartner, "name" | "discountPercent"> }) {
  return (
    <div data-testid="partner-banner" role="note" className="bg-emerald-700 px-4 py-3 text-center text-white">
      Вы пришли по приглашению партнёра «{partner.name}»: скидка{" "}
      <strong data-testid="partner-discount">{partner.discountPercent} %</strong> на тариф после пробного
      периода.
    </div>
  );
}
