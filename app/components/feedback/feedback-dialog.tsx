import { useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  FEEDBACK_MESSAGES,
  MAX_MESSAGE_LENGTH,
  MESSAGE_WARNING_ABOVE,
} from "../../../workers/core/feedback/rules";
import { Button } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { track } from "~/lib/analytics";
import { sendFeedback, type FeedbackMetadata } from "~/lib/feedback-send";
import { plural } from "~/lib/format";
import { screenNameOf } from "~/lib/screens";

/** The dialog closes itself this long after a message is sent (spec 1 §9). */
export const SUCCESS_CLOSE_MS = 2000;

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "success" } | { kind: "error"; text: string };

export type FeedbackAuthor = { firstName: string; lastName: string; email: string };

const event = (action: string, screen: string, metadata?: Record<string, unknown>) =>
  track({
    eventType: "feedback",
    eventCategory: "feedback",
    eventAction: action,
    eventLabel: screen,
    metadata,
  });

/** What the browser tells about where the message was written (spec 1 §3 "Sent metadata"). */
function metadataNow(): FeedbackMetadata {
  return {
    url: window.location.href.slice(0, 2000),
    userAgent: navigator.userAgent.slice(0, 500),
    timestamp: new Date().toISOString(),
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}

/**
 * The feedback dialog (spec 1 §2, §4, §5; spec 3 §2): the screen and who writes, the message with
 * its counter, send and cancel; idle, sending, success (closes after 2 s) and error.
 */
export function FeedbackDialog({ author, onClose }: { author: FeedbackAuthor; onClose: () => void }) {
  const { pathname } = useLocation();
  const screen = screenNameOf(pathname);
  const [message, setMessage] = useState("");
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const messageId = useId();
  const counterId = useId();
  // The layout re-renders the button (and so a new onClose) on navigation: the timer keeps running.
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (status.kind !== "success") return;
    const timer = setTimeout(() => close.current(), SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status.kind]);

  const blank = message.trim() === "";
  const sending = status.kind === "sending";
  const remaining = MAX_MESSAGE_LENGTH - message.length;

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (blank || sending) return;
    setStatus({ kind: "sending" });
    const outcome = await sendFeedback({ message, screen, metadata: metadataNow() });
    if (outcome.ok) {
      setStatus({ kind: "success" });
      event("sent", screen, { length: message.trim().length });
    } else {
      setStatus({ kind: "error", text: outcome.error });
      event("send_failed", screen, { error: outcome.error });
    }
  }

  function cancel() {
    if (status.kind !== "success") event("cancelled", screen);
    onClose();
  }

  return (
    <Modal
      title="Обратная связь"
      description={
        <dl className="grid grid-cols-[auto_1fr] gap-x-2" data-testid="feedback-context">
          <dt>Экран:</dt>
          <dd className="font-medium text-slate-800">{screen}</dd>
          <dt>От:</dt>
          <dd className="text-slate-800">
            {author.firstName} {author.lastName} · {author.email}
          </dd>
        </dl>
      }
      onClose={cancel}
    >
      {status.kind === "success" ? (
        <p role="status" className="mt-5 rounded-lg bg-green-50 p-4 text-green-800 ring-1 ring-green-200">
          {FEEDBACK_MESSAGES.sent}
        </p>
      ) : (
        <form className="mt-5 space-y-3" onSubmit={submit} noValidate>
          <label htmlFor={messageId} className="block text-sm font-medium text-slate-700">
            Сообщение
          </label>
          <textarea
            id={messageId}
            name="message"
            data-autofocus
            rows={6}
            maxLength={MAX_MESSAGE_LENGTH}
            value={message}
            onChange={(change) => {
              setMessage(change.target.value);
              if (status.kind === "error") setStatus({ kind: "idle" });
            }}
            aria-describedby={counterId}
            readOnly={sending}
            placeholder="Что мешает в работе, чего не хватает, что понравилось?"
            className="block w-full rounded-lg border-0 px-3 py-2 text-slate-900 ring-1 ring-slate-300 focus:ring-2 focus:ring-brand-600"
          />
          <p
            id={counterId}
            className={`text-right text-xs ${message.length > MESSAGE_WARNING_ABOVE ? "font-medium text-amber-700" : "text-slate-500"}`}
            data-testid="feedback-counter"
          >
            {message.length} / {MAX_MESSAGE_LENGTH}
            {message.length > MESSAGE_WARNING_ABOVE
              ? ` · ${plural(remaining, ["остался", "осталось", "осталось"])} ${remaining} ${plural(remaining, ["символ", "символа", "символов"])}`
              : ""}
          </p>
          {status.kind === "error" ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200">
              {status.text}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={cancel}>
              Отмена
            </Button>
            <Button type="submit" disabled={blank || sending}>
              {sending ? "Отправляем…" : "Отправить"}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The floating button of every signed-in screen (spec 1 §2), bottom right, opening the dialog. */
export function FeedbackButton({ author }: { author: FeedbackAuthor }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setOpen(true);
          event("opened", screenNameOf(pathname));
        }}
        aria-haspopup="dialog"
        data-tour="feedback"
        className="fixed bottom-4 right-4 z-30 inline-flex items-center gap-2 rounded-full bg-brand-600 px-4 py-3 text-sm font-medium text-white shadow-lg hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 20 20" className="size-5" fill="currentColor" aria-hidden>
          <path d="M2 5a2 2 0 012-2h12a2 2 0 012 2v7a2 2 0 01-2 2H8l-4 3v-3a2 2 0 01-2-2V5z" />
        </svg>
        <span className="max-sm:sr-only">Обратная связь</span>
      </button>
      {open ? <FeedbackDialog author={author} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
