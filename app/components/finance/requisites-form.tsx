import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { bankRequisitesSchema } from "../../../workers/core/requisites/schemas";
import type { Envelope } from "../../../workers/web/wiring";
import { Button } from "~/components/ui/button";
import { ErrorList, Field } from "~/components/ui/field";
import { SuggestionList, suggestionKeys } from "~/components/ui/suggestion-list";
import { formatDateTime } from "~/lib/format";
import { useSchemaForm } from "~/lib/forms";

/** A bank as GET /api/banks/suggest gives it. */
type Bank = {
  bic: string;
  name: string;
  shortName: string;
  correspondentAccount: string | null;
  city: string | null;
  status: "active" | "liquidating" | "liquidated";
};

export type SavedRequisites = {
  settlementAccount: string;
  bic: string;
  bankName: string;
  correspondentAccount: string;
  updatedAt: number;
};

/** What the page's action answers the requisites form. */
export type RequisitesAnswer = { result: SubmissionResult<string[]>; saved: boolean };

const DEBOUNCE_MS = 250;
const BANK_STATUS = { active: "", liquidating: " · ликвидируется", liquidated: " · ликвидирован" } as const;

/**
 * The БИК look-up: banks whose БИК or name holds what was typed (from 3 characters), chosen with
 * the mouse or the arrow keys and Enter. The directory being down is said, and the fields stay
 * open for typing by hand.
 */
function useBankSuggestions(query: string, enabled: boolean) {
  const [banks, setBanks] = useState<Bank[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const trimmed = query.trim();
    if (!enabled || trimmed.length < 3) {
      setBanks([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/banks/suggest?${new URLSearchParams({ query: trimmed })}`, { signal: controller.signal })
        .then(async (response) => {
          const body = (await response.json().catch(() => null)) as Envelope<Bank[]> | null;
          if (body?.success) {
            setBanks(body.data);
            setProblem(null);
          } else {
            setBanks([]);
            setProblem(body?.error ?? "Справочник банков сейчас недоступен");
          }
        })
        .catch(() => {
          if (!controller.signal.aborted) setProblem("Справочник банков сейчас недоступен");
        });
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [query, enabled]);
  return { banks, problem };
}

export function RequisitesForm({
  saved,
  lastResult,
}: {
  saved: SavedRequisites | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useSchemaForm(bankRequisitesSchema, lastResult);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "requisites";
  const listId = useId();
  // After a refused save the fields hold what was sent; else what is saved.
  const initial = (field: { initialValue?: unknown }, kept: string | undefined) =>
    typeof field.initialValue === "string" ? field.initialValue : (kept ?? "");
  const [bic, setBic] = useState(() => initial(fields.bic, saved?.bic));
  const [bankName, setBankName] = useState(() => initial(fields.bankName, saved?.bankName));
  const [correspondent, setCorrespondent] = useState(() =>
    initial(fields.correspondentAccount, saved?.correspondentAccount),
  );
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const chosen = useRef(false);
  const { banks, problem } = useBankSuggestions(bic, open && !chosen.current);
  const expanded = open && banks.length > 0;

  function choose(bank: Bank) {
    chosen.current = true;
    setBic(bank.bic);
    setBankName(bank.name);
    setCorrespondent(bank.correspondentAccount ?? "");
    setOpen(false);
    setActive(-1);
  }

  /** A field the chosen bank fills in, still open for typing by hand. */
  const filledField = (
    name: "bankName" | "correspondentAccount",
    label: string,
    value: string,
    setValue: (value: string) => void,
  ) => (
    <Field
      label={label}
      errors={fields[name].errors}
      hint="Заполняется по БИК из справочника"
      inputProps={{
        ...getInputProps(fields[name], { type: "text" }),
        defaultValue: undefined,
        value,
        onChange: (event) => setValue(event.target.value),
      }}
    />
  );

  const bicErrorId = fields.bic.errors?.length ? `${fields.bic.id}-error` : undefined;
  return (
    <div className="max-w-2xl space-y-4">
      <div className="text-sm text-slate-600">
        <p>
          Расчётный счёт компании, на который приходят выплаты быстрой оплаты. Банк находится по БИК в
          справочнике Банка России; счета проверяются по контрольному ключу.
        </p>
        {saved ? (
          <p className="mt-1" data-testid="requisites-saved">
            Сохранено {formatDateTime(saved.updatedAt)}.
          </p>
        ) : (
          <p className="mt-1 font-medium text-amber-800" data-testid="requisites-missing">
            Реквизиты не указаны: без них быструю оплату не выплатить.
          </p>
        )}
      </div>
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <input type="hidden" name="intent" value="requisites" />
        <Field
          label="Расчётный счёт"
          errors={fields.settlementAccount.errors}
          inputProps={{
            ...getInputProps(fields.settlementAccount, { type: "text" }),
            defaultValue: initial(fields.settlementAccount, saved?.settlementAccount),
            inputMode: "numeric",
            autoComplete: "off",
            placeholder: "20 цифр",
          }}
        />
        <div className="relative">
          <label htmlFor={fields.bic.id} className="mb-1 block text-sm font-medium text-slate-700">
            БИК
          </label>
          <input
            {...getInputProps(fields.bic, { type: "text" })}
            defaultValue={undefined}
            value={bic}
            inputMode="numeric"
            autoComplete="off"
            placeholder="9 цифр или название банка"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
            aria-invalid={bicErrorId ? true : undefined}
            aria-describedby={bicErrorId}
            onChange={(event) => {
              chosen.current = false;
              setBic(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(event) => {
              if (expanded)
                suggestionKeys(event, {
                  items: banks,
                  active,
                  setActive,
                  choose,
                  close: () => setOpen(false),
                });
            }}
            className={`block w-full rounded-lg border px-3 py-2 text-base shadow-sm outline-none focus:ring-2 focus:ring-brand-500 ${bicErrorId ? "border-red-500" : "border-slate-300"}`}
          />
          {expanded ? (
            <SuggestionList
              id={listId}
              label="Банки из справочника"
              items={banks}
              active={active}
              keyOf={(bank) => bank.bic}
              onChoose={choose}
            >
              {(bank) => (
                <>
                  <span className="block font-medium">{bank.shortName}</span>
                  <span className="block text-xs text-slate-500">
                    БИК {bank.bic}
                    {bank.city ? ` · ${bank.city}` : ""}
                    {BANK_STATUS[bank.status]}
                  </span>
                </>
              )}
            </SuggestionList>
          ) : null}
          {problem && open ? (
            <p role="status" className="mt-1 text-sm text-amber-800">
              {problem}
            </p>
          ) : null}
          <ErrorList id={bicErrorId} errors={fields.bic.errors} />
        </div>
        {filledField("bankName", "Наименование банка", bankName, setBankName)}
        {filledField("correspondentAccount", "Корреспондентский счёт", correspondent, setCorrespondent)}
        <ErrorList id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={submitting}>
          {submitting ? "Сохраняем…" : "Сохранить реквизиты"}
        </Button>
      </Form>
    </div>
  );
}
