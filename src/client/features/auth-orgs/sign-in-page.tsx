// /sign-in and /signin (ROUTE-10/11, decision 004), and /sign-up (issue 17 #18): the public pages.
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import type { AuthMode } from "./credentials";
import { SignInForm } from "./sign-in-form";

export const SIGN_UP_INVITED_ONLY = "Only invited email addresses can create an account on this server.";

export function SignInPage() {
  // /sign-up opens on "Create account"; switching modes keeps the URL in step, with its ?redirect.
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const mode: AuthMode = pathname === "/sign-up" ? "sign-up" : "sign-in";
  const setMode = (next: AuthMode) => navigate(`${next === "sign-up" ? "/sign-up" : "/sign-in"}${search}`);
  const signUp = mode === "sign-up";
  useDocumentTitle(signUp ? "Create account" : "Sign in");

  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <div className="flex items-center gap-2 text-lg font-semibold">
        <img src="/logo.svg" alt="" className="size-8" />
        Switchboard
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{signUp ? "Create your account" : "Sign in to Switchboard"}</CardTitle>
          <CardDescription>
            {signUp
              ? "Build AI agents and chat with them, together with your team."
              : "Welcome back. Sign in with your email and password."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {/* Keyed so switching modes clears the fields and any error. */}
          <SignInForm key={mode} mode={mode} />
          {signUp && !runtimeConfig.signUpOpen && (
            <p className="text-center text-xs text-muted-foreground">{SIGN_UP_INVITED_ONLY}</p>
          )}
          <p className="text-center text-sm text-muted-foreground">
            {signUp ? "Already have an account?" : "Don't have an account?"}{" "}
            <Button variant="link" className="h-auto p-0" onClick={() => setMode(signUp ? "sign-in" : "sign-up")}>
              {signUp ? "Sign in" : "Create account"}
            </Button>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
