import type { PartnerLandingData } from "../../../workers/core/partners/landing";

const dates = new Intl.DateTimeFormat("ru-RU", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Moscow",
});
const rubles = new Intl.NumberFormat("ru-RU", {
  style: "currency",
  currency: "RUB",
  maximumFractionDigits: 2,
});

/** Dates come as Date from the loader and as ISO strings from the API. */
type Discount = Omit<NonNullable<PartnerLandingData["discount"]>, "validUntil"> & {
  validUntil: Date | string | null;
};

/** The partner's offer (spec 1 §2): who invites, and the discount with its value, type and term. */
export function PartnerOffer({
  partner,
  discount,
}: {
  partner: NonNullable<PartnerLandingData["partner"]>;
  discount: Discount | null;
}) {
  return (
    <section
      aria-labelledby="partner-offer-title"
      data-testid="partner-offer"
      className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
    >
      <div className="flex items-center gap-4">
        {partner.logo ? (
          <img
            src={partner.logo}
            alt={`Логотип: ${partner.name}`}
            width={56}
            height={56}
            className="size-14"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-14 items-center justify-center rounded-xl bg-brand-100 text-2xl font-bold text-brand-700"
          >
            {partner.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className="text-sm text-slate-500">Приглашение от партнёра</p>
          <h2 id="partner-offer-title" className="text-xl font-semibold">
            {partner.name}
          </h2>
          {partner.code ? <p className="text-xs text-slate-500">Код партнёра: {partner.code}</p> : null}
        </div>
      </div>
      <p className="mt-4 text-slate-700">{partner.description}</p>
      {discount ? (
        <div className="mt-4 rounded-xl bg-brand-50 p-4" data-testid="partner-discount">
          <p className="text-3xl font-bold text-brand-700">
            −
            {discount.discountType === "percentage"
              ? `${discount.discountValue}%`
              : rubles.format(discount.discountValue)}
          </p>
          <p className="mt-1 text-slate-700">{discount.description}</p>
          {discount.validUntil ? (
            <p className="mt-1 text-sm text-slate-500">
              Действует до {dates.format(new Date(discount.validUntil))}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
