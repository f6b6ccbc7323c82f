// The product's letters, in Russian, each as plain text and HTML (decision 0073). A letter
// carries everything it needs: it travels whole through the queue to the provider.

/** A letter ready to send; `id` is its idempotence key at the provider. */
export type OutgoingLetter = { id: string; to: string; subject: string; text: string; html: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!,
  );

type LinkLetter = {
  to: string;
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  lead: string[];
  action: string;
  url: string;
  /** Paragraphs after the link. */
  tail: string[];
};

function linkLetter(letter: LinkLetter): OutgoingLetter {
  const text = [
    letter.greeting,
    "",
    ...letter.lead.flatMap((p) => [p, ""]),
    `${letter.action}: ${letter.url}`,
    "",
    ...letter.tail.flatMap((p) => [p, ""]),
    "— Команда Рейса",
  ].join("\n");
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${escapeHtml(letter.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,sans-serif;color:#1f2937;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#1d4ed8">Рейс</p>
${paragraph(letter.greeting)}
${letter.lead.map(paragraph).join("\n")}
<p style="margin:24px 0"><a href="${escapeHtml(letter.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px">${escapeHtml(letter.action)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#6b7280">Если кнопка не открывается, скопируйте ссылку в браузер: <a href="${escapeHtml(letter.url)}">${escapeHtml(letter.url)}</a></p>
${letter.tail.map(paragraph).join("\n")}
<p style="margin:24px 0 0">— Команда Рейса</p>
</div></body></html>`;
  return { id: crypto.randomUUID(), to: letter.to, subject: letter.subject, text, html };
}

const greetingOf = (firstName: string) => `Здравствуйте, ${firstName}!`;

export function confirmationLetter(to: string, firstName: string, url: string): OutgoingLetter {
  return linkLetter({
    to,
    subject: "Подтвердите адрес электронной почты — Рейс",
    greeting: greetingOf(firstName),
    lead: [
      "Вы зарегистрировались в Рейсе. Подтвердите, что этот адрес ваш: без подтверждения нельзя получать выплаты и приглашать коллег.",
    ],
    action: "Подтвердить адрес",
    url,
    tail: ["Ссылка действует 7 дней. Если вы не регистрировались в Рейсе, просто удалите это письмо."],
  });
}

export function passwordResetLetter(to: string, firstName: string, url: string): OutgoingLetter {
  return linkLetter({
    to,
    subject: "Восстановление пароля — Рейс",
    greeting: greetingOf(firstName),
    lead: ["Кто-то, возможно вы, попросил сменить пароль от вашего кабинета в Рейсе."],
    action: "Задать новый пароль",
    url,
    tail: [
      "Ссылка действует 30 минут и срабатывает один раз. После смены пароля все остальные входы в кабинет завершатся.",
      "Если вы не просили сменить пароль, ничего не делайте: пароль останется прежним.",
    ],
  });
}

export function invitationLetter(
  to: string,
  invite: { inviterName: string; companyName: string; roleLabel: string; url: string },
): OutgoingLetter {
  return linkLetter({
    to,
    subject: `Приглашение в кабинет «${invite.companyName}» — Рейс`,
    greeting: "Здравствуйте!",
    lead: [
      `${invite.inviterName} приглашает вас в кабинет компании «${invite.companyName}» в Рейсе. Ваша роль: ${invite.roleLabel.toLowerCase()}.`,
      "Чтобы присоединиться, укажите имя и придумайте пароль — регистрировать компанию заново не нужно.",
    ],
    action: "Принять приглашение",
    url: invite.url,
    tail: [
      "Ссылка действует 7 дней и срабатывает один раз. Если вы не ждали приглашения, просто удалите это письмо.",
    ],
  });
}
