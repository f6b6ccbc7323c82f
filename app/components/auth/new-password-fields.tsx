import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { PasswordField } from "~/components/ui/field";

/** A new account's password and its confirmation (registration, an invitation's registration). */
export function NewPasswordFields({
  password,
  confirmPassword,
}: {
  password: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
}) {
  return (
    <>
      <PasswordField
        label="Пароль"
        errors={password.errors}
        hint="Не короче 8 символов, заглавная и строчная буквы и цифра"
        inputProps={{ ...getInputProps(password, { type: "password" }), autoComplete: "new-password" }}
      />
      <PasswordField
        label="Подтверждение пароля"
        errors={confirmPassword.errors}
        inputProps={{
          ...getInputProps(confirmPassword, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
    </>
  );
}
