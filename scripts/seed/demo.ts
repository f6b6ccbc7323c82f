import { eq, inArray } from "drizzle-orm";
import { registerAccount } from "../../workers/core/auth/accounts";
import { partnerLinkSchema } from "../../workers/core/partners/link-schema";
import { createLink } from "../../workers/core/partners/links";
import type { Db } from "../../db/client";
import { appMeta, users } from "../../db/schema";

const SEEDED_KEY = "demo_seeded_at";

/** Demo accounts listed in the README. */
export const DEMO_ACCOUNTS = {
  director: { email: "director@reys.demo", password: "Reys2025demo" },
  admin: { email: "admin@reys.demo", password: "Admin2025demo" },
} as const;

/**
 * Seeds demo data on the first start only: a database that has been seeded once (even if
 * its demo rows were later changed or deleted) is left alone.
 */
export async function seedDemoData(db: Db, now: Date = new Date()): Promise<boolean> {
  const seeded = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  if (seeded.length > 0) return false;
  const at = now.getTime();
  const director = await registerAccount(
    db,
    {
      firstName: "Алексей",
      lastName: "Смирнов",
      email: DEMO_ACCOUNTS.director.email,
      phone: "+79161234567",
      password: DEMO_ACCOUNTS.director.password,
      companyName: "ООО «Рейс Демо Транс»",
      inn: "7704123450",
      kpp: "770401001",
      ogrn: "1027700123450",
      address: "г. Москва, ул. Складочная, д. 1, стр. 5",
    },
    { ip: null, now: at },
  );
  const admin = await registerAccount(
    db,
    {
      firstName: "Мария",
      lastName: "Админова",
      email: DEMO_ACCOUNTS.admin.email,
      phone: "+79031234567",
      password: DEMO_ACCOUNTS.admin.password,
      companyName: "ООО «Рейс»",
      inn: "1655123453",
      kpp: "165501001",
      ogrn: "1161690123451",
      address: "г. Казань, ул. Петербургская, д. 52",
    },
    { ip: null, now: at },
  );
  if (!director.ok || !admin.ok) throw new Error("demo accounts could not be created");
  await db.batch([
    db.update(users).set({ role: "admin" }).where(eq(users.id, admin.user.id)),
    // The demo's addresses are not real mailboxes: they count as confirmed (decision 0073).
    db
      .update(users)
      .set({ emailConfirmedAt: now })
      .where(inArray(users.id, [director.user.id, admin.user.id])),
    db.insert(appMeta).values({ key: SEEDED_KEY, value: now.toISOString() }),
  ]);
  await seedPartnerLinks(
    db,
    {
      companyId: director.user.company.id,
      companyName: director.user.company.name,
      userId: director.user.id,
    },
    at,
  );
  return true;
}

/** Carriers the demo company has invited, so /partners opens on real links (through the real core). */
const DEMO_LEADS = [
  {
    companyName: "ООО «Волга Карго»",
    companyInn: "7707083893",
    companyAddress: "г. Самара, ул. Заводская, д. 12",
    companyPhone: "+78462000000",
    companyEmail: "info@volga-cargo.example",
    contactFirstName: "Игорь",
    contactLastName: "Петров",
    contactPhone: "+79270000001",
    contactEmail: "petrov@volga-cargo.example",
  },
  {
    companyName: "ИП Соколов Андрей Викторович",
    companyInn: "7736207543",
    companyAddress: "г. Тверь, пр-т Ленина, д. 5",
    companyPhone: "",
    companyEmail: "",
    contactFirstName: "Андрей",
    contactLastName: "Соколов",
    contactPhone: "+79050000002",
    contactEmail: "sokolov@example.ru",
  },
];

async function seedPartnerLinks(db: Db, creator: Parameters<typeof createLink>[1], at: number) {
  for (const lead of DEMO_LEADS) {
    await createLink(db, creator, partnerLinkSchema.parse(lead), { source: "web_dashboard", now: at });
  }
}
