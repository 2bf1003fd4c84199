// /forgot-password (issue 17 #5, decision 081): asks for the address and answers the same whether or
// not it has an account. Without SMTP the server cannot send the link, and the page says so.
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { FormError } from "@/client/components/form-error";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { authClient } from "@/client/lib/auth-client";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { AuthPageFrame } from "./auth-page-frame";

export const RESET_NEEDS_ADMIN =
  "This server is not set up to send email, so a password cannot be reset by email. Ask an administrator of your Switchboard server to help you.";
export const resetLinkSent = (email: string) =>
  `If ${email} belongs to an account, we have sent it a link to choose a new password. The link works for 1 hour.`;

export function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  return (
    <AuthPageFrame
      title="Forgot your password?"
      description={
        runtimeConfig.passwordResetEmail
          ? "Enter the email address of your account and we will email you a link to choose a new password."
          : "Passwords are reset by an administrator on this server."
      }
    >
      {runtimeConfig.passwordResetEmail ? (
        <ForgotPasswordForm />
      ) : (
        <p className="text-sm text-muted-foreground">{RESET_NEEDS_ADMIN}</p>
      )}
      <BackToSignIn />
    </AuthPageFrame>
  );
}

function ForgotPasswordForm() {
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
      setError("Enter a valid email address.");
      return;
    }
    setBusy(true);
    setError(null);
    const result = await authClient.requestPasswordReset({ email });
    setBusy(false);
    if (result.error) setError(result.error.message || "Could not send the email. Please try again.");
    else setSentTo(email);
  }

  if (sentTo)
    return (
      <p role="status" className="text-sm">
        {resetLinkSent(sentTo)}
      </p>
    );
  return (
    <form onSubmit={(e) => void onSubmit(e)} className="grid gap-4" noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          autoFocus
        />
      </div>
      <FormError>{error}</FormError>
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner label="Sending" />}
        Send reset link
      </Button>
    </form>
  );
}

export function BackToSignIn() {
  return (
    <p className="text-center text-sm">
      <Link to="/sign-in" className="text-muted-foreground underline-offset-4 hover:underline">
        Back to sign in
      </Link>
    </p>
  );
}
