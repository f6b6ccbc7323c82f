import { useCallback, useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { EdoCredentialsNotice } from "./credentials-notice";

const ONBOARDING_KEY = "edoOnboardingSeen";

/**
 * Whether this browser has seen the EDO onboarding (spec 2 §4, key edoOnboardingSeen): null
 * until read, which happens after hydration, since the server cannot know.
 */
export function useOnboardingSeen(): [seen: boolean | null, markSeen: () => void] {
  const [seen, setSeen] = useState<boolean | null>(null);
  useEffect(() => {
    try {
      setSeen(window.localStorage.getItem(ONBOARDING_KEY) === "true");
    } catch {
      setSeen(false);
    }
  }, []);
  const markSeen = useCallback(() => {
    setSeen(true);
    try {
      window.localStorage.setItem(ONBOARDING_KEY, "true");
    } catch {
      // Not remembered: the onboarding shows again next time, which does no harm.
    }
  }, []);
  return [seen, markSeen];
}

const STEPS = [
  "Получите логин и пароль личного кабинета у своего оператора ЭДО.",
  "Нажмите «Подключить ЭДО» и введите логин и пароль этого кабинета.",
  "Рейс загрузит ваши транспортные документы и дальше будет обновлять их сам.",
];

const BENEFITS = [
  "все ЭТрН и другие документы ЭДО — в одном списке, с поиском и фильтрами;",
  "видно, где груз: статус каждой перевозки по подписанным титулам;",
  "история подписания каждой накладной — без входа в кабинет оператора;",
  "закрывающие документы готовы — быстрее получить оплату за рейс.",
];

/** The first visit without a connection (spec 2 §2.3): what EDO is, how to connect, why. */
export function EdoOnboarding({ onConnect, onSkip }: { onConnect: () => void; onSkip: () => void }) {
  return (
    <section
      aria-labelledby="edo-onboarding-title"
      className="space-y-5 rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="edo-onboarding"
    >
      <div className="space-y-2">
        <h2 id="edo-onboarding-title" className="text-lg font-semibold text-brand-700">
          Что такое ЭДО и ЭТрН
        </h2>
        <p className="text-slate-700">
          Электронный документооборот (ЭДО) — обмен юридически значимыми документами с электронной подписью
          через оператора ЭДО. Электронная транспортная накладная (ЭТрН) заменяет бумажную: грузоотправитель,
          перевозчик и грузополучатель подписывают её титулы на каждом этапе перевозки.
        </p>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">Как подключить</h3>
        <ol className="list-decimal space-y-1 pl-5 text-slate-700">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </div>

      <div className="space-y-2">
        <h3 className="font-semibold">Что это даёт</h3>
        <ul className="list-disc space-y-1 pl-5 text-slate-700">
          {BENEFITS.map((benefit) => (
            <li key={benefit}>{benefit}</li>
          ))}
        </ul>
      </div>

      <EdoCredentialsNotice />

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" onClick={onConnect}>
          Подключить ЭДО
        </Button>
        <Button type="button" variant="secondary" onClick={onSkip}>
          Пропустить
        </Button>
      </div>
    </section>
  );
}
