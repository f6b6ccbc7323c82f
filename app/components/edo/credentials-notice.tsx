/** Whose login and password the EDO form wants: a frequent mix-up with the Рейс sign-in. */
export function EdoCredentialsNotice() {
  return (
    <p role="note" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      Введите логин и пароль личного кабинета вашего оператора ЭДО — не те, с которыми вы входите в Рейс.
    </p>
  );
}
