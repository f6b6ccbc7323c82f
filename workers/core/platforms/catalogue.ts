import { PLATFORM_IDS, type PlatformId } from "../../../db/vocabulary";

/** A customer platform as the product presents it (spec 1 §3 "Platform"). */
export type Platform = {
  id: PlatformId;
  display_name: string;
  description: string;
  logo_url: string;
  website_url: string;
};

const PLATFORMS: Record<PlatformId, Omit<Platform, "id" | "logo_url">> = {
  x5: {
    display_name: "X5 Group",
    description: "Пятёрочка, Перекрёсток, Чижик: перевозки между распределительными центрами и магазинами",
    website_url: "https://www.x5.ru",
  },
  magnit: {
    display_name: "Магнит",
    description: "Доставка продуктов и товаров повседневного спроса в магазины сети по всей России",
    website_url: "https://www.magnit.ru",
  },
  pepsi: {
    display_name: "PepsiCo",
    description: "Напитки и снеки с заводов PepsiCo на склады дистрибьюторов и торговых сетей",
    website_url: "https://www.pepsico.ru",
  },
  mars: {
    display_name: "Mars",
    description: "Кондитерские изделия и корма для животных с фабрик Mars в России",
    website_url: "https://www.mars.com/ru-ru",
  },
  sber_logistics: {
    display_name: "СберЛогистика",
    description: "Магистральные перевозки между сортировочными центрами и складами маркетплейсов",
    website_url: "https://sberlogistics.ru",
  },
};

/** The platforms a carrier can connect, in the order the catalogue shows them. */
export function listPlatforms(): Platform[] {
  return PLATFORM_IDS.map((id) => ({ id, ...PLATFORMS[id], logo_url: `/platforms/${id}.svg` }));
}

export function platformById(id: string): Platform | undefined {
  return listPlatforms().find((platform) => platform.id === id);
}
