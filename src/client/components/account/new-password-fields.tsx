// "New password" and "Confirm new password", with the password rule as a hint: the reset page and the
// profile dialog. The server checks the same rule and the common-password list (decision 025).
import { FormField, fieldA11y } from "@/client/components/form-field";
import { Input } from "@/client/components/ui/input";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT, passwordLengthProblem } from "@/shared/auth/password-rules";

export const PASSWORDS_DIFFER = "The two passwords do not match.";

export interface NewPasswordErrors {
  newPassword?: string;
  confirmPassword?: string;
}

/** The client's checks of a new password and its confirmation; empty when both pass. */
export function checkNewPassword(newPassword: string, confirmPassword: string): NewPasswordErrors {
  const tooShort = passwordLengthProblem(newPassword);
  if (tooShort) return { newPassword: tooShort };
  return newPassword === confirmPassword ? {} : { confirmPassword: PASSWORDS_DIFFER };
}

export function NewPasswordFields({ idPrefix, errors }: { idPrefix: string; errors: NewPasswordErrors }) {
  const newId = `${idPrefix}-new-password`;
  const confirmId = `${idPrefix}-confirm-password`;
  return (
    <>
      <FormField id={newId} label="New password" hint={PASSWORD_HINT} error={errors.newPassword}>
        <Input
          {...fieldA11y(newId, { hint: true, error: errors.newPassword })}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
        />
      </FormField>
      <FormField id={confirmId} label="Confirm new password" error={errors.confirmPassword}>
        <Input
          {...fieldA11y(confirmId, { error: errors.confirmPassword })}
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
        />
      </FormField>
    </>
  );
}
