// /sign-in and /signin (ROUTE-10/11, decision 004), and /sign-up (issue 17 #18): the public pages.
import { useLocation, useNavigate } from "react-router";
import { Button } from "@/client/components/ui/button";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { AuthPageFrame } from "./auth-page-frame";
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
    <AuthPageFrame
      title={signUp ? "Create your account" : "Sign in to Switchboard"}
      description={
        signUp
          ? "Build AI agents and chat with them, together with your team."
          : "Welcome back. Sign in with your email and password."
      }
    >
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
    </AuthPageFrame>
  );
}
