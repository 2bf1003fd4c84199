// /reset-password?token=… (issue 17 #5, decision 081): the page the emailed link opens. The token is
// single-use and expires after an hour; the server applies the password rules and ends every session.
import { useId, useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import {
  checkNewPassword,
  NewPasswordFields,
  type NewPasswordErrors,
} from "@/client/components/account/new-password-fields";
import { FormError } from "@/client/components/form-error";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { authClient } from "@/client/lib/auth-client";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { AuthPageFrame } from "./auth-page-frame";
import { BackToSignIn } from "./forgot-password-page";

export const RESET_LINK_INVALID = "This reset link is not valid any more: it was already used or has expired.";
export const PASSWORD_RESET_DONE = "Your password has been changed. Sign in with your new password.";

export function ResetPasswordPage() {
  useDocumentTitle("Choose a new password");
  const [params] = useSearchParams();
  const token = params.get("token");
  const [done, setDone] = useState(false);

  return (
    <AuthPageFrame title="Choose a new password" description="Your new password replaces the old one everywhere.">
      {done ? (
        <>
          <p role="status" className="text-sm">
            {PASSWORD_RESET_DONE}
          </p>
          <Button asChild className="w-full">
            <Link to="/sign-in">Sign in</Link>
          </Button>
        </>
      ) : token ? (
        <ResetPasswordForm token={token} onDone={() => setDone(true)} />
      ) : (
        <InvalidLink />
      )}
      {!done && <BackToSignIn />}
    </AuthPageFrame>
  );
}

function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const id = useId();
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [invalidLink, setInvalidLink] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = String(form.get("newPassword") ?? "");
    const problems = checkNewPassword(newPassword, String(form.get("confirmPassword") ?? ""));
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    const result = await authClient.resetPassword({ newPassword, token });
    setBusy(false);
    if (!result.error) return onDone();
    if (result.error.code === "INVALID_TOKEN") setInvalidLink(true);
    else setError(result.error.message || "Could not change your password. Please try again.");
  }

  if (invalidLink) return <InvalidLink />;
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
      <NewPasswordFields idPrefix={id} errors={errors} />
      <FormError>{error}</FormError>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner label="Saving" />}
        Change password
      </Button>
    </form>
  );
}

function InvalidLink() {
  return (
    <>
      <p role="alert" className="text-sm text-destructive">
        {RESET_LINK_INVALID}
      </p>
      <Button asChild variant="outline" className="w-full">
        <Link to="/forgot-password">Ask for a new link</Link>
      </Button>
    </>
  );
}
