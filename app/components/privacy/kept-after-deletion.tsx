import { Link } from "@remix-run/react";
import { CLOSED_COMPANY_RETENTION_DAYS } from "../../../workers/core/privacy/erasure";

/** What an account's deletion leaves and for how long (decision 0079), worded once for every page. */
export function KeptAfterDeletion() {
  return (
    <>
      <p>
        Платежи за тариф и документы быстрой оплаты хранятся у компании 5 лет, как требует закон о
        бухгалтерском учёте, — без вашего имени. Если вы последний сотрудник компании, через{" "}
        {CLOSED_COMPANY_RETENTION_DAYS} дней удалятся и её данные: реквизиты, доступы к платформам, X5 и ЭДО,
        контакты из партнёрских ссылок, копии документов ЭДО.
      </p>
      <p>
        Подробнее — в{" "}
        <Link to="/privacy" reloadDocument className="text-brand-700 underline">
          политике обработки персональных данных
        </Link>
        .
      </p>
    </>
  );
}
