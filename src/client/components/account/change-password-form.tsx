// The profile dialog's password change: the current password, then the new one twice. The server
// checks the rules and ends the account's other sessions (decision 081); this one stays signed in.
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { FormError } from "@/client/components/form-error";
import { FormField, fieldA11y } from "@/client/components/form-field";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { authClient } from "@/client/lib/auth-client";
import { checkNewPassword, NewPasswordFields, type NewPasswordErrors } from "./new-password-fields";

export const CURRENT_PASSWORD_WRONG = "The current password is not correct.";
export const PASSWORD_CHANGED = "Password changed. Your other sessions were signed out.";

export function ChangePasswordForm() {
  const id = useId();
  const [errors, setErrors] = useState<NewPasswordErrors & { currentPassword?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const currentPassword = String(form.get("currentPassword") ?? "");
    const newPassword = String(form.get("newPassword") ?? "");
    const problems = {
      ...(currentPassword ? {} : { currentPassword: "Enter your current password." }),
      ...checkNewPassword(newPassword, String(form.get("confirmPassword") ?? "")),
    };
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const result = await authClient.changePassword({ currentPassword, newPassword });
    setBusy(false);
    if (result.error) {
      if (result.error.code === "INVALID_PASSWORD") setErrors({ currentPassword: CURRENT_PASSWORD_WRONG });
      else setError(result.error.message || "Could not change your password. Please try again.");
      return;
    }
    formElement.reset();
    toast.success(PASSWORD_CHANGED);
  }

  const currentId = `${id}-current-password`;
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-3" noValidate>
      <FormField id={currentId} label="Current password" error={errors.currentPassword}>
        <Input
          {...fieldA11y(currentId, { error: errors.currentPassword })}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
      </FormField>
      <NewPasswordFields idPrefix={id} errors={errors} />
      <FormError>{error}</FormError>
      <Button type="submit" variant="outline" className="justify-self-end" disabled={busy}>
        {busy && <Spinner />}
        Change password
      </Button>
    </form>
  );
}
