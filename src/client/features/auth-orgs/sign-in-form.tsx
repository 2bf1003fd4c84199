// Email + password sign-in, and account creation (decision 004). Better Auth's error text is shown
// as it is. The public-only gate moves on to the app once the new session is visible.
import { useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { analytics } from "@/client/lib/analytics";
import { authClient } from "@/client/lib/auth-client";
import { clearSignedOut } from "@/client/lib/sign-out";
import { MIN_PASSWORD_LENGTH, PASSWORD_HINT } from "@/shared/auth/password-rules";
import { validateCredentials, type AuthMode } from "./credentials";

export function SignInForm({ mode }: { mode: AuthMode }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const signUp = mode === "sign-up";

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      name: String(form.get("name") ?? ""),
      email: String(form.get("email") ?? ""),
      password: String(form.get("password") ?? ""),
    };
    const invalid = validateCredentials(mode, input);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    const result = signUp
      ? await authClient.signUp.email({ name: input.name.trim(), email: input.email.trim(), password: input.password })
      : await authClient.signIn.email({ email: input.email.trim(), password: input.password });
    if (result.error || !result.data) {
      setError(result.error?.message || (signUp ? "Could not create your account." : "Could not sign you in."));
      setBusy(false);
      return;
    }
    clearSignedOut();
    // ANALYTICS-01/02
    analytics.identify(result.data.user);
    analytics.signedIn(signUp ? "sign_up" : "sign_in");
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      {signUp && (
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Name</Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" required placeholder="Ada Lovelace" autoFocus />
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          autoFocus={!signUp}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor={`${id}-password`}>Password</Label>
          {!signUp && (
            <Link to="/forgot-password" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
              Forgot password?
            </Link>
          )}
        </div>
        <Input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          required
          minLength={signUp ? MIN_PASSWORD_LENGTH : undefined}
          aria-describedby={signUp ? `${id}-password-hint` : undefined}
        />
        {signUp && (
          <p id={`${id}-password-hint`} className="text-xs text-muted-foreground">
            {PASSWORD_HINT}
          </p>
        )}
      </div>
      {error && (
        <p
          role="alert"
          className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
        >
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy && <Spinner label={signUp ? "Creating account" : "Signing in"} />}
        {signUp ? "Create account" : "Sign in"}
      </Button>
    </form>
  );
}
